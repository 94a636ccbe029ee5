package main

import (
	"bufio"
	"errors"
	"io"
	"os"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/extract"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/spf13/cobra"
)

const wrapLong = `Wrap writes URLs into text the way RFC 1738's Appendix, "Recommendations for
URLs in Context", recommends: "<URL:" URL ">", broken across lines where a URL is
longer than the line, each continued line indented. "locator extract" reads the
result back as the URL that was wrapped. (The 1994 URL draft's appendix recommends the
angle brackets alone, and its prefixedurl the "URL:" prefix; RFC 1738 joins them.)

Lines are broken only after one of the characters that RFC 1738 §2.2 lists as
reserved, ";", "/", "?", ":", "@", "=" and "&" (after the last of a run of them),
which separate the parts of a URL, and not in the scheme name, its ":" and the "//"
after it. So a break never follows a hyphen ("No whitespace should be introduced
after a hyphen", RFC 1738 Appendix: a reader takes a line break after a hyphen for a
typesetter's and drops the hyphen) and never falls inside a %-escape. Each line takes
as much of the URL as fits in --width columns (default 72); a part between two break
places that is longer than a line is written unbroken, on a line of its own that is
longer than the width, and so is a URL with no place to break at all. Continued lines
start with --indent spaces (default 2; 0 to half the width; RFC 1738 Appendix's own
examples use 0). A "URL:" prefix before a URL is dropped (it is not part of the URL).

A URL that text cannot hold as it is, is refused with its offset: a control byte, a
space, "<" or ">" (RFC 1738 §2.2: they must be encoded, and "<" and ">" delimit URLs
in text), a byte 80-FF, a URL that does not parse as extract reads a URL in text
(RFC 1738 §5: a "?" before an "@" is part of a login, so "http://h?q=a@b:c" would
have the port "c", while "ftp://a:p?q@host/f", the password "p?q", is wrapped) or has
no scheme, and one whose wrapped form is longer than 64 KiB, more than extract reads
in one wrapper.

Input:
  locator wrap URL...          each URL, wrapped, one after the other
  locator wrap -               URLs from standard input, one per line
  locator wrap --text [FILE...]
                               running text, from each FILE or standard input
                               ("-" or none): each URL extract finds in it bare
                               ("see http://a/b."), prefixed ("URL:http://a/b") or
                               bracketed ("<http://a/b>") is rewritten wrapped,
                               from the column where it stands

With --text the rest of the text is written as it is, byte for byte (the punctuation
after a URL stays after the ">"), and is not reflowed: a URL is broken where needed
from its column, and the rest of its line follows the ">". A continued line starts
with the quote markers of the URL's line ("> ", ">> "), then the indentation, and
ends the way the text's first line does (CR LF or LF). Left as written, each with a
line on standard error, "locator: FILE: byte START: left as written: MESSAGE [CODE,
RULE]", are: a URL broken after a hyphen (it has two readings), a bracketed or
prefixed URL written across lines, a URL that would need a break on a line whose
quote markers and indentation take more than half the width, and a URL wrap refuses
(such as one with a non-ASCII letter, or one longer than 64 KiB, which extract skips:
the line shows its first 64 bytes). URLs already in the form <URL:...> are left as
they are, silently.

Exit status: 0 when every URL was wrapped (with --text: when the text could be read
and written, whatever was left as written), 1 when a URL was refused or on a read or
write error, 2 on a usage error.`

const wrapExample = `  $ locator wrap 'ftp://info.cern.ch/pub/www/doc;type=d'
  $ locator wrap --width 30 'http://ds.internic.net/instructions/overview.html#WARNING'
  $ locator wrap - < urls.txt
  $ locator wrap --text --width 64 message.txt > wrapped.txt`

