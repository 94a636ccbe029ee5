package locator

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/locator-url/locator/pct"
)

// want is an expected finding: its offset and code (and severity, error unless W).
type want struct {
	off  int
	code Code
	warn bool
}

func fmtFindings(fs []Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("\n\t" + f.String())
	}
	return b.String()
}

// match compares findings with wants (offset, code, severity) and checks the common
// invariants: offset order, offsets in range, rule and message present.
func match(t *testing.T, name, input string, got []Finding, wants []want) {
	t.Helper()
	ok := len(got) == len(wants)
	for i := 0; ok && i < len(got); i++ {
		w := wants[i]
		sev := SeverityError
		if w.warn {
			sev = SeverityWarning
		}
		ok = got[i].Offset == w.off && got[i].Code == w.code && got[i].Severity == sev
	}
	if !ok {
		t.Errorf("%s(%q):\n got:%s\nwant: %v", name, input, fmtFindings(got), wants)
	}
	for i, f := range got {
		if f.Offset < 0 || f.Offset > len(input) {
			t.Errorf("%s(%q): offset %d out of range: %v", name, input, f.Offset, f)
		}
		if i > 0 && got[i-1].Offset > f.Offset {
			t.Errorf("%s(%q): findings out of order:%s", name, input, fmtFindings(got))
		}
		if f.Rule == "" || f.Message == "" || f.Code == "" {
			t.Errorf("%s(%q): finding without rule, message or code: %#v", name, input, f)
		}
	}
}

func TestCheckChars(t *testing.T) {
	// The production is RFC 1738 §5 hsegment: *[ uchar | ";" | ":" | "@" | "&" | "=" ].
	hseg := pct.RFC1738Uchar.With(";:@&=")
	for _, tt := range []struct {
		s     string
		wants []want
	}{
		{"abc;:@&=%20$-_.+!*'(),", nil},             // RFC 1738 §5 hsegment, escape
		{"a b", []want{{1, CodeUnsafeChar, false}}}, // RFC 1738 §2.2 space is unsafe
		{"<>\"", []want{{0, CodeUnsafeChar, false}, {1, CodeUnsafeChar, false}, {2, CodeUnsafeChar, false}}},
		{"a#b", []want{{1, CodeUnsafeChar, false}}},     // §2.2 "#"
		{"100%", []want{{3, CodeUnsafeChar, false}}},    // §2.2 "%" not an escape
		{"%4", []want{{0, CodeUnsafeChar, false}}},      // truncated escape
		{"~user", []want{{0, CodeNationalChar, false}}}, // §2.2 national "~"
		{"{}|\\^[]`", []want{{0, CodeNationalChar, false}, {1, CodeNationalChar, false}, {2, CodeNationalChar, false}, {3, CodeNationalChar, false}, {4, CodeNationalChar, false}, {5, CodeNationalChar, false}, {6, CodeNationalChar, false}, {7, CodeNationalChar, false}}},
		{"a/b?c", []want{{1, CodeReservedChar, false}, {3, CodeReservedChar, false}}},                        // §2.2 reserved in hsegment
		{"caf\u00e9", []want{{3, CodeNonASCII, false}}},                                                      // §2.2 non-ASCII: one per character
		{"\u65e5\u672c", []want{{0, CodeNonASCII, false}, {3, CodeNonASCII, false}}},                         // 3-byte UTF-8 characters
		{"a\xffb\xc3", []want{{1, CodeNonASCII, false}, {3, CodeNonASCII, false}}},                           // invalid UTF-8: per byte
		{"a\x00\x1f\x7f", []want{{1, CodeControl, false}, {2, CodeControl, false}, {3, CodeControl, false}}}, // §2.2 controls
	} {
		got := CheckChars(nil, tt.s, 0, hseg, "RFC 1738 §5 hsegment")
		match(t, "CheckChars", tt.s, got, tt.wants)
	}
	// A set that leaves out some unreserved characters reports them as not allowed.
	got := CheckChars(nil, "ab_c", 10, pct.Alpha, "test")
	if len(got) != 1 || got[0].Offset != 12 || got[0].Code != CodeDisallowedChar {
		t.Errorf("CheckChars(ab_c, alpha) = %v", got)
	}
	// The message names the character and its escape.
	got = CheckChars(nil, "\u00e9", 0, pct.Alpha, "r")
	if len(got) != 1 || !strings.Contains(got[0].Message, "é") || !strings.Contains(got[0].Message, "%C3%A9") ||
		!strings.Contains(got[0].Message, "U+00E9") {
		t.Errorf("CheckChars(é) message = %v", got)
	}
	// dst is appended to, not replaced.
	dst := []Finding{{Code: "x"}}
	if got := CheckChars(dst, "<", 0, pct.Alpha, "r"); len(got) != 2 || got[0].Code != "x" {
		t.Errorf("CheckChars did not append: %v", got)
	}
}

