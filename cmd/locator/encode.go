package main

import (
	"bufio"
	"errors"
	"strconv"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/locator-url/locator/pct"
	"github.com/locator-url/locator/whatwg"
	"github.com/spf13/cobra"
)

// encodeSet is one --set of encode and decode: the bytes a component may hold as they are.
type encodeSet struct {
	name string
	keep pct.Set // the bytes written unencoded; every other byte becomes "%XX"
	plus bool    // a space is written as "+" and "+" read as a space (WHATWG URL §5)
	rule string  // where the set comes from
}

// The --set values of each specification, the default first.
var (
	// rfc1738Sets follow RFC 1738 §2.2 (unsafe characters always encoded; reserved ones
	// encoded when used for anything but their reserved purpose) and the §5 productions.
	rfc1738Sets = []encodeSet{
		{name: "component", keep: pct.RFC1738Unreserved, rule: "RFC 1738 §2.2; §5 uchar"},
		{name: "user", keep: pct.RFC1738Uchar.With(";?&="), rule: "RFC 1738 §3.1; §5 user"},
		{name: "password", keep: pct.RFC1738Uchar.With(";?&="), rule: "RFC 1738 §3.1; §5 password"},
		// §3.3: "/", ";" and "?" are reserved in the path and searchpart, so a ";" of data
		// is encoded although §5 hsegment and search allow ";".
		{name: "segment", keep: pct.RFC1738Uchar.With(":@&="), rule: "RFC 1738 §3.3; §5 hsegment"},
		{name: "path", keep: pct.RFC1738Uchar.With(":@&=/"), rule: "RFC 1738 §3.3; §5 hpath"},
		{name: "query", keep: pct.RFC1738Uchar.With(":@&="), rule: "RFC 1738 §3.3; §5 search"},
		// §3.2.2: "/" and ";" within an fsegment are encoded; "?" is data there.
		{name: "ftp-segment", keep: pct.RFC1738Uchar.With("?:@&="), rule: "RFC 1738 §3.2.2; §5 fsegment"},
		{name: "ftp-path", keep: pct.RFC1738Uchar.With("?:@&=/"), rule: "RFC 1738 §3.2.2; §5 fpath"},
		{name: "unsafe", keep: pct.RFC1738Unsafe.Complement(), rule: "RFC 1738 §2.2 unsafe"},
	}
	// rfc3986Sets follow RFC 3986 §2.1–2.4: a byte outside the component's ABNF is encoded.
	rfc3986Sets = []encodeSet{
		{name: "component", keep: pct.Unreserved, rule: "RFC 3986 §2.3 unreserved"},
		{name: "userinfo", keep: pct.UserinfoChars, rule: "RFC 3986 §3.2.1 userinfo"},
		{name: "host", keep: pct.RegNameChars, rule: "RFC 3986 §3.2.2 reg-name"},
		{name: "segment", keep: pct.PChar, rule: "RFC 3986 §3.3 segment"},
		{name: "path", keep: pct.PathChars, rule: "RFC 3986 §3.3 path-abempty"},
		{name: "query", keep: pct.QueryChars, rule: "RFC 3986 §3.4 query"},
		{name: "fragment", keep: pct.FragmentChars, rule: "RFC 3986 §3.5 fragment"},
	}
	// whatwgSets are the percent-encode sets of the URL Standard (§1.3), by name.
	whatwgSets = []encodeSet{
		{name: "component", keep: whatwg.ComponentSet.Complement(), rule: "WHATWG URL §1.3 component percent-encode set"},
		{name: "c0-control", keep: whatwg.C0ControlSet.Complement(), rule: "WHATWG URL §1.3 C0 control percent-encode set"},
		{name: "fragment", keep: whatwg.FragmentSet.Complement(), rule: "WHATWG URL §1.3 fragment percent-encode set"},
		{name: "query", keep: whatwg.QuerySet.Complement(), rule: "WHATWG URL §1.3 query percent-encode set"},
		{name: "special-query", keep: whatwg.SpecialQuerySet.Complement(), rule: "WHATWG URL §1.3 special-query percent-encode set"},
		{name: "path", keep: whatwg.PathSet.Complement(), rule: "WHATWG URL §1.3 path percent-encode set"},
		{name: "userinfo", keep: whatwg.UserinfoSet.Complement(), rule: "WHATWG URL §1.3 userinfo percent-encode set"},
		{name: "form", keep: whatwg.FormSet.Complement(), plus: true, rule: "WHATWG URL §5.2 application/x-www-form-urlencoded serializer"},
	}
)

