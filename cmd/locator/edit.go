package main

import (
	"bufio"
	"errors"
	"net/netip"
	"slices"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/locator-url/locator/pct"
	"github.com/locator-url/locator/scheme"
	"github.com/spf13/cobra"
)

// editComponents are the components --set names, in the order of the serialization.
var editComponents = []string{"scheme", "user", "password", "host", "port", "path", "query", "fragment"}

// compRule is how one component is written under one specification: the bytes an encoded
// VALUE keeps as they are (enc), the bytes an already-encoded VALUE may hold besides escapes
// (ok), and whether escapes are allowed at all.
type compRule struct {
	enc, ok pct.Set
	escapes bool
	rule    string
}

// editRules returns the rules of component c under spec s (rfc1738 or rfc3986).
func editRules(s locator.Spec, c string) compRule {
	if s == locator.RFC3986 {
		switch c {
		case "scheme":
			return compRule{ok: pct.SchemeChars, rule: "RFC 3986 §3.1 scheme"}
		case "user":
			// ":" ends the user name (RFC 3986 §3.2.1: "user:password"), so it is encoded.
			u := pct.UserinfoChars.Without(":")
			return compRule{enc: u, ok: u, escapes: true, rule: "RFC 3986 §3.2.1 userinfo"}
		case "password":
			return compRule{enc: pct.UserinfoChars, ok: pct.UserinfoChars, escapes: true, rule: "RFC 3986 §3.2.1 userinfo"}
		case "host":
			return compRule{enc: pct.RegNameChars, ok: pct.RegNameChars, escapes: true, rule: "RFC 3986 §3.2.2 reg-name"}
		case "port":
			return compRule{ok: pct.Digit, rule: "RFC 3986 §3.2.3 port"}
		case "path":
			return compRule{enc: pct.PathChars, ok: pct.PathChars, escapes: true, rule: "RFC 3986 §3.3 path"}
		case "segment":
			return compRule{enc: pct.PChar, ok: pct.PChar, escapes: true, rule: "RFC 3986 §3.3 segment"}
		case "query":
			return compRule{enc: pct.QueryChars, ok: pct.QueryChars, escapes: true, rule: "RFC 3986 §3.4 query"}
		case "query-pair":
			// A name or value of --append query=K=V: "&", "=" and "+" are data there.
			p := pct.QueryChars.Without("&=+")
			return compRule{enc: p, ok: p, escapes: true, rule: "RFC 3986 §3.4 query"}
		case "fragment":
			return compRule{enc: pct.FragmentChars, ok: pct.FragmentChars, escapes: true, rule: "RFC 3986 §3.5 fragment"}
		}
		return compRule{}
	}
	switch c {
	case "scheme":
		return compRule{ok: pct.RFC1738SchemeChars, rule: "RFC 1738 §2.1"}
	case "user", "password":
		// RFC 1738 §3.1: ":", "@" and "/" within a user name or password are encoded.
		u := pct.RFC1738Uchar.With(";?&=")
		return compRule{enc: u, ok: u, escapes: true, rule: "RFC 1738 §3.1"}
	case "host":
		// RFC 1738 §3.1 host: a fully qualified domain name or a dotted quad; no escapes.
		return compRule{ok: pct.AlphaDigit.With("-."), rule: "RFC 1738 §3.1"}
	case "port":
		return compRule{ok: pct.Digit, rule: "RFC 1738 §3.1"}
	case "path":
		// RFC 1738 §3.3: "/", ";" and "?" are reserved in the path; an encoded VALUE keeps
		// ";" (a typecode, params) and "/" as written.
		return compRule{enc: pct.RFC1738Uchar.With(":@&=/"), ok: pct.RFC1738Uchar.With(":@&=/;"), escapes: true, rule: "RFC 1738 §3.3"}
	case "segment":
		s := pct.RFC1738Uchar.With(":@&=")
		return compRule{enc: s, ok: s, escapes: true, rule: "RFC 1738 §3.3"}
	case "query":
		return compRule{enc: pct.RFC1738Uchar.With(":@&="), ok: pct.RFC1738Uchar.With(";:@&="), escapes: true, rule: "RFC 1738 §3.3"}
	case "query-pair":
		p := pct.RFC1738Uchar.With(":@").Without("+")
		return compRule{enc: p, ok: p, escapes: true, rule: "RFC 1738 §3.3"}
	case "fragment":
		// RFC 1808 §2.2 fragment = *( uchar | reserved ).
		return compRule{enc: pct.RFC1738Uchar.With(":@&=/?;"), ok: pct.RFC1738Xchar, escapes: true, rule: "RFC 1808 §2.2"}
	}
	return compRule{}
}

