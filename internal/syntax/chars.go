package syntax

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/pct"
)

// charFinding is the code and message of a finding for one US-ASCII byte.
type charFinding struct {
	code locator.Code
	msg  string
}

// charCode returns the code of the finding for the unwanted byte c (the first byte of a
// character), by RFC 3986 when rfc3986 is set, else by RFC 1738 (§2.2): what classify and
// classify3986 give, without building the message.
func charCode(c byte, rfc3986 bool) locator.Code {
	switch {
	case c >= 0x80:
		return locator.CodeNonASCII
	case rfc3986:
		return asciiTab3986[c].code
	default:
		return asciiTab1738[c].code
	}
}

// charLen returns the number of bytes the finding for the unwanted character at s[i] covers:
// a whole UTF-8 character, or one byte of invalid UTF-8 or US-ASCII.
func charLen(s string, i int) int {
	if s[i] < 0x80 {
		return 1
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && size <= 1 {
		return 1
	}
	return size
}

// classify returns the finding for the unwanted character at s[i] (RFC 1738 §2.2) and the
// number of bytes it covers (a whole UTF-8 character for non-ASCII text).
func classify(s string, i, off int, rule string) (locator.Finding, int) {
	c := s[i]
	f := locator.Finding{Offset: off + i, Rule: rule, Severity: locator.SeverityError}
	if c < 0x80 {
		t := &asciiTab1738[c]
		f.Code, f.Message = t.code, t.msg
		return f, 1
	}
	// RFC 1738 §2.2: octets 80–FF are not allowed unencoded.
	n := charLen(s, i)
	f.Code = locator.CodeNonASCII
	if n == 1 {
		f.Message = "non-ASCII byte " + hexByte(c)[1:] + " must be encoded as " + hexByte(c)
	} else {
		r, _ := utf8.DecodeRuneInString(s[i:])
		f.Message = "non-ASCII character " + display.Quote(s[i:i+n]) + " (U+" +
			strings.ToUpper(strconv.FormatInt(int64(r)+0x10000, 16)[1:]) + ") must be encoded as " + hexBytes(s[i:i+n])
	}
	return f, n
}

// asciiTab1738 holds the code and message classify gives each US-ASCII byte, built when the
// package is initialized, so that reporting a character allocates nothing (a sync.OnceValue
// cost a call and an atomic load per finding).
var asciiTab1738 = func() (t [0x80]charFinding) {
	for c := range t {
		t[c].code, t[c].msg = classifyASCII(byte(c))
	}
	return t
}()

// classifyASCII returns the code and message of the finding for the unwanted US-ASCII
// character c (RFC 1738 §2.2).
func classifyASCII(c byte) (locator.Code, string) {
	switch {
	case pct.RFC1738Control.Contains(c):
		// RFC 1738 §2.2: controls "are unsafe" and must be encoded.
		return locator.CodeControl, "control character " + hexByte(c) + " must be encoded"
	case pct.RFC1738National.Contains(c):
		// RFC 1738 §2.2 national characters.
		return locator.CodeNationalChar, "character " + quoteByte(c) + " is unsafe (gateways may change it) and must be encoded as " + hexByte(c)
	case c == ' ' || pct.RFC1738Punctuation.Contains(c):
		// RFC 1738 §2.2 unsafe characters.
		return locator.CodeUnsafeChar, "unsafe character " + quoteByte(c) + " must be encoded as " + hexByte(c)
	case pct.RFC1738Reserved.Contains(c):
		// RFC 1738 §2.2 reserved characters.
		return locator.CodeReservedChar, "reserved character " + quoteByte(c) + " must be encoded as " + hexByte(c) + " here"
	default:
		return locator.CodeDisallowedChar, "character " + quoteByte(c) + " is not allowed here"
	}
}

// classify3986 returns the finding for the character at s[i] that RFC 3986 does not allow
// there and the number of bytes it covers (a whole UTF-8 character for non-ASCII text).
func classify3986(s string, i, off int, rule string) (locator.Finding, int) {
	c := s[i]
	f := locator.Finding{Offset: off + i, Rule: rule, Severity: locator.SeverityError}
	if c < 0x80 {
		t := &asciiTab3986[c]
		f.Code, f.Message = t.code, t.msg
		return f, 1
	}
	// RFC 3986 §2: a URI is ASCII; RFC 3987 IRIs allow UCS characters.
	n := charLen(s, i)
	f.Code = locator.CodeNonASCII
	if n == 1 {
		f.Message = "non-ASCII byte " + hexByte(c)[1:] + " must be percent-encoded as " + hexByte(c)
	} else {
		f.Message = "non-ASCII character " + display.Quote(s[i:i+n]) + " must be percent-encoded as " +
			hexBytes(s[i:i+n]) + " (an IRI, RFC 3987, may hold it; a URI may not)"
	}
	return f, n
}

// asciiTab3986 holds the code and message classify3986 gives each US-ASCII byte, built when
// the package is initialized, so that reporting a character allocates nothing.
var asciiTab3986 = func() (t [0x80]charFinding) {
	for c := range t {
		t[c].code, t[c].msg = classifyASCII3986(byte(c))
	}
	return t
}()

// classifyASCII3986 returns the code and message of the finding for the US-ASCII character
// c, which RFC 3986 does not allow where it stands.
func classifyASCII3986(c byte) (locator.Code, string) {
	switch {
	case pct.RFC1738Control.Contains(c):
		return locator.CodeControl, "control character " + hexByte(c) + " must be percent-encoded (RFC 3986 §2)"
	case c == '%':
		return locator.CodeBadEscape, "\"%\" not followed by two hex digits must be encoded as %25 (RFC 3986 §2.1)"
	case pct.Reserved.Contains(c):
		// RFC 3986 §2.2: a reserved character outside its delimiting role must be
		// percent-encoded.
		return locator.CodeReservedChar, "reserved character " + quoteByte(c) + " is not allowed here; encode it as " + hexByte(c)
	default:
		// RFC 3986 §2: not unreserved, reserved or "%".
		return locator.CodeDisallowedChar, "character " + quoteByte(c) + " is not allowed in a URI; encode it as " + hexByte(c)
	}
}

// quoteByte returns c in double quotes, or in hex ("%XX") when it is not printable ASCII.
func quoteByte(c byte) string {
	if c < 0x20 || c >= 0x7f {
		return hexByte(c)
	}
	return display.Byte(c)
}

// hexByte returns the escape "%XX" of c (RFC 1738 §2.2, upper-case hex).
func hexByte(c byte) string {
	const h = "0123456789ABCDEF"
	return string([]byte{'%', h[c>>4], h[c&15]})
}

// hexBytes returns the escapes "%XX" of the bytes of s, a character of at most four bytes.
func hexBytes(s string) string {
	b := make([]byte, 0, 3*len(s))
	for k := 0; k < len(s); k++ {
		b = append(b, hexByte(s[k])...)
	}
	return string(b)
}

// isEscape reports whether s[i] starts a well-formed escape "%" hex hex (RFC 1738 §5 escape;
// RFC 3986 §2.1 pct-encoded).
func isEscape(s string, i int) bool {
	return s[i] == '%' && i+2 < len(s) && pct.IsHex(s[i+1]) && pct.IsHex(s[i+2])
}

// short returns the digits s as they are when short, else their first 20 and "…", so that a
// message that shows a number stays short whatever the input.
func short(digits string) string {
	if len(digits) <= 24 {
		return digits
	}
	return digits[:20] + "…"
}
