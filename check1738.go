package locator

import (
	bits64 "math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/locator-url/locator/pct"
)

// The codes of the RFC 1738 checkers ([CheckRFC1738], [CheckChars], [CheckHostPort],
// [CheckLogin]). A control character found by a checker is reported with [CodeControl].
const (
	// CodeUnsafeChar: an unsafe character used unencoded: space, "<", ">", <">, "#" or a
	// "%" that does not start an escape (RFC 1738 §2.2: "All unsafe characters must always
	// be encoded within a URL").
	CodeUnsafeChar Code = "unsafe-char"
	// CodeNationalChar: one of "{", "}", "|", "\", "^", "~", "[", "]", "`" used unencoded;
	// RFC 1738 §2.2 calls them unsafe because "gateways and other transport agents are known
	// to sometimes modify such characters".
	CodeNationalChar Code = "national-char"
	// CodeNonASCII: an octet 80–FF used unencoded (RFC 1738 §2.2: "octets ... not used in
	// US-ASCII ... are not allowed"). One finding per UTF-8 character.
	CodeNonASCII Code = "non-ascii"
	// CodeReservedChar: a reserved character (";", "/", "?", ":", "@", "&", "=") used where
	// its production does not allow it, so it must be encoded (RFC 1738 §2.2: "If the
	// character corresponding to an octet is reserved in a scheme, the octet must be
	// encoded").
	CodeReservedChar Code = "reserved-unencoded"
	// CodeDisallowedChar: a character that its production does not allow, neither reserved
	// nor unsafe (such as "_" where only letters are allowed).
	CodeDisallowedChar Code = "char-not-allowed"

	// CodeSchemeUpperCase (warning): the scheme has upper-case letters; RFC 1738 §5 says
	// "the scheme is in lower case; interpreters should use case-ignore" (§2.1).
	CodeSchemeUpperCase Code = "scheme-upper-case"
	// CodeSchemeDigitFirst (warning): the scheme starts with a digit, "+", "-" or ".", which
	// RFC 1738 §5 scheme allows and RFC 3986 §3.1 does not; [Parse] read the URL as a
	// relative reference.
	CodeSchemeDigitFirst Code = "scheme-not-letter-first"

	// CodeEmptyHost: no host where RFC 1738 §5 hostport requires one.
	CodeEmptyHost Code = "empty-host"
	// CodeIPLiteral: a host in brackets ("[::1]"), which RFC 3986 §3.2.2 defines and RFC 1738
	// §5 host does not.
	CodeIPLiteral Code = "ip-literal-not-rfc1738"
	// CodeTrailingDot: a host name ending in "." ("host.com."): an absolute DNS name
	// (RFC 1034 §3.1) but not RFC 1738 §5 hostname.
	CodeTrailingDot Code = "host-trailing-dot"
	// CodeEmptyLabel: an empty label in a host name ("a..b", ".a").
	CodeEmptyLabel Code = "host-empty-label"
	// CodeLabelHyphen: a domain label that starts or ends with "-" (RFC 1738 §5 domainlabel).
	CodeLabelHyphen Code = "host-label-hyphen"
	// CodeTopLabelDigit: the rightmost label starts with a digit (RFC 1738 §5 toplabel; §3.1
	// "The rightmost domain label will never start with a digit").
	CodeTopLabelDigit Code = "host-toplabel-digit"
	// CodeBadHostChar: a character that a host name cannot hold (RFC 1738 §5 hostname:
	// letters, digits, "-" and "."), an escape included.
	CodeBadHostChar Code = "host-bad-char"
	// CodeLabelTooLong (warning): a label longer than 63 octets (RFC 1034 §3.1).
	CodeLabelTooLong Code = "host-label-too-long"
	// CodeHostTooLong (warning): a host name longer than 255 octets (RFC 1034 §3.1).
	CodeHostTooLong Code = "host-too-long"
	// CodeBadHostNumber: digits and dots that are not four groups of digits (RFC 1738 §5
	// hostnumber).
	CodeBadHostNumber Code = "bad-hostnumber"
	// CodeHostNumberRange (warning): a hostnumber group above 255, which is no IPv4 address
	// (RFC 1738 §3.1 "four decimal digit groups"; RFC 791 §3.2, 8-bit octets).
	CodeHostNumberRange Code = "hostnumber-out-of-range"
	// CodeEmptyPort: a ":" with no port digits after it (RFC 1738 §5 port = digits; §3.1 "If
	// the port is omitted, the colon is as well").
	CodeEmptyPort Code = "empty-port"
	// CodePortRange: a port above 65535 (TCP and UDP ports are 16 bits: RFC 793 §3.1).
	CodePortRange Code = "port-out-of-range"
)

