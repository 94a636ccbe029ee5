package scheme_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// gopherLiteralRows are the request lines of both forms (GopherPlanOptions.Literal false:
// the 1994 URL draft's examples; true: RFC 1738 §3.4.3's wording), byte for byte. They differ
// only for a non-empty gopher+ string with an empty or absent search on an item that is not
// type "7"; everywhere else the documents agree and so must the forms.
var gopherLiteralRows = []struct {
	src     string
	g       scheme.Gopher // used when in is ""
	in      string
	draft   string // RequestWith(GopherPlanOptions{})
	literal string // RequestWith(GopherPlanOptions{Literal: true})
}{
	// No search (Search nil) and a gopher+ string: URL writes the empty search (§3.4.3).
	{src: "no search, gopher+ \"+\": 1994 draft a_gopher_selector<tab>+; RFC 1738 §3.4.3 two TABs",
		g:     scheme.Gopher{Login: scheme.Login{Host: "h"}, Type: "0", Selector: "a_gopher_selector", GopherPlus: bStr("+")},
		draft: "a_gopher_selector\t+\r\n", literal: "a_gopher_selector\t\t+\r\n"},
	{src: "no search, Plus attributes: 1994 draft a_gopher_selector<tab>!",
		g:     scheme.Gopher{Login: scheme.Login{Host: "h"}, Type: "0", Selector: "s", Plus: &scheme.GopherPlus{Kind: scheme.GopherPlusAttributes}},
		draft: "s\t!\r\n", literal: "s\t\t!\r\n"},
	{src: "no search, type 7: both send Tab Tab (gopher-plus.txt §2.4)",
		g:     scheme.Gopher{Login: scheme.Login{Host: "h"}, Type: "7", Selector: "s", GopherPlus: bStr("+")},
		draft: "s\t\t+\r\n", literal: "s\t\t+\r\n"},
	// An empty search and a gopher+ string.
	{src: "empty search, \"+\": the 1994 draft's default view example", in: "gopher://h/0a_gopher_selector%09%09+",
		draft: "a_gopher_selector\t+\r\n", literal: "a_gopher_selector\t\t+\r\n"},
	{src: "empty search, \"!+ABSTRACT%20+SMELL\": RFC 1738 §3.4.7, the 1994 draft's example", in: "gopher://h/0a_gopher_selector%09%09!+ABSTRACT%20+SMELL",
		draft: "a_gopher_selector\t!+ABSTRACT +SMELL\r\n", literal: "a_gopher_selector\t\t!+ABSTRACT +SMELL\r\n"},
	{src: "empty search, \"$\": the 1994 draft a_gopher_selector<tab>$", in: "gopher://h/1a_gopher_selector%09%09$",
		draft: "a_gopher_selector\t$\r\n", literal: "a_gopher_selector\t\t$\r\n"},
	{src: "empty search, alternate view: RFC 1738 §3.4.8", in: "gopher://h/0s%09%09+application/postscript%20Es_ES",
		draft: "s\t+application/postscript Es_ES\r\n", literal: "s\t\t+application/postscript Es_ES\r\n"},
	{src: "empty search, an uninterpreted gopher+ string: the 1994 draft's some_gplus_stuff", in: "gopher://h/0s%09%09some_gplus_stuff",
		draft: "s\tsome_gplus_stuff\r\n", literal: "s\t\tsome_gplus_stuff\r\n"},
	{src: "empty search, empty selector", in: "gopher://h/1%09%09!",
		draft: "\t!\r\n", literal: "\t\t!\r\n"},
	{src: "empty search, a filled-out ASK form: RFC 1738 §3.4.9's example (one TAB) and §3.4.3 (two)",
		in:    "gopher://h/0a_gopher_selector%09%09+%091%0D%0A+-1%0D%0Aask_item1_value%0D%0Aask_item2_value%0D%0A.%0D%0A",
		draft: "a_gopher_selector\t+\t1\r\n+-1\r\nask_item1_value\r\nask_item2_value\r\n.\r\n", literal: "a_gopher_selector\t\t+\t1\r\n+-1\r\nask_item1_value\r\nask_item2_value\r\n.\r\n"},
	{src: "empty search, \"?\": the attributes are fetched, \"!\" (RFC 1738 §3.4.5; gopher-plus.txt §2.8)", in: "gopher://h/0s%09%09%3F",
		draft: "s\t!\r\n", literal: "s\t\t!\r\n"},
	{src: "empty search, type 7: both send Tab Tab '!' (gopher-plus.txt §2.5)", in: "gopher://h/7index%09%09!",
		draft: "index\t\t!\r\n", literal: "index\t\t!\r\n"},
	// A search and a gopher+ string: RFC 1738 §3.4.3 and gopher-plus.txt §2.4 agree.
	{src: "search, type 7: gopher-plus.txt §2.4, Gopher+ information after the words", in: "gopher://h/7index%09gopher%20plus%09+",
		draft: "index\tgopher plus\t+\r\n", literal: "index\tgopher plus\t+\r\n"},
	{src: "search, type 0: the search is sent whatever the type", in: "gopher://h/0s%09a%09!+ABSTRACT",
		draft: "s\ta\t!+ABSTRACT\r\n", literal: "s\ta\t!+ABSTRACT\r\n"},
	{src: "search, a one-byte search (the boundary of empty)", in: "gopher://h/0s%09x%09+",
		draft: "s\tx\t+\r\n", literal: "s\tx\t+\r\n"},
	// No gopher+ string: RFC 1738 §3.4.2 and the 1994 draft agree.
	{src: "no gopher+ string, no search: RFC 1738 §3.4.1", in: "gopher://h/0a_gopher_selector",
		draft: "a_gopher_selector\r\n", literal: "a_gopher_selector\r\n"},
	{src: "no gopher+ string, search: RFC 1738 §3.4.2", in: "gopher://h/7a_gopher_selector%09foobar",
		draft: "a_gopher_selector\tfoobar\r\n", literal: "a_gopher_selector\tfoobar\r\n"},
	{src: "no gopher+ string, empty search: RFC 1738 §3.4.2", in: "gopher://h/7s%09",
		draft: "s\t\r\n", literal: "s\t\r\n"},
	{src: "no gopher+ string, empty gopher-path: RFC 1738 §3.4.1", in: "gopher://h",
		draft: "\r\n", literal: "\r\n"},
	{src: "an empty gopher+ string is not one (1994 draft: one or more characters): as if absent", in: "gopher://h/0s%09%09",
		draft: "s\t\r\n", literal: "s\t\r\n"},
}

