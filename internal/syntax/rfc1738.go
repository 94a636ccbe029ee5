package syntax

import (
	bits64 "math/bits"
	"strconv"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/pct"
)

// CheckHostPort adds to sk the findings of RFC 1738 §5 hostport for hostport, which starts at
// byte offset off of the URL: host is a hostname (labels of alphanumerics and inner hyphens,
// the top label starting with a letter) or a hostnumber (four groups of digits); port is
// digits.
//
// An empty host is an error ([locator.CodeEmptyHost]): RFC 1738 §5 host has no empty form.
// The file scheme, whose host may be empty (§3.10), must not call CheckHostPort for an empty
// host. A host of digits and dots is checked as a hostnumber, since a hostname's top label
// starts with a letter (§3.1). An IP literal in brackets is reported once
// ([locator.CodeIPLiteral]) and not checked further (see [CheckRFC3986]).
func CheckHostPort(sk *Sink, hostport string, off int) {
	if validHostPort(hostport) {
		return
	}
	// The host ends at the first ":" — after the "]" of an IP literal.
	end := len(hostport)
	from := 0
	if len(hostport) > 0 && hostport[0] == '[' {
		from = 1
		for from < len(hostport) && hostport[from] != ']' {
			from++
		}
	}
	if k := strings.IndexByte(hostport[from:], ':'); k >= 0 {
		end = from + k
	}
	host := hostport[:end]
	switch {
	case host == "":
		sk.Add(locator.Finding{Offset: off, Code: locator.CodeEmptyHost, Rule: "RFC 1738 §5 hostport",
			Message: "empty host: RFC 1738 requires a host name or a host number", Severity: locator.SeverityError})
	case host[0] == '[':
		if sk.Take(off, locator.CodeIPLiteral, locator.SeverityError) {
			sk.Add(locator.Finding{Offset: off, Code: locator.CodeIPLiteral, Rule: "RFC 1738 §5 host",
				Message:  "IP literal " + display.Quote(host) + " is not RFC 1738 (it is RFC 3986 §3.2.2 IP-literal)",
				Severity: locator.SeverityError})
		}
	default:
		checkHost(sk, host, off)
	}
	if end < len(hostport) {
		checkPort(sk, hostport[end+1:], off+end)
	}
}

// validHostPort reports whether CheckHostPort would find nothing to say about hostport, in
// one pass that allocates nothing: the host is a hostname whose labels are alphanumerics with
// inner hyphens, at most 63 octets each, the top label starting with a letter, at most 255
// octets in all and no final "."; or a hostnumber of four groups of digits, none above 255
// (RFC 1738 §5; RFC 1034 §3.1); the port, if any, is digits, at most 65535 (RFC 793 §3.1).
func validHostPort(hostport string) bool {
	if len(hostport) == 0 || len(hostport) > 63 {
		return validHostPortLoop(hostport)
	}
	// A short host without a port that is not digits and dots, with no branch per byte: then
	// RFC 1738 §5 hostname is letters, digits, "-" and "." in the shape validHostnameShape
	// checks.
	bits := hostClass.Bit() | hostNumberClass.Bit()
	bits &= table.Common(hostport)
	if bits != hostClass.Bit() {
		return validHostPortLoop(hostport) // a port, a hostnumber, or a character to report
	}
	return validHostnameShape(hostport)
}

// ValidHost reports whether host, without a port, is an RFC 1738 §5 host that CheckHostPort
// finds nothing to say about: a hostname (RFC 1034 §3.1 labels, the top one starting with a
// letter) or a hostnumber of four groups of at most 255.
func ValidHost(host string) bool {
	return host != "" && strings.IndexByte(host, ':') < 0 && validHostPort(host)
}

// validHostPortURL is validHostPort(u.HostPort()), by u's character summary (see
// validHostPortParts).
func validHostPortURL(u locator.URL) bool {
	return validHostPortParts(u.Host(), u.HostPort(), u.Chars())
}

