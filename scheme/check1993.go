package scheme

import (
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// The codes of Check with locator.URLDraft1993, the 1993 URL Internet Draft (url6), besides
// the character codes of the RFC 1738 checker (locator.CodeControl, CodeNonASCII,
// CodeNationalChar for the draft's variant set, CodeUnsafeChar for space and its punctuation
// set, CodeReservedChar for a delimiter where its production has none, CodeDisallowedChar
// for a character of none of its sets, CodeBadEscape), locator.CodeNoScheme (a partial
// form), locator.CodeEmptyHost, locator.CodeSchemeUpperCase (a scheme the draft spells in
// lower case, written otherwise), CodeNoAuthority, CodeMissingSlash, CodeUserinfo,
// CodePortNotAllowed, CodeUnknownScheme and CodeReservedScheme.
const (
	// CodeDraft1993Scheme: a scheme name that is not ialpha (a letter, then letters,
	// digits, safe and extra characters and escapes).
	CodeDraft1993Scheme = syntax.CodeDraft1993Scheme
	// CodeDraft1993EmptySegment: a path with an empty segment other than the last
	// (path = void | xpalphas [ "/" path ]): "//" in it, or "/" first.
	CodeDraft1993EmptySegment = syntax.CodeDraft1993EmptySegment
	// CodeDraft1993SearchWord: a search with an empty word (search = xalphas [ "+" search ]):
	// an empty search, "+" at either end, "++".
	CodeDraft1993SearchWord = syntax.CodeDraft1993SearchWord
	// CodeDraft1993Host: a host that is neither a hostname (a letter first) nor a hostnumber
	// (four groups of digits), an error; a warning for a hostnumber, which the draft allows
	// "optionally and less advisably" (Internet protocol parts).
	CodeDraft1993Host = syntax.CodeDraft1993Host
	// CodeDraft1993Production: a URL not of the form of its scheme's production: a part
	// missing (the wais document's length digits, a gopher type after "/"), a part where the
	// production has none (a telnet path), a part not of its kind (a port or wais length
	// that is not digits, a prospero version or attribute, an afs cellname that is a
	// hostnumber).
	CodeDraft1993Production = syntax.CodeDraft1993Production
	// CodeDraft1993Login: a warning for a user name, and for a password after its ":": "Use
	// of this field is discouraged" (1993 URL draft, Internet protocol parts).
	CodeDraft1993Login = syntax.CodeDraft1993Login
)

// draft1993Defined are the schemes of the 1993 URL draft's BNF (url), and those its prose
// groups with telnet ("Telnet, rlogin, tn3270"), which have no production of their own and are
// checked as telnetaddress.
var draft1993Defined = [...]string{"http", "ftp", "afs", "news", "wais", "prospero", "telnet", "rlogin", "tn3270", "gopher"}

// checkDraft1993To adds to sk the findings of the 1993 URL draft (url6,
// testdata/spec/url-draft-1993.txt) on u: the scheme-independent rules
// (syntax.CheckDraft1993: the scheme name, ialpha; the fragment-id; a partial form), then the
// production of the scheme (BNF: url): httpaddress, fileaddress (the draft's ftp),
// afsaddress, newsaddress, waisaddress, prosperoaddress, telnetaddress (rlogin and tn3270
// too), gopheraddress, and generic for any other name.
//
// The BNF's url = generic | httpaddress | … would let a URL of a named scheme that fails its
// own production pass as generic ("http:foo", "ftp:", "gopher:x" are scheme ":" path). The
// prose says otherwise: "A complete URL consists of a naming scheme specifier followed by a
// string whose format is a function of the naming scheme" (Full form), and the schemes of
// Internet protocols "have a common syntax for the rest of the object name" (Internet
// protocol parts). The prose is followed: a scheme with a production is held to it.
func checkDraft1993To(sk *syntax.Sink, u locator.URL) { checkDraft1993Text(sk, u.String()) }

// checkDraft1993Text is checkDraft1993To on the text s, which need not be a URL locator.Parse
// accepts (Inspect runs it on an input Parse rejects); the offsets are into s.
func checkDraft1993Text(sk *syntax.Sink, s string) {
	d := syntax.CheckDraft1993Text(sk, s)
	if d.Colon < 0 {
		return // a partial form: CheckDraft1993 checked it
	}
	written := d.Scheme()
	name := ""
	for _, n := range draft1993Defined {
		if strings.EqualFold(written, n) {
			name = n
			break
		}
	}
	if name != "" && written != name {
		// BNF: "Single letters stand for single letters": the productions spell the names in
		// lower case. Read case-insensitively, as RFC 1738 §2.1 later said, with a warning.
		sk.Add(locator.Finding{Offset: 0, Code: locator.CodeSchemeUpperCase, Rule: "1993 URL draft, BNF",
			Message:  "scheme " + display.Quote(written) + " is spelled " + display.Quote(name) + " in the draft's productions",
			Severity: locator.SeverityWarning})
	}
	switch name {
	case "http":
		checkHTTP1993(sk, d)
	case "ftp":
		checkFTP1993(sk, d)
	case "afs":
		checkAFS1993(sk, d)
	case "news":
		checkNews1993(sk, d)
	case "wais":
		checkWAIS1993(sk, d)
	case "prospero":
		checkProspero1993(sk, d)
	case "telnet", "rlogin", "tn3270":
		checkTelnet1993(sk, d, name)
	case "gopher":
		checkGopher1993(sk, d)
	default:
		draft1993Status(sk, written)
		syntax.CheckDraft1993Generic(sk, d)
	}
}

// draft1993Status adds the warning for a scheme name the draft does not define: reserved (urn),
// a subject for study (x500, whois), experimental ("x-", by mutual agreement: nothing to
// say), or not named at all.
func draft1993Status(sk *syntax.Sink, name string) {
	var rule, msg string
	code := CodeReservedScheme
	switch {
	case len(name) >= 2 && strings.EqualFold(name[:2], "x-"):
		// "Experimental scheme identifiers may be used by mutual agreement between parties,
		// and must start with the characters "x-"."
		return
	case strings.EqualFold(name, "urn"):
		rule, msg = "1993 URL draft, Registration of naming schemes", "the scheme name \"urn:\" is reserved for the work in progress on persistent names; checked as generic"
	case strings.EqualFold(name, "x500"):
		rule, msg = "1993 URL draft, x500", "the mapping of x500 names onto URLs is not defined: \"a subject for study\"; checked as generic"
	case strings.EqualFold(name, "whois"):
		rule, msg = "1993 URL draft, WHOIS", "access by the whois++ scheme is \"a subject for further study\"; checked as generic"
	case strings.EqualFold(name, "file"):
		code = CodeUnknownScheme
		rule, msg = "1993 URL draft, BNF: url", "the 1993 URL draft has no file scheme (its fileaddress is ftp://host/path); checked as generic"
	default:
		code = CodeUnknownScheme
		rule, msg = "1993 URL draft, Registration of naming schemes", "scheme "+display.Quote(name)+" is not one the 1993 URL draft defines (nor \"x-\" experimental); checked as generic"
	}
	sk.Add(locator.Finding{Offset: 0, Code: code, Rule: rule, Message: msg, Severity: locator.SeverityWarning})
}

// login1993 checks that the body of d starts with "//" and checks the login after it, citing
// the production: it returns the login and false when there is no "//" (which it reports,
// and checks the body as a generic path for its characters).
func login1993(sk *syntax.Sink, d syntax.Draft1993, production string) (syntax.Draft1993Login, bool) {
	if !strings.HasPrefix(d.Body(), "//") {
		sk.Add(locator.Finding{Offset: d.BodyStart, Code: CodeNoAuthority, Rule: "1993 URL draft, BNF: " + production,
			Message: production + ": \"//\" and the host follow " + display.Quote(d.Scheme()+":"), Severity: locator.SeverityError})
		syntax.CheckDraft1993Generic(sk, d)
		return syntax.Draft1993Login{}, false
	}
	return syntax.CheckDraft1993Login(sk, d.Body()[2:], d.BodyStart+2), true
}

// noUser1993 reports the user name of lg in a production with hostport alone.
func noUser1993(sk *syntax.Sink, lg syntax.Draft1993Login, production string) {
	if lg.User.Start >= 0 {
		sk.Add(locator.Finding{Offset: lg.User.Start, Code: CodeUserinfo, Rule: "1993 URL draft, BNF: " + production,
			Message: production + " has hostport, no user name", Severity: locator.SeverityError})
	}
}

// afterLogin returns what follows the login lg in d, and its offset.
func afterLogin(d syntax.Draft1993, lg syntax.Draft1993Login) (string, int) {
	return d.S[lg.End:d.BodyEnd], lg.End
}

// missingSlash1993 reports that rest, at off, does not start with the "/" of production.
func missingSlash1993(sk *syntax.Sink, rest string, off int, production, what string) bool {
	if strings.HasPrefix(rest, "/") {
		return false
	}
	sk.Add(locator.Finding{Offset: off, Code: CodeMissingSlash, Rule: "1993 URL draft, BNF: " + production,
		Message: production + ": \"/\" and " + what + " follow the host", Severity: locator.SeverityError})
	return true
}

// checkPathSearch1993 checks rest, at off, as [ "/" path ] [ "?" search ].
func checkPathSearch1993(sk *syntax.Sink, rest string, off int) {
	path, q := rest, -1
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		path, q = rest[:i], i
	}
	if path != "" {
		syntax.CheckDraft1993Path(sk, path[1:], off+1, "1993 URL draft, BNF: path")
	}
	if q >= 0 {
		syntax.CheckDraft1993Search(sk, rest[q+1:], off+q+1, "1993 URL draft, BNF: search")
	}
}

