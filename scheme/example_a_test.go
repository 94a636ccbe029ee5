package scheme_test

import (
	"fmt"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func ExampleParseFTP() {
	// RFC 1738 §3.2.2: "%2F" puts a "/" inside a CWD element.
	u := locator.MustParse("ftp://myname@host.dom/%2Fetc/motd")
	f, err := scheme.ParseFTP(u)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(*f.User, f.Host, f.CWD, f.Name, f.Type == "")
	// Output: myname host.dom [/etc] motd true
}

func ExampleFTP_URL() {
	f := scheme.FTP{Login: scheme.Login{Host: "ftp.example.org"}, CWD: []string{"pub", "a;b"}, Name: "read me", Type: "a"}
	u, _ := f.URL()
	fmt.Println(u)
	// Output: ftp://ftp.example.org/pub/a%3Bb/read%20me;type=a
}

func ExampleFTP_Plan() {
	f, _ := scheme.ParseFTP(locator.MustParse("ftp://info.cern.ch/pub/www/doc;type=d"))
	p, _ := f.Plan()
	fmt.Printf("%s:%d\n", p.Host, p.Port)
	for _, s := range p.Steps {
		if s.Send != "" {
			fmt.Println(s.Send)
		}
	}
	// Output:
	// info.cern.ch:21
	// USER anonymous
	// PASS anonymous@
	// CWD pub
	// CWD www
	// EPSV
	// PASV
	// NLST doc
	// QUIT
}

func ExampleFTP_PlanWith() {
	f, _ := scheme.ParseFTP(locator.MustParse("ftp://ftp.example.org/README"))
	p, _ := f.PlanWith(scheme.FTPPlanOptions{Mail: "ann@example.org"})
	fmt.Printf("%q\n", p.Wire())
	// Output: "USER anonymous\r\nPASS ann@example.org\r\nTYPE I\r\nSIZE README\r\nEPSV\r\nPASV\r\nRETR README\r\nQUIT\r\n"
}

func ExampleParseHTTP() {
	h, _ := scheme.ParseHTTP(locator.MustParse("http://ds.internic.net/instructions/overview.html#WARNING"))
	fmt.Println(h.Host, h.Path, h.Search == nil)
	// Output: ds.internic.net instructions/overview.html true
}

func ExampleHTTP_Plan() {
	h, _ := scheme.ParseHTTP(locator.MustParse("http://www.example.com:8080/cgi-bin/q?a=b"))
	p, _ := h.Plan()
	fmt.Printf("%s:%d %q\n", p.Host, p.Port, p.Wire())
	// Output: www.example.com:8080 "GET /cgi-bin/q?a=b HTTP/1.0\r\nHost: www.example.com:8080\r\n\r\n"
}

func ExampleParseFile() {
	f, _ := scheme.ParseFile(locator.MustParse("file:///home/ann/a%20note.txt"))
	fmt.Printf("%q %v\n", f.Path, f.IsLocal)
	// Output: "/home/ann/a note.txt" true
}

func ExampleFile_Plan() {
	f, _ := scheme.ParseFile(locator.MustParse("file://localhost/etc/motd"))
	p, _ := f.Plan()
	fmt.Println(p.Path, len(p.Wire()))
	// Output: /etc/motd 0
}

func ExampleParseTelnet() {
	t, _ := scheme.ParseTelnet(locator.MustParse("telnet://guest:guest@library.example.edu/"))
	fmt.Println(*t.User, *t.Password, t.Host)
	// Output: guest guest library.example.edu
}

func ExampleTelnet_Plan() {
	t, _ := scheme.ParseTelnet(locator.MustParse("telnet://guest@library.example.edu"))
	p, _ := t.Plan()
	for _, s := range p.Steps {
		fmt.Println(s.Note)
	}
	// A control character decoded from the user name is refused (RFC 1738 §6).
	_, err := scheme.PlanFor(locator.MustParse("telnet://guest%0D%0Aecho@library.example.edu"))
	fmt.Println(err != nil)
	// Output:
	// connect to library.example.edu:23 (a Telnet session, RFC 854; RFC 1738 §3.8: port 23 unless the URL gives one)
	// suggest the user name "guest" to the user (advisory, RFC 1738 §3.8)
	// answer the server's option negotiation (RFC 854): agree to its ECHO and SUPPRESS-GO-AHEAD (WILL answered DO) and to SUPPRESS-GO-AHEAD on this side (DO answered WILL); refuse every other option (DO answered WONT, WILL answered DONT)
	// true
}

func ExampleParseWAIS() {
	w, _ := scheme.ParseWAIS(locator.MustParse("wais://quake.think.com/directory-of-servers?gopher"))
	fmt.Println(w.Database, *w.Search)
	w, _ = scheme.ParseWAIS(locator.MustParse("wais://quake.think.com/db/TEXT/0-42"))
	fmt.Println(w.Database, *w.WType, *w.WPath)
	// Output:
	// directory-of-servers gopher
	// db TEXT 0-42
}

func ExampleParseProspero() {
	p, _ := scheme.ParseProspero(locator.MustParse("prospero://host.dom//pros/name;OBJECT-VERSION=3"))
	fmt.Println(p.HSOName, p.Fields)
	// The 1994 URL draft's form: hsoname %00 version %00 attribute.
	p, _ = scheme.ParseProspero(locator.MustParse("prospero://host.dom/obj%0012%00TEXT"))
	fmt.Println(p.HSOName, *p.Version, p.Attributes)
	// Output:
	// /pros/name [{OBJECT-VERSION 3}]
	// obj 12 [TEXT]
}

func ExampleParseAFS() {
	a, _ := scheme.ParseAFS(locator.MustParse("afs://cern.ch/user/t/tbl"))
	p, _ := a.Plan()
	fmt.Println(a.Cell, a.Path, p.Path)
	// Output: cern.ch user/t/tbl /afs/cern.ch/user/t/tbl
}
