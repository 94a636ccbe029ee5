package syntax

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/pct"
)

// appendClassDiff checks AppendClass1738 on s, behind each of a few prefixes (none, fewer
// than eight bytes, more, with bytes not in k) and before a suffix, against CheckClass1738
// (xrule "RFC 1738 §2.2") and CheckClass (xrule "") into an empty Sink: the same findings
// when it reports true, and false only at a byte ≥ 0x80 or past max.
func appendClassDiff(t *testing.T, s string, k *pct.Class, xrule string) {
	t.Helper()
	for _, pre := range []string{"", "h:/", "http://a", "http://a.b/{} ~|"} {
		for _, suf := range []string{"", "~x"} {
			appendClassAt(t, pre+s+suf, len(pre), len(pre)+len(s), k, xrule)
		}
	}
}

// appendClassAt is appendClassDiff for the part whole[start:end].
func appendClassAt(t *testing.T, whole string, start, end int, k *pct.Class, xrule string) {
	t.Helper()
	s := whole[start:end]
	var sk Sink
	if xrule != "" {
		CheckClass1738(&sk, s, start, k, "rule")
	} else {
		CheckClass(&sk, s, start, k, "rule")
	}
	want := sk.Findings()
	pre := []locator.Finding{{Offset: 1, Code: locator.CodeUnsafeChar}} // a finding before, which must stay
	for _, max := range []int{len(pre) + locator.MaxFindings, len(pre) + 2} {
		got, ok := AppendClass1738(slices.Clip(pre), whole, start, end, k, "rule", xrule, max)
		if got[0] != pre[0] {
			t.Fatalf("AppendClass1738(%q): the finding before was changed", s)
		}
		switch {
		case ok && !slices.Equal(got[1:], want):
			t.Fatalf("AppendClass1738(%q[%d:%d], max %d):\n%v\nCheck: %v", whole, start, end, max, got[1:], want)
		case ok && len(got) > max:
			t.Fatalf("AppendClass1738(%q[%d:%d], max %d): %d findings, more than max", whole, start, end, max, len(got))
		case !ok && !strings.ContainsFunc(s, func(r rune) bool { return r >= 0x80 }) && len(want) <= max-len(pre):
			t.Fatalf("AppendClass1738(%q[%d:%d], max %d) = false, with %d findings of US-ASCII bytes", whole, start, end, max, len(want))
		case !ok && !slices.Equal(got[1:], want[:len(got)-1]):
			t.Fatalf("AppendClass1738(%q[%d:%d], max %d) = false after\n%v\nnot a start of %v", whole, start, end, max, got[1:], want)
		}
	}
}

// TestAppendClass1738 compares AppendClass1738 with the Sink's checkers on random strings of
// class bytes, unsafe and reserved characters, escapes good and bad and non-ASCII text, for
// the classes the fast paths scan with.
func TestAppendClass1738(t *testing.T) {
	pieces := []string{"a", "b/", "~", " ", "%41", "%4", "%zz", "%", "?", "/", "{", "é", "\xff", "#", ";", "=", "abcdefgh", "<>"}
	r := rand.New(rand.NewPCG(10, 5))
	n := 20000
	if testing.Short() {
		n = 3000
	}
	for range n {
		var b strings.Builder
		for m := r.IntN(30); m > 0; m-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		appendClassDiff(t, s, XcharClass, "")
		appendClassDiff(t, s, XcharClass, "RFC 1738 §2.2")
		appendClassDiff(t, s, LoginClass, "RFC 1738 §2.2")
	}
	appendClassDiff(t, strings.Repeat("~", 300), XcharClass, "RFC 1738 §2.2")
	for n := range 70 { // every length around the eight-byte words and the 64-byte mask
		appendClassDiff(t, strings.Repeat("a", n)+"~", XcharClass, "RFC 1738 §2.2")
		appendClassDiff(t, "~"+strings.Repeat("a", n), XcharClass, "RFC 1738 §2.2")
		appendClassDiff(t, strings.Repeat("a%41", n/4)+"%4"+strings.Repeat("~", n%5), XcharClass, "RFC 1738 §2.2")
	}
}

// FuzzAppendClass1738 is TestAppendClass1738 on any string.
func FuzzAppendClass1738(f *testing.F) {
	f.Add("/~a/b%41c d")
	f.Fuzz(func(t *testing.T, s string) {
		appendClassDiff(t, s, XcharClass, "")
		appendClassDiff(t, s, XcharClass, "RFC 1738 §2.2")
		appendClassDiff(t, s, LoginClass, "RFC 1738 §2.2")
	})
}
