package scheme

import (
	"strconv"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/pct"
)

// Login is the login part of the common Internet scheme syntax (RFC 1738 §3.1):
// //<user>:<password>@<host>:<port>. User and Password are decoded; nil means absent, which
// differs from empty: "ftp://@host.com/" has an empty user, "ftp://host.com/" none, and
// "ftp://foo:@host.com/" an empty password.
type Login struct {
	User     *string `json:"user"`
	Password *string `json:"password"`
	Host     string  `json:"host"`           // as written: a host name, a dotted quad, or an IP literal in brackets
	Port     string  `json:"port,omitempty"` // digits as written; "" when absent
}

// loginChars is what RFC 1738 §5 user and password allow unencoded:
// *[ uchar | ";" | "?" | "&" | "=" ]. ":", "@" and "/" must be encoded (§3.1).
var loginChars = pct.RFC1738Uchar.With(";?&=")

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
			b = pct.AppendEncode(b, *l.User, loginChars)
		}
		if l.Password != nil {
			b = append(b, ':')
			b = pct.AppendEncode(b, *l.Password, loginChars)
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

// port returns the login's port as a number, or def when absent.
func (l Login) port(def int) int {
	if l.Port == "" {
		return def
	}
	n, err := strconv.Atoi(l.Port)
	if err != nil {
		return def
	}
	return n
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

// str returns a pointer to s, for the optional fields of views.
func str(s string) *string { return &s }

// CodeNoAuthority: a scheme of the common Internet scheme syntax without "//".
const CodeNoAuthority locator.Code = "no-authority"
