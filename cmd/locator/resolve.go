package main

import (
	"bufio"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/locator-url/locator/scheme"
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

A reference has a scheme, and so is absolute and resolved to itself, as the mode's
text reads one: rfc3986, rfc3986-compat and rfc2396 a letter, then letters, digits,
"+", "-" and "." (RFC 3986 §3.1); rfc1808 any of those before a ":" after the first
character (§2.4.2: "1a:b", "+a:b"); url-draft and rfc1630 any ":" before a "/" (a
"full form": "a_b:c").

A reference or BASE that the mode's text does not allow is reported too, as parse
--spec reports it, and not resolved: the first error of the mode's checker, "(and N
more: ...)" when there are others. What "invalid" means, by mode:
  rfc3986, rfc3986-compat     RFC 3986 Appendix A (URI-reference): parse --spec rfc3986
  url-draft                   the 1993 URL draft (parse --spec url-draft-1993); a
                              reference without a scheme is its "Partial form"
  rfc1630, rfc1630-published  the URI draft of RFC 1630 (parse --spec rfc1630), which
                              reads partial forms
  rfc2396, rfc1808            no checker: only what locator cannot parse
  whatwg                      only what the URL Standard's parser fails on (its
                              validation errors do not stop it)
With --lenient, such a reference is resolved all the same and the finding is shown
on standard error as "locator: REF: warning (MODE): MESSAGE [CODE, RULE]" (and an
invalid BASE once, before the results); with "-", --json, --format or --output the
result is given without the warning. A BASE invalid under the mode is an error of
the command (exit status 1, nothing resolved); under --all-specs it is an error in
that mode's column for every reference.

With --all-specs, every mode is applied and the results are shown side by side: a
table with one row per reference and one column per mode, in the order above. A
result that differs from rfc3986's is marked with "*" before it, and the DIFFER
column says whether the modes disagree on that reference. An error is shown as
"error:CODE".

With "-", the references are read one per line from standard input and each gives
one line: the result, or "error: MESSAGE [CODE, RULE]". With --all-specs the line
is the table's row without its REF column (the reference is the input line at the
same place): DIFFER, then one cell per mode, tab-separated, without a header.

--json, --format and --output (with "-" or with references) give one record per
reference instead, with the fields
  input     the reference as given
  base      BASE as given
  spec      the mode
  result    the resolved URL (null when it fails); with result_base64 its exact
            bytes when they are not UTF-8 (as input_base64, below)
  valid     true when the reference resolves
  error     "MESSAGE [CODE, RULE]" (null when it resolves)
