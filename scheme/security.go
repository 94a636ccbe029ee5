package scheme

import (
	"strconv"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
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
// a host, a login with "?" that RFC 1738 §5 and RFC 3986 §3.2 read with different hosts,
// non-ASCII hosts, ambiguous numeric hosts). An unknown scheme has no default port;
// only a port in 0–1023 is reported for it. It looks at the URL behind a "URL:" prefix
// (see [locator.ParseAs]); the offsets are u's.
func Security(u locator.URL) []locator.Finding {
	var sk syntax.Sink
	b, off := behind(u)
	securityTo(&sk, b, locator.RFC1738, true)
	return shiftFindings(sk.Findings(), off)
}

// loginTwoReadings adds to sk a CodeLoginTwoReadings warning when RFC 1738 §5 and RFC 3986
// §3.2 split u's authority differently: u was split by RFC 1738 §5 and its user information
// holds "?" ([locator.URL.LoginRFC1738]), or u was split by RFC 3986 and an "@" follows the
// "?" that ended its authority before the next "/" or "#". It allocates only the finding.
func loginTwoReadings(sk *syntax.Sink, u locator.URL) {
	if !u.HasAuthority() {
		return
	}
	if u.LoginRFC1738() {
		o := u.Offsets()
		other := "rejects the URL (its port is not digits)"
		if v, err := locator.Parse(u.String()); err == nil {
			other = "reads the host " + display.Quote(v.Host())
		}
		sk.Add(locator.Finding{Offset: o.User.Start, Code: CodeLoginTwoReadings, Rule: "RFC 1738 §5; RFC 3986 §3.2, §7.6",
			Message: "RFC 1738 §5 allows \"?\" in a login, but RFC 3986 (a browser) ends the authority at the " +
				"first \"?\" and " + other + "; write \"?\" as %3F",
			Severity: locator.SeverityWarning})
		return
	}
	if _, ok := u.Query(); !ok || u.Path() != "" {
		return
	}
	if v, err := locator.ParseAs(u.String(), locator.RFC1738); err == nil && v.LoginRFC1738() {
		sk.Add(locator.Finding{Offset: u.Offsets().Query.Start - 1, Code: CodeLoginTwoReadings, Rule: "RFC 1738 §5; RFC 3986 §3.2, §7.6",
			Message: "RFC 3986 ends the authority at this \"?\", but RFC 1738 §5 allows \"?\" in a login and, " +
				"as an \"@\" follows, reads the host " + display.Quote(v.Host()) + "; write \"?\" as %3F",
			Severity: locator.SeverityWarning})
	}
}

// securityTo adds the findings of Security to sk, which keeps the first locator.MaxFindings
// by offset and counts the rest without building them. Under locator.RFC3986 it leaves out
// a port other than the default above 1023, which RFC 3986 names no hazard for (see
// rfc3986Security in inspect.go). Without chars it leaves out the characters RFC 1738 §2.2
// says must be encoded: Inspect has the strict checker report them (as errors under RFC 1738,
// by RFC 3986's own classes under RFC 3986), so that no character is counted twice.
func securityTo(sk *syntax.Sink, u locator.URL, spec locator.Spec, chars bool) {
	info, known := Lookup(u.Scheme())
	name := info.Name
	if !known {
		name = lowerASCII(u.Scheme())
	}
	o := u.Offsets()

	// RFC 1738 §6: ports other than the default, especially reserved ones.
	if p, ok := u.Port(); ok && p != "" {
		if n, ok := syntax.Decimal(p); ok && !(known && info.DefaultPort != 0 && n == info.DefaultPort) {
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
				sk.Add(locator.Finding{Offset: o.Port.Start, Code: CodePortReserved, Rule: "RFC 1738 §6",
					Message: "port " + strconv.Itoa(n) + svc + " is a well-known port other than " + sch + "'s " + def +
						": the URL may be used to send commands to another service", Severity: locator.SeverityWarning})
			case known && info.DefaultPort != 0 && spec != locator.RFC3986:
				sk.Add(locator.Finding{Offset: o.Port.Start, Code: CodePortNotDefault, Rule: "RFC 1738 §6",
					Message:  "port " + p + " is not " + sch + "'s " + def + "; the server may speak another protocol",
					Severity: locator.SeverityWarning})
			}
		}
	}

	// RFC 1738 §6, §3.1; RFC 3986 §3.2.1, §7.5: passwords.
	if p, ok := u.Password(); ok && p != "" {
		sk.Add(locator.Finding{Offset: o.Password.Start, Code: CodePassword, Rule: "RFC 1738 §6; RFC 3986 §3.2.1",
			Message: "the URL holds a password, which anyone who sees the URL can read", Severity: locator.SeverityWarning})
	}

	// RFC 3986 §7.6: user information that looks like the host.
	if user, ok := u.User(); ok && looksLikeHostname(user) {
		sk.Add(locator.Finding{Offset: o.User.Start, Code: CodeUserinfoLikeHost, Rule: "RFC 3986 §7.6",
			Message: "user name " + display.Quote(user) + " looks like a host name, but the host is " +
				display.Quote(u.Host()), Severity: locator.SeverityWarning})
	}

	// RFC 1738 §5 and RFC 3986 §3.2: a "?" in the login, read two ways.
	loginTwoReadings(sk, u)

	// RFC 3986 §7.6, RFC 3987 §8: look-alike hosts; RFC 3986 §7.4: rare IP address formats.
	if u.HasAuthority() {
		h := u.Host()
		for i := 0; i < len(h); i++ {
			if h[i] >= 0x80 {
				sk.Add(locator.Finding{Offset: o.Host.Start, Code: CodeNonASCIIHost, Rule: "RFC 3986 §7.6; RFC 3987 §8",
					Message:  "host " + display.Quote(h) + " has non-ASCII characters, which may imitate another host",
					Severity: locator.SeverityWarning})
				break
			}
		}
		if ambiguousHostNumber(h) {
			sk.Add(locator.Finding{Offset: o.Host.Start, Code: CodeAmbiguousHostNumber, Rule: "RFC 3986 §7.4",
				Message: "numeric host " + display.Quote(h) + " is not a plain dotted quad; resolvers may read it " +
					"as another address (octal, hexadecimal or fewer groups)", Severity: locator.SeverityWarning})
		}
	}

	// RFC 1738 §6: encoded delimiters of the protocol.
	encodedDelimiters(sk, u, name)

	// RFC 1738 §6 with RFC 854: a byte 0xFF is the Telnet IAC on ftp's control connection
	// (RFC 959 §4.1, §5.3) and on a telnet session.
	switch name {
	case "ftp":
		sk.AddAll(telnetIACFindings(nil, u, "RFC 959 §4.1, §5.3; RFC 854; RFC 1738 §6",
			"an ftp plan sends it doubled (IAC IAC) on the Telnet control connection", partUser, partPassword, partRest))
	case "telnet":
		sk.AddAll(telnetIACFindings(nil, u, "RFC 854; RFC 1738 §6",
			"a Telnet client sends it doubled (IAC IAC), and a telnet plan refuses it", partUser, partPassword))
	}

	// RFC 1738 §2.2: characters that must always be encoded. An IP literal's brackets are
	// left to the checkers; non-ASCII host characters are reported above.
	if !chars {
		return
	}
	s := u.String()
	for i := 0; i < len(s); {
		c := s[i]
		inHost := u.HasAuthority() && i >= o.Host.Start && i < o.Host.End
		if pct.RFC1738Xchar.Contains(c) || syntax.IsEscape(s, i) || (inHost && (c == '[' || c == ']' || c >= 0x80)) ||
			(c == '#' && i == o.Fragment.Start-1) {
			if syntax.IsEscape(s, i) {
				i += 3
			} else {
				i++
			}
			continue
		}
		if !sk.Take(i, CodeUnencodedChar, locator.SeverityWarning) {
			i += syntax.CharLen(s, i)
			continue
		}
		f, w := syntax.Classify(s, i, 0, "RFC 1738 §2.2")
		f.Code = CodeUnencodedChar
		f.Severity = locator.SeverityWarning
		sk.Add(f)
		i += w
	}
}

