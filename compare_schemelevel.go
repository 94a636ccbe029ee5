package locator

import "strings"

// Scheme-level equivalences: what the documents say two different spellings of one scheme's
// URL mean the same, beyond the generic rules of [Canonical] (case, encoding level, default
// port, empty path, dot-segments). Each is a named step of [Normalize], driven by a fact of
// the scheme in the table of [LookupScheme] ([SchemeInfo].LocalHost, DefaultPath, Typecode),
// so that a scheme a program registers with the same facts gets the same steps:
//
//   - file: "localhost" as host is the empty host (RFC 1738 §3.10: "As a special case, <host>
//     can be the string "localhost" or the empty string; this is interpreted as `the machine
//     from which the URL is being interpreted'"): [NormalizeRemoveLocalhost];
//   - gopher: the path "/1" is the empty path (RFC 1738 §3.4.1: "The entire <gopher-path> may
//     also be empty, in which case the delimiting "/" is also optional and the <gophertype>
//     defaults to "1""; the 1993 URL draft and the URI draft, "Gopher": "If the type character
//     and selector are omitted, the type defaults to "1""): [NormalizeRemoveDefaultPath];
//   - ftp: the letters of a typecode are compared without case (RFC 1738 §5 ftptype = "A" |
//     "I" | "D" | "a" | "i" | "d"; RFC 1738 §3.2.2 sends it as the argument of TYPE, and RFC
//     959 §5.3 says of such arguments "This also applies to any symbols representing
//     parameter values, such as A or a for ASCII TYPE"; the 1994 URL draft's "AN", "L8"
//     are "in the format defined in RFC959"): [NormalizeLowerTypecode];
//   - ftp: ";type=d" after an empty name, "ftp://h/a/;type=d", is "ftp://h/a/":
//     [NormalizeRemoveDirectoryTypecode], the one step here that RFC 1738 alone does not
//     support (see its doc).
//
// Considered and refused, because no document says the two spellings mean the same:
// "ftp://h/a;type=d" and "ftp://h/a/" ("NLST a" against "CWD a" and a listing: RFC 1738
// §3.2.2 gives each CWD element its own command, and §3.2.5 says "there is no common
// hierarchical model to the FTP protocol"); "ftp://h/a" and "ftp://h/a;type=i" (without a
// typecode "the client program interpreting the URL must guess the appropriate mode to use",
// §3.2.3); "ftp://h/" and "ftp://anonymous@h/" (§3.2.1: with a user name and no password the
// client asks the user for one, without it the password is the user's mail address);
// "gopher://h/1sel" and "gopher://h/1sel%09" (the request line differs by a tab, §3.4.2);
// "file:/x" and "file:///x" (RFC 1738 §5 fileurl needs "//"; only RFC 3986 §3.2.2 makes no
// authority the same, and RFC 3986 is not one of the documents a scheme here comes from);
// a file host that names the local machine otherwise ("file://myhost/x"); the case of a news
// group name or of a mailto local part (RFC 1738 §3.6, §3.5 say nothing of it); the order of
// prospero's field=value pairs (RFC 1738 §3.11); and "+" for a space in a query, which only the URI
// draft says ("Query strings": "the plus sign is reserved as shorthand notation for a
// space"), not RFC 1738. What needed nothing new: "http://h" ≡ "http://h/" (RFC 1738 §3.3:
// "If neither <path> nor <searchpart> is present, the "/" may also be omitted"), "telnet://h"
// ≡ "telnet://h/" (§3.8: "The final "/" character may be omitted") and "gopher://h" ≡
// "gopher://h/" (§3.4.1) are [NormalizeEmptyPathSlash]; default ports are
// [NormalizeRemoveDefaultPort].