// encodeValue returns v encoded for the component by r, or a usage error when the component
// cannot encode (scheme, port; host under rfc1738) and v holds a byte it does not allow.
func encodeValue(r compRule, comp, v string) (string, error) {
	if r.escapes {
		return pct.Encode(v, r.enc), nil
	}
	return checkValue(r, comp, v)
}

// checkValue returns v when it is valid for the component as written (escapes "%XX" where
// the component allows them), or a usage error naming the first bad byte.
func checkValue(r compRule, comp, v string) (string, error) {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == '%' && r.escapes {
			if i+2 < len(v) && pct.IsHex(v[i+1]) && pct.IsHex(v[i+2]) {
				i += 2
				continue
			}
			return "", usageErrorf("--set %s: %s: \"%%\" at offset %d is not followed by two hex digits (%s)", comp, display.Quote(v), i, r.rule)
		}
		if !r.ok.Contains(c) || (comp == "scheme" && i == 0 && !pct.Alpha.Contains(c)) {
			return "", usageErrorf("--set %s: %s: %s at offset %d is not allowed there (%s)", comp, display.Quote(v), display.Quote(v[i:i+1]), i, r.rule)
		}
	}
	return v, nil
}

// parts are a URL split into its components as written; has tells present from absent. Put
// back together by String, they give the input byte for byte.
type parts struct {
	prefix string
	val    [8]string // by the index in editComponents
	has    [8]bool
	auth   bool
}

const (
	cScheme = iota
	cUser
	cPassword
	cHost
	cPort
	cPath
	cQuery
	cFragment
)

func splitParts(u locator.URL) parts {
	var p parts
	s := u.String()
	o := u.Offsets()
	if o.Prefix.Start >= 0 {
		p.prefix = s[o.Prefix.Start:o.Prefix.End]
	}
	spans := [8]locator.Span{o.Scheme, o.User, o.Password, o.Host, o.Port, o.Path, o.Query, o.Fragment}
	for i, sp := range spans {
		if sp.Start >= 0 {
			p.val[i], p.has[i] = s[sp.Start:sp.End], true
		}
	}
	p.auth = u.HasAuthority()
	return p
}

func (p *parts) String() string {
	var b strings.Builder
	b.WriteString(p.prefix)
	if p.has[cScheme] {
		b.WriteString(p.val[cScheme])
		b.WriteByte(':')
	}
	if p.auth {
		b.WriteString("//")
		if p.has[cUser] {
			b.WriteString(p.val[cUser])
			if p.has[cPassword] {
				b.WriteByte(':')
				b.WriteString(p.val[cPassword])
			}
			b.WriteByte('@')
		}
		b.WriteString(p.val[cHost])
		if p.has[cPort] {
			b.WriteByte(':')
			b.WriteString(p.val[cPort])
		}
	}
	b.WriteString(p.val[cPath])
	if p.has[cQuery] {
		b.WriteByte('?')
		b.WriteString(p.val[cQuery])
	}
	if p.has[cFragment] {
		b.WriteByte('#')
		b.WriteString(p.val[cFragment])
	}
	return b.String()
}