func TestCheckHostPort(t *testing.T) {
	long := strings.Repeat("a", 64)
	for _, tt := range []struct {
		hp    string
		wants []want
	}{
		{"host.com", nil}, // RFC 1738 §5 hostname
		{"a", nil},        // toplabel = alpha
		{"a-b.c-d", nil},  // inner hyphens
		{"3com.com", nil}, // domainlabel may start with a digit
		{"x.3com", []want{{2, CodeTopLabelDigit, false}}},     // §5 toplabel = alpha ...; §3.1
		{"host.com:21", nil},                                  // §5 port = digits
		{"host.com:0", nil},                                   // the lowest port
		{"host.com:65535", nil},                               // the highest port
		{"host.com:65536", []want{{9, CodePortRange, false}}}, // RFC 793 §3.1 16-bit
		{"host.com:99999999999999999999", []want{{9, CodePortRange, false}}},
		{"host.com:", []want{{8, CodeEmptyPort, false}}},      // §5 port = digits; §3.1 colon omitted
		{"host.com:8x", []want{{10, CodeBadPort, false}}},     // §5 port = digits
		{"", []want{{0, CodeEmptyHost, false}}},               // §5 hostport: host required
		{":80", []want{{0, CodeEmptyHost, false}}},            // empty host with a port
		{"host.com.", []want{{8, CodeTrailingDot, false}}},    // §5 hostname: no trailing "."
		{"host.com.:80", []want{{8, CodeTrailingDot, false}}}, // ... with a port
		{"a..b", []want{{2, CodeEmptyLabel, false}}},          // empty domainlabel
		{".a", []want{{0, CodeEmptyLabel, false}}},            // empty first label
		{"a..", []want{{1, CodeEmptyLabel, false}, {2, CodeTrailingDot, false}}},
		{"-a.com", []want{{0, CodeLabelHyphen, false}}},                       // §5 domainlabel starts alphadigit
		{"a-.com", []want{{1, CodeLabelHyphen, false}}},                       // ... and ends alphadigit
		{"a.com-", []want{{5, CodeLabelHyphen, false}}},                       // toplabel ends alphadigit
		{"-", []want{{0, CodeLabelHyphen, false}}},                            // toplabel = alpha
		{"a_b.com", []want{{1, CodeBadHostChar, false}}},                      // "_" is not in hostname
		{"a%41.com", []want{{1, CodeBadHostChar, false}}},                     // no escapes in hostname
		{"a;b.com", []want{{1, CodeBadHostChar, false}}},                      // reserved
		{"a~b.com", []want{{1, CodeNationalChar, false}}},                     // national
		{"a b.com", []want{{1, CodeUnsafeChar, false}}},                       // unsafe
		{"b\u00fccher.de", []want{{1, CodeNonASCII, false}}},                  // IDN must be punycode
		{long + ".com", []want{{0, CodeLabelTooLong, true}}},                  // RFC 1034 §3.1 63 octets
		{strings.Repeat("a.", 128) + "a", []want{{0, CodeHostTooLong, true}}}, // RFC 1034 §3.1 255 octets
		{"10.0.0.1", nil},        // §5 hostnumber
		{"10.0.0.1:8080", nil},   // ... with a port
		{"010.000.000.001", nil}, // digits may have leading zeros
		{"256.1.1.1", []want{{0, CodeHostNumberRange, true}}}, // §3.1 four decimal groups (octets)
		{"1.2.3.99999999999999", []want{{6, CodeHostNumberRange, true}}},
		{"1.2.3", []want{{0, CodeBadHostNumber, false}}},     // three groups
		{"1.2.3.4.5", []want{{0, CodeBadHostNumber, false}}}, // five groups
		{"1..3.4", []want{{2, CodeBadHostNumber, false}}},    // empty group
		{"1234", []want{{0, CodeBadHostNumber, false}}},      // one group
		{"1.2.3.4.", []want{{7, CodeTrailingDot, false}}},    // trailing dot on a host number
		{"[::1]", []want{{0, CodeIPLiteral, false}}},         // RFC 3986 §3.2.2, not RFC 1738
		{"[::1]:80", []want{{0, CodeIPLiteral, false}}},      // ... the port still checked
		{"[::1]:", []want{{0, CodeIPLiteral, false}, {5, CodeEmptyPort, false}}},
	} {
		got := CheckHostPort(nil, tt.hp, 0)
		match(t, "CheckHostPort", tt.hp, got, tt.wants)
	}
	// Offsets are relative to the URL: off is added.
	got := CheckHostPort(nil, "a_b:", 7)
	if len(got) != 2 || got[0].Offset != 8 || got[1].Offset != 10 {
		t.Errorf("CheckHostPort offsets: %v", got)
	}
}

