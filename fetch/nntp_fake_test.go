package fetch_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"net"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/locator-url/locator/fetch"
)

// get fetches url with the options o, within 30 seconds, and returns what was written.
func nntpGet(t *testing.T, o fetch.Options, url string) (string, *fetch.Result, error) {
	t.Helper()
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := fetch.Get(ctx, url, &out, o)
	return out.String(), r, err
}

// fakeNNTP is an in-process NNTP server for the error paths and branches that INN does not
// take (a server without OVER, a malformed or overlong reply, a dropped connection). reply
// gets each line received and returns what to write back ("" to close the connection; a
// reply ending in closeMark is written and the connection closed).
type fakeNNTP struct {
	addr string
	mu   sync.Mutex
	got  []string
}

func newFakeNNTP(t *testing.T, greeting string, reply func(line string) string) *fakeNNTP {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeNNTP{addr: l.Addr().String()}
	done := make(chan struct{})
	go func() {
		defer close(done)
		c, err := l.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		if _, err := c.Write([]byte(greeting)); err != nil {
			return
		}
		br := bufio.NewReader(c)
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimSuffix(line, "\r\n")
			f.mu.Lock()
			f.got = append(f.got, line)
			f.mu.Unlock()
			out := reply(line)
			if out == "" {
				return
			}
			out, closeAfter := strings.CutSuffix(out, closeMark)
			if _, err := c.Write([]byte(out)); err != nil || closeAfter {
				return
			}
		}
	}()
	t.Cleanup(func() { l.Close(); <-done })
	return f
}

const closeMark = "<close>"

func (f *fakeNNTP) received() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.got...)
}

// script answers by command verb.
func script(m map[string]string) func(string) string {
	return func(line string) string {
		verb, _, _ := strings.Cut(line, " ")
		return m[verb]
	}
}

func TestNNTPXOVERFallback(t *testing.T) {
	// A server that does not know OVER (an RFC 2980 server): 500, then XOVER (the plan's When).
	f := newFakeNNTP(t, "201 fake ready\r\n", script(map[string]string{
		"MODE":  "500 what?\r\n",
		"GROUP": "211 1 5 5 g.x\r\n",
		"OVER":  "500 unknown command\r\n",
		"XOVER": "224 follows\r\n5\tsubj\ta@b.example\tdate\t<m5@b.example>\t\t10\t1\r\n.\r\n",
		"QUIT":  "205 bye\r\n",
	}))
	out, r, err := nntpGet(t, fetch.Options{NNTPServer: f.addr}, "news:g.x")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"MODE READER", "GROUP g.x", "OVER 1-", "XOVER 1-", "QUIT"}
	if got := f.received(); !reflect.DeepEqual(got, want) {
		t.Errorf("received %q, want %q", got, want)
	}
	if len(r.Entries) != 1 || r.Entries[0].URL != "news:m5@b.example" || out != "news:m5@b.example\tarticle\tsubj\n" {
		t.Errorf("entries %+v, output %q", r.Entries, out)
	}
}

func TestNNTPOverSkipsXOVER(t *testing.T) {
	// OVER answered 423 (no articles): XOVER is not sent, the listing is empty.
	f := newFakeNNTP(t, "200 fake\r\n", script(map[string]string{
		"MODE": "200 ok\r\n", "GROUP": "211 0 1 0 g.x\r\n", "OVER": "423 none\r\n", "QUIT": "205 bye\r\n",
	}))
	out, _, err := nntpGet(t, fetch.Options{NNTPServer: f.addr}, "news:g.x")
	if err != nil || out != "" {
		t.Fatalf("%q %v", out, err)
	}
	if got, want := f.received(), []string{"MODE READER", "GROUP g.x", "OVER 1-", "QUIT"}; !reflect.DeepEqual(got, want) {
		t.Errorf("received %q, want %q", got, want)
	}
}

func TestNNTPErrors(t *testing.T) {
	huge := strings.Repeat("x", fetch.MaxLine+10)
	article := func(body string) map[string]string {
		return map[string]string{"MODE": "200 ok\r\n", "ARTICLE": body, "QUIT": "205 bye\r\n"}
	}
	for _, r := range []struct {
		name     string
		greeting string
		replies  map[string]string
		kind     fetch.Kind
		code     string
	}{
		{"greeting 400", "400 service temporarily unavailable\r\n", nil, fetch.KindRefused, "nntp-400"},
		{"greeting 502", "502 go away\r\n", nil, fetch.KindRefused, "nntp-502"},
		{"malformed greeting", "hello there\r\n", nil, fetch.KindProtocol, "nntp-reply"},
		{"greeting 6xx", "600 what\r\n", nil, fetch.KindProtocol, "nntp-reply"},
		{"greeting 340", "340 send it\r\n", nil, fetch.KindProtocol, "nntp-340"},
		{"huge greeting", huge + "\r\n", nil, fetch.KindProtocol, "line-too-long"},
		{"MODE READER 502", "200 ok\r\n", map[string]string{"MODE": "502 no reading\r\n"}, fetch.KindRefused, "nntp-502"},
		{"no such article", "200 ok\r\n", article("430 no such article\r\n"), fetch.KindRefused, "nntp-430"},
		{"dropped inside the article", "200 ok\r\n", article("220 0 <a@b.example>\r\nPath: x\r\n" + closeMark), fetch.KindProtocol, "nntp-connection"},
		{"dropped before the reply", "200 ok\r\n", map[string]string{"MODE": "200 ok\r\n"}, fetch.KindProtocol, "nntp-connection"},
		{"huge article line", "200 ok\r\n", article("220 0 <a@b.example>\r\n" + huge + "\r\n.\r\n"), fetch.KindProtocol, "line-too-long"},
	} {
		t.Run(r.name, func(t *testing.T) {
			f := newFakeNNTP(t, r.greeting, script(r.replies))
			_, _, err := nntpGet(t, fetch.Options{NNTPServer: f.addr}, "news:a@b.example")
			var fe *fetch.Error
			if !errors.As(err, &fe) || fe.Kind != r.kind || fe.Code != r.code {
				t.Errorf("%v (%+v); want %v %s", err, fe, r.kind, r.code)
			}
			if fe != nil && len(fe.Error()) > 400 {
				t.Errorf("message of %d bytes", len(fe.Error()))
			}
		})
	}
}

