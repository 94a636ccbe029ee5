package syntax_test

import (
	"fmt"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

func ExampleCheckRFC1738() {
	u := locator.MustParse("HTTP://host.com/~joe/a b.html")
	var sk syntax.Sink
	syntax.CheckRFC1738(&sk, u)
	for _, f := range sk.Findings() {
		fmt.Println(f)
	}
	// Output:
	// warning at offset 0: scheme "HTTP" has upper case; schemes are written in lower case [scheme-upper-case, RFC 1738 §2.1, §5 scheme]
	// error at offset 16: character "~" is unsafe (gateways may change it) and must be encoded as %7E [national-char, RFC 1738 §2.2]
	// error at offset 22: unsafe character " " must be encoded as %20 [unsafe-char, RFC 1738 §2.2]
}

func ExampleCheckRFC3986() {
	u := locator.MustParse("http://[fe80::1%25en0]/a|b")
	var sk syntax.Sink
	syntax.CheckRFC3986(&sk, u)
	for _, f := range sk.Findings() {
		fmt.Println(f)
	}
	// A colon in the first segment of a relative reference reads as a scheme.
	var rel syntax.Sink
	syntax.CheckRFC3986(&rel, locator.MustParse("1a:b/c"))
	for _, f := range rel.Findings() {
		fmt.Println(f.Code, f.Offset)
	}
	// Output:
	// error at offset 15: zone identifier "%25en0" is not RFC 3986 (RFC 6874 adds "%25" ZoneID) [zone-id-not-rfc3986, RFC 3986 §3.2.2 IP-literal]
	// error at offset 24: character "|" is not allowed in a URI; encode it as %7C [char-not-allowed, RFC 3986 §3.3 path]
	// colon-in-first-segment 2
}

func ExampleCheckHostPort() {
	// RFC 1738 §5 hostport, found at offset 7 of a URL.
	var sk syntax.Sink
	syntax.CheckHostPort(&sk, "-a.3com.:", 7)
	for _, f := range sk.Findings() {
		fmt.Println(f)
	}
	// Output:
	// error at offset 7: label "-a" starts with "-"; a label starts with a letter or digit [host-label-hyphen, RFC 1738 §5 hostname]
	// error at offset 10: top label "3com" starts with a digit; the rightmost label starts with a letter [host-toplabel-digit, RFC 1738 §5 hostname]
	// error at offset 14: host "-a.3com." ends in "."; RFC 1738 hostname has no trailing dot [host-trailing-dot, RFC 1738 §5 hostname]
	// error at offset 15: ":" with no port after it; RFC 1738 omits the colon with the port [empty-port, RFC 1738 §5 port]
}

func ExampleCheckChars() {
	// RFC 1738 §5 hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ], at offset 16 of a URL.
	hsegment := pct.RFC1738Uchar.With(";:@&=")
	var sk syntax.Sink
	syntax.CheckChars(&sk, "a b/ü", 16, hsegment, "RFC 1738 §5 hsegment")
	for _, f := range sk.Findings() {
		fmt.Println(f.Offset, f.Code)
	}
	// Output:
	// 17 unsafe-char
	// 19 reserved-unencoded
	// 20 non-ascii
}

func ExampleCheckLogin() {
	u := locator.MustParse("ftp://me@home:pa:ss@ftp.host.com:/")
	var sk syntax.Sink
	syntax.CheckLogin(&sk, u)
	for _, f := range sk.Findings() {
		fmt.Println(f)
	}
	// Output:
	// error at offset 8: reserved character "@" in the user name must be encoded as %40 (the login ends at the last "@") [reserved-unencoded, RFC 1738 §3.1 user name]
	// error at offset 16: reserved character ":" in the password must be encoded as %3A (the first ":" ends the user name) [reserved-unencoded, RFC 1738 §3.1 password]
	// error at offset 32: ":" with no port after it; RFC 1738 omits the colon with the port [empty-port, RFC 1738 §5 port]
}

func ExampleSink() {
	// A scheme's checker (here CheckChars on the path, as package scheme's checkers call it)
	// and the scheme-independent CheckRFC1738 both see the space and the "|": the Sink keeps
	// one finding per offset and code, the first, and Findings puts them in offset order.
	u := locator.MustParse("http://host.com/a b|c")
	var sk syntax.Sink
	syntax.CheckChars(&sk, u.Path(), u.Offsets().Path.Start, pct.RFC1738Uchar.With("/"), "RFC 1738 §5 hpath")
	syntax.CheckRFC1738(&sk, u)
	fmt.Println(sk.Len())
	for _, f := range sk.Findings() {
		fmt.Println(f)
	}
	// Output:
	// 2
	// error at offset 17: unsafe character " " must be encoded as %20 [unsafe-char, RFC 1738 §5 hpath]
	// error at offset 19: character "|" is unsafe (gateways may change it) and must be encoded as %7C [national-char, RFC 1738 §5 hpath]
}

func ExampleCheckRFC1630Text() {
	// The URI draft's Example 3: "%*" is no escape. Its scheme "fxqn" is ialpha.
	var sk syntax.Sink
	p := syntax.CheckRFC1630Text(&sk, "fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred")
	f := sk.Findings()
	fmt.Println(p.Scheme, f[0].Code, f[0].Offset)
	// "+" in a search is a space; "=" is in no production; "a_b" is a scheme name.
	var q syntax.Sink
	syntax.CheckRFC1630Text(&q, "a_b:x?c++=1")
	for _, f := range q.Findings() {
		fmt.Println(f.Severity, f.Code, f.Offset)
	}
	// Output:
	// fxqn bad-escape 36
	// warning search-empty-word 8
	// error char-not-allowed 9
}
