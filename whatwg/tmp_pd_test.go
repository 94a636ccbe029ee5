package whatwg

import "testing"

func BenchmarkPD(b *testing.B) {
	ls := messyLines(b, "kasztp.txt", messySeed, false)
	for b.Loop() {
		for _, l := range ls {
			u, _ := parseDirect(l, nil)
			sink += len(u.href)
		}
	}
}
