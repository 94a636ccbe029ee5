package whatwg

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// The fast path. Most URLs that programs handle are already in the form the URL serializer
// writes. parseNormalized checks, in one pass and without allocating, that input is such a URL:
// that the basic URL parser (§4.4) would not change a byte of it. When it is, the href is input
// itself and only the offsets are computed. Whatever it is unsure of (upper case, percent-encoded
// or non-ASCII hosts, IPv4 addresses not in dotted-decimal form, dot segments, bytes the
// percent-encode sets encode, a missing "/" after a special URL's host, a default port) goes to
// the full parser, which gives the same answer: the tests hold every href of urltestdata.json
// and of the benchmark lists to taking this path, and the fuzz target holds the two parsers to
// the same result.

// Byte classes of the fast path, derived from the percent-encode sets (§1.3) and the states
// that use them (§4.4).
var (
	fastScheme       [256]bool // scheme state: lower-case ASCII alphanumeric, "+", "-", "."
	fastUserinfo     [256]bool // authority state: printable ASCII not in the userinfo percent-encode set
	fastDomain       [256]bool // ASCII domain bytes the domain parser keeps: no upper case, no forbidden domain code point
	fastOpaqueHost   [256]bool // opaque-host parser: printable ASCII, not a forbidden host code point
	fastPathSpecial  [256]bool // path state, special URL: printable ASCII not in the path set, not "\"
	fastPathSeg      [256]bool // fastPathSpecial and "/", but not "." or "%" (a dot segment may start with them)
	fastPathSegOther [256]bool // the same for fastPathOther
	fastPathOther    [256]bool // path state, other URL
	fastOpaque       [256]bool // opaque path state: printable ASCII except space
	fastQuerySpec    [256]bool // query state, special: printable ASCII not in the special-query set
	fastQueryOther   [256]bool // query state, other: printable ASCII not in the query set
	fastFragment     [256]bool // fragment state: printable ASCII not in the fragment set
)

func init() {
	for c := 0x21; c < 0x7f; c++ {
		b := byte(c)
		lower := 'a' <= b && b <= 'z'
		digit := '0' <= b && b <= '9'
		fastScheme[c] = lower || digit || b == '+' || b == '-' || b == '.'
		fastUserinfo[c] = !userinfoTab[c]
		fastDomain[c] = !forbiddenDomainTab[c] && !('A' <= b && b <= 'Z')
		fastOpaqueHost[c] = !forbiddenHostTab[c]
		fastPathOther[c] = !pathTab[c] && b != '?' && b != '#' && b != '/'
		fastPathSpecial[c] = fastPathOther[c] && b != '\\'
		fastPathSegOther[c] = (fastPathOther[c] || b == '/') && b != '.' && b != '%'
		fastPathSeg[c] = (fastPathSpecial[c] || b == '/') && b != '.' && b != '%'
		fastOpaque[c] = b != '?' && b != '#'
		fastQueryOther[c] = !queryTab[c]
		fastQuerySpec[c] = !specialQueryTab[c]
		fastFragment[c] = !fragmentTab[c]
	}
}

// parseNormalized returns input as a URL when input is already its own href.
func parseNormalized(s string) (URL, bool) {
	var u URL
	if !parseNormalizedInto(&u, s, nil) {
		return URL{}, false
	}
	return u, true
}

// resume records where parseNormalized found the first byte the parser would change, when that
// is after a special scheme other than "file" not followed by "//", or in a special URL's host
// or an opaque host (without credentials), a special URL's default port, or in the path of a
// URL with a host, or in a query or fragment: the input before it is the href's start, and
// resumeDirect goes on from there.
type resume struct {
	// specialAuthorityIgnoreSlashesState, hostState, portState, pathState, queryState or
	// fragmentState; noOverride: nothing recorded
	st state
	// specialAuthorityIgnoreSlashesState: after the ":"; hostState: the host's first byte;
	// portState: the ":"; pathState: the "/" that opens the segment; otherwise the byte
	at int
	// The offsets so far are not here: parseNormalizedInto leaves them in its *u, which
	// resumeDirectInto goes on with (one URL in parse's frame, not two).
}

// recordHost records the host's start, at, as where resumeDirect goes on (the host state and the
// domain parser change the host: upper case, non-ASCII, an IPv4 address not in dotted-decimal
// form, "localhost" in a file URL), for a special URL without credentials (u.userEnd is at):
// the href starts with "scheme://" as the input does.
func (r *resume) recordHost(at int) { r.st, r.at = hostState, at }

