package locator

import "strconv"

// Spec names a specification that a checker or parser follows. The zero value is RFC1738.
//
// Each of the four documents of the 1994 URL system (testdata/spec) is a spec of its own, so
// that "which document allows this?" has an answer: RFC1738 is RFC 1738 alone, strictly;
// URLDraft1994 the URL Internet Draft of March 1994 (the text RFC 1738 grew from, with mid,
// cid, afs and the prefixedurl form); URLDraft1993 the earlier URL draft (url6, 1993); and
// RFC1630 the "Universal Resource Identifiers in WWW" draft that became RFC 1630.
type Spec uint8

// The specifications locator knows.
const (
	// RFC1738 is RFC 1738, "Uniform Resource Locators (URL)", December 1994, alone and
	// strictly: its §5 BNF and its character classes. It is the default.
	RFC1738 Spec = iota
	// RFC3986 is RFC 3986, "Uniform Resource Identifier (URI): Generic Syntax".
	RFC3986
	// WHATWG is the WHATWG URL Standard.
	WHATWG
	// URLDraft1994 is the URL Internet Draft of March 1994 alone, by its own BNF and
	// character classes: the URL: prefix of prefixedurl, mid, cid and afs, the prospero %00
	// version form, ftp type codes with a format code or byte size (AN, L8), structured wais
	// paths, nntp group/digits — and its restrictions (a login of letters, digits and "-_.+",
	// no empty path segment but the last, no ";type=d").
	URLDraft1994
	// URLDraft1993 is the earlier URL Internet Draft (url6, 1993).
	URLDraft1993
	// RFC1630 is the "Universal Resource Identifiers in WWW" draft (uri-draft-www.txt),
	// published as RFC 1630. Where the published text differs (its BNF adds a class reserved
	// = "=" ";" "/" "#" "?" ":" space and takes ":", ";" and space out of extra), the draft's
	// text is followed.
	RFC1630
)

var specNames = [...]string{RFC1738: "rfc1738", RFC3986: "rfc3986", WHATWG: "whatwg",
	URLDraft1994: "url-draft-1994", URLDraft1993: "url-draft-1993", RFC1630: "rfc1630"}

// Specs returns every Spec, in the order of their values.
func Specs() []Spec {
	s := make([]Spec, len(specNames))
	for i := range s {
		s[i] = Spec(i)
	}
	return s
}

// String returns the name of s as [ParseSpec] accepts it ("rfc1738", "rfc3986", "whatwg",
// "url-draft-1994", "url-draft-1993" or "rfc1630"), or "spec(N)" for a value out of range.
func (s Spec) String() string {
	if int(s) < len(specNames) {
		return specNames[s]
	}
	return "spec(" + strconv.Itoa(int(s)) + ")"
}

// ParseSpec returns the Spec named name (see [Spec.String]).
func ParseSpec(name string) (Spec, error) {
	for i, n := range specNames {
		if n == name {
			return Spec(i), nil
		}
	}
	return 0, &Error{Input: name, Code: CodeUnknownSpec, Rule: "locator specs",
		Message: "unknown specification; want rfc1738, rfc3986, whatwg, url-draft-1994, url-draft-1993 or rfc1630"}
}

// MarshalText returns the name of s (see [Spec.String]), so that a Spec is written as its
// name in JSON and other text encodings. A value out of range is an error.
func (s Spec) MarshalText() ([]byte, error) {
	if int(s) >= len(specNames) {
		return nil, &Error{Input: s.String(), Code: CodeUnknownSpec, Rule: "locator specs",
			Message: "no such specification"}
	}
	return []byte(specNames[s]), nil
}

// UnmarshalText sets s to the Spec named text, as [ParseSpec] reads it.
func (s *Spec) UnmarshalText(text []byte) error {
	v, err := ParseSpec(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}
