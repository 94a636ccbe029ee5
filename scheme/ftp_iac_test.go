package scheme_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// iacNote is the note an ftp step has when it doubled a byte 0xFF.
const iacNote = "each byte 0xFF is sent doubled, IAC IAC: the control connection is Telnet (RFC 959 §4.1, §5.3; RFC 854)"

// TestFTPPlanDoublesIAC: FTP's control connection is Telnet (RFC 959 §4.1, §5.3), where a
// data byte 0xFF is sent as IAC IAC (RFC 854). Every command line that carries a decoded value
// doubles it, in Send and in Wire, and its note says so; 0xFE, the byte below, is sent as it is.
func TestFTPPlanDoublesIAC(t *testing.T) {
	for _, r := range []struct {
		in    string
		sends []string
		iac   []bool // whether each sent line notes the doubling
	}{
		// The example: IAC IP IAC DM inside USER.
		{"ftp://u%ff%f4%ff%f2@h/f", []string{"USER u\xff\xff\xf4\xff\xff\xf2", "TYPE I", "SIZE f", "EPSV", "PASV", "RETR f", "QUIT"},
			[]bool{true, false, false, false, false, false, false}},
		{"ftp://u%FF:p%Ff@h/", []string{"USER u\xff\xff", "PASS p\xff\xff", "EPSV", "PASV", "MLSD", "LIST", "QUIT"},
			[]bool{true, true, false, false, false, false, false}},
		{"ftp://u:p@h/a%fF/b%FF%ff;type=A", []string{"USER u", "PASS p", "CWD a\xff\xff", "TYPE A", "SIZE b\xff\xff\xff\xff", "EPSV", "PASV", "RETR b\xff\xff\xff\xff", "QUIT"},
			[]bool{false, false, true, false, true, false, false, true, false}},
		{"ftp://h/%ff/%ff;type=d", []string{"USER anonymous", "PASS anonymous@", "CWD \xff\xff", "EPSV", "PASV", "NLST \xff\xff", "QUIT"},
			[]bool{false, false, true, false, false, true, false}},
		{"ftp://h/d/%ff;type=i", []string{"USER anonymous", "PASS anonymous@", "CWD d", "TYPE I", "SIZE \xff\xff", "EPSV", "PASV", "RETR \xff\xff", "QUIT"},
			[]bool{false, false, false, false, true, false, false, true, false}},
		{"ftp://u\xff@h/x\xff", []string{"USER u\xff\xff", "TYPE I", "SIZE x\xff\xff", "EPSV", "PASV", "RETR x\xff\xff", "QUIT"},
			[]bool{true, false, true, false, false, true, false}}, // as written
		{"ftp://u%fe@h/%fe", []string{"USER u\xfe", "TYPE I", "SIZE \xfe", "EPSV", "PASV", "RETR \xfe", "QUIT"},
			[]bool{false, false, false, false, false, false, false}}, // not IAC
	} {
		p, err := scheme.PlanFor(locator.MustParse(r.in))
		if err != nil {
			t.Errorf("PlanFor(%q): %v", r.in, err)
			continue
		}
		var got []string
		var notes []bool
		wire := ""
		for _, s := range p.Steps {
			if s.Send == "" {
				continue
			}
			got = append(got, s.Send)
			notes = append(notes, strings.Contains(s.Note, iacNote))
			wire += s.Send + "\r\n"
		}
		if strings.Join(got, "|") != strings.Join(r.sends, "|") {
			t.Errorf("PlanFor(%q) sends %q; want %q", r.in, got, r.sends)
		}
		for i := range min(len(notes), len(r.iac)) {
			if notes[i] != r.iac[i] {
				t.Errorf("PlanFor(%q): line %q notes the doubling: %v; want %v", r.in, got[i], notes[i], r.iac[i])
			}
		}
		if string(p.Wire()) != wire {
			t.Errorf("PlanFor(%q).Wire() = %q; want %q", r.in, p.Wire(), wire)
		}
		// No lone IAC on the wire: every 0xFF comes in a pair.
		if w := string(p.Wire()); strings.Count(strings.ReplaceAll(w, "\xff\xff", ""), "\xff") != 0 {
			t.Errorf("PlanFor(%q).Wire() = %q holds a lone IAC", r.in, w)
		}
	}
	// The anonymous password given by the program is Telnet data too; a note that was there
	// keeps its text.
	p, err := scheme.FTP{Login: scheme.Login{Host: "h"}, Name: "f"}.PlanWith(scheme.FTPPlanOptions{Mail: "me\xff@x"})
	if err != nil || p.Steps[2].Send != "PASS me\xff\xff@x" ||
		p.Steps[2].Note != "the anonymous password is the end user's e-mail address (RFC 1738 §3.2.1); "+iacNote {
		t.Errorf("PlanWith(Mail with 0xFF) = %+v, %v", p.Steps, err)
	}
}

