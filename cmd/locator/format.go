package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/records"
	"github.com/spf13/cobra"
)

// The output formats of the bulk path: JSON lines, a template of component names, and TSV
// or CSV with a header row. Each writes exactly one line per result: a value is escaped
// (internal/display) in a template, TSV and CSV, and JSON escapes line breaks itself.

// fieldKind is the JSON type of a field.
type fieldKind uint8

const (
	fieldString fieldKind = iota // a JSON string, or null when absent
	fieldBool                    // true or false ("true"/"false" in the record)
	fieldInt                     // a JSON number (decimal digits in the record), or null when absent
)

// field is one named value of a record; the names are the JSON field names.
type field struct {
	name string
	kind fieldKind
}

// outputOptions are the flags --json, --format and --output.
type outputOptions struct {
	json   bool
	format string
	output string
	cmd    *cobra.Command // the command, whose --spec the qualifiers read URLs by
}

// addOutputFlags adds --json, --format and --output to a command whose results are each
// about one "what" ("URL", "reference", "pair", "finding").
func addOutputFlags(cmd *cobra.Command, o *outputOptions, what string) {
	o.cmd = cmd
	cmd.Flags().BoolVar(&o.json, "json", false, "write one JSON object per "+what+", one per line")
	cmd.Flags().StringVar(&o.format, "format", "", "write each result by a `template` of field names, such as '{scheme}\\t{host}\\t{path}' (a name alone, such as href, is {href})")
	cmd.Flags().StringVar(&o.output, "output", "", "write a table, `tsv or csv`, with a header row (the --format fields, or all)")
}

const formatHelp = `--format TEMPLATE writes each result by a template: {NAME} is replaced by the field
NAME (the JSON field names; an absent one is empty), \t and \\ are a tab and a
backslash, and anything else is written as it is. A template without "{" is a field
name alone: "--format href" is "{href}". Every result is one line: a template cannot
hold a line break or another control character, an invisible or format character or
invalid UTF-8 (in its text or its names), and in a value a tab is written as
\t, a control byte or a byte of invalid UTF-8 as \xHH, and an invisible or format
character (a byte-order mark, a bidirectional control) as \uHHHH.
--output tsv or --output csv writes a table with a header row of field names: the
fields of --format if it is given, all fields otherwise. Names and values are escaped as in a
template, and TSV also writes a backslash as \\ (so a value can be read back: the
escapes are Go's); CSV then quotes as RFC 4180 does (encoding/csv).

In JSON, strings are UTF-8: an input that is not valid UTF-8 is written in "input"
with each invalid byte as U+FFFD, and its exact bytes, which byte offsets count,
are given in base64 in an extra field "input_base64" (absent for a UTF-8 input);
so is every other string (base, a, b, and a result made of their bytes: result,
normalized, each mode's field of resolve --all-specs: "result_base64",
"normalized_base64", "rfc2396_base64").

` + qualHelp

// outKind is the kind of an outputFormat.
type outKind uint8

const (
	outPlain    outKind = iota // the command's own line
	outJSON                    // --json
	outTemplate                // --format
	outTSV                     // --output tsv
	outCSV                     // --output csv
)

// outputFormat is a compiled --json, --format or --output.
type outputFormat struct {
	kind   outKind
	fields []field
	base64 []bool       // for each field: JSON adds NAME_base64 when it is not UTF-8 (base64Fields)
	parts  []tmplPart   // the template
	cols   []int        // the columns of tsv and csv: indices into fields
	colq   []*qualified // for each column, its qualified name, or nil for the field as it is

	spec      locator.Spec // the spec the record's URL is read by (--spec)
	urlField  int          // the field that holds the record's URL (urlFieldOf), or -1
	compField [8]int       // the fieldComponent field of each URL component, or -1
	qsep      string       // the byte between query pairs for {query:NAME}: the command's --query-separator, or "&"
	missing   atomic.Int64 // records written as an error line for an absent {must:...}
}

// tmplPart is a literal, or a field when field >= 0; q is set for a name that reads the
// record's URL (format_qual.go), and field is then the field it reads.
type tmplPart struct {
	lit   string
	field int
	q     *qualified
}

