package main

import (
	"bufio"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/spf13/cobra"
)

const checkLong = `Check runs the strict checker of --spec on each URL and reports every finding the
way a compiler does: a line

  URL:OFFSET: error: MESSAGE [CODE, RULE]

(or "warning:"), where OFFSET is a byte offset into the URL, then the URL and a caret
under the byte at OFFSET. Errors break a rule of the specification; warnings are
allowed but unwise, such as the security notes of RFC 1738 §6 (a password in the
URL, a port other than the scheme's default). The report goes to standard output.
A valid URL without warnings prints nothing, unless -v is given ("URL: ok").

In the URL and caret lines, a tab is shown as \t, other control bytes and invalid
UTF-8 as \xHH, and invisible or format characters (a byte-order mark, bidirectional
controls) as \uHHHH, so the caret stays under the right character.

With "-", URLs are read one per line from standard input, and each gives exactly
one line: "ok URL" when it is valid (warnings are not shown), or its first error
in the header form above.

--json, --format and --output (with "-" or with URLs) give one record per URL
instead, with the fields
  input     the URL as given
  spec      the specification checked
  valid     true when there is no error (warnings allowed)
  offset, code, rule, message
            the first error (null, or empty, when there is none)
  errors, warnings
            the numbers of errors and of warnings
` + formatHelp + `

` + bulkHelp + `

Exit status: 0 when every URL is valid (warnings allowed), 1 when any is not, 2 on
a usage error.`

const checkExample = `  $ locator check 'ftp://myname@host.dom/%2Fetc/motd'
  $ locator check -v 'news:comp.infosystems.www' 'ftp://host.dom:x/'
  $ locator check --spec rfc3986 'http://example.com/a b'
  $ locator check - < urls.txt | grep -v '^ok '
  $ locator check --json - < urls.txt
  $ locator check --output csv --format '{input}{valid}{code}{offset}' - < urls.txt`

func newCheckCmd(opts *options) *cobra.Command {
	var verbose bool
	var bulk bulkOptions
	var out outputOptions
	cmd := &cobra.Command{
		Use:     "check [--spec S] [-v | --json | --format T | --output tsv|csv] URL... | -",
		Short:   "Report the errors and warnings of URLs, like a compiler",
		Long:    checkLong,
		Example: checkExample,
		Args:    urlArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := out.compile(checkFields)
			if err != nil {
				return err
			}
			if isStdin(args) || f.custom() {
				if verbose && f.custom() {
					return usageErrorf("-v cannot be combined with --json, --format or --output")
				}
				return runLines(cmd, args, bulk, f.header(), func() lineFunc {
					fw, rec := f.worker(), newRecord(checkFields)
					return func(dst []byte, line string, st *stats) []byte {
						r := analyze(line, opts.spec)
						st.result(r.valid(), r.url.Scheme(), firstErrorCode(&r))
						if !f.custom() {
							return appendCheckLine(dst, &r)
						}
						return checkRecord(rec, &r, opts.spec).appendTo(dst, fw)
					}
				})
			}
			w := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
			invalid := false
			{
				var b []byte
				for _, a := range args {
					r := analyze(a, opts.spec)
					invalid = invalid || !r.valid()
					b = b[:0]
					for _, f := range r.findings {
						b = appendDiagnostic(b, a, f)
					}
					if verbose && len(r.findings) == 0 {
						b = appendDisplay(b, a)
						b = append(b, ": ok\n"...)
					}
					w.Write(b)
				}
			}
			if ferr := w.Flush(); err == nil && ferr != nil {
				err = ioError(ferr)
			}
			if err == nil && invalid {
				err = errInvalid
			}
			return err
		},
	}
	cmd.Flags().BoolVarP(&verbose, "verbose", "v", false, `also print "URL: ok" for a valid URL without findings`)
	addOutputFlags(cmd, &out, "URL")
	addBulkFlags(cmd, &bulk)
	return cmd
}

// appendCheckLine appends the one-line result of check -: "ok URL", or the header of the
// first error.
func appendCheckLine(b []byte, r *report) []byte {
	for _, f := range r.findings {
		if f.Severity == locator.SeverityError {
			return appendHeader(b, r.input, f)
		}
	}
	b = append(b, "ok "...)
	b = appendDisplay(b, r.input)
	return append(b, '\n')
}

// appendHeader appends "URL:OFFSET: error: MESSAGE [CODE, RULE]\n".
func appendHeader(b []byte, input string, f locator.Finding) []byte {
	b = appendDisplay(b, input)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(f.Offset), 10)
	b = append(b, ": "...)
	b = append(b, f.Severity.String()...)
	b = append(b, ": "...)
	b = append(b, f.Message...)
	b = append(b, " ["...)
	b = append(b, f.Code...)
	b = append(b, ", "...)
	b = append(b, f.Rule...)
	return append(b, "]\n"...)
}

