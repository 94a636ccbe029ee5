package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/locator-url/locator/extract"
)

// check runs the command and compares the output, the standard error and the exit status.
func check(t *testing.T, stdin string, args []string, wantOut string, wantCode int) string {
	t.Helper()
	out, errs, code := runLocator(t, stdin, args...)
	if out != wantOut || code != wantCode {
		t.Errorf("locator %q: exit %d, stderr %q, stdout:\n%s\nwant exit %d, stdout:\n%s", args, code, errs, out, wantCode, wantOut)
	}
	return errs
}

// RFC 3986 §5.4.1 "Normal Examples" and §5.4.2 "Abnormal Examples" (some), the default mode.
func TestResolveRFC3986(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	check(t, "", []string{"resolve", base, "g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g;x?y#s", "", ".", "./", "..", "../g", "../..", "../../g", "../../../g", "/./g", "g.", "g/../h", "g;x=1/../y", "http:g"},
		`g:h
http://a/b/c/g
http://a/b/c/g
http://a/b/c/g/
http://a/g
http://g
http://a/b/c/d;p?y
http://a/b/c/g?y
http://a/b/c/d;p?q#s
http://a/b/c/g;x?y#s
http://a/b/c/d;p?q
http://a/b/c/
http://a/b/c/
http://a/b/
http://a/b/g
http://a/
http://a/g
http://a/g
http://a/g
http://a/b/c/g.
http://a/b/c/h
http://a/b/c/y
http:g
`, 0)
	// RFC 3986 §5.4.2: "http:g" for backward compatibility.
	check(t, "", []string{"resolve", "--spec", "rfc3986-compat", base, "http:g"}, "http://a/b/c/g\n", 0)
	// RFC 1808 §5.2: ".." above the root is kept.
	check(t, "", []string{"resolve", "--spec", "rfc1808", base, "../../../g", ";x"}, "http://a/../g\nhttp://a/b/c/d;x\n", 0)
}

// uri-draft-www "Partial (relative) form": the printed magic://a/b/c//d/e/f examples, and
// RFC 1630 as published (see locator.ModeRFC1630Published).
func TestResolveRFC1630(t *testing.T) {
	const base = "magic://a/b/c//d/e/f"
	check(t, "", []string{"resolve", "--spec", "rfc1630", base, "g", "/g", "//g", "../g"},
		"magic://a/b/c//d/e/g\nmagic://a/g\nmagic://g\nmagic://a/b/c//d/g\n", 0)
	check(t, "", []string{"resolve", "--spec", "rfc1630-published", base, "/g"}, "magic://a/b/c//d/g\n", 0)
}

// The WHATWG URL Standard (§4.4 with a base): spaces trimmed, backslashes, percent-encoding.
func TestResolveWHATWG(t *testing.T) {
	check(t, "", []string{"resolve", "--spec", "whatwg", "http://example.com/a/", " b c ", `..\x`, "HTTP://EXAMPLE.COM:80/./y", "http://[::1"},
		"http://example.com/a/b%20c\nhttp://example.com/x\nhttp://example.com/y\n", 1)
}

func TestResolveAllSpecs(t *testing.T) {
	// "http:g" is not an http URL under the drafts' checkers: no "//" and host.
	check(t, "", []string{"resolve", "--all-specs", "http://a/b/c/d;p?q", "http:g", "../../../g", ";x", "g"},
		`REF         DIFFER  rfc3986          rfc3986-compat   rfc2396          rfc1808            url-draft            rfc1630              rfc1630-published    whatwg
http:g      yes     http:g           *http://a/b/c/g  http:g           http:g             *error:no-authority  *error:no-authority  *error:no-authority  *http://a/b/c/g
../../../g  yes     http://a/g       http://a/g       *http://a/../g   *http://a/../g     *http://a/../g       *http://a/../g       *http://a/../g       http://a/g
;x          yes     http://a/b/c/;x  http://a/b/c/;x  http://a/b/c/;x  *http://a/b/c/d;x  http://a/b/c/;x      http://a/b/c/;x      http://a/b/c/;x      http://a/b/c/;x
g           no      http://a/b/c/g   http://a/b/c/g   http://a/b/c/g   http://a/b/c/g     http://a/b/c/g       http://a/b/c/g       http://a/b/c/g       http://a/b/c/g
`, 1)
	// --lenient resolves it by every mode, and says why on standard error.
	errs := check(t, "", []string{"resolve", "--all-specs", "--lenient", "http://a/b/c/d;p?q", "http:g", "g"},
		`REF     DIFFER  rfc3986         rfc3986-compat   rfc2396         rfc1808         url-draft       rfc1630         rfc1630-published  whatwg
http:g  yes     http:g          *http://a/b/c/g  http:g          http:g          http:g          http:g          http:g             *http://a/b/c/g
g       no      http://a/b/c/g  http://a/b/c/g   http://a/b/c/g  http://a/b/c/g  http://a/b/c/g  http://a/b/c/g  http://a/b/c/g     http://a/b/c/g
`, 0)
	for _, m := range []string{"url-draft", "rfc1630", "rfc1630-published"} {
		if want := "locator: http:g: warning (" + m + "): not valid under --spec "; !strings.Contains(errs, want) {
			t.Errorf("stderr %q lacks %q", errs, want)
		}
	}
	if strings.Count(errs, "\n") != 3 {
		t.Errorf("stderr %q: want 3 warnings", errs)
	}
	// With "-": the row without the reference, tab-separated; a failing mode is error:CODE.
	check(t, "g\nhttp:g\n%zz\n", []string{"resolve", "--all-specs", "http://a/b/c/d;p?q", "-"},
		"no\thttp://a/b/c/g\thttp://a/b/c/g\thttp://a/b/c/g\thttp://a/b/c/g\thttp://a/b/c/g\thttp://a/b/c/g\thttp://a/b/c/g\thttp://a/b/c/g\n"+
			"yes\thttp:g\t*http://a/b/c/g\thttp:g\thttp:g\t*error:no-authority\t*error:no-authority\t*error:no-authority\t*http://a/b/c/g\n"+
			"yes\terror:bad-escape\terror:bad-escape\terror:bad-escape\terror:bad-escape\terror:bad-escape\terror:bad-escape\terror:bad-escape\t*http://a/b/c/%zz\n", 1)
}

