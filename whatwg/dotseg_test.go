package whatwg

import (
	"strings"
	"testing"
)

// dotForms are path segments the path state reads as dot segments (§4.1: single-dot ".",
// "%2e"; double-dot "..", ".%2e", "%2e.", "%2e%2e", in any case) and segments that only look
// like them.
var (
	dotForms    = []string{".", "..", "%2e", "%2E", ".%2e", ".%2E", "%2e.", "%2E.", "%2e%2e", "%2E%2e", "%2e%2E"}
	notDotForms = []string{"...", ".x", "x.", "%2ex", "..%2e", "%2e%2e%2e", ".%20", "%2f", "%2", "%", ".%2", "%2e.%2e", ".\t.", "%2\te"}
)

// dotInputs returns URLs with every form of dotForms and notDotForms in the path of special URLs
// (file URLs with and without a host and Windows drive letters included), after "/" or "\",
// first in the path, after one or more segments, and last, before "?", "#" or more segments.
func dotInputs() []string {
	var out []string
	forms := append(append([]string{}, dotForms...), notDotForms...)
	for _, scheme := range []string{"http://h", "https://h:8080", "ws://h", "file://h", "file://", "HTTP://h", "FILE://"} {
		for _, pre := range []string{"", "/a", "/a/b", "/C:", "/c|", "/C:/d", "/a.b", "/.a"} {
			for _, form := range forms {
				for _, sep := range []string{"/", "\\"} {
					for _, post := range []string{"", "/", "\\", "/x", "/./y", "/../y", "/..", "/%2E", "?q", "#f", "/z?q#f", "/C|/x", "/c:", " x", "\t", "/a b"} {
						out = append(out, scheme+pre+sep+form+post)
					}
				}
			}
		}
	}
	return out
}

// TestDotSegments holds Parse (the fast path, resumeDirect from the dot segment's "/", the direct
// path) to the full parser's result on every form of dot segment in a special URL's path, and the
// shortcuts to taking the common ones: the fast path gives way at the first dot segment to
// resumeDirect, which drops it (and shortens the path) itself, as parseDirect does.
func TestDotSegments(t *testing.T) {
	resumed, direct := 0, 0
	for _, in := range dotInputs() {
		u1, err1 := parse(in, nil, true, nil)
		u2, err2 := parse(in, nil, false, nil)
		if u1 != u2 || (err1 == nil) != (err2 == nil) || components(u1) != components(u2) {
			t.Fatalf("%q: Parse gives %+v, %v; the full parser %+v, %v", in, u1, err1, u2, err2)
		}
		var rs resumePoint
		if u, ok := parseNormalizedAt(in, &rs); ok {
			if u.href != in || err2 != nil || u2.href != in {
				t.Fatalf("%q takes the fast path: %q; the full parser %q, %v", in, u.href, u2.href, err2)
			}
			continue
		} else if err2 == nil && u2.href == in {
			t.Errorf("%q is normalized but misses the fast path", in)
		}
		if rs.st != noOverride {
			if u, ok := resumeDirect(in, &rs); ok {
				resumed++
				if u != u2 || err2 != nil {
					t.Fatalf("resumeDirect(%q) from %v at %d = %+v; the full parser %+v, %v", in, rs.st, rs.at, u, u2, err2)
				}
			}
		}
		if u, ok := parseDirect(in, nil); ok {
			direct++
			if u != u2 || err2 != nil {
				t.Fatalf("parseDirect(%q) = %+v; the full parser %+v, %v", in, u, u2, err2)
			}
		}
	}
	t.Logf("resumeDirect took %d inputs, parseDirect %d", resumed, direct)

	// The common cases never reach the full parser: every dot segment, after a segment or
	// first, last or before more segments, a query or a fragment, in an http and a file URL.
	for _, form := range dotForms {
		for _, pre := range []string{"", "/a", "/a/b"} {
			for _, post := range []string{"", "/", "/x", "/./y", "/../y", "?q", "#f", "/z?q#f"} {
				for _, scheme := range []string{"http://h", "file://h", "file://"} {
					in := scheme + pre + "/" + form + post
					want, err := parse(in, nil, false, nil)
					if err != nil {
						t.Fatalf("%q: %v", in, err)
					}
					var rs resumePoint
					if _, ok := parseNormalizedAt(in, &rs); ok || rs.st != pathState || rs.at != len(scheme)+len(pre) {
						t.Errorf("%q: the fast path recorded %v at %d, want the path state at %d", in, rs.st, rs.at, len(scheme)+len(pre))
					} else if u, ok := resumeDirect(in, &rs); !ok || u != want {
						t.Errorf("resumeDirect(%q) = %q, %v; want %q", in, u.href, ok, want.href)
					}
					upper := strings.ToUpper(scheme[:4]) + in[4:]
					if u, ok := parseDirect(upper, nil); !ok || u.href != want.href {
						t.Errorf("parseDirect(%q) = %q, %v; want %q", upper, u.href, ok, want.href)
					}
				}
			}
		}
	}
}

// TestDirDotSegment holds dirDotSegment, on every segment of up to seven bytes of ".", "%", "2",
// "e", "E" and "x" followed by each byte that ends a special URL's segment or by the end, to
// isDotSegment's reading of the segment and the path state's: a dot segment dropped, a
// double-dot one shortening the path (never past its first "/"), anything else left alone; in
// a URL that is not special too (dirDotSegmentOther), where "\\" does not end a segment.
func TestDirDotSegment(t *testing.T) {
	alphabet := ".%2eEx"
	var segs []string
	var gen func(p string)
	gen = func(p string) {
		if p != "" && (p[0] == '.' || p[0] == '%') {
			segs = append(segs, p)
		}
		if len(p) == 7 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			gen(p + alphabet[i:i+1])
		}
	}
	gen("")
	for _, seg := range segs {
		for _, end := range []string{"", "/", "\\", "?", "#"} {
			for _, path := range []string{"/", "/a/", "/a/bc/"} {
				// A special URL's segment ends at "\\" too (dirDotSegment); another's does not
				// (dirDotSegmentOther): there "\\z" is part of the segment, never a dot segment.
				for _, scheme := range []string{"http", "foo"} {
					dotSegment, wantDot := dirDotSegment, isDotSegment(seg)
					if scheme == "foo" {
						dotSegment = dirDotSegmentOther
						wantDot = wantDot && end != "\\"
					}
					s := scheme + "://h" + path + seg + end + "z"
					if end == "" {
						s = s[:len(s)-1]
					}
					pathStart, i := len(scheme+"://h"), len(scheme+"://h")+len(path)
					b, e, dot := dotSegment([]byte(s[:i]), s, i, pathStart)
					if dot != wantDot {
						t.Fatalf("dirDotSegment(%q at %d) = %v; want %v", s, i, dot, wantDot)
					}
					if !dot {
						if string(b) != s[:i] || e != i {
							t.Fatalf("dirDotSegment(%q at %d) changed b to %q, i to %d", s, i, b, e)
						}
						continue
					}
					want := s[:i]
					if isDoubleDot([]byte(seg)) {
						parent := strings.TrimSuffix(path, "/")
						want = s[:pathStart+max(strings.LastIndexByte(parent, '/'), 0)+1]
					}
					if string(b) != want || e != i+len(seg) {
						t.Fatalf("dirDotSegment(%q at %d) = %q, %d; want %q, %d", s, i, b, e, want, i+len(seg))
					}
				}
			}
		}
	}
}