// setOp is one --set: the component's index, the VALUE as it will be written, and the form.
// A field of a scheme view (rfc1738, edit_view.go) or a WHATWG setter (edit_whatwg.go) has
// its name in field, comp -1, and VALUE as given in raw.
type setOp struct {
	comp     int
	value    string
	ifAbsent bool // "?="
	remove   bool // "=" with an empty VALUE
	field    string
	raw      string
	mode     string // "=", ":=" or "?="
}

// editor holds the parsed options of one edit run.
type editor struct {
	spec    locator.Spec
	sets    []setOp
	appendP []string    // encoded segments
	appendQ []string    // encoded "k=v" pairs
	rawP    []string    // the segments as given (whatwg)
	rawQ    [][2]string // the pairs as given (whatwg)
	replace []replaceOp
	sep     string // --query-separator; "" is "&"
	trim    []string
	keep    []string
	sortQ   bool
	redact  bool // the password
	// redactUser and redactQuery add the user name and the values of secret-looking query
	// pairs (defaultRedactNames, redactNames) to --redact.
	redactUser  bool
	redactQuery bool
	redactNames []string // --redact-name, in lower case
	// build: the URL is built from --set alone, from buildSeed's "SCHEME:" (whatwg: see
	// buildWHATWG).
	build bool
	seed  string // what building starts from, with this editor's --set and --iterate values
}

// redactMarker replaces a password and the values of secret-looking query parameters.
const redactMarker = "REDACTED"

// withheldInput stands for an input that a redacting edit cannot show (see shownInput).
const withheldInput = "(input withheld: --redact)"

// shownInput returns the input s as a redacting edit shows it, in "input" of --json,
// --format and --output and in an error message: with e's redactions applied and nothing
// else changed, so that the secrets the output hides do not reach the log through the
// input. ok is false when s cannot be redacted (it does not parse): it is then withheld.
// Without a --redact option s is shown as it is.
func (e *editor) shownInput(s string) (string, bool) {
	if !e.redact {
		return s, true
	}
	r := editor{spec: e.spec, sep: e.sep, redact: true, redactUser: e.redactUser,
		redactQuery: e.redactQuery, redactNames: e.redactNames}
	out, err := r.edit(s)
	if err != nil {
		return "", false
	}
	return out, true
}

// shownArg returns the input s as an error message names it (shownInput).
func (e *editor) shownArg(s string) string {
	if v, ok := e.shownInput(s); ok {
		return v
	}
	return withheldInput
}

// parseSet reads one --set argument.
func (e *editor) parseSet(arg string) error {
	i := strings.IndexAny(arg, ":?=")
	if i <= 0 {
		return usageErrorf("--set %s: want COMPONENT=VALUE, COMPONENT:=VALUE or COMPONENT?=VALUE", display.Quote(arg))
	}
	name, rest := arg[:i], arg[i:]
	mode := ""
	switch {
	case strings.HasPrefix(rest, ":="):
		mode, rest = ":=", rest[2:]
	case strings.HasPrefix(rest, "?="):
		mode, rest = "?=", rest[2:]
	case rest[0] == '=':
		mode, rest = "=", rest[1:]
	default:
		return usageErrorf("--set %s: want COMPONENT=VALUE, COMPONENT:=VALUE or COMPONENT?=VALUE", display.Quote(arg))
	}
	if e.spec == locator.WHATWG {
		return e.parseWHATWGSet(arg, name, mode, rest)
	}
	c := slices.Index(editComponents, name)
	if c < 0 && isViewField(name) {
		return e.parseViewSet(arg, name, mode, rest)
	}
	if c < 0 {
		return usageErrorf("--set %s: unknown component %s; want one of %s", display.Quote(arg), display.Quote(name), strings.Join(editComponents, ", "))
	}
	op := setOp{comp: c, ifAbsent: mode == "?="}
	if mode == "=" && rest == "" && c != cPath {
		if c == cScheme || c == cHost {
			if c == cHost {
				// RFC 1738 §3.10, RFC 3986 §3.2.2: "file:///x" has an empty host, not none.
				return usageErrorf("--set host=: the host cannot be removed; --set host:= makes it empty (file:///x)")
			}
			return usageErrorf("--set %s=: the %s cannot be removed", name, name)
		}
		op.remove = true
		e.sets = append(e.sets, op)
		return nil
	}
	r := editRules(e.spec, name)
	var err error
	if lit, ok := ipLiteral(rest); ok && c == cHost && e.spec == locator.RFC3986 {
		// RFC 3986 §3.2.2: an IPv6 address is written as an IP-literal, in brackets, as is an
		// IPvFuture. RFC 1738 §3.1 has no IP literal (a host is a domain name or a dotted
		// quad), so under rfc1738 "[" is refused as any byte its host does not allow.
		op.value = lit
	} else if mode == ":=" {
		op.value, err = checkValue(r, name, rest)
	} else {
		op.value, err = encodeValue(r, name, rest)
	}
	if err != nil {
		return err
	}
	if c == cPath && op.value != "" && op.value[0] != '/' {
		// With an authority a path is empty or starts with "/" (RFC 3986 §3.3; RFC 1738
		// §3.1: the "/" between host[:port] and url-path); see apply.
		op.value = "\x00" + op.value
	}
	e.sets = append(e.sets, op)
	return nil
}

