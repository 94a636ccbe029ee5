package main

import (
	"bufio"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/records"
	"github.com/locator-url/locator/scheme"
	"github.com/spf13/cobra"
)

const fromPathLong = `From-path writes the file URL of each local path (RFC 1738 §3.10; RFC 8089), in the
syntax of --os (default: this machine's):
  posix    "/dir/name": an absolute path; every byte outside RFC 1738 §5 fsegment is
           percent-encoded ("#", "?", "%", space, non-ASCII, bytes of invalid UTF-8),
           so every name round-trips; "/" is kept. A relative path is an error:
           give an absolute one (for example "$PWD/name").
  windows  "C:\dir\file" gives file:///C:/dir/file (RFC 8089 Appendix E.2); the UNC
           name "\\server\share\x" gives file://server/share/x (RFC 8089
           Appendix E.3.1), or file:////server/share/x (Appendix E.3.2) when the
           server is localhost or no RFC 1738 host (a NetBIOS name with "_", a top
           label that starts with a digit); "\\?\C:\x" and "\\?\UNC\server\share\x"
           give the same URLs; "\" and "/" separate names. <>"|?* and controls are
           refused, as is a ":" in a directory name, a device path "\\.\" and a
           server ".."; the ":" of a stream name after the file name is kept
           ("C:\a\file.txt:stream", RFC 8089 Appendix E.3.1: "allowed as a delimiter
           before stream-name").
  vms      "NODE::DISK$USER:[MY.NOTES]NOTE12345.TXT" gives
           file://node/disk$user/my/notes/note12345.txt, as the example of RFC 1738
           §3.10 maps a VMS file: device, directories and file name in lower case, the
           node as the host. Names hold ODS-2's letters, digits, "$", "_" and "-" (and
           "." and ";" in the file name); a relative directory ("[.SUB]", "[-]") or a
           missing device or directory is refused.

A path that has no file URL is reported on standard error and the others are still
written. With "-", paths are read one per line from standard input and each gives one
line: the URL, or "error: MESSAGE [CODE, RULE]".

--json, --format and --output (with "-" or with paths) give one record per path instead,
with the fields input, url (null on failure), os, valid and error ("MESSAGE [CODE,
RULE]", null when none).
` + formatHelp + `

` + bulkHelp + `

Exit status: 0 when every path has a file URL, 1 when any has not, 2 on a usage error.`

const toPathLong = `To-path writes the local path each file URL names (RFC 1738 §3.10; RFC 8089), in the
syntax of --os (default: this machine's), the inverse of from-path:
  posix    the decoded path; the host must be "" or "localhost", this machine
           (RFC 1738 §3.10).
  windows  file:///C:/dir/file (or "C|", RFC 8089 Appendix E.2.2) gives C:\dir\file; a
           host other than "" and "localhost" gives the UNC name \\host\share\x
           (RFC 8089 Appendix E.3.1), as does a UNC string in the path,
           file:////host/share/x (RFC 8089 Appendix E.3.2). A local URL without a drive
           letter is refused, and so is a server "." or ".." (\\.\PhysicalDrive0 is a
           device, not a file).
  vms      file://vms.host.edu/disk$user/my/notes/note12345.txt gives
           VMS.HOST.EDU::DISK$USER:[MY.NOTES]NOTE12345.TXT (RFC 1738 §3.10): the path
           is a device, directories and a file name.

An encoded separator, "%2F" (and "%5C" for windows), is refused: it is data in a name,
which no local name can hold, and decoded it would name another file
("file:///tmp/..%2F..%2Fetc/passwd" names a file in /tmp; "/tmp/../../etc/passwd" is
/etc/passwd; RFC 8089 §5).

A path that holds a control byte, a byte of invalid UTF-8 or an invisible or format
character is written as a Go string literal: in double quotes, with those bytes as \t,
\n, \xHH or \uHHHH, a backslash as \\ and a double quote as \" (the file "a", a tab,
"b" in /tmp is the line "/tmp/a\tb", quotes included). No path starts with a double
quote, and the display form alone would be ambiguous where "\" is a separator
(C:\a\xff is also the file "xff" in C:\a). Other paths are written as they are. JSON
gives every path exactly, one that is not UTF-8 in base64 too ("path_base64").

A URL that names no local path is reported on standard error and the others are still
written. With "-", URLs are read one per line from standard input and each gives one
line: the path, or "error: MESSAGE [CODE, RULE]".

--json, --format and --output (with "-" or with URLs) give one record per URL instead,
with the fields input, path (null on failure), path_base64, os, valid and error
("MESSAGE [CODE, RULE]", null when none).
` + formatHelp + `

` + bulkHelp + `

Exit status: 0 when every URL names a local path, 1 when any does not, 2 on a usage error.`

// fromPathFields and toPathFields are the fields of from-path's and to-path's --json,
// --format and --output, in order.
var (
	fromPathFields = []field{
		{"input", fieldString}, {"url", fieldString}, {"os", fieldString}, {"valid", fieldBool}, {"error", fieldString},
	}
	toPathFields = []field{
		{"input", fieldString}, {"path", fieldString}, {"path_base64", fieldString}, {"os", fieldString},
		{"valid", fieldBool}, {"error", fieldString},
	}
)

