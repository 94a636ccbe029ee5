package scheme

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/locator-url/locator"
)

// Transcriptions of RFC 2396 §5.2, RFC 1808 §4 and the 1993 URL draft's "Partial form", step
// by step on strings, for a differential check of locator.Resolve under ModeRFC2396,
// ModeRFC1808 and ModeURLDraft (TestResolveTranscriptions, FuzzResolveTranscriptions):
// FuzzResolve only checks that a result parses back, and a result that parses but is wrong
// ("http://a" and ";x" under RFC 1808 gave the host "a;x") went through it. They share the
// components and the recomposition of the RFC 3986 transcription (rfc3986_transcription_test.go).
//
// They take the components from locator.Parse's split (RFC 3986 §3, which Resolve uses in
// every mode; RFC 1808 §2.4 would split "http://a?q" differently, with the net_loc "a?q")
// through the getters only, and add to the texts the readings that Resolve documents:
//   - a path after an authority starts with "/" (RFC 2396 §3, RFC 1808 §2.2: abs_path = "/"
//     rel_path), so an empty base path after an authority is "/" when a relative path is
//     merged with it (as RFC 3986 §5.2.3 later wrote down): "http://a" and "g" give
//     "http://a/g", and "." gives "http://a/";
//   - a result with no authority whose path starts with "//" gets "/." before the path (RFC
//     3986 §3.3), as rfcRecompose does.

// oldRecompose is RFC 2396 §5.2 step 7 and RFC 1808 §4 step 7: rfcRecompose, with the "/"
// that starts a path after an authority.
func oldRecompose(p rfcComponents) string {
	if p.hasAuthority && p.path != "" && p.path[0] != '/' {
		p.path = "/" + p.path
	}
	return rfcRecompose(p)
}

// oldCleanPath is RFC 2396 §5.2 step 6 c)–f), which RFC 1808 §4 step 6 a)–d) words the same
// way, on the buffer (quadratic: for tests). A complete segment is one between two "/" or an
// end of the buffer, except the empty string before the "/" that starts a buffer that was an
// absolute path (RFC 2396 Appendix C and RFC 1808 §5.2: "../../../g" is "http://a/../g", not
// "http://a/g").
// The RFCs leave open a buffer that only starts with "/" after c) (".//.." → "/.."); the
// transcription reads it as Resolve does (appendDots2396): its first segment, empty, is one.
func oldCleanPath(buf string) string {
	abs := strings.HasPrefix(buf, "/")
	// c) "All occurrences of "./", where "." is a complete path segment, are removed from the
	// buffer string."
	for {
		i := oldFindSegment(buf, "./")
		if i < 0 {
			break
		}
		buf = buf[:i] + buf[i+2:]
	}
	// d) "If the buffer string ends with "." as a complete path segment, that "." is removed."
	if buf == "." || strings.HasSuffix(buf, "/.") {
		buf = buf[:len(buf)-1]
	}
	// e) "All occurrences of "<segment>/../", where <segment> is a complete path segment not
	// equal to "..", are removed from the buffer string. Removal of these path segments is
	// performed iteratively, removing the leftmost matching pattern on each iteration, until
	// no matching pattern remains."
	for {
		found := false
		for i := 0; i <= len(buf); i++ {
			if i > 0 && buf[i-1] != '/' || i == 0 && abs {
				continue // a segment starts after a "/", or at 0 in a relative path
			}
			j := strings.IndexByte(buf[i:], '/')
			if j < 0 {
				break
			}
			seg := buf[i : i+j]
			if seg != ".." && strings.HasPrefix(buf[i+j:], "/../") {
				buf = buf[:i] + buf[i+j+4:]
				found = true
				break
			}
		}
		if !found {
			break
		}
	}
	// f) "If the buffer string ends with "<segment>/..", where <segment> is a complete path
	// segment not equal to "..", that "<segment>/.." is removed."
	if strings.HasSuffix(buf, "/..") {
		rest := buf[:len(buf)-3]
		i := strings.LastIndexByte(rest, '/') + 1
		if seg := rest[i:]; seg != ".." && (i > 0 || !abs) {
			buf = rest[:i]
		}
	}
	return buf
}

