// Package fetch performs the access a URL stands for (RFC 1738 §3: "each scheme … has its own
// access algorithm") against real servers. It runs the plans of package scheme: the lines a
// client sends are the plan's steps ([scheme.Step]), in order, byte for byte, and where the
// dialog branches (a 331 reply asks for a password, a refused EPSV falls back to PASV) the branch
// is the plan's data ([scheme.Step.When], [scheme.Step.Expect]), not the client's.
//
// A [Client] holds the options and the connections it may reuse (one FTP control connection per
// host and login in batch mode); [Client.Get] writes the object a URL names to an io.Writer and
// returns a [Result] with its metadata and the dialog. Listings (FTP directories, gopher menus,
// news group overviews, local directories) are parsed into [Entry] values, each with its own
// URL, so that a listing can be walked with locator alone.
//
// Errors are *[Error] values whose [Kind] says what failed: the connection, the server's answer,
// the protocol, locator's safety rules ([Policy]), or the lack of a client for the scheme.
package fetch

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/scheme"
)

// Kind is the kind of failure an [Error] reports.
type Kind int

// The kinds of failure. locator get exits with a status of its own for each (see its --help).
const (
	// KindInvalid: the URL is not valid, or its scheme's plan refuses it.
	KindInvalid Kind = iota + 1
	// KindConnect: no connection (name lookup, TCP, TLS, or a timeout before the greeting).
	KindConnect
	// KindRefused: the server refused (a login, a missing file or group: an FTP or NNTP 4xx or
	// 5xx reply outside the step's Expect, an HTTP status of 400 or above, a gopher error
	// item). A 2xx or 3xx reply outside the step's Expect is KindProtocol.
	KindRefused
	// KindProtocol: the server broke its protocol (a malformed or overlong reply, a connection
	// closed in the middle of a transfer or a reply).
	KindProtocol
	// KindSafety: locator's safety rules refused the access ([Policy]; a decoded CR, LF or NUL
	// that would land in a protocol line, RFC 1738 §6; a size, time or redirect limit; a file
	// URL naming a FIFO, device or socket, RFC 8089 §5).
	KindSafety
	// KindNoClient: locator has no client for the scheme (wais and prospero, for which no
	// server exists to test against; an unregistered scheme). The plan is all there is.
	KindNoClient
	// KindLocal: a local failure (writing the output, reading a local file or mailbox), or an
	// interruption: the context given to Get or Send canceled or past its deadline (code
	// "canceled"; locator get exits 1 for it, as for any interruption).
	KindLocal
)

var kindNames = [...]string{"", "invalid", "connect", "refused", "protocol", "safety", "no-client", "local"}

// String returns the kind's name, as in JSON output: "connect", "refused", ….
func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// MarshalText returns the kind's name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name, as MarshalText writes it ("connect", …, and "kind(N)" for
// a value without one), so that a Result or an error record read back from JSON has its kind.
func (k *Kind) UnmarshalText(text []byte) error {
	s := string(text)
	for i := 1; i < len(kindNames); i++ {
		if kindNames[i] == s {
			*k = Kind(i)
			return nil
		}
	}
	// "kind(N)": N read back, if String writes that very text for it.
	if n, ok := strings.CutPrefix(s, "kind("); ok {
		if v, err := strconv.Atoi(strings.TrimSuffix(n, ")")); err == nil && Kind(v).String() == s {
			*k = Kind(v)
			return nil
		}
	}
	return errors.New("fetch: unknown kind " + display.Quote(s) + "; want one of " + strings.Join(kindNames[1:], ", "))
}

// Error is a failed access.
type Error struct {
	URL     string // the URL as given (shown bounded and escaped in Error())
	Kind    Kind   // what failed
	Code    string // a short stable code: "connect", "ftp-550", "nntp-411", "http-404", "line-break", …
	Rule    string // where the rule comes from: "RFC 959 §4.2", "RFC 1738 §6", …
	Message string // what happened, in words; a server's reply is quoted through display
	Reply   string // the server's reply that ended the access (code and text), if any
	Err     error  // the underlying error, if any
}

