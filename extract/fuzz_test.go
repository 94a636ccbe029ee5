package extract

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/locator-url/locator"
)

// FuzzFind: no panic; every span lies inside the input, in order, without overlap; every
// reading parses with locator.Parse; the span's text is the URL as written; and the Scanner
// finds the same as Find, and skips the same candidates as Search, also after Reset and ResetBytes.
func FuzzFind(f *testing.F) {
	for _, s := range []string{
		rfc1738Example,
		"<URL:http://a.example/long-\n> name>",
		"(http://en.wikipedia.org/wiki/Go_(x)).",
		"URL: news:comp.lang.go, mailto:joe@a.example?",
		"<http://a\n\n>",
		"'http://a.example/it's'",
		"> > <URL:ftp://x/\n> > y-\n> > z>",
		"http://a.example/-\n  b-\r\n c",
		"x-a:b <cid:c@d> <mid:e@f> telnet://u@h/ http://[::1]/",
		"\xff<URL:\x00http://a>\xfe",
	} {
		f.Add([]byte(s))
	}
	f.Add([]byte("see http://a.example/" + strings.Repeat("a-\n", MaxLength/3) + " and news:x"))
	f.Fuzz(func(t *testing.T, text []byte) {
		done := make(chan bool)
		go func() {
			select {
			case <-done:
			case <-time.After(3 * time.Second):
				panic(fmt.Sprintf("HANG %q", text))
			}
		}()
		defer close(done)
		got, skips := Search(text)
		if find := Find(text); !reflect.DeepEqual(find, got) {
			t.Fatalf("Find: %d findings, Search: %d", len(find), len(got))
		}
		checkSkips(t, "fuzz", text, got, skips)
		prev := -1
		for i, g := range got {
			if g.Start < 0 || g.End < g.Start || g.End >= len(text) || g.Start <= prev {
				t.Fatalf("#%d: span [%d,%d] bad (input %d bytes, previous end %d)", i, g.Start, g.End, len(text), prev)
			}
			prev = g.End
			for _, r := range append([]string{g.URL}, g.Alternatives...) {
				if _, err := locator.ParseAs(r, locator.RFC1738); err != nil && !parses(r) {
					t.Fatalf("#%d: %q does not parse: %v", i, r, err)
				}
			}
			if err := spanMatches(text[g.Start:g.End+1], g); err != "" {
				t.Fatalf("#%d: span %q: %s", i, text[g.Start:g.End+1], err)
			}
		}
		var r io.Reader = iotest.HalfReader(bytes.NewReader(text))
		if len(text) < 4096 {
			r = iotest.OneByteReader(bytes.NewReader(text))
		}
		sc := NewScanner(r)
		fromScanner, scannerSkips := drainScanner(sc)
		if sc.Err() != nil || !reflect.DeepEqual(fromScanner, got) || !reflect.DeepEqual(scannerSkips, skips) {
			t.Fatalf("Scanner: %d findings, %d skipped (err %v); Search: %d, %d", len(fromScanner), len(scannerSkips), sc.Err(), len(got), len(skips))
		}
		// Reset on a Scanner left in the middle of another text scans like a new one.
		sc = NewScanner(bytes.NewReader(append(text[len(text)/2:len(text):len(text)], text...)))
		sc.Scan()
		sc.Reset(iotest.HalfReader(bytes.NewReader(text)))
		fromScanner, scannerSkips = drainScanner(sc)
		if sc.Err() != nil || !reflect.DeepEqual(fromScanner, got) || !reflect.DeepEqual(scannerSkips, skips) {
			t.Fatalf("Scanner after Reset: %d findings, %d skipped (err %v); Search: %d, %d", len(fromScanner), len(scannerSkips), sc.Err(), len(got), len(skips))
		}
		sc.ResetBytes(text)
		fromScanner, scannerSkips = drainScanner(sc)
		if sc.Err() != nil || !reflect.DeepEqual(fromScanner, got) || !reflect.DeepEqual(scannerSkips, skips) {
			t.Fatalf("Scanner after ResetBytes: %d findings, %d skipped (err %v); Search: %d, %d", len(fromScanner), len(scannerSkips), sc.Err(), len(got), len(skips))
		}
	})
}

// drainScanner scans to the end and returns the findings and the skipped candidates, in order.
func drainScanner(sc *Scanner) (found []Finding, skipped []Skip) {
	for more := true; more; {
		more = sc.Scan()
		skipped = append(skipped, sc.Skipped()...)
		if more {
			found = append(found, sc.Finding())
		}
	}
	return found, skipped
}
