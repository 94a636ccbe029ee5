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

// BenchmarkNormalizeLines is the library's work alone: the per-line function of normalize
// over every bench line, on one goroutine (what the CLI's --jobs 1 does, without its I/O).
func BenchmarkNormalizeLines(b *testing.B) {
	_, lines := benchAll(b)
	f, err := urlx.Compile(urlx.Config{Op: urlx.OpNormalize})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		for _, l := range lines {
			f(l)
		}
	}
	b.ReportMetric(float64(len(lines)*b.N)/b.Elapsed().Seconds(), "URLs/s")
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
