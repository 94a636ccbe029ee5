package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/extract"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/spf13/cobra"
)

const extractLong = `Extract finds the URLs in running text (RFC 1738 Appendix "Recommendations for
URLs in Context", RFC 3986 Appendix C) and prints one finding per line, in the order of
the text:

  URL  START  END  FORM  valid|invalid  [ALTERNATIVE...]

tab-separated, where URL is the likelier reading, START and END the byte offsets of
its first and last byte in the input (END is inclusive, and the span may cross
lines), FORM how it was written (wrapped: <URL:...>; prefixed: URL:... without
brackets; bracketed: <...>; bare), valid whether it passes the strict check of
--spec (rfc1738, the default; url-draft-1994, url-draft-1993, rfc1630 or rfc3986;
whatwg has no strict check and is refused; whatever --spec, the URLs are read from
the text by the rules of RFC 1738 Appendix), and the alternatives the other readings
(a line break after a hyphen gives the reading without the hyphen first, then the
one with it). URL, the alternatives and the FILE are escaped: a tab, line break or
other control byte is shown as \t, \n, \xHH, a format character as \uHHHH.

With --json each finding is one JSON object on one line: {"url", "alternatives",
"start", "end", "form", "valid"} (extract.Finding), and "file" when there are several
FILEs. --format and --output give one record per finding with the fields file (the
FILE, "-" for standard input), url, alternatives (separated by a space: a URL found
in text has none), start, end, form and valid; the table of --output has a file
column only when there are several FILEs.
` + formatHelp + `

The text is read from each FILE in turn, or from standard input when there is none
or FILE is "-". Offsets count from the start of each file. With several FILEs each
line starts with "FILE:" (and --json adds "file"). --stats writes the counts of
the URLs found ("urls"), valid and invalid, of skipped candidates and of schemes to
standard error at the end; --progress shows lines/s, bytes read and elapsed time on standard error
when it is a terminal.

A URL longer than 64 KiB (65536 bytes, from its first byte to its last; the
punctuation after it does not count) is not reported: it would need memory in proportion to its length. Its whole run of URL
characters is skipped, nothing from its middle is reported, and a line on standard
error says so, with the FILE ("standard input" for "-"), the byte offset, the length
and the first 64 bytes, escaped:

  locator: FILE: byte START: skipped a URL of LENGTH bytes, longer than 65536: "http://..."…

--stats counts them ("skipped"). A "<" with no ">" within 64 KiB opens no wrapper:
the text after it is read as if the "<" were not there.

Extract uses --jobs cores (default: all). No finding spans a blank line (a line
empty or of spaces, tabs and CRs only): a wrapper ends at one, a bare URL at white
space, and the quote markers read are those of the line a URL starts on. So the
text is cut into chunks of at least 64 KiB that end just after a blank line; the
chunks are searched in parallel and the findings written in input order, with the
offsets of the whole text, in memory bounded by a few chunks per core. Text with no
blank line within 4 MiB is read from there on in one streaming pass on one core, as
is all text with --jobs 1. The output is the same whatever --jobs.

On an interrupt (SIGINT) extract stops after the last whole line of output it has
written, and exits with status 1.

Exit status: 0 when the text could be read (whether or not it has URLs, and whether
or not some were skipped), 1 on a read or write error or an interrupt, 2 on a usage
error.`

const extractExample = `  $ printf 'See <URL:ftp://foo.bar/pub/file> and http://example.com/a.\n' | locator extract
  $ locator extract --json mail.txt
  $ locator extract --spec rfc3986 --stats - < archive.mbox > urls.tsv
  $ locator extract --output csv --format '{start}{end}{url}{valid}' mail.txt
  $ locator extract --format '{file}:{start}: {url}' *.txt`