// classify returns the finding for the unwanted character at s[i] and the number of bytes it
// covers (a whole UTF-8 character for non-ASCII text).
func classify(s string, i, off int, rule string) (Finding, int) {
	c := s[i]
	f := Finding{Offset: off + i, Rule: rule, Severity: SeverityError}
	if c < 0x80 {
		t := &asciiFindings1738()[c]
		f.Code, f.Message = t.code, t.msg
		return f, 1
	}
	// RFC 1738 §2.2: octets 80–FF are not allowed unencoded.
	n := 1
	r, size := utf8.DecodeRuneInString(s[i:])
	f.Code = CodeNonASCII
	if r == utf8.RuneError && size <= 1 {
		f.Message = "non-ASCII byte " + hexByte(c)[1:] + " must be encoded as " + hexByte(c)
	} else {
		n = size
		f.Message = "non-ASCII character " + strconv.Quote(string(r)) + " (U+" +
			strings.ToUpper(strconv.FormatInt(int64(r)+0x10000, 16)[1:]) + ") must be encoded as " + hexBytes(s[i:i+size])
	}
	return f, n
}

// charFinding is the code and message of a finding for one US-ASCII byte.
type charFinding struct {
	code Code
	msg  string
}

// asciiFindings1738 returns the code and message classify gives each US-ASCII byte, built
// once, so that reporting a character allocates nothing.
var asciiFindings1738 = sync.OnceValue(func() *[0x80]charFinding {
	var t [0x80]charFinding
	for c := range t {
		t[c].code, t[c].msg = classifyASCII(byte(c))
	}
	return &t
})

// classifyASCII returns the code and message of the finding for the unwanted US-ASCII
// character c (RFC 1738 §2.2).
func classifyASCII(c byte) (Code, string) {
	switch {
	case pct.RFC1738Control.Contains(c):
		// RFC 1738 §2.2: controls "are unsafe" and must be encoded.
		return CodeControl, "control character " + hexByte(c) + " must be encoded"
	case pct.RFC1738National.Contains(c):
		// RFC 1738 §2.2 national characters.
		return CodeNationalChar, "character " + quoteByte(c) + " is unsafe (gateways may change it) and must be encoded as " + hexByte(c)
	case c == ' ' || pct.RFC1738Punctuation.Contains(c):
		// RFC 1738 §2.2 unsafe characters.
		return CodeUnsafeChar, "unsafe character " + quoteByte(c) + " must be encoded as " + hexByte(c)
	case pct.RFC1738Reserved.Contains(c):
		// RFC 1738 §2.2 reserved characters.
		return CodeReservedChar, "reserved character " + quoteByte(c) + " must be encoded as " + hexByte(c) + " here"
	default:
		return CodeDisallowedChar, "character " + quoteByte(c) + " is not allowed here"
	}
}

// quoteByte returns c in double quotes, or in hex when it is not printable ASCII.
func quoteByte(c byte) string {
	if c < 0x20 || c >= 0x7f {
		return hexByte(c)
	}
	return strconv.Quote(string(rune(c)))
}

// isEscape reports whether s[i] starts a well-formed escape "%" hex hex (RFC 1738 §5 escape).
func isEscape(s string, i int) bool {
	return s[i] == '%' && i+2 < len(s) && pct.IsHex(s[i+1]) && pct.IsHex(s[i+2])
}

