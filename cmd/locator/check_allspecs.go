package main

import (
	"bufio"
	"fmt"
	"text/tabwriter"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/locator-url/locator/internal/records"
	"github.com/locator-url/locator/scheme"
	"github.com/locator-url/locator/whatwg"
	"github.com/spf13/cobra"
)

// check --all-specs: each URL checked under every document locator implements, one line per
// document, so that "which document allows this?" has an answer at a glance.

const checkAllSpecsHelp = `With --all-specs, each URL is checked under every specification, in the order
  rfc1738, url-draft-1994, url-draft-1993, rfc1630, rfc3986, whatwg
(RFC 1738 and its drafts, oldest last, then their successors), and the results are
shown as a table with one line per specification: the URL (on its first line),
the specification, and "valid" (with the number of warnings, if any) or the first
error in the header form above, "OFFSET: error: MESSAGE [CODE, RULE]". Each line
is what "check --spec SPEC" finds first. Under whatwg, valid means that the URL
Standard parses the URL without a validation error (§1.1 "Writing"): the first
validation error is shown, or the failure of the basic URL parser, by the
standard's own code and state; an offset of -1 (an error in a value computed from
the URL, such as a decoded host) is not shown.

With --all-specs and "-", each input line gives one line: the URL, then for each
specification in the order above a tab and "valid" or "error:CODE" (the code of
its first error). --json gives one object per URL with the fields input, spec
(the --spec the exit status follows), valid (under that spec), and specs: an
array with one object per specification, in the order above, with the fields of
check --json (spec, valid, offset, code, rule, message, errors, warnings).
--format and --output give the fields input, spec, valid, then one field per
specification, named after it: "valid" or "error:CODE".

With --all-specs, the exit status still follows --spec (rfc1738 unless given):
0 when every URL is valid under it, whatever the other documents say, so that
adding --all-specs to a check never changes what a script sees.`

// allSpecsOrder is the order of check --all-specs: RFC 1738, then the drafts it grew from,
// newest first, then its successors.
var allSpecsOrder = []locator.Spec{locator.RFC1738, locator.URLDraft1994, locator.URLDraft1993,
	locator.RFC1630, locator.RFC3986, locator.WHATWG}

// specCheck is the result of one URL under one specification: whether it is valid, its
// first error (Code "" when there is none), and the numbers of errors and warnings.
type specCheck struct {
	spec             locator.Spec
	valid            bool
	first            locator.Finding
	errors, warnings int
}

// checkAllSpecs checks input under every specification of allSpecsOrder.
func checkAllSpecs(input string) []specCheck {
	out := make([]specCheck, 0, len(allSpecsOrder))
	for _, s := range allSpecsOrder {
		if s == locator.WHATWG {
			out = append(out, checkWHATWG(input))
			continue
		}
		r := scheme.Inspect(input, s)
		c := specCheck{spec: s, valid: r.Valid()}
		c.first, _ = r.FirstError()
		for _, f := range r.Findings {
			if f.Severity != locator.SeverityError {
				c.warnings++
			} else {
				c.errors++
			}
		}
		c.errors += r.OmittedErrors
		c.warnings += r.Omitted - r.OmittedErrors
		out = append(out, c)
	}
	return out
}

// checkWHATWG is the check of input by the URL Standard: valid when the basic URL parser
// accepts it without a validation error (§1.1 "Writing"). The first validation error is the
// first error; on failure the last one is the error that made the parser fail (see
// whatwg.ParseValidate). The URL Standard has no warnings.
func checkWHATWG(input string) specCheck {
	c := specCheck{spec: locator.WHATWG}
	_, verrs, err := whatwg.ParseValidate(input, nil)
	c.errors = len(verrs)
	switch {
	case len(verrs) > 0:
		v := verrs[0]
		msg := "a validation error of the URL Standard"
		if err != nil && len(verrs) == 1 {
			msg = "the URL Standard's parser fails"
		}
		c.first = locator.Finding{Offset: v.Offset, Code: locator.Code(v.Code), Rule: v.Rule,
			Message: msg, Severity: locator.SeverityError}
	case err != nil: // a failure without a listed validation error
		msg, code, rule := errParts(err)
		c.first = locator.Finding{Offset: -1, Code: locator.Code(code), Rule: rule, Message: msg, Severity: locator.SeverityError}
		c.errors = 1
	}
	c.valid = c.errors == 0
	return c
}

// underSpec returns the check of spec among cs (the one the exit status follows).
func underSpec(cs []specCheck, spec locator.Spec) specCheck {
	for _, c := range cs {
		if c.spec == spec {
			return c
		}
	}
	return specCheck{spec: spec}
}

// appendSpecResult appends the RESULT cell of c: "valid", "valid (N warnings)" or the
// first error, "OFFSET: error: MESSAGE [CODE, RULE]" (without the offset when it is -1).
func appendSpecResult(b []byte, c specCheck) []byte {
	if c.valid {
		b = append(b, "valid"...)
		switch c.warnings {
		case 0:
		case 1:
			b = append(b, " (1 warning)"...)
		default:
			b = append(b, " ("...)
			b = appendInt(b, c.warnings)
			b = append(b, " warnings)"...)
		}
		return b
	}
	if c.first.Code == "" {
		return append(b, "invalid"...)
	}
	if c.first.Offset >= 0 {
		b = appendInt(b, c.first.Offset)
		b = append(b, ": "...)
	}
	b = append(b, "error: "...)
	return lineops.AppendFindingText(b, c.first.Message, string(c.first.Code), c.first.Rule)
}