// validHostPortParts is validHostPort(hostport) for the host h and host[:port] hostport of a
// URL whose character summary is sum, by the summary when it says that host[:port] holds only
// letters, digits, "-", "." and ":", a letter or "-" (so the host is no hostnumber) and none
// of "..", ".-" and "-.": then only the ends of the host, its top label and the port are left
// to check (RFC 1738 §5 hostport). It takes the parts, not the URL, so that its callers read
// each once.
func validHostPortParts(h, hostport string, sum locator.Chars) bool {
	if sum&(locator.CharsHostNotHostname|locator.CharsHostAlpha|locator.CharsHostDotHyphen) != locator.CharsHostAlpha || len(h) > 63 {
		return validHostPort(hostport)
	}
	// No label is longer than 63 octets; no label is empty or has a hyphen at either end
	// unless the host starts or ends with "." or "-".
	last := len(h) - 1
	if h[0] == '.' || h[0] == '-' || h[last] == '.' || h[last] == '-' {
		return false
	}
	// RFC 1738 §3.1: "The rightmost domain label will never start with a digit". The top
	// label is short: a loop back to its "." costs less than a call of strings.LastIndexByte.
	top := last
	for top > 0 && h[top-1] != '.' {
		top--
	}
	if c := h[top]; c >= '0' && c <= '9' {
		return false
	}
	if len(hostport) == len(h) {
		return true // no port
	}
	// RFC 1738 §5 port = digits (Parse saw that they are digits); RFC 793 §3.1, 16 bits.
	p := hostport[len(h)+1:]
	n := 0
	for k := 0; k < len(p); k++ {
		if n = n*10 + int(p[k]-'0'); n > 65535 {
			return false
		}
	}
	return p != ""
}

// HostPortOK reports whether CheckHostPort finds nothing in hostport, the host[:port] of a
// URL whose host is h and character summary sum: for a URL with an authority and no user
// information, what LoginOK reports, from parts its caller has already read. It allocates
// nothing.
func HostPortOK(h, hostport string, sum locator.Chars) bool {
	if validHostPortParts(h, hostport, sum) {
		return true
	}
	sk := Sink{probe: true} // nothing is built: whether there is a finding is enough
	CheckHostPort(&sk, hostport, 0)
	return !sk.found()
}

// ValidHostPortAt is validHostPort(s[hostStart:portEnd]) for the host s[hostStart:hostEnd]
// and host[:port] s[hostStart:portEnd] of a URL whose serialization is s and character
// summary sum, with hostStart ≤ hostEnd ≤ portEnd ≤ len(s): whether CheckHostPort finds
// nothing there, without the probe Sink of HostPortOK (TestValidHostPortAt holds it to
// CheckHostPort). A host with a byte that is not a letter, digit, "-", "." or ":" by the
// summary is no hostname and no hostnumber, and needs no further look. Where the summary
// says that the host is letters, digits, "-" and "." with a letter or "-" and none of "..",
// ".-" and "-." (see validHostPortParts), it finds the top label's "." in the eight bytes
// that end the host, read as one word, not by a loop back from the end, whose length, that
// of the top label, varies from URL to URL and whose end is then mispredicted (callgrind's
// branch model: 1.2 mispredicted branches per URL on kasztp.txt), by HostWord. Its common
// case is a host of 1 to 63 bytes whose top label is shorter than eight and no port or one
// of one to four digits.
func ValidHostPortAt(s string, hostStart, hostEnd, portEnd int, sum locator.Chars) bool {
	n := hostEnd - hostStart     // (≥ 1 when the summary has a letter: a port is digits)
	p := uint(portEnd - hostEnd) // the port with its ":", or 0
	// RFC 1738 §5 port = digits (Parse saw that they are digits); RFC 793 §3.1, 16 bits:
	// one to four digits are always below 65536 (p-2 < 4), no port is p = 0 (p-2 wraps).
	if sum&(locator.CharsHostNotHostname|locator.CharsHostAlpha|locator.CharsHostDotHyphen) != locator.CharsHostAlpha ||
		uint(n-1) > 62 || hostEnd < 8 || p-2 >= 4 && p != 0 {
		return sum&locator.CharsHostNotHostname == 0 && validHostPort(s[hostStart:portEnd])
	}
	r := HostWord(Load64(s[hostEnd-8:hostEnd]), s[hostStart], n)
	if r < 0 {
		return validHostPort(s[hostStart:portEnd]) // a top label of eight bytes or more
	}
	return r == 0
}

