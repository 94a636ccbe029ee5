package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/records"
	"github.com/locator-url/locator/whatwg"
	"github.com/spf13/cobra"
)

// parse --spec whatwg: the WHATWG URL Standard .

// whatwgFields are the fields of parse --spec whatwg's JSON, --format and --output: the
// getters of the URL class (§6.1), then scheme (protocol without its ":"),
// validation_errors and errors (in --format and --output, their codes joined by ",").
var whatwgFields = []field{
	{"input", fieldString}, {"spec", fieldString}, {"valid", fieldBool},
	{"href", fieldString}, {"origin", fieldString}, {"protocol", fieldString},
	{"username", fieldString}, {"password", fieldString}, {"host", fieldString},
	{"hostname", fieldString}, {"port", fieldString}, {"pathname", fieldString},
	{"search", fieldString}, {"hash", fieldString}, {"scheme", fieldString},
	{"validation_errors", fieldString}, {"errors", fieldString},
}

// whatwgGetters returns the values of the getters of u, in the order of whatwgFields from
// href to hash.
func whatwgGetters(u *whatwg.URL) [11]string {
	return [11]string{u.Href(), u.Origin(), u.Protocol(), u.Username(), u.Password(), u.Host(),
		u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash()}
}

// schemeOfProtocol returns the scheme of a protocol getter's value: "http:" → "http".
func schemeOfProtocol(p string) string {
	if n := len(p); n > 0 && p[n-1] == ':' {
		return p[:n-1]
	}
	return p
}

// runParseWHATWG runs parse --spec whatwg.
func runParseWHATWG(cmd *cobra.Command, args []string, baseStr string, out *outputOptions, bulk bulkOptions) error {
	var base *whatwg.URL
	if baseStr != "" {
		b, err := whatwg.Parse(baseStr, nil)
		if err != nil {
			return usageErrorf("--base %s: %s", appendShortURL(nil, baseStr), errText(err))
		}
		base = &b
	}
	f, err := out.compile(whatwgFields)
	if err != nil {
		return err
	}
	if !isStdin(args) && f.kind == outPlain {
		w := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
		invalid := false
		for i, a := range args {
			u, verrs, err := whatwg.ParseValidate(a, base)
			invalid = invalid || err != nil
			if i > 0 {
				w.WriteByte('\n')
			}
			writeWHATWGHuman(w, a, &u, verrs, err)
		}
		if err := w.Flush(); err != nil {
			return ioError(err)
		}
		if invalid {
			return errInvalid
		}
		return nil
	}
	newFunc := func() lineFunc { return whatwgLineFunc(base, f) }
	if isStdin(args) {
		return runBulk(cmd, bulk, f.header(), newFunc)
	}
	return runArgs(cmd, args, f.header(), newFunc())
}

// isHrefOnly reports whether the format is "--format href": the batch path.
func (f *outputFormat) isHrefOnly() bool {
	return f.kind == outTemplate && len(f.parts) == 1 && f.parts[0].field == 3
}

