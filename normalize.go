package locator

import (
	"sort"
	"strconv"
	"strings"
	"unsafe"

	"github.com/locator-url/locator/pct"
)

// Normalization (RFC 3986 §6) with named options.

// NormalizeFlags selects the steps [Normalize] applies, as bits. The names follow the
// well-known normalizers (Go's purell, Python's url-normalize, the Internet Archive's
// urlcanon); each step says what it may change. Three groups are defined:
// [NormalizeSafe] (semantics-preserving by RFC 3986 §6.2.2 and §6.2.3), [NormalizeUsually]
// (also what preserves the meaning in practice) and [NormalizeAggressive] (may change
// meaning). The zero value applies nothing.
type NormalizeFlags uint32

// The normalization steps.
const (
	// NormalizeLowerScheme lower-cases the scheme (RFC 3986 §6.2.2.1; RFC 1738 §2.1).
	// Never changes meaning.
	NormalizeLowerScheme NormalizeFlags = 1 << iota
	// NormalizeLowerHost lower-cases the host: a reg-name or an IP literal up to its zone
	// ID (RFC 3986 §6.2.2.1; RFC 6874 §2 keeps the zone's case). Never changes meaning.
	NormalizeLowerHost
	// NormalizeUpperEscapes writes the hex digits of every escape in upper case ("%3a" →
	// "%3A", RFC 3986 §6.2.2.1). Never changes meaning.
	NormalizeUpperEscapes
	// NormalizeDecodeUnreserved decodes the escapes of unreserved characters ALPHA DIGIT "-"
	// "." "_" "~" ("%7E" → "~", RFC 3986 §6.2.2.2). Never changes meaning; it may turn
	// "%2E%2E" into a ".." segment, which NormalizeRemoveDotSegments then removes. Under
	// [NormalizeFor] with another spec it decodes what that spec lets stand unencoded (RFC
	// 1738: "~" stays encoded).
	NormalizeDecodeUnreserved
	// NormalizeEncodeUnsafe encodes raw bytes that must not appear unencoded (RFC 1738 §2.2:
	// space, "<", ">", <">, "{", "}", "|", "\", "^", "`", a "#" inside the fragment, "[" and
	// "]" outside an IP literal, octets 80–FF) as "%XX", so that "a b" and "a%20b" compare
	// equal. Never changes meaning (what it encodes was not a valid URL character). Under
	// [NormalizeFor] with RFC1738 or a draft it also encodes "~" (national, RFC 1738 §2.2)
	// and a reserved character that the scheme does not reserve where the component's RFC
	// 1738 §5 production holds it only encoded ("&" in a wais database).
	NormalizeEncodeUnsafe
	// NormalizeRemoveDotSegments removes "." and ".." segments from the path of a URL with a
	// scheme by RFC 3986 §5.2.4 remove_dot_segments (RFC 3986 §6.2.2.3), as [Resolve] does
	// to a reference with a scheme (RFC 3986 §5.2.2), so that Normalize and Resolve agree: a
	// rootless path is cleaned too ("urn:a/../b" → "urn:/b"), a ".." above the root is
	// dropped, and a result without an authority whose path would start with "//" gets "/."
	// before it ("foo:/a/..//b" → "foo:/.//b"; RFC 3986 §3.3: such a path "cannot begin with
	// two slash characters"). A relative reference keeps them: there they climb to a base
	// that is not known. Under [NormalizeFor] with [RFC1738] or [URLDraft1994], the path of a
	// known scheme other than ftp, http, https, file and afs (mailto, news, gopher, nntp, wais,
	// prospero, …) keeps them too: RFC 1738 §2.3 gives a hierarchy only to "some URL schemes
	// (such as the ftp, http, and file schemes)", so there "." and ".." are data; and under every spec but [RFC3986] and [WHATWG] a rootless path keeps them
	// (the older documents hold no generic path that starts with "/", which "a/../b" would
	// become).
	NormalizeRemoveDotSegments
	// NormalizeRemoveDefaultPort removes an empty port ("http://h:/") and a port equal to the
	// scheme's default ([LookupScheme], or [SchemeInfo.Normalize]'s own; "http://h:80/" →
	// "http://h/"), RFC 3986 §6.2.3, compared as a number ("http://h:080/" → "http://h/"); a
	// port it keeps loses its leading zeros ("http://h:08080/" → "http://h:8080/"): RFC 3986
	// §3.2.3 reads it as "a port number in decimal", RFC 1738 §3.1 as "the port number to
	// connect to", and the WHATWG URL Standard serializes the number.
	NormalizeRemoveDefaultPort
	// NormalizeEmptyPathSlash gives an empty path after an authority the path "/" for a scheme
	// with the common Internet scheme syntax (http, https, ftp, gopher, …; RFC 3986 §6.2.3:
	// "http://example.com" → "http://example.com/"; RFC 1738 §3.3).
	NormalizeEmptyPathSlash
	// NormalizeMailtoDomain lower-cases the domain of each address of a mailto: URL (RFC 3986
	// §6.2.3: "mailto:Joe@Example.COM" is "mailto:Joe@example.com"), and nothing else: the
	// local part keeps its case, as in that example. The addresses are read on the path with
	// its escapes decoded, after the other path steps: they are separated by "," (RFC 6068
	// §2 to = addr-spec *("," addr-spec); "%2C" too, as RFC 1738 §3.5 reserves nothing) that
	// is not in a quoted-string (RFC 822 §3.3, with its "\" quoted-pair), and the domain is
	// what follows the last "@" outside quotes. It is lower-cased (its raw ASCII letters) only
	// when it is a domain name: labels of letters, digits, "-" or bytes 80–FF (RFC 1034 §3.5;
	// RFC 6068 §2 item 4: an internationalized name percent-encoded), separated by ".", with
	// at most a final "." after them. So "mailto:%22A@B%22@Example.com" is
	// "mailto:%22A@B%22@example.com", "mailto:a@b%2CX" keeps its "X", and "mailto:a@b/C",
	// whose "b/C" is no domain name, is left as it is.
	NormalizeMailtoDomain

	// NormalizeRemoveEmptyQuery removes a "?" with nothing after it. RFC 3986 §6.2.3 says
	// "http://example.com/?" "cannot be assumed to be equivalent" to "http://example.com/";
	// for web servers it nearly always is.
	NormalizeRemoveEmptyQuery
	// NormalizeRemoveEmptyFragment removes a "#" with nothing after it (RFC 3986 §6.2.3 counts
	// it as a difference; no resource is affected). The URI draft and the 1993 URL draft,
	// "Fragment-id", make it the same as none, and [Canonical] applies it.
	NormalizeRemoveEmptyFragment
	// NormalizeDecodeIPv4 rewrites a host written as one to four numbers in decimal, octal
	// ("0" prefix) or hex ("0x") as a dotted quad, as inet_aton and the WHATWG URL Standard's
	// IPv4 parser read it ("0x7f.1" → "127.0.0.1", "2130706433" → "127.0.0.1"). By RFC 3986
	// such a host is a reg-name, so this changes meaning for a resolver that does not read it
	// as an address.
	NormalizeDecodeIPv4
	// NormalizeRemoveHostTrailingDot removes the final dots of a fully qualified host name
	// ("example.com." → "example.com"). A DNS resolver's search list may treat them apart.
	NormalizeRemoveHostTrailingDot

	// NormalizeRemoveFragment removes the fragment identifier. The resource is the same (RFC
	// 3986 §3.5: the fragment is resolved by the client), the part of it meant is lost.
	NormalizeRemoveFragment
	// NormalizeSortQuery sorts the "&"-separated pairs of the query by their bytes. Changes
	// meaning for servers to which the order matters.
	NormalizeSortQuery
	// NormalizeRemoveTrailingSlash removes the slashes that end a path other than "/"
	// ("/data/" → "/data"). RFC 3986 §6.2.4: these are equivalent only after a redirect.
	NormalizeRemoveTrailingSlash
	// NormalizeRemoveDuplicateSlashes replaces a run of slashes in the path with one
	// ("/a//b" → "/a/b"). Changes meaning: empty segments are segments.
	NormalizeRemoveDuplicateSlashes
	// NormalizeRemoveDirectoryIndex removes a last segment "index" or "default" (any case)
	// with an extension of one to four letters or digits ("/a/index.html" → "/a/",
	// "/a/Default.php5" → "/a/"), as purell does. Changes meaning unless the server maps the
	// directory to that file. A relative reference that is only the file keeps "./", its
	// base's directory ("index.html?x" → "./?x"): the empty reference would be the base
	// document itself (RFC 3986 §4.4).
	NormalizeRemoveDirectoryIndex
	// NormalizeRemoveWWW removes a leading "www." from the host. Unsafe: www.example.com
	// and example.com are different hosts that often, not always, serve the same content.
	NormalizeRemoveWWW
)

