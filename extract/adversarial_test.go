package extract

import (
	"bytes"
	"math/rand"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// findSteps is Search, and the number of bytes the matcher examined outside its memchr skip.
func findSteps(text []byte) ([]Finding, []Skip, int) {
	m := matcher{buf: text, eof: true}
	m.init()
	var out []Finding
	var skips []Skip
	for {
		var f Finding
		switch m.next(&f) {
		case found:
			out = append(out, f)
		case skipped:
			skips = append(skips, m.skip)
		default:
			return out, skips, m.steps
		}
	}
}

// Hostile text: megabyte lines, no newline, NUL bytes, invalid UTF-8, runs of "<" and of
// everything that starts a candidate. The guard is an operation count, not a clock: the
// matcher may examine each byte only a bounded number of times, so quadratic behaviour fails
// the test at once, whatever the machine's load.
func TestAdversarial(t *testing.T) {
	const mb = 1 << 20
	rnd := rand.New(rand.NewSource(1))
	randomFrom := func(alphabet string, n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[rnd.Intn(len(alphabet))]
		}
		return string(b)
	}
	randomBytes := make([]byte, mb)
	rnd.Read(randomBytes)
	cases := map[string]string{
		"megabyte line":           strings.Repeat("a", mb),
		"megabyte lines":          strings.Repeat(strings.Repeat("word ", mb/5)+"\n", 3),
		"100000 <":                strings.Repeat("<", 100000),
		"1e6 <":                   strings.Repeat("<", 1000000),
		"1e6 :":                   strings.Repeat(":", 1000000),
		"1e6 <:":                  strings.Repeat("<:", 500000),
		"NUL bytes":               strings.Repeat("\x00", mb),
		"NUL in URLs":             strings.Repeat("http://a.example/\x00<URL:x\x00>", mb/32),
		"invalid UTF-8":           string(randomBytes),
		"invalid UTF-8 in URLs":   strings.Repeat("http://a.example/\xff <URL:http://b\xfe>", mb/36),
		"<URL: repeated":          strings.Repeat("<URL:", mb/5),
		"URL: repeated":           strings.Repeat("URL:", mb/4),
		"URL: then spaces":        "URL:" + strings.Repeat(" ", mb),
		"< then a megabyte":       "<" + strings.Repeat("a", mb) + ">",
		"wrapper of whitespace":   "<URL:http://a/" + strings.Repeat(" \n", mb/2) + ">",
		"wrapper of breaks":       "<URL:http://a/" + strings.Repeat("x\n", mb/2) + ">",
		"hyphen breaks wrapped":   "<URL:http://a/" + strings.Repeat("x-\n", mb/3) + ">",
		"hyphen breaks bare":      strings.Repeat("http://a/-\n", mb/11),
		"quoted hyphen breaks":    strings.Repeat("> <URL:http://a/x-\n> ", mb/20),
		"http:// repeated":        strings.Repeat("http://", mb/7),
		"news: repeated":          strings.Repeat("news:", mb/5),
		"news:a repeated":         strings.Repeat("news:a ", mb/7),
		"scheme run":              strings.Repeat("x-", mb/2) + ":y",
		"letters then colon":      strings.Repeat("a", mb) + ":b",
		"open parens":             "http://a.example/" + strings.Repeat("(", mb),
		"close parens":            "http://a.example/" + strings.Repeat(")", mb),
		"trailing dots":           "http://a.example/" + strings.Repeat(".", mb),
		"quotes":                  strings.Repeat("'http://a.example/'", mb/19),
		"mail quote markers":      strings.Repeat(">", mb),
		"random candidate soup":   randomFrom("<>:/-\n aUuRrLl.()'\t", mb),
		"random URL soup":         randomFrom("htp:/<>URL-\n ", mb),
		"long line then wrapper":  strings.Repeat("z", mb) + "<URL:http://a.example/\n> b>",
		"many short URLs":         strings.Repeat("http://a.example/ ", mb/18),
		"unclosed bracket chains": strings.Repeat("<http://a.example/", mb/18),
		"slashes":                 strings.Repeat("/", mb),
		"slashes in a URL":        "http://a" + strings.Repeat("/", mb),
		"dots in a host":          "http://" + strings.Repeat(".", mb) + "/",
		"hyphens and breaks":      strings.Repeat("-\n", mb/2),
		"hyphen breaks in a URL":  "http://a/" + strings.Repeat("-\n", mb/2),
		"hyphen break lines":      strings.Repeat("http://a/b-\nc ", mb/14),
		"at signs":                strings.Repeat("@", mb),
		"at signs in mailto":      "mailto:" + strings.Repeat("@", mb),
		"percents":                strings.Repeat("%", mb),
		"percents in a URL":       "http://a/" + strings.Repeat("%", mb),
		"spaces":                  strings.Repeat(" ", mb),
		"spaces after a URL":      "http://a/" + strings.Repeat(" ", mb),
		"open square brackets":    "http://[" + strings.Repeat("[", mb),
		"bytes 0xff":              strings.Repeat("\xff", mb),
		"0xff after a URL":        "http://a/" + strings.Repeat("\xff", mb),
		"controls":                randomFrom("\x00\x01\x07\x08\x0b\x0c\x1b\x7f\r\n\t", mb),
		"controls in URLs":        strings.Repeat("http://a/\x1b[31m<URL:http://b/\x01>", mb/32),
		"NUL after a URL":         "http://a/" + strings.Repeat("\x00", mb),
		"1 MB URL":                "see http://a.example/" + strings.Repeat("a", mb) + " then http://b.example/.",
		"1 MB wrapped URL":        "<URL:http://a.example/" + strings.Repeat("a", mb) + ">",
		"1 MB URLs":               strings.Repeat("http://a.example/"+strings.Repeat("b", MaxLength)+"\n", 16),
		"10 MB URL":               "see http://a.example/" + strings.Repeat("a", 10*mb) + ".",
	}
	// The candidates longer than MaxLength, reported as skipped: their starts.
	wantSkips := map[string][]int{
		"1 MB URL":         {4},
		"1 MB wrapped URL": {5},
		"10 MB URL":        {4},
		"slashes in a URL": {0},
		"dots in a host":   {0},
	}
	start := time.Now()
	for name, text := range cases {
		got, skips, steps := findSteps([]byte(text))
		t.Logf("%-24s %8d bytes %8d steps %6d found %3d skipped", name, len(text), steps, len(got), len(skips))
		checkInvariants(t, name, []byte(text), got)
		checkSkips(t, name, []byte(text), got, skips)
		if want, ok := wantSkips[name]; ok {
			var starts []int
			for _, s := range skips {
				starts = append(starts, s.Start)
			}
			if !reflect.DeepEqual(starts, want) {
				t.Errorf("%s: skipped at %v, want %v", name, starts, want)
			}
		}
		if limit := 16*len(text) + 4096; steps > limit {
			t.Errorf("%s: %d steps for %d bytes (limit %d): not linear", name, steps, len(text), limit)
		}
		// The Scanner, fed in small reads, finds the same with bounded rescanning, in
		// bounded memory.
		var fromScanner []Finding
		var scannerSkips []Skip
		data := []byte(text)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		sc := NewScanner(&chunked{b: data, n: 1000})
		for more := true; more; {
			more = sc.Scan()
			scannerSkips = append(scannerSkips, sc.Skipped()...)
			if more {
				fromScanner = append(fromScanner, sc.Finding())
			}
		}
		runtime.ReadMemStats(&after)
		if !reflect.DeepEqual(fromScanner, got) {
			t.Errorf("%s: Scanner found %d, Find %d", name, len(fromScanner), len(got))
		}
		if !reflect.DeepEqual(scannerSkips, skips) {
			t.Errorf("%s: Scanner skipped %d, Search %d", name, len(scannerSkips), len(skips))
		}
		if limit := 32*len(text) + 1<<20; sc.m.steps > limit {
			t.Errorf("%s: Scanner: %d steps for %d bytes (limit %d): not linear", name, sc.m.steps, len(text), limit)
		}
		// Memory: the window, the scratch space of one URL (its text, where each piece came
		// from, its hyphens: a constant, since a URL is at most MaxLength bytes), and per
		// finding its parse, check and strings. Nothing grows with a long run without URLs:
		// the 10 MB URL is over the limit if any copy of it is kept.
		alloc := after.TotalAlloc - before.TotalAlloc
		if limit := uint64(bufSize + 64*MaxLength + 1024*(len(got)+len(skips)) + 16*urlBytes(got)); alloc > limit {
			t.Errorf("%s: Scanner allocated %d bytes for %d bytes of text (limit %d)", name, alloc, len(text), limit)
		}
		if cap(sc.m.buf) != bufSize || cap(sc.m.text) > 2*MaxLength {
			t.Errorf("%s: Scanner window %d bytes, scratch %d bytes", name, cap(sc.m.buf), cap(sc.m.text))
		}
		t.Logf("%-24s Scanner: %8d steps %8d bytes allocated", name, sc.m.steps, alloc)
	}
	t.Logf("%d hostile inputs in %v", len(cases), time.Since(start))
}

