package syntax

import (
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/locator-url/locator"
)

func rfc1630Text(s string) []locator.Finding {
	var sk Sink
	CheckRFC1630Text(&sk, s)
	return sk.Findings()
}

// TestRFC1630Split: the fragment after the first "#", the search after the first "?" before
// it, the scheme before a ":" that comes before any "/" (URI draft, Partial (relative) form).
func TestRFC1630Split(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want RFC1630Parts
	}{
		{"", RFC1630Parts{}},
		{"g", RFC1630Parts{Path: "g"}},
		{"a_b:x", RFC1630Parts{Scheme: "a_b", HasScheme: true, Path: "x", PathStart: 4}},
		{"g:a", RFC1630Parts{Scheme: "g", HasScheme: true, Path: "a", PathStart: 2}},
		{"./g:a", RFC1630Parts{Path: "./g:a"}}, // the colon after a slash: partial
		{"/g:a", RFC1630Parts{Path: "/g:a"}},   // likewise
		{"a:b:c", RFC1630Parts{Scheme: "a", HasScheme: true, Path: "b:c", PathStart: 2}},
		{":x", RFC1630Parts{HasScheme: true, Path: "x", PathStart: 1}},
		{"a?b:c", RFC1630Parts{Path: "a", Search: "b:c", HasSearch: true, SearchStart: 2}},
		{"a#b:c", RFC1630Parts{Path: "a", Fragment: "b:c", HasFragment: true, FragmentStart: 2}},
		{"h:p?q?r#f#g", RFC1630Parts{Scheme: "h", HasScheme: true, Path: "p", PathStart: 2,
			Search: "q?r", HasSearch: true, SearchStart: 4, Fragment: "f#g", HasFragment: true, FragmentStart: 8}},
		{"h:#", RFC1630Parts{Scheme: "h", HasScheme: true, PathStart: 2, HasFragment: true, FragmentStart: 3}},
		{"?", RFC1630Parts{HasSearch: true, SearchStart: 1}},
	} {
		if got := SplitRFC1630(tt.in); got != tt.want {
			t.Errorf("SplitRFC1630(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

// TestRFC1630Chars checks every byte in every context against the draft's classes, written
// here again from its "BNF syntax": alpha, digit, safe and extra stand anywhere (a space with
// a warning); "+" in a path (xpalpha) and a search (its separator, a space), not in a scheme
// name or a fragment; "/" in a path only; "?" and "#" nowhere inside a part; "%" only as an
// escape; national, punctuation, "=", "`", controls and non-ASCII bytes nowhere.
func TestRFC1630Chars(t *testing.T) {
	const (
		alpha       = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		digit       = "0123456789"
		safe        = "$-_@.&"
		extra       = "!*\"'():;,"
		national    = "{}|[]\\^~"
		punctuation = "<>"
	)
	type res struct {
		code locator.Code
		sev  locator.Severity
	}
	none := res{}
	for k := range numCtx {
		for c := range 256 {
			b := byte(c)
			var want res
			switch {
			case strings.IndexByte(alpha+digit+safe+extra, b) >= 0:
				want = none
			case b == ' ':
				want = res{locator.CodeUnsafeChar, locator.SeverityWarning}
			case b == '+' && (k == ctxPath || k == ctxSearch), b == '/' && k == ctxPath:
				want = none
			case b == '+' || b == '/' || b == '?' || b == '#':
				want = res{locator.CodeReservedChar, locator.SeverityError}
			case b == '%':
				want = res{locator.CodeBadEscape, locator.SeverityError}
			case strings.IndexByte(national, b) >= 0:
				want = res{locator.CodeNationalChar, locator.SeverityError}
			case strings.IndexByte(punctuation, b) >= 0:
				want = res{locator.CodeUnsafeChar, locator.SeverityError}
			case b == '=' || b == '`':
				want = res{locator.CodeDisallowedChar, locator.SeverityError}
			case b < 0x20 || b == 0x7f:
				want = res{locator.CodeControl, locator.SeverityError}
			case b >= 0x80:
				want = res{locator.CodeNonASCII, locator.SeverityError}
			default:
				t.Fatalf("byte %#x: no class", b)
			}
			var sk Sink
			check1630Chars(&sk, string(b), 5, k)
			fs := sk.Findings()
			var got res
			switch len(fs) {
			case 0:
			case 1:
				got = res{fs[0].Code, fs[0].Severity}
				if fs[0].Offset != 5 || fs[0].Rule == "" || fs[0].Message == "" || !strings.HasPrefix(fs[0].Rule, "URI draft, ") {
					t.Errorf("context %d, byte %#x: finding %#v", k, b, fs[0])
				}
			default:
				t.Errorf("context %d, byte %#x: %d findings", k, b, len(fs))
			}
			if got != want {
				t.Errorf("context %s, byte %#x (%q): got %+v, want %+v", places[k], b, b, got, want)
			}
		}
	}
	// Escapes: "%" hex hex in either case, and not "%*", "%as" (Example 3), "%4", "%".
	for _, s := range []string{"%41", "%4a", "%4A", "%00", "%ff"} {
		if fs := rfc1630Text("x:" + s); len(fs) != 0 {
			t.Errorf("%q: %v", s, fs)
		}
	}
	for _, s := range []string{"%*", "%as", "%4", "%", "%g0", "%0g"} {
		fs := rfc1630Text("x:" + s)
		if len(fs) == 0 || fs[0].Code != locator.CodeBadEscape || fs[0].Offset != 2 {
			t.Errorf("%q: want bad-escape at 2, got %v", s, fs)
		}
	}
	// A UTF-8 character is one finding, an invalid byte one each.
	if fs := rfc1630Text("x:é\xff"); len(fs) != 2 || fs[0].Offset != 2 || fs[1].Offset != 4 {
		t.Errorf("x:é\\xff: %v", fs)
	}
}

// TestRFC1630Scheme checks scheme = ialpha = alpha [ xalphas ].
func TestRFC1630Scheme(t *testing.T) {
	for _, tt := range []struct {
		in   string
		code locator.Code // the first finding's; "" for none
		off  int
	}{
		{"a:x", "", 0}, {"Z:x", "", 0}, {"a_b:x", "", 0}, {"a.b-c$d@e&f!g*h'i(j)k;l,m\"n:x", "", 0},
		{"a%41:x", "", 0}, {"a1:x", "", 0},
		{"1a:x", locator.CodeSchemeDigitFirst, 0}, {"_a:x", locator.CodeSchemeDigitFirst, 0},
		{"%41:x", locator.CodeSchemeDigitFirst, 0}, {":x", locator.CodeSchemeDigitFirst, 0},
		{"a+b:x", locator.CodeReservedChar, 1}, {"a=b:x", locator.CodeDisallowedChar, 1},
		{"a~b:x", locator.CodeNationalChar, 1}, {"a%4:x", locator.CodeBadEscape, 1},
		{"a b:x", locator.CodeUnsafeChar, 1}, // a warning: space is extra
		{"`a:x", locator.CodeSchemeDigitFirst, 0},
	} {
		fs := rfc1630Text(tt.in)
		switch {
		case tt.code == "" && len(fs) != 0:
			t.Errorf("%q: want no finding, got %v", tt.in, fs)
		case tt.code != "" && (len(fs) == 0 || fs[0].Code != tt.code || fs[0].Offset != tt.off):
			t.Errorf("%q: want %s at %d, got %v", tt.in, tt.code, tt.off, fs)
		}
	}
	for s, want := range map[string]bool{"a": true, "a_b": true, "a%41": true, "a.b-c$d@e&f!g*h'i(j)k;l,m\"n": true,
		"": false, "1": false, "_a": false, "a+b": false, "a b": true, "a%4": false, "a=b": false, "a/b": false, "a:b": true} {
		if got := IsIalpha(s); got != want {
			t.Errorf("IsIalpha(%q) = %v, want %v", s, got, want)
		}
	}
	// A first character that is not a letter is reported as that, and as itself when it is
	// in no production either.
	if fs := rfc1630Text("+a:x"); len(fs) != 2 || fs[0].Code != locator.CodeSchemeDigitFirst || fs[1].Code != locator.CodeReservedChar {
		t.Errorf("+a:x: %v", fs)
	}
	if fs := rfc1630Text("%zz:x"); len(fs) != 2 || fs[1].Code != locator.CodeBadEscape {
		t.Errorf("%%zz:x: %v", fs)
	}
}

// TestRFC1630Search: "+" is a space in a search; an empty word is a warning.
func TestRFC1630Search(t *testing.T) {
	for _, tt := range []struct {
		in   string
		offs []int // of the CodeSearchEmptyWord warnings
	}{
		{"x:p?a", nil}, {"x:p?a+b", nil}, {"x:p?a+b+c", nil}, {"x:p?a%2Bb", nil},
		{"x:p?", []int{4}}, {"x:p?+", []int{4}}, {"x:p?+a", []int{4}}, {"x:p?a+", []int{5}},
		{"x:p?a++b", []int{6}}, {"x:p?a+++b", []int{6, 7}}, {"x:p?++", []int{4, 5}},
		{"x:p?#f", []int{4}}, {"g?a+b", nil}, {"?", []int{1}},
	} {
		var offs []int
		for _, f := range rfc1630Text(tt.in) {
			if f.Code != CodeSearchEmptyWord {
				t.Errorf("%q: %v", tt.in, f)
				continue
			}
			if f.Severity != locator.SeverityWarning {
				t.Errorf("%q: %v is not a warning", tt.in, f)
			}
			offs = append(offs, f.Offset)
		}
		if !slicesEqual(offs, tt.offs) {
			t.Errorf("%q: empty words at %v, want %v", tt.in, offs, tt.offs)
		}
	}
}

func slicesEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// literal1630 is the URI draft's "BNF syntax" read word for word, for TestRFC1630Readings:
// path = void | xpalphas [ / path ] with xpalphas = xpalpha [ xpalpha ] (segments of one or two
// characters, no leading "/", no empty segment but a last one), search = xalphas [ + search ]
// (non-empty words), fragmentid = xalphas (not empty), and no partial form.
var literal1630 = func() *regexp.Regexp {
	const xalpha = `(?:[A-Za-z0-9$\-_@.&!*"'():;, ]|%[0-9A-Fa-f]{2})`
	const xpalpha = `(?:` + xalpha + `|\+)`
	const seg = xpalpha + `{1,2}`
	return regexp.MustCompile(`^[A-Za-z]` + xalpha + `*:(?:` + seg + `(?:/` + seg + `)*/?)?` +
		`(?:\?` + xalpha + `+(?:\+` + xalpha + `+)*)?(?:#` + xalpha + `+)?$`)
}()

// TestRFC1630Readings runs, for each place where the BNF and the prose of the URI draft
// disagree, the URIs that tell the two readings apart: read literally, the BNF rejects the
// draft's own examples (a leading "/", "c//d"), so the checker follows the prose (see
// rfc1630.go). A URI is "valid" for the checker when it has no error (warnings allowed).
func TestRFC1630Readings(t *testing.T) {
	for _, tt := range []struct {
		uri              string
		literal, checker bool
		why              string
	}{
		{"x:ab/cd", true, true, "segments of two characters"},
		{"x:abc", false, true, "xpalphas = xpalpha [ xpalpha ]: at most two characters, a typo of xpalpha [ xpalphas ]"},
		{"http://www.w3.org/albert/bertram/marie-claude", false, true, "Example 1: a leading \"/\" and long segments"},
		{"fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred", false, false, "Example 3: illegal in both readings"},
		{"magic://a/b/c//d/e/f", false, true, "Partial (relative) form: \"c//d\" is an empty segment"},
		{"g:a", true, true, "Partial (relative) form, Examples"},
		{"g", false, true, "a partial form: the BNF has no production for one, the prose does"},
		{"x:a/", true, true, "a trailing \"/\": \"The trailing slash indicates a void segment\""},
		{"x:a?b+c", true, true, "search words"},
		{"x:a?b++c", false, true, "an empty word: a warning, \"+\" is a space (Query strings)"},
		{"x:a?", false, true, "an empty search: a warning"},
		{"x:a?b/c", false, false, "\"/\" is in no search word"},
		{"x:a#b", true, true, "a fragment"},
		{"x:a#", false, true, "a void fragment-id means the whole object (Fragment-id)"},
		{"x: a", true, true, "space is extra (the checker warns: canonical form encodes it)"},
		{"x:a+", true, true, "\"+\" in a path is xpalpha: a plus"},
		{"x:a#b+c", false, false, "\"+\" is not in fragmentid"},
		{"x:a=b", false, false, "\"=\" is in no production"},
	} {
		if got := literal1630.MatchString(tt.uri); got != tt.literal {
			t.Errorf("%s: literal BNF %v, want %v (%s)", tt.uri, got, tt.literal, tt.why)
		}
		valid := true
		for _, f := range rfc1630Text(tt.uri) {
			valid = valid && f.Severity != locator.SeverityError
		}
		if valid != tt.checker {
			t.Errorf("%s: checker valid %v, want %v (%s): %v", tt.uri, valid, tt.checker, tt.why, rfc1630Text(tt.uri))
		}
	}
}

// TestRFC1630Adversarial runs CheckRFC1630Text on 1 MB runs of each adversarial shape (and
// of "+", "#", "<", "=") in each part: it may allocate at most 4 bytes and 2,000 times per
// run, and give at most MaxFindings findings and the count of the rest.
func TestRFC1630Adversarial(t *testing.T) {
	size := 1 << 20
	if testing.Short() {
		size = 64 << 10
	}
	units := map[string]string{"plus": "+", "hash": "#", "lt": "<", "eq": "=", "backtick": "`", "pct-star": "%*"}
	for k, v := range shapes {
		units[k] = v
	}
	worst, worstAllocs := 0.0, uint64(0)
	for shape, unit := range units {
		run := strings.Repeat(unit, size/len(unit))
		for part, in := range map[string]string{
			"scheme": "a" + run + ":x", "path": "x:" + run, "search": "x:/p?" + run,
			"fragment": "x:/p#" + run, "partial": run,
		} {
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			fs := rfc1630Text(in)
			runtime.ReadMemStats(&m1)
			bytes, allocs := m1.TotalAlloc-m0.TotalAlloc, m1.Mallocs-m0.Mallocs
			worst, worstAllocs = max(worst, float64(bytes)/float64(len(in))), max(worstAllocs, allocs)
			if bytes > uint64(4*len(in)) || allocs > 2000 {
				t.Errorf("%s in %s: %d bytes in %d allocations for %d bytes of input", shape, part, bytes, allocs, len(in))
			}
			if len(fs) > locator.MaxFindings+1 {
				t.Errorf("%s in %s: %d findings", shape, part, len(fs))
			}
			for i, f := range fs {
				if f.Offset < 0 || f.Offset > len(in) || len(f.Message) > 400 || (i > 0 && fs[i-1].Offset > f.Offset) {
					t.Errorf("%s in %s: finding %d: %v", shape, part, i, f)
					break
				}
			}
		}
	}
	t.Logf("runs of %d bytes: at most %.3f bytes allocated per input byte, %d allocations", size, worst, worstAllocs)
}
