package fetch

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// connRecorder is a listener that records every connection made to it and what was sent on
// it: a server that must not be reached.
type connRecorder struct {
	l    net.Listener
	mu   sync.Mutex
	n    int
	data bytes.Buffer
}

func newConnRecorder(t *testing.T) *connRecorder {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &connRecorder{l: l}
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			r.mu.Lock()
			r.n++
			r.mu.Unlock()
			go func() {
				defer c.Close()
				c.SetDeadline(time.Now().Add(2 * time.Second))
				buf := make([]byte, 4096)
				for {
					n, err := c.Read(buf)
					r.mu.Lock()
					r.data.Write(buf[:n])
					r.mu.Unlock()
					if err != nil {
						return
					}
				}
			}()
		}
	}()
	t.Cleanup(func() { l.Close() })
	return r
}

func (r *connRecorder) port() string { return strconv.Itoa(r.l.Addr().(*net.TCPAddr).Port) }

func (r *connRecorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.n
}

// tricks are the ways of writing a line break or a NUL that RFC 1738 §6 warns of: the bytes
// must not be decoded into a protocol line.
var tricks = []string{"%0d%0a", "%0D%0A", "%0a", "%0d", "%00"}

// TestSafetyEncodingTricks: every encoding trick, in every part of a URL that lands in a
// protocol line, is refused with KindSafety before any connection (RFC 1738 §6). The URLs
// point at a listener that records connections, which must see none; the news URLs name it
// as their server.
func TestSafetyEncodingTricks(t *testing.T) {
	rec := newConnRecorder(t)
	hp := "127.0.0.1:" + rec.port()
	o := Options{NNTPServer: hp, SMTPServer: hp, Mail: "me@example.com", Timeout: time.Second}
	type row struct {
		part, url string
		kinds     []Kind // the kinds that count as a refusal: KindSafety, or KindInvalid where the part's syntax already excludes the byte
	}
	var rows []row
	safety := []Kind{KindSafety}
	for _, x := range tricks {
		rows = append(rows,
			row{"ftp user", "ftp://a" + x + "USER%20x@" + hp + "/f", safety},
			row{"ftp password", "ftp://u:p" + x + "DELE%20f@" + hp + "/f", safety},
			row{"ftp path", "ftp://" + hp + "/a" + x + "DELE%20x", safety},
			row{"ftp directory", "ftp://" + hp + "/d" + x + "/f", safety},
			row{"ftp typecode", "ftp://" + hp + "/f;type=a" + x + "X", safety},
			row{"gopher selector", "gopher://" + hp + "/1a" + x + "b", safety},
			row{"gopher search", "gopher://" + hp + "/7sel%09q" + x + "x", safety},
			row{"news group", "news:comp" + x + "QUIT", safety},
			row{"news message-id", "news:a" + x + "b@example.com", safety},
			row{"nntp group", "nntp://" + hp + "/grp" + x + "QUIT/1", safety},
			row{"nntp article", "nntp://" + hp + "/grp/1" + x, []Kind{KindSafety, KindInvalid}},
			row{"http host", "http://a" + x + "b/", safety},
			row{"https host", "https://a" + x + "b:" + rec.port() + "/", safety},
			row{"telnet user", "telnet://u" + x + "@" + hp + "/", safety},
			row{"telnet password", "telnet://u:p" + x + "@" + hp + "/", safety},
			row{"mid message-id", "mid:a" + x + "b@example.com", []Kind{KindSafety, KindLocal}},
		)
	}
	for _, r := range rows {
		if len(r.kinds) > 1 && !registered(r.url) {
			// Not a KindSafety refusal: the client of the scheme reports it, once it is there.
			continue
		}
		res, err := Get(context.Background(), r.url, io.Discard, o)
		k := KindOf(err)
		ok := false
		for _, want := range r.kinds {
			ok = ok || k == want
		}
		if !ok {
			t.Errorf("%s: %s: %v (kind %v), want %v", r.part, r.url, err, k, r.kinds)
		}
		if res != nil && len(res.Dialog) != 0 {
			t.Errorf("%s: %s: a dialog: %+v", r.part, r.url, res.Dialog)
		}
	}
	// mailto: Send refuses the address or header field before it connects.
	for _, x := range tricks {
		for _, u := range []string{
			"mailto:a" + x + "@example.com",
			"mailto:a@example.com" + x + "RCPT%20TO:x@example.com",
			"mailto:a@example.com?subject=s" + x + "Bcc:%20x@example.com",
			"mailto:a@example.com?cc=b@example.com" + x,
		} {
			if _, err := Send(context.Background(), u, strings.NewReader("body\n"), o); KindOf(err) != KindSafety {
				t.Errorf("send %s: %v", u, err)
			}
		}
	}
	// The access of each scheme is registered here or in its own file (ftp, gopher, nntp);
	// the refusals above happen in Get before any of them runs (Policy.precheck).
	time.Sleep(100 * time.Millisecond) // a connection would have been accepted by now
	if n := rec.count(); n != 0 {
		t.Errorf("%d connections reached the listener", n)
	}
}

