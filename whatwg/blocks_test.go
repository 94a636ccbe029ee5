package whatwg

import (
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/locator-url/locator/internal/allocs"
)

// sameResult fails t unless Parser.Parse gave what Parse gave: the same URL (href and every
// offset) and the same error.
func sameResult(t *testing.T, input string, got URL, gotErr error, want URL, wantErr error) {
	t.Helper()
	if (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
		t.Fatalf("%q: Parser.Parse error %v, Parse error %v", input, gotErr, wantErr)
	}
	if got != want {
		t.Fatalf("%q: Parser.Parse %+v, Parse %+v", input, got, want)
	}
}

// parserInputs returns the inputs and bases of urltestdata.json, the messy sets of the four
// bench files, and inputs whose hrefs are longer than a quarter of a block (allocated alone)
// or just short of it.
func parserInputs(t *testing.T) [][2]string {
	in := seeds(t)
	for _, f := range benchFiles {
		for _, l := range messyLines(t, f, messySeed, true) {
			in = append(in, [2]string{l, ""})
		}
	}
	for _, n := range []int{parserBlock/4 - 30, parserBlock/4 - 20, parserBlock / 4, parserBlock, 3000} {
		in = append(in, [2]string{"HTTP://example.com/" + strings.Repeat("a", n), ""})
		in = append(in, [2]string{"http://example.com/" + strings.Repeat("é", n/6), ""})
	}
	return in
}

// TestParserSameAsParse holds Parser.Parse to Parse on every input of parserInputs, with one
// Parser, whose blocks fill up and are replaced on the way, and checks at the end that no href
// it returned has changed since (a block's bytes are never written over).
func TestParserSameAsParse(t *testing.T) {
	var p Parser
	type kept struct {
		u    URL
		href string // a copy of its own
	}
	var all []kept
	for _, s := range parserInputs(t) {
		base, ok := seedBase(s)
		if !ok {
			continue
		}
		want, wantErr := Parse(s[0], base)
		got, err := p.Parse(s[0], base)
		sameResult(t, s[0], got, err, want, wantErr)
		if err == nil {
			all = append(all, kept{got, strings.Clone(got.href)})
		}
	}
	for _, k := range all {
		if k.u.href != k.href {
			t.Fatalf("an href changed after later parses: %q, was %q", k.u.href, k.href)
		}
	}
}

// TestParserShares checks that a Parser shares its blocks: on a messy set, where Parse
// allocates once a URL it changes, Parser.Parse allocates once a block (about 0.02 a URL); and
// that the hrefs of consecutive changed URLs are next to each other in memory.
func TestParserShares(t *testing.T) {
	lines := messyLines(t, "kasztp.txt", messySeed, false)[:2000]
	var p Parser
	parseAll := func() {
		for _, l := range lines {
			if _, err := p.Parse(l, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	per := allocs.Count(0.05*float64(len(lines)), 5, parseAll) / float64(len(lines))
	perParse := testing.AllocsPerRun(5, func() {
		for _, l := range lines {
			Parse(l, nil)
		}
	}) / float64(len(lines))
	t.Logf("allocations a URL: Parser.Parse %.3f, Parse %.3f", per, perParse)
	if per > 0.05 || perParse < 0.9 {
		t.Errorf("allocations a URL: Parser.Parse %.3f (want ≤ 0.05), Parse %.3f (want about 1)", per, perParse)
	}
	var q Parser
	u1, err1 := q.Parse("HTTP://a.example/x", nil)
	u2, err2 := q.Parse("HTTP://b.example/y", nil)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if a, b := unsafe.StringData(u1.href), unsafe.StringData(u2.href); uintptr(unsafe.Pointer(b)) != uintptr(unsafe.Pointer(a))+uintptr(len(u1.href)) {
		t.Errorf("the second href is not right after the first in the block")
	}
	// An input that is already an href is returned as it is, as Parse does.
	in := "https://example.com/a"
	if u, _ := q.Parse(in, nil); unsafe.StringData(u.href) != unsafe.StringData(in) {
		t.Errorf("Parser.Parse copied an input that is already an href")
	}
}

// TestParserConcurrent gives each goroutine its own Parser (the rule the doc states) and checks
// the results under the race detector too.
func TestParserConcurrent(t *testing.T) {
	lines := messyLines(t, "userbait.txt", messySeed, true)[:3000]
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var p Parser
			for i := g; i < len(lines); i += 2 {
				want, wantErr := Parse(lines[i], nil)
				got, err := p.Parse(lines[i], nil)
				if (err == nil) != (wantErr == nil) || got != want {
					t.Errorf("%q: Parser.Parse %q, %v; Parse %q, %v", lines[i], got.href, err, want.href, wantErr)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestURLClone(t *testing.T) {
	var p Parser
	u, err := p.Parse("HTTPS://User:Pw@Example.COM:443/a/../b?q=1#f", nil)
	if err != nil {
		t.Fatal(err)
	}
	c := u.Clone()
	if c != u {
		t.Fatalf("Clone %+v, want %+v", c, u)
	}
	if unsafe.StringData(c.href) == unsafe.StringData(u.href) {
		t.Errorf("Clone shares the href's memory")
	}
	if c.Username() != "User" || c.Host() != "example.com" || c.Pathname() != "/b" || c.Hash() != "#f" {
		t.Errorf("Clone's getters: %q %q %q %q", c.Username(), c.Host(), c.Pathname(), c.Hash())
	}
	if z := (URL{}).Clone(); z != (URL{}) {
		t.Errorf("Clone of the zero URL: %+v", z)
	}
}

// fuzzParser is the Parser FuzzParse holds to Parse: one for the whole run, so that its blocks
// fill up and are replaced.
var (
	fuzzParserMu sync.Mutex
	fuzzParser   Parser
)

// checkParser holds fuzzParser.Parse to Parse on input and base.
func checkParser(t *testing.T, input string, base *URL) {
	fuzzParserMu.Lock()
	defer fuzzParserMu.Unlock()
	want, wantErr := Parse(input, base)
	got, err := fuzzParser.Parse(input, base)
	sameResult(t, input, got, err, want, wantErr)
}
