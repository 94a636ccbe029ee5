package scheme

import (
	"strings"
	"testing"

	"github.com/locator-url/locator"
)

// TestPlanForNoScheme: a URL without a scheme (a relative reference, RFC 1738 §2.1) has no
// plan and no view, and the error says so rather than "no access plan for scheme """; when the
// line starts with a non-ASCII character (a byte-order mark before the URL, as the README says
// plan reports it: as the character it is), the error names it.
func TestPlanForNoScheme(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\ufeffhttp://h/", `it starts with "\ufeff" (U+FEFF)`},
		{"éhttp://h/", `it starts with "é" (U+00E9)`},
		{"\xffa:b", `it starts with "\xff"`},
		{"/a/b", "no scheme: a relative reference has no"},
	} {
		u, err := locator.ParseAs(c.in, locator.RFC1738)
		if err != nil {
			t.Fatalf("ParseAs(%q): %v", c.in, err)
		}
		_, perr := PlanFor(u)
		_, verr := ParseView(u)
		for _, err := range []error{perr, verr} {
			e, ok := err.(*locator.Error)
			if !ok || !strings.Contains(e.Message, c.want) || e.Offset != 0 || e.Rule != "RFC 1738 §2.1" {
				t.Errorf("%q: %v; want a message with %q at offset 0 (RFC 1738 §2.1)", c.in, err, c.want)
			}
		}
		if e, _ := perr.(*locator.Error); e == nil || e.Code != CodeNoPlan {
			t.Errorf("%q: PlanFor's code %v, want %s", c.in, perr, CodeNoPlan)
		}
	}
}
