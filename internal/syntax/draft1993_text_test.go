package syntax

import (
	"fmt"
	"testing"

	"github.com/locator-url/locator"
)

// IsDraft1993Ialpha: a letter, then xalpha or escapes; space, "+", national and punctuation
// characters are not xalpha (the 1993 URL draft, BNF; space by its prose).
func TestIsDraft1993Ialpha(t *testing.T) {
	for s, want := range map[string]bool{
		"a": true, "Z": true, "a_b": true, "A$B": true, "x.y-z": true, "a%41": true, "a%4a": true,
		"": false, "1a": false, "_a": false, "%41": false, "a b": false, "a+b": false, "a~b": false,
		"a%4": false, "a%zz": false, "a/b": false, "a<b": false, "a\x80": false,
	} {
		if got := IsDraft1993Ialpha(s); got != want {
			t.Errorf("IsDraft1993Ialpha(%q) = %v; want %v", s, got, want)
		}
	}
}

// CheckDraft1993Text gives on any text what CheckDraft1993 gives on the URL of that text, and
// reads text locator.Parse rejects ("%*", the draft's bad escape).
func TestCheckDraft1993Text(t *testing.T) {
	for _, s := range []string{"http://h/a//b=c", "a_b:x", "x/y", "http://h/#a b", ""} {
		var a, b Sink
		CheckDraft1993(&a, locator.MustParse(s))
		CheckDraft1993Text(&b, s)
		if fmt.Sprint(a.Findings()) != fmt.Sprint(b.Findings()) {
			t.Errorf("%q: CheckDraft1993 %v, CheckDraft1993Text %v", s, a.Findings(), b.Findings())
		}
	}
	var sk Sink
	// (A partial form, whose path CheckDraft1993 checks; a scheme's body is package scheme's.)
	d := CheckDraft1993Text(&sk, "a%*b")
	f := sk.Findings()
	if d.Colon != -1 || len(f) != 2 || f[0].Code != locator.CodeNoScheme ||
		f[1].Offset != 1 || f[1].Code != locator.CodeBadEscape || f[1].Severity != locator.SeverityError {
		t.Errorf("CheckDraft1993Text(%q) = %+v, %v", "a%*b", d, f)
	}
}
