package fetch

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/scheme"
)

// The gopher client (RFC 1738 §3.4; RFC 1436; Gopher+, gopher-plus.txt). One connection per
// item: the client sends the bytes of the scheme package's plan (scheme.Gopher.PlanWith, with
// Options.Query and Options.View applied by scheme.Gopher.With, so that `locator plan` shows
// the very bytes), then reads the reply until the server closes the connection, or, after a
// "." line that can end a menu or a text, until the server has sent nothing for
// gopherEndGrace (RFC 1436 Appendix: "Connection is closed by either client or server").

func init() { register("gopher", getGopher) }

// gopherPendingMax is how many bytes of an RFC 1436 text the client holds back while it cannot
// yet tell whether the server dot-stuffs its lines (see gopherText).
const gopherPendingMax = 8 << 20

// gopherErrorMax bounds the text of a Gopher+ error reply that is kept ("(short!)",
// gopher-plus.txt §2.3).
const gopherErrorMax = 4 << 10

// getGopher is the access function of gopher URLs.
func getGopher(ctx context.Context, c *Client, u locator.URL, w io.Writer, r *Result) error {
	url := u.String()
	g, err := scheme.ParseGopher(u)
	if err != nil {
		return planError(url, err)
	}
	g, err = g.With(scheme.GopherPlanOptions{Query: c.opts.Query, View: c.opts.View})
	if err != nil {
		return planError(url, err)
	}
	r.Type = g.Type
	d := dialog{c: c, r: r}
	if g.Plus != nil && g.Plus.Kind == scheme.GopherPlusAsk {
		return c.gopherForm(ctx, u, g, w, r, d)
	}
	return c.gopherGet(ctx, u, g, w, r, d)
}

// gopherConn is one gopher transaction's connection and its reply.
type gopherConn struct {
	conn    net.Conn
	br      *bufio.Reader
	stop    func() bool
	release func()
}

// gopherEndGrace is how long the client waits, after a "." line that can end a reply, for
// the server to close the connection or to send more. RFC 1436 §2 has the server close ("The
// server responds with a block of text terminated with a period on a line by itself, and
// closes the connection"), but its Appendix lets either side do it ("Connection is closed by either
// client or server (typically server)"): a server that sends nothing more in that time has
// ended its reply with the Lastline, and the client closes the connection, where it waited
// for the close until its timeout and failed.
const gopherEndGrace = time.Second

// endCheck reports, after a "." line, whether the reply ends there: end is true when nothing
// follows; quiet is true when the connection is still open (the server sent nothing for
// gopherEndGrace), false when the server closed it.
type endCheck func(src *bufio.Reader) (end, quiet bool, err error)

// atEnd is the endCheck of a reply whose end is the end of src: it waits for the next byte
// or the end.
func atEnd(br *bufio.Reader) (end, quiet bool, err error) {
	_, err = br.Peek(1)
	if err == io.EOF {
		return true, false, nil
	}
	return false, false, err
}

// endCheck returns the endCheck of the connection's reply read from gc.br: at most
// gopherEndGrace (or the client's timeout, when shorter) for a byte or the close; a quiet
// connection ends the reply, with a remark in the dialog.
func (gc *gopherConn) endCheck(d dialog) endCheck {
	ic, _ := gc.conn.(*idleConn)
	if ic == nil {
		return atEnd
	}
	return func(br *bufio.Reader) (bool, bool, error) {
		if br.Buffered() > 0 {
			return false, false, nil
		}
		grace := min(gopherEndGrace, ic.idle)
		ic.until = time.Now().Add(grace)
		_, err := br.Peek(1)
		ic.until = time.Time{}
		var fe *Error
		switch {
		case err == nil:
			return false, false, nil
		case err == io.EOF:
			return true, false, nil
		case errors.As(err, &fe) && fe.Code == "timeout":
			d.remark("the server sent nothing for %s after the line \".\" and kept the connection open: the reply ends there and the client closes the connection (RFC 1436 Appendix: \"Connection is closed by either client or server\")", grace)
			return true, true, nil
		}
		return false, false, err
	}
}

func (gc *gopherConn) Close() {
	gc.stop()
	gc.conn.Close()
	gc.release()
}