// ipLiteral returns v as an RFC 3986 §3.2.2 IP-literal: "[" ( IPv6address / IPvFuture )
// "]". An IPv6 address (no zone) is taken with its brackets or without; an IPvFuture only in
// brackets, since without them "v1.x" is a reg-name.
func ipLiteral(v string) (string, bool) {
	in := strings.TrimSuffix(strings.TrimPrefix(v, "["), "]")
	if len(in) != len(v) && len(in) != len(v)-2 {
		return "", false // one bracket only
	}
	if len(in) == len(v)-2 && isIPvFuture(in) {
		return v, true
	}
	a, err := netip.ParseAddr(in)
	if err != nil || !a.Is6() || a.Zone() != "" {
		return "", false
	}
	return "[" + in + "]", true
}

// ipvFutureChars are what follows the "." of RFC 3986 §3.2.2 IPvFuture: unreserved /
// sub-delims / ":".
var ipvFutureChars = pct.Unreserved.Union(pct.SubDelims).With(":")

// isIPvFuture reports whether s is RFC 3986 §3.2.2 IPvFuture = "v" 1*HEXDIG "." 1*(
// unreserved / sub-delims / ":" ), "v" in either case (RFC 3986 §3.2.2: "an IP-literal that
// starts with "v" (case-insensitive)").
func isIPvFuture(s string) bool {
	if len(s) < 4 || s[0]|0x20 != 'v' {
		return false
	}
	i := 1
	for i < len(s) && pct.IsHex(s[i]) {
		i++
	}
	if i == 1 || i >= len(s)-1 || s[i] != '.' {
		return false
	}
	return ipvFutureChars.IndexNotIn(s[i+1:]) < 0
}

// errEdit builds the error of a URL edit cannot change.
func errEdit(input string, code locator.Code, rule, msg string) error {
	return &locator.Error{Input: input, Code: code, Rule: rule, Message: msg}
}

