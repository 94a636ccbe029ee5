package testserver

import (
	"os/exec"
	"strconv"
	"testing"
)

// HTTPD starts Python's http.server (/usr/bin/python3 -m http.server) on a free port of
// 127.0.0.1, serving dir, and returns the port. Its log of requests ("GET /a HTTP/1.0" 200)
// is the process's output.
func HTTPD(t testing.TB, dir string) (int, *Process) {
	t.Helper()
	const python = "/usr/bin/python3"
	Need(t, python)
	port := FreePort(t)
	cmd := exec.Command(python, "-m", "http.server", strconv.Itoa(port), "--bind", "127.0.0.1", "--directory", dir)
	return port, Start(t, port, cmd)
}