// gopherSend connects to g's server and sends g's plan, recording each line in the dialog;
// secret marks the lines (by their order among the lines sent) shown masked, the answers of
// an AskP question.
func (c *Client) gopherSend(ctx context.Context, u locator.URL, g scheme.Gopher, d dialog, secret map[int]bool) (*gopherConn, error) {
	url := u.String()
	p, err := g.Plan()
	if err != nil {
		return nil, planError(url, err)
	}
	release, err := c.acquire(ctx, p.Host)
	if err != nil {
		return nil, &Error{URL: url, Kind: KindConnect, Code: "connect", Message: "cancelled", Err: err}
	}
	conn, err := c.dial(ctx, u, "gopher", p.Host, p.Port)
	if err != nil {
		release()
		return nil, err
	}
	gc := &gopherConn{conn: conn, stop: context.AfterFunc(ctx, func() { conn.Close() }), release: release}
	gc.br = bufio.NewReaderSize(gopherReader{conn, url}, 32<<10)
	n := 0
	for _, s := range p.Steps {
		if s.Send == "" && s.Note != "" {
			d.remark("%s", s.Note)
			continue
		}
		if secret[n] {
			d.sent("********")
		} else {
			d.sent(s.Send)
		}
		n++
	}
	if _, err := conn.Write(p.Wire()); err != nil {
		gc.Close()
		return nil, &Error{URL: url, Kind: KindProtocol, Code: "write", Rule: "RFC 1436 §2",
			Message: "cannot send the selector", Err: err}
	}
	return gc, nil
}

// gopherReader turns the read errors of a connection, other than io.EOF, into *Error values
// of KindProtocol: the server went away in the middle of its reply.
type gopherReader struct {
	r   io.Reader
	url string
}

func (g gopherReader) Read(p []byte) (int, error) {
	n, err := g.r.Read(p)
	if err != nil && err != io.EOF {
		code, msg := "read", "the connection failed in the middle of the reply"
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			code, msg = "timeout", "the server sent nothing for too long"
		}
		err = &Error{URL: g.url, Kind: KindProtocol, Code: code, Rule: "RFC 1436 §2", Message: msg, Err: err}
	}
	return n, err
}

// gopherGet performs the transaction of g and writes its object to w.
func (c *Client) gopherGet(ctx context.Context, u locator.URL, g scheme.Gopher, w io.Writer, r *Result, d dialog) error {
	gc, err := c.gopherSend(ctx, u, g, d, nil)
	if err != nil {
		return err
	}
	defer gc.Close()
	return canceled(ctx, u.String(), c.gopherReply(u.String(), g, gc.br, gc.endCheck(d), w, r, d))
}

// gopherReply reads the reply to g's request from br; end tells whether the reply ends after
// a "." line.
func (c *Client) gopherReply(url string, g scheme.Gopher, br *bufio.Reader, end endCheck, w io.Writer, r *Result, d dialog) error {
	plus := g.Plus != nil || (g.GopherPlus != nil && *g.GopherPlus != "")
	if plus && g.Plus != nil && (g.Plus.Kind == scheme.GopherPlusAttributes || g.Plus.Kind == scheme.GopherPlusDirectoryAttributes) {
		blocks, raw, err := c.gopherAttributes(url, br, d)
		if err != nil {
			return err
		}
		b := c.newBody(w, url, -1)
		defer b.done(r)
		if g.Plus.Kind == scheme.GopherPlusAttributes {
			r.Attributes = blocks
			_, err := b.Write(raw)
			return err
		}
		if err := gopherDirAttributes(url, blocks, r); err != nil {
			return err
		}
		if c.opts.Raw {
			_, err := b.Write(raw)
			return err
		}
		for _, e := range r.Entries {
			if err := writeEntry(b, e); err != nil {
				return err
			}
		}
		return nil
	}
	if plus {
		ok, success, transfer, head, err := gopherHead(br)
		if err != nil {
			return err
		}
		if ok {
			d.reply(head)
			if !success {
				return gopherPlusError(url, br, transfer, head)
			}
			return c.gopherPlusData(url, g, br, end, transfer, w, r, d)
		}
		// gopher-plus.txt §2: a server of the original protocol answers the original way.
		d.remark("the reply has no Gopher+ header (gopher-plus.txt §2.3): read as an RFC 1436 reply of type %s", display.Quote(g.Type))
	}
	line, ok, err := peekLine(br, 1024)
	if err != nil {
		return err
	}
	if ok && len(line) > 0 && line[0] == '3' && bytes.Count(line, []byte{'\t'}) >= 3 {
		// RFC 1436 §3.8: type 3 "Error"; the server's answer to a selector it does not know
		// is an error item in place of the object.
		name, _, _ := strings.Cut(strings.TrimRight(string(line[1:]), "\r\n"), "\t")
		d.reply(strings.TrimRight(string(line), "\r\n"))
		return &Error{URL: url, Kind: KindRefused, Code: "gopher-error", Rule: "RFC 1436 §3.8",
			Message: "the server answered with an error item: " + display.Quote(name), Reply: name}
	}
	b := c.newBody(w, url, -1)
	defer b.done(r)
	switch g.Type {
	case "1", "7":
		// RFC 1436 Appendix: Menu ::= {DirEntity} Lastline (a type 7 search's reply too).
		return c.gopherMenu(url, br, end, b, r, d, false)
	case "0":
		return gopherText(url, br, end, b, d, false)
	}
	// RFC 1436 Appendix, "Binary file Transaction": the server "closes connection when done";
	// and so for every type without a transaction of its own.
	return gopherCopy(br, b)
}

