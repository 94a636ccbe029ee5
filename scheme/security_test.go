package scheme

import (
	"slices"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/allocs"
)

func TestSecurity(t *testing.T) {
	for _, tt := range []struct {
		url   string
		wants []want
	}{
		{"http://host.com/", nil},                                                      // nothing to say
		{"http://host.com:80/", nil},                                                   // the default port
		{"ftp://host.com:21/", nil},                                                    // the default port
		{"HTTP://host.com:80/", nil},                                                   // scheme case-ignore (RFC 1738 §2.1)
		{"http://host.com:8080/", []want{{16, CodePortNotDefault, true}}},              // RFC 1738 §6
		{"gopher://host.com:25/", []want{{18, CodePortReserved, true}}},                // §6: gopher to SMTP
		{"http://host.com:0/", []want{{16, CodePortReserved, true}}},                   // 0 is reserved too
		{"http://host.com:1023/", []want{{16, CodePortReserved, true}}},                // the last reserved port
		{"http://host.com:1024/", []want{{16, CodePortNotDefault, true}}},              // the first non-reserved port
		{"x-foo://host.com:25/", []want{{17, CodePortReserved, true}}},                 // no default: reserved reported
		{"x-foo://host.com:8080/", nil},                                                // no default: nothing to compare
		{"file://host.com:25/", []want{{16, CodePortReserved, true}}},                  // file has no port at all
		{"http://host.com:/", nil},                                                     // empty port: the default
		{"ftp://user:secret@host.com/", []want{{11, CodePassword, true}}},              // §6 passwords are unwise
		{"ftp://user:@host.com/", nil},                                                 // an empty password is no secret
		{"ftp://user@host.com/", nil},                                                  // a user alone
		{"http://www.bank.com@evil.example/", []want{{7, CodeUserinfoLikeHost, true}}}, // RFC 3986 §7.6
		{"http://www.bank.com:443@evil.example/", []want{{7, CodeUserinfoLikeHost, true}, {20, CodePassword, true}}},
		{"http://10.0.0.1@evil.example/", []want{{7, CodeUserinfoLikeHost, true}}},         // a dotted quad
		{"http://www%2Ebank%2Ecom@evil.example/", []want{{7, CodeUserinfoLikeHost, true}}}, // decoded first
		{"http://john.doe@host.com/", nil},                                                 // the top label starts with "d"... see below
		{"http://anonymous@host.com/", nil},
		{"http://a.b@host.com/", nil},                                                                              // short: no panic, not a host
		{"http://www.x@host.com/", []want{{7, CodeUserinfoLikeHost, true}}},                                        // a "www." start                                                                        // no dot: a plain user
		{"telnet://host.com/%0D%0Arm", []want{{18, CodeEncodedLineBreak, true}, {21, CodeEncodedLineBreak, true}}}, // §6 CR LF
		{"ftp://u%0aDELE%20x@host.com/", []want{{7, CodeEncodedLineBreak, true}}},                                  // lower-case hex too
		{"http://host.com/a%00.txt", []want{{17, CodeEncodedNUL, true}}},                                           // RFC 3986 §7.3
		{"http://host.com/#%0A", []want{{17, CodeEncodedLineBreak, true}}},                                         // anywhere, the fragment too
		{"ftp://host.com/a%09b", []want{{16, CodeEncodedTab, true}}},                                               // TAB on an FTP line
		{"nntp://host.com/a%09b", []want{{17, CodeEncodedTab, true}}},
		{"news:a%09b", []want{{6, CodeEncodedTab, true}}},
		{"http://host.com/?a%09b", []want{{18, CodeEncodedTab, true}}},
		{"gopher://host.com/7sel%09search", nil},                                 // §3.4 gopher separator
		{"gopher://host.com/1sel%09search%09+", nil},                             // §3.4 both separators
		{"gopher://host.com/1a%09b%09c%09d", []want{{28, CodeEncodedTab, true}}}, // a third TAB
		{"mailto:a%09b@host.com", nil},                                           // not a protocol line
		{"http://host.com/a b", []want{{17, CodeUnencodedChar, true}}},           // RFC 1738 §2.2
		{"http://host.com/<script>", []want{{16, CodeUnencodedChar, true}, {23, CodeUnencodedChar, true}}},
		{"http://host.com/~u/#x#y", []want{{16, CodeUnencodedChar, true}, {21, CodeUnencodedChar, true}}},
		{"http://host.com/caf\u00e9", []want{{19, CodeUnencodedChar, true}}}, // one per character
		{"http://[::1]/", nil},                                               // brackets of an IP literal
		{"http://ex\u0430mple.com/", []want{{7, CodeNonASCIIHost, true}}},    // Cyrillic "а": RFC 3986 §7.6
		{"http://0177.0.0.1/", []want{{7, CodeAmbiguousHostNumber, true}}},   // octal: RFC 3986 §7.4
		{"http://0x7f.1/", []want{{7, CodeAmbiguousHostNumber, true}}},       // hexadecimal, two groups
		{"http://2130706433/", []want{{7, CodeAmbiguousHostNumber, true}}},   // one 32-bit group
		{"http://127.1/", []want{{7, CodeAmbiguousHostNumber, true}}},        // two groups
		{"http://127.0.0.1/", nil},                                           // a plain dotted quad
		{"http://127.0.0.1./", []want{{7, CodeAmbiguousHostNumber, true}}},   // a final dot
		{"http://1.2.3.4.5/", nil},                                           // five groups: a name
		{"http://3com.com/", nil},                                            // a name
	} {
		u, err := locator.Parse(tt.url)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.url, err)
		}
		got := Security(u)
		match(t, "Security", tt.url, got, tt.wants)
	}
}

