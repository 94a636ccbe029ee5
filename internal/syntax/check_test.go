package syntax

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/allocs"
	"github.com/locator-url/locator/pct"
)

// The checkers with a Sink of their own, as the tests call them.
func chars(s string, off int, allowed pct.Set, rule string) []locator.Finding {
	var sk Sink
	CheckChars(&sk, s, off, allowed, rule)
	return sk.Findings()
}

func hostPort(hp string, off int) []locator.Finding {
	var sk Sink
	CheckHostPort(&sk, hp, off)
	return sk.Findings()
}

func login(u locator.URL) []locator.Finding {
	var sk Sink
	CheckLogin(&sk, u)
	return sk.Findings()
}

func rfc1738(u locator.URL) []locator.Finding {
	var sk Sink
	CheckRFC1738(&sk, u)
	return sk.Findings()
}

func rfc3986(u locator.URL) []locator.Finding {
	var sk Sink
	CheckRFC3986(&sk, u)
	return sk.Findings()
}

// loadJSON reads testdata/name of the module into v.
func loadJSON(t testing.TB, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// want is an expected finding: its offset and code (and severity, error unless W).
type want struct {
	off  int
	code locator.Code
	warn bool
}

func fmtFindings(fs []locator.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("\n\t" + f.String())
	}
	return b.String()
}