func newFromPathCmd() *cobra.Command {
	return newPathCmd("from-path", "PATH", "Write the file URL of local paths (RFC 1738 §3.10, RFC 8089)",
		fromPathLong, `  $ locator from-path --os posix '/home/ann/notes #1.txt'
  $ locator from-path --os windows 'C:\Users\Ann\report.pdf' '\\server\share\x'
  $ locator from-path --os vms 'DISK$USER:[MY.NOTES]NOTE12345.TXT'
  $ find "$PWD" -type f | locator from-path -`, fromPathFields,
		func(s string, os scheme.OS) (string, error) {
			u, err := scheme.FileURLFromPath(s, os)
			return u.String(), err
		})
}

func newToPathCmd() *cobra.Command {
	return newPathCmd("to-path", "URL", "Write the local path of file URLs (RFC 1738 §3.10, RFC 8089)",
		toPathLong, `  $ locator to-path --os posix 'file:///home/ann/notes%20%231.txt'
  $ locator to-path --os windows 'file:///C:/Users/Ann/report.pdf' 'file://server/share/x'
  $ locator to-path --os vms 'file://vms.host.edu/disk$user/my/notes/note12345.txt'
  $ locator to-path - < urls.txt`, toPathFields,
		func(s string, os scheme.OS) (string, error) {
			// Read as every command reads a URL under the default --spec rfc1738 (README,
			// "The URL: prefix"): "URL:file:///etc/motd" is the URL behind the prefix (RFC
			// 1738 Appendix; the 1994 URL draft's prefixedurl), as plan reads it, and
			// PathFromFileURL's offsets count the prefix.
			u, err := locator.ParseAs(s, locator.RFC1738)
			if err != nil {
				return "", err
			}
			return scheme.PathFromFileURL(u, os)
		})
}

// exactLine returns conv, its result quoted by quoteInexact.
func exactLine(conv func(string) (string, error)) func(string) (string, error) {
	return func(s string) (string, error) {
		res, err := conv(s)
		return quoteInexact(res), err
	}
}

// quoteInexact returns a path (or URL) as a result line shows it exactly: itself when display
// shows it as it is, else a Go string literal (display.AppendQuoted), with a backslash as \\
// and a double quote as \". The display form alone would be ambiguous where "\" is a
// separator: the Windows name "a" followed by the byte FF ("C:\a\xff") and the name "xff"
// in the directory "a" ("C:\a\xff") would be one line. No path to-path writes starts with
// a double quote (POSIX paths start with "/", Windows ones with a drive letter or "\\", VMS
// ones with a device or node name), so a line that does is such a literal (strconv.Unquote).
func quoteInexact(s string) string {
	if display.String(s) == s {
		return s
	}
	return string(display.AppendQuoted(nil, s))
}

// newPathCmd returns from-path or to-path: convert runs on each input.
func newPathCmd(name, what, short, long, example string, fields []field, convert func(string, scheme.OS) (string, error)) *cobra.Command {
	var bulk bulkOptions
	var out outputOptions
	var osName string
	cmd := &cobra.Command{
		Use:     name + " [--os posix|windows|vms] [--json | --format T | --output tsv|csv] " + what + "... | -",
		Short:   short,
		Long:    long,
		Example: example,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErrorf("%s: no %s given (give them, or - to read them from standard input)", name, what)
			}
			return urlArgs(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			os, err := scheme.ParseOS(osName)
			if err != nil || cmd.Flags().Changed("os") && os == scheme.LocalOS {
				return usageErrorf("--os %s: want posix, windows or vms", display.Quote(osName))
			}
			f, err := out.compile(fields)
			if err != nil {
				return err
			}
			conv := func(s string) (string, error) { return convert(s, os) }
			if !isStdin(args) && !f.custom() {
				return writeEach(cmd, bufio.NewWriter(cmd.OutOrStdout()), args, exactLine(conv))
			}
			newFunc := func() lineFunc {
				fw := f.worker()
				rec := newRecord(fields)
				return func(dst []byte, line string, st *stats) []byte {
					res, err := noBOM(conv)(line)
					code := ""
					if err != nil {
						code = errCode(err)
					}
					st.result(err == nil, "", code)
					if !f.custom() {
						if err != nil {
							return appendErrorLine(dst, err)
						}
						return appendResultLine(dst, quoteInexact(res))
					}
					rec.reset()
					rec.set(0, line)
					i := 1
					if err == nil {
						rec.set(i, res)
					}
					if len(fields) == len(toPathFields) { // to-path: path_base64 after path
						i++
						if b64 := records.InputBase64(res); err == nil && b64 != "" {
							rec.set(i, b64)
						}
					}
					rec.set(i+1, os.String())
					rec.setBool(i+2, err == nil)
					if err != nil {
						rec.set(i+3, errText(err))
					}
					return rec.appendTo(dst, fw)
				}
			}
			if isStdin(args) {
				return runBulk(cmd, bulk, f.header(), newFunc)
			}
			return runArgs(cmd, args, f.header(), newFunc())
		},
	}
	cmd.Flags().StringVar(&osName, "os", "", "the path `syntax`: posix, windows or vms (default this machine's)")
	addOutputFlags(cmd, &out, what)
	addBulkFlags(cmd, &bulk)
	return cmd
}
