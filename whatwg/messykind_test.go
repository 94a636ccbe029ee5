package whatwg

import (
	"strings"
	"testing"
)

// BenchmarkRatioKindUpper is BenchmarkRatioKind with the scheme upper-cased too on every line
// ("HTTPS:"), so that no line takes the fast path and the direct path runs from the start: a
// kind's cost over "upper-scheme" is then its own cost in the direct path, without the fast
// path's failed attempt and resumeDirect's copy of the input up to where it stopped.
func BenchmarkRatioKindUpper(b *testing.B) {
	for _, f := range benchFiles {
		for k := range messyKinds {
			var lines []string // made by the sub-benchmark, once, only if it runs
			b.Run(f+"/"+messyKindNames[k], func(b *testing.B) {
				if lines == nil {
					lines = kindUpperLines(b, f, k)
				}
				if len(lines) == 0 {
					b.Skip("no line takes this change")
				}
				ratioBench(b, lines, nil)
			})
		}
	}
}

// BenchmarkKindUpper parses the lines of BenchmarkRatioKindUpper with Parse alone: for
// instruction counts (callgrind), where net/url's share would only blur them.
func BenchmarkKindUpper(b *testing.B) {
	for _, f := range benchFiles {
		for k := range messyKinds {
			var lines []string
			b.Run(f+"/"+messyKindNames[k], func(b *testing.B) {
				if lines == nil {
					lines = kindUpperLines(b, f, k)
				}
				if len(lines) == 0 {
					b.Skip("no line takes this change")
				}
				for b.Loop() {
					for _, l := range lines {
						if u, err := Parse(l, nil); err == nil {
							sink += len(u.href)
						}
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(lines)), "ns/URL")
			})
		}
	}
}

// kindUpperLines is messyKindLines with each line's scheme upper-cased.
func kindUpperLines(tb testing.TB, name string, k messyKind) []string {
	lines := messyKindLines(tb, name, messySeed, k)
	for i, l := range lines {
		if c := strings.IndexByte(l, ':'); c > 0 {
			lines[i] = strings.ToUpper(l[:c]) + l[c:]
		}
	}
	return lines
}
