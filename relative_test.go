package locator

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestHTRelative checks libwww's HTRelative table: the reference that resolves back.
func TestHTRelative(t *testing.T) {
	x := rsLoadXFails(t, "resolve.txt")
	var f struct {
		Cases []struct{ Aname, Relname, Relative string }
	}
	loadJSON(t, "libwww-w3c/htrelative-tests.json", &f)
	const file = "htrelative-tests.json"
	if len(f.Cases) != 2 {
		t.Fatalf("%s: %d cases", file, len(f.Cases))
	}
	for _, c := range f.Cases {
		// libwww's rules are RFC 1630's partial forms as RFC 1808 wrote them down; the two
		// rows come out the same under every mode.
		for _, m := range []Mode{ModeRFC1808, ModeRFC1630, ModeRFC3986} {
			fail := ""
			r, err := Relative(MustParse(c.Relname), MustParse(c.Aname), m)
			switch {
			case err != nil:
				fail = err.Error()
			case r.String() != c.Relative:
				fail = "Relative(" + rsQ(c.Relname) + ", " + rsQ(c.Aname) + ", " + m.String() + ") = " + rsQ(r.String()) + ", want " + rsQ(c.Relative)
			}
			x.check(t, file, file+":"+c.Aname+" @ "+c.Relname+":"+m.String(), fail)
		}
	}
	x.done(t, file)
}

