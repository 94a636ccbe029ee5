package whatwg

import (
	"net/url"
	"strings"
	"testing"

	nlnwa "github.com/nlnwa/whatwg-url/url"

	"github.com/locator-url/locator/internal/allocs"
)

var benchFiles = []string{"kasztp.txt", "node_files.txt", "userbait.txt", "isaacs_files.txt"}

var sink int

// BenchmarkParse parses every URL of each file in testdata/bench to its href with this package,
// with this package's full parser alone (no fast path), with net/url.Parse, and with
// github.com/nlnwa/whatwg-url, in the same run. One op is the whole file; ns/URL is per line.
func BenchmarkParse(b *testing.B) {
	for _, f := range benchFiles {
		lines := benchLines(b, f)
		var n int64
		for _, l := range lines {
			n += int64(len(l))
		}
		run := func(name string, parse func(string) int) {
			b.Run(f+"/"+name, func(b *testing.B) {
				b.SetBytes(n)
				b.ReportAllocs()
				for b.Loop() {
					for _, l := range lines {
						sink += parse(l)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(lines)), "ns/URL")
			})
		}
		run("whatwg", func(s string) int {
			u, err := Parse(s, nil)
			if err != nil {
				return 0
			}
			return len(u.Href())
		})
		run("whatwg-full", func(s string) int {
			p := parserPool.Get().(*parser)
			u, err := p.parse(s, nil, false)
			parserPool.Put(p)
			if err != nil {
				return 0
			}
			return len(u.Href())
		})
		run("net-url", func(s string) int {
			u, err := url.Parse(s)
			if err != nil {
				return 0
			}
			return len(u.Path)
		})
		run("nlnwa", func(s string) int {
			u, err := nlnwa.Parse(s)
			if err != nil {
				return 0
			}
			return len(u.Href(false))
		})
	}
}

// TestNoAllocs: an input already in normalized form parses without allocating (the href is the
// input); any other input costs one allocation, the new href.
func TestNoAllocs(t *testing.T) {
	for _, s := range []string{
		"https://example.com/",
		"https://www.example.com:8080/a/b/c.html?q=1&r=%20#frag",
		"file:///Users/node/lib/internal/url.js",
		"file:///C:/Windows/win.ini",
		"http://192.168.0.1/index.html",
		"mailto:someone@example.com",
		"foo://host:99/path?x#y",
		"node:fs",
		"https://user:pa%20ss@example.com:8080/",
		"ftp://:secret@ftp.example.com/pub",
		"http://[2001:db8::1]:8080/x",
		"foo://[::ffff:c000:280]/",
	} {
		u, err := Parse(s, nil)
		if err != nil || u.Href() != s {
			t.Fatalf("Parse(%q) = %q, %v", s, u.Href(), err)
		}
		if n := allocs.Count(0, 100, func() { u, _ = Parse(s, nil) }); n != 0 {
			t.Errorf("Parse(%q): %v allocations, want 0", s, n)
		}
	}
	if raceEnabled {
		return // the pooled parser state is dropped at random under the race detector
	}
	for _, s := range []string{"HTTPS://Example.COM", "http://a/b/../c", "https://ex%41mple.com/a b",
		// the direct path (parseDirect, resumeDirect): one allocation, the href
		"HTTPS://WWW.Example.COM:443/a b/./c/../\u00e9?q=x y&w=\u00fc#f \u00fc", "FILE:\\\\h\\a\\..\\b", "NODE:a b?c",
		"http://h/a/%2e%2E/b", "https://h/a b", "https://h/?a b", "https://h/#a b", "ws://1.2.3.4:80/x/./y",
		"http://h/" + strings.Repeat("caf\u00e9/", 60), "FOO:/a/./b/c d", "foo:/a/..//b?q r"} {
		if n := allocs.Count(1, 100, func() { Parse(s, nil) }); n != 1 {
			t.Errorf("Parse(%q): %v allocations, want 1", s, n)
		}
	}
}

// BenchmarkParseOne parses one normalized URL, for the cost of the fast path alone.
func BenchmarkParseOne(b *testing.B) {
	const s = "https://www.example.com/path/to/file.html?q=1&r=2#top"
	b.Run("whatwg", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			u, _ := Parse(s, nil)
			sink += len(u.href)
		}
	})
	b.Run("net-url", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			u, _ := url.Parse(s)
			sink += len(u.Path)
		}
	})
}

// BenchmarkParseNullHost parses URLs that are not special with a null host and a path to
// change (dot segments, spaces, upper case; one op is the list), by Parse, which takes them on
// the direct path (dirNullHostPath), and by the state machine alone.
func BenchmarkParseNullHost(b *testing.B) {
	in := []string{"FOO:/a/./b/c d", "foo:/a/..//b?q r", "urn:/x/y/../z", "git:/repo/./a b/c.git"}
	for _, full := range []bool{false, true} {
		name := "whatwg"
		if full {
			name = "state-machine"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range in {
					u, _ := parse(s, nil, !full, nil)
					sink += len(u.href)
				}
			}
		})
	}
}

// idnaBenchHosts are internationalized hosts: the domain parser's UTS #46 path.
var idnaBenchHosts = []string{
	"b\u00fccher.example", "\u4f8b\u3048.\u30c6\u30b9\u30c8", "xn--bcher-kva.\u00fc",
	"\u0645\u062b\u0627\u0644.\u0625\u062e\u062a\u0628\u0627\u0631", "\u00c9XAMPLE.com",
	"\u0444\u0443\u0442\u0431\u043e\u043b.\u0440\u0444", "fa\u00df.de",
}

// BenchmarkIDNA parses URLs with internationalized hosts (one op is the whole list), and runs
// Unicode ToASCII alone on their hosts, with this package's UTS #46 processing and with
// golang.org/x/net/idna (the options of the domain parser), in the same run.
func BenchmarkIDNA(b *testing.B) {
	urls := make([]string, len(idnaBenchHosts))
	for i, h := range idnaBenchHosts {
		urls[i] = "http://" + h + "/"
	}
	b.Run("Parse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range urls {
				u, _ := Parse(s, nil)
				sink += len(u.href)
			}
		}
	})
	b.Run("uts46", func(b *testing.B) {
		b.ReportAllocs()
		var buf idnaBuf
		var dst []byte
		for b.Loop() {
			for _, h := range idnaBenchHosts {
				dst, _ = uts46ToASCII(dst[:0], h, false, &buf)
				sink += len(dst)
			}
		}
	})
	b.Run("x-net-idna", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, h := range idnaBenchHosts {
				s, _ := xnetLenient.ToASCII(h)
				sink += len(s)
			}
		}
	})
}
