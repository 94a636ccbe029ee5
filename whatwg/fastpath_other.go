package whatwg

import "strconv"

// The direct path (parseDirect, resumeDirect) for a URL whose scheme is not special and that has
// an authority ("scheme://host[:port]..."): the authority state, the host state with the
// opaque-host parser (§3.5), the port state, the path state where "\\" is a byte of a segment,
// the query state with the query percent-encode set, the fragment state. Like the rest of the
// direct path, it gives up (returns false) on whatever it is not sure of: credentials, an IPv6
// address, anything the full parser fails on or reports, tabs and newlines, invalid UTF-8.
//
// It is in a file of its own, after fastpath.go: the linker lays functions out in the order of
// the files, and these, put among fastpath.go's, moved the special URLs' loops (dirPath) to
// other addresses, which cost 1.3–2% of time on node_files' messy set for the same instructions
// (interleaved BenchmarkRatio, 16 runs, 2026-11-24). For the same reason a change to the size
// of a function before dirRun, dirSpecialAuthority or dirPath in fastpath.go may move them:
// compare `go tool nm -size -sort address` of the test binaries before timing.

// The direct path's class tables for a URL that is not special (dirOtherAuthority).
var (
	// dirPathOther: path state, other URL: "/", "?", "#" end a segment ("\\" is a byte of it,
	// written as it is); the path percent-encode set.
	dirPathOther     [256]uint8
	dirPathOtherByte [256]uint8 // dirPathOtherLoop's: dirPathOther with "/" written as "/", "." and "%" dDot
	// dirOpaqueHost: host state and opaque-host parser (§3.5, isOpaque true): ":", "/", "?", "#"
	// end the host; any other forbidden host code point is dOther (the parser fails: given up);
	// the C0 control percent-encode set; no byte is lowercased.
	dirOpaqueHost [256]uint8
)

// dirPathOtherTab is dirPathOtherByte's address, read from memory (as dirPathTab).
var dirPathOtherTab = &dirPathOtherByte

func init() {
	// As fastpath.go's fill: a tab or newline is dOther (give up), a byte of the path
	// percent-encode set dEnc, any other byte itself; "/", "?" and "#" end a segment.
	for c := 0; c < 256; c++ {
		switch {
		case c >= 0x80 || c == '\t' || c == '\n' || c == '\r':
			dirPathOther[c] = dOther
		case c == '/' || c == '?' || c == '#':
			dirPathOther[c] = dStop
		case pathTab[c]:
			dirPathOther[c] = dEnc
		case c >= int(dOut):
			dirPathOther[c] = uint8(c) // "\\" included
		default:
			panic("whatwg: a byte below dOut written as it is") // never: the path set has the C0 controls and the space
		}
	}
	dirPathOtherByte = dirPathOther
	dirPathOtherByte['/'] = '/'
	dirPathOtherByte['.'] = dDot
	dirPathOtherByte['%'] = dDot
	for c := 0x80; c < 0x100; c++ {
		dirPathOtherByte[c] = dUTF8 // a run of them, at once (dirPctRun)
	}
	for c := 0; c < 256; c++ {
		switch {
		case c >= 0x80:
			dirOpaqueHost[c] = dUTF8
		case c == ':' || c == '/' || c == '?' || c == '#':
			dirOpaqueHost[c] = dStop
		case forbiddenHostTab[c]:
			dirOpaqueHost[c] = dOther // tab, newline, space, "@", "[", "\\", …
		case c0Tab[c]:
			dirOpaqueHost[c] = dEnc
		default:
			dirOpaqueHost[c] = uint8(c) // printable ASCII, "%" included, upper case kept
		}
	}
}

// dirOtherSlashes goes on with parseDirectTo after the "//" that follows the ":" of a scheme
// that is not special (path or authority state, authority state), at s[i]: the URL has a host,
// and its href "//" (dirOtherAuthority). (A function of its own, which the compiler inlines:
// with its two lines written in parseDirectTo, the code after it (dirSpecialAuthority, dirPath)
// sat 32 bytes off its old addresses mod 64, and kasztp's and node_files' upper-scheme kinds
// ran 1.8% slower for the same instructions; so it is back where it was. Placement only: see
// the README, "Opaque hosts".)
func dirOtherSlashes(u *dirURL, b []byte, s string, i int) bool {
	u.flags |= fHost
	return dirOtherAuthority(u, append(b, '/', '/'), s, i)
}