// edit applies e to s.
func (e *editor) edit(s string) (string, error) {
	// A line that starts with a byte-order mark is reported, not edited (as normalize -
	// does): under rfc1738 "\uFEFFhttp://h/" is a relative path, which --set path= replaces.
	if err := lineops.CheckBOM(s); err != nil {
		return "", err
	}
	if e.spec == locator.WHATWG {
		return e.editWHATWG(s)
	}
	u, err := locator.ParseAs(s, e.spec)
	if err != nil {
		return "", err
	}
	p := splitParts(u)
	for _, op := range e.sets {
		if op.field != "" {
			if err := e.applyView(&p, op, s); err != nil {
				return "", err
			}
			continue
		}
		if op.ifAbsent && p.has[op.comp] && (op.comp != cPath || p.val[cPath] != "") {
			continue
		}
		if op.remove {
			p.has[op.comp], p.val[op.comp] = false, ""
			if op.comp == cUser { // no password without a user (RFC 3986 §3.2.1)
				p.has[cPassword], p.val[cPassword] = false, ""
			}
			continue
		}
		v := op.value
		if op.comp == cPath && strings.HasPrefix(v, "\x00") {
			v = v[1:]
			if p.auth {
				v = "/" + v
			}
		}
		p.val[op.comp], p.has[op.comp] = v, true
		switch op.comp {
		case cUser, cPassword, cHost, cPort:
			if !p.auth {
				if path := p.val[cPath]; path != "" && path[0] != '/' {
					// RFC 3986 §3.3: with an authority the path is empty or begins with "/".
					return "", errEdit(s, "edit-no-authority", "RFC 3986 §3.3",
						"an authority cannot be added: the path "+display.Quote(path)+" does not begin with \"/\"")
				}
				p.auth, p.has[cHost] = true, true
			}
			if op.comp == cPassword && !p.has[cUser] {
				p.has[cUser] = true
			}
		}
	}
	for _, seg := range e.appendP {
		path := p.val[cPath]
		if !strings.HasSuffix(path, "/") && (path != "" || p.auth) {
			path += "/"
		}
		p.val[cPath] = path + seg
	}
	q := p.val[cQuery]
	hasQ := p.has[cQuery]
	for _, kv := range e.appendQ {
		if hasQ && q != "" {
			q += e.separator()
		}
		q += kv
		hasQ = true
	}
	if (hasQ || slices.ContainsFunc(e.replace, func(r replaceOp) bool { return r.appendIfAbsent })) && e.queryOps() {
		q = e.editQuery(q)
		hasQ = hasQ || q != ""
	}
	p.val[cQuery], p.has[cQuery] = q, hasQ
	if e.redact && p.has[cPassword] && p.val[cPassword] != "" {
		// An empty password reveals nothing and stays empty, as an empty user name does
		// under --redact-user and a password under whatwg.
		p.val[cPassword] = redactMarker
	}
	if e.redactUser && p.has[cUser] && p.val[cUser] != "" {
		p.val[cUser] = redactMarker
	}
	out := p.String()
	// The result must parse under the spec, to the components edit wrote.
	v, err := locator.ParseAs(out, e.spec)
	if err != nil {
		return "", err
	}
	if got := splitParts(v); got != p {
		for i := range editComponents {
			if got.has[i] != p.has[i] || got.val[i] != p.val[i] {
				return "", errEdit(out, "edit-not-kept", "RFC 3986 §3",
					"the edited URL "+display.Quote(out)+" would read back with another "+editComponents[i]+" ("+display.Quote(got.val[i])+"), so it is not written")
			}
		}
		return "", errEdit(out, "edit-not-kept", "RFC 3986 §3", "the edited URL "+display.Quote(out)+" would not read back as written")
	}
	if err := keepsValid(u, v, out, e.spec); err != nil {
		return "", err
	}
	return out, nil
}

// keepsValid returns an error when in, a URL valid by spec (no error of scheme.Check), became
// out, which is not: the first of out's errors, quoting it. An edit (or a --redirect) may
// leave an invalid URL invalid, but never makes a valid one invalid: "--set host:=" on
// "http://h/x" would write "http:///x", which RFC 1738 §3.3 does not allow.
func keepsValid(in, out locator.URL, written string, spec locator.Spec) error {
	if !scheme.Valid(scheme.Check(in, spec)) {
		return nil
	}
	for _, f := range scheme.Check(out, spec) {
		if f.Severity == locator.SeverityError {
			return &locator.Error{Input: written, Offset: f.Offset, Code: f.Code, Rule: f.Rule,
				Message: "the result, " + display.Quote(written) + ", is not valid by " + spec.String() + " (the URL given was): " + f.Message}
		}
	}
	return nil
}

