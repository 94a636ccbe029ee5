package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWrapURLs: URLs as arguments and from standard input are written wrapped, one after the
// other; a URL that text cannot hold is refused on standard error with its offset, the others
// still written, and the exit status is 1.
func TestWrapURLs(t *testing.T) {
	check(t, "", []string{"wrap", "ftp://info.cern.ch/pub/www/doc;type=d"}, "<URL:ftp://info.cern.ch/pub/www/doc;type=d>\n", 0)
	check(t, "", []string{"wrap", "--width", "40", "--indent", "0", "ftp://info.cern.ch/pub/www/doc;type=d", "URL:news:comp.infosystems.www"},
		"<URL:ftp://info.cern.ch/pub/www/doc;\ntype=d>\n<URL:news:comp.infosystems.www>\n", 0)
	check(t, "", []string{"wrap", "--width", "30", "http://ds.internic.net/instructions/overview.html#WARNING"},
		"<URL:http://ds.internic.net/\n  instructions/\n  overview.html#WARNING>\n", 0)
	// The width's boundary: 43 columns hold the whole, 42 do not.
	check(t, "", []string{"wrap", "--width", "43", "ftp://info.cern.ch/pub/www/doc;type=d"}, "<URL:ftp://info.cern.ch/pub/www/doc;type=d>\n", 0)
	check(t, "", []string{"wrap", "--width", "42", "ftp://info.cern.ch/pub/www/doc;type=d"}, "<URL:ftp://info.cern.ch/pub/www/doc;type=\n  d>\n", 0)
	// No place to break: unbroken.
	check(t, "", []string{"wrap", "--width", "10", "http://a-long-host-name.example"}, "<URL:http://a-long-host-name.example>\n", 0)

	errs := check(t, "", []string{"wrap", "http://a/b c", "http://a/b", "http://a/\x1b[31m", "/no/scheme"}, "<URL:http://a/b>\n", 1)
	want := `locator: http://a/b c:10: " " is unsafe and must be encoded (%20); in text it is white space or the wrapper's delimiter [unsafe-char, RFC 1738 §2.2; RFC 1738 Appendix]
locator: http://a/\x1b[31m:9: the control byte "\x1b" must be encoded (%1B); in text it would end the URL [control-character, RFC 1738 §2.2]
locator: /no/scheme:0: a URL in text starts with a scheme name and ":" (<scheme>:<scheme-specific-part>) [no-scheme, RFC 1738 §2.1]
`
	if errs != want {
		t.Errorf("wrap: stderr\n%s\nwant\n%s", errs, want)
	}

	// Standard input: one URL per line, CR LF or LF; an empty line is no URL.
	errs = check(t, "ftp://info.cern.ch/pub/www/doc;type=d\r\nhttp://a/b\n\nmailto:joe@example.com", []string{"wrap", "--width", "20", "-"},
		"<URL:ftp://info.cern.ch/\n  pub/www/doc;type=\n  d>\n<URL:http://a/b>\n<URL:mailto:joe@\n  example.com>\n", 1)
	if errs != "locator: :0: the empty string is not a URL [empty, RFC 1738 §2.1]\n" {
		t.Errorf("wrap -: stderr %q", errs)
	}
}

// TestWrapExtractRoundTrip: what wrap writes, extract reads back as the URL that was wrapped:
// a URL that extract would read otherwise (RFC 1738 §5 takes a "?" before an "@" into a
// login) is refused, and --text keeps a URL that starts with "URL:" behind its prefix.
func TestWrapExtractRoundTrip(t *testing.T) {
	errs := check(t, "", []string{"wrap", "http://h?q=a@b:c", "telnet://h?@[x", "http://h?q=a%40b:c"}, "<URL:http://h?q=a%40b:c>\n", 1)
	if strings.Count(errs, "\n") != 2 || !strings.Contains(errs, "locator: http://h?q=a@b:c:15: ") ||
		!strings.Contains(errs, "locator: telnet://h?@[x:12: ") || !strings.Contains(errs, "RFC 1738 §5") {
		t.Errorf("wrap: stderr %q", errs)
	}
	extracted := func(text string) string {
		out, _, _ := runLocator(t, text, "extract", "--format", "{url} {form}", "-")
		return out
	}
	in := "see URL: URL:news:x here\n"
	out, _, code := runLocator(t, in, "wrap", "--text")
	if code != 0 || out != "see <URL:URL:news:x> here\n" {
		t.Errorf("wrap --text %q: exit %d, %q", in, code, out)
	}
	if a, b := extracted(in), extracted(out); a != "URL:news:x prefixed\n" || b != "URL:news:x wrapped\n" {
		t.Errorf("extract reads %q, then %q", a, b)
	}
}

// TestWrapUsage: widths and indentations out of range, --spec, no URL, "-" among URLs.
func TestWrapUsage(t *testing.T) {
	for _, r := range []struct {
		args []string
		want string
	}{
		{[]string{"wrap", "--width", "0", "x:y"}, "locator: --width 0: the width must be at least 1\n"},
		{[]string{"wrap", "--width", "-5", "x:y"}, "locator: --width -5: the width must be at least 1\n"},
		{[]string{"wrap", "--width", "3", "x:y"}, "locator: --indent 2: the indentation must be 0 to half the width (1)\n"},
		{[]string{"wrap", "--indent", "-1", "x:y"}, "locator: --indent -1: the indentation must be 0 to half the width (36)\n"},
		{[]string{"wrap", "--indent", "37", "x:y"}, "locator: --indent 37: the indentation must be 0 to half the width (36)\n"},
		{[]string{"wrap", "--spec", "rfc3986", "x:y"}, "locator: --spec: wrap does not depend on a specification\n"},
		{[]string{"wrap"}, "locator: wrap: no URL given (give URLs, or - to read them from standard input)\n"},
		{[]string{"wrap", "x:y", "-"}, "locator: wrap: - must be the only argument\n"},
	} {
		out, errs, code := runLocator(t, "", r.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errs, r.want) {
			t.Errorf("locator %q: exit %d, stdout %q, stderr %q; want exit 2, %q", r.args, code, out, errs, r.want)
		}
	}
	// Both sides of the boundaries.
	check(t, "", []string{"wrap", "--width", "1", "--indent", "0", "x:y"}, "<URL:x:y>\n", 0)
	check(t, "", []string{"wrap", "--width", "4", "--indent", "2", "x:y"}, "<URL:x:y>\n", 0)
	check(t, "", []string{"wrap", "--indent", "36", "x:y"}, "<URL:x:y>\n", 0)
}

