package scheme

import (
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// Gopher is the typed view of a gopher URL (RFC 1738 §3.4; the 1994 URL draft, "Gopher"):
//
//	gopher://<host>:<port>/<gophertype><selector>%09<search>%09<gopher+_string>
//
// Selector, Search and GopherPlus are decoded. Search and GopherPlus are nil when their "%09"
// is absent; the gopher+ string needs the search's "%09" before it, even when the search is
// empty (RFC 1738 §3.4.3), so a URL never has a gopher+ string without a (possibly empty)
// search.
//
// The zero value is not a URL: it has no host. Gopher{Login: Login{Host: "h"}, Type: "1",
// TypeDefaulted: true} is "gopher://h/", the top-level directory of h.
type Gopher struct {
	Login // host and port; gopherurl has hostport, not login (RFC 1738 §5), so User and Password should be nil
	// Type is the gophertype, one character (RFC 1738 §3.4.1), decoded. It is "1" (a
	// directory) when the gopher-path is empty, and then TypeDefaulted is true.
	Type string `json:"type"`
	// TypeDefaulted records that the URL had no gopher-path, so that Type is RFC 1738
	// §3.4.1's default "1" rather than written.
	TypeDefaulted bool `json:"type_defaulted,omitempty"`
	// Selector is the gopher selector string, decoded; "" is the top-level directory
	// (RFC 1738 §3.4.1). It never holds TAB, CR or LF (RFC 1436, "Selector ::= {UNASCII}").
	Selector string `json:"selector"`
	// Search is the search string submitted to a gopher search engine (RFC 1738 §3.4.2),
	// decoded; nil when the URL has no "%09".
	Search *string `json:"search,omitempty"`
	// GopherPlus is the gopher+ string, decoded (RFC 1738 §3.4.3–3.4.9); nil when the URL has
	// no second "%09". It is what the client sends after the selector and a TAB (the 1994 URL
	// draft's examples), or after the selector, a TAB, the search string and a TAB (RFC 1738
	// §3.4.3's wording): see [Gopher.RequestWith].
	GopherPlus *string `json:"gopher_plus,omitempty"`
	// Plus is GopherPlus interpreted by the forms of the 1994 URL draft; nil when GopherPlus
	// is nil or is not one of those forms (see [GopherPlus]).
	Plus *GopherPlus `json:"plus,omitempty"`
}

// GopherPlus is a gopher+ string interpreted by the forms the 1994 URL draft ("Gopher", its
// summary of the gopher+ string part) and RFC 1738 §3.4.4–3.4.9 give:
//
//	Kind "item":                 "+"                           the default view of a Gopher+ item
//	                             "+view_name%20language_name"  an alternate view
//	                             "+%091%0D%0A+-1%0D%0Aa%0D%0A.%0D%0A"  an item with a filled-out ASK form
//	Kind "ask":                  "?"                           an item with an ASK form to fill out
//	Kind "attributes":           "!", "!+ABSTRACT%20+SMELL"    all or some attributes of an item
//	Kind "directory-attributes": "$", "$+ABSTRACT"             attributes of all items of a directory
//
// The interpretation is exact: a GopherPlus formats back to the very string it was read from,
// and a string that would not is left uninterpreted (Gopher.Plus is nil).
//
// The zero value has no Kind, which [Gopher.URL] rejects; GopherPlus{Kind: GopherPlusItem} is
// "+", the default view of an item.
type GopherPlus struct {
	Kind string `json:"kind"` // "item", "ask", "attributes" or "directory-attributes"
	// View is the view (representation) name of an item, such as "application/postscript";
	// "" for the default view. Language is the language name after it, such as "Es_ES"
	// (the 1994 URL draft, "+view_name%20language_name"; gopher-plus.txt §2.6).
	View     string `json:"view,omitempty"`
	Language string `json:"language,omitempty"` // see View
	// Attributes are the attribute names asked for, such as "+ABSTRACT"; none means all
	// attributes (RFC 1738 §3.4.6–3.4.7).
	Attributes []string `json:"attributes,omitempty"`
	// Ask are the values of a filled-out ASK form, one line each, sent as a period-terminated
	// data block (RFC 1738 §3.4.9; gopher-plus.txt §2.3, §2.8). nil when there is no form;
	// an empty non-nil slice is a form with no values.
	Ask []string `json:"ask,omitempty"`
}

// The kinds of a GopherPlus, named after the 1994 URL draft's summary.
const (
	GopherPlusItem                = "item"                 // "+": an item's content (default or alternate view, filled-out form)
	GopherPlusAsk                 = "ask"                  // "?": an item with an ASK form
	GopherPlusAttributes          = "attributes"           // "!": an item's attributes
	GopherPlusDirectoryAttributes = "directory-attributes" // "$": the attributes of every item of a directory
)

// gopherRule is the production that gopher findings cite.
const gopherRule = "RFC 1738 §5 gopherurl"

// gopherKeep is what URL encodes a gophertype, selector, search or gopher+ string with: RFC
// 1738 §5 xchar (gtype, selector and gopher+_string are xchar) without "?". RFC 1738 §3.4.1
// reserves nothing in the gopher-path, so "?" may stand unencoded; it is encoded so that RFC
// 3986 readers, whose path ends at "?" (RFC 3986 §3.3), see the same path.
var gopherKeep = pct.RFC1738Xchar.Without("?")

// gopherNUL is the byte of RFC 1436's excluded set (UNASCII = ASCII - [Tab CR-LF NUL]) that a
// view keeps in its decoded selector, search and gopher+ string, and that a plan refuses to
// send: TAB, CR and LF are refused already when the URL is read, where they would split the
// request line (RFC 1738 §3.4.1).
var gopherNUL = pct.Of("\x00")

// gopherSearchChars is RFC 1738 §5 search, which gopherurl shares with httpurl:
// *[ uchar | ";" | ":" | "@" | "&" | "=" ].
var gopherSearchChars = pct.RFC1738Uchar.With(";:@&=")

// ParseGopher returns the typed view of a gopher URL (RFC 1738 §3.4). It reads the whole
// gopher-path, "?" included, up to the fragment. It fails with an [*locator.Error] when u is
// not a gopher URL (CodeWrongScheme), has no "//" (CodeNoAuthority), has text after the host
// that does not start with "/" (CodeMissingSlash), or when the decoded selector or search
// holds a CR or LF, or the gopher+ string one outside a well-formed ASK block
// (CodeLineBreak: RFC 1738 §3.4.1 and §6; RFC 1436 "Selector ::= {UNASCII}").
func ParseGopher(u locator.URL) (Gopher, error) {
	if b, off := behind(u); off > 0 {
		v, err := ParseGopher(b)
		return v, shiftErr(err, u, off)
	}
	var g Gopher
	if err := wrongScheme(u, "gopher"); err != nil {
		return g, err
	}
	l, err := parseLogin(u)
	if err != nil {
		return g, err
	}
	g.Login = l
	rest, off := afterAuthority(u)
	if rest != "" && rest[0] != '/' {
		return Gopher{}, &locator.Error{Input: u.String(), Offset: off, Code: CodeMissingSlash,
			Rule: "RFC 1738 §3.1", Message: "expected \"/\" before the gopher-path"}
	}
	if len(rest) <= 1 {
		// RFC 1738 §3.4.1: the gopher-path may be empty, "in which case the delimiting "/" is
		// also optional and the <gophertype> defaults to "1"".
		g.Type, g.TypeDefaulted = "1", true
		return g, nil
	}
	p, off := rest[1:], off+1
	// gtype = xchar: one character, or one escape.
	n := 1
	if p[0] == '%' {
		n = 3
	}
	if g.Type, err = decodeAt(u, p[:n], off); err != nil {
		return Gopher{}, err
	}
	p, off = p[n:], off+n
	// RFC 1738 §3.4.1: selector %09 search %09 gopher+_string. Every "%" of a parsed URL
	// starts an escape, so the first "%09" is the first encoded TAB.
	sel, search, plus, hasSearch, hasPlus := p, "", "", false, false
	searchOff, plusOff := 0, 0
	if i := strings.Index(p, "%09"); i >= 0 {
		sel, search, hasSearch, searchOff = p[:i], p[i+3:], true, off+i+3
		if j := strings.Index(search, "%09"); j >= 0 {
			search, plus, hasPlus, plusOff = search[:j], search[j+3:], true, searchOff+j+3
		}
	}
	if g.Selector, err = gopherDecodeLine(u, sel, off, "selector"); err != nil {
		return Gopher{}, err
	}
	if hasSearch {
		s, err := gopherDecodeLine(u, search, searchOff, "search string")
		if err != nil {
			return Gopher{}, err
		}
		g.Search = &s
	}
	if hasPlus {
		s, err := decodeAt(u, plus, plusOff)
		if err != nil {
			return Gopher{}, err
		}
		g.GopherPlus = &s
		g.Plus = parseGopherPlus(s)
		if strings.ContainsAny(s, "\r\n") && (g.Plus == nil || g.Plus.Ask == nil) {
			return Gopher{}, &locator.Error{Input: u.String(), Offset: plusOff, Code: CodeLineBreak,
				Rule:    "1994 URL draft, gopher+ string",
				Message: "the gopher+ string holds an encoded CR or LF outside a well-formed ASK block (\"%091%0D%0A+-1%0D%0A...%0D%0A.%0D%0A\")"}
		}
	}
	return g, nil
}

// gopherDecodeLine decodes s (at offset off of u) and refuses a decoded CR or LF: RFC 1738
// §3.4.1 (selectors contain any octets except TAB, LF and CR) and §6 (encoded delimiters must
// not be decoded into the protocol).
func gopherDecodeLine(u locator.URL, s string, off int, what string) (string, error) {
	d, err := decodeAt(u, s, off)
	if err != nil {
		return "", err
	}
	if i := strings.IndexAny(d, "\t\r\n"); i >= 0 {
		return "", &locator.Error{Input: u.String(), Offset: off + gopherRawIndex(s, i), Code: CodeLineBreak,
			Rule: "RFC 1738 §3.4.1", Message: "the " + what + " holds an encoded TAB, CR or LF, which a gopher line cannot carry"}
	}
	return d, nil
}

// gopherRawIndex returns the offset in the encoded s of the byte at index i of its decoding.
func gopherRawIndex(s string, i int) int {
	r := 0
	for k := 0; k < i && r < len(s); k++ {
		if s[r] == '%' {
			r += 3
		} else {
			r++
		}
	}
	return r
}

// parseGopherPlus interprets a decoded gopher+ string, or returns nil. It accepts only what
// formatGopherPlus gives back unchanged.
func parseGopherPlus(s string) *GopherPlus {
	if s == "" {
		return nil
	}
	var p GopherPlus
	body := s[1:]
	switch s[0] {
	case '+':
		// 1994 URL draft: +[view_name[%20language_name]][%091%0D%0A+-1%0D%0A...%0D%0A.%0D%0A]
		p.Kind = GopherPlusItem
		head, form, hasForm := strings.Cut(body, "\t")
		if strings.ContainsAny(head, "\r\n") {
			return nil
		}
		p.View, p.Language, _ = strings.Cut(head, " ")
		if hasForm {
			// gopher-plus.txt §2.4: Tab DataFlag; "1" is followed by a data block, and the
			// draft's form uses a period-terminated one, "+-1" (gopher-plus.txt §2.3).
			const lead = "1\r\n+-1\r\n"
			if !strings.HasPrefix(form, lead) {
				return nil
			}
			form = form[len(lead):]
			p.Ask = []string{}
			for {
				line, after, ok := strings.Cut(form, "\r\n")
				if !ok || strings.ContainsAny(line, "\r\n") {
					return nil
				}
				if line == "." {
					if after != "" {
						return nil
					}
					break
				}
				p.Ask = append(p.Ask, line)
				form = after
			}
		}
	case '?':
		// RFC 1738 §3.4.4: a gopher+ string of only "?".
		if body != "" {
			return nil
		}
		p.Kind = GopherPlusAsk
	case '!', '$':
		// RFC 1738 §3.4.6–3.4.7: "!" or "$", then attribute names separated by spaces.
		p.Kind = GopherPlusAttributes
		if s[0] == '$' {
			p.Kind = GopherPlusDirectoryAttributes
		}
		if strings.ContainsAny(body, "\t\r\n") {
			return nil
		}
		if body != "" {
			p.Attributes = strings.Split(body, " ")
		}
	default:
		return nil
	}
	if f, err := formatGopherPlus(&p); err != nil || f != s {
		return nil
	}
	return &p
}

// formatGopherPlus returns the decoded gopher+ string p stands for.
func formatGopherPlus(p *GopherPlus) (string, error) {
	bad := func(msg string) (string, error) {
		return "", &locator.Error{Input: p.Kind, Code: CodeGopherPlus, Rule: "1994 URL draft, gopher+ string", Message: msg}
	}
	var b strings.Builder
	switch p.Kind {
	case GopherPlusItem:
		if strings.ContainsAny(p.View, " \t\r\n") || strings.ContainsAny(p.Language, "\t\r\n") {
			return bad("a view name holds a space, TAB, CR or LF, or a language name a TAB, CR or LF")
		}
		b.WriteByte('+')
		b.WriteString(p.View)
		if p.Language != "" {
			b.WriteByte(' ')
			b.WriteString(p.Language)
		}
		if p.Ask != nil {
			b.WriteString("\t1\r\n+-1\r\n")
			for _, v := range p.Ask {
				// gopher-plus.txt §2.3: a "." line ends the block; §2.8: one line per answer.
				if v == "." || strings.ContainsAny(v, "\r\n") {
					return bad("an ASK value is a CR, LF or a lone \".\", which would end its line or the block")
				}
				b.WriteString(v)
				b.WriteString("\r\n")
			}
			b.WriteString(".\r\n")
		}
	case GopherPlusAsk:
		if p.View != "" || p.Language != "" || p.Attributes != nil || p.Ask != nil {
			return bad("a \"?\" gopher+ string has no view, attributes or values")
		}
		b.WriteByte('?')
	case GopherPlusAttributes, GopherPlusDirectoryAttributes:
		if p.View != "" || p.Language != "" || p.Ask != nil {
			return bad("an attribute gopher+ string has no view or values")
		}
		if p.Kind == GopherPlusAttributes {
			b.WriteByte('!')
		} else {
			b.WriteByte('$')
		}
		for i, a := range p.Attributes {
			if a == "" || strings.ContainsAny(a, " \t\r\n") {
				return bad("an attribute name is empty or holds a space, TAB, CR or LF")
			}
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(a)
		}
	default:
		return bad("unknown gopher+ kind " + strconvQuote(p.Kind))
	}
	return b.String(), nil
}

// Scheme returns "gopher".
func (Gopher) Scheme() string { return "gopher" }

// plusString returns the gopher+ string g stands for: GopherPlus, or Plus formatted. When both
// are set they must agree.
func (g Gopher) plusString() (string, bool, error) {
	if g.Plus != nil {
		f, err := formatGopherPlus(g.Plus)
		if err != nil {
			return "", false, err
		}
		if g.GopherPlus != nil && *g.GopherPlus != f {
			return "", false, &locator.Error{Input: *g.GopherPlus, Code: CodeGopherPlus, Rule: "1994 URL draft, gopher+ string",
				Message: "GopherPlus " + strconvQuote(*g.GopherPlus) + " and Plus (" + strconvQuote(f) + ") disagree"}
		}
		return f, true, nil
	}
	if g.GopherPlus != nil {
		return *g.GopherPlus, true, nil
	}
	return "", false, nil
}

// validate checks what URL, Request and Plan need.
func (g Gopher) validate() (plus string, hasPlus bool, err error) {
	bad := func(c locator.Code, rule, msg string) (string, bool, error) {
		return "", false, &locator.Error{Input: g.Type + g.Selector, Code: c, Rule: rule, Message: msg}
	}
	if err := checkLoginView("gopher", g.Login, true); err != nil {
		return "", false, err
	}
	plus, hasPlus, err = g.plusString()
	if err != nil {
		return "", false, err
	}
	if g.TypeDefaulted {
		if (g.Type != "" && g.Type != "1") || g.Selector != "" || g.Search != nil || hasPlus {
			return bad(CodeGopherType, "RFC 1738 §3.4.1",
				"TypeDefaulted is for an empty gopher-path: type \"1\", no selector, search or gopher+ string")
		}
		return "", false, nil
	}
	if len(g.Type) != 1 {
		return bad(CodeGopherType, "RFC 1738 §3.4.1", "the gophertype is one character, not "+strconvQuote(g.Type))
	}
	if strings.ContainsAny(g.Selector, "\t\r\n") {
		return bad(CodeLineBreak, "RFC 1738 §3.4.1", "a selector cannot hold TAB, CR or LF")
	}
	if g.Search != nil && strings.ContainsAny(*g.Search, "\t\r\n") {
		return bad(CodeLineBreak, "RFC 1436 (Word ::= {UNASCII - ' '})", "a search string cannot hold TAB, CR or LF")
	}
	if hasPlus && strings.ContainsAny(plus, "\r\n") {
		if p := parseGopherPlus(plus); p == nil || p.Ask == nil {
			return bad(CodeLineBreak, "1994 URL draft, gopher+ string",
				"a gopher+ string holds CR or LF only in a well-formed ASK block")
		}
	}
	return plus, hasPlus, nil
}

// URL returns the gopher URL g stands for, encoding every character that is not RFC 1738 §5
// xchar (and "?", see gopherKeep) in the gophertype, selector and gopher+ string, every
// character that is not §5 search (gopherSearchChars: "/" and "?" among them) in the search,
// and the TABs between selector, search and gopher+ string as "%09". A gopher+ string without
// a search gets an empty search, as RFC 1738 §3.4.3 requires. Check finds no error in the
// result.
func (g Gopher) URL() (locator.URL, error) {
	plus, hasPlus, err := g.validate()
	if err != nil {
		return locator.URL{}, err
	}
	b := append([]byte("gopher:"), appendLogin(nil, g.Login)...)
	b = append(b, '/')
	if !g.TypeDefaulted {
		b = pct.AppendEncode(b, g.Type, gopherKeep)
		b = pct.AppendEncode(b, g.Selector, gopherKeep)
		if g.Search != nil || hasPlus {
			b = append(b, "%09"...)
			if g.Search != nil {
				// RFC 1738 §5 search, which Check holds the search to: a "/" written as it
				// is would be an error there, though the gopher server sees the same text.
				b = pct.AppendEncode(b, *g.Search, gopherSearchChars)
			}
		}
		if hasPlus {
			b = append(b, "%09"...)
			b = pct.AppendEncode(b, plus, gopherKeep)
		}
	}
	return locator.Parse(string(b))
}

// GopherPlanOptions are the choices of a gopher request that the URL does not make: RFC 1738
// disagrees with itself, and with the 1994 URL draft, on the request line of a Gopher+ item
// whose search string is empty (see [Gopher.RequestWith]). The zero value sends the form of
// the 1994 URL draft's examples, one TAB.
type GopherPlanOptions struct {
	// Literal sends RFC 1738 §3.4.3's wording instead: the selector, a TAB, the search string
	// (which may be empty), a TAB and the gopher+ string, for every item with a gopher+
	// string, so an empty search gives two TABs in a row.
	Literal bool
	// Query is the search string of a type "7" item whose URL has none (RFC 1738 §3.4.2;
	// RFC 1436 Appendix, "Full-Text Search Transaction"); a URL's own search string wins.
	Query string
	// View asks for a Gopher+ view of an item: a view name and, after a space, a language
	// name ("application/postscript", "text/plain De_DE"; gopher-plus.txt §2.6). It is sent
	// as the gopher+ string "+view" when the URL has no gopher+ string, or one of "+" alone;
	// a URL that names another view, or asks for attributes, is refused.
	View string
}

// With returns g as the request with o makes it (see [GopherPlanOptions]): the search string
// o.Query for a type "7" item without one, the gopher+ string "+"o.View for an item without a
// view. It fails (CodeGopherPlus, CodeLineBreak) when o.View conflicts with the URL's gopher+
// string or either option holds a TAB, CR or LF.
func (g Gopher) With(o GopherPlanOptions) (Gopher, error) {
	bad := func(c locator.Code, rule, msg string) (Gopher, error) {
		return Gopher{}, &locator.Error{Input: g.Type + g.Selector, Code: c, Rule: rule, Message: msg}
	}
	if o.Query != "" && g.Type == "7" && g.Search == nil && !g.TypeDefaulted {
		if strings.ContainsAny(o.Query, "\t\r\n") {
			return bad(CodeLineBreak, "RFC 1436 (Word ::= {UNASCII - ' '})", "a search string cannot hold TAB, CR or LF")
		}
		q := o.Query
		g.Search = &q
	}
	if o.View == "" {
		return g, nil
	}
	if strings.ContainsAny(o.View, "\t\r\n") {
		return bad(CodeLineBreak, "gopher-plus.txt §2.6", "a view cannot hold TAB, CR or LF")
	}
	view, lang, _ := strings.Cut(o.View, " ")
	plus, hasPlus, err := g.plusString()
	if err != nil {
		return Gopher{}, err
	}
	switch p := parseGopherPlus(plus); {
	case !hasPlus || plus == "":
		p = &GopherPlus{Kind: GopherPlusItem}
		g.Plus = p
	case p == nil || p.Kind != GopherPlusItem:
		return bad(CodeGopherPlus, "gopher-plus.txt §2.6", "a view is asked for, but the URL's gopher+ string "+strconvQuote(plus)+" is not an item's")
	case p.View != "" && (p.View != view || p.Language != lang):
		return bad(CodeGopherPlus, "gopher-plus.txt §2.6", "the URL names the view "+strconvQuote(p.View+" "+p.Language)+", not "+strconvQuote(o.View))
	default:
		g.Plus = p
	}
	g.Plus.View, g.Plus.Language = view, lang
	f, err := formatGopherPlus(g.Plus)
	if err != nil {
		return Gopher{}, err
	}
	if g.TypeDefaulted {
		g.TypeDefaulted = false // "gopher://h/" is "gopher://h/1" (RFC 1738 §3.4.1)
	}
	g.GopherPlus = &f
	return g, nil
}

// Request returns the exact bytes a gopher client sends for g, with [GopherPlanOptions]
// zero: the form of the 1994 URL draft's examples. See [Gopher.RequestWith].
func (g Gopher) Request() []byte { return g.RequestWith(GopherPlanOptions{}) }

// RequestWith returns the exact bytes a gopher client sends for g, CR LF included, or nil when
// g cannot be sent (a TAB, CR or LF in the selector or search, a NUL in the selector, search or
// gopher+ string; see [Gopher.PlanWith] for the error). o.Query and o.View are applied first
// ([Gopher.With]).
//
//   - No gopher+ string: the selector, then TAB and the search string when the URL has one
//     (RFC 1738 §3.4.2; RFC 1436, "C: Sends Selector String, Tab, Search String"), then CR LF.
//     The TAB is sent even with an empty selector: RFC 1436's prose says the client then
//     "merely sends the search string", but its grammar and RFC 1738 §3.4.2 keep the TAB,
//     without which the server would read the search as a selector. Both forms agree here.
//   - A gopher+ string, o.Literal false (the default, the 1994 URL draft's form): the
//     selector, TAB and the gopher+ string; the search string and its TAB come between them
//     only when the search string is not empty or the item is a search engine (type "7").
//     The 1994 URL draft's examples ("Gopher") send "a_gopher_selector<tab>+<cr><lf>" for a
//     URL written "...%09%09+", RFC 1738 §3.4.9's own example sends
//     "<a_gopher_selector><tab>+<tab>1<cr><lf>" (one TAB before the "+"), and gopher-plus.txt
//     §2.4–2.5 says the same ("Selector String Tab '+'", and "Tab Tab '!'" for type 7 items,
//     which search "for nothing").
//   - A gopher+ string, o.Literal true (RFC 1738 §3.4.3's form): "send the Gopher selector,
//     followed by a tab and the search string (which may be empty), followed by a tab and the
//     Gopher+ commands": two TABs in a row when the search is empty or absent, for every
//     item. The two forms differ only for an item that is not type "7" and whose search
//     string is empty; a non-empty search, and any type "7" item, give the same bytes.
//   - A gopher+ string with an ASK block already ends with its period-terminated data block
//     and CR LF (RFC 1738 §3.4.9); nothing is added. Otherwise CR LF ends the request.
//   - "?" (an item with an ASK form) sends "!" in place of the gopher+ string, to fetch the
//     item's attributes, whose +ASK block holds the form (gopher-plus.txt §2.8; RFC 1738
//     §3.4.5).
//   - An empty gopher+ string is sent as if absent, in both forms: the 1994 URL draft says
//     "Gopher+ strings consist of a one or more characters", so there is no Gopher+ command
//     to send.
func (g Gopher) RequestWith(o GopherPlanOptions) []byte {
	g, err := g.With(o)
	if err != nil {
		return nil
	}
	plus, hasPlus, err := g.validate()
	if err != nil || g.nulField(plus) != "" {
		return nil
	}
	b := []byte(g.Selector)
	if hasPlus && plus != "" {
		switch {
		case g.Search != nil && (*g.Search != "" || g.Type == "7" || o.Literal):
			b = append(b, '\t')
			b = append(b, *g.Search...)
		case g.Type == "7" || o.Literal:
			b = append(b, '\t')
		}
		b = append(b, '\t')
		if p := parseGopherPlus(plus); p != nil && p.Kind == GopherPlusAsk {
			return append(b, "!\r\n"...)
		} else if p != nil && p.Ask != nil {
			return append(b, plus...) // ends with ".\r\n"
		}
		b = append(b, plus...)
	} else if g.Search != nil {
		b = append(b, '\t')
		b = append(b, *g.Search...)
	}
	return append(b, '\r', '\n')
}

// literalDiffers reports whether RFC 1738 §3.4.3's literal request of g differs from the 1994
// URL draft's: a non-empty gopher+ string, an empty (or absent) search and a type other than
// "7" (see [Gopher.RequestWith]).
func (g Gopher) literalDiffers(plus string, hasPlus bool) bool {
	return hasPlus && plus != "" && (g.Search == nil || *g.Search == "") && g.Type != "7"
}

// nulField names the field of g that holds a NUL and would be sent (the selector, the search
// string, or plus, the gopher+ string), or returns "".
func (g Gopher) nulField(plus string) string {
	switch {
	case strings.IndexByte(g.Selector, 0) >= 0:
		return "selector"
	case g.Search != nil && strings.IndexByte(*g.Search, 0) >= 0:
		return "search string"
	case strings.IndexByte(plus, 0) >= 0:
		return "gopher+ string"
	}
	return ""
}

// Plan returns the access plan of g with [GopherPlanOptions] zero: the request line of the
// 1994 URL draft's examples. See [Gopher.PlanWith].
func (g Gopher) Plan() (Plan, error) { return g.PlanWith(GopherPlanOptions{}) }

// PlanWith returns the access plan of g made [Gopher.With] o (its search string and view
// applied): connect to the host at its port (70 by default, RFC
// 1738 §3.4.1) and send [Gopher.RequestWith] with o, one Step per line, so that Plan.Wire
// gives its bytes exactly. With o.Literal, the request line that RFC 1738 §3.4.3's wording
// gives and the 1994 URL draft's examples do not (an empty search string and its TAB before
// the gopher+ string) carries a note that says so. A host that decodes to a control
// character, and a NUL in the selector, search string or gopher+ string (its ASK values
// included), are refused with CodeLineBreak at their escape, whatever o: RFC 1436 sends these
// as UNASCII = ASCII - [Tab CR-LF NUL], and RFC 1738 §6 forbids decoding an escape into the
// protocol. (A TAB, CR or LF is refused by [ParseGopher] already.)
func (g Gopher) PlanWith(o GopherPlanOptions) (Plan, error) {
	g, err := g.With(o)
	if err != nil {
		return Plan{}, err
	}
	o.Query, o.View = "", "" // applied
	u, err := g.URL()
	if err != nil {
		return Plan{}, err
	}
	host, err := planHost(g.Login, pct.RFC1738Control, u.String())
	if err != nil {
		return Plan{}, err
	}
	plus, hasPlus, _ := g.plusString() // validated by URL
	if what := g.nulField(plus); what != "" {
		// The sent text starts after "/" and the gophertype, which is not sent.
		lo, _ := partSpan(u, partRest)
		from := lo + 1 + len(pct.AppendEncode(nil, g.Type, gopherKeep))
		return Plan{}, lineBreakError(u.String(), partRest, from, gopherNUL,
			"RFC 1436 (UNASCII = ASCII - [Tab CR-LF NUL]); RFC 1738 §6",
			"the "+what+" decodes to NUL, which RFC 1436 keeps out of a gopher request")
	}
	port, err := planPort(g.Login, 70, u.String())
	if err != nil {
		return Plan{}, err
	}
	p := Plan{Scheme: "gopher", Host: host, Port: port}
	p.Steps = append(p.Steps, connectNote(host, p.Port, " (TCP; RFC 1436; RFC 1738 §3.4.1: port 70 unless the URL gives one)"))
	if g.Plus != nil && g.Plus.Kind == GopherPlusAsk {
		p.Steps = append(p.Steps, Step{Note: "fetch the item's attributes; its +ASK block is the form to fill out (gopher-plus.txt §2.8)"})
	}
	literal := o.Literal && g.literalDiffers(plus, hasPlus)
	req := string(g.RequestWith(o))
	for _, line := range strings.SplitAfter(req, "\r\n") {
		if line == "" {
			continue
		}
		s := Step{Send: strings.TrimSuffix(line, "\r\n")}
		if literal {
			s.Note = "RFC 1738 §3.4.3, literally: the selector, TAB, the empty search string, TAB, the gopher+ string (the 1994 URL draft's examples send one TAB)"
			literal = false
		}
		p.Steps = append(p.Steps, s)
	}
	if g.Plus != nil && g.Plus.Kind == GopherPlusAsk {
		tabs := "TAB"
		if o.Literal {
			tabs = "TAB, the search string (which may be empty), TAB" // RFC 1738 §3.4.3
		}
		p.Steps = append(p.Steps, Step{Note: "ask the user to fill out the form, then send the selector, " + tabs + ", \"+\", TAB, \"1\", CR LF and the answers as a \"+-1\" period-terminated block on a new connection (RFC 1738 §3.4.5; gopher-plus.txt §2.4)"})
	}
	return p, nil
}

// checkGopher is the Check of the registry: checkGopherTo into a Sink of its own.
func checkGopher(u locator.URL) []locator.Finding {
	var sk syntax.Sink
	checkGopherTo(&sk, u)
	return sk.Findings()
}

// checkGopherTo is the strict check of RFC 1738 §5 gopherurl:
//
//	gopherurl = "gopher://" hostport [ / [ gtype [ selector
//	            [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
//	gtype = xchar; selector = *xchar; gopher+_string = *xchar
//
// with search = *[ uchar | ";" | ":" | "@" | "&" | "=" ] (the production httpurl defines).
// The findings go into sk.
func checkGopherTo(sk *syntax.Sink, u locator.URL) {
	if !u.HasAuthority() {
		sk.Add(locator.Finding{Offset: len(u.Scheme()) + 1, Code: CodeNoAuthority, Rule: gopherRule,
			Message: "expected \"//\" and host[:port] after the scheme"})
		return
	}
	userinfoFinding(sk, u, gopherRule)
	syntax.CheckHostPort(sk, u.HostPort(), u.Offsets().Host.Start)
	rest, off := afterAuthority(u)
	if rest == "" {
		return
	}
	if rest[0] != '/' {
		sk.Add(locator.Finding{Offset: off, Code: CodeMissingSlash, Rule: gopherRule,
			Message: "expected \"/\" before the gopher-path"})
		return
	}
	p, off := rest[1:], off+1
	if p == "" {
		return
	}
	n := 1
	if p[0] == '%' {
		n = 3
	}
	syntax.CheckChars(sk, p[:n], off, pct.RFC1738Xchar, "RFC 1738 §5 gtype")
	p, off = p[n:], off+n
	sel, search, plus := p, "", ""
	hasSearch, hasPlus := false, false
	searchOff, plusOff := 0, 0
	if i := strings.Index(p, "%09"); i >= 0 {
		sel, search, hasSearch, searchOff = p[:i], p[i+3:], true, off+i+3
		if j := strings.Index(search, "%09"); j >= 0 {
			search, plus, hasPlus, plusOff = search[:j], search[j+3:], true, searchOff+j+3
		}
	}
	syntax.CheckChars(sk, sel, off, pct.RFC1738Xchar, "RFC 1738 §5 selector")
	gopherLineFinding(sk, sel, off, "selector")
	if hasSearch {
		syntax.CheckChars(sk, search, searchOff, gopherSearchChars, "RFC 1738 §5 search")
		gopherLineFinding(sk, search, searchOff, "search string")
	}
	if hasPlus {
		syntax.CheckChars(sk, plus, plusOff, pct.RFC1738Xchar, "RFC 1738 §5 gopher+_string")
		d, _ := pct.Decode(plus)
		switch gp := parseGopherPlus(d); {
		case d == "":
			sk.Add(locator.Finding{Offset: plusOff, Code: CodeGopherPlus, Rule: "RFC 1738 §3.4.3; 1994 URL draft, gopher+ string",
				Severity: locator.SeverityWarning, Message: "an empty gopher+ string: \"Gopher+ strings consist of one or more characters\""})
		case gp == nil:
			sev := locator.SeverityWarning
			if strings.ContainsAny(d, "\r\n") {
				sev = locator.SeverityError
			}
			sk.Add(locator.Finding{Offset: plusOff, Code: CodeGopherPlus, Rule: "RFC 1738 §3.4.4; 1994 URL draft, gopher+ string",
				Severity: sev, Message: "the gopher+ string is none of the forms \"+[view[%20language]][%091%0D%0A+-1%0D%0A...%0D%0A.%0D%0A]\", \"?\", \"![names]\", \"$[names]\""})
		case gp.Ask != nil && (gp.View != "" || gp.Language != ""):
			// RFC 1738 §3.4.9 writes an ASK block after "+" alone; a view with one is the
			// 1994 URL draft's "really complex example" (Gopher). A warning: RFC 1738 §5
			// gopher+_string is *xchar.
			sk.Add(locator.Finding{Offset: plusOff, Code: CodeGopherPlus, Rule: "RFC 1738 §3.4.9",
				Severity: locator.SeverityWarning, Message: "an alternate view with an ASK block is the 1994 URL draft's form; RFC 1738 §3.4.9 writes the block after \"+\" alone"})
		}
	}
}

// gopherLineFinding reports an encoded CR or LF in the selector or search (RFC 1738 §3.4.1).
func gopherLineFinding(sk *syntax.Sink, s string, off int, what string) {
	if strings.IndexByte(s, '%') < 0 && !strings.ContainsAny(s, "\r\n") {
		return // nothing to decode, and no CR or LF (the fast path, which allocates nothing)
	}
	d, err := pct.Decode(s)
	if err != nil {
		return
	}
	if i := strings.IndexAny(d, "\r\n"); i >= 0 {
		sk.Add(locator.Finding{Offset: off + gopherRawIndex(s, i), Code: CodeLineBreak, Rule: "RFC 1738 §3.4.1",
			Message: "the " + what + " holds an encoded CR or LF, which a gopher selector cannot carry"})
	}
}

func init() {
	register(Scheme{
		SchemeInfo: locator.SchemeInfo{Name: "gopher", DefaultPort: 70, Hierarchical: true, Source: "RFC 1738 §3.4"},
		View:       func(u locator.URL) (View, error) { return ParseGopher(u) },
		Check:      checkGopher,
		Plan: func(u locator.URL) (Plan, error) {
			g, err := ParseGopher(u)
			if err != nil {
				return Plan{}, err
			}
			p, err := g.Plan()
			return p, rebase(err, u, pct.RFC1738Control)
		},
	})
}
