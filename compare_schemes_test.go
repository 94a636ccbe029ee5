package locator

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/allocs"
	"github.com/locator-url/locator/pct"
)

// fragmentByDrafts names the RFC 3986 examples (rfc/rfc3986-other-examples.json) where
// Equivalent follows the URI draft and the 1993 URL draft rather than RFC 3986 §6.2.3: "If
// the fragment-id is void, the hash sign may be omitted: A void fragment-id with or without
// the hash sign means that the URL refers to the whole object" (both drafts, "Fragment-id"),
// where RFC 3986 §6.2.3 says "two URIs that differ only by the suffix "#" are considered
// different regardless of the scheme". Normalize with NormalizeSafe keeps RFC 3986's rule.
var fragmentByDrafts = map[string]string{
	"rfc3986-6.2.3-04": "the URI draft and the 1993 URL draft, Fragment-id",
}

// TestEquivalentSchemeReservedSets holds the regression rows of issue 9, items 4 and 5: each
// scheme's reserved set comes from its section of RFC 1738 (or the 1994 URL draft), and an
// empty fragment is no fragment. Both sides of every boundary: what must stay apart too.
func TestEquivalentSchemeReservedSets(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
		src  string
	}{
		// Item 4: gopher and mailto reserve nothing; "$" is not reserved.
		{"gopher://h/1a%3Bb", "gopher://h/1a;b", true, `RFC 1738 §3.4.1: "Within the <gopher-path>, no characters are reserved"`},
		{"gopher://h/1a%3db%26c%24%2B%2c", "gopher://h/1a=b&c$+,", true, "RFC 1738 §3.4.1"},
		{"gopher://h/1a%3bb", "gopher://h/1a%3Bb", true, "RFC 1738 §2.2: \"abcdef\" may also be used"},
		{"gopher://h/1a%09b", "gopher://h/1a%09%62", true, "RFC 1738 §3.4.1: %09 separates the search; the rest decodes"},
		{"gopher://h/1a%09b", "gopher://h/1ab", false, "RFC 1738 §3.4.1: %09 is structural, never dropped"},
		{"gopher://h/1a%2Fb", "gopher://h/1a/b", false, "generic delimiter: never decoded (RFC 3986 §2.2)"},
		{"gopher://h/1a%3Fb", "gopher://h/1a?b", false, "generic delimiter: never decoded (RFC 3986 §2.2)"},
		{"gopher://h/1a%2Eb", "gopher://h/1a.b", true, "RFC 3986 §2.3 unreserved"},
		{"mailto:a%3Bb@c", "mailto:a;b@c", true, `RFC 1738 §3.5: "Within mailto URLs, there are no reserved characters"`},
		{"mailto:a%2Bb@c", "mailto:a+b@c", true, "RFC 1738 §3.5"},
		{"mailto:a%40b@c", "mailto:a@b@c", false, "generic delimiter: never decoded (RFC 3986 §2.2)"},
		{"mailto:a%2525b@c", "mailto:a%25b@c", false, `RFC 1738 §3.5: "%" "must be encoded"`},
		{"http://h/%24", "http://h/$", true, `RFC 1738 §2.2: "$" is not reserved; §3.3 reserves ";", "/", "?"`},
		{"http://h/a%21%2A%27%28%29%2C", "http://h/a!*'(),", true, "RFC 1738 §2.2 extra, not reserved in http (§3.3)"},
		{"http://h/a?b%3Dc%26d", "http://h/a?b=c&d", false, `RFC 1738 §2.2 "=" and "&" may be reserved; form data separates with them (locator keeps them)`},
		{"http://h/a?b%24c", "http://h/a?b$c", true, `"$" is reserved by neither RFC 1738 §2.2 nor §3.3`},
		{"http://h/a%3Bb", "http://h/a;b", false, `RFC 1738 §3.3: "/", ";", "?" are reserved`},
		{"http://h/a%2Fb", "http://h/a/b", false, "RFC 1738 §3.3 reserves /"},
		{"http://h/a%3Fb", "http://h/a?b", false, "RFC 1738 §3.3 reserves ?"},
		{"http://h/a?b%3Bc", "http://h/a?b;c", false, "RFC 1738 §3.3: reserved in the searchpart too"},
		{"http://h/a?b%2Bc", "http://h/a?b+c", false, `the URI draft, "Query strings": a real "+" must be encoded`},
		{"http://www.w3.org/albert/bertram%2Fmarie-claude", "http://www.w3.org/albert/bertram/marie-claude", false, "the URI draft, Example 2"},
		{"http://www.w3.org/albert/bertram/marie%2Dclaude", "http://www.w3.org/albert/bertram/marie-claude", true, "the URI draft, Example 1"},
		{"https://h/%24", "https://h/$", false, "https: RFC 3986 §2.2 sub-delims are reserved"},
		{"https://h/%7E", "https://h/~", true, "RFC 3986 §6.2.2.2"},
		{"example://h/%24", "example://h/$", false, "unknown scheme: RFC 3986 §2.2"},
		{"x-demo:%24", "x-demo:$", false, "x- scheme: RFC 3986 §2.2"},
		{"nfs://h/%24", "nfs://h/$", false, "RFC 1738 §4 reserved name: RFC 3986 §2.2"},
		{"/a%24", "/a$", false, "relative reference: RFC 3986 §2.2"},
		{"ftp://h/a%3Bb", "ftp://h/a;b", false, `RFC 1738 §3.2.2: "/" and ";" are reserved`},
		{"ftp://h/a%3Btype=i", "ftp://h/a;type=i", false, "RFC 1738 §3.2.2 typecode"},
		{"ftp://h/a%24%3D", "ftp://h/a$=", true, "RFC 1738 §3.2.2 reserves only / and ;"},
		{"ftp://u%24v@h/", "ftp://u$v@h/", true, "RFC 1738 §3.1: : @ / in the login, §3.2.2 / ;"},
		{"ftp://u%3Av@h/", "ftp://u:v@h/", false, "RFC 1738 §3.1: : is reserved in the login"},
		{"news:a%2Bb", "news:a+b", true, `RFC 1738 §3.6: "No additional characters are reserved"`},
		{"news:a%40b", "news:a@b", false, "RFC 1738 §3.6: @ tells a message-id"},
		{"nntp://h/a%2Bb/1", "nntp://h/a+b/1", true, "RFC 1738 §3.7"},
		{"telnet://u%3Bv@h/", "telnet://u;v@h/", true, "RFC 1738 §3.8, §3.1"},
		{"wais://h/db?a%3Bb", "wais://h/db?a;b", true, "RFC 1738 §3.9"},
		{"file://h/a%3Bb", "file://h/a;b", true, "RFC 1738 §3.10"},
		{"prospero://h/a%24b", "prospero://h/a$b", true, "RFC 1738 §3.11"},
		{"prospero://h/a%3Bb", "prospero://h/a;b", false, `RFC 1738 §3.11: ";" is reserved`},
		{"prospero://h/a;f%3Dv", "prospero://h/a;f=v", false, `RFC 1738 §3.11: "=" separates field and value`},
		{"mid:a%24b@c", "mid:a$b@c", true, "the 1994 URL draft, midaddress = mid: addr-spec"},
		{"cid:a%3Bb@c", "cid:a;b@c", true, "the 1994 URL draft, cidaddress"},
		{"cid:a%40b", "cid:a@b", false, "RFC 822 §6.1 addr-spec @"},
		{"afs://c/a%3Bb", "afs://c/a;b", true, "the 1994 URL draft, afsaddress"},
		{"afs://c/a%2Fb", "afs://c/a/b", false, "the 1994 URL draft: / is reserved"},
		// The fragment decodes RFC 3986 unreserved only, in every scheme.
		{"gopher://h/1a#x%3By", "gopher://h/1a#x;y", false, "the URI draft, Fragment-id: the object type's syntax"},
		{"gopher://h/1a#x%7Ey", "gopher://h/1a#x~y", true, "RFC 3986 §6.2.2.2"},
		// Item 5: an empty fragment is the whole object.
		{"http://h/a#", "http://h/a", true, "the URI draft and the 1993 URL draft, Fragment-id"},
		{"gopher://h/1a#", "gopher://h/1a", true, "the URI draft and the 1993 URL draft, Fragment-id"},
		{"#", "", true, "the URI draft, Fragment-id"},
		{"http://h/a#b", "http://h/a", false, "a fragment that is not void"},
		{"http://h/a?", "http://h/a", false, "RFC 3986 §6.2.3: an empty query is kept"},
		{"http://h/a?#", "http://h/a?", true, "the URI draft, Fragment-id"},
		// Case of the scheme (RFC 1738 §2.1) selects the same set.
		{"GOPHER://h/1a%3Bb", "gopher://h/1a;b", true, "RFC 1738 §2.1"},
		{"HTTP://h/a%3Bb", "http://h/a;b", false, "RFC 1738 §2.1, §3.3"},
	} {
		a, b := MustParse(tt.a), MustParse(tt.b)
		if got := Equivalent(a, b); got != tt.want {
			t.Errorf("Equivalent(%q, %q) = %v, want %v [%s]", tt.a, tt.b, got, tt.want, tt.src)
		}
		if got := Equivalent(b, a); got != tt.want {
			t.Errorf("Equivalent(%q, %q) = %v, want %v (symmetry) [%s]", tt.b, tt.a, got, tt.want, tt.src)
		}
		for _, u := range []URL{a, b} {
			c := Canonical(u)
			if Canonical(c) != c {
				t.Errorf("Canonical not idempotent on %q: %q, then %q", u, c, Canonical(c))
			}
			if err := c.check(); err != nil {
				t.Errorf("Canonical(%q): invariant: %v", u, err)
			}
		}
	}
}

