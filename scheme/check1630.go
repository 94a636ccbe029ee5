package scheme

import (
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/syntax"
)

// The checker of the "Universal Resource Identifiers in WWW" draft (the URI draft,
// testdata/spec/uri-draft-www.txt, published as RFC 1630), for Check(u, locator.RFC1630).
// The draft's only grammar is its generic "BNF syntax" (syntax.CheckRFC1630Text checks it);
// its "Specific Schemes" are prose, and this file checks what the prose says of each:
//
//   - http, ftp, gopher, nntp, prospero, telnet, rlogin, tn3270, wais are "locators of
//     information on the internet", for which "a common syntax is used for the IP address
//     part" (URI syntax): "//", a host, an optional port (a "port number", FTP; "The port part
//     is optional", Prospero), and for ftp a user name and password (FTP);
//   - news: a group name or a message identifier (with "@"); "News host names are NOT part of
//     news URLs" (News);
//   - nntp: "The news server name, newsgroup name, and index number of an article ... are
//     given" (NNTP);
//   - prospero: "an optional version number ... seperated from the host specific object name
//     by the characters "%00"" (Prospero);
//   - mailto: "an RFC822 addr-spec mail address" (Mailto); mid: "the RFC822 msg-id with the
//     constant <> wrapper removed", whose format is that of an addr-spec; cid, "similar to
//     mid:" (Message-Id, Content-Id);
//   - urn is reserved, "x-" names are experimental (Registration of naming schemes); x500 and
//     whois ("the "whois++" scheme") are "Schemes for Further Study"; every other name, file and https among them,
//     is one the draft does not describe.
//
// The draft writes no syntax for the host, the gopher type and selector, the wais path or
// the telnet path: those are checked by the generic grammar only.

// CodeSearchEmptyWord is the warning for an empty word of a search under the URI draft: a
// "+" at the start or end of a search, two "+" in a row, or an empty search after "?". The
// draft's BNF has search = xalphas [ + search ], words of at least one character, while its
// "Query strings" prose makes "+" a shorthand for a space, which reads "a++b" as "a  b".
const CodeSearchEmptyWord = syntax.CodeSearchEmptyWord

// CodeSchemeForStudy is the warning for a scheme the URI draft lists among its "Schemes for
// Further Study" (x500, whois++): named, with no syntax defined.
const CodeSchemeForStudy locator.Code = "scheme-for-study"

// checkRFC1630To adds to sk the findings of the URI draft (RFC 1630) on u.
func checkRFC1630To(sk *syntax.Sink, u locator.URL) { checkRFC1630Text(sk, u.String()) }

// checkRFC1630Text is checkRFC1630To on the text s, which need not be a URL locator.Parse
// accepts (Inspect runs it on an input Parse rejects: the draft's Example 3 "%*"); the
// offsets are into s.
func checkRFC1630Text(sk *syntax.Sink, s string) {
	p := syntax.CheckRFC1630Text(sk, s)
	if !p.HasScheme || !syntax.IsIalpha(p.Scheme) {
		// A partial form (Partial (relative) form): the generic grammar is all there is; or
		// a scheme name that is not ialpha, which CheckRFC1630 reported.
		return
	}
	name, ok := lowerName(p.Scheme)
	switch {
	case !ok:
		unknown1630(sk, p.Scheme)
	case rfc1630Internet[name]:
		internet1630(sk, name, p)
	}
	switch name {
	case "news":
		news1630(sk, p)
	case "mailto", "mid", "cid":
		addrSpec1630(sk, name, p)
	case "http", "ftp", "gopher", "nntp", "prospero", "telnet", "rlogin", "tn3270", "wais":
		// (internet1630 above)
	case "urn":
		sk.Add(locator.Finding{Offset: 0, Code: CodeReservedScheme, Rule: "URI draft, Registration of naming schemes",
			Severity: locator.SeverityWarning,
			Message:  "the scheme name \"urn:\" is reserved for the work in progress on persistent names; the draft defines no syntax for it"})
	case "x500", "whois":
		// (The WHOIS heading calls it "This prefix", the "whois++" scheme, without writing
		// the prefix; "whois++" itself is no ialpha, and an error above.)
		sk.Add(locator.Finding{Offset: 0, Code: CodeSchemeForStudy, Rule: "URI draft, Schemes for Further Study",
			Severity: locator.SeverityWarning,
			Message:  "the draft leaves the " + name + " scheme for further study: it defines no syntax for it"})
	default:
		if ok && !strings.HasPrefix(name, "x-") {
			unknown1630(sk, p.Scheme)
		}
	}
}