// CheckChars appends to dst a finding for each byte of s (which starts at offset off of the
// URL) that is neither in allowed nor the start of an escape "%" hex hex, citing rule. The
// code says the class of the character: [CodeControl], [CodeNonASCII] (one finding per UTF-8
// character), [CodeNationalChar], [CodeUnsafeChar], [CodeReservedChar] or, for any other
// byte, [CodeDisallowedChar] (RFC 1738 §2.2).
func CheckChars(dst []Finding, s string, off int, allowed pct.Set, rule string) []Finding {
	return appendCharFindings(dst, s, off, allowed, rule, classify)
}

// appendCharFindings appends to dst the finding that classify returns for each byte of s
// (which starts at offset off of the URL) that is neither in allowed nor the start of an
// escape "%" hex hex (RFC 1738 §5 escape; RFC 3986 §2.1 pct-encoded), skipping the bytes
// that finding covers. [CheckChars] classifies by RFC 1738, check3986Class by RFC 3986.
func appendCharFindings(dst []Finding, s string, off int, allowed pct.Set, rule string,
	classify func(s string, i, off int, rule string) (Finding, int)) []Finding {
	for i := 0; i < len(s); {
		c := s[i]
		if allowed.Contains(c) {
			i++
			continue
		}
		if isEscape(s, i) {
			i += 3
			continue
		}
		f, n := classify(s, i, off, rule)
		dst = append(dst, f)
		i += n
	}
	return dst
}

// hexBytes returns the escapes "%XX" of the bytes of s, as hexByte writes them.
func hexBytes(s string) string {
	enc := ""
	for k := 0; k < len(s); k++ {
		enc += hexByte(s[k])
	}
	return enc
}

