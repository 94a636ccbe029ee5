package whatwg

import (
	"strings"
	"sync/atomic"
)

// The direct path's Unicode ToASCII, label by label. The domain parser (§3.3) runs UTS #46
// ToASCII on the whole domain, but with the domain parser's options (beStrict false) each step
// but one works on one label at a time when the domain is split at the input's ASCII "."s and no
// code point of a label maps to a ".":
//   - §4 Processing step 1 maps code point by code point;
//   - step 2, NFC: U+002E is a starter that composes with nothing, so the NFC of a domain is the
//     NFC of its labels joined by "." (no mark moves across it, no pair composes across it);
//   - steps 3–4 break into labels and convert or validate each (an xn-- label is decoded; the
//     Validity Criteria of §4.1 look at one label), except CheckBidi (§4.1 criterion 9), which
//     applies the Bidi Rule of RFC 5893 to every label once one label of the domain has a code
//     point of Bidi_Class R, AL or AN (a Bidi domain name);
//   - §4.2 ToASCII step 3 converts each label to Punycode.
// So ToASCII of one non-ASCII label alone gives that label's part of the domain's result, and
// whether the label makes the domain a Bidi domain name and whether it satisfies the Bidi Rule
// are facts of the label: idnCache keeps them for the labels seen last (a bounded table), and
// dirToASCII puts a domain together from them, applying CheckBidi across the labels itself.
// Anything else (an ASCII xn-- label, a label that maps to a "." or to nothing, a label longer
// than idnCacheMaxLabel bytes, a failure) goes to uts46ToASCII on the whole domain, which gives
// the answer. TestDirToASCII and FuzzDirToASCII hold the two to the same result.

// idnLabel is what idnCache keeps of one non-ASCII label. It never changes once stored.
type idnLabel struct {
	key    string // the label as it is in the input, between ASCII "."s
	out    string // its ToASCII (UTS #46 §4.2, beStrict false): ASCII, not empty, no "."
	bidi   bool   // it has a code point of Bidi_Class R, AL or AN: the domain is a Bidi domain name
	bidiOK bool   // it satisfies the Bidi Rule (RFC 5893 §2), which CheckBidi asks of it then
}

const (
	idnCacheSize     = 1024 // entries of idnCache, a power of two
	idnCacheMaxLabel = 64   // the longest input label that idnCache keeps
)

// idnCache maps a label, by its hash, to the idnLabel last computed for a label of that hash.
// Readers and writers race only on the pointers: a reader compares the key it finds.
var idnCache [idnCacheSize]atomic.Pointer[idnLabel]

// idnHash is FNV-1a of s.
func idnHash(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint32(s[i])) * 16777619
	}
	return h
}

// idnLookup returns the idnLabel of label (valid UTF-8 with a non-ASCII code point, no ASCII
// "."), computing and keeping it when idnCache has not got it; nil when label is not one that
// idnCache keeps (see above). ib is got from idnaPool when needed and left for the caller to put
// back.
func idnLookup(label string, ib **idnaBuf) *idnLabel {
	slot := &idnCache[idnHash(label)&(idnCacheSize-1)]
	if e := slot.Load(); e != nil && e.key == label {
		return e
	}
	if len(label) > idnCacheMaxLabel {
		return nil
	}
	if *ib == nil {
		*ib = idnaPool.Get().(*idnaBuf)
	}
	b := *ib
	var stack [256]byte
	out, rule := uts46ToASCII(stack[:0], label, false, b)
	if rule != "" || len(out) == 0 || strings.IndexByte(bstr(out), '.') >= 0 {
		return nil
	}
	// The label's code points after mapping, normalization and decoding: those its Punycode
	// encodes, or the ASCII it became.
	runes := b.runes[:0]
	if len(out) >= 4 && string(out[:4]) == "xn--" {
		var ok bool
		if runes, ok = punyDecode(runes, bstr(out[4:])); !ok {
			return nil
		}
	} else {
		for _, c := range out {
			runes = append(runes, rune(c))
		}
	}
	b.runes = runes
	e := &idnLabel{key: strings.Clone(label), out: string(out), bidiOK: checkBidi(runes) == ""}
	for _, r := range runes {
		e.bidi = e.bidi || r >= 0x80 && uts46Props(r)&propBidiDomain != 0
	}
	slot.Store(e)
	return e
}

// dirToASCII appends to dst Unicode ToASCII (UTS #46 §4.2, beStrict false) of domain, valid UTF-8
// with a non-ASCII code point and no ASCII forbidden domain code point or "%", from its labels'
// results (see above). false means it did not: dst is returned as it was, and uts46ToASCII on
// the whole domain gives the answer. ib is as in idnLookup.
func dirToASCII(dst []byte, domain string, ib **idnaBuf) ([]byte, bool) {
	start := len(dst)
	bidi, bidiOK := false, true
	for i := 0; i <= len(domain); {
		j := i
		var or byte
		for j < len(domain) && domain[j] != '.' {
			or |= domain[j]
			j++
		}
		label := domain[i:j]
		if or < 0x80 {
			// An ASCII label: §4 Processing step 1 lowercases it (every ASCII code point is
			// valid or mapped to lower case without UseSTD3ASCIIRules); an xn-- one is decoded.
			if len(label) >= 4 && label[0]|0x20 == 'x' && label[1]|0x20 == 'n' && label[2] == '-' && label[3] == '-' {
				return dst[:start], false
			}
			for k := 0; k < len(label); k++ {
				dst = append(dst, asciiLower[label[k]])
			}
		} else {
			e := idnLookup(label, ib)
			if e == nil {
				return dst[:start], false
			}
			dst = append(dst, e.out...)
			bidi = bidi || e.bidi
			bidiOK = bidiOK && e.bidiOK
		}
		if j < len(domain) {
			dst = append(dst, '.')
		}
		i = j + 1
	}
	if !bidi {
		return dst, true
	}
	// §4.1 criterion 9, CheckBidi: in a Bidi domain name, every label satisfies the Bidi Rule.
	if !bidiOK {
		return dst[:start], false
	}
	if *ib == nil {
		*ib = idnaPool.Get().(*idnaBuf)
	}
	b := *ib
	for i := 0; i <= len(domain); {
		j := i
		var or byte
		for j < len(domain) && domain[j] != '.' {
			or |= domain[j]
			j++
		}
		if label := domain[i:j]; label != "" && or < 0x80 {
			// An ASCII label, lowercased as above (a non-ASCII one was checked above).
			runes := b.runes[:0]
			for k := 0; k < len(label); k++ {
				runes = append(runes, rune(asciiLower[label[k]]))
			}
			b.runes = runes
			if checkBidi(runes) != "" {
				return dst[:start], false
			}
		}
		i = j + 1
	}
	return dst, true
}
