package scheme

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/locator-url/locator"
)

// dedupeNaive is the rule of dedupe, written the obvious quadratic way: keep a finding unless
// a kept one has its offset and its code or message.
func dedupeNaive(f []locator.Finding) []locator.Finding {
	var out []locator.Finding
	for _, x := range f {
		dup := false
		for _, y := range out {
			if y.Offset == x.Offset && (y.Code == x.Code || y.Message == x.Message) {
				dup = true
			}
		}
		if !dup {
			out = append(out, x)
		}
	}
	return out
}

// mergeNaive is merge's result by a stable sort of a followed by b.
func mergeNaive(a, b []locator.Finding) []locator.Finding {
	out := append(slices.Clone(a), b...)
	slices.SortStableFunc(out, byOffset)
	return out
}

// randomFindings returns n findings at offsets below offs, with codes and messages from small
// sets so that repeats happen, in offset order when sorted is true.
func randomFindings(r *rand.Rand, n, offs, kinds int, sorted bool) []locator.Finding {
	f := make([]locator.Finding, n)
	for i := range f {
		f[i] = locator.Finding{Offset: r.IntN(offs), Code: locator.Code(fmt.Sprint("c", r.IntN(kinds))),
			Message: fmt.Sprint("m", r.IntN(kinds)), Rule: fmt.Sprint(i)}
	}
	if sorted {
		slices.SortStableFunc(f, byOffset)
	}
	return f
}

// dedupe and merge agree with their obvious forms, on both sides of dedupeScan (groups of up
// to 40 findings at one offset).
func TestDedupeMerge(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		n := r.IntN(40)
		kinds := 1 + r.IntN(60)
		offs := 1 + r.IntN(4)
		a := randomFindings(r, n, offs, kinds, r.IntN(4) > 0)
		b := randomFindings(r, r.IntN(20), offs, kinds, r.IntN(4) > 0)
		want := mergeNaive(a, b)
		got := merge(slices.Clone(a), slices.Clone(b))
		if !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("merge(%v, %v) =\n%v\nwant\n%v", a, b, got, want)
		}
		if d, w := dedupe(slices.Clone(want)), dedupeNaive(want); !reflect.DeepEqual(d, w) && !(len(d) == 0 && len(w) == 0) {
			t.Fatalf("dedupe(%v) =\n%v\nwant\n%v", want, d, w)
		}
	}
}

// dedupe is linear: a group of 2^18 findings at one offset, all different, takes a
// fraction of a second (compared one by one, it would take 2^35 comparisons).
func TestDedupeLinear(t *testing.T) {
	const n = 1 << 18
	f := make([]locator.Finding, n)
	for i := range f {
		f[i] = locator.Finding{Code: locator.Code(fmt.Sprint(i)), Message: fmt.Sprint(i)}
	}
	g := append(slices.Clone(f), f...) // each twice: the second half is dropped
	start := time.Now()
	out := dedupe(g)
	if d := time.Since(start); d > 5*time.Second {
		t.Logf("dedupe of %d findings took %v: slow (logged: speed is for the benchmarks)", len(g), d)
	}
	if len(out) != n {
		t.Errorf("dedupe kept %d of %d, want %d", len(out), len(g), n)
	}
}
