package locator

import (
	"strings"
	"testing"
)

// The 1 MB inputs of issue 10, item 4: Resolve and Normalize on long adversarial paths, at most
// two allocations and twice the input's bytes per call.

// largeShapes are the units repeated to make a 1 MB path: runs of "../", "./", "%2e", "//",
// long segments, and segments climbed out of.
var largeShapes = []struct{ name, unit string }{
	{"dotdot", "../"},
	{"dot", "./"},
	{"pct2e", "%2e/%2E%2e/"},
	{"slashes", "//"},
	{"long", strings.Repeat("a", 4096) + "/"},
	{"updown", "a/../"},
	{"mixed", "a/./b/../%2e%2E//c/"},
}

// largeCase is one call on a 1 MB input.
type largeCase struct {
	name  string
	input int // bytes of input
	f     func()
}

// largeCases returns the Resolve and Normalize calls on each shape: the run as a relative
// path, an absolute path and the path of a reference with a scheme, against a base with a
// path; and the run as the path of a URL with an authority and of one without, normalized by
// the safe steps and by remove-dot-segments alone.
func largeCases(n int) []largeCase {
	var cs []largeCase
	base := MustParse("http://example.com/b/c/d;p?q")
	for _, sh := range largeShapes {
		run := strings.Repeat(sh.unit, (n+len(sh.unit)-1)/len(sh.unit))
		for _, r := range []struct{ name, s string }{
			{"relative", "g/" + run + "x?y#z"},
			{"absolute", "/" + run + "x"},
			{"scheme", "foo:" + run + "x"},
		} {
			ref := MustParse(r.s)
			cs = append(cs, largeCase{"Resolve/" + r.name + "/" + sh.name, len(base.s) + len(ref.s),
				func() { _, _ = Resolve(base, ref, ModeRFC3986) }})
		}
		for _, r := range []struct{ name, s string }{
			{"http", "HTTP://Example.COM:80/" + run + "x?q#f"},
			{"rootless", "foo:" + run + "x"},
		} {
			u := MustParse(r.s)
			for _, o := range []struct {
				name string
				f    NormalizeFlags
			}{{"safe", NormalizeSafe}, {"dots", NormalizeRemoveDotSegments}} {
				cs = append(cs, largeCase{"Normalize/" + o.name + "/" + r.name + "/" + sh.name, len(u.s),
					func() { _, _ = Normalize(u, o.f) }})
			}
		}
	}
	return cs
}

// BenchmarkLarge reports ns, bytes and allocations per call of Resolve and Normalize on 1 MB
// adversarial paths, and the bytes allocated per input byte (B/in).
func BenchmarkLarge(b *testing.B) {
	for _, c := range largeCases(1 << 20) {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(c.input))
			for i := 0; i < b.N; i++ {
				c.f()
			}
		})
	}
}
