package scheme_test

import (
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// The property of issue 9, item 3: normalizing a URL to a spec's encoding level never makes it
// less valid under that spec. For every spec: when check(u) reports no error, neither does
// check(normalize(u)); when it reports errors, check(normalize(u)) reports no error code
// check(u) does not, or (the input being invalid already, a step may move where a checker
// first stumbles: "://0" → ":/0" at aggressive, from a bad host to a bad path) no more
// kinds of error than check(u). The test is generic over the spec: it runs
// whatever checker Check has for each spec (the url-draft-1993 and rfc1630 checkers included,
// whatever they find), so it holds the encoding level of locator.NormalizeFor to each checker.

// neverWorseLevels are the normalizations the property is held to: each group of steps, and
// the canonical form that EquivalentFor compares.
var neverWorseLevels = []struct {
	name  string
	apply func(u locator.URL, spec locator.Spec) (locator.URL, error)
}{
	{"safe", func(u locator.URL, s locator.Spec) (locator.URL, error) {
		return locator.NormalizeFor(u, s, locator.NormalizeSafe)
	}},
	{"usually", func(u locator.URL, s locator.Spec) (locator.URL, error) {
		return locator.NormalizeFor(u, s, locator.NormalizeUsually)
	}},
	{"aggressive", func(u locator.URL, s locator.Spec) (locator.URL, error) {
		return locator.NormalizeFor(u, s, locator.NormalizeAggressive)
	}},
	{"canonical", func(u locator.URL, s locator.Spec) (locator.URL, error) {
		return locator.CanonicalFor(u, s), nil
	}},
	{"encoding-level", func(u locator.URL, s locator.Spec) (locator.URL, error) {
		return locator.EncodingLevelFor(u, s), nil
	}},
}

// errorCodes returns the codes of the error-severity findings of Check(u, spec), and whether
// the list was cut at locator.MaxFindings (then it says nothing of the findings left out).
func errorCodes(u locator.URL, spec locator.Spec) (map[locator.Code]bool, bool) {
	codes := map[locator.Code]bool{}
	for _, f := range scheme.Check(u, spec) {
		if f.Code == locator.CodeTooManyFindings {
			return codes, true
		}
		if f.Severity == locator.SeverityError {
			codes[f.Code] = true
		}
	}
	return codes, false
}

// unmasked reports the one known exception to the property: a checker stops at a missing "/"
// after the host (scheme.CodeMissingSlash: "wais://h?/" is read no further), and once
// empty-path-slash has added it ("wais://h/?/") the checker reads the rest for the first time
// and reports what was wrong there all along (a raw "/" in a wais search, RFC 1738 §5). The
// URL was invalid before and is no less valid after.
func unmasked(before, after map[locator.Code]bool) bool {
	return before[scheme.CodeMissingSlash] && !after[scheme.CodeMissingSlash]
}

// neverWorse checks the property on s under every spec and every level of neverWorseLevels,
// and that each normalization is idempotent.
func neverWorse(t *testing.T, s string) {
	t.Helper()
	for _, spec := range locator.Specs() {
		if spec == locator.WHATWG {
			continue // no strict checker: Check reports that for any URL
		}
		u, err := locator.ParseAs(s, spec)
		if err != nil {
			continue
		}
		before, cut := errorCodes(u, spec)
		if cut {
			continue
		}
		for _, lv := range neverWorseLevels {
			n, err := lv.apply(u, spec)
			if err != nil {
				t.Fatalf("%s %s of %q: %v", spec, lv.name, s, err)
			}
			after, cut := errorCodes(n, spec)
			if cut || unmasked(before, after) || (len(before) > 0 && len(after) <= len(before)) {
				continue
			}
			for c := range after {
				if !before[c] {
					t.Errorf("--spec %s, %s: %q → %q adds the error %s:\n  before: %v\n  after:  %v",
						spec, lv.name, s, n, c, scheme.Check(u, spec), scheme.Check(n, spec))
				}
			}
			if n2, err := lv.apply(n, spec); err != nil || n2 != n {
				t.Errorf("--spec %s, %s not idempotent on %q: %q, then %q (%v)", spec, lv.name, s, n, n2, err)
			}
		}
	}
}

// neverWorseSeeds are the issue's examples and URLs of every scheme with escapes of every
// class of byte.
var neverWorseSeeds = []string{
	"HTTP://www.Example.COM:80/%7esmith/x", "http://www.example.com/~smith/x",
	"gopher://h/1a%3Bb", "mailto:a%3Bb@c", "http://h/%24", "http://h/a#", "URL:HTTP://A/b",
	"ftp://a?b@host/", "wais://h/db%26x", "wais://h/db&x", "wais://h/db?a%26b", "file://h/a%3Bb",
	"file://h/a;b", "news:a%24b", "news:a%3Bb@h", "nntp://h/g%2Eh/1", "prospero://h/a%26b;f=v",
	"telnet://u%3Bv@h/", "ftp://u%3b:p%26@h/a%3D;type=i", "mid:a%24b@c", "cid:a%3Bb@c",
	"afs://c/a%3Bb", "x-y:a%24b", "example://h/a%21b?c%2Bd#e%7Ef", "a/b%3Bc", "http://h/a%22b",
	"http://h/a%20b", "http://h/a b", "http://h/?a+b%2Bc", "http://h/%2e%2E/a/%2E/b",
	"http://h/%7B%7d%7C%5c%5E%60%5B%5D%3C%3E%23", "http://h/%00%1F%7F%80%FF", "http://h/\u00e9",
	"https://h/%7E%24", "gopher://h/1a%09b%3Bc", "http://h/#a%7Eb%3B", "ftp://h/a%3Btype=a",
	"nntp://", "nntp://h", "wais://h", "prospero://h", "afs://c", "file://h", "news://h", "mid://h",
	// dot-segments in every kind of path (issue 10, N1/N2: rootless paths are cleaned, and a
	// path that would start with "//" gets "/.").
	"urn:a/../b", "urn:.", "urn:./a:b", "mailto:a/../b@c", "mailto:./a@b", "news:a/../b", "news:./a",
	"mid:a/./b@c", "x-y:a/..//b", "foo:/a/..//b", "foo:a/%2e%2E/b", "file:a/../b", "ftp:./a",
	"gopher://h/1/../x", "wais://h/db/../x", "prospero://h/a/../b;f=v", "nntp://h/g/../12",
	"http:a/../b", "telnet://h/./", "afs://c/a/../b", "cid:./a@b", "foo:/a/..//",
}

// byteClassURLs returns URLs with byte c raw and escaped (lower- and upper-case hex) in each
// component of a URL of each scheme prefix.
func byteClassURLs(c byte) []string {
	const lower, upper = "0123456789abcdef", "0123456789ABCDEF"
	pieces := []string{string(c), "%" + string(lower[c>>4]) + string(lower[c&15]),
		"%" + string(upper[c>>4]) + string(upper[c&15])}
	var out []string
	for _, p := range pieces {
		for _, form := range []string{
			"http://h/a%sb?q%sr#f%sg", "ftp://u%sv:p@h/d/f%sx;type=i", "gopher://h/1s%sl",
			"mailto:a%sb@c.d", "news:g%sh", "news:a%sb@h", "nntp://h/g%sh/12", "telnet://u%sv@h/",
			"wais://h/d%sb?s%st", "wais://h/db/t%sy/p%sq", "file://h/a%sb", "prospero://h/a%sb;f=v%sw",
			"mid:a%sb@c", "afs://c/a%sb", "x-y:a%sb", "https://h/a%sb?c%sd", "example://h%s/a%sb",
			"a/b%sc",
		} {
			out = append(out, strings.ReplaceAll(form, "%s", p))
		}
	}
	return out
}

// TestNormalizeNeverWorse holds the property, and idempotence, to the seeds and to every
// byte, raw and escaped, in every component of every scheme.
func TestNormalizeNeverWorse(t *testing.T) {
	for _, s := range neverWorseSeeds {
		neverWorse(t, s)
	}
	for c := 0; c < 256; c++ {
		for _, s := range byteClassURLs(byte(c)) {
			neverWorse(t, s)
		}
	}
}

// TestNormalizeIssueRegression is the issue's command, "normalize
// 'HTTP://www.Example.COM:80/%7esmith/x'", under every spec: the result, and that Check
// reports no error on it where it reports none on the input.
func TestNormalizeIssueRegression(t *testing.T) {
	const in = "HTTP://www.Example.COM:80/%7esmith/x"
	want := map[locator.Spec]string{
		locator.RFC1738:      "http://www.example.com/%7Esmith/x", // RFC 1738 §2.2: "~" is national
		locator.URLDraft1994: "http://www.example.com/%7Esmith/x", // the 1994 URL draft, BNF: national
		locator.URLDraft1993: "http://www.example.com/%7Esmith/x", // the 1993 URL draft, BNF syntax: variant
		locator.RFC1630:      "http://www.example.com/%7Esmith/x", // the URI draft, BNF syntax: national
		locator.RFC3986:      "http://www.example.com/~smith/x",   // RFC 3986 §6.2.2.2: unreserved
		locator.WHATWG:       "http://www.example.com/~smith/x",   // as RFC 3986 (href aside)
	}
	for _, spec := range locator.Specs() {
		u := locator.MustParse(in)
		n, err := locator.NormalizeFor(u, spec, locator.NormalizeSafe)
		if err != nil || n.String() != want[spec] {
			t.Errorf("NormalizeFor(%q, %s) = %q, %v; want %q", in, spec, n, err, want[spec])
		}
		if spec == locator.WHATWG {
			continue
		}
		before, _ := errorCodes(u, spec)
		after, _ := errorCodes(n, spec)
		for c := range after {
			if !before[c] {
				t.Errorf("--spec %s: %q adds the error %s", spec, n, c)
			}
		}
	}
	// RFC 1738: the input is valid, and so is its normal form (the issue's contradiction).
	if fs := scheme.Check(locator.MustParse("http://www.example.com/%7Esmith/x"), locator.RFC1738); len(fs) != 0 {
		t.Errorf("the RFC 1738 normal form is not valid: %v", fs)
	}
}

// FuzzNormalizeNeverWorse: for any URL and every spec, no normalization level adds an
// error-severity finding to Check's, and each is idempotent.
func FuzzNormalizeNeverWorse(f *testing.F) {
	for _, s := range neverWorseSeeds {
		f.Add(s)
	}
	for _, c := range []byte{' ', '"', '#', '%', '&', '+', ';', '=', '~', '|', '[', '$', '!', 'A', '\t', 0x7f, 0x80} {
		for _, s := range byteClassURLs(c)[:6] {
			f.Add(s)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 512 {
			return
		}
		neverWorse(t, s)
	})
}