// gopherCopy copies src to b to its end.
func gopherCopy(src io.Reader, b *body) error {
	_, err := io.Copy(b, src)
	return err
}

// gopherHead reads a Gopher+ data head ("+5340", "+-1", "+-2", "--1"; gopher-plus.txt §2.3,
// DataHead ::= Success Transfer CR-LF) from br when the reply starts with one; ok is false,
// and nothing is read, when it does not.
func gopherHead(br *bufio.Reader) (ok, success bool, transfer int64, head string, err error) {
	line, found, err := peekLine(br, 24)
	if !found || err != nil {
		return false, false, 0, "", err
	}
	s := strings.TrimSuffix(strings.TrimSuffix(string(line), "\n"), "\r")
	if len(s) < 2 || (s[0] != '+' && s[0] != '-') {
		return false, false, 0, "", nil
	}
	t := s[1:]
	switch {
	case t == "-1" || t == "-2":
	case t != "" && strings.Trim(t, "0123456789") == "" && len(t) <= 18:
	default:
		return false, false, 0, "", nil
	}
	n, _ := strconv.ParseInt(t, 10, 64)
	if _, err := br.Discard(len(line)); err != nil {
		return false, false, 0, "", err
	}
	return true, s[0] == '+', n, s, nil
}

// peekLine returns the first line of br, its end of line included, when it ends within limit
// bytes (limit at most br's size); nothing is read. err is a read error other than io.EOF
// (bufio.Reader.Peek reports an error once: it must not be dropped).
func peekLine(br *bufio.Reader, limit int) ([]byte, bool, error) {
	for {
		m := min(br.Buffered(), limit)
		b, _ := br.Peek(m)
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			return b[:i+1], true, nil
		}
		if m >= limit {
			return nil, false, nil
		}
		if _, err := br.Peek(m + 1); err != nil {
			if err == io.EOF || err == bufio.ErrBufferFull {
				return nil, false, nil
			}
			return nil, false, err
		}
	}
}

// gopherPlusError reads a Gopher+ error reply's data ("--1" …; gopher-plus.txt §2.3: "The
// first token on the first line of the error text (data) contains an error-code") and returns
// it as a KindRefused error.
func gopherPlusError(url string, br *bufio.Reader, transfer int64, head string) error {
	var src io.Reader = br
	if transfer >= 0 {
		src = io.LimitReader(br, transfer)
	}
	data, err := io.ReadAll(io.LimitReader(src, gopherErrorMax))
	if err != nil {
		return err
	}
	text := string(data)
	if transfer == -1 {
		if i := strings.Index(text, "\r\n.\r\n"); i >= 0 {
			text = text[:i]
		} else {
			text = strings.TrimSuffix(strings.TrimSuffix(text, ".\r\n"), "\r\n")
		}
	}
	text = strings.TrimRight(text, "\r\n")
	first, rest, _ := strings.Cut(text, "\n")
	code, _, _ := strings.Cut(strings.TrimSpace(first), " ")
	if strings.Trim(code, "0123456789") != "" || code == "" {
		code = "?"
	}
	msg := strings.TrimSpace(strings.ReplaceAll(rest, "\r", ""))
	if msg == "" {
		msg = strings.TrimSpace(first)
	}
	meaning := map[string]string{"1": "item is not available", "2": "try again later", "3": "item has moved"}[code]
	if meaning != "" {
		meaning = " (" + meaning + ")"
	}
	return &Error{URL: url, Kind: KindRefused, Code: "gopher+-" + code, Rule: "gopher-plus.txt §2.3",
		Message: "the server refused" + meaning + ": " + display.Quote(msg), Reply: head + "\n" + text}
}

// gopherPlusData reads a Gopher+ item's data after its head: transfer bytes, or up to a
// period line (-1), or to the end of the connection (-2) (gopher-plus.txt §2.3); end tells
// whether the reply ends after a "." line of br.
func (c *Client) gopherPlusData(url string, g scheme.Gopher, br *bufio.Reader, end endCheck, transfer int64, w io.Writer, r *Result, d dialog) error {
	total := int64(-1)
	if transfer >= 0 {
		total = transfer
		r.Total = transfer
	}
	menu := (g.Type == "1" || g.Type == "7") && (g.Plus == nil || g.Plus.View == "" || strings.Contains(strings.ToLower(g.Plus.View), "gopher"))
	exact := total // written as it is (gopherCopy); a menu is rewritten
	if menu {
		exact = -1
	}
	b := c.newBodyOf(w, url, total, exact)
	defer b.done(r)
	var src = br
	var counted *countReader
	if transfer >= 0 {
		counted = &countReader{r: io.LimitReader(br, transfer)}
		src = bufio.NewReaderSize(counted, 32<<10)
		end = atEnd // the end of the announced bytes
	}
	var err error
	switch {
	case menu:
		err = c.gopherMenu(url, src, end, b, r, d, transfer == -1)
	case transfer == -1:
		err = gopherText(url, src, end, b, d, true)
	default:
		err = gopherCopy(src, b)
	}
	if err != nil {
		return err
	}
	if counted != nil && counted.n < transfer {
		return &Error{URL: url, Kind: KindProtocol, Code: "short", Rule: "gopher-plus.txt §2.3",
			Message: "the server announced " + strconv.FormatInt(transfer, 10) + " bytes and closed the connection after " + strconv.FormatInt(counted.n, 10)}
	}
	return nil
}

