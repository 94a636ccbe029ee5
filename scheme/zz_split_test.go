package scheme_test

import (
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func BenchmarkZZSplit(b *testing.B) {
	lines, _ := loadBench(b, "kasztp.txt")
	var good, bad []string
	for _, l := range lines {
		u, err := locator.Parse(l)
		if err != nil {
			continue
		}
		if len(scheme.Check(u, locator.RFC1738)) == 0 {
			good = append(good, l)
		} else {
			bad = append(bad, l)
		}
	}
	for _, c := range []struct {
		name string
		l    []string
	}{{"good", good}, {"bad", bad}} {
		b.Run("parse-"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range c.l {
					locator.Parse(l)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(c.l)), "ns/url")
		})
		b.Run("check-"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range c.l {
					u, _ := locator.Parse(l)
					scheme.Check(u, locator.RFC1738)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(c.l)), "ns/url")
		})
	}
}
