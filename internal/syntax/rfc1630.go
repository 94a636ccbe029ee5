package syntax

import (
	"strings"
	"sync"

	"github.com/locator-url/locator"
)

// The generic grammar of the "Universal Resource Identifiers in WWW" draft
// (testdata/spec/uri-draft-www.txt, published as RFC 1630), the URI draft for short. The draft
// has no numbered sections: the rules below cite it by heading. Its "BNF syntax" is
//
//	fragmentaddress  uri [ # fragmentid ]
//	uri              scheme : path [ ? search ]
//	scheme           ialpha
//	path             void | xpalphas [ / path ]
//	search           xalphas [ + search ]
//	fragmentid       xalphas
//	xalpha           alpha | digit | safe | extra | escape
//	xalphas          xalpha [ xalphas ]
//	xpalpha          xalpha | +
//	xpalphas         xpalpha [ xpalpha ]
//	ialpha           alpha [ xalphas ]
//	safe             $ | - | _ | @ | . | & | -
//	extra            ! | * | " | ' | ( | ) | : | ; | , | space
//	escape           % hex hex
//	national         { | } | vline | [ | ] | \ | ^ | ~
//	punctuation      < | >
//
// and "The "national" and "punctuation" characters [do] not appear in any productions and
// therefore may not appear in URLs". The draft defines no "reserved" production: its
// "Reserved characters" are prose ("%", "/", "." and "..", "#", "?", and "+" within a query).
// Where the BNF and the prose disagree the checker follows the prose, because the draft's own
// examples do (TestRFC1630Readings runs the examples under both readings):
//
//   - path. Read literally, path = void | xpalphas [ / path ] has no leading "/" and no empty
//     segment, so that no "//host" form and none of the draft's examples
//     ("http://www.w3.org/albert/bertram/marie-claude", "magic://a/b/c//d/e/f") would be a
//     URI; and xpalphas = xpalpha [ xpalpha ] (not [ xpalphas ]) limits a segment to two
//     characters. The checker reads a path as any run of xpalpha and "/" (the "Hierarchical
//     forms" and "Partial (relative) form" prose, whose "c//d" is an empty segment).
//   - search. search = xalphas [ + search ] makes "+" a separator of non-empty words; the
//     "Query strings" prose makes it "shorthand notation for a space", and a space is an
//     xalpha (extra), so "a++b" is "a  b". The checker accepts every "+" and warns of an
//     empty word ([CodeSearchEmptyWord]: a leading, trailing or doubled "+", or an empty
//     search), which the BNF would reject.
//   - fragmentid = xalphas is not empty, but the "Fragment-id" prose says "A void
//     fragment-id with or without the hash sign means that the URL refers to the whole
//     object": an empty fragment ("…#") is valid.
//   - space. The BNF has space in extra; the "Unsafe characters" prose says the canonical
//     form does not use it unencoded ("the cannonical form for URIs has all white spaces
//     encoded", Choices for a universal syntax). A space is valid, with a warning.
//
// What "+" means where it stands unencoded: in a search, a space (a real "+" must be written
// %2B, Query strings); in a path, itself (xpalpha = xalpha | +); in a scheme name and in a
// fragment it is not allowed (ialpha and fragmentid are xalphas, which have no "+"). The
// characters "=" and "`" are in no production either (neither xalpha nor national nor
// punctuation): the draft's "Conventional URI encoding scheme" says "Character codes other
// than those allowed by the syntax shall not be used unencoded in a URL", so they are errors.
// (The "Choices for a universal syntax" prose says "=" is "commonly used in the encoding of
// names havng attributte=value pairs", as its reason not to make "=" the escape character; it
// does not add "=" to the syntax. RFC 1630 as published, June 1994, differs here: its
// "BNF of Generic URI Syntax" has a class reserved = "=" ";" "/" "#" "?" ":" space, and no
// ":", ";" or space in extra. This checker follows the draft, the text the project's
// specification folder holds.) The BNF's safe lists "-" twice, which changes nothing.

// CodeSearchEmptyWord is the warning for an empty word of a search (see CheckRFC1630Text): a
// "+" at the start or end of a search, two "+" in a row, or "?" with no search after it.
const CodeSearchEmptyWord locator.Code = "search-empty-word"

