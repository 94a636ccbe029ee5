package syntax

import (
	"strconv"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/pct"
)

// CheckRFC3986 adds to sk the findings of RFC 3986 for u read as a URI-reference (§4.1): u is
// a URI (§3) when it has a scheme, else a relative-ref (§4.2). Every component is checked
// against its Appendix A production: userinfo, host (IP-literal with IPv6address,
// IPvFuture; IPv4address; reg-name), port, the path form that applies (path-abempty,
// path-absolute, path-noscheme, path-rootless, path-empty), query and fragment. Characters
// outside the URI character set are reported with the codes of [CheckChars]; a reserved
// character where its production has no place for it as [locator.CodeReservedChar].
func CheckRFC3986(sk *Sink, u locator.URL) { CheckRFC3986Ref(sk, &u) }

// CheckRFC3986Ref is CheckRFC3986 with u passed by reference, for package scheme's Check,
// which has u in memory: a URL passed by value is copied at each call.
func CheckRFC3986Ref(sk *Sink, u *locator.URL) {
	if u.HasScheme() {
		sc := u.Scheme()
		for i := 0; i < len(sc); i++ {
			if c := sc[i]; 'A' <= c && c <= 'Z' {
				// RFC 3986 §3.1: "should only produce lowercase scheme names".
				sk.Add(locator.Finding{Offset: i, Code: locator.CodeSchemeUpperCase, Rule: "RFC 3986 §3.1 scheme",
					Message:  "scheme " + display.Quote(sc) + " has upper case; the canonical form is lower case",
					Severity: locator.SeverityWarning})
				break
			}
		}
	}
	sum := u.Chars()
	if u.HasAuthority() {
		// RFC 3986 §3.2 authority = [ userinfo "@" ] host [ ":" port ]
		if ui, ok := u.Userinfo(); ok && !userinfoClass.All(ui) {
			// RFC 3986 §3.2.1 userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
			check3986Class(sk, ui, u.Offsets().User.Start, userinfoClass, "RFC 3986 §3.2.1 userinfo")
		}
		if h := u.Host(); h != "" && sum&(locator.CharsHostNot3986|locator.CharsHostAlpha) != locator.CharsHostAlpha {
			// (A host of reg-name characters with a letter or "-" is a reg-name and not
			// like an IPv4address, and so is the empty host: then there is nothing to check.)
			checkHost3986(sk, h, u.Offsets().Host.Start)
		}
		if p, ok := u.Port(); ok {
			if p == "" {
				// RFC 3986 §3.2.3: "URI producers and normalizers should omit the port
				// component and its ":" delimiter if port is empty".
				sk.Add(locator.Finding{Offset: u.Offsets().Host.End, Code: locator.CodeEmptyPort, Rule: "RFC 3986 §3.2.3 port",
					Message: "empty port: producers should omit the \":\"", Severity: locator.SeverityWarning})
			} else if !digitClass.All(p) {
				// RFC 3986 §3.2.3 port = *DIGIT
				check3986Class(sk, p, u.Offsets().Port.Start, digitClass, "RFC 3986 §3.2.3 port")
			}
		}
	}
	// (The character summary spares the scan of a component that holds only the characters
	// of its production; only a path without an authority has a form to check.)
	path, scan := u.Path(), sum&locator.CharsPathNot3986 != 0
	if scan || (!u.HasAuthority() && path != "" && (path[0] != '/' && !u.HasScheme() || strings.HasPrefix(path, "//"))) {
		checkPath3986(sk, path, pathStart(*u), u.HasScheme(), u.HasAuthority(), scan)
	}
	if q, ok := u.Query(); ok && sum&locator.CharsQueryNot3986 != 0 {
		// RFC 3986 §3.4 query = *( pchar / "/" / "?" )
		check3986Class(sk, q, u.Offsets().Query.Start, queryClass, "RFC 3986 §3.4 query")
	}
	if f, ok := u.Fragment(); ok && sum&locator.CharsFragmentNot3986 != 0 {
		// RFC 3986 §3.5 fragment = *( pchar / "/" / "?" )
		check3986Class(sk, f, u.Len()-len(f), fragmentClass, "RFC 3986 §3.5 fragment")
	}
}

// pathStart returns the offset of u's path, from the lengths of what follows it.
func pathStart(u locator.URL) int {
	n := u.Len() - len(u.Path())
	if q, ok := u.Query(); ok {
		n -= len(q) + 1
	}
	if f, ok := u.Fragment(); ok {
		n -= len(f) + 1
	}
	return n
}

