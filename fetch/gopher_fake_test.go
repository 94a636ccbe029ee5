package fetch_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/internal/testserver"
)

// fakeGopher is an in-process gopher server for the error paths: for each connection it reads
// the request's first line and calls serve, then closes the connection. It returns the base
// URL.
func fakeGopher(t *testing.T, serve func(c *net.TCPConn, req string)) string {
	t.Helper()
	return "gopher://" + testserver.Fake(t, func(c net.Conn) {
		req, _ := bufio.NewReader(c).ReadString('\n')
		serve(c.(*net.TCPConn), strings.TrimSuffix(req, "\r\n"))
	})
}

// reply is a fake server that sends s.
func reply(s string) func(*net.TCPConn, string) {
	return func(c *net.TCPConn, _ string) { _, _ = c.Write([]byte(s)) }
}

func wantErr(t *testing.T, what string, err error, kind fetch.Kind, code string) {
	t.Helper()
	var fe *fetch.Error
	if !errors.As(err, &fe) || fe.Kind != kind || (code != "" && fe.Code != code) {
		t.Errorf("%s: error %v; want kind %s, code %q", what, err, kind, code)
	}
}

func TestGopherErrors(t *testing.T) {
	// A connection dropped (reset) in the middle of a binary item.
	base := fakeGopher(t, func(c *net.TCPConn, _ string) {
		_, _ = c.Write(bytes.Repeat([]byte("x"), 1000))
		_ = c.SetLinger(0) // close with RST
	})
	_, _, err := get(t, base+"/9/file", fetch.Options{})
	wantErr(t, "reset", err, fetch.KindProtocol, "read")

	// A line longer than MaxLine, in a menu and in a text.
	huge := strings.Repeat("a", fetch.MaxLine+10)
	base = fakeGopher(t, reply("0"+huge+"\tsel\th\t70\r\n.\r\n"))
	_, _, err = get(t, base+"/1/", fetch.Options{})
	wantErr(t, "huge menu line", err, fetch.KindProtocol, "long-line")
	_, _, err = get(t, base+"/0/x", fetch.Options{})
	wantErr(t, "huge text line", err, fetch.KindProtocol, "long-line")

	// Gopher+: a "+-1" reply without its period line; a "+n" reply cut short.
	base = fakeGopher(t, reply("+-1\r\nsome text\r\n"))
	_, _, err = get(t, base+"/0/x%09%09+", fetch.Options{})
	wantErr(t, "+-1 without end", err, fetch.KindProtocol, "no-end")
	_, _, err = get(t, base+"/0/x%09%09!", fetch.Options{})
	wantErr(t, "+-1 attributes without end", err, fetch.KindProtocol, "")
	base = fakeGopher(t, reply("+-1\r\n0a\ta\th\t70\r\n"))
	_, _, err = get(t, base+"/1/x%09%09+", fetch.Options{})
	wantErr(t, "+-1 menu without end", err, fetch.KindProtocol, "no-end")
	base = fakeGopher(t, reply("+100\r\nonly this\r\n"))
	_, r, err := get(t, base+"/0/x%09%09+", fetch.Options{})
	wantErr(t, "+100 cut short", err, fetch.KindProtocol, "short")
	if r.Total != 100 {
		t.Errorf("total %d", r.Total)
	}
	// An attribute request answered without a data head.
	base = fakeGopher(t, reply("+INFO: 0x\tx\th\t70\r\n"))
	_, _, err = get(t, base+"/0/x%09%09!", fetch.Options{})
	wantErr(t, "attributes without head", err, fetch.KindProtocol, "no-data-head")
	// Gopher+ errors.
	base = fakeGopher(t, reply("--1\r\n2 <admin@example.org>\r\nMy load is too high\r\n.\r\n"))
	_, _, err = get(t, base+"/0/x%09%09+", fetch.Options{})
	wantErr(t, "Gopher+ error", err, fetch.KindRefused, "gopher+-2")
	if err == nil || !strings.Contains(err.Error(), "My load is too high") || !strings.Contains(err.Error(), "try again later") {
		t.Errorf("Gopher+ error text: %v", err)
	}

	// A menu: data after its last line; a line that is not an item.
	base = fakeGopher(t, reply("0a\ta\th\t70\r\n.\r\n0b\tb\th\t70\r\n"))
	_, _, err = get(t, base+"/1/", fetch.Options{})
	wantErr(t, "after the end", err, fetch.KindProtocol, "after-end")
	base = fakeGopher(t, reply("0a\ta\r\n.\r\n"))
	_, _, err = get(t, base+"/1/", fetch.Options{})
	wantErr(t, "not an item", err, fetch.KindProtocol, "menu-line")

	// A server that sends nothing: the idle timeout.
	base = fakeGopher(t, func(c *net.TCPConn, _ string) { time.Sleep(2 * time.Second) })
	_, _, err = get(t, base+"/0/x", fetch.Options{Timeout: 200 * time.Millisecond})
	wantErr(t, "timeout", err, fetch.KindProtocol, "timeout")

	// Cancelled by the caller in the middle of a reply.
	base = fakeGopher(t, func(c *net.TCPConn, _ string) { _, _ = c.Write([]byte("partial")); time.Sleep(2 * time.Second) })
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	_, err = fetch.Get(ctx, base+"/9/x", io.Discard, fetch.Options{})
	cancel()
	wantErr(t, "cancelled", err, fetch.KindLocal, "canceled")

	// The size limit.
	base = fakeGopher(t, reply(strings.Repeat("y", 5000)))
	_, _, err = get(t, base+"/9/x", fetch.Options{MaxSize: 1000})
	wantErr(t, "max size", err, fetch.KindSafety, "too-large")

	// Safety: a well-known port, and decoded CR, LF, NUL, before any connection.
	_, _, err = get(t, "gopher://127.0.0.1:25/0x", fetch.Options{})
	wantErr(t, "port 25", err, fetch.KindSafety, "port")
	for _, u := range []string{"/0a%0D%0Ab", "/0a%0d%0aQUIT", "/7s%09a%0Ab", "/0a%00b", "/0a%09%09+%0D%0A"} {
		_, _, err = get(t, base+u, fetch.Options{})
		wantErr(t, u, err, fetch.KindSafety, "line-break")
	}
	_, _, err = get(t, base+"/7s", fetch.Options{Query: "a\r\nb"})
	wantErr(t, "query with CR LF", err, fetch.KindSafety, "line-break")
}