// HostWord is the test of ValidHostPortAt for a host of n bytes, 1 ≤ n ≤ 63, whose first
// byte is first and whose last eight bytes (with bytes before it when n < 8, which count
// for nothing) are the little-endian word x, and that the character summary says is
// letters, digits, "-" and "." with a letter or "-" and none of "..", ".-" and "-.". It
// returns 0 when the host is an RFC 1738 §5 hostname; a negative number when x holds no "."
// and n > 8, so that the top label may start before x and x does not tell; else a positive
// number, and the host is no hostname. It is small enough to be inlined where a check's
// common case must not make a call (scheme.CheckTo), and has one branch, max's (the amd64
// compiler makes no conditional move of it), taken the same way for hosts of eight bytes or
// more.
//
// RFC 1738 §3.1: "The rightmost domain label will never start with a digit". The last "."
// of x tells where the top label starts: after it, or at the host's start (byte 8-n of x)
// when there is none in the host's part of x. A host that ends with "." takes a byte of x
// for its top label's first (x shifted by 64 masked to 0: byte 0), and is refused all the
// same. No label is longer than 63 octets (the host is no longer); no label is empty or has
// a hyphen at either end unless the host starts or ends with "." or "-" (the summary says
// that it has no "..", ".-" or "-."), as in validHostPortParts.
func HostWord(x uint64, first byte, n int) int {
	k := bits64.Len64(dotBytes(x)) // 8 × (the index in x of the last "." + 1), or 0
	top := byte(x >> (max(k, 64-8*n) & 63))
	return int((hostEdge[first]|hostEdge[x>>56])&edgeDotHyphen|hostEdge[top]&edgeDigit) |
		((k-1)&(8-n))>>63 // -1 when k = 0 and n > 8, else 0
}

// The bits of hostEdge: a byte that neither starts nor ends a hostname ("." and "-"), and a
// digit, which does not start a top label (RFC 1738 §5 hostname, toplabel).
const (
	edgeDotHyphen = 1 << iota
	edgeDigit
)

// hostEdge holds the bits edgeDotHyphen and edgeDigit of each byte, for ValidHostPortAt.
var hostEdge = [256]uint8{'.': edgeDotHyphen, '-': edgeDotHyphen,
	'0': edgeDigit, '1': edgeDigit, '2': edgeDigit, '3': edgeDigit, '4': edgeDigit,
	'5': edgeDigit, '6': edgeDigit, '7': edgeDigit, '8': edgeDigit, '9': edgeDigit}

// validHostnameShape reports whether h, 1 to 63 letters, digits, "-" and "." with at least
// one letter or "-", is an RFC 1738 §5 hostname. No label is then longer than 63 octets, and
// hostname comes to: no "." or "-" at either end; no "..", ".-" or "-."; a top label that does
// not start with a digit. The dots are found eight bytes at a time.
func validHostnameShape(h string) bool {
	last := len(h) - 1
	if h[0] == '.' || h[0] == '-' || h[last] == '.' || h[last] == '-' {
		return false
	}
	top := 0 // the start of the top label
	dot := func(k int) bool {
		// the dot at k (not at either end) ends a label and starts one
		top = k + 1
		return h[k-1] != '-' && h[k+1] != '.' && h[k+1] != '-'
	}
	i := 0
	for ; i+8 <= len(h); i += 8 {
		for m := dotBytes(Load64(h[i:])); m != 0; m &= m - 1 {
			if !dot(i + bits64.TrailingZeros64(m)/8) {
				return false
			}
		}
	}
	for ; i < len(h); i++ {
		if h[i] == '.' && !dot(i) {
			return false
		}
	}
	// RFC 1738 §3.1: "The rightmost domain label will never start with a digit".
	return h[top] < '0' || h[top] > '9'
}

