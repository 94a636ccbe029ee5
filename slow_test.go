package locator

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// parseReference is a second parser, written from the specifications and not from parse.go:
// the tests and FuzzParse compare Parse with it, so it shares no table, helper or character
// set with parse.go (nor package pct, from which parse.go builds its tables). It is slow and
// meant to be read:
//
//  1. RFC 3986 Appendix B's regular expression splits the input into scheme, authority, path,
//     query and fragment;
//  2. the scheme is kept only if it is one by RFC 3986 §3.1 (ALPHA *( ALPHA / DIGIT / "+" /
//     "-" / "." )); otherwise the input is a relative reference (§4.2) and is split again
//     without a scheme;
//  3. the authority is split by RFC 1738 §3.1 ("//<user>:<password>@<host>:<port>") and RFC
//     3986 §3.2: the user information ends at the last "@" (a host has none), the user at its
//     first ":" (a user name has none); the host is an IP literal in brackets (§3.2.2) or runs
//     to the first ":", and the port is digits (§3.2.3);
//  4. every byte is checked by RFC 1738 §2.2: no control characters (00–1F, 7F), and "%" only
//     as an escape "%" hex hex.
func parseReference(s string) (URL, error) {
	if uint64(len(s)) > MaxLength {
		return URL{}, &Error{Input: s[:64], Offset: MaxLength, Code: CodeTooLong,
			Rule: "locator limits", Message: "URL longer than 4 GiB"}
	}
	var u URL
	u.s = s
	m := refAppendixB.FindStringSubmatchIndex(s) // always matches: every part is optional
	if m[4] >= 0 && isSchemeName(s[m[4]:m[5]]) {
		u.flags |= hasScheme
		u.schemeEnd = uint32(m[5])
	} else {
		// RFC 3986 §4.2: a first segment with ":" that is not a scheme; split again, as a
		// relative-ref.
		m = refRelativeRef.FindStringSubmatchIndex(s)
		m = append([]int{m[0], m[1], -1, -1, -1, -1}, m[2:]...)
	}
	// The groups of Appendix B: 3 "//" authority, 4 authority, 5 path, 6 "?" query, 8 "#"
	// fragment (submatch i is m[2i], m[2i+1]). Without an authority, the offsets of its
	// parts are all the path's start.
	pathStart := m[10]
	userEnd, hostStart, hostEnd := pathStart, pathStart, pathStart
	if m[6] >= 0 {
		u.flags |= hasAuthority
		authStart := m[8]
		auth := s[m[8]:m[9]]
		userEnd, hostStart = authStart, authStart
		if at := strings.LastIndex(auth, "@"); at >= 0 {
			u.flags |= hasUser
			userinfo := auth[:at]
			userEnd = authStart + at
			if colon := strings.Index(userinfo, ":"); colon >= 0 {
				u.flags |= hasPassword
				userEnd = authStart + colon
			}
			hostStart = authStart + at + 1
		}
		hostport := s[hostStart:m[9]]
		hostLen := len(hostport)
		if strings.HasPrefix(hostport, "[") {
			close := strings.Index(hostport, "]")
			if close < 0 {
				return URL{}, &Error{Input: s, Offset: hostStart, Code: CodeBadIPLiteral,
					Rule: "RFC 3986 §3.2.2 IP-literal", Message: "\"[\" without a closing \"]\""}
			}
			hostLen = close + 1
			if hostLen < len(hostport) && hostport[hostLen] != ':' {
				return URL{}, &Error{Input: s, Offset: hostStart + hostLen, Code: CodeBadIPLiteral,
					Rule: "RFC 3986 §3.2.2 IP-literal", Message: "\"]\" not followed by \":\" port or the end of the authority"}
			}
		} else if colon := strings.Index(hostport, ":"); colon >= 0 {
			hostLen = colon
		}
		hostEnd = hostStart + hostLen
		if hostLen < len(hostport) {
			u.flags |= hasPort
			port := hostport[hostLen+1:]
			for i := 0; i < len(port); i++ {
				if !strings.Contains(digits, port[i:i+1]) {
					return URL{}, &Error{Input: s, Offset: hostEnd + 1 + i, Code: CodeBadPort,
						Rule: "RFC 1738 §3.1 port", Message: "port is not decimal digits"}
				}
			}
		}
	}
	u.userEnd, u.hostStart, u.hostEnd, u.pathStart = uint32(userEnd), uint32(hostStart), uint32(hostEnd), uint32(pathStart)
	u.queryStart, u.fragStart = uint32(len(s)), uint32(len(s))
	if m[16] >= 0 {
		u.flags |= hasFragment
		u.queryStart, u.fragStart = uint32(m[16]), uint32(m[16])
	}
	if m[12] >= 0 {
		u.flags |= hasQuery
		u.queryStart = uint32(m[12])
	}
	// RFC 1738 §2.2: "octets 00-1F and 7F hexadecimal" must be encoded; escape = "%" hex hex.
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == 0x7f {
			return URL{}, &Error{Input: s, Offset: i, Code: CodeControl,
				Rule: "RFC 1738 §2.2 (controls must be encoded)", Message: "control character must be encoded"}
		}
		if c == '%' {
			if i+2 >= len(s) || !strings.Contains(hexDigits, s[i+1:i+2]) || !strings.Contains(hexDigits, s[i+2:i+3]) {
				return URL{}, &Error{Input: s, Offset: i, Code: CodeBadEscape,
					Rule: "RFC 1738 §2.2 escape", Message: "\"%\" not followed by two hex digits"}
			}
			i += 2
		}
	}
	u.chars = summarySlow(u)
	return u, nil
}

