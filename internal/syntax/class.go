package syntax

import (
	"math/bits"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/pct"
)

// table holds the character classes of the checkers' hot paths, those of this package and
// those package scheme makes with NewClass: "is every byte of s in the set?" is then one table
// lookup and one AND per byte (pct.Table), the fast path of a checker, which looks at the
// bytes one by one only when the answer is no.
var table pct.Table

// NewClass returns the class of the bytes of set in the checkers' table. It is called only
// while a package's variables are initialized (a pct.Table holds 32 classes).
func NewClass(set pct.Set) *pct.Class {
	k := table.Add(set)
	b := bits.TrailingZeros32(k.Bit())
	tableClasses[b] = k
	for c := range 256 {
		if !set.Contains(byte(c)) {
			notInClass[b][c] = 1
		}
	}
	return k
}

// notInClass holds, for each class of table by the index of its bit, a 1 for each byte that
// is not in it and a 0 for the others: AppendClass1738 makes the bit mask of the bytes of a
// word not in a class of it by eight loads, shifts and ORs, without a branch.
var notInClass [32][256]uint8

// tableClasses holds the classes of table by the index of their bit, so that skip can tell
// a class of table, whose bytes it looks up there, from another.
var tableClasses [32]*pct.Class

// skip returns the index of the first byte of s at or after i that is not in k, or len(s).
// For a class of the checkers' table it tests eight bytes at a time, one lookup and one AND a
// byte, with one branch for the eight.
func skip(s string, i int, k *pct.Class) int {
	bit := k.Bit()
	if tableClasses[bits.TrailingZeros32(bit)&31] != k {
		for i < len(s) && k.Set.Contains(s[i]) {
			i++
		}
		return i
	}
	for ; i >= 0 && i+8 <= len(s); i += 8 {
		t := s[i : i+8]
		if table.Bits(t[0])&table.Bits(t[1])&table.Bits(t[2])&table.Bits(t[3])&
			table.Bits(t[4])&table.Bits(t[5])&table.Bits(t[6])&table.Bits(t[7])&bit == 0 {
			break
		}
	}
	for i < len(s) && table.Bits(s[i])&bit != 0 {
		i++
	}
	return i
}

// The classes of RFC 1738 §5 xchar and of user and password (LoginChars), which package
// scheme's fast paths scan with too.
var (
	XcharClass = NewClass(pct.RFC1738Xchar) // RFC 1738 §5 xchar
	LoginClass = NewClass(LoginChars)       // RFC 1738 §5 user, password
)

// The classes of the checkers' hot paths.
var (
	labelClass      = NewClass(pct.AlphaDigit.With("-"))  // RFC 1738 §5 domainlabel, toplabel
	hostClass       = NewClass(pct.AlphaDigit.With("-.")) // RFC 1738 §5 hostname
	hostNumberClass = NewClass(pct.Digit.With("."))       // RFC 1738 §5 hostnumber
	digitClass      = NewClass(pct.Digit)                 // RFC 1738 §5 digits; RFC 3986 DIGIT

	userinfoClass = NewClass(pct.UserinfoChars) // RFC 3986 §3.2.1 userinfo
	regNameClass  = NewClass(pct.RegNameChars)  // RFC 3986 §3.2.2 reg-name
	pathClass     = NewClass(pct.PathChars)     // RFC 3986 §3.3 segment and "/"
	queryClass    = NewClass(pct.QueryChars)    // RFC 3986 §3.4 query
	fragmentClass = NewClass(pct.FragmentChars) // RFC 3986 §3.5 fragment
)

// CheckClass is [CheckChars] with allowed = k.Set, and a fast path for s all in k.
func CheckClass(sk *Sink, s string, off int, k *pct.Class, rule string) {
	if k.All(s) {
		return
	}
	i := skip(s, 0, k)
	appendChars(sk, s[i:], off+i, k.Set, k, rule, false, "")
}

