package whatwg_test

import (
	"fmt"

	"github.com/locator-url/locator/whatwg"
)

func ExampleURL_Href() {
	u := whatwg.MustParse("HTTPS://EXAMPLE.com:443/a/%7e/../b c?x y#z")
	fmt.Println(u.Href())
	// Output:
	// https://example.com/a/b%20c?x%20y#z
}

func ExampleURL_Protocol() {
	fmt.Println(whatwg.MustParse("HTTP://example.com/").Protocol())
	fmt.Println(whatwg.MustParse("mailto:joe@example.com").Protocol())
	// Output:
	// http:
	// mailto:
}

func ExampleURL_Password() {
	u := whatwg.MustParse("ftp://joe:s%65cret@ftp.example.com/")
	fmt.Printf("%q %q\n", u.Username(), u.Password())
	fmt.Printf("%q\n", whatwg.MustParse("ftp://joe@ftp.example.com/").Password())
	// Output:
	// "joe" "s%65cret"
	// ""
}

func ExampleURL_Host() {
	fmt.Println(whatwg.MustParse("http://EXAMPLE.com:8080/").Host())
	fmt.Println(whatwg.MustParse("http://example.com:80/").Host()) // the default port is dropped
	fmt.Println(whatwg.MustParse("http://0x7f.1/").Host())         // IPv4 in any form
	fmt.Println(whatwg.MustParse("http://[0:0::1]/").Host())
	// Output:
	// example.com:8080
	// example.com
	// 127.0.0.1
	// [::1]
}

func ExampleURL_Pathname() {
	fmt.Println(whatwg.MustParse("http://example.com").Pathname())
	fmt.Println(whatwg.MustParse(`http://example.com/a\b/./c/../d`).Pathname())
	fmt.Println(whatwg.MustParse("mailto:joe@example.com").Pathname()) // an opaque path
	// Output:
	// /
	// /a/b/d
	// joe@example.com
}

func ExampleURL_Search() {
	fmt.Printf("%q\n", whatwg.MustParse("http://example.com/?q=a b").Search())
	fmt.Printf("%q\n", whatwg.MustParse("http://example.com/?").Search()) // empty: "" as when absent
	fmt.Printf("%q\n", whatwg.MustParse("http://example.com/").Search())
	// Output:
	// "?q=a%20b"
	// ""
	// ""
}

func ExampleURL_Hash() {
	fmt.Printf("%q\n", whatwg.MustParse("http://example.com/#sec 2").Hash())
	fmt.Printf("%q\n", whatwg.MustParse("http://example.com/#").Hash())
	// Output:
	// "#sec%202"
	// ""
}

func ExampleURL_IsSpecial() {
	for _, s := range []string{"https://example.com/", "file:///etc/motd", "gopher://example.com/", "urn:isbn:0451450523"} {
		fmt.Println(s, whatwg.MustParse(s).IsSpecial())
	}
	// Output:
	// https://example.com/ true
	// file:///etc/motd true
	// gopher://example.com/ false
	// urn:isbn:0451450523 false
}

func ExamplePercentDecode() {
	fmt.Println(whatwg.PercentDecode("%E2%82%AC 100%"))
	fmt.Println(whatwg.PercentDecode("%zz%4"))
	// Output:
	// € 100%
	// %zz%4
}

func ExampleSearchParams_Append() {
	p := whatwg.NewSearchParams("a=1")
	p.Append("a", "2")
	p.Append("b c", "ü&")
	fmt.Println(p)
	// Output:
	// a=1&a=2&b+c=%C3%BC%26
}

func ExampleSearchParams_Get() {
	p := whatwg.NewSearchParams("?a=1&a=2&b=")
	for _, name := range []string{"a", "b", "c"} {
		v, ok := p.Get(name) // the first value; ok tells an empty value from none
		fmt.Printf("%s %q %v\n", name, v, ok)
	}
	// Output:
	// a "1" true
	// b "" true
	// c "" false
}

func ExampleSearchParams_GetAll() {
	p := whatwg.NewSearchParams("a=1&b=x&a=2")
	fmt.Println(p.GetAll("a"), len(p.GetAll("c")))
	// Output:
	// [1 2] 0
}

func ExampleSearchParams_Has() {
	p := whatwg.NewSearchParams("a=1&a=2")
	fmt.Println(p.Has("a"), p.Has("a", "2"), p.Has("a", "3"), p.Has("b"))
	// Output:
	// true true false false
}

func ExampleSearchParams_Pairs() {
	for _, pair := range whatwg.NewSearchParams("q=go+url&lang=en%2Dus").Pairs() {
		fmt.Printf("%q=%q\n", pair.Name, pair.Value)
	}
	// Output:
	// "q"="go url"
	// "lang"="en-us"
}

func ExampleSearchParams_Set() {
	p := whatwg.NewSearchParams("a=1&b=2&a=3")
	p.Set("a", "x") // the first "a" takes the value, the others go
	p.Set("c", "y") // a new name is appended
	fmt.Println(p)
	// Output:
	// a=x&b=2&c=y
}

func ExampleSearchParams_Size() {
	fmt.Println(whatwg.NewSearchParams("a=1&a=2&b").Size())
	// Output:
	// 3
}

func ExampleSearchParams_Sort() {
	u := whatwg.MustParse("http://example.com/?z=1&a=2&z=0")
	p := u.SearchParams()
	p.Sort() // stable: the two "z" keep their order
	fmt.Println(p)
	fmt.Println(u.Href())
	// Output:
	// a=2&z=1&z=0
	// http://example.com/?a=2&z=1&z=0
}
