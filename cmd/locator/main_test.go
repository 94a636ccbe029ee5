package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/records"
	"github.com/locator-url/locator/scheme"
)

// runLocator runs the command in-process with stdin as its standard input.
func runLocator(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// The ftp examples of RFC 1738 §3.2.2: "%2Fetc" is one CWD of "/etc", "//etc" an empty CWD
// then "CWD etc"; §3.2.1: no user means anonymous.
func TestPlanFTPJSON(t *testing.T) {
	tests := []struct {
		url  string
		sent []string
	}{
		{"ftp://myname@host.dom/%2Fetc/motd", []string{"USER myname", "CWD /etc", "TYPE I", "SIZE motd", "EPSV", "PASV", "RETR motd", "QUIT"}},
		{"ftp://myname@host.dom/etc/motd", []string{"USER myname", "CWD etc", "TYPE I", "SIZE motd", "EPSV", "PASV", "RETR motd", "QUIT"}},
		{"ftp://myname@host.dom//etc/motd", []string{"USER myname", "CWD ", "CWD etc", "TYPE I", "SIZE motd", "EPSV", "PASV", "RETR motd", "QUIT"}},
		{"ftp://host.dom/pub/file;type=d", []string{"USER anonymous", "PASS anonymous@", "CWD pub", "EPSV", "PASV", "NLST file", "QUIT"}},
	}
	for _, tt := range tests {
		out, errs, code := runLocator(t, "", "plan", "--json", tt.url)
		if code != 0 || errs != "" {
			t.Fatalf("plan --json %s: exit %d, stderr %q", tt.url, code, errs)
		}
		var p struct {
			Scheme string `json:"scheme"`
			Host   string `json:"host"`
			Port   int    `json:"port"`
			Steps  []struct {
				Send string `json:"send"`
				Note string `json:"note"`
			} `json:"steps"`
		}
		if err := json.Unmarshal([]byte(out), &p); err != nil {
			t.Fatalf("plan --json %s: %v\n%s", tt.url, err, out)
		}
		if strings.Count(out, "\n") != 1 {
			t.Errorf("plan --json %s: want one line, got %q", tt.url, out)
		}
		var sent []string
		for _, s := range p.Steps {
			if s.Send != "" {
				sent = append(sent, s.Send)
			}
		}
		if p.Scheme != "ftp" || p.Host != "host.dom" || p.Port != 21 || !reflect.DeepEqual(sent, tt.sent) {
			t.Errorf("plan --json %s:\n got %s %s %d %q\nwant ftp host.dom 21 %q", tt.url, p.Scheme, p.Host, p.Port, sent, tt.sent)
		}
	}
}

// plan --json gives a value that is not valid UTF-8 exactly, in base64, beside the value with
// U+FFFD (README, "Many URLs"): "gopher://h/0%FE" and "gopher://h/0%FF" both sent "\ufffd",
// and an ftp user name, a file URL's local path and a host lost their bytes the same way.
func TestPlanJSONBase64(t *testing.T) {
	for _, c := range []struct {
		url, field string // field: "host", "path" or the n-th line sent ("send1")
		want       string // the exact bytes
	}{
		{"gopher://h/0%FE", "send0", "\xfe"},
		{"gopher://h/0%FF", "send0", "\xff"},
		{"ftp://u%FF@h/x", "send0", "USER u\xff\xff"}, // IAC IAC (RFC 854)
		{"file:///tmp/a%FFb", "path", "/tmp/a\xffb"},
		{"http://%FF/x", "host", "\xff"},
	} {
		out, _, _ := runLocator(t, "", "plan", "--json", c.url)
		var p struct {
			HostBase64 string `json:"host_base64"`
			PathBase64 string `json:"path_base64"`
			Steps      []struct {
				Send       string `json:"send"`
				SendBase64 string `json:"send_base64"`
			} `json:"steps"`
		}
		if err := json.Unmarshal([]byte(out), &p); err != nil {
			t.Fatalf("plan --json %s: %v\n%s", c.url, err, out)
		}
		var got string
		switch c.field {
		case "host":
			got = p.HostBase64
		case "path":
			got = p.PathBase64
		default:
			var sent []string
			for _, s := range p.Steps {
				if s.Send != "" {
					sent = append(sent, s.SendBase64)
				}
			}
			if len(sent) > 0 {
				got = sent[0]
			}
		}
		if b, err := base64.StdEncoding.DecodeString(got); err != nil || got == "" || string(b) != c.want {
			t.Errorf("plan --json %s: %s_base64 %q (%q); want %q\n%s", c.url, c.field, got, b, c.want, out)
		}
	}
	// A UTF-8 value has no base64 field.
	out, _, _ := runLocator(t, "", "plan", "--json", "file:///tmp/caf%C3%A9")
	if strings.Contains(out, "_base64") {
		t.Errorf("plan --json of a UTF-8 path: %s", out)
	}
}

// The human form of plan, with the scheme's notes (its own wording) taken out.
func TestPlanHuman(t *testing.T) {
	out, errs, code := runLocator(t, "", "plan", "ftp://myname@host.dom/%2Fetc/motd", "ftp://host.dom//etc/motd;type=d")
	want := `ftp://myname@host.dom/%2Fetc/motd
  connect host.dom:21
  send "USER myname"
  send "CWD /etc"
  send "TYPE I"
  send "SIZE motd"
  send "EPSV"
  send "PASV"  if the reply was 5yz
  send "RETR motd"
  send "QUIT"

ftp://host.dom//etc/motd;type=d
  connect host.dom:21
  send "USER anonymous"
  send "PASS anonymous@"  if the reply was 331
  send "CWD "
  send "CWD etc"
  send "EPSV"
  send "PASV"  if the reply was 5yz
  send "NLST motd"
  send "QUIT"
`
	var b strings.Builder
	for _, line := range strings.SplitAfter(out, "\n") {
		if strings.HasPrefix(line, "  # ") {
			continue
		}
		if i := strings.Index(line, "  # "); i > 0 {
			line = line[:i] + "\n"
		}
		b.WriteString(line)
	}
	if code != 0 || errs != "" || b.String() != want {
		t.Errorf("plan: exit %d, stderr %q, stdout without notes:\n%s\nwant:\n%s", code, errs, b.String(), want)
	}
}

func TestAppendPlanHuman(t *testing.T) {
	p := scheme.Plan{Scheme: "x", Host: "::1", Port: 70, Path: "/tmp/a b", Steps: []scheme.Step{
		{Note: "connect"},
		{Send: "sel\tsearch"},
		{Send: "A\r\nB", Note: "two lines"},
		{},
	}}
	want := `x://[::1]/
  connect [::1]:70
  path "/tmp/a b"
  # connect
  send "sel\tsearch"
  send "A\r\nB"  # two lines
  send ""
`
	if got := string(appendPlanHuman(nil, "x://[::1]/", &planResult{plan: p})); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	wantLine := `"x://[::1]/"	ok	[::1]:70	"/tmp/a b"	"sel\tsearch"	"A\r\nB"	""` + "\n"
	if got := string(appendPlanLine(nil, "x://[::1]/", &planResult{plan: p})); got != wantLine {
		t.Errorf("plan line:\n got %q\nwant %q", got, wantLine)
	}
}

// RFC 1738 §6: a decoded CR LF must not reach a protocol line. The plan is refused on
// standard error with exit status 1; the other URLs are still planned.
func TestPlanRefusesCRLF(t *testing.T) {
	out, errs, code := runLocator(t, "", "plan", "ftp://host.dom/a%0D%0Ab", "ftp://host.dom/ok")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.HasPrefix(errs, "locator: ftp://host.dom/a%0D%0Ab:") || strings.Count(errs, "\n") != 1 {
		t.Errorf("stderr %q, want one line starting locator: ftp://host.dom/a%%0D%%0Ab:", errs)
	}
	if !strings.HasPrefix(out, "ftp://host.dom/ok\n") || strings.Contains(out, "%0D") {
		t.Errorf("stdout %q, want only the plan of ftp://host.dom/ok", out)
	}
}

// RFC 1738 §3.1: "ftp://@host.com/" has an empty user, "ftp://host.com/" none; the host is
// absent without an authority.
func TestParseJSONAbsentEmpty(t *testing.T) {
	out, errs, code := runLocator(t, "", "parse", "--json", "ftp://@host.com/", "ftp://host.com/", "ftp://foo:@host.com/", "news:comp.infosystems.www")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("got %d lines, want 4:\n%s", len(lines), out)
	}
	want := []map[string]any{
		{"input": "ftp://@host.com/", "valid": true, "scheme": "ftp", "user": "", "password": nil, "host": "host.com", "port": nil, "path": "/", "query": nil, "fragment": nil},
		{"input": "ftp://host.com/", "valid": true, "scheme": "ftp", "user": nil, "password": nil, "host": "host.com", "port": nil, "path": "/", "query": nil, "fragment": nil},
		{"input": "ftp://foo:@host.com/", "valid": true, "scheme": "ftp", "user": "foo", "password": "", "host": "host.com", "port": nil, "path": "/", "query": nil, "fragment": nil},
		{"input": "news:comp.infosystems.www", "valid": true, "scheme": "news", "user": nil, "password": nil, "host": nil, "port": nil, "path": "comp.infosystems.www", "query": nil, "fragment": nil},
	}
	for i, line := range lines {
		var got map[string]any
		if err := json.Unmarshal([]byte(line), &got); err != nil {
			t.Fatalf("line %d: %v: %s", i, err, line)
		}
		for k, v := range want[i] {
			if gv, ok := got[k]; !ok || !reflect.DeepEqual(gv, v) {
				t.Errorf("%s: %s = %#v (present %v), want %#v", want[i]["input"], k, gv, ok, v)
			}
		}
		for _, k := range []string{"spec", "parts", "errors", "warnings"} {
			if _, ok := got[k]; !ok {
				t.Errorf("%s: no %q", want[i]["input"], k)
			}
		}
	}
	// The typed ftp view tells the empty user from the absent one too.
	var p0, p1 struct {
		Parts struct {
			User *string `json:"user"`
		} `json:"parts"`
	}
	json.Unmarshal([]byte(lines[0]), &p0)
	json.Unmarshal([]byte(lines[1]), &p1)
	if p0.Parts.User == nil || *p0.Parts.User != "" || p1.Parts.User != nil {
		t.Errorf("parts.user: %v and %v, want \"\" and null", p0.Parts.User, p1.Parts.User)
	}
}

