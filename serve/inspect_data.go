package serve

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/records"
	"github.com/locator-url/locator/scheme"
	"github.com/locator-url/locator/whatwg"
)

// The inspector's model: what the page shows and /api/inspect returns. The JSON objects have
// the fields of the locator command's --json, so that a program reads the endpoint as it
// reads the command (cmd/locator's TestServeJSONFields compares the key sets):
//
//	specs.rfc1738.parse, specs.rfc3986.parse   locator parse --json --spec S
//	specs.rfc1738.check, specs.rfc3986.check   locator check --json --spec S
//	specs.rfc1738.plan, specs.rfc3986.plan     locator plan --json --spec S
//	specs.whatwg.parse                         locator parse --json --spec whatwg
//	resolve.rows[i]                            locator resolve --all-specs --json BASE REF
//
// The page shows the same values, each through internal/display (the template function show).

// MaxInput is the most bytes of a URL (and of a base or reference) the inspector reads; a
// longer one is refused with 413 Request Entity Too Large. The work and the page stay bounded
// by it: every function the inspector calls is linear in its input.
const MaxInput = 64 << 10

// maxRefs is the most references one resolution form resolves.
const maxRefs = 16

// maxShown is the most findings (and validation errors) the page shows per specification;
// the rest are counted ("… N more"). The JSON lists up to locator.MaxFindings, as the CLI.
const maxShown = 20

// windowWidth is the width, in bytes of the URL, of the window shown above a caret (as the
// CLI's check shows it).
const windowWidth = 80

// maxShownValue is the most bytes of one component or getter the page shows; the rest is
// cut and marked (the JSON has the whole value).
const maxShownValue = 2048

// inspectedSpecs are the specifications whose strict checkers the inspector runs, in the
// order of the page; WHATWG follows them.
var inspectedSpecs = []locator.Spec{locator.RFC1738, locator.RFC3986}

// inspection is what the inspector knows of one URL and one resolution form.
type inspection struct {
	Input       string         `json:"input"`
	InputBase64 string         `json:"input_base64,omitempty"`
	Specs       specsJSON      `json:"specs"`
	Security    []records.Diag `json:"security"` // scheme.Security on the URL as RFC 1738 (else RFC 3986) reads it
	Resolve     *resolutions   `json:"resolve"`  // null when no reference was given

	Shown []specShown `json:"-"` // the page's view of Specs
	Sec   []finding   `json:"-"` // the page's view of Security
	Web   whatwgShown `json:"-"` // the page's view of Specs.WHATWG
	Rows  []rowShown  `json:"-"` // the page's view of Resolve
}

// specsJSON holds the objects of each specification.
type specsJSON struct {
	RFC1738 *specJSON   `json:"rfc1738"`
	RFC3986 *specJSON   `json:"rfc3986"`
	WHATWG  *whatwgSpec `json:"whatwg"`
}

// specJSON is what the CLI's parse, check and plan --json say of the URL under one spec.
type specJSON struct {
	Parse *records.Parse `json:"parse"`
	Check *records.Check `json:"check"`
	Plan  any            `json:"plan"` // *records.Plan, or *records.PlanFailure when there is no plan
}

// whatwgSpec holds the object of parse --spec whatwg --json.
type whatwgSpec struct {
	Parse *records.WHATWG `json:"parse"`
}

// resolutions is the resolution form's result: the base and one row per reference.
type resolutions struct {
	Base  string          `json:"base"`
	Modes []string        `json:"modes"` // the modes, in the order of the columns
	Rows  []resolutionRow `json:"rows"`
}

// resolutionRow is the record of locator resolve --all-specs --json: input (and
// input_base64 when it is not UTF-8), differ, valid, then one field per mode, named after it (the result, or "error:CODE").
type resolutionRow struct {
	scheme.Resolution
}

