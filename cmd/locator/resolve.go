package main

import (
	"bufio"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/whatwg"
	"github.com/spf13/cobra"
)

const modesHelp = `Resolution modes (--spec), each exact to its text (see the Mode constants of
package locator):
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

--json, --format and --output (with "-" or with references) give one record per
reference instead, with the fields
  input     the reference as given
  base      BASE as given
  spec      the mode
  result    the resolved URL (null when it fails)
  valid     true when the reference resolves
  error     "MESSAGE [CODE, RULE]" (null when it resolves)
With --all-specs the fields are input, differ (true when the modes disagree),
valid (true when no mode failed), then one field per mode, named after it: its
result, or "error:CODE" (without the table's "*").
` + formatHelp + `

` + bulkHelp + `

Exit status: 0 when every reference resolves, 1 when any does not, 2 on a usage error.`

const resolveExample = `  $ locator resolve 'http://a/b/c/d;p?q' g ../g '//g' '?y'
  $ locator resolve --spec rfc1630 'magic://a/b/c//d/e/f' /g //g ../g
  $ locator resolve --spec whatwg 'http://example.com/a/' ' b c '
  $ locator resolve --all-specs 'http://a/b/c/d;p?q' 'http:g' '../../../g' ';x'
  $ locator resolve 'http://a/b/c/d;p?q' - < refs.txt
  $ locator resolve --json 'http://a/b/c/d;p?q' - < refs.txt
  $ locator resolve --all-specs --output csv --format '{input}{rfc3986}{whatwg}' 'http://a/b/c/d;p?q' - < refs.txt`

// resolveOptions are the flags of resolve and relative.
type resolveOptions struct {
	modeName string
	mode     locator.Mode
	allSpecs bool
	bulk     bulkOptions
	out      outputOptions
}

