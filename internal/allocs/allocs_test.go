package allocs

import "testing"

var sink []byte

// TestCountKeepsARealCount holds Count to reporting a function's own allocations, above the
// limit and below it, and to retrying only above it.
func TestCountKeepsARealCount(t *testing.T) {
	calls := 0
	f := func() { calls++; sink = make([]byte, 64+calls%2) }
	if n := Count(0, 4, f); n != 1 {
		t.Errorf("Count(0, 4, one allocation) = %v, want 1", n)
	}
	if calls != 3*5 {
		t.Errorf("a count above the limit was measured %d runs, want 3 measurements of 5", calls)
	}
	calls = 0
	if n := Count(1, 4, f); n != 1 || calls != 5 {
		t.Errorf("Count(1, 4, one allocation) = %v in %d runs, want 1 in one measurement of 5", n, calls)
	}
	calls = 0
	g := func() {
		calls++
		if calls <= 5 { // the first measurement (warm-up and 4 runs) meets a stray allocation
			sink = make([]byte, 64)
		}
	}
	if n := Count(0, 4, g); n != 0 || calls != 10 {
		t.Errorf("Count(0, 4, a stray allocation in the first measurement) = %v in %d runs, want 0 in 10", n, calls)
	}
}
