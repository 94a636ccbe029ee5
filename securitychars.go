package locator

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/pct"
)

// The helpers of Security (security.go), which the root keeps only while Security lives
// here: the strict checkers are in internal/syntax, which the root does not import. When
// Security moves to package scheme, this file goes, and Security uses internal/syntax (a
// Sink in place of sortFindings and capFindings, its IPv4 reader and character
// classification).

// classify returns the finding for the character at s[i] that RFC 1738 §2.2 says must be
// encoded, and the number of bytes it covers (a whole UTF-8 character for non-ASCII text).
func classify(s string, i, off int, rule string) (Finding, int) {
	c := s[i]
	f := Finding{Offset: off + i, Rule: rule, Severity: SeverityError}
	if c < 0x80 {
		f.Code = CodeUnsafeChar
		switch {
		case pct.RFC1738Control.Contains(c):
			f.Code, f.Message = CodeControl, "control character "+hexByte(c)+" must be encoded"
		case pct.RFC1738National.Contains(c):
			f.Code, f.Message = CodeNationalChar, "character "+display.Byte(c)+" is unsafe (gateways may change it) and must be encoded as "+hexByte(c)
		default:
			f.Message = "unsafe character " + display.Byte(c) + " must be encoded as " + hexByte(c)
		}
		return f, 1
	}
	f.Code = CodeNonASCII
	size := charWidth(s, i)
	if size == 1 {
		f.Message = "non-ASCII byte " + hexByte(c)[1:] + " must be encoded as " + hexByte(c)
		return f, 1
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	enc := ""
	for k := i; k < i+size; k++ {
		enc += hexByte(s[k])
	}
	f.Message = "non-ASCII character " + display.Quote(s[i:i+size]) + " (U+" +
		strings.ToUpper(strconv.FormatInt(int64(r)+0x10000, 16)[1:]) + ") must be encoded as " + enc
	return f, size
}

// charWidth returns the number of bytes classify covers at s[i], without building a finding.
func charWidth(s string, i int) int {
	if s[i] < 0x80 {
		return 1
	}
	if r, size := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || size > 1 {
		return size
	}
	return 1
}

// capFindings returns dst with, when more findings were left out, a last one of code
// [CodeTooManyFindings] that counts them (at the offset of the last finding kept).
func capFindings(dst []Finding, more int) []Finding {
	if more == 0 {
		return dst
	}
	off := 0
	if len(dst) > 0 {
		off = dst[len(dst)-1].Offset
	}
	return append(dst, Finding{Offset: off, Code: CodeTooManyFindings, Rule: "locator MaxFindings (findings per URL)",
		Message:  strconv.Itoa(more) + " more findings not shown (at most " + strconv.Itoa(MaxFindings) + " are listed per URL)",
		Severity: SeverityWarning})
}

// isEscape reports whether s[i] starts a well-formed escape "%" hex hex (RFC 1738 §5 escape).
func isEscape(s string, i int) bool {
	return s[i] == '%' && i+2 < len(s) && pct.IsHex(s[i+1]) && pct.IsHex(s[i+2])
}

// decimal returns the value of the digits s, and false when s is empty or above 2^31.
func decimal(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
		if n > 1<<31 {
			return 0, false
		}
	}
	return n, s != ""
}

// isIPv4 reports whether s is RFC 3986 §3.2.2 IPv4address: four dec-octets (0–255, no
// leading zeros) separated by ".", that is, the dotted quad that parseIPv4Forms reads and
// formatIPv4 writes back unchanged.
func isIPv4(s string) bool {
	if len(s) < 7 || len(s) > 15 || s[len(s)-1] == '.' {
		return false
	}
	v, ok := parseIPv4Forms(s)
	var b [15]byte
	return ok && string(formatIPv4(b[:0], v)) == s
}

// sortFindings sorts f by offset (stably) and drops repeats of a finding with the same offset
// and code. It returns the shortened slice.
func sortFindings(f []Finding) []Finding {
	if len(f) < 2 {
		return f
	}
	slices.SortStableFunc(f, func(a, b Finding) int { return a.Offset - b.Offset })
	out := f[:0]
	for _, x := range f {
		dup := false
		for j := len(out) - 1; j >= 0 && out[j].Offset == x.Offset; j-- {
			if out[j].Code == x.Code {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, x)
		}
	}
	return out
}
