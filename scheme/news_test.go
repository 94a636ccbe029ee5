package scheme_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

var newsRows = []struct {
	src   string
	in    string
	want  scheme.News
	sends []string
	exact bool // URL() gives in back byte for byte
}{
	{"RFC 1738 §3.6: news:* is all available news groups; RFC 977 §3.6.1 LIST", "news:*",
		scheme.News{All: true}, []string{"MODE READER", "LIST", "QUIT"}, true},
	{"RFC 1738 §3.6: a newsgroup name; RFC 977 §3.2.1 GROUP", "news:comp.infosystems.www.misc",
		scheme.News{Group: "comp.infosystems.www.misc"}, []string{"MODE READER", "GROUP comp.infosystems.www.misc", "OVER 1-", "XOVER 1-", "QUIT"}, true},
	{"RFC 1738 §3.6: a message-id without < >; RFC 977 §3.1.1 ARTICLE <message-id>", "news:642@eagle.ATT.COM",
		scheme.News{MessageID: "642@eagle.ATT.COM"}, []string{"MODE READER", "ARTICLE <642@eagle.ATT.COM>", "QUIT"}, true},
	{"RFC 1738 §5 article: uchar ; / : & = before @", "news:a;b/c:d&e=f@news.example",
		scheme.News{MessageID: "a;b/c:d&e=f@news.example"}, []string{"MODE READER", "ARTICLE <a;b/c:d&e=f@news.example>", "QUIT"}, true},
	{"RFC 1738 §5 article: ? too, read past Parse's query; written %3F", "news:a?b@news.example",
		scheme.News{MessageID: "a?b@news.example"}, []string{"MODE READER", "ARTICLE <a?b@news.example>", "QUIT"}, false},
	{"RFC 1738 §5 group: + and _", "news:alt.c++_x-y",
		scheme.News{Group: "alt.c++_x-y"}, []string{"MODE READER", "GROUP alt.c++_x-y", "OVER 1-", "XOVER 1-", "QUIT"}, true},
	{"RFC 1738 §3.6: an encoded @ does not make a message-id", "news:a%40b",
		scheme.News{Group: "a@b"}, []string{"MODE READER", "GROUP a@b", "OVER 1-", "XOVER 1-", "QUIT"}, true},
	{"RFC 1036 §2.1.5 brackets, read leniently (libwww's news:<92343@foo.bar.com>)", "news:<92343@foo.bar.com>",
		scheme.News{MessageID: "92343@foo.bar.com"}, []string{"MODE READER", "ARTICLE <92343@foo.bar.com>", "QUIT"}, false},
}

func TestNewsRows(t *testing.T) {
	for _, r := range newsRows {
		u := locator.MustParse(r.in)
		n, err := scheme.ParseNews(u)
		if err != nil || n != r.want {
			t.Errorf("%s: ParseNews(%q) = %+v, %v; want %+v", r.src, r.in, n, err, r.want)
			continue
		}
		p, err := scheme.PlanFor(u)
		if err != nil {
			t.Errorf("%s: PlanFor(%q): %v", r.src, r.in, err)
			continue
		}
		var sends []string
		for _, s := range p.Steps {
			if s.Send != "" {
				sends = append(sends, s.Send)
			}
		}
		if !reflect.DeepEqual(sends, r.sends) || p.Host != "" || p.Port != 119 {
			t.Errorf("%s: plan of %q: %s:%d %q; want the local server, port 119, %q", r.src, r.in, p.Host, p.Port, sends, r.sends)
		}
		wire := ""
		for _, s := range r.sends {
			wire += s + "\r\n"
		}
		if string(p.Wire()) != wire {
			t.Errorf("%s: wire %q, want %q", r.src, p.Wire(), wire)
		}
		v, err := n.URL()
		if err != nil {
			t.Errorf("%s: %+v.URL(): %v", r.src, n, err)
			continue
		}
		if r.exact && v.String() != r.in {
			t.Errorf("%s: URL() = %q, want %q", r.src, v, r.in)
		}
		if n2, err := scheme.ParseNews(v); err != nil || n2 != n {
			t.Errorf("%s: %q → %q → %+v, %v", r.src, r.in, v, n2, err)
		}
	}
}

