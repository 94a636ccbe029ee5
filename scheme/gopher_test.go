package scheme_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/pct"
	"github.com/locator-url/locator/scheme"
)

func bStr(s string) *string { return &s }

// gopherRows are the examples of RFC 1738 §3.4 and of the 1994 URL draft ("Gopher", "Overall
// summary and examples"), with a real host for the draft's "host [port]", and the exact bytes
// a client sends for each.
var gopherRows = []struct {
	src  string
	in   string
	want scheme.Gopher
	wire string
}{
	{"RFC 1738 §3.4.1: empty gopher-path, type defaults to 1", "gopher://gopher.example.org",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "1", TypeDefaulted: true}, "\r\n"},
	{"RFC 1738 §3.4.1: the delimiting / is optional", "gopher://gopher.example.org/",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "1", TypeDefaulted: true}, "\r\n"},
	{"RFC 1738 §3.4.1: empty selector, the top-level directory", "gopher://gopher.example.org:7070/1",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org", Port: "7070"}, Type: "1"}, "\r\n"},
	{"1994 draft: a type 0 item", "gopher://gopher.example.org/0a_gopher_selector",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "0", Selector: "a_gopher_selector"},
		"a_gopher_selector\r\n"},
	{"1994 draft: a type 7 search engine, foobar submitted; RFC 1738 §3.4.2", "gopher://gopher.example.org/7a_gopher_selector%09foobar",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "7", Selector: "a_gopher_selector", Search: bStr("foobar")},
		"a_gopher_selector\tfoobar\r\n"},
	{"1994 draft: a Gopher+ type 0 item", "gopher://gopher.example.org/0a_gopher_selector%09%09some_gplus_stuff",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "0", Selector: "a_gopher_selector", Search: bStr(""),
			GopherPlus: bStr("some_gplus_stuff")},
		"a_gopher_selector\tsome_gplus_stuff\r\n"},
	{"1994 draft: an item's attribute information; sends a_gopher_selector<tab>!<cr><lf>", "gopher://gopher.example.org/0a_gopher_selector%09%09!",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "0", Selector: "a_gopher_selector", Search: bStr(""),
			GopherPlus: bStr("!"), Plus: &scheme.GopherPlus{Kind: "attributes"}},
		"a_gopher_selector\t!\r\n"},
	{"1994 draft: a directory's attributes; sends a_gopher_selector<tab>$<cr><lf>", "gopher://gopher.example.org/1a_gopher_selector%09%09$",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "1", Selector: "a_gopher_selector", Search: bStr(""),
			GopherPlus: bStr("$"), Plus: &scheme.GopherPlus{Kind: "directory-attributes"}},
		"a_gopher_selector\t$\r\n"},
	{"1994 draft and RFC 1738 §3.4.8: the Spanish postscript view", "gopher://gopher.example.org/0a_gopher_selector%09%09+application/postscript%20Es_ES",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "0", Selector: "a_gopher_selector", Search: bStr(""),
			GopherPlus: bStr("+application/postscript Es_ES"),
			Plus:       &scheme.GopherPlus{Kind: "item", View: "application/postscript", Language: "Es_ES"}},
		"a_gopher_selector\t+application/postscript Es_ES\r\n"},
	{"1994 draft and RFC 1738 §3.4.4: the default view; sends a_gopher_selector<tab>+<cr><lf>", "gopher://gopher.example.org/0a_gopher_selector%09%09+",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "0", Selector: "a_gopher_selector", Search: bStr(""),
			GopherPlus: bStr("+"), Plus: &scheme.GopherPlus{Kind: "item"}},
		"a_gopher_selector\t+\r\n"},
	{"1994 draft and RFC 1738 §3.4.7: !+ABSTRACT%20+SMELL; sends a_gopher_selector<tab>!+ABSTRACT +SMELL<cr><lf>",
		"gopher://gopher.example.org/0a_gopher_selector%09%09!+ABSTRACT%20+SMELL",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "0", Selector: "a_gopher_selector", Search: bStr(""),
			GopherPlus: bStr("!+ABSTRACT +SMELL"), Plus: &scheme.GopherPlus{Kind: "attributes", Attributes: []string{"+ABSTRACT", "+SMELL"}}},
		"a_gopher_selector\t!+ABSTRACT +SMELL\r\n"},
	{"RFC 1738 §3.4.7: !+ABSTRACT", "gopher://gopher.example.org/0a_gopher_selector%09%09!+ABSTRACT",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "0", Selector: "a_gopher_selector", Search: bStr(""),
			GopherPlus: bStr("!+ABSTRACT"), Plus: &scheme.GopherPlus{Kind: "attributes", Attributes: []string{"+ABSTRACT"}}},
		"a_gopher_selector\t!+ABSTRACT\r\n"},
	{"1994 draft and RFC 1738 §3.4.9: a filled-out ASK form", "gopher://gopher.example.org/0a_gopher_selector%09%09+%091%0D%0A+-1%0D%0Aask_item1_value%0D%0Aask_item2_value%0D%0A.%0D%0A",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "0", Selector: "a_gopher_selector", Search: bStr(""),
			GopherPlus: bStr("+\t1\r\n+-1\r\nask_item1_value\r\nask_item2_value\r\n.\r\n"),
			Plus:       &scheme.GopherPlus{Kind: "item", Ask: []string{"ask_item1_value", "ask_item2_value"}}},
		"a_gopher_selector\t+\t1\r\n+-1\r\nask_item1_value\r\nask_item2_value\r\n.\r\n"},
	{"1994 draft: an alternate view with a filled-out ASK form", "gopher://gopher.example.org/0a_gopher_selector%09%09+view_name%20language_name%091%0D%0A+-1%0D%0Aask_item1_value%0D%0Aask_item2_value%0D%0A.%0D%0A",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "0", Selector: "a_gopher_selector", Search: bStr(""),
			GopherPlus: bStr("+view_name language_name\t1\r\n+-1\r\nask_item1_value\r\nask_item2_value\r\n.\r\n"),
			Plus:       &scheme.GopherPlus{Kind: "item", View: "view_name", Language: "language_name", Ask: []string{"ask_item1_value", "ask_item2_value"}}},
		"a_gopher_selector\t+view_name language_name\t1\r\n+-1\r\nask_item1_value\r\nask_item2_value\r\n.\r\n"},
	{"1994 draft summary: %3F, an item with an ASK form; gopher-plus.txt §2.8 fetches the attributes", "gopher://gopher.example.org/0a_gopher_selector%09%09%3F",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "0", Selector: "a_gopher_selector", Search: bStr(""),
			GopherPlus: bStr("?"), Plus: &scheme.GopherPlus{Kind: "ask"}},
		"a_gopher_selector\t!\r\n"},
	{"gopher-plus.txt §2.4: a search and Gopher+ information after it", "gopher://gopher.example.org/7index%09gopher%20plus%09+",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "7", Selector: "index", Search: bStr("gopher plus"),
			GopherPlus: bStr("+"), Plus: &scheme.GopherPlus{Kind: "item"}},
		"index\tgopher plus\t+\r\n"},
	{"gopher-plus.txt §2.5: a type 7 item's attributes, Selector Tab Tab '!'", "gopher://gopher.example.org/7index%09%09!",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "7", Selector: "index", Search: bStr(""),
			GopherPlus: bStr("!"), Plus: &scheme.GopherPlus{Kind: "attributes"}},
		"index\t\t!\r\n"},
	{"RFC 1738 §3.4.1: the selector begins with a copy of the type; no characters are reserved, ? included", "gopher://gopher.example.org/00/a?b;c=d",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "0", Selector: "0/a?b;c=d"},
		"0/a?b;c=d\r\n"},
	{"RFC 1738 §3.4.1: a selector of any octets but TAB CR LF, encoded (RFC 1436 UNASCII: no NUL either, TestGopherPlanRefusesNUL)",
		"gopher://gopher.example.org/9bin%20%FF%01x",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "9", Selector: "bin \xff\x01x"},
		"bin \xff\x01x\r\n"},
	{"RFC 1738 §3.4.2: an empty search is still sent after its TAB", "gopher://gopher.example.org/7s%09",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "7", Selector: "s", Search: bStr("")},
		"s\t\r\n"},
	{"1994 draft: an empty gopher+ string is sent as if absent", "gopher://gopher.example.org/0s%09%09",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "0", Selector: "s", Search: bStr(""), GopherPlus: bStr("")},
		"s\t\r\n"},
	{"RFC 1738 §3.4.1: an encoded gophertype (gtype = xchar, escape included)", "gopher://gopher.example.org/%7Es",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "~", Selector: "s"},
		"s\r\n"},
	{"RFC 1808 §2.4.1 fragment: not part of the URL; the view ignores it", "gopher://gopher.example.org/0s#frag",
		scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: "0", Selector: "s"},
		"s\r\n"},
}

