package locator

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator/internal/allocs"
	"github.com/locator-url/locator/pct"
)

// TestNormalizeForSpecs: the encoding level of each spec, row by row, each citing where the
// rule comes from. Every row runs NormalizeFor with NormalizeSafe, and CanonicalFor, which
// agree on these inputs (no empty fragment), and checks that the result is idempotent.
func TestNormalizeForSpecs(t *testing.T) {
	const issue = "HTTP://www.Example.COM:80/%7esmith/x" // issue 9, item 3
	for _, tt := range []struct {
		spec     Spec
		in, want string
		src      string
	}{
		// The issue's command, under every spec.
		{RFC1738, issue, "http://www.example.com/%7Esmith/x", "RFC 1738 §2.2: ~ is national, must be encoded"},
		{URLDraft1994, issue, "http://www.example.com/%7Esmith/x", "the 1994 URL draft, BNF: national characters appear in no production"},
		{URLDraft1993, issue, "http://www.example.com/%7Esmith/x", "the 1993 URL draft, BNF syntax: ~ is a variant character, in no production"},
		{RFC1630, issue, "http://www.example.com/%7Esmith/x", "the URI draft, BNF syntax: national characters appear in no production"},
		{RFC3986, issue, "http://www.example.com/~smith/x", "RFC 3986 §6.2.2.2: ~ is unreserved"},
		{WHATWG, issue, "http://www.example.com/~smith/x", "as RFC 3986 §6.2.2.2"},

		// RFC 1738: §5 unreserved (alpha, digit, safe, extra) decoded; §2.2 unsafe encoded.
		{RFC1738, "http://h/~u", "http://h/%7Eu", "RFC 1738 §2.2: a raw ~ is encoded"},
		{RFC1738, "http://h/%24%2b%21%2A%27%28%29%2C%2d%2E%5F%41%30", "http://h/$%2B!*'(),-._A0", "RFC 1738 §5 safe and extra; §3.3 (locator: + reserved in http)"},
		{RFC1738, "http://h/a%22b c%7c", "http://h/a%22b%20c%7C", "RFC 1738 §2.2 unsafe stay and become encoded"},
		{RFC1738, "gopher://h/1a%3Bb%26c%3Dd", "gopher://h/1a;b&c=d", "RFC 1738 §3.4.1: no characters are reserved"},
		{RFC1738, "gopher://h/1a%09b", "gopher://h/1a%09b", "RFC 1738 §3.4.1: the tab separates selector and search"},
		{RFC1738, "mailto:a%3Bb@c", "mailto:a;b@c", "RFC 1738 §3.5: no reserved characters"},
		{RFC1738, "wais://h/db%26x", "wais://h/db%26x", "RFC 1738 §5 database = *uchar"},
		{RFC1738, "wais://h/db&x", "wais://h/db%26x", "RFC 1738 §5 database = *uchar: a raw & is encoded"},
		{RFC1738, "wais://h/db?a%26b%3Dc", "wais://h/db?a&b=c", "RFC 1738 §5 search holds & and ="},
		{RFC1738, "file://h/a;b", "file://h/a%3Bb", "RFC 1738 §5 fsegment holds no ;"},
		{RFC1738, "ftp://h/a%26b%3Bc;type=i", "ftp://h/a&b%3Bc;type=i", "RFC 1738 §3.2.2: ; reserved; §5 fsegment holds &"},
		{RFC1738, "telnet://u%3Bv%26w@h/", "telnet://u;v&w@h/", "RFC 1738 §5 user holds ; and &"},
		{RFC1738, "news:a;b@h", "news:a%3Bb@h", "RFC 1738 §3.6 reserves @ alone; §5 group holds no ;"},
		{RFC1738, "http://H%41/", "http://h%41/", "RFC 1738 §5 hostname holds no escape: kept"},
		{RFC1738, "http://h/#%7e%41%3B", "http://h/#%7EA%3B", "the URI draft, Fragment-id: alpha, digit - . _ only"},
		{RFC1738, "http://h/%2e%2E/a/%2E/b", "http://h/a/b", "RFC 3986 §6.2.2.3 after decoding"},
		{RFC1738, "https://h/%24%7E%41", "https://h/%24%7EA", "RFC 1738 §2.2; RFC 3986 §2.2 reserved kept in https"},

		// The 1994 URL draft: its reserved "= ; / # ? : space", "+" in a search.
		{URLDraft1994, "gopher://h/1a%3Bb%26c%3Dd%2Be", "gopher://h/1a%3Bb&c%3Dd+e", "the 1994 URL draft, BNF: reserved ; and =, safe & and +"},
		{URLDraft1994, "wais://h/db?a%2Bb%24", "wais://h/db?a%2Bb$", "the 1994 URL draft, BNF: search = xalphas [ + search ]"},
		{URLDraft1994, "http://h/a%7E~b", "http://h/a%7E%7Eb", "the 1994 URL draft, BNF: national"},
		{URLDraft1994, "http://h/a%22b", "http://h/a%22b", "kept encoded: RFC 1738 §2.2 unsafe"},

		// The 1993 URL draft and the URI draft: xalpha, no "+", no "=".
		{URLDraft1993, "gopher://h/1a%3Bb%26c%24%21", "gopher://h/1a;b&c$!", "the 1993 URL draft, BNF syntax: safe $ & and extra ; !"},
		{URLDraft1993, "gopher://h/1a%2Bb%3Dc", "gopher://h/1a%2Bb%3Dc", "the 1993 URL draft, BNF syntax: + and = are not xalpha"},
		{URLDraft1993, "http://h/a b%20c", "http://h/a%20b%20c", "the 1993 URL draft, Encoding prohibited characters: awkward characters may be encoded"},
		{RFC1630, "gopher://h/1a%3Bb%2Bc", "gopher://h/1a;b%2Bc", "the URI draft, BNF syntax: extra ;, and + outside xalpha"},
		{RFC1630, "http://h/?a+b%2Bc%24", "http://h/?a+b%2Bc$", "the URI draft, Query strings: real plus signs must be encoded"},
		{RFC1630, "http://h/a b", "http://h/a%20b", "the URI draft: the cannonical form for URIs has all white spaces encoded"},
		{RFC1630, "http://www.w3.org/albert/bertram/marie%2Dclaude", "http://www.w3.org/albert/bertram/marie-claude", "the URI draft, Example 1"},
		{RFC1630, "http://www.w3.org/albert/bertram%2Fmarie-claude", "http://www.w3.org/albert/bertram%2Fmarie-claude", "the URI draft, Example 2"},

		// RFC 3986 §6.2.2.2: unreserved only, in every scheme and component.
		{RFC3986, "gopher://h/1a%3Bb", "gopher://h/1a%3Bb", "RFC 3986 §2.2: ; is a sub-delim"},
		{RFC3986, "http://h/%24", "http://h/%24", "RFC 3986 §2.2: $ is a sub-delim"},
		{RFC3986, "http://H%41/", "http://ha/", "RFC 3986 §6.2.2.2 and §6.2.2.1 in the host"},
		{RFC3986, "http://h x/~", "http://h%20x/~", "RFC 3986 §2.1: a raw space is encoded"},
		{RFC3986, "wais://h/db&x", "wais://h/db&x", "RFC 3986 §2.2: & is a sub-delim, kept as written"},
	} {
		u := MustParse(tt.in)
		got, err := NormalizeFor(u, tt.spec, NormalizeSafe)
		if err != nil || got.String() != tt.want {
			t.Errorf("NormalizeFor(%q, %s) = %q, %v; want %q [%s]", tt.in, tt.spec, got, err, tt.want, tt.src)
			continue
		}
		if c := CanonicalFor(u, tt.spec); c.String() != tt.want {
			t.Errorf("CanonicalFor(%q, %s) = %q; want %q [%s]", tt.in, tt.spec, c, tt.want, tt.src)
		}
		if again, err := NormalizeFor(got, tt.spec, NormalizeSafe); err != nil || again != got {
			t.Errorf("NormalizeFor(%q, %s) not idempotent: %q, then %q", tt.in, tt.spec, got, again)
		}
		if !EquivalentFor(u, got, tt.spec) {
			t.Errorf("EquivalentFor(%q, %q, %s) = false", tt.in, got, tt.spec)
		}
	}
}

