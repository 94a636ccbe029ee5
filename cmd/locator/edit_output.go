package main

import (
	"bufio"
	"errors"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/locator-url/locator/whatwg"
	"github.com/spf13/cobra"
)

// edit's options of issue 12, part B: --json, --format and --output, --iterate, --redirect,
// the port options, --punycode and --idn, and building a URL from --set alone. edit.go calls
// addEditExtFlags once and runEditExt before its own loop; the options are read back from the
// command's flags, so that edit.go keeps no state of them.

const editExtLong = `

Options after trurl's (see "From trurl" in the README):

  --iterate 'COMPONENT=A B C'  write one URL for each value (--set COMPONENT=A, ...), values
                           separated by single spaces; several --iterate give every
                           combination, the first varying slowest, the last fastest;
                           they apply after the --set options
  --redirect REF           resolve REF against each URL first, by the spec's rule (rfc3986:
                           RFC 3986 §5.2; rfc1738: RFC 1808 §4; whatwg: the basic URL parser
                           of REF with the URL as its base), then edit the result
  --default-port           write the scheme's default port where none is written (or the
                           port is empty, RFC 3986 §3.2.3)
  --drop-default-port      remove a port that is empty or equal to the scheme's default
                           (RFC 3986 §6.2.3)
  --keep-port              keep the port as written (edit's default; for trurl's users)
  --punycode               write the host in ASCII (UTS #46 ToASCII: xn-- labels)
  --idn                    write the host in Unicode where the display rules allow it
                           (domain to Unicode, back to the same ASCII, and UTS #39
                           "Highly Restrictive" without a whole-script look-alike of a
                           Latin label); such a URL is an IRI (RFC 3987 §2.2 ireg-name),
                           for display
  --json                   one JSON object per URL: input, spec, valid, url, the components
                           of url as written (null when absent), errors as parse --json
                           writes them ({offset, code, rule, message}); a value that is
                           not UTF-8 is followed by NAME_base64, its exact bytes
                           (input_base64, url_base64, host_base64, ...)
  --format, --output       a template or a table of the fields input, spec, valid, url,
                           scheme ... fragment (the edited URL's) and error; see parse --help

With no URL, edit builds one from --set alone (one per combination of --iterate, which may
name the scheme or the host), starting from the scheme ("SCHEME:", or "SCHEME://" when an
authority component is set); under rfc1738 and rfc3986 the result must pass the spec's
checker (scheme.Check), or edit fails with the first error. Under whatwg the setters build
it; a special URL other than file needs a host, and a path is parsed into place.`

// addEditExtFlags adds the part-B options to the edit command and lets it run with no URL.
func addEditExtFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringArray("iterate", nil, "write one URL per value of `COMPONENT=A B C` (several: every combination)")
	f.String("redirect", "", "resolve the `REF`erence against each URL first, by the spec's rule")
	f.Bool("default-port", false, "write the scheme's default port where none is written")
	f.Bool("drop-default-port", false, "remove a port that is empty or equal to the scheme's default")
	f.Bool("keep-port", false, "keep the port as written (the default)")
	f.Bool("punycode", false, "write the host in ASCII (IDNA xn-- labels)")
	f.Bool("idn", false, "write the host in Unicode where the display rules allow it")
	o := &outputOptions{}
	addOutputFlags(cmd, o, "URL")
	cmd.Long += editExtLong
	urlArgsOf := cmd.Args
	cmd.Args = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			sets, _ := cmd.Flags().GetStringArray("set")
			iterates, _ := cmd.Flags().GetStringArray("iterate")
			if len(sets) > 0 || len(iterates) > 0 {
				return nil // building a URL from --set (and --iterate) alone
			}
		}
		return urlArgsOf(cmd, args)
	}
}

// editFields are the fields of edit's --format and --output.
var editFields = []field{
	{"input", fieldString}, {"spec", fieldString}, {"valid", fieldBool}, {"url", fieldString},
	{"scheme", fieldComponent}, {"user", fieldComponent}, {"password", fieldComponent}, {"host", fieldComponent},
	{"port", fieldComponent}, {"path", fieldComponent}, {"query", fieldComponent}, {"fragment", fieldComponent},
	{"error", fieldString},
}

