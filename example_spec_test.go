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

// ParseAs under RFC 1738 reads the "URL:" prefix (RFC 1738 Appendix; the 1994 URL draft's
// prefixedurl) and a login with "?" (RFC 1738 §5); Parse and RFC 3986 read neither.
func ExampleParseAs_prefixAndLogin() {
	for _, spec := range []locator.Spec{locator.RFC1738, locator.RFC3986} {
		u, _ := locator.ParseAs("URL:ftp://host.com/", spec)
		p, ok := u.Prefix()
		fmt.Printf("%s: prefix %q %v, scheme %s\n", spec, p, ok, u.Scheme())
		v, _ := locator.ParseAs("ftp://a?b@host/", spec)
		user, _ := v.User()
		fmt.Printf("%s: user %q, host %q\n", spec, user, v.Host())
	}
	// Output:
	// rfc1738: prefix "URL:" true, scheme ftp
	// rfc1738: user "a?b", host "host"
	// rfc3986: prefix "" false, scheme URL
	// rfc3986: user "", host "a"
}

func ExampleURL_Prefix() {
	u, _ := locator.ParseAs("url:http://a/b", locator.URLDraft1994)
	p, ok := u.Prefix()
	fmt.Printf("%q %v %s %s\n", p, ok, u.Scheme(), u)
	// Output: "url:" true http url:http://a/b
}

func ExampleURL_WithoutPrefix() {
	u, _ := locator.ParseAs("URL:http://a/b", locator.RFC1738)
	fmt.Println(u.WithoutPrefix(), locator.Equivalent(u, locator.MustParse("http://a/b")))
	// Output: http://a/b true
}

func ExampleURL_LoginRFC1738() {
	u, _ := locator.ParseAs("ftp://a:p?q@host/f", locator.RFC1738)
	pw, _ := u.Password()
	c := locator.Canonical(u) // "?" written %3F, which every spec reads alike
	fmt.Println(u.LoginRFC1738(), pw, u.Host(), c)
	// Output: true p?q host ftp://a:p%3Fq@host/f
}