// TestEquivalentForSpecs: the issue's comparisons under every spec.
func TestEquivalentForSpecs(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want [6]bool // by Spec value: RFC1738, RFC3986, WHATWG, URLDraft1994, URLDraft1993, RFC1630
		src  string
	}{
		{"http://h/%7e", "http://h/~", [6]bool{true, true, true, true, true, true}, "one encoding level for ~ in each"},
		{"gopher://h/1a%3Bb", "gopher://h/1a;b", [6]bool{true, false, false, false, true, true}, "RFC 1738 §3.4.1; the 1994 URL draft reserves ;"},
		{"mailto:a%3Bb@c", "mailto:a;b@c", [6]bool{true, false, false, false, true, true}, "RFC 1738 §3.5"},
		{"http://h/%24", "http://h/$", [6]bool{true, false, false, true, true, true}, "RFC 1738 §2.2: $ is safe; RFC 3986 §2.2 sub-delim"},
		{"wais://h/db%26x", "wais://h/db&x", [6]bool{true, false, false, true, true, true}, "RFC 1738 §5 database: & encoded"},
		{"http://h/a#", "http://h/a", [6]bool{true, true, true, true, true, true}, "the URI draft, Fragment-id"},
		{"http://h/a%2Fb", "http://h/a/b", [6]bool{false, false, false, false, false, false}, "the URI draft, Example 2"},
		{"http://h/a%3Bb", "http://h/a;b", [6]bool{false, false, false, false, false, false}, "RFC 1738 §3.3 reserves ;"},
	} {
		for _, spec := range Specs() {
			a, b := MustParse(tt.a), MustParse(tt.b)
			if got := EquivalentFor(a, b, spec); got != tt.want[spec] {
				t.Errorf("EquivalentFor(%q, %q, %s) = %v, want %v [%s]", tt.a, tt.b, spec, got, tt.want[spec], tt.src)
			}
			if EquivalentFor(b, a, spec) != EquivalentFor(a, b, spec) {
				t.Errorf("EquivalentFor(%q, %q, %s) is not symmetric", tt.a, tt.b, spec)
			}
		}
	}
}