// MarshalJSON writes the row's fields in the CLI's order.
func (r resolutionRow) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	b.WriteString(`{"input":`)
	_ = enc.Encode(r.Ref)
	if b64 := records.InputBase64(r.Ref); b64 != "" {
		b.WriteString(`,"input_base64":"` + b64 + `"`)
	}
	b.WriteString(`,"differ":` + strconv.FormatBool(r.Differ) + `,"valid":` + strconv.FormatBool(r.OK))
	for _, m := range r.Results {
		b.WriteByte(',')
		_ = enc.Encode(m.Mode.String())
		b.WriteByte(':')
		_ = enc.Encode(m.Text())
	}
	b.WriteByte('}')
	return bytes.ReplaceAll(b.Bytes(), []byte("\n"), nil), nil // Encode ends each value with "\n"; JSON strings hold none
}

// finding is a finding as the page shows it: the text, and the window of the URL with the
// caret's column.
type finding struct {
	Severity string
	Offset   int
	Code     string
	Rule     string
	Message  string
	Window   string // display.Window of the input around Offset
	Caret    string // spaces, then "^" under the byte at Offset
}

// component is one component as the page shows it.
type component struct {
	Name    string
	Value   string // as written, through display (cut after maxShownValue bytes)
	Present bool
	Empty   bool
}

// field is one field of a typed view, its value in compact JSON.
type field struct {
	Name, Value string
}

// specShown is what the page shows of the URL under one spec.
type specShown struct {
	Name       string
	Title      string
	Valid      bool
	Parsed     bool
	Components []component
	View       string  // the view's scheme, or ""
	ViewFields []field // its fields
	Findings   []finding
	More       int // findings not shown
	Plan       *planShown
	PlanError  *finding
}

// planShown is an access plan as the page shows it (as locator plan does).
type planShown struct {
	Connect string // host:port, or ""
	Path    string // the local path of a file URL, or ""
	Steps   []stepShown
}

// stepShown is one step of a plan: the line sent (quoted, through display), the branch
// condition ("if the reply was 331") and the note.
type stepShown struct {
	Send, When, Note string
}

// rowShown is a row of the resolution table as the page shows it.
type rowShown struct {
	Ref    string
	Differ bool
	Cells  []cellShown
}

// cellShown is one mode's result: shown through display; Differ when it is not the first
// mode's (rfc3986's), as the CLI's table marks it with "*".
type cellShown struct {
	Mode   string
	Text   string
	Differ bool
	Error  bool
}

// whatwgShown is what the page shows of the WHATWG parse.
type whatwgShown struct {
	Valid   bool
	Getters []component
	Errors  []finding // validation errors
	More    int
	Failure *finding
}

// inspect inspects input (the URL) and, when refs is not empty, resolves each against base.
func inspect(input, base string, refs []string) *inspection {
	in := &inspection{Input: input, InputBase64: records.InputBase64(input)}
	for _, spec := range inspectedSpecs {
		r := scheme.Inspect(input, spec)
		sj := &specJSON{Parse: records.NewParse(&r), Check: records.NewCheck(&r)}
		sh := specShown{Name: spec.String(), Title: specTitle(spec), Valid: r.Valid(), Parsed: r.Parsed}
		sh.Findings, sh.More = shownFindings(input, r.Findings, r.Omitted)
		if r.Parsed {
			sh.Components = shownComponents(r)
			if r.View != nil {
				sh.View = r.View.Scheme()
				sh.ViewFields = viewFields(sj.Parse.Parts)
			}
		}
		p, perr := planOf(&r)
		if perr != nil {
			pf := records.NewPlanFailure(input, perr)
			d := pf.Error
			sj.Plan = &pf
			f := shownFinding(input, locator.SeverityError.String(), d)
			sh.PlanError = &f
		} else {
			pj := records.NewPlan(input, p, r.Findings, r.OmittedErrors, maxShown)
			sj.Plan = &pj
			sh.Plan = shownPlan(p)
		}
		switch spec {
		case locator.RFC1738:
			in.Specs.RFC1738 = sj
		case locator.RFC3986:
			in.Specs.RFC3986 = sj
		}
		in.Shown = append(in.Shown, sh)
	}
	in.Specs.WHATWG, in.Web = whatwgOf(input)
	in.Security, in.Sec = securityOf(input)
	if len(refs) > 0 {
		rv := scheme.NewResolver(base)
		in.Resolve = &resolutions{Base: base}
		for _, m := range locator.Modes() {
			in.Resolve.Modes = append(in.Resolve.Modes, m.String())
		}
		for _, ref := range refs {
			res := rv.ResolveAll(ref, false)
			in.Resolve.Rows = append(in.Resolve.Rows, resolutionRow{res})
			row := rowShown{Ref: clipShown(ref), Differ: res.Differ}
			for _, m := range res.Results {
				row.Cells = append(row.Cells, cellShown{Mode: m.Mode.String(), Text: clipShown(m.Text()),
					Differ: m.Text() != res.Results[0].Text(), Error: m.Err != nil})
			}
			in.Rows = append(in.Rows, row)
		}
	}
	return in
}

