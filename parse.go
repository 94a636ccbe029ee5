package locator

import (
	"math/bits"

	"github.com/locator-url/locator/pct"
)

// Byte classes for the parser's scan: one table lookup per byte tells a delimiter, a byte to
// check (a control, RFC 1738 §2.2, or the "%" of an escape) and an ordinary byte apart, and
// gives the classes that the URL's character summary records (see summarize).
var (
	schemeTab [256]bool   // RFC 3986 §3.1 scheme characters after the first letter
	checkTab  [256]bool   // controls (RFC 1738 §2.2) and "%"
	hexTab    [256]bool   // RFC 1738 §5 hex
	classTab  [256]uint16 // the class bits below
)

const (
	clCheck uint16 = 1 << iota // a control or "%" (checkTab)
	clSlash                    // "/"
	clQuery                    // "?"
	clHash                     // "#"
	clAt                       // "@"
	clColon                    // ":"
	clSemi                     // ";"
	_
	clUnsafe  // not RFC 1738 §5 xchar, nor "%": RFC 1738 §2.2 unsafe, national, punctuation, 80–FF
	cl3986    // not RFC 3986 §3.4 query characters (pchar, "/", "?"), nor "%"
	clNotHost // not a letter, digit, "-", "." or ":" (RFC 1738 §5 hostport)
	clAlpha   // a letter or "-" (RFC 1738 §5 hostname, which a hostnumber lacks)
	clDot     // "."
	clHyphen  // "-"

	clEndAuthority = clSlash | clQuery | clHash // RFC 3986 §3.2: the authority ends at "/", "?", "#"
)

func init() {
	for c := 0; c < 256; c++ {
		b := byte(c)
		schemeTab[c] = pct.SchemeChars.Contains(b)
		checkTab[c] = pct.RFC1738Control.Contains(b) || c == '%'
		hexTab[c] = pct.Hex.Contains(b)
		if checkTab[c] {
			classTab[c] |= clCheck
		}
		if !pct.RFC1738Xchar.Contains(b) && c != '%' {
			classTab[c] |= clUnsafe
		}
		if !pct.QueryChars.Contains(b) && c != '%' {
			classTab[c] |= cl3986
		}
		if !pct.AlphaDigit.Contains(b) && c != '-' && c != '.' && c != ':' {
			classTab[c] |= clNotHost
		}
		if pct.Alpha.Contains(b) || c == '-' {
			classTab[c] |= clAlpha
		}
	}
	classTab['/'] |= clSlash
	classTab['?'] |= clQuery
	classTab['#'] |= clHash
	classTab['@'] |= clAt
	classTab[':'] |= clColon
	classTab[';'] |= clSemi
	// "." and "-", for the pairs "..", ".-" and "-." (see hostTab's hDotHyphen and hDot).
	classTab['.'] |= clDot
	classTab['-'] |= clHyphen
}

// checkByte validates the byte at s[k], which has class clCheck: a control is an error, "%"
// must start an escape (RFC 1738 §2.2: escape = "%" hex hex). It returns the index of the last
// byte of the escape, or an error.
func checkByte(s string, k int) (int, error) {
	if c := s[k]; c != '%' {
		return k, &Error{Input: s, Offset: k, Code: CodeControl,
			Rule: "RFC 1738 §2.2 (controls must be encoded)", Message: "control character " + hexByte(c) + " must be encoded"}
	}
	if k+2 >= len(s) || !hexTab[s[k+1]] || !hexTab[s[k+2]] {
		return k, &Error{Input: s, Offset: k, Code: CodeBadEscape,
			Rule: "RFC 1738 §2.2 escape", Message: "\"%\" not followed by two hex digits"}
	}
	return k + 2, nil
}

// Parse splits s into a URL by the generic syntax that RFC 1738 §2.1 and §3.1 (the common
// Internet scheme syntax) and RFC 3986 §3 and §4.1 (URI-reference) share:
//
//	[scheme ":"] ["//" [user [":" password] "@"] host [":" port]] path ["?" query] ["#" fragment]
//
// The scheme is letters, digits, "+", "-" and "." after a first letter; without one, s is a
// relative reference. The authority runs to the first "/", "?" or "#"; the user information is
// what precedes its last "@", split at its first ":"; the host is an IP literal in brackets or
// runs to the first ":". The parse is lossless: String returns s byte for byte.
//
// Parse rejects, with an [*Error], only what no specification allows and the split cannot
// represent: control characters (RFC 1738 §2.2), an illegal escape such as "%*" or "%as"
// (RFC 1738 §2.2; the URI draft, "Escaping"), a port that is not digits, and a broken IP
// literal. Everything else is accepted and left to the checkers, which say which rules of
// which specification a URL breaks. Parse does not allocate.
//
// Parse reads "URL:ftp://h/" as the scheme "URL" and ends the authority at "?", as RFC 3986
// does; [ParseAs] under [RFC1738] and [URLDraft1994] reads the "URL:" prefix (RFC 1738
// Appendix) and a login with "?" (RFC 1738 §5) instead.
func Parse(s string) (URL, error) { return parse(s, 0) }

