package locator

import (
	"strconv"
	"sync/atomic"
)

// Resolution of references against a base, one rule per specification.
//
// Resolving a partial form (RFC 1630, the 1993 URL draft), a relative URL (RFC 1808) or a
// relative reference (RFC 2396, RFC 3986) is where the specifications disagree most, so
// [Resolve] takes a [Mode] that names the rule it applies, and each rule is applied as its
// text says. The README of testdata/rfc has a table of the inputs where they part ways.

// Mode names a specification's rule for resolving a reference against a base URL (and for
// removing dot-segments, making relative references and comparing). The zero value is
// ModeRFC3986, the default.
type Mode uint8

// The resolution modes.
const (
	// ModeRFC3986 is RFC 3986 §5.2 (strict): §5.2.2 transform references, §5.2.3 merge paths,
	// §5.2.4 remove_dot_segments. A reference with a scheme is absolute, even "http:g". The
	// default.
	ModeRFC3986 Mode = iota
	// ModeRFC3986Compat is RFC 3986 §5.2.2 for a non-strict parser (§5.4.2 "for backward
	// compatibility"): a reference whose scheme equals the base's (ignoring case) is read as
	// if it had none, so "http:g" against "http://a/b/c/d;p?q" is "http://a/b/c/g".
	ModeRFC3986Compat
	// ModeRFC2396 is RFC 2396 §5.2 steps 1–7: "?y" replaces the last segment
	// ("http://a/b/c/?y"), an empty reference or "#s" is the current document, an absolute
	// path is not cleaned of dot-segments, and ".." above the root is kept (step 6g).
	ModeRFC2396
	// ModeRFC1808 is RFC 1808 §4 steps 1–7: ";params" are not part of the path (§2.4.5), an
	// empty reference is the whole base, fragment included (step 2a), an absolute path is
	// taken as it is (step 4) and ".." above the root is kept ("http://a/../g", §5.2).
	ModeRFC1808
	// ModeURLDraft is the 1993 URL draft, "Partial form": a reference with "//" gives the
	// host, one with a leading "/" an absolute path; otherwise the last part of the context's
	// path is replaced and "/xxx/.." and "/." are removed (see [RemoveDotSegments]).
	ModeURLDraft
	// ModeRFC1630 is the partial form of the URI draft that became RFC 1630 (uri-draft-www,
	// "Partial (relative) form"): a reference starting with N slashes keeps the context "up
	// to (but not including) the first occurrence of exactly the same number of consecutive
	// slashes"; otherwise the last part of the path is replaced and "xxx/../" and "/." are
	// removed. Its printed examples come out as printed: "/g" in the context
	// "magic://a/b/c//d/e/f" is "magic://a/g".
	ModeRFC1630
	// ModeRFC1630Published is the rule as RFC 1630 was published, which adds to the slash
	// rule "which has no greater number of consecutive slashes anywhere to the right of it":
	// "/g" in "magic://a/b/c//d/e/f" is "magic://a/b/c//d/g" (Berners-Lee's reading in
	// Fielding's 1998 test pages; RFC 1630's own example says otherwise).
	ModeRFC1630Published
	// ModeWHATWG is the WHATWG URL Standard. The root package does not implement it (it
	// never imports its subpackages): package github.com/locator-url/locator/whatwg
	// registers its parser with [RegisterResolver] when it is imported. Until then [Resolve]
	// returns an [*Error] with code [CodeNotImplemented].
	ModeWHATWG
)

var modeNames = [...]string{
	ModeRFC3986:          "rfc3986",
	ModeRFC3986Compat:    "rfc3986-compat",
	ModeRFC2396:          "rfc2396",
	ModeRFC1808:          "rfc1808",
	ModeURLDraft:         "url-draft",
	ModeRFC1630:          "rfc1630",
	ModeRFC1630Published: "rfc1630-published",
	ModeWHATWG:           "whatwg",
}

// String returns the mode's name, as ParseMode accepts it ("rfc3986", "rfc1808", …).
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return "mode(" + strconv.Itoa(int(m)) + ")"
}

