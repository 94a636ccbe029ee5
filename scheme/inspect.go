package scheme

import (
	"cmp"
	"errors"
	"slices"
	"strconv"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
)

// Report is what [Inspect] knows of one input: whether it parses, its typed view, and every
// finding of the strict checker, of the view and of [Security], in offset order.
//
// The zero value is the report of no input: not parsed, with no findings, and not valid.
type Report struct {
	Input  string       // the input as given
	URL    locator.URL  // the parsed URL (locator.ParseAs under Spec, its "URL:" prefix kept); the zero URL when Parsed is false
	Parsed bool         // locator.ParseAs accepted the input under Spec
	Spec   locator.Spec // the specification the input was checked against
	// SpecScheme is the scheme name Spec's own grammar reads where URL has no scheme, or ""
	// (see [SpecScheme]): under locator.URLDraft1993, locator.URLDraft1994 and
	// locator.RFC1630 an ialpha name that RFC 3986 §3.1 does not allow ("a_b" in "a_b:x",
	// which URL holds as its path).
	SpecScheme string
	View       View // the typed view; nil when the scheme has none, or it failed
	// Findings are the errors and warnings, in offset order, each said once, at most
	// locator.MaxFindings (100) of them: the first ones by offset, but when none of those is
	// an error and a later finding is, the first error takes the last place.
	Findings []locator.Finding
	// Omitted is how many findings came after the first locator.MaxFindings and are not in
	// Findings; OmittedErrors is how many of those are errors.
	Omitted, OmittedErrors int
}

// Valid reports whether the input parsed and no finding, omitted ones included, is an error
// (warnings are allowed).
func (r Report) Valid() bool { return r.Parsed && r.OmittedErrors == 0 && Valid(r.Findings) }

// FirstError returns the first error of r and true, or false when r has none ([Report.Valid]).
// It is the first finding of r.Findings that is an error; when every error of the input is
// among the findings that were omitted (a checker that stopped building findings after
// locator.MaxFindings warnings before them), it is a finding of code
// locator.CodeTooManyFindings at the offset of the last finding kept, saying how many errors
// were left out, so that an invalid input always has an error to show.
func (r Report) FirstError() (locator.Finding, bool) {
	for _, f := range r.Findings {
		if f.Severity == locator.SeverityError {
			return f, true
		}
	}
	if r.OmittedErrors == 0 {
		return locator.Finding{}, false
	}
	off := 0
	if n := len(r.Findings); n > 0 {
		off = r.Findings[n-1].Offset
	}
	msg := strconv.Itoa(r.OmittedErrors) + " errors after the first " + strconv.Itoa(locator.MaxFindings) + " findings are not listed"
	if r.OmittedErrors == 1 {
		msg = "1 error after the first " + strconv.Itoa(locator.MaxFindings) + " findings is not listed"
	}
	return locator.Finding{Offset: off, Code: locator.CodeTooManyFindings, Rule: "locator MaxFindings (findings per URL)",
		Message: msg, Severity: locator.SeverityError}, true
}