// The readings of parse beyond [Parse]'s, which [ParseAs] asks for under RFC1738 and
// URLDraft1994.
const (
	readPrefix    uint8 = 1 << iota // a "URL:" prefix before a URL with a scheme (1994 URL draft, prefixedurl)
	readLogin1738                   // "?" in user and password when an "@" follows (RFC 1738 §5 login)
)

// load64 returns the first eight bytes of s as a little-endian word (one load).
func load64(s string) uint64 {
	t := s[:8]
	return uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
		uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
}

// The words of load64 for the commonest schemes and the "//" after them: "http://" (seven
// bytes, the eighth masked off), "https://" and "file:///".
const (
	httpWord  = 0x2f2f3a70747468
	httpsWord = 0x2f2f3a7370747468
	fileWord  = 0x2f2f2f3a656c6966
)

// hasURLPrefix reports whether s starts with "URL:" in any letter case followed by a scheme
// and ":" (RFC 1738 §2.1; RFC 3986 §3.1): the 1994 URL draft's prefixedurl = "URL:" url, whose
// url always has a scheme.
func hasURLPrefix(s string) bool {
	if len(s) < prefixLen+2 || s[0]|0x20 != 'u' || s[1]|0x20 != 'r' || s[2]|0x20 != 'l' || s[3] != ':' {
		return false
	}
	if c := s[prefixLen] | 0x20; c < 'a' || c > 'z' {
		return false
	}
	for j := prefixLen + 1; j < len(s); j++ {
		if s[j] == ':' {
			return true
		}
		if !schemeTab[s[j]] {
			return false
		}
	}
	return false
}

// atAhead reports whether an "@" follows the "?" at s[e] before the next "/" or "#" (RFC 1738
// §5: user and password may hold "?", the host may not, so such a "?" is in the login). *ahead
// is the index of the last "@" found, or -1; a search starts after it, so that the searches of
// one authority together scan each byte at most once.
func atAhead(s string, e int, ahead *int) bool {
	if *ahead > e {
		return true
	}
	for k := e + 1; k < len(s); k++ {
		switch s[k] {
		case '@':
			*ahead = k
			return true
		case '/', '#':
			return false
		}
	}
	return false
}