// match compares findings with wants (offset, code, severity) and checks the common
// invariants: offset order, offsets in range, rule and message present.
func match(t *testing.T, name, input string, got []locator.Finding, wants []want) {
	t.Helper()
	ok := len(got) == len(wants)
	for i := 0; ok && i < len(got); i++ {
		w := wants[i]
		sev := locator.SeverityError
		if w.warn {
			sev = locator.SeverityWarning
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
		{"abc;:@&=%20$-_.+!*'(),", nil},                     // RFC 1738 §5 hsegment, escape
		{"a b", []want{{1, locator.CodeUnsafeChar, false}}}, // RFC 1738 §2.2 space is unsafe
		{"<>\"", []want{{0, locator.CodeUnsafeChar, false}, {1, locator.CodeUnsafeChar, false}, {2, locator.CodeUnsafeChar, false}}},
		{"a#b", []want{{1, locator.CodeUnsafeChar, false}}},     // §2.2 "#"
		{"100%", []want{{3, locator.CodeUnsafeChar, false}}},    // §2.2 "%" not an escape
		{"%4", []want{{0, locator.CodeUnsafeChar, false}}},      // truncated escape
		{"~user", []want{{0, locator.CodeNationalChar, false}}}, // §2.2 national "~"
		{"{}|\\^[]`", []want{{0, locator.CodeNationalChar, false}, {1, locator.CodeNationalChar, false}, {2, locator.CodeNationalChar, false}, {3, locator.CodeNationalChar, false}, {4, locator.CodeNationalChar, false}, {5, locator.CodeNationalChar, false}, {6, locator.CodeNationalChar, false}, {7, locator.CodeNationalChar, false}}},
		{"a/b?c", []want{{1, locator.CodeReservedChar, false}, {3, locator.CodeReservedChar, false}}},                                // §2.2 reserved in hsegment
		{"caf\u00e9", []want{{3, locator.CodeNonASCII, false}}},                                                                      // §2.2 non-ASCII: one per character
		{"\u65e5\u672c", []want{{0, locator.CodeNonASCII, false}, {3, locator.CodeNonASCII, false}}},                                 // 3-byte UTF-8 characters
		{"a\xffb\xc3", []want{{1, locator.CodeNonASCII, false}, {3, locator.CodeNonASCII, false}}},                                   // invalid UTF-8: per byte
		{"a\x00\x1f\x7f", []want{{1, locator.CodeControl, false}, {2, locator.CodeControl, false}, {3, locator.CodeControl, false}}}, // §2.2 controls
	} {
		got := chars(tt.s, 0, hseg, "RFC 1738 §5 hsegment")
		match(t, "CheckChars", tt.s, got, tt.wants)
	}
	// A set that leaves out some unreserved characters reports them as not allowed.
	got := chars("ab_c", 10, pct.Alpha, "test")
	if len(got) != 1 || got[0].Offset != 12 || got[0].Code != locator.CodeDisallowedChar {
		t.Errorf("CheckChars(ab_c, alpha) = %v", got)
	}
	// The message names the character and its escape.
	got = chars("\u00e9", 0, pct.Alpha, "r")
	if len(got) != 1 || !strings.Contains(got[0].Message, "é") || !strings.Contains(got[0].Message, "%C3%A9") ||
		!strings.Contains(got[0].Message, "U+00E9") {
		t.Errorf("CheckChars(é) message = %v", got)
	}
	// The Sink is added to, not replaced.
	var sk Sink
	sk.Add(locator.Finding{Offset: 0, Code: "x"})
	CheckChars(&sk, "<", 0, pct.Alpha, "r")
	if got := sk.Findings(); len(got) != 2 || got[0].Code != "x" {
		t.Errorf("CheckChars did not add: %v", got)
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
		{"x.3com", []want{{2, locator.CodeTopLabelDigit, false}}}, // §5 toplabel = alpha ...; §3.1
		{"host.com:21", nil},    // §5 port = digits
		{"host.com:0", nil},     // the lowest port
		{"host.com:65535", nil}, // the highest port
		// RFC 793 §3.1 16-bit; RFC 1738 §5 port = digits: a warning.
		{"host.com:65536", []want{{9, locator.CodePortRange, true}}},
		{"host.com:99999999999999999999", []want{{9, locator.CodePortRange, true}}},
		{"host.com:", []want{{8, locator.CodeEmptyPort, false}}},      // §5 port = digits; §3.1 colon omitted
		{"host.com:8x", []want{{10, locator.CodeBadPort, false}}},     // §5 port = digits
		{"", []want{{0, locator.CodeEmptyHost, false}}},               // §5 hostport: host required
		{":80", []want{{0, locator.CodeEmptyHost, false}}},            // empty host with a port
		{"host.com.", []want{{8, locator.CodeTrailingDot, false}}},    // §5 hostname: no trailing "."
		{"host.com.:80", []want{{8, locator.CodeTrailingDot, false}}}, // ... with a port
		{"a..b", []want{{2, locator.CodeEmptyLabel, false}}},          // empty domainlabel
		{".a", []want{{0, locator.CodeEmptyLabel, false}}},            // empty first label
		{"a..", []want{{1, locator.CodeEmptyLabel, false}, {2, locator.CodeTrailingDot, false}}},
		{"-a.com", []want{{0, locator.CodeLabelHyphen, false}}},                       // §5 domainlabel starts alphadigit
		{"a-.com", []want{{1, locator.CodeLabelHyphen, false}}},                       // ... and ends alphadigit
		{"a.com-", []want{{5, locator.CodeLabelHyphen, false}}},                       // toplabel ends alphadigit
		{"-", []want{{0, locator.CodeLabelHyphen, false}}},                            // toplabel = alpha
		{"a_b.com", []want{{1, locator.CodeBadHostChar, false}}},                      // "_" is not in hostname
		{"a%41.com", []want{{1, locator.CodeBadHostChar, false}}},                     // no escapes in hostname
		{"a;b.com", []want{{1, locator.CodeBadHostChar, false}}},                      // reserved
		{"a~b.com", []want{{1, locator.CodeNationalChar, false}}},                     // national
		{"a b.com", []want{{1, locator.CodeUnsafeChar, false}}},                       // unsafe
		{"b\u00fccher.de", []want{{1, locator.CodeNonASCII, false}}},                  // IDN must be punycode
		{long + ".com", []want{{0, locator.CodeLabelTooLong, true}}},                  // RFC 1034 §3.1 63 octets
		{strings.Repeat("a.", 128) + "a", []want{{0, locator.CodeHostTooLong, true}}}, // RFC 1034 §3.1 255 octets
		{"10.0.0.1", nil},        // §5 hostnumber
		{"10.0.0.1:8080", nil},   // ... with a port
		{"010.000.000.001", nil}, // digits may have leading zeros
		{"256.1.1.1", []want{{0, locator.CodeHostNumberRange, true}}}, // §3.1 four decimal groups (octets)
		{"1.2.3.99999999999999", []want{{6, locator.CodeHostNumberRange, true}}},
		{"1.2.3", []want{{0, locator.CodeBadHostNumber, false}}},     // three groups
		{"1.2.3.4.5", []want{{0, locator.CodeBadHostNumber, false}}}, // five groups
		{"1..3.4", []want{{2, locator.CodeBadHostNumber, false}}},    // empty group
		{"1234", []want{{0, locator.CodeBadHostNumber, false}}},      // one group
		{"1.2.3.4.", []want{{7, locator.CodeTrailingDot, false}}},    // trailing dot on a host number
		{"[::1]", []want{{0, locator.CodeIPLiteral, false}}},         // RFC 3986 §3.2.2, not RFC 1738
		{"[::1]:80", []want{{0, locator.CodeIPLiteral, false}}},      // ... the port still checked
		{"[::1]:", []want{{0, locator.CodeIPLiteral, false}, {5, locator.CodeEmptyPort, false}}},
	} {
		got := hostPort(tt.hp, 0)
		match(t, "CheckHostPort", tt.hp, got, tt.wants)
	}
	// Offsets are relative to the URL: off is added.
	got := hostPort("a_b:", 7)
	if len(got) != 2 || got[0].Offset != 8 || got[1].Offset != 10 {
		t.Errorf("CheckHostPort offsets: %v", got)
	}
}

func TestCheckLogin(t *testing.T) {
	for _, tt := range []struct {
		url   string
		wants []want
	}{
		{"ftp://host.com/", nil},                                                // RFC 1738 §3.1, no user
		{"ftp://@host.com/", nil},                                               // §3.1 empty user
		{"ftp://foo:@host.com/", nil},                                           // §3.1 empty password
		{"ftp://foo:bar@host.com:21/", nil},                                     // §5 login
		{"ftp://a;b&d=e%40%3F:x;y@host.com/", nil},                              // §5 user = *[ uchar | ";" | "?" | "&" | "=" ]
		{"ftp://a@b@host.com/", []want{{7, locator.CodeReservedChar, false}}},   // §3.1 "@" must be encoded
		{"ftp://a:b:c@host.com/", []want{{9, locator.CodeReservedChar, false}}}, // §3.1 ":" in the password
		{"ftp://a:b@c@host.com/", []want{{9, locator.CodeReservedChar, false}}}, // §3.1 "@" in the password
		{"ftp://a~b:p w@host.com/", []want{{7, locator.CodeNationalChar, false}, {11, locator.CodeUnsafeChar, false}}},
		{"ftp://u@/", []want{{8, locator.CodeEmptyHost, false}}}, // §5 hostport
		{"ftp:///", []want{{6, locator.CodeEmptyHost, false}}},
		{"ftp://u@h_x:/", []want{{9, locator.CodeBadHostChar, false}, {11, locator.CodeEmptyPort, false}}},
		{"http://[::1]:8/", []want{{7, locator.CodeIPLiteral, false}}},
		{"mailto:a@b", nil}, // no authority
	} {
		u := locator.MustParse(tt.url)
		got := login(u)
		match(t, "CheckLogin", tt.url, got, tt.wants)
	}
	got := login(locator.MustParse("ftp://a@b@h/"))
	if len(got) != 1 || got[0].Rule != "RFC 1738 §3.1 user name" || !strings.Contains(got[0].Message, "%40") {
		t.Errorf("CheckLogin(@ in user) = %v", got)
	}
	// RFC 1738 §5: "?" in user and password, as locator.ParseAs splits them under RFC 1738.
	for _, tt := range []struct {
		url   string
		wants []want
	}{
		{"ftp://a?b@host/", nil},
		{"ftp://a:p?q@host/f", nil},
		{"ftp://?:?@host/", nil},
		{"URL:ftp://a?b@host/", nil},
		{"ftp://a?b@c?d@h/", []want{{9, locator.CodeReservedChar, false}}}, // §3.1 "@" in the user
		{"ftp://a?b:c:d@h/", []want{{11, locator.CodeReservedChar, false}}},
		{"ftp://a?b c@h/", []want{{9, locator.CodeUnsafeChar, false}}},
	} {
		u, err := locator.ParseAs(tt.url, locator.RFC1738)
		if err != nil {
			t.Fatal(err)
		}
		if !u.LoginRFC1738() {
			t.Errorf("ParseAs(%q) read no login with \"?\"", tt.url)
		}
		u = u.WithoutPrefix()
		off := len(tt.url) - u.Len()
		var wants []want
		for _, w := range tt.wants {
			w.off -= off
			wants = append(wants, w)
		}
		match(t, "CheckLogin", tt.url, login(u), wants)
	}
}

func TestCheckRFC1738(t *testing.T) {
	for _, tt := range []struct {
		url   string
		wants []want
	}{
		{"ftp://host.com/pub/file.txt", nil},                                 // RFC 1738 §3.2
		{"http://host.com/a;b?c=d&e=f:@", nil},                               // reserved characters: the scheme decides (§2.2)
		{"news:comp.infosystems.www", nil},                                   // §3.6
		{"mailto:a@b.com", nil},                                              // §3.5
		{"x-foo.bar+baz:anything", nil},                                      // §5 scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]
		{"HTTP://host.com/", []want{{0, locator.CodeSchemeUpperCase, true}}}, // §2.1 case-ignore; §5 lower case
		{"hTtp://host.com/", []want{{1, locator.CodeSchemeUpperCase, true}}}, // one finding per scheme
		{"1x:foo", []want{{0, locator.CodeSchemeDigitFirst, true}}},          // §5 scheme may start with a digit; RFC 3986 §3.1 no
		{"+x:a b", []want{{0, locator.CodeSchemeDigitFirst, true}, {4, locator.CodeUnsafeChar, false}}},
		{"/relative/path", []want{{0, locator.CodeNoScheme, false}}}, // §2.1 genericurl needs a scheme
		{"", []want{{0, locator.CodeNoScheme, false}}},               // empty
		{"rel a", []want{{0, locator.CodeNoScheme, false}, {3, locator.CodeUnsafeChar, false}}},
		{"http://host.com/a b", []want{{17, locator.CodeUnsafeChar, false}}},                                      // §2.2 space
		{"http://host.com/<a>", []want{{16, locator.CodeUnsafeChar, false}, {18, locator.CodeUnsafeChar, false}}}, // §2.2 < >
		{"http://host.com/\"", []want{{16, locator.CodeUnsafeChar, false}}},                                       // §2.2 <">
		{"http://host.com/~user/", []want{{16, locator.CodeNationalChar, false}}},                                 // §2.2 "~"
		{"http://host.com/{|}\\^`", []want{{16, locator.CodeNationalChar, false}, {17, locator.CodeNationalChar, false}, {18, locator.CodeNationalChar, false}, {19, locator.CodeNationalChar, false}, {20, locator.CodeNationalChar, false}, {21, locator.CodeNationalChar, false}}},
		{"http://host.com/a[1]", []want{{17, locator.CodeNationalChar, false}, {19, locator.CodeNationalChar, false}}}, // "[" "]" are national
		{"http://host.com/caf\u00e9", []want{{19, locator.CodeNonASCII, false}}},                                       // §2.2 80–FF
		{"http://h\u00e9.com/", []want{{8, locator.CodeNonASCII, false}}},                                              // in the host too
		{"http://host.com/a%20b%7E", nil},                                      // escapes are fine
		{"http://host.com/#frag", nil},                                         // RFC 1808 §2.2 fragment
		{"http://host.com/#a b", []want{{18, locator.CodeUnsafeChar, false}}},  // unsafe in the fragment
		{"http://host.com/#a#b", []want{{18, locator.CodeUnsafeChar, false}}},  // a second "#"
		{"http://host.com/#~x", []want{{17, locator.CodeNationalChar, false}}}, // national in the fragment
		{"http://[::1]/", []want{{7, locator.CodeIPLiteral, false}}},           // RFC 3986 §3.2.2, not RFC 1738
		{"http://[::1]:80/~", []want{{7, locator.CodeIPLiteral, false}, {16, locator.CodeNationalChar, false}}},
		{"//host.com/a b", []want{{0, locator.CodeNoScheme, false}, {12, locator.CodeUnsafeChar, false}}},
		{"//[v1.x]/", []want{{0, locator.CodeNoScheme, false}, {2, locator.CodeIPLiteral, false}}},
	} {
		u, err := locator.Parse(tt.url)
		if err != nil {
			t.Fatalf("locator.Parse(%q): %v", tt.url, err)
		}
		got := rfc1738(u)
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
		{"1g:h", []want{{2, locator.CodeColonInFirstSegment, false}}},    // §4.2 path-noscheme
		{"a@b:c/d", []want{{3, locator.CodeColonInFirstSegment, false}}}, // §4.2
		{"HTTP://a/", []want{{0, locator.CodeSchemeUpperCase, true}}},    // §3.1 lower case canonical
		{"http://u:p:x;=!$&'()*+,~%41@h/", nil},                          // §3.2.1 userinfo
		{"http://u@v@h/", []want{{8, locator.CodeReservedChar, false}}},  // §3.2.1: "@" must be encoded
		{"http://u[@h/", []want{{8, locator.CodeReservedChar, false}}},   // gen-delim "["
		{"http://u^@h/", []want{{8, locator.CodeDisallowedChar, false}}}, // not a URI character
		{"http://h:/", []want{{8, locator.CodeEmptyPort, true}}},         // §3.2.3 should omit
		{"http://h:99999/", nil},                                         // §3.2.3 port = *DIGIT, no range
		{"http://a_b~c!$&'()*+,;=%20/", nil},                             // §3.2.2 reg-name
		{"http:///p", nil},                                               // §3.2.2 empty reg-name
		{"http://h\u00e9/", []want{{8, locator.CodeNonASCII, false}}},    // §3.2.2 reg-name is ASCII (RFC 3987 for IRIs)
		{"http://h<>/", []want{{8, locator.CodeDisallowedChar, false}, {9, locator.CodeDisallowedChar, false}}},
		{"http://192.168.0.1/", nil},                                          // §3.2.2 IPv4address
		{"http://0.0.0.0:0/", nil},                                            // dec-octet 0
		{"http://255.255.255.255/", nil},                                      // dec-octet 255
		{"http://256.1.1.1/", []want{{7, locator.CodeIPv4LikeRegName, true}}}, // dec-octet ≤ 255
		{"http://01.1.1.1/", []want{{7, locator.CodeIPv4LikeRegName, true}}},  // no leading zeros
		{"http://1.1.1/", nil},                                                // three groups: a reg-name
		// §3.2.2 IPv6address, the nine forms.
		{"http://[1:2:3:4:5:6:7:8]/", nil},                                                                      // 6( h16 ":" ) ls32
		{"http://[1:2:3:4:5:6:1.2.3.4]/", nil},                                                                  // 6( h16 ":" ) IPv4address
		{"http://[::2:3:4:5:6:7:8]/", nil},                                                                      // "::" 5( h16 ":" ) ls32
		{"http://[1::3:4:5:6:7:8]/", nil},                                                                       // [ h16 ] "::" 4( h16 ":" ) ls32
		{"http://[1:2::4:5:6:7:8]/", nil},                                                                       // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
		{"http://[1:2:3::5:6:7:8]/", nil},                                                                       // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
		{"http://[1:2:3:4::6:7:8]/", nil},                                                                       // [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
		{"http://[1:2:3:4:5::7:8]/", nil},                                                                       // [ *4( h16 ":" ) h16 ] "::" ls32
		{"http://[1:2:3:4:5::1.2.3.4]/", nil},                                                                   // ... ls32 = IPv4address
		{"http://[1:2:3:4:5:6::8]/", nil},                                                                       // [ *5( h16 ":" ) h16 ] "::" h16
		{"http://[1:2:3:4:5:6:7::]/", nil},                                                                      // [ *6( h16 ":" ) h16 ] "::"
		{"http://[::]/", nil},                                                                                   // "::" alone
		{"http://[::1]:8080/", nil},                                                                             // loopback
		{"http://[::ffff:192.0.2.1]/", nil},                                                                     // IPv4-mapped
		{"http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/", nil},                                           // RFC 2732 example
		{"http://[1:2:3:4:5:6:7]/", []want{{21, locator.CodeBadIPv6, false}}},                                   // 7 groups, no "::"
		{"http://[1:2:3:4:5:6:7:8:9]/", []want{{8, locator.CodeBadIPv6, false}}},                                // 9 groups
		{"http://[1:2:3:4:5:6:7::8]/", []want{{21, locator.CodeBadIPv6, false}}},                                // "::" with 8 groups
		{"http://[1::2::3]/", []want{{12, locator.CodeBadIPv6, false}}},                                         // two "::"
		{"http://[12345::]/", []want{{12, locator.CodeBadIPv6, false}}},                                         // h16 = 1*4HEXDIG
		{"http://[:1::]/", []want{{8, locator.CodeBadIPv6, false}}},                                             // single leading ":"
		{"http://[1::2:]/", []want{{12, locator.CodeBadIPv6, false}}},                                           // single trailing ":"
		{"http://[::1.2.3]/", []want{{10, locator.CodeBadIPv6, false}}},                                         // IPv4 needs 4 octets
		{"http://[::1.2.3.04]/", []want{{10, locator.CodeBadIPv6, false}}},                                      // dec-octet, no leading zero
		{"http://[::1.2.3.4:5]/", []want{{10, locator.CodeBadIPv6, false}}},                                     // IPv4 only at the end
		{"http://[g::]/", []want{{8, locator.CodeBadIPv6, false}}},                                              // not hex
		{"http://[]/", []want{{8, locator.CodeBadIPv6, false}}},                                                 // empty literal
		{"http://[fe80::1%25eth0]/", []want{{15, locator.CodeZoneID, false}}},                                   // RFC 6874, not RFC 3986
		{"http://[v1.fe80::a+en1]/", nil},                                                                       // §3.2.2 IPvFuture
		{"http://[VF.x]/", nil},                                                                                 // "v" is case-insensitive
		{"http://[v.x]/", []want{{9, locator.CodeBadIPvFuture, false}}},                                         // 1*HEXDIG
		{"http://[v1x]/", []want{{10, locator.CodeBadIPvFuture, false}}},                                        // "." required
		{"http://[v1.]/", []want{{10, locator.CodeBadIPvFuture, false}}},                                        // 1*( ... ) after "."
		{"http://h/a b", []want{{10, locator.CodeDisallowedChar, false}}},                                       // §3.3 pchar
		{"http://h/a[b]", []want{{10, locator.CodeReservedChar, false}, {12, locator.CodeReservedChar, false}}}, // gen-delims in path
		{"http://h/~a/!$&'()*+,;=:@%7e", nil},                                                                   // §3.3 pchar
		{"http://h/?a/?:@", nil},                                                                                // §3.4 query
		{"http://h/?a b", []want{{11, locator.CodeDisallowedChar, false}}},                                      // §3.4
		{"http://h/?a[b]", []want{{11, locator.CodeReservedChar, false}, {13, locator.CodeReservedChar, false}}},
		{"http://h/#a/?:@", nil},                                           // §3.5 fragment
		{"http://h/#a#b", []want{{11, locator.CodeReservedChar, false}}},   // §3.5 "#" not in fragment
		{"http://h/#a|b", []want{{11, locator.CodeDisallowedChar, false}}}, // §3.5
		{"http://h/\u00e9", []want{{9, locator.CodeNonASCII, false}}},      // §2 ASCII only
	} {
		u, err := locator.Parse(tt.url)
		if err != nil {
			t.Fatalf("locator.Parse(%q): %v", tt.url, err)
		}
		got := rfc3986(u)
		match(t, "CheckRFC3986", tt.url, got, tt.wants)
	}
}

// TestEveryCodeProduced asserts that each locator.Code constant declared in the checkers' files is
// produced by at least one input, so no code is dead and the tables above miss none.
func TestEveryCodeProduced(t *testing.T) {
	produce := map[locator.Code]func() []locator.Finding{
		locator.CodeUnsafeChar:          func() []locator.Finding { return rfc1738(locator.MustParse("http://h/a b")) },
		locator.CodeNationalChar:        func() []locator.Finding { return rfc1738(locator.MustParse("http://h/~a")) },
		locator.CodeNonASCII:            func() []locator.Finding { return rfc1738(locator.MustParse("http://h/\u00e9")) },
		locator.CodeReservedChar:        func() []locator.Finding { return login(locator.MustParse("ftp://a@b@h/")) },
		locator.CodeDisallowedChar:      func() []locator.Finding { return rfc3986(locator.MustParse("http://h/a^b")) },
		locator.CodeControl:             func() []locator.Finding { return chars("a\x01", 0, pct.Alpha, "r") },
		locator.CodeSchemeUpperCase:     func() []locator.Finding { return rfc1738(locator.MustParse("Http://h/")) },
		locator.CodeSchemeDigitFirst:    func() []locator.Finding { return rfc1738(locator.MustParse("9p:x")) },
		locator.CodeNoScheme:            func() []locator.Finding { return rfc1738(locator.MustParse("a/b")) },
		locator.CodeEmptyHost:           func() []locator.Finding { return login(locator.MustParse("http:///")) },
		locator.CodeIPLiteral:           func() []locator.Finding { return login(locator.MustParse("http://[::1]/")) },
		locator.CodeTrailingDot:         func() []locator.Finding { return hostPort("a.com.", 0) },
		locator.CodeEmptyLabel:          func() []locator.Finding { return hostPort("a..com", 0) },
		locator.CodeLabelHyphen:         func() []locator.Finding { return hostPort("a-.com", 0) },
		locator.CodeTopLabelDigit:       func() []locator.Finding { return hostPort("a.1com", 0) },
		locator.CodeBadHostChar:         func() []locator.Finding { return hostPort("a_b.com", 0) },
		locator.CodeLabelTooLong:        func() []locator.Finding { return hostPort(strings.Repeat("a", 64), 0) },
		locator.CodeHostTooLong:         func() []locator.Finding { return hostPort(strings.Repeat("a.", 200)+"a", 0) },
		locator.CodeBadHostNumber:       func() []locator.Finding { return hostPort("1.2.3", 0) },
		locator.CodeHostNumberRange:     func() []locator.Finding { return hostPort("1.2.3.400", 0) },
		locator.CodeEmptyPort:           func() []locator.Finding { return hostPort("h:", 0) },
		locator.CodePortRange:           func() []locator.Finding { return hostPort("h:70000", 0) },
		locator.CodeBadPort:             func() []locator.Finding { return hostPort("h:7x", 0) },
		locator.CodeBadIPv6:             func() []locator.Finding { return rfc3986(locator.MustParse("http://[1::2::3]/")) },
		locator.CodeBadIPvFuture:        func() []locator.Finding { return rfc3986(locator.MustParse("http://[v1]/")) },
		locator.CodeZoneID:              func() []locator.Finding { return rfc3986(locator.MustParse("http://[fe80::1%25x]/")) },
		locator.CodeIPv4LikeRegName:     func() []locator.Finding { return rfc3986(locator.MustParse("http://1.2.3.04/")) },
		locator.CodeColonInFirstSegment: func() []locator.Finding { return rfc3986(locator.MustParse("a@b:c")) },
		// Parse never makes a path "//" without an authority, nor a bad escape; the checks
		// that guard other constructors are reached through the functions below CheckRFC3986.
		locator.CodeDoubleSlashPath: func() []locator.Finding {
			var sk Sink
			checkPath3986(&sk, "//a", 0, false, false, false)
			return sk.Findings()
		},
		locator.CodeBadEscape: func() []locator.Finding {
			var sk Sink
			check3986Class(&sk, "a%", 0, pathClass, "r")
			return sk.Findings()
		},
		locator.CodeTooManyFindings: func() []locator.Finding { return rfc3986(locator.MustParse("http://h/" + strings.Repeat(" ", 101))) },
	}
	// The codes declared in the root's errors.go, read from the source: each is produced here
	// unless it belongs to Parse, resolution, normalization or net/url conversion.
	notCheckers := map[string]bool{
		"CodeBadIPLiteral": true, "CodeTooLong": true, "CodeEmpty": true, "CodeUnknownNormalize": true, "CodeUnknownSpec": true, "CodeUnknownName": true,
		"CodeNetURLRejects": true, "CodeNetURLLossy": true, "CodeNilURL": true, "CodeNotImplemented": true,
		"CodeUnknownMode": true, "CodeBaseNotAbsolute": true, "CodeNoRelative": true, "CodeNotAbsolute": true,
		"CodeComposeFailed": true,
	}
	fset := token.NewFileSet()
	const file = "../../errors.go"
	af, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	declared := 0
	for _, d := range af.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Code" || notCheckers[vs.Names[0].Name] {
				continue
			}
			declared++
			lit := vs.Values[0].(*ast.BasicLit)
			c, _ := strconv.Unquote(lit.Value)
			if _, ok := produce[locator.Code(c)]; !ok {
				t.Errorf("%s: code %s (%q) has no producing input in this test", file, vs.Names[0].Name, c)
			}
		}
	}
	if declared != len(produce) {
		t.Errorf("%d checker codes declared in %s, %d produced here", declared, file, len(produce))
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
		u := locator.MustParse(c.Input)
		fs := append(rfc1738(u), login(u)...)
		if hasErrors(fs) {
			t.Errorf("%s %q: RFC 1738 errors:%s", c.ID, c.Input, fmtFindings(fs))
		}
		if fs := rfc3986(u); hasErrors(fs) {
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
		u, err := locator.Parse(s)
		if err != nil {
			t.Errorf("locator.Parse(%q): %v", s, err)
			continue
		}
		if fs := rfc3986(u); hasErrors(fs) {
			t.Errorf("rfc3986(%q):%s", s, fmtFindings(fs))
		}
	}
}

