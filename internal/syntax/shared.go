package syntax

import "github.com/locator-url/locator"

// The helpers of the checkers that package scheme's Security uses too: one copy of each.

// IsIPv4 reports whether s is RFC 3986 §3.2.2 IPv4address = dec-octet "." dec-octet "."
// dec-octet "." dec-octet, dec-octet being 0–255 without leading zeros.
func IsIPv4(s string) bool { return isIPv4(s) }

// IsEscape reports whether s[i] starts a well-formed escape "%" hex hex (RFC 1738 §5 escape;
// RFC 3986 §2.1 pct-encoded).
func IsEscape(s string, i int) bool { return isEscape(s, i) }

// Decimal returns the value of the decimal digits s (a port as Parse accepts it), and false
// when s is empty or above 2^31.
func Decimal(s string) (int, bool) { return decimal(s) }

// Classify returns the finding for the character at s[i], which RFC 1738 §2.2 says must be
// encoded (control, national, unsafe, reserved or non-ASCII), at offset off+i with rule, and
// the number of bytes it covers (a whole UTF-8 character for non-ASCII text).
func Classify(s string, i, off int, rule string) (locator.Finding, int) {
	return classify(s, i, off, rule)
}

// CharLen returns the number of bytes of the character at s[i]: one for ASCII and for each
// byte of invalid UTF-8.
func CharLen(s string, i int) int { return charLen(s, i) }

// CheckPort adds to sk the findings of RFC 1738 §5 port = digits for port, which follows the
// ":" at offset colon (the 1994 URL draft's port = digits is the same production).
func CheckPort(sk *Sink, port string, colon int) { checkPort(sk, port, colon) }