func TestNewsErrors(t *testing.T) {
	rows := []struct {
		src, in string
		code    locator.Code
		off     int
	}{
		{"RFC 1738 §2.1", "nntp://h/g", scheme.CodeWrongScheme, 0},
		{"RFC 1738 §5 grouppart: something", "news:", locator.CodeEmpty, 5},
		{"RFC 1738 §3.6: news names no server (RFC 5538 §2.2 does)", "news://news.example/comp.lang.go", scheme.CodeNewsServer, 5},
		{"RFC 1738 §6: an encoded CR LF would end the command line", "news:a%0D%0AQUIT", scheme.CodeLineBreak, 6},
		{"RFC 1738 §6: NUL", "news:a%00b@c", scheme.CodeLineBreak, 6},
	}
	for _, r := range rows {
		_, err := scheme.ParseNews(locator.MustParse(r.in))
		var e *locator.Error
		if !errors.As(err, &e) || e.Code != r.code || e.Offset != r.off {
			t.Errorf("%s: ParseNews(%q) = %v; want %s at %d", r.src, r.in, err, r.code, r.off)
		}
	}
	views := []struct {
		src  string
		n    scheme.News
		code locator.Code
	}{
		{"RFC 1738 §5 grouppart: exactly one", scheme.News{}, locator.CodeEmpty},
		{"RFC 1738 §5 grouppart: exactly one", scheme.News{All: true, Group: "a"}, locator.CodeEmpty},
		{"RFC 1738 §3.6: a message-id has @", scheme.News{MessageID: "abc"}, scheme.CodeNewsArticle},
		{"RFC 1738 §3.6: without < >", scheme.News{MessageID: "<a@b>"}, scheme.CodeNewsArticle},
	}
	for _, r := range views {
		var e *locator.Error
		if _, err := r.n.URL(); !errors.As(err, &e) || e.Code != r.code {
			t.Errorf("%s: %+v.URL() = %v; want %s", r.src, r.n, err, r.code)
		}
		if _, err := r.n.Plan(); !errors.As(err, &e) || e.Code != r.code {
			t.Errorf("%s: %+v.Plan() = %v; want %s", r.src, r.n, err, r.code)
		}
	}
	// RFC 977 §2.3: a space would split the command's parameters; URL() can encode it.
	n := scheme.News{Group: "a b"}
	var e *locator.Error
	if _, err := n.Plan(); !errors.As(err, &e) || e.Code != scheme.CodeLineBreak {
		t.Errorf("Plan of group \"a b\" = %v; want %s", err, scheme.CodeLineBreak)
	}
	if u, err := n.URL(); err != nil || u.String() != "news:a%20b" {
		t.Errorf("URL of group \"a b\" = %q, %v", u, err)
	}
	// An "@" in a group is encoded, so that it stays a group (RFC 1738 §3.6).
	if u, err := (scheme.News{Group: "a@b"}).URL(); err != nil || u.String() != "news:a%40b" {
		t.Errorf("URL of group \"a@b\" = %q, %v", u, err)
	}
}