// MarshalText implements encoding.TextMarshaler: the mode's name. A value out of range has
// none ("mode(8)" would not read back with [Mode.UnmarshalText]): it is an [*Error] with code
// [CodeUnknownMode], as [Spec.MarshalText] refuses a Spec out of range.
func (m Mode) MarshalText() ([]byte, error) {
	if int(m) >= len(modeNames) {
		return nil, &Error{Input: m.String(), Code: CodeUnknownMode, Rule: "locator modes",
			Message: "no such resolution mode"}
	}
	return []byte(modeNames[m]), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with [ParseMode].
func (m *Mode) UnmarshalText(text []byte) error {
	v, err := ParseMode(string(text))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// Modes returns every mode, in the order of the constants: RFC 3986 first, WHATWG last.
func Modes() []Mode {
	out := make([]Mode, len(modeNames))
	for i := range out {
		out[i] = Mode(i)
	}
	return out
}

// ParseMode returns the Mode named name: "rfc3986", "rfc3986-compat", "rfc2396", "rfc1808",
// "url-draft", "rfc1630", "rfc1630-published" or "whatwg". The empty name is the default,
// ModeRFC3986. An unknown name is an [*Error] with code [CodeUnknownMode].
func ParseMode(name string) (Mode, error) {
	if name == "" {
		return ModeRFC3986, nil
	}
	for i, n := range modeNames {
		if n == name {
			return Mode(i), nil
		}
	}
	msg := "unknown resolution mode; want one of"
	for i, n := range modeNames {
		if i > 0 {
			msg += ","
		}
		msg += " " + n
	}
	return 0, &Error{Input: name, Code: CodeUnknownMode, Rule: "locator modes", Message: msg}
}

func modeError(m Mode, input string) error {
	if m == ModeWHATWG {
		return &Error{Input: input, Code: CodeNotImplemented, Rule: "WHATWG URL Standard",
			Message: "not yet implemented: no resolver is registered for whatwg; import github.com/locator-url/locator/whatwg to register it, or use rfc3986 or rfc3986-compat"}
	}
	return &Error{Input: input, Code: CodeUnknownMode, Rule: "locator modes",
		Message: "unknown resolution mode " + m.String()}
}

// Resolver resolves the reference ref against the base URL base, both given as written, and
// returns the result's serialization. It is how a mode implemented outside this package
// plugs into [Resolve]; see [RegisterResolver].
type Resolver func(base, ref string) (string, error)

// whatwgResolver is the resolver registered for ModeWHATWG, or nil.
var whatwgResolver atomic.Pointer[Resolver]

// RegisterResolver makes r the rule of mode for [Resolve]. Only [ModeWHATWG] can be
// registered: the root package implements every other mode itself, and never imports its
// subpackages, so the WHATWG parser (package github.com/locator-url/locator/whatwg) calls
// RegisterResolver(ModeWHATWG, ...) in its init function. A program that imports that
// package gets a working ModeWHATWG; one that does not gets an [*Error] with code
// [CodeNotImplemented]. Registering again replaces the resolver; a nil r unregisters it.
// RegisterResolver is safe for concurrent use, and returns an [*Error] with code
// [CodeUnknownMode] for any other mode.
func RegisterResolver(mode Mode, r Resolver) error {
	if mode != ModeWHATWG {
		return &Error{Input: mode.String(), Code: CodeUnknownMode, Rule: "locator modes",
			Message: "only the whatwg mode can be registered"}
	}
	if r == nil {
		whatwgResolver.Store(nil)
		return nil
	}
	whatwgResolver.Store(&r)
	return nil
}

// resolveRegistered resolves ref against base with the resolver registered for mode.
func resolveRegistered(base, ref URL, mode Mode) (URL, error) {
	r := whatwgResolver.Load()
	if mode != ModeWHATWG || r == nil {
		return URL{}, modeError(mode, ref.s)
	}
	s, err := (*r)(base.s, ref.s)
	if err != nil {
		return URL{}, err
	}
	return Parse(s)
}

// Resolve returns the target of ref resolved against base by the rule of mode. Unless ref has
// a scheme, the base must have one (RFC 3986 §5.1; RFC 1808 §4 step 1), or Resolve returns an
// [*Error] with code [CodeBaseNotAbsolute]. ModeWHATWG uses the resolver registered with
// [RegisterResolver] (the whatwg package's parser: its errors are returned as they are, and
// the href it gives is parsed with [Parse], which fails for the few hrefs beyond it, such as a
// "%" not followed by two hex digits); without one it returns an [*Error] with code
// [CodeNotImplemented].
//
// Each mode follows its text (see the Mode constants); what they share:
//
//   - a reference with a scheme is absolute and returned as it is, except that RFC 3986
//     removes its dot-segments (§5.2.2) and ModeRFC3986Compat reads a scheme equal to the
//     base's as absent. The scheme is read by the mode's text: RFC 3986 §3.1 (and RFC 2396
//     §3.1) a letter first, as [Parse] reads it; RFC 1808 §2.4.2 any alphanumerics, "+", "."
//     and "-" before the first ":" ("1a:b", "+a:b"); the 1993 URL draft and the URI draft of
//     RFC 1630 a full form, "a colon ... before any slash characters" ("a_b:c"), and before
//     the "?" of a search and the "#" of a fragment-id ("g?x:y" is a partial form);
//   - when the base has an authority and an empty path, a merged relative path gets a leading
//     "/" (RFC 3986 §5.2.3; RFC 1808 §2.4.6 and RFC 2396 §3 make that slash part of the
//     syntax, so "http://a" and "g" give "http://a/g" in every mode);
//   - a result without an authority whose path would start with "//" gets "/." before it, so
//     that the path is not read as an authority (RFC 3986 §3.3: "the path cannot begin with two
//     slash characters"; the WHATWG URL Standard does the same).
//
// The base and the reference are taken without a "URL:" prefix, a "?" of their user
// information written "%3F" (RFC 1738 §5; see [ParseAs] and [Normalize]). In every mode
// their components are those [Parse] reads (RFC 3986 §3: the scheme starts with a letter,
// the authority ends at the first "/", "?" or "#"), but for the scheme of a reference, read
// by the mode's text (above): a base "1a:/b" has no scheme even under ModeRFC1808, whose
// §2.4.2 reads one in "1a:b". RFC 1808 §2.4.3 reads a net_loc up to the next "/" alone (its
// BNF: net_loc = *( pchar | ";" | "?" )), so that "http://a?q" would have the net_loc "a?q"
// and no query, and "//?y" the net_loc "?y"; ModeRFC1808 reads the host "a" and the query
// "q", and "//?y" as an empty net_loc (inherited, §4 step 3) with the query "y".
//
// The result is a parsed URL. Resolve does not allocate when the result is one of its inputs
// (an absolute reference already in the mode's resolved form, the base, or the base without
// its fragment), and allocates once otherwise: the result's string, or, for a long one, the
// buffer of about the inputs' length that it is composed and cleaned of dot-segments in, and
// then shares.
func Resolve(base, ref URL, mode Mode) (URL, error) {
	base, ref = plain(base), plain(ref)
	if mode >= ModeWHATWG {
		return resolveRegistered(base, ref, mode)
	}
	if base.flags&hasScheme == 0 && !refAbsolute(ref, mode) {
		// A reference with a scheme needs no base (RFC 3986 §5.2.2; RFC 1808 §4 step 1:
		// without a base "the embedded URL is interpreted as an absolute URL"), the scheme as
		// the mode's text reads it (refAbsolute).
		return URL{}, &Error{Input: base.s, Code: CodeBaseNotAbsolute, Rule: "RFC 3986 §5.1",
			Message: "the base URL has no scheme; a base must be absolute"}
	}
	if resolveBound(base, ref) > resolveStack {
		// A long result is composed in one buffer of the most it can take (compose reserves
		// it when it does not return an input), which becomes the result's string: one
		// allocation, of about the inputs' length.
		r, b, done := compose(nil, base, ref, mode)
		if done {
			return r, nil
		}
		return finishResolveOwned(b, base)
	}
	var arr [resolveStack]byte
	r, b, done := compose(arr[:0], base, ref, mode)
	if done {
		return r, nil
	}
	return finishResolve(b, base)
}

// reserve returns b with room for what compose may write for ref against base
// ([resolveBound]), so that composing grows no buffer: one allocation at most.
func reserve(b []byte, base, ref URL) []byte {
	if n := resolveBound(base, ref); cap(b)-len(b) < n {
		nb := make([]byte, len(b), len(b)+n)
		copy(nb, b)
		return nb
	}
	return b
}

// resolveStack is the size of the stack buffer of a short resolution.
const resolveStack = 256

// resolveBound is the most bytes compose writes for ref against base under any mode: every
// rule takes each byte of the result from one of the inputs (the scheme and authority of one
// of them, the merged path from the base's directory and the reference's path, the query and
// fragment of one of them), removing dot-segments writes no byte it has not read, and
// guardPath adds "/." (two bytes) and cancelDots a "/" it then trims (one).
func resolveBound(base, ref URL) int { return len(base.s) + len(ref.s) + 3 }

// compose is Resolve for a mode below ModeWHATWG and a base or reference with a scheme,
// without the final parse: either the result is one of the inputs (done), or its
// serialization is appended to b. [Relative] compares the bytes with its target and parses
// nothing it does not keep.
func compose(b []byte, base, ref URL, mode Mode) (URL, []byte, bool) {
	switch mode {
	case ModeRFC3986, ModeRFC3986Compat:
		if r, ok := resolve3986Fast(base, ref, mode == ModeRFC3986Compat); ok {
			return r, b, true
		}
		b = reserve(b, base, ref)
		b = resolve3986(b, base, ref, mode == ModeRFC3986Compat)
	case ModeRFC2396:
		if r, ok := resolve2396Fast(base, ref); ok {
			return r, b, true
		}
		b = reserve(b, base, ref)
		b = resolve2396(b, base, ref)
	case ModeRFC1808:
		if ref.s == "" {
			// RFC 1808 §4 step 2a: "If the embedded URL is entirely empty, it inherits the
			// entire base URL (i.e., is set equal to the base URL)".
			return base, b, true
		}
		if refAbsolute(ref, mode) {
			return ref, b, true // RFC 1808 §4 step 2b, the scheme read by §2.4.2
		}
		b = reserve(b, base, ref)
		b = resolve1808(b, base, ref)
	case ModeURLDraft:
		if refAbsolute(ref, mode) {
			// 1993 URL draft, "Partial form": "If the scheme parts are different, the whole
			// absolute locator must be given"; a full form has a colon before any slash
			// (fullFormDraft1993), so "a_b:c" is one.
			return ref, b, true
		}
		b = reserve(b, base, ref)
		b = resolveURLDraft(b, base, ref)
	case ModeRFC1630, ModeRFC1630Published:
		if refAbsolute(ref, mode) {
			// uri-draft-www "Partial (relative) form": "If the scheme parts are different, the
			// whole absolute URI must be given"; a full form has a colon before any slash
			// (fullForm1630), so "a_b:c" is one.
			return ref, b, true
		}
		b = reserve(b, base, ref)
		b = resolve1630(b, base, ref, mode == ModeRFC1630Published)
	}
	return URL{}, b, false
}

// refAbsolute reports whether ref has a scheme as mode's text reads one, and so is resolved
// to itself (or, under RFC 3986, to itself without dot-segments) whatever the base. [Parse]
// reads a scheme by RFC 3986 §3.1 (a letter, then letters, digits, "+", "-" and "."), which
// every mode's reading includes; the older texts read more:
//   - RFC 1808 §2.4.2: "If the parse string contains a colon ":" after the first character
//     and before any characters not allowed as part of a scheme name (i.e., any not an
//     alphanumeric, plus "+", period ".", or hyphen "-")", the scheme is what comes before
//     it: "1a:b" and "+a:b" are absolute (its BNF: scheme = 1*( alpha | digit | "+" | "-" |
//     "." )), "a_b:c" and ":b" are not;
//   - the 1993 URL draft and the URI draft of RFC 1630, "Partial form": "a full form must
//     have a colon and that colon must occur before any slash characters", whatever the
//     characters before it ("a_b:c", "1a:b"; the drafts' checkers then judge the scheme
//     name), read as the checkers of package scheme split a URL (internal/syntax
//     SplitDraft1993 and SplitRFC1630): after the fragment-id's "#" nothing counts, nor
//     after the "?" of a search (the 1993 URL draft's generic = scheme : path [ ? search ],
//     the URI draft's uri = scheme : path [ ? search ]: no scheme holds a "?", so a ":" after
//     one is in a search, and "g?x:y" is the partial form g with the search x:y).
func refAbsolute(ref URL, mode Mode) bool {
	if ref.flags&hasScheme != 0 {
		return true
	}
	switch mode {
	case ModeRFC1808:
		return scheme1808(ref.s)
	case ModeURLDraft:
		return fullFormDraft1993(ref.s)
	case ModeRFC1630, ModeRFC1630Published:
		return fullForm1630(ref.s)
	}
	return false
}

// scheme1808 reports whether s starts with a scheme by RFC 1808 §2.4.2: a ":" after the first
// character, and before it only alphanumerics, "+", "." and "-".
func scheme1808(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == ':' {
			return i > 0
		} else if !schemeTab[c] {
			return false
		}
	}
	return false
}

// fullFormDraft1993 reports whether s is a full form by the 1993 URL draft, "Partial form": a
// ":" before any "/" (and before the "#" of a fragment-id, fragmentaddress = url [ "#"
// fragmentid ], and the "?" of a search, generic = scheme : path [ ? search ]: "a full form
// must have a colon" before them, and no scheme, ialpha, holds "?" or "#").
func fullFormDraft1993(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ':':
			return true
		case '/', '?', '#':
			return false
		}
	}
	return false
}