// parseNormalizedInto is parseNormalized, filling in *u, a zero URL: no URL is copied on the
// way back. When it returns false and r is not nil, it records in r where it can where
// resumeDirectInto goes on; *u is then unspecified, unless r recorded it (r.st is not
// noOverride): then *u holds the offsets so far, which resumeDirectInto takes from there.
func parseNormalizedInto(u *URL, s string, r *resume) bool {
	n := len(s)
	// scheme start state and scheme state, with nothing to lowercase
	if n == 0 || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	i := 1
	for i < n && fastScheme[s[i]] {
		i++
	}
	if i == n || s[i] != ':' || uint64(n) >= 1<<32 {
		return false
	}
	u.schemeEnd = uint32(i)
	u.port = -1
	scheme := s[:i]
	si := specialIndex(scheme)
	special := si >= 0
	file := si == 1
	if special {
		u.flags |= fSpecial
	}
	i++
	if i+1 < n && s[i] == '/' && s[i+1] == '/' {
		// authority: [username [":" password] "@"] host [":" port]
		u.flags |= fHost
		a := i + 2
		u.userEnd = uint32(a)
		e, ok := fastHostEnd(s, a, special)
		if !ok {
			return false
		}
		if !file && e < n && s[e] != '/' && s[e] != '?' && s[e] != '#' && (s[e] != '\\' || !special) &&
			(s[e] != ':' || !portThenDelimiter(s, e+1)) {
			// The host does not end the authority: it may be that it started with a username
			// [":" password] "@" (authority state), if an "@" follows.
			if strings.IndexByte(s[a:], '@') < 0 {
				if r != nil {
					// A special URL's host or an opaque host (any scheme but "file").
					r.recordHost(a)
				}
				return false
			}
			userEnd, hostStart, found := fastCredentials(s, a)
			if !found {
				return false
			}
			u.userEnd = uint32(userEnd)
			a = hostStart
			if a == n || s[a] == '/' || s[a] == '?' || s[a] == '#' || s[a] == ':' {
				return false // host-missing
			}
			if e, ok = fastHostEnd(s, a, special); !ok {
				return false
			}
		}
		u.hostStart, u.hostEnd = uint32(a), uint32(e)
		host := s[a:e]
		if special && (host == "" || host[0] != '[') {
			if host == "" && !file {
				return false // special authority ignore slashes state and host-missing
			}
			if file && host == "localhost" {
				if r != nil && int(u.userEnd) == a {
					r.recordHost(a)
				}
				return false // file host state: "localhost" becomes the empty host
			}
			if host != "" && mayEndInANumber(host) && endsInANumber(host) && !isCanonicalIPv4(host) {
				if r != nil && int(u.userEnd) == a {
					r.recordHost(a)
				}
				return false // the IPv4 parser would rewrite or reject it
			}
		}
		if e < n && s[e] == ':' {
			if file || host == "" {
				return false
			}
			// port state: digits, shortest form, not the default port
			j := e + 1
			port := 0
			for j < n && '0' <= s[j] && s[j] <= '9' {
				port = port*10 + int(s[j]-'0')
				if port > 65535 {
					return false
				}
				j++
			}
			if j == e+1 || (s[e+1] == '0' && j > e+2) || int32(port) == defaultPort(scheme) {
				if r != nil && special && j > e+1 && s[e+1] != '0' {
					// The default port, which the port state drops: resumeDirect goes on from
					// the ":".
					r.st, r.at = portState, e
				}
				return false
			}
			u.port = int32(port)
			e = j
		}
		if e < n && s[e] != '/' && s[e] != '?' && s[e] != '#' {
			if r != nil && special && s[e] == '\\' {
				// path start state: a special URL's "\\" is read as "/" (the authority state
				// ended the authority there): resumeDirect goes on from it.
				u.pathStart = uint32(e)
				r.st, r.at = pathState, e
			} else if r != nil && special && int(u.userEnd) == int(u.hostStart) {
				r.recordHost(int(u.hostStart)) // a file URL's host that does not end at a delimiter
			}
			return false
		}
		if special && (e == n || s[e] != '/') {
			return false // path start state: a special URL's path is never empty
		}
		i = e
	} else {
		if special {
			if r != nil && !file {
				// Not "//" after a special scheme other than "file" ("\\\\", one slash, none):
				// special authority slashes state, special authority ignore slashes state,
				// which resumeDirect runs, unless a base of the same scheme makes it a
				// relative reference (special relative or authority state; see parse).
				r.st, r.at = specialAuthorityIgnoreSlashesState, i
			}
			return false
		}
		u.userEnd, u.hostStart, u.hostEnd = uint32(i), uint32(i), uint32(i)
		if i == n || s[i] != '/' {
			// opaque path state
			u.flags |= fOpaque
			u.pathStart = uint32(i)
			for i < n {
				if fastOpaque[s[i]] {
					i++
					continue
				}
				// A space stays a space unless "?" or "#" follows it; a final one would have
				// been trimmed (§4.4 step 1).
				if s[i] == ' ' && i+1 < n && s[i+1] != '?' && s[i+1] != '#' {
					i++
					continue
				}
				break
			}
			return finishNormalized(u, s, i, special, nil)
		}
		if strings.HasPrefix(s[i:], "/.//") {
			// URL serializer: "/." before a path that starts with "//" when the host is null
			i += 2
		} else if i+1 < n && s[i+1] == '.' {
			return false // "/." before any other path, or a dot segment
		}
	}
	// path state: a list path whose segments need no encoding and are not dot segments
	u.pathStart = uint32(i)
	if file && i+2 < n && isAlpha(s[i+1]) && s[i+2] == '|' &&
		(i+3 == n || s[i+3] == '/' || s[i+3] == '?' || s[i+3] == '#') {
		return false // path state: a first segment that is a Windows drive letter
	}
	// The loop runs over "/" too: a segment is a dot segment only if it starts with "." or "%",
	// where the loop stops (the "/" that opens a segment is found again where it is needed).
	tab2 := &fastPathSegOther
	if special {
		tab2 = &fastPathSeg
	}
	pathStart := i
	for i < n {
		// Four plain bytes at a time where there are four.
		for i+4 <= n && tab2[s[i]] && tab2[s[i+1]] && tab2[s[i+2]] && tab2[s[i+3]] {
			i += 4
		}
		if i == n {
			break
		}
		c := s[i]
		if tab2[c] {
			i++
			continue
		}
		if c != '.' && c != '%' || i == pathStart {
			break
		}
		if s[i-1] == '/' {
			// A segment starts with "." or "%": is it a dot segment? "." and ".." (followed
			// by "/", "?" or "#") on its first three bytes, one table look-up each and one
			// branch; what starts like another ("%2e", ".%2E", …) and a segment that ends the
			// input, by dotSegmentAt.
			dot := false
			if i+2 < n {
				t0, t1, t2 := segTab[c], segTab[s[i+1]], segTab[s[i+2]]
				dot = t0&(t1>>1|t1&(t2>>1))&1 != 0 || (t0>>2|t0&(t1>>2))&1 != 0 && dotSegmentAt(s, i)
			} else {
				dot = dotSegmentAt(s, i)
			}
			if dot {
				// The path state's, in a URL with a host (every special URL here; another
				// without one may need the "/." that the serializer puts before a null host's
				// path, which resumeDirect does not write).
				if r != nil && (special || u.flags&fHost != 0) {
					r.st, r.at = pathState, i-1
				}
				return false
			}
		}
		i++
	}
	if i < n && s[i] != '?' && s[i] != '#' {
		if r != nil && (special || u.flags&fHost != 0) {
			// The "/" that opens the segment the loop stopped in (a URL that is not special:
			// "\\" is a byte of the segment, not a "/").
			r.st, r.at = pathState, strings.LastIndexByte(s[:i], '/')
		}
		return false
	}
	return finishNormalized(u, s, i, special, r)
}

// finishNormalized checks the query and fragment from s[i:]; r as in parseNormalizedInto.
func finishNormalized(u *URL, s string, i int, special bool, r *resume) bool {
	n := len(s)
	u.queryStart = uint32(i)
	if i < n && s[i] == '?' {
		u.flags |= fQuery
		tab := &fastQueryOther
		if special {
			tab = &fastQuerySpec
		}
		i++
		for i+4 <= n && tab[s[i]] && tab[s[i+1]] && tab[s[i+2]] && tab[s[i+3]] {
			i += 4
		}
		for i < n && tab[s[i]] {
			i++
		}
		if i < n && s[i] != '#' {
			if r != nil {
				r.st, r.at = queryState, i
			}
			return false
		}
	}
	u.fragStart = uint32(i)
	if i < n && s[i] == '#' {
		u.flags |= fFrag
		i++
		for i < n && fastFragment[s[i]] {
			i++
		}
		if i < n && r != nil {
			r.st, r.at = fragmentState, i
		}
	}
	if i != n {
		return false
	}
	u.href = s
	return true
}

// segDot, segEnd and segPct are the bits of segTab, what the fast path's test for a dot segment
// at a segment's start (parseNormalizedInto) looks up in its first three bytes, without a branch
// on each: "." (segDot), a byte that ends the fast path's segment ("/", "?", "#": segEnd), "%"
// (segPct). The path state's "\\" is not segEnd: in a special URL's path the fast path stops at
// it anyway, and in another URL's it is a byte of the segment.
const (
	segDot uint8 = 1 << iota
	segEnd
	segPct
)

var segTab = func() (t [256]uint8) {
	t['.'] = segDot
	t['%'] = segPct
	t['/'], t['?'], t['#'] = segEnd, segEnd, segEnd
	return t
}()

