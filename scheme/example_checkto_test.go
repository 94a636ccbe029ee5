package scheme_test

import (
	"fmt"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// CheckTo appends to a buffer that the caller reuses, URL after URL: the findings that fit in
// it cost no allocation.
func ExampleCheckTo() {
	buf := make([]locator.Finding, 0, 16)
	for _, s := range []string{"http://example.com/a~b?c=d/e", "ftp://ftp.example.com/pub/", "http://example.com/x y"} {
		u, err := locator.ParseAs(s, locator.RFC1738)
		if err != nil {
			fmt.Println(err)
			continue
		}
		buf = scheme.CheckTo(buf[:0], u, locator.RFC1738)
		fmt.Println(s, len(buf), "findings")
		for _, f := range buf {
			fmt.Printf("  %d %s: %s\n", f.Offset, f.Code, f.Rule)
		}
	}
	// Output:
	// http://example.com/a~b?c=d/e 2 findings
	//   20 national-char: RFC 1738 §2.2
	//   26 reserved-unencoded: RFC 1738 §5 search
	// ftp://ftp.example.com/pub/ 0 findings
	// http://example.com/x y 1 findings
	//   20 unsafe-char: RFC 1738 §2.2
}
