package locator

import (
	"github.com/locator-url/locator/pct"
)

// charClass is a set of bytes the checkers scan for often, with a bit in classBits so that
// "is every byte of s in the set?" is one table lookup and one AND per byte, with no branch:
// the fast path of a checker, which looks at the bytes one by one (appendCharFindings) only
// when the answer is no. The answer is exact: a byte is in the class exactly when it is in set.
type charClass struct {
	set pct.Set
	bit uint32
}

// classBits holds, for each byte, the bits of the classes it belongs to.
var classBits [256]uint32

// nClasses is the number of classes made so far; newCharClass panics past 29, since the top
// three bits of classBits tell ":", "." and "-" (see validHostPort).
var nClasses int

// The bits of classBits that are not classes.
const (
	kindColon  uint32 = 1 << 29 // ":"
	kindDot    uint32 = 1 << 30 // "."
	kindHyphen uint32 = 1 << 31 // "-"
)

func init() {
	classBits[':'] |= kindColon
	classBits['.'] |= kindDot
	classBits['-'] |= kindHyphen
}

// newCharClass returns the class of the bytes of set. It is called only while the package's
// variables are initialized.
func newCharClass(set pct.Set) *charClass {
	if nClasses == 29 {
		panic("locator: too many character classes")
	}
	k := &charClass{set: set, bit: 1 << nClasses}
	nClasses++
	for c := 0; c < 256; c++ {
		if set.Contains(byte(c)) {
			classBits[c] |= k.bit
		}
	}
	return k
}

// all reports whether every byte of s is in k (true for "").
func (k *charClass) all(s string) bool {
	a, b := k.bit, k.bit
	i := 0
	for ; i+4 <= len(s); i += 4 {
		_ = s[i+3]
		a &= classBits[s[i]] & classBits[s[i+1]]
		b &= classBits[s[i+2]] & classBits[s[i+3]]
	}
	for ; i < len(s); i++ {
		a &= classBits[s[i]]
	}
	return a&b != 0
}

// skip returns the index of the first byte of s that is not in k, or len(s). The checkers
// start their byte-by-byte scan there: the bytes before it are allowed, and none of them
// starts an escape.
func (k *charClass) skip(s string) int {
	for i := 0; i < len(s); i++ {
		if classBits[s[i]]&k.bit == 0 {
			return i
		}
	}
	return len(s)
}

// classesOf returns the classes that every byte of s belongs to, as bits.
func classesOf(s string) uint32 {
	a, b := ^uint32(0), ^uint32(0)
	i := 0
	for ; i+4 <= len(s); i += 4 {
		_ = s[i+3]
		a &= classBits[s[i]] & classBits[s[i+1]]
		b &= classBits[s[i+2]] & classBits[s[i+3]]
	}
	for ; i < len(s); i++ {
		a &= classBits[s[i]]
	}
	return a & b
}

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

// checkClass is [CheckChars] with allowed = k.set, and a fast path for s all in k.
func checkClass(dst []Finding, s string, off int, k *charClass, rule string) []Finding {
	if k.all(s) {
		return dst
	}
	i := k.skip(s)
	return appendCharFindings(dst, s[i:], off+i, k.set, rule, classify)
}

// check3986Class appends a finding for each byte of s not in k and not pct-encoded (RFC 3986
// §2.1 pct-encoded = "%" HEXDIG HEXDIG), with a fast path for s all in k.
func check3986Class(dst []Finding, s string, off int, k *charClass, rule string) []Finding {
	if k.all(s) {
		return dst
	}
	i := k.skip(s)
	return appendCharFindings(dst, s[i:], off+i, k.set, rule, classify3986)
}
