package main

import (
	"bufio"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/whatwg"
	"github.com/spf13/cobra"
)

const modesHelp = `Resolution modes (--spec), each exact to its text (issue 3; see the Mode constants
of package locator):
  rfc3986            RFC 3986 §5.2, strict: "http:g" is absolute (the default)
  rfc3986-compat     RFC 3986 §5.4.2 backward compatibility: "http:g" against an
                     http base is the relative "g"
  rfc2396            RFC 2396 §5.2 steps 1-7
  rfc1808            RFC 1808 §4 steps 1-7 (";params" are not part of the path)
  url-draft          the 1993 URL draft, "Partial form"
  rfc1630            the URI draft that became RFC 1630, "Partial (relative) form"
  rfc1630-published  RFC 1630 as published ("no greater number of consecutive
                     slashes anywhere to the right of it")
  whatwg             the WHATWG URL Standard, §4.4 basic URL parser with a base`

const resolveLong = `Resolve resolves each reference against BASE and prints the result, one line per
reference. A reference that cannot be resolved (it or BASE does not parse, or BASE
has no scheme) is reported on standard error and the others are still printed.

` + modesHelp + `

With --all-specs, every mode is applied and the results are shown side by side: a
table with one row per reference and one column per mode, in the order above. A
result that differs from rfc3986's is marked with "*" before it, and the DIFFER
column says whether the modes disagree on that reference. An error is shown as
"error:CODE".

With "-", the references are read one per line from standard input and each gives
one line: the result, or "error: MESSAGE [CODE, RULE]". With --all-specs the line
is the table's row, tab-separated, without a header.

` + bulkHelp + `

Exit status: 0 when every reference resolves, 1 when any does not, 2 on a usage error.`

const resolveExample = `  $ locator resolve 'http://a/b/c/d;p?q' g ../g '//g' '?y'
  $ locator resolve --spec rfc1630 'magic://a/b/c//d/e/f' /g //g ../g
  $ locator resolve --spec whatwg 'http://example.com/a/' ' b c '
  $ locator resolve --all-specs 'http://a/b/c/d;p?q' 'http:g' '../../../g' ';x'
  $ locator resolve 'http://a/b/c/d;p?q' - < refs.txt`

// resolveOptions are the flags of resolve and relative.
type resolveOptions struct {
	modeName string
	mode     locator.Mode
	allSpecs bool
	bulk     bulkOptions
}

// modeFlag gives a command its own --spec, a resolution mode, in place of the root's.
func modeFlag(cmd *cobra.Command, o *resolveOptions) {
	cmd.Flags().StringVar(&o.modeName, "spec", "rfc3986", "the resolution `mode`: "+strings.Join(modeNames(), ", "))
	cmd.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		m, err := locator.ParseMode(o.modeName)
		if err != nil {
			return usageErrorf("--spec %q: unknown resolution mode; want one of %s", o.modeName, strings.Join(modeNames(), ", "))
		}
		o.mode = m
		return nil
	}
}

func modeNames() []string {
	var n []string
	for _, m := range locator.Modes() {
		n = append(n, m.String())
	}
	return n
}

// baseArgs validates "BASE ARG...", where the args may be "-" alone.
func baseArgs(what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < 2 {
			return usageErrorf("%s: want BASE and at least one %s (or - to read them from standard input)", cmd.Name(), what)
		}
		return urlArgs(cmd, args[1:])
	}
}