// countReader counts the bytes read through it.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// readLine reads one line of br, its end of line included; at the end of the reply it returns
// the last bytes (a line without an end of line, or none) and io.EOF. A line longer than
// MaxLine is a KindProtocol error.
func readLine(url string, br *bufio.Reader, buf []byte) ([]byte, error) {
	buf = buf[:0]
	for {
		s, err := br.ReadSlice('\n')
		if len(buf)+len(s) > MaxLine {
			return nil, &Error{URL: url, Kind: KindProtocol, Code: "long-line", Rule: "locator's line limit (fetch.MaxLine)",
				Message: "the server sent a line longer than " + strconv.Itoa(MaxLine) + " bytes"}
		}
		buf = append(buf, s...)
		if err == bufio.ErrBufferFull {
			continue
		}
		return buf, err
	}
}

// trimEOL returns line without its CR LF (or LF).
func trimEOL(line []byte) []byte {
	line = bytes.TrimSuffix(line, []byte{'\n'})
	return bytes.TrimSuffix(line, []byte{'\r'})
}

// isLastLine reports whether line is RFC 1436's Lastline, "." CR LF (a bare LF accepted).
func isLastLine(line []byte) bool { return string(trimEOL(line)) == "." }

// gopherText copies a text reply (RFC 1436 Appendix: TextFile ::= {TextBlock} Lastline; "Lines
// beginning with periods must be prepended with an extra period … The client should strip
// extra periods at the beginning of the line") from src to b.
//
// strict (a Gopher+ "+-1" reply, gopher-plus.txt §2.3) requires the period line. Otherwise
// the reply may end when the server closes the connection ("The client should be prepared
// for the server closing the connection without sending the Lastline"), and many servers
// (pygopherd, gophernicus) send a text file as it is, neither stuffed nor ended by ".". The
// bytes tell which: a line ".x" (one period, then more) or a "." line with more after it
// cannot come from a server that stuffs, and an end without "." is not RFC 1436's; the text
// is then written as sent. Lines "..x" are held back until the reply tells (at most
// gopherPendingMax bytes; beyond, the RFC's reading is taken, and an error says so if the
// reply later contradicts it): no byte is dropped or changed on a guess.
func gopherText(url string, src *bufio.Reader, atEnd endCheck, b *body, d dialog, strict bool) error {
	const (
		unknown = iota
		asSent  // the server does not stuff: write lines as sent
		stuffed // the server stuffs: strip one period of a line "..x"
	)
	mode := unknown
	if strict {
		mode = stuffed
	}
	var pending []byte
	var buf []byte
	writeLine := func(line []byte, m int) error {
		if m == stuffed && len(line) >= 2 && line[0] == '.' && line[1] == '.' {
			line = line[1:]
		}
		_, err := b.Write(line)
		return err
	}
	flush := func(m int) error {
		for len(pending) > 0 {
			i := bytes.IndexByte(pending, '\n')
			if i < 0 {
				i = len(pending) - 1
			}
			if err := writeLine(pending[:i+1], m); err != nil {
				return err
			}
			pending = pending[i+1:]
		}
		pending = nil
		return nil
	}
	contradicted := func(line int) error {
		return &Error{URL: url, Kind: KindProtocol, Code: "dot-stuffing", Rule: "RFC 1436 Appendix (TextFile)",
			Message: "the text was read as dot-stuffed (more than " + strconv.Itoa(gopherPendingMax) +
				" bytes held back), but line " + strconv.Itoa(line) + " shows the server does not stuff: lines that began with \"..\" lost a period"}
	}
	for n := 1; ; n++ {
		line, err := readLine(url, src, buf)
		buf = line[:0:cap(line)]
		if err != nil && err != io.EOF {
			return err
		}
		if len(line) == 0 { // the end, without a period line
			if strict {
				return &Error{URL: url, Kind: KindProtocol, Code: "no-end", Rule: "gopher-plus.txt §2.3",
					Message: "the server closed the connection before the period line that ends a \"+-1\" reply"}
			}
			if mode == stuffed {
				return contradicted(n)
			}
			d.remark("the server closed the connection without the line \".\" (RFC 1436 Appendix allows it): the text is as sent, without dot-unstuffing")
			return flush(asSent)
		}
		t := trimEOL(line)
		switch {
		case len(t) == 1 && t[0] == '.':
			if strict {
				return flush(stuffed)
			}
			end, quiet, err := atEnd(src)
			if err != nil {
				return err
			}
			if end && mode != asSent {
				return flush(stuffed)
			}
			if mode == stuffed {
				return contradicted(n)
			}
			if mode == unknown {
				d.remark("line %d is \".\" and more follows: the server does not dot-stuff (RFC 1436 Appendix); the text is as sent", n)
			}
			mode = asSent
			if err := flush(asSent); err != nil {
				return err
			}
			if err := writeLine(line, asSent); err != nil {
				return err
			}
			if quiet {
				// As when the server closes after the line: the text is as sent.
				return nil
			}
		case len(t) >= 1 && t[0] == '.' && (len(t) < 2 || t[1] != '.') && mode != stuffed:
			if mode == unknown {
				d.remark("line %d begins with one \".\": the server does not dot-stuff (RFC 1436 Appendix); the text is as sent", n)
			}
			mode = asSent
			if err := flush(asSent); err != nil {
				return err
			}
			if err := writeLine(line, asSent); err != nil {
				return err
			}
		case mode == unknown && (len(pending) > 0 || (len(t) >= 2 && t[0] == '.' && t[1] == '.')):
			pending = append(pending, line...)
			if len(pending) > gopherPendingMax {
				d.remark("more than %d bytes held back: the text is read as dot-stuffed (RFC 1436 Appendix)", gopherPendingMax)
				mode = stuffed
				if err := flush(stuffed); err != nil {
					return err
				}
			}
		default:
			if err := writeLine(line, mode); err != nil {
				return err
			}
		}
	}
}