// Inspect parses input with locator.ParseAs under spec and gathers every finding for spec, as
// the locator command's parse and check report them. Under locator.RFC1738 and
// locator.URLDraft1994 ParseAs reads a "URL:" prefix (kept in Report.URL, see
// [locator.URL.Prefix]) and a login with "?" (RFC 1738 §5); the checker, the view and
// Security look at the URL behind the prefix, and every offset is one into input. Under the
// other specifications, which read "URL" as a scheme, a CodePrefixAsScheme warning says so
// when RFC 1738 would read a prefix:
//
//   - a failure of locator.ParseAs: an error, and nothing else is reported; but under
//     locator.URLDraft1993 and locator.RFC1630, whose checkers read the text, the findings of
//     the document's checker on the input, with the failure only when that checker finds no
//     error (the report is invalid either way): "http://h/%*" under locator.RFC1630 is the URI
//     draft's illegal escape (Example 3), not RFC 1738 §2.2's; under locator.URLDraft1994 a bad
//     escape is cited by the draft's BNF (escape);
//   - the findings of the strict checker of spec ([Check]), errors and warnings as it says;
//   - the failure of the scheme's typed view ([ParseView]), unless the checker found an error
//     already: an error under locator.RFC1738 and locator.URLDraft1994, whose schemes the views
//     follow, and a warning under locator.RFC3986 and locator.WHATWG (RFC 3986 leaves the
//     scheme-specific syntax to the scheme). A scheme with no view ([CodeNoView]) is not a
//     problem of the URL, nor is a view that reads a form the spec does not have (see
//     viewFollows): under locator.RFC1738 the views of afs, mid and cid (the 1994 URL draft's,
//     which RFC 1738 §4 only reserves); under locator.URLDraft1994 the view of file (not in
//     the draft) and of an nntp URL without "//" (the draft's "nntp:" group "/" digits); under
//     locator.URLDraft1993 and locator.RFC1630 every view, which reads RFC 1738's grammar where
//     the document has its own ("gopher://h?search", a 1993 draft gopheraddress; an nntp URL
//     the URI draft gives no form): the document's checker alone says what the document says.
//     A view that succeeds is kept in Report.View under every spec;
//   - the findings of [Security] (RFC 1738 §6, RFC 3986 §7) but its characters that must be
//     encoded (the checker reports those), always warnings, advisory, each citing the RFC
//     that names its hazard; under locator.RFC3986 those whose rule is RFC 1738's alone are
//     cited by the rule of RFC 3986 that names the same hazard, or left out where RFC 3986
//     names none (see rfc3986Security); under the 1993 and 1994 URL drafts and locator.RFC1630
//     an escape "%00" in a prospero path is the document's own separator of the version (and
//     attributes), not a hazard: its encoded-nul note is left out (see prosperoNULSeparator).
//
// Report.SpecScheme holds the scheme name the document's grammar reads where locator.URL has
// none ([SpecScheme]: "a_b" in "a_b:x" under the drafts).
//
// The findings are in offset order, those of the checker first at one offset, then the view's,
// then Security's; a finding with the offset and the code, or the offset and the message, of
// an earlier one is dropped (the checker and Security may say the same thing). At most the
// first 100 are kept (the first error in the last place when none of them is one);
// Report.Omitted counts the rest. Inspect's time is linear in the number
// of findings of the checker and Security.
func Inspect(input string, spec locator.Spec) Report {
	r := Report{Input: input, Spec: spec}
	pu, err := locator.ParseAs(input, spec)
	if err != nil {
		parseFailed(&r, err)
		return r
	}
	r.URL, r.Parsed = pu, true
	u, off := behind(pu)
	r.SpecScheme = SpecScheme(u, spec)
	var ck syntax.Sink
	checkTo(&ck, &u, spec)
	f, omitted, omittedErrors := ck.Result()
	var viewFinding []locator.Finding
	v, err := ParseView(u)
	switch {
	case err == nil:
		r.View = v
	case isCode(err, CodeNoView):
		// the scheme has no typed view: not a problem of the URL
	case spec == locator.URLDraft1993 || spec == locator.RFC1630:
		// the views read RFC 1738's (and the 1994 draft's) grammar, not this document's
	case (spec == locator.RFC1738 || spec == locator.URLDraft1994) && !viewFollows(spec, u):
		// the view reads a form the spec does not have: its failure says nothing of the URL
	case (spec == locator.RFC1738 || spec == locator.URLDraft1994) && Valid(f) && omittedErrors == 0:
		viewFinding = []locator.Finding{errorFinding(err, locator.SeverityError)}
	case spec != locator.RFC1738 && spec != locator.URLDraft1994:
		viewFinding = []locator.Finding{errorFinding(err, locator.SeverityWarning)}
	}
	var sk syntax.Sink
	securityTo(&sk, u, spec, false)
	sec, secOmitted, _ := sk.Result()
	all := merge(merge(merge(f, prefixAsScheme(pu, spec)), viewFinding), securityFor(spec, u, sec))
	all = dedupe(all)
	r.Omitted, r.OmittedErrors = omitted+secOmitted, omittedErrors
	r.Findings = shiftFindings(capFindings(&r, all), off)
	return r
}

