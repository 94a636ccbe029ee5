package locator

import (
	"strconv"
)

// URL is a parsed URL or relative reference: its serialization and the offsets of its
// components, split by the generic syntax that RFC 1738 §2.1 and §3.1 and RFC 3986 §3 and §4.1
// share (see [Parse]). A URL is immutable and comparable: two URLs are == exactly when their
// serializations are the same bytes read the same way, because the offsets (and a summary of
// the classes of characters in each component, which spares the checkers a scan) are
// functions of the string and of the two readings only [ParseAs] makes under RFC 1738 and the
// 1994 URL draft: a "URL:" prefix ([URL.Prefix]) and a login with "?" (RFC 1738 §5,
// [URL.LoginRFC1738]). Without those, ParseAs and [Parse] give == URLs.
// Getters return substrings of the serialization and never allocate.
//
// The zero value is the empty relative reference "" (no scheme, no authority, an empty path);
// it is what Parse("") returns.
//
// The offsets, for "ftp://user:pass@host.com:21/pub/a?q#f":
//
//	ftp://user:pass@host.com:21/pub/a?q#f
//	   |  |   |    |       |  |     | |
//	   |  |   |    |       |  |     | fragStart: index of "#" (len when absent)
//	   |  |   |    |       |  |     queryStart: index of "?" (fragStart when absent)
//	   |  |   |    |       |  pathStart
//	   |  |   |    |       hostEnd (":" of the port when present)
//	   |  |   |    hostStart
//	   |  |   userEnd: end of the user name (":" or "@")
//	   |  authority start: schemeEnd+3 (or 2 with no scheme)
//	   schemeEnd: index of ":"
//
// Absent and empty are told apart everywhere: "ftp://@host.com/" has an empty user,
// "ftp://host.com/" none (RFC 1738 §3.1).
type URL struct {
	s          string
	schemeEnd  uint32
	userEnd    uint32
	hostStart  uint32
	hostEnd    uint32
	pathStart  uint32
	queryStart uint32
	fragStart  uint32
	flags      uint16
	chars      Chars // which classes of characters each component holds (see summarize)
}

const (
	hasScheme uint16 = 1 << iota
	hasAuthority
	hasUser
	hasPassword
	hasPort
	hasQuery
	hasFragment
	// hasPrefix: the serialization starts with the "URL:" of the 1994 URL draft's prefixedurl
	// (RFC 1738 Appendix), which [ParseAs] reads under RFC1738 and URLDraft1994; the scheme
	// starts after it.
	hasPrefix
	// hasLogin1738: the user information holds "?", which RFC 1738 §5 user and password allow
	// and RFC 3986 §3.2 reads as the end of the authority; only [ParseAs] splits so.
	hasLogin1738
)

// prefixLen is the length of the "URL:" prefix.
const prefixLen = 4

// pre returns the length of u's "URL:" prefix: 0 or 4.
func (u URL) pre() uint32 {
	if u.flags&hasPrefix != 0 {
		return prefixLen
	}
	return 0
}

// Prefix returns the "URL:" prefix of the 1994 URL draft's prefixedurl ("URL:" url; RFC 1738
// Appendix: "URLs be preceeded with a prefix consisting of the characters "URL:"") as written,
// in its letter case, and whether u has one. Only [ParseAs] under [RFC1738] and
// [URLDraft1994] reads a prefix; [Parse] reads "URL:" as a scheme.
func (u URL) Prefix() (string, bool) {
	if u.flags&hasPrefix == 0 {
		return "", false
	}
	return u.s[:prefixLen], true
}

// WithoutPrefix returns the URL behind u's "URL:" prefix, or u when it has none: the same
// components, its serialization without the prefix. It does not allocate. The URL behind
// the prefix is what views, plans, comparison and normalization work on.
func (u URL) WithoutPrefix() URL {
	if u.flags&hasPrefix == 0 {
		return u
	}
	v := u
	v.s = u.s[prefixLen:]
	v.flags &^= hasPrefix
	v.schemeEnd -= prefixLen
	v.userEnd -= prefixLen
	v.hostStart -= prefixLen
	v.hostEnd -= prefixLen
	v.pathStart -= prefixLen
	v.queryStart -= prefixLen
	v.fragStart -= prefixLen
	return v
}

// LoginRFC1738 reports whether u's user information holds "?": RFC 1738 §5 user and password
// allow it unencoded (user = *[ uchar | ";" | "?" | "&" | "=" ]), and only [ParseAs] under
// [RFC1738] and [URLDraft1994] splits a login so; RFC 3986 §3.2 (and [Parse]) ends the
// authority at the "?".
func (u URL) LoginRFC1738() bool { return u.flags&hasLogin1738 != 0 }

// String returns the serialization: for a parsed URL, the input byte for byte, with its
// "URL:" prefix if it has one (see [URL.Prefix]).
func (u URL) String() string { return u.s }

// AppendTo appends the serialization to b.
func (u URL) AppendTo(b []byte) []byte { return append(b, u.s...) }

