package main

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/locator-url/locator/whatwg"
)

// README, "The URL: prefix and logins with ?": under --spec rfc1738 (the default) every
// command reads a "URL:" prefix (RFC 1738 Appendix; the 1994 URL draft's prefixedurl), plan
// among them; to-path read "URL:file:///etc/motd" by RFC 3986, as the scheme "URL", and
// refused it (wrong-scheme).
func TestToPathURLPrefix(t *testing.T) {
	check(t, "", []string{"to-path", "--os", "posix", "URL:file:///etc/motd", "url:file://localhost/x"}, "/etc/motd\n/x\n", 0)
	check(t, "", []string{"to-path", "--os", "windows", "URL:file:///C:/x/y"}, "C:\\x\\y\n", 0)
	check(t, "URL:file:///etc/motd\n", []string{"to-path", "--os", "posix", "-"}, "/etc/motd\n", 0)
	// The URL behind the prefix is still a file URL of this machine, or an error.
	errs := check(t, "", []string{"to-path", "--os", "posix", "URL:http://a/"}, "", 1)
	if !strings.Contains(errs, "wrong-scheme") || !strings.Contains(errs, `"http"`) {
		t.Errorf("to-path URL:http://a/: stderr %q, want wrong-scheme for http", errs)
	}
}

// RFC 8089 Appendix E.3.1: "The colon character ":" is allowed as a delimiter before
// stream-name and stream-type in the file-name, if present." from-path keeps it (as
// scheme.FileURLFromPath does), and its help said such a stream name was refused.
func TestFromPathStreamNameHelp(t *testing.T) {
	check(t, "", []string{"from-path", "--os", "windows", `C:\dir\file.txt:stream`}, "file:///C:/dir/file.txt:stream\n", 0)
	check(t, "", []string{"to-path", "--os", "windows", "file:///C:/dir/file.txt:stream"}, "C:\\dir\\file.txt:stream\n", 0)
	check(t, "", []string{"from-path", "--os", "windows", `C:\a:b\c`}, "", 1)
	out, _, _ := runLocator(t, "", "help", "from-path")
	help := strings.Join(strings.Fields(out), " ")
	if strings.Contains(help, "and a stream name") || !strings.Contains(help, `the ":" of a stream name after the file name is kept`) {
		t.Errorf("from-path --help does not say a stream name is kept:\n%s", out)
	}
}

// equal --spec whatwg compares the URL Standard's hrefs (README: its "URL equivalence"). The
// standard keeps a "%" not followed by two hex digits (WHATWG URL §4.4, path state), so
// "http://a/%zz" is an href; equal read it again by locator.Parse and reported
// bad-escape, citing RFC 1738 §2.2.
func TestEqualWHATWGLonePercent(t *testing.T) {
	check(t, "", []string{"equal", "--spec", "whatwg", "http://a/%zz", "HTTP://A/%zz"}, "equivalent\n", 0)
	check(t, "", []string{"equal", "--spec", "whatwg", "http://a/%zz", "http://a/%zy"}, "not equivalent\n", 1)
	check(t, "http://a/%zz?%\tHTTP://A/%zz?%\nsc://a%zz/\tsc://a%zz/\n", []string{"equal", "--spec", "whatwg", "-"}, "equivalent\nequivalent\n", 0)
	check(t, "", []string{"equal", "--spec", "whatwg", "--json", "http://a/%zz", "HTTP://A/%zz"},
		`{"a":"http://a/%zz","b":"HTTP://A/%zz","equal":true,"step":"href","error":null}`+"\n", 0)
	check(t, "", []string{"equal", "--spec", "whatwg", "--explain", "http://a/%zz?q#%", "HTTP://A/%zy?q"},
		"given                      A  http://a/%zz?q#%\n"+
			"given                      B  HTTP://A/%zy?q\n"+
			"rule                       whatwg: the URL Standard, URL equivalence: identical hrefs\n"+
			"href                       B  http://a/%zy?q\n"+
			`differ in the path: "/%zz" vs "/%zy"`+"\n"+
			`differ in the fragment: "%" vs (absent)`+"\n"+
			"not equivalent\n", 1)
}

// The qualifiers of --format read the URL a record is about; under --spec whatwg that is an
// href, which may hold a "%" the URL Standard keeps: {path} was empty and {must:path} an
// error line for "http://a/%zz", whose path is "/%zz".
func TestFormatWHATWGLonePercent(t *testing.T) {
	check(t, "", []string{"resolve", "--spec", "whatwg", "--format", "{path}|{:path}|{query:a}|{must:path}|{host}|{default:port}", "http://a/", "%zz?a=%", "x?a=1"},
		"/%zz|/%zz|%|/%zz|a|80\n/x|/x|1|/x|a|80\n", 0)
	check(t, "", []string{"parse", "--spec", "whatwg", "--format", "{path}|{query}|{fragment}", "http://u@a/%zz?%#%"}, "/%zz|%|%\n", 0)
	// Under the other specs a URL that does not parse has no components.
	check(t, "", []string{"normalize", "--spec", "rfc3986", "--format", "[{path}]", "http://a/%zz"}, "[]\n", 1)
}

