package scheme_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
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
	// Names without a syntax: RFC 1738 §4's reserved names, the drafts' urn (Registration of
	// naming schemes), x500 and whois++ (for study): known, no view, check or plan.
	for _, tt := range []struct {
		name   string
		status locator.SchemeStatus
	}{
		{"nfs", locator.SchemeReservedName}, {"mailserver", locator.SchemeReservedName},
		{"z39.50", locator.SchemeReservedName}, {"urn", locator.SchemeReservedName},
		{"x500", locator.SchemeForStudy}, {"whois++", locator.SchemeForStudy},
	} {
		s, ok := scheme.Lookup(tt.name)
		if !ok || s.Status != tt.status || s.View != nil || s.Check != nil || s.Plan != nil {
			t.Errorf("Lookup(%q) = %+v, %v; want %v without view, check or plan", tt.name, s.SchemeInfo, ok, tt.status)
		}
	}
	// tn3270 (reserved by RFC 1738 §4) and rlogin (listed by the drafts) are read with telnet's
	// syntax: all three functions, their status kept.
	for _, tt := range []struct {
		name   string
		status locator.SchemeStatus
	}{{"tn3270", locator.SchemeReservedName}, {"rlogin", locator.SchemeListed}} {
		s, ok := scheme.Lookup(tt.name)
		if !ok || s.Status != tt.status || s.View == nil || s.Check == nil || s.Plan == nil || s.DefaultPort != 0 {
			t.Errorf("Lookup(%q) = %+v, %v; want %v with view, check and plan, no port", tt.name, s.SchemeInfo, ok, tt.status)
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
	// A program defines its own scheme: "x-" names are for experiments by mutual agreement
	// (RFC 1738 §4), and need neither a syntax nor an access algorithm.
	plan := func(u locator.URL) (scheme.Plan, error) {
		return scheme.Plan{Scheme: u.Scheme(), Host: u.Host(), Port: 7000,
			Steps: []scheme.Step{{Send: "SHOW " + u.Path()}}}, nil
	}
	err := scheme.Register(scheme.Scheme{
		SchemeInfo: locator.SchemeInfo{Name: "x-ticket", DefaultPort: 7000, Hierarchical: true},
		Plan:       plan,
	})
	fmt.Println(err)
	p, _ := scheme.PlanFor(locator.MustParse("x-ticket://tickets.example/1234"))
	fmt.Printf("%s:%d %q\n", p.Host, p.Port, p.Wire())

	// Any other name comes with its syntax (Check) and its access algorithm (Plan), as RFC
	// 1738 §4 asks of a new scheme, or with an Exemption that says why it lacks one.
	err = scheme.Register(scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "ticket", DefaultPort: 7000, Hierarchical: true}, Plan: plan})
	var e *locator.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, e.Rule)
	}
	check := func(u locator.URL) []locator.Finding {
		if u.Path() == "" {
			return []locator.Finding{{Offset: u.Len(), Code: "ticket-no-number", Rule: "ticket URL syntax",
				Message: "a ticket URL names a ticket", Severity: locator.SeverityError}}
		}
		return nil
	}
	err = scheme.Register(scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "ticket", DefaultPort: 7000, Hierarchical: true},
		Check: check, Plan: plan})
	fmt.Println(err, scheme.Valid(scheme.Check(locator.MustParse("ticket://tickets.example"), locator.RFC1738)))
	// Output:
	// <nil>
	// tickets.example:7000 "SHOW /1234\r\n"
	// incomplete-scheme RFC 1738 §4
	// <nil> false
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
	fmt.Println(n, "reserved names: RFC 1738 §4's nfs, tn3270, mailserver and z39.50, and the drafts' urn")
	// Output: 5 reserved names: RFC 1738 §4's nfs, tn3270, mailserver and z39.50, and the drafts' urn
}

