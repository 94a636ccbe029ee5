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

// equalParse reads A or B of equal under spec (what: "A" or "B", for the message of a
// byte-order mark, which is refused), and under whatwg the URL Standard's href is taken
// (then read as a URI reference to be compared).
func equalParse(s, what string, spec locator.Spec) (locator.URL, error) {
	if err := lineops.CheckBOMOf(s, what); err != nil {
		return locator.URL{}, err
	}
	if spec == locator.WHATWG {
		w, err := whatwg.Parse(s, nil)
		if err != nil {
			return locator.URL{}, err
		}
		s = w.Href()
	}
	return locator.ParseAs(s, spec)
}

// equivalentFor reports whether a and b, read by equalParse, are equivalent under spec: the
// same href under whatwg (the URL Standard, "URL equivalence"), locator.EquivalentFor under
// every other spec.
func equivalentFor(a, b locator.URL, spec locator.Spec) bool {
	if spec == locator.WHATWG {
		return a == b
	}
	return locator.EquivalentFor(a, b, spec)
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
		var ua locator.URL
		if err == nil {
			ua, err = equalParse(a, "A", spec)
		}
		if err == nil {
			var ub locator.URL
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
// and as the URL Standard serializes them (sa and sb are the arguments, a and c their hrefs).
func appendExplainHref(b []byte, sa, sb string, a, c locator.URL, eq bool) []byte {
	const format = "%-26s %s  %s\n"
	b = fmt.Appendf(b, format, "given", "A", display.Append(nil, sa))
	b = fmt.Appendf(b, format, "given", "B", display.Append(nil, sb))
	if sa == sb {
		return append(b, "equal as given\n"...)
	}
	b = fmt.Appendf(b, "%-26s %s\n", "rule", "whatwg: the URL Standard, URL equivalence: identical hrefs")
	if a.String() != sa {
		b = fmt.Appendf(b, format, stepHref, "A", display.Append(nil, a.String()))
	}
	if c.String() != sb {
		b = fmt.Appendf(b, format, stepHref, "B", display.Append(nil, c.String()))
	}
	if eq {
		return fmt.Appendf(b, "equal after %s\n", stepHref)
	}
	return appendDiffering(b, a, c)
}