// The groups of normalization steps.
const (
	// NormalizeSafe is the syntax-based and scheme-based normalization of RFC 3986 §6.2.2
	// and §6.2.3: case, percent-encoding, dot-segments, default port, empty path, mailto
	// domains, plus encoding what must be encoded, and the scheme-level steps RFC 1738 supports
	// alone (file's "localhost", gopher's default type "1", the case of an ftp typecode: see
	// [NormalizeRemoveLocalhost]). It never changes which resource a URL
	// identifies, and it agrees with [Equivalent]: two URLs it maps to the same string are
	// equivalent.
	NormalizeSafe = NormalizeLowerScheme | NormalizeLowerHost | NormalizeUpperEscapes |
		NormalizeDecodeUnreserved | NormalizeEncodeUnsafe | NormalizeRemoveDotSegments |
		NormalizeRemoveDefaultPort | NormalizeEmptyPathSlash | NormalizeMailtoDomain |
		normalizeSchemeSafe
	// NormalizeUsually adds what preserves the meaning in practice though the RFC does not
	// promise it: an empty "?" or "#", numeric IPv4 hosts, a host's trailing dot, and
	// ";type=d" after an empty ftp name (the 1994 URL draft's "/" suffix).
	NormalizeUsually = NormalizeSafe | NormalizeRemoveEmptyQuery | NormalizeRemoveEmptyFragment |
		NormalizeDecodeIPv4 | NormalizeRemoveHostTrailingDot | NormalizeRemoveDirectoryTypecode
	// NormalizeAggressive adds what may change meaning, for deduplicating crawled URLs: the
	// fragment, the query's order, trailing and duplicate slashes, directory index files and
	// "www.".
	NormalizeAggressive = NormalizeUsually | NormalizeRemoveFragment | NormalizeSortQuery |
		NormalizeRemoveTrailingSlash | NormalizeRemoveDuplicateSlashes |
		NormalizeRemoveDirectoryIndex | NormalizeRemoveWWW
)

var normalizeNames = []struct {
	f    NormalizeFlags
	name string
}{
	{NormalizeLowerScheme, "lower-scheme"},
	{NormalizeLowerHost, "lower-host"},
	{NormalizeUpperEscapes, "upper-escapes"},
	{NormalizeDecodeUnreserved, "decode-unreserved"},
	{NormalizeEncodeUnsafe, "encode-unsafe"},
	{NormalizeRemoveDotSegments, "remove-dot-segments"},
	{NormalizeRemoveDefaultPort, "remove-default-port"},
	{NormalizeEmptyPathSlash, "empty-path-slash"},
	{NormalizeMailtoDomain, "mailto-domain"},
	{NormalizeRemoveEmptyQuery, "remove-empty-query"},
	{NormalizeRemoveEmptyFragment, "remove-empty-fragment"},
	{NormalizeDecodeIPv4, "decode-ipv4"},
	{NormalizeRemoveHostTrailingDot, "remove-host-trailing-dot"},
	{NormalizeRemoveFragment, "remove-fragment"},
	{NormalizeSortQuery, "sort-query"},
	{NormalizeRemoveTrailingSlash, "remove-trailing-slash"},
	{NormalizeRemoveDuplicateSlashes, "remove-duplicate-slashes"},
	{NormalizeRemoveDirectoryIndex, "remove-directory-index"},
	{NormalizeRemoveWWW, "remove-www"},
}

// String returns the names of the steps in f joined by ",", or a group's name ("safe",
// "usually", "aggressive") when f is exactly that group, or "none": [ParseNormalizeFlags]
// reads each back. Bits that name no step are written last as one hexadecimal number
// ("0x80000000"), a form for debugging that names nothing and that ParseNormalizeFlags refuses;
// [NormalizeFlags.MarshalText] refuses such a value.
func (f NormalizeFlags) String() string {
	switch f {
	case 0:
		return "none"
	case NormalizeSafe:
		return "safe"
	case NormalizeUsually:
		return "usually"
	case NormalizeAggressive:
		return "aggressive"
	}
	s := ""
	for _, n := range normalizeNames {
		if f&n.f != 0 {
			if s != "" {
				s += ","
			}
			s += n.name
			f &^= n.f
		}
	}
	if f != 0 {
		if s != "" {
			s += ","
		}
		s += "0x" + strconv.FormatUint(uint64(f), 16)
	}
	return s
}

