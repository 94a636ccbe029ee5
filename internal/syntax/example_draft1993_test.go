package syntax_test

import (
	"fmt"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
)

func ExampleCheckDraft1993() {
	// The scheme-independent rules of the 1993 URL draft: the scheme name (ialpha) and the
	// fragment-id; package scheme then checks the scheme's production on the split.
	u := locator.MustParse("svn+ssh:x#a+b")
	var sk syntax.Sink
	d := syntax.CheckDraft1993(&sk, u)
	fmt.Printf("scheme %q, body %q\n", d.Scheme(), d.Body())
	for _, f := range sk.Findings() {
		fmt.Println(f)
	}
	// Output:
	// scheme "svn+ssh", body "x"
	// error at offset 3: delimiter "+" is not allowed here and must be encoded as %2B [reserved-unencoded, 1993 URL draft, BNF: scheme]
	// error at offset 11: delimiter "+" is not allowed here and must be encoded as %2B [reserved-unencoded, 1993 URL draft, BNF: fragmentid]
}

func ExampleCheckDraft1993Search() {
	// search = xalphas [ "+" search ]: no empty word.
	var sk syntax.Sink
	syntax.CheckDraft1993Search(&sk, "a++b", 20, "1993 URL draft, BNF: search")
	for _, f := range sk.Findings() {
		fmt.Println(f)
	}
	// Output:
	// error at offset 22: empty word in the search: search is xalphas [ "+" search ] [draft1993-search-word, 1993 URL draft, BNF: search]
}
