package scheme

import (
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
// reports it. ParseNews fails with an [*locator.Error] when u is not a news URL
// (CodeWrongScheme), has a server (CodeNewsServer), names nothing (locator.CodeEmpty), or
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
	if u.HasAuthority() {
		return News{}, &locator.Error{Input: u.String(), Offset: off, Code: CodeNewsServer, Rule: "RFC 1738 §3.6",
			Message: "a news URL names no server (news://server/... is RFC 5538 §2.2); use nntp://server/group"}
	}
	raw := u.SchemePart()
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
// RFC 977 §2.3 separates parameters by spaces or tabs and ends the line with CR LF.
func nntpArg(arg, what string) error {
	if i := strings.IndexAny(arg, " \t\r\n\x00"); i >= 0 {
		return &locator.Error{Input: arg, Offset: i, Code: CodeLineBreak, Rule: "RFC 977 §2.3",
			Message: "the " + what + " holds a space, TAB, CR, LF or NUL, which would split or end the command line"}
	}
	return nil
}

// Plan returns the access plan of n: NNTP (RFC 977) to the news server configured locally,
// since a news URL names none (the 1994 URL draft, "News": "News host names are NOT part of
// news URLs"; it may be dereferenced by "the ARTICLE by message-id command"). Plan.Host is
// empty and Plan.Port the NNTP port, 119.
//
//	news:<message-id>  ARTICLE <message-id>   RFC 977 §3.1.1; RFC 1036 §2.1.5 for the brackets
//	news:<group>       GROUP group            RFC 977 §3.2.1
//	news:*             LIST                   RFC 977 §3.6.1, "a list of valid newsgroups"
//
// A group or message-id that would make the line longer than RFC 977 §2.3 allows (510
// characters before CR LF) is refused (CodeLineTooLong).
func (n News) Plan() (Plan, error) {
	if err := n.validate(); err != nil {
		return Plan{}, err
	}
	u, err := n.URL()
	if err != nil {
		return Plan{}, err
	}
	in, off := u.String(), len("news:")
	p := Plan{Scheme: "news", Port: 119}
	p.Steps = append(p.Steps, Step{Note: "connect to the news server configured locally, port 119 (NNTP, RFC 977); read its greeting"})
	switch {
	case n.All:
		p.Steps = append(p.Steps, Step{Send: "LIST"})
	case n.Group != "":
		if err := nntpArg(n.Group, "group name"); err != nil {
			return Plan{}, err
		}
		s, err := nntpCommand("GROUP "+n.Group, in, off, "group name")
		if err != nil {
			return Plan{}, err
		}
		p.Steps = append(p.Steps, s)
	default:
		if err := nntpArg(n.MessageID, "message-id"); err != nil {
			return Plan{}, err
		}
		if strings.ContainsAny(n.MessageID, "<>") {
			// RFC 1036 §2.1.5: <string not containing blank or ">">.
			return Plan{}, &locator.Error{Input: n.MessageID, Code: CodeNewsArticle, Rule: "RFC 1036 §2.1.5",
				Message: "a message-id holds no \"<\" or \">\" inside its brackets"}
		}
		s, err := nntpCommand("ARTICLE <"+n.MessageID+">", in, off, "message-id")
		if err != nil {
			return Plan{}, err
		}
		p.Steps = append(p.Steps, s)
	}
	return p, nil
}

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
func checkNewsTo(sk *syntax.Sink, u locator.URL) {
	raw := u.SchemePart()
	off := len(u.Scheme()) + 1
	if u.HasAuthority() {
		sk.Add(locator.Finding{Offset: off, Code: CodeNewsServer, Rule: "RFC 1738 §3.6",
			Message: "a news URL names no server; news://server/... is RFC 5538 §2.2, nntp://server/group is RFC 1738 §3.7"})
		return
	}
	if raw == "*" {
		return
	}
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
			if e, ok := err.(*locator.Error); ok && e.Code == CodeLineTooLong {
				c := *e
				c.Input, c.Offset = u.String(), len(u.Scheme())+1
				return Plan{}, &c
			}
			return p, err
		},
	})
}
