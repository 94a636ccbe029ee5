package whatwg

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/allocs"
)

// idnTestLabels are labels of every kind dirIDNHost tells apart: ASCII ones (lowercased, or an
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

// idnTestTails end a host, or are bytes that dirIDNHost hands off.
var idnTestTails = []string{"", "/p", "\\p", ":80", ":", "?q", "#f", "@h", "%41", " ", "\t", "\x00", "a\xff", "\xff", "|", "^"}

// checkDirIDNHost holds dirIDNHost on "x:" + host to dirIDNHostWhole's result, with idnCache
// cold and warm, for a special URL and a file URL: the same href bytes, end and verdict. It
// reports whether the host was taken without a hand-off to dirIDNHostWhole.
func checkDirIDNHost(t *testing.T, host string) bool {
	const pre = "x:"
	s := pre + host
	took := false
	for _, file := range []bool{false, true} {
		want, wantEnd, wantOK := dirIDNHostWhole([]byte(pre), s, len(pre), file)
		for range 2 {
			got, end, ok := dirIDNHost([]byte(pre), s, len(pre), file)
			if ok != wantOK || end != wantEnd && ok || string(got) != string(want) && ok {
				t.Fatalf("dirIDNHost(%+q, file %v) = %q, %d, %v; dirIDNHostWhole %q, %d, %v", host, file, got, end, ok, want, wantEnd, wantOK)
			}
			took = took || ok && idnTaken(host)
		}
	}
	return took
}