// parse is Parse with the readings in mode (readPrefix, readLogin1738).
//
// One pass, with no call on the common path: the scheme, the authority's first run of bytes
// (an authority without "@", ":", "%", "[" or a control is that run: the host), then a path
// that runs to the end of s without "?", "#", "%" or a control; each byte is looked up once in
// a table of classes, eight bytes at a time (parseReference in slow_test.go is the readable
// two-pass version). An authority with more than one run is read again from its start by
// parseAuthority; a path with a stop goes on in scanRest, which checks controls and escapes
// and reads the query and fragment. The URL's fields go straight into the (named) result as
// they are known, which is where the caller reads them: a URL built in a local and copied at
// the end would cost a store-forwarding stall per word, and locals kept through the loops
// would cost registers.
func parse(s string, mode uint8) (u URL, err error) {
	n := len(s)
	if uint64(n) > MaxLength {
		return URL{}, &Error{Input: s[:64], Offset: MaxLength, Code: CodeTooLong,
			Rule: "locator limits", Message: "URL longer than 4 GiB"}
	}
	var flags uint16
	i := 0
	if mode&readPrefix != 0 && n > prefixLen && s[3] == ':' && s[0]|0x20 == 'u' && hasURLPrefix(s) {
		// 1994 URL draft, URL syntax: "the whole string must start with a constant prefix
		// "URL:"" (BNF: prefixedurl = u r l : url); RFC 1738 Appendix. (The first tests
		// are hasURLPrefix's, inlined: most URLs are spared the call.)
		flags |= hasPrefix
		i = prefixLen
	}
	// RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ); RFC 1738 §2.1.
	// The commonest schemes in lower case first: the first eight bytes, read as one word, are
	// "http://" and one more byte, "https://" or "file:///" when the least of their
	// differences from these is 0 (min, without a branch between the three: a mix of http and
	// https URLs would mispredict one), and the fifth byte, ":" or "s", gives the scheme's
	// length. Each is followed by "//": an authority (RFC 3986 §3.2; RFC 1738 §3.1).
	w := ^uint64(0)
	if i == 0 && n >= 8 {
		w = load64(s)
	}
	schemeEnd := 0
	a := -1 // the start of the authority, after its "//"; -1 without one
	if min((w^httpWord)&(1<<56-1), w^httpsWord, w^fileWord) == 0 {
		schemeEnd = 4 + int(w>>32&1) // ':' (0x3a) has its low bit clear, 's' (0x73) set
		flags, i, a = hasScheme, schemeEnd+1, schemeEnd+3
	} else {
		if n > i && (s[i]|0x20 >= 'a' && s[i]|0x20 <= 'z') {
			j := i + 1
			for j < n && schemeTab[s[j]] {
				j++
			}
			if j < n && s[j] == ':' {
				schemeEnd = j
				flags |= hasScheme
				i = j + 1
			}
		}
		if n-i >= 2 && s[i] == '/' && s[i+1] == '/' {
			a = i + 2
		}
	}
	// The URL's fields go into the result as they are known: not kept in registers through
	// the loops.
	u.s, u.schemeEnd = s, uint32(schemeEnd)
	e := i // end of the authority: the path's start
	var sum Chars
	// tail: the bytes before the path have no bit of runTab that counts for the path (a
	// scheme, ":", "/", a prefix "URL:", a host of letters, digits, "-" and ".").
	tail := true
	if a >= 0 {
		// RFC 1738 §3.1 "//" login; RFC 3986 §3.2 authority, ended by "/", "?" or "#".
		flags |= hasAuthority
		e = a
		if w != fileWord { // "file:///": the authority is empty
			// The first run of the authority: the bytes up to the first "/", "?", "#" (hEnd),
			// "@", ":", "%", "[" or control (hStop), eight at a time, without a branch a
			// byte; the last bytes as the eight that end s, those before them shifted out and
			// an hEnd put after the end. last is the entry of the byte that ends the run.
			const stops = ones * uint64(hStop|hEnd)
			var acc, pairs, prev, last uint64 // prev: the entry of the byte before the eight; pairs: see below
			k := a
			for ; k <= n-8; k += 8 {
				v := packHost(s[k : k+8])
				if m := v & stops; m != 0 {
					j := bits.TrailingZeros64(m) >> 3
					last = v >> (8 * j & 63)
					v &= 1<<(8*j&63) - 1
					acc |= v
					pairs |= (v<<8 | prev) & v
					k += j
					goto ended
				}
				acc |= v
				pairs |= (v<<8 | prev) & v
				prev = v >> 56
			}
			if k >= n {
				last = uint64(hEnd)
			} else if n >= 8 {
				r := uint(n - k) // 1 to 7 bytes left
				v := packHost(s[n-8:])>>(64-8*r&63) | uint64(hEnd)<<(8*r&63)
				j := bits.TrailingZeros64(v&stops) >> 3 // at most r
				last = v >> (8 * j & 63)
				v &= 1<<(8*j&63) - 1
				acc |= v
				pairs |= (v<<8 | prev) & v
				k += int(j)
			} else {
				last = uint64(hEnd)
				for ; k < n; k++ {
					c := uint64(hostTab[s[k]])
					if c&stops != 0 {
						last = c
						break
					}
					acc |= c
					pairs |= prev & c
					prev = c
				}
			}
		ended:
			// The run is the authority when it ends at "/", "?" or "#" (under readLogin1738
			// not "?": RFC 1738 §5 login may hold one) or at the end of s.
			if last&uint64(hEnd) != 0 && (mode&readLogin1738 == 0 || k == n || s[k] != '?') {
				e = k
				// pairs has hDotHyphen in a byte when that byte and the one before it are
				// both "." or "-": the pairs of RFC 1738 §5 hostname, or "--", which it
				// allows (as in "xn--"); hostHasPair tells them apart.
				sum = hostChars(orBytes(acc), 0)
				if pairs&(ones*uint64(hDotHyphen)) != 0 && hostHasPair(s[a:k]) {
					sum |= CharsHostDotHyphen
				}
				// A host of letters, digits, "-" and ".": no bit of runTab.
				tail = sum&(CharsHostUnsafe|CharsHostNot3986|CharsHostNotHostname) == 0
			} else {
				tail = false
				var ue, hs, he int
				var fl uint16
				if e, ue, hs, he, fl, sum, err = parseAuthority(s, a, mode); err != nil {
					return URL{}, err
				}
				flags |= fl
				u.userEnd, u.hostStart, u.hostEnd, u.pathStart = uint32(ue), uint32(hs), uint32(he), uint32(e)
				goto path
			}
		}
		u.userEnd, u.hostStart = uint32(a), uint32(a)
	} else {
		u.userEnd, u.hostStart = uint32(i), uint32(i)
	}
	u.hostEnd, u.pathStart = uint32(e), uint32(e)
path:
	// RFC 3986 §3.3–3.5: the path runs to "?" or "#", the query to "#". A path that runs to
	// the end of s, without a control or "%", is read here, eight bytes at a time, one test
	// for the eight (their runTab entries ORed), and the last bytes as the eight that end s;
	// any other from its first stop by scanRest.
	const stops = rCheck | rQuery | rHash
	_ = s[e:] // 0 <= e <= n, for the compiler
	k := e
	var acc uint64
	for ; k <= n-8; k += 8 {
		t := s[k : k+8]
		c := runTab[t[0]] | runTab[t[1]] | runTab[t[2]] | runTab[t[3]] |
			runTab[t[4]] | runTab[t[5]] | runTab[t[6]] | runTab[t[7]]
		if c&stops != 0 {
			v := packRunWord(load64(t))
			j := bits.TrailingZeros64(v&(ones*uint64(stops))) >> 3
			acc |= orBytes(v & (1<<(8*j) - 1))
			k += j
			goto stop
		}
		acc |= uint64(c)
	}
	if n >= 8 && (tail || n-8 >= e) {
		// The last eight bytes of s, without a branch on the path's length: those before k
		// are the path's, or (tail) bytes before the path with no bit of runTab that counts
		// for the path.
		t := s[n-8:]
		c := runTab[t[0]] | runTab[t[1]] | runTab[t[2]] | runTab[t[3]] |
			runTab[t[4]] | runTab[t[5]] | runTab[t[6]] | runTab[t[7]]
		if c&stops != 0 {
			goto rest
		}
		acc |= uint64(c)
	} else if k < n {
		if n < 8 {
			goto rest
		}
		// A path of fewer than eight bytes after an authority with other bytes: the bytes
		// before it shifted out.
		v := packRun(s[n-8:]) >> (8 * uint(k-(n-8)) & 63)
		if v&(ones*uint64(stops)) != 0 {
			goto rest
		}
		acc |= orBytes(v)
	}
	u.queryStart, u.fragStart, u.flags, u.chars = uint32(n), uint32(n), flags, sum|Chars(acc)<<pathShift&pathMask
	return u, nil

rest:
	// The first stop at or after k, if any.
	{
		var c uint64
		k, c = scanRun(s, k, stops)
		acc |= c
	}
stop:
	q, f, fl, cs, err := scanRest(s, k, acc)
	if err != nil {
		return URL{}, err
	}
	u.queryStart, u.fragStart, u.flags, u.chars = uint32(q), uint32(f), flags|fl, sum|cs
	return u, nil
}

