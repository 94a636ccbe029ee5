package scheme_test

import (
	"bytes"
	"fmt"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func ExampleAppendWire() {
	var buf []byte // reused from URL to URL
	for _, s := range []string{"http://www.example.org:8080/a b?q", "file:///etc/motd"} {
		var p scheme.Plan
		var err error
		buf, p, err = scheme.AppendWire(buf[:0], locator.MustParse(s))
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s %q:%d %q\n", p.Scheme, p.Host, p.Port, p.Path)
		for line := range bytes.Lines(buf) {
			fmt.Printf("  %q\n", line)
		}
	}
	// Output:
	// http "www.example.org":8080 ""
	//   "GET /a%20b?q HTTP/1.0\r\n"
	//   "Host: www.example.org:8080\r\n"
	//   "\r\n"
	// file "":0 "/etc/motd"
}
