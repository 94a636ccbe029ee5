package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/locator-url/locator/internal/records"
	"github.com/locator-url/locator/scheme"
	"github.com/spf13/cobra"
)

const parseLong = `Parse splits each URL into its components and its typed view, and reports what
the strict checker of --spec finds.

The components are shown as written, still percent-encoded. A component that is
absent is shown as (absent), one that is present but empty as "": "ftp://@host.com/"
has an empty user, "ftp://host.com/" has none (RFC 1738 §3.1). The host is absent
when there is no "//" authority.

Under --spec rfc1738 and url-draft-1994 two more things are read. A "URL:" prefix
(any letter case) before a URL with a scheme is the 1994 URL draft's prefixedurl
(RFC 1738 Appendix recommends it for URLs in context): it is shown as the component
prefix (only when present), and the scheme, view, plan and findings are those of
the URL behind it; "URL:ftp://host.com/" has the prefix "URL:" and the scheme
ftp. A login may hold "?" (RFC 1738 §5 user and password): "ftp://a?b@host/" has
the user "a?b" and the host "host", when an "@" follows the "?" before any "/" or
"#"; a warning (login-two-readings) says that RFC 3986 reads another host. Under
rfc3986, whatwg, url-draft-1993 and rfc1630, which define no prefix, "URL" is the
scheme (with a warning, prefix-as-scheme) and the authority ends at the first "?".

Under url-draft-1993, url-draft-1994 and rfc1630 a scheme is ialpha: a letter, then
letters, digits and the draft's safe and extra characters, so "a_b:x" has the scheme
"a_b". RFC 3986 §3.1 allows no "_" in a scheme, and the components (as RFC 3986
splits the URL) hold "a_b:x" as the path; the scheme line then shows the draft's
reading, "a_b (url-draft-1993's scheme; RFC 3986 reads it as part of the path)",
and --json adds the field spec_scheme ("scheme" stays null).

The typed view (ftp's cwd, name and type, gopher's type, selector and search, ...)
is shown field by field, each value in JSON, decoded (a decoded byte that is not
UTF-8 is shown \xHH, where JSON would write U+FFFD). Under url-draft-1993 and
rfc1630 it is RFC 1738's reading, shown for information: its failure is no finding,
since those documents have grammars of their own. Then come the findings (as "locator help check" says of each --spec; under
url-draft-1993 and rfc1630 a URL locator cannot parse gets the document's findings
on its text): errors, and warnings (including RFC 1738 §6 security notes),
at most 20 of them, then "… N more findings" (--json lists up to 100). Every value
is shown as "locator help check" says: controls, invalid UTF-8 and invisible
characters escaped.

With --json, each URL gives one JSON object on one line:
  input      the URL as given (an input that is not UTF-8 also in base64 as
             input_base64, whose bytes the offsets count; see below)
  spec       the specification checked (the --spec name: "rfc1738", "rfc1630", ...)
  valid      true when there is no error (warnings allowed)
  prefix     the "URL:" prefix as written (only when there is one)
  scheme, user, password, host, port, path, query, fragment
             the components as written; null when absent, "" when empty
             (all null when the URL could not be parsed); one that is not
             UTF-8 is followed by NAME_base64, its exact bytes in base64
             (path_base64, ...; absent otherwise)
  spec_scheme
             the scheme the document of --spec reads where scheme is null
             (url-draft-1993, url-draft-1994, rfc1630: "a_b" in "a_b:x");
             only when there is one (spec_scheme_base64 as for the components)
  parts      the typed view's fields, decoded, or null when the scheme has none
             or the view failed (the failure is then in errors)
  parts_base64
             when a string of parts is not UTF-8 (written with U+FFFD): the
             same object with every string in base64, its exact bytes
  errors, warnings
             arrays of {"offset", "code", "rule", "message"}; offset is a byte
             offset into input; at most 100 findings in all, the first by offset
  more_errors, more_warnings
             how many errors and warnings past those 100 are not listed
             (present only when there are some)

With --spec whatwg, each URL is parsed by the WHATWG URL Standard (§4.4 basic URL
parser), against --base when it is given, and shown with the getters of the URL
class (§6.1): href, origin, protocol, username, password, host, hostname, port,
pathname, search and hash, then its validation errors (§1.1: the URL parses, but
the input is not a valid URL string). valid is false only when the parser fails.
Its --json object has the fields input, spec, valid, those getters (null when the
parser fails), scheme, validation_errors (an array of {"offset", "code", "rule"})
and errors (the failure, as above). The batch path

  locator parse --spec whatwg --format href - < urls.txt

writes one line per input line: the href, or "error: CODE at offset N [CODE,
RULE]" for a failure; it is the fast path (no JSON, no per-line allocation beyond
what the parser needs).

With "-", URLs are read one per line from standard input and each gives one line.
With --json that line is the JSON object above. Without it, the line has ten
tab-separated columns:
  input valid|invalid scheme user password host port path query fragment
where input and each present component are written as Go-quoted strings ("...",
with escapes for control and invalid UTF-8 bytes) and an absent component as -.
A "URL:" prefix is in the input column only (the scheme column is the scheme
behind it); the fields of --format and --output have no prefix either.
The view and the findings are left out; use --json, or "locator check -". With
--spec whatwg the columns are input, valid|invalid and the eleven getters.

The fields of --format and --output are those of the JSON object (errors,
warnings and validation_errors as their codes joined by ",").
` + formatHelp + `

` + bulkHelp + `

Exit status: 0 when every URL is valid, 1 when any is not, 2 on a usage error.`

