package locator

import (
	"net/url"
	"testing"

	"github.com/locator-url/locator/internal/allocs"
)

// benchSet is a benchmark file's URLs and their total length.
type benchSet struct {
	name  string
	urls  []string
	bytes int64
}

func loadBench(b testing.TB) []benchSet {
	var out []benchSet
	for _, f := range benchFiles(b) {
		urls := benchURLs(b, f)
		var n int64
		for _, s := range urls {
			n += int64(len(s))
		}
		out = append(out, benchSet{f, urls, n})
	}
	return out
}

// report sets the throughput of one pass over a file and adds ns/URL.
func report(b *testing.B, bs benchSet) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(bs.urls)), "ns/URL")
}

// BenchmarkParse parses every URL of each testdata/bench file per op. Compare with
// BenchmarkNetURLParse on the same files (the goal: at least 4× faster, no allocations).
func BenchmarkParse(b *testing.B) {
	for _, bs := range loadBench(b) {
		b.Run(bs.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(bs.bytes)
			for b.Loop() {
				for _, s := range bs.urls {
					_, _ = Parse(s)
				}
			}
			report(b, bs)
		})
	}
}

// BenchmarkNetURLParse is net/url.Parse on the same inputs, for comparison.
func BenchmarkNetURLParse(b *testing.B) {
	for _, bs := range loadBench(b) {
		b.Run(bs.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(bs.bytes)
			for b.Loop() {
				for _, s := range bs.urls {
					_, _ = url.Parse(s)
				}
			}
			report(b, bs)
		})
	}
}

// BenchmarkCanonical brings every URL of each file to its canonical form (most already are).
func BenchmarkCanonical(b *testing.B) {
	for _, bs := range loadBench(b) {
		us := make([]URL, 0, len(bs.urls))
		for _, s := range bs.urls {
			if u, err := Parse(s); err == nil {
				us = append(us, u)
			}
		}
		b.Run(bs.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(bs.bytes)
			for b.Loop() {
				for _, u := range us {
					_ = Canonical(u)
				}
			}
			report(b, bs)
		})
	}
}

// TestNoAllocs: Parse and the getters do not allocate (the URL type's doc), on every URL of
// the benchmark files.
func TestNoAllocs(t *testing.T) {
	for _, bs := range loadBench(t) {
		us := make([]URL, 0, len(bs.urls))
		for _, s := range bs.urls {
			if u, err := Parse(s); err == nil {
				us = append(us, u)
			}
		}
		if n := allocs.Count(0, 3, func() {
			for _, u := range us {
				_, _ = Parse(u.String()) // only the URLs that parse: an error is an allocation
			}
		}); n != 0 {
			t.Errorf("%s: Parse: %v allocations per pass", bs.name, n)
		}
		var sink int
		if n := allocs.Count(0, 3, func() {
			for _, u := range us {
				sc := u.Scheme()
				a, _ := u.Authority()
				us, _ := u.User()
				pw, _ := u.Password()
				ui, _ := u.Userinfo()
				po, _ := u.Port()
				pn, _ := u.PortNumber()
				q, _ := u.Query()
				f, _ := u.Fragment()
				sink += len(sc) + len(a) + len(us) + len(pw) + len(ui) + len(po) + pn + len(q) + len(f) +
					len(u.Host()) + len(u.Hostname()) + len(u.HostPort()) + len(u.Path()) +
					len(u.URLPath()) + len(u.SchemePart()) + len(u.String()) + u.Len() +
					len(u.WithoutFragment().String()) + u.Offsets().Path.End
				if u.IsScheme("https") || u.HasScheme() || u.HasAuthority() || u.IsZero() {
					sink++
				}
			}
		}); n != 0 {
			t.Errorf("%s: getters: %v allocations per pass", bs.name, n)
		}
		_ = sink
	}
	// Errors allocate (the *Error); a parse that fails must not allocate more than that.
	if n := allocs.Count(1, 100, func() { _, _ = Parse("http://h/%zz") }); n > 1 {
		t.Errorf("Parse error: %v allocations", n)
	}
}
