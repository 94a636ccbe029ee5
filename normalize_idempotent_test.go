package locator

import (
	"math/rand"
	"strings"
	"testing"
)

// genNormalizeURL returns a random URL built from the pieces the normalization steps look at:
// hosts with trailing dots, numeric labels, "www." and "localhost"; path segments that are
// dot-segments, index files, empty, escaped, and ftp typecodes in either case after a name, an
// empty name or a "/"; mailto address lists with escaped "," and "@", quoted local parts and
// case; queries and fragments, empty or not.
func genNormalizeURL(rnd *rand.Rand) string {
	pick := func(s []string) string { return s[rnd.Intn(len(s))] }
	var b strings.Builder
	scheme := pick([]string{"http", "HTTP", "https", "ftp", "file", "gopher", "mailto", "news", "wais", "x", "telnet", "urn"})
	b.WriteString(scheme + ":")
	if strings.EqualFold(scheme, "mailto") && rnd.Intn(2) == 0 {
		// An address list: local parts quoted or not, with "@" and "," inside quotes,
		// domains of every case, separators raw and escaped, and path pieces after them.
		for n := 1 + rnd.Intn(3); n > 0; n-- {
			b.WriteString(pick([]string{"joe", "Bob", "%22A@B%22", "%22a,B%22", "\"A\\\"@B\"", "x/../Y", "/..", "", "%22Q"}))
			b.WriteString(pick([]string{"@", "@", "%40", ""}))
			b.WriteString(pick([]string{"Example.COM", "b", "B/", "Ex-1.Org.", "%45x.com", "[IPv6:AB::1]", "a..B", "%C3%89.FR", "C%2CD", "B/../C", ""}))
			b.WriteString(pick([]string{",", "%2C", "%2c", "/,/../", "/./", ",/..", ""}))
		}
	} else if strings.EqualFold(scheme, "mailto") || scheme == "news" || scheme == "urn" {
		for n := 1 + rnd.Intn(8); n > 0; n-- {
			b.WriteString(pick([]string{"a", "B", "Joe", "%22", "\"", "@", "@", ",", "%2C", "%2c", "%40", "Example.COM", ".", "/", "..", "/../", "X", "%20", "\\", "%5C", "%41", "(", ")", "?", "=", "&", "bob"}))
		}
	} else {
		if rnd.Intn(5) != 0 {
			b.WriteString("//")
			if rnd.Intn(4) == 0 {
				b.WriteString(pick([]string{"u@", "U:p@", "a%3Fb@"}))
			}
			b.WriteString(pick([]string{"h", "H", "a.9..", "a.9.", "a.09.", "x.0x1.", "1.2.3.4.", "a.b.", "www.x.com", "WWW.www.X.com.", "localhost", "LocalHost", "0x7f.1", "www.0", "h.", "a..", "9.", "a.b.c.255."}))
			if rnd.Intn(5) == 0 {
				b.WriteString(pick([]string{":", ":80", ":21", ":070"}))
			}
		}
		for n := rnd.Intn(6); n > 0; n-- {
			b.WriteString(pick([]string{"/", "/", "/a", "/B", "/.", "/..", "/index.html", "/Default.HTM", "/default.htm", "/pub", "/%2E", "/%2e%2E", ";type=I", ";type=D", ";type=d", ";type=a", ";type=AN", "/;type=D", "/;type=d", "//", "/1", "/%7e", "/a;b", "/index.x"}))
		}
	}
	if rnd.Intn(4) == 0 {
		b.WriteString(pick([]string{"?", "?b=2&a=1", "?q", "?;type=D"}))
	}
	if rnd.Intn(4) == 0 {
		b.WriteString(pick([]string{"#", "#f", "#%7E"}))
	}
	return b.String()
}