const parseExample = `  $ locator parse 'ftp://myname@host.dom/%2Fetc/motd'
  $ locator parse --json 'ftp://@host.com/' 'ftp://host.com/'
  $ locator parse --spec rfc3986 'http://[::1]:8080/a?b#c'
  $ printf 'ftp://host.dom/pub\nnews:comp.infosystems.www\n' | locator parse -
  $ locator parse --spec whatwg --json 'HTTP://EXAMPLE.com:80/a/../b c'
  $ locator parse --spec whatwg --base 'http://example.com/a/' '../b' '\c'
  $ locator parse --spec whatwg --format href - < urls.txt
  $ locator parse --output csv --format '{scheme}{host}{path}' - < urls.txt
  $ locator parse --stats --jobs 2 --format '{scheme}\t{host}\t{path}' - < urls.txt`

func newParseCmd(opts *options) *cobra.Command {
	var base string
	var bulk bulkOptions
	var out outputOptions
	cmd := &cobra.Command{
		Use:     "parse [--spec S] [--base URL] [--json] URL... | -",
		Short:   "Show the components, typed view and findings of URLs",
		Long:    parseLong,
		Example: parseExample,
		Args:    urlArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.whatwg {
				return runParseWHATWG(cmd, args, base, &out, bulk)
			}
			if base != "" {
				return usageErrorf("--base is for --spec whatwg; use locator resolve for the other specs")
			}
			if isStdin(args) || out.format != "" || out.output != "" {
				f, err := out.compile(parseFields)
				if err != nil {
					return err
				}
				newFunc := func() lineFunc { return parseLineFunc(opts.spec, f) }
				if isStdin(args) {
					return runBulk(cmd, bulk, f.header(), newFunc)
				}
				return runArgs(cmd, args, f.header(), newFunc())
			}
			w := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
			p := &parser{w: w, spec: opts.spec, json: out.json}
			err := p.run(args)
			if ferr := w.Flush(); err == nil && ferr != nil {
				err = ioError(ferr)
			}
			if err == nil && p.invalid {
				err = errInvalid
			}
			return err
		},
	}
	cmd.Flags().StringVar(&base, "base", "", "with --spec whatwg: parse each URL against the base `URL`")
	addOutputFlags(cmd, &out, "URL")
	addBulkFlags(cmd, &bulk)
	return cmd
}

