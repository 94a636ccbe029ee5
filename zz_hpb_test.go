package locator

import (
	"os"
	"strings"
	"testing"
)

func hosts(b *testing.B) []string {
	data, _ := os.ReadFile("testdata/bench/kasztp.txt")
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if u, err := Parse(l); err == nil && u.HasAuthority() {
			out = append(out, u.HostPort())
		}
	}
	return out
}

var sinkB bool

func BenchmarkZZHPNew(b *testing.B) {
	hs := hosts(b)
	for b.Loop() {
		for _, h := range hs {
			sinkB = validHostPort(h)
		}
	}
}
func BenchmarkZZHPLoop(b *testing.B) {
	hs := hosts(b)
	for b.Loop() {
		for _, h := range hs {
			sinkB = validHostPortLoop(h)
		}
	}
}
