package scheme

import (
	"strings"
	"testing"

	"github.com/locator-url/locator"
)

// A transcription of RFC 3986 §5.2 (reference resolution) and §5.3 (component
// recomposition), written line by line from the RFC's pseudo-code on strings, for a
// differential check of locator.Resolve (ModeRFC3986): FuzzResolveTranscription and
// TestUriparser, which also holds uriparser to it where uriparser and locator part. It lives
// here, beside TestUriparser, which needs Check to tell valid references, and the
// transcriptions of RFC 2396, RFC 1808 and the 1993 draft (transcription_old_test.go) build on
// its components and recomposition.
//
// It takes the components from locator.Parse (whose split TestUriparser and FuzzParse check
// against other parsers) and adds to the RFC one rule of locator's own, documented at
// locator.NormalizeRemoveDotSegments: a result with no authority whose path starts with "//"
// gets "/." before the path, since "scheme:" + "//x" would read back with an authority (RFC
// 3986 §3.3: such a path "cannot begin with two slash characters").

// rfcComponents are the five components of RFC 3986 §5.2.1, with "defined" kept apart from
// "empty" (§5.2.1: "undefined components" versus empty ones).
type rfcComponents struct {
	scheme, authority, path, query, fragment       string
	hasScheme, hasAuthority, hasQuery, hasFragment bool
}

func rfcSplit(u locator.URL) rfcComponents {
	var c rfcComponents
	c.scheme, c.hasScheme = u.Scheme(), u.HasScheme()
	c.authority, c.hasAuthority = u.Authority()
	c.path = u.Path()
	c.query, c.hasQuery = u.Query()
	c.fragment, c.hasFragment = u.Fragment()
	return c
}

// rfcResolve is RFC 3986 §5.2.2, "Transform References", strict (a scheme in the reference is
// never ignored), followed by §5.3.
func rfcResolve(base, ref locator.URL) string { return rfcResolveMode(base, ref, true) }

// rfcResolveMode is rfcResolve, or with strict false the pseudo-code's other branch: "if
// ((not strict) and (R.scheme == Base.scheme)) then undefine(R.scheme)" (schemes compare
// without regard to case, §3.1).
func rfcResolveMode(base, ref locator.URL, strict bool) string {
	b, r := rfcSplit(base), rfcSplit(ref)
	if !strict && r.hasScheme && strings.EqualFold(r.scheme, b.scheme) {
		r.scheme, r.hasScheme = "", false
	}
	var t rfcComponents
	if r.hasScheme {
		t.scheme, t.hasScheme = r.scheme, true
		t.authority, t.hasAuthority = r.authority, r.hasAuthority
		t.path = rfcRemoveDotSegments(r.path)
		t.query, t.hasQuery = r.query, r.hasQuery
	} else {
		if r.hasAuthority {
			t.authority, t.hasAuthority = r.authority, true
			t.path = rfcRemoveDotSegments(r.path)
			t.query, t.hasQuery = r.query, r.hasQuery
		} else {
			if r.path == "" {
				t.path = b.path
				if r.hasQuery {
					t.query, t.hasQuery = r.query, true
				} else {
					t.query, t.hasQuery = b.query, b.hasQuery
				}
			} else {
				if strings.HasPrefix(r.path, "/") {
					t.path = rfcRemoveDotSegments(r.path)
				} else {
					t.path = rfcMerge(b, r.path)
					t.path = rfcRemoveDotSegments(t.path)
				}
				t.query, t.hasQuery = r.query, r.hasQuery
			}
			t.authority, t.hasAuthority = b.authority, b.hasAuthority
		}
		t.scheme, t.hasScheme = b.scheme, b.hasScheme
	}
	t.fragment, t.hasFragment = r.fragment, r.hasFragment
	return rfcRecompose(t)
}

// rfcMerge is RFC 3986 §5.2.3.
func rfcMerge(b rfcComponents, refPath string) string {
	// "If the base URI has a defined authority component and an empty path, then return a
	// string consisting of "/" concatenated with the reference's path"
	if b.hasAuthority && b.path == "" {
		return "/" + refPath
	}
	// "otherwise, return a string consisting of the reference's path component appended to
	// all but the last segment of the base URI's path (i.e., excluding any characters after
	// the right-most "/" in the base URI path, or excluding the entire base URI path if it
	// does not contain any "/" characters)."
	return b.path[:strings.LastIndex(b.path, "/")+1] + refPath
}

