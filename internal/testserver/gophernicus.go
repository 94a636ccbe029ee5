package testserver

import (
	"os"
	"os/exec"
	"strconv"
	"testing"
)

// Gophernicus starts gophernicus (Debian's gophernicus, a gopher server of the original
// protocol, which reads one request on its standard input) behind socat on 127.0.0.1 on a
// free port, serving root; socat runs it once per connection and records in hex what each
// client sent (GopherServer.Received). Its menus point back to 127.0.0.1 and that port.
func Gophernicus(t testing.TB, root string) *GopherServer {
	t.Helper()
	const bin = "/usr/sbin/gophernicus"
	if _, err := os.Stat(bin); err != nil {
		Missing(t, "gophernicus is not installed ("+err.Error()+")")
	}
	Need(t, "socat")
	port := FreePort(t)
	// -nv: no virtual hosts; -nr: it may run as root (CI); -ns: no syslog; -nm: no shared
	// memory between its runs.
	server := bin + " -h 127.0.0.1 -p " + strconv.Itoa(port) + " -r " + root + " -nv -nr -ns -nm"
	s := &GopherServer{Host: "127.0.0.1", Port: port, Root: root}
	s.Proc = Start(t, port, exec.Command("socat", "-x", "TCP-LISTEN:"+strconv.Itoa(port)+",bind=127.0.0.1,reuseaddr,fork",
		"EXEC:"+server))
	s.dump = s.Proc
	return s
}
