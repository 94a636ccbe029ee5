package main

import (
	"fmt"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/locator-url/locator/whatwg"
)

// normalize --spec and equal --spec: each spec's encoding level (locator.NormalizeFor,
// locator.EquivalentFor), and equal --spec whatwg, which compares the URL Standard's hrefs.

// levelRule names, for equal --explain, the rule of each spec's encoding level.
var levelRule = map[locator.Spec]string{
	locator.RFC1738:      "RFC 1738 §2.2, §5: decode alpha, digit, safe, extra; encode unsafe, ~",
	locator.URLDraft1994: "the 1994 URL draft, BNF: decode xalpha but = ; +; encode national, ~",
	locator.URLDraft1993: "the 1993 URL draft, BNF syntax: decode xalpha but + =; encode ~",
	locator.RFC1630:      "the URI draft, BNF syntax: decode xalpha but + =; encode national, ~",
	locator.RFC3986:      "RFC 3986 §6.2.2.2: decode unreserved, ~ included",
}

// stepHref is the step of equal --spec whatwg: A and B are equal once both are parsed by the
// URL Standard and serialized (its "URL equivalence": the hrefs are identical).
const stepHref = "href"

// equalURL is A or B of equal as read under a spec: the URL (locator.ParseAs), or under
// whatwg the URL Standard's href alone, which the standard's "URL equivalence" compares as a
// string. An href is not always a URI: the standard keeps a "%" not followed by two hex
// digits as written (WHATWG URL §4.4 path state: "If c is U+0025 (%) and remaining does not
// start with two ASCII hex digits, invalid-URL-unit validation error", and on), which
// locator.Parse refuses (RFC 3986 §2.1); "http://a/%zz" was an error of equal --spec whatwg.
type equalURL struct {
	u    locator.URL // the URL, under every spec but whatwg
	href string      // under whatwg, the href
}

// equalParse reads A or B of equal under spec (what: "A" or "B", for the message of a
// byte-order mark, which is refused); under whatwg the URL Standard's href is taken.
func equalParse(s, what string, spec locator.Spec) (equalURL, error) {
	if err := lineops.CheckBOMOf(s, what); err != nil {
		return equalURL{}, err
	}
	if spec == locator.WHATWG {
		w, err := whatwg.Parse(s, nil)
		if err != nil {
			return equalURL{}, err
		}
		return equalURL{href: w.Href()}, nil
	}
	u, err := locator.ParseAs(s, spec)
	return equalURL{u: u}, err
}

// equivalentFor reports whether a and b, read by equalParse, are equivalent under spec: the
// same href under whatwg (the URL Standard, "URL equivalence"), locator.EquivalentFor under
// every other spec.
func equivalentFor(a, b equalURL, spec locator.Spec) bool {
	if spec == locator.WHATWG {
		return a.href == b.href
	}
	return locator.EquivalentFor(a.u, b.u, spec)
}

// hrefComponents returns the components of a WHATWG href, named as lineops.Components names
// them, split as RFC 3986 Appendix B splits a URI reference:
//
//	^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//
// and the authority at its "@" and at the ":" of a port (after a "]" of an IPv6 address).
// That split holds for every href, one that locator.Parse refuses too (a "%" the standard
// keeps): its serializer writes "#" only before the fragment, "?" before it only before the
// query (the percent-encode sets of the path and the query hold "#", of the path and the
// userinfo "?"), "@" only after the userinfo (whose set holds "@"), and "//" after the scheme
// only before a host (a path that would start with "//" is written "/.//", WHATWG URL §4.5).
func hrefComponents(href string) [8]lineops.Component {
	var c [8]lineops.Component
	for i, n := range urlComponents {
		c[i].Name = n
	}
	rest := href
	if i := strings.IndexAny(rest, ":/?#"); i > 0 && rest[i] == ':' {
		c[0].Value, c[0].Present, rest = rest[:i], true, rest[i+1:]
	}
	if strings.HasPrefix(rest, "//") {
		auth := rest[2:]
		rest = ""
		if i := strings.IndexAny(auth, "/?#"); i >= 0 {
			auth, rest = auth[:i], auth[i:]
		}
		if at := strings.LastIndexByte(auth, '@'); at >= 0 {
			user, pass, hasPass := strings.Cut(auth[:at], ":")
			c[1].Value, c[1].Present = user, true
			c[2].Value, c[2].Present = pass, hasPass
			auth = auth[at+1:]
		}
		if i := strings.LastIndexByte(auth, ':'); i >= 0 && i > strings.LastIndexByte(auth, ']') {
			c[4].Value, c[4].Present = auth[i+1:], true
			auth = auth[:i]
		}
		c[3].Value, c[3].Present = auth, true
	}
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		c[7].Value, c[7].Present, rest = rest[i+1:], true, rest[:i]
	}
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		c[6].Value, c[6].Present, rest = rest[i+1:], true, rest[:i]
	}
	c[5].Value, c[5].Present = rest, true
	return c
}

// equalLineFor is equal - under spec, for one line "A\tB". A pair counts as valid when it is
// equivalent; its scheme is A's.
func equalLineFor(spec locator.Spec) lineFunc {
	return func(dst []byte, line string, st *stats) []byte {
		a, b, ok := strings.Cut(line, "\t")
		if !ok {
			st.result(false, schemeOf(line), "no-tab")
			return appendErrorLine(dst, errNoTab)
		}
		err := lineops.CheckBOMOf(a, "A")
		if err == nil {
			err = lineops.CheckBOMOf(b, "B")
		}
		var ua equalURL
		if err == nil {
			ua, err = equalParse(a, "A", spec)
		}
		if err == nil {
			var ub equalURL
			if ub, err = equalParse(b, "B", spec); err == nil {
				eq := equivalentFor(ua, ub, spec)
				st.result(eq, schemeOf(a), "")
				if eq {
					return append(dst, "equivalent\n"...)
				}
				return append(dst, "not equivalent\n"...)
			}
		}
		st.result(false, schemeOf(a), errCode(err))
		return appendErrorLine(dst, err)
	}
}

// appendExplainHref appends the comparison of equal --explain --spec whatwg: A and B as given
// and as the URL Standard serializes them (sa and sb are the arguments, a and c their hrefs,
// whose components hrefComponents splits).
func appendExplainHref(b []byte, sa, sb string, a, c string, eq bool) []byte {
	const format = "%-26s %s  %s\n"
	b = fmt.Appendf(b, format, "given", "A", display.Append(nil, sa))
	b = fmt.Appendf(b, format, "given", "B", display.Append(nil, sb))
	if sa == sb {
		return append(b, "equal as given\n"...)
	}
	b = fmt.Appendf(b, "%-26s %s\n", "rule", "whatwg: the URL Standard, URL equivalence: identical hrefs")
	if a != sa {
		b = fmt.Appendf(b, format, stepHref, "A", display.Append(nil, a))
	}
	if c != sb {
		b = fmt.Appendf(b, format, stepHref, "B", display.Append(nil, c))
	}
	if eq {
		return fmt.Appendf(b, "equal after %s\n", stepHref)
	}
	return appendDifferingParts(b, hrefComponents(a), hrefComponents(c))
}
