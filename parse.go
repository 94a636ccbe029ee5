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
	clUnsafe      // not RFC 1738 §5 xchar, nor "%": RFC 1738 §2.2 unsafe, national, punctuation, 80–FF
	cl3986        // not RFC 3986 §3.4 query characters (pchar, "/", "?"), nor "%"
	clNotHost     // not a letter, digit, "-", "." or ":" (RFC 1738 §5 hostport)
	clAlpha       // a letter or "-" (RFC 1738 §5 hostname, which a hostnumber lacks)
	clDot         // "."
	clHyphen      // "-"
	clAfterDot    // "." or "-": a pair with a "." before it is not RFC 1738 §5 hostname
	clAfterHyphen // ".": a pair with a "-" before it is not RFC 1738 §5 hostname

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
	// The pairs "..", ".-" and "-.": the class of the first byte shifted by two has a bit in
	// common with the class of the second (see Parse's authority loop).
	classTab['.'] |= clDot | clAfterDot | clAfterHyphen
	classTab['-'] |= clHyphen | clAfterDot
	if clDot<<2 != clAfterDot || clHyphen<<2 != clAfterHyphen {
		panic("locator: the pair classes are not two bits apart")
	}
}

// summarize returns the character summary of a URL (see Chars in chars.go) from the classes
// of the bytes of its user information (user), host and port (host), path, query and fragment
// (frag), each an OR of classTab over the component's bytes, an escape counting as its "%";
// hostPairs is the OR over the pairs of bytes of host and port of the class of the first
// shifted by two and the class of the second.
// The bits are moved into place with shifts: the summary's bits are in the order of the
// components, and within each in the order clUnsafe, cl3986, clNotHost, clAlpha of classTab,
// then ";" and, for the query, "/" or "?".
func summarize(user, host, path, query, frag, hostPairs uint16) Chars {
	// Each term moves bits of classTab to their place in Chars with one shift and one mask
	// (clUnsafe is 1<<8, cl3986, clNotHost and clAlpha follow it; clSlash is 1<<1, clQuery
	// 1<<2, clSemi 1<<6, clAfterDot 1<<14, clAfterHyphen 1<<15), few enough operations for
	// summarize to be inlined.
	sum := user>>8&1 | // UserUnsafe
		host>>7&(15<<1) | // HostUnsafe, HostNot3986, HostNotHostname, HostAlpha
		path>>3&(3<<5) | path<<1&(1<<7) | // PathUnsafe, PathNot3986; PathSemicolon
		query&(3<<8) | query<<4&(1<<10) | // QueryUnsafe, QueryNot3986; QuerySemicolon
		(query<<10|query<<9)&(1<<11) | // QuerySlashQuestion
		frag<<4&(3<<12) | // FragmentUnsafe, FragmentNot3986
		(hostPairs|hostPairs>>1)&(1<<14) // HostDotHyphen
	return Chars(sum)
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
func parse(s string, mode uint8) (URL, error) {
	if uint64(len(s)) > MaxLength {
		return URL{}, &Error{Input: s[:64], Offset: MaxLength, Code: CodeTooLong,
			Rule: "locator limits", Message: "URL longer than 4 GiB"}
	}
	// One pass: each component is scanned once, and its controls and escapes are checked in
	// the same loop (parseReference in slow_test.go is the readable two-pass version).
	// The URL's fields are locals, written into the result once at the end (a URL built
	// field by field in memory and then copied costs a store-forwarding stall per word).
	var flags uint16
	schemeEnd := uint32(0)
	n := len(s)
	i := 0
	var err error
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
	// length.
	w := ^uint64(0)
	if i == 0 && n >= 8 {
		w = load64(s)
	}
	if min((w^httpWord)&(1<<56-1), w^httpsWord, w^fileWord) == 0 {
		se := 4 + uint32(w>>32&1) // ':' (0x3a) has its low bit clear, 's' (0x73) set
		schemeEnd, flags, i = se, hasScheme, int(se)+1
	} else if n > i && (s[i]|0x20 >= 'a' && s[i]|0x20 <= 'z') {
		j := i + 1
		for j < n && schemeTab[s[j]] {
			j++
		}
		if j < n && s[j] == ':' {
			schemeEnd = uint32(j)
			flags |= hasScheme
			i = j + 1
		}
	}
	e := i // end of the authority: the path's start
	hs, he := i, i
	ue := i
	// The classes of the bytes of each component, for the summary (see summarize).
	var userCl, hostCl, pathCl, queryCl, fragCl, pairCl uint16
	if n-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		// RFC 1738 §3.1 "//" login; RFC 3986 §3.2 authority, ended by "/", "?" or "#".
		flags |= hasAuthority
		a := i + 2
		at, firstColon, hostColon, ahead := -1, -1, -1, -1
		for e = a; ; e++ {
			// The bytes up to the next delimiter, "%" or control, in runs (see scanHost).
			var c, p uint16
			e, c, p = scanHost(s, e)
			hostCl |= c
			pairCl |= p
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
				hostCl |= cl
				continue
			}
			hostCl |= cl
			switch {
			case cl&clCheck != 0:
				if e, err = checkByte(s, e); err != nil {
					return URL{}, err
				}
			case cl&clAt != 0:
				at, hostColon = e, -1
				userCl |= hostCl
				hostCl, pairCl = 0, 0
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
				return URL{}, &Error{Input: s, Offset: hs, Code: CodeBadIPLiteral,
					Rule: "RFC 3986 §3.2.2 IP-literal", Message: "\"[\" without a closing \"]\""}
			}
			he = k + 1
			if he < e && s[he] != ':' {
				return URL{}, &Error{Input: s, Offset: he, Code: CodeBadIPLiteral,
					Rule: "RFC 3986 §3.2.2 IP-literal", Message: "\"]\" not followed by \":\" port or the end of the authority"}
			}
		} else if hostColon >= 0 {
			he = hostColon
		}
		if he < e {
			// RFC 1738 §3.1 and §5: port = digits; RFC 3986 §3.2.3 port = *DIGIT.
			flags |= hasPort
			for k := he + 1; k < e; k++ {
				if c := s[k]; c < '0' || c > '9' {
					return URL{}, &Error{Input: s, Offset: k, Code: CodeBadPort,
						Rule: "RFC 1738 §3.1 port", Message: "port is not decimal digits"}
				}
			}
		}
	}
	// RFC 3986 §3.3–3.5: the path runs to "?" or "#", the query to "#".
	q, f := n, n
	var c uint16
	k := e
	for ; ; k++ {
		if k, c = scanRun(s, k, rCheck|rQuery|rHash); k == n {
			pathCl |= c
			break
		}
		pathCl |= c
		cl := classTab[s[k]]
		if cl&clCheck == 0 {
			q = k
			if cl&clHash != 0 {
				f = k
			}
			break
		}
		pathCl |= cl
		if k, err = checkByte(s, k); err != nil {
			return URL{}, err
		}
	}
	if q < n && f == n {
		flags |= hasQuery
		for k = q + 1; ; k++ {
			k, c = scanRun(s, k, rCheck|rHash)
			queryCl |= c
			if k == n {
				break
			}
			cl := classTab[s[k]]
			if cl&clCheck == 0 {
				f = k
				break
			}
			queryCl |= cl
			if k, err = checkByte(s, k); err != nil {
				return URL{}, err
			}
		}
	}
	if f < n {
		flags |= hasFragment
		for k = f + 1; ; k++ {
			k, c = scanRun(s, k, rCheck)
			fragCl |= c
			if k == n {
				break
			}
			fragCl |= classTab[s[k]]
			if k, err = checkByte(s, k); err != nil {
				return URL{}, err
			}
		}
	}
	return URL{s: s, schemeEnd: schemeEnd, userEnd: uint32(ue), hostStart: uint32(hs), hostEnd: uint32(he),
		pathStart: uint32(e), queryStart: uint32(q), fragStart: uint32(f), flags: flags,
		chars: summarize(userCl, hostCl, pathCl, queryCl, fragCl, pairCl)}, nil
}