// TestSpecDefaults: the functions without a spec are the RFC 1738 case (the comparison) and
// the RFC 3986 case (Normalize), and a spec out of range is an error for NormalizeFor and RFC
// 1738 for the others.
func TestSpecDefaults(t *testing.T) {
	for _, s := range []string{"HTTP://www.Example.COM:80/%7esmith/x", "gopher://h/1a%3B~b", "wais://h/d&b?x%26", "http://h/a#", "news:a;b"} {
		u := MustParse(s)
		if Canonical(u) != CanonicalFor(u, RFC1738) || EncodingLevel(u) != EncodingLevelFor(u, RFC1738) {
			t.Errorf("%q: Canonical or EncodingLevel is not the RFC 1738 case", s)
		}
		n1, _ := Normalize(u, NormalizeSafe)
		n2, _ := NormalizeFor(u, RFC3986, NormalizeSafe)
		if n1 != n2 {
			t.Errorf("%q: Normalize = %q, NormalizeFor RFC3986 = %q", s, n1, n2)
		}
		if CanonicalFor(u, Spec(99)) != Canonical(u) || EncodingLevelFor(u, Spec(99)) != EncodingLevel(u) ||
			EquivalentFor(u, Canonical(u), Spec(99)) != Equivalent(u, Canonical(u)) {
			t.Errorf("%q: a spec out of range is not read as RFC 1738", s)
		}
		if _, err := NormalizeFor(u, Spec(99), NormalizeSafe); err == nil || err.(*Error).Code != CodeUnknownSpec {
			t.Errorf("NormalizeFor(%q, spec(99)): %v, want %s", s, err, CodeUnknownSpec)
		}
	}
	// No step, no change and no allocation; the unknown spec is still reported.
	u := MustParse("http://h/%7e")
	if n, err := NormalizeFor(u, RFC1738, 0); err != nil || n != u {
		t.Errorf("NormalizeFor with no step = %q, %v", n, err)
	}
	if a := allocs.Count(0, 10, func() { NormalizeFor(u, RFC1738, 0) }); a != 0 {
		t.Errorf("NormalizeFor with no step: %v allocations", a)
	}
	c := MustParse("http://h/%7E")
	if a := allocs.Count(0, 10, func() { CanonicalFor(c, RFC1738) }); a != 0 {
		t.Errorf("CanonicalFor of a canonical URL: %v allocations", a)
	}
}

