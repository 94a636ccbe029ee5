package scheme_test

import (
	"reflect"
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

// ftpDraftForms name the 1994 URL draft's formcodes (RFC 959 §3.1.1.5), by lower-case letter.
var ftpDraftForms = map[string]string{"n": "Non-print", "t": "Telnet format controls", "c": "Carriage Control (ASA)"}

// ftpDraftNote returns the note of the TYPE step of a typecode of the 1994 URL draft (A or E
// with a formcode, E, L with digits): its RFC 959 type and the sections that define it.
func ftpDraftNote(t string) string {
	const draft = "the 1994 URL draft, FTP: RFC 959's type code with the space omitted; RFC 959 §5.3.2"
	q := display.Quote(t)
	switch strings.ToLower(t[:1]) {
	case "a":
		return "typecode " + q + ": ASCII, form " + ftpDraftForms[strings.ToLower(t[1:])] + " (" + draft + ", §3.1.1.1, §3.1.1.5)"
	case "e":
		if len(t) == 1 {
			return "typecode " + q + ": EBCDIC (" + draft + ", §3.1.1.2)"
		}
		return "typecode " + q + ": EBCDIC, form " + ftpDraftForms[strings.ToLower(t[1:])] + " (" + draft + ", §3.1.1.2, §3.1.1.5)"
	}
	return "typecode " + q + ": local byte size (" + draft + ", §3.1.1.4)"
}

// The steps of the dialog around the transfer (RFC 959 §3.2; RFC 2428 §3; RFC 3659 §4, §7):
// passive mode, the size, the listing of a directory, the end.
var (
	ftpEPSV = scheme.Step{Send: "EPSV", Expect: []string{"229", "5"}, Note: "passive mode: the server listens, the client connects (RFC 2428 §3)"}
	ftpPASV = scheme.Step{Send: "PASV", When: []string{"5"}, Expect: []string{"227"}, Note: "the server has no EPSV (RFC 959 §4.1.2)"}
	ftpMLSD = scheme.Step{Send: "MLSD", Expect: []string{"150", "125", "5"}, Data: true,
		Note: "no name: the URL names a directory; list it with its facts (RFC 3659 §7)"}
	ftpLIST = scheme.Step{Send: "LIST", When: []string{"5"}, Expect: []string{"150", "125"}, Data: true,
		Note: "the server has no MLSD: the listing for people (RFC 959 §4.1.3), read as ls -l lines"}
	ftpQUIT = scheme.Step{Send: "QUIT", Expect: []string{"221"}, Note: "end the session (RFC 959 §4.1.1)"}
)

// ftpRetrSteps returns the steps of retrieving name after its TYPE: SIZE, EPSV, PASV, RETR,
// QUIT.
func ftpRetrSteps(name string) []scheme.Step {
	return []scheme.Step{
		{Send: "SIZE " + name, Expect: []string{"213", "4", "5"}, Note: "the size, for the progress; a refusal is allowed (RFC 3659 §4)"},
		ftpEPSV, ftpPASV,
		{Send: "RETR " + name, Expect: []string{"150", "125"}, Data: true, Note: "retrieve the file (RFC 959 §4.1.3)"},
		ftpQUIT,
	}
}

// ftpTypeSteps returns the steps after the login of a plan for the name and typecode t, as
// RFC 1738 §3.2.2 says: "d" NLST with no TYPE; "a" and "i" TYPE A or TYPE I, then RETR (or
// a listing, MLSD then LIST, for an empty name); none, TYPE I (locator's guess, §3.2.3) and
// RETR, or the listing alone. A typecode of the 1994 URL draft is RFC 959's with the space put
// back: "AN" TYPE A N, "l8" TYPE L 8, "e" TYPE E. The transfer is passive and asks the size
// first; QUIT ends the dialog.
func ftpTypeSteps(name, t string) []scheme.Step {
	nlst := scheme.Step{Send: "NLST", Expect: []string{"150", "125"}, Data: true}
	if name != "" {
		nlst.Send += " " + name
	}
	listing := []scheme.Step{ftpEPSV, ftpPASV, ftpMLSD, ftpLIST, ftpQUIT}
	typeA := []string{"200"}
	switch strings.ToLower(t) {
	case "d":
		nlst.Note = ftpTypeNotes["d"]
		return []scheme.Step{ftpEPSV, ftpPASV, nlst, ftpQUIT}
	case "a", "i":
		typ := scheme.Step{Send: "TYPE " + strings.ToUpper(t), Note: ftpTypeNotes[strings.ToLower(t)], Expect: typeA}
		if name == "" {
			return append([]scheme.Step{typ}, listing...)
		}
		return append([]scheme.Step{typ}, ftpRetrSteps(name)...)
	}
	if t != "" {
		typ := scheme.Step{Send: "TYPE " + strings.ToUpper(t[:1]), Note: ftpDraftNote(t), Expect: typeA}
		if len(t) > 1 {
			typ.Send += " " + strings.ToUpper(t[1:])
		}
		if name == "" {
			return append([]scheme.Step{typ}, listing...)
		}
		return append([]scheme.Step{typ}, ftpRetrSteps(name)...)
	}
	if name == "" {
		return listing
	}
	return append([]scheme.Step{{Send: "TYPE I", Note: ftpTypeNotes[""], Expect: typeA}}, ftpRetrSteps(name)...)
}

// ftpTypeFindings returns the offsets of the CodeFTPTypecode errors and warnings Check
// (RFC 1738) reports for u, and fails t on one whose rule or message does not fit.
func ftpTypeFindings(t *testing.T, u locator.URL, typ string) (errs, warns []string) {
	t.Helper()
	// RFC 1738 alone: a typecode that is none (errs), or one of the 1994 URL draft's (an
	// error too since issue 9; counted in warns, the draft's side of the answer).
	for _, fd := range scheme.Check(u, locator.RFC1738) {
		if fd.Code != scheme.CodeFTPTypecode {
			continue
		}
		switch {
		case fd.Severity == locator.SeverityError && fd.Rule == "RFC 1738 §5 ftptype" &&
			fd.Message == "typecode "+display.Quote(typ)+" is not one of A, I, D, a, i, d":
			errs = append(errs, itoaTest(fd.Offset))
		case fd.Severity == locator.SeverityError && fd.Rule == "RFC 1738 §5 ftptype" &&
			strings.HasPrefix(fd.Message, "typecode "+display.Quote(typ)+" is the 1994 URL draft's"):
			warns = append(warns, itoaTest(fd.Offset))
		default:
			t.Errorf("Check(%q, rfc1738): %+v", u, fd)
		}
	}
	// The 1994 URL draft: the same typecodes are none of its own, but D (RFC 1738's), and
	// an L byte size outside 1 through 255 gets a warning.
	var draftErrs []string
	for _, fd := range scheme.Check(u, locator.URLDraft1994) {
		if fd.Code != scheme.CodeFTPTypecode {
			continue
		}
		switch {
		case fd.Severity == locator.SeverityError && strings.HasPrefix(fd.Rule, "1994 URL draft, FTP") &&
			fd.Message == "typecode "+display.Quote(typ)+" is not A or E with an optional N, T or C, I, or L with digits":
			draftErrs = append(draftErrs, itoaTest(fd.Offset))
		case fd.Severity == locator.SeverityError && (typ == "d" || typ == "D") &&
			strings.HasPrefix(fd.Message, "typecode "+display.Quote(typ)+" is RFC 1738's"):
		case fd.Severity == locator.SeverityWarning && fd.Rule == "RFC 959 §5.3.2 <byte-size>" &&
			strings.HasPrefix(fd.Message, "byte size "+display.Quote(typ[1:])+" is not a decimal integer 1 through 255"):
			warns = append(warns, itoaTest(fd.Offset))
		default:
			t.Errorf("Check(%q, url-draft-1994): %+v", u, fd)
		}
	}
	if !slices.Equal(draftErrs, errs) {
		t.Errorf("Check(%q): not a typecode at %v under rfc1738, at %v under url-draft-1994", u, errs, draftErrs)
	}
	return errs, warns
}

// TestFTPTypecodeEveryByte: RFC 1738 §5 ftptype = "A" | "I" | "D" | "a" | "i" | "d", and the
// 1994 URL draft's E (RFC 959's type code, whose form code is optional). Every printable
// ASCII character after ";type=" goes through the view (ParseFTP), the plan (PlanFor) and the
// checker (Check): the six are a typecode, both cases, and so is E (the checker warns: the
// draft's), and each other character (the letters next to them, "L" without its byte size,
// "@", "[", "`", "{", digits) is part of the name, which the plan retrieves after its guess,
// and which the checker reports as a bad typecode.
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
		isType := strings.IndexByte("AIDaidEe", c) >= 0
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
		if err != nil || len(p.Steps) < 3 || !reflect.DeepEqual(p.Steps[3:], want) {
			t.Errorf("PlanFor(%q) = %+v, %v; want …%+v", in, p.Steps, err, want)
		}
		// The checker: an error for a bad typecode, a warning for the draft's E.
		errs, warns := ftpTypeFindings(t, u, string(c))
		var wantErrs, wantWarns []string
		switch {
		case !isType:
			wantErrs = []string{"15"}
		case c == 'E' || c == 'e':
			wantWarns = []string{"15"}
		}
		if !slices.Equal(errs, wantErrs) || !slices.Equal(warns, wantWarns) {
			t.Errorf("Check(%q): ftp-typecode errors at %v, warnings at %v; want %v, %v", in, errs, warns, wantErrs, wantWarns)
		}
	}
	if valid != 8 {
		t.Errorf("%d one-character typecodes; RFC 1738 §5 ftptype has 6, the 1994 URL draft adds E, e", valid)
	}
}

