package fetch

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fakeFTP serves one connection on 127.0.0.1 with script (the error paths no real server
// shows on demand: a 421, a dropped connection, a huge line); it returns the URL prefix
// "ftp://127.0.0.1:port" and a channel that gets the lines the client sent, closed when the
// script returns.
func fakeFTP(t *testing.T, script func(r *bufio.Reader, w io.Writer)) (string, <-chan []string) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	got := make(chan []string, 1)
	go func() {
		defer close(got)
		c, err := l.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		_ = c.SetDeadline(time.Now().Add(10 * time.Second))
		rec := &recorder{r: c}
		script(bufio.NewReader(rec), c)
		got <- strings.Split(strings.TrimSuffix(rec.b.String(), "\r\n"), "\r\n")
	}()
	return "ftp://" + l.Addr().String(), got
}

// recorder keeps what it reads.
type recorder struct {
	r io.Reader
	b strings.Builder
}

func (r *recorder) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	r.b.Write(p[:n])
	return n, err
}

// answer reads one line and writes reply.
func answer(r *bufio.Reader, w io.Writer, reply string) bool {
	if _, err := r.ReadString('\n'); err != nil {
		return false
	}
	_, err := io.WriteString(w, reply)
	return err == nil
}

// TestFTPErrorPaths: a 421 greeting and a 421 in the middle are refusals with the server's
// code and text; a connection closed before a reply, a huge line, a reply that is not one, a
// 229 without a port are protocol errors; multi-line replies (RFC 959 §4.2) are read whole.
func TestFTPErrorPaths(t *testing.T) {
	for _, r := range []struct {
		name   string
		script func(r *bufio.Reader, w io.Writer)
		kind   Kind
		code   string
		reply  string
	}{
		{"421 greeting", func(r *bufio.Reader, w io.Writer) {
			io.WriteString(w, "421 Too many users, try later.\r\n")
		}, KindRefused, "ftp-421", "421 Too many users, try later."},
		{"421 after USER", func(r *bufio.Reader, w io.Writer) {
			io.WriteString(w, "220 hi\r\n")
			answer(r, w, "421 Timeout.\r\n")
		}, KindRefused, "ftp-421", "421 Timeout."},
		{"dropped after USER", func(r *bufio.Reader, w io.Writer) {
			io.WriteString(w, "220 hi\r\n")
			r.ReadString('\n')
		}, KindProtocol, "closed", ""},
		{"huge line", func(r *bufio.Reader, w io.Writer) {
			io.WriteString(w, "220 "+strings.Repeat("x", MaxLine+10)+"\r\n")
		}, KindProtocol, "line-too-long", ""},
		{"endless multi-line reply", func(r *bufio.Reader, w io.Writer) {
			for range ftpMaxReplyLines + 2 {
				if _, err := io.WriteString(w, "220-more\r\n"); err != nil {
					return
				}
			}
		}, KindProtocol, "ftp-reply", ""},
		{"not a reply", func(r *bufio.Reader, w io.Writer) {
			io.WriteString(w, "SSH-2.0-OpenSSH_9.2\r\n")
		}, KindProtocol, "ftp-reply", "SSH-2.0-OpenSSH_9.2"},
		{"229 without a port", func(r *bufio.Reader, w io.Writer) {
			io.WriteString(w, "220 hi\r\n")
			answer(r, w, "230 ok\r\n")             // USER
			answer(r, w, "200 ok\r\n")             // TYPE
			answer(r, w, "213 3\r\n")              // SIZE
			answer(r, w, "229 Entering (|||)\r\n") // EPSV
		}, KindProtocol, "ftp-epsv", "229 Entering (|||)"},
		{"multi-line replies, then 550", func(r *bufio.Reader, w io.Writer) {
			io.WriteString(w, "220-Welcome\r\n220-  to the test\r\n220 ready\r\n")
			answer(r, w, "230-Logged in.\r\n 230 is not the end: it begins with a space\r\n230 done\r\n")
			answer(r, w, "550-No such file:\r\n550 f\r\n") // TYPE
		}, KindRefused, "ftp-550", "550-No such file:\n550 f"},
	} {
		t.Run(r.name, func(t *testing.T) {
			base, _ := fakeFTP(t, r.script)
			_, res, err := get(t, base+"/f", Options{Timeout: 5 * time.Second})
			var fe *Error
			if !errors.As(err, &fe) || fe.Kind != r.kind || fe.Code != r.code || fe.Reply != r.reply {
				t.Fatalf("get: %#v; want %s %s %q", err, r.kind, r.code, r.reply)
			}
			if len(fe.Error()) > 600 {
				t.Errorf("a message of %d bytes", len(fe.Error()))
			}
			if r.name == "multi-line replies, then 550" && (len(res.Dialog) < 4 || res.Dialog[0].Reply != "220-Welcome\n220-  to the test\n220 ready" ||
				res.Dialog[2].Reply != "230-Logged in.\n 230 is not the end: it begins with a space\n230 done") {
				t.Errorf("dialog %+v", res.Dialog)
			}
		})
	}
}