// fullForm1630 reports whether s is a full form by the URI draft of RFC 1630, "Partial
// (relative) form": a ":" before any "/", and before the "?" of a search and the "#" of a
// fragment-id (fragmentaddress = uri [ # fragmentid ], uri = scheme : path [ ? search ]).
func fullForm1630(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ':':
			return true
		case '/', '?', '#':
			return false
		}
	}
	return false
}

// Resolve resolves ref against u by RFC 3986 §5.2 (strict): Resolve(u, ref, ModeRFC3986).
func (u URL) Resolve(ref URL) (URL, error) { return Resolve(u, ref, ModeRFC3986) }

// finishResolve parses the composed result, reusing base when the result is base or base
// without its fragment (no allocation).
func finishResolve(b []byte, base URL) (URL, error) {
	if string(b) == base.s {
		return base, nil
	}
	if wf := base.WithoutFragment(); string(b) == wf.s {
		return wf, nil
	}
	s := string(b)
	u, err := Parse(s)
	if err != nil {
		return URL{}, &Error{Input: s, Code: CodeComposeFailed, Rule: "RFC 3986 §5.3",
			Message: "the resolved reference does not parse: " + errMessage(err)}
	}
	return u, nil
}

// finishResolveOwned is finishResolve for a buffer b that Resolve allocated and nothing else
// holds: the result's string shares it.
func finishResolveOwned(b []byte, base URL) (URL, error) {
	if string(b) == base.s {
		return base, nil
	}
	if wf := base.WithoutFragment(); string(b) == wf.s {
		return wf, nil
	}
	s := ownedString(b)
	u, err := Parse(s)
	if err != nil {
		return URL{}, &Error{Input: s, Code: CodeComposeFailed, Rule: "RFC 3986 §5.3",
			Message: "the resolved reference does not parse: " + errMessage(err)}
	}
	return u, nil
}

