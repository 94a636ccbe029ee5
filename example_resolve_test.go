package locator_test

import (
	"fmt"

	"github.com/locator-url/locator"
)

func ExampleResolve() {
	base := locator.MustParse("http://a/b/c/d;p?q")
	for _, ref := range []string{"g", "../../../g", "?y", "http:g"} {
		r := locator.MustParse(ref)
		for _, m := range []locator.Mode{locator.ModeRFC3986, locator.ModeRFC3986Compat, locator.ModeRFC2396, locator.ModeRFC1808} {
			u, err := locator.Resolve(base, r, m)
			if err != nil {
				fmt.Println(err)
				continue
			}
			fmt.Printf("%-11s %-15s %s\n", ref, m, u)
		}
	}
	// Output:
	// g           rfc3986         http://a/b/c/g
	// g           rfc3986-compat  http://a/b/c/g
	// g           rfc2396         http://a/b/c/g
	// g           rfc1808         http://a/b/c/g
	// ../../../g  rfc3986         http://a/g
	// ../../../g  rfc3986-compat  http://a/g
	// ../../../g  rfc2396         http://a/../g
	// ../../../g  rfc1808         http://a/../g
	// ?y          rfc3986         http://a/b/c/d;p?y
	// ?y          rfc3986-compat  http://a/b/c/d;p?y
	// ?y          rfc2396         http://a/b/c/?y
	// ?y          rfc1808         http://a/b/c/d;p?y
	// http:g      rfc3986         http:g
	// http:g      rfc3986-compat  http://a/b/c/g
	// http:g      rfc2396         http:g
	// http:g      rfc1808         http:g
}

func ExampleResolve_rfc1630() {
	// The partial form of the URI draft (RFC 1630): a reference with N leading slashes keeps
	// the context up to the first run of exactly N slashes.
	base := locator.MustParse("magic://a/b/c//d/e/f")
	for _, ref := range []string{"g", "/g", "//g", "../g"} {
		draft, _ := locator.Resolve(base, locator.MustParse(ref), locator.ModeRFC1630)
		published, _ := locator.Resolve(base, locator.MustParse(ref), locator.ModeRFC1630Published)
		fmt.Printf("%-5s %-22s %s\n", ref, draft, published)
	}
	// Output:
	// g     magic://a/b/c//d/e/g   magic://a/b/c//d/e/g
	// /g    magic://a/g            magic://a/b/c//d/g
	// //g   magic://g              magic://g
	// ../g  magic://a/b/c//d/g     magic://a/b/c//d/g
}

func ExampleURL_Resolve() {
	base := locator.MustParse("http://example.com/docs/guide/index.html")
	u, err := base.Resolve(locator.MustParse("../api/#Parse"))
	fmt.Println(u, err)
	// Output: http://example.com/docs/api/#Parse <nil>
}

func ExampleRemoveDotSegments() {
	for _, m := range []locator.Mode{locator.ModeRFC3986, locator.ModeRFC2396, locator.ModeURLDraft, locator.ModeRFC1630} {
		fmt.Printf("%-9s %-8s %s\n", m, locator.RemoveDotSegments("/b/c/../../../g", m),
			locator.RemoveDotSegments("/s//a/b/../../", m))
	}
	// Output:
	// rfc3986   /g       /s//
	// rfc2396   /../g    /s//
	// url-draft /../g    /s//
	// rfc1630   /../g    /s//a/../
}

func ExampleRelative() {
	base := locator.MustParse("http://a/b/c/d;p?q")
	for _, t := range []string{"http://a/b/c/g", "http://a/b/g?y", "http://a/x", "http://g/h", "ftp://a/b"} {
		r, _ := locator.Relative(base, locator.MustParse(t), locator.ModeRFC3986)
		fmt.Printf("%-15s %s\n", t, r)
	}
	// Output:
	// http://a/b/c/g  g
	// http://a/b/g?y  ../g?y
	// http://a/x      /x
	// http://g/h      //g/h
	// ftp://a/b       ftp://a/b
}

func ExampleNormalize() {
	u := locator.MustParse("HTTP://User@WWW.Example.COM.:80/%7euser/./a/../b/index.html?b=2&a=1#top")
	for _, opts := range []locator.NormalizeFlags{locator.NormalizeSafe, locator.NormalizeUsually, locator.NormalizeAggressive} {
		n, _ := locator.Normalize(u, opts)
		fmt.Printf("%-10s %s\n", opts, n)
	}
	// Output:
	// safe       http://User@www.example.com./~user/b/index.html?b=2&a=1#top
	// usually    http://User@www.example.com/~user/b/index.html?b=2&a=1#top
	// aggressive http://User@example.com/~user/b?a=1&b=2
}

func ExampleSURT() {
	s, _ := locator.SURT(locator.MustParse("http://www.archive.org/goo/?b=2&a=1"))
	fmt.Println(s)
	// Output: org,archive)/goo?a=1&b=2
}

func ExampleParseMode() {
	m, err := locator.ParseMode("rfc1808")
	fmt.Println(m, err)
	_, err = locator.ParseMode("whatwg")
	fmt.Println(err)
	_, err = locator.Resolve(locator.MustParse("http://a/b"), locator.MustParse("c"), locator.ModeWHATWG)
	fmt.Println(err)
	// Output:
	// rfc1808 <nil>
	// <nil>
	// locator: "c": not yet implemented: no resolver is registered for whatwg; import github.com/locator-url/locator/whatwg to register it, or use rfc3986 or rfc3986-compat (at offset 0, WHATWG URL Standard)
}