// compile checks the flags against the fields of a command.
func (o *outputOptions) compile(fields []field) (*outputFormat, error) {
	f := &outputFormat{fields: fields, base64: base64Fields(fields), urlField: urlFieldOf(fields), qsep: "&"}
	for i := range f.compField {
		f.compField[i] = -1
		for j, fl := range fields {
			if fl.kind == fieldComponent && fl.name == urlComponents[i] {
				f.compField[i] = j
			}
		}
	}
	if o.cmd != nil {
		if sf := o.cmd.Flag("spec"); sf != nil {
			if s, err := locator.ParseSpec(sf.Value.String()); err == nil {
				f.spec = s
			} else if _, err := locator.ParseMode(sf.Value.String()); err == nil {
				// resolve's and relative's --spec names a mode: its results are URIs (RFC 3986 §4.3).
				f.spec = locator.RFC3986
			}
		}
		if sf := o.cmd.Flag("query-separator"); sf != nil && sf.Value.String() != "" {
			// edit's --query-separator (checked by the command: one byte) splits the query
			// for {query:NAME} and {query-all:NAME} too, as for its own query options.
			f.qsep = sf.Value.String()
		}
		if f.kind != outJSON {
			// An absent {must:...} part gave an error line: exit status 1 (see appendMissingLine).
			prev := o.cmd.PostRunE
			o.cmd.PostRunE = func(cmd *cobra.Command, args []string) error {
				if f.missing.Load() > 0 {
					return errInvalid
				}
				if prev != nil {
					return prev(cmd, args)
				}
				return nil
			}
		}
	}
	switch o.output {
	case "":
	case "tsv":
		f.kind = outTSV
	case "csv":
		f.kind = outCSV
	default:
		return nil, usageErrorf("--output %s: want tsv or csv", display.Quote(o.output))
	}
	if o.json && (o.format != "" || o.output != "") {
		return nil, usageErrorf("--json cannot be combined with --format or --output")
	}
	if o.json {
		f.kind = outJSON
		return f, nil
	}
	if o.format == "" {
		for i := range fields {
			f.cols = append(f.cols, i)
		}
		return f, nil
	}
	parts, err := f.parseTemplate(o.format)
	if err != nil {
		return nil, err
	}
	if f.kind == outPlain {
		f.kind, f.parts = outTemplate, parts
		return f, nil
	}
	for _, p := range parts {
		if p.field >= 0 {
			f.cols = append(f.cols, p.field)
			f.colq = append(f.colq, p.q)
		}
	}
	return f, nil
}

// parseTemplate reads a --format template.
func (f *outputFormat) parseTemplate(t string) ([]tmplPart, error) {
	fields := f.fields
	if !strings.Contains(t, "{") {
		// A field name alone ("--format href" is "{href}"). A "}" in it cannot be part of a
		// name: wrapped, "host}" read as "{host}" and a "}", and wrote "H}".
		if strings.Contains(t, "}") {
			return nil, usageErrorf("--format %s: a } without {", display.Quote(t))
		}
		t = "{" + t + "}"
	}
	// Every byte of a template, in a literal or in a name (which a table's header row
	// shows), is written as it is: so a template may hold only what display shows as it is,
	// and tabs. Not a control character (C0, DEL, C1: U+0085 is a line break, Unicode §5.8),
	// the line and paragraph separators, a format character (a bidirectional control, a
	// byte-order mark) or a byte of invalid UTF-8; inside a name too, where "{query:a\nb}"
	// split the header row of --output tsv.
	for i := 0; i < len(t); {
		_, n := utf8.DecodeRuneInString(t[i:])
		if c := t[i : i+n]; c != "\t" && display.String(c) != c {
			return nil, usageErrorf("--format %s: a template cannot hold a control character, a line break, an invisible character or invalid UTF-8 (%s): each result is one line, shown as it is", display.Quote(t), display.Quote(c))
		}
		i += n
	}
	var parts []tmplPart
	var lit []byte
	flush := func() {
		if len(lit) > 0 {
			parts = append(parts, tmplPart{lit: string(lit), field: -1})
			lit = nil
		}
	}
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c == '\\' && i+1 < len(t):
			i++
			switch t[i] {
			case 't':
				lit = append(lit, '\t')
			case 'n', 'r':
				return nil, usageErrorf("--format %s: a template cannot hold a line break: each result is one line", display.Quote(t))
			case '\\':
				lit = append(lit, '\\')
			default:
				lit = append(lit, '\\', t[i])
			}
		case c == '{':
			end := strings.IndexByte(t[i:], '}')
			if end < 0 {
				return nil, usageErrorf("--format %s: a { without }", display.Quote(t))
			}
			name := t[i+1 : i+end]
			idx := -1
			for j, f := range fields {
				if f.name == name && f.kind != fieldComponent {
					idx = j
				}
			}
			var q *qualified
			if idx < 0 {
				var ok bool
				q, ok = parseQualified(name)
				idx = f.readsField(q)
				if !ok || idx < 0 {
					return nil, usageErrorf("--format: unknown field {%s}; the fields are %s, and the URL's (see --help)", display.String(name), fieldNames(fields))
				}
			}
			flush()
			parts = append(parts, tmplPart{field: idx, q: q})
			i += end
		default:
			lit = append(lit, c)
		}
	}
	flush()
	return parts, nil
}

