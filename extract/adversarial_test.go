package extract

import (
	"bytes"
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"time"
)

// findSteps is Find, and the number of bytes the matcher examined outside its memchr skip.
func findSteps(text []byte) ([]Finding, int) {
	m := matcher{buf: text, eof: true}
	m.init()
	var out []Finding
	for {
		var f Finding
		if m.next(&f) != found {
			return out, m.steps
		}
		out = append(out, f)
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
	}
	start := time.Now()
	for name, text := range cases {
		got, steps := findSteps([]byte(text))
		t.Logf("%-24s %8d bytes %8d steps %6d found", name, len(text), steps, len(got))
		checkInvariants(t, name, []byte(text), got)
		if limit := 16*len(text) + 4096; steps > limit {
			t.Errorf("%s: %d steps for %d bytes (limit %d): not linear", name, steps, len(text), limit)
		}
		// The Scanner, fed in small reads, finds the same with bounded rescanning.
		var fromScanner []Finding
		sc := NewScanner(&chunked{b: []byte(text), n: 1000})
		for sc.Scan() {
			fromScanner = append(fromScanner, sc.Finding())
		}
		if !reflect.DeepEqual(fromScanner, got) {
			t.Errorf("%s: Scanner found %d, Find %d", name, len(fromScanner), len(got))
		}
		if limit := 32*len(text) + 1<<20; sc.m.steps > limit {
			t.Errorf("%s: Scanner: %d steps for %d bytes (limit %d): not linear", name, sc.m.steps, len(text), limit)
		}
		t.Logf("%-24s Scanner: %8d steps", name, sc.m.steps)
	}
	t.Logf("%d hostile inputs in %v", len(cases), time.Since(start))
}

// Quadratic behaviour would take minutes here; linear takes milliseconds.
func TestManyAngleBrackets(t *testing.T) {
	text := bytes.Repeat([]byte("<"), 1000000)
	start := time.Now()
	if got := Find(text); len(got) != 0 {
		t.Errorf("found %d URLs in a run of \"<\"", len(got))
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("1e6 \"<\" took %v", d)
	}
}
