package locator_test

import (
	"encoding/json"
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

func ExampleSpec_MarshalText() {
	b, err := json.Marshal(map[string]locator.Spec{"spec": locator.URLDraft1994})
	fmt.Println(string(b), err)
	// Output: {"spec":"url-draft-1994"} <nil>
}

func ExampleSpec_UnmarshalText() {
	var v struct{ Spec locator.Spec }
	err := json.Unmarshal([]byte(`{"Spec":"rfc1630"}`), &v)
	fmt.Println(v.Spec == locator.RFC1630, err)
	err = json.Unmarshal([]byte(`{"Spec":"rfc2616"}`), &v)
	fmt.Println(err != nil)
	// Output:
	// true <nil>
	// true
}
