package main

import (
	"github.com/locator-url/locator"
)

// inspect returns the report of input under spec: analyze's, with the security notes
// that name RFC 1738 alone cited by RFC 3986 §7 under rfc3986, or left out (see
// rfc3986Security).
//
// For the lead: this policy belongs in scheme.Inspect, which replaces analyze.
func inspect(input string, spec locator.Spec) report {
	r := analyze(input, spec)
	if spec == locator.RFC3986 {
		r.findings = forRFC3986(r.findings)
	}
	return r
}

// rfc3986Security maps the code of each security note whose rule is RFC 1738's alone to the
// rule of RFC 3986 that names the same hazard, or to "" when RFC 3986 names none:
//   - a well-known port other than the scheme's: RFC 3986 §7.2 (Malicious Construction)
//     asks applications to refuse it, as RFC 1738 §6 does;
//   - a decoded CR, LF or tab, delimiters of the protocol lines: RFC 3986 §7.3 (Back-End
//     Transcoding), decoded octets "mistaken for delimiters";
//   - a port other than the default above 1023: RFC 3986 names no hazard (§7.2 speaks of
//     the well-known range only): left out;
//   - a character RFC 1738 §2.2 calls unsafe: under rfc3986 its checker reports the
//     character by RFC 3986's own classes (§2): left out.
var rfc3986Security = map[locator.Code]string{
	locator.CodePortReserved:     "RFC 3986 §7.2",
	locator.CodeEncodedLineBreak: "RFC 3986 §7.3",
	locator.CodeEncodedTab:       "RFC 3986 §7.3",
	locator.CodePortNotDefault:   "",
	locator.CodeUnencodedChar:    "",
}

// forRFC3986 applies rfc3986Security to the warnings of f, in place.
func forRFC3986(f []locator.Finding) []locator.Finding {
	out := f[:0]
	for _, x := range f {
		if rule, ok := rfc3986Security[x.Code]; ok && x.Severity == locator.SeverityWarning {
			if rule == "" {
				continue
			}
			x.Rule = rule
		}
		out = append(out, x)
	}
	return out
}
