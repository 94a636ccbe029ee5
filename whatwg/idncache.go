package whatwg

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"slices"
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
	key string // the label as it is in the input, between ASCII "."s, its ASCII letters lowercased
	// kw holds key's bytes in little-endian words, followed by zeros, and km masks its bytes in
	// them, when key has at most idnPad bytes: dirIDNHost compares a label with key in four
	// words, with no call and no branch on the length.
	kw, km [idnPad / 8]uint64
	out    string // its ToASCII (UTS #46 §4.2, beStrict false): ASCII, not empty, no "."
	// pad holds out followed by zeros when out has at most idnPad bytes, for a copy of a fixed
	// size (no call, no branch on the length).
	pad [idnPad]byte
	// flags: idnBidi when it has a code point of Bidi_Class R, AL or AN (the domain is a Bidi
	// domain name), idnBidiBad when it does not satisfy the Bidi Rule of RFC 5893, which
	// CheckBidi asks of it then.
	flags uint16
}

const (
	idnCacheBits     = 10                // log2 of idnCacheSize
	idnCacheSize     = 1 << idnCacheBits // entries of idnCache
	idnCacheMaxLabel = 64                // the longest input label that idnCache keeps
	idnPad           = 32                // idnLabel.pad's size
)

// idnCache keeps the idnLabels last computed, two for each set of labels (idnSlot: the labels
// of one hash set): a 2-way set-associative cache. With one entry a set, two labels of one set
// that a program meets in turn (1.5% of seeds put two of six labels in one of 1,024 slots)
// pushed each other out and each was computed again at every other look-up, twice a messy set's
// IDN cost in that process; with two, three labels of one set must meet for that. A new
// idnLabel goes first in its set and moves the first to the second place (the second is
// dropped): the two labels a set saw last. Readers and writers race only on the pointers: a
// reader compares the key it finds, and a writer that races another may drop an entry or keep
// one twice, which costs a computation, never a wrong answer (entries never change).
var idnCache [idnCacheSize]atomic.Pointer[idnLabel]

// A label's look-up in idnCache (written out in dirIDNHost's body, which the compiler would
// not inline as a function): the idnLabel of the two in the set of the label's hash (idnHash,
// which idnRun computes on its way) whose key is the label, else idnCompute's. Labels are
// kept by their form with ASCII letters lowercased, which dirIDNHost has written: UTS #46 §4
// Processing step 1 maps them so, hence both forms have the same ToASCII.

// idnCompute computes the idnLabel of label (a non-ASCII label: no ASCII "."), whose form with
// ASCII letters lowercased is lower, and keeps it first in the set that starts at
// idnCache[set]; nil when label is not one that idnCache keeps (see above), or invalid UTF-8
// (the full parser reads U+FFFD, which ToASCII disallows), or when its ToASCII fails or has a
// forbidden domain code point (§3.3 domain to ASCII, step 8).
func idnCompute(label string, lower []byte, set uint64) *idnLabel {
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
	e := &idnLabel{key: string(lower), out: string(out)}
	copy(e.pad[:], out)
	if len(lower) <= idnPad {
		var kb, mb [idnPad]byte
		copy(kb[:], lower)
		for j := range lower {
			mb[j] = 0xff
		}
		for w := range e.kw {
			e.kw[w] = binary.LittleEndian.Uint64(kb[8*w:])
			e.km[w] = binary.LittleEndian.Uint64(mb[8*w:])
		}
	}
	if checkBidi(runes) != "" {
		e.flags |= idnBidiBad
	}
	for _, r := range runes {
		if r >= 0x80 && uts46Props(r)&propBidiDomain != 0 {
			e.flags |= idnBidi
		}
	}
	idnCache[set+1].Store(idnCache[set].Load())
	idnCache[set].Store(e)
	return e
}

// idnSeed seeds idnCache's hash.
var idnSeed = rand.Uint64()

// idnHash is the hash by which idnCache keeps label: each byte's idnASCII entry (the same for
// an ASCII letter in either case) is mixed in by a rotation and an exclusive or (two
// instructions a byte, done while idnRun reads the label), the result spread by idnSlot's
// multiplication. It need not resist collisions made on purpose: labels that
// collide cost what labels that all differ cost (each one's ToASCII, computed again), and those
// no hash can keep out.
func idnHash(label string) uint64 {
	h := idnSeed
	for i := 0; i < len(label); i++ {
		h = bits.RotateLeft64(h, 7) ^ uint64(idnASCII[label[i]])
	}
	return h
}

