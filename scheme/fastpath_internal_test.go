package scheme

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/locator-url/locator"
)

// The fast paths of checkTo (fastHTTP, quickCheck) must find exactly what the full RFC 1738
// checkers find. checkDiff compares Check with them and without them (fastPaths), for every
// spec, on u parsed by Parse and by ParseAs under RFC 1738.
func checkDiff(t testing.TB, s string) {
	t.Helper()
	var us []locator.URL
	if u, err := locator.Parse(s); err == nil {
		us = append(us, u)
	}
	if u, err := locator.ParseAs(s, locator.RFC1738); err == nil {
		us = append(us, u)
	}
	defer func() { fastPaths = true }()
	for _, u := range us {
		for _, spec := range locator.Specs() {
			fastPaths = true
			fast := Check(u, spec)
			fastPaths = false
			full := Check(u, spec)
			if !slices.Equal(fast, full) {
				t.Fatalf("Check(%q, %v):\nwith the fast paths %v\nwithout them       %v", s, spec, fast, full)
			}
		}
	}
}

// fastPathInputs returns the URLs of the bench files (testdata/bench) and n variants of
// them, seeded: characters inserted that the fast paths must notice (national and unsafe
// characters, escapes good and bad, delimiters, non-ASCII), a port, user information, other
// schemes and letter cases.
func fastPathInputs(t testing.TB, n int) []string {
	var lines []string
	for _, name := range []string{"kasztp.txt", "node_files.txt", "userbait.txt", "isaacs_files.txt"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "bench", name))
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.Split(string(bytes.TrimSuffix(data, []byte("\n"))), "\n")...)
	}
	inserts := []string{"~", "%", "%4", "%41", "%zz", "@", ":", ";", "?", "/", "#", ".", "..", "-", "-.", ".-",
		"{", "|", "\\", "^", "[", "]", "`", "\"", "<", ">", "é", "\xff", "u@", "u:p@", ":80", ":", ":65536",
		"[::1]", "&", "=", "+", "$", ",", "!", "*", "'", "(", ")", "0", "9", "A", "ä", ";type=a", "//"}
	schemes := []string{"http", "https", "HTTP", "Https", "ftp", "file", "FILE", "gopher", "telnet", "wais",
		"news", "nntp", "mailto", "prospero", "afs", "mid", "cid", "x-y", "url:http"}
	r := rand.New(rand.NewPCG(10, 3))
	out := slices.Clone(lines)
	for range n {
		s := lines[r.IntN(len(lines))]
		for m := r.IntN(3) + 1; m > 0; m-- {
			switch r.IntN(4) {
			case 0: // another scheme
				if k := strings.IndexByte(s, ':'); k > 0 {
					s = schemes[r.IntN(len(schemes))] + s[k:]
				}
			case 1: // a cut
				if len(s) > 0 {
					s = s[:r.IntN(len(s)+1)]
				}
			default: // an insertion
				k := r.IntN(len(s) + 1)
				s = s[:k] + inserts[r.IntN(len(inserts))] + s[k:]
			}
		}
		out = append(out, s)
	}
	return out
}

// TestCheckFastPathsMatch is the differential test of the fast paths: on the bench files and
// generated variants of their URLs, Check gives the same findings, byte for byte, with and
// without them.
func TestCheckFastPathsMatch(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 20000
	}
	for _, s := range fastPathInputs(t, n) {
		checkDiff(t, s)
	}
}

// FuzzCheckFastPaths is TestCheckFastPathsMatch on any input.
func FuzzCheckFastPaths(f *testing.F) {
	for _, s := range []string{"http://a.b/~c", "https://x.com:80/a?b#c", "ftp://u:p@h/a;type=i", "file:///a b", "http://a..b/", "http://a.1/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkDiff(t, s) })
}