// TestGopherTextStuffing: a server that follows RFC 1436 (lines beginning with "." stuffed,
// a last line ".") is unstuffed; one that sends its file as it is keeps every byte; a "+-1"
// reply is unstuffed and ends at its period line.
func TestGopherTextStuffing(t *testing.T) {
	for _, c := range []struct{ sent, want, url string }{
		{"a\r\n..b\r\n...\r\nc\r\n.\r\n", "a\r\n.b\r\n..\r\nc\r\n", "/0x"},
		{"a\r\n..b\r\n.c\r\n", "a\r\n..b\r\n.c\r\n", "/0x"},         // ".c": not stuffed
		{"a\r\n..b\r\n.\r\nc\r\n", "a\r\n..b\r\n.\r\nc\r\n", "/0x"}, // "." then more
		{"a\r\n..b\r\n", "a\r\n..b\r\n", "/0x"},                     // no last line
		{"a\nb", "a\nb", "/0x"},                                     // no end of line at the end
		{"+-1\r\na\r\n..b\r\n.\r\n", "a\r\n.b\r\n", "/0x%09%09+"},
		{"+-2\r\na\r\n..b\r\n.\r\n", "a\r\n..b\r\n.\r\n", "/0x%09%09+"}, // to the close, as sent
		{"+5\r\nab\r\n.more", "ab\r\n.", "/0x%09%09+"},                  // exactly five bytes
	} {
		base := fakeGopher(t, reply(c.sent))
		body, _, err := get(t, base+c.url, fetch.Options{})
		if err != nil || body != c.want {
			t.Errorf("%q: got %q, %v; want %q", c.sent, body, err, c.want)
		}
	}
}

