package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/locator-url/locator/internal/records"
	"github.com/locator-url/locator/pct"
	"github.com/locator-url/locator/scheme"
	"golang.org/x/net/idna"
)

// The qualifiers of --format (issue 12), after trurl's --get: a template name may be a URL
// component, the URL itself, a query key or a field of the scheme's typed view, read from the
// URL the record is about, and may carry qualifiers:
//
//	{path}             the component decoded (%XX as its byte)
//	{:path}, {url:path} the component as written (encoded)
//	{must:query}       the line fails when the URL has no query
//	{default:port}     the port, or the scheme's default port when none is written
//	{puny:host}        the host in ASCII (IDNA: xn-- labels)
//	{idn:host}         the host in Unicode where the display rules allow it
//	{query:NAME}       the first value of the query pairs named NAME, decoded
//	{query-all:NAME}   all their values, separated by a space
//	{typecode} {selector} {group} {message-id}: the typed view's fields (package scheme)
//	{view:NAME}        any field of the typed view's JSON (parse --json "parts")

// fieldComponent is a field that holds a component of the record's URL as written (a JSON
// string, or null when absent); a template shows {NAME} decoded and {:NAME} as written.
const fieldComponent fieldKind = 3

// urlComponents are the template names of the URL's components, in the order of
// locator.URL's getters (see components).
var urlComponents = [8]string{"scheme", "user", "password", "host", "port", "path", "query", "fragment"}

// qualViewNames are the template names of typed-view fields.
var qualViewNames = []string{"typecode", "selector", "group", "message-id"}

// qualified is a template name that reads the record's URL: a component, "url", a query key
// or a view field, with its qualifiers.
type qualified struct {
	name     string // as written in the template, the header of a table
	comp     int    // index in urlComponents, or -1
	url      bool   // {url}: the whole URL
	view     string // a name of qualViewNames, or ""
	query    string // the NAME of query:NAME or query-all:NAME
	hasQuery bool
	queryAll bool
	encoded  bool // url: or ":" — as written
	must     bool
	deflt    bool
	puny     bool
	idn      bool
	// fromField: the component is read from its own field (fieldComponent) with no
	// qualifier but url: and must:, and decoded when decode (the fast path of value).
	fromField, decode bool
}

// urlFieldNames are the fields that hold the URL a record is about, by preference: the edited
// or found URL, a resolution's result, a normal form, a WHATWG href, the input.
var urlFieldNames = []string{"url", "result", "normalized", "href", "input"}

// urlFieldOf returns the index of the field that holds the record's URL, or -1.
func urlFieldOf(fields []field) int {
	for _, n := range urlFieldNames {
		for i, f := range fields {
			if f.name == n {
				return i
			}
		}
	}
	return -1
}

// parseQualified reads a template name that is not a plain field: qualifiers, then a
// component, "url", a view field, or query:NAME / query-all:NAME.
func parseQualified(name string) (*qualified, bool) {
	q := &qualified{name: name, comp: -1}
	rest := name
	for {
		switch {
		case strings.HasPrefix(rest, "url:") && len(rest) > 4:
			q.encoded, rest = true, rest[4:]
		case strings.HasPrefix(rest, ":"):
			q.encoded, rest = true, rest[1:]
		case strings.HasPrefix(rest, "must:"):
			q.must, rest = true, rest[5:]
		case strings.HasPrefix(rest, "default:"):
			q.deflt, rest = true, rest[8:]
		case strings.HasPrefix(rest, "puny:"):
			q.puny, rest = true, rest[5:]
		case strings.HasPrefix(rest, "idn:"):
			q.idn, rest = true, rest[4:]
		default:
			goto name
		}
	}
name:
	if q.puny && q.idn {
		return nil, false // trurl: puny: and idn: are mutually exclusive
	}
	switch {
	case strings.HasPrefix(rest, "query:"):
		q.query, q.hasQuery = rest[6:], true
	case strings.HasPrefix(rest, "query-all:"):
		q.query, q.hasQuery, q.queryAll = rest[10:], true, true
	case rest == "url":
		q.url = true
	case strings.HasPrefix(rest, "view:") && len(rest) > 5:
		q.view = strings.ReplaceAll(rest[5:], "-", "_")
	default:
		for i, c := range urlComponents {
			if c == rest {
				q.comp = i
			}
		}
		for _, v := range qualViewNames {
			if v == rest {
				q.view = v
			}
		}
		if q.comp < 0 && q.view == "" {
			return nil, false
		}
	}
	return q, true
}