// capFindings returns the first locator.MaxFindings of all (in offset order), counting the
// others in r.Omitted and the errors among them in r.OmittedErrors. When none of those kept is
// an error but one of the others is, the first such error takes the place of the last one kept
// (which is counted as omitted instead), so that the report of an invalid input shows why it
// is invalid: the security notes, warnings, could otherwise push every error out.
func capFindings(r *Report, all []locator.Finding) []locator.Finding {
	if len(all) <= locator.MaxFindings {
		return all
	}
	kept := append(make([]locator.Finding, 0, locator.MaxFindings), all[:locator.MaxFindings]...) // let the rest be collected
	r.Omitted += len(all) - locator.MaxFindings
	firstErr := -1
	for i, x := range all[locator.MaxFindings:] {
		if x.Severity == locator.SeverityError {
			r.OmittedErrors++
			if firstErr < 0 {
				firstErr = locator.MaxFindings + i
			}
		}
	}
	if firstErr >= 0 && Valid(kept) {
		kept[len(kept)-1] = all[firstErr] // its offset is at least the last one's: the order holds
		r.OmittedErrors--
	}
	return kept
}

// parseFailed fills r, whose input locator.ParseAs rejected with err. Under
// locator.URLDraft1993 and locator.RFC1630, whose checkers read text, the findings are those
// of the document's checker on the input ("%*" is the URI draft's illegal escape, Example 3,
// not RFC 1738 §2.2's), and err is added only when that checker finds no error, so that the
// report says why the input is invalid. Under any other specification, err alone (ParseAs
// cites each document's own rule: the 1994 draft's BNF escape, RFC 3986 §2.1 pct-encoded).
func parseFailed(r *Report, err error) {
	parseErr := []locator.Finding{errorFinding(err, locator.SeverityError)}
	var sk syntax.Sink
	switch r.Spec {
	case locator.URLDraft1993:
		checkDraft1993Text(&sk, r.Input)
	case locator.RFC1630:
		checkRFC1630Text(&sk, r.Input)
	default:
		r.Findings = parseErr
		return
	}
	f, omitted, omittedErrors := sk.Result()
	if Valid(f) && omittedErrors == 0 {
		f = merge(f, parseErr)
	}
	r.Omitted, r.OmittedErrors = omitted, omittedErrors
	r.Findings = capFindings(r, dedupe(f))
}

// SpecScheme returns the scheme name that spec's own grammar reads in u where u has none, or
// "": the 1993 URL draft (syntax.SplitDraft1993), the 1994 URL draft and the URI draft
// (RFC 1630, syntax.SplitRFC1630) read an ialpha before the first ":" (a letter, then
// letters, digits, safe and extra characters: "a_b", "x.y", "A$B") as the scheme, while
// RFC 3986 §3.1 allows letters, digits, "+", "-" and "." only, so that locator.Parse keeps
// "a_b:x" whole as the path. Under any other spec, and when u has a scheme (the documents and
// RFC 3986 then read the same name), it returns "".
func SpecScheme(u locator.URL, spec locator.Spec) string {
	if u.HasScheme() {
		return ""
	}
	s := u.String()
	switch spec {
	case locator.URLDraft1993:
		if d := syntax.SplitDraft1993(s); d.Colon >= 0 && syntax.IsDraft1993Ialpha(d.Scheme()) {
			return d.Scheme()
		}
	case locator.RFC1630:
		if p := syntax.SplitRFC1630(s); p.HasScheme && syntax.IsIalpha(p.Scheme) {
			return p.Scheme
		}
	case locator.URLDraft1994:
		if n := draftSchemeLike(s); n > 0 {
			return s[:n]
		}
	}
	return ""
}

