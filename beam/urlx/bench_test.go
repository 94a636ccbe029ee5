package urlx_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/locator-url/locator/beam/urlx"
)

// benchAll is every bench file, for the benchmarks.
func benchAll(b *testing.B) (glob string, lines []string) {
	glob = filepath.Join(root, "testdata", "bench", "*.txt")
	names, _ := filepath.Glob(glob)
	for _, n := range names {
		f, err := os.Open(n)
		if err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines = append(lines, strings.TrimSuffix(sc.Text(), "\r"))
		}
		f.Close()
	}
	return glob, lines
}

// BenchmarkLines is the library's work alone: the per-line function of an operation over
// every bench line, on one goroutine (what the CLI's --jobs 1 does, without its I/O).
// "whatwg-upper" is the whatwg operation on the lines with their scheme in upper case, which
// the fast path (an input that is its own href) does not take: every href is built.
func BenchmarkLines(b *testing.B) {
	_, lines := benchAll(b)
	upper := make([]string, len(lines))
	for i, l := range lines {
		upper[i] = l
		if c := strings.IndexByte(l, ':'); c > 0 {
			upper[i] = strings.ToUpper(l[:c]) + l[c:]
		}
	}
	for _, c := range []struct {
		name  string
		op    urlx.Op
		lines []string
	}{
		{"normalize", urlx.OpNormalize, lines},
		{"whatwg", urlx.OpWHATWG, lines},
		{"whatwg-upper", urlx.OpWHATWG, upper},
	} {
		b.Run(c.name, func(b *testing.B) {
			f, err := urlx.Compile(urlx.Config{Op: c.op})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range c.lines {
					f(l)
				}
			}
			b.ReportMetric(float64(len(c.lines)*b.N)/b.Elapsed().Seconds(), "URLs/s")
		})
	}
}

// BenchmarkNormalizePipeline is the whole pipeline on the test's runner (direct by
// default): read the bench files, normalize, write the results and the dead letters.
func BenchmarkNormalizePipeline(b *testing.B) {
	glob, lines := benchAll(b)
	dir := b.TempDir()
	b.ResetTimer()
	for b.Loop() {
		p, s := beam.NewPipelineWithRoot()
		res, dead, err := urlx.Normalize(s, "", "", urlx.ReadLines(s, glob))
		if err != nil {
			b.Fatal(err)
		}
		if err := urlx.Write(s, urlx.FormatText, filepath.Join(dir, "out"), 1, res); err != nil {
			b.Fatal(err)
		}
		if err := urlx.Write(s, urlx.FormatText, filepath.Join(dir, "bad"), 1, dead); err != nil {
			b.Fatal(err)
		}
		if err := ptest.Run(p); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(lines)*b.N)/b.Elapsed().Seconds(), "URLs/s")
}
