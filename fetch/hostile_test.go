package fetch

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator/internal/testserver"
)

// hostileServer serves each connection of a listener on 127.0.0.1 with serve (the error paths
// no real server shows: replies that break the protocol); it returns the listener's address.
func hostileServer(t *testing.T, serve func(c net.Conn, r *bufio.Reader)) string {
	t.Helper()
	return testserver.Fake(t, func(c net.Conn) { serve(c, bufio.NewReader(c)) })
}

// TestFTPEndlessPreliminary: a server that answers a command with preliminary replies (1yz)
// and never a final one cannot keep the client reading and recording them: after
// ftpMaxPreliminary of them the access ends (RFC 959 §4.2), with a dialog of bounded size.
func TestFTPEndlessPreliminary(t *testing.T) {
	for _, at := range []string{"greeting", "USER"} {
		t.Run(at, func(t *testing.T) {
			flood := func(w io.Writer) {
				for range 100000 {
					if _, err := io.WriteString(w, "150 still working\r\n"); err != nil {
						return
					}
				}
			}
			base, _ := fakeFTP(t, func(r *bufio.Reader, w io.Writer) {
				if at == "greeting" {
					flood(w)
					return
				}
				io.WriteString(w, "220 hi\r\n")
				r.ReadString('\n') // USER
				flood(w)
			})
			start := time.Now()
			_, res, err := get(t, base+"/f", Options{Timeout: 5 * time.Second})
			var fe *Error
			if !errors.As(err, &fe) || fe.Kind != KindProtocol || fe.Code != "ftp-preliminary" || fe.Rule != "RFC 959 §4.2" {
				t.Fatalf("get: %v; want a protocol error ftp-preliminary", err)
			}
			if n := len(res.Dialog); n > ftpMaxPreliminary+4 {
				t.Errorf("the dialog holds %d exchanges", n)
			}
			if len(fe.Error()) > 600 || time.Since(start) > 5*time.Second {
				t.Errorf("a message of %d bytes after %v", len(fe.Error()), time.Since(start))
			}
		})
	}
	// A few preliminary replies before the final one are RFC 959 §4.2's dialog: read through.
	base, _ := fakeFTP(t, func(r *bufio.Reader, w io.Writer) {
		io.WriteString(w, "120 ready in a minute\r\n120 still\r\n220 hi\r\n")
		answer(r, w, "530 no\r\n")
	})
	if _, _, err := get(t, base+"/f", Options{Timeout: 5 * time.Second}); KindOf(err) != KindRefused {
		t.Errorf("120, 120, 220, then 530: %v; want the 530 refusal", err)
	}
}

// TestFTPReplyCodeClass: a reply whose first digit is not 1 to 5 is no FTP reply (RFC 959
// §4.2: "There are five values for the first digit of the reply code"): a protocol error
// (exit status 5), not a refusal by the server (4).
func TestFTPReplyCodeClass(t *testing.T) {
	for _, code := range []string{"000", "099", "600", "999"} {
		base, _ := fakeFTP(t, func(r *bufio.Reader, w io.Writer) {
			io.WriteString(w, "220 hi\r\n")
			answer(r, w, code+" odd\r\n") // USER
			r.ReadString('\n')
		})
		_, _, err := get(t, base+"/f", Options{Timeout: 5 * time.Second})
		var fe *Error
		if !errors.As(err, &fe) || fe.Kind != KindProtocol || fe.Code != "ftp-reply" {
			t.Errorf("USER answered %s: %v; want a protocol error ftp-reply", code, err)
		}
	}
}

// TestFTPReplyOutsideExpect: a reply outside a step's Expect is the server's refusal (exit
// status 4) when it is of class 4 or 5 (RFC 959 §4.2: "transient" and "permanent negative
// completion"), and a protocol error (5) when it is a positive reply the command cannot have
// (a 200 or a 350 to USER, whose replies RFC 959 §5.4 lists as 230, 530, 500, 501, 421, 331,
// 332), as for NNTP (RFC 3977 §3.2).
func TestFTPReplyOutsideExpect(t *testing.T) {
	for code, want := range map[string]Kind{"200": KindProtocol, "350": KindProtocol, "421": KindRefused, "530": KindRefused} {
		base, _ := fakeFTP(t, func(r *bufio.Reader, w io.Writer) {
			io.WriteString(w, "220 hi\r\n")
			answer(r, w, code+" odd\r\n") // USER
			r.ReadString('\n')
		})
		_, _, err := get(t, base+"/f", Options{Timeout: 5 * time.Second})
		var fe *Error
		if !errors.As(err, &fe) || fe.Kind != want || fe.Code != "ftp-"+code {
			t.Errorf("USER answered %s: %v; want %v ftp-%s", code, err, want, code)
		}
	}
}