// dirOtherAuthority goes on with parseDirectTo from the start of the authority of a URL whose
// scheme is not special, s[i] (after the "//"), where b is its href so far ("scheme://").
// resumeDirect comes here too, from a host that parseNormalized does not take as it is. It gives
// up on credentials, an IPv6 address and whatever the full parser fails on, which then reports
// it.
func dirOtherAuthority(u *dirURL, b []byte, s string, i int) bool {
	n := len(s)
	u.userEnd, u.hostStart = uint32(len(b)), uint32(len(b))
	// authority state: the authority ends at "/", "?", "#" or the end ("\\" does not end it in a
	// URL that is not special); an "@" in it (credentials) stops the host's run below, or the
	// port state, which give up. host state: the host is the bytes up to ":" or the authority's
	// end ("[": an IPv6 address, given up), and may be empty (not with a port: host-missing).
	// Host parser with isOpaque true, opaque-host parser (§3.5): a forbidden host code point
	// fails (given up), "%" is kept (not "%XX": a validation error only), the rest is UTF-8
	// percent-encoded with the C0 control percent-encode set; no byte is lowercased.
	h := i
	var ok bool
	if b, i, ok = dirRun(b, s, i, &dirOpaqueHost); !ok {
		return false // a forbidden host code point, a tab or newline, invalid UTF-8
	}
	u.hostEnd = uint32(len(b))
	if i < n && s[i] == ':' {
		if i == h {
			return false // host state: host-missing
		}
		// port state: digits; a scheme that is not special has no default port.
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
		if i < n && s[i] != '/' && s[i] != '?' && s[i] != '#' {
			return false // port-invalid ("\\" and "@" included)
		}
		if digits > 0 {
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(port), 10)
			u.port = int32(port)
		}
	}
	// path start state: "?" and "#" start the query and the fragment (the path stays empty), a
	// "/" the path state.
	u.pathStart = uint32(len(b))
	if i < n && s[i] == '/' {
		pathStart := len(b)
		b = append(b, '/')
		if b, i, ok = dirPathOtherLoop(b, s, i+1, pathStart); !ok {
			return false
		}
	}
	return dirFinish(u, b, s, i, &dirQueryOther)
}

// dirNullHostPath goes on with parseDirectTo at s[i], the "/" after the ":" of a URL whose
// scheme is not special and that has no "//": path or authority state, then the path state,
// with a null host ("foo:/a/./b"). The path is read as after a host (dirPathOtherLoop); then
// the serializer's step 3 (URL serializing, §4.5): "If url's host is null, url does not have
// an opaque path, url's path's size is greater than 1, and url's path[0] is the empty string,
// then append U+002F (/) followed by U+002E (.) to output" — a path that starts with "//",
// which would read as a host, gets "/." before it ("foo:/.//b" stays so).
func dirNullHostPath(u *dirURL, b []byte, s string, i int) bool {
	u.userEnd, u.hostStart, u.hostEnd = uint32(len(b)), uint32(len(b)), uint32(len(b))
	pathStart := len(b)
	b = append(b, '/')
	var ok bool
	if b, i, ok = dirPathOtherLoop(b, s, i+1, pathStart); !ok {
		return false
	}
	if len(b)-pathStart >= 2 && b[pathStart+1] == '/' {
		// path[0] is empty and the path has more: "/." before it. b has room (dirRoom gave
		// it three bytes an input byte).
		b = append(b, 0, 0)
		copy(b[pathStart+2:], b[pathStart:len(b)-2])
		b[pathStart], b[pathStart+1] = '/', '.'
		pathStart += 2
	}
	u.pathStart = uint32(pathStart)
	return dirFinish(u, b, s, i, &dirQueryOther)
}

// dirPathOtherLoop is dirPath for a URL that is not special (path state): "\\" is a byte of a
// segment, written as it is, not a "/"; a segment ends at "/", "?", "#" or the end only, and
// dot segments are dropped as in a special URL's path (dirDotSegmentOther). A loop
// of its own, so that dirPath's, which special URLs run, stays as it is.
func dirPathOtherLoop(b []byte, s string, i, pathStart int) ([]byte, int, bool) {
	n := len(s)
	b = dirRoom(b, n-i)
	tab := dirPathOtherTab
	_ = tab[0]
	for {
		// s[i] starts a segment; b ends with its "/".
		if i < n && (s[i] == '.' || s[i] == '%') {
			var dot bool
			if b, i, dot = dirDotSegmentOther(b, s, i, pathStart); dot {
				if i == n || s[i] == '?' || s[i] == '#' {
					return b, i, true
				}
				i++
				continue
			}
			b = append(b, s[i])
			i++
		}
		k, buf := len(b), b[:cap(b)] // written by index, as in dirPath
		for {
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

// dirDotSegmentOther is dirDotSegment for a URL that is not special (dirPathOtherLoop), where a
// segment ends at "/", "?", "#" or the end only (dirPathOther): "\\" is a byte of the segment.
// A copy of its test, not a table given to dirDotSegment: that cost special URLs' paths 1.5%
// more time on node_files' messy set (interleaved BenchmarkRatio, 16 runs, 2026-11-24); the
// path's shortening is shared (dirDropSegments).
func dirDotSegmentOther(b []byte, s string, i, pathStart int) ([]byte, int, bool) {
	n := len(s)
	e := i + 1
	if s[i] == '.' && e < n && s[e] == '.' {
		e++
	}
	d := e - i
	if s[i] != '.' || e < n && dirPathOther[s[e]] != dStop {
		for e < n && e-i <= 6 && dirPathOther[s[e]] != dStop {
			e++
		}
		if !isDotSegment(s[i:e]) {
			return b, i, false
		}
		d = 2 - (e-i)&1
	}
	return dirDropSegments(b, d, pathStart), e, true
}
