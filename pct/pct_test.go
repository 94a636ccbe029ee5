package pct_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/allocs"
	"github.com/locator-url/locator/pct"
)

// controls is RFC 1738 §2.2's "octets 00-1F and 7F hexadecimal", nonASCII its "80-FF".
var (
	controls = pct.Range(0, 0x1f).With("\x7f")
	nonASCII = pct.Range(0x80, 0xff)
	alpha    = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	digit    = "0123456789"
)

// TestSets checks every named set against the characters its RFC lists, written as the RFC
// writes them (order and all).
func TestSets(t *testing.T) {
	for _, tt := range []struct {
		name string
		got  pct.Set
		want pct.Set
		src  string
	}{
		{"Alpha", pct.Alpha, pct.Of(alpha), "RFC 1738 §5 alpha = lowalpha | hialpha; RFC 3986 §2 ALPHA"},
		{"Digit", pct.Digit, pct.Of(digit), "RFC 1738 §5 digit"},
		{"Hex", pct.Hex, pct.Of(digit + "ABCDEF" + "abcdef"), "RFC 1738 §5 hex"},
		{"AlphaDigit", pct.AlphaDigit, pct.Of(alpha + digit), "RFC 1738 §5 alphadigit"},
		{"RFC1738Safe", pct.RFC1738Safe, pct.Of("$-_.+"), `RFC 1738 §5 safe = "$" | "-" | "_" | "." | "+"`},
		{"RFC1738Extra", pct.RFC1738Extra, pct.Of("!*'(),"), `RFC 1738 §5 extra = "!" | "*" | "'" | "(" | ")" | ","`},
		{"RFC1738National", pct.RFC1738National, pct.Of("{}|\\^~[]`"), `RFC 1738 §5 national`},
		{"RFC1738Punctuation", pct.RFC1738Punctuation, pct.Of("<>#%\""), `RFC 1738 §5 punctuation = "<" | ">" | "#" | "%" | <">`},
		{"RFC1738Reserved", pct.RFC1738Reserved, pct.Of(";/?:@&="), `RFC 1738 §5 reserved; §2.2 "The characters ";", "/", "?", ":", "@", "=" and "&""`},
		{"RFC1738Unreserved", pct.RFC1738Unreserved, pct.Of(alpha + digit + "$-_.+" + "!*'(),"), "RFC 1738 §5 unreserved = alpha | digit | safe | extra"},
		{"RFC1738Uchar", pct.RFC1738Uchar, pct.Of(alpha + digit + "$-_.+!*'(),"), "RFC 1738 §5 uchar = unreserved | escape"},
		{"RFC1738Xchar", pct.RFC1738Xchar, pct.Of(alpha + digit + "$-_.+!*'()," + ";/?:@&="), "RFC 1738 §5 xchar = unreserved | reserved | escape"},
		{"RFC1738Control", pct.RFC1738Control, controls, "RFC 1738 §2.2 octets 00-1F and 7F"},
		{"RFC1738NonASCII", pct.RFC1738NonASCII, nonASCII, "RFC 1738 §2.2 octets 80-FF"},
		// RFC 1738 §2.2 "Unsafe": space, "<" ">" <"> "#" "%", and "{", "}", "|", "\", "^", "~",
		// "[", "]", "`"; "No corresponding graphic US-ASCII": 00-1F, 7F, 80-FF.
		{"RFC1738Unsafe", pct.RFC1738Unsafe, pct.Of(" <>\"#%{}|\\^~[]`").Union(controls).Union(nonASCII), "RFC 1738 §2.2"},
		{"RFC1738SchemeChars", pct.RFC1738SchemeChars, pct.Of(alpha + digit + "+-."), `RFC 1738 §5 scheme = 1*[ lowalpha | digit | "+" | "-" | "." ], §2.1 case-ignore`},
		{"Unreserved", pct.Unreserved, pct.Of(alpha + digit + "-._~"), `RFC 3986 §2.3 unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`},
		{"GenDelims", pct.GenDelims, pct.Of(":/?#[]@"), "RFC 3986 §2.2 gen-delims"},
		{"SubDelims", pct.SubDelims, pct.Of("!$&'()*+,;="), "RFC 3986 §2.2 sub-delims"},
		{"Reserved", pct.Reserved, pct.Of(":/?#[]@" + "!$&'()*+,;="), "RFC 3986 §2.2 reserved = gen-delims / sub-delims"},
		{"PChar", pct.PChar, pct.Of(alpha + digit + "-._~" + "!$&'()*+,;=" + ":@"), "RFC 3986 §3.3 pchar"},
		{"PathChars", pct.PathChars, pct.Of(alpha + digit + "-._~!$&'()*+,;=:@/"), "RFC 3986 §3.3 path"},
		{"QueryChars", pct.QueryChars, pct.Of(alpha + digit + "-._~!$&'()*+,;=:@/?"), "RFC 3986 §3.4 query = *( pchar / \"/\" / \"?\" )"},
		{"FragmentChars", pct.FragmentChars, pct.Of(alpha + digit + "-._~!$&'()*+,;=:@/?"), "RFC 3986 §3.5 fragment"},
		{"UserinfoChars", pct.UserinfoChars, pct.Of(alpha + digit + "-._~!$&'()*+,;=:"), "RFC 3986 §3.2.1 userinfo"},
		{"RegNameChars", pct.RegNameChars, pct.Of(alpha + digit + "-._~!$&'()*+,;="), "RFC 3986 §3.2.2 reg-name"},
		{"SchemeChars", pct.SchemeChars, pct.Of(alpha + digit + "+-."), "RFC 3986 §3.1 scheme"},
	} {
		if tt.got != tt.want {
			t.Errorf("%s [%s]:\n  has %s\n want %s\n extra %s\n missing %s", tt.name, tt.src,
				tt.got, tt.want, tt.got.Minus(tt.want), tt.want.Minus(tt.got))
		}
	}
	// RFC 1738 §2.2: "only alphanumerics, the special characters "$-_.+!*'(),", and reserved
	// characters used for their reserved purposes may be used unencoded within a URL."
	printable := pct.Range(0x21, 0x7e).With(" ")
	if got := printable.Minus(pct.RFC1738Xchar); got != pct.RFC1738Unsafe.Intersect(printable) {
		t.Errorf("printable ASCII minus xchar = %s, want the unsafe set %s", got, pct.RFC1738Unsafe.Intersect(printable))
	}
	// RFC 1738 §5: national and punctuation, space, controls and 80–FF are exactly the unsafe.
	if u := pct.RFC1738National.Union(pct.RFC1738Punctuation).With(" ").Union(controls).Union(nonASCII); u != pct.RFC1738Unsafe {
		t.Errorf("national | punctuation | space | controls | 80-FF = %s", u)
	}
	// The RFC 1738 classes partition the 256 octets.
	parts := []pct.Set{pct.RFC1738Unreserved, pct.RFC1738Reserved, pct.RFC1738Unsafe}
	var all pct.Set
	n := 0
	for _, s := range parts {
		all = all.Union(s)
		n += s.Len()
	}
	if all != pct.Range(0, 255) || n != 256 {
		t.Errorf("unreserved, reserved and unsafe cover %d octets with overlaps (%d)", all.Len(), n)
	}
	// RFC 3986 §2: unreserved, reserved and "%" are the only characters of a URI.
	if pct.Unreserved.Intersect(pct.Reserved) != (pct.Set{}) {
		t.Error("RFC 3986 unreserved and reserved overlap")
	}
}

