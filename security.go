package locator

import (
	"strconv"
	"strings"

	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/pct"
)

// The codes of [Security]. Every finding of Security is a warning: the URL may be valid, but
// using it is risky (RFC 1738 §6; RFC 3986 §7).
const (
	// CodePortNotDefault: a port other than the scheme's default, above 1023. RFC 1738 §6:
	// "Caution should be used when using any URL which specifies a port number other than
	// the default for the protocol".
	CodePortNotDefault Code = "port-not-default"
	// CodePortReserved: a port in 0–1023, the well-known ports, that is not the scheme's
	// default (or the scheme has none): the client may talk to another service, whose
	// protocol reads the URL's content as commands (RFC 1738 §6, "especially when it is a
	// number within the reserved space"; the example of gopher URLs sending mail through SMTP).
	CodePortReserved Code = "port-reserved"
	// CodePassword: a non-empty password in the URL. RFC 1738 §6: "The use of URLs
	// containing passwords that should be secret is clearly unwise"; RFC 3986 §3.2.1
	// deprecates "user:password".
	CodePassword Code = "password-in-url"
	// CodeEncodedLineBreak: %0D or %0A, which decode to CR and LF, the line ends of
	// text protocols: decoded before transmission they add a command (RFC 1738 §6, "CR and LF
	// characters for telnet protocols"; RFC 3986 §7.3).
	CodeEncodedLineBreak Code = "encoded-line-break"
	// CodeEncodedNUL: %00, which decodes to NUL, a string terminator for many programs
	// (RFC 3986 §7.3). (The 1994 URL draft's prospero version form uses %00 on purpose.)
	CodeEncodedNUL Code = "encoded-nul"
	// CodeEncodedTab: %09 in a scheme whose protocol lines treat TAB as a delimiter or
	// whitespace (ftp, http, https, news, nntp, telnet). In gopher, %09 separates the
	// selector, the search and the gopher+ string (RFC 1738 §3.4) and is not reported
	// unless more than two stand in the path.
	CodeEncodedTab Code = "encoded-tab"
	// CodeUnencodedChar: a character that RFC 1738 §2.2 says must always be encoded (unsafe,
	// national, control or non-ASCII) standing unencoded: programs disagree on where such a
	// URL ends and what it holds.
	CodeUnencodedChar Code = "unencoded-unsafe-char"
	// CodeNonASCIIHost: a host with non-ASCII characters, which may imitate another host
	// with look-alike characters (RFC 3986 §7.6 semantic attacks; RFC 3987 §8).
	CodeNonASCIIHost Code = "non-ascii-host"
	// CodeUserinfoLikeHost: user information that looks like a host name, as in
	// "http://www.bank.example@evil.example/": readers take the user name for the host
	// (RFC 3986 §7.6).
	CodeUserinfoLikeHost Code = "userinfo-looks-like-host"
	// CodeAmbiguousHostNumber: a numeric host that is not a plain dotted quad ("0177.0.0.1",
	// "0x7f.1", "2130706433"): resolvers read leading zeros as octal and fewer groups as
	// larger numbers, so the address is not what it seems (RFC 3986 §7.4).
	CodeAmbiguousHostNumber Code = "ambiguous-host-number"
)

// wellKnown names the services of some ports that RFC 1738 §6 warns about.
var wellKnown = map[int]string{
	7: "echo", 19: "chargen", 21: "FTP", 22: "SSH", 23: "Telnet", 25: "SMTP", 53: "DNS",
	70: "Gopher", 79: "Finger", 80: "HTTP", 110: "POP3", 119: "NNTP", 143: "IMAP",
	210: "WAIS", 389: "LDAP", 443: "HTTPS", 465: "SMTPS", 587: "mail submission",
	993: "IMAPS", 995: "POP3S",
}

// tabSchemes are the schemes whose protocol lines a decoded TAB would reach.
var tabSchemes = map[string]bool{
	"ftp": true, "http": true, "https": true, "news": true, "nntp": true, "telnet": true,
}