// scanRest reads the path, query and fragment from the path's first stop at s[k] (a control,
// "%", "?" or "#"; or k is len(s)), whose bytes before k have the runTab entries ORed in acc
// (RFC 3986 §3.3–3.5: the path runs to "?" or "#", the query to "#"). It returns the indexes
// of the "?" and "#" (len(s) without them), the flags hasQuery and hasFragment, and the
// summary's bits of the three, or an error. The runs of bytes between stops are scanRun's; a
// path ended by "?" and a query without "%", control or "#" are read here, any other from
// its first such stop by scanParts.
func scanRest(s string, k int, acc uint64) (q, f int, flags uint16, sum Chars, err error) {
	n := len(s)
	if k >= n {
		return n, n, 0, Chars(acc) << pathShift & pathMask, nil
	}
	if s[k] != '?' {
		return scanParts(s, k, acc, n, 0, 0)
	}
	q = k
	sum = Chars(acc) << pathShift & pathMask
	var c uint64
	if k, c = scanRun(s, k+1, rCheck|rHash); k >= n {
		return q, n, hasQuery, sum | Chars(c)<<queryShift&queryMask, nil
	}
	return scanParts(s, k, c, q, hasQuery, sum)
}

// scanParts is scanRest from the stop at s[k]: a control or "%" (RFC 1738 §2.2), or the "?"
// or "#" that ends the path or query, in the query when flags has hasQuery (q is then the
// index of its "?"), else in the path. acc holds the runTab entries, ORed, of the
// component's bytes before k, sum the summary's bits of the components before it. One loop
// for the path, query and fragment, whose stops change at "?" and "#"; the classes of each
// go into the summary at its end, moved to its bits by sh and mask.
func scanParts(s string, k int, acc uint64, q int, flags uint16, sum Chars) (int, int, uint16, Chars, error) {
	n := len(s)
	f := n
	stops := rCheck | rQuery | rHash
	sh, mask := uint(pathShift), Chars(pathMask)
	if flags&hasQuery != 0 {
		stops = rCheck | rHash
		sh, mask = queryShift, queryMask
	}
	for k < n {
		b := runTab[s[k]]
		if b&rCheck != 0 {
			acc |= uint64(b)
			var err error
			if k, err = checkByte(s, k); err != nil {
				return 0, 0, 0, 0, err
			}
		} else {
			sum |= Chars(acc<<sh) & mask
			acc = 0
			if b&rQuery != 0 {
				// Only the path stops at "?".
				q = k
				flags |= hasQuery
				stops = rCheck | rHash
				sh, mask = queryShift, queryMask
			} else {
				if q == n {
					q = k
				}
				f = k
				flags |= hasFragment
				stops = rCheck
				sh, mask = fragShift, fragMask
			}
		}
		var c uint64
		k, c = scanRun(s, k+1, stops)
		acc |= c
	}
	sum |= Chars(acc<<sh) & mask
	return q, f, flags, sum, nil
}

