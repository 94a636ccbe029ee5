package main

import (
	"bufio"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/locator-url/locator/scheme"
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

Findings follow --spec, and each document is a spec of its own, so that "which
document allows this?" has an answer. rfc1738 (the default) is RFC 1738 alone,
strictly: its §5 BNF and §2.2 character classes; the 1994 URL draft's ftp type codes
(";type=AN", "E", "L8") are errors, and afs, mid and cid, which RFC 1738 §4 only
reserves, get a warning and are checked as otherurl. url-draft-1994 is the URL
Internet Draft of March 1994 alone: its BNF's classes (<"> allowed; ";", ":" and
"=" in no path or search), its login (user and password of letters, digits, "-",
"_", ".", "+"), hostname (a letter first), ftp type codes A and E with N, T or C, I
and L with a byte size (not D), "http://host?search", telnet without a final "/",
"nntp:group/digits", wais wpath fields "digits=path;", the prospero "%00" version
form (no ";" fields), mid, cid and afs; file is not one of its schemes (a warning).

Under rfc3986 the security notes that only RFC 1738 §6
makes are shown by the rule of RFC 3986 §7 that names the same hazard, or left out
when it names none: a well-known port other than the scheme's is RFC 3986 §7.2
(Malicious Construction), a decoded CR, LF or tab RFC 3986 §7.3 (Back-End
Transcoding: decoded octets mistaken for delimiters); a port above 1023 other than
the default is left out (§7.2 speaks of the well-known range only), and so is RFC
1738 §2.2's "unsafe character" (the rfc3986 checker reports the character by RFC
3986 §2 itself). The hazards stay visible, cited by the chosen specification.

Under rfc1630 (the URI draft "Universal Resource Identifiers in WWW", which became
RFC 1630) a scheme name is the draft's ialpha ("a_b:x" is a URL, "svn+ssh:" is
not), "+" in a search is shorthand for a space (a real "+" is written %2B; an empty
word, as in "c++", is a warning), partial forms ("../g", "//g") are valid, a space
is allowed with a warning, and a character of none of the draft's productions
("=", "~", "<") is an error. Findings cite the draft by heading.

Under url-draft-1993 the rules are the 1993 URL draft's (url6), cited by its
headings: its BNF (ialpha schemes such as a_b:x, http://host?search and
gopher://host?search, the wais document form with type and length, prospero's
%00 fields) and its character sets (safe, extra, variant, punctuation).

