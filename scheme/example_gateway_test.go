package scheme_test

import (
	"fmt"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func ExampleGatewayPlan() {
	p, err := scheme.GatewayPlan(locator.MustParse("gopher://gopher.example/1/docs#top"), "proxy.example", 8080)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Scheme, p.Host, p.Port)
	fmt.Printf("%q\n", p.Wire())
	// A URL whose own plan is refused is not handed to a gateway either (RFC 1738 §6).
	_, err = scheme.GatewayPlan(locator.MustParse("gopher://gopher.example/1a%0d%0ab"), "proxy.example", 8080)
	fmt.Println(err != nil)
	// Output:
	// gopher proxy.example 8080
	// "GET gopher://gopher.example/1/docs HTTP/1.0\r\nHost: gopher.example\r\n\r\n"
	// true
}

func ExampleHTTP_PlanWith() {
	h, err := scheme.ParseHTTP(locator.MustParse("http://www.example.com/big.iso"))
	if err != nil {
		fmt.Println(err)
		return
	}
	p, _ := h.PlanWith(scheme.HTTPOptions{Offset: 1000})
	fmt.Printf("%q\n", p.Wire())
	// Output:
	// "GET /big.iso HTTP/1.0\r\nHost: www.example.com\r\nRange: bytes=1000-\r\n\r\n"
}
