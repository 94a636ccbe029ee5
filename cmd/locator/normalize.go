package main

import (
	"bufio"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/spf13/cobra"
)

const normalizeLong = `Normalize rewrites each URL in a normal form (RFC 3986 §6) and prints it, one line
per URL. --level chooses the steps: a group, or a comma-separated list of groups and
step names (see NormalizeFlags in package locator for what each may change):

  safe        never changes what the URL identifies (RFC 3986 §6.2.2, §6.2.3):
              lower-scheme, lower-host, upper-escapes, decode-unreserved,
              encode-unsafe, remove-dot-segments, remove-default-port,
              empty-path-slash, mailto-domain, and the scheme-level steps RFC
              1738 gives: remove-localhost ("file://localhost/x" is
              "file:///x", §3.10), remove-default-path ("gopher://h/1" is
              "gopher://h/", §3.4.1), lower-typecode (";type=I" is ";type=i",
              §5 ftptype; RFC 959 §5.3), each only under a --spec whose
              document gives it, as equal applies them (url-draft-1994:
              lower-typecode; url-draft-1993 and rfc1630: remove-default-path;
              whatwg: remove-localhost) (the default). mailto-domain
              lower-cases the domain name after the last "@" of each address
              (RFC 6068 §2, addresses separated by "," or "%2C" outside a
              quoted "..."), never a local part: "mailto:%22A@B%22@Example.COM"
              is "mailto:%22A@B%22@example.com"
  usually     safe, and what preserves the meaning in practice:
              remove-empty-query, remove-empty-fragment, decode-ipv4,
              remove-host-trailing-dot, remove-directory-typecode
              ("ftp://h/a/;type=d" is "ftp://h/a/": the 1994 URL draft's "/"
              suffix; RFC 1738 alone leaves it to the client's guess, §3.2.3)
  aggressive  usually, and steps that may change the meaning: remove-fragment,
              sort-query, remove-trailing-slash, remove-duplicate-slashes,
              remove-directory-index, remove-www (the last three, and the
              typecode steps, repeat at the path's end until nothing changes:
              "http://h/index.html/" is "http://h/")
Every level is idempotent: normalizing a normal form gives it back.
  none        no step

With --surt the SURT form web archives sort and deduplicate by is printed instead
("org,archive)/goo?a=1&b=2"), and --level is not used.

--spec chooses the encoding level the URL is brought to (decode-unreserved and
encode-unsafe): an escape is decoded only where the specification lets the
character stand unencoded, so that normalizing never makes a URL less valid under
it (check --spec S reports no new error):
  rfc1738         RFC 1738 §2.2 and §5 (the default): alpha, digit, safe and
                  extra are decoded, and ";", "&", "=" where the scheme's
                  production holds them and the scheme does not reserve them
                  ("gopher://h/1a%3Bb" is "gopher://h/1a;b"); unsafe and national
                  characters are encoded, "~" too ("%7e" is "%7E"), and so is a
                  reserved character the scheme does not reserve where the
                  production wants it encoded ("&" in a wais database); a host
                  keeps its escapes
  url-draft-1994  the 1994 URL draft's BNF: its xalpha, not its reserved
                  "= ; / # ? : space" nor "+" in a search, no more than rfc1738
  url-draft-1993  the 1993 URL draft's BNF syntax: xalpha, not "+" or "="; "~" (a
                  variant character) encoded
  rfc1630         the URI draft's BNF syntax: as url-draft-1993 ("+" is reserved in
                  a query, "Query strings"); "~" (national) encoded
  rfc3986         RFC 3986 §6.2.2.2: unreserved characters, "~" included, are
                  decoded (locator.Normalize)
  whatwg          each URL is first parsed by the WHATWG URL Standard and its href
                  (itself a normal form: "HTTP://EXAMPLE.com:80/./a" is
                  "http://example.com/a") is then normalized as by rfc3986, but
                  that remove-host-trailing-dot keeps the dots of a host that
                  would then end in a number, which the standard reads as IPv4
                  ("https://a.9../" stays; "a.9" is no IPv4 address)
Every other step is the same under every specification, but remove-dot-segments:
under rfc3986 and whatwg it cleans the path of every URL with a scheme by RFC 3986
§5.2.4, as resolve does ("urn:a/../b" is "urn:/b"; "foo:/a/..//b" is "foo:/.//b",
§3.3); the others keep the dot-segments of a rootless path, and rfc1738 and
url-draft-1994 clean only the paths RFC 1738 §2.3 calls hierarchical (ftp, http,
https, file, afs, and schemes they do not define), not a gopher selector, an nntp
group, a mailto address or a urn.

Each URL is read as --spec writes URLs, as equal reads A and B (locator.ParseAs).
Under rfc1738 and url-draft-1994 a "URL:" prefix (RFC 1738 Appendix; the 1994 URL
draft's prefixedurl, any letter case) is read and left out of the normal form: a
normal form is one string for all the URLs that equal calls equivalent, and
"URL:HTTP://A/b" is equivalent to "http://a/b"; and a "?" in a login, which RFC 1738
§5 allows ("ftp://a?b@host/" is the user "a?b"), is written %3F, which RFC 3986 reads
the same way (it would end the authority at an unencoded "?"). The other specs
define no prefix and end the authority at "?" (RFC 3986 §3.1, §3.2): there
"URL:http://a/" has the scheme "url", and "http://?q@h/" an empty host and the
query "q@h/".

A URL that does not parse, or that starts with a byte-order mark (U+FEFF, which
normalize would otherwise percent-encode into the URL), is reported on standard
error and the others are still printed. With "-", URLs are read one per line from
standard input and each gives one line: the normal form, or "error: MESSAGE [CODE,
RULE]". --json, --format and
--output (with "-" or with URLs) give one record per URL instead, with the fields
input, normalized (null on failure), changed, valid, scheme and error ("MESSAGE
[CODE, RULE]", null when none).
` + formatHelp + `

` + bulkHelp + `

Exit status: 0 when every URL was normalized, 1 when any did not parse, 2 on a usage
error.`

