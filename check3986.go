package locator

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/locator-url/locator/pct"
)

// The codes of [CheckRFC3986], besides the character codes it shares with the RFC 1738
// checkers ([CodeControl], [CodeNonASCII], [CodeReservedChar], [CodeDisallowedChar]) and
// [CodeSchemeUpperCase] and [CodeEmptyPort], which it reports as warnings.
const (
	// CodeBadIPv6: an IP literal that is not RFC 3986 §3.2.2 IPv6address (one of its nine
	// forms, with h16 = 1*4HEXDIG and an optional final IPv4address).
	CodeBadIPv6 Code = "bad-ipv6address"
	// CodeBadIPvFuture: an IP literal starting with "v" that is not RFC 3986 §3.2.2
	// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
	CodeBadIPvFuture Code = "bad-ipvfuture"
	// CodeZoneID: an IPv6 zone identifier ("[fe80::1%25eth0]"), which RFC 6874 adds and
	// RFC 3986 §3.2.2 IP-literal does not allow.
	CodeZoneID Code = "zone-id-not-rfc3986"
	// CodeIPv4LikeRegName (warning): a host of four dot-separated decimal groups that is not
	// IPv4address (a group above 255 or with a leading zero), and so is a reg-name by
	// RFC 3986 §3.2.2 ("the first-match-wins algorithm") — yet many resolvers read it as an
	// address, some in octal (§7.4).
	CodeIPv4LikeRegName Code = "ipv4-like-reg-name"
	// CodeColonInFirstSegment: a relative reference whose first path segment holds ":", which
	// would be read as a scheme (RFC 3986 §4.2, §3.3 path-noscheme). Write "./" before it.
	CodeColonInFirstSegment Code = "colon-in-first-segment"
	// CodeDoubleSlashPath: a path starting with "//" without an authority (RFC 3986 §3.3:
	// "the path cannot begin with two slash characters"). [Parse] never produces one.
	CodeDoubleSlashPath Code = "path-double-slash"
)