func TestRelative(t *testing.T) {
	tests := []struct {
		base, target string
		mode         Mode
		want         string
	}{
		{"http://a/b/c/d;p?q", "http://a/b/c/g", ModeRFC3986, "g"},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q", ModeRFC3986, ""},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q#s", ModeRFC3986, "#s"},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?y", ModeRFC3986, "?y"},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p", ModeRFC3986, "d;p"},
		{"http://a/b/c/d;p?q", "http://a/b/c/", ModeRFC3986, "."},
		{"http://a/b/c/d;p?q", "http://a/b/", ModeRFC3986, ".."},
		{"http://a/b/c/d;p?q", "http://a/b/g", ModeRFC3986, "../g"},
		{"http://a/b/c/d;p?q", "http://a/", ModeRFC3986, "/"},
		{"http://a/b/c/d;p?q", "http://a/g", ModeRFC3986, "/g"},
		{"http://a/b/c/d;p?q", "http://g", ModeRFC3986, "//g"},
		{"http://a/b/c/d;p?q", "http://a/b/c/g:h", ModeRFC3986, "./g:h"},
		{"http://a/b/c/d;p?q", "http://a", ModeRFC3986, "//a"},
		{"http://a/b/c/d;p?q", "ftp://a/b", ModeRFC3986, "ftp://a/b"},
		{"http://a/b/c/d;p?q", "http://a/b/c//g", ModeRFC3986, ".//g"},
		// An authority with an empty path merges as "/" (RFC 3986 §5.2.3): ".//x" rather than
		// "//a//x" (found by TestUriparser: uriRemoveBaseUriA's was shorter), "." ties with
		// "/" and comes first.
		{"http://a", "http://a//x", ModeRFC3986, ".//x"},
		{"http://a?q", "http://a//x//", ModeRFC3986, ".//x//"},
		{"http://a", "http://a/b", ModeRFC3986, "b"},
		{"http://a", "http://a/", ModeRFC3986, "."},
		{"foo://a", "foo://a////d", ModeRFC2396, ".////d"},
		// RFC 2396 §5.2 step 6: "?y" would replace the last segment, so it needs "d;p?y".
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?y", ModeRFC2396, "d;p?y"},
		// RFC 1808 §4 step 5: ";x" keeps the base path.
		{"http://a/b/c/d;p?q", "http://a/b/c/d;x", ModeRFC1808, ";x"},
		// RFC 1630: "/g" climbs to the first single slash, so it names magic://a/g.
		{"magic://a/b/c//d/e/f", "magic://a/g", ModeRFC1630, "/g"},
		{"magic://a/b/c//d/e/f", "magic://a/b/c//d/g", ModeRFC1630Published, "/g"},
		{"magic://a/b/c//d/e/f", "magic://a/b/c//d/g", ModeRFC1630, "../g"},
		{"fred:///s//a/b/c", "fred:///s//g/x", ModeRFC1630, "//g/x"},
		// 1993 URL draft: ".." takes the slash with it ("http://a/b/c/.." is "http://a/b"), and
		// comes before the absolute path "/b", as short (relative paths first).
		{"http://a/b/c/d", "http://a/b", ModeURLDraft, ".."},
		{"http://a/b/c/d", "http://a/b/c", ModeURLDraft, "."},
		// Found by TestRelativeShortest: a base directory with dot-segments is climbed as
		// resolution leaves it; "?q" reaches the directory under RFC 2396; RFC 1808 inherits
		// an empty query and net_loc, takes params after "." and "..", and its directory is
		// the path's without params.
		{"sc:a/./", "sc:a/", ModeRFC3986, "."},
		{"sc://h/a/./", "sc://h/a/?b", ModeRFC3986, ".?b"},
		{"sc:a", "sc:?b", ModeRFC2396, "?b"},
		{"sc:a/bb#a", "sc:a/bb", ModeRFC1808, "?"},
		{"sc://h/a//?x", "sc://h//", ModeRFC1808, "////"},
		{"sc:a/b", "sc:;", ModeRFC1808, "..;"},
		{"sc:/a/b.", "sc:/a/;#", ModeRFC1808, ".;#"},
		{"sc:/a/b;./", "sc:/a/", ModeRFC1808, "."},
		{"sc:a/b??;", "sc:a/b;;;#", ModeRFC1808, ";;;#"},
		{"http://a/b/c/d", "http://a/b/", ModeURLDraft, "../"},
		// "./" before a first segment with ":" where the mode reads a scheme or its grammar
		// forbids the ":" (schemeRead): every ":" before a "/" under RFC 3986 (§4.2
		// path-noscheme), RFC 2396 (§3.3 rel_segment) and the drafts (a full form), a
		// scheme by RFC 1808 §2.4.2 only under RFC 1808.
		{"http://a/b/c/d", "http://a/b/c/a_b:c", ModeRFC3986, "./a_b:c"},
		{"http://a/b/c/d", "http://a/b/c/1a:b", ModeRFC3986, "./1a:b"},
		{"http://a/b/c/d", "http://a/b/c/[x]:y", ModeRFC3986, "./[x]:y"},
		{"http://a/b/c/d", "http://a/b/c/a_b:c", ModeRFC3986Compat, "./a_b:c"},
		{"http://a/b/c/d", "http://a/b/c/a_b:c", ModeRFC2396, "./a_b:c"},
		{"http://a/b/c/d", "http://a/b/c/a_b:c", ModeRFC1808, "a_b:c"},
		{"http://a/b/c/d", "http://a/b/c/1a:b", ModeRFC1808, "./1a:b"},
		{"http://a/b/c/d", "http://a/b/c/a_b:c", ModeURLDraft, "./a_b:c"},
		{"http://a/b/c/d", "http://a/b/c/d?x:y", ModeURLDraft, "d?x:y"}, // a ":" after "?" is in a search (generic = scheme : path [ ? search ])
		{"http://a/b/c/d", "http://a/b/c/a_b:c", ModeRFC1630, "./a_b:c"},
		{"http://a/b/c/d", "http://a/b/c/d?x:y", ModeRFC1630, "d?x:y"},
		{"http://a/b/c/d", "http://a/b/c/d;x:y", ModeRFC3986, "./d;x:y"},
		{"http://a/b/c/d", "http://a/b/c/d;x:y", ModeRFC1808, ";x:y"},
		// A full form is its own reference under the drafts, and under RFC 1808 a scheme.
		{"http://a/b/c/d", "a_b:c", ModeURLDraft, "a_b:c"},
		{"http://a/b/c/d", "1a:b", ModeRFC1808, "1a:b"},
		// A path that starts with "//": "/." before it, which resolution removes (RFC 3986
		// §5.2.4); without an authority, the "/." guard of §3.3 is no segment to reach.
		{"http://example.com/a/b/c", "http://example.com//x", ModeRFC3986, "/.//x"},
		{"http://example.com/a/b/c", "http://example.com//x", ModeRFC3986Compat, "/.//x"},
		{"foo:a/..//b/c", "foo:/.//b/", ModeRFC3986, "."},
		{"foo:a/..//b/c", "foo:/.//b/x", ModeRFC3986, "x"},
	}
	for _, tt := range tests {
		r, err := Relative(MustParse(tt.base), MustParse(tt.target), tt.mode)
		if err != nil || r.String() != tt.want {
			t.Errorf("Relative(%q, %q, %s) = %q, %v; want %q", tt.base, tt.target, tt.mode, r, err, tt.want)
			continue
		}
		if got, err := Resolve(MustParse(tt.base), r, tt.mode); err != nil || got.String() != tt.target {
			t.Errorf("Resolve(%q, %q, %s) = %q, %v; want %q", tt.base, r, tt.mode, got, err, tt.target)
		}
	}
	// RFC 3986 §5.2.2 removes dot-segments even from an absolute reference: no reference
	// resolves to a target that has them.
	if _, err := Relative(MustParse("http://a/b"), MustParse("http://a/../x"), ModeRFC3986); !rsIsCode(err, CodeNoRelative) {
		t.Errorf("dot-segment target: %v, want %s", err, CodeNoRelative)
	}
	// RFC 1808 keeps them in an absolute reference.
	if r, err := Relative(MustParse("http://a/b"), MustParse("http://a/../x"), ModeRFC1808); err != nil || r.String() != "../x" {
		t.Errorf("RFC 1808 dot-segment target: %v, %v", r, err)
	}
	if _, err := Relative(MustParse("a/b"), MustParse("http://a/x"), ModeRFC3986); !rsIsCode(err, CodeBaseNotAbsolute) {
		t.Errorf("relative base: %v", err)
	}
	if _, err := Relative(MustParse("http://a/b"), MustParse("http://a/x"), ModeWHATWG); !rsIsCode(err, CodeNotImplemented) {
		t.Errorf("whatwg: %v", err)
	}
}