// scanRun returns the index of the first byte of s at or after k whose runTab entry has a
// bit of stops, or len(s), and the OR of the runTab entries of the bytes from k to it. It
// takes eight bytes at a time: without a stop among them, with one test of their entries
// ORed; with one, the bytes before the first stop by a mask; the last bytes as the eight
// that end s, by one test when those before k are the run's, else with those shifted out.
func scanRun(s string, k int, stops uint8) (int, uint64) {
	n := len(s)
	w := ones * uint64(stops)
	var acc uint64
	if k < 0 || k > n {
		return k, acc
	}
	k0 := k
	for ; k <= n-8; k += 8 {
		t := s[k : k+8]
		c := runTab[t[0]] | runTab[t[1]] | runTab[t[2]] | runTab[t[3]] |
			runTab[t[4]] | runTab[t[5]] | runTab[t[6]] | runTab[t[7]]
		if c&stops != 0 {
			if c&rPct != 0 {
				return scanEscapes(s, k, stops, acc)
			}
			v := packRunWord(load64(t))
			j := bits.TrailingZeros64(v&w) >> 3
			return k + j, acc | orBytes(v&(1<<(8*j)-1))
		}
		acc |= uint64(c)
	}
	if k >= n {
		return k, acc
	}
	if n < 8 {
		for ; k < n; k++ {
			c := runTab[s[k]]
			if c&stops != 0 {
				break
			}
			acc |= uint64(c)
		}
		return k, acc
	}
	t := s[n-8:]
	if n-8 >= k0 {
		// The bytes before k are the run's and stop nothing.
		c := runTab[t[0]] | runTab[t[1]] | runTab[t[2]] | runTab[t[3]] |
			runTab[t[4]] | runTab[t[5]] | runTab[t[6]] | runTab[t[7]]
		if c&stops == 0 {
			return n, acc | uint64(c)
		}
	}
	sh := 8 * uint(k-(n-8)) & 63 // 8 to 56
	v := packRun(t) >> sh
	j := bits.TrailingZeros64(v&w|1<<(64-sh&63)) >> 3 // at most n-k
	return k + j, acc | orBytes(v&(1<<(8*j)-1))
}

// scanEscapes is scanRun from the eight bytes at s[k] (k <= len(s)-8), which hold a "%", with
// acc the OR of the entries before k, for stops that hold rCheck (every caller's do). RFC 1738
// §2.2 escape = "%" hex hex: a "%" followed by two hex digits is not a stop here, so that a
// run of escapes (UTF-8 text, "%20") is read a word at a time; any other "%" stays a stop,
// where scanParts and checkByte report it. The last bytes, fewer than eight, are scanRun's.
// A function of its own, so that scanRun's loop keeps its registers.
func scanEscapes(s string, k int, stops uint8, acc uint64) (int, uint64) {
	n := len(s)
	w := ones * uint64(stops)
	for ; k >= 0 && k <= n-8; k += 8 {
		t := s[k : k+8]
		c := runTab[t[0]] | runTab[t[1]] | runTab[t[2]] | runTab[t[3]] |
			runTab[t[4]] | runTab[t[5]] | runTab[t[6]] | runTab[t[7]]
		if c&stops != 0 {
			v := packRunWord(load64(t))
			m := v & w
			if c&rPct != 0 {
				pm := v >> 3 & ones // bit 0 of each "%" byte (rPct is 1<<3)
				m &^= pm            // their rCheck bit
				for p := pm; p != 0; p &= p - 1 {
					j := bits.TrailingZeros64(p) >> 3
					if i := k + j; i+2 >= n || !hexTab[s[i+1]] || !hexTab[s[i+2]] {
						m |= 1 << (8 * j)
					}
				}
			}
			if m != 0 {
				j := bits.TrailingZeros64(m) >> 3
				return k + j, acc | orBytes(v&(1<<(8*j)-1))
			}
		}
		acc |= uint64(c)
	}
	k, c := scanRun(s, k, stops)
	return k, acc | c
}

