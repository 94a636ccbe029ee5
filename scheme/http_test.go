package scheme_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

var httpRows = []struct {
	rule string
	in   string
	want scheme.HTTP
	port int
	get  string // the request line and the Host header line (RFC 2068 §14.23), without CR LF
}{
	{"RFC 1738 Appendix example; §3.3 default port 80", "http://ds.internic.net/instructions/overview.html#WARNING",
		scheme.HTTP{Login: scheme.Login{Host: "ds.internic.net"}, Path: "instructions/overview.html"},
		80, "GET /instructions/overview.html HTTP/1.0\r\nHost: ds.internic.net"},
	{"RFC 1738 §3.3: path and search omitted, \"/\" too", "http://h.example",
		scheme.HTTP{Login: scheme.Login{Host: "h.example"}}, 80, "GET / HTTP/1.0\r\nHost: h.example"},
	{"RFC 1738 §3.3: <searchpart>", "http://h.example:8080/cgi/q;x=1?a=b&c=%20",
		scheme.HTTP{Login: scheme.Login{Host: "h.example", Port: "8080"}, Path: "cgi/q;x=1", Search: strp("a=b&c=%20")},
		8080, "GET /cgi/q;x=1?a=b&c=%20 HTTP/1.0\r\nHost: h.example:8080"},
	{"RFC 1738 §3.3: an empty search differs from none", "http://h.example/?",
		scheme.HTTP{Login: scheme.Login{Host: "h.example"}, Search: strp("")}, 80, "GET /? HTTP/1.0\r\nHost: h.example"},
	{"RFC 1738 §3.3: reserved characters stay as written", "http://h.example/a%2Fb/c",
		scheme.HTTP{Login: scheme.Login{Host: "h.example"}, Path: "a%2Fb/c"}, 80, "GET /a%2Fb/c HTTP/1.0\r\nHost: h.example"},
	{"RFC 1945 §5.1: a space cannot be in the request line", "http://h.example/a b",
		scheme.HTTP{Login: scheme.Login{Host: "h.example"}, Path: "a b"}, 80, "GET /a%20b HTTP/1.0\r\nHost: h.example"},
	{"RFC 2818 §2.3: https, port 443", "https://h.example/x",
		scheme.HTTP{Login: scheme.Login{Host: "h.example"}, Path: "x", Secure: true}, 443, "GET /x HTTP/1.0\r\nHost: h.example"},
	{"RFC 1738 §3.3: no user name; the view keeps it, the plan does not send it", "http://u:p@h.example/",
		scheme.HTTP{Login: scheme.Login{User: strp("u"), Password: strp("p"), Host: "h.example"}}, 80, "GET / HTTP/1.0\r\nHost: h.example"},
}

func TestHTTPRows(t *testing.T) {
	for _, r := range httpRows {
		u := locator.MustParse(r.in)
		v, err := scheme.ParseHTTP(u)
		if err != nil {
			t.Errorf("%s: ParseHTTP(%q): %v", r.rule, r.in, err)
			continue
		}
		if !reflect.DeepEqual(v, r.want) {
			t.Errorf("%s: ParseHTTP(%q) = %+v, want %+v", r.rule, r.in, v, r.want)
		}
		p, err := scheme.PlanFor(u)
		if err != nil {
			t.Errorf("%s: PlanFor(%q): %v", r.rule, r.in, err)
			continue
		}
		if p.Port != r.port || p.Host != r.want.Host || p.Scheme != v.Scheme() {
			t.Errorf("%s: plan %s %s:%d", r.rule, p.Scheme, p.Host, p.Port)
		}
		// RFC 1945 §5: the request line, the Host header, then the empty line that ends the request.
		if w := string(p.Wire()); w != r.get+"\r\n\r\n" {
			t.Errorf("%s: wire %q, want %q", r.rule, w, r.get+"\r\n\r\n")
		}
		u2, err := v.URL()
		if err != nil {
			t.Errorf("%s: URL(): %v", r.rule, err)
			continue
		}
		if v2, err := scheme.ParseHTTP(u2); err != nil || !reflect.DeepEqual(v, v2) {
			t.Errorf("%s: %q → %q → %+v, %v", r.rule, r.in, u2, v2, err)
		}
	}
}

func TestHTTPPlanSteps(t *testing.T) {
	p, err := scheme.PlanFor(locator.MustParse("http://u@h.example:81/a?b#c"))
	if err != nil {
		t.Fatal(err)
	}
	want := scheme.Plan{Scheme: "http", Host: "h.example", Port: 81, Steps: []scheme.Step{
		{Note: "connect to h.example:81 (RFC 1738 §3.3: port 80 unless the URL gives one)"},
		{Note: "the URL's user name and password are not sent: RFC 1738 §3.3 allows none"},
		{Send: "GET /a?b HTTP/1.0", Note: "HTTP/1.0 request line (RFC 1945 §5.1)"},
		{Send: "Host: h.example:81", Note: "the host the request is for (RFC 2068 §14.23)"},
		{},
	}}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("plan =\n%+v\nwant\n%+v", p, want)
	}
}