// TestRelativeRoundTripRFCFiles makes a reference for the result of every resolution example
// of testdata/rfc and checks that it resolves back, under the example's mode.
func TestRelativeRoundTripRFCFiles(t *testing.T) {
	files := []struct {
		file string
		mode Mode
	}{
		{"rfc3986-5.4-resolution.json", ModeRFC3986},
		{"rfc3986-5.4-resolution.json", ModeRFC3986Compat},
		{"rfc1808-5-resolution.json", ModeRFC1808},
		{"rfc2396-appC-resolution.json", ModeRFC2396},
		{"rfc1630-examples.json", ModeRFC1630},
		{"rfc1630-rules.json", ModeRFC1630Published},
		{"rfc3986-on-rfc1630-inputs.json", ModeRFC3986},
	}
	n := 0
	for _, f := range files {
		var d struct{ Cases []rsRFCCase }
		loadJSON(t, "rfc/"+f.file, &d)
		for _, c := range d.Cases {
			base := MustParse(c.Base)
			target, err := Resolve(base, MustParse(c.Ref), f.mode)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Relative(base, target, f.mode)
			if err != nil {
				t.Errorf("%s %s: Relative(%q, %q): %v", f.file, c.ID, c.Base, target, err)
				continue
			}
			if back, err := Resolve(base, r, f.mode); err != nil || back != target {
				t.Errorf("%s %s: %q resolves to %q, want %q", f.file, c.ID, r, back, target)
			}
			if len(r.String()) > len(c.Ref) && c.Ref != "" && f.mode != ModeRFC3986Compat {
				t.Errorf("%s %s: Relative gave %q, longer than the example's %q", f.file, c.ID, r, c.Ref)
			}
			n++
		}
	}
	if n < 150 {
		t.Errorf("%d round trips, want at least 150", n)
	}
}

// rsGenURL builds a reference from pieces that exercise the resolution rules: schemes,
// empty and present authorities, dot-segments, empty segments, params, queries, fragments.
func rsGenURL(r *rand.Rand, absolute bool) string {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	s := ""
	if absolute || r.IntN(4) == 0 {
		s += pick("http:", "foo:", "magic:", "HTTP:")
	}
	if r.IntN(2) == 0 {
		s += pick("//", "//a", "//a:1", "//u@b", "//A")
	}
	n := r.IntN(5)
	if r.IntN(2) == 0 && !strings.HasSuffix(s, ":") || strings.Contains(s, "//") && n > 0 {
		s += "/"
	}
	for i := 0; i < n; i++ {
		if i > 0 {
			s += pick("/", "/", "//")
		}
		s += pick("a", "b", ".", "..", "", "c;p", "d;p=1/2", "g:h", "%2E")
	}
	if r.IntN(3) == 0 {
		s += pick("?", "?q", "?y/../x")
	}
	if r.IntN(3) == 0 {
		s += pick("#", "#s", "#s/./x")
	}
	return s
}

