package locator_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"

	"github.com/locator-url/locator"
)

func ExampleParse() {
	u, err := locator.Parse("ftp://myname@host.dom/%2Fetc/motd")
	if err != nil {
		panic(err)
	}
	user, _ := u.User()
	fmt.Println(u.Scheme(), user, u.Host(), u.Path(), u.URLPath())
	// Output: ftp myname host.dom /%2Fetc/motd %2Fetc/motd
}

func ExampleParse_error() {
	// The URI draft, "Escaping", Example 3: there is no decoding for "%*".
	_, err := locator.Parse("fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred")
	var e *locator.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, e.Offset, e.Rule)
	}
	// Output: bad-escape 36 RFC 1738 §2.2 escape
}

func ExampleParse_absentAndEmpty() {
	// RFC 1738 §3.1: an empty user, no user, and an empty password.
	for _, s := range []string{"ftp://@host.com/", "ftp://host.com/", "ftp://foo:@host.com/"} {
		u := locator.MustParse(s)
		user, hasUser := u.User()
		pw, hasPw := u.Password()
		fmt.Printf("%-22s user %q %v, password %q %v\n", s, user, hasUser, pw, hasPw)
	}
	// Output:
	// ftp://@host.com/       user "" true, password "" false
	// ftp://host.com/        user "" false, password "" false
	// ftp://foo:@host.com/   user "foo" true, password "" true
}

func ExampleMustParse() {
	u := locator.MustParse("http://ds.internic.net/instructions/overview.html#WARNING")
	f, _ := u.Fragment()
	fmt.Println(f)
	// Output: WARNING
}

func ExampleParseAbsolute() {
	_, err := locator.ParseAbsolute("//host/path")
	fmt.Println(err.(*locator.Error).Code)
	u, _ := locator.ParseAbsolute("news:comp.infosystems.www")
	fmt.Println(u.Scheme())
	// Output:
	// no-scheme
	// news
}

func ExampleURL_Scheme() {
	u := locator.MustParse("HTTP://h/")
	fmt.Println(u.Scheme(), u.IsScheme("http"), u.HasScheme())
	// Output: HTTP true true
}

func ExampleURL_IsScheme() {
	fmt.Println(locator.MustParse("Gopher://h/").IsScheme("gopher"))
	// Output: true
}

func ExampleURL_SchemePart() {
	fmt.Println(locator.MustParse("mailto:joe@example.com#x").SchemePart())
	// Output: joe@example.com
}

func ExampleURL_Authority() {
	a, ok := locator.MustParse("file:///etc/motd").Authority()
	fmt.Printf("%q %v\n", a, ok)
	a, ok = locator.MustParse("mailto:joe@example.com").Authority()
	fmt.Printf("%q %v\n", a, ok)
	// Output:
	// "" true
	// "" false
}

func ExampleURL_Userinfo() {
	ui, ok := locator.MustParse("telnet://user:pw@host/").Userinfo()
	fmt.Println(ui, ok)
	// Output: user:pw true
}

func ExampleURL_Host() {
	u := locator.MustParse("http://[2001:db8::7]:8080/")
	fmt.Println(u.Host(), u.Hostname(), u.HostPort())
	// Output: [2001:db8::7] 2001:db8::7 [2001:db8::7]:8080
}

func ExampleURL_Port() {
	for _, s := range []string{"http://h/", "http://h:/", "http://h:8080/"} {
		p, ok := locator.MustParse(s).Port()
		n, isNum := locator.MustParse(s).PortNumber()
		fmt.Printf("%q %v %d %v\n", p, ok, n, isNum)
	}
	// Output:
	// "" false 0 false
	// "" true 0 false
	// "8080" true 8080 true
}

func ExampleURL_Path() {
	u := locator.MustParse("ftp://info.cern.ch/pub/www/doc;type=d")
	fmt.Println(u.Path())    // RFC 3986 §3.3: with the "/"
	fmt.Println(u.URLPath()) // RFC 1738 §3.1: without it
	// Output:
	// /pub/www/doc;type=d
	// pub/www/doc;type=d
}