// Load64 returns the first eight bytes of s as a little-endian number: the word that the
// word-at-a-time tests (HostWord, and package scheme's tests of a scheme's first bytes) read.
// It inlines and compiles to one load; given s[j : j+8], the slice's bounds check is its only
// one.
func Load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// dotBytes returns 0x80 in each byte of w that is ".", and 0 in the others.
func dotBytes(w uint64) uint64 {
	const lo7 = 0x7f7f7f7f7f7f7f7f
	x := w ^ 0x2e2e2e2e2e2e2e2e // a "." becomes 0
	return ^((x&lo7 + lo7) | x | lo7)
}

// validHostPortLoop is validHostPort for any hostport, one byte at a time.
func validHostPortLoop(hostport string) bool {
	bits := ^uint32(0) // the classes of every byte of the host but its dots
	label := 0         // the start of the current label
	i := 0
	for ; i < len(hostport); i++ {
		c := hostport[i]
		if c == '.' || c == ':' {
			if i == label || i-label > 63 || hostport[label] == '-' || hostport[i-1] == '-' {
				return false // an empty label, a long one, or a hyphen at either end
			}
			if c == ':' {
				break
			}
			label = i + 1
			continue
		}
		bits &= table.Bits(c)
	}
	host := hostport[:i]
	switch {
	case i == len(hostport) && (i == label || i-label > 63 || hostport[label] == '-' || hostport[i-1] == '-'):
		return false // the last label, which the loop did not see end
	case len(host) > 255:
		return false
	case bits&digitClass.Bit() != 0:
		// RFC 1738 §5 hostnumber = digits "." digits "." digits "." digits (no group is
		// empty: the loop saw to that)
		if v, _ := readIPv4(host); v.groups != 4 || v.over != 0 {
			return false
		}
	case bits&labelClass.Bit() == 0:
		return false
	case host[label] >= '0' && host[label] <= '9':
		return false // RFC 1738 §3.1: "The rightmost domain label will never start with a digit"
	}
	if i == len(hostport) {
		return true
	}
	// RFC 1738 §5 port = digits
	port := hostport[i+1:]
	if port == "" {
		return false
	}
	n := 0
	for k := 0; k < len(port); k++ {
		c := port[k]
		if c < '0' || c > '9' {
			return false
		}
		if n = n*10 + int(c-'0'); n > 65535 {
			return false
		}
	}
	return true
}

// checkPort checks port (after the ":" at offset colon) as RFC 1738 §5 port = digits.
func checkPort(sk *Sink, port string, colon int) {
	if port == "" {
		// RFC 1738 §5 port = digits (one or more); §3.1 "If the port is omitted, the colon is
		// as well."
		sk.Add(locator.Finding{Offset: colon, Code: locator.CodeEmptyPort, Rule: "RFC 1738 §5 port",
			Message: "\":\" with no port after it; RFC 1738 omits the colon with the port", Severity: locator.SeverityError})
		return
	}
	for k := 0; k < len(port); k++ {
		if c := port[k]; c < '0' || c > '9' {
			sk.Add(locator.Finding{Offset: colon + 1 + k, Code: locator.CodeBadPort, Rule: "RFC 1738 §5 port",
				Message: "port is not decimal digits", Severity: locator.SeverityError})
			return
		}
	}
	if n, ok := decimal(port); !ok || n > 65535 {
		// RFC 793 §3.1: ports are 16-bit numbers. A warning, as a hostnumber group above
		// 255 is: RFC 1738 §5 port is digits, any number of them, so the URL is valid by
		// RFC 1738; it names no server a client can reach (a plan fails, CodeBadPort).
		if sk.Take(colon+1, locator.CodePortRange, locator.SeverityWarning) {
			sk.Add(locator.Finding{Offset: colon + 1, Code: locator.CodePortRange, Rule: "RFC 793 §3.1 (16-bit port)",
				Message:  "port " + short(port) + " is above 65535: no TCP port has that number (RFC 1738 §5 port is any digits)",
				Severity: locator.SeverityWarning})
		}
	}
}

