package locator_test

import (
	"testing"

	"github.com/locator-url/locator"
)

// TestSpecText: every Spec round-trips through its name, and a value out of range is refused.
func TestSpecText(t *testing.T) {
	for _, s := range locator.Specs() {
		b, err := s.MarshalText()
		if err != nil || string(b) != s.String() {
			t.Errorf("%v.MarshalText() = %q, %v", s, b, err)
		}
		var back locator.Spec
		if err := back.UnmarshalText(b); err != nil || back != s {
			t.Errorf("UnmarshalText(%q) = %v, %v", b, back, err)
		}
	}
	bad := locator.Spec(len(locator.Specs()))
	if _, err := bad.MarshalText(); err == nil {
		t.Errorf("%v.MarshalText() succeeded", bad)
	}
	var s locator.Spec = locator.RFC3986
	if err := s.UnmarshalText([]byte("RFC1738")); err == nil || s != locator.RFC3986 {
		t.Errorf("UnmarshalText(RFC1738) = %v, %v; want an error and no change", s, err)
	}
}
