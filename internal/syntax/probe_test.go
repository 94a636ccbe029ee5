package syntax

import (
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/allocs"
)

// probeInputs are authorities with and without findings: bad characters, empty and long
// labels, a top label with a digit, ports, user information, escapes, and more findings than
// a Sink keeps.
var probeInputs = []string{
	"example.com", "a.b.c", "a..b", ".a", "a.", "-a.b", "a-.b", "a.-b", "a.1b", "1.2.3.4", "1.2.3",
	"a_b.com", "a b.com", "h%41.com", "h%zz", "[::1]", "[::1]:80", "h:", "h:65536", "h:080", "h:8080",
	"u@h", "u:p@h", "u:p@h:21", "u p@h", "u:p:q@h", "@h", ":@h", "u@", "ü.com", "xn--a.com",
	strings.Repeat("a", 64) + ".com", strings.Repeat("a.", 200) + "com", strings.Repeat("..", 300),
	strings.Repeat("_", 300) + ".com", "u?x@h",
}

// TestProbeSink checks that HostPortOK and LoginOK, which run the checkers into a probe Sink,
// say what the checkers say with a Sink that keeps the findings, and allocate nothing.
func TestProbeSink(t *testing.T) {
	for _, a := range probeInputs {
		for _, spec := range []locator.Spec{locator.RFC3986, locator.RFC1738} {
			u, err := locator.ParseAs("ftp://"+a+"/", spec)
			if err != nil {
				continue
			}
			var full Sink
			CheckLogin(&full, u)
			if got, want := LoginOK(u), full.Len() == 0; got != want {
				t.Errorf("LoginOK(%q) = %v, want %v (%d findings)", u.String(), got, want, full.Len())
			}
			if _, ok := u.Userinfo(); ok {
				continue
			}
			var hp Sink
			CheckHostPort(&hp, u.HostPort(), 0)
			if got, want := HostPortOK(u.Host(), u.HostPort(), u.Chars()), hp.Len() == 0; got != want {
				t.Errorf("HostPortOK(%q) = %v, want %v (%d findings)", u.HostPort(), got, want, hp.Len())
			}
			if n := allocs.Count(0, 10, func() { HostPortOK(u.Host(), u.HostPort(), u.Chars()); LoginOK(u) }); n != 0 {
				t.Errorf("HostPortOK and LoginOK(%q): %v allocations, want 0", u.String(), n)
			}
		}
	}
}
