package locator_test

import (
	"fmt"

	"github.com/locator-url/locator"
)

// The scheme-level equivalences of RFC 1738: file's "localhost" (§3.10), gopher's default
// type "1" (§3.4.1), the case of an ftp typecode (§5 ftptype; RFC 959 §5.3); and ";type=d"
// after an empty ftp name, which follows the 1994 URL draft's "/" suffix.
func ExampleEquivalent_schemeLevel() {
	for _, p := range [][2]string{
		{"file://localhost/etc/motd", "file:///etc/motd"},
		{"file://localhost2/etc/motd", "file:///etc/motd"},
		{"gopher://h", "gopher://h/1"},
		{"gopher://h/0", "gopher://h/"},
		{"ftp://h/a;type=I", "ftp://h/a;type=i"},
		{"ftp://h/a;type=I", "ftp://h/a;type=a"},
		{"ftp://h/pub/;type=d", "ftp://h/pub/"},
		{"ftp://h/pub;type=d", "ftp://h/pub/"},
	} {
		fmt.Println(p[0], p[1], locator.Equivalent(locator.MustParse(p[0]), locator.MustParse(p[1])))
	}
	// Output:
	// file://localhost/etc/motd file:///etc/motd true
	// file://localhost2/etc/motd file:///etc/motd false
	// gopher://h gopher://h/1 true
	// gopher://h/0 gopher://h/ false
	// ftp://h/a;type=I ftp://h/a;type=i true
	// ftp://h/a;type=I ftp://h/a;type=a false
	// ftp://h/pub/;type=d ftp://h/pub/ true
	// ftp://h/pub;type=d ftp://h/pub/ false
}

// SchemeLevelSteps says which of the scheme-level steps a document supports by itself.
func ExampleSchemeLevelSteps() {
	for _, s := range locator.Specs() {
		fmt.Printf("%s: %s\n", s, locator.SchemeLevelSteps(s))
	}
	u := locator.MustParse("gopher://h/1")
	n, _ := locator.Normalize(u, locator.NormalizeSafe&^locator.NormalizeRemoveDefaultPath|locator.SchemeLevelSteps(locator.URLDraft1993))
	fmt.Println(n)
	// Output:
	// rfc1738: remove-localhost,remove-default-path,lower-typecode
	// rfc3986: remove-localhost,remove-default-path,lower-typecode
	// whatwg: remove-localhost
	// url-draft-1994: lower-typecode
	// url-draft-1993: remove-default-path
	// rfc1630: remove-default-path
	// gopher://h/
}