// TestResolveSchemeByMode: each mode reads a scheme in a reference by its own text. RFC 1808
// §2.4.2: alphanumerics, "+", "." and "-" before a ":" after the first character; the 1993
// URL draft and the URI draft: a full form, a ":" before any "/".
func TestResolveSchemeByMode(t *testing.T) {
	check(t, "", []string{"resolve", "--spec", "rfc1808", "http://a/b/c/d", "1a:b", "+a:b", "a_b:c"},
		"1a:b\n+a:b\nhttp://a/b/c/a_b:c\n", 0)
	for _, m := range []string{"url-draft", "rfc1630", "rfc1630-published"} {
		check(t, "", []string{"resolve", "--spec", m, "http://a/b/c/d", "a_b:c", "a/b:c"}, "a_b:c\nhttp://a/b/c/a/b:c\n", 0)
	}
	check(t, "", []string{"resolve", "--spec", "rfc3986", "--lenient", "http://a/b/c/d", "a_b:c"}, "http://a/b/c/a_b:c\n", 0)
}

// TestResolveJSONResultBase64: a result that is not UTF-8 (a base's byte 0xFE kept by the
// resolution) is given exactly in result_base64, as input_base64 gives an input; in
// resolve --all-specs, each mode's field too.
func TestResolveJSONResultBase64(t *testing.T) {
	base := "http://a/\xfe/"
	check(t, "x\n", []string{"resolve", "--lenient", "--spec", "rfc2396", "--json", base, "-"},
		`{"input":"x","base":"http://a/\ufffd/","base_base64":"aHR0cDovL2Ev/i8=","spec":"rfc2396","result":"http://a/\ufffd/x","result_base64":"aHR0cDovL2Ev/i94","valid":true,"error":null}`+"\n", 0)
	check(t, "http://a/\xfe/x\n", []string{"relative", "--spec", "rfc2396", "--json", "http://b/", "-"},
		`{"input":"http://a/\ufffd/x","input_base64":"aHR0cDovL2Ev/i94","base":"http://b/","spec":"rfc2396","result":"//a/\ufffd/x","result_base64":"Ly9hL/4veA==","valid":true,"error":null}`+"\n", 0)
	out, _, _ := runLocator(t, "x\n", "resolve", "--all-specs", "--lenient", "--json", base, "-")
	if !strings.Contains(out, `"rfc2396":"http://a/\ufffd/x","rfc2396_base64":"aHR0cDovL2Ev/i94"`) {
		t.Errorf("resolve --all-specs --json: %s", out)
	}
	// A UTF-8 result has no result_base64.
	check(t, "x\n", []string{"resolve", "--json", "http://a/", "-"},
		`{"input":"x","base":"http://a/","spec":"rfc3986","result":"http://a/x","valid":true,"error":null}`+"\n", 0)
}

func TestResolveErrors(t *testing.T) {
	errs := check(t, "", []string{"resolve", "http://a/b", "%zz", "g"}, "http://a/g\n", 1)
	if errs != "locator: %zz: \"%\" not followed by two hex digits [bad-escape, RFC 3986 §2.1 pct-encoded]\n" {
		t.Errorf("stderr %q", errs)
	}
	errs = check(t, "", []string{"resolve", "a/b", "g"}, "", 1)
	if !strings.Contains(errs, "base-not-absolute") {
		t.Errorf("stderr %q", errs)
	}
	check(t, "", []string{"resolve", "%zz", "g"}, "", 1) // the base does not parse
	check(t, "", []string{"resolve", "--spec", "rfc1738", "http://a/", "g"}, "", 2)
	check(t, "", []string{"resolve", "http://a/"}, "", 2)
	check(t, "", []string{"resolve", "http://a/", "g", "-"}, "", 2)
	// Standard input: one reference per line, one result per line.
	check(t, "g\n%zz\n../../g\r\n", []string{"resolve", "http://a/b/c/d;p?q", "-"},
		"http://a/b/c/g\nerror: \"%\" not followed by two hex digits [bad-escape, RFC 3986 §2.1 pct-encoded]\nhttp://a/g\n", 1)
}

