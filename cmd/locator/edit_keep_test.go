package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/whatwg"
)

// editKeepTable: edit keeps every byte it is not asked to change, reads input and --redirect
// as the spec does, and shows no secret of a redacting edit.
var editKeepTable = []struct {
	name    string
	args    []string
	stdin   string
	want    string // stdout
	errPart string // in stderr; "" for none
	code    int
}{
	// RFC 1738 §3.2.2: the typecode is ";type=" and a typecode at the end of the url-path, as
	// scheme.ParseFTP reads it; "a;type=a;x" is a name with no typecode, kept as written.
	{"typecode after a name with ;type=", []string{"edit", "--set", "typecode=d", "ftp://h/a;type=a;x"}, "", "ftp://h/a;type=a;x;type=d\n", "", 0},
	{"typecode after a name with ?", []string{"edit", "--set", "typecode=d", "ftp://h/a;type=a?q"}, "", "ftp://h/a;type=a?q;type=d\n", "", 0},
	{"typecode if absent, none read", []string{"edit", "--set", "typecode?=i", "ftp://h/a;type=a;x"}, "", "ftp://h/a;type=a;x;type=i\n", "", 0},
	{"typecode removed, none read", []string{"edit", "--set", "typecode=", "ftp://h/a;type=x"}, "", "ftp://h/a;type=x\n", "", 0},
	{"typecode draft kept by name", []string{"edit", "--set", "name=b", "ftp://h/a;type=L8"}, "", "ftp://h/b;type=L8\n", "", 0},

	// --redirect under whatwg: the URL Standard's parser, the URL as its base (as resolve
	// --spec whatwg); under rfc3986 the reference's errors cite RFC 3986.
	{"whatwg redirect bad escape", []string{"edit", "--spec", "whatwg", "--redirect", "a%zz", "http://h/d/e"}, "", "http://h/d/a%zz\n", "", 0},
	{"whatwg redirect base %", []string{"edit", "--spec", "whatwg", "--redirect", "x", "http://h/%"}, "", "http://h/x\n", "", 0},
	{"whatwg redirect base tab", []string{"edit", "--spec", "whatwg", "--redirect", "x", "http://h/a\tb/c"}, "", "http://h/ab/x\n", "", 0},
	{"whatwg redirect fails", []string{"edit", "--spec", "whatwg", "--redirect", "http://[", "http://h/"}, "", "", "IPv6-unclosed", 1},
	{"rfc3986 redirect cites RFC 3986", []string{"edit", "--spec", "rfc3986", "--redirect", "a%zz", "http://h/d/e"}, "", "", "RFC 3986 §2.1", 2},
	{"rfc1738 redirect cites RFC 1738", []string{"edit", "--redirect", "a%zz", "http://h/d/e"}, "", "", "RFC 1738 §2.2", 2},

	// A byte-order mark before a URL is reported (lineops.CheckBOM), on every path of edit.
	{"BOM stdin", []string{"edit", "--set", "path=/x", "-"}, "\ufeffhttp://h/\nhttp://h/\n",
		"error: the line starts with a byte-order mark (U+FEFF), which is not part of a URL [byte-order-mark, RFC 3986 §2; RFC 3629 §6]\nhttp://h/x\n", "", 1},
	{"BOM argument", []string{"edit", "--set", "path=/x", "\ufeffhttp://h/"}, "", "", "[byte-order-mark, ", 1},
	{"BOM rfc3986", []string{"edit", "--spec", "rfc3986", "--set", "path=/x", "-"}, "\ufeffhttp://h/\n",
		"error: the line starts with a byte-order mark (U+FEFF), which is not part of a URL [byte-order-mark, RFC 3986 §2; RFC 3629 §6]\n", "", 1},
	{"BOM whatwg", []string{"edit", "--spec", "whatwg", "--set", "path=/x", "\ufeffhttp://h/"}, "", "", "[byte-order-mark, ", 1},
	{"BOM redirect", []string{"edit", "--redirect", "x", "--format", "{error}", "-"}, "\ufeffhttp://h/\n",
		"the line starts with a byte-order mark (U+FEFF), which is not part of a URL [byte-order-mark, RFC 3986 §2; RFC 3629 §6]\n", "", 1},

	// WHATWG URL §6.1 host setter: a port it fails on after setting the host leaves the host
	// set (WPT setters_tests.json: "Hostname is still set, though.", "Port number is
	// unchanged if not specified"); with the host unchanged the value was ignored: a failure.
	{"whatwg hostport port out of range", []string{"edit", "--spec", "whatwg", "--set", "hostport=example.com:65536", "http://example.net/path"}, "", "http://example.com/path\n", "", 0},
	{"whatwg hostport no port", []string{"edit", "--spec", "whatwg", "--set", "hostport=example.com:", "http://example.net:8080"}, "", "http://example.com:8080/\n", "", 0},
	{"whatwg hostport ignored", []string{"edit", "--spec", "whatwg", "--set", "hostport=example.net:65536", "http://example.net/path"}, "", "", "port-out-of-range", 1},
	{"whatwg hostport raw", []string{"edit", "--spec", "whatwg", "--set", "hostport:=example.com:65536", "http://example.net/path"}, "", "", "edit-not-kept", 1},

	// Redaction: no secret in an error message.
	{"redact view field", []string{"edit", "--redact-query", "--set", "name=z", "ftp://h/a;type=a?token=s3cret"}, "", "ftp://h/z\n", "", 0},
	{"redact redirect", []string{"edit", "--spec", "rfc3986", "--redact", "--redirect", "a b", "http://u:s3cret@h/"}, "", "",
		`the result, "http://u:REDACTED@h/a b", is not valid by rfc3986 (the URL given was): character " " is not allowed`, 1},
	{"redact redirect query", []string{"edit", "--spec", "rfc3986", "--redact-query", "--redirect", "a b?token=s3cret", "http://h/"}, "", "",
		`the result, "http://h/a b?token=REDACTED", is not valid by rfc3986`, 1},
	// An empty password reveals nothing: it stays empty, under every spec.
	{"redact empty password", []string{"edit", "--redact", "ftp://u:@h/"}, "", "ftp://u:@h/\n", "", 0},
	{"redact empty password rfc3986", []string{"edit", "--spec", "rfc3986", "--redact", "ftp://u:@h/"}, "", "ftp://u:@h/\n", "", 0},

	// RFC 3986 §3.2.2 IP-literal = "[" ( IPv6address / IPvFuture ) "]".
	{"IPvFuture as written", []string{"edit", "--spec", "rfc3986", "--set", "host:=[v1.x]", "http://h/"}, "", "http://[v1.x]/\n", "", 0},
	{"IPvFuture encoded", []string{"edit", "--spec", "rfc3986", "--set", "host=[V1f.a:b!$]", "http://h/p"}, "", "http://[V1f.a:b!$]/p\n", "", 0},
	{"IPvFuture without brackets", []string{"edit", "--spec", "rfc3986", "--set", "host=v1.x", "http://h/"}, "", "http://v1.x/\n", "", 0},
	{"IPvFuture no hex", []string{"edit", "--spec", "rfc3986", "--set", "host:=[v.x]", "http://h/"}, "", "", "RFC 3986 §3.2.2 reg-name", 2},
	{"IPvFuture empty", []string{"edit", "--spec", "rfc3986", "--set", "host:=[v1.]", "http://h/"}, "", "", "RFC 3986 §3.2.2 reg-name", 2},
	{"IPvFuture bad byte", []string{"edit", "--spec", "rfc3986", "--set", "host:=[v1.a/b]", "http://h/"}, "", "", "RFC 3986 §3.2.2 reg-name", 2},
	// RFC 1738 §3.1 has no IP literal.
	{"IPvFuture rfc1738", []string{"edit", "--set", "host:=[v1.x]", "http://h/"}, "", "", "(RFC 1738 §3.1)", 2},
}

