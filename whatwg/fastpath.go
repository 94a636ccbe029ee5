package whatwg

import "strings"

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
	fastScheme      [256]bool // scheme state: lower-case ASCII alphanumeric, "+", "-", "."
	fastUserinfo    [256]bool // authority state: printable ASCII not in the userinfo percent-encode set
	fastDomain      [256]bool // ASCII domain bytes the domain parser keeps: no upper case, no forbidden domain code point
	fastOpaqueHost  [256]bool // opaque-host parser: printable ASCII, not a forbidden host code point
	fastPathSpecial [256]bool // path state, special URL: printable ASCII not in the path set, not "\"
	fastPathOther   [256]bool // path state, other URL
	fastOpaque      [256]bool // opaque path state: printable ASCII except space
	fastQuerySpec   [256]bool // query state, special: printable ASCII not in the special-query set
	fastQueryOther  [256]bool // query state, other: printable ASCII not in the query set
	fastFragment    [256]bool // fragment state: printable ASCII not in the fragment set
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
		fastOpaque[c] = b != '?' && b != '#'
		fastQueryOther[c] = !queryTab[c]
		fastQuerySpec[c] = !specialQueryTab[c]
		fastFragment[c] = !fragmentTab[c]
	}
}

// parseNormalized returns input as a URL when input is already its own href.
func parseNormalized(s string) (URL, bool) {
	n := len(s)
	// scheme start state and scheme state, with nothing to lowercase
	if n == 0 || s[0] < 'a' || s[0] > 'z' {
		return URL{}, false
	}
	i := 1
	for i < n && fastScheme[s[i]] {
		i++
	}
	if i == n || s[i] != ':' || uint64(n) >= 1<<32 {
		return URL{}, false
	}
	var u URL
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
			return URL{}, false
		}
		if !file && e < n && s[e] != '/' && s[e] != '?' && s[e] != '#' &&
			(s[e] != ':' || !portThenDelimiter(s, e+1)) {
			// The host does not end the authority: it may be that it started with a username
			// [":" password] "@" (authority state).
			userEnd, hostStart, found := fastCredentials(s, a)
			if !found {
				return URL{}, false
			}
			u.userEnd = uint32(userEnd)
			a = hostStart
			if a == n || s[a] == '/' || s[a] == '?' || s[a] == '#' || s[a] == ':' {
				return URL{}, false // host-missing
			}
			if e, ok = fastHostEnd(s, a, special); !ok {
				return URL{}, false
			}
		}
		u.hostStart, u.hostEnd = uint32(a), uint32(e)
		host := s[a:e]
		if special && (host == "" || host[0] != '[') {
			if host == "" && !file {
				return URL{}, false // special authority ignore slashes state and host-missing
			}
			if file && host == "localhost" {
				return URL{}, false // file host state: "localhost" becomes the empty host
			}
			if host != "" && endsInANumber(host) && !isCanonicalIPv4(host) {
				return URL{}, false // the IPv4 parser would rewrite or reject it
			}
		}
		if e < n && s[e] == ':' {
			if file || host == "" {
				return URL{}, false
			}
			// port state: digits, shortest form, not the default port
			j := e + 1
			port := 0
			for j < n && '0' <= s[j] && s[j] <= '9' {
				port = port*10 + int(s[j]-'0')
				if port > 65535 {
					return URL{}, false
				}
				j++
			}
			if j == e+1 || (s[e+1] == '0' && j > e+2) || int32(port) == defaultPort(scheme) {
				return URL{}, false
			}
			u.port = int32(port)
			e = j
		}
		if e < n && s[e] != '/' && s[e] != '?' && s[e] != '#' {
			return URL{}, false
		}
		if special && (e == n || s[e] != '/') {
			return URL{}, false // path start state: a special URL's path is never empty
		}
		i = e
	} else {
		if special {
			return URL{}, false
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
			return finishNormalized(s, u, i, special)
		}
		if strings.HasPrefix(s[i:], "/.//") {
			// URL serializer: "/." before a path that starts with "//" when the host is null
			i += 2
		} else if i+1 < n && s[i+1] == '.' {
			return URL{}, false // "/." before any other path, or a dot segment
		}
	}
	// path state: a list path whose segments need no encoding and are not dot segments
	u.pathStart = uint32(i)
	tab := &fastPathOther
	if special {
		tab = &fastPathSpecial
	}
	if file && i+2 < n && isAlpha(s[i+1]) && s[i+2] == '|' &&
		(i+3 == n || s[i+3] == '/' || s[i+3] == '?' || s[i+3] == '#') {
		return URL{}, false // path state: a first segment that is a Windows drive letter
	}
	for i < n {
		// Four plain bytes at a time where there are four.
		for i+4 <= n && tab[s[i]] && tab[s[i+1]] && tab[s[i+2]] && tab[s[i+3]] {
			i += 4
		}
		if i == n {
			break
		}
		c := s[i]
		if tab[c] {
			i++
			continue
		}
		if c != '/' {
			break
		}
		// A segment starts: it is a dot segment only if it starts with "." or "%".
		i++
		if i < n && (s[i] == '.' || s[i] == '%') {
			j := i
			for j < n && s[j] != '/' && tab[s[j]] {
				j++
			}
			if isDotSegment(s[i:j]) {
				return URL{}, false
			}
		}
	}
	return finishNormalized(s, u, i, special)
}

// finishNormalized checks the query and fragment from s[i:].
func finishNormalized(s string, u URL, i int, special bool) (URL, bool) {
	n := len(s)
	u.queryStart = uint32(i)
	if i < n && s[i] == '?' {
		u.flags |= fQuery
		tab := &fastQueryOther
		if special {
			tab = &fastQuerySpec
		}
		i++
		for i < n && tab[s[i]] {
			i++
		}
	}
	u.fragStart = uint32(i)
	if i < n && s[i] == '#' {
		u.flags |= fFrag
		i++
		for i < n && fastFragment[s[i]] {
			i++
		}
	}
	if i != n {
		return URL{}, false
	}
	u.href = s
	return u, true
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