// decimal returns the value of the digits s, and false when s is empty or above 2^31.
func decimal(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
		if n > 1<<31 {
			return 0, false
		}
	}
	return n, s != ""
}

// checkHost checks a non-empty host that is not an IP literal: RFC 1738 §5 host = hostname |
// hostnumber.
func checkHost(sk *Sink, host string, off int) {
	if len(host) > 255 {
		// RFC 1034 §3.1: a domain name is at most 255 octets.
		sk.Add(locator.Finding{Offset: off, Code: locator.CodeHostTooLong, Rule: "RFC 1034 §3.1",
			Message: "host name longer than 255 octets", Severity: locator.SeverityWarning})
	}
	if len(host) > 1 && host[len(host)-1] == '.' {
		// RFC 1738 §5 hostname = *[ domainlabel "." ] toplabel: no final ".". (An absolute
		// DNS name, RFC 1034 §3.1, but not a URL host.)
		at := off + len(host) - 1
		if sk.Take(at, locator.CodeTrailingDot, locator.SeverityError) {
			sk.Add(locator.Finding{Offset: at, Code: locator.CodeTrailingDot, Rule: "RFC 1738 §5 hostname",
				Message:  "host " + display.Quote(host) + " ends in \".\"; RFC 1738 hostname has no trailing dot",
				Severity: locator.SeverityError})
		}
		host = host[:len(host)-1]
	}
	// A host of digits and dots cannot be a hostname (RFC 1738 §3.1: the top label never
	// starts with a digit), so it is read as a hostnumber.
	if v, ok := readIPv4(host); ok && strings.ContainsAny(host, "0123456789") {
		checkHostNumber(sk, host, off, v)
		return
	}
	checkHostname(sk, host, off)
}

// checkHostNumber checks RFC 1738 §5 hostnumber = digits "." digits "." digits "." digits
// for host, which readIPv4 read as v.
func checkHostNumber(sk *Sink, host string, off int, v ipv4Shape) {
	const rule = "RFC 1738 §5 hostnumber"
	switch {
	case v.empty >= 0:
		// RFC 1738 §5 digits = 1*digit
		if sk.Take(off+v.empty, locator.CodeBadHostNumber, locator.SeverityError) {
			sk.Add(locator.Finding{Offset: off + v.empty, Code: locator.CodeBadHostNumber, Rule: rule,
				Message:  "empty group in host number " + display.Quote(host) + "; a host number is four groups of digits",
				Severity: locator.SeverityError})
		}
		return
	case v.groups != 4:
		if sk.Take(off, locator.CodeBadHostNumber, locator.SeverityError) {
			sk.Add(locator.Finding{Offset: off, Code: locator.CodeBadHostNumber, Rule: rule,
				Message: "host number " + display.Quote(host) + " has " + strconv.Itoa(v.groups) +
					" groups; RFC 1738 wants four (and a host name's top label starts with a letter)",
				Severity: locator.SeverityError})
		}
		return
	}
	for g := range 4 {
		if v.over&(1<<g) == 0 {
			continue
		}
		// RFC 1738 §3.1: "its IP address as a set of four decimal digit groups"; an IPv4
		// address is four 8-bit octets (RFC 791 §3.2).
		start := v.start[g]
		end := start + strings.IndexByte(host[start:]+".", '.')
		if sk.Take(off+start, locator.CodeHostNumberRange, locator.SeverityWarning) {
			sk.Add(locator.Finding{Offset: off + start, Code: locator.CodeHostNumberRange, Rule: "RFC 1738 §3.1 host",
				Message:  "host number group " + short(host[start:end]) + " is above 255: not an IP address",
				Severity: locator.SeverityWarning})
		}
	}
}

