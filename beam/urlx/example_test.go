package urlx_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/locator-url/locator/beam/urlx"
)

// runAndShow runs p on the test's runner and prints the lines of the files that pattern
// matches, sorted.
func runAndShow(p *beam.Pipeline, pattern string) { runAndShowTrim(p, pattern, "") }

// runAndShowTrim is runAndShow with each line's first trim removed (a temporary directory
// in a file name).
func runAndShowTrim(p *beam.Pipeline, pattern, trim string) {
	if err := ptest.Run(p); err != nil {
		fmt.Println(err)
		return
	}
	names, _ := filepath.Glob(pattern)
	var lines []string
	for _, n := range names {
		b, _ := os.ReadFile(n)
		for _, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			if trim != "" {
				l = strings.Replace(l, trim, "", 1)
			}
			lines = append(lines, l)
		}
	}
	slices.Sort(lines)
	for _, l := range lines {
		fmt.Println(l)
	}
}

// A LineFunc is the per-line work of a transform, without Beam.
func ExampleCompile() {
	f, err := urlx.Compile(urlx.Config{Op: urlx.OpNormalize, Level: "usually"})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, _ := f("HTTP://www.Example.COM:80/%7esmith/./a/../b?")
	fmt.Println(res.Output)
	_, bad := f("http://a/%zz")
	fmt.Println(bad.Offset, bad.Code, bad.Rule)
	// Output:
	// http://www.example.com/%7Esmith/b
	// 9 bad-escape RFC 1738 §2.2 escape
}

// Normalize, then write the results and the dead letters as the CLI's lines.
func ExampleNormalize() {
	dir, _ := os.MkdirTemp("", "urlx")
	defer os.RemoveAll(dir)
	p, s := beam.NewPipelineWithRoot()
	lines := beam.Create(s, "HTTP://A.example:80/x/../y", "ftp://h/%7e", "http://a/%zz")
	res, dead, err := urlx.Normalize(s, "rfc1738", "safe", lines)
	if err != nil {
		fmt.Println(err)
		return
	}
	urlx.Write(s, urlx.FormatText, filepath.Join(dir, "out"), 2, res)
	urlx.Write(s, urlx.FormatJSONL, filepath.Join(dir, "dead"), 1, dead)
	runAndShow(p, filepath.Join(dir, "*"))
	// Output:
	// ftp://h/%7E
	// http://a.example/y
	// {"input":"http://a/%zz","offset":9,"code":"bad-escape","rule":"RFC 1738 §2.2 escape","message":"\"%\" not followed by two hex digits","line":"error: \"%\" not followed by two hex digits [bad-escape, RFC 1738 §2.2 escape]"}
}

// Count the valid URLs per host.
func ExampleGroupBy() {
	dir, _ := os.MkdirTemp("", "urlx")
	defer os.RemoveAll(dir)
	p, s := beam.NewPipelineWithRoot()
	lines := beam.Create(s, "http://A.example/1", "http://a.example/2", "ftp://b.example/f", "http://a b/")
	counts, _, err := urlx.GroupBy(s, urlx.ByHost, "", lines)
	if err != nil {
		fmt.Println(err)
		return
	}
	urlx.Write(s, urlx.FormatCSV, filepath.Join(dir, "hosts"), 1, counts)
	runAndShow(p, filepath.Join(dir, "*"))
	// Output:
	// a.example,2
	// b.example,1
	// key,count
}

// Find the URLs in running text.
func ExampleExtract() {
	dir, _ := os.MkdirTemp("", "urlx")
	defer os.RemoveAll(dir)
	p, s := beam.NewPipelineWithRoot()
	docs := beam.Create(s, urlx.Document{Name: "mail", Text: "See <URL:ftp://foo.bar/pub/fi-\n  le> and http://example.com/a."})
	found, _, err := urlx.Extract(s, "", docs)
	if err != nil {
		fmt.Println(err)
		return
	}
	urlx.Write(s, urlx.FormatText, filepath.Join(dir, "urls"), 1, found)
	runAndShow(p, filepath.Join(dir, "*"))
	// Output:
	// mail:ftp://foo.bar/pub/file	9	34	wrapped	valid	ftp://foo.bar/pub/fi-le
	// mail:http://example.com/a	41	60	bare	valid
}