// TestFTPCheckTelnetIAC: the checker warns (CodeTelnetIAC) at the first 0xFF of the user name,
// the password and the path of an ftp URL, and of the user name and password of a telnet URL.
func TestFTPCheckTelnetIAC(t *testing.T) {
	ftp, _ := scheme.Lookup("ftp")
	telnet, _ := scheme.Lookup("telnet")
	for _, r := range []struct {
		in   string
		offs []int
	}{
		{"ftp://u%ff%f4%ff%f2@h/f", []int{7}},
		{"ftp://u%FF@h/f", []int{7}},
		{"ftp://u:%fF@h/f", []int{8}},
		{"ftp://u:p@h/a/%Ff;type=a", []int{14}},
		{"ftp://u%ff:p%ff@h/a%ff/b%ff;type=d", []int{7, 12, 19}}, // one per part, at its first
		{"ftp://h/a\xff", []int{9}},                              // as written
		{"ftp://h/a?%ff", []int{10}},                             // "?" is fsegment (RFC 1738 §5)
		{"ftp://h/a/%ff", []int{10}},                             // a path that Check's quick path passes
		{"ftp://h/a#%ff", nil},                                   // the fragment is not sent
		{"ftp://u%fe@h/%fe", nil},                                // 0xFE is not IAC
		{"ftp://h/%2Ff", nil},                                    // "%2F" then "f"
		{"ftp://h/%f", nil},                                      // not an escape: Parse refuses it
		{"telnet://u%ff:p%FF@h/", []int{10, 15}},
		{"telnet://u@h%ff/", nil}, // not a user name or password
		{"telnet://u%fe@h/", nil},
	} {
		u, err := locator.Parse(r.in)
		if err != nil {
			if r.offs != nil {
				t.Errorf("Parse(%q): %v", r.in, err)
			}
			continue
		}
		check := ftp.Check
		if u.IsScheme("telnet") {
			check = telnet.Check
		}
		var got []int
		for _, f := range check(u) {
			if f.Code == scheme.CodeTelnetIAC {
				got = append(got, f.Offset)
				if f.Severity != locator.SeverityWarning || !strings.Contains(f.Rule, "RFC 854") ||
					!strings.Contains(f.Rule, "RFC 1738 §6") || (u.IsScheme("ftp") && !strings.Contains(f.Rule, "RFC 959 §4.1")) {
					t.Errorf("check(%q): %+v", r.in, f)
				}
			}
		}
		if itoas(got) != itoas(r.offs) {
			t.Errorf("check(%q): telnet-iac at %v; want %v", r.in, got, r.offs)
		}
		// Check, which runs the scheme's checker, says the same.
		got = got[:0]
		for _, f := range scheme.Check(u, locator.RFC1738) {
			if f.Code == scheme.CodeTelnetIAC {
				got = append(got, f.Offset)
			}
		}
		if reason, xfail := iacCheckXFail[r.in]; itoas(got) != itoas(r.offs) && !xfail {
			t.Errorf("Check(%q): telnet-iac at %v; want %v", r.in, got, r.offs)
		} else if xfail && itoas(got) == itoas(r.offs) {
			t.Errorf("Check(%q) passes but is an expected failure (%s): remove it", r.in, reason)
		}
	}
	// A telnet plan refuses the byte: it is advisory text only (RFC 1738 §3.8).
	var e *locator.Error
	if _, err := scheme.PlanFor(locator.MustParse("telnet://u%ff@h/")); !errors.As(err, &e) || e.Code != scheme.CodeLineBreak || e.Offset != 10 {
		t.Errorf("PlanFor(telnet IAC) = %v", err)
	}
}

// iacCheckXFail are the rows of TestFTPCheckTelnetIAC that Check gets wrong, with the reason.
// The test enforces the list both ways.
var iacCheckXFail = map[string]string{}

func itoas(n []int) string {
	var b strings.Builder
	for _, x := range n {
		b.WriteString(itoaTest(x) + ",")
	}
	return b.String()
}

// TestSecurityTelnetIAC: Security warns of a byte 0xFF where an ftp or telnet plan meets the
// Telnet IAC, at the first such byte of each part, and not for http (no Telnet connection).
func TestSecurityTelnetIAC(t *testing.T) {
	for _, r := range []struct {
		in   string
		offs []int
	}{
		{"ftp://u%ff@h/", []int{7}},
		{"ftp://u:p%FF@h/a%ff", []int{9, 16}},
		{"ftp://u%fe@h/", nil},
		{"telnet://u%ff:p%ff@h/", []int{10, 15}},
		{"http://u%ff@h/%ff", nil},
	} {
		var got []int
		for _, f := range scheme.Security(locator.MustParse(r.in)) {
			if f.Code == scheme.CodeTelnetIAC {
				got = append(got, f.Offset)
			}
		}
		if itoas(got) != itoas(r.offs) {
			t.Errorf("Security(%q): telnet-iac at %v; want %v", r.in, got, r.offs)
		}
	}
}
