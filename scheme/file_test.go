package scheme_test

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

var fileRows = []struct {
	rule string
	in   string
	want scheme.File
	out  string // the view's URL
}{
	{"RFC 1738 §3.10 example (VMS)", "file://vms.host.edu/disk$user/my/notes/note12345.txt",
		scheme.File{Host: "vms.host.edu", Path: "/disk$user/my/notes/note12345.txt"},
		"file://vms.host.edu/disk$user/my/notes/note12345.txt"},
	{"RFC 1738 §3.10: an empty host is this machine", "file:///etc/motd",
		scheme.File{Path: "/etc/motd", IsLocal: true}, "file:///etc/motd"},
	{"RFC 1738 §3.10: \"localhost\" is this machine", "file://LocalHost/tmp/a%20b",
		scheme.File{Host: "LocalHost", Path: "/tmp/a b", IsLocal: true}, "file://LocalHost/tmp/a%20b"},
	{"RFC 8089 §2: file:/path, no authority", "file:/etc/motd",
		scheme.File{Path: "/etc/motd", IsLocal: true}, "file:///etc/motd"},
	{"RFC 1738 §5 fsegment allows \"?\"", "file:///a?b#c",
		scheme.File{Path: "/a?b", IsLocal: true}, "file:///a%3Fb"},
	{"the view decodes %2F to a \"/\" (its plan refuses it: TestFilePlanEncodedSeparator)", "file:///a%2Fb",
		scheme.File{Path: "/a/b", IsLocal: true}, "file:///a/b"},
	{"no path", "file://h.example",
		scheme.File{Host: "h.example"}, "file://h.example"},
}

func TestFileRows(t *testing.T) {
	for _, r := range fileRows {
		u := locator.MustParse(r.in)
		v, err := scheme.ParseFile(u)
		if err != nil {
			t.Errorf("%s: ParseFile(%q): %v", r.rule, r.in, err)
			continue
		}
		if !reflect.DeepEqual(v, r.want) {
			t.Errorf("%s: ParseFile(%q) = %+v, want %+v", r.rule, r.in, v, r.want)
		}
		u2, err := v.URL()
		if err != nil || u2.String() != r.out {
			t.Errorf("%s: URL() = %q, %v; want %q", r.rule, u2, err, r.out)
			continue
		}
		if v2, err := scheme.ParseFile(u2); err != nil || !reflect.DeepEqual(v, v2) {
			t.Errorf("%s: %q → %q → %+v, %v", r.rule, r.in, u2, v2, err)
		}
	}
}

func TestFilePlan(t *testing.T) {
	p, err := scheme.PlanFor(locator.MustParse("file:///etc/a%20b"))
	want := scheme.Plan{Scheme: "file", Path: "/etc/a b", Steps: []scheme.Step{
		{Note: "open the local file \"/etc/a b\" (RFC 1738 §3.10: no protocol, this machine)"}}}
	if err != nil || !reflect.DeepEqual(p, want) {
		t.Errorf("plan = %+v, %v; want %+v", p, err, want)
	}
	if len(p.Wire()) != 0 {
		t.Errorf("a file plan sends %q", p.Wire())
	}
	p, err = scheme.PlanFor(locator.MustParse("file://vms.host.edu/disk$user/x"))
	if err != nil || p.Host != "vms.host.edu" || p.Path != "/disk$user/x" || p.Port != 0 || len(p.Steps) != 1 {
		t.Errorf("remote plan = %+v, %v", p, err)
	}
	// RFC 1738 §6: NUL would cut the path short.
	_, err = scheme.PlanFor(locator.MustParse("file:///etc/passwd%00.txt"))
	if c, off := errCode(err); c != scheme.CodeLineBreak || off != 18 {
		t.Errorf("NUL: %v", err)
	}
}