// The scheme-level normalization steps. They take bits 24 to 27, apart from the list in
// normalize.go, so that both lists can grow without two steps sharing a bit
// (TestNormalizeFlagsDistinct checks that none do).
const (
	// NormalizeRemoveLocalhost removes the host of a URL whose scheme gives a local host name
	// ([SchemeInfo].LocalHost: "localhost" for file) when the host is that name in any case
	// and there is no user information or port: "file://localhost/etc/motd" →
	// "file:///etc/motd" (RFC 1738 §3.10: "<host> can be the string "localhost" or the empty
	// string; this is interpreted as `the machine from which the URL is being
	// interpreted'"). Never changes meaning. "file://localhost2/x", "file://localhost./x" and
	// "file://u@localhost/x" keep their host.
	NormalizeRemoveLocalhost NormalizeFlags = 1 << (24 + iota)
	// NormalizeRemoveDefaultPath makes the path "/" of a URL with an authority, no query and
	// the path "/" followed by its scheme's default path ([SchemeInfo].DefaultPath: "1" for
	// gopher): "gopher://h/1" → "gopher://h/" (RFC 1738 §3.4.1: when the gopher-path is empty
	// "the <gophertype> defaults to "1""; the selector is then empty too). Never changes
	// meaning. "gopher://h/0", "gopher://h/11", "gopher://h/1/" and "gopher://h/1?x" (a
	// gopher-path "1?x", as §3.4.1 reserves nothing) keep their path. With
	// [NormalizeEmptyPathSlash], "gopher://h" is "gopher://h/" as well.
	NormalizeRemoveDefaultPath
	// NormalizeLowerTypecode lower-cases the typecode that ends the path of a URL whose scheme
	// has typecodes ([SchemeInfo].Typecode: ftp) when the URL has no query: "ftp://h/a;type=I"
	// → "ftp://h/a;type=i", and the 1994 URL draft's "AN" → "an", "L8" → "l8" (RFC 1738 §5
	// ftptype allows both cases; RFC 959 §5.3: "This also applies to any symbols representing
	// parameter values, such as A or a for ASCII TYPE"). Never changes meaning. The
	// parameter name keeps its case: ";TYPE=I" is not a typecode (RFC 1738 §3.2.2
	// ";type=<typecode>"), and "ftp://h/a;type=I" is not "ftp://h/a;type=a".
	NormalizeLowerTypecode
	// NormalizeRemoveDirectoryTypecode removes the typecode "d" (any case) after an empty
	// name, in a URL whose scheme has typecodes and no query: "ftp://h/a/;type=d" →
	// "ftp://h/a/". RFC 1738 §3.2.2 reads the first as "CWD a" and then NLST of the empty
	// name, a listing of the directory; the 1994 URL draft, FTP, gives "/" as the suffix that
	// says the same of the second: "Use FTP directory list commands to read directory". RFC
	// 1738 alone does not make them the same: without a typecode "the client program
	// interpreting the URL must guess the appropriate mode to use" (§3.2.3), so this step is
	// in [NormalizeUsually], not [NormalizeSafe] ([Canonical] applies it, as it follows the
	// drafts; see [SchemeLevelSteps]). It is not a full equivalence of "/" and ";type=d":
	// "ftp://h/a;type=d" ("NLST a") keeps its typecode, and "ftp://h/a/;type=a" too.
	NormalizeRemoveDirectoryTypecode
)

// normalizeSchemeSafe are the scheme-level steps that RFC 1738 supports alone: they belong
// to [NormalizeSafe] as the scheme-based normalization of RFC 3986 §6.2.3.
const normalizeSchemeSafe = NormalizeRemoveLocalhost | NormalizeRemoveDefaultPath | NormalizeLowerTypecode

// normalizeSchemeLevel are all the scheme-level steps.
const normalizeSchemeLevel = normalizeSchemeSafe | NormalizeRemoveDirectoryTypecode

// schemeLevelNames are the names of the scheme-level steps, as [NormalizeFlags.String]
// writes them and [ParseNormalizeFlags] reads them, in the order of their bits.
var schemeLevelNames = []struct {
	f    NormalizeFlags
	name string
}{
	{NormalizeRemoveLocalhost, "remove-localhost"},
	{NormalizeRemoveDefaultPath, "remove-default-path"},
	{NormalizeLowerTypecode, "lower-typecode"},
	{NormalizeRemoveDirectoryTypecode, "remove-directory-typecode"},
}

func init() {
	normalizeNames = append(normalizeNames, schemeLevelNames...)
}

// SchemeLevelSteps returns the scheme-level steps (see [NormalizeRemoveLocalhost] and the
// three after it) that the document spec supports by itself, for comparing URLs as that
// document alone reads them:
//
//   - [RFC1738] and [RFC3986]: remove-localhost (RFC 1738 §3.10; RFC 3986 §3.2.2: "the
//     "file" URI scheme is defined so that no authority, an empty host, and "localhost" all
//     mean the end-user's machine"), remove-default-path (RFC 1738 §3.4.1) and
//     lower-typecode (RFC 1738 §5 ftptype; RFC 959 §5.3);
//   - [URLDraft1994]: lower-typecode (its ftptype is RFC 959's); it defines no file scheme
//     and gives gopher no default type. Its "/" suffix says what RFC 1738's ";type=d" says,
//     but it has no typecode "d" (its ftptype is "A formcode | E formcode | I | L digits"),
//     so remove-directory-typecode needs both documents and is in no one spec's set;
//   - [URLDraft1993] and [RFC1630]: remove-default-path ("If the type character and selector
//     are omitted, the type defaults to "1"", "Gopher");
//   - [WHATWG]: remove-localhost (the URL Standard's file host state: "If host is
//     "localhost", then set host to the empty string").
//
// [Canonical] and [Equivalent] apply all four, as locator reads the documents together.
func SchemeLevelSteps(spec Spec) NormalizeFlags {
	switch spec {
	case RFC1738, RFC3986:
		return normalizeSchemeSafe
	case URLDraft1994:
		return NormalizeLowerTypecode
	case URLDraft1993, RFC1630:
		return NormalizeRemoveDefaultPath
	case WHATWG:
		return NormalizeRemoveLocalhost
	}
	return 0
}

