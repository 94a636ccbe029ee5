package testserver

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// SMTPServer is a running aiosmtpd (Debian package python3-aiosmtpd).
type SMTPServer struct {
	Addr    string // "127.0.0.1:port"
	Port    int
	Maildir string // where the server stores each message it accepts
	proc    *Process
}

// SMTPD starts aiosmtpd on a free port of 127.0.0.1 with its Mailbox handler, which stores
// each message it accepts in a Maildir with the envelope added as X-MailFrom and X-RcptTo
// header fields, and with -d, which logs each command line it receives.
func SMTPD(t testing.TB) *SMTPServer {
	t.Helper()
	const python = "/usr/bin/python3"
	Need(t, python)
	if err := exec.Command(python, "-c", "import aiosmtpd").Run(); err != nil {
		Missing(t, "python3-aiosmtpd is not installed")
	}
	dir := t.TempDir()
	md := filepath.Join(dir, "Maildir")
	port := FreePort(t)
	cmd := exec.Command(python, "-m", "aiosmtpd", "-n", "-d", "-l", "127.0.0.1:"+strconv.Itoa(port),
		"-c", "aiosmtpd.handlers.Mailbox", md)
	p := Start(t, port, cmd)
	return &SMTPServer{Addr: "127.0.0.1:" + strconv.Itoa(port), Port: port, Maildir: md, proc: p}
}

// Commands returns the command lines the server has received so far, in order, as its
// debug log shows them ("('127.0.0.1', 5555) >> b'MAIL FROM:<a@b>'").
func (s *SMTPServer) Commands() []string {
	var cmds []string
	for _, l := range strings.Split(s.proc.Output(), "\n") {
		_, after, ok := strings.Cut(l, ") >> b")
		if !ok || len(after) < 2 {
			continue
		}
		cmds = append(cmds, unquotePyBytes(after))
	}
	return cmds
}

// unquotePyBytes reads Python's repr of bytes, without the b: '…' or "…" with \\, \', \",
// \r, \n, \t and \xNN escapes.
func unquotePyBytes(s string) string {
	if len(s) < 2 {
		return s
	}
	s = s[1 : len(s)-1]
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b = append(b, s[i])
			continue
		}
		i++
		switch s[i] {
		case 'r':
			b = append(b, '\r')
		case 'n':
			b = append(b, '\n')
		case 't':
			b = append(b, '\t')
		case 'x':
			if i+2 < len(s) {
				if n, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
					b = append(b, byte(n))
					i += 2
					continue
				}
			}
			b = append(b, 'x')
		default:
			b = append(b, s[i])
		}
	}
	return string(b)
}

// Messages returns the messages the server has stored so far (the files of its Maildir's
// "new" directory), in no particular order.
func (s *SMTPServer) Messages(t testing.TB) []string {
	t.Helper()
	ents, err := os.ReadDir(filepath.Join(s.Maildir, "new"))
	if err != nil {
		if os.IsNotExist(err) {
			return nil
		}
		t.Fatal(err)
	}
	var msgs []string
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(s.Maildir, "new", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		msgs = append(msgs, string(b))
	}
	return msgs
}
