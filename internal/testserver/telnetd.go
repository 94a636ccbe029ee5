package testserver

import (
	"os"
	"os/exec"
	"strconv"
	"testing"
)

// Telnetd starts inetutils' telnetd (/usr/sbin/telnetd, Debian package inetutils-telnetd)
// behind socat on a free port of 127.0.0.1 and returns the port. telnetd serves one
// connection on its standard input; socat forks one per connection ("fork"). "-h" keeps the
// host's details from the banner until login. telnetd opens a pseudo-terminal and runs
// /bin/login, so it must run as root (as CI does); otherwise the test is skipped (failed
// under CI=true).
func Telnetd(t testing.TB) int {
	t.Helper()
	Need(t, "socat", "/usr/sbin/telnetd")
	if os.Geteuid() != 0 {
		Missing(t, "telnetd needs root for its pseudo-terminal and /bin/login")
	}
	port := FreePort(t)
	cmd := exec.Command("socat",
		"TCP-LISTEN:"+strconv.Itoa(port)+",bind=127.0.0.1,reuseaddr,fork",
		"EXEC:/usr/sbin/telnetd -h")
	Start(t, port, cmd)
	return port
}
