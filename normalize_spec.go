package locator

import "github.com/locator-url/locator/pct"

// The encoding level of each specification (issue 9, item 3).
//
// Every document of the URL system says the same thing about escapes: a character may be
// written as "%" hex hex, an escape of a character that needs no encoding may be decoded, and a
// reserved character may never be encoded or decoded, as the two have different meanings (RFC
// 1738 §2.2; RFC 3986 §2.2, §6.2.2.2; the URI draft, "Reduced or increased safe character
// sets"; the 1993 URL draft, "Encoding prohibited characters"; the 1994 URL draft, "The
// reserved characters shall however never be arbitrarly encoded and decoded"). They differ in
// which characters need no encoding. The encoding level of a spec is the form in which every
// escape of a character that spec lets stand unencoded (in that component, in that scheme)
// is decoded, every raw character that spec wants encoded is encoded, and the rest is left
// as written; normalizing to it never makes a URL less valid under that spec.

// encTable is a set of bytes that the encoding level encodes when it finds them raw, with the
// table [lazybuf.level]'s fast path reads: "%" and the set (levelEscape), and the upper-case
// letters (levelUpper).
type encTable struct {
	set pct.Set
	tab [256]uint8
}

func newEncTable(set pct.Set) *encTable {
	t := &encTable{set: set}
	for c := 0; c < 256; c++ {
		if c == '%' || set.Contains(byte(c)) {
			t.tab[c] |= levelEscape
		}
		if 'A' <= c && c <= 'Z' {
			t.tab[c] |= levelUpper
		}
	}
	return t
}

var (
	// encode3986 is what RFC 3986 and the WHATWG URL Standard's serialization never leave
	// raw: [mustEncode] (RFC 1738 §2.2's unsafe characters without "~", which RFC 3986 §2.3
	// makes unreserved).
	encode3986 = newEncTable(mustEncode)
	// encodeOld is what RFC 1738 and the drafts it grew from never leave raw: RFC 1738 §2.2's
	// unsafe characters with "~" (national: "gateways and other transport agents are known to
	// sometimes modify such characters"; the 1994 URL draft and the URI draft, BNF: "The
	// "national" and "punctuation" characters do not appear in any productions"; the 1993 URL
	// draft, BNF syntax, lists "~" among the variant characters, which no production holds).
	// The drafts' extra holds <"> and the URI draft's and the 1993 draft's holds space, but
	// each of them lets a character "whose use, although technically allowed in a URL, would be
	// unwise" be encoded, and the URI draft, "Choices for a universal syntax", says "the
	// cannonical form for URIs has all white spaces encoded": both are encoded here, so that
	// one encoding level suits every one of these documents.
	encodeOld = newEncTable(pct.RFC1738Unsafe.Without("%"))
)

