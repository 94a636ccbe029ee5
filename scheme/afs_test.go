package scheme_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func TestAFSRows(t *testing.T) {
	for _, r := range []struct {
		rule string
		in   string
		want scheme.AFS
		out  string
		path string // the plan's local path
	}{
		{"1994 URL draft afsaddress", "afs://cern.ch/user/t/tbl",
			scheme.AFS{Cell: "cern.ch", Path: "user/t/tbl"}, "afs://cern.ch/user/t/tbl", "/afs/cern.ch/user/t/tbl"},
		{"1994 URL draft: path may be void", "afs://andrew.cmu.edu/",
			scheme.AFS{Cell: "andrew.cmu.edu"}, "afs://andrew.cmu.edu/", "/afs/andrew.cmu.edu/"},
		{"decoded path", "afs://cern.ch/a%20b/%7Ec",
			scheme.AFS{Cell: "cern.ch", Path: "a b/~c"}, "afs://cern.ch/a%20b/%7Ec", "/afs/cern.ch/a b/~c"},
	} {
		u := locator.MustParse(r.in)
		v, err := scheme.ParseAFS(u)
		if err != nil || !reflect.DeepEqual(v, r.want) {
			t.Errorf("%s: ParseAFS(%q) = %+v, %v", r.rule, r.in, v, err)
			continue
		}
		u2, err := v.URL()
		if err != nil || u2.String() != r.out {
			t.Errorf("%s: URL() = %q, %v; want %q", r.rule, u2, err, r.out)
		}
		if v2, _ := scheme.ParseAFS(u2); !reflect.DeepEqual(v, v2) {
			t.Errorf("%s: %+v ≠ %+v", r.rule, v, v2)
		}
		p, err := scheme.PlanFor(u)
		if err != nil || p.Path != r.path || p.Host != "" || len(p.Steps) != 1 || len(p.Wire()) != 0 {
			t.Errorf("%s: plan %+v, %v", r.rule, p, err)
		}
	}
	for _, r := range []struct {
		in   string
		code locator.Code
		off  int
	}{
		{"afs://u@cern.ch/x", scheme.CodeUserinfo, 6},
		{"afs://cern.ch:7000/x", scheme.CodePortNotAllowed, 13},
		{"afs:/x", scheme.CodeNoAuthority, 4},
		{"afs://cern.ch?x", scheme.CodeMissingSlash, 13},
	} {
		_, err := scheme.ParseAFS(locator.MustParse(r.in))
		if c, off := errCode(err); c != r.code || off != r.off {
			t.Errorf("ParseAFS(%q) = %v; want %s at %d", r.in, err, r.code, r.off)
		}
	}
	if _, err := scheme.PlanFor(locator.MustParse("afs:///x")); err == nil {
		t.Error("afs:///x: a plan without a cell")
	}
	if _, err := scheme.PlanFor(locator.MustParse("afs://cern.ch/x%00")); err == nil {
		t.Error("afs: a plan with NUL in the path")
	}
}

func TestAFSCheck(t *testing.T) {
	for _, r := range []struct {
		rule string
		in   string
		want []string
	}{
		{"1994 URL draft afsaddress", "afs://cern.ch/user/t/tbl", []string{"afs-historical@0"}},
		{"1994 URL draft safe allows @ and &", "afs://cern.ch/a@b&c", []string{"afs-historical@0"}},
		{"1994 URL draft path: no \";\"", "afs://cern.ch/a;b", []string{"afs-historical@0", "reserved-unencoded@15"}},
		{"cellname = hostname (ialpha: a letter first)", "afs://-x.ch/a", []string{"afs-historical@0", "host-bad-char@6"}},
		{"cellname = hostname (the draft's: \"_\" is xalpha)", "afs://a_b.ch/a", []string{"afs-historical@0"}},
		{"no port", "afs://cern.ch:1/a", []string{"afs-historical@0", "port-not-allowed@13"}},
		{"\"/\" path", "afs://cern.ch", []string{"afs-historical@0", "missing-slash@13"}},
	} {
		got := codesAt(scheme.Check(locator.MustParse(r.in), locator.URLDraft1994))
		// RFC 1738 alone: §4 reserves the name; the URL is checked as otherurl, whose login
		// allows a port and whose characters are xchar.
		if strict := codesAt(scheme.Check(locator.MustParse(r.in), locator.RFC1738)); len(strict) == 0 || strict[0] != "reserved-scheme@0" || slices.ContainsFunc(strict, func(c string) bool {
			return strings.HasPrefix(c, "afs-") || strings.HasPrefix(c, "port-not-allowed") || strings.HasPrefix(c, "missing-slash")
		}) {
			t.Errorf("%s: Check(%q, rfc1738) = %q; want reserved-scheme@0 and otherurl's findings only", r.rule, r.in, strict)
		}
		// The scheme-independent findings aside, every finding is the scheme's.
		if !slices.Equal(got, r.want) {
			t.Errorf("%s: Check(%q) = %q; want %q", r.rule, r.in, got, r.want)
		}
	}
}
