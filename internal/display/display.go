// Package display is the one way locator shows bytes to a person: every message, report line,
// caret line and quoted value goes through Append (directly or through Quote and Window), so
// that no control byte, escape sequence or invalid UTF-8 reaches a terminal, and no output line
// can be split or forged by the bytes of a URL.
//
// Printable ASCII and printable non-ASCII characters are shown as they are. A tab is \t, a line
// feed \n, a carriage return \r; other control bytes (C0, DEL) and each byte of invalid UTF-8
// are \xHH; C1 controls, format characters (a byte-order mark, bidirectional controls, zero-width
// characters) and separators other than the space are \uHHHH (or \UHHHHHHHH). A backslash is
// shown as it is, so the escaped form of a string without controls is the string itself.
package display

import (
	"strconv"
	"unicode"
	"unicode/utf8"
)

// MaxQuote is the most bytes of its input Quote shows; the rest is cut and marked with "…".
const MaxQuote = 64

// Append appends the display form of s to dst.
func Append(dst []byte, s string) []byte {
	dst, _ = appendCol(dst, s, -1)
	return dst
}

// AppendQuoted appends s between double quotes, shown as Append shows it, with a double
// quote and a backslash of s written as \" and \\. Unlike Quote it is not cut: it is for
// values that are data (a protocol line, a component), not for messages. The result is a Go
// string literal: strconv.Unquote gives s back (the escapes of Append, \t, \n, \r, \xHH,
// \uHHHH and \UHHHHHHHH, are Go's).
func AppendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] != '"' && s[j] != '\\' {
			j++
		}
		b = Append(b, s[i:j])
		if j < len(s) {
			b = append(b, '\\', s[j])
			j++
		}
		i = j
	}
	return append(b, '"')
}

// String returns the display form of s.
func String(s string) string {
	if plain(s) {
		return s
	}
	return string(Append(nil, s))
}

// Quote returns s in double quotes in its display form, with a double quote inside shown as
// \"; when s is longer than MaxQuote bytes, only its first MaxQuote bytes (cut at a character
// boundary) and "…" are shown. Messages quote URL parts with it, so a message stays short
// whatever the input.
func Quote(s string) string {
	cut := false
	if len(s) > MaxQuote {
		n := MaxQuote
		for n > MaxQuote-utf8.UTFMax && n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s, cut = s[:n], true
	}
	b := make([]byte, 0, len(s)+8)
	b = append(b, '"')
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] != '"' {
			j++
		}
		b = Append(b, s[i:j])
		if j < len(s) {
			b = append(b, `\"`...)
			j++
		}
		i = j
	}
	if cut {
		b = append(b, "…"...)
	}
	return string(append(b, '"'))
}

// MaxMessage is the most bytes of a message that Clip shows.
const MaxMessage = 1024

// Clip returns the display form of a message composed elsewhere (by a library, from an
// argument: a flag parser's "invalid argument …", a resolver's "lookup …"), with its middle cut
// when it is longer than MaxMessage bytes: its first two thirds of MaxMessage and its last
// third (each cut at a character boundary) around "…". A message then stays short whatever the
// argument it quotes, and keeps its start (what failed) and its end (why).
func Clip(msg string) string {
	if len(msg) <= MaxMessage {
		return String(msg)
	}
	head, tail := 2*MaxMessage/3, len(msg)-MaxMessage/3
	// Each cut moved to a character's start: at most three bytes (a run of bytes that start
	// no character is invalid UTF-8, shown byte by byte, and may be cut anywhere).
	for k := 0; k < utf8.UTFMax-1 && !utf8.RuneStart(msg[head]); k++ {
		head--
	}
	for k := 0; k < utf8.UTFMax-1 && tail < len(msg) && !utf8.RuneStart(msg[tail]); k++ {
		tail++
	}
	b := Append(nil, msg[:head])
	b = append(b, "…"...)
	return string(Append(b, msg[tail:]))
}

// Byte returns the display form of one byte in double quotes: "a", "\x1b", "\xff".
func Byte(c byte) string {
	if c == '"' {
		return `"\""`
	}
	if c < 0x80 {
		return `"` + String(string(rune(c))) + `"`
	}
	return `"\x` + strconv.FormatUint(uint64(c)>>4, 16) + strconv.FormatUint(uint64(c)&15, 16) + `"`
}

