package locator_test

import (
	"fmt"

	"github.com/locator-url/locator"
)

func ExampleNormalizeFor() {
	// Issue 9: "~" is national in RFC 1738 §2.2 and must stay encoded there; RFC 3986
	// §6.2.2.2 decodes it.
	u := locator.MustParse("HTTP://www.Example.COM:80/%7esmith/x")
	for _, spec := range []locator.Spec{locator.RFC1738, locator.URLDraft1993, locator.RFC3986} {
		n, err := locator.NormalizeFor(u, spec, locator.NormalizeSafe)
		fmt.Println(spec, n, err)
	}
	// Output:
	// rfc1738 http://www.example.com/%7Esmith/x <nil>
	// url-draft-1993 http://www.example.com/%7Esmith/x <nil>
	// rfc3986 http://www.example.com/~smith/x <nil>
}

func ExampleEncodingLevelFor() {
	// A wais database holds no raw "&" (RFC 1738 §5 database = *uchar), and wais does not
	// reserve it: the RFC 1738 level encodes it. RFC 3986 leaves a sub-delim as written.
	u := locator.MustParse("wais://h/db&x?a%26b")
	fmt.Println(locator.EncodingLevelFor(u, locator.RFC1738))
	fmt.Println(locator.EncodingLevelFor(u, locator.RFC3986))
	// Output:
	// wais://h/db%26x?a&b
	// wais://h/db&x?a%26b
}

func ExampleCanonicalFor() {
	u := locator.MustParse("GOPHER://H:70/1a%3Bb%2B%7e")
	for _, spec := range []locator.Spec{locator.RFC1738, locator.URLDraft1994, locator.RFC1630, locator.RFC3986} {
		fmt.Println(spec, locator.CanonicalFor(u, spec))
	}
	// Output:
	// rfc1738 gopher://h/1a;b+%7E
	// url-draft-1994 gopher://h/1a%3Bb+%7E
	// rfc1630 gopher://h/1a;b%2B%7E
	// rfc3986 gopher://h/1a%3Bb%2B~
}

func ExampleEquivalentFor() {
	a := locator.MustParse("gopher://h/1a%3Bb")
	b := locator.MustParse("gopher://h/1a;b")
	for _, spec := range locator.Specs() {
		fmt.Println(spec, locator.EquivalentFor(a, b, spec))
	}
	// Output:
	// rfc1738 true
	// rfc3986 false
	// whatwg false
	// url-draft-1994 false
	// url-draft-1993 true
	// rfc1630 true
}

func ExampleCanonicalFlags() {
	fmt.Println(locator.CanonicalFlags(locator.RFC1738)&locator.NormalizeRemoveLocalhost != 0)
	fmt.Println(locator.CanonicalFlags(locator.URLDraft1993)&locator.NormalizeRemoveLocalhost != 0)
	// Output:
	// true
	// false
}
