package scheme

import (
	"github.com/locator-url/locator"
	"github.com/locator-url/locator/pct"
)

// charClass is a set of bytes the checkers scan for often (a pct.Class of classTable), so that
// "is every byte of s in the set?" is one table lookup and one AND per byte: the fast path of
// a checker, which calls locator.CheckChars (one byte at a time) only when the answer is no.
type charClass = pct.Class

// classTable holds the classes of the scheme checkers' hot paths.
var classTable pct.Table

// newCharClass returns the class of the bytes of set. It is called only while the package's
// variables are initialized.
func newCharClass(set pct.Set) *charClass { return classTable.Add(set) }

// checkChars is locator.CheckChars with allowed = k.Set, and a fast path for s all in k.
func checkChars(dst []locator.Finding, s string, off int, k *charClass, rule string) []locator.Finding {
	if k.All(s) {
		return dst
	}
	i := k.Skip(s)
	return locator.CheckChars(dst, s[i:], off+i, k.Set, rule)
}
