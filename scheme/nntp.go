package scheme

import (
	"slices"
	"strconv"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// NNTP is the typed view of an nntp URL (RFC 1738 §3.7):
//
//	nntp://<host>:<port>/<newsgroup-name>/<article-number>
//
// Group is decoded; Article is the article number's digits as written, "" when absent.
//
// The zero value is not a URL: it has no host and no group.
type NNTP struct {
	Login          // host and port; nntpurl has hostport, not login (RFC 1738 §5), so User and Password should be nil
	Group   string `json:"group"`             // the newsgroup name, such as "comp.infosystems.www.misc"
	Article string `json:"article,omitempty"` // the article number within the group (digits); "" for none
}

// ParseNNTP returns the typed view of an nntp URL (RFC 1738 §3.7). It fails with an
// [*locator.Error] when u is not an nntp URL (CodeWrongScheme), has no "//" (CodeNoAuthority),
// no "/" after the host (CodeMissingSlash), no group (CodeNewsGroup), an article that is not
// digits or more path segments (CodeNNTPArticle), or a group that decodes to CR, LF or NUL
// (CodeLineBreak; RFC 1738 §6). A "/" after the group with nothing after it is read as no
// article; the checker reports it.
func ParseNNTP(u locator.URL) (NNTP, error) {
	if b, off := behind(u); off > 0 {
		v, err := ParseNNTP(b)
		return v, shiftErr(err, u, off)
	}
	var n NNTP
	if err := wrongScheme(u, "nntp"); err != nil {
		return n, err
	}
	l, err := parseLogin(u)
	if err != nil {
		return n, err
	}
	n.Login = l
	rest, off := afterAuthority(u)
	if rest == "" || rest[0] != '/' {
		return NNTP{}, &locator.Error{Input: u.String(), Offset: off, Code: CodeMissingSlash, Rule: "RFC 1738 §5 nntpurl",
			Message: "expected \"/\" and a group name after the host"}
	}
	p, off := rest[1:], off+1
	group, art, hasArt := strings.Cut(p, "/")
	if group == "" {
		return NNTP{}, &locator.Error{Input: u.String(), Offset: off, Code: CodeNewsGroup, Rule: "RFC 1738 §5 nntpurl",
			Message: "an nntp URL needs a group name"}
	}
	if n.Group, err = decodeAt(u, group, off); err != nil {
		return NNTP{}, err
	}
	if i := strings.IndexAny(n.Group, "\r\n\x00"); i >= 0 {
		return NNTP{}, &locator.Error{Input: u.String(), Offset: off + gopherRawIndex(group, i), Code: CodeLineBreak,
			Rule: "RFC 1738 §6", Message: "the group name holds an encoded CR, LF or NUL, which would end the GROUP command line"}
	}
	if hasArt {
		aoff := off + len(group) + 1
		if i := pct.Digit.IndexNotIn(art); i >= 0 {
			return NNTP{}, &locator.Error{Input: u.String(), Offset: aoff + i, Code: CodeNNTPArticle, Rule: "RFC 1738 §5 nntpurl",
				Message: "the article number is digits, the last part of the path"}
		}
		n.Article = art
	}
	return n, nil
}

// Scheme returns "nntp".
func (NNTP) Scheme() string { return "nntp" }

func (n NNTP) validate() error {
	if err := checkLoginView("nntp", n.Login, true); err != nil {
		return err
	}
	if n.Group == "" {
		return &locator.Error{Code: CodeNewsGroup, Rule: "RFC 1738 §5 nntpurl", Message: "an nntp URL needs a group name"}
	}
	if i := strings.IndexAny(n.Group, "\x00\r\n"); i >= 0 {
		// ParseNNTP refuses these (RFC 1738 §6): the URL would stand for no view.
		return &locator.Error{Input: n.Group, Offset: i, Code: CodeLineBreak, Rule: "RFC 1738 §6",
			Message: "the group name holds a CR, LF or NUL, which would end the GROUP command line"}
	}
	if i := pct.Digit.IndexNotIn(n.Article); i >= 0 {
		return &locator.Error{Input: n.Article, Offset: i, Code: CodeNNTPArticle, Rule: "RFC 1738 §5 nntpurl",
			Message: "the article number is digits"}
	}
	return nil
}

// URL returns the nntp URL n stands for; the group keeps only RFC 1738 §5 group's characters
// unencoded. A group that holds a CR, LF or NUL, which ParseNNTP refuses, gives CodeLineBreak
// (RFC 1738 §6).
func (n NNTP) URL() (locator.URL, error) {
	if err := n.validate(); err != nil {
		return locator.URL{}, err
	}
	b := append([]byte("nntp:"), appendLogin(nil, n.Login)...)
	b = append(b, '/')
	b = pct.AppendEncode(b, n.Group, newsGroupChars)
	if n.Article != "" {
		b = append(b, '/')
		b = append(b, n.Article...)
	}
	return locator.Parse(string(b))
}

// Plan returns the NNTP dialog of n (RFC 1738 §3.7; RFC 977, RFC 3977), as [Step.Expect] and
// [Step.When] give it: connect to the host at its port (119 by default, RFC 1738 §3.7) and
// read the greeting (200 or 201, RFC 3977 §5.1.1); "MODE READER" (RFC 3977 §5.3; 500 or 501
// from a server without it lets the dialog go on); "GROUP group", expecting 211 (RFC 3977
// §6.1.1); with an article number "ARTICLE n", expecting 220 and the article (RFC 3977 §6.2.1,
// selection by number within the current group), without one the group's overview, "OVER 1-"
// and "XOVER 1-" when OVER is unknown, as [News.PlanWith] lists a group; then "QUIT" (RFC 3977
// §5.4). A group holding a space, TAB, CR, LF or NUL is refused (RFC 977 §2.3), and so is a
// group or article number that would make its line longer than the 510 characters before CR
// LF that RFC 977 §2.3 allows (CodeLineTooLong), and an article number of more than 16 digits,
// which a client "MUST NOT use" (CodeNNTPArticle, RFC 3977 §6; the checker warns of it).
func (n NNTP) Plan() (Plan, error) {
	if err := n.validate(); err != nil {
		return Plan{}, err
	}
	u, err := n.URL()
	if err != nil {
		return Plan{}, err
	}
	lo, hi := partSpan(u, partRest) // "/" group [ "/" digits ]
	if err := nntpArg(n.Group, u.String(), lo+1, "group name"); err != nil {
		return Plan{}, err
	}
	host, err := planHost(n.Login, pct.RFC1738Control, u.String())
	if err != nil {
		return Plan{}, err
	}
	in := u.String()
	port, err := planPort(n.Login, 119, in)
	if err != nil {
		return Plan{}, err
	}
	p := Plan{Scheme: "nntp", Host: host, Port: port}
	group, err := nntpCommand("GROUP "+n.Group, in, lo+1, "group name")
	if err != nil {
		return Plan{}, err
	}
	group.Expect, group.Note = []string{"211"}, nntpGroupNote
	connect := connectNote(host, p.Port, " (NNTP, RFC 977; RFC 1738 §3.7: port 119 unless the URL gives one); read the greeting (RFC 3977 §5.1.1)")
	connect.Expect = slices.Clone(nntpGreeting)
	p.Steps = append(p.Steps, connect, nntpStep(nntpModeReader), group)
	if n.Article != "" {
		if len(n.Article) > nntpMaxDigits {
			return Plan{}, &locator.Error{Input: in, Offset: hi - len(n.Article), Code: CodeNNTPArticle, Rule: "RFC 3977 §6",
				Message: "the article number has " + strconv.Itoa(len(n.Article)) + " digits; an NNTP client must not send more than 16"}
		}
		s, err := nntpCommand("ARTICLE "+n.Article, in, hi-len(n.Article), "article number")
		if err != nil {
			return Plan{}, err
		}
		s.Expect, s.Data = []string{"220"}, true
		s.Note = "the article by its number in the group (RFC 3977 §6.2.1): 220 and the article; 423 if there is none"
		p.Steps = append(p.Steps, s)
	} else {
		p.Steps = append(p.Steps, nntpStep(nntpOverview[0]), nntpStep(nntpOverview[1]))
	}
	p.Steps = append(p.Steps, nntpStep(nntpQuit))
	return p, nil
}

// nntpMaxDigits is the most digits of an article number on an NNTP command line: "The client
// and server MAY use leading zeroes in specifying article numbers but MUST NOT use more than
// 16 digits" (RFC 3977 §6).
const nntpMaxDigits = 16

// checkNNTP is the Check of the registry: checkNNTPTo into a Sink of its own.
func checkNNTP(u locator.URL) []locator.Finding {
	var sk syntax.Sink
	checkNNTPTo(&sk, u)
	return sk.Findings()
}

// checkNNTPTo is the strict check of RFC 1738 §5 nntpurl = "nntp://" hostport "/" group [ "/"
// digits ]. The findings go into sk.
func checkNNTPTo(sk *syntax.Sink, u locator.URL) {
	const rule = "RFC 1738 §5 nntpurl"
	if !u.HasAuthority() {
		sk.Add(locator.Finding{Offset: len(u.Scheme()) + 1, Code: CodeNoAuthority, Rule: rule,
			Message: "expected \"//\" and host[:port] after the scheme"})
		return
	}
	userinfoFinding(sk, u, rule)
	syntax.CheckHostPort(sk, u.HostPort(), u.Offsets().Host.Start)
	rest, off := afterAuthority(u)
	if rest == "" || rest[0] != '/' {
		sk.Add(locator.Finding{Offset: off, Code: CodeMissingSlash, Rule: rule,
			Message: "expected \"/\" and a group name after the host"})
		return
	}
	p, off := rest[1:], off+1
	group, art, hasArt := strings.Cut(p, "/")
	newsGroupFindings(sk, group, off, "RFC 1738 §5 group")
	if hasArt {
		aoff := off + len(group) + 1
		if art == "" {
			sk.Add(locator.Finding{Offset: aoff - 1, Code: CodeNNTPArticle, Rule: rule,
				Message: "a \"/\" after the group is followed by the article number's digits"})
		} else if i := pct.Digit.IndexNotIn(art); i >= 0 {
			sk.Add(locator.Finding{Offset: aoff + i, Code: CodeNNTPArticle, Rule: rule,
				Message: "the article number is digits, the last part of the path"})
		} else if len(art) > nntpMaxDigits {
			// RFC 1738 §5 digits has no limit; the ARTICLE command has (the plan refuses it).
			sk.Add(locator.Finding{Offset: aoff, Code: CodeNNTPArticle, Rule: "RFC 3977 §6", Severity: locator.SeverityWarning,
				Message: "the article number has " + strconv.Itoa(len(art)) + " digits; an NNTP client must not send more than 16, so it cannot be retrieved"})
		} else if v := strings.TrimLeft(art, "0"); v == "" || len(v) > 10 || len(v) == 10 && v > "2147483647" {
			// RFC 3977 §6: "Article numbers MUST lie in the range 1 to 2,147,483,647". The
			// command may carry the number (16 digits at most), but no article has it: the
			// server answers 423 (§6.2.1).
			sk.Add(locator.Finding{Offset: aoff, Code: CodeNNTPArticle, Rule: "RFC 3977 §6", Severity: locator.SeverityWarning,
				Message: "no article has the number " + art + ": article numbers lie in the range 1 to 2,147,483,647"})
		}
	}
}

func init() {
	register(Scheme{
		SchemeInfo: locator.SchemeInfo{Name: "nntp", DefaultPort: 119, Hierarchical: true, Source: "RFC 1738 §3.7"},
		View:       func(u locator.URL) (View, error) { return ParseNNTP(u) },
		Check:      checkNNTP,
		Plan: func(u locator.URL) (Plan, error) {
			n, err := ParseNNTP(u)
			if err != nil {
				return Plan{}, err
			}
			p, err := n.Plan()
			if err != nil {
				// As for news: the errors in the group and article number are placed in the
				// URL n writes again, "/" group [ "/" digits ] in each: placed in u instead.
				// The host's errors (planHost) are placed from the "//" on: the login and the
				// host, written as in u or escaped, and their delimiters, the same in both.
				if r, rerr := n.URL(); rerr == nil {
					rlo, _ := partSpan(r, partRest)
					ulo, _ := partSpan(u, partRest)
					if e, ok := err.(*locator.Error); ok && e.Offset <= rlo {
						err = inParsedURL(err, r.String(), len("nntp:"), u.String(), len(u.Scheme())+1)
					} else {
						err = inParsedURL(err, r.String(), rlo+1, u.String(), ulo+1)
					}
				}
			}
			return p, err
		},
	})
}