// runEditExt runs edit when a part-B option is given or no URL is; handled is false
// otherwise, and edit.go runs its own loop.
func runEditExt(cmd *cobra.Command, args []string, e *editor, bulk bulkOptions) (handled bool, err error) {
	fl := cmd.Flags()
	iterates, _ := fl.GetStringArray("iterate")
	redirect, _ := fl.GetString("redirect")
	defPort, _ := fl.GetBool("default-port")
	dropPort, _ := fl.GetBool("drop-default-port")
	puny, _ := fl.GetBool("punycode")
	idn, _ := fl.GetBool("idn")
	js, _ := fl.GetBool("json")
	format, _ := fl.GetString("format")
	output, _ := fl.GetString("output")
	hasRedir := fl.Changed("redirect")
	if len(args) > 0 && len(iterates) == 0 && !hasRedir && !defPort && !dropPort && !puny && !idn && !js && format == "" && output == "" {
		return false, nil
	}
	if defPort && dropPort {
		return true, usageErrorf("--default-port and --drop-default-port cannot be combined")
	}
	if keepPort, _ := fl.GetBool("keep-port"); keepPort && dropPort {
		return true, usageErrorf("--keep-port and --drop-default-port cannot be combined")
	}
	if puny && idn {
		return true, usageErrorf("--punycode and --idn cannot be combined (as trurl's puny: and idn:)")
	}
	port := portAsIs
	switch {
	case defPort:
		port = portAddDefault
	case dropPort:
		port = portDropDefault
	}
	host := hostAsIs
	switch {
	case puny:
		host = hostPuny
	case idn:
		host = hostIDN
	}
	p, err := newPipeline(e, iterates, redirect, hasRedir, port, host)
	if err != nil {
		return true, err
	}
	if len(args) == 0 {
		sets, _ := fl.GetStringArray("set")
		combos, err := iterateSets(iterates) // as newPipeline made the editors, in order
		if err != nil {
			return true, err
		}
		for i, ed := range p.editors {
			// --iterate scheme=... or host=... builds each URL from its own start.
			if ed.seed, err = buildSeed(slices.Concat(sets, combos[i]), e.spec); err != nil {
				return true, err
			}
			ed.build = true
		}
		p.build, p.seed = true, p.editors[0].seed
		args = []string{p.seed}
		if hasRedir {
			return true, usageErrorf("--redirect needs a URL to redirect from")
		}
	}
	o := outputOptions{json: js, format: format, output: output, cmd: cmd}
	f, err := o.compile(editFields)
	if err != nil {
		return true, err
	}
	if !f.custom() && !isStdin(args) {
		return true, runEditPlainArgs(cmd, args, p)
	}
	newFunc := func() lineFunc { return editLineFunc(p, f) }
	if isStdin(args) {
		return true, runBulk(cmd, bulk, f.header(), newFunc)
	}
	return true, runArgs(cmd, args, f.header(), newFunc())
}

// runEditPlainArgs writes each URL of the arguments' edits on a line, and each failure to
// standard error as edit.go does.
func runEditPlainArgs(cmd *cobra.Command, args []string, p *editPipeline) error {
	w := bufio.NewWriter(cmd.OutOrStdout())
	failed := false
	var b []byte
	var werr error
	for _, a := range args {
		p.run(a, func(out string, err error) {
			if werr != nil {
				return
			}
			if err != nil {
				failed = true
				if werr = w.Flush(); werr != nil {
					return
				}
				shown := "(built)"
				if !p.build {
					shown = p.editors[0].shownArg(a)
				}
				b = append(appendShortURL(append(b[:0], prefix...), shown), ": "...)
				b = append(append(b, errText(err)...), '\n')
				cmd.ErrOrStderr().Write(b)
				return
			}
			w.Write(appendResultLine(b[:0], out))
		})
	}
	if werr == nil {
		werr = w.Flush()
	}
	if werr != nil {
		return ioError(werr)
	}
	if failed {
		return errInvalid
	}
	return nil
}

// editLineFunc returns the bulk-path function of edit with part-B options, in format f:
// each input gives one line per URL it makes (several with --iterate), in order.
func editLineFunc(p *editPipeline, f *outputFormat) lineFunc {
	fw := f.worker()
	rec := newRecord(editFields)
	var ej editJSON
	return func(dst []byte, line string, st *stats) []byte {
		in, inOK := p.editors[0].shownInput(line) // the same redactions in every editor
		p.run(line, func(out string, err error) {
			if err != nil {
				st.result(false, schemeOf(line), errCode(err))
			} else {
				st.result(true, schemeOf(out), "")
			}
			switch f.kind {
			case outPlain:
				if err != nil {
					dst = appendErrorLine(dst, err)
				} else {
					dst = appendResultLine(dst, out)
				}
			case outJSON:
				dst = ej.append(dst, line, in, inOK, p.spec, out, err)
			default:
				rec.reset()
				if inOK {
					rec.set(0, in)
				}
				rec.set(1, p.spec.String())
				rec.setBool(2, err == nil)
				if err != nil {
					rec.set(12, errText(err))
				} else {
					rec.set(3, out)
					if u, perr := locator.ParseAs(out, p.spec); perr == nil {
						for i, c := range lineops.Components(u) {
							if c.Present {
								rec.set(4+i, c.Value)
							}
						}
					}
				}
				dst = rec.appendTo(dst, fw)
			}
		})
		return dst
	}
}

