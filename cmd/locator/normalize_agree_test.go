package main

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/locator-url/locator/whatwg"
)

// genAgreeURL returns a random URL for TestNormalizeEqualAgree: a "URL:" prefix, a login
// with "?", hosts that end in dots and numeric labels, typecodes, index files and slashes at
// the path's end, and mailto address lists.
func genAgreeURL(rnd *rand.Rand) string {
	pick := func(s []string) string { return s[rnd.Intn(len(s))] }
	var b strings.Builder
	if rnd.Intn(5) == 0 {
		b.WriteString(pick([]string{"URL:", "url:"}))
	}
	scheme := pick([]string{"http", "HTTPS", "ftp", "file", "gopher", "mailto", "x"})
	b.WriteString(scheme + ":")
	if strings.EqualFold(scheme, "mailto") {
		for n := 1 + rnd.Intn(3); n > 0; n-- {
			b.WriteString(pick([]string{"joe", "Bob", "%22A@B%22", "x/../Y"}))
			b.WriteString(pick([]string{"@", "@", "%40"}))
			b.WriteString(pick([]string{"Example.COM", "b", "B/", "a.9..", "C%2CD", "B/../C"}))
			b.WriteString(pick([]string{",", "%2C", "/,/../", ""}))
		}
		return b.String()
	}
	b.WriteString("//")
	if rnd.Intn(4) == 0 {
		b.WriteString(pick([]string{"?q@", "u?@", "U:p@"}))
	}
	b.WriteString(pick([]string{"h", "H", "a.9..", "a.b..", "a.0x..", "1.2.3.4..", "www.x.com.", "LocalHost", "0x7f.1", ""}))
	for n := rnd.Intn(5); n > 0; n-- {
		b.WriteString(pick([]string{"/", "/a", "/.", "/..", "/index.html", "/default.htm", ";type=I", ";type=D", "/;type=D", "//", "/1", "/%7e"}))
	}
	if rnd.Intn(4) == 0 {
		b.WriteString(pick([]string{"?", "?b=2&a=1", "?q@h/"}))
	}
	if rnd.Intn(4) == 0 {
		b.WriteString(pick([]string{"#", "#f"}))
	}
	return b.String()
}

// TestNormalizeEqualAgree: for every spec and level, what normalize prints normalizes to
// itself (and, under whatwg, is a URL the URL Standard parses to that very href), and under
// every spec but whatwg the safe normal form is one that equal calls equivalent to the URL,
// reading both the same way (a "URL:" prefix and a "?" before "@" only under rfc1738 and
// url-draft-1994).
func TestNormalizeEqualAgree(t *testing.T) {
	rnd := rand.New(rand.NewSource(5))
	n := 3000
	if testing.Short() {
		n = 800
	}
	levels := []locator.NormalizeFlags{locator.NormalizeSafe, locator.NormalizeUsually, locator.NormalizeAggressive}
	fails := 0
	for i := 0; i < n && fails < 20; i++ {
		s := genAgreeURL(rnd)
		for _, spec := range locator.Specs() {
			for _, f := range levels {
				nz := lineops.Normalizer{Flags: f, WHATWG: spec == locator.WHATWG, Spec: spec}
				r, err := nz.Normalize(s)
				if err != nil {
					continue
				}
				if r2, err := nz.Normalize(r); err != nil || r2 != r {
					t.Errorf("normalize --spec %s --level %s %q = %q, then %q, %v", spec, f, s, r, r2, err)
					fails++
				}
				if spec == locator.WHATWG {
					if w, err := whatwg.Parse(r, nil); err != nil || w.Href() != r {
						t.Errorf("normalize --spec whatwg --level %s %q = %q, which the URL Standard reads as %v, %v", f, s, r, w, err)
						fails++
					}
					continue
				}
				if f != locator.NormalizeSafe {
					continue
				}
				if eq, _, err := equalPair(s, r, spec); err != nil || !eq {
					t.Errorf("normalize --spec %s %q = %q, which equal calls not equivalent to it (%v)", spec, s, r, err)
					fails++
				}
			}
		}
	}
}

