package scheme

import (
	"strconv"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// HTTP is the typed view of an http URL (RFC 1738 §3.3), or of an https URL (RFC 2818 §2.4,
// the same syntax over TLS, port 443):
//
//	http://<host>:<port>/<path>?<searchpart>
//
// Path and Search are kept as written, still encoded: in them "/", ";" and "?" are reserved
// (RFC 1738 §3.3), so decoding would lose what the server must see. Path is RFC 1738 §5 hpath,
// without the "/" that ends the host and port (§3.1). Search is nil when there is no "?".
//
// RFC 1738 allows no user name or password in an http URL (§3.3); the view keeps one that a
// URL has, so that nothing is lost, and [Check] reports it (CodeUserinfo).
//
// The zero value has no host and so no access plan.
type HTTP struct {
	Login
	Path   string  `json:"path"`             // hpath as written, without the leading "/"
	Search *string `json:"search"`           // the searchpart as written, without "?"; nil when absent
	Secure bool    `json:"secure,omitempty"` // https (RFC 2818) rather than http
}

var (
	// httpSegmentChars is what RFC 1738 §5 hsegment allows unencoded:
	// *[ uchar | ";" | ":" | "@" | "&" | "=" ].
	httpSegmentChars = pct.RFC1738Uchar.With(";:@&=")
	// httpSearchChars is what RFC 1738 §5 search allows unencoded:
	// *[ uchar | ";" | ":" | "@" | "&" | "=" ].
	httpSearchChars = pct.RFC1738Uchar.With(";:@&=")
	// httpTargetKeep is what an HTTP/1.0 request line may carry unencoded: printable US-ASCII
	// without space (RFC 1945 §5.1, Request-Line = Method SP Request-URI SP HTTP-Version) and
	// without "#" (the fragment is never sent, RFC 1945 §3.2.1).
	httpTargetKeep = pct.Range(0x21, 0x7e).Without("#")
	// httpControl are the bytes an http host may not decode to in a plan.
	httpControl = pct.RFC1738Control
)

func init() {
	for _, s := range []struct {
		info   locator.SchemeInfo
		secure bool
	}{
		{locator.SchemeInfo{Name: "http", DefaultPort: 80, Hierarchical: true, Source: "RFC 1738 §3.3"}, false},
		// RFC 2818 §2.4: https is http over TLS on port 443. RFC 1738 does not define https;
		// its check applies http's rules (RFC 1738 §5 httpurl) and nothing more.
		{locator.SchemeInfo{Name: "https", DefaultPort: 443, Hierarchical: true, Source: "RFC 2818 §2.4"}, true},
	} {
		register(Scheme{
			SchemeInfo: s.info,
			View:       func(u locator.URL) (View, error) { return ParseHTTP(u) },
			Check:      checkHTTP,
			Plan: func(u locator.URL) (Plan, error) {
				h, err := ParseHTTP(u)
				if err != nil {
					return Plan{}, err
				}
				p, err := h.Plan()
				return p, rebase(err, u, httpControl)
			},
		})
	}
}

// ParseHTTP returns the http view of u, whose scheme is http or https. It fails on another
// scheme (CodeWrongScheme) and when u has no "//" login (CodeNoAuthority). A "?" right after
// the host ("http://host?q") is read as a search with an empty path.
func ParseHTTP(u locator.URL) (HTTP, error) {
	if b, off := behind(u); off > 0 {
		v, err := ParseHTTP(b)
		return v, shiftErr(err, u, off)
	}
	var h HTTP
	if !u.IsScheme("https") {
		if err := wrongScheme(u, "http"); err != nil {
			return h, err
		}
	} else {
		h.Secure = true
	}
	if err := needLogin(u); err != nil {
		return h, err
	}
	l, err := parseLogin(u)
	if err != nil {
		return h, err
	}
	h.Login = l
	if p := u.Path(); p != "" {
		h.Path = p[1:] // with an authority, a non-empty path starts with "/"
	}
	if q, ok := u.Query(); ok {
		h.Search = &q
	}
	return h, nil
}

// Scheme returns "http", or "https" for a secure view.
func (h HTTP) Scheme() string {
	if h.Secure {
		return "https"
	}
	return "http"
}

// appendWritten appends s, text meant to be written as is, encoding only what would change
// how the URL splits: the bytes of stop, controls (RFC 1738 §2.2), and a "%" that does not
// start an escape (written "%25").
func appendWritten(b []byte, s string, stop pct.Set) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case stop.Contains(c) || pct.RFC1738Control.Contains(c):
			b = pct.AppendEncode(b, s[i:i+1], pct.Set{})
		case c == '%' && (i+2 >= len(s) || !pct.IsHex(s[i+1]) || !pct.IsHex(s[i+2])):
			b = append(b, "%25"...)
		default:
			b = append(b, c)
		}
	}
	return b
}