// TestGopherMenuURLs: each item's URL is built by the scheme package's view (type first, the
// selector encoded, port 70 left out, an IPv6 host in brackets, "?" items with their gopher+
// string); items whose host or port no URL can hold have none.
func TestGopherMenuURLs(t *testing.T) {
	menu := "0A file\t/a b?c%d\tgopher.example.org\t70\t+\r\n" +
		"1Dir\t\tgopher.example.org\t7070\r\n" +
		"+Dir (mirror)\t\tmirror.example.org\t70\r\n" +
		"0Form\tf\th.example\t70\t?\r\n" +
		"9v6\tx\t::1\t70\r\n" +
		"0bad port\tx\th\t70000\r\n" +
		"iinfo only\r\n" +
		"3an error\t\terror.host\t1\r\n" +
		".\r\n"
	base := fakeGopher(t, reply(menu))
	var tr bytes.Buffer
	body, r, err := get(t, base+"/1/", fetch.Options{Transcript: &tr})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"gopher://gopher.example.org/0/a%20b%3Fc%25d",
		"gopher://gopher.example.org:7070/1",
		"gopher://mirror.example.org/1",
		"gopher://h.example/0f%09%09%3F",
		"gopher://[::1]/9x",
		"", "", "",
	}
	if len(r.Entries) != len(want) {
		t.Fatalf("entries: %+v", r.Entries)
	}
	for i, e := range r.Entries {
		if e.URL != want[i] {
			t.Errorf("entry %d %q: URL %q, want %q", i, e.Name, e.URL, want[i])
		}
	}
	if !strings.HasPrefix(body, "gopher://gopher.example.org/0/a%20b%3Fc%25d\t0\tA file\n") || !strings.Contains(body, "\ti\tinfo only\n") {
		t.Errorf("written:\n%s", body)
	}
	// The URLs are usable: the first one, from another menu, round-trips to the same request.
	base2 := fakeGopher(t, func(c *net.TCPConn, req string) { _, _ = c.Write([]byte(strconv.Quote(req))) })
	port := strings.TrimPrefix(base2, "gopher://127.0.0.1:")
	back := fakeGopher(t, reply("0x\t/a b?c%d\t127.0.0.1\t"+port+"\r\n.\r\n"))
	_, r, err = get(t, back+"/1/", fetch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := mustGet(t, r.Entries[0].URL, fetch.Options{}); got != `"/a b?c%d"` {
		t.Errorf("followed %s: the server got %s", r.Entries[0].URL, got)
	}
}

// TestGopherFormSecret: an AskP answer is sent but shown masked in the dialog.
func TestGopherFormSecret(t *testing.T) {
	base := fakeGopher(t, func(c *net.TCPConn, req string) {
		if strings.HasSuffix(req, "\t!") {
			_, _ = c.Write([]byte("+-1\r\n+INFO: 0f\tf\th\t70\t?\r\n+ASK:\r\n AskP: Password?\r\n Note: just a note\r\n AskL: Lines?\r\n.\r\n"))
			return
		}
		_, _ = c.Write([]byte("+-2\r\nwelcome\r\n"))
	})
	var tr bytes.Buffer
	body, r, err := get(t, base+"/0f%09%09%3F", fetch.Options{Form: []string{"Password?=s3cret", "Lines?=one\ntwo"}, Transcript: &tr})
	if err != nil || body != "welcome\r\n" || len(r.Form) != 3 || r.Form[1].Kind != "Note" {
		t.Fatalf("%q %+v %v", body, r, err)
	}
	if strings.Contains(tr.String(), "s3cret") || !strings.Contains(tr.String(), "> ********\n> 2\n> one\n> two\n> .\n") {
		t.Errorf("transcript:\n%s", tr.String())
	}
}