// oldFindSegment returns the index of the first occurrence of pat in buf that starts a
// complete segment (at 0 or after a "/"), or -1.
func oldFindSegment(buf, pat string) int {
	for i := 0; i+len(pat) <= len(buf); i++ {
		if (i == 0 || buf[i-1] == '/') && buf[i:i+len(pat)] == pat {
			return i
		}
	}
	return -1
}

// oldAllButLast is "all but the last segment of the base URI's path" (RFC 2396 §5.2 step 6a;
// RFC 1808 §4 step 6: "anything following the rightmost slash "/", or the entire path if no
// slash is present" is removed).
func oldAllButLast(path string) string {
	return path[:strings.LastIndexByte(path, '/')+1]
}

// oldMergeBase is the base's path for step 6: "/" for an empty one after an authority (see
// above).
func oldMergeBase(b rfcComponents, path string) string {
	if b.hasAuthority && path == "" {
		return "/"
	}
	return path
}

// rfc2396Resolve is RFC 2396 §5.2.
func rfc2396Resolve(base, ref locator.URL) string {
	b, r := rfcSplit(base), rfcSplit(ref)
	// 2) "If the path component is empty and the scheme, authority, and query components are
	// undefined, then it is a reference to the current document and we are done."
	if r.path == "" && !r.hasScheme && !r.hasAuthority && !r.hasQuery {
		t := b
		t.fragment, t.hasFragment = r.fragment, r.hasFragment
		return oldRecompose(t)
	}
	// 3) "If the scheme component is defined, indicating that the reference starts with a
	// scheme name, then the reference is interpreted as an absolute URI and we are done.
	// Otherwise, the reference URI's scheme is inherited from the base URI's scheme
	// component."
	if r.hasScheme {
		return oldRecompose(r)
	}
	r.scheme, r.hasScheme = b.scheme, true
	// 4) "If the authority component is defined, then the reference is a network-path and we
	// skip to step 7. Otherwise, the reference URI's authority is inherited from the base
	// URI's authority component, which will also be undefined if the URI scheme does not use
	// an authority component."
	if r.hasAuthority {
		return oldRecompose(r)
	}
	r.authority, r.hasAuthority = b.authority, b.hasAuthority
	// 5) "If the path component begins with a slash character ("/"), then the reference is
	// an absolute-path and we skip to step 7."
	if strings.HasPrefix(r.path, "/") {
		return oldRecompose(r)
	}
	// 6) a) "All but the last segment of the base URI's path component is copied to the
	// buffer." b) "The reference's path component is appended to the buffer string." c)–f)
	// g) "If the resulting buffer string still begins with one or more complete path
	// segments of "..", then the reference is considered to be in error. Implementations may
	// handle this error by retaining these components in the resolved path" (Resolve does).
	r.path = oldCleanPath(oldAllButLast(oldMergeBase(b, b.path)) + r.path)
	return oldRecompose(r)
}

