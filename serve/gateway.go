package serve

import (
	"context"
	"errors"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/scheme"
	"github.com/locator-url/locator/whatwg"
)

// Prefixes of the gateway's own paths besides the path form "/URL".
const (
	// gatewayPath is the form of the gateway that takes the URL as ?url=… (with ?search=… for a
	// gopher search item, ?ask=1&a1=…&a2=… for a Gopher+ ASK form).
	gatewayPath = "/gateway"
	// rawPath streams the object's bytes as they are ("/raw/URL" or "/raw?url=URL"), the
	// download link of a page.
	rawPath = "/raw"
)

// gwRequest is one access of the gateway: the URL to fetch and how to answer.
type gwRequest struct {
	url   string // the URL as the user (or the page's link) gave it
	raw   bool   // stream the object as it is (a download), never a page
	proxy bool   // the proxy form: the object's bytes exactly as `locator get` writes them
}

// serveGateway answers the path form: "/gopher://host/1/dir" (the URL as it is after the first
// "/", query included), the URL percent-encoded in the path ("/gopher%3A%2F%2Fhost%2F1%2Fdir"),
// "/gateway?url=URL" (the forms of search items and ASK forms submit there) and "/raw/URL"
// (the object's bytes, for downloading).
func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	q, ok, err := gatewayRequest(r)
	if err != nil {
		s.gwFail(w, r, q, err)
		return
	}
	if !ok {
		s.render(w, http.StatusNotFound, "error", &Page{Title: "Not found", Data: "no such page: " + display.Quote(r.URL.Path)})
		return
	}
	if r.Method == http.MethodPost {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	s.gwAccess(w, r, q)
}

// serveProxy answers the proxy form: the request line names an absolute URL (RFC 1738 §4;
// RFC 7230 §5.3.2, the CERN convention "GET gopher://host/1/ HTTP/1.0"). The answer is the
// object's bytes exactly as `locator get` writes them (listings one entry per line), so that a
// client with gopher_proxy=http://gateway/ gets what a direct access gets; a failure is an
// HTTP error status with the error's text.
func (s *Server) serveProxy(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	s.gwAccess(w, r, gwRequest{url: r.RequestURI, raw: true, proxy: true})
}

// gatewayRequest reads the URL of a path-form request; ok is false when the path names no URL.
func gatewayRequest(r *http.Request) (gwRequest, bool, error) {
	p := r.URL.Path
	if p == gatewayPath || p == rawPath {
		v := r.URL.Query()
		q := gwRequest{url: v.Get("url"), raw: p == rawPath}
		if q.url == "" {
			return q, false, nil
		}
		if v.Has("search") {
			u, err := withSearch(q.url, v.Get("search"))
			return gwRequest{url: u, raw: q.raw}, err == nil, err
		}
		if v.Get("ask") != "" {
			u, err := withAnswers(q.url, v)
			return gwRequest{url: u, raw: q.raw}, err == nil, err
		}
		return q, true, nil
	}
	raw := strings.HasPrefix(p, rawPath+"/")
	rest := strings.TrimPrefix(r.RequestURI, "/")
	if raw {
		rest = strings.TrimPrefix(rest, "raw/")
	}
	if !gwHasScheme(rest) || encodedSlashes(rest) {
		// The URL percent-encoded in the path ("gopher%3A%2F%2Fhost…", or "gopher:%2F%2Fhost…"
		// as url.PathEscape writes it): the decoded path, and the query as it is.
		rest = strings.TrimPrefix(p, "/")
		if raw {
			rest = strings.TrimPrefix(rest, "raw/")
		}
		if r.URL.RawQuery != "" {
			rest += "?" + r.URL.RawQuery
		}
		if !gwHasScheme(rest) {
			return gwRequest{}, false, nil
		}
	}
	return gwRequest{url: rest, raw: raw}, true, nil
}

// encodedSlashes reports whether the scheme of s is followed by "%2F%2F": the "//" of a URL
// percent-encoded in a path, which no URL means literally.
func encodedSlashes(s string) bool {
	_, rest, _ := strings.Cut(s, ":")
	return len(rest) >= 6 && strings.EqualFold(rest[:6], "%2F%2F")
}