// gopherMenu reads a menu (RFC 1436 Appendix: Menu ::= {DirEntity} Lastline; DirEntity ::=
// Type User_Name Tab Selector Tab Host Tab Port CR-LF; Gopher+ adds a field, "+" or "?",
// gopher-plus.txt §2.2) into r.Entries, and writes one entry per line to b ("URL<TAB>type<TAB>
// name"), or the lines as sent with Options.Raw. strict requires the period line (a Gopher+
// "+-1" reply); otherwise the server may close without it (RFC 1436 Appendix).
func (c *Client) gopherMenu(url string, src *bufio.Reader, atEnd endCheck, b *body, r *Result, d dialog, strict bool) error {
	r.Listing = true
	var buf []byte
	primary := ""
	for n := 1; ; n++ {
		line, err := readLine(url, src, buf)
		buf = line[:0:cap(line)]
		if err != nil && err != io.EOF {
			return err
		}
		if len(line) == 0 {
			if strict {
				return &Error{URL: url, Kind: KindProtocol, Code: "no-end", Rule: "gopher-plus.txt §2.3",
					Message: "the server closed the connection before the period line that ends a \"+-1\" menu"}
			}
			d.remark("the server closed the connection without the line \".\" (RFC 1436 Appendix allows it)")
			return nil
		}
		if c.opts.Raw {
			if _, err := b.Write(line); err != nil {
				return err
			}
		}
		if isLastLine(line) {
			end, _, err := atEnd(src)
			if err != nil {
				return err
			}
			if !end {
				return &Error{URL: url, Kind: KindProtocol, Code: "after-end", Rule: "RFC 1436 Appendix (Menu)",
					Message: "the server sent more after the menu's last line \".\" (line " + strconv.Itoa(n) + ")"}
			}
			return nil
		}
		t := string(trimEOL(line))
		if t == "" {
			d.remark("menu line %d is empty: not an item (RFC 1436 Appendix, DirEntity)", n)
			continue
		}
		e, ok := gopherEntry(t, primary)
		if ok && e.Type != "+" && e.Type != "i" && e.Type != "3" {
			primary = e.Type
		}
		if !ok {
			return &Error{URL: url, Kind: KindProtocol, Code: "menu-line", Rule: "RFC 1436 Appendix (DirEntity)",
				Message: "menu line " + strconv.Itoa(n) + " is not an item (type, display string, TAB, selector, TAB, host, TAB, port): " + display.Quote(t)}
		}
		r.Entries = append(r.Entries, e)
		if !c.opts.Raw {
			if err := writeEntry(b, e); err != nil {
				return err
			}
		}
	}
}