// checkHostname checks RFC 1738 §5 hostname = *[ domainlabel "." ] toplabel, with
// domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit and
// toplabel = alpha | alpha *[ alphadigit | "-" ] alphadigit. Each label is looked at once.
func checkHostname(sk *Sink, host string, off int) {
	start := 0
	for i := 0; i <= len(host); i++ {
		if i < len(host) && host[i] != '.' {
			continue
		}
		checkLabel(sk, host, start, i, off, i == len(host))
		start = i + 1
	}
}

// checkLabel checks the label host[start:end]. Its messages quote the label or the host by
// display.Quote, so that each costs a bounded amount whatever their length.
func checkLabel(sk *Sink, host string, start, end, off int, top bool) {
	const rule = "RFC 1738 §5 hostname"
	label := host[start:end]
	if label == "" {
		// RFC 1738 §5 domainlabel and toplabel have at least one character.
		at := start
		if at > 0 && (at >= len(host) || host[at] != '.') {
			at-- // the "." before the empty label at the end
		}
		if sk.Take(off+at, locator.CodeEmptyLabel, locator.SeverityError) {
			sk.Add(locator.Finding{Offset: off + at, Code: locator.CodeEmptyLabel, Rule: rule,
				Message: "empty label in host name " + display.Quote(host), Severity: locator.SeverityError})
		}
		return
	}
	if label[0] == '-' {
		if sk.Take(off+start, locator.CodeLabelHyphen, locator.SeverityError) {
			sk.Add(locator.Finding{Offset: off + start, Code: locator.CodeLabelHyphen, Rule: rule,
				Message:  "label " + display.Quote(label) + " starts with \"-\"; a label starts with a letter or digit",
				Severity: locator.SeverityError})
		}
	} else if top && pct.Digit.Contains(label[0]) {
		// RFC 1738 §5 toplabel = alpha ...; §3.1 "The rightmost domain label will never start
		// with a digit".
		if sk.Take(off+start, locator.CodeTopLabelDigit, locator.SeverityError) {
			sk.Add(locator.Finding{Offset: off + start, Code: locator.CodeTopLabelDigit, Rule: rule,
				Message:  "top label " + display.Quote(label) + " starts with a digit; the rightmost label starts with a letter",
				Severity: locator.SeverityError})
		}
	}
	for i := start; i < end; {
		c := host[i]
		if pct.AlphaDigit.Contains(c) || c == '-' {
			i++
			continue
		}
		code, n := charCode(c, false), charLen(host, i)
		if code == locator.CodeDisallowedChar || code == locator.CodeReservedChar || c == '%' {
			code = locator.CodeBadHostChar
			if isEscape(host, i) {
				n = 3
			}
		}
		if sk.Take(off+i, code, locator.SeverityError) {
			f, _ := classify(host, i, off, rule)
			if code == locator.CodeBadHostChar {
				f.Code = code
				f.Message = "character " + quoteByte(c) + " is not allowed in a host name (letters, digits, \"-\" and \".\")"
				if n == 3 {
					f.Message = "escape " + host[i:i+3] + " is not allowed in a host name (letters, digits, \"-\" and \".\")"
				}
			}
			sk.Add(f)
		}
		i += n
	}
	if len(label) > 1 && label[len(label)-1] == '-' {
		if sk.Take(off+end-1, locator.CodeLabelHyphen, locator.SeverityError) {
			sk.Add(locator.Finding{Offset: off + end - 1, Code: locator.CodeLabelHyphen, Rule: rule,
				Message:  "label " + display.Quote(label) + " ends with \"-\"; a label ends with a letter or digit",
				Severity: locator.SeverityError})
		}
	}
	if len(label) > 63 {
		// RFC 1034 §3.1: labels are 63 octets or less (also RFC 1123 §2.1).
		sk.Add(locator.Finding{Offset: off + start, Code: locator.CodeLabelTooLong, Rule: "RFC 1034 §3.1",
			Message: "label longer than 63 octets", Severity: locator.SeverityWarning})
	}
}

