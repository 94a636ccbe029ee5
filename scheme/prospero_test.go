package scheme_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func TestProsperoRows(t *testing.T) {
	h := scheme.Login{Host: "host.dom"}
	for _, r := range []struct {
		rule string
		in   string
		want scheme.Prospero
		out  string
	}{
		{"RFC 1738 §3.11: an hsoname that starts with \"/\"", "prospero://host.dom//pros/name",
			scheme.Prospero{Login: h, HSOName: "/pros/name"}, "prospero://host.dom//pros/name"},
		{"RFC 1738 §3.11: fields", "prospero://host.dom//pros/name;OBJECT-VERSION=3;a%3Db=c%3Bd",
			scheme.Prospero{Login: h, HSOName: "/pros/name", Fields: []scheme.ProsperoField{{"OBJECT-VERSION", "3"}, {"a=b", "c;d"}}},
			"prospero://host.dom//pros/name;OBJECT-VERSION=3;a%3Db=c%3Bd"},
		{"RFC 1738 §3.11: an empty field value", "prospero://host.dom/x;F=",
			scheme.Prospero{Login: h, HSOName: "x", Fields: []scheme.ProsperoField{{"F", ""}}}, "prospero://host.dom/x;F="},
		{"1994 URL draft: hsoname %00 version", "prospero://host.dom/obj%0012",
			scheme.Prospero{Login: h, HSOName: "obj", Version: strp("12")}, "prospero://host.dom/obj%0012"},
		{"1994 URL draft: attributes", "prospero://host.dom/obj%001%00ATTR%00B2",
			scheme.Prospero{Login: h, HSOName: "obj", Version: strp("1"), Attributes: []string{"ATTR", "B2"}},
			"prospero://host.dom/obj%001%00ATTR%00B2"},
		{"1993 URL draft: an empty version before attributes", "prospero://host.dom/obj%00%00A",
			scheme.Prospero{Login: h, HSOName: "obj", Version: strp(""), Attributes: []string{"A"}},
			"prospero://host.dom/obj%00%00A"},
		{"RFC 1738 §5 psegment allows \"?\"", "prospero://host.dom/a?b;f=v?w",
			scheme.Prospero{Login: h, HSOName: "a?b", Fields: []scheme.ProsperoField{{"f", "v?w"}}},
			"prospero://host.dom/a%3Fb;f=v%3Fw"},
		{"an escaped \"%\" before 00 is no separator", "prospero://host.dom/a%2500",
			scheme.Prospero{Login: h, HSOName: "a%00"}, "prospero://host.dom/a%2500"},
	} {
		u := locator.MustParse(r.in)
		v, err := scheme.ParseProspero(u)
		if err != nil || !reflect.DeepEqual(v, r.want) {
			t.Errorf("%s: ParseProspero(%q) = %+v, %v; want %+v", r.rule, r.in, v, err, r.want)
			continue
		}
		u2, err := v.URL()
		if err != nil || u2.String() != r.out {
			t.Errorf("%s: URL() = %q, %v; want %q", r.rule, u2, err, r.out)
			continue
		}
		if v2, err := scheme.ParseProspero(u2); err != nil || !reflect.DeepEqual(v, v2) {
			t.Errorf("%s: %q → %q → %+v, %v", r.rule, r.in, u2, v2, err)
		}
		p, err := scheme.PlanFor(u)
		if err != nil || p.Port != 1525 || p.Host != "host.dom" || len(p.Wire()) != 0 {
			t.Errorf("%s: plan %+v, %v", r.rule, p, err)
		}
	}
	p, _ := scheme.PlanFor(locator.MustParse("prospero://host.dom:1526//pros/name%001%00A;OBJECT-VERSION=3"))
	want := []scheme.Step{
		{Note: "connect to host.dom:1526 (the Prospero directory service, over UDP; RFC 1738 §3.11, RFC 4157 §2: port 1525 unless the URL gives one)"},
		{Note: "resolve the hsoname \"/pros/name\" to access methods (RFC 1738 §3.11)"},
		{Note: "version \"1\" (1994 URL draft)"},
		{Note: "attribute \"A\" (1994 URL draft)"},
		{Note: "field OBJECT-VERSION=\"3\" identifies the target (RFC 1738 §3.11)"},
	}
	if !reflect.DeepEqual(p.Steps, want) || p.Port != 1526 {
		t.Errorf("steps %+v", p.Steps)
	}
}