// parseFields are the fields of parse's --format and --output (--spec rfc1738 or rfc3986):
// those of its JSON, with errors and warnings as their codes joined by ",".
var parseFields = []field{
	{"input", fieldString}, {"spec", fieldString}, {"valid", fieldBool},
	{"scheme", fieldComponent}, {"user", fieldComponent}, {"password", fieldComponent}, {"host", fieldComponent},
	{"port", fieldComponent}, {"path", fieldComponent}, {"query", fieldComponent}, {"fragment", fieldComponent},
	{"errors", fieldString}, {"warnings", fieldString},
}

// parseLineFunc returns the bulk-path function of parse for spec and format f.
func parseLineFunc(spec locator.Spec, f *outputFormat) lineFunc {
	var pj parseJSON
	fw := f.worker()
	vals := workerStrings(len(parseFields))
	var codes [2][]byte
	return func(dst []byte, line string, st *stats) []byte {
		r := scheme.Inspect(line, spec)
		valid := r.Valid()
		code := ""
		for _, x := range r.Findings {
			if x.Severity == locator.SeverityError {
				code = string(x.Code)
				break
			}
		}
		scheme := r.URL.Scheme()
		if !r.Parsed {
			scheme = schemeOf(line)
		}
		st.result(valid, scheme, code)
		switch f.kind {
		case outPlain:
			return appendCompact(dst, &r)
		case outJSON:
			return pj.append(dst, &r, spec)
		}
		vals[0], vals[1], vals[2] = line, spec.String(), strconv.FormatBool(valid)
		present := uint64(0b111 | 1<<11 | 1<<12)
		if r.Parsed {
			for i, c := range lineops.Components(r.URL) {
				vals[3+i] = c.Value
				if c.Present {
					present |= 1 << (3 + i)
				}
			}
		}
		codes[0], codes[1] = codes[0][:0], codes[1][:0]
		for _, x := range r.Findings {
			k := 1
			if x.Severity == locator.SeverityError {
				k = 0
			}
			if len(codes[k]) > 0 {
				codes[k] = append(codes[k], ',')
			}
			codes[k] = append(codes[k], x.Code...)
		}
		vals[11], vals[12] = string(codes[0]), string(codes[1])
		return fw.appendRecord(dst, vals, present)
	}
}

// parser writes the results of the parse command.
type parser struct {
	w       *bufio.Writer
	spec    locator.Spec
	json    bool
	pj      parseJSON
	b       []byte
	invalid bool // some URL was not valid
}

func (p *parser) run(args []string) error {
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
		r := scheme.Inspect(a, p.spec)
		p.invalid = p.invalid || !r.Valid()
		writeHuman(p.w, &r)
	}
	return nil
}