// parseAuthority reads the authority that starts at s[a], after "//", when its first run of
// bytes does not end it: it returns the authority's end e, the end of the user name ue, the
// host's start hs and end he, the flags of the user information, password, port and an RFC
// 1738 §5 login with "?", the summary's bits of user and host, or an error.
func parseAuthority(s string, a int, mode uint8) (e, ue, hs, he int, flags uint16, sum Chars, err error) {
	n := len(s)
	var userCl, hostCl, pairs uint64 // hostTab entries ORed (pairs: of hostPairs)
	at, firstColon, hostColon, ahead := -1, -1, -1, -1
	for e = a; ; e++ {
		// The bytes up to the next stop, in runs (see scanHost).
		var c, p uint64
		e, c, p = scanHost(s, e)
		hostCl |= c
		pairs |= p
		if e == n {
			break
		}
		cl := classTab[s[e]]
		if cl&clEndAuthority != 0 {
			// RFC 1738 §5: login = [ user [ ":" password ] "@" ] hostport, user and
			// password *[ uchar | ";" | "?" | "&" | "=" ]: a "?" with an "@" after it,
			// before "/" or "#", is in the login.
			if cl&clQuery == 0 || mode&readLogin1738 == 0 || !atAhead(s, e, &ahead) {
				break
			}
			flags |= hasLogin1738
			hostCl |= uint64(hostTab[s[e]])
			continue
		}
		hostCl |= uint64(hostTab[s[e]])
		switch {
		case cl&clCheck != 0:
			if e, err = checkByte(s, e); err != nil {
				return
			}
		case cl&clAt != 0:
			at, hostColon = e, -1
			userCl |= hostCl
			hostCl, pairs = 0, 0
		case cl&clColon != 0:
			if firstColon < 0 {
				firstColon = e
			}
			if hostColon < 0 {
				hostColon = e
			}
		}
	}
	hs = a
	ue = a
	if at >= 0 {
		// RFC 1738 §3.1: user and password end at ":" and "@"; the user information
		// ends at the last "@" (RFC 3986 §3.2.1 userinfo holds no "@").
		flags |= hasUser
		ue = at
		if firstColon >= 0 && firstColon < at {
			ue = firstColon
			flags |= hasPassword
		}
		hs = at + 1
	}
	he = e
	if hs < e && s[hs] == '[' {
		// RFC 3986 §3.2.2 IP-literal = "[" ( IPv6address / IPvFuture ) "]"
		k := hs + 1
		for k < e && s[k] != ']' {
			k++
		}
		if k == e {
			err = &Error{Input: s, Offset: hs, Code: CodeBadIPLiteral,
				Rule: "RFC 3986 §3.2.2 IP-literal", Message: "\"[\" without a closing \"]\""}
			return
		}
		he = k + 1
		if he < e && s[he] != ':' {
			err = &Error{Input: s, Offset: he, Code: CodeBadIPLiteral,
				Rule: "RFC 3986 §3.2.2 IP-literal", Message: "\"]\" not followed by \":\" port or the end of the authority"}
			return
		}
	} else if hostColon >= 0 {
		he = hostColon
	}
	if he < e {
		// RFC 1738 §3.1 and §5: port = digits; RFC 3986 §3.2.3 port = *DIGIT.
		flags |= hasPort
		for k := he + 1; k < e; k++ {
			if c := s[k]; c < '0' || c > '9' {
				err = &Error{Input: s, Offset: k, Code: CodeBadPort,
					Rule: "RFC 1738 §3.1 port", Message: "port is not decimal digits"}
				return
			}
		}
	}
	sum = Chars(userCl>>1&1) | hostChars(hostCl, pairs) // hUnsafe is 1<<1, CharsUserUnsafe 1
	return
}

// The scans read eight bytes at a time and keep the classes of the eight in the eight bytes
// of a uint64, one table lookup a byte, from these tables of one byte a class, whose bits
// are laid out so that the summary's take one shift and one mask (see hostChars and the
// shifts and masks below).
var (
	runTab  [256]uint8 // rCheck… for the path, query and fragment
	hostTab [256]uint8 // hStop… for the authority

	// hostWords[256*i+c] is hostTab[c] shifted to byte i of a word (see packHost): eight
	// tables of 2 KiB, which spare packHost a shift a byte, in one array, so that each is
	// read at a constant offset from one address.
	hostWords [8 * 256]uint64
)

// The bits of runTab.
const (
	rCheck      uint8 = 1 << iota // clCheck: a control or "%"
	rQuery                        // "?": ends the path
	rHash                         // "#": ends the path or the query
	rPct                          // "%" (which has rCheck too): see scanRun
	rUnsafe                       // clUnsafe
	r3986                         // cl3986
	rSemi                         // ";"
	rSlashQuery                   // "/" or "?" (CharsQuerySlashQuestion)
)

// The bits of hostTab: hUnsafe to hAlpha are CharsHostUnsafe to CharsHostAlpha.
const (
	hStop      uint8 = 1 << iota // clCheck, clAt, clColon or "[": ends a run of the authority
	hUnsafe                      // clUnsafe
	h3986                        // cl3986
	hNotHost                     // clNotHost
	hAlpha                       // clAlpha
	hDotHyphen                   // "." or "-"
	hDot                         // "."
	hEnd                         // clEndAuthority ("/", "?", "#"): ends a run and the authority
)