// specSets returns the --set values of a specification, or nil when it has none.
func specSets(s locator.Spec) []encodeSet {
	switch s {
	case locator.RFC1738:
		return rfc1738Sets
	case locator.RFC3986:
		return rfc3986Sets
	case locator.WHATWG:
		return whatwgSets
	}
	return nil
}

// lookupSet returns the set named name of spec s ("" is the default), or a usage error.
func lookupSet(s locator.Spec, specName, name string) (encodeSet, error) {
	sets := specSets(s)
	if sets == nil {
		return encodeSet{}, usageErrorf("--spec %s: encode and decode follow rfc1738, rfc3986 or whatwg", display.Quote(specName))
	}
	if name == "" {
		return sets[0], nil
	}
	names := make([]string, len(sets))
	for i, e := range sets {
		if e.name == name {
			return e, nil
		}
		names[i] = e.name
	}
	return encodeSet{}, usageErrorf("--set %s: unknown under --spec %s; want one of %s", display.Quote(name), specName, strings.Join(names, ", "))
}

// appendEncode appends s to dst, encoded by e: every byte not in e.keep as "%XX" (upper-case
// hex, RFC 3986 §2.1), a space as "+" for form. It works byte by byte: under whatwg every byte
// 80–FF is in every set, so valid UTF-8 is encoded as "UTF-8 percent-encode" (§1.3) encodes
// it, and a byte of invalid UTF-8 is encoded as it is (the standard would first replace it by
// U+FFFD, and lose it).
func appendEncode(dst []byte, s string, e encodeSet) []byte {
	if !e.plus {
		return pct.AppendEncode(dst, s, e.keep)
	}
	for {
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			return pct.AppendEncode(dst, s, e.keep)
		}
		dst = append(pct.AppendEncode(dst, s[:i], e.keep), '+')
		s = s[i+1:]
	}
}

// codeLineBreak is the code of a decoded line break that decode refuses without --raw.
const codeLineBreak locator.Code = "decoded-line-break"

// appendDecode appends the decoding of s to dst. Under rfc1738 and rfc3986 an illegal escape
// is an error with its offset (RFC 1738 §2.2, RFC 3986 §2.1 escape = "%" hex hex); under
// whatwg it is kept as written (WHATWG URL §1.3 percent-decode), and with --set form a "+"
// is a space (§5.1). Unless raw, a decoded "\n" or "\r" is an error: it would split the
// line (one line out per line in).
func appendDecode(dst []byte, s string, e encodeSet, whatwgSpec, raw bool) ([]byte, error) {
	start := len(dst)
	if whatwgSpec {
		if e.plus {
			s = strings.ReplaceAll(s, "+", " ")
		}
		dst = append(dst, whatwg.PercentDecode(s)...)
	} else {
		var err error
		dst, err = pct.AppendDecode(dst, s)
		if err != nil {
			var pe *pct.Error
			if errors.As(err, &pe) {
				msg := `"%" not followed by two hex digits`
				if pe.Code == pct.CodeTruncated {
					msg = `"%" at the end, not followed by two hex digits`
				}
				rule := pct.Rule // RFC 1738 §2.2
				if strings.HasPrefix(e.rule, "RFC 3986") {
					rule = "RFC 3986 §2.1 pct-encoded"
				}
				return dst, &locator.Error{Input: s, Offset: pe.Offset, Code: locator.Code(pe.Code), Rule: rule,
					Message: msg + " at offset " + strconv.Itoa(pe.Offset)}
			}
			return dst, err
		}
	}
	if raw {
		return dst, nil
	}
	out := dst[start:]
	for i, c := range out {
		if c == '\n' || c == '\r' {
			// Find the escape in s that gave it: the i-th output byte.
			off := escapeOffset(s, i)
			what := "the escape at offset " + strconv.Itoa(off) + " decodes to a line break ("
			if s[off] != '%' {
				// A line break as it is, in an argument or inside a line of standard input
				// (only its end, and one "\r" before it, end the line).
				what = "the line break at offset " + strconv.Itoa(off) + " ("
			}
			return dst[:start], &locator.Error{Input: s, Offset: off, Code: codeLineBreak,
				Rule:    "locator decode: one line out per line in",
				Message: what + display.Byte(c) + "), which would split the output line; use --raw to write it"}
		}
	}
	return dst, nil
}

