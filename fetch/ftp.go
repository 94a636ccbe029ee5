package fetch

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/textproto"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/scheme"
)

// The FTP client (RFC 1738 §3.2; RFC 959) runs the plan of scheme.FTP.PlanWith step by step:
// it sends each step's Send line, reads a reply when the step has an Expect, skips a step
// whose When the last reply does not match, and ends the access on a reply outside Expect.
// What the client adds is only what the plan cannot know before it runs:
//
//   - the data connection: the address of a 229 (RFC 2428 §3) or 227 (RFC 959 §4.1.2) reply,
//     dialled at once under the client's Policy (only the port is taken from a 227 reply: the
//     data connection goes to the control connection's address, so that a server cannot make
//     the client connect elsewhere, RFC 1738 §6), or in active mode the address it listens on,
//     put in place of scheme.FTPDataAddress in the EPRT or PORT line (RFC 2428 §2);
//   - a 1yz reply that the step does not expect is preliminary and the next reply is read
//     (RFC 959 §4.2); after a Data step's 150 or 125 the object comes on the data connection
//     and the transfer's end (226, 250) follows;
//   - in batch mode (Options.Batch) the connection is kept after the transfer (the plan has
//     Keep: PWD after the login, no QUIT) and the next URL of the same host and login runs a
//     plan with Reuse on it, which starts with "CWD <login directory>"; a kept connection
//     the server has closed in the meantime (an end of file or a 421 on that first step) is
//     dropped and the URL runs on a new connection; Client.Close sends QUIT on each kept one.
func init() { register("ftp", getFTP) }

// Limits of an FTP reply (RFC 959 §4.2): each line at most MaxLine bytes, a multi-line reply
// at most ftpMaxReplyLines lines and ftpMaxReply bytes; at most ftpMaxPreliminary preliminary
// replies (1yz) before the reply to one command, so that a server cannot keep the client
// reading (and recording) "150 wait" lines for ever.
const (
	ftpMaxReplyLines  = 1000
	ftpMaxReply       = 4 * MaxLine
	ftpMaxPreliminary = 16
)

// ftpConn is an FTP control connection.
type ftpConn struct {
	conn     net.Conn
	r        *textproto.Reader
	w        *bufio.Writer
	loginDir string // the reply to PWD, for reuse ("" unknown)
}

// newFTPConn wraps conn; lines longer than MaxLine fail (lineLimit).
func newFTPConn(conn net.Conn) *ftpConn {
	return &ftpConn{conn: conn, r: textproto.NewReader(bufio.NewReaderSize(&lineLimit{r: conn}, 4096)), w: bufio.NewWriter(conn)}
}

// Close ends a kept connection: QUIT (RFC 959 §4.1.1), a short wait for its reply, close.
func (fc *ftpConn) Close() error {
	_ = fc.conn.SetDeadline(time.Now().Add(2 * time.Second))
	if _, err := fc.w.WriteString("QUIT\r\n"); err == nil && fc.w.Flush() == nil {
		_, _, _ = readFTPReply(fc.r)
	}
	return fc.conn.Close()
}

// errLongLine is the error of a line longer than MaxLine.
var errLongLine = errors.New("a line longer than " + strconv.Itoa(MaxLine) + " bytes")

// lineLimit is a reader that fails when a line (the bytes since the last LF) grows past
// MaxLine, so that a server cannot make the client buffer an endless line.
type lineLimit struct {
	r io.Reader
	n int // bytes since the last LF
}

func (l *lineLimit) Read(p []byte) (int, error) {
	if l.n > MaxLine {
		return 0, errLongLine
	}
	n, err := l.r.Read(p)
	for _, c := range p[:n] {
		if c == '\n' {
			l.n = 0
			continue
		}
		if l.n++; l.n > MaxLine {
			return 0, errLongLine
		}
	}
	return n, err
}

// readFTPReply reads one reply (RFC 959 §4.2): "xyz text", or "xyz-text" and more lines up to
// one that starts with "xyz ". It returns the code and the lines joined by "\n".
func readFTPReply(r *textproto.Reader) (code, text string, err error) {
	line, err := r.ReadLine()
	if err != nil {
		return "", "", err
	}
	if !ftpReplyStart(line) {
		return "", line, errBadReply
	}
	code = line[:3]
	if len(line) == 3 || line[3] == ' ' {
		return code, line, nil
	}
	var b strings.Builder
	b.WriteString(line)
	for n := 1; ; n++ {
		if n > ftpMaxReplyLines || b.Len() > ftpMaxReply {
			return code, line, errLongReply
		}
		l, err := r.ReadLine()
		if err != nil {
			return code, b.String(), err
		}
		b.WriteByte('\n')
		b.WriteString(l)
		if len(l) >= 4 && l[:3] == code && l[3] == ' ' || l == code {
			return code, b.String(), nil
		}
	}
}

