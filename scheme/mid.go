package scheme

import (
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// Mid is the typed view of a mid URL, a message identifier for electronic mail (the 1994 URL
// draft, "midaddress = mid: addr-spec"):
//
//	mid:<message-id>[/<content-id>]
//
// The draft gives the message-id alone. RFC 2392 §2, which later defined the scheme, adds an
// optional "/" and the Content-ID of one MIME body part of that message; a "/" inside the
// message-id is then written "%2F". Both fields are decoded. The drafts define them without
// the "<" ">" of their header fields; a URL written with them ("mid:%3Ca@b%3E") keeps them
// here, gets the warning CodeMsgIDBrackets from the checker, and a plan for the id inside.
//
// The zero value is not a URL: the message-id is required.
type Mid struct {
	MessageID string  `json:"message_id"`           // an RFC 822 addr-spec, such as "960830.1639@XIson.com"
	ContentID *string `json:"content_id,omitempty"` // RFC 2392: a body part's Content-ID; nil for the whole message
}

// midKeep is what URL leaves unencoded: RFC 1738 §5 xchar (mid is an otherurl, *xchar),
// without "/" (RFC 2392 §2 separates the content-id with it) and "?" (RFC 3986 §3.4).
var midKeep = pct.RFC1738Xchar.Without("/?")

// ParseMid returns the typed view of a mid URL. It splits the scheme-specific part at its
// first "/" (RFC 2392 §2) and decodes both parts. It fails with an [*locator.Error] when u is
// not a mid URL (CodeWrongScheme) or has no message-id (locator.CodeEmpty).
func ParseMid(u locator.URL) (Mid, error) {
	if b, off := behind(u); off > 0 {
		v, err := ParseMid(b)
		return v, shiftErr(err, u, off)
	}
	if err := wrongScheme(u, "mid"); err != nil {
		return Mid{}, err
	}
	raw, off := u.SchemePart(), len(u.Scheme())+1
	id, cid, hasCid := strings.Cut(raw, "/")
	if id == "" {
		return Mid{}, &locator.Error{Input: u.String(), Offset: off, Code: locator.CodeEmpty,
			Rule: "1994 URL draft, midaddress", Message: "a mid URL needs a message-id (mid: addr-spec)"}
	}
	var m Mid
	var err error
	if m.MessageID, err = decodeAt(u, id, off); err != nil {
		return Mid{}, err
	}
	if hasCid {
		c, err := decodeAt(u, cid, off+len(id)+1)
		if err != nil {
			return Mid{}, err
		}
		m.ContentID = &c
	}
	return m, nil
}

// Scheme returns "mid".
func (Mid) Scheme() string { return "mid" }

// URL returns the mid URL m stands for, encoding what is not RFC 1738 §5 xchar, and "/" and
// "?" (see midKeep); "/" is kept as the separator before a content-id.
func (m Mid) URL() (locator.URL, error) {
	if m.MessageID == "" {
		return locator.URL{}, &locator.Error{Code: locator.CodeEmpty, Rule: "1994 URL draft, midaddress",
			Message: "a mid URL needs a message-id"}
	}
	b := pct.AppendEncode([]byte("mid:"), m.MessageID, midKeep)
	if m.ContentID != nil {
		b = append(b, '/')
		b = pct.AppendEncode(b, *m.ContentID, midKeep)
	}
	return locator.Parse(string(b))
}

// Plan returns the access plan of m: notes only, as neither the draft nor RFC 2392 names a
// protocol or a server. Find the message whose Message-ID field (RFC 822 §4.6.1) is
// "<MessageID>" among the messages at hand, and, with a content-id, its MIME body part whose
// Content-ID is "<ContentID>" (RFC 2392 §2). An id already enclosed in "<" ">"
// ("mid:%3Ca@b%3E") loses that one pair rather than be searched for as "<<a@b>>", and the
// note says so: the drafts define the id without them (the URI draft, "Message-Id").
func (m Mid) Plan() (Plan, error) {
	if m.MessageID == "" {
		return Plan{}, &locator.Error{Code: locator.CodeEmpty, Rule: "1994 URL draft, midaddress",
			Message: "a mid URL needs a message-id"}
	}
	id, strip := stripMsgIDBrackets(m.MessageID)
	p := Plan{Scheme: "mid", Steps: []Step{{Note: "find the mail message with " + strconvQuote("Message-ID: <"+id+">") +
		" among the messages at hand (1994 URL draft, midaddress; RFC 822 §4.6.1); no protocol or server is named" +
		bracketsNote(strip)}}}
	if m.ContentID != nil {
		cid, strip := stripMsgIDBrackets(*m.ContentID)
		p.Steps = append(p.Steps, Step{Note: "in it, the MIME body part with " + strconvQuote("Content-ID: <"+cid+">") + " (RFC 2392 §2)" +
			bracketsNote(strip)})
	}
	return p, nil
}

// stripMsgIDBrackets returns id without one pair of enclosing "<" ">", and whether it had
// them. The drafts define a mid or cid id without the brackets that enclose it in its header
// field (the URI draft, "Message-Id": "the RFC822 msg-id with the constant <> wrapper
// removed"; the 1994 URL draft, midaddress = "mid:" addr-spec), so a URL written with them
// ("mid:%3Ca@b%3E") means the id inside.
func stripMsgIDBrackets(id string) (string, bool) {
	if len(id) >= 2 && id[0] == '<' && id[len(id)-1] == '>' {
		return id[1 : len(id)-1], true
	}
	return id, false
}

// bracketsNote is what a mid or cid plan's note adds when it dropped the id's brackets.
func bracketsNote(stripped bool) string {
	if !stripped {
		return ""
	}
	return "; the enclosing \"<\" \">\" written in the URL are dropped: the drafts define the id without them (URI draft, Message-Id)"
}

// bracketsFinding adds the warning CodeMsgIDBrackets to sk when the decoded id d, written at
// offset off, is enclosed in "<" ">", and returns d without them, for the addr-spec check.
func bracketsFinding(sk *syntax.Sink, d string, off int, rule, what string) string {
	id, strip := stripMsgIDBrackets(d)
	if strip {
		sk.Add(locator.Finding{Offset: off, Code: CodeMsgIDBrackets, Rule: rule, Severity: locator.SeverityWarning,
			Message: what + " is written with its enclosing \"<\" \">\" (%3C %3E); the drafts define it without them " +
				"(URI draft, Message-Id: \"the RFC822 msg-id with the constant <> wrapper removed\")"})
	}
	return id
}

// checkMid is the Check of the registry: checkMidTo into a Sink of its own.
func checkMid(u locator.URL) []locator.Finding {
	var sk syntax.Sink
	checkMidTo(&sk, u)
	return sk.Findings()
}

// checkMidTo is the strict check of the 1994 URL draft's midaddress = "mid:" addr-spec, with RFC
// 1738 §5's otherurl characters (*xchar) and RFC 822 §6.1 for the addr-spec. The findings go into
// sk.
func checkMidTo(sk *syntax.Sink, u locator.URL) {
	checkMidWith(sk, u, pct.RFC1738Xchar, "RFC 1738 §5 schemepart (*xchar)")
}

// checkMidWith is checkMidTo with the characters the scheme-specific part may hold unencoded,
// chars, cited by charsRule: RFC 1738 §5 xchar, or the 1994 URL draft's characters
// (checkDraft1994To), where <"> is extra.
func checkMidWith(sk *syntax.Sink, u locator.URL, chars pct.Set, charsRule string) {
	const rule = "1994 URL draft, midaddress"
	raw, off := u.SchemePart(), len(u.Scheme())+1
	if raw == "" {
		sk.Add(locator.Finding{Offset: off, Code: locator.CodeEmpty, Rule: rule,
			Message: "a mid URL needs a message-id (mid: addr-spec)"})
		return
	}
	syntax.CheckChars(sk, raw, off, chars, charsRule)
	id, cid, hasCid := strings.Cut(raw, "/")
	if d, err := pct.Decode(id); err == nil {
		d = bracketsFinding(sk, d, off, rule, "the message-id")
		addrSpecFinding(sk, d, off, "RFC 822 §6.1 addr-spec (1994 URL draft, midaddress)", "the message-id")
	}
	if hasCid {
		coff := off + len(id) + 1
		sk.Add(locator.Finding{Offset: coff - 1, Code: CodeMidContentID, Rule: rule, Severity: locator.SeverityWarning,
			Message: "\"/content-id\" is RFC 2392 §2; the 1994 URL draft's midaddress is the message-id alone"})
		if d, err := pct.Decode(cid); err == nil {
			d = bracketsFinding(sk, d, coff, "RFC 2392 §2 content-id", "the content-id")
			addrSpecFinding(sk, d, coff, "RFC 822 §6.1 addr-spec (RFC 2392 §2 content-id)", "the content-id")
		}
	}
}

func init() {
	register(Scheme{
		SchemeInfo: locator.SchemeInfo{Name: "mid", Source: "1994 URL draft, midaddress"},
		View:       func(u locator.URL) (View, error) { return ParseMid(u) },
		Check:      checkMid,
		Plan: func(u locator.URL) (Plan, error) {
			m, err := ParseMid(u)
			if err != nil {
				return Plan{}, err
			}
			return m.Plan()
		},
	})
}