// readsField returns the field a qualified name reads (its component's field, or the
// record's URL), or -1 when the command has none.
func (f *outputFormat) readsField(q *qualified) int {
	if q == nil {
		return -1
	}
	if q.comp >= 0 && f.compField[q.comp] >= 0 && !q.deflt {
		q.fromField = !q.puny && !q.idn
		q.decode = !q.encoded && q.comp != 0 && q.comp != 4 // the scheme and port hold no escapes
		return f.compField[q.comp]
	}
	if q.hasQuery && f.compField[6] >= 0 {
		return f.compField[6]
	}
	return f.urlField
}

func fieldNames(fields []field) string {
	var n []string
	for _, f := range fields {
		n = append(n, f.name)
	}
	return strings.Join(n, ", ")
}

// custom reports whether the format is not the command's own line.
func (f *outputFormat) custom() bool { return f.kind != outPlain }

// header returns the header row of tsv and csv, or nil.
func (f *outputFormat) header() []byte {
	var names []string
	for i, c := range f.cols {
		if i < len(f.colq) && f.colq[i] != nil {
			names = append(names, f.colq[i].name)
			continue
		}
		names = append(names, f.fields[c].name)
	}
	// A name is escaped as a value is: a tab in {query:NAME} made the header row one
	// column longer than the rows.
	switch f.kind {
	case outTSV:
		var b []byte
		for i, n := range names {
			if i > 0 {
				b = append(b, '\t')
			}
			b = appendTSV(b, n)
		}
		return append(b, '\n')
	case outCSV:
		for i, n := range names {
			names[i] = display.String(n)
		}
		var b bytes.Buffer
		w := csv.NewWriter(&b)
		_ = w.Write(names) // writes to a bytes.Buffer: no error
		w.Flush()
		return b.Bytes()
	}
	return nil
}

// formatWorker writes records; each worker of the bulk path has its own.
type formatWorker struct {
	f   *outputFormat
	buf bytes.Buffer
	csv *csv.Writer
	row []string
	qc  qualCtx
}

func (f *outputFormat) worker() *formatWorker {
	fw := &formatWorker{f: f}
	if f.kind == outCSV {
		fw.csv = csv.NewWriter(&fw.buf)
		fw.row = make([]string, len(f.cols))
	}
	return fw
}

// appendRecord appends the line of a record: vals in the order of the fields, bit i of
// present set when field i is present.
func (fw *formatWorker) appendRecord(dst []byte, vals []string, present uint64) []byte {
	f := fw.f
	switch f.kind {
	case outJSON:
		dst = append(dst, '{')
		for i, fl := range f.fields {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONString(dst, fl.name)
			dst = append(dst, ':')
			switch {
			case present&(1<<i) == 0:
				dst = append(dst, "null"...)
			case fl.kind == fieldBool || fl.kind == fieldInt:
				dst = append(dst, vals[i]...)
			default:
				dst = appendJSONString(dst, vals[i])
				if b64 := records.InputBase64(vals[i]); b64 != "" && f.base64[i] {
					dst = append(dst, ',')
					dst = appendJSONString(dst, fl.name+"_base64")
					dst = append(dst, ':')
					dst = appendJSONString(dst, b64)
				}
			}
		}
		return append(dst, "}\n"...)
	case outTemplate:
		start := len(dst)
		for _, p := range f.parts {
			if p.field < 0 {
				dst = append(dst, p.lit...)
				continue
			}
			if q := p.q; q == nil || q.fromField && !q.decode && !q.must {
				// A field as it is (the fast path).
				if present&(1<<p.field) != 0 {
					dst = display.Append(dst, vals[p.field])
				}
				continue
			}
			v, ok := fw.value(p.field, p.q, vals, present)
			if !ok && p.q != nil && p.q.must {
				f.missing.Add(1)
				return appendMissingLine(dst[:start], p.q.name)
			}
			if ok {
				dst = display.Append(dst, v)
			}
		}
		return append(dst, '\n')
	case outTSV:
		start := len(dst)
		for i, c := range f.cols {
			if i > 0 {
				dst = append(dst, '\t')
			}
			v, ok := fw.value(c, fw.colq(i), vals, present)
			if !ok && fw.colq(i) != nil && fw.colq(i).must {
				f.missing.Add(1)
				return appendMissingLine(dst[:start], fw.colq(i).name)
			}
			if ok {
				dst = appendTSV(dst, v)
			}
		}
		return append(dst, '\n')
	case outCSV:
		for i, c := range f.cols {
			fw.row[i] = ""
			v, ok := fw.value(c, fw.colq(i), vals, present)
			if !ok && fw.colq(i) != nil && fw.colq(i).must {
				f.missing.Add(1)
				return appendMissingLine(dst, fw.colq(i).name)
			}
			if ok {
				fw.row[i] = display.String(v)
			}
		}
		fw.buf.Reset()
		_ = fw.csv.Write(fw.row) // writes to a bytes.Buffer: no error
		fw.csv.Flush()
		return append(dst, fw.buf.Bytes()...)
	}
	return dst
}

