package whatwg

import "github.com/locator-url/locator/pct"

// The percent-encode sets of the URL Standard, §1.3 "Percent-encoded bytes". Each is a set of
// bytes: a code point above U+007E is UTF-8 encoded first, and every one of its bytes (0x80–0xFF)
// is in every set, which is what "all code points greater than U+007E (~)" means for bytes.
var (
	// C0ControlSet is the C0 control percent-encode set: C0 controls (U+0000–U+001F) and all code
	// points greater than U+007E (~).
	C0ControlSet = pct.Range(0x00, 0x1f).Union(pct.Range(0x7f, 0xff))
	// FragmentSet is the fragment percent-encode set: the C0 control percent-encode set and
	// U+0020 SPACE, U+0022 ("), U+003C (<), U+003E (>), and U+0060 (`).
	FragmentSet = C0ControlSet.With(" \"<>`")
	// QuerySet is the query percent-encode set: the C0 control percent-encode set and U+0020
	// SPACE, U+0022 ("), U+0023 (#), U+003C (<), and U+003E (>).
	QuerySet = C0ControlSet.With(" \"#<>")
	// SpecialQuerySet is the special-query percent-encode set: the query percent-encode set and
	// U+0027 (').
	SpecialQuerySet = QuerySet.With("'")
	// PathSet is the path percent-encode set: the query percent-encode set and U+003F (?),
	// U+005E (^), U+0060 (`), U+007B ({), and U+007D (}).
	PathSet = QuerySet.With("?^`{}")
	// UserinfoSet is the userinfo percent-encode set: the path percent-encode set and U+002F (/),
	// U+003A (:), U+003B (;), U+003D (=), U+0040 (@), U+005B ([) to U+005D (]), inclusive, and
	// U+007C (|).
	UserinfoSet = PathSet.With("/:;=@[\\]|")
	// ComponentSet is the component percent-encode set: the userinfo percent-encode set and
	// U+0024 ($) to U+0026 (&), inclusive, U+002B (+), and U+002C (,). It gives the same results
	// as JavaScript's encodeURIComponent().
	ComponentSet = UserinfoSet.With("$%&+,")
	// FormSet is the application/x-www-form-urlencoded percent-encode set: the component
	// percent-encode set and U+0021 (!), U+0027 (') to U+0029 RIGHT PARENTHESIS, inclusive, and
	// U+007E (~). (U+0020 SPACE is in it too; the urlencoded serializer writes it as "+".)
	FormSet = ComponentSet.With("!'()~")
)

// §1.3 and §4.4: byte tables derived from the sets above, for the parser's inner loops.
// A true entry means "percent-encode this byte".
var (
	c0Tab, fragmentTab, queryTab, specialQueryTab, pathTab, userinfoTab, formTab [256]bool
	// forbiddenHostTab holds the forbidden host code points (§3.2 "Host miscellaneous"):
	// U+0000, TAB, LF, CR, SPACE, #, /, :, <, >, ?, @, [, \, ], ^, |.
	forbiddenHostTab [256]bool
	// forbiddenDomainTab holds the forbidden domain code points (§3.2): the forbidden host code
	// points, C0 controls, U+0025 (%), and U+007F DELETE.
	forbiddenDomainTab [256]bool
	// urlUnitASCII holds the ASCII URL code points (§4.3 "URL writing", URL code points):
	// ASCII alphanumeric, and !$&'()*+,-./:;=?@_~.
	urlUnitASCII [256]bool
)

func init() {
	fill := func(t *[256]bool, s pct.Set) {
		for c := 0; c < 256; c++ {
			t[c] = s.Contains(byte(c))
		}
	}
	fill(&c0Tab, C0ControlSet)
	fill(&fragmentTab, FragmentSet)
	fill(&queryTab, QuerySet)
	fill(&specialQueryTab, SpecialQuerySet)
	fill(&pathTab, PathSet)
	fill(&userinfoTab, UserinfoSet)
	fill(&formTab, FormSet.With(" "))
	forbiddenHost := pct.Of("\x00\t\n\r #/:<>?@[\\]^|")
	fill(&forbiddenHostTab, forbiddenHost)
	fill(&forbiddenDomainTab, forbiddenHost.Union(pct.Range(0, 0x1f)).With("%\x7f"))
	fill(&urlUnitASCII, pct.AlphaDigit.With("!$&'()*+,-./:;=?@_~"))
}

const upperhex = "0123456789ABCDEF"

// appendEncoded appends s to dst, percent-encoding the bytes whose entry in tab is true
// (§1.3 "UTF-8 percent-encode" a string using a percent-encode set, byte-wise).
func appendEncoded(dst []byte, s string, tab *[256]bool) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if tab[c] {
			dst = append(dst, '%', upperhex[c>>4], upperhex[c&15])
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}

// PercentEncode returns s UTF-8 percent-encoded using set (§1.3 "UTF-8 percent-encode" a string).
// Invalid UTF-8 in s is first replaced by U+FFFD, since the standard works on scalar value
// strings.
func PercentEncode(s string, set pct.Set) string {
	s = toScalar(s)
	return pct.Encode(s, set.Complement())
}

// PercentDecode returns the percent-decoding of s (§1.3 "percent-decode" a string): every "%"
// followed by two ASCII hex digits becomes the byte they encode; any other "%" is kept. The
// result is bytes, which may not be valid UTF-8.
func PercentDecode(s string) string {
	i := 0
	for i < len(s) && s[i] != '%' {
		i++
	}
	if i == len(s) {
		return s
	}
	return string(appendPercentDecoded(make([]byte, 0, len(s)), s))
}

// appendPercentDecoded implements §1.3 "percent-decode" a byte sequence.
func appendPercentDecoded(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) {
			if v, ok := pct.Unhex(s[i+1], s[i+2]); ok {
				dst = append(dst, v)
				i += 2
				continue
			}
		}
		dst = append(dst, c)
	}
	return dst
}