// AppendText implements encoding.TextAppender.
func (u URL) AppendText(b []byte) ([]byte, error) { return append(b, u.s...), nil }

// MarshalText implements encoding.TextMarshaler: the serialization.
func (u URL) MarshalText() ([]byte, error) { return []byte(u.s), nil }

// UnmarshalText implements encoding.TextUnmarshaler with [Parse]. Empty text gives the zero URL.
// The text is the serialization alone: a URL that [ParseAs] read by RFC 1738's own rules (a
// "URL:" prefix, a login with "?" before its "@", [URL.LoginRFC1738]) reads back as Parse reads
// that text, with the same serialization but not always the same components.
func (u *URL) UnmarshalText(text []byte) error {
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// IsZero reports whether u is the zero URL (the empty reference).
func (u URL) IsZero() bool { return u == URL{} }

// Len returns the length of the serialization in bytes.
func (u URL) Len() int { return len(u.s) }

// HasScheme reports whether u has a scheme, that is, whether it is absolute rather than a
// relative reference (RFC 3986 §4.1).
func (u URL) HasScheme() bool { return u.flags&hasScheme != 0 }

// Scheme returns the scheme as written (case preserved), without the ":"; "" when absent.
// A scheme is never empty when present (RFC 1738 §5 scheme; RFC 3986 §3.1).
func (u URL) Scheme() string {
	if u.flags&hasScheme == 0 {
		return ""
	}
	return u.s[u.pre():u.schemeEnd]
}

// IsScheme reports whether u's scheme is name, ignoring ASCII case (RFC 1738 §2.1: "programs
// interpreting URLs should treat upper case letters as equivalent to lower case in scheme
// names"). name should be lower case.
func (u URL) IsScheme(name string) bool {
	sc := u.Scheme()
	if len(sc) != len(name) || u.flags&hasScheme == 0 {
		return false
	}
	for i := 0; i < len(sc); i++ {
		c := sc[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != name[i] {
			return false
		}
	}
	return true
}

// SchemePart returns what follows "scheme:" up to the fragment: RFC 1738 §2.1
// <scheme-specific-part>. Without a scheme it returns the reference up to the fragment.
func (u URL) SchemePart() string {
	start := uint32(0)
	if u.flags&hasScheme != 0 {
		start = u.schemeEnd + 1
	}
	return u.s[start:u.fragStart]
}

func (u URL) authStart() uint32 {
	if u.flags&hasScheme != 0 {
		return u.schemeEnd + 3
	}
	return 2
}

// HasAuthority reports whether u has "//" and an authority (RFC 3986 §3.2), which RFC 1738 §3.1
// calls the common Internet scheme syntax's login.
func (u URL) HasAuthority() bool { return u.flags&hasAuthority != 0 }

// Authority returns the authority (RFC 1738 §3.1 login: [user[:password]@]host[:port]) and
// whether it is present. It may be present and empty ("file:///etc").
func (u URL) Authority() (string, bool) {
	if u.flags&hasAuthority == 0 {
		return "", false
	}
	return u.s[u.authStart():u.pathStart], true
}

// User returns the user name as written (still encoded) and whether it is present.
// "ftp://@host.com/" has an empty user; "ftp://host.com/" has none (RFC 1738 §3.1).
func (u URL) User() (string, bool) {
	if u.flags&hasUser == 0 {
		return "", false
	}
	return u.s[u.authStart():u.userEnd], true
}

// Password returns the password as written (still encoded) and whether it is present.
// "ftp://foo:@host.com/" has an empty password (RFC 1738 §3.1).
func (u URL) Password() (string, bool) {
	if u.flags&hasPassword == 0 {
		return "", false
	}
	return u.s[u.userEnd+1 : u.hostStart-1], true
}

// Userinfo returns what stands before "@" in the authority, and whether "@" is there.
func (u URL) Userinfo() (string, bool) {
	if u.flags&hasUser == 0 {
		return "", false
	}
	return u.s[u.authStart() : u.hostStart-1], true
}

// Host returns the host as written: a host name, a dotted quad, an IP literal with its
// brackets, or "" when empty or absent (see [URL.HasAuthority]).
func (u URL) Host() string { return u.s[u.hostStart:u.hostEnd] }

// Hostname returns the host without the brackets of an IP literal.
func (u URL) Hostname() string {
	h := u.Host()
	if len(h) >= 2 && h[0] == '[' && h[len(h)-1] == ']' {
		return h[1 : len(h)-1]
	}
	return h
}

// Port returns the port digits as written and whether a ":" introduced them. The port may be
// present and empty ("http://host:/"), which RFC 3986 §3.2.3 allows and RFC 1738 §5 does not.
func (u URL) Port() (string, bool) {
	if u.flags&hasPort == 0 {
		return "", false
	}
	return u.s[u.hostEnd+1 : u.pathStart], true
}

// PortNumber returns the port as a number, and false when it is absent, empty or above 65535.
// Leading zeros do not count: RFC 1738 §5 port = digits and RFC 3986 §3.2.3 port = *DIGIT
// are decimal numbers of any length, so "http://h:000080/" has the port 80.
func (u URL) PortNumber() (int, bool) {
	p, ok := u.Port()
	if !ok || p == "" {
		return 0, false
	}
	i := 0
	for i < len(p)-1 && p[i] == '0' {
		i++
	}
	p = p[i:]
	if len(p) > 5 {
		return 0, false
	}
	n, err := strconv.Atoi(p)
	if err != nil || n > 65535 {
		return 0, false
	}
	return n, true
}

// HostPort returns host[:port] as written (RFC 1738 §5 hostport).
func (u URL) HostPort() string { return u.s[u.hostStart:u.pathStart] }

// Path returns the path as written (RFC 3986 §3.3): after the authority, up to "?" or "#".
// With an authority, a non-empty path starts with "/". Never absent, possibly empty.
func (u URL) Path() string { return u.s[u.pathStart:u.queryStart] }

// URLPath returns RFC 1738's <url-path> (§3.1): the rest of the locator after the "/" that
// ends host[:port], without that "/", with any ";params" and "?search" but not the fragment.
// It is "" when there is no "/" after the authority, or no authority.
func (u URL) URLPath() string {
	if u.flags&hasAuthority == 0 || u.pathStart >= u.fragStart || u.s[u.pathStart] != '/' {
		return ""
	}
	return u.s[u.pathStart+1 : u.fragStart]
}

// Query returns the query as written, without "?", and whether "?" is present.
func (u URL) Query() (string, bool) {
	if u.flags&hasQuery == 0 {
		return "", false
	}
	return u.s[u.queryStart+1 : u.fragStart], true
}

// Fragment returns the fragment identifier as written, without "#", and whether "#" is
// present. A fragment is not part of the URL proper but may follow it, after "#" (RFC 1738 §2.2;
// RFC 1808 §2.4.1).
func (u URL) Fragment() (string, bool) {
	if u.flags&hasFragment == 0 {
		return "", false
	}
	return u.s[u.fragStart+1:], true
}

// WithoutFragment returns u without its fragment identifier.
func (u URL) WithoutFragment() URL {
	if u.flags&hasFragment == 0 {
		return u
	}
	v := u
	v.s = u.s[:u.fragStart]
	v.flags &^= hasFragment
	v.chars &^= CharsFragment
	return v
}

// Offsets are the byte offsets of a URL's components in its serialization, for tools that
// underline or highlight parts. The components are those of [Parse]'s split (RFC 3986 §3;
// RFC 1738 §3.1 for the login), each without its delimiters. A component that is absent has
// Start == End == -1; the path is never absent.
//
// The zero value, every span [0, 0), is not the Offsets of any URL: get them from
// [URL.Offsets].
type Offsets struct {
	Prefix   Span // the "URL:" prefix, with its ":" (see [URL.Prefix])
	Scheme   Span // before ":"
	User     Span // after "//", before ":" or "@"
	Password Span // after the user's ":", before "@"
	Host     Span // the host as written, brackets of an IP literal included
	Port     Span // after the host's ":"
	Path     Span // after the authority, before "?" or "#"
	Query    Span // after "?", before "#"
	Fragment Span // after "#"
}

// Span is a half-open byte range [Start, End) of a serialization; -1, -1 when absent. The
// zero value is the empty range at offset 0.
type Span struct {
	Start int // offset of the first byte, or -1
	End   int // offset after the last byte, or -1
}

// Offsets returns the spans of u's components (without their delimiters).
func (u URL) Offsets() Offsets {
	none := Span{-1, -1}
	o := Offsets{Prefix: none, Scheme: none, User: none, Password: none, Host: none, Port: none, Query: none, Fragment: none}
	if u.flags&hasPrefix != 0 {
		o.Prefix = Span{0, prefixLen}
	}
	if u.flags&hasScheme != 0 {
		o.Scheme = Span{int(u.pre()), int(u.schemeEnd)}
	}
	if u.flags&hasUser != 0 {
		o.User = Span{int(u.authStart()), int(u.userEnd)}
	}
	if u.flags&hasPassword != 0 {
		o.Password = Span{int(u.userEnd) + 1, int(u.hostStart) - 1}
	}
	if u.flags&hasAuthority != 0 {
		o.Host = Span{int(u.hostStart), int(u.hostEnd)}
	}
	if u.flags&hasPort != 0 {
		o.Port = Span{int(u.hostEnd) + 1, int(u.pathStart)}
	}
	o.Path = Span{int(u.pathStart), int(u.queryStart)}
	if u.flags&hasQuery != 0 {
		o.Query = Span{int(u.queryStart) + 1, int(u.fragStart)}
	}
	if u.flags&hasFragment != 0 {
		o.Fragment = Span{int(u.fragStart) + 1, len(u.s)}
	}
	return o
}
