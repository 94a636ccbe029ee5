package scheme_test

import (
	"fmt"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func ExampleSecurity() {
	u := locator.MustParse("gopher://www.bank.example:secret@mail.example:25/1%0D%0AQUIT")
	for _, f := range scheme.Security(u) {
		fmt.Println(f.Offset, f.Code)
	}
	// Output:
	// 9 userinfo-looks-like-host
	// 26 password-in-url
	// 46 port-reserved
	// 50 encoded-line-break
	// 53 encoded-line-break
}

func ExampleReport_FirstError() {
	for _, in := range []string{"http://example.com:8080/", "http://example.com/a b"} {
		f, ok := scheme.Inspect(in, locator.RFC1738).FirstError()
		fmt.Printf("%v %d %q\n", ok, f.Offset, f.Code)
	}
	// Output:
	// false 0 ""
	// true 20 "unsafe-char"
}
