package locator

import (
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/allocs"
)

// The bound of issue 10, item 4: on 1 MB adversarial paths (largeCases, bench_large_test.go)
// Resolve and Normalize make at most two allocations and allocate at most twice the input's
// bytes per call.
const (
	largeMaxAllocs = 2
	largeMaxPerIn  = 2.0 // bytes allocated per input byte
)

// TestLargeAllocs holds every call of largeCases to the bound.
func TestLargeAllocs(t *testing.T) {
	const runs = 3
	for _, c := range largeCases(1 << 20) {
		nAllocs := allocs.Count(largeMaxAllocs, runs, c.f)
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		for range runs {
			c.f()
		}
		runtime.ReadMemStats(&m1)
		perCall := float64(m1.TotalAlloc-m0.TotalAlloc) / runs
		if nAllocs > largeMaxAllocs || perCall > largeMaxPerIn*float64(c.input) {
			t.Errorf("%s: %v allocations, %.0f bytes per call on %d bytes of input (%.2f per byte); want at most %d and %.1f",
				c.name, nAllocs, perCall, c.input, perCall/float64(c.input), largeMaxAllocs, largeMaxPerIn)
		}
	}
}

// TestLargeAllocsBenchmark measures the same bound with testing.Benchmark, as the benchmark
// reports it (allocs/op, B/op), on one case of each function.
func TestLargeAllocsBenchmark(t *testing.T) {
	if testing.Short() {
		t.Skip("runs benchmarks")
	}
	for _, c := range largeCases(1 << 20) {
		if !strings.HasSuffix(c.name, "/mixed") || !strings.Contains(c.name, "relative") && !strings.Contains(c.name, "safe/http") {
			continue
		}
		r := testing.Benchmark(func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				c.f()
			}
		})
		if r.AllocsPerOp() > largeMaxAllocs || float64(r.AllocedBytesPerOp()) > largeMaxPerIn*float64(c.input) {
			t.Errorf("%s: %d allocs/op, %d B/op on %d bytes", c.name, r.AllocsPerOp(), r.AllocedBytesPerOp(), c.input)
		}
	}
}

// TestLargeResults checks what the in-place rewriting computes on long inputs against the
// functions that copy: for every shape of largeShapes at 8 KB (past the stack buffer of a
// short resolution), Resolve's merged path under every mode that merges equals
// RemoveDotSegments of the merge, Normalize agrees with Resolve (dotsAgree), and duplicate
// slashes collapsed in place equal a regular expression's.
func TestLargeResults(t *testing.T) {
	const n = 8 << 10
	base := MustParse("http://example.com/b/c/d")
	slashes := regexp.MustCompile(`/+`)
	for _, sh := range largeShapes {
		run := strings.Repeat(sh.unit, (n+len(sh.unit)-1)/len(sh.unit))
		ref := MustParse("g/" + run + "x")
		for _, m := range []Mode{ModeRFC3986, ModeRFC3986Compat, ModeRFC2396, ModeURLDraft, ModeRFC1630, ModeRFC1630Published} {
			got, err := Resolve(base, ref, m)
			want := RemoveDotSegments("/b/c/"+ref.String(), m)
			if err != nil || got.Path() != want {
				t.Errorf("%s, %s: Resolve's path differs from RemoveDotSegments' (%v)", sh.name, m, err)
			}
			var arr [resolveStack]byte
			_, small, _ := compose(arr[:0], base, ref, m)
			_, large, _ := compose(nil, base, ref, m)
			if string(small) != string(large) {
				t.Errorf("%s, %s: compose differs between the stack and the heap buffer", sh.name, m)
			}
		}
		for _, s := range []string{"http://h/" + run + "x", "foo:" + run + "x", "foo:/" + run, "HTTP://H/" + run + "?q#f"} {
			if msg := dotsAgree(s); msg != "" {
				t.Errorf("%s: %.60q…: %.200s", sh.name, s, msg)
			}
			u := MustParse(s)
			got, err := Normalize(u, NormalizeRemoveDuplicateSlashes|NormalizeRemoveDotSegments)
			want := RemoveDotSegments(slashes.ReplaceAllString(u.Path(), "/"), ModeRFC3986)
			if err != nil || got.Path() != want {
				t.Errorf("%s: %.60q…: collapse and dots give %.60q…, want %.60q… (%v)", sh.name, s, got.Path(), want, err)
			}
		}
	}
	// The RFC 3986 §5.4 examples under every mode: the stack and the heap buffer agree.
	b := MustParse("http://a/b/c/d;p?q")
	for _, r := range benchResolveRefs {
		ref := MustParse(r)
		for m := ModeRFC3986; m < ModeWHATWG; m++ {
			var arr [resolveStack]byte
			_, small, done1 := compose(arr[:0], b, ref, m)
			_, large, done2 := compose(nil, b, ref, m)
			if done1 != done2 || string(small) != string(large) {
				t.Errorf("%q, %s: compose differs between the stack and the heap buffer", r, m)
			}
		}
	}
}
