package scheme

import (
	"github.com/locator-url/locator"
	"github.com/locator-url/locator/pct"
)

// charClass is a set of bytes the checkers scan for often, with a bit in classBits so that
// "is every byte of s in the set?" is one table lookup and one AND per byte, with no branch:
// the fast path of a checker, which calls locator.CheckChars (one byte at a time) only when
// the answer is no. The answer is exact: a byte is in the class exactly when it is in set.
type charClass struct {
	set pct.Set
	bit uint32
}

// classBits holds, for each byte, the bits of the classes it belongs to.
var classBits [256]uint32

// nClasses is the number of classes made so far; newCharClass panics past 32.
var nClasses int

// newCharClass returns the class of the bytes of set. It is called only while the package's
// variables are initialized.
func newCharClass(set pct.Set) *charClass {
	if nClasses == 32 {
		panic("scheme: too many character classes")
	}
	k := &charClass{set: set, bit: 1 << nClasses}
	nClasses++
	for c := 0; c < 256; c++ {
		if set.Contains(byte(c)) {
			classBits[c] |= k.bit
		}
	}
	return k
}

// all reports whether every byte of s is in k (true for "").
func (k *charClass) all(s string) bool {
	a, b := k.bit, k.bit
	i := 0
	for ; i+4 <= len(s); i += 4 {
		_ = s[i+3]
		a &= classBits[s[i]] & classBits[s[i+1]]
		b &= classBits[s[i+2]] & classBits[s[i+3]]
	}
	for ; i < len(s); i++ {
		a &= classBits[s[i]]
	}
	return a&b != 0
}

// skip returns the index of the first byte of s that is not in k, or len(s). The checkers
// start their byte-by-byte scan there: the bytes before it are allowed, and none of them
// starts an escape.
func (k *charClass) skip(s string) int {
	for i := 0; i < len(s); i++ {
		if classBits[s[i]]&k.bit == 0 {
			return i
		}
	}
	return len(s)
}

// checkChars is locator.CheckChars with allowed = k.set, and a fast path for s all in k.
func checkChars(dst []locator.Finding, s string, off int, k *charClass, rule string) []locator.Finding {
	if k.all(s) {
		return dst
	}
	i := k.skip(s)
	return locator.CheckChars(dst, s[i:], off+i, k.set, rule)
}