func TestParseJSONExact(t *testing.T) {
	out, _, code := runLocator(t, "", "parse", "--json", "ftp://myname@host.dom/%2Fetc/motd")
	want := `{"input":"ftp://myname@host.dom/%2Fetc/motd","spec":"rfc1738","valid":true,"scheme":"ftp","user":"myname","password":null,"host":"host.dom","port":null,"path":"/%2Fetc/motd","query":null,"fragment":null,"parts":{"user":"myname","password":null,"host":"host.dom","cwd":["/etc"],"name":"motd","typecode":""},"errors":[],"warnings":[]}` + "\n"
	if code != 0 || out != want {
		t.Errorf("exit %d\n got %s\nwant %s", code, out, want)
	}
}

func TestParseJSONFailure(t *testing.T) {
	out, _, code := runLocator(t, "", "parse", "--json", "ftp://host.dom:x/")
	want := `{"input":"ftp://host.dom:x/","spec":"rfc1738","valid":false,"scheme":null,"user":null,"password":null,"host":null,"port":null,"path":null,"query":null,"fragment":null,"parts":null,"errors":[{"offset":15,"code":"bad-port","rule":"RFC 1738 §3.1 port","message":"port is not decimal digits"}],"warnings":[]}` + "\n"
	if code != 1 || out != want {
		t.Errorf("exit %d\n got %s\nwant %s", code, out, want)
	}
}

