package locator_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/locator-url/locator"
)

// What each document says of each scheme name, one row per name: its status in RFC 1738, the
// 1994 URL draft, the 1993 URL draft and the URI draft ("-" where the document does not name
// it), each cell citing where.
func TestSchemeDocuments(t *testing.T) {
	const (
		D = locator.SchemeDefined
		R = locator.SchemeReservedName
		L = locator.SchemeListed
		S = locator.SchemeForStudy
		N = locator.SchemeStatus(255) // not named
	)
	tests := []struct {
		name string
		want [4]locator.SchemeStatus // rfc1738, url-draft-1994, url-draft-1993, rfc1630
	}{
		{"ftp", [4]locator.SchemeStatus{D, D, D, D}},      // RFC 1738 §3.2; ftpaddress; fileaddress "f t p : //"; URI draft, FTP
		{"http", [4]locator.SchemeStatus{D, D, D, D}},     // RFC 1738 §3.3; httpaddress (both drafts); URI draft, HTTP
		{"gopher", [4]locator.SchemeStatus{D, D, D, D}},   // RFC 1738 §3.4; gopheraddress; URI draft, Gopher
		{"mailto", [4]locator.SchemeStatus{D, D, N, D}},   // RFC 1738 §3.5; mailtoaddress; not in the 1993 draft; URI draft, Mailto
		{"news", [4]locator.SchemeStatus{D, D, D, D}},     // RFC 1738 §3.6; newsaddress; URI draft, News
		{"nntp", [4]locator.SchemeStatus{D, D, N, D}},     // RFC 1738 §3.7; nntpaddress; the 1993 draft names NNTP only as a protocol; URI draft, NNTP
		{"telnet", [4]locator.SchemeStatus{D, D, D, L}},   // RFC 1738 §3.8; telnetaddress; the URI draft's BNF is generic: Telnet, rlogin, tn3270
		{"wais", [4]locator.SchemeStatus{D, D, D, D}},     // RFC 1738 §3.9; waisaddress; URI draft, WAIS
		{"file", [4]locator.SchemeStatus{D, N, N, N}},     // RFC 1738 §3.10 alone
		{"prospero", [4]locator.SchemeStatus{D, D, D, D}}, // RFC 1738 §3.11; prosperoaddress; URI draft, Prospero
		{"afs", [4]locator.SchemeStatus{R, D, D, N}},      // RFC 1738 §4; afsaddress (1994: "left in as historical note")
		{"mid", [4]locator.SchemeStatus{R, D, N, D}},      // RFC 1738 §4; midaddress; URI draft, Message-Id
		{"cid", [4]locator.SchemeStatus{R, D, N, D}},      // RFC 1738 §4; cidaddress; URI draft, Content-Id
		{"nfs", [4]locator.SchemeStatus{R, N, N, N}},      // RFC 1738 §4
		{"mailserver", [4]locator.SchemeStatus{R, N, N, N}},
		{"z39.50", [4]locator.SchemeStatus{R, N, N, N}},
		{"tn3270", [4]locator.SchemeStatus{R, L, L, L}}, // RFC 1738 §4; the drafts, Telnet, rlogin, tn3270
		{"rlogin", [4]locator.SchemeStatus{N, L, L, L}}, // the drafts, Telnet, rlogin, tn3270
		{"urn", [4]locator.SchemeStatus{N, R, R, R}},    // the drafts, Registration of naming schemes
		{"x500", [4]locator.SchemeStatus{N, N, S, S}},   // the 1993 URL draft, x500; the URI draft, Schemes for Further Study
		{"whois++", [4]locator.SchemeStatus{N, N, S, S}},
		{"https", [4]locator.SchemeStatus{N, N, N, N}}, // RFC 2818 §2.4, none of the four
	}
	docs := locator.DocumentSpecs()
	seen := map[string]bool{}
	for _, tt := range tests {
		seen[tt.name] = true
		info, ok := locator.LookupScheme(tt.name)
		if !ok {
			t.Errorf("%s: not in the table", tt.name)
			continue
		}
		var got [4]locator.SchemeStatus
		for i := range got {
			got[i] = N
		}
		for _, m := range info.Documents() {
			i := -1
			for j, d := range docs {
				if d == m.Spec {
					i = j
				}
			}
			if i < 0 || got[i] != N {
				t.Errorf("%s: mention %+v out of place", tt.name, m)
				continue
			}
			got[i] = m.Status
		}
		if got != tt.want {
			t.Errorf("%s: statuses %v, want %v", tt.name, got, tt.want)
		}
	}
	for _, s := range locator.Schemes() {
		if !seen[s.Name] {
			t.Errorf("%s: no row", s.Name)
		}
		// The scheme's own status is that of its Source among its mentions, or defined.
		for _, m := range s.Documents() {
			if m.Where == s.Source && m.Status != s.Status {
				t.Errorf("%s: status %v, but %s says %v", s.Name, s.Status, m.Where, m.Status)
			}
		}
	}
	// The slice is the caller's.
	ftp, _ := locator.LookupScheme("ftp")
	ftp.Documents()[0].Where = "x"
	if ftp.Documents()[0].Where != "RFC 1738 §3.2" {
		t.Error("Documents shares the table")
	}
}

