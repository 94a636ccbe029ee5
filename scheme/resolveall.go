package scheme

import (
	"errors"
	"strconv"

	"github.com/locator-url/locator"
)

// Resolver resolves references against one base by any resolution mode of package locator
// (locator.Modes), checking each reference and the base by the checker of the mode's
// document (see modeSpec), as `locator resolve` does; [Resolver.ResolveAll] gives the row of
// `locator resolve --all-specs`. The WHATWG mode uses the resolver package whatwg registers
// (locator.ResolveRegistered; a program that does not import package whatwg gets an error in
// that mode), on the strings, so that a reference only the URL Standard accepts (a "%"
// without two hex digits, tabs and newlines it removes, controls it trims) resolves too.
//
// Create one with [NewResolver]; its methods may be called from several goroutines at once.
type Resolver struct {
	baseStr  string
	base     locator.URL
	baseErr  error // the base does not parse by locator.Parse
	wbaseErr error // the base does not parse by the WHATWG parser
	// baseInvalid is, for each mode, the first error the mode's checker finds in the base
	// (see modeSpec), or nil.
	baseInvalid map[locator.Mode]error
}

// NewResolver parses base by locator.Parse and by the WHATWG parser, and checks it by the
// checker of every mode. A base that does not parse is not an error here: each mode that
// needs it reports it ([Resolver.BaseError]).
func NewResolver(base string) *Resolver {
	r := &Resolver{baseStr: base}
	r.base, r.baseErr = locator.Parse(base)
	// The WHATWG parser reads the base before the reference, and "#" resolves against any
	// base it reads (§4.4: a fragment is allowed even after an opaque path): the error, if
	// any, is the base's.
	_, r.wbaseErr = locator.ResolveRegistered(base, "#", locator.ModeWHATWG)
	r.baseInvalid = map[locator.Mode]error{}
	if r.baseErr == nil {
		for _, m := range locator.Modes() {
			if err := invalidUnder(base, r.base, m); err != nil {
				r.baseInvalid[m] = err
			}
		}
	}
	return r
}

// BaseError returns why the base does not parse for mode (by the WHATWG parser under
// locator.ModeWHATWG, by locator.Parse otherwise), or nil.
func (r *Resolver) BaseError(mode locator.Mode) error {
	if mode == locator.ModeWHATWG {
		return r.wbaseErr
	}
	if r.baseErr != nil {
		// The error as the mode's document cites it (ParseForMode): parsed again, only
		// when the base fails.
		if _, err := ParseForMode(r.baseStr, mode); err != nil {
			return err
		}
	}
	return r.baseErr
}

// BaseInvalid returns the first error the checker of mode (modeSpec) finds in the base, as
// invalidUnder gives it, or nil.
func (r *Resolver) BaseInvalid(mode locator.Mode) error { return r.baseInvalid[mode] }

// resolve resolves ref by mode and returns the result's serialization, or an error when ref
// or the base does not parse (or the resolution fails). It does not check ref by the mode's
// checker; [Resolver.ResolveChecked] does.
func (r *Resolver) resolve(ref string, mode locator.Mode) (string, error) {
	if mode == locator.ModeWHATWG {
		if r.wbaseErr != nil {
			return "", r.wbaseErr
		}
		return locator.ResolveRegistered(r.baseStr, ref, mode)
	}
	if r.baseErr != nil {
		return "", r.BaseError(mode)
	}
	u, err := parseRef(ref, mode)
	if err != nil {
		return "", err
	}
	res, err := locator.Resolve(r.base, u, mode)
	if err != nil {
		return "", err
	}
	return res.String(), nil
}

// ResolveChecked resolves ref by mode (locator.Resolve; package whatwg under
// locator.ModeWHATWG) and checks ref by the mode's checker (modeSpec): invalid is the first error it finds (invalidUnder). With withBase,
// invalid is first the base's error under mode, with "base " before its message (a table of
// every mode reports the base in each column; a caller of one mode reports it once).
func (r *Resolver) ResolveChecked(ref string, mode locator.Mode, withBase bool) (res string, invalid, err error) {
	res, err = r.resolve(ref, mode)
	if err != nil {
		return "", nil, err
	}
	if warn := r.baseInvalid[mode]; warn != nil && withBase {
		e := *warn.(*locator.Error)
		e.Message = "base " + e.Message
		return res, &e, nil
	}
	if _, ok := modeSpec(mode); !ok {
		return res, nil, nil
	}
	u, err := locator.Parse(ref)
	if err != nil { // not reached: resolve parsed ref
		return res, nil, nil
	}
	return res, invalidUnder(ref, u, mode), nil
}

// ModeResult is the result of one mode in a [Resolution]: the resolved URL, or why there is
// none.
type ModeResult struct {
	Mode   locator.Mode // the resolution mode
	Result string       // the serialization of the resolved URL; "" when Err is not nil
	// Err is why there is no result: the reference or the base does not parse, or (unless
	// lenient) the mode's checker calls either invalid.
	Err error
	// Invalid is, when lenient let it through, the first error of the mode's checker in the
	// reference or the base; nil otherwise.
	Invalid error

	text string // Text, made once by ResolveAll
}

// Text returns the result, or "error:CODE" when there is none: the cell of the table of
// `locator resolve --all-specs` (without its "*").
func (m ModeResult) Text() string {
	if m.text != "" {
		return m.text
	}
	if m.Err != nil {
		return "error:" + errorCode(m.Err)
	}
	return m.Result
}