func TestRelative(t *testing.T) {
	check(t, "", []string{"relative", "http://a/b/c/d;p?q", "http://a/b/c/g", "http://a/b/g?y", "http://a/x/y#s", "http://a/b/c/d;p?q", "ftp://x/y"},
		"g\n../g?y\n/x/y#s\n\nftp://x/y\n", 0)
	check(t, "", []string{"relative", "--spec", "rfc1630", "magic://a/b/c//d/e/f", "magic://a/b/c//d/g"}, "../g\n", 0)
	errs := check(t, "", []string{"relative", "http://a/b/c", "http://a/b/./x"}, "", 1)
	if !strings.Contains(errs, "[no-relative-reference, RFC 3986 §5.2]") {
		t.Errorf("stderr %q", errs)
	}
	// The URL Standard: the target is parsed by it, and each candidate parsed against the base.
	check(t, "", []string{"relative", "--spec", "whatwg", "http://a/b/c/d;p?q", "HTTP://A/b/c/g", "http://a/b/./x", "http://a/b/c/d;p?q#f", "ftp://x/y", "sc:/.//z", "http://[::1"},
		"g\n../x\n#f\nftp://x/y\nsc:/.//z\n", 1)
	check(t, "", []string{"relative", "--spec", "whatwg", "http://[::1", "http://a/"}, "", 1)
	check(t, "http://a/b/c/g\nhttp://a/b/./x\n", []string{"relative", "http://a/b/c/d", "-"},
		"g\nerror: no reference resolves to this URL under rfc3986 (resolution would change it, e.g. by removing dot-segments) [no-relative-reference, RFC 3986 §5.2]\n", 1)
	// RFC 3986 §4.2 path-noscheme: "./" before a first segment with ":", which resolve
	// accepts back; "/.//x" for a path "//x".
	check(t, "", []string{"relative", "http://a/b/c/d", "http://a/b/c/a_b:c", "http://a/b/c/1a:b", "http://a/b/c/[x]:y"},
		"./a_b:c\n./1a:b\n./[x]:y\n", 0)
	check(t, "", []string{"resolve", "--lenient", "http://a/b/c/d", "./a_b:c", "./1a:b", "./[x]:y"},
		"http://a/b/c/a_b:c\nhttp://a/b/c/1a:b\nhttp://a/b/c/[x]:y\n", 0)
	check(t, "", []string{"relative", "http://example.com/a/b/c", "http://example.com//x"}, "/.//x\n", 0)
	// Each mode's own reading of a scheme: RFC 1808 §2.4.2 reads none in "a_b:c" and one
	// in "1a:b"; the drafts read a full form in "a_b:c".
	check(t, "", []string{"relative", "--spec", "rfc1808", "http://a/b/c/d", "http://a/b/c/a_b:c", "http://a/b/c/1a:b"},
		"a_b:c\n./1a:b\n", 0)
	check(t, "", []string{"relative", "--spec", "url-draft", "http://a/b/c/d", "http://a/b/c/a_b:c", "a_b:c"},
		"./a_b:c\na_b:c\n", 0)
	// The target parsed as the mode's document writes URLs, as resolve parses a reference:
	// a control is RFC 3986 §2's under rfc3986.
	errs = check(t, "", []string{"relative", "--spec", "rfc3986", "http://a/", "http://a/x\x01"}, "", 1)
	if !strings.Contains(errs, "[control-character, RFC 3986 §2 ") {
		t.Errorf("relative, control: stderr %q", errs)
	}
	errs = check(t, "", []string{"relative", "--spec", "rfc3986", "http://a/\x01", "http://a/x"}, "", 1)
	if !strings.Contains(errs, "[control-character, RFC 3986 §2 ") {
		t.Errorf("relative, control in the base: stderr %q", errs)
	}
	errs = check(t, "", []string{"resolve", "--spec", "rfc3986", "http://a/\x01", "x"}, "", 1)
	if !strings.Contains(errs, "[control-character, RFC 3986 §2 ") {
		t.Errorf("resolve, control in the base: stderr %q", errs)
	}
}