// appendHead appends the base's scheme and ":", and "//" and its authority when it has one
// (RFC 3986 §5.3: the result's scheme and authority come from the base).
func appendHead(b []byte, base URL) []byte {
	b = append(b, base.s[:base.schemeEnd+1]...)
	if base.flags&hasAuthority != 0 {
		b = append(b, base.s[base.schemeEnd+1:base.pathStart]...)
	}
	return b
}

// guardPath inserts "/." before a path that starts at b[ps:] with "//" in a result without
// an authority (RFC 3986 §3.3: such a path "cannot begin with two slash characters").
func guardPath(b []byte, ps int, hasAuth bool) []byte {
	if hasAuth || len(b)-ps < 2 || b[ps] != '/' || b[ps+1] != '/' {
		return b
	}
	b = append(b, 0, 0)
	copy(b[ps+2:], b[ps:len(b)-2])
	b[ps], b[ps+1] = '/', '.'
	return b
}

// appendMerged appends the merge of the base path (RFC 3986 §5.2.3: basePath up to its
// right-most "/", see [baseDir]) and refPath, with its dot-segments removed by the rule of
// mode (RFC 1808's rule is RFC 2396's on a path without ";params"). The merged path is
// appended to b and cleaned where it stands ([removeDotsInPlace]).
func appendMerged(b []byte, base URL, basePath, refPath string, mode Mode) []byte {
	ps := len(b)
	b = append(append(b, baseDir(base, basePath)...), refPath...)
	if len(b) == cap(b) {
		b = append(b, 0)[:len(b)] // the byte cancelDots may write after the last segment
	}
	return removeDotsInPlace(b, ps, mode)
}

