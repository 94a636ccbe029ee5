package scheme

import (
	"net/netip"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// News is the typed view of a news URL (RFC 1738 §3.6):
//
//	news:<newsgroup-name>     news:<message-id>     news:*
//
// Exactly one of All, Group and MessageID is set. A message-id is told from a group name by
// its "@" (RFC 1738 §3.6). Group and MessageID are decoded; MessageID is without the
// enclosing "<" and ">" of RFC 1036 §2.1.5. A news URL names no server: it is read from the
// news server configured locally (the 1994 URL draft, "News", note 1).
//
// The zero value is not a URL: it names nothing.
type News struct {
	Group     string `json:"group,omitempty"`      // a newsgroup name, such as "comp.infosystems.www.misc"
	MessageID string `json:"message_id,omitempty"` // unique@full_domain_name, without "<" and ">"
	All       bool   `json:"all,omitempty"`        // news:*, "all available news groups"
}

// newsGroupChars is what follows the first letter of RFC 1738 §5 group.
var newsGroupChars = pct.AlphaDigit.With("-.+_")

// newsArticleChars is RFC 1738 §5 article's characters before "@":
// uchar | ";" | "/" | "?" | ":" | "&" | "=".
var newsArticleChars = pct.RFC1738Uchar.With(";/?:&=")

// newsIDKeep is what URL leaves unencoded in a message-id: the article characters and "@",
// without "?" (encoded so that RFC 3986 readers see no query, RFC 3986 §3.4).
var newsIDKeep = newsArticleChars.With("@").Without("?")

// ParseNews returns the typed view of a news URL (RFC 1738 §3.6). It reads the whole
// scheme-specific part, "?" included, up to the fragment. A message-id written with its
// enclosing "<" ">" (as in "news:<1234@host.example>") is read without them; the checker
// reports it. A scheme-specific part that starts with "//" is no server: RFC 1738 §5 reads
// "news://a@h.com" as the message-id "//a@h.com" (article allows "/"), and so does ParseNews
// when the whole part is a valid article ([Check] warns, CodeNewsServer). ParseNews fails with
// an [*locator.Error] when u is not a news URL (CodeWrongScheme), has any other "//" (no "@",
// or a bad host: CodeNewsServer), names nothing (locator.CodeEmpty), or
// when the decoded name holds a CR, LF or NUL (CodeLineBreak; RFC 1738 §6).
func ParseNews(u locator.URL) (News, error) {
	if b, off := behind(u); off > 0 {
		v, err := ParseNews(b)
		return v, shiftErr(err, u, off)
	}
	if err := wrongScheme(u, "news"); err != nil {
		return News{}, err
	}
	off := len(u.Scheme()) + 1
	raw := u.SchemePart()
	// RFC 1738 §5 article allows "/": "news://a@h.com" is the message-id "//a@h.com" (see
	// checkNewsTo); any other "//" is an error.
	if u.HasAuthority() && !newsSlashArticle(new(syntax.Sink), raw, off) {
		return News{}, &locator.Error{Input: u.String(), Offset: off, Code: CodeNewsServer, Rule: "RFC 1738 §5 grouppart",
			Message: "a news URL names no server (RFC 1738 §3.6), and \"//\" starts neither a group nor a message-id; news://server/... is RFC 5538 §4, nntp://server/group is RFC 1738 §3.7"}
	}
	switch {
	case raw == "":
		return News{}, &locator.Error{Input: u.String(), Offset: off, Code: locator.CodeEmpty, Rule: "RFC 1738 §5 grouppart",
			Message: "a news URL needs \"*\", a group name or a message-id"}
	case raw == "*":
		// RFC 1738 §3.6: news:* refers to "all available news groups".
		return News{All: true}, nil
	}
	d, err := decodeAt(u, raw, off)
	if err != nil {
		return News{}, err
	}
	if i := strings.IndexAny(d, "\r\n\x00"); i >= 0 {
		return News{}, &locator.Error{Input: u.String(), Offset: off + gopherRawIndex(raw, i), Code: CodeLineBreak,
			Rule: "RFC 1738 §6", Message: "an encoded CR, LF or NUL would end the NNTP command line"}
	}
	if strings.IndexByte(raw, '@') >= 0 {
		// RFC 1738 §3.6: "A message identifier may be distinguished from a news group name by
		// the presence of the commercial at "@" character."
		if len(d) >= 2 && d[0] == '<' && d[len(d)-1] == '>' {
			d = d[1 : len(d)-1]
		}
		return News{MessageID: d}, nil
	}
	return News{Group: d}, nil
}

// Scheme returns "news".
func (News) Scheme() string { return "news" }

func (n News) validate() error {
	set := 0
	for _, b := range []bool{n.All, n.Group != "", n.MessageID != ""} {
		if b {
			set++
		}
	}
	if set != 1 {
		return &locator.Error{Input: n.Group + n.MessageID, Code: locator.CodeEmpty, Rule: "RFC 1738 §5 grouppart",
			Message: "a news URL names exactly one of \"*\", a group and a message-id"}
	}
	if n.MessageID != "" && strings.IndexByte(n.MessageID, '@') < 0 {
		return &locator.Error{Input: n.MessageID, Code: CodeNewsArticle, Rule: "RFC 1738 §3.6",
			Message: "a message-id has an \"@\", which tells it from a group name"}
	}
	if name := n.Group + n.MessageID; strings.ContainsAny(name, "\r\n\x00") {
		// ParseNews refuses these (RFC 1738 §6): the URL would stand for no view.
		return &locator.Error{Input: name, Offset: strings.IndexAny(name, "\r\n\x00"), Code: CodeLineBreak,
			Rule: "RFC 1738 §6", Message: "a CR, LF or NUL would end the NNTP command line"}
	}
	if m := n.MessageID; len(m) >= 2 && m[0] == '<' && m[len(m)-1] == '>' {
		// RFC 1738 §3.6: "without the enclosing "<" and ">"" (ParseNews drops them).
		return &locator.Error{Input: n.MessageID, Code: CodeNewsArticle, Rule: "RFC 1738 §3.6",
			Message: "a message-id is given without its enclosing \"<\" \">\""}
	}
	return nil
}

// URL returns the news URL n stands for. A group name keeps only RFC 1738 §5 group's
// characters unencoded (so an "@" in it is "%40" and it stays a group); a message-id keeps
// the article characters and "@" (but "?", see newsIDKeep).
// A group or message-id that holds a CR, LF or NUL, which ParseNews refuses, gives
// CodeLineBreak (RFC 1738 §6).
func (n News) URL() (locator.URL, error) {
	if err := n.validate(); err != nil {
		return locator.URL{}, err
	}
	b := []byte("news:")
	switch {
	case n.All:
		b = append(b, '*')
	case n.Group != "":
		b = pct.AppendEncode(b, n.Group, newsGroupChars)
	default:
		b = pct.AppendEncode(b, n.MessageID, newsIDKeep)
	}
	return locator.Parse(string(b))
}

// nntpMaxLine is the most bytes of an NNTP command line before its CR LF: "Command lines
// shall not exceed 512 characters in length, counting all characters including spaces,
// separators, punctuation, and the trailing CR-LF (thus there are 510 characters maximum
// allowed for the command and its parameters)" (RFC 977 §2.3).
const nntpMaxLine = 510

// nntpCommand returns the step that sends line, or CodeLineTooLong when line is longer than
// nntpMaxLine. The error's Input is in, the URL, and its Offset off, where the parameter
// what stands in it.
func nntpCommand(line, in string, off int, what string) (Step, error) {
	if len(line) > nntpMaxLine {
		return Step{}, &locator.Error{Input: in, Offset: off, Code: CodeLineTooLong, Rule: "RFC 977 §2.3",
			Message: "the " + what + " makes a command line of " + strconv.Itoa(len(line)) +
				" characters; NNTP allows 510 before CR LF"}
	}
	return Step{Send: line}, nil
}

// nntpArg returns an error when arg cannot stand as one parameter of an NNTP command line:
// RFC 977 §2.3 separates parameters by spaces or tabs and ends the line with CR LF. arg is
// decoded from in[off:], the URL, as pct.AppendEncode writes it; the error's Input is in and
// its Offset that of the byte in the URL (its escape), not in arg, as nntpCommand's.
func nntpArg(arg, in string, off int, what string) error {
	if i := strings.IndexAny(arg, " \t\r\n\x00"); i >= 0 {
		return &locator.Error{Input: in, Offset: off + gopherRawIndex(in[off:], i), Code: CodeLineBreak, Rule: "RFC 977 §2.3",
			Message: "the " + what + " holds a space, TAB, CR, LF or NUL, which would split or end the command line"}
	}
	return nil
}

// NNTPServerEnv is the environment variable that names the news server of news URLs when
// no server is given explicitly ([NewsServerOptions]): newsreaders such as tin, slrn and trn
// read NNTPSERVER the same way.
const NNTPServerEnv = "NNTPSERVER"

// NewsPlanOptions are the choices of a news access plan that the URL does not make. A news URL
// names no server (RFC 1738 §3.6); "when the server is not specified, a configured default
// server for Netnews access is used" (RFC 5538 §4), "a default or currently used server as
// configured by the user" (RFC 5538 §2.2).
//
// The zero value names no server: the plan's host is empty and its first note says that none
// is configured. locator does not guess one (such as "localhost"): a fetch of a news URL without
// a server fails with a clear error instead (fetch.KindInvalid).
type NewsPlanOptions struct {
	// Server is the news server: "host", "host:port" or "[v6address]:port"; port 119 (RFC 977,
	// the NNTP port) when it gives none. "" means none is configured.
	Server string
	// Source names where Server came from ("--nntp-server", "NNTPSERVER"); the plan's connect
	// note says so. It is ignored when Server is "".
	Source string
}

// NewsServerOptions returns the options of a news plan whose server is server (from source,
// such as the command line's "--nntp-server") when it is not empty, else the value of the
// environment variable NNTPSERVER ([NNTPServerEnv]) when it is set and not empty, else none:
// the rule of newsreaders, an explicit choice first, then NNTPSERVER (RFC 5538 §4: "a
// configured default server").
func NewsServerOptions(server, source string) NewsPlanOptions {
	if server != "" {
		return NewsPlanOptions{Server: server, Source: source}
	}
	if env := os.Getenv(NNTPServerEnv); env != "" {
		return NewsPlanOptions{Server: env, Source: NNTPServerEnv}
	}
	return NewsPlanOptions{}
}

// SplitNewsServer returns the host and port of a news server option ([NewsPlanOptions.Server]):
// "host" (port 119, RFC 977), "host:port", "[v6address]:port", or a bare IPv6 address. It fails
// with a *locator.Error (CodeNewsServer) on an empty host, a port that is not 1–65535, or a
// space or control byte (RFC 1738 §3.1 host).
func SplitNewsServer(server string) (host string, port int, err error) {
	bad := func(off int, msg string) (string, int, error) {
		return "", 0, &locator.Error{Input: server, Offset: off, Code: CodeNewsServer, Rule: "RFC 1738 §3.1 hostport",
			Message: "the news server " + msg}
	}
	for i := 0; i < len(server); i++ {
		if c := server[i]; c <= ' ' || c == 0x7f {
			return bad(i, "holds the byte "+display.Byte(c)+"; it is a host or host:port")
		}
	}
	host, port = server, 119
	if ap, err := netip.ParseAddr(server); err == nil && ap.Is6() {
		return server, 119, nil
	}
	if i := strings.LastIndexByte(server, ':'); i >= 0 && !strings.HasSuffix(server, "]") {
		h, p := server[:i], server[i+1:]
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 || pct.Digit.IndexNotIn(p) >= 0 {
			return bad(i+1, "has the port "+strconvQuote(p)+"; a port is 1 to 65535")
		}
		host, port = h, n
	}
	if len(host) >= 2 && host[0] == '[' && host[len(host)-1] == ']' {
		host = host[1 : len(host)-1]
	}
	if host == "" || strings.ContainsAny(host, "[]") {
		return bad(0, "has no host before its port, or brackets that hold no IPv6 address")
	}
	return host, port, nil
}

// Plan returns the access plan of n with [NewsPlanOptions] zero (no server configured). See
// [News.PlanWith].
func (n News) Plan() (Plan, error) { return n.PlanWith(NewsPlanOptions{}) }

// PlanWith returns the NNTP dialog of n (RFC 977; RFC 3977) with the server o names, since a
// news URL names none (the 1994 URL draft, "News": "News host names are NOT part of news
// URLs"; RFC 5538 §4: "a configured default server for Netnews access is used"). Plan.Host
// is the server's host ("" when o names none) and Plan.Port its port, 119 by default.
//
// The plan is the whole dialog, as [Step.Expect] and [Step.When] give it:
//
//	(the greeting)        expect 200 or 201                        RFC 3977 §5.1.1
//	MODE READER           expect 200, 201, or 500/501 (unknown)    RFC 3977 §5.3
//	news:<message-id>:    ARTICLE <message-id>, expect 220, data   RFC 3977 §6.2.1; RFC 1036 §2.1.5
//	news:<group>:         GROUP group, expect 211                  RFC 3977 §6.1.1
//	                      OVER 1-, expect 224 (data), 423 (none), 500/501 (unknown)
//	                                                               RFC 3977 §8.3
//	                      XOVER 1- if OVER was 500/501; expect 224 (data), 420, 423
//	                                                               (RFC 3977 §8.3 formalises RFC 2980's XOVER)
//	news:*:               LIST, expect 215, data                   RFC 3977 §7.6.1: no keyword is ACTIVE; RFC 977 §3.6.1
//	QUIT                  expect 205                               RFC 3977 §5.4
//
// LIST is sent without its keyword ACTIVE so that RFC 977 servers, which know no keywords,
// answer it the same way. A group or message-id that would make its line longer than RFC 977
// §2.3 allows (510 characters before CR LF) is refused (CodeLineTooLong), and so is a server
// option that [SplitNewsServer] refuses.
func (n News) PlanWith(o NewsPlanOptions) (Plan, error) {
	if err := n.validate(); err != nil {
		return Plan{}, err
	}
	u, err := n.URL()
	if err != nil {
		return Plan{}, err
	}
	in, off := u.String(), len("news:")
	p := Plan{Scheme: "news", Port: 119}
	var connect Step
	if o.Server == "" {
		connect = Step{Note: "connect to the news server configured locally, port 119 (NNTP, RFC 977): none is configured (a news URL names none, RFC 5538 §4; give one with --nntp-server or " + NNTPServerEnv + "); read its greeting (RFC 3977 §5.1.1)"}
	} else {
		host, port, err := SplitNewsServer(o.Server)
		if err != nil {
			return Plan{}, err
		}
		p.Host, p.Port = host, port
		from := ""
		if o.Source != "" {
			from = ", from " + shown(o.Source)
		}
		connect = connectNote(host, port, " (the news server configured locally"+from+": a news URL names none, RFC 5538 §4; NNTP, RFC 977); read its greeting (RFC 3977 §5.1.1)")
	}
	connect.Expect = slices.Clone(nntpGreeting)
	p.Steps = append(p.Steps, connect, nntpStep(nntpModeReader))
	switch {
	case n.All:
		p.Steps = append(p.Steps, Step{Send: "LIST", Expect: []string{"215"}, Data: true,
			Note: "all available news groups (RFC 1738 §3.6): the active list, \"group high low status\" (RFC 3977 §7.6.1, §7.6.3; RFC 977 §3.6.1)"})
	case n.Group != "":
		if err := nntpArg(n.Group, in, off, "group name"); err != nil {
			return Plan{}, err
		}
		s, err := nntpCommand("GROUP "+n.Group, in, off, "group name")
		if err != nil {
			return Plan{}, err
		}
		s.Expect, s.Note = []string{"211"}, nntpGroupNote
		p.Steps = append(p.Steps, s)
		p.Steps = append(p.Steps, nntpStep(nntpOverview[0]), nntpStep(nntpOverview[1]))
	default:
		if err := nntpArg(n.MessageID, in, off, "message-id"); err != nil {
			return Plan{}, err
		}
		if i := strings.IndexAny(n.MessageID, "<>"); i >= 0 {
			// RFC 1036 §2.1.5: <string not containing blank or ">">.
			return Plan{}, &locator.Error{Input: in, Offset: off + gopherRawIndex(in[off:], i), Code: CodeNewsArticle, Rule: "RFC 1036 §2.1.5",
				Message: "a message-id holds no \"<\" or \">\" inside its brackets"}
		}
		s, err := nntpCommand("ARTICLE <"+n.MessageID+">", in, off, "message-id")
		if err != nil {
			return Plan{}, err
		}
		s.Expect, s.Data = []string{"220"}, true
		s.Note = "the article by its message-id (RFC 3977 §6.2.1; RFC 1036 §2.1.5 for the brackets): 220 and the article; 430 if there is none"
		p.Steps = append(p.Steps, s)
	}
	p.Steps = append(p.Steps, nntpStep(nntpQuit))
	return p, nil
}

// nntpStep returns a copy of s with slices of its own.
func nntpStep(s Step) Step {
	s.When, s.Expect = slices.Clone(s.When), slices.Clone(s.Expect)
	return s
}

// The steps every NNTP plan shares (RFC 3977). A plan gets copies (nntpSteps), so that a
// caller changing its plan's slices changes no other plan.
var (
	// nntpGreeting is the Expect of the connect step: "200 Service available, posting
	// allowed" or "201 Service available, posting prohibited" (RFC 3977 §5.1.1).
	nntpGreeting = []string{"200", "201"}
	// nntpModeReader switches a mode-switching server (INN's innd) to its reader mode (RFC
	// 3977 §5.3). A server that does not know the command (RFC 977 has none) answers 500
	// (RFC 3977 §3.2.1, "unknown command") or 501; the dialog goes on. A 502 ("reading
	// service permanently unavailable", after which the server closes) ends it.
	nntpModeReader = Step{Send: "MODE READER", Expect: []string{"200", "201", "500", "501"},
		Note: "switch a mode-switching server to reading (RFC 3977 §5.3): 200 or 201; a server without the command (RFC 977) answers 500 and the dialog goes on"}
	// nntpGroupNote is the note of a GROUP step.
	nntpGroupNote = "select the group (RFC 3977 §6.1.1): 211 number low high group; 411 if there is no such group"
	// nntpOverview lists the selected group: OVER with the range "1-", every article from 1 on
	// (RFC 3977 §8.3.2), and XOVER, its RFC 2980 name, when the server does not know OVER. A
	// group with no articles answers 423 (OVER) or 420 (XOVER): an empty listing.
	nntpOverview = []Step{
		{Send: "OVER 1-", Expect: []string{"224", "423", "500", "501"}, Data: true,
			Note: "the overview of every article from 1 on (RFC 3977 §8.3): 224 and one line per article; 423 for none"},
		{Send: "XOVER 1-", When: []string{"500", "501"}, Expect: []string{"224", "420", "423"}, Data: true,
			Note: "OVER's former name, for a server that does not know OVER (RFC 3977 §8.3 formalises XOVER)"},
	}
	// nntpQuit ends the session: "205 Connection closing" (RFC 3977 §5.4).
	nntpQuit = Step{Send: "QUIT", Expect: []string{"205"}, Note: "end the session (RFC 3977 §5.4): 205"}
)

// newsGroupFindings checks raw (at offset off) against RFC 1738 §5
// group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]; the production has no escapes.
func newsGroupFindings(sk *syntax.Sink, raw string, off int, rule string) {
	if raw == "" {
		sk.Add(locator.Finding{Offset: off, Code: CodeNewsGroup, Rule: rule, Message: "a group name is required"})
		return
	}
	if !pct.Alpha.Contains(raw[0]) {
		sk.Add(locator.Finding{Offset: off, Code: CodeNewsGroup, Rule: rule,
			Message: "a group name starts with a letter"})
	}
	for i := 1; i < len(raw); i++ {
		if !newsGroupChars.Contains(raw[i]) {
			sk.Add(locator.Finding{Offset: off + i, Code: CodeNewsGroup, Rule: rule,
				Message: display.Byte(raw[i]) + " in a group name, which holds letters, digits, \"-\", \".\", \"+\" and \"_\""})
			break
		}
	}
}

// checkNews is the Check of the registry: checkNewsTo into a Sink of its own.
func checkNews(u locator.URL) []locator.Finding {
	var sk syntax.Sink
	checkNewsTo(&sk, u)
	return sk.Findings()
}

// checkNewsTo is the strict check of RFC 1738 §5 newsurl:
//
//	newsurl   = "news:" grouppart
//	grouppart = "*" | group | article
//	group     = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
//	article   = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
//
// The findings go into sk.
//
// A news URL has no server (RFC 1738 §3.6: news URLs "are location-independent"), but "/" is
// one of article's characters, so "news://a@h.com" is the message-id "//a@h.com" by RFC 1738
// §5 (and so is "news://server/1234@h.com", RFC 5538 §4's server form, the message-id
// "//server/1234@h.com"): such a URL is valid, with a warning (CodeNewsServer) that says how
// it is read. Any other "//" (no "@", or a host that is not one) is an error: neither a group
// nor a message-id.
func checkNewsTo(sk *syntax.Sink, u locator.URL) {
	raw := u.SchemePart()
	off := len(u.Scheme()) + 1
	if u.HasAuthority() {
		var ak syntax.Sink
		if !newsSlashArticle(&ak, raw, off) {
			sk.Add(locator.Finding{Offset: off, Code: CodeNewsServer, Rule: "RFC 1738 §5 grouppart",
				Message: "a news URL names no server (RFC 1738 §3.6), and \"//\" starts neither a group nor a message-id; news://server/... is RFC 5538 §4, nntp://server/group is RFC 1738 §3.7"})
			return
		}
		sk.Add(locator.Finding{Offset: off, Code: CodeNewsServer, Rule: "RFC 1738 §5 article", Severity: locator.SeverityWarning,
			Message: "read as the message-id " + display.Quote(raw) + " (RFC 1738 §5 article allows \"/\"; a news URL names no server, §3.6), not as RFC 5538 §4's server and message-id; for those, write news:ID or nntp://server/group"})
		sk.AddAll(ak.Findings())
		return
	}
	if raw == "*" {
		return
	}
	newsPartFindings(sk, raw, off)
}

// newsSlashArticle reports whether raw, the scheme-specific part of a news URL that starts with
// "//", is RFC 1738 §5 article (an "@" and no error of newsPartFindings, whose findings go into
// sk): the message-id RFC 1738 reads in it.
func newsSlashArticle(sk *syntax.Sink, raw string, off int) bool {
	if strings.IndexByte(raw, '@') < 0 {
		return false
	}
	newsPartFindings(sk, raw, off)
	return Valid(sk.Findings())
}

// newsPartFindings checks raw, a news URL's grouppart other than "*", at offset off: a group
// or, with an "@", an article (RFC 1738 §5). The findings go into sk.
func newsPartFindings(sk *syntax.Sink, raw string, off int) {
	at := strings.LastIndexByte(raw, '@')
	if at < 0 {
		newsGroupFindings(sk, raw, off, "RFC 1738 §5 group")
		return
	}
	local, host, hostOff := raw[:at], raw[at+1:], off+at+1
	if strings.HasPrefix(local, "<") {
		sk.Add(locator.Finding{Offset: off, Code: CodeNewsArticle, Rule: "RFC 1738 §3.6",
			Message: "a message-id is written without the enclosing \"<\" and \">\""})
		local, off = local[1:], off+1
		host = strings.TrimSuffix(host, ">")
	}
	if local == "" {
		sk.Add(locator.Finding{Offset: off, Code: CodeNewsArticle, Rule: "RFC 1738 §5 article",
			Message: "the message-id has nothing before \"@\""})
	}
	syntax.CheckChars(sk, local, off, newsArticleChars, "RFC 1738 §5 article")
	if d, err := pct.Decode(local); err == nil && strings.ContainsAny(d, "<>@ ") {
		sk.Add(locator.Finding{Offset: off, Code: CodeNewsArticle, Rule: "RFC 1036 §2.1.5",
			Severity: locator.SeverityWarning,
			Message:  "the unique part of a message-id holds no \"<\", \">\", \"@\" or blank"})
	}
	if host == "" {
		sk.Add(locator.Finding{Offset: hostOff, Code: CodeNewsArticle, Rule: "RFC 1738 §5 article",
			Message: "the message-id has no host after \"@\""})
		return
	}
	if i := strings.IndexByte(host, ':'); i >= 0 {
		// RFC 1738 §5 article ends in host, not hostport.
		sk.Add(locator.Finding{Offset: hostOff + i, Code: CodeNewsArticle, Rule: "RFC 1738 §5 article",
			Message: "a message-id ends in a host, without a port"})
		host = host[:i]
	}
	syntax.CheckHostPort(sk, host, hostOff)
}

func init() {
	register(Scheme{
		SchemeInfo: locator.SchemeInfo{Name: "news", Source: "RFC 1738 §3.6"},
		View:       func(u locator.URL) (View, error) { return ParseNews(u) },
		Check:      checkNews,
		Plan: func(u locator.URL) (Plan, error) {
			n, err := ParseNews(u)
			if err != nil {
				return Plan{}, err
			}
			p, err := n.Plan()
			if err != nil {
				// The plan's errors are placed in the URL n writes again ("news:" and the
				// group or message-id, encoded as URL encodes it): placed in u instead.
				if r, rerr := n.URL(); rerr == nil {
					err = inParsedURL(err, r.String(), len("news:"), u.String(), len(u.Scheme())+1)
				}
			}
			return p, err
		},
	})
}