func TestNormalize(t *testing.T) {
	// RFC 3986 §6.2.2: case, percent-encoding, dot-segments; §6.2.3: default port.
	check(t, "", []string{"normalize", "HTTP://www.Example.COM:80/%7esmith/./a/../b?"}, "http://www.example.com/%7Esmith/b?\n", 0)
	// Issue 9, item 3: the encoding level is the spec's (RFC 1738 §2.2: "~" is national; the
	// drafts' BNF: national or variant; RFC 3986 §6.2.2.2: unreserved).
	for _, tt := range []struct{ spec, want string }{
		{"rfc1738", "http://www.example.com/%7Esmith/x\n"}, {"url-draft-1994", "http://www.example.com/%7Esmith/x\n"},
		{"url-draft-1993", "http://www.example.com/%7Esmith/x\n"}, {"rfc1630", "http://www.example.com/%7Esmith/x\n"},
		{"rfc3986", "http://www.example.com/~smith/x\n"}, {"whatwg", "http://www.example.com/~smith/x\n"},
	} {
		check(t, "", []string{"normalize", "--spec", tt.spec, "HTTP://www.Example.COM:80/%7esmith/x"}, tt.want, 0)
	}
	// RFC 1738 §3.4.1 (gopher reserves nothing), §5 database (wais: "&" only encoded); the
	// 1994 URL draft reserves ";"; the 1993 URL draft's xalpha has no "+".
	check(t, "", []string{"normalize", "gopher://h/1a%3Bb%2B", "wais://h/db&x"}, "gopher://h/1a;b+\nwais://h/db%26x\n", 0)
	check(t, "", []string{"normalize", "--spec", "url-draft-1994", "gopher://h/1a%3Bb%2B", "wais://h/db&x"}, "gopher://h/1a%3Bb+\nwais://h/db%26x\n", 0)
	check(t, "", []string{"normalize", "--spec", "url-draft-1993", "gopher://h/1a%3Bb%2B", "wais://h/db&x"}, "gopher://h/1a;b%2B\nwais://h/db&x\n", 0)
	check(t, "", []string{"normalize", "--spec", "rfc3986", "gopher://h/1a%3Bb%2B", "wais://h/db&x"}, "gopher://h/1a%3Bb%2B\nwais://h/db&x\n", 0)
	check(t, "", []string{"normalize", "--level", "usually", "http://example.com./?", "http://0x7f.1/"}, "http://example.com/\nhttp://127.0.0.1/\n", 0)
	check(t, "", []string{"normalize", "--level", "aggressive", "http://www.example.com/a//b/index.html?b=2&a=1#f"}, "http://example.com/a/b?a=1&b=2\n", 0)
	check(t, "", []string{"normalize", "--level", "safe,sort-query", "http://h/?b&a"}, "http://h/?a&b\n", 0)
	check(t, "", []string{"normalize", "--level", "none", "HTTP://H:80/"}, "HTTP://H:80/\n", 0)
	check(t, "", []string{"normalize", "--surt", "http://www.archive.org/goo/?b=2&a=1"}, "org,archive)/goo?a=1&b=2\n", 0)
	check(t, "", []string{"normalize", "--spec", "whatwg", "HTTP://EXAMPLE.com:80/./a b"}, "http://example.com/a%20b\n", 0)
	check(t, "", []string{"normalize", "--level", "bogus", "http://h/"}, "", 2)
	errs := check(t, "", []string{"normalize", "%zz", "http://h"}, "http://h/\n", 1)
	if errs != "locator: %zz: \"%\" not followed by two hex digits [bad-escape, RFC 1738 §2.2 escape]\n" {
		t.Errorf("stderr %q", errs)
	}
	check(t, "http://a/b/../c\n%zz\n", []string{"normalize", "--json", "-"},
		`{"input":"http://a/b/../c","normalized":"http://a/c","changed":true,"valid":true,"scheme":"http","error":null}
{"input":"%zz","normalized":null,"changed":false,"valid":false,"scheme":null,"error":"\"%\" not followed by two hex digits [bad-escape, RFC 1738 §2.2 escape]"}
`, 1)
	check(t, "HTTP://A/\nhttp://a/\n", []string{"normalize", "--output", "csv", "--format", "{input}{normalized}{changed}", "-"},
		"input,normalized,changed\nHTTP://A/,http://a/,true\nhttp://a/,http://a/,false\n", 0)
	check(t, "", []string{"normalize", "--format", "{normalized} <- {input}", "HTTP://A"}, "http://a/ <- HTTP://A\n", 0)
}