// dotSegmentAt reports whether the path segment that starts at s[i], a "." or "%", is a dot
// segment (§4.1: "." or "..", each "." or an ASCII case-insensitive "%2e"), up to the "/", "?",
// "#" or end that ends it. A segment with a byte the fast path does not take (a special URL's
// "\\", one to percent-encode) is not one here, wherever the path state ends it: the fast path
// stops at that byte in the same segment, and records the same "/".
func dotSegmentAt(s string, i int) bool {
	n := len(s)
	j := i + 1
	if s[i] == '.' {
		if j < n && s[j] == '.' {
			j++
		}
		if j == n || s[j] == '/' || s[j] == '?' || s[j] == '#' {
			return true
		}
		if s[j] != '%' {
			return false
		}
	} else if i+2 >= n || s[i+1] != '2' || s[i+2]|0x20 != 'e' {
		return false
	}
	for j < n && j-i <= 6 && s[j] != '/' && s[j] != '?' && s[j] != '#' {
		j++
	}
	return isDotSegment(s[i:j])
}

// isDotSegment reports whether seg is a single-dot or double-dot URL path segment (§4.1).
func isDotSegment(seg string) bool {
	if len(seg) > 6 || len(seg) == 0 || (seg[0] != '.' && seg[0] != '%') {
		return false
	}
	b := []byte(seg) // does not escape; at most 6 bytes
	return isSingleDot(b) || isDoubleDot(b)
}

// isCanonicalIPv4 reports whether host is four decimal numbers 0–255 without leading zeros,
// separated by "." (a valid IPv4-address string, §3.4), which the IPv4 parser and serializer
// leave as they are.
func isCanonicalIPv4(host string) bool {
	parts := 0
	i := 0
	for {
		j := i
		v := 0
		for j < len(host) && '0' <= host[j] && host[j] <= '9' {
			v = v*10 + int(host[j]-'0')
			j++
			if v > 255 {
				return false
			}
		}
		if j == i || (host[i] == '0' && j > i+1) {
			return false
		}
		parts++
		if j == len(host) {
			return parts == 4
		}
		if host[j] != '.' || parts == 4 {
			return false
		}
		i = j + 1
	}
}

// isCanonicalIPv6 reports whether s (without brackets) is an IPv6 address as the IPv6 serializer
// (§3.6) writes it, by parsing it (§3.5) and serializing it again, without allocating.
func isCanonicalIPv6(s string) bool {
	if len(s) < 2 || len(s) > 39 {
		return false
	}
	addr, err := (*parser)(nil).parseIPv6(s, 0)
	if err != nil {
		return false
	}
	var buf [48]byte
	return string(appendIPv6(buf[:0], &addr)) == s
}

// fastHostEnd returns the end of the host that starts at s[a]: an IPv6 address as the IPv6
// serializer writes it, or the bytes a domain (special) or an opaque host keeps as they are.
func fastHostEnd(s string, a int, special bool) (int, bool) {
	n := len(s)
	e := a
	if a < n && s[a] == '[' {
		for e < n && s[e] != ']' {
			e++
		}
		if e == n || !isCanonicalIPv6(s[a+1:e]) {
			return 0, false
		}
		return e + 1, true
	}
	tab := &fastOpaqueHost
	if special {
		tab = &fastDomain
	}
	for e+4 <= n && tab[s[e]] && tab[s[e+1]] && tab[s[e+2]] && tab[s[e+3]] {
		e += 4
	}
	for e < n && tab[s[e]] {
		e++
	}
	return e, true
}

// portThenDelimiter reports whether s[j:] starts with digits and then ends or has "/", "?" or
// "#": a port, not a password.
func portThenDelimiter(s string, j int) bool {
	for j < len(s) && '0' <= s[j] && s[j] <= '9' {
		j++
	}
	return j == len(s) || s[j] == '/' || s[j] == '?' || s[j] == '#'
}

// fastCredentials reads username [":" password] "@" from s[a:] as the authority state, "set the
// username" and "set the password" leave them (no byte of the userinfo percent-encode set, one
// "@"), and as the serializer writes them (no ":" before an empty password; nothing when both
// are empty). It returns the end of the username and the start of the host.
func fastCredentials(s string, a int) (userEnd, hostStart int, ok bool) {
	n := len(s)
	j := a
	for j < n && fastUserinfo[s[j]] {
		j++
	}
	k := j
	if j < n && s[j] == ':' {
		k = j + 1
		for k < n && fastUserinfo[s[k]] {
			k++
		}
	}
	if k == n || s[k] != '@' || k == j+1 || k == a {
		return 0, 0, false
	}
	return j, k + 1, true
}

// The second tier: parseDirect. An input that is not yet normalized, but of the common shape of
// URLs from HTML, mail, logs and crawl frontiers (a special URL with a plain ASCII domain or an
// IPv4 address, a URL with an opaque path, or another URL with an opaque host or a null host
// and a path (fastpath_other.go), with upper case, default ports, dot segments,
// backslashes, spaces or non-ASCII to percent-encode), is parsed in one pass that writes the
// href straight into a buffer that never grows (on the stack, or pooled for a long input) and
// is then copied into the one string that the URL keeps: no record, no pooled parser, one
// allocation. When the fast path found the input normalized up to a place in a special URL's
// authority (its slashes, or a host without credentials), port or path, in an opaque host or
// the path after it, or in a query or
// fragment, resumeDirect copies that much and goes on from there: one pass, which switches from
// checking to writing at the first byte that changes. Both
// follow the states of the basic URL parser (§4.4) for those inputs, non-ASCII domains included
// (Unicode ToASCII label by label, dirIDNHost, with a bounded cache of the non-ASCII labels'
// results, idnCache), and give up (return false) on
// everything else, before anything is kept: credentials, IPv6 hosts,
// percent-encoded hosts, tabs and newlines, invalid UTF-8, ToASCII failures, Windows
// drive letters, a relative reference or a base of the same special scheme, inputs over dirMax
// bytes, any failure. The full parser then runs and gives the answer, with its errors; the
// tests (TestDirectAgrees, TestMessy) and the fuzz targets hold the paths to the same result.

// Classes of bytes in the direct path's encoding loops (dirRun, dirPath). The loops go byte by
// byte, with one test a byte that is rarely true: on inputs that vary from one URL to the next,
// that beats scanning runs and copying them at once (more instructions under callgrind), and
// testing four bytes at a time before the byte loop (fewer instructions on long paths, but 13%
// more CPU time on kasztp's messy set in an interleaved BenchmarkRatio, 2026-11-24). The same
// holds for the ASCII domain (dirSpecialAuthority): scan, copy, then lowercase cost 2–3% more.
// A byte that is written as one byte has that byte as its entry (dOut or above: every such byte
// is printable ASCII), so that the common byte costs one look-up, one test and one store. A
// byte ≥ 0x80 (dUTF8) starts a run of them, checked and percent-encoded at once (dirPctRun).
const (
	dEnc   uint8 = 1 + iota // percent-encoded
	dUTF8                   // non-ASCII, in the tables of dirPctRun's callers: a byte of a UTF-8 sequence, percent-encoded
	dStop                   // ends the component: returned to the caller
	dOther                  // a tab or newline (give up); non-ASCII in dirPathSpecial (which only tells where a segment ends)
	dDot                    // dirPathByte: "." or "%", which may start a dot segment
	dOut   uint8 = 0x21     // this entry and those above it are the byte to write
)