// CheckRFC3986 returns the findings of RFC 3986 for u read as a URI-reference (§4.1): u is a
// URI (§3) when it has a scheme, else a relative-ref (§4.2). Every component is checked
// against its Appendix A production: userinfo, host (IP-literal with IPv6address,
// IPvFuture; IPv4address; reg-name), port, the path form that applies (path-abempty,
// path-absolute, path-noscheme, path-rootless, path-empty), query and fragment. Characters
// outside the URI character set are reported with the codes of [CheckChars]; a reserved
// character where its production has no place for it as [CodeReservedChar].
func CheckRFC3986(u URL) []Finding {
	var dst []Finding
	if u.HasScheme() {
		sc := u.Scheme()
		for i := 0; i < len(sc); i++ {
			if c := sc[i]; 'A' <= c && c <= 'Z' {
				// RFC 3986 §3.1: "should only produce lowercase scheme names".
				dst = append(dst, Finding{Offset: i, Code: CodeSchemeUpperCase, Rule: "RFC 3986 §3.1 scheme",
					Message:  "scheme " + strconv.Quote(sc) + " has upper case; the canonical form is lower case",
					Severity: SeverityWarning})
				break
			}
		}
	}
	if u.HasAuthority() {
		// RFC 3986 §3.2 authority = [ userinfo "@" ] host [ ":" port ]
		if ui, ok := u.Userinfo(); ok {
			// RFC 3986 §3.2.1 userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
			dst = check3986Class(dst, ui, int(u.authStart()), userinfoClass, "RFC 3986 §3.2.1 userinfo")
		}
		if u.chars&(CharsHostNot3986|CharsHostAlpha) != CharsHostAlpha {
			// (A host of reg-name characters with a letter or "-" is a reg-name and not
			// like an IPv4address: then there is nothing to check.)
			dst = checkHost3986(dst, u.Host(), int(u.hostStart))
		}
		if p, ok := u.Port(); ok {
			if p == "" {
				// RFC 3986 §3.2.3: "URI producers and normalizers should omit the port
				// component and its ":" delimiter if port is empty".
				dst = append(dst, Finding{Offset: int(u.hostEnd), Code: CodeEmptyPort, Rule: "RFC 3986 §3.2.3 port",
					Message: "empty port: producers should omit the \":\"", Severity: SeverityWarning})
			} else {
				// RFC 3986 §3.2.3 port = *DIGIT
				dst = check3986Class(dst, p, int(u.hostEnd)+1, digitClass, "RFC 3986 §3.2.3 port")
			}
		}
	}
	path := u.Path()
	po := int(u.pathStart)
	const pathRule = "RFC 3986 §3.3 path"
	switch {
	case u.HasAuthority():
		// RFC 3986 §3.3 path-abempty = *( "/" segment ); Parse ends the authority at "/".
	case strings.HasPrefix(path, "//"):
		// RFC 3986 §3.3: without an authority the path cannot begin with "//".
		dst = append(dst, Finding{Offset: po, Code: CodeDoubleSlashPath, Rule: "RFC 3986 §3.3 path-absolute",
			Message: "a path without an authority cannot begin with \"//\"", Severity: SeverityError})
	case !u.HasScheme() && path != "" && path[0] != '/':
		// RFC 3986 §4.2 relative-part: path-noscheme = segment-nz-nc *( "/" segment );
		// segment-nz-nc has no ":" (it would be read as a scheme).
		seg := path
		if i := strings.IndexByte(seg, '/'); i >= 0 {
			seg = seg[:i]
		}
		if i := strings.IndexByte(seg, ':'); i >= 0 {
			dst = append(dst, Finding{Offset: po + i, Code: CodeColonInFirstSegment, Rule: "RFC 3986 §4.2 path-noscheme",
				Message: "\":\" in the first segment of a relative path would make it a scheme; write \"./" +
					seg + "\" or encode the colon as %3A", Severity: SeverityError})
		}
	}
	// RFC 3986 §3.3 segment = *pchar; pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
	// (The character summary spares the scan of a component that holds only such characters.)
	if u.chars&CharsPathNot3986 != 0 {
		dst = check3986Class(dst, path, po, pathClass, pathRule)
	}
	if q, ok := u.Query(); ok && u.chars&CharsQueryNot3986 != 0 {
		// RFC 3986 §3.4 query = *( pchar / "/" / "?" )
		dst = check3986Class(dst, q, int(u.queryStart)+1, queryClass, "RFC 3986 §3.4 query")
	}
	if f, ok := u.Fragment(); ok && u.chars&CharsFragmentNot3986 != 0 {
		// RFC 3986 §3.5 fragment = *( pchar / "/" / "?" )
		dst = check3986Class(dst, f, int(u.fragStart)+1, fragmentClass, "RFC 3986 §3.5 fragment")
	}
	return SortFindings(dst)
}

// classify3986 returns the finding for the character at s[i] that RFC 3986 does not allow
// there and the number of bytes it covers (a whole UTF-8 character for non-ASCII text).
func classify3986(s string, i, off int, rule string) (Finding, int) {
	c := s[i]
	f := Finding{Offset: off + i, Rule: rule, Severity: SeverityError}
	if c < 0x80 {
		t := &asciiFindings3986()[c]
		f.Code, f.Message = t.code, t.msg
		return f, 1
	}
	// RFC 3986 §2: a URI is ASCII; RFC 3987 IRIs allow UCS characters.
	n := 1
	f.Code = CodeNonASCII
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && size <= 1 {
		f.Message = "non-ASCII byte " + hexByte(c)[1:] + " must be percent-encoded as " + hexByte(c)
	} else {
		n = size
		f.Message = "non-ASCII character " + strconv.Quote(string(r)) + " must be percent-encoded as " +
			hexBytes(s[i:i+size]) + " (an IRI, RFC 3987, may hold it; a URI may not)"
	}
	return f, n
}

// asciiFindings3986 returns the code and message classify3986 gives each US-ASCII byte,
// built once, so that reporting a character allocates nothing.
var asciiFindings3986 = sync.OnceValue(func() *[0x80]charFinding {
	var t [0x80]charFinding
	for c := range t {
		t[c].code, t[c].msg = classifyASCII3986(byte(c))
	}
	return &t
})

