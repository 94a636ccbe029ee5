package scheme_test

import (
	"reflect"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// offsetsByCode returns the offset of the first finding of each code of fs.
func offsetsByCode(fs []locator.Finding) map[locator.Code]int {
	m := map[locator.Code]int{}
	for _, f := range fs {
		if _, ok := m[f.Code]; !ok {
			m[f.Code] = f.Offset
		}
	}
	return m
}

// TestInspectPrefix: under RFC 1738 and the 1994 URL draft, Inspect reads the "URL:" prefix
// (RFC 1738 Appendix; 1994 URL draft, URL syntax), views the URL behind it and reports the
// offsets of its findings in the input; under the other specs "URL" is the scheme.
func TestInspectPrefix(t *testing.T) {
	for _, in := range []string{"URL:ftp://host.com/", "url:ftp://host.com/", "Url:ftp://host.com/"} {
		for _, spec := range locator.Specs() {
			if spec == locator.WHATWG {
				continue // no strict checker in package scheme
			}
			r := scheme.Inspect(in, spec)
			p, ok := r.URL.Prefix()
			reads := spec == locator.RFC1738 || spec == locator.URLDraft1994
			if !r.Parsed || ok != reads || r.URL.String() != in {
				t.Errorf("Inspect(%q, %s): parsed %v, prefix %q %v", in, spec, r.Parsed, p, ok)
				continue
			}
			f, isFTP := r.View.(scheme.FTP)
			if reads {
				if p != in[:4] || !isFTP || f.Host != "host.com" || !r.Valid() {
					t.Errorf("Inspect(%q, %s): prefix %q, view %#v, findings %v", in, spec, p, r.View, r.Findings)
				}
			} else if r.URL.Scheme() != in[:3] || isFTP {
				t.Errorf("Inspect(%q, %s): scheme %q, view %#v", in, spec, r.URL.Scheme(), r.View)
			}
		}
	}
	// The offsets of the findings are those of the input, prefix included.
	r := scheme.Inspect("URL:http://h:23/a b", locator.RFC1738)
	got := offsetsByCode(r.Findings)
	if got[syntaxUnsafe] != 17 || got[scheme.CodePortReserved] != 13 {
		t.Errorf("findings %v", r.Findings)
	}
	if fs := scheme.Check(r.URL, locator.RFC1738); len(fs) == 0 || fs[0].Offset != 17 {
		t.Errorf("Check: %v", fs)
	}
	if fs := scheme.Security(r.URL); offsetsByCode(fs)[scheme.CodePortReserved] != 13 {
		t.Errorf("Security: %v", fs)
	}
	// A view's error points into the prefixed input.
	u, _ := locator.ParseAs("URL:ftp:x", locator.RFC1738)
	_, err := scheme.ParseFTP(u)
	le, ok := err.(*locator.Error)
	if !ok || le.Code != scheme.CodeNoAuthority || le.Offset != 8 || le.Input != "URL:ftp:x" {
		t.Errorf("ParseFTP(URL:ftp:x) = %v", err)
	}
	if _, err := scheme.ParseView(u); err == nil || err.(*locator.Error).Offset != 8 {
		t.Errorf("ParseView(URL:ftp:x) = %v", err)
	}
}

// TestPrefixAsScheme: under a specification without the prefix, "URL:" before a URL is the
// scheme "URL", with a warning; under RFC 1738 and the 1994 URL draft there is none.
func TestPrefixAsScheme(t *testing.T) {
	for _, tt := range []struct {
		in   string
		spec locator.Spec
		want bool
	}{
		{"URL:ftp://host.com/", locator.RFC3986, true},
		{"url:ftp://host.com/", locator.URLDraft1993, true},
		{"Url:http://a/b", locator.RFC1630, true},
		{"URL:ftp://host.com/", locator.RFC1738, false},
		{"URL:ftp://host.com/", locator.URLDraft1994, false},
		{"URL:x", locator.RFC3986, false},
		{"URL://h/", locator.RFC3986, false},
		{"urn:x:y", locator.RFC3986, false},
	} {
		at, ok := offsetsByCode(scheme.Inspect(tt.in, tt.spec).Findings)[scheme.CodePrefixAsScheme]
		if ok != tt.want || ok && at != 0 {
			t.Errorf("Inspect(%q, %s): %s at %d %v, want %v", tt.in, tt.spec, scheme.CodePrefixAsScheme, at, ok, tt.want)
		}
	}
}

// syntaxUnsafe is the code of an unsafe character (RFC 1738 §2.2) in the strict checker.
var syntaxUnsafe = func() locator.Code {
	fs := scheme.Check(locator.MustParse("http://h/a b"), locator.RFC1738)
	return fs[0].Code
}()

// TestPlanPrefix: the plan of a prefixed URL is the plan of the URL behind the prefix.
func TestPlanPrefix(t *testing.T) {
	for _, in := range []string{"ftp://host.com/pub/a;type=a", "http://a/b?c", "gopher://h/1sel", "news:comp.x"} {
		u, err := locator.ParseAs("URL:"+in, locator.RFC1738)
		if err != nil {
			t.Fatal(err)
		}
		got, err1 := scheme.PlanFor(u)
		want, err2 := scheme.PlanFor(locator.MustParse(in))
		if err1 != nil || err2 != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("PlanFor(URL:%s) = %+v, %v; want %+v, %v", in, got, err1, want, err2)
		}
	}
}