// RFC1630Parts is a URI as the URI draft divides it: fragmentaddress = uri [ # fragmentid ],
// uri = scheme : path [ ? search ], or, without a scheme, a partial form (the draft's
// "Partial (relative) form": the path, search and fragment of a URI). Each Start is the byte
// offset of the part in the text.
type RFC1630Parts struct {
	Scheme        string // the scheme name, before the first ":"; "" for a partial form
	HasScheme     bool   // a full form: a ":" stands before any "/" (and "?", "#")
	Path          string // after the scheme's ":" (or from the start) up to "?" or "#"
	PathStart     int
	Search        string // after the first "?" of the URI, up to "#"
	HasSearch     bool
	SearchStart   int
	Fragment      string // after the first "#"
	HasFragment   bool
	FragmentStart int
}

// SplitRFC1630 divides s into the parts of [RFC1630Parts]: the fragment after the first "#"
// (no production before it has a "#"), the search after the first "?" before it (neither
// scheme nor path has a "?"), and the scheme before the first ":" when that ":" comes before
// any "/": "a full form must have a colon and that colon must occur before any slash
// characters" (URI draft, Partial (relative) form). It does not check the parts.
func SplitRFC1630(s string) RFC1630Parts {
	var p RFC1630Parts
	end := len(s)
	if i := strings.IndexByte(s, '#'); i >= 0 {
		p.Fragment, p.HasFragment, p.FragmentStart = s[i+1:], true, i+1
		end = i
	}
	if i := strings.IndexByte(s[:end], '?'); i >= 0 {
		p.Search, p.HasSearch, p.SearchStart = s[i+1:end], true, i+1
		end = i
	}
	if i := strings.IndexAny(s[:end], ":/"); i >= 0 && s[i] == ':' {
		p.Scheme, p.HasScheme = s[:i], true
		p.PathStart = i + 1
	}
	p.Path = s[p.PathStart:end]
	return p
}

// IsIalpha reports whether s is ialpha = alpha [ xalphas ], a scheme name of the URI draft
// (a space is one of its extra characters).
func IsIalpha(s string) bool {
	if s == "" || s[0]|0x20 < 'a' || s[0]|0x20 > 'z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		switch {
		case rfc1630Allowed[ctxScheme][s[i]]:
		case isEscape(s, i):
			i += 2
		default:
			return false
		}
	}
	return true
}

// CheckRFC1630 adds to sk the findings of the URI draft's generic grammar on u's text (see
// [CheckRFC1630Text]) and returns its parts.
func CheckRFC1630(sk *Sink, u locator.URL) RFC1630Parts { return CheckRFC1630Text(sk, u.String()) }

// CheckRFC1630Text adds to sk the findings of the URI draft's generic grammar ("BNF syntax")
// on s, a full form or a partial form, and returns its parts (SplitRFC1630). The scheme must
// be ialpha (a letter, then xalphas: "a_b", "x.y", "A$B" are scheme names; "svn+ssh" and
// "whois++" are not); the path holds xpalpha and "/"; the search xalpha and "+"; the fragment
// xalpha. A "%" must start an escape "%" hex hex ([locator.CodeBadEscape]; the draft's Example
// 3 calls "%*" and "%as" illegal); a control ([locator.CodeControl]), a non-ASCII byte
// ([locator.CodeNonASCII]), a national character ([locator.CodeNationalChar]), "<" or ">"
// ([locator.CodeUnsafeChar]), "=" or "`" ([locator.CodeDisallowedChar]) is an error anywhere;
// "/", "?", "#" and "+" where their production has no place for them are
// [locator.CodeReservedChar] errors. A space is a warning ([locator.CodeUnsafeChar]), an empty
// word of a search another ([CodeSearchEmptyWord]). The choices between the BNF and the prose
// are listed at the top of this file. Time and memory are linear in len(s).
func CheckRFC1630Text(sk *Sink, s string) RFC1630Parts {
	p := SplitRFC1630(s)
	if p.HasScheme {
		checkScheme1630(sk, p.Scheme)
	}
	check1630Chars(sk, p.Path, p.PathStart, ctxPath)
	if p.HasSearch {
		check1630Chars(sk, p.Search, p.SearchStart, ctxSearch)
		checkSearchWords(sk, p.Search, p.SearchStart)
	}
	if p.HasFragment {
		check1630Chars(sk, p.Fragment, p.FragmentStart, ctxFragment)
	}
	return p
}