func TestParseHuman(t *testing.T) {
	out, errs, code := runLocator(t, "", "parse", "ftp://myname@host.dom/%2Fetc/motd", "ftp://@host.com/")
	want := `ftp://myname@host.dom/%2Fetc/motd
  valid      true
  scheme     ftp
  user       myname
  password   (absent)
  host       host.dom
  port       (absent)
  path       /%2Fetc/motd
  query      (absent)
  fragment   (absent)
  view       ftp
    user       "myname"
    password   null
    host       "host.dom"
    cwd        ["/etc"]
    name       "motd"
    typecode   ""

ftp://@host.com/
  valid      true
  scheme     ftp
  user       ""
  password   (absent)
  host       host.com
  port       (absent)
  path       /
  query      (absent)
  fragment   (absent)
  view       ftp
    user       ""
    password   null
    host       "host.com"
    cwd        null
    name       ""
    typecode   ""
`
	if code != 0 || errs != "" || out != want {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errs, out, want)
	}
}

func TestCheckDiagnostics(t *testing.T) {
	out, errs, code := runLocator(t, "", "check", "ftp://host.dom/a%zz", "ftp://myname@host.dom/%2Fetc/motd")
	want := `ftp://host.dom/a%zz:16: error: "%" not followed by two hex digits [bad-escape, RFC 1738 §2.2 escape]
  ftp://host.dom/a%zz
                  ^
`
	if code != 1 || errs != "" || out != want {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errs, out, want)
	}
	out, _, code = runLocator(t, "", "check", "-v", "ftp://myname@host.dom/%2Fetc/motd")
	if code != 0 || out != "ftp://myname@host.dom/%2Fetc/motd: ok\n" {
		t.Errorf("check -v: exit %d, stdout %q", code, out)
	}
	out, _, code = runLocator(t, "", "check", "ftp://myname@host.dom/%2Fetc/motd")
	if code != 0 || out != "" {
		t.Errorf("check: exit %d, stdout %q, want silence", code, out)
	}
}

