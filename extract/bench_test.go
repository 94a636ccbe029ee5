package extract

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/cputime"
)

// loop runs f b.N times and reports cpu-MB/s besides the wall-clock MB/s.
func loop(b *testing.B, n int, f func()) {
	b.SetBytes(int64(n))
	b.ReportAllocs()
	b.ResetTimer()
	start := cputime.Process()
	for i := 0; i < b.N; i++ {
		f()
	}
	if d := cputime.Process() - start; d > 0 {
		b.ReportMetric(float64(n)*float64(b.N)/1e6/d.Seconds(), "cpu-MB/s")
	}
}

// prose returns about n bytes of mail-like text with a URL about every every bytes: words,
// sentence punctuation, quoted lines, and (one word in seven, a candidate about every 50
// bytes) times, "Note:" labels and mail addresses in "<...>", which the extractor must look at
// and reject. With plain, candidates are rare: one word in 200.
func prose(n, every int, plain ...bool) []byte {
	rnd := rand.New(rand.NewSource(42))
	words := []string{"the", "archive", "server", "was", "moved", "last", "week", "and", "some",
		"files", "are", "still", "missing", "please", "check", "again", "before", "asking",
		"thanks", "for", "your", "patience", "regards", "meeting", "at", "10:30", "Note:",
		"Subject:", "Re:", "<joe@a.example>", "e.g.", "(see", "below)", "it's", "\"quoted\"",
		"Dr.", "a<b", "mirror", "network", "protocol", "gateway", "index", "release"}
	urls := []string{"http://www.example.org/pub/docs/index.html", "<URL:ftp://ftp.example.org/pub/\n> rfc/rfc1738.txt>",
		"news:comp.infosystems.www", "mailto:joe@example.com", "(http://en.wikipedia.org/wiki/URL_(disambiguation))",
		"<http://www.example.com/some-\n  path/>", "gopher://gopher.example.edu/11/", "URL: telnet://guest@lib.example.edu/"}
	var b bytes.Buffer
	next := every
	col := 0
	for b.Len() < n {
		w := words[rnd.Intn(len(words))]
		for len(plain) > 0 && plain[0] && strings.ContainsAny(w, "<:") && rnd.Intn(30) != 0 {
			w = words[rnd.Intn(len(words))]
		}
		if b.Len() >= next {
			w = urls[rnd.Intn(len(urls))]
			next += every
		}
		if col+len(w) > 72 {
			b.WriteByte('\n')
			col = 0
			if rnd.Intn(4) == 0 {
				b.WriteString("> ")
				col = 2
			}
		} else if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += len(w)
		if rnd.Intn(12) == 0 {
			b.WriteByte(".,;!?"[rnd.Intn(5)])
		}
	}
	return b.Bytes()
}

// Text with few URLs: one in about 4 KiB, and few other "<" and ":". The target is at least
// 200 MB/s.
func BenchmarkFindMail(b *testing.B) {
	text := prose(8<<20, 4096, true)
	loop(b, len(text), func() { Find(text) })
}

// Text with few URLs (one in about 4 KiB) but a "<" or ":" about every 50 bytes.
func BenchmarkFindProse(b *testing.B) {
	text := prose(8<<20, 4096)
	loop(b, len(text), func() { Find(text) })
}

func BenchmarkScannerProse(b *testing.B) {
	text := prose(8<<20, 4096)
	loop(b, len(text), func() {
		sc := NewScanner(bytes.NewReader(text))
		for sc.Scan() {
		}
	})
}

// Text with no candidate at all: the memchr skip alone.
func BenchmarkFindNoCandidates(b *testing.B) {
	text := bytes.Repeat([]byte("plain words and nothing else, line after line.\n"), 8<<20/48)
	loop(b, len(text), func() { Find(text) })
}

// A URL list, one per line: every line is a finding (validity checked too).
func BenchmarkFindURLList(b *testing.B) {
	text, err := os.ReadFile("../testdata/bench/kasztp.txt")
	if err != nil {
		b.Fatal(err)
	}
	loop(b, len(text), func() { Find(text) })
}

// Real prose: the specifications (RFC 1738, the URL drafts, RFC 3986), repeated to 8 MiB.
// They are dense in "<", ":" and URLs, far more than mail.
func BenchmarkFindSpecText(b *testing.B) {
	var text []byte
	for _, name := range []string{"rfc1738.txt", "url-draft-1994.txt", "url-draft-1993.txt", "uri-draft-www.txt", "ref/rfc3986.txt"} {
		t, err := os.ReadFile("../testdata/spec/" + filepath.Base(name))
		if err != nil {
			b.Fatal(err)
		}
		text = append(text, t...)
	}
	text = bytes.Repeat(text, 8<<20/len(text)+1)
	loop(b, len(text), func() { Find(text) })
}

// The streaming path on text with few URLs.
func BenchmarkScannerMail(b *testing.B) {
	text := prose(8<<20, 4096, true)
	loop(b, len(text), func() {
		sc := NewScanner(bytes.NewReader(text))
		for sc.Scan() {
		}
	})
}

// The chunks of a text scanned one by one, as "locator extract --jobs N" does (issue 10): a
// new Scanner per chunk (a new window, and a copy of the chunk into it), one Scanner Reset
// with a reader of each chunk (a copy), and one Scanner ResetBytes (in place).
func BenchmarkScannerChunks(b *testing.B) {
	text := prose(8<<20, 4096)
	var chunks [][]byte
	for len(text) > 0 {
		n := min(len(text), 256<<10)
		chunks, text = append(chunks, text[:n]), text[n:]
	}
	total := 0
	for _, c := range chunks {
		total += len(c)
	}
	b.Run("NewScanner", func(b *testing.B) {
		loop(b, total, func() {
			for _, c := range chunks {
				sc := NewScanner(bytes.NewReader(c))
				for sc.Scan() {
				}
			}
		})
	})
	b.Run("Reset", func(b *testing.B) {
		sc := NewScanner(nil)
		var rd bytes.Reader
		loop(b, total, func() {
			for _, c := range chunks {
				rd.Reset(c)
				sc.Reset(&rd)
				for sc.Scan() {
				}
			}
		})
	})
	b.Run("ResetBytes", func(b *testing.B) {
		sc := NewScanner(nil)
		loop(b, total, func() {
			for _, c := range chunks {
				sc.ResetBytes(c)
				for sc.Scan() {
				}
			}
		})
	})
}