func TestEqual(t *testing.T) {
	// The URI draft, Example 1 and Example 2 .
	check(t, "", []string{"equal", "http://www.w3.org/albert/bertram/marie%2Dclaude", "http://www.w3.org/albert/bertram/marie-claude"}, "equivalent\n", 0)
	check(t, "", []string{"equal", "http://www.w3.org/albert/bertram%2Fmarie-claude", "http://www.w3.org/albert/bertram/marie-claude"}, "not equivalent\n", 1)
	check(t, "", []string{"equal", "--explain", "HTTP://www.Example.com:80/%7esmith", "http://www.example.com/~smith"},
		`given                      A  HTTP://www.Example.com:80/%7esmith
given                      B  http://www.example.com/~smith
rule                       rfc1738: RFC 1738 §2.2, §5: decode alpha, digit, safe, extra; encode unsafe, ~
encoding-level             A  HTTP://www.Example.com:80/%7Esmith
encoding-level             B  http://www.example.com/%7Esmith
lower-scheme               A  http://www.Example.com:80/%7Esmith
lower-host                 A  http://www.example.com:80/%7Esmith
remove-default-port        A  http://www.example.com/%7Esmith
equal after remove-default-port
equivalent
`, 0)
	check(t, "", []string{"equal", "--explain", "--spec", "rfc3986", "HTTP://www.Example.com:80/%7esmith", "http://www.example.com/~smith"},
		`given                      A  HTTP://www.Example.com:80/%7esmith
given                      B  http://www.example.com/~smith
rule                       rfc3986: RFC 3986 §6.2.2.2: decode unreserved, ~ included
encoding-level             A  HTTP://www.Example.com:80/~smith
lower-scheme               A  http://www.Example.com:80/~smith
lower-host                 A  http://www.example.com:80/~smith
remove-default-port        A  http://www.example.com/~smith
equal after remove-default-port
equivalent
`, 0)
	// Issue 9, item 4 and the encoding level of each spec: RFC 1738 §3.4.1 and §3.5 reserve
	// nothing; the 1994 URL draft reserves ";"; RFC 3986 §2.2 makes ";" a sub-delim.
	for _, tt := range []struct {
		spec string
		code int
	}{{"rfc1738", 0}, {"url-draft-1994", 1}, {"url-draft-1993", 0}, {"rfc1630", 0}, {"rfc3986", 1}, {"whatwg", 1}} {
		want := "equivalent\n"
		if tt.code != 0 {
			want = "not equivalent\n"
		}
		check(t, "", []string{"equal", "--spec", tt.spec, "gopher://h/1a%3Bb", "gopher://h/1a;b"}, want, tt.code)
		check(t, "gopher://h/1a%3Bb\tgopher://h/1a;b\n", []string{"equal", "--spec", tt.spec, "-"}, want, tt.code)
	}
	// --spec whatwg compares hrefs (the URL Standard, URL equivalence).
	check(t, "", []string{"equal", "--spec", "whatwg", "--explain", "HTTP://A:80/./b", "http://a/b"},
		`given                      A  HTTP://A:80/./b
given                      B  http://a/b
rule                       whatwg: the URL Standard, URL equivalence: identical hrefs
href                       A  http://a/b
equal after href
equivalent
`, 0)
	check(t, "", []string{"equal", "--spec", "whatwg", "--json", "HTTP://A:80/./b", "http://a/b"},
		`{"a":"HTTP://A:80/./b","b":"http://a/b","equal":true,"step":"href","error":null}
`, 0)
	check(t, "", []string{"equal", "--spec", "whatwg", "http://a/%7e", "http://a/~"}, "not equivalent\n", 1)
	check(t, "", []string{"equal", "--spec", "whatwg", "a/b", "a/b"}, "", 1)
	check(t, "", []string{"equal", "--explain", "http://example.com/a?", "http://example.com/a"},
		`given                      A  http://example.com/a?
given                      B  http://example.com/a
rule                       rfc1738: RFC 1738 §2.2, §5: decode alpha, digit, safe, extra; encode unsafe, ~
differ in the query: "" vs (absent)
would be equal with remove-empty-query (--level usually)
not equivalent
`, 1)
	check(t, "", []string{"equal", "--explain", "http://a/b", "http://a/b"}, "given                      A  http://a/b\ngiven                      B  http://a/b\nequal as given\nequivalent\n", 0)
	check(t, "", []string{"equal", "--explain", "http://a/%7e", "http://a/~"}, "given                      A  http://a/%7e\ngiven                      B  http://a/~\n"+
		"rule                       rfc1738: RFC 1738 §2.2, §5: decode alpha, digit, safe, extra; encode unsafe, ~\nencoding-level             A  http://a/%7E\nencoding-level             B  http://a/%7E\nequal after encoding-level\nequivalent\n", 0)
	check(t, "", []string{"equal", "http://a/"}, "", 2)
	check(t, "http://a/%7e\thttp://A/~\nhttp://a/b\thttp://a/c\nnotab\n%zz\thttp://a/\n", []string{"equal", "-"},
		"equivalent\nnot equivalent\nerror: the line has no tab between A and B [no-tab, locator equal]\nerror: \"%\" not followed by two hex digits [bad-escape, RFC 1738 §2.2 escape]\n", 1)
	check(t, "http://a/%7e\thttp://A/~\n", []string{"equal", "-"}, "equivalent\n", 0)
	// One rule for a URL that does not parse, with arguments and on standard input: it is
	// reported (on standard error, or as the pair's error line) and the exit status is 1.
	errs := check(t, "", []string{"equal", "%zz", "http://a/"}, "", 1)
	if errs != "locator: %zz: \"%\" not followed by two hex digits [bad-escape, RFC 1738 §2.2 escape]\n" {
		t.Errorf("equal %%zz: stderr %q", errs)
	}
	check(t, "", []string{"equal", "http://a/", "%zz"}, "", 1)
	check(t, "%zz\thttp://a/\n", []string{"equal", "-"}, "error: \"%\" not followed by two hex digits [bad-escape, RFC 1738 §2.2 escape]\n", 1)
	check(t, "http://a/\t%zz\n", []string{"equal", "-"}, "error: \"%\" not followed by two hex digits [bad-escape, RFC 1738 §2.2 escape]\n", 1)
	check(t, "", []string{"equal", "http://a/", "http://a/", "http://a/"}, "", 2) // usage: three URLs
}

// parse --spec whatwg --json: the getters of the URL class (issue 4), null on failure.
func TestParseWHATWGJSON(t *testing.T) {
	check(t, "", []string{"parse", "--spec", "whatwg", "--json", "HTTP://EXAMPLE.com:80/a/../b c", "http://[::1"},
		`{"input":"HTTP://EXAMPLE.com:80/a/../b c","spec":"whatwg","valid":true,"href":"http://example.com/b%20c","origin":"http://example.com","protocol":"http:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/b%20c","search":"","hash":"","scheme":"http","validation_errors":[{"offset":28,"code":"invalid-URL-unit","rule":"WHATWG URL §4.4 path state"}],"errors":[]}
{"input":"http://[::1","spec":"whatwg","valid":false,"href":null,"origin":null,"protocol":null,"username":null,"password":null,"host":null,"hostname":null,"port":null,"pathname":null,"search":null,"hash":null,"scheme":null,"validation_errors":[{"offset":7,"code":"IPv6-unclosed","rule":"WHATWG URL §3.5 host parser"}],"errors":[{"offset":7,"code":"IPv6-unclosed","rule":"WHATWG URL §3.5 host parser","message":"IPv6-unclosed"}]}
`, 1)
	// The same objects from standard input.
	out, _, _ := runLocator(t, "", "parse", "--spec", "whatwg", "--json", "https://a/<x>")
	check(t, "https://a/<x>\n", []string{"parse", "--spec", "whatwg", "--json", "-"}, out, 0)
	if !strings.Contains(out, `"pathname":"/%3Cx%3E"`) {
		t.Errorf("no HTML escaping, percent-encoded path: %s", out)
	}
}