// qualHelp is the part of --format's help on qualifiers.
const qualHelp = `A template name may also read the URL the result is about (parse: the input; edit and
extract: the URL; resolve: the result; normalize: the normal form; parse --spec whatwg: the
href), as trurl's --get does: {scheme} {user} {password} {host} {port} {path} {query}
{fragment} are shown decoded and {:path} (or {url:path}) as written; {url} is the URL;
{query:NAME} is the first value of the pairs named NAME, decoded, and {query-all:NAME} all
of them separated by a space (pairs split at "&", or at edit's --query-separator; under
--spec whatwg "+" is a space, as URLSearchParams reads it); {typecode}, {selector}, {group} and {message-id} are the
fields of the scheme's typed view (ftp, gopher, news), and {view:NAME} any field of it
(the names of parse --json's "parts": {view:cwd}, {view:type}, {view:search}). The qualifiers default: (the
scheme's default port when none is written), puny: (the host in ASCII, IDNA), idn: (the
host in Unicode where the URL Standard's display rules allow it) and must: (the line
becomes "error: ..." and the exit status 1 when the part is absent) go before the name:
{default:port}, {puny:host}, {idn:url}, {must:query}.`

// qualCtx is what a worker keeps to evaluate qualified parts of one record: the record's
// URL parsed once.
type qualCtx struct {
	src    string // the URL parsed, as written
	u      locator.URL
	ok     bool // u parsed
	parsed bool // src was parsed (ok or not)
	// hrefOnly: src is an href that locator.Parse refuses (under --spec whatwg, a "%" the URL
	// Standard keeps), and hrefParts its components (hrefComponents); u is then not set.
	hrefOnly  bool
	hrefParts [8]lineops.Component
	// scratch holds the last component decoded (decodeScratch): a value eval returns is
	// used before the next eval.
	scratch []byte
}

// decodeScratch is decodeLoose into c.scratch, without allocating: the string returned is
// valid until the next call.
func (c *qualCtx) decodeScratch(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	d, err := pct.AppendDecode(c.scratch[:0], s)
	if err != nil {
		return s
	}
	c.scratch = d
	return bytesString(d)
}

// urlOf returns the record's URL parsed under the format's spec.
func (c *qualCtx) urlOf(f *outputFormat, vals []string, present uint64) (locator.URL, bool) {
	if f.urlField < 0 || present&(1<<f.urlField) == 0 {
		return locator.URL{}, false
	}
	s := vals[f.urlField]
	if !c.parsed || c.src != s {
		c.src, c.parsed = s, true
		c.u, c.ok = parseForFormat(s, f.spec)
		// A WHATWG href is a URL whatever locator.Parse says of it: its components are
		// still shown ({path} of "http://a/%zz" was empty, and {must:path} failed).
		c.hrefOnly = !c.ok && f.spec == locator.WHATWG
		if c.hrefOnly {
			c.hrefParts = hrefComponents(s)
		}
	}
	return c.u, c.ok
}

// parseForFormat parses s under spec; a WHATWG href is read by RFC 3986 (URL Standard
// "URL serializing" writes a valid URI for every special URL).
func parseForFormat(s string, spec locator.Spec) (locator.URL, bool) {
	if spec == locator.WHATWG {
		spec = locator.RFC3986
	}
	u, err := locator.ParseAs(s, spec)
	return u, err == nil
}

