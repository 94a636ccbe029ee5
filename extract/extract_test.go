package extract

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"time"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/allocs"
	"github.com/locator-url/locator/scheme"
)

// want is an expected finding: the URL, its alternatives, its form, and the URL's text as
// written in the input (input[Start:End+1]).
type want struct {
	url  string
	alts []string
	form Form
	raw  string
}

func check(t *testing.T, name string, text string, wants []want) {
	t.Helper()
	got := FindString(text)
	if len(got) != len(wants) {
		t.Errorf("%s: %d findings, want %d:", name, len(got), len(wants))
		for _, f := range got {
			t.Errorf("  got %q %v %s", f.URL, f.Alternatives, f.Form)
		}
		for _, w := range wants {
			t.Errorf("  want %q %v %s", w.url, w.alts, w.form)
		}
		return
	}
	for i, w := range wants {
		f := got[i]
		alts := w.alts
		if alts == nil {
			alts = []string{}
		}
		if f.URL != w.url || !reflect.DeepEqual(f.Alternatives, alts) || f.Form != w.form {
			t.Errorf("%s #%d: got %q %q %s, want %q %q %s", name, i, f.URL, f.Alternatives, f.Form, w.url, alts, w.form)
		}
		if w.raw != "" && text[f.Start:f.End+1] != w.raw {
			t.Errorf("%s #%d: span [%d,%d] is %q, want %q", name, i, f.Start, f.End, text[f.Start:f.End+1], w.raw)
		}
	}
	checkInvariants(t, name, []byte(text), got)
}

// checkInvariants checks what holds for every finding: the span lies in the input, spans are
// in order and do not overlap, every reading parses, and the span's text is the URL as written:
// removing whitespace and the quote markers after line breaks gives the reading that keeps
// the hyphens.
func checkInvariants(t *testing.T, name string, text []byte, got []Finding) {
	t.Helper()
	prev := -1
	for i, f := range got {
		if f.Start < 0 || f.End < f.Start || f.End >= len(text) {
			t.Fatalf("%s #%d: span [%d,%d] outside input of %d bytes", name, i, f.Start, f.End, len(text))
		}
		if f.Start <= prev {
			t.Errorf("%s #%d: starts at %d, before the end %d of the previous finding", name, i, f.Start, prev)
		}
		prev = f.End
		if f.End-f.Start+1 > MaxLength {
			t.Errorf("%s #%d: %d bytes, more than MaxLength", name, i, f.End-f.Start+1)
		}
		if f.Alternatives == nil {
			t.Errorf("%s #%d: nil Alternatives", name, i)
		}
		for _, r := range append([]string{f.URL}, f.Alternatives...) {
			if _, err := locator.ParseAs(r, locator.RFC1738); err != nil && !parses(r) {
				t.Errorf("%s #%d: reading %q does not parse: %v", name, i, r, err)
			}
		}
		if err := spanMatches(text[f.Start:f.End+1], f); err != "" {
			t.Errorf("%s #%d: %s", name, i, err)
		}
	}
}

// spanMatches checks that the span's text is the URL as written: every reading is the span
// squeezed, with or without the hyphens that end a line, and the first reading is the one
// without them when both parse.
func spanMatches(span []byte, f Finding) string {
	with, without := squeeze(span), squeeze(dehyphen(span))
	readings := append([]string{f.URL}, f.Alternatives...)
	for _, r := range readings {
		if r != with && r != without {
			return "reading " + strconv.Quote(r) + " is neither " + strconv.Quote(with) + " nor " + strconv.Quote(without)
		}
	}
	if len(readings) == 2 && (readings[0] != without || readings[1] != with) {
		return "readings " + strconv.Quote(readings[0]) + ", " + strconv.Quote(readings[1]) + " out of order"
	}
	return ""
}