// redactedError returns err, an error of keepsValid about written (a URL that holds the
// input's secrets, not yet redacted: the result of --redirect), as a redacting edit shows
// it: quoting written redacted (shownInput), or withheld when that fails, with the message
// of the checker's finding of the same code on the redacted URL, or with none, so that no
// secret reaches the log through the message.
func (e *editor) redactedError(err error, written string) error {
	var le *locator.Error
	if !e.redact || !errors.As(err, &le) {
		return err
	}
	shown, ok := e.shownInput(written)
	if !ok {
		return &locator.Error{Input: withheldInput, Code: le.Code, Rule: le.Rule,
			Message: "the result, " + withheldInput + ", is not valid by " + e.spec.String() + " (the URL given was)"}
	}
	r := &locator.Error{Input: shown, Code: le.Code, Rule: le.Rule,
		Message: "the result, " + display.Quote(shown) + ", is not valid by " + e.spec.String() + " (the URL given was)"}
	if u, perr := locator.ParseAs(shown, e.spec); perr == nil {
		for _, f := range scheme.Check(u, e.spec) {
			if f.Severity == locator.SeverityError && f.Code == le.Code {
				r.Offset, r.Message = f.Offset, r.Message+": "+f.Message
				break
			}
		}
	}
	return r
}

const editLong = `Edit changes components of each URL and writes the result, one line per URL (or per line
of standard input with "-"). Only the edited components change: every other byte is kept as
written, so "ftp://h/a;type=d" keeps its typecode when the host changes. The result must
parse under --spec to the components written, and a URL valid by --spec must stay valid
("--set host:=" on http://h/x would write http:///x, which RFC 1738 §3.3 does not allow;
"--redirect 'a b'" under rfc3986 a path with a space), or the URL fails; an invalid URL may
stay invalid.

--spec rfc1738 (the default), rfc3986 and whatwg are supported; the components are those of
"locator parse": scheme, user, password, host, port, path, query, fragment. Under rfc1738
the fields of the scheme views are components too (below); under whatwg --set runs the
standard's setters (below).

  --set COMPONENT=VALUE    set it, VALUE percent-encoded for the component (RFC 3986 §3.2-3.5;
                           RFC 1738 §3.1, §3.3); scheme, port (and host under rfc1738) are
                           not encoded: a byte they do not allow is a usage error; under
                           rfc3986 an IPv6 host is written in brackets, and an IPvFuture
                           in brackets ([v1.x]) as given (§3.2.2); rfc1738 has no IP
                           literal (§3.1: a domain name or a dotted quad)
  --set COMPONENT:=VALUE   set it to VALUE as written, which must be valid for the component
  --set COMPONENT?=VALUE   set it only when it is absent (path: when empty)
  --set COMPONENT=         remove it (user (with the password), password, port, query,
                           fragment); the path becomes empty; scheme and host cannot be removed
                           (host:= makes the host empty, as in file:///x)
  --append path=SEGMENT    add one path segment, encoded ("/" in SEGMENT becomes %2F);
                           "." and ".." are dot-segments, not names, and are refused
  --append query=K=V       add a query pair, K and V encoded ("&", "=", "+" and the
                           separator as well), after the separator
  --replace K=V            give the first pair named K the value V (encoded) and remove the
                           later pairs named K (URLSearchParams set(), WHATWG URL §6.2); no
                           pair named K: no change (trurl's --replace)
  --replace-append K=V     the same, but with no pair named K the pair is appended
  --trim query=NAME        remove the pairs named NAME; a trailing "*" matches a prefix
  --keep query=NAME        keep only the pairs so named (repeatable; "*" as for --trim)
  --sort-query             sort the pairs by name, stably
  --query-separator BYTE   the byte between query pairs, "&" by default (";" in some older
                           URLs); one the query holds as written, not "=" (not under whatwg)
  --redact                 replace the password by REDACTED (an empty one stays empty)
  --redact-user            replace the user name by REDACTED too
  --redact-query           replace by REDACTED the values of the query pairs whose name holds
                           one of the words ` + redactWordsHelp + `
                           (any case; words split at bytes other than letters and digits and
                           at case changes: api_key, apiKey, X-Amz-Signature)
  --redact-name NAME       redact the values of the pairs named NAME too (any case; a trailing
                           "*" matches a prefix); implies --redact-query, which implies --redact.
                           With any of them the input is shown redacted too (in "input"
                           of --json, --format and --output, in error messages), or, when
                           it does not parse, withheld: null, "(input withheld: --redact)"

--set and --append are repeatable and applied in order; then --replace, --replace-append,
--trim, --keep, --sort-query and the redactions, in that order. Under rfc1738 and rfc3986
the query is pairs split at the separator, names compared decoded, pairs kept as written.

` + editViewHelp + `

` + editWHATWGHelp + `

A URL that cannot be edited is reported on standard error ("locator: URL: MESSAGE [CODE,
RULE]") and the others are still written. With "-" it gives the line "error: MESSAGE
[CODE, RULE]" on standard output instead.

` + bulkHelp + `

Exit status: 0 when every URL is edited, 1 when any is not (or on an I/O error), 2 on a
usage error (a bad --set, an unknown component, an unsupported --spec).`

