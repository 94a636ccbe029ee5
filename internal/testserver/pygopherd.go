package testserver

import (
	"bufio"
	"encoding/hex"
	"errors"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// GopherServer is a gopher server started for a test: pygopherd (Gopher+) or gophernicus.
type GopherServer struct {
	Host string // "127.0.0.1"
	Port int    // the port clients connect to
	Root string // the content directory the server serves
	// Proc is the server (for pygopherd) or the socat that runs it (gophernicus).
	Proc *Process
	// dump is the socat -x whose standard error records what went through it, when there is
	// one (PygopherdOptions.Capture; gophernicus always).
	dump *Process
}

// PygopherdOptions configure PyGopherd.
type PygopherdOptions struct {
	// Exec lets pygopherd run executable files (its scriptexec.ExecHandler: the program's
	// output is the reply, a search request in $SEARCHREQUEST), for a type 7 search item.
	Exec bool
	// Capture puts a socat -x proxy in front of the server, so that Received returns the
	// bytes the server was sent.
	Capture bool
}

// PyGopherd starts pygopherd (Debian's pygopherd, a Gopher+ server) on 127.0.0.1 on a free
// port, serving root (a directory the test fills; pygopherd reads "NAME.abstract" and
// "NAME.ask" files as a file's +ABSTRACT and +ASK attribute blocks, and a "gophermap" file as
// a directory's menu). Its menus point back to 127.0.0.1 and the port clients connect to.
// It returns once the server answers its root menu with something three times in a row:
// pygopherd sometimes answers the first requests after it starts listening with nothing (the
// connection closed at once), which a test would read as an empty menu; one answer was not
// always enough (TestGetThroughServe's first get saw an empty menu once in CI).
func PyGopherd(t testing.TB, root string, o PygopherdOptions) *GopherServer {
	t.Helper()
	const bin = "/usr/sbin/pygopherd"
	if _, err := os.Stat(bin); err != nil {
		Missing(t, "pygopherd is not installed ("+err.Error()+")")
	}
	Need(t, "socat")
	tmp := t.TempDir()
	base, err := os.ReadFile("/etc/pygopherd/pygopherd.conf")
	if err != nil {
		Missing(t, "pygopherd's configuration: "+err.Error())
	}
	port := FreePort(t)
	listen := port
	if o.Capture {
		listen = FreePort(t)
	}
	conf := string(base)
	set := func(key, value string) {
		lines := strings.Split(conf, "\n")
		for i, l := range lines {
			if strings.HasPrefix(l, key+" =") || strings.HasPrefix(l, key+"=") {
				lines[i] = key + " = " + value
			}
		}
		conf = strings.Join(lines, "\n")
	}
	set("port", strconv.Itoa(listen))
	set("root", root)
	set("usechroot", "no")
	set("pidfile", filepath.Join(tmp, "pygopherd.pid"))
	set("logmethod", "none")
	set("detach", "no")
	if o.Exec {
		set("handlers", "[scriptexec.ExecHandler, url.HTMLURLHandler, gophermap.BuckGophermapHandler,")
	}
	// The menus name the port clients use (the proxy's, when there is one).
	conf = strings.Replace(conf, "[pygopherd]\n", "[pygopherd]\ninterface = 127.0.0.1\nservername = 127.0.0.1\nadvertisedport = "+strconv.Itoa(port)+"\n", 1)
	cf := filepath.Join(tmp, "pygopherd.conf")
	if err := os.WriteFile(cf, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	s := &GopherServer{Host: "127.0.0.1", Port: port, Root: root}
	s.Proc = Start(t, listen, exec.Command("/usr/bin/python3", bin, cf))
	if o.Capture {
		s.dump = Start(t, port, exec.Command("socat", "-x", "TCP-LISTEN:"+strconv.Itoa(port)+",bind=127.0.0.1,reuseaddr,fork",
			"TCP:127.0.0.1:"+strconv.Itoa(listen)))
	}
	if err := waitGopherReply(port, 15*time.Second); err != nil {
		t.Fatalf("pygopherd on port %d does not answer its root menu: %v\n%s", port, err, s.Proc.Output())
	}
	return s
}

// waitGopherReply waits, for at most d, until the gopher server on 127.0.0.1:port answers
// the empty selector (its root menu, RFC 1436 §2) with at least one byte, three times in a
// row.
func waitGopherReply(port int, d time.Duration) error {
	addr := "127.0.0.1:" + strconv.Itoa(port)
	deadline := time.Now().Add(d)
	for good := 0; ; {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			_ = c.SetDeadline(time.Now().Add(3 * time.Second))
			var n int
			if _, err = c.Write([]byte("\r\n")); err == nil {
				var buf [512]byte
				n, err = io.ReadAtLeast(c, buf[:], 1)
			}
			c.Close()
			if n > 0 {
				if good++; good == 3 {
					return nil
				}
				continue
			}
			if err == io.EOF {
				err = errors.New("an empty reply")
			}
		}
		good = 0
		if time.Now().After(deadline) {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Received returns, in order, the bytes each connection sent to the server, as socat -x
// recorded them (PygopherdOptions.Capture, or gophernicus, which always runs behind socat).
// socat writes "> DATE length=N from=A to=B" and then the bytes in hex for the client's
// direction, "< …" for the server's.
func (s *GopherServer) Received(t testing.TB) []byte {
	t.Helper()
	if s.dump == nil {
		t.Fatal("the gopher server was started without socat -x in front of it")
	}
	text := s.dump.Output()
	var out []byte
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	in := false
	for sc.Scan() {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "> "):
			in = true
		case strings.HasPrefix(l, "< "), l == "--", !strings.HasPrefix(l, " "):
			in = false
		case in:
			b, err := hex.DecodeString(strings.ReplaceAll(strings.TrimSpace(l), " ", ""))
			if err != nil {
				t.Fatalf("socat's dump: %v: %q", err, l)
			}
			out = append(out, b...)
		}
	}
	return out
}
