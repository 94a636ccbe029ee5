package scheme_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// docExample is an example URL of one of the documents: where it stands, what the text prints
// (the part TestSpecDocExamplesFound finds: up to a line break or the closing ">"; "" for a
// URL this table composes from a form the text gives, such as a gopher+ string), the URL meant
// (a URL broken across lines joined, as the RFC 1738 Appendix says to read it), and its
// validity under RFC 1738 alone and under the 1994 URL draft.
type docExample struct {
	where      string
	text       string
	url        string
	rfc1738    bool
	draft1994  bool
	whyDiffers string // when the two specs disagree, the difference (a row of specDifferences)
}

// rfc1738DocExamples is every example URL of testdata/spec/rfc1738.txt.
var rfc1738DocExamples = []docExample{
	{"RFC 1738 §1 (the URI-WG archive)", "", "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html", true, true, ""},
	{"RFC 1738 §3.1 (an empty user name)", "", "ftp://@host.com/", true, false, "login"},
	{"RFC 1738 §3.1 (no user name)", "", "ftp://host.com/", true, true, ""},
	{"RFC 1738 §3.1 (an empty password)", "", "ftp://foo:@host.com/", true, false, "login"},
	{"RFC 1738 §3.2.2 (CWD /etc)", "", "ftp://myname@host.dom/%2Fetc/motd", true, true, ""},
	{"RFC 1738 §3.2.2 (CWD etc)", "", "ftp://myname@host.dom/etc/motd", true, true, ""},
	{"RFC 1738 §3.2.2 (CWD with a null argument)", "", "ftp://myname@host.dom//etc/motd", true, false, "empty segment"},
	{"RFC 1738 §3.6 (all groups)", "", "news:*", true, true, ""},
	{"RFC 1738 §3.10 (a VMS file)", "", "file://vms.host.edu/disk$user/my/notes/note12345.txt", true, true, ""},
	{"RFC 1738 §3.11 (an hsoname with a slash)", "", "prospero://host.dom//pros/name", true, false, "empty segment"},
	{"RFC 1738 Appendix (broken after \";\")", "ftp://info.cern.ch/pub/www/doc;", "ftp://info.cern.ch/pub/www/doc;type=d", true, false, "typecode d"},
	{"RFC 1738 Appendix (broken inside the host)", "ftp://ds.in", "ftp://ds.internic.net/rfc", true, true, ""},
	{"RFC 1738 Appendix (broken after \".\")", "http://ds.internic.", "http://ds.internic.net/instructions/overview.html#WARNING", true, true, ""},
	{"RFC 1738 References [1]", "", "ftp://ds.internic.net/rfc/rfc1436.txt;type=a", true, true, ""},
	{"RFC 1738 References [2] (broken before \"/\")", "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol", "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt", true, true, ""},
	{"RFC 1738 References [3]", "", "ftp://ds.internic.net/rfc/rfc1630.txt", true, true, ""},
	{"RFC 1738 References [4]", "", "ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z", true, true, ""},
	{"RFC 1738 References [5]", "", "ftp://ds.internic.net/rfc/rfc1123.txt", true, true, ""},
	{"RFC 1738 References [6]", "", "ftp://ds.internic.net/rfc/rfc822.txt", true, true, ""},
	{"RFC 1738 References [7], [...]", "", "ftp://quake.think.com/pub/wais/doc/protspec.txt", true, true, ""},
	{"RFC 1738 References [8]", "", "ftp://ds.internic.net/rfc/rfc1036.txt", true, true, ""},
	{"RFC 1738 References [10]", "", "ftp://quake.think.com/pub/wais/doc/doc-ids.txt", true, true, ""},
	{"RFC 1738 References [11]", "", "ftp://ds.internic.net/rfc/rfc977.txt", true, true, ""},
	{"RFC 1738 References [12] (broken before \"/\")", "ftp://ds.internic.net/internet-drafts", "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt", true, true, ""},
	{"RFC 1738 References [13]", "", "ftp://ds.internic.net/rfc/rfc1034.txt", true, true, ""},
	{"RFC 1738 References [14] (broken before \"/\")", "ftp://prospero.isi.edu/pub/prospero/doc", "ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z", true, true, ""},
	{"RFC 1738 References [15]", "", "ftp://ds.internic.net/rfc/rfc959.txt", true, true, ""},
	{"RFC 1738 References [16]", "", "ftp://ds.internic.net/rfc/rfc1737.txt", true, true, ""},
	{"RFC 1738 References [17]", "", "ftp://ds.internic.net/rfc/rfc1625.txt", true, true, ""},
	{"RFC 1738 References [18]", "", "ftp://uu.psi.com/wp/nir.txt", true, true, ""},
	// The gopher+ strings of §3.4.7–3.4.9, each in a URL of §3.4.1's form (composed).
	{"RFC 1738 §3.4.4 (\"+\", the default view; composed)", "-", "gopher://host/0sel%09%09+", true, true, ""},
	{"RFC 1738 §3.4.4 (\"?\", an ASK form; composed)", "-", "gopher://host/0sel%09%09?", true, false, "gopher \"?\""},
	{"RFC 1738 §3.4.6 (\"!\" and \"$\"; composed)", "-", "gopher://host/1sel%09%09$", true, true, ""},
	{"RFC 1738 §3.4.7 (\"!+ABSTRACT%20+SMELL\"; composed)", "-", "gopher://host/0sel%09%09!+ABSTRACT%20+SMELL", true, true, ""},
	{"RFC 1738 §3.4.8 (\"+application/postscript%20Es_ES\"; composed)", "-", "gopher://host/0sel%09%09+application/postscript%20Es_ES", true, true, ""},
	{"RFC 1738 §3.4.9 (an ASK block; composed)", "-", "gopher://host/0sel%09%09+%091%0D%0A+-1%0D%0Aask_item1_value%0D%0Aask_item2_value%0D%0A.%0D%0A", true, true, ""},
}

