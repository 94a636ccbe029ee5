package locator

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/locator-url/locator/pct"
)

func addSeeds(f *testing.F) {
	for _, tt := range componentTests {
		f.Add(tt.in)
	}
	for _, tt := range parseErrorTests {
		f.Add(tt.in)
	}
	for _, s := range []string{
		"eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "http://www.w3.org/albert/bertram%2Fmarie-claude",
		"mailto:Joe@Example.COM", "http://[FE80::1%25eth0]:80", "%61b:c", "x:/.//b", "http://h/a b#c#d",
		"///a", "a:///b", "http://u:p@h:1/p;q?r#s",
		"file://LocalHost/etc/motd", "gopher://h/%31", "ftp://h/a/;type=D", "ftp://h/a;type=L8",
	} {
		f.Add(s)
	}
	for _, file := range benchFiles(f) {
		urls := benchURLs(f, file)
		for i := 0; i < len(urls); i += len(urls) / 20 {
			f.Add(urls[i])
		}
	}
}

// FuzzParse: Parse never panics and agrees with the slow reference parser (slow_test.go); on
// success the invariant holds, String gives the input back,
// and parsing that again gives the same value; on failure the error is an *Error with a code
// and an offset inside the input. Where net/url also parses the input, the two agree (see
// netAgrees).
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		ref, rerr := parseReference(s)
		if (err == nil) != (rerr == nil) || ref != u {
			t.Fatalf("Parse(%q) = %+v, %v; the reference parser: %+v, %v", s, u, err, ref, rerr)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q): error %T %v", s, err, err)
			}
			if e.Code == "" || e.Rule == "" || e.Offset < 0 || e.Offset > len(s) || e.Input != s {
				t.Fatalf("Parse(%q): bad error %+v", s, e)
			}
			if u != (URL{}) {
				t.Fatalf("Parse(%q): URL with an error", s)
			}
			// The offset names the byte at fault.
			if e.Offset < len(s) {
				c := s[e.Offset]
				switch e.Code {
				case CodeBadEscape:
					if c != '%' {
						t.Fatalf("Parse(%q): bad-escape at %d, a %q", s, e.Offset, c)
					}
				case CodeControl:
					if !checkTab[c] || c == '%' {
						t.Fatalf("Parse(%q): control at %d, a %q", s, e.Offset, c)
					}
				case CodeBadPort:
					if c >= '0' && c <= '9' {
						t.Fatalf("Parse(%q): bad-port at a digit (%d)", s, e.Offset)
					}
				}
			}
			return
		}
		if err := u.check(); err != nil {
			t.Fatalf("Parse(%q): %v", s, err)
		}
		if u.String() != s {
			t.Fatalf("Parse(%q).String() = %q", s, u)
		}
		if v := MustParse(u.String()); v != u {
			t.Fatalf("Parse(%q) is not stable", s)
		}
		if msg := agreesWithAppendixB(u); msg != "" {
			t.Fatalf("Parse(%q) and the RFC 3986 Appendix B regex: %s", s, msg)
		}
		if msg := netAgrees(s, u); msg != "" {
			t.Fatalf("Parse(%q) and net/url.Parse: %s", s, msg)
		}
	})
}

