package locator_test

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/cputime"
	"github.com/locator-url/locator/scheme"
)

// The benchmarks of issue 10, "Fast", item 3: Parse against a scan of the same bytes through a
// 256-entry table (the yardstick), and strict checking (scheme.CheckTo) against Parse, each on
// every URL of each testdata/bench file per op. Run them together, so that the ratios come
// from one run:
//
//	go test -run '^$' -bench 'TableScan|ParseFiles|ParseAs|NetURLFiles|CheckRFC' -benchmem -cpu 1 -count 6 .
//
// Besides ns/URL (wall clock) each reports cpu-ns/URL, the CPU time of the benchmark's thread
// per URL, which a busy machine disturbs less (see threadCPU).

// benchLists returns the URLs of each testdata/bench file and their total length.
func benchLists(b *testing.B) (names []string, lists [][]string, sizes []int64) {
	m, err := filepath.Glob(filepath.Join("testdata", "bench", "*.txt"))
	if err != nil || len(m) == 0 {
		b.Fatalf("no benchmark files: %v", err)
	}
	for _, f := range m {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		urls := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		var n int64
		for _, s := range urls {
			n += int64(len(s))
		}
		names, lists, sizes = append(names, filepath.Base(f)), append(lists, urls), append(sizes, n)
	}
	return names, lists, sizes
}

// benchEach runs the op that prep makes of the URLs of each bench file (prep runs before the
// timing) once per iteration, one sub-benchmark a file, and reports ns/URL and cpu-ns/URL.
func benchEach(b *testing.B, prep func(urls []string) func()) {
	names, lists, sizes := benchLists(b)
	for i, name := range names {
		urls := lists[i]
		b.Run(name, func(b *testing.B) {
			op := prep(urls)
			b.ReportAllocs()
			b.SetBytes(sizes[i])
			defer cputime.LockThread()()
			c0 := cputime.Thread()
			for b.Loop() {
				op()
			}
			cpu := cputime.Thread() - c0
			per := float64(b.N) * float64(len(urls))
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/URL")
			b.ReportMetric(float64(cpu.Nanoseconds())/per, "cpu-ns/URL")
		})
	}
}

// scanTab is the table of BenchmarkTableScan: a class per byte, as a parser's scan reads.
var scanTab = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c < 0x20 || c == 0x7f || c == '%':
			t[c] = 1
		case c == '/' || c == '?' || c == '#' || c == '@' || c == ':':
			t[c] = 2
		case c >= 0x80:
			t[c] = 4
		}
	}
	return t
}()

var benchSink int

// BenchmarkTableScan is the yardstick of Parse (issue 10, "Fast", item 3): one loop over the
// bytes of every URL that looks each byte up in a [256]uint8 table and accumulates the classes.
func BenchmarkTableScan(b *testing.B) {
	benchEach(b, func(urls []string) func() {
		return func() {
			acc := 0
			for _, s := range urls {
				for i := 0; i < len(s); i++ {
					acc += int(scanTab[s[i]])
				}
			}
			benchSink += acc
		}
	})
}

// BenchmarkParseFiles is locator.Parse on the same URLs as BenchmarkTableScan, in the same
// run (BenchmarkParse in bench_test.go is the same, without cpu-ns/URL).
func BenchmarkParseFiles(b *testing.B) {
	benchEach(b, func(urls []string) func() {
		return func() {
			for _, s := range urls {
				_, _ = locator.Parse(s)
			}
		}
	})
}

// BenchmarkNetURLFiles is net/url.Parse on the same URLs, for the README's table.
func BenchmarkNetURLFiles(b *testing.B) {
	benchEach(b, func(urls []string) func() {
		return func() {
			for _, s := range urls {
				_, _ = url.Parse(s)
			}
		}
	})
}

// BenchmarkParseAs1738 is locator.ParseAs under RFC1738, which also reads a "URL:" prefix and
// RFC 1738 §5 logins with "?".
func BenchmarkParseAs1738(b *testing.B) {
	benchEach(b, func(urls []string) func() {
		return func() {
			for _, s := range urls {
				_, _ = locator.ParseAs(s, locator.RFC1738)
			}
		}
	})
}

// benchCheck is strict checking under spec of every URL that parses, parsed beforehand: the
// checking alone, to compare with BenchmarkParseFiles. It calls scheme.CheckTo with one
// buffer for all, as a program that checks many URLs can (scheme.Check allocates the list of
// each URL with findings).
func benchCheck(b *testing.B, spec locator.Spec) {
	benchEach(b, func(urls []string) func() {
		var us []locator.URL
		for _, s := range urls {
			if u, err := locator.ParseAs(s, spec); err == nil {
				us = append(us, u)
			}
		}
		var buf []locator.Finding
		return func() {
			for _, u := range us {
				buf = scheme.CheckTo(buf[:0], u, spec)
			}
		}
	})
}

// BenchmarkCheckRFC1738 is strict RFC 1738 checking (scheme.CheckTo) of each URL.
func BenchmarkCheckRFC1738(b *testing.B) { benchCheck(b, locator.RFC1738) }

// BenchmarkCheckRFC3986 is strict RFC 3986 checking (scheme.CheckTo) of each URL.
func BenchmarkCheckRFC3986(b *testing.B) { benchCheck(b, locator.RFC3986) }

// benchParseCheck is ParseAs under spec and then scheme.CheckTo (into one reused buffer) of
// every URL, as a program that checks what it reads does: compare it with BenchmarkParseAs1738 (the cost of parsing alone).
// benchCheck, which checks URLs parsed beforehand, reads each URL's bytes from memory again,
// which here the parse has just brought into the cache.
func benchParseCheck(b *testing.B, spec locator.Spec) {
	benchEach(b, func(urls []string) func() {
		var buf []locator.Finding
		return func() {
			for _, s := range urls {
				if u, err := locator.ParseAs(s, spec); err == nil {
					buf = scheme.CheckTo(buf[:0], u, spec)
				}
			}
		}
	})
}

// BenchmarkParseCheckRFC1738 is ParseAs and strict checking under RFC 1738 of each URL.
func BenchmarkParseCheckRFC1738(b *testing.B) { benchParseCheck(b, locator.RFC1738) }

// BenchmarkParseAs3986 is locator.ParseAs under RFC3986 (which is Parse), beside
// BenchmarkParseCheckRFC3986.
func BenchmarkParseAs3986(b *testing.B) {
	benchEach(b, func(urls []string) func() {
		return func() {
			for _, s := range urls {
				_, _ = locator.ParseAs(s, locator.RFC3986)
			}
		}
	})
}

// BenchmarkParseCheckRFC3986 is ParseAs and strict checking under RFC 3986 of each URL.
func BenchmarkParseCheckRFC3986(b *testing.B) { benchParseCheck(b, locator.RFC3986) }
