package fetch

import (
	"bufio"
	"context"
	"crypto/tls"
	"errors"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/scheme"
)

func init() {
	register("http", getHTTP)
	register("https", getHTTP)
}

// maxHeaderBytes bounds the status line and header fields of one HTTP response (the default
// of net/http's server, http.DefaultMaxHeaderBytes).
const maxHeaderBytes = 16 * MaxLine

// getHTTP fetches an http or https URL (RFC 1738 §3.3; RFC 2818 §2.4): the plan's request
// (scheme.HTTP.Plan: the request line, the Host header, the empty line) written as it is, the
// response read by net/http (http.ReadResponse: chunked and length-delimited bodies), and the
// redirects followed up to Options.MaxRedirects.
func getHTTP(ctx context.Context, c *Client, u locator.URL, w io.Writer, r *Result) error {
	return c.httpFetch(ctx, u, w, r)
}

// httpFetch sends the request u stands for, directly or through its gateway (Options.Proxies,
// RFC 1738 §4), and follows redirects: each target is planned (and so checked, RFC 1738 §6)
// and dialled under the Policy like the first URL. A redirect to a scheme other than http and
// https is refused: the server of one URL would choose the access of another (a gopher URL
// to port 25 of the client's own network).
func (c *Client) httpFetch(ctx context.Context, u locator.URL, w io.Writer, r *Result) error {
	limit := c.opts.MaxRedirects
	if limit == 0 {
		limit = DefaultMaxRedirects
	} else if limit < 0 {
		limit = 0
	}
	d := dialog{c, r}
	for hop := 0; ; hop++ {
		r.URL, r.Scheme = u.String(), strings.ToLower(u.Scheme())
		resp, closer, err := c.httpRoundTrip(ctx, u, r)
		if err != nil {
			return err
		}
		loc := resp.Header.Get("Location")
		if isRedirect(resp.StatusCode) && loc != "" {
			closer.Close()
			next, err := redirectTarget(u, loc)
			if err != nil {
				return err
			}
			if hop >= limit {
				return &Error{URL: u.String(), Kind: KindSafety, Code: "redirects", Rule: "locator's redirect limit (--max-redirects)",
					Message: "more than " + strconv.Itoa(limit) + " redirects; the last one to " + display.Quote(next.String()),
					Reply:   display.String(resp.Proto + " " + resp.Status)}
			}
			d.remark("redirect to %s", next.String())
			if err := c.checkURL(next); err != nil {
				return redirectRefused(u, resp, err)
			}
			r.Via = ""
			u = next
			continue
		}
		defer closer.Close()
		return c.httpBody(u, resp, w, r)
	}
}

// redirectRefused is the error of a redirect from u (its response resp) whose target
// Options.CheckURL refused with err (an *Error, see Client.checkURL): the rule's error, its
// Message saying which redirect, its Reply the redirect's status line.
func redirectRefused(u locator.URL, resp *http.Response, err error) error {
	var fe *Error
	if !errors.As(err, &fe) {
		return err
	}
	e := *fe
	e.Message = "the redirect from " + display.Quote(u.String()) + " is refused: " + fe.Message
	if e.Reply == "" {
		e.Reply = display.String(resp.Proto + " " + resp.Status)
	}
	return &e
}

// isRedirect reports whether an HTTP status is a redirect with a Location to follow
// (RFC 2068 §10.3: 301, 302, 303, 307; 308 since).
func isRedirect(code int) bool {
	switch code {
	case 301, 302, 303, 307, 308:
		return true
	}
	return false
}

