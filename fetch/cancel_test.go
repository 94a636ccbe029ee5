package fetch

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"
)

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
