package whatwg

import "testing"

var strSink string

//go:noinline
func mkString(s string) string {
	var st [512]byte
	b := append(st[:0], s...)
	return string(b)
}

func TestAllocCost(t *testing.T) {
	s := "https://www.example.com/a/b/c/index.html?q=1&r=2"
	t.Logf("string(b) of %d bytes: %.1f ns", len(s), cpuPer(1000000, func() { strSink = mkString(s) }))
}