// checkScheme1630 checks scheme = ialpha = alpha [ xalphas ], at offset 0.
func checkScheme1630(sk *Sink, scheme string) {
	const rule = "URI draft, BNF syntax: scheme = ialpha"
	if scheme == "" {
		sk.Add(locator.Finding{Offset: 0, Code: locator.CodeSchemeDigitFirst, Rule: rule, Severity: locator.SeverityError,
			Message: "empty scheme before \":\": a \":\" before any \"/\" makes a full form (Partial (relative) form); write \"./\" before a partial form"})
		return
	}
	if c := scheme[0]; c|0x20 < 'a' || c|0x20 > 'z' {
		sk.Add(locator.Finding{Offset: 0, Code: locator.CodeSchemeDigitFirst, Rule: rule, Severity: locator.SeverityError,
			Message: "a scheme name begins with a letter (ialpha = alpha [ xalphas ]); a \":\" before any \"/\" makes a full form, so write \"./\" before a partial form"})
		check1630Chars(sk, scheme, 0, ctxScheme) // the first character too: an escape, a "+"
		return
	}
	check1630Chars(sk, scheme[1:], 1, ctxScheme)
}

// The contexts of the character check: which production a character stands in.
const (
	ctxScheme   = iota // xalphas of ialpha
	ctxPath            // xpalpha and "/"
	ctxSearch          // xalpha and "+"
	ctxFragment        // xalphas of fragmentid
	numCtx
)

// ctxRules are the rules cited for a character not allowed in each context.
var ctxRules = [numCtx]string{
	ctxScheme:   "URI draft, BNF syntax: scheme = ialpha",
	ctxPath:     "URI draft, BNF syntax: path",
	ctxSearch:   "URI draft, BNF syntax: search",
	ctxFragment: "URI draft, BNF syntax: fragmentid",
}

// rfc1630Allowed says which bytes stand unencoded in each context: xalpha but escape (alpha,
// digit, safe, extra), with "+" and "/" in the path and "+" in the search.
var rfc1630Allowed = func() (t [numCtx][256]bool) {
	const xalpha = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" +
		"$-_@.&" + // safe
		"!*\"'():;, " // extra
	for k := range numCtx {
		for i := 0; i < len(xalpha); i++ {
			t[k][xalpha[i]] = true
		}
	}
	t[ctxPath]['+'], t[ctxPath]['/'] = true, true
	t[ctxSearch]['+'] = true
	return t
}()

// check1630Chars adds a finding for each character of s (at offset off) that context k does
// not allow, each "%" not followed by two hex digits, and each space (a warning).
func check1630Chars(sk *Sink, s string, off, k int) {
	allowed := &rfc1630Allowed[k]
	for i := 0; i < len(s); {
		c := s[i]
		if allowed[c] {
			if c == ' ' && sk.Take(off+i, locator.CodeUnsafeChar, locator.SeverityWarning) {
				sk.Add(locator.Finding{Offset: off + i, Code: locator.CodeUnsafeChar, Rule: "URI draft, Unsafe characters",
					Severity: locator.SeverityWarning,
					Message:  "a space is in the BNF (extra), but in canonical form every space is encoded: write %20" + spaceHint[k]})
			}
			i++
			continue
		}
		if c == '%' && isEscape(s, i) {
			i += 3
			continue
		}
		n := 1
		if c >= 0x80 {
			n = charLen(s, i)
		}
		code, sev := rfc1630Code(c), locator.SeverityError
		if sk.Take(off+i, code, sev) {
			f := locator.Finding{Offset: off + i, Code: code, Severity: sev, Rule: ctxRules[k]}
			if c >= 0x80 {
				nf, _ := classify(s, i, off, "")
				f.Message = nf.Message + " (the URI draft's syntax is 7-bit ASCII: Design criteria, Printable)"
				f.Rule = "URI draft, Conventional URI encoding scheme"
			} else {
				t := &rfc1630Findings()[k][c]
				f.Message, f.Rule = t.msg, t.rule
			}
			sk.Add(f)
		}
		i += n
	}
}

// spaceHint adds, for a space in a search, that "+" is the draft's shorthand for one.
var spaceHint = [numCtx]string{ctxSearch: " or \"+\" (Query strings)"}