// shownPlan returns p as the page shows it: the lines sent quoted as Go strings through
// display (quoteShown), each branch condition as locator plan words it.
func shownPlan(p scheme.Plan) *planShown {
	out := &planShown{Connect: display.String(records.HostPort(p))}
	if p.Path != "" {
		out.Path = quoteShown(p.Path)
	}
	for _, st := range p.Steps {
		x := stepShown{Note: clipShown(st.Note)}
		if st.Send != "" || st.Note == "" {
			x.Send = quoteShown(st.Send)
		}
		if len(st.When) > 0 {
			var b strings.Builder
			b.WriteString("if the reply was ")
			for i, w := range st.When {
				if i > 0 {
					b.WriteString(" or ")
				}
				b.WriteString(display.String(w))
				for n := len(w); n < 3 && n > 0; n++ {
					b.WriteByte("yz"[n-1])
				}
			}
			x.When = b.String()
		}
		out.Steps = append(out.Steps, x)
	}
	return out
}

// quoteShown returns s between double quotes, shown through display, with a double quote and
// a backslash written \" and \\, cut as clipShown cuts (a line sent, shown as data).
func quoteShown(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] != '"' && s[j] != '\\' {
			j++
		}
		b.WriteString(display.String(s[i:j]))
		if j < len(s) {
			b.WriteByte('\\')
			b.WriteByte(s[j])
			j++
		}
		i = j
		if b.Len() > maxShownValue {
			b.WriteString("… (" + strconv.Itoa(len(s)-i) + " more bytes)")
			return b.String()
		}
	}
	b.WriteByte('"')
	return b.String()
}

// specTitle is the heading of spec's section.
func specTitle(spec locator.Spec) string {
	switch spec {
	case locator.RFC1738:
		return "RFC 1738"
	case locator.RFC3986:
		return "RFC 3986"
	}
	return spec.String()
}

// planOf returns the access plan of the URL r parsed (scheme.PlanFor, as locator plan without
// options makes it), or why there is none.
func planOf(r *scheme.Report) (scheme.Plan, error) {
	if !r.Parsed {
		_, err := locator.ParseAs(r.Input, r.Spec)
		return scheme.Plan{}, err
	}
	return scheme.PlanFor(r.URL)
}

// whatwgOf parses input by the WHATWG URL Standard (§4.4 basic URL parser, no base).
func whatwgOf(input string) (*whatwgSpec, whatwgShown) {
	u, verrs, err := whatwg.ParseValidate(input, nil)
	j := records.NewWHATWG(input, &u, verrs, err)
	sh := whatwgShown{Valid: err == nil}
	if err == nil {
		g := [...]struct {
			name string
			v    *string
		}{
			{"href", j.Href}, {"origin", j.Origin}, {"protocol", j.Protocol}, {"username", j.Username},
			{"password", j.Password}, {"host", j.Host}, {"hostname", j.Hostname}, {"port", j.Port},
			{"pathname", j.Pathname}, {"search", j.Search}, {"hash", j.Hash},
		}
		for _, x := range g {
			v := *x.v
			sh.Getters = append(sh.Getters, component{Name: x.name, Value: clipShown(v), Present: true, Empty: v == ""})
		}
	}
	shownVerrs := verrs
	if err != nil {
		d := j.Errors[0]
		f := shownFinding(input, "error", d)
		sh.Failure = &f
		if n := len(shownVerrs); n > 0 && string(shownVerrs[n-1].Code) == d.Code {
			shownVerrs = shownVerrs[:n-1] // the failure, shown as such
		}
	}
	for i, v := range shownVerrs {
		if i == maxShown {
			sh.More = len(shownVerrs) - i
			break
		}
		sh.Errors = append(sh.Errors, shownFinding(input, "validation error",
			records.Diag{Offset: v.Offset, Code: string(v.Code), Rule: v.Rule, Message: string(v.Code)}))
	}
	return &whatwgSpec{Parse: j}, sh
}