var (
	errBadReply  = errors.New("not an FTP reply: it does not start with a reply code (three digits, the first 1 to 5) and a space or a hyphen")
	errLongReply = errors.New("a multi-line reply of more than " + strconv.Itoa(ftpMaxReplyLines) + " lines or " + strconv.Itoa(ftpMaxReply) + " bytes")
)

// ftpReplyStart reports whether line starts an FTP reply: three digits, the first of them 1
// to 5 (RFC 959 §4.2: "There are five values for the first digit of the reply code"), then
// the end, a space or a hyphen (RFC 959 §4.2).
func ftpReplyStart(line string) bool {
	if len(line) < 3 || line[0] < '1' || line[0] > '5' {
		return false
	}
	for i := range 3 {
		if line[i] < '0' || line[i] > '9' {
			return false
		}
	}
	return len(line) == 3 || line[3] == ' ' || line[3] == '-'
}

// ftpKey is the key of a kept connection: host, port and login.
func ftpKey(host string, port int, f scheme.FTP, mail string) string {
	k := net.JoinHostPort(host, strconv.Itoa(port)) + "\x00"
	switch {
	case f.User == nil:
		k += "anonymous\x00" + mail
	case f.Password == nil:
		k += "u:" + *f.User
	default:
		k += "u:" + *f.User + "\x00p:" + *f.Password
	}
	return k
}

// getFTP is the access function of ftp URLs.
func getFTP(ctx context.Context, c *Client, u locator.URL, w io.Writer, r *Result) error {
	in := u.String()
	f, err := scheme.ParseFTP(u)
	if err != nil {
		return planError(in, err)
	}
	o := scheme.FTPPlanOptions{Mail: c.opts.Mail, MailSource: c.opts.MailSource, NoTypeGuess: c.opts.NoTypeGuess,
		Active: c.opts.Active, Offset: c.opts.Offset, Keep: c.opts.Batch}
	p, err := f.PlanWith(o)
	if err != nil {
		return planError(in, err)
	}
	mail := o.Mail
	if mail == "" {
		mail = scheme.DefaultFTPMail
	}
	key := ftpKey(p.Host, p.Port, f, mail)
	d := dialog{c: c, r: r}
	if o.Keep {
		for {
			x, _ := c.takeIdle(key).(*ftpConn)
			if x == nil {
				break
			}
			ro := o
			ro.Reuse, ro.LoginDir = true, x.loginDir
			rp, err := f.PlanWith(ro)
			if err != nil {
				x.conn.Close()
				continue
			}
			run := &ftpRun{c: c, u: u, url: in, fc: x, d: d, r: r, w: w}
			err = run.run(ctx, rp)
			var fe *Error
			if err != nil && ctx.Err() == nil && !run.wrote &&
				(run.replies == 0 || run.replies == 1 && errors.As(err, &fe) && fe.Code == "ftp-421") {
				// The server closed the kept connection (or says it will, 421, RFC 959
				// §4.2): a new one.
				d.remark("the kept connection failed (%s); a new connection", err.Error())
				x.conn.Close()
				continue
			}
			c.finishFTP(key, run)
			return err
		}
	}
	release, err := c.acquire(ctx, p.Host)
	if err != nil {
		return &Error{URL: in, Kind: KindConnect, Code: "connect", Message: "waiting for a connection", Err: err}
	}
	defer release()
	d.remark("connect to %s", net.JoinHostPort(p.Host, strconv.Itoa(p.Port)))
	conn, err := c.dial(ctx, u, "ftp", p.Host, p.Port)
	if err != nil {
		return err
	}
	run := &ftpRun{c: c, u: u, url: in, fc: newFTPConn(conn), d: d, r: r, w: w}
	err = run.run(ctx, p)
	c.finishFTP(key, run)
	return err
}

// finishFTP keeps run's connection under key when the plan kept it, the login directory is
// known and the dialog ended well or with a refusal; otherwise it closes it.
func (c *Client) finishFTP(key string, run *ftpRun) {
	if run.keep && run.fc.loginDir != "" {
		c.putIdle(key, run.fc)
		return
	}
	if run.endedRefused {
		run.quit()
	}
	run.fc.conn.Close()
}