// The direct path's class tables, one a state, derived from the percent-encode sets (§1.3).
var (
	dirPathSpecial [256]uint8 // path state, special URL: "/", "\", "?", "#" end a segment; the path percent-encode set
	dirPathByte    [256]uint8 // dirPath's: dirPathSpecial with "/" and "\" written as "/", "." and "%" dDot
	dirQuerySpec   [256]uint8 // query state, special URL: "#" ends it; the special-query percent-encode set
	dirQueryOther  [256]uint8 // query state, other URL: "#" ends it; the query percent-encode set
	dirFragment    [256]uint8 // fragment state: the fragment percent-encode set
	dirOpaque      [256]uint8 // opaque path state: "?", "#" and the space end a run; the C0 control percent-encode set
	// dirDomain: what the host state and the domain parser do with a byte of an ASCII domain:
	// the byte written, lowercased; 0 ends the ASCII run (a forbidden domain code point, "%", or
	// non-ASCII: dirIDNHost's). An ASCII "xn--" label is only lowercased too (§3.3 domain to
	// ASCII, step 5, as the full parser and the reference do).
	dirDomain [256]uint8
	// asciiLower maps each byte to itself, ASCII upper-case letters to lower case.
	asciiLower [256]byte
)

func init() {
	fill := func(t *[256]uint8, enc *[256]bool, stops string) {
		for c := 0; c < 256; c++ {
			switch {
			case c >= 0x80 || c == '\t' || c == '\n' || c == '\r':
				t[c] = dOther
			case enc[c]:
				t[c] = dEnc
			case c >= int(dOut):
				t[c] = uint8(c)
			case strings.IndexByte(stops, byte(c)) < 0:
				// never: every percent-encode set has the C0 controls, and the space is
				// encoded or ends a run
				panic("whatwg: a byte below dOut written as it is")
			}
		}
		for i := 0; i < len(stops); i++ {
			t[stops[i]] = dStop
		}
	}
	fill(&dirPathSpecial, &pathTab, "/\\?#")
	dirPathByte = dirPathSpecial
	dirPathByte['/'] = '/'
	dirPathByte['\\'] = '/' // a special URL's "\\" is a "/"
	dirPathByte['.'] = dDot
	dirPathByte['%'] = dDot
	fill(&dirQuerySpec, &specialQueryTab, "#")
	fill(&dirQueryOther, &queryTab, "#")
	fill(&dirFragment, &fragmentTab, "")
	fill(&dirOpaque, &c0Tab, "?# ")
	for c := 0x80; c < 0x100; c++ {
		// The tables of dirPctRun's callers (dirPath, dirRun): a run of non-ASCII bytes is
		// encoded at once.
		dirPathByte[c], dirQuerySpec[c], dirQueryOther[c], dirFragment[c], dirOpaque[c] = dUTF8, dUTF8, dUTF8, dUTF8, dUTF8
	}
	// dirPct and utf8DFA (dirPctRun).
	for c := 0; c < 256; c++ {
		var class uint8 // utf8DFA's byte classes: 0 ASCII, then by the ranges of Table 3-7
		switch {
		case c < 0x80:
			class = u8ASCII
		case c < 0x90:
			class = u8Cont80
		case c < 0xA0:
			class = u8Cont90
		case c < 0xC0:
			class = u8ContA0
		case c < 0xC2 || c >= 0xF5:
			class = u8Bad
		case c < 0xE0:
			class = u8Lead2
		case c == 0xE0:
			class = u8E0
		case c == 0xED:
			class = u8ED
		case c < 0xF0:
			class = u8Lead3
		case c == 0xF0:
			class = u8F0
		case c < 0xF4:
			class = u8Lead4
		default:
			class = u8F4
		}
		dirPct[c] = uint32('%') | uint32(upperhex[c>>4])<<8 | uint32(upperhex[c&15])<<16 | uint32(class)<<24
	}
	for st := 0; st < 16*u8States; st += 16 {
		for class := range 16 {
			utf8DFA[st|class] = u8Reject
		}
	}
	// From the start of a sequence (u8Accept): a lead byte and the range of its second byte;
	// from a byte within one, the range of the next (Table 3-7). (An ASCII byte ends a run
	// before it reaches utf8DFA.)
	utf8DFA[u8Accept|u8Lead2] = u8Need1
	utf8DFA[u8Accept|u8E0] = u8E0A0
	utf8DFA[u8Accept|u8Lead3] = u8Need2
	utf8DFA[u8Accept|u8ED] = u8ED80
	utf8DFA[u8Accept|u8F0] = u8F090
	utf8DFA[u8Accept|u8Lead4] = u8Need3
	utf8DFA[u8Accept|u8F4] = u8F480
	for _, class := range []uint8{u8Cont80, u8Cont90, u8ContA0} {
		utf8DFA[u8Need1|class] = u8Accept
		utf8DFA[u8Need2|class] = u8Need1
		utf8DFA[u8Need3|class] = u8Need2
	}
	utf8DFA[u8E0A0|u8ContA0] = u8Need1
	utf8DFA[u8ED80|u8Cont80], utf8DFA[u8ED80|u8Cont90] = u8Need1, u8Need1
	utf8DFA[u8F090|u8Cont90], utf8DFA[u8F090|u8ContA0] = u8Need2, u8Need2
	utf8DFA[u8F480|u8Cont80] = u8Need2
	for c := 0; c < 256; c++ {
		asciiLower[c] = byte(c)
		if 'A' <= c && c <= 'Z' {
			asciiLower[c] = byte(c) + 'a' - 'A'
		}
		if c < 0x80 && c != '%' && !forbiddenDomainTab[c] {
			dirDomain[c] = asciiLower[c]
		}
	}
}

// dirMax is the longest input the direct path takes; longer ones go to the full parser, which
// sizes its buffers once for all they can hold.
const dirMax = 4096

// dirRun appends s[i:] to b, UTF-8 percent-encoded as tab says, up to the first byte of class
// dStop. It returns b, the index of that byte (len(s) when there is none), and false when the
// direct path must give up (a tab or newline, invalid UTF-8).
func dirRun(b []byte, s string, i int, tab *[256]uint8) ([]byte, int, bool) {
	n := len(s)
	b = dirRoom(b, n-i)
	k, buf := len(b), b[:cap(b)] // written by index, as in dirPath
	_ = tab[0]                   // the nil check, once
	for {
		// The common byte, in a loop of its own, as in dirPath.
		for uint(i) < uint(n) {
			t := tab[s[i]]
			if t < dOut {
				break
			}
			buf[k] = t
			k++
			i++
		}
		if i >= n {
			return buf[:k], i, true
		}
		c := s[i]
		t := tab[c]
		if t == dEnc {
			e, w := dirPct[c], buf[k:k+3:k+3]
			w[0], w[1], w[2] = byte(e), byte(e>>8), byte(e>>16)
			k += 3
			i++
			continue
		}
		if t == dUTF8 {
			// A run to percent-encode, at once.
			var ok bool
			if k, i, ok = dirPctRun(buf, k, s, i); !ok {
				return buf[:k], i, false // invalid UTF-8: read as U+FFFD
			}
			continue
		}
		// dStop, or a tab or newline: the parser removes them first (§4.4 step 3).
		return buf[:k], i, t == dStop
	}
}