// draft1994DocExamples is every example URL of testdata/spec/url-draft-1994.txt. The draft has
// no numbered sections: a row cites the heading.
var draft1994DocExamples = []docExample{
	{"1994 URL draft, Appendices (Example)", "", "ftp://ftp.w3.org/pub/www/doc", true, true, ""},
	{"1994 URL draft, Appendices (Example)", "", "ftp://ds.internic.net/rfc", true, true, ""},
	{"1994 URL draft, References (Alberti)", "", "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol", true, true, ""},
	// Printed with spaces, broken after "Information": not a URL by either document.
	{"1994 URL draft, References (Alberti, see also)", "gopher://gopher.micro.umn.edu/00/Information", "gopher://gopher.micro.umn.edu/00/Information About Gopher/About Gopher", false, false, ""},
	{"1994 URL draft, References (Berners-Lee)", "", "ftp://ftp.w3.org/pub/www/doc/http-spec.txt", true, true, ""},
	{"1994 URL draft, References (Davis)", "", "ftp://quake.think.com/pub/wais/doc/protspec.txt", true, true, ""},
	{"1994 URL draft, References (Kahle)", "", "ftp://quake.think.com/pub/wais/doc/doc-ids.txt", true, true, ""},
	{"1994 URL draft, References (Kantor)", "", "ftp://ds.internic.net/rfc/rfc977.txt", true, true, ""},
	{"1994 URL draft, References (Lynch)", "", "wais://quake.think.com/wais-discussion-archives?lynch", true, true, ""},
	{"1994 URL draft, References (Mockapetris)", "", "ftp://ds.internic.net/rfc/rfc1034.txt", true, true, ""},
	{"1994 URL draft, References (Neuman)", "", "ftp://prospero.isi.edu/pub/prospero/oir.ps", true, true, ""},
	{"1994 URL draft, References (Postel)", "", "ftp://ds.internic.net/rfc/rfc959.txt", true, true, ""},
	{"1994 URL draft, References (Yeong)", "", "ftp://uu.psi.com/wp/nir.txt", true, true, ""},
	// Gopher, "Overall summary and examples": printed as "gopher://host [port]/…", which is
	// not a URL (a space, national "[" "]"); the rows after it drop the " [port]".
	{"1994 URL draft, Gopher (Overall summary: the general format)", "gopher://host", "gopher://host [port]/T[gopher_selector]%09[search_string]%09[gopher+_string]", false, false, ""},
	{"1994 URL draft, Gopher (a type 0 item, as printed)", "gopher://host", "gopher://host [port]/0a_gopher_selector", false, false, ""},
	{"1994 URL draft, Gopher (a type 0 item)", "gopher://host", "gopher://host/0a_gopher_selector", true, true, ""},
	{"1994 URL draft, Gopher (a type 7 search)", "gopher://host", "gopher://host/7a_gopher_selector%09foobar", true, true, ""},
	{"1994 URL draft, Gopher (a Gopher+ item)", "gopher://host", "gopher://host/0a_gopher_selector%09%09some_gplus_stuff", true, true, ""},
	{"1994 URL draft, Gopher (attribute information)", "gopher://host", "gopher://host/0a_gopher_selector%09%09!", true, true, ""},
	{"1994 URL draft, Gopher (spanish postscript)", "gopher://host", "gopher://host/0a_gopher_selector%09%09+application/postscript%20Es_ES", true, true, ""},
	// The gopher+ strings of the Gopher section and its Summary, each in a URL (composed).
	{"1994 URL draft, Gopher (\"!+ABSTRACT%20+SMELL\"; composed)", "-", "gopher://host/0a_gopher_selector%09%09!+ABSTRACT%20+SMELL", true, true, ""},
	{"1994 URL draft, Gopher (an ASK block; composed)", "-", "gopher://host/0a_gopher_selector%09%09+%091%0D%0A+-1%0D%0Aask_item1_value%0D%0Aask_item2_value%0D%0A.%0D%0A", true, true, ""},
	{"1994 URL draft, Gopher (a view and an ASK block; composed)", "-", "gopher://host/0a_gopher_selector%09%09+view_name%20language_name%091%0D%0A+-1%0D%0Aask_item1_value%0D%0Aask_item2_value%0D%0A.%0D%0A", true, true, ""},
	{"1994 URL draft, Gopher, Summary (\"%3F\", an ASK form; composed)", "-", "gopher://host/0a_gopher_selector%09%09%3F", true, true, ""},
	{"1994 URL draft, Gopher, Summary (\"$\" and names; composed)", "-", "gopher://host/1a_gopher_selector%09%09$+ABSTRACT", true, true, ""},
}