// quit ends, after a refusal, the session that the plan would have ended with QUIT (RFC 959
// §4.1.1: QUIT "terminates a USER"; RFC 1738 §3.2 names the commands of a URL, not what
// follows a refusal): a refusal leaves the control connection open and in step (RFC 959 §4.2),
// so the client says goodbye rather than dropping it. QUIT and its reply go on the dialog; a
// server that does not answer within two seconds is not waited for.
func (x *ftpRun) quit() {
	_ = x.fc.conn.SetDeadline(time.Now().Add(2 * time.Second))
	if x.send("QUIT") != nil {
		return
	}
	if _, text, err := readFTPReply(x.fc.r); text != "" {
		x.d.reply(text)
	} else if err != nil {
		x.d.remark("no reply to QUIT: %s", err.Error())
	}
}

// ftpRun is one run of a plan on a control connection.
type ftpRun struct {
	c   *Client
	ctx context.Context
	u   locator.URL
	url string
	fc  *ftpConn
	d   dialog
	r   *Result
	w   io.Writer

	last         string // the code of the reply to the last line sent
	lastText     string // and its text
	replies      int    // replies read
	wrote        bool   // the object was (partly) written
	done         bool   // the object was transferred: later failures are only remarked
	keep         bool   // the plan keeps the connection (no QUIT)
	endedRefused bool   // the run ended with a refusal that leaves the connection usable
	typ          string // the TYPE sent ("I", "A", "A N", …)
	total        int64  // SIZE's answer, -1 unknown

	data     net.Conn     // the data connection (passive: dialled; active: accepted)
	listener net.Listener // active mode: where the server connects

	mu       sync.Mutex // guards canceled and data against the context's AfterFunc
	canceled bool
}

// setData sets the data connection; a canceled run's is closed at once.
func (x *ftpRun) setData(c net.Conn) {
	x.mu.Lock()
	x.data = c
	if c != nil && x.canceled {
		c.Close()
	}
	x.mu.Unlock()
}

// setListener sets the listener of active mode; a canceled run's is closed at once.
func (x *ftpRun) setListener(l net.Listener) {
	x.mu.Lock()
	x.listener = l
	if l != nil && x.canceled {
		l.Close()
	}
	x.mu.Unlock()
}

// cancel closes the control and data connections (the context ended): every read and write
// on them fails from now on, and the control connection is not kept.
func (x *ftpRun) cancel() {
	x.mu.Lock()
	x.canceled = true
	x.fc.conn.Close()
	if x.data != nil {
		x.data.Close()
	}
	if x.listener != nil {
		x.listener.Close()
	}
	x.mu.Unlock()
}

// run executes the steps of p.
func (x *ftpRun) run(ctx context.Context, p scheme.Plan) error {
	x.ctx, x.total, x.keep = ctx, -1, true
	defer x.closeData()
	stop := context.AfterFunc(ctx, x.cancel)
	defer stop()
	for _, s := range p.Steps {
		if s.Send == "QUIT" {
			x.keep = false
		}
		if len(s.When) > 0 && !hasCodePrefix(x.last, s.When) {
			continue
		}
		err := x.step(s)
		if err != nil && ctx.Err() != nil {
			err = canceled(ctx, x.url, err)
		}
		if err != nil {
			if x.done {
				// The object is complete: a failed QUIT does not undo it.
				x.d.remark("after the transfer: %s", err.Error())
				x.keep = false
				return nil
			}
			// A refusal (a 4yz or 5yz reply other than 421, RFC 959 §4.2) leaves the
			// connection as it was: it may serve the next URL. Anything else does not.
			var fe *Error
			refusal := errors.As(err, &fe) && fe.Kind == KindRefused && fe.Code != "ftp-421" && ctx.Err() == nil
			if !refusal || x.fc.loginDir == "" {
				x.keep = false
			}
			x.endedRefused = refusal
			return err
		}
	}
	return nil
}