// normalizeDefined are the bits that name a step of normalizeNames.
func normalizeDefined() NormalizeFlags {
	var all NormalizeFlags
	for _, n := range normalizeNames {
		all |= n.f
	}
	return all
}

// MarshalText implements encoding.TextMarshaler: f as [NormalizeFlags.String] writes it, which
// [NormalizeFlags.UnmarshalText] reads back. A value with a bit that names no step has no such
// form (String's "0x…" would not read back): it is an [*Error] with code
// [CodeUnknownNormalize], as [Mode.MarshalText] refuses a Mode out of range.
func (f NormalizeFlags) MarshalText() ([]byte, error) {
	if f&^normalizeDefined() != 0 {
		return nil, &Error{Input: f.String(), Code: CodeUnknownNormalize, Rule: "locator normalization",
			Message: "bits that name no normalization step"}
	}
	return []byte(f.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with [ParseNormalizeFlags].
func (f *NormalizeFlags) UnmarshalText(text []byte) error {
	v, err := ParseNormalizeFlags(string(text))
	if err != nil {
		return err
	}
	*f = v
	return nil
}

// ParseNormalizeFlags reads a comma-separated list of group names ("safe", "usually",
// "aggressive", "none") and step names ("lower-host", "sort-query", …, as String writes
// them) and returns their union. An unknown name is an [*Error] with code
// [CodeUnknownNormalize].
func ParseNormalizeFlags(s string) (NormalizeFlags, error) {
	var f NormalizeFlags
	for len(s) > 0 {
		name := s
		rest := ""
		if i := indexByteStr(s, ','); i >= 0 {
			name, rest = s[:i], s[i+1:]
		}
		s = rest
		switch name {
		case "none", "":
			continue
		case "safe":
			f |= NormalizeSafe
			continue
		case "usually":
			f |= NormalizeUsually
			continue
		case "aggressive":
			f |= NormalizeAggressive
			continue
		}
		ok := false
		for _, n := range normalizeNames {
			if n.name == name {
				f |= n.f
				ok = true
			}
		}
		if !ok {
			return 0, &Error{Input: name, Code: CodeUnknownNormalize, Rule: "locator normalization",
				Message: "unknown normalization; want safe, usually, aggressive or a step name such as lower-host"}
		}
	}
	return f, nil
}

// Normalize returns u normalized by the steps in opts (see [NormalizeFlags] for what each
// does and may change), at the encoding level of RFC 3986 §6.2.2.2: it is [NormalizeFor] with
// [RFC3986], and decodes "%7E" to "~". For the level of RFC 1738 (where "~" is national and
// stays encoded) or of one of the drafts, call NormalizeFor with that spec; the comparison
// functions ([Canonical], [Equivalent]) are the RFC 1738 case. It returns u itself, without
// allocating, when no step changes it; otherwise the steps write into one buffer, which the
// result shares (the path steps rewrite the path in place): one allocation of about the
// input's length, and more only where escapes lengthen the URL or the query is sorted. It is
// idempotent for every set of steps. It works on
// the URL behind a "URL:" prefix and writes a "?" of the user information as "%3F", whatever
// opts (see [ParseAs]). The error is reserved for a result that does not parse, which the
// steps are built never to produce.
func Normalize(u URL, opts NormalizeFlags) (URL, error) {
	u = plain(u)
	if opts == 0 {
		return u, nil
	}
	info, known := schemeInfo(u)
	return normalizeWith(u, opts, info, known)
}

// normalizeWith is [Normalize] with the facts info of u's scheme (known false when there are
// none), for Normalize and [SchemeInfo.Normalize].
func normalizeWith(u URL, opts NormalizeFlags, info SchemeInfo, known bool) (URL, error) {
	if opts == 0 {
		return u, nil
	}
	out, changed := normalize(u, opts, &level3986, info, known)
	if !changed {
		return u, nil
	}
	v, err := Parse(out)
	if err != nil {
		return URL{}, &Error{Input: out, Code: CodeComposeFailed, Rule: "RFC 3986 §6",
			Message: "the normalized URL does not parse: " + err.Error()}
	}
	return v, nil
}

// normalize applies the steps in opts to u, the one mechanism behind [Normalize],
// [NormalizeFor], [EncodingLevel] and [Canonical]. NormalizeDecodeUnreserved decodes the
// escapes of the bytes of lv's set for each component, NormalizeEncodeUnsafe encodes the raw
// bytes of lv.enc ([levelFor]); info and known are u's scheme ([schemeInfo]). It returns the
// result and whether it differs from u's string, which it then shares without allocating.
func normalize(u URL, opts NormalizeFlags, lv *encLevel, info SchemeInfo, known bool) (string, bool) {
	dec := lv.path
	if opts&NormalizeDecodeUnreserved == 0 {
		// Nothing is decoded, and no reserved character encoded: the sets go, the rules stay.
		c := *lv
		c.user, c.host, c.path, c.query, c.frag, c.pathEnc, c.queryEnc = pct.Set{}, pct.Set{}, pct.Set{}, pct.Set{}, pct.Set{}, pct.Set{}, pct.Set{}
		lv = &c
		dec = pct.Set{}
	}
	b := lazybuf{s: u.s, enc: lv.enc}
	if sc := u.Scheme(); sc != "" {
		if opts&NormalizeLowerScheme != 0 {
			for i := 0; i < len(sc); i++ {
				b.add(lowerByte(sc[i]))
			}
		} else {
			b.addString(sc)
		}
		b.add(':')
	}
	if u.flags&hasAuthority != 0 {
		b.add('/')
		b.add('/')
		if ui, ok := u.Userinfo(); ok {
			b.level(ui, opts, lv.user, false)
			b.add('@')
		}
		hostStart := b.w
		hopts := opts
		if lv.hostAsWritten {
			hopts &^= NormalizeEncodeUnsafe
		}
		b.host(u.Host(), hopts, lv.host, lv.hostLetterFirst, lv.hostNumberEnd)
		if port, ok := u.Port(); ok {
			drop := false
			if opts&NormalizeRemoveDefaultPort != 0 {
				// RFC 3986 §6.2.3: an empty port, or the scheme's default, is removed.
				n, isNum := u.PortNumber()
				drop = port == "" || (known && info.DefaultPort != 0 && isNum && n == info.DefaultPort)
			}
			if !drop {
				if opts&NormalizeRemoveDefaultPort != 0 {
					// RFC 3986 §3.2.3: "a port number in decimal", whose value §6.2.3
					// compares with the default (above): leading zeros do not change it
					// ("08080" is port 8080, as the WHATWG URL Standard's port state reads
					// it; RFC 1738 §3.1: "The port number to connect to").
					for len(port) > 1 && port[0] == '0' && '0' <= port[1] && port[1] <= '9' {
						port = port[1:]
					}
				}
				b.add(':')
				b.addString(port)
			}
		}
		b.removeLocalHost(hostStart, u, opts, info) // RFC 1738 §3.10, compare_schemelevel.go
	}
	pathStart := b.w
	b.path(u, opts, dec, lv.pathEnc)
	pathEnd := b.w
	if q, ok := u.Query(); ok && (q != "" || opts&NormalizeRemoveEmptyQuery == 0 || keepEmptyQuery(u)) {
		b.add('?')
		qs := b.w
		b.levelEnc(q, opts, lv.query, lv.queryEnc, false)
		if opts&NormalizeSortQuery != 0 && !lv.searchWords {
			if w := b.since(qs); w != "" {
				if s := sortQuery(w); s != w {
					b.replaceSince(qs, s)
				}
			}
		}
	}
	if f, ok := u.Fragment(); ok && opts&NormalizeRemoveFragment == 0 &&
		(f != "" || opts&NormalizeRemoveEmptyFragment == 0) {
		b.add('#')
		// The fragment's syntax is the object type's, not the scheme's (the URI draft,
		// "Fragment-id"): lv.frag holds only RFC 3986 unreserved characters.
		b.level(f, opts, lv.frag, false)
	}
	out, changed := b.result()
	// The path steps that work on whole segments, on the path as written above, with the
	// scheme-level ones (compare_schemelevel.go).
	p := out[pathStart:pathEnd]
	popts := opts
	if lv.noPathSlash {
		// No "/" after the host but before a gtype (the drafts' telnetaddress and the 1993
		// draft's gopheraddress): the path is no hierarchy, and "/." is a gtype, not a dot.
		popts &^= NormalizeEmptyPathSlash | NormalizeRemoveDotSegments
	}
	if u.flags&(hasScheme|hasAuthority) == 0 && relativeHasColon(u) {
		// A relative reference with a ":" in it: the 1993 URL draft and the URI draft read a
		// ":" before the first "/" as the end of a scheme, so no step may take away the "/"
		// that stands before it ("00/?:" would become "00?:", the scheme "00?").
		popts &^= NormalizeRemoveDuplicateSlashes | NormalizeRemoveTrailingSlash | NormalizeRemoveDirectoryIndex
	}
	if lv.dotsRootedOnly && !hierPath1738(info, known) {
		// RFC 1738 §2.3: slashes are a hierarchy only in the schemes that have one; in the
		// others (a wais database/wtype/wpath, a gopher selector, a mail address) a run of
		// "/", a final "/" or an index name is data, under every older document.
		popts &^= NormalizeRemoveDuplicateSlashes | NormalizeRemoveTrailingSlash | NormalizeRemoveDirectoryIndex
	}
	if (lv.dotsHierarchical && !hierPath1738(info, known)) || (lv.dotsRootedOnly && (p == "" || p[0] != '/')) {
		popts &^= NormalizeRemoveDotSegments // RFC 1738 §2.3; see encLevel
	}
	if lv.firstElement && popts&NormalizeRemoveDotSegments != 0 && hasDotSeg(p) && firstElementEmpty(RemoveDotSegments(p, ModeRFC3986)) {
		popts &^= NormalizeRemoveDotSegments // the 1993 URL draft's wais database; see encLevel
	}
	w := pathBuf{out: out, buf: b.buf, ps: pathStart, pe: pathEnd}
	np := schemePathSteps(u, p, out[pathEnd:], popts, info, known, &w, lv.noPathSlash)
	if opts&NormalizeMailtoDomain != 0 && u.IsScheme("mailto") {
		// Last, on the path as the other steps leave it, so that the step is idempotent: no
		// later step can make another part of the path a domain.
		np = lowerMailtoDomains(np)
	}
	// RFC 3986 §3.3: without an authority the path "cannot begin with two slash characters"
	// ("foo:/a/..//b" would become "foo://b", with the host "b"): "/." goes before it, as
	// [Resolve] does (guardPath), and the WHATWG URL Standard's serializer.
	guard := u.flags&hasAuthority == 0 && len(np) >= 2 && np[0] == '/' && np[1] == '/'
	if w.dirty || guard || np != p {
		return w.splice(np, guard), true
	}
	return out, changed
}

// pathBuf is normalize's output while the path steps run: out, with the path at out[ps:pe],
// and buf, the buffer out shares when normalize allocated one (nil when out is the input's
// string). The steps that rewrite the path (collapseSlashes, dot-segment removal) write it
// at buf[ps:], in place when it is there, so that a normalization allocates one buffer, which
// becomes the result.
type pathBuf struct {
	out    string
	buf    []byte
	ps, pe int
	dirty  bool // buf[ps:] holds a rewritten path: out no longer holds it as written
}

// dst returns where a step writes a rewritten path no longer than p, buf[ps:ps] with room
// up to pe, and, when p lies there already, p's bytes, to read in place (the rules write no
// further than they have read); otherwise src is nil and the step reads p. Without a buffer
// of normalize's own, one is made with out's bytes before the path (the rest is added by
// splice) and room for "/.".
func (w *pathBuf) dst(p string) (dst, src []byte) {
	w.dirty = true
	if w.buf == nil {
		w.buf = make([]byte, w.ps, len(w.out)+2)
		copy(w.buf, w.out[:w.ps])
	}
	region := w.buf[w.ps:w.pe:w.pe]
	if len(p) > 0 && len(p) <= len(region) && unsafe.StringData(p) == &region[0] {
		return region[:0], region[:len(p)]
	}
	return region[:0], nil
}

// view returns r, which a step wrote at dst, as a string. The string shares buf: a later
// step rewrites it, so the steps keep only the last view.
func view(r []byte) string { return ownedString(r) }

// splice returns out with the path replaced by np, after "/." when guard: in buf when
// normalize owns one (np may be a view of buf's path, as a step left it), else in a new
// buffer.
func (w *pathBuf) splice(np string, guard bool) string {
	g := 0
	if guard {
		g = 2
	}
	rest := w.out[w.pe:]
	n := w.ps + g + len(np) + len(rest)
	if w.buf == nil || n > cap(w.buf) {
		b := make([]byte, 0, n)
		b = append(b, w.out[:w.ps]...)
		if guard {
			b = append(b, '/', '.')
		}
		b = append(append(b, np...), rest...)
		return ownedString(b)
	}
	// In buf: the rest moves first (its new place starts after np's, so it overwrites
	// neither np nor, moving right, anything still to move; copy is memmove), then np, then
	// "/.". When buf holds out, rest is a view of it, which is unchanged past pe.
	b := w.buf[:n]
	copy(b[w.ps+g+len(np):], rest)
	copy(b[w.ps+g:], np)
	if guard {
		b[w.ps], b[w.ps+1] = '/', '.'
	}
	return ownedString(b)
}

// hierPath1738 reports whether "/" in the path of a URL of the scheme whose facts are info
// (known false when there are none) separates the levels of a hierarchy by RFC 1738, so that
// "." and ".." can name them: RFC 1738 §2.3 names "the ftp, http, and file schemes" (§3.10:
// the file path "is a hierarchical directory path"), https is http's, and afs's is a file path
// (1994 URL draft, afsaddress). A path of another scheme of the table is not: a gopher
// selector, an nntp group and article, a wais database, a prospero hsoname ("no significance
// may be assumed", RFC 1738 §3.11), a mailto address. An unknown scheme (RFC 1738 §5
// otherurl) has the generic syntax, and a scheme a program describes is as its Hierarchical
// says.
func hierPath1738(info SchemeInfo, known bool) bool {
	if !known {
		return true
	}
	switch info.Name {
	case "ftp", "http", "https", "file", "afs":
		return true
	}
	if _, ok := definedSchemes[info.Name]; ok {
		return false
	}
	return info.Hierarchical
}

// lazybuf builds a string that is likely to equal s, allocating only from the first byte
// where it differs (the technique of path.Clean).
type lazybuf struct {
	s   string
	buf []byte
	w   int
	enc *encTable // what NormalizeEncodeUnsafe encodes
}

func (b *lazybuf) add(c byte) {
	if b.buf == nil {
		if b.w < len(b.s) && b.s[b.w] == c {
			b.w++
			return
		}
		b.buf = make([]byte, b.w, len(b.s)+16)
		copy(b.buf, b.s[:b.w])
	}
	b.buf = append(b.buf, c)
	b.w++
}

func (b *lazybuf) addString(t string) {
	if b.buf == nil && b.w+len(t) <= len(b.s) && b.s[b.w:b.w+len(t)] == t {
		b.w += len(t) // the common case: the output still equals the input
		return
	}
	for i := 0; i < len(t); i++ {
		b.add(t[i])
	}
}

func (b *lazybuf) addEscape(v byte) {
	const upperhex = "0123456789ABCDEF"
	b.add('%')
	b.add(upperhex[v>>4])
	b.add(upperhex[v&15])
}

// since returns what was written from offset start on.
func (b *lazybuf) since(start int) string {
	if b.buf == nil {
		return b.s[start:b.w]
	}
	return string(b.buf[start:])
}

// replaceSince replaces what was written from offset start on with t.
func (b *lazybuf) replaceSince(start int, t string) {
	if b.buf != nil {
		b.buf = b.buf[:start]
	}
	b.w = start
	b.addString(t)
}

// result returns the string built and whether it differs from s. A string built in buf
// shares it: nothing writes to buf afterwards but normalize's path steps ([pathBuf]).
func (b *lazybuf) result() (string, bool) {
	if b.buf == nil {
		return b.s[:b.w], b.w != len(b.s)
	}
	return ownedString(b.buf), true
}

func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// schemeInfo returns the table's facts of u's scheme ([LookupScheme]) without allocating for
// a known lower- or upper-case name.
func schemeInfo(u URL) (SchemeInfo, bool) {
	sc := u.Scheme()
	if sc == "" {
		return SchemeInfo{}, false
	}
	var buf [32]byte
	if len(sc) <= len(buf) {
		for i := 0; i < len(sc); i++ {
			c := sc[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf[i] = c
		}
		if info, ok := knownScheme(string(buf[:len(sc)])); ok {
			return info, true
		}
		if len(sc) <= 2 || buf[0] != 'x' || buf[1] != '-' {
			return SchemeInfo{}, false
		}
	}
	return LookupScheme(sc)
}

// level writes t with the percent-encoding steps of opts: an escape of a byte in dec is
// decoded (NormalizeDecodeUnreserved, RFC 3986 §6.2.2.2), other escapes get upper-case hex
// digits (NormalizeUpperEscapes, RFC 3986 §6.2.2.1), and a raw byte of b.enc is encoded
// (NormalizeEncodeUnsafe, RFC 1738 §2.2: [mustEncode] at the RFC 3986 level, and "~" too at
// the RFC 1738 and drafts' level). With lower, letters (raw or decoded) are
// lower-cased, for components that are case-insensitive (RFC 3986 §6.2.2.1 host).
func (b *lazybuf) level(t string, opts NormalizeFlags, dec pct.Set, lower bool) {
	b.levelEnc(t, opts, dec, pct.Set{}, lower)
}

// levelEnc is level that also encodes the raw bytes of more (with NormalizeEncodeUnsafe):
// the reserved characters that a scheme does not reserve but whose RFC 1738 §5 production
// wants encoded in this component ([encLevel].pathEnc).
func (b *lazybuf) levelEnc(t string, opts NormalizeFlags, dec, more pct.Set, lower bool) {
	if opts&NormalizeEncodeUnsafe == 0 {
		more = pct.Set{}
	}
	var mask uint8
	if opts&(NormalizeUpperEscapes|NormalizeDecodeUnreserved|NormalizeEncodeUnsafe) != 0 {
		mask |= levelEscape
	}
	if lower {
		mask |= levelUpper
	}
	plain := true // nothing to decode, encode or lower-case: copy t as it is
	if mask != 0 {
		tab := &b.enc.tab
		if more.IsEmpty() {
			for i := 0; i < len(t); i++ {
				if tab[t[i]]&mask != 0 {
					plain = false
					break
				}
			}
		} else {
			for i := 0; i < len(t); i++ {
				if tab[t[i]]&mask != 0 || more.Contains(t[i]) {
					plain = false
					break
				}
			}
		}
	}
	if plain {
		b.addString(t)
		return
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c == '%' && i+2 < len(t) {
			if v, ok := pct.Unhex(t[i+1], t[i+2]); ok {
				switch {
				case dec.Contains(v): // RFC 3986 §6.2.2.2
					if lower {
						v = lowerByte(v)
					}
					b.add(v)
				case opts&NormalizeUpperEscapes != 0: // RFC 3986 §6.2.2.1
					b.addEscape(v)
				default:
					b.addString(t[i : i+3])
				}
				i += 2
				continue
			}
		}
		if opts&NormalizeEncodeUnsafe != 0 && (b.enc.set.Contains(c) || more.Contains(c)) {
			b.addEscape(c) // RFC 1738 §2.2
			continue
		}
		if lower {
			c = lowerByte(c)
		}
		b.add(c)
	}
}

// host writes the host h with the host steps of opts (letterFirst and numberEnd: see
// [encLevel].hostLetterFirst and hostNumberEnd).
func (b *lazybuf) host(h string, opts NormalizeFlags, dec pct.Set, letterFirst, numberEnd bool) {
	if len(h) > 0 && h[0] == '[' {
		// RFC 3986 §3.2.2 IP-literal: lower-case up to a zone ID ("%25", RFC 6874 §2, the
		// ZoneID is case-sensitive).
		end := len(h)
		for i := 0; i < len(h); i++ {
			if h[i] == '%' {
				end = i
				break
			}
		}
		b.level(h[:end], 0, pct.Set{}, opts&NormalizeLowerHost != 0)
		b.addString(h[end:])
		return
	}
	start := b.w
	b.level(h, opts, dec, opts&NormalizeLowerHost != 0)
	const steps = NormalizeRemoveHostTrailingDot | NormalizeDecodeIPv4 | NormalizeRemoveWWW
	if opts&steps == 0 {
		return
	}
	w := b.since(start)
	h = w
	if opts&NormalizeRemoveHostTrailingDot != 0 {
		t := h
		for len(t) > 1 && t[len(t)-1] == '.' {
			t = t[:len(t)-1]
		}
		if len(t) != len(h) && !(numberEnd && endsInNumber(t)) {
			h = t
		}
	}
	// "www." goes before the IPv4 forms are read, so that "www.0" becomes "0.0.0.0" in one
	// pass (Normalize is idempotent).
	for opts&NormalizeRemoveWWW != 0 && wwwRemovable(h) && (!letterFirst || isAlphaByte(h[4])) {
		h = h[4:] // every leading "www.", so that the step is idempotent ("www.www.a.b")
	}
	if opts&NormalizeDecodeIPv4 != 0 {
		if v, ok := parseIPv4Forms(h); ok {
			var ip [15]byte
			if f := formatIPv4(ip[:0], v); string(f) != h {
				h = string(f)
			}
		}
	}
	if h != w {
		b.replaceSince(start, h)
	}
}

// endsInNumber is the WHATWG URL Standard's "ends in a number checker" (§3.5) on the domain
// h: its last label, after one final empty label is dropped, is ASCII digits, or "0x" or
// "0X" and hex digits (the IPv4 number parser's forms); then the host parser reads h as IPv4.
func endsInNumber(h string) bool {
	if n := len(h); n > 0 && h[n-1] == '.' {
		h = h[:n-1]
	}
	last := h[lastIndexByteStr(h, '.')+1:]
	if last == "" {
		return false
	}
	digits := true
	for i := 0; i < len(last); i++ {
		if last[i] < '0' || last[i] > '9' {
			digits = false
			break
		}
	}
	if digits {
		return true
	}
	if len(last) < 2 || last[0] != '0' || last[1]|0x20 != 'x' {
		return false
	}
	for i := 2; i < len(last); i++ {
		if c := last[i]; !('0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f') {
			return false
		}
	}
	return true
}

// lastIndexByteStr returns the index of the last c in s, or -1.
func lastIndexByteStr(s string, c byte) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// isAlphaByte reports whether c is an ASCII letter.
func isAlphaByte(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// relativeHasColon reports whether u, a relative reference, has a ":" before its fragment (the
// fragment, which a step may remove, does not count, so that the steps stay idempotent).
func relativeHasColon(u URL) bool {
	s := u.s
	if f, ok := u.Fragment(); ok {
		s = s[:len(s)-len(f)-1]
	}
	return strings.IndexByte(s, ':') >= 0
}

// keepEmptyQuery reports whether [NormalizeRemoveEmptyQuery] keeps the "?" of u: when nothing
// but the scheme stands before it ("cid:?"), removing it would leave "scheme:", which no
// document allows (RFC 1738 §2.1: a scheme-specific part follows the colon).
func keepEmptyQuery(u URL) bool {
	return u.flags&hasAuthority == 0 && u.Path() == ""
}

// wwwRemovable reports whether [NormalizeRemoveWWW] takes "www." (any case) off the host h:
// only when what is left is still a domain name of two labels or more whose last label starts
// with a letter (RFC 1738 §3.1 and §5 toplabel; RFC 1123 §2.1: a top-level domain is
// alphabetic), so that "www.com" and "www.08" are kept ("com" and "08" would name another
// host, or none), and that does not start with "[", which would make it an IP-literal (RFC
// 3986 §3.2.2): "www.[.a" is kept ("[.a" is no host a parser takes).
func wwwRemovable(h string) bool {
	if len(h) <= 4 || lowerByte(h[0]) != 'w' || lowerByte(h[1]) != 'w' || lowerByte(h[2]) != 'w' || h[3] != '.' || h[4] == '[' {
		return false
	}
	rest := h[4:]
	if n := len(rest); n > 0 && rest[n-1] == '.' {
		rest = rest[:n-1] // an absolute domain name's final dot
	}
	dot := -1
	for i := len(rest) - 1; i >= 0; i-- {
		if rest[i] == '.' {
			dot = i
			break
		}
	}
	if dot <= 0 || dot == len(rest)-1 {
		return false
	}
	c := rest[dot+1]
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// path writes u's path with the percent-encoding steps of opts (enc: see levelEnc);
// [pathSteps] and [lowerMailtoDomains] do the rest.
func (b *lazybuf) path(u URL, opts NormalizeFlags, dec, enc pct.Set) {
	p := u.Path()
	switch {
	case u.flags&(hasScheme|hasAuthority) == 0 && indexByteStr(p[:firstSegEnd(p)], ':') >= 0:
		// RFC 3986 §4.2: the first segment of a relative-path reference may not hold ":".
		// Where it does (as data), it is kept as written: decoding could make the ":" end a
		// scheme ("%61:b" would become the URL "a:b"), and encoding could unmake one that an
		// older document reads there (the 1994 URL draft's scheme is ialpha, so 'a"b:x' has
		// the scheme 'a"b', and 'a%22b:x' none).
		e := firstSegEnd(p)
		b.levelEnc(p[:e], opts&^(NormalizeDecodeUnreserved|NormalizeEncodeUnsafe|NormalizeUpperEscapes), pct.Set{}, pct.Set{}, false)
		b.levelEnc(p[e:], opts, dec, enc, false)
	default:
		b.levelEnc(p, opts, dec, enc, false)
	}
}

// parseIPv4Forms reads a host as inet_aton and the WHATWG URL Standard's "IPv4 parser" and
// "IPv4 number parser" do: one to four parts separated by ".", each decimal, octal (leading
// "0") or hex ("0x"); the last part fills the remaining bytes. A single trailing "." is
// allowed.
func parseIPv4Forms(h string) (uint32, bool) {
	if h == "" {
		return 0, false
	}
	if h[len(h)-1] == '.' {
		h = h[:len(h)-1]
	}
	var parts [4]uint64
	n := 0
	for {
		i := indexByteStr(h, '.')
		p := h
		if i >= 0 {
			p = h[:i]
		}
		if n == 4 || p == "" {
			return 0, false
		}
		v, ok := parseIPv4Part(p)
		if !ok {
			return 0, false
		}
		parts[n] = v
		n++
		if i < 0 {
			break
		}
		h = h[i+1:]
	}
	var ip uint64
	for i := 0; i < n-1; i++ {
		if parts[i] > 255 {
			return 0, false
		}
		ip |= parts[i] << (8 * (3 - i))
	}
	last := parts[n-1]
	if last >= 1<<(8*(5-n)) {
		return 0, false
	}
	return uint32(ip | last), true
}

func parseIPv4Part(p string) (uint64, bool) {
	base := uint64(10)
	switch {
	case len(p) >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'):
		base, p = 16, p[2:]
		if p == "" {
			return 0, true // "0x" is zero (WHATWG IPv4 number parser)
		}
	case len(p) >= 2 && p[0] == '0':
		base, p = 8, p[1:]
	}
	var v uint64
	for i := 0; i < len(p); i++ {
		c := p[i]
		var d uint64
		switch {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case base == 16 && 'a' <= c|0x20 && c|0x20 <= 'f':
			d = uint64(c|0x20-'a') + 10
		default:
			return 0, false
		}
		if d >= base {
			return 0, false
		}
		v = v*base + d
		if v > 1<<32 {
			return 0, false
		}
	}
	return v, true
}

// formatIPv4 appends the dotted quad of v (RFC 3986 §3.2.2 dec-octet "." …).
func formatIPv4(out []byte, v uint32) []byte {
	for i := 3; i >= 0; i-- {
		out = strconv.AppendUint(out, uint64(v>>(8*i)&255), 10)
		if i > 0 {
			out = append(out, '.')
		}
	}
	return out
}

// pathSteps applies the path steps of opts that work on whole segments to p, u's path as
// [lazybuf.path] wrote it; hier says that u's scheme has the common Internet scheme syntax.
// The steps that rewrite the path do it in w's buffer ([pathBuf.dst]); the "/." that a
// path starting with "//" without an authority needs is normalize's to add.
func pathSteps(u URL, p string, opts NormalizeFlags, hier bool, w *pathBuf) string {
	hasAuth := u.flags&hasAuthority != 0
	if u.flags&(hasScheme|hasAuthority) == 0 && indexByteStr(p[:firstSegEnd(p)], ':') >= 0 {
		// A relative reference whose first segment holds ":" (RFC 3986 §4.2 forbids it) is
		// what an older document may read as a scheme: "0://A" has the scheme "0" and the
		// host "A" for a reader of the 1993 URL draft's ialpha. Its path is kept as written.
		return p
	}
	if opts&NormalizeRemoveDuplicateSlashes != 0 && strings.Contains(p, "//") {
		if d, src := w.dst(p); src != nil {
			p = view(collapseSlashes(d, src))
		} else {
			p = view(collapseSlashes(d, p))
		}
	}
	if opts&NormalizeRemoveDotSegments != 0 && u.flags&hasScheme != 0 && hasDotSeg(p) {
		// RFC 3986 §6.2.2.3: "URI normalizers should remove dot-segments by applying the
		// remove_dot_segments algorithm to the path" (§5.2.4), the path of any URL with a
		// scheme, rootless or not, as §5.2.2 does for a reference with a scheme.
		if d, src := w.dst(p); src != nil {
			p = view(appendDots3986(d, src))
		} else {
			p = view(appendDots3986(d, p))
		}
	}
	if opts&(NormalizeRemoveDirectoryIndex|NormalizeRemoveTrailingSlash) != 0 {
		q := tailSteps(p, opts)
		if q == "" && p != "" && u.flags&(hasScheme|hasAuthority) == 0 {
			// A relative reference "index.html" names its base's directory, which the empty
			// reference does not: it is the base itself (RFC 3986 §4.4, same-document
			// reference; §5.2.2 keeps the base's path). "./" is the directory (§5.4.1
			// "./" → "http://a/b/c/"), and "." too once trailing slashes are removed.
			q = tailSteps("./", opts)
		}
		p = q
	}
	if opts&NormalizeEmptyPathSlash != 0 && p == "" && hasAuth && hier {
		p = "/" // RFC 3986 §6.2.3; RFC 1738 §3.3
	}
	return p
}

// tailSteps applies [NormalizeRemoveDirectoryIndex] and [NormalizeRemoveTrailingSlash] to p
// until neither changes it, so that the steps are idempotent: each can bring to the end of
// the path what the other removes ("/index.html/" loses its "/", then its index file, and
// "/a/index.html/default.htm" both files). Each round but the last shortens p, and reads no
// more than the last segment and what it removes, so the time stays linear.
func tailSteps(p string, opts NormalizeFlags) string {
	for {
		n := len(p)
		if opts&NormalizeRemoveDirectoryIndex != 0 {
			p = removeDirectoryIndex(p)
		}
		for opts&NormalizeRemoveTrailingSlash != 0 && len(p) > 1 && p[len(p)-1] == '/' {
			p = p[:len(p)-1]
		}
		if len(p) == n {
			return p
		}
	}
}

// lowerMailtoDomains is [NormalizeMailtoDomain] on p, the path of a mailto: URL: the raw
// ASCII letters of each address's domain that is a domain name are lower-cased. It returns
// p itself when none is upper-case; the time is linear in len(p).
func lowerMailtoDomains(p string) string {
	var out []byte // a copy of p, made at the first letter lowered
	for start := 0; start <= len(p); {
		end, sep, at := mailtoAddress(p, start)
		if at >= 0 && isMailDomain(p[at:end]) {
			for i := at; i < end; {
				c, n := mailUnit(p, i)
				if n == 1 && 'A' <= c && c <= 'Z' { // an escape keeps its hex digits' case
					if out == nil {
						out = []byte(p)
					}
					out[i] = c + 'a' - 'A'
				}
				i += n
			}
		}
		if sep == 0 {
			break
		}
		start = end + sep
	}
	if out == nil {
		return p
	}
	return ownedString(out)
}

// mailUnit returns the byte that p[i:] starts with, decoded when it is an escape, and the
// number of bytes it takes.
func mailUnit(p string, i int) (byte, int) {
	if p[i] == '%' && i+2 < len(p) {
		if v, ok := pct.Unhex(p[i+1], p[i+2]); ok {
			return v, 3
		}
	}
	return p[i], 1
}

// mailtoAddress reads the address of a mailto: path p that starts at start, decoded: it
// ends at the first "," (raw or "%2C") outside a quoted-string, or at the end of p (RFC 6068
// §2 to = addr-spec *("," addr-spec)). A quoted-string runs from a '"' to the next '"' not
// after a "\" (RFC 822 §3.3 quoted-string and quoted-pair). It returns the address's end, the
// length of the "," after it (0 at the end of p), and where the domain starts, after the last
// "@" outside quotes (-1 when there is none).
func mailtoAddress(p string, start int) (end, sep, at int) {
	at = -1
	quoted, escaped := false, false
	for i := start; i < len(p); {
		c, n := mailUnit(p, i)
		switch {
		case quoted && escaped:
			escaped = false
		case quoted && c == '\\':
			escaped = true
		case quoted:
			quoted = c != '"'
		case c == '"':
			quoted = true
		case c == '@':
			at = i + n
		case c == ',':
			return i, n, at
		}
		i += n
	}
	return len(p), 0, at
}

// isMailDomain reports whether d, decoded, is a domain name whose case [NormalizeMailtoDomain]
// may change: labels of ASCII letters, digits and "-" (RFC 1034 §3.5 preferred name syntax),
// or bytes 80–FF (RFC 6068 §2 item 4: UTF-8 of an internationalized name), separated by ".",
// and at most a final "." (RFC 1034 §3.1: an absolute name).
func isMailDomain(d string) bool {
	label, labels := 0, 0
	for i := 0; i < len(d); {
		c, n := mailUnit(d, i)
		switch {
		case c == '.':
			if label == 0 {
				return false
			}
			label, labels = 0, labels+1
		case 'a' <= c|0x20 && c|0x20 <= 'z', '0' <= c && c <= '9', c == '-', c >= 0x80:
			label++
		default:
			return false
		}
		i += n
	}
	return label > 0 || labels > 0
}

// firstElementEmpty reports whether the rooted path p has no first element: "", "/", or
// "//…" (an empty one).
func firstElementEmpty(p string) bool {
	return len(p) <= 1 || p[1] == '/'
}

func firstSegEnd(p string) int {
	if i := indexByteStr(p, '/'); i >= 0 {
		return i
	}
	return len(p)
}

// collapseSlashes appends to dst the path p with each run of slashes replaced by one
// (purell's FlagRemoveDuplicateSlashes). dst may be p[:0]: it writes no further than it
// has read.
func collapseSlashes[S ~string | ~[]byte](dst []byte, p S) []byte {
	for i := 0; i < len(p); i++ {
		if p[i] == '/' && len(dst) > 0 && dst[len(dst)-1] == '/' {
			continue
		}
		dst = append(dst, p[i])
	}
	return dst
}

// removeDirectoryIndex removes a last segment "index.EXT" or "default.EXT" (any case, EXT
// one to four letters or digits), as purell's FlagRemoveDirectoryIndex.
func removeDirectoryIndex(p string) string {
	i := lastSlash(p)
	seg := p[i+1:]
	dot := indexByteStr(seg, '.')
	if dot < 0 {
		return p
	}
	name, ext := seg[:dot], seg[dot+1:]
	if !equalFoldASCII(name, "index") && !equalFoldASCII(name, "default") {
		return p
	}
	if len(ext) < 1 || len(ext) > 4 {
		return p
	}
	for j := 0; j < len(ext); j++ {
		if c := ext[j] | 0x20; !('a' <= c && c <= 'z') && !('0' <= ext[j] && ext[j] <= '9') {
			return p
		}
	}
	return p[:i+1]
}

// sortQuery sorts the "&"-separated pairs of q by their bytes (purell's FlagSortQuery, the
// surt package's query_alpha_reorder). It returns q itself when they are sorted already.
func sortQuery(q string) string {
	prev, start := "", 0
	for i := 0; i <= len(q); i++ {
		if i == len(q) || q[i] == '&' {
			pair := q[start:i]
			if start > 0 && pair < prev {
				return joinSortedPairs(q)
			}
			prev, start = pair, i+1
		}
	}
	return q
}

// joinSortedPairs returns the "&"-separated pairs of q sorted by their bytes and joined
// with "&".
func joinSortedPairs(q string) string {
	n := 1
	for i := 0; i < len(q); i++ {
		if q[i] == '&' {
			n++
		}
	}
	pairs := make([]string, 0, n)
	start := 0
	for i := 0; i <= len(q); i++ {
		if i == len(q) || q[i] == '&' {
			pairs = append(pairs, q[start:i])
			start = i + 1
		}
	}
	sort.Strings(pairs)
	out := make([]byte, 0, len(q))
	for i, p := range pairs {
		if i > 0 {
			out = append(out, '&')
		}
		out = append(out, p...)
	}
	return string(out)
}

// plain returns u as the functions that build URLs (Normalize, EncodingLevel, Canonical,
// Equivalent, Resolve, Relative, SURT, NetURL) take it: the URL behind its "URL:" prefix
// (the prefix marks a URL in context, RFC 1738 Appendix, and is not compared: a normal form
// is one string for all the URLs that are the same), with each "?" of its user information
// (RFC 1738 §5, [URL.LoginRFC1738]) written "%3F". A "?" needs no encoding there by RFC 1738
// §5, and "%3F" means the same (§2.2: characters "may be encoded ... as long as they are not
// being used for a reserved purpose"), but RFC 3986 §3.2 and [Parse] end the authority at an
// unencoded "?": written so, the result is read alike by every spec, and [Parse] reads it.
// It returns u itself, without allocating, when u has neither.
func plain(u URL) URL {
	u = u.WithoutPrefix()
	if u.flags&hasLogin1738 == 0 {
		return u
	}
	a, h := u.authStart(), u.hostStart
	b := make([]byte, 0, len(u.s)+2*strings.Count(u.s[a:h], "?"))
	b = append(b, u.s[:a]...)
	for i := a; i < h; i++ {
		if c := u.s[i]; c == '?' {
			b = append(b, "%3F"...)
		} else {
			b = append(b, c)
		}
	}
	b = append(b, u.s[h:]...)
	v, err := Parse(string(b))
	if err != nil {
		return u // cannot happen: only "?" changed, into a well-formed escape
	}
	return v
}
