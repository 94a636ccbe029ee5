package main

import (
	"errors"

	"github.com/locator-url/locator"
)

// errorFinding turns an error of Parse or of a typed view into a finding.
func errorFinding(err error, sev locator.Severity) locator.Finding {
	var le *locator.Error
	if errors.As(err, &le) {
		return locator.Finding{Offset: le.Offset, Code: le.Code, Rule: le.Rule, Message: le.Message, Severity: sev}
	}
	return locator.Finding{Code: "error", Rule: "locator", Message: err.Error(), Severity: sev}
}
