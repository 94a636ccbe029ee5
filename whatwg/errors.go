package whatwg

import (
	"strconv"

	"github.com/locator-url/locator/internal/display"
)

// Code names a validation error of the URL Standard (§1.1 "Writing", the table of validation
// errors), such as "invalid-URL-unit" or "IPv4-empty-part". Codes are the standard's own names,
// so they can be looked up there. A few codes that the standard leaves unnamed (a setter that
// leaves the URL unchanged) are prefixed "API-". The zero value, "", is no code.
type Code string

// The validation errors of the URL Standard, §1.1 "Writing", in the order of the standard's
// table, named as there (each constant is the Go spelling of its value). The table says for each
// what input triggers it and whether it is a failure; TestValidationErrors holds one example of
// each.
const (
	DomainToASCII                        Code = "domain-to-ASCII"
	DomainPercentEncoded                 Code = "domain-percent-encoded"
	HostInvalidCodePoint                 Code = "host-invalid-code-point"
	IPv4EmptyPart                        Code = "IPv4-empty-part"
	IPv4TooFewParts                      Code = "IPv4-too-few-parts"
	IPv4TooManyParts                     Code = "IPv4-too-many-parts"
	IPv4NonNumericPart                   Code = "IPv4-non-numeric-part"
	IPv4NonDecimalPart                   Code = "IPv4-non-decimal-part"
	IPv4OutOfRangePart                   Code = "IPv4-out-of-range-part"
	IPv4NonASCIIInput                    Code = "IPv4-non-ASCII-input"
	IPv6Unclosed                         Code = "IPv6-unclosed"
	IPv6InvalidCompression               Code = "IPv6-invalid-compression"
	IPv6TooManyPieces                    Code = "IPv6-too-many-pieces"
	IPv6MultipleCompression              Code = "IPv6-multiple-compression"
	IPv6InvalidCodePoint                 Code = "IPv6-invalid-code-point"
	IPv6TooFewPieces                     Code = "IPv6-too-few-pieces"
	IPv6PieceLeadingZero                 Code = "IPv6-piece-leading-zero"
	IPv4InIPv6TooManyPieces              Code = "IPv4-in-IPv6-too-many-pieces"
	IPv4InIPv6InvalidCodePoint           Code = "IPv4-in-IPv6-invalid-code-point"
	IPv4InIPv6OutOfRangePart             Code = "IPv4-in-IPv6-out-of-range-part"
	IPv4InIPv6TooFewParts                Code = "IPv4-in-IPv6-too-few-parts"
	InvalidURLUnit                       Code = "invalid-URL-unit"
	SpecialSchemeMissingFollowingSolidus Code = "special-scheme-missing-following-solidus"
	MissingSchemeNonRelativeURL          Code = "missing-scheme-non-relative-URL"
	InvalidReverseSolidus                Code = "invalid-reverse-solidus"
	InvalidCredentials                   Code = "invalid-credentials"
	HostMissing                          Code = "host-missing"
	PortOutOfRange                       Code = "port-out-of-range"
	PortInvalid                          Code = "port-invalid"
	FileInvalidWindowsDriveLetter        Code = "file-invalid-Windows-drive-letter"
	FileInvalidWindowsDriveLetterHost    Code = "file-invalid-Windows-drive-letter-host"
	// APISetterIgnored: a setter (§6.1 "URL class") whose value the basic URL parser, run with a
	// state override, returned on without changing the URL, or returned failure for where the
	// standard names no validation error (the "API validation error" comments in §4.4).
	APISetterIgnored Code = "API-setter-ignored"
	// TooLong: the href would be longer than 4 GiB, which a URL cannot hold (its offsets are
	// uint32). This is a limit of this package, not of the standard.
	TooLong Code = "URL-too-long"
	// TooManyErrors: [ParseValidate] found more than [MaxValidationErrors] validation errors;
	// this last entry (before a failure, if any) stands for the rest: its Rule says how many,
	// its Offset is that of the first one left out. A limit of this package, not of the
	// standard.
	TooManyErrors Code = "URL-too-many-validation-errors"
)

// Error is a failure of the basic URL parser (§4.4 "URL parsing"), of host parsing or of a
// setter. It carries the input, the byte offset in Input where the parser stopped (-1 when no
// single place is to blame), the validation error that made it fail, and the state or algorithm
// of the standard that returned failure. Use errors.As to reach it. The zero value is not an
// error the package returns: every one has a Code.
type Error struct {
	Input  string // the input, whole, as given
	Offset int    // byte offset in Input, or -1
	Code   Code   // the standard's name for the validation error
	Rule   string // where the standard returns failure, e.g. "WHATWG URL §4.4 port state"
}

// Error returns the input, the code, the offset and the rule. The input is shown in its display
// form (package internal/display: controls and invalid UTF-8 escaped) and bounded: an input
// longer than display.MaxQuote bytes is shown as a window of that many bytes around the offset
// (or its start, without one), with "…" where it is cut, so the message stays short whatever
// the input.
func (e *Error) Error() string {
	var in string
	if e.Offset < 0 || len(e.Input) <= display.MaxQuote {
		in = display.Quote(e.Input)
	} else {
		w, _ := display.Window(e.Input, e.Offset, display.MaxQuote)
		in = `"` + w + `"`
	}
	s := "whatwg: " + in + ": " + string(e.Code)
	if e.Offset >= 0 {
		s += " at offset " + strconv.Itoa(e.Offset)
	}
	return s + " (" + e.Rule + ")"
}

// ErrorCode returns e.Code as a string: how a package that does not import this one (package
// scheme, whose table of every resolution mode reaches the parser through
// locator.ResolveRegistered) names the failure.
func (e *Error) ErrorCode() string { return string(e.Code) }

// ValidationError is a non-fatal finding of the parser (§1.1 "Writing"): the URL still parses,
// but the input was not a valid URL string. Offset is a byte offset in the input given to the
// parser, or -1 when the error concerns a value computed from it (such as a decoded host).
// The zero value has no code; the parser never reports it.
type ValidationError struct {
	Offset int    `json:"offset"` // byte offset in the input, or -1
	Code   Code   `json:"code"`   // the standard's name for the validation error
	Rule   string `json:"rule"`   // the state or algorithm that reports it
}

// String returns the code, the offset and the rule.
func (v ValidationError) String() string {
	return string(v.Code) + " at offset " + strconv.Itoa(v.Offset) + " (" + v.Rule + ")"
}