func TestParseWHATWGHuman(t *testing.T) {
	check(t, "", []string{"parse", "--spec", "whatwg", "--base", "http://example.com/a/", `\c`, "http://[::1"},
		`\c
  valid      true
  href       http://example.com/c
  origin     http://example.com
  protocol   http:
  username   ""
  password   ""
  host       example.com
  hostname   example.com
  port       ""
  pathname   /c
  search     ""
  hash       ""
  validation error at 0: invalid-reverse-solidus [WHATWG URL §4.4 relative state]

http://[::1
  valid      false
  error at 7: IPv6-unclosed [WHATWG URL §3.5 host parser]
`, 1)
	check(t, "", []string{"parse", "--spec", "whatwg", "--base", "%%", "x"}, "", 2)
	check(t, "", []string{"parse", "--base", "http://a/", "x"}, "", 2)
}

// The batch path: one line in, one line out; the href or "error:".
func TestParseWHATWGHref(t *testing.T) {
	in := "https://a.com/x\n  HTTP://B:80/x\r\nhttp://[::1\n\nmailto:x@y"
	want := "https://a.com/x\nhttp://b/x\nerror: IPv6-unclosed at offset 7 [IPv6-unclosed, WHATWG URL §3.5 host parser]\nerror: missing-scheme-non-relative-URL at offset 0 [missing-scheme-non-relative-URL, WHATWG URL §4.4 no scheme state]\nmailto:x@y\n"
	for _, jobs := range []string{"1", "2"} {
		check(t, in, []string{"parse", "--spec", "whatwg", "--format", "href", "--jobs", jobs, "-"}, want, 1)
		check(t, in, []string{"parse", "--spec", "whatwg", "--format", "{href}", "--jobs", jobs, "-"}, want, 1)
	}
	check(t, "b\n", []string{"parse", "--spec", "whatwg", "--base", "http://h/a/", "--format", "href", "-"}, "http://h/a/b\n", 0)
	check(t, "", []string{"parse", "--spec", "whatwg", "--format", "{protocol}|{host}", "https://a:1/", "x"}, "https:|a:1\n|\n", 1)
}

func TestParseFormats(t *testing.T) {
	in := "http://a/p?q\nftp://h:x/\nnews:comp.infosystems.www\n"
	check(t, in, []string{"parse", "--format", `{scheme}\t{host}\t{path}`, "-"}, "http\ta\t/p\n\t\t\nnews\t\tcomp.infosystems.www\n", 1)
	check(t, in, []string{"parse", "--format", `{input} {valid} {errors}\\`, "-"},
		"http://a/p?q true \\\nftp://h:x/ false bad-port\\\nnews:comp.infosystems.www true \\\n", 1)
	check(t, in, []string{"parse", "--output", "tsv", "--format", "{scheme}{host}{query}", "-"},
		"scheme\thost\tquery\nhttp\ta\tq\n\t\t\nnews\t\t\n", 1)
	check(t, "", []string{"parse", "--output", "csv", "-"}, "input,spec,valid,scheme,user,password,host,port,path,query,fragment,errors,warnings\n", 0)
	csvOut, _, code := runLocator(t, "http://a/\"x\",y\nftp://@h/\n", "parse", "--output", "csv", "-")
	recs, err := csv.NewReader(strings.NewReader(csvOut)).ReadAll()
	if err != nil || code != 1 || len(recs) != 3 {
		t.Fatalf("csv: %v, exit %d:\n%s", err, code, csvOut)
	}
	if h := strings.Join(recs[0], ","); h != "input,spec,valid,scheme,user,password,host,port,path,query,fragment,errors,warnings" {
		t.Errorf("csv header %q", h)
	}
	if recs[1][0] != `http://a/"x",y` || recs[2][4] != "" || recs[2][6] != "h" {
		t.Errorf("csv rows %q", recs[1:])
	}
	check(t, "a\tb\n", []string{"parse", "--output", "tsv", "--format", "{input}", "-"}, "input\na\\tb\n", 1)
	check(t, "", []string{"parse", "--format", "{nope}", "-"}, "", 2)
	check(t, "", []string{"parse", "--format", "{scheme", "-"}, "", 2)
	check(t, "", []string{"parse", "--json", "--format", "{scheme}", "-"}, "", 2)
	check(t, "", []string{"parse", "--output", "xml", "-"}, "", 2)
	// --format on arguments.
	check(t, "", []string{"parse", "--format", "{host}", "ftp://x/", "http://y/"}, "x\ny\n", 0)
}

