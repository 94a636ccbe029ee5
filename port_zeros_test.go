package locator_test

import (
	"testing"

	"github.com/locator-url/locator"
)

// A port is "a port number in decimal" (RFC 3986 §3.2.3): Canonical and NormalizeRemoveDefaultPort
// compare it with the default as a number ("http://h:080/" is "http://h/"), and so a port that
// stays loses its leading zeros, by every spec: "http://h:08080/" is equivalent to
// "http://h:8080/", as the WHATWG URL Standard serializes it.
func TestPortLeadingZeros(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"http://h:08080/", "http://h:8080/"},
		{"http://h:0008080/a", "http://h:8080/a"},
		{"http://h:080/", "http://h/"},
		{"http://h:0/", "http://h:0/"},
		{"http://h:00/", "http://h:0/"},
		{"http://h:000/", "http://h:0/"},
		{"ftp://u@h:0021/x", "ftp://u@h/x"},
		{"ftp://u@h:02121/x", "ftp://u@h:2121/x"},
		{"http://h:8080/", "http://h:8080/"},
		{"http://h:0099999/", "http://h:99999/"},
		{"x-a://h:007/", "x-a://h:7/"},
	} {
		u := locator.MustParse(tt.in)
		if got := locator.Canonical(u).String(); got != tt.want {
			t.Errorf("Canonical(%s) = %s, want %s", tt.in, got, tt.want)
		}
		if !locator.Equivalent(u, locator.MustParse(tt.want)) {
			t.Errorf("Equivalent(%s, %s) = false", tt.in, tt.want)
		}
		for _, spec := range []locator.Spec{locator.RFC1738, locator.RFC3986, locator.URLDraft1994} {
			n, err := locator.NormalizeFor(u, spec, locator.NormalizeSafe)
			if err != nil || n.String() != tt.want {
				t.Errorf("NormalizeFor(%s, %v, safe) = %s, %v; want %s", tt.in, spec, n, err, tt.want)
			}
			if again, _ := locator.NormalizeFor(n, spec, locator.NormalizeSafe); again != n {
				t.Errorf("NormalizeFor not idempotent on %s: %s", n, again)
			}
		}
	}
	// Without the step, the port stays as written.
	u := locator.MustParse("http://h:08080/")
	if n, _ := locator.Normalize(u, locator.NormalizeLowerHost); n.String() != "http://h:08080/" {
		t.Errorf("Normalize(lower-host) = %s", n)
	}
}
