package fetch

import (
	"bytes"
	"io"
	"net"
	"strings"
	"testing"
)

// FuzzTelnetStream feeds any byte stream to the Telnet reader: it never panics, writes no
// more data than it read, writes the data that telnetData reads from the stream, and every
// answer it sends is a three-byte negotiation (IAC, WILL/WONT/DO/DONT, option) that answers
// a request of the stream.
func FuzzTelnetStream(f *testing.F) {
	f.Add([]byte("\xff\xfd\x18\xff\xfb\x01hello\xff\xff\r\x00x\xff\xfa\x18\x01\xff\xf0"))
	f.Add([]byte("\xff\xfb\x03\xff\xfd\x03\xff\xfc\x03\xff\xfe\x03"))
	f.Add([]byte("a\r\xff\xff\x00b\r\x00c\r\xff\xf1\x00")) // CR, data 255, NUL: the NUL is data; a NOP between too
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
		err := s.copyOut(bytes.NewReader(in), &out)
		a.Close()
		got := <-answers
		if out.Len() > len(in) {
			t.Fatalf("%d bytes out of %d in", out.Len(), len(in))
		}
		if err == io.EOF && out.String() != telnetData(in) {
			t.Fatalf("%q: data %q, want %q", in, out.Bytes(), telnetData(in))
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

// telnetData is the data of a Telnet stream by RFC 854, the reference of FuzzTelnetStream:
// the bytes but the commands ("IAC IAC" is a data byte 255; IAC WILL/WONT/DO/DONT and an
// option; a subnegotiation IAC SB … IAC SE; IAC and any other byte), and but the NUL of
// "CR NUL" ("the sequence "CR NUL" must be used where a carriage return alone is actually
// desired"): a NUL right after a CR of the data, as the stream's next byte.
func telnetData(in []byte) string {
	var out []byte
	cr := false
	data := func(c byte) {
		if c != 0 || !cr {
			out = append(out, c)
		}
		cr = c == '\r'
	}
	for i := 0; i < len(in); i++ {
		if in[i] != telIAC {
			data(in[i])
			continue
		}
		cr = false
		if i++; i == len(in) {
			break
		}
		switch in[i] {
		case telIAC:
			data(telIAC)
		case telWILL, telWONT, telDO, telDONT:
			i++
		case telSB:
			i++
			for i < len(in) && !(in[i-1] == telIAC && in[i] == telSE && sbIAC(in, i-1)) {
				i++
			}
		}
	}
	return string(out)
}

// sbIAC reports whether the IAC at in[j], inside a subnegotiation, starts a command (IAC SE
// or IAC IAC), not being itself the second byte of an "IAC IAC".
func sbIAC(in []byte, j int) bool {
	n := 0
	for ; j >= 0 && in[j] == telIAC; j-- {
		n++
	}
	return n%2 == 1
}
