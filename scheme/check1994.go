package scheme

import (
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// The character classes of the 1994 URL draft's BNF (testdata/spec/url-draft-1994.txt, the
// section that starts "This is a BNF-like description"). They differ from RFC 1738 §5's:
//
//	safe  = $ | - | _ | @ | . | & | +        (RFC 1738 §5 safe = "$" | "-" | "_" | "." | "+")
//	extra = ! | * | " | ' | ( | ) | ,        (RFC 1738 §5 extra has no <">)
//	reserved = = | ; | / | # | ? | : | space (RFC 1738 §5 reserved = ; / ? : @ & =)
//	xalpha = alpha | digit | safe | extra | escape; xpalpha = xalpha | +
//
// so that "@", "&" and <"> stand unencoded wherever xalpha does, while "=", ";" and ":"
// appear in no production of a path or search. "The "national" and "punctuation" characters
// do not appear in any productions and therefore may not appear in URLs" (national = { } vline
// [ ] \ ^ ~, punctuation = < >); nor do "`", the controls and the octets 80–FF.
var (
	// draftXalpha is xalpha (and xpalpha, "+" being safe already) without escape, which
	// CheckChars allows.
	draftXalpha = pct.RFC1738Uchar.With("@&\"")
	// draftPath is path = void | segment [ / path ], segment = xpalphas.
	draftPath = draftXalpha.With("/")
	// draftURLChars is every character some production of the draft holds (escape aside,
	// "#" aside, which only introduces the fragmentid): xalpha and the reserved characters
	// other than space, which the productions use as delimiters.
	draftURLChars = draftXalpha.With("=;/?:")
	// draftAlphanum2 is alphanum2 = alpha | digit | - | _ | . | +, of which user and
	// password are made (user = alphanum2 [ user ]): no escape, and never empty.
	draftAlphanum2 = pct.AlphaDigit.With("-_.+")
)

// draftRule is how the findings of checkDraft1994To cite the draft: it has no numbered
// sections, so the citation names the document and the production or heading.
const draftRule = "1994 URL draft, "

// checkDraft1994To adds to sk the findings of the URL Internet Draft of March 1994
// (locator.URLDraft1994) on u: the scheme-independent rules (scheme = ialpha; no national or
// punctuation character; fragmentid = xalphas), then the scheme's own address production of
// the draft's BNF (httpaddress, ftpaddress, newsaddress, nntpaddress, waisaddress,
// prosperoaddress, telnetaddress, gopheraddress, mailtoaddress, midaddress, cidaddress, and
// the historical afsaddress). A scheme the draft does not define (file among them) gets a
// warning and, with "//", the draft's login.
func checkDraft1994To(sk *syntax.Sink, u locator.URL) {
	s := u.String()
	name := u.Scheme()
	sspStart := 0
	switch {
	case u.HasScheme():
		for i := 0; i < len(name); i++ {
			if c := name[i]; 'A' <= c && c <= 'Z' {
				// "Single letters stand for single letters": the draft writes the scheme
				// names in lower case ("h t t p : / /").
				sk.Add(locator.Finding{Offset: i, Code: locator.CodeSchemeUpperCase, Rule: draftRule + "BNF (single letters stand for single letters)",
					Message:  "scheme " + display.Quote(name) + " has upper case; the draft writes scheme names in lower case",
					Severity: locator.SeverityWarning})
				break
			}
		}
		sspStart = len(name) + 1
	default:
		// scheme = ialpha = alpha [ xalphas ]: a letter, then xalpha ("a_b:x").
		n := draftSchemeLike(s)
		if n == 0 {
			msg := "no scheme: a URL is a scheme (ialpha), \":\" and a string whose format is a function of the scheme"
			if s == "" {
				msg = "empty: " + msg[len("no scheme: "):]
			}
			sk.Add(locator.Finding{Offset: 0, Code: locator.CodeNoScheme, Rule: draftRule + "BNF scheme = ialpha",
				Message: msg, Severity: locator.SeverityError})
		} else {
			name = s[:n]
			sspStart = n + 1
		}
	}
	fragStart := fragmentStart(u)
	if sspStart <= fragStart {
		syntax.CheckChars(sk, s[sspStart:fragStart], sspStart, draftURLChars,
			draftRule+"BNF (national and punctuation characters do not appear in any production)")
	}
	if frag, ok := u.Fragment(); ok {
		syntax.CheckChars(sk, frag, fragStart+1, draftXalpha, draftRule+"BNF fragmentid = xalphas")
	}
	if sspStart == 0 {
		return
	}
	if !u.HasScheme() {
		sk.Add(locator.Finding{Offset: 0, Code: CodeUnknownScheme, Rule: draftRule + "Registration of naming schemes",
			Severity: locator.SeverityWarning,
			Message:  "scheme " + display.Quote(name) + " is not a scheme of the draft; new schemes are registered"})
		return
	}
	switch lowerASCII(name) {
	case "http", "https":
		draftHTTP(sk, u)
	case "ftp":
		draftFTP(sk, u)
	case "telnet":
		draftTelnet(sk, u)
	case "gopher":
		draftGopher(sk, u)
	case "mailto":
		draftMailto(sk, u)
	case "news":
		draftNews(sk, u)
	case "nntp":
		draftNNTP(sk, u)
	case "wais":
		draftWAIS(sk, u)
	case "prospero":
		draftProspero(sk, u)
	case "mid":
		checkMidWith(sk, u, draftURLChars, draftRule+"BNF (the characters of its productions)")
	case "cid":
		checkCidWith(sk, u, draftURLChars, draftRule+"BNF (the characters of its productions)")
	case "afs":
		draftAFS(sk, u)
	default:
		draftOther(sk, u)
	}
}

// draftSchemeLike returns the length of an ialpha (a letter, then letters, digits, safe and
// extra characters; the draft's scheme) at the start of s when a ":" follows it, else 0.
func draftSchemeLike(s string) int {
	if s == "" || !pct.Alpha.Contains(s[0]) {
		return 0
	}
	i := 1
	for i < len(s) && draftXalpha.Contains(s[i]) {
		i++
	}
	if i < len(s) && s[i] == ':' {
		return i
	}
	return 0
}

// draftOther checks a scheme the draft does not define: "Other schemes may be specified by
// future specifications" (the draft, URL syntax), so a warning, and the draft's login when
// "//" follows the colon.
func draftOther(sk *syntax.Sink, u locator.URL) {
	name := u.Scheme()
	s, ok := Lookup(name)
	switch {
	case ok && s.Status == locator.SchemeDefined:
		// Defined by RFC 1738 (file) or by locator (https is checked as http).
		sk.Add(locator.Finding{Offset: 0, Code: CodeSchemeNotInSpec, Rule: draftRule + "URL syntax (the schemes covered)",
			Severity: locator.SeverityWarning,
			Message:  "scheme " + display.Quote(name) + " is not one of the 1994 URL draft's schemes (" + s.Source + " defines it)"})
	case ok && s.Check != nil:
		sk.AddAll(s.Check(u))
	case ok && s.Status == locator.SchemeReservedName:
		sk.Add(locator.Finding{Offset: 0, Code: CodeReservedScheme, Rule: draftRule + "Registration of naming schemes; RFC 1738 §4",
			Severity: locator.SeverityWarning,
			Message:  "scheme " + display.Quote(name) + " is a reserved name without a syntax"})
	case !ok:
		sk.Add(locator.Finding{Offset: 0, Code: CodeUnknownScheme, Rule: draftRule + "Registration of naming schemes",
			Severity: locator.SeverityWarning,
			Message:  "scheme " + display.Quote(name) + " is not registered; experimental prefixes start with \"x-\""})
	}
	if u.HasAuthority() {
		draftLogin(sk, u, true, draftRule+"BNF login")
	}
}

// draftLogin checks the authority of u as the draft's login = [ user [ : password ] @ ]
// hostport, or as hostport alone when login is false (the draft's httpaddress, gopheraddress,
// waisaddress, prosperolink), citing rule.
func draftLogin(sk *syntax.Sink, u locator.URL, login bool, rule string) {
	o := u.Offsets()
	if !login {
		userinfoFinding(sk, u, rule)
	} else {
		if s, ok := u.User(); ok {
			draftAlphanums2(sk, s, o.User.Start, draftRule+"BNF user = alphanum2 [ user ]", "user name")
		}
		if s, ok := u.Password(); ok {
			draftAlphanums2(sk, s, o.Password.Start, draftRule+"BNF password = alphanum2 [ password ]", "password")
		}
	}
	draftHostPort(sk, u)
}

// draftAlphanums2 checks a user name or password s at offset off: one or more alphanum2
// (letters, digits, "-", "_", "." and "+"), with no escape.
func draftAlphanums2(sk *syntax.Sink, s string, off int, rule, what string) {
	if s == "" {
		sk.Add(locator.Finding{Offset: off, Code: CodeDraftLogin, Rule: rule, Severity: locator.SeverityError,
			Message: "an empty " + what + ": the 1994 URL draft's " + what + " is one or more letters, digits, \"-\", \"_\", \".\" and \"+\""})
		return
	}
	if i := draftAlphanum2.IndexNotIn(s); i >= 0 && sk.Take(off+i, CodeDraftLogin, locator.SeverityError) {
		sk.Add(locator.Finding{Offset: off + i, Code: CodeDraftLogin, Rule: rule, Severity: locator.SeverityError,
			Message: "character " + display.Quote(s[i:i+syntax.CharLen(s, i)]) + " in the " + what +
				": the 1994 URL draft's " + what + " is letters, digits, \"-\", \"_\", \".\" and \"+\", without escapes"})
	}
}

// draftHostPort checks u's host and port: host = hostname | hostnumber, with the draft's
// hostname = ialpha [ . hostname ] (a letter first, then xalpha: "_" allowed, a label may
// start with a digit after the first) and RFC 1738's hostnumber = digits . digits . digits .
// digits (the same production in both); port = digits.
func draftHostPort(sk *syntax.Sink, u locator.URL) {
	o := u.Offsets()
	h := u.Host()
	switch {
	case h == "":
		sk.Add(locator.Finding{Offset: o.Host.Start, Code: locator.CodeEmptyHost, Rule: draftRule + "BNF host = hostname | hostnumber",
			Message: "empty host: the draft requires a host name or a host number", Severity: locator.SeverityError})
	case pct.Digit.Contains(h[0]) && pct.Digit.With(".").IndexNotIn(h) < 0:
		// Not ialpha: a hostnumber, whose production is RFC 1738's.
		syntax.CheckHostPort(sk, h, o.Host.Start)
	case !pct.Alpha.Contains(h[0]):
		// The character check reports the national "[" of an IP literal, and others.
		if sk.Take(o.Host.Start, locator.CodeBadHostChar, locator.SeverityError) {
			sk.Add(locator.Finding{Offset: o.Host.Start, Code: locator.CodeBadHostChar, Rule: draftRule + "BNF hostname = ialpha [ . hostname ]",
				Message: "a host name starts with a letter (hostname = ialpha [ . hostname ]); a host number is four groups of digits", Severity: locator.SeverityError})
		}
	default:
		syntax.CheckChars(sk, h, o.Host.Start, draftXalpha.Without("@"), draftRule+"BNF hostname = ialpha [ . hostname ]")
	}
	if p, ok := u.Port(); ok {
		syntax.CheckPort(sk, p, o.Port.Start-1)
	}
}

// draftPathChars checks p (at offset off) as the draft's path = void | segment [ / path ],
// segment = xpalphas: xpalpha characters and "/", and, since xpalphas is one or more
// characters, no empty segment but the last ("a//b" and a leading "/" hold one; "a/" ends
// with the void path). rule names the production that holds the path.
func draftPathChars(sk *syntax.Sink, p string, off int, rule string) {
	syntax.CheckChars(sk, p, off, draftPath, rule)
	for i := strings.IndexByte(p, '/'); i >= 0; {
		if i == 0 || p[i-1] == '/' {
			if !sk.Take(off+i, CodeDraftEmptySegment, locator.SeverityError) {
				return
			}
			sk.Add(locator.Finding{Offset: off + i, Code: CodeDraftEmptySegment, Rule: draftRule + "BNF path = void | segment [ / path ], segment = xpalphas",
				Severity: locator.SeverityError,
				Message:  "an empty segment before \"/\": the 1994 URL draft's segments are one or more characters (encode a \"/\" of a name as %2F)"})
		}
		j := strings.IndexByte(p[i+1:], '/')
		if j < 0 {
			break
		}
		i += 1 + j
	}
}

// draftHTTP checks httpaddress = h t t p : / / hostport [ / path ] [ ? search ]: unlike RFC
// 1738 §5 httpurl, a search may follow the host with no path ("http://host?x"); path is
// xpalphas between slashes and search = xalphas [ + search ], so that ";", ":" and "=" are
// not allowed unencoded in either.
func draftHTTP(sk *syntax.Sink, u locator.URL) {
	const rule = draftRule + "BNF httpaddress"
	if !u.HasAuthority() {
		sk.Add(noLoginFinding(u, rule, "an http URL is \"http://\" hostport [ \"/\" path ] [ \"?\" search ]"))
		return
	}
	draftLogin(sk, u, false, rule)
	o := u.Offsets()
	if p := u.Path(); p != "" {
		// u.Path() starts with the "/" before path.
		draftPathChars(sk, p[1:], o.Path.Start+1, draftRule+"BNF path (segment = xpalphas)")
	}
	if q, ok := u.Query(); ok {
		syntax.CheckChars(sk, q, o.Query.Start, draftXalpha, draftRule+"BNF search = xalphas [ + search ]")
	}
}

// draftFTP checks ftpaddress = f t p : / / login / path [ ftptype ]: the "/" and path are
// required (path may be void), the segments are xpalphas, and the type code is the draft's
// (draftFTPTypecode) after ";type=" (the draft, FTP: "The data type is specified by a suffix
// to the URL ... ;type = <type-code>"; its BNF leaves the ";type=" out).
func draftFTP(sk *syntax.Sink, u locator.URL) {
	const rule = draftRule + "BNF ftpaddress"
	if !u.HasAuthority() {
		sk.Add(noLoginFinding(u, rule, "an ftp URL is \"ftp://\" login \"/\" path [ ftptype ]"))
		return
	}
	draftLogin(sk, u, true, draftRule+"BNF login")
	s, off := afterAuthority(u)
	if s == "" || s[0] != '/' {
		sk.Add(locator.Finding{Offset: off, Code: CodeMissingSlash, Rule: rule, Severity: locator.SeverityError,
			Message: "expected \"/\" and a path after the login (ftpaddress = \"ftp://\" login \"/\" path)"})
		return
	}
	p, off := s[1:], off+1
	if i := strings.LastIndex(p, ";type="); i >= 0 && strings.IndexByte(p[i:], '/') < 0 {
		t, at := p[i+len(";type="):], off+i+len(";type=")
		draftFTPTypecode(sk, t, at)
		p = p[:i]
	}
	draftPathChars(sk, p, off, draftRule+"BNF path (segment = xpalphas)")
}

// draftFTPTypecode checks the type code t at offset at: the draft's ftptype = A formcode | E
// formcode | I | L digits, formcode = N | T | C, "in the format defined in RFC959 except that
// the space is omitted" (RFC 959 §5.3.2 <type-code>, where the form code is optional, so A and
// E alone are read too; letters in either case, as RFC 959 reads them). RFC 1738's "D" is not
// one: the draft marks a directory by a final "/" ("Use FTP directory list commands").
func draftFTPTypecode(sk *syntax.Sink, t string, at int) {
	const rule = draftRule + "FTP, Data Types; BNF ftptype"
	switch {
	case len(t) == 1 && t[0]|0x20 == 'd':
		sk.Add(locator.Finding{Offset: at, Code: CodeFTPTypecode, Rule: rule, Severity: locator.SeverityError,
			Message: "typecode " + display.Quote(t) + " is RFC 1738's (§3.2.2); the 1994 URL draft has A, E, I and L, and marks a directory with a final \"/\""})
	case !isFTPTypecode(t):
		sk.Add(locator.Finding{Offset: at, Code: CodeFTPTypecode, Rule: rule, Severity: locator.SeverityError,
			Message: "typecode " + display.Quote(t) + " is not A or E with an optional N, T or C, I, or L with digits"})
	case t[0]|0x20 == 'l' && !ftpByteSizeOK(t[1:]):
		sk.Add(locator.Finding{Offset: at + 1, Code: CodeFTPTypecode, Rule: "RFC 959 §5.3.2 <byte-size>",
			Message:  "byte size " + display.Quote(t[1:]) + " is not a decimal integer 1 through 255; a server may refuse the TYPE command",
			Severity: locator.SeverityWarning})
	}
}

// draftTelnet checks telnetaddress = t e l n e t : / / login: unlike RFC 1738 §5 telneturl,
// no final "/".
func draftTelnet(sk *syntax.Sink, u locator.URL) {
	const rule = draftRule + "BNF telnetaddress"
	if !u.HasAuthority() {
		sk.Add(noLoginFinding(u, rule, "a telnet URL is \"telnet://\" login"))
		return
	}
	draftLogin(sk, u, true, draftRule+"BNF login")
	if s, off := afterAuthority(u); s != "" {
		sk.Add(locator.Finding{Offset: off, Code: CodeTelnetPath, Rule: rule, Severity: locator.SeverityError,
			Message: "nothing follows the login in the 1994 URL draft's telnetaddress (RFC 1738 §5 allows one \"/\")"})
	}
}

// draftGopher checks gopheraddress = g o p h e r : / / hostport [ / gtype [ gcommand ] ],
// gtype = xalpha, gcommand = path, and the gopher+ string after a second "%09" against the
// forms of the draft's "Summary: gopher+ string part of Gopher URL" (a warning, as under RFC
// 1738: the draft's own example writes "some_gplus_stuff").
func draftGopher(sk *syntax.Sink, u locator.URL) {
	const rule = draftRule + "BNF gopheraddress"
	if !u.HasAuthority() {
		sk.Add(noLoginFinding(u, rule, "a gopher URL is \"gopher://\" hostport [ \"/\" gtype [ gcommand ] ]"))
		return
	}
	draftLogin(sk, u, false, rule)
	rest, off := afterAuthority(u)
	if rest == "" {
		return
	}
	if rest[0] != '/' {
		sk.Add(slashFinding(off, rule))
		return
	}
	p, off := rest[1:], off+1
	if p == "" {
		// The BNF's "/" is followed by gtype, which is not optional ("[ / gtype [ gcommand ] ]";
		// "gopher://host [port]/T[gopher_selector]...", the draft's Gopher section): unlike RFC
		// 1738 §5 gopherurl, [ "/" [ gtype ... ] ], "gopher://host/" is no gopheraddress. The
		// 1993 draft's checker reads the same production alike.
		sk.Add(locator.Finding{Offset: off - 1, Code: CodeGopherType, Rule: rule, Severity: locator.SeverityError,
			Message: "\"/\" with no gtype after it: gopheraddress is hostport [ \"/\" gtype [ gcommand ] ] (write \"gopher://host\" or \"gopher://host/1\")"})
		return
	}
	n := 1
	if p[0] == '%' {
		n = 3
	}
	if n > len(p) {
		n = len(p)
	}
	syntax.CheckChars(sk, p[:n], off, draftXalpha, draftRule+"BNF gtype = xalpha")
	p, off = p[n:], off+n
	draftPathChars(sk, p, off, draftRule+"BNF gcommand = path")
	sel, search, plus := p, "", ""
	hasSearch, hasPlus := false, false
	searchOff, plusOff := 0, 0
	if i := strings.Index(p, "%09"); i >= 0 {
		sel, search, hasSearch, searchOff = p[:i], p[i+3:], true, off+i+3
		if j := strings.Index(search, "%09"); j >= 0 {
			search, plus, hasPlus, plusOff = search[:j], search[j+3:], true, searchOff+j+3
		}
	}
	gopherLineFinding(sk, sel, off, "selector")
	if hasSearch {
		gopherLineFinding(sk, search, searchOff, "search string")
	}
	if !hasPlus {
		return
	}
	d, _ := pct.Decode(plus)
	switch gp := parseGopherPlus(d); {
	case d == "":
		sk.Add(locator.Finding{Offset: plusOff, Code: CodeGopherPlus, Rule: draftRule + "Gopher, item 6",
			Severity: locator.SeverityWarning, Message: "an empty gopher+ string: \"Gopher+ strings consist of a one or more characters\""})
	case gp == nil:
		sev := locator.SeverityWarning
		if strings.ContainsAny(d, "\r\n") {
			sev = locator.SeverityError
		}
		sk.Add(locator.Finding{Offset: plusOff, Code: CodeGopherPlus, Rule: draftRule + "Summary: gopher+ string part of Gopher URL",
			Severity: sev, Message: "the gopher+ string is none of the forms \"%3F\", \"![names]\", \"$[names]\", \"+[view[%20language]][%091%0D%0A+-1%0D%0A...%0D%0A.%0D%0A]\""})
	}
}

// draftMailto checks mailtoaddress = m a i l t o : xalphas @ hostname (the draft's BNF writes
// "m a i l t o : : xalphas", a doubled colon read as a slip: its text and examples have one).
// Unlike RFC 1738 §5 (1*xchar), the "@" and host name are part of the production.
func draftMailto(sk *syntax.Sink, u locator.URL) {
	const rule = draftRule + "BNF mailtoaddress = mailto: xalphas @ hostname"
	raw, off := u.SchemePart(), len(u.Scheme())+1
	at := strings.LastIndexByte(raw, '@')
	if at <= 0 || at == len(raw)-1 {
		sk.Add(locator.Finding{Offset: off + max(at, 0), Code: CodeAddrSpec, Rule: rule, Severity: locator.SeverityError,
			Message: "a mailto URL is xalphas \"@\" hostname"})
		return
	}
	syntax.CheckChars(sk, raw[:at], off, draftXalpha, rule)
	draftHostname(sk, raw[at+1:], off+at+1, rule)
}

// draftHostname checks h (at offset off) as the draft's hostname = ialpha [ . hostname ],
// citing rule.
func draftHostname(sk *syntax.Sink, h string, off int, rule string) {
	if h == "" || !pct.Alpha.Contains(h[0]) {
		sk.Add(locator.Finding{Offset: off, Code: locator.CodeBadHostChar, Rule: rule, Severity: locator.SeverityError,
			Message: "a host name starts with a letter (hostname = ialpha [ . hostname ])"})
		return
	}
	syntax.CheckChars(sk, h, off, draftXalpha.Without("@"), rule)
}

// draftNews checks newsaddress = n e w s : groupart, groupart = * | group | article, with
// group = ialpha [ . group ] and article = xalphas @ host.
func draftNews(sk *syntax.Sink, u locator.URL) {
	raw, off := u.SchemePart(), len(u.Scheme())+1
	if u.HasAuthority() {
		sk.Add(locator.Finding{Offset: off, Code: CodeNewsServer, Rule: draftRule + "News (Note1)", Severity: locator.SeverityError,
			Message: "news host names are NOT part of news URLs"})
		return
	}
	switch at := strings.LastIndexByte(raw, '@'); {
	case raw == "*":
	case at >= 0:
		const rule = draftRule + "BNF article = xalphas @ host"
		if at == 0 {
			sk.Add(locator.Finding{Offset: off, Code: CodeNewsArticle, Rule: rule, Severity: locator.SeverityError,
				Message: "an article's message-id has text before the \"@\""})
		}
		syntax.CheckChars(sk, raw[:at], off, draftXalpha, rule)
		h := raw[at+1:]
		if h != "" && pct.Digit.Contains(h[0]) {
			syntax.CheckHostPort(sk, h, off+at+1)
		} else {
			draftHostname(sk, h, off+at+1, rule)
		}
	default:
		draftGroup(sk, raw, off, draftRule+"BNF group = ialpha [ . group ]")
	}
}

// draftGroup checks g (at offset off) as the draft's group = ialpha [ . group ]: a letter,
// then xalpha.
func draftGroup(sk *syntax.Sink, g string, off int, rule string) {
	if g == "" || !pct.Alpha.Contains(g[0]) {
		sk.Add(locator.Finding{Offset: off, Code: CodeNewsGroup, Rule: rule, Severity: locator.SeverityError,
			Message: "a group name starts with a letter"})
		return
	}
	syntax.CheckChars(sk, g, off, draftXalpha, rule)
}

// draftNNTP checks nntpaddress = n n t p : group / digits: unlike RFC 1738 §5 nntpurl the BNF
// has no "//" hostport, and the article number is required. A URL with "//" hostport, which
// the draft's text describes ("The news server name, newsgroup name, and index number of an
// article ... are given"), is read as hostport "/" group "/" digits.
func draftNNTP(sk *syntax.Sink, u locator.URL) {
	const rule = draftRule + "BNF nntpaddress = nntp: group / digits"
	off := len(u.Scheme()) + 1
	p := u.String()[off:fragmentStart(u)]
	if u.HasAuthority() {
		draftLogin(sk, u, false, rule)
		rest, roff := afterAuthority(u)
		if rest == "" || rest[0] != '/' {
			sk.Add(slashFinding(roff, rule))
			return
		}
		p, off = rest[1:], roff+1
	}
	group, art, hasArt := strings.Cut(p, "/")
	draftGroup(sk, group, off, draftRule+"BNF group = ialpha [ . group ]")
	aoff := off + len(group) + 1
	switch {
	case !hasArt:
		sk.Add(locator.Finding{Offset: off + len(group), Code: CodeNNTPArticle, Rule: rule, Severity: locator.SeverityError,
			Message: "the group is followed by \"/\" and the article number's digits"})
	case art == "":
		sk.Add(locator.Finding{Offset: aoff - 1, Code: CodeNNTPArticle, Rule: rule, Severity: locator.SeverityError,
			Message: "a \"/\" after the group is followed by the article number's digits"})
	default:
		if i := pct.Digit.IndexNotIn(art); i >= 0 {
			sk.Add(locator.Finding{Offset: aoff + i, Code: CodeNNTPArticle, Rule: rule, Severity: locator.SeverityError,
				Message: "the article number is digits, the last part of the URL"})
		}
	}
}

// draftWAIS checks waisaddress = waisindex | waisdoc: waisindex = w a i s : / / hostport /
// database [ ? search ], waisdoc = w a i s : / / hostport / database / wtype / wpath, with
// database and wtype = xalphas (one or more) and the structured wpath = digits = path ;
// [ wpath ]: "For each field, the identifier field number is the digits before the equals
// sign, and the field contents follow, encoded in the conventional encoding, terminated by
// ";"" (the draft, WAIS). RFC 1738 §5 wpath is an opaque *uchar.
func draftWAIS(sk *syntax.Sink, u locator.URL) {
	const rule = draftRule + "BNF waisaddress"
	if !u.HasAuthority() {
		sk.Add(noLoginFinding(u, rule, "a wais URL is \"wais://\" hostport \"/\" database ..."))
		return
	}
	draftLogin(sk, u, false, rule)
	s, off := afterAuthority(u)
	if s == "" || s[0] != '/' {
		sk.Add(slashFinding(off, rule))
		return
	}
	p, off := s[1:], off+1
	i, j, q := waisSplit(p)
	end := len(p)
	if q >= 0 {
		end = q - 1
		syntax.CheckChars(sk, p[q:], off+q, draftXalpha, draftRule+"BNF search = xalphas [ + search ]")
	}
	xalphas := func(s string, at int, what string) {
		if s == "" {
			sk.Add(locator.Finding{Offset: at, Code: CodeWAISForm, Rule: draftRule + "BNF " + what + " = xalphas",
				Message: "the " + what + " is one or more characters", Severity: locator.SeverityError})
			return
		}
		syntax.CheckChars(sk, s, at, draftXalpha, draftRule+"BNF "+what+" = xalphas")
	}
	switch {
	case i >= 0 && j < 0:
		sk.Add(locator.Finding{Offset: off + i - 1, Code: CodeWAISForm, Rule: draftRule + "BNF waisdoc",
			Message: "a wais document is <database>/<wtype>/<wpath>", Severity: locator.SeverityError})
		end = i - 1
	case i >= 0:
		if q >= 0 {
			sk.Add(locator.Finding{Offset: off + q - 1, Code: CodeWAISForm, Rule: rule,
				Message: "a search (waisindex) of a document (waisdoc)", Severity: locator.SeverityError})
		}
		xalphas(p[i:j-1], off+i, "wtype")
		draftWPath(sk, p[j:end], off+j)
		end = i - 1
	}
	xalphas(p[:end], off, "database")
}

// draftWPath checks w (at offset off) as the draft's wpath = digits = path ; [ wpath ].
func draftWPath(sk *syntax.Sink, w string, off int) {
	const rule = draftRule + "BNF wpath = digits = path ; [ wpath ]"
	if w == "" {
		sk.Add(locator.Finding{Offset: off, Code: CodeWAISPath, Rule: rule, Severity: locator.SeverityError,
			Message: "a wpath is one or more fields digits \"=\" path \";\""})
		return
	}
	for w != "" {
		field, rest, ok := strings.Cut(w, ";")
		if !ok {
			sk.Add(locator.Finding{Offset: off + len(w), Code: CodeWAISPath, Rule: rule, Severity: locator.SeverityError,
				Message: "a wpath field is terminated by \";\""})
		}
		eq := strings.IndexByte(field, '=')
		switch {
		case eq < 0:
			sk.Add(locator.Finding{Offset: off, Code: CodeWAISPath, Rule: rule, Severity: locator.SeverityError,
				Message: "a wpath field is the field number's digits, \"=\" and the field contents"})
			syntax.CheckChars(sk, field, off, draftPath, rule)
		case eq == 0 || pct.Digit.IndexNotIn(field[:eq]) >= 0:
			k := max(0, pct.Digit.IndexNotIn(field[:eq]))
			sk.Add(locator.Finding{Offset: off + k, Code: CodeWAISPath, Rule: rule, Severity: locator.SeverityError,
				Message: "the field number before \"=\" is digits"})
			syntax.CheckChars(sk, field[eq+1:], off+eq+1, draftPath, rule)
		default:
			syntax.CheckChars(sk, field[eq+1:], off+eq+1, draftPath, rule)
		}
		if sk.Len() >= locator.MaxFindings {
			return
		}
		off += len(field) + 1
		w = rest
	}
}

// draftProspero checks prosperolink = p r o s p e r o : / / hostport / hsoname [ % 0 0
// version [ attributes ] ], hsoname = path: the version and attributes follow "%00" ("an
// escaped string terminator (null)", the draft, Prospero). RFC 1738 §5's ";" fieldspecs are
// not in the draft: ";" is reserved and appears in no path.
func draftProspero(sk *syntax.Sink, u locator.URL) {
	const rule = draftRule + "BNF prosperolink"
	if !u.HasAuthority() {
		sk.Add(noLoginFinding(u, rule, "a prospero URL is \"prospero://\" hostport \"/\" hsoname"))
		return
	}
	draftLogin(sk, u, false, rule)
	s, off := afterAuthority(u)
	if s == "" || s[0] != '/' {
		sk.Add(slashFinding(off, rule))
		return
	}
	p := s[1:]
	off++
	draftPathChars(sk, p, off, draftRule+"BNF hsoname = path")
	checkProsperoVersion(sk, p, off)
}

// draftAFS checks afsaddress = a f s : / / cellname / path, cellname = hostname (the draft's
// hostname), and warns that the draft keeps it "as historical note, but is not a url
// production" (CodeAFSHistorical).
func draftAFS(sk *syntax.Sink, u locator.URL) {
	const rule = draftRule + "BNF afsaddress"
	sk.Add(locator.Finding{Offset: 0, Code: CodeAFSHistorical, Rule: rule,
		Message:  "afs is a historical note of the 1994 URL draft, not a url production",
		Severity: locator.SeverityWarning})
	if !u.HasAuthority() {
		sk.Add(noLoginFinding(u, rule, "an afs URL is \"afs://\" cellname \"/\" path"))
		return
	}
	o := u.Offsets()
	userinfoFinding(sk, u, rule)
	if _, ok := u.Port(); ok {
		sk.Add(locator.Finding{Offset: o.Port.Start - 1, Code: CodePortNotAllowed, Rule: draftRule + "BNF cellname = hostname",
			Message: "no port is allowed here, only a cell name", Severity: locator.SeverityError})
	}
	if h := u.Host(); h == "" {
		sk.Add(locator.Finding{Offset: o.Host.Start, Code: locator.CodeEmptyHost, Rule: draftRule + "BNF cellname = hostname",
			Message: "empty cell name", Severity: locator.SeverityError})
	} else {
		draftHostname(sk, h, o.Host.Start, draftRule+"BNF cellname = hostname")
	}
	s, off := afterAuthority(u)
	if s == "" || s[0] != '/' {
		sk.Add(slashFinding(off, rule))
		return
	}
	draftPathChars(sk, s[1:], off+1, draftRule+"BNF path (segment = xpalphas)")
}