// inspectValid reports whether u is valid under spec as check and parse report it (Inspect:
// the checker, the view, Security's warnings).
func inspectValid(u string, spec locator.Spec) (bool, []locator.Finding) {
	r := scheme.Inspect(u, spec)
	return r.Valid(), r.Findings
}

// TestSpecDocExamples runs every example URL of RFC 1738 and of the 1994 URL draft under both
// specs: each row says whether RFC 1738 alone and the draft allow it.
func TestSpecDocExamples(t *testing.T) {
	for _, tab := range []struct {
		doc  string
		rows []docExample
	}{{"rfc1738.txt", rfc1738DocExamples}, {"url-draft-1994.txt", draft1994DocExamples}} {
		for _, r := range tab.rows {
			for _, c := range []struct {
				spec locator.Spec
				want bool
			}{{locator.RFC1738, r.rfc1738}, {locator.URLDraft1994, r.draft1994}} {
				if got, fs := inspectValid(r.url, c.spec); got != c.want {
					t.Errorf("%s: %s: Inspect(%q, %s).Valid() = %v; want %v\n%v", tab.doc, r.where, r.url, c.spec, got, c.want, fs)
				}
			}
			if (r.rfc1738 != r.draft1994) != (r.whyDiffers != "") {
				t.Errorf("%s: %s: the specs differ on %q: name the difference (whyDiffers %q)", tab.doc, r.where, r.url, r.whyDiffers)
			}
			if r.whyDiffers != "" && !slices.ContainsFunc(specDifferences, func(d specDifference) bool { return d.name == r.whyDiffers }) {
				t.Errorf("%s: %s: difference %q is not a row of specDifferences", tab.doc, r.where, r.whyDiffers)
			}
		}
	}
}

// exampleLike finds the example-looking URLs of a text: a scheme followed by "://" and
// something other than a "<" template or the closing quote of a BNF literal, and the
// schemes without "//" followed by a character of a URL.
var exampleLike = regexp.MustCompile(`[a-z][a-z0-9+.-]*://[^\s<>"]+|\b(?:news|mailto|mid|cid|nntp|afs):[^\s<>"/]+`)

