package scheme_test

import (
	"fmt"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func ExampleCheck() {
	u := locator.MustParse("ftp://host.dom/pub/a b;type=x")
	fmt.Println("RFC 1738:")
	for _, f := range scheme.Check(u, locator.RFC1738) {
		fmt.Println(f)
	}
	fmt.Println("RFC 3986:")
	for _, f := range scheme.Check(u, locator.RFC3986) {
		fmt.Println(f)
	}
	// Output:
	// RFC 1738:
	// error at offset 20: unsafe character " " must be encoded as %20 [unsafe-char, RFC 1738 §2.2]
	// error at offset 28: typecode "x" is not one of A, I, D, a, i, d [ftp-typecode, RFC 1738 §5 ftptype]
	// RFC 3986:
	// error at offset 20: character " " is not allowed in a URI; encode it as %20 [char-not-allowed, RFC 3986 §3.3 path]
}

// Valid allows warnings: an upper-case scheme name is one (RFC 1738 §2.1 asks interpreters to
// ignore case), a "_" in a host name is an error (RFC 1738 §5 hostname).
func ExampleValid() {
	for _, s := range []string{"ftp://host.dom/pub/", "HTTP://host.dom/", "http://host_dom/"} {
		u := locator.MustParse(s)
		fmt.Println(s, scheme.Valid(scheme.Check(u, locator.RFC1738)))
	}
	// Output:
	// ftp://host.dom/pub/ true
	// HTTP://host.dom/ true
	// http://host_dom/ false
}

func ExampleParseView() {
	for _, s := range []string{"news:comp.infosystems.www", "wais://quake.think.com/mydb?query", "x-foo:bar"} {
		v, err := scheme.ParseView(locator.MustParse(s))
		switch v := v.(type) {
		case scheme.News:
			fmt.Println(v.Scheme(), "group", v.Group)
		case scheme.WAIS:
			fmt.Println(v.Scheme(), "database", v.Database, "search", *v.Search)
		default:
			fmt.Println(err)
		}
	}
	// Output:
	// news group comp.infosystems.www
	// wais database mydb search query
	// locator: "x-foo:bar": no typed view for scheme "x-foo" (at offset 0, RFC 1738 §3)
}

// Every typed view builds its URL back, encoding what its scheme requires.
func ExampleView() {
	v, err := scheme.ParseView(locator.MustParse("gopher://gopher.example/0a%20file%09search"))
	if err != nil {
		fmt.Println(err)
		return
	}
	u, err := v.URL()
	fmt.Println(v.Scheme(), u, err)
	// Output:
	// gopher gopher://gopher.example/0a%20file%09search <nil>
}

func ExamplePlanFor() {
	p, err := scheme.PlanFor(locator.MustParse("gopher://gopher.example:7070/1/docs"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Scheme, p.Host, p.Port)
	for _, s := range p.Steps {
		fmt.Printf("%q %q\n", s.Send, s.Note)
	}
	// Output:
	// gopher gopher.example 7070
	// "" "connect to gopher.example:7070 (TCP; RFC 1436; RFC 1738 §3.4.1: port 70 unless the URL gives one)"
	// "/docs" ""
}

func ExamplePlan_Wire() {
	p, err := scheme.PlanFor(locator.MustParse("http://www.example.com/a?b"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q\n", p.Wire())
	// Output:
	// "GET /a?b HTTP/1.0\r\nHost: www.example.com\r\n\r\n"
}

func printPlan(p scheme.Plan, err error) {
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s host=%q port=%d path=%q\n", p.Scheme, p.Host, p.Port, p.Path)
	for _, s := range p.Steps {
		if s.Send != "" {
			fmt.Println("send:", s.Send)
		} else {
			fmt.Println("note:", s.Note)
		}
	}
}

func ExampleNews_Plan() {
	n, err := scheme.ParseNews(locator.MustParse("news:comp.lang.go"))
	if err != nil {
		fmt.Println(err)
		return
	}
	printPlan(n.Plan())
	// Output:
	// news host="" port=119 path=""
	// note: connect to the news server configured locally, port 119 (NNTP, RFC 977): none is configured (a news URL names none, RFC 5538 §4; give one with --nntp-server or NNTPSERVER); read its greeting (RFC 3977 §5.1.1)
	// send: MODE READER
	// send: GROUP comp.lang.go
	// send: OVER 1-
	// send: XOVER 1-
	// send: QUIT
}

func ExampleNews_PlanWith() {
	n, err := scheme.ParseNews(locator.MustParse("news:642@eagle.ATT.COM"))
	if err != nil {
		fmt.Println(err)
		return
	}
	// The server as newsreaders find it: the flag, else NNTPSERVER.
	printPlan(n.PlanWith(scheme.NewsPlanOptions{Server: "news.example:1119", Source: "--nntp-server"}))
	// Output:
	// news host="news.example" port=1119 path=""
	// note: connect to news.example:1119 (the news server configured locally, from --nntp-server: a news URL names none, RFC 5538 §4; NNTP, RFC 977); read its greeting (RFC 3977 §5.1.1)
	// send: MODE READER
	// send: ARTICLE <642@eagle.ATT.COM>
	// send: QUIT
}

func ExampleNNTP_Plan() {
	n, err := scheme.ParseNNTP(locator.MustParse("nntp://news.example/comp.lang.go/1234"))
	if err != nil {
		fmt.Println(err)
		return
	}
	printPlan(n.Plan())
	// Output:
	// nntp host="news.example" port=119 path=""
	// note: connect to news.example:119 (NNTP, RFC 977; RFC 1738 §3.7: port 119 unless the URL gives one); read the greeting (RFC 3977 §5.1.1)
	// send: MODE READER
	// send: GROUP comp.lang.go
	// send: ARTICLE 1234
	// send: QUIT
}

func ExampleMailto_Plan() {
	m, err := scheme.ParseMailto(locator.MustParse("mailto:joe@example.com"))
	if err != nil {
		fmt.Println(err)
		return
	}
	printPlan(m.Plan())
	// Output:
	// mailto host="" port=0 path=""
	// note: compose a message to "joe@example.com" (RFC 1738 §3.5: a mailto URL designates an Internet mailing address)
	// note: SMTP (RFC 5321): connect to a mail exchanger of the address's domain or a configured relay; HELO/EHLO; MAIL FROM:<the user's address>
	// send: RCPT TO:<joe@example.com>
	// note: DATA with the message the user writes; QUIT
}

func ExampleMid_Plan() {
	m, err := scheme.ParseMid(locator.MustParse("mid:960830.1639@XIson.com/partA.960830.1639@XIson.com"))
	if err != nil {
		fmt.Println(err)
		return
	}
	printPlan(m.Plan())
	// Output:
	// mid host="" port=0 path=""
	// note: find the mail message with "Message-ID: <960830.1639@XIson.com>" among the messages at hand (1994 URL draft, midaddress; RFC 822 §4.6.1); no protocol or server is named
	// note: in it, the MIME body part with "Content-ID: <partA.960830.1639@XIson.com>" (RFC 2392 §2)
}

func ExampleCid_Plan() {
	c, err := scheme.ParseCid(locator.MustParse("cid:foo4%25foo1@bar.net"))
	if err != nil {
		fmt.Println(err)
		return
	}
	printPlan(c.Plan())
	// Output:
	// cid host="" port=0 path=""
	// note: find the MIME body part with "Content-ID: <foo4%foo1@bar.net>" in the message at hand (1994 URL draft, cidaddress; RFC 2045 §7); no protocol or server is named
}

func ExampleWAIS_Plan() {
	w, err := scheme.ParseWAIS(locator.MustParse("wais://quake.think.com:210/mydb?earthquake"))
	if err != nil {
		fmt.Println(err)
		return
	}
	printPlan(w.Plan())
	// Output:
	// wais host="quake.think.com" port=210 path=""
	// note: connect to quake.think.com:210 (WAIS, Z39.50-1988, RFC 1625; RFC 1738 §3.9: port 210 unless the URL gives one)
	// note: database "mydb"
	// note: search query "earthquake" (a WAIS search request, RFC 1625)
}

func ExampleProspero_Plan() {
	p, err := scheme.ParseProspero(locator.MustParse("prospero://host.dom//pros/name;OBJECT-VERSION=2"))
	if err != nil {
		fmt.Println(err)
		return
	}
	printPlan(p.Plan())
	// Output:
	// prospero host="host.dom" port=1525 path=""
	// note: connect to host.dom:1525 (the Prospero directory service, over UDP; RFC 1738 §3.11, RFC 4157 §2: port 1525 unless the URL gives one)
	// note: resolve the hsoname "/pros/name" to access methods (RFC 1738 §3.11)
	// note: field OBJECT-VERSION="2" identifies the target (RFC 1738 §3.11)
}

func ExampleAFS_Plan() {
	a, err := scheme.ParseAFS(locator.MustParse("afs://transarc.com/usr/joe/file"))
	if err != nil {
		fmt.Println(err)
		return
	}
	printPlan(a.Plan())
	// Output:
	// afs host="" port=0 path="/afs/transarc.com/usr/joe/file"
	// note: read "/afs/transarc.com/usr/joe/file" through the local AFS client, whose tree of cells is conventionally mounted at /afs (1994 URL draft afsaddress)
}
