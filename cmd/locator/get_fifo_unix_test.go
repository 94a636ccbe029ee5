//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The example: "locator get --timeout 2s file://$PWD/f" on a FIFO hung forever,
// ignoring --timeout and Ctrl-C. It is refused at once, exit status 6 (RFC 8089 §5).
func TestGetFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "f")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO:", err)
	}
	type res struct {
		errs string
		code int
	}
	done := make(chan res, 1)
	go func() {
		_, errs, code := runLocator(t, "", "get", "--timeout", "2s", "file://"+fifo)
		done <- res{errs, code}
	}()
	select {
	case r := <-done:
		if r.code != exitSafety || !strings.Contains(r.errs, "is a FIFO (named pipe), not a regular file or a directory") ||
			!strings.Contains(r.errs, "[special-file, RFC 8089 §5]") {
			t.Errorf("exit %d, stderr %q", r.code, r.errs)
		}
	case <-time.After(5 * time.Second):
		if w, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil { // let the open return
			w.Close()
		}
		<-done
		t.Error("get on a FIFO still waiting after 5s")
	}
}