// TestNormalizeForIdempotentGenerated: for every spec and every level (and each step alone),
// normalizing twice is normalizing once, on generated URLs that put the steps' inputs next to
// each other (a typecode after a "/", an index file before a "/", a host that ends in a
// numeric label and a dot, mailto lists), and the safe normal form is equivalent to the URL
// under the same spec.
func TestNormalizeForIdempotentGenerated(t *testing.T) {
	rnd := rand.New(rand.NewSource(12))
	n := 20000
	if testing.Short() {
		n = 4000
	}
	levels := []NormalizeFlags{NormalizeSafe, NormalizeUsually, NormalizeAggressive, canonicalFlags}
	for _, nn := range normalizeNames {
		levels = append(levels, nn.f)
	}
	fails := 0
	for i := 0; i < n && fails < 20; i++ {
		s := genNormalizeURL(rnd)
		u, err := Parse(s)
		if err != nil {
			continue
		}
		for _, spec := range Specs() {
			for _, f := range levels {
				n1, err := NormalizeFor(u, spec, f)
				if err != nil {
					t.Errorf("NormalizeFor(%q, %s, %s): %v", s, spec, f, err)
					fails++
					continue
				}
				if n2, err := NormalizeFor(n1, spec, f); err != nil || n2 != n1 {
					t.Errorf("NormalizeFor(%q, %s, %s) = %q, then %q, %v", s, spec, f, n1, n2, err)
					fails++
				}
				if f == NormalizeSafe && !EquivalentFor(u, n1, spec) {
					t.Errorf("NormalizeFor(%q, %s, safe) = %q, which EquivalentFor calls not equivalent to it", s, spec, n1)
					fails++
				}
			}
			// Two URLs at the same encoding level are equivalent (equal --explain says
			// "equal after encoding-level"): "," and "%2C", ";" and "%3B" written either way.
			for _, r := range []*strings.Replacer{strings.NewReplacer(",", "%2C"), strings.NewReplacer("%2C", ",", "%2c", ","), strings.NewReplacer(";", "%3B", "%22", "\"")} {
				v, err := Parse(r.Replace(s))
				if err != nil || v == u {
					continue
				}
				if EncodingLevelFor(u, spec) == EncodingLevelFor(v, spec) && !EquivalentFor(u, v, spec) {
					t.Errorf("%q and %q: the same encoding level under %s, %q, but not equivalent", s, v, spec, EncodingLevelFor(u, spec))
					fails++
				}
			}
		}
	}
}

