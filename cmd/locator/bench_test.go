package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
)

// benchInput returns the benchmark files of testdata/bench (issue 2: copied from
// the shared benchmark lists), one after the other, and their number of lines.
func benchInput(b *testing.B) ([]byte, int) {
	files, err := filepath.Glob("../../testdata/bench/*.txt")
	if err != nil || len(files) == 0 {
		b.Fatalf("no benchmark files: %v", err)
	}
	var all []byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		all = append(all, data...)
		if len(all) > 0 && all[len(all)-1] != '\n' {
			all = append(all, '\n')
		}
	}
	return all, bytes.Count(all, []byte("\n"))
}

// BenchmarkBulk measures the bulk path end to end (run with "-": read, process, write in
// order) in URLs per second, with one job and with all of them (issue 5: "bulk parse and
// normalize throughput in URLs/s ... with 1 job and with all jobs").
func BenchmarkBulk(b *testing.B) {
	in, lines := benchInput(b)
	jobs := []int{1}
	if n := runtime.NumCPU(); n > 1 {
		jobs = append(jobs, n)
	}
	for _, bc := range []struct {
		name string
		args []string
	}{
		{"parse", []string{"parse", "-"}},
		{"parse-whatwg-href", []string{"parse", "--spec", "whatwg", "--format", "href", "-"}},
		{"normalize", []string{"normalize", "-"}},
	} {
		for _, j := range jobs {
			b.Run(bc.name+"/jobs="+strconv.Itoa(j), func(b *testing.B) {
				args := append([]string{"--jobs", strconv.Itoa(j)}, bc.args...)
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					code := run(context.Background(), args, bytes.NewReader(in), io.Discard, io.Discard)
					if code > 1 {
						b.Fatalf("exit %d", code)
					}
				}
				b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "URLs/s")
			})
		}
	}
}