// encLevel is the encoding level of one spec for one URL: the bytes whose escapes are decoded
// in each component, and the raw bytes that are encoded: enc in every component, and pathEnc
// and queryEnc in the path and the query.
//
// hostAsWritten keeps the escapes and the raw characters of a host (reg-name) as they are
// but for the case of the hex digits: RFC 1738 §5 hostname holds neither an escape nor an
// unsafe character, so neither decoding nor encoding can make an invalid host valid, and
// either would only change what a checker reports.
type encLevel struct {
	user, host, path, query, frag pct.Set
	pathEnc, queryEnc             pct.Set
	enc                           *encTable
	hostAsWritten                 bool
	// noPathSlash: the spec's production for the scheme has no "/" after the host, so
	// [NormalizeEmptyPathSlash] must not add one: telnet, rlogin and tn3270 under the 1994
	// and 1993 URL drafts (telnetaddress ends with the hostport), gopher under both drafts
	// (the 1993 draft's gopheraddress = hostport [ "/" gtype [ selector ] ], the 1994 draft's
	// hostport [ "/" gtype [ gcommand ] ]: a "/" needs a gtype after it).
	noPathSlash bool
	// firstElement: the spec's production for the scheme needs a first path element after
	// the host's "/": the 1993 URL draft's waisaddress ("/ database", database = xalphas, at
	// least one character). A "." there is a database's name; [NormalizeRemoveDotSegments]
	// leaves a path whose dot segments would leave no first element ("wais://h/." would
	// become "wais://h/", which no waisaddress is) as it is.
	firstElement bool
	// hostLetterFirst: the spec's hostname starts with a letter (the 1994 and 1993 URL
	// drafts' hostname = ialpha [ "." hostname ]), so [NormalizeRemoveWWW] keeps "www." before
	// a label that starts otherwise ("www.3com.com").
	hostLetterFirst bool
	// searchWords: the spec's search is words joined by "+" (the 1993 URL draft's and the URI
	// draft's search = xalphas [ + search ]; the 1994 draft's likewise), not "&"-separated
	// pairs, so [NormalizeSortQuery] does not reorder it (sorting by "&" could leave an empty
	// word, which those grammars forbid).
	searchWords bool
	// dotsHierarchical: the spec gives "." and ".." their meaning only in the path of a
	// scheme that is hierarchical, so [NormalizeRemoveDotSegments] leaves the path of a known
	// scheme that is not ([hierPath1738]: mailto, news, gopher, …) as it is. RFC 1738
	// §2.3: "Some URL schemes (such as the ftp, http, and file schemes) contain names that can
	// be considered hierarchical"; the 1994 URL draft, Path, has the path "interpreted in a
	// manner dependent on the scheme being used", where "Generally" a "/" "denotes a level in
	// a hierarchical structure". The
	// 1993 URL draft and the URI draft ("Path") say of every scheme that slashes in a path
	// "must imply a hierarchical structure", with "." and ".." "reserved" (the URI draft,
	// "Hierarchical forms"), and RFC 3986 §6.2.2.3 cleans every path: for them it is false.
	dotsHierarchical bool
	// hostNumberEnd: the spec is the WHATWG URL Standard, whose host parser reads a domain
	// that "ends in a number" (its last label, after one final empty label, is decimal
	// digits or "0x" hex) as IPv4, and fails on one that is no IPv4 address ("a.9": URL
	// Standard §3.5, "ends in a number checker", IPv4 parser), so
	// [NormalizeRemoveHostTrailingDot] keeps the dots of "a.9.." (which the standard takes
	// as a domain), rather than make a host it parses otherwise or not at all.
	hostNumberEnd bool
	// dotsRootedOnly: [NormalizeRemoveDotSegments] leaves a rootless path ("foo:a/../b") as
	// it is. RFC 3986 §5.2.4 can make a rootless path start with "/" ("a/../b" → "/b"), which
	// the older documents do not let it do: the 1993 URL draft and the URI draft (BNF syntax:
	// "path void | xpalphas [ / path ]") hold no path of a generic URL that starts with "/",
	// and their partial forms never remove a first element not preceded by "/" (the 1993 URL
	// draft, Partial form: "/xxx/.." and "/."). True for every spec but RFC 3986 and WHATWG.
	dotsRootedOnly bool
}

// level3986 is the level of RFC 3986 §6.2.2.2 (and of [Normalize]): the escapes of unreserved
// characters are decoded in every component and scheme.
var level3986 = encLevel{user: pct.Unreserved, host: pct.Unreserved, path: pct.Unreserved,
	query: pct.Unreserved, frag: pct.Unreserved, enc: encode3986}

// The characters each older document lets stand unencoded (its "xalpha" without escape),
// less <"> and space (see [encodeOld]).
var (
	// unencoded1738 is RFC 1738 §5 unreserved: alpha | digit | safe | extra.
	unencoded1738 = pct.RFC1738Unreserved
	// unencoded1994 is the 1994 URL draft's xalpha (BNF): alpha | digit | safe | extra, with
	// safe "$ - _ @ . & +" and extra "! * " ' ( ) ,", less its reserved "= ; / # ? : space".
	unencoded1994 = pct.AlphaDigit.With("$-_@.&+!*'(),")
	// unencoded1993 is the 1993 URL draft's xalpha (BNF syntax): alpha digit safe extra, with
	// safe "$ - _ @ . &" and extra "! * " ' ( ) : ; , space"; the URI draft's (BNF syntax) is
	// the same. "+" is in neither xalpha: only a path's xpalpha holds it, and in a search it
	// separates words (the URI draft, "Query strings": "real plus signs must be encoded").
	unencoded1993 = pct.AlphaDigit.With("$-_@.&!*'():;,")
)

