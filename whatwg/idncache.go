package whatwg

import (
	"hash/maphash"
	"slices"
	"strings"
	"sync/atomic"
	"unicode/utf8"
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
//     applies the Bidi Rule to every label once one label of the domain has a code
//     point of Bidi_Class R, AL or AN (a Bidi domain name);
//   - UTS #46 §4.2 ToASCII step 3 converts each label to Punycode.
// So ToASCII of one non-ASCII label alone gives that label's part of the domain's result, and
// whether the label makes the domain a Bidi domain name and whether it satisfies the Bidi Rule
// are facts of the label: idnCache keeps them for the labels seen last (a bounded table), and
// dirIDNHost puts a domain together from them, applying CheckBidi across the labels itself.
// Anything else (an ASCII xn-- label, a label that maps to a "." or to nothing or to a forbidden
// domain code point, a label longer than idnCacheMaxLabel bytes, a failure) goes to
// dirIDNHostWhole, uts46ToASCII on the whole domain, which gives the answer. TestDirIDNHost and
// FuzzDirIDNHost hold the two to the same result.

// idnLabel is what idnCache keeps of one non-ASCII label. It never changes once stored.
type idnLabel struct {
	key    string // the label as it is in the input, between ASCII "."s
	out    string // its ToASCII (UTS #46 §4.2, beStrict false): ASCII, not empty, no "."
	bidi   bool   // it has a code point of Bidi_Class R, AL or AN: the domain is a Bidi domain name
	bidiOK bool   // it satisfies the Bidi Rule of RFC 5893, which CheckBidi asks of it then
}

const (
	idnCacheSize     = 1024 // entries of idnCache, a power of two
	idnCacheMaxLabel = 64   // the longest input label that idnCache keeps
)

// idnCache maps a label, by its hash, to the idnLabel last computed for a label of that hash.
// Readers and writers race only on the pointers: a reader compares the key it finds.
var idnCache [idnCacheSize]atomic.Pointer[idnLabel]

// idnLookup returns the idnLabel of label (a non-ASCII label: no ASCII "."), computing and
// keeping it when idnCache has not got it; nil when label is not one that idnCache keeps (see
// above), or invalid UTF-8 (the full parser reads U+FFFD, which ToASCII disallows), or when its
// ToASCII fails or has a forbidden domain code point (§3.3 domain to ASCII, step 8).
func idnLookup(label string) *idnLabel {
	slot := &idnCache[maphash.String(idnSeed, label)&(idnCacheSize-1)]
	if e := slot.Load(); e != nil && e.key == label {
		return e
	}
	if len(label) > idnCacheMaxLabel || !utf8.ValidString(label) {
		return nil
	}
	b := idnaPool.Get().(*idnaBuf)
	defer idnaPool.Put(b)
	var stack [256]byte
	out, rule := uts46ToASCII(stack[:0], label, false, b)
	if rule != "" || len(out) == 0 {
		return nil
	}
	for _, c := range out {
		if c == '.' || forbiddenDomainTab[c] {
			return nil
		}
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

// idnSeed seeds idnCache's hash.
var idnSeed = maphash.MakeSeed()

// Classes of a host's ASCII bytes in dirIDNHost.
const (
	iKeep uint8 = iota // appended, lowercased (asciiLower)
	iHigh              // non-ASCII: a byte of a label that idnLookup converts
	iDot               // "." ends a label
	iEnd               // "/", "\\", "?", "#", ":" end the host (host state); ":" is the file host state's to refuse
	iFail              // "%" (percent-decoding), a forbidden domain code point, a tab or newline: dirIDNHostWhole's
)

// idnByte is the class of each byte in dirIDNHost.
var idnByte [256]uint8

func init() {
	for c := 0; c < 256; c++ {
		switch {
		case c >= 0x80:
			idnByte[c] = iHigh
		case c == '.':
			idnByte[c] = iDot
		case c == '/' || c == '\\' || c == '?' || c == '#' || c == ':':
			idnByte[c] = iEnd
		case c == '%' || forbiddenDomainTab[c]:
			idnByte[c] = iFail
		}
	}
}

// dirIDNHost is dirIDNHostWhole (its contract, same results), label by label: an ASCII label is
// lowercased as ToASCII does it (§4 Processing step 1: every ASCII code point is valid or mapped
// to lower case without UseSTD3ASCIIRules); a non-ASCII one is idnLookup's, from idnCache; then
// CheckBidi across the labels (see above). A domain with a label it does not take, an ASCII
// xn-- label (decoded by ToASCII), a byte it does not take, or a failure goes to
// dirIDNHostWhole, which gives the answer.
func dirIDNHost(b []byte, s string, h int, file bool) ([]byte, int, bool) {
	n := len(s)
	start := len(b)
	bidi, bidiOK := false, true
	i := h
	for {
		// A label: s[ls:i], read first, then written: lowercased when it is ASCII, idnLookup's
		// when it is not.
		ls := i
		var or byte
		i, or = idnLabelEnd(s, i)
		label := s[ls:i]
		if or >= 0x80 {
			e := idnLookup(label)
			if e == nil {
				return dirIDNHostWhole(b[:start], s, h, file)
			}
			b = append(b, e.out...)
			bidi = bidi || e.bidi
			bidiOK = bidiOK && e.bidiOK
		} else if len(label) >= 4 && label[0]|0x20 == 'x' && label[1]|0x20 == 'n' && label[2] == '-' && label[3] == '-' {
			return dirIDNHostWhole(b[:start], s, h, file)
		} else {
			b = slices.Grow(b, len(label))
			k, buf := len(b), b[:len(b)+len(label)]
			for j := 0; j < len(label); j++ {
				buf[k+j] = asciiLower[label[j]]
			}
			b = buf
		}
		if i == n {
			break
		}
		c := s[i]
		if idnByte[c] == iDot {
			b = append(b, '.')
			i++
			continue
		}
		if idnByte[c] == iEnd && (c != ':' || !file) {
			break
		}
		return dirIDNHostWhole(b[:start], s, h, file)
	}
	if len(b) == start || bidi && !bidiCheckASCII(s[h:i], bidiOK) {
		return dirIDNHostWhole(b[:start], s, h, file)
	}
	return b, i, true
}

// idnLabelEnd returns the end of the label that starts at s[i] in dirIDNHost (the first byte
// of a class above iHigh, or len(s)) and the OR of its bytes. It is a function of its own, not
// inlined, so that the loop keeps its few values in registers: in dirIDNHost's body the compiler
// reloaded three other values from the stack at every byte.
//
//go:noinline
func idnLabelEnd(s string, i int) (int, byte) {
	var or byte
	for i < len(s) {
		c := s[i]
		if idnByte[c] > iHigh {
			break
		}
		or |= c
		i++
	}
	return i, or
}

// bidiCheckASCII applies §4.1 criterion 9, CheckBidi, to a Bidi domain name's labels: ok says
// whether its non-ASCII labels satisfy the Bidi Rule; its ASCII labels, lowercased, are checked
// here. It reports whether all do.
func bidiCheckASCII(domain string, ok bool) bool {
	if !ok {
		return false
	}
	var runes [64]rune
	for i := 0; i <= len(domain); {
		j := i
		var or byte
		for j < len(domain) && domain[j] != '.' {
			or |= domain[j]
			j++
		}
		if label := domain[i:j]; label != "" && or < 0x80 {
			// One of letters (Bidi_Class L), digits (EN) and "-" (ES) is an LTR label, which
			// satisfies the rule when it starts with L and ends with L or EN (conditions 1, 5
			// and 6 of the Bidi Rule); checkBidi decides the others.
			if ldh, ok := ldhLabelBidi(label); ldh {
				if !ok {
					return false
				}
				i = j + 1
				continue
			}
			cps := runes[:0]
			for k := 0; k < len(label); k++ {
				cps = append(cps, rune(asciiLower[label[k]]))
			}
			if checkBidi(cps) != "" {
				return false
			}
		}
		i = j + 1
	}
	return true
}

// ldhLabelBidi reports whether label is made of ASCII letters, digits and "-" only, and if so,
// whether it satisfies the Bidi Rule: it starts with a letter and ends with a letter or digit.
func ldhLabelBidi(label string) (ldh, ok bool) {
	for i := 0; i < len(label); i++ {
		if c := label[i]; !isAlpha(c) && !('0' <= c && c <= '9') && c != '-' {
			return false, false
		}
	}
	last := label[len(label)-1]
	return true, isAlpha(label[0]) && (isAlpha(last) || '0' <= last && last <= '9')
}
