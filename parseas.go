package locator

// ParseAs parses s as spec writes URLs. For [RFC3986], [WHATWG], [URLDraft1993] and [RFC1630]
// it is [Parse]: none of those documents defines a prefix, so "URL:ftp://h/" has the scheme
// "URL" (RFC 3986 §3.1; the 1993 URL draft, "Full form": "A complete URL consists of a naming
// scheme specifier followed by a string", without the sentence on "URL:" that the 1994 draft
// added there; the URI draft, "Choices for a universal syntax", calls the scheme itself the
// "prefix", separated by the colon), and RFC 3986 §3.2 ends the authority at "?". For
// [RFC1738] and [URLDraft1994] it reads two things more, and is otherwise Parse (the same URL,
// ==, when neither is there):
//
//   - the "URL:" prefix: the 1994 URL draft, URL syntax ("the whole string must start with a
//     constant prefix "URL:"", BNF prefixedurl = u r l : url) and RFC 1738 Appendix ("URLs be
//     preceeded with a prefix consisting of the characters "URL:""). It is read in any
//     letter case, "URL:" as both documents' prose writes it and "url:" as the draft's BNF
//     does, like a scheme name (RFC 1738 §2.1), and only before a URL with a scheme (the
//     draft's url); "URL:" before anything else stays a scheme. [URL.Prefix] returns it,
//     [URL.Scheme] and the other getters the URL behind it, and [URL.String] still the input;
//   - a login whose user or password holds "?": RFC 1738 §5 user = *[ uchar | ";" | "?" |
//     "&" | "=" ], and the same for password, so "ftp://a?b@host/" has the user "a?b" and
//     the host "host", and "ftp://a:p?q@host/f" the password "p?q". A "?" in the authority
//     is in the login when an "@" follows it before the next "/" or "#" (neither may be in a
//     login); the user information ends at the last such "@", and the host at the first "/",
//     "?" or "#" after it. Without such an "@" the "?" ends the authority as in Parse:
//     "http://h?q" has the host "h" and the query "q" (the 1993 URL draft's http form).
//     [URL.LoginRFC1738] tells such a URL.
//
// The time is linear in len(s), and ParseAs does not allocate.
func ParseAs(s string, spec Spec) (URL, error) {
	switch spec {
	case RFC1738, URLDraft1994:
		return parse(s, readPrefix|readLogin1738)
	}
	return Parse(s)
}