// nextHeading matches the heading of a numbered section of RFC 1738 at the start of a line.
var nextHeading = regexp.MustCompile(`\n[0-9]+(\.[0-9]+)*\.? [A-Z]`)

// Every mention names text its document holds: an RFC 1738 mention the scheme name in the cited
// section (§4's list of reserved names, §3's sections by the scheme's own heading), a draft's
// mention the scheme name and each comma-separated part of its heading, in the draft's text.
func TestSchemeDocumentsText(t *testing.T) {
	files := map[locator.Spec]string{
		locator.RFC1738:      "rfc1738.txt",
		locator.URLDraft1994: "url-draft-1994.txt",
		locator.URLDraft1993: "url-draft-1993.txt",
		locator.RFC1630:      "uri-draft-www.txt",
	}
	text := map[locator.Spec]string{}
	for s, f := range files {
		b, err := os.ReadFile(filepath.Join("testdata", "spec", f))
		if err != nil {
			t.Fatal(err)
		}
		text[s] = string(b)
	}
	prefixes := map[locator.Spec]string{locator.URLDraft1994: "1994 URL draft, ",
		locator.URLDraft1993: "1993 URL draft, ", locator.RFC1630: "URI draft, "}
	for _, s := range locator.Schemes() {
		for _, m := range s.Documents() {
			doc := text[m.Spec]
			if m.Spec == locator.RFC1738 {
				sec := strings.TrimPrefix(m.Where, "RFC 1738 §")
				start := strings.Index(doc, "\n"+sec+". ")
				if start < 0 {
					start = strings.Index(doc, "\n"+sec+" ") // "3.10 FILES"
				}
				if start < 0 {
					t.Errorf("%s: %s: no such section", s.Name, m.Where)
					continue
				}
				body := doc[start+1:]
				if loc := nextHeading.FindStringIndex(body[1:]); loc != nil {
					body = body[:1+loc[0]]
				}
				if !strings.Contains(strings.ToLower(body), s.Name) {
					t.Errorf("%s: %s does not name it", s.Name, m.Where)
				}
				continue
			}
			rest, ok := strings.CutPrefix(m.Where, prefixes[m.Spec])
			if !ok {
				t.Errorf("%s: %q does not name its document (%s)", s.Name, m.Where, m.Spec)
				continue
			}
			if i := strings.Index(rest, " ("); i >= 0 {
				rest = rest[:i]
			}
			for _, part := range strings.Split(rest, ", ") {
				if !strings.Contains(doc, part) {
					t.Errorf("%s: %q not in %s", s.Name, part, files[m.Spec])
				}
			}
			name := strings.ToLower(s.Name)
			if !strings.Contains(strings.ToLower(doc), name) &&
				!strings.Contains(strings.ToLower(strings.ReplaceAll(doc, " ", "")), name) {
				t.Errorf("%s: %s does not name it", s.Name, files[m.Spec])
			}
		}
	}
}

func ExampleSchemeInfo_Documents() {
	for _, name := range []string{"tn3270", "x500"} {
		s, _ := locator.LookupScheme(name)
		for _, m := range s.Documents() {
			fmt.Printf("%s %s %s: %s\n", name, m.Spec, m.Status, m.Where)
		}
	}
	// Output:
	// tn3270 rfc1738 reserved-name: RFC 1738 §4
	// tn3270 url-draft-1994 listed: 1994 URL draft, Telnet, rlogin, tn3270
	// tn3270 url-draft-1993 listed: 1993 URL draft, Telnet, rlogin, tn3270
	// tn3270 rfc1630 listed: URI draft, Telnet, rlogin, tn3270
	// x500 url-draft-1993 for-study: 1993 URL draft, x500
	// x500 rfc1630 for-study: URI draft, Schemes for Further Study, x500
}

func ExampleDocumentSpecs() {
	fmt.Println(locator.DocumentSpecs())
	// Output: [rfc1738 url-draft-1994 url-draft-1993 rfc1630]
}
