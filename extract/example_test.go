package extract_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/extract"
)

// The example of RFC 1738 Appendix: three URLs wrapped in "<URL:...>", broken across lines.
func ExampleFind() {
	text := []byte(`Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
type=d> but you can probably pick it up from <URL:ftp://ds.in
ternic.net/rfc>. Note the warning in <URL:http://ds.internic.
net/instructions/overview.html#WARNING>.`)
	for _, f := range extract.Find(text) {
		fmt.Println(f.URL, f.Form, f.Start, f.End, f.Valid)
	}
	// Output:
	// ftp://info.cern.ch/pub/www/doc;type=d wrapped 32 69 true
	// ftp://ds.internic.net/rfc wrapped 114 139 true
	// http://ds.internic.net/instructions/overview.html#WARNING wrapped 168 225 true
}

// A line break after a hyphen gives two readings, the one without the hyphen first.
func ExampleFindString() {
	text := "> Get it from ftp://ftp.example.org/pub/url-\n> tools.tar.Z (or see news:comp.infosystems.www)."
	for _, f := range extract.FindString(text) {
		fmt.Printf("%s %s %q\n", f.Form, f.URL, f.Alternatives)
	}
	// Output:
	// bare ftp://ftp.example.org/pub/urltools.tar.Z ["ftp://ftp.example.org/pub/url-tools.tar.Z"]
	// bare news:comp.infosystems.www []
}

// A Scanner reads any amount of text with bounded memory; offsets are absolute.
func ExampleNewScanner() {
	r := strings.NewReader("From: Joe <joe@a.example>\n\nThe index is <URL:http://a.example/\n  index.html> and\nURL: gopher://a.example/11/.\n")
	sc := extract.NewScanner(r)
	for sc.Scan() {
		f := sc.Finding()
		fmt.Println(f.Start, f.End, f.Form, f.URL)
	}
	if err := sc.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 45 74 wrapped http://a.example/index.html
	// 86 107 prefixed gopher://a.example/11/
}

func ExampleForm_String() {
	fmt.Println(extract.Wrapped, extract.Prefixed, extract.Bracketed, extract.Bare)
	// Output: wrapped prefixed bracketed bare
}

// A Finding in JSON, as "locator extract --json" writes it: End is the offset of the URL's last
// byte, so the text as written is input[Start:End+1].
func ExampleFinding() {
	text := "Mirror: <URL:ftp://ftp.example.org/pub/doc-\n   ids.txt>"
	enc := json.NewEncoder(os.Stdout)
	for _, f := range extract.FindString(text) {
		enc.Encode(f)
		fmt.Printf("%q\n", text[f.Start:f.End+1])
	}
	// Output:
	// {"url":"ftp://ftp.example.org/pub/docids.txt","alternatives":["ftp://ftp.example.org/pub/doc-ids.txt"],"start":13,"end":53,"form":"wrapped","valid":true}
	// "ftp://ftp.example.org/pub/doc-\n   ids.txt"
}

// Search also returns the candidates too long to report, so that none is lost silently; a
// Skip is an error whose message quotes at most MaxPrefix bytes.
func ExampleSearch() {
	text := []byte("log: GET http://a.example/?q=" + strings.Repeat("A", 70000) + " 200\nsee http://b.example/\n")
	found, skipped := extract.Search(text)
	for _, f := range found {
		fmt.Println(f.URL)
	}
	for _, s := range skipped {
		fmt.Println(s.Start, s.Length, len(s.Prefix))
		fmt.Println(s)
	}
	// Output:
	// http://b.example/
	// 9 70020 64
	// extract: byte 9: a bare URL of 70020 bytes, longer than extract.MaxLength (65536), is not reported: "http://a.example/?q=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"…
}

// Options.Spec chooses the strict check that Valid follows: "~" is unsafe in RFC 1738 (§2.2)
// and unreserved in RFC 3986 (§2.3).
func ExampleOptions_Find() {
	text := []byte("home: http://a.example/~joe/")
	for _, spec := range []locator.Spec{locator.RFC1738, locator.RFC3986} {
		for _, f := range (extract.Options{Spec: spec}).Find(text) {
			fmt.Println(spec, f.URL, f.Valid)
		}
	}
	// Output:
	// rfc1738 http://a.example/~joe/ false
	// rfc3986 http://a.example/~joe/ true
}

// Options.Search is Search under the chosen specification.
func ExampleOptions_Search() {
	text := []byte("<http://[2001:db8::1]/> and http://b.example/" + strings.Repeat("b", 1<<17))
	found, skipped := extract.Options{Spec: locator.RFC3986}.Search(text)
	for _, f := range found {
		fmt.Println(f.URL, f.Form, f.Valid)
	}
	for _, s := range skipped {
		fmt.Println("skipped", s.Start, s.Length)
	}
	// Output:
	// http://[2001:db8::1]/ bracketed true
	// skipped 28 131089
}

// Options.NewScanner makes a Scanner whose findings follow the chosen specification.
func ExampleOptions_NewScanner() {
	sc := extract.Options{Spec: locator.RFC3986}.NewScanner(strings.NewReader("see http://a.example/~joe/ and http://b.example/Köln\n"))
	for sc.Scan() {
		f := sc.Finding()
		fmt.Println(f.URL, f.Valid)
	}
	// Output:
	// http://a.example/~joe/ true
	// http://b.example/Köln false
}