// Security returns the security findings of RFC 1738 §6 (and RFC 3986 §7) for u, all
// warnings, in offset order: a port other than the scheme's default, a password, encoded
// characters that decode into protocol delimiters (CR, LF, NUL; TAB where it matters),
// characters that must be encoded, and hosts made to deceive (a user name that looks like
// a host, non-ASCII hosts, ambiguous numeric hosts). An unknown scheme has no default port;
// only a port in 0–1023 is reported for it.
func Security(u URL) []Finding {
	var dst []Finding
	info, known := LookupScheme(u.Scheme())
	name := info.Name
	if !known {
		name = lowerASCII(u.Scheme())
	}
	o := u.Offsets()

	// RFC 1738 §6: ports other than the default, especially reserved ones.
	if p, ok := u.Port(); ok && p != "" {
		if n, ok := decimal(p); ok && !(known && info.DefaultPort != 0 && n == info.DefaultPort) {
			def := "no default port"
			if known && info.DefaultPort != 0 {
				def = "default port " + strconv.Itoa(info.DefaultPort)
			}
			sch := name
			if sch == "" {
				sch = "a relative reference"
			}
			switch {
			case n <= 1023:
				svc := ""
				if s, ok := wellKnown[n]; ok {
					svc = " (" + s + ")"
				}
				dst = append(dst, Finding{Offset: o.Port.Start, Code: CodePortReserved, Rule: "RFC 1738 §6",
					Message: "port " + strconv.Itoa(n) + svc + " is a well-known port other than " + sch + "'s " + def +
						": the URL may be used to send commands to another service", Severity: SeverityWarning})
			case known && info.DefaultPort != 0:
				dst = append(dst, Finding{Offset: o.Port.Start, Code: CodePortNotDefault, Rule: "RFC 1738 §6",
					Message:  "port " + strconv.Itoa(n) + " is not " + sch + "'s " + def + "; the server may speak another protocol",
					Severity: SeverityWarning})
			}
		}
	}

	// RFC 1738 §6, §3.1; RFC 3986 §3.2.1, §7.5: passwords.
	if p, ok := u.Password(); ok && p != "" {
		dst = append(dst, Finding{Offset: o.Password.Start, Code: CodePassword, Rule: "RFC 1738 §6; RFC 3986 §3.2.1",
			Message: "the URL holds a password, which anyone who sees the URL can read", Severity: SeverityWarning})
	}

	// RFC 3986 §7.6: user information that looks like the host.
	if user, ok := u.User(); ok && looksLikeHostname(user) {
		dst = append(dst, Finding{Offset: o.User.Start, Code: CodeUserinfoLikeHost, Rule: "RFC 3986 §7.6",
			Message: "user name " + display.Quote(user) + " looks like a host name, but the host is " +
				display.Quote(u.Host()), Severity: SeverityWarning})
	}

	// RFC 3986 §7.6, RFC 3987 §8: look-alike hosts; §7.4: rare IP address formats.
	if u.HasAuthority() {
		h := u.Host()
		for i := 0; i < len(h); i++ {
			if h[i] >= 0x80 {
				dst = append(dst, Finding{Offset: o.Host.Start, Code: CodeNonASCIIHost, Rule: "RFC 3986 §7.6; RFC 3987 §8",
					Message:  "host " + display.Quote(h) + " has non-ASCII characters, which may imitate another host",
					Severity: SeverityWarning})
				break
			}
		}
		if ambiguousHostNumber(h) {
			dst = append(dst, Finding{Offset: o.Host.Start, Code: CodeAmbiguousHostNumber, Rule: "RFC 3986 §7.4",
				Message: "numeric host " + display.Quote(h) + " is not a plain dotted quad; resolvers may read it " +
					"as another address (octal, hexadecimal or fewer groups)", Severity: SeverityWarning})
		}
	}

	// RFC 1738 §6: encoded delimiters of the protocol.
	more := 0 // findings past MaxFindings, counted but not built
	dst = encodedDelimiters(dst, u, name, &more)

	// RFC 1738 §2.2: characters that must always be encoded. An IP literal's brackets are
	// left to the checkers; non-ASCII host characters are reported above.
	s := u.s
	for i := 0; i < len(s); {
		c := s[i]
		inHost := u.HasAuthority() && i >= o.Host.Start && i < o.Host.End
		if pct.RFC1738Xchar.Contains(c) || isEscape(s, i) || (inHost && (c == '[' || c == ']' || c >= 0x80)) ||
			(c == '#' && i == int(u.fragStart) && u.flags&hasFragment != 0) {
			if isEscape(s, i) {
				i += 3
			} else {
				i++
			}
			continue
		}
		if len(dst) >= MaxFindings {
			more++
			i += charWidth(s, i)
			continue
		}
		f, w := classify(s, i, 0, "RFC 1738 §2.2")
		f.Code = CodeUnencodedChar
		f.Severity = SeverityWarning
		dst = append(dst, f)
		i += w
	}
	return capFindings(sortFindings(dst), more)
}