// checkHTTP1993 checks httpaddress = "http://" hostport [ "/" path ] [ "?" search ]: a search
// may follow the host with no path ("http://info.cern.ch?search"), which RFC 1738 §5 httpurl
// does not allow.
func checkHTTP1993(sk *syntax.Sink, d syntax.Draft1993) {
	lg, ok := login1993(sk, d, "httpaddress")
	if !ok {
		return
	}
	noUser1993(sk, lg, "httpaddress")
	rest, off := afterLogin(d, lg)
	checkPathSearch1993(sk, rest, off)
}

// checkFTP1993 checks the draft's ftp URL, its BNF's fileaddress = "ftp://" host "/" path.
//
// The BNF and the prose disagree: fileaddress has a bare host, but the prose (FTP) says
// "The port number if given gives the port of the FTP server" and "The syntax allows for the
// inclusion of a user name and even a password", and Internet protocol parts gives every
// Internet scheme "[user "@"] host [":" port]". The prose is followed, since it describes
// the syntax in so many words and the BNF's bare host reads as an oversight next to every
// other production's hostport: a port is allowed, and a user name (and a password after its
// ":") with the warning that the draft discourages them. The "/" after the host is required,
// as in the BNF (the prose says nothing else), and a "?" has no meaning in fileaddress.
func checkFTP1993(sk *syntax.Sink, d syntax.Draft1993) {
	lg, ok := login1993(sk, d, "fileaddress")
	if !ok {
		return
	}
	rest, off := afterLogin(d, lg)
	if missingSlash1993(sk, rest, off, "fileaddress", "the path") {
		syntax.CheckDraft1993Path(sk, rest, off, "1993 URL draft, BNF: path")
		return
	}
	syntax.CheckDraft1993Path(sk, rest[1:], off+1, "1993 URL draft, BNF: path")
}