// TestFilePlanEncodedSeparator: an escape of "/" in a file URL's path is data in a name, which
// no local name can hold (RFC 8089 §5), and decoded it names another file: the plan refused
// nothing and showed path "/tmp/a/../b" for "file:///tmp/a%2F..%2Fb", and get read
// /tmp/p/d/../d/a b.txt for "file:///tmp/p/d%2F..%2Fd%2Fa%20b.txt". The plan refuses it as
// PathFromFileURL does, with the same code, rule and offset.
func TestFilePlanEncodedSeparator(t *testing.T) {
	for _, c := range []struct {
		in  string
		off int
	}{
		{"file:///tmp/a%2F..%2Fb", 13},
		{"file:///tmp/p/d%2F..%2Fd%2Fa%20b.txt", 15},
		{"file:/tmp/a%2fb", 11},
		{"file://localhost/%2Fetc/passwd", 17},
		{"file://h.example/a%2Fb", 18},
	} {
		u := locator.MustParse(c.in)
		p, err := scheme.PlanFor(u)
		var e *locator.Error
		if !errors.As(err, &e) || e.Code != scheme.CodeBadPathChar || e.Rule != "RFC 8089 §5" || e.Input != c.in || e.Offset != c.off {
			t.Errorf("PlanFor(%q) = %+v, %v; want %s at %d", c.in, p, err, scheme.CodeBadPathChar, c.off)
		}
		if _, wp, werr := scheme.AppendWire(nil, u); !errors.As(werr, &e) || e.Code != scheme.CodeBadPathChar {
			t.Errorf("AppendWire(%q) (plan -) = %+v, %v", c.in, wp, werr)
		}
		_, perr := scheme.PathFromFileURL(u, scheme.POSIX)
		if pe := new(locator.Error); !errors.As(perr, &pe) || pe.Code != scheme.CodeBadPathChar || pe.Rule != "RFC 8089 §5" || pe.Offset != c.off {
			t.Errorf("PathFromFileURL(%q) = %v; PlanFor: %v", c.in, perr, err)
		}
	}
	// An escape in the fragment is not in the path; "%2E" and "%25" are no separators.
	for _, in := range []string{"file:///tmp/a#%2F", "file:///tmp/%2E%2E/a%252Fb"} {
		if _, err := scheme.PlanFor(locator.MustParse(in)); err != nil {
			t.Errorf("PlanFor(%q): %v", in, err)
		}
	}
}

func TestFileErrors(t *testing.T) {
	for _, r := range []struct {
		rule string
		in   string
		code locator.Code
		off  int
	}{
		{"RFC 1738 §2.1", "ftp://h/", scheme.CodeWrongScheme, 0},
		{"RFC 1738 §5 fileurl: host only", "file://u@h/x", scheme.CodeUserinfo, 7},
		{"RFC 1738 §5 fileurl: no port", "file://h:80/x", scheme.CodePortNotAllowed, 8},
		{"RFC 1738 §5 fileurl: \"/\" fpath", "file://h?x", scheme.CodeMissingSlash, 8},
		{"RFC 8089 §2: path-absolute", "file:x/y", scheme.CodeMissingSlash, 5},
	} {
		_, err := scheme.ParseFile(locator.MustParse(r.in))
		if c, off := errCode(err); c != r.code || off != r.off {
			t.Errorf("%s: ParseFile(%q) = %v; want %s at %d", r.rule, r.in, err, r.code, r.off)
		}
	}
	for _, v := range []scheme.File{{Path: "relative"}, {Host: "h/x", Path: "/"}, {Host: "h:1", Path: "/"}} {
		if _, err := v.URL(); err == nil {
			t.Errorf("URL(%+v) succeeded", v)
		}
	}
}

func TestFileCheck(t *testing.T) {
	for _, r := range []struct {
		rule string
		in   string
		want []string
	}{
		{"RFC 1738 §5 fileurl", "file://vms.host.edu/disk$user/my/notes/note12345.txt", nil},
		{"RFC 1738 §5 fileurl: empty host", "file:///etc/motd", nil},
		{"RFC 1738 §5 fileurl: \"file://\"", "file:/etc/motd", []string{"no-authority@5"}},
		{"RFC 1738 §5 fileurl: \"/\" fpath required", "file://h.example", []string{"missing-slash@16"}},
		{"RFC 1738 §5 fileurl: no port", "file://h.example:1/x", []string{"port-not-allowed@16"}},
		{"RFC 1738 §5 fsegment: no \";\"", "file:///a;b", []string{"reserved-unencoded@9"}},
	} {
		var got []string
		for _, f := range scheme.Check(locator.MustParse(r.in), locator.RFC1738) {
			if f.Rule == "RFC 1738 §5 fileurl" || f.Rule == "RFC 1738 §5 fsegment" {
				got = append(got, string(f.Code)+"@"+itoaTest(f.Offset))
			}
		}
		if !slices.Equal(got, r.want) {
			t.Errorf("%s: Check(%q) = %q; want %q", r.rule, r.in, got, r.want)
		}
	}
}
