package whatwg_test

import (
	"fmt"

	"github.com/locator-url/locator/whatwg"
)

func ExampleRelative() {
	base := whatwg.MustParse("https://example.com/docs/guide/intro.html?lang=en")
	for _, t := range []string{
		"https://example.com/docs/guide/setup.html",
		"https://example.com/docs/api/",
		"https://example.com/docs/guide/intro.html?lang=en#install",
		"https://cdn.example.com/lib.js",
		"http://example.com/",
	} {
		target := whatwg.MustParse(t)
		ref, _ := whatwg.Relative(base, target)
		back, _ := whatwg.Parse(ref, &base)
		fmt.Printf("%-32q %t\n", ref, back.Href() == target.Href())
	}
	// Output:
	// "setup.html"                     true
	// "../api/"                        true
	// "#install"                       true
	// "//cdn.example.com/lib.js"       true
	// "http://example.com/"            true
}