// TestFTPPassiveAddress: the data connection goes to the control connection's address
// whatever the 227 reply names (RFC 1738 §6: a server must not make the client connect
// elsewhere), and a data port in 0–1023 is refused by the Policy.
func TestFTPPassiveAddress(t *testing.T) {
	data, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer data.Close()
	port := data.Addr().(*net.TCPAddr).Port
	go func() {
		c, err := data.Accept()
		if err == nil {
			io.WriteString(c, "payload")
			c.Close()
		}
	}()
	base, sent := fakeFTP(t, func(r *bufio.Reader, w io.Writer) {
		io.WriteString(w, "220 hi\r\n")
		answer(r, w, "230 ok\r\n")           // USER
		answer(r, w, "200 ok\r\n")           // TYPE
		answer(r, w, "502 no SIZE\r\n")      // SIZE
		answer(r, w, "500 what is EPSV\r\n") // EPSV
		answer(r, w, "227 Entering Passive Mode (10,9,8,7,"+strconv.Itoa(port>>8)+","+strconv.Itoa(port&255)+").\r\n")
		answer(r, w, "150 here\r\n") // RETR
		time.Sleep(50 * time.Millisecond)
		io.WriteString(w, "226 done\r\n")
		answer(r, w, "221 bye\r\n") // QUIT
	})
	out, res, err := get(t, base+"/f", Options{})
	if err != nil || string(out) != "payload" || res.Total != -1 {
		t.Fatalf("get: %q, %+v, %v", out, res, err)
	}
	if got := strings.Join(<-sent, "|"); got != "USER anonymous|TYPE I|SIZE f|EPSV|PASV|RETR f|QUIT" {
		t.Errorf("sent %q", got)
	}
	// A 229 that names port 25.
	base, _ = fakeFTP(t, func(r *bufio.Reader, w io.Writer) {
		io.WriteString(w, "220 hi\r\n")
		answer(r, w, "230 ok\r\n")
		answer(r, w, "200 ok\r\n")
		answer(r, w, "213 3\r\n")
		answer(r, w, "229 Entering Extended Passive Mode (|||25|)\r\n")
		r.ReadString('\n')
	})
	_, _, err = get(t, base+"/f", Options{})
	if KindOf(err) != KindSafety {
		t.Errorf("data port 25: %v; want a safety refusal", err)
	}
}

// TestFTPSafety: a decoded CR, LF or NUL that would land in a command line is refused before
// any connection (RFC 1738 §6), in every part of the URL and in either case of the escape.
func TestFTPSafety(t *testing.T) {
	rec := newConnRecorder(t)
	h := rec.l.Addr().String()
	for _, u := range []string{
		"ftp://" + h + "/a%0d%0aDELE%20x",
		"ftp://" + h + "/a%0D%0ADELE%20x",
		"ftp://" + h + "/d%0a/f",
		"ftp://" + h + "/f%00",
		"ftp://u%0d%0aSITE@" + h + "/f",
		"ftp://u:p%0D%0ASITE@" + h + "/f",
		"ftp://" + h + "/d%0d%0a;type=d",
		"ftp://" + h + "/f%0A;type=i",
	} {
		_, _, err := get(t, u, Options{})
		var fe *Error
		if !errors.As(err, &fe) || fe.Kind != KindSafety || fe.Code != "line-break" {
			t.Errorf("get %q: %v; want a line-break safety refusal", u, err)
		}
	}
	if _, _, err := get(t, "ftp://"+h+"/f", Options{Mail: "a\r\nDELE x"}); KindOf(err) != KindSafety {
		t.Errorf("a mail address with CR LF: %v", err)
	}
	if n := rec.count(); n != 0 {
		t.Errorf("refused URLs connected %d times", n)
	}
	// The context ends a stalled dialog.
	stop := make(chan struct{}) // the fake stalls until the test ends: only the context can end Get
	t.Cleanup(func() { close(stop) })
	base, _ := fakeFTP(t, func(r *bufio.Reader, w io.Writer) { <-stop })
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Get(ctx, base+"/f", io.Discard, Options{})
	if err == nil || time.Since(start) > 10*time.Second { // a hang guard: the context ends it at 100 ms
		t.Errorf("canceled: %v after %v", err, time.Since(start))
	}
}

// TestFTPCancelTransfer: the context ends a transfer whose data connection stalls.
func TestFTPCancelTransfer(t *testing.T) {
	stop := make(chan struct{}) // the fakes stall until the test ends: only the context can end Get
	t.Cleanup(func() { close(stop) })
	data, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer data.Close()
	port := data.Addr().(*net.TCPAddr).Port
	go func() {
		c, err := data.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		io.WriteString(c, "first bytes")
		<-stop
	}()
	base, _ := fakeFTP(t, func(r *bufio.Reader, w io.Writer) {
		io.WriteString(w, "220 hi\r\n")
		answer(r, w, "230 ok\r\n")
		answer(r, w, "200 ok\r\n")
		answer(r, w, "213 100\r\n")
		answer(r, w, "229 Entering Extended Passive Mode (|||"+strconv.Itoa(port)+"|)\r\n")
		answer(r, w, "150 here\r\n")
		<-stop
	})
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	var out strings.Builder
	res, err := Get(ctx, base+"/f", &out, Options{})
	if KindOf(err) != KindLocal || time.Since(start) > 10*time.Second || out.String() != "first bytes" || res.Size != 11 || res.Total != 100 {
		t.Errorf("canceled transfer: %v after %v, %q, %+v", err, time.Since(start), out.String(), res)
	}
}
