package scheme

import (
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/zerocheck"
)

// TestZeroValues: no exported method of the package's types panics on a zero value or on a
// view, plan or report of a real URL, and no exported function on zero or hostile arguments
// (internal/zerocheck). Register changes the process's registry.
func TestZeroValues(t *testing.T) {
	n := zerocheck.Methods(t, new(AFS), new(Cid), new(FTP), new(FTPPlanOptions), new(File),
		new(Gopher), new(GopherPlanOptions), new(GopherPlus), new(HTTP), new(HTTPOptions),
		new(Login), new(Mailto), new(Mid), new(ModeResult), new(NNTP), new(News),
		new(NewsPlanOptions), new(OS), new(Plan), new(Prospero), new(ProsperoField), new(Report),
		new(Resolution), new(Resolver), new(Scheme), new(Session), new(Step), new(Telnet),
		new(WAIS))
	// And on the views, plans and reports of URLs of every scheme the documents define.
	for _, s := range []string{"http://u:p@h.example:81/p?x#f", "ftp://a:b@h/c/d;type=d",
		"gopher://h/7sel%09q%09!", "mailto:a@b?subject=x", "news:x@y", "nntp://h/g/12",
		"telnet://u:p@h:23/", "wais://h/db/t/p", "file://localhost/etc/x", "prospero://h/a;x=y",
		"afs://c/p", "mid:a@b/c@d", "cid:a@b"} {
		u, err := locator.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		v, err := ParseView(u)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		p, _ := PlanFor(u)
		r := Inspect(s, locator.RFC1738)
		n += zerocheck.Methods(t, &v, &p, &r)
	}
	n += zerocheck.Funcs(t, map[string]any{
		"All": All, "AppendWire": AppendWire, "Check": Check, "CheckFTPMail": CheckFTPMail,
		"CheckTo": CheckTo, "FileURLFromPath": FileURLFromPath, "GatewayPlan": GatewayPlan,
		"GuessFTPType": GuessFTPType, "Inspect": Inspect, "Lookup": Lookup,
		"NewResolver": NewResolver, "NewsServerOptions": NewsServerOptions,
		"ParseAFS": ParseAFS, "ParseCid": ParseCid, "ParseFTP": ParseFTP, "ParseFile": ParseFile,
		"ParseGopher": ParseGopher, "ParseHTTP": ParseHTTP, "ParseMailto": ParseMailto,
		"ParseMid": ParseMid, "ParseNNTP": ParseNNTP, "ParseNews": ParseNews, "ParseOS": ParseOS,
		"ParseProspero": ParseProspero, "ParseSession": ParseSession, "ParseTelnet": ParseTelnet,
		"ParseView": ParseView, "ParseWAIS": ParseWAIS, "PathFromFileURL": PathFromFileURL,
		"PlanFor": PlanFor, "Security": Security, "SpecScheme": SpecScheme,
		"SplitNewsServer": SplitNewsServer, "Valid": Valid,
	})
	if n < 1000 {
		t.Errorf("%d calls made", n)
	}
}