// step runs one step of the plan.
func (x *ftpRun) step(s scheme.Step) error {
	if s.Send == "" && s.Note != "" {
		if len(s.When) > 0 {
			// A branch the client cannot take by itself: RFC 1738 §3.2.1, the server wants
			// a password that the URL does not give.
			return &Error{URL: x.url, Kind: KindRefused, Code: "ftp-" + x.last, Rule: "RFC 1738 §3.2.1",
				Message: "the server asks for what the URL does not give: " + s.Note, Reply: x.lastText}
		}
		if len(s.Expect) > 0 { // the greeting (RFC 959 §5.4)
			_, _, err := x.expect("the greeting", s.Expect)
			return err
		}
		return nil
	}
	line := s.Send
	if a, ok := strings.CutSuffix(line, " "+scheme.FTPDataAddress); ok {
		addr, err := x.activeAddress(a)
		if err != nil {
			return err
		}
		line = a + " " + addr
	}
	if err := x.send(line); err != nil {
		return err
	}
	if len(s.Expect) == 0 {
		return nil
	}
	verb, arg, _ := strings.Cut(s.Send, " ")
	code, text, err := x.expect(line, s.Expect)
	if err != nil {
		return err
	}
	positive := code[0] == '1' || code[0] == '2' || code[0] == '3'
	switch {
	case !positive:
		return nil // an allowed refusal: SIZE, EPSV, EPRT, MLSD
	case verb == "TYPE":
		x.typ = arg
	case verb == "SIZE":
		first, _, _ := strings.Cut(text, "\n")
		if n, err := strconv.ParseInt(strings.TrimSpace(first[min(3, len(first)):]), 10, 64); err == nil && n >= 0 {
			x.total = n
			x.r.Total = n
		}
	case verb == "PWD":
		x.fc.loginDir = pwdDir(text)
	case verb == "EPSV" || verb == "PASV":
		return x.dialPassive(verb, text)
	case s.Data:
		return x.transfer(verb, arg, line)
	}
	return nil
}

// send writes line and CR LF, and records it.
func (x *ftpRun) send(line string) error {
	x.d.sent(line)
	if _, err := x.fc.w.WriteString(line + "\r\n"); err != nil {
		return x.connErr("cannot send "+display.Quote(line), err)
	}
	if err := x.fc.w.Flush(); err != nil {
		return x.connErr("cannot send "+display.Quote(line), err)
	}
	return nil
}

// expect reads the reply to what (a line sent, or the greeting), skipping preliminary 1yz
// replies that expect does not list (RFC 959 §4.2), and fails on a reply outside expect.
func (x *ftpRun) expect(what string, expect []string) (code, text string, err error) {
	for n := 0; ; n++ {
		if n > ftpMaxPreliminary {
			// RFC 959 §4.2: a 1yz reply says "expect another reply"; one command has one
			// final reply, and a server that sends only preliminary ones never gives it.
			first, _, _ := strings.Cut(text, "\n")
			return "", "", &Error{URL: x.url, Kind: KindProtocol, Code: "ftp-preliminary", Rule: "RFC 959 §4.2",
				Message: "the server sent more than " + strconv.Itoa(ftpMaxPreliminary) + " preliminary replies (1yz) to " +
					display.Quote(what) + " and no final one; the last: " + display.Quote(first), Reply: text}
		}
		code, text, err = readFTPReply(x.fc.r)
		if err != nil {
			if text != "" {
				x.d.reply(text)
			}
			return "", "", x.replyErr(what, text, err)
		}
		x.d.reply(text)
		x.replies++
		x.last, x.lastText = code, text
		if hasCodePrefix(code, expect) {
			return code, text, nil
		}
		if code[0] != '1' {
			return "", "", x.refused(what, code, text)
		}
	}
}

// refused is the error of a reply outside a step's Expect (RFC 959 §4.2): a 4yz or 5yz reply
// (550 no such file, 530 not logged in) is the server's refusal (KindRefused); a 2yz or 3yz
// reply that the plan does not list (a 200 to USER) is a protocol error, as for NNTP.
func (x *ftpRun) refused(what, code, text string) error {
	first, _, _ := strings.Cut(text, "\n")
	k := KindProtocol
	if code[0] == '4' || code[0] == '5' {
		k = KindRefused
	}
	return &Error{URL: x.url, Kind: k, Code: "ftp-" + code, Rule: "RFC 959 §4.2",
		Message: "the server answered " + display.Quote(what) + " with " + display.Quote(first), Reply: text}
}

