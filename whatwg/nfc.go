package whatwg

import (
	"slices"
	"unicode/utf8"
)

// Normalization Form C (Unicode Standard Annex #15), which UTS #46 §4 Processing step 2 and
// validity criterion 1 ask for, on the tables of uts46_tables.go (nfcUnicodeVersion): canonical
// decomposition, canonical ordering, then canonical composition.

// The Hangul syllable constants of the Unicode Standard, §3.12 Conjoining Jamo Behavior.
const (
	hangulSBase  = 0xAC00
	hangulLBase  = 0x1100
	hangulVBase  = 0x1161
	hangulTBase  = 0x11A7
	hangulLCount = 19
	hangulVCount = 21
	hangulTCount = 28
	hangulNCount = hangulVCount * hangulTCount
	hangulSCount = hangulLCount * hangulNCount
)

// nfcLookup returns the Canonical_Combining_Class, NFC_Quick_Check (0 Yes, 1 No, 2 Maybe) and
// full canonical decomposition of r.
func nfcLookup(r rune) (ccc uint8, qc uint8, dec string) {
	lo, hi := 0, len(nfcStarts)
	if r < lookupDirect {
		lo, hi = int(nfcDirect[r]), 0
	}
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if nfcStarts[m] <= uint32(r) {
			lo = m
		} else {
			hi = m
		}
	}
	v := nfcVals[lo]
	off, n := v>>16, (v>>10)&0x3f
	return uint8(v), uint8(v>>8) & 3, nfcDecompositions[off : off+n]
}

// nfcCompose returns the primary composite of a and b, or -1.
func nfcCompose(a, b rune) rune {
	if hangulLBase <= a && a < hangulLBase+hangulLCount && hangulVBase <= b && b < hangulVBase+hangulVCount {
		return hangulSBase + ((a-hangulLBase)*hangulVCount+b-hangulVBase)*hangulTCount
	}
	if s := a - hangulSBase; 0 <= s && s < hangulSCount && s%hangulTCount == 0 &&
		hangulTBase < b && b < hangulTBase+hangulTCount {
		return a + b - hangulTBase
	}
	key := uint64(a)<<21 | uint64(b)
	i, ok := slices.BinarySearch(nfcPairs[:], key)
	if !ok {
		return -1
	}
	return rune(nfcComposites[i])
}

// nfcIsNormal is the quick check of UAX #15 §9: it reports true only for text in NFC (every
// NFC_Quick_Check Yes, combining classes in order); false means "maybe not".
func nfcIsNormal(s []byte) bool {
	last := uint8(0)
	for i := 0; i < len(s); {
		if s[i] < 0x80 {
			last = 0
			i++
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		i += size
		ccc, qc, _ := nfcLookup(r)
		if qc != 0 || ccc != 0 && last > ccc {
			return false
		}
		last = ccc
	}
	return true
}

// nfcAppend appends the NFC of s (valid UTF-8) to dst, using *buf for the code points. The
// time is linear in s but for canonical ordering, which sorts each run of combining marks.
func nfcAppend(dst, s []byte, buf *[]rune) []byte {
	// Decompose (D68 canonical decomposition, Hangul syllables by §3.12).
	rs := slices.Grow((*buf)[:0], len(s))
	for i := 0; i < len(s); {
		if s[i] < 0x80 {
			rs = append(rs, rune(s[i]))
			i++
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		i += size
		if si := r - hangulSBase; 0 <= si && si < hangulSCount {
			rs = append(rs, hangulLBase+si/hangulNCount, hangulVBase+(si%hangulNCount)/hangulTCount)
			if t := si % hangulTCount; t != 0 {
				rs = append(rs, hangulTBase+t)
			}
			continue
		}
		if _, _, dec := nfcLookup(r); dec != "" {
			for _, d := range dec {
				rs = append(rs, d)
			}
			continue
		}
		rs = append(rs, r)
	}
	// Canonical ordering (D109): each run of non-starters sorted by class, stably.
	for i := 0; i < len(rs); {
		if rs[i] < 0x300 || cccOf(rs[i]) == 0 {
			i++
			continue
		}
		j := i + 1
		for j < len(rs) && rs[j] >= 0x300 && cccOf(rs[j]) != 0 {
			j++
		}
		if j-i > 1 {
			slices.SortStableFunc(rs[i:j], func(a, b rune) int { return int(cccOf(a)) - int(cccOf(b)) })
		}
		i = j
	}
	// Canonical composition (D117): each character is combined with the last starter if it is
	// not blocked from it and they have a primary composite.
	if len(rs) > 0 {
		starter, last, out := 0, cccOf(rs[0]), 1
		if last != 0 {
			last = 255 // a leading non-starter: nothing composes with it
			starter = -1
		}
		for i := 1; i < len(rs); i++ {
			r := rs[i]
			ccc := cccOf(r)
			if starter >= 0 && (last < ccc || last == 0 && out == starter+1) {
				if c := nfcCompose(rs[starter], r); c >= 0 {
					rs[starter] = c
					continue
				}
			}
			if ccc == 0 {
				starter = out
			}
			last = ccc
			rs[out] = r
			out++
		}
		rs = rs[:out]
	}
	for _, r := range rs {
		dst = utf8.AppendRune(dst, r)
	}
	*buf = rs
	return dst
}

// cccOf returns the Canonical_Combining_Class of r.
func cccOf(r rune) uint8 {
	if r < 0x300 {
		return 0
	}
	ccc, _, _ := nfcLookup(r)
	return ccc
}