// value returns the value of a template part or a table column: field i as it is, or the
// qualified name q.
func (fw *formatWorker) value(i int, q *qualified, vals []string, present uint64) (string, bool) {
	if q == nil {
		return vals[i], present&(1<<i) != 0
	}
	if q.fromField {
		v, ok := vals[i], present&(1<<i) != 0
		if ok && q.decode {
			v = fw.qc.decodeScratch(v)
		}
		return v, ok
	}
	return fw.qc.eval(fw.f, q, vals, present)
}

// colq returns the qualified name of column i, or nil.
func (fw *formatWorker) colq(i int) *qualified {
	if i < len(fw.f.colq) {
		return fw.f.colq[i]
	}
	return nil
}

// appendTSV appends s as display.Append shows it (a tab as \t, a line break as \n or
// \r, other controls as \xHH) with a backslash written as \\.
func appendTSV(dst []byte, s string) []byte {
	for {
		i := strings.IndexByte(s, '\\')
		if i < 0 {
			return display.Append(dst, s)
		}
		dst = append(display.Append(dst, s[:i]), `\\`...)
		s = s[i+1:]
	}
}

// base64Fields returns, for each field, whether JSON completes it with NAME_base64 when its
// value is not UTF-8: every string field (README, "Many URLs": "a value that is not valid
// UTF-8 is written with U+FFFD for the bad bytes and also given exactly in base64"), an
// input as given (whose byte offsets other fields count) as a result made of an input's
// bytes (resolve's "result", normalize's "normalized", the column of each mode under resolve
// --all-specs), unless the command has a field of that name already (to-path's
// "path_base64", always there). Only "input" and the like had it: normalize --json wrote
// "http://a/\ufffd" for both "http://a/\xfe" and "http://a/\xff".
func base64Fields(fields []field) []bool {
	b := make([]bool, len(fields))
	for i, fl := range fields {
		if fl.kind != fieldString && fl.kind != fieldComponent {
			continue
		}
		b[i] = true
		for _, o := range fields {
			if o.name == fl.name+"_base64" {
				b[i] = false
			}
		}
	}
	return b
}

// appendJSONString appends s as a JSON string (RFC 8259 §7) as encoding/json writes it with
// SetEscapeHTML(false), except U+0008 and U+000C, written \u0008 and \u000c (encoding/json
// writes \b and \f since Go 1.22): control characters escaped, invalid UTF-8 as U+FFFD, and
// U+2028 and U+2029 escaped. See appendJSONText.
func appendJSONString(dst []byte, s string) []byte { return appendJSONText(dst, s, false) }

// record is one result of a command in the shared output formats: its values in the order of
// the command's fields, and which of them are present (an absent one is null in JSON, empty
// otherwise). A record is reused from line to line: start each with reset.
type record struct {
	vals    []string
	present uint64
	_       [cacheLine]byte // a worker's record, written at every line, shares no cache line with another's
}

func newRecord(fields []field) *record { return &record{vals: workerStrings(len(fields))} }

// reset marks every field absent.
func (r *record) reset() { r.present = 0 }

// set sets field i to the string v.
func (r *record) set(i int, v string) {
	r.vals[i] = v
	r.present |= 1 << i
}

// setBool sets the bool field i.
func (r *record) setBool(i int, b bool) { r.set(i, strconv.FormatBool(b)) }

// setInt sets the number field i.
func (r *record) setInt(i, n int) { r.set(i, strconv.Itoa(n)) }

// appendTo appends the line of the record in the format of fw.
func (r *record) appendTo(dst []byte, fw *formatWorker) []byte {
	return fw.appendRecord(dst, r.vals, r.present)
}

// runLines runs a command's per-line function over standard input ("-": the bulk path, on
// --jobs cores) or over its arguments, in order, and writes header first.
func runLines(cmd *cobra.Command, args []string, bulk bulkOptions, header []byte, newFunc func() lineFunc) error {
	if isStdin(args) {
		return runBulk(cmd, bulk, header, newFunc)
	}
	return runArgs(cmd, args, header, newFunc())
}

// runArgs runs a bulk-path function over the arguments, in order, inline.
func runArgs(cmd *cobra.Command, args []string, header []byte, f lineFunc) error {
	w := bufio.NewWriter(cmd.OutOrStdout())
	w.Write(header)
	st := newStats(false)
	var b []byte
	for _, a := range args {
		b = f(b[:0], a, st)
		w.Write(b)
	}
	if err := w.Flush(); err != nil {
		return ioError(err)
	}
	if st.invalid > 0 {
		return errInvalid
	}
	return nil
}