func TestCheckLogin(t *testing.T) {
	for _, tt := range []struct {
		url   string
		wants []want
	}{
		{"ftp://host.com/", nil},                                        // RFC 1738 §3.1, no user
		{"ftp://@host.com/", nil},                                       // §3.1 empty user
		{"ftp://foo:@host.com/", nil},                                   // §3.1 empty password
		{"ftp://foo:bar@host.com:21/", nil},                             // §5 login
		{"ftp://a;b&d=e%40%3F:x;y@host.com/", nil},                      // §5 user = *[ uchar | ";" | "?" | "&" | "=" ]
		{"ftp://a@b@host.com/", []want{{7, CodeReservedChar, false}}},   // §3.1 "@" must be encoded
		{"ftp://a:b:c@host.com/", []want{{9, CodeReservedChar, false}}}, // §3.1 ":" in the password
		{"ftp://a:b@c@host.com/", []want{{9, CodeReservedChar, false}}}, // §3.1 "@" in the password
		{"ftp://a~b:p w@host.com/", []want{{7, CodeNationalChar, false}, {11, CodeUnsafeChar, false}}},
		{"ftp://u@/", []want{{8, CodeEmptyHost, false}}}, // §5 hostport
		{"ftp:///", []want{{6, CodeEmptyHost, false}}},
		{"ftp://u@h_x:/", []want{{9, CodeBadHostChar, false}, {11, CodeEmptyPort, false}}},
		{"http://[::1]:8/", []want{{7, CodeIPLiteral, false}}},
		{"mailto:a@b", nil}, // no authority
	} {
		u := MustParse(tt.url)
		got := CheckLogin(nil, u)
		match(t, "CheckLogin", tt.url, got, tt.wants)
	}
	got := CheckLogin(nil, MustParse("ftp://a@b@h/"))
	if len(got) != 1 || got[0].Rule != "RFC 1738 §3.1 user name" || !strings.Contains(got[0].Message, "%40") {
		t.Errorf("CheckLogin(@ in user) = %v", got)
	}
}

