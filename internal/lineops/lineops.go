// Package lineops holds the per-line work of the locator command's bulk path and the text of
// its lines, once, for the command (cmd/locator) and the Beam transforms (module
// github.com/locator-url/locator/beam, package urlx), whose output must be the command's,
// byte for byte: normalize's operation (Normalizer), the byte-order-mark check (CheckBOM),
// the error text ("MESSAGE [CODE, RULE]"), check's header, parse's compact line and
// extract's line. Every byte of an input shown goes through internal/display.
package lineops

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/extract"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/scheme"
	"github.com/locator-url/locator/whatwg"
)

// BOM is the UTF-8 byte-order mark, U+FEFF.
const BOM = "\ufeff"

// CodeByteOrderMark is the code of a line that starts with a byte-order mark.
const CodeByteOrderMark locator.Code = "byte-order-mark"

// CheckBOM returns an error when s starts with a byte-order mark. U+FEFF is not a URL
// character (RFC 3986 §2; RFC 1738 §2.2: a URL is written in printable US-ASCII), and a
// command that would carry it into its result (normalize percent-encodes it, resolve and
// relative keep it) reports it instead, at offset 0, so that a file saved with a BOM is
// noticed rather than turned into a URL that differs from the one meant.
func CheckBOM(s string) error {
	return CheckBOMOf(s, "the line")
}

// CheckBOMOf is CheckBOM for an input that is not a whole line, named by what ("A", "B" of
// equal), which the message says starts with the mark.
func CheckBOMOf(s, what string) error {
	if len(s) >= len(BOM) && s[:len(BOM)] == BOM {
		return &locator.Error{Input: s, Offset: 0, Code: CodeByteOrderMark,
			Rule: "RFC 3986 §2; RFC 3629 §6", Message: what + " starts with a byte-order mark (U+FEFF), which is not part of a URL"}
	}
	return nil
}

// ErrParts returns the message, code, rule and offset of an error of package locator or
// whatwg (a WHATWG error's message is its code and offset); another error has the code
// "error", the rule "locator" and offset 0.
func ErrParts(err error) (msg, code, rule string, offset int) {
	var we *whatwg.Error
	if errors.As(err, &we) {
		msg = string(we.Code)
		if we.Offset >= 0 {
			msg = fmt.Sprintf("%s at offset %d", we.Code, we.Offset)
			offset = we.Offset
		}
		return msg, string(we.Code), we.Rule, offset
	}
	var le *locator.Error
	if errors.As(err, &le) {
		return le.Message, string(le.Code), le.Rule, le.Offset
	}
	return err.Error(), "error", "locator", 0
}

// AppendFindingText appends "MESSAGE [CODE, RULE]", each shown by display.Append.
func AppendFindingText(b []byte, msg, code, rule string) []byte {
	b = display.Append(b, msg)
	b = append(b, " ["...)
	b = display.Append(b, code)
	b = append(b, ", "...)
	b = display.Append(b, rule)
	return append(b, ']')
}

// AppendHeader appends ":OFFSET: SEVERITY: MESSAGE [CODE, RULE]", the rest of check's header
// of a finding after the URL (without a newline).
func AppendHeader(b []byte, offset int, severity, msg, code, rule string) []byte {
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(offset), 10)
	b = append(b, ": "...)
	b = append(b, severity...)
	b = append(b, ": "...)
	return AppendFindingText(b, msg, code, rule)
}

// Normalizer is what normalize does to one URL: a line that starts with a byte-order mark is
// refused (CheckBOM); with WHATWG the URL is first read by the WHATWG URL Standard (its
// href); then it is parsed as Spec writes URLs (locator.ParseAs, as equal reads A and B: under
// RFC 1738 and the 1994 URL draft with a "URL:" prefix and RFC 1738 §5 logins, under the
// others by the generic syntax, where "URL:" is a scheme and "?" ends the authority, RFC
// 3986 §3.2) and written in SURT form, or normalized by locator.NormalizeFor.
type Normalizer struct {
	Flags  locator.NormalizeFlags
	SURT   bool
	WHATWG bool
	Spec   locator.Spec // the encoding level (locator.NormalizeFor)
}

