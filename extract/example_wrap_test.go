package extract_test

import (
	"fmt"

	"github.com/locator-url/locator/extract"
)

func ExampleWrap() {
	w, err := extract.Wrap("ftp://info.cern.ch/pub/www/doc;type=d")
	fmt.Println(w, err)
	// Output: <URL:ftp://info.cern.ch/pub/www/doc;type=d> <nil>
}

func ExampleWrapOptions_Wrap() {
	o := extract.WrapOptions{Width: 30, Indent: 2}
	w, _ := o.Wrap("http://ds.internic.net/instructions/overview.html#WARNING")
	fmt.Println(w)
	// Find reads the URL back.
	fmt.Println(extract.FindString(w)[0].URL)
	// A URL that text cannot hold as it is.
	_, err := o.Wrap("http://example.com/a b")
	fmt.Println(err)
	// Output:
	// <URL:http://ds.internic.net/
	//   instructions/
	//   overview.html#WARNING>
	// http://ds.internic.net/instructions/overview.html#WARNING
	// locator: "http://example.com/a b": " " is unsafe and must be encoded (%20); in text it is white space or the wrapper's delimiter (at offset 20, RFC 1738 §2.2; RFC 1738 Appendix)
}

func ExampleWrapOptions_AppendWrapped() {
	line := []byte("Yes, Jim, I found it under ")
	line, _ = extract.WrapOptions{Width: 64}.AppendWrapped(line, "ftp://info.cern.ch/pub/www/doc;type=d", len(line))
	fmt.Printf("%s.\n", line)
	// Output:
	// Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
	// type=d>.
}

func ExampleWrapText() {
	// The text is not reflowed: a URL is broken where its line is already past the width.
	out, kept := extract.WrapText([]byte("> Yes, Jim, I found it under ftp://info.cern.ch/pub/www/doc;type=d but you can probably pick it up from URL:ftp://ds.internic.net/rfc.\n"))
	fmt.Printf("%s%d left as written\n", out, len(kept))
	// Output:
	// > Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;type=d> but you can probably pick it up from <URL:ftp://ds.internic.net/
	// >   rfc>.
	// 0 left as written
}

func ExampleWrapOptions_WrapText() {
	o := extract.WrapOptions{Width: 40, Indent: 4}
	out, kept := o.WrapText([]byte("See http://www.w3.org/pub/WWW/TheProject.html and http://x-\ny/z.\n"))
	fmt.Printf("%s", out)
	for _, k := range kept {
		fmt.Println(k.URL, k.Err)
	}
	// Output:
	// See <URL:http://www.w3.org/pub/WWW/
	//     TheProject.html> and http://x-
	// y/z.
	// http://xy/z locator: "http://xy/z": a line break after a hyphen: the hyphen "may or may not actually be part of the URL" (at offset 0, RFC 1738 Appendix)
}
