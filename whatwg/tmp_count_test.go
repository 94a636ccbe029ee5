package whatwg

import "testing"

func TestCountDirect(t *testing.T) {
	for _, f := range benchFiles {
		for _, idn := range []bool{false, true} {
			ls := messyLines(t, f, messySeed, idn)
			norm, direct, full := 0, 0, 0
			var ex []string
			for _, l := range ls {
				if _, ok := parseNormalized(l); ok {
					norm++
				} else if _, ok := parseDirect(l, nil); ok {
					direct++
				} else {
					full++
					if len(ex) < 4 {
						ex = append(ex, l)
					}
				}
			}
			t.Logf("%s idn=%v: normalized %d direct %d full %d %q", f, idn, norm, direct, full, ex)
		}
	}
}
