package scheme_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func TestWAISRows(t *testing.T) {
	h := scheme.Login{Host: "quake.think.com"}
	for _, r := range []struct {
		rule string
		in   string
		want scheme.WAIS
		last string // the plan's last note
	}{
		{"RFC 1738 §3.9 waisdatabase", "wais://quake.think.com/directory-of-servers",
			scheme.WAIS{Login: h, Database: "directory-of-servers"},
			"the database is available for searching (RFC 1738 §3.9)"},
		{"RFC 1738 §3.9 waisindex", "wais://quake.think.com/directory-of-servers?gopher%20www",
			scheme.WAIS{Login: h, Database: "directory-of-servers", Search: strp("gopher www")},
			"search query \"gopher www\" (a WAIS search request, RFC 1625)"},
		{"RFC 1738 §3.9: an empty search", "wais://quake.think.com/db?",
			scheme.WAIS{Login: h, Database: "db", Search: strp("")},
			"search query \"\" (a WAIS search request, RFC 1625)"},
		{"RFC 1738 §3.9 waisdoc", "wais://quake.think.com/db/TEXT/0-1234-%2Fx%20y",
			scheme.WAIS{Login: h, Database: "db", WType: strp("TEXT"), WPath: strp("0-1234-/x y")},
			"retrieve document type \"TEXT\" id \"0-1234-/x y\" (the type comes with the id from a search response, RFC 1738 §3.9)"},
		{"RFC 1738 §3.9: the opaque wpath keeps a raw \"/\"", "wais://quake.think.com/db/t/a/b",
			scheme.WAIS{Login: h, Database: "db", WType: strp("t"), WPath: strp("a/b")},
			"retrieve document type \"t\" id \"a/b\" (the type comes with the id from a search response, RFC 1738 §3.9)"},
		{"RFC 1738 §3.9: empty database", "wais://quake.think.com/",
			scheme.WAIS{Login: h}, "the database is available for searching (RFC 1738 §3.9)"},
	} {
		u := locator.MustParse(r.in)
		v, err := scheme.ParseWAIS(u)
		if err != nil || !reflect.DeepEqual(v, r.want) {
			t.Errorf("%s: ParseWAIS(%q) = %+v, %v; want %+v", r.rule, r.in, v, err, r.want)
			continue
		}
		p, err := scheme.PlanFor(u)
		if err != nil || p.Port != 210 || p.Host != h.Host || len(p.Wire()) != 0 {
			t.Errorf("%s: plan %+v, %v", r.rule, p, err)
			continue
		}
		want := []scheme.Step{
			{Note: "connect to quake.think.com:210 (WAIS, Z39.50-1988, RFC 1625; RFC 1738 §3.9: port 210 unless the URL gives one)"},
			{Note: "database \"" + r.want.Database + "\""},
			{Note: r.last},
		}
		if !reflect.DeepEqual(p.Steps, want) {
			t.Errorf("%s: steps %+v", r.rule, p.Steps)
		}
		u2, err := v.URL()
		if err != nil {
			t.Errorf("%s: URL: %v", r.rule, err)
			continue
		}
		if v2, err := scheme.ParseWAIS(u2); err != nil || !reflect.DeepEqual(v, v2) {
			t.Errorf("%s: %q → %q → %+v, %v", r.rule, r.in, u2, v2, err)
		}
	}
	// view → URL: RFC 1738 §5 database, wtype and wpath are *uchar.
	v := scheme.WAIS{Login: h, Database: "a/b?", WType: strp("t;"), WPath: strp("x/y")}
	if u, err := v.URL(); err != nil || u.String() != "wais://quake.think.com/a%2Fb%3F/t%3B/x%2Fy" {
		t.Errorf("URL = %q, %v", u, err)
	}
}

func TestWAISErrors(t *testing.T) {
	for _, r := range []struct {
		rule string
		in   string
		code locator.Code
		off  int
	}{
		{"RFC 1738 §3.9: wtype without wpath", "wais://h.example/db/TEXT", scheme.CodeWAISForm, 19},
		{"RFC 1738 §3.9: search of a document", "wais://h.example/db/t/p?q", scheme.CodeWAISForm, 23},
		{"RFC 1738 §3.1", "wais://h.example?q", scheme.CodeMissingSlash, 16},
		{"RFC 1738 §2.1", "http://h.example/", scheme.CodeWrongScheme, 0},
	} {
		_, err := scheme.ParseWAIS(locator.MustParse(r.in))
		if c, off := errCode(err); c != r.code || off != r.off {
			t.Errorf("%s: ParseWAIS(%q) = %v; want %s at %d", r.rule, r.in, err, r.code, r.off)
		}
	}
	for _, v := range []scheme.WAIS{
		{Login: scheme.Login{Host: "h"}, WType: strp("t")},
		{Login: scheme.Login{Host: "h"}, WPath: strp("p")},
		{Login: scheme.Login{Host: "h"}, Search: strp("q"), WType: strp("t"), WPath: strp("p")},
	} {
		if _, err := v.URL(); err == nil {
			t.Errorf("URL(%+v) succeeded", v)
		}
	}
}

func TestWAISCheck(t *testing.T) {
	for _, r := range []struct {
		rule string
		in   string
		want []string
	}{
		{"RFC 1738 §5 waisdatabase", "wais://h.example/db", nil},
		{"RFC 1738 §5 waisindex", "wais://h.example/db?a;b:c", nil},
		{"RFC 1738 §5 waisdoc", "wais://h.example/db/t/p", nil},
		{"RFC 1738 §5 wpath = *uchar", "wais://h.example/db/t/a/b", []string{"reserved-unencoded@23"}},
		{"RFC 1738 §5 waisdoc: no wpath", "wais://h.example/db/t", []string{"wais-form@19"}},
		{"RFC 1738 §5 waisurl: hostport", "wais://u@h.example/db", []string{"userinfo-not-allowed@7"}},
		{"RFC 1738 §5 waisurl: \"/\" database", "wais://h.example", []string{"missing-slash@16"}},
	} {
		var got []string
		for _, f := range scheme.Check(locator.MustParse(r.in), locator.RFC1738) {
			switch f.Rule {
			case "RFC 1738 §5 waisurl", "RFC 1738 §5 waisdoc", "RFC 1738 §5 database", "RFC 1738 §5 wtype", "RFC 1738 §5 wpath", "RFC 1738 §5 search":
				got = append(got, string(f.Code)+"@"+itoaTest(f.Offset))
			}
		}
		if !slices.Equal(got, r.want) {
			t.Errorf("%s: Check(%q) = %q; want %q", r.rule, r.in, got, r.want)
		}
	}
}
