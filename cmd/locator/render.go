package main

import (
	"bufio"
	"strconv"

	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/spf13/cobra"
)

// The rendering helpers every command shares. Every byte written for a person goes
// through package internal/display: display.Append for a value in running text,
// display.AppendQuoted for a value shown between double quotes, display.Window for the line
// under which a caret points. Nothing else escapes.

// maxShownURL is the length up to which a URL is shown whole in the header of a
// diagnostic; a longer one is shown cut, and its findings in windows (see appendDiagnostic).
const maxShownURL = 120

// appendShortURL appends input as display.Append shows it, cut after maxShownURL bytes
// (at a character boundary) with "…" when it is longer.
func appendShortURL(b []byte, input string) []byte {
	if len(input) <= maxShownURL {
		return display.Append(b, input)
	}
	n := maxShownURL
	for n > maxShownURL-4 && n > 0 && input[n]&0xc0 == 0x80 {
		n--
	}
	b = display.Append(b, input[:n])
	return append(b, "…"...)
}

// errParts returns the message, code and rule of an error of package locator or whatwg.
func errParts(err error) (msg, code, rule string) {
	msg, code, rule, _ = lineops.ErrParts(err)
	return msg, code, rule
}

// errText returns "MESSAGE [CODE, RULE]" as display.Append shows it.
func errText(err error) string {
	msg, code, rule := errParts(err)
	return string(lineops.AppendFindingText(nil, msg, code, rule))
}

// errCode returns the code of an error of package locator or whatwg.
func errCode(err error) string {
	_, code, _ := errParts(err)
	return code
}

// appendErrorLine appends the line of a failure in the bulk path: "error: MESSAGE [CODE,
// RULE]\n".
func appendErrorLine(dst []byte, err error) []byte {
	dst = append(dst, "error: "...)
	return append(append(dst, errText(err)...), '\n')
}

// appendResultLine appends a result (a URL, a reference) and "\n", shown by display.Append:
// a result that holds a control byte or a byte-order mark cannot split or forge a line.
func appendResultLine(dst []byte, s string) []byte {
	return append(display.Append(dst, s), '\n')
}

// schemeOf returns the scheme of a URL as written (up to the first ":", when that is a
// scheme name by RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), or "". It
// only names the line's scheme in --stats.
func schemeOf(s string) string { return s[:syntax.SchemeLen(s)] }

// writeEach writes f(item) for each item on its own line of w, in order. A failure goes to
// standard error as "locator: ITEM: ERROR" (after what came before it is flushed, so the two
// streams stay in order), the other items are still written, and the result is errInvalid.
func writeEach(cmd *cobra.Command, w *bufio.Writer, items []string, f func(string) (string, error)) error {
	failed := false
	var b []byte
	for _, item := range items {
		res, err := noBOM(f)(item)
		if err != nil {
			failed = true
			if ferr := w.Flush(); ferr != nil {
				return ioError(ferr)
			}
			b = append(appendShortURL(append(b[:0], prefix...), item), ": "...)
			b = append(append(b, errText(err)...), '\n')
			cmd.ErrOrStderr().Write(b)
			continue
		}
		w.Write(appendResultLine(b[:0], res))
	}
	if err := w.Flush(); err != nil {
		return ioError(err)
	}
	if failed {
		return errInvalid
	}
	return nil
}

// noBOM returns f, which first reports a line that starts with a byte-order mark.
func noBOM(f func(string) (string, error)) func(string) (string, error) {
	return func(s string) (string, error) {
		if err := lineops.CheckBOM(s); err != nil {
			return "", err
		}
		return f(s)
	}
}

// appendInt appends n in decimal.
func appendInt(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) }
