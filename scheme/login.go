package scheme

import (
	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// Login is the login part of the common Internet scheme syntax (RFC 1738 §3.1):
// //<user>:<password>@<host>:<port>. User and Password are decoded; nil means absent, which
// differs from empty: "ftp://@host.com/" has an empty user, "ftp://host.com/" none, and
// "ftp://foo:@host.com/" an empty password.
//
// The zero value has no user, no password, an empty host and no port.
type Login struct {
	User     *string `json:"user"`           // decoded; nil when absent
	Password *string `json:"password"`       // decoded; nil when absent
	Host     string  `json:"host"`           // as written: a host name, a dotted quad, or an IP literal in brackets
	Port     string  `json:"port,omitempty"` // digits as written; "" when absent
}

// loginKeep is what appendLogin writes unencoded: syntax.LoginChars (RFC 1738 §5 user and
// password) without "?", which would end the
// authority for a reader of RFC 3986 §3.2 (and for [locator.Parse]), breaking the round trip.
var loginKeep = syntax.LoginChars.Without("?")

// parseLogin reads the login of u. It requires an authority.
func parseLogin(u locator.URL) (Login, error) {
	var l Login
	if !u.HasAuthority() {
		return l, &locator.Error{Input: u.String(), Offset: len(u.Scheme()) + 1, Code: CodeNoAuthority,
			Rule: "RFC 1738 §3.1", Message: "expected \"//\" and a login after the scheme"}
	}
	if s, ok := u.User(); ok {
		d, err := decodeAt(u, s, u.Offsets().User.Start)
		if err != nil {
			return l, err
		}
		l.User = &d
	}
	if s, ok := u.Password(); ok {
		d, err := decodeAt(u, s, u.Offsets().Password.Start)
		if err != nil {
			return l, err
		}
		l.Password = &d
	}
	l.Host = u.Host()
	l.Port, _ = u.Port()
	return l, nil
}

// appendLogin appends "//" and the login to b, encoding user and password.
func appendLogin(b []byte, l Login) []byte {
	b = append(b, "//"...)
	if l.User != nil || l.Password != nil {
		if l.User != nil {
			b = pct.AppendEncode(b, *l.User, loginKeep)
		}
		if l.Password != nil {
			b = append(b, ':')
			b = pct.AppendEncode(b, *l.Password, loginKeep)
		}
		b = append(b, '@')
	}
	b = append(b, l.Host...)
	if l.Port != "" {
		b = append(b, ':')
		b = append(b, l.Port...)
	}
	return b
}

// decodeAt percent-decodes s, which stands at offset off of u, reporting an illegal escape at
// its offset in u.
func decodeAt(u locator.URL, s string, off int) (string, error) {
	d, err := pct.Decode(s)
	if err != nil {
		pe := err.(*pct.Error)
		return "", &locator.Error{Input: u.String(), Offset: off + pe.Offset, Code: locator.CodeBadEscape,
			Rule: pct.Rule, Message: "illegal escape"}
	}
	return d, nil
}

// wrongScheme returns an error when u's scheme is not name.
func wrongScheme(u locator.URL, name string) error {
	if u.IsScheme(name) {
		return nil
	}
	return &locator.Error{Input: u.String(), Offset: 0, Code: CodeWrongScheme, Rule: "RFC 1738 §2.1",
		Message: "scheme is " + display.Quote(u.Scheme()) + ", not " + strconvQuote(name)}
}

// afterAuthority returns the text after host[:port] up to the fragment, and its offset: "/"
// and RFC 1738's url-path, including any "?" (which Parse takes as a query but which gopher,
// news and nntp do not reserve: RFC 1738 §3.4, §3.6).
func afterAuthority(u locator.URL) (string, int) {
	o := u.Offsets()
	end := u.Len()
	if o.Fragment.Start >= 0 {
		end = o.Fragment.Start - 1
	}
	return u.String()[o.Path.Start:end], o.Path.Start
}

// userinfoFinding adds an error finding to sk when u has a user or password though rule allows
// only hostport.
func userinfoFinding(sk *syntax.Sink, u locator.URL, rule string) {
	if _, ok := u.Userinfo(); ok {
		o := u.Offsets()
		sk.Add(locator.Finding{Offset: o.User.Start, Code: CodeUserinfo, Rule: rule,
			Message: "a user name or password is not allowed here: the production has hostport, not login"})
	}
}
