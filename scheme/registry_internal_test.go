package scheme

import (
	"testing"

	"github.com/locator-url/locator"
)

// A program may define a reserved name (RFC 1738 §4's nfs, tn3270, mailserver, z39.50; the
// drafts' urn): its
// facts and functions replace the reserved name's, in the registry only, not in the root
// package's table. The registry is restored after, for the other tests.
func TestRegisterReservedName(t *testing.T) {
	saved := registry.Load()
	defer registry.Store(saved)
	for _, info := range locator.Schemes() {
		if info.Status != locator.SchemeReservedName {
			continue
		}
		s, _ := Lookup(info.Name)
		// tn3270 has telnet's functions (session.go); the others none.
		if has := s.View != nil || s.Check != nil || s.Plan != nil; has != (info.Name == "tn3270") {
			t.Errorf("%s: functions before registration: %v", info.Name, has)
		}
		err := Register(Scheme{SchemeInfo: locator.SchemeInfo{Name: info.Name, DefaultPort: 2049, Hierarchical: true},
			Plan:      func(locator.URL) (Plan, error) { return Plan{Scheme: info.Name}, nil },
			Exemption: "a test: the generic checks are its syntax"})
		if err != nil {
			t.Errorf("Register(%q) = %v", info.Name, err)
		}
		s, ok := Lookup(info.Name)
		if !ok || s.Status != locator.SchemeRegistered || s.DefaultPort != 2049 || s.Plan == nil {
			t.Errorf("Lookup(%q) = %+v, %v", info.Name, s.SchemeInfo, ok)
		}
		if root, _ := locator.LookupScheme(info.Name); root != info {
			t.Errorf("the root's table changed: %+v", root)
		}
		// Check no longer calls it a reserved name.
		for _, f := range Check(locator.MustParse(info.Name+"://h/"), locator.RFC1738) {
			if f.Code == CodeReservedScheme {
				t.Errorf("%s: %v after registration", info.Name, f)
			}
		}
	}
}

// The default reserved set of a registration is the root package's for a name whose documents
// reserve nothing of their own: the same set, named twice.
func TestReservedDefault(t *testing.T) {
	for _, name := range []string{"x-any", "https", "nfs", "urn", "x500"} {
		if s, _ := locator.LookupScheme(name); s.Reserved != reservedDefault {
			t.Errorf("%s: the root's set %v, package scheme's default %v", name, s.Reserved, reservedDefault)
		}
	}
}