func newWrapCmd() *cobra.Command {
	var o extract.WrapOptions
	var text bool
	cmd := &cobra.Command{
		Use:     "wrap [--width N] [--indent N] URL... | - | --text [FILE...]",
		Short:   "Write URLs for running text: <URL:...>, broken across lines (RFC 1738 Appendix)",
		Long:    wrapLong,
		Example: wrapExample,
		Args: func(cmd *cobra.Command, args []string) error {
			if text {
				return nil
			}
			return urlArgs(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.Width < 1 {
				return usageErrorf("--width %d: the width must be at least 1", o.Width)
			}
			if o.Indent < 0 || o.Indent > o.Width/2 {
				return usageErrorf("--indent %d: the indentation must be 0 to half the width (%d)", o.Indent, o.Width/2)
			}
			w := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
			var err error
			refused := false
			switch {
			case text:
				err = wrapTexts(cmd, w, o, args)
			case isStdin(args):
				// stream.go: an interrupt stops a read that waits for input (README, "Exit
				// status": 1 when "the command was interrupted"); wrap - read on and exited 0.
				lr := newLineReader(interruptible(cmd.Context(), cmd.InOrStdin()))
				for {
					line, ok := lr.next()
					if !ok {
						break
					}
					if !wrapOne(cmd, w, o, string(line)) {
						refused = true
					}
				}
				err = lr.Err()
			default:
				for _, a := range args {
					if !wrapOne(cmd, w, o, a) {
						refused = true
					}
				}
			}
			if ferr := w.Flush(); err == nil {
				err = ferr
			}
			if err != nil {
				return ioError(err)
			}
			if refused {
				return errInvalid
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&o.Width, "width", extract.DefaultWidth, "break lines to stay within `N` columns where the URL has a place to break")
	cmd.Flags().IntVar(&o.Indent, "indent", extract.DefaultIndent, "start each continued line with `N` spaces, 0 to half the width")
	cmd.Flags().BoolVar(&text, "text", false, "read running text from FILEs or standard input and rewrite the URLs found in it")
	return cmd
}

// wrapOne writes the URL u wrapped and a line break to w, or reports why it cannot be on
// standard error ("locator: URL:OFFSET: MESSAGE [CODE, RULE]"), and reports whether it wrote.
func wrapOne(cmd *cobra.Command, w *bufio.Writer, o extract.WrapOptions, u string) bool {
	b, err := o.AppendWrapped(w.AvailableBuffer(), u, 0)
	if err != nil {
		// Keep standard output and standard error in order when they share a terminal.
		w.Flush()
		fd := errorFinding(err, locator.SeverityError)
		e := append(appendShortURL([]byte(prefix), u), ':')
		e = append(appendInt(e, fd.Offset), ": "...)
		e = append(lineops.AppendFindingText(e, fd.Message, string(fd.Code), fd.Rule), '\n')
		cmd.ErrOrStderr().Write(e)
		return false
	}
	w.Write(append(b, '\n'))
	return true
}

// wrapTexts rewrites the URLs of each FILE of args (standard input for "-" or none) and
// writes the text to w; what it leaves as written is reported on standard error.
func wrapTexts(cmd *cobra.Command, w *bufio.Writer, o extract.WrapOptions, args []string) error {
	if len(args) == 0 {
		args = []string{"-"}
	}
	for _, name := range args {
		var data []byte
		var err error
		if name == "-" {
			data, err = io.ReadAll(interruptible(cmd.Context(), cmd.InOrStdin())) // as wrap -
		} else {
			data, err = os.ReadFile(name)
			if err != nil {
				err = fileError("read", name, err)
			}
		}
		if err != nil {
			return err
		}
		out, kept := o.WrapText(data)
		if len(kept) > 0 {
			if err := w.Flush(); err != nil {
				return err
			}
			file := name
			if name == "-" {
				file = "standard input"
			}
			var e []byte
			for _, k := range kept {
				fd := errorFinding(k.Err, locator.SeverityWarning)
				var le *locator.Error
				if !errors.As(k.Err, &le) {
					fd.Code, fd.Rule = "error", "locator"
				}
				e = append(display.Append(append(e[:0], prefix...), file), ": byte "...)
				e = append(appendInt(e, k.Start+fd.Offset), ": left as written: "...)
				e = append(appendShortURL(e, k.URL), ": "...)
				e = append(lineops.AppendFindingText(e, fd.Message, string(fd.Code), fd.Rule), '\n')
				cmd.ErrOrStderr().Write(e)
			}
		}
		if _, err := w.Write(out); err != nil {
			return err
		}
	}
	return nil
}
