package locator

import (
	"syscall"
	"testing"
	"time"
)

func parseV3(s string) (URL, error) {
	if uint64(len(s)) > MaxLength {
		return URL{}, &Error{Input: s[:64], Offset: MaxLength, Code: CodeTooLong,
			Rule: "locator limits", Message: "URL longer than 4 GiB"}
	}
	// One pass: each component is scanned once, and its controls and escapes are checked in
	// the same loop (parseReference in slow_test.go is the readable two-pass version).
	var u URL
	u.s = s
	n := len(s)
	i := 0
	var err error
	// RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ); RFC 1738 §2.1.
	if n > 0 && (s[0]|0x20 >= 'a' && s[0]|0x20 <= 'z') {
		j := 1
		for j < n && schemeTab[s[j]] {
			j++
		}
		if j < n && s[j] == ':' {
			u.schemeEnd = uint32(j)
			u.flags |= hasScheme
			i = j + 1
		}
	}
	e := i // end of the authority: the path's start
	hs, he := i, i
	ue := i
	if n-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		// RFC 1738 §3.1 "//" login; RFC 3986 §3.2 authority, ended by "/", "?" or "#".
		u.flags |= hasAuthority
		a := i + 2
		at, firstColon, hostColon := -1, -1, -1
		for e = a; e < n; e++ {
			cl := classTab[s[e]]
			if cl == 0 {
				continue
			}
			if cl&clEndAuthority != 0 {
				break
			}
			switch {
			case cl&clCheck != 0:
				if e, err = checkByte(s, e); err != nil {
					return URL{}, err
				}
			case cl&clAt != 0:
				at, hostColon = e, -1
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
			u.flags |= hasUser
			ue = at
			if firstColon >= 0 && firstColon < at {
				ue = firstColon
				u.flags |= hasPassword
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
			u.flags |= hasPort
			for k := he + 1; k < e; k++ {
				if c := s[k]; c < '0' || c > '9' {
					return URL{}, &Error{Input: s, Offset: k, Code: CodeBadPort,
						Rule: "RFC 1738 §3.1 port", Message: "port is not decimal digits"}
				}
			}
		}
	}
	u.userEnd, u.hostStart, u.hostEnd, u.pathStart = uint32(ue), uint32(hs), uint32(he), uint32(e)
	// RFC 3986 §3.3–3.5: the path runs to "?" or "#", the query to "#".
	q, f := n, n
	k := e
	for ; k < n; k++ {
		cl := classTab[s[k]]
		if cl&(clCheck|clQuery|clHash) == 0 {
			continue
		}
		if cl&clCheck != 0 {
			if k, err = checkByte(s, k); err != nil {
				return URL{}, err
			}
			continue
		}
		q = k
		if cl&clHash != 0 {
			f = k
		}
		break
	}
	if q < n && f == n {
		u.flags |= hasQuery
		for k = q + 1; k < n; k++ {
			cl := classTab[s[k]]
			if cl&(clCheck|clHash) == 0 {
				continue
			}
			if cl&clCheck != 0 {
				if k, err = checkByte(s, k); err != nil {
					return URL{}, err
				}
				continue
			}
			f = k
			break
		}
	}
	if f < n {
		u.flags |= hasFragment
		for k = f + 1; k < n; k++ {
			if checkTab[s[k]] {
				if k, err = checkByte(s, k); err != nil {
					return URL{}, err
				}
			}
		}
	}
	u.queryStart, u.fragStart = uint32(q), uint32(f)
	return u, nil
}


func TestZZCompare(t *testing.T) {
	for _, bs := range loadBench(t) {
		best := [2]time.Duration{1 << 62, 1 << 62}
		for r := 0; r < 15; r++ {
			for k := 0; k < 2; k++ {
				var ru0, ru1 syscall.Rusage
				syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
				for rep := 0; rep < 5; rep++ {
					if k == 0 {
						for _, s := range bs.urls {
							_, _ = parseV3(s)
						}
					} else {
						for _, s := range bs.urls {
							_, _ = Parse(s)
						}
					}
				}
				syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
				d := time.Duration(ru1.Utime.Nano() - ru0.Utime.Nano())
				if d < best[k] {
					best[k] = d
				}
			}
		}
		n := float64(5 * len(bs.urls))
		t.Logf("%-18s v3 %6.1f ns/URL  swar %6.1f ns/URL", bs.name, float64(best[0].Nanoseconds())/n, float64(best[1].Nanoseconds())/n)
	}
}