func newResolveCmd() *cobra.Command {
	o := &resolveOptions{}
	cmd := &cobra.Command{
		Use:     "resolve [--spec MODE] [--all-specs] BASE REF... | BASE -",
		Short:   "Resolve references against a base URL, by the rule of any spec",
		Long:    resolveLong,
		Example: resolveExample,
		Args:    baseArgs("REF"),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, err := newResolver(args[0], o.mode)
			if err != nil {
				return &exitError{code: exitInvalid, err: fmt.Errorf("base %s", errText(err))}
			}
			refs := args[1:]
			if isStdin(refs) {
				return runBulk(cmd, o.bulk, nil, func() lineFunc {
					if o.allSpecs {
						return func(dst []byte, line string, st *stats) []byte {
							row, ok := allModes(r, line)
							st.result(ok, schemeOf(line), "")
							return append(append(dst, strings.Join(row[1:], "\t")...), '\n')
						}
					}
					return func(dst []byte, line string, st *stats) []byte {
						res, err := r.resolve(line, r.mode)
						if err != nil {
							st.result(false, schemeOf(line), errCode(err))
							return appendErrorLine(dst, err)
						}
						st.result(true, schemeOf(res), "")
						return append(append(dst, res...), '\n')
					}
				})
			}
			w := bufio.NewWriter(cmd.OutOrStdout())
			failed := false
			if o.allSpecs {
				tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
				fmt.Fprintln(tw, "REF\tDIFFER\t"+strings.Join(modeNames(), "\t"))
				for _, ref := range refs {
					row, ok := allModes(r, ref)
					failed = failed || !ok
					fmt.Fprintln(tw, strings.Join(row, "\t"))
				}
				if err := tw.Flush(); err != nil {
					return ioError(err)
				}
			} else {
				for _, ref := range refs {
					res, err := r.resolve(ref, r.mode)
					if err != nil {
						failed = true
						if ferr := w.Flush(); ferr != nil {
							return ioError(ferr)
						}
						fmt.Fprintf(cmd.ErrOrStderr(), "%s%s: %s\n", prefix, appendDisplay(nil, ref), errText(err))
						continue
					}
					w.WriteString(res)
					w.WriteByte('\n')
				}
			}
			if err := w.Flush(); err != nil {
				return ioError(err)
			}
			if failed {
				return errInvalid
			}
			return nil
		},
	}
	modeFlag(cmd, o)
	cmd.Flags().BoolVar(&o.allSpecs, "all-specs", false, "resolve by every mode and show the results side by side")
	addBulkFlags(cmd, &o.bulk)
	return cmd
}

// resolver resolves references against one base by any mode.
type resolver struct {
	mode     locator.Mode
	base     locator.URL
	baseErr  error // the base does not parse by locator.Parse
	wbase    whatwg.URL
	wbaseErr error // the base does not parse by the WHATWG parser
}

// newResolver parses base for mode; with --all-specs (any mode) it must parse for one of
// them at least.
func newResolver(base string, mode locator.Mode) (*resolver, error) {
	r := &resolver{mode: mode}
	r.base, r.baseErr = locator.Parse(base)
	r.wbase, r.wbaseErr = whatwg.Parse(base, nil)
	switch {
	case mode == locator.ModeWHATWG && r.wbaseErr != nil:
		return nil, r.wbaseErr
	case mode != locator.ModeWHATWG && r.baseErr != nil:
		return nil, r.baseErr
	}
	return r, nil
}

// resolve resolves ref by mode and returns the result's serialization. The WHATWG mode uses
// package whatwg directly, so that a reference only the URL Standard accepts (with spaces to
// trim, backslashes) resolves too; locator.Resolve with locator.ModeWHATWG, which that
// package registers, gives the same result for references that locator.Parse accepts.
func (r *resolver) resolve(ref string, mode locator.Mode) (string, error) {
	if mode == locator.ModeWHATWG {
		if r.wbaseErr != nil {
			return "", r.wbaseErr
		}
		u, err := whatwg.Parse(ref, &r.wbase)
		if err != nil {
			return "", err
		}
		return u.Href(), nil
	}
	if r.baseErr != nil {
		return "", r.baseErr
	}
	u, err := locator.Parse(ref)
	if err != nil {
		return "", err
	}
	res, err := locator.Resolve(r.base, u, mode)
	if err != nil {
		return "", err
	}
	return res.String(), nil
}

// allModes returns the --all-specs row of ref: ref, "yes" or "no" (whether the modes
// differ), then the result of each mode, "*" before one that differs from rfc3986's.
// ok is false when some mode failed.
func allModes(r *resolver, ref string) (row []string, ok bool) {
	modes := locator.Modes()
	row = make([]string, 0, len(modes)+2)
	row = append(row, string(appendDisplay(nil, ref)), "no")
	ok = true
	var first string
	for i, m := range modes {
		res, err := r.resolve(ref, m)
		if err != nil {
			ok = false
			res = "error:" + errCode(err)
		}
		if i == 0 {
			first = res
		} else if res != first {
			row[1] = "yes"
			res = "*" + res
		}
		row = append(row, res)
	}
	return row, ok
}

