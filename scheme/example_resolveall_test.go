package scheme_test

import (
	"fmt"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
	_ "github.com/locator-url/locator/whatwg" // registers the WHATWG mode's resolver
)

// The row of `locator resolve --all-specs`: one reference, every mode.
func ExampleResolver_ResolveAll() {
	r := scheme.NewResolver("http://a/b/c/d;p?q")
	row := r.ResolveAll("http:g", false)
	fmt.Println(row.Differ, row.OK)
	for _, m := range row.Results {
		fmt.Println(m.Mode, m.Text())
	}
	// Output:
	// true false
	// rfc3986 http:g
	// rfc3986-compat http://a/b/c/g
	// rfc2396 http:g
	// rfc1808 http:g
	// url-draft error:no-authority
	// rfc1630 error:no-authority
	// rfc1630-published error:no-authority
	// whatwg http://a/b/c/g
}

// A Resolver parses its base once, for every mode.
func ExampleNewResolver() {
	r := scheme.NewResolver("http://a/b/c/d;p?q")
	res, invalid, err := r.ResolveChecked("../g", locator.ModeRFC3986, false)
	fmt.Println(res, invalid, err)
	// Output: http://a/b/g <nil> <nil>
}

// A base that locator.Parse refuses is refused by every mode but WHATWG's, whose parser
// reads it.
func ExampleResolver_BaseError() {
	r := scheme.NewResolver("http://a/%zz")
	fmt.Println(r.BaseError(locator.ModeRFC3986) != nil, r.BaseError(locator.ModeWHATWG))
	// Output: true <nil>
}

// The checker of the mode's document: "[" is not allowed in an RFC 3986 path.
func ExampleResolver_BaseInvalid() {
	r := scheme.NewResolver("http://a/b[c]")
	fmt.Println(r.BaseInvalid(locator.ModeRFC3986) != nil, r.BaseInvalid(locator.ModeRFC2396))
	// Output: true <nil>
}

// A reference the mode's checker calls invalid still resolves; the error says why it is
// not valid.
func ExampleResolver_ResolveChecked() {
	r := scheme.NewResolver("http://a/b/c/d;p?q")
	res, invalid, err := r.ResolveChecked("g h", locator.ModeRFC3986, false)
	fmt.Println(res, err)
	fmt.Println(invalid != nil)
	// Output:
	// http://a/b/c/g h <nil>
	// true
}

// Text is the cell of the table: the result, or "error:CODE".
func ExampleModeResult_Text() {
	r := scheme.NewResolver("http://a/b")
	row := r.ResolveAll("//[x", false)
	fmt.Println(row.Results[0].Text())
	// Output: error:bad-ip-literal
}

// ResolveAllTo reuses one Resolution from reference to reference.
func ExampleResolver_ResolveAllTo() {
	r := scheme.NewResolver("http://a/b/c/d;p?q")
	var row scheme.Resolution
	for _, ref := range []string{"g", "../../../g"} {
		r.ResolveAllTo(&row, ref, false)
		fmt.Println(row.Ref, row.Differ, row.Results[0].Text(), row.Results[2].Mode, row.Results[2].Text())
	}
	// Output:
	// g false http://a/b/c/g rfc2396 http://a/b/c/g
	// ../../../g true http://a/g rfc2396 http://a/../g
}

// ParseForMode reads a reference as a resolution mode's document writes URLs, so that an
// error cites that document's rule: a control character is RFC 3986 §2's under rfc3986 (RFC
// 1808 has no parser of its own: the generic syntax's, RFC 1738's rule).
func ExampleParseForMode() {
	for _, mode := range []locator.Mode{locator.ModeRFC3986, locator.ModeRFC1808} {
		if _, err := scheme.ParseForMode("a\x01b", mode); err != nil {
			fmt.Println(mode, err)
		}
	}
	u, err := scheme.ParseForMode("g;x?y#s", locator.ModeRFC3986)
	q, _ := u.Query()
	fmt.Println(u.Path(), q, err)
	// Output:
	// rfc3986 locator: "a\x01b": control character %01 must be encoded (at offset 1, RFC 3986 §2 (controls are not URI characters and must be percent-encoded))
	// rfc1808 locator: "a\x01b": control character %01 must be encoded (at offset 1, RFC 1738 §2.2 (controls must be encoded))
	// g;x y <nil>
}