// Resolve each reference against the base in its line's first column.
func ExampleResolve() {
	dir, _ := os.MkdirTemp("", "urlx")
	defer os.RemoveAll(dir)
	p, s := beam.NewPipelineWithRoot()
	lines := beam.Create(s, "http://a/b/c/d;p?q\t../g", "ftp://h/pub/dir/\tx", "no base")
	res, dead, err := urlx.Resolve(s, "rfc3986", "", lines)
	if err != nil {
		fmt.Println(err)
		return
	}
	// The results and the dead letters as the CLI's lines, in one file.
	urlx.Write(s, urlx.FormatText, filepath.Join(dir, "out"), 1, beam.Flatten(s, beam.ParDo(s, resultOutput, res), beam.ParDo(s, invalidLine, dead)))
	runAndShow(p, filepath.Join(dir, "*"))
	// Output:
	// error: the line has no tab between the base and the reference [no-tab, locator-beam]
	// ftp://h/pub/dir/x
	// http://a/b/g
}

// Read a file of URLs, one per line ("\r\n" line ends too), check them and write the CLI's
// lines.
func ExampleReadLines() {
	dir, _ := os.MkdirTemp("", "urlx")
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "urls.txt")
	os.WriteFile(in, []byte("ftp://host.dom/pub\r\nhttp://a b/\r\nnews:comp.infosystems.www\n"), 0o644)
	p, s := beam.NewPipelineWithRoot()
	res, dead, err := urlx.Check(s, "", urlx.ReadLines(s, in))
	if err != nil {
		fmt.Println(err)
		return
	}
	urlx.Write(s, urlx.FormatText, filepath.Join(dir, "ok"), 1, res)
	urlx.Write(s, urlx.FormatText, filepath.Join(dir, "bad"), 1, dead)
	runAndShow(p, filepath.Join(dir, "*-of-*"))
	// Output:
	// http://a b/:8: error: unsafe character " " must be encoded as %20 [unsafe-char, RFC 1738 §2.2]
	// ok ftp://host.dom/pub
	// ok news:comp.infosystems.www
}

// Read whole files for Extract: a URL in running text may span lines.
func ExampleReadDocuments() {
	dir, _ := os.MkdirTemp("", "urlx")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("Mail <URL:http://a.example/x>.\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.txt"), []byte("And gopher://b.example/1\n"), 0o644)
	p, s := beam.NewPipelineWithRoot()
	found, _, err := urlx.Extract(s, "", urlx.ReadDocuments(s, filepath.Join(dir, "*.txt")))
	if err != nil {
		fmt.Println(err)
		return
	}
	urlx.Write(s, urlx.FormatText, filepath.Join(dir, "urls"), 1, found)
	// Each line starts with its file's name (here without the temporary directory).
	runAndShowTrim(p, filepath.Join(dir, "urls-*"), dir+string(filepath.Separator))
	// Output:
	// a.txt:http://a.example/x	10	27	wrapped	valid
	// b.txt:gopher://b.example/1	4	23	bare	valid
}

// The components of each valid URL, tab-separated, as "locator parse -" prints them.
func ExampleParse() {
	dir, _ := os.MkdirTemp("", "urlx")
	defer os.RemoveAll(dir)
	p, s := beam.NewPipelineWithRoot()
	res, _, err := urlx.Parse(s, "rfc1738", beam.Create(s, "ftp://myname@host.dom/%2Fetc/motd"))
	if err != nil {
		fmt.Println(err)
		return
	}
	urlx.Write(s, urlx.FormatText, filepath.Join(dir, "out"), 1, res)
	runAndShow(p, filepath.Join(dir, "*"))
	// Output:
	// "ftp://myname@host.dom/%2Fetc/motd"	valid	"ftp"	"myname"	-	"host.dom"	-	"/%2Fetc/motd"	-	-
}

