// Package whatwg parses URLs as the WHATWG URL Standard does: the way browsers, Node.js and most
// web tooling read them.
//
// [Parse] runs the standard's basic URL parser (§4.4), with an optional base URL, and returns a
// [URL]: the href (the URL serializer's output, §4.5) with the offsets of its parts. Its getters
// are the URL class's attributes (§6.1: Href, Origin, Protocol, Username, Password, Host,
// Hostname, Port, Pathname, Search, Hash) and its setters follow the standard's setter steps,
// state overrides included. [URL.Locator] gives the same URL as a locator.URL.
//
//	u, err := whatwg.Parse("HTTP://EXAMPLE.com:80/a/./b/../c?q#f", nil)
//	// u.Href() == "http://example.com/a/c?q#f"
//
// Where the standard says failure, Parse returns an [*Error] carrying the input, the byte offset,
// the standard's name for the validation error (such as "port-invalid") and the state that
// failed. [ParseValidate] also returns the non-fatal validation errors (§1.1) as a list.
//
// Hosts follow §3: domains go through UTS #46 ToASCII (golang.org/x/net/idna, with the options
// §3.3 sets, and the mapping changes of Unicode 15.1 that its tables predate), IPv4 addresses in
// all their decimal, octal, hexadecimal and short forms, IPv6 with compression and an IPv4
// suffix, and opaque hosts for non-special schemes. File URLs keep the standard's Windows drive
// letter quirks.
//
// [ParseForm], [SerializeForm] and [SearchParams] implement application/x-www-form-urlencoded
// (§5) and the URLSearchParams class (§6.2); [URL.SearchParams] is tied to its URL's query.
//
// An input that is already its own href, which most URLs that programs pass around are, is
// recognised in one pass and returned as the href without copying or allocating. Most others
// (upper case, default ports, dot segments, backslashes, spaces and non-ASCII to
// percent-encode, with a plain ASCII or IPv4 host) are parsed in one more pass straight into the
// href, with one allocation, the href; the rest (credentials, IDNA, IPv6, errors) go through the
// full state machine. All three give the same results. Only UTF-8 is
// supported as the query encoding, which is what the standard requires outside HTML.
//
// Time and memory are linear in the input, whatever it holds: the parser allocates once for
// each buffer it fills (not per byte or per finding), [ParseValidate] lists at most
// [MaxValidationErrors] validation errors and then one of code [TooManyErrors] that counts the
// rest, and an [Error]'s message shows at most a bounded window of the input, escaped by
// package internal/display. One limit of this package is not the standard's: a host label
// longer than 256 bytes that needs IDNA (a non-ASCII one) fails with domain-to-ASCII, because
// x/net/idna's punycode encoder takes time quadratic in a label's length; no label that long
// makes a DNS label.
package whatwg