// baseDir returns the base path "excluding any characters after the right-most "/"" (RFC 3986
// §5.2.3), or "/" when the base has an authority and an empty path.
func baseDir(base URL, path string) string {
	if base.flags&hasAuthority != 0 && path == "" {
		return "/" // RFC 3986 §5.2.3, first case
	}
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			return path[:i+1]
		}
	}
	return ""
}

func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// refScheme3986 reports whether ref's scheme is to be honoured: RFC 3986 §5.2.2, "if
// ((not strict) and (R.scheme == Base.scheme)) then undefine(R.scheme)".
func refScheme3986(base, ref URL, compat bool) bool {
	if ref.flags&hasScheme == 0 {
		return false
	}
	return !compat || !equalFoldASCII(ref.Scheme(), base.Scheme())
}

// resolve3986Fast returns the result without composing when it is one of the inputs.
func resolve3986Fast(base, ref URL, compat bool) (URL, bool) {
	if refScheme3986(base, ref, compat) {
		// RFC 3986 §5.2.2: T.path = remove_dot_segments(R.path).
		if !hasDotSeg(ref.Path()) {
			return ref, true
		}
		return URL{}, false
	}
	if compat && ref.flags&(hasScheme|hasAuthority) == hasScheme|hasAuthority &&
		ref.s[:ref.schemeEnd] == base.s[:base.schemeEnd] && !hasDotSeg(ref.Path()) {
		// §5.2.2 for a non-strict parser, the scheme written as the base's: T.scheme =
		// Base.scheme, then T.authority = R.authority, T.path = remove_dot_segments(R.path),
		// T.query = R.query: the reference itself, as the strict rule gives it.
		return ref, true
	}
	if ref.s == "" || (compat && ref.flags&hasScheme != 0 && len(ref.s) == int(ref.schemeEnd)+1) {
		// RFC 3986 §5.2.2: R.path == "" and R.query undefined: T.path = Base.path,
		// T.query = Base.query; T.fragment = R.fragment (undefined).
		return base.WithoutFragment(), true
	}
	return URL{}, false
}