// escapeOffset returns the offset in s of the text that decodes to output byte n ("+" and
// " " under --set form are one byte each, so they count as any other byte).
func escapeOffset(s string, n int) int {
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		if s[i] == '%' && i+2 < len(s) && pct.IsHex(s[i+1]) && pct.IsHex(s[i+2]) {
			i += 3
		} else {
			i++
		}
	}
	return i
}

const encodeLong = `Encode writes each STRING percent-encoded (RFC 1738 §2.2, RFC 3986 §2.1, WHATWG URL
§1.3) for the component named by --set, under --spec (rfc1738, rfc3986 or whatwg; the
others are refused): every byte the component may not hold as it is becomes "%XX" with
upper-case hex digits. It is a filter: the output is the encoded bytes, one line per
STRING (or per line of standard input with "-").

--set under --spec rfc1738 (the default; §2.2: unsafe characters and controls are always
encoded, reserved ones whenever they are data):
  component    everything but §5 unreserved (alphanumerics and $-_.+!*'(),)
  user         §3.1, §5 user: also ";", "?", "&", "=" as they are (":", "@", "/" encoded)
  password     §3.1, §5 password: as user
  segment      §3.3, §5 hsegment: also ":", "@", "&", "=" (";", "/" and "?" are
               reserved in an HTTP path by §3.3, so they are encoded)
  path         §3.3, §5 hpath: segment and "/"
  query        §3.3, §5 search: as segment ("/", ";" and "?" are reserved there)
  ftp-segment  §3.2.2, §5 fsegment: also "?", ":", "@", "&", "=" ("/" and ";" encoded)
  ftp-path     §3.2.2, §5 fpath: ftp-segment and "/"
  unsafe       §2.2: only the unsafe characters, controls and bytes 80-FF (for a
               whole URL: reserved characters are left as they are)
--set under --spec rfc3986 (a byte outside the component's ABNF is encoded, §2.1-2.4):
  component    everything but §2.3 unreserved (ALPHA DIGIT - . _ ~)
  userinfo     §3.2.1 userinfo: unreserved, sub-delims and ":"
  host         §3.2.2 reg-name: unreserved and sub-delims
  segment      §3.3 segment: pchar (unreserved, sub-delims, ":", "@")
  path         §3.3 path: pchar and "/"
  query        §3.4 query: pchar, "/" and "?"
  fragment     §3.5 fragment: as query
--set under --spec whatwg (the URL Standard's percent-encode sets, §1.3):
  component    the component percent-encode set (as encodeURIComponent)
  c0-control, fragment, query, special-query, path, userinfo
               the set of that name
  form         the application/x-www-form-urlencoded set, a space written as "+"
               (§5.2, as URLSearchParams writes a value)
The default --set is component. Under whatwg the bytes are encoded as they are: valid
UTF-8 is encoded as "UTF-8 percent-encode" does; a byte of invalid UTF-8 is encoded
byte for byte ("\xff" as "%FF"; the standard would first replace it by U+FFFD, and
lose it).

decode (with the same --spec and --set) gives back the STRING for every set that encodes
"%": all of rfc1738's and rfc3986's, and whatwg's component and form. whatwg's other sets
keep "%" as it is (the standard leaves an escape already there alone), so "%41" stays
"%41" and decodes to "A".

With "-", each line of standard input (its "\n", and one "\r" before it, removed) gives one
line. The output never holds a control byte: every set encodes them.

` + bulkHelp + `

Exit status: 0, or 1 on an I/O error, 2 on a usage error (an unknown --set or --spec).`

const decodeLong = `Decode writes each STRING percent-decoded: every "%XX" becomes the byte it encodes (hex
digits of either case). It is a filter: the output is the decoded bytes, as they are, one
line per STRING (or per line of standard input with "-").

Under --spec rfc1738 (the default) and rfc3986 an illegal escape ("%", "%4", "%zz") is an
error that names its byte offset (RFC 1738 §2.2, RFC 3986 §2.1: escape = "%" hex hex);
under --spec whatwg it is kept as written, as the URL Standard's percent-decode does (§1.3).
--set takes the values encode takes (see "locator help encode"), so that a pipeline can
name the same set both ways; only --spec whatwg --set form changes decoding: a "+" is a
space (§5.1, the application/x-www-form-urlencoded parser).

A decoded line break (%0A or %0D) would split the output line, so it is an error unless
--raw is given: then the bytes are written as they are, line breaks included, and the
output no longer has one line per input.

A STRING that cannot be decoded is reported on standard error ("locator: STRING: MESSAGE
[CODE, RULE]") and the others are still written. With "-" it gives the line "error:
MESSAGE [CODE, RULE]" on standard output instead, so that line N of the output is still
the result of line N of the input.

` + bulkHelp + `

Exit status: 0 when every STRING decodes, 1 when any does not (or on an I/O error), 2 on a
usage error.`

