package whatwg

import (
	"strconv"
	"unsafe"
)

// record is the URL record of §4.1 "URL representation" while the basic URL parser works on it.
// Components are kept serialized: the host as the host serializer writes it, the path as the URL
// path serializer writes it (for a list path, "/" before every segment, so the list « » is "" and
// « "" » is "/"). Segments never contain "/", because the path state percent-encodes nothing into
// one, so the segment operations below are operations on the slashes.
type record struct {
	scheme   []byte
	special  bool
	file     bool // the scheme is "file"
	username []byte
	password []byte
	hasHost  bool // host is non-null
	host     []byte
	port     int32 // -1 is null
	path     []byte
	opaque   bool // the path is an opaque path (a URL path segment)
	hasQuery bool
	query    []byte
	hasFrag  bool
	frag     []byte
}

func (r *record) reset() {
	r.scheme = r.scheme[:0]
	r.special = false
	r.file = false
	r.username = r.username[:0]
	r.password = r.password[:0]
	r.hasHost = false
	r.host = r.host[:0]
	r.port = -1
	r.path = r.path[:0]
	r.opaque = false
	r.hasQuery = false
	r.query = r.query[:0]
	r.hasFrag = false
	r.frag = r.frag[:0]
}

// The special schemes and their default ports (§4.2 "URL miscellaneous").
var specialSchemes = [...]struct {
	name string
	port int32
}{{"ftp", 21}, {"file", -1}, {"http", 80}, {"https", 443}, {"ws", 80}, {"wss", 443}}

// specialIndex returns the index of scheme in specialSchemes, or -1 if it is not special.
func specialIndex[T string | []byte](scheme T) int {
	switch string(scheme) {
	case "ftp":
		return 0
	case "file":
		return 1
	case "http":
		return 2
	case "https":
		return 3
	case "ws":
		return 4
	case "wss":
		return 5
	}
	return -1
}

// isSpecialScheme reports whether s is a special scheme (§4.2).
func isSpecialScheme[T string | []byte](s T) bool { return specialIndex(s) >= 0 }

// defaultPort returns the default port of scheme, or -1 (null) (§4.2).
func defaultPort[T string | []byte](scheme T) int32 {
	if i := specialIndex(scheme); i >= 0 {
		return specialSchemes[i].port
	}
	return -1
}

func (r *record) setScheme(s []byte) {
	r.scheme = append(r.scheme[:0], s...)
	i := specialIndex(s)
	r.special = i >= 0
	r.file = i == 1
}

// includesCredentials: "A URL includes credentials if its username or password is not the empty
// string" (§4.2).
func (r *record) includesCredentials() bool { return len(r.username) > 0 || len(r.password) > 0 }

// firstSegment returns path[0] of a list path, and false when the path is empty.
func firstSegment(path []byte) ([]byte, bool) {
	if len(path) == 0 {
		return nil, false
	}
	i := 1
	for i < len(path) && path[i] != '/' {
		i++
	}
	return path[1:i], true
}

// shortenPath implements "shorten a url's path" (§4.2).
func (r *record) shortenPath() {
	// 3. If url's scheme is "file", path's size is 1, and path[0] is a normalized Windows drive
	// letter, then return.
	// (Size 1 with a two-byte path[0] is the serialized path "/" and two bytes: checked in
	// constant time, since the path shortens once for each ".." segment.)
	if r.file && len(r.path) == 3 && isNormalizedWindowsDriveLetter(r.path[1:]) {
		return
	}
	// 4. Remove path's last item, if any.
	i := len(r.path) - 1
	for i >= 0 && r.path[i] != '/' {
		i--
	}
	if i >= 0 {
		r.path = r.path[:i]
	}
}

// isWindowsDriveLetter: "two code points, of which the first is an ASCII alpha and the second is
// either U+003A (:) or U+007C (|)" (§4.2).
func isWindowsDriveLetter(s []byte) bool {
	return len(s) == 2 && isAlpha(s[0]) && (s[1] == ':' || s[1] == '|')
}

// isNormalizedWindowsDriveLetter: a Windows drive letter whose second code point is ":" (§4.2).
func isNormalizedWindowsDriveLetter(s []byte) bool {
	return len(s) == 2 && isAlpha(s[0]) && s[1] == ':'
}

