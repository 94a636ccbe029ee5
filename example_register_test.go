package locator_test

import (
	"errors"
	"fmt"

	"github.com/locator-url/locator"
)

// A program gets ModeWHATWG by importing package github.com/locator-url/locator/whatwg, whose
// init function registers its parser. Here a stand-in resolver shows the mechanism.
func ExampleRegisterResolver() {
	base, ref := locator.MustParse("http://a/b/c"), locator.MustParse("../g")
	_, err := locator.Resolve(base, ref, locator.ModeWHATWG)
	var e *locator.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code)
	}

	stand := func(base, ref string) (string, error) {
		b, err := locator.Parse(base)
		if err != nil {
			return "", err
		}
		r, err := locator.Parse(ref)
		if err != nil {
			return "", err
		}
		t, err := b.Resolve(r)
		return t.String(), err
	}
	if err := locator.RegisterResolver(locator.ModeWHATWG, stand); err != nil {
		fmt.Println(err)
	}
	defer locator.RegisterResolver(locator.ModeWHATWG, nil) // unregister
	t, err := locator.Resolve(base, ref, locator.ModeWHATWG)
	fmt.Println(t, err)

	// Only ModeWHATWG can be registered: the root package implements the others.
	err = locator.RegisterResolver(locator.ModeRFC2396, stand)
	if errors.As(err, &e) {
		fmt.Println(e.Code)
	}
	// Output:
	// not-implemented
	// http://a/g <nil>
	// unknown-mode
}
