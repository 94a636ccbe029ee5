package scheme

import (
	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// Cid is the typed view of a cid URL, a content identifier for a MIME body part (the 1994
// URL draft, "cidaddress = cid: content-identifier"; later RFC 2392 §2):
//
//	cid:<content-id>
//
// ContentID is decoded. The draft defines it without "<" ">"; a URL written with them
// ("cid:%3Ca@b%3E") keeps them here, gets the warning CodeMsgIDBrackets from the checker,
// and a plan for the id inside. A Content-ID has the syntax of a Message-ID, an
// RFC 822 addr-spec in angle brackets (RFC 2045 §7), which the checker applies.
//
// The zero value is not a URL: the content-id is required.
type Cid struct {
	ContentID string `json:"content_id"` // such as "foo4*foo1@bar.net"
}

// cidKeep is what URL leaves unencoded: RFC 1738 §5 xchar (cid is an otherurl, *xchar),
// without "?" (RFC 3986 §3.4).
var cidKeep = pct.RFC1738Xchar.Without("?")

// ParseCid returns the typed view of a cid URL. It fails with an [*locator.Error] when u is
// not a cid URL (CodeWrongScheme) or has no content-id (locator.CodeEmpty).
func ParseCid(u locator.URL) (Cid, error) {
	if b, off := behind(u); off > 0 {
		v, err := ParseCid(b)
		return v, shiftErr(err, u, off)
	}
	if err := wrongScheme(u, "cid"); err != nil {
		return Cid{}, err
	}
	raw, off := u.SchemePart(), len(u.Scheme())+1
	if raw == "" {
		return Cid{}, &locator.Error{Input: u.String(), Offset: off, Code: locator.CodeEmpty,
			Rule: "1994 URL draft, cidaddress", Message: "a cid URL needs a content-identifier"}
	}
	d, err := decodeAt(u, raw, off)
	if err != nil {
		return Cid{}, err
	}
	return Cid{ContentID: d}, nil
}

// Scheme returns "cid".
func (Cid) Scheme() string { return "cid" }

// URL returns the cid URL c stands for, encoding what is not RFC 1738 §5 xchar, and "?".
func (c Cid) URL() (locator.URL, error) {
	if c.ContentID == "" {
		return locator.URL{}, &locator.Error{Code: locator.CodeEmpty, Rule: "1994 URL draft, cidaddress",
			Message: "a cid URL needs a content-identifier"}
	}
	return locator.Parse(string(pct.AppendEncode([]byte("cid:"), c.ContentID, cidKeep)))
}

// Plan returns the access plan of c: a note only, as no protocol or server is named. Find,
// in the MIME message at hand (the one the URL appears in, RFC 2392 §2), the body part whose
// Content-ID field is "<ContentID>" (RFC 2045 §7). A content-id already enclosed in "<" ">"
// ("cid:%3Ca@b%3E") loses that one pair rather than be searched for as "<<a@b>>", and the note
// says so (the 1994 URL draft's cidaddress, like midaddress, is the id without them).
func (c Cid) Plan() (Plan, error) {
	if c.ContentID == "" {
		return Plan{}, &locator.Error{Code: locator.CodeEmpty, Rule: "1994 URL draft, cidaddress",
			Message: "a cid URL needs a content-identifier"}
	}
	id, strip := stripMsgIDBrackets(c.ContentID)
	return Plan{Scheme: "cid", Steps: []Step{{Note: "find the MIME body part with " + strconvQuote("Content-ID: <"+id+">") +
		" in the message at hand (1994 URL draft, cidaddress; RFC 2045 §7); no protocol or server is named" + bracketsNote(strip)}}}, nil
}

// checkCid is the Check of the registry: checkCidTo into a Sink of its own.
func checkCid(u locator.URL) []locator.Finding {
	var sk syntax.Sink
	checkCidTo(&sk, u)
	return sk.Findings()
}

// checkCidTo is the strict check of the 1994 URL draft's cidaddress = "cid:" content-identifier,
// with RFC 1738 §5's otherurl characters (*xchar) and RFC 822 §6.1 addr-spec for the identifier
// (RFC 2045 §7: a Content-ID is a msg-id, "<" addr-spec ">"). The findings go into sk.
func checkCidTo(sk *syntax.Sink, u locator.URL) {
	checkCidWith(sk, u, pct.RFC1738Xchar, "RFC 1738 §5 schemepart (*xchar)")
}

// checkCidWith is checkCidTo with the characters the scheme-specific part may hold unencoded,
// chars, cited by charsRule (see checkMidWith).
func checkCidWith(sk *syntax.Sink, u locator.URL, chars pct.Set, charsRule string) {
	raw, off := u.SchemePart(), len(u.Scheme())+1
	if raw == "" {
		sk.Add(locator.Finding{Offset: off, Code: locator.CodeEmpty, Rule: "1994 URL draft, cidaddress",
			Message: "a cid URL needs a content-identifier"})
		return
	}
	syntax.CheckChars(sk, raw, off, chars, charsRule)
	if d, err := pct.Decode(raw); err == nil {
		d = bracketsFinding(sk, d, off, "1994 URL draft, cidaddress", "the content-identifier")
		addrSpecFinding(sk, d, off, "RFC 822 §6.1 addr-spec (RFC 2045 §7 Content-ID)", "the content-identifier")
	}
}

func init() {
	register(Scheme{
		SchemeInfo: locator.SchemeInfo{Name: "cid", Source: "1994 URL draft, cidaddress"},
		View:       func(u locator.URL) (View, error) { return ParseCid(u) },
		Check:      checkCid,
		Plan: func(u locator.URL) (Plan, error) {
			c, err := ParseCid(u)
			if err != nil {
				return Plan{}, err
			}
			return c.Plan()
		},
	})
}