// resolve3986 appends the target of ref: RFC 3986 §5.2.2 with §5.2.3 and §5.2.4, recomposed
// by §5.3.
func resolve3986(b []byte, base, ref URL, compat bool) []byte {
	if refScheme3986(base, ref, compat) {
		// T.scheme = R.scheme; T.authority = R.authority; T.path = remove_dot_segments(R.path);
		// T.query = R.query.
		b = append(b, ref.s[:ref.pathStart]...)
		ps := len(b)
		b = appendDots3986(b, ref.Path())
		b = guardPath(b, ps, ref.flags&hasAuthority != 0)
		return append(b, ref.s[ref.queryStart:]...)
	}
	rs := uint32(0) // where ref's components after its (ignored) scheme start
	if ref.flags&hasScheme != 0 {
		rs = ref.schemeEnd + 1
	}
	// T.scheme = Base.scheme
	b = append(b, base.s[:base.schemeEnd+1]...)
	if ref.flags&hasAuthority != 0 {
		// T.authority = R.authority; T.path = remove_dot_segments(R.path); T.query = R.query
		b = append(b, ref.s[rs:ref.pathStart]...)
		b = appendDots3986(b, ref.Path())
		return append(b, ref.s[ref.queryStart:]...)
	}
	hasAuth := base.flags&hasAuthority != 0
	if hasAuth {
		b = append(b, base.s[base.schemeEnd+1:base.pathStart]...) // T.authority = Base.authority
	}
	ps := len(b)
	path := ref.Path()
	switch {
	case path == "":
		// T.path = Base.path; T.query = R.query if defined, else Base.query.
		b = append(b, base.s[base.pathStart:base.queryStart]...)
		if ref.flags&hasQuery != 0 {
			return append(b, ref.s[ref.queryStart:]...)
		}
		b = append(b, base.s[base.queryStart:base.fragStart]...)
		return append(b, ref.s[ref.fragStart:]...)
	case path[0] == '/':
		b = appendDots3986(b, path) // T.path = remove_dot_segments(R.path)
	default:
		// T.path = merge(Base.path, R.path) (§5.2.3); T.path = remove_dot_segments(T.path).
		b = appendMerged(b, base, base.Path(), path, ModeRFC3986)
	}
	b = guardPath(b, ps, hasAuth)
	return append(b, ref.s[ref.queryStart:]...) // T.query = R.query; T.fragment = R.fragment
}

// resolve2396Fast: RFC 2396 §5.2 steps 2 and 3 without composing.
func resolve2396Fast(base, ref URL) (URL, bool) {
	if ref.flags&hasScheme != 0 {
		// Step 3: "the reference is interpreted as an absolute URI and we are done".
		return ref, true
	}
	if ref.s == "" {
		// Step 2: "If the path component is empty and the scheme, authority, and query
		// components are undefined, then it is a reference to the current document".
		return base.WithoutFragment(), true
	}
	return URL{}, false
}

