package scheme_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// strp returns a pointer to s, for the optional fields of views.
func strp(s string) *string { return &s }

// sends returns the protocol lines of a plan, in order.
// urlSends returns the lines of p that the URL itself makes (RFC 1738 §3.2.2): sends without
// the data connection's set-up (EPSV, PASV), the size asked for the progress (SIZE) and the
// end of the session (QUIT), which every plan has.
func urlSends(p scheme.Plan) []string {
	var out []string
	for _, s := range sends(p) {
		switch s {
		case "EPSV", "PASV", "QUIT":
			continue
		}
		if strings.HasPrefix(s, "SIZE ") {
			continue
		}
		out = append(out, s)
	}
	return out
}

func sends(p scheme.Plan) []string {
	var out []string
	for _, s := range p.Steps {
		if s.Send != "" {
			out = append(out, s.Send)
		}
	}
	return out
}

// errCode returns the code and offset of a *locator.Error, or "" and -1.
func errCode(err error) (locator.Code, int) {
	var e *locator.Error
	if errors.As(err, &e) {
		return e.Code, e.Offset
	}
	return "", -1
}

// codesAt returns the findings' codes with their offsets, "code@offset".
func codesAt(fs []locator.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, string(f.Code)+"@"+itoaTest(f.Offset))
	}
	return out
}

