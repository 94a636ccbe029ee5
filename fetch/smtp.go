package fetch

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"net"
	"net/mail"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/pct"
	"github.com/locator-url/locator/scheme"
)

// maxSMTPLine is the longest line of a message SMTP carries: 998 octets and CR LF
// (RFC 5321 §4.5.3.1.6).
const maxSMTPLine = 998

// Submission is what a mailto URL says about a message, read as RFC 6068 §2 reads it: the
// recipients of "to" (the addresses before "?" and in "to=" fields), "cc" and "bcc", the
// header fields the message gets, and the body given by a "body=" field.
type Submission struct {
	// To are the addresses before "?" and of the "to=" fields.
	To []string
	// Cc are the addresses of the "cc=" fields, shown in the message's Cc header field.
	Cc []string
	// Bcc are the addresses of the "bcc=" fields: recipients that no header field shows.
	Bcc []string
	// Headers are the other header fields the URL gives and RFC 6068 §3 lets a client use
	// (Subject, Keywords, In-Reply-To, References, Comments), decoded, in order.
	Headers [][2]string
	// Body is the "body=" field, decoded; nil when the URL has none.
	Body *string
	// Ignored are the names of the URL's header fields that locator does not use (RFC 6068
	// §4: a client should not take unsafe fields such as From or Received from a URL).
	Ignored []string
}

// submissionHeaders are the header fields of a mailto URL that Send puts in the message
// (RFC 6068 §3, "Semantics and Operations"; §4 lists the unsafe ones, which are ignored).
var submissionHeaders = map[string]string{"subject": "Subject", "keywords": "Keywords", "in-reply-to": "In-Reply-To",
	"references": "References", "comments": "Comments"}

// submissionOnce are the fields of submissionHeaders that a message holds at most once (RFC
// 5322 §3.6, the table's "max number": subject, in-reply-to and references 1, keywords and
// comments unlimited), and "body", one text: a URL that gives one of them twice is refused
// (RFC 6068 §2: "creators of 'mailto' URIs MUST NOT include other message header fields
// multiple times if these header fields can only be used once in a message"; with two, a
// message would break RFC 5322 §3.6 or lose one of the values without a word).
var submissionOnce = map[string]bool{"subject": true, "in-reply-to": true, "references": true, "body": true}

// safetyError is a KindSafety refusal of a decoded CR, LF or NUL in a line of the dialog or a
// header field of the message (RFC 1738 §6; RFC 6068 §7).
func safetyError(url, what string) *Error {
	return &Error{URL: url, Kind: KindSafety, Code: string(scheme.CodeLineBreak), Rule: "RFC 1738 §6",
		Message: "the " + what + " holds a CR, LF or NUL, which would end an SMTP line or a header field"}
}

