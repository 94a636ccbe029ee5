package locator_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/locator-url/locator"
)

func TestLookupScheme(t *testing.T) {
	tests := []struct {
		name   string
		ok     bool
		port   int
		hier   bool
		status locator.SchemeStatus
	}{
		{"ftp", true, 21, true, locator.SchemeDefined},        // RFC 1738 §3.2
		{"FTP", true, 21, true, locator.SchemeDefined},        // RFC 1738 §2.1: case-ignore
		{"http", true, 80, true, locator.SchemeDefined},       // RFC 1738 §3.3
		{"gopher", true, 70, true, locator.SchemeDefined},     // RFC 1738 §3.4
		{"mailto", true, 0, false, locator.SchemeDefined},     // RFC 1738 §3.5
		{"news", true, 0, false, locator.SchemeDefined},       // RFC 1738 §3.6
		{"nntp", true, 119, true, locator.SchemeDefined},      // RFC 1738 §3.7
		{"telnet", true, 23, true, locator.SchemeDefined},     // RFC 1738 §3.8
		{"wais", true, 210, true, locator.SchemeDefined},      // RFC 1738 §3.9
		{"file", true, 0, true, locator.SchemeDefined},        // RFC 1738 §3.10
		{"prospero", true, 1525, true, locator.SchemeDefined}, // RFC 1738 §3.11
		{"mid", true, 0, false, locator.SchemeDefined},        // 1994 draft
		{"cid", true, 0, false, locator.SchemeDefined},        // 1994 draft
		{"afs", true, 0, true, locator.SchemeDefined},         // 1994 draft
		{"nfs", true, 0, false, locator.SchemeReservedName},   // RFC 1738 §4
		{"tn3270", true, 0, false, locator.SchemeReservedName},
		{"mailserver", true, 0, false, locator.SchemeReservedName},
		{"z39.50", true, 0, false, locator.SchemeReservedName},
		{"x-demo", true, 0, false, locator.SchemeExperimental}, // RFC 1738 §4 x-
		{"X-Demo", true, 0, false, locator.SchemeExperimental},
		{"x-", false, 0, false, 0},
		{"gorp", false, 0, false, 0},
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
		if s.Reserved.IsEmpty() || !s.Reserved.Contains('/') || !s.Reserved.Contains(';') {
			t.Errorf("LookupScheme(%q).Reserved = %v, want RFC 1738 §2.2 reserved included", tt.name, s.Reserved)
		}
	}
}

func TestRegisterScheme(t *testing.T) {
	if err := locator.RegisterScheme(locator.SchemeInfo{Name: "Test-Reg", DefaultPort: 9999, Hierarchical: true}); err != nil {
		t.Fatal(err)
	}
	s, ok := locator.LookupScheme("test-reg")
	if !ok || s.DefaultPort != 9999 || s.Status != locator.SchemeRegistered || s.Reserved.IsEmpty() {
		t.Errorf("after RegisterScheme: %+v, %v", s, ok)
	}
	// RFC 1738 §4: a defined scheme cannot be taken over.
	err := locator.RegisterScheme(locator.SchemeInfo{Name: "ftp", DefaultPort: 2121})
	var e *locator.Error
	if !errors.As(err, &e) || e.Code != locator.CodeSchemeTaken {
		t.Errorf("RegisterScheme(ftp) = %v, want %s", err, locator.CodeSchemeTaken)
	}
	if s, _ := locator.LookupScheme("ftp"); s.DefaultPort != 21 {
		t.Errorf("ftp port changed to %d", s.DefaultPort)
	}
	for _, bad := range []string{"", "1abc", "a b", "a_b", "é"} {
		err := locator.RegisterScheme(locator.SchemeInfo{Name: bad})
		if !errors.As(err, &e) || e.Code != locator.CodeBadScheme {
			t.Errorf("RegisterScheme(%q) = %v, want %s", bad, err, locator.CodeBadScheme)
		}
	}
	found := false
	for _, s := range locator.Schemes() {
		found = found || s.Name == "test-reg"
	}
	if !found {
		t.Error("Schemes() lacks the registered scheme")
	}
}

func ExampleRegisterScheme() {
	err := locator.RegisterScheme(locator.SchemeInfo{Name: "x-archive", DefaultPort: 8765, Hierarchical: true})
	fmt.Println(err)
	s, _ := locator.LookupScheme("X-ARCHIVE")
	fmt.Println(s.Name, s.DefaultPort, s.Status)
	fmt.Println(locator.RegisterScheme(locator.SchemeInfo{Name: "http"}))
	// Output:
	// <nil>
	// x-archive 8765 registered
	// locator: "http": scheme http is defined by RFC 1738 §3.3 and cannot be replaced (at offset 0, RFC 1738 §4)
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
	// z39.50
}