// gwHasScheme reports whether s begins with a scheme and ":" (RFC 1738 §2.1: scheme names are
// letters, digits, "+", "-" and "."; RFC 3986 §3.1: beginning with a letter).
func gwHasScheme(s string) bool { return syntax.SchemeLen(s) > 0 }

// withSearch returns the gopher URL raw with the search string query (RFC 1738 §3.4:
// "gopher://host/7selector%09search"), the submission of a type 7 item's form.
func withSearch(raw, query string) (string, error) {
	g, err := parseGopher(raw)
	if err != nil {
		return raw, err
	}
	g.Search = &query
	u, err := g.URL()
	if err != nil {
		return raw, lineError(raw, err, "search", "the search string cannot be sent")
	}
	return u.String(), nil
}

// parseGopher reads raw as a gopher URL.
func parseGopher(raw string) (scheme.Gopher, error) {
	u, err := locator.ParseAs(raw, locator.RFC1738)
	if err == nil && !strings.EqualFold(u.Scheme(), "gopher") {
		err = errors.New("not a gopher URL")
	}
	var g scheme.Gopher
	if err == nil {
		g, err = scheme.ParseGopher(u)
	}
	if err != nil {
		return g, &fetch.Error{URL: raw, Kind: fetch.KindInvalid, Code: "gopher", Rule: "RFC 1738 §3.4",
			Message: "a search or a form needs a gopher URL", Err: err}
	}
	return g, nil
}

// withAnswers returns the gopher URL raw of an item with an ASK form, filled out with the
// answers a1, a2, … of v, one per question the form's page asked (v's "ask" is their count):
// RFC 1738 §3.4.9's "+%091%0D%0A+-1%0D%0A…%0D%0A.%0D%0A", the answers as the data block
// (gopher-plus.txt §2.8: "The n responses harvested from the user are sent on to the server
// as the first n lines"; an AskL answer is its count of lines, then the lines, which the page
// sends as "l"+number). A CR or LF in an answer other than an AskL's is refused (RFC 1738 §6),
// as `locator get --form` refuses it.
func withAnswers(raw string, v url.Values) (string, error) {
	g, err := parseGopher(raw)
	if err != nil {
		return raw, err
	}
	n, err := strconv.Atoi(v.Get("ask"))
	if err != nil || n < 0 || n > maxQuestions {
		return raw, &fetch.Error{URL: raw, Kind: fetch.KindInvalid, Code: "form", Rule: "gopher-plus.txt §2.8",
			Message: "the form's answer count is not a number from 0 to " + strconv.Itoa(maxQuestions)}
	}
	lines := []string{}
	for i := 1; i <= n; i++ {
		k := strconv.Itoa(i)
		if v.Has("l" + k) {
			ls := strings.Split(strings.ReplaceAll(v.Get("l"+k), "\r\n", "\n"), "\n")
			lines = append(lines, strconv.Itoa(len(ls)))
			lines = append(lines, ls...)
			continue
		}
		a := v.Get("a" + k)
		if strings.ContainsAny(a, "\r\n") {
			return raw, &fetch.Error{URL: raw, Kind: fetch.KindSafety, Code: "line-break", Rule: "RFC 1738 §6",
				Message: "the answer to question " + k + " holds a line break, which would split the data block"}
		}
		lines = append(lines, a)
	}
	g.GopherPlus, g.Search = nil, nil
	g.Plus = &scheme.GopherPlus{Kind: scheme.GopherPlusItem, Ask: lines}
	u, err := g.URL()
	if err != nil {
		return raw, lineError(raw, err, "form", "the answers cannot be sent")
	}
	return u.String(), nil
}

// lineError is the error of a search or form that scheme.Gopher.URL refused: KindSafety for a
// decoded CR, LF or NUL bound for the request line (RFC 1738 §6, as fetch refuses it),
// KindInvalid with code otherwise.
func lineError(raw string, err error, code, msg string) error {
	var le *locator.Error
	if errors.As(err, &le) && le.Code == scheme.CodeLineBreak {
		return &fetch.Error{URL: raw, Kind: fetch.KindSafety, Code: string(le.Code), Rule: le.Rule, Message: le.Message, Err: err}
	}
	return &fetch.Error{URL: raw, Kind: fetch.KindInvalid, Code: code, Rule: "RFC 1738 §3.4", Message: msg, Err: err}
}

