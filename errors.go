package locator

import (
	"strconv"
	"unicode/utf8"

	"github.com/locator-url/locator/internal/display"
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

// CodeNoScheme is returned by ParseAbsolute for a reference without a scheme.
const CodeNoScheme Code = "no-scheme"

// CodeUnknownNormalize: ParseNormalizeFlags does not know a name, or NormalizeFlags.MarshalText
// a bit.
const CodeUnknownNormalize Code = "unknown-normalization"

// CodeUnknownSpec: ParseSpec does not know a name.
const CodeUnknownSpec Code = "unknown-spec"

// CodeUnknownName: the UnmarshalText of Severity or SchemeStatus does not know a name.
const CodeUnknownName Code = "unknown-name"

// The codes of [URL.NetURL] and [FromNetURL].
const (
	CodeNetURLRejects Code = "net-url-rejects" // net/url.Parse fails on the URL
	CodeNetURLLossy   Code = "net-url-lossy"   // the conversion would change the URL
	CodeNilURL        Code = "nil-url"         // FromNetURL was given a nil *url.URL
)

// The codes of Resolve, Relative, Normalize and SURT.
const (
	// CodeNotImplemented: the mode exists but is not implemented yet (ModeWHATWG).
	CodeNotImplemented Code = "not-implemented"
	// CodeUnknownMode: ParseMode does not know the name, or a Mode value is out of range.
	CodeUnknownMode Code = "unknown-mode"
	// CodeBaseNotAbsolute: the base URL has no scheme. RFC 3986 §5.1 and §5.2.1: "only the
	// scheme component is required to be present in a base URI"; RFC 1808 §4 step 1.
	CodeBaseNotAbsolute Code = "base-not-absolute"
	// CodeNoRelative: no reference resolves to the target under the mode (Relative).
	CodeNoRelative Code = "no-relative-reference"
	// CodeNotAbsolute: SURT was given a relative reference.
	CodeNotAbsolute Code = "not-absolute"
	// CodeComposeFailed: the composed result does not parse. It is not expected to happen;
	// it exists so that resolution reports rather than panics.
	CodeComposeFailed Code = "compose-failed"
)

// The codes of the RFC 1738 checkers (scheme.Check with [RFC1738]: the scheme-independent
// rules, hostport, login and the character classes that every scheme's checker applies). A
// control character found by a checker is reported with [CodeControl].
const (
	// CodeUnsafeChar: an unsafe character used unencoded: space, "<", ">", <">, "#" or a
	// "%" that does not start an escape (RFC 1738 §2.2: "All unsafe characters must always
	// be encoded within a URL").
	CodeUnsafeChar Code = "unsafe-char"
	// CodeNationalChar: one of "{", "}", "|", "\", "^", "~", "[", "]", "`" used unencoded;
	// RFC 1738 §2.2 calls them unsafe because "gateways and other transport agents are known
	// to sometimes modify such characters".
	CodeNationalChar Code = "national-char"
	// CodeNonASCII: an octet 80–FF used unencoded (RFC 1738 §2.2: "octets ... not used in
	// US-ASCII ... are not allowed"). One finding per UTF-8 character.
	CodeNonASCII Code = "non-ascii"
	// CodeReservedChar: a reserved character (";", "/", "?", ":", "@", "&", "=") used where
	// its production does not allow it, so it must be encoded (RFC 1738 §2.2: "If the
	// character corresponding to an octet is reserved in a scheme, the octet must be
	// encoded").
	CodeReservedChar Code = "reserved-unencoded"
	// CodeDisallowedChar: a character that its production does not allow, neither reserved
	// nor unsafe (such as "_" where only letters are allowed).
	CodeDisallowedChar Code = "char-not-allowed"

	// CodeSchemeUpperCase (warning): the scheme has upper-case letters; RFC 1738 §5 says
	// "the scheme is in lower case; interpreters should use case-ignore" (§2.1).
	CodeSchemeUpperCase Code = "scheme-upper-case"
	// CodeSchemeDigitFirst (warning): the scheme starts with a digit, "+", "-" or ".", which
	// RFC 1738 §5 scheme allows and RFC 3986 §3.1 does not; [Parse] read the URL as a
	// relative reference.
	CodeSchemeDigitFirst Code = "scheme-not-letter-first"

	// CodeEmptyHost: no host where RFC 1738 §5 hostport requires one.
	CodeEmptyHost Code = "empty-host"
	// CodeIPLiteral: a host in brackets ("[::1]"), which RFC 3986 §3.2.2 defines and RFC 1738
	// §5 host does not.
	CodeIPLiteral Code = "ip-literal-not-rfc1738"
	// CodeTrailingDot: a host name ending in "." ("host.com."): an absolute DNS name
	// (RFC 1034 §3.1) but not RFC 1738 §5 hostname.
	CodeTrailingDot Code = "host-trailing-dot"
	// CodeEmptyLabel: an empty label in a host name ("a..b", ".a").
	CodeEmptyLabel Code = "host-empty-label"
	// CodeLabelHyphen: a domain label that starts or ends with "-" (RFC 1738 §5 domainlabel).
	CodeLabelHyphen Code = "host-label-hyphen"
	// CodeTopLabelDigit: the rightmost label starts with a digit (RFC 1738 §5 toplabel; §3.1
	// "The rightmost domain label will never start with a digit").
	CodeTopLabelDigit Code = "host-toplabel-digit"
	// CodeBadHostChar: a character that a host name cannot hold (RFC 1738 §5 hostname:
	// letters, digits, "-" and "."), an escape included.
	CodeBadHostChar Code = "host-bad-char"
	// CodeLabelTooLong (warning): a label longer than 63 octets (RFC 1034 §3.1).
	CodeLabelTooLong Code = "host-label-too-long"
	// CodeHostTooLong (warning): a host name longer than 255 octets (RFC 1034 §3.1).
	CodeHostTooLong Code = "host-too-long"
	// CodeBadHostNumber: digits and dots that are not four groups of digits (RFC 1738 §5
	// hostnumber).
	CodeBadHostNumber Code = "bad-hostnumber"
	// CodeHostNumberRange (warning): a hostnumber group above 255, which is no IPv4 address
	// (RFC 1738 §3.1 "four decimal digit groups"; RFC 791 §3.2, 8-bit octets).
	CodeHostNumberRange Code = "hostnumber-out-of-range"
	// CodeEmptyPort: a ":" with no port digits after it (RFC 1738 §5 port = digits; §3.1 "If
	// the port is omitted, the colon is as well").
	CodeEmptyPort Code = "empty-port"
	// CodePortRange: a port above 65535 (TCP and UDP ports are 16 bits: RFC 793 §3.1); a
	// warning under RFC 1738, whose §5 port is any digits.
	CodePortRange Code = "port-out-of-range"
)

// The codes of the RFC 3986 checker (scheme.Check with [RFC3986]), besides the character
// codes it shares with the RFC 1738 checkers ([CodeControl], [CodeNonASCII], [CodeReservedChar], [CodeDisallowedChar]) and
// [CodeSchemeUpperCase] and [CodeEmptyPort], which it reports as warnings.
const (
	// CodeBadIPv6: an IP literal that is not RFC 3986 §3.2.2 IPv6address (one of its nine
	// forms, with h16 = 1*4HEXDIG and an optional final IPv4address).
	CodeBadIPv6 Code = "bad-ipv6address"
	// CodeBadIPvFuture: an IP literal starting with "v" that is not RFC 3986 §3.2.2
	// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
	CodeBadIPvFuture Code = "bad-ipvfuture"
	// CodeZoneID: an IPv6 zone identifier ("[fe80::1%25eth0]"), which RFC 6874 adds and
	// RFC 3986 §3.2.2 IP-literal does not allow.
	CodeZoneID Code = "zone-id-not-rfc3986"
	// CodeIPv4LikeRegName (warning): a host of four dot-separated decimal groups that is not
	// IPv4address (a group above 255 or with a leading zero), and so is a reg-name by
	// RFC 3986 §3.2.2 ("the first-match-wins algorithm") — yet many resolvers read it as an
	// address, some in octal (§7.4).
	CodeIPv4LikeRegName Code = "ipv4-like-reg-name"
	// CodeColonInFirstSegment: a relative reference whose first path segment holds ":", which
	// would be read as a scheme (RFC 3986 §4.2, §3.3 path-noscheme). Write "./" before it.
	CodeColonInFirstSegment Code = "colon-in-first-segment"
	// CodeDoubleSlashPath: a path starting with "//" without an authority (RFC 3986 §3.3:
	// "the path cannot begin with two slash characters"). [Parse] never produces one.
	CodeDoubleSlashPath Code = "path-double-slash"
)

// MaxFindings is the most findings a checker lists for one URL (scheme.Check, and Security):
// past it, findings are counted but not built, and the list ends with one more finding of
// code [CodeTooManyFindings] that says how many were left out. It keeps checking linear in
// time and memory: a host of a million empty labels gives MaxFindings findings and a count,
// not a million findings.
const MaxFindings = 100

// CodeTooManyFindings: the last finding of a list cut at [MaxFindings]; its message says
// how many more findings there are, and its offset is that of the last finding shown (from
// scheme.Check, which keeps the findings of the smallest offsets, the ones left out are at it
// or after it). It is an error when one of those left out is.
const CodeTooManyFindings Code = "too-many-findings"

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

// Error formats e as `locator: "input": message (at offset N, rule)`, an input longer than 200
// bytes cut to about 200 of them: its first 200 when the offset is among its first 150, else
// the 200 around the offset (each cut between characters, "…" on each cut side), so that the
// message shows the problem in a long input too. The input is shown as package display shows
// bytes to a person (controls, invalid UTF-8 and format characters escaped), in double quotes.
func (e *Error) Error() string {
	in := e.Input
	if len(in) > 200 {
		lo := 0
		if e.Offset > 150 {
			lo = min(e.Offset-100, len(in)-200)
		}
		hi := lo + 200
		// Each cut moved out to a character's start: at most three bytes (invalid UTF-8 has
		// none).
		for k := 0; k < utf8.UTFMax-1 && lo > 0 && !utf8.RuneStart(in[lo]); k++ {
			lo--
		}
		for k := 0; k < utf8.UTFMax-1 && hi < len(in) && !utf8.RuneStart(in[hi]); k++ {
			hi++
		}
		cut := in[lo:hi]
		if lo > 0 {
			cut = "…" + cut
		}
		if hi < len(in) {
			cut += "…"
		}
		in = cut
	}
	// The input goes through package display, the one escaping of bytes shown to a person
	// (controls, invalid UTF-8, format characters), as a Go string literal.
	b := make([]byte, 0, len(in)+len(e.Message)+len(e.Rule)+48)
	b = append(b, "locator: "...)
	b = display.AppendQuoted(b, in)
	b = append(b, ": "...)
	b = append(b, e.Message...)
	b = append(b, " (at offset "...)
	b = strconv.AppendInt(b, int64(e.Offset), 10)
	b = append(b, ", "...)
	b = append(b, e.Rule...)
	return string(append(b, ')'))
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

// MarshalText implements encoding.TextMarshaler ("error" or "warning"). A value out of range
// is an [*Error] with code [CodeUnknownName], not written as "error": that would read back as
// [SeverityError], another value.
func (s Severity) MarshalText() ([]byte, error) {
	if s > SeverityWarning {
		return nil, &Error{Input: "severity(" + strconv.Itoa(int(s)) + ")", Code: CodeUnknownName,
			Rule: "locator severity names", Message: "no such severity"}
	}
	return []byte(s.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler: "error" or "warning", as MarshalText
// writes them, so that a Finding read back from JSON is the Finding written. Any other text is
// an *Error with code CodeUnknownName.
func (s *Severity) UnmarshalText(text []byte) error {
	switch string(text) {
	case "error":
		*s = SeverityError
	case "warning":
		*s = SeverityWarning
	default:
		return unknownName(text, "severity", "want error or warning")
	}
	return nil
}

// unknownName is the error of an UnmarshalText that does not know text, a name of kind.
func unknownName(text []byte, kind, want string) *Error {
	return &Error{Input: string(text), Offset: 0, Code: CodeUnknownName, Rule: "locator " + kind + " names",
		Message: "unknown " + kind + "; " + want}
}

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