// replyErr is the error of a reply that could not be read.
func (x *ftpRun) replyErr(what, text string, err error) error {
	switch {
	case errors.Is(err, errLongLine):
		return &Error{URL: x.url, Kind: KindProtocol, Code: "line-too-long", Rule: "RFC 959 §4.2",
			Message: "the reply to " + display.Quote(what) + " has a line longer than " + strconv.Itoa(MaxLine) + " bytes"}
	case errors.Is(err, errBadReply):
		return &Error{URL: x.url, Kind: KindProtocol, Code: "ftp-reply", Rule: "RFC 959 §4.2",
			Message: "the reply to " + display.Quote(what) + " is not an FTP reply: " + display.Quote(text), Err: err, Reply: text}
	case errors.Is(err, errLongReply):
		return &Error{URL: x.url, Kind: KindProtocol, Code: "ftp-reply", Rule: "RFC 959 §4.2",
			Message: "the reply to " + display.Quote(what) + ", " + display.Quote(text) + ", does not end", Err: err}
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return &Error{URL: x.url, Kind: KindProtocol, Code: "closed", Rule: "RFC 959 §4.2",
			Message: "the server closed the connection instead of answering " + display.Quote(what)}
	}
	if what == "the greeting" && errors.Is(err, os.ErrDeadlineExceeded) {
		// A server that accepts the connection and never greets is one that cannot be
		// reached: KindConnect, "a timeout before the greeting" (README, Exit status 3).
		return &Error{URL: x.url, Kind: KindConnect, Code: "timeout", Rule: "RFC 959 §5.4",
			Message: "the server sent no greeting", Err: err}
	}
	return x.connErr("no reply to "+display.Quote(what), err)
}

// connErr is the error of a failed read or write on a connection.
func (x *ftpRun) connErr(msg string, err error) error {
	var fe *Error
	if errors.As(err, &fe) {
		return fe
	}
	code := "io"
	if errors.Is(err, os.ErrDeadlineExceeded) {
		code = "timeout"
	}
	return &Error{URL: x.url, Kind: KindProtocol, Code: code, Rule: "RFC 959", Message: msg, Err: err}
}

// pwdDir returns the directory of a 257 reply, "257 "<dir>" comment" with a quote inside
// doubled (RFC 959 §4.1.3 PWD; Appendix II), or "" when there is none. The control connection
// is Telnet (RFC 959 §4.1): a byte 0xFF of the name comes doubled, IAC IAC (RFC 854), and is
// returned once, so that the CWD back to it (scheme.FTPPlanOptions.LoginDir, which doubles it
// again) sends the name's bytes. An IAC followed by another byte is a Telnet command, not part
// of a name: "" (the connection is not reused).
func pwdDir(text string) string {
	first, _, _ := strings.Cut(text, "\n")
	i := strings.IndexByte(first, '"')
	if i < 0 {
		return ""
	}
	var b strings.Builder
	for j := i + 1; j < len(first); j++ {
		if first[j] == 0xff {
			if j+1 < len(first) && first[j+1] == 0xff {
				b.WriteByte(0xff)
				j++
				continue
			}
			return ""
		}
		if first[j] == '"' {
			if j+1 < len(first) && first[j+1] == '"' {
				b.WriteByte('"')
				j++
				continue
			}
			return b.String()
		}
		b.WriteByte(first[j])
	}
	return ""
}

// dialPassive dials the data connection of a 229 (RFC 2428 §3: "(|||port|)") or 227 (RFC 959
// §4.1.2: "h1,h2,h3,h4,p1,p2") reply, to the control connection's address.
func (x *ftpRun) dialPassive(verb, text string) error {
	port := -1
	if verb == "EPSV" {
		if i := strings.IndexByte(text, '('); i >= 0 {
			if j := strings.IndexByte(text[i:], ')'); j > 0 {
				f := strings.Split(text[i+1:i+j], text[i+1:i+2])
				if len(f) == 5 {
					port = atoiPort(f[3])
				}
			}
		}
	} else {
		s := text[min(4, len(text)):]
		if i := strings.IndexAny(s, "0123456789"); i >= 0 {
			s = s[i:]
			end := 0
			for end < len(s) && (s[end] >= '0' && s[end] <= '9' || s[end] == ',') {
				end++
			}
			if f := strings.Split(s[:end], ","); len(f) == 6 {
				hi, lo := atoiPort(f[4]), atoiPort(f[5])
				if hi >= 0 && hi < 256 && lo >= 0 && lo < 256 {
					port = hi<<8 | lo
				}
			}
		}
	}
	if port <= 0 {
		first, _, _ := strings.Cut(text, "\n")
		return &Error{URL: x.url, Kind: KindProtocol, Code: "ftp-" + strings.ToLower(verb), Rule: map[string]string{"EPSV": "RFC 2428 §3", "PASV": "RFC 959 §4.1.2"}[verb],
			Message: "no port in the reply to " + verb + ": " + display.Quote(first), Reply: text}
	}
	host, _, _ := net.SplitHostPort(x.fc.conn.RemoteAddr().String())
	x.closeData()
	x.d.remark("data connection to %s", net.JoinHostPort(host, strconv.Itoa(port)))
	conn, err := x.c.dial(x.ctx, x.u, "ftp-data", host, port)
	if err != nil {
		return err
	}
	x.setData(conn)
	return nil
}

