package locator

import (
	"errors"
	"net/url"
	"strings"
	"testing"
)

func TestNetURL(t *testing.T) {
	for _, tt := range []struct {
		in   string
		code Code // "" when the conversion succeeds
		off  int
		why  string
	}{
		{"http://h/p?q#f", "", 0, "plain"},
		{"HTTP://h/", "", 0, "scheme case: net/url lower-cases it (RFC 1738 §2.1 case-ignore)"},
		{"ftp://@host.com/", "", 0, "RFC 1738 §3.1 empty user: url.User(\"\")"},
		{"ftp://foo:@host.com/", "", 0, "RFC 1738 §3.1 empty password: url.UserPassword"},
		{"http://h:/", "", 0, "empty port: Host \"h:\""},
		{"http://h/?", "", 0, "empty query: ForceQuery"},
		{"http://h/%7e%2F", "", 0, "escapes as written: RawPath"},
		{"http://h/#%7e", "", 0, "escapes as written: RawFragment"},
		{"mailto:a@b", "", 0, "Opaque"},
		{"file:///etc", "", 0, "empty host"},
		{"//h/p", "", 0, "network-path reference"},
		{"", "", 0, "the empty reference"},
		{"http://h/#", CodeNetURLLossy, 9, "empty fragment dropped (RFC 3986 §6.2.3: '#' is significant)"},
		{"http://", CodeNetURLLossy, 5, "empty authority dropped"},
		{"http://h/a b", CodeNetURLLossy, 10, "space re-encoded"},
		{"http://h/#a#b", CodeNetURLLossy, 11, "second '#' re-encoded"},
		{"a:b/c:d", "", 0, "colon after the first segment"},
		{"\ufeffhttps://x/", CodeNetURLRejects, 8, "first path segment with ':'"},
		{"http://a b/", CodeNetURLRejects, 7, "space in the host"},
		{"http://[::1]:80/", "", 0, "IP literal"},
	} {
		u := MustParse(tt.in)
		nu, err := u.NetURL()
		if tt.code == "" {
			if err != nil {
				t.Errorf("NetURL(%q) [%s]: %v", tt.in, tt.why, err)
				continue
			}
			back, err := FromNetURL(nu)
			if err != nil {
				t.Errorf("FromNetURL(NetURL(%q)): %v", tt.in, err)
				continue
			}
			if err := back.check(); err != nil {
				t.Error(err)
			}
			if back.String() != lowerScheme(u) {
				t.Errorf("round trip %q → %q", tt.in, back)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Code != tt.code || e.Offset != tt.off || e.Input != tt.in {
			t.Errorf("NetURL(%q) [%s] = %v, %v; want code %q at %d", tt.in, tt.why, nu, err, tt.code, tt.off)
		}
		if nu != nil {
			t.Errorf("NetURL(%q) returned a URL with its error", tt.in)
		}
	}
}

func lowerScheme(u URL) string {
	sc := u.Scheme()
	return lowerASCII(sc) + u.String()[len(sc):]
}

func TestFromNetURL(t *testing.T) {
	for _, tt := range []struct {
		nu   *url.URL
		want string
		code Code
		why  string
	}{
		{&url.URL{Scheme: "http", Host: "h", Path: "/a b"}, "http://h/a%20b", "", "net/url encodes the path"},
		{&url.URL{Scheme: "http", User: url.User(""), Host: "h"}, "http://@h", "", "empty user kept (RFC 1738 §3.1)"},
		{&url.URL{Scheme: "ftp", User: url.UserPassword("u", ""), Host: "h", Path: "/"}, "ftp://u:@h/", "", "empty password kept"},
		{&url.URL{Scheme: "http", Host: "h", Path: "/", ForceQuery: true}, "http://h/?", "", "ForceQuery"},
		{&url.URL{Scheme: "mailto", Opaque: "a@b"}, "mailto:a@b", "", "Opaque"},
		{&url.URL{Scheme: "HTTP", Host: "h"}, "HTTP://h", "", "scheme case kept as given"},
		{&url.URL{Scheme: "http", Host: "h", Path: "/a/b", RawPath: "/a%2Fb"}, "http://h/a%2Fb", "", "a valid RawPath is used"},
		{&url.URL{}, "", "", "the empty URL"},
		{&url.URL{Host: "h", Path: "a"}, "", CodeNetURLLossy, "a '/' is added before the path"},
		{&url.URL{Path: "a:b"}, "", CodeNetURLLossy, "'./' is added before a first segment with ':'"},
		{&url.URL{Scheme: "x", OmitHost: true, Path: "//a"}, "", CodeNetURLLossy, "the path becomes an authority"},
		{&url.URL{Scheme: "http", Opaque: "a\nb"}, "", CodeControl, "Opaque is written raw"},
		{nil, "", CodeNilURL, "nil"},
	} {
		u, err := FromNetURL(tt.nu)
		if tt.code == "" {
			if err != nil || u.String() != tt.want {
				t.Errorf("FromNetURL(%#v) [%s] = %q, %v; want %q", tt.nu, tt.why, u, err, tt.want)
			}
			if err := u.check(); err != nil {
				t.Error(err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Code != tt.code {
			t.Errorf("FromNetURL(%#v) [%s] = %q, %v; want code %q", tt.nu, tt.why, u, err, tt.code)
		}
		if u != (URL{}) {
			t.Errorf("FromNetURL returned %q with its error", u)
		}
	}
}

// TestNetURLBenchFiles converts every URL of the benchmark files to net/url and back.
func TestNetURLBenchFiles(t *testing.T) {
	for _, f := range benchFiles(t) {
		codes := map[Code]int{}
		ok := 0
		for _, in := range benchURLs(t, f) {
			u, err := Parse(in)
			if err != nil {
				continue
			}
			nu, err := u.NetURL()
			if err != nil {
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("%q: %v", in, err)
				}
				codes[e.Code]++
				continue
			}
			back, err := FromNetURL(nu)
			if err != nil {
				t.Errorf("%q: NetURL succeeded, FromNetURL failed: %v", in, err)
				continue
			}
			if back.String() != lowerScheme(u) {
				t.Errorf("%q: round trip gives %q", in, back)
			}
			ok++
		}
		t.Logf("%s: %d round trips, failures by code %v", f, ok, codes)
	}
}

// TestNetURLDifferential runs the differential of FuzzParse (netAgrees) on the component table
// and the benchmark files: where net/url.Parse also succeeds on plain ASCII without "%", the
// components agree.
func TestNetURLDifferential(t *testing.T) {
	inputs := []string{}
	for _, tt := range componentTests {
		inputs = append(inputs, tt.in)
	}
	for _, f := range benchFiles(t) {
		inputs = append(inputs, benchURLs(t, f)...)
	}
	compared := 0
	for _, in := range inputs {
		u, err := Parse(in)
		if err != nil {
			continue
		}
		if _, err := url.Parse(in); err == nil && strings.IndexFunc(in, func(r rune) bool { return r <= ' ' || r >= 0x7f || r == '%' }) < 0 {
			compared++
		}
		if msg := netAgrees(in, u); msg != "" {
			t.Errorf("%q: net/url disagrees: %s", in, msg)
		}
	}
	t.Logf("compared with net/url on %d of %d inputs", compared, len(inputs))
}