// LoginChars is what RFC 1738 §5 user and password allow unencoded:
// *[ uchar | ";" | "?" | "&" | "=" ]. ":", "@" and "/" must be encoded (§3.1).
var LoginChars = pct.RFC1738Uchar.With(";?&=")

// CheckLogin adds to sk the findings of RFC 1738 §5 login for u's authority: user and
// password (*[ uchar | ";" | "?" | "&" | "=" ]) and hostport. Within them ":", "@" and "/"
// must be encoded (§3.1): as locator.Parse and locator.ParseAs split the authority at its
// last "@", an earlier "@" is reported as [locator.CodeReservedChar]. A "?" is allowed: it is
// in the user information only when locator.ParseAs split u by RFC 1738 §5
// ([locator.URL.LoginRFC1738]); a URL split by locator.Parse (RFC 3986 §3.2) has its "?" in
// the query. It adds nothing when u has no authority.
func CheckLogin(sk *Sink, u locator.URL) {
	if !u.HasAuthority() {
		return
	}
	if s, ok := u.User(); ok && !LoginClass.All(s) {
		checkLoginPart(sk, s, u.Offsets().User.Start, "RFC 1738 §5 user", "user name")
	}
	if s, ok := u.Password(); ok && !LoginClass.All(s) {
		checkLoginPart(sk, s, u.Offsets().Password.Start, "RFC 1738 §5 password", "password")
	}
	if validHostPortURL(u) {
		return
	}
	CheckHostPort(sk, u.HostPort(), u.Offsets().Host.Start)
}

// LoginOK reports whether CheckLogin finds nothing in u, allocating nothing.
func LoginOK(u locator.URL) bool {
	if _, ok := u.Userinfo(); !ok && u.HasAuthority() && validHostPortURL(u) {
		return true // CheckLogin's own fast path, without a Sink
	}
	sk := Sink{probe: true}
	CheckLogin(&sk, u)
	return !sk.found()
}

// checkLoginPart checks the user name or password s (at offset off) as RFC 1738 §5 user or
// password, what naming it in messages.
func checkLoginPart(sk *Sink, s string, off int, rule, what string) {
	for i := 0; i < len(s); {
		c := s[i]
		if LoginChars.Contains(c) {
			i++
			continue
		}
		if isEscape(s, i) {
			i += 3
			continue
		}
		code, n := charCode(c, false), charLen(s, i)
		if !sk.Take(off+i, code, locator.SeverityError) {
			i += n
			continue
		}
		f, n := classify(s, i, off, rule)
		if code == locator.CodeReservedChar {
			// RFC 1738 §3.1: "Within the user and password field, any ":", "@", or "/" must
			// be encoded."
			f.Rule = "RFC 1738 §3.1 " + what
			why := ""
			switch c {
			case '@':
				why = " (the login ends at the last \"@\")"
			case ':':
				why = " (the first \":\" ends the user name)"
			}
			f.Message = "reserved character " + quoteByte(c) + " in the " + what + " must be encoded as " +
				hexByte(c) + why
		}
		sk.Add(f)
		i += n
	}
}

// SchemeLen returns the length of the scheme name at the start of s when a ":" follows it,
// else 0: RFC 3986 §3.1 scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (RFC 1738 §2.1
// allows the same characters). It only names a line's scheme (in statistics, counters, the
// gateway's choice between a URL and a path); it checks nothing.
func SchemeLen(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return i
		default:
			return 0
		}
	}
	return 0
}

// schemeLike returns the length of a RFC 1738 §5 scheme = 1*[ lowalpha | digit | "+" | "-" |
// "." ] (any case) at the start of s when a ":" follows it, else 0.
func schemeLike(s string) int {
	i := 0
	for i < len(s) && pct.RFC1738SchemeChars.Contains(s[i]) {
		i++
	}
	if i > 0 && i < len(s) && s[i] == ':' {
		return i
	}
	return 0
}

