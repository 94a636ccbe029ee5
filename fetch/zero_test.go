package fetch

import (
	"strings"
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

// TestKindText: every Kind reads back from the text MarshalText writes (its name, or
// "kind(N)" for a value without one); other text is an error that quotes it bounded, and leaves
// the Kind as it was. Kind had MarshalText alone: a record with a kind did not decode from JSON.
func TestKindText(t *testing.T) {
	for k := Kind(-1); int(k) <= len(kindNames); k++ {
		b, err := k.MarshalText()
		var back Kind = 42
		if err != nil || back.UnmarshalText(b) != nil || back != k {
			t.Errorf("Kind %d: %q reads back as %d", int(k), b, int(back))
		}
	}
	for _, bad := range []string{"", "Connect", "kind(2)", "kind(x)", "kind(1", strings.Repeat("\x00", 1<<20)} {
		k := KindConnect
		if err := k.UnmarshalText([]byte(bad)); err == nil || k != KindConnect || len(err.Error()) > 512 {
			t.Errorf("UnmarshalText(%.20q): %v, %v", bad, err, k)
		}
	}
}
