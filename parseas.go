package locator

// ParseAs parses s as spec writes URLs. For [RFC3986], [WHATWG], [URLDraft1993] and
// [RFC1630] it is [Parse]. For [RFC1738] and [URLDraft1994] it will also read the "URL:"
// prefix of the 1994 draft's prefixedurl (RFC 1738 Appendix) and split a login by RFC 1738
// §5, where "?" may appear unencoded in a user and a password.
func ParseAs(s string, spec Spec) (URL, error) {
	return Parse(s)
}