// classifyASCII3986 returns the code and message of the finding for the US-ASCII character
// c, which RFC 3986 does not allow where it stands.
func classifyASCII3986(c byte) (Code, string) {
	switch {
	case pct.RFC1738Control.Contains(c):
		return CodeControl, "control character " + hexByte(c) + " must be percent-encoded (RFC 3986 §2)"
	case c == '%':
		return CodeBadEscape, "\"%\" not followed by two hex digits must be encoded as %25 (RFC 3986 §2.1)"
	case pct.Reserved.Contains(c):
		// RFC 3986 §2.2: a reserved character outside its delimiting role must be
		// percent-encoded.
		return CodeReservedChar, "reserved character " + quoteByte(c) + " is not allowed here; encode it as " + hexByte(c)
	default:
		// RFC 3986 §2: not unreserved, reserved or "%".
		return CodeDisallowedChar, "character " + quoteByte(c) + " is not allowed in a URI; encode it as " + hexByte(c)
	}
}

// checkHost3986 checks RFC 3986 §3.2.2 host = IP-literal / IPv4address / reg-name.
func checkHost3986(dst []Finding, host string, off int) []Finding {
	if len(host) >= 2 && host[0] == '[' && host[len(host)-1] == ']' {
		return checkIPLiteral(dst, host[1:len(host)-1], off+1)
	}
	if isIPv4(host) {
		return dst
	}
	if looksIPv4(host) {
		dst = append(dst, Finding{Offset: off, Code: CodeIPv4LikeRegName, Rule: "RFC 3986 §3.2.2 IPv4address",
			Message: "host " + strconv.Quote(host) + " looks like an IPv4 address but is not one (dec-octet is 0–255 " +
				"without leading zeros), so it is a reg-name; resolvers may still read it as an address, some in octal",
			Severity: SeverityWarning})
	}
	// RFC 3986 §3.2.2 reg-name = *( unreserved / pct-encoded / sub-delims )
	return check3986Class(dst, host, off, regNameClass, "RFC 3986 §3.2.2 reg-name")
}

// checkIPLiteral checks RFC 3986 §3.2.2 IP-literal = "[" ( IPv6address / IPvFuture ) "]";
// a starts at offset off (after "[").
func checkIPLiteral(dst []Finding, a string, off int) []Finding {
	if a != "" && (a[0] == 'v' || a[0] == 'V') {
		return checkIPvFuture(dst, a, off)
	}
	addr := a
	if i := strings.IndexByte(a, '%'); i >= 0 {
		// RFC 6874 §2: IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]",
		// IPv6addrz = IPv6address "%25" ZoneID — an extension RFC 3986 does not have.
		dst = append(dst, Finding{Offset: off + i, Code: CodeZoneID, Rule: "RFC 3986 §3.2.2 IP-literal",
			Message:  "zone identifier " + strconv.Quote(a[i:]) + " is not RFC 3986 (RFC 6874 adds \"%25\" ZoneID)",
			Severity: SeverityError})
		addr = a[:i]
	}
	if at, msg := ipv6Error(addr); at >= 0 {
		dst = append(dst, Finding{Offset: off + at, Code: CodeBadIPv6, Rule: "RFC 3986 §3.2.2 IPv6address",
			Message: "IP literal " + strconv.Quote(addr) + " is not an IPv6 address: " + msg, Severity: SeverityError})
	}
	return dst
}

// checkIPvFuture checks RFC 3986 §3.2.2 IPvFuture = "v" 1*HEXDIG "." 1*( unreserved /
// sub-delims / ":" ).
func checkIPvFuture(dst []Finding, a string, off int) []Finding {
	const rule = "RFC 3986 §3.2.2 IPvFuture"
	bad := func(at int, msg string) []Finding {
		return append(dst, Finding{Offset: off + at, Code: CodeBadIPvFuture, Rule: rule,
			Message: "IPvFuture " + strconv.Quote(a) + ": " + msg, Severity: SeverityError})
	}
	i := 1
	for i < len(a) && pct.Hex.Contains(a[i]) {
		i++
	}
	if i == 1 {
		return bad(i, "\"v\" must be followed by a hexadecimal version")
	}
	if i == len(a) || a[i] != '.' {
		return bad(i, "the version must be followed by \".\"")
	}
	i++
	if i == len(a) {
		return bad(i-1, "nothing after the \".\"")
	}
	allowed := pct.Unreserved.Union(pct.SubDelims).With(":")
	for ; i < len(a); i++ {
		if !allowed.Contains(a[i]) {
			return bad(i, "character "+quoteByte(a[i])+" is not unreserved, a sub-delim or \":\"")
		}
	}
	return dst
}