// resolve2396 appends the target of ref by RFC 2396 §5.2 steps 2 and 4–7.
func resolve2396(b []byte, base, ref URL) []byte {
	path := ref.Path()
	if path == "" && ref.flags&(hasAuthority|hasQuery) == 0 {
		// Step 2: a reference to the current document, with the reference's fragment.
		b = append(b, base.s[:base.fragStart]...)
		return append(b, ref.s...)
	}
	if ref.flags&hasAuthority != 0 {
		// Step 4: a network-path; scheme inherited.
		b = append(b, base.s[:base.schemeEnd+1]...)
		return append(b, ref.s...)
	}
	b = appendHead(b, base)
	hasAuth := base.flags&hasAuthority != 0
	ps := len(b)
	if len(path) > 0 && path[0] == '/' {
		// Step 5: an absolute-path, taken as it is (no dot-segment removal).
		b = append(b, ref.s...)
		return guardPath(b, ps, hasAuth)
	}
	// Step 6 a)–b): all but the last segment of the base path, then the reference's path;
	// c)–g) remove the dot-segments, retaining unremovable "..".
	b = appendMerged(b, base, base.Path(), path, ModeRFC2396)
	b = guardPath(b, ps, hasAuth)
	return append(b, ref.s[ref.queryStart:]...) // step 7
}

// resolve1808 appends the target of ref by RFC 1808 §4 steps 2c–7 (the caller did 2a, 2b).
func resolve1808(b []byte, base, ref URL) []byte {
	if auth, ok := ref.Authority(); ok && auth != "" {
		// Step 3: "If the embedded URL's <net_loc> is non-empty, we skip to Step 7".
		b = append(b, base.s[:base.schemeEnd+1]...)
		return append(b, ref.s...)
	}
	// Step 3: "Otherwise, the embedded URL inherits the <net_loc> (if any) of the base URL."
	b = appendHead(b, base)
	hasAuth := base.flags&hasAuthority != 0
	ps := len(b)
	rest := ref.s[ref.pathStart:] // the path, params, query and fragment of the reference
	refPath, refParams := splitParams1808(ref.Path())
	if len(refPath) > 0 && refPath[0] == '/' {
		// Step 4: "If the embedded URL path is preceded by a slash "/", the path is not
		// relative and we skip to Step 7."
		b = append(b, rest...)
		return guardPath(b, ps, hasAuth)
	}
	basePath, baseParams := splitParams1808(base.Path())
	if refPath == "" {
		// Step 5: the embedded URL inherits the base URL path, and
		b = append(b, basePath...)
		if len(refParams) > 1 {
			// a) "if the embedded URL's <params> is non-empty, we skip to step 7". Params
			// follow a path, which after a net_loc starts with "/" (§2.2: net_path = "//"
			// net_loc [ abs_path ], abs_path = "/" rel_path): "http://a" and ";x" give
			// "http://a/;x", not the host "a;x".
			if hasAuth && basePath == "" {
				b = append(b, '/')
			}
			return append(b, rest...)
		}
		// a) "otherwise, it inherits the <params> of the base URL (if any)"
		b = append(b, baseParams...)
		if q, ok := ref.Query(); ok && q != "" {
			// b) "if the embedded URL's <query> is non-empty, we skip to step 7"
			return append(b, ref.s[ref.queryStart:]...)
		}
		// b) "otherwise, it inherits the <query> of the base URL (if any)"; the fragment is
		// the embedded URL's ("Fragment identifiers are only inherited from the base URL
		// when the entire embedded URL is empty").
		b = append(b, base.s[base.queryStart:base.fragStart]...)
		return append(b, ref.s[ref.fragStart:]...)
	}
	// Step 6: "The last segment of the base URL's path (anything following the rightmost
	// slash "/", or the entire path if no slash is present) is removed and the embedded
	// URL's path is appended in its place", then a)–d).
	b = appendMerged(b, base, basePath, refPath, ModeRFC1808)
	b = guardPath(b, ps, hasAuth)
	// Step 7: recombine with the embedded URL's params, query and fragment.
	return append(b, rest[len(refPath):]...)
}

// resolveURLDraft appends the target of ref by the 1993 URL draft, "Partial form".
func resolveURLDraft(b []byte, base, ref URL) []byte {
	if ref.flags&hasAuthority != 0 {
		// "If the host and/or port parts are the different, the host, port name and all the
		// rest of the locator must be given."
		b = append(b, base.s[:base.schemeEnd+1]...)
		return append(b, ref.s...)
	}
	path := ref.Path()
	if path == "" && ref.flags&hasQuery == 0 {
		// A void partial form (nothing, or a fragment only) names the context itself: the
		// draft's BNF puts "# fragmentid" outside the URL (fragmentaddress = url [#
		// fragmentid]), so there is no path to put in place of the last part.
		b = append(b, base.s[:base.fragStart]...)
		return append(b, ref.s...)
	}
	b = appendHead(b, base)
	hasAuth := base.flags&hasAuthority != 0
	ps := len(b)
	if len(path) > 0 && path[0] == '/' {
		// "If a leading slash is present, the path is absolute."
		b = append(b, ref.s...)
		return guardPath(b, ps, hasAuth)
	}
	// "The last part of the path of the context locator (anything following the rightmost
	// slash) is removed, and the given partial URL appended in its place", then "/xxx/.."
	// and "/." are removed.
	b = appendMerged(b, base, base.Path(), path, ModeURLDraft)
	b = guardPath(b, ps, hasAuth)
	return append(b, ref.s[ref.queryStart:]...)
}

