package extract

import (
	"unicode"
	"unicode/utf8"

	"github.com/locator-url/locator/pct"
)

// The grammar of URLs in running text, as named pieces. Each says where it comes from; the
// matcher (match.go) uses only these.

// MaxLength is the longest URL text the extractor reports, in bytes of the input from the first
// byte of the URL to its last (whitespace and quoting inside a wrapper count). It bounds the
// memory of a [Scanner]. A URL whose run of URL characters (up to white space or another
// delimiter) is longer is not reported as a [Finding]: the whole run is skipped, with nothing
// reported from its middle, and reported as a [Skip] instead (see [Search] and
// [Scanner.Skipped]). The sentence punctuation after a URL is not part of it and does not
// count, up to 64 bytes of it: a longer run of it skips the URL too. A "<" with no ">" within MaxLength bytes opens no wrapper: the text
// after it is searched as if the "<" were not there.
const MaxLength = 64 << 10

// MaxPrefix is the most bytes of its text that a [Skip] keeps.
const MaxPrefix = 64

const (
	// maxScheme bounds the scheme name looked for before a ":" (RFC 1738 §2.1 gives no
	// limit; the names of scheme.All and realistic "x-" names are far shorter).
	maxScheme = 64
	// maxGap bounds the whitespace skipped after the "URL:" prefix and around a line break
	// after a hyphen (RFC 1738 Appendix), so that a look-ahead stays bounded.
	maxGap = 256
	// lookBehind bounds how far back the quote prefix of a mail line is looked for.
	lookBehind = 1024
	// maxTrail bounds the sentence punctuation read after a bare URL of MaxLength bytes (RFC
	// 1738 Appendix: punctuation is not part of the URL), so that "see " url "." with a URL
	// of MaxLength bytes is reported, as MaxLength says, and not skipped.
	maxTrail = 64
	// lookahead bounds the bytes after a candidate position the matcher may read: a
	// wrapper's MaxLength bytes, or a "URL:" prefix, its gaps, a scheme name and a bare URL
	// with the gap of a last line break or the punctuation after it. A Scanner's window
	// always has room for it.
	lookahead = MaxLength + 4*maxGap + 2*maxScheme + 64 + maxTrail
)

var (
	// candidate: the only bytes where a URL in text can announce itself. "<" opens a wrapper
	// (RFC 1738 Appendix; RFC 3986 Appendix C); ":" ends a scheme name (RFC 1738 §2.1
	// <scheme>:<scheme-specific-part>) or the "URL:" prefix (1994 URL draft, prefixedurl).
	candidate [256]bool

	// schemeChar: RFC 1738 §5 scheme = 1*[ lowalpha | digit | "+" | "-" | "." ], upper case
	// accepted (§2.1); RFC 3986 §3.1.
	schemeChar [256]bool

	// alnum: RFC 1738 §5 alphadigit. A scheme name must not continue a word.
	alnum [256]bool

	// letter: RFC 1738 §5 alpha.
	letter [256]bool

	// stop ends a bare URL (RFC 3986 Appendix C: URLs are delimited "by using whitespace",
	// angle brackets or double quotes). It holds whitespace and the controls (RFC 1738
	// §2.2: controls must be encoded), "<", ">" and <"> ("used as the delimiters around URLs
	// in free text", RFC 1738 §2.2), and the unsafe characters "{", "}", "|", "\", "^" and
	// "`" (RFC 1738 §2.2: "must always be encoded"). "~", "[" and "]" are unsafe too but
	// common in real URLs and allowed by RFC 3986 (§2.3 unreserved "~", §3.2.2 IP-literal),
	// so they do not stop a URL; brackets must balance (see closer).
	stop [256]bool

	// space is the whitespace that RFC 1738 Appendix says to ignore inside a wrapper
	// ("spaces, linebreaks, tabs, etc.").
	space [256]bool

	// trailing is punctuation that a URL in text does not end on (RFC 1738 Appendix: the
	// wrapper separates a URL "from punctuation marks that might be mistaken for part of the
	// URL"; RFC 3986 Appendix C): sentence punctuation and quotes.
	trailing [256]bool

	// continues: a byte that may begin the line that continues a URL after a hyphen and a
	// line break (RFC 1738 Appendix); punctuation and brackets may not, so that a list dash
	// or a closing parenthesis on the next line is not taken into the URL.
	continues [256]bool

	// plain: bytes of a wrapper's text that need no decision (printable ASCII but "<", ">"
	// and space): read in runs.
	plain [256]bool

	// simple: bytes of a bare URL that need no decision (not stop, brackets or quotes): read
	// in runs.
	simple [256]bool
)

func init() {
	for c := 0; c < 256; c++ {
		b := byte(c)
		candidate[c] = b == '<' || b == ':'
		schemeChar[c] = pct.SchemeChars.Contains(b)
		alnum[c] = pct.AlphaDigit.Contains(b)
		letter[c] = pct.Alpha.Contains(b)
		space[c] = b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\v' || b == '\f'
		stop[c] = pct.RFC1738Control.Contains(b) || b == ' ' || b == '<' || b == '>' || b == '"' ||
			pct.RFC1738National.Without("~[]").Contains(b)
		trailing[c] = b == '.' || b == ',' || b == ';' || b == ':' || b == '!' || b == '?' ||
			b == '\'' || b == '"'
		plain[c] = b > ' ' && b < 0x7f && b != '<' && b != '>'
		simple[c] = b < 0x80 && !stop[c] && b != '(' && b != ')' && b != '[' && b != ']' && b != '\''
		continues[c] = alnum[c] || b == '/' || b == '%' || b == '_' || b == '~' || b == '#' ||
			b == '&' || b == '='
	}
}

// isLetter reports whether c is an ASCII letter (RFC 1738 §5 alpha): a scheme starts with one
// (RFC 3986 §3.1).
func isLetter(c byte) bool { return letter[c] }

// wordRune reports whether the non-ASCII character at the start of b may be part of a URL in
// text, and its size. RFC 1738 §2.2 wants such characters encoded, but real text holds IRIs
// such as Wikipedia addresses; letters, digits and marks are kept (and make the URL invalid
// under the strict check), while other characters — punctuation such as typographic quotes,
// spaces such as U+00A0, and invalid UTF-8 — end the URL.
func wordRune(b []byte) (size int, ok bool) {
	r, n := utf8.DecodeRune(b)
	if r == utf8.RuneError && n <= 1 {
		return n, false
	}
	return n, unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// closer returns the opening bracket that c closes, or 0. A bare URL may hold balanced
// parentheses and square brackets (Wikipedia-style paths, RFC 3986 §3.2.2 IP literals) but
// ends before a closing one it did not open: that one belongs to the text around it.
func closer(c byte) byte {
	switch c {
	case ')':
		return '('
	case ']':
		return '['
	}
	return 0
}

// hasPrefixFold reports whether b starts with the upper-case ASCII prefix p, ignoring case.
// The "URL:" prefix is written in capitals by RFC 1738 Appendix; the 1994 URL draft's
// prefixedurl spells it "u r l :", letters that the draft's BNF does not restrict in case.
func hasPrefixFold(b []byte, p string) bool {
	if len(b) < len(p) {
		return false
	}
	for i := 0; i < len(p); i++ {
		c := b[i]
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		if c != p[i] {
			return false
		}
	}
	return true
}