func newExtractCmd() *cobra.Command {
	var withStats, withProgress bool
	var jobs int
	var out outputOptions
	cmd := &cobra.Command{
		Use:     "extract [--json | --format T | --output tsv|csv] [--spec rfc1738|url-draft-1994|url-draft-1993|rfc1630|rfc3986] [--stats] [--progress] [FILE...]",
		Short:   "Find the URLs in running text",
		Long:    extractLong,
		Example: extractExample,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				args = []string{"-"}
			}
			// --spec is the root's persistent flag, which rejects whatwg for extract. Every
			// other document has a strict checker (scheme.Check), which "valid" follows, as
			// the README says: "parse, check, plan and extract take --spec rfc1738, --spec
			// url-draft-1994, --spec url-draft-1993, --spec rfc1630 or --spec rfc3986".
			spec, err := locator.ParseSpec(cmd.Flag("spec").Value.String())
			if err != nil || spec == locator.WHATWG {
				return usageErrorf("--spec %s: extract checks URLs by rfc1738, url-draft-1994, url-draft-1993, rfc1630 or rfc3986 only", display.Quote(cmd.Flag("spec").Value.String()))
			}
			f, err := out.compile(extractFields)
			if err != nil {
				return err
			}
			if len(args) == 1 && out.format == "" && len(f.cols) > 0 {
				f.cols = f.cols[1:] // the table of one text has no file column
			}
			ctx := cmd.Context()
			if ctx == nil {
				ctx = context.Background()
			}
			w := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
			x := &extractor{w: w, f: f, fw: f.worker(), rec: newRecord(extractFields),
				st: newStats(withStats), prog: newProgress(cmd.ErrOrStderr(), withProgress), jobs: jobs,
				ctx: ctx, opts: extract.Options{Spec: spec}, errw: cmd.ErrOrStderr()}
			w.Write(f.header())
			for _, name := range args {
				x.name = name
				if len(args) > 1 {
					x.file = name
				}
				if name == "-" {
					err = x.scan(cmd.InOrStdin())
				} else {
					var f *os.File
					if f, err = os.Open(name); err == nil {
						err = x.scan(f)
						f.Close()
					} else {
						err = fileError("open", name, err)
					}
				}
				if err != nil {
					break
				}
			}
			if ferr := w.Flush(); err == nil {
				err = ferr
			}
			x.prog.finish()
			if err != nil {
				return ioError(err)
			}
			if withStats {
				// The counts of every command, the first of the URLs found, not of lines
				// (of text), and the skipped candidates after "invalid".
				return ioError(x.st.writeAs(x.errw, "urls", fmt.Appendf(nil, "skipped\t%d\n", x.skipped)))
			}
			return nil
		},
	}
	addOutputFlags(cmd, &out, "finding")
	jobs = defaultJobs()
	cmd.Flags().Var((*jobsValue)(&jobs), "jobs", "search `N` chunks of the text (cut at blank lines) at once, 1 to 256 (1: one streaming pass, no goroutines)")
	cmd.Flags().BoolVar(&withStats, "stats", false, "write counts of valid and invalid URLs, of skipped candidates and of schemes to standard error at the end")
	cmd.Flags().BoolVar(&withProgress, "progress", false, "show lines/s, bytes read and elapsed time on standard error when it is a terminal")
	return cmd
}

// extractor writes the findings of extract.
type extractor struct {
	w       *bufio.Writer
	f       *outputFormat
	fw      *formatWorker
	rec     *record
	name    string // the FILE being read, "-" for standard input
	file    string // the FILE, "" for one text alone
	st      *stats
	prog    *progress
	jobs    int // --jobs: above 1, search chunks of the text in parallel
	b       []byte
	ctx     context.Context // done on an interrupt: stop at a whole line
	opts    extract.Options // --spec
	errw    io.Writer       // standard error, for the skipped candidates
	skipped int             // candidates skipped as longer than extract.MaxLength
	emitted int             // findings written, to look at ctx now and then
	ff      fileFinding     // the finding --json writes, reused from finding to finding
	// The fields above that change at every finding (ff, emitted) stay off the cache lines
	// of the next worker's extractor, which may be allocated right after (see paddedStats).
	_ [cacheLine]byte
}

// countingReader reports the lines and bytes read to a progress display.
type countingReader struct {
	r    io.Reader
	prog *progress
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.prog.add(bytes.Count(p[:n], []byte{'\n'}), n)
	return n, err
}

// fileFinding is the JSON of a finding with the file it was found in.
type fileFinding struct {
	File string `json:"file,omitempty"`
	extract.Finding
}

// displayName is the FILE as a message names it: escaped, and "standard input" for "-".
func displayName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return display.String(name)
}

// fileError names the file of an error from the os package: op ("open", "reading") and the
// escaped name, then the cause without the raw path that *fs.PathError repeats.
func fileError(op, name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%s %s: %w", op, displayName(name), err)
}

func (x *extractor) scan(r io.Reader) error {
	if os.Getenv("GOGC") == "" {
		// As the bulk path (streamLines): little is alive (the chunks in flight, their
		// outputs), and at the runtime's default a collection ran every 4 MB of findings'
		// strings, 5 to 7 of them on 25 MB of text, each stopping the workers.
		defer debug.SetGCPercent(debug.SetGCPercent(bulkGCPercent))
	}
	r = interruptible(x.ctx, r) // stream.go: an interrupt stops a read that waits for input
	var err error
	if x.jobs > 1 {
		err = x.scanParallel(r)
	} else {
		err = x.scanSerial(r, 0)
	}
	if we, ok := err.(errWrite); ok {
		return we.err
	}
	if err != nil {
		if cerr := x.ctx.Err(); cerr != nil && errors.Is(err, cerr) {
			return cerr // an interrupt, as the other commands say it
		}
		return fileError("reading", x.name, err)
	}
	return nil
}

// errWrite marks an error in writing the output, which scan returns as it is.
type errWrite struct{ err error }

// scanSerial writes the findings of r in one streaming pass, adding base to their offsets.
// A write error is returned wrapped in errWrite.
func (x *extractor) scanSerial(r io.Reader, base int) error {
	if x.prog != nil {
		r = countingReader{r, x.prog}
	}
	sc := x.opts.NewScanner(r)
	for more := true; more; {
		more = sc.Scan()
		for _, s := range sc.Skipped() {
			s.Start += base
			if err := x.skip(s); err != nil {
				return err
			}
		}
		if !more {
			break
		}
		f := sc.Finding()
		f.Start += base
		f.End += base
		if err := x.emit(f); err != nil {
			return err
		}
	}
	return sc.Err()
}