// resolve1630 appends the target of ref by uri-draft-www (RFC 1630) "Partial (relative)
// form"; published selects the rule as RFC 1630 printed it.
func resolve1630(b []byte, base, ref URL, published bool) []byte {
	n := 0
	for n < len(ref.s) && ref.s[n] == '/' {
		n++
	}
	if n > 0 {
		// "If the partial URI starts with a non-zero number of consecutive slashes, then
		// everything from the context URI up to (but not including) the first occurrence of
		// exactly the same number of consecutive slashes [RFC 1630 adds: which has no greater
		// number of consecutive slashes anywhere to the right of it] is taken to be the same
		// and so prepended to the partial URL to form the full URL."
		//
		// The runs are looked for in the context before its "?" search part, which is not
		// hierarchical. The text does not say what happens when there is no such run. A run of
		// more slashes separates a larger part (the host after "//", a directory after "/"),
		// so: when every run of the context is shorter than N, only the scheme is kept (the
		// reference replaces everything); when a longer run exists but none qualifies, the
		// whole context is kept and the reference goes below it ("http://a" and "/g" give
		// "http://a/g").
		ctx := base.s[:base.queryStart]
		start := int(base.schemeEnd) + 1
		at := findSlashRun(ctx, start, n, published)
		if at < 0 {
			at = start
			if longestSlashRun(ctx[start:]) > n {
				at = len(ctx)
			}
		}
		b = append(b, ctx[:at]...)
		return append(b, ref.s...)
	}
	path := ref.Path()
	if path == "" && ref.flags&hasQuery == 0 {
		// A void partial URI (nothing, or "#fragment" only) names the context itself: the
		// fragment-id "follows the URL of the whole object" (uri-draft-www "Fragment-id").
		b = append(b, base.s[:base.fragStart]...)
		return append(b, ref.s...)
	}
	// "The last part of the path of the context URI (anything following the rightmost slash)
	// is removed, and the given partial URI appended in its place, and then: Within the
	// result, all occurrences of "xxx/../" or "/." are recursively removed".
	b = appendHead(b, base)
	hasAuth := base.flags&hasAuthority != 0
	ps := len(b)
	b = appendMerged(b, base, base.Path(), path, ModeRFC1630)
	b = guardPath(b, ps, hasAuth)
	return append(b, ref.s[ref.queryStart:]...)
}

// longestSlashRun returns the length of the longest run of slashes in s.
func longestSlashRun(s string) int {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '/' {
			run++
			if run > longest {
				longest = run
			}
		} else {
			run = 0
		}
	}
	return longest
}

// findSlashRun returns the index in s (from start) of the first run of exactly n slashes;
// with published, the first such run with no longer run anywhere to its right. -1 if none.
func findSlashRun(s string, start, n int, published bool) int {
	found := -1
	longestRight := 0 // when published: the longest run seen so far, scanning right to left
	if published {
		for i := len(s); i > start; {
			if s[i-1] != '/' {
				i--
				continue
			}
			j := i
			for j > start && s[j-1] == '/' {
				j--
			}
			if i-j == n && longestRight <= n {
				found = j // keep scanning left: the first (left-most) qualifying run wins
			}
			if i-j > longestRight {
				longestRight = i - j
			}
			i = j
		}
		return found
	}
	for i := start; i < len(s); {
		if s[i] != '/' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] == '/' {
			j++
		}
		if j-i == n {
			return i
		}
		i = j
	}
	return -1
}

// errMessage is err's message without its input: an [*Error]'s Message and offset (the
// caller's Error holds the input), so that one error's message does not quote another's
// input.
func errMessage(err error) string {
	if e, ok := err.(*Error); ok {
		return e.Message + " at offset " + strconv.Itoa(e.Offset)
	}
	return err.Error()
}