// atoiPort reads a decimal port number (at most 5 digits), or -1.
func atoiPort(s string) int {
	if s == "" || len(s) > 5 {
		return -1
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > 65535 {
		return -1
	}
	return n
}

// activeAddress opens (once per transfer) the listener of active mode on the control
// connection's local address and returns it as EPRT (RFC 2428 §2: "|1|a.b.c.d|port|", "|2|"
// for IPv6) or PORT (RFC 959 §4.1.2: "h1,h2,h3,h4,p1,p2") writes it.
func (x *ftpRun) activeAddress(verb string) (string, error) {
	local := x.fc.conn.LocalAddr().(*net.TCPAddr)
	if x.listener == nil {
		x.closeData()
		l, err := net.Listen("tcp", net.JoinHostPort(local.IP.String(), "0"))
		if err != nil {
			return "", &Error{URL: x.url, Kind: KindLocal, Code: "listen", Rule: "RFC 959 §3.2", Message: "cannot listen for the data connection", Err: err}
		}
		x.setListener(l)
	}
	port := x.listener.Addr().(*net.TCPAddr).Port
	ip4 := local.IP.To4()
	if verb == "PORT" {
		if ip4 == nil {
			return "", &Error{URL: x.url, Kind: KindProtocol, Code: "ftp-port", Rule: "RFC 959 §4.1.2",
				Message: "PORT carries only an IPv4 address, and the server refused EPRT"}
		}
		return strconv.Itoa(int(ip4[0])) + "," + strconv.Itoa(int(ip4[1])) + "," + strconv.Itoa(int(ip4[2])) + "," +
			strconv.Itoa(int(ip4[3])) + "," + strconv.Itoa(port>>8) + "," + strconv.Itoa(port&0xff), nil
	}
	if ip4 != nil {
		return "|1|" + ip4.String() + "|" + strconv.Itoa(port) + "|", nil
	}
	return "|2|" + local.IP.String() + "|" + strconv.Itoa(port) + "|", nil
}

// closeData closes the data connection and the listener, if any.
func (x *ftpRun) closeData() {
	if x.data != nil {
		x.data.Close()
		x.setData(nil)
	}
	if x.listener != nil {
		x.listener.Close()
		x.setListener(nil)
	}
}

// dataConn returns the data connection: the one dialled in passive mode, or in active mode
// the server's, accepted from the control connection's peer only (RFC 1738 §6: no other host
// may send the object).
func (x *ftpRun) dataConn() (net.Conn, error) {
	if x.data != nil {
		return x.data, nil
	}
	if x.listener == nil {
		return nil, &Error{URL: x.url, Kind: KindProtocol, Code: "ftp-data", Rule: "RFC 959 §3.2", Message: "no data connection was set up"}
	}
	peer, _, _ := net.SplitHostPort(x.fc.conn.RemoteAddr().String())
	if tl, ok := x.listener.(*net.TCPListener); ok {
		_ = tl.SetDeadline(time.Now().Add(x.c.timeout()))
	}
	for {
		conn, err := x.listener.Accept()
		if err != nil {
			return nil, &Error{URL: x.url, Kind: KindProtocol, Code: "ftp-data", Rule: "RFC 959 §3.2",
				Message: "the server did not open the data connection", Err: err}
		}
		if h, _, _ := net.SplitHostPort(conn.RemoteAddr().String()); h != peer {
			conn.Close()
			x.d.remark("refused a data connection from %s, not the server", h)
			continue
		}
		x.setData(&idleConn{Conn: conn, idle: x.c.timeout()})
		return x.data, nil
	}
}

// transfer reads the object of a Data step (verb RETR, NLST, MLSD or LIST) from the data
// connection, writes it (a file) or its entries (a listing), and reads the transfer's end.
func (x *ftpRun) transfer(verb, arg, line string) error {
	conn, err := x.dataConn()
	if err != nil {
		return err
	}
	if verb == "RETR" {
		// The bytes written are SIZE's answer (RFC 3659 §4) less a REST offset in image type;
		// an ASCII transfer's line ends are converted, so its size is not known before.
		exact := int64(-1)
		if ascii := strings.HasPrefix(x.typ, "A"); !ascii && x.total >= x.c.opts.Offset {
			exact = x.total - x.c.opts.Offset
		}
		b := x.c.newBodyOf(x.w, x.url, x.total, exact)
		var dst io.Writer = b
		var cr *crlfWriter
		if strings.HasPrefix(x.typ, "A") {
			// RFC 959 §3.1.1.1: ASCII travels as NVT-ASCII, lines ended by CR LF; the
			// receiver turns them into its own line ends (LF).
			cr = &crlfWriter{w: b}
			dst = cr
		}
		x.r.Type = x.typ
		x.wrote = true
		// A large buffer: fewer reads (each resets the idle deadline) and writes.
		_, err = io.CopyBuffer(dst, onlyReader{conn}, make([]byte, 256<<10))
		if err == nil && cr != nil {
			err = cr.flush()
		}
		b.done(x.r)
		if err != nil {
			var fe *Error
			if errors.As(err, &fe) {
				return fe
			}
			return x.connErr("the data connection failed", err)
		}
	} else {
		data, err := io.ReadAll(io.LimitReader(conn, x.c.maxSize()+1))
		if err != nil {
			return x.connErr("the data connection failed", err)
		}
		if int64(len(data)) > x.c.maxSize() {
			return &Error{URL: x.url, Kind: KindSafety, Code: "too-large", Rule: "locator's size limit (--max-size)",
				Message: "the listing is larger than " + strconv.FormatInt(x.c.maxSize(), 10) + " bytes"}
		}
		x.r.Listing = true
		x.r.Type = "listing"
		x.wrote = true
		f, _ := scheme.ParseFTP(x.u)
		es := parseFTPListing(verb, arg, f, data)
		x.r.Entries = es
		b := x.c.newBody(x.w, x.url, -1)
		if x.c.opts.Raw {
			_, err = b.Write(data)
		} else {
			err = writeEntries(b, es)
		}
		b.done(x.r)
		if err != nil {
			return err
		}
	}
	x.closeData()
	// The transfer's end: 226 or 250 (RFC 959 §5.4).
	if _, _, err := x.expect(line+" (the transfer's end)", []string{"2"}); err != nil {
		return err
	}
	x.done = true
	return nil
}

// onlyReader hides a reader's WriteTo, so that io.CopyBuffer uses its buffer.
type onlyReader struct{ io.Reader }

// crlfWriter turns CR LF into LF (RFC 959 §3.1.1.1), holding a CR at the end of a chunk until
// the next byte is known.
type crlfWriter struct {
	w  io.Writer
	cr bool // a CR is held
	b  []byte
}

func (c *crlfWriter) Write(p []byte) (int, error) {
	c.b = c.b[:0]
	for _, ch := range p {
		if c.cr {
			c.cr = false
			if ch != '\n' {
				c.b = append(c.b, '\r')
			}
		}
		if ch == '\r' {
			c.cr = true
			continue
		}
		c.b = append(c.b, ch)
	}
	if _, err := c.w.Write(c.b); err != nil {
		return 0, err
	}
	return len(p), nil
}

// flush writes a CR held at the end.
func (c *crlfWriter) flush() error {
	if c.cr {
		c.cr = false
		_, err := c.w.Write([]byte{'\r'})
		return err
	}
	return nil
}

// parseFTPListing returns the entries of a listing: MLSD facts (RFC 3659 §7), the Unix ls -l
// lines most servers give to LIST (RFC 959 §4.1.3 leaves the format to the server), or the
// names of NLST (RFC 959 §4.1.3), each with its ftp URL in the directory f names.
func parseFTPListing(verb, arg string, f scheme.FTP, data []byte) []Entry {
	var es []Entry
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if line == "" {
			continue
		}
		var e Entry
		var ok bool
		switch verb {
		case "MLSD":
			e, ok = parseMLSD(line)
		case "LIST":
			e, ok = parseLIST(line)
		default:
			e, ok = Entry{Type: "unknown", Name: line}, true
		}
		if !ok {
			continue
		}
		e.URL = ftpEntryURL(f, e, verb == "NLST")
		es = append(es, e)
	}
	return es
}