// TestSchemeReservedSets checks each scheme's reserved set against its section (the
// comments of schemes.go quote them): never empty (empty means the default), only RFC 1738
// §2.2's reservable characters or an octet that no comparison decodes.
func TestSchemeReservedSets(t *testing.T) {
	want := map[string]string{
		"ftp":      "/;:@",   // RFC 1738 §3.2.2, §3.1
		"http":     "/;?+&=", // RFC 1738 §3.3 and §2.2 (form data); the URI draft, Query strings
		"gopher":   "\t",     // RFC 1738 §3.4.1
		"mailto":   "%",      // RFC 1738 §3.5
		"news":     "@",      // RFC 1738 §3.6
		"nntp":     "/",      // RFC 1738 §3.7
		"telnet":   ":@/",    // RFC 1738 §3.8, §3.1
		"wais":     "/?",     // RFC 1738 §3.9
		"file":     "/",      // RFC 1738 §3.10
		"prospero": ";=",     // RFC 1738 §3.11
		"mid":      "@",      // the 1994 URL draft, midaddress
		"cid":      "@",      // the 1994 URL draft, cidaddress
		"afs":      "/",      // the 1994 URL draft, afsaddress
		"rlogin":   ":@/",    // telnet's (RFC 1738 §3.1): the drafts, Telnet, rlogin, tn3270
		"tn3270":   ":@/",    // telnet's (RFC 1738 §3.1): the drafts, Telnet, rlogin, tn3270
	}
	reservable := pct.RFC1738Reserved.With("+%\t") // RFC 1738 §2.2; "+" the URI draft
	for _, s := range Schemes() {
		w, ok := want[s.Name]
		if !ok {
			if s.Reserved != reservedDefault {
				t.Errorf("%s: Reserved = %v, want the default (RFC 3986 §2.2)", s.Name, s.Reserved)
			}
			continue
		}
		if s.Reserved != pct.Of(w) {
			t.Errorf("%s: Reserved = %v, want %q", s.Name, s.Reserved, w)
		}
		if s.Reserved.IsEmpty() || !s.Reserved.Minus(reservable).IsEmpty() {
			t.Errorf("%s: Reserved = %v: empty, or holds what RFC 1738 §2.2 does not let a scheme reserve", s.Name, s.Reserved)
		}
	}
	if len(want) != 15 {
		t.Fatalf("%d schemes with a set of their own", len(want))
	}
}