// removeLocalHost is [NormalizeRemoveLocalhost]: b holds, from start on, the host and port
// of u as written; when that is the local host name of u's scheme (info.LocalHost, ASCII case
// ignored: RFC 1738 §3.1, a domain name) without a port, and u has no user information, the
// host is removed (RFC 1738 §3.10).
func (b *lazybuf) removeLocalHost(start int, u URL, opts NormalizeFlags, info SchemeInfo) {
	if opts&NormalizeRemoveLocalhost == 0 || info.LocalHost == "" {
		return
	}
	if _, ok := u.Userinfo(); ok {
		return
	}
	if b.w-start != len(info.LocalHost) {
		return
	}
	for i := 0; i < len(info.LocalHost); i++ {
		c := byte(0)
		if b.buf == nil {
			c = b.s[start+i]
		} else {
			c = b.buf[start+i]
		}
		if lowerByte(c) != lowerByte(info.LocalHost[i]) {
			return
		}
	}
	b.replaceSince(start, "")
}

// schemePathSteps applies to p, u's path as [lazybuf.path] wrote it, the path steps of opts:
// the typecode steps first (so that a path "/a/;type=d" becomes "/a/" before
// [NormalizeRemoveTrailingSlash] looks at it), then [pathSteps], then the typecode steps and
// the steps at the path's end ([tailSteps]) again until they change nothing (so that the
// typecode a removed "/" or index file leaves last is read too: "/a;type=I/" becomes
// "/a;type=i", "/pub/;type=D/" "/pub", and the steps stay idempotent), then
// [NormalizeRemoveDefaultPath] (so that "/./1" and "//1" become "/1" before it looks). rest
// is what the output holds after the path: a query there starts with "?".
func schemePathSteps(u URL, p, rest string, opts NormalizeFlags, info SchemeInfo, known bool, w *pathBuf, noSlash bool) string {
	noQuery := rest == "" || rest[0] != '?'
	typecode := info.Typecode && noQuery && opts&(NormalizeLowerTypecode|NormalizeRemoveDirectoryTypecode) != 0
	if typecode {
		p, _ = typecodeSteps(p, opts)
	}
	p = pathSteps(u, p, opts, emptyPathSlash(info, known), w)
	for typecode {
		q, changed := typecodeSteps(p, opts)
		if !changed {
			break
		}
		p = tailSteps(q, opts) // each round but the last shortens p (lowering changes it once)
	}
	if opts&NormalizeRemoveDefaultPath != 0 && info.DefaultPath != "" && noQuery &&
		u.flags&hasAuthority != 0 && len(p) == 1+len(info.DefaultPath) && p[0] == '/' &&
		p[1:] == info.DefaultPath {
		p = "/" // RFC 1738 §3.4.1: the gophertype defaults to "1"
		if noSlash {
			p = "" // the 1993 URL draft: a "/" needs a gtype after it (gopheraddress)
		}
	}
	return p
}

// typecodeSteps applies [NormalizeLowerTypecode] and [NormalizeRemoveDirectoryTypecode] to
// the path p, which may end in ";type=<typecode>" (RFC 1738 §3.2.2), and reports whether
// that changed it. A typecode holds no "/", so only the last segment is read.
func typecodeSteps(p string, opts NormalizeFlags) (string, bool) {
	seg := lastSlash(p) + 1
	i := strings.LastIndex(p[seg:], ";type=")
	if i < 0 || !isTypecode(p[seg+i+len(";type="):]) {
		return p, false
	}
	i += seg
	t := p[i+len(";type="):]
	if opts&NormalizeRemoveDirectoryTypecode != 0 && len(t) == 1 && t[0]|0x20 == 'd' && i > 0 && p[i-1] == '/' {
		return p[:i], true // the 1994 URL draft, FTP: the "/" suffix lists the directory
	}
	if opts&NormalizeLowerTypecode != 0 {
		if l := lowerASCII(t); l != t {
			return p[:i+len(";type=")] + l, true // RFC 959 §5.3
		}
	}
	return p, false
}

// isTypecode reports whether t is a typecode as package scheme reads it after ";type=":
// RFC 1738 §5 ftptype, one of A, I, D, a, i, d; or the 1994 URL draft's ftptype = A formcode
// | E formcode | I | L digits, formcode = N | T | C (RFC 959 §5.3.2 <type-code> with the
// space omitted), in either case, "E" alone included.
func isTypecode(t string) bool {
	switch {
	case len(t) == 1:
		switch t[0] | 0x20 {
		case 'a', 'i', 'd', 'e':
			return true
		}
		return false
	case len(t) == 2 && (t[0]|0x20 == 'a' || t[0]|0x20 == 'e'):
		switch t[1] | 0x20 {
		case 'n', 't', 'c':
			return true
		}
		return false
	case len(t) >= 2 && t[0]|0x20 == 'l':
		for i := 1; i < len(t); i++ {
			if t[i] < '0' || t[i] > '9' {
				return false
			}
		}
		return true
	}
	return false
}