// TestCheckNoAllocs: a URL with nothing to report costs no allocation in any checker.
func TestCheckNoAllocs(t *testing.T) {
	u := locator.MustParse("ftp://user@ftp.host.com:21/pub/a%20b;type=d?x#frag")
	for name, fn := range map[string]func(){
		"CheckRFC1738": func() { var sk Sink; CheckRFC1738(&sk, u); sk.Findings() },
		"CheckRFC3986": func() { var sk Sink; CheckRFC3986(&sk, u); sk.Findings() },
		"CheckLogin":   func() { var sk Sink; CheckLogin(&sk, u); sk.Findings() },
		"LoginOK":      func() { LoginOK(u) },
	} {
		if n := allocs.Count(0, 100, fn); n != 0 {
			t.Errorf("%s allocates %v times on a clean URL", name, n)
		}
	}
}

// TestSinkRepeats: findings of one offset and code are kept once, the first of them, in
// offset order, findings of one offset in the order they came (what scheme.Check needs when
// two checkers see one character).
func TestSinkRepeats(t *testing.T) {
	var sk Sink
	for _, f := range []locator.Finding{
		{Offset: 5, Code: "a"}, {Offset: 1, Code: "b"}, {Offset: 5, Code: "c"},
		{Offset: 5, Code: "a", Rule: "second"}, {Offset: 1, Code: "b"},
	} {
		sk.Add(f)
	}
	got := sk.Findings()
	want := []locator.Finding{{Offset: 1, Code: "b"}, {Offset: 5, Code: "a"}, {Offset: 5, Code: "c"}}
	if len(got) != len(want) {
		t.Fatalf("Findings = %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Findings[%d] = %v, want %v", i, got[i], want[i])
		}
	}
	var empty Sink
	if f := empty.Findings(); f != nil {
		t.Errorf("empty Sink: Findings = %v, want nil", f)
	}
}
