package pct_test

import (
	"testing"

	"github.com/locator-url/locator/internal/zerocheck"
	"github.com/locator-url/locator/pct"
)

// TestZeroValues: no exported method of the package's types panics on a zero value (a Class not
// made by Table.Add dereferenced its nil Table), and no exported function on zero or hostile
// arguments (internal/zerocheck).
func TestZeroValues(t *testing.T) {
	n := zerocheck.Methods(t, new(pct.Class), new(pct.Code), new(pct.Error), new(pct.Set), new(pct.Table))
	n += zerocheck.Funcs(t, map[string]any{
		"AppendDecode": pct.AppendDecode, "AppendDecodeExcept": pct.AppendDecodeExcept,
		"AppendEncode": pct.AppendEncode, "Decode": pct.Decode, "Encode": pct.Encode,
		"IsHex": pct.IsHex, "Of": pct.Of, "Range": pct.Range, "Unhex": pct.Unhex,
		"Validate": pct.Validate,
	})
	if n < 200 {
		t.Errorf("%d calls made", n)
	}
}