// parseDirect is the second tier described above: the URL that the basic URL parser makes of s
// with base, or false when s is not of the shape it takes.
func parseDirect(s string, base *URL) (URL, bool) {
	var u dirURL
	if !parseDirectInto(&u, s, base) {
		return URL{}, false
	}
	return u.URL, true
}

// parseDirectInto is parseDirect, filling in *u (left in an unspecified state on false).
func parseDirectInto(u *dirURL, s string, base *URL) bool {
	// §4.4 step 1: remove leading and trailing C0 control or space.
	for len(s) > 0 && s[0] <= ' ' {
		s = s[1:]
	}
	for len(s) > 0 && s[len(s)-1] <= ' ' {
		s = s[:len(s)-1]
	}
	n := len(s)
	if n == 0 || n > dirMax || !isAlpha(s[0]) {
		return false
	}
	if u.p != nil && n <= parserDirect {
		return parseDirectTo(u, u.p.room(3*n+32), s, base)
	}
	if n <= dirSmall {
		var stack [dirSmallCap]byte
		return parseDirectTo(u, stack[:0], s, base)
	}
	if n <= dirStack {
		var stack [dirStackCap]byte
		return parseDirectTo(u, stack[:0], s, base)
	}
	return parseDirectPooled(u, s, base)
}

// parseDirectPooled is parseDirectTo into a buffer from dirPool, in a function of its own (not
// inlined): its result, kept across dirPool.Put, was a one-byte local of parseDirectInto's frame,
// which put the stack buffers there at an odd offset (stack+63(SP), now +56). Measured (README, Performance, "Long paths"): 1.5–2.7% less time
// on isaacs_files' and node_files' messy sets, no set slower.
//
//go:noinline
func parseDirectPooled(u *dirURL, s string, base *URL) bool {
	bp := dirPool.Get().(*[]byte)
	ok := parseDirectTo(u, (*bp)[:0], s, base)
	dirPool.Put(bp)
	return ok
}

// The direct path writes the href into a buffer that never grows, so that the href string is
// its one allocation: one on the stack for an input of up to dirStack bytes (dirSmall bytes: a
// smaller one, which costs less to clear), one from dirPool for a longer one. An input byte
// becomes at most three bytes of href, and what the parser adds ("//", "/", an IPv4 address
// written out) is at most 32 bytes.
const (
	dirSmallCap = 256
	dirSmall    = (dirSmallCap - 32) / 3
	dirStackCap = 512
	dirStack    = (dirStackCap - 32) / 3
)

var dirPool = sync.Pool{New: func() any { b := make([]byte, 0, 3*dirMax+32); return &b }}

// parseDirectTo is parseDirect on the trimmed input s, writing into b and filling in *u (which
// the caller discards on false): no URL is copied on the way back.
func parseDirectTo(u *dirURL, b []byte, s string, base *URL) bool {
	n := len(s)
	u.port = -1
	// scheme start state, scheme state: lowercased.
	i := 0
	k, buf := len(b), b[:cap(b)] // room for every input byte (dirSmall, dirStack): written by index
	for i < n && schemeChar[s[i]] {
		buf[k+i] = asciiLower[s[i]]
		i++
	}
	b = buf[:k+i]
	if i == n || s[i] != ':' {
		return false // no scheme state: relative to base, or failure
	}
	u.schemeEnd = uint32(i)
	si := specialIndexBytes(b)
	special, file := si >= 0, si == 1
	if special && base != nil && base.scheme() == string(b) {
		return false // special relative or authority state
	}
	b = append(b, ':')
	i++
	if !special {
		if i+1 < n && s[i] == '/' && s[i+1] == '/' {
			return dirOtherSlashes(u, b, s, i+2) // path or authority state, then the authority state
		}
		if i < n && s[i] == '/' {
			return dirNullHostPath(u, b, s, i) // path or authority state, then the path state
		}
		// opaque path state
		u.flags |= fOpaque
		u.userEnd, u.hostStart, u.hostEnd, u.pathStart = uint32(len(b)), uint32(len(b)), uint32(len(b)), uint32(len(b))
		for {
			var ok bool
			if b, i, ok = dirRun(b, s, i, &dirOpaque); !ok {
				return false
			}
			if i == n || s[i] != ' ' {
				break
			}
			// A space stays a space unless "?" or "#" follows it.
			if i+1 < n && (s[i+1] == '?' || s[i+1] == '#') {
				b = append(b, "%20"...)
			} else {
				b = append(b, ' ')
			}
			i++
		}
		return dirFinish(u, b, s, i, &dirQueryOther)
	}
	u.flags |= fSpecial | fHost
	b = append(b, '/', '/')
	if file {
		// file state, file slash state: two slashes (either way), or the full parser.
		if i+1 >= n || (s[i] != '/' && s[i] != '\\') || (s[i+1] != '/' && s[i+1] != '\\') {
			return false
		}
		i += 2
	} else {
		// special authority slashes state, special authority ignore slashes state.
		for i < n && (s[i] == '/' || s[i] == '\\') {
			i++
		}
	}
	return dirSpecialAuthority(u, b, s, i, si)
}

// dirSpecialAuthority goes on with parseDirectTo from the start of a special URL's authority,
// s[i] (after the slashes), where b is its href so far ("scheme://"); si is the scheme's index
// in specialSchemes. resumeDirect comes here too, from a host that parseNormalized does not
// take as it is.
func dirSpecialAuthority(u *dirURL, b []byte, s string, i, si int) bool {
	n := len(s)
	file := si == 1
	u.userEnd, u.hostStart = uint32(len(b)), uint32(len(b))
	// authority state (no "@": no credentials), host state, file host state: the host is the
	// bytes up to ":", "/", "\", "?", "#"; a domain, lowercased, or an IPv4 address.
	h := i
	b = dirRoom(b, n-i)
	k, buf := len(b), b[:cap(b)]
	tab := dirDomainTab // in a register, not its address made again at every byte
	_ = tab[0]          // the nil check, once
	for i < n {
		o := tab[s[i]]
		if o == 0 {
			break
		}
		buf[k] = o
		k++
		i++
	}
	b = buf[:k]
	if i < n && s[i] >= 0x80 {
		// A non-ASCII domain: the domain parser's Unicode ToASCII (§3.3, uts46ToASCII).
		var ok bool
		if b, i, ok = dirIDNHost(b[:u.hostStart], s, h, file); !ok {
			if i < 0 {
				// The domain fails domain to ASCII (CheckBidi): the URL is failure, which
				// parse reports (dirFailure).
				u.failAt(errBidiFailure, h)
			}
			return false
		}
	} else if i < n && s[i] != '/' && s[i] != '\\' && s[i] != '?' && s[i] != '#' && (s[i] != ':' || file) {
		return false // "@", "[", a forbidden code point, "%"
	}
	if i == h {
		if !file {
			return false // host-missing
		}
	} else if host := b[u.hostStart:]; mayEndInANumber(host) && endsInANumber(host) {
		v, err := (*parser)(nil).parseIPv4(host, 0)
		if err != nil {
			// The host parser returns the IPv4 parser's failure (§3.5 step 9): the URL is
			// failure, which parse reports (dirFailure), the IPv4 parser's code at the host's
			// start (parseIPv4 reports every failure there; the nil parser's carry their code).
			if err != errNoParser {
				u.failAt(err, h)
			}
			return false
		}
		b = appendIPv4(b[:u.hostStart], v)
	} else if file && string(host) == "localhost" {
		b = b[:u.hostStart]
	}
	u.hostEnd = uint32(len(b))
	if i < n && s[i] == ':' {
		// port state
		i++
		port, digits := 0, 0
		for i < n && '0' <= s[i] && s[i] <= '9' {
			port = port*10 + int(s[i]-'0')
			if port > 0xFFFF {
				return false // port-out-of-range
			}
			i++
			digits++
		}
		if i < n && s[i] != '/' && s[i] != '\\' && s[i] != '?' && s[i] != '#' {
			return false // port-invalid
		}
		if digits > 0 && int32(port) != specialSchemes[si].port {
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(port), 10)
			u.port = int32(port)
		}
	}
	// path start state: a "/" or "\" is consumed; path state: segment by segment.
	u.pathStart = uint32(len(b))
	if i < n && (s[i] == '/' || s[i] == '\\') {
		i++
	}
	pathStart := len(b)
	b = append(b, '/')
	var ok bool
	if b, i, ok = dirPath(b, s, i, pathStart, file); !ok {
		return false
	}
	return dirFinish(u, b, s, i, &dirQuerySpec)
}

