// Package testserver starts the real servers that locator's retrieval tests talk to (vsftpd,
// pyftpdlib, pygopherd, gophernicus, INN, telnetd, an SMTP server), each from Debian's
// packages, on 127.0.0.1, on a free port, with a temporary configuration, stopped when the
// test ends. A server that is not installed skips its tests outside CI and fails them in CI
// (CI=true), where .ci/run installs it.
package testserver

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"testing"
	"time"
)

// Need skips t (fails it under CI=true) unless every program in paths exists.
func Need(t testing.TB, paths ...string) {
	t.Helper()
	for _, p := range paths {
		if _, err := exec.LookPath(p); err != nil {
			Missing(t, p+" is not installed ("+err.Error()+")")
		}
	}
}

// Missing skips t with why, or fails it under CI=true, where every server must be present.
func Missing(t testing.TB, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("server missing in CI: %s", why)
	}
	t.Skipf("server missing: %s (set CI=true to fail instead)", why)
}

// FreePort returns a TCP port on 127.0.0.1 that was free a moment ago.
func FreePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// FreePorts returns n consecutive free ports on 127.0.0.1 (for an FTP server's passive range).
func FreePorts(t testing.TB, n int) int {
	t.Helper()
	for try := 0; try < 50; try++ {
		base := FreePort(t)
		if base+n > 65535 {
			continue
		}
		ok := true
		var ls []net.Listener
		for i := 0; i < n && ok; i++ {
			l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(base+i))
			if err != nil {
				ok = false
				break
			}
			ls = append(ls, l)
		}
		for _, l := range ls {
			l.Close()
		}
		if ok {
			return base
		}
	}
	t.Fatalf("no %d consecutive free ports", n)
	return 0
}

// Process is a server started by Start.
type Process struct {
	Cmd *exec.Cmd
	mu  sync.Mutex
	out bytes.Buffer
}

// Output returns what the server has written to its standard output and error so far.
func (p *Process) Output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.out.String()
}

type lockedWriter struct{ p *Process }

func (w lockedWriter) Write(b []byte) (int, error) {
	w.p.mu.Lock()
	defer w.p.mu.Unlock()
	if w.p.out.Len() < 1<<20 {
		w.p.out.Write(b)
	}
	return len(b), nil
}

// Start starts cmd, waits until 127.0.0.1:port accepts connections (up to 15 s), and stops the
// process (and its process group) when t ends.
func Start(t testing.TB, port int, cmd *exec.Cmd) *Process {
	t.Helper()
	p := &Process{Cmd: cmd}
	cmd.Stdout = lockedWriter{p}
	cmd.Stderr = lockedWriter{p}
	setpgid(cmd)
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", cmd.Path, err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		kill(cmd)
		select {
		case <-done:
		case <-time.After(5 * time.Second):
		}
	})
	if err := WaitPort(port, 15*time.Second, done); err != nil {
		t.Fatalf("%s did not listen on port %d: %v\n%s", cmd.Path, port, err, p.Output())
	}
	return p
}

// WaitPort waits until 127.0.0.1:port accepts a connection, for at most d or until exited is
// closed (the process ended).
func WaitPort(port int, d time.Duration, exited <-chan struct{}) error {
	addr := "127.0.0.1:" + strconv.Itoa(port)
	deadline := time.Now().Add(d)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			return nil
		}
		select {
		case <-exited:
			return fmt.Errorf("the process exited")
		default:
		}
		if time.Now().After(deadline) {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}