// dehyphen removes each "-" that only spaces and tabs separate from a line break.
func dehyphen(b []byte) []byte {
	var out []byte
	for i, c := range b {
		if c == '-' {
			j := i + 1
			for j < len(b) && (b[j] == ' ' || b[j] == '\t') {
				j++
			}
			if j < len(b) && (b[j] == '\n' || b[j] == '\r') {
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

// squeeze removes ASCII whitespace, and the ">" quote markers that start a continued line.
func squeeze(b []byte) string {
	var out []byte
	lineStart := false
	for _, c := range b {
		switch {
		case c == '\n' || c == '\r':
			lineStart = true
		case space[c]:
		case c == '>' && lineStart:
		default:
			lineStart = false
			out = append(out, c)
		}
	}
	return string(out)
}

// The example of RFC 1738 Appendix (Recommendations for URLs in Context), as printed, with its
// indentation: it must yield exactly its three URLs, whole.
const rfc1738Example = `   Examples:

      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
      type=d> but you can probably pick it up from <URL:ftp://ds.in
      ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.
      net/instructions/overview.html#WARNING>.
`

func TestRFC1738AppendixExample(t *testing.T) {
	check(t, "RFC 1738 Appendix", rfc1738Example, []want{
		{url: "ftp://info.cern.ch/pub/www/doc;type=d", form: Wrapped,
			raw: "ftp://info.cern.ch/pub/www/doc;\n      type=d"},
		{url: "ftp://ds.internic.net/rfc", form: Wrapped, raw: "ftp://ds.in\n      ternic.net/rfc"},
		{url: "http://ds.internic.net/instructions/overview.html#WARNING", form: Wrapped,
			raw: "http://ds.internic.\n      net/instructions/overview.html#WARNING"},
	})
	// The same paragraph without indentation, as in the spec text, and with CR LF.
	flat := strings.ReplaceAll(rfc1738Example, "      ", "")
	for _, text := range []string{flat, strings.ReplaceAll(flat, "\n", "\r\n")} {
		var urls []string
		for _, f := range FindString(text) {
			urls = append(urls, f.URL)
			if !f.Valid || f.Form != Wrapped {
				t.Errorf("%q: valid %v form %s, want a valid wrapped URL", f.URL, f.Valid, f.Form)
			}
		}
		wantURLs := []string{"ftp://info.cern.ch/pub/www/doc;type=d", "ftp://ds.internic.net/rfc",
			"http://ds.internic.net/instructions/overview.html#WARNING"}
		if !reflect.DeepEqual(urls, wantURLs) {
			t.Errorf("got %q, want %q", urls, wantURLs)
		}
	}
}

// Every "<URL:...>" of RFC 1738 itself, its references broken across lines included.
func TestRFC1738Document(t *testing.T) {
	text, err := os.ReadFile("../testdata/spec/rfc1738.txt")
	if err != nil {
		t.Fatal(err)
	}
	got := Find(text)
	checkInvariants(t, "rfc1738.txt", text, got)
	n := bytes.Count(text, []byte("<URL:"))
	if len(got) != n {
		t.Errorf("%d findings, want one for each of the %d \"<URL:\"", len(got), n)
	}
	has := map[string]bool{}
	for _, f := range got {
		if f.Form != Wrapped {
			t.Errorf("%q: form %s, want wrapped", f.URL, f.Form)
		}
		has[f.URL] = true
	}
	for _, u := range []string{
		"ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
		"ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt",
		"news:*",
	} {
		if !has[u] {
			t.Errorf("%q not found", u)
		}
	}
}

// RFC 3986 Appendix C (Delimiting a URI in Context), from the project's test data.
func TestRFC3986AppendixC(t *testing.T) {
	b, err := os.ReadFile("../testdata/rfc/rfc3986-other-examples.json")
	if err != nil {
		t.Fatal(err)
	}
	var data struct {
		Extract []struct {
			ID       string   `json:"id"`
			Text     string   `json:"text"`
			Expected []string `json:"expected_uris"`
		} `json:"extract_from_text"`
	}
	if err := json.Unmarshal(b, &data); err != nil {
		t.Fatal(err)
	}
	if len(data.Extract) == 0 {
		t.Fatal("no extract_from_text cases")
	}
	for _, c := range data.Extract {
		var urls []string
		for _, f := range FindString(c.Text) {
			urls = append(urls, f.URL)
		}
		if !reflect.DeepEqual(urls, c.Expected) {
			t.Errorf("%s: got %q, want %q", c.ID, urls, c.Expected)
		}
		checkInvariants(t, c.ID, []byte(c.Text), FindString(c.Text))
	}
}

// Mail and news written for these tests: headers with Message-IDs and addresses in "<...>",
// quoted replies two levels deep, URLs wrapped across quoted lines, a break after a real
// hyphen, and bare URLs next to punctuation.
func TestMessages(t *testing.T) {
	for _, c := range []struct {
		file  string
		wants []want
	}{
		{"mail-reply.txt", []want{
			{url: "ftp://info.cern.ch/pub/www/doc/url-spec.txt", form: Wrapped},
			// Broken after a real hyphen: the rule still prefers the reading without it.
			{url: "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-url08.txt", form: Wrapped,
				alts: []string{"ftp://ds.internic.net/internet-drafts/draft-ietf-uri-url-08.txt"},
				raw:  "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-url-\n>> 08.txt"},
			{url: "ftp://ds.internic.net/rfc/rfc1738.txt", form: Wrapped},
			{url: "http://www.w3.org/hypertext/WWW/Addressing/URL/url-spec.html", form: Wrapped,
				raw: "http://www.w3.org/hypertext/WWW/\n> Addressing/URL/url-spec.html"},
			{url: "ftp://ftp.example.org/pub/mirrors/rfc/", form: Bare},
			{url: "mailto:uri-request@bunyip.example.com?subject=subscribe", form: Bare},
			{url: "gopher://gopher.example.edu:70/11/Information%20About%20Gopher", form: Bracketed},
			{url: "http://www.example.edu/~ann/gopher-faq.html", form: Bare},
			{url: "http://www.cs.example.edu/~ann/", form: Wrapped},
		}},
		{"news-post.txt", []want{
			{url: "ftp://info.cern.ch/pub/www/bin/", form: Prefixed},
			{url: "ftp://info.cern.ch/pub/www/src/WWWLineMode_2.15.tar.Z", form: Wrapped},
			{url: "news:comp.infosystems.www.misc", form: Bare},
			{url: "news:comp.infosystems.announce", form: Bracketed},
			{url: "news:faq-part1-795312345@example.org", form: Bare},
			{url: "telnet://guest@library.example.edu/", form: Bare},
			{url: "http://www.example.edu/cgi-bin/telnet-gw?host=library", form: Bare,
				alts: []string{"http://www.example.edu/cgi-bin/tel-net-gw?host=library"},
				raw:  "http://www.example.edu/cgi-bin/tel-\n  net-gw?host=library"},
			{url: "wais://wais.example.com:210/directory-of-servers?world+wide+web", form: Wrapped},
			{url: "x-exp:search/www+faq", form: Bare},
			{url: "http://www.example.com/cgi-bin/search?q=faq&part=2", form: Bracketed},
		}},
	} {
		text, err := os.ReadFile("testdata/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		check(t, c.file, string(text), c.wants)
		// Validity on the strict RFC 1738 check: "~" is unsafe (RFC 1738 §2.2).
		for _, f := range Find(text) {
			if wantValid := !strings.Contains(f.URL, "~"); f.Valid != wantValid {
				t.Errorf("%s: %q valid %v, want %v", c.file, f.URL, f.Valid, wantValid)
			}
		}
	}
}

func TestForms(t *testing.T) {
	for _, c := range []struct {
		name, text string
		wants      []want
	}{
		// RFC 1738 Appendix: <URL:...>, whitespace inside ignored.
		{"wrapped", "see <URL:http://a.example/b>.", []want{{url: "http://a.example/b", form: Wrapped, raw: "http://a.example/b"}}},
		{"wrapped space after prefix", "<URL: http://a.example/b>", []want{{url: "http://a.example/b", form: Wrapped, raw: "http://a.example/b"}}},
		{"wrapped lower case", "<url:http://a.example/>", []want{{url: "http://a.example/", form: Wrapped}}},
		{"wrapped tabs", "<URL:http://a.\texample/\tb>", []want{{url: "http://a.example/b", form: Wrapped, raw: "http://a.\texample/\tb"}}},
		{"wrapped any scheme", "<URL:foo:bar>", []want{{url: "foo:bar", form: Wrapped}}},
		{"wrapped fragment", "<URL:http://a.example/b#frag>", []want{{url: "http://a.example/b#frag", form: Wrapped}}},
		{"wrapped line break", "<URL:http://a.ex\n  ample/>", []want{{url: "http://a.example/", form: Wrapped, raw: "http://a.ex\n  ample/"}}},
		{"wrapped CRLF", "<URL:http://a.ex\r\n  ample/>", []want{{url: "http://a.example/", form: Wrapped}}},
		{"wrapped two breaks", "<URL:http://a.\nexample/\nb/c>", []want{{url: "http://a.example/b/c", form: Wrapped}}},
		// RFC 1738 Appendix: after a hyphen at a line break, both readings, without it first.
		{"wrapped hyphen", "<URL:http://a.example/long-\n    name.html>", []want{{url: "http://a.example/longname.html",
			alts: []string{"http://a.example/long-name.html"}, form: Wrapped, raw: "http://a.example/long-\n    name.html"}}},
		{"wrapped hyphen space", "<URL:http://a.example/long- \n name>", []want{{url: "http://a.example/longname",
			alts: []string{"http://a.example/long-name"}, form: Wrapped}}},
		{"wrapped two hyphens", "<URL:http://a-\nb.example/c-\nd>", []want{{url: "http://ab.example/cd",
			alts: []string{"http://a-b.example/c-d"}, form: Wrapped}}},
		{"wrapped hyphen last", "<URL:http://a.example/b-\n>", []want{{url: "http://a.example/b-", form: Wrapped}}},
		{"wrapped hyphen not at break", "<URL:http://a.example/b- c>", []want{{url: "http://a.example/b-c", form: Wrapped}}},
		// Mail quoting at the start of continued lines.
		{"quoted", "> see <URL:http://a.example/\n> b/c>.", []want{{url: "http://a.example/b/c", form: Wrapped, raw: "http://a.example/\n> b/c"}}},
		{"quoted twice", ">> see <URL:http://a.example/\n>> b/c>.", []want{{url: "http://a.example/b/c", form: Wrapped}}},
		{"quoted with spaces", "> > see <URL:http://a.example/\n> > b/c>.", []want{{url: "http://a.example/b/c", form: Wrapped}}},
		{"quoted hyphen", "> <URL:http://a.example/x-\n>   y>", []want{{url: "http://a.example/xy",
			alts: []string{"http://a.example/x-y"}, form: Wrapped}}},
		{"unquoted close on next line", "<URL:http://a.example/\n> more", []want{{url: "http://a.example/", form: Wrapped}}},
		// RFC 3986 Appendix C: plain angle brackets, for known schemes.
		{"bracketed", "(<http://a.example/>)", []want{{url: "http://a.example/", form: Bracketed}}},
		{"bracketed broken", "<http://a.example/\n  b>", []want{{url: "http://a.example/b", form: Bracketed}}},
		{"bracketed mailto", "<mailto:joe@a.example>", []want{{url: "mailto:joe@a.example", form: Bracketed}}},
		{"bracketed news", "<news:comp.lang.go>", []want{{url: "news:comp.lang.go", form: Bracketed}}},
		{"bracketed mid", "<mid:960830.1639@XIson.com/partA.960830.1639@XIson.com>", []want{{url: "mid:960830.1639@XIson.com/partA.960830.1639@XIson.com", form: Bracketed}}},
		{"bracketed cid", "<cid:foo4*foo1@bar.net>", []want{{url: "cid:foo4*foo1@bar.net", form: Bracketed}}},
		// 1994 URL draft prefixedurl: "URL:" without brackets.
		{"prefixed", "URL:ftp://a.example/pub/.", []want{{url: "ftp://a.example/pub/", form: Prefixed, raw: "ftp://a.example/pub/"}}},
		{"prefixed space", "at URL: http://a.example/, today", []want{{url: "http://a.example/", form: Prefixed}}},
		{"prefixed next line", "URL:\n  http://a.example/", []want{{url: "http://a.example/", form: Prefixed}}},
		{"prefixed any scheme", "URL:foo:bar", []want{{url: "foo:bar", form: Prefixed}}},
		{"wrapped scheme across lines", "<URL:ht\n  tp://a.example/>", []want{{url: "http://a.example/", form: Wrapped, raw: "ht\n  tp://a.example/"}}},
		{"wrapped space before scheme", "< URL: http://a.example/ >", []want{{url: "http://a.example/", form: Wrapped, raw: "http://a.example/"}}},
		{"bracketed space before scheme", "< http://a.example/>", []want{{url: "http://a.example/", form: Bracketed, raw: "http://a.example/"}}},
		{"space inside scheme name", "<URL:ht tp://a.example/>", nil},
		{"wrapper too long falls back", "<URL:http://a.example/" + strings.Repeat(" ", MaxLength) + "b>", []want{{url: "http://a.example/", form: Prefixed}}},
		{"wrapper then bare", "<b>http://a.example/</b>", []want{{url: "http://a.example/", form: Bare}}},
		{"html attribute", `<a href="http://a.example/x?y=1&amp;z=2">`, []want{{url: "http://a.example/x?y=1&amp;z=2", form: Bare}}},
		{"markdown", "[the spec](http://a.example/rfc1738.txt).", []want{{url: "http://a.example/rfc1738.txt", form: Bare}}},
		{"unclosed wrapper is prefixed", "<URL:http://a.example/ and more", []want{{url: "http://a.example/", form: Prefixed}}},
		// Bare URLs of every kind of scheme.
		{"bare http", "go to http://a.example/b?c=d#e now", []want{{url: "http://a.example/b?c=d#e", form: Bare}}},
		{"bare upper case", "HTTP://A.EXAMPLE/", []want{{url: "HTTP://A.EXAMPLE/", form: Bare}}},
		{"bare ftp", "ftp://ftp.a.example/pub/x.tar.gz;type=i", []want{{url: "ftp://ftp.a.example/pub/x.tar.gz;type=i", form: Bare}}},
		{"bare gopher", "gopher://a.example:70/00/file", []want{{url: "gopher://a.example:70/00/file", form: Bare}}},
		{"bare mailto", "write to mailto:joe@a.example.", []want{{url: "mailto:joe@a.example", form: Bare}}},
		{"bare news", "in news:comp.lang.go, then", []want{{url: "news:comp.lang.go", form: Bare}}},
		{"bare news star", "news:*", []want{{url: "news:*", form: Bare}}},
		{"bare nntp", "nntp://news.a.example/comp.lang.go/1234", []want{{url: "nntp://news.a.example/comp.lang.go/1234", form: Bare}}},
		{"bare telnet user", "telnet://joe:pw@a.example:23/", []want{{url: "telnet://joe:pw@a.example:23/", form: Bare}}},
		{"bare wais", "wais://a.example/db?query", []want{{url: "wais://a.example/db?query", form: Bare}}},
		{"bare file", "file:///etc/motd", []want{{url: "file:///etc/motd", form: Bare}}},
		{"bare prospero", "prospero://a.example/pros/name;type=x", []want{{url: "prospero://a.example/pros/name;type=x", form: Bare}}},
		{"bare mid", "mid:123@a.example", []want{{url: "mid:123@a.example", form: Bare}}},
		{"bare cid", "cid:part1@a.example", []want{{url: "cid:part1@a.example", form: Bare}}},
		{"bare afs", "afs://cell.example/usr/joe", []want{{url: "afs://cell.example/usr/joe", form: Bare}}},
		{"bare https", "https://a.example/", []want{{url: "https://a.example/", form: Bare}}},
		{"bare x-", "x-foo:bar/baz", []want{{url: "x-foo:bar/baz", form: Bare}}},
		{"bare reserved name", "z39.50s://a.example/", nil},
		{"bare after word punct", "e.g.http://a.example/", []want{{url: "http://a.example/", form: Bare}}},
		{"bare after dashes", "--http://a.example/", []want{{url: "http://a.example/", form: Bare}}},
		// Where a bare URL ends.
		{"trailing period", "See http://a.example/b.", []want{{url: "http://a.example/b", form: Bare}}},
		{"trailing punctuation", "http://a.example/b?!;:,.", []want{{url: "http://a.example/b", form: Bare}}},
		{"double quotes", `"http://a.example/b",`, []want{{url: "http://a.example/b", form: Bare}}},
		{"single quotes", "'http://a.example/b'.", []want{{url: "http://a.example/b", form: Bare}}},
		{"apostrophe inside", "http://a.example/rock'n'roll", []want{{url: "http://a.example/rock'n'roll", form: Bare}}},
		{"parentheses", "(see http://a.example/b)", []want{{url: "http://a.example/b", form: Bare}}},
		{"wikipedia", "(http://en.wikipedia.org/wiki/Go_(programming_language)).", []want{{url: "http://en.wikipedia.org/wiki/Go_(programming_language)", form: Bare}}},
		{"square brackets", "[http://a.example/b]", []want{{url: "http://a.example/b", form: Bare}}},
		{"ipv6", "http://[::1]:8080/x", []want{{url: "http://[::1]:8080/x", form: Bare}}},
		{"mismatched", "(http://a.example/b])", []want{{url: "http://a.example/b", form: Bare}}},
		{"angle close", "http://a.example/b>c", []want{{url: "http://a.example/b", form: Bare}}},
		{"unsafe ends", "http://a.example/b{c}|d", []want{{url: "http://a.example/b", form: Bare}}},
		{"typographic quotes", "“http://a.example/b”", []want{{url: "http://a.example/b", form: Bare}}},
		{"unicode path", "http://de.wikipedia.org/wiki/Köln.", []want{{url: "http://de.wikipedia.org/wiki/Köln", form: Bare}}},
		{"nbsp ends", "http://a.example/b\u00a0c", []want{{url: "http://a.example/b", form: Bare}}},
		{"invalid utf8 ends", "http://a.example/b\xffc", []want{{url: "http://a.example/b", form: Bare}}},
		{"nul ends", "http://a.example/b\x00c", []want{{url: "http://a.example/b", form: Bare}}},
		{"two in a row", "http://a.example/ http://b.example/", []want{{url: "http://a.example/", form: Bare}, {url: "http://b.example/", form: Bare}}},
		// RFC 1738 Appendix: a line break right after a hyphen continues a bare URL too.
		{"bare hyphen", "get ftp://a.example/pub/some-\n    package.tar.gz today", []want{{url: "ftp://a.example/pub/somepackage.tar.gz",
			alts: []string{"ftp://a.example/pub/some-package.tar.gz"}, form: Bare, raw: "ftp://a.example/pub/some-\n    package.tar.gz"}}},
		{"bare hyphen quoted", "> get ftp://a.example/some-\n> thing.", []want{{url: "ftp://a.example/something",
			alts: []string{"ftp://a.example/some-thing"}, form: Bare}}},
		{"bare hyphen then list", "http://a.example/b-\n- next item", []want{{url: "http://a.example/b-", form: Bare}}},
		{"bare hyphen then blank", "http://a.example/b-\n\nnext", []want{{url: "http://a.example/b-", form: Bare}}},
		{"bare no hyphen no join", "http://a.example/b/\nc", []want{{url: "http://a.example/b/", form: Bare}}},
	} {
		check(t, c.name, c.text, c.wants)
	}
}

// Text that holds no URL, though it has colons and angle brackets.
func TestNotURLs(t *testing.T) {
	for _, text := range []string{
		"",
		"From: Joe <joe@a.example>",
		"Message-ID: <123.456@host.a.example>",
		"Note: nothing here. At 10:30, C++'s std::string; a<b and c>d.",
		"http://",
		"http:",
		"http: //a.example/",
		"http:a.example", // RFC 1738 §3.3: http needs "//"
		"xhttp://a.example/",
		"2http://a.example/",
		"foo:bar", // unknown scheme, bare
		"<foo:bar>",
		"<URL:>",
		"<URL:http:>",
		"mailto:",
		"mailto: joe",
		"news:!!!",
		"http://a.example:port/", // locator.Parse: the port is not digits
		"<URL:http://a.example:port/>",
		"http://a.example/%zz",        // RFC 1738 §2.2: a bad escape
		"http://[::1/",                // RFC 3986 §3.2.2: unclosed IP literal
		"<URL:http://a.\n\nexample/>", // a blank line ends a wrapper (and "http://a." has no "//"... host)
		"URL:",
		"URL: see below",
		"myURL:nothing",
	} {
		got := FindString(text)
		checkInvariants(t, text, []byte(text), got)
		switch text {
		case "<URL:http://a.\n\nexample/>":
			// The wrapper fails at the blank line; "URL:http://a." is read as prefixed.
			if len(got) != 1 || got[0].URL != "http://a" || got[0].Form != Prefixed {
				t.Errorf("%q: got %+v", text, got)
			}
			continue
		}
		if len(got) != 0 {
			t.Errorf("%q: got %+v, want nothing", text, got)
		}
	}
}

// Every scheme of the registry is found bare and in brackets, with or without "//" as its
// syntax asks; and a scheme registered at run time is found from then on.
func TestEveryScheme(t *testing.T) {
	for _, info := range scheme.All() {
		u := info.Name + ":thing@a.example"
		if info.Hierarchical {
			u = info.Name + "://a.example/thing"
		}
		for _, text := range []string{"See " + u + ".", "(" + u + ")", "<" + u + ">", "<URL:" + u + ">"} {
			got := FindString(text)
			if len(got) != 1 || got[0].URL != u {
				t.Errorf("%s: %q: got %+v", info.Name, text, got)
			}
		}
	}
	text := "try zz-chat://a.example/room today"
	if got := FindString(text); len(got) != 0 {
		t.Fatalf("unregistered scheme found: %+v", got)
	}
	if err := scheme.Register(scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "zz-chat", Hierarchical: true}, Exemption: "a test of extraction"}); err != nil {
		t.Fatal(err)
	}
	if got := FindString(text); len(got) != 1 || got[0].URL != "zz-chat://a.example/room" {
		t.Errorf("registered scheme: got %+v", got)
	}
}

func TestOffsetsAcrossLines(t *testing.T) {
	text := "ab\ncd <URL:http://x.\n  example/p>\n"
	f := FindString(text)
	if len(f) != 1 {
		t.Fatalf("got %d findings", len(f))
	}
	// "h" is at 11; "p" (the last byte) at 31.
	if f[0].Start != 11 || f[0].End != 31 || text[f[0].Start] != 'h' || text[f[0].End] != 'p' {
		t.Errorf("span [%d,%d], want [11,31]", f[0].Start, f[0].End)
	}
}

func TestJSON(t *testing.T) {
	f := FindString("<URL:http://a.example/b-\nc>")
	if len(f) != 1 {
		t.Fatalf("got %d findings", len(f))
	}
	b, err := json.Marshal(f[0])
	if err != nil {
		t.Fatal(err)
	}
	wantJSON := `{"url":"http://a.example/bc","alternatives":["http://a.example/b-c"],"start":5,"end":25,"form":"wrapped","valid":true}`
	if string(b) != wantJSON {
		t.Errorf("got  %s\nwant %s", b, wantJSON)
	}
	var back Finding
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, f[0]) {
		t.Errorf("round trip: %+v, %v", back, err)
	}
	b, _ = json.Marshal(FindString("http://a.example/")[0])
	if !bytes.Contains(b, []byte(`"alternatives":[]`)) || !bytes.Contains(b, []byte(`"form":"bare"`)) {
		t.Errorf("got %s", b)
	}
}

func TestForm(t *testing.T) {
	for f, name := range map[Form]string{Bare: "bare", Bracketed: "bracketed", Prefixed: "prefixed", Wrapped: "wrapped"} {
		if f.String() != name {
			t.Errorf("%d: %q, want %q", f, f.String(), name)
		}
		var g Form
		if err := g.UnmarshalText([]byte(name)); err != nil || g != f {
			t.Errorf("UnmarshalText(%q) = %v, %v", name, g, err)
		}
	}
	if s := Form(9).String(); s != "form(9)" {
		t.Errorf("Form(9) = %q", s)
	}
	if _, err := Form(9).MarshalText(); err == nil {
		t.Error("MarshalText of an unknown form: no error")
	}
	var g Form
	if err := g.UnmarshalText([]byte("quoted")); err == nil {
		t.Error("UnmarshalText(quoted): no error")
	}
}

func TestValid(t *testing.T) {
	for text, valid := range map[string]bool{
		"http://a.example/":        true,
		"http://a.example/~joe":    false, // RFC 1738 §2.2: "~" is unsafe
		"http://a.example/Köln":    false, // RFC 1738 §2.2: non-ASCII must be encoded
		"<URL:ftp://a.example/ b>": true,
		"news:comp.lang.go":        true,
	} {
		f := FindString(text)
		if len(f) != 1 || f[0].Valid != valid {
			t.Errorf("%q: got %+v, want valid %v", text, f, valid)
		}
	}
}

// MaxLength: a URL of exactly MaxLength bytes is found; one byte more and the whole run is
// skipped, with nothing reported from its middle.
func TestMaxLength(t *testing.T) {
	head := "http://a.example/"
	for _, extra := range []int{0, 1} {
		body := strings.Repeat("a", MaxLength-len(head)+extra)
		// Another scheme inside the run must not give a piece of it.
		body = body[:100] + ",news:x" + body[107:]
		text := "x " + head + body + " then http://b.example/"
		got := FindString(text)
		checkInvariants(t, "max", []byte(text), got)
		var urls []string
		for _, f := range got {
			urls = append(urls, f.URL)
		}
		want := []string{head + body, "http://b.example/"}
		if extra == 1 {
			want = want[1:]
		}
		if !reflect.DeepEqual(urls, want) {
			t.Errorf("extra %d: got %d findings, want %d", extra, len(urls), len(want))
		}
		// The run skipped is reported, whole, by Search and by the Scanner; a URL of
		// MaxLength bytes is not a skip.
		var wantSkips []Skip
		if extra == 1 {
			wantSkips = []Skip{{Start: 2, Length: MaxLength + 1, Form: Bare, Prefix: (head + body)[:MaxPrefix]}}
		}
		found, skips := Search([]byte(text))
		if !reflect.DeepEqual(found, got) || !reflect.DeepEqual(skips, wantSkips) {
			t.Errorf("extra %d: Search skipped %+v, want %+v", extra, skips, wantSkips)
		}
		sc := NewScanner(strings.NewReader(text))
		var n int
		var scSkips []Skip
		for more := true; more; {
			more = sc.Scan()
			scSkips = append(scSkips, sc.Skipped()...)
			if more {
				n++
			}
		}
		if n != len(want) || sc.Err() != nil || !reflect.DeepEqual(scSkips, wantSkips) {
			t.Errorf("extra %d: Scanner found %d, skipped %+v, err %v", extra, n, scSkips, sc.Err())
		}
	}
	// A wrapper may not span more than MaxLength bytes either: a "<" without ">" within
	// MaxLength bytes opens none, and the URL in it is then a skipped prefixed one.
	for _, extra := range []int{0, 1} {
		head := "<URL:http://a/"
		text := head + strings.Repeat("b", MaxLength-len(head)+extra) + ">"
		found, skips := SearchString(text)
		switch {
		case extra == 0 && (len(found) != 1 || found[0].Form != Wrapped || len(skips) != 0):
			t.Errorf("wrapper of MaxLength bytes: found %d, skipped %d", len(found), len(skips))
		case extra == 1 && (len(found) != 1 || found[0].Form != Prefixed || found[0].Start != 5 || len(skips) != 0):
			// Its URL is shorter than MaxLength: found after the "URL:" prefix.
			t.Errorf("wrapper of MaxLength+1 bytes: found %+v, skipped %d", found, len(skips))
		}
	}
}

// SearchString is Search for a string.
func SearchString(text string) ([]Finding, []Skip) { return Search([]byte(text)) }

// A Skip's message gives the offset, the length and the escaped prefix, on one line, whatever
// the bytes of the input.
func TestSkipError(t *testing.T) {
	text := "x\x1b[2J news:" + strings.Repeat("\x1b", MaxLength) + " y"
	_, skips := SearchString(text)
	if len(skips) != 0 {
		// "\x1b" ends a bare URL (a control, RFC 1738 §2.2): nothing long here.
		t.Fatalf("skipped %+v", skips)
	}
	// Letters beyond ASCII stay in a URL (and make it invalid); the prefix is not cut
	// inside one.
	for _, lead := range []string{"news:a", "news:ab"} {
		text = "x " + lead + strings.Repeat("é", MaxLength) + "\u202e y"
		_, skips = SearchString(text)
		if len(skips) != 1 {
			t.Fatalf("skipped %d, want 1", len(skips))
		}
		s := skips[0]
		if s.Start != 2 || s.Length != len(text)-4 || !utf8.ValidString(s.Prefix) || len(s.Prefix) < MaxPrefix-1 {
			t.Errorf("%s: skip %+v", lead, s)
		}
		msg := s.Error()
		want := "extract: byte 2: a bare URL of " + strconv.Itoa(s.Length) + " bytes, longer than extract.MaxLength (65536), is not reported: \"" + s.Prefix + "\"…"
		if msg != want {
			t.Errorf("message %q, want %q", msg, want)
		}
	}
}

// Options.Spec: Valid follows the strict check of the chosen specification, for Find,
// Search and the Scanner alike.
func TestSpec(t *testing.T) {
	for _, c := range []struct {
		text                    string
		rfc1738, rfc3986, whatw bool
	}{
		{"http://a.example/~joe", false, true, false},  // RFC 1738 §2.2 unsafe; RFC 3986 §2.3 unreserved
		{"<http://[::1]/>", false, true, false},        // RFC 3986 §3.2.2 IP-literal
		{"http://a.example/p?q", true, true, false},    // both
		{"http://a.example/Köln", false, false, false}, // neither: non-ASCII
		{"news:comp.lang.go", true, true, false},
	} {
		for spec, want := range map[locator.Spec]bool{locator.RFC1738: c.rfc1738, locator.RFC3986: c.rfc3986, locator.WHATWG: c.whatw} {
			o := Options{Spec: spec}
			f := o.Find([]byte(c.text))
			found, _ := o.Search([]byte(c.text))
			sc := o.NewScanner(strings.NewReader(c.text))
			if len(f) != 1 || f[0].Valid != want || !reflect.DeepEqual(found, f) || !sc.Scan() || sc.Finding().Valid != want {
				t.Errorf("%s %q: got %+v, want valid %v", spec, c.text, f, want)
			}
		}
		if f := FindString(c.text); len(f) != 1 || f[0].Valid != c.rfc1738 {
			t.Errorf("Find %q: got %+v, want the RFC 1738 check", c.text, f)
		}
	}
}

// The Scanner gives what Find gives, however the reader splits the input, with absolute
// offsets across many windows.
func TestScannerMatchesFind(t *testing.T) {
	var texts [][]byte
	for _, name := range []string{"testdata/mail-reply.txt", "testdata/news-post.txt"} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, b)
	}
	texts = append(texts, []byte(rfc1738Example), prose(3<<20, 2000))
	// URLs placed across the window's edges.
	var edge []byte
	for len(edge) < 2*bufSize {
		edge = append(edge, strings.Repeat("word ", 997)...)
		edge = append(edge, "<URL:http://edge.example/long-\n> path> and news:x.y "...)
	}
	texts = append(texts, edge)
	for i, text := range texts {
		want := Find(text)
		for name, r := range map[string]func() io.Reader{
			"whole": func() io.Reader { return bytes.NewReader(text) },
			"half":  func() io.Reader { return iotest.HalfReader(bytes.NewReader(text)) },
			"odd":   func() io.Reader { return iotest.DataErrReader(&chunked{b: text, n: 4093}) },
			"small": func() io.Reader { return &chunked{b: text, n: 13} },
		} {
			var got []Finding
			sc := NewScanner(r())
			for sc.Scan() {
				got = append(got, sc.Finding())
			}
			if sc.Err() != nil {
				t.Fatalf("text %d %s: %v", i, name, sc.Err())
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("text %d %s: Scanner found %d, Find %d", i, name, len(got), len(want))
			}
		}
		if len(text) < 1<<16 {
			var got []Finding
			sc := NewScanner(iotest.OneByteReader(bytes.NewReader(text)))
			for sc.Scan() {
				got = append(got, sc.Finding())
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("text %d one byte: Scanner found %d, Find %d", i, len(got), len(want))
			}
		}
	}
}