func (e errWrite) Error() string { return e.err.Error() }

// skip reports a candidate skipped as longer than extract.MaxLength on standard error: the
// file, the offset, the length and the escaped start (at most 64 bytes).
func (x *extractor) skip(s extract.Skip) error {
	x.skipped++
	msg := fmt.Sprintf("%s%s: byte %d: skipped a URL of %d bytes, longer than %d: %s…\n", prefix,
		displayName(x.name), s.Start, s.Length, extract.MaxLength, display.Quote(s.Prefix))
	if _, err := io.WriteString(x.errw, msg); err != nil {
		return errWrite{err}
	}
	return nil
}

// emit writes one finding. It returns the context's error, after a whole line, once the
// context is done, and a write error wrapped in errWrite.
func (x *extractor) emit(f extract.Finding) error {
	if x.emitted++; x.emitted&255 == 0 {
		if err := x.ctx.Err(); err != nil {
			return err
		}
	}
	if err := x.write(f); err != nil {
		return errWrite{err}
	}
	return nil
}

// write writes one finding in the chosen output form.
func (x *extractor) write(f extract.Finding) error {
	b, err := x.appendFinding(x.b[:0], f)
	x.b = b
	if err != nil {
		return err
	}
	_, err = x.w.Write(b)
	return err
}

// appendFinding counts one finding and appends its line in the chosen output form. The
// error is that of a form the JSON cannot name, which the package never reports.
func (x *extractor) appendFinding(b []byte, f extract.Finding) ([]byte, error) {
	x.st.result(f.Valid, schemeOf(f.URL), "")
	switch x.f.kind {
	case outJSON:
		// x.ff is reused: a fileFinding of its own, which the encoder's field functions make
		// escape, cost an allocation per finding (issue 10).
		x.ff = fileFinding{File: x.file, Finding: f}
		if int(f.Form) >= len(extractForms) {
			// Not a form of the package: encoding/json reports the error of MarshalText.
			js, err := json.Marshal(x.ff)
			return append(append(b, js...), '\n'), err
		}
		return append(extractJSONObject.append(b, &x.ff), '\n'), nil
	case outTemplate, outTSV, outCSV:
		return x.findingRecord(f).appendTo(b, x.fw), nil
	}
	if x.file != "" {
		b = display.Append(b, x.file)
		b = append(b, ':')
	}
	b = lineops.AppendExtractFinding(b, f)
	return append(b, '\n'), nil
}

// extractForms are the forms of package extract, whose names its JSON writes.
var extractForms = [...]extract.Form{extract.Bare, extract.Bracketed, extract.Prefixed, extract.Wrapped}

// extractJSONObject is the object of extract --json, field by field in order, as
// encoding/json wrote fileFinding (the tests compare the two).
var extractJSONObject = newJSONObject([]jsonField[fileFinding]{
	{name: "file", omit: func(f *fileFinding) bool { return f.File == "" },
		value: func(b []byte, f *fileFinding) []byte { return appendJSONStd(b, f.File) }},
	{name: "url", value: func(b []byte, f *fileFinding) []byte { return appendJSONStd(b, f.URL) }},
	{name: "alternatives", value: func(b []byte, f *fileFinding) []byte {
		if f.Alternatives == nil {
			return append(b, "null"...)
		}
		b = append(b, '[')
		for i, a := range f.Alternatives {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONStd(b, a)
		}
		return append(b, ']')
	}},
	{name: "start", value: func(b []byte, f *fileFinding) []byte { return appendInt(b, f.Start) }},
	{name: "end", value: func(b []byte, f *fileFinding) []byte { return appendInt(b, f.End) }},
	{name: "form", value: func(b []byte, f *fileFinding) []byte { return appendJSONStd(b, f.Form.String()) }},
	{name: "valid", value: func(b []byte, f *fileFinding) []byte { return strconv.AppendBool(b, f.Valid) }},
})

// extractFields are the fields of extract's --format and --output: the FILE ("-" for
// standard input; a column of the table only when there are several FILEs), then those of
// its JSON, the alternatives separated by a space (a URL found in text has none).
var extractFields = []field{
	{"file", fieldString}, {"url", fieldString}, {"alternatives", fieldString},
	{"start", fieldInt}, {"end", fieldInt}, {"form", fieldString}, {"valid", fieldBool},
}

// findingRecord fills the record of f.
func (x *extractor) findingRecord(f extract.Finding) *record {
	r := x.rec
	r.reset()
	r.set(0, x.name)
	r.set(1, f.URL)
	r.set(2, strings.Join(f.Alternatives, " "))
	r.setInt(3, f.Start)
	r.setInt(4, f.End)
	r.set(5, f.Form.String())
	r.setBool(6, f.Valid)
	return r
}
