package whatwg

import (
	"testing"

	"github.com/locator-url/locator"
)

// Importing this package makes locator.ModeWHATWG work (locator.RegisterResolver).
func TestRegisteredResolver(t *testing.T) {
	for _, tt := range []struct{ base, ref, want string }{
		{"http://a/b/c/d;p?q", "../g", "http://a/b/g"},
		{"http://a/b/c/d;p?q", "http:g", "http://a/b/c/g"}, // special scheme: relative
		{"http://a/b", "HTTP://EXAMPLE.com:80/./x", "http://example.com/x"},
		{"file:///C:/a/b", "..", "file:///C:/"},
	} {
		got, err := locator.Resolve(locator.MustParse(tt.base), locator.MustParse(tt.ref), locator.ModeWHATWG)
		if err != nil || got.String() != tt.want {
			t.Errorf("Resolve(%q, %q, whatwg) = %q, %v; want %q", tt.base, tt.ref, got, err, tt.want)
		}
	}
	if _, err := locator.Resolve(locator.MustParse("http://a/"), locator.MustParse("http://a:99999/"), locator.ModeWHATWG); err == nil {
		t.Error("Resolve of a failing reference: no error")
	}
}