// levelCache holds levelFor's result for each spec and each scheme of the table (by name),
// and for a URL of no known scheme (unknownLevel), so that a URL's level is one lookup.
var (
	levelCache   [len(specNames)]map[string]*encLevel
	unknownLevel [len(specNames)]*encLevel
	// experimentalLevel is the level of every "x-" name that LookupScheme answers for (RFC
	// 1738 §4): their facts differ only in the name, which no level depends on.
	experimentalLevel [len(specNames)]*encLevel
)

func init() {
	for i := range levelCache {
		levelCache[i] = make(map[string]*encLevel, len(definedSchemes))
		for name, info := range definedSchemes {
			lv := levelFor(Spec(i), info, true)
			levelCache[i][name] = &lv
		}
		lv := levelFor(Spec(i), SchemeInfo{}, false)
		unknownLevel[i] = &lv
		x, _ := LookupScheme("x-x")
		xl := levelFor(Spec(i), x, true)
		experimentalLevel[i] = &xl
	}
}

// levelOf is levelFor, from levelCache when info is the table's (a program's own facts for a
// scheme, [SchemeInfo.Equivalent], are computed on each call).
func levelOf(spec Spec, info SchemeInfo, known bool) *encLevel {
	if int(spec) >= len(specNames) {
		spec = RFC1738
	}
	if !known {
		return unknownLevel[spec]
	}
	if lv, ok := levelCache[spec][info.Name]; ok && definedSchemes[info.Name].Reserved == info.Reserved {
		return lv
	}
	if x, ok := LookupScheme(info.Name); ok && x == info && x.Status == SchemeExperimental {
		return experimentalLevel[spec] // no allocation for "x-foo:" either (see Canonical)
	}
	lv := levelFor(spec, info, known)
	return &lv
}

// levelFor returns the encoding level of spec for a URL of the scheme whose facts are info
// (known false when there are none). A spec out of range gets the RFC 1738 level.
func levelFor(spec Spec, info SchemeInfo, known bool) encLevel {
	lv := levelFor0(spec, info, known)
	lv.dotsHierarchical = spec == RFC1738 || spec == URLDraft1994
	lv.dotsRootedOnly = spec != RFC3986 && spec != WHATWG
	lv.hostNumberEnd = spec == WHATWG
	switch spec {
	case URLDraft1994, URLDraft1993:
		lv.hostLetterFirst = true
		lv.searchWords = true
		switch info.Name {
		case "telnet", "rlogin", "tn3270":
			lv.noPathSlash = known
		case "gopher":
			lv.noPathSlash = known
		case "wais":
			lv.firstElement = known && spec == URLDraft1993
		}
	}
	return lv
}

// levelFor0 is levelFor without the fields it sets (dotsHierarchical … firstElement).
func levelFor0(spec Spec, info SchemeInfo, known bool) encLevel {
	if spec == RFC3986 || spec == WHATWG {
		return level3986
	}
	// The scheme's reserved characters stay encoded (RFC 1738 §2.2: "If the character
	// corresponding to an octet is reserved in a scheme, the octet must be encoded"), and so do
	// the generic delimiters ([structural]) in every scheme and spec. The table's reserved sets
	// come from RFC 1738 §3 and the 1994 URL draft; they are kept under the earlier drafts too,
	// which define the same schemes: a false "not equivalent" is the safe side.
	keep := reservedDefault
	if known && !info.Reserved.IsEmpty() {
		keep = info.Reserved
	}
	keep = keep.Union(structural)
	// The fragment's syntax is the object type's (the URI draft, "Fragment-id"): there only
	// what every document lets stand unencoded is decoded, alpha, digit, "-", ".", "_".
	frag := pct.AlphaDigit.With("-._")
	switch spec {
	case URLDraft1994:
		// The 1994 URL draft: xalpha, less its reserved "= ; / # ? : space" and, in a search,
		// "+", which "search = xalphas [ + search ]" makes a separator; and no more than RFC
		// 1738's level decodes in the component (RFC 1738 is the draft's later text, and a
		// character left encoded is valid under both).
		lv := level1738(info, known, keep, frag)
		r := pct.Of("=;/#?: ").Union(unencoded1994.Complement())
		lv.user, lv.path, lv.query = lv.user.Minus(r), lv.path.Minus(r), lv.query.Minus(r).Without("+")
		lv.pathEnc, lv.queryEnc = lv.pathEnc.Minus(r), lv.queryEnc.Minus(r)
		return lv
	case URLDraft1993, RFC1630:
		base := unencoded1993.Minus(keep)
		return encLevel{user: base, path: base, query: base, frag: frag, enc: encodeOld, hostAsWritten: true}
	}
	return level1738(info, known, keep, frag)
}