const relativeLong = `Relative prints, for each TARGET, the shortest reference that resolves back to it
against BASE by --spec's rule: resolve(BASE, relative(BASE, TARGET)) == TARGET
(issue 3 item 2; RFC 3986 §4.2 "relative reference", libwww's HTRelative for the
partial forms). A target with another scheme is printed whole. A target that no
reference reaches (under rfc3986, a target with dot-segments: resolution always
removes them, §5.2.2) is reported on standard error; normalize it first.

` + modesHelp + `
The whatwg mode is not supported by relative.

With "-", the targets are read one per line from standard input and each gives one
line: the reference, or "error: MESSAGE [CODE, RULE]".

` + bulkHelp + `

Exit status: 0 when every target has a reference, 1 when any has not, 2 on a usage
error.`

const relativeExample = `  $ locator relative 'http://a/b/c/d;p?q' 'http://a/b/c/g' 'http://a/b/g?y' 'http://a/x/y#s'
  $ locator relative --spec rfc1630 'magic://a/b/c//d/e/f' 'magic://a/b/c//d/g'
  $ locator relative 'http://a/b/c/d;p?q' - < targets.txt`

func newRelativeCmd() *cobra.Command {
	o := &resolveOptions{}
	cmd := &cobra.Command{
		Use:     "relative [--spec MODE] BASE TARGET... | BASE -",
		Short:   "Print the shortest reference from a base URL to each target",
		Long:    relativeLong,
		Example: relativeExample,
		Args:    baseArgs("TARGET"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.mode == locator.ModeWHATWG {
				return usageErrorf("relative: --spec whatwg is not supported; use rfc3986")
			}
			base, err := locator.Parse(args[0])
			if err != nil {
				return &exitError{code: exitInvalid, err: fmt.Errorf("base %s", errText(err))}
			}
			rel := func(target string) (string, error) {
				t, err := locator.Parse(target)
				if err != nil {
					return "", err
				}
				r, err := locator.Relative(base, t, o.mode)
				if err != nil {
					return "", err
				}
				return r.String(), nil
			}
			targets := args[1:]
			if isStdin(targets) {
				return runBulk(cmd, o.bulk, nil, func() lineFunc {
					return func(dst []byte, line string, st *stats) []byte {
						res, err := rel(line)
						if err != nil {
							st.result(false, schemeOf(line), errCode(err))
							return appendErrorLine(dst, err)
						}
						st.result(true, schemeOf(line), "")
						return append(append(dst, res...), '\n')
					}
				})
			}
			w := bufio.NewWriter(cmd.OutOrStdout())
			failed := false
			for _, t := range targets {
				res, err := rel(t)
				if err != nil {
					failed = true
					if ferr := w.Flush(); ferr != nil {
						return ioError(ferr)
					}
					fmt.Fprintf(cmd.ErrOrStderr(), "%s%s: %s\n", prefix, appendDisplay(nil, t), errText(err))
					continue
				}
				w.WriteString(res)
				w.WriteByte('\n')
			}
			if err := w.Flush(); err != nil {
				return ioError(err)
			}
			if failed {
				return errInvalid
			}
			return nil
		},
	}
	modeFlag(cmd, o)
	addBulkFlags(cmd, &o.bulk)
	return cmd
}

// errParts returns the message, code and rule of an error of package locator or whatwg.
func errParts(err error) (msg, code, rule string) {
	var we *whatwg.Error
	if errors.As(err, &we) {
		msg = string(we.Code)
		if we.Offset >= 0 {
			msg = fmt.Sprintf("%s at offset %d", we.Code, we.Offset)
		}
		return msg, string(we.Code), we.Rule
	}
	f := errorFinding(err, locator.SeverityError)
	return f.Message, string(f.Code), f.Rule
}

// errText returns "MESSAGE [CODE, RULE]".
func errText(err error) string {
	msg, code, rule := errParts(err)
	return msg + " [" + code + ", " + rule + "]"
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

// schemeOf returns the scheme of a URL as written (up to the first ":", when that is a
// scheme name by RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), or "".
func schemeOf(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return s[:i]
		default:
			return ""
		}
	}
	return ""
}
