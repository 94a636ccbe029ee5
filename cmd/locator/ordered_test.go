package main

import (
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
)

// TestOrderedRun runs ordered.run on several workers whose processing takes a varying time:
// the pieces are written in the order they were read, each once, with at most size slots
// made; a write that says stop ends every worker's loop, and nothing after it is written.
func TestOrderedRun(t *testing.T) {
	type piece struct{ n, doubled int }
	for _, tc := range []struct {
		name          string
		workers, size int
		total, stopAt int // stopAt < 0: no stop
	}{
		{"one worker", 1, 2, 500, -1},
		{"four workers", 4, 10, 5000, -1},
		{"stop", 4, 10, 5000, 1234},
		{"stop at the first", 3, 4, 100, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := newOrdered[piece](tc.size)
			var rmu sync.Mutex
			next := 0
			read := func(s *slot[piece]) bool {
				rmu.Lock()
				defer rmu.Unlock()
				if next == tc.total {
					return false
				}
				s.v.n, s.seq = next, next
				next++
				return true
			}
			var written []int
			write := func(p *piece) bool {
				if p.doubled != 2*p.n {
					t.Errorf("piece %d written unprocessed", p.n)
				}
				written = append(written, p.n)
				return p.n != tc.stopAt
			}
			var wg sync.WaitGroup
			for w := range tc.workers {
				r := rand.New(rand.NewPCG(uint64(w), 1))
				wg.Go(func() {
					o.run(read, func(p *piece) {
						for range r.IntN(3) {
							runtime.Gosched()
						}
						p.doubled = 2 * p.n
					}, write)
				})
			}
			wg.Wait()
			want := tc.total
			if tc.stopAt >= 0 {
				want = tc.stopAt + 1
			}
			if len(written) != want {
				t.Fatalf("%d pieces written, want %d", len(written), want)
			}
			for i, n := range written {
				if n != i {
					t.Fatalf("piece %d written at %d", n, i)
				}
			}
			if o.made > tc.size {
				t.Errorf("%d slots made, size %d", o.made, tc.size)
			}
		})
	}
}
