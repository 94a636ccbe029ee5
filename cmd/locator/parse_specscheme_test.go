package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// parse shows the ialpha scheme of the drafts (url-draft-1993, url-draft-1994, rfc1630) that
// locator.URL cannot hold: on the scheme line, with its note, and as spec_scheme in --json,
// "scheme" staying null; nothing of it under rfc1738 and rfc3986, or for a URL with an RFC 3986
// scheme, or for a name that is not ialpha.
func TestParseSpecScheme(t *testing.T) {
	for _, tt := range []struct {
		in, spec string
		want     string // the spec_scheme, "" for none
	}{
		{"a_b:x", "url-draft-1993", "a_b"},
		{"a_b:x", "url-draft-1994", "a_b"},
		{"a_b:x", "rfc1630", "a_b"},
		{"A_B:x", "rfc1630", "A_B"},
		{"a_b:x", "rfc1738", ""},
		{"a_b:x", "rfc3986", ""},
		{"http://h/", "url-draft-1993", ""},
		{"1_b:x", "url-draft-1993", ""},
		{"1_b:x", "rfc1630", ""},
	} {
		out, _, _ := runLocator(t, "", "parse", "--spec", tt.spec, "--json", tt.in)
		var p struct {
			Scheme     *string `json:"scheme"`
			SpecScheme *string `json:"spec_scheme"`
			Path       *string `json:"path"`
		}
		if err := json.Unmarshal([]byte(out), &p); err != nil {
			t.Fatalf("parse --spec %s --json %q: %v: %s", tt.spec, tt.in, err, out)
		}
		got := ""
		if p.SpecScheme != nil {
			got = *p.SpecScheme
			if *p.SpecScheme == "" {
				t.Errorf("parse --spec %s --json %q: spec_scheme is \"\", not left out", tt.spec, tt.in)
			}
		}
		if got != tt.want {
			t.Errorf("parse --spec %s --json %q: spec_scheme %q; want %q\n%s", tt.spec, tt.in, got, tt.want, out)
		}
		if tt.want != "" && (p.Scheme != nil || p.Path == nil || *p.Path != tt.in) {
			t.Errorf("parse --spec %s --json %q: scheme %v path %v; want null and %q", tt.spec, tt.in, p.Scheme, p.Path, tt.in)
		}
		if strings.Contains(out, "spec_scheme") != (tt.want != "") {
			t.Errorf("parse --spec %s --json %q: %s", tt.spec, tt.in, out)
		}

		human, _, _ := runLocator(t, "", "parse", "--spec", tt.spec, tt.in)
		line := ""
		for l := range strings.Lines(human) {
			if strings.HasPrefix(l, "  scheme ") {
				line = strings.TrimSpace(strings.TrimPrefix(l, "  scheme "))
			}
		}
		wantLine := tt.want + " (" + tt.spec + "'s scheme; RFC 3986 reads it as part of the path)"
		switch {
		case tt.want == "" && strings.HasPrefix(tt.in, "http"):
			wantLine = "http"
		case tt.want == "":
			wantLine = "(absent)"
		}
		if line != wantLine {
			t.Errorf("parse --spec %s %q: scheme line %q; want %q", tt.spec, tt.in, line, wantLine)
		}
	}
}

// check under the drafts: the document's findings only (no RFC 1738 view failure, the draft's
// own finding where locator cannot parse the URL), with its exit status.
func TestCheckDocumentsCLI(t *testing.T) {
	for _, tt := range []struct {
		spec, in string
		code     int
		has, not string
	}{
		{"rfc1630", "nntp://h", 0, "[nntp-article, URI draft, NNTP]", "RFC 1738"},
		{"url-draft-1993", "gopher://h?search", 0, "", "missing-slashX"},
		{"rfc1738", "gopher://h?search", 1, "[missing-slash, RFC 1738 §5 gopherurl]", ""},
		{"url-draft-1993", "prospero://h/x%001", 0, "", "encoded-nul"},
		{"rfc1738", "prospero://h/x%001", 0, "[encoded-nul, RFC 1738 §6; RFC 3986 §7.3]", ""},
		{"rfc1630", "http://h/%*", 1, ":9: error:", "RFC 1738"},
		{"url-draft-1993", "http://h/%as", 1, "[bad-escape, 1993 URL draft, BNF: path]", "RFC 1738"},
		{"url-draft-1994", "http://h/%as", 1, "[bad-escape, 1994 URL draft, BNF escape = % hex hex]", "RFC 1738"},
	} {
		out, _, code := runLocator(t, "", "check", "--spec", tt.spec, tt.in)
		if code != tt.code || !strings.Contains(out, tt.has) || tt.not != "" && strings.Contains(out, tt.not) {
			t.Errorf("check --spec %s %q: exit %d (want %d), want %q and not %q in\n%s", tt.spec, tt.in, code, tt.code, tt.has, tt.not, out)
		}
	}
}
