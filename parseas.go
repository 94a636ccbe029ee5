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
// An error cites the rule of spec's own document where Parse's cites RFC 1738's: under
// [RFC3986] a bad escape is RFC 3986 §2.1's (pct-encoded), a control RFC 3986 §2's, a port
// RFC 3986 §3.2.3's; under [URLDraft1994] a bad escape is the draft's BNF escape; under
// [URLDraft1993] a bad escape is its BNF escape, a control its "Encoding prohibited
// characters", a port its BNF port; under [RFC1630] a bad escape is the URI draft's "Reduced
// or increased safe character sets" (a "%" not followed by two hex digits is "reserved for
// future extension") and a control its "Conventional URI encoding scheme", the rules package
// scheme's checker cites for the same input under the same spec; a port stays RFC 1738 §3.1's
// (the URI draft has no port production). Under all four older specs an unclosed "[" or a "]"
// that does not end the host cites what the spec says of those characters, not RFC 3986
// §3.2.2's IP-literal. Under [WHATWG] the errors are Parse's.
//
// The time is linear in len(s), and ParseAs does not allocate (but for an error).
func ParseAs(s string, spec Spec) (URL, error) {
	switch spec {
	case RFC1738:
		u, err := parse(s, readPrefix|readLogin1738)
		citeIPLiteral(err, spec)
		return u, err
	case URLDraft1994:
		u, err := parse(s, readPrefix|readLogin1738)
		if e, ok := err.(*Error); ok && e.Code == CodeBadEscape {
			// The draft's own rule, the same as RFC 1738 §2.2's.
			e.Rule = "1994 URL draft, BNF escape = % hex hex"
		}
		citeIPLiteral(err, spec)
		return u, err
	case RFC3986:
		u, err := Parse(s)
		if err != nil {
			citeRFC3986(err)
		}
		return u, err
	case URLDraft1993, RFC1630:
		u, err := Parse(s)
		if err != nil {
			citeDraft(err, spec)
			citeIPLiteral(err, spec)
		}
		return u, err
	}
	return Parse(s)
}

// citeIPLiteral makes the rule of Parse's CodeBadIPLiteral error ("[" without "]", or "]" not
// ending the host), RFC 3986 §3.2.2's IP-literal, cite what spec says of those characters
// when spec is older than RFC 3986, where no host is bracketed: "[" and "]" are unsafe and
// "must always be encoded" (RFC 1738 §2.2), in no production of the 1994 URL draft's BNF, nor
// the 1993 draft's (BNF: variant), nor the URI draft's (BNF syntax: national). The rules are
// those package scheme's checkers cite for the same characters under the same spec.
func citeIPLiteral(err error, spec Spec) {
	e, ok := err.(*Error)
	if !ok || e.Code != CodeBadIPLiteral {
		return
	}
	switch spec {
	case RFC1738:
		e.Rule = "RFC 1738 §2.2"
	case URLDraft1994:
		e.Rule = "1994 URL draft, BNF (national and punctuation characters do not appear in any production)"
	case URLDraft1993:
		e.Rule = "1993 URL draft, BNF: variant"
	case RFC1630:
		e.Rule = "URI draft, BNF syntax: national"
	default:
		return
	}
	e.Message += " (a bracketed IP literal is RFC 3986's; here \"[\" and \"]\" are unsafe and must be encoded as %5B and %5D)"
}

// citeDraft makes the rule of an error of Parse, which cites RFC 1738, cite the document of
// spec instead, URLDraft1993 or RFC1630, as package scheme's checkers of those documents
// cite them (draft citations name the document and its section title, without §).
func citeDraft(err error, spec Spec) {
	e, ok := err.(*Error)
	if !ok {
		return
	}
	switch e.Code {
	case CodeBadEscape:
		if spec == URLDraft1993 {
			e.Rule = "1993 URL draft, BNF: escape = % hex hex"
		} else {
			// "Sequences which start with a percent sign but are not followed by two
			// hexadecimal characters are reserved for future extension."
			e.Rule = "URI draft, Reduced or increased safe character sets"
		}
	case CodeControl:
		if spec == URLDraft1993 {
			// "Where the local naming scheme uses ASCII characters which are not allowed in
			// the URL, these may be represented in the URL by a percent sign".
			e.Rule = "1993 URL draft, Encoding prohibited characters"
		} else {
			// "Character codes other than those allowed by the syntax shall not be used
			// unencoded in a URL."
			e.Rule = "URI draft, Conventional URI encoding scheme"
		}
	case CodeBadPort:
		// The 1993 URL draft's hostport = host [ : port ], port = digits. The URI draft has no
		// port production (uri = scheme : path) and reads the port after the last ":", so
		// Parse's own rule, RFC 1738 §3.1's, stays: "http://a:+:111" is no bad port there.
		if spec == URLDraft1993 {
			e.Rule = "1993 URL draft, BNF: port"
		}
	}
}

// citeRFC3986 makes the rule of an error of Parse, which cites RFC 1738 where the two
// documents agree, cite RFC 3986 instead, for a URL read as RFC 3986 writes it: a "%" must
// begin a pct-encoded triplet (RFC 3986 §2.1), a control is no URI character at all (RFC 3986
// §2: the ABNF allows none, so it appears only percent-encoded), and a port is digits (RFC 3986
// §3.2.3).
func citeRFC3986(err error) {
	e, ok := err.(*Error)
	if !ok {
		return
	}
	switch e.Code {
	case CodeBadEscape:
		e.Rule = "RFC 3986 §2.1 pct-encoded"
	case CodeControl:
		e.Rule = "RFC 3986 §2 (controls are not URI characters and must be percent-encoded)"
	case CodeBadPort:
		e.Rule = "RFC 3986 §3.2.3 port"
	}
}