// redirectTarget resolves a Location field against u (RFC 3986 §5.2) and refuses a target
// that is not http or https.
func redirectTarget(u locator.URL, loc string) (locator.URL, error) {
	if len(loc) > MaxLine {
		return locator.URL{}, &Error{URL: u.String(), Kind: KindProtocol, Code: "http-location", Rule: "RFC 2068 §10.3",
			Message: "the Location field is longer than " + strconv.Itoa(MaxLine) + " bytes"}
	}
	ref, err := locator.Parse(loc)
	if err != nil {
		return locator.URL{}, &Error{URL: u.String(), Kind: KindProtocol, Code: "http-location", Rule: "RFC 2068 §10.3",
			Message: "the Location " + display.Quote(loc) + " is not a URL", Err: err}
	}
	abs, err := locator.Resolve(u, ref, locator.ModeRFC3986)
	if err != nil {
		return locator.URL{}, &Error{URL: u.String(), Kind: KindProtocol, Code: "http-location", Rule: "RFC 3986 §5.2",
			Message: "cannot resolve the Location " + display.Quote(loc), Err: err}
	}
	next, err := locator.ParseAs(abs.String(), locator.RFC1738)
	if err != nil {
		return locator.URL{}, &Error{URL: u.String(), Kind: KindProtocol, Code: "http-location", Rule: "RFC 1738 §5",
			Message: "the Location " + display.Quote(loc) + " is not a URL", Err: err}
	}
	if n := strings.ToLower(next.Scheme()); n != "http" && n != "https" {
		return locator.URL{}, &Error{URL: u.String(), Kind: KindSafety, Code: "redirect-scheme", Rule: "RFC 1738 §6",
			Message: "the server redirects to a " + display.Quote(n) + " URL, " + display.Quote(next.String()) + "; locator follows redirects to http and https only"}
	}
	return next, nil
}

// httpRoundTrip sends one request for u, to its gateway when it has one, and reads the
// response's status line and header fields. The caller closes the returned closer.
func (c *Client) httpRoundTrip(ctx context.Context, u locator.URL, r *Result) (*http.Response, io.Closer, error) {
	var p scheme.Plan
	var err error
	var secure bool
	dialScheme := strings.ToLower(u.Scheme())
	if via, ok := c.proxyFor(u); ok {
		gw, gerr := parseGateway(u.String(), via)
		if gerr != nil {
			return nil, nil, gerr
		}
		p, err = scheme.GatewayPlan(u, gw.host, gw.port)
		if err != nil {
			return nil, nil, planError(u.String(), err)
		}
		if c.opts.Offset > 0 {
			return nil, nil, &Error{URL: u.String(), Kind: KindInvalid, Code: "gateway-offset", Rule: "RFC 1738 §4",
				Message: "resuming a transfer (an offset) through a gateway is not supported"}
		}
		r.Via = via
		secure, dialScheme = gw.secure, gw.scheme
		dialog{c, r}.remark("through the gateway %s (RFC 1738 §4)", via)
	} else {
		if dialScheme != "http" && dialScheme != "https" {
			return nil, nil, &Error{URL: u.String(), Kind: KindNoClient, Code: "no-client", Rule: "RFC 1738 §4",
				Message: "no gateway for " + display.Quote(dialScheme) + " URLs (Options.Proxies)"}
		}
		p, err = scheme.PlanFor(u)
		if err != nil {
			return nil, nil, planError(u.String(), err)
		}
		if c.opts.Offset > 0 {
			h, err := scheme.ParseHTTP(u)
			if err == nil {
				p, err = h.PlanWith(scheme.HTTPOptions{Offset: c.opts.Offset})
			}
			if err != nil {
				return nil, nil, planError(u.String(), err)
			}
		}
		secure = dialScheme == "https"
	}
	// One of the host's connection slots (Options.PerHost) for the time of the transfer.
	release, err := c.acquire(ctx, net.JoinHostPort(p.Host, strconv.Itoa(p.Port)))
	if err != nil {
		return nil, nil, canceled(ctx, u.String(), err)
	}
	conn, err := c.dial(ctx, u, dialScheme, p.Host, p.Port)
	if err != nil {
		release()
		return nil, nil, err
	}
	conn = &releaseConn{Conn: conn, release: release}
	if secure {
		cfg := &tls.Config{}
		if c.opts.TLS != nil {
			cfg = c.opts.TLS.Clone()
		}
		if cfg.ServerName == "" {
			cfg.ServerName = p.Host
		}
		tc := tls.Client(conn, cfg)
		if err := tc.HandshakeContext(ctx); err != nil {
			conn.Close()
			return nil, nil, &Error{URL: u.String(), Kind: KindConnect, Code: "tls", Rule: "RFC 2818 §2.1",
				Message: "the TLS handshake with " + display.Quote(p.Host) + " failed", Err: err}
		}
		conn = tc
	}
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	resp, err := c.httpExchange(u, conn, p, r)
	if err != nil {
		stop()
		conn.Close()
		return nil, nil, err
	}
	return resp, closerFunc(func() error { stop(); return conn.Close() }), nil
}

