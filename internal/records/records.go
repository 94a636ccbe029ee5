// Package records holds the JSON records of the locator command's --json (parse, check,
// plan, parse --spec whatwg) and the conversions that fill them, once, for the command
// (cmd/locator), the inspector (package serve, whose /api/inspect returns the same objects)
// and the tests that compare the command's fast encoder with encoding/json.
//
// encoding/json writes each record with SetEscapeHTML(false) (Marshal); cmd/locator writes
// the same bytes by its own encoder (jsonenc.go), and its tests compare the two.
package records

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net"
	"strconv"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
	"github.com/locator-url/locator/whatwg"
)

// Diag is the JSON form of a finding or of an error.
type Diag struct {
	Offset  int    `json:"offset"`
	Code    string `json:"code"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// FindingDiag is the JSON form of f.
func FindingDiag(f locator.Finding) Diag {
	return Diag{Offset: f.Offset, Code: string(f.Code), Rule: f.Rule, Message: f.Message}
}

// ErrorDiag is the JSON form of an error of package locator (*locator.Error), or of another
// error at offset 0 with the code "error" and the rule "locator".
func ErrorDiag(err error) Diag {
	if le, ok := errors.AsType[*locator.Error](err); ok {
		return Diag{Offset: le.Offset, Code: string(le.Code), Rule: le.Rule, Message: le.Message}
	}
	return Diag{Code: "error", Rule: "locator", Message: err.Error()}
}

// WHATWGDiag is the JSON form of a failure of the WHATWG parser: a *whatwg.Error's offset,
// code and rule, its code as the message; another error as ErrorDiag.
func WHATWGDiag(err error) Diag {
	if we, ok := errors.AsType[*whatwg.Error](err); ok {
		return Diag{Offset: we.Offset, Code: string(we.Code), Rule: we.Rule, Message: string(we.Code)}
	}
	return ErrorDiag(err)
}

// InputBase64 returns s in base64 (RFC 4648 §4) when s is not valid UTF-8, and "" when it
// is. JSON strings hold Unicode text only: an input that is not UTF-8 is written in
// "input" with each invalid byte as U+FFFD (as encoding/json does), which moves the byte
// offsets of what follows; "input_base64" then gives the exact bytes the offsets count.
func InputBase64(s string) string {
	if utf8.ValidString(s) {
		return ""
	}
	return base64.StdEncoding.EncodeToString([]byte(s))
}

// Marshal returns the JSON of v without HTML escaping and without a final newline (as the
// command writes it).
func Marshal(v any) (json.RawMessage, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// Head is how the records of parse, check and parse --spec whatwg begin: the input (as
// UTF-8: encoding/json writes an invalid byte as U+FFFD), its bytes in base64 when it is not
// UTF-8 (InputBase64), the specification and whether the URL is valid by it. encoding/json
// writes an embedded Head's fields in its place.
type Head struct {
	Input       string `json:"input"`
	InputBase64 string `json:"input_base64,omitempty"`
	Spec        string `json:"spec"`
	Valid       bool   `json:"valid"`
}

// NewHead returns the Head of input under spec.
func NewHead(input, spec string, valid bool) Head {
	return Head{Input: input, InputBase64: InputBase64(input), Spec: spec, Valid: valid}
}

// Parse is the object of locator parse --json (--spec rfc1738 and rfc3986).
type Parse struct {
	Head
	Prefix       *string         `json:"prefix,omitempty"`
	Scheme       *string         `json:"scheme"`
	SpecScheme   string          `json:"spec_scheme,omitempty"`
	User         *string         `json:"user"`
	Password     *string         `json:"password"`
	Host         *string         `json:"host"`
	Port         *string         `json:"port"`
	Path         *string         `json:"path"`
	Query        *string         `json:"query"`
	Fragment     *string         `json:"fragment"`
	Parts        json.RawMessage `json:"parts"`
	Errors       []Diag          `json:"errors"`
	Warnings     []Diag          `json:"warnings"`
	MoreErrors   int             `json:"more_errors,omitempty"`
	MoreWarnings int             `json:"more_warnings,omitempty"`
}

// NewParse returns the object of parse --json for r: its components when it parsed, its
// typed view in parts (a view encoding/json refuses makes it invalid, with the error
// "view-json"), its findings by severity and the numbers the report left out.
func NewParse(r *scheme.Report) *Parse {
	p := &Parse{Head: NewHead(r.Input, r.Spec.String(), r.Valid()),
		Parts: json.RawMessage("null"), Errors: []Diag{}, Warnings: []Diag{}}
	if r.Parsed {
		u := r.URL
		if pre, ok := u.Prefix(); ok {
			p.Prefix = &pre
		}
		opt := func(v string, ok bool) *string {
			if !ok {
				return nil
			}
			return &v
		}
		p.Scheme = opt(u.Scheme(), u.HasScheme())
		p.SpecScheme = r.SpecScheme
		p.User = opt(u.User())
		p.Password = opt(u.Password())
		p.Host = opt(u.Host(), u.HasAuthority())
		p.Port = opt(u.Port())
		p.Path = opt(u.Path(), true)
		p.Query = opt(u.Query())
		p.Fragment = opt(u.Fragment())
	}
	if r.View != nil {
		if js, err := Marshal(r.View); err == nil {
			p.Parts = js
		} else {
			p.Valid = false
			p.Errors = append(p.Errors, Diag{0, "view-json", "locator", err.Error()})
		}
	}
	for _, f := range r.Findings {
		if f.Severity == locator.SeverityError {
			p.Errors = append(p.Errors, FindingDiag(f))
		} else {
			p.Warnings = append(p.Warnings, FindingDiag(f))
		}
	}
	p.MoreErrors, p.MoreWarnings = r.OmittedErrors, r.Omitted-r.OmittedErrors
	return p
}

// Check is the record of locator check --json: the first error (null fields when there is
// none) and the numbers of errors and warnings.
type Check struct {
	Head
	Offset   *int    `json:"offset"`
	Code     *string `json:"code"`
	Rule     *string `json:"rule"`
	Message  *string `json:"message"`
	Errors   int     `json:"errors"`
	Warnings int     `json:"warnings"`
}

// NewCheck returns the record of check --json for r: its first error (scheme.Report.FirstError,
// there whenever r is invalid) and the numbers of all its errors and warnings, those past the
// findings r lists included.
func NewCheck(r *scheme.Report) *Check {
	c := &Check{Head: NewHead(r.Input, r.Spec.String(), r.Valid())}
	if x, ok := r.FirstError(); ok {
		off, code, rule, msg := x.Offset, string(x.Code), x.Rule, x.Message
		c.Offset, c.Code, c.Rule, c.Message = &off, &code, &rule, &msg
	}
	c.Errors, c.Warnings = r.OmittedErrors, r.Omitted-r.OmittedErrors
	for _, x := range r.Findings {
		if x.Severity == locator.SeverityError {
			c.Errors++
		} else {
			c.Warnings++
		}
	}
	return c
}

// Plan is the object of locator plan --json for a URL with a plan: the fields of scheme.Plan,
// with the exact bytes of a host, path or step's send that is not valid UTF-8 in base64
// (host_base64, path_base64, send_base64; InputBase64): JSON strings hold Unicode text only,
// and encoding/json writes each invalid byte as U+FFFD, so "gopher://h/0%FE" and
// "gopher://h/0%FF" would both send "\ufffd".
type Plan struct {
	Input       string     `json:"input"`
	InputBase64 string     `json:"input_base64,omitempty"`
	Valid       bool       `json:"valid"`
	Scheme      string     `json:"scheme"`
	Host        string     `json:"host,omitempty"`
	HostBase64  string     `json:"host_base64,omitempty"`
	Port        int        `json:"port,omitempty"`
	Path        string     `json:"path,omitempty"`
	PathBase64  string     `json:"path_base64,omitempty"`
	Steps       []PlanStep `json:"steps"`
	Errors      []Diag     `json:"errors,omitempty"`
	MoreErrors  int        `json:"more_errors,omitempty"`
}

// PlanStep is a step of Plan: scheme.Step's fields, with the line's exact bytes in base64
// when it is not valid UTF-8 (SendBase64, InputBase64). A note is always UTF-8: it shows
// decoded bytes in their display form (internal/display).
type PlanStep struct {
	Send       string   `json:"send,omitempty"`
	SendBase64 string   `json:"send_base64,omitempty"`
	Note       string   `json:"note,omitempty"`
	When       []string `json:"when,omitempty"`
	Expect     []string `json:"expect,omitempty"`
	Data       bool     `json:"data,omitempty"`
}

// NewPlan returns the object of plan --json for the plan p of input: valid when errs holds
// no error and omitted is 0; the first max errors of errs (its warnings are skipped) and the
// number of the others, with omitted (those the report left out).
func NewPlan(input string, p scheme.Plan, errs []locator.Finding, omitted, max int) Plan {
	j := Plan{Input: input, InputBase64: InputBase64(input), Scheme: p.Scheme,
		Host: p.Host, HostBase64: InputBase64(p.Host), Port: p.Port, Path: p.Path, PathBase64: InputBase64(p.Path),
		Steps: make([]PlanStep, len(p.Steps))}
	for i, s := range p.Steps {
		j.Steps[i] = PlanStep{Send: s.Send, SendBase64: InputBase64(s.Send), Note: s.Note, When: s.When,
			Expect: s.Expect, Data: s.Data}
	}
	n := 0
	for _, f := range errs {
		if f.Severity != locator.SeverityError {
			continue
		}
		if n < max {
			if j.Errors == nil {
				j.Errors = make([]Diag, 0, min(len(errs), max))
			}
			j.Errors = append(j.Errors, FindingDiag(f))
		} else {
			j.MoreErrors++
		}
		n++
	}
	j.MoreErrors += omitted
	j.Valid = n == 0 && omitted == 0
	return j
}

// PlanFailure is the object of locator plan --json for a URL without a plan.
type PlanFailure struct {
	Input       string `json:"input"`
	InputBase64 string `json:"input_base64,omitempty"`
	Valid       bool   `json:"valid"`
	Error       Diag   `json:"error"`
}

// NewPlanFailure returns the object of plan --json for input, which has no plan: err says
// why (ErrorDiag).
func NewPlanFailure(input string, err error) PlanFailure {
	return PlanFailure{Input: input, InputBase64: InputBase64(input), Error: ErrorDiag(err)}
}

// HostPort returns "host:port" for a plan ("[v6]:port" for an IPv6 address), the host alone
// when there is no port, or "" when there is no host (as locator plan shows it).
func HostPort(p scheme.Plan) string {
	if p.Host == "" {
		return ""
	}
	if p.Port == 0 {
		return p.Host
	}
	return net.JoinHostPort(p.Host, strconv.Itoa(p.Port))
}

// WHATWG is the object of locator parse --spec whatwg --json: the getters (null when the
// parser failed), the scheme, the validation errors and the failure.
type WHATWG struct {
	Head
	Href             *string                  `json:"href"`
	Origin           *string                  `json:"origin"`
	Protocol         *string                  `json:"protocol"`
	Username         *string                  `json:"username"`
	Password         *string                  `json:"password"`
	Host             *string                  `json:"host"`
	Hostname         *string                  `json:"hostname"`
	Port             *string                  `json:"port"`
	Pathname         *string                  `json:"pathname"`
	Search           *string                  `json:"search"`
	Hash             *string                  `json:"hash"`
	Scheme           *string                  `json:"scheme"`
	ValidationErrors []whatwg.ValidationError `json:"validation_errors"`
	Errors           []Diag                   `json:"errors"`
}

// NewWHATWG returns the object of parse --spec whatwg --json for input, which the WHATWG
// parser read as u (when err is nil) with the validation errors verrs.
func NewWHATWG(input string, u *whatwg.URL, verrs []whatwg.ValidationError, err error) *WHATWG {
	j := &WHATWG{Head: NewHead(input, "whatwg", err == nil), ValidationErrors: verrs, Errors: []Diag{}}
	if j.ValidationErrors == nil {
		j.ValidationErrors = []whatwg.ValidationError{}
	}
	if err != nil {
		j.Errors = append(j.Errors, WHATWGDiag(err))
		return j
	}
	g := [...]struct {
		dst **string
		v   string
	}{
		{&j.Href, u.Href()}, {&j.Origin, u.Origin()}, {&j.Protocol, u.Protocol()},
		{&j.Username, u.Username()}, {&j.Password, u.Password()},
		{&j.Host, u.Host()}, {&j.Hostname, u.Hostname()}, {&j.Port, u.Port()},
		{&j.Pathname, u.Pathname()}, {&j.Search, u.Search()}, {&j.Hash, u.Hash()},
	}
	for _, x := range g {
		v := x.v
		*x.dst = &v
	}
	s := *j.Protocol
	if n := len(s); n > 0 && s[n-1] == ':' {
		s = s[:n-1] // "http:" → "http"
	}
	j.Scheme = &s
	return j
}