// hrefComponents splits an href as locator.Parse does, where locator.Parse reads it.
func TestHrefComponentsAgreeWithParse(t *testing.T) {
	r := rand.New(rand.NewSource(15))
	pre := []string{"http://", "HTTPS://", "file:", "file://h", "sc:", "sc://", "sc:/", "mailto:", "ftp://u:p@", "http://[::1]:", "blob:", "http:", "ws:/"}
	parts := []string{"a", "@", ":", "/", "//", "?", "#", "[", "]", "%", "%41", "80", ".", "..", "\\", " ", "é", "u:p@", "[::1]", ":8080", "%zz", "\t"}
	n := 0
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		b.WriteString(pre[r.Intn(len(pre))])
		for k := r.Intn(7); k > 0; k-- {
			b.WriteString(parts[r.Intn(len(parts))])
		}
		w, err := whatwg.Parse(b.String(), nil)
		if err != nil {
			continue
		}
		href := w.Href()
		got := hrefComponents(href)
		u, err := locator.Parse(href)
		if err != nil {
			// Only a lone "%" makes an href no URI; the split still finds the path.
			if !strings.Contains(href, "%") || !strings.HasPrefix(href, got[0].Value+":") {
				t.Errorf("href %q: locator.Parse: %v; split %v", href, err, got)
			}
			continue
		}
		n++
		if want := lineops.Components(u); got != want {
			t.Errorf("hrefComponents(%q) = %v, want %v", href, got, want)
		}
	}
	if n < 5000 {
		t.Errorf("only %d hrefs compared", n)
	}
}

// "-" reads standard input only alone (README, "Many URLs"; urlArgs for every other
// command): "equal - B" compared the URL "-" with B.
func TestEqualDashAlone(t *testing.T) {
	for _, args := range [][]string{{"equal", "-", "http://a/"}, {"equal", "http://a/", "-"}, {"equal", "-", "-"}} {
		errs := check(t, "http://a/\thttp://a/\n", args, "", 2)
		if !strings.Contains(errs, "- must be the only argument") {
			t.Errorf("%q: stderr %q", args, errs)
		}
	}
	check(t, "http://a/\thttp://A/\n", []string{"equal", "-"}, "equivalent\n", 0)
}

// normalize --spec whatwg normalizes the URL Standard's href by RFC 3986 §6.2, which needs a
// URI; an href that keeps a lone "%" (WHATWG URL §4.4) is none. The error said so citing RFC
// 1738 §2.2 (the generic parser's rule), a document --spec whatwg does not follow.
func TestNormalizeWHATWGLonePercent(t *testing.T) {
	for _, args := range [][]string{{"normalize", "--spec", "whatwg"}, {"normalize", "--spec", "whatwg", "--surt"}} {
		errs := check(t, "", append(args, "http://a/%zz"), "", 1)
		if !strings.Contains(errs, "RFC 3986 §2.1 pct-encoded") || strings.Contains(errs, "RFC 1738") || !strings.Contains(errs, "no URI") {
			t.Errorf("%v http://a/%%zz: stderr %q", args, errs)
		}
	}
	check(t, "", []string{"normalize", "--spec", "whatwg", "HTTP://A/b/../%7e"}, "http://a/~\n", 0)
}

// A base that starts with a byte-order mark is refused once, with the code byte-order-mark,
// as a reference or target is (README, "Many URLs"): relative and resolve --spec rfc2396 read
// it as a base without a scheme and said so for each reference (resolve --spec rfc3986 as a
// non-ASCII character).
func TestBaseByteOrderMark(t *testing.T) {
	base := lineops.BOM + "http://a/b/"
	for _, args := range [][]string{
		{"resolve", base, "c", "d"}, {"resolve", "--spec", "rfc2396", base, "c"}, {"resolve", "--spec", "whatwg", base, "c"},
		{"resolve", "--all-specs", base, "c"}, {"relative", base, "http://a/b/c"}, {"relative", "--spec", "whatwg", base, "http://a/"},
	} {
		errs := check(t, "", args, "", 1)
		if strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "the base starts with a byte-order mark") || !strings.Contains(errs, "[byte-order-mark") {
			t.Errorf("%q: stderr %q", args, errs)
		}
	}
	check(t, "c\n", []string{"resolve", "http://a/b/", "-"}, "http://a/b/c\n", 0)
}
