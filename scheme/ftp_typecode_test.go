package scheme_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/scheme"
)

// ftpTypeNotes are the notes of the TYPE or NLST step of each typecode (RFC 1738 §3.2.2), by
// its lower-case letter, and of the guess without one (§3.2.3).
var ftpTypeNotes = map[string]string{
	"a": "typecode a: ASCII (RFC 1738 §3.2.2; RFC 959 §3.1.1.1)",
	"i": "typecode i: image (RFC 1738 §3.2.2; RFC 959 §3.1.1.3)",
	"d": "typecode d: list the directory (RFC 1738 §3.2.2)",
	"":  "no typecode: the client guesses (RFC 1738 §3.2.3); image transfers the octets unchanged",
}

// ftpTypeSteps returns the steps after the login of a plan for the name and typecode t, as
// RFC 1738 §3.2.2 says: "d" NLST with no TYPE; "a" and "i" TYPE A or TYPE I, then RETR (or
// NLST for an empty name); none, TYPE I (locator's guess, §3.2.3) and RETR, or NLST alone.
func ftpTypeSteps(name, t string) []scheme.Step {
	nlst := scheme.Step{Send: "NLST"}
	if name != "" {
		nlst.Send += " " + name
	}
	switch strings.ToLower(t) {
	case "d":
		nlst.Note = ftpTypeNotes["d"]
		return []scheme.Step{nlst}
	case "a", "i":
		typ := scheme.Step{Send: "TYPE " + strings.ToUpper(t), Note: ftpTypeNotes[strings.ToLower(t)]}
		if name == "" {
			nlst.Note = "no name: the URL names a directory; list it"
			return []scheme.Step{typ, nlst}
		}
		return []scheme.Step{typ, {Send: "RETR " + name, Note: "retrieve the file (RFC 959 §4.1.3)"}}
	}
	if name == "" {
		nlst.Note = "no name: the URL names a directory; list it"
		return []scheme.Step{nlst}
	}
	return []scheme.Step{{Send: "TYPE I", Note: ftpTypeNotes[""]}, {Send: "RETR " + name, Note: "retrieve the file (RFC 959 §4.1.3)"}}
}

// TestFTPTypecodeEveryByte: RFC 1738 §5 ftptype = "A" | "I" | "D" | "a" | "i" | "d". Every
// printable ASCII character after ";type=" goes through the view (ParseFTP), the plan
// (PlanFor) and the checker (Check): the six are a typecode, both cases, and each other
// character (the letters next to them, "@", "[", "`", "{", digits) is part of the name, which
// the plan retrieves after its guess, and which the checker reports as a bad typecode.
func TestFTPTypecodeEveryByte(t *testing.T) {
	valid := 0
	for c := byte(0x21); c < 0x7f; c++ {
		if strings.IndexByte("#%/?", c) >= 0 {
			continue // they end the path or start an escape: below
		}
		in := "ftp://h/f;type=" + string(c)
		u, err := locator.Parse(in)
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		isType := strings.IndexByte("AIDaid", c) >= 0
		if isType {
			valid++
		}
		// The view.
		f, err := scheme.ParseFTP(u)
		wantName, wantType := "f;type="+string(c), ""
		if isType {
			wantName, wantType = "f", string(c)
		}
		if err != nil || f.Name != wantName || f.Type != wantType || f.CWD != nil {
			t.Errorf("ParseFTP(%q) = %+v, %v; want name %q, typecode %q", in, f, err, wantName, wantType)
		}
		// The plan.
		p, err := scheme.PlanFor(u)
		want := ftpTypeSteps(wantName, wantType)
		if err != nil || len(p.Steps) < 3 || !slices.Equal(p.Steps[3:], want) {
			t.Errorf("PlanFor(%q) = %+v, %v; want …%+v", in, p.Steps, err, want)
		}
		// The checker.
		var got []string
		for _, fd := range scheme.Check(u, locator.RFC1738) {
			if fd.Code == scheme.CodeFTPTypecode {
				got = append(got, itoaTest(fd.Offset))
				if fd.Severity != locator.SeverityError || fd.Rule != "RFC 1738 §5 ftptype" ||
					!strings.Contains(fd.Message, "typecode "+display.Quote(string(c))+" ") {
					t.Errorf("Check(%q): %+v", in, fd)
				}
			}
		}
		if wantAt := []string{"15"}; isType && got != nil || !isType && !slices.Equal(got, wantAt) {
			t.Errorf("Check(%q): ftp-typecode at %v; want it (at 15): %v", in, got, !isType)
		}
	}
	if valid != 6 {
		t.Errorf("%d typecodes; RFC 1738 §5 ftptype has 6", valid)
	}
}