func TestExitCodes(t *testing.T) {
	tests := []struct {
		args []string
		code int
	}{
		{[]string{"parse", "ftp://host.dom/pub"}, 0},
		{[]string{"parse", "ftp://host.dom:x/"}, 1},
		{[]string{"parse", "--json", "ftp://host.dom/a%zz"}, 1},
		{[]string{"check", "ftp://host.dom/pub", "gopher://spinaltap.micro.umn.edu/00/Weather"}, 0},
		{[]string{"check", "ftp://host.dom/pub", "ftp://host.dom/%"}, 1},
		{[]string{"check", "--spec", "rfc3986", "ftp://host.dom/pub"}, 0},
		{[]string{"plan", "ftp://host.dom/pub"}, 0},
		{[]string{"plan", "ftp://host.dom:x/"}, 1},
		{[]string{"schemes"}, 0},
		{[]string{"version"}, 0},
		{[]string{"--help"}, 0},
		{[]string{"check", "--help"}, 0},
		{[]string{"help", "plan"}, 0},
		{[]string{"help"}, 0},
		{[]string{"help", "frobnicate"}, 2},
		{[]string{"help", "plan", "extra"}, 2},
		{nil, 2},
		{[]string{"frobnicate"}, 2},
		{[]string{"parse"}, 2},
		{[]string{"check", "--bogus", "ftp://h/"}, 2},
		{[]string{"check", "--spec", "rfc9999", "ftp://h/"}, 2},
		{[]string{"check", "--spec", "whatwg", "ftp://h/"}, 2},
		{[]string{"parse", "ftp://h/", "-"}, 2},
		{[]string{"schemes", "extra"}, 2},
	}
	for _, tt := range tests {
		out, errs, code := runLocator(t, "", tt.args...)
		if code != tt.code {
			t.Errorf("locator %q: exit %d, want %d\nstdout: %s\nstderr: %s", tt.args, code, tt.code, out, errs)
		}
		if code == 2 {
			if !strings.HasPrefix(errs, "locator: ") {
				t.Errorf("locator %q: stderr %q, want the prefix \"locator: \"", tt.args, errs)
			}
		}
	}
	_, errs, _ := runLocator(t, "", "check", "--spec", "whatwg", "ftp://h/")
	if !strings.Contains(errs, "check follows rfc1738, rfc3986 or an older document") {
		t.Errorf("--spec whatwg: stderr %q", errs)
	}
}