func (p *parser) writeJSON(input string) error {
	r := scheme.Inspect(input, p.spec)
	p.invalid = p.invalid || !r.Valid()
	p.b = p.pj.append(p.b[:0], &r, p.spec)
	if _, err := p.w.Write(p.b); err != nil {
		return ioError(err)
	}
	return nil
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

// writeHuman writes the human-readable form of a report; every value goes through
// internal/display.
func writeHuman(w io.Writer, r *scheme.Report) {
	b := display.Append(nil, r.Input)
	b = fmt.Appendf(b, "\n  %-10s %t\n", "valid", r.Valid())
	if r.Parsed {
		if p, ok := r.URL.Prefix(); ok {
			b = fmt.Appendf(b, "  %-10s ", "prefix")
			b = append(display.Append(b, p), '\n')
		}
		for _, c := range lineops.Components(r.URL) {
			b = fmt.Appendf(b, "  %-10s ", c.Name)
			switch {
			case c.Name == "scheme" && r.SpecScheme != "":
				// The document's ialpha scheme, which locator.URL (RFC 3986 §3.1) cannot hold.
				b = display.Append(b, r.SpecScheme)
				b = append(b, " ("...)
				b = append(b, r.Spec.String()...)
				b = append(b, "'s scheme; RFC 3986 reads it as part of the path)"...)
			case !c.Present:
				b = append(b, "(absent)"...)
			case c.Value == "":
				b = append(b, `""`...)
			default:
				b = display.Append(b, c.Value)
			}
			b = append(b, '\n')
		}
		b = appendView(b, r.View)
	}
	for i, f := range r.Findings {
		if i == maxDiagnostics {
			b = appendMore(b, "  ", len(r.Findings)-i+r.Omitted)
			break
		}
		b = fmt.Appendf(b, "  %s at %d: ", f.Severity, f.Offset)
		b = append(lineops.AppendFindingText(b, f.Message, string(f.Code), f.Rule), '\n')
	}
	w.Write(b)
}

// appendView appends the fields of a typed view, each value in compact JSON (shown by
// display.Append: JSON leaves format characters such as U+202E as they are).
func appendView(b []byte, v scheme.View) []byte {
	if v == nil {
		return fmt.Appendf(b, "  %-10s %s\n", "view", "(none)")
	}
	js, err := records.Marshal(v)
	var fields []viewField
	if err == nil {
		fields, err = viewFields(js)
	}
	if err == nil && bytes.Contains(js, []byte(`\ufffd`)) {
		// encoding/json writes each byte of a string that is not UTF-8 as U+FFFD (and a real
		// U+FFFD as it is), so that %FE and %FF would both be shown "\ufffd": the fields are
		// written again with such bytes as \xHH, the escape of internal/display.
		if tf, ok := viewTextFields(reflect.ValueOf(v)); ok {
			fields = tf
		}
	}
	if err != nil {
		b = fmt.Appendf(b, "  %-10s ", "view")
		b = display.Append(b, v.Scheme())
		b = append(b, " ("...)
		b = display.Append(b, err.Error())
		return append(b, ")\n"...)
	}
	b = fmt.Appendf(b, "  %-10s ", "view")
	b = append(display.Append(b, v.Scheme()), '\n')
	for _, f := range fields {
		b = fmt.Appendf(b, "    %-10s ", display.String(f.name))
		b = append(display.Append(b, f.value), '\n')
	}
	return b
}

// appendCompact appends the one-line form of a report (parse - without --json) and "\n".
func appendCompact(b []byte, r *scheme.Report) []byte {
	return append(lineops.AppendCompact(b, r), '\n')
}

// viewTextFields returns the top-level fields of the view v as viewFields does from its JSON,
// each value laid out as encoding/json writes it, but with each byte of a string that is not
// UTF-8 as \xHH (as internal/display shows it) rather than U+FFFD: the fields of the JSON
// plan (structPlanFields) with strings in strText; ok is false for a view whose type the plans
// leave to encoding/json (it is then shown from its JSON).
func viewTextFields(v reflect.Value) (fields []viewField, ok bool) {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return nil, false
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return nil, false
	}
	plan, ok := structPlanFields(v.Type(), strText)
	if !ok {
		return nil, false
	}
	for i := range plan {
		f := &plan[i]
		fv := v.FieldByIndex(f.index)
		if f.omitEmpty && f.empty(fv) {
			continue
		}
		fields = append(fields, viewField{f.name, string(f.value(nil, fv))})
	}
	return fields, true
}

// appendTextString appends s as a JSON string, as encoding/json writes it, but with each byte
// that is not UTF-8 as \xHH instead of U+FFFD.
func appendTextString(b []byte, s string) []byte {
	b = append(b, '"')
	for s != "" {
		i := 0
		for i < len(s) {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			i += n
		}
		if i > 0 {
			q := appendJSONStd(nil, s[:i])
			b = append(b, q[1:len(q)-1]...)
		}
		if i < len(s) {
			b = append(b, `\x`...)
			b = append(b, "0123456789abcdef"[s[i]>>4], "0123456789abcdef"[s[i]&15])
			i++
		}
		s = s[i:]
	}
	return append(b, '"')
}