// specCell returns the cell of c in the "-" line and the --format fields: "valid" or
// "error:CODE".
func specCell(c specCheck) string {
	if c.valid {
		return "valid"
	}
	if c.first.Code == "" {
		return "error"
	}
	return "error:" + string(c.first.Code)
}

// allSpecsCheckFields are the fields of check --all-specs --format and --output: the URL,
// the --spec the exit status follows, whether the URL is valid under it, then one field per
// specification, named after it: "valid" or "error:CODE".
func allSpecsCheckFields() []field {
	f := []field{{"input", fieldString}, {"spec", fieldString}, {"valid", fieldBool}}
	for _, s := range allSpecsOrder {
		f = append(f, field{s.String(), fieldString})
	}
	return f
}

// appendAllSpecsJSON appends the --json object of input: input (with input_base64 when it is
// not UTF-8), spec and valid (under spec), and specs, the check under each specification
// with the fields of check --json.
func appendAllSpecsJSON(b []byte, input string, spec locator.Spec, cs []specCheck) []byte {
	b = append(b, `{"input":`...)
	b = appendJSONString(b, input)
	if b64 := records.InputBase64(input); b64 != "" {
		b = append(b, `,"input_base64":`...)
		b = appendJSONString(b, b64)
	}
	b = append(b, `,"spec":`...)
	b = appendJSONString(b, spec.String())
	b = append(b, `,"valid":`...)
	b = appendBool(b, underSpec(cs, spec).valid)
	b = append(b, `,"specs":[`...)
	for i, c := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"spec":`...)
		b = appendJSONString(b, c.spec.String())
		b = append(b, `,"valid":`...)
		b = appendBool(b, c.valid)
		if c.first.Code == "" {
			b = append(b, `,"offset":null,"code":null,"rule":null,"message":null`...)
		} else {
			b = append(b, `,"offset":`...)
			if c.first.Offset >= 0 {
				b = appendInt(b, c.first.Offset)
			} else {
				b = append(b, "null"...)
			}
			b = append(b, `,"code":`...)
			b = appendJSONString(b, string(c.first.Code))
			b = append(b, `,"rule":`...)
			b = appendJSONString(b, c.first.Rule)
			b = append(b, `,"message":`...)
			b = appendJSONString(b, c.first.Message)
		}
		b = append(b, `,"errors":`...)
		b = appendInt(b, c.errors)
		b = append(b, `,"warnings":`...)
		b = appendInt(b, c.warnings)
		b = append(b, '}')
	}
	return append(b, "]}\n"...)
}

func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, "true"...)
	}
	return append(b, "false"...)
}

// appendAllSpecsLine appends the "-" line of input: the URL, then a tab and the cell of each
// specification.
func appendAllSpecsLine(b []byte, input string, cs []specCheck) []byte {
	b = appendShortURL(b, input)
	for _, c := range cs {
		b = append(b, '\t')
		b = append(b, specCell(c)...)
	}
	return append(b, '\n')
}

// runCheckAllSpecs runs check --all-specs.
func runCheckAllSpecs(cmd *cobra.Command, args []string, spec locator.Spec, out *outputOptions, bulk bulkOptions) error {
	fields := allSpecsCheckFields()
	f, err := out.compile(fields)
	if err != nil {
		return err
	}
	if isStdin(args) || f.custom() {
		return runLines(cmd, args, bulk, f.header(), func() lineFunc {
			fw, rec := f.worker(), newRecord(fields)
			return func(dst []byte, line string, st *stats) []byte {
				cs := checkAllSpecs(line)
				mine := underSpec(cs, spec)
				st.result(mine.valid, schemeOf(line), string(mine.first.Code))
				switch {
				case out.json:
					return appendAllSpecsJSON(dst, line, spec, cs)
				case !f.custom():
					return appendAllSpecsLine(dst, line, cs)
				}
				rec.reset()
				rec.set(0, line)
				rec.set(1, spec.String())
				rec.setBool(2, mine.valid)
				for i, c := range cs {
					rec.set(3+i, specCell(c))
				}
				return rec.appendTo(dst, fw)
			}
		})
	}
	w := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "URL\tSPEC\tRESULT")
	invalid := false
	var b []byte
	for _, a := range args {
		cs := checkAllSpecs(a)
		invalid = invalid || !underSpec(cs, spec).valid
		for i, c := range cs {
			b = b[:0]
			if i == 0 {
				b = appendShortURL(b, a)
			}
			b = append(b, '\t')
			b = append(b, c.spec.String()...)
			b = append(b, '\t')
			b = appendSpecResult(b, c)
			b = append(b, '\n')
			tw.Write(b)
		}
	}
	if err := tw.Flush(); err != nil {
		return ioError(err)
	}
	if err := w.Flush(); err != nil {
		return ioError(err)
	}
	if invalid {
		return errInvalid
	}
	return nil
}