// prefixAsScheme returns a CodePrefixAsScheme warning when u, parsed under spec, has the
// scheme "URL" where locator.ParseAs under locator.RFC1738 reads a "URL:" prefix: spec
// defines none (RFC 3986 §3.1 reads a scheme), but the writer likely meant RFC 1738
// Appendix's prefix.
func prefixAsScheme(u locator.URL, spec locator.Spec) []locator.Finding {
	if spec == locator.RFC1738 || spec == locator.URLDraft1994 || !u.IsScheme("url") {
		return nil
	}
	if v, err := locator.ParseAs(u.String(), locator.RFC1738); err != nil || !hasPrefix(v) {
		return nil
	}
	return []locator.Finding{{Offset: 0, Code: CodePrefixAsScheme, Rule: "RFC 1738 Appendix; 1994 URL draft, URL syntax",
		Severity: locator.SeverityWarning,
		Message: "\"URL\" is read as the scheme: " + spec.String() + " defines no prefix; RFC 1738 and the 1994 URL draft " +
			"read \"URL:\" as the prefix of the URL after it"}}
}

// hasPrefix reports whether u has a "URL:" prefix.
func hasPrefix(u locator.URL) bool {
	_, ok := u.Prefix()
	return ok
}

// rfc3986Security maps the code of each security note whose rule is RFC 1738's alone to the
// rule of RFC 3986 that names the same hazard, or to "" when RFC 3986 names none:
//   - a well-known port other than the scheme's: RFC 3986 §7.2 (Malicious Construction)
//     asks applications to refuse it, as RFC 1738 §6 does;
//   - a decoded CR, LF or tab, delimiters of the protocol lines: RFC 3986 §7.3 (Back-End
//     Transcoding), decoded octets "mistaken for delimiters";
//   - a port other than the default above 1023: RFC 3986 names no hazard (§7.2 speaks of
//     the well-known range only): left out;
//   - a character RFC 1738 §2.2 calls unsafe: under RFC 3986 its checker reports the
//     character by RFC 3986's own classes (§2): left out.
var rfc3986Security = map[locator.Code]string{
	CodePortReserved:     "RFC 3986 §7.2",
	CodeEncodedLineBreak: "RFC 3986 §7.3",
	CodeEncodedTab:       "RFC 3986 §7.3",
	CodePortNotDefault:   "",
	CodeUnencodedChar:    "",
}

// securityFor returns the findings of Security on u as warnings under spec (see
// rfc3986Security), reusing sec's array. Under the drafts whose prospero URLs separate the
// version (and the 1993 draft's attributes) by "%00" (prosperoNULSeparator), an encoded-nul
// note on such a "%00" is left out: the document writes it as a separator, so that a note
// that it decodes to NUL would contradict the document.
func securityFor(spec locator.Spec, u locator.URL, sec []locator.Finding) []locator.Finding {
	out := sec[:0]
	for _, x := range sec {
		if x.Code == CodeEncodedNUL && prosperoNULSeparator(spec, u, x.Offset) {
			continue
		}
		x.Severity = locator.SeverityWarning
		if rule, ok := rfc3986Security[x.Code]; ok && spec == locator.RFC3986 {
			if rule == "" {
				continue
			}
			x.Rule = rule
		}
		out = append(out, x)
	}
	return out
}

// errorFinding turns an error of locator.Parse or of a typed view into a finding of severity
// sev.
func errorFinding(err error, sev locator.Severity) locator.Finding {
	var le *locator.Error
	if errors.As(err, &le) {
		return locator.Finding{Offset: le.Offset, Code: le.Code, Rule: le.Rule, Message: le.Message, Severity: sev}
	}
	return locator.Finding{Code: "error", Rule: "locator", Message: err.Error(), Severity: sev}
}

// byOffset orders findings by offset.
func byOffset(a, b locator.Finding) int { return cmp.Compare(a.Offset, b.Offset) }