// mayEndInANumber is a quick test before endsInANumber (the host parser, §3.5 step 9): a domain
// that ends in a number ends, but for a last ".", in an ASCII digit, or in "x" or "X" or an
// ASCII hex digit of a "0x" number.
func mayEndInANumber[T string | []byte](host T) bool {
	k := len(host) - 1
	if k > 0 && host[k] == '.' {
		k--
	}
	return k >= 0 && (isHex(host[k]) || host[k] == 'x' || host[k] == 'X')
}

// dirFinish runs the query state (with qtab) and the fragment state from s[i], which is "?", "#"
// or the end, and completes *u, whose href is b, copied into a new string.
func dirFinish(u *dirURL, b []byte, s string, i int, qtab *[256]uint8) bool {
	n := len(s)
	var ok bool
	u.queryStart = uint32(len(b))
	if i < n && s[i] == '?' {
		u.flags |= fQuery
		b = append(b, '?')
		if b, i, ok = dirRun(b, s, i+1, qtab); !ok {
			return false
		}
	}
	u.fragStart = uint32(len(b))
	if i < n && s[i] == '#' {
		u.flags |= fFrag
		b = append(b, '#')
		if b, _, ok = dirRun(b, s, i+1, &dirFragment); !ok {
			return false
		}
	}
	u.setHref(b)
	return true
}

// dirIDNHostWhole runs the host state and the host parser (§3.5, steps 5–9) on the domain that
// starts at s[h] and holds a non-ASCII code point, appending to b the ASCII domain that the
// domain parser's Unicode ToASCII (UTS #46, uts46ToASCII, beStrict false) makes of it. It returns
// b, the index of the byte that ends the host (":", "/", "\\", "?", "#" or the end), and false
// where the direct path gives up: "@" (credentials), "%" (percent-decoding), a forbidden domain
// code point, a tab or newline, invalid UTF-8, a ToASCII failure; the full parser then fails
// or reports as the standard says. The caller parses a result that ends in a number as IPv4.
// dirIDNHost, label by label, hands the domains it does not take to it.
func dirIDNHostWhole(b []byte, s string, h int, file bool) ([]byte, int, bool) {
	n := len(s)
	e := h
	for e < n {
		c := s[e]
		if c >= 0x80 {
			e++
			continue
		}
		if c == '/' || c == '\\' || c == '?' || c == '#' || c == ':' && !file {
			break
		}
		if c == '%' || forbiddenDomainTab[c] {
			return b, e, false
		}
		e++
	}
	domain := s[h:e]
	if !utf8.ValidString(domain) {
		return b, e, false // read as U+FFFD, which ToASCII disallows
	}
	ib := idnaPool.Get().(*idnaBuf)
	start := len(b)
	b, rule := uts46ToASCII(b, domain, false, ib)
	idnaPool.Put(ib)
	if rule != "" || len(b) == start {
		return b, e, false
	}
	// §3.3 domain to ASCII, step 8: a forbidden domain code point in the result fails.
	for _, c := range b[start:] {
		if forbiddenDomainTab[c] {
			return b, e, false
		}
	}
	return b, e, true
}

// idnaPool holds the scratch buffers of the direct path's Unicode ToASCII (dirIDNHost): once
// grown, ToASCII allocates nothing.
var idnaPool = sync.Pool{New: func() any { return new(idnaBuf) }}

// specialIndexBytes is specialIndex for a scheme in bytes, without the generic function's
// conversions: the direct path calls it once a URL.
func specialIndexBytes(b []byte) int {
	switch len(b) {
	case 2:
		if b[0] == 'w' && b[1] == 's' {
			return 4
		}
	case 3:
		if b[0] == 'f' && b[1] == 't' && b[2] == 'p' {
			return 0
		}
		if b[0] == 'w' && b[1] == 's' && b[2] == 's' {
			return 5
		}
	case 4:
		if b[0] == 'h' && b[1] == 't' && b[2] == 't' && b[3] == 'p' {
			return 2
		}
		if b[0] == 'f' && b[1] == 'i' && b[2] == 'l' && b[3] == 'e' {
			return 1
		}
	case 5:
		if b[0] == 'h' && b[1] == 't' && b[2] == 't' && b[3] == 'p' && b[4] == 's' {
			return 3
		}
	}
	return -1
}