// FuzzEquivalentEncoding checks that Equivalent stays an equivalence relation on pairs and
// triples built by encoding and decoding characters of a URL: reflexive, symmetric,
// transitive, with Canonical idempotent; and that encoding a character the scheme lets be
// decoded never makes two URLs differ.
func FuzzEquivalentEncoding(f *testing.F) {
	for _, s := range []string{
		"gopher://h/1a;b$c", "mailto:a;b@c.d", "http://h/a;b$c?d=e&f+g#h", "https://h/a$b",
		"ftp://u:p@h/a;type=i", "news:a.b", "nntp://h/g/1", "telnet://u@h/", "wais://h/db?x",
		"file:///a/b", "prospero://h/a;f=v", "mid:a@b", "cid:a@b", "afs://c/a", "x-y:a$b",
		"example://h/a!b", "a/b;c", "http://h/a#", "HTTP://H:80/%7e",
		// The scheme-level equivalences (compare_schemelevel.go).
		"file://localhost/etc/motd", "file:///x", "gopher://h", "gopher://h/1#f", "ftp://h/a;type=I",
		"ftp://h/a/;type=D", "ftp://h/a/", "ftp://h/a;type=aN", "file://LocalHost:/x",
	} {
		f.Add(s, uint64(1))
	}
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		if len(s) > 256 {
			return
		}
		u, err := Parse(s)
		if err != nil {
			return
		}
		r := rand.New(rand.NewPCG(seed, seed>>7|1))
		v := mutateEncoding(u, r)
		w := mutateEncoding(v, r)
		for _, x := range []URL{u, v, w} {
			if !Equivalent(x, x) {
				t.Fatalf("not reflexive on %q", x)
			}
			if c := Canonical(x); Canonical(c) != c {
				t.Fatalf("Canonical not idempotent on %q: %q, then %q", x, c, Canonical(c))
			}
		}
		for _, p := range [][2]URL{{u, v}, {v, w}, {u, w}} {
			if Equivalent(p[0], p[1]) != Equivalent(p[1], p[0]) {
				t.Fatalf("not symmetric on %q, %q", p[0], p[1])
			}
		}
		if Equivalent(u, v) && Equivalent(v, w) && !Equivalent(u, w) {
			t.Fatalf("not transitive on %q, %q, %q", u, v, w)
		}
		// A spelling a scheme-level equivalence makes the same is equivalent.
		for _, x := range []URL{u, v, w} {
			if y, ok := schemeLevelVariant(x, seed); ok && (!Equivalent(x, y) || !Equivalent(y, x)) {
				t.Fatalf("%q and its scheme-level variant %q are not equivalent", x, y)
			}
		}
	})
}