// TestSpecDocExamplesFound: every example-looking URL of each text (exampleLike) is the printed
// text of a row of its table, and every printed text of the table is in the text, so that an
// example missed, or a row made up, fails.
func TestSpecDocExamplesFound(t *testing.T) {
	for _, tab := range []struct {
		file string
		rows []docExample
	}{{"rfc1738.txt", rfc1738DocExamples}, {"url-draft-1994.txt", draft1994DocExamples}} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "spec", tab.file))
		if err != nil {
			t.Fatal(err)
		}
		found := map[string]bool{}
		for _, m := range exampleLike.FindAllString(string(data), -1) {
			found[m] = true
		}
		printed := map[string]bool{}
		for _, r := range tab.rows {
			switch r.text {
			case "-": // composed from a form of the text
			case "":
				printed[r.url] = true
			default:
				printed[r.text] = true
			}
		}
		for m := range found {
			if !printed[m] {
				t.Errorf("%s: example %q is in no row of the table", tab.file, m)
			}
		}
		for p := range printed {
			if !found[p] {
				t.Errorf("%s: the table prints %q, which the text does not hold", tab.file, p)
			}
		}
		if len(found) < 10 {
			t.Errorf("%s: only %d examples found: %v", tab.file, len(found), found)
		}
	}
}

// specDifference is one difference between RFC 1738 alone (§5 BNF, §2.2 classes) and the 1994
// URL draft's BNF, with a URL that shows it and the codes each spec reports (nil: valid).
type specDifference struct {
	name      string
	url       string
	rfc1738   []locator.Code // the errors under RFC 1738 alone
	draft1994 []locator.Code // the errors under the 1994 URL draft
	warn1738  locator.Code   // a warning RFC 1738 alone gives ("" for none required)
	warn1994  locator.Code   // a warning the draft gives
}