type chunked struct {
	b []byte
	n int
}

func (c *chunked) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), c.n)], c.b)
	c.b = c.b[n:]
	return n, nil
}

func TestScannerErrors(t *testing.T) {
	errBoom := io.ErrClosedPipe
	sc := NewScanner(io.MultiReader(strings.NewReader("http://a.example/ x http://b.exa"), iotest.ErrReader(errBoom)))
	// What was decided before the error is reported; the URL the error cut is not.
	var urls []string
	for sc.Scan() {
		urls = append(urls, sc.Finding().URL)
	}
	if len(urls) != 1 || urls[0] != "http://a.example/" {
		t.Errorf("found %q before the error, want the first URL", urls)
	}
	if sc.Err() != errBoom {
		t.Errorf("Err = %v, want %v", sc.Err(), errBoom)
	}
	if sc.Scan() {
		t.Error("Scan after an error returned true")
	}
	sc = NewScanner(emptyReader{})
	if sc.Scan() || sc.Err() != io.ErrNoProgress {
		t.Errorf("reader without progress: Err = %v", sc.Err())
	}
	sc = NewScanner(strings.NewReader(""))
	if sc.Scan() || sc.Err() != nil {
		t.Errorf("empty input: Err = %v", sc.Err())
	}
}

// Reset gives a Scanner left in any state (in a URL, in an over-long candidate, after a read
// error) the results of a new one, offsets from the new text's start, without allocating a
// window.
func TestScannerReset(t *testing.T) {
	text := prose(1<<20, 3000)
	var want []Finding
	for sc := NewScanner(bytes.NewReader(text)); sc.Scan(); {
		want = append(want, sc.Finding())
	}
	long := "x http://a.example/" + strings.Repeat("y", MaxLength+10)
	for name, before := range map[string]io.Reader{
		"mid-URL":  strings.NewReader("see <URL:http://a.example/b-\n c"),
		"skipping": io.MultiReader(strings.NewReader(long), iotest.ErrReader(io.ErrUnexpectedEOF)),
		"error":    io.MultiReader(strings.NewReader("http://a.example/ x"), iotest.ErrReader(io.ErrClosedPipe)),
		"found":    strings.NewReader("http://a.example/ and news:x.y " + strings.Repeat("w ", bufSize)),
	} {
		sc := NewScanner(iotest.OneByteReader(before))
		for i := 0; i < 3 && sc.Scan(); i++ {
		}
		if name == "skipping" && !sc.m.skipping {
			t.Fatalf("%s: the Scanner is not in an over-long candidate", name)
		}
		window := &sc.m.buf[:1][0]
		sc.Reset(bytes.NewReader(text))
		var got []Finding
		for sc.Scan() {
			got = append(got, sc.Finding())
		}
		if sc.Err() != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: after Reset %d findings (err %v), want %d", name, len(got), sc.Err(), len(want))
		}
		if &sc.m.buf[:1][0] != window {
			t.Errorf("%s: Reset did not keep the window", name)
		}
		// ResetBytes reads the text in place, and gives the same.
		sc.ResetBytes(text)
		got = got[:0]
		for sc.Scan() {
			got = append(got, sc.Finding())
		}
		if sc.Err() != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: after ResetBytes %d findings (err %v), want %d", name, len(got), sc.Err(), len(want))
		}
		if &sc.m.buf[:1][0] != &text[0] {
			t.Errorf("%s: ResetBytes copied the text", name)
		}
		sc.Reset(strings.NewReader("news:x.y"))
		if !sc.Scan() || sc.Finding().URL != "news:x.y" || sc.Finding().Start != 0 || &sc.m.buf[:1][0] != window {
			t.Errorf("%s: Reset after ResetBytes: %v, or not in the Scanner's window", name, sc.Finding())
		}
	}
	// A reused Scanner allocates nothing per text beyond its findings' strings.
	sc := NewScanner(nil)
	small := []byte("see <URL:http://a.example/b\n c> and news:x.y\n")
	var rd bytes.Reader
	nAllocs := allocs.Count(2, 100, func() {
		rd.Reset(small)
		sc.Reset(&rd)
		for sc.Scan() {
		}
	})
	if nAllocs > 2 {
		t.Errorf("%.1f allocations per Reset and scan of 2 URLs, want at most 2 (their strings)", nAllocs)
	}
	nAllocs = allocs.Count(2, 100, func() {
		sc.ResetBytes(small)
		for sc.Scan() {
		}
	})
	if nAllocs > 2 {
		t.Errorf("%.1f allocations per ResetBytes and scan of 2 URLs, want at most 2 (their strings)", nAllocs)
	}
	// A Scanner with no reader reports an error; it does not panic.
	if sc := NewScanner(nil); sc.Scan() || sc.Err() == nil {
		t.Errorf("Scanner with a nil reader: Err = %v, want an error", sc.Err())
	}
	// The zero value, once Reset, scans.
	var zero Scanner
	zero.Reset(bytes.NewReader(small))
	n := 0
	for zero.Scan() {
		n++
	}
	if n != 2 || zero.Err() != nil {
		t.Errorf("zero Scanner after Reset: %d findings (err %v), want 2", n, zero.Err())
	}
}

