package scheme

import (
	"github.com/locator-url/locator"
)

// ParseView returns the typed view of u by its scheme's registered View function.
func ParseView(u locator.URL) (View, error) {
	s, ok := Lookup(u.Scheme())
	if !ok || s.View == nil {
		return nil, &locator.Error{Input: u.String(), Code: CodeNoView, Rule: "RFC 1738 §3",
			Message: "no typed view for scheme " + strconvQuote(u.Scheme())}
	}
	return s.View(u)
}

// PlanFor returns the access plan of u by its scheme's registered Plan function.
func PlanFor(u locator.URL) (Plan, error) {
	s, ok := Lookup(u.Scheme())
	if !ok || s.Plan == nil {
		return Plan{}, &locator.Error{Input: u.String(), Code: CodeNoPlan, Rule: "RFC 1738 §3",
			Message: "no access plan for scheme " + strconvQuote(u.Scheme())}
	}
	return s.Plan(u)
}

// Codes of this package's dispatch functions.
const (
	CodeNoView locator.Code = "no-view" // the scheme has no typed view
	CodeNoPlan locator.Code = "no-plan" // the scheme has no access plan
)

// Check runs the strict checker of spec on u and returns its findings in offset order.
//
// For locator.RFC1738 it runs the scheme-independent rules (locator.CheckRFC1738) and then the
// scheme's own RFC 1738 §5 production (its Check function); a scheme without one is checked as
// RFC 1738 §5 otherurl (genericurl, with the ip-schemepart login when "//" follows the colon).
// For locator.RFC3986 it runs locator.CheckRFC3986.
func Check(u locator.URL, spec locator.Spec) []locator.Finding {
	switch spec {
	case locator.RFC3986:
		return locator.CheckRFC3986(u)
	case locator.RFC1738:
	default:
		return []locator.Finding{{Code: CodeNoChecker, Rule: "locator specs",
			Message: "no strict checker for " + spec.String() + " in package scheme"}}
	}
	f := locator.CheckRFC1738(u)
	s, ok := Lookup(u.Scheme())
	switch {
	case !u.HasScheme():
		// CheckRFC1738 reports the missing scheme.
	case !ok:
		// RFC 1738 §4: new schemes are registered with IANA; "x-" names are experimental.
		f = append(f, locator.Finding{Offset: 0, Code: CodeUnknownScheme, Rule: "RFC 1738 §4",
			Severity: locator.SeverityWarning,
			Message:  "scheme " + strconvQuote(u.Scheme()) + " is not registered; checked as otherurl (RFC 1738 §5)"})
	case s.Status == locator.SchemeReservedName:
		f = append(f, locator.Finding{Offset: 0, Code: CodeReservedScheme, Rule: "RFC 1738 §4",
			Severity: locator.SeverityWarning,
			Message:  "scheme " + strconvQuote(u.Scheme()) + " is a name RFC 1738 §4 reserves without defining its syntax"})
	}
	if ok && s.Check != nil {
		f = append(f, s.Check(u)...)
	} else if u.HasAuthority() {
		// RFC 1738 §5 otherurl = genericurl; schemepart = *xchar | ip-schemepart.
		f = locator.CheckLogin(f, u)
	}
	// CheckRFC1738 and the scheme's checker may both report one unsafe character.
	return locator.SortFindings(f)
}

// Codes of Check.
const (
	CodeNoChecker      locator.Code = "no-checker"      // no strict checker for the specification
	CodeUnknownScheme  locator.Code = "unknown-scheme"  // a scheme that is neither registered nor "x-"
	CodeReservedScheme locator.Code = "reserved-scheme" // a name RFC 1738 §4 reserves, with no syntax
)

// Valid reports whether findings hold no error (warnings allowed).
func Valid(findings []locator.Finding) bool {
	for _, f := range findings {
		if f.Severity == locator.SeverityError {
			return false
		}
	}
	return true
}

func strconvQuote(s string) string { return "\"" + s + "\"" }