func TestHelpHasExamples(t *testing.T) {
	for _, c := range []string{"parse", "check", "plan", "schemes", "version"} {
		out, _, code := runLocator(t, "", c, "--help")
		if code != 0 || !strings.Contains(out, "Examples:\n  $ locator "+c) {
			t.Errorf("%s --help: exit %d, no examples:\n%s", c, code, out)
		}
	}
	out, _, _ := runLocator(t, "", "--help")
	for _, s := range []string{"Exit status:", "Examples:", "locator parse", "--spec"} {
		if !strings.Contains(out, s) {
			t.Errorf("locator --help lacks %q", s)
		}
	}
}

// The "-" mode: one result line per input line, in order; "\r\n" ends a line like "\n";
// an empty line is an (invalid) URL; the last line may lack "\n".
func TestStdinParse(t *testing.T) {
	in := "ftp://@host.com/\r\nftp://host.com/\n\nftp://host.dom:x/\nnews:comp.infosystems.www"
	out, errs, code := runLocator(t, in, "parse", "-")
	want := `"ftp://@host.com/"	valid	"ftp"	""	-	"host.com"	-	"/"	-	-
"ftp://host.com/"	valid	"ftp"	-	-	"host.com"	-	"/"	-	-
""	invalid	-	-	-	-	-	""	-	-
"ftp://host.dom:x/"	invalid	-	-	-	-	-	-	-	-
"news:comp.infosystems.www"	valid	"news"	-	-	-	-	"comp.infosystems.www"	-	-
`
	if code != 1 || errs != "" || out != want {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errs, out, want)
	}

	out, _, _ = runLocator(t, in, "parse", "--json", "-")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	inputs := []string{"ftp://@host.com/", "ftp://host.com/", "", "ftp://host.dom:x/", "news:comp.infosystems.www"}
	if len(lines) != len(inputs) {
		t.Fatalf("parse --json -: %d lines, want %d:\n%s", len(lines), len(inputs), out)
	}
	for i, line := range lines {
		var r struct{ Input string }
		if err := json.Unmarshal([]byte(line), &r); err != nil || r.Input != inputs[i] {
			t.Errorf("line %d: %q (%v), want input %q", i, line, err, inputs[i])
		}
	}
}

func TestStdinCheck(t *testing.T) {
	in := "ftp://host.dom/pub\nftp://host.dom/a%zz\n\xef\xbb\xbfftp://host.dom/\n"
	out, errs, code := runLocator(t, in, "check", "-")
	lines := strings.Split(out, "\n")
	if code != 1 || errs != "" || len(lines) != 4 || lines[3] != "" {
		t.Fatalf("exit %d, stderr %q, stdout:\n%s", code, errs, out)
	}
	if lines[0] != "ok ftp://host.dom/pub" {
		t.Errorf("line 0: %q", lines[0])
	}
	if want := `ftp://host.dom/a%zz:16: error: "%" not followed by two hex digits [bad-escape, RFC 1738 §2.2 escape]`; lines[1] != want {
		t.Errorf("line 1: %q\nwant %q", lines[1], want)
	}
	// A byte-order mark is data: the line is not a URL, and the mark is shown escaped.
	if !strings.HasPrefix(lines[2], `\ufeffftp://host.dom/:0: error: `) {
		t.Errorf("line 2: %q", lines[2])
	}
}

