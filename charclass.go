package locator

import (
	"github.com/locator-url/locator/pct"
)

// charClass is a set of bytes the checkers scan for often (a pct.Class of classTable), so that
// "is every byte of s in the set?" is one table lookup and one AND per byte: the fast path of
// a checker, which looks at the bytes one by one (appendCharFindings) only when the answer is
// no.
type charClass = pct.Class

// classTable holds the classes of the checkers' hot paths.
var classTable pct.Table

// newCharClass returns the class of the bytes of set. It is called only while the package's
// variables are initialized.
func newCharClass(set pct.Set) *charClass { return classTable.Add(set) }

// The classes of the checkers' hot paths.
var (
	xcharClass      = newCharClass(pct.RFC1738Xchar)          // RFC 1738 §5 xchar
	loginClass      = newCharClass(loginChars)                // RFC 1738 §5 user, password
	labelClass      = newCharClass(pct.AlphaDigit.With("-"))  // RFC 1738 §5 domainlabel, toplabel
	hostClass       = newCharClass(pct.AlphaDigit.With("-.")) // RFC 1738 §5 hostname
	hostNumberClass = newCharClass(pct.Digit.With("."))       // RFC 1738 §5 hostnumber
	digitClass      = newCharClass(pct.Digit)                 // RFC 1738 §5 digits; RFC 3986 DIGIT

	userinfoClass = newCharClass(pct.UserinfoChars) // RFC 3986 §3.2.1 userinfo
	regNameClass  = newCharClass(pct.RegNameChars)  // RFC 3986 §3.2.2 reg-name
	pathClass     = newCharClass(pct.PathChars)     // RFC 3986 §3.3 segment and "/"
	queryClass    = newCharClass(pct.QueryChars)    // RFC 3986 §3.4 query
	fragmentClass = newCharClass(pct.FragmentChars) // RFC 3986 §3.5 fragment
)

// checkClass is [CheckChars] with allowed = k.Set, and a fast path for s all in k.
func checkClass(dst []Finding, s string, off int, k *charClass, rule string) []Finding {
	if k.All(s) {
		return dst
	}
	i := k.Skip(s)
	return appendCharFindings(dst, s[i:], off+i, k.Set, rule, classify)
}

// check3986Class appends a finding for each byte of s not in k and not pct-encoded (RFC 3986
// §2.1 pct-encoded = "%" HEXDIG HEXDIG), with a fast path for s all in k.
func check3986Class(dst []Finding, s string, off int, k *charClass, rule string) []Finding {
	if k.All(s) {
		return dst
	}
	i := k.Skip(s)
	return appendCharFindings(dst, s[i:], off+i, k.Set, rule, classify3986)
}