// gopherEntry reads one menu line (without its end of line) into an Entry with its own gopher
// URL; an info line ("i", a common extension) and an error item ("3") have none. An item of
// type "+", a duplicate of the server before it (RFC 1436 Appendix: "The client should use
// the transaction as defined by the primary server Type field"), gets a URL of the type
// primary. ok is false when the line is not a DirEntity.
func gopherEntry(line, primary string) (Entry, bool) {
	if line == "" || line[0] == '\t' { // Type ::= UNASCII, not TAB
		return Entry{}, false
	}
	f := strings.Split(line, "\t")
	typ := line[:1]
	e := Entry{Type: typ, Name: f[0][1:]}
	if typ == "i" {
		return e, true
	}
	if len(f) < 4 {
		return Entry{}, false
	}
	e.Fields = map[string]string{"selector": f[1], "host": f[2], "port": f[3]}
	plus := ""
	if len(f) > 4 && f[4] != "" {
		plus = f[4]
		e.Fields["gopher+"] = plus
	}
	if typ == "3" {
		return e, true
	}
	if typ == "+" {
		typ = primary
		e.Fields["primary-type"] = primary
	}
	if u, ok := gopherItemURL(typ, f[1], f[2], f[3], plus); ok && typ != "" {
		e.URL = u
	}
	return e, true
}

// gopherItemURL builds the gopher URL of a menu item with the scheme package's view, which
// encodes the type and selector as RFC 1738 §3.4 asks; the port is left out when it is 70
// (RFC 1738 §3.4.1). An item marked "?" (an ASK form, gopher-plus.txt §2.8) gets the gopher+
// string "?". ok is false when no URL says the same item (a host or port that cannot be
// written in one).
func gopherItemURL(typ, sel, host, port, plus string) (string, bool) {
	if port == "" || strings.Trim(port, "0123456789") != "" || len(port) > 5 || host == "" {
		return "", false
	}
	if n, _ := strconv.Atoi(port); n > 65535 {
		return "", false
	}
	if port == "70" {
		port = ""
	}
	h := host
	if strings.Contains(h, ":") {
		h = "[" + h + "]"
	}
	g := scheme.Gopher{Login: scheme.Login{Host: h, Port: port}, Type: typ, Selector: sel}
	if plus == "?" {
		q, s := "?", ""
		g.GopherPlus, g.Search = &q, &s
	}
	u, err := g.URL()
	if err != nil {
		return "", false
	}
	back, err := scheme.ParseGopher(u)
	if err != nil || back.Host != h || back.Port != port || back.Type != typ || back.Selector != sel {
		return "", false
	}
	return u.String(), true
}

// gopherAttributes reads the reply to an attribute request ("!", "$"; gopher-plus.txt §2.5,
// §2.7: "S: Sends DataBlock with data in AttrrBlocks format") into blocks, and returns the
// data as received too.
func (c *Client) gopherAttributes(url string, br *bufio.Reader, d dialog) ([]AttributeBlock, []byte, error) {
	ok, success, transfer, head, err := gopherHead(br)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		line, _, err := peekLine(br, 256)
		if err != nil {
			return nil, nil, err
		}
		return nil, nil, &Error{URL: url, Kind: KindProtocol, Code: "no-data-head", Rule: "gopher-plus.txt §2.5",
			Message: "the server did not answer the attribute request with a Gopher+ data block: " + display.Quote(string(line))}
	}
	d.reply(head)
	if !success {
		return nil, nil, gopherPlusError(url, br, transfer, head)
	}
	src := br
	var counted *countReader
	if transfer >= 0 {
		counted = &countReader{r: io.LimitReader(br, transfer)}
		src = bufio.NewReader(counted)
	}
	var blocks []AttributeBlock
	var raw []byte
	var buf []byte
	for n := 1; ; n++ {
		line, err := readLine(url, src, buf)
		buf = line[:0:cap(line)]
		if err != nil && err != io.EOF {
			return nil, nil, err
		}
		if len(line) == 0 {
			if transfer == -1 {
				return nil, nil, &Error{URL: url, Kind: KindProtocol, Code: "no-end", Rule: "gopher-plus.txt §2.3",
					Message: "the server closed the connection before the period line that ends a \"+-1\" reply"}
			}
			break
		}
		if transfer == -1 && isLastLine(line) {
			break
		}
		if int64(len(raw)+len(line)) > c.maxSize() {
			return nil, nil, &Error{URL: url, Kind: KindSafety, Code: "too-large", Rule: "locator's size limit (--max-size)",
				Message: "the attributes are larger than " + strconv.FormatInt(c.maxSize(), 10) + " bytes"}
		}
		raw = append(raw, line...)
		t := string(trimEOL(line))
		switch {
		case strings.HasPrefix(t, "+"):
			// Blockname ::= '+' {UNASCIINOPLUS}; Attrblock ::= Blockname ' ' [G+Direntry]
			name, value, found := strings.Cut(t[1:], ":")
			if !found {
				name, value, _ = strings.Cut(t[1:], " ")
			}
			blocks = append(blocks, AttributeBlock{Name: name, Value: strings.TrimPrefix(value, " ")})
		case len(blocks) == 0:
			return nil, nil, &Error{URL: url, Kind: KindProtocol, Code: "attribute-line", Rule: "gopher-plus.txt §2.5",
				Message: "attribute line " + strconv.Itoa(n) + " comes before any block (\"+NAME:\"): " + display.Quote(t)}
		case strings.HasPrefix(t, " ") || t == "":
			// "Each line of information within a block begins with a space".
			bl := &blocks[len(blocks)-1]
			bl.Lines = append(bl.Lines, strings.TrimPrefix(t, " "))
		default:
			return nil, nil, &Error{URL: url, Kind: KindProtocol, Code: "attribute-line", Rule: "gopher-plus.txt §2.5",
				Message: "attribute line " + strconv.Itoa(n) + " is neither a block name (\"+NAME:\") nor a value (a leading space): " + display.Quote(t)}
		}
	}
	if counted != nil && counted.n < transfer {
		return nil, nil, &Error{URL: url, Kind: KindProtocol, Code: "short", Rule: "gopher-plus.txt §2.3",
			Message: "the server announced " + strconv.FormatInt(transfer, 10) + " bytes and closed the connection after " + strconv.FormatInt(counted.n, 10)}
	}
	return blocks, raw, nil
}