// securityOf returns the security findings of RFC 1738 §6 (and RFC 3986 §7) on input as RFC
// 1738 reads it (locator.ParseAs: a "URL:" prefix, a login with "?"), or as RFC 3986 reads it
// when RFC 1738's reading fails; none when neither parses.
func securityOf(input string) ([]records.Diag, []finding) {
	u, err := locator.ParseAs(input, locator.RFC1738)
	if err != nil {
		if u, err = locator.Parse(input); err != nil {
			return []records.Diag{}, nil
		}
	}
	fs := scheme.Security(u)
	d := make([]records.Diag, 0, len(fs))
	for _, f := range fs {
		d = append(d, records.FindingDiag(f))
	}
	shown, _ := shownFindings(input, fs, 0)
	return d, shown
}

// shownFindings returns the first maxShown findings as the page shows them, and how many are
// left out (with omitted, those the report left out already).
func shownFindings(input string, fs []locator.Finding, omitted int) ([]finding, int) {
	var out []finding
	for i, f := range fs {
		if i == maxShown {
			return out, len(fs) - i + omitted
		}
		out = append(out, shownFinding(input, f.Severity.String(), records.FindingDiag(f)))
	}
	return out, omitted
}

// shownFinding returns d as the page shows it: its window of input and the caret under the
// offset (display.Window: bounded by windowWidth whatever the input's length).
func shownFinding(input, severity string, d records.Diag) finding {
	f := finding{Severity: severity, Offset: d.Offset, Code: d.Code, Rule: d.Rule, Message: d.Message}
	if d.Offset >= 0 {
		w, col := display.Window(input, d.Offset, windowWidth)
		f.Window = w
		caret := make([]byte, col+1)
		for i := range col {
			caret[i] = ' '
		}
		caret[col] = '^'
		f.Caret = string(caret)
	}
	return f
}

// shownComponents returns the components of r's URL as the page shows them: a "URL:" prefix
// when there is one, the document's scheme where RFC 3986 reads none (spec_scheme), then
// scheme, user, password, host, port, path, query and fragment.
func shownComponents(r scheme.Report) []component {
	u := r.URL
	var out []component
	if p, ok := u.Prefix(); ok {
		out = append(out, component{Name: "prefix", Value: clipShown(p), Present: true})
	}
	add := func(name, v string, ok bool) {
		out = append(out, component{Name: name, Value: clipShown(v), Present: ok, Empty: ok && v == ""})
	}
	if r.SpecScheme != "" {
		add("scheme", r.SpecScheme+" ("+r.Spec.String()+"'s scheme; RFC 3986 reads it as part of the path)", true)
	} else {
		add("scheme", u.Scheme(), u.HasScheme())
	}
	v, ok := u.User()
	add("user", v, ok)
	v, ok = u.Password()
	add("password", v, ok)
	add("host", u.Host(), u.HasAuthority())
	v, ok = u.Port()
	add("port", v, ok)
	add("path", u.Path(), true)
	v, ok = u.Query()
	add("query", v, ok)
	v, ok = u.Fragment()
	add("fragment", v, ok)
	return out
}

// clipShown returns the display form of s (internal/display), cut after maxShownValue bytes
// with the number of bytes left out.
func clipShown(s string) string {
	if len(s) <= maxShownValue {
		return display.String(s)
	}
	n := maxShownValue
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return display.String(s[:n]) + "… (" + strconv.Itoa(len(s)-n) + " more bytes)"
}

// viewFields returns the top-level fields of a view's JSON object, in order, each value in
// compact JSON cut as clipShown cuts it.
func viewFields(js json.RawMessage) []field {
	dec := json.NewDecoder(bytes.NewReader(js))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return []field{{"value", clipShown(string(js))}}
	}
	var out []field
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			break
		}
		name, _ := t.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			break
		}
		var c bytes.Buffer
		if json.Compact(&c, raw) != nil {
			break
		}
		out = append(out, field{clipShown(name), clipShown(c.String())})
	}
	return out
}