func TestSecurityMessages(t *testing.T) {
	got := Security(locator.MustParse("gopher://mail.example:25/"))
	if len(got) != 1 || !strings.Contains(got[0].Message, "SMTP") || !strings.Contains(got[0].Message, "70") {
		t.Errorf("Security(gopher to SMTP) = %v; want a message naming SMTP and the default 70", got)
	}
	got = Security(locator.MustParse("http://www.bank.com@evil.example/"))
	if len(got) != 1 || !strings.Contains(got[0].Message, "evil.example") {
		t.Errorf("Security(spoof) = %v; want the real host named", got)
	}
}

// want is a finding expected at an offset, with its code and whether it is a warning.
type want struct {
	off  int
	code locator.Code
	warn bool
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
		var b strings.Builder
		for _, f := range got {
			b.WriteString("\n\t" + f.String())
		}
		t.Errorf("%s(%q):\n got:%s\nwant: %v", name, input, b.String(), wants)
	}
	for i, f := range got {
		if f.Offset < 0 || f.Offset > len(input) {
			t.Errorf("%s(%q): offset %d out of range: %v", name, input, f.Offset, f)
		}
		if i > 0 && got[i-1].Offset > f.Offset {
			t.Errorf("%s(%q): findings out of order: %v", name, input, got)
		}
		if f.Rule == "" || f.Message == "" || f.Code == "" {
			t.Errorf("%s(%q): finding without rule, message or code: %#v", name, input, f)
		}
	}
}

// Every code of Security has an input that produces it.
func TestSecurityCodes(t *testing.T) {
	for code, in := range map[locator.Code]string{
		CodePortNotDefault:      "http://h:8080/",
		CodePortReserved:        "http://h:25/",
		CodePassword:            "ftp://u:p@h/",
		CodeEncodedLineBreak:    "http://h/%0d",
		CodeEncodedNUL:          "http://h/%00",
		CodeEncodedTab:          "ftp://h/%09",
		CodeUnencodedChar:       "http://h/<",
		CodeNonASCIIHost:        "http://\u00e9.com/",
		CodeUserinfoLikeHost:    "http://www.a.com@h/",
		CodeAmbiguousHostNumber: "http://0x7f.1/",
	} {
		found := false
		for _, f := range Security(locator.MustParse(in)) {
			found = found || f.Code == code
		}
		if !found {
			t.Errorf("Security(%q) lacks %s", in, code)
		}
	}
}

// A URL with nothing to report costs Security no allocation.
func TestSecurityNoAllocs(t *testing.T) {
	// An upper-case host too: the look for an A-label ("xn--") does not lower-case it.
	for _, in := range []string{"ftp://user@ftp.host.com:21/pub/a%20b;type=d?x#frag", "HTTP://h/", "x-unknown://h:8080/",
		"http://WWW.EXAMPLE.COM/", "http://XN.XN-A.AXN--B.COM/"} {
		u := locator.MustParse(in)
		if n := allocs.Count(0, 100, func() { Security(u) }); n != 0 {
			t.Errorf("Security(%q) allocates %v times", in, n)
		}
	}
}