// netAgrees compares Parse's u with net/url.Parse(s), where both should agree. The conditions:
//
//   - net/url.Parse succeeds (it rejects more than Parse: invalid host characters, userinfo,
//     a ":" in a relative reference's first segment, a port after the last ":" of a host);
//   - s is printable US-ASCII without space (net/url re-encodes the rest);
//   - s has no "%" (net/url decodes components; locator keeps them as written);
//   - s, without a scheme, does not start with "///" (net/url then reads no authority; RFC 3986
//     §4.2 reads an empty one).
//
// Then the scheme (net/url lower-cases it), user and password (present and value), host and
// port (net/url keeps them in Host), path (net/url's Opaque when the scheme is not followed
// by "/"), query (presence is RawQuery != "" or ForceQuery) and fragment value agree.
func netAgrees(s string, u URL) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f || c == '%' {
			return ""
		}
	}
	if !u.HasScheme() && strings.HasPrefix(s, "///") {
		return ""
	}
	nu, err := url.Parse(s)
	if err != nil {
		return ""
	}
	if nu.Scheme != lowerASCII(u.Scheme()) {
		return "scheme " + nu.Scheme
	}
	if (nu.User != nil) != (u.flags&hasUser != 0) {
		return "user presence"
	}
	if nu.User != nil {
		us, _ := u.User()
		pw, pwok := u.Password()
		npw, npwok := nu.User.Password()
		if nu.User.Username() != us || npw != pw || npwok != pwok {
			return "userinfo " + nu.User.String()
		}
	}
	hp := u.HostPort()
	if nu.Host != hp {
		return "host " + nu.Host + " vs " + hp
	}
	path := nu.Path
	if nu.Opaque != "" {
		path = nu.Opaque
	}
	if path != u.Path() {
		return "path " + path
	}
	q, qok := u.Query()
	if nu.RawQuery != q || (nu.ForceQuery || nu.RawQuery != "") != qok {
		return "query " + nu.RawQuery
	}
	if fr, _ := u.Fragment(); nu.Fragment != fr {
		return "fragment " + nu.Fragment
	}
	return ""
}

// FuzzEncodingLevel: EncodingLevel and Canonical keep the invariant, are idempotent, keep
// the decoded value of every component (EncodingLevel changes only how bytes are written),
// and Equivalent(u, EncodingLevel(u)) holds.
func FuzzEncodingLevel(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		el := EncodingLevel(u)
		if err := el.check(); err != nil {
			t.Fatalf("EncodingLevel(%q) = %q: %v", s, el, err)
		}
		if EncodingLevel(el) != el {
			t.Fatalf("EncodingLevel(%q) not idempotent: %q, %q", s, el, EncodingLevel(el))
		}
		if !Equivalent(u, el) || !Equivalent(el, u) {
			t.Fatalf("%q not equivalent to its encoding level %q", s, el)
		}
		if (el.flags) != (u.flags) {
			t.Fatalf("EncodingLevel(%q) = %q changed the components present", s, el)
		}
		for _, c := range [][2]opt{
			{optOf(u.User()), optOf(el.User())}, {optOf(u.Password()), optOf(el.Password())},
			{present(u.Path()), present(el.Path())}, {optOf(u.Query()), optOf(el.Query())},
			{optOf(u.Fragment()), optOf(el.Fragment())}, {present(u.Host()), present(el.Host())},
		} {
			a, err1 := pct.Decode(c[0].v)
			b, err2 := pct.Decode(c[1].v)
			if err1 != nil || err2 != nil || a != b {
				t.Fatalf("EncodingLevel(%q) = %q changed a decoded component: %q → %q", s, el, c[0].v, c[1].v)
			}
		}
		c := Canonical(u)
		if err := c.check(); err != nil {
			t.Fatalf("Canonical(%q) = %q: %v", s, c, err)
		}
		if Canonical(c) != c || Canonical(el) != c {
			t.Fatalf("Canonical(%q) = %q; of itself %q; of its encoding level %q", s, c, Canonical(c), Canonical(el))
		}
		if c.HasScheme() != u.HasScheme() || c.HasAuthority() != u.HasAuthority() {
			t.Fatalf("Canonical(%q) = %q changed the kind of reference", s, c)
		}
	})
}

// FuzzNetURL: when NetURL succeeds, FromNetURL gives the URL back (scheme lower-cased); when it
// fails, it says why with a code.
func FuzzNetURL(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		nu, err := u.NetURL()
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || (e.Code != CodeNetURLLossy && e.Code != CodeNetURLRejects) ||
				e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("NetURL(%q): %v", s, err)
			}
			return
		}
		back, err := FromNetURL(nu)
		if err != nil {
			t.Fatalf("NetURL(%q) = %q, but FromNetURL fails: %v", s, nu, err)
		}
		if err := back.check(); err != nil {
			t.Fatal(err)
		}
		if back.String() != lowerScheme(u) {
			t.Fatalf("%q → %q → %q", s, nu, back)
		}
	})
}
