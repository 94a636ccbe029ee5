package scheme

import (
	"net"
	"strconv"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
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

// connectNote is the first step of a plan that opens a connection. The host is shown by
// [shown]: a note never holds a raw decoded byte, nor an unbounded string.
func connectNote(host string, port int, how string) Step {
	return Step{Note: "connect to " + joinHostPort(shown(host), port) + how}
}

// shown returns s for a note or message where quotes would be out of place (a host name
// before ":port", a field name before "="): its display form (internal/display, the one
// escaping function), cut to display.MaxQuote bytes with "…". Decoded values elsewhere are
// quoted by strconvQuote.
func shown(s string) string {
	w, _ := display.Window(s, 0, display.MaxQuote)
	return w
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
//
// A CodeLineBreak error is at the escape of a bad byte in one part of the rebuilt URL (see
// urlPart); that part of u decodes to the same bytes (a view decodes each part, and its URL
// method encodes it back), so the escape of u is the one of the same byte that has as many of
// that byte before it in the part. When that fails, the first escape of a byte of bad in u.
func rebase(err error, u locator.URL, bad pct.Set) error {
	e, ok := err.(*locator.Error)
	if !ok {
		return err
	}
	switch e.Code {
	case CodeLineBreak:
		c := *e
		c.Input, c.Offset = u.String(), -1
		if r, perr := locator.Parse(e.Input); perr == nil && e.Offset >= 0 && e.Offset < r.Len() {
			part := partAt(r, e.Offset)
			s := r.String()
			if b, _, ok := decodedAt(s, e.Offset); ok {
				lo, _ := partSpan(r, part)
				k := decodedCount(s, lo, e.Offset, pct.Of(string(b)))
				ulo, uhi := partSpan(u, part)
				c.Offset = decodedIndex(c.Input, ulo, uhi, k, pct.Of(string(b)))
			}
		}
		if c.Offset < 0 {
			c.Offset = max(0, decodedIndex(c.Input, 0, fragmentStart(u), 0, bad))
		}
		return &c
	case CodeNoHost, locator.CodeBadIPv6, locator.CodeNotImplemented:
		// planHost's errors of the host (planIPLiteral's too) are at its start.
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
// literal. An empty host gives CodeNoHost; a decoded byte of bad, CodeLineBreak; an IP literal
// that is not an IPv6 address, locator.CodeNotImplemented (IPvFuture) or locator.CodeBadIPv6
// (anything else), where the plan would look its text up as a name. The error's Input is in,
// and its Offset the first bad escape of the host in in (or 0; the host's, for a literal).
func planHost(l Login, bad pct.Set, in string) (string, error) {
	h := l.Host
	if len(h) >= 2 && h[0] == '[' && h[len(h)-1] == ']' {
		h = h[1 : len(h)-1]
		if err := planIPLiteral(h, in); err != nil {
			return "", err
		}
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
		return "", decodedControlError(in, partHost, bad, "host")
	}
	return d, nil
}

// planIPLiteral checks the text between the brackets of an IP literal host: RFC 3986 §3.2.2
// IP-literal = "[" ( IPv6address / IPvFuture ) "]". An IPvFuture ("v" and a version) is an
// address mechanism locator does not know ("the application should return an appropriate
// error for 'address mechanism not supported'"), and "[example.org]" or "[192.0.2.1]" is no
// address at all: the plan would connect to the name or address inside, which the URL does
// not designate. A zone ("%25lo", RFC 6874 §2) is left to the connection; an empty one
// ("[fe80::1%25]") is refused (RFC 6874 §2 ZoneID = 1*( unreserved / pct-encoded )).
func planIPLiteral(lit, in string) error {
	off := 0
	if u, err := locator.Parse(in); err == nil {
		off = max(u.Offsets().Host.Start, 0)
	}
	if lit != "" && (lit[0] == 'v' || lit[0] == 'V') {
		return &locator.Error{Input: in, Offset: off, Code: locator.CodeNotImplemented, Rule: "RFC 3986 §3.2.2 IPvFuture",
			Message: "the IP literal has a version flag: address mechanism not supported"}
	}
	addr := lit
	if i := strings.IndexByte(addr, '%'); i >= 0 {
		if addr[i:] == "%25" { // the literal as written: "%25" introduces the zone
			return &locator.Error{Input: in, Offset: off, Code: locator.CodeBadIPv6, Rule: "RFC 6874 §2 ZoneID",
				Message: "the IP literal " + display.Quote("["+lit+"]") + " has an empty zone identifier (ZoneID = 1*( unreserved / pct-encoded ))"}
		}
		addr = addr[:i]
	}
	if !strings.Contains(addr, ":") || net.ParseIP(addr) == nil {
		return &locator.Error{Input: in, Offset: off, Code: locator.CodeBadIPv6, Rule: "RFC 3986 §3.2.2 IP-literal",
			Message: "the IP literal " + display.Quote("["+lit+"]") + " is not an IPv6 address"}
	}
	return nil
}

// decodedControlError returns a CodeLineBreak error for the URL in, at the first escape of a
// byte of bad in its part (or, failing that, anywhere before the fragment; or 0); what names
// the part. RFC 1738 §6: encoded delimiters must not be "unencoded before transmission",
// which "could be used to simulate an extra operation".
func decodedControlError(in string, part urlPart, bad pct.Set, what string) *locator.Error {
	return lineBreakError(in, part, 0, bad, "RFC 1738 §6 (encoded delimiters)",
		"the "+what+" decodes to a control character that would be sent unencoded")
}

// lineBreakError returns a CodeLineBreak error with rule and msg for the URL in, at the first
// escape of a byte of bad in its part at or after offset from (or, failing that, the first
// before the fragment; or 0).
func lineBreakError(in string, part urlPart, from int, bad pct.Set, rule, msg string) *locator.Error {
	off := -1
	if u, err := locator.Parse(in); err == nil {
		lo, hi := partSpan(u, part)
		off = decodedIndex(in, max(lo, from), hi, 0, bad)
		if off < 0 {
			off = decodedIndex(in, 0, fragmentStart(u), 0, bad)
		}
	}
	return &locator.Error{Input: in, Offset: max(off, 0), Code: CodeLineBreak, Rule: rule, Message: msg}
}

// urlPart names a part of a URL whose decoded bytes a plan sends: the user, the password, the
// host, or the rest (see partSpan).
type urlPart int

const (
	partRest urlPart = iota
	partUser
	partPassword
	partHost
)

// partSpan returns the offsets [lo, hi) of part p in u's text: the user, password or host as
// written; for partRest, the text after the authority up to the fragment (path and query:
// gopher, news and nntp read a "?" as part of the path), or after the scheme's ":" when u has
// no authority. An absent part is an empty span.
func partSpan(u locator.URL, p urlPart) (int, int) {
	o := u.Offsets()
	var s locator.Span
	switch p {
	case partUser:
		s = o.User
	case partPassword:
		s = o.Password
	case partHost:
		s = o.Host
	default:
		if u.HasAuthority() {
			t, off := afterAuthority(u)
			return off, off + len(t)
		}
		lo := 0
		if u.HasScheme() {
			lo = len(u.Scheme()) + 1
		}
		return lo, max(lo, fragmentStart(u))
	}
	if s.Start < 0 {
		return 0, 0
	}
	return s.Start, s.End
}

// partAt returns the part of u that holds offset off.
func partAt(u locator.URL, off int) urlPart {
	for _, p := range []urlPart{partUser, partPassword, partHost} {
		if lo, hi := partSpan(u, p); lo <= off && off < hi {
			return p
		}
	}
	return partRest
}

// fragmentStart returns the offset of u's "#", or its length when it has no fragment.
func fragmentStart(u locator.URL) int {
	if f := u.Offsets().Fragment; f.Start > 0 {
		return f.Start - 1
	}
	return u.Len()
}

// decodedAt returns the byte that s decodes to at offset i (an escape "%HH", or the byte as
// written), and the offset after it.
func decodedAt(s string, i int) (byte, int, bool) {
	if i < 0 || i >= len(s) {
		return 0, i, false
	}
	if s[i] == '%' && i+2 < len(s) {
		if c, ok := pct.Unhex(s[i+1], s[i+2]); ok {
			return c, i + 3, true
		}
	}
	return s[i], i + 1, true
}

// decodedIndex returns the offset in s of the k-th (from 0) byte of s[lo:hi] that decodes to a
// byte of bad, or -1.
func decodedIndex(s string, lo, hi, k int, bad pct.Set) int {
	hi = min(hi, len(s))
	for i := max(lo, 0); i < hi; {
		c, next, _ := decodedAt(s, i)
		if bad.Contains(c) {
			if k == 0 {
				return i
			}
			k--
		}
		i = next
	}
	return -1
}

// decodedCount returns how many bytes of s[lo:hi] decode to a byte of bad.
func decodedCount(s string, lo, hi int, bad pct.Set) int {
	n := 0
	hi = min(hi, len(s))
	for i := max(lo, 0); i < hi; {
		c, next, _ := decodedAt(s, i)
		if bad.Contains(c) {
			n++
		}
		i = next
	}
	return n
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
	// Room for the few steps that follow (an HTTP request's lines, a gopher selector, an NNTP
	// dialog): one allocation instead of one per doubling.
	steps := make([]Step, 1, 8)
	steps[0] = connectNote(host, port, how)
	return Plan{Scheme: scheme, Host: host, Port: port, Steps: steps}, nil
}

// planPort returns the port a plan connects to: l's, or def when the URL gives none. A port
// above 65535 (TCP ports are 16 bits, RFC 793 §3.1) or 0 (reserved: no TCP connection can be
// made to it) gives locator.CodeBadPort, at the port in in: the plan does not fall back to the
// default, and a Plan's Port of 0 means the URL gives none and the scheme has no default.
func planPort(l Login, def int, in string) (int, error) {
	if l.Port == "" {
		return def, nil
	}
	n, err := strconv.Atoi(l.Port)
	if err != nil || n < 1 || n > 65535 {
		off := 0
		if r, perr := locator.Parse(in); perr == nil {
			off = max(r.Offsets().Port.Start, 0)
		}
		msg := "port " + shown(l.Port) + " is above 65535"
		if err == nil && n == 0 {
			msg = "port 0 is reserved: no TCP connection can be made to it"
			if l.Port != "0" {
				msg = "port " + shown(l.Port) + " is 0, which is reserved: no TCP connection can be made to it"
			}
		}
		return 0, &locator.Error{Input: in, Offset: off, Code: locator.CodeBadPort, Rule: "RFC 793 §3.1 (16-bit ports, 0 reserved)",
			Message: msg}
	}
	return n, nil
}

// inParsedURL places err, a *locator.Error whose Input is rebuilt (the URL a view wrote again),
// in u, the URL the view was parsed from, whose part from u[ub] holds the same decoded bytes as
// rebuilt's from rebuilt[rb], each written as itself or as a three-byte escape, in either: at
// the same byte (or its escape) in u. An offset before rb (the scheme, the same length in both
// when rb == ub) stays. Any other error is returned as it is.
func inParsedURL(err error, rebuilt string, rb int, u string, ub int) error {
	e, ok := err.(*locator.Error)
	if !ok || e.Input != rebuilt || rb > len(rebuilt) || ub > len(u) || e.Offset < rb && rb != ub {
		return err
	}
	if e.Offset < rb {
		c := *e
		c.Input = u
		return &c
	}
	decoded := 0 // the decoded bytes before the error's in rebuilt
	for k := rb; k < e.Offset && k < len(rebuilt); decoded++ {
		if rebuilt[k] == '%' {
			k += 3
		} else {
			k++
		}
	}
	c := *e
	c.Input, c.Offset = u, ub+gopherRawIndex(u[ub:], decoded)
	return &c
}