// releaseConn is a connection that gives its host slot back when it is closed (once).
type releaseConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *releaseConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// closerFunc is a function as an io.Closer.
type closerFunc func() error

func (f closerFunc) Close() error { return f() }

// httpExchange writes the plan's lines on conn (each recorded in the dialog) and reads the
// response head with http.ReadResponse, at most maxHeaderBytes of it.
func (c *Client) httpExchange(u locator.URL, conn net.Conn, p scheme.Plan, r *Result) (*http.Response, error) {
	d := dialog{c, r}
	var req []byte
	for _, s := range p.Steps {
		if s.Send == "" && s.Note != "" {
			d.remark("%s", s.Note)
			continue
		}
		if s.Send != "" {
			d.sent(s.Send)
		}
		req = append(append(req, s.Send...), '\r', '\n')
	}
	if _, err := conn.Write(req); err != nil {
		return nil, &Error{URL: u.String(), Kind: KindConnect, Code: "write", Rule: "RFC 1945 §5",
			Message: "cannot send the request", Err: err}
	}
	lim := &headerLimit{r: conn, n: maxHeaderBytes}
	br := bufio.NewReaderSize(lim, 4096)
	for interim := 0; ; interim++ {
		resp, err := http.ReadResponse(br, &http.Request{Method: "GET"})
		if err != nil {
			if lim.n <= 0 {
				return nil, &Error{URL: u.String(), Kind: KindProtocol, Code: "http-header", Rule: "RFC 1945 §6",
					Message: "the response head is longer than " + strconv.Itoa(maxHeaderBytes) + " bytes"}
			}
			return nil, &Error{URL: u.String(), Kind: KindProtocol, Code: "http-response", Rule: "RFC 1945 §6",
				Message: "no valid HTTP response", Err: err}
		}
		d.reply(responseHead(resp))
		switch {
		case resp.StatusCode < 100 || resp.StatusCode > 599:
			// RFC 1945 §6.1.1: "There are 5 values for the first digit" (1 to 5).
			return nil, &Error{URL: u.String(), Kind: KindProtocol, Code: "http-status", Rule: "RFC 1945 §6.1.1",
				Message: "the status code " + strconv.Itoa(resp.StatusCode) + " is not one of the five classes 1xx to 5xx: " + display.Quote(resp.Status),
				Reply:   display.String(resp.Proto + " " + resp.Status)}
		case resp.StatusCode == http.StatusSwitchingProtocols:
			// RFC 2068 §10.1.2: the server switches to the protocol an Upgrade field asked
			// for; locator asks for none, and what follows is not the object.
			return nil, &Error{URL: u.String(), Kind: KindProtocol, Code: "http-101", Rule: "RFC 2068 §10.1.2",
				Message: "the server switches protocols (101), which the request did not ask for",
				Reply:   display.String(resp.Proto + " " + resp.Status)}
		case resp.StatusCode < 200:
			// RFC 2068 §10.1: "A client MUST be prepared to accept one or more 1xx status
			// responses prior to a regular response … Unexpected 1xx status responses MAY be
			// ignored"; the final response follows (the head limit counts them all).
			if interim >= maxInterim {
				return nil, &Error{URL: u.String(), Kind: KindProtocol, Code: "http-interim", Rule: "RFC 2068 §10.1",
					Message: "more than " + strconv.Itoa(maxInterim) + " interim (1xx) responses and no final one",
					Reply:   display.String(resp.Proto + " " + resp.Status)}
			}
			d.remark("an interim response (RFC 2068 §10.1): the final response follows")
			continue
		}
		lim.off = true
		return resp, nil
	}
}

// maxInterim is the most interim (1xx) responses read before the final one (RFC 2068 §10.1).
const maxInterim = 16

