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
// message-id is then written "%2F". Both fields are decoded and without "<" ">".
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
// Content-ID is "<ContentID>" (RFC 2392 §2).
func (m Mid) Plan() (Plan, error) {
	if m.MessageID == "" {
		return Plan{}, &locator.Error{Code: locator.CodeEmpty, Rule: "1994 URL draft, midaddress",
			Message: "a mid URL needs a message-id"}
	}
	p := Plan{Scheme: "mid", Steps: []Step{{Note: "find the mail message with " + strconvQuote("Message-ID: <"+m.MessageID+">") +
		" among the messages at hand (1994 URL draft, midaddress; RFC 822 §4.6.1); no protocol or server is named"}}}
	if m.ContentID != nil {
		p.Steps = append(p.Steps, Step{Note: "in it, the MIME body part with " + strconvQuote("Content-ID: <"+*m.ContentID+">") + " (RFC 2392 §2)"})
	}
	return p, nil
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
	const rule = "1994 URL draft, midaddress"
	raw, off := u.SchemePart(), len(u.Scheme())+1
	if raw == "" {
		sk.Add(locator.Finding{Offset: off, Code: locator.CodeEmpty, Rule: rule,
			Message: "a mid URL needs a message-id (mid: addr-spec)"})
		return
	}
	syntax.CheckChars(sk, raw, off, pct.RFC1738Xchar, "RFC 1738 §5 schemepart (*xchar)")
	id, cid, hasCid := strings.Cut(raw, "/")
	if d, err := pct.Decode(id); err == nil {
		addrSpecFinding(sk, d, off, "RFC 822 §6.1 addr-spec (1994 URL draft, midaddress)", "the message-id")
	}
	if hasCid {
		coff := off + len(id) + 1
		sk.Add(locator.Finding{Offset: coff - 1, Code: CodeMidContentID, Rule: rule, Severity: locator.SeverityWarning,
			Message: "\"/content-id\" is RFC 2392 §2; the 1994 URL draft's midaddress is the message-id alone"})
		if d, err := pct.Decode(cid); err == nil {
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