func TestNewsCheck(t *testing.T) {
	rows := []struct {
		src, in string
		code    locator.Code
		off     int
		sev     locator.Severity
	}{
		{"RFC 1738 §5 group: a letter first", "news:1group", scheme.CodeNewsGroup, 5, locator.SeverityError},
		{"RFC 1738 §5 group: no escapes", "news:comp.lang%20go", scheme.CodeNewsGroup, 14, locator.SeverityError},
		{"RFC 1738 §5 group: no !", "news:alt.foo.!$&$", scheme.CodeNewsGroup, 13, locator.SeverityError},
		{"RFC 1738 §3.6: without < >", "news:<92343@foo.bar.com>", scheme.CodeNewsArticle, 5, locator.SeverityError},
		{"RFC 1738 §5 article: 1* before @", "news:@foo.bar.com", scheme.CodeNewsArticle, 5, locator.SeverityError},
		{"RFC 1738 §5 article: a host after @", "news:abc@", scheme.CodeNewsArticle, 9, locator.SeverityError},
		{"RFC 1036 §2.1.5: no blank in the unique part", "news:a%20b@foo.example", scheme.CodeNewsArticle, 5, locator.SeverityWarning},
		{"RFC 1738 §3.6: no server", "news://h/g", scheme.CodeNewsServer, 5, locator.SeverityError},
		{"RFC 1738 §5 article: @ host, not hostport", "news:abc@news.example:119", scheme.CodeNewsArticle, 21, locator.SeverityError},
	}
	for _, r := range rows {
		fs := scheme.Check(locator.MustParse(r.in), locator.RFC1738)
		if !bHasFinding(fs, r.code, r.off, r.sev) {
			t.Errorf("%s: Check(%q) = %v; want %s at %d (%v)", r.src, r.in, fs, r.code, r.off, r.sev)
		}
	}
	for _, in := range []string{"news:*", "news:comp.infosystems.www.misc", "news:642@eagle.ATT.COM", "news:alt.c++_x-y"} {
		if fs := scheme.Check(locator.MustParse(in), locator.RFC1738); !scheme.Valid(fs) {
			t.Errorf("Check(%q) = %v; want valid", in, fs)
		}
	}
}

func bHasFinding(fs []locator.Finding, code locator.Code, off int, sev locator.Severity) bool {
	for _, f := range fs {
		if f.Code == code && f.Offset == off && f.Severity == sev {
			return true
		}
	}
	return false
}

// A view's URL is one its parse function reads back (the View contract): ParseNews and
// ParseNNTP refuse a name that decodes to CR, LF or NUL (RFC 1738 §6), so News.URL and
// NNTP.URL refuse such a field too, with CodeLineBreak, rather than write "news:a%0Ab", which
// stands for no view.
func TestNewsNNTPURLLineBreak(t *testing.T) {
	for _, bad := range []string{"\r", "\n", "\x00", "a\nb", "comp.x\r\n"} {
		views := []scheme.View{
			scheme.News{Group: bad},
			scheme.News{MessageID: "a" + bad + "@h.example"},
			scheme.News{MessageID: "a@h.example" + bad},
			scheme.NNTP{Login: scheme.Login{Host: "h"}, Group: bad},
			scheme.NNTP{Login: scheme.Login{Host: "h"}, Group: bad, Article: "12"},
		}
		for _, v := range views {
			u, err := v.URL()
			var e *locator.Error
			if !errors.As(err, &e) || e.Code != scheme.CodeLineBreak || e.Rule != "RFC 1738 §6" {
				t.Errorf("%#v.URL() = %q, %v; want a CodeLineBreak error", v, u, err)
				continue
			}
			if e.Offset < 0 || e.Offset >= len(e.Input) || !strings.ContainsRune("\r\n\x00", rune(e.Input[e.Offset])) {
				t.Errorf("%#v.URL(): error at %d of %q, not at the bad byte", v, e.Offset, e.Input)
			}
		}
	}
	// The neighbours stay: a TAB or space is no line break of the URL's (the plan refuses them).
	for _, v := range []scheme.View{scheme.News{Group: "a\tb"}, scheme.NNTP{Login: scheme.Login{Host: "h"}, Group: "a b"}} {
		u, err := v.URL()
		if err != nil {
			t.Errorf("%#v.URL(): %v", v, err)
			continue
		}
		if back, err := scheme.ParseView(u); err != nil || !reflect.DeepEqual(back, v) {
			t.Errorf("%#v.URL() = %q, read back as %#v, %v", v, u, back, err)
		}
	}
}