func ExampleURL_Query() {
	for _, s := range []string{"http://h/", "http://h/?", "http://h/?q=1"} {
		q, ok := locator.MustParse(s).Query()
		fmt.Printf("%q %v\n", q, ok)
	}
	// Output:
	// "" false
	// "" true
	// "q=1" true
}

func ExampleURL_Fragment() {
	f, ok := locator.MustParse("http://h/#").Fragment()
	fmt.Printf("%q %v\n", f, ok)
	// Output: "" true
}

func ExampleURL_WithoutFragment() {
	fmt.Println(locator.MustParse("http://h/p?q#frag").WithoutFragment())
	// Output: http://h/p?q
}

func ExampleURL_Offsets() {
	s := "ftp://user@host.com:21/pub"
	o := locator.MustParse(s).Offsets()
	fmt.Println(s[o.Host.Start:o.Host.End], s[o.Port.Start:o.Port.End], o.Password)
	// Output: host.com 21 {-1 -1}
}

func ExampleURL_AppendTo() {
	b := []byte("<URL:")
	b = locator.MustParse("http://h/").AppendTo(b)
	fmt.Println(string(append(b, '>')))
	// Output: <URL:http://h/>
}

func ExampleURL_MarshalText() {
	b, _ := json.Marshal(map[string]locator.URL{"home": locator.MustParse("http://h/")})
	fmt.Println(string(b))
	// Output: {"home":"http://h/"}
}

func ExampleURL_UnmarshalText() {
	var v struct{ Home, None locator.URL }
	err := json.Unmarshal([]byte(`{"Home":"http://h/","None":""}`), &v)
	fmt.Println(v.Home.Host(), v.None.IsZero(), err)
	// Output: h true <nil>
}

func ExampleURL_String() {
	// Parse is lossless: String gives the input back byte for byte.
	fmt.Println(locator.MustParse("HTTP://Example.COM:80/a%7e b"))
	// Output: HTTP://Example.COM:80/a%7e b
}

func ExampleEncodingLevel() {
	// The URI draft: bring two URIs to the same encoding level before comparing them.
	for _, s := range []string{
		"http://www.w3.org/albert/bertram/marie%2Dclaude",
		"http://www.w3.org/albert/bertram%2fmarie-claude",
		"http://h/a b/%7e",
	} {
		fmt.Println(locator.EncodingLevel(locator.MustParse(s)))
	}
	// Output:
	// http://www.w3.org/albert/bertram/marie-claude
	// http://www.w3.org/albert/bertram%2Fmarie-claude
	// http://h/a%20b/%7E
}

func ExampleCanonical() {
	fmt.Println(locator.Canonical(locator.MustParse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")))
	fmt.Println(locator.Canonical(locator.MustParse("HTTP://Example.COM:80")))
	// Output:
	// example://a/b/c/%7Bfoo%7D
	// http://example.com/
}

func ExampleEquivalent() {
	a := locator.MustParse("http://www.w3.org/albert/bertram/marie-claude")
	b := locator.MustParse("http://www.w3.org/albert/bertram/marie%2Dclaude")
	c := locator.MustParse("http://www.w3.org/albert/bertram%2Fmarie-claude")
	fmt.Println(locator.Equivalent(a, b), locator.Equivalent(a, c))
	// Output: true false
}

func ExampleURL_NetURL() {
	nu, err := locator.MustParse("ftp://foo:@host.com/").NetURL()
	pw, set := nu.User.Password()
	fmt.Printf("%q %v %v\n", pw, set, err)
	_, err = locator.MustParse("http://h/#").NetURL()
	fmt.Println(err.(*locator.Error).Code)
	// Output:
	// "" true <nil>
	// net-url-lossy
}

func ExampleFromNetURL() {
	u, err := locator.FromNetURL(&url.URL{Scheme: "http", Host: "h", Path: "/a b"})
	fmt.Println(u, err)
	_, err = locator.FromNetURL(&url.URL{Host: "h", Path: "relative"})
	fmt.Println(err.(*locator.Error).Code)
	// Output:
	// http://h/a%20b <nil>
	// net-url-lossy
}

func ExampleError() {
	_, err := locator.Parse("http://host:8o/")
	fmt.Println(err)
	// Output: locator: "http://host:8o/": port is not decimal digits (at offset 13, RFC 1738 §3.1 port)
}