func TestSetOps(t *testing.T) {
	a, b := pct.Of("abc"), pct.Of("bcd")
	for _, tt := range []struct {
		name      string
		got, want pct.Set
	}{
		{"Union", a.Union(b), pct.Of("abcd")},
		{"Intersect", a.Intersect(b), pct.Of("bc")},
		{"Minus", a.Minus(b), pct.Of("a")},
		{"With", a.With("xy"), pct.Of("abcxy")},
		{"Without", a.Without("ax"), pct.Of("bc")},
		{"Complement twice", a.Complement().Complement(), a},
		{"Range", pct.Range('a', 'd'), pct.Of("abcd")},
		{"Range one", pct.Range(0xff, 0xff), pct.Of("\xff")},
		{"Range empty", pct.Range('d', 'a'), pct.Set{}},
	} {
		if tt.got != tt.want {
			t.Errorf("%s = %s, want %s", tt.name, tt.got, tt.want)
		}
	}
	if a.Complement().Len() != 253 || a.Complement().Contains('a') || !a.Complement().Contains(0) {
		t.Error("Complement")
	}
	if !(pct.Set{}).IsEmpty() || a.IsEmpty() || pct.Of("").Len() != 0 {
		t.Error("IsEmpty")
	}
	if got := pct.Of("a\x00 %\xff").String(); got != "%00%20%25a%FF" {
		t.Errorf("String = %q", got)
	}
	if pct.Of("~").String() != "~" || pct.Of("!").String() != "!" {
		t.Error("String of printable bounds")
	}
	for _, tt := range []struct {
		s    string
		want int
	}{{"", -1}, {"abc", -1}, {"abx", 2}, {"xab", 0}} {
		if got := a.IndexNotIn(tt.s); got != tt.want {
			t.Errorf("IndexNotIn(%q) = %d", tt.s, got)
		}
	}
	// Every byte value: Contains agrees with Of.
	for c := 0; c < 256; c++ {
		s := pct.Of(string([]byte{byte(c)}))
		if !s.Contains(byte(c)) || s.Len() != 1 {
			t.Fatalf("Of(%#x)", c)
		}
	}
}