// idnSlot returns the index in idnCache of the first of the two entries of the set of a label
// of hash h: the top bits of h times 2⁶⁴/φ (Fibonacci hashing), where every byte of the label has
// moved them, made even.
func idnSlot(h uint64) uint64 {
	return (h * 0x9e3779b97f4a7c15) >> (64 - idnCacheBits) &^ 1
}

// Classes of a host's ASCII bytes in dirIDNHost.
const (
	iKeep uint8 = iota // appended, lowercased (asciiLower)
	iHigh              // non-ASCII: a byte of a label that idnCache converts
	iDot               // "." ends a label
	iEnd               // "/", "\\", "?", "#", ":" end the host (host state); ":" is the file host state's to refuse
	iFail              // "%" (percent-decoding), a forbidden domain code point, a tab or newline: dirIDNHostWhole's
)

// idnByte is the class of each byte in dirIDNHost.
var idnByte [256]uint8

// idnASCII is what idnRun needs of each byte of a label, in one look-up: the low byte is
// the byte to write (lowercased, asciiLower), the bits above say what the byte is. idnStop marks
// the bytes that end a label (any byte of a class above iHigh); idnHighByte the non-ASCII bytes
// (class iHigh); idnNotLDH the ASCII bytes of class iKeep other than letters, digits and "-",
// and idnLetter and idnDigit the letters and digits: what the Bidi Rule asks of an ASCII label
// (see ldhLabelBidi).
var idnASCII [256]uint16

