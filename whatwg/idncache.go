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

// idnASCII is what dirIDNHost's loop over a label's ASCII bytes needs of each byte, in one
// look-up: the low byte is the byte to write (lowercased, asciiLower), the bits above say what
// the byte is. idnStop marks the bytes that end the loop (any byte not of class iKeep); idnNotLDH
// the iKeep bytes other than ASCII letters, digits and "-", and idnLetter and idnDigit the
// letters and digits: what the Bidi Rule asks of an ASCII label (see ldhLabelBidi).
var idnASCII [256]uint16

const (
	idnStop   uint16 = 1 << 8
	idnNotLDH uint16 = 1 << 9
	idnLetter uint16 = 1 << 10
	idnDigit  uint16 = 1 << 11
)

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
		t := uint16(asciiLower[c])
		switch {
		case idnByte[c] != iKeep:
			t = idnStop
		case isAlpha(byte(c)):
			t |= idnLetter
		case '0' <= c && c <= '9':
			t |= idnDigit
		case c != '-':
			t |= idnNotLDH
		}
		idnASCII[c] = t
	}
}

// dirIDNHost is dirIDNHostWhole (its contract, same results), label by label: an ASCII label is
// lowercased as ToASCII does it (§4 Processing step 1: every ASCII code point is valid or mapped
// to lower case without UseSTD3ASCIIRules); a non-ASCII one is idnLookup's, from idnCache; then
// CheckBidi across the labels (see above). A domain with a label it does not take, an ASCII
// xn-- label (decoded by ToASCII), a byte it does not take, or a failure goes to
// dirIDNHostWhole, which gives the answer.
//
// It reads the host once: each label's bytes are written, lowercased, as they are read, until
// a non-ASCII byte shows the label to be idnLookup's, whose result then takes the place of the
// bytes written. Whether the ASCII labels satisfy the Bidi Rule, which CheckBidi asks of them
// in a Bidi domain name, is gathered on the way too (ldhLabelBidi's test, from idnASCII's bits);
// bidiCheckASCII decides a Bidi domain name only when one of them is not of letters, digits
// and "-" or fails that test.
func dirIDNHost(b []byte, s string, h int, file bool) ([]byte, int, bool) {
	n := len(s)
	start := len(b)
	if cap(b)-start < n-h {
		b = slices.Grow(b, n-h)
	}
	// Written by index into buf, whose room past k is never less than the n-i bytes of input
	// left: an ASCII byte or a "." is written as one byte; after a non-ASCII label's ToASCII,
	// the room is made again if it fell short.
	buf, k := b[:cap(b)], start
	bidi, bidiOK, ldhOK := false, true, true
	i := h
	for {
		ls, lk := i, k
		var bits uint16
		k, i, bits = idnLabelASCII(buf, k, s, i)
		if i < n && s[i] >= 0x80 {
			// A non-ASCII label: s[ls:i] to the next byte of a class above iHigh.
			i = idnLabelEnd(s, i)
			e := idnLookup(s[ls:i])
			if e == nil {
				return dirIDNHostWhole(b[:start], s, h, file)
			}
			k = lk
			if cap(buf)-k < len(e.out)+n-i {
				buf = slices.Grow(buf[:k], len(e.out)+n-i)
				buf = buf[:cap(buf)]
			}
			k += copy(buf[k:], e.out)
			bidi = bidi || e.bidi
			bidiOK = bidiOK && e.bidiOK
		} else if label := buf[lk:k]; len(label) > 0 {
			if len(label) >= 4 && label[0] == 'x' && label[1] == 'n' && label[2] == '-' && label[3] == '-' {
				return dirIDNHostWhole(b[:start], s, h, file)
			}
			// ldhLabelBidi's verdict: letters, digits and "-"; a letter first; a letter or a
			// digit last.
			ldhOK = ldhOK && bits&idnNotLDH == 0 && idnASCII[label[0]]&idnLetter != 0 &&
				idnASCII[label[len(label)-1]]&(idnLetter|idnDigit) != 0
		}
		if i == n {
			break
		}
		c := s[i]
		if c == '.' {
			buf[k] = '.'
			k++
			i++
			continue
		}
		if idnByte[c] == iEnd && (c != ':' || !file) {
			break
		}
		return dirIDNHostWhole(b[:start], s, h, file)
	}
	if k == start || bidi && !(bidiOK && ldhOK) && !bidiCheckASCII(s[h:i], bidiOK) {
		return dirIDNHostWhole(b[:start], s, h, file)
	}
	return buf[:k], i, true
}

// idnLabelEnd returns the end of the label of s that goes on at s[i] in dirIDNHost: the first
// byte from i of a class above iHigh, or len(s). Not inlined, for idnLabelASCII's reason.
//
//go:noinline
func idnLabelEnd(s string, i int) int {
	for i < len(s) && idnByte[s[i]] <= iHigh {
		i++
	}
	return i
}

// idnLabelASCII writes the ASCII bytes of the label that starts at s[i] in dirIDNHost,
// lowercased, into buf from buf[k], which has room for the rest of s, up to the first byte that
// is not of class iKeep (or the end of s). It returns the indexes after them in buf and in s,
// and the OR of their idnASCII entries. It is a function of its own, not inlined, so that the
// loop keeps its few values in registers: in dirIDNHost's body the compiler reloaded four
// other values from the stack at every byte.
//
//go:noinline
func idnLabelASCII(buf []byte, k int, s string, i int) (int, int, uint16) {
	src := s[i:]
	dst := buf[k : k+len(src)]
	var bits uint16
	j := 0
	for ; j < len(src); j++ {
		t := idnASCII[src[j]]
		if t&idnStop != 0 {
			break
		}
		dst[j] = byte(t)
		bits |= t
	}
	return k + j, i + j, bits
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