// rfc1808Resolve is RFC 1808 §4.
func rfc1808Resolve(base, ref locator.URL) string {
	b, r := rfcSplit(base), rfcSplit(ref)
	// Step 2 a) "If the embedded URL is entirely empty, it inherits the entire base URL
	// (i.e., is set equal to the base URL) and we are done."
	if ref.String() == "" {
		return oldRecompose(b)
	}
	// b) "If the embedded URL starts with a scheme name, it is interpreted as an absolute URL
	// and we are done." c) "Otherwise, the embedded URL inherits the scheme of the base URL."
	// The scheme name as §2.4.2 parses it: "If the parse string contains a colon ":" after
	// the first character and before any characters not allowed as part of a scheme name
	// (i.e., any not an alphanumeric, plus "+", period ".", or hyphen "-")": "1a:b" too.
	if r.hasScheme {
		return oldRecompose(r)
	}
	if s := ref.String(); oldScheme1808(s) {
		return s
	}
	r.scheme, r.hasScheme = b.scheme, true
	// Step 3: "If the embedded URL's <net_loc> is non-empty, we skip to Step 7. Otherwise,
	// the embedded URL inherits the <net_loc> (if any) of the base URL."
	if r.hasAuthority && r.authority != "" {
		return oldRecompose(r)
	}
	r.authority, r.hasAuthority = b.authority, b.hasAuthority
	// §2.4.5: the params are everything from the first ";" of the path on; they "do not form
	// a part of the URL path".
	rPath, rParams := oldSplitParams(r.path)
	bPath, bParams := oldSplitParams(b.path)
	// Step 4: "If the embedded URL path is preceded by a slash "/", the path is not relative
	// and we skip to Step 7."
	if strings.HasPrefix(rPath, "/") {
		return oldRecompose(r)
	}
	// Step 5: "If the embedded URL path is empty (and not preceded by a slash), then the
	// embedded URL inherits the base URL path, and
	if rPath == "" {
		// a) if the embedded URL's <params> are non-empty, we skip to step 7; otherwise, it
		// inherits the <params> of the base URL (if any) and
		if len(rParams) > 1 {
			r.path = bPath + rParams
			return oldRecompose(r)
		}
		// b) if the embedded URL's <query> is non-empty, we skip to step 7; otherwise, it
		// inherits the <query> of the base URL (if any) and we skip to step 7."
		r.path = bPath + bParams
		if !r.hasQuery || r.query == "" {
			r.query, r.hasQuery = b.query, b.hasQuery
		}
		return oldRecompose(r)
	}
	// Step 6: "The last segment of the base URL's path (anything following the rightmost
	// slash "/", or the entire path if no slash is present) is removed and the embedded URL's
	// path is appended in its place." a)–d) as RFC 2396's c)–f).
	r.path = oldCleanPath(oldAllButLast(oldMergeBase(b, bPath))+rPath) + rParams
	return oldRecompose(r)
}

