package scheme_test

import (
	"errors"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// draft1993Row is a URL checked under locator.URLDraft1993: the heading of the 1993 URL draft
// (testdata/spec/url-draft-1993.txt) it comes from or tests, whether it is valid there, and
// codes its findings must include (errors or warnings).
type draft1993Row struct {
	url     string
	heading string
	valid   bool
	codes   []locator.Code
}

// draft1993Examples are every example of the 1993 URL draft: the URLs of its References, the
// representations of its Fig 1 (Choices), the name of Current practice and the scheme
// prefixes its prose quotes. TestDraft1993ExamplesComplete sees that the text has no other.
var draft1993Examples = []draft1993Row{
	// Choices, Fig 1: "Some alternative tagged and untagged representations" — not the
	// draft's syntax, but text a reader may paste. The first is written over two lines.
	{"protocol: aftp host: xxx.yyy.edu path: /pub/doc/README", "Choices, Fig 1", false,
		// Valid by the BNF alone (extra holds space); the prose says spaces are not legal.
		[]locator.Code{locator.CodeUnsafeChar, scheme.CodeUnknownScheme}},
	{"PR=afTp; H=xx.yy.edu; PA=/pub/doc/README;", "Choices, Fig 1", false,
		[]locator.Code{locator.CodeNoScheme, locator.CodeDisallowedChar, locator.CodeUnsafeChar}},
	// A generic URL of an unknown scheme "PR": valid.
	{"PR:afTp/xx.yy.edu/pub/doc/README", "Choices, Fig 1", true, []locator.Code{scheme.CodeUnknownScheme}},
	// A partial form (absolute path).
	{"/afTp/xx.yy.edu/pub/doc/README", "Choices, Fig 1", false, []locator.Code{locator.CodeNoScheme}},
	// Current practice: "a name of the form xxx.yyy.zz.edu:/pub.aa.bb.cc often implies
	// anonymous FTP access": read as a URL, its scheme is the ialpha "xxx.yyy.zz.edu" and its
	// generic path may not start with "/".
	{"xxx.yyy.zz.edu:/pub.aa.bb.cc", "Current practice", false,
		[]locator.Code{scheme.CodeDraft1993EmptySegment, scheme.CodeUnknownScheme}},
	// The prefixes the prose names.
	{"ftp:", "FTP (\"The ftp: prefix\")", false, []locator.Code{scheme.CodeNoAuthority}},
	{"wais:", "WAIS (\"prefixed by \"wais:\"\")", false, []locator.Code{scheme.CodeNoAuthority}},
	{"urn:", "Registration of naming schemes (\"urn:\" is reserved)", true, []locator.Code{scheme.CodeReservedScheme}},
	// References.
	{"ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol", "References (Alberti)", true, nil},
	{"gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher", "References (Alberti)", true, nil},
	{"ftp://info.cern.ch/pub/www/doc/http-spec.txt", "References (Berners-Lee)", true, nil},
	{"ftp://quake.think.com/pub/wais/doc/protspec.txt", "References (Davis)", true, nil},
	{"ftp://quake.think.com/pub/wais/doc/doc-ids.txt", "References (Kahle)", true, nil},
	{"ftp://nnsf.net/rfc/rfc977.txt", "References (Kantor)", true, nil},
	{"wais://quake.think.com/wais-discussion-archives?lynch", "References (Lynch)", true, nil},
	{"ftp://nnsf.net/rfc/rfc1034.txt", "References (Mockapetris)", true, nil},
	{"ftp://prospero.isi.edu/pub/prospero/oir.ps", "References (Neuman)", true, nil},
	{"ftp://nnsf.net/rfc/rfc959.txt", "References (Postel)", true, nil},
	{"ftp://uu.psi.com/wp/nir.txt", "References (Yeong 1991a)", true, nil},
	{"wais://nnsf.net/internet-drafts?yeong", "References (Yeong 1991b)", true, nil},
}

// check1993 parses s as spec writes URLs and checks it; a URL that does not parse (locator
// rejects a bad escape and a control character before any checker) has the parse error as its
// one finding, with the rule "parse: " and the error's rule.
func check1993(s string, spec locator.Spec) []locator.Finding {
	u, err := locator.ParseAs(s, spec)
	if err != nil {
		var le *locator.Error
		if !errors.As(err, &le) {
			return []locator.Finding{{Code: "parse", Rule: "parse: ?", Message: err.Error()}}
		}
		return []locator.Finding{{Offset: le.Offset, Code: le.Code, Rule: "parse: " + le.Rule, Message: le.Message}}
	}
	return scheme.Check(u, spec)
}

// runDraft1993Rows checks each row under locator.URLDraft1993.
func runDraft1993Rows(t *testing.T, rows []draft1993Row) {
	t.Helper()
	for _, r := range rows {
		f := check1993(r.url, locator.URLDraft1993)
		if got := scheme.Valid(f); got != r.valid {
			t.Errorf("%q (1993 URL draft, %s): valid = %v, want %v; findings %v", r.url, r.heading, got, r.valid, f)
		}
		for _, c := range r.codes {
			if !slices.ContainsFunc(f, func(x locator.Finding) bool { return x.Code == c }) {
				t.Errorf("%q (1993 URL draft, %s): no finding %s in %v", r.url, r.heading, c, f)
			}
		}
		if r.valid && len(r.codes) == 0 && len(f) != 0 {
			t.Errorf("%q (1993 URL draft, %s): want no findings, got %v", r.url, r.heading, f)
		}
		for _, x := range f {
			if x.Offset < 0 || x.Offset > len(r.url) {
				t.Errorf("%q: finding %v out of the input", r.url, x)
			}
			if !strings.HasPrefix(x.Rule, "1993 URL draft") && !strings.HasPrefix(x.Rule, "parse: ") {
				t.Errorf("%q: finding %v does not cite the 1993 URL draft", r.url, x)
			}
		}
	}
}

func TestDraft1993Examples(t *testing.T) { runDraft1993Rows(t, draft1993Examples) }

// TestDraft1993ExamplesComplete scans the 1993 URL draft for everything that looks like an
// example URL and requires a row of draft1993Examples for each, and that each row is in the
// text: a scheme-like word with text after its ":" ("PR:afTp/…", every URL of the References),
// a scheme prefix the prose quotes or names ("wais:", "The ftp: prefix") — the schemes of the
// BNF, found in its spelled-out names such as "h t t p :" — and the representations of the
// fenced Fig 1, a paragraph each.
func TestDraft1993ExamplesComplete(t *testing.T) {
	b, err := os.ReadFile("../testdata/spec/url-draft-1993.txt")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	rows := map[string]bool{}
	for _, r := range draft1993Examples {
		rows[r.url] = true
	}
	found := map[string]bool{}
	// The schemes of the BNF, whose names it spells a letter at a time: "h t t p : //".
	bnf := map[string]bool{}
	for _, m := range regexp.MustCompile(`((?:\b[a-z] ){2,}):`).FindAllStringSubmatch(text, -1) {
		bnf[strings.ReplaceAll(m[1], " ", "")] = true
	}
	for _, want := range []string{"http", "ftp", "afs", "news", "wais", "prospero", "telnet", "gopher"} {
		if !bnf[want] {
			t.Errorf("the BNF's scheme %q was not found in the text", want)
		}
	}
	for _, m := range regexp.MustCompile(`"?\b([A-Za-z][A-Za-z0-9+.\-_]*):([^\s<>"]*)("?)`).FindAllStringSubmatch(text, -1) {
		name, rest, quoted := m[1], m[2], m[3] == `"` && strings.HasPrefix(m[0], `"`)
		switch {
		case rest != "":
			found[name+":"+rest] = true
		case quoted || bnf[name]:
			found[name+":"] = true
		}
	}
	// Fig 1: the first fenced block, one representation per paragraph.
	fence := strings.Split(text, "```")[1]
	for _, para := range strings.Split(strings.TrimSpace(fence), "\n\n") {
		found[strings.Join(strings.Fields(para), " ")] = true
	}
	for s := range found {
		if !rows[s] {
			t.Errorf("example %q of the 1993 URL draft has no row in draft1993Examples", s)
		}
	}
	for s := range rows {
		if !found[s] {
			t.Errorf("row %q is not an example the scan finds in the 1993 URL draft", s)
		}
	}
}

// draft1993Grammar are rows for each production and character set of the 1993 URL draft's
// BNF, both sides of each boundary, and both readings where the BNF and the prose disagree
// (the chosen one is valid or not as the row says; the comment names the other).
var draft1993Grammar = []draft1993Row{
	// BNF: scheme = ialpha = alpha [ xalphas ].
	{"a_b:x", "BNF: scheme (ialpha)", true, []locator.Code{scheme.CodeUnknownScheme}},
	{"a$-_@.&!*'();,b:x", "BNF: scheme (safe and extra)", true, []locator.Code{scheme.CodeUnknownScheme}},
	{"a%41b:x", "BNF: scheme (escape is xalpha)", true, []locator.Code{scheme.CodeUnknownScheme}},
	{"Z9:x", "BNF: scheme", true, []locator.Code{scheme.CodeUnknownScheme}},
	{"9z:x", "BNF: scheme (a letter first)", false, []locator.Code{scheme.CodeDraft1993Scheme}},
	{"_a:x", "BNF: scheme (a letter first)", false, []locator.Code{scheme.CodeDraft1993Scheme}},
	{":x", "BNF: scheme (not empty)", false, []locator.Code{scheme.CodeDraft1993Scheme}},
	{"svn+ssh:x", "BNF: scheme (no \"+\")", false, []locator.Code{locator.CodeReservedChar}},
	{"whois++:x", "WHOIS (\"whois++\" is no ialpha)", false, []locator.Code{locator.CodeReservedChar}},
	{"a=b:x", "BNF: scheme", false, []locator.Code{locator.CodeDisallowedChar}},
	{"x-mine:a/b", "Registration of naming schemes (\"x-\")", true, nil},
	{"X-Mine:a", "Registration of naming schemes (\"x-\")", true, nil},
	{"urn:x", "Registration of naming schemes (urn reserved)", true, []locator.Code{scheme.CodeReservedScheme}},
	{"x500:c=ch", "x500 (for study)", false, []locator.Code{scheme.CodeReservedScheme, locator.CodeDisallowedChar}},
	{"x500:ch", "x500 (for study)", true, []locator.Code{scheme.CodeReservedScheme}},
	{"whois:handle", "WHOIS (for study)", true, []locator.Code{scheme.CodeReservedScheme}},
	{"file:x", "BNF: url (no file scheme)", true, []locator.Code{scheme.CodeUnknownScheme}},
	{"mailto:timbl@info.cern.ch", "BNF: generic", true, []locator.Code{scheme.CodeUnknownScheme}},
	// BNF: "Single letters stand for single letters": the names in lower case.
	{"HTTP://info.cern.ch/", "BNF (scheme names)", true, []locator.Code{locator.CodeSchemeUpperCase}},
	{"Gopher://h", "BNF (scheme names)", true, []locator.Code{locator.CodeSchemeUpperCase}},

	// Partial form.
	{"a/b", "Partial form", false, []locator.Code{locator.CodeNoScheme}},
	{"a/b:c", "Partial form (the colon after a slash)", false, []locator.Code{locator.CodeNoScheme}},
	{"//h/a?b", "Partial form", false, []locator.Code{locator.CodeNoScheme}},
	{"", "Partial form", false, []locator.Code{locator.CodeNoScheme}},

	// Fragment-id: fragmentid = xalphas; the prose allows a void one with "#".
	{"http://h/a#frag", "BNF: fragmentid", true, nil},
	{"http://h/a#", "Fragment-id (void, with the hash sign)", true, nil}, // BNF alone: xalphas is not void
	{"http://h/a#b+c", "BNF: fragmentid (no \"+\")", false, []locator.Code{locator.CodeReservedChar}},
	{"http://h/a#b#c", "BNF: fragmentid (one \"#\")", false, []locator.Code{locator.CodeReservedChar}},
	{"http://h/a#b/c", "BNF: fragmentid (no \"/\")", false, []locator.Code{locator.CodeReservedChar}},

	// The character sets: safe, extra, escape, variant, punctuation, and none.
	{"http://h/$-_@.&", "BNF: safe", true, nil},
	{"http://h/!*\"'():;,", "BNF: extra (without space)", true, nil},
	{"http://h/a b", "Choices (\"spaces are not legal characters\")", false, []locator.Code{locator.CodeUnsafeChar}}, // BNF alone: extra holds space
	{"http://h/a%7e%7E", "BNF: escape, hex (a-f allowed)", true, nil},                                                // prose: "(0-9, A-F)"
	{"http://h/a%7g", "BNF: escape", false, []locator.Code{locator.CodeBadEscape}},
	{"http://h/a%", "BNF: escape", false, []locator.Code{locator.CodeBadEscape}},
	{"http://h/a\\b", "BNF: variant (\"\\\" is variant, not safe)", false, []locator.Code{locator.CodeNationalChar}},
	{"http://h/~a", "BNF: variant", false, []locator.Code{locator.CodeNationalChar}},
	{"http://h/{}[]^", "BNF: variant", false, []locator.Code{locator.CodeNationalChar}},
	{"http://h/<a>", "BNF: punctuation", false, []locator.Code{locator.CodeUnsafeChar}},
	{"http://h/a=b", "Encoding prohibited characters (\"=\" in no set)", false, []locator.Code{locator.CodeDisallowedChar}},
	{"http://h/a|b`c", "Encoding prohibited characters", false, []locator.Code{locator.CodeDisallowedChar}},
	{"http://h/a\x01", "Encoding prohibited characters", false, []locator.Code{locator.CodeControl}},
	{"http://h/é", "Encoding prohibited characters", false, []locator.Code{locator.CodeNonASCII}},
	{"http://h/\xff", "Encoding prohibited characters", false, []locator.Code{locator.CodeNonASCII}},

	// BNF: path = void | xpalphas [ "/" path ]; xpalpha = xalpha | "+".
	{"http://h/a+b/c/", "BNF: path (xpalpha, a void last segment)", true, nil},
	// BNF: xpalphas = xpalpha [ xpalpha ], read as xpalpha [ xpalphas ] (the draft's own
	// examples have longer segments).
	{"http://h/abc/defgh", "BNF: xpalphas (any length)", true, nil},
	{"http://h/a//b", "BNF: path (no empty segment)", false, []locator.Code{scheme.CodeDraft1993EmptySegment}},
	{"http://h//", "BNF: path (no empty segment)", false, []locator.Code{scheme.CodeDraft1993EmptySegment}},
	{"x-a:b/c", "BNF: generic", true, nil},
	{"x-a:", "BNF: generic (void path)", true, nil},
	{"x-a:/b", "BNF: generic (path does not start with \"/\")", false, []locator.Code{scheme.CodeDraft1993EmptySegment}},
	{"x-a:b?c+d", "BNF: generic (search)", true, nil},
	// Internet protocol parts: the prose's "//" for a generic URL (the BNF's generic has none).
	{"x-a://h:1/p?q", "Internet protocol parts", true, nil},
	{"x-a://u@h/p", "Internet protocol parts", true, []locator.Code{scheme.CodeDraft1993Login}},
	{"file:///etc/motd", "Internet protocol parts (a host)", false, []locator.Code{locator.CodeEmptyHost}},

	// BNF: search = xalphas [ "+" search ].
	{"http://h/p?a+b+c", "BNF: search", true, nil},
	{"http://h/p?a++b", "BNF: search (no empty word)", false, []locator.Code{scheme.CodeDraft1993SearchWord}},
	{"http://h/p?+a", "BNF: search (no empty word)", false, []locator.Code{scheme.CodeDraft1993SearchWord}},
	{"http://h/p?a+", "BNF: search (no empty word)", false, []locator.Code{scheme.CodeDraft1993SearchWord}},
	{"http://h/p?", "BNF: search (not empty)", false, []locator.Code{scheme.CodeDraft1993SearchWord}},
	{"http://h/p?a/b", "BNF: search (no \"/\")", false, []locator.Code{locator.CodeReservedChar}},
	{"http://h/p?a?b", "BNF: search (no \"?\")", false, []locator.Code{locator.CodeReservedChar}},
	{"http://h/p?a%2Bb:c@d", "BNF: search", true, nil},

	// BNF: httpaddress = "http://" hostport [ "/" path ] [ "?" search ].
	{"http://info.cern.ch?search", "BNF: httpaddress (a search without a path)", true, nil},
	{"http://info.cern.ch", "BNF: httpaddress", true, nil},
	{"http://info.cern.ch/", "BNF: httpaddress", true, nil},
	{"http://info.cern.ch:8080/hypertext/WWW/TheProject.html", "BNF: httpaddress, hostport", true, nil},
	// The BNF's generic alternative alone would accept these (scheme ":" path); the prose
	// (Full form) holds a scheme to its own production.
	{"http:info.cern.ch", "BNF: httpaddress (\"//\"); Full form", false, []locator.Code{scheme.CodeNoAuthority}},
	{"gopher:x", "BNF: gopheraddress; Full form", false, []locator.Code{scheme.CodeNoAuthority}},
	{"news:comp.x", "BNF: newsaddress (no \"//\")", true, nil},
	{"http://u@h/", "BNF: httpaddress (no user)", false, []locator.Code{scheme.CodeUserinfo}},
	{"http://h:/", "BNF: port (digits)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"http:///p", "BNF: host", false, []locator.Code{locator.CodeEmptyHost}},

	// BNF: host = hostname | hostnumber; hostname = ialpha [ "." hostname ].
	{"http://a_b.com/", "BNF: hostname (ialpha holds \"_\")", true, nil},
	{"http://a..b./", "BNF: hostname (ialpha holds \".\")", true, nil},
	{"http://3com.com/", "BNF: hostname (a letter first)", false, []locator.Code{scheme.CodeDraft1993Host}},
	{"http://128.141.77.1/", "BNF: hostnumber (\"less advisably\")", true, []locator.Code{scheme.CodeDraft1993Host}},
	{"http://1.2.3/", "BNF: hostnumber (four groups)", false, []locator.Code{scheme.CodeDraft1993Host}},
	{"http://1.2.3.4.5/", "BNF: hostnumber (four groups)", false, []locator.Code{scheme.CodeDraft1993Host}},
	{"http://1..2.3/", "BNF: hostnumber (digits)", false, []locator.Code{scheme.CodeDraft1993Host}},
	{"http://a~b/", "BNF: hostname", false, []locator.Code{locator.CodeNationalChar}},

	// fileaddress = "ftp://" host "/" path; the prose adds a port, a user and a password.
	{"ftp://h/pub/a.txt", "BNF: fileaddress", true, nil},
	{"ftp://h/", "BNF: fileaddress (void path)", true, nil},
	{"ftp://h", "BNF: fileaddress (\"/\" after the host)", false, []locator.Code{scheme.CodeMissingSlash}},
	{"ftp://h:2121/x", "FTP (\"The port number if given\")", true, nil}, // BNF alone: host, no port
	{"ftp://me@h/x", "FTP (\"inclusion of a user name\")", true, []locator.Code{scheme.CodeDraft1993Login}},
	{"ftp://me:pw@h/x", "FTP (\"and even a password\")", true, []locator.Code{scheme.CodeDraft1993Login}},
	{"ftp://@h/x", "BNF: user (xalphas)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"ftp://h/a?b", "BNF: fileaddress (no search)", false, []locator.Code{locator.CodeReservedChar}},
	{"ftp://h/a;type=i", "BNF: path (no \"=\")", false, []locator.Code{locator.CodeDisallowedChar}},

	// afsaddress = "afs://" cellname "/" path; cellname = hostname.
	{"afs://cern.ch/user/t/tbl", "BNF: afsaddress", true, nil},
	{"afs://cern.ch", "BNF: afsaddress (\"/\" path)", false, []locator.Code{scheme.CodeMissingSlash}},
	{"afs://cern.ch:7000/x", "BNF: afsaddress (no port)", false, []locator.Code{scheme.CodePortNotAllowed}},
	{"afs://u@cern.ch/x", "BNF: afsaddress (no user)", false, []locator.Code{scheme.CodeUserinfo}},
	{"afs://1.2.3.4/x", "BNF: cellname (a hostname)", false, []locator.Code{scheme.CodeDraft1993Production}},

	// newsaddress = "news:" groupart; groupart = "*" | group | article.
	{"news:comp.infosystems.www", "BNF: group", true, nil},
	{"news:comp.3d", "BNF: group (ialpha)", true, nil},
	{"news:*", "BNF: groupart", true, nil},
	{"news:3d", "BNF: group (a letter first)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"news:", "BNF: groupart", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"news:12345@info.cern.ch", "BNF: article", true, nil},
	{"news:a@b@info.cern.ch", "BNF: article (xalphas holds \"@\")", true, nil},
	{"news:@info.cern.ch", "BNF: article (xalphas)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"news:x@", "BNF: article (host)", false, []locator.Code{locator.CodeEmptyHost}},
	{"news:<x@h>", "BNF: article (no \"<>\")", false, []locator.Code{locator.CodeUnsafeChar}},
	{"news://h/comp.x", "BNF: newsaddress (no \"//\")", false, []locator.Code{locator.CodeReservedChar}},
	{"news:comp.x?y", "BNF: newsaddress (no search)", false, []locator.Code{locator.CodeReservedChar}},

	// waisaddress = waisindex | waisdoc.
	{"wais://h/db", "BNF: waisindex", true, nil},
	{"wais://h:210/db?a+b", "BNF: waisindex", true, nil},
	{"wais://h", "BNF: waisindex (\"/\" database)", false, []locator.Code{scheme.CodeMissingSlash}},
	{"wais://h/", "BNF: database (xalphas)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"wais://h/db/TEXT/1234/path", "BNF: waisdoc (type and length)", true, nil},
	{"wais://h/db/TEXT/1234/", "BNF: waisdoc (void path)", true, nil},
	{"wais://h/db/TEXT/1234/a/b", "BNF: waisdoc (path)", true, nil},
	{"wais://h/db/TEXT/12a/p", "BNF: waisdoc (length digits)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"wais://h/db/TEXT//p", "BNF: waisdoc (length digits)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"wais://h/db/TEXT/1234", "BNF: waisdoc (\"/\" path)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"wais://h/db/TEXT", "BNF: waisdoc (length)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"wais://h/db/", "BNF: waisdoc (wtype)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"wais://h/db//1/p", "BNF: wtype (xalphas)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"wais://h/db/TEXT/1/p?q", "BNF: waisdoc (no search)", false, []locator.Code{locator.CodeReservedChar}},
	{"wais://u@h/db", "BNF: waisaddress (no user)", false, []locator.Code{scheme.CodeUserinfo}},

	// prosperolink = "prospero://" hostport "/" hsoname [ "%00" version [ attributes ] ],
	// read by the prose: every field after "%00".
	{"prospero://h/a/b", "BNF: prosperolink", true, nil},
	{"prospero://h/", "BNF: hsoname (void path)", true, nil},
	{"prospero://h:1525/a%001", "BNF: version", true, nil},
	{"prospero://h/a%001%00abc%00X9", "Prospero (attributes after \"%00\")", true, nil},
	{"prospero://h/a%00%00abc", "Prospero (\"%00%00\": an empty version)", true, nil},
	{"prospero://h/a%001abc", "Prospero (BNF alone: version 1, attribute abc)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"prospero://h/a%00", "Prospero (a version after \"%00\")", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"prospero://h/a%00x", "BNF: version (digits)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"prospero://h/a%001%00", "BNF: attribute (alphanums)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"prospero://h/a%001%00a-b", "BNF: attribute (alphanums)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"prospero://h", "BNF: prosperolink (\"/\" hsoname)", false, []locator.Code{scheme.CodeMissingSlash}},
	{"prospero://u@h/x", "BNF: prosperolink (no user)", false, []locator.Code{scheme.CodeUserinfo}},

	// telnetaddress = "telnet://" [ user "@" ] hostport; rlogin and tn3270 alike.
	{"telnet://info.cern.ch", "BNF: telnetaddress", true, nil},
	{"telnet://guest@info.cern.ch:23", "BNF: telnetaddress (user)", true, []locator.Code{scheme.CodeDraft1993Login}},
	{"telnet://u:p@h", "Internet protocol parts (a password)", true, []locator.Code{scheme.CodeDraft1993Login}},
	{"telnet://h/", "BNF: telnetaddress (nothing after hostport)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"telnet://h?x", "BNF: telnetaddress (nothing after hostport)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"rlogin://u@h", "Telnet, rlogin, tn3270", true, []locator.Code{scheme.CodeDraft1993Login}},
	{"tn3270://h:23", "Telnet, rlogin, tn3270", true, nil},
	{"tn3270://h/x", "Telnet, rlogin, tn3270", false, []locator.Code{scheme.CodeDraft1993Production}},

	// gopheraddress = "gopher://" hostport [ "/" gtype [ selector ] ] [ "?" search ].
	{"gopher://h", "BNF: gopheraddress (type 1 by default)", true, nil},
	{"gopher://h?search", "BNF: gopheraddress (search without a type)", true, nil},
	{"gopher://h/1", "BNF: gtype", true, nil},
	{"gopher://h/7sel?a+b", "BNF: gopheraddress", true, nil},
	{"gopher://h/%09sel", "BNF: gtype (an escape is an xalpha)", true, nil},
	{"gopher://h/00a/b", "Gopher (the type twice)", true, nil},
	{"gopher://h/", "BNF: gopheraddress (a gtype after \"/\")", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"gopher://h/+x", "BNF: gtype (xalpha)", false, []locator.Code{scheme.CodeDraft1993Production}},
	{"gopher://h/1/pub", "BNF: selector (a path: no \"/\" first)", false, []locator.Code{scheme.CodeDraft1993EmptySegment}},
	{"gopher://u@h/1", "BNF: gopheraddress (no user)", false, []locator.Code{scheme.CodeUserinfo}},
}

func TestDraft1993Grammar(t *testing.T) { runDraft1993Rows(t, draft1993Grammar) }

// TestDraft1993VsRFC1738 checks URLs under the 1993 URL draft and RFC 1738 where the two
// documents differ, and a few where they agree.
func TestDraft1993VsRFC1738(t *testing.T) {
	for _, r := range []struct {
		url          string
		why          string
		v1993, v1738 bool
	}{
		{"http://info.cern.ch?search", "1993 httpaddress: a search after hostport; RFC 1738 §5 httpurl: \"/\" first", true, false},
		{"gopher://h?search", "1993 gopheraddress: [ \"?\" search ]; RFC 1738 §5 gopherurl has none", true, false},
		{"a_b:x", "1993 scheme = ialpha; RFC 1738 §5 scheme: no \"_\"", true, false},
		{"http://a_b.com/", "1993 hostname = ialpha; RFC 1738 §5 hostname: alphadigit and \"-\"", true, false},
		{"http://h/a\"b", "1993 extra holds <\">; RFC 1738 §2.2: unsafe", true, false},
		{"wais://h/db/TEXT/1234/path", "1993 waisdoc: type, length, path; RFC 1738 §5 wpath has no \"/\"", true, false},
		{"http://h/a=b?x=y", "1993: \"=\" in no set; RFC 1738 §5 reserved", false, true},
		{"http://3com.com/", "1993 hostname: a letter first; RFC 1738 §5 domainlabel may start with a digit", false, true},
		{"telnet://h/", "1993 telnetaddress ends at hostport; RFC 1738 §5 telneturl: [ \"/\" ]", false, true},
		{"ftp://h", "1993 fileaddress: host \"/\" path; RFC 1738 §5 ftpurl: [ \"/\" fpath ]", false, true},
		{"gopher://h/", "1993: \"/\" gtype; RFC 1738 §5 gopherurl: [ \"/\" [ gtype ... ] ]", false, true},
		{"http://h/a//b", "1993 path: no empty segment; RFC 1738 §5 hsegment may be empty", false, true},
		{"gopher://h/1/pub", "1993 selector = path: no \"/\" first; RFC 1738 §5 selector = *xchar", false, true},
		{"file:///etc/motd", "1993: no file scheme, generic \"//\" needs a host; RFC 1738 §3.10 fileurl", false, true},
		{"ftp://h/a;type=i", "1993: \"=\" in no set; RFC 1738 §3.2.2 ;type=", false, true},
		{"http://h/~a", "both: \"~\" is 1993 variant, RFC 1738 §2.2 national", false, false},
		{"http://h/a b", "both: space (1993 Choices; RFC 1738 §2.2)", false, false},
		{"http://h/a+b?c+d", "both", true, true},
		{"news:comp.infosystems.www", "both", true, true},
	} {
		if got := scheme.Valid(check1993(r.url, locator.URLDraft1993)); got != r.v1993 {
			t.Errorf("%q under url-draft-1993: valid = %v, want %v (%s)", r.url, got, r.v1993, r.why)
		}
		if got := scheme.Valid(check1993(r.url, locator.RFC1738)); got != r.v1738 {
			t.Errorf("%q under rfc1738: valid = %v, want %v (%s)", r.url, got, r.v1738, r.why)
		}
	}
}

// TestDraft1993Inspect checks that Inspect (and so locator check and parse) runs the 1993
// checker under locator.URLDraft1993.
func TestDraft1993Inspect(t *testing.T) {
	r := scheme.Inspect("http://info.cern.ch?search", locator.URLDraft1993)
	if !r.Valid() {
		t.Errorf("Inspect(http://info.cern.ch?search, url-draft-1993) is not valid: %v", r.Findings)
	}
	r = scheme.Inspect("http://h/a//b", locator.URLDraft1993)
	if r.Valid() || !slices.ContainsFunc(r.Findings, func(f locator.Finding) bool { return f.Code == scheme.CodeDraft1993EmptySegment }) {
		t.Errorf("Inspect(http://h/a//b, url-draft-1993): %v", r.Findings)
	}
}

// TestDraft1993Offsets checks the offsets of findings at the boundaries of the parts.
func TestDraft1993Offsets(t *testing.T) {
	for _, r := range []struct {
		url  string
		off  int
		code locator.Code
	}{
		{"http://h/a//b", 11, scheme.CodeDraft1993EmptySegment},
		{"x-a:/b", 4, scheme.CodeDraft1993EmptySegment},
		{"http://h/p?a++b", 13, scheme.CodeDraft1993SearchWord},
		{"http://h/p?", 11, scheme.CodeDraft1993SearchWord},
		{"wais://h/db/TEXT/12a/p", 19, scheme.CodeDraft1993Production},
		{"wais://h/db/TEXT/1234", 21, scheme.CodeDraft1993Production},
		{"prospero://h/a%00", 14, scheme.CodeDraft1993Production},
		{"prospero://h/a%001abc", 18, scheme.CodeDraft1993Production},
		{"gopher://h/", 10, scheme.CodeDraft1993Production},
		{"telnet://h/", 10, scheme.CodeDraft1993Production},
		{"ftp://h", 7, scheme.CodeMissingSlash},
		{"http://h/a#b+c", 12, locator.CodeReservedChar},
		{"http://3com.com/", 7, scheme.CodeDraft1993Host},
		{"afs://h:1/x", 7, scheme.CodePortNotAllowed},
		{"http://u@h/", 7, scheme.CodeUserinfo},
		{"9z:x", 0, scheme.CodeDraft1993Scheme},
	} {
		f := check1993(r.url, locator.URLDraft1993)
		if !slices.ContainsFunc(f, func(x locator.Finding) bool { return x.Code == r.code && x.Offset == r.off }) {
			t.Errorf("%q: want %s at offset %d, got %v", r.url, r.code, r.off, f)
		}
	}
}