// One registry: goroutines registering one name with different facts and functions, and
// readers looking it up meanwhile, never see a Scheme whose facts and functions come from two
// registrations; and when they are done, Lookup, All and Security agree on the last one. Run
// with -race.
func TestRegisterConcurrent(t *testing.T) {
	const writers, rounds = 4, 200
	name := "x-race"
	// Registration w gives DefaultPort 5000+w, Source "w", and a plan that sends "w".
	reg := func(w int) error {
		tag := strconv.Itoa(w)
		return scheme.Register(scheme.Scheme{
			SchemeInfo: locator.SchemeInfo{Name: name, DefaultPort: 5000 + w, Hierarchical: true, Source: tag},
			Plan: func(locator.URL) (scheme.Plan, error) {
				return scheme.Plan{Scheme: name, Steps: []scheme.Step{{Send: tag}}}, nil
			},
		})
	}
	consistent := func(s scheme.Scheme) error {
		if s.Plan == nil {
			return fmt.Errorf("no plan: %+v", s.SchemeInfo)
		}
		p, _ := s.Plan(locator.URL{})
		if want := strconv.Itoa(s.DefaultPort - 5000); p.Steps[0].Send != want || s.Source != want {
			return fmt.Errorf("port %d, source %q, plan %q: not one registration", s.DefaultPort, s.Source, p.Steps[0].Send)
		}
		if s.Status != locator.SchemeRegistered || s.Name != name {
			return fmt.Errorf("status %v name %q", s.Status, s.Name)
		}
		return nil
	}
	if err := reg(0); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	errs := make(chan error, 16)
	for r := 0; r < 2; r++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				s, ok := scheme.Lookup("X-RACE")
				if !ok {
					errs <- fmt.Errorf("Lookup: not found")
					return
				}
				if err := consistent(s); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	var writersWG sync.WaitGroup
	for w := 1; w <= writers; w++ {
		writersWG.Add(1)
		go func() {
			defer writersWG.Done()
			for range rounds {
				if err := reg(w); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	writersWG.Wait()
	close(stop)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	s, _ := scheme.Lookup(name)
	if err := consistent(s); err != nil {
		t.Fatal(err)
	}
	for _, a := range scheme.All() {
		if a.Name == name && (a.DefaultPort != s.DefaultPort || a.Source != s.Source) {
			t.Errorf("All has %d %q, Lookup %d %q", a.DefaultPort, a.Source, s.DefaultPort, s.Source)
		}
	}
	// Security reads the default port from the same registry (RFC 1738 §6).
	def := strconv.Itoa(s.DefaultPort)
	if f := scheme.Security(locator.MustParse(name + "://h:" + def + "/")); len(f) != 0 {
		t.Errorf("Security on the default port %s: %v", def, f)
	}
	if f := scheme.Security(locator.MustParse(name + "://h:5005/")); len(f) != 1 || f[0].Code != scheme.CodePortNotDefault {
		t.Errorf("Security on port 5005 (default %s): %v", def, f)
	}
}

// A registration replaces the facts Security and the SchemeInfo methods use: the case of the
// issue, a port registered and then changed.
func TestRegisterReplaces(t *testing.T) {
	for _, port := range []int{1111, 2222} {
		if err := scheme.Register(scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "x-replace", DefaultPort: port, Hierarchical: true}}); err != nil {
			t.Fatal(err)
		}
	}
	if f := scheme.Security(locator.MustParse("x-replace://h:2222/")); len(f) != 0 {
		t.Errorf("Security(port 2222) = %v; 2222 is the default now", f)
	}
	if f := scheme.Security(locator.MustParse("x-replace://h:1111/")); len(f) != 1 || f[0].Code != scheme.CodePortNotDefault {
		t.Errorf("Security(port 1111) = %v; want %s", f, scheme.CodePortNotDefault)
	}
	s, _ := scheme.Lookup("x-replace")
	if n, err := s.Normalize(locator.MustParse("X-Replace://h:2222"), locator.NormalizeSafe); err != nil || n.String() != "x-replace://h/" {
		t.Errorf("Normalize = %q, %v", n, err)
	}
	if !s.Equivalent(locator.MustParse("x-replace://h:2222/"), locator.MustParse("x-replace://h/")) {
		t.Error("Equivalent ignores the registered default port")
	}
}

// Register keeps RFC 1738's rules for names: a scheme name (RFC 1738 §5 scheme, a letter first
// as RFC 3986 §3.1 asks), in lower case; a defined scheme cannot be replaced, a reserved name
// can be defined (RFC 1738 §4).
func TestRegisterRules(t *testing.T) {
	var e *locator.Error
	for _, bad := range []string{"", "1abc", "-ab", "a b", "a_b", "a:b", "é", "\u212aa", "x-\u212a"} {
		err := scheme.Register(scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: bad}})
		if !errors.As(err, &e) || e.Code != scheme.CodeBadScheme {
			t.Errorf("Register(%q) = %v, want %s", bad, err, scheme.CodeBadScheme)
		}
	}
	for _, good := range []string{"a", "Z", "a1", "a+b", "a-b", "a.b", "Test-Reg"} {
		if err := scheme.Register(scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: good, DefaultPort: 9999}, Exemption: "a test of names"}); err != nil {
			t.Errorf("Register(%q) = %v", good, err)
		}
		s, ok := scheme.Lookup(strings.ToUpper(good))
		def, _ := locator.LookupScheme("x-default") // the default reserved set, RFC 3986 §2.2
		if !ok || s.Name != strings.ToLower(good) || s.DefaultPort != 9999 || s.Status != locator.SchemeRegistered ||
			s.Reserved != def.Reserved {
			t.Errorf("Lookup(%q) after Register = %+v, %v", good, s.SchemeInfo, ok)
		}
	}
	// Every defined scheme refuses, in any case; its facts stay. (Defining a reserved name is
	// tested in registry_internal_test.go, which restores the registry after.)
	for _, info := range locator.Schemes() {
		if info.Status != locator.SchemeDefined {
			continue
		}
		err := scheme.Register(scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: strings.ToUpper(info.Name), DefaultPort: 2121}})
		if !errors.As(err, &e) || e.Code != scheme.CodeSchemeTaken {
			t.Errorf("Register(%q) = %v, want %s", info.Name, err, scheme.CodeSchemeTaken)
		}
		if s, _ := scheme.Lookup(info.Name); s.DefaultPort != info.DefaultPort || s.Status != locator.SchemeDefined {
			t.Errorf("%s changed to %+v", info.Name, s.SchemeInfo)
		}
	}
	// Non-ASCII names never fold into a registered one (U+212A KELVIN SIGN lower-cases to "k").
	if err := scheme.Register(scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "kq"}, Exemption: "a test of names"}); err != nil {
		t.Fatal(err)
	}
	if _, ok := scheme.Lookup("\u212aq"); ok {
		t.Error("Lookup(\"\\u212aq\") found kq")
	}
	if _, ok := scheme.Lookup("K" + strings.Repeat("Q", 40)); ok {
		t.Error("Lookup of a long unregistered name found a scheme")
	}
}