func TestHTTPURLRoundTrip(t *testing.T) {
	for _, r := range []struct{ in, out string }{
		{"http://h.example/a/b?c", "http://h.example/a/b?c"},
		{"http://h.example", "http://h.example/"},     // RFC 1738 §3.3: the "/" may be omitted
		{"http://h.example?q", "http://h.example/?q"}, // the "/" RFC 1738 §5 httpurl requires
		{"HTTPS://h.example/x#f", "https://h.example/x"},
		{"http://@h.example/", "http://@h.example/"},
		{"http://a%3ab:@h.example/", "http://a%3Ab:@h.example/"},
	} {
		v, err := scheme.ParseHTTP(locator.MustParse(r.in))
		if err != nil {
			t.Errorf("ParseHTTP(%q): %v", r.in, err)
			continue
		}
		u2, err := v.URL()
		if err != nil || u2.String() != r.out {
			t.Errorf("%q → %q, %v; want %q", r.in, u2, err, r.out)
		}
	}
	// view → URL: only what would change the split is encoded.
	for _, r := range []struct {
		v    scheme.HTTP
		want string
	}{
		{scheme.HTTP{Login: scheme.Login{Host: "h"}, Path: "a?b#c", Search: strp("x#y")}, "http://h/a%3Fb%23c?x%23y"},
		{scheme.HTTP{Login: scheme.Login{Host: "h"}, Path: "100%", Search: strp("%zz")}, "http://h/100%25?%25zz"},
		{scheme.HTTP{Login: scheme.Login{Host: "h"}, Path: "a\r\nb"}, "http://h/a%0D%0Ab"},
	} {
		if u, err := r.v.URL(); err != nil || u.String() != r.want {
			t.Errorf("URL(%+v) = %q, %v; want %q", r.v, u, err, r.want)
		}
	}
	if _, err := (scheme.HTTP{Login: scheme.Login{Host: "h?x"}}).URL(); err == nil {
		t.Error("URL accepted a host holding \"?\"")
	}
}

func TestHTTPErrors(t *testing.T) {
	for _, r := range []struct {
		in   string
		code locator.Code
		off  int
	}{
		{"ftp://h.example/", scheme.CodeWrongScheme, 0},
		{"http:/x", scheme.CodeNoAuthority, 5},
	} {
		_, err := scheme.ParseHTTP(locator.MustParse(r.in))
		if c, off := errCode(err); c != r.code || off != r.off {
			t.Errorf("ParseHTTP(%q) = %v; want %s at %d", r.in, err, r.code, r.off)
		}
	}
	_, err := scheme.PlanFor(locator.MustParse("http:///x"))
	if c, _ := errCode(err); c != scheme.CodeNoHost {
		t.Errorf("PlanFor(http:///x) = %v", err)
	}
}

func TestHTTPCheck(t *testing.T) {
	for _, r := range []struct {
		rule string
		in   string
		want []string
	}{
		{"RFC 1738 §5 httpurl", "http://ds.internic.net/instructions/overview.html#WARNING", nil},
		{"RFC 1738 §5 hsegment allows ; : @ & =", "http://h.example/a;b:c@d&e=f/g?h;i:j@k&l=m", nil},
		{"RFC 1738 §3.3: no user name or password", "http://u:p@h.example/", []string{"userinfo-not-allowed@7"}},
		{"RFC 1738 §5 search: no \"/\" or \"?\"", "http://h.example/a?b/c?d", []string{"reserved-unencoded@20", "reserved-unencoded@22"}},
		{"RFC 1738 §5 httpurl: \"/\" before \"?\"", "http://h.example?q", []string{"http-search-without-path@16"}},
		{"RFC 2818: https has http's rules", "https://u@h.example/a?b?c", []string{"userinfo-not-allowed@8", "reserved-unencoded@23"}},
	} {
		var got []string
		for _, f := range scheme.Check(locator.MustParse(r.in), locator.RFC1738) {
			if strings.HasPrefix(f.Rule, "RFC 1738 §5") {
				got = append(got, string(f.Code)+"@"+itoaTest(f.Offset))
			}
		}
		if !slices.Equal(got, r.want) {
			t.Errorf("%s: Check(%q) = %q; want %q", r.rule, r.in, got, r.want)
		}
	}
}