With --all-specs the fields are input, differ (true when the modes disagree),
valid (true when no mode failed), then one field per mode, named after it: its
result, or "error:CODE" (without the table's "*"), with MODE_base64 as result_base64.
` + formatHelp + `

` + bulkHelp + `

Exit status: 0 when every reference resolves (and, without --lenient, it and BASE
are valid under the mode), 1 when any does not, 2 on a usage error.`

const resolveExample = `  $ locator resolve 'http://a/b/c/d;p?q' g ../g '//g' '?y'
  $ locator resolve --spec rfc1630 'magic://a/b/c//d/e/f' /g //g ../g
  $ locator resolve --spec whatwg 'http://example.com/a/' ' b c '
  $ locator resolve --all-specs 'http://a/b/c/d;p?q' 'http:g' '../../../g' ';x'
  $ locator resolve --lenient 'http://a/b/c/d;p?q' ']' '?##s'
  $ locator resolve 'http://a/b/c/d;p?q' - < refs.txt
  $ locator resolve --json 'http://a/b/c/d;p?q' - < refs.txt
  $ locator resolve --all-specs --output csv --format '{input}{rfc3986}{whatwg}' 'http://a/b/c/d;p?q' - < refs.txt`

// resolveOptions are the flags of resolve and relative.
type resolveOptions struct {
	modeName string
	mode     locator.Mode
	allSpecs bool
	lenient  bool // resolve: resolve references and bases the mode's checker calls invalid
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
		Use:     "resolve [--spec MODE] [--all-specs] [--lenient] BASE REF... | BASE -",
		Short:   "Resolve references against a base URL, by the rule of any spec",
		Long:    resolveLong,
		Example: resolveExample,
		Args:    baseArgs("REF"),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, err := newResolver(args[0], o.mode)
			if err != nil {
				return baseError(err)
			}
			r.lenient, r.allSpecs = o.lenient, o.allSpecs
			if warn := r.BaseInvalid(o.mode); warn != nil && !o.allSpecs {
				if !o.lenient {
					return &exitError{code: exitInvalid, err: fmt.Errorf("base %s", errText(warn))}
				}
				b := append(appendShortURL([]byte(prefix+"warning ("+o.mode.String()+"): base "), args[0]), ": "...)
				cmd.ErrOrStderr().Write(append(append(b, errText(warn)...), '\n'))
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
						var row scheme.Resolution
						return func(dst []byte, line string, st *stats) []byte {
							res, differ, ok := allResults(r, &row, line)
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
				return r.writeEach(cmd, w, refs)
			}
			failed := false
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "REF\tDIFFER\t"+strings.Join(modeNames(), "\t"))
			var warnings []byte
			for _, ref := range refs {
				row, ok := allModes(r, ref)
				failed = failed || !ok
				fmt.Fprintln(tw, strings.Join(row, "\t"))
				if r.lenient {
					for _, m := range locator.Modes() {
						if _, warn, err := r.resolveChecked(ref, m); err == nil && warn != nil {
							warnings = appendWarning(warnings, ref, m, warn)
						}
					}
				}
			}
			if err := tw.Flush(); err != nil {
				return ioError(err)
			}
			if err := w.Flush(); err != nil {
				return ioError(err)
			}
			cmd.ErrOrStderr().Write(warnings)
			if failed {
				return errInvalid
			}
			return nil
		},
	}
	modeFlag(cmd, o)
	cmd.Flags().BoolVar(&o.allSpecs, "all-specs", false, "resolve by every mode and show the results side by side")
	cmd.Flags().BoolVar(&o.lenient, "lenient", false, "resolve references and a base that the mode's checker calls invalid, with a warning")
	addOutputFlags(cmd, &o.out, "reference")
	addBulkFlags(cmd, &o.bulk)
	return cmd
}

// resolver resolves references against one base by any mode: scheme.Resolver, with the
// command's mode and flags, and the byte-order mark refused first (lineops.CheckBOM).
type resolver struct {
	*scheme.Resolver
	mode     locator.Mode
	lenient  bool // a reference or base the checker calls invalid is resolved anyway
	allSpecs bool // resolveChecked reports an invalid base with each reference
}

// baseError is the error of resolve and relative for a base that does not parse: its message
// after "base ", or as it is when it names the base itself (a byte-order mark).
func baseError(err error) error {
	if errCode(err) == string(lineops.CodeByteOrderMark) {
		return &exitError{code: exitInvalid, err: errors.New(errText(err))}
	}
	return &exitError{code: exitInvalid, err: fmt.Errorf("base %s", errText(err))}
}

// newResolver parses base for mode; with --all-specs (any mode) it must parse for one of
// them at least. A base that starts with a byte-order mark is refused (lineops.CheckBOM).
func newResolver(base string, mode locator.Mode) (*resolver, error) {
	// A base that starts with a byte-order mark is refused once, as a reference is (it
	// would otherwise be read as a base without a scheme, or non-ASCII, per reference).
	if err := lineops.CheckBOMOf(base, "the base"); err != nil {
		return nil, err
	}
	r := &resolver{Resolver: scheme.NewResolver(base), mode: mode}
	if err := r.BaseError(mode); err != nil {
		return nil, err
	}
	return r, nil
}

// resolve resolves ref by mode and returns the result's serialization, or an error when ref
// or the base does not parse, or (unless lenient) when the mode's checker calls either
// invalid (see resolveChecked).
func (r *resolver) resolve(ref string, mode locator.Mode) (string, error) {
	res, warn, err := r.resolveChecked(ref, mode)
	if err == nil && warn != nil && !r.lenient {
		return "", warn
	}
	return res, err
}

// resolveChecked resolves ref by mode and checks ref by the mode's checker
// (scheme.Resolver.ResolveChecked): warn is the first error it finds. Under --all-specs,
// where the base is checked for each column, warn is first the base's error (with "base"
// before its message); otherwise the command has reported the base already. A reference
// that starts with a byte-order mark is refused (lineops.CheckBOM).
func (r *resolver) resolveChecked(ref string, mode locator.Mode) (res string, warn, err error) {
	if err := lineops.CheckBOM(ref); err != nil {
		return "", nil, err
	}
	return r.ResolveChecked(ref, mode, r.allSpecs)
}

// writeEach writes the result of each reference by r's mode, as the package's writeEach does,
// with a warning on standard error after a result that --lenient let through.
func (r *resolver) writeEach(cmd *cobra.Command, w *bufio.Writer, refs []string) error {
	failed := false
	var b []byte
	for _, ref := range refs {
		res, warn, err := r.resolveChecked(ref, r.mode)
		if err == nil && warn != nil && !r.lenient {
			err, warn = warn, nil
		}
		if err == nil {
			w.Write(appendResultLine(b[:0], res))
		}
		if err == nil && warn == nil {
			continue
		}
		if ferr := w.Flush(); ferr != nil {
			return ioError(ferr)
		}
		if err != nil {
			failed = true
			b = append(appendShortURL(append(b[:0], prefix...), ref), ": "...)
			b = append(append(b, errText(err)...), '\n')
		} else {
			b = appendWarning(b[:0], ref, r.mode, warn)
		}
		cmd.ErrOrStderr().Write(b)
	}
	if err := w.Flush(); err != nil {
		return ioError(err)
	}
	if failed {
		return errInvalid
	}
	return nil
}

// appendWarning appends the line of a finding --lenient let through:
// "locator: REF: warning (MODE): MESSAGE [CODE, RULE]".
func appendWarning(b []byte, ref string, mode locator.Mode, warn error) []byte {
	b = append(appendShortURL(append(b, prefix...), ref), ": warning ("...)
	b = append(append(append(b, mode.String()...), "): "...), errText(warn)...)
	return append(b, '\n')
}

// allModes returns the --all-specs row of ref: ref, "yes" or "no" (whether the modes
// differ), then the result of each mode, "*" before one that differs from rfc3986's.
// ok is false when some mode failed.
func allModes(r *resolver, ref string) (row []string, ok bool) {
	res, differ, ok := allResults(r, new(scheme.Resolution), ref)
	return allModesRow(ref, res, differ), ok
}

// allResults resolves ref by every mode, in the order of locator.Modes
// (scheme.Resolver.ResolveAllTo, into row, which a worker reuses from line to line): the
// result, or "error:CODE". differ reports whether the modes disagree, ok whether none failed.
// A reference that starts with a byte-order mark fails in every mode (lineops.CheckBOM).
func allResults(r *resolver, row *scheme.Resolution, ref string) (res []string, differ, ok bool) {
	res = make([]string, len(locator.Modes()))
	if err := lineops.CheckBOM(ref); err != nil {
		for i := range res {
			res[i] = "error:" + errCode(err)
		}
		return res, false, false
	}
	r.ResolveAllTo(row, ref, r.lenient)
	for i, m := range row.Results {
		res[i] = m.Text()
	}
	return res, row.Differ, row.OK
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

A relative path gets "./" before a ":" that the mode reads as the end of a scheme
or forbids there (see "locator help resolve"): "./a_b:c" under rfc3986 (§4.2: no
":" in the first segment of a relative path), but "a_b:c" under rfc1808, which
reads no scheme in it. An absolute path that starts with "//" is written "/.//p"
(resolution removes the "."), as "//p" would name a host.

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
reference, result_base64 its exact bytes when they are not UTF-8); see "locator
help resolve".

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
				return baseError(err)
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
// whatwg.Relative, the target parsed by the URL Standard; otherwise locator.Relative, base
// and target parsed by scheme.ParseForMode.
func newRelative(base string, mode locator.Mode) (func(target string) (string, error), error) {
	if err := lineops.CheckBOMOf(base, "the base"); err != nil { // as a target is (noBOM)
		return nil, err
	}
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
	// Read as the mode's document writes URLs, so that an error cites its rule (RFC 3986 §2
	// for a control under rfc3986, as resolve does).
	b, err := scheme.ParseForMode(base, mode)
	if err != nil {
		return nil, err
	}
	return noBOM(func(target string) (string, error) {
		t, err := scheme.ParseForMode(target, mode)
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