func newEncodeCmd(opts *options) *cobra.Command {
	return newCodecCmd(opts, "encode", "Percent-encode strings for a URL component (RFC 1738, RFC 3986, WHATWG)", encodeLong,
		`  $ locator encode --set path 'a b/c;d'
  $ locator encode --spec rfc3986 --set query 'q=1&r=ü'
  $ locator encode --spec whatwg --set form 'a b&c'
  $ locator encode --set segment - < names.txt`)
}

func newDecodeCmd(opts *options) *cobra.Command {
	return newCodecCmd(opts, "decode", "Percent-decode strings (RFC 1738 §2.2, RFC 3986 §2.1, WHATWG)", decodeLong,
		`  $ locator decode 'a%20b%2Fc'
  $ locator decode --spec whatwg '100%'
  $ locator decode --spec whatwg --set form 'a+b%26c'
  $ locator decode - < encoded.txt`)
}

// newCodecCmd returns encode or decode.
func newCodecCmd(opts *options, name, short, long, example string) *cobra.Command {
	var bulk bulkOptions
	var setName string
	var raw bool
	decode := name == "decode"
	use := name + " [--spec rfc1738|rfc3986|whatwg] [--set COMPONENT] STRING... | -"
	if decode {
		use = name + " [--spec rfc1738|rfc3986|whatwg] [--set COMPONENT] [--raw] STRING... | -"
	}
	cmd := &cobra.Command{
		Use:     use,
		Short:   short,
		Long:    long,
		Example: example,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErrorf("%s: no STRING given (give them, or - to read them from standard input)", name)
			}
			return urlArgs(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			e, err := lookupSet(opts.spec, opts.specName, setName)
			if err != nil {
				return err
			}
			isWHATWG := opts.spec == locator.WHATWG
			codec := func(raw bool) func(dst []byte, s string) ([]byte, error) {
				return func(dst []byte, s string) ([]byte, error) {
					// A byte-order mark would be carried into the result (encoded as
					// %EF%BB%BF, or decoded as it is): a file saved with one is reported,
					// as the other commands that would carry it do (lineops.CheckBOM).
					if err := lineops.CheckBOM(s); err != nil {
						return dst, err
					}
					if decode {
						return appendDecode(dst, s, e, isWHATWG, raw)
					}
					return appendEncode(dst, s, e), nil
				}
			}
			f := codec(raw)
			// --json, --format and --output escape a line break in a value, which cannot
			// split the line there: a decoded one is no error (as with --raw).
			if handled, err := runCodecOutput(cmd, args, bulk, opts.spec, e.name, codec(true)); handled { // codec_output.go
				return err
			}
			if isStdin(args) {
				return runBulk(cmd, bulk, nil, func() lineFunc {
					return func(dst []byte, line string, st *stats) []byte {
						start := len(dst)
						dst, err := f(dst, line)
						if err != nil {
							st.result(false, "", errCode(err))
							return appendErrorLine(dst[:start], err)
						}
						st.result(true, "", "")
						return append(dst, '\n')
					}
				})
			}
			w := bufio.NewWriter(cmd.OutOrStdout())
			failed := false
			var b []byte
			for _, a := range args {
				var err error
				b, err = f(b[:0], a)
				if err != nil {
					failed = true
					if ferr := w.Flush(); ferr != nil {
						return ioError(ferr)
					}
					b = append(appendShortURL(append(b[:0], prefix...), a), ": "...)
					b = append(append(b, errText(err)...), '\n')
					cmd.ErrOrStderr().Write(b)
					continue
				}
				w.Write(append(b, '\n'))
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
	cmd.Flags().StringVar(&setName, "set", "", "the `COMPONENT` whose rules apply (default component; see above)")
	if decode {
		cmd.Flags().BoolVar(&raw, "raw", false, "write a decoded line break as it is (the output may then have more lines than the input)")
	}
	addBulkFlags(cmd, &bulk)
	addCodecOutputFlags(cmd) // codec_output.go
	return cmd
}
