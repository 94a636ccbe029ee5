package locator_test

import (
	"fmt"

	"github.com/locator-url/locator"
)

func ExampleSecurity() {
	u := locator.MustParse("gopher://www.bank.example:secret@mail.example:25/1%0D%0AQUIT")
	for _, f := range locator.Security(u) {
		fmt.Println(f.Offset, f.Code)
	}
	// Output:
	// 9 userinfo-looks-like-host
	// 26 password-in-url
	// 46 port-reserved
	// 50 encoded-line-break
	// 53 encoded-line-break
}