// TestSafetyHTTPPathStaysEncoded: an encoded CR LF in an http path is not a refusal: it is
// sent as written, still encoded (RFC 1738 §6: the client must not decode it), so no header
// field is injected. The listener sees the request line as written.
func TestSafetyHTTPPathStaysEncoded(t *testing.T) {
	rec := newConnRecorder(t)
	_, err := Get(context.Background(), "http://127.0.0.1:"+rec.port()+"/a%0d%0aX-Injected:%20yes", io.Discard, Options{Timeout: 300 * time.Millisecond})
	if KindOf(err) != KindProtocol { // the recorder answers nothing
		t.Errorf("%v", err)
	}
	time.Sleep(50 * time.Millisecond)
	rec.mu.Lock()
	got := rec.data.String()
	rec.mu.Unlock()
	want := "GET /a%0d%0aX-Injected:%20yes HTTP/1.0\r\nHost: 127.0.0.1:" + rec.port() + "\r\n\r\n"
	if got != want {
		t.Errorf("sent %q, want %q", got, want)
	}
}

// TestSafetyPorts: a port in 0–1023 other than the scheme's default is refused before any
// connection unless Policy.AllowPorts names it (RFC 1738 §6: "gopher://host:25/" talks to a
// mail server).
func TestSafetyPorts(t *testing.T) {
	for _, u := range []string{"gopher://127.0.0.1:25/", "http://127.0.0.1:25/", "ftp://127.0.0.1:110/", "nntp://127.0.0.1:23/g/1",
		"telnet://127.0.0.1:25/", "http://127.0.0.1:1023/"} {
		_, err := Get(context.Background(), u, io.Discard, Options{})
		var fe *Error
		if !asError(err, &fe) || fe.Kind != KindSafety || fe.Code != "port" {
			t.Errorf("%s: %v", u, err)
		}
	}
	// Port 0 is no port to connect to: the plan refuses it, as a port above 65535 (RFC 793
	// §3.1), allowed or not.
	for _, u := range []string{"gopher://127.0.0.1:0/", "http://127.0.0.1:0/", "gopher://127.0.0.1:70000/"} {
		_, err := Get(context.Background(), u, io.Discard, Options{Policy: Policy{AllowPorts: []int{0}}})
		var fe *Error
		if !asError(err, &fe) || fe.Kind != KindInvalid || fe.Code != "bad-port" {
			t.Errorf("%s: %v", u, err)
		}
	}
	// Allowed: the port is dialled (and nothing listens on 127.0.0.1:1 in the tests, so the
	// access fails to connect rather than being refused).
	_, err := Get(context.Background(), "gopher://127.0.0.1:1/", io.Discard, Options{Policy: Policy{AllowPorts: []int{1}}})
	if k := KindOf(err); k == KindSafety {
		t.Errorf("allowed port refused: %v", err)
	}
	// The gateway does not lift the rule: the URL is refused before a gateway is chosen.
	rec := newConnRecorder(t)
	_, err = Get(context.Background(), "gopher://127.0.0.1:25/", io.Discard, Options{Proxies: map[string]string{"gopher": "http://127.0.0.1:" + rec.port()}})
	if KindOf(err) != KindSafety || rec.count() != 0 {
		t.Errorf("via gateway: %v, %d connections", err, rec.count())
	}
	// A redirect to such a port is refused when it is followed.
	srv := newRedirector(t, "http://127.0.0.1:25/")
	_, err = Get(context.Background(), srv, io.Discard, Options{})
	if fe, ok := err.(*Error); !ok || fe.Kind != KindSafety || fe.Code != "port" {
		t.Errorf("redirect to port 25: %v", err)
	}
}

// newRedirector serves one redirect to target on a loopback port and returns its URL.
func newRedirector(t *testing.T, target string) string {
	t.Helper()
	return "http://" + hostileServer(t, func(c net.Conn, r *bufio.Reader) {
		for {
			if l, err := r.ReadString('\n'); err != nil || l == "\r\n" {
				break
			}
		}
		io.WriteString(c, "HTTP/1.0 302 Found\r\nLocation: "+target+"\r\n\r\n")
	}) + "/"
}

// TestSafetyStrict: Policy.Strict refuses loopback on the address actually dialled: the name
// "localhost" resolves to 127.0.0.1 (or ::1), which the dialer's check refuses before the
// connection is made.
func TestSafetyStrict(t *testing.T) {
	rec := newConnRecorder(t)
	for _, u := range []string{
		"http://localhost:" + rec.port() + "/",
		"http://127.0.0.1:" + rec.port() + "/",
		"gopher://localhost:" + rec.port() + "/",
		"telnet://localhost:" + rec.port() + "/",
	} {
		if !registered(u) {
			continue // the scheme's client is in another helper's file; the check is in Client.dial
		}
		_, err := Get(context.Background(), u, io.Discard, Options{Policy: Policy{Strict: true}})
		var fe *Error
		if !asError(err, &fe) || fe.Kind != KindSafety || fe.Code != "address" {
			t.Errorf("%s: %v", u, err)
		}
	}
	// A redirect from an allowed server to loopback is refused the same way: the rule is on
	// the address dialled, for every hop.
	target := "http://localhost:" + rec.port() + "/"
	_, err := Get(context.Background(), newRedirector(t, target), io.Discard, Options{Policy: Policy{Strict: true}})
	if KindOf(err) != KindSafety {
		t.Errorf("strict first hop: %v", err)
	}
	time.Sleep(50 * time.Millisecond)
	if n := rec.count(); n != 0 {
		t.Errorf("%d connections reached the listener", n)
	}
	// The command line's policy (the zero value) reaches loopback.
	_, err = Get(context.Background(), "http://localhost:"+rec.port()+"/", io.Discard, Options{Timeout: 200 * time.Millisecond})
	if KindOf(err) == KindSafety {
		t.Errorf("zero policy: %v", err)
	}
}

// registered reports whether the scheme of rawURL has a client in this build.
func registered(rawURL string) bool {
	name, _, _ := strings.Cut(rawURL, ":")
	_, ok := clients[name]
	return ok
}