// rfcRemoveDotSegments is RFC 3986 §5.2.4, step by step on strings (quadratic: for tests).
func rfcRemoveDotSegments(in string) string {
	// 1. "The input buffer is initialized with the now-appended path components and the
	// output buffer is initialized to the empty string."
	out := ""
	// 2. "While the input buffer is not empty, loop as follows:"
	for in != "" {
		switch {
		// A. "If the input buffer begins with a prefix of "../" or "./", then remove that
		// prefix from the input buffer; otherwise,"
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		// B. "if the input buffer begins with a prefix of "/./" or "/.", where "." is a
		// complete path segment, then replace that prefix with "/" in the input buffer;
		// otherwise,"
		case strings.HasPrefix(in, "/./"):
			in = "/" + in[3:]
		case in == "/.":
			in = "/"
		// C. "if the input buffer begins with a prefix of "/../" or "/..", where ".." is a
		// complete path segment, then replace that prefix with "/" in the input buffer and
		// remove the last segment and its preceding "/" (if any) from the output buffer;
		// otherwise,"
		case strings.HasPrefix(in, "/../") || in == "/..":
			in = "/" + in[min(len(in), 4):]
			if i := strings.LastIndex(out, "/"); i >= 0 {
				out = out[:i]
			} else {
				out = ""
			}
		// D. "if the input buffer consists only of "." or "..", then remove that from the
		// input buffer; otherwise,"
		case in == "." || in == "..":
			in = ""
		// E. "move the first path segment in the input buffer to the end of the output
		// buffer, including the initial "/" character (if any) and any subsequent characters
		// up to, but not including, the next "/" character or the end of the input buffer."
		default:
			i := strings.IndexByte(in[1:], '/') + 1
			if i == 0 {
				i = len(in)
			}
			out += in[:i]
			in = in[i:]
		}
	}
	// 3. "Finally, the output buffer is returned as the result of remove_dot_segments."
	return out
}

// rfcRecompose is RFC 3986 §5.3, with locator's "/." before a path that starts with "//"
// where there is no authority (see above).
func rfcRecompose(t rfcComponents) string {
	var s strings.Builder
	if t.hasScheme {
		s.WriteString(t.scheme + ":")
	}
	if t.hasAuthority {
		s.WriteString("//" + t.authority)
	} else if strings.HasPrefix(t.path, "//") {
		s.WriteString("/.")
	}
	s.WriteString(t.path)
	if t.hasQuery {
		s.WriteString("?" + t.query)
	}
	if t.hasFragment {
		s.WriteString("#" + t.fragment)
	}
	return s.String()
}

// rfcNormalizeDots is the dot-segment step of RFC 3986 §6.2.2.3 by the transcription: the
// path of u (a URI: it has a scheme) through remove_dot_segments, recomposed.
func rfcNormalizeDots(u locator.URL) string {
	c := rfcSplit(u)
	c.path = rfcRemoveDotSegments(c.path)
	return rfcRecompose(c)
}