// The scans of runs of bytes (scanRun, scanHost) read eight bytes at a time and keep the
// classes of the eight in the eight bytes of a uint64, one table lookup a byte, from these
// tables of one byte a class: the stop bits and what the summary needs of classTab.
var (
	runTab  [256]uint8 // rCheck… for the path, query and fragment (scanRun)
	hostTab [256]uint8 // hStop… for the authority (scanHost)
)

// The bits of runTab: clCheck, clSlash, clQuery and clHash where classTab has them, then
// clSemi, clUnsafe and cl3986 (see runClasses).
const (
	rCheck  uint8 = 1 << iota // clCheck
	rSlash                    // clSlash
	rQuery                    // clQuery
	rHash                     // clHash
	rSemi                     // clSemi
	rUnsafe                   // clUnsafe
	r3986                     // cl3986
)

// The bits of hostTab.
const (
	hStop      uint8 = 1 << iota // clCheck, clAt, clColon or clEndAuthority: ends a run of the authority
	hUnsafe                      // clUnsafe
	h3986                        // cl3986
	hNotHost                     // clNotHost
	hAlpha                       // clAlpha
	hDotHyphen                   // "." or "-"
	hDot                         // "."
)

// runBits are the bits of classTab that runTab has (see runClasses).
const runBits = clCheck | clSlash | clQuery | clHash | clSemi | clUnsafe | cl3986