// SURT keys, the sort keys of web archives.
func ExampleSURT() {
	dir, _ := os.MkdirTemp("", "urlx")
	defer os.RemoveAll(dir)
	p, s := beam.NewPipelineWithRoot()
	res, _ := urlx.SURT(s, beam.Create(s, "http://www.archive.org/goo/?b=2&a=1"))
	urlx.Write(s, urlx.FormatText, filepath.Join(dir, "out"), 1, res)
	runAndShow(p, filepath.Join(dir, "*"))
	// Output:
	// org,archive)/goo?a=1&b=2
}

// Hrefs by the WHATWG URL Standard.
func ExampleWHATWG() {
	dir, _ := os.MkdirTemp("", "urlx")
	defer os.RemoveAll(dir)
	p, s := beam.NewPipelineWithRoot()
	res, _ := urlx.WHATWG(s, beam.Create(s, "HTTP://EXAMPLE.com:80/a/../b c"))
	urlx.Write(s, urlx.FormatText, filepath.Join(dir, "out"), 1, res)
	runAndShow(p, filepath.Join(dir, "*"))
	// Output:
	// http://example.com/b%20c
}

// Apply runs any operation by its Config; Write writes CSV with a header in each shard.
func ExampleApply() {
	dir, _ := os.MkdirTemp("", "urlx")
	defer os.RemoveAll(dir)
	p, s := beam.NewPipelineWithRoot()
	res, _, err := urlx.Apply(s, urlx.Config{Op: urlx.OpResolve, Base: "http://a/b/c/d;p?q"}, beam.Create(s, "../g"))
	if err != nil {
		fmt.Println(err)
		return
	}
	urlx.Write(s, urlx.FormatCSV, filepath.Join(dir, "out"), 1, res)
	runAndShow(p, filepath.Join(dir, "*"))
	// Output:
	// ../g,http://a/b/g,
	// input,output,scheme
}

// The files of Write.
func ExampleShardName() {
	fmt.Println(urlx.ShardName("out/norm", 3, 16, "txt"))
	// Output:
	// out/norm-00003-of-00016.txt
}

// Write the dead letters as JSON lines.
func ExampleWrite() {
	dir, _ := os.MkdirTemp("", "urlx")
	defer os.RemoveAll(dir)
	p, s := beam.NewPipelineWithRoot()
	_, dead := urlx.WHATWG(s, beam.Create(s, "http://[::1"))
	if err := urlx.Write(s, urlx.FormatJSONL, filepath.Join(dir, "dead"), 1, dead); err != nil {
		fmt.Println(err)
		return
	}
	runAndShow(p, filepath.Join(dir, "*"))
	// Output:
	// {"input":"http://[::1","offset":7,"code":"IPv6-unclosed","rule":"WHATWG URL §3.5 host parser","message":"IPv6-unclosed at offset 7","line":"error: IPv6-unclosed at offset 7 [IPv6-unclosed, WHATWG URL §3.5 host parser]"}
}

// A path on a file system Beam does not know is an error, not a panic.
func ExampleCheckPath() {
	fmt.Println(urlx.CheckPath("testdata/urls.txt") == nil)
	fmt.Println(urlx.CheckPath("nofs://bucket/urls.txt") != nil)
	// Output:
	// true
	// true
}

// Every finding of each line, errors and warnings, as records.
func ExampleFindings() {
	dir, _ := os.MkdirTemp("", "urlx")
	defer os.RemoveAll(dir)
	p, s := beam.NewPipelineWithRoot()
	d, err := urlx.Findings(s, "", beam.Create(s, "ftp://host/a;type=AN", "http://ok.example/"))
	if err != nil {
		fmt.Println(err)
		return
	}
	urlx.Write(s, urlx.FormatCSV, filepath.Join(dir, "findings"), 1, d)
	runAndShow(p, filepath.Join(dir, "*"))
	// Output:
	// ftp://host/a;type=AN,error,18,ftp-typecode,RFC 1738 §5 ftptype,"typecode ""AN"" is the 1994 URL draft's (RFC 959's type code without the space); RFC 1738 §5 ftptype is one of A, I, D, a, i, d (check with --spec url-draft-1994)"
	// input,severity,offset,code,rule,message
}
