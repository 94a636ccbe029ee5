package whatwg

import (
	"net/url"
	"testing"
)

func cpuPer(n int, f func()) float64 {
	defer lockThread()()
	best := 1e18
	for r := 0; r < 5; r++ {
		t0 := threadCPU()
		for i := 0; i < n; i++ {
			f()
		}
		d := float64(threadCPU()-t0) / float64(n)
		best = min(best, d)
	}
	return best
}

func TestCPUMicro(t *testing.T) {
	for _, s := range microIn {
		var bb [80]byte
		t.Logf("%q", s)
		t.Logf("  Parse %.1f  net/url %.1f  normalizedAt %.1f  direct %.1f  full %.1f  string80 %.1f",
			cpuPer(200000, func() { u, _ := Parse(s, nil); sink += len(u.href) }),
			cpuPer(200000, func() { u, _ := url.Parse(s); sink += len(u.Path) }),
			cpuPer(200000, func() { var r resume; u, _ := parseNormalizedAt(s, &r); sink += len(u.href) }),
			cpuPer(200000, func() { u, _ := parseDirect(s, nil); sink += len(u.href) }),
			cpuPer(200000, func() { u, _ := parse(s, nil, false); sink += len(u.href) }),
			cpuPer(200000, func() { sink += len(string(bb[:])) }),
		)
	}
}