// TestEquivalentEncodingProperty runs the checks of FuzzEquivalentEncoding on random pairs,
// and checks that encoding a character that the scheme lets be decoded (not reserved by the
// scheme, not a generic delimiter, not outside the fragment's RFC 3986 unreserved) keeps two
// URLs equivalent.
func TestEquivalentEncodingProperty(t *testing.T) {
	seeds := []string{
		"gopher://h/1a;b$c=d&e+f,g!h*i'j(k)l", "mailto:a;b$c+d@e.f", "http://h/a;b$c!d*e?f=g&h+i",
		"https://h/a$b!c", "ftp://u:p@h/a$b;type=i", "news:a+b.c", "telnet://u;v@h/", "mid:a$b@c",
		"prospero://h/a$b;f=v", "example://h/a$b", "a/b$c", "afs://c/a;b",
	}
	r := rand.New(rand.NewPCG(9, 9))
	n := 3000
	if testing.Short() {
		n = 600
	}
	for i := 0; i < n; i++ {
		u := MustParse(seeds[i%len(seeds)])
		v := mutateEncoding(u, r)
		w := mutateEncoding(v, r)
		if !Equivalent(v, v) || Equivalent(u, v) != Equivalent(v, u) || Equivalent(v, w) != Equivalent(w, v) {
			t.Fatalf("not reflexive or symmetric on %q, %q, %q", u, v, w)
		}
		if Equivalent(u, v) && Equivalent(v, w) && !Equivalent(u, w) {
			t.Fatalf("not transitive on %q, %q, %q", u, v, w)
		}
		// Encoding one decodable character of the path keeps the URL equivalent.
		info, known := schemeInfo(u)
		dec := levelFor(RFC1738, info, known).path
		p := u.Path()
		if p == "" {
			continue
		}
		j := r.IntN(len(p))
		if c := p[j]; dec.Contains(c) && c != '%' {
			enc := u.s[:int(u.pathStart)+j] + "%" + strings.ToUpper(hex2(c)) + u.s[int(u.pathStart)+j+1:]
			x, err := Parse(enc)
			if err != nil {
				t.Fatalf("%q: %v", enc, err)
			}
			if !Equivalent(u, x) {
				t.Errorf("encoding %q (decodable in %s) made %q differ from %q", c, u.Scheme(), x, u)
			}
		}
	}
}

