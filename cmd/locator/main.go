// Command locator parses, checks and explains URLs: the URL system of RFC 1738 and its
// companion drafts, and RFC 3986.
//
// Usage:
//
//	locator parse [--spec S] [--json] URL...   the components, the typed view and the findings
//	locator check [--spec S] [-v] URL...       compiler-like diagnostics; exit 1 if any URL is invalid
//	locator check --all-specs URL...           one line per document: valid, or the first error
//	locator plan [--json] URL...               the access plan: where to connect, what to send
//	locator resolve [--spec MODE] BASE REF...  resolve references, by any spec's rule
//	locator relative [--spec MODE] BASE T...   the shortest reference from BASE to each target
//	locator normalize [--spec S] URL...        normal forms (RFC 3986 §6; each spec's encoding level), SURT
//	locator equal [--spec S] [--explain] A B   equivalence; exit 1 if A and B differ
//	locator extract [--json] [FILE...]         the URLs in running text
//	locator wrap [--width N] URL...            write URLs into text as RFC 1738's Appendix recommends
//	locator get [-o FILE|-O] [--json] URL...   fetch what URLs name (ftp, gopher, news, http, file, …)
//	locator send mailto:ADDR < MESSAGE         submit a message over SMTP
//	locator from-path [--os OS] PATH...        the file URL of local paths (RFC 8089 Appendix E)
//	locator to-path [--os OS] URL...           the local path of file URLs
//	locator encode [--set COMPONENT] STRING... percent-encode strings for a component
//	locator decode [--raw] STRING...           percent-decode strings
//	locator edit [--set C=V]... URL...         change components, keeping the rest as written
//	locator schemes [--json]                   the scheme registry
//	locator version                            the build's version
//
// Give "-" instead of URLs to read one URL per line from standard input and write one
// result per line, in order, on all cores (--jobs). Every command but schemes and version
// also writes JSON lines (--json), a template of field names (--format) or a TSV or CSV
// table (--output). Run "locator help COMMAND" for the details of a command.
//
// Exit status: 0 when every URL is valid (warnings allowed), 1 when any URL is invalid or
// has no access plan (or on an I/O error), 2 on a usage error; get and send add 3 to 7, one
// per kind of failure (see "locator help get").
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/spf13/cobra"
)

// Exit statuses.
const (
	exitOK      = 0 // every URL valid (warnings allowed)
	exitInvalid = 1 // some URL invalid, or no plan, or an I/O error
	exitUsage   = 2 // bad flags, arguments or command
)

// prefix starts every diagnostic the command writes to standard error.
const prefix = "locator: "

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run runs the command line args and returns the exit status. It never exits the process
// and writes only to stdout and stderr.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &outWriter{w: stdout}
	code := execute(ctx, args, stdin, out, stderr)
	if out.err != nil && code != exitInvalid {
		// A write to standard output failed where nothing looked (help, usage, or a
		// command that went on): the output is incomplete.
		fmt.Fprintln(stderr, prefix+"writing standard output: "+display.Clip(out.err.Error()))
		return exitInvalid
	}
	return code
}

// outWriter is standard output: it remembers the first write error, so that no failed
// write goes unnoticed, whoever made it (a command, cobra's help).
type outWriter struct {
	w   io.Writer
	err error
}

func (o *outWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	o.err = err
	return n, err
}

// execute runs the command line and returns its exit status.
func execute(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRoot(stdin, stdout, stderr)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintln(stderr, prefix+display.Clip(ee.err.Error()))
			if ee.code == exitUsage {
				fmt.Fprintln(stderr, prefix+"run 'locator help' for usage")
			}
		}
		return ee.code
	}
	// Everything else comes from cobra itself: unknown commands, bad flags, wrong
	// number of arguments.
	fmt.Fprintln(stderr, prefix+display.Clip(err.Error()))
	fmt.Fprintln(stderr, prefix+"run 'locator help' for usage")
	return exitUsage
}

// exitError carries an exit status through cobra. A nil err means the diagnostics are
// already written.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// usageErrorf returns a usage error (exit status 2).
func usageErrorf(format string, a ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, a...)}
}

// errInvalid is returned by a command whose output already says which URLs are invalid.
var errInvalid = &exitError{code: exitInvalid}

// ioError wraps an error reading input or writing output (exit status 1).
func ioError(err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code: exitInvalid, err: err}
}

// options are the flags every command shares.
type options struct {
	specName string
	spec     locator.Spec
	whatwg   bool // --spec whatwg
}