// ipv6Error checks RFC 3986 §3.2.2 IPv6address and returns -1, "" when a is one, else the
// offset in a of the problem and a description. The nine forms of the ABNF come to: h16
// pieces separated by ":", the last 32 bits possibly an IPv4address (ls32), and either
// exactly eight 16-bit pieces, or at most seven around a single "::".
func ipv6Error(a string) (int, string) {
	if a == "" {
		return 0, "empty"
	}
	pieces := 0 // 16-bit pieces seen
	dbl := -1   // offset of "::"
	i := 0
	if strings.HasPrefix(a, "::") {
		dbl = 0
		i = 2
		if i == len(a) {
			return -1, ""
		}
	} else if a[0] == ':' {
		return 0, "a single \":\" cannot start the address"
	}
	for i < len(a) {
		// one piece: h16, or an IPv4address at the end (ls32)
		j := i
		for j < len(a) && pct.Hex.Contains(a[j]) {
			j++
		}
		if j < len(a) && a[j] == '.' {
			// ls32 = IPv4address, only as the last 32 bits: the rest of a.
			if !isIPv4(a[i:]) {
				return i, "the embedded IPv4 address is not four dec-octets (0–255, no leading zeros)"
			}
			pieces += 2
			break
		}
		if j == i {
			return i, "expected 1 to 4 hexadecimal digits"
		}
		if j-i > 4 {
			return i + 4, "more than 4 hexadecimal digits in a group (h16 = 1*4HEXDIG)"
		}
		pieces++
		i = j
		if i == len(a) {
			break
		}
		if a[i] != ':' {
			return i, "character " + quoteByte(a[i]) + " is not a hexadecimal digit or \":\""
		}
		if i+1 < len(a) && a[i+1] == ':' {
			if dbl >= 0 {
				return i, "\"::\" may appear only once"
			}
			dbl = i
			i += 2
			if i == len(a) {
				break
			}
			continue
		}
		i++
		if i == len(a) {
			return i - 1, "a single \":\" cannot end the address"
		}
	}
	switch {
	case dbl < 0 && pieces < 8:
		return len(a), "only " + strconv.Itoa(pieces) + " of 8 groups (16-bit pieces) and no \"::\""
	case dbl < 0 && pieces > 8:
		return 0, strconv.Itoa(pieces) + " groups; an address has 8"
	case dbl >= 0 && pieces > 7:
		return dbl, "\"::\" stands for at least one group, but " + strconv.Itoa(pieces) + " are written"
	}
	return -1, ""
}

// isIPv4 reports whether s is RFC 3986 §3.2.2 IPv4address = dec-octet "." dec-octet "."
// dec-octet "." dec-octet, dec-octet being 0–255 without leading zeros.
func isIPv4(s string) bool {
	groups := 0
	for {
		j := 0
		for j < len(s) && j < 4 && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == 0 || j > 3 || (j > 1 && s[0] == '0') {
			return false
		}
		if n, _ := decimal(s[:j]); n > 255 {
			return false
		}
		groups++
		s = s[j:]
		if groups == 4 {
			return s == ""
		}
		if s == "" || s[0] != '.' {
			return false
		}
		s = s[1:]
	}
}

// looksIPv4 reports whether s is four dot-separated groups of decimal digits.
func looksIPv4(s string) bool {
	groups, digits := 1, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '.':
			if digits == 0 {
				return false
			}
			groups, digits = groups+1, 0
		case c >= '0' && c <= '9':
			digits++
		default:
			return false
		}
	}
	return groups == 4 && digits > 0
}
