// Package locator parses, checks, compares and resolves Uniform Resource Locators: the URL
// system of RFC 1738 and its companion drafts (the 1993 URL draft, the 1994 URL draft, the URI
// draft that became RFC 1630), and RFC 3986. The WHATWG URL Standard has its own package,
// [github.com/locator-url/locator/whatwg].
//
// # Parsing
//
// [Parse] splits a string into a [URL] without losing a byte: String returns the input. A URL
// is a small immutable value, comparable with ==; its getters return substrings and never
// allocate. Parse rejects only what no specification allows (control characters, an illegal
// escape, a port that is not digits, a broken IP literal); everything else is left to the
// checkers. [ParseAbsolute] also requires a scheme; [MustParse] is for constants.
//
// Getters tell absent from empty (RFC 1738 §3.1): "ftp://@host.com/" has an empty user,
// "ftp://host.com/" none.
//
//	u, err := locator.Parse("ftp://@host.com/pub/file#")
//	user, ok := u.User()     // "", true
//	frag, ok := u.Fragment() // "", true
//	_, ok = u.Password()     // false
//
// [URL.Offsets] gives the byte range of each component, for tools that underline parts.
// [URL.NetURL] and [FromNetURL] convert to and from net/url, and fail with an [*Error] rather
// than change the URL where the two representations part ("http://h/#" keeps its "#" here).
//
// # Checking
//
// A URL that parses may still break a specification's rules. The checkers return the problems
// as a list of [Finding] values (offset, [Code], the rule, a message, a [Severity]), never as an
// error. The strict checkers live outside this package: scheme.Check applies the
// scheme-independent rules of RFC 1738 and each scheme's own RFC 1738 §5 production, or the
// generic syntax of RFC 3986, and is the one to call (the codes it returns are declared in
// this package, for programs to compare):
//
//	u := locator.MustParse("http://host.com/a b")
//	for _, f := range scheme.Check(u, locator.RFC1738) { // or locator.RFC3986
//		fmt.Println(f)
//	}
//	// error at offset 17: unsafe character " " must be encoded as %20 [unsafe-char, RFC 1738 §2.2]
//
// A checker lists at most [MaxFindings] findings per URL and then one of code
// [CodeTooManyFindings] that counts the rest, and its messages quote at most a bounded part of
// the URL, so that checking takes time and memory linear in the URL whatever it holds.
//
// Package scheme's Security reports the hazards of RFC 1738 §6 and RFC 3986 §7 as warnings: a
// password, a port other than the default, "%0D%0A" that would add a protocol command, a user
// name that looks like the host. Its Inspect gathers all of it for one input (the parse, the
// strict checker, the typed view, the security findings, in offset order and capped): the
// report that the locator command prints.
//
// # Typed views and access plans
//
// Package scheme knows the schemes of RFC 1738 and the drafts. scheme.ParseView turns a URL
// into its typed view (an ftp URL's CWD segments, name and typecode; a gopher URL's type,
// selector and search; …), and scheme.PlanFor into its access plan: the exact commands an FTP
// client sends, the exact bytes sent to a gopher server.
//
// A [SchemeInfo] holds the facts of a scheme name that comparison and normalization need: its
// default port, whether it uses "//", the characters it reserves, and the facts behind the
// scheme-level equivalences (file's "localhost", gopher's default type "1", ftp's typecode;
// see [NormalizeRemoveLocalhost]). The root package keeps a
// read-only table of the schemes the documents define ([LookupScheme], [Schemes]: RFC 1738 §3,
// the names §4 reserves, the 1994 URL draft's mid, cid and afs, and https), which [Normalize],
// [Canonical] and [Equivalent] use. The one registry, to which a program adds its own schemes,
// is package scheme's (scheme.Register, scheme.Lookup); a registered scheme normalizes and
// compares URLs by its own facts with [SchemeInfo.Normalize] and [SchemeInfo.Equivalent].
//
// # Comparing and normalizing
//
// [EncodingLevel] brings a URL to one encoding level (the URI draft): it decodes escapes of
// characters that need no encoding, upper-cases hex digits and encodes unsafe characters, by
// RFC 1738 ("~" is national there, and stays encoded). [EncodingLevelFor], [CanonicalFor],
// [EquivalentFor] and [NormalizeFor] do the same by the rule of any [Spec]: the 1994 and 1993
// URL drafts, the URI draft, or RFC 3986 §6.2.2.2 (unreserved, "~" included, which is what
// [Normalize] decodes). Normalizing to a spec's level never makes a URL less valid under that
// spec. [Canonical] adds
// the case, port, empty-path and dot-segment rules of RFC 3986 §6.2.2 and §6.2.3, the
// scheme-level equivalences of RFC 1738 ("file://localhost/x" is "file:///x", §3.10;
// "gopher://h/1" is "gopher://h/", §3.4.1; ";type=I" is ";type=i", §5 ftptype), and
// [Equivalent] compares two URLs in that form:
//
//	locator.Equivalent(locator.MustParse("HTTP://Example.COM:80/a/./b/%7Euser"),
//		locator.MustParse("http://example.com/a/b/~user")) // true
//
// [Normalize] applies any set of [NormalizeFlags] steps; the groups [NormalizeSafe],
// [NormalizeUsually] and [NormalizeAggressive] go from "never changes meaning" to "for
// deduplicating crawled URLs". [SURT] gives the key web archives sort URLs by:
// "http://www.archive.org/goo/?b=2&a=1" → "org,archive)/goo?a=1&b=2".
//
// # Resolving
//
// [Resolve] resolves a reference against a base URL by the rule of a [Mode]: RFC 3986 §5.2
// (the zero value, [ModeRFC3986]), its backward-compatible reading, RFC 2396, RFC 1808, the
// 1993 URL draft and RFC 1630 (as drafted and as published). The modes differ where the
// specifications did: "?y" against "http://a/b/c/d;p?q" is "http://a/b/c/d;p?y" by RFC 3986
// and "http://a/b/c/?y" by RFC 2396. [ModeWHATWG] works in a program that imports package
// whatwg, which registers its parser with [RegisterResolver]; without it, Resolve returns an
// error with code [CodeNotImplemented]. [URL.Resolve] is the RFC 3986 shorthand. [Relative] goes
// the other way, giving the shortest reference that resolves back to a target, and
// [RemoveDotSegments] is the dot-segment step of each mode on its own.
//
//	base := locator.MustParse("http://a/b/c/d;p?q")
//	t, err := locator.Resolve(base, locator.MustParse("../g"), locator.ModeRFC3986) // http://a/b/g
//	r, err := locator.Relative(base, t, locator.ModeRFC3986)                      // ../g
//
// # Other packages
//
//   - [github.com/locator-url/locator/pct]: percent-encoding, with the character sets of
//     RFC 1738 and RFC 3986 as values that compose (whatwg builds its encode sets from them).
//   - [github.com/locator-url/locator/scheme]: typed views, strict checking, access plans and
//     the scheme registry.
//   - [github.com/locator-url/locator/whatwg]: the WHATWG URL Standard's parser, setters and
//     URLSearchParams, the way browsers read URLs.
//   - [github.com/locator-url/locator/extract]: URLs in running text (mail, news, logs), in
//     the forms RFC 1738's appendix and RFC 3986 Appendix C describe.
//
// Imports point one way: pct ← locator ← internal/syntax (the grammar checkers) ← scheme ←
// extract ← cmd/locator, and pct ← locator ← whatwg; internal/display, the one function that
// escapes bytes shown to a person, is a leaf any of them may use. The root package never
// imports its subpackages; internal/doccheck's tests hold that line.
//
// # Errors
//
// The failures of this package and of package scheme are [*Error] values, reached with
// errors.As; pct and whatwg have error types of their own, built the same way (under
// ModeWHATWG, Resolve passes the whatwg parser's errors on as they are). An Error carries the
// input, the byte Offset where the problem is, a [Code] that programs and tests compare (not
// the message) and the Rule of the specification that was broken:
//
//	_, err := locator.Parse("http://host:8x/")
//	var e *locator.Error
//	if errors.As(err, &e) {
//		fmt.Println(e.Code, e.Offset, e.Rule) // bad-port 13 RFC 1738 §3.1 port
//	}
package locator