// A component's bits of the summary are its runTab bits rUnsafe, r3986, rSemi and rSlashQuery
// (the OR of its bytes' entries) shifted left by its shift and masked.
const (
	pathShift  = 1 // rUnsafe (1<<4) to CharsPathUnsafe (1<<5), r3986, rSemi after it
	pathMask   = CharsPathUnsafe | CharsPathNot3986 | CharsPathSemicolon
	queryShift = 4 // rUnsafe to CharsQueryUnsafe (1<<8), r3986, rSemi, rSlashQuery after it
	queryMask  = CharsQueryUnsafe | CharsQueryNot3986 | CharsQuerySemicolon | CharsQuerySlashQuestion
	fragShift  = 8 // rUnsafe to CharsFragmentUnsafe (1<<12), r3986 after it
	fragMask   = CharsFragmentUnsafe | CharsFragmentNot3986
)

// ones has a 1 in each byte: ones*b has b in each.
const ones = 0x0101010101010101

func init() {
	for c := range 256 {
		cl := classTab[c]
		if cl&clCheck != 0 {
			runTab[c] |= rCheck
		}
		if c == '%' {
			runTab[c] |= rPct
		}
		if cl&clQuery != 0 {
			runTab[c] |= rQuery | rSlashQuery
		}
		if cl&clHash != 0 {
			runTab[c] |= rHash
		}
		if cl&clSlash != 0 {
			runTab[c] |= rSlashQuery
		}
		if cl&clUnsafe != 0 {
			runTab[c] |= rUnsafe
			hostTab[c] |= hUnsafe
		}
		if cl&cl3986 != 0 {
			runTab[c] |= r3986
			hostTab[c] |= h3986
		}
		if cl&clSemi != 0 {
			runTab[c] |= rSemi
		}
		if cl&(clCheck|clAt|clColon) != 0 || c == '[' {
			hostTab[c] |= hStop
		}
		if cl&clEndAuthority != 0 {
			hostTab[c] |= hEnd
		}
		if cl&clNotHost != 0 {
			hostTab[c] |= hNotHost
		}
		if cl&clAlpha != 0 {
			hostTab[c] |= hAlpha
		}
		if cl&(clDot|clHyphen) != 0 {
			hostTab[c] |= hDotHyphen
		}
		if cl&clDot != 0 {
			hostTab[c] |= hDot
		}
	}
	for i := range 8 {
		for c := range 256 {
			hostWords[256*i+c] = uint64(hostTab[c]) << (8 * i)
		}
	}
	if Chars(rUnsafe)<<pathShift != CharsPathUnsafe || Chars(rUnsafe)<<queryShift != CharsQueryUnsafe ||
		Chars(rUnsafe)<<fragShift != CharsFragmentUnsafe || Chars(hUnsafe) != CharsHostUnsafe ||
		Chars(hAlpha) != CharsHostAlpha || hDot != hDotHyphen<<1 || hUnsafe>>1 != uint8(CharsUserUnsafe) {
		panic("locator: the tables of the scans do not match the bits of Chars")
	}
}

// packHost returns the hostTab entries of the eight bytes of t, the first in the low byte:
// the entry of byte i read from hostWords[i], where it is already shifted into place.
func packHost(t string) uint64 {
	t = t[:8]
	return hostWords[t[0]] | hostWords[256+int(t[1])] | hostWords[2*256+int(t[2])] | hostWords[3*256+int(t[3])] |
		hostWords[4*256+int(t[4])] | hostWords[5*256+int(t[5])] | hostWords[6*256+int(t[6])] | hostWords[7*256+int(t[7])]
}

// packRun returns the runTab entries of the eight bytes of t, the first in the low byte.
func packRun(t string) uint64 {
	t = t[:8]
	return uint64(runTab[t[0]]) | uint64(runTab[t[1]])<<8 | uint64(runTab[t[2]])<<16 | uint64(runTab[t[3]])<<24 |
		uint64(runTab[t[4]])<<32 | uint64(runTab[t[5]])<<40 | uint64(runTab[t[6]])<<48 | uint64(runTab[t[7]])<<56
}

// packRunWord is packRun of the eight bytes of x (load64), the first in the low byte, taken out
// by shifts: for the eight that scanRun has already looked up byte by byte, so that the
// compiler does not keep those eight loads in registers for it.
func packRunWord(x uint64) uint64 {
	return uint64(runTab[byte(x)]) | uint64(runTab[byte(x>>8)])<<8 | uint64(runTab[byte(x>>16)])<<16 |
		uint64(runTab[byte(x>>24)])<<24 | uint64(runTab[byte(x>>32)])<<32 | uint64(runTab[byte(x>>40)])<<40 |
		uint64(runTab[byte(x>>48)])<<48 | uint64(runTab[byte(x>>56)])<<56
}