// eachGenerated calls f for n generated bases and references (random source r) under every
// mode but ModeWHATWG, with the target Resolve gives and its error.
func eachGenerated(r *rand.Rand, n int, f func(base, ref, target URL, m Mode, err error)) {
	for i := 0; i < n; i++ {
		base, err := Parse(rsGenURL(r, true))
		if err != nil {
			continue
		}
		ref, err := Parse(rsGenURL(r, false))
		if err != nil {
			continue
		}
		for m := Mode(0); m < ModeWHATWG; m++ {
			target, err := Resolve(base, ref, m)
			f(base, ref, target, m, err)
		}
	}
}

// TestRelativeRoundTripGenerated: for generated bases and references, under every mode,
// Relative finds a reference for the resolved target that resolves back to it.
func TestRelativeRoundTripGenerated(t *testing.T) {
	n := 0
	eachGenerated(rand.New(rand.NewPCG(1, 2)), 4000, func(base, ref, target URL, m Mode, err error) {
		if err != nil {
			t.Fatalf("Resolve(%q, %q, %s): %v", base, ref, m, err)
		}
		rel, err := Relative(base, target, m)
		if rsCompatRootless(target, m, err) {
			return
		}
		if err != nil {
			t.Errorf("Relative(%q, %q, %s): %v (target of %q)", base, target, m, err, ref)
			return
		}
		if back, err := Resolve(base, rel, m); err != nil || back != target {
			t.Errorf("Relative(%q, %q, %s) = %q resolves to %q, %v", base, target, m, rel, back, err)
		}
		n++
	})
	if n < 10000 {
		t.Errorf("only %d round trips", n)
	}
}

// rsCompatRootless reports the one documented case where Relative has no answer for a target
// that Resolve produced: under ModeRFC3986Compat a reference with the base's scheme is read as
// relative (RFC 3986 §5.2.2), so a target with the base's scheme, no authority and a rootless
// path that no merge with the base's path gives cannot be reached.
func rsCompatRootless(target URL, m Mode, err error) bool {
	p := target.Path()
	return m == ModeRFC3986Compat && rsIsCode(err, CodeNoRelative) && !target.HasAuthority() &&
		(p == "" || p[0] != '/')
}

// TestRelativeShortest holds Relative to its first sentence, "the shortest reference", by
// brute force: for small generated bases and targets, under every mode, no string over the
// alphabet of the inputs' delimiters and letters ("ab/.?#:;") that is shorter than Relative's
// answer resolves to the target. Up to 5 bytes are tried (37,449 strings), so answers up to 6
// bytes long are checked in full. It found the candidates that Relative missed: "./" paths
// from an authority with an empty path, directories with dot-segments, "?q" to the base's
// directory (RFC 2396), "." and ".." to a directory without its "/" (the 1993 URL draft), and
// RFC 1808's "?" and "//".
// shortSet is every string over an alphabet of up to 5 bytes, shortest first (all), each
// parsed (refs), and whether it parses to itself (ok).
type shortSet struct {
	all  []string
	refs []URL
	ok   []bool
}

// shortRefs returns the shortSet of alpha.
func shortRefs(alpha string) shortSet {
	all := []string{""}
	for start := 0; len(all[start]) < 5; start++ {
		for i := 0; i < len(alpha); i++ {
			all = append(all, all[start]+alpha[i:i+1])
		}
	}
	refs := make([]URL, len(all))
	ok := make([]bool, len(all))
	for i, s := range all {
		refs[i], _ = Parse(s)
		ok[i] = refs[i].s == s
	}
	return shortSet{all, refs, ok}
}

// shorter returns a string of ss shorter than rel that is a reference under m (it parses to
// itself; no first segment with ":" where m forbids one) and resolves against base to target:
// a shorter answer than Relative's rel.
func (ss shortSet) shorter(base, target URL, m Mode, rel URL) (string, bool) {
	for i, s := range ss.all {
		if len(s) >= len(rel.s) {
			break
		}
		if !ss.ok[i] || rsColonForbidden(ss.refs[i], m) {
			continue
		}
		if got, err := Resolve(base, ss.refs[i], m); err == nil && got == target {
			return s, true
		}
	}
	return "", false
}

