package locator

import (
	"fmt"
	"strings"
)

// check is the invariant checker of URL: tests and fuzzers call it after every parse and every
// transformation. It verifies that the offsets are in order and within the serialization, that
// the delimiters stand where the offsets say, that the flags agree with each other, and that
// parsing the serialization again gives the identical value (offsets are a function of the
// string; see the URL type's doc).
func (u URL) check() error {
	s := u.s
	n := uint32(len(s))
	const known = hasScheme | hasAuthority | hasUser | hasPassword | hasPort | hasQuery | hasFragment |
		hasPrefix | hasLogin1738
	if u.flags&^known != 0 {
		return fmt.Errorf("unknown flag bits %010b", u.flags)
	}
	if u.flags&hasPrefix != 0 {
		if u.flags&hasScheme == 0 || !strings.EqualFold(s[:prefixLen], "URL:") {
			return fmt.Errorf("prefix without a scheme, or not \"URL:\"")
		}
	}
	if u.flags&hasPassword != 0 && u.flags&hasUser == 0 {
		return fmt.Errorf("password without user")
	}
	if u.flags&(hasUser|hasPort) != 0 && u.flags&hasAuthority == 0 {
		return fmt.Errorf("user or port without authority")
	}
	if !(u.userEnd <= u.hostStart && u.hostStart <= u.hostEnd && u.hostEnd <= u.pathStart &&
		u.pathStart <= u.queryStart && u.queryStart <= u.fragStart && u.fragStart <= n) {
		return fmt.Errorf("offsets out of order: %+v (len %d)", u, n)
	}
	rest := uint32(0) // where the part after the scheme starts
	if u.flags&hasScheme != 0 {
		if u.schemeEnd == 0 || u.schemeEnd >= n || s[u.schemeEnd] != ':' {
			return fmt.Errorf("scheme end %d is not a \":\"", u.schemeEnd)
		}
		if u.schemeEnd <= u.pre() {
			return fmt.Errorf("empty scheme")
		}
		if c := s[u.pre()] | 0x20; c < 'a' || c > 'z' {
			return fmt.Errorf("scheme does not start with a letter")
		}
		for i := u.pre() + 1; i < u.schemeEnd; i++ {
			if !schemeTab[s[i]] {
				return fmt.Errorf("scheme byte %q at %d", s[i], i)
			}
		}
		rest = u.schemeEnd + 1
	} else if u.schemeEnd != 0 {
		return fmt.Errorf("schemeEnd %d without a scheme", u.schemeEnd)
	}
	if u.flags&hasAuthority != 0 {
		a := rest + 2
		if a > n || s[rest:a] != "//" {
			return fmt.Errorf("authority without \"//\"")
		}
		questions := 0 // "?" in the user information: RFC 1738 §5, only with hasLogin1738
		for i := a; i < u.pathStart; i++ {
			if c := s[i]; c == '/' || c == '#' || c == '?' && (u.flags&hasUser == 0 || i >= u.hostStart) {
				return fmt.Errorf("authority holds %q at %d", c, i)
			} else if c == '?' {
				questions++
			}
		}
		if (questions > 0) != (u.flags&hasLogin1738 != 0) {
			return fmt.Errorf("%d \"?\" in the user information, login1738 flag %v", questions, u.flags&hasLogin1738 != 0)
		}
		if u.flags&hasUser != 0 {
			if u.userEnd < a || u.hostStart < a+1 || s[u.hostStart-1] != '@' {
				return fmt.Errorf("user information not ended by \"@\"")
			}
			if u.flags&hasPassword != 0 {
				if s[u.userEnd] != ':' || u.userEnd >= u.hostStart-1 {
					return fmt.Errorf("password not introduced by \":\"")
				}
			} else if u.userEnd != u.hostStart-1 {
				return fmt.Errorf("user ends at %d, not at the \"@\"", u.userEnd)
			}
			for i := a; i < u.userEnd; i++ {
				if s[i] == ':' {
					return fmt.Errorf("user holds \":\" at %d", i)
				}
			}
			for i := u.hostStart; i < u.pathStart; i++ {
				if s[i] == '@' {
					return fmt.Errorf("host or port holds \"@\" at %d", i)
				}
			}
		} else if u.userEnd != a || u.hostStart != a {
			return fmt.Errorf("no user, but userEnd %d / hostStart %d != %d", u.userEnd, u.hostStart, a)
		}
		if u.flags&hasPort != 0 {
			if u.hostEnd >= u.pathStart || s[u.hostEnd] != ':' {
				return fmt.Errorf("port not introduced by \":\"")
			}
			for i := u.hostEnd + 1; i < u.pathStart; i++ {
				if s[i] < '0' || s[i] > '9' {
					return fmt.Errorf("port byte %q", s[i])
				}
			}
		} else if u.hostEnd != u.pathStart {
			return fmt.Errorf("no port, but hostEnd %d != pathStart %d", u.hostEnd, u.pathStart)
		}
	} else if u.flags&hasLogin1738 != 0 {
		return fmt.Errorf("login1738 without an authority")
	} else if u.userEnd != rest || u.hostStart != rest || u.hostEnd != rest || u.pathStart != rest {
		return fmt.Errorf("no authority, but authority offsets %d %d %d %d != %d",
			u.userEnd, u.hostStart, u.hostEnd, u.pathStart, rest)
	}
	for i := u.pathStart; i < u.queryStart; i++ {
		if c := s[i]; c == '?' || c == '#' {
			return fmt.Errorf("path holds %q at %d", c, i)
		}
	}
	if u.flags&hasAuthority != 0 && u.pathStart < u.queryStart && s[u.pathStart] != '/' {
		return fmt.Errorf("path after an authority does not start with \"/\"")
	}
	if u.flags&hasQuery != 0 {
		if u.queryStart >= n || s[u.queryStart] != '?' {
			return fmt.Errorf("query not introduced by \"?\"")
		}
	} else if u.queryStart != u.fragStart {
		return fmt.Errorf("no query, but queryStart %d != fragStart %d", u.queryStart, u.fragStart)
	}
	for i := u.queryStart; i < u.fragStart; i++ {
		if s[i] == '#' {
			return fmt.Errorf("query holds \"#\" at %d", i)
		}
	}
	if u.flags&hasFragment != 0 {
		if u.fragStart >= n || s[u.fragStart] != '#' {
			return fmt.Errorf("fragment not introduced by \"#\"")
		}
	} else if u.fragStart != n {
		return fmt.Errorf("no fragment, but fragStart %d != len %d", u.fragStart, n)
	}
	if want := summarySlow(u); u.chars != want {
		return fmt.Errorf("character summary %015b, want %015b", u.chars, want)
	}
	mode := uint8(0) // the readings that gave u (see ParseAs)
	if u.flags&hasPrefix != 0 {
		mode |= readPrefix | readLogin1738
	}
	if u.flags&hasLogin1738 != 0 {
		mode |= readLogin1738
	}
	v, err := parse(s, mode)
	if err != nil {
		return fmt.Errorf("reparse fails: %v", err)
	}
	if v != u {
		return fmt.Errorf("reparse differs:\n got %+v\nwant %+v", v, u)
	}
	return nil
}

// Check exports the invariant checker to the external test package (example and fuzz code).
func Check(u URL) error { return u.check() }
