package main

import (
	"strings"
	"testing"

	"github.com/locator-url/locator"
)

// resolve reports a reference that parse --spec rfc3986 calls invalid (issue 10, R2) instead
// of resolving it without a word; --lenient resolves it with a warning.
func TestResolveInvalidReference(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	errs := check(t, "", []string{"resolve", base, "]", "?##s", "//[9: 3889::]/", "g"}, "http://a/b/c/g\n", 1)
	want := `locator: ]: not valid under --spec rfc3986: reserved character "]" is not allowed here; encode it as %5D [reserved-unencoded, RFC 3986 §3.3 path]
locator: ?##s: not valid under --spec rfc3986: reserved character "#" is not allowed here; encode it as %23 [reserved-unencoded, RFC 3986 §3.5 fragment]
locator: //[9: 3889::]/: not valid under --spec rfc3986: IP literal "9: 3889::" is not an IPv6 address: expected 1 to 4 hexadecimal digits [bad-ipv6address, RFC 3986 §3.2.2 IPv6address]
`
	if errs != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", errs, want)
	}
	// The same references are what parse --spec rfc3986 calls invalid.
	for _, ref := range []string{"]", "?##s", "//[9: 3889::]/"} {
		check(t, "", []string{"parse", "--spec", "rfc3986", "--format", "{valid}", ref}, "false\n", 1)
	}
	errs = check(t, "", []string{"resolve", "--lenient", base, "]", "?##s", "//[9: 3889::]/", "g"},
		"http://a/b/c/]\nhttp://a/b/c/d;p?##s\nhttp://[9: 3889::]/\nhttp://a/b/c/g\n", 0)
	if errs != strings.ReplaceAll(want, ": not valid", ": warning (rfc3986): not valid") {
		t.Errorf("--lenient stderr:\n%s", errs)
	}
	// More than one error: the first, and how many more.
	errs = check(t, "", []string{"resolve", base, "a b]"}, "", 1)
	if !strings.Contains(errs, "[char-not-allowed, ") || !strings.Contains(errs, "(and 1 more: locator check --spec rfc3986)") {
		t.Errorf("stderr %q", errs)
	}
}

// A base that the mode's checker calls invalid stops the command, or gives one warning.
func TestResolveInvalidBase(t *testing.T) {
	errs := check(t, "", []string{"resolve", "http://a/b c/", "g"}, "", 1)
	if !strings.HasPrefix(errs, "locator: base not valid under --spec rfc3986: ") || !strings.Contains(errs, "[char-not-allowed, RFC 3986 §3.3 path]") {
		t.Errorf("stderr %q", errs)
	}
	errs = check(t, "", []string{"resolve", "--lenient", "http://a/b c/", "g", "h"}, "http://a/b c/g\nhttp://a/b c/h\n", 0)
	if !strings.HasPrefix(errs, "locator: warning (rfc3986): base http://a/b c/: not valid under --spec rfc3986: ") || strings.Count(errs, "\n") != 1 {
		t.Errorf("--lenient stderr %q: want one warning, for the base", errs)
	}
	// With "-", the base is checked before any line is read.
	check(t, "g\n", []string{"resolve", "http://a/b c/", "-"}, "", 1)
	// Under --all-specs each mode's column says it.
	out, _, code := runLocator(t, "", "resolve", "--all-specs", "magic://a/b/c//d/e/f", "g")
	if code != 1 || !strings.Contains(out, "*error:draft1993-empty-segment") || strings.Count(out, "error:") != 1 {
		t.Errorf("exit %d, stdout:\n%s\nwant the url-draft column alone to fail", code, out)
	}
}

// Each mode's meaning of "invalid": the checker of its specification, or none.
func TestResolveInvalidByMode(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	cases := []struct {
		mode    string
		flagged []string // references the mode reports
		fine    []string // references it resolves without a word
	}{
		{"rfc3986", []string{"]", "a b", "%zz"}, []string{"g", "http:g", ";x", "//g"}},
		{"rfc3986-compat", []string{"]", "a b"}, []string{"g", "http:g"}},
		{"rfc2396", []string{"%zz"}, []string{"]", "a b", "http:g"}}, // no checker: only what Parse rejects
		{"rfc1808", []string{"%zz"}, []string{"]", "a b", "http:g"}},
		{"url-draft", []string{"]", "a b", "http:g"}, []string{"g", "../g", "//g", ";x"}}, // partial forms have no scheme
		{"rfc1630", []string{"]", "http:g"}, []string{"g", "../g", "//g", ";x"}},
		{"rfc1630-published", []string{"]", "http:g"}, []string{"g", "../g"}},
		{"whatwg", []string{"http://[::1"}, []string{"]", "a b", "%zz", "http:g"}}, // only the parser's failure
	}
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.mode] = true
		for _, ref := range c.flagged {
			if out, errs, code := runLocator(t, "", "resolve", "--spec", c.mode, base, ref); code != 1 || out != "" || errs == "" {
				t.Errorf("--spec %s %q: exit %d, stdout %q, stderr %q; want it reported", c.mode, ref, code, out, errs)
			}
		}
		for _, ref := range c.fine {
			if out, errs, code := runLocator(t, "", "resolve", "--spec", c.mode, base, ref); code != 0 || out == "" || errs != "" {
				t.Errorf("--spec %s %q: exit %d, stdout %q, stderr %q; want it resolved", c.mode, ref, code, out, errs)
			}
		}
	}
	for _, m := range locator.Modes() {
		if !seen[m.String()] {
			t.Errorf("mode %s is not tested", m)
		}
	}
}

// The bulk path: an invalid reference is an error line, or (--lenient) its result.
func TestResolveInvalidBulk(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	check(t, "]\ng\n", []string{"resolve", base, "-"},
		"error: not valid under --spec rfc3986: reserved character \"]\" is not allowed here; encode it as %5D [reserved-unencoded, RFC 3986 §3.3 path]\nhttp://a/b/c/g\n", 1)
	check(t, "]\ng\n", []string{"--jobs", "2", "resolve", "--lenient", base, "-"}, "http://a/b/c/]\nhttp://a/b/c/g\n", 0)
	check(t, "]\n", []string{"resolve", "--format", "{valid} {error}", base, "-"},
		"false not valid under --spec rfc3986: reserved character \"]\" is not allowed here; encode it as %5D [reserved-unencoded, RFC 3986 §3.3 path]\n", 1)
	check(t, "]\n", []string{"resolve", "--lenient", "--format", "{valid} {result}", base, "-"}, "true http://a/b/c/]\n", 0)
}