// modeFlag gives a command its own --spec, a resolution mode, in place of the root's.
func modeFlag(cmd *cobra.Command, o *resolveOptions) {
	cmd.Flags().StringVar(&o.modeName, "spec", "rfc3986", "the resolution `mode`: "+strings.Join(modeNames(), ", "))
	cmd.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		m, err := locator.ParseMode(o.modeName)
		if err != nil {
			return usageErrorf("--spec %s: unknown resolution mode; want one of %s", display.Quote(o.modeName), strings.Join(modeNames(), ", "))
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
			fields := resolveFields
			if o.allSpecs {
				fields = allSpecsFields()
			}
			f, err := o.out.compile(fields)
			if err != nil {
				return err
			}
			if isStdin(refs) || f.custom() {
				return runLines(cmd, refs, o.bulk, f.header(), func() lineFunc {
					fw, rec := f.worker(), newRecord(fields)
					if o.allSpecs {
						return func(dst []byte, line string, st *stats) []byte {
							res, differ, ok := allResults(r, line)
							st.result(ok, schemeOf(line), "")
							if !f.custom() {
								row := allModesRow(line, res, differ)
								return append(append(dst, strings.Join(row[1:], "\t")...), '\n')
							}
							rec.reset()
							rec.set(0, line)
							rec.setBool(1, differ)
							rec.setBool(2, ok)
							for i, x := range res {
								rec.set(3+i, x)
							}
							return rec.appendTo(dst, fw)
						}
					}
					return func(dst []byte, line string, st *stats) []byte {
						res, err := r.resolve(line, r.mode)
						if err != nil {
							st.result(false, schemeOf(line), errCode(err))
						} else {
							st.result(true, schemeOf(res), "")
						}
						switch {
						case f.custom():
							return refRecord(rec, line, args[0], r.mode, res, err).appendTo(dst, fw)
						case err != nil:
							return appendErrorLine(dst, err)
						}
						return appendResultLine(dst, res)
					}
				})
			}
			w := bufio.NewWriter(cmd.OutOrStdout())
			if !o.allSpecs {
				return writeEach(cmd, w, refs, func(ref string) (string, error) { return r.resolve(ref, r.mode) })
			}
			failed := false
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
	addOutputFlags(cmd, &o.out, "reference")
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
// package whatwg directly, so that a reference only the URL Standard accepts (a "%" without
// two hex digits, tabs and newlines it removes, controls it trims) resolves too;
// locator.Resolve with locator.ModeWHATWG, which that package registers, gives the same result
// for references that locator.Parse accepts (see TestResolveWHATWGBeyondParse).
func (r *resolver) resolve(ref string, mode locator.Mode) (string, error) {
	if err := checkBOM(ref); err != nil {
		return "", err
	}
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
	res, differ, ok := allResults(r, ref)
	return allModesRow(ref, res, differ), ok
}

// allResults resolves ref by every mode, in the order of locator.Modes: the result, or
// "error:CODE". differ reports whether the modes disagree, ok whether none failed.
func allResults(r *resolver, ref string) (res []string, differ, ok bool) {
	modes := locator.Modes()
	res = make([]string, len(modes))
	ok = true
	for i, m := range modes {
		x, err := r.resolve(ref, m)
		if err != nil {
			ok = false
			x = "error:" + errCode(err)
		}
		res[i] = x
		differ = differ || x != res[0]
	}
	return res, differ, ok
}

// allModesRow returns the --all-specs row of ref from its results.
func allModesRow(ref string, res []string, differ bool) []string {
	row := make([]string, 0, len(res)+2)
	row = append(row, display.String(ref), "no")
	if differ {
		row[1] = "yes"
	}
	for i, x := range res {
		shown := display.String(x)
		if i > 0 && x != res[0] {
			shown = "*" + shown
		}
		row = append(row, shown)
	}
	return row
}

// resolveFields are the fields of resolve's and relative's --json, --format and --output:
// the reference (resolve) or the target (relative), the base, the mode, the result (null on
// failure), whether there is one, and the failure ("MESSAGE [CODE, RULE]", null when none).
var resolveFields = []field{
	{"input", fieldString}, {"base", fieldString}, {"spec", fieldString},
	{"result", fieldString}, {"valid", fieldBool}, {"error", fieldString},
}

// allSpecsFields are the fields of resolve --all-specs: the reference, whether the modes
// differ, whether none failed, then one field per mode, named after it (the result or
// "error:CODE", as in the table, without the "*").
func allSpecsFields() []field {
	f := []field{{"input", fieldString}, {"differ", fieldBool}, {"valid", fieldBool}}
	for _, n := range modeNames() {
		f = append(f, field{n, fieldString})
	}
	return f
}

// refRecord fills rec with the result of resolve or relative for input.
func refRecord(rec *record, input, base string, mode locator.Mode, res string, err error) *record {
	rec.reset()
	rec.set(0, input)
	rec.set(1, base)
	rec.set(2, mode.String())
	rec.setBool(4, err == nil)
	if err != nil {
		rec.set(5, errText(err))
	} else {
		rec.set(3, res)
	}
	return rec
}

const relativeLong = `Relative prints, for each TARGET, the shortest reference that resolves back to it
against BASE by --spec's rule: resolve(BASE, relative(BASE, TARGET)) == TARGET
(RFC 3986 §4.2 "relative reference", libwww's HTRelative for the
partial forms). A target with another scheme is printed whole. A target that no
reference reaches (under rfc3986, a target with dot-segments: resolution always
removes them, §5.2.2) is reported on standard error; normalize it first.

` + modesHelp + `

The URL Standard defines no relative operation, only parsing against a base; under
whatwg, relative gives its inverse (whatwg.Relative): each TARGET is parsed by the
URL Standard without a base, the candidates of rfc3986 ("", "#f", "?q", "../g",
"/p", "//host/p") are each parsed against BASE by the URL Standard, and the
shortest whose href is the target's wins; otherwise the target's href is printed.
So "HTTP://A/b" relative to "http://a/c" is "b".

With "-", the targets are read one per line from standard input and each gives one
line: the reference, or "error: MESSAGE [CODE, RULE]". --json, --format and
--output give records with the fields of resolve (input is the target, result the
reference); see "locator help resolve".

` + bulkHelp + `

Exit status: 0 when every target has a reference, 1 when any has not, 2 on a usage
error.`

const relativeExample = `  $ locator relative 'http://a/b/c/d;p?q' 'http://a/b/c/g' 'http://a/b/g?y' 'http://a/x/y#s'
  $ locator relative --spec rfc1630 'magic://a/b/c//d/e/f' 'magic://a/b/c//d/g'
  $ locator relative --spec whatwg 'http://example.com/a/b' 'HTTP://EXAMPLE.COM/a/c?x' 'http://example.com/a/./d/'
  $ locator relative 'http://a/b/c/d;p?q' - < targets.txt
  $ locator relative --json 'http://a/b/c/d;p?q' - < targets.txt`

func newRelativeCmd() *cobra.Command {
	o := &resolveOptions{}
	cmd := &cobra.Command{
		Use:     "relative [--spec MODE] BASE TARGET... | BASE -",
		Short:   "Print the shortest reference from a base URL to each target",
		Long:    relativeLong,
		Example: relativeExample,
		Args:    baseArgs("TARGET"),
		RunE: func(cmd *cobra.Command, args []string) error {
			rel, err := newRelative(args[0], o.mode)
			if err != nil {
				return &exitError{code: exitInvalid, err: fmt.Errorf("base %s", errText(err))}
			}
			f, err := o.out.compile(resolveFields)
			if err != nil {
				return err
			}
			targets := args[1:]
			if isStdin(targets) || f.custom() {
				return runLines(cmd, targets, o.bulk, f.header(), func() lineFunc {
					fw, rec := f.worker(), newRecord(resolveFields)
					return func(dst []byte, line string, st *stats) []byte {
						res, err := rel(line)
						if err != nil {
							st.result(false, schemeOf(line), errCode(err))
						} else {
							st.result(true, schemeOf(line), "")
						}
						switch {
						case f.custom():
							return refRecord(rec, line, args[0], o.mode, res, err).appendTo(dst, fw)
						case err != nil:
							return appendErrorLine(dst, err)
						}
						return appendResultLine(dst, res)
					}
				})
			}
			return writeEach(cmd, bufio.NewWriter(cmd.OutOrStdout()), targets, rel)
		},
	}
	modeFlag(cmd, o)
	addOutputFlags(cmd, &o.out, "target")
	addBulkFlags(cmd, &o.bulk)
	return cmd
}

// newRelative returns the function of relative for base and mode: under whatwg,
// whatwg.Relative, the target parsed by the URL Standard; otherwise locator.Relative.
func newRelative(base string, mode locator.Mode) (func(target string) (string, error), error) {
	if mode == locator.ModeWHATWG {
		b, err := whatwg.Parse(base, nil)
		if err != nil {
			return nil, err
		}
		return noBOM(func(target string) (string, error) {
			t, err := whatwg.Parse(target, nil)
			if err != nil {
				return "", err
			}
			return whatwg.Relative(b, t)
		}), nil
	}
	b, err := locator.Parse(base)
	if err != nil {
		return nil, err
	}
	return noBOM(func(target string) (string, error) {
		t, err := locator.Parse(target)
		if err != nil {
			return "", err
		}
		r, err := locator.Relative(b, t, mode)
		if err != nil {
			return "", err
		}
		return r.String(), nil
	}), nil
}
