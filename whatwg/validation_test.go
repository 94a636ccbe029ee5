package whatwg

import (
	"errors"
	"fmt"
	"testing"
)

// The examples of the validation error table, §1.1 "Writing": each input reports the named
// validation error; failure is true where the table says the error is a failure.
var validationExamples = []struct {
	input, base string
	code        Code
	failure     bool
}{
	{"https://exa%23mple.org", "", DomainToASCII, true},
	{"https://xn--a.com", "", DomainToASCII, false}, // ASCII: beStrict false keeps it, lowercased
	{"https://exam%70le.org", "", DomainPercentEncoded, false},
	{"foo://exa[mple.org", "", HostInvalidCodePoint, true},
	{"https://127.0.0.1./", "", IPv4EmptyPart, false},
	{"https://1.2.3/", "", IPv4TooFewParts, false},
	{"https://1.2.3.4.5/", "", IPv4TooManyParts, true},
	{"https://test.42", "", IPv4NonNumericPart, true},
	{"https://127.0.0x0.1", "", IPv4NonDecimalPart, false},
	{"https://255.255.4000.1", "", IPv4OutOfRangePart, true},
	{"https://255.255.4000", "", IPv4OutOfRangePart, false},
	{"https://①.②.③.④", "", IPv4NonASCIIInput, false},
	{"https://[::1", "", IPv6Unclosed, true},
	{"https://[:1]", "", IPv6InvalidCompression, true},
	{"https://[1:2:3:4:5:6:7:8:9]", "", IPv6TooManyPieces, true},
	{"https://[1::1::1]", "", IPv6MultipleCompression, true},
	{"https://[1:2:3!:4]", "", IPv6InvalidCodePoint, true},
	{"https://[1:2:3:]", "", IPv6InvalidCodePoint, true},
	{"https://[1:2:3]", "", IPv6TooFewPieces, true},
	{"https://[::01]", "", IPv6PieceLeadingZero, false},
	{"https://[1:1:1:1:1:1:1:127.0.0.1]", "", IPv4InIPv6TooManyPieces, true},
	{"https://[ffff::.0.0.1]", "", IPv4InIPv6InvalidCodePoint, true},
	{"https://[ffff::127.0.xyz.1]", "", IPv4InIPv6InvalidCodePoint, true},
	{"https://[ffff::127.0xyz]", "", IPv4InIPv6InvalidCodePoint, true},
	{"https://[ffff::127.00.0.1]", "", IPv4InIPv6InvalidCodePoint, true},
	{"https://[ffff::127.0.0.1.2]", "", IPv4InIPv6InvalidCodePoint, true},
	{"https://[ffff::127.0.0.4000]", "", IPv4InIPv6OutOfRangePart, true},
	{"https://[ffff::127.0.0]", "", IPv4InIPv6TooFewParts, true},
	{"https://example.org/>", "", InvalidURLUnit, false},
	{" https://example.org ", "", InvalidURLUnit, false},
	{"ht\ntps://example.org", "", InvalidURLUnit, false},
	{"https://example.org/%s", "", InvalidURLUnit, false},
	{"file:c:/my-secret-folder", "", SpecialSchemeMissingFollowingSolidus, false},
	{"https:example.org", "", SpecialSchemeMissingFollowingSolidus, false},
	{"https:example.org", "https://example.com/", SpecialSchemeMissingFollowingSolidus, false},
	{"https:///example.org", "", SpecialSchemeMissingFollowingSolidus, false},
	{"//", "", MissingSchemeNonRelativeURL, true},
	{"ex", "mailto:x@example.com", MissingSchemeNonRelativeURL, true},
	{"https://example.org\\path\\to\\file", "", InvalidReverseSolidus, false},
	{"https://user@example.org", "", InvalidCredentials, false},
	{"ssh://user@example.org", "", InvalidCredentials, false},
	{"https://#fragment", "", HostMissing, true},
	{"https://:443", "", HostMissing, true},
	{"https://user:pass@", "", HostMissing, true},
	{"https://example.org:70000", "", PortOutOfRange, true},
	{"https://example.org:7z", "", PortInvalid, true},
	{"c|/path/to/file", "file:///x/y", FileInvalidWindowsDriveLetter, false},
	{"file://c:", "", FileInvalidWindowsDriveLetterHost, false},
}

