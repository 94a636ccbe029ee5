package fetch

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/locator-url/locator/internal/testserver"
)

// writeBig writes size bytes of varied content to path, without holding them in memory.
func writeBig(b *testing.B, path string, size int) {
	b.Helper()
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	chunk := make([]byte, 1<<16)
	for i := range chunk {
		chunk[i] = byte(i*31 + i>>8)
	}
	for n := 0; n < size; n += len(chunk) {
		w.Write(chunk[:min(len(chunk), size-n)])
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkFTPLarge: one 200 MB file from vsftpd over loopback, by locator's client and by
// curl (-s -o /dev/null), in passive mode both. Compare the two ns/op (MB/s):
//
//	go test -run '^$' -bench BenchmarkFTPLarge -benchtime 5x ./fetch/
func BenchmarkFTPLarge(b *testing.B) {
	const size = 200 << 20
	s := testserver.VSFTPD(b, testserver.VSFTPDOptions{})
	writeBig(b, filepath.Join(s.Root, "big.bin"), size)
	url := s.URL("/big.bin")
	b.Run("locator", func(b *testing.B) {
		b.SetBytes(size)
		for b.Loop() {
			r, err := Get(context.Background(), url, io.Discard, Options{})
			if err != nil || r.Size != size {
				b.Fatalf("%+v, %v", r, err)
			}
		}
	})
	b.Run("curl", func(b *testing.B) {
		if _, err := exec.LookPath("curl"); err != nil {
			b.Skip("no curl")
		}
		b.SetBytes(size)
		for b.Loop() {
			if out, err := exec.Command("curl", "-s", "-o", "/dev/null", url).CombinedOutput(); err != nil {
				b.Fatalf("curl: %v %s", err, out)
			}
		}
	})
	// The two in turns, each first every other time, so that both see the same load on a
	// shared machine: the ratio is locator's throughput over curl's (above 1: locator is
	// faster).
	b.Run("paired", func(b *testing.B) {
		if _, err := exec.LookPath("curl"); err != nil {
			b.Skip("no curl")
		}
		var mine, theirs time.Duration
		ours := func() {
			t0 := time.Now()
			if _, err := Get(context.Background(), url, io.Discard, Options{}); err != nil {
				b.Fatal(err)
			}
			mine += time.Since(t0)
		}
		curl := func() {
			t0 := time.Now()
			if out, err := exec.Command("curl", "-s", "-o", "/dev/null", url).CombinedOutput(); err != nil {
				b.Fatalf("curl: %v %s", err, out)
			}
			theirs += time.Since(t0)
		}
		for i := 0; b.Loop(); i++ {
			if i%2 == 0 { // each goes first every other time
				ours()
				curl()
			} else {
				curl()
				ours()
			}
		}
		b.ReportMetric(float64(theirs)/float64(mine), "locator/curl-throughput")
		b.ReportMetric(float64(size)*float64(b.N)/mine.Seconds()/1e6, "locator-MB/s")
		b.ReportMetric(float64(size)*float64(b.N)/theirs.Seconds()/1e6, "curl-MB/s")
	})
}

// BenchmarkFTPBatch: 200 small files of one host, with one control connection (batch mode:
// Options.Batch) and with one connection per file.
//
//	go test -run '^$' -bench BenchmarkFTPBatch -benchtime 3x ./fetch/
func BenchmarkFTPBatch(b *testing.B) {
	const n = 200
	files := map[string][]byte{}
	for i := range n {
		files["pub/f"+strconv.Itoa(i)+".bin"] = []byte("small file " + strconv.Itoa(i) + "\n")
	}
	s := testserver.VSFTPD(b, testserver.VSFTPDOptions{Files: files})
	run := func(b *testing.B, batch bool) {
		for b.Loop() {
			c := NewClient(Options{Batch: batch})
			for i := range n {
				if _, err := c.Get(context.Background(), s.URL("/pub/f"+strconv.Itoa(i)+".bin"), io.Discard); err != nil {
					b.Fatal(err)
				}
			}
			c.Close()
		}
	}
	b.Run("batch", func(b *testing.B) { run(b, true) })
	b.Run("per-file", func(b *testing.B) { run(b, false) })
}
