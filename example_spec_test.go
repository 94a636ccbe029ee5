package locator_test

import (
	"fmt"

	"github.com/locator-url/locator"
)

func ExampleSpecs() {
	for _, s := range locator.Specs() {
		fmt.Println(s)
	}
	// Output:
	// rfc1738
	// rfc3986
	// whatwg
	// url-draft-1994
	// url-draft-1993
	// rfc1630
}

func ExampleParseAs() {
	u, err := locator.ParseAs("ftp://host.dom/pub/file", locator.RFC1738)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u.Scheme(), u.Host(), u.Path())
	// Output: ftp host.dom /pub/file
}
