package scheme

import (
	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
)

// checkRFC1630To adds to sk the findings of the URI draft (RFC 1630) on u.
func checkRFC1630To(sk *syntax.Sink, u locator.URL) {
	sk.Add(locator.Finding{Code: CodeNoChecker, Rule: "locator specs",
		Message: "no strict checker for rfc1630 yet"})
}