func TestStats(t *testing.T) {
	in := "http://a/\nhttp://b/\nftp://h:x/\n%zz\nHTTPS://c/\nnews:a.b\n"
	for _, jobs := range []string{"1", "2"} {
		_, errs, code := runLocator(t, in, "parse", "--stats", "--jobs", jobs, "-")
		want := "lines\t6\nvalid\t4\ninvalid\t2\nscheme\thttp\t2\nscheme\t(none)\t1\nscheme\tftp\t1\nscheme\thttps\t1\nscheme\tnews\t1\nerror\tbad-escape\t1\nerror\tbad-port\t1\n"
		if code != 1 || errs != want {
			t.Errorf("--jobs %s: exit %d, stderr:\n%s\nwant:\n%s", jobs, code, errs, want)
		}
	}
	_, errs, _ := runLocator(t, in, "check", "--stats", "-")
	if !strings.HasPrefix(errs, "lines\t6\nvalid\t4\ninvalid\t2\n") {
		t.Errorf("check --stats: %q", errs)
	}
	// --progress is silent when standard error is not a terminal.
	_, errs, code := runLocator(t, in, "parse", "--progress", "-")
	if errs != "" || code != 1 {
		t.Errorf("--progress: exit %d, stderr %q", code, errs)
	}
}