// TestInspectLogin1738: RFC 1738 §5 user and password may hold "?": "ftp://a?b@host/" is the
// user "a?b" at the host "host" under RFC 1738 and the 1994 URL draft, valid, with a warning
// that RFC 3986 reads the host "a"; under RFC 3986 the host is "a", with the warning that RFC
// 1738 reads another host.
func TestInspectLogin1738(t *testing.T) {
	for _, tt := range []struct {
		in         string
		spec       locator.Spec
		user, pass string
		host       string
		valid      bool
		warnAt     int
	}{
		{"ftp://a?b@host/", locator.RFC1738, "a?b", "", "host", true, 6},
		// The 1994 URL draft splits the same way, but its user = alphanum2 [ user ] holds no
		// "?" (BNF): invalid there.
		{"ftp://a?b@host/", locator.URLDraft1994, "a?b", "", "host", false, 6},
		{"URL:ftp://a?b@host/", locator.RFC1738, "a?b", "", "host", true, 10},
		{"ftp://a:p?q@host/f", locator.RFC1738, "a", "p?q", "host", true, 6},
		{"ftp://a?b@host/", locator.RFC3986, "", "", "a", true, 7},
		{"http://a?b@host/", locator.RFC3986, "", "", "a", true, 8},
	} {
		r := scheme.Inspect(tt.in, tt.spec)
		if !r.Parsed {
			t.Errorf("Inspect(%q, %s): %v", tt.in, tt.spec, r.Findings)
			continue
		}
		user, _ := r.URL.User()
		pass, _ := r.URL.Password()
		if user != tt.user || pass != tt.pass || r.URL.Host() != tt.host || r.Valid() != tt.valid {
			t.Errorf("Inspect(%q, %s): user %q password %q host %q valid %v; findings %v", tt.in, tt.spec, user, pass, r.URL.Host(), r.Valid(), r.Findings)
		}
		if at, ok := offsetsByCode(r.Findings)[scheme.CodeLoginTwoReadings]; !ok || at != tt.warnAt {
			t.Errorf("Inspect(%q, %s): no %s at %d: %v", tt.in, tt.spec, scheme.CodeLoginTwoReadings, tt.warnAt, r.Findings)
		}
		if f, ok := r.View.(scheme.FTP); ok && tt.user != "" {
			if f.User == nil || *f.User != tt.user || f.Host != tt.host {
				t.Errorf("Inspect(%q, %s): view %+v", tt.in, tt.spec, f)
			}
			// The view writes "?" as %3F, which every reader splits alike.
			back, err := f.URL()
			if err != nil || back.Host() != tt.host {
				t.Errorf("FTP.URL() = %q, %v", back, err)
			}
		}
	}
	// No "@" after the "?": one reading, no warning.
	for _, in := range []string{"http://h?q", "ftp://a?b/c@h", "ftp://a?b#c@h", "ftp://u@h/?x@y"} {
		for _, spec := range []locator.Spec{locator.RFC1738, locator.RFC3986} {
			if _, ok := offsetsByCode(scheme.Inspect(in, spec).Findings)[scheme.CodeLoginTwoReadings]; ok {
				t.Errorf("Inspect(%q, %s): %s", in, spec, scheme.CodeLoginTwoReadings)
			}
		}
	}
	// The plan logs in as the user of RFC 1738 §5.
	u, _ := locator.ParseAs("ftp://a?b:p?q@host/f", locator.RFC1738)
	p, err := scheme.PlanFor(u)
	if err != nil || p.Host != "host" || len(p.Steps) < 3 || p.Steps[1].Send != "USER a?b" || p.Steps[2].Send != "PASS p?q" {
		t.Errorf("PlanFor = %+v, %v", p, err)
	}
}