// specDifferences is every difference implemented, one row each (several rows where a
// difference has two sides), and rows for the productions that are the same.
var specDifferences = []specDifference{
	// ftp: RFC 1738 §5 ftptype = A | I | D | a | i | d; the draft's ftptype = A formcode |
	// E formcode | I | L digits.
	{name: "typecode AN", url: "ftp://host/a;type=AN", rfc1738: []locator.Code{scheme.CodeFTPTypecode}},
	{name: "typecode E", url: "ftp://host/a;type=E", rfc1738: []locator.Code{scheme.CodeFTPTypecode}},
	{name: "typecode et", url: "ftp://host/a;type=et", rfc1738: []locator.Code{scheme.CodeFTPTypecode}},
	{name: "typecode L8", url: "ftp://host/a;type=L8", rfc1738: []locator.Code{scheme.CodeFTPTypecode}},
	{name: "typecode d", url: "ftp://host/a;type=d", draft1994: []locator.Code{scheme.CodeFTPTypecode}},
	{name: "typecode D", url: "ftp://host/a;type=D", draft1994: []locator.Code{scheme.CodeFTPTypecode}},
	{name: "typecode a, i (both)", url: "ftp://host/a;type=i", warn1738: "", warn1994: ""},
	{name: "typecode x (neither)", url: "ftp://host/a;type=x", rfc1738: []locator.Code{scheme.CodeFTPTypecode}, draft1994: []locator.Code{scheme.CodeFTPTypecode}},
	// ftpaddress = "ftp://" login "/" path: the "/" is required.
	{name: "ftp without path", url: "ftp://host", draft1994: []locator.Code{scheme.CodeMissingSlash}},
	// path = void | segment [ / path ], segment = xpalphas (one or more).
	{name: "empty segment", url: "ftp://host//etc/motd", draft1994: []locator.Code{scheme.CodeDraftEmptySegment}},
	{name: "empty segment (prospero)", url: "prospero://host.dom//pros/name", draft1994: []locator.Code{scheme.CodeDraftEmptySegment}},
	{name: "final slash (both)", url: "ftp://host/pub/"},
	// mid, cid, afs: RFC 1738 §4 reserves the names; the draft defines them.
	{name: "mid", url: "mid:960830.1639@XIson.com", warn1738: scheme.CodeReservedScheme},
	{name: "mid brackets", url: "mid:%3C960830.1639@XIson.com%3E", warn1738: scheme.CodeReservedScheme, warn1994: scheme.CodeMsgIDBrackets},
	{name: "cid", url: "cid:foo4*foo1@bar.net", warn1738: scheme.CodeReservedScheme},
	{name: "mid quote", url: `mid:"a.b"@host.dom`, rfc1738: []locator.Code{locator.CodeUnsafeChar}, warn1738: scheme.CodeReservedScheme},
	{name: "afs", url: "afs://cern.ch/user/t/tbl", warn1738: scheme.CodeReservedScheme, warn1994: scheme.CodeAFSHistorical},
	{name: "afs port", url: "afs://cern.ch:7000/a", warn1738: scheme.CodeReservedScheme, draft1994: []locator.Code{scheme.CodePortNotAllowed}},
	// prospero: the draft's "%00" version form; RFC 1738's fieldspecs.
	{name: "prospero version", url: "prospero://host.dom/obj%001", warn1738: "", warn1994: ""},
	{name: "prospero bad version", url: "prospero://host.dom/obj%00v1", draft1994: []locator.Code{scheme.CodeProsperoVersion}},
	{name: "prospero fieldspec", url: "prospero://host.dom/obj;OBJECT-VERSION=3", draft1994: []locator.Code{locator.CodeReservedChar}},
	// wais: RFC 1738 §5 wpath = *uchar; the draft's wpath = digits = path ; [ wpath ].
	{name: "wais wpath", url: "wais://host/db/TEXT/1=abc;2=de;", rfc1738: []locator.Code{locator.CodeReservedChar}},
	{name: "wais opaque wpath", url: "wais://host/db/TEXT/abc", draft1994: []locator.Code{scheme.CodeWAISPath}},
	{name: "wais database @", url: "wais://host/a@b", rfc1738: []locator.Code{locator.CodeReservedChar}},
	// nntp: RFC 1738 §5 nntpurl = "nntp://" hostport "/" group [ "/" digits ]; the draft's
	// nntpaddress = nntp: group / digits.
	{name: "nntp group/digits", url: "nntp:comp.infosystems.www/42", rfc1738: []locator.Code{scheme.CodeNoAuthority}},
	{name: "nntp group alone", url: "nntp://news.host/comp.infosystems.www", draft1994: []locator.Code{scheme.CodeNNTPArticle}},
	{name: "nntp server, group, number (both)", url: "nntp://news.host/comp.infosystems.www/42"},
	// Character classes: <"> is the draft's extra; ";", ":", "=" its reserved characters,
	// in no path or search; "@" and "&" its safe characters.
	{name: "quote", url: `http://host/a"b`, rfc1738: []locator.Code{locator.CodeUnsafeChar}},
	{name: "semicolon in path", url: "http://host/a;b", draft1994: []locator.Code{locator.CodeReservedChar}},
	{name: "colon in path", url: "http://host/a:b", draft1994: []locator.Code{locator.CodeReservedChar}},
	{name: "equals in search", url: "http://host/cgi?a=b", draft1994: []locator.Code{locator.CodeReservedChar}},
	{name: "at and ampersand in path (both)", url: "http://host/a@b&c"},
	{name: "plus in search (both)", url: "http://host/p?a+b"},
	{name: "fragment slash", url: "http://host/a#b/c", draft1994: []locator.Code{locator.CodeReservedChar}},
	// National and punctuation characters: in no production of the draft, unsafe in RFC
	// 1738 §2.2: the same answer.
	{name: "tilde (both)", url: "http://host/~a", rfc1738: []locator.Code{locator.CodeNationalChar}, draft1994: []locator.Code{locator.CodeNationalChar}},
	{name: "angle bracket (both)", url: "http://host/a<b", rfc1738: []locator.Code{locator.CodeUnsafeChar}, draft1994: []locator.Code{locator.CodeUnsafeChar}},
	{name: "backquote (both)", url: "http://host/a`b", rfc1738: []locator.Code{locator.CodeNationalChar}, draft1994: []locator.Code{locator.CodeNationalChar}},
	{name: "space (both)", url: "http://host/a b", rfc1738: []locator.Code{locator.CodeUnsafeChar}, draft1994: []locator.Code{locator.CodeUnsafeChar}},
	// http: the draft's httpaddress = http:// hostport [ / path ] [ ? search ].
	{name: "search without path", url: "http://host?x", rfc1738: []locator.Code{scheme.CodeHTTPSearchNoPath}},
	// login: RFC 1738 §5 user = *[ uchar | ";" | "?" | "&" | "=" ]; the draft's user =
	// alphanum2 [ user ].
	{name: "login", url: "ftp://@host.com/", draft1994: []locator.Code{scheme.CodeDraftLogin}},
	{name: "login escape", url: "ftp://a%20b@host/", draft1994: []locator.Code{scheme.CodeDraftLogin}},
	{name: "login semicolon", url: "ftp://a;b:c@host/", draft1994: []locator.Code{scheme.CodeDraftLogin}},
	{name: "login alphanum2 (both)", url: "ftp://a_b.c+d:p-w@host/"},
	// hostname: RFC 1738 §5 labels of alphadigit and inner "-", the top label starting
	// with a letter; the draft's hostname = ialpha [ . hostname ].
	{name: "host digit first", url: "http://3com.com/", draft1994: []locator.Code{locator.CodeBadHostChar}},
	{name: "host underscore", url: "http://a_b.com/", rfc1738: []locator.Code{locator.CodeBadHostChar}},
	{name: "host label hyphen", url: "http://a-.com/", rfc1738: []locator.Code{locator.CodeLabelHyphen}},
	{name: "hostnumber (both)", url: "http://10.0.0.1/"},
	{name: "hostnumber three groups (both)", url: "http://10.0.1/", rfc1738: []locator.Code{locator.CodeBadHostNumber}, draft1994: []locator.Code{locator.CodeBadHostNumber}},
	// telnet: RFC 1738 §5 telneturl = "telnet://" login [ "/" ]; the draft's has no "/".
	{name: "telnet slash", url: "telnet://host/", draft1994: []locator.Code{scheme.CodeTelnetPath}},
	// mailto: RFC 1738 §5 encoded822addr = 1*xchar; the draft's xalphas @ hostname.
	{name: "mailto without @", url: "mailto:postmaster", draft1994: []locator.Code{scheme.CodeAddrSpec}, warn1738: scheme.CodeAddrSpec},
	// news: RFC 1738 §5 group and article; the draft's group = ialpha [ . group ],
	// article = xalphas @ host.
	{name: "news article semicolon", url: "news:a;b@host.dom", draft1994: []locator.Code{locator.CodeReservedChar}},
	{name: "news group dollar", url: "news:comp.a$b", rfc1738: []locator.Code{scheme.CodeNewsGroup}},
	// gopher+: RFC 1738 §3.4.9 writes an ASK block after "+" alone; the draft adds a view.
	{name: "gopher+ view and ASK block", url: "gopher://host/0s%09%09+v%20l%091%0D%0A+-1%0D%0Aa%0D%0A.%0D%0A", warn1738: scheme.CodeGopherPlus},
	// gopher: RFC 1738 §5 gtype and selector are xchar; the draft's gcommand = path.
	{name: "gopher selector semicolon", url: "gopher://host/1a;b", draft1994: []locator.Code{locator.CodeReservedChar}},
	{name: "gopher \"?\"", url: "gopher://host/0sel%09%09?", draft1994: []locator.Code{locator.CodeReservedChar}},
	// scheme: RFC 1738 §5 scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]; the draft's
	// scheme = ialpha.
	{name: "ialpha scheme", url: "a_b:x", rfc1738: []locator.Code{locator.CodeNoScheme}, warn1994: scheme.CodeUnknownScheme},
	// file: RFC 1738 §3.10; not a scheme of the draft.
	{name: "file", url: "file://vms.host.edu/disk$user/note.txt", warn1994: scheme.CodeSchemeNotInSpec},
}