// extract --json: the extract.Finding JSON, with byte spans into the input.
func TestExtract(t *testing.T) {
	text := "See <URL:ftp://foo.bar/pub/fi-\n  le> and http://example.com/a.\n<news:comp.infosystems.www>\n"
	out, errs, code := runLocator(t, text, "extract", "--json")
	want := `{"url":"ftp://foo.bar/pub/file","alternatives":["ftp://foo.bar/pub/fi-le"],"start":9,"end":34,"form":"wrapped","valid":true}
{"url":"http://example.com/a","alternatives":[],"start":41,"end":60,"form":"bare","valid":true}
{"url":"news:comp.infosystems.www","alternatives":[],"start":64,"end":88,"form":"bracketed","valid":true}
`
	if out != want || errs != "" || code != 0 {
		t.Fatalf("extract --json: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errs, out, want)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var f extract.Finding
		if err := json.Unmarshal([]byte(line), &f); err != nil {
			t.Fatal(err)
		}
		if f.Start < 0 || f.End >= len(text) || f.Start > f.End || !strings.HasPrefix(text[f.Start:], f.URL[:4]) {
			t.Errorf("span %d-%d of %q", f.Start, f.End, f.URL)
		}
	}
	check(t, text, []string{"extract"}, "ftp://foo.bar/pub/file\t9\t34\twrapped\tvalid\tftp://foo.bar/pub/fi-le\nhttp://example.com/a\t41\t60\tbare\tvalid\nnews:comp.infosystems.www\t64\t88\tbracketed\tvalid\n", 0)
	// Files: each line starts with "FILE:", --json adds "file".
	dir := t.TempDir()
	a, b := dir+"/a.txt", dir+"/b.txt"
	if err := os.WriteFile(a, []byte("x http://a/ y"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte("<mailto:x@y.z>"), 0o644); err != nil {
		t.Fatal(err)
	}
	check(t, "", []string{"extract", a, b}, a+":http://a/\t2\t10\tbare\tvalid\n"+b+":mailto:x@y.z\t1\t12\tbracketed\tvalid\n", 0)
	check(t, "", []string{"extract", "--json", b}, `{"url":"mailto:x@y.z","alternatives":[],"start":1,"end":12,"form":"bracketed","valid":true}`+"\n", 0)
	check(t, "", []string{"extract", "--json", b, b}, strings.Repeat(`{"file":"`+b+`","url":"mailto:x@y.z","alternatives":[],"start":1,"end":12,"form":"bracketed","valid":true}`+"\n", 2), 0)
	_, errs, code = runLocator(t, "", "extract", dir+"/none.txt")
	if code != 1 || !strings.HasPrefix(errs, "locator: open ") {
		t.Errorf("missing file: exit %d, stderr %q", code, errs)
	}
	_, errs, _ = runLocator(t, text, "extract", "--stats")
	if errs != "urls\t3\nvalid\t3\ninvalid\t0\nskipped\t0\nscheme\tftp\t1\nscheme\thttp\t1\nscheme\tnews\t1\n" {
		t.Errorf("extract --stats: %q", errs)
	}
}

// benchLines returns the first n lines of the benchmark files, cycling through them.
func benchLines(t testing.TB, n int) string {
	var lines []string
	for _, f := range []string{"kasztp.txt", "node_files.txt", "userbait.txt", "isaacs_files.txt"} {
		b, err := os.ReadFile("../../testdata/bench/" + f)
		if err != nil {
			t.Fatal(err)
		}
		ls := strings.Split(string(b), "\n")
		lines = append(lines, ls[:min(len(ls), n/4+1)]...)
	}
	return strings.Join(lines[:n], "\n") + "\n"
}

// Every command that accepts "-" gives the same output, in input order, with --jobs 2 as
// with --jobs 1 (issue 5 item 5), over thousands of lines (several batches).
func TestJobsOrder(t *testing.T) {
	in := benchLines(t, 5000)
	// Lines that fail, and a megabyte line, among them.
	in = "%zz\n" + strings.Repeat("a", 1<<20) + "\nhttp://[::1\n" + in
	for _, args := range [][]string{
		{"parse", "-"}, {"parse", "--json", "-"}, {"parse", "--spec", "rfc3986", "--format", "{scheme} {host}", "-"},
		{"parse", "--output", "csv", "-"},
		{"parse", "--spec", "whatwg", "--format", "href", "-"}, {"parse", "--spec", "whatwg", "--json", "-"},
		{"parse", "--spec", "whatwg", "-"},
		{"check", "-"}, {"plan", "-"}, {"plan", "--json", "-"},
		{"normalize", "-"}, {"normalize", "--level", "aggressive", "--json", "-"}, {"normalize", "--surt", "-"},
		{"resolve", "http://a/b/c/d;p?q", "-"}, {"resolve", "--all-specs", "http://a/b/c/d;p?q", "-"},
		{"relative", "https://github.com/nodejs/node/blob/main/", "-"}, {"equal", "-"},
		{"check", "--json", "-"}, {"plan", "--output", "tsv", "-"}, {"resolve", "--json", "http://a/b/c/d;p?q", "-"},
		{"resolve", "--all-specs", "--format", "{rfc1808}", "http://a/b/c/d;p?q", "-"},
		{"relative", "--spec", "whatwg", "--json", "https://github.com/nodejs/node/blob/main/", "-"},
		{"equal", "--output", "tsv", "-"},
	} {
		one := append([]string{"--jobs", "1"}, args...)
		two := append([]string{"--jobs", "2"}, args...)
		out1, err1, code1 := runLocator(t, in, one...)
		out2, err2, code2 := runLocator(t, in, two...)
		if out1 != out2 || err1 != err2 || code1 != code2 {
			t.Errorf("%q: --jobs 2 differs from --jobs 1 (exit %d/%d, stderr %q/%q)", args, code1, code2, err1, err2)
		}
		lines := strings.Count(in, "\n")
		if a := strings.Join(args, " "); strings.Contains(a, "csv") || strings.Contains(a, "tsv") {
			lines++ // the header; no value holds a line break
		}
		if n := strings.Count(out1, "\n"); n != lines {
			t.Errorf("%q: %d output lines for %d input lines", args, n, lines)
		}
	}
	// A fifth argument order: --jobs after the command.
	out, _, _ := runLocator(t, "http://a/\n", "parse", "-", "--jobs", "3")
	if out != fmt.Sprintf("%q\tvalid\t\"http\"\t-\t-\t\"a\"\t-\t\"/\"\t-\t-\n", "http://a/") {
		t.Errorf("--jobs 3: %q", out)
	}
}

// appendJSONString writes what encoding/json writes with SetEscapeHTML(false).
func TestAppendJSONString(t *testing.T) {
	for _, s := range []string{"", "a", `"\`, "<>&", "\x00\x1f\t\n\r\x7f", "é\u2028\u2029", "\xff\xfe a", "日本"} {
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		want := strings.TrimSuffix(b.String(), "\n")
		if got := string(appendJSONString(nil, s)); got != want {
			t.Errorf("appendJSONString(%q) = %s, want %s", s, got, want)
		}
	}
	if !reflect.DeepEqual(schemeOf("HTTP://x"), "HTTP") || schemeOf("1a:b") != "" || schemeOf("a") != "" {
		t.Error("schemeOf")
	}
}

// failWriter fails every write after the first n bytes.
type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	if w.n < len(p) {
		return 0, fmt.Errorf("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

// A write error ends the bulk path with exit status 1 and a message, whatever --jobs: the
// reader and the workers stop, nothing hangs.
func TestBulkWriteError(t *testing.T) {
	in := benchLines(t, 20000)
	for _, jobs := range []string{"1", "2", "4"} {
		var errb strings.Builder
		code := run(context.Background(), []string{"parse", "--jobs", jobs, "-"}, strings.NewReader(in), &failWriter{n: 1000}, &errb)
		if code != 1 || !strings.HasPrefix(errb.String(), "locator: ") || !strings.Contains(errb.String(), "disk full") {
			t.Errorf("--jobs %s: exit %d, stderr %q", jobs, code, errb.String())
		}
	}
}

// A cancelled context (an interrupt) stops the bulk path.
func TestBulkCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, jobs := range []string{"1", "2"} {
		var out, errb strings.Builder
		code := run(ctx, []string{"normalize", "--jobs", jobs, "-"}, strings.NewReader(benchLines(t, 10000)), &out, &errb)
		if code != 1 || !strings.Contains(errb.String(), "context canceled") {
			t.Errorf("--jobs %s: exit %d, stderr %q", jobs, code, errb.String())
		}
	}
}

// The --progress display, as written to a terminal: lines/s, bytes read, elapsed time.
func TestProgressBar(t *testing.T) {
	var b strings.Builder
	p := newProgressBar(&b)
	p.add(1000, 3<<20)
	p.finish()
	for _, want := range []string{"3.0 MiB read", "lines/", "s]"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("progress %q: no %q", b.String(), want)
		}
	}
	var none *progress // not a terminal: does nothing
	none.add(1, 1)
	none.finish()
	if humanBytes(512) != "512 B" || humanBytes(2048) != "2.0 KiB" || humanBytes(3<<30) != "3.00 GiB" {
		t.Error("humanBytes")
	}
}