// CheckHostPort appends to dst the findings of RFC 1738 §5 hostport for hostport, which
// starts at byte offset off of the URL: host is a hostname (labels of alphanumerics and inner
// hyphens, the top label starting with a letter) or a hostnumber (four groups of digits);
// port is digits.
//
// An empty host is an error ([CodeEmptyHost]): RFC 1738 §5 host has no empty form. The file
// scheme, whose host may be empty (§3.10), must not call CheckHostPort for an empty host.
// A host of digits and dots is checked as a hostnumber, since a hostname's top label
// starts with a letter (§3.1). An IP literal in brackets is reported once
// ([CodeIPLiteral]) and not checked further (see [CheckRFC3986]).
func CheckHostPort(dst []Finding, hostport string, off int) []Finding {
	if validHostPort(hostport) {
		return dst
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
	n := len(dst)
	switch {
	case host == "":
		dst = append(dst, Finding{Offset: off, Code: CodeEmptyHost, Rule: "RFC 1738 §5 hostport",
			Message: "empty host: RFC 1738 requires a host name or a host number", Severity: SeverityError})
	case host[0] == '[':
		dst = append(dst, Finding{Offset: off, Code: CodeIPLiteral, Rule: "RFC 1738 §5 host",
			Message:  "IP literal " + strconv.Quote(host) + " is not RFC 1738 (it is RFC 3986 §3.2.2 IP-literal)",
			Severity: SeverityError})
	default:
		dst = checkHost(dst, host, off)
		sortByOffset(dst[n:])
	}
	if end < len(hostport) {
		dst = checkPort(dst, hostport[end+1:], off+end)
	}
	return dst
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
	bits &= classTable.Common(hostport)
	if bits != hostClass.Bit() {
		return validHostPortLoop(hostport) // a port, a hostnumber, or a character to report
	}
	return validHostnameShape(hostport)
}

// validHostPortURL is validHostPort(u.HostPort()), by u's character summary when it says
// that host[:port] holds only letters, digits, "-", "." and ":", a letter or "-" (so the host
// is no hostnumber) and none of "..", ".-" and "-.": then only the ends of the host, its top
// label and the port are left to check (RFC 1738 §5 hostport).
func validHostPortURL(u URL) bool {
	h := u.Host()
	if u.chars&(CharsHostNotHostname|CharsHostAlpha|CharsHostDotHyphen) != CharsHostAlpha || len(h) > 63 {
		return validHostPort(u.HostPort())
	}
	// No label is longer than 63 octets; no label is empty or has a hyphen at either end
	// unless the host starts or ends with "." or "-".
	last := len(h) - 1
	if h[0] == '.' || h[0] == '-' || h[last] == '.' || h[last] == '-' {
		return false
	}
	// RFC 1738 §3.1: "The rightmost domain label will never start with a digit".
	if c := h[strings.LastIndexByte(h, '.')+1]; c >= '0' && c <= '9' {
		return false
	}
	p, ok := u.Port()
	if !ok {
		return true
	}
	// RFC 1738 §5 port = digits (Parse saw that they are digits); RFC 793 §3.1, 16 bits.
	n := 0
	for k := 0; k < len(p); k++ {
		if n = n*10 + int(p[k]-'0'); n > 65535 {
			return false
		}
	}
	return p != ""
}

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
		for m := dotBytes(load64(h, i)); m != 0; m &= m - 1 {
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

// load64 returns the eight bytes of s at i as a little-endian number.
func load64(s string, i int) uint64 {
	_ = s[i+7]
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
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
		bits &= classTable.Bits(c)
	}
	host := hostport[:i]
	switch {
	case i == len(hostport) && (i == label || i-label > 63 || hostport[label] == '-' || hostport[i-1] == '-'):
		return false // the last label, which the loop did not see end
	case len(host) > 255:
		return false
	case bits&digitClass.Bit() != 0:
		// RFC 1738 §5 hostnumber = digits "." digits "." digits "." digits
		groups, n := 1, 0
		for k := 0; k < len(host); k++ {
			if host[k] == '.' {
				groups, n = groups+1, 0
			} else if n = n*10 + int(host[k]-'0'); n > 255 {
				return false
			}
		}
		if groups != 4 {
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

// sortByOffset sorts f by offset, stably, allocating nothing.
func sortByOffset(f []Finding) {
	if len(f) < 2 {
		return
	}
	slices.SortStableFunc(f, func(a, b Finding) int { return a.Offset - b.Offset })
}

// checkPort checks port (after the ":" at offset colon) as RFC 1738 §5 port = digits.
func checkPort(dst []Finding, port string, colon int) []Finding {
	if port == "" {
		// RFC 1738 §5 port = digits (one or more); §3.1 "If the port is omitted, the colon is
		// as well."
		return append(dst, Finding{Offset: colon, Code: CodeEmptyPort, Rule: "RFC 1738 §5 port",
			Message: "\":\" with no port after it; RFC 1738 omits the colon with the port", Severity: SeverityError})
	}
	for k := 0; k < len(port); k++ {
		if c := port[k]; c < '0' || c > '9' {
			return append(dst, Finding{Offset: colon + 1 + k, Code: CodeBadPort, Rule: "RFC 1738 §5 port",
				Message: "port is not decimal digits", Severity: SeverityError})
		}
	}
	if n, ok := decimal(port); !ok || n > 65535 {
		// RFC 793 §3.1: ports are 16-bit numbers.
		return append(dst, Finding{Offset: colon + 1, Code: CodePortRange, Rule: "RFC 793 §3.1 (16-bit port)",
			Message: "port " + port + " is above 65535", Severity: SeverityError})
	}
	return dst
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
func checkHost(dst []Finding, host string, off int) []Finding {
	if len(host) > 255 {
		// RFC 1034 §3.1: a domain name is at most 255 octets.
		dst = append(dst, Finding{Offset: off, Code: CodeHostTooLong, Rule: "RFC 1034 §3.1",
			Message: "host name longer than 255 octets", Severity: SeverityWarning})
	}
	if len(host) > 1 && host[len(host)-1] == '.' {
		// RFC 1738 §5 hostname = *[ domainlabel "." ] toplabel: no final ".". (An absolute
		// DNS name, RFC 1034 §3.1, but not a URL host.)
		dst = append(dst, Finding{Offset: off + len(host) - 1, Code: CodeTrailingDot, Rule: "RFC 1738 §5 hostname",
			Message: "host " + strconv.Quote(host) + " ends in \".\"; RFC 1738 hostname has no trailing dot", Severity: SeverityError})
		host = host[:len(host)-1]
	}
	// A host of digits and dots cannot be a hostname (RFC 1738 §3.1: the top label never
	// starts with a digit), so it is read as a hostnumber.
	numeric, digits := true, false
	for i := 0; i < len(host); i++ {
		c := host[i]
		if c >= '0' && c <= '9' {
			digits = true
		} else if c != '.' {
			numeric = false
			break
		}
	}
	if numeric && digits {
		return checkHostNumber(dst, host, off)
	}
	return checkHostname(dst, host, off)
}

// checkHostNumber checks RFC 1738 §5 hostnumber = digits "." digits "." digits "." digits.
func checkHostNumber(dst []Finding, host string, off int) []Finding {
	groups := 0
	start := 0
	var warn []Finding
	for i := 0; i <= len(host); i++ {
		if i < len(host) && host[i] != '.' {
			continue
		}
		groups++
		if i == start {
			// RFC 1738 §5 digits = 1*digit
			return append(dst, Finding{Offset: off + i, Code: CodeBadHostNumber, Rule: "RFC 1738 §5 hostnumber",
				Message:  "empty group in host number " + strconv.Quote(host) + "; a host number is four groups of digits",
				Severity: SeverityError})
		}
		if n, ok := decimal(host[start:i]); !ok || n > 255 {
			// RFC 1738 §3.1: "its IP address as a set of four decimal digit groups"; an IPv4
			// address is four 8-bit octets (RFC 791 §3.2).
			warn = append(warn, Finding{Offset: off + start, Code: CodeHostNumberRange, Rule: "RFC 1738 §3.1 host",
				Message: "host number group " + host[start:i] + " is above 255: not an IP address", Severity: SeverityWarning})
		}
		start = i + 1
	}
	if groups != 4 {
		return append(dst, Finding{Offset: off, Code: CodeBadHostNumber, Rule: "RFC 1738 §5 hostnumber",
			Message: "host number " + strconv.Quote(host) + " has " + strconv.Itoa(groups) +
				" groups; RFC 1738 wants four (and a host name's top label starts with a letter)",
			Severity: SeverityError})
	}
	return append(dst, warn...)
}

// checkHostname checks RFC 1738 §5 hostname = *[ domainlabel "." ] toplabel, with
// domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit and
// toplabel = alpha | alpha *[ alphadigit | "-" ] alphadigit.
func checkHostname(dst []Finding, host string, off int) []Finding {
	start := 0
	for i := 0; i <= len(host); i++ {
		if i < len(host) && host[i] != '.' {
			continue
		}
		dst = checkLabel(dst, host, start, i, off, i == len(host))
		start = i + 1
	}
	return dst
}

// checkLabel checks the label host[start:end].
func checkLabel(dst []Finding, host string, start, end, off int, top bool) []Finding {
	const rule = "RFC 1738 §5 hostname"
	label := host[start:end]
	if label == "" {
		// RFC 1738 §5 domainlabel and toplabel have at least one character.
		at := start
		if at > 0 && (at >= len(host) || host[at] != '.') {
			at-- // the "." before the empty label at the end
		}
		return append(dst, Finding{Offset: off + at, Code: CodeEmptyLabel, Rule: rule,
			Message: "empty label in host name " + strconv.Quote(host), Severity: SeverityError})
	}
	if label[0] == '-' {
		dst = append(dst, Finding{Offset: off + start, Code: CodeLabelHyphen, Rule: rule,
			Message:  "label " + strconv.Quote(label) + " starts with \"-\"; a label starts with a letter or digit",
			Severity: SeverityError})
	} else if top && pct.Digit.Contains(label[0]) {
		// RFC 1738 §5 toplabel = alpha ...; §3.1 "The rightmost domain label will never start
		// with a digit".
		dst = append(dst, Finding{Offset: off + start, Code: CodeTopLabelDigit, Rule: rule,
			Message:  "top label " + strconv.Quote(label) + " starts with a digit; the rightmost label starts with a letter",
			Severity: SeverityError})
	}
	for i := start; i < end; {
		c := host[i]
		if pct.AlphaDigit.Contains(c) || c == '-' {
			i++
			continue
		}
		f, n := classify(host, i, off, rule)
		if f.Code == CodeDisallowedChar || f.Code == CodeReservedChar || c == '%' {
			f.Code = CodeBadHostChar
			f.Message = "character " + quoteByte(c) + " is not allowed in a host name (letters, digits, \"-\" and \".\")"
			if isEscape(host, i) {
				f.Message = "escape " + host[i:i+3] + " is not allowed in a host name (letters, digits, \"-\" and \".\")"
				n = 3
			}
		}
		dst = append(dst, f)
		i += n
	}
	if len(label) > 1 && label[len(label)-1] == '-' {
		dst = append(dst, Finding{Offset: off + end - 1, Code: CodeLabelHyphen, Rule: rule,
			Message:  "label " + strconv.Quote(label) + " ends with \"-\"; a label ends with a letter or digit",
			Severity: SeverityError})
	}
	if len(label) > 63 {
		// RFC 1034 §3.1: labels are 63 octets or less (also RFC 1123 §2.1).
		dst = append(dst, Finding{Offset: off + start, Code: CodeLabelTooLong, Rule: "RFC 1034 §3.1",
			Message: "label longer than 63 octets", Severity: SeverityWarning})
	}
	return dst
}

// loginChars is what RFC 1738 §5 user and password allow unencoded:
// *[ uchar | ";" | "?" | "&" | "=" ].
var loginChars = pct.RFC1738Uchar.With(";?&=")

// CheckLogin appends to dst the findings of RFC 1738 §5 login for u's authority: user and
// password (*[ uchar | ";" | "?" | "&" | "=" ]) and hostport. Within them ":", "@" and "/"
// must be encoded (§3.1): as [Parse] splits the authority at its last "@", an earlier "@" is
// reported as [CodeReservedChar]. It appends nothing when u has no authority.
func CheckLogin(dst []Finding, u URL) []Finding {
	if !u.HasAuthority() {
		return dst
	}
	if s, ok := u.User(); ok {
		dst = checkLoginPart(dst, s, int(u.authStart()), "RFC 1738 §5 user", "user name")
	}
	if s, ok := u.Password(); ok {
		dst = checkLoginPart(dst, s, int(u.userEnd)+1, "RFC 1738 §5 password", "password")
	}
	if validHostPortURL(u) {
		return dst
	}
	return CheckHostPort(dst, u.HostPort(), int(u.hostStart))
}

func checkLoginPart(dst []Finding, s string, off int, rule, what string) []Finding {
	if loginClass.All(s) {
		return dst
	}
	n := len(dst)
	dst = CheckChars(dst, s, off, loginChars, rule)
	for i := n; i < len(dst); i++ {
		if dst[i].Code == CodeReservedChar {
			// RFC 1738 §3.1: "Within the user and password field, any ":", "@", or "/" must
			// be encoded."
			c := s[dst[i].Offset-off]
			dst[i].Rule = "RFC 1738 §3.1 " + what
			why := ""
			switch c {
			case '@':
				why = " (the login ends at the last \"@\")"
			case ':':
				why = " (the first \":\" ends the user name)"
			}
			dst[i].Message = "reserved character " + quoteByte(c) + " in the " + what + " must be encoded as " +
				hexByte(c) + why
		}
	}
	return dst
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

// CheckRFC1738 returns the findings of the scheme-independent rules of RFC 1738 for u: the
// scheme name (RFC 1738 §2.1, §5 scheme), characters that must always be encoded (§2.2: the
// unsafe, national and punctuation characters, controls and non-ASCII octets), and the
// fragment. Reserved characters are not reported: whether one may stand unencoded depends on
// the scheme, whose checker in package scheme says (§2.2, §5). An IP literal host is reported
// once, as [CodeIPLiteral], and its brackets not as national characters.
func CheckRFC1738(u URL) []Finding {
	var dst []Finding
	s := u.s
	sspStart := 0
	if u.HasScheme() {
		sc := u.Scheme()
		for i := 0; i < len(sc); i++ {
			if c := sc[i]; 'A' <= c && c <= 'Z' {
				// RFC 1738 §5: "the scheme is in lower case; interpreters should use
				// case-ignore"; §2.1.
				dst = append(dst, Finding{Offset: i, Code: CodeSchemeUpperCase, Rule: "RFC 1738 §2.1, §5 scheme",
					Message:  "scheme " + strconv.Quote(sc) + " has upper case; schemes are written in lower case",
					Severity: SeverityWarning})
				break
			}
		}
		sspStart = len(sc) + 1
	} else if n := schemeLike(s); n > 0 {
		// RFC 1738 §5 scheme allows a digit, "+", "-" or "." first; RFC 3986 §3.1 does not.
		dst = append(dst, Finding{Offset: 0, Code: CodeSchemeDigitFirst, Rule: "RFC 1738 §5 scheme; RFC 3986 §3.1",
			Message:  "scheme " + strconv.Quote(s[:n]) + " does not start with a letter: an RFC 1738 scheme, but RFC 3986 and Parse read a relative reference",
			Severity: SeverityWarning})
		sspStart = n + 1
	} else {
		// RFC 1738 §2.1, §5 genericurl = scheme ":" schemepart.
		msg := "no scheme: a URL is <scheme>:<scheme-specific-part>"
		if s == "" {
			msg = "empty: a URL is <scheme>:<scheme-specific-part>"
		}
		dst = append(dst, Finding{Offset: 0, Code: CodeNoScheme, Rule: "RFC 1738 §2.1, §5 genericurl",
			Message: msg, Severity: SeverityError})
	}
	const rule = "RFC 1738 §2.2"
	ssp := s[:u.fragStart]
	// An IP literal is reported once rather than as two national characters.
	litStart, litEnd := -1, -1
	if u.HasAuthority() && u.hostEnd > u.hostStart && s[u.hostStart] == '[' {
		litStart, litEnd = int(u.hostStart), int(u.hostEnd)
	}
	if u.chars&(CharsUserUnsafe|CharsHostUnsafe|CharsPathUnsafe|CharsQueryUnsafe) == 0 {
		// The summary says every character before the fragment is xchar, the delimiters
		// included (an IP literal's "[" is not).
	} else if litStart >= 0 && litStart >= sspStart {
		dst = checkClass(dst, ssp[sspStart:litStart], sspStart, xcharClass, rule)
		dst = CheckHostPort(dst, s[litStart:litEnd], litStart)
		dst = checkClass(dst, ssp[litEnd:], litEnd, xcharClass, rule)
	} else if sspStart <= len(ssp) {
		dst = checkClass(dst, ssp[sspStart:], sspStart, xcharClass, rule)
	}
	if frag, ok := u.Fragment(); ok && u.chars&CharsFragmentUnsafe != 0 {
		// RFC 1738 §2.4.1: the fragment follows "#"; the URI draft: fragmentid = xalphas.
		// Unsafe characters must be encoded there too.
		dst = checkClass(dst, frag, int(u.fragStart)+1, xcharClass, "RFC 1738 §2.2, §2.4.1 fragment")
	}
	return dst
}

// SortFindings sorts f by offset (stably: findings at one offset keep their order) and drops
// repeats of a finding with the same offset and code, which arise when two checkers look at
// the same bytes (the scheme-independent [CheckRFC1738] and a scheme's own checker both see
// an unsafe character). It returns the shortened slice.
func SortFindings(f []Finding) []Finding {
	if len(f) < 2 {
		return f
	}
	sortByOffset(f)
	out := f[:0]
	for _, x := range f {
		dup := false
		for j := len(out) - 1; j >= 0 && out[j].Offset == x.Offset; j-- {
			if out[j].Code == x.Code {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, x)
		}
	}
	return out
}
