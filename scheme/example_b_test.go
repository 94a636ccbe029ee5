package scheme_test

import (
	"fmt"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func ExampleParseGopher() {
	// The 1994 URL draft's Spanish postscript view of a Gopher+ item (RFC 1738 §3.4.8).
	u := locator.MustParse("gopher://gopher.example.org/0a_gopher_selector%09%09+application/postscript%20Es_ES")
	g, err := scheme.ParseGopher(u)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("type %q selector %q search %q\n", g.Type, g.Selector, *g.Search)
	fmt.Printf("gopher+ %q: %s view %q language %q\n", *g.GopherPlus, g.Plus.Kind, g.Plus.View, g.Plus.Language)
	// Output:
	// type "0" selector "a_gopher_selector" search ""
	// gopher+ "+application/postscript Es_ES": item view "application/postscript" language "Es_ES"
}

func ExampleGopher_Request() {
	// RFC 1738 §3.4.9: a filled-out ASK form is sent as a period-terminated block.
	g, _ := scheme.ParseGopher(locator.MustParse(
		"gopher://gopher.example.org/0a_gopher_selector%09%09+%091%0D%0A+-1%0D%0Aask_item1_value%0D%0Aask_item2_value%0D%0A.%0D%0A"))
	fmt.Printf("%q\n", g.Request())
	// Output:
	// "a_gopher_selector\t+\t1\r\n+-1\r\nask_item1_value\r\nask_item2_value\r\n.\r\n"
}

func ExampleGopher_RequestWith() {
	// The 1994 URL draft's default view of a Gopher+ item: "a_gopher_selector<tab>+<cr><lf>";
	// RFC 1738 §3.4.3's wording puts the empty search string and its TAB before the "+".
	g, _ := scheme.ParseGopher(locator.MustParse("gopher://gopher.example.org/0a_gopher_selector%09%09+"))
	fmt.Printf("%q\n", g.RequestWith(scheme.GopherPlanOptions{}))
	fmt.Printf("%q\n", g.RequestWith(scheme.GopherPlanOptions{Literal: true}))
	// Output:
	// "a_gopher_selector\t+\r\n"
	// "a_gopher_selector\t\t+\r\n"
}

func ExampleGopher_PlanWith() {
	g, _ := scheme.ParseGopher(locator.MustParse("gopher://gopher.example.org/0a_gopher_selector%09%09!+ABSTRACT"))
	p, _ := g.PlanWith(scheme.GopherPlanOptions{Literal: true})
	for _, s := range p.Steps {
		if s.Send != "" {
			fmt.Printf("send %q  # %s\n", s.Send, s.Note)
		}
	}
	fmt.Printf("%q\n", p.Wire())
	// Output:
	// send "a_gopher_selector\t\t!+ABSTRACT"  # RFC 1738 §3.4.3, literally: the selector, TAB, the empty search string, TAB, the gopher+ string (the 1994 URL draft's examples send one TAB)
	// "a_gopher_selector\t\t!+ABSTRACT\r\n"
}

func ExampleGopher_Plan() {
	g, _ := scheme.ParseGopher(locator.MustParse("gopher://gopher.example.org/0a_gopher_selector%09%09!+ABSTRACT%20+SMELL"))
	p, _ := g.Plan()
	fmt.Println(p.Host, p.Port)
	for _, s := range p.Steps {
		if s.Send != "" {
			fmt.Printf("send %q\n", s.Send)
		}
	}
	fmt.Printf("%q\n", p.Wire())
	// Output:
	// gopher.example.org 70
	// send "a_gopher_selector\t!+ABSTRACT +SMELL"
	// "a_gopher_selector\t!+ABSTRACT +SMELL\r\n"
}

func ExampleGopher_URL() {
	g := scheme.Gopher{
		Login:    scheme.Login{Host: "gopher.example.org"},
		Type:     "7",
		Selector: "/search engine",
		Search:   new("gopher plus?"),
	}
	u, err := g.URL()
	fmt.Println(u, err)
	// Output:
	// gopher://gopher.example.org/7/search%20engine%09gopher%20plus%3F <nil>
}

func ExampleParseNews() {
	for _, s := range []string{"news:*", "news:comp.infosystems.www.misc", "news:642@eagle.ATT.COM"} {
		n, _ := scheme.ParseNews(locator.MustParse(s))
		p, _ := n.Plan()
		fmt.Printf("%+v %q\n", n, p.Wire())
	}
	// Output:
	// {Group: MessageID: All:true} "MODE READER\r\nLIST\r\nQUIT\r\n"
	// {Group:comp.infosystems.www.misc MessageID: All:false} "MODE READER\r\nGROUP comp.infosystems.www.misc\r\nOVER 1-\r\nXOVER 1-\r\nQUIT\r\n"
	// {Group: MessageID:642@eagle.ATT.COM All:false} "MODE READER\r\nARTICLE <642@eagle.ATT.COM>\r\nQUIT\r\n"
}

func ExampleParseNNTP() {
	n, _ := scheme.ParseNNTP(locator.MustParse("nntp://news.example.org/comp.infosystems.www.misc/1234"))
	p, _ := n.Plan()
	fmt.Println(n.Host, n.Group, n.Article, p.Port)
	fmt.Printf("%q\n", p.Wire())
	// Output:
	// news.example.org comp.infosystems.www.misc 1234 119
	// "MODE READER\r\nGROUP comp.infosystems.www.misc\r\nARTICLE 1234\r\nQUIT\r\n"
}

func ExampleParseMailto() {
	// RFC 1738 §3.5: "%" in an address (a gatewayed one) is written %25.
	m, _ := scheme.ParseMailto(locator.MustParse("mailto:user%25relay@gw.example"))
	p, _ := m.Plan()
	fmt.Println(m.Addr)
	fmt.Printf("%q\n", p.Wire())
	// Output:
	// user%relay@gw.example
	// "RCPT TO:<user%relay@gw.example>\r\n"
}

func ExampleParseMid() {
	m, _ := scheme.ParseMid(locator.MustParse("mid:960830.1639@XIson.com/partA.960830.1639@XIson.com"))
	fmt.Println(m.MessageID, *m.ContentID)
	// Output: 960830.1639@XIson.com partA.960830.1639@XIson.com
}

func ExampleParseCid() {
	c, _ := scheme.ParseCid(locator.MustParse("cid:foo4*foo1@bar.net"))
	fmt.Println(c.ContentID)
	// Output: foo4*foo1@bar.net
}