// level1738 is the encoding level of RFC 1738 for levelFor: keep is what is never decoded,
// frag the fragment's set.
func level1738(info SchemeInfo, known bool, keep, frag pct.Set) encLevel {
	// RFC 1738 §5: uchar (unreserved and escape) everywhere, and the reserved characters each
	// scheme's production lets stand unencoded in a component. A reserved character that the
	// scheme does not reserve (rs) but that the component's production does not hold is
	// encoded where it stands raw ("wais://h/db&x" → "wais://h/db%26x": database = *uchar),
	// which changes no meaning (RFC 1738 §2.2: only a reserved character's encoding does).
	base := unencoded1738.Minus(keep)
	rs := pct.RFC1738Reserved.Minus(keep)
	var path, query pct.Set
	switch name := info.Name; {
	case !known:
		// otherurl: its *xchar holds the reserved characters, but the scheme's reserved set
		// (reservedDefault) keeps them all encoded.
		path, query = rs, rs
	case name == "ftp", name == "file":
		// ftp: fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]; file's fpath is ftp's. A
		// "?" is a character of the fsegment, so what follows it is one too.
		path = pct.Of("&=").Intersect(rs)
		query = path
	case name == "http", name == "https":
		// hsegment and search: *[ uchar | ";" | ":" | "@" | "&" | "=" ].
		path, query = pct.Of(";&=").Intersect(rs), pct.Of(";&=").Intersect(rs)
	case name == "wais":
		// database, wtype and wpath are *uchar; search holds ";" ":" "@" "&" "=".
		path, query = pct.Set{}, pct.Of(";&=").Intersect(rs)
	case name == "news", name == "nntp", name == "telnet", name == "mid", name == "cid", name == "afs":
		// news and nntp group: alpha *[ alpha | digit | "-" | "." | "+" | "_" ]; telnet has no
		// path; mid, cid (RFC 822 addr-spec) and afs: nothing more is decoded.
	case name == "prospero":
		// psegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]; fieldname drops "=", and the
		// table reserves ";" and "=".
		path = pct.Of("&").Intersect(rs)
		query = path
	default:
		// gopher (selector, search and gopher+_string are *xchar), mailto (encoded822addr =
		// 1*xchar), and the schemes a program registers: what the scheme does not reserve.
		path, query = rs, rs
	}
	// login: user and password = *[ uchar | ";" | "?" | "&" | "=" ].
	user := base.Union(pct.Of(";&=").Intersect(rs))
	return encLevel{user: user, path: base.Union(path), query: base.Union(query),
		frag: frag, pathEnc: rs.Minus(path), queryEnc: rs.Minus(query), enc: encodeOld,
		hostAsWritten: true}
}