// TestWrapText: --text rewrites the URLs of running text from standard input or files, keeps
// the rest byte for byte, reports what it leaves as written, and extract reads the same URLs
// from the result.
func TestWrapText(t *testing.T) {
	in := "> Yes, Jim, see ftp://info.cern.ch/pub/www/doc;type=d or URL:ftp://ds.internic.net/rfc.\r\n" +
		"> Note <http://ds.internic.net/instructions/overview.html#WARNING>, and http://x-\r\n" +
		"> y/z and <URL:http://a/b> and http://a/\xc3\xa9.\r\n"
	want := "> Yes, Jim, see <URL:ftp://info.cern.ch/pub/\r\n>   www/doc;type=d> or <URL:ftp://ds.internic.net/\r\n>   rfc>.\r\n" +
		"> Note <URL:http://ds.internic.net/\r\n>   instructions/overview.html#WARNING>, and http://x-\r\n" +
		"> y/z and <URL:http://a/b> and http://a/\xc3\xa9.\r\n"
	errs := check(t, in, []string{"wrap", "--text", "--width", "44"}, want, 0)
	wantErrs := "locator: standard input: byte 161: left as written: http://xy/z: a line break after a hyphen: the hyphen \"may or may not actually be part of the URL\" [hyphen-break, RFC 1738 Appendix]\n" +
		"locator: standard input: byte 212: left as written: http://a/é: the byte \"\\xc3\" is not US-ASCII and must be encoded (%C3) [non-ascii, RFC 1738 §2.2]\n"
	if errs != wantErrs {
		t.Errorf("wrap --text: stderr\n%s\nwant\n%s", errs, wantErrs)
	}
	// extract reads the same URLs, in order, before and after.
	urls := func(text string) []string {
		out, _, code := runLocator(t, text, "extract", "--format", "{url} {alternatives}", "-")
		if code != 0 {
			t.Fatalf("extract: exit %d", code)
		}
		return strings.Split(out, "\n")
	}
	if a, b := urls(in), urls(want); strings.Join(a, "|") != strings.Join(b, "|") {
		t.Errorf("extract reads\n%q\nthen\n%q", a, b)
	}

	// Files, in turn; "-" among them; a missing file is a read error.
	dir := t.TempDir()
	f1, f2 := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	if err := os.WriteFile(f1, []byte("see http://a/b/c/d/e/f/g/h/i/j\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f2, []byte("and http://x-\ny\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	errs = check(t, "stdin http://s/t\n", []string{"wrap", "--text", "--width", "20", "--indent", "4", f1, "-", f2},
		"see <URL:http://a/b/\n    c/d/e/f/g/h/i/j>\nstdin <URL:http://s/\n    t>\nand http://x-\ny\n", 0)
	if want := "locator: " + f2 + ": byte 4: left as written: http://xy: a line break after a hyphen: the hyphen \"may or may not actually be part of the URL\" [hyphen-break, RFC 1738 Appendix]\n"; errs != want {
		t.Errorf("wrap --text FILES: stderr %q; want %q", errs, want)
	}
	out, errs, code := runLocator(t, "", "wrap", "--text", filepath.Join(dir, "missing"))
	if code != 1 || out != "" || !strings.Contains(errs, "missing") {
		t.Errorf("wrap --text missing: exit %d, %q, %q", code, out, errs)
	}
	// Text with no URL is written unchanged, bytes that are no UTF-8 and controls included.
	check(t, "a\x00b\xff\x1b[31m <joe@example.com> 10:30\n", []string{"wrap", "--text"}, "a\x00b\xff\x1b[31m <joe@example.com> 10:30\n", 0)
	check(t, "", []string{"wrap", "--text"}, "", 0)

	h := helpOf(t, "wrap")
	for _, s := range []string{"RFC 1738 Appendix", "RFC 1738 §2.2", "--width", "--indent", "--text", "hyphen", "%-escape", "unbroken", "left as written"} {
		if !strings.Contains(h, s) {
			t.Errorf("wrap --help does not say %q", s)
		}
	}
}

// TestWrapTextMegabyte: a megabyte of URLs on one line and a megabyte URL go through --text in
// linear time (extract.TestWrapTextAdversarial bounds the library's work), and the URL longer
// than extract reads is left alone.
func TestWrapTextMegabyte(t *testing.T) {
	text := strings.Repeat("see http://a.example/b/c/d/e/f/g/h/i/j/k/l. ", 1<<20/44) + "\n" +
		"http://a/" + strings.Repeat("b/", 1<<19) + "\n"
	out, _, code := runLocator(t, text, "wrap", "--text", "--width", "20")
	if code != 0 || strings.Count(out, "<URL:") != 1<<20/44 || !strings.HasSuffix(out, "\nhttp://a/"+strings.Repeat("b/", 1<<19)+"\n") {
		t.Errorf("wrap --text of 2 MB: exit %d, %d wrapped", code, strings.Count(out, "<URL:"))
	}
}