Under url-draft-1993 and rfc1630 only the document speaks: the failure of a typed
view (RFC 1738's reading of the scheme) is no finding, and a URL that locator
cannot parse ("http://h/%*", the URI draft's Example 3) gets the findings of the
document's checker on its text (invalid either way; locator's parse error only
when that checker finds no error). Under url-draft-1994 a bad escape cites the
draft's BNF. Security notes stay warnings citing their RFC, but not on a prospero
"%00" under the three drafts, which write it as the separator of the version.

In the URL and caret lines, a tab is shown as \t, other control bytes and invalid
UTF-8 as \xHH, and invisible or format characters (a byte-order mark, bidirectional
controls) as \uHHHH, so the caret stays under the right character and no byte of
the URL can act on the terminal. The output is bounded whatever the URL: a URL
longer than 120 bytes is cut ("…") in the header line, the line above the caret is
a window of about 80 bytes around OFFSET, and at most 20 findings are shown per
URL, followed by "… N more findings".

With "-", URLs are read one per line from standard input, and each gives exactly
one line: "ok URL" when it is valid (warnings are not shown), or its first error
in the header form above (of code too-many-findings when the errors all come
after the first 100 findings, which are the ones a URL's report lists).

--json, --format and --output (with "-" or with URLs) give one record per URL
instead, with the fields
  input     the URL as given
  spec      the specification checked
  valid     true when there is no error (warnings allowed)
  offset, code, rule, message
            the first error (null, or empty, when there is none)
  errors, warnings
            the numbers of errors and of warnings (all of them, those past
            the 100 findings listed per URL included)
` + formatHelp + `

` + checkAllSpecsHelp + `

` + bulkHelp + `

Exit status: 0 when every URL is valid (warnings allowed), 1 when any is not, 2 on
a usage error.`

const checkExample = `  $ locator check 'ftp://myname@host.dom/%2Fetc/motd'
  $ locator check -v 'news:comp.infosystems.www' 'ftp://host.dom:x/'
  $ locator check --spec rfc3986 'http://example.com/a b'
  $ locator check --spec rfc1630 'a_b:x' 'http://h/search?c++'
  $ locator check --spec url-draft-1993 'http://info.cern.ch?search'
  $ locator check --spec url-draft-1994 'ftp://host/a;type=AN' 'mid:960830.1639@XIson.com'
  $ locator check - < urls.txt | grep -v '^ok '
  $ locator check --json - < urls.txt
  $ locator check --all-specs 'ftp://host/a;type=AN' 'mid:x@y'
  $ locator check --output csv --format '{input}{valid}{code}{offset}' - < urls.txt`

func newCheckCmd(opts *options) *cobra.Command {
	var verbose, allSpecs bool
	var bulk bulkOptions
	var out outputOptions
	cmd := &cobra.Command{
		Use:     "check [--spec S] [--all-specs] [-v | --json | --format T | --output tsv|csv] URL... | -",
		Short:   "Report the errors and warnings of URLs, like a compiler",
		Long:    checkLong,
		Example: checkExample,
		Args:    urlArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if allSpecs {
				if verbose {
					return usageErrorf("-v cannot be combined with --all-specs")
				}
				return runCheckAllSpecs(cmd, args, opts.spec, &out, bulk)
			}
			f, err := out.compile(checkFields)
			if err != nil {
				return err
			}
			if isStdin(args) || f.custom() {
				if verbose && f.custom() {
					return usageErrorf("-v cannot be combined with --json, --format or --output")
				}
				return runLines(cmd, args, bulk, f.header(), func() lineFunc { return checkLineFunc(opts.spec, f) })
			}
			w := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
			invalid := false
			var b []byte
			for _, a := range args {
				r := scheme.Inspect(a, opts.spec)
				invalid = invalid || !r.Valid()
				b = appendDiagnostics(b[:0], a, r.Findings, r.Omitted)
				if verbose && len(r.Findings) == 0 {
					b = display.Append(b, a)
					b = append(b, ": ok\n"...)
				}
				w.Write(b)
			}
			if ferr := w.Flush(); ferr != nil {
				return ioError(ferr)
			}
			if invalid {
				return errInvalid
			}
			return nil
		},
	}
	cmd.Flags().BoolVarP(&verbose, "verbose", "v", false, `also print "URL: ok" for a valid URL without findings`)
	cmd.Flags().BoolVar(&allSpecs, "all-specs", false, "check under every specification and show one line per specification")
	addOutputFlags(cmd, &out, "URL")
	addBulkFlags(cmd, &bulk)
	return cmd
}

// checkLineFunc returns the bulk-path function of check for spec and format f.
func checkLineFunc(spec locator.Spec, f *outputFormat) lineFunc {
	fw, rec := f.worker(), newRecord(checkFields)
	return func(dst []byte, line string, st *stats) []byte {
		r := scheme.Inspect(line, spec)
		st.result(r.Valid(), r.URL.Scheme(), firstErrorCode(&r))
		if !f.custom() {
			return appendCheckLine(dst, &r)
		}
		return checkRecord(rec, &r, spec).appendTo(dst, fw)
	}
}

// maxDiagnostics is the number of findings check shows per URL in the compiler form; the
// others are counted in a last line "… N more findings". With windowWidth it bounds the
// output of one URL, whatever its length and its number of findings.
const maxDiagnostics = 20

// windowWidth is the width, in bytes of the URL, of the window shown above a caret.
const windowWidth = 80

// appendCheckLine appends the one-line result of check -: "ok URL", or the header of the
// first error.
func appendCheckLine(b []byte, r *scheme.Report) []byte {
	if f, ok := r.FirstError(); ok {
		return appendHeader(display.Append(b, r.Input), f)
	}
	b = append(b, "ok "...)
	b = display.Append(b, r.Input)
	return append(b, '\n')
}

// appendHeader appends ":OFFSET: error: MESSAGE [CODE, RULE]\n", the rest of a header
// after the URL.
func appendHeader(b []byte, f locator.Finding) []byte {
	return append(lineops.AppendHeader(b, f.Offset, f.Severity.String(), f.Message, string(f.Code), f.Rule), '\n')
}

// appendDiagnostics appends the compiler form of the findings of input: the first
// maxDiagnostics of them, then "… N more findings" when there are more, counting the
// omitted ones the report left out.
func appendDiagnostics(b []byte, input string, findings []locator.Finding, omitted int) []byte {
	for i, f := range findings {
		if i == maxDiagnostics {
			return appendMore(b, "", len(findings)-i+omitted)
		}
		b = appendDiagnostic(b, input, f)
	}
	if omitted > 0 {
		b = appendMore(b, "", omitted)
	}
	return b
}

// appendMore appends the line "… N more findings" (or "finding"), indented.
func appendMore(b []byte, indent string, n int) []byte {
	b = append(b, indent...)
	b = append(b, "… "...)
	b = appendInt(b, n)
	if n == 1 {
		return append(b, " more finding\n"...)
	}
	return append(b, " more findings\n"...)
}

// appendDiagnostic appends the header of f (the URL cut after maxShownURL bytes), then the
// window of the URL around f's offset and a caret under it, each indented by two spaces.
func appendDiagnostic(b []byte, input string, f locator.Finding) []byte {
	b = appendHeader(appendShortURL(b, input), f)
	line, col := display.Window(input, f.Offset, windowWidth)
	b = append(b, "  "...)
	b = append(b, line...)
	b = append(b, "\n  "...)
	for range col {
		b = append(b, ' ')
	}
	return append(b, "^\n"...)
}

// firstErrorCode returns the code of the first error of r, or "".
func firstErrorCode(r *scheme.Report) string {
	f, _ := r.FirstError()
	return string(f.Code)
}

// checkFields are the fields of check's --json, --format and --output: the URL, the
// specification, whether it is valid, its first error (null when there is none) and the
// numbers of errors and warnings.
var checkFields = []field{
	{"input", fieldString}, {"spec", fieldString}, {"valid", fieldBool},
	{"offset", fieldInt}, {"code", fieldString}, {"rule", fieldString}, {"message", fieldString},
	{"errors", fieldInt}, {"warnings", fieldInt},
}

// checkRecord fills rec with the check of r. The numbers of errors and warnings count the
// findings the report omitted too (as check --all-specs does), and the first error is
// r.FirstError, which is there whenever r is invalid.
func checkRecord(rec *record, r *scheme.Report, spec locator.Spec) *record {
	rec.reset()
	rec.set(0, r.Input)
	rec.set(1, spec.String())
	rec.setBool(2, r.Valid())
	if x, ok := r.FirstError(); ok {
		rec.setInt(3, x.Offset)
		rec.set(4, string(x.Code))
		rec.set(5, x.Rule)
		rec.set(6, x.Message)
	}
	errs, warns := r.OmittedErrors, r.Omitted-r.OmittedErrors
	for _, x := range r.Findings {
		if x.Severity == locator.SeverityError {
			errs++
		} else {
			warns++
		}
	}
	rec.setInt(7, errs)
	rec.setInt(8, warns)
	return rec
}
