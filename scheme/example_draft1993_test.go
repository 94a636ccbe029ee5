package scheme_test

import (
	"fmt"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func ExampleCheck_urlDraft1993() {
	// The 1993 URL draft (url6) lets a search follow the host with no path, and gives the
	// wais document its type and length; RFC 1738 has neither.
	for _, s := range []string{"http://info.cern.ch?search", "wais://quake.think.com/db/TEXT/1234/doc"} {
		u := locator.MustParse(s)
		fmt.Println(s, scheme.Valid(scheme.Check(u, locator.URLDraft1993)), scheme.Valid(scheme.Check(u, locator.RFC1738)))
	}
	// Its path has no empty segment but the last, and "=" is in none of its sets.
	for _, f := range scheme.Check(locator.MustParse("http://h/a//b=c"), locator.URLDraft1993) {
		fmt.Println(f)
	}
	// Output:
	// http://info.cern.ch?search true false
	// wais://quake.think.com/db/TEXT/1234/doc true false
	// error at offset 11: empty path segment: path is void or xpalphas [ "/" path ], so no "//" [draft1993-empty-segment, 1993 URL draft, BNF: path]
	// error at offset 13: character "=" is in none of the draft's sets and must be encoded as %3D [char-not-allowed, 1993 URL draft, BNF: path]
}