// ParseSubmission reads a mailto URL as RFC 6068 §2 does: "mailto:" addresses separated by
// ",", then "?" and "name=value" fields separated by "&", each percent-decoded. Each address
// must be an addr-spec (RFC 5321 §4.1.2 Mailbox, as net/mail reads it); a decoded CR, LF or
// NUL anywhere, a field that is not used included, is a KindSafety error (RFC 1738 §6, RFC
// 6068 §7); "subject", "in-reply-to", "references" or "body" given twice is a KindInvalid
// error, code "mailto-repeated" (a message holds one, RFC 5322 §3.6; RFC 6068 §2).
func ParseSubmission(mailtoURL string) (Submission, error) {
	var s Submission
	bad := func(msg string, err error) (Submission, error) {
		return Submission{}, &Error{URL: mailtoURL, Kind: KindInvalid, Code: "mailto", Rule: "RFC 6068 §2", Message: msg, Err: err}
	}
	u, err := locator.Parse(mailtoURL)
	if err != nil {
		return bad("not a URL", err)
	}
	if !u.IsScheme("mailto") {
		return bad("not a mailto URL", nil)
	}
	part := u.SchemePart() // without the fragment
	to, query, _ := strings.Cut(part, "?")
	addrs := func(field, raw string, into *[]string) error {
		for _, a := range strings.Split(raw, ",") {
			d, err := pct.Decode(a)
			if err != nil {
				return &Error{URL: mailtoURL, Kind: KindInvalid, Code: "mailto", Rule: "RFC 6068 §2", Message: "a bad escape in " + field, Err: err}
			}
			if strings.ContainsAny(d, "\r\n\x00") {
				return safetyError(mailtoURL, field+" address")
			}
			d = strings.TrimSpace(d)
			if d == "" {
				continue
			}
			pa, err := mail.ParseAddress(d)
			if err != nil || pa.Address != d {
				return &Error{URL: mailtoURL, Kind: KindInvalid, Code: "mailto-address", Rule: "RFC 6068 §2",
					Message: "the " + field + " address " + display.Quote(d) + " is not an addr-spec", Err: err}
			}
			*into = append(*into, d)
		}
		return nil
	}
	if err := addrs("to", to, &s.To); err != nil {
		return Submission{}, err
	}
	if query != "" {
		seen := map[string]bool{}
		for _, f := range strings.Split(query, "&") {
			name, value, _ := strings.Cut(f, "=")
			n, err1 := pct.Decode(name)
			v, err2 := pct.Decode(value)
			if err1 != nil || err2 != nil {
				return bad("a bad escape in the field "+display.Quote(name), errors.Join(err1, err2))
			}
			n = strings.ToLower(n)
			if strings.ContainsAny(n, "\r\n\x00") {
				return Submission{}, safetyError(mailtoURL, "header field name")
			}
			if submissionOnce[n] {
				if seen[n] {
					return Submission{}, &Error{URL: mailtoURL, Kind: KindInvalid, Code: "mailto-repeated", Rule: "RFC 6068 §2; RFC 5322 §3.6",
						Message: "the field " + display.Quote(n) + " is given twice, and a message holds one"}
				}
				seen[n] = true
			}
			switch n {
			case "to":
				err = addrs("to", value, &s.To)
			case "cc":
				err = addrs("cc", value, &s.Cc)
			case "bcc":
				err = addrs("bcc", value, &s.Bcc)
			case "body":
				// RFC 6068 §2: the body is text; its line breaks are written %0D%0A.
				if strings.IndexByte(v, 0) >= 0 {
					return Submission{}, safetyError(mailtoURL, "body")
				}
				s.Body = &v
			default:
				canon, ok := submissionHeaders[n]
				if strings.ContainsAny(v, "\r\n\x00") {
					// Refused even in a field that is not used: a CR, LF or NUL anywhere
					// (RFC 6068 §5: "Line breaks in other <hfield>s SHOULD NOT be used").
					if !ok {
						canon = display.Quote(n)
					}
					return Submission{}, safetyError(mailtoURL, canon+" header field")
				}
				if !ok {
					s.Ignored = append(s.Ignored, n)
					continue
				}
				s.Headers = append(s.Headers, [2]string{canon, v})
			}
			if err != nil {
				return Submission{}, err
			}
		}
	}
	if len(s.To)+len(s.Cc)+len(s.Bcc) == 0 {
		return bad("no recipient", nil)
	}
	return s, nil
}

// SubmitPlan returns the SMTP dialog that Send performs for mailtoURL (RFC 5321 §3.3, "Mail
// Transactions"): the greeting (220), EHLO (250; HELO when EHLO is refused with a 5yz reply,
// RFC 5321 §4.1.1.1), MAIL FROM with Options.Mail (250), one RCPT TO for each address of to,
// cc and bcc (250 or 251), DATA (354) followed by the message, its reply (250), QUIT (221).
// The plan is what Send sends, line by line.
func SubmitPlan(mailtoURL string, o Options) (scheme.Plan, error) {
	s, err := ParseSubmission(mailtoURL)
	if err != nil {
		return scheme.Plan{}, err
	}
	return submitPlan(mailtoURL, s, o)
}

