// Package pct implements percent-encoding ("%-encoding", RFC 1738 §2.2; RFC 3986 §2.1) with
// character sets as values.
//
// A [Set] is a 256-bit set of bytes. Sets compose with [Set.Union], [Set.Minus] and
// [Set.Complement], so a scheme can describe exactly which octets it may carry unencoded:
//
//	keep := pct.RFC1738Uchar.Union(pct.Of(";:@&="))   // RFC 1738 §5 hsegment
//	b = pct.AppendEncode(b, "a b/c", keep)            // "a%20b%2Fc"
//
// Encoding appends to a caller's buffer and never fails; decoding reports an illegal escape
// ("%*", "%as", a lone "%": the URI draft, "Escaping" and RFC 1738 §2.2) as an [*Error] that
// carries the byte offset. The package uses only the standard library.
package pct

import (
	"strconv"
	"strings"

	"github.com/locator-url/locator/internal/display"
)

// Set is a set of bytes (octets), one bit per value 0–255. The zero value is the empty set.
// Sets are values: every method returns a new set and leaves its receiver unchanged. The named
// sets (RFC1738Unsafe, Unreserved, …) each cite the specification that defines them.
type Set [4]uint64

// Of returns the set of the bytes of chars.
func Of(chars string) Set {
	var s Set
	for i := 0; i < len(chars); i++ {
		c := chars[i]
		s[c>>6] |= 1 << (c & 63)
	}
	return s
}

// Range returns the set of the bytes from lo to hi inclusive.
func Range(lo, hi byte) Set {
	var s Set
	for c := int(lo); c <= int(hi); c++ {
		s[c>>6] |= 1 << (uint(c) & 63)
	}
	return s
}

// Contains reports whether c is in s.
func (s Set) Contains(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// Union returns the bytes in s or t.
func (s Set) Union(t Set) Set { return Set{s[0] | t[0], s[1] | t[1], s[2] | t[2], s[3] | t[3]} }

// Intersect returns the bytes in both s and t.
func (s Set) Intersect(t Set) Set { return Set{s[0] & t[0], s[1] & t[1], s[2] & t[2], s[3] & t[3]} }

// Minus returns the bytes in s that are not in t.
func (s Set) Minus(t Set) Set {
	return Set{s[0] &^ t[0], s[1] &^ t[1], s[2] &^ t[2], s[3] &^ t[3]}
}

// Complement returns the bytes not in s.
func (s Set) Complement() Set { return Set{^s[0], ^s[1], ^s[2], ^s[3]} }

// With returns s with the bytes of chars added.
func (s Set) With(chars string) Set { return s.Union(Of(chars)) }

// Without returns s with the bytes of chars removed.
func (s Set) Without(chars string) Set { return s.Minus(Of(chars)) }

// IsEmpty reports whether s has no bytes.
func (s Set) IsEmpty() bool { return s == Set{} }

// Len returns the number of bytes in s.
func (s Set) Len() int {
	n := 0
	for c := 0; c < 256; c++ {
		if s.Contains(byte(c)) {
			n++
		}
	}
	return n
}

// String lists the printable ASCII members of s, and the others as %XX, in byte order. "%"
// itself is listed as "%25", so that the list reads unambiguously.
func (s Set) String() string {
	var b []byte
	for c := 0; c < 256; c++ {
		if !s.Contains(byte(c)) {
			continue
		}
		if c > 0x20 && c < 0x7f && c != '%' {
			b = append(b, byte(c))
		} else {
			b = append(b, '%', upperhex[c>>4], upperhex[c&15])
		}
	}
	return string(b)
}

// IndexNotIn returns the index of the first byte of str that is not in s, or -1.
func (s Set) IndexNotIn(str string) int {
	for i := 0; i < len(str); i++ {
		if !s.Contains(str[i]) {
			return i
		}
	}
	return -1
}

const upperhex = "0123456789ABCDEF"

// Code names the kind of an illegal escape. The zero value, "", is no code.
type Code string

// The codes of [Error].
const (
	// CodeTruncated: a "%" with fewer than two bytes after it (a lone "%", "%4").
	CodeTruncated Code = "truncated-escape"
	// CodeBadHex: a "%" followed by a byte that is not a hex digit ("%*", "%as").
	CodeBadHex Code = "bad-escape-hex"
)

// Error reports an illegal escape sequence. The URI draft ("Escaping") gives "%*" and "%as" as
// examples; RFC 1738 §2.2 and RFC 3986 §2.1 define escape = "%" hex hex. The zero value is
// not an error the package returns: every one has a Code.
type Error struct {
	Input  string // the text that was decoded
	Offset int    // byte offset of the "%" that starts the illegal escape
	Code   Code   // CodeTruncated or CodeBadHex
}

// Rule is the rule that the illegal escape breaks.
const Rule = "RFC 1738 §2.2 escape"

// Error formats e as `pct: illegal escape in "input" at offset N: reason (RFC 1738 §2.2
// escape)`. The input is shown as package display shows bytes to a person (controls and invalid
// UTF-8 escaped, a double quote as \"), and a long one only around the offset (display.Window: at most
// display.MaxQuote bytes of it): the message of a 1 MB input is as short as a 20-byte one's.
func (e *Error) Error() string {
	msg := "\"%\" not followed by two hex digits"
	if e.Code == CodeTruncated {
		msg = "\"%\" at end of input, not followed by two hex digits"
	}
	in := display.Quote(e.Input)
	if len(e.Input) > display.MaxQuote && e.Offset >= 0 {
		w, _ := display.Window(e.Input, e.Offset, display.MaxQuote)
		// A double quote inside is \", as display.Quote writes it for a short input.
		in = `"` + strings.ReplaceAll(w, `"`, `\"`) + `"`
	}
	return "pct: illegal escape in " + in + " at offset " +
		strconv.Itoa(e.Offset) + ": " + msg + " (" + Rule + ")"
}

// unhex returns the value of a hex digit and whether c is one.
func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// IsHex reports whether c is a hex digit (RFC 1738 §5 hex).
func IsHex(c byte) bool { _, ok := unhex(c); return ok }

// Unhex returns the byte that the two hex digits hi, lo encode, and whether both are hex digits.
func Unhex(hi, lo byte) (byte, bool) {
	h, ok1 := unhex(hi)
	l, ok2 := unhex(lo)
	return h<<4 | l, ok1 && ok2
}

// Validate returns nil if every "%" in s starts a well-formed escape, else the first illegal one.
func Validate(s string) error {
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		if err := checkEscape(s, i); err != nil {
			return err
		}
		i += 2
	}
	return nil
}

