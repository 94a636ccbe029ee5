package scheme_test

import (
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// Issue 9, item 7: a mid or cid id written with its header field's "<" ">" (encoded, as
// RFC 1738 §2.2 makes them unsafe). The drafts define the id without them: "the rest of the
// URL after the "mid:" is the RFC822 msg-id with the constant <> wrapper removed" (the URI
// draft, "Message-Id"); midaddress = "mid:" addr-spec, cidaddress = "cid:" content-identifier
// (the 1994 URL draft). The checker warns, and the plan searches for the id once bracketed.
func TestMsgIDBrackets(t *testing.T) {
	for _, tt := range []struct {
		in    string
		notes []string // what each plan note must hold
		warn  []int    // offsets of the msg-id-brackets warnings
		strip bool     // whether the notes say the brackets were dropped
	}{
		{"mid:%3C960830.1639@XIson.com%3E", []string{`"Message-ID: <960830.1639@XIson.com>"`}, []int{4}, true},
		{"mid:%3c960830.1639@XIson.com%3e", []string{`"Message-ID: <960830.1639@XIson.com>"`}, []int{4}, true},
		{"mid:960830.1639@XIson.com", []string{`"Message-ID: <960830.1639@XIson.com>"`}, nil, false},
		{"mid:a@b/%3Cc@d%3E", []string{`"Message-ID: <a@b>"`, `"Content-ID: <c@d>"`}, []int{8}, true},
		{"mid:%3Ca@b%3E/c@d", []string{`"Message-ID: <a@b>"`, `"Content-ID: <c@d>"`}, []int{4}, true},
		{"cid:%3Cfoo4*foo1@bar.net%3E", []string{`"Content-ID: <foo4*foo1@bar.net>"`}, []int{4}, true},
		{"cid:foo4*foo1@bar.net", []string{`"Content-ID: <foo4*foo1@bar.net>"`}, nil, false},
		// Only one pair, only when it encloses the whole id.
		{"cid:%3C%3Ca@b%3E%3E", []string{`"Content-ID: <<a@b>>"`}, []int{4}, true},
		{"cid:%3Ca@b", []string{`"Content-ID: <<a@b>"`}, nil, false},
		{"cid:a@b%3E", []string{`"Content-ID: <a@b>>"`}, nil, false},
		{"cid:%3C%3E", []string{`"Content-ID: <>"`}, []int{4}, true},
		{"cid:%3E%3C", []string{`"Content-ID: <><>"`}, nil, false},
	} {
		u := locator.MustParse(tt.in)
		p, err := scheme.PlanFor(u)
		if err != nil || len(p.Steps) != len(tt.notes) {
			t.Errorf("PlanFor(%q) = %+v, %v; want %d notes", tt.in, p, err, len(tt.notes))
			continue
		}
		for i, want := range tt.notes {
			note := p.Steps[i].Note
			if !strings.Contains(note, want) {
				t.Errorf("PlanFor(%q) note %d = %q, want %s", tt.in, i, note, want)
			}
		}
		said := false
		for _, s := range p.Steps {
			said = said || strings.Contains(s.Note, "written in the URL are dropped")
		}
		if said != tt.strip {
			t.Errorf("PlanFor(%q): the notes say the brackets were dropped: %v, want %v", tt.in, said, tt.strip)
		}
		fs := scheme.Check(u, locator.URLDraft1994)
		n := 0
		for _, f := range fs {
			if f.Code == scheme.CodeMsgIDBrackets {
				n++
				if f.Severity != locator.SeverityWarning {
					t.Errorf("Check(%q): %v is not a warning", tt.in, f)
				}
			}
		}
		if n != len(tt.warn) {
			t.Errorf("Check(%q) = %v; want %d msg-id-brackets warnings", tt.in, fs, len(tt.warn))
		}
		for _, off := range tt.warn {
			if !bHasFinding(fs, scheme.CodeMsgIDBrackets, off, locator.SeverityWarning) {
				t.Errorf("Check(%q) = %v; want msg-id-brackets at %d", tt.in, fs, off)
			}
		}
	}
	// The id inside the brackets is what the addr-spec check reads (RFC 822 §6.1): no second
	// warning for a well-formed id.
	for _, in := range []string{"mid:%3Ca@b%3E", "cid:%3Ca@b%3E", "mid:x@y/%3Ca@b%3E"} {
		if fs := scheme.Check(locator.MustParse(in), locator.URLDraft1994); bHasFindingCode(fs, scheme.CodeAddrSpec) || !scheme.Valid(fs) {
			t.Errorf("Check(%q) = %v; want no addr-spec warning and valid", in, fs)
		}
	}
	if fs := scheme.Check(locator.MustParse("cid:%3Cab%3E"), locator.URLDraft1994); !bHasFindingCode(fs, scheme.CodeAddrSpec) {
		t.Errorf("Check(cid:%%3Cab%%3E) = %v; want the addr-spec warning of the id inside", fs)
	}
	// The views keep the id as written: ParseMid and URL round-trip.
	m, err := scheme.ParseMid(locator.MustParse("mid:%3Ca@b%3E"))
	if err != nil || m.MessageID != "<a@b>" {
		t.Errorf("ParseMid = %+v, %v", m, err)
	}
	if v, err := m.URL(); err != nil || v.String() != "mid:%3Ca@b%3E" {
		t.Errorf("URL() = %q, %v", v, err)
	}
}

func bHasFindingCode(fs []locator.Finding, code locator.Code) bool {
	for _, f := range fs {
		if f.Code == code {
			return true
		}
	}
	return false
}