// CheckRFC1738 adds to sk the findings of the scheme-independent rules of RFC 1738 for u: the
// scheme name (RFC 1738 §2.1, §5 scheme), characters that must always be encoded (§2.2: the
// unsafe, national and punctuation characters, controls and non-ASCII octets), and the
// fragment. Reserved characters are not reported: whether one may stand unencoded depends on
// the scheme, whose checker in package scheme says (§2.2, §5). An IP literal host is reported
// once, as [locator.CodeIPLiteral], and its brackets not as national characters.
func CheckRFC1738(sk *Sink, u locator.URL) {
	s := u.String()
	sspStart := 0
	if u.HasScheme() {
		sc := u.Scheme()
		for i := 0; i < len(sc); i++ {
			if c := sc[i]; 'A' <= c && c <= 'Z' {
				// RFC 1738 §5: "the scheme is in lower case; interpreters should use
				// case-ignore"; §2.1.
				sk.Add(locator.Finding{Offset: i, Code: locator.CodeSchemeUpperCase, Rule: "RFC 1738 §2.1, §5 scheme",
					Message:  "scheme " + display.Quote(sc) + " has upper case; schemes are written in lower case",
					Severity: locator.SeverityWarning})
				break
			}
		}
		sspStart = len(sc) + 1
	} else if n := schemeLike(s); n > 0 {
		// RFC 1738 §5 scheme allows a digit, "+", "-" or "." first; RFC 3986 §3.1 does not.
		sk.Add(locator.Finding{Offset: 0, Code: locator.CodeSchemeDigitFirst, Rule: "RFC 1738 §5 scheme; RFC 3986 §3.1",
			Message:  "scheme " + display.Quote(s[:n]) + " does not start with a letter: an RFC 1738 scheme, but RFC 3986 and Parse read a relative reference",
			Severity: locator.SeverityWarning})
		sspStart = n + 1
	} else {
		// RFC 1738 §2.1, §5 genericurl = scheme ":" schemepart.
		msg := "no scheme: a URL is <scheme>:<scheme-specific-part>"
		if s == "" {
			msg = "empty: a URL is <scheme>:<scheme-specific-part>"
		}
		sk.Add(locator.Finding{Offset: 0, Code: locator.CodeNoScheme, Rule: "RFC 1738 §2.1, §5 genericurl",
			Message: msg, Severity: locator.SeverityError})
	}
	const rule = "RFC 1738 §2.2"
	sum := u.Chars()
	frag, hasFrag := u.Fragment()
	fragStart := len(s) // the "#", or the end
	if hasFrag {
		fragStart -= len(frag) + 1
	}
	ssp := s[:fragStart]
	if sum&(locator.CharsUserUnsafe|locator.CharsHostUnsafe|locator.CharsPathUnsafe|locator.CharsQueryUnsafe) == 0 {
		// The summary says every character before the fragment is xchar, the delimiters
		// included (an IP literal's "[" is not).
	} else if h := u.Host(); u.HasAuthority() && h != "" && h[0] == '[' && u.Offsets().Host.Start >= sspStart {
		// An IP literal is reported once rather than as two national characters.
		litStart := u.Offsets().Host.Start
		litEnd := litStart + len(h)
		CheckClass(sk, ssp[sspStart:litStart], sspStart, XcharClass, rule)
		CheckHostPort(sk, s[litStart:litEnd], litStart)
		CheckClass(sk, ssp[litEnd:], litEnd, XcharClass, rule)
	} else if sspStart <= len(ssp) {
		CheckClass(sk, ssp[sspStart:], sspStart, XcharClass, rule)
	}
	if hasFrag && sum&locator.CharsFragmentUnsafe != 0 {
		// RFC 1738 has no fragment syntax: §2.2 says "#" delimits "a fragment/anchor identifier
		// that might follow" the URL. RFC 1808 §2.2: fragment = *( uchar | reserved ), which is
		// xchar; the URI draft: fragmentid = xalphas. Unsafe characters must be encoded there too.
		CheckClass(sk, frag, fragStart+1, XcharClass, "RFC 1738 §2.2; RFC 1808 §2.2 fragment")
	}
}
