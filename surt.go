package locator

// SURT returns the Sort-friendly URI Reordering Transform of u, the key web archives (the
// Internet Archive's Heritrix and Wayback, the Python "surt" package, pywb, CDX indexes) sort
// and deduplicate URLs by: "http://www.archive.org/goo/?b=2&a=1" →
// "org,archive)/goo?a=1&b=2".
//
// The format, for a URL with an authority, is
//
//	host-labels-reversed-joined-by-"," [":" port] ")" path ["?" query]
//
// without the scheme, the user information or the fragment, as the surt package writes it by
// default (with_scheme=False, trailing_comma=False, reverse_ipaddr=True). Before the
// transform the URL is canonicalized as that package's default canonicalizer does:
//
//   - scheme and host lower-cased, escapes of unreserved characters decoded and the other
//     escapes' hex upper-cased, raw unsafe bytes encoded (RFC 3986 §6.2.2, [NormalizeSafe]);
//   - a host written as numbers in decimal, octal or hex becomes a dotted quad
//     ([NormalizeDecodeIPv4]), and its labels are reversed too ("1,0,0,127)"); a trailing
//     "." is removed; a leading "www." or "www" followed by digits and "." is removed (the
//     package's host_massage); an IP literal ("[::1]") is kept whole;
//   - the user information is removed, and the default port of the scheme ([LookupScheme]);
//   - the path has its dot-segments removed (RFC 3986 §5.2.4), runs of slashes collapsed,
//     an empty path becomes "/", a trailing "/" is removed unless the path is "/", and it is
//     lower-cased (path_lowercase), escapes included;
//   - the query is lower-cased, its "&"-separated pairs sorted (query_alpha_reorder), and
//     removed when empty;
//   - the fragment is removed.
//
// Not done: the package's removal of session-id parameters (jsessionid, phpsessid, sid,
// aspsessionid) and the Google canonicalizer's repeated unescaping. A URL without an
// authority ("dns:archive.org", "mailto:a@b") is not transformed: it is returned with the
// steps above that apply to it, not lower-cased beyond its scheme ("DNS:Archive.org/a/./b#x"
// is "dns:Archive.org/a/b"), and, in a mailto: URL, with the domain of each address
// lower-cased ([NormalizeMailtoDomain]: "mailto:X@Y" is "mailto:X@y"), as [Normalize] writes
// it. A relative reference is an [*Error] with code [CodeNotAbsolute].
func SURT(u URL) (string, error) {
	u = plain(u)
	if u.flags&hasScheme == 0 {
		return "", &Error{Input: u.s, Code: CodeNotAbsolute, Rule: "SURT (web archive canonicalization)",
			Message: "a relative reference has no SURT form; resolve it against a base first"}
	}
	const opts = NormalizeLowerScheme | NormalizeLowerHost | NormalizeUpperEscapes |
		NormalizeDecodeUnreserved | NormalizeEncodeUnsafe | NormalizeRemoveDotSegments |
		NormalizeRemoveDefaultPort | NormalizeRemoveEmptyQuery | NormalizeRemoveFragment |
		NormalizeDecodeIPv4 | NormalizeRemoveHostTrailingDot | NormalizeRemoveDuplicateSlashes |
		NormalizeRemoveTrailingSlash | NormalizeMailtoDomain
	c, err := Normalize(u, opts)
	if err != nil {
		return "", err
	}
	if c.flags&hasAuthority == 0 {
		return c.s, nil
	}
	out := make([]byte, 0, len(c.s)+2)
	host := c.Host()
	if len(host) > 0 && host[0] == '[' {
		out = append(out, host...)
	} else {
		host = surtMassage(host)
		// Reverse the labels: "www.archive.org" → "org,archive".
		end := len(host)
		for i := len(host) - 1; i >= -1; i-- {
			if i == -1 || host[i] == '.' {
				if end < len(host) {
					out = append(out, ',')
				}
				out = append(out, host[i+1:end]...)
				end = i
			}
		}
	}
	if port, ok := c.Port(); ok {
		out = append(out, ':')
		out = append(out, port...)
	}
	out = append(out, ')')
	path := c.Path()
	if path == "" {
		path = "/"
	}
	out = appendLower(out, path)
	if q, ok := c.Query(); ok {
		out = append(out, '?')
		out = append(out, surtQuery(q)...)
	}
	return string(out), nil
}

// surtMassage removes a leading "www." or "www" + digits + "." (the surt package's
// host_massage: "^www\d*\.").
func surtMassage(h string) string {
	if len(h) < 4 || h[:3] != "www" {
		return h
	}
	i := 3
	for i < len(h) && '0' <= h[i] && h[i] <= '9' {
		i++
	}
	if i < len(h)-1 && h[i] == '.' {
		return h[i+1:]
	}
	return h
}

func appendLower(out []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		out = append(out, lowerByte(s[i]))
	}
	return out
}

// surtQuery lower-cases the query and sorts its "&"-separated pairs.
func surtQuery(q string) string {
	return joinSortedPairs(string(appendLower(nil, q)))
}