func TestCheckRFC1738(t *testing.T) {
	for _, tt := range []struct {
		url   string
		wants []want
	}{
		{"ftp://host.com/pub/file.txt", nil},                         // RFC 1738 §3.2
		{"http://host.com/a;b?c=d&e=f:@", nil},                       // reserved characters: the scheme decides (§2.2)
		{"news:comp.infosystems.www", nil},                           // §3.6
		{"mailto:a@b.com", nil},                                      // §3.5
		{"x-foo.bar+baz:anything", nil},                              // §5 scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]
		{"HTTP://host.com/", []want{{0, CodeSchemeUpperCase, true}}}, // §2.1 case-ignore; §5 lower case
		{"hTtp://host.com/", []want{{1, CodeSchemeUpperCase, true}}}, // one finding per scheme
		{"1x:foo", []want{{0, CodeSchemeDigitFirst, true}}},          // §5 scheme may start with a digit; RFC 3986 §3.1 no
		{"+x:a b", []want{{0, CodeSchemeDigitFirst, true}, {4, CodeUnsafeChar, false}}},
		{"/relative/path", []want{{0, CodeNoScheme, false}}}, // §2.1 genericurl needs a scheme
		{"", []want{{0, CodeNoScheme, false}}},               // empty
		{"rel a", []want{{0, CodeNoScheme, false}, {3, CodeUnsafeChar, false}}},
		{"http://host.com/a b", []want{{17, CodeUnsafeChar, false}}},                              // §2.2 space
		{"http://host.com/<a>", []want{{16, CodeUnsafeChar, false}, {18, CodeUnsafeChar, false}}}, // §2.2 < >
		{"http://host.com/\"", []want{{16, CodeUnsafeChar, false}}},                               // §2.2 <">
		{"http://host.com/~user/", []want{{16, CodeNationalChar, false}}},                         // §2.2 "~"
		{"http://host.com/{|}\\^`", []want{{16, CodeNationalChar, false}, {17, CodeNationalChar, false}, {18, CodeNationalChar, false}, {19, CodeNationalChar, false}, {20, CodeNationalChar, false}, {21, CodeNationalChar, false}}},
		{"http://host.com/a[1]", []want{{17, CodeNationalChar, false}, {19, CodeNationalChar, false}}}, // "[" "]" are national
		{"http://host.com/caf\u00e9", []want{{19, CodeNonASCII, false}}},                               // §2.2 80–FF
		{"http://h\u00e9.com/", []want{{8, CodeNonASCII, false}}},                                      // in the host too
		{"http://host.com/a%20b%7E", nil},                              // escapes are fine
		{"http://host.com/#frag", nil},                                 // §2.4.1 fragment
		{"http://host.com/#a b", []want{{18, CodeUnsafeChar, false}}},  // unsafe in the fragment
		{"http://host.com/#a#b", []want{{18, CodeUnsafeChar, false}}},  // a second "#"
		{"http://host.com/#~x", []want{{17, CodeNationalChar, false}}}, // national in the fragment
		{"http://[::1]/", []want{{7, CodeIPLiteral, false}}},           // RFC 3986 §3.2.2, not RFC 1738
		{"http://[::1]:80/~", []want{{7, CodeIPLiteral, false}, {16, CodeNationalChar, false}}},
		{"//host.com/a b", []want{{0, CodeNoScheme, false}, {12, CodeUnsafeChar, false}}},
		{"//[v1.x]/", []want{{0, CodeNoScheme, false}, {2, CodeIPLiteral, false}}},
	} {
		u, err := Parse(tt.url)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.url, err)
		}
		got := CheckRFC1738(u)
		match(t, "CheckRFC1738", tt.url, got, tt.wants)
	}
}