// component returns component i of the record as written: from its field, when the
// command has one, or from the record's URL.
func (c *qualCtx) component(f *outputFormat, i int, vals []string, present uint64) (string, bool) {
	if k := f.compField[i]; k >= 0 {
		return vals[k], present&(1<<k) != 0
	}
	u, ok := c.urlOf(f, vals, present)
	if !ok {
		if c.hrefOnly && present&(1<<f.urlField) != 0 {
			return c.hrefParts[i].Value, c.hrefParts[i].Present
		}
		return "", false
	}
	comp := lineops.Components(u)[i]
	return comp.Value, comp.Present
}

// eval returns the text of a qualified part, and false when it is absent.
func (c *qualCtx) eval(f *outputFormat, q *qualified, vals []string, present uint64) (string, bool) {
	switch {
	case q.url:
		u, ok := c.urlOf(f, vals, present)
		if !ok {
			if f.urlField >= 0 && present&(1<<f.urlField) != 0 {
				return vals[f.urlField], true
			}
			return "", false
		}
		return rewriteURL(u, q.deflt, hostMode(q)), true
	case q.hasQuery:
		query, ok := c.component(f, 6, vals, present)
		if !ok {
			return "", false
		}
		return queryValues(query, f.qsep, q.query, q.queryAll, q.encoded, f.spec == locator.WHATWG)
	case q.view != "":
		u, ok := c.urlOf(f, vals, present)
		if !ok {
			return "", false
		}
		return qualViewField(u, q.view)
	}
	v, ok := c.component(f, q.comp, vals, present)
	switch q.comp {
	case 3: // host
		if ok && (q.puny || q.idn) {
			return convertHost(v, hostMode(q)), true
		}
	case 4: // port
		if (!ok || v == "") && q.deflt { // RFC 3986 §3.2.3: an empty port is the default
			sch, _ := c.component(f, 0, vals, present)
			if p := defaultPort(sch); p != "" {
				return p, true
			}
		}
	}
	if ok && !q.encoded && q.comp != 0 && q.comp != 4 {
		v = c.decodeScratch(v)
	}
	return v, ok
}

// decodeLoose decodes the escapes of s (RFC 3986 §2.1); s is returned as written when an
// escape is not "%" and two hex digits.
func decodeLoose(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	if d, err := pct.Decode(s); err == nil {
		return d
	}
	return s
}

// queryValues returns the values of the pairs of query named name (compared decoded): the
// first, or all separated by a space (trurl's {query-all:NAME}); decoded unless encoded.
// The pairs are split at sep (edit's --query-separator; "&" for the other commands, the
// form of HTML's application/x-www-form-urlencoded, WHATWG URL §5.1). With form, as under
// --spec whatwg, a "+" is a space, as the standard's parser of that form reads it (§5.1, as
// URLSearchParams's get() and getAll() give the values).
func queryValues(query, sep, name string, all, encoded, form bool) (string, bool) {
	var out []string
	plus := func(s string) string { return s }
	if form {
		plus = func(s string) string { return strings.ReplaceAll(s, "+", " ") }
	}
	for pair := range strings.SplitSeq(query, sep) {
		k, v, _ := strings.Cut(pair, "=")
		if decodeLoose(plus(k)) != name {
			continue
		}
		if !encoded {
			v = decodeLoose(plus(v))
		}
		if !all {
			return v, true
		}
		out = append(out, v)
	}
	return strings.Join(out, " "), len(out) > 0
}

// qualViewField returns a field of u's typed view (package scheme: FTP.Type, Gopher.Selector,
// News.Group, News.MessageID).
func qualViewField(u locator.URL, name string) (string, bool) {
	v, err := scheme.ParseView(u)
	if err != nil {
		return "", false
	}
	switch x := v.(type) {
	case scheme.FTP:
		if name == "typecode" && x.Type != "" {
			return x.Type, true
		}
	case scheme.Gopher:
		if name == "selector" {
			return x.Selector, true
		}
	case scheme.News:
		switch {
		case name == "group" && x.Group != "":
			return x.Group, true
		case name == "message-id" && x.MessageID != "":
			return x.MessageID, true
		}
	}
	switch name {
	case "typecode", "selector", "group", "message-id":
		return "", false
	}
	// {view:NAME}: the field of the view's JSON, a string as it is, anything else in JSON.
	js, err := records.Marshal(v)
	if err != nil {
		return "", false
	}
	fields, err := viewFields(js)
	if err != nil {
		return "", false
	}
	for _, f := range fields {
		if f.name != name || f.value == "null" {
			continue
		}
		var str string
		if json.Unmarshal([]byte(f.value), &str) == nil {
			return str, true
		}
		return f.value, true
	}
	return "", false
}