func TestProsperoErrors(t *testing.T) {
	for _, r := range []struct {
		in   string
		code locator.Code
		off  int
	}{
		{"prospero://h.example/x;novalue", scheme.CodeProsperoField, 22},
		{"prospero://h.example/x;a=b;", scheme.CodeProsperoField, 26},
		{"prospero://h.example?x", scheme.CodeMissingSlash, 20},
		{"wais://h.example/x", scheme.CodeWrongScheme, 0},
	} {
		_, err := scheme.ParseProspero(locator.MustParse(r.in))
		if c, off := errCode(err); c != r.code || off != r.off {
			t.Errorf("ParseProspero(%q) = %v; want %s at %d", r.in, err, r.code, r.off)
		}
	}
	h := scheme.Login{Host: "h"}
	for _, v := range []scheme.Prospero{
		{Login: h, HSOName: "a\x00b"},
		{Login: h, Version: strp("1\x00")},
		{Login: h, Attributes: []string{"A"}},
		{Login: h, Version: strp("1"), Attributes: []string{"A\x00"}},
	} {
		if _, err := v.URL(); err == nil {
			t.Errorf("URL(%+v) succeeded", v)
		}
	}
}

func TestProsperoCheck(t *testing.T) {
	for _, r := range []struct {
		rule string
		in   string
		want []string
	}{
		{"RFC 1738 §5 prosperourl", "prospero://host.dom//pros/name;OBJECT-VERSION=3", nil},
		{"1994 URL draft prosperolink", "prospero://host.dom/obj%001%00ATTR%00B2", nil},
		{"1993 URL draft: empty version before attributes", "prospero://host.dom/obj%00%00A", nil},
		{"RFC 1738 §5 psegment: no \";\" except fields", "prospero://host.dom/a;b", []string{"prospero-field@21"}},
		{"RFC 1738 §5 fieldvalue: no \"=\"", "prospero://host.dom/a;b=c=d", []string{"reserved-unencoded@25"}},
		{"RFC 1738 §3.11: no user name", "prospero://u@host.dom/a", []string{"userinfo-not-allowed@11"}},
		{"1994 URL draft: version = digits", "prospero://host.dom/o%00v1", []string{"prospero-version@24"}},
		{"1994 URL draft: an empty version alone", "prospero://host.dom/o%00", []string{"prospero-version@24"}},
		{"1994 URL draft: attribute = alphanums", "prospero://host.dom/o%001%00a-b%00", []string{"prospero-attribute@29", "prospero-attribute@34"}},
	} {
		// The rows of the drafts' "%00" version form are checked under the 1994 URL draft;
		// RFC 1738 has no such form: there "%00" is an escape like another, and the URL is
		// valid (TestSpecDifferences has more rows of both sides).
		spec := locator.RFC1738
		if strings.Contains(r.rule, "URL draft") {
			spec = locator.URLDraft1994
			if fs := scheme.Check(locator.MustParse(r.in), locator.RFC1738); !scheme.Valid(fs) || len(fs) != 0 {
				t.Errorf("%s: Check(%q, rfc1738) = %v; want nothing (RFC 1738 §5 psegment holds escapes)", r.rule, r.in, fs)
			}
		}
		var got []string
		for _, f := range scheme.Check(locator.MustParse(r.in), spec) {
			if strings.HasPrefix(f.Rule, "RFC 1738 §5") || strings.HasPrefix(f.Rule, "1994 URL draft") {
				got = append(got, string(f.Code)+"@"+itoaTest(f.Offset))
			}
		}
		if !slices.Equal(got, r.want) {
			t.Errorf("%s: Check(%q) = %q; want %q", r.rule, r.in, got, r.want)
		}
	}
}
