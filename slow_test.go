package locator

import (
	"strings"

	"github.com/locator-url/locator/pct"
)

// parseReference is the first, readable version of Parse: one scan per component, then a
// separate pass over every byte for controls and escapes. The tests and FuzzParse use it as
// an oracle for the optimized Parse: both must accept the same inputs and give the same URL.
func parseReference(s string) (URL, error) {
	if uint64(len(s)) > MaxLength {
		return URL{}, &Error{Input: s[:64], Offset: MaxLength, Code: CodeTooLong,
			Rule: "locator limits", Message: "URL longer than 4 GiB"}
	}
	var u URL
	u.s = s
	n := len(s)
	i := 0
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
		at := -1
		e = a
		for ; e < n; e++ {
			c := s[e]
			if c == '/' || c == '?' || c == '#' {
				break
			}
			if c == '@' {
				at = e
			}
		}
		hs = a
		ue = a
		if at >= 0 {
			// RFC 1738 §3.1: user and password end at ":" and "@".
			u.flags |= hasUser
			ue = at
			for k := a; k < at; k++ {
				if s[k] == ':' {
					ue = k
					u.flags |= hasPassword
					break
				}
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
		} else {
			for k := hs; k < e; k++ {
				if s[k] == ':' {
					he = k
					break
				}
			}
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
	for k := e; k < n; k++ {
		c := s[k]
		if c == '?' {
			q = k
			break
		}
		if c == '#' {
			q, f = k, k
			break
		}
	}
	if q < n && s[q] == '?' {
		u.flags |= hasQuery
		for k := q + 1; k < n; k++ {
			if s[k] == '#' {
				f = k
				break
			}
		}
	}
	if f < n {
		u.flags |= hasFragment
	}
	u.queryStart, u.fragStart = uint32(q), uint32(f)
	u.chars = summarySlow(u)
	// RFC 1738 §2.2: control characters must be encoded; escape = "%" hex hex.
	for k := 0; k < n; k++ {
		c := s[k]
		if !checkTab[c] {
			continue
		}
		if c != '%' {
			return URL{}, &Error{Input: s, Offset: k, Code: CodeControl,
				Rule: "RFC 1738 §2.2 (controls must be encoded)", Message: "control character " + hexByte(c) + " must be encoded"}
		}
		if k+2 >= n || !pct.IsHex(s[k+1]) || !pct.IsHex(s[k+2]) {
			return URL{}, &Error{Input: s, Offset: k, Code: CodeBadEscape,
				Rule: "RFC 1738 §2.2 escape", Message: "\"%\" not followed by two hex digits"}
		}
		k += 2
	}
	return u, nil
}

// summarySlow is the character summary of u (see Chars in chars.go) computed from the
// character sets of package pct, component by component, an escape "%" hex hex counting as
// its "%": the oracle of Parse's summary, which it computes from classTab in its one pass.
func summarySlow(u URL) Chars {
	// has reports whether a character of t (an escape as "%") is in set.
	has := func(t string, set pct.Set) bool {
		for i := 0; i < len(t); i++ {
			c := t[i]
			if c == '%' && i+2 < len(t) && pct.IsHex(t[i+1]) && pct.IsHex(t[i+2]) {
				i += 2
			}
			if set.Contains(c) {
				return true
			}
		}
		return false
	}
	unsafeSet := pct.Range(0, 0xff).Minus(pct.RFC1738Xchar).Without("%")
	not3986 := pct.Range(0, 0xff).Minus(pct.QueryChars).Without("%")
	notHost := pct.Range(0, 0xff).Minus(pct.AlphaDigit.With("-.:"))
	alpha := pct.Alpha.With("-")
	var sum Chars
	bit := func(ok bool, b Chars) {
		if ok {
			sum |= b
		}
	}
	if ui, ok := u.Userinfo(); ok {
		bit(has(ui, unsafeSet), CharsUserUnsafe)
	}
	if u.HasAuthority() {
		h := u.HostPort()
		bit(has(h, unsafeSet), CharsHostUnsafe)
		bit(has(h, not3986), CharsHostNot3986)
		bit(has(h, notHost), CharsHostNotHostname)
		bit(has(h, alpha), CharsHostAlpha)
		bit(strings.Contains(h, "..") || strings.Contains(h, ".-") || strings.Contains(h, "-."), CharsHostDotHyphen)
	}
	p := u.Path()
	bit(has(p, unsafeSet), CharsPathUnsafe)
	bit(has(p, not3986), CharsPathNot3986)
	bit(has(p, pct.Of(";")), CharsPathSemicolon)
	if q, ok := u.Query(); ok {
		bit(has(q, unsafeSet), CharsQueryUnsafe)
		bit(has(q, not3986), CharsQueryNot3986)
		bit(has(q, pct.Of(";")), CharsQuerySemicolon)
		bit(has(q, pct.Of("/?")), CharsQuerySlashQuestion)
	}
	if f, ok := u.Fragment(); ok {
		bit(has(f, unsafeSet), CharsFragmentUnsafe)
		bit(has(f, not3986), CharsFragmentNot3986)
	}
	return sum
}