// Window returns the display form of the part of s around byte offset off, at most width bytes
// of s (at least 16), and the column (0-based) in that text at which the byte at off is shown (an
// offset inside a character points at the character; one at or past the end, just after the
// last column). When s is cut, "…" marks each cut side. The work is bounded by width, not by
// len(s), so a caret line under a finding costs the same for a 20-byte URL and a 1 MB one.
func Window(s string, off, width int) (string, int) {
	off = max(0, min(off, len(s)))
	width = max(width, 16)
	lo, hi := off-width/2, off+width/2
	if lo < 0 {
		hi -= lo
		lo = 0
	}
	if hi > len(s) {
		lo -= hi - len(s)
		hi = len(s)
		lo = max(lo, 0)
	}
	// A cut edge moves in to the start of a character, by at most UTFMax-1 bytes (a longer run
	// of continuation bytes is an invalid sequence, whose bytes appendCol escapes one by one,
	// so a cut there halves nothing): no character is shown cut in two as if it were invalid
	// bytes, and the window stays within width bytes. off stays inside (width/2 ≥ 8 bytes
	// from either cut edge).
	for n := 0; lo > 0 && lo < len(s) && !utf8.RuneStart(s[lo]) && n < utf8.UTFMax-1; n++ {
		lo++
	}
	for n := 0; hi < len(s) && hi > lo && !utf8.RuneStart(s[hi]) && n < utf8.UTFMax-1; n++ {
		hi--
	}
	var b []byte
	prefix := 0
	if lo > 0 {
		b = append(b, "…"...)
		prefix = 1
	}
	b, col := appendCol(b, s[lo:hi], off-lo)
	if hi < len(s) {
		b = append(b, "…"...)
	}
	return string(b), col + prefix
}

// plain reports whether s is printable ASCII only.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// appendCol appends the display form of s and returns the column of byte offset off (-1: not
// wanted).
func appendCol(b []byte, s string, off int) ([]byte, int) {
	if plain(s) {
		return append(b, s...), max(0, min(off, len(s)))
	}
	col, width := -1, 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if col < 0 && off >= 0 && off < i+n {
			col = width
		}
		start := len(b)
		switch {
		case r == '\t':
			b = append(b, `\t`...)
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\r':
			b = append(b, `\r`...)
		case r == utf8.RuneError && n == 1, r < 0x20, r == 0x7f:
			b = append(b, `\x`...)
			b = appendHex(b, uint32(s[i]), 2)
		case r < 0x80:
			b = append(b, byte(r))
		case !unicode.IsPrint(r) || unicode.Is(unicode.Cf, r):
			if r > 0xffff {
				b = append(b, `\U`...)
				b = appendHex(b, uint32(r), 8)
			} else {
				b = append(b, `\u`...)
				b = appendHex(b, uint32(r), 4)
			}
		default:
			b = append(b, s[i:i+n]...)
			width += runeWidth(r)
			i += n
			continue
		}
		width += len(b) - start // escapes and ASCII: one column a byte
		i += n
	}
	if col < 0 {
		col = width
	}
	return b, col
}

func appendHex(b []byte, v uint32, digits int) []byte {
	const hex = "0123456789abcdef"
	for i := digits - 1; i >= 0; i-- {
		b = append(b, hex[(v>>(4*uint(i)))&15])
	}
	return b
}

// runeWidth returns the number of terminal columns of a printable non-ASCII rune: 0 for
// combining marks, 2 for East Asian wide and fullwidth characters (the common ranges), 1
// otherwise.
func runeWidth(r rune) int {
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me):
		return 0
	case r >= 0x1100 && r <= 0x115f,
		r >= 0x2e80 && r <= 0xa4cf && r != 0x303f,
		r >= 0xac00 && r <= 0xd7a3,
		r >= 0xf900 && r <= 0xfaff,
		r >= 0xfe30 && r <= 0xfe4f,
		r >= 0xff00 && r <= 0xff60,
		r >= 0xffe0 && r <= 0xffe6,
		r >= 0x1f300 && r <= 0x1f64f,
		r >= 0x1f900 && r <= 0x1f9ff,
		r >= 0x20000 && r <= 0x3fffd:
		return 2
	}
	return 1
}
