package main

import (
	"errors"
	"sort"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// report is what parse and check know of one input.
type report struct {
	input    string
	url      locator.URL
	parsed   bool              // Parse accepted the input
	view     scheme.View       // the typed view; nil when the scheme has none or it failed
	findings []locator.Finding // errors and warnings, in offset order
}

// valid reports whether r has no error (warnings allowed).
func (r *report) valid() bool { return r.parsed && scheme.Valid(r.findings) }

// analyze parses input and gathers every finding for spec:
//   - a Parse failure (an error; nothing else is reported then);
//   - the strict checker of spec (scheme.Check), errors and warnings as it says;
//   - the failure of the scheme's typed view, unless the checker found an error already:
//     an error for rfc1738, whose schemes the views follow, and a warning for rfc3986;
//   - the security findings of RFC 1738 §6 (locator.Security), always warnings.
//
// Findings with the same offset and code, or offset and message, are reported once.
func analyze(input string, spec locator.Spec) report {
	r := report{input: input}
	u, err := locator.Parse(input)
	if err != nil {
		r.findings = []locator.Finding{errorFinding(err, locator.SeverityError)}
		return r
	}
	r.url, r.parsed = u, true
	f := scheme.Check(u, spec)
	v, err := scheme.ParseView(u)
	var le *locator.Error
	switch {
	case err == nil:
		r.view = v
	case errors.As(err, &le) && le.Code == scheme.CodeNoView:
		// the scheme has no typed view: not a problem of the URL
	case spec == locator.RFC1738 && scheme.Valid(f):
		f = append(f, errorFinding(err, locator.SeverityError))
	case spec != locator.RFC1738:
		f = append(f, errorFinding(err, locator.SeverityWarning))
	}
	for _, s := range locator.Security(u) {
		s.Severity = locator.SeverityWarning
		f = append(f, s)
	}
	sort.SliceStable(f, func(i, j int) bool { return f[i].Offset < f[j].Offset })
	r.findings = dedupe(f)
	return r
}

// errorFinding turns an error of Parse or of a typed view into a finding.
func errorFinding(err error, sev locator.Severity) locator.Finding {
	var le *locator.Error
	if errors.As(err, &le) {
		return locator.Finding{Offset: le.Offset, Code: le.Code, Rule: le.Rule, Message: le.Message, Severity: sev}
	}
	return locator.Finding{Code: "error", Rule: "locator", Message: err.Error(), Severity: sev}
}

// dedupe drops a finding with the offset and the code or message of an earlier one (the
// checker and locator.Security may say the same thing); f is sorted by offset.
func dedupe(f []locator.Finding) []locator.Finding {
	out := make([]locator.Finding, 0, len(f))
	for _, x := range f {
		dup := false
		for j := len(out) - 1; j >= 0 && out[j].Offset == x.Offset; j-- {
			if out[j].Code == x.Code || out[j].Message == x.Message {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, x)
		}
	}
	return out
}
