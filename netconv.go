package locator

import (
	"errors"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/locator-url/locator/internal/display"
)

const netRule = "Go net/url (RFC 3986 as net/url implements it)"

// NetURL returns u as a *url.URL from net/url.Parse. It fails with an [*Error] of code
// [CodeNetURLRejects] when net/url.Parse rejects u (net/url's errors have no offset: the
// Offset is the start of the component its message names, or 0), and of code
// [CodeNetURLLossy], with the offset of the first byte that would change, when the result's
// String would differ from u.String() other than by the case of the scheme.
//
// A URL that [ParseAs] read with a "URL:" prefix or a login holding "?" (RFC 1738 §5) is
// converted as [Resolve] and [Normalize] take it: without the prefix, the "?" written "%3F"
// ("ftp://a?b@h/" gives User "a?b" and String "ftp://a%3Fb@h/"), the same components; the
// Error's Input and Offset are then those of that form.
//
// A net/url URL stores decoded components in fields, with RawPath, RawFragment, ForceQuery
// and OmitHost as hints for re-encoding; a locator URL stores the serialization. The two agree
// on most URLs, but not all. Where they cannot represent the same URL:
//
//   - an empty fragment: "http://h/#" parses into Fragment "" and String drops the "#"
//     (RFC 3986 §6.2.3: "two URIs that differ only by the suffix "#" are considered
//     different");
//   - an empty authority with nothing after it: "http://" serializes as "http:";
//   - characters net/url re-encodes: "http://h/a b" serializes as "http://h/a%20b"; "\",
//     non-ASCII bytes and a second "#" in the fragment are encoded too (kasztp.txt has 156
//     URLs with "\" in the path);
//   - what net/url.Parse rejects: a first path segment with ":" in a relative reference, an
//     invalid host (a space, a "%" that is not a zone) or port, and the like;
//   - from net/url to locator: a Path without a leading "/" after a host ("h" + "a" serializes
//     as "//h/a"), a relative Path with ":" in its first segment (serialized as "./a:b"),
//     OmitHost with a Path starting with "//", RawPath or RawFragment that do not match
//     their decoded field, and control characters in Opaque.
//
// Where they agree: the scheme (net/url lower-cases it; RFC 1738 §2.1 and RFC 3986 §3.1 make
// it case-insensitive, and that is the one change NetURL allows), an empty user ("//@h":
// url.User("") is not nil), an empty password ("//u:@h": url.UserPassword("u", "")), an empty
// port ("http://h:/": Host "h:"), an empty query (ForceQuery), and escapes as written in the
// path and fragment (RawPath, RawFragment).
//
// NetURL and FromNetURL never lose information silently: when the other side cannot hold the
// URL exactly, they return an [*Error] with code [CodeNetURLRejects] or [CodeNetURLLossy].
func (u URL) NetURL() (*url.URL, error) {
	u = plain(u)
	nu, err := url.Parse(u.s)
	if err != nil {
		return nil, &Error{Input: u.s, Offset: netErrorOffset(u, err), Code: CodeNetURLRejects, Rule: netRule,
			Message: "net/url cannot parse this URL: " + netMessage(err)}
	}
	got := nu.String()
	want := u.s
	if sc := u.Scheme(); sc != "" {
		want = lowerASCII(sc) + u.s[len(sc):]
	}
	if got != want {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		return nil, &Error{Input: u.s, Offset: i, Code: CodeNetURLLossy, Rule: netRule,
			Message: "net/url would serialize this URL as " + display.Quote(got)}
	}
	return nu, nil
}

// netErrorOffset guesses where net/url.Parse failed on u, whose errors carry no offset: the
// start of the component its message names (the first path segment, the host, the port, the
// user information), or 0.
func netErrorOffset(u URL, err error) int {
	// net/url's message, without the URL it quotes (whose text may hold "port" or "host").
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	msg := err.Error()
	o := u.Offsets()
	switch {
	case strings.Contains(msg, "first path segment"):
		if i := strings.IndexByte(u.s, ':'); i >= 0 {
			return i
		}
	case strings.Contains(msg, "port") && o.Port.Start >= 0:
		return o.Port.Start
	case strings.Contains(msg, "host") || strings.Contains(msg, "IP-literal"):
		if o.Host.Start >= 0 {
			return o.Host.Start
		}
	case strings.Contains(msg, "userinfo") && o.User.Start >= 0:
		return o.User.Start
	}
	return 0
}

// FromNetURL returns the URL that nu.String() serializes (see [URL.NetURL] for where the two
// representations part). It fails with an [*Error] of code
// [CodeNetURLLossy] when that serialization does not carry nu's components: when
// net/url.Parse of it does not give back the same scheme (ignoring case), opaque part, user
// and password (telling absent from empty), host, path (decoded and escaped), query (with
// ForceQuery) and fragment (decoded and escaped); and with Parse's error when nu.String()
// is not a URL (an Opaque with a control character).
func FromNetURL(nu *url.URL) (URL, error) {
	if nu == nil {
		return URL{}, &Error{Code: CodeNilURL, Rule: netRule, Message: "nil *url.URL"}
	}
	s := nu.String()
	u, err := Parse(s)
	if err != nil {
		return URL{}, err
	}
	back, err := url.Parse(s)
	if err != nil {
		return URL{}, &Error{Input: s, Code: CodeNetURLLossy, Rule: netRule,
			Message: "net/url cannot read back its own serialization: " + netMessage(err)}
	}
	if field, off := netDiff(nu, back, u); field != "" {
		return URL{}, &Error{Input: s, Offset: off, Code: CodeNetURLLossy, Rule: netRule,
			Message: "the serialization does not keep the " + field + " of the net/url URL"}
	}
	return u, nil
}

// netDiff names the first component in which a and b differ, and its offset in u.
func netDiff(a, b *url.URL, u URL) (string, int) {
	o := u.Offsets()
	at := func(s Span) int {
		if s.Start < 0 {
			return 0
		}
		return s.Start
	}
	switch {
	case !strings.EqualFold(a.Scheme, b.Scheme):
		return "scheme", 0
	case a.Opaque != b.Opaque:
		return "opaque part", at(o.Path)
	case (a.User == nil) != (b.User == nil):
		return "user", at(o.User)
	case a.User != nil && a.User.Username() != b.User.Username():
		return "user", at(o.User)
	}
	if a.User != nil {
		pa, sa := a.User.Password()
		pb, sb := b.User.Password()
		if pa != pb || sa != sb {
			return "password", at(o.User)
		}
	}
	switch {
	case a.Host != b.Host:
		return "host", at(o.Host)
	case a.Path != b.Path || a.EscapedPath() != b.EscapedPath():
		return "path", at(o.Path)
	case a.RawQuery != b.RawQuery || (a.ForceQuery || a.RawQuery != "") != (b.ForceQuery || b.RawQuery != ""):
		return "query", at(o.Query)
	case a.Fragment != b.Fragment || a.EscapedFragment() != b.EscapedFragment():
		return "fragment", at(o.Fragment)
	}
	return "", 0
}

// netMessage is net/url's message for err without the URL it quotes whole (the Error's Input
// holds it), shown through package display and cut to maxNetMessage bytes, so that a message
// stays short whatever the input.
func netMessage(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	msg := err.Error()
	if len(msg) > maxNetMessage {
		n := maxNetMessage
		for n > 0 && !utf8.RuneStart(msg[n]) {
			n--
		}
		msg = msg[:n] + "…"
	}
	return display.String(msg)
}

// maxNetMessage is the most bytes of a net/url message that an Error's Message shows.
const maxNetMessage = 160