// idnLower returns s with its ASCII letters lowercased: the form of a label idnCache keeps.
func idnLower(s string) string {
	b := []byte(s)
	for j, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[j] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// idnTaken reports whether the first label of host idnCache could keep is in it.
func idnTaken(host string) bool {
	for _, l := range strings.FieldsFunc(host, func(r rune) bool {
		return r < 0x80 && r != '-' && !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9')
	}) {
		if !isASCII(l) {
			set := idnSlot(idnHash(l))
			for _, e := range []*idnLabel{idnCache[set].Load(), idnCache[set+1].Load()} {
				if e != nil && e.key == idnLower(l) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// TestDirIDNHost holds dirIDNHost (the direct path's label-by-label ToASCII with idnCache) to
// dirIDNHostWhole (uts46ToASCII on the whole domain) on generated hosts, and counts that
// idnCache took a good share of them.
func TestDirIDNHost(t *testing.T) {
	n := 50000
	if testing.Short() {
		n = 10000
	}
	r := rand.New(rand.NewPCG(3, 46))
	took := 0
	for range n {
		if checkDirIDNHost(t, idnTestDomain(r)+idnTestTails[r.IntN(len(idnTestTails))]) {
			took++
		}
	}
	if took < n/10 {
		t.Errorf("idnCache took %d of %d hosts", took, n)
	}
	t.Logf("idnCache took %d of %d hosts", took, n)
	// A label that another of the same slot pushed out is computed again.
	slot := func(l string) uint64 { return idnSlot(idnHash(l)) }
	a, b := "b\u00fccher", ""
	for k := 0; b == ""; k++ {
		if c := "\u00fc" + itoa(k); slot(c) == slot(a) {
			b = c
		}
	}
	for _, h := range []string{a + ".de", b + ".de", a + ".de", b + ".de"} {
		if !checkDirIDNHost(t, h) {
			t.Errorf("dirIDNHost(%+q) handed off", h)
		}
	}
	// Labels of one slot that differ in their last three bytes only: in each of the four words
	// that dirIDNHost compares a key in (up to idnPad bytes), and past idnPad bytes (compared
	// as strings); in upper case, which idnCache keeps lowercased; and a label that is another
	// and three bytes more.
	for _, n := range []int{8, 13, 16, 24, 25, 32, 40} {
		head := strings.Repeat("\u00fc", (n-3)/2) + strings.Repeat("x", (n-3)%2)
		a := head + "abc"
		// b: a's length, its last three bytes other; ab: a and three bytes more.
		b, ab := "", ""
		for k := 0; (b == "" || ab == "") && k < 26*26*26; k++ {
			three := string(rune('a'+k%26)) + string(rune('a'+k/26%26)) + string(rune('a'+k/676))
			if c := head + three; b == "" && c != a && slot(c) == slot(a) {
				b = c
			}
			if c := a + three; ab == "" && slot(c) == slot(a) {
				ab = c
			}
		}
		if len(a) != n || b == "" || ab == "" {
			t.Fatalf("no label of %d bytes, or of 3 more, in the slot of %+q", n, a)
		}
		for _, h := range []string{a + ".de", b + ".de", a + ".de", strings.ToUpper(b) + ".de", b + ".de", strings.ToUpper(a),
			ab + ".de", a + ".de", ab + ".de"} {
			if !checkDirIDNHost(t, h) {
				t.Errorf("dirIDNHost(%+q) handed off", h)
			}
		}
	}
}

// TestIDNRun holds idnRun, which writes, hashes and classifies a host's labels as it reads
// them, to idnHash and idnLabelFlags on one label, and checks that idnSlot spreads the labels
// of idnTestLabels and the messy sets' IDN labels, and their upper-case forms, over idnCache: as
// a random function would, about 7 of 120 labels share a slot with another; a hash that threw
// away bytes would put many more together.
func TestIDNRun(t *testing.T) {
	const pre = "\u00e9x:"
	keys := map[string]bool{}
	for _, l := range append(append([]string{}, idnTestLabels...), messyIDNTops...) {
		for _, tail := range []string{"", "/", ":80", "?q", "%41"} {
			s := pre + l + tail
			buf := make([]byte, 3, 3+len(s))
			j, lj, h, f := idnRun(buf, len(buf), s, len(pre))
			k, end := len(buf)+j, len(pre)+j
			if want := len(s) - len(tail); end != want || lj != 0 {
				t.Errorf("idnRun(%+q) ends at %d, label from %d; want %d, 0", s, end, lj, want)
			}
			if want := idnHash(l); h != want {
				t.Errorf("idnRun(%+q) hashes to %#x, idnHash %#x", s, h, want)
			}
			low := []byte(idnLower(l))
			if got := buf[3:k]; string(got) != string(low) {
				t.Errorf("idnRun(%+q) writes %+q, want %+q", s, got, low)
			}
			want := idnHighByte
			if isASCII(l) {
				want = idnLabelFlags(low, idnNotLDH)
				if l == "" {
					want = 0
				} else if ldh, ok := ldhLabelBidi(l); ldh && ok {
					want &^= idnASCIIBidi
				}
			}
			if f != want {
				t.Errorf("idnRun(%+q) flags %#x, want %#x", s, f, want)
			}
			// An ASCII xn-- label, in either case, is idnXN's (dirIDNHostWhole decodes it): not
			// only what idnLabelFlags says, which want is.
			if xn := isASCII(l) && strings.HasPrefix(idnLower(l), "xn--"); xn != (f&idnXN != 0) {
				t.Errorf("idnRun(%+q) flags %#x: xn-- label %v", s, f, xn)
			}
		}
		keys[idnLower(l)], keys[idnLower(strings.ToUpper(l))] = true, true
	}
	slots := map[uint64]bool{}
	for l := range keys {
		slots[idnSlot(idnHash(l))] = true
	}
	if len(slots) < len(keys)*85/100 {
		t.Errorf("%d labels in %d slots of idnCache", len(keys), len(slots))
	}
	t.Logf("%d labels in %d slots of idnCache", len(keys), len(slots))
}

// FuzzDirIDNHost holds dirIDNHost to dirIDNHostWhole on any host.
func FuzzDirIDNHost(f *testing.F) {
	for _, s := range []string{"b\u00fccher.example", "\u0645\u062b\u0627\u0644.3m/", "\u05d0.a1:80", "a\u3002\u00fc", "\uff58\uff4e--tda.\u00fc?q", "\u00fc.xn--tda", "\u00fc@h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkDirIDNHost(t, s)
	})
}

// TestIDNCacheConcurrent parses hosts whose labels share idnCache slots from several goroutines
// at once (go test -race checks the slots' sharing) and holds each result to the full parser's.
func TestIDNCacheConcurrent(t *testing.T) {
	var hosts []string
	r := rand.New(rand.NewPCG(5, 7))
	for range 200 {
		hosts = append(hosts, idnTestDomain(r))
	}
	want := make([]URL, len(hosts))
	for i, h := range hosts {
		want[i], _ = parse("https://"+h+"/p", nil, false, nil)
	}
	done := make(chan bool)
	for g := range 4 {
		go func() {
			ok := true
			for k := range 2000 {
				i := (k*7 + g*13) % len(hosts)
				if u, _ := Parse("https://"+hosts[i]+"/p", nil); u != want[i] {
					t.Errorf("Parse(%+q) = %q, want %q", hosts[i], u.href, want[i].href)
					ok = false
					break
				}
			}
			done <- ok
		}()
	}
	for range 4 {
		<-done
	}
}

// TestIDNCacheTwoWays holds idnCache to keeping the two labels of one set that a program meets
// in turn: once each has been computed, looking them up in turn allocates nothing (with one
// entry a set they pushed each other out and each was computed again, with its allocations,
// at every other look-up). A third label of the set pushes out the older of the two (the
// first computed), and the two others stay.
func TestIDNCacheTwoWays(t *testing.T) {
	if raceEnabled {
		t.Skip("allocations are counted without the race detector")
	}
	set := func(l string) uint64 { return idnSlot(idnHash(l)) }
	a := "b\u00fccher"
	var same []string
	for k := 0; len(same) < 2; k++ {
		if c := "\u00fc" + itoa(k); set(c) == set(a) {
			same = append(same, c)
		}
	}
	b, c := same[0], same[1]
	// The set starts empty: what other tests left in it (a in its second place, say, which b
	// would push out) does not decide what stays. No test of the package runs in parallel.
	idnCache[set(a)].Store(nil)
	idnCache[set(a)+1].Store(nil)
	host := func(l string) string { return l + ".example/" }
	lookup := func(l string) {
		h := host(l)
		if _, _, ok := dirIDNHost(make([]byte, 0, 256), h, 0, false); !ok {
			t.Fatalf("dirIDNHost(%+q) handed off", h)
		}
	}
	lookup(a)
	lookup(b)
	buf := make([]byte, 0, 256)
	if n := allocs.Count(0, 50, func() {
		dirIDNHost(buf, host(a), 0, false)
		dirIDNHost(buf, host(b), 0, false)
	}); n != 0 {
		t.Errorf("%+q and %+q (one set) in turn: %v allocations, want 0", a, b, n)
	}
	// c comes in: a was computed first, so a goes.
	lookup(c)
	if !idnTaken(host(b)) || !idnTaken(host(c)) || idnTaken(host(a)) {
		t.Errorf("after %+q, %+q, %+q in one set: kept %v, %v, %v; want false, true, true", a, b, c,
			idnTaken(host(a)), idnTaken(host(b)), idnTaken(host(c)))
	}
}
