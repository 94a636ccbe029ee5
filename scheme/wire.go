package scheme

import (
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/pct"
)

// AppendWire appends to dst the bytes the client sends for the access plan of u, as
// [PlanFor] returns it: what its [Plan.Wire] gives, each line sent followed by CR LF. It
// returns the extended slice and the plan's Scheme, Host, Port and Path, without its Steps
// (nil). On an error, the one PlanFor returns, dst is returned as it was and the Plan is
// the zero value.
//
// It is for programs that plan many URLs and want the lines, not the steps' notes: for the
// common http, https and file URLs (a host of letters, digits, "-", ".", "_", "~" or
// non-ASCII bytes, no user name; for http a port of at most five digits and a path and
// search without an illegal escape) it builds no steps, no notes and no view, and it
// allocates nothing but, for a file path with escapes, the decoded path. Other URLs go
// through PlanFor.
func AppendWire(dst []byte, u locator.URL) ([]byte, Plan, error) {
	if b, _ := behind(u); b.HasScheme() {
		var p Plan
		var ok bool
		switch s := b.Scheme(); {
		case len(s) == 4 && b.IsScheme("http"):
			dst, p, ok = appendHTTPWire(dst, b, "http", 80)
		case len(s) == 5 && b.IsScheme("https"):
			dst, p, ok = appendHTTPWire(dst, b, "https", 443)
		case len(s) == 4 && b.IsScheme("file"):
			p, ok = fileWire(b)
		}
		if ok {
			return dst, p, nil
		}
	}
	p, err := PlanFor(u)
	if err != nil {
		return dst, Plan{}, err
	}
	for _, s := range p.Steps {
		if s.Send == "" && s.Note != "" {
			continue // as Wire: a step that only notes sends nothing
		}
		dst = append(dst, s.Send...)
		dst = append(dst, '\r', '\n')
	}
	p.Steps = nil
	return dst, p, nil
}

// wireHostOK reports whether h, a host as written, is one the fast paths of AppendWire
// take: not empty, and of letters, digits, "-", ".", "_", "~" and non-ASCII bytes only. It
// then decodes to itself (no "%"), holds no byte a plan refuses (RFC 1738 §6, no control),
// no delimiter that would end it (RFC 1738 §3.1), and is no IP literal: what HTTP.Plan and
// File.Plan check of a host passes, and their plans show it as written.
func wireHostOK(h string) bool {
	if h == "" {
		return false
	}
	for i := 0; i < len(h); i++ {
		if !wireHostClass.Contains(h[i]) {
			return false
		}
	}
	return true
}

// wireHostClass are the bytes of a host the fast paths of AppendWire take (see wireHostOK):
// RFC 3986 §3.2.2 unreserved and RFC 1738 §2.2's non-ASCII octets (an IDN host as written).
var wireHostClass = pct.Range('a', 'z').Union(pct.Range('A', 'Z')).Union(pct.Digit).With("-._~").Union(pct.RFC1738NonASCII)

// appendHTTPWire is AppendWire for an http or https URL u (behind any "URL:" prefix) whose
// scheme is name with default port def, when it can go without HTTP.Plan; ok is false
// otherwise, and dst is then as it was. It writes what HTTP.PlanWith with no options
// sends: "GET <target> HTTP/1.0" (RFC 1945 §5.1), "Host: <host>[:<port>]" (RFC 2068
// §14.23), and the empty line that ends the request (RFC 1945 §5). The target is the path
// ("/" when empty) and the search as written, with the bytes a request line cannot carry
// percent-encoded (httpTargetKeep): what HTTP.URL writes, which encodes controls and an
// illegal "%", put through pct.Encode, when the path and search hold no illegal escape.
func appendHTTPWire(dst []byte, u locator.URL, name string, def int) ([]byte, Plan, bool) {
	if !u.HasAuthority() {
		return dst, Plan{}, false
	}
	if _, ok := u.Userinfo(); ok {
		return dst, Plan{}, false // a note says the user name is not sent: PlanFor
	}
	host := u.Host()
	if !wireHostOK(host) {
		return dst, Plan{}, false
	}
	portText, _ := u.Port()
	port := def
	if portText != "" {
		// planPort: 1 to 65535 (RFC 793 §3.1); more digits than five go through PlanFor.
		if len(portText) > 5 {
			return dst, Plan{}, false
		}
		port = 0
		for i := 0; i < len(portText); i++ {
			c := portText[i]
			if c < '0' || c > '9' {
				return dst, Plan{}, false
			}
			port = port*10 + int(c-'0')
		}
		if port == 0 || port > 65535 {
			return dst, Plan{}, false
		}
	}
	path := u.Path()
	if path != "" && path[0] != '/' {
		return dst, Plan{}, false
	}
	query, hasQuery := u.Query()
	if !wireTargetOK(path) || (hasQuery && !wireTargetOK(query)) || strings.IndexByte(path, '?') >= 0 {
		return dst, Plan{}, false
	}
	dst = append(dst, "GET "...)
	if path == "" {
		dst = append(dst, '/')
	} else {
		dst = pct.AppendEncode(dst, path, httpTargetKeep)
	}
	if hasQuery {
		dst = append(dst, '?')
		dst = pct.AppendEncode(dst, query, httpTargetKeep)
	}
	dst = append(dst, " HTTP/1.0\r\nHost: "...)
	dst = append(dst, host...)
	if portText != "" {
		dst = append(dst, ':')
		dst = append(dst, portText...)
	}
	dst = append(dst, "\r\n\r\n"...)
	return dst, Plan{Scheme: name, Host: host, Port: port}, true
}

// wireTargetOK reports whether s, an http path or search as written, holds no "#" and no "%"
// that does not start an escape "%HH" (RFC 1738 §2.2): then HTTP.URL writes it as it is but
// for controls, which it encodes as pct.Encode would.
func wireTargetOK(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '#':
			return false
		case '%':
			if i+2 >= len(s) || !pct.IsHex(s[i+1]) || !pct.IsHex(s[i+2]) {
				return false
			}
		}
	}
	return true
}

// fileWire is AppendWire for a file URL u (behind any "URL:" prefix) when it can go without
// File.Plan; ok is false otherwise. A file URL sends nothing (RFC 1738 §3.10); the plan is
// its local path, decoded, and the host unless it is "" or "localhost".
func fileWire(u locator.URL) (Plan, bool) {
	var host, s string
	if u.HasAuthority() {
		if _, ok := u.Userinfo(); ok {
			return Plan{}, false
		}
		if _, ok := u.Port(); ok {
			return Plan{}, false
		}
		host = u.Host()
		if host != "" && !wireHostOK(host) {
			return Plan{}, false
		}
		s, _ = afterAuthority(u)
	} else {
		s = u.SchemePart()
	}
	if s != "" && s[0] != '/' {
		return Plan{}, false
	}
	if encodedSeparator(s, 0, true) >= 0 {
		return Plan{}, false // PlanFor refuses "%2F" (fileEncodedSeparator, RFC 8089 §5)
	}
	d, err := pct.Decode(s)
	if err != nil || hasByte(d, fileBad) {
		return Plan{}, false
	}
	p := Plan{Scheme: "file", Path: d}
	if host != "" && !strings.EqualFold(host, "localhost") {
		p.Host = host
	}
	return p, true
}