// TestFTPTypecodeTwoBytes: the 1994 URL draft's ftptype = A formcode | E formcode | I | L
// digits, formcode = N | T | C, is RFC 959's type code with the space omitted (RFC 959
// §5.3.2). Every letter of RFC 1738's and the draft's typecodes, both cases, followed by every
// printable ASCII character: A or E with N, T or C (any case) and L with a digit are
// typecodes, planned as "TYPE A N", "TYPE L 8" and read back by FTP.URL, with a warning (the
// draft's) and for "L0" a second one (RFC 959 <byte-size> is 1 through 255); anything else
// ("AX", "Lx", "ii", "DN", "IN") is part of the name and an error.
func TestFTPTypecodeTwoBytes(t *testing.T) {
	valid := 0
	for _, c0 := range []byte("AaEeLlIiDd") {
		for c1 := byte(0x21); c1 < 0x7f; c1++ {
			if strings.IndexByte("#%/?", c1) >= 0 {
				continue
			}
			typ := string([]byte{c0, c1})
			in := "ftp://h/f;type=" + typ
			u, err := locator.Parse(in)
			if err != nil {
				t.Errorf("Parse(%q): %v", in, err)
				continue
			}
			isType := strings.IndexByte("AaEe", c0) >= 0 && strings.IndexByte("NTCntc", c1) >= 0 ||
				strings.IndexByte("Ll", c0) >= 0 && c1 >= '0' && c1 <= '9'
			wantName, wantType := "f;type="+typ, ""
			if isType {
				valid++
				wantName, wantType = "f", typ
			}
			f, err := scheme.ParseFTP(u)
			if err != nil || f.Name != wantName || f.Type != wantType || f.CWD != nil {
				t.Errorf("ParseFTP(%q) = %+v, %v; want name %q, typecode %q", in, f, err, wantName, wantType)
			}
			p, err := scheme.PlanFor(u)
			want := ftpTypeSteps(wantName, wantType)
			if err != nil || len(p.Steps) < 3 || !reflect.DeepEqual(p.Steps[3:], want) {
				t.Errorf("PlanFor(%q) = %+v, %v; want …%+v", in, p.Steps, err, want)
			}
			errs, warns := ftpTypeFindings(t, u, typ)
			var wantErrs, wantWarns []string
			switch {
			case !isType:
				wantErrs = []string{"15"}
			case c1 == '0':
				wantWarns = []string{"15", "16"}
			default:
				wantWarns = []string{"15"}
			}
			if !slices.Equal(errs, wantErrs) || !slices.Equal(warns, wantWarns) {
				t.Errorf("Check(%q): ftp-typecode errors at %v, warnings at %v; want %v, %v", in, errs, warns, wantErrs, wantWarns)
			}
			v, err := (scheme.FTP{Login: scheme.Login{Host: "h"}, Name: "f", Type: typ}).URL()
			if c, _ := errCode(err); isType && (err != nil || v.String() != in) || !isType && c != scheme.CodeBadView {
				t.Errorf("URL(type %q) = %q, %v; want %q: %v", typ, v, err, in, isType)
			}
		}
	}
	// A, a, E, e × N, T, C, n, t, c, and L, l × 10 digits.
	if valid != 4*6+2*10 {
		t.Errorf("%d two-character typecodes; want %d", valid, 4*6+2*10)
	}
}

