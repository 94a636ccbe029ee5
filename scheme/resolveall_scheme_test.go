package scheme

import (
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
)

// TestResolveReadsTheDraftsScheme holds locator.Resolve under the drafts' modes to the split
// their checkers make (syntax.SplitDraft1993, syntax.SplitRFC1630: "a full form must have a
// colon and that colon must occur before any slash characters"), so that `locator resolve`,
// `parse --spec` and `check` read the same scheme: a full form resolves to itself, a partial
// form against the base. RFC 1808 §2.4.2 has no checker here; its reading is tested in the
// root package.
func TestResolveReadsTheDraftsScheme(t *testing.T) {
	base := locator.MustParse("http://a/b/c/d")
	refs := []string{"a_b:c", "1a:b", "+a:b", "a.b:c", "A$B:x", ":x", "a/b:c", "/a:b", "?a:b", "#a:b",
		"g?x:y", "g#x:y", "a;b:c", "g", "http:g", "x-y:z/w", "%41:b", "a b:c"}
	for _, s := range refs {
		ref, err := locator.Parse(s)
		if err != nil {
			continue
		}
		for _, tt := range []struct {
			mode locator.Mode
			full bool
		}{
			{locator.ModeURLDraft, syntax.SplitDraft1993(s).Colon >= 0},
			{locator.ModeRFC1630, syntax.SplitRFC1630(s).HasScheme},
			{locator.ModeRFC1630Published, syntax.SplitRFC1630(s).HasScheme},
		} {
			got, err := locator.Resolve(base, ref, tt.mode)
			if err != nil {
				t.Errorf("Resolve(%q, %s): %v", s, tt.mode, err)
				continue
			}
			if (got.String() == s) != tt.full {
				t.Errorf("Resolve(%q, %s) = %q; the checker reads a full form: %v", s, tt.mode, got, tt.full)
			}
		}
	}
	// `locator resolve --spec url-draft`: "a_b:c" is a full form with a scheme the draft's
	// checker accepts (ialpha), resolved to itself and valid.
	r := NewResolver("http://a/b/c/d")
	res, invalid, err := r.ResolveChecked("a_b:c", locator.ModeURLDraft, true)
	if err != nil || invalid != nil || res != "a_b:c" {
		t.Errorf("ResolveChecked(a_b:c, url-draft) = %q, %v, %v", res, invalid, err)
	}
	if SpecScheme(locator.MustParse("a_b:c"), locator.URLDraft1993) != "a_b" {
		t.Error("SpecScheme(a_b:c) is not a_b")
	}
}