// checkAFS1993 checks afsaddress = "afs://" cellname "/" path, cellname = hostname: no user,
// no port, no hostnumber.
func checkAFS1993(sk *syntax.Sink, d syntax.Draft1993) {
	lg, ok := login1993(sk, d, "afsaddress")
	if !ok {
		return
	}
	noUser1993(sk, lg, "afsaddress")
	if lg.Port.Start >= 0 {
		sk.Add(locator.Finding{Offset: lg.Port.Start - 1, Code: CodePortNotAllowed, Rule: "1993 URL draft, BNF: afsaddress",
			Message: "afsaddress has a cellname, a hostname, and no port", Severity: locator.SeverityError})
	}
	if h := d.S[lg.Host.Start:lg.Host.End]; h != "" && !pct.Alpha.Contains(h[0]) {
		// (CodeDraft1993Production: CheckDraft1993Host gave a hostnumber CodeDraft1993Host's
		// warning at this offset.)
		sk.Add(locator.Finding{Offset: lg.Host.Start, Code: CodeDraft1993Production, Rule: "1993 URL draft, BNF: cellname",
			Message: "a cellname is a hostname (a letter first), not a hostnumber", Severity: locator.SeverityError})
	}
	rest, off := afterLogin(d, lg)
	if missingSlash1993(sk, rest, off, "afsaddress", "the path") {
		syntax.CheckDraft1993Path(sk, rest, off, "1993 URL draft, BNF: path")
		return
	}
	syntax.CheckDraft1993Path(sk, rest[1:], off+1, "1993 URL draft, BNF: path")
}