// TestFTPTypecodeLocal: the draft's "L digits" takes any number of digits; RFC 959 §5.3.2
// <byte-size> is a decimal integer 1 through 255, so the checker warns outside it (both sides
// of each end, leading zeros), and the plan sends the digits as written. Three characters
// after A or E, or a letter after L's digits, are not a typecode.
func TestFTPTypecodeLocal(t *testing.T) {
	for _, r := range []struct {
		typ     string
		sizeOK  bool
		command string
	}{
		{"L1", true, "TYPE L 1"},
		{"L8", true, "TYPE L 8"},
		{"l36", true, "TYPE L 36"},
		{"L255", true, "TYPE L 255"},
		{"L0255", true, "TYPE L 0255"},
		{"L008", true, "TYPE L 008"},
		{"L256", false, "TYPE L 256"},
		{"L0", false, "TYPE L 0"},
		{"L000", false, "TYPE L 000"},
		{"L1000", false, "TYPE L 1000"},
		{"L99999999999999999999", false, "TYPE L 99999999999999999999"},
	} {
		in := "ftp://h/f;type=" + r.typ
		u := locator.MustParse(in)
		f, err := scheme.ParseFTP(u)
		if err != nil || f.Type != r.typ || f.Name != "f" {
			t.Errorf("ParseFTP(%q) = %+v, %v", in, f, err)
		}
		p, err := scheme.PlanFor(u)
		if err != nil || len(p.Steps) != 9 || p.Steps[3].Send != r.command || p.Steps[7].Send != "RETR f" {
			t.Errorf("PlanFor(%q) = %+v, %v; want %q, RETR f", in, p.Steps, err, r.command)
		}
		errs, warns := ftpTypeFindings(t, u, r.typ)
		wantWarns := []string{"15"}
		if !r.sizeOK {
			wantWarns = append(wantWarns, "16")
		}
		if errs != nil || !slices.Equal(warns, wantWarns) {
			t.Errorf("Check(%q): ftp-typecode errors at %v, warnings at %v; want none, %v", in, errs, warns, wantWarns)
		}
	}
	for _, typ := range []string{"L", "l", "L8x", "Lx8", "L 8", "L-8", "L+8", "ANN", "AN8", "ETC", "A N", "NA", "TA", "IN", "DN"} {
		in := "ftp://h/f;type=" + typ
		u, err := locator.Parse(in)
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		if f, err := scheme.ParseFTP(u); err != nil || f.Type != "" || f.Name != "f;type="+typ {
			t.Errorf("ParseFTP(%q) = %+v, %v; want no typecode", in, f, err)
		}
		var codes []locator.Code
		for _, fd := range scheme.Check(u, locator.RFC1738) {
			if fd.Severity == locator.SeverityError {
				codes = append(codes, fd.Code)
			}
		}
		if !slices.Contains(codes, scheme.CodeFTPTypecode) {
			t.Errorf("Check(%q): errors %v; want %s", in, codes, scheme.CodeFTPTypecode)
		}
	}
	// 1 MB of digits: read, checked and planned in time linear in the input; the messages
	// quote at most display.MaxQuote bytes of it.
	digits := strings.Repeat("9", 1<<20)
	u := locator.MustParse("ftp://h/f;type=L" + digits)
	if f, err := scheme.ParseFTP(u); err != nil || f.Type != "L"+digits {
		t.Errorf("ParseFTP(1 MB of digits): typecode %d bytes, %v", len(f.Type), err)
	}
	for _, fd := range scheme.Check(u, locator.RFC1738) {
		if len(fd.Message) > 400 {
			t.Errorf("Check(1 MB of digits): a message of %d bytes", len(fd.Message))
		}
	}
	if p, err := scheme.PlanFor(u); err != nil || len(p.Steps) != 9 || p.Steps[3].Send != "TYPE L "+digits || len(p.Steps[3].Note) > 400 {
		t.Errorf("PlanFor(1 MB of digits): %d steps, %v", len(p.Steps), err)
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
		check     []string // offsets of CodeFTPTypecode errors
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
		{"the 1994 URL draft, FTP: TYPE A N, RETR a (issue 9)", "ftp://host/a;type=AN", "a", "AN", nil, nil},
		{"the 1994 URL draft, FTP: TYPE E T", "ftp://u:p@h:2121/pub/f.txt;type=et", "f.txt", "et", []string{"pub"}, nil},
		{"the 1994 URL draft, FTP: TYPE L 8, then list the directory", "ftp://h/;type=L8", "", "L8", nil, nil},
		{"the 1994 URL draft, FTP: TYPE E", "ftp://h/pub/;type=E", "", "E", []string{"pub"}, nil},
		{"the 1994 URL draft, FTP: \";type=\" in lower case only", "ftp://h/f;TYPE=AN", "f;TYPE=AN", "", nil, nil},
		{"the 1994 URL draft ftptype: A formcode", "ftp://h/f;type=AX", "f;type=AX", "", nil, []string{"15"}},
		{"the 1994 URL draft ftptype: L digits", "ftp://h/f;type=L", "f;type=L", "", nil, []string{"15"}},
		{"the 1994 URL draft ftptype: L digits", "ftp://h/f;type=Lx", "f;type=Lx", "", nil, []string{"15"}},
		{"the 1994 URL draft ftptype: no escape", "ftp://h/f;type=A%4E", "f;type=AN", "", nil, []string{"15"}},
		{"the 1994 URL draft: the last \";type=\"", "ftp://h/f;type=AN;type=L8", "f;type=AN", "L8", nil, nil},
	} {
		u := locator.MustParse(r.in)
		f, err := scheme.ParseFTP(u)
		if err != nil || f.Name != r.name || f.Type != r.typ || !slices.Equal(f.CWD, r.cwd) {
			t.Errorf("%s: ParseFTP(%q) = %+v, %v; want cwd %q name %q typecode %q", r.rule, r.in, f, err, r.cwd, r.name, r.typ)
			continue
		}
		p, err := scheme.PlanFor(u)
		want := ftpTypeSteps(r.name, r.typ)
		if err != nil || len(p.Steps) < len(want) || !reflect.DeepEqual(p.Steps[len(p.Steps)-len(want):], want) {
			t.Errorf("%s: PlanFor(%q) = %+v, %v; want …%+v", r.rule, r.in, p.Steps, err, want)
		}
		for _, s := range p.Steps[:len(p.Steps)-len(want)] {
			if strings.HasPrefix(s.Send, "TYPE") || strings.HasPrefix(s.Send, "NLST") || strings.HasPrefix(s.Send, "RETR") || s.Send == "EPSV" {
				t.Errorf("%s: PlanFor(%q): %q before the transfer", r.rule, r.in, s.Send)
			}
		}
		// The rows of the 1994 URL draft are checked under its spec; under RFC 1738 alone
		// each of its typecodes is an error.
		spec := locator.RFC1738
		if strings.HasPrefix(r.rule, "the 1994 URL draft") {
			spec = locator.URLDraft1994
		}
		typecodeErrors := func(spec locator.Spec) []string {
			var got []string
			for _, fd := range scheme.Check(u, spec) {
				if fd.Code == scheme.CodeFTPTypecode && fd.Severity == locator.SeverityError {
					got = append(got, itoaTest(fd.Offset))
				}
			}
			return got
		}
		if got := typecodeErrors(spec); !slices.Equal(got, r.check) {
			t.Errorf("%s: Check(%q, %s): ftp-typecode at %v; want %v", r.rule, r.in, spec, got, r.check)
		}
		if spec == locator.URLDraft1994 && r.typ != "" {
			want := []string{itoaTest(len(r.in) - len(r.typ))}
			if got := typecodeErrors(locator.RFC1738); !slices.Equal(got, want) {
				t.Errorf("%s: Check(%q, rfc1738): ftp-typecode at %v; want %v (RFC 1738 §5 ftptype alone)", r.rule, r.in, got, want)
			}
		}
	}
}

// TestFTPTypecodeView: FTP.URL writes each one-character typecode as given (RFC 1738's, and
// the 1994 URL draft's E), both cases, and refuses any other (CodeBadView); the URL reads back
// to the same view. TestFTPTypecodeTwoBytes does the same for two characters.
func TestFTPTypecodeView(t *testing.T) {
	for c := 0; c < 256; c++ {
		typ := string(rune(c))
		if c >= 0x80 {
			typ = string([]byte{byte(c)})
		}
		f := scheme.FTP{Login: scheme.Login{Host: "h"}, Name: "f", Type: typ}
		v, err := f.URL()
		if strings.Contains("AIDaidEe", typ) {
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
	for _, typ := range []string{"aa", "ai", "A ", " a", "ad", "type=a", "L", "A N", "L 8", "ANN", "L8/", "AN;type=i"} {
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