// ones has a 1 in each byte: ones*b has b in each.
const ones = 0x0101010101010101

func init() {
	for c := range 256 {
		cl := classTab[c]
		runTab[c] = uint8(cl&(clCheck|clSlash|clQuery|clHash)) | uint8(cl&clSemi>>2) | uint8(cl&(clUnsafe|cl3986)>>3)
		if cl&(clCheck|clAt|clColon|clEndAuthority) != 0 {
			hostTab[c] |= hStop
		}
		hostTab[c] |= uint8(cl & (clUnsafe | cl3986 | clNotHost | clAlpha) >> 7)
		if cl&(clDot|clHyphen) != 0 {
			hostTab[c] |= hDotHyphen
		}
		if cl&clDot != 0 {
			hostTab[c] |= hDot
		}
		if runClasses(uint64(runTab[c])) != cl&runBits || uint16(runTab[c]&(rCheck|rQuery|rHash)) != cl&(clCheck|clQuery|clHash) ||
			hostClasses(uint64(hostTab[c])) != cl&(clUnsafe|cl3986|clNotHost|clAlpha) {
			panic("locator: the tables of the scans do not match classTab")
		}
	}
}

// orBytes returns the OR of the eight bytes of x.
func orBytes(x uint64) uint64 {
	x |= x >> 32
	x |= x >> 16
	return (x | x>>8) & 0xff
}

// runClasses returns the classTab bits of the OR b of runTab entries.
func runClasses(b uint64) uint16 {
	return uint16(b&0x0f) | uint16(b&uint64(rSemi))<<2 | uint16(b&uint64(rUnsafe|r3986))<<3
}

// hostClasses returns the classTab bits of the OR b of hostTab entries.
func hostClasses(b uint64) uint16 { return uint16(b&uint64(hUnsafe|h3986|hNotHost|hAlpha)) << 7 }

// hostPairs returns, in each byte, hDotHyphen when the bytes of p (the byte before) and v are
// both "." or "-" and one of them is ".": the pairs "..", ".-" and "-." that RFC 1738 §5
// hostname has none of ("--" it allows), for hostTab entries p and v. Both bytes have
// hDotHyphen, and one has hDot, the bit above it.
func hostPairs(p, v uint64) uint64 {
	return p & v & ((p | v) >> 1) & (ones * uint64(hDotHyphen))
}