// TestSpecDifferences runs each difference under both specs: the errors each reports (by
// code, nil for a valid URL) and the warning it must give.
func TestSpecDifferences(t *testing.T) {
	names := map[string]bool{}
	for _, d := range specDifferences {
		if names[d.name] {
			t.Errorf("two rows named %q", d.name)
		}
		names[d.name] = true
		for _, c := range []struct {
			spec   locator.Spec
			errors []locator.Code
			warn   locator.Code
		}{{locator.RFC1738, d.rfc1738, d.warn1738}, {locator.URLDraft1994, d.draft1994, d.warn1994}} {
			valid, fs := inspectValid(d.url, c.spec)
			var errs []locator.Code
			hasWarn := false
			for _, f := range fs {
				switch {
				case f.Severity == locator.SeverityError && !slices.Contains(errs, f.Code):
					errs = append(errs, f.Code)
				case f.Severity == locator.SeverityWarning && f.Code == c.warn:
					hasWarn = true
				}
			}
			if !slices.Equal(errs, c.errors) || valid != (len(c.errors) == 0) {
				t.Errorf("%s: %q under %s: errors %v (valid %v); want %v\n%v", d.name, d.url, c.spec, errs, valid, c.errors, fs)
			}
			if c.warn != "" && !hasWarn {
				t.Errorf("%s: %q under %s: no %s warning\n%v", d.name, d.url, c.spec, c.warn, fs)
			}
		}
	}
}