// orBytes returns the OR of the eight bytes of x.
func orBytes(x uint64) uint64 {
	x |= x >> 32
	x |= x >> 16
	return (x | x>>8) & 0xff
}

// hostChars returns the summary's bits of host[:port] from the OR of the hostTab entries of
// its bytes and the OR of hostPairs over them.
func hostChars(cl, pairs uint64) Chars {
	sum := Chars(cl) & (CharsHostUnsafe | CharsHostNot3986 | CharsHostNotHostname | CharsHostAlpha)
	if pairs&(ones*uint64(hDotHyphen)) != 0 {
		sum |= CharsHostDotHyphen
	}
	return sum
}

// hostPairs returns, in the hDotHyphen bit of each byte, whether the bytes of p (the byte
// before) and v are both "." or "-" and one of them is ".": the pairs "..", ".-" and "-."
// that RFC 1738 §5 hostname has none of ("--" it allows), for hostTab entries p and v. Both
// bytes have hDotHyphen, and one has hDot, the bit above it. The other bits of the result
// mean nothing: hostChars looks at hDotHyphen only.
func hostPairs(p, v uint64) uint64 {
	return p & v & ((p | v) >> 1)
}

// hostHasPair reports whether h has "..", ".-" or "-.": a pair of RFC 1738 §5 hostname has
// none of ("--" it allows).
func hostHasPair(h string) bool {
	for i := 1; i < len(h); i++ {
		if x, y := h[i-1], h[i]; (x == '.' && (y == '.' || y == '-')) || (x == '-' && y == '.') {
			return true
		}
	}
	return false
}

// scanHost returns the index of the first byte of s at or after k whose hostTab entry has
// hStop, or len(s), the OR of the hostTab entries of the bytes from k to it, and the OR of
// hostPairs over them (a run starts after a stop or at the start of the authority, so no
// pair crosses its start). It takes eight bytes at a time: the bytes before the first stop
// by a mask; the last bytes, when the run has eight or more, as the eight that end s.
func scanHost(s string, k int) (int, uint64, uint64) {
	const stops = ones * uint64(hStop|hEnd)
	var acc, pairs, prev uint64 // prev: the entry of the byte before the eight
	k0 := k
	for k >= 0 && k+8 <= len(s) {
		v := packHost(s[k : k+8])
		if m := v & stops; m != 0 {
			j := bits.TrailingZeros64(m) >> 3
			v &= 1<<(8*j) - 1
			acc |= v
			pairs |= hostPairs(v<<8|prev, v)
			return k + j, orBytes(acc), pairs
		}
		acc |= v
		pairs |= hostPairs(v<<8|prev, v)
		prev = v >> 56
		k += 8
	}
	if k < len(s) && k0 >= 0 && len(s)-8 >= k0 {
		// The last eight bytes: those before k are the run's, stop nothing, and their pairs
		// are counted, so the byte before the eight does not matter.
		w := len(s) - 8
		v := packHost(s[w:])
		k = len(s)
		if m := v & stops; m != 0 {
			j := bits.TrailingZeros64(m) >> 3
			v &= 1<<(8*j) - 1
			k = w + j
		}
		acc |= v
		pairs |= hostPairs(v<<8, v)
		return k, orBytes(acc), pairs
	}
	for ; k < len(s); k++ {
		c := uint64(hostTab[s[k]])
		if c&stops != 0 {
			break
		}
		acc |= c
		pairs |= hostPairs(prev, c)
		prev = c
	}
	return k, orBytes(acc), pairs
}

func hexByte(c byte) string {
	const h = "0123456789ABCDEF"
	return string([]byte{'%', h[c>>4], h[c&15]})
}

// MustParse is like Parse but panics on error. It is for URLs written into programs and tests.
func MustParse(s string) URL {
	u, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// ParseAbsolute is like Parse but requires a scheme: RFC 1738 §2.1 <scheme>:<scheme-specific-part>.
func ParseAbsolute(s string) (URL, error) {
	u, err := Parse(s)
	if err != nil {
		return URL{}, err
	}
	if !u.HasScheme() {
		if s == "" {
			return URL{}, &Error{Input: s, Code: CodeEmpty, Rule: "RFC 1738 §2.1",
				Message: "empty input; a URL is <scheme>:<scheme-specific-part>"}
		}
		off := 0
		for off < len(s) && s[off] != ':' {
			off++
		}
		return URL{}, &Error{Input: s, Offset: off, Code: CodeNoScheme, Rule: "RFC 1738 §2.1 scheme",
			Message: "no scheme: a URL is <scheme>:<scheme-specific-part>, the scheme letters, digits, \"+\", \"-\", \".\""}
	}
	return u, nil
}