func submitPlan(mailtoURL string, s Submission, o Options) (scheme.Plan, error) {
	if o.Mail == "" {
		return scheme.Plan{}, &Error{URL: mailtoURL, Kind: KindInvalid, Code: "no-sender", Rule: "RFC 5321 §3.3",
			Message: "no sender address: give the user's e-mail address (Options.Mail, --email)"}
	}
	if strings.ContainsAny(o.Mail, "\r\n\x00<>") {
		return scheme.Plan{}, safetyError(mailtoURL, "sender address")
	}
	host, port, err := smtpServer(mailtoURL, o.SMTPServer)
	if err != nil {
		return scheme.Plan{}, err
	}
	helo, _ := os.Hostname()
	if helo == "" || strings.ContainsAny(helo, "\r\n\x00 ") {
		helo = "localhost"
	}
	p := scheme.Plan{Scheme: "mailto", Host: host, Port: port, Steps: []scheme.Step{
		{Note: "connect to " + display.String(net.JoinHostPort(host, strconv.Itoa(port))) + " (SMTP, RFC 5321; --smtp-server)"},
		{Note: "the server's greeting (RFC 5321 §4.2)", Expect: []string{"220"}},
		{Send: "EHLO " + helo, Expect: []string{"250"}},
		{Send: "HELO " + helo, When: []string{"5"}, Expect: []string{"250"}, Note: "when EHLO is refused (RFC 5321 §4.1.1.1)"},
		{Send: "MAIL FROM:<" + o.Mail + ">", Expect: []string{"250"}},
	}}
	for _, list := range [][]string{s.To, s.Cc, s.Bcc} {
		for _, a := range list {
			p.Steps = append(p.Steps, scheme.Step{Send: "RCPT TO:<" + a + ">", Expect: []string{"250", "251"}})
		}
	}
	p.Steps = append(p.Steps,
		scheme.Step{Send: "DATA", Expect: []string{"354"}, Data: true, Note: "the message follows, dot-stuffed, ended by a line \".\" (RFC 5321 §4.5.2)"},
		scheme.Step{Note: "the reply to the message", Expect: []string{"250"}},
		scheme.Step{Send: "QUIT", Expect: []string{"221"}})
	return p, nil
}

// smtpServer reads the server to submit to: server ("host" or "host:port", port 25 by
// default, RFC 5321 §4.5.4.2 names none other) or, when empty, the SMTPSERVER environment
// variable.
func smtpServer(url, server string) (string, int, error) {
	if server == "" {
		server = os.Getenv("SMTPSERVER")
	}
	if server == "" {
		return "", 0, &Error{URL: url, Kind: KindInvalid, Code: "no-server", Rule: "RFC 5321 §5",
			Message: "no SMTP server: give one (Options.SMTPServer, --smtp-server, SMTPSERVER)"}
	}
	host, ps, err := net.SplitHostPort(server)
	if err != nil {
		host, ps = server, "25"
	}
	port, perr := strconv.Atoi(ps)
	if perr != nil || port < 0 || port > 65535 || host == "" {
		return "", 0, &Error{URL: url, Kind: KindInvalid, Code: "bad-server", Message: "the SMTP server " + display.Quote(server) + " is not host:port"}
	}
	return host, port, nil
}

