package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/cputime"
	"github.com/locator-url/locator/scheme"
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

// proseInput returns the URLs of in written as running text for extract: each line
// "Line N: see <URL> and URL, or URL:URL." (so every form is there), with a blank line
// after every eighth line, so that the parallel path can cut the text into chunks.
func proseInput(in []byte) []byte {
	var out []byte
	n := 0
	for line := range bytes.Lines(in) {
		line = bytes.TrimRight(line, "\r\n")
		n++
		out = strconv.AppendInt(append(out, "Line "...), int64(n), 10)
		out = append(out, ": see <"...)
		out = append(out, line...)
		out = append(out, "> and "...)
		out = append(out, line...)
		out = append(out, " or URL:"...)
		out = append(out, line...)
		out = append(out, ".\n"...)
		if n%8 == 0 {
			out = append(out, '\n')
		}
	}
	return out
}

// BenchmarkBulk measures the bulk path end to end (run with "-": read, process, write in
// order) in URLs per second, with one job and with two (issue 5: "bulk parse and
// normalize throughput in URLs/s ... with 1 job and with all jobs"; issue 10: every bulk
// command at least 1.8 times faster with 2 jobs than with 1 on an idle machine, and
// extract --jobs 2 using at most 1.1 times the CPU of --jobs 1). Besides ns/op (wall
// time) it reports cpu-ns/op, the user and system CPU time of the process (getrusage; 0
// where it cannot be read), so that cpu-ns/op ÷ ns/op is the number of cores kept busy.
func BenchmarkBulk(b *testing.B) {
	in, lines := benchInput(b)
	prose := proseInput(in)
	for _, bc := range []struct {
		name string
		args []string
	}{
		{"parse", []string{"parse", "-"}},
		{"parse-json", []string{"parse", "--json", "-"}},
		{"parse-whatwg-href", []string{"parse", "--spec", "whatwg", "--format", "href", "-"}},
		{"check", []string{"check", "-"}},
		{"check-json", []string{"check", "--json", "-"}},
		{"plan", []string{"plan", "-"}},
		{"normalize", []string{"normalize", "-"}},
		{"normalize-json", []string{"normalize", "--json", "-"}},
		{"extract", []string{"extract", "-"}},
		{"extract-json", []string{"extract", "--json", "-"}},
	} {
		input := in
		if bc.args[0] == "extract" {
			input = prose
		}
		for _, j := range []int{1, 2} {
			b.Run(bc.name+"/jobs="+strconv.Itoa(j), func(b *testing.B) {
				args := append([]string{bc.args[0], "--jobs", strconv.Itoa(j)}, bc.args[1:]...)
				b.SetBytes(int64(len(input)))
				b.ReportAllocs()
				cpu0 := cputime.Process()
				b.ResetTimer()
				for range b.N {
					code := run(context.Background(), args, bytes.NewReader(input), io.Discard, io.Discard)
					if code > 1 {
						b.Fatalf("exit %d", code)
					}
				}
				b.StopTimer()
				b.ReportMetric(float64(cputime.Process()-cpu0)/float64(b.N), "cpu-ns/op")
				b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "URLs/s")
			})
		}
	}
}

// BenchmarkLineCost measures one line of the bulk path without reading or writing, per
// URL of the benchmark files: Parse plus the strict check (the yardstick), scheme.Inspect
// (what parse and check compute), and the lines of parse and check, plain and --json
// (issue 10: parse --json at most 5 times Parse plus the strict check). cpu-ns/op is the
// process's CPU time per line (getrusage), steadier than ns/op on a shared machine.
func BenchmarkLineCost(b *testing.B) {
	in, _ := benchInput(b)
	var lines []string
	for line := range bytes.Lines(in) {
		lines = append(lines, string(bytes.TrimRight(line, "\r\n")))
	}
	lineFn := func(args ...string) func() lineFunc {
		return func() lineFunc { return testLineFunc(b, args...) }
	}
	for _, bc := range []struct {
		name string
		f    func() lineFunc
	}{
		{"parse+check", func() lineFunc {
			return func(dst []byte, line string, st *stats) []byte {
				if u, err := locator.Parse(line); err == nil {
					if len(scheme.Check(u, locator.RFC1738)) > 0 {
						dst = append(dst, '!')
					}
				}
				return dst
			}
		}},
		{"inspect", func() lineFunc {
			return func(dst []byte, line string, st *stats) []byte {
				if r := scheme.Inspect(line, locator.RFC1738); !r.Valid() {
					dst = append(dst, '!')
				}
				return dst
			}
		}},
		{"parse", lineFn("parse")},
		{"parse-json", lineFn("parse", "--json")},
		{"check", lineFn("check")},
		{"check-json", lineFn("check", "--json")},
		{"plan", lineFn("plan")},
		{"plan-json", lineFn("plan", "--json")},
	} {
		b.Run(bc.name, func(b *testing.B) {
			f := bc.f()
			st := newStats(false)
			var dst []byte
			b.ReportAllocs()
			cpu0 := cputime.Process()
			b.ResetTimer()
			for i := range b.N {
				dst = f(dst[:0], lines[i*7919%len(lines)], st) // spread over all the files
			}
			b.StopTimer()
			b.ReportMetric(float64(cputime.Process()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// testLineFunc returns the bulk-path function of "parse", "check" or "plan" (--spec rfc1738, plan without options), with
// "--json" when it is given.
func testLineFunc(tb testing.TB, args ...string) lineFunc {
	o := outputOptions{json: len(args) > 1 && args[1] == "--json"}
	switch args[0] {
	case "parse":
		f, err := o.compile(parseFields)
		if err != nil {
			tb.Fatal(err)
		}
		return parseLineFunc(locator.RFC1738, f)
	case "check":
		f, err := o.compile(checkFields)
		if err != nil {
			tb.Fatal(err)
		}
		return checkLineFunc(locator.RFC1738, f)
	case "plan":
		f, err := o.compile(planFields)
		if err != nil {
			tb.Fatal(err)
		}
		return planLineFunc(f, locator.RFC1738, scheme.GopherPlanOptions{}, scheme.FTPPlanOptions{}, scheme.NewsPlanOptions{}, nil)
	}
	tb.Fatalf("no line function for %q", args)
	return nil
}