// encodedDelimiters reports escapes that decode to CR, LF, NUL, and TAB where it matters;
// past MaxFindings findings in dst, it counts them in *more.
func encodedDelimiters(dst []Finding, u URL, scheme string, more *int) []Finding {
	s := u.s
	tabs := 0 // %09 seen in a gopher path
	for i := 0; i+2 < len(s); i++ {
		if !isEscape(s, i) {
			continue
		}
		v, _ := pct.Unhex(s[i+1], s[i+2])
		if len(dst) >= MaxFindings && (v == '\r' || v == '\n' || v == 0) {
			*more++
			i += 2
			continue
		}
		switch v {
		case '\r', '\n':
			dst = append(dst, Finding{Offset: i, Code: CodeEncodedLineBreak, Rule: "RFC 1738 §6",
				Message:  "escape " + s[i:i+3] + " decodes to a line break; decoded before transmission it could add a protocol command",
				Severity: SeverityWarning})
		case 0:
			dst = append(dst, Finding{Offset: i, Code: CodeEncodedNUL, Rule: "RFC 1738 §6; RFC 3986 §7.3",
				Message: "escape %00 decodes to NUL, which ends strings in many programs", Severity: SeverityWarning})
		case '\t':
			report := tabSchemes[scheme]
			if scheme == "gopher" {
				// RFC 1738 §3.4: gopherurl = ... [ gtype [ selector [ "%09" search [ "%09"
				// gopher+_string ] ] ] ]: two %09 in the path are separators.
				inPath := i >= int(u.pathStart) && i < int(u.fragStart)
				if inPath {
					tabs++
				}
				report = !inPath || tabs > 2
			}
			if report && len(dst) >= MaxFindings {
				*more++
			} else if report {
				dst = append(dst, Finding{Offset: i, Code: CodeEncodedTab, Rule: "RFC 1738 §6",
					Message: "escape %09 decodes to TAB, a delimiter in " + scheme + "'s protocol lines", Severity: SeverityWarning})
			}
		}
		i += 2
	}
	return dst
}

// looksLikeHostname reports whether s (a user name as written) reads as a host name: labels
// of letters, digits and "-" with at least one "." and a top label starting with a letter,
// or a dotted quad.
func looksLikeHostname(s string) bool {
	d, err := pct.Decode(s)
	if err != nil || d == "" {
		return false
	}
	dots, labelStart := 0, 0
	for i := 0; i < len(d); i++ {
		c := d[i]
		switch {
		case c == '.':
			if i == labelStart {
				return false
			}
			dots++
			labelStart = i + 1
		case pct.AlphaDigit.Contains(c) || c == '-':
		default:
			return false
		}
	}
	if dots == 0 || labelStart == len(d) {
		return false
	}
	if isIPv4(d) {
		return true
	}
	// A user name like "john.doe" is common; it takes more to look like a host: three
	// labels, a "www." start, or a common top-level domain.
	top := lowerASCII(d[labelStart:])
	return pct.Alpha.Contains(top[0]) &&
		(dots >= 2 || strings.HasPrefix(lowerASCII(d), "www.") || commonTLDs[top])
}

// commonTLDs are top-level domains that make a dotted user name look like a host.
var commonTLDs = map[string]bool{
	"com": true, "net": true, "org": true, "edu": true, "gov": true, "mil": true, "int": true,
	"info": true, "biz": true, "io": true, "co": true, "uk": true, "de": true, "fr": true,
	"ru": true, "cn": true, "jp": true, "us": true, "example": true, "test": true,
}

// ambiguousHostNumber reports whether h is made of one to four dot-separated groups of
// decimal digits or "0x" hexadecimal (what inet_aton accepts), but is not an RFC 3986
// IPv4address: leading zeros (octal), hexadecimal, or fewer than four groups.
func ambiguousHostNumber(h string) bool {
	if h == "" || isIPv4(h) {
		return false
	}
	if h[len(h)-1] == '.' {
		h = h[:len(h)-1] // a final dot changes nothing for a resolver
	}
	groups := 0
	for h != "" {
		j := 0
		if len(h) > 2 && h[0] == '0' && (h[1] == 'x' || h[1] == 'X') {
			j = 2
			for j < len(h) && pct.Hex.Contains(h[j]) {
				j++
			}
		} else {
			for j < len(h) && pct.Digit.Contains(h[j]) {
				j++
			}
		}
		if j == 0 {
			return false
		}
		groups++
		h = h[j:]
		if h == "" {
			break
		}
		if h[0] != '.' || len(h) == 1 {
			return false
		}
		h = h[1:]
	}
	return groups >= 1 && groups <= 4
}