// NormalizeFor returns u normalized by the steps in opts, to the encoding level of spec:
//
//   - [RFC3986] and [WHATWG]: what [Normalize] does, RFC 3986 §6.2.2.2: the escapes of
//     unreserved characters ALPHA DIGIT "-" "." "_" "~" are decoded, and the raw characters
//     that may not appear anywhere in a URI are encoded (RFC 1738 §2.2's unsafe characters but
//     "~"). (The WHATWG URL Standard's own normal form is its href: parse by package whatwg
//     first, as "normalize --spec whatwg" does.)
//   - [RFC1738]: an escape of a character that needs no encoding is decoded (RFC 1738 §2.2:
//     alpha, digit, safe "$-_.+" and extra "!*'(),", §5 unreserved), and, where the scheme's
//     §5 production allows it unencoded, a reserved ";" "&" "=" that the scheme does not
//     reserve ([SchemeInfo].Reserved; gopher and mailto reserve nothing, wais's database keeps
//     them encoded, an http search keeps "&" and "="). "~" is national and must be encoded
//     (RFC 1738 §2.2): "%7e" becomes "%7E", and a raw "~" becomes "%7E".
//   - [URLDraft1994]: the 1994 URL draft's xalpha, alpha digit safe "$-_@.&+" and extra
//     "!*'()," (BNF), less its reserved "= ; / # ? : space" and what the scheme reserves, and
//     "+" in a search; "~" (national) and the draft's "punctuation" are encoded.
//   - [URLDraft1993] and [RFC1630]: the 1993 URL draft's and the URI draft's xalpha (both
//     "BNF syntax"), alpha digit safe "$-_@.&" and extra "!*'():;,", less what the scheme
//     reserves; "+" is never decoded (the URI draft, "Query strings"), and "~" (variant,
//     national) is encoded.
//
// Under every spec but RFC3986 and WHATWG, the raw <"> and space that the drafts' extra
// holds are encoded, as RFC 1738 §2.2 wants them, and the fragment decodes only alpha, digit,
// "-", "." and "_". No generic delimiter (":" "/" "?" "#" "[" "]" "@") and no "%" is ever
// decoded. The result checks under spec no worse than u does (package scheme's Check: no
// error a check of u did not report). The other steps of opts (case, ports, dot-segments, …)
// are the same under every spec, but that dot-segments are removed from a rootless path under
// RFC3986 and WHATWG only, and under RFC1738 and URLDraft1994 not from the path of a scheme
// that is not hierarchical ([NormalizeRemoveDotSegments]), and that the scheme-level steps
// of [NormalizeSafe] ([NormalizeRemoveLocalhost], [NormalizeRemoveDefaultPath],
// [NormalizeLowerTypecode]) apply only under a spec whose document supports them
// ([SchemeLevelSteps]: under URLDraft1994 "file://localhost/x" keeps its host, under
// URLDraft1993 ";type=I" its case), as [CanonicalFor] applies them, so that the result with
// NormalizeSafe is equivalent to u under spec ([EquivalentFor]). NormalizeFor is
// idempotent, and returns u itself, without allocating, when no step changes it. A spec out of range is an [*Error] with code
// [CodeUnknownSpec].
func NormalizeFor(u URL, spec Spec, opts NormalizeFlags) (URL, error) {
	if int(spec) >= len(specNames) {
		return URL{}, &Error{Input: spec.String(), Code: CodeUnknownSpec, Rule: "locator specs",
			Message: "unknown specification; want rfc1738, rfc3986, whatwg, url-draft-1994, url-draft-1993 or rfc1630"}
	}
	u = plain(u)
	// The scheme-level steps of NormalizeSafe apply only under a spec whose document
	// supports them (SchemeLevelSteps), as in CanonicalFor: so a safe normal form is
	// equivalent under spec to the URL (EquivalentFor).
	opts &^= normalizeSchemeSafe &^ SchemeLevelSteps(spec)
	if opts == 0 {
		return u, nil
	}
	info, known := schemeInfo(u)
	out, changed := normalize(u, opts, levelOf(spec, info, known), info, known)
	if !changed {
		return u, nil
	}
	v, err := Parse(out) // the structure normalize wrote: plain() left no prefix and no RFC 1738 §5 login to re-read
	if err != nil {
		return URL{}, &Error{Input: out, Code: CodeComposeFailed, Rule: "RFC 3986 §6",
			Message: "the normalized URL does not parse: " + err.Error()}
	}
	return v, nil
}

// EncodingLevelFor returns u brought to the encoding level of spec (see [NormalizeFor] for
// each spec's): the steps [NormalizeUpperEscapes], [NormalizeDecodeUnreserved] and
// [NormalizeEncodeUnsafe]. [EncodingLevel] is EncodingLevelFor with [RFC1738]. A spec out of
// range is read as RFC1738.
func EncodingLevelFor(u URL, spec Spec) URL {
	u = plain(u)
	info, known := schemeInfo(u)
	return normalizeLevel(u, encodingLevelFlags, spec, info, known)
}