// TestFTPSilentGreeting: a server that accepts the connection and never greets is a timeout
// before the greeting: KindConnect (exit status 3), as Kind's doc and get --help say.
func TestFTPSilentGreeting(t *testing.T) {
	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) })
	base, _ := fakeFTP(t, func(r *bufio.Reader, w io.Writer) { <-stop })
	_, _, err := get(t, base+"/f", Options{Timeout: 200 * time.Millisecond})
	var fe *Error
	if !errors.As(err, &fe) || fe.Kind != KindConnect || fe.Code != "timeout" {
		t.Errorf("no greeting: %v; want KindConnect timeout", err)
	}
}

// TestHTTPStatusClasses: interim responses (1xx) before the final one are read past (RFC 2068
// §10.1: "A client MUST be prepared to accept one or more 1xx status responses prior to a
// regular response"), so the object is not lost; a 101 that nothing asked for, a status
// outside 100–599 (RFC 1945 §6.1.1: five classes) and endless interim responses are protocol
// errors, not a success with an empty or foreign body.
func TestHTTPStatusClasses(t *testing.T) {
	for _, c := range []struct {
		name, reply string
		body        string // "" and code "": a success with this body
		code        string
	}{
		{"100 then 200", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", "hello", ""},
		{"102, 103, then 200", "HTTP/1.1 102 Processing\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.0 200 OK\r\n\r\nhello", "hello", ""},
		{"100 then 404", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\r\n\r\n", "", "http-404"},
		{"101", "HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\n\r\nhello", "", "http-101"},
		{"000", "HTTP/1.0 000 Zero\r\n\r\nhello", "", "http-status"},
		{"099", "HTTP/1.0 099 x\r\n\r\nhello", "", "http-status"},
		{"600", "HTTP/1.0 600 x\r\n\r\nhello", "", "http-status"},
		{"endless 100", strings.Repeat("HTTP/1.1 100 Continue\r\n\r\n", 1000), "", "http-interim"},
	} {
		addr := hostileServer(t, func(conn net.Conn, r *bufio.Reader) {
			for {
				l, err := r.ReadString('\n')
				if err != nil || l == "\r\n" {
					break
				}
			}
			io.WriteString(conn, c.reply)
		})
		var out strings.Builder
		res, err := Get(context.Background(), "http://"+addr+"/x", &out, Options{Timeout: 5 * time.Second})
		if c.code == "" {
			if err != nil || out.String() != c.body || res.Size != int64(len(c.body)) {
				t.Errorf("%s: %q, %v; want %q", c.name, out.String(), err, c.body)
			}
			continue
		}
		var fe *Error
		if !errors.As(err, &fe) || fe.Code != c.code || out.Len() != 0 {
			t.Errorf("%s: %q, %v; want the error %s", c.name, out.String(), err, c.code)
		} else if c.code != "http-404" && fe.Kind != KindProtocol {
			t.Errorf("%s: kind %v; want protocol", c.name, fe.Kind)
		}
		if n := len(res.Dialog); n > maxInterim+8 {
			t.Errorf("%s: the dialog holds %d exchanges", c.name, n)
		}
	}
}

// TestSendMixedReplyCodes: a multi-line SMTP reply whose lines have different codes (RFC 5321
// §4.2.1: "the reply code on each of the lines MUST be the same") is a protocol error: a
// "550-" refusal that ends "250 " must not let the message go out.
func TestSendMixedReplyCodes(t *testing.T) {
	data := make(chan bool, 1)
	addr := hostileServer(t, func(conn net.Conn, r *bufio.Reader) {
		io.WriteString(conn, "220 fake\r\n")
		sawData := false
		defer func() { data <- sawData }()
		for {
			l, err := r.ReadString('\n')
			if err != nil {
				return
			}
			switch {
			case strings.HasPrefix(l, "RCPT"):
				io.WriteString(conn, "550-no such user\r\n250 ok\r\n")
			case strings.HasPrefix(l, "DATA"):
				sawData = true
				io.WriteString(conn, "354 go\r\n")
			case strings.HasPrefix(l, "QUIT"):
				io.WriteString(conn, "221 bye\r\n")
				return
			case strings.HasPrefix(l, "EHLO"), strings.HasPrefix(l, "MAIL"), l == ".\r\n":
				io.WriteString(conn, "250 ok\r\n")
			}
		}
	})
	_, err := Send(context.Background(), "mailto:nobody@example.com", strings.NewReader("hi\n"),
		Options{SMTPServer: addr, Mail: "me@example.com", Timeout: 5 * time.Second})
	var fe *Error
	if !errors.As(err, &fe) || fe.Kind != KindProtocol || fe.Code != "smtp-reply" {
		t.Errorf("RCPT answered 550-…250: %v; want a protocol error smtp-reply", err)
	}
	select {
	case saw := <-data:
		if saw {
			t.Errorf("the message was sent after a 550- reply")
		}
	case <-time.After(10 * time.Second):
		t.Errorf("the server did not finish")
	}
}

// TestTelnetNegotiationFlood: a server that sends negotiations without end (here the same
// refused WILL, 5000 times; RFC 854 has each answered) gets every answer, and the dialog
// (Result.Dialog) keeps only the first telnetMaxRecorded of them: its memory is bounded.
func TestTelnetNegotiationFlood(t *testing.T) {
	const n = 5000
	answers := make(chan int, 1)
	addr := hostileServer(t, func(c net.Conn, r *bufio.Reader) {
		got := make(chan int, 1)
		go func() {
			total := 0
			buf := make([]byte, 4096)
			for total < 3*n {
				k, err := r.Read(buf)
				total += k
				if err != nil {
					break
				}
			}
			got <- total
		}()
		c.Write(bytes.Repeat([]byte{telIAC, telWILL, 200}, n))
		select {
		case k := <-got:
			answers <- k
		case <-time.After(5 * time.Second):
			answers <- -1
		}
	})
	var tr bytes.Buffer
	res, err := Get(context.Background(), "telnet://"+addr+"/", io.Discard, Options{ReadBanner: 2 * time.Second, Transcript: &tr})
	if err != nil {
		t.Fatal(err)
	}
	if k := <-answers; k != 3*n {
		t.Errorf("the server got %d bytes of answers, want %d (IAC DONT 200 each time)", k, 3*n)
	}
	if len(res.Dialog) > 2*telnetMaxRecorded+2 {
		t.Errorf("the dialog holds %d exchanges, want at most %d", len(res.Dialog), 2*telnetMaxRecorded+2)
	}
	if c := strings.Count(tr.String(), "> IAC DONT 200\n"); c != n {
		t.Errorf("the transcript shows %d answers, want %d", c, n)
	}
}

// TestCanceledIsLocal: an access that ends because its context is canceled (locator get on
// Ctrl-C) is the same failure for every scheme, KindLocal with code "canceled", as get's exit
// status 1 says of an interruption; before, FTP, NNTP, HTTP and telnet called it a connection
// failure (exit 3), HTTP's body and SMTP a closed connection (exit 5), gopher alone exit 1.
// Each server here greets (or reads the request) and then stays silent, past the cancel.
func TestCanceledIsLocal(t *testing.T) {
	silent := func(greeting string) func(net.Conn, *bufio.Reader) {
		return func(c net.Conn, r *bufio.Reader) {
			io.WriteString(c, greeting)
			io.Copy(io.Discard, r) // until the client closes
		}
	}
	httpBody := func(c net.Conn, r *bufio.Reader) {
		for {
			l, err := r.ReadString('\n')
			if err != nil || l == "\r\n" {
				break
			}
		}
		io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nhalf")
		io.Copy(io.Discard, r)
	}
	for _, c := range []struct {
		name  string
		serve func(net.Conn, *bufio.Reader)
		get   func(ctx context.Context, addr string) error
	}{
		{"ftp greeting", silent(""), func(ctx context.Context, addr string) error {
			_, err := Get(ctx, "ftp://"+addr+"/f", io.Discard, Options{Timeout: time.Minute})
			return err
		}},
		{"ftp USER", silent("220 hi\r\n"), func(ctx context.Context, addr string) error {
			_, err := Get(ctx, "ftp://"+addr+"/f", io.Discard, Options{Timeout: time.Minute})
			return err
		}},
		{"gopher", silent(""), func(ctx context.Context, addr string) error {
			_, err := Get(ctx, "gopher://"+addr+"/0x", io.Discard, Options{Timeout: time.Minute})
			return err
		}},
		{"nntp", silent("200 hi\r\n"), func(ctx context.Context, addr string) error {
			_, err := Get(ctx, "news:a@b.example", io.Discard, Options{NNTPServer: addr, Timeout: time.Minute})
			return err
		}},
		{"http header", silent(""), func(ctx context.Context, addr string) error {
			_, err := Get(ctx, "http://"+addr+"/x", io.Discard, Options{Timeout: time.Minute})
			return err
		}},
		{"http body", httpBody, func(ctx context.Context, addr string) error {
			_, err := Get(ctx, "http://"+addr+"/x", io.Discard, Options{Timeout: time.Minute})
			return err
		}},
		{"smtp", silent("220 hi\r\n"), func(ctx context.Context, addr string) error {
			_, err := Send(ctx, "mailto:nobody@example.com", strings.NewReader("hi\n"),
				Options{SMTPServer: addr, Mail: "me@example.com", Timeout: time.Minute})
			return err
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			addr := hostileServer(t, c.serve)
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(200*time.Millisecond, cancel)
			start := time.Now()
			err := c.get(ctx, addr)
			var fe *Error
			if !errors.As(err, &fe) || fe.Kind != KindLocal || fe.Code != "canceled" || !errors.Is(err, context.Canceled) {
				t.Errorf("canceled: %v (%#v); want a local failure, code canceled", err, fe)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("ended %v after the cancel", d)
			}
		})
	}
}