// rfc1630Internet are the schemes whose URLs the URI draft gives an Internet host: "For
// locators of information on the internet, a common syntax is used for the IP address part"
// (URI syntax).
var rfc1630Internet = map[string]bool{"http": true, "ftp": true, "gopher": true, "nntp": true,
	"prospero": true, "telnet": true, "rlogin": true, "tn3270": true, "wais": true}

// lowerName returns the scheme name in lower case, and false when it is too long to be one
// that the URI draft names (the draft does not say whether case matters in a scheme name;
// the checker recognizes its names in either case).
func lowerName(s string) (string, bool) {
	if len(s) > len("prospero") {
		return "", false
	}
	return strings.ToLower(s), true
}

// unknown1630 warns of a scheme name the URI draft does not describe.
func unknown1630(sk *syntax.Sink, scheme string) {
	if len(scheme) >= 2 && scheme[1] == '-' && scheme[0]|0x20 == 'x' {
		return // "Experimental scheme identifiers ... must start with the characters "x-""
	}
	sk.Add(locator.Finding{Offset: 0, Code: CodeUnknownScheme, Rule: "URI draft, Registration of naming schemes",
		Severity: locator.SeverityWarning,
		Message:  "scheme " + display.Quote(scheme) + " is not one the draft describes (Specific Schemes); experimental names start with \"x-\""})
}

// internet1630 checks "//" [ user [ ":" password ] "@" ] host [ ":" port ] at the start of the
// path of a URL of an Internet scheme (rfc1630Internet), and the parts that follow for nntp
// and prospero.
func internet1630(sk *syntax.Sink, name string, p syntax.RFC1630Parts) {
	const rule = "URI draft, URI syntax (the IP address part)"
	if !strings.HasPrefix(p.Path, "//") {
		sk.Add(locator.Finding{Offset: p.PathStart, Code: CodeNoAuthority, Rule: rule, Severity: locator.SeverityError,
			Message: "the " + name + " scheme locates information on the internet: \"//\" and a host follow the \":\""})
		return
	}
	rest := p.Path[2:]
	off := p.PathStart + 2
	auth := rest
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		auth = rest[:i]
	}
	path := rest[len(auth):]
	hostport, hoff := auth, off
	if i := strings.LastIndexByte(auth, '@'); i >= 0 {
		// "The syntax allows for the inclusion of a user name and even a password" (FTP).
		hostport, hoff = auth[i+1:], off+i+1
		if name != "ftp" {
			sk.Add(locator.Finding{Offset: off, Code: CodeUserinfo, Rule: "URI draft, FTP", Severity: locator.SeverityWarning,
				Message: "the draft allows a user name and password in ftp URLs only"})
		}
	}
	host := hostport
	if i := strings.LastIndexByte(hostport, ':'); i >= 0 {
		host = hostport[:i]
		port := hostport[i+1:]
		if port == "" || strings.Trim(port, "0123456789") != "" {
			sk.Add(locator.Finding{Offset: hoff + i + 1, Code: locator.CodeBadPort, Rule: "URI draft, FTP (the port number)",
				Severity: locator.SeverityError, Message: "a port is a port number (decimal digits) after the \":\""})
		}
	}
	if host == "" {
		sk.Add(locator.Finding{Offset: hoff, Code: locator.CodeEmptyHost, Rule: rule, Severity: locator.SeverityError,
			Message: "no host: the " + name + " scheme names the host to connect to"})
	}
	poff := off + len(auth)
	switch name {
	case "nntp":
		nntp1630(sk, path, poff)
	case "prospero":
		prospero1630(sk, path, poff)
	}
}