func TestGopherRows(t *testing.T) {
	for _, r := range gopherRows {
		u, err := locator.Parse(r.in)
		if err != nil {
			t.Fatalf("%s: Parse(%q): %v", r.src, r.in, err)
		}
		g, err := scheme.ParseGopher(u)
		if err != nil {
			t.Errorf("%s: ParseGopher(%q): %v", r.src, r.in, err)
			continue
		}
		if !reflect.DeepEqual(g, r.want) {
			gj, _ := json.Marshal(g)
			wj, _ := json.Marshal(r.want)
			t.Errorf("%s: ParseGopher(%q)\n got %s\nwant %s", r.src, r.in, gj, wj)
		}
		if got := string(g.Request()); got != r.wire {
			t.Errorf("%s: %q Request() = %q, want %q", r.src, r.in, got, r.wire)
		}
		p, err := scheme.PlanFor(u)
		if err != nil {
			t.Errorf("%s: PlanFor(%q): %v", r.src, r.in, err)
			continue
		}
		if got := string(p.Wire()); got != r.wire {
			t.Errorf("%s: %q Plan.Wire() = %q, want %q", r.src, r.in, got, r.wire)
		}
		wantPort := 70
		if r.want.Port != "" {
			wantPort = 7070
		}
		if p.Scheme != "gopher" || p.Host != r.want.Host || p.Port != wantPort {
			t.Errorf("%s: plan %s %s:%d", r.src, p.Scheme, p.Host, p.Port)
		}
		// Round trip: view → URL → view is identical, and the URL → view → URL one parses
		// to the same view.
		v, err := g.URL()
		if err != nil {
			t.Errorf("%s: %q URL(): %v", r.src, r.in, err)
			continue
		}
		g2, err := scheme.ParseGopher(v)
		if err != nil || !reflect.DeepEqual(g2, g) {
			t.Errorf("%s: %q → %q → %+v, %v", r.src, r.in, v, g2, err)
		}
		// URL → view → URL: equivalent (the URI draft; locator.Equivalent), once the "?"
		// that URL writes %3F (gopherKeep) is encoded in the input too.
		in := locator.MustParse(strings.ReplaceAll(u.WithoutFragment().String(), "?", "%3F"))
		if !locator.Equivalent(in, v) {
			t.Errorf("%s: %q → %q: not equivalent", r.src, r.in, v)
		}
	}
}