func checkEscape(s string, i int) *Error {
	switch {
	case i+1 < len(s) && !IsHex(s[i+1]), i+2 < len(s) && !IsHex(s[i+2]):
		return &Error{Input: s, Offset: i, Code: CodeBadHex}
	case i+2 >= len(s):
		return &Error{Input: s, Offset: i, Code: CodeTruncated}
	}
	return nil
}

// AppendEncode appends s to dst, writing every byte that is not in keep as "%XX" with
// upper-case hex digits (RFC 3986 §2.1 prefers upper case; RFC 1738 §2.2 allows either).
// "%" itself is encoded unless keep contains it.
func AppendEncode(dst []byte, s string, keep Set) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if keep.Contains(c) {
			dst = append(dst, c)
		} else {
			dst = append(dst, '%', upperhex[c>>4], upperhex[c&15])
		}
	}
	return dst
}

// Encode returns s with every byte not in keep percent-encoded. It returns s itself, without
// allocating, when nothing needs encoding.
func Encode(s string, keep Set) string {
	i := keep.IndexNotIn(s)
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s)+2*(len(s)-i)+2)
	b = append(b, s[:i]...)
	return string(AppendEncode(b, s[i:], keep))
}

// AppendDecode appends s to dst with every escape "%XX" replaced by the byte it encodes.
// On an illegal escape it returns dst as it was and an [*Error].
func AppendDecode(dst []byte, s string) ([]byte, error) {
	return appendDecode(dst, s, Set{})
}

// Decode returns s with its escapes decoded. It returns s itself, without allocating, when s
// has no "%".
func Decode(s string) (string, error) {
	i := indexByte(s, '%')
	if i < 0 {
		return s, nil
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	b, err := AppendDecode(b, s[i:])
	if err != nil {
		e := err.(*Error)
		e.Input, e.Offset = s, e.Offset+i
		return "", e
	}
	return string(b), nil
}

// AppendDecodeExcept appends s to dst, decoding only the escapes whose byte is not in keepEncoded;
// those are kept as written but with upper-case hex digits. This brings text to one "encoding
// level" (the URI draft, "Escaping"; RFC 3986 §6.2.2.2) without ever decoding a character that
// has a reserved meaning. "%25" is always kept: a decoded "%" would read as the start of an
// escape (the URI draft, "The percent sign": "The percent sign intended as such must always
// be encoded").
func AppendDecodeExcept(dst []byte, s string, keepEncoded Set) ([]byte, error) {
	return appendDecode(dst, s, keepEncoded.With("%"))
}

// appendDecode appends s to dst with every escape "%XX" replaced by the byte it encodes,
// unless that byte is in keep: then the escape is kept with upper-case hex digits. On an
// illegal escape it returns dst as it was and an [*Error].
func appendDecode(dst []byte, s string, keep Set) ([]byte, error) {
	n := len(dst)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '%' {
			dst = append(dst, c)
			continue
		}
		if err := checkEscape(s, i); err != nil {
			return dst[:n], err
		}
		v, _ := Unhex(s[i+1], s[i+2])
		if keep.Contains(v) {
			dst = append(dst, '%', upperhex[v>>4], upperhex[v&15])
		} else {
			dst = append(dst, v)
		}
		i += 2
	}
	return dst, nil
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}