// TestFTPTypecodeRows: the typecodes with an empty name, a CWD, a port and a login; the empty
// typecode, two characters, an upper-case ";TYPE=", ";type=" before a "/", and an escape.
func TestFTPTypecodeRows(t *testing.T) {
	for _, r := range []struct {
		rule      string
		in        string
		name, typ string
		cwd       []string
		check     []string // offsets of CodeFTPTypecode
	}{
		{"RFC 1738 §3.2.2: TYPE A, then list the directory", "ftp://h/;type=a", "", "a", nil, nil},
		{"RFC 1738 §3.2.2: upper case", "ftp://h/;type=A", "", "A", nil, nil},
		{"RFC 1738 §3.2.2", "ftp://h/;type=i", "", "i", nil, nil},
		{"RFC 1738 §3.2.2", "ftp://h/;type=I", "", "I", nil, nil},
		{"RFC 1738 §3.2.2: NLST with no argument", "ftp://h/;type=d", "", "d", nil, nil},
		{"RFC 1738 §3.2.2", "ftp://h/;type=D", "", "D", nil, nil},
		{"RFC 1738 §3.2.2: a CWD, then the name", "ftp://u:p@h:2121/pub/f.txt;type=A", "f.txt", "A", []string{"pub"}, nil},
		{"RFC 1738 §3.2.2", "ftp://u:p@h:2121/pub/f.bin;type=I", "f.bin", "I", []string{"pub"}, nil},
		{"RFC 1738 §3.2.2", "ftp://u:p@h:2121/pub/dir;type=D", "dir", "D", []string{"pub"}, nil},
		{"RFC 1738 §3.2.2", "ftp://u:p@h:2121/pub/dir;type=d", "dir", "d", []string{"pub"}, nil},
		{"RFC 1738 §5 ftptype: not empty", "ftp://h/f;type=", "f;type=", "", nil, []string{"15"}},
		{"RFC 1738 §5 ftptype: one character", "ftp://h/f;type=aa", "f;type=aa", "", nil, []string{"15"}},
		{"RFC 1738 §5 ftptype: one character", "ftp://h/f;type=Ai", "f;type=Ai", "", nil, []string{"15"}},
		{"RFC 1738 §5 ftptype: one character", "ftp://h/f;type=d ", "f;type=d ", "", nil, []string{"15"}},
		{"RFC 1738 §5 ftptype: no escape", "ftp://h/f;type=%61", "f;type=a", "", nil, []string{"15"}},
		{"RFC 1738 §5: \";type=\" in lower case only", "ftp://h/f;TYPE=a", "f;TYPE=a", "", nil, nil},
		{"RFC 1738 §5: \";type=\" in lower case only", "ftp://h/f;Type=I", "f;Type=I", "", nil, nil},
		{"RFC 1738 §5: \";type=\" ends the fpath", "ftp://h/a;type=a/f", "f", "", []string{"a;type=a"}, nil},
		{"RFC 1738 §5: the last \";type=\"", "ftp://h/f;type=a;type=i", "f;type=a", "i", nil, nil},
		{"RFC 1738 §3.2.2: an encoded \";\" is the name's", "ftp://h/f%3Btype=a", "f;type=a", "", nil, nil},
	} {
		u := locator.MustParse(r.in)
		f, err := scheme.ParseFTP(u)
		if err != nil || f.Name != r.name || f.Type != r.typ || !slices.Equal(f.CWD, r.cwd) {
			t.Errorf("%s: ParseFTP(%q) = %+v, %v; want cwd %q name %q typecode %q", r.rule, r.in, f, err, r.cwd, r.name, r.typ)
			continue
		}
		p, err := scheme.PlanFor(u)
		want := ftpTypeSteps(r.name, r.typ)
		if err != nil || len(p.Steps) < len(want) || !slices.Equal(p.Steps[len(p.Steps)-len(want):], want) {
			t.Errorf("%s: PlanFor(%q) = %+v, %v; want …%+v", r.rule, r.in, p.Steps, err, want)
		}
		for _, s := range p.Steps[:len(p.Steps)-len(want)] {
			if strings.HasPrefix(s.Send, "TYPE") || strings.HasPrefix(s.Send, "NLST") || strings.HasPrefix(s.Send, "RETR") {
				t.Errorf("%s: PlanFor(%q): %q before the transfer", r.rule, r.in, s.Send)
			}
		}
		var got []string
		for _, fd := range scheme.Check(u, locator.RFC1738) {
			if fd.Code == scheme.CodeFTPTypecode {
				got = append(got, itoaTest(fd.Offset))
			}
		}
		if !slices.Equal(got, r.check) {
			t.Errorf("%s: Check(%q): ftp-typecode at %v; want %v", r.rule, r.in, got, r.check)
		}
	}
}

// TestFTPTypecodeView: FTP.URL writes each typecode as given, both cases, and refuses any
// other (CodeBadView); the URL reads back to the same view.
func TestFTPTypecodeView(t *testing.T) {
	for c := 0; c < 256; c++ {
		typ := string(rune(c))
		if c >= 0x80 {
			typ = string([]byte{byte(c)})
		}
		f := scheme.FTP{Login: scheme.Login{Host: "h"}, Name: "f", Type: typ}
		v, err := f.URL()
		if strings.Contains("AIDaid", typ) {
			if err != nil || v.String() != "ftp://h/f;type="+typ {
				t.Errorf("URL(type %q) = %q, %v", typ, v, err)
			} else if g, err := scheme.ParseFTP(v); err != nil || g.Type != typ || g.Name != "f" {
				t.Errorf("ParseFTP(%q) = %+v, %v", v, g, err)
			}
			continue
		}
		if c, _ := errCode(err); c != scheme.CodeBadView {
			t.Errorf("URL(type %q) = %q, %v; want %s", typ, v, err, scheme.CodeBadView)
		}
	}
	for _, typ := range []string{"aa", "ai", "A ", " a", "ad", "type=a"} {
		if _, err := (scheme.FTP{Login: scheme.Login{Host: "h"}, Name: "f", Type: typ}).URL(); func() bool {
			c, _ := errCode(err)
			return c != scheme.CodeBadView
		}() {
			t.Errorf("URL(type %q) = %v; want %s", typ, err, scheme.CodeBadView)
		}
	}
	if v, err := (scheme.FTP{Login: scheme.Login{Host: "h"}, Name: "f"}).URL(); err != nil || v.String() != "ftp://h/f" {
		t.Errorf("URL(no typecode) = %q, %v", v, err)
	}
}
