package main

import "testing"

// resolve --spec whatwg parses each reference with the URL Standard's parser (package whatwg)
// instead of calling locator.Resolve with locator.ModeWHATWG, whose references are
// locator.URL values: locator.Parse refuses these references, which the URL Standard reads (a
// "%" without two hex digits stays, §4.4 path state; ASCII tab and newline are removed and C0
// controls and space trimmed, §4.4 basic URL parser).
func TestResolveWHATWGBeyondParse(t *testing.T) {
	out, errOut, code := runLocator(t, "", "resolve", "--spec", "whatwg", "http://example.com/a/",
		"%zz", "a\tb", "\x01y ", "c\nd")
	want := "http://example.com/a/%zz\nhttp://example.com/a/ab\nhttp://example.com/a/y\nhttp://example.com/a/cd\n"
	if out != want || errOut != "" || code != 0 {
		t.Errorf("resolve --spec whatwg = %q, %q, exit %d; want %q", out, errOut, code, want)
	}
}
