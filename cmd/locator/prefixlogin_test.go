package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPrefixLoginRegressions: issue 9's rows for the "URL:" prefix (the 1994 URL draft's
// prefixedurl; RFC 1738 Appendix) and RFC 1738 §5 logins with "?", under every spec that
// parse and plan take: rfc1738 and url-draft-1994 read them, the others (which define no
// prefix and end the authority at "?": RFC 3986 §3.2) do not.
func TestPrefixLoginRegressions(t *testing.T) {
	type parsed struct {
		Prefix   *string `json:"prefix"`
		Scheme   *string `json:"scheme"`
		User     *string `json:"user"`
		Password *string `json:"password"`
		Host     *string `json:"host"`
		Valid    bool    `json:"valid"`
	}
	str := func(p *string) string {
		if p == nil {
			return "-"
		}
		return *p
	}
	for _, tt := range []struct {
		in                string
		reads, not        string // prefix|scheme|user|password|host valid
		readsOK, notValid bool
	}{
		{"URL:ftp://host.com/", "URL:|ftp|-|-|host.com", "-|URL|-|-|-", true, true},
		{"url:HTTP://A/b", "url:|HTTP|-|-|A", "-|url|-|-|-", true, true},
		{"ftp://a?b@host/", "-|ftp|a?b|-|host", "-|ftp|-|-|a", true, true},
		{"ftp://a:p?q@host/f", "-|ftp|a|p?q|host", "-|-|-|-|-", true, false},
	} {
		for _, spec := range []string{"rfc1738", "url-draft-1994", "rfc3986", "url-draft-1993", "rfc1630"} {
			out, _, _ := runLocator(t, "", "parse", "--spec", spec, "--json", tt.in)
			var p parsed
			if err := json.Unmarshal([]byte(out), &p); err != nil {
				t.Fatalf("parse --spec %s %q: %v: %s", spec, tt.in, err, out)
			}
			got := strings.Join([]string{str(p.Prefix), str(p.Scheme), str(p.User), str(p.Password), str(p.Host)}, "|")
			want, valid := tt.not, tt.notValid
			if spec == "rfc1738" || spec == "url-draft-1994" {
				want, valid = tt.reads, tt.readsOK
				if spec == "url-draft-1994" && strings.Contains(tt.in, "?") {
					valid = false // the draft's user = alphanum2 [ user ] holds no "?" (BNF)
				}
			}
			if got != want || (p.Valid != valid && spec != "url-draft-1993" && spec != "rfc1630") {
				t.Errorf("parse --spec %s %q = %s valid %v, want %s valid %v", spec, tt.in, got, p.Valid, want, valid)
			}
			if want == tt.not && strings.Contains(out, `"prefix"`) {
				t.Errorf("parse --spec %s %q: a prefix field: %s", spec, tt.in, out)
			}
		}
	}
	// The exact commands of issue 9.
	check(t, "", []string{"normalize", "URL:HTTP://A/b"}, "http://a/b\n", 0)
	check(t, "", []string{"normalize", "--level", "none", "URL:HTTP://A/b"}, "HTTP://A/b\n", 0)
	check(t, "", []string{"equal", "URL:http://a/b", "http://a/b"}, "equivalent\n", 0)
	check(t, "", []string{"equal", "ftp://a?b@host/", "ftp://a%3Fb@host/"}, "equivalent\n", 0)
	check(t, "", []string{"equal", "ftp://a?b@host/", "ftp://a/?b@host/"}, "not equivalent\n", 1)
	out, _, code := runLocator(t, "", "plan", "URL:ftp://host.com/")
	if code != 0 || !strings.Contains(out, "connect host.com:21") {
		t.Errorf("plan URL:ftp://host.com/: exit %d\n%s", code, out)
	}
	out, _, code = runLocator(t, "", "plan", "--spec", "rfc3986", "URL:ftp://host.com/")
	if code != 1 || strings.Contains(out, "connect") {
		t.Errorf("plan --spec rfc3986 URL:ftp://host.com/: exit %d\n%s", code, out)
	}
	out, _, code = runLocator(t, "", "plan", "ftp://a?b:p?q@host/f")
	if code != 0 || !strings.Contains(out, `send "USER a?b"`) || !strings.Contains(out, `send "PASS p?q"`) {
		t.Errorf("plan ftp://a?b:p?q@host/f: exit %d\n%s", code, out)
	}
	// check: offsets into the prefixed input.
	out, _, code = runLocator(t, "", "check", "URL:http://h/a b")
	if code != 1 || !strings.HasPrefix(out, "URL:http://h/a b:14: error:") {
		t.Errorf("check URL:http://h/a b: exit %d\n%s", code, out)
	}
	// parse's text form shows the prefix before the scheme, only when there is one.
	out, _, _ = runLocator(t, "", "parse", "URL:news:comp.x")
	if !strings.Contains(out, "  prefix     URL:\n  scheme     news\n") {
		t.Errorf("parse URL:news:comp.x:\n%s", out)
	}
	if out, _, _ = runLocator(t, "", "parse", "news:comp.x"); strings.Contains(out, "prefix") {
		t.Errorf("parse news:comp.x shows a prefix:\n%s", out)
	}
}