// CanonicalFor returns the form of u that [EquivalentFor] compares under spec: u at spec's
// encoding level ([EncodingLevelFor]), then normalized by the other steps of [Canonical]
// (case, default port, empty path, dot-segments, mailto domains, an empty fragment), which are
// the same under every spec, and the scheme-level equivalences of [CanonicalFlags].
// [Canonical] is CanonicalFor with [RFC1738]. A spec out of range is read as RFC1738.
func CanonicalFor(u URL, spec Spec) URL {
	u = plain(u)
	info, known := schemeInfo(u)
	return normalizeLevel(u, CanonicalFlags(spec), spec, info, known)
}

// CanonicalFlags returns the normalization steps of [CanonicalFor] under spec, besides its
// encoding level: [NormalizeSafe] and [NormalizeRemoveEmptyFragment] (the URI draft and the
// 1993 URL draft, "Fragment-id"), with the scheme-level steps of the spec's document
// ([SchemeLevelSteps]). Under [RFC1738], the package's [Canonical], they are RFC 1738's
// ("file://localhost/x" is "file:///x", §3.10; gopher's "/1" is "/", §3.4.1; ";type=I" is
// ";type=i", §5 ftptype) and [NormalizeRemoveDirectoryTypecode], which reads a final "/" as
// the 1994 URL draft does (as the empty fragment follows the drafts); under the other specs,
// only what the document supports on its own. A spec out of range is read as RFC1738.
func CanonicalFlags(spec Spec) NormalizeFlags {
	if int(spec) >= len(specNames) {
		spec = RFC1738
	}
	f := canonicalFlags&^normalizeSchemeLevel | SchemeLevelSteps(spec)
	if spec == RFC1738 {
		f |= NormalizeRemoveDirectoryTypecode
	}
	return f
}

// EquivalentFor reports whether a and b are the same once both are in their canonical form
// under spec ([CanonicalFor]). Under [RFC1738] (the [Equivalent] of the package) "gopher://h/1a%3Bb"
// and "gopher://h/1a;b" are equivalent (RFC 1738 §3.4.1 reserves nothing); under [RFC3986] they
// are not (";" is a sub-delim, and RFC 3986 §6.2.2.2 decodes unreserved characters only).
// [WHATWG] compares as RFC3986 does here; the URL Standard's own equivalence compares the
// hrefs of package whatwg, as "equal --spec whatwg" does. A spec out of range is read as
// RFC1738.
func EquivalentFor(a, b URL, spec Spec) bool {
	if a == b {
		return true
	}
	return CanonicalFor(a, spec) == CanonicalFor(b, spec)
}

// normalizeLevel is normalize at spec's encoding level for EncodingLevelFor, CanonicalFor and
// the Equivalent functions; info and known are the facts of u's scheme. It returns u when
// nothing changes or when the result does not parse, which cannot happen: the steps keep every
// delimiter and add only well-formed escapes.
func normalizeLevel(u URL, opts NormalizeFlags, spec Spec, info SchemeInfo, known bool) URL {
	out, changed := normalize(u, opts, levelOf(spec, info, known), info, known)
	if !changed {
		return u
	}
	v, err := Parse(out) // the structure normalize wrote: plain() left no prefix and no RFC 1738 §5 login to re-read
	if err != nil {
		return u // cannot happen (above); fall back to the input rather than lose it
	}
	return v
}

// emptyPathSlash reports whether [NormalizeEmptyPathSlash] gives an empty path the path "/" in
// a URL of the scheme whose facts are info: a scheme with the common Internet scheme syntax
// (RFC 1738 §3.1: "/<url-path>" may be excluded), but not nntp, whose newsgroup name is
// required (RFC 1738 §3.7), so that "/" alone would not make "nntp://h" a URL.
func emptyPathSlash(info SchemeInfo, known bool) bool {
	return known && info.Hierarchical && info.Name != "nntp"
}
