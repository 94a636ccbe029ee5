package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
	"github.com/spf13/cobra"
)

const parseLong = `Parse splits each URL into its components and its typed view, and reports what
the strict checker of --spec finds.

The components are shown as written, still percent-encoded. A component that is
absent is shown as (absent), one that is present but empty as "": "ftp://@host.com/"
has an empty user, "ftp://host.com/" has none (RFC 1738 §3.1). The host is absent
when there is no "//" authority. The typed view (ftp's cwd, name and type, gopher's
type, selector and search, ...) is shown field by field, each value in JSON, decoded.
Then come the findings: errors, and warnings (including RFC 1738 §6 security notes).

With --json, each URL gives one JSON object on one line:
  input      the URL as given
  spec       the specification checked ("rfc1738" or "rfc3986")
  valid      true when there is no error (warnings allowed)
  scheme, user, password, host, port, path, query, fragment
             the components as written; null when absent, "" when empty
             (all null when the URL could not be parsed)
  parts      the typed view's fields, or null when the scheme has none or the
             view failed (the failure is then in errors)
  errors, warnings
             arrays of {"offset", "code", "rule", "message"}; offset is a byte
             offset into input

With "-", URLs are read one per line from standard input and each gives one line.
With --json that line is the JSON object above. Without it, the line has ten
tab-separated columns:
  input valid|invalid scheme user password host port path query fragment
where input and each present component are written as Go-quoted strings ("...",
with escapes for control and invalid UTF-8 bytes) and an absent component as -.
The view and the findings are left out; use --json, or "locator check -".

Exit status: 0 when every URL is valid, 1 when any is not, 2 on a usage error.`

const parseExample = `  $ locator parse 'ftp://myname@host.dom/%2Fetc/motd'
  $ locator parse --json 'ftp://@host.com/' 'ftp://host.com/'
  $ locator parse --spec rfc3986 'http://[::1]:8080/a?b#c'
  $ printf 'ftp://host.dom/pub\nnews:comp.infosystems.www\n' | locator parse -`

func newParseCmd(opts *options) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:     "parse [--spec S] [--json] URL... | -",
		Short:   "Show the components, typed view and findings of URLs",
		Long:    parseLong,
		Example: parseExample,
		Args:    urlArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			w := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
			p := &parser{w: w, spec: opts.spec, json: asJSON}
			err := p.run(cmd, args)
			if ferr := w.Flush(); err == nil && ferr != nil {
				err = ioError(ferr)
			}
			if err == nil && p.invalid {
				err = errInvalid
			}
			return err
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "write one JSON object per URL, one per line")
	return cmd
}

// parser writes the results of the parse command.
type parser struct {
	w       *bufio.Writer
	buf     []byte // the one-line form of the current URL
	spec    locator.Spec
	json    bool
	enc     *json.Encoder
	invalid bool // some URL was not valid
}

func (p *parser) run(cmd *cobra.Command, args []string) error {
	if p.json {
		p.enc = json.NewEncoder(p.w)
		p.enc.SetEscapeHTML(false)
	}
	if isStdin(args) {
		return ioError(eachLine(cmd.Context(), cmd.InOrStdin(), func(line string) error {
			if p.json {
				return p.writeJSON(line)
			}
			r := analyze(line, p.spec)
			p.invalid = p.invalid || !r.valid()
			p.buf = appendCompact(p.buf[:0], &r)
			p.w.Write(p.buf)
			return nil
		}))
	}
	for i, a := range args {
		if p.json {
			if err := p.writeJSON(a); err != nil {
				return err
			}
			continue
		}
		if i > 0 {
			p.w.WriteByte('\n')
		}
		r := analyze(a, p.spec)
		p.invalid = p.invalid || !r.valid()
		writeHuman(p.w, &r)
	}
	return nil
}

func (p *parser) writeJSON(input string) error {
	r := analyze(input, p.spec)
	p.invalid = p.invalid || !r.valid()
	if err := p.enc.Encode(toJSON(&r, p.spec)); err != nil {
		return ioError(err)
	}
	return nil
}

// parseResult is the JSON form of a report (parse --json).
type parseResult struct {
	Input    string          `json:"input"`
	Spec     string          `json:"spec"`
	Valid    bool            `json:"valid"`
	Scheme   *string         `json:"scheme"`
	User     *string         `json:"user"`
	Password *string         `json:"password"`
	Host     *string         `json:"host"`
	Port     *string         `json:"port"`
	Path     *string         `json:"path"`
	Query    *string         `json:"query"`
	Fragment *string         `json:"fragment"`
	Parts    json.RawMessage `json:"parts"`
	Errors   []diag          `json:"errors"`
	Warnings []diag          `json:"warnings"`
}