// Resolution is one reference resolved by every mode, in the order of locator.Modes: a row of
// `locator resolve --all-specs`.
type Resolution struct {
	Ref     string       // the reference as given
	Results []ModeResult // one per mode, in the order of locator.Modes
	// Differ reports whether the modes disagree: some Text differs from the first mode's
	// (locator.ModeRFC3986).
	Differ bool
	OK     bool // no mode failed
}

// ResolveAll resolves ref by every mode ([Resolver.ResolveChecked] with the base checked in
// each): a mode whose checker calls ref or the base invalid fails with that error, unless
// lenient, which keeps the result and the error in ModeResult.Invalid.
func (r *Resolver) ResolveAll(ref string, lenient bool) Resolution {
	var row Resolution
	r.ResolveAllTo(&row, ref, lenient)
	return row
}

// ResolveAllTo is [Resolver.ResolveAll] into row, reusing the array of row.Results: for a
// program that resolves many references, one after the other (locator resolve --all-specs
// on standard input).
func (r *Resolver) ResolveAllTo(row *Resolution, ref string, lenient bool) {
	modes := locator.Modes()
	results := row.Results[:0]
	*row = Resolution{Ref: ref, OK: true}
	for _, m := range modes {
		res, warn, err := r.ResolveChecked(ref, m, true)
		if err == nil && warn != nil && !lenient {
			res, err, warn = "", warn, nil
		}
		x := ModeResult{Mode: m, Result: res, Err: err, Invalid: warn}
		x.text = x.Text()
		results = append(results, x)
		if err != nil {
			row.OK = false
		}
		row.Differ = row.Differ || x.text != results[0].text
	}
	row.Results = results
}

// parseRef is [ParseForMode].
func parseRef(ref string, mode locator.Mode) (locator.URL, error) { return ParseForMode(ref, mode) }

// ParseForMode parses s, a reference, a base or a target of resolution mode, as the mode's
// specification writes URLs where it has one (locator.ParseAs, so that an error cites that
// document's rule: a control is RFC 3986 §2's under rfc3986, not RFC 1738 §2.2's), else by the
// generic syntax (locator.Parse), as `locator resolve` and `locator relative` read their
// arguments. Either gives the same URL: ParseAs differs from Parse in what it reads only
// under RFC 1738 and the 1994 draft, which no mode names. What the URL's scheme is, is not
// decided here: locator.Resolve reads a reference's scheme by the mode's text, which may
// find one where the URL has none ("1a:b" under RFC 1808 §2.4.2, the full form "a_b:c" under
// the 1993 URL draft and the URI draft of RFC 1630).
func ParseForMode(s string, mode locator.Mode) (locator.URL, error) {
	if spec, ok := modeSpec(mode); ok {
		return locator.ParseAs(s, spec)
	}
	return locator.Parse(s)
}

// modeSpec returns the specification whose strict checker ([Check]) decides what "invalid"
// means under mode, for a reference and for the base:
//   - rfc3986, rfc3986-compat: RFC 3986 (Appendix A, URI-reference);
//   - url-draft: the 1993 URL draft (locator.URLDraft1993), but for the missing scheme of a
//     reference: its "Partial form" has none;
//   - rfc1630, rfc1630-published: the URI draft that became RFC 1630 (locator.RFC1630), whose
//     checker reads its partial forms;
//   - rfc2396, rfc1808: none; locator has no checker for RFC 2396 Appendix A or RFC 1808
//     §2.2, so only what locator.Parse rejects is invalid;
//   - whatwg: none; the URL Standard's parser fails or it does not (its validation errors do
//     not stop a browser).
func modeSpec(m locator.Mode) (locator.Spec, bool) {
	switch m {
	case locator.ModeRFC3986, locator.ModeRFC3986Compat:
		return locator.RFC3986, true
	case locator.ModeURLDraft:
		return locator.URLDraft1993, true
	case locator.ModeRFC1630, locator.ModeRFC1630Published:
		return locator.RFC1630, true
	}
	return 0, false
}

// invalidUnder returns a *locator.Error for the first error finding of mode's checker
// (modeSpec) in u, parsed from input, or nil when it finds none or mode has no checker.
// Its message says how many more errors there are and which `locator check` shows them.
func invalidUnder(input string, u locator.URL, mode locator.Mode) error {
	spec, ok := modeSpec(mode)
	if !ok {
		return nil
	}
	var first *locator.Finding
	n := 0
	findings := Check(u, spec)
	for i, f := range findings {
		if f.Severity != locator.SeverityError ||
			mode == locator.ModeURLDraft && f.Code == locator.CodeNoScheme && !u.HasScheme() {
			continue
		}
		if first == nil {
			first = &findings[i]
		}
		n++
	}
	if first == nil {
		return nil
	}
	msg := "not valid under --spec " + spec.String() + ": " + first.Message
	if n > 1 {
		msg += " (and " + strconv.Itoa(n-1) + " more: locator check --spec " + spec.String() + ")"
	}
	return &locator.Error{Input: input, Offset: first.Offset, Code: first.Code, Rule: first.Rule, Message: msg}
}

// errorCode returns the code of an error of package locator (*locator.Error) or of another
// package whose error has a method Code (package whatwg's, through the interface coded), or
// "error" for another error.
func errorCode(err error) string {
	if c, ok := errors.AsType[coded](err); ok {
		return c.ErrorCode()
	}
	return string(errorFinding(err, locator.SeverityError).Code)
}

// coded is an error that names its code.
type coded interface {
	error
	ErrorCode() string
}