func hex2(c byte) string {
	const h = "0123456789abcdef"
	return string([]byte{h[c>>4], h[c&15]})
}

// mutateEncoding returns u with one character changed at random in its encoding: a raw
// printable character encoded, or an escape decoded (when the result still parses).
func mutateEncoding(u URL, r *rand.Rand) URL {
	s := u.String()
	if s == "" {
		return u
	}
	for try := 0; try < 4; try++ {
		i := r.IntN(len(s))
		var t string
		if s[i] == '%' && i+2 < len(s) {
			v, ok := pct.Unhex(s[i+1], s[i+2])
			if !ok {
				continue
			}
			t = s[:i] + string(v) + s[i+3:]
		} else if c := s[i]; c > 0x20 && c < 0x7f {
			t = s[:i] + "%" + hex2(c) + s[i+1:]
		} else {
			continue
		}
		if v, err := Parse(t); err == nil {
			return v
		}
	}
	return u
}

// TestReservedSetQuotes checks that the sentences the reserved sets (schemes.go) and the
// comparison rules (compare.go) quote are in the documents, testdata/spec, as written there
// (white space and line breaks aside).
func TestReservedSetQuotes(t *testing.T) {
	for _, q := range []struct{ doc, text string }{
		{"rfc1738.txt", `The characters ";", "/", "?", ":", "@", "=" and "&" are the characters which may be reserved for special meaning within a scheme. No other characters may be reserved within a scheme.`},
		{"rfc1738.txt", `characters that are not required to be encoded (including alphanumerics) may be encoded within the scheme-specific part of a URL, as long as they are not being used for a reserved purpose.`},
		{"rfc1738.txt", `Within the user and password field, any ":", "@", or "/" must be encoded.`},
		{"rfc1738.txt", `Within a name or CWD component, the characters "/" and ";" are reserved and must be encoded.`},
		{"rfc1738.txt", `Within the <path> and <searchpart> components, "/", ";", "?" are reserved.`},
		{"rfc1738.txt", `Within the <gopher-path>, no characters are reserved.`},
		{"rfc1738.txt", `<gophertype><selector>%09<search>%09<gopher+_string>`},
		{"rfc1738.txt", `Within mailto URLs, there are no reserved characters.`},
		{"rfc1738.txt", `Note that the percent sign ("%") is commonly used within RFC 822 addresses and must be encoded.`},
		{"rfc1738.txt", `presence of the commercial at "@" character. No additional characters are reserved within the components of a news URL.`},
		{"rfc1738.txt", `nntp://<host>:<port>/<newsgroup-name>/<article-number>`},
		{"rfc1738.txt", `wais://<host>:<port>/<database>/<wtype>/<wpath>`},
		{"rfc1738.txt", `encoded as necessary using the method described in Section 2.2.`},
		{"rfc1738.txt", `directory path of the form <directory>/<directory>/.../<name>.`},
		{"rfc1738.txt", `The semicolon ";" is reserved and may not appear without quoting in the <hsoname>.`},
		{"rfc1738.txt", `The name of the field and its value are separated by a "=" (equal sign).`},
		{"rfc1738.txt", `Note that a slash "/" may appear in the <hsoname> without quoting and no significance may be assumed by the application.`},
		{"uri-draft-www.txt", `Within the query string, the plus sign is reserved as shorthand notation for a space. Therefore, real plus signs must be encoded.`},
		{"uri-draft-www.txt", `the RFC822 msg-id with the constant <> wrapper removed`},
		{"uri-draft-www.txt", `If the fragment-id is void, the hash sign may be omitted: A void fragment-id with or without the hash sign means that the URL refers to the whole object.`},
		{"url-draft-1993.txt", `If the fragment-id is void, the hash sign may be omitted: A void fragment-id with or without the hash sign means that the URL refers to the whole object.`},
		{"url-draft-1994.txt", `requires conversion to %25 in a URL.`},
		{"url-draft-1994.txt", `the reserved slash "/" character (ASCII 2F hex) denotes a level in a hierarchical structure`},
		{"url-draft-1994.txt", `- midaddress - m i d : addr-spec - cidaddress - c i d : content-identifier`},
		{"rfc3986.txt", `URIs that differ in the replacement of a reserved character with its corresponding percent-encoded octet are not equivalent.`},
		{"rfc3986.txt", `two URIs that differ only by the suffix "#" are considered different regardless of the scheme.`},
	} {
		b, err := os.ReadFile(filepath.Join("testdata", "spec", q.doc))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.Join(strings.Fields(string(b)), " "), q.text) {
			t.Errorf("%s does not say %q", q.doc, q.text)
		}
	}
}