// TestNormalizeForIdempotent: for every spec and level, normalizing twice is normalizing once,
// on URLs built from escapes and raw bytes of every class in every component.
func TestNormalizeForIdempotent(t *testing.T) {
	const hexd = "0123456789abcdef"
	var ins []string
	for c := 0; c < 256; c++ {
		raw, esc := string(rune(c)), "%"+string(hexd[c>>4])+string(hexd[c&15])
		if c >= 0x80 {
			raw = string([]byte{byte(c)})
		}
		for _, p := range []string{raw, esc} {
			for _, f := range []string{"http://u%sv@h/a%sb?c%sd#e%sf", "gopher://h/1%s", "wais://h/d%s/t/p%s?q%s",
				"file://h/a%s", "news:a%s@h", "mailto:a%sb@c", "x:%s", "a%sb/c", "ftp://h/%s;type=a"} {
				ins = append(ins, strings.ReplaceAll(f, "%s", p))
			}
		}
	}
	levels := []NormalizeFlags{NormalizeSafe, NormalizeUsually, NormalizeAggressive, encodingLevelFlags, canonicalFlags}
	for _, s := range ins {
		u, err := Parse(s)
		if err != nil {
			continue
		}
		for _, spec := range Specs() {
			for _, f := range levels {
				n, err := NormalizeFor(u, spec, f)
				if err != nil {
					t.Fatalf("NormalizeFor(%q, %s, %s): %v", s, spec, f, err)
				}
				if n2, err := NormalizeFor(n, spec, f); err != nil || n2 != n {
					t.Errorf("NormalizeFor(%q, %s, %s) = %q, then %q, %v", s, spec, f, n, n2, err)
				}
			}
			if c := CanonicalFor(u, spec); CanonicalFor(c, spec) != c {
				t.Errorf("CanonicalFor(%q, %s) not idempotent", s, spec)
			}
		}
	}
}

// TestNormalizeForLarge: 1 MB inputs of escapes, raw bytes and delimiters, under every spec,
// each shape in one component (a different one for each spec): idempotent, the bytes allocated
// linear (at most 24 per input byte per call, as the adversarial test allows), and a run at full
// size takes no more than sixteen times the run at a quarter of the size (the fastest of
// three, when the first is slow).
func TestNormalizeForLarge(t *testing.T) {
	size := 1 << 20
	if testing.Short() {
		size = 1 << 16
	}
	shapes := []string{"%7e", "~", "%3B", ";", "&", "%26", " ", "%", "%2", ".", "/..", "%2E%2E/", "\xff", "\"", "+", "%2B", "@", ":"}
	places := []func(string) string{
		func(r string) string { return "http://h/" + r },
		func(r string) string { return "http://h/p?" + r },
		func(r string) string { return "http://h/p#" + r },
		func(r string) string { return "ftp://" + r + "@h/" },
		func(r string) string { return "wais://h/" + r },
		func(r string) string { return "gopher://h/1" + r },
		func(r string) string { return "news:" + r },
	}
	for _, spec := range Specs() {
		for si, shape := range shapes {
			pi := (si + int(spec)) % len(places)
			place := places[pi]
			mk := func(n int) (URL, bool) {
				u, err := Parse(place(strings.Repeat(shape, n/len(shape))))
				return u, err == nil
			}
			u, ok := mk(size)
			if !ok {
				continue
			}
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			st := time.Now()
			n, err := NormalizeFor(u, spec, NormalizeSafe)
			c := CanonicalFor(u, spec)
			d := time.Since(st)
			runtime.ReadMemStats(&m1)
			if err != nil {
				t.Fatalf("%s, %q in place %d: %v", spec, shape, pi, err)
			}
			if alloc := m1.TotalAlloc - m0.TotalAlloc; alloc > uint64(2*24*size+1<<16) {
				t.Errorf("%s, %q in place %d: %d bytes allocated for %d", spec, shape, pi, alloc, size)
			}
			if n2, _ := NormalizeFor(n, spec, NormalizeSafe); n2 != n || CanonicalFor(c, spec) != c {
				t.Errorf("%s, %q in place %d: not idempotent", spec, shape, pi)
			}
			if d > 20*time.Millisecond {
				q, _ := mk(size / 4)
				full := advFastest(func() { NormalizeFor(u, spec, NormalizeSafe); CanonicalFor(u, spec) })
				quarter := advFastest(func() { NormalizeFor(q, spec, NormalizeSafe); CanonicalFor(q, spec) })
				if full > 200*time.Millisecond && full > 16*quarter {
					t.Logf("%s, %q in place %d: %v at full size, %v at a quarter (logged: speed is for the benchmarks)", spec, shape, pi, full, quarter)
				}
				if full > 5*time.Second { // a hang guard: linear takes milliseconds
					t.Errorf("%s, %q in place %d: %v at full size: not linear", spec, shape, pi, full)
				}
			}
		}
	}
}

