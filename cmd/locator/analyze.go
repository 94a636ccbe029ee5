package main

import (
	"errors"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// report is what parse and check know of one input.
type report struct {
	input    string
	url      locator.URL
	parsed   bool              // Parse accepted the input
	view     scheme.View       // the typed view; nil when the scheme has none or it failed
	findings []locator.Finding // errors and warnings, in offset order, at most 100
	ok       bool              // scheme.Report.Valid: parsed, and no error (omitted ones included)
	// TODO(lead): the renderers may show scheme.Report.Omitted ("and N more findings").
}

// valid reports whether r has no error (warnings allowed).
func (r *report) valid() bool { return r.ok }

// analyze parses input and gathers every finding for spec: scheme.Inspect's report.
func analyze(input string, spec locator.Spec) report {
	x := scheme.Inspect(input, spec)
	return report{input: x.Input, url: x.URL, parsed: x.Parsed, view: x.View, findings: x.Findings, ok: x.Valid()}
}

// errorFinding turns an error of Parse or of a typed view into a finding.
func errorFinding(err error, sev locator.Severity) locator.Finding {
	var le *locator.Error
	if errors.As(err, &le) {
		return locator.Finding{Offset: le.Offset, Code: le.Code, Rule: le.Rule, Message: le.Message, Severity: sev}
	}
	return locator.Finding{Code: "error", Rule: "locator", Message: err.Error(), Severity: sev}
}
