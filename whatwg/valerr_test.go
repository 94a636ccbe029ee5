package whatwg

import (
	"runtime"
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/cputime"
)

// Inputs that report one validation error a byte (issue 10, "Fast" item 2): runs of slashes
// after a special scheme, of slashes in a relative reference against an http base (special
// authority ignore slashes state), of backslashes in a path, of bytes that are not URL units.
var valErrShapes = []struct {
	name, pre, unit, post string
	base                  bool
}{
	{"scheme-slashes", "http:", "/", "h/", false},
	{"relative-slashes", "", "/", "", true},
	{"relative-backslashes", "", "\\", "h", true},
	{"path-backslashes", "http://h/", "\\", "", false},
	{"path-carets", "http://h/", "^", "", false},
	{"query-spaces", "http://h/?", " ", "x", false},
	{"fragment-percents", "http://h/#", "%", "", false},
	{"opaque-spaces", "foo:", " ", "x", false},
}

// TestValidationErrorsNoAlloc: an input that reports a validation error for each of its bytes
// costs Parse and ParseValidate a few allocations, for buffers that grow with the input, and
// none for an error (the rule strings are precomputed, the list is capped at
// MaxValidationErrors), and bytes allocated linear in the input, at 10,000 and at 1,000,000
// repetitions.
func TestValidationErrorsNoAlloc(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocations")
	}
	base := MustParse("http://b/c/d")
	for _, sh := range valErrShapes {
		var b *URL
		if sh.base {
			b = &base
		}
		var allocs [2]float64
		for k, reps := range []int{10000, 1000000} {
			in := sh.pre + strings.Repeat(sh.unit, reps) + sh.post
			for _, op := range []struct {
				name string
				f    func()
			}{
				{"Parse", func() { Parse(in, b) }},
				{"ParseValidate", func() { ParseValidate(in, b) }},
			} {
				op.f() // warm the pool
				var m0, m1 runtime.MemStats
				runtime.ReadMemStats(&m0)
				op.f()
				runtime.ReadMemStats(&m1)
				n := float64(m1.Mallocs - m0.Mallocs)
				if op.name == "ParseValidate" {
					allocs[k] = n
				}
				if n > 40 {
					t.Errorf("%s %s ×%d: %v allocations, want at most 40", sh.name, op.name, reps, n)
				}
				if by := m1.TotalAlloc - m0.TotalAlloc; by > uint64(16*len(in)+64<<10) {
					t.Errorf("%s %s ×%d: %d bytes allocated for %d bytes of input", sh.name, op.name, reps, by, len(in))
				}
			}
		}
		// From 10,000 errors to 1,000,000: the buffers grow a few more times, nothing more
		// (each doubles about seven times more for a hundred times the input: the output,
		// the path's and the offset map's), where one allocation an error would add 990,000.
		if allocs[1] > allocs[0]+24 {
			t.Errorf("%s: ParseValidate makes %v allocations at 10,000 repetitions and %v at 1,000,000", sh.name, allocs[0], allocs[1])
		}
	}
}

// BenchmarkValidationErrors parses the 1 MB inputs of TestValidationErrorsNoAlloc with Parse and
// ParseValidate: the thread's CPU time a byte (cpu-ns/byte; threadCPU) and the allocations of
// one call.
func BenchmarkValidationErrors(b *testing.B) {
	base := MustParse("http://b/c/d")
	for _, sh := range valErrShapes {
		var bu *URL
		if sh.base {
			bu = &base
		}
		in := sh.pre + strings.Repeat(sh.unit, 1<<20) + sh.post
		for _, validate := range []bool{false, true} {
			name := sh.name + "/Parse"
			if validate {
				name = sh.name + "/ParseValidate"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				defer cputime.LockThread()()
				t0 := cputime.Thread()
				for b.Loop() {
					if validate {
						ParseValidate(in, bu)
					} else {
						Parse(in, bu)
					}
				}
				b.ReportMetric(float64(cputime.Thread()-t0)/float64(b.N)/float64(len(in)), "cpu-ns/byte")
			})
		}
	}
}
