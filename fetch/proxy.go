package fetch

import (
	"context"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/scheme"
)

// proxySchemes are the schemes whose gateway ProxiesFromEnvironment reads, each from the
// variable "<scheme>_proxy" as libwww (HTAccess.c, "gateway" and "proxy" variables) and lynx
// (lynx.cfg, "http_proxy" … "wais_proxy") read them.
var proxySchemes = []string{"http", "https", "ftp", "gopher", "news", "nntp", "wais"}

// noGateway are the schemes never sent to a gateway: a local file, an interactive session, a
// message to submit, a message at hand. RFC 1738 §4 gateways retrieve objects.
var noGateway = map[string]bool{"file": true, "telnet": true, "mailto": true, "mid": true, "cid": true, "afs": true}

// ProxiesFromEnvironment returns the gateways of the environment (RFC 1738 §4), as libwww and
// lynx read them, for Options.Proxies and Options.NoProxy: a map from a scheme to its gateway's
// URL, read from http_proxy, https_proxy, ftp_proxy, gopher_proxy, news_proxy, nntp_proxy and
// wais_proxy, and the no_proxy list.
//
// Precedence: the lower-case variable, then the upper-case one (HTTP_PROXY, NO_PROXY, …); an
// empty value counts as unset. Upper-case HTTP_PROXY is ignored when REQUEST_METHOD is set:
// in a CGI program it comes from the request's "Proxy:" header (the "httpoxy" problem, as
// curl and Go's net/http handle it).
func ProxiesFromEnvironment() (map[string]string, string) {
	m := map[string]string{}
	cgi := os.Getenv("REQUEST_METHOD") != ""
	for _, s := range proxySchemes {
		v := os.Getenv(s + "_proxy")
		if v == "" && !(cgi && s == "http") {
			v = os.Getenv(strings.ToUpper(s) + "_PROXY")
		}
		if v != "" {
			m[s] = v
		}
	}
	no := os.Getenv("no_proxy")
	if no == "" {
		no = os.Getenv("NO_PROXY")
	}
	return m, no
}

// proxyFor returns the gateway u goes through (Options.Proxies, Options.NoProxy) and whether
// there is one.
func (c *Client) proxyFor(u locator.URL) (string, bool) {
	name := strings.ToLower(u.Scheme())
	via := c.opts.Proxies[name]
	if via == "" || noGateway[name] {
		return "", false
	}
	port := 0
	if n, ok := u.PortNumber(); ok {
		port = n
	} else if info, ok := scheme.Lookup(name); ok {
		port = info.DefaultPort
	}
	if noProxyMatch(c.opts.NoProxy, u.Hostname(), port) {
		return "", false
	}
	return via, true
}

// noProxyMatch reports whether host (and port, the URL's or its scheme's default) is in the no_proxy
// list: entries separated by commas or spaces; "*" matches every host; an entry "name" or
// ".name" matches the host name and every name that ends with "." and it (lynx's and curl's
// suffix rule); "name:port" matches that port only. Names compare without case; IP addresses
// must be written as in the URL.
func noProxyMatch(list, host string, port int) bool {
	host = strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
	if host == "" {
		return false
	}
	for _, e := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		if e == "*" {
			return true
		}
		e = strings.ToLower(e)
		want := 0 // the entry's port, 0 for any
		if i := strings.LastIndexByte(e, ':'); i >= 0 && (strings.HasPrefix(e, "[") && e[i-1] == ']' || strings.Count(e, ":") == 1) {
			p, err := strconv.Atoi(e[i+1:])
			if err != nil {
				continue
			}
			want, e = p, e[:i]
		}
		if want != 0 && want != port {
			continue
		}
		e = strings.TrimSuffix(strings.Trim(e, "[]"), ".")
		e = strings.TrimPrefix(e, "*")
		e = strings.TrimPrefix(e, ".")
		if e == "" {
			continue
		}
		if host == e || strings.HasSuffix(host, "."+e) {
			return true
		}
	}
	return false
}

// gateway is the parsed URL of a gateway.
type gateway struct {
	scheme string // "http" or "https"
	host   string
	port   int
	secure bool
}

// parseGateway reads a gateway's URL ("http://host:port/", or "host:port" as the proxy
// variables often give it); url is the URL being fetched, for the error.
func parseGateway(url, via string) (gateway, error) {
	s := via
	if !strings.Contains(s, "://") {
		s = "http://" + s
	}
	g, err := locator.Parse(s)
	bad := func(why string) (gateway, error) {
		return gateway{}, &Error{URL: url, Kind: KindInvalid, Code: "gateway", Rule: "RFC 1738 §4",
			Message: "the gateway " + display.Quote(via) + " " + why, Err: err}
	}
	if err != nil {
		return bad("is not a URL")
	}
	gw := gateway{scheme: strings.ToLower(g.Scheme()), host: g.Hostname()}
	switch gw.scheme {
	case "http":
		gw.port = 80
	case "https":
		gw.port, gw.secure = 443, true
	default:
		return bad("is not an http or https URL (a gateway is reached by an HTTP GET of the whole URL)")
	}
	if gw.host == "" {
		return bad("has no host")
	}
	if p, ok := g.Port(); ok && p != "" {
		n, perr := strconv.Atoi(p)
		if perr != nil || n < 1 || n > 65535 {
			return bad("has a bad port: a port is 1 to 65535 (RFC 793 §3.1; 0 is reserved)")
		}
		gw.port = n
	}
	return gw, nil
}

// getViaProxy fetches u through the gateway via: an HTTP GET of the whole URL (RFC 1738 §4;
// the CERN proxy convention, "GET gopher://host/1/ HTTP/1.0"), built by scheme.GatewayPlan,
// which first checks the URL's own plan so that a URL locator would refuse (RFC 1738 §6) is
// not handed to a gateway either.
func (c *Client) getViaProxy(ctx context.Context, via string, u locator.URL, w io.Writer, r *Result) error {
	return c.httpFetch(ctx, u, w, r)
}

// GatewayPlan returns the plan of what Get sends for rawURL when it goes through a gateway
// (RFC 1738 §4): the gateway's URL and scheme.GatewayPlan's request ("GET <the whole URL>
// HTTP/1.0" to the gateway's host and port), with ok true, when Options.Proxies names a
// gateway for rawURL's scheme and Options.NoProxy does not exclude its host; ok is false when
// rawURL goes directly to its own server (and then its own plan, scheme.PlanFor, is what runs).
func (c *Client) GatewayPlan(rawURL string) (via string, p scheme.Plan, ok bool, err error) {
	u, err := locator.ParseAs(rawURL, locator.RFC1738)
	if err != nil {
		return "", scheme.Plan{}, false, notURL(rawURL, err)
	}
	via, ok = c.proxyFor(u)
	if !ok {
		return "", scheme.Plan{}, false, nil
	}
	gw, err := parseGateway(rawURL, via)
	if err != nil {
		return via, scheme.Plan{}, true, err
	}
	p, err = scheme.GatewayPlan(u, gw.host, gw.port)
	if err != nil {
		return via, scheme.Plan{}, true, planError(rawURL, err)
	}
	return via, p, true, nil
}