// parseMLSD reads one line of MLSD: "fact=value;fact=value; name" (RFC 3659 §7); the facts
// type, size and modify (fact names in any case). The current and parent directory
// (type cdir, pdir) are left out.
func parseMLSD(line string) (Entry, bool) {
	facts, name, ok := strings.Cut(line, " ")
	if !ok || name == "" {
		return Entry{}, false
	}
	e := Entry{Name: name, Type: "unknown"}
	for _, fv := range strings.Split(facts, ";") {
		k, v, ok := strings.Cut(fv, "=")
		if !ok {
			continue
		}
		switch strings.ToLower(k) {
		case "type":
			switch t := strings.ToLower(v); {
			case t == "cdir" || t == "pdir":
				return Entry{}, false
			case t == "file" || t == "dir":
				e.Type = t
			case strings.HasPrefix(t, "os.unix=symlink"), strings.HasPrefix(t, "os.unix=slink"):
				e.Type = "link"
			default:
				e.Type = t
			}
		case "size":
			if n, err := strconv.ParseInt(v, 10, 64); err == nil {
				e.Size = n
			}
		case "modify":
			e.Modified = v
		}
	}
	return e, true
}

// ftpMonths are the month names of ls -l.
var ftpMonths = map[string]bool{"jan": true, "feb": true, "mar": true, "apr": true, "may": true, "jun": true,
	"jul": true, "aug": true, "sep": true, "oct": true, "nov": true, "dec": true}