// CheckClass1738 is CheckClass, but a character outside RFC 1738 §5 xchar is reported under
// the rule of CheckRFC1738 ("RFC 1738 §2.2"), as scheme.Check reports it when both checkers
// find it: for a fast path that runs one scan in place of the two, and calls it when the
// character summary says that s holds a character to report (so it does not test first, as
// CheckClass does, whether all of s is in k).
func CheckClass1738(sk *Sink, s string, off int, k *pct.Class, rule string) {
	if i := skip(s, 0, k); i < len(s) {
		appendChars(sk, s[i:], off+i, k.Set, k, rule, false, "RFC 1738 §2.2")
	}
}

// AppendClass1738 appends to dst the findings that CheckClass1738(sk, s[start:end], start,
// k, rule) adds to an empty Sink when xrule is "RFC 1738 §2.2", and CheckClass when it is "",
// and reports true, for a part s[start:end] whose bytes outside k are US-ASCII: one finding
// a byte (an escape "%" hex hex is none), in offset order, its code and message from the
// table classify reads. It reports false at the first byte ≥ 0x80, whose finding quotes the
// character it starts (classify builds that), and at a finding that would make dst longer
// than max (a Sink keeps locator.MaxFindings and counts the others): the caller then drops
// what was appended and checks by a Sink, having built no message. Without the Sink, a
// finding costs an append and no test for a repeat (one scan sees each offset once).
//
// A part of at most 64 bytes that ends eight bytes or more into s, of a class of the
// checkers' table, is looked at as one bit mask of the bytes not in k, made eight bytes at a
// time (the last eight bytes of the part, which may begin before it, read at once): a loop
// per finding and none per run of bytes in k, whose ends, at lengths that vary from URL to
// URL, are mispredicted.
func AppendClass1738(dst []locator.Finding, s string, start, end int, k *pct.Class, rule, xrule string, max int) ([]locator.Finding, bool) {
	b := bits.TrailingZeros32(k.Bit()) & 31
	n := end - start
	if n > 64 || end < 8 || start < 0 || end > len(s) || n < 0 || tableClasses[b] != k {
		return appendClassLoop(dst, s[start:end], start, k, rule, xrule, max)
	}
	nt := &notInClass[b]
	var miss uint64 // bit i: s[start+i] is not in k
	i := 0
	for ; i+8 <= n; i += 8 {
		t := s[start+i : start+i+8]
		miss |= (uint64(nt[t[0]]) | uint64(nt[t[1]])<<1 | uint64(nt[t[2]])<<2 | uint64(nt[t[3]])<<3 |
			uint64(nt[t[4]])<<4 | uint64(nt[t[5]])<<5 | uint64(nt[t[6]])<<6 | uint64(nt[t[7]])<<7) << i
	}
	if r := n - i; r > 0 {
		// the last r bytes: bits 8-r to 7 of the mask of the eight bytes that end the part
		t := s[end-8 : end]
		w := uint64(nt[t[0]]) | uint64(nt[t[1]])<<1 | uint64(nt[t[2]])<<2 | uint64(nt[t[3]])<<3 |
			uint64(nt[t[4]])<<4 | uint64(nt[t[5]])<<5 | uint64(nt[t[6]])<<6 | uint64(nt[t[7]])<<7
		miss |= w >> (uint(8-r) & 7) << (uint(i) & 63)
	}
	for miss != 0 {
		i := bits.TrailingZeros64(miss)
		miss &= miss - 1
		j := start + i
		c := s[j]
		switch {
		case c >= 0x80:
			return dst, false
		case c == '%' && isEscape(s[:end], j): // (a call, spared the commoner bytes)
			miss &^= 6 << uint(i) // the two hex digits
			continue
		case len(dst) >= max:
			return dst, false
		}
		dst = append(dst, finding1738(c, j, rule, xrule))
	}
	return dst, true
}