// checkNews1993 checks newsaddress = "news:" groupart; groupart = "*" | group | article;
// group = ialpha [ "." group ]; article = xalphas "@" host. "A message identifier may be
// distinguished from a news group name by the presence of the commercial at "@" character"
// (News); the host is what follows the last "@", since xalphas may hold "@".
func checkNews1993(sk *syntax.Sink, d syntax.Draft1993) {
	body, off := d.Body(), d.BodyStart
	switch at := strings.LastIndexByte(body, '@'); {
	case body == "":
		sk.Add(locator.Finding{Offset: off, Code: CodeDraft1993Production, Rule: "1993 URL draft, BNF: groupart",
			Message: "nothing after \"news:\": groupart is \"*\", a group or an article", Severity: locator.SeverityError})
	case body == "*":
	case at >= 0:
		syntax.CheckDraft1993Xalphas(sk, body[:at], off, "1993 URL draft, BNF: article", "message identifier")
		syntax.CheckDraft1993Host(sk, body[at+1:], off+at+1, "1993 URL draft, BNF: article")
	default:
		if !pct.Alpha.Contains(body[0]) {
			sk.Add(locator.Finding{Offset: off, Code: CodeDraft1993Production, Rule: "1993 URL draft, BNF: group",
				Message: "a group name is ialpha: it starts with a letter", Severity: locator.SeverityError})
		}
		syntax.CheckDraft1993Chars(sk, body, off, syntax.Draft1993Xalpha, "1993 URL draft, BNF: group")
	}
}

// checkTelnet1993 checks telnetaddress = "telnet://" [ user "@" ] hostport, for telnet and for
// rlogin and tn3270, which the draft's heading "Telnet, rlogin, tn3270" groups with it without
// productions of their own: nothing follows the hostport.
func checkTelnet1993(sk *syntax.Sink, d syntax.Draft1993, name string) {
	production := "telnetaddress"
	if name != "telnet" {
		production = "telnetaddress (Telnet, rlogin, tn3270)"
	}
	lg, ok := login1993(sk, d, production)
	if !ok {
		return
	}
	rest, off := afterLogin(d, lg)
	if rest != "" {
		sk.Add(locator.Finding{Offset: off, Code: CodeDraft1993Production, Rule: "1993 URL draft, BNF: telnetaddress",
			Message: "telnetaddress ends with the hostport: no path or search follows", Severity: locator.SeverityError})
		syntax.CheckDraft1993Chars(sk, rest, off, syntax.Draft1993Xalpha.With("/?+"), "1993 URL draft, BNF: telnetaddress")
	}
}

// checkWAIS1993 checks waisaddress = waisindex | waisdoc:
// waisindex = "wais://" hostport "/" database [ "?" search ];
// waisdoc = "wais://" hostport "/" database "/" wtype "/" digits "/" path,
// the document's type and length, which "the current WAIS implementation ... requires that a
// client know" (WAIS); database and wtype are xalphas.
func checkWAIS1993(sk *syntax.Sink, d syntax.Draft1993) {
	lg, ok := login1993(sk, d, "waisaddress")
	if !ok {
		return
	}
	noUser1993(sk, lg, "waisaddress")
	rest, off := afterLogin(d, lg)
	if missingSlash1993(sk, rest, off, "waisaddress", "the database") {
		syntax.CheckDraft1993Path(sk, rest, off, "1993 URL draft, BNF: waisaddress")
		return
	}
	r, roff := rest[1:], off+1
	k := strings.IndexAny(r, "/?")
	if k < 0 {
		k = len(r)
	}
	syntax.CheckDraft1993Xalphas(sk, r[:k], roff, "1993 URL draft, BNF: database", "database")
	switch {
	case k == len(r):
		return // waisindex
	case r[k] == '?':
		syntax.CheckDraft1993Search(sk, r[k+1:], roff+k+1, "1993 URL draft, BNF: search")
		return
	}
	// waisdoc: "/" wtype "/" digits "/" path
	const rule = "1993 URL draft, BNF: waisdoc"
	doc, doff := r[k+1:], roff+k+1
	t := strings.IndexByte(doc, '/')
	if t < 0 {
		sk.Add(locator.Finding{Offset: doff + len(doc), Code: CodeDraft1993Production, Rule: rule,
			Message: "waisdoc is database \"/\" wtype \"/\" digits \"/\" path: the length digits and the path are missing", Severity: locator.SeverityError})
		syntax.CheckDraft1993Xalphas(sk, doc, doff, "1993 URL draft, BNF: wtype", "wtype")
		return
	}
	syntax.CheckDraft1993Xalphas(sk, doc[:t], doff, "1993 URL draft, BNF: wtype", "wtype")
	n, noff := doc[t+1:], doff+t+1
	l := strings.IndexByte(n, '/')
	if l < 0 {
		sk.Add(locator.Finding{Offset: noff + len(n), Code: CodeDraft1993Production, Rule: rule,
			Message: "waisdoc is database \"/\" wtype \"/\" digits \"/\" path: the \"/\" and path after the length are missing", Severity: locator.SeverityError})
		syntax.CheckDraft1993Digits(sk, n, noff, "1993 URL draft, BNF: waisdoc", "document length")
		return
	}
	syntax.CheckDraft1993Digits(sk, n[:l], noff, "1993 URL draft, BNF: waisdoc", "document length")
	syntax.CheckDraft1993Path(sk, n[l+1:], noff+l+1, "1993 URL draft, BNF: path")
}