// Normalize returns the normal form of s, or why there is none.
func (n Normalizer) Normalize(s string) (string, error) {
	if err := CheckBOM(s); err != nil {
		return "", err
	}
	if n.WHATWG {
		w, err := whatwg.Parse(s, nil)
		if err != nil {
			return "", err
		}
		s = w.Href()
	}
	spec := n.Spec // read as equal reads it, so that one normal form stands for equivalent URLs
	if n.WHATWG {
		spec = locator.WHATWG // the href: "URL:x:y" is the scheme url
	}
	u, err := locator.ParseAs(s, spec)
	if err != nil {
		if e, ok := err.(*locator.Error); ok && n.WHATWG && e.Code == locator.CodeBadEscape {
			// The URL Standard keeps a "%" not followed by two hex digits as written (WHATWG
			// URL §4.4, path, query and fragment states: an invalid-URL-unit validation
			// error), so its href is no URI; RFC 3986 §6.2.2's steps, and a SURT key, need one.
			return "", &locator.Error{Input: e.Input, Offset: e.Offset, Code: e.Code, Rule: "RFC 3986 §2.1 pct-encoded",
				Message: "the URL Standard's href keeps a \"%\" not followed by two hex digits: it is no URI, and RFC 3986 normalization (§6.2) needs one"}
		}
		return "", err
	}
	if n.SURT {
		return locator.SURT(u)
	}
	r, err := locator.NormalizeFor(u, n.Spec, n.Flags)
	if err != nil {
		return "", err
	}
	return r.String(), nil
}

// Component is one component of a URL: its name, its value as written, and whether it is
// present.
type Component struct {
	Name    string
	Value   string
	Present bool
}

// Components returns u's components in the order of parse's JSON and compact forms: scheme,
// user, password, host, port, path, query, fragment.
func Components(u locator.URL) [8]Component {
	var c [8]Component
	c[0] = Component{"scheme", u.Scheme(), u.HasScheme()}
	c[1].Name = "user"
	c[1].Value, c[1].Present = u.User()
	c[2].Name = "password"
	c[2].Value, c[2].Present = u.Password()
	c[3] = Component{"host", u.Host(), u.HasAuthority()}
	c[4].Name = "port"
	c[4].Value, c[4].Present = u.Port()
	c[5] = Component{"path", u.Path(), true}
	c[6].Name = "query"
	c[6].Value, c[6].Present = u.Query()
	c[7].Name = "fragment"
	c[7].Value, c[7].Present = u.Fragment()
	return c
}

// AppendCompact appends parse's one-line form of a report (without a newline): the input,
// "valid" or "invalid", and its eight components, each quoted and tab-separated ("-" for an
// absent one, and for all of them when the URL did not parse).
func AppendCompact(b []byte, r *scheme.Report) []byte {
	b = display.AppendQuoted(b, r.Input)
	if r.Valid() {
		b = append(b, "\tvalid"...)
	} else {
		b = append(b, "\tinvalid"...)
	}
	if !r.Parsed {
		for range 8 {
			b = append(b, "\t-"...)
		}
		return b
	}
	for _, c := range Components(r.URL) {
		b = append(b, '\t')
		if c.Present {
			b = display.AppendQuoted(b, c.Value)
		} else {
			b = append(b, '-')
		}
	}
	return b
}

// AppendExtractFinding appends extract's line of f after the file name (without a newline):
// the URL, its start and end offsets, its form, "valid" or "invalid", and its alternatives,
// tab-separated.
func AppendExtractFinding(b []byte, f extract.Finding) []byte {
	b = display.Append(b, f.URL)
	b = append(b, '\t')
	b = strconv.AppendInt(b, int64(f.Start), 10)
	b = append(b, '\t')
	b = strconv.AppendInt(b, int64(f.End), 10)
	b = append(b, '\t')
	b = append(b, f.Form.String()...)
	if f.Valid {
		b = append(b, "\tvalid"...)
	} else {
		b = append(b, "\tinvalid"...)
	}
	for _, a := range f.Alternatives {
		b = append(b, '\t')
		b = display.Append(b, a)
	}
	return b
}
