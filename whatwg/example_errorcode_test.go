package whatwg_test

import (
	"errors"
	"fmt"

	"github.com/locator-url/locator/whatwg"
)

// ErrorCode names the failure for code that does not import this package.
func ExampleError_ErrorCode() {
	_, err := whatwg.Parse("http://[x", nil)
	if e, ok := errors.AsType[interface {
		error
		ErrorCode() string
	}](err); ok {
		fmt.Println(e.ErrorCode())
	}
	// Output: IPv6-unclosed
}
