package scheme

import (
	"sort"

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
	if s, ok := Lookup(u.Scheme()); ok && s.Check != nil {
		f = append(f, s.Check(u)...)
	} else if u.HasAuthority() {
		f = locator.CheckLogin(f, u)
	}
	sort.SliceStable(f, func(i, j int) bool { return f[i].Offset < f[j].Offset })
	return f
}

// CodeNoChecker is returned by Check for a specification it has no checker for.
const CodeNoChecker locator.Code = "no-checker"

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