// URL returns the http (or https) URL of h. Path and Search are written as they are, except
// for what would change the split: "?" and "#" in the path, "#" in the search, controls, and
// a "%" that starts no escape. The "/" after the login is always written (RFC 1738 §3.3 lets
// it be omitted only when there is neither path nor search). It fails (CodeBadView) on a
// password without a user name or a host or port that cannot be written.
func (h HTTP) URL() (locator.URL, error) {
	if err := checkLoginView(h.Scheme(), h.Login, true); err != nil {
		return locator.URL{}, err
	}
	b := append([]byte(h.Scheme()), ':')
	b = appendLogin(b, h.Login)
	b = append(b, '/')
	b = appendWritten(b, h.Path, pct.Of("?#"))
	if h.Search != nil {
		b = append(b, '?')
		b = appendWritten(b, *h.Search, pct.Of("#"))
	}
	return finish(b)
}

// Plan returns the HTTP/1.0 request h stands for: connect to the host (port 80, or 443 for
// https, which first starts TLS, RFC 2818 §2.1), send "GET /<hpath>[?<search>] HTTP/1.0" and
// an empty line (RFC 1945 §5, a Full-Request with no headers). The request target is the
// path and search as written, with space, controls and non-ASCII bytes percent-encoded since
// a request line cannot carry them (RFC 1945 §5.1); the fragment is never sent.
//
// A "Host:" header line follows the request line: HTTP/1.0 (RFC 1945), the HTTP of RFC 1738's
// time, defines none, but today's virtually hosted servers need it (RFC 2068 §14.23: the host
// and, when the URL gives one, the port). It is what locator get sends, so the plan is the
// wire. A user name or password in the URL is not sent (RFC 1738 §3.3 allows none); a note
// says so.
func (h HTTP) Plan() (Plan, error) { return h.PlanWith(HTTPOptions{}) }

// HTTPOptions are what a retrieval adds to an http plan.
type HTTPOptions struct {
	// Offset, when above 0, asks for the object from this byte on, to resume a transfer: a
	// "Range: bytes=<Offset>-" header line (RFC 2068 §14.36).
	Offset int64
}

// PlanWith returns the request of Plan with the header lines o asks for, before the empty
// line that ends the request.
func (h HTTP) PlanWith(o HTTPOptions) (Plan, error) {
	u, err := h.URL()
	if err != nil {
		return Plan{}, err
	}
	def, how := 80, " (RFC 1738 §3.3: port 80 unless the URL gives one)"
	if h.Secure {
		def, how = 443, " and start TLS (RFC 2818 §2.1; port 443 unless the URL gives one, §2.3)"
	}
	p, err := planConnect(h.Scheme(), h.Login, httpControl, def, u.String(), how)
	if err != nil {
		return Plan{}, err
	}
	if h.User != nil {
		p.Steps = append(p.Steps, Step{Note: "the URL's user name and password are not sent: RFC 1738 §3.3 allows none"})
	}
	target, _ := afterAuthority(u)
	p.Steps = append(p.Steps,
		Step{Send: "GET " + pct.Encode(target, httpTargetKeep) + " HTTP/1.0", Note: "HTTP/1.0 request line (RFC 1945 §5.1)"},
		Step{Send: "Host: " + httpHostHeader(p.Host, h.Port), Note: "the host the request is for (RFC 2068 §14.23)"})
	if o.Offset > 0 {
		p.Steps = append(p.Steps, Step{Send: "Range: bytes=" + strconv.FormatInt(o.Offset, 10) + "-",
			Note: "resume: the object from this byte on (RFC 2068 §14.36)"})
	}
	p.Steps = append(p.Steps, Step{}) // the empty line that ends the request (RFC 1945 §5)
	return p, nil
}

// httpHostHeader is the value of a Host header (RFC 2068 §14.23): host, in brackets when it
// is an IPv6 address, without its zone ("%lo", which only the connection uses: RFC 6874 §4,
// "An HTTP client, proxy, or other intermediary MUST remove any ZoneID attached to an
// outgoing URI, as it has only local significance at the sending host"), and ":port" when
// the URL gives a port.
func httpHostHeader(host, port string) string {
	if strings.IndexByte(host, ':') >= 0 {
		if i := strings.IndexByte(host, '%'); i >= 0 {
			host = host[:i]
		}
		host = "[" + host + "]"
	}
	if port != "" {
		host += ":" + port
	}
	return host
}

