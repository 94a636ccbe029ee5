package scheme

import (
	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
)

// checkDraft1993To adds to sk the findings of the 1993 URL draft (url6) on u.
func checkDraft1993To(sk *syntax.Sink, u locator.URL) {
	sk.Add(locator.Finding{Code: CodeNoChecker, Rule: "locator specs",
		Message: "no strict checker for url-draft-1993 yet"})
}