// checkPath3986 checks path, at offset po of a URL, as RFC 3986 §3.3 and §4.2 have it: the
// form that applies by whether the URL has a scheme and an authority, and, when scan is set
// (the URL's character summary says the path holds a character outside pchar and "/"), each
// character.
func checkPath3986(sk *Sink, path string, po int, hasScheme, hasAuthority, scan bool) {
	const pathRule = "RFC 3986 §3.3 path"
	switch {
	case hasAuthority:
		// RFC 3986 §3.3 path-abempty = *( "/" segment ); Parse ends the authority at "/".
	case strings.HasPrefix(path, "//"):
		// RFC 3986 §3.3: without an authority the path cannot begin with "//".
		sk.Add(locator.Finding{Offset: po, Code: locator.CodeDoubleSlashPath, Rule: "RFC 3986 §3.3 path-absolute",
			Message: "a path without an authority cannot begin with \"//\"", Severity: locator.SeverityError})
	case !hasScheme && path != "" && path[0] != '/':
		// RFC 3986 §4.2 relative-part: path-noscheme = segment-nz-nc *( "/" segment );
		// segment-nz-nc has no ":" (it would be read as a scheme).
		seg := path
		if i := strings.IndexByte(seg, '/'); i >= 0 {
			seg = seg[:i]
		}
		if i := strings.IndexByte(seg, ':'); i >= 0 {
			sk.Add(locator.Finding{Offset: po + i, Code: locator.CodeColonInFirstSegment, Rule: "RFC 3986 §4.2 path-noscheme",
				Message: "\":\" in the first segment of a relative path would make it a scheme; write " +
					display.Quote("./"+seg[:min(len(seg), display.MaxQuote+8)]) + " or encode the colon as %3A",
				Severity: locator.SeverityError})
		}
	}
	// RFC 3986 §3.3 segment = *pchar; pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
	// (The character summary spares the scan of a component that holds only such characters.)
	if scan {
		check3986Class(sk, path, po, pathClass, pathRule)
	}
}

// checkHost3986 checks RFC 3986 §3.2.2 host = IP-literal / IPv4address / reg-name.
func checkHost3986(sk *Sink, host string, off int) {
	if len(host) >= 2 && host[0] == '[' && host[len(host)-1] == ']' {
		checkIPLiteral(sk, host[1:len(host)-1], off+1)
		return
	}
	if isIPv4(host) {
		return
	}
	if looksIPv4(host) {
		sk.Add(locator.Finding{Offset: off, Code: locator.CodeIPv4LikeRegName, Rule: "RFC 3986 §3.2.2 IPv4address",
			Message: "host " + display.Quote(host) + " looks like an IPv4 address but is not one (dec-octet is 0–255 " +
				"without leading zeros), so it is a reg-name; resolvers may still read it as an address, some in octal",
			Severity: locator.SeverityWarning})
	}
	// RFC 3986 §3.2.2 reg-name = *( unreserved / pct-encoded / sub-delims )
	check3986Class(sk, host, off, regNameClass, "RFC 3986 §3.2.2 reg-name")
}

// checkIPLiteral checks RFC 3986 §3.2.2 IP-literal = "[" ( IPv6address / IPvFuture ) "]";
// a starts at offset off (after "[").
func checkIPLiteral(sk *Sink, a string, off int) {
	if a != "" && (a[0] == 'v' || a[0] == 'V') {
		checkIPvFuture(sk, a, off)
		return
	}
	addr := a
	if i := strings.IndexByte(a, '%'); i >= 0 {
		// RFC 6874 §2: IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]",
		// IPv6addrz = IPv6address "%25" ZoneID — an extension RFC 3986 does not have.
		sk.Add(locator.Finding{Offset: off + i, Code: locator.CodeZoneID, Rule: "RFC 3986 §3.2.2 IP-literal",
			Message:  "zone identifier " + display.Quote(a[i:]) + " is not RFC 3986 (RFC 6874 adds \"%25\" ZoneID)",
			Severity: locator.SeverityError})
		addr = a[:i]
	}
	if at, msg := ipv6Error(addr); at >= 0 {
		sk.Add(locator.Finding{Offset: off + at, Code: locator.CodeBadIPv6, Rule: "RFC 3986 §3.2.2 IPv6address",
			Message: "IP literal " + display.Quote(addr) + " is not an IPv6 address: " + msg, Severity: locator.SeverityError})
	}
}

// checkIPvFuture checks RFC 3986 §3.2.2 IPvFuture = "v" 1*HEXDIG "." 1*( unreserved /
// sub-delims / ":" ).
func checkIPvFuture(sk *Sink, a string, off int) {
	const rule = "RFC 3986 §3.2.2 IPvFuture"
	bad := func(at int, msg string) {
		sk.Add(locator.Finding{Offset: off + at, Code: locator.CodeBadIPvFuture, Rule: rule,
			Message: "IPvFuture " + display.Quote(a) + ": " + msg, Severity: locator.SeverityError})
	}
	i := 1
	for i < len(a) && pct.Hex.Contains(a[i]) {
		i++
	}
	if i == 1 {
		bad(i, "\"v\" must be followed by a hexadecimal version")
		return
	}
	if i == len(a) || a[i] != '.' {
		bad(i, "the version must be followed by \".\"")
		return
	}
	i++
	if i == len(a) {
		bad(i-1, "nothing after the \".\"")
		return
	}
	allowed := pct.Unreserved.Union(pct.SubDelims).With(":")
	for ; i < len(a); i++ {
		if !allowed.Contains(a[i]) {
			bad(i, "character "+quoteByte(a[i])+" is not unreserved, a sub-delim or \":\"")
			return
		}
	}
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
