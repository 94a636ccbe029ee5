package locator

import "strconv"

// Spec names a specification that a checker or parser follows. The zero value is RFC1738.
type Spec uint8

// The specifications locator knows.
const (
	// RFC1738 is RFC 1738 with the additions of the 1994 URL draft (mid, cid, afs, the
	// prospero %00 version form, the URL: prefix). It is the default.
	RFC1738 Spec = iota
	// RFC3986 is RFC 3986, "Uniform Resource Identifier (URI): Generic Syntax".
	RFC3986
	// WHATWG is the WHATWG URL Standard.
	WHATWG
)

var specNames = [...]string{RFC1738: "rfc1738", RFC3986: "rfc3986", WHATWG: "whatwg"}

// String returns the name of s as [ParseSpec] accepts it ("rfc1738", "rfc3986" or
// "whatwg"), or "spec(N)" for a value out of range.
func (s Spec) String() string {
	if int(s) < len(specNames) {
		return specNames[s]
	}
	return "spec(" + strconv.Itoa(int(s)) + ")"
}

// ParseSpec returns the Spec named name ("rfc1738", "rfc3986" or "whatwg").
func ParseSpec(name string) (Spec, error) {
	for i, n := range specNames {
		if n == name {
			return Spec(i), nil
		}
	}
	return 0, &Error{Input: name, Code: CodeUnknownSpec, Rule: "locator specs",
		Message: "unknown specification; want rfc1738, rfc3986 or whatwg"}
}