func TestRelativeShortest(t *testing.T) {
	short := shortRefs("ab/.?#:;")
	r := rand.New(rand.NewPCG(1738, 3986))
	small := func(n int) string {
		b := make([]byte, r.IntN(n+1))
		for i := range b {
			b[i] = "ab/.?#;"[r.IntN(7)]
		}
		return string(b)
	}
	bases := []string{"http://a", "sc://h", "sc:/a/b", "sc:a/b", "http://a/b/c", "sc://h/a/", "sc:/", "sc:a"}
	n := 3000
	if testing.Short() {
		n = 500
	}
	checked := 0
	for range n {
		base, err1 := Parse(bases[r.IntN(len(bases))] + small(3))
		ref, err2 := Parse(small(5))
		if err1 != nil || err2 != nil {
			continue
		}
		for m := Mode(0); m < ModeWHATWG; m++ {
			target, err := Resolve(base, ref, m)
			if err != nil {
				continue
			}
			rel, err := Relative(base, target, m)
			if err != nil {
				t.Errorf("Relative(%q, %q, %s): %v", base, target, m, err)
				continue
			}
			checked++
			if s, ok := short.shorter(base, target, m, rel); ok {
				t.Errorf("Relative(%q, %q, %s) = %q, but %q is shorter and resolves to it", base, target, m, rel, s)
			}
		}
	}
	if checked < n {
		t.Fatalf("only %d relative references checked", checked)
	}
}

// TestRelativeShortestTargeted is TestRelativeShortest for the targets its generator does not
// make: paths that start with "//" (with an authority, and without one, where resolution
// writes "/.//"), and first segments that hold ":" after characters that each mode reads as a
// scheme or not ("a_b:", "1a:", "_:"). Every answer must resolve back, must not be a
// relative-path reference whose first segment holds ":" under RFC 3986 or RFC 2396 (§4.2
// path-noscheme; §3.3 rel_segment), and no string over "a/.:_1" of up to 5 bytes that is
// shorter may resolve to the target. It found "/.//x" for a path "//x", "." for a target
// "sc:/.//b/" (the guard taken for a segment to reach), "a_b:c" written without "./" under
// RFC 3986, and "./_:a" where RFC 1808 reads no scheme.
func TestRelativeShortestTargeted(t *testing.T) {
	short := shortRefs("a/.:_1")
	bases := []string{"http://a/b/c/d", "http://a", "sc:/a/b/c", "sc:a/b/", "sc://h/a/b/", "sc:a/..//b/c"}
	prefixes := []string{"//", "/", "/b/c/", "/b/c//", "/.//", "/a/b/", ""}
	r := rand.New(rand.NewPCG(1808, 1993))
	n := 300
	if testing.Short() {
		n = 120
	}
	checked := 0
	for range n {
		base := MustParse(bases[r.IntN(len(bases))])
		tail := make([]byte, r.IntN(4))
		for i := range tail {
			tail[i] = "a:_1/."[r.IntN(6)]
		}
		target, err := Parse(base.s[:base.pathStart] + prefixes[r.IntN(len(prefixes))] + string(tail))
		if err != nil {
			continue
		}
		for m := Mode(0); m < ModeWHATWG; m++ {
			rel, err := Relative(base, target, m)
			if err != nil {
				continue // a target no reference reaches (dot-segments under RFC 3986)
			}
			checked++
			if rsColonForbidden(rel, m) {
				t.Errorf("Relative(%q, %q, %s) = %q: a first segment with \":\" (RFC 3986 §4.2, RFC 2396 §3.3)", base, target, m, rel)
			}
			if back, err := Resolve(base, rel, m); err != nil || back != target {
				t.Errorf("Relative(%q, %q, %s) = %q, which resolves to %q, %v", base, target, m, rel, back, err)
			}
			if s, ok := short.shorter(base, target, m, rel); ok {
				t.Errorf("Relative(%q, %q, %s) = %q, but %q is shorter and resolves to it", base, target, m, rel, s)
			}
		}
	}
	if checked < n {
		t.Fatalf("only %d relative references checked", checked)
	}
}
