package pct_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/locator-url/locator/pct"
)

// classSets are the package's sets, and a few more, compiled into one Table by TestClass.
var classSets = []pct.Set{pct.Alpha, pct.Digit, pct.Hex, pct.AlphaDigit, pct.RFC1738Safe,
	pct.RFC1738Extra, pct.RFC1738National, pct.RFC1738Punctuation, pct.RFC1738Reserved,
	pct.RFC1738Unreserved, pct.RFC1738Uchar, pct.RFC1738Xchar, pct.RFC1738Control,
	pct.RFC1738NonASCII, pct.RFC1738Unsafe, pct.RFC1738SchemeChars, pct.Unreserved, pct.GenDelims,
	pct.SubDelims, pct.Reserved, pct.PChar, pct.PathChars, pct.QueryChars, pct.FragmentChars,
	pct.UserinfoChars, pct.RegNameChars, pct.SchemeChars, {}, pct.Set{}.Complement(),
	pct.Range(0x80, 0xff)}

// TestClass holds a Table's answers to its Sets' (the Table's doc: "a byte is in a Class
// exactly when it is in the Set the Class was made from"), on generated strings that mix each
// set's bytes with others: All, Skip, Bits and Common. A Class not made by Add (the zero
// Class, a literal with only Set) answers from its Set with the same answers (All and Skip
// dereferenced its nil Table), and Add refuses a 33rd class.
func TestClass(t *testing.T) {
	var tab pct.Table
	classes := make([]*pct.Class, len(classSets))
	for i, s := range classSets {
		classes[i] = tab.Add(s)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		k := r.IntN(len(classSets))
		set := classSets[k]
		// Mostly the set's bytes, a few from anywhere: both answers of All, and Skip at every
		// position.
		var sb strings.Builder
		for range r.IntN(12) {
			c := byte(r.IntN(256))
			for tries := 0; tries < 8 && !set.Contains(c) && r.IntN(8) != 0; tries++ {
				c = byte(r.IntN(256))
			}
			sb.WriteByte(c)
		}
		s := sb.String()
		want := set.IndexNotIn(s)
		wantSkip := want
		if want < 0 {
			wantSkip = len(s)
		}
		for _, c := range []*pct.Class{classes[k], {Set: set}} {
			if got := c.All(s); got != (want < 0) {
				t.Fatalf("class %d (table %v): All(%q) = %v, want %v", k, c.Bit() != 0, s, got, want < 0)
			}
			if got := c.Skip(s); got != wantSkip {
				t.Fatalf("class %d (table %v): Skip(%q) = %d, want %d", k, c.Bit() != 0, s, got, wantSkip)
			}
		}
		common := tab.Common(s)
		for j, c := range classes {
			if got := common&c.Bit() != 0; got != (classSets[j].IndexNotIn(s) < 0) {
				t.Fatalf("Common(%q) says class %d is %v", s, j, got)
			}
		}
		if s != "" {
			for j, c := range classes {
				if got := tab.Bits(s[0])&c.Bit() != 0; got != classSets[j].Contains(s[0]) {
					t.Fatalf("Bits(%q) says class %d is %v", s[0], j, got)
				}
			}
		}
	}
	var zero pct.Class
	if !zero.All("") || zero.All("a") || zero.Skip("ab") != 0 || zero.Skip("") != 0 || zero.Bit() != 0 {
		t.Errorf("the zero Class: All(\"\") %v, All(\"a\") %v, Skip(\"ab\") %d, Bit %d; want true, false, 0, 0",
			zero.All(""), zero.All("a"), zero.Skip("ab"), zero.Bit())
	}
	var full pct.Table
	for range 32 {
		full.Add(pct.Digit)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("Add made a 33rd class")
			}
		}()
		full.Add(pct.Digit)
	}()
}