func TestNNTPQuitWithoutReply(t *testing.T) {
	// A server that closes after QUIT without 205 has still ended the session.
	f := newFakeNNTP(t, "200 ok\r\n", script(map[string]string{
		"MODE": "200 ok\r\n", "ARTICLE": "220 0 <a@b.example>\r\nSubject: s\r\n\r\n..dot\r\n.\r\n",
	}))
	out, _, err := nntpGet(t, fetch.Options{NNTPServer: f.addr}, "news:a@b.example")
	if err != nil || out != "Subject: s\n\n.dot\n" {
		t.Errorf("%q %v", out, err)
	}
}

func TestNNTPSizeLimit(t *testing.T) {
	f := newFakeNNTP(t, "200 ok\r\n", script(map[string]string{
		"MODE": "200 ok\r\n", "ARTICLE": "220 0 <a@b.example>\r\n" + strings.Repeat("line\r\n", 100) + ".\r\n",
	}))
	_, _, err := nntpGet(t, fetch.Options{NNTPServer: f.addr, MaxSize: 50}, "news:a@b.example")
	var fe *fetch.Error
	if !errors.As(err, &fe) || fe.Kind != fetch.KindSafety || fe.Code != "too-large" {
		t.Errorf("%v", err)
	}
}

func TestNNTPSafety(t *testing.T) {
	// RFC 1738 §6: a decoded CR LF in a group or message-id would end the command line and
	// start another; the plan refuses it before any connection.
	for _, u := range []string{
		"news:a%0d%0aQUIT@b.example", "news:a%0D%0AQUIT", "news:a%00b",
		"nntp://127.0.0.1/g%0d%0aQUIT/1", "nntp://127.0.0.1/g%0A/1",
	} {
		_, _, err := nntpGet(t, fetch.Options{NNTPServer: "127.0.0.1:1"}, u)
		if k := fetch.KindOf(err); k != fetch.KindSafety {
			t.Errorf("%s: %v (%v); want safety", u, err, k)
		}
	}
	// The policy's port rule: a news server on another well-known port is refused.
	_, _, err := nntpGet(t, fetch.Options{NNTPServer: "127.0.0.1:25"}, "news:a@b.example")
	if fetch.KindOf(err) != fetch.KindSafety {
		t.Errorf("port 25: %v", err)
	}
}

func TestNNTPSilentServer(t *testing.T) {
	// A server that greets and then says nothing: the idle timeout ends the access
	// (KindProtocol, "timeout": KindConnect is a timeout before the greeting), and so does
	// canceling the context.
	f := newFakeNNTP(t, "200 ok\r\n", func(l string) string {
		if l == "MODE READER" {
			return "200 ok\r\n"
		}
		return ""
	})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	var conns []net.Conn
	var mu sync.Mutex
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
			_, _ = c.Write([]byte("200 ok\r\n")) // then nothing
		}
	}()
	defer func() {
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	}()
	start := time.Now()
	_, _, err = nntpGet(t, fetch.Options{NNTPServer: l.Addr().String(), Timeout: 200 * time.Millisecond}, "news:a@b.example")
	var fe *fetch.Error
	if !errors.As(err, &fe) || fe.Kind != fetch.KindProtocol || fe.Code != "timeout" || time.Since(start) > 5*time.Second {
		t.Errorf("idle timeout: %v after %v", err, time.Since(start))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start = time.Now()
	_, err = fetch.Get(ctx, "news:a@b.example", &bytes.Buffer{}, fetch.Options{NNTPServer: l.Addr().String()})
	if !errors.As(err, &fe) || fe.Kind != fetch.KindLocal || fe.Code != "canceled" || time.Since(start) > 5*time.Second {
		t.Errorf("canceled: %v after %v", err, time.Since(start))
	}
	// The fake that closes after MODE READER: the connection ends before ARTICLE's reply.
	if _, _, err := nntpGet(t, fetch.Options{NNTPServer: f.addr}, "news:a@b.example"); fetch.KindOf(err) != fetch.KindProtocol {
		t.Errorf("closed: %v", err)
	}
}