// TestGopherRequestLiteral: the exact bytes of both forms, from Request, RequestWith, Plan,
// PlanWith and Plan.Wire; the literal plan notes the line where the forms differ, and only it.
func TestGopherRequestLiteral(t *testing.T) {
	lit := scheme.GopherPlanOptions{Literal: true}
	for _, r := range gopherLiteralRows {
		g := r.g
		if r.in != "" {
			var err error
			if g, err = scheme.ParseGopher(locator.MustParse(r.in)); err != nil {
				t.Fatalf("%s: ParseGopher(%q): %v", r.src, r.in, err)
			}
		}
		if got := string(g.Request()); got != r.draft {
			t.Errorf("%s: Request() = %q, want %q", r.src, got, r.draft)
		}
		if got := string(g.RequestWith(scheme.GopherPlanOptions{})); got != r.draft {
			t.Errorf("%s: RequestWith({}) = %q, want %q", r.src, got, r.draft)
		}
		if got := string(g.RequestWith(lit)); got != r.literal {
			t.Errorf("%s: RequestWith(Literal) = %q, want %q", r.src, got, r.literal)
		}
		differs := r.draft != r.literal
		for _, c := range []struct {
			o    scheme.GopherPlanOptions
			want string
			note bool
		}{{scheme.GopherPlanOptions{}, r.draft, false}, {lit, r.literal, differs}} {
			p, err := g.PlanWith(c.o)
			if err != nil {
				t.Errorf("%s: PlanWith(%+v): %v", r.src, c.o, err)
				continue
			}
			if got := string(p.Wire()); got != c.want {
				t.Errorf("%s: PlanWith(%+v).Wire() = %q, want %q", r.src, c.o, got, c.want)
			}
			notes := 0
			for _, s := range p.Steps {
				if strings.Contains(s.Note, "RFC 1738 §3.4.3, literally") {
					notes++
					if s.Send == "" || !strings.HasPrefix(c.want, s.Send) {
						t.Errorf("%s: PlanWith(%+v): the literal note is on %q, not the request line", r.src, c.o, s.Send)
					}
				}
			}
			if want := map[bool]int{false: 0, true: 1}[c.note]; notes != want {
				t.Errorf("%s: PlanWith(%+v): %d literal notes, want %d: %+v", r.src, c.o, notes, want, p.Steps)
			}
		}
		if p, _ := g.Plan(); string(p.Wire()) != r.draft {
			t.Errorf("%s: Plan().Wire() = %q, want %q", r.src, p.Wire(), r.draft)
		}
	}
}

// TestGopherLiteralRefusals: what cannot be sent is refused in both forms, with the same error.
func TestGopherLiteralRefusals(t *testing.T) {
	lit := scheme.GopherPlanOptions{Literal: true}
	for _, g := range []scheme.Gopher{
		{Login: scheme.Login{Host: "h"}, Type: "0", Selector: "a\x00b", GopherPlus: bStr("+")},
		{Login: scheme.Login{Host: "h"}, Type: "0", Selector: "s", Search: bStr(""), GopherPlus: bStr("+\x00")},
		{Login: scheme.Login{Host: "h"}, Type: "0", Selector: "s\tx", GopherPlus: bStr("+")},
		{Login: scheme.Login{Host: "h"}, Type: "0", Selector: "s", GopherPlus: bStr("+\r\nQUIT")},
	} {
		if b := g.RequestWith(lit); b != nil {
			t.Errorf("%+v: RequestWith(Literal) = %q, want nil", g, b)
		}
		_, e1 := g.PlanWith(scheme.GopherPlanOptions{})
		_, e2 := g.PlanWith(lit)
		var a, b *locator.Error
		if !errors.As(e1, &a) || !errors.As(e2, &b) || *a != *b {
			t.Errorf("%+v: PlanWith errors differ or are missing: %v / %v", g, e1, e2)
		}
	}
}

// TestGopherLiteralAskNote: the note after fetching a "?" item's form names the TABs of the
// form chosen.
func TestGopherLiteralAskNote(t *testing.T) {
	g, err := scheme.ParseGopher(locator.MustParse("gopher://h/0s%09%09%3F"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		o    scheme.GopherPlanOptions
		want string
	}{
		{scheme.GopherPlanOptions{}, "send the selector, TAB, \"+\""},
		{scheme.GopherPlanOptions{Literal: true}, "send the selector, TAB, the search string (which may be empty), TAB, \"+\""},
	} {
		p, err := g.PlanWith(c.o)
		if err != nil {
			t.Fatal(err)
		}
		if last := p.Steps[len(p.Steps)-1].Note; !strings.Contains(last, c.want) {
			t.Errorf("PlanWith(%+v): last note %q, want it to contain %q", c.o, last, c.want)
		}
	}
}
