package locator_test

import (
	"fmt"

	"github.com/locator-url/locator"
)

func ExampleURL_User() {
	for _, s := range []string{"ftp://myname@host.dom/", "ftp://@host.dom/", "ftp://host.dom/"} {
		user, ok := locator.MustParse(s).User()
		fmt.Printf("%-22s %q %v\n", s, user, ok)
	}
	// Output:
	// ftp://myname@host.dom/ "myname" true
	// ftp://@host.dom/       "" true
	// ftp://host.dom/        "" false
}

func ExampleURL_Password() {
	// RFC 1738 §3.1: "ftp://foo:@host.com/" has an empty password, "ftp://foo@host.com/" none.
	for _, s := range []string{"ftp://foo:bar%40@host.com/", "ftp://foo:@host.com/", "ftp://foo@host.com/"} {
		pw, ok := locator.MustParse(s).Password()
		fmt.Printf("%-26s %q %v\n", s, pw, ok)
	}
	// Output:
	// ftp://foo:bar%40@host.com/ "bar%40" true
	// ftp://foo:@host.com/       "" true
	// ftp://foo@host.com/        "" false
}

func ExampleURL_HasScheme() {
	fmt.Println(locator.MustParse("http://a/b").HasScheme())
	fmt.Println(locator.MustParse("//a/b").HasScheme())
	fmt.Println(locator.MustParse("../b").HasScheme())
	// Output:
	// true
	// false
	// false
}

func ExampleURL_HasAuthority() {
	fmt.Println(locator.MustParse("file:///etc/motd").HasAuthority()) // present and empty
	fmt.Println(locator.MustParse("file:/etc/motd").HasAuthority())
	fmt.Println(locator.MustParse("news:comp.lang.go").HasAuthority())
	// Output:
	// true
	// false
	// false
}

func ExampleURL_HostPort() {
	fmt.Println(locator.MustParse("http://joe@www.example.com:8080/a").HostPort())
	fmt.Println(locator.MustParse("http://[::1]:80/").HostPort())
	// Output:
	// www.example.com:8080
	// [::1]:80
}

func ExampleURL_Hostname() {
	u := locator.MustParse("http://[fe80::1]:8080/")
	fmt.Println(u.Host())
	fmt.Println(u.Hostname())
	// Output:
	// [fe80::1]
	// fe80::1
}

func ExampleURL_PortNumber() {
	for _, s := range []string{"http://h:8080/", "http://h:/", "http://h/", "http://h:99999/", "http://h:000080/"} {
		n, ok := locator.MustParse(s).PortNumber()
		fmt.Println(s, n, ok)
	}
	// Output:
	// http://h:8080/ 8080 true
	// http://h:/ 0 false
	// http://h/ 0 false
	// http://h:99999/ 0 false
	// http://h:000080/ 80 true
}

func ExampleURL_URLPath() {
	// RFC 1738 §3.1: the url-path follows the "/" that ends host[:port], without that "/".
	fmt.Printf("%q\n", locator.MustParse("ftp://host.dom/%2Fetc/motd;type=a").URLPath())
	fmt.Printf("%q\n", locator.MustParse("http://host.dom/a/b?q#f").URLPath())
	fmt.Printf("%q\n", locator.MustParse("http://host.dom").URLPath())
	// Output:
	// "%2Fetc/motd;type=a"
	// "a/b?q"
	// ""
}

func ExampleURL_IsZero() {
	var u locator.URL
	fmt.Println(u.IsZero(), u == locator.MustParse(""))
	fmt.Println(locator.MustParse("#").IsZero())
	// Output:
	// true true
	// false
}

func ExampleURL_Len() {
	u := locator.MustParse("http://example.com/")
	fmt.Println(u.Len(), len(u.String()))
	// Output: 19 19
}

func ExampleModes() {
	for _, m := range locator.Modes() {
		fmt.Println(m)
	}
	// Output:
	// rfc3986
	// rfc3986-compat
	// rfc2396
	// rfc1808
	// url-draft
	// rfc1630
	// rfc1630-published
	// whatwg
}

func ExampleParseNormalizeFlags() {
	f, err := locator.ParseNormalizeFlags("safe,remove-fragment")
	fmt.Println(f&locator.NormalizeSafe == locator.NormalizeSafe, f&locator.NormalizeRemoveFragment != 0, err)
	u, _ := locator.Normalize(locator.MustParse("HTTP://Example.COM:80/a/../b#top"), f)
	fmt.Println(u)
	_, err = locator.ParseNormalizeFlags("safe,shiny")
	fmt.Println(err)
	// Output:
	// true true <nil>
	// http://example.com/b
	// locator: "shiny": unknown normalization; want safe, usually, aggressive or a step name such as lower-host (at offset 0, locator normalization)
}

func ExampleParseSpec() {
	s, err := locator.ParseSpec("rfc3986")
	fmt.Println(s, s == locator.RFC3986, err)
	_, err = locator.ParseSpec("rfc2616")
	fmt.Println(err)
	// Output:
	// rfc3986 true <nil>
	// locator: "rfc2616": unknown specification; want rfc1738, rfc3986, whatwg, url-draft-1994, url-draft-1993 or rfc1630 (at offset 0, locator specs)
}

func ExampleURL_Chars() {
	u := locator.MustParse("http://example.com/a b?q=1")
	c := u.Chars()
	// The path holds a space, which RFC 1738 §2.2 calls unsafe; the query holds nothing unsafe.
	fmt.Println(c&locator.CharsPathUnsafe != 0, c&locator.CharsQueryUnsafe != 0)
	// Output: true false
}