func TestStdinPlan(t *testing.T) {
	in := "ftp://myname@host.dom//etc/motd\nftp://host.dom/a%0D%0A\n"
	out, _, code := runLocator(t, in, "plan", "-")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(lines) != 2 {
		t.Fatalf("exit %d, stdout:\n%s", code, out)
	}
	if want := `"ftp://myname@host.dom//etc/motd"	ok	host.dom:21	-	"USER myname"	"CWD "	"CWD etc"	"TYPE I"	"SIZE motd"	"EPSV"	"PASV"	"RETR motd"	"QUIT"`; lines[0] != want {
		t.Errorf("line 0:\n got %q\nwant %q", lines[0], want)
	}
	if !strings.HasPrefix(lines[1], `"ftp://host.dom/a%0D%0A"	error	`) {
		t.Errorf("line 1: %q", lines[1])
	}
	out, _, _ = runLocator(t, in, "plan", "--json", "-")
	lines = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], `{"input":"ftp://myname@host.dom//etc/motd","valid":true,"scheme":"ftp","host":"host.dom","port":21,"steps":[`) ||
		!strings.HasPrefix(lines[1], `{"input":"ftp://host.dom/a%0D%0A","valid":false,"error":{"offset":`) {
		t.Errorf("plan --json -:\n%s", out)
	}
}

// Lines longer than any buffer are read whole.
func TestStdinLongLine(t *testing.T) {
	long := "ftp://host.dom/" + strings.Repeat("a", 3<<20)
	out, _, code := runLocator(t, "ftp://host.dom/x\n"+long+"\nftp://host.dom/y", "check", "-")
	want := "ok ftp://host.dom/x\nok " + long + "\nok ftp://host.dom/y\n"
	if code != 0 || out != want {
		t.Errorf("exit %d, %d bytes of output, want %d", code, len(out), len(want))
	}
}

func TestLineReader(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"\n", []string{""}},
		{"a", []string{"a"}},
		{"a\r", []string{"a"}},
		{"a\r\r\nb\n", []string{"a\r", "b"}},
		{" a \t\n\n b", []string{" a \t", "", " b"}},
		{"\ufeffa\nb\n", []string{"\ufeffa", "b"}},
	}
	for _, tt := range tests {
		var got []string
		lr := newLineReader(strings.NewReader(tt.in))
		for {
			l, ok := lr.next()
			if !ok {
				break
			}
			got = append(got, string(l))
		}
		if err := lr.Err(); err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("lines of %q = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestDisplay(t *testing.T) {
	tests := []struct {
		s    string
		off  int
		line string
		col  int
	}{
		{"ftp://h/a%zz", 9, "ftp://h/a%zz", 9},
		{"ftp://h/a", 99, "ftp://h/a", 9},
		{"ftp://h/\ta", 9, `ftp://h/\ta`, 10},
		{"ftp://h/é%", 10, "ftp://h/é%", 9},
		{"ftp://h/é%", 9, "ftp://h/é%", 8}, // inside é: under é
		{"ftp://h/日本%", 14, "ftp://h/日本%", 12},
		{"\ufeffftp:", 3, `\ufeffftp:`, 6},
		{"a\u202eb", 4, `a\u202eb`, 7},
		{"a\xffb", 2, `a\xffb`, 5},
		{"a\x01b", 1, `a\x01b`, 1},
	}
	for _, tt := range tests {
		line, col := display.Window(tt.s, tt.off, windowWidth)
		if line != tt.line || col != tt.col {
			t.Errorf("display.Window(%q, %d) = %q, %d; want %q, %d", tt.s, tt.off, line, col, tt.line, tt.col)
		}
	}
}

func TestSchemes(t *testing.T) {
	out, _, code := runLocator(t, "", "schemes")
	if code != 0 || !strings.HasPrefix(out, "NAME ") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for _, want := range []string{"\nftp ", "RFC 1738 §3.2\n", "\nnfs ", "reserved-name",
		// DOCS: rfc1738, url-draft-1994, url-draft-1993, rfc1630 (see TestSchemeDocuments).
		"  RD-D  1994 URL draft, midaddress\n", "  -LLL  1994 URL draft, Telnet, rlogin, tn3270\n",
		"  RLLL  RFC 1738 §4\n", "  --SS  URI draft, Schemes for Further Study\n", "  ----  RFC 2818 §2.4\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("schemes lacks %q:\n%s", want, out)
		}
	}
	out, _, _ = runLocator(t, "", "schemes", "--json")
	for _, want := range []string{
		`{"name":"ftp","default_port":21,"status":"defined","hierarchical":true,"view":true,"check":true,"plan":true,"source":"RFC 1738 §3.2","documents":[{"spec":"rfc1738","status":"defined","where":"RFC 1738 §3.2"},`,
		`{"name":"https","default_port":443,"status":"defined","hierarchical":true,"view":true,"check":true,"plan":true,"source":"RFC 2818 §2.4","documents":[]}`,
		`{"name":"rlogin","default_port":0,"status":"listed","hierarchical":true,"view":true,"check":true,"plan":true,"source":"1994 URL draft, Telnet, rlogin, tn3270","documents":[{"spec":"url-draft-1994","status":"listed",`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("schemes --json lacks %s:\n%s", want, out)
		}
	}
}

