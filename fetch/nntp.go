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

// news and nntp URLs (RFC 1738 §3.6, §3.7) are fetched over NNTP (RFC 977, RFC 3977) by
// running the scheme package's plan: the plan is the whole dialog (greeting, MODE READER,
// GROUP, OVER or XOVER, ARTICLE, LIST, QUIT) with the reply codes each step expects, and this
// file only sends its lines, reads the replies and the multi-line blocks, and follows When.
func init() {
	register("news", getNNTP)
	register("nntp", getNNTP)
}

// nntpServerFlag is how the command line names Options.NNTPServer, for the plan's note.
const nntpServerFlag = "--nntp-server"

// getNNTP fetches a news or nntp URL. A news URL names no server (RFC 1738 §3.6): the server
// is Options.NNTPServer, else the NNTPSERVER environment variable (scheme.NewsServerOptions),
// as newsreaders find theirs; with neither, the access fails (KindInvalid) rather than guess
// one (RFC 5538 §4: "a configured default server for Netnews access is used").
func getNNTP(ctx context.Context, c *Client, u locator.URL, w io.Writer, r *Result) error {
	url := u.String()
	var p scheme.Plan
	var group string // the group whose overview or article the plan asks for
	if strings.EqualFold(u.Scheme(), "news") {
		n, err := scheme.ParseNews(u)
		if err != nil {
			return planError(url, err)
		}
		o := scheme.NewsServerOptions(c.opts.NNTPServer, nntpServerFlag)
		if o.Server == "" {
			return &Error{URL: url, Kind: KindInvalid, Code: "no-news-server", Rule: "RFC 5538 §4",
				Message: "a news URL names no server and none is configured: give one with " + nntpServerFlag +
					" or the " + scheme.NNTPServerEnv + " environment variable (host or host:port)"}
		}
		if p, err = n.PlanWith(o); err != nil {
			return planError(url, err)
		}
		group = n.Group
	} else {
		n, err := scheme.ParseNNTP(u)
		if err != nil {
			return planError(url, err)
		}
		if p, err = n.Plan(); err != nil {
			return planError(url, err)
		}
		group = n.Group
	}
	release, err := c.acquire(ctx, "nntp://"+net.JoinHostPort(p.Host, strconv.Itoa(p.Port)))
	if err != nil {
		return &Error{URL: url, Kind: KindConnect, Code: "connect", Message: "no connection slot", Err: err}
	}
	defer release()
	// The port rule is nntp's (119 is its own) for news URLs too: both speak NNTP.
	conn, err := c.dial(ctx, u, "nntp", p.Host, p.Port)
	if err != nil {
		return err
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	s := &nntpSession{c: c, url: url, u: u, plan: p, group: group, conn: conn,
		br: newNNTPReader(conn), d: dialog{c: c, r: r}, w: w, r: r}
	return s.run() // a read failed by ctx's end: Client.Get says so (canceled)
}

// newNNTPReader returns the reader of an NNTP connection: its buffer holds one line of
// MaxLine bytes and its CR LF, so that a longer line is an error, not a larger buffer.
func newNNTPReader(conn io.Reader) *bufio.Reader { return bufio.NewReaderSize(conn, MaxLine+2) }

// nntpSession is one run of an NNTP plan.
type nntpSession struct {
	c     *Client
	url   string
	u     locator.URL
	plan  scheme.Plan
	group string
	conn  net.Conn
	br    *bufio.Reader
	d     dialog
	w     io.Writer
	r     *Result
}

// run follows the plan: each step's line is sent (a step whose When matches no prefix of
// the reply to the last line sent is skipped), its reply read and checked against Expect,
// and a Data step's 2xx reply followed by its multi-line block (RFC 3977 §3.1.1).
func (s *nntpSession) run() error {
	last := "" // the code of the reply to the last line sent
	for i, st := range s.plan.Steps {
		if len(st.When) > 0 && !hasCodePrefix(last, st.When) {
			s.d.remark("not sent: %s (only if the reply was %s)", st.Send, strings.Join(st.When, " or "))
			continue
		}
		if st.Send != "" {
			if _, err := io.WriteString(s.conn, st.Send+"\r\n"); err != nil {
				return s.protocolError("cannot send "+display.Quote(st.Send), err)
			}
			s.d.sent(st.Send)
		}
		if len(st.Expect) == 0 {
			continue // a note (connect), or a line whose reply the plan does not read
		}
		line, err := s.readLine()
		if err != nil {
			if errors.Is(err, io.EOF) && st.Send == "QUIT" && i == len(s.plan.Steps)-1 {
				// RFC 3977 §5.4: the server closes the connection after 205; one that
				// closes without it has still ended the session the plan asked to end.
				s.d.remark("the server closed the connection without answering QUIT")
				return nil
			}
			return s.readError(st.Send, err)
		}
		s.d.reply(line)
		code, err := s.replyCode(line)
		if err != nil {
			return err
		}
		if st.Send != "" {
			last = code
		}
		if !hasCodePrefix(code, st.Expect) {
			err := s.refused(st, line, code)
			if st.Send != "" && (code[0] == '4' && code != "400" || code[0] == '5') {
				s.quit(i)
			}
			return err
		}
		if st.Data && code[0] == '2' {
			if err := s.data(st.Send); err != nil {
				return err
			}
		}
	}
	return nil
}

// quit ends, after a refusal of the step at index i, the session that the plan would have
// ended with QUIT (RFC 3977 §5.4: "The client uses the QUIT command to terminate the
// session"): a 4xx or 5xx reply to a command leaves the session open, but 400 (RFC 3977
// §3.2.1: the server is closing the connection) and a refused greeting (§5.1.1: 400 or 502,
// after which the server closes) do not. QUIT and its reply go on the dialog; a server that
// does not answer within two seconds is not waited for.
func (s *nntpSession) quit(i int) {
	if !slices.ContainsFunc(s.plan.Steps[i+1:], func(st scheme.Step) bool { return st.Send == "QUIT" }) {
		return
	}
	_ = s.conn.SetDeadline(time.Now().Add(2 * time.Second))
	if _, err := io.WriteString(s.conn, "QUIT\r\n"); err != nil {
		return
	}
	s.d.sent("QUIT")
	if line, err := s.readLine(); err == nil {
		s.d.reply(line)
	} else {
		s.d.remark("no reply to QUIT: %s", err.Error())
	}
}

// readLine reads one line of at most MaxLine bytes and returns it without its CR LF (a bare
// LF is taken as the end of a line too).
func (s *nntpSession) readLine() (string, error) {
	b, err := s.br.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) || len(b) > MaxLine+2 {
		return "", errLineTooLong
	}
	if err != nil {
		if err == io.EOF && len(b) > 0 {
			return "", io.ErrUnexpectedEOF
		}
		return "", err
	}
	b = bytes.TrimSuffix(b[:len(b)-1], []byte{'\r'})
	return string(b), nil
}