// merge returns the findings of a and b in offset order, a's first at one offset, as a stable
// sort of a followed by b gives them. Each is sorted first if it is not in offset order. It
// may return a or b itself, or reuse a's array.
func merge(a, b []locator.Finding) []locator.Finding {
	if !slices.IsSortedFunc(a, byOffset) {
		slices.SortStableFunc(a, byOffset)
	}
	if !slices.IsSortedFunc(b, byOffset) {
		slices.SortStableFunc(b, byOffset)
	}
	switch {
	case len(b) == 0:
		return a
	case len(a) == 0:
		return b
	case a[len(a)-1].Offset <= b[0].Offset:
		return append(a, b...)
	}
	out := make([]locator.Finding, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if b[j].Offset < a[i].Offset {
			out = append(out, b[j])
			j++
		} else {
			out = append(out, a[i])
			i++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// dedupeScan is how many earlier findings at one offset dedupe compares a finding with one by
// one; past that, a group's codes and messages go into maps, so that the time stays linear.
const dedupeScan = 8

// dedupe drops, from f in offset order, each finding with the offset and the code or the
// message of an earlier one that was kept. It reuses f's array.
func dedupe(f []locator.Finding) []locator.Finding {
	out := f[:0]
	group := 0 // where the findings at the current offset start in out
	var codes map[locator.Code]bool
	var msgs map[string]bool
	for _, x := range f {
		if len(out) == 0 || out[len(out)-1].Offset != x.Offset {
			group = len(out)
			codes, msgs = nil, nil
		}
		g := out[group:]
		dup := false
		if codes != nil {
			dup = codes[x.Code] || msgs[x.Message]
		} else {
			for _, y := range g {
				if y.Code == x.Code || y.Message == x.Message {
					dup = true
					break
				}
			}
		}
		if dup {
			continue
		}
		out = append(out, x)
		switch {
		case codes != nil:
			codes[x.Code], msgs[x.Message] = true, true
		case len(g)+1 > dedupeScan:
			codes, msgs = map[locator.Code]bool{}, map[string]bool{}
			for _, y := range out[group:] {
				codes[y.Code], msgs[y.Message] = true, true
			}
		}
	}
	return out
}

// viewFollows reports whether the typed view of u's scheme reads u by spec (locator.RFC1738 or
// locator.URLDraft1994), so that its failure on a URL the checker passes is an error of the
// URL. The views follow RFC 1738 and the 1994 URL draft's additions (mid, cid, afs, the draft's
// type codes, the prospero "%00" version): RFC 1738 alone does not define afs, mid and cid
// (§4 only reserves the names), and the draft has no file scheme and writes nntp URLs without
// "//".
func viewFollows(spec locator.Spec, u locator.URL) bool {
	name := lowerASCII(u.Scheme())
	if spec == locator.RFC1738 {
		return !draftScheme1738(name)
	}
	return name != "file" && (name != "nntp" || u.HasAuthority())
}

// prosperoNULSeparator reports whether the "%00" at offset i of u is in the path of a prospero
// URL under a document that writes "%00" there as a separator: the 1993 URL draft ("separated
// from the host specific object name and from each other by the characters "%00"",
// Prospero), the 1994 URL draft (BNF prosperolink: hsoname [ "%00" version [ attributes ] ])
// and the URI draft (Prospero: the version number "is seperated from the host specific
// object name by the characters "%00""). RFC 1738 §3.11 has no such separator (its fields
// follow ";"), and RFC 3986 §7.3 names the hazard: the note stays under them.
func prosperoNULSeparator(spec locator.Spec, u locator.URL, i int) bool {
	switch spec {
	case locator.URLDraft1993, locator.URLDraft1994, locator.RFC1630:
	default:
		return false
	}
	if !u.IsScheme("prospero") || !u.HasAuthority() {
		return false
	}
	o := u.Offsets()
	return i >= o.Path.Start && i < o.Path.End
}

// isCode reports whether err is a *locator.Error with code c. errors.AsType, unlike
// errors.As given the address of a variable, lets nothing escape (issue 10: Inspect made an
// allocation per line for that variable alone).
func isCode(err error, c locator.Code) bool {
	le, ok := errors.AsType[*locator.Error](err)
	return ok && le.Code == c
}