// encodedDelimiters reports escapes that decode to CR, LF, NUL, and TAB where it matters.
func encodedDelimiters(sk *syntax.Sink, u locator.URL, scheme string) {
	s := u.String()
	o := u.Offsets()
	tabs := 0 // %09 seen in a gopher path
	for i := 0; i+2 < len(s); i++ {
		if !syntax.IsEscape(s, i) {
			continue
		}
		v, _ := pct.Unhex(s[i+1], s[i+2])
		switch v {
		case '\r', '\n':
			if !sk.Take(i, CodeEncodedLineBreak, locator.SeverityWarning) {
				break
			}
			sk.Add(locator.Finding{Offset: i, Code: CodeEncodedLineBreak, Rule: "RFC 1738 §6",
				Message:  "escape " + s[i:i+3] + " decodes to a line break; decoded before transmission it could add a protocol command",
				Severity: locator.SeverityWarning})
		case 0:
			if !sk.Take(i, CodeEncodedNUL, locator.SeverityWarning) {
				break
			}
			sk.Add(locator.Finding{Offset: i, Code: CodeEncodedNUL, Rule: "RFC 1738 §6; RFC 3986 §7.3",
				Message: "escape %00 decodes to NUL, which ends strings in many programs", Severity: locator.SeverityWarning})
		case '\t':
			report := tabSchemes[scheme]
			if scheme == "gopher" {
				// RFC 1738 §3.4: gopherurl = ... [ gtype [ selector [ "%09" search [ "%09"
				// gopher+_string ] ] ] ]: two %09 in the path are separators.
				inPath := i >= o.Path.Start && (o.Fragment.Start < 0 || i < o.Fragment.Start-1)
				if inPath {
					tabs++
				}
				report = !inPath || tabs > 2
			}
			if report && sk.Take(i, CodeEncodedTab, locator.SeverityWarning) {
				sk.Add(locator.Finding{Offset: i, Code: CodeEncodedTab, Rule: "RFC 1738 §6",
					Message: "escape %09 decodes to TAB, a delimiter in " + scheme + "'s protocol lines", Severity: locator.SeverityWarning})
			}
		}
		i += 2
	}
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
	if syntax.IsIPv4(d) {
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
	if h == "" || syntax.IsIPv4(h) {
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
