package extract

import (
	"testing"

	"github.com/locator-url/locator/internal/zerocheck"
)

// TestZeroValues: no exported method of the package's types panics on a zero value, and no
// exported function on zero or hostile arguments (internal/zerocheck).
func TestZeroValues(t *testing.T) {
	n := zerocheck.Methods(t, new(Finding), new(Form), new(Options), new(Scanner), new(Skip),
		new(Unwrapped), new(WrapOptions))
	n += zerocheck.Funcs(t, map[string]any{"Find": Find, "FindString": FindString,
		"NewScanner": NewScanner, "Search": Search, "Wrap": Wrap, "WrapText": WrapText})
	if n < 100 {
		t.Errorf("%d calls made", n)
	}
}