// RFC 3986 Appendix B, "Parsing a URI Reference with a Regular Expression", with (?s) so that
// "." also matches a line feed (which step 4 then rejects); refRelativeRef is the same without the
// scheme. Submatches: 2 scheme, 3 "//" authority, 4 authority, 5 path, 6 "?" query, 7 query,
// 8 "#" fragment, 9 fragment.
var (
	refAppendixB   = regexp.MustCompile(`^(?s)(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)
	refRelativeRef = regexp.MustCompile(`^(?s)(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)
)

// The character sets, as the specifications list them.
const (
	lowAlpha  = "abcdefghijklmnopqrstuvwxyz"
	highAlpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	alphas    = lowAlpha + highAlpha
	digits    = "0123456789"
	hexDigits = digits + "ABCDEFabcdef" // RFC 1738 §5 hex

	// RFC 1738 §5: xchar = unreserved | reserved | escape; unreserved = alpha | digit | safe |
	// extra; safe = "$" | "-" | "_" | "." | "+"; extra = "!" | "*" | "'" | "(" | ")" | ",";
	// reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=".
	xchars = alphas + digits + "$-_.+" + "!*'()," + ";/?:@&=" + "%"
	// RFC 3986 §3.4: query = *( pchar / "/" / "?" ); §3.3 pchar = unreserved / pct-encoded /
	// sub-delims / ":" / "@"; §2.3 unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"; §2.2
	// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=".
	queryChars = alphas + digits + "-._~" + "%" + "!$&'()*+,;=" + ":@" + "/?"
	// RFC 1738 §5: hostport = host [ ":" port ], host = hostname | hostnumber, made of
	// alphadigit, "-" and ".".
	hostportChars = alphas + digits + "-.:"
)

// isSchemeName reports whether s is an RFC 3986 §3.1 scheme.
func isSchemeName(s string) bool {
	if s == "" || !strings.Contains(alphas, s[:1]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !strings.Contains(alphas+digits+"+-.", s[i:i+1]) {
			return false
		}
	}
	return true
}

// summarySlow is the character summary of u (see Chars in chars.go), computed component by
// component from the sets above, an escape "%" hex hex counting as its "%": the oracle of
// Parse's summary, which Parse computes from its own tables in its one pass.
func summarySlow(u URL) Chars {
	// has reports whether a character of t (an escape as its "%") satisfies f.
	has := func(t string, f func(c string) bool) bool {
		for i := 0; i < len(t); i++ {
			if f(t[i : i+1]) {
				return true
			}
			if t[i] == '%' && i+2 < len(t) && strings.Contains(hexDigits, t[i+1:i+2]) && strings.Contains(hexDigits, t[i+2:i+3]) {
				i += 2
			}
		}
		return false
	}
	outside := func(set string) func(string) bool {
		return func(c string) bool { return !strings.Contains(set, c) }
	}
	in := func(set string) func(string) bool {
		return func(c string) bool { return strings.Contains(set, c) }
	}
	var sum Chars
	bit := func(ok bool, b Chars) {
		if ok {
			sum |= b
		}
	}
	if ui, ok := u.Userinfo(); ok {
		bit(has(ui, outside(xchars)), CharsUserUnsafe)
	}
	if u.HasAuthority() {
		h := u.HostPort()
		bit(has(h, outside(xchars)), CharsHostUnsafe)
		bit(has(h, outside(queryChars)), CharsHostNot3986)
		bit(has(h, outside(hostportChars)), CharsHostNotHostname)
		bit(has(h, in(alphas+"-")), CharsHostAlpha)
		bit(strings.Contains(h, "..") || strings.Contains(h, ".-") || strings.Contains(h, "-."), CharsHostDotHyphen)
	}
	p := u.Path()
	bit(has(p, outside(xchars)), CharsPathUnsafe)
	bit(has(p, outside(queryChars)), CharsPathNot3986)
	bit(strings.Contains(p, ";"), CharsPathSemicolon)
	if q, ok := u.Query(); ok {
		bit(has(q, outside(xchars)), CharsQueryUnsafe)
		bit(has(q, outside(queryChars)), CharsQueryNot3986)
		bit(strings.Contains(q, ";"), CharsQuerySemicolon)
		bit(strings.ContainsAny(q, "/?"), CharsQuerySlashQuestion)
	}
	if f, ok := u.Fragment(); ok {
		bit(has(f, outside(xchars)), CharsFragmentUnsafe)
		bit(has(f, outside(queryChars)), CharsFragmentNot3986)
	}
	return sum
}

// TestParseMatchesReference compares Parse with parseReference on the component and error
// tables, the benchmark files and generated strings made of delimiters, escapes, controls and
// letters: the same URL (offsets, flags and character summary), or both an error. (The codes
// may differ when an input has two faults: the two parsers look for them in different orders.)
func TestParseMatchesReference(t *testing.T) {
	var inputs []string
	for _, tt := range componentTests {
		inputs = append(inputs, tt.in)
	}
	for _, tt := range parseErrorTests {
		inputs = append(inputs, tt.in)
	}
	for _, file := range benchFiles(t) {
		inputs = append(inputs, benchURLs(t, file)...)
	}
	r := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"a", "Z", "0", "9", "+", "-", ".", ":", "/", "//", "?", "#", "@", "[", "]",
		"%", "%4", "%41", "%zz", ";", "=", "&", " ", "\x00", "\x1f", "\x7f", "\x80", "\xff",
		"http:", "x:", "[::1]", ":80", ":8a", "u:p@"}
	for i := 0; i < 50000; i++ {
		var b strings.Builder
		for n := r.IntN(12); n >= 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		inputs = append(inputs, b.String())
	}
	// And URLs built component by component, so that each delimiter meets each neighbour.
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	for i := 0; i < 50000; i++ {
		inputs = append(inputs, pick("", "http:", "X+1.-:", "1a:", ":", "a b:")+
			pick("", "//", "///", "/")+
			pick("", "u@", "u:p@", ":@", "@", "u@v@", "u:p:q@", "%41@", "%4@", "\x01@")+
			pick("", "h", "[::1]", "[v1.x]", "[", "]", "[::1]x", "[::1].", "[::1]:", "h.-", "-.", "..", "%25", "[a%25b]")+
			pick("", ":", ":0", ":65536", ":8a", "::", ":8:", ": ")+
			pick("", "/", "/a;b", "/a:b", "a:b", "//", "/%", "/%zz", "/\x7f", "/\xff")+
			pick("", "?", "?/?", "?;", "?#", "??")+
			pick("", "#", "##", "#?", "#%", "#\x00"))
	}
	// And long components, so that each delimiter, escape and pair of "." and "-" falls at
	// each place in the eight bytes that parse reads at a time, and runs end at the end of
	// the input or before it.
	run := func(max int, xs ...string) string {
		var b strings.Builder
		for n := r.IntN(max + 1); n > 0; n-- {
			b.WriteString(xs[r.IntN(len(xs))])
		}
		return b.String()
	}
	for i := 0; i < 50000; i++ {
		inputs = append(inputs, pick("", "http:", "https:", "file:", "ftp:")+pick("", "//", "//", "/")+
			pick("", run(20, "u", "-", ".", "%41", "?", ";", " ")+"@")+
			run(30, "a", "b", "1", ".", "-", ".", "-", "%41", "~", " ", "\x80", "_")+
			pick("", ":", ":80")+
			run(30, "/", "a", "b", ";", "%2F", "~", " ", "\x80", ".", "{", "?", "%", "\x00")+
			pick("", "?"+run(30, "a", "/", "?", ";", "=", "&", "%41", " ", "#"))+
			pick("", "#"+run(30, "a", "#", "%41", " ", "/", "?")))
	}
	mismatches := 0
	for _, s := range inputs {
		u, err := Parse(s)
		ref, rerr := parseReference(s)
		if (err == nil) != (rerr == nil) || u != ref {
			if mismatches++; mismatches <= 20 {
				t.Errorf("Parse(%q) = %+v, %v; the reference parser: %+v, %v", s, u, err, ref, rerr)
			}
		}
	}
	if mismatches > 20 {
		t.Errorf("%d mismatches in all", mismatches)
	}
}
