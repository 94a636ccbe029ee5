package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
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

Extract reads its text in one streaming pass, in constant memory, and does not
split it across cores as the other commands split their lines (--jobs): a URL may
span lines (a wrapped <URL:...>, a hyphen at a line break, mail quoting), so the
text cannot be cut at line breaks and handed out; and the extractor is seldom the
bottleneck: on one core it scans mail-like text with few URLs at about 2.3 GB/s,
as fast as a disk delivers it, and text with a "<" or ":" every 50 bytes at about
370 MB/s (the Scanner benchmarks of package extract). --jobs is accepted, so that
scripts can pass it to every command, and ignored.

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
				st: newStats(withStats), prog: newProgress(cmd.ErrOrStderr(), withProgress)}
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
	cmd.Flags().IntVar(&jobs, "jobs", 1, "accepted so that scripts can pass --jobs to every command, and ignored: extract reads its text in one pass")
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
	if x.prog != nil {
		r = countingReader{r, x.prog}
	}
	sc := extract.NewScanner(r)
	for sc.Scan() {
		f := sc.Finding()
		x.st.result(f.Valid, schemeOf(f.URL), "")
		switch x.f.kind {
		case outJSON:
			if err := x.enc.Encode(fileFinding{File: x.file, Finding: f}); err != nil {
				return err
			}
			continue
		case outTemplate, outTSV, outCSV:
			x.b = x.findingRecord(f).appendTo(x.b[:0], x.fw)
			if _, err := x.w.Write(x.b); err != nil {
				return err
			}
			continue
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
		if _, err := x.w.Write(b); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		name := x.file
		if name == "" {
			name = "standard input"
		}
		return fmt.Errorf("reading %s: %w", name, err)
	}
	return nil
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
