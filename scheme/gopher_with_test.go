package scheme_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func ExampleGopher_With() {
	// A search engine (type 7) without a search string gets the option's; an item gets a
	// Gopher+ view (gopher-plus.txt §2.6). The plan shows the very bytes sent.
	g, _ := scheme.ParseGopher(locator.MustParse("gopher://gopher.example.org/7/search"))
	s, _ := g.With(scheme.GopherPlanOptions{Query: "gopher history"})
	fmt.Printf("%q\n", s.Request())
	d, _ := scheme.ParseGopher(locator.MustParse("gopher://gopher.example.org/0/paper"))
	v, _ := d.With(scheme.GopherPlanOptions{View: "application/postscript En_US"})
	u, _ := v.URL()
	fmt.Println(u)
	fmt.Printf("%q\n", v.Request())
	// Output:
	// "/search\tgopher history\r\n"
	// gopher://gopher.example.org/0/paper%09%09+application/postscript%20En_US
	// "/paper\t+application/postscript En_US\r\n"
}

// TestGopherWith: the options of a get change the request, and the plan shows it (the plan is
// what runs); a URL's own search string and view win or conflict, never silently.
func TestGopherWith(t *testing.T) {
	for _, c := range []struct {
		url   string
		o     scheme.GopherPlanOptions
		want  string // the request; "" for an error
		code  locator.Code
		wire2 string // PlanWith(o).Wire()
	}{
		{url: "gopher://h/7s", o: scheme.GopherPlanOptions{Query: "a b"}, want: "s\ta b\r\n"},
		{url: "gopher://h/7s%09x", o: scheme.GopherPlanOptions{Query: "a b"}, want: "s\tx\r\n"},
		{url: "gopher://h/0s", o: scheme.GopherPlanOptions{Query: "a b"}, want: "s\r\n"},
		{url: "gopher://h/7s", o: scheme.GopherPlanOptions{Query: "a\r\nb"}, code: scheme.CodeLineBreak},
		{url: "gopher://h/0s", o: scheme.GopherPlanOptions{View: "text/plain"}, want: "s\t+text/plain\r\n"},
		{url: "gopher://h/", o: scheme.GopherPlanOptions{View: "application/gopher+-menu"}, want: "\t+application/gopher+-menu\r\n"},
		{url: "gopher://h/0s%09%09+", o: scheme.GopherPlanOptions{View: "text/plain De_DE"}, want: "s\t+text/plain De_DE\r\n"},
		{url: "gopher://h/7s", o: scheme.GopherPlanOptions{View: "text/plain", Query: "q"}, want: "s\tq\t+text/plain\r\n"},
		{url: "gopher://h/0s%09%09+text/plain", o: scheme.GopherPlanOptions{View: "text/plain"}, want: "s\t+text/plain\r\n"},
		{url: "gopher://h/0s%09%09+image/gif", o: scheme.GopherPlanOptions{View: "text/plain"}, code: scheme.CodeGopherPlus},
		{url: "gopher://h/0s%09%09!", o: scheme.GopherPlanOptions{View: "text/plain"}, code: scheme.CodeGopherPlus},
		{url: "gopher://h/0s", o: scheme.GopherPlanOptions{View: "a\tb"}, code: scheme.CodeLineBreak},
	} {
		g, err := scheme.ParseGopher(locator.MustParse(c.url))
		if err != nil {
			t.Fatal(err)
		}
		got := g.RequestWith(c.o)
		p, perr := g.PlanWith(c.o)
		if c.want == "" {
			var le *locator.Error
			if got != nil || !errors.As(perr, &le) || le.Code != c.code {
				t.Errorf("%s %+v: request %q, plan error %v; want code %s", c.url, c.o, got, perr, c.code)
			}
			continue
		}
		if string(got) != c.want || perr != nil || string(p.Wire()) != c.want {
			t.Errorf("%s %+v: request %q, plan %q (%v); want %q", c.url, c.o, got, p.Wire(), perr, c.want)
		}
	}
}