const normalizeExample = `  $ locator normalize 'HTTP://www.Example.COM:80/%7esmith/./a/../b?'
  $ locator normalize --spec rfc3986 'HTTP://www.Example.COM:80/%7esmith/x'
  $ locator normalize --level usually 'http://example.com./?' 'http://0x7f.1/'
  $ locator normalize --level safe,sort-query,remove-www 'http://www.example.com/?b=2&a=1'
  $ locator normalize --level usually 'FILE://localhost/etc/motd' 'ftp://h/pub/;type=D'
  $ locator normalize --surt 'http://www.archive.org/goo/?b=2&a=1'
  $ locator normalize --json - < urls.txt`

func newNormalizeCmd(opts *options) *cobra.Command {
	var level string
	var surt bool
	var bulk bulkOptions
	var out outputOptions
	cmd := &cobra.Command{
		Use:     "normalize [--spec S] [--level L] [--surt] URL... | -",
		Short:   "Rewrite URLs in a normal form (RFC 3986 §6), or their SURT",
		Long:    normalizeLong,
		Example: normalizeExample,
		Args:    urlArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			flags, err := locator.ParseNormalizeFlags(level)
			if err != nil {
				return usageErrorf("--level %s: %s", display.Quote(level), errParts1(err))
			}
			n := lineops.Normalizer{Flags: flags, SURT: surt, WHATWG: opts.whatwg, Spec: opts.spec}
			f, err := out.compile(normalizeFields)
			if err != nil {
				return err
			}
			if isStdin(args) || f.custom() {
				newFunc := func() lineFunc {
					fw := f.worker()
					vals := workerStrings(len(normalizeFields))
					return func(dst []byte, line string, st *stats) []byte {
						res, err := n.Normalize(line)
						if !f.custom() {
							if err != nil {
								st.result(false, schemeOf(line), errCode(err))
								return appendErrorLine(dst, err)
							}
							st.result(true, schemeOf(res), "")
							return appendResultLine(dst, res)
						}
						vals[0], vals[1], vals[2], vals[3], vals[4], vals[5] = line, res, "false", "true", schemeOf(line), ""
						present := uint64(0b001111)
						if vals[4] != "" {
							present |= 1 << 4
						}
						if err != nil {
							vals[3], vals[5] = "false", errText(err)
							present = present&^(1<<1) | 1<<5
							st.result(false, vals[4], errCode(err))
						} else {
							if res != line {
								vals[2] = "true"
							}
							st.result(true, vals[4], "")
						}
						return fw.appendRecord(dst, vals, present)
					}
				}
				if isStdin(args) {
					return runBulk(cmd, bulk, f.header(), newFunc)
				}
				return runArgs(cmd, args, f.header(), newFunc())
			}
			return writeEach(cmd, bufio.NewWriter(cmd.OutOrStdout()), args, n.Normalize)
		},
	}
	cmd.Flags().StringVar(&level, "level", "safe", "the normalization `steps`: safe, usually, aggressive, none, or a comma-separated list of groups and step names")
	cmd.Flags().BoolVar(&surt, "surt", false, "print the SURT form (web archives' sort key) instead")
	addBulkFlags(cmd, &bulk)
	addOutputFlags(cmd, &out, "URL")
	return cmd
}