// finding1738 is the finding of the US-ASCII byte c at offset off of a part whose class is
// that of rule: the code and fixed message of asciiTab1738, and xrule for a byte that is not
// even an xchar (RFC 1738 §5) when the part has one.
func finding1738(c byte, off int, rule, xrule string) locator.Finding {
	if xrule != "" && table.Bits(c)&XcharClass.Bit() == 0 { // (pct.Set.Contains copies the set)
		rule = xrule
	}
	t := &asciiTab1738[c]
	return locator.Finding{Offset: off, Code: t.code, Rule: rule, Message: t.msg, Severity: locator.SeverityError}
}

// appendClassLoop is AppendClass1738 for the part s, at offset off, by skip.
func appendClassLoop(dst []locator.Finding, s string, off int, k *pct.Class, rule, xrule string, max int) ([]locator.Finding, bool) {
	for i := skip(s, 0, k); i < len(s); i = skip(s, i, k) {
		c := s[i]
		switch {
		case c >= 0x80:
			return dst, false
		case isEscape(s, i):
			i += 3
			continue
		case len(dst) >= max:
			return dst, false
		}
		dst = append(dst, finding1738(c, off+i, rule, xrule))
		i++
	}
	return dst, true
}

// check3986Class adds a finding for each byte of s not in k and not pct-encoded (RFC 3986
// §2.1 pct-encoded = "%" HEXDIG HEXDIG), with a fast path for s all in k.
func check3986Class(sk *Sink, s string, off int, k *pct.Class, rule string) {
	if k.All(s) {
		return
	}
	i := skip(s, 0, k)
	appendChars(sk, s[i:], off+i, k.Set, k, rule, true, "")
}

// CheckChars adds to sk a finding for each byte of s (which starts at offset off of the URL)
// that is neither in allowed nor the start of an escape "%" hex hex, citing rule. The code
// says the class of the character: [locator.CodeControl], [locator.CodeNonASCII] (one finding
// per UTF-8 character), [locator.CodeNationalChar], [locator.CodeUnsafeChar],
// [locator.CodeReservedChar] or, for any other byte, [locator.CodeDisallowedChar] (RFC 1738
// §2.2).
func CheckChars(sk *Sink, s string, off int, allowed pct.Set, rule string) {
	appendChars(sk, s, off, allowed, nil, rule, false, "")
}

// appendChars adds to sk the finding of each byte of s (which starts at offset off of the
// URL) that is neither in allowed nor the start of an escape "%" hex hex (RFC 1738 §5 escape;
// RFC 3986 §2.1 pct-encoded), classified by RFC 3986 when rfc3986 is set, else by RFC 1738,
// and skips the bytes that finding covers; a character outside RFC 1738 §5 xchar is reported
// under xrule when it is not "". A finding past the Sink's limit is counted, not built.
// k, when not nil, is the class of allowed, by which the runs of allowed bytes are skipped
// eight bytes at a time.
func appendChars(sk *Sink, s string, off int, allowed pct.Set, k *pct.Class, rule string, rfc3986 bool, xrule string) {
	for i := 0; i < len(s); {
		c := s[i]
		if allowed.Contains(c) {
			i++
			if k != nil {
				i = skip(s, i, k) // the run of allowed bytes that follows
			}
			continue
		}
		if isEscape(s, i) {
			i += 3
			continue
		}
		if !sk.Take(off+i, charCode(c, rfc3986), locator.SeverityError) {
			i += charLen(s, i)
			continue
		}
		if c < 0x80 && !rfc3986 {
			// classify's US-ASCII case, the finding built in place.
			t := &asciiTab1738[c]
			r := rule
			if xrule != "" && !pct.RFC1738Xchar.Contains(c) {
				r = xrule
			}
			sk.Add(locator.Finding{Offset: off + i, Code: t.code, Rule: r, Message: t.msg, Severity: locator.SeverityError})
			i++
			continue
		}
		var f locator.Finding
		var n int
		if rfc3986 {
			f, n = classify3986(s, i, off, rule)
		} else {
			f, n = classify(s, i, off, rule)
		}
		if xrule != "" && !pct.RFC1738Xchar.Contains(c) {
			f.Rule = xrule
		}
		sk.Add(f)
		i += n
	}
}