func TestCheckRFC3986(t *testing.T) {
	for _, tt := range []struct {
		url   string
		wants []want
	}{
		{"http://www.ietf.org/rfc/rfc2396.txt", nil},                 // RFC 3986 §1.1.2 examples
		{"ftp://ftp.is.co.za/rfc/rfc1808.txt", nil},                  // §1.1.2
		{"ldap://[2001:db8::7]/c=GB?objectClass?one", nil},           // §1.1.2
		{"mailto:John.Doe@example.com", nil},                         // §1.1.2
		{"news:comp.infosystems.www.servers.unix", nil},              // §1.1.2
		{"tel:+1-816-555-1212", nil},                                 // §1.1.2
		{"telnet://192.0.2.16:80/", nil},                             // §1.1.2
		{"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", nil}, // §1.1.2
		{"foo://example.com:8042/over/there?name=ferret#nose", nil},  // §3
		{"", nil},        // §4.2 relative-ref, path-empty
		{"g;x?y#s", nil}, // §5.4.1
		{"../../g", nil}, // §5.4.1
		{"//g", nil},     // §5.4.1 network-path reference
		{"./g:h", nil},   // §4.2: "./" protects a colon
		{"/a:b", nil},    // §3.3 path-absolute may hold ":"
		{"a/b:c", nil},   // ":" after the first segment
		{"g:h", nil},     // a URI with scheme g
		{"1g:h", []want{{2, CodeColonInFirstSegment, false}}},    // §4.2 path-noscheme
		{"a@b:c/d", []want{{3, CodeColonInFirstSegment, false}}}, // §4.2
		{"HTTP://a/", []want{{0, CodeSchemeUpperCase, true}}},    // §3.1 lower case canonical
		{"http://u:p:x;=!$&'()*+,~%41@h/", nil},                  // §3.2.1 userinfo
		{"http://u@v@h/", []want{{8, CodeReservedChar, false}}},  // §3.2.1: "@" must be encoded
		{"http://u[@h/", []want{{8, CodeReservedChar, false}}},   // gen-delim "["
		{"http://u^@h/", []want{{8, CodeDisallowedChar, false}}}, // not a URI character
		{"http://h:/", []want{{8, CodeEmptyPort, true}}},         // §3.2.3 should omit
		{"http://h:99999/", nil},                                 // §3.2.3 port = *DIGIT, no range
		{"http://a_b~c!$&'()*+,;=%20/", nil},                     // §3.2.2 reg-name
		{"http:///p", nil},                                       // §3.2.2 empty reg-name
		{"http://h\u00e9/", []want{{8, CodeNonASCII, false}}},    // §3.2.2 reg-name is ASCII (RFC 3987 for IRIs)
		{"http://h<>/", []want{{8, CodeDisallowedChar, false}, {9, CodeDisallowedChar, false}}},
		{"http://192.168.0.1/", nil},                                  // §3.2.2 IPv4address
		{"http://0.0.0.0:0/", nil},                                    // dec-octet 0
		{"http://255.255.255.255/", nil},                              // dec-octet 255
		{"http://256.1.1.1/", []want{{7, CodeIPv4LikeRegName, true}}}, // dec-octet ≤ 255
		{"http://01.1.1.1/", []want{{7, CodeIPv4LikeRegName, true}}},  // no leading zeros
		{"http://1.1.1/", nil},                                        // three groups: a reg-name
		// §3.2.2 IPv6address, the nine forms.
		{"http://[1:2:3:4:5:6:7:8]/", nil},                                                      // 6( h16 ":" ) ls32
		{"http://[1:2:3:4:5:6:1.2.3.4]/", nil},                                                  // 6( h16 ":" ) IPv4address
		{"http://[::2:3:4:5:6:7:8]/", nil},                                                      // "::" 5( h16 ":" ) ls32
		{"http://[1::3:4:5:6:7:8]/", nil},                                                       // [ h16 ] "::" 4( h16 ":" ) ls32
		{"http://[1:2::4:5:6:7:8]/", nil},                                                       // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
		{"http://[1:2:3::5:6:7:8]/", nil},                                                       // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
		{"http://[1:2:3:4::6:7:8]/", nil},                                                       // [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
		{"http://[1:2:3:4:5::7:8]/", nil},                                                       // [ *4( h16 ":" ) h16 ] "::" ls32
		{"http://[1:2:3:4:5::1.2.3.4]/", nil},                                                   // ... ls32 = IPv4address
		{"http://[1:2:3:4:5:6::8]/", nil},                                                       // [ *5( h16 ":" ) h16 ] "::" h16
		{"http://[1:2:3:4:5:6:7::]/", nil},                                                      // [ *6( h16 ":" ) h16 ] "::"
		{"http://[::]/", nil},                                                                   // "::" alone
		{"http://[::1]:8080/", nil},                                                             // loopback
		{"http://[::ffff:192.0.2.1]/", nil},                                                     // IPv4-mapped
		{"http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/", nil},                           // RFC 2732 example
		{"http://[1:2:3:4:5:6:7]/", []want{{21, CodeBadIPv6, false}}},                           // 7 groups, no "::"
		{"http://[1:2:3:4:5:6:7:8:9]/", []want{{8, CodeBadIPv6, false}}},                        // 9 groups
		{"http://[1:2:3:4:5:6:7::8]/", []want{{21, CodeBadIPv6, false}}},                        // "::" with 8 groups
		{"http://[1::2::3]/", []want{{12, CodeBadIPv6, false}}},                                 // two "::"
		{"http://[12345::]/", []want{{12, CodeBadIPv6, false}}},                                 // h16 = 1*4HEXDIG
		{"http://[:1::]/", []want{{8, CodeBadIPv6, false}}},                                     // single leading ":"
		{"http://[1::2:]/", []want{{12, CodeBadIPv6, false}}},                                   // single trailing ":"
		{"http://[::1.2.3]/", []want{{10, CodeBadIPv6, false}}},                                 // IPv4 needs 4 octets
		{"http://[::1.2.3.04]/", []want{{10, CodeBadIPv6, false}}},                              // dec-octet, no leading zero
		{"http://[::1.2.3.4:5]/", []want{{10, CodeBadIPv6, false}}},                             // IPv4 only at the end
		{"http://[g::]/", []want{{8, CodeBadIPv6, false}}},                                      // not hex
		{"http://[]/", []want{{8, CodeBadIPv6, false}}},                                         // empty literal
		{"http://[fe80::1%25eth0]/", []want{{15, CodeZoneID, false}}},                           // RFC 6874, not RFC 3986
		{"http://[v1.fe80::a+en1]/", nil},                                                       // §3.2.2 IPvFuture
		{"http://[VF.x]/", nil},                                                                 // "v" is case-insensitive
		{"http://[v.x]/", []want{{9, CodeBadIPvFuture, false}}},                                 // 1*HEXDIG
		{"http://[v1x]/", []want{{10, CodeBadIPvFuture, false}}},                                // "." required
		{"http://[v1.]/", []want{{10, CodeBadIPvFuture, false}}},                                // 1*( ... ) after "."
		{"http://h/a b", []want{{10, CodeDisallowedChar, false}}},                               // §3.3 pchar
		{"http://h/a[b]", []want{{10, CodeReservedChar, false}, {12, CodeReservedChar, false}}}, // gen-delims in path
		{"http://h/~a/!$&'()*+,;=:@%7e", nil},                                                   // §3.3 pchar
		{"http://h/?a/?:@", nil},                                                                // §3.4 query
		{"http://h/?a b", []want{{11, CodeDisallowedChar, false}}},                              // §3.4
		{"http://h/?a[b]", []want{{11, CodeReservedChar, false}, {13, CodeReservedChar, false}}},
		{"http://h/#a/?:@", nil},                                   // §3.5 fragment
		{"http://h/#a#b", []want{{11, CodeReservedChar, false}}},   // §3.5 "#" not in fragment
		{"http://h/#a|b", []want{{11, CodeDisallowedChar, false}}}, // §3.5
		{"http://h/\u00e9", []want{{9, CodeNonASCII, false}}},      // §2 ASCII only
	} {
		u, err := Parse(tt.url)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.url, err)
		}
		got := CheckRFC3986(u)
		match(t, "CheckRFC3986", tt.url, got, tt.wants)
	}
}