// normalizeFields are the fields of normalize's --json, --format and --output, in order.
var normalizeFields = []field{
	{"input", fieldString}, {"normalized", fieldString}, {"changed", fieldBool},
	{"valid", fieldBool}, {"scheme", fieldString}, {"error", fieldString},
}

// errParts1 returns the message of an error of package locator.
func errParts1(err error) string {
	msg, _, _ := errParts(err)
	return msg
}

const equalLong = `Equal reports whether URLs A and B identify the same resource (RFC 3986 §6.2.2
and §6.2.3): whether they are equal once both are brought to the same
encoding level (the URI draft: an escape of a character that needs no encoding is
decoded, the hex of the others upper-cased, never decoding a reserved character, so
"marie%2Dclaude" equals "marie-claude" and "bertram%2Fmarie" differs from
"bertram/marie"), then normalized: scheme and host lower-cased, a default port
removed, an empty path made "/" and dot-segments removed, and the scheme-level
equivalences the spec's document gives (locator.CanonicalFor): under rfc1738
"file://localhost/x" is "file:///x" (RFC 1738 §3.10), "gopher://h/1" is
"gopher://h/" (§3.4.1), ";type=I" is ";type=i" (§5 ftptype; RFC 959 §5.3);
and "ftp://h/a/;type=d" is "ftp://h/a/" (the 1994 URL draft's "/" suffix, as
locator.Canonical reads it; under the other specs only with --level usually). It prints "equivalent" or "not
equivalent".

--spec chooses the encoding level, as for normalize (see "locator help normalize"):
rfc1738 (the default; "gopher://h/1a%3Bb" equals "gopher://h/1a;b", RFC 1738
§3.4.1 reserves nothing), url-draft-1994, url-draft-1993, rfc1630 or rfc3986
(unreserved characters only: those two differ). With --spec whatwg, A and B are
parsed by the WHATWG URL Standard and are equal when their hrefs are (the
standard's "URL equivalence"); --explain then shows the hrefs (step "href").

With --explain, the comparison is shown step by step: A and B as given, the rule of
the specification's encoding level ("rule"), then A and B after the encoding level
(locator.EncodingLevelFor) and after each step of the normalization
that changes one of them (the steps of "normalize --level safe", and
remove-empty-fragment: an empty fragment means the whole object, as the URI draft and
the 1993 URL draft say, and remove-directory-typecode; by name: remove-localhost,
remove-default-path and lower-typecode among them), and the
step after which they are equal; when they are not, which component still differs,
and the stronger normalization steps (normalize --level usually or aggressive) that
would make them equal, if one alone does.

With "-" alone, pairs are read from standard input, one per line, A and B separated
by a tab, and each line gives one line: "equivalent", "not equivalent", or "error:
MESSAGE [CODE, RULE]" when a URL does not parse or the line has no tab.

--json, --format and --output (with "-" or with A and B) give one record per pair
instead, with the fields
  a, b      the URLs as given (b is null when the line has no tab)
  equal     true when they are equivalent
  step      the step after which they are equal, as --explain names it: given,
            encoding-level, a step of "normalize --level safe" (lower-scheme,
            lower-host, ..., remove-localhost, ...), remove-empty-fragment,
            remove-directory-typecode, canonical, or href (--spec whatwg); null
            when they are not equivalent
  error     "MESSAGE [CODE, RULE]" when a URL does not parse or the line has no
            tab (null otherwise)
--explain cannot be combined with them.
` + formatHelp + `

` + bulkHelp + `

A URL that does not parse, or that starts with a byte-order mark, is reported the
same way with A and B as with "-": on standard error ("locator: URL: MESSAGE [CODE,
RULE]"; with "-", as the pair's error line), and the exit status is 1, as for an
invalid URL in every command.

Exit status: 0 when A and B are equivalent (with "-": every pair), 1 when they are
not or a URL does not parse, 2 on a usage error (a flag, the number of arguments).`

