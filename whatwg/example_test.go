package whatwg_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/locator-url/locator/whatwg"
)

func ExampleParse() {
	u, err := whatwg.Parse("HTTP://EXAMPLE.com:80/a/./b/../c?q=1#top", nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Href())
	fmt.Println(u.Protocol(), u.Host(), u.Pathname(), u.Search(), u.Hash())

	base := whatwg.MustParse("https://example.com/docs/guide/")
	r, _ := whatwg.Parse("../api?v=2", &base)
	fmt.Println(r)

	_, err = whatwg.Parse("https://example.com:7z/", nil)
	var e *whatwg.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, e.Offset, e.Rule)
	}
	// Output:
	// http://example.com/a/c?q=1#top
	// http: example.com /a/c ?q=1 #top
	// https://example.com/docs/api?v=2
	// port-invalid 21 WHATWG URL §4.4 port state
}

func ExampleParseValidate() {
	u, verrs, err := whatwg.ParseValidate(" https://user@exam%70le.org\\a", nil)
	fmt.Println(u.Href(), err)
	for _, v := range verrs {
		fmt.Println(v.Code, v.Offset)
	}
	// Output:
	// https://user@example.org/a <nil>
	// invalid-URL-unit 0
	// invalid-credentials 13
	// domain-percent-encoded 18
	// invalid-reverse-solidus 27
}

func ExampleParseString() {
	u, err := whatwg.ParseString("//cdn.example.net/lib.js", "https://example.com/index.html")
	fmt.Println(u, err)
	// Output: https://cdn.example.net/lib.js <nil>
}

func ExampleCanParse() {
	fmt.Println(whatwg.CanParse("https://example.com", nil))
	fmt.Println(whatwg.CanParse("https://exa mple.com", nil))
	fmt.Println(whatwg.CanParse("page.html", nil))
	// Output:
	// true
	// false
	// false
}

func ExampleMustParse() {
	u := whatwg.MustParse("https://例え.テスト/パス")
	fmt.Println(u.Href())
	fmt.Println(u.Hostname())
	// Output:
	// https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9
	// xn--r8jz45g.xn--zckzah
}

func ExampleURL_Locator() {
	u := whatwg.MustParse("https://Example.com:443/a b")
	l, err := u.Locator()
	fmt.Println(l.String(), l.Host(), l.Path(), err)
	// Output: https://example.com/a%20b example.com /a%20b <nil>
}

func ExampleURL_Origin() {
	fmt.Println(whatwg.MustParse("https://example.com:8443/x").Origin())
	fmt.Println(whatwg.MustParse("blob:https://example.com/uuid").Origin())
	fmt.Println(whatwg.MustParse("file:///etc/hosts").Origin())
	// Output:
	// https://example.com:8443
	// https://example.com
	// null
}

func ExampleURL_Hostname() {
	for _, s := range []string{"http://0x7f.1/", "http://[0:0::1]/", "foo://Opaque.Host/"} {
		u := whatwg.MustParse(s)
		fmt.Println(u.Hostname(), u.Host())
	}
	// Output:
	// 127.0.0.1 127.0.0.1
	// [::1] [::1]
	// Opaque.Host Opaque.Host
}

func ExampleURL_Username() {
	u := whatwg.MustParse("ftp://us er:p@ss@example.com/")
	fmt.Println(u.Username(), u.Password())
	// Output: us%20er p%40ss
}

func ExampleURL_Port() {
	fmt.Printf("%q %q\n", whatwg.MustParse("https://example.com:443/").Port(),
		whatwg.MustParse("https://example.com:8443/").Port())
	// Output: "" "8443"
}

func ExampleURL_HasOpaquePath() {
	u := whatwg.MustParse("mailto:someone@example.com")
	fmt.Println(u.HasOpaquePath(), u.IsSpecial(), u.Pathname())
	// Output: true false someone@example.com
}

func ExampleURL_SetHref() {
	u := whatwg.MustParse("https://example.com/")
	err := u.SetHref("not a url")
	fmt.Println(u, err != nil)
	u.SetHref("http://example.org/")
	fmt.Println(u)
	// Output:
	// https://example.com/ true
	// http://example.org/
}

func ExampleURL_SetProtocol() {
	u := whatwg.MustParse("http://example.com:443/")
	u.SetProtocol("https")
	fmt.Println(u)
	err := u.SetProtocol("foo") // a special scheme cannot become a non-special one
	fmt.Println(u, err)
	// Output:
	// https://example.com/
	// https://example.com/ whatwg: "foo:": API-setter-ignored at offset 3 (WHATWG URL §4.4 scheme state)
}

func ExampleURL_SetUsername() {
	u := whatwg.MustParse("https://example.com/")
	u.SetUsername("me@home")
	u.SetPassword("s3cr:t")
	fmt.Println(u)
	// Output: https://me%40home:s3cr%3At@example.com/
}

func ExampleURL_SetPassword() {
	u := whatwg.MustParse("file:///etc/passwd")
	err := u.SetPassword("x") // file URLs cannot have a password
	fmt.Println(u, err)
	// Output: file:///etc/passwd whatwg: "x": API-setter-ignored (WHATWG URL §6.1 password setter)
}

func ExampleURL_SetHost() {
	u := whatwg.MustParse("https://example.com/path")
	u.SetHost("EXAMPLE.org:8080")
	fmt.Println(u)
	u.SetHost("example.net") // no port given: the port stays
	fmt.Println(u)
	// Output:
	// https://example.org:8080/path
	// https://example.net:8080/path
}