// TestEveryCodeProduced asserts that each Code constant declared in the checkers' files is
// produced by at least one input, so no code is dead and the tables above miss none.
func TestEveryCodeProduced(t *testing.T) {
	produce := map[Code]func() []Finding{
		CodeUnsafeChar:          func() []Finding { return CheckRFC1738(MustParse("http://h/a b")) },
		CodeNationalChar:        func() []Finding { return CheckRFC1738(MustParse("http://h/~a")) },
		CodeNonASCII:            func() []Finding { return CheckRFC1738(MustParse("http://h/\u00e9")) },
		CodeReservedChar:        func() []Finding { return CheckLogin(nil, MustParse("ftp://a@b@h/")) },
		CodeDisallowedChar:      func() []Finding { return CheckRFC3986(MustParse("http://h/a^b")) },
		CodeControl:             func() []Finding { return CheckChars(nil, "a\x01", 0, pct.Alpha, "r") },
		CodeSchemeUpperCase:     func() []Finding { return CheckRFC1738(MustParse("Http://h/")) },
		CodeSchemeDigitFirst:    func() []Finding { return CheckRFC1738(MustParse("9p:x")) },
		CodeNoScheme:            func() []Finding { return CheckRFC1738(MustParse("a/b")) },
		CodeEmptyHost:           func() []Finding { return CheckLogin(nil, MustParse("http:///")) },
		CodeIPLiteral:           func() []Finding { return CheckLogin(nil, MustParse("http://[::1]/")) },
		CodeTrailingDot:         func() []Finding { return CheckHostPort(nil, "a.com.", 0) },
		CodeEmptyLabel:          func() []Finding { return CheckHostPort(nil, "a..com", 0) },
		CodeLabelHyphen:         func() []Finding { return CheckHostPort(nil, "a-.com", 0) },
		CodeTopLabelDigit:       func() []Finding { return CheckHostPort(nil, "a.1com", 0) },
		CodeBadHostChar:         func() []Finding { return CheckHostPort(nil, "a_b.com", 0) },
		CodeLabelTooLong:        func() []Finding { return CheckHostPort(nil, strings.Repeat("a", 64), 0) },
		CodeHostTooLong:         func() []Finding { return CheckHostPort(nil, strings.Repeat("a.", 200)+"a", 0) },
		CodeBadHostNumber:       func() []Finding { return CheckHostPort(nil, "1.2.3", 0) },
		CodeHostNumberRange:     func() []Finding { return CheckHostPort(nil, "1.2.3.400", 0) },
		CodeEmptyPort:           func() []Finding { return CheckHostPort(nil, "h:", 0) },
		CodePortRange:           func() []Finding { return CheckHostPort(nil, "h:70000", 0) },
		CodeBadPort:             func() []Finding { return CheckHostPort(nil, "h:7x", 0) },
		CodeBadIPv6:             func() []Finding { return CheckRFC3986(MustParse("http://[1::2::3]/")) },
		CodeBadIPvFuture:        func() []Finding { return CheckRFC3986(MustParse("http://[v1]/")) },
		CodeZoneID:              func() []Finding { return CheckRFC3986(MustParse("http://[fe80::1%25x]/")) },
		CodeIPv4LikeRegName:     func() []Finding { return CheckRFC3986(MustParse("http://1.2.3.04/")) },
		CodeColonInFirstSegment: func() []Finding { return CheckRFC3986(MustParse("a@b:c")) },
		// Parse never makes a path "//" without an authority, nor a bad escape; build such
		// values by hand to reach the checks that guard other constructors (with a character
		// summary that sends the checker to the path's bytes).
		CodeDoubleSlashPath: func() []Finding { return CheckRFC3986(URL{s: "//a", queryStart: 3, fragStart: 3}) },
		CodeBadEscape: func() []Finding {
			return CheckRFC3986(URL{s: "a%", queryStart: 2, fragStart: 2, chars: CharsPathNot3986})
		},
	}
	// The codes declared in the checkers' files, read from the source.
	fset := token.NewFileSet()
	for _, file := range []string{"check1738.go", "check3986.go"} {
		af, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Code" {
					continue
				}
				lit := vs.Values[0].(*ast.BasicLit)
				c, _ := strconv.Unquote(lit.Value)
				if _, ok := produce[Code(c)]; !ok {
					t.Errorf("%s: code %s (%q) has no producing input in this test", file, vs.Names[0].Name, c)
				}
			}
		}
	}
	for code, fn := range produce {
		found := false
		for _, f := range fn() {
			found = found || f.Code == code
		}
		if !found {
			t.Errorf("code %q not produced: %s", code, fmtFindings(fn()))
		}
	}
}