const equalExample = `  $ locator equal 'http://www.w3.org/albert/bertram/marie%2Dclaude' 'http://www.w3.org/albert/bertram/marie-claude'
  $ locator equal --explain 'HTTP://www.Example.com:80/%7esmith' 'http://www.example.com/~smith'
  $ locator equal --explain 'http://example.com/a?' 'http://example.com/a'
  $ locator equal --explain 'file://localhost/etc/motd' 'file:///etc/motd'
  $ locator equal --explain 'gopher://h' 'gopher://h/1'
  $ locator equal --spec rfc3986 'gopher://h/1a%3Bb' 'gopher://h/1a;b'
  $ printf 'http://a/%%7e\thttp://A/~\n' | locator equal -
  $ printf 'http://a/%%7e\thttp://A/~\n' | locator equal --json -
  $ locator equal --format '{equal} {step}' 'HTTP://a:80/' 'http://a/'`

func newEqualCmd(opts *options) *cobra.Command {
	var explain bool
	var bulk bulkOptions
	var out outputOptions
	cmd := &cobra.Command{
		Use:     "equal [--spec S] [--explain | --json | --format T | --output tsv|csv] A B | -",
		Short:   "Tell whether two URLs are equivalent, and why not",
		Long:    equalLong,
		Example: equalExample,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 && !isStdin(args) {
				return usageErrorf("equal: want two URLs, A and B, or -; got %d arguments", len(args))
			}
			// "-" reads standard input only alone, as urlArgs has it for every other command
			// (README, "Many URLs"): "equal - B" compared the URL "-" with B.
			if !isStdin(args) && slices.Contains(args, "-") {
				return usageErrorf("equal: - must be the only argument")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			spec := opts.spec
			f, err := out.compile(equalFields)
			if err != nil {
				return err
			}
			if explain && f.custom() {
				return usageErrorf("--explain cannot be combined with --json, --format or --output")
			}
			if isStdin(args) {
				return runBulk(cmd, bulk, f.header(), func() lineFunc {
					if !f.custom() {
						return equalLineFor(spec)
					}
					fw, rec := f.worker(), newRecord(equalFields)
					return func(dst []byte, line string, st *stats) []byte {
						a, b, ok := strings.Cut(line, "\t")
						var eq bool
						var step string
						var err error
						if !ok {
							a, err = line, errNoTab
						} else {
							eq, step, err = equalPair(a, b, spec)
						}
						code := ""
						if err != nil {
							code = errCode(err)
						}
						st.result(eq, schemeOf(a), code)
						return equalRecord(rec, a, b, ok, eq, step, err).appendTo(dst, fw)
					}
				})
			}
			var b []byte
			if f.custom() {
				eq, step, err := equalPair(args[0], args[1], spec)
				b = equalRecord(newRecord(equalFields), args[0], args[1], true, eq, step, err).appendTo(f.header(), f.worker())
				if _, err := cmd.OutOrStdout().Write(b); err != nil {
					return ioError(err)
				}
				if !eq {
					return errInvalid
				}
				return nil
			}
			var u [2]equalURL
			for i, a := range args {
				var err error
				u[i], err = equalParse(a, [2]string{"A", "B"}[i], spec)
				if err != nil {
					b = append(appendShortURL(append(b, prefix...), a), ": "...)
					b = append(append(b, errText(err)...), '\n')
					cmd.ErrOrStderr().Write(b)
					return errInvalid
				}
			}
			eq := equivalentFor(u[0], u[1], spec)
			switch {
			case explain && spec == locator.WHATWG:
				b = appendExplainHref(b, args[0], args[1], u[0].href, u[1].href, eq)
			case explain:
				b = appendExplain(b, u[0].u, u[1].u, eq, spec)
			}
			if eq {
				b = append(b, "equivalent\n"...)
			} else {
				b = append(b, "not equivalent\n"...)
			}
			if _, err := cmd.OutOrStdout().Write(b); err != nil {
				return ioError(err)
			}
			if !eq {
				return errInvalid
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&explain, "explain", false, "show the comparison step by step, and what makes the URLs differ")
	addOutputFlags(cmd, &out, "pair")
	addBulkFlags(cmd, &bulk)
	return cmd
}

// canonicalStepsFor are the steps of locator.CanonicalFor(u, spec) after the encoding level
// (locator.CanonicalFlags without the three encoding steps), in the order Normalize applies
// them.
func canonicalStepsFor(spec locator.Spec) locator.NormalizeFlags {
	return locator.CanonicalFlags(spec) &^ (locator.NormalizeUpperEscapes | locator.NormalizeDecodeUnreserved | locator.NormalizeEncodeUnsafe)
}

// errNoTab is the failure of a line of equal - without a tab.
var errNoTab = &locator.Error{Code: "no-tab", Rule: "locator equal", Message: "the line has no tab between A and B"}

// equalFields are the fields of equal's --json, --format and --output: A and B, whether they
// are equivalent, the step after which they are equal (null when they are not), and the
// failure (a URL does not parse, or the line has no tab; null when none).
var equalFields = []field{
	{"a", fieldString}, {"b", fieldString}, {"equal", fieldBool}, {"step", fieldString}, {"error", fieldString},
}

// equalPair compares A and B under spec: whether they are equivalent, and the step after
// which they are equal (see equalWalk; "href" under whatwg), or the error of a URL that does
// not parse.
func equalPair(a, b string, spec locator.Spec) (eq bool, step string, err error) {
	if err := lineops.CheckBOMOf(a, "A"); err != nil {
		return false, "", err
	}
	if err := lineops.CheckBOMOf(b, "B"); err != nil {
		return false, "", err
	}
	ua, err := equalParse(a, "A", spec)
	if err != nil {
		return false, "", err
	}
	ub, err := equalParse(b, "B", spec)
	if err != nil {
		return false, "", err
	}
	eq = equivalentFor(ua, ub, spec)
	if spec == locator.WHATWG {
		switch {
		case a == b:
			return true, stepGiven, nil
		case eq:
			return true, stepHref, nil
		}
		return false, "", nil
	}
	return eq, equalWalk(ua.u, ub.u, eq, spec, nil), nil
}

// equalRecord fills rec with the comparison of a and b (hasB: the line had a tab).
func equalRecord(rec *record, a, b string, hasB, eq bool, step string, err error) *record {
	rec.reset()
	rec.set(0, a)
	if hasB {
		rec.set(1, b)
	}
	rec.setBool(2, eq)
	if step != "" {
		rec.set(3, step)
	}
	if err != nil {
		rec.set(4, errText(err))
	}
	return rec
}

// The steps of equalWalk that are not normalization steps.
const (
	stepGiven     = "given"          // equal as given
	stepEncoding  = "encoding-level" // equal at the same encoding level
	stepCanonical = "canonical"      // equal after the whole safe normalization
)

// equalWalk walks the comparison of equal --explain under spec: A and B brought to the same
// encoding level, then normalized step by step (locator.CanonicalFor). It calls show, when not nil, with
// each stage that changes A or B (x and y after it, px and py before), and returns the stage
// after which they are equal: "given", "encoding-level", the name of a normalization step,
// "canonical", or "" when they are not equivalent (eq, the verdict, decides: no step is named
// for a pair that is not equivalent, whatever the walk found).
func equalWalk(a, c locator.URL, eq bool, spec locator.Spec, show func(name string, x, y, px, py locator.URL)) string {
	if !eq {
		equalWalk1(a, c, spec, show)
		return ""
	}
	return equalWalk1(a, c, spec, show)
}

// equalWalk1 is equalWalk without the verdict: the stage after which A and B are equal.
func equalWalk1(a, c locator.URL, spec locator.Spec, show func(name string, x, y, px, py locator.URL)) string {
	if show == nil {
		show = func(string, locator.URL, locator.URL, locator.URL, locator.URL) {}
	}
	if a == c {
		return stepGiven
	}
	x, y := locator.EncodingLevelFor(a, spec), locator.EncodingLevelFor(c, spec)
	show(stepEncoding, x, y, a, c)
	if x == y {
		return stepEncoding
	}
	canonicalSteps := canonicalStepsFor(spec)
	for f := locator.NormalizeFlags(1); f != 0 && f <= canonicalSteps; f <<= 1 {
		if f&canonicalSteps == 0 {
			continue
		}
		nx, err1 := locator.NormalizeFor(x, spec, f)
		ny, err2 := locator.NormalizeFor(y, spec, f)
		if err1 != nil || err2 != nil {
			continue
		}
		show(f.String(), nx, ny, x, y)
		x, y = nx, ny
		if x == y {
			return f.String()
		}
	}
	// The walk above is Canonical step by step; Equivalent is the verdict.
	if locator.CanonicalFor(a, spec) == locator.CanonicalFor(c, spec) {
		return stepCanonical
	}
	return ""
}

// appendExplain appends the step-by-step comparison of equal --explain under spec.
func appendExplain(b []byte, a, c locator.URL, eq bool, spec locator.Spec) []byte {
	const format = "%-26s %s  %s\n"
	b = fmt.Appendf(b, format, "given", "A", display.Append(nil, a.String()))
	b = fmt.Appendf(b, format, "given", "B", display.Append(nil, c.String()))
	if a != c {
		b = fmt.Appendf(b, "%-26s %s: %s\n", "rule", spec, levelRule[spec])
	}
	step := equalWalk(a, c, eq, spec, func(name string, x, y, px, py locator.URL) {
		if x != px {
			b = fmt.Appendf(b, format, name, "A", display.Append(nil, x.String()))
		}
		if y != py {
			b = fmt.Appendf(b, format, name, "B", display.Append(nil, y.String()))
		}
	})
	switch step {
	case stepGiven:
		return append(b, "equal as given\n"...)
	case stepCanonical:
		return append(b, "equal after the safe normalization (locator.CanonicalFor)\n"...)
	case "":
	default:
		return fmt.Appendf(b, "equal after %s\n", step)
	}
	x, y := locator.CanonicalFor(a, spec), locator.CanonicalFor(c, spec)
	b = appendDiffering(b, x, y)
	var would []string
	for f := locator.NormalizeFlags(1); bits.OnesCount32(uint32(f)) == 1 && f <= locator.NormalizeAggressive; f <<= 1 {
		if f&locator.NormalizeAggressive == 0 || f&locator.NormalizeSafe != 0 {
			continue
		}
		nx, err1 := locator.NormalizeFor(x, spec, f)
		ny, err2 := locator.NormalizeFor(y, spec, f)
		if err1 == nil && err2 == nil && nx == ny {
			level := "aggressive"
			if f&locator.NormalizeUsually != 0 {
				level = "usually"
			}
			would = append(would, f.String()+" (--level "+level+")")
		}
	}
	if len(would) > 0 {
		b = fmt.Appendf(b, "would be equal with %s\n", strings.Join(would, ", or "))
	}
	return b
}

// appendDiffering appends which components of x and y (canonical) differ.
func appendDiffering(b []byte, x, y locator.URL) []byte {
	return appendDifferingParts(b, lineops.Components(x), lineops.Components(y))
}

// appendDifferingParts appends which of the components cx and cy differ.
func appendDifferingParts(b []byte, cx, cy [8]lineops.Component) []byte {
	for i := range cx {
		if cx[i].Present != cy[i].Present || cx[i].Value != cy[i].Value {
			b = fmt.Appendf(b, "differ in the %s: %s vs %s\n", cx[i].Name, showComponent(cx[i]), showComponent(cy[i]))
		}
	}
	return b
}

func showComponent(c lineops.Component) string {
	if !c.Present {
		return "(absent)"
	}
	return string(display.AppendQuoted(nil, c.Value))
}
