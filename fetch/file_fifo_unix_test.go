//go:build unix

package fetch_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/locator-url/locator/fetch"
)

// TestFileFIFO: a file URL naming a FIFO, or a symbolic link to one, is refused at once with
// KindSafety (RFC 8089 §5), before it is opened: os.Open of a FIFO waits for a writer, and
// "locator get --timeout 2s file:///…/fifo" hung past its timeout and Ctrl-C. A symbolic link
// to a regular file is still followed.
func TestFileFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "f")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO:", err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(fifo, link); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{fifo, link} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		done := make(chan error, 1)
		start := time.Now()
		go func() {
			_, err := fetch.Get(ctx, fileURL(t, "", name), &bytes.Buffer{}, fetch.Options{})
			done <- err
		}()
		var err error
		select {
		case err = <-done:
		case <-time.After(5 * time.Second):
			// Unblock the open (a writer), so that the goroutine ends with the test.
			if w, werr := os.OpenFile(fifo, os.O_WRONLY, 0); werr == nil {
				w.Close()
			}
			err = <-done
			t.Errorf("get %s: still waiting after 5s", name)
		}
		cancel()
		var fe *fetch.Error
		if !errors.As(err, &fe) || fe.Kind != fetch.KindSafety || fe.Code != "special-file" || fe.Rule != "RFC 8089 §5" ||
			!strings.Contains(fe.Message, "FIFO") || time.Since(start) > 5*time.Second {
			t.Errorf("get %s: %v", name, err)
		}
	}
	// A link to a regular file is followed, as before.
	file := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(file, []byte("hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(file, filepath.Join(dir, "flink")); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := fetch.Get(context.Background(), fileURL(t, "", filepath.Join(dir, "flink")), &out, fetch.Options{}); err != nil || out.String() != "hi\n" {
		t.Errorf("get a link to a file: %q, %v", out.String(), err)
	}
}
