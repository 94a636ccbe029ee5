package scheme_test

import (
	"errors"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

var nntpRows = []struct {
	src  string
	in   string
	want scheme.NNTP
	port int
	wire string
}{
	{"RFC 1738 §3.7: group and article number; RFC 977 §3.2.1 GROUP, §3.1.2 ARTICLE n",
		"nntp://news.example.org/comp.infosystems.www.misc/1234",
		scheme.NNTP{Login: scheme.Login{Host: "news.example.org"}, Group: "comp.infosystems.www.misc", Article: "1234"}, 119,
		"MODE READER\r\nGROUP comp.infosystems.www.misc\r\nARTICLE 1234\r\nQUIT\r\n"},
	{"RFC 1738 §5 nntpurl: the article number is optional", "nntp://news.example.org:1119/alt.foo.bar",
		scheme.NNTP{Login: scheme.Login{Host: "news.example.org", Port: "1119"}, Group: "alt.foo.bar"}, 1119,
		"MODE READER\r\nGROUP alt.foo.bar\r\nOVER 1-\r\nXOVER 1-\r\nQUIT\r\n"},
	{"RFC 1738 §3.1: a dotted quad host (libwww)", "nntp://1.1.1.1/comp.foo.bar/434234",
		scheme.NNTP{Login: scheme.Login{Host: "1.1.1.1"}, Group: "comp.foo.bar", Article: "434234"}, 119,
		"MODE READER\r\nGROUP comp.foo.bar\r\nARTICLE 434234\r\nQUIT\r\n"},
}

func TestNNTPRows(t *testing.T) {
	for _, r := range nntpRows {
		u := locator.MustParse(r.in)
		n, err := scheme.ParseNNTP(u)
		if err != nil || n != r.want {
			t.Errorf("%s: ParseNNTP(%q) = %+v, %v; want %+v", r.src, r.in, n, err, r.want)
			continue
		}
		p, err := scheme.PlanFor(u)
		if err != nil || string(p.Wire()) != r.wire || p.Host != r.want.Host || p.Port != r.port {
			t.Errorf("%s: plan of %q = %s:%d %q, %v; want %s:%d %q", r.src, r.in, p.Host, p.Port, p.Wire(), err,
				r.want.Host, r.port, r.wire)
		}
		v, err := n.URL()
		if err != nil || v.String() != r.in {
			t.Errorf("%s: URL() = %q, %v; want %q", r.src, v, err, r.in)
		}
		if n2, err := scheme.ParseNNTP(v); err != nil || n2 != n {
			t.Errorf("%s: %q → %q → %+v, %v", r.src, r.in, v, n2, err)
		}
	}
}

func TestNNTPErrors(t *testing.T) {
	rows := []struct {
		src, in string
		code    locator.Code
		off     int
	}{
		{"RFC 1738 §2.1", "news:g", scheme.CodeWrongScheme, 0},
		{"RFC 1738 §3.1: //", "nntp:g/1", scheme.CodeNoAuthority, 5},
		{"RFC 1738 §5 nntpurl: \"/\" group", "nntp://news.example.org", scheme.CodeMissingSlash, 23},
		{"RFC 1738 §5 nntpurl: a group", "nntp://news.example.org/", scheme.CodeNewsGroup, 24},
		{"RFC 1738 §5 nntpurl: digits (libwww's 123653a)", "nntp://foo.bar.com/alt.foo.bar/123653a", scheme.CodeNNTPArticle, 37},
		{"RFC 1738 §5 nntpurl: no more segments", "nntp://foo.bar.com/alt.foo.bar/1/2", scheme.CodeNNTPArticle, 32},
		{"RFC 1738 §6: CR LF in the group", "nntp://foo.bar.com/a%0D%0AQUIT", scheme.CodeLineBreak, 20},
	}
	for _, r := range rows {
		_, err := scheme.ParseNNTP(locator.MustParse(r.in))
		var e *locator.Error
		if !errors.As(err, &e) || e.Code != r.code || e.Offset != r.off {
			t.Errorf("%s: ParseNNTP(%q) = %v; want %s at %d", r.src, r.in, err, r.code, r.off)
		}
	}
	h := scheme.Login{Host: "news.example.org"}
	views := []struct {
		src  string
		n    scheme.NNTP
		code locator.Code
	}{
		{"RFC 1738 §5 nntpurl: a group", scheme.NNTP{Login: h}, scheme.CodeNewsGroup},
		{"RFC 1738 §5 nntpurl: digits", scheme.NNTP{Login: h, Group: "g", Article: "1a"}, scheme.CodeNNTPArticle},
	}
	for _, r := range views {
		var e *locator.Error
		if _, err := r.n.URL(); !errors.As(err, &e) || e.Code != r.code {
			t.Errorf("%s: URL() = %v; want %s", r.src, err, r.code)
		}
		if _, err := r.n.Plan(); !errors.As(err, &e) || e.Code != r.code {
			t.Errorf("%s: Plan() = %v; want %s", r.src, err, r.code)
		}
	}
	// RFC 977 §2.3: a space in the group would split GROUP's parameter.
	n := scheme.NNTP{Login: h, Group: "a b"}
	var e *locator.Error
	if _, err := n.Plan(); !errors.As(err, &e) || e.Code != scheme.CodeLineBreak {
		t.Errorf("Plan of group \"a b\" = %v", err)
	}
	if u, err := n.URL(); err != nil || u.String() != "nntp://news.example.org/a%20b" {
		t.Errorf("URL of group \"a b\" = %q, %v", u, err)
	}
}

func TestNNTPCheck(t *testing.T) {
	rows := []struct {
		src, in string
		code    locator.Code
		off     int
	}{
		{"RFC 1738 §5 nntpurl: hostport, not login", "nntp://u:p@news.example.org/g", scheme.CodeUserinfo, 7},
		{"RFC 1738 §5 group: no !", "nntp://foo.bar.com/alt.foo.!$&$", scheme.CodeNewsGroup, 27},
		{"RFC 1738 §5 nntpurl: digits", "nntp://foo.bar.com/alt.foo.bar/123653a", scheme.CodeNNTPArticle, 37},
		{"RFC 1738 §5 nntpurl: digits after /", "nntp://foo.bar.com/alt.foo.bar/", scheme.CodeNNTPArticle, 30},
		{"RFC 1738 §5 nntpurl: a group", "nntp://foo.bar.com/", scheme.CodeNewsGroup, 19},
		{"RFC 1738 §5 nntpurl: \"/\" group", "nntp://foo.bar.com", scheme.CodeMissingSlash, 18},
	}
	for _, r := range rows {
		fs := scheme.Check(locator.MustParse(r.in), locator.RFC1738)
		if !bHasFinding(fs, r.code, r.off, locator.SeverityError) {
			t.Errorf("%s: Check(%q) = %v; want %s at %d", r.src, r.in, fs, r.code, r.off)
		}
	}
	for _, r := range nntpRows {
		if fs := scheme.Check(locator.MustParse(r.in), locator.RFC1738); !scheme.Valid(fs) {
			t.Errorf("%s: Check(%q) = %v; want valid", r.src, r.in, fs)
		}
	}
}
