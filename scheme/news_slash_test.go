package scheme_test

import (
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// RFC 1738 §5: newsurl = "news:" grouppart, article = 1*[ uchar | ";" | "/" | "?" | ":" | "&"
// | "=" ] "@" host. "/" is an article character, so "news://a@h.com" is the message-id
// "//a@h.com" (RFC 1738 has no server in a news URL, §3.6): valid, with a warning that says
// so (news-server), and read so by the view and the plan. A "//" that is no article (no "@",
// a host with "/" or a port) stays an error, in the checker and the view alike.
func TestNewsSlashArticle(t *testing.T) {
	for _, tt := range []struct {
		in    string
		id    string // the message-id read; "" for an error
		extra bool   // a finding besides news-server (the RFC 1036 warning)
	}{
		{"news://a@h.com", "//a@h.com", false},
		{"news://news.example.com/1234@host.example", "//news.example.com/1234@host.example", false},
		{"news://A@H.COM", "//A@H.COM", false},
		{"news://a%2Fb@h.com", "//a/b@h.com", false},
		{"news://h/g", "", false},
		{"news://h", "", false},
		{"news://a@h.com/", "", false},
		{"news://a@h.com:119", "", false},
		{"news://a@", "", false},
		{"news://a@h_x.com", "", false},
		{"news://", "", false},
	} {
		u, err := locator.Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		var server []locator.Severity
		for _, f := range scheme.Check(u, locator.RFC1738) {
			if f.Code == scheme.CodeNewsServer {
				server = append(server, f.Severity)
			}
		}
		n, verr := scheme.ParseNews(u)
		r := scheme.Inspect(tt.in, locator.RFC1738)
		if tt.id == "" {
			if len(server) != 1 || server[0] != locator.SeverityError {
				t.Errorf("Check(%q): news-server %v; want one error", tt.in, server)
			}
			if verr == nil || r.Valid() {
				t.Errorf("ParseNews(%q) = %+v, %v; Inspect valid %v: want errors", tt.in, n, verr, r.Valid())
			}
			continue
		}
		if len(server) != 1 || server[0] != locator.SeverityWarning || !scheme.Valid(scheme.Check(u, locator.RFC1738)) {
			t.Errorf("Check(%q): news-server %v, valid %v; want one warning, valid", tt.in, server, scheme.Valid(scheme.Check(u, locator.RFC1738)))
		}
		if verr != nil || n.MessageID != tt.id || !r.Valid() {
			t.Errorf("ParseNews(%q) = %+v, %v; Inspect valid %v; want message-id %q", tt.in, n, verr, r.Valid(), tt.id)
		}
		if back, err := n.URL(); err != nil || back.String() != tt.in && tt.in != "news://a%2Fb@h.com" {
			t.Errorf("URL of %+v = %s, %v; want %s", n, back, err, tt.in)
		}
		p, err := scheme.PlanFor(u)
		if err != nil || len(p.Steps) < 3 || p.Steps[2].Send != "ARTICLE <"+tt.id+">" {
			t.Errorf("PlanFor(%q) = %+v, %v", tt.in, p.Steps, err)
		}
	}
	// The 1994 URL draft: "news host names are NOT part of news URLs" (Note1), an error still.
	for _, f := range scheme.Check(locator.MustParse("news://a@h.com"), locator.URLDraft1994) {
		if f.Code == scheme.CodeNewsServer && f.Severity != locator.SeverityError {
			t.Errorf("url-draft-1994: %v", f)
		}
	}
}