const (
	idnStop     uint16 = 1 << 8
	idnNotLDH   uint16 = 1 << 9
	idnLetter   uint16 = 1 << 10
	idnDigit    uint16 = 1 << 11
	idnHighByte uint16 = 1 << 12
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
		case idnByte[c] == iHigh:
			t |= idnHighByte
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
// to lower case without UseSTD3ASCIIRules); a non-ASCII one is from idnCache (idnCompute); then
// CheckBidi across the labels (see above). A domain with a label it does not take, an ASCII
// xn-- label (decoded by ToASCII), a byte it does not take, or a failure goes to
// dirIDNHostWhole, which gives the answer; but a domain that certainly fails CheckBidi gives
// the end -1 and false at once (see the end of the function).
//
// It reads the host once (idnRun): the bytes of its labels are written, lowercased, and hashed
// for idnCache as they are read; at the end of a label with a non-ASCII byte, the cached result
// takes the place of the bytes written. Whether the ASCII labels satisfy the Bidi Rule, which
// CheckBidi asks of them in a Bidi domain name, is gathered on the way too (ldhLabelBidi's test,
// from idnASCII's bits); bidiCheckASCII decides a Bidi domain name only when one of them is not
// of letters, digits and "-" or fails that test.
func dirIDNHost(b []byte, s string, h int, file bool) ([]byte, int, bool) {
	n := len(s)
	start := len(b)
	if cap(b)-start < n-h+idnPad {
		b = slices.Grow(b, n-h+idnPad)
	}
	// Written by index into buf, whose room past k is never less than the n-i bytes of input
	// left and idnPad bytes more (what idnRun and the look-up count on): a byte of a label or a
	// "." is written as one byte; after a non-ASCII label's ToASCII, the room is made again if
	// it fell short.
	buf, k := b[:cap(b)], start
	var flags uint16
	i := h
	for {
		j, lj, hash, f := idnRun(buf, k, s, i)
		ls, lk := i+lj, k+lj
		k, i = k+j, i+j
		flags |= f
		if f&idnHighByte == 0 {
			break
		}
		// A non-ASCII label, written as it is read to buf[lk:k].
		// The look-up in idnCache: the two entries of the label's set, in turn.
		set := idnSlot(hash)
		var e *idnLabel
		for w := set; w <= set+1; w++ {
			c := idnCache[w].Load()
			if c == nil || len(c.key) != k-lk {
				continue
			}
			if k-lk <= idnPad {
				// buf[lk:k] is c.key: four words compared under c.km (buf has room for
				// them).
				p := (*[idnPad]byte)(buf[lk : lk+idnPad])
				if (binary.LittleEndian.Uint64(p[0:])^c.kw[0])&c.km[0]|
					(binary.LittleEndian.Uint64(p[8:])^c.kw[1])&c.km[1]|
					(binary.LittleEndian.Uint64(p[16:])^c.kw[2])&c.km[2]|
					(binary.LittleEndian.Uint64(p[24:])^c.kw[3])&c.km[3] == 0 {
					e = c
					break
				}
			} else if c.key == string(buf[lk:k]) {
				e = c
				break
			}
		}
		if e == nil {
			if e = idnCompute(s[ls:i], buf[lk:k], set); e == nil {
				return dirIDNHostWhole(buf[:start], s, h, file)
			}
		}
		k = lk
		if cap(buf)-k < idnPad+len(e.out)+n-i {
			buf = slices.Grow(buf[:k], idnPad+len(e.out)+n-i)
			buf = buf[:cap(buf)]
		}
		if len(e.out) <= idnPad {
			*(*[idnPad]byte)(buf[k:]) = e.pad
			k += len(e.out)
		} else {
			k += copy(buf[k:], e.out)
		}
		flags |= e.flags
		if i == n || s[i] != '.' {
			break
		}
		buf[k] = '.'
		k++
		i++
	}
	if i < n {
		if c := s[i]; idnByte[c] != iEnd || c == ':' && file {
			return dirIDNHostWhole(buf[:start], s, h, file)
		}
	}
	if k == start || flags&idnXN != 0 {
		return dirIDNHostWhole(buf[:start], s, h, file)
	}
	if flags&idnBidi != 0 && flags&(idnBidiBad|idnASCIIBidi) != 0 && (flags&idnBidiBad != 0 || !bidiCheckASCII(s[h:i], true)) {
		// A Bidi domain name with a label that breaks the Bidi Rule. Every label passed the
		// other validity criteria (§4.1 criteria 1–8: each non-ASCII one in idnCompute, alone,
		// as they apply to one label; an ASCII label other than an xn-- one has nothing to fail
		// with beStrict false), so ToASCII fails, whichever label it checks first, with
		// CheckBidi (ruleUTS46Bidi), and so does the domain parser (§3.3 step 6): the URL is
		// failure (a file URL's too: the file host state runs the same host parser). The end
		// -1 says so: parse reports it (dirFailure) without the full parser.
		return buf[:start], -1, false
	}
	return buf[:k], i, true
}

// idnRun reads the labels of a host from s[i] in dirIDNHost and writes their bytes, the ASCII
// ones lowercased, and the "."s between them, into buf from buf[k], which has room for the rest
// of s; it stops at the end of a label that has a non-ASCII byte (idnCache's, then), at a byte
// of a class above iDot, or at the end of s. It returns the number of bytes read (and written),
// the offset from i of the last label, idnHash of the last label, and the flags idnXN and
// idnASCIIBidi of the ASCII labels read (idnLabelFlags), with idnHighByte when the last label
// has a non-ASCII byte. It is a function of its own, not inlined, so that the byte loop keeps
// its few values in registers: in dirIDNHost's body the compiler reloaded four other values
// from the stack at every byte.
//
//go:noinline
func idnRun(buf []byte, k int, s string, i int) (int, int, uint64, uint16) {
	src := s[i:]
	dst := buf[k : k+len(src)]
	h := idnSeed
	var flags, lbits uint16
	j, lj := 0, 0
	for {
		for ; uint(j) < uint(len(src)); j++ {
			c := src[j]
			t := idnASCII[c]
			if t&idnStop != 0 {
				break
			}
			dst[j] = byte(t)
			lbits |= t
			h = bits.RotateLeft64(h, 7) ^ uint64(t)
		}
		if lbits&idnHighByte != 0 {
			return j, lj, h, flags | idnHighByte
		}
		flags |= idnLabelFlags(dst[lj:j], lbits)
		if j == len(src) || src[j] != '.' {
			return j, lj, h, flags
		}
		dst[j] = '.'
		j++
		lj, lbits, h = j, 0, idnSeed
	}
}

// Flags of a domain that dirIDNHost gathers as it reads it.
const (
	idnXN        uint16 = 1 << 0 // an ASCII label is an xn-- label: dirIDNHostWhole's (ToASCII decodes it)
	idnASCIIBidi uint16 = 1 << 1 // an ASCII label fails ldhLabelBidi's test: bidiCheckASCII decides
	idnBidi      uint16 = 1 << 2 // a non-ASCII label has a code point of Bidi_Class R, AL or AN
	idnBidiBad   uint16 = 1 << 3 // a non-ASCII label breaks the Bidi Rule
)

// idnLabelFlags returns the flags idnXN and idnASCIIBidi of an ASCII label, lowercased, whose
// bytes' idnASCII entries OR to lbits: ldhLabelBidi's test is that it is made of letters, digits
// and "-", with a letter first and a letter or a digit last. An empty label has neither flag
// (bidiCheckASCII passes over it).
func idnLabelFlags(label []byte, lbits uint16) uint16 {
	if len(label) == 0 {
		return 0
	}
	var f uint16
	if len(label) >= 4 && string(label[:4]) == "xn--" {
		f = idnXN
	}
	if lbits&idnNotLDH != 0 || idnASCII[label[0]]&idnLetter == 0 || idnASCII[label[len(label)-1]]&(idnLetter|idnDigit) == 0 {
		f |= idnASCIIBidi
	}
	return f
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
