package scheme_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// rlogin and tn3270 are read with telnet's syntax (RFC 1738 §5 telneturl): the drafts list them
// with telnet ("Telnet, rlogin, tn3270") and give no production of their own.
func TestParseSession(t *testing.T) {
	tests := []struct {
		in               string
		name, user, pass string
		host, port       string
		code             locator.Code
	}{
		{"rlogin://host.dom/", "rlogin", "", "", "host.dom", "", ""},
		{"rlogin://host.dom", "rlogin", "", "", "host.dom", "", ""}, // the final "/" may be omitted (RFC 1738 §3.8)
		{"RLOGIN://fred@host.dom/", "rlogin", "fred", "", "host.dom", "", ""},
		{"tn3270://user:secret@ibm.example:2323/", "tn3270", "user", "secret", "ibm.example", "2323", ""},
		{"TN3270://h/", "tn3270", "", "", "h", "", ""},
		{"tn3270://a%40b@h/", "tn3270", "a@b", "", "h", "", ""}, // decoded (RFC 1738 §3.1)
		{"rlogin:host.dom", "", "", "", "", "", scheme.CodeNoAuthority},
		{"rlogin://host.dom/x", "", "", "", "", "", scheme.CodeTelnetPath},
		{"tn3270://host.dom//", "", "", "", "", "", scheme.CodeTelnetPath},
		{"telnet://host.dom/", "", "", "", "", "", scheme.CodeWrongScheme},
	}
	for _, tt := range tests {
		s, err := scheme.ParseSession(locator.MustParse(tt.in))
		if tt.code != "" {
			var e *locator.Error
			if !errors.As(err, &e) || e.Code != tt.code {
				t.Errorf("ParseSession(%q) = %+v, %v; want %s", tt.in, s, err, tt.code)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseSession(%q): %v", tt.in, err)
			continue
		}
		user, pass := "", ""
		if s.User != nil {
			user = *s.User
		}
		if s.Password != nil {
			pass = *s.Password
		}
		if s.Name != tt.name || s.Scheme() != tt.name || user != tt.user || pass != tt.pass || s.Host != tt.host || s.Port != tt.port {
			t.Errorf("ParseSession(%q) = %+v (user %q pass %q)", tt.in, s, user, pass)
		}
		// Round trip: the URL of the view is its view again.
		u, err := s.URL()
		if err != nil {
			t.Errorf("%q: URL: %v", tt.in, err)
			continue
		}
		if back, err := scheme.ParseSession(u); err != nil || back.Name != s.Name || back.Host != s.Host || back.Port != s.Port {
			t.Errorf("%q: URL %s parses back as %+v, %v", tt.in, u, back, err)
		}
		if v, err := scheme.ParseView(locator.MustParse(tt.in)); err != nil || v.Scheme() != tt.name {
			t.Errorf("ParseView(%q) = %v, %v", tt.in, v, err)
		}
	}
	// A view with another name, or the zero value, has no URL.
	for _, s := range []scheme.Session{{}, {Name: "telnet", Login: scheme.Login{Host: "h"}}} {
		if _, err := s.URL(); err == nil {
			t.Errorf("%+v: URL succeeded", s)
		}
		if _, err := s.Plan(); err == nil {
			t.Errorf("%+v: Plan succeeded", s)
		}
	}
}

// The plan connects to the URL's port, or says that none is known: the documents name no port
// for rlogin or tn3270. The user name and password are advisory notes, as telnet's (RFC 1738
// §3.8); a control character in them is refused (RFC 1738 §6).
func TestSessionPlan(t *testing.T) {
	tests := []struct {
		in    string
		port  int
		notes []string // a substring of each step's note, in order
		code  locator.Code
	}{
		{"rlogin://fred@host.dom/", 0, []string{"connect to host.dom, port not known", `suggest the user name "fred"`}, ""},
		{"tn3270://u:p@h:23/", 23, []string{"connect to h:23 (a 3270 emulation session, RFC 1738 §4", `user name "u"`, `password "p"`}, ""},
		{"rlogin://h:513", 513, []string{"connect to h:513 (an rlogin session"}, ""},
		{"rlogin://a%0Db@h/", 0, nil, scheme.CodeLineBreak},
		{"tn3270://u:a%0Ab@h/", 0, nil, scheme.CodeLineBreak},
		{"rlogin://h%0D/", 0, nil, scheme.CodeLineBreak},
		{"rlogin://h:99999/", 0, nil, locator.CodeBadPort},
	}
	for _, tt := range tests {
		p, err := scheme.PlanFor(locator.MustParse(tt.in))
		if tt.code != "" {
			var e *locator.Error
			if !errors.As(err, &e) || e.Code != tt.code {
				t.Errorf("PlanFor(%q) = %+v, %v; want %s", tt.in, p, err, tt.code)
			}
			continue
		}
		if err != nil {
			t.Errorf("PlanFor(%q): %v", tt.in, err)
			continue
		}
		if p.Port != tt.port || len(p.Steps) != len(tt.notes) || len(p.Wire()) != 0 {
			t.Errorf("PlanFor(%q) = %+v; want port %d, %d notes, nothing sent", tt.in, p, tt.port, len(tt.notes))
			continue
		}
		for i, n := range tt.notes {
			if !strings.Contains(p.Steps[i].Note, n) {
				t.Errorf("PlanFor(%q) step %d = %q, want %q in it", tt.in, i, p.Steps[i].Note, n)
			}
		}
	}
}

// The check of each name the documents list without a syntax: rlogin and tn3270 by telnet's
// production, tn3270 also as a name RFC 1738 §4 reserves; urn, x500 and whois++ as names without
// a syntax, each cited by the document that names it.
func TestCheckNamedSchemes(t *testing.T) {
	type f struct {
		off  int
		code locator.Code
		sev  locator.Severity
		rule string
	}
	warn, errSev := locator.SeverityWarning, locator.SeverityError
	tests := []struct {
		in   string
		want []f
	}{
		{"rlogin://host.dom/", nil},
		{"rlogin://host.dom/x", []f{{18, scheme.CodeTelnetPath, errSev, "RFC 1738 §5 telneturl"}}},
		{"rlogin:host.dom", []f{{7, scheme.CodeNoAuthority, errSev, "RFC 1738 §5 telneturl"}}},
		{"tn3270://host.dom/", []f{{0, scheme.CodeReservedScheme, warn, "RFC 1738 §4"}}},
		{"tn3270://host.dom/x", []f{{0, scheme.CodeReservedScheme, warn, "RFC 1738 §4"}, {18, scheme.CodeTelnetPath, errSev, "RFC 1738 §5 telneturl"}}},
		{"urn:isbn:0451450523", []f{{0, scheme.CodeReservedScheme, warn, "1994 URL draft, Registration of naming schemes"}}},
		{"x500:c=GB", []f{{0, scheme.CodeReservedScheme, warn, "URI draft, Schemes for Further Study"}}},
		{"whois++://host.dom/handle", []f{{0, scheme.CodeReservedScheme, warn, "URI draft, Schemes for Further Study"}}},
		{"nfs://h/x", []f{{0, scheme.CodeReservedScheme, warn, "RFC 1738 §4"}}},
	}
	for _, tt := range tests {
		var got []f
		for _, x := range scheme.Check(locator.MustParse(tt.in), locator.RFC1738) {
			got = append(got, f{x.Offset, x.Code, x.Severity, x.Rule})
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("Check(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func ExampleParseSession() {
	s, err := scheme.ParseSession(locator.MustParse("tn3270://guest@mainframe.example:2323/"))
	if err != nil {
		panic(err)
	}
	fmt.Println(s.Scheme(), *s.User, s.Host, s.Port)
	// Output: tn3270 guest mainframe.example 2323
}

func ExampleSession_Plan() {
	s, _ := scheme.ParseSession(locator.MustParse("rlogin://fred@host.dom/"))
	p, _ := s.Plan()
	for _, step := range p.Steps {
		fmt.Println(step.Note)
	}
	// Output:
	// connect to host.dom, port not known: the URL gives none (an rlogin session: the drafts list rlogin under "Telnet, rlogin, tn3270" as a "Reference to interactive sessions", and name no protocol document and no port for it)
	// suggest the user name "fred" to the user (advisory, as for telnet, RFC 1738 §3.8)
}
