package locator_test

import (
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/zerocheck"
)

// TestZeroValues: no exported method of the package's types panics on a zero value or on a
// URL, and no exported function on zero or hostile arguments (internal/zerocheck). MustParse
// panics by its doc; RegisterResolver changes the process's registry.
func TestZeroValues(t *testing.T) {
	n := zerocheck.Methods(t, new(locator.Chars), new(locator.Code), new(locator.Error),
		new(locator.Finding), new(locator.Mode), new(locator.NormalizeFlags), new(locator.Offsets),
		new(locator.SchemeInfo), new(locator.SchemeMention), new(locator.SchemeStatus),
		new(locator.Severity), new(locator.Span), new(locator.Spec), new(locator.URL))
	for _, s := range []string{"http://u:p@h.example:81/p/q?x=1#f", "ftp://a@b/c;type=d", "URL:news:x"} {
		u := locator.MustParse(s)
		n += zerocheck.Methods(t, &u)
	}
	n += zerocheck.Funcs(t, map[string]any{
		"Canonical": locator.Canonical, "CanonicalFlags": locator.CanonicalFlags,
		"CanonicalFor": locator.CanonicalFor, "DocumentSpecs": locator.DocumentSpecs,
		"EncodingLevel": locator.EncodingLevel, "EncodingLevelFor": locator.EncodingLevelFor,
		"Equivalent": locator.Equivalent, "EquivalentFor": locator.EquivalentFor,
		"FromNetURL": locator.FromNetURL, "LookupScheme": locator.LookupScheme,
		"Modes": locator.Modes, "Normalize": locator.Normalize, "NormalizeFor": locator.NormalizeFor,
		"Parse": locator.Parse, "ParseAbsolute": locator.ParseAbsolute, "ParseAs": locator.ParseAs,
		"ParseMode": locator.ParseMode, "ParseNormalizeFlags": locator.ParseNormalizeFlags,
		"ParseSpec": locator.ParseSpec, "Relative": locator.Relative,
		"RemoveDotSegments": locator.RemoveDotSegments, "Resolve": locator.Resolve,
		"ResolveRegistered": locator.ResolveRegistered, "SURT": locator.SURT,
		"SchemeLevelSteps": locator.SchemeLevelSteps, "Schemes": locator.Schemes,
		"Specs": locator.Specs,
	})
	if n < 500 {
		t.Errorf("%d calls made", n)
	}
}