// maxQuestions bounds the questions of an ASK form the gateway answers.
const maxQuestions = 100

// gwCheck is the gateway's own rules, which the gateway's fetch.Client applies
// (fetch.Options.CheckURL) to the URL asked for and to each redirect's target before it is
// dialled: the scheme must be one of Options.Schemes, the host must not be an address in
// another spelling (checkHost), and a port written in the URL must be the scheme's default
// or one of Options.AllowPorts — above 1023 too, where fetch.Policy lets any port pass
// (RFC 1738 §6: a URL can name the port of another service; a gateway dials only the
// default ports unless told otherwise).
func (s *Server) gwCheck(u locator.URL) error {
	raw := u.String()
	name := strings.ToLower(u.Scheme())
	if !s.schemeAllowed(name) {
		return &fetch.Error{URL: raw, Kind: fetch.KindSafety, Code: "scheme", Rule: "locator's gateway policy (--scheme)",
			Message: "the gateway does not fetch " + display.Quote(name) + " URLs; it fetches " + strings.Join(s.opts.Schemes, ", ")}
	}
	if err := s.checkHost(raw, u.Hostname()); err != nil {
		return err
	}
	p, ok := u.Port()
	if !ok || p == "" {
		return nil
	}
	n, err := strconv.Atoi(p)
	if err != nil {
		return nil // fetch's plan refuses it
	}
	if info, ok := scheme.Lookup(name); ok && info.DefaultPort == n && n != 0 {
		return nil
	}
	if slices.Contains(s.opts.AllowPorts, n) {
		return nil
	}
	return &fetch.Error{URL: raw, Kind: fetch.KindSafety, Code: "port", Rule: "RFC 1738 §6; locator's gateway policy (--allow-port)",
		Message: "port " + strconv.Itoa(n) + " is not " + display.Quote(name) + "'s default port: the gateway dials only default ports (allow it with --allow-port " + strconv.Itoa(n) + ")"}
}

// gwLinkable reports whether a listing's item URL raw is linked through the gateway: the
// gateway's rules (gwCheck) let it pass, or it is not a URL (its page then shows why).
func (s *Server) gwLinkable(raw string) bool {
	u, err := locator.ParseAs(raw, locator.RFC1738)
	return err != nil || s.gwCheck(u) == nil
}

// checkHost refuses a host that the WHATWG URL Standard's IPv4 parser (and inet_aton, which
// some resolvers use) reads as an address written otherwise than in dotted decimal, such as
// "0x7f.1" or "2130706433" (127.0.0.1): RFC 1738 §3.1 reads it as a name, so which host it
// names depends on the resolver. Such a host is refused whatever the address; a gateway that
// would ask a resolver cannot know what it gets.
func (s *Server) checkHost(raw, host string) error {
	if host == "" || strings.HasPrefix(host, "[") {
		return nil
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return nil // dotted decimal: the Policy checks it as dialled
	}
	w, err := whatwg.Parse("http://"+host+"/", nil)
	if err != nil {
		return nil
	}
	a, err := netip.ParseAddr(w.Hostname())
	if err != nil || !a.Is4() {
		return nil
	}
	return &fetch.Error{URL: raw, Kind: fetch.KindSafety, Code: "ambiguous-host", Rule: "WHATWG URL, IPv4 parser; RFC 1738 §3.1; locator's gateway policy",
		Message: "the host " + display.Quote(host) + " is the address " + a.String() + " to the WHATWG URL Standard's IPv4 parser and to inet_aton, a name to RFC 1738: the gateway does not guess which"}
}