// editJSON is what one line of edit --json is written from.
type editJSON struct {
	input string
	noIn  bool   // the input is withheld (shownInput): null
	raw   string // the input line as read (error offsets count in it)
	spec  string
	out   string
	err   error
	comps [8]lineops.Component
	ok    bool // out parsed: comps are set
}

// editJSONObject is the object of edit --json: the input (and input_base64 when it is not
// UTF-8, as parse --json; redacted as the output is, or null: see shownInput), the spec,
// valid, the edited URL and its components as written (null when absent or when the edit
// failed), and errors as parse --json writes them.
var editJSONObject = newJSONObject([]jsonField[editJSON]{
	{name: "input", value: func(b []byte, d *editJSON) []byte {
		if d.noIn {
			return append(b, "null"...)
		}
		return appendJSONStd(b, d.input)
	}},
	{name: "input_base64", omit: func(d *editJSON) bool { return d.noIn || utf8.ValidString(d.input) },
		value: func(b []byte, d *editJSON) []byte { return appendBase64JSON(b, d.input) }},
	{name: "spec", value: func(b []byte, d *editJSON) []byte { return appendJSONStd(b, d.spec) }},
	{name: "valid", value: func(b []byte, d *editJSON) []byte { return strconv.AppendBool(b, d.err == nil) }},
	{name: "url", value: func(b []byte, d *editJSON) []byte {
		if d.err != nil {
			return append(b, "null"...)
		}
		return appendJSONStd(b, d.out)
	}},
	base64Field("url", func(d *editJSON) (string, bool) { return d.out, d.err == nil }),
	editComponentField("scheme", 0), editComponentBase64Field("scheme", 0),
	editComponentField("user", 1), editComponentBase64Field("user", 1),
	editComponentField("password", 2), editComponentBase64Field("password", 2),
	editComponentField("host", 3), editComponentBase64Field("host", 3),
	editComponentField("port", 4), editComponentBase64Field("port", 4),
	editComponentField("path", 5), editComponentBase64Field("path", 5),
	editComponentField("query", 6), editComponentBase64Field("query", 6),
	editComponentField("fragment", 7), editComponentBase64Field("fragment", 7),
	{name: "errors", value: func(b []byte, d *editJSON) []byte {
		b = append(b, '[')
		if d.err != nil {
			msg, code, rule := errParts(d.err)
			b = appendDiag(b, editErrOffset(d.err, d.raw), code, rule, msg)
		}
		return append(b, ']')
	}},
})

// editErrOffset returns the byte offset in the input line of an edit's error: the error's
// own when it is about line (the parser's, a view field's), 0 when it is about another
// string (a setter's value, the edited result, the URL --redirect resolved to), whose
// offsets do not count in line.
func editErrOffset(err error, line string) int {
	var we *whatwg.Error
	if errors.As(err, &we) {
		if we.Input != line {
			return 0
		}
		return min(max(we.Offset, 0), len(line))
	}
	var le *locator.Error
	if errors.As(err, &le) {
		if le.Input != line {
			return 0
		}
		return min(max(le.Offset, 0), len(line))
	}
	return errorFinding(err, locator.SeverityError).Offset
}

// editComponentField is the field of component i of the edited URL: null when absent or
// when the edit failed.
func editComponentField(name string, i int) jsonField[editJSON] {
	return jsonField[editJSON]{name: name, value: func(b []byte, d *editJSON) []byte {
		if !d.ok || !d.comps[i].Present {
			return append(b, "null"...)
		}
		return appendJSONStd(b, d.comps[i].Value)
	}}
}

// editComponentBase64Field is the field NAME_base64 after component i's field: its exact
// bytes when they are not UTF-8 (base64Field).
func editComponentBase64Field(name string, i int) jsonField[editJSON] {
	return base64Field(name, func(d *editJSON) (string, bool) { return d.comps[i].Value, d.ok && d.comps[i].Present })
}

// append appends the line of edit --json for one URL: the object and "\n".
func (d *editJSON) append(b []byte, line, input string, inOK bool, spec locator.Spec, out string, err error) []byte {
	*d = editJSON{input: input, noIn: !inOK, raw: line, spec: spec.String(), out: out, err: err}
	if err == nil {
		if u, perr := locator.ParseAs(out, spec); perr == nil {
			d.comps, d.ok = lineops.Components(u), true
		}
	}
	b = editJSONObject.append(b, d)
	*d = editJSON{}
	return append(b, '\n')
}