const rootLong = `locator parses, checks, resolves, normalizes, compares, extracts and wraps URLs: the URL
system of RFC 1738 and its companion drafts (mid, cid, afs, the prospero version form),
RFC 3986, and the WHATWG URL Standard. get performs the access a URL stands for (the
plan's dialog, against the real server) and send submits a message to a mailto URL.

Each command takes URLs as arguments (put -- before a URL that starts with "-"), or
"-" alone to read one URL per line from standard input. In that mode it writes exactly
one result line per input line, in order, so it can process millions of URLs, on all
cores (--jobs N), with --progress and --stats; see the help of each command for the
line format. A line ends at "\n", and one "\r" before it is removed; no other white
space is stripped. A line that starts with a byte-order mark (U+FEFF, as a file
saved by some editors starts) is reported as an error for that line, and the exit
status is 1: it is not a URL character. --json (JSON lines),
--format TEMPLATE ('{scheme}\t{host}') and --output tsv|csv (a table with a header
row) write other forms, with or without "-", on every command that takes URLs or
text (schemes has --json only).

Specifications (--spec):
  rfc1738         RFC 1738 alone, strictly (the default)
  url-draft-1994  the URL draft of March 1994 (RFC 1738's text before it became
                  one: the URL: prefix, mid, cid, afs, ftp type codes AN, L8, ...)
  url-draft-1993  the URL draft of 1993 (url6)
  rfc1630         the URI draft "Universal Resource Identifiers in WWW" (RFC 1630)
  rfc3986         RFC 3986, URI Generic Syntax
  whatwg          the WHATWG URL Standard (parse, normalize and equal; check and
                  plan follow the other specifications only)
parse, check, plan, normalize and equal follow --spec (normalize and equal bring
URLs to its encoding level); schemes and version refuse it (exit 2). resolve and
relative take a resolution mode instead (see "locator help resolve").
Under rfc1738 and url-draft-1994 a "URL:" prefix before a URL (RFC 1738 Appendix;
the 1994 draft's prefixedurl) is read, shown by parse as the component prefix, and
not compared; and a login may hold "?" (RFC 1738 §5: "ftp://a?b@host/" is the user
"a?b"). The other specifications read "URL" as a scheme and end the authority at "?".

Everything written for a person (reports, messages on standard error) shows a
control byte or a byte of invalid UTF-8 as \xHH, a tab as \t, and an invisible or
format character (a byte-order mark, a bidirectional control) as \uHHHH: no URL
can act on the terminal or start an output line of its own. JSON output gives an
input that is not UTF-8 in base64 too ("input_base64"), for its byte offsets.

Exit status:
  0  every URL is valid (warnings allowed); for equal, A and B are equivalent
  1  some URL is invalid, has no access plan or result, A and B differ, or
     input/output failed (including a failed write of help or of a report)
  2  usage error: unknown command or flag, a bad flag value (--jobs, --spec,
     --format), missing arguments
get and send (the only commands that touch the network) add, one per kind of
failure, 3 cannot connect, 4 refused by the server, 5 protocol error, 6 refused
by locator's safety rules, 7 no client for the scheme; see "locator help get".

"locator --version" prints the version, as "locator version" does.

Diagnostics about the command itself go to standard error, prefixed "locator: ".`

const rootExample = `  $ locator parse 'ftp://myname@host.dom/%2Fetc/motd'
  $ locator parse --json 'ftp://@host.com/' 'ftp://host.com/'
  $ locator check 'ftp://host.dom/a%zz' 'http://www.w3.org/'
  $ locator plan 'gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles'
  $ locator check - < urls.txt > report.txt
  $ locator resolve --all-specs 'http://a/b/c/d;p?q' 'http:g' '../../../g'
  $ locator normalize 'HTTP://www.Example.COM:80/%7esmith/./a/../b'
  $ locator equal --explain 'http://a/%7Ex' 'http://A/~x'
  $ locator parse --spec whatwg --format href - < urls.txt
  $ locator check --output csv --format '{input}{valid}{code}' - < urls.txt
  $ locator relative --spec whatwg 'http://example.com/a/b' 'HTTP://EXAMPLE.COM/a/c?x'
  $ locator extract --json mail.txt
  $ locator from-path --os windows 'C:\Users\Ann\report.pdf'
  $ locator schemes`

