package extract

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/locator-url/locator/internal/allocs"
)

// The URLs of findings are copied into shared blocks (matcher.str), not one allocation
// each: a Scanner reused over many texts hands out strings that stay as they were, however
// much is scanned after them, and allocates about one block per stringBlock bytes of URLs
// (and nothing to look up the scheme "URL" of a "URL:" prefix, known).
func TestFindingStringsShared(t *testing.T) {
	var text bytes.Buffer
	var want []string
	for i := range 2000 {
		u := fmt.Sprintf("http://h%d.example/p/%d?q=%d", i, i*7, i*13)
		want = append(want, u, u)
		fmt.Fprintf(&text, "see <%s> now, or URL:%s.\n", u, u)
	}
	sc := NewScanner(nil)
	var got []string
	for range 3 { // three texts, one Scanner: the strings of the first must survive the others
		sc.ResetBytes(text.Bytes())
		for sc.Scan() {
			got = append(got, sc.Finding().URL)
		}
	}
	if len(got) != 3*len(want) || len(want) != 4000 {
		t.Fatalf("%d findings, want %d", len(got), 3*len(want))
	}
	for i, u := range got {
		if u != want[i%len(want)] {
			t.Fatalf("finding %d: %q, want %q", i, u, want[i%len(want)])
		}
	}
	// 400 URLs of about 40 bytes: 16,000 bytes, four blocks (and their builders), where one
	// string per URL made 400 allocations, and the lookups of "URL" 200 more.
	small := text.Bytes()[:bytes.Index(text.Bytes(), []byte("<http://h200."))]
	nAllocs := allocs.Count(10, 20, func() {
		sc.ResetBytes(small)
		for sc.Scan() {
		}
	})
	if nAllocs > 10 {
		t.Errorf("%.1f allocations to scan 400 URLs, want at most 10", nAllocs)
	}
}