// gopherDirAttributes turns the attributes of a directory's items ("$", gopher-plus.txt §2.7:
// "each attribute list starts with "+INFO"") into r.Entries, each with its URL from its +INFO
// item description and its blocks.
func gopherDirAttributes(url string, blocks []AttributeBlock, r *Result) error {
	r.Listing = true
	for _, bl := range blocks {
		if bl.Name == "INFO" {
			e, ok := Entry{}, bl.Value != ""
			if ok {
				e, ok = gopherEntry(bl.Value, "")
			}
			if !ok {
				return &Error{URL: url, Kind: KindProtocol, Code: "attribute-info", Rule: "gopher-plus.txt §2.5",
					Message: "a +INFO block holds no item description: " + display.Quote(bl.Value)}
			}
			r.Entries = append(r.Entries, e)
		} else if len(r.Entries) == 0 {
			return &Error{URL: url, Kind: KindProtocol, Code: "attribute-info", Rule: "gopher-plus.txt §2.7",
				Message: "the attributes of a directory's item begin with a +" + display.String(bl.Name) + " block, not +INFO"}
		}
		e := &r.Entries[len(r.Entries)-1]
		e.Attributes = append(e.Attributes, bl)
	}
	return nil
}

// gopherForm fetches a Gopher+ item with an ASK form ("?", gopher-plus.txt §2.8; RFC 1738
// §3.4.5): the plan's request for the item's attributes, whose +ASK block is the form, into
// r.Attributes and r.Form; the answers from Options.Form (or Options.Prompt, or a question's
// default); then, on a new connection, the item with the answers as a "+-1" data block: the
// plan of the URL with the filled-out form, RFC 1738 §3.4.9's
// "+%091%0D%0A+-1%0D%0A...%0D%0A.%0D%0A".
func (c *Client) gopherForm(ctx context.Context, u locator.URL, g scheme.Gopher, w io.Writer, r *Result, d dialog) error {
	url := u.String()
	gc, err := c.gopherSend(ctx, u, g, d, nil)
	if err != nil {
		return err
	}
	blocks, _, err := c.gopherAttributes(url, gc.br, d)
	gc.Close()
	if err != nil {
		return err
	}
	r.Attributes = blocks
	var ask *AttributeBlock
	for i := range blocks {
		if blocks[i].Name == "ASK" {
			ask = &blocks[i]
		}
	}
	if ask == nil {
		return &Error{URL: url, Kind: KindProtocol, Code: "no-ask", Rule: "gopher-plus.txt §2.8",
			Message: "the item is marked \"?\" but its attributes have no +ASK block"}
	}
	r.Form = gopherQuestions(ask.Lines)
	lines, secret, err := c.gopherAnswers(url, r.Form, d)
	if err != nil {
		return err
	}
	filled := g
	filled.GopherPlus = nil
	filled.Plus = &scheme.GopherPlus{Kind: scheme.GopherPlusItem, Ask: lines}
	d.remark("the form is answered: %d lines (gopher-plus.txt §2.8)", len(lines))
	gc, err = c.gopherSend(ctx, u, filled, d, secret)
	if err != nil {
		return err
	}
	defer gc.Close()
	return canceled(ctx, url, c.gopherReply(url, filled, gc.br, gc.endCheck(d), w, r, d))
}

