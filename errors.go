package locator

import (
	"strconv"
)

// Code names a kind of problem, so that programs and tests compare codes, not messages.
// Codes are stable strings; new ones may be added. Each is listed with the functions that
// return it, and each Error or Finding that carries one also names the rule of the
// specification it applies (Rule). The zero value, "", is no code.
type Code string

// The codes that [Parse] returns in an [*Error]. The checkers add their own codes, listed with
// them.
const (
	CodeControl      Code = "control-character" // a byte 00–1F or 7F (RFC 1738 §2.2)
	CodeBadEscape    Code = "bad-escape"        // "%" not followed by two hex digits (RFC 1738 §2.2)
	CodeBadPort      Code = "bad-port"          // a port that is not digits (RFC 1738 §3.1)
	CodeBadIPLiteral Code = "bad-ip-literal"    // "[" without "]", or "]" not ending the host (RFC 3986 §3.2.2)
	CodeTooLong      Code = "too-long"          // longer than MaxLength bytes
	CodeEmpty        Code = "empty"             // the empty string where a URL is required
)

// MaxLength is the longest input Parse accepts: offsets are stored as uint32.
const MaxLength = 1<<32 - 1

// Error is a URL that cannot be parsed: it says which input, where, what kind of problem and
// which rule of which specification was broken. Use errors.As to reach it. Rule cites the
// specification (RFC 1738, RFC 3986, the drafts, or "locator ..." for the library's own
// arguments such as mode names); Code is what programs compare.
//
// The zero value is an error with no code, at offset 0 of an empty input; the functions of
// this package never return it.
type Error struct {
	Input   string // the input, whole
	Offset  int    // byte offset in Input where the problem is
	Code    Code   // the kind of problem
	Rule    string // the rule broken, such as "RFC 1738 §5 port"
	Message string // a sentence for people
}

// Error formats e as `locator: "input": message (at offset N, rule)`, the input cut to its
// first 200 bytes.
func (e *Error) Error() string {
	in := e.Input
	if len(in) > 200 {
		in = in[:200] + "…"
	}
	return "locator: " + strconv.Quote(in) + ": " + e.Message + " (at offset " +
		strconv.Itoa(e.Offset) + ", " + e.Rule + ")"
}

// Severity says how bad a [Finding] is. The zero value is SeverityError.
type Severity uint8

// The severities of a Finding.
const (
	SeverityError   Severity = iota // the URL breaks a rule of the chosen specification
	SeverityWarning                 // allowed, but unwise (RFC 1738 §6, or a "should" of the spec)
)

// String returns "error" or "warning".
func (s Severity) String() string {
	if s == SeverityWarning {
		return "warning"
	}
	return "error"
}

// MarshalText implements encoding.TextMarshaler ("error" or "warning").
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Finding is one result of a checker: a non-fatal diagnostic about a URL that did parse.
// Checkers return a list of them, in offset order. Rule cites the rule of the specification
// the checker follows, such as "RFC 1738 §5 hostname" or "RFC 3986 §3.2.2".
//
// The zero value is an error at offset 0 with no code: no checker returns it.
type Finding struct {
	Offset   int      `json:"offset"`   // byte offset in the URL's serialization
	Code     Code     `json:"code"`     // the kind of problem
	Rule     string   `json:"rule"`     // the rule, such as "RFC 1738 §5 hostname"
	Message  string   `json:"message"`  // a sentence for people
	Severity Severity `json:"severity"` // an error, or a warning: allowed but unwise
}

// String formats f as "error at offset 10: message [code, rule]".
func (f Finding) String() string {
	return f.Severity.String() + " at offset " + strconv.Itoa(f.Offset) + ": " + f.Message +
		" [" + string(f.Code) + ", " + f.Rule + "]"
}

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
	return 0, &Error{Input: name, Code: "unknown-spec", Rule: "locator specs",
		Message: "unknown specification; want rfc1738, rfc3986 or whatwg"}
}
