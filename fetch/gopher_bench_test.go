package fetch_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/internal/testserver"
)

// BenchmarkGopherItems fetches 1,000 items of 4 KB from a real server, one connection each
// (gopher has no reuse), with locator's client and with curl (one curl process for all
// 1,000 URLs, which it fetches one after the other), and reports both totals and their ratio
// (issue 11: within 1.2× curl's total time). Both are sequential, both discard the bodies.
//
//	go test -run '^$' -bench BenchmarkGopherItems -benchtime 3x ./fetch/
//
// LOCATOR_GOPHER_SERVER=gophernicus uses gophernicus (behind socat) instead of pygopherd.
func BenchmarkGopherItems(b *testing.B) {
	const items, size = 1000, 4096
	if _, err := exec.LookPath("curl"); err != nil {
		b.Skip("curl is not installed")
	}
	root := b.TempDir()
	item := []byte(strings.Repeat("0123456789abcd\r\n", size/16)) // CR LF: gophernicus sends LF as CR LF
	for i := range items {
		if err := os.WriteFile(filepath.Join(root, "f"+strconv.Itoa(i)+".txt"), item, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	var s *testserver.GopherServer
	if os.Getenv("LOCATOR_GOPHER_SERVER") == "gophernicus" {
		s = testserver.Gophernicus(b, root)
	} else {
		s = testserver.PyGopherd(b, root, testserver.PygopherdOptions{})
	}
	urls := make([]string, items)
	for i := range urls {
		urls[i] = fmt.Sprintf("gopher://127.0.0.1:%d/0/f%d.txt", s.Port, i)
	}
	var mine, theirs time.Duration
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		c := fetch.NewClient(fetch.Options{})
		for _, u := range urls {
			r, err := c.Get(context.Background(), u, io.Discard)
			if err != nil || r.Size != size {
				b.Fatalf("%s: %d bytes, %v", u, r.Size, err)
			}
		}
		c.Close()
		mine += time.Since(start)

		start = time.Now()
		cmd := exec.Command("curl", append([]string{"-s", "-S", "--fail-early"}, urls...)...)
		out, err := cmd.Output()
		if err != nil || len(out) != items*size {
			b.Fatalf("curl: %d bytes, %v", len(out), err)
		}
		theirs += time.Since(start)
	}
	b.StopTimer()
	n := float64(b.N)
	b.ReportMetric(float64(mine.Milliseconds())/n, "locator-ms/op")
	b.ReportMetric(float64(theirs.Milliseconds())/n, "curl-ms/op")
	b.ReportMetric(float64(mine)/float64(theirs), "locator/curl")
}