func TestValidationErrors(t *testing.T) {
	for _, c := range validationExamples {
		var base *URL
		if c.base != "" {
			b := MustParse(c.base)
			base = &b
		}
		u, verrs, err := ParseValidate(c.input, base)
		found := false
		for _, v := range verrs {
			if v.Code == c.code {
				found = true
				if v.Rule == "" || v.Offset < -1 || v.Offset > len(c.input) {
					t.Errorf("%q: %v: bad rule or offset", c.input, v)
				}
			}
		}
		if !found {
			t.Errorf("ParseValidate(%q) reports %v, want %s", c.input, verrs, c.code)
		}
		if c.failure {
			var e *Error
			if !errors.As(err, &e) || e.Code != c.code || e.Input != c.input || e.Rule == "" {
				t.Errorf("ParseValidate(%q): error %#v, want failure %s", c.input, err, c.code)
			}
		} else if err != nil {
			t.Errorf("ParseValidate(%q): %v, want %q", c.input, err, u.Href())
		}
		if _, perr := Parse(c.input, base); (perr == nil) != (err == nil) {
			t.Errorf("Parse(%q) = %v; ParseValidate gives %v", c.input, perr, err)
		}
	}
}

// TestValid: URLs that are valid URL strings (§4.3) report no validation error.
func TestValid(t *testing.T) {
	for _, s := range []string{
		"https://example.com/",
		"https://example.com:8080/a/b?c=d#e",
		"http://192.168.0.1/",
		"http://[2001:db8::1]/",
		"file:///C:/Windows/",
		"mailto:someone@example.com",
		"foo://opaque.host/path",
		"https://example.com/caf%C3%A9",
		"https://xn--caf-dma.example/",
	} {
		_, verrs, err := ParseValidate(s, nil)
		if err != nil || len(verrs) != 0 {
			t.Errorf("ParseValidate(%q) = %v, %v; want no validation errors", s, verrs, err)
		}
	}
}

// TestErrorOffsets: offsets point into the input as given, across trimmed and removed bytes.
func TestErrorOffsets(t *testing.T) {
	for _, c := range []struct {
		input  string
		offset int
		code   Code
	}{
		{"https://example.org:7z", 21, PortInvalid},
		{"  https://example.org:7z", 23, PortInvalid},
		{"ht\ttps://exam\nple.org:7z", 23, PortInvalid},
		{"https://example.org:99999/", 20, PortOutOfRange},
		{"https://[::1", 8, IPv6Unclosed},
		{"foo://exa[mple.org", 9, HostInvalidCodePoint},
	} {
		_, err := Parse(c.input, nil)
		var e *Error
		if !errors.As(err, &e) || e.Offset != c.offset || e.Code != c.code {
			t.Errorf("Parse(%q): %v, want %s at offset %d", c.input, err, c.code, c.offset)
		}
	}
}

// TestErrorOffsetsInvalidUTF8: the parser reads invalid UTF-8 as U+FFFD (three bytes), but the
// offsets it reports are in the input as given, before and after tabs, newlines and trimmed
// spaces, for one-byte and three-byte ill-formed sequences.
func TestErrorOffsetsInvalidUTF8(t *testing.T) {
	for _, c := range []struct {
		input  string
		offset int
		code   Code
	}{
		{"http://\xff@h:7z/", 12, PortInvalid},
		{"http://\xff\xfe@h:7z/", 13, PortInvalid},
		{"ht\ttp://\xff@h:7z/", 13, PortInvalid},
		{"  http://\xff@h:7z/", 14, PortInvalid},
		{" \tht\ntp://\xff\xff@\th:7z/", 17, PortInvalid},
		{"http://\xf0\x90\x80@h:7z/", 14, PortInvalid},
		{"http://\xf0\x90@h:7z/", 13, PortInvalid},
		{"http://\u00e9@h:7z/", 13, PortInvalid},
		{"foo://\xff\xff\xff^/", 9, HostInvalidCodePoint},
	} {
		_, err := Parse(c.input, nil)
		var e *Error
		if !errors.As(err, &e) || e.Offset != c.offset || e.Code != c.code || e.Input != c.input {
			t.Errorf("Parse(%q): %v, want %s at offset %d", c.input, err, c.code, c.offset)
		}
	}
	for _, c := range []struct {
		input   string
		offsets []int // of the invalid-URL-unit validation errors
	}{
		{"http://h/\xff^\xff\xff`", []int{10, 13}},
		{" http://h/\xff^", []int{0, 11}},
		{"http://h/\xff\t^", []int{10, 11}},
		{"http://h/\xef\xbf\xbe^", []int{9, 12}}, // U+FFFE, a noncharacter, is not replaced
	} {
		_, verrs, err := ParseValidate(c.input, nil)
		var got []int
		for _, v := range verrs {
			if v.Code == InvalidURLUnit {
				got = append(got, v.Offset)
			}
		}
		if err != nil || fmt.Sprint(got) != fmt.Sprint(c.offsets) {
			t.Errorf("ParseValidate(%q): invalid-URL-unit at %v, %v; want %v", c.input, got, err, c.offsets)
		}
	}
}