type emptyReader struct{}

func (emptyReader) Read([]byte) (int, error) { return 0, nil }

// A Scanner reports a URL as soon as the text after it decides where it ends, without waiting
// for more input: "tail -f log | locator extract" works.
func TestScannerStreams(t *testing.T) {
	pr, pw := io.Pipe()
	go func() {
		pw.Write([]byte("first line with <URL:http://a.example/\n  x> and\n"))
		pw.Write([]byte("news:comp.lang.go\n"))
		// The writer stays open: the Scanner must not wait for the end.
	}()
	sc := NewScanner(pr)
	got := make(chan string)
	go func() {
		for sc.Scan() {
			got <- sc.Finding().URL
		}
		close(got)
	}()
	for _, want := range []string{"http://a.example/x", "news:comp.lang.go"} {
		select {
		case u := <-got:
			if u != want {
				t.Errorf("got %q, want %q", u, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no finding for %q while the input stays open", want)
		}
	}
	pw.Close()
	if u, ok := <-got; ok {
		t.Errorf("extra finding %q", u)
	}
}

// The Scanner's memory is its fixed window and the current URL, whatever the input size.
func TestScannerMemory(t *testing.T) {
	chunk := prose(1<<20, 3000)
	long := "x " + "<URL:http://a.example/" + strings.Repeat("y \n", MaxLength/3-20) + ">\n"
	r := io.MultiReader(bytes.NewReader(bytes.Repeat(chunk, 24)), strings.NewReader(long), bytes.NewReader(chunk))
	sc := NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
	}
	if sc.Err() != nil {
		t.Fatal(sc.Err())
	}
	if cap(sc.m.buf) != bufSize {
		t.Errorf("window grew to %d bytes, want %d", cap(sc.m.buf), bufSize)
	}
	if cap(sc.m.text) > 2*MaxLength || cap(sc.m.segs) > MaxLength {
		t.Errorf("scratch grew to %d bytes and %d segments", cap(sc.m.text), cap(sc.m.segs))
	}
	if want := 25 * len(Find(chunk)); n != want+1 {
		t.Errorf("%d findings, want %d", n, want+1)
	}
}

// parses reports whether r parses with locator.Parse (a reading under locator.RFC3986).
func parses(r string) bool {
	_, err := locator.Parse(r)
	return err == nil
}

// TestLogin1738: a URL whose login holds "?" (RFC 1738 §5) is found whole, and valid, under
// locator.RFC1738, as "locator check" reads it; under locator.RFC3986 "ftp://a:p?q@host/f"
// does not parse (the port "p"), and the reading stops before it.
func TestLogin1738(t *testing.T) {
	text := []byte("see <URL:ftp://a:p?q@host/f> and ftp://a?b@host/x, URL:URL:x:y")
	got := Find(text)
	checkInvariants(t, "login1738", text, got)
	var urls []string
	for _, f := range got {
		urls = append(urls, f.URL)
		if f.URL != "URL:x:y" && !f.Valid {
			t.Errorf("%q is not valid", f.URL)
		}
	}
	if want := []string{"ftp://a:p?q@host/f", "ftp://a?b@host/x", "URL:x:y"}; !reflect.DeepEqual(urls, want) {
		t.Errorf("Find = %q, want %q", urls, want)
	}
	for _, f := range (Options{Spec: locator.RFC3986}).Find(text) {
		if f.URL == "ftp://a:p?q@host/f" {
			t.Errorf("under RFC 3986 %q parsed", f.URL)
		}
	}
}
