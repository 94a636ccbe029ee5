package fetch

import (
	"bytes"
	"context"
	"io"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator/internal/testserver"
)

// TestTelnetNegotiationBytes checks the exact bytes answered to each negotiation (RFC 854:
// DO refused with WONT, WILL with DONT, but for ECHO and SUPPRESS-GO-AHEAD), and the data
// stream: IAC IAC is a 255, CR NUL a bare CR, a subnegotiation skipped. A fake server: no
// real one sends this mix on demand.
func TestTelnetNegotiationBytes(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	got := make(chan []byte, 1)
	go func() {
		conn, err := l.Accept()
		if err != nil {
			got <- nil
			return
		}
		defer conn.Close()
		conn.Write([]byte{telIAC, telDO, 24, telIAC, telWILL, optEcho, telIAC, telWILL, optSGA, telIAC, telDO, optSGA,
			telIAC, telWILL, 200, telIAC, telWILL, optEcho, // again: already agreed, no answer
			telIAC, telSB, 24, 1, telIAC, telSE, 'h', 'i', telIAC, telIAC, 'x', '\r', 0, 'y', telIAC, 241})
		var b []byte
		buf := make([]byte, 64)
		conn.SetReadDeadline(time.Now().Add(2 * time.Second))
		for len(b) < 15 {
			n, err := conn.Read(buf)
			b = append(b, buf[:n]...)
			if err != nil {
				break
			}
		}
		got <- b
	}()
	var out bytes.Buffer
	res, err := Get(context.Background(), "telnet://"+l.Addr().String()+"/", &out, Options{ReadBanner: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{telIAC, telWONT, 24, telIAC, telDO, optEcho, telIAC, telDO, optSGA, telIAC, telWILL, optSGA, telIAC, telDONT, 200}
	if b := <-got; !bytes.Equal(b, want) {
		t.Errorf("answers %v, want %v", b, want)
	}
	if out.String() != "hi\xffx\ry" || res.Size != 6 {
		t.Errorf("data %q size %d", out.String(), res.Size)
	}
	if len(res.Dialog) < 2 || res.Dialog[0].Reply != "IAC DO TTYPE" || res.Dialog[1].Sent != "IAC WONT TTYPE" {
		t.Errorf("dialog %+v", res.Dialog)
	}
}

// TestTelnetd talks to inetutils' telnetd: every option it asks for is answered as the
// client's rules say, and its login prompt arrives.
func TestTelnetd(t *testing.T) {
	port := testserver.Telnetd(t)
	var out, tr bytes.Buffer
	res, err := Get(context.Background(), "telnet://guest:secret@127.0.0.1:"+strconv.Itoa(port)+"/", &out,
		Options{ReadBanner: time.Second, Transcript: &tr})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "login: ") {
		t.Errorf("no login prompt in %q", out.String())
	}
	if !strings.Contains(tr.String(), `* suggest the user name "guest"`) || !strings.Contains(tr.String(), `* suggest the password "secret"`) {
		t.Errorf("no advisory remarks in the transcript:\n%s", tr.String())
	}
	checkNegotiation(t, res.Dialog)
}

// checkNegotiation checks that each negotiation received got the answer the client's rules
// give: DO x → WONT x (WILL SGA for SGA), WILL x → DONT x (DO for ECHO and SGA), and that
// telnetd asked for at least the terminal type.
func checkNegotiation(t *testing.T, dialog []Exchange) {
	t.Helper()
	asked := 0
	agreed := map[string]bool{}
	for i, e := range dialog {
		f := strings.Fields(e.Reply)
		if len(f) != 3 || f[0] != "IAC" {
			continue
		}
		asked++
		opt := f[2]
		var want string
		switch f[1] {
		case "DO":
			want = "IAC WONT " + opt
			if opt == "SGA" {
				want = "IAC WILL SGA"
			}
		case "WILL":
			want = "IAC DONT " + opt
			if opt == "SGA" || opt == "ECHO" {
				want = "IAC DO " + opt
			}
		default:
			continue
		}
		if agreed[f[1]+opt] { // a repeated request for an agreed mode gets no answer
			continue
		}
		if i+1 >= len(dialog) || dialog[i+1].Sent != want {
			t.Errorf("after %q: %+v, want %q", e.Reply, dialog[i+1:min(i+2, len(dialog))], want)
		}
		if strings.HasPrefix(want, "IAC WILL") || strings.HasPrefix(want, "IAC DO ") {
			agreed[f[1]+opt] = true
		}
	}
	if asked < 3 {
		t.Errorf("telnetd negotiated %d options: %+v", asked, dialog)
	}
}

// TestTelnetInteract types a user name into telnetd's login and sees the password prompt.
func TestTelnetInteract(t *testing.T) {
	port := testserver.Telnetd(t)
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	pr, pw := io.Pipe()
	go func() {
		time.Sleep(500 * time.Millisecond) // after the login prompt
		io.WriteString(pw, "nobody\n")
		pw.Close()
	}()
	res, err := Interact(ctx, "telnet://nobody@127.0.0.1:"+strconv.Itoa(port), pr, &out, Options{ReadBanner: 1500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	s := out.String()
	if !strings.HasPrefix(s, `* suggest the user name "nobody"`) || !strings.Contains(s, "login: ") || !strings.Contains(s, "Password") {
		t.Errorf("session output %q", s)
	}
	checkNegotiation(t, res.Dialog)
}
