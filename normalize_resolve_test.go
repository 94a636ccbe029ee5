package locator

import (
	"strings"
	"testing"
)

// Normalize and Resolve agree on dot-segments (issue 10, N1/N2): for a URL u with a scheme,
// NormalizeRemoveDotSegments gives what RFC 3986 §5.2.2 makes of u as a reference with a
// scheme, T.path = remove_dot_segments(R.path) (§5.2.4), with "/." before a path that would
// start with "//" without an authority (RFC 3986 §3.3), whatever the base.

// dotsAgree reports, for a URL string s with a scheme, the first disagreement between
// Normalize with NormalizeRemoveDotSegments, Resolve against two bases, and
// RemoveDotSegments on the path, or "".
func dotsAgree(s string) string {
	u, err := Parse(s)
	if err != nil || !u.HasScheme() {
		return ""
	}
	n, err := Normalize(u, NormalizeRemoveDotSegments)
	if err != nil {
		return "Normalize: " + err.Error()
	}
	for _, base := range []string{"http://b/c/d?q", "x:y"} {
		r, err := Resolve(MustParse(base), u, ModeRFC3986)
		if err != nil {
			return "Resolve: " + err.Error()
		}
		if r != n {
			return "Normalize gives " + n.String() + ", Resolve against " + base + " gives " + r.String()
		}
	}
	want := RemoveDotSegments(u.Path(), ModeRFC3986)
	if !u.HasAuthority() && strings.HasPrefix(want, "//") {
		want = "/." + want // RFC 3986 §3.3
	}
	if n.Path() != want {
		return "Normalize's path is " + n.Path() + ", remove_dot_segments gives " + want
	}
	if n2, err := Normalize(n, NormalizeRemoveDotSegments); err != nil || n2 != n {
		return "not idempotent: " + n2.String()
	}
	// An escaped dot is a name to §5.2.4 and a dot to §6.2.2.2, which decodes it before
	// §6.2.2.3 removes dot-segments: "a/%2e/.." is "a" to the first, "" to the second. The
	// step alone agrees with Resolve; the canonical forms agree when no "%2E" is involved.
	if !strings.Contains(strings.ToLower(s), "%2e") && !EquivalentFor(u, n, RFC3986) {
		return "not equivalent under rfc3986 to its normal form " + n.String()
	}
	return ""
}

// TestNormalizeAgreesWithResolve holds the property to every path of up to four segments
// drawn from dot-segments, empty segments and names, rootless and absolute, with and without
// an authority, a query and a fragment, in schemes with and without a hierarchy.
func TestNormalizeAgreesWithResolve(t *testing.T) {
	segs := []string{"a", ".", "..", "", "%2e", "b:c"}
	var paths []string
	var gen func(p string, n int)
	gen = func(p string, n int) {
		paths = append(paths, p)
		if n == 0 {
			return
		}
		for _, s := range segs {
			if p == "" {
				gen(s, n-1)
			} else {
				gen(p+"/"+s, n-1)
			}
		}
	}
	gen("", 4)
	count := 0
	for _, scheme := range []string{"foo:", "urn:", "mailto:", "HTTP:"} {
		for _, auth := range []string{"", "//h"} {
			for _, p := range paths {
				for _, lead := range []string{"", "/"} {
					path := lead + p
					if auth != "" && path != "" && path[0] != '/' {
						continue // an authority is followed by an absolute path or none
					}
					for _, tail := range []string{"", "?q/../r#f/./g"} {
						s := scheme + auth + path + tail
						if _, err := Parse(s); err != nil {
							continue // "foo://…" without an authority reads one
						}
						count++
						if msg := dotsAgree(s); msg != "" {
							t.Errorf("%q: %s", s, msg)
						}
					}
				}
			}
		}
	}
	if count < 10000 {
		t.Errorf("only %d URLs", count)
	}
	// The examples.
	for in, want := range map[string]string{"urn:a/../b": "urn:/b", "foo:/a/..//b": "foo:/.//b"} {
		if n, err := Normalize(MustParse(in), NormalizeSafe); err != nil || n.String() != want {
			t.Errorf("Normalize(%q) = %q, %v; want %q", in, n, err, want)
		}
		if !EquivalentFor(MustParse(in), MustParse(want), RFC3986) {
			t.Errorf("EquivalentFor(%q, %q, rfc3986) = false", in, want)
		}
	}
}

// FuzzNormalizeResolveDots: for any URL with a scheme, Normalize with
// NormalizeRemoveDotSegments equals Resolve of it as a reference (RFC 3986 §5.2.2) and the
// §5.2.4 function on its path, and is idempotent.
func FuzzNormalizeResolveDots(f *testing.F) {
	for _, s := range []string{"urn:a/../b", "foo:/a/..//b", "foo:a/..//b", "http://h/a/./b/../c",
		"x:.", "x:./a:b", "mailto:a/../b@c", "x:/a/b/../../..//c?q#f", "x://h/..//a", "x:%2e/../a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 512 {
			return
		}
		if msg := dotsAgree(s); msg != "" {
			t.Errorf("%q: %s", s, msg)
		}
	})
}