func newEditCmd(opts *options) *cobra.Command {
	var bulk bulkOptions
	var sets, appends, trims, keeps, replaces, replaceAppends, redactNames []string
	var sortQ, redact, redactUser, redactQuery bool
	var sep string
	cmd := &cobra.Command{
		Use:   "edit [--set COMPONENT=VALUE]... [--append path=SEG|query=K=V]... [--trim|--keep query=NAME]... [--sort-query] [--redact] URL... | -",
		Short: "Change components of URLs, keeping the rest as written (RFC 1738, RFC 3986)",
		Long:  editLong,
		Example: `  $ locator edit --set host=example.org 'ftp://h/a;type=d'
  $ locator edit --spec rfc3986 --append query=q='a b' --trim query='utm_*' 'http://h/?utm_source=x'
  $ locator edit --redact - < access.log`,
		Args: urlArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.spec != locator.RFC1738 && opts.spec != locator.RFC3986 && opts.spec != locator.WHATWG {
				return usageErrorf("--spec %s: edit follows rfc1738, rfc3986 or whatwg", display.Quote(opts.specName))
			}
			e := &editor{spec: opts.spec, sortQ: sortQ, redact: redact || redactUser || redactQuery || len(redactNames) > 0,
				redactUser: redactUser, redactQuery: redactQuery || len(redactNames) > 0}
			if err := e.setSeparator(sep); err != nil {
				return err
			}
			for _, n := range redactNames {
				e.redactNames = append(e.redactNames, strings.ToLower(n))
			}
			for _, s := range sets {
				if err := e.parseSet(s); err != nil {
					return err
				}
			}
			for _, a := range appends {
				if e.spec == locator.WHATWG && strings.HasPrefix(a, "query=") { // path=: encoded byte by byte
					if err := whatwgText("--append", a); err != nil {
						return err
					}
				}
				switch {
				case strings.HasPrefix(a, "path=") && e.spec != locator.WHATWG && (a[5:] == "." || a[5:] == ".."):
					// RFC 3986 §3.3, §5.2.4: "." and ".." are dot-segments, which resolution and
					// normalization remove with the segment before: not a segment appended
					// (under whatwg the path setter removes them, and the URL fails).
					return usageErrorf("--append %s: a dot-segment is not a segment name (RFC 3986 §3.3); use --set path=", display.Quote(a))
				case strings.HasPrefix(a, "path="):
					e.appendP = append(e.appendP, pct.Encode(a[5:], editRules(e.spec, "segment").enc))
					e.rawP = append(e.rawP, a[5:])
				case strings.HasPrefix(a, "query="):
					k, v, hasV := strings.Cut(a[6:], "=")
					e.appendQ = append(e.appendQ, e.encodePair(k, v, hasV))
					e.rawQ = append(e.rawQ, [2]string{k, v})
				default:
					return usageErrorf("--append %s: want path=SEGMENT or query=K=V", display.Quote(a))
				}
			}
			for _, r := range replaces {
				e.parseReplace(r, false)
			}
			for _, r := range replaceAppends {
				e.parseReplace(r, true)
			}
			for _, r := range slices.Concat(replaces, replaceAppends) {
				if e.spec == locator.WHATWG {
					if err := whatwgText("--replace", r); err != nil {
						return err
					}
				}
			}
			for _, l := range []struct {
				flag string
				in   []string
				out  *[]string
			}{{"--trim", trims, &e.trim}, {"--keep", keeps, &e.keep}} {
				for _, t := range l.in {
					name, ok := strings.CutPrefix(t, "query=")
					if !ok {
						return usageErrorf("%s %s: want query=NAME", l.flag, display.Quote(t))
					}
					*l.out = append(*l.out, name)
				}
			}
			if handled, err := runEditExt(cmd, args, e, bulk); handled { // issue 12 part B: edit_output.go
				return err
			}
			if isStdin(args) {
				return runBulk(cmd, bulk, nil, func() lineFunc {
					return func(dst []byte, line string, st *stats) []byte {
						out, err := e.edit(line)
						if err != nil {
							st.result(false, "", errCode(err))
							return appendErrorLine(dst, err)
						}
						st.result(true, "", "")
						return appendResultLine(dst, out)
					}
				})
			}
			w := bufio.NewWriter(cmd.OutOrStdout())
			failed := false
			var b []byte
			for _, a := range args {
				out, err := e.edit(a)
				if err != nil {
					failed = true
					if ferr := w.Flush(); ferr != nil {
						return ioError(ferr)
					}
					b = append(appendShortURL(append(b[:0], prefix...), e.shownArg(a)), ": "...)
					b = append(append(b, errText(err)...), '\n')
					cmd.ErrOrStderr().Write(b)
					continue
				}
				w.Write(appendResultLine(b[:0], out))
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
	f := cmd.Flags()
	f.StringArrayVar(&sets, "set", nil, "set a component: `COMPONENT=VALUE` (encoded), COMPONENT:=VALUE (as written), COMPONENT?=VALUE (if absent)")
	f.StringArrayVar(&appends, "append", nil, "add a path segment (path=SEGMENT) or a query pair (query=K=V)")
	f.StringArrayVar(&trims, "trim", nil, "remove query pairs: query=`NAME` (a trailing * matches a prefix)")
	f.StringArrayVar(&keeps, "keep", nil, "keep only these query pairs: query=`NAME`")
	f.BoolVar(&sortQ, "sort-query", false, "sort the query pairs by name, stably")
	f.StringArrayVar(&replaces, "replace", nil, "`K=V`: give the first query pair named K the value V (encoded), remove later ones; none: no change")
	f.StringArrayVar(&replaceAppends, "replace-append", nil, "`K=V`: as --replace, appending the pair when none is named K")
	f.StringVar(&sep, "query-separator", "&", "the `BYTE` between query pairs, for --append query=, --replace, --trim, --keep, --sort-query, --redact-query")
	f.BoolVar(&redact, "redact", false, "replace the password by REDACTED")
	f.BoolVar(&redactUser, "redact-user", false, "replace the user name by REDACTED too (implies --redact)")
	f.BoolVar(&redactQuery, "redact-query", false, "replace the values of secret-looking query pairs (token, key, password, secret, sig, …) by REDACTED too (implies --redact)")
	f.StringArrayVar(&redactNames, "redact-name", nil, "redact the values of the query pairs named `NAME` too (any case; a trailing * matches a prefix; implies --redact-query)")
	addBulkFlags(cmd, &bulk)
	addEditExtFlags(cmd) // issue 12 part B: edit_output.go
	return cmd
}