// The draft's examples come back byte for byte (they need no encoding and no "?").
func TestGopherURLExact(t *testing.T) {
	for _, r := range gopherRows {
		if r.in == "gopher://gopher.example.org" || r.in == "gopher://gopher.example.org/00/a?b;c=d" ||
			r.in == "gopher://gopher.example.org/0s#frag" || r.in == "gopher://gopher.example.org/9bin%20%FF%01x" {
			continue
		}
		g, _ := scheme.ParseGopher(locator.MustParse(r.in))
		v, err := g.URL()
		if err != nil || v.String() != r.in {
			t.Errorf("%s: %q → URL() = %q, %v", r.src, r.in, v, err)
		}
	}
}

func TestGopherSteps(t *testing.T) {
	// RFC 1738 §3.4.9: each line of the ASK request is one Send step.
	g, err := scheme.ParseGopher(locator.MustParse("gopher://gopher.example.org/0a_gopher_selector%09%09+%091%0D%0A+-1%0D%0Aask_item1_value%0D%0Aask_item2_value%0D%0A.%0D%0A"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.Plan()
	if err != nil {
		t.Fatal(err)
	}
	var sends []string
	for _, s := range p.Steps {
		if s.Send != "" || s.Note == "" {
			sends = append(sends, s.Send)
		}
	}
	want := []string{"a_gopher_selector\t+\t1", "+-1", "ask_item1_value", "ask_item2_value", "."}
	if !reflect.DeepEqual(sends, want) {
		t.Errorf("sends = %q, want %q", sends, want)
	}
	// An empty selector is one empty line: RFC 1738 §3.4.1, the top-level directory.
	p, _ = scheme.Gopher{Login: scheme.Login{Host: "h.example"}, Type: "1", TypeDefaulted: true}.Plan()
	if string(p.Wire()) != "\r\n" || p.Port != 70 || p.Host != "h.example" {
		t.Errorf("top-level plan = %+v, wire %q", p, p.Wire())
	}
}

func TestGopherErrors(t *testing.T) {
	rows := []struct {
		src, in string
		code    locator.Code
		off     int
	}{
		{"RFC 1738 §2.1: another scheme", "http://gopher.example.org/0s", scheme.CodeWrongScheme, 0},
		{"RFC 1738 §3.1: no //", "gopher:0s", scheme.CodeNoAuthority, 7},
		{"RFC 1738 §3.1: / before the url-path", "gopher://gopher.example.org?0s", scheme.CodeMissingSlash, 27},
		{"RFC 1738 §3.4.1: no CR in a selector", "gopher://gopher.example.org/0a%0Db", scheme.CodeLineBreak, 30},
		{"RFC 1738 §3.4.1: no LF in a search", "gopher://gopher.example.org/7a%09x%0Ay", scheme.CodeLineBreak, 34},
		{"RFC 1738 §6: CR LF in a gopher+ string outside an ASK block", "gopher://gopher.example.org/0a%09%09+%0D%0AQUIT", scheme.CodeLineBreak, 36},
		{"1994 draft: an ASK block without its final line", "gopher://gopher.example.org/0a%09%09+%091%0D%0A+-1%0D%0Ax%0D%0A", scheme.CodeLineBreak, 36},
	}
	for _, r := range rows {
		_, err := scheme.ParseGopher(locator.MustParse(r.in))
		var e *locator.Error
		if !errors.As(err, &e) || e.Code != r.code || e.Offset != r.off {
			t.Errorf("%s: ParseGopher(%q) = %v; want code %s at %d", r.src, r.in, err, r.code, r.off)
		}
		if r.code == scheme.CodeWrongScheme {
			continue
		}
		if _, err := scheme.PlanFor(locator.MustParse(r.in)); !errors.As(err, &e) {
			t.Errorf("%s: PlanFor(%q) = %v; want an error", r.src, r.in, err)
		}
	}
}

func TestGopherViewToURL(t *testing.T) {
	h := scheme.Login{Host: "gopher.example.org"}
	rows := []struct {
		src  string
		g    scheme.Gopher
		want string
		code locator.Code
	}{
		{"RFC 1738 §3.4.1: the default type", scheme.Gopher{Login: h, Type: "1", TypeDefaulted: true}, "gopher://gopher.example.org/", ""},
		{"RFC 1738 §2.2: unsafe characters encoded; ? encoded for RFC 3986 readers",
			scheme.Gopher{Login: h, Type: "0", Selector: "a b?c#d%e"}, "gopher://gopher.example.org/0a%20b%3Fc%23d%25e", ""},
		{"RFC 1738 §3.4.3: a gopher+ string needs the %09 of an empty search",
			scheme.Gopher{Login: h, Type: "0", Selector: "s", GopherPlus: bStr("+")}, "gopher://gopher.example.org/0s%09%09+", ""},
		{"1994 draft: Plus formatted into the ASK form",
			scheme.Gopher{Login: h, Type: "0", Selector: "s", Plus: &scheme.GopherPlus{Kind: "item", Ask: []string{"v 1", "v2"}}},
			"gopher://gopher.example.org/0s%09%09+%091%0D%0A+-1%0D%0Av%201%0D%0Av2%0D%0A.%0D%0A", ""},
		{"1994 draft: directory attributes",
			scheme.Gopher{Login: h, Type: "1", Plus: &scheme.GopherPlus{Kind: "directory-attributes", Attributes: []string{"+VIEWS", "+ABSTRACT"}}},
			"gopher://gopher.example.org/1%09%09$+VIEWS%20+ABSTRACT", ""},
		{"RFC 1738 §3.4.1: a selector has no CR", scheme.Gopher{Login: h, Type: "0", Selector: "a\r\nb"}, "", scheme.CodeLineBreak},
		{"RFC 1738 §3.4.1: a selector has no TAB", scheme.Gopher{Login: h, Type: "0", Selector: "a\tb"}, "", scheme.CodeLineBreak},
		{"RFC 1436: a search has no LF", scheme.Gopher{Login: h, Type: "7", Search: bStr("a\nb")}, "", scheme.CodeLineBreak},
		{"RFC 1738 §3.4.1: one-character type", scheme.Gopher{Login: h, Type: "00"}, "", scheme.CodeGopherType},
		{"RFC 1738 §3.4.1: no type", scheme.Gopher{Login: h, Selector: "x"}, "", scheme.CodeGopherType},
		{"RFC 1738 §3.4.1: a defaulted type has no selector", scheme.Gopher{Login: h, Type: "1", TypeDefaulted: true, Selector: "x"}, "", scheme.CodeGopherType},
		{"gopher-plus.txt §2.8: an ASK value is one line",
			scheme.Gopher{Login: h, Type: "0", Plus: &scheme.GopherPlus{Kind: "item", Ask: []string{"a\r\nb"}}}, "", scheme.CodeGopherPlus},
		{"gopher-plus.txt §2.3: a lone . ends the block",
			scheme.Gopher{Login: h, Type: "0", Plus: &scheme.GopherPlus{Kind: "item", Ask: []string{"."}}}, "", scheme.CodeGopherPlus},
		{"GopherPlus and Plus disagree",
			scheme.Gopher{Login: h, Type: "0", GopherPlus: bStr("!"), Plus: &scheme.GopherPlus{Kind: "item"}}, "", scheme.CodeGopherPlus},
		{"an unknown kind", scheme.Gopher{Login: h, Type: "0", Plus: &scheme.GopherPlus{Kind: "x"}}, "", scheme.CodeGopherPlus},
		{"RFC 1738 §6: a raw gopher+ string with CR LF outside an ASK block",
			scheme.Gopher{Login: h, Type: "0", GopherPlus: bStr("+\r\nQUIT")}, "", scheme.CodeLineBreak},
	}
	for _, r := range rows {
		u, err := r.g.URL()
		if r.code != "" {
			var e *locator.Error
			if !errors.As(err, &e) || e.Code != r.code {
				t.Errorf("%s: URL() = %q, %v; want code %s", r.src, u, err, r.code)
			}
			if _, err := r.g.Plan(); !errors.As(err, &e) || e.Code != r.code {
				t.Errorf("%s: Plan() = %v; want code %s", r.src, err, r.code)
			}
			if b := r.g.Request(); b != nil {
				t.Errorf("%s: Request() = %q, want nil", r.src, b)
			}
			continue
		}
		if err != nil || u.String() != r.want {
			t.Errorf("%s: URL() = %q, %v; want %q", r.src, u, err, r.want)
		}
	}
}

// TestGopherViewURLValid: the URL of a view whose selector, search or gopher+ string holds
// any printable ASCII character has no error by Check (RFC 1738), and reads back to the
// same fields. A "/" in the search was written as it is, which Check holds to §5 search.
func TestGopherViewURLValid(t *testing.T) {
	h := scheme.Login{Host: "gopher.example.org"}
	for c := byte(' '); c < 0x7f; c++ {
		v := "a" + string(c) + "b"
		for _, g := range []scheme.Gopher{
			{Login: h, Type: "0", Selector: v},
			{Login: h, Type: "7", Selector: "s", Search: &v},
			{Login: h, Type: "0", Selector: "s", GopherPlus: bStr("+" + v)},
		} {
			u, err := g.URL()
			if err != nil {
				t.Errorf("%+v: URL(): %v", g, err)
				continue
			}
			for _, f := range scheme.Check(u, locator.RFC1738) {
				if f.Severity == locator.SeverityError {
					t.Errorf("URL() = %q, which Check finds an error in: %v", u, f)
				}
			}
			back, err := scheme.ParseGopher(u)
			// A gopher+ string without a search gets an empty one (RFC 1738 §3.4.3).
			if err != nil || back.Selector != g.Selector || g.Search != nil && (back.Search == nil || *back.Search != *g.Search) ||
				g.GopherPlus != nil && (back.GopherPlus == nil || *back.GopherPlus != *g.GopherPlus) {
				t.Errorf("ParseGopher(%q) = %+v, %v; want the fields of %+v", u, back, err, g)
			}
		}
	}
}

// Uninterpretable gopher+ strings are kept as written, with Plus nil: the interpretation is
// exact.
func TestGopherPlusUninterpreted(t *testing.T) {
	for _, gp := range []string{"some_gplus_stuff", "?x", "+view%20", "!a%20%20b", "+%090", "!%20"} {
		in := "gopher://gopher.example.org/0s%09%09" + gp
		g, err := scheme.ParseGopher(locator.MustParse(in))
		if err != nil {
			t.Errorf("ParseGopher(%q): %v", in, err)
			continue
		}
		if g.GopherPlus == nil || g.Plus != nil {
			t.Errorf("ParseGopher(%q): GopherPlus %v Plus %+v; want kept raw, uninterpreted", in, g.GopherPlus, g.Plus)
		}
		v, err := g.URL()
		if err != nil {
			t.Errorf("%q → URL(): %v", in, err)
			continue
		}
		if g2, err := scheme.ParseGopher(v); err != nil || !reflect.DeepEqual(g2, g) {
			t.Errorf("%q → %q → %+v, %v", in, v, g2, err)
		}
		// "?" comes back as %3F (gopherKeep); everything else byte for byte.
		if want := strings.ReplaceAll(in, "?", "%3F"); v.String() != want {
			t.Errorf("%q → %q, want %q", in, v, want)
		}
	}
}

func bFindingCodes(fs []locator.Finding) map[locator.Code]int {
	m := map[locator.Code]int{}
	for _, f := range fs {
		m[f.Code]++
	}
	return m
}

func TestGopherCheck(t *testing.T) {
	rows := []struct {
		src, in string
		code    locator.Code
		off     int
		sev     locator.Severity
	}{
		{"RFC 1738 §5 gopherurl: hostport, not login", "gopher://user@gopher.example.org/0s", scheme.CodeUserinfo, 9, locator.SeverityError},
		{"RFC 1738 §5 gopherurl: / before the gopher-path", "gopher://gopher.example.org?x", scheme.CodeMissingSlash, 27, locator.SeverityError},
		{"RFC 1738 §3.4.1: no CR in a selector", "gopher://gopher.example.org/0a%0Db", scheme.CodeLineBreak, 30, locator.SeverityError},
		{"RFC 1738 §3.4.1: no LF in a search", "gopher://gopher.example.org/7a%09x%0Ay", scheme.CodeLineBreak, 34, locator.SeverityError},
		{"1994 draft: a gopher+ string of one or more characters", "gopher://gopher.example.org/0a%09%09", scheme.CodeGopherPlus, 36, locator.SeverityWarning},
		{"1994 draft: not a form of the gopher+ string", "gopher://gopher.example.org/0a%09%09some_gplus_stuff", scheme.CodeGopherPlus, 36, locator.SeverityWarning},
		{"1994 draft: CR LF outside an ASK block", "gopher://gopher.example.org/0a%09%09+%0D%0A", scheme.CodeGopherPlus, 36, locator.SeverityError},
		{"RFC 1738 §5 search: no \"/\" (search = *[ uchar | \";\" | \":\" | \"@\" | \"&\" | \"=\" ])", "gopher://gopher.example.org/7s%09a/b", locator.CodeReservedChar, 34, locator.SeverityError},
		{"RFC 1738 §5 hostport: a hostname", "gopher://ex_ample.com/", "", 11, locator.SeverityError},
	}
	for _, r := range rows {
		fs := scheme.Check(locator.MustParse(r.in), locator.RFC1738)
		found := false
		for _, f := range fs {
			if (f.Code == r.code || r.code == "") && f.Offset == r.off && f.Severity == r.sev {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: Check(%q) = %v; want %s at %d (%v)", r.src, r.in, fs, r.code, r.off, r.sev)
		}
	}
	// The examples of the draft and RFC 1738 §3.4 are valid (warnings aside: the draft's
	// "some_gplus_stuff" is a placeholder, and an empty gopher+ string is not one).
	for _, r := range gopherRows {
		fs := scheme.Check(locator.MustParse(r.in), locator.RFC1738)
		if !scheme.Valid(fs) {
			t.Errorf("%s: Check(%q) = %v", r.src, r.in, fs)
		}
	}
}

// TestGopherNewsLibwwwRows reads the libwww HTParse table (testdata/libwww-w3c, W3C licence) and checks
// the views of its gopher, nntp, news and mailto URLs that libwww parses on their own (name
// empty, or equal to absolutename): the view's parts agree with libwww's hostport and path.
//
// libwww (HTGopher.c) writes a gopher search after "?", not RFC 1738 §3.4.2's "%09": in
// "gopher://foo.bar.com/77g/search?foo" the view's selector is "7g/search?foo" and it has no
// search, as RFC 1738 §3.4.1 reserves no character of the gopher-path. Rows that Parse refuses
// ("%@#" is an illegal escape, RFC 1738 §2.2) and nntp article numbers with letters
// (CodeNNTPArticle, RFC 1738 §5 nntpurl) are counted, not viewed.
func TestGopherNewsLibwwwRows(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "libwww-w3c", "htparse-tests.json"))
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Cases []struct {
			Section, Name, Absolutename, Access, Hostport, Path, Anchor string
		}
	}
	if err := json.Unmarshal(data, &table); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var viewed, refused, badArticle int
	for _, c := range table.Cases {
		in := c.Absolutename
		if (c.Name != "" && c.Name != in) || seen[in] {
			continue
		}
		var name string
		for _, s := range []string{"gopher", "nntp", "news", "mailto"} {
			if strings.HasPrefix(in, s+":") {
				name = s
			}
		}
		if name == "" {
			continue
		}
		seen[in] = true
		u, err := locator.Parse(in)
		if err != nil {
			refused++
			continue
		}
		v, err := scheme.ParseView(u)
		var e *locator.Error
		if name == "nntp" && errors.As(err, &e) && e.Code == scheme.CodeNNTPArticle {
			badArticle++
			continue
		}
		if err != nil {
			t.Errorf("%s: ParseView(%q): %v", c.Section, in, err)
			continue
		}
		viewed++
		path := c.Path
		switch v := v.(type) {
		case scheme.Gopher:
			if "//"+u.HostPort() != c.Hostport {
				t.Errorf("%q: hostport %q, libwww %q", in, u.HostPort(), c.Hostport)
			}
			want := scheme.Gopher{Login: v.Login, Type: "1", TypeDefaulted: true}
			if len(path) > 1 {
				sel, _ := pct.Decode(path[2:])
				want = scheme.Gopher{Login: v.Login, Type: path[1:2], Selector: sel}
			}
			if !reflect.DeepEqual(v, want) {
				t.Errorf("%q: view %+v, want %+v from libwww's path %q", in, v, want, path)
			}
		case scheme.NNTP:
			got := "/" + v.Group
			if v.Article != "" {
				got += "/" + v.Article
			}
			if got != path || "//"+u.HostPort() != c.Hostport {
				t.Errorf("%q: view %+v; libwww %q %q", in, v, c.Hostport, path)
			}
		case scheme.News:
			if v.Group != path && "<"+v.MessageID+">" != path && v.MessageID != path {
				t.Errorf("%q: view %+v; libwww path %q", in, v, path)
			}
		case scheme.Mailto:
			if v.Addr != path {
				t.Errorf("%q: view %+v; libwww path %q", in, v, path)
			}
		}
		w, err := v.URL()
		if err != nil {
			t.Errorf("%q: URL(): %v", in, err)
			continue
		}
		if v2, err := scheme.ParseView(w); err != nil || !reflect.DeepEqual(v2, v) {
			t.Errorf("%q → %q → %+v, %v", in, w, v2, err)
		}
	}
	t.Logf("libwww: %d URLs viewed, %d refused by Parse, %d nntp articles not digits", viewed, refused, badArticle)
	if viewed < 40 || badArticle == 0 {
		t.Errorf("libwww: only %d viewed, %d bad articles", viewed, badArticle)
	}
}