func TestHex(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := strings.IndexByte("0123456789ABCDEFabcdef", byte(c)) >= 0
		if pct.IsHex(byte(c)) != want || pct.Hex.Contains(byte(c)) != want {
			t.Errorf("IsHex(%q) = %v", byte(c), !want)
		}
	}
	for _, tt := range []struct {
		hi, lo byte
		v      byte
		ok     bool
	}{{'2', '0', ' ', true}, {'7', 'e', '~', true}, {'7', 'E', '~', true}, {'f', 'F', 0xff, true},
		{'0', '0', 0, true}, {'g', '0', 0, false}, {'0', 'g', 0, false}, {'*', 'a', 0, false}} {
		v, ok := pct.Unhex(tt.hi, tt.lo)
		if ok != tt.ok || (ok && v != tt.v) {
			t.Errorf("Unhex(%q, %q) = %#x, %v", tt.hi, tt.lo, v, ok)
		}
	}
}

func TestEncode(t *testing.T) {
	for _, tt := range []struct {
		in   string
		keep pct.Set
		want string
		src  string
	}{
		{"a b/c", pct.RFC1738Uchar.Union(pct.Of(";:@&=")), "a%20b%2Fc", "package doc: RFC 1738 §5 hsegment"},
		{"abc", pct.Alpha, "abc", "nothing to encode"},
		{"", pct.Alpha, "", "empty"},
		{"100%", pct.AlphaDigit, "100%25", "RFC 1738 §2.2: % is unsafe"},
		{"100%", pct.AlphaDigit.With("%"), "100%", "keep contains %"},
		{"\x00\x1f\x7f\x80\xff", pct.Set{}, "%00%1F%7F%80%FF", "RFC 3986 §2.1 upper-case hex"},
		{"é", pct.RFC1738Xchar, "%C3%A9", "RFC 1738 §2.2 80-FF"},
		{"#frag", pct.RFC1738Xchar, "%23frag", "RFC 1738 §2.2: # must be encoded"},
		{"~user", pct.RFC1738Uchar, "%7Euser", "RFC 1738 §2.2: ~ is unsafe"},
		{"~user", pct.Unreserved, "~user", "RFC 3986 §2.3: ~ is unreserved"},
	} {
		if got := pct.Encode(tt.in, tt.keep); got != tt.want {
			t.Errorf("Encode(%q) [%s] = %q, want %q", tt.in, tt.src, got, tt.want)
		}
		if got := string(pct.AppendEncode([]byte("x"), tt.in, tt.keep)); got != "x"+tt.want {
			t.Errorf("AppendEncode(%q) = %q", tt.in, got)
		}
	}
	s := "nothing-to-encode"
	if n := allocs.Count(0, 100, func() { _ = pct.Encode(s, pct.Unreserved) }); n != 0 {
		t.Errorf("Encode with nothing to encode: %v allocations", n)
	}
}