// FuzzEncodingLevelFor: under every spec, EncodingLevelFor and CanonicalFor keep the URL's
// invariant, are idempotent, keep the decoded value of every component (the encoding level
// changes only how bytes are written) and the components present, and the encoding level is
// equivalent to the URL.
func FuzzEncodingLevelFor(f *testing.F) {
	addSeeds(f)
	for _, s := range []string{"HTTP://www.Example.COM:80/%7esmith/x", "gopher://h/1a%3Bb", "wais://h/db&x?a%26b",
		"file://h/a;b", "news:a;b@h", "http://h/?a+b%2Bc#%7e", "mailto:a%3Bb@c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		for _, spec := range Specs() {
			el := EncodingLevelFor(u, spec)
			if err := el.check(); err != nil {
				t.Fatalf("EncodingLevelFor(%q, %s) = %q: %v", s, spec, el, err)
			}
			if EncodingLevelFor(el, spec) != el {
				t.Fatalf("EncodingLevelFor(%q, %s) not idempotent: %q, %q", s, spec, el, EncodingLevelFor(el, spec))
			}
			if !EquivalentFor(u, el, spec) || !EquivalentFor(el, u, spec) {
				t.Fatalf("%q not equivalent to its encoding level %q under %s", s, el, spec)
			}
			if el.flags != u.flags {
				t.Fatalf("EncodingLevelFor(%q, %s) = %q changed the components present", s, spec, el)
			}
			for _, c := range [][2]opt{
				{optOf(u.User()), optOf(el.User())}, {optOf(u.Password()), optOf(el.Password())},
				{present(u.Path()), present(el.Path())}, {optOf(u.Query()), optOf(el.Query())},
				{optOf(u.Fragment()), optOf(el.Fragment())}, {present(u.Host()), present(el.Host())},
			} {
				a, err1 := pct.Decode(c[0].v)
				b, err2 := pct.Decode(c[1].v)
				if err1 != nil || err2 != nil || a != b {
					t.Fatalf("EncodingLevelFor(%q, %s) = %q changed a decoded component: %q → %q", s, spec, el, c[0].v, c[1].v)
				}
			}
			c := CanonicalFor(u, spec)
			if err := c.check(); err != nil {
				t.Fatalf("CanonicalFor(%q, %s) = %q: %v", s, spec, c, err)
			}
			if CanonicalFor(c, spec) != c || CanonicalFor(el, spec) != c {
				t.Fatalf("CanonicalFor(%q, %s) = %q; of itself %q; of its encoding level %q", s, spec, c, CanonicalFor(c, spec), CanonicalFor(el, spec))
			}
		}
	})
}

// TestNormalizeForNoPathSlash: empty-path-slash adds no "/" where the spec's production has
// none after the host (the 1994 and 1993 URL drafts' telnetaddress ends with the hostport; both
// drafts' gopheraddress needs a gtype after a "/", which `check --spec url-draft-1994` now
// reports: "gopher://h/" would be made invalid), and adds it where it may.
func TestNormalizeForNoPathSlash(t *testing.T) {
	for _, tt := range []struct {
		in   string
		spec Spec
		want string
	}{
		{"telnet://h", URLDraft1994, "telnet://h"},
		{"telnet://h", URLDraft1993, "telnet://h"},
		{"rlogin://h", URLDraft1993, "rlogin://h"},
		{"gopher://h", URLDraft1993, "gopher://h"},
		{"gopher://h", URLDraft1994, "gopher://h"},
		{"gopher://h", RFC1738, "gopher://h/"},
		{"telnet://h", RFC1738, "telnet://h/"},
		{"telnet://h", RFC1630, "telnet://h/"},
		{"telnet://h", RFC3986, "telnet://h/"},
		{"http://h", URLDraft1993, "http://h/"},
	} {
		got, err := NormalizeFor(MustParse(tt.in), tt.spec, NormalizeEmptyPathSlash)
		if err != nil || got.String() != tt.want {
			t.Errorf("NormalizeFor(%q, %v, empty-path-slash) = %q, %v; want %q", tt.in, tt.spec, got, err, tt.want)
		}
	}
}