// gwAccess fetches q.url with the server's client and answers: a page, the object's bytes, or
// an error page.
func (s *Server) gwAccess(w http.ResponseWriter, r *http.Request, q gwRequest) {
	// The gateway's rules (gwCheck) are checked by s.client.Get before it dials (and on each
	// redirect), the one place they are applied.
	release, ok := s.acquire(r)
	if !ok {
		w.Header().Set("Retry-After", "1")
		s.gwFail(w, r, q, errBusy)
		return
	}
	defer release()
	ctx, cancel := context.WithTimeout(r.Context(), s.opts.Timeout)
	defer cancel()
	out := &objectWriter{w: w, listing: !q.raw && expectListing(q.url), raw: q.raw, proxy: q.proxy, url: q.url}
	res, err := s.client.Get(ctx, q.url, out)
	if out.committed {
		if err != nil {
			// The status is sent: cutting the connection is the only way to tell the client
			// that the object is incomplete (net/http aborts the response without a final
			// chunk, or short of its length).
			panic(http.ErrAbortHandler)
		}
		out.flush()
		return
	}
	if err != nil {
		if !q.raw && len(res.Form) > 0 && gwErrorCode(err) == "form" {
			s.renderForm(w, r, q, res)
			return
		}
		s.gwFail(w, r, q, err)
		return
	}
	if !q.raw && res.Listing {
		s.renderListing(w, r, q, res)
		return
	}
	if !q.raw && gwIsText(res, out.buf) {
		s.renderText(w, r, q, res, out.buf)
		return
	}
	out.sendAll(gwContentType(res, out.buf, q.proxy))
}

// errBusy is the error of a request over the upstream limits.
var errBusy = &fetch.Error{Kind: fetch.KindSafety, Code: "busy", Rule: "locator's gateway limits (--max-upstream, --max-per-client)",
	Message: "too many upstream accesses at a time; try again"}

// gwErrorCode is the Code of err's *fetch.Error.
func gwErrorCode(err error) string {
	var fe *fetch.Error
	if errors.As(err, &fe) {
		return fe.Code
	}
	return ""
}

// Status returns the HTTP status the gateway answers a failed access with: invalid URL 400,
// a safety rule 403, no client 501, a connection, refusal or broken protocol 502 (the
// upstream server's reply is shown on the page), a time limit 504, a size limit 502, and the
// gateway's own limits 503.
func Status(err error) int {
	var fe *fetch.Error
	if !errors.As(err, &fe) {
		return http.StatusInternalServerError
	}
	if fe.Code == "busy" {
		return http.StatusServiceUnavailable
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) || fe.Code == "timeout" {
		return http.StatusGatewayTimeout
	}
	switch fe.Kind {
	case fetch.KindInvalid:
		return http.StatusBadRequest
	case fetch.KindSafety:
		if fe.Code == "too-large" || fe.Code == "redirects" {
			return http.StatusBadGateway
		}
		return http.StatusForbidden
	case fetch.KindNoClient:
		return http.StatusNotImplemented
	case fetch.KindConnect, fetch.KindRefused, fetch.KindProtocol:
		return http.StatusBadGateway
	}
	return http.StatusInternalServerError
}

// gwFailure is the data of the error page of a failed access.
type gwFailure struct {
	Status  int
	Kind    string
	Code    string
	Rule    string
	Message string
	Reply   string
	Plan    *scheme.Plan // the access plan, for a scheme without a client
	Detail  string       // the wrapped error's text (display.Clip: bounded), or err.Error() for an error that is not a *fetch.Error
	// AsDir is the page of the URL with a final "/", offered when an FTP server refuses to
	// send a file (550) whose URL may name a directory (RFC 1738 §3.2.2: a client may try
	// the listing; the gateway lets the person choose).
	AsDir string
}

// gwFail answers a failed access: in the proxy form the status and the error's text (what
// `locator get` shows), otherwise the error page.
func (s *Server) gwFail(w http.ResponseWriter, r *http.Request, q gwRequest, err error) {
	status := Status(err)
	if q.proxy {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(display.Clip(err.Error()) + "\n"))
		return
	}
	f := gwFailure{Status: status}
	var fe *fetch.Error
	if errors.As(err, &fe) {
		f.Kind, f.Code, f.Rule, f.Message, f.Reply = fe.Kind.String(), fe.Code, fe.Rule, fe.Message, fe.Reply
		if fe.Kind == fetch.KindNoClient {
			if u, perr := locator.ParseAs(q.url, locator.RFC1738); perr == nil {
				if p, perr := scheme.PlanFor(u); perr == nil {
					f.Plan = &p
				}
			}
		}
		if fe.Code == "ftp-550" && strings.HasPrefix(strings.ToLower(q.url), "ftp:") && !strings.HasSuffix(q.url, "/") && !strings.Contains(q.url, ";") && !strings.Contains(q.url, "?") {
			f.AsDir = gatewayLink(q.url + "/")
		}
		if fe.Err != nil && !strings.Contains(fe.Message, fe.Err.Error()) {
			f.Detail = display.Clip(fe.Err.Error()) // a library's message may quote the whole URL
		}
	} else {
		f.Detail = display.Clip(err.Error())
	}
	s.render(w, status, "gateway-error", &Page{Title: http.StatusText(status), Self: gwSelfURL(r, q), Original: q.url, Data: f})
}

