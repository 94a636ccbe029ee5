package scheme

import (
	"strconv"
	"strings"

	"golang.org/x/net/idna"

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
// characters that decode into protocol delimiters (CR, LF, NUL; TAB where it matters; not the
// lines of a well-formed gopher+ ASK block, RFC 1738 §3.4.9), characters that must be
// encoded, and hosts made to deceive (a user name that looks like a host or holds one before
// a delimiter, as in RFC 3986 §7.6's "cnn.example.com&story=breaking_news@10.0.0.1", or after
// an "@", "user@www.bank.example@evil.example"; a login with "?"
// that RFC 1738 §5 and RFC 3986 §3.2 read with different hosts; non-ASCII hosts; ambiguous
// numeric hosts; a host written with escapes is checked decoded too, RFC 3986 §7.3). An
// unknown scheme has no default port; only a port in 0–1023 is reported for it. A port is
// named by its number ("0025" is port 25). It looks at the URL behind a "URL:" prefix (see
// [locator.ParseAs]); the offsets are u's.
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

	// RFC 1738 §6: ports other than the default, especially reserved ones. The port is read
	// as a number, leading zeros and all ("0025" is port 25), and named by that number, so that
	// the message stays short whatever the digits (RFC 3986 §6.2.3 compares ports as numbers).
	// A port beyond 2^31 (RFC 1738 §5 port = digits) is no default port either.
	if p, ok := u.Port(); ok && p != "" {
		n, ok := syntax.Decimal(p)
		if !ok {
			n = -1 // above every TCP port (RFC 793 §3.1)
		}
		if !(known && info.DefaultPort != 0 && n == info.DefaultPort) {
			portText := func() string {
				if n < 0 {
					return display.Quote(p)
				}
				return strconv.Itoa(n)
			}
			def := "no default port"
			if known && info.DefaultPort != 0 {
				def = "default port " + strconv.Itoa(info.DefaultPort)
			}
			sch := name
			switch {
			case sch == "":
				sch = "a relative reference"
			case len(sch) > display.MaxQuote:
				sch = display.Quote(sch) // an unknown scheme's name is as long as the input: cut
			}
			switch {
			case n >= 0 && n <= 1023:
				svc := ""
				if s, ok := wellKnown[n]; ok {
					svc = " (" + s + ")"
				}
				sk.Add(locator.Finding{Offset: o.Port.Start, Code: CodePortReserved, Rule: "RFC 1738 §6",
					Message: "port " + portText() + svc + " is a well-known port other than " + sch + "'s " + def +
						": the URL may be used to send commands to another service", Severity: locator.SeverityWarning})
			case known && info.DefaultPort != 0 && spec != locator.RFC3986:
				sk.Add(locator.Finding{Offset: o.Port.Start, Code: CodePortNotDefault, Rule: "RFC 1738 §6",
					Message:  "port " + portText() + " is not " + sch + "'s " + def + "; the server may speak another protocol",
					Severity: locator.SeverityWarning})
			}
		}
	}

	// RFC 1738 §6, §3.1; RFC 3986 §3.2.1, §7.5: passwords.
	if p, ok := u.Password(); ok && p != "" {
		sk.Add(locator.Finding{Offset: o.Password.Start, Code: CodePassword, Rule: "RFC 1738 §6; RFC 3986 §3.2.1",
			Message: "the URL holds a password, which anyone who sees the URL can read", Severity: locator.SeverityWarning})
	}

	// RFC 3986 §7.6: user information that looks like the host, whole ("www.bank.example"), as
	// its start ("cnn.example.com&story=breaking_news", §7.6's own example) or after an "@"
	// ("user@www.bank.example", which reads as user information and a host).
	if user, ok := u.User(); ok {
		if like := hostnameStart(user); like != "" {
			msg := "user name " + display.Quote(user) + " looks like a host name"
			if d, err := pct.Decode(user); err != nil || like != d {
				msg = "user name " + display.Quote(user) + " holds the host name " + display.Quote(like)
			}
			sk.Add(locator.Finding{Offset: o.User.Start, Code: CodeUserinfoLikeHost, Rule: "RFC 3986 §7.6",
				Message: msg + ", but the host is " + display.Quote(u.Host()), Severity: locator.SeverityWarning})
		}
	}

	// RFC 1738 §5 and RFC 3986 §3.2: a "?" in the login, read two ways.
	loginTwoReadings(sk, u)

	// RFC 3986 §7.6, RFC 3987 §8: look-alike hosts; RFC 3986 §7.4: rare IP address formats.
	// RFC 3986 §7.3: "Security checks of the data within a URI should be applied after
	// decoding the octets": a host written with escapes ("%D0%B0pple.com", "%30x7f.1", which
	// RFC 3986 §3.2.2 reg-name allows and a resolver reads decoded) is checked decoded too.
	if u.HasAuthority() {
		h := u.Host()
		dh := h
		if strings.IndexByte(h, '%') >= 0 && !strings.HasPrefix(h, "[") {
			if d, err := pct.Decode(h); err == nil {
				dh = d
			}
		}
		shown := func() string {
			if dh != h {
				return display.Quote(h) + " (decoded " + display.Quote(dh) + ")"
			}
			return display.Quote(h)
		}
		nonASCII := false
		for i := 0; i < len(dh); i++ {
			if dh[i] >= 0x80 {
				sk.Add(locator.Finding{Offset: o.Host.Start, Code: CodeNonASCIIHost, Rule: "RFC 3986 §7.6; RFC 3987 §8",
					Message:  "host " + shown() + " has non-ASCII characters, which may imitate another host",
					Severity: locator.SeverityWarning})
				nonASCII = true
				break
			}
		}
		if !nonASCII {
			if shownAs, ok := aLabelDisplay(dh); ok {
				// RFC 3987 §8: an IRI's host is written in ASCII as its A-labels
				// ("xn--", RFC 5890 §2.3.2.1), which a program may show decoded: the
				// look-alike is there, only encoded.
				sk.Add(locator.Finding{Offset: o.Host.Start, Code: CodeNonASCIIHost, Rule: "RFC 3986 §7.6; RFC 3987 §8",
					Message:  "host " + shown() + " holds internationalized labels, shown decoded as " + display.Quote(shownAs) + ", which may imitate another host",
					Severity: locator.SeverityWarning})
			}
		}
		if ambiguousHostNumber(dh) {
			sk.Add(locator.Finding{Offset: o.Host.Start, Code: CodeAmbiguousHostNumber, Rule: "RFC 3986 §7.4",
				Message: "numeric host " + shown() + " is not a plain dotted quad; resolvers may read it " +
					"as another address (octal, hexadecimal, fewer groups or a trailing dot)", Severity: locator.SeverityWarning})
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
// In a gopher URL whose gopher+ string is a well-formed ASK block (RFC 1738 §3.4.9:
// "+%091%0D%0A+-1%0D%0A<ask_item1_value>%0D%0A...%0D%0A.%0D%0A", which the client sends as
// lines, "a coded version of what the client sends to the server"), the TAB, CR and LF of
// that block are the protocol's own lines, not a hazard, and are not reported.
func encodedDelimiters(sk *syntax.Sink, u locator.URL, scheme string) {
	s := u.String()
	o := u.Offsets()
	tabs := 0      // %09 seen in a gopher path
	askStart := -2 // where a gopher URL's well-formed ASK block starts; -2 before it is looked for, -1 when none
	ask := func(i int) bool {
		if scheme != "gopher" || i < o.Path.Start || (o.Fragment.Start >= 0 && i >= o.Fragment.Start-1) {
			return false
		}
		if askStart == -2 {
			askStart = gopherAskStart(u)
		}
		return askStart >= 0 && i >= askStart
	}
	for i := 0; i+2 < len(s); i++ {
		if !syntax.IsEscape(s, i) {
			continue
		}
		v, _ := pct.Unhex(s[i+1], s[i+2])
		switch v {
		case '\r', '\n':
			if ask(i) || !sk.Take(i, CodeEncodedLineBreak, locator.SeverityWarning) {
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
				report = !inPath || (tabs > 2 && !ask(i))
			}
			if report && sk.Take(i, CodeEncodedTab, locator.SeverityWarning) {
				sk.Add(locator.Finding{Offset: i, Code: CodeEncodedTab, Rule: "RFC 1738 §6",
					Message: "escape %09 decodes to TAB, a delimiter in " + scheme + "'s protocol lines", Severity: locator.SeverityWarning})
			}
		}
		i += 2
	}
}

// gopherAskStart returns the offset in u of the gopher+ string of a gopher URL when it is a
// well-formed ASK block (RFC 1738 §3.4.9; see [ParseGopher]), or -1: the byte after the
// second "%09" that follows the gophertype.
func gopherAskStart(u locator.URL) int {
	g, err := ParseGopher(u)
	if err != nil || g.Plus == nil || g.Plus.Ask == nil {
		return -1
	}
	o := u.Offsets()
	s := u.String()
	i := o.Path.Start + 1 // after the "/"
	if i < len(s) && s[i] == '%' {
		i += 3 // gtype = xchar, an escape
	} else {
		i++
	}
	for range 2 {
		j := strings.Index(s[i:], "%09")
		if j < 0 {
			return -1
		}
		i += j + 3
	}
	return i
}

// hostnameStart returns the host name that s (a user name as written) reads as, or "": the
// start of s decoded, or of a part after an "@" in it ("user@www.bank.example", which a reader
// takes for user information and a host), that [hostnameAt] reads as a host name.
func hostnameStart(s string) string {
	d, err := pct.Decode(s)
	if err != nil {
		return ""
	}
	for {
		if h := hostnameAt(d); h != "" {
			return h
		}
		i := strings.IndexByte(d, '@')
		if i < 0 {
			return ""
		}
		d = d[i+1:]
	}
}

// hostnameAt returns the start of d up to its first character that is neither a letter, a
// digit, "-" nor "." when that is a delimiter of RFC 3986 §2.2 (gen-delims, sub-delims) or a
// space, which a reader takes as the end of a host name ("cnn.example.com&story=breaking_news",
// RFC 3986 §7.6), when that part is labels of letters, digits and "-" with at least one "."
// and a top label starting with a letter, or a dotted quad; or "".
func hostnameAt(d string) string {
	dots, labelStart := 0, 0
	end := len(d)
	for i := 0; i < len(d); i++ {
		c := d[i]
		switch {
		case c == '.':
			if i == labelStart {
				return ""
			}
			dots++
			labelStart = i + 1
		case pct.AlphaDigit.Contains(c) || c == '-':
		case pct.Reserved.Contains(c) || c == ' ':
			end = i
		default:
			return ""
		}
		if end < len(d) {
			break
		}
	}
	d = d[:end]
	if dots == 0 || labelStart == len(d) {
		return ""
	}
	if syntax.IsIPv4(d) {
		return d
	}
	// A user name like "john.doe" is common; it takes more to look like a host: three
	// labels, a "www." start, or a common top-level domain.
	top := lowerASCII(d[labelStart:])
	if pct.Alpha.Contains(top[0]) &&
		(dots >= 2 || strings.HasPrefix(lowerASCII(d), "www.") || commonTLDs[top]) {
		return d
	}
	return ""
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

// aLabelDisplay returns host with each label that starts with "xn--" (any case: an A-label,
// RFC 5890 §2.3.2.1) decoded as a browser shows it (UTS #46 ToUnicode, golang.org/x/net/idna's
// lookup profile: Punycode, RFC 3492, then the validity criteria), and whether one decoded to
// non-ASCII characters. A label longer than 63 bytes is no DNS label (RFC 1034 §3.1) and is not
// decoded (so the time stays linear in the host), nor is one that is not a valid U-label
// encoded ("xn--a" is U+0080, which no program shows as a host).
func aLabelDisplay(host string) (string, bool) {
	if !hasALabelPrefix(host) {
		return "", false
	}
	var b strings.Builder
	found := false
	for rest := host; ; {
		label, after, more := strings.Cut(rest, ".")
		if found && b.Len() > display.MaxQuote {
			b.WriteString(rest) // the message shows MaxQuote bytes: the rest as written
			break
		}
		d := label
		if len(label) > 4 && len(label) <= 63 && strings.EqualFold(label[:4], "xn--") {
			if u, err := idna.Lookup.ToUnicode(strings.ToLower(label)); err == nil && u != strings.ToLower(label) {
				d = u
				for j := 0; j < len(u) && !found; j++ {
					found = u[j] >= 0x80
				}
			}
		}
		b.WriteString(d)
		if !more {
			break
		}
		b.WriteByte('.')
		rest = after
	}
	return b.String(), found
}

// hasALabelPrefix reports whether a label of host starts with "xn--" in any case, without
// allocating (Security runs on every URL that check reads).
func hasALabelPrefix(host string) bool {
	for i := 0; i+4 <= len(host); i++ {
		if (i == 0 || host[i-1] == '.') && host[i]|0x20 == 'x' && host[i+1]|0x20 == 'n' && host[i+2] == '-' && host[i+3] == '-' {
			return true
		}
	}
	return false
}
