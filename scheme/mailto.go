package scheme

import (
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// Mailto is the typed view of a mailto URL (RFC 1738 §3.5):
//
//	mailto:<rfc822-addr-spec>
//
// Addr is the address, decoded: everything after "mailto:" up to the fragment. RFC 1738 §3.5
// reserves no character in a mailto URL and defines no header fields, so a "?" belongs to the
// address; RFC 6068 §2 later made "?" start header fields ("?subject=..."), which this view
// does not read (the checker reports them).
//
// The zero value is not a URL: the address is required (RFC 1738 §5 encoded822addr = 1*xchar).
type Mailto struct {
	Addr string `json:"addr"` // an RFC 822 addr-spec, such as "user@host.example"
}

// mailtoKeep is what URL leaves unencoded in an address: RFC 1738 §5 xchar, without "?" so
// that RFC 6068 readers do not take the rest for header fields (RFC 6068 §2). "%" is not
// xchar and is always encoded, as RFC 1738 §3.5 and the 1994 URL draft ("Mailto": "use of %
// ... requires conversion to %25") ask.
var mailtoKeep = pct.RFC1738Xchar.Without("?")

// ParseMailto returns the typed view of a mailto URL (RFC 1738 §3.5). It fails with an
// [*locator.Error] when u is not a mailto URL (CodeWrongScheme) or has no address
// (locator.CodeEmpty).
func ParseMailto(u locator.URL) (Mailto, error) {
	if b, off := behind(u); off > 0 {
		v, err := ParseMailto(b)
		return v, shiftErr(err, u, off)
	}
	if err := wrongScheme(u, "mailto"); err != nil {
		return Mailto{}, err
	}
	raw := u.SchemePart()
	off := len(u.Scheme()) + 1
	if raw == "" {
		return Mailto{}, &locator.Error{Input: u.String(), Offset: off, Code: locator.CodeEmpty,
			Rule: "RFC 1738 §5 encoded822addr", Message: "a mailto URL needs an address"}
	}
	a, err := decodeAt(u, raw, off)
	if err != nil {
		return Mailto{}, err
	}
	return Mailto{Addr: a}, nil
}

// Scheme returns "mailto".
func (Mailto) Scheme() string { return "mailto" }

// URL returns "mailto:" and the address, encoded (see mailtoKeep: "%" becomes "%25", "?"
// "%3F", and every character that is not RFC 1738 §5 xchar its escape).
func (m Mailto) URL() (locator.URL, error) {
	if m.Addr == "" {
		return locator.URL{}, &locator.Error{Code: locator.CodeEmpty, Rule: "RFC 1738 §5 encoded822addr",
			Message: "a mailto URL needs an address"}
	}
	return locator.Parse(m.text())
}

// text is the URL that URL returns, as text: Plan places its errors in it even where
// locator.Parse reads it otherwise ("mailto://%20" has an authority there).
func (m Mailto) text() string {
	return string(pct.AppendEncode([]byte("mailto:"), m.Addr, mailtoKeep))
}

// Plan returns the access plan of m. A mailto URL "does not represent a data object to be
// accessed directly" (RFC 1738 §3.5): it names where to send mail. The plan says so in notes
// and gives the one SMTP command line the URL determines, "RCPT TO:<addr>" (RFC 821 §4.1.1,
// RFC 5321 §4.1.1.3); the sender (MAIL FROM), the message (DATA) and the server (the
// domain's mail exchanger, RFC 5321 §5) come from elsewhere, so Plan.Host is empty and
// Plan.Wire is that line alone, not a whole session.
//
// The address must stand as the path of that line (RFC 5321 §4.1.2 Path = "<" Mailbox ">")
// and nothing more: an encoded delimiter must not "simulate an extra operation or parameter"
// (RFC 1738 §6). Plan refuses an address holding CR, LF or NUL, which would end the line, a
// space, TAB or other control byte, which would end the path and start SMTP parameters
// (RFC 5321 §4.1.2 Rcpt-parameters: "mailto:a@b%3E%20NOTIFY=SUCCESS"), or "<" or ">", which
// would open or close the path (all CodeLineBreak, even inside a quoted local-part, as a
// server that reads no quotes would split there); and a "," outside a quoted local-part
// (CodeAddrSpec): RFC 1738 §3.5 names one address, and RFC 6068 §2 reads "a@b,c@d" as a list
// of two, which [fetch.SubmitPlan] (locator send) sends one RCPT TO each. The error is placed
// in m's URL at the byte's escape.
func (m Mailto) Plan() (Plan, error) {
	if m.Addr == "" {
		return Plan{}, &locator.Error{Code: locator.CodeEmpty, Rule: "RFC 1738 §5 encoded822addr",
			Message: "a mailto URL needs an address"}
	}
	if i, code, rule, msg := mailtoPathProblem(m.Addr); i >= 0 {
		// Placed in m's URL, at the escape of the byte (as nntpArg places its errors).
		in := m.text()
		return Plan{}, &locator.Error{Input: in, Offset: len("mailto:") + gopherRawIndex(in[len("mailto:"):], i),
			Code: code, Rule: rule, Message: msg}
	}
	return Plan{Scheme: "mailto", Steps: []Step{
		{Note: "compose a message to " + strconvQuote(m.Addr) + " (RFC 1738 §3.5: a mailto URL designates an Internet mailing address)"},
		{Note: "SMTP (RFC 5321): connect to a mail exchanger of the address's domain or a configured relay; HELO/EHLO; MAIL FROM:<the user's address>"},
		{Send: "RCPT TO:<" + m.Addr + ">"},
		{Note: "DATA with the message the user writes; QUIT"},
	}}, nil
}

// mailtoPathProblem returns the index in addr of the first byte that cannot stand in the path
// of "RCPT TO:<addr>" (see Mailto.Plan), with the error's code, rule and message; -1 when
// there is none. A quoted-string local-part (RFC 5321 §4.1.2 Quoted-string, with its
// quoted-pairs) may hold a ","; nothing may hold a space, a control byte, "<" or ">".
func mailtoPathProblem(addr string) (int, locator.Code, string, string) {
	quoted := false
	for i := 0; i < len(addr); i++ {
		switch c := addr[i]; {
		case c == '\r' || c == '\n' || c == 0:
			return i, CodeLineBreak, "RFC 1738 §6",
				"the address holds CR, LF or NUL, which would end the SMTP command line"
		case c == ' ' || c == '\t':
			return i, CodeLineBreak, "RFC 1738 §6; RFC 5321 §4.1.2",
				"the address holds a space or TAB, which would end the path of RCPT TO and start SMTP parameters"
		case c < 0x20 || c == 0x7f:
			return i, CodeLineBreak, "RFC 1738 §6; RFC 5321 §4.1.2",
				"the address holds the control byte " + display.Byte(c) + ", which no path of RCPT TO holds"
		case c == '<' || c == '>':
			return i, CodeLineBreak, "RFC 1738 §6; RFC 5321 §4.1.2",
				"the address holds " + display.Byte(c) + ", which would open or close the path of RCPT TO"
		case c == '"':
			quoted = !quoted
		case c == '\\' && quoted && i+1 < len(addr) && (addr[i+1] == '"' || addr[i+1] == '\\'):
			i++ // a quoted-pair (RFC 5321 §4.1.2 quoted-pairSMTP): the quote does not end the string
		case c == ',' && !quoted:
			return i, CodeAddrSpec, "RFC 1738 §3.5; RFC 5321 §4.1.2",
				"the address holds \",\": a mailto URL names one address (RFC 1738 §3.5); for a list of addresses (RFC 6068 §2) use locator send, which gives each its own RCPT TO"
		}
	}
	return -1, "", "", ""
}

// checkMailto is the Check of the registry: checkMailtoTo into a Sink of its own.
func checkMailto(u locator.URL) []locator.Finding {
	var sk syntax.Sink
	checkMailtoTo(&sk, u)
	return sk.Findings()
}

// checkMailtoTo is the strict check of RFC 1738 §5 mailtourl = "mailto:" encoded822addr,
// encoded822addr = 1*xchar ("further defined in RFC822": an addr-spec, RFC 822 §6.1). The findings
// go into sk.
func checkMailtoTo(sk *syntax.Sink, u locator.URL) {
	raw := u.SchemePart()
	off := len(u.Scheme()) + 1
	if raw == "" {
		sk.Add(locator.Finding{Offset: off, Code: locator.CodeEmpty, Rule: "RFC 1738 §5 encoded822addr",
			Message: "a mailto URL needs an address (1*xchar)"})
		return
	}
	syntax.CheckChars(sk, raw, off, pct.RFC1738Xchar, "RFC 1738 §5 encoded822addr")
	if i := strings.IndexByte(raw, '?'); i >= 0 {
		sk.Add(locator.Finding{Offset: off + i, Code: CodeMailtoHeaders, Rule: "RFC 6068 §2",
			Severity: locator.SeverityWarning,
			Message:  "\"?\" is part of the address for RFC 1738 §3.5, but RFC 6068 §2 reads it as the start of header fields (hfields); encode it as %3F or drop the headers"})
	}
	if d, err := pct.Decode(raw); err == nil {
		addrSpecFinding(sk, d, off, "RFC 822 §6.1 addr-spec", "the address")
	}
}

// addrSpecFinding appends a warning when s (decoded, from the text at offset off) is not an
// RFC 822 addr-spec.
func addrSpecFinding(sk *syntax.Sink, s string, off int, rule, what string) {
	if msg := addrSpecProblem(s); msg != "" {
		sk.Add(locator.Finding{Offset: off, Code: CodeAddrSpec, Rule: rule, Severity: locator.SeverityWarning,
			Message: what + " " + display.Quote(s) + " is not an addr-spec (local-part \"@\" domain): " + msg})
	}
}

// addrSpecProblem returns "" when s is an RFC 822 addr-spec (§6.1), written without the
// white space and comments §3.1.4 allows between tokens, else what is wrong:
//
//	addr-spec  = local-part "@" domain
//	local-part = word *("." word)            word = atom / quoted-string
//	domain     = sub-domain *("." sub-domain) sub-domain = domain-ref / domain-literal
//	domain-ref = atom
func addrSpecProblem(s string) string {
	i, msg := addrWords(s, 0, false)
	if msg != "" {
		return msg
	}
	if i >= len(s) || s[i] != '@' {
		return "no \"@\" after the local-part"
	}
	j, msg := addrWords(s, i+1, true)
	if msg != "" {
		return msg
	}
	if j != len(s) {
		return "unexpected " + display.Byte(s[j]) + " in the domain"
	}
	return ""
}

// addrWords reads word *("." word) from s[i:] (RFC 822 §6.1 local-part, or domain when
// domain is set) and returns where it stopped.
func addrWords(s string, i int, domain bool) (int, string) {
	for {
		j := i
		switch {
		case j < len(s) && s[j] == '"' && !domain:
			// RFC 822 §3.3 quoted-string = <"> *(qtext/quoted-pair) <">
			j++
			for j < len(s) && s[j] != '"' {
				c := s[j]
				if c == '\\' && j+1 < len(s) && s[j+1] < 0x80 {
					j += 2
					continue
				}
				if c == '\r' || c == '\\' || c >= 0x80 {
					return j, "a quoted-string holds a CR, a lone \"\\\" or a non-ASCII byte"
				}
				j++
			}
			if j == len(s) {
				return j, "a quoted-string without its closing quote"
			}
			j++
		case j < len(s) && s[j] == '[' && domain:
			// RFC 822 §3.3 domain-literal = "[" *(dtext / quoted-pair) "]"
			j++
			for j < len(s) && s[j] != ']' {
				c := s[j]
				if c == '\\' && j+1 < len(s) && s[j+1] < 0x80 {
					j += 2
					continue
				}
				if c == '[' || c == '\r' || c == '\\' || c >= 0x80 {
					return j, "a domain-literal holds \"[\", a CR, a lone \"\\\" or a non-ASCII byte"
				}
				j++
			}
			if j == len(s) {
				return j, "a domain-literal without its closing \"]\""
			}
			j++
		default:
			// RFC 822 §3.3 atom = 1*<any CHAR except specials, SPACE and CTLs>
			for j < len(s) && addrAtomChar(s[j]) {
				j++
			}
			if j == i {
				if j < len(s) {
					return j, "unexpected " + display.Byte(s[j])
				}
				if domain {
					return j, "an empty domain or sub-domain"
				}
				return j, "an empty local-part or word"
			}
		}
		if j < len(s) && s[j] == '.' {
			i = j + 1
			continue
		}
		return j, ""
	}
}

// addrAtomChar reports whether c may stand in an RFC 822 atom (§3.3): a CHAR (0–127) that is
// not a special, SPACE or a CTL.
func addrAtomChar(c byte) bool {
	if c <= ' ' || c >= 0x7f {
		return false
	}
	return !strings.ContainsRune("()<>@,;:\\\".[]", rune(c))
}

func init() {
	register(Scheme{
		SchemeInfo: locator.SchemeInfo{Name: "mailto", Source: "RFC 1738 §3.5"},
		View:       func(u locator.URL) (View, error) { return ParseMailto(u) },
		Check:      checkMailto,
		Plan: func(u locator.URL) (Plan, error) {
			m, err := ParseMailto(u)
			if err != nil {
				return Plan{}, err
			}
			if i := strings.IndexByte(u.SchemePart(), '?'); i >= 0 {
				// An unencoded "?": RFC 1738 §3.5 reads it as part of the one address, RFC 6068
				// §2 as the start of header fields, which locator send reads (and sends
				// "RCPT TO:<a@b>" for "mailto:a@b?subject=x"). A plan that picked one reading
				// would not say what the other sends: refused, as a "," is (Mailto.Plan). The
				// view decodes, so only here is "?" told from "%3F", which every reader takes
				// as part of the address.
				return Plan{}, &locator.Error{Input: u.String(), Offset: len(u.Scheme()) + 1 + i,
					Code: CodeMailtoHeaders, Rule: "RFC 1738 §3.5; RFC 6068 §2",
					Message: "the URL holds \"?\", part of the address for RFC 1738 §3.5 but the start of header fields for RFC 6068 §2; encode it as %3F for the first, use locator send for the second"}
			}
			p, err := m.Plan()
			if err != nil {
				// Placed in m's URL: placed in u instead (inParsedURL).
				err = inParsedURL(err, m.text(), len("mailto:"), u.String(), len(u.Scheme())+1)
			}
			return p, err
		},
	})
}
