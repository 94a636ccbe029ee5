package locator_test

import (
	"fmt"
	"strings"

	"github.com/locator-url/locator"
)

// A program that imports package whatwg has its parser registered for locator.ModeWHATWG;
// here a stand-in is registered for the length of the example.
func ExampleResolveRegistered() {
	_, err := locator.ResolveRegistered("http://a/b", "c", locator.ModeRFC3986)
	fmt.Println(err != nil)
	_ = locator.RegisterResolver(locator.ModeWHATWG, func(base, ref string) (string, error) {
		return base[:strings.LastIndexByte(base, '/')+1] + ref, nil
	})
	defer locator.RegisterResolver(locator.ModeWHATWG, nil)
	res, err := locator.ResolveRegistered("http://a/b", "c%zz", locator.ModeWHATWG)
	fmt.Println(res, err)
	// Output:
	// true
	// http://a/c%zz <nil>
}