var errLineTooLong = errors.New("a line longer than " + strconv.Itoa(MaxLine) + " bytes")

// replyCode returns the status code of a reply line: three digits, then a space or the end of
// the line (RFC 3977 §3.2).
func (s *nntpSession) replyCode(line string) (string, error) {
	if len(line) < 3 || !isDigits(line[:3]) || (len(line) > 3 && line[3] != ' ') || line[0] < '1' || line[0] > '5' {
		return "", &Error{URL: s.url, Kind: KindProtocol, Code: "nntp-reply", Rule: "RFC 3977 §3.2",
			Message: "the server's reply " + display.Quote(line) + " does not start with a three-digit status code", Reply: line}
	}
	return line[:3], nil
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// refused is the error of a reply outside the step's Expect: a 4xx or 5xx reply (411 no such
// group, 423 no such article number, 430 no such message-id, 502 no permission) is the
// server's refusal (KindRefused); any other code is a protocol error.
func (s *nntpSession) refused(st scheme.Step, line, code string) error {
	msg := "the server greeted with " + display.Quote(line)
	if st.Send != "" {
		msg = "the server answered " + display.Quote(st.Send) + " with " + display.Quote(line)
	}
	k := KindProtocol
	if code[0] == '4' || code[0] == '5' {
		k = KindRefused
	}
	return &Error{URL: s.url, Kind: k, Code: "nntp-" + code, Rule: "RFC 3977 §3.2",
		Message: msg + " (the plan expects " + strings.Join(st.Expect, ", ") + ")", Reply: line}
}

// readError is the error of a reply that could not be read after send.
func (s *nntpSession) readError(send string, err error) error {
	what := "the greeting"
	if send != "" {
		what = "the reply to " + display.Quote(send)
	}
	if err == errLineTooLong {
		return &Error{URL: s.url, Kind: KindProtocol, Code: "line-too-long", Rule: "RFC 3977 §3.1",
			Message: what + " is longer than " + strconv.Itoa(MaxLine) + " bytes"}
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		// KindConnect is "a timeout before the greeting" (Kind's doc, get --help); a server
		// that greeted and then falls silent broke off the dialog, as for ftp and gopher.
		k := KindConnect
		if send != "" {
			k = KindProtocol
		}
		return &Error{URL: s.url, Kind: k, Code: "timeout", Rule: "RFC 3977 §3.1", Message: "no answer: " + what, Err: err}
	}
	return s.protocolError("the connection ended before "+what, err)
}

func (s *nntpSession) protocolError(msg string, err error) error {
	return &Error{URL: s.url, Kind: KindProtocol, Code: "nntp-connection", Rule: "RFC 3977 §3.1", Message: msg, Err: err}
}

// data reads the multi-line block that follows the 2xx reply to send (RFC 3977 §3.1.1):
// lines ended by a line of a single ".", each line that begins with "." having had another
// "." put in front of it by the server ("dot-stuffing"), which is removed here. An article
// (ARTICLE) is written to the output line by line with LF line ends; an overview (OVER,
// XOVER) or a group list (LIST) becomes entries (Result.Entries, written one per line) unless
// Options.Raw, when its lines are written as the server sent them (unstuffed, LF ends).
func (s *nntpSession) data(send string) error {
	verb, _, _ := strings.Cut(send, " ")
	verb = strings.ToUpper(verb)
	listing := verb == "OVER" || verb == "XOVER" || verb == "LIST"
	b := s.c.newBody(s.w, s.url, -1)
	defer b.done(s.r)
	if listing {
		s.r.Listing = true
	}
	var read int64 // bytes of the block, bounded like an object (MaxSize)
	var out []byte
	for {
		line, err := s.readLine()
		if err != nil {
			if err == errLineTooLong {
				return &Error{URL: s.url, Kind: KindProtocol, Code: "line-too-long", Rule: "RFC 3977 §3.1.1",
					Message: "a line of the reply to " + display.Quote(send) + " is longer than " + strconv.Itoa(MaxLine) + " bytes"}
			}
			return s.protocolError("the connection ended inside the reply to "+display.Quote(send)+
				" (a multi-line block ends with a line \".\", RFC 3977 §3.1.1)", err)
		}
		if line == "." {
			return nil
		}
		if line != "" && line[0] == '.' {
			line = line[1:] // RFC 3977 §3.1.1: undo the dot-stuffing
		}
		read += int64(len(line)) + 2
		if read > s.c.maxSize() {
			return &Error{URL: s.url, Kind: KindSafety, Code: "too-large", Rule: "locator's size limit (--max-size)",
				Message: "the reply to " + display.Quote(send) + " is larger than " + strconv.FormatInt(s.c.maxSize(), 10) + " bytes"}
		}
		out = out[:0]
		switch {
		case !listing || s.c.opts.Raw:
			out = append(append(out, line...), '\n')
		case verb == "LIST":
			e, err := s.groupEntry(line)
			if err != nil {
				return err
			}
			s.r.Entries = append(s.r.Entries, e)
			out = appendEntry(out, e)
		default:
			e, err := s.overviewEntry(line)
			if err != nil {
				return err
			}
			s.r.Entries = append(s.r.Entries, e)
			out = appendEntry(out, e)
		}
		if _, err := b.Write(out); err != nil {
			return err
		}
	}
}

// overviewEntry parses a line of an overview (RFC 3977 §8.3.2): the article number, then
// Subject, From, Date, Message-ID, References, :bytes and :lines, separated by TABs (further
// fields, such as Xref, follow). The entry's URL is the article's news URL, news:<message-id>
// (RFC 1738 §3.6), for a news URL's listing, and its nntp URL, nntp://host/group/number (RFC
// 1738 §3.7), for an nntp URL's; Fields holds both ("news", "nntp").
func (s *nntpSession) overviewEntry(line string) (Entry, error) {
	f := strings.Split(line, "\t")
	if len(f) < 5 || !isDigits(f[0]) || len(f[0]) > 16 {
		return Entry{}, &Error{URL: s.url, Kind: KindProtocol, Code: "nntp-overview", Rule: "RFC 3977 §8.3.2",
			Message: "an overview line is the article number and TAB-separated fields: " + display.Quote(line)}
	}
	e := Entry{Type: "article", Name: f[1], Fields: map[string]string{
		"number": f[0], "from": f[2], "date": f[3], "message_id": f[4],
	}}
	if len(f) > 5 && f[5] != "" {
		e.Fields["references"] = f[5]
	}
	if len(f) > 6 {
		if n, err := strconv.ParseInt(f[6], 10, 64); err == nil && n >= 0 {
			e.Size = n
		}
	}
	if len(f) > 7 && f[7] != "" {
		e.Fields["lines"] = f[7]
	}
	mid := strings.TrimSuffix(strings.TrimPrefix(f[4], "<"), ">")
	if v, err := (scheme.News{MessageID: mid}).URL(); err == nil {
		e.Fields["news"] = v.String()
	}
	nu := scheme.NNTP{Login: scheme.Login{Host: s.urlHost()}, Group: s.group, Article: f[0]}
	if s.plan.Port != 119 {
		nu.Port = strconv.Itoa(s.plan.Port)
	}
	if v, err := nu.URL(); err == nil {
		e.Fields["nntp"] = v.String()
	}
	if s.plan.Scheme == "news" {
		e.URL = e.Fields["news"]
	} else {
		e.URL = e.Fields["nntp"]
	}
	return e, nil
}

// urlHost returns the plan's host as a URL writes it: an IPv6 address in brackets.
func (s *nntpSession) urlHost() string {
	if strings.IndexByte(s.plan.Host, ':') >= 0 {
		return "[" + s.plan.Host + "]"
	}
	return s.plan.Host
}

// groupEntry parses a line of the active list, "group high low status" (RFC 3977 §7.6.3;
// RFC 977 §3.6.1). The entry's URL is the group's news URL (RFC 1738 §3.6).
func (s *nntpSession) groupEntry(line string) (Entry, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return Entry{}, &Error{URL: s.url, Kind: KindProtocol, Code: "nntp-list", Rule: "RFC 3977 §7.6.3",
			Message: "an empty line in the list of groups"}
	}
	e := Entry{Type: "group", Name: f[0], Fields: map[string]string{}}
	for i, k := range []string{"high", "low", "status"} {
		if len(f) > i+1 {
			e.Fields[k] = f[i+1]
		}
	}
	if v, err := (scheme.News{Group: f[0]}).URL(); err == nil {
		e.URL = v.String()
	}
	return e, nil
}
