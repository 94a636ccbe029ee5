package scheme_test

import (
	"fmt"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func ExampleSpecScheme() {
	// "_" is safe in the drafts' ialpha scheme names, but not in an RFC 3986 §3.1 scheme:
	// locator.URL keeps "a_b:x" as its path, and SpecScheme gives the draft's reading.
	u := locator.MustParse("a_b:x")
	fmt.Printf("%q %q\n", u.Scheme(), u.Path())
	for _, spec := range []locator.Spec{locator.URLDraft1993, locator.RFC1630, locator.RFC3986} {
		fmt.Printf("%v: %q\n", spec, scheme.SpecScheme(u, spec))
	}
	// Output:
	// "" "a_b:x"
	// url-draft-1993: "a_b"
	// rfc1630: "a_b"
	// rfc3986: ""
}

func ExampleInspect_uriDraft() {
	// The URI draft's Example 3 calls "%*" illegal: locator.Parse rejects the URL, and Inspect
	// reports the draft's finding.
	r := scheme.Inspect("http://h/a%*b", locator.RFC1630)
	fmt.Println(r.Parsed, r.Valid())
	for _, f := range r.Findings {
		fmt.Println(f.Offset, f.Code, f.Rule)
	}
	// Output:
	// false false
	// 10 bad-escape URI draft, Reduced or increased safe character sets
}