// appendDiagnostic appends the header of f, then the URL and a caret under f's offset,
// each indented by two spaces.
func appendDiagnostic(b []byte, input string, f locator.Finding) []byte {
	b = appendHeader(b, input, f)
	line, col := display(input, f.Offset)
	b = append(b, "  "...)
	b = append(b, line...)
	b = append(b, "\n  "...)
	for range col {
		b = append(b, ' ')
	}
	return append(b, "^\n"...)
}

// appendDisplay appends the display form of s (see display).
func appendDisplay(b []byte, s string) []byte {
	line, _ := display(s, 0)
	return append(b, line...)
}

// display returns s as shown on one line of a terminal, and the column (0-based) at which
// the byte at offset off is shown. Printable ASCII and printable non-ASCII characters
// are shown as they are (East Asian wide characters take two columns, combining marks
// none); a tab is shown as \t, other control bytes and bytes of invalid UTF-8 as \xHH,
// and other characters that are invisible (format characters such as a byte-order mark
// or a bidirectional control, separators other than space) as \uHHHH. An offset inside
// a character points at the character; an offset at or past the end points just after
// the last column.
func display(s string, off int) (string, int) {
	plain := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			plain = false
			break
		}
	}
	if plain {
		return s, max(0, min(off, len(s)))
	}
	var b []byte
	col, width := -1, 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if col < 0 && off < i+n {
			col = width
		}
		start := len(b)
		w := 0
		switch {
		case r == '\t':
			b = append(b, `\t`...)
			w = 2
		case r == utf8.RuneError && n == 1, r < 0x20, r == 0x7f:
			b = append(b, `\x`...)
			b = appendHex(b, uint32(s[i]), 2)
			w = 4
		case r < 0x80:
			b = append(b, byte(r))
			w = 1
		case !unicode.IsPrint(r) || unicode.Is(unicode.Cf, r):
			if r > 0xffff {
				b = append(b, `\U`...)
				b = appendHex(b, uint32(r), 8)
			} else {
				b = append(b, `\u`...)
				b = appendHex(b, uint32(r), 4)
			}
			w = len(b) - start
		default:
			b = append(b, s[i:i+n]...)
			w = runeWidth(r)
		}
		width += w
		i += n
	}
	if col < 0 {
		col = width
	}
	return string(b), col
}

func appendHex(b []byte, v uint32, digits int) []byte {
	const hex = "0123456789abcdef"
	for i := digits - 1; i >= 0; i-- {
		b = append(b, hex[(v>>(4*uint(i)))&15])
	}
	return b
}

// runeWidth returns the number of terminal columns of a printable rune: 0 for combining
// marks, 2 for East Asian wide and fullwidth characters (the common ranges), 1 otherwise.
func runeWidth(r rune) int {
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me):
		return 0
	case r >= 0x1100 && r <= 0x115f,
		r >= 0x2e80 && r <= 0xa4cf && r != 0x303f,
		r >= 0xac00 && r <= 0xd7a3,
		r >= 0xf900 && r <= 0xfaff,
		r >= 0xfe30 && r <= 0xfe4f,
		r >= 0xff00 && r <= 0xff60,
		r >= 0xffe0 && r <= 0xffe6,
		r >= 0x1f300 && r <= 0x1f64f,
		r >= 0x1f900 && r <= 0x1f9ff,
		r >= 0x20000 && r <= 0x3fffd:
		return 2
	}
	return 1
}

// firstErrorCode returns the code of the first error of r, or "".
func firstErrorCode(r *report) string {
	for _, f := range r.findings {
		if f.Severity == locator.SeverityError {
			return string(f.Code)
		}
	}
	return ""
}

// checkFields are the fields of check's --json, --format and --output: the URL, the
// specification, whether it is valid, its first error (null when there is none) and the
// numbers of errors and warnings.
var checkFields = []field{
	{"input", fieldString}, {"spec", fieldString}, {"valid", fieldBool},
	{"offset", fieldInt}, {"code", fieldString}, {"rule", fieldString}, {"message", fieldString},
	{"errors", fieldInt}, {"warnings", fieldInt},
}

// checkRecord fills rec with the check of r.
func checkRecord(rec *record, r *report, spec locator.Spec) *record {
	rec.reset()
	rec.set(0, r.input)
	rec.set(1, spec.String())
	rec.setBool(2, r.valid())
	errs, warns := 0, 0
	for _, x := range r.findings {
		if x.Severity != locator.SeverityError {
			warns++
			continue
		}
		if errs == 0 {
			rec.setInt(3, x.Offset)
			rec.set(4, string(x.Code))
			rec.set(5, x.Rule)
			rec.set(6, x.Message)
		}
		errs++
	}
	rec.setInt(7, errs)
	rec.setInt(8, warns)
	return rec
}