// Send submits a message over SMTP (RFC 5321) to the recipients of mailtoURL (RFC 6068; RFC
// 1738 §3.5) through the server Options.SMTPServer, from Options.Mail. message is the body
// of the message, text; when it is empty, the URL's "body=" field is the body. The header
// fields are From, To and Cc (the URL's addresses), the URL's Subject and other fields that
// RFC 6068 §3 allows, Date, Message-ID and MIME-Version; non-ASCII header text is encoded as
// RFC 2047 words. Lines end with CR LF and a line that begins with "." is dot-stuffed
// (RFC 5321 §4.5.2). The dialog is SubmitPlan's, recorded in Result.Dialog.
//
// A decoded CR, LF or NUL in an address or header field is refused (KindSafety) before any
// connection, a line longer than 998 octets (RFC 5321 §4.5.3.1.6) with KindInvalid, and a
// reply outside a step's Expect ends the dialog as a KindRefused error ("smtp-550").
func Send(ctx context.Context, mailtoURL string, message io.Reader, o Options) (*Result, error) {
	r := &Result{URL: mailtoURL, Scheme: "mailto", Total: -1}
	s, err := ParseSubmission(mailtoURL)
	if err != nil {
		return r, err
	}
	p, err := submitPlan(mailtoURL, s, o)
	if err != nil {
		return r, err
	}
	// RFC 5321 §4.5.4.2 and RFC 6409: 25 and 587 are the ports of the service dialled here.
	o.Policy.AllowPorts = append(slices.Clone(o.Policy.AllowPorts), 25, 587)
	c := NewClient(o)
	defer c.Close()
	for _, n := range s.Ignored {
		// RFC 6068 §3: "the MUA MAY choose to show them to the user"; not a silent loss.
		dialog{c, r}.remark("the URL's field %s is not put in the message (RFC 6068 §3, §4: only safe fields are)", display.Quote(n))
	}
	// The message is composed before connecting: its size is bounded (MaxSize) and its lines
	// checked, so that a bad message fails with no connection made.
	msg, err := composeMessage(mailtoURL, s, o, message, c.maxSize())
	if err != nil {
		return r, err
	}
	u, err := locator.Parse(mailtoURL)
	if err != nil {
		return r, &Error{URL: mailtoURL, Kind: KindInvalid, Code: "invalid", Message: "not a URL", Err: err}
	}
	conn, err := c.dial(ctx, u, "smtp", p.Host, p.Port)
	if err != nil {
		return r, canceled(ctx, mailtoURL, err)
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	if err := c.runSMTP(conn, mailtoURL, p, msg, r); err != nil {
		return r, canceled(ctx, mailtoURL, err)
	}
	r.Size = int64(len(msg))
	return r, nil
}

// composeMessage writes the message: the header fields, an empty line, the body with CR LF
// line ends and dot-stuffing, and the final ".".
func composeMessage(url string, s Submission, o Options, body io.Reader, limit int64) ([]byte, error) {
	var m bytes.Buffer
	hdr := func(name, value string) {
		m.WriteString(name + ": " + value + "\r\n")
	}
	hdr("From", "<"+o.Mail+">")
	if len(s.To) > 0 {
		hdr("To", strings.Join(s.To, ", "))
	}
	if len(s.Cc) > 0 {
		hdr("Cc", strings.Join(s.Cc, ", "))
	}
	for _, h := range s.Headers {
		hdr(h[0], mime.QEncoding.Encode("utf-8", h[1]))
	}
	hdr("Date", time.Now().Format(time.RFC1123Z))
	id := strconv.FormatInt(time.Now().UnixNano(), 36) + "." + strconv.Itoa(os.Getpid()) + "@locator.invalid"
	hdr("Message-ID", "<"+id+">")
	hdr("MIME-Version", "1.0")
	hdr("Content-Type", "text/plain; charset=utf-8")
	m.WriteString("\r\n")
	br := bufio.NewReaderSize(io.LimitReader(body, limit+1), maxSMTPLine+2)
	n := 0
	addLine := func(line []byte) error {
		if len(line) > maxSMTPLine {
			return &Error{URL: url, Kind: KindInvalid, Code: "smtp-line", Rule: "RFC 5321 §4.5.3.1.6",
				Message: "a line of the message is longer than " + strconv.Itoa(maxSMTPLine) + " octets"}
		}
		if len(line) > 0 && line[0] == '.' {
			m.WriteByte('.') // RFC 5321 §4.5.2: dot-stuffing
		}
		m.Write(line)
		m.WriteString("\r\n")
		return nil
	}
	for {
		line, err := br.ReadSlice('\n')
		n += len(line)
		if int64(n) > limit {
			return nil, &Error{URL: url, Kind: KindSafety, Code: "too-large", Rule: "locator's size limit (--max-size)",
				Message: "the message is larger than " + strconv.FormatInt(limit, 10) + " bytes"}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			return nil, &Error{URL: url, Kind: KindInvalid, Code: "smtp-line", Rule: "RFC 5321 §4.5.3.1.6",
				Message: "a line of the message is longer than " + strconv.Itoa(maxSMTPLine) + " octets"}
		}
		if len(line) > 0 {
			line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
			if e := addLine(line); e != nil {
				return nil, e
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, &Error{URL: url, Kind: KindLocal, Code: "read", Message: "cannot read the message", Err: err}
		}
	}
	if n == 0 && s.Body != nil {
		for _, l := range strings.Split(strings.ReplaceAll(*s.Body, "\r\n", "\n"), "\n") {
			if e := addLine([]byte(strings.TrimSuffix(l, "\r"))); e != nil {
				return nil, e
			}
		}
	}
	m.WriteString(".\r\n")
	return m.Bytes(), nil
}

// runSMTP runs the plan p on conn: each step's Send is sent when its When matches the last
// reply; each step's Expect reads a reply, and a reply outside it ends the dialog unless the
// next step's When takes it (EHLO refused, then HELO). After the Data step the message is
// sent.
func (c *Client) runSMTP(conn net.Conn, url string, p scheme.Plan, msg []byte, r *Result) error {
	d := dialog{c, r}
	br := bufio.NewReaderSize(conn, MaxLine)
	last := ""
	for i, st := range p.Steps {
		if len(st.When) > 0 && !hasPrefixAny(last, st.When) {
			continue
		}
		if st.Send != "" {
			d.sent(st.Send)
			if _, err := io.WriteString(conn, st.Send+"\r\n"); err != nil {
				return &Error{URL: url, Kind: KindConnect, Code: "write", Rule: "RFC 5321 §4.1", Message: "cannot send " + display.Quote(st.Send), Err: err}
			}
		} else if len(st.Expect) == 0 {
			continue
		}
		if len(st.Expect) == 0 {
			continue
		}
		code, text, err := readSMTPReply(br, url)
		if err != nil {
			return err
		}
		d.reply(text)
		last = code
		if !hasPrefixAny(code, st.Expect) {
			if i+1 < len(p.Steps) && hasPrefixAny(code, p.Steps[i+1].When) {
				continue
			}
			return &Error{URL: url, Kind: KindRefused, Code: "smtp-" + code, Rule: "RFC 5321 §4.2",
				Message: "the server answered " + display.Quote(text), Reply: display.String(text)}
		}
		if st.Data {
			if _, err := conn.Write(msg); err != nil {
				return &Error{URL: url, Kind: KindConnect, Code: "write", Rule: "RFC 5321 §4.1.1.4", Message: "cannot send the message", Err: err}
			}
			d.remark("the message, %d bytes, and \".\"", len(msg))
		}
	}
	return nil
}

// hasPrefixAny reports whether s begins with one of the prefixes.
func hasPrefixAny(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// readSMTPReply reads one reply (RFC 5321 §4.2: lines "250-text" and a last "250 text"), at
// most MaxLine bytes a line and 100 lines, and returns its code and its lines joined by "\n".
func readSMTPReply(br *bufio.Reader, url string) (string, string, error) {
	var lines []string
	for n := 0; n < 100; n++ {
		line, err := br.ReadSlice('\n')
		if err != nil {
			k, msg := KindProtocol, "the connection ended in a reply"
			if errors.Is(err, bufio.ErrBufferFull) {
				msg = "a reply line longer than " + strconv.Itoa(MaxLine) + " bytes"
			}
			return "", "", &Error{URL: url, Kind: k, Code: "smtp-reply", Rule: "RFC 5321 §4.2", Message: msg, Err: err}
		}
		s := strings.TrimRight(string(line), "\r\n")
		lines = append(lines, s)
		if len(s) < 3 || s[0] < '2' || s[0] > '5' || s[1] < '0' || s[1] > '9' || s[2] < '0' || s[2] > '9' || len(s) > 3 && s[3] != ' ' && s[3] != '-' {
			return "", "", &Error{URL: url, Kind: KindProtocol, Code: "smtp-reply", Rule: "RFC 5321 §4.2",
				Message: "not an SMTP reply: " + display.Quote(s)}
		}
		if len(lines) > 1 && s[:3] != lines[0][:3] {
			// RFC 5321 §4.2.1: "In a multiline reply, the reply code on each of the lines
			// MUST be the same": a reply that begins "550-" and ends "250 " says both.
			return "", "", &Error{URL: url, Kind: KindProtocol, Code: "smtp-reply", Rule: "RFC 5321 §4.2.1",
				Message: "a multi-line reply whose lines have different codes: " + display.Quote(lines[0]) + " then " + display.Quote(s)}
		}
		if len(s) == 3 || s[3] == ' ' {
			return s[:3], strings.Join(lines, "\n"), nil
		}
	}
	return "", "", &Error{URL: url, Kind: KindProtocol, Code: "smtp-reply", Rule: "RFC 5321 §4.2", Message: "a reply of more than 100 lines"}
}
