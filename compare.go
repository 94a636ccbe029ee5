package locator

import (
	"github.com/locator-url/locator/pct"
)

// Comparison of URLs.
//
// The URI draft ("Universal Resource Identifiers in WWW", section "Reduced or increased safe
// character sets") says: "Before two URIs can be compared, it is therefore necessary to bring
// them to the same encoding level", and, for the reserved characters, that they "have a quite
// different significance when encoded, and so may NEVER be encoded and unencoded in this way".
// Its Example 1 makes ".../marie%2Dclaude" identical to ".../marie-claude"; its Example 2 makes
// ".../bertram%2Fmarie-claude" differ from ".../bertram/marie-claude". RFC 1738 §2.2 says the
// same of the characters a scheme reserves, and RFC 3986 §6.2.2 and §6.2.3 add case and
// scheme-based normalization. [EncodingLevel] does the first; [Canonical] all of them;
// [Equivalent] compares canonical forms.
//
// Which escapes are decoded depends on the scheme: the rules are in [Equivalent]'s doc. These
// functions are the RFC 1738 case of [EncodingLevelFor], [CanonicalFor] and [EquivalentFor],
// which bring a URL to the encoding level of any spec (normalize_spec.go).

// mustEncode is the bytes that may not stand unencoded in an RFC 3986 URI and that the RFC
// 3986 level ([Normalize], [NormalizeFor] with RFC3986) therefore encodes when it finds them
// raw: RFC 1738 §2.2's unsafe characters (space, "<", ">", <">, "#", the national characters,
// controls and 80–FF), except "%", which always starts an escape (the URI draft, "The percent
// sign"), and "~", which RFC 3986 §2.3 makes unreserved and §6.2.2.2 wants decoded. A raw "#"
// can only occur inside a fragment, "[" and "]" are left alone in an IP literal (RFC 3986
// §3.2.2). RFC 1738 and the drafts encode "~" too ([encodeOld]).
var mustEncode = pct.RFC1738Unsafe.Without("%~")

// The classes of [encTable]'s table, for level's fast path: "%" and the bytes to encode
// (levelEscape), and the upper-case letters (levelUpper).
const (
	levelEscape = 1 << iota
	levelUpper
)

// structural is the bytes that delimit the generic syntax's components (RFC 3986 §2.2
// gen-delims; RFC 1738 §3.1 ":", "@", "/") and "%": an escape of one of them is never decoded,
// whatever the scheme reserves, because decoding would change the split (the URI draft,
// Example 2: "%2F" has no hierarchical significance).
var structural = pct.GenDelims.With("%")

// EncodingLevel returns u brought to the encoding level of RFC 1738, the form in which the URI
// draft says two URIs must be before they are compared ("Reduced or increased safe character
// sets"); it is [EncodingLevelFor] with [RFC1738]:
//
//   - an escape of a character that needs no encoding is decoded, by the rules in
//     [Equivalent]'s doc: RFC 1738 §5 unreserved (alpha, digit, safe "$-_.+", extra
//     "!*'(),"), and the reserved ";" "&" "=" where the scheme's §5 production holds them
//     unencoded, less what the scheme reserves ([SchemeInfo].Reserved; RFC 1738 §2.2). In
//     https, unknown schemes, relative references and every fragment that is alpha, digit,
//     "-", "." and "_". An escape of a character the scheme reserves, of a generic delimiter
//     (RFC 3986 §2.2 gen-delims) or of an unsafe character is never decoded (the URI draft:
//     reserved characters "may NEVER be encoded and unencoded in this way");
//   - the escapes kept get upper-case hex digits (RFC 3986 §6.2.2.1);
//   - a raw character that must be encoded (RFC 1738 §2.2 unsafe: space, "<", ">", <">, "{",
//     "}", "|", "\", "^", "~", "[", "]", "`", a "#" inside the fragment, and the octets 80–FF)
//     is encoded, so "a b" and "a%20b" are at the same level, and so is a reserved character
//     the scheme does not reserve but the component's §5 production holds only encoded ("&"
//     in a wais database, ";" in a file path). "~" is national (RFC 1738 §2.2): "%7e" becomes
//     "%7E", "~" becomes "%7E" (RFC 3986 decodes it: [EncodingLevelFor] with [RFC3986]);
//   - the host keeps its escapes and raw characters (RFC 1738 §5 hostname holds neither, so
//     that no step can make a host valid), and "[" and "]" of an IP literal are kept (RFC
//     3986 §3.2.2).
//
// Nothing else changes: no case, port or path rule (see [Canonical]). The first segment of a
// relative reference whose path has a ":" there keeps its escapes, so that decoding cannot
// turn it into a scheme (RFC 3986 §4.2). EncodingLevel returns u itself, without allocating,
// when u is already at the encoding level. It is idempotent, and never makes u less valid by
// RFC 1738 (package scheme's Check).
//
// These are the steps [NormalizeUpperEscapes], [NormalizeDecodeUnreserved] and
// [NormalizeEncodeUnsafe] of [NormalizeFor] with [RFC1738].
//
// A "URL:" prefix is left out, and a "?" of a login (RFC 1738 §5) written "%3F" (see
// [Canonical]).
func EncodingLevel(u URL) URL {
	return EncodingLevelFor(u, RFC1738)
}