// TestCheckTestdataRFC checks the URLs printed in the RFCs (testdata/rfc): RFC 1738's
// examples break no rule of RFC 1738, and every reference, base and result of RFC 3986's
// examples is a valid URI-reference.
func TestCheckTestdataRFC(t *testing.T) {
	var r1738 struct {
		Cases []struct{ ID, Input string }
	}
	loadJSON(t, "rfc/rfc1738-examples.json", &r1738)
	if len(r1738.Cases) == 0 {
		t.Fatal("no RFC 1738 cases")
	}
	for _, c := range r1738.Cases {
		u := MustParse(c.Input)
		fs := append(CheckRFC1738(u), CheckLogin(nil, u)...)
		if hasErrors(fs) {
			t.Errorf("%s %q: RFC 1738 errors:%s", c.ID, c.Input, fmtFindings(fs))
		}
		if fs := CheckRFC3986(u); hasErrors(fs) {
			t.Errorf("%s %q: RFC 3986 errors:%s", c.ID, c.Input, fmtFindings(fs))
		}
	}
	var inputs []string
	for _, file := range []string{"rfc3986-5.4-resolution.json", "rfc2396-appC-resolution.json", "rfc3986-on-rfc1630-inputs.json"} {
		var res struct {
			Cases []struct{ Base, Ref, Expected string }
		}
		loadJSON(t, "rfc/"+file, &res)
		for _, c := range res.Cases {
			inputs = append(inputs, c.Base, c.Ref, c.Expected)
		}
	}
	var other struct {
		Parse       []struct{ Input string }
		Equivalence []struct{ URIs []string }
	}
	loadJSON(t, "rfc/rfc3986-other-examples.json", &other)
	for _, c := range other.Parse {
		inputs = append(inputs, c.Input)
	}
	for _, c := range other.Equivalence {
		inputs = append(inputs, c.URIs...)
	}
	if len(inputs) < 100 {
		t.Fatalf("only %d RFC 3986 inputs", len(inputs))
	}
	for _, s := range inputs {
		u, err := Parse(s)
		if err != nil {
			t.Errorf("Parse(%q): %v", s, err)
			continue
		}
		if fs := CheckRFC3986(u); hasErrors(fs) {
			t.Errorf("CheckRFC3986(%q):%s", s, fmtFindings(fs))
		}
	}
}

