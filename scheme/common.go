package scheme

import (
	"strconv"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// Codes of the views and plans of ftp, http, file, telnet, wais, prospero and afs.
const (
	// CodeBadView: a view's fields cannot be written as a URL of its scheme (a password
	// without a user name, a host holding "/", a typecode other than a, i or d, …).
	CodeBadView locator.Code = "bad-view"
	// CodeNoHost: an access plan must connect to a host and the URL names none.
	CodeNoHost locator.Code = "no-host"
)

// urlPath returns RFC 1738 §3.1 url-path of u: the text after the "/" that ends the login,
// up to the fragment, with its offset; "" when nothing follows the login. Text that follows
// the login without a "/" gives CodeMissingSlash.
func urlPath(u locator.URL) (string, int, error) {
	s, off := afterAuthority(u)
	if s == "" {
		return "", off, nil
	}
	if s[0] != '/' {
		return "", off, &locator.Error{Input: u.String(), Offset: off, Code: CodeMissingSlash,
			Rule: "RFC 1738 §3.1 url-path", Message: "expected \"/\" after the host and port"}
	}
	return s[1:], off + 1, nil
}

// needLogin returns CodeNoAuthority when u has no "//" login (RFC 1738 §3.1).
func needLogin(u locator.URL) error {
	if u.HasAuthority() {
		return nil
	}
	return &locator.Error{Input: u.String(), Offset: len(u.Scheme()) + 1, Code: CodeNoAuthority,
		Rule: "RFC 1738 §3.1", Message: "expected \"//\" and a login after the scheme"}
}

// badView returns a CodeBadView error for the view of scheme name.
func badView(name, msg string) error {
	return &locator.Error{Input: name + ":", Code: CodeBadView, Rule: "RFC 1738 §5 " + name + "url",
		Message: msg}
}

// loginHostStop are bytes a view's Host may not hold: they would end the host or the login
// (RFC 1738 §3.1; RFC 3986 §3.2), or are not allowed at all (RFC 1738 §2.2 controls).
var loginHostStop = pct.Of("/?#@").Union(pct.RFC1738Control)

// checkLoginView reports fields of l that cannot be written as a login: a password without
// a user name (RFC 1738 §3.1 "there is no way to specify a password without specifying a
// user name"), a host that holds a delimiter, a port that is not digits. With userOK false,
// the scheme's production has hostport only and a user name is refused too.
func checkLoginView(name string, l Login, userOK bool) error {
	if !userOK && (l.User != nil || l.Password != nil) {
		return badView(name, "a "+name+" URL has no user name or password (RFC 1738 §5 hostport)")
	}
	if l.User == nil && l.Password != nil {
		return badView(name, "a password without a user name cannot be written (RFC 1738 §3.1)")
	}
	// A broken IP literal ("[::1" or "[a]b") is left to locator.Parse, which refuses it.
	h := l.Host
	bracket := len(h) > 0 && h[0] == '['
	for i := 0; i < len(h); i++ {
		c := h[i]
		if loginHostStop.Contains(c) || (c == ':' && !bracket) {
			return badView(name, "the host holds "+strconvQuote(string(c))+", which would end it (RFC 1738 §3.1)")
		}
		if c == '%' && (i+2 >= len(h) || !pct.IsHex(h[i+1]) || !pct.IsHex(h[i+2])) {
			return badView(name, "the host holds an illegal escape (RFC 1738 §2.2)")
		}
	}
	for i := 0; i < len(l.Port); i++ {
		if !pct.Digit.Contains(l.Port[i]) {
			return badView(name, "the port is not decimal digits (RFC 1738 §3.1)")
		}
	}
	return nil
}

// finish parses the serialization a view's URL method built.
func finish(b []byte) (locator.URL, error) {
	return locator.Parse(string(b))
}

// hasByte reports whether s holds a byte of set.
func hasByte(s string, set pct.Set) bool {
	for i := 0; i < len(s); i++ {
		if set.Contains(s[i]) {
			return true
		}
	}
	return false
}

// connectNote is the first step of a plan that opens a connection.
func connectNote(host string, port int, how string) Step {
	return Step{Note: "connect to " + joinHostPort(host, port) + how}
}

// joinHostPort writes host:port, with brackets around an IPv6 address.
func joinHostPort(host string, port int) string {
	for i := 0; i < len(host); i++ {
		if host[i] == ':' {
			return "[" + host + "]:" + strconv.Itoa(port)
		}
	}
	return host + ":" + strconv.Itoa(port)
}

// rebase moves an error of a view's plan (whose Input is the URL the view rebuilt) onto u,
// the URL the view came from: the same input, the offset of the bad escape or of the host.
func rebase(err error, u locator.URL, bad pct.Set) error {
	e, ok := err.(*locator.Error)
	if !ok {
		return err
	}
	switch e.Code {
	case CodeLineBreak:
		n := decodedControlError(u.String(), bad, "")
		c := *e
		c.Input, c.Offset = n.Input, n.Offset
		return &c
	case CodeNoHost:
		c := *e
		c.Input, c.Offset = u.String(), max(u.Offsets().Host.Start, 0)
		return &c
	case locator.CodeBadPort:
		c := *e
		c.Input, c.Offset = u.String(), max(u.Offsets().Port.Start, 0)
		return &c
	}
	return err
}

// CodePortNotAllowed: a port in a URL whose production has a bare host (RFC 1738 §5 fileurl;
// the 1994 URL draft afsaddress, whose cellname is a hostname).
const CodePortNotAllowed locator.Code = "port-not-allowed"

// hostOnly returns an error when u's authority holds more than a host: a user name
// (CodeUserinfo) or a port (CodePortNotAllowed). rule names the production.
func hostOnly(u locator.URL, rule string) error {
	o := u.Offsets()
	if _, ok := u.User(); ok {
		return &locator.Error{Input: u.String(), Offset: o.User.Start, Code: CodeUserinfo, Rule: rule,
			Message: "no user name or password is allowed here, only a host"}
	}
	if _, ok := u.Port(); ok {
		return &locator.Error{Input: u.String(), Offset: o.Port.Start - 1, Code: CodePortNotAllowed, Rule: rule,
			Message: "no port is allowed here, only a host"}
	}
	return nil
}

// checkHostOnly adds to sk the findings of a bare host: CodeUserinfo, CodePortNotAllowed
// and those of RFC 1738 §5 host (when the host is not empty).
func checkHostOnly(sk *syntax.Sink, u locator.URL, rule string) {
	o := u.Offsets()
	userinfoFinding(sk, u, rule)
	if _, ok := u.Port(); ok {
		sk.Add(locator.Finding{Offset: o.Port.Start - 1, Code: CodePortNotAllowed, Rule: rule,
			Message: "no port is allowed here, only a host", Severity: locator.SeverityError})
	}
	if h := u.Host(); h != "" {
		syntax.CheckHostPort(sk, h, o.Host.Start)
	}
}

// noLoginFinding is the finding for a URL of an RFC 1738 §3.1 scheme without "//".
func noLoginFinding(u locator.URL, rule, msg string) locator.Finding {
	return locator.Finding{Offset: len(u.Scheme()) + 1, Code: CodeNoAuthority, Rule: rule, Message: msg,
		Severity: locator.SeverityError}
}

// slashFinding is the finding for text after the login that does not start with "/".
func slashFinding(off int, rule string) locator.Finding {
	return locator.Finding{Offset: off, Code: CodeMissingSlash, Rule: rule,
		Message: "expected \"/\" after the host", Severity: locator.SeverityError}
}

// planHost returns the host of l for an access plan: decoded, without the brackets of an IP
// literal. An empty host gives CodeNoHost; a decoded byte of bad, CodeLineBreak. The error's
// Input is in, and its Offset the first bad escape of in (or 0).
func planHost(l Login, bad pct.Set, in string) (string, error) {
	h := l.Host
	if len(h) >= 2 && h[0] == '[' && h[len(h)-1] == ']' {
		h = h[1 : len(h)-1]
	}
	d, err := pct.Decode(h)
	if err != nil {
		return "", &locator.Error{Input: in, Code: locator.CodeBadEscape, Rule: pct.Rule, Message: "illegal escape in the host"}
	}
	if d == "" {
		return "", &locator.Error{Input: in, Code: CodeNoHost, Rule: "RFC 1738 §3.1 host",
			Message: "no host to connect to"}
	}
	if hasByte(d, bad) {
		return "", decodedControlError(in, bad, "host")
	}
	return d, nil
}

// decodedControlError returns a CodeLineBreak error for in, at its first escape of a byte of
// bad (outside the fragment); what names the part that holds it. RFC 1738 §6: encoded
// delimiters must not be "unencoded before transmission", which "could be used to simulate an
// extra operation".
func decodedControlError(in string, bad pct.Set, what string) *locator.Error {
	off := 0
	for i := 0; i+2 < len(in) && in[i] != '#'; i++ {
		if in[i] == '%' {
			if c, ok := pct.Unhex(in[i+1], in[i+2]); ok && bad.Contains(c) {
				off = i
				break
			}
		}
	}
	return &locator.Error{Input: in, Offset: off, Code: CodeLineBreak, Rule: "RFC 1738 §6 (encoded delimiters)",
		Message: "the " + what + " decodes to a control character that would be sent unencoded"}
}

// planConnect returns the start of an access plan of scheme to the host and port of l: the
// host by planHost (a decoded byte of bad refused), the port by planPort (def when the URL
// gives none), and a first step that connects to them, how saying over what ([connectNote]).
// Errors have in, the URL, as their Input.
func planConnect(scheme string, l Login, bad pct.Set, def int, in, how string) (Plan, error) {
	host, err := planHost(l, bad, in)
	if err != nil {
		return Plan{}, err
	}
	port, err := planPort(l, def, in)
	if err != nil {
		return Plan{}, err
	}
	return Plan{Scheme: scheme, Host: host, Port: port, Steps: []Step{connectNote(host, port, how)}}, nil
}

// planPort returns the port a plan connects to: l's, or def when the URL gives none. A port
// above 65535 (TCP ports are 16 bits, RFC 793 §3.1) gives locator.CodeBadPort: the plan does
// not fall back to the default.
func planPort(l Login, def int, in string) (int, error) {
	if l.Port == "" {
		return def, nil
	}
	n, err := strconv.Atoi(l.Port)
	if err != nil || n < 0 || n > 65535 {
		return 0, &locator.Error{Input: in, Code: locator.CodeBadPort, Rule: "RFC 793 §3.1 (16-bit ports)",
			Message: "port " + l.Port + " is above 65535"}
	}
	return n, nil
}