// withoutZone returns the URL s without the zone of an IPv6 literal host ("[fe80::1%25lo]" →
// "[fe80::1]"): RFC 6874 §4, "An HTTP client, proxy, or other intermediary MUST remove any
// ZoneID attached to an outgoing URI, as it has only local significance at the sending host".
func withoutZone(s string) string {
	i := strings.Index(s, "://")
	if i < 0 {
		return s
	}
	auth := s[i+3:]
	if e := strings.IndexAny(auth, "/?#"); e >= 0 {
		auth = auth[:e]
	}
	open := strings.IndexByte(auth, '[')
	shut := strings.IndexByte(auth, ']')
	if open < 0 || shut < open {
		return s
	}
	z := strings.IndexByte(auth[open:shut], '%')
	if z < 0 {
		return s
	}
	at := i + 3 + open + z
	return s[:at] + s[i+3+shut:]
}

// GatewayPlan returns the request that fetches u through an HTTP gateway at gwHost:gwPort
// (RFC 1738 §4: a gateway locator; the CERN proxy convention that libwww and lynx follow for
// http_proxy, ftp_proxy, gopher_proxy, …): connect to the gateway, send "GET <the whole URL>
// HTTP/1.0" with the URL's fragment and an IPv6 zone (RFC 6874 §4) removed and the bytes a
// request line cannot carry
// percent-encoded (RFC 1945 §5.1), a "Host:" header naming the URL's own host when it has one
// (RFC 2068 §14.23), and an empty line. The URL's own plan is checked first, so that a URL
// whose access locator refuses (a decoded CR or LF bound for a protocol line, RFC 1738 §6) is
// not handed to a gateway that would decode it.
func GatewayPlan(u locator.URL, gwHost string, gwPort int) (Plan, error) {
	own, err := PlanFor(u)
	if err != nil {
		return Plan{}, err
	}
	if gwPort < 1 || gwPort > 65535 {
		// As planPort: no TCP connection can be made to port 0 or above 65535.
		return Plan{}, &locator.Error{Input: u.String(), Code: locator.CodeBadPort, Rule: "RFC 793 §3.1 (16-bit ports, 0 reserved)",
			Message: "the gateway's port " + strconv.Itoa(gwPort) + " is not 1 to 65535"}
	}
	target := withoutZone(u.WithoutFragment().String())
	p := Plan{Scheme: own.Scheme, Host: gwHost, Port: gwPort, Steps: []Step{
		connectNote(gwHost, gwPort, " (the gateway for "+strconvQuote(own.Scheme)+" URLs, RFC 1738 §4)"),
		{Send: "GET " + pct.Encode(target, httpTargetKeep) + " HTTP/1.0", Note: "the whole URL in the request line (RFC 1945 §5.1; RFC 1738 §4)"},
	}}
	if own.Host != "" {
		port := ""
		if pn, ok := u.Port(); ok && pn != "" {
			port = pn
		}
		p.Steps = append(p.Steps, Step{Send: "Host: " + httpHostHeader(own.Host, port), Note: "the host the request is for (RFC 2068 §14.23)"})
	}
	p.Steps = append(p.Steps, Step{}) // the empty line that ends the request (RFC 1945 §5)
	return p, nil
}

// checkHTTP is the Check of the registry: checkHTTPTo into a Sink of its own.
func checkHTTP(u locator.URL) []locator.Finding {
	var sk syntax.Sink
	checkHTTPTo(&sk, u)
	return sk.Findings()
}

// checkHTTPTo checks u against RFC 1738 §5 httpurl = "http://" hostport [ "/" hpath [ "?" search
// ]]; https URLs are held to the same rules. The findings go into sk.
func checkHTTPTo(sk *syntax.Sink, u locator.URL) {
	if !u.HasAuthority() {
		sk.Add(locator.Finding{Offset: len(u.Scheme()) + 1, Code: CodeNoAuthority, Rule: "RFC 1738 §5 httpurl",
			Message: "an http URL is \"http://\" hostport [ \"/\" hpath [ \"?\" search ]]", Severity: locator.SeverityError})
		return
	}
	o := u.Offsets()
	userinfoFinding(sk, u, "RFC 1738 §5 httpurl")
	syntax.CheckHostPort(sk, u.HostPort(), o.Host.Start)
	if p := u.Path(); p != "" {
		// hpath = hsegment *[ "/" hsegment ]
		syntax.CheckClass(sk, p[1:], o.Path.Start+1, httpPathClass, "RFC 1738 §5 hsegment")
	}
	if q, ok := u.Query(); ok {
		if u.Path() == "" {
			sk.Add(locator.Finding{Offset: o.Query.Start - 1, Code: CodeHTTPSearchNoPath, Rule: "RFC 1738 §5 httpurl",
				Message: "a search follows \"/\" hpath: write \"/?\"", Severity: locator.SeverityError})
		}
		syntax.CheckClass(sk, q, o.Query.Start, httpSearchClass, "RFC 1738 §5 search")
	}
}