// responseHead is the status line and the header fields of resp, one per line, the fields
// in name order.
func responseHead(resp *http.Response) string {
	var b strings.Builder
	b.WriteString(resp.Proto + " " + resp.Status)
	names := make([]string, 0, len(resp.Header))
	for k := range resp.Header {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		for _, v := range resp.Header[k] {
			b.WriteString("\n" + k + ": " + v)
		}
	}
	return b.String()
}

// headerLimit reads from r at most n bytes until off is set (the response head is read).
type headerLimit struct {
	r   io.Reader
	n   int64
	off bool
}

func (h *headerLimit) Read(p []byte) (int, error) {
	if h.off {
		return h.r.Read(p)
	}
	if h.n <= 0 {
		return 0, errors.New("response head too long")
	}
	if int64(len(p)) > h.n {
		p = p[:h.n]
	}
	n, err := h.r.Read(p)
	h.n -= int64(n)
	return n, err
}

// httpBody writes the body of a final response: a status of 400 or above is a refusal
// (KindRefused, "http-404"); Content-Length gives Result.Total, Content-Type Result.Type.
func (c *Client) httpBody(u locator.URL, resp *http.Response, w io.Writer, r *Result) error {
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		return &Error{URL: u.String(), Kind: KindRefused, Code: "http-" + strconv.Itoa(resp.StatusCode), Rule: "RFC 1945 §9",
			Message: "the server answered " + display.Quote(resp.Status), Reply: display.String(resp.Proto + " " + resp.Status)}
	}
	r.Type = resp.Header.Get("Content-Type")
	r.Total = resp.ContentLength // -1 when unknown
	if off := c.opts.Offset; off > 0 {
		if err := c.httpResume(u, resp, r, off); err != nil {
			return err
		}
	}
	if r.Total > c.maxSize() {
		return &Error{URL: u.String(), Kind: KindSafety, Code: "too-large", Rule: "locator's size limit (--max-size)",
			Message: "the server announces " + strconv.FormatInt(r.Total, 10) + " bytes, more than " + strconv.FormatInt(c.maxSize(), 10)}
	}
	b := c.newBody(w, u.String(), r.Total)
	// A buffer larger than io.Copy's 32 KB: fewer reads and writes on a fast transfer.
	_, err := io.CopyBuffer(b, resp.Body, make([]byte, 256<<10))
	b.done(r)
	if err != nil {
		var fe *Error
		if errors.As(err, &fe) {
			return fe
		}
		return &Error{URL: u.String(), Kind: KindProtocol, Code: "http-body", Rule: "RFC 1945 §7.2",
			Message: "the body ended early after " + strconv.FormatInt(b.n, 10) + " bytes", Err: err}
	}
	return nil
}

// httpResume checks the answer to a request with a Range (Options.Offset): a 206 whose
// Content-Range starts at off (RFC 2068 §10.2.7, §14.16), or a 200 with the whole object,
// whose first off bytes are then skipped, so that the output is the object from off on
// either way. Result.Total is the bytes of this transfer.
func (c *Client) httpResume(u locator.URL, resp *http.Response, r *Result, off int64) error {
	if resp.StatusCode == http.StatusPartialContent {
		cr := resp.Header.Get("Content-Range")
		rest, ok := strings.CutPrefix(cr, "bytes ")
		start, _, ok2 := strings.Cut(rest, "-")
		if n, err := strconv.ParseInt(start, 10, 64); !ok || !ok2 || err != nil || n != off {
			return &Error{URL: u.String(), Kind: KindProtocol, Code: "http-range", Rule: "RFC 2068 §14.16",
				Message: "the partial content " + display.Quote(cr) + " does not start at byte " + strconv.FormatInt(off, 10)}
		}
		return nil
	}
	dialog{c, r}.remark("the server sent the whole object: its first %d bytes are skipped", off)
	n, err := io.CopyN(io.Discard, resp.Body, off)
	if err != nil {
		return &Error{URL: u.String(), Kind: KindProtocol, Code: "http-body", Rule: "RFC 1945 §7.2",
			Message: "the object has " + strconv.FormatInt(n, 10) + " bytes, fewer than the offset " + strconv.FormatInt(off, 10), Err: err}
	}
	if r.Total >= 0 {
		r.Total -= off
	}
	return nil
}