// TestSpecChecksAgree: Check and Inspect (which parse uses) agree on every row of the tables,
// under both specs, since Inspect adds only the view's failure and Security's warnings.
func TestSpecChecksAgree(t *testing.T) {
	var urls []string
	for _, r := range append(slices.Clone(rfc1738DocExamples), draft1994DocExamples...) {
		urls = append(urls, r.url)
	}
	for _, d := range specDifferences {
		urls = append(urls, d.url)
	}
	for _, in := range urls {
		u, err := locator.Parse(in)
		if err != nil {
			continue
		}
		for _, spec := range []locator.Spec{locator.RFC1738, locator.URLDraft1994} {
			check := scheme.Check(u, spec)
			r := scheme.Inspect(in, spec)
			for _, f := range check {
				if !slices.ContainsFunc(r.Findings, func(g locator.Finding) bool { return g.Offset == f.Offset && g.Code == f.Code }) {
					t.Errorf("%q, %s: Check's %v is not in Inspect's findings %v", in, spec, f, r.Findings)
				}
			}
		}
	}
}

// TestDraft1994Adversarial: the 1994 URL draft's checker on 1 MB inputs of each scheme made of
// runs of one byte is linear: bounded findings, short messages, and a time bound.
func TestDraft1994Adversarial(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MB inputs")
	}
	const n = 1 << 20
	runs := []string{".", "%", ":", "@", "[", " ", "\x01", "\xff", "/", ";", "=", "%00", "1=a;", "\""}
	prefixes := []string{"http://h/", "ftp://u:p@h/", "gopher://h/1", "wais://h/db/T/", "prospero://h/o", "nntp:", "news:", "mailto:", "telnet://", "mid:", "a_b:", "http://h/#", "ftp://"}
	for _, p := range prefixes {
		for _, r := range runs {
			in := p + strings.Repeat(r, n/len(r))
			u, err := locator.Parse(in)
			if err != nil {
				continue
			}
			start := time.Now()
			fs := scheme.Check(u, locator.URLDraft1994)
			// A hang guard, not a speed test (the benchmarks are for speed): a linear check takes
			// milliseconds, tens with the page faults of a first call; a quadratic one minutes.
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("Check(%q × %d, url-draft-1994): %v", p+r, n, d)
			}
			if len(fs) > locator.MaxFindings+1 {
				t.Errorf("Check(%q…): %d findings", p+r, len(fs))
			}
			for _, f := range fs {
				if len(f.Message) > 400 || f.Offset < 0 || f.Offset > u.Len() {
					t.Errorf("Check(%q…): %v", p+r, f)
					break
				}
			}
		}
	}
}

// FuzzCheckSpecs: for any input, Check under RFC 1738 alone and under the 1994 URL draft never
// panics, gives at most locator.MaxFindings+1 findings, each with a code, a rule and an offset
// inside the URL, and Inspect agrees with Check on validity when the view has nothing to say.
func FuzzCheckSpecs(f *testing.F) {
	for _, r := range rfc1738DocExamples {
		f.Add(r.url)
	}
	for _, r := range draft1994DocExamples {
		f.Add(r.url)
	}
	for _, d := range specDifferences {
		f.Add(d.url)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, spec := range []locator.Spec{locator.RFC1738, locator.URLDraft1994} {
			// The URL as the spec reads it, as Inspect reads it: under RFC 1738 §5 a login may
			// hold "?" ("A://?@A" is the user "?" at host "A"), where locator.Parse, by RFC 3986,
			// ends the authority at the "?" (an empty host).
			u, err := locator.ParseAs(in, spec)
			if err != nil {
				continue
			}
			fs := scheme.Check(u, spec)
			if len(fs) > locator.MaxFindings+1 {
				t.Fatalf("Check(%q, %s): %d findings", in, spec, len(fs))
			}
			for _, fd := range fs {
				if fd.Offset < 0 || fd.Offset > u.Len() || fd.Code == "" || fd.Rule == "" {
					t.Fatalf("Check(%q, %s): %+v", in, spec, fd)
				}
			}
			r := scheme.Inspect(in, spec)
			if scheme.Valid(fs) == false && r.Valid() {
				t.Fatalf("Inspect(%q, %s) is valid, Check is not: %v", in, spec, fs)
			}
		}
	})
}