// Canonical returns the form of u that [Equivalent] compares, [CanonicalFor] with [RFC1738]:
// [EncodingLevel], and then the normalizations of RFC 3986 §6.2.2 and §6.2.3 that RFC 1738
// agrees with:
//
//   - the scheme and the host are lower-cased (RFC 1738 §2.1: "programs interpreting URLs
//     should treat upper case letters as equivalent to lower case in scheme names"; RFC 3986
//     §6.2.2.1; RFC 1738 §3.1 host is a domain name, case-insensitive per RFC 1034 §3.1). An
//     IP literal is lower-cased up to its zone ("%25", RFC 6874 §2), which is kept as written;
//   - a port that is empty, or equal to the scheme's default port ([SchemeInfo].DefaultPort,
//     compared as a number), is removed with its ":" (RFC 3986 §6.2.3; RFC 1738 §3.3: "If
//     the port is omitted, it defaults to 80" and the like for each scheme); a port that
//     stays loses its leading zeros ("http://h:08080/" is "http://h:8080/"): a port is "a
//     port number in decimal" (RFC 3986 §3.2.3), and zeros do not change the number, which is
//     how the default is compared too ("http://h:080/" is "http://h/");
//   - for a scheme with the common Internet scheme syntax ([SchemeInfo].Hierarchical), an
//     empty path after the authority becomes "/" (RFC 3986 §6.2.3; RFC 1738 §3.3: "If
//     neither <path> nor <searchpart> is present, the "/" may also be omitted", §3.8 telnet:
//     "the final "/" may be omitted"). Unknown schemes keep their empty path;
//   - the dot-segments "." and ".." of an absolute path of a URL with a scheme are removed
//     (RFC 3986 §6.2.2.3 and §5.2.4; the URI draft reserves "." and ".." for hierarchical
//     forms, "Hierarchical forms"), unless the result would start with "//" without an
//     authority. Relative references and rootless paths ("urn:a/../b") keep them;
//   - in a mailto: URL, the domain name of each address is lower-cased, not its local part
//     (RFC 3986 §6.2.3: "mailto:Joe@Example.COM" is equivalent to "mailto:Joe@example.com";
//     the addresses are read decoded, quoted-strings respected: [NormalizeMailtoDomain]);
//   - the scheme-level equivalences the documents give: "file://localhost/x" is
//     "file:///x" (RFC 1738 §3.10), "gopher://h/1" is "gopher://h/" (§3.4.1), an ftp
//     typecode is lower-cased (§5 ftptype; RFC 959 §5.3) and ";type=d" after an empty ftp
//     name is removed (the 1994 URL draft, FTP): [NormalizeRemoveLocalhost] and the three
//     steps after it;
//   - an empty fragment is removed with its "#": the URI draft and the 1993 URL draft,
//     "Fragment-id": "If the fragment-id is void, the hash sign may be omitted: A void
//     fragment-id with or without the hash sign means that the URL refers to the whole
//     object" ([NormalizeRemoveEmptyFragment]).
//
// A "URL:" prefix (1994 URL draft, prefixedurl; see [ParseAs]) is left out, and a "?" in the
// user information (RFC 1738 §5) is written "%3F" (see [Normalize]), so that
// "URL:http://a/b" is equivalent to "http://a/b".
//
// An empty query keeps its "?": "http://example.com/?" differs from "http://example.com/"
// (RFC 3986 §6.2.3). User information, path, query and fragment keep their case. Canonical
// returns u itself, without allocating, when u is already canonical. It is idempotent.
//
// These are the steps of [NormalizeSafe] and [NormalizeRemoveEmptyFragment] of [NormalizeFor]
// with [RFC1738]. ([Normalize] decodes by RFC 3986 §6.2.2.2, "~" included: it is NormalizeFor
// with [RFC3986].) Keeping the empty fragment apart, as RFC 3986 §6.2.3 does ("two URIs that
// differ only by the suffix "#" are considered different regardless of the scheme"), is
// NormalizeFor with [NormalizeSafe].
func Canonical(u URL) URL {
	return CanonicalFor(u, RFC1738)
}