func TestEditKeep(t *testing.T) {
	for _, tc := range editKeepTable {
		out, errOut, code := runLocator(t, tc.stdin, tc.args...)
		if out != tc.want || code != tc.code || (tc.errPart == "") != (errOut == "") || !strings.Contains(errOut, tc.errPart) {
			t.Errorf("%s: locator %q: %q, stderr %q, exit %d; want %q, stderr with %q, exit %d",
				tc.name, tc.args, out, errOut, code, tc.want, tc.errPart, tc.code)
		}
		if strings.Contains(out+errOut, "s3cret") {
			t.Errorf("%s: locator %q: the secret shows: %q, %q", tc.name, tc.args, out, errOut)
		}
	}
}

// Setting a view field keeps the view's other fields (checkViewEdit) where a ";type=" is not
// the view's typecode.
func TestEditViewTypecodeInName(t *testing.T) {
	for _, s := range []string{"ftp://h/a;type=a;x", "ftp://h/a;type=a?q", "ftp://h/d/a;type=ax", "ftp://h/a;type=a;type=x", "ftp://h/;type=", "URL:ftp://h/a;type=i;x"} {
		for _, fv := range [][2]string{{"typecode", "d"}, {"typecode", "i"}, {"name", "n"}, {"name", "n;type=a"}} {
			checkViewEdit(t, s, fv[0], fv[1])
		}
	}
}