// TestBinary builds the command and runs it, to check main's wiring and exit status.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	exe := filepath.Join(t.TempDir(), "locator")
	build := exec.Command("go", "build", "-o", exe, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(exe, "check", "ftp://host.dom/a%zz")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Errorf("check of an invalid URL: %v, want exit status 1", err)
	}
	if !strings.HasPrefix(stdout.String(), "ftp://host.dom/a%zz:16: error: ") {
		t.Errorf("stdout %q", stdout.String())
	}
	cmd = exec.Command(exe, "parse", "--json", "-")
	cmd.Stdin = strings.NewReader("ftp://@host.com/\n")
	out, err := cmd.Output()
	if err != nil || !strings.Contains(string(out), `"user":""`) {
		t.Errorf("parse --json -: %v\n%s", err, out)
	}
	cmd = exec.Command(exe, "nosuchcommand")
	cmd.Stderr = &stderr
	stderr.Reset()
	err = cmd.Run()
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.HasPrefix(stderr.String(), "locator: ") {
		t.Errorf("unknown command: %v, stderr %q, want exit status 2", err, stderr.String())
	}
}

// RFC 1738 §6: a password in the URL and a port other than the default are warnings, which
// check shows but which leave the URL valid.
func TestSecurityWarnings(t *testing.T) {
	out, _, code := runLocator(t, "", "check", "ftp://myname:secret@host.dom:2121/%2Fetc/motd")
	if code != 0 {
		t.Errorf("check: exit %d, want 0 (warnings only)", code)
	}
	for _, want := range []string{
		"ftp://myname:secret@host.dom:2121/%2Fetc/motd:13: warning: ",
		"[password-in-url, ",
		"ftp://myname:secret@host.dom:2121/%2Fetc/motd:29: warning: ",
		"[port-not-default, ",
		"\n  ftp://myname:secret@host.dom:2121/%2Fetc/motd\n               ^\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("check output lacks %q:\n%s", want, out)
		}
	}
	out, _, _ = runLocator(t, "", "parse", "--json", "ftp://myname:secret@host.dom/")
	var r struct {
		Valid    bool
		Warnings []records.Diag
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if !r.Valid || len(r.Warnings) != 1 || r.Warnings[0].Code != "password-in-url" || r.Warnings[0].Offset != 13 {
		t.Errorf("parse --json: valid %v, warnings %+v; want one password-in-url at 13", r.Valid, r.Warnings)
	}
}