// TestEquivalentSchemeSetsLarge runs Canonical on 1 MB inputs of escapes that the scheme's
// set decodes and of the delimiters around them: linear, a bounded number of allocations, and
// the expected result.
func TestEquivalentSchemeSetsLarge(t *testing.T) {
	const n = 1 << 20 / 3
	for _, tt := range []struct{ in, want string }{
		{"gopher://h/1" + strings.Repeat("%3B", n), "gopher://h/1" + strings.Repeat(";", n)},
		{"mailto:" + strings.Repeat("%2C@X", n/2), "mailto:" + strings.Repeat(",@x", n/2)},
		{"http://h/" + strings.Repeat("%24%3B", n/2), "http://h/" + strings.Repeat("$%3B", n/2)},
		{"http://h/a#" + strings.Repeat("%24", n), "http://h/a#" + strings.Repeat("%24", n)},
		{"news:" + strings.Repeat("%40%2B", n/2), "news:" + strings.Repeat("%40+", n/2)},
	} {
		u := MustParse(tt.in)
		var got URL
		nAllocs := allocs.Count(8, 2, func() { got = Canonical(u) })
		if got.String() != tt.want {
			t.Errorf("Canonical(%.40q…) = %.40q…, want %.40q…", tt.in, got, tt.want)
		}
		if nAllocs > 8 {
			t.Errorf("Canonical(%.40q…): %v allocations", tt.in, nAllocs)
		}
		if !Equivalent(u, got) {
			t.Errorf("%.40q… not equivalent to its canonical form", tt.in)
		}
	}
}