// startsWithWindowsDriveLetter implements "starts with a Windows drive letter" (§4.2).
func startsWithWindowsDriveLetter(s string) bool {
	if len(s) < 2 || !isAlpha(s[0]) || (s[1] != ':' && s[1] != '|') {
		return false
	}
	if len(s) == 2 {
		return true
	}
	switch s[2] {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// maxHref is the longest href a URL holds: its offsets are uint32.
const maxHref = 1<<32 - 1

// toURL runs the URL serializer (§4.5) into one new string and records the offsets. It returns
// false, and no URL, when the href would be longer than maxHref.
func (r *record) toURL() (URL, bool) {
	dotSlash := !r.hasHost && !r.opaque && len(r.path) >= 2 && r.path[0] == '/' && r.path[1] == '/'
	var portBuf [8]byte
	var port []byte
	if r.hasHost && r.port >= 0 {
		port = strconv.AppendInt(portBuf[:0], int64(r.port), 10)
	}
	n := len(r.scheme) + 1
	if r.hasHost {
		n += 2 + len(r.host)
		if r.includesCredentials() {
			n += len(r.username) + 1
			if len(r.password) > 0 {
				n += 1 + len(r.password)
			}
		}
		if port != nil {
			n += 1 + len(port)
		}
	}
	if dotSlash {
		n += 2
	}
	n += len(r.path)
	if r.hasQuery {
		n += 1 + len(r.query)
	}
	if r.hasFrag {
		n += 1 + len(r.frag)
	}
	if uint64(n) > maxHref {
		return URL{}, false
	}
	b := make([]byte, 0, n)
	var u URL
	// 1. Let output be url's scheme and U+003A (:) concatenated.
	b = append(b, r.scheme...)
	u.schemeEnd = uint32(len(b))
	b = append(b, ':')
	u.port = -1
	if r.hasHost {
		// 2. If url's host is non-null: "//", credentials, host, port.
		u.flags |= fHost
		b = append(b, '/', '/')
		if r.includesCredentials() {
			b = append(b, r.username...)
			u.userEnd = uint32(len(b))
			if len(r.password) > 0 {
				b = append(b, ':')
				b = append(b, r.password...)
			}
			b = append(b, '@')
		} else {
			u.userEnd = uint32(len(b))
		}
		u.hostStart = uint32(len(b))
		b = append(b, r.host...)
		u.hostEnd = uint32(len(b))
		if port != nil {
			b = append(b, ':')
			b = append(b, port...)
			u.port = r.port
		}
	} else {
		u.userEnd, u.hostStart, u.hostEnd = uint32(len(b)), uint32(len(b)), uint32(len(b))
	}
	// 3. If url's host is null, url does not have an opaque path, url's path's size is greater
	// than 1, and url's path[0] is the empty string, then append "/." to output.
	if dotSlash {
		b = append(b, '/', '.')
	}
	// 4. Append the result of URL path serializing url to output.
	u.pathStart = uint32(len(b))
	b = append(b, r.path...)
	if r.opaque {
		u.flags |= fOpaque
	}
	// 5. If url's query is non-null, append U+003F (?), followed by url's query.
	u.queryStart = uint32(len(b))
	if r.hasQuery {
		u.flags |= fQuery
		b = append(b, '?')
		b = append(b, r.query...)
	}
	// 6. If url's fragment is non-null, append U+0023 (#), followed by url's fragment.
	u.fragStart = uint32(len(b))
	if r.hasFrag {
		u.flags |= fFrag
		b = append(b, '#')
		b = append(b, r.frag...)
	}
	if r.special {
		u.flags |= fSpecial
	}
	// b is never written again: the string may share its memory.
	u.href = unsafe.String(unsafe.SliceData(b), len(b))
	return u, true
}

// fromURL loads the components of u into r (for the setters, which run the basic URL parser with
// a URL and a state override).
func (r *record) fromURL(u *URL) {
	r.reset()
	r.setScheme(append(r.scheme[:0], u.scheme()...))
	if u.flags&fHost != 0 {
		r.hasHost = true
		r.username = append(r.username, u.Username()...)
		r.password = append(r.password, u.Password()...)
		r.host = append(r.host, u.Hostname()...)
		r.port = u.port
	}
	r.path = append(r.path, u.Pathname()...)
	r.opaque = u.flags&fOpaque != 0
	if q, ok := u.query(); ok {
		r.hasQuery = true
		r.query = append(r.query, q...)
	}
	if f, ok := u.fragment(); ok {
		r.hasFrag = true
		r.frag = append(r.frag, f...)
	}
}