// RFC 1738 §4: a new scheme comes with "a definition of an algorithm for accessing of resources
// within that scheme and the syntax for representing such a scheme". Register asks for Check
// and Plan, or an Exemption, of every name but an "x-" experiment.
func TestRegisterRequiresSyntaxAndAccess(t *testing.T) {
	check := func(locator.URL) []locator.Finding { return nil }
	plan := func(locator.URL) (scheme.Plan, error) { return scheme.Plan{}, nil }
	for _, tt := range []struct {
		s       scheme.Scheme
		missing string // "" when Register succeeds, else the part the message names
	}{
		{scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "req-none"}}, "a syntax (Check) and an access algorithm (Plan)"},
		{scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "req-check"}, Check: check}, "without an access algorithm (Plan)"},
		{scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "req-plan"}, Plan: plan}, "without a syntax (Check)"},
		{scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "req-both"}, Check: check, Plan: plan}, ""},
		{scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "req-exempt"}, Exemption: "names, not locators"}, ""},
		{scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "x-req"}}, ""},
		{scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "X-Req2"}}, ""}, // "x-" in any case
		{scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "xreq"}}, "a syntax (Check) and"},
		{scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "x"}}, "a syntax (Check) and"},
		// A defined scheme is taken, whatever comes with it.
		{scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "ftp"}}, "taken"},
	} {
		err := scheme.Register(tt.s)
		var e *locator.Error
		switch {
		case tt.missing == "":
			if err != nil {
				t.Errorf("Register(%s) = %v", tt.s.Name, err)
			}
		case tt.missing == "taken":
			if !errors.As(err, &e) || e.Code != scheme.CodeSchemeTaken {
				t.Errorf("Register(%s) = %v, want %s", tt.s.Name, err, scheme.CodeSchemeTaken)
			}
		default:
			if !errors.As(err, &e) || e.Code != scheme.CodeIncompleteScheme || e.Rule != "RFC 1738 §4" || !strings.Contains(e.Message, tt.missing) {
				t.Errorf("Register(%s) = %v, want %s naming %q", tt.s.Name, err, scheme.CodeIncompleteScheme, tt.missing)
			}
			if _, ok := scheme.Lookup(tt.s.Name); ok {
				t.Errorf("Register(%s) failed but registered it", tt.s.Name)
			}
		}
	}
}