// TestCheckNoAllocs: a URL with nothing to report costs no allocation in any checker.
func TestCheckNoAllocs(t *testing.T) {
	u := MustParse("ftp://user@ftp.host.com:21/pub/a%20b;type=d?x#frag")
	for name, fn := range map[string]func(){
		"CheckRFC1738": func() { CheckRFC1738(u) },
		"CheckRFC3986": func() { CheckRFC3986(u) },
		"CheckLogin":   func() { CheckLogin(nil, u) },
	} {
		if n := testing.AllocsPerRun(100, fn); n != 0 {
			t.Errorf("%s allocates %v times on a clean URL", name, n)
		}
	}
}

func TestSortFindings(t *testing.T) {
	f := []Finding{
		{Offset: 5, Code: "a"}, {Offset: 1, Code: "b"}, {Offset: 5, Code: "c"},
		{Offset: 5, Code: "a", Rule: "second"}, {Offset: 1, Code: "b"},
	}
	got := SortFindings(f)
	want := []Finding{{Offset: 1, Code: "b"}, {Offset: 5, Code: "a"}, {Offset: 5, Code: "c"}}
	if len(got) != len(want) {
		t.Fatalf("SortFindings = %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("SortFindings[%d] = %v, want %v", i, got[i], want[i])
		}
	}
}