func TestGopherPlanHost(t *testing.T) {
	// An IP literal is connected to without its brackets; an empty host has no plan.
	p, err := scheme.PlanFor(locator.MustParse("GOPHER://[2001:db8::1]:7070/0x"))
	if err != nil || p.Host != "2001:db8::1" || p.Port != 7070 || string(p.Wire()) != "x\r\n" {
		t.Errorf("plan = %+v, %v", p, err)
	}
	var e *locator.Error
	for _, in := range []string{"gopher:///0x", "nntp:///g/1"} {
		if _, err := scheme.PlanFor(locator.MustParse(in)); !errors.As(err, &e) || e.Code != scheme.CodeNoHost {
			t.Errorf("PlanFor(%q) = %v; want %s", in, err, scheme.CodeNoHost)
		}
	}
	// "?" (RFC 1738 §3.4.5): notes say how the form is fetched and answered.
	p, err = scheme.PlanFor(locator.MustParse("gopher://gopher.example.org/0s%09%09%3F"))
	if err != nil || len(p.Steps) != 4 || p.Steps[2].Send != "s\t!" || p.Steps[3].Note == "" {
		t.Errorf("plan = %+v, %v", p, err)
	}
}

// The view's JSON names its parts; the login's fields are flattened into it.
func TestGopherJSON(t *testing.T) {
	g, err := scheme.ParseGopher(locator.MustParse("gopher://gopher.example.org:7070/0a_gopher_selector%09%09!+ABSTRACT"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"user":null,"password":null,"host":"gopher.example.org","port":"7070","type":"0","selector":"a_gopher_selector","search":"","gopher_plus":"!+ABSTRACT","plus":{"kind":"attributes","attributes":["+ABSTRACT"]}}`
	if string(b) != want {
		t.Errorf("JSON\n got %s\nwant %s", b, want)
	}
	var g2 scheme.Gopher
	if err := json.Unmarshal(b, &g2); err != nil || !reflect.DeepEqual(g2, g) {
		t.Errorf("JSON round trip: %+v, %v", g2, err)
	}
}
