package whatwg

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// idnTestLabels are labels of every kind dirToASCII tells apart: ASCII ones (lowercased, or an
// xn-- label, which it hands off), non-ASCII ones that idnCache keeps, labels that make the
// domain a Bidi domain name (R, AL, AN) or break the Bidi Rule in one, joiners, marks, labels
// that map to a "." or to nothing, to ASCII, and failures.
var idnTestLabels = []string{"", "com", "EXAMPLE", "a1", "1", "3m", "-a", "ab-", "0x7f", "xn--tda", "XN--tda", "xn--",
	"b\u00fccher", "B\u00dcCHER", "m\u00fcnchen", "\u65e5\u672c\u8a9e", "stra\u00dfe", "\u03c2", "\u03c0\u03b1\u03c1\u03ac\u03b4\u03b5\u03b9\u03b3\u03bc\u03b1",
	"\u0645\u062b\u0627\u0644", "\u05d0", "\u05d0\u05d1", "\u05d01", "1\u05d0", "\u0661\u0662", "\u0627\u0661", "\u0627\u0661\u06f1", "a\u05d0",
	"\u2136", "a\u2136", "\u0644\u200c\u0661", "\u0644\u200c\u0627", "a\u200cb", "\u0915\u094d\u200d", "\u200d", "a\u0301", "\u0301a",
	"\uff41\uff42\uff43", "\uff58\uff4e--tda", "a\u3002b", "\u00ad", "a\u00adb", "\ufdfa", "\U0001f600", "\u00fc-", "-\u00fc", "\u00fc--x",
	"\u2488", "\u1100\u1161\u11a8", "\u0041\u030a", "\u212b", strings.Repeat("\u00fc", 40), strings.Repeat("a", 70) + "\u00fc", "\ufffd"}

// idnTestDomain draws a domain of one to four labels, sometimes with a final ".".
func idnTestDomain(r *rand.Rand) string {
	var b strings.Builder
	for k := range 1 + r.IntN(4) {
		if k > 0 {
			b.WriteByte('.')
		}
		b.WriteString(idnTestLabels[r.IntN(len(idnTestLabels))])
	}
	if r.IntN(8) == 0 {
		b.WriteByte('.')
	}
	return b.String()
}

// checkDirToASCII holds dirToASCII on domain to uts46ToASCII's result (beStrict false), with
// idnCache cold and warm: where it does not hand off, it gives the same bytes, and only for a
// domain that ToASCII converts. It reports whether dirToASCII took the domain.
func checkDirToASCII(t *testing.T, domain string) bool {
	if !utf8.ValidString(domain) || isASCII(domain) || strings.ContainsAny(domain, "%") {
		return false
	}
	for i := 0; i < len(domain); i++ {
		if forbiddenDomainTab[domain[i]] {
			return false
		}
	}
	var ref idnaBuf
	want, rule := uts46ToASCII(nil, domain, false, &ref)
	took := false
	for range 2 {
		var ib *idnaBuf
		got, ok := dirToASCII([]byte("x"), domain, &ib)
		if ib != nil {
			idnaPool.Put(ib)
		}
		if !ok {
			if string(got) != "x" {
				t.Fatalf("dirToASCII(%+q) handed off but changed dst to %q", domain, got)
			}
			continue
		}
		took = true
		if rule != "" || string(got[1:]) != string(want) {
			t.Fatalf("dirToASCII(%+q) = %q; uts46ToASCII gives %q (%s)", domain, got[1:], want, rule)
		}
	}
	return took
}

// TestDirToASCII holds dirToASCII (the direct path's label-by-label ToASCII with idnCache) to
// uts46ToASCII on generated domains, and counts that it took a good share of them.
func TestDirToASCII(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 20000
	}
	r := rand.New(rand.NewPCG(3, 46))
	took, tried := 0, 0
	for range n {
		d := idnTestDomain(r)
		if !utf8.ValidString(d) || isASCII(d) {
			continue
		}
		tried++
		if checkDirToASCII(t, d) {
			took++
		}
	}
	if took < tried/4 {
		t.Errorf("dirToASCII took %d of %d domains", took, tried)
	}
	t.Logf("dirToASCII took %d of %d domains", took, tried)
	// A label that another of the same hash slot pushes out is computed again.
	a, b := "b\u00fccher", ""
	for k := 0; b == ""; k++ {
		if c := "\u00fc" + itoa(k); idnHash(c)&(idnCacheSize-1) == idnHash(a)&(idnCacheSize-1) {
			b = c
		}
	}
	for _, d := range []string{a + ".de", b + ".de", a + ".de", b + ".de"} {
		if !checkDirToASCII(t, d) {
			t.Errorf("dirToASCII(%+q) handed off", d)
		}
	}
}

// FuzzDirToASCII holds dirToASCII to uts46ToASCII on any domain.
func FuzzDirToASCII(f *testing.F) {
	for _, s := range []string{"b\u00fccher.example", "\u0645\u062b\u0627\u0644.3m", "\u05d0.a1", "a\u3002\u00fc", "\uff58\uff4e--tda.\u00fc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkDirToASCII(t, s)
	})
}