// Security's findings are warnings, in offset order, within the URL, and complete.
func FuzzSecurity(f *testing.F) {
	for _, s := range []string{"", "ftp://user:pass@host.com:21/pub/a;type=d", "http://[::1]:80/a?b#c",
		"gopher://h:25/1a%09b%09c%09d", "http://www.bank.com@0177.0.0.1/%0D%0A", "1x:a b~#c#d",
		"http://h\u00e9/caf\u00e9", "news:a%00b", "http://u:p:q@h/", "x-y://h:0/#a#b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := locator.Parse(s)
		if err != nil {
			return
		}
		fs := Security(u)
		for i, x := range fs {
			if x.Severity != locator.SeverityWarning || x.Offset < 0 || x.Offset > len(s) ||
				x.Code == "" || x.Rule == "" || x.Message == "" || i > 0 && fs[i-1].Offset > x.Offset {
				t.Fatalf("Security(%q): bad finding %d: %#v", s, i, x)
			}
		}
		// Complete, by its doc: each escape of CR, LF or NUL is reported at its offset (but
		// in gopher, whose gopher+ ASK block is exempt), and a password that is not empty.
		at := map[int]locator.Code{}
		for _, x := range fs {
			if x.Code == CodeEncodedLineBreak || x.Code == CodeEncodedNUL {
				at[x.Offset] = x.Code
			}
		}
		if !strings.EqualFold(u.Scheme(), "gopher") {
			for i := 0; i+2 < len(s); i++ {
				if s[i] != '%' || s[i+1] != '0' {
					continue
				}
				want := locator.Code("")
				switch s[i+2] {
				case 'd', 'D', 'a', 'A':
					want = CodeEncodedLineBreak
				case '0':
					want = CodeEncodedNUL
				}
				if want != "" && at[i] != want {
					t.Fatalf("Security(%q): no %s at %d: %v", s, want, i, fs)
				}
			}
		}
		if pw, ok := u.Password(); ok && pw != "" && !slices.ContainsFunc(fs, func(x locator.Finding) bool { return x.Code == CodePassword }) {
			t.Fatalf("Security(%q): password %q not reported: %v", s, pw, fs)
		}
	})
}

// TestSecurityALabelHost: a host written in A-labels ("xn--", RFC 5890 §2.3.2.1) that decode
// to non-ASCII characters may imitate another host as much as the same host in Unicode (RFC
// 3986 §7.6; RFC 3987 §8): "http://xn--pple-43d.com/" (Cyrillic а) was silent while
// "http://аpple.com/" had non-ascii-host. Labels that do not decode, decode to ASCII, or are
// longer than a DNS label (RFC 1034 §3.1) are not reported.
func TestSecurityALabelHost(t *testing.T) {
	long := "xn--" + strings.Repeat("a", 1<<20) + "-43d"
	for in, want := range map[string]string{
		"http://xn--pple-43d.com/":            `"аpple.com"`,
		"http://XN--80AK6AA92E.com/":          `"аррӏе.com"`,
		"ftp://u@www.xn--bcher-kva.example/f": `"www.bücher.example"`,
		"http://xn--pple-43d.com%2e/":         `"аpple.com."`,
		"http://xn--.com/":                    "",
		"http://xn--abc-.com/":                "",
		"http://xn--a.com/":                   "", // decodes to nothing valid
		"http://example.com/xn--pple-43d":     "",
		"http://" + long + ".com/":            "",
	} {
		u := locator.MustParse(in)
		var got []locator.Finding
		for _, f := range Security(u) {
			if f.Code == CodeNonASCIIHost {
				got = append(got, f)
			}
		}
		switch {
		case want == "" && len(got) != 0:
			t.Errorf("Security(%.60q): %v, want no non-ascii-host", in, got)
		case want != "" && (len(got) != 1 || !strings.Contains(got[0].Message, "shown decoded as "+want) || got[0].Offset != u.Offsets().Host.Start):
			t.Errorf("Security(%.60q): %v, want one non-ascii-host showing %s", in, got, want)
		}
	}
	// A Unicode host is reported once, not twice.
	if n := len(Security(locator.MustParse("http://аpple.xn--bcher-kva.com/"))); n != 1 {
		t.Errorf("a Unicode host with an A-label: %d findings, want 1", n)
	}
}
