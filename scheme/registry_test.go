package scheme_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// Every scheme RFC 1738 §3 and the 1994 draft define has a view, a checker and a plan.
func TestRegistryComplete(t *testing.T) {
	defined := []string{"ftp", "http", "https", "gopher", "mailto", "news", "nntp", "telnet",
		"wais", "file", "prospero", "mid", "cid", "afs"}
	for _, name := range defined {
		s, ok := scheme.Lookup(name)
		if !ok {
			t.Errorf("Lookup(%q): not registered", name)
			continue
		}
		if s.View == nil || s.Check == nil || s.Plan == nil {
			t.Errorf("Lookup(%q): view %v check %v plan %v; want all three", name,
				s.View != nil, s.Check != nil, s.Plan != nil)
		}
		if s.Status != locator.SchemeDefined {
			t.Errorf("Lookup(%q).Status = %v", name, s.Status)
		}
	}
	// RFC 1738 §4 reserved names: known, no syntax.
	for _, name := range []string{"nfs", "tn3270", "mailserver", "z39.50"} {
		s, ok := scheme.Lookup(name)
		if !ok || s.Status != locator.SchemeReservedName || s.View != nil {
			t.Errorf("Lookup(%q) = %+v, %v; want a reserved name without view", name, s.SchemeInfo, ok)
		}
	}
	if s, ok := scheme.Lookup("X-Whatever"); !ok || s.Status != locator.SchemeExperimental {
		t.Errorf("Lookup(x-whatever) = %+v, %v; want experimental", s.SchemeInfo, ok)
	}
	if _, ok := scheme.Lookup("gorp"); ok {
		t.Error("Lookup(gorp) found a scheme")
	}
}

type demoView struct {
	Key string `json:"key"`
}

func (demoView) Scheme() string { return "x-demo" }
func (v demoView) URL() (locator.URL, error) {
	return locator.Parse("x-demo:" + v.Key)
}

func TestRegister(t *testing.T) {
	err := scheme.Register(scheme.Scheme{
		SchemeInfo: locator.SchemeInfo{Name: "x-demo"},
		View: func(u locator.URL) (scheme.View, error) {
			return demoView{Key: u.Path()}, nil
		},
		Plan: func(u locator.URL) (scheme.Plan, error) {
			return scheme.Plan{Scheme: "x-demo", Steps: []scheme.Step{{Send: "GET " + u.Path()}}}, nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	u := locator.MustParse("X-DEMO:abc")
	v, err := scheme.ParseView(u)
	if err != nil || v.(demoView).Key != "abc" {
		t.Errorf("ParseView = %v, %v", v, err)
	}
	p, err := scheme.PlanFor(u)
	if err != nil || string(p.Wire()) != "GET abc\r\n" {
		t.Errorf("PlanFor = %q, %v", p.Wire(), err)
	}
	// A defined scheme cannot be replaced (RFC 1738 §4).
	err = scheme.Register(scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "gopher"}})
	var e *locator.Error
	if !errors.As(err, &e) || e.Code != scheme.CodeSchemeTaken {
		t.Errorf("Register(gopher) = %v", err)
	}
	// A scheme with nothing registered has no view and no plan.
	for _, f := range []func(locator.URL) error{
		func(u locator.URL) error { _, err := scheme.ParseView(u); return err },
		func(u locator.URL) error { _, err := scheme.PlanFor(u); return err },
	} {
		if err := f(locator.MustParse("nfs://host/x")); !errors.As(err, &e) {
			t.Errorf("nfs: err = %v, want *locator.Error", err)
		}
	}
}

func TestCheckDispatch(t *testing.T) {
	codes := func(fs []locator.Finding) map[locator.Code]bool {
		m := map[locator.Code]bool{}
		for _, f := range fs {
			m[f.Code] = true
		}
		return m
	}
	if c := codes(scheme.Check(locator.MustParse("gorp:stuff"), locator.RFC1738)); !c[scheme.CodeUnknownScheme] {
		t.Errorf("gorp: codes %v, want %s", c, scheme.CodeUnknownScheme)
	}
	if c := codes(scheme.Check(locator.MustParse("nfs://host/x"), locator.RFC1738)); !c[scheme.CodeReservedScheme] {
		t.Errorf("nfs: codes %v, want %s", c, scheme.CodeReservedScheme)
	}
	if c := codes(scheme.Check(locator.MustParse("x-demo:ok"), locator.RFC1738)); c[scheme.CodeUnknownScheme] {
		t.Errorf("x-demo: codes %v; experimental schemes are not unknown", c)
	}
	if c := codes(scheme.Check(locator.MustParse("x:y"), locator.WHATWG)); !c[scheme.CodeNoChecker] {
		t.Errorf("whatwg: codes %v", c)
	}
	// Findings come back in offset order.
	fs := scheme.Check(locator.MustParse("http://ex ample.com/a b^c"), locator.RFC1738)
	for i := 1; i < len(fs); i++ {
		if fs[i].Offset < fs[i-1].Offset {
			t.Errorf("findings out of order: %v", fs)
		}
	}
	if scheme.Valid(fs) {
		t.Errorf("Valid(%v) = true for a URL with a space", fs)
	}
}

func ExampleRegister() {
	// A program defines its own scheme: "x-" names are for experiments (RFC 1738 §4).
	err := scheme.Register(scheme.Scheme{
		SchemeInfo: locator.SchemeInfo{Name: "x-ticket", DefaultPort: 7000, Hierarchical: true},
		Plan: func(u locator.URL) (scheme.Plan, error) {
			return scheme.Plan{Scheme: "x-ticket", Host: u.Host(), Port: 7000,
				Steps: []scheme.Step{{Send: "SHOW " + u.Path()}}}, nil
		},
	})
	fmt.Println(err)
	p, _ := scheme.PlanFor(locator.MustParse("x-ticket://tickets.example/1234"))
	fmt.Printf("%s:%d %q\n", p.Host, p.Port, p.Wire())
	// Output:
	// <nil>
	// tickets.example:7000 "SHOW /1234\r\n"
}

func ExampleLookup() {
	s, _ := scheme.Lookup("Gopher")
	fmt.Println(s.Name, s.DefaultPort, s.Source)
	// Output: gopher 70 RFC 1738 §3.4
}

func ExampleAll() {
	n := 0
	for _, s := range scheme.All() {
		if s.Status == locator.SchemeReservedName {
			n++
		}
	}
	fmt.Println(n, "names reserved by RFC 1738 §4")
	// Output: 4 names reserved by RFC 1738 §4
}
