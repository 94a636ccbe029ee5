package fetch

import (
	"bytes"
	"errors"
	"io"
	"net"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// FuzzNNTPReplies runs the NNTP plans of an article, a group and the group list against a
// server that sends arbitrary bytes: the session ends with nil or an *Error, never a panic,
// and writes no more than a few times the bytes it read (an entry line escapes its fields).
func FuzzNNTPReplies(f *testing.F) {
	f.Add([]byte("200 ok\r\n200 ok\r\n220 1 <a@b>\r\nSubject: x\r\n\r\n..dot\r\n.\r\n205 bye\r\n"))
	f.Add([]byte("201 ok\r\n500 no\r\n211 1 1 1 g\r\n500 no\r\n224 ov\r\n1\ts\tf\td\t<a@b>\t\t10\t1\r\n.\r\n205\r\n"))
	f.Add([]byte("200 ok\r\n200 ok\r\n215 list\r\ng.x 2 1 y\r\n\r\n.\r\n205 bye\r\n"))
	f.Add([]byte("200 ok\n200 ok\n224 x\n.\x00\n"))
	f.Add([]byte("2000\r\n"))
	plans := make([]scheme.Plan, 0, 3)
	for _, s := range []string{"news:a@b.example", "news:g.x", "news:*"} {
		n, err := scheme.ParseNews(locator.MustParse(s))
		if err != nil {
			f.Fatal(err)
		}
		p, err := n.PlanWith(scheme.NewsPlanOptions{Server: "127.0.0.1:1119"})
		if err != nil {
			f.Fatal(err)
		}
		plans = append(plans, p)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, p := range plans {
			client, server := net.Pipe()
			go func() { _, _ = io.Copy(io.Discard, server) }()
			go func() { _, _ = server.Write(data); server.Close() }()
			c := NewClient(Options{MaxSize: 1 << 20})
			var out bytes.Buffer
			r := &Result{}
			s := &nntpSession{c: c, url: "news:x", plan: p, group: "g.x", conn: client,
				br: newNNTPReader(client), d: dialog{c: c, r: r}, w: &out, r: r}
			err := s.run()
			client.Close()
			var fe *Error
			if err != nil && !errors.As(err, &fe) {
				t.Fatalf("%T %v", err, err)
			}
			if out.Len() > 8*len(data)+64 {
				t.Fatalf("wrote %d bytes from %d", out.Len(), len(data))
			}
		}
	})
}
