package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/locator-url/locator/extract"
	"github.com/spf13/cobra"
)

const extractLong = `Extract finds the URLs in running text (issue 5; RFC 1738 Appendix "Recommendations
for URLs in Context") and prints one finding per line, in the order of the text:

  URL  START  END  FORM  valid|invalid  [ALTERNATIVE...]

tab-separated, where URL is the likelier reading, START and END the byte offsets of
its first and last byte in the input (END is inclusive, and the span may cross
lines), FORM how it was written (wrapped: <URL:...>; prefixed: URL:... without
brackets; bracketed: <...>; bare), valid whether it passes the strict RFC 1738
check, and the alternatives the other readings (a line break after a hyphen gives
the reading without the hyphen first, then the one with it). URL and the
alternatives are written as they are, with a tab, line break or other control
byte shown as \t, \n, \xHH.

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
valid and invalid URLs and the schemes to standard error at the end; --progress
shows lines/s, bytes read and elapsed time on standard error when it is a terminal.

Extract uses --jobs cores (default: all). No finding spans a blank line (a line
empty or of spaces, tabs and CRs only): a wrapper ends at one, a bare URL at white
space, and the quote markers read are those of the line a URL starts on. So the
text is cut into chunks of at least 256 KiB that end just after a blank line; the
chunks are searched in parallel and the findings written in input order, with the
offsets of the whole text, in memory bounded by a few chunks per core. Text with no
blank line within 4 MiB is read from there on in one streaming pass on one core, as
is all text with --jobs 1. The output is the same whatever --jobs.

Exit status: 0 when the text could be read (whether or not it has URLs), 1 on a
read or write error, 2 on a usage error.`

const extractExample = `  $ printf 'See <URL:ftp://foo.bar/pub/file> and http://example.com/a.\n' | locator extract
  $ locator extract --json mail.txt
  $ locator extract --stats - < archive.mbox > urls.tsv
  $ locator extract --output csv --format '{start}{end}{url}{valid}' mail.txt
  $ locator extract --format '{file}:{start}: {url}' *.txt`

func newExtractCmd() *cobra.Command {
	var withStats, withProgress bool
	var jobs int
	var out outputOptions
	cmd := &cobra.Command{
		Use:     "extract [--json | --format T | --output tsv|csv] [--stats] [--progress] [FILE...]",
		Short:   "Find the URLs in running text",
		Long:    extractLong,
		Example: extractExample,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				args = []string{"-"}
			}
			f, err := out.compile(extractFields)
			if err != nil {
				return err
			}
			if len(args) == 1 && out.format == "" && len(f.cols) > 0 {
				f.cols = f.cols[1:] // the table of one text has no file column
			}
			w := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
			x := &extractor{w: w, f: f, fw: f.worker(), rec: newRecord(extractFields),
				st: newStats(withStats), prog: newProgress(cmd.ErrOrStderr(), withProgress), jobs: jobs}
			if f.kind == outJSON {
				x.enc = json.NewEncoder(w)
				x.enc.SetEscapeHTML(false)
			}
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
				return ioError(x.st.write(cmd.ErrOrStderr()))
			}
			return nil
		},
	}
	addOutputFlags(cmd, &out, "finding")
	cmd.Flags().IntVar(&jobs, "jobs", runtime.NumCPU(), "search `N` chunks of the text (cut at blank lines) at once (1: one streaming pass, no goroutines)")
	cmd.Flags().BoolVar(&withStats, "stats", false, "write counts of valid and invalid URLs and of schemes to standard error at the end")
	cmd.Flags().BoolVar(&withProgress, "progress", false, "show lines/s, bytes read and elapsed time on standard error when it is a terminal")
	return cmd
}

// extractor writes the findings of extract.
type extractor struct {
	w    *bufio.Writer
	f    *outputFormat
	fw   *formatWorker
	rec  *record
	enc  *json.Encoder // --json
	name string        // the FILE being read, "-" for standard input
	file string        // the FILE, "" for one text alone
	st   *stats
	prog *progress
	jobs int // --jobs: above 1, search chunks of the text in parallel
	b    []byte
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

func (x *extractor) scan(r io.Reader) error {
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
		name := x.file
		if name == "" {
			name = "standard input"
		}
		return fmt.Errorf("reading %s: %w", name, err)
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
	sc := extract.NewScanner(r)
	for sc.Scan() {
		f := sc.Finding()
		f.Start += base
		f.End += base
		if err := x.emit(f); err != nil {
			return errWrite{err}
		}
	}
	return sc.Err()
}

func (e errWrite) Error() string { return e.err.Error() }

// emit writes one finding.
func (x *extractor) emit(f extract.Finding) error {
	{
		x.st.result(f.Valid, schemeOf(f.URL), "")
		switch x.f.kind {
		case outJSON:
			return x.enc.Encode(fileFinding{File: x.file, Finding: f})
		case outTemplate, outTSV, outCSV:
			x.b = x.findingRecord(f).appendTo(x.b[:0], x.fw)
			_, err := x.w.Write(x.b)
			return err
		}
		b := x.b[:0]
		if x.file != "" {
			b = append(b, x.file...)
			b = append(b, ':')
		}
		b = appendEscaped(b, f.URL)
		b = append(b, '\t')
		b = strconv.AppendInt(b, int64(f.Start), 10)
		b = append(b, '\t')
		b = strconv.AppendInt(b, int64(f.End), 10)
		b = append(b, '\t')
		b = append(b, f.Form.String()...)
		if f.Valid {
			b = append(b, "\tvalid"...)
		} else {
			b = append(b, "\tinvalid"...)
		}
		for _, a := range f.Alternatives {
			b = append(b, '\t')
			b = appendEscaped(b, a)
		}
		b = append(b, '\n')
		x.b = b
		_, err := x.w.Write(b)
		return err
	}
}

// appendEscaped appends s with control bytes written as \t, \n, \r, \xHH and a backslash
// as it is (URLs have no raw control bytes; extract.Finding.URL always parses).
func appendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\t':
			b = append(b, `\t`...)
		case c == '\n':
			b = append(b, `\n`...)
		case c == '\r':
			b = append(b, `\r`...)
		case c < 0x20 || c == 0x7f:
			b = append(b, `\x`...)
			b = appendHex(b, uint32(c), 2)
		default:
			b = append(b, c)
		}
	}
	return b
}

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