// gopherQuestions reads the lines of a +ASK block: "Kind: prompt", then TAB-separated fields,
// the default answer of an Ask, AskP, AskL or AskF, the choices of a Choose, ChooseF or
// Select (gopher-plus.txt §2.8).
func gopherQuestions(lines []string) []Question {
	var qs []Question
	for _, l := range lines {
		kind, rest, ok := strings.Cut(l, ":")
		if !ok {
			continue
		}
		f := strings.Split(strings.TrimPrefix(rest, " "), "\t")
		q := Question{Kind: strings.TrimSpace(kind), Prompt: f[0]}
		switch q.Kind {
		case "Choose", "ChooseF", "Select":
			q.Choices = f[1:]
		default:
			if len(f) > 1 {
				q.Default = f[1]
			}
		}
		qs = append(qs, q)
	}
	return qs
}

// gopherAnswers answers the questions qs: each "NAME=VALUE" of Options.Form answers the
// question whose prompt is NAME (or the NAME-th question, from 1); a value without a name
// answers the next question not answered; then Options.Prompt asks, or a question's default
// answers. It returns the lines of the data block (gopher-plus.txt §2.8: "The n responses
// harvested from the user are sent on to the server as the first n lines"; an AskL answer is
// its count of lines, then the lines) and which of them are secret (AskP).
func (c *Client) gopherAnswers(url string, qs []Question, d dialog) ([]string, map[int]bool, error) {
	invalid := func(msg string) ([]string, map[int]bool, error) {
		return nil, nil, &Error{URL: url, Kind: KindInvalid, Code: "form", Rule: "gopher-plus.txt §2.8", Message: msg}
	}
	answers := make([]*string, len(qs))
	asked := func(i int) bool { return qs[i].Kind != "Note" }
	for _, q := range qs {
		if q.Kind == "ChooseF" {
			return nil, nil, &Error{URL: url, Kind: KindSafety, Code: "form-file", Rule: "gopher-plus.txt §2.8",
				Message: "the form asks for a local file to send (ChooseF " + display.Quote(q.Prompt) + "); locator sends no local file"}
		}
	}
	next := 0
	for _, f := range c.opts.Form {
		name, value, named := strings.Cut(f, "=")
		i := -1
		if named {
			for k, q := range qs {
				if asked(k) && strings.EqualFold(strings.TrimSpace(q.Prompt), strings.TrimSpace(name)) {
					i = k
					break
				}
			}
			if n, err := strconv.Atoi(name); i < 0 && err == nil && n >= 1 && n <= len(qs) && asked(n-1) {
				i = n - 1
			}
			if i < 0 {
				return invalid("the form has no question " + display.Quote(name) + " (--form NAME=VALUE names a question by its prompt or its number, from 1)")
			}
		} else {
			value = name
			for next < len(qs) && (!asked(next) || answers[next] != nil) {
				next++
			}
			if next == len(qs) {
				return invalid("more answers than questions: " + display.Quote(value))
			}
			i = next
		}
		if answers[i] != nil {
			return invalid("the question " + display.Quote(qs[i].Prompt) + " is answered twice")
		}
		v := value
		answers[i] = &v
	}
	var lines []string
	secret := map[int]bool{}
	for i, q := range qs {
		if !asked(i) {
			continue
		}
		if answers[i] == nil {
			switch {
			case c.opts.Prompt != nil:
				v, err := c.opts.Prompt(q.Prompt, q.Choices)
				if err != nil {
					return nil, nil, &Error{URL: url, Kind: KindLocal, Code: "prompt", Message: "cannot ask " + display.Quote(q.Prompt), Err: err}
				}
				answers[i] = &v
			case q.Default != "":
				d.remark("the question %s takes its default %s", display.Quote(q.Prompt), display.Quote(q.Default))
				v := q.Default
				answers[i] = &v
			default:
				return invalid("the form's question " + display.Quote(q.Prompt) + " has no answer (give it with --form)")
			}
		}
		v := *answers[i]
		if len(q.Choices) > 0 && !slices.Contains(q.Choices, v) {
			return invalid("the answer " + display.Quote(v) + " to " + display.Quote(q.Prompt) + " is not one of its choices")
		}
		if q.Kind == "AskL" {
			// "If there is an AskL the responce is returned with a count of the number of
			// lines entered by the user on a line by itself, followed by the lines".
			ls := strings.Split(strings.ReplaceAll(v, "\r\n", "\n"), "\n")
			lines = append(lines, strconv.Itoa(len(ls)))
			lines = append(lines, ls...)
			continue
		}
		if strings.ContainsAny(v, "\r\n") {
			return invalid("the answer to " + display.Quote(q.Prompt) + " holds a line break, which would split the data block")
		}
		if q.Kind == "AskP" {
			secret[2+len(lines)] = true // after the request line and "+-1"
		}
		lines = append(lines, v)
	}
	return lines, secret, nil
}
