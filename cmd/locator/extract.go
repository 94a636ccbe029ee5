package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"

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
FILEs.

The text is read from each FILE in turn, or from standard input when there is none
or FILE is "-", in one streaming pass in constant memory (a URL may span lines, so
the text is not cut into lines and --jobs does not apply). Offsets count from the
start of each file. With several FILEs each line starts with "FILE:" (and --json
adds "file"). --stats writes the counts of valid and invalid URLs and the schemes
to standard error at the end; --progress shows lines/s, bytes read and elapsed time
on standard error when it is a terminal.

Exit status: 0 when the text could be read (whether or not it has URLs), 1 on a
read or write error, 2 on a usage error.`

const extractExample = `  $ printf 'See <URL:ftp://foo.bar/pub/file> and http://example.com/a.\n' | locator extract
  $ locator extract --json mail.txt
  $ locator extract --stats - < archive.mbox > urls.tsv`

func newExtractCmd() *cobra.Command {
	var asJSON, withStats, withProgress bool
	cmd := &cobra.Command{
		Use:     "extract [--json] [--stats] [--progress] [FILE...]",
		Short:   "Find the URLs in running text",
		Long:    extractLong,
		Example: extractExample,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				args = []string{"-"}
			}
			w := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
			x := &extractor{w: w, json: asJSON, st: newStats(withStats), prog: newProgress(cmd.ErrOrStderr(), withProgress)}
			if x.json {
				x.enc = json.NewEncoder(w)
				x.enc.SetEscapeHTML(false)
			}
			var err error
			for _, name := range args {
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
	cmd.Flags().BoolVar(&asJSON, "json", false, "write one JSON object per finding, one per line")
	cmd.Flags().BoolVar(&withStats, "stats", false, "write counts of valid and invalid URLs and of schemes to standard error at the end")
	cmd.Flags().BoolVar(&withProgress, "progress", false, "show lines/s, bytes read and elapsed time on standard error when it is a terminal")
	return cmd
}

// extractor writes the findings of extract.
type extractor struct {
	w    *bufio.Writer
	json bool
	enc  *json.Encoder
	file string // the FILE, "" for standard input alone
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
		if x.json {
			if err := x.enc.Encode(fileFinding{File: x.file, Finding: f}); err != nil {
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
