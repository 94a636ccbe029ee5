package fetch

import (
	"bytes"
	"net"
	"strings"
	"testing"
)

// FuzzTelnetStream feeds any byte stream to the Telnet reader: it never panics, writes no
// more data than it read, and every answer it sends is a three-byte negotiation (IAC,
// WILL/WONT/DO/DONT, option) that answers a request of the stream.
func FuzzTelnetStream(f *testing.F) {
	f.Add([]byte("\xff\xfd\x18\xff\xfb\x01hello\xff\xff\r\x00x\xff\xfa\x18\x01\xff\xf0"))
	f.Add([]byte("\xff\xfb\x03\xff\xfd\x03\xff\xfc\x03\xff\xfe\x03"))
	f.Fuzz(func(t *testing.T, in []byte) {
		a, b := net.Pipe()
		defer a.Close()
		answers := make(chan []byte, 1)
		go func() {
			var got bytes.Buffer
			buf := make([]byte, 64)
			for {
				n, err := b.Read(buf)
				got.Write(buf[:n])
				if err != nil {
					answers <- got.Bytes()
					return
				}
			}
		}()
		s := &telnetSession{conn: a, d: dialog{NewClient(Options{}), &Result{}}, url: "telnet://x/"}
		var out bytes.Buffer
		_ = s.copyOut(bytes.NewReader(in), &out)
		a.Close()
		got := <-answers
		if out.Len() > len(in) {
			t.Fatalf("%d bytes out of %d in", out.Len(), len(in))
		}
		if len(got)%3 != 0 {
			t.Fatalf("answers %q", got)
		}
		for i := 0; i < len(got); i += 3 {
			if got[i] != telIAC || got[i+1] < telWILL || got[i+1] > telDONT {
				t.Fatalf("answer %q", got[i:i+3])
			}
			if !bytes.Contains(in, []byte{got[i+2]}) {
				t.Fatalf("an answer about option %d, which the stream does not name", got[i+2])
			}
		}
	})
}

// FuzzParseSubmission: any mailto URL is read without a panic, and what it accepts holds
// no CR, LF or NUL in an address or header field (RFC 1738 §6).
func FuzzParseSubmission(f *testing.F) {
	f.Add("mailto:a@example.com?subject=hi&cc=b@example.com")
	f.Add("mailto:a@example.com%0d%0a?body=x%0D%0Ay")
	f.Add("mailto:?to=a@example.com&bcc=c@example.com&in-reply-to=%3Cx@y%3E")
	f.Fuzz(func(t *testing.T, s string) {
		sub, err := ParseSubmission(s)
		if err != nil {
			return
		}
		for _, list := range [][]string{sub.To, sub.Cc, sub.Bcc} {
			for _, a := range list {
				if strings.ContainsAny(a, "\r\n\x00") {
					t.Fatalf("address %q", a)
				}
			}
		}
		for _, h := range sub.Headers {
			if strings.ContainsAny(h[0]+h[1], "\r\n\x00") {
				t.Fatalf("header %q", h)
			}
		}
	})
}