// TestNormalizeEqualReadAlike: normalize reads a URL as --spec writes URLs, as equal does:
// a "URL:" prefix and a "?" before "@" are RFC 1738's (and the 1994 URL draft's), not RFC
// 3986's; equal never names a step for a pair it calls not equivalent; and the mailto domains
// step agrees with the encoding level.
func TestNormalizeEqualReadAlike(t *testing.T) {
	check(t, "", []string{"normalize", "--spec", "rfc3986", "http://?q@h/", "URL:http://a/"}, "http:///?q@h/\nurl:http://a/\n", 0)
	check(t, "", []string{"normalize", "--spec", "url-draft-1993", "URL:http://a/"}, "url:http://a/\n", 0)
	check(t, "", []string{"normalize", "--spec", "url-draft-1994", "URL:http://a/", "http://?q@h/"}, "http://a/\nhttp://%3Fq@h/\n", 0)
	check(t, "", []string{"normalize", "http://?q@h/"}, "http://%3Fq@h/\n", 0)
	check(t, "", []string{"equal", "--spec", "rfc3986", "URL:http://a/", "url:http://a/"}, "equivalent\n", 0)
	check(t, "", []string{"equal", "--spec", "rfc3986", "URL:http://a/", "http://a/"}, "not equivalent\n", 1)
	check(t, "", []string{"equal", "--spec", "rfc3986", "http://?q@h/", "http:///?q@h/"}, "equivalent\n", 0)

	check(t, "", []string{"normalize", "mailto:joe@Example.COM%2CBob@Example.COM", "mailto:%22A@B%22@Example.com"},
		"mailto:joe@example.com,Bob@example.com\nmailto:%22A@B%22@example.com\n", 0)
	check(t, "", []string{"normalize", "--spec", "rfc3986", "mailto:a@b/,/../C", "mailto:a@b/C"}, "mailto:a@b/C\nmailto:a@b/C\n", 0)
	check(t, "", []string{"equal", "--json", "mailto:a@b%2CX", "mailto:a@b,X"},
		`{"a":"mailto:a@b%2CX","b":"mailto:a@b,X","equal":true,"step":"encoding-level","error":null}`+"\n", 0)
	out, _, code := runLocator(t, "", "equal", "--explain", "mailto:a@b%2CX", "mailto:a@b,X")
	if code != 0 || !strings.HasSuffix(out, "equal after encoding-level\nequivalent\n") {
		t.Errorf("equal --explain mailto: exit %d\n%s", code, out)
	}
	// Not equivalent: no step, in every output.
	for _, pair := range [][2]string{{"mailto:Bob@x.com", "mailto:bob@x.com"}, {"http://a/b", "http://a/c"}, {"ftp://h/a;type=I", "ftp://h/a;type=i"}} {
		out, _, code := runLocator(t, "", "equal", "--spec", "url-draft-1993", "--json", pair[0], pair[1])
		if code != 1 || !strings.Contains(out, `"equal":false,"step":null`) {
			t.Errorf("equal --json %q %q: exit %d, %s", pair[0], pair[1], code, out)
		}
		out, _, _ = runLocator(t, "", "equal", "--spec", "url-draft-1993", "--explain", pair[0], pair[1])
		if strings.Contains(out, "equal after") || !strings.HasSuffix(out, "not equivalent\n") {
			t.Errorf("equal --explain %q %q:\n%s", pair[0], pair[1], out)
		}
	}

	// normalize and equal agree per spec on the scheme-level steps.
	for _, tt := range []struct{ spec, in, want string }{
		{"url-draft-1993", "ftp://h/a;type=I", "ftp://h/a;type=I"},
		{"url-draft-1994", "ftp://h/a;type=I", "ftp://h/a;type=i"},
		{"url-draft-1994", "file://localhost/etc/motd", "file://localhost/etc/motd"},
		{"rfc1738", "file://localhost/etc/motd", "file:///etc/motd"},
		{"rfc1630", "gopher://h/1", "gopher://h/"},
	} {
		check(t, "", []string{"normalize", "--spec", tt.spec, tt.in}, tt.want+"\n", 0)
		check(t, "", []string{"equal", "--spec", tt.spec, tt.in, tt.want}, "equivalent\n", 0)
	}

	// Idempotent at --level aggressive, and under whatwg no host the URL Standard refuses.
	for in, want := range map[string]string{
		"ftp://h/a;type=I/": "ftp://h/a;type=i", "ftp://h/pub/;type=D/": "ftp://h/pub",
		"http://h/index.html/": "http://h/", "ftp://h/default.htm/default.htm": "ftp://h/",
	} {
		check(t, "", []string{"normalize", "--level", "aggressive", in, want}, want+"\n"+want+"\n", 0)
	}
	check(t, "", []string{"normalize", "--spec", "whatwg", "--level", "usually", "https://a.9../", "https://a.b../"}, "https://a.9../\nhttps://a.b/\n", 0)
}