// Equivalent reports whether a and b identify the same resource by the rules of [Canonical]
// (it is [EquivalentFor] with [RFC1738]):
// whether they are the same once brought to the same encoding level (the URI draft) and
// normalized by case, port, path, dot-segments (RFC 3986 §6.2.2, §6.2.3) and an empty
// fragment: "A void fragment-id with or without the hash sign means that the URL refers to the
// whole object" (the URI draft and the 1993 URL draft, "Fragment-id"). There locator follows
// the drafts, not RFC 3986 §6.2.3 ("two URIs that differ only by the suffix "#" are
// considered different regardless of the scheme"; Normalize with [NormalizeSafe] keeps that).
// "http://www.w3.org/albert/bertram/marie%2Dclaude" is equivalent to
// ".../marie-claude" (the URI draft, Example 1); ".../bertram%2Fmarie-claude" is not
// equivalent to ".../bertram/marie-claude" (Example 2).
//
// Which escapes [EncodingLevel] decodes depends on the scheme, by these rules, in this order:
//
//  1. An escape of a generic delimiter (RFC 3986 §2.2 gen-delims ":" "/" "?" "#" "[" "]" "@")
//     or of "%" is never decoded, whatever the scheme. locator holds every URL in RFC 3986's
//     generic components, and decoding one would move a component or segment boundary (RFC
//     3986 §2.2: "URIs that differ in the replacement of a reserved character with its
//     corresponding percent-encoded octet are not equivalent"; the URI draft, Example 2).
//     So "gopher://h/1a%2Fb" is not equivalent to "gopher://h/1a/b", though RFC 1738 §3.4.1
//     reserves nothing in the gopher-path: a false "not equivalent", never a false
//     "equivalent".
//  2. For a scheme RFC 1738 §3 defines (ftp, http, gopher, mailto, news, nntp, telnet, wais,
//     file, prospero) and the 1994 URL draft's mid, cid and afs, the characters its section
//     reserves stay encoded ([SchemeInfo].Reserved of [LookupScheme], each set citing its
//     section), and every other character that needs no encoding in the component is decoded,
//     while one that the component's RFC 1738 §5 production holds only encoded is encoded
//     ("wais://h/db&x" ≡ "wais://h/db%26x": database = *uchar) (RFC 1738 §2.2:
//     "characters that are not required to be encoded (including alphanumerics) may be
//     encoded within the scheme-specific part of a URL, as long as they are not being used
//     for a reserved purpose"). So "gopher://h/1a%3Bb" is "gopher://h/1a;b" (§3.4.1: "no
//     characters are reserved"), "mailto:a%3Bb@c" is "mailto:a;b@c" (§3.5: "there are no
//     reserved characters") and "http://h/%24" is "http://h/$" ("$" is not reserved, §2.2,
//     §3.3); "http://h/a%3Bb" is not "http://h/a;b" (§3.3 reserves ";", "/", "?"). http
//     also keeps "&" and "=", which RFC 1738 §2.2 says a scheme may reserve and form data
//     uses as separators, and "+", which the URI draft reserves in a query ("Query
//     strings").
//  3. For every other URL (https, a scheme locator does not know, a name RFC 1738 §4
//     reserves, an "x-" name, a relative reference) RFC 3986 §2.2's reserved set (gen-delims
//     and sub-delims) stays encoded: only RFC 3986 §2.3 unreserved is decoded (§6.2.2.2),
//     but "~", which RFC 1738 §2.2 makes national: it is encoded.
//  4. The fragment, whose syntax the object's type defines (the URI draft, "Fragment-id"), is
//     decoded by rule 3 in every scheme.
//
// So "http://h/a#" ≡ "http://h/a" (an empty fragment, above), "https://h/%24" ≢ "https://h/$"
// (rule 3), and "gopher://h/1a#x%3By" ≢ "gopher://h/1a#x;y" (rule 4).
func Equivalent(a, b URL) bool {
	if a == b {
		return true
	}
	return Canonical(a) == Canonical(b)
}

// encodingLevelFlags are the steps of [EncodingLevel].
const encodingLevelFlags = NormalizeUpperEscapes | NormalizeDecodeUnreserved | NormalizeEncodeUnsafe

// canonicalFlags are the steps of [Canonical]: [NormalizeSafe], and the empty fragment that
// the URI draft and the 1993 URL draft make the same as none ("Fragment-id").
const canonicalFlags = NormalizeSafe | NormalizeRemoveEmptyFragment | NormalizeRemoveDirectoryTypecode