// TestNormalizeForDotSegments: where each spec removes dot-segments (issue 10, N1/N2). RFC 3986
// §6.2.2.3 cleans the path of every URL with a scheme; the older documents hold no rootless
// path that becomes one starting with "/", so there a rootless path keeps them; the 1993 URL
// draft and the URI draft reserve "/" "." ".." for a hierarchy in every path ("Path",
// "Hierarchical forms"), while RFC 1738 §2.3 and the 1994 URL draft give a hierarchy to some
// schemes only (ftp, http, file; https and afs alike), so the path of another known scheme
// keeps them.
func TestNormalizeForDotSegments(t *testing.T) {
	const kept, removed = false, true
	for _, tt := range []struct {
		in, out string
		want    map[Spec]bool
	}{
		{"urn:a/../b", "urn:/b", map[Spec]bool{RFC3986: removed, WHATWG: removed, RFC1738: kept, URLDraft1994: kept, URLDraft1993: kept, RFC1630: kept}},
		{"mailto:a/../b@c", "mailto:/b@c", map[Spec]bool{RFC3986: removed, WHATWG: removed, RFC1738: kept, URLDraft1994: kept, URLDraft1993: kept, RFC1630: kept}},
		{"news:/a/./b", "news:/a/b", map[Spec]bool{RFC3986: removed, WHATWG: removed, RFC1738: kept, URLDraft1994: kept, URLDraft1993: removed, RFC1630: removed}},
		{"foo:a/../b", "foo:/b", map[Spec]bool{RFC3986: removed, WHATWG: removed, RFC1738: kept, URLDraft1994: kept, URLDraft1993: kept, RFC1630: kept}},
		// The 1993 draft's gopheraddress has a gtype after the "/", no hierarchy: kept there.
		{"gopher://h/1/../x", "gopher://h/x", map[Spec]bool{RFC3986: removed, WHATWG: removed, RFC1738: kept, URLDraft1994: kept, URLDraft1993: kept, RFC1630: removed}},
		// The 1993 draft's wais database is at least one character: dot segments that would
		// leave none are kept there; others are removed as in every path of that draft.
		{"wais://h/.", "wais://h/", map[Spec]bool{RFC3986: removed, WHATWG: removed, RFC1738: kept, URLDraft1994: kept, URLDraft1993: kept, RFC1630: removed}},
		{"wais://h/db/x/../.", "wais://h/db/", map[Spec]bool{RFC3986: removed, WHATWG: removed, RFC1738: kept, URLDraft1994: kept, URLDraft1993: removed, RFC1630: removed}},
		{"wais://h/x/../db", "wais://h/db", map[Spec]bool{RFC3986: removed, WHATWG: removed, RFC1738: kept, URLDraft1994: kept, URLDraft1993: removed, RFC1630: removed}},
		{"nntp://h/g/../12", "nntp://h/12", map[Spec]bool{RFC3986: removed, WHATWG: removed, RFC1738: kept, URLDraft1994: kept, URLDraft1993: removed, RFC1630: removed}},
		{"file://h/a/../b", "file://h/b", map[Spec]bool{RFC3986: removed, WHATWG: removed, RFC1738: removed, URLDraft1994: removed, URLDraft1993: removed, RFC1630: removed}},
		{"afs://c/a/./b", "afs://c/a/b", map[Spec]bool{RFC3986: removed, WHATWG: removed, RFC1738: removed, URLDraft1994: removed, URLDraft1993: removed, RFC1630: removed}},
		{"http://h/a/../b", "http://h/b", map[Spec]bool{RFC3986: removed, WHATWG: removed, RFC1738: removed, URLDraft1994: removed, URLDraft1993: removed, RFC1630: removed}},
		{"ftp:a/./b", "ftp:a/b", map[Spec]bool{RFC3986: removed, WHATWG: removed, RFC1738: kept, URLDraft1994: kept, URLDraft1993: kept, RFC1630: kept}},
		{"foo:/a/..//b", "foo:/.//b", map[Spec]bool{RFC3986: removed, WHATWG: removed, RFC1738: removed, URLDraft1994: removed, URLDraft1993: removed, RFC1630: removed}},
	} {
		for _, spec := range Specs() {
			u, err := ParseAs(tt.in, spec)
			if err != nil {
				t.Fatalf("ParseAs(%q, %s): %v", tt.in, spec, err)
			}
			want := tt.in
			if tt.want[spec] {
				want = tt.out
			}
			if n, err := NormalizeFor(u, spec, NormalizeRemoveDotSegments); err != nil || n.String() != want {
				t.Errorf("NormalizeFor(%q, %s, remove-dot-segments) = %q, %v; want %q", tt.in, spec, n, err, want)
			}
		}
	}
}
