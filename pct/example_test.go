package pct_test

import (
	"errors"
	"fmt"

	"github.com/locator-url/locator/pct"
)

func ExampleOf() {
	s := pct.Of(";/?:@&=") // RFC 1738 §5 reserved
	fmt.Println(s.Contains('/'), s.Contains('a'), s)
	// Output: true false &/:;=?@
}

func ExampleRange() {
	fmt.Println(pct.Range('0', '9'))
	// Output: 0123456789
}

func ExampleSet_Contains() {
	fmt.Println(pct.RFC1738Unsafe.Contains('~'), pct.Unreserved.Contains('~'))
	// Output: true true
}

func ExampleSet_Union() {
	// RFC 1738 §5 xchar = unreserved | reserved | escape
	fmt.Println(pct.RFC1738Unreserved.Union(pct.RFC1738Reserved) == pct.RFC1738Xchar)
	// Output: true
}

func ExampleSet_Intersect() {
	// The characters RFC 1738 calls unsafe but RFC 3986 unreserved.
	fmt.Println(pct.RFC1738Unsafe.Intersect(pct.Unreserved))
	// Output: ~
}

func ExampleSet_Minus() {
	// What RFC 1738 §5 lets stand unencoded that RFC 3986 §2.3 does not call unreserved.
	fmt.Println(pct.RFC1738Unreserved.Minus(pct.Unreserved))
	// Output: !$'()*+,
}

func ExampleSet_Complement() {
	fmt.Println(pct.Range(0x00, 0x7f).Complement() == pct.RFC1738NonASCII)
	// Output: true
}

func ExampleSet_With() {
	fmt.Println(pct.Digit.With("."))
	// Output: .0123456789
}

func ExampleSet_Without() {
	fmt.Println(pct.RFC1738Reserved.Without("/"))
	// Output: &:;=?@
}

func ExampleSet_IsEmpty() {
	fmt.Println(pct.Set{}.IsEmpty(), pct.Unreserved.Intersect(pct.Reserved).IsEmpty())
	// Output: true true
}

func ExampleSet_Len() {
	fmt.Println(pct.RFC1738Unsafe.Len(), pct.Unreserved.Len())
	// Output: 176 66
}

func ExampleSet_String() {
	fmt.Println(pct.RFC1738Punctuation, pct.Of("\x00 "))
	// Output: "#%25<> %00%20
}

func ExampleSet_IndexNotIn() {
	fmt.Println(pct.RFC1738Xchar.IndexNotIn("/pub/a b"))
	// Output: 6
}

func ExampleIsHex() {
	fmt.Println(pct.IsHex('a'), pct.IsHex('F'), pct.IsHex('g'))
	// Output: true true false
}

func ExampleUnhex() {
	c, ok := pct.Unhex('7', 'e')
	fmt.Printf("%q %v\n", c, ok)
	// Output: '~' true
}

func ExampleValidate() {
	// The URI draft, "Escaping", Example 3: "%*" has no decoding.
	err := pct.Validate("asdf%*.fred")
	var e *pct.Error
	if errors.As(err, &e) {
		fmt.Println(e.Offset, e.Code)
	}
	// Output: 4 bad-escape-hex
}

func ExampleError() {
	_, err := pct.Decode("100%")
	fmt.Println(err)
	// Output: pct: illegal escape in "100%" at offset 3: "%" at end of input, not followed by two hex digits (RFC 1738 §2.2 escape)
}

func ExampleAppendEncode() {
	keep := pct.RFC1738Uchar.Union(pct.Of(";:@&=")) // RFC 1738 §5 hsegment
	b := pct.AppendEncode([]byte("http://h/"), "a b/c", keep)
	fmt.Println(string(b))
	// Output: http://h/a%20b%2Fc
}

func ExampleEncode() {
	fmt.Println(pct.Encode("~user/é", pct.Unreserved.With("/")))
	// Output: ~user/%C3%A9
}

func ExampleAppendDecode() {
	b, err := pct.AppendDecode(nil, "marie%2Dclaude")
	fmt.Println(string(b), err)
	// Output: marie-claude <nil>
}

func ExampleDecode() {
	s, err := pct.Decode("ftp%3A//h/a%20b")
	fmt.Println(s, err)
	_, err = pct.Decode("%as")
	fmt.Println(err.(*pct.Error).Code)
	// Output:
	// ftp://h/a b <nil>
	// bad-escape-hex
}

func ExampleAppendDecodeExcept() {
	// The URI draft: %2D (a hyphen) may be decoded, %2F (a reserved "/") never.
	b, _ := pct.AppendDecodeExcept(nil, "bertram%2fmarie%2Dclaude", pct.Reserved)
	fmt.Println(string(b))
	// Output: bertram%2Fmarie-claude
}

func ExampleTable_Add() {
	var t pct.Table
	digits := t.Add(pct.Digit)
	hex := t.Add(pct.Hex)
	fmt.Println(digits.All("2026"), hex.All("2026"), digits.All("c0ffee"), hex.All("c0ffee"))
	// Output: true true false true
}

func ExampleTable_Common() {
	var t pct.Table
	digits := t.Add(pct.Digit)
	hex := t.Add(pct.Hex)
	bits := t.Common("beef")
	fmt.Println(bits&digits.Bit() != 0, bits&hex.Bit() != 0)
	// Output: false true
}

func ExampleTable_Bits() {
	var t pct.Table
	unreserved := t.Add(pct.Unreserved)
	fmt.Println(t.Bits('~')&unreserved.Bit() != 0, t.Bits('/')&unreserved.Bit() != 0)
	// Output: true false
}

func ExampleClass_All() {
	var t pct.Table
	k := t.Add(pct.RFC1738Xchar)
	fmt.Println(k.All("pub/www/doc;type=d"), k.All("a b"))
	// Output: true false
}

func ExampleClass_Skip() {
	var t pct.Table
	k := t.Add(pct.RFC1738Xchar)
	fmt.Println(k.Skip("pub/a b"), k.Skip("ok"))
	// Output: 5 2
}

func ExampleClass_Bit() {
	var t pct.Table
	first, second := t.Add(pct.Alpha), t.Add(pct.Digit)
	fmt.Println(first.Bit(), second.Bit())
	// Output: 1 2
}