func itoaTest(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

var ftpRows = []struct {
	rule  string
	in    string
	want  scheme.FTP
	sends []string
}{
	{"RFC 1738 §3.1: an empty user name and no password", "ftp://@host.com/",
		scheme.FTP{Login: scheme.Login{User: strp(""), Host: "host.com"}},
		[]string{"USER ", "MLSD", "LIST"}},
	{"RFC 1738 §3.1, §3.2.1: no user name: anonymous", "ftp://host.com/",
		scheme.FTP{Login: scheme.Login{Host: "host.com"}},
		[]string{"USER anonymous", "PASS anonymous@", "MLSD", "LIST"}},
	{"RFC 1738 §3.1: user foo and an empty password", "ftp://foo:@host.com/",
		scheme.FTP{Login: scheme.Login{User: strp("foo"), Password: strp(""), Host: "host.com"}},
		[]string{"USER foo", "PASS ", "MLSD", "LIST"}},
	{"RFC 1738 §3.2.2: %2F makes CWD /etc", "ftp://myname@host.dom/%2Fetc/motd",
		scheme.FTP{Login: scheme.Login{User: strp("myname"), Host: "host.dom"}, CWD: []string{"/etc"}, Name: "motd"},
		[]string{"USER myname", "CWD /etc", "TYPE I", "RETR motd"}},
	{"RFC 1738 §3.2.2: CWD etc", "ftp://myname@host.dom/etc/motd",
		scheme.FTP{Login: scheme.Login{User: strp("myname"), Host: "host.dom"}, CWD: []string{"etc"}, Name: "motd"},
		[]string{"USER myname", "CWD etc", "TYPE I", "RETR motd"}},
	{"RFC 1738 §3.2.2: \"CWD \" with a null argument", "ftp://myname@host.dom//etc/motd",
		scheme.FTP{Login: scheme.Login{User: strp("myname"), Host: "host.dom"}, CWD: []string{"", "etc"}, Name: "motd"},
		[]string{"USER myname", "CWD ", "CWD etc", "TYPE I", "RETR motd"}},
	{"RFC 1738 §3.2.2: typecode d is NLST", "ftp://info.cern.ch/pub/www/doc;type=d",
		scheme.FTP{Login: scheme.Login{Host: "info.cern.ch"}, CWD: []string{"pub", "www"}, Name: "doc", Type: "d"},
		[]string{"USER anonymous", "PASS anonymous@", "CWD pub", "CWD www", "NLST doc"}},
	{"RFC 1738 §3.2.2: typecode d, empty name: NLST alone", "ftp://h.example/pub/;type=d",
		scheme.FTP{Login: scheme.Login{Host: "h.example"}, CWD: []string{"pub"}, Type: "d"},
		[]string{"USER anonymous", "PASS anonymous@", "CWD pub", "NLST"}},
	{"RFC 1738 §3.2.2: typecode a is TYPE A", "ftp://u:p@h.example:2121/f.txt;type=a",
		scheme.FTP{Login: scheme.Login{User: strp("u"), Password: strp("p"), Host: "h.example", Port: "2121"}, Name: "f.txt", Type: "a"},
		[]string{"USER u", "PASS p", "TYPE A", "RETR f.txt"}},
	{"RFC 1738 §5 ftptype: upper case I", "ftp://h.example/f.bin;type=I",
		scheme.FTP{Login: scheme.Login{Host: "h.example"}, Name: "f.bin", Type: "I"},
		[]string{"USER anonymous", "PASS anonymous@", "TYPE I", "RETR f.bin"}},
	{"RFC 1738 §3.2.2: the whole url-path may be omitted", "ftp://h.example",
		scheme.FTP{Login: scheme.Login{Host: "h.example"}},
		[]string{"USER anonymous", "PASS anonymous@", "MLSD", "LIST"}},
	{"RFC 1738 §5 fsegment allows \"?\": it is not a query", "ftp://h.example/a?b/c?d#frag",
		scheme.FTP{Login: scheme.Login{Host: "h.example"}, CWD: []string{"a?b"}, Name: "c?d"},
		[]string{"USER anonymous", "PASS anonymous@", "CWD a?b", "TYPE I", "RETR c?d"}},
	{"RFC 1738 §3.2.2: encoded ; and / are decoded", "ftp://h.example/a%3Bb/c%2Fd%20e",
		scheme.FTP{Login: scheme.Login{Host: "h.example"}, CWD: []string{"a;b"}, Name: "c/d e"},
		[]string{"USER anonymous", "PASS anonymous@", "CWD a;b", "TYPE I", "RETR c/d e"}},
	{"RFC 1738 §3.1: user and password decoded", "ftp://a%40b:p%3Aw@h.example/x",
		scheme.FTP{Login: scheme.Login{User: strp("a@b"), Password: strp("p:w"), Host: "h.example"}, Name: "x"},
		[]string{"USER a@b", "PASS p:w", "TYPE I", "RETR x"}},
	{"RFC 1738 §3.2.2: \";type=\" only at the end; a bad one stays in the name", "ftp://h.example/a;type=x",
		scheme.FTP{Login: scheme.Login{Host: "h.example"}, Name: "a;type=x"},
		[]string{"USER anonymous", "PASS anonymous@", "TYPE I", "RETR a;type=x"}},
}

func TestFTPRows(t *testing.T) {
	for _, r := range ftpRows {
		u := locator.MustParse(r.in)
		v, err := scheme.ParseFTP(u)
		if err != nil {
			t.Errorf("%s: ParseFTP(%q): %v", r.rule, r.in, err)
			continue
		}
		if !reflect.DeepEqual(v, r.want) {
			t.Errorf("%s: ParseFTP(%q) =\n %+v, want\n %+v", r.rule, r.in, v, r.want)
		}
		p, err := v.Plan()
		if err != nil {
			t.Errorf("%s: Plan(%q): %v", r.rule, r.in, err)
			continue
		}
		if got := urlSends(p); !slices.Equal(got, r.sends) {
			t.Errorf("%s: Plan(%q) sends %q, want %q", r.rule, r.in, got, r.sends)
		}
		if p.Scheme != "ftp" || p.Host != r.want.Host {
			t.Errorf("%s: Plan(%q) = %s %s", r.rule, r.in, p.Scheme, p.Host)
		}
		// The registered plan is the view's.
		q, err := scheme.PlanFor(u)
		if err != nil || !reflect.DeepEqual(p, q) {
			t.Errorf("%s: PlanFor(%q) = %+v, %v", r.rule, r.in, q, err)
		}
		// view → URL → view gives the same view.
		u2, err := v.URL()
		if err != nil {
			t.Errorf("%s: URL(): %v", r.rule, err)
			continue
		}
		v2, err := scheme.ParseFTP(u2)
		if err != nil || !reflect.DeepEqual(v, v2) {
			t.Errorf("%s: %q → %q → %+v, %v", r.rule, r.in, u2, v2, err)
		}
	}
}

// The plan of one URL, every step: connection, login, commands, the branches and the reply
// codes each step expects, with their notes.
func TestFTPPlanSteps(t *testing.T) {
	p, err := scheme.PlanFor(locator.MustParse("ftp://myname@host.dom/%2Fetc/motd"))
	if err != nil {
		t.Fatal(err)
	}
	want := scheme.Plan{Scheme: "ftp", Host: "host.dom", Port: 21, Steps: []scheme.Step{
		{Note: "connect to host.dom:21 (the FTP control connection, RFC 959; RFC 1738 §3.2: port 21 unless the URL gives one)", Expect: []string{"220"}},
		{Send: "USER myname", Expect: []string{"230", "331"}},
		{Note: "no password in the URL: if the server asks for one (reply 331), ask the user (RFC 1738 §3.2.1)", When: []string{"331"}},
		{Send: "CWD /etc", Expect: []string{"250"}},
		{Send: "TYPE I", Note: "no typecode: the client guesses (RFC 1738 §3.2.3); image transfers the octets unchanged", Expect: []string{"200"}},
		{Send: "SIZE motd", Note: "the size, for the progress; a refusal is allowed (RFC 3659 §4)", Expect: []string{"213", "4", "5"}},
		{Send: "EPSV", Note: "passive mode: the server listens, the client connects (RFC 2428 §3)", Expect: []string{"229", "5"}},
		{Send: "PASV", Note: "the server has no EPSV (RFC 959 §4.1.2)", When: []string{"5"}, Expect: []string{"227"}},
		{Send: "RETR motd", Note: "retrieve the file (RFC 959 §4.1.3)", Expect: []string{"150", "125"}, Data: true},
		{Send: "QUIT", Note: "end the session (RFC 959 §4.1.1)", Expect: []string{"221"}},
	}}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("plan =\n%+v\nwant\n%+v", p, want)
	}
	if w := string(p.Wire()); w != "USER myname\r\nCWD /etc\r\nTYPE I\r\nSIZE motd\r\nEPSV\r\nPASV\r\nRETR motd\r\nQUIT\r\n" {
		t.Errorf("wire = %q", w)
	}
	// RFC 1738 §3.2.1: the anonymous password is the end user's e-mail address.
	v, _ := scheme.ParseFTP(locator.MustParse("ftp://ftp.example/pub/f;type=i"))
	p, err = v.PlanWith(scheme.FTPPlanOptions{Mail: "ann@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	if got := urlSends(p); !slices.Equal(got, []string{"USER anonymous", "PASS ann@example.org", "CWD pub", "TYPE I", "RETR f"}) {
		t.Errorf("sends = %q", got)
	}
	if _, err := v.PlanWith(scheme.FTPPlanOptions{Mail: "a\r\nDELE x"}); err == nil {
		t.Error("PlanWith accepted a mail address with CR LF")
	}
	// An IPv6 literal is dialled without its brackets; the port is the URL's.
	p, err = scheme.PlanFor(locator.MustParse("ftp://[2001:db8::1]:2121/x"))
	if err != nil || p.Host != "2001:db8::1" || p.Port != 2121 || p.Steps[0].Note[:29] != "connect to [2001:db8::1]:2121" {
		t.Errorf("plan = %+v, %v", p, err)
	}
}

// TestFTPPlanOptionsDialog: the options that the client's state makes (RFC 2428 §2, §3; RFC
// 3659 §4, §5; RFC 959 §4.1.1): active mode, no SIZE, a resumed transfer, a connection kept
// for batch mode and one reused; and the listing of a directory (RFC 3659 §7).
func TestFTPPlanOptionsDialog(t *testing.T) {
	v, err := scheme.ParseFTP(locator.MustParse("ftp://h/pub/f.bin"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct {
		o    scheme.FTPPlanOptions
		want []string
	}{
		{scheme.FTPPlanOptions{}, []string{"USER anonymous", "PASS anonymous@", "CWD pub", "TYPE I", "SIZE f.bin", "EPSV", "PASV", "RETR f.bin", "QUIT"}},
		{scheme.FTPPlanOptions{Active: true, NoSize: true}, []string{"USER anonymous", "PASS anonymous@", "CWD pub", "TYPE I",
			"EPRT " + scheme.FTPDataAddress, "PORT " + scheme.FTPDataAddress, "RETR f.bin", "QUIT"}},
		{scheme.FTPPlanOptions{Offset: 1234}, []string{"USER anonymous", "PASS anonymous@", "CWD pub", "TYPE I", "SIZE f.bin", "EPSV", "PASV", "REST 1234", "RETR f.bin", "QUIT"}},
		{scheme.FTPPlanOptions{Keep: true}, []string{"USER anonymous", "PASS anonymous@", "PWD", "CWD pub", "TYPE I", "SIZE f.bin", "EPSV", "PASV", "RETR f.bin"}},
		{scheme.FTPPlanOptions{Keep: true, Reuse: true, LoginDir: "/home/a b"}, []string{"CWD /home/a b", "CWD pub", "TYPE I", "SIZE f.bin", "EPSV", "PASV", "RETR f.bin"}},
	} {
		p, err := v.PlanWith(r.o)
		if got := sends(p); err != nil || !slices.Equal(got, r.want) {
			t.Errorf("PlanWith(%+v) sends %q, %v; want %q", r.o, got, err, r.want)
		}
	}
	// The branches: PORT only after a refused EPRT, PASS only after 331.
	p, _ := v.PlanWith(scheme.FTPPlanOptions{Active: true})
	for _, s := range p.Steps {
		switch {
		case strings.HasPrefix(s.Send, "PORT"), strings.HasPrefix(s.Send, "PASV"):
			if !slices.Equal(s.When, []string{"5"}) {
				t.Errorf("%q: When %q", s.Send, s.When)
			}
		case strings.HasPrefix(s.Send, "PASS"):
			if !slices.Equal(s.When, []string{"331"}) {
				t.Errorf("%q: When %q", s.Send, s.When)
			}
		case s.Send != "" && len(s.When) > 0:
			t.Errorf("%q: When %q", s.Send, s.When)
		}
	}
	// A reused connection: a listing asks TYPE A, its type may be image.
	d, _ := scheme.ParseFTP(locator.MustParse("ftp://h/pub/"))
	p, err = d.PlanWith(scheme.FTPPlanOptions{Keep: true, Reuse: true, LoginDir: "/"})
	if got := sends(p); err != nil || !slices.Equal(got, []string{"CWD /", "CWD pub", "TYPE A", "EPSV", "PASV", "MLSD", "LIST"}) {
		t.Errorf("reused listing sends %q, %v", got, err)
	}
	// A login directory from the server with a line break, or none, is refused.
	for _, dir := range []string{"", "/a\r\nDELE x", "/\x00"} {
		if _, err := d.PlanWith(scheme.FTPPlanOptions{Reuse: true, LoginDir: dir}); err == nil {
			t.Errorf("Reuse with LoginDir %q: no error", dir)
		}
	}
}

// rfc1738Examples is testdata/rfc/rfc1738-examples.json.
type rfc1738Examples struct {
	Cases []struct {
		ID       string `json:"id"`
		Input    string `json:"input"`
		Expected struct {
			Scheme      string   `json:"scheme"`
			User        *string  `json:"user"`
			Password    *string  `json:"password"`
			Host        string   `json:"host"`
			Port        *string  `json:"port"`
			URLPath     *string  `json:"url_path"`
			Path        *string  `json:"path"`
			Search      *string  `json:"search"`
			Fragment    *string  `json:"fragment"`
			CWD         []string `json:"cwd"`
			Name        *string  `json:"name"`
			Typecode    *string  `json:"typecode"`
			FTPCommands []string `json:"ftp_commands"`
		} `json:"expected"`
		Source string `json:"source"`
	} `json:"cases"`
}

func loadRFC1738Examples(t *testing.T) rfc1738Examples {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "rfc", "rfc1738-examples.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ex rfc1738Examples
	if err := json.Unmarshal(data, &ex); err != nil {
		t.Fatal(err)
	}
	if len(ex.Cases) != 9 {
		t.Fatalf("%d cases, want 9", len(ex.Cases))
	}
	return ex
}

func eqPtr(a, b *string) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// isSubsequence reports whether sub appears in seq in order.
func isSubsequence(sub, seq []string) bool {
	i := 0
	for _, s := range seq {
		if i < len(sub) && s == sub[i] {
			i++
		}
	}
	return i == len(sub)
}

// TestFTPRFC1738Examples runs the nine cases of testdata/rfc/rfc1738-examples.json through
// the views of ftp, file and http. The file's ftp_commands omit the login and TYPE details
// (its "what" says so): they must appear in the plan in order (a subsequence of its Send
// lines), and the plan's CWD, RETR and NLST lines must be exactly the file's.
func TestFTPRFC1738Examples(t *testing.T) {
	for _, c := range loadRFC1738Examples(t).Cases {
		e := c.Expected
		u, err := locator.Parse(c.Input)
		if err != nil {
			t.Errorf("%s: Parse: %v", c.ID, err)
			continue
		}
		switch e.Scheme {
		case "ftp":
			v, err := scheme.ParseFTP(u)
			if err != nil {
				t.Errorf("%s: ParseFTP: %v", c.ID, err)
				continue
			}
			if !eqPtr(v.User, e.User) || !eqPtr(v.Password, e.Password) || v.Host != e.Host || (e.Port == nil) != (v.Port == "") {
				t.Errorf("%s: login %+v, want user %v password %v host %q", c.ID, v.Login, e.User, e.Password, e.Host)
			}
			if e.URLPath == nil || u.URLPath() != *e.URLPath {
				t.Errorf("%s: url-path %q, want %v", c.ID, u.URLPath(), e.URLPath)
			}
			if e.CWD != nil && !slices.Equal(v.CWD, e.CWD) {
				t.Errorf("%s: cwd %q, want %q", c.ID, v.CWD, e.CWD)
			}
			if e.Name != nil && v.Name != *e.Name {
				t.Errorf("%s: name %q, want %q", c.ID, v.Name, *e.Name)
			}
			if e.Typecode != nil && v.Type != *e.Typecode {
				t.Errorf("%s: typecode %q, want %q", c.ID, v.Type, *e.Typecode)
			}
			p, err := scheme.PlanFor(u)
			if err != nil {
				t.Errorf("%s: plan: %v", c.ID, err)
				continue
			}
			got := sends(p)
			if !isSubsequence(e.FTPCommands, got) {
				t.Errorf("%s: %q is not a subsequence of the plan %q", c.ID, e.FTPCommands, got)
			}
			var nav, wantNav []string
			for _, s := range got {
				if strings.HasPrefix(s, "CWD ") || strings.HasPrefix(s, "RETR ") || strings.HasPrefix(s, "NLST") {
					nav = append(nav, s)
				}
			}
			for _, s := range e.FTPCommands {
				if !strings.HasPrefix(s, "USER ") {
					wantNav = append(wantNav, s)
				}
			}
			if e.FTPCommands != nil && !slices.Equal(nav, wantNav) {
				t.Errorf("%s: CWD/RETR/NLST %q, want %q", c.ID, nav, wantNav)
			}
			// The URL as written is the view's URL (these are all canonical).
			if u2, err := v.URL(); err != nil || u2 != u {
				t.Errorf("%s: URL() = %q, %v", c.ID, u2, err)
			}
		case "file":
			v, err := scheme.ParseFile(u)
			if err != nil {
				t.Errorf("%s: ParseFile: %v", c.ID, err)
				continue
			}
			// RFC 1738 §3.1: the "/" after the host is not part of the url-path; File.Path is
			// the local path, which starts with it.
			if v.Host != e.Host || e.Path == nil || v.Path != "/"+*e.Path || v.IsLocal {
				t.Errorf("%s: %+v, want host %q path /%v", c.ID, v, e.Host, e.Path)
			}
		case "http":
			v, err := scheme.ParseHTTP(u)
			if err != nil {
				t.Errorf("%s: ParseHTTP: %v", c.ID, err)
				continue
			}
			frag, _ := u.Fragment()
			if v.Host != e.Host || e.Path == nil || v.Path != *e.Path || !eqPtr(v.Search, e.Search) ||
				(e.Port == nil) != (v.Port == "") || e.Fragment == nil || frag != *e.Fragment {
				t.Errorf("%s: %+v (fragment %q), want %+v", c.ID, v, frag, e)
			}
		default:
			t.Errorf("%s: unexpected scheme %q", c.ID, e.Scheme)
		}
	}
}

// RFC 1738 §6: decoded CR, LF and NUL never reach an FTP command line.
func TestFTPPlanRefusesLineBreaks(t *testing.T) {
	for _, r := range []struct {
		in  string
		off int
	}{
		{"ftp://h.example/a%0D%0ADELE%20x", 17},
		{"ftp://h.example/pub%0A/x", 19},
		{"ftp://u%0D@h.example/x", 7},
		{"ftp://u:p%00w@h.example/x", 9},
		{"ftp://h%0D.example/x", 7},
		{"ftp://h.example/x%00y;type=d", 17},
	} {
		_, err := scheme.PlanFor(locator.MustParse(r.in))
		if c, off := errCode(err); c != scheme.CodeLineBreak || off != r.off {
			t.Errorf("PlanFor(%q) = %v; want %s at %d", r.in, err, scheme.CodeLineBreak, r.off)
		}
		// The view parses: the refusal is the plan's.
		if _, err := scheme.ParseFTP(locator.MustParse(r.in)); err != nil {
			t.Errorf("ParseFTP(%q): %v", r.in, err)
		}
	}
	// Other controls are sent as they are (RFC 959 lines end only at CR LF).
	p, err := scheme.PlanFor(locator.MustParse("ftp://h.example/a%09b"))
	if err != nil || sends(p)[3] != "SIZE a\tb" || sends(p)[6] != "RETR a\tb" {
		t.Errorf("tab: %q, %v", sends(p), err)
	}
}

func TestFTPErrors(t *testing.T) {
	for _, r := range []struct {
		rule string
		in   string
		code locator.Code
		off  int
	}{
		{"RFC 1738 §2.1: another scheme", "http://h.example/", scheme.CodeWrongScheme, 0},
		{"RFC 1738 §3.1: ftp has \"//\"", "ftp:h.example/x", scheme.CodeNoAuthority, 4},
		{"RFC 1738 §3.1: \"/\" before the url-path", "ftp://h.example?x", scheme.CodeMissingSlash, 15},
	} {
		_, err := scheme.ParseFTP(locator.MustParse(r.in))
		if c, off := errCode(err); c != r.code || off != r.off {
			t.Errorf("%s: ParseFTP(%q) = %v; want %s at %d", r.rule, r.in, err, r.code, r.off)
		}
	}
	_, err := scheme.PlanFor(locator.MustParse("ftp:///x"))
	if c, off := errCode(err); c != scheme.CodeNoHost || off != 6 {
		t.Errorf("PlanFor(ftp:///x) = %v", err)
	}
	for _, v := range []scheme.FTP{
		{Login: scheme.Login{Host: "h"}, Type: "x"},
		{Login: scheme.Login{Host: "h"}, Type: "ai"},
		{Login: scheme.Login{Password: strp("p"), Host: "h"}},
		{Login: scheme.Login{Host: "h/x"}},
		{Login: scheme.Login{Host: "h", Port: "8a"}},
	} {
		if _, err := v.URL(); err == nil {
			t.Errorf("URL(%+v) succeeded", v)
		} else if c, _ := errCode(err); c != scheme.CodeBadView {
			t.Errorf("URL(%+v) = %v, want %s", v, err, scheme.CodeBadView)
		}
	}
}

// view → URL: what FTP.URL encodes (RFC 1738 §3.2.2: "/" and ";" in a component).
func TestFTPViewToURL(t *testing.T) {
	for _, r := range []struct {
		v    scheme.FTP
		want string
	}{
		{scheme.FTP{Login: scheme.Login{Host: "h.example"}}, "ftp://h.example/"},
		{scheme.FTP{Login: scheme.Login{User: strp(""), Host: "h.example"}}, "ftp://@h.example/"},
		{scheme.FTP{Login: scheme.Login{User: strp("a:b@c/d?"), Password: strp(""), Host: "h.example"}}, "ftp://a%3Ab%40c%2Fd%3F:@h.example/"},
		{scheme.FTP{Login: scheme.Login{Host: "h.example"}, CWD: []string{"/etc", "a;b", ""}, Name: "x y?", Type: "d"},
			"ftp://h.example/%2Fetc/a%3Bb//x%20y%3F;type=d"},
		{scheme.FTP{Login: scheme.Login{Host: "h.example", Port: "21"}, Name: ";type=a"}, "ftp://h.example:21/%3Btype=a"},
	} {
		u, err := r.v.URL()
		if err != nil || u.String() != r.want {
			t.Errorf("URL(%+v) = %q, %v; want %q", r.v, u, err, r.want)
			continue
		}
		if v2, err := scheme.ParseFTP(u); err != nil || !reflect.DeepEqual(v2, r.v) && !(len(r.v.CWD) == 0 && v2.CWD == nil) {
			t.Errorf("ParseFTP(%q) = %+v, %v; want %+v", u, v2, err, r.v)
		}
	}
}

// URL → view → URL gives an equivalent URL: the same one when it is canonical, else one whose
// view is the same.
func TestFTPURLRoundTrip(t *testing.T) {
	for _, r := range []struct{ in, out string }{
		{"ftp://h.example/a/b;type=i", "ftp://h.example/a/b;type=i"},
		{"ftp://u:@h.example/", "ftp://u:@h.example/"},
		{"ftp://h.example", "ftp://h.example/"},
		{"ftp://h.example/a?b#f", "ftp://h.example/a%3Fb"},
		{"ftp://h.example/%7euser/%41", "ftp://h.example/%7Euser/A"}, // RFC 1738 §2.2: "~" is unsafe
		{"FTP://h.example/x", "ftp://h.example/x"},
	} {
		u := locator.MustParse(r.in)
		v, err := scheme.ParseFTP(u)
		if err != nil {
			t.Errorf("ParseFTP(%q): %v", r.in, err)
			continue
		}
		u2, err := v.URL()
		if err != nil || u2.String() != r.out {
			t.Errorf("%q → %q, %v; want %q", r.in, u2, err, r.out)
		}
		if v2, _ := scheme.ParseFTP(u2); !reflect.DeepEqual(v, v2) {
			t.Errorf("%q: view %+v ≠ %+v", r.in, v, v2)
		}
	}
}

func TestFTPCheck(t *testing.T) {
	for _, r := range []struct {
		rule string
		in   string
		want []string // code@offset of the scheme's findings (the scheme-independent ones aside)
	}{
		{"RFC 1738 §5 ftpurl", "ftp://info.cern.ch/pub/www/doc;type=d", nil},
		{"RFC 1738 §5 fsegment allows ? : @ & =", "ftp://h.example/a?:@&=b/c", nil},
		{"RFC 1738 §5 ftptype", "ftp://h.example/a;type=x", []string{"ftp-typecode@23"}},
		{"RFC 1738 §5 ftptype: one character", "ftp://h.example/a;type=ii", []string{"ftp-typecode@23"}},
		{"RFC 1738 §3.2.2: \";\" in a segment must be encoded", "ftp://h.example/a;b/c", []string{"reserved-unencoded@17"}},
		{"RFC 1738 §5 ftpurl: \"//\"", "ftp:/x", []string{"no-authority@4"}},
		{"RFC 1738 §5 ftpurl: \"/\" before fpath", "ftp://h.example?x", []string{"missing-slash@15"}},
	} {
		fs := scheme.Check(locator.MustParse(r.in), locator.RFC1738)
		var got []string
		for _, f := range fs {
			if strings.HasPrefix(f.Rule, "RFC 1738 §5") || f.Code == scheme.CodeFTPTypecode {
				got = append(got, string(f.Code)+"@"+itoaTest(f.Offset))
			}
		}
		if !slices.Equal(got, r.want) {
			t.Errorf("%s: Check(%q) = %q (all: %v); want %q", r.rule, r.in, got, fs, r.want)
		}
	}
}