// gwSelfURL is the page's own URL, to show and copy: the gateway's address and the request.
func gwSelfURL(r *http.Request, q gwRequest) string {
	if q.proxy || q.url == "" {
		return ""
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host + gatewayLink(q.url)
}

// gatewayLink is the path, through the gateway, of the page of the URL u: the path form
// "/" + u when a browser keeps it as it is (safeInPath), "/gateway?url=…" otherwise (a URL
// with a dot segment, which a browser removes, or with a "#", which would end the path).
func gatewayLink(u string) string {
	if safeInPath(u) {
		return "/" + u
	}
	return gatewayPath + "?url=" + url.QueryEscape(u)
}

// rawLink is the download link of the URL u.
func rawLink(u string) string {
	if safeInPath(u) {
		return rawPath + "/" + u
	}
	return rawPath + "?url=" + url.QueryEscape(u)
}

// safeInPath reports whether u can follow "/" in a link unchanged, so that the request a
// browser sends for the link names u again, byte for byte:
//
//   - u begins with a scheme and ":" (RFC 3986 §3.1), as the path form reads it: "/" + a
//     string beginning with "/" would be "//host…", a link to another origin (RFC 3986 §4.2,
//     a network-path reference);
//   - no "#" and no byte a browser would encode or drop: controls, space, non-ASCII and the
//     WHATWG URL Standard's path percent-encode set ('"', '<', '>', '^', '`', '{', '}', '\',
//     which a special URL reads as '/', and '|'), and "'", which a special URL's query
//     encodes (the special-query percent-encode set: the gateway's own URL is http or https);
//   - every "%" begins a percent-encoded byte (RFC 3986 §2.1, pct-encoded): Go's net/http
//     refuses a request path with a "%" that does not (400 Bad Request, before the handler);
//   - no single-dot or double-dot path segment: ".", "..", or their spellings with "%2e"
//     (WHATWG URL, "single-dot URL path segment", "double-dot URL path segment": the path
//     state removes them, as RFC 3986 §5.2.4 removes "." and "..").
func safeInPath(u string) bool {
	if !gwHasScheme(u) {
		return false
	}
	for i := 0; i < len(u); i++ {
		c := u[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte("#\"'<>\\^`{|}", c) >= 0 {
			return false
		}
		if c == '%' && (i+2 >= len(u) || !isHex(u[i+1]) || !isHex(u[i+2])) {
			return false
		}
	}
	path, _, _ := strings.Cut(u, "?")
	for _, seg := range strings.Split(path, "/") {
		switch strings.ToLower(seg) {
		case ".", "%2e", "..", ".%2e", "%2e.", "%2e%2e":
			return false
		}
	}
	return true
}

// isHex reports whether c is a hexadecimal digit (RFC 3986 §2.1: HEXDIG).
func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// expectListing reports whether the URL u names a listing (a gopher menu or search, an FTP
// directory, a news group): its bytes are then not kept, only the entries the page shows.
func expectListing(raw string) bool {
	u, err := locator.ParseAs(raw, locator.RFC1738)
	if err != nil {
		return false
	}
	switch strings.ToLower(u.Scheme()) {
	case "gopher":
		g, err := scheme.ParseGopher(u)
		return err == nil && (g.Type == "1" || g.Type == "7") && g.Plus == nil
	case "ftp":
		p := u.Path()
		return p == "" || strings.HasSuffix(p, "/") || strings.HasSuffix(p, ";type=d")
	case "news":
		return !strings.Contains(u.SchemePart(), "@")
	}
	return false
}