// dirPath runs the path state of a special URL from s[i], b's segment that starts after its
// last byte (a "/"), to the "?", "#" or end that ends the path, whose index it returns; pathStart
// is where the path starts in b, file whether the scheme is "file". It returns false where the
// direct path gives up. It goes byte by byte, "/" included, with one test a byte that is rarely
// true (a loop of few branches, which inputs of every shape run at the same pace); at a
// segment's start it looks for what the path state does with a whole segment: a dot segment
// (".", "..", "%2e", ".%2E", …: dropped, and for a double-dot one the path shortened, without
// being written), and a Windows drive letter first in a file URL's path (the full parser's).
func dirPath(b []byte, s string, i, pathStart int, file bool) ([]byte, int, bool) {
	n := len(s)
	b = dirRoom(b, n-i)
	tab := dirPathTab // in a register, not its address made again at every byte
	_ = tab[0]        // the nil check, once
	for {
		// s[i] starts a segment; b ends with its "/".
		if file && len(b)-1 == pathStart && i+1 < n && isAlpha(s[i]) && (s[i+1] == ':' || s[i+1] == '|') &&
			(i+2 == n || dirPathSpecial[s[i+2]] == dStop) {
			// The first segment of a file URL's path (the path is empty) is a Windows drive
			// letter (path state): the full parser's. As written it is the input's two bytes;
			// with a tab or newline in it, the direct path gives up below.
			return b, i, false
		}
		if i < n && (s[i] == '.' || s[i] == '%') {
			// A segment that may be a dot segment (§4.1): dirDotSegment's, in a call of its
			// own (the byte loop below keeps its registers).
			var dot bool
			if b, i, dot = dirDotSegment(b, s, i, pathStart); dot {
				if i == n || s[i] == '?' || s[i] == '#' {
					return b, i, true
				}
				i++
				continue
			}
			// Not a dot segment: its first byte is written as it is, and the loop below goes on
			// (and does not stop at it).
			b = append(b, s[i])
			i++
		}
		// The bytes are written by index into b's room (dirRoom), not appended: no test of the
		// capacity a byte, and nothing to keep across a call to growslice.
		k, buf := len(b), b[:cap(b)]
		for {
			// The common byte, written as one byte: one look-up, one test, one store, in a loop
			// of its own, whose only way back is its loop's (no register moves to join other
			// paths); the rare bytes are handled after it. (The unsigned comparison is also
			// s[i]'s bounds check: one jump fewer a byte.)
			for uint(i) < uint(n) {
				t := tab[s[i]]
				if t < dOut {
					break
				}
				buf[k] = t
				k++
				i++
			}
			if i >= n {
				return buf[:k], i, true
			}
			c := s[i]
			switch tab[c] {
			case dDot:
				if buf[k-1] == '/' {
					goto segment // at a segment's start
				}
				buf[k] = c
				k++
				i++
			case dStop:
				return buf[:k], i, true // "?" or "#"
			case dEnc:
				e, w := dirPct[c], buf[k:k+3:k+3]
				w[0], w[1], w[2] = byte(e), byte(e>>8), byte(e>>16)
				k += 3
				i++
			case dUTF8:
				// A run to percent-encode, at once.
				var ok bool
				if k, i, ok = dirPctRun(buf, k, s, i); !ok {
					return buf[:k], i, false // invalid UTF-8: read as U+FFFD
				}
			default:
				return buf[:k], i, false // tab or newline: the parser removes them first (§4.4 step 3)
			}
		}
	segment:
		b = buf[:k]
	}
}

// dirDotSegment looks at the path segment of a special URL that starts at s[i], after b's last
// byte (its "/"), a "." or "%". If it is a dot segment (§4.1), it drops it, and for a double-dot
// one shortens the path first (path state): back to the "/" before b's last segment, never
// before pathStart (a file URL's first segment is never a drive letter here: resumeDirect and
// dirPath leave those to the full parser); the segment is never written. It returns b, the index
// of the "/", "\\", "?", "#" or end that ends the segment, and true; otherwise b and i as they
// are, and false.
func dirDotSegment(b []byte, s string, i, pathStart int) ([]byte, int, bool) {
	n := len(s)
	e := i + 1
	if s[i] == '.' && e < n && s[e] == '.' {
		e++
	}
	d := e - i // the dots of "." and "..", the common ones, told on their bytes
	if s[i] != '.' || e < n && dirPathSpecial[s[e]] != dStop {
		// Any other dot segment ("%2e", ".%2E", …) is at most six bytes up to "/", "\\",
		// "?", "#" or the end, the same in the input as written (the bytes of one are not
		// percent-encoded, and no percent-encoded byte makes one; a tab or newline, which the
		// parser removes first, makes the direct path give up after this), and isDotSegment's:
		// a single-dot one has one or three bytes, a double-dot one two, four or six.
		for e < n && e-i <= 6 && dirPathSpecial[s[e]] != dStop {
			e++
		}
		if !isDotSegment(s[i:e]) {
			return b, i, false
		}
		d = 2 - (e-i)&1
	}
	return dirDropSegments(b, d, pathStart), e, true
}

// dirDropSegments returns b, a path that ends with "/" (from pathStart, its first "/"), after
// the dot segment of d dots (1 or 2) that follows it: back d-1 segments, from b's last "/"
// for a single-dot one, from the byte before it for a double-dot one, never before pathStart
// (path state: shorten the path for "..", nothing for "."). dirDotSegment and
// dirDotSegmentOther share it (inlined in each).
func dirDropSegments(b []byte, d, pathStart int) []byte {
	k := len(b) - d
	for k >= pathStart && b[k] != '/' {
		k--
	}
	return b[:max(k, pathStart)+1]
}

// dirPathTab and dirDomainTab are the addresses of dirPathByte and dirDomain, read from memory
// by the loops that use them: the address of a variable, which the compiler makes again where
// it is used, was made again at every byte of the loop (a LEAQ each); a pointer loaded once
// stays in a register.
var dirPathTab, dirDomainTab = &dirPathByte, &dirDomain

// dirRoom returns b, grown if need be, with room for rest more bytes of input, each written as
// up to three bytes, and a few bytes more: the room the loops that write by index (dirPath,
// dirRun, the host's) count on. The buffers of parseDirectInto and resumeDirectInto have it
// (dirSmall, dirStack); only a host whose ToASCII is longer than three times its input bytes
// (a domain of one-letter non-ASCII labels) can take it away.
func dirRoom(b []byte, rest int) []byte {
	if cap(b)-len(b) < 3*rest+4 {
		b = slices.Grow(b, 3*rest+4)
	}
	return b
}

// dirPctRun percent-encodes into buf from buf[k] the run of bytes ≥ 0x80 that starts at s[i],
// and returns the index in buf and in s after the run, and false when the run is not whole
// UTF-8 sequences (invalid UTF-8, which the standard's scalar value string reads as U+FFFD: the
// direct path gives up, as the check of one sequence at a time that this replaced did). A run of bytes
// ≥ 0x80 ends at an ASCII byte or at the end of s, so it is valid UTF-8 if and only if it is
// whole sequences: utf8DFA, one step a byte with no branch, says so at the run's end. Each byte
// is written from its dirPct entry ("%XY"), with one bounds check. Before, the byte loops of
// dirPath and dirRun stopped at each code point, checked it (a utf8Size, since removed) and
// wrote it (dirEncode, removed): a switch and two more loop exits, mispredicted, a code point. Measured and
// dropped (BenchmarkRatioKindUpper, kasztp, non-ascii, 8 interleaved runs, 2026-11-24): the run
// eight bytes a step with no branch on its length (one 8-byte load, the length from
// bits.TrailingZeros64, eight 4-byte stores and eight steps of utf8DFA, with 24 bytes more
// room), 3% slower than the code before this function, which this loop makes 6–9% faster; a
// 4-byte store a byte instead of three 1-byte stores, no faster; dEnc bytes in the run, 5%
// slower on spaces.
func dirPctRun(buf []byte, k int, s string, i int) (int, int, bool) {
	st := u8Accept
	for {
		e := dirPct[s[i]]
		b := buf[k : k+3]
		b[0], b[1], b[2] = byte(e), byte(e>>8), byte(e>>16)
		st = utf8DFA[st|uint8(e>>24)]
		k += 3
		i++
		if i >= len(s) || s[i] < 0x80 {
			return k, i, st == u8Accept
		}
	}
}

