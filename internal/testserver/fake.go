package testserver

import (
	"net"
	"testing"
	"time"
)

// Fake serves each connection of a new listener on 127.0.0.1 with serve, in a goroutine of its
// own, and closes the connection after serve returns (or after ten seconds, a hang guard); the
// listener is closed when the test ends. It returns the listener's address. It is for the error
// paths no real server shows (replies that break a protocol, a server that stalls): the house
// rule gives in-process fakes those only.
func Fake(t testing.TB, serve func(c net.Conn)) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				_ = c.SetDeadline(time.Now().Add(10 * time.Second))
				serve(c)
			}()
		}
	}()
	return l.Addr().String()
}