// defaultPort returns the default port of a scheme (locator.LookupScheme), or "".
func defaultPort(sch string) string {
	if info, ok := locator.LookupScheme(sch); ok && info.DefaultPort > 0 {
		return strconv.Itoa(info.DefaultPort)
	}
	return ""
}

// hostForm is how a host is written: as it is, in ASCII (punycode) or in Unicode (idn).
type hostForm uint8

const (
	hostAsIs hostForm = iota
	hostPuny
	hostIDN
)

func hostMode(q *qualified) hostForm {
	switch {
	case q.puny:
		return hostPuny
	case q.idn:
		return hostIDN
	}
	return hostAsIs
}

// toASCII is UTS #46 ToASCII as the URL Standard's "domain to ASCII" calls it with beStrict
// false: CheckHyphens false, CheckBidi true, CheckJoiners true, UseSTD3ASCIIRules false,
// Transitional_Processing false.
var toASCII = idna.New(idna.MapForLookup(), idna.StrictDomainName(false), idna.BidiRule(),
	idna.CheckJoiners(true), idna.CheckHyphens(false), idna.Transitional(false))

// toUnicode is UTS #46 ToUnicode with the same options (the URL Standard's "domain to
// Unicode").
var toUnicode = toASCII

// convertHost returns host (as written, maybe percent-encoded UTF-8, RFC 3986 §3.2.2) in
// the form asked. A host that is an IP literal or that IDNA refuses is returned as written.
// Unicode is shown only where the display rules allow it: domain to Unicode succeeds, its
// result goes back to the same ASCII host, and displayUnicode (UTS #39) accepts it; the
// host is otherwise shown in ASCII.
func convertHost(host string, form hostForm) string {
	if form == hostAsIs || host == "" || host[0] == '[' {
		return host
	}
	h := decodeLoose(host)
	if !utf8.ValidString(h) {
		// IDNA reads a byte of invalid UTF-8 as U+FFFD (UTS #46 §4), which would name
		// another host: such a host stays as written (RFC 3986 §3.2.2: a reg-name's
		// escapes are UTF-8 where it is a domain name).
		return host
	}
	ascii, err := toASCII.ToASCII(h)
	if err != nil {
		return host
	}
	if !regName(ascii) {
		// IDNA without STD3 rules keeps "#", "/", "?", "@", ":" and the like, which would
		// end the host: such a host stays as written (RFC 3986 §3.2.2 reg-name).
		return host
	}
	if form == hostPuny {
		return ascii
	}
	uni, err := toUnicode.ToUnicode(ascii)
	if err != nil {
		return host
	}
	if back, err := toASCII.ToASCII(uni); err != nil || back != ascii || !displayUnicode(uni) {
		return ascii
	}
	return uni
}

// regName reports whether an ASCII host is an RFC 3986 §3.2.2 reg-name without escapes:
// unreserved and sub-delims only.
func regName(h string) bool {
	for i := 0; i < len(h); i++ {
		if h[i] == '%' || !pct.RegNameChars.Contains(h[i]) {
			return false
		}
	}
	return true
}

// rewriteURL returns u as written with its host in form and, when deflt, the scheme's
// default port written where none is (trurl's {default:url}, {puny:url}, {idn:url}).
func rewriteURL(u locator.URL, deflt bool, form hostForm) string {
	act := portAsIs
	if deflt {
		act = portAddDefault
	}
	return rewriteAuthority(u, act, form)
}

// appendMissingLine appends the line of a record whose {must:...} part is absent.
func appendMissingLine(dst []byte, name string) []byte {
	dst = append(dst, "error: {"...)
	dst = display.Append(dst, name)
	return append(dst, "} is absent [format-must, locator --format must:]\n"...)
}