// RFC 1738 §4 reserves names "starting with the characters "x-"" for experiments: "x-" alone
// names none (locator.LookupScheme takes it for none), so Register refuses it, in any case;
// a refused name's error gives the offset of its first bad byte, and the error of a long name
// stays short.
func TestRegisterNameEdges(t *testing.T) {
	var e *locator.Error
	for _, tt := range []struct {
		name   string
		code   locator.Code
		offset int
	}{
		{"x-", scheme.CodeBadScheme, 2},
		{"X-", scheme.CodeBadScheme, 2},
		{"", scheme.CodeBadScheme, 0},
		{"1abc", scheme.CodeBadScheme, 0},
		{"ab_c", scheme.CodeBadScheme, 2},
		{"x-\xff", scheme.CodeBadScheme, 2},
		{"ab\x00", scheme.CodeBadScheme, 2},
		{"HTTP", scheme.CodeSchemeTaken, 0},
	} {
		err := scheme.Register(scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: tt.name}})
		if !errors.As(err, &e) || e.Code != tt.code || e.Offset != tt.offset {
			t.Errorf("Register(%q) = %v (%+v), want %s at %d", tt.name, err, e, tt.code, tt.offset)
		}
		if tt.code == scheme.CodeBadScheme {
			if _, ok := scheme.Lookup(tt.name); ok {
				t.Errorf("Register(%q) failed but Lookup finds it", tt.name)
			}
		}
	}
	// "x-a", the shortest experiment, needs no Check or Plan.
	if err := scheme.Register(scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "x-a"}}); err != nil {
		t.Errorf("Register(x-a) = %v", err)
	}
	// A 1 MB name: refused without Check and Plan, with a bounded message.
	long := "a" + strings.Repeat("b", 1<<20)
	err := scheme.Register(scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: long}})
	if !errors.As(err, &e) || e.Code != scheme.CodeIncompleteScheme || len(e.Message) > 300 || len(err.Error()) > 1000 {
		t.Errorf("Register(1 MB name): code %v, message %d bytes, error %d bytes", e.Code, len(e.Message), len(err.Error()))
	}
}

// A DefaultPort is 0 (no port) or a TCP port (RFC 1738 §3.1, RFC 793 §3.1: 16 bits): -1 and
// 65536 were registered, and then compared with ports no URL can reach.
func TestRegisterDefaultPortRange(t *testing.T) {
	var e *locator.Error
	for _, p := range []int{-1, 65536, 1 << 40} {
		err := scheme.Register(scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "x-portrange", DefaultPort: p}})
		if !errors.As(err, &e) || e.Code != locator.CodeBadPort {
			t.Errorf("Register(DefaultPort %d) = %v, want %s", p, err, locator.CodeBadPort)
		}
	}
	for _, p := range []int{0, 1, 65535} {
		if err := scheme.Register(scheme.Scheme{SchemeInfo: locator.SchemeInfo{Name: "x-portrange", DefaultPort: p}}); err != nil {
			t.Errorf("Register(DefaultPort %d) = %v", p, err)
		}
	}
}
