package main

import (
	"strconv"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/spf13/cobra"
)

// --json, --format and --output for encode and decode (issue 12): encode.go calls
// addCodecOutputFlags once and runCodecOutput before its own loop.

// codecFields are the fields of encode's and decode's --format and --output.
var codecFields = []field{
	{"input", fieldString}, {"spec", fieldString}, {"set", fieldString}, {"valid", fieldBool},
	{"output", fieldString}, {"error", fieldString},
}

// addCodecOutputFlags adds --json, --format and --output to encode or decode.
func addCodecOutputFlags(cmd *cobra.Command) {
	addOutputFlags(cmd, &outputOptions{}, "STRING")
	cmd.Long += `

--json writes one JSON object per STRING: input (and input_base64 when it is not UTF-8),
spec, set, valid, output (null on an error; output_base64 holds its exact bytes when they
are not UTF-8) and errors, as parse --json writes them ({offset, code, rule, message}).
--format and --output write a template or a table of the fields input, spec, set, valid,
output and error (see parse --help); a value is escaped there, so a decoded line break is
no error (as with --raw; it is written \n).`
}

// runCodecOutput runs encode or decode with --json, --format or --output; handled is false
// when none is given. f appends the result of one STRING.
func runCodecOutput(cmd *cobra.Command, args []string, bulk bulkOptions, spec locator.Spec, set string, f func(dst []byte, s string) ([]byte, error)) (handled bool, err error) {
	fl := cmd.Flags()
	js, _ := fl.GetBool("json")
	format, _ := fl.GetString("format")
	output, _ := fl.GetString("output")
	if !js && format == "" && output == "" {
		return false, nil
	}
	o := outputOptions{json: js, format: format, output: output, cmd: cmd}
	of, err := o.compile(codecFields)
	if err != nil {
		return true, err
	}
	newFunc := func() lineFunc {
		fw := of.worker()
		rec := newRecord(codecFields)
		var buf []byte
		var d codecJSON
		return func(dst []byte, line string, st *stats) []byte {
			var ferr error
			buf, ferr = f(buf[:0], line)
			if ferr != nil {
				st.result(false, "", errCode(ferr))
			} else {
				st.result(true, "", "")
			}
			if of.kind == outJSON {
				d = codecJSON{input: line, spec: spec.String(), set: set, output: string(buf), err: ferr}
				dst = append(codecJSONObject.append(dst, &d), '\n')
				d = codecJSON{}
				return dst
			}
			rec.reset()
			rec.set(0, line)
			rec.set(1, spec.String())
			rec.set(2, set)
			rec.setBool(3, ferr == nil)
			if ferr != nil {
				rec.set(5, errText(ferr))
			} else {
				rec.set(4, string(buf))
			}
			return rec.appendTo(dst, fw)
		}
	}
	if isStdin(args) {
		return true, runBulk(cmd, bulk, of.header(), newFunc)
	}
	return true, runArgs(cmd, args, of.header(), newFunc())
}

// codecJSON is what one line of encode --json or decode --json is written from.
type codecJSON struct {
	input, spec, set, output string
	err                      error
}

var codecJSONObject = newJSONObject([]jsonField[codecJSON]{
	{name: "input", value: func(b []byte, d *codecJSON) []byte { return appendJSONStd(b, d.input) }},
	{name: "input_base64", omit: func(d *codecJSON) bool { return utf8.ValidString(d.input) },
		value: func(b []byte, d *codecJSON) []byte { return appendBase64JSON(b, d.input) }},
	{name: "spec", value: func(b []byte, d *codecJSON) []byte { return appendJSONStd(b, d.spec) }},
	{name: "set", value: func(b []byte, d *codecJSON) []byte { return appendJSONStd(b, d.set) }},
	{name: "valid", value: func(b []byte, d *codecJSON) []byte { return strconv.AppendBool(b, d.err == nil) }},
	{name: "output", value: func(b []byte, d *codecJSON) []byte {
		if d.err != nil {
			return append(b, "null"...)
		}
		return appendJSONStd(b, d.output)
	}},
	{name: "output_base64", omit: func(d *codecJSON) bool { return d.err != nil || utf8.ValidString(d.output) },
		value: func(b []byte, d *codecJSON) []byte { return appendBase64JSON(b, d.output) }},
	{name: "errors", value: func(b []byte, d *codecJSON) []byte {
		b = append(b, '[')
		if d.err != nil {
			msg, code, rule := errParts(d.err)
			b = appendDiag(b, errorFinding(d.err, locator.SeverityError).Offset, code, rule, msg)
		}
		return append(b, ']')
	}},
})