// checkProspero1993 checks prosperolink = "prospero://" hostport "/" hsoname [ "%00" version
// [ attributes ] ], hsoname = path, version = digits, attribute = alphanums.
//
// The BNF and the prose disagree: the BNF's attributes follow the version with no separator
// (attributes = attribute [ attributes ], so "%001abc" would be version 1 and attribute abc),
// while the prose (Prospero) says the version and the attributes "are separated from the host
// specific object name and from each other by the characters "%00"", and that with attributes
// the version "may be the empty string (i.e. the first attribute would be separated from the
// host specific name by "%00%00")". The prose is followed, since the BNF's attributes cannot
// be told apart and its version cannot be empty as the prose's example needs: hsoname
// [ "%00" version *( "%00" attribute ) ], the version digits or, before an attribute, empty.
func checkProspero1993(sk *syntax.Sink, d syntax.Draft1993) {
	lg, ok := login1993(sk, d, "prosperolink")
	if !ok {
		return
	}
	noUser1993(sk, lg, "prosperolink")
	rest, off := afterLogin(d, lg)
	if missingSlash1993(sk, rest, off, "prosperolink", "the hsoname") {
		syntax.CheckDraft1993Path(sk, rest, off, "1993 URL draft, BNF: hsoname")
		return
	}
	r, roff := rest[1:], off+1
	i := strings.Index(r, "%00")
	if i < 0 {
		syntax.CheckDraft1993Path(sk, r, roff, "1993 URL draft, BNF: hsoname")
		return
	}
	syntax.CheckDraft1993Path(sk, r[:i], roff, "1993 URL draft, BNF: hsoname")
	const rule = "1993 URL draft, Prospero"
	for field, start := 0, i+3; ; field++ {
		j := strings.Index(r[start:], "%00")
		end := len(r)
		if j >= 0 {
			end = start + j
		}
		v := r[start:end]
		switch {
		case field > 0:
			syntax.CheckDraft1993Alphanums(sk, v, roff+start, rule, "attribute")
		case v == "" && j < 0:
			sk.Add(locator.Finding{Offset: roff + start - 3, Code: CodeDraft1993Production, Rule: rule,
				Message: "\"%00\" with no version after it: the version may be empty only before an attribute", Severity: locator.SeverityError})
		case v != "":
			syntax.CheckDraft1993Digits(sk, v, roff+start, rule, "version")
		}
		if j < 0 {
			return
		}
		start = end + 3
	}
}

// checkGopher1993 checks gopheraddress = "gopher://" hostport [ "/" gtype [ selector ] ]
// [ "?" search ], gtype = xalpha, selector = path: a "/" is followed by the type, one
// character (an escape counts as one), and a search may follow the host with no type
// ("gopher://host?search"). "If the type character and selector are omitted, the type
// defaults to "1"" (Gopher).
func checkGopher1993(sk *syntax.Sink, d syntax.Draft1993) {
	lg, ok := login1993(sk, d, "gopheraddress")
	if !ok {
		return
	}
	noUser1993(sk, lg, "gopheraddress")
	rest, off := afterLogin(d, lg)
	path, q := rest, -1
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		path, q = rest[:i], i
	}
	if path != "" {
		// path[0] is "/".
		g, goff := path[1:], off+1
		n := 0
		switch {
		case g == "":
			sk.Add(locator.Finding{Offset: off, Code: CodeDraft1993Production, Rule: "1993 URL draft, BNF: gopheraddress",
				Message: "\"/\" with no gtype after it: gopheraddress is hostport [ \"/\" gtype [ selector ] ]", Severity: locator.SeverityError})
		case syntax.IsEscape(g, 0):
			n = 3
		case syntax.Draft1993Xalpha.Contains(g[0]):
			n = 1
		default:
			n = syntax.CharLen(g, 0)
			sk.Add(locator.Finding{Offset: goff, Code: CodeDraft1993Production, Rule: "1993 URL draft, BNF: gtype",
				Message: "gtype " + display.Quote(g[:n]) + " is not an xalpha (a letter, digit, safe or extra character, or an escape)", Severity: locator.SeverityError})
		}
		syntax.CheckDraft1993Path(sk, g[n:], goff+n, "1993 URL draft, BNF: selector")
	}
	if q >= 0 {
		syntax.CheckDraft1993Search(sk, rest[q+1:], off+q+1, "1993 URL draft, BNF: search")
	}
}