// maxCause is the most bytes of an Error's cause (Err) that its message shows.
const maxCause = 512

// Error returns "URL: message [code, rule]".
func (e *Error) Error() string {
	var b []byte
	b = append(b, display.Quote(e.URL)...)
	b = append(b, ": "...)
	b = append(b, e.Message...)
	if e.Err != nil && !strings.Contains(e.Message, e.Err.Error()) &&
		(e.Message == "" || !strings.Contains(e.Err.Error(), e.Message)) {
		// The cause's text, at most maxCause bytes of it: a resolver's or dialler's error
		// quotes the host, which may be as long as the URL (1 MB).
		w, _ := display.Window(e.Err.Error(), 0, maxCause)
		b = append(b, ": "...)
		b = append(b, w...)
	}
	if e.Code != "" || e.Rule != "" {
		b = append(b, " ["...)
		b = append(b, e.Code...)
		if e.Rule != "" {
			if e.Code != "" {
				b = append(b, ", "...)
			}
			b = append(b, e.Rule...)
		}
		b = append(b, ']')
	}
	return string(b)
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// KindOf returns the kind of err: the Kind of the first *Error in its chain, KindLocal for
// any other non-nil error, and 0 for nil.
func KindOf(err error) Kind {
	if err == nil {
		return 0
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return KindLocal
}

// Defaults of Options' limits.
const (
	DefaultMaxSize      = 1 << 30          // bytes of one object
	DefaultTimeout      = 30 * time.Second // a connection that sends or receives nothing this long fails
	DefaultMaxRedirects = 10               // HTTP redirects followed
	DefaultPerHost      = 2                // connections at a time to one host in batch mode
	MaxLine             = 64 << 10         // bytes of one reply or menu line
)

// Options configure a Client. The zero value is usable: anonymous FTP with
// scheme.DefaultFTPMail, passive mode, the default limits, and the command line's policy
// (Policy's zero value: private addresses allowed, ports 0–1023 other than the scheme's own
// refused).
type Options struct {
	// Mail is the anonymous FTP password, the user's e-mail address (RFC 1738 §3.2.1);
	// MailSource says where it came from ("--email", "LOCATOR_EMAIL"), for the plan's note.
	Mail, MailSource string
	// NoTypeGuess turns off the FTP type guessed from a name's suffix (RFC 1738 §3.2.3).
	NoTypeGuess bool
	// Active uses active FTP (EPRT, then PORT) instead of passive (EPSV, then PASV).
	Active bool
	// Batch keeps each FTP control connection open after its transfer, for the next URL of
	// the same host and login (scheme.FTPPlanOptions Keep and Reuse); Close ends them.
	Batch bool
	// Raw writes listings (FTP directories, gopher menus, news overviews) as the server sent
	// them instead of one entry per line.
	Raw bool
	// Query is the search of a gopher type 7 item when its URL has none.
	Query string
	// View is the Gopher+ view to retrieve ("text/plain", "application/pdf En_US"); empty:
	// the item's default.
	View string
	// Form answers a Gopher+ ASK form, one "NAME=VALUE" per question, in order or by prompt.
	Form []string
	// Prompt, when not nil, asks the user a question the Form does not answer (a terminal).
	Prompt func(question string, choices []string) (string, error)
	// NNTPServer is the server for news: URLs ("host" or "host:port"); empty: the NNTPSERVER
	// environment variable, as newsreaders do (scheme.NewsServerOptions). With neither, a
	// news URL fails with KindInvalid: a news URL names no server and locator does not guess
	// one (RFC 5538 §4: "a configured default server for Netnews access is used").
	NNTPServer string
	// SMTPServer is the server that mailto: messages are submitted to ("host:port").
	SMTPServer string
	// Mailbox is the mbox file or Maildir that mid: and cid: URLs are looked up in.
	Mailbox string
	// ReadBanner is, for telnet without a terminal, how long to read what the server sends.
	ReadBanner time.Duration
	// Offset resumes a transfer at this byte (FTP REST, RFC 3659 §5; HTTP Range).
	Offset int64
	// MaxSize limits the bytes of one object (0: DefaultMaxSize).
	MaxSize int64
	// Timeout limits how long a connection may send or receive nothing (0: DefaultTimeout).
	Timeout time.Duration
	// MaxRedirects limits the HTTP redirects followed (0: DefaultMaxRedirects; -1: none).
	MaxRedirects int
	// PerHost limits the connections at a time to one host (0: DefaultPerHost).
	PerHost int
	// Proxies maps a scheme to the URL of the gateway for it (RFC 1738 §4; the CERN proxy
	// convention: an HTTP GET of the whole URL), as the http_proxy, ftp_proxy, gopher_proxy, …
	// environment variables give them; NoProxy lists the hosts reached directly (no_proxy).
	Proxies map[string]string
	// NoProxy lists the hosts reached without a gateway, as no_proxy gives them: host names
	// or suffixes separated by commas, "*" for every host.
	NoProxy string
	// Policy is locator's safety rules for the addresses and ports dialled.
	Policy Policy
	// CheckURL, when not nil, is a rule of the caller's own that every URL of an access must
	// pass: it is called with the URL given to Get (after it is parsed, before anything is
	// dialled or a gateway chosen) and with each HTTP redirect's target (before it is
	// dialled), so that a server cannot redirect past a rule that the first URL obeyed (the
	// gateway of package serve: only its schemes and default ports, RFC 1738 §6). An error it
	// returns ends the access: an *Error as it is (for a redirect, its Message says which
	// redirect and its Reply is the redirect's status line), any other error as a KindSafety
	// *Error with Code "check-url".
	CheckURL func(u locator.URL) error
	// TLS, when not nil, configures the TLS client of https URLs (its ServerName is set from
	// the URL's host); nil: the system's roots.
	TLS *tls.Config
	// Transcript, when not nil, receives the dialog as curl -v shows it: "> " before each
	// line sent, "< " before each line received, "* " before locator's own remarks.
	Transcript io.Writer
	// Progress, when not nil, is told the size of each transfer and its progress.
	Progress Progress
}

// Progress follows a transfer: Start with the size the server announced (-1 when unknown),
// Add with each chunk written, Done at the end.
type Progress interface {
	Start(total int64) // a transfer begins; total is its size, -1 when unknown
	Add(n int64)       // n more bytes were written
	Done()             // the transfer ended
}

// Exchange is one line of a dialog: a line sent, or a reply (several lines joined by "\n").
type Exchange struct {
	Sent  string `json:"sent,omitempty"`  // a line sent, without its CR LF
	Reply string `json:"reply,omitempty"` // a reply received, its lines joined by "\n"
}

// Entry is one item of a listing: a file of an FTP directory, an item of a gopher menu, an
// article of a news group, a file of a local directory.
type Entry struct {
	URL  string `json:"url,omitempty"`  // the item's own URL ("" for a gopher info line)
	Type string `json:"type"`           // "file", "dir", "link", "article", "group", or a gopher item type
	Name string `json:"name"`           // the name shown: a file name, a menu's display string, a subject
	Size int64  `json:"size,omitempty"` // bytes, where the listing gives it
	// Modified is the modification time as the listing gives it (RFC 3659 §2.3 for MLSD).
	Modified string `json:"modified,omitempty"`
	// Attributes are the item's Gopher+ attribute blocks ("+INFO", "+ADMIN", "+VIEWS", …).
	Attributes []AttributeBlock `json:"attributes,omitempty"`
	// Fields holds the other fields of the line: an overview's From and Date, a gopher
	// item's host and port.
	Fields map[string]string `json:"fields,omitempty"`
}

// AttributeBlock is a Gopher+ attribute block: its name ("INFO", "VIEWS") and its lines,
// without the leading space (Gopher+, 2.6).
type AttributeBlock struct {
	Name  string   `json:"name"`            // the block's name, without "+" and ":"
	Value string   `json:"value,omitempty"` // the text after "+NAME:" on the block's first line
	Lines []string `json:"lines,omitempty"` // the block's other lines, without the leading space
}

// Question is one question of a Gopher+ ASK form (Gopher+, 2.10).
type Question struct {
	Kind    string   `json:"kind"`              // Ask, AskP, AskL, AskF, Select, Choose, ChooseF, Note
	Prompt  string   `json:"prompt"`            // the question as the form words it
	Default string   `json:"default,omitempty"` // the answer offered, if any
	Choices []string `json:"choices,omitempty"` // the answers to choose from (Select, Choose)
}

// Result is what a Get found.
type Result struct {
	URL    string `json:"url"`    // the URL fetched last (after redirects)
	Scheme string `json:"scheme"` // its scheme
	// Size is the number of bytes written to the output.
	Size int64 `json:"size"`
	// Total is the size the server announced (FTP SIZE, Content-Length), -1 when none.
	Total int64 `json:"total"`
	// Type is the object's type: an HTTP content type, a gopher item type, the FTP TYPE.
	Type string `json:"type,omitempty"`
	// Listing says the object is a listing; its items are in Entries.
	Listing bool    `json:"listing,omitempty"`
	Entries []Entry `json:"entries,omitempty"` // the listing's items, in the server's order
	// Attributes are a Gopher+ item's attribute blocks; Form its ASK questions.
	Attributes []AttributeBlock `json:"attributes,omitempty"`
	Form       []Question       `json:"form,omitempty"` // the questions of a Gopher+ ASK form
	// Dialog is what was sent and received, in order (bodies and listings excluded).
	Dialog []Exchange `json:"dialog,omitempty"`
	// Via is the gateway the request went through (RFC 1738 §4), if any.
	Via string `json:"via,omitempty"`
}

// client is a scheme's access function: it fetches u into w and fills r.
type client func(ctx context.Context, c *Client, u locator.URL, w io.Writer, r *Result) error

// clients are the access functions by scheme, set by each scheme's file.
var clients = map[string]client{}

// register sets the access function of scheme; each scheme's file calls it from init.
func register(scheme string, f client) { clients[scheme] = f }

// Client fetches URLs. Its methods may be called from several goroutines. The zero Client is
// NewClient(Options{}).
type Client struct {
	opts Options

	mu    sync.Mutex
	hosts map[string]chan struct{} // per-host connection slots (PerHost)
	idle  map[string][]io.Closer   // reusable connections by key (the FTP control connections)
}

// NewClient returns a Client with the options o.
func NewClient(o Options) *Client {
	return &Client{opts: o, hosts: map[string]chan struct{}{}, idle: map[string][]io.Closer{}}
}

// Options returns the client's options.
func (c *Client) Options() Options { return c.opts }

// Close closes the connections the client keeps for reuse.
func (c *Client) Close() error {
	c.mu.Lock()
	idle := c.idle
	c.idle = map[string][]io.Closer{}
	c.mu.Unlock()
	var first error
	for _, cs := range idle {
		for _, x := range cs {
			if err := x.Close(); err != nil && first == nil {
				first = err
			}
		}
	}
	return first
}

// Get fetches the object rawURL names into w and returns what it found. The URL is read as
// RFC 1738 reads it (locator.ParseAs with locator.RFC1738). A Result is returned with the
// dialog so far even when err is not nil. When w implements [SizeAnnouncer], Get tells it the
// object's size before the first byte, when the server announces it (Result.Total is known
// only when Get returns).
func (c *Client) Get(ctx context.Context, rawURL string, w io.Writer) (*Result, error) {
	r := &Result{URL: rawURL, Total: -1}
	u, err := locator.ParseAs(rawURL, locator.RFC1738)
	if err != nil {
		return r, notURL(rawURL, err)
	}
	name := strings.ToLower(u.Scheme())
	r.Scheme = name
	if err := c.checkURL(u); err != nil {
		return r, err
	}
	if err := c.opts.Policy.precheck(u); err != nil {
		return r, err
	}
	if via, ok := c.proxyFor(u); ok {
		r.Via = via
		return r, canceled(ctx, rawURL, c.getViaProxy(ctx, via, u, w, r))
	}
	f, ok := clients[name]
	if !ok {
		return r, &Error{URL: rawURL, Kind: KindNoClient, Code: "no-client", Rule: "RFC 1738 §3",
			Message: "locator has no client for scheme " + display.Quote(name) + "; locator plan shows what the access would be"}
	}
	return r, canceled(ctx, rawURL, f(ctx, c, u, w, r))
}

// canceled returns err, or, when err ended an access because ctx did (which closes the
// connection, so that a read or the dial fails), the error that says so: KindLocal, code
// "canceled", whatever the failed read looked like, so that an interruption is one kind of
// failure for every scheme. A write error of the output stays what it is. The timeouts of
// Options are deadlines of the connection, not of ctx: they are not this.
func canceled(ctx context.Context, url string, err error) error {
	if err == nil || ctx.Err() == nil {
		return err
	}
	var fe *Error
	if errors.As(err, &fe) && fe.Kind == KindLocal {
		return err
	}
	msg := "the access was canceled"
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		msg = "the access was canceled: the context's deadline passed"
	}
	return &Error{URL: url, Kind: KindLocal, Code: "canceled", Message: msg, Err: ctx.Err()}
}

// checkURL applies Options.CheckURL to u.
func (c *Client) checkURL(u locator.URL) error {
	if c.opts.CheckURL == nil {
		return nil
	}
	err := c.opts.CheckURL(u)
	if err == nil {
		return nil
	}
	var fe *Error
	if errors.As(err, &fe) {
		return err
	}
	return &Error{URL: u.String(), Kind: KindSafety, Code: "check-url", Message: "the URL is refused", Err: err}
}

// SizeAnnouncer is an io.Writer given to [Client.Get] that wants the object's size before its
// first byte (an HTTP gateway that sends a Content-Length before the body). Get calls
// AnnounceSize at most once per object, before writing the object's first byte, when the
// server announced the size (FTP SIZE in image type, RFC 3659 §4; HTTP Content-Length; a
// Gopher+ item's length, gopher-plus.txt §2.3) and the bytes written will be exactly that many
// when the transfer succeeds: not for an FTP ASCII transfer, whose line ends Get converts, nor
// for a listing, which Get writes in its own form. A server whose object does not match its
// announced size ends the access with an error (a short body), or sends more than it
// announced; the writer may refuse the excess with an error, which ends the access.
type SizeAnnouncer interface {
	AnnounceSize(total int64) // the object will be total bytes
}

// Get fetches rawURL into w with a Client of options o, closed at the end.
func Get(ctx context.Context, rawURL string, w io.Writer, o Options) (*Result, error) {
	c := NewClient(o)
	defer c.Close()
	return c.Get(ctx, rawURL, w)
}

// timeout is the idle timeout of the client's connections.
func (c *Client) timeout() time.Duration {
	if c.opts.Timeout > 0 {
		return c.opts.Timeout
	}
	return DefaultTimeout
}

// maxSize is the size limit of one object.
func (c *Client) maxSize() int64 {
	if c.opts.MaxSize > 0 {
		return c.opts.MaxSize
	}
	return DefaultMaxSize
}

// acquire takes one of host's connection slots (PerHost), waiting for one; it returns the
// function that gives it back.
func (c *Client) acquire(ctx context.Context, host string) (func(), error) {
	n := c.opts.PerHost
	if n <= 0 {
		n = DefaultPerHost
	}
	c.mu.Lock()
	ch, ok := c.hosts[host]
	if !ok {
		ch = make(chan struct{}, n)
		if c.hosts == nil {
			c.hosts = map[string]chan struct{}{} // the zero Client
		}
		c.hosts[host] = ch
	}
	c.mu.Unlock()
	select {
	case ch <- struct{}{}:
		return func() { <-ch }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// takeIdle returns a connection kept under key for reuse, or nil.
func (c *Client) takeIdle(key string) io.Closer {
	c.mu.Lock()
	defer c.mu.Unlock()
	cs := c.idle[key]
	if len(cs) == 0 {
		return nil
	}
	x := cs[len(cs)-1]
	c.idle[key] = cs[:len(cs)-1]
	return x
}

// putIdle keeps x under key for reuse.
func (c *Client) putIdle(key string, x io.Closer) {
	c.mu.Lock()
	if c.idle == nil {
		c.idle = map[string][]io.Closer{} // the zero Client
	}
	c.idle[key] = append(c.idle[key], x)
	c.mu.Unlock()
}

// dial connects to host:port over TCP under the client's Policy: the port is checked first
// (Policy.CheckPort), then each address the name resolves to as it is dialled
// (Policy.CheckAddr, so that a name cannot resolve to an allowed address when checked and to
// another when dialled). The connection fails when it sends or receives nothing for the
// client's timeout.
func (c *Client) dial(ctx context.Context, u locator.URL, scheme, host string, port int) (net.Conn, error) {
	if err := c.opts.Policy.CheckPort(u.String(), scheme, port); err != nil {
		return nil, err
	}
	addr := net.JoinHostPort(host, strconv.Itoa(port))
	d := c.opts.Policy.Dialer(u.String(), c.timeout())
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		var fe *Error
		if errors.As(err, &fe) {
			return nil, fe
		}
		return nil, &Error{URL: u.String(), Kind: KindConnect, Code: "connect", Rule: "RFC 793",
			Message: "cannot connect to " + display.Quote(addr), Err: err}
	}
	return &idleConn{Conn: conn, idle: c.timeout()}, nil
}

// idleConn is a connection that fails when a read or a write waits longer than idle, or a
// read past until when it is set (a shorter wait, see gopherConn.endAfterLast).
type idleConn struct {
	net.Conn
	idle  time.Duration
	until time.Time
}

func (c *idleConn) Read(p []byte) (int, error) {
	d := time.Now().Add(c.idle)
	if !c.until.IsZero() && c.until.Before(d) {
		d = c.until
	}
	_ = c.Conn.SetReadDeadline(d)
	return c.Conn.Read(p)
}

func (c *idleConn) Write(p []byte) (int, error) {
	_ = c.Conn.SetWriteDeadline(time.Now().Add(c.idle))
	return c.Conn.Write(p)
}

// dialog records a dialog in a Result and on the Transcript.
type dialog struct {
	c *Client
	r *Result
}

// sent records a line sent.
func (d dialog) sent(line string) {
	d.r.Dialog = append(d.r.Dialog, Exchange{Sent: line})
	d.show("> ", line)
}

// reply records a reply (several lines joined by "\n").
func (d dialog) reply(text string) {
	d.r.Dialog = append(d.r.Dialog, Exchange{Reply: text})
	for _, l := range strings.Split(text, "\n") {
		d.show("< ", l)
	}
}

// remark shows one of locator's own remarks on the transcript ("* ").
func (d dialog) remark(format string, a ...any) {
	d.show("* ", fmt.Sprintf(format, a...))
}

// show writes prefix and line, escaped, to the transcript.
func (d dialog) show(prefix, line string) {
	if d.c.opts.Transcript == nil {
		return
	}
	b := append([]byte(prefix), display.String(line)...)
	_, _ = d.c.opts.Transcript.Write(append(b, '\n'))
}

// body is the writer of an object: it counts the bytes, enforces MaxSize and tells Progress.
type body struct {
	w     io.Writer
	c     *Client
	url   string
	n     int64
	limit int64
}

// newBody returns the writer of an object of announced size total (-1 unknown) into w, whose
// bytes written will be exactly total (see newBodyOf).
func (c *Client) newBody(w io.Writer, url string, total int64) *body {
	return c.newBodyOf(w, url, total, total)
}

// newBodyOf returns the writer of an object of announced size total (-1 unknown, for
// Progress) into w; exact is the number of bytes that will be written to w when the server
// keeps its word (-1 when that is not known: line ends converted, a listing rewritten), told
// to a w that is a SizeAnnouncer before the first byte.
func (c *Client) newBodyOf(w io.Writer, url string, total, exact int64) *body {
	if c.opts.Progress != nil {
		c.opts.Progress.Start(total)
	}
	if sa, ok := w.(SizeAnnouncer); ok && exact >= 0 {
		sa.AnnounceSize(exact)
	}
	return &body{w: w, c: c, url: url, limit: c.maxSize()}
}

func (b *body) Write(p []byte) (int, error) {
	if b.n+int64(len(p)) > b.limit {
		return 0, &Error{URL: b.url, Kind: KindSafety, Code: "too-large", Rule: "locator's size limit (--max-size)",
			Message: "the object is larger than " + strconv.FormatInt(b.limit, 10) + " bytes"}
	}
	n, err := b.w.Write(p)
	b.n += int64(n)
	if b.c.opts.Progress != nil && n > 0 {
		b.c.opts.Progress.Add(int64(n))
	}
	if err != nil {
		return n, &Error{URL: b.url, Kind: KindLocal, Code: "write", Message: "cannot write the output", Err: err}
	}
	return n, nil
}

// done ends the transfer: it tells Progress and records the size in r.
func (b *body) done(r *Result) {
	if b.c.opts.Progress != nil {
		b.c.opts.Progress.Done()
	}
	r.Size += b.n
}

// hasCodePrefix reports whether the reply code begins with one of prefixes (scheme.Step's When
// and Expect).
func hasCodePrefix(code string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(code, p) {
			return true
		}
	}
	return false
}

// planError turns the error of a scheme's plan for the URL url into an *Error: a decoded CR,
// LF or NUL that would land in a protocol line (scheme.CodeLineBreak, RFC 1738 §6) is
// KindSafety, any other reason for having no plan KindInvalid.
func planError(url string, err error) error {
	if err == nil {
		return nil
	}
	var le *locator.Error
	if errors.As(err, &le) {
		k := KindInvalid
		if le.Code == scheme.CodeLineBreak {
			k = KindSafety
		}
		return &Error{URL: url, Kind: k, Code: string(le.Code), Rule: le.Rule, Message: le.Message, Err: err}
	}
	return &Error{URL: url, Kind: KindInvalid, Code: "no-plan", Message: "no access plan", Err: err}
}

// notURL returns the KindInvalid error of rawURL, which locator.ParseAs refused with err: the
// parser's code, rule, message and offset, without repeating the input.
func notURL(rawURL string, err error) *Error {
	var le *locator.Error
	if errors.As(err, &le) {
		return &Error{URL: rawURL, Kind: KindInvalid, Code: string(le.Code), Rule: le.Rule,
			Message: "not a URL: " + le.Message + " (at offset " + strconv.Itoa(le.Offset) + ")"}
	}
	return &Error{URL: rawURL, Kind: KindInvalid, Code: "invalid", Rule: "RFC 1738 §5", Message: "not a URL", Err: err}
}