func ExampleURL_SetHostname() {
	u := whatwg.MustParse("https://example.com:8080/")
	u.SetHostname("192.168.0.010")
	fmt.Println(u)
	// Output: https://192.168.0.8:8080/
}

func ExampleURL_SetPort() {
	u := whatwg.MustParse("https://example.com/")
	u.SetPort("8443abc")
	fmt.Println(u)
	u.SetPort("443")
	fmt.Println(u)
	// Output:
	// https://example.com:8443/
	// https://example.com/
}

func ExampleURL_SetPathname() {
	u := whatwg.MustParse("https://example.com/old?q")
	u.SetPathname("/new path/../x")
	fmt.Println(u)
	// Output: https://example.com/x?q
}

func ExampleURL_SetSearch() {
	u := whatwg.MustParse("https://example.com/?old#h")
	u.SetSearch("?a=1 2&b='")
	fmt.Println(u)
	u.SetSearch("")
	fmt.Println(u)
	// Output:
	// https://example.com/?a=1%202&b=%27#h
	// https://example.com/#h
}

func ExampleURL_SetHash() {
	u := whatwg.MustParse("https://example.com/")
	u.SetHash("#sec tion")
	fmt.Println(u, u.Hash())
	// Output: https://example.com/#sec%20tion #sec%20tion
}

func ExampleURL_SearchParams() {
	u := whatwg.MustParse("https://example.com/search?q=go&lang=en")
	sp := u.SearchParams()
	q, _ := sp.Get("q")
	fmt.Println(q)
	sp.Set("q", "url parsing")
	sp.Append("page", "2")
	sp.Delete("lang")
	fmt.Println(u)
	// Output:
	// go
	// https://example.com/search?q=url+parsing&page=2
}

func ExampleParseForm() {
	for _, p := range whatwg.ParseForm("a=1&b=x+y%21&&c&a=%zz") {
		fmt.Printf("%q=%q\n", p.Name, p.Value)
	}
	// Output:
	// "a"="1"
	// "b"="x y!"
	// "c"=""
	// "a"="%zz"
}

func ExampleSerializeForm() {
	fmt.Println(whatwg.SerializeForm([]whatwg.Pair{{Name: "q", Value: "a b&c"}, {Name: "é", Value: "~*"}}))
	// Output: q=a+b%26c&%C3%A9=%7E*
}

func ExampleNewSearchParams() {
	sp := whatwg.NewSearchParams("?z=1&a=2&z=0&b")
	sp.Sort()
	fmt.Println(sp, sp.Size())
	fmt.Println(sp.GetAll("z"), sp.Has("b"), sp.Has("z", "3"))
	_, ok := sp.Get("y")
	fmt.Println(ok)
	// Output:
	// a=2&b=&z=1&z=0 4
	// [1 0] true false
	// false
}

func ExampleSearchParams_Delete() {
	sp := whatwg.NewSearchParams("a=1&a=2&b=3")
	sp.Delete("a", "2")
	fmt.Println(sp.String())
	sp.Delete("a")
	fmt.Println(sp.String(), sp.Pairs())
	// Output:
	// a=1&b=3
	// b=3 [{b 3}]
}

func ExamplePercentEncode() {
	fmt.Println(whatwg.PercentEncode("a b/ü?", whatwg.ComponentSet))
	fmt.Println(whatwg.PercentEncode("a b/ü?", whatwg.PathSet))
	fmt.Println(whatwg.PercentDecode("%7e%zz%C3%BC"))
	// Output:
	// a%20b%2F%C3%BC%3F
	// a%20b/%C3%BC%3F
	// ~%zzü
}

func ExampleParser_Parse() {
	// One Parser for a run of URLs (one per goroutine): the hrefs it builds share blocks.
	var p whatwg.Parser
	var kept []whatwg.URL
	for _, line := range []string{"HTTP://Example.COM:80/a/./b", "https://example.com/c d", "http://[::1"} {
		u, err := p.Parse(line, nil)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(u)
		kept = append(kept, u.Clone()) // kept for long: its own memory, not the block's
	}
	fmt.Println(len(kept))
	// Output:
	// http://example.com/a/b
	// https://example.com/c%20d
	// error: whatwg: "http://[::1": IPv6-unclosed at offset 7 (WHATWG URL §3.5 host parser)
	// 2
}

func ExampleURL_Clone() {
	var p whatwg.Parser
	u, _ := p.Parse("HTTPS://EXAMPLE.com/x", nil)
	c := u.Clone()
	fmt.Println(c == u, c.Href())
	// Output: true https://example.com/x
}

// A URL is written to JSON as its href and read back by parsing it, so records that hold URLs
// round-trip; an input that is not a URL fails the decoding with Parse's error.
func ExampleURL_UnmarshalText() {
	var link struct {
		Href whatwg.URL `json:"href"`
	}
	if err := json.Unmarshal([]byte(`{"href": "HTTPS://Example.COM:443/a/../b"}`), &link); err != nil {
		panic(err)
	}
	fmt.Println(link.Href.Href(), link.Href.Hostname())
	b, _ := json.Marshal(link)
	fmt.Println(string(b))

	err := json.Unmarshal([]byte(`{"href": "https://exa mple.com/"}`), &link)
	var e *whatwg.Error
	fmt.Println(errors.As(err, &e), e.Code)
	// Output:
	// https://example.com/b example.com
	// {"href":"https://example.com/b"}
	// true domain-to-ASCII
}