func newRoot(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	opts := &options{}
	root := &cobra.Command{
		Use:           "locator",
		Short:         "Parse, check, resolve, normalize and extract URLs (RFC 1738, RFC 3986, WHATWG)",
		Long:          rootLong,
		Example:       rootExample,
		SilenceErrors: true,
		SilenceUsage:  true,
		Args:          cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return usageErrorf("no command given; the commands are parse, check, plan, get, send, resolve, relative, normalize, equal, extract, wrap, from-path, to-path, encode, decode, edit, schemes and version")
		},
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			return opts.check(cmd)
		},
	}
	root.CompletionOptions.DisableDefaultCmd = true
	root.Version = version()
	root.SetVersionTemplate("locator {{.Version}}\n")
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	// cobra's help writes its own write error, unprefixed, to standard error; run reports a
	// failed write of standard output once, prefixed, so the help writes no error of its own.
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		root.SetErr(io.Discard)
		defer root.SetErr(stderr)
		help(c, args)
	})
	root.SetHelpCommand(newHelpCmd())
	root.PersistentFlags().StringVar(&opts.specName, "spec", "rfc1738", "the specification `name` to follow: rfc1738, url-draft-1994, url-draft-1993, rfc1630, rfc3986 or whatwg")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return &exitError{code: exitUsage, err: err}
	})
	root.AddCommand(newServeCmd(), newParseCmd(opts), newCheckCmd(opts), newPlanCmd(opts), newGetCmd(), newSendCmd(), newResolveCmd(), newRelativeCmd(),
		newNormalizeCmd(opts), newEqualCmd(opts), newExtractCmd(), newWrapCmd(), newSchemesCmd(), newVersionCmd(),
		newFromPathCmd(), newToPathCmd(), newEncodeCmd(opts), newDecodeCmd(opts), newEditCmd(opts))
	for _, c := range root.Commands() {
		c.DisableFlagsInUseLine = true
	}
	return root
}

// newHelpCmd is cobra's help command, except that a topic that names no command is a usage
// error (exit 2, as "locator frobnicate" is): cobra's shows the root's help and exits 0, since
// the root takes no arguments and so finds itself.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  "help shows the help of a command: locator help COMMAND is locator COMMAND --help.",
		RunE: func(c *cobra.Command, args []string) error {
			cmd, rest, err := c.Root().Find(args)
			if err != nil || len(rest) > 0 {
				return usageErrorf("help: unknown help topic %s", display.Quote(strings.Join(args, " ")))
			}
			cmd.InitDefaultHelpFlag()
			cmd.InitDefaultVersionFlag()
			return cmd.Help()
		},
	}
}

// check reads --spec for cmd. parse and check follow it; plan checks by it (a plan of an
// invalid URL is marked so); normalize and equal bring URLs to its encoding level
// (locator.NormalizeFor, locator.EquivalentFor; under whatwg they first parse by the URL
// Standard); schemes and version have no use for it, and say so when it is given. extract, resolve and relative read it themselves (resolve and relative name a
// resolution mode with it).
func (o *options) check(cmd *cobra.Command) error {
	s, err := locator.ParseSpec(o.specName)
	if err != nil {
		return usageErrorf("--spec %s: unknown specification; want rfc1738, rfc3986, whatwg, url-draft-1994, url-draft-1993 or rfc1630", display.Quote(o.specName))
	}
	given := cmd.Flags().Changed("spec")
	switch name := cmd.Name(); name {
	case "parse":
		o.whatwg = s == locator.WHATWG
	case "check", "plan":
		if s == locator.WHATWG {
			return usageErrorf("--spec whatwg: %s follows rfc1738, rfc3986 or an older document (url-draft-1994, url-draft-1993, rfc1630), not whatwg (the URL Standard has no strict checker); use parse --spec whatwg", name)
		}
	case "normalize", "equal":
		o.whatwg = s == locator.WHATWG
	case "encode", "decode", "edit": // each reads --spec itself (encode.go, edit.go)
	case "extract":
		if s == locator.WHATWG {
			return usageErrorf("--spec whatwg: %s follows rfc1738, rfc3986 or an older document (url-draft-1994, url-draft-1993, rfc1630), not whatwg (the URL Standard has no strict checker)", name)
		}
	default:
		if given && cmd != cmd.Root() {
			return usageErrorf("--spec: %s does not depend on a specification", name)
		}
	}
	o.spec = s
	return nil
}

// urlArgs validates the URL arguments of a command: one or more URLs, or "-" alone.
func urlArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return usageErrorf("%s: no URL given (give URLs, or - to read them from standard input)", cmd.Name())
	}
	if len(args) > 1 {
		for _, a := range args {
			if a == "-" {
				return usageErrorf("%s: - must be the only argument", cmd.Name())
			}
		}
	}
	return nil
}

// isStdin reports whether args ask to read URLs from standard input.
func isStdin(args []string) bool { return len(args) == 1 && args[0] == "-" }
