package locator_test

import (
	"fmt"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/pct"
)

func TestLookupScheme(t *testing.T) {
	tests := []struct {
		name   string
		ok     bool
		port   int
		hier   bool
		status locator.SchemeStatus
		login  bool // read with telnet's login (RFC 1738 §3.1), not without a syntax
	}{
		{"ftp", true, 21, true, locator.SchemeDefined, false},        // RFC 1738 §3.2
		{"FTP", true, 21, true, locator.SchemeDefined, false},        // RFC 1738 §2.1: case-ignore
		{"http", true, 80, true, locator.SchemeDefined, false},       // RFC 1738 §3.3
		{"gopher", true, 70, true, locator.SchemeDefined, false},     // RFC 1738 §3.4
		{"mailto", true, 0, false, locator.SchemeDefined, false},     // RFC 1738 §3.5
		{"news", true, 0, false, locator.SchemeDefined, false},       // RFC 1738 §3.6
		{"nntp", true, 119, true, locator.SchemeDefined, false},      // RFC 1738 §3.7
		{"telnet", true, 23, true, locator.SchemeDefined, false},     // RFC 1738 §3.8
		{"wais", true, 210, true, locator.SchemeDefined, false},      // RFC 1738 §3.9
		{"file", true, 0, true, locator.SchemeDefined, false},        // RFC 1738 §3.10
		{"prospero", true, 1525, true, locator.SchemeDefined, false}, // RFC 1738 §3.11
		{"mid", true, 0, false, locator.SchemeDefined, false},        // 1994 draft
		{"cid", true, 0, false, locator.SchemeDefined, false},        // 1994 draft
		{"afs", true, 0, true, locator.SchemeDefined, false},         // 1994 draft
		{"nfs", true, 0, false, locator.SchemeReservedName, false},   // RFC 1738 §4
		{"tn3270", true, 0, true, locator.SchemeReservedName, true},  // RFC 1738 §4; the drafts list it with telnet
		{"mailserver", true, 0, false, locator.SchemeReservedName, false},
		{"z39.50", true, 0, false, locator.SchemeReservedName, false},
		{"rlogin", true, 0, true, locator.SchemeListed, true},      // the 1994 URL draft, Telnet, rlogin, tn3270: no port
		{"RLogin", true, 0, true, locator.SchemeListed, true},      // RFC 1738 §2.1: case-ignore
		{"urn", true, 0, false, locator.SchemeReservedName, false}, // the drafts, Registration of naming schemes
		{"x500", true, 0, false, locator.SchemeForStudy, false},    // the URI draft, Schemes for Further Study
		{"whois++", true, 0, true, locator.SchemeForStudy, false},  // the 1993 URL draft, WHOIS: "the same as for other IP based schemes"
		{"WHOIS++", true, 0, true, locator.SchemeForStudy, false},  // case-ignore
		{"x.500", false, 0, false, 0, false},                       // the URI draft's list writes "x.500", its heading and the 1993 draft "x500"
		{"whois", false, 0, false, 0, false},                       // the scheme is "whois++"
		{"telnet3270", false, 0, false, 0, false},
		{"x-demo", true, 0, false, locator.SchemeExperimental, false}, // RFC 1738 §4 x-
		{"X-Demo", true, 0, false, locator.SchemeExperimental, false},
		{"x-", false, 0, false, 0, false},
		{"x-\u00c4", false, 0, false, 0, false}, // RFC 1738 §5 scheme: no "Ä" in a scheme name
		{"x-a b", false, 0, false, 0, false},
		{"x-a_b", false, 0, false, 0, false},
		{"x-a+b.c-1", true, 0, false, locator.SchemeExperimental, false},
		{"gorp", false, 0, false, 0, false},
	}
	for _, tt := range tests {
		s, ok := locator.LookupScheme(tt.name)
		if ok != tt.ok {
			t.Errorf("LookupScheme(%q) ok = %v, want %v", tt.name, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		if s.DefaultPort != tt.port || s.Hierarchical != tt.hier || s.Status != tt.status {
			t.Errorf("LookupScheme(%q) = port %d hier %v status %v, want %d %v %v",
				tt.name, s.DefaultPort, s.Hierarchical, s.Status, tt.port, tt.hier, tt.status)
		}
		// Every set is its section's (compare_schemes_test.go); none is empty, which would mean
		// the default. A name without a syntax has RFC 3986 §2.2's, which holds RFC 1738 §2.2's.
		if s.Reserved.IsEmpty() {
			t.Errorf("LookupScheme(%q).Reserved is empty", tt.name)
		}
		if tt.status != locator.SchemeDefined && !tt.login && (!s.Reserved.Contains('/') || !s.Reserved.Contains(';') || !s.Reserved.Contains('$')) {
			t.Errorf("LookupScheme(%q).Reserved = %v, want RFC 3986 §2.2 reserved", tt.name, s.Reserved)
		}
	}
}

// The root keeps a read-only table: Schemes lists the 14 defined schemes, the 4 names RFC
// 1738 §4 reserves, and the drafts' urn (reserved), rlogin (listed) and x500 and whois++ (for
// study); changing the slice it returns changes nothing.
func TestSchemesTable(t *testing.T) {
	all := locator.Schemes()
	if len(all) != 22 {
		t.Fatalf("Schemes() has %d entries, want 22", len(all))
	}
	for i, s := range all {
		if i > 0 && all[i-1].Name >= s.Name {
			t.Errorf("Schemes() not sorted at %q", s.Name)
		}
		if got, ok := locator.LookupScheme(s.Name); !ok || got != s {
			t.Errorf("LookupScheme(%q) = %+v, %v; want %+v", s.Name, got, ok, s)
		}
		if s.Status == locator.SchemeRegistered || s.Status == locator.SchemeExperimental {
			t.Errorf("%q: status %v in the table of defined schemes", s.Name, s.Status)
		}
	}
	all[0].DefaultPort = 9
	if s, _ := locator.LookupScheme(all[0].Name); s.DefaultPort == 9 {
		t.Error("the slice of Schemes shares the table")
	}
}

// SchemeInfo's methods apply its facts to URLs of its scheme only, in any case (RFC 1738
// §2.1), and the table's to others.
func TestSchemeInfoMethods(t *testing.T) {
	info := locator.SchemeInfo{Name: "x-tick", DefaultPort: 7000, Hierarchical: true}
	for _, tt := range []struct {
		info     locator.SchemeInfo
		in, want string
	}{
		{info, "x-tick://h:7000", "x-tick://h/"},           // the default port, then "/" (RFC 3986 §6.2.3)
		{info, "X-TICK://H:7000", "x-tick://h/"},           // scheme case ignored
		{info, "x-tick://h:7001", "x-tick://h:7001/"},      // another port stays
		{info, "x-tick://h:6999", "x-tick://h:6999/"},      // both sides of the default
		{info, "x-tock://h:7000", "x-tock://h:7000"},       // another scheme: the table (none)
		{info, "x-tic://h:7000", "x-tic://h:7000"},         // a prefix of the name is another scheme
		{info, "x-tickk://h:7000", "x-tickk://h:7000"},     // so is a longer name
		{info, "http://h:80", "http://h/"},                 // the table's facts for http
		{info, "//h:7000", "//h:7000"},                     // a relative reference has no scheme
		{locator.SchemeInfo{}, "http://h:80", "http://h/"}, // the zero value: the table's
		{locator.SchemeInfo{}, "x-tick://h:7000", "x-tick://h:7000"},
		{locator.SchemeInfo{Name: "http", DefaultPort: 8080, Hierarchical: true}, "http://h:8080", "http://h/"}, // s wins
		{locator.SchemeInfo{Name: "http", DefaultPort: 8080, Hierarchical: true}, "http://h:80", "http://h:80/"},
		{locator.SchemeInfo{Name: "x-flat"}, "x-flat://h", "x-flat://h"}, // not hierarchical: no "/"
	} {
		u := locator.MustParse(tt.in)
		got, err := tt.info.Normalize(u, locator.NormalizeSafe)
		if err != nil || got.String() != tt.want {
			t.Errorf("%+v.Normalize(%q) = %q, %v; want %q", tt.info, tt.in, got, err, tt.want)
		}
		if !tt.info.Equivalent(u, locator.MustParse(tt.want)) {
			t.Errorf("%+v.Equivalent(%q, %q) = false", tt.info, tt.in, tt.want)
		}
		if tt.info.Name == "" {
			if want, _ := locator.Normalize(u, locator.NormalizeSafe); got != want {
				t.Errorf("zero SchemeInfo.Normalize(%q) = %q, Normalize gives %q", tt.in, got, want)
			}
		}
	}
	if info.Equivalent(locator.MustParse("x-tick://h:7000/"), locator.MustParse("x-tick://h:7001/")) {
		t.Error("ports 7000 and 7001 equivalent")
	}
	if u := locator.MustParse("x-tick://h/"); !info.Equivalent(u, u) {
		t.Error("a URL is not equivalent to itself")
	}
}

func ExampleSchemeInfo_Normalize() {
	// A scheme the table does not know: its facts come from the program (package scheme's
	// registry gives them to the schemes registered there).
	ticket := locator.SchemeInfo{Name: "x-ticket", DefaultPort: 7000, Hierarchical: true}
	u := locator.MustParse("X-Ticket://Tickets.Example:7000")
	n, _ := ticket.Normalize(u, locator.NormalizeSafe)
	fmt.Println(n)
	n, _ = locator.Normalize(u, locator.NormalizeSafe) // the table knows no default port
	fmt.Println(n)
	// Output:
	// x-ticket://tickets.example/
	// x-ticket://tickets.example:7000
}

func ExampleSchemeInfo_Equivalent() {
	// A scheme that reserves only "/" (RFC 1738 §2.2): the escape of ";" may be decoded.
	doc := locator.SchemeInfo{Name: "x-doc", Reserved: pct.Of("/")}
	a, b := locator.MustParse("x-doc:a%3Bb"), locator.MustParse("x-doc:a;b")
	fmt.Println(doc.Equivalent(a, b), locator.Equivalent(a, b))
	c := locator.MustParse("x-doc:a%2Fb")
	fmt.Println(doc.Equivalent(c, locator.MustParse("x-doc:a/b")))
	// Output:
	// true false
	// false
}

func ExampleLookupScheme() {
	for _, name := range []string{"gopher", "x-private", "nfs", "gorp"} {
		s, ok := locator.LookupScheme(name)
		fmt.Println(name, ok, s.DefaultPort, s.Status)
	}
	// Output:
	// gopher true 70 defined
	// x-private true 0 experimental
	// nfs true 0 reserved-name
	// gorp false 0 defined
}

func ExampleSchemes() {
	for _, s := range locator.Schemes() {
		if s.Status == locator.SchemeReservedName {
			fmt.Println(s.Name)
		}
	}
	// Output:
	// mailserver
	// nfs
	// tn3270
	// urn
	// z39.50
}