func TestDecode(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"a%20b", "a b"},
		{"%2F%2f", "//"},       // RFC 1738 §2.2: "abcdef" may also be used
		{"%00%FF", "\x00\xff"}, // any octet
		{"%25", "%"},
		{"%2525", "%25"}, // decoded once
		{"marie%2Dclaude", "marie-claude"},
		{"+", "+"}, // "+" is not space here (that is the query convention of the URI draft)
	} {
		got, err := pct.Decode(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Decode(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		b, err := pct.AppendDecode([]byte("x"), tt.in)
		if err != nil || string(b) != "x"+tt.want {
			t.Errorf("AppendDecode(%q) = %q, %v", tt.in, b, err)
		}
		if err := pct.Validate(tt.in); err != nil {
			t.Errorf("Validate(%q) = %v", tt.in, err)
		}
	}
	s := "no-escapes-here"
	if n := allocs.Count(0, 100, func() { _, _ = pct.Decode(s) }); n != 0 {
		t.Errorf("Decode without escapes: %v allocations", n)
	}
}

// illegalEscapes: the URI draft ("Escaping", Example 3: "there is no decoding defined for "%*"
// or "%as""), RFC 1738 §2.2 and RFC 3986 §2.1 escape = "%" HEXDIG HEXDIG.
var illegalEscapes = []struct {
	in   string
	off  int
	code pct.Code
}{
	{"asdf%*.fred", 4, pct.CodeBadHex},
	{"12345667123%asdghfh@info.cern.ch", 11, pct.CodeBadHex},
	{"%", 0, pct.CodeTruncated},
	{"abc%", 3, pct.CodeTruncated},
	{"%4", 0, pct.CodeTruncated},
	{"a%4", 1, pct.CodeTruncated},
	{"%g", 0, pct.CodeBadHex}, // a non-hex byte is reported before the missing one
	{"%4g", 0, pct.CodeBadHex},
	{"%g4", 0, pct.CodeBadHex},
	{"% 20", 0, pct.CodeBadHex},
	{"%20%2", 3, pct.CodeTruncated},
	{"%20%%", 3, pct.CodeBadHex},
	{"%%41", 0, pct.CodeBadHex},
}

func TestIllegalEscapes(t *testing.T) {
	for _, tt := range illegalEscapes {
		check := func(fn string, err error) {
			t.Helper()
			var e *pct.Error
			if !errors.As(err, &e) {
				t.Errorf("%s(%q) = %v, want a *pct.Error", fn, tt.in, err)
				return
			}
			if e.Offset != tt.off || e.Code != tt.code || e.Input != tt.in {
				t.Errorf("%s(%q): offset %d code %q input %q; want %d %q", fn, tt.in, e.Offset, e.Code, e.Input, tt.off, tt.code)
			}
			if msg := e.Error(); !strings.Contains(msg, pct.Rule) || !strings.HasPrefix(msg, "pct: ") {
				t.Errorf("Error() = %q", msg)
			}
		}
		check("Validate", pct.Validate(tt.in))
		got, err := pct.Decode(tt.in)
		check("Decode", err)
		if got != "" {
			t.Errorf("Decode(%q) returned %q with its error", tt.in, got)
		}
		b, err := pct.AppendDecode([]byte("keep"), tt.in)
		check("AppendDecode", err)
		if string(b) != "keep" {
			t.Errorf("AppendDecode(%q) changed dst to %q", tt.in, b)
		}
		b, err = pct.AppendDecodeExcept([]byte("keep"), tt.in, pct.Reserved)
		check("AppendDecodeExcept", err)
		if string(b) != "keep" {
			t.Errorf("AppendDecodeExcept(%q) changed dst to %q", tt.in, b)
		}
	}
}

// TestErrorMessage: the message of an illegal escape in a long input shows the input around the
// escape, escaped and bounded (display.Window), not its start: "%zz" after 500,000 bytes of
// controls is in the message, which stays short.
func TestErrorMessage(t *testing.T) {
	in := strings.Repeat("a\x01", 250000) + "%zz" + strings.Repeat("\xff", 500000)
	err := pct.Validate(in)
	msg := err.Error()
	if !strings.Contains(msg, `\x01a\x01%zz\xff\xff`) || !strings.Contains(msg, "at offset 500000") || len(msg) > 1024 {
		t.Errorf("the message of %q…: %d bytes, %q", in[:8], len(msg), msg)
	}
	if msg := pct.Validate("a%").Error(); msg != `pct: illegal escape in "a%" at offset 1: "%" at end of input, not followed by two hex digits (RFC 1738 §2.2 escape)` {
		t.Errorf("Validate(\"a%%\"): %q", msg)
	}
	// A double quote of the input is \" in a long input's window as in a short input's quote:
	// the window wrote it raw, so that the quoted input seemed to end at it.
	for _, in := range []string{`a"%zz`, strings.Repeat(`"`, 100000) + "%zz"} {
		msg := pct.Validate(in).Error()
		q := msg[len("pct: illegal escape in "):strings.Index(msg, " at offset ")]
		if strings.Contains(strings.ReplaceAll(q[1:len(q)-1], `\"`, ""), `"`) {
			t.Errorf("Validate(%.20q…): a raw double quote in %q", in, q)
		}
	}
}

func TestAppendDecodeExcept(t *testing.T) {
	for _, tt := range []struct {
		in   string
		keep pct.Set
		want string
		src  string
	}{
		{"marie%2Dclaude", pct.Reserved, "marie-claude", "URI draft Example 1"},
		{"bertram%2Fmarie", pct.Reserved, "bertram%2Fmarie", "URI draft Example 2"},
		{"%7bfoo%7d%63", pct.Unreserved.Complement(), "%7Bfoo%7Dc", "RFC 3986 §6.2.2.1, §6.2.2.2"},
		{"%3b%3B", pct.RFC1738Reserved, "%3B%3B", "RFC 1738 §2.2 reserved stays encoded, upper-case"},
		{"a%20b", pct.Set{}, "a b", "nothing kept"},
		{"100%25", pct.Set{}, "100%25", "the URI draft: a percent sign intended as such stays encoded"},
		{"a b", pct.Range(0, 255), "a b", "raw bytes are never encoded"},
	} {
		b, err := pct.AppendDecodeExcept([]byte(">"), tt.in, tt.keep)
		if err != nil || string(b) != ">"+tt.want {
			t.Errorf("AppendDecodeExcept(%q) [%s] = %q, %v; want %q", tt.in, tt.src, b, err, tt.want)
		}
	}
}

// TestLibwwwHTEscape runs libwww's HTEscape table (testdata/libwww-w3c/htescape-tests.json).
// HTEscape(str, mask) encodes every byte that is not "acceptable" for mask, with upper-case hex.
// HTEscape.c's isAcceptable table gives, for the printable bytes 0x20–0x7F:
//
//	bit 0 URL_XALPHAS:  alphanumerics and "*-.@_"
//	bit 1 URL_XPALPHAS: as URL_XALPHAS, with "+"
//	bit 2 URL_PATH:     as URL_XPALPHAS, with "/"
//
// (RFC 1738 §5 xalpha and xpalpha of the 1994 draft are wider; libwww's masks are its own.)
func TestLibwwwHTEscape(t *testing.T) {
	xalphas := pct.AlphaDigit.With("*-.@_")
	masks := map[string]pct.Set{
		"1": xalphas,
		"2": xalphas.With("+"),
		"4": xalphas.With("+/"),
	}
	b, err := os.ReadFile("../testdata/libwww-w3c/htescape-tests.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Cases []struct{ Unencoded, Mask, Encoded string }
	}
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Cases) != 6 {
		t.Fatalf("%d cases, want 6", len(f.Cases))
	}
	for i, c := range f.Cases {
		keep, ok := masks[c.Mask]
		if !ok {
			t.Fatalf("case %d: unknown mask %q", i, c.Mask)
		}
		want := c.Encoded
		if i == 5 {
			// The data keeps a trailing space the source's expect pattern had; HTEscape cannot
			// produce it from an input that does not end in one (it would be "%20").
			want = strings.TrimSuffix(want, " ")
		}
		if got := pct.Encode(c.Unencoded, keep); got != want {
			t.Errorf("HTEscape(%q, %s) = %q, want %q", c.Unencoded, c.Mask, got, want)
		}
		if dec, err := pct.Decode(want); err != nil || dec != c.Unencoded {
			t.Errorf("Decode(%q) = %q, %v", want, dec, err)
		}
	}
}