// parseLIST reads one line of a Unix ls -l listing, best effort ("-rw-r--r-- 1 owner group
// size Mon DD HH:MM name"): the type from the first character (d, l, -), the size before the
// month, the name after the time or year ("name -> target" for a link: the name). A line that
// is not of that form is taken whole as a name; "total N" is left out.
func parseLIST(line string) (Entry, bool) {
	if strings.HasPrefix(line, "total ") {
		return Entry{}, false
	}
	fields := ftpFields(line, 9)
	for i := 3; i+3 < len(fields) && i <= 5; i++ {
		if !ftpMonths[strings.ToLower(fields[i].s)] {
			continue
		}
		size, err := strconv.ParseInt(fields[i-1].s, 10, 64)
		if err != nil {
			continue
		}
		name := strings.TrimLeft(line[fields[i+2].end:], " ")
		if name == "" {
			break
		}
		e := Entry{Name: name, Size: size, Type: "unknown",
			Modified: fields[i].s + " " + fields[i+1].s + " " + fields[i+2].s}
		switch line[0] {
		case '-':
			e.Type = "file"
		case 'd':
			e.Type = "dir"
		case 'l':
			e.Type = "link"
			if n, _, ok := strings.Cut(name, " -> "); ok {
				e.Name = n
			}
		}
		return e, true
	}
	return Entry{Type: "unknown", Name: line}, true
}

// ftpField is one whitespace-separated field of a line and where it ends.
type ftpField struct {
	s   string
	end int
}

// ftpFields returns the first n fields of line.
func ftpFields(line string, n int) []ftpField {
	var fs []ftpField
	i := 0
	for len(fs) < n {
		for i < len(line) && line[i] == ' ' {
			i++
		}
		if i >= len(line) {
			break
		}
		j := i
		for j < len(line) && line[j] != ' ' {
			j++
		}
		fs = append(fs, ftpField{line[i:j], j})
		i = j
	}
	return fs
}

// ftpEntryURL returns the ftp URL of an entry of the directory f names: f's login and CWD
// elements, then a directory's name as one more element (its URL ends with "/") or a file's
// as the name (RFC 1738 §3.2.2), encoded by scheme.FTP.URL. An NLST name may be a path
// relative to the directory ("sub/a.txt"): its directory part is one more CWD element.
func ftpEntryURL(f scheme.FTP, e Entry, nlst bool) string {
	v := scheme.FTP{Login: f.Login, CWD: append([]string(nil), f.CWD...)}
	name := e.Name
	if nlst {
		switch i := strings.LastIndexByte(name, '/'); {
		case i > 0:
			// A path relative to the current directory ("doc/a.txt"), or absolute.
			if name[0] == '/' {
				v.CWD = nil
			}
			v.CWD = append(v.CWD, name[:i])
			name = name[i+1:]
		case f.Name != "" && name != f.Name:
			v.CWD = append(v.CWD, f.Name) // an entry of the directory NLST named
		}
	}
	if e.Type == "dir" {
		v.CWD = append(v.CWD, name)
	} else {
		v.Name = name
	}
	u, err := v.URL()
	if err != nil {
		return ""
	}
	return u.String()
}
