package fetch

import (
	"testing"

	"github.com/locator-url/locator/internal/zerocheck"
)

// TestZeroValues: no exported method of the package's types panics on a zero value (a zero
// Client fetches with the default Options), and no exported function on zero or hostile
// arguments (internal/zerocheck); nothing here reaches a network (no sample is a URL with a
// host).
func TestZeroValues(t *testing.T) {
	n := zerocheck.Methods(t, new(AttributeBlock), new(Client), new(Entry), new(Error),
		new(Exchange), new(Kind), new(Options), new(Policy), new(Question), new(Result),
		new(Submission))
	n += zerocheck.Funcs(t, map[string]any{"Get": Get, "Interact": Interact, "KindOf": KindOf,
		"NewClient": NewClient, "ParseSubmission": ParseSubmission,
		"ProxiesFromEnvironment": ProxiesFromEnvironment, "Send": Send, "SubmitPlan": SubmitPlan})
	if n < 100 {
		t.Errorf("%d calls made", n)
	}
}