// dirPct holds, for each byte, its percent-encoded form "%XY" in its low three bytes (in memory
// order, little-endian) and its class in utf8DFA in the high byte (dirPctRun).
var dirPct [256]uint32

// utf8DFA is an automaton that accepts well-formed UTF-8 (the Unicode Standard's Table 3-7,
// "Well-Formed UTF-8 Byte Sequences": no overlong form, no surrogate, no code point over
// U+10FFFF), a byte at a time: from a state (a multiple of 16) and a byte's class (below 16),
// utf8DFA[state|class] is the next state. u8Accept is the state between two sequences; u8Reject
// is never left.
var utf8DFA [256]uint8

// utf8DFA's byte classes (the high byte of dirPct's entries).
const (
	u8ASCII  uint8 = iota // 0x00–0x7F
	u8Cont80              // 0x80–0x8F
	u8Cont90              // 0x90–0x9F
	u8ContA0              // 0xA0–0xBF
	u8Bad                 // 0xC0, 0xC1, 0xF5–0xFF: in no well-formed sequence
	u8Lead2               // 0xC2–0xDF
	u8E0                  // 0xE0: then 0xA0–0xBF
	u8Lead3               // 0xE1–0xEC, 0xEE, 0xEF
	u8ED                  // 0xED: then 0x80–0x9F
	u8F0                  // 0xF0: then 0x90–0xBF
	u8Lead4               // 0xF1–0xF3
	u8F4                  // 0xF4: then 0x80–0x8F
)

// utf8DFA's states: what the next byte must be.
const (
	u8Accept uint8  = 16 * iota // a sequence's first byte
	u8Need1                     // one byte 0x80–0xBF
	u8Need2                     // two bytes 0x80–0xBF
	u8Need3                     // three bytes 0x80–0xBF
	u8E0A0                      // 0xA0–0xBF, then one byte
	u8ED80                      // 0x80–0x9F, then one byte
	u8F090                      // 0x90–0xBF, then two bytes
	u8F480                      // 0x80–0x8F, then two bytes
	u8Reject                    // not well-formed
	u8States = iota             // the number of states
)

// resumeDirectInto goes on from where parseNormalizedInto stopped, as recorded in r (the input
// before r.at is the start of the href as it is), with *u, the offsets so far (left by
// parseNormalizedInto), which it fills in (left in an unspecified state on false): no URL is
// copied on the way.
func resumeDirectInto(u *dirURL, s string, r *resume) bool {
	n := len(s)
	if n > dirMax || s[n-1] <= ' ' {
		return false // a trailing space or control is trimmed first: parseDirect's
	}
	if u.p != nil && n <= parserDirect {
		return resumeDirectTo(u, u.p.room(3*n+32), s, r)
	}
	if n <= dirSmall {
		var stack [dirSmallCap]byte
		return resumeDirectTo(u, stack[:0], s, r)
	}
	if n <= dirStack {
		var stack [dirStackCap]byte
		return resumeDirectTo(u, stack[:0], s, r)
	}
	return resumeDirectPooled(u, s, r)
}

// resumeDirectPooled is resumeDirectTo into a buffer from dirPool, in a function of its own, as
// parseDirectPooled.
//
//go:noinline
func resumeDirectPooled(u *dirURL, s string, r *resume) bool {
	bp := dirPool.Get().(*[]byte)
	ok := resumeDirectTo(u, (*bp)[:0], s, r)
	dirPool.Put(bp)
	return ok
}

// resumeDirectTo is resumeDirectInto, writing into b.
func resumeDirectTo(u *dirURL, b []byte, s string, r *resume) bool {
	n := len(s)
	b = append(b, s[:r.at]...)
	var ok bool
	switch r.st {
	case specialAuthorityIgnoreSlashesState:
		// The href so far is "scheme:": "//" and the host follow whatever slashes and
		// backslashes the input has (special authority slashes state, special authority ignore
		// slashes state).
		b = append(b, '/', '/')
		i := r.at
		for i < n && (s[i] == '/' || s[i] == '\\') {
			i++
		}
		u.flags |= fHost
		return dirSpecialAuthority(u, b, s, i, specialIndex(s[:u.schemeEnd]))
	case hostState:
		// The href so far is "scheme://": the authority state, host state and domain parser
		// (the opaque-host parser for a scheme that is not special) go on from the host's
		// start, as parseDirect's.
		if u.flags&fSpecial == 0 {
			return dirOtherAuthority(u, b, s, r.at)
		}
		return dirSpecialAuthority(u, b, s, r.at, specialIndex(s[:u.schemeEnd]))
	case pathState:
		if u.flags&fSpecial == 0 {
			// A URL that is not special, with a host (the fast path records no other): the
			// path state as dirOtherAuthority's.
			b = append(b, '/')
			i := 0
			if b, i, ok = dirPathOtherLoop(b, s, r.at+1, int(u.pathStart)); !ok {
				return false
			}
			return dirFinish(u, b, s, i, &dirQueryOther)
		}
		file := s[:u.schemeEnd] == "file"
		pathStart := int(u.pathStart)
		if file {
			// A first segment of a file URL's path that is a Windows drive letter (an ASCII
			// letter and ":", or "|", as the path state tells one), which shortening keeps
			// (§4.4 shorten a URL's path): the full parser's. Another segment of two bytes
			// ("es", "v8") is not one.
			j := pathStart + 1
			for j < r.at && s[j] != '/' {
				j++
			}
			if j-pathStart-1 == 2 && isAlpha(s[pathStart+1]) && (s[pathStart+2] == ':' || s[pathStart+2] == '|') {
				return false
			}
		}
		b = append(b, '/')
		i := 0
		if b, i, ok = dirPath(b, s, r.at+1, pathStart, file); !ok {
			return false
		}
		if !dirFinish(u, b, s, i, &dirQuerySpec) {
			return false
		}
		return true
	case portState:
		// port state: the default port is dropped (the href so far ends with the host); path
		// start state: a "/" or "\\" is consumed, and the path state goes on.
		i := r.at + 1
		for i < n && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		pathStart := len(b)
		u.pathStart = uint32(pathStart)
		b = append(b, '/')
		if i < n && (s[i] == '/' || s[i] == '\\') {
			if b, i, ok = dirPath(b, s, i+1, pathStart, false); !ok {
				return false
			}
		} else if i < n && s[i] != '?' && s[i] != '#' {
			return false // port-invalid
		}
		if !dirFinish(u, b, s, i, &dirQuerySpec) {
			return false
		}
		return true
	case queryState:
		qtab := &dirQueryOther
		if u.flags&fSpecial != 0 {
			qtab = &dirQuerySpec
		}
		i := 0
		if b, i, ok = dirRun(b, s, r.at, qtab); !ok {
			return false
		}
		u.fragStart = uint32(len(b))
		if i < n {
			u.flags |= fFrag
			b = append(b, '#')
			if b, _, ok = dirRun(b, s, i+1, &dirFragment); !ok {
				return false
			}
		}
	case fragmentState:
		if b, _, ok = dirRun(b, s, r.at, &dirFragment); !ok {
			return false
		}
	default:
		return false
	}
	u.setHref(b)
	return true
}