// rfc1630Code returns the code of the finding for the byte c where its context does not
// allow it (which of "/", "?", "#" and "+" a context allows is rfc1630Allowed's).
func rfc1630Code(c byte) locator.Code {
	switch {
	case c >= 0x80:
		return locator.CodeNonASCII
	case c < 0x20 || c == 0x7f:
		return locator.CodeControl
	case c == '%':
		return locator.CodeBadEscape
	case strings.IndexByte("{}|[]\\^~", c) >= 0:
		return locator.CodeNationalChar
	case c == '<' || c == '>':
		return locator.CodeUnsafeChar
	case c == '/' || c == '?' || c == '#' || c == '+':
		return locator.CodeReservedChar
	}
	return locator.CodeDisallowedChar
}

// finding1630 is the message and rule of the finding for one US-ASCII byte in one context.
type finding1630 struct{ msg, rule string }

// rfc1630Findings returns the message and rule of the finding for each US-ASCII byte in each
// context, built once, so that reporting a character allocates nothing.
var rfc1630Findings = sync.OnceValue(func() *[numCtx][0x80]finding1630 {
	var t [numCtx][0x80]finding1630
	for k := range numCtx {
		for c := range 0x80 {
			t[k][c] = rfc1630Message(byte(c), k)
		}
	}
	return &t
})

// places names each context in a message.
var places = [numCtx]string{ctxScheme: "a scheme name", ctxPath: "a path", ctxSearch: "a search", ctxFragment: "a fragment identifier"}

// rfc1630Message returns the message and rule of the finding for the US-ASCII byte c, which
// context k does not allow.
func rfc1630Message(c byte, k int) finding1630 {
	h := hexByte(c)
	switch rfc1630Code(c) {
	case locator.CodeControl:
		return finding1630{"control character " + h + " is in no production of the BNF; encode it as " + h,
			"URI draft, Conventional URI encoding scheme"}
	case locator.CodeBadEscape:
		return finding1630{"\"%\" not followed by two hex digits: such sequences are reserved for future extension (Example 3 calls \"%*\" and \"%as\" illegal); write a \"%\" as %25",
			"URI draft, Reduced or increased safe character sets"}
	case locator.CodeNationalChar:
		return finding1630{"national character " + quoteByte(c) + " may not appear in URLs (it is in no production); encode it as " + h,
			"URI draft, BNF syntax: national"}
	case locator.CodeUnsafeChar:
		return finding1630{"punctuation character " + quoteByte(c) + " may not appear in URLs (it is in no production); encode it as " + h,
			"URI draft, BNF syntax: punctuation"}
	case locator.CodeReservedChar:
		switch {
		case c == '+' && k == ctxScheme:
			return finding1630{"\"+\" is not in a scheme name (ialpha = alpha [ xalphas ], and xalpha has no \"+\")", ctxRules[k]}
		case c == '+':
			return finding1630{"\"+\" is not in a fragment identifier (fragmentid = xalphas); encode it as %2B", ctxRules[k]}
		}
		return finding1630{"reserved character " + quoteByte(c) + " is not allowed in " + places[k] + "; encode it as " + h, ctxRules[k]}
	}
	return finding1630{"character " + quoteByte(c) + " is in no production of the BNF; encode it as " + h,
		"URI draft, Conventional URI encoding scheme"}
}

// checkSearchWords warns of each empty word of the search q (at offset off): the BNF's
// search = xalphas [ + search ] has none, while the prose reads each "+" as a space.
func checkSearchWords(sk *Sink, q string, off int) {
	const msg = "empty word in the search (search = xalphas [ + search ]): \"+\" is shorthand for a space, and a real \"+\" must be encoded as %2B (Query strings)"
	const rule = "URI draft, BNF syntax: search"
	if q == "" {
		sk.Add(locator.Finding{Offset: off, Code: CodeSearchEmptyWord, Rule: rule, Severity: locator.SeverityWarning,
			Message: "empty search after \"?\": the BNF's search has at least one word (search = xalphas [ + search ])"})
		return
	}
	for i := 0; i < len(q); i++ {
		if q[i] != '+' {
			continue
		}
		// A "+" that ends the search or has "+" (or the start) before it makes an empty word.
		if (i == 0 || q[i-1] == '+' || i == len(q)-1) && sk.Take(off+i, CodeSearchEmptyWord, locator.SeverityWarning) {
			sk.Add(locator.Finding{Offset: off + i, Code: CodeSearchEmptyWord, Rule: rule,
				Severity: locator.SeverityWarning, Message: msg})
		}
	}
}