// whatwgLineFunc returns the bulk-path function of parse --spec whatwg for format f.
func whatwgLineFunc(base *whatwg.URL, f *outputFormat) lineFunc {
	// Each worker has its own lineFunc, hence its own Parser: the hrefs it builds share blocks
	// (one allocation a block, not one a changed URL), and none outlives the line's output.
	p := new(whatwg.Parser)
	if f.isHrefOnly() {
		// The batch path: the href, or "error: ...". whatwg.Parse does not allocate when
		// the input is already an href.
		return func(dst []byte, line string, st *stats) []byte {
			u, err := p.Parse(line, base)
			if err != nil {
				st.result(false, schemeOf(line), errCode(err))
				return appendErrorLine(dst, err)
			}
			if st.detail {
				st.result(true, schemeOfProtocol(u.Protocol()), "")
			} else {
				st.valid++
				st.lines++
			}
			return appendResultLine(dst, u.Href())
		}
	}
	fw := f.worker()
	vals := workerStrings(len(whatwgFields))
	var codes []byte
	return func(dst []byte, line string, st *stats) []byte {
		var u whatwg.URL
		var verrs []whatwg.ValidationError
		var err error
		if f.kind == outJSON || f.kind != outPlain && f.usesField(15) {
			u, verrs, err = whatwg.ParseValidate(line, base)
		} else {
			u, err = p.Parse(line, base)
		}
		if err != nil {
			st.result(false, schemeOf(line), errCode(err))
		} else {
			st.result(true, schemeOfProtocol(u.Protocol()), "")
		}
		switch f.kind {
		case outPlain:
			return appendWHATWGCompact(dst, line, &u, err)
		case outJSON:
			return appendWHATWGJSON(dst, line, &u, verrs, err)
		}
		vals[0], vals[1], vals[2] = line, "whatwg", strconv.FormatBool(err == nil)
		present := uint64(0b111 | 1<<15 | 1<<16)
		vals[15], vals[16] = "", ""
		if err != nil {
			vals[16] = errCode(err)
		} else {
			g := whatwgGetters(&u)
			copy(vals[3:14], g[:])
			vals[14] = schemeOfProtocol(g[2])
			present |= (1<<12 - 1) << 3
			codes = codes[:0]
			for i, v := range verrs {
				if i > 0 {
					codes = append(codes, ',')
				}
				codes = append(codes, v.Code...)
			}
			vals[15] = string(codes)
		}
		return fw.appendRecord(dst, vals, present)
	}
}

// usesField reports whether the template or the table shows field i.
func (f *outputFormat) usesField(i int) bool {
	for _, p := range f.parts {
		if p.field == i {
			return true
		}
	}
	for _, c := range f.cols {
		if c == i {
			return true
		}
	}
	return false
}

// appendWHATWGCompact appends the one-line form of parse --spec whatwg -: the input, valid or
// invalid, and the eleven getters, Go-quoted and tab-separated ("-" for each when the parser
// fails).
func appendWHATWGCompact(b []byte, input string, u *whatwg.URL, err error) []byte {
	b = display.AppendQuoted(b, input)
	if err != nil {
		b = append(b, "\tinvalid"...)
		for range 11 {
			b = append(b, "\t-"...)
		}
		return append(b, '\n')
	}
	b = append(b, "\tvalid"...)
	for _, v := range whatwgGetters(u) {
		b = append(b, '\t')
		b = display.AppendQuoted(b, v)
	}
	return append(b, '\n')
}

// writeWHATWGHuman writes the human form of a WHATWG parse: the input, valid, the getters,
// the validation errors and the failure; every value goes through internal/display.
func writeWHATWGHuman(w io.Writer, input string, u *whatwg.URL, verrs []whatwg.ValidationError, err error) {
	b := display.Append(nil, input)
	b = fmt.Appendf(b, "\n  %-10s %t\n", "valid", err == nil)
	if err == nil {
		for i, v := range whatwgGetters(u) {
			b = fmt.Appendf(b, "  %-10s ", whatwgFields[3+i].name)
			if v == "" {
				b = append(b, `""`...)
			} else {
				b = display.Append(b, v)
			}
			b = append(b, '\n')
		}
	}
	for i, v := range verrs {
		if err != nil && v == verrs[len(verrs)-1] {
			break // the failure, shown below
		}
		if i == maxDiagnostics {
			n := len(verrs) - i
			if err != nil {
				n-- // the failure, shown below
			}
			b = appendMore(b, "  ", n)
			break
		}
		b = fmt.Appendf(b, "  validation error at %d: ", v.Offset)
		b = display.Append(b, string(v.Code))
		b = append(b, " ["...)
		b = display.Append(b, v.Rule)
		b = append(b, "]\n"...)
	}
	if err != nil {
		d := records.WHATWGDiag(err)
		b = fmt.Appendf(b, "  error at %d: ", d.Offset)
		b = display.Append(b, d.Code)
		b = append(b, " ["...)
		b = display.Append(b, d.Rule)
		b = append(b, "]\n"...)
	}
	w.Write(b)
}