// TestNormalizeBugExamples: the cases of the bug hunt, one by one.
func TestNormalizeBugExamples(t *testing.T) {
	for _, tt := range []struct {
		in   string
		spec Spec
		f    NormalizeFlags
		want string
	}{
		// The mailto domains, read on the decoded address list (RFC 6068 §2; RFC 822 §3.3):
		// a local part keeps its case, inside quotes too; "b/C" is no domain name.
		{"mailto:joe@Example.COM%2CBob@Example.COM", RFC1738, NormalizeSafe, "mailto:joe@example.com,Bob@example.com"},
		{"mailto:joe@Example.COM%2CBob@Example.COM", RFC3986, NormalizeSafe, "mailto:joe@example.com%2CBob@example.com"},
		{"mailto:%22A@B%22@Example.com", RFC1738, NormalizeSafe, "mailto:%22A@B%22@example.com"},
		{"mailto:%22A,B@C%22@Example.com,D@E", RFC1738, NormalizeMailtoDomain, "mailto:%22A,B@C%22@example.com,D@e"},
		{"mailto:a@b/,/../C", RFC3986, NormalizeSafe, "mailto:a@b/C"},
		{"mailto:a@b/C", RFC3986, NormalizeSafe, "mailto:a@b/C"},
		{"mailto:Joe@Example.COM", RFC1738, NormalizeSafe, "mailto:Joe@example.com"},
		{"mailto:a@b%2CX", RFC1738, NormalizeSafe, "mailto:a@b,X"},
		{"mailto:a@B@C.D", RFC1738, NormalizeSafe, "mailto:a@B@c.d"},
		{"mailto:a@[IPv6:AB::1]", RFC1738, NormalizeSafe, "mailto:a@%5BIPv6:AB::1%5D"}, // a domain-literal keeps its case
		{"mailto:a@%C3%89X.FR", RFC3986, NormalizeSafe, "mailto:a@%C3%89x.fr"},
		// Every level is idempotent: the typecode and index file a removed "/" leaves last.
		{"ftp://h/a;type=I/", RFC1738, NormalizeAggressive, "ftp://h/a;type=i"},
		{"ftp://h/pub/;type=D/", RFC1738, NormalizeAggressive, "ftp://h/pub"},
		{"http://h/index.html/", RFC1738, NormalizeAggressive, "http://h/"},
		{"ftp://h/default.htm/default.htm", RFC1738, NormalizeAggressive, "ftp://h/"},
		{"http://h/a/index.html/default.htm", RFC3986, NormalizeRemoveDirectoryIndex | NormalizeRemoveTrailingSlash, "http://h/a"},
		{"http://h/a/index.html/", RFC3986, NormalizeRemoveDirectoryIndex, "http://h/a/index.html/"},
		// Under WHATWG no host that the URL Standard reads as IPv4, or fails on.
		{"https://a.9../", WHATWG, NormalizeUsually, "https://a.9../"},
		{"https://a.0x../", WHATWG, NormalizeUsually, "https://a.0x../"},
		{"https://a.b../", WHATWG, NormalizeUsually, "https://a.b/"},
		{"https://a.9../", RFC3986, NormalizeUsually, "https://a.9/"},
		// The scheme-level steps of NormalizeSafe only under the specs that support them.
		{"ftp://h/a;type=I", URLDraft1993, NormalizeSafe, "ftp://h/a;type=I"},
		{"ftp://h/a;type=I", URLDraft1994, NormalizeSafe, "ftp://h/a;type=i"},
		{"file://localhost/etc/motd", URLDraft1994, NormalizeSafe, "file://localhost/etc/motd"},
		{"file://localhost/etc/motd", WHATWG, NormalizeSafe, "file:///etc/motd"},
		{"gopher://h/1", RFC1630, NormalizeSafe, "gopher://h/"},
		{"gopher://h/1", URLDraft1994, NormalizeSafe, "gopher://h/1"},
	} {
		got, err := NormalizeFor(MustParse(tt.in), tt.spec, tt.f)
		if err != nil || got.String() != tt.want {
			t.Errorf("NormalizeFor(%q, %s, %s) = %q, %v; want %q", tt.in, tt.spec, tt.f, got, err, tt.want)
		}
		if tt.f == NormalizeSafe && !EquivalentFor(MustParse(tt.in), got, tt.spec) {
			t.Errorf("NormalizeFor(%q, %s, safe) = %q: not equivalent", tt.in, tt.spec, got)
		}
	}
	if !Equivalent(MustParse("mailto:a@b%2CX"), MustParse("mailto:a@b,X")) {
		t.Errorf("mailto:a@b%%2CX and mailto:a@b,X are at one encoding level but not equivalent")
	}
	if Equivalent(MustParse("mailto:joe@x.com,Bob@x.com"), MustParse("mailto:joe@x.com,bob@x.com")) {
		t.Errorf("the local part Bob is lower-cased")
	}
}

// TestSURTNoAuthority: a URL without an authority is returned by the normalization steps of
// SURT, not transformed, as SURT's doc says.
func TestSURTNoAuthority(t *testing.T) {
	for in, want := range map[string]string{
		"DNS:Archive.org/a/./b#x": "dns:Archive.org/a/b",
		"mailto:X@Y":              "mailto:X@y",
		"mailto:X@Y,Z@W#f":        "mailto:X@y,Z@w",
	} {
		if got, err := SURT(MustParse(in)); err != nil || got != want {
			t.Errorf("SURT(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}