// scanRun returns the index of the first byte of s at or after k whose runTab entry has a bit
// of stop, or len(s), and the classTab bits (runClasses) of the bytes from k to it. It takes
// eight bytes at a time: without a stop among them, with one test; with one, the bytes before
// the first stop by a mask, without a branch a byte; the last bytes, when the run has eight
// or more, as the eight that end s.
func scanRun(s string, k int, stop uint8) (int, uint16) {
	var acc uint64
	var acc16 uint16 // the classTab entries of the eights without a stop
	k0 := k
	stops := ones * uint64(stop)
	for k >= 0 && k+8 <= len(s) {
		// The eight without a stop by classTab, whose bits of the stops are runTab's.
		t := s[k : k+8]
		c := classTab[t[0]] | classTab[t[1]] | classTab[t[2]] | classTab[t[3]] |
			classTab[t[4]] | classTab[t[5]] | classTab[t[6]] | classTab[t[7]]
		if c&uint16(stop) == 0 {
			acc16 |= c
			k += 8
			continue
		}
		v := uint64(runTab[t[0]]) | uint64(runTab[t[1]])<<8 | uint64(runTab[t[2]])<<16 | uint64(runTab[t[3]])<<24 |
			uint64(runTab[t[4]])<<32 | uint64(runTab[t[5]])<<40 | uint64(runTab[t[6]])<<48 | uint64(runTab[t[7]])<<56
		j := bits.TrailingZeros64(v&stops) >> 3
		acc |= v & (1<<(8*j) - 1)
		return k + j, acc16&runBits | runClasses(orBytes(acc))
	}
	if k < len(s) && k0 >= 0 && len(s)-8 >= k0 {
		// The bytes before k among the last eight are the run's and stop nothing.
		w := len(s) - 8
		t := s[w:]
		c := classTab[t[0]] | classTab[t[1]] | classTab[t[2]] | classTab[t[3]] |
			classTab[t[4]] | classTab[t[5]] | classTab[t[6]] | classTab[t[7]]
		if c&uint16(stop) == 0 {
			return len(s), (acc16|c)&runBits | runClasses(orBytes(acc))
		}
		v := uint64(runTab[t[0]]) | uint64(runTab[t[1]])<<8 | uint64(runTab[t[2]])<<16 | uint64(runTab[t[3]])<<24 |
			uint64(runTab[t[4]])<<32 | uint64(runTab[t[5]])<<40 | uint64(runTab[t[6]])<<48 | uint64(runTab[t[7]])<<56
		j := bits.TrailingZeros64(v&stops) >> 3
		acc |= v & (1<<(8*j) - 1)
		return w + j, acc16&runBits | runClasses(orBytes(acc))
	}
	for ; k < len(s); k++ {
		c := uint64(runTab[s[k]])
		if c&stops != 0 {
			break
		}
		acc |= c
	}
	return k, acc16&runBits | runClasses(orBytes(acc))
}

// scanHost is scanRun for the authority: it stops at a delimiter of the authority (RFC 3986
// §3.2: "/", "?", "#"; "@" and ":" of RFC 1738 §3.1), a control or "%" (hStop), and returns
// besides clAfterDot when the run has "..", ".-" or "-." (see summarize). A run starts after
// such a byte or at the start of the authority, so no pair crosses its start.
func scanHost(s string, k int) (int, uint16, uint16) {
	const stops = ones * uint64(hStop)
	var acc, pairs, prev uint64 // prev: the entry of the byte before the eight
	if k >= 0 && k < len(s) && hostTab[s[k]]&hStop != 0 {
		return k, 0, 0 // an empty run: an empty host ("file:///") or user, "@@", "::"
	}
	k0 := k
	for k >= 0 && k+8 <= len(s) {
		t := s[k : k+8]
		v := uint64(hostTab[t[0]]) | uint64(hostTab[t[1]])<<8 | uint64(hostTab[t[2]])<<16 | uint64(hostTab[t[3]])<<24 |
			uint64(hostTab[t[4]])<<32 | uint64(hostTab[t[5]])<<40 | uint64(hostTab[t[6]])<<48 | uint64(hostTab[t[7]])<<56
		if m := v & stops; m != 0 {
			j := bits.TrailingZeros64(m) >> 3
			v &= 1<<(8*j) - 1
			acc |= v
			pairs |= hostPairs(v<<8|prev, v)
			return k + j, hostClasses(orBytes(acc)), hostPairBit(pairs)
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
		t := s[w:]
		v := uint64(hostTab[t[0]]) | uint64(hostTab[t[1]])<<8 | uint64(hostTab[t[2]])<<16 | uint64(hostTab[t[3]])<<24 |
			uint64(hostTab[t[4]])<<32 | uint64(hostTab[t[5]])<<40 | uint64(hostTab[t[6]])<<48 | uint64(hostTab[t[7]])<<56
		k = len(s)
		if m := v & stops; m != 0 {
			j := bits.TrailingZeros64(m) >> 3
			v &= 1<<(8*j) - 1
			k = w + j
		}
		acc |= v
		pairs |= hostPairs(v<<8, v)
		return k, hostClasses(orBytes(acc)), hostPairBit(pairs)
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
	return k, hostClasses(orBytes(acc)), hostPairBit(pairs)
}

// hostPairBit returns clAfterDot when pairs (of hostPairs) has a bit.
func hostPairBit(pairs uint64) uint16 {
	if pairs != 0 {
		return clAfterDot
	}
	return 0
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
