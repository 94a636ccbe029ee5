package scheme_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// benchFiles are the real-world URL lists of testdata/bench (see its README.md).
var benchFiles = []string{"kasztp.txt", "node_files.txt", "userbait.txt", "isaacs_files.txt"}

func loadBench(b *testing.B, name string) ([]string, int) {
	b.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "bench", name))
	if err != nil {
		b.Fatal(err)
	}
	data = bytes.TrimSuffix(data, []byte("\n"))
	lines := strings.Split(string(data), "\n")
	n := 0
	for _, l := range lines {
		n += len(l)
	}
	return lines, n
}

// BenchmarkCheck measures strict RFC 1738 and RFC 3986 checking (Parse, then Check or
// CheckTo) beside Parse alone on the same data, so that benchstat can compare them.
func BenchmarkCheck(b *testing.B) {
	for _, name := range benchFiles {
		b.Run("parse/"+name, func(b *testing.B) {
			lines, n := loadBench(b, name)
			b.SetBytes(int64(n))
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range lines {
					locator.Parse(l)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/url")
		})
		for _, spec := range []locator.Spec{locator.RFC1738, locator.RFC3986} {
			b.Run("check-"+spec.String()+"/"+name, func(b *testing.B) {
				lines, n := loadBench(b, name)
				b.SetBytes(int64(n))
				b.ReportAllocs()
				for b.Loop() {
					for _, l := range lines {
						if u, err := locator.Parse(l); err == nil {
							scheme.Check(u, spec)
						}
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/url")
			})
			// The same with CheckTo and one buffer: no allocation for the lists.
			b.Run("checkto-"+spec.String()+"/"+name, func(b *testing.B) {
				lines, n := loadBench(b, name)
				b.SetBytes(int64(n))
				b.ReportAllocs()
				var buf []locator.Finding
				for b.Loop() {
					for _, l := range lines {
						if u, err := locator.Parse(l); err == nil {
							buf = scheme.CheckTo(buf[:0], u, spec)
						}
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/url")
			})
		}
	}
}
