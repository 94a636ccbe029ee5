package fetch

import (
	"context"
	"mime"
	"net"
	"net/mail"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator/internal/testserver"
)

// TestSendAiosmtpd submits a message to aiosmtpd and reads it back from the server's
// Maildir: the envelope, the header fields from the URL (RFC 6068), the dot-stuffed body;
// and the server's log of commands is the plan.
func TestSendAiosmtpd(t *testing.T) {
	srv := testserver.SMTPD(t)
	var tr strings.Builder
	o := Options{SMTPServer: srv.Addr, Mail: "sender@example.com", Transcript: &tr}
	url := "mailto:one@example.com,two@example.com?cc=three@example.com&bcc=hidden@example.com&subject=Caf%C3%A9%20menu&X-Evil=1"
	body := "first line\n.a line with a dot\n..two dots\nlast\n"
	res, err := Send(context.Background(), url, strings.NewReader(body), o)
	if err != nil {
		t.Fatalf("%v\n%+v\n%s", err, res, srv.Commands())
	}
	// The field left out is said (RFC 6068 §3), not dropped without a word.
	if !strings.Contains(tr.String(), `field "x-evil" is not put in the message`) {
		t.Errorf("no remark of the field left out:\n%s", tr.String())
	}
	msgs := srv.Messages(t)
	if len(msgs) != 1 {
		t.Fatalf("%d messages stored", len(msgs))
	}
	m, err := mail.ReadMessage(strings.NewReader(msgs[0]))
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]string{
		"From": "<sender@example.com>", "To": "one@example.com, two@example.com", "Cc": "three@example.com",
		"X-Mailfrom": "sender@example.com", "X-Rcptto": "one@example.com, two@example.com, three@example.com, hidden@example.com",
		"X-Evil": "", "Bcc": "",
	} {
		if got := m.Header.Get(k); got != want {
			t.Errorf("%s: %q, want %q", k, got, want)
		}
	}
	if s, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject")); err != nil || s != "Café menu" {
		t.Errorf("Subject %q (%q), %v", m.Header.Get("Subject"), s, err)
	}
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := m.Body.Read(buf)
		b.WriteString(string(buf[:n]))
		if err != nil {
			break
		}
	}
	// aiosmtpd undoes the dot-stuffing (RFC 5321 §4.5.2); the Maildir keeps LF line ends.
	if got := strings.ReplaceAll(b.String(), "\r\n", "\n"); got != body {
		t.Errorf("body %q, want %q", got, body)
	}
	// The server's command log is the plan's lines, in order.
	p, err := SubmitPlan(url, o)
	if err != nil {
		t.Fatal(err)
	}
	var planned []string
	for _, s := range p.Steps {
		if s.Send != "" && len(s.When) == 0 {
			planned = append(planned, s.Send)
		}
	}
	got := srv.Commands()
	for i := 0; i < 40 && len(got) < len(planned); i++ { // the log may lag behind the reply
		time.Sleep(50 * time.Millisecond)
		got = srv.Commands()
	}
	if !equalStrings(got, planned) {
		t.Errorf("server received %q, plan %q", got, planned)
	}
}

// TestSendRefusals: a CR, LF or NUL in an address or a header field is refused before any
// connection (the server is a listener that records connections).
func TestSendRefusals(t *testing.T) {
	rec := newConnRecorder(t)
	o := Options{SMTPServer: rec.l.Addr().String(), Mail: "sender@example.com"}
	for _, c := range []struct {
		url  string
		kind Kind
	}{
		{"mailto:a@example.com%0d%0aRCPT%20TO:<b@example.com>", KindSafety},
		{"mailto:a@example.com%0D%0A", KindSafety},
		{"mailto:a@example.com%0a", KindSafety},
		{"mailto:a@example.com%00", KindSafety},
		{"mailto:a@example.com?subject=hi%0d%0aBcc:%20b@example.com", KindSafety},
		{"mailto:a@example.com?cc=b@example.com%0d%0aX:%20y", KindSafety},
		{"mailto:a@example.com?body=a%00b", KindSafety},
		{"mailto:a@example.com?%0d%0aX=y", KindSafety},
		{"mailto:not%20an%20address", KindInvalid},
		{"mailto:?subject=nobody", KindInvalid},
		// A field that is not used (RFC 6068 §3) is refused all the same.
		{"mailto:a@example.com?X-Evil=a%0Ab", KindSafety},
		{"mailto:a@example.com?from=x%0D%0ABcc:b@example.com", KindSafety},
		// A field a message holds once, given twice (RFC 6068 §2; RFC 5322 §3.6).
		{"mailto:a@example.com?subject=one&subject=two", KindInvalid},
		{"mailto:a@example.com?Subject=one&SUBJECT=two", KindInvalid},
		{"mailto:a@example.com?in-reply-to=%3Ca@b%3E&in-reply-to=%3Cc@d%3E", KindInvalid},
		{"mailto:a@example.com?references=%3Ca@b%3E&References=%3Cc@d%3E", KindInvalid},
		{"mailto:a@example.com?body=one&body=two", KindInvalid},
	} {
		_, err := Send(context.Background(), c.url, strings.NewReader("x\n"), o)
		if KindOf(err) != c.kind {
			t.Errorf("%s: %v, want %v", c.url, err, c.kind)
		}
	}
	// The sender's address is checked too.
	o2 := o
	o2.Mail = "me@example.com>\r\nRCPT TO:<x@example.com"
	if _, err := Send(context.Background(), "mailto:a@example.com", strings.NewReader("x"), o2); KindOf(err) != KindSafety {
		t.Errorf("sender: %v", err)
	}
	// A line longer than SMTP carries.
	if _, err := Send(context.Background(), "mailto:a@example.com", strings.NewReader(strings.Repeat("a", 1000)), o); KindOf(err) != KindInvalid {
		t.Errorf("long line: %v", err)
	}
	if n := rec.count(); n != 0 {
		t.Errorf("%d connections made", n)
	}
}

// TestSendRefusedByServer: a reply outside the step's Expect ends the dialog (an in-process
// server that refuses the recipient: aiosmtpd accepts every address).
func TestSendRefusedByServer(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		c, err := l.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		buf := make([]byte, 512)
		c.Write([]byte("220 fake\r\n"))
		c.Read(buf) // EHLO
		c.Write([]byte("500 what\r\n"))
		c.Read(buf) // HELO
		c.Write([]byte("250 ok\r\n"))
		c.Read(buf) // MAIL
		c.Write([]byte("250 ok\r\n"))
		c.Read(buf) // RCPT
		c.Write([]byte("550-no such user\r\n550 really\r\n"))
		c.Read(buf)
	}()
	res, err := Send(context.Background(), "mailto:nobody@example.com", strings.NewReader("hi"), Options{SMTPServer: l.Addr().String(), Mail: "me@example.com"})
	var fe *Error
	if !asError(err, &fe) || fe.Code != "smtp-550" || fe.Kind != KindRefused || !strings.Contains(fe.Reply, "really") {
		t.Fatalf("%v", err)
	}
	if len(res.Dialog) < 4 || res.Dialog[0].Reply != "220 fake" || !strings.HasPrefix(res.Dialog[1].Sent, "EHLO ") ||
		res.Dialog[2].Reply != "500 what" || !strings.HasPrefix(res.Dialog[3].Sent, "HELO ") {
		t.Errorf("dialog %+v", res.Dialog)
	}
}