// edit --json: an error's offset counts bytes of the input line; an error about another
// string (the edited result, the URL --redirect resolved to) has offset 0.
func TestEditJSONOffsets(t *testing.T) {
	for _, tc := range []struct {
		args []string
		in   string
		code string
		off  int
	}{
		{[]string{"--set", "host=" + strings.Repeat("h", 35), "--set", "port=8080", "--set", "user=u"}, "http://h/", "userinfo-not-allowed", 0},
		{[]string{"--spec", "rfc3986", "--redirect", "a b"}, "http://h/", "char-not-allowed", 0},
		{[]string{"--redirect", "x", "--set", "user=u"}, "http://h/", "userinfo-not-allowed", 0},
		{[]string{"--set", "host=n"}, "http://h/%zz", "bad-escape", 9},
		{[]string{"--set", "typecode=d"}, "URL:http://h/", string(codeNoField), 4},
		{[]string{"--spec", "whatwg", "--set", "host=n"}, "http://[", "IPv6-unclosed", 7},
	} {
		args := append(append([]string{"edit", "--json"}, tc.args...), tc.in)
		out, _, code := runLocator(t, "", args...)
		var got struct {
			Errors []struct {
				Offset int
				Code   string
			}
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil || code != 1 || len(got.Errors) != 1 ||
			got.Errors[0].Code != tc.code || got.Errors[0].Offset != tc.off {
			t.Errorf("locator %q: %s, exit %d; want %s at %d", args, out, code, tc.code, tc.off)
		}
	}
}

// --redirect under whatwg gives what resolve --spec whatwg gives.
func TestEditRedirectWHATWG(t *testing.T) {
	bases := []string{"http://h/d/e", "http://h/%", "http://h/a\tb/c", "http://u:p@h:8/a/b?q#f", "file:///c:/x", "foo:opaque", "HTTP://H/A/../B"}
	refs := []string{"a%zz", "x", "../g?y#z", "//other/p", "\\x", "?q", "#f", " a b ", "http://[", "mailto:x"}
	for _, b := range bases {
		for _, r := range refs {
			want, _, wcode := runLocator(t, "", "resolve", "--spec", "whatwg", b, r)
			got, _, gcode := runLocator(t, "", "edit", "--spec", "whatwg", "--redirect", r, b)
			if got != want || gcode != wcode {
				t.Errorf("edit --spec whatwg --redirect %q %q: %q, exit %d; resolve gives %q, exit %d", r, b, got, gcode, want, wcode)
			}
		}
	}
}

// The hostport setter (the standard's host setter) under edit gives WPT's expected href
// whenever the setter changed the URL; it fails only where the setter left it as it was.
func TestEditHostSetterWPT(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "wpt", "setters_tests.json"))
	if err != nil {
		t.Fatal(err)
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Href     string            `json:"href"`
		NewValue string            `json:"new_value"`
		Expected map[string]string `json:"expected"`
	}
	if err := json.Unmarshal(all["host"], &cases); err != nil {
		t.Fatal(err)
	}
	changed := 0
	for _, c := range cases {
		e := &editor{spec: locator.WHATWG}
		if err := e.parseSet("hostport=" + c.NewValue); err != nil {
			t.Errorf("hostport=%q: %v", c.NewValue, err)
			continue
		}
		want := c.Expected["href"]
		u, err := whatwg.Parse(c.Href, nil)
		if err != nil {
			t.Fatalf("%q: %v", c.Href, err)
		}
		before := u.Href() // "http://example.net" is "http://example.net/"
		out, err := e.edit(c.Href)
		switch {
		case err != nil && want != before:
			t.Errorf("%q: --set hostport=%q: %v; want %q", c.Href, c.NewValue, err, want)
		case err != nil:
			var we *whatwg.Error
			var le *locator.Error
			if !errors.As(err, &we) && !errors.As(err, &le) {
				t.Errorf("%q: --set hostport=%q: %T %v", c.Href, c.NewValue, err, err)
			}
		case out != want:
			t.Errorf("%q: --set hostport=%q = %q; want %q", c.Href, c.NewValue, out, want)
		}
		if want != before {
			changed++
		}
	}
	if changed < 20 {
		t.Errorf("only %d of %d cases change the URL", changed, len(cases))
	}
}