// urlBytes is the length of the URLs and alternatives of fs.
func urlBytes(fs []Finding) int {
	n := 0
	for _, f := range fs {
		n += len(f.URL)
		for _, a := range f.Alternatives {
			n += len(a)
		}
	}
	return n
}

// checkSkips checks what holds for every skipped candidate: it lies in the input, longer than
// MaxLength, in order, overlapping no finding; it starts with a scheme name and its colon; its
// prefix is its first MaxPrefix bytes; it ends at the end of the input or before a byte that
// ends a URL; and its message is one line that quotes only the prefix.
func checkSkips(t *testing.T, name string, text []byte, found []Finding, skips []Skip) {
	t.Helper()
	prev := -1
	for i, s := range skips {
		end := s.Start + s.Length
		if s.Start <= prev || s.Length <= MaxLength || end > len(text) {
			t.Errorf("%s: skip #%d [%d,+%d] out of order or bounds (previous end %d, input %d bytes)", name, i, s.Start, s.Length, prev, len(text))
			continue
		}
		prev = end - 1
		if !bytes.HasPrefix(text[s.Start:], []byte(s.Prefix)) || len(s.Prefix) > MaxPrefix || len(s.Prefix) <= MaxPrefix-utf8.UTFMax {
			t.Errorf("%s: skip #%d: prefix %q, want the first %d bytes", name, i, s.Prefix, MaxPrefix)
		}
		if !isLetter(text[s.Start]) || !bytes.Contains(text[s.Start:s.Start+maxScheme+1], []byte(":")) {
			t.Errorf("%s: skip #%d at %d does not start with a scheme: %q", name, i, s.Start, s.Prefix)
		}
		if end < len(text) && !stop[text[end]] {
			t.Errorf("%s: skip #%d ends at %d before %q, which does not end a URL", name, i, end, text[end])
		}
		if s.Form != Bare && s.Form != Prefixed {
			t.Errorf("%s: skip #%d: form %s", name, i, s.Form)
		}
		if msg := s.Error(); len(msg) > 256 || strings.ContainsAny(msg, "\n\r\x1b") {
			t.Errorf("%s: skip #%d: message of %d bytes: %q", name, i, len(msg), msg)
		}
		for _, f := range found {
			if f.Start < end && f.End >= s.Start {
				t.Errorf("%s: finding [%d,%d] inside skip #%d [%d,+%d]", name, f.Start, f.End, i, s.Start, s.Length)
			}
		}
	}
}

// Quadratic behaviour would take minutes here; linear takes milliseconds.
func TestManyAngleBrackets(t *testing.T) {
	text := bytes.Repeat([]byte("<"), 1000000)
	start := time.Now()
	if got := Find(text); len(got) != 0 {
		t.Errorf("found %d URLs in a run of \"<\"", len(got))
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Logf("1e6 \"<\" took %v: slow (logged: speed is for the benchmarks; Find's operation count is bounded by TestAdversarial)", d)
	}
}