// nntp1630 checks the path of an nntp URL: "The news server name, newsgroup name, and index
// number of an article within the newsgroup on that particular server are given" (NNTP). The
// draft writes no form for them; the checker expects "/" group "/" digits, as the URL drafts
// write it, and warns of anything else.
func nntp1630(sk *syntax.Sink, path string, off int) {
	group, num, ok := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	if ok && group != "" && num != "" && strings.Trim(num, "0123456789") == "" {
		return
	}
	sk.Add(locator.Finding{Offset: off, Code: CodeNNTPArticle, Rule: "URI draft, NNTP", Severity: locator.SeverityWarning,
		Message: "an nntp URL gives the newsgroup name and the index number of an article: expected \"/group/digits\""})
}

// prospero1630 checks the version of a prospero path: "If present, the version number is
// seperated from the host specific object name by the characters "%00"" (Prospero).
func prospero1630(sk *syntax.Sink, path string, off int) {
	i := strings.Index(path, "%00")
	if i < 0 {
		return
	}
	v := path[i+3:]
	voff := off + i + 3
	switch {
	case strings.Contains(v, "%00"):
		j := strings.Index(v, "%00")
		sk.Add(locator.Finding{Offset: voff + j, Code: CodeProsperoVersion, Rule: "URI draft, Prospero", Severity: locator.SeverityError,
			Message: "a second \"%00\": one \"%00\" separates the object name from its version number"})
	case v == "" || strings.Trim(v, "0123456789") != "":
		sk.Add(locator.Finding{Offset: voff, Code: CodeProsperoVersion, Rule: "URI draft, Prospero", Severity: locator.SeverityError,
			Message: "the version number after \"%00\" is not a number"})
	}
}

// news1630 checks a news URL: a group name or a message identifier, without a host.
func news1630(sk *syntax.Sink, p syntax.RFC1630Parts) {
	switch {
	case strings.HasPrefix(p.Path, "//"):
		sk.Add(locator.Finding{Offset: p.PathStart, Code: CodeNewsServer, Rule: "URI draft, News", Severity: locator.SeverityError,
			Message: "News host names are NOT part of news URLs: write news:group or news:message-id"})
	case p.Path == "":
		sk.Add(locator.Finding{Offset: p.PathStart, Code: CodeNewsGroup, Rule: "URI draft, News", Severity: locator.SeverityError,
			Message: "a news URL names a news group or an article's message identifier"})
	}
}

// addrSpec1630 checks that a mailto, mid or cid URL holds an addr-spec: local-part "@" domain
// (RFC 822 §6.1), the form of a mail address (Mailto) and of a message identifier without its
// "<" ">" (Message-Id; Content-Id is "similar to mid:").
func addrSpec1630(sk *syntax.Sink, name string, p syntax.RFC1630Parts) {
	rule := "URI draft, Mailto"
	if name != "mailto" {
		rule = "URI draft, Message-Id"
		if name == "cid" {
			rule = "URI draft, Content-Id"
		}
		if strings.HasPrefix(p.Path, "%3C") || strings.HasPrefix(p.Path, "%3c") {
			sk.Add(locator.Finding{Offset: p.PathStart, Code: CodeMsgIDBrackets, Rule: rule, Severity: locator.SeverityWarning,
				Message: "the id is written without its \"<\" \">\": \"the RFC822 msg-id with the constant <> wrapper removed\""})
		}
	}
	i := strings.LastIndexByte(p.Path, '@')
	if i <= 0 || i == len(p.Path)-1 {
		sk.Add(locator.Finding{Offset: p.PathStart, Code: CodeAddrSpec, Rule: rule, Severity: locator.SeverityError,
			Message: "a " + name + " URL holds an RFC 822 addr-spec, local-part \"@\" domain"})
	}
}
