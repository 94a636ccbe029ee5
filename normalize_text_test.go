package locator_test

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/locator-url/locator"
)

// Every value whose bits all name a step is written by String and MarshalText in a form that
// ParseNormalizeFlags and UnmarshalText read back: each step alone, the groups, the groups
// less one step, and random unions. A value with a bit that names no step has String's
// debugging form "0x…", which names nothing: MarshalText refuses it (as Mode.MarshalText
// refuses a Mode out of range), and ParseNormalizeFlags refuses the form.
func TestNormalizeFlagsText(t *testing.T) {
	var defined locator.NormalizeFlags
	for b := locator.NormalizeFlags(1); b != 0; b <<= 1 {
		if _, err := locator.ParseNormalizeFlags(b.String()); err == nil {
			defined |= b
		}
	}
	groups := []locator.NormalizeFlags{0, locator.NormalizeSafe, locator.NormalizeUsually, locator.NormalizeAggressive}
	if defined&^locator.NormalizeAggressive != 0 || defined != locator.NormalizeAggressive {
		t.Errorf("defined steps %#x; want aggressive's %#x", uint32(defined), uint32(locator.NormalizeAggressive))
	}
	values := append([]locator.NormalizeFlags(nil), groups...)
	for b := locator.NormalizeFlags(1); b != 0; b <<= 1 {
		if defined&b != 0 {
			values = append(values, b, locator.NormalizeSafe&^b, locator.NormalizeAggressive&^b)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		values = append(values, locator.NormalizeFlags(r.Uint32())&defined)
	}
	for _, f := range values {
		b, err := f.MarshalText()
		if err != nil || string(b) != f.String() {
			t.Errorf("%#x.MarshalText() = %q, %v; want %q", uint32(f), b, err, f.String())
			continue
		}
		var g locator.NormalizeFlags
		if err := g.UnmarshalText(b); err != nil || g != f {
			t.Errorf("UnmarshalText(%q) = %#x, %v; want %#x", b, uint32(g), err, uint32(f))
		}
	}
	// Through encoding/json.
	in := struct{ Steps locator.NormalizeFlags }{locator.NormalizeSafe | locator.NormalizeSortQuery}
	j, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out struct{ Steps locator.NormalizeFlags }
	if err := json.Unmarshal(j, &out); err != nil || out != in {
		t.Errorf("json %s read back as %#x, %v", j, uint32(out.Steps), err)
	}
	// Bits that name no step.
	for b := locator.NormalizeFlags(1); b != 0; b <<= 1 {
		if defined&b != 0 {
			continue
		}
		for _, f := range []locator.NormalizeFlags{b, b | locator.NormalizeSafe} {
			var e *locator.Error
			if _, err := f.MarshalText(); !errors.As(err, &e) || e.Code != locator.CodeUnknownNormalize {
				t.Errorf("%#x.MarshalText() = %v; want %s", uint32(f), err, locator.CodeUnknownNormalize)
			}
			if _, err := json.Marshal(struct{ S locator.NormalizeFlags }{f}); err == nil {
				t.Errorf("json.Marshal of %#x succeeded", uint32(f))
			}
			if _, err := locator.ParseNormalizeFlags(f.String()); !errors.As(err, &e) || e.Code != locator.CodeUnknownNormalize {
				t.Errorf("ParseNormalizeFlags(%q) = %v; want %s", f.String(), err, locator.CodeUnknownNormalize)
			}
		}
	}
	var g locator.NormalizeFlags
	if err := json.Unmarshal([]byte(`{"S":"safe,no-such-step"}`), &struct{ S *locator.NormalizeFlags }{&g}); err == nil {
		t.Error("json.Unmarshal of an unknown step succeeded")
	}
}