// oldScheme1808 reports whether s starts with a scheme name by RFC 1808 §2.4.2 (above).
func oldScheme1808(s string) bool {
	i := strings.IndexByte(s, ':')
	return i > 0 && strings.Trim(s[:i], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-") == ""
}

// urlDraftResolve is the 1993 URL draft, "Partial form", with the two readings that Resolve
// documents where the draft is silent: a void partial form ("" or a fragment alone) names the
// context itself, and a full form is taken whole.
func urlDraftResolve(base, ref locator.URL) string {
	b, r := rfcSplit(base), rfcSplit(ref)
	if r.hasScheme {
		return oldRecompose(r)
	}
	// "A partial form can be distinguished from a full form in that a full form must have a
	// colon and that colon must occur before any slash characters" (before the "#" of a
	// fragment-id, fragmentaddress = url [ "#" fragmentid ], and the "?" of a search, generic =
	// scheme : path [ ? search ]): "a_b:c" is a full form, "g?x:y" is not.
	if s := ref.String(); strings.Contains(strings.Split(strings.Split(strings.Split(s, "#")[0], "?")[0], "/")[0], ":") {
		return s
	}
	r.scheme, r.hasScheme = b.scheme, true
	// "If the host and/or port parts are the different, the host, port name and all the rest
	// of the locator must be given."
	if r.hasAuthority {
		return oldRecompose(r)
	}
	if r.path == "" && !r.hasQuery {
		t := b
		t.fragment, t.hasFragment = r.fragment, r.hasFragment
		return oldRecompose(t)
	}
	r.authority, r.hasAuthority = b.authority, b.hasAuthority
	// "If a leading slash is present, the path is absolute."
	if strings.HasPrefix(r.path, "/") {
		return oldRecompose(r)
	}
	// "The last part of the path of the context locator (anything following the rightmost
	// slash) is removed, and the given partial URL appended in its place."
	buf := oldAllButLast(oldMergeBase(b, b.path)) + r.path
	// "Within the result, all occurrences of "/xxx/.." or "/." are recursively removed, where
	// xxx, ".." and "." are complete path elements": leftmost first, until none is left; xxx
	// is neither ".." nor "." (a "/." there is removed first).
	for {
		removed := false
		for i := 0; i < len(buf) && !removed; i++ {
			if buf[i] != '/' {
				continue
			}
			j := i + 1
			for j < len(buf) && buf[j] != '/' {
				j++
			}
			switch elem := buf[i+1 : j]; {
			case elem == ".":
				buf, removed = buf[:i]+buf[j:], true
			case elem != ".." && (buf[j:] == "/.." || strings.HasPrefix(buf[j:], "/../")):
				buf, removed = buf[:i]+buf[j+3:], true
			}
		}
		if !removed {
			break
		}
	}
	r.path = buf
	return oldRecompose(r)
}

// oldSplitParams splits an RFC 1808 path at its first ";" (§2.4.5).
func oldSplitParams(path string) (p, params string) {
	if i := strings.IndexByte(path, ';'); i >= 0 {
		return path[:i], path[i:]
	}
	return path, ""
}

// TestResolveTranscriptions checks the transcriptions on the examples of RFC 2396 Appendix C
// and RFC 1808 §5 (their own tables), then Resolve against them on generated inputs.
func TestResolveTranscriptions(t *testing.T) {
	base := locator.MustParse("http://a/b/c/d;p?q")
	for _, c := range [][3]string{
		// RFC 2396 Appendix C.1 and C.2, RFC 1808 §5.1 and §5.2, where they agree.
		{"g:h", "g:h", "g:h"}, {"g", "http://a/b/c/g", "http://a/b/c/g"},
		{"./g", "http://a/b/c/g", "http://a/b/c/g"}, {"g/", "http://a/b/c/g/", "http://a/b/c/g/"},
		{"/g", "http://a/g", "http://a/g"}, {"//g", "http://g", "http://g"},
		{"?y", "http://a/b/c/?y", "http://a/b/c/d;p?y"}, {"g?y", "http://a/b/c/g?y", "http://a/b/c/g?y"},
		{"#s", "http://a/b/c/d;p?q#s", "http://a/b/c/d;p?q#s"}, {"g#s", "http://a/b/c/g#s", "http://a/b/c/g#s"},
		{"g?y#s", "http://a/b/c/g?y#s", "http://a/b/c/g?y#s"}, {";x", "http://a/b/c/;x", "http://a/b/c/d;x"},
		{"g;x", "http://a/b/c/g;x", "http://a/b/c/g;x"}, {"g;x?y#s", "http://a/b/c/g;x?y#s", "http://a/b/c/g;x?y#s"},
		{".", "http://a/b/c/", "http://a/b/c/"}, {"./", "http://a/b/c/", "http://a/b/c/"},
		{"..", "http://a/b/", "http://a/b/"}, {"../", "http://a/b/", "http://a/b/"},
		{"../g", "http://a/b/g", "http://a/b/g"}, {"../..", "http://a/", "http://a/"},
		{"../../", "http://a/", "http://a/"}, {"../../g", "http://a/g", "http://a/g"},
		{"", "http://a/b/c/d;p?q", "http://a/b/c/d;p?q"},
		{"../../../g", "http://a/../g", "http://a/../g"}, {"../../../../g", "http://a/../../g", "http://a/../../g"},
		{"/./g", "http://a/./g", "http://a/./g"}, {"/../g", "http://a/../g", "http://a/../g"},
		{"g.", "http://a/b/c/g.", "http://a/b/c/g."}, {".g", "http://a/b/c/.g", "http://a/b/c/.g"},
		{"g..", "http://a/b/c/g..", "http://a/b/c/g.."}, {"..g", "http://a/b/c/..g", "http://a/b/c/..g"},
		{"./../g", "http://a/b/g", "http://a/b/g"}, {"./g/.", "http://a/b/c/g/", "http://a/b/c/g/"},
		{"g/./h", "http://a/b/c/g/h", "http://a/b/c/g/h"}, {"g/../h", "http://a/b/c/h", "http://a/b/c/h"},
		{"http:g", "http:g", "http:g"},
	} {
		ref := locator.MustParse(c[0])
		if got := rfc2396Resolve(base, ref); got != c[1] {
			t.Errorf("RFC 2396 transcription: %q = %q, Appendix C gives %q", c[0], got, c[1])
		}
		if got := rfc1808Resolve(base, ref); got != c[2] {
			t.Errorf("RFC 1808 transcription: %q = %q, §5 gives %q", c[0], got, c[2])
		}
	}
	// The 1993 draft has no table; these are its rule's words: "/xxx/.." and "/." go with
	// their slash, an element not after a "/" stays, a leading "/" makes the path absolute
	// (and left as it is).
	for _, c := range [][2]string{
		{".", "http://a/b/c"}, {"..", "http://a/b"}, {"g/..", "http://a/b/c"}, {"../../..", "http://a/.."},
		{"a/../../b", "http://a/b/b"}, {"/a/../b", "http://a/a/../b"}, {"?y", "http://a/b/c/?y"},
		{"", "http://a/b/c/d;p?q"}, {"#s", "http://a/b/c/d;p?q#s"}, {"//g/./x", "http://g/./x"},
	} {
		if got := urlDraftResolve(base, locator.MustParse(c[0])); got != c[1] {
			t.Errorf("1993 URL draft transcription: %q = %q, want %q", c[0], got, c[1])
		}
	}
	// Generated inputs: the pieces of resolution (dot segments, params, queries, empty
	// parts, an authority with an empty path, rootless paths).
	r := rand.New(rand.NewPCG(1808, 2396))
	pieces := []string{"a", "b", ".", "..", "/", "//", ";", ";p", "?", "?q", "#", "#f", ":", "g:h"}
	gen := func(n int) string {
		var b strings.Builder
		for range r.IntN(n + 1) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		return b.String()
	}
	bases := []string{"http://a", "http://a/b/c/d;p?q", "sc:", "sc:a/b", "sc:/a/b;p", "sc://h?q", "sc://h/a/"}
	n := 200000
	if testing.Short() {
		n = 20000
	}
	fails := 0
	for range n {
		base, err1 := locator.Parse(bases[r.IntN(len(bases))] + gen(2))
		ref, err2 := locator.Parse(gen(5))
		if err1 != nil || err2 != nil || !base.HasScheme() {
			continue
		}
		for _, m := range []struct {
			mode locator.Mode
			tr   func(locator.URL, locator.URL) string
		}{{locator.ModeRFC2396, rfc2396Resolve}, {locator.ModeRFC1808, rfc1808Resolve}, {locator.ModeURLDraft, urlDraftResolve}} {
			got, err := locator.Resolve(base, ref, m.mode)
			want := m.tr(base, ref)
			if err != nil || got.String() != want {
				if fails++; fails <= 20 {
					t.Errorf("locator.Resolve(%q, %q, %s) = %q, %v; the transcription gives %q", base, ref, m.mode, got, err, want)
				}
			}
		}
	}
}

// FuzzResolveTranscriptions: Resolve under locator.ModeRFC2396, locator.ModeRFC1808 and locator.ModeURLDraft gives
// what the transcriptions give, for every base with a scheme and every reference that parse.
func FuzzResolveTranscriptions(f *testing.F) {
	for _, s := range [][2]string{
		{"http://a/b/c/d;p?q", "../../../g"},
		{"http://a/b/c/d;p?q", ";x"},
		{"http://a", ";x"},
		{"A://:", ";0"},
		{"sc:.", ".//.."},
		{"sc:a/b", "..//..;p"},
		{"http://a?q", "?"},
		{"http://a/b;p?q#f", ""},
		{"sc:/a/b/", "g/./h/../../.."},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, bs, rs string) {
		base, err1 := locator.Parse(bs)
		ref, err2 := locator.Parse(rs)
		if err1 != nil || err2 != nil || !base.HasScheme() || len(bs)+len(rs) > 1<<12 {
			return // the transcriptions are quadratic
		}
		if got, err := locator.Resolve(base, ref, locator.ModeRFC2396); err != nil || got.String() != rfc2396Resolve(base, ref) {
			t.Fatalf("locator.Resolve(%q, %q, rfc2396) = %q, %v; RFC 2396 §5.2 (transcribed) gives %q", bs, rs, got, err, rfc2396Resolve(base, ref))
		}
		if got, err := locator.Resolve(base, ref, locator.ModeRFC1808); err != nil || got.String() != rfc1808Resolve(base, ref) {
			t.Fatalf("locator.Resolve(%q, %q, rfc1808) = %q, %v; RFC 1808 §4 (transcribed) gives %q", bs, rs, got, err, rfc1808Resolve(base, ref))
		}
		if got, err := locator.Resolve(base, ref, locator.ModeURLDraft); err != nil || got.String() != urlDraftResolve(base, ref) {
			t.Fatalf("locator.Resolve(%q, %q, url-draft) = %q, %v; the 1993 draft (transcribed) gives %q", bs, rs, got, err, urlDraftResolve(base, ref))
		}
	})
}