// TestRFCTranscription holds the transcription itself to the examples of RFC 3986 §5.4 (all
// of §5.4.1 and §5.4.2, "http:g" both ways) and to the two of §5.2.4, so that the
// differential tests built on it compare with the RFC and not with a mistake of its own.
func TestRFCTranscription(t *testing.T) {
	base := locator.MustParse("http://a/b/c/d;p?q")
	for _, c := range [][2]string{
		// §5.4.1 Normal Examples
		{"g:h", "g:h"}, {"g", "http://a/b/c/g"}, {"./g", "http://a/b/c/g"},
		{"g/", "http://a/b/c/g/"}, {"/g", "http://a/g"}, {"//g", "http://g"},
		{"?y", "http://a/b/c/d;p?y"}, {"g?y", "http://a/b/c/g?y"}, {"#s", "http://a/b/c/d;p?q#s"},
		{"g#s", "http://a/b/c/g#s"}, {"g?y#s", "http://a/b/c/g?y#s"}, {";x", "http://a/b/c/;x"},
		{"g;x", "http://a/b/c/g;x"}, {"g;x?y#s", "http://a/b/c/g;x?y#s"}, {"", "http://a/b/c/d;p?q"},
		{".", "http://a/b/c/"}, {"./", "http://a/b/c/"}, {"..", "http://a/b/"},
		{"../", "http://a/b/"}, {"../g", "http://a/b/g"}, {"../..", "http://a/"},
		{"../../", "http://a/"}, {"../../g", "http://a/g"},
		// §5.4.2 Abnormal Examples
		{"../../../g", "http://a/g"}, {"../../../../g", "http://a/g"}, {"/./g", "http://a/g"},
		{"/../g", "http://a/g"}, {"g.", "http://a/b/c/g."}, {".g", "http://a/b/c/.g"},
		{"g..", "http://a/b/c/g.."}, {"..g", "http://a/b/c/..g"}, {"./../g", "http://a/b/g"},
		{"./g/.", "http://a/b/c/g/"}, {"g/./h", "http://a/b/c/g/h"}, {"g/../h", "http://a/b/c/h"},
		{"g;x=1/./y", "http://a/b/c/g;x=1/y"}, {"g;x=1/../y", "http://a/b/c/y"},
		{"g?y/./x", "http://a/b/c/g?y/./x"}, {"g?y/../x", "http://a/b/c/g?y/../x"},
		{"g#s/./x", "http://a/b/c/g#s/./x"}, {"g#s/../x", "http://a/b/c/g#s/../x"},
		{"http:g", "http:g"},
	} {
		if got := rfcResolve(base, locator.MustParse(c[0])); got != c[1] {
			t.Errorf("transcription: %q against %q = %q, RFC 3986 §5.4 gives %q", c[0], base, got, c[1])
		}
	}
	// §5.4.2: "http:g" is "http://a/b/c/g" "for backward compatibility" (not strict).
	if got := rfcResolveMode(base, locator.MustParse("http:g"), false); got != "http://a/b/c/g" {
		t.Errorf("transcription, not strict: %q against %q = %q, RFC 3986 §5.4.2 gives %q", "http:g", base, got, "http://a/b/c/g")
	}
	// §5.2.4's two worked examples.
	for _, c := range [][2]string{{"/a/b/c/./../../g", "/a/g"}, {"mid/content=5/../6", "mid/6"}} {
		if got := rfcRemoveDotSegments(c[0]); got != c[1] {
			t.Errorf("remove_dot_segments(%q) = %q, RFC 3986 §5.2.4 gives %q", c[0], got, c[1])
		}
	}
}

// FuzzResolveTranscription: locator.Resolve with ModeRFC3986 and ModeRFC3986Compat gives what
// the transcription of RFC 3986 §5.2 gives (strict and not), for every base with a scheme and
// every reference that parse.
func FuzzResolveTranscription(f *testing.F) {
	for _, s := range [][2]string{
		{"http://a/b/c/d;p?q", "../../../g"},
		{"http://a/b/c/d;p?q", "g?y/../x"},
		{"foo:a/b", "../../c"},
		{"foo:", ".//?="},
		{"foo:t/..//,", "x"},
		{"a://h///", "x"},
		{"a:/b", "HTTP:x/../y"},
		{"a:b?q#f", ""},
		{"x://u@h:1", "?#"},
		{"a:/x", "//h"},
		{"a:%2e%2E/..", "../.././/b"},
		{"HTTP://a/b/c", "http:g"},
		{"http://a/b/c", "hTTp://h/./x"},
		{"a:/b", "..//"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, bs, rs string) {
		base, err1 := locator.Parse(bs)
		ref, err2 := locator.Parse(rs)
		if err1 != nil || err2 != nil || !base.HasScheme() {
			return
		}
		got, err := locator.Resolve(base, ref, locator.ModeRFC3986)
		if err != nil {
			t.Fatalf("Resolve(%q, %q): %v", bs, rs, err)
		}
		if want := rfcResolve(base, ref); got.String() != want {
			t.Fatalf("Resolve(%q, %q) = %q; RFC 3986 §5.2 (transcribed) gives %q", bs, rs, got, want)
		}
		got, err = locator.Resolve(base, ref, locator.ModeRFC3986Compat)
		if want := rfcResolveMode(base, ref, false); err != nil || got.String() != want {
			t.Fatalf("Resolve(%q, %q, rfc3986-compat) = %q, %v; RFC 3986 §5.2 (transcribed, not strict) gives %q", bs, rs, got, err, want)
		}
	})
}
