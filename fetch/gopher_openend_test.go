package fetch_test

import (
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator/fetch"
)

// TestGopherEndWithoutClose: a server that ends its reply with the line "." and keeps the
// connection open (RFC 1436 Appendix: "Connection is closed by either client or server
// (typically server)") ends the access after fetch's short grace, without an error, where
// the client waited for the close until its timeout and failed ("timeout", exit 5). A menu,
// a stuffed text, a text that shows it is not stuffed, a Gopher+ "+-1" menu; the remark says
// why the reply ended; more bytes that come after the "." within the grace are still seen.
func TestGopherEndWithoutClose(t *testing.T) {
	keepOpen := func(s string) func(*net.TCPConn, string) {
		return func(c *net.TCPConn, _ string) {
			_, _ = c.Write([]byte(s))
			_, _ = io.Copy(io.Discard, c) // until the client closes
		}
	}
	for _, r := range []struct {
		name, reply, path, want string
	}{
		{"menu", "0a\tsel\th\t70\r\n.\r\n", "/1/", "gopher://h/0sel\t0\ta\n"},
		{"text", "one\r\n..two\r\n.\r\n", "/0/x", "one\r\n.two\r\n"},
		{"text not stuffed", ".one\r\ntwo\r\n.\r\n", "/0/x", ".one\r\ntwo\r\n.\r\n"},
		{"gopher+ menu", "+-1\r\n0a\tsel\th\t70\t+\r\n.\r\n", "/1/%09%09+", "gopher://h/0sel\t0\ta\n"},
	} {
		base := fakeGopher(t, keepOpen(r.reply))
		start := time.Now()
		var tr strings.Builder
		body, _, err := get(t, base+r.path, fetch.Options{Timeout: 5 * time.Second, Transcript: &tr})
		if err != nil {
			t.Errorf("%s: %v", r.name, err)
			continue
		}
		if string(body) != r.want {
			t.Errorf("%s: body %q, want %q", r.name, body, r.want)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("%s: took %s", r.name, d)
		}
		if !strings.Contains(tr.String(), "kept the connection open") {
			t.Errorf("%s: no remark in the transcript:\n%s", r.name, tr.String())
		}
	}
	// More after the "." within the grace: not the end (an error for a menu).
	base := fakeGopher(t, func(c *net.TCPConn, _ string) {
		_, _ = c.Write([]byte("0a\tsel\th\t70\r\n.\r\n"))
		time.Sleep(200 * time.Millisecond)
		_, _ = c.Write([]byte("0b\tsel\th\t70\r\n"))
		_, _ = io.Copy(io.Discard, c)
	})
	_, _, err := get(t, base+"/1/", fetch.Options{Timeout: 5 * time.Second})
	wantErr(t, "more after the menu's end", err, fetch.KindProtocol, "after-end")
}
