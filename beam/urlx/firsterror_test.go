package urlx_test

import (
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/locator-url/locator/beam/urlx"
)

// An invalid URL whose error comes after locator.MaxFindings warnings is a dead letter with
// that error (scheme.Report.FirstError, as locator check -), never "ok": under rfc1738, 101
// "%0A" (security warnings) before an unsafe " "; under rfc1630, whose checker stops building
// findings after 100 (101 spaces, each a warning, before a "="), the too-many-findings error
// that says so. check printed "ok URL" for the first, and group-host's dead letter of the
// second was nil (a panic).
func TestCheckFirstErrorPastCap(t *testing.T) {
	for spec, c := range map[string]struct{ in, code string }{
		"rfc1738": {"http://h/" + strings.Repeat("%0A", 101) + " ", "unsafe-char"},
		"rfc1630": {"http://h/" + strings.Repeat(" x", 101) + "=", "too-many-findings"},
	} {
		p, s := beam.NewPipelineWithRoot()
		lines := beam.Create(s, c.in)
		ok, bad, err := urlx.Check(s, spec, lines)
		if err != nil {
			t.Fatal(err)
		}
		passert.Empty(s, ok)
		passert.Equals(s, beam.ParDo(s, func(v urlx.Invalid) string { return v.Code }, bad), c.code)
		_, gbad, err := urlx.GroupBy(s, urlx.ByHost, spec, lines)
		if err != nil {
			t.Fatal(err)
		}
		passert.Equals(s, beam.ParDo(s, func(v urlx.Invalid) string { return v.Code }, gbad), c.code)
		if err := ptest.Run(p); err != nil {
			t.Errorf("%s: %v", spec, firstLine(err))
		}
	}
}