// diag is the JSON form of a finding.
type diag struct {
	Offset  int    `json:"offset"`
	Code    string `json:"code"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// component is one component of a URL: its name, its value as written, and whether it is
// present.
type component struct {
	name    string
	value   string
	present bool
}

// components returns u's components in the order of the JSON and compact forms.
func components(u locator.URL) [8]component {
	var c [8]component
	c[0] = component{"scheme", u.Scheme(), u.HasScheme()}
	c[1].name = "user"
	c[1].value, c[1].present = u.User()
	c[2].name = "password"
	c[2].value, c[2].present = u.Password()
	c[3] = component{"host", u.Host(), u.HasAuthority()}
	c[4].name = "port"
	c[4].value, c[4].present = u.Port()
	c[5] = component{"path", u.Path(), true}
	c[6].name = "query"
	c[6].value, c[6].present = u.Query()
	c[7].name = "fragment"
	c[7].value, c[7].present = u.Fragment()
	return c
}

func toJSON(r *report, spec locator.Spec) parseResult {
	out := parseResult{Input: r.input, Spec: spec.String(), Valid: r.valid(),
		Errors: []diag{}, Warnings: []diag{}}
	if r.parsed {
		c := components(r.url)
		ptrs := [8]**string{&out.Scheme, &out.User, &out.Password, &out.Host, &out.Port, &out.Path, &out.Query, &out.Fragment}
		for i := range c {
			if c[i].present {
				v := c[i].value
				*ptrs[i] = &v
			}
		}
	}
	if r.view != nil {
		b, err := marshalView(r.view)
		if err != nil {
			out.Errors = append(out.Errors, diag{Code: "view-json", Rule: "locator", Message: err.Error()})
			out.Valid = false
		} else {
			out.Parts = b
		}
	}
	for _, f := range r.findings {
		d := diag{Offset: f.Offset, Code: string(f.Code), Rule: f.Rule, Message: f.Message}
		if f.Severity == locator.SeverityError {
			out.Errors = append(out.Errors, d)
		} else {
			out.Warnings = append(out.Warnings, d)
		}
	}
	return out
}

// marshalView returns the JSON of a typed view, without HTML escaping.
func marshalView(v scheme.View) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// viewField is one top-level field of a typed view, its value in compact JSON.
type viewField struct {
	name, value string
}

// viewFields returns the top-level fields of a view's JSON object, in order.
func viewFields(js []byte) ([]viewField, error) {
	dec := json.NewDecoder(bytes.NewReader(js))
	t, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := t.(json.Delim); !ok || d != '{' {
		return []viewField{{"value", string(js)}}, nil
	}
	var out []viewField
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		name, _ := t.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		var c bytes.Buffer
		if err := json.Compact(&c, raw); err != nil {
			return nil, err
		}
		out = append(out, viewField{name, c.String()})
	}
	return out, nil
}

// writeHuman writes the human-readable form of a report.
func writeHuman(w io.Writer, r *report) {
	fmt.Fprintf(w, "%s\n", appendDisplay(nil, r.input))
	fmt.Fprintf(w, "  %-10s %t\n", "valid", r.valid())
	if r.parsed {
		for _, c := range components(r.url) {
			v := "(absent)"
			switch {
			case c.present && c.value == "":
				v = `""`
			case c.present:
				v = c.value
			}
			fmt.Fprintf(w, "  %-10s %s\n", c.name, v)
		}
		writeView(w, r.view)
	}
	for _, f := range r.findings {
		fmt.Fprintf(w, "  %s at %d: %s [%s, %s]\n", f.Severity, f.Offset, f.Message, f.Code, f.Rule)
	}
}

func writeView(w io.Writer, v scheme.View) {
	if v == nil {
		fmt.Fprintf(w, "  %-10s %s\n", "view", "(none)")
		return
	}
	js, err := marshalView(v)
	var fields []viewField
	if err == nil {
		fields, err = viewFields(js)
	}
	if err != nil {
		fmt.Fprintf(w, "  %-10s %s (%v)\n", "view", v.Scheme(), err)
		return
	}
	fmt.Fprintf(w, "  %-10s %s\n", "view", v.Scheme())
	for _, f := range fields {
		fmt.Fprintf(w, "    %-10s %s\n", f.name, f.value)
	}
}

// appendCompact appends the one-line form of a report (parse - without --json).
func appendCompact(b []byte, r *report) []byte {
	b = strconv.AppendQuote(b, r.input)
	if r.valid() {
		b = append(b, "\tvalid"...)
	} else {
		b = append(b, "\tinvalid"...)
	}
	if !r.parsed {
		for range 8 {
			b = append(b, "\t-"...)
		}
		return append(b, '\n')
	}
	for _, c := range components(r.url) {
		b = append(b, '\t')
		if c.present {
			b = strconv.AppendQuote(b, c.value)
		} else {
			b = append(b, '-')
		}
	}
	return append(b, '\n')
}
