package locator

import (
	"github.com/locator-url/locator/pct"
)

// CheckRFC1738 returns the findings of the scheme-independent rules of RFC 1738 for u: the
// scheme name (RFC 1738 §2.1, §5 scheme), characters that must always be encoded (§2.2: the
// unsafe, national and punctuation characters, controls and non-ASCII octets), and the
// fragment. The scheme package adds each scheme's own production (§5).
// TODO(checker): implement.
func CheckRFC1738(u URL) []Finding {
	_ = pct.RFC1738Unsafe
	return nil
}

// CheckLogin appends to dst the findings of RFC 1738 §5 login for u's authority: user and
// password (*[ uchar | ";" | "?" | "&" | "=" ]) and hostport.
// TODO(checker): implement.
func CheckLogin(dst []Finding, u URL) []Finding { return dst }

// CheckHostPort appends to dst the findings of RFC 1738 §5 hostport for hostport, which
// starts at byte offset off of the URL: host is a hostname (labels of alphanumerics and inner
// hyphens, the top label starting with a letter) or a hostnumber (four groups of digits);
// port is digits.
// TODO(checker): implement.
func CheckHostPort(dst []Finding, hostport string, off int) []Finding { return dst }

// CheckChars appends to dst a finding for each byte of s (which starts at offset off of the
// URL) that is neither in allowed nor the start of an escape, citing rule.
// TODO(checker): implement.
func CheckChars(dst []Finding, s string, off int, allowed pct.Set, rule string) []Finding {
	return dst
}

// CheckRFC3986 returns the findings of RFC 3986 for u read as a URI-reference (§4.1).
// TODO(checker): implement.
func CheckRFC3986(u URL) []Finding { return nil }
