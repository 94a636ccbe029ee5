package syntax

import (
	"strings"
	"sync"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/pct"
)

// The scheme-independent grammar of the 1993 URL Internet Draft (url6, "Uniform Resource
// Locators", testdata/spec/url-draft-1993.txt), cited by the draft's name and the heading in
// words ("1993 URL draft, BNF: search"), since the draft has no numbered sections. Package
// scheme runs it (checkDraft1993To) and adds the productions of each scheme on the helpers
// below. Every function here scans its input once and allocates nothing unless it reports a
// finding.
//
// Where the draft's BNF and its prose disagree, the choice is made at the rule, with the reason:
//   - space: the BNF lists "space" in extra, so xalpha holds it; the prose (Choices) says
//     "spaces are not legal characters". The prose is followed: a space is an error. The
//     prose states the rule with its reason (white space added and lost when mail wraps
//     lines), and RFC 1738 §2.2 kept it.
//   - escape: the BNF's hex has a–f; the prose ("Encoding prohibited characters") says
//     "(0-9, A-F)". The BNF is followed: a lower-case escape is allowed.
//   - fragmentid = xalphas has at least one character; the prose ("Fragment-id") says a void
//     fragment-id may be written with the hash sign. The prose is followed: "#" at the end is
//     allowed.
//   - generic = scheme ":" path, and path cannot start with "/"; the prose ("Internet protocol
//     parts") says that every scheme of an Internet protocol writes "//" [user "@"] hostport
//     then its path. A generic URL whose path starts with "//" is read by that prose.
//   - hostport = host [ ":" port ], and host (ialpha) may hold ":"; the prose gives the port
//     "in decimal notation after a colon": the first ":" of a hostport starts the port.
//   - xpalphas = xpalpha [ xpalpha ] reads as one or two characters; every other list of the
//     BNF recurses (xalphas = xalpha [ xalphas ], digits = digit [ digits ]), and the draft's
//     own examples have longer path segments ("gopher_protocol"): it is read as xpalpha
//     [ xpalphas ], a typing slip.
//
// The draft's sets (BNF, the table after the productions): safe = "$" "-" "_" "@" "." "&"
// (written "\$": the backslash is an escape of the text's conversion, not a character of the
// set, since variant lists "\"); extra = "!" "*" <"> "'" "(" ")" ":" ";" "," space; escape =
// "%" hex hex; variant = "{" "}" "[" "]" "\" "^" "~"; punctuation = "<" ">". xalpha = alpha |
// digit | safe | extra | escape, xpalpha = xalpha | "+". The draft names no reserved and no
// national set: its delimiters are "/" (the path's hierarchy), "?" (a search), "#" (a
// fragment-id), "+" (between the words of a search) and "%" (an escape), and variant and
// punctuation appear in no production, so they must always be encoded, as must "=", "|", "`",
// controls and octets 80–FF, which are in no set at all ("Character codes other than those
// allowed by the syntax shall not be used in a URL", Encoding prohibited characters).

// The sets of the 1993 URL draft (BNF).
var (
	draft93Safe        = pct.Of("$-_@.&")                                      // 1993 URL draft, BNF: safe
	draft93Extra       = pct.Of("!*\"'():;,")                                  // 1993 URL draft, BNF: extra, without space (see above)
	draft93Variant     = pct.Of("{}[]\\^~")                                    // 1993 URL draft, BNF: variant
	draft93Punctuation = pct.Of("<>")                                          // 1993 URL draft, BNF: punctuation
	draft93Xalpha      = pct.AlphaDigit.Union(draft93Safe).Union(draft93Extra) // xalpha, escape aside
	draft93Path        = draft93Xalpha.With("+/")                              // path: xpalpha and "/"
	draft93Search      = draft93Xalpha.With("+")                               // search: xalphas and "+"
	draft93Host        = draft93Xalpha.Without(":")                            // host: xalpha, ":" starting the port
)

// Draft1993Xalpha is the set of bytes the 1993 URL draft's xalpha allows unencoded: alpha,
// digit, safe and extra (without space: see the package's notes); escape ("%" hex hex) aside.
var Draft1993Xalpha = draft93Xalpha

// The codes of the 1993 URL draft's checker (scheme.Check with locator.URLDraft1993). Package
// scheme documents them with its own codes.
const (
	// CodeDraft1993Scheme: a scheme name that is not ialpha (alpha [ xalphas ]).
	CodeDraft1993Scheme locator.Code = "draft1993-scheme"
	// CodeDraft1993EmptySegment: path = void | xpalphas [ "/" path ] has no empty segment
	// but the last: a path starting with "/" or holding "//".
	CodeDraft1993EmptySegment locator.Code = "draft1993-empty-segment"
	// CodeDraft1993SearchWord: search = xalphas [ "+" search ] has no empty word: an empty
	// search, a "+" at either end or "++".
	CodeDraft1993SearchWord locator.Code = "draft1993-search-word"
	// CodeDraft1993Host: a host that is neither hostname (ialpha: a letter first) nor
	// hostnumber (four groups of digits), an error; a warning for a hostnumber, which the
	// draft allows "optionally and less advisably" (Internet protocol parts).
	CodeDraft1993Host locator.Code = "draft1993-host"
	// CodeDraft1993Production: the URL does not have the form of its scheme's production
	// (a part missing, a part where the production has none, a part not of its kind).
	CodeDraft1993Production locator.Code = "draft1993-production"
	// CodeDraft1993Login: a warning for a user name or password: "Use of this field is
	// discouraged" (1993 URL draft, Internet protocol parts).
	CodeDraft1993Login locator.Code = "draft1993-login-discouraged"
)

// Draft1993 is a URL split by the 1993 URL draft: fragmentaddress = url [ "#" fragmentid ],
// url = scheme ":" and the rest, whose form depends on the scheme. The fields are byte
// offsets into S.
type Draft1993 struct {
	S string // the URL as written
	// Colon is the offset of the ":" that ends the scheme name, or -1 for a partial form
	// (1993 URL draft, Partial form: "a full form must have a colon and that colon must
	// occur before any slash characters").
	Colon int
	// BodyStart and BodyEnd delimit what follows the scheme's ":" (the whole partial form
	// when Colon is -1), before the "#" of the fragment-id.
	BodyStart, BodyEnd int
	// Hash is the offset of the "#" that starts the fragment-id, or -1 when there is none.
	Hash int
}

// SplitDraft1993 splits s by the 1993 URL draft: the fragment-id after the first "#" (which
// no other production allows), and the scheme name before the first ":" when it comes before
// any "/" and any "?" (generic = scheme : path [ ? search ]: a scheme, ialpha, holds no "?",
// so a ":" after one is in a search: "g?x:y" is a partial form).
func SplitDraft1993(s string) Draft1993 {
	d := Draft1993{S: s, Colon: -1, BodyEnd: len(s), Hash: -1}
	if h := strings.IndexByte(s, '#'); h >= 0 {
		d.Hash, d.BodyEnd = h, h
	}
	head := s[:d.BodyEnd]
	if c := strings.IndexAny(head, ":/?"); c >= 0 && head[c] == ':' {
		d.Colon, d.BodyStart = c, c+1
	}
	return d
}

// Scheme returns the scheme name as written ("" for a partial form).
func (d Draft1993) Scheme() string {
	if d.Colon < 0 {
		return ""
	}
	return d.S[:d.Colon]
}

// Body returns what follows the scheme's ":", before the fragment-id.
func (d Draft1993) Body() string { return d.S[d.BodyStart:d.BodyEnd] }

// CheckDraft1993 adds to sk the findings of the scheme-independent rules of the 1993 URL draft
// on u (its written form, u.String()), and returns the URL split (SplitDraft1993) for the
// production of its scheme, which package scheme checks:
//   - the scheme name, ialpha = alpha [ xalphas ] (BNF: scheme): a letter, then letters,
//     digits, safe and extra characters and escapes, so "a_b:x" has the scheme "a_b" and
//     "svn+ssh:x" has none the draft allows;
//   - no scheme: a partial form, an error here ("Partial form": "when a reference is passed in
//     anything other than a well controlled context, the full form must always be used"),
//     whose parts are then checked as the partial form writes them;
//   - the fragment-id, xalphas, possibly void ("Fragment-id").
func CheckDraft1993(sk *Sink, u locator.URL) Draft1993 { return CheckDraft1993Text(sk, u.String()) }

// CheckDraft1993Text is [CheckDraft1993] on the text s, which need not be a URL locator.Parse
// accepts (the draft's text checker, for an input Parse rejects: "%*" is the draft's bad
// escape, not RFC 1738's); the offsets are into s.
func CheckDraft1993Text(sk *Sink, s string) Draft1993 {
	d := SplitDraft1993(s)
	if d.Colon < 0 {
		msg := "no scheme: a partial form, for a well controlled context only; a full form is scheme \":\" and the rest, the \":\" before any \"/\""
		if s == "" {
			msg = "empty: a URL is a scheme, \":\" and the rest"
		}
		sk.Add(locator.Finding{Offset: 0, Code: locator.CodeNoScheme, Rule: "1993 URL draft, Partial form",
			Message: msg, Severity: locator.SeverityError})
		checkDraft1993Partial(sk, d)
	} else {
		checkDraft1993Scheme(sk, s[:d.Colon])
	}
	if d.Hash >= 0 {
		// fragmentaddress = url [ "#" fragmentid ]; fragmentid = xalphas. "If the fragment-id
		// is void, the hash sign may be omitted" (Fragment-id): a void one is allowed.
		draft93Chars(sk, s[d.Hash+1:], d.Hash+1, draft93Xalpha, "1993 URL draft, BNF: fragmentid")
	}
	return d
}

// IsDraft1993Ialpha reports whether s is ialpha = alpha [ xalphas ] of the 1993 URL draft (BNF):
// a letter, then letters, digits, safe and extra characters (space aside, see the notes at
// the top of this file) and escapes.
func IsDraft1993Ialpha(s string) bool {
	if s == "" || !pct.Alpha.Contains(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		switch {
		case draft93Xalpha.Contains(s[i]):
		case isEscape(s, i):
			i += 2
		default:
			return false
		}
	}
	return true
}

// checkDraft1993Scheme checks the scheme name sc, at offset 0: ialpha = alpha [ xalphas ].
func checkDraft1993Scheme(sk *Sink, sc string) {
	const rule = "1993 URL draft, BNF: scheme"
	if sc == "" || !pct.Alpha.Contains(sc[0]) {
		what := "empty"
		if sc != "" {
			what = "does not start with a letter"
		}
		if sk.Take(0, CodeDraft1993Scheme, locator.SeverityError) {
			sk.Add(locator.Finding{Offset: 0, Code: CodeDraft1993Scheme, Rule: rule,
				Message:  "scheme name " + quoteShort(sc) + " " + what + ": a scheme is ialpha, a letter then letters, digits, safe and extra characters",
				Severity: locator.SeverityError})
		}
		if sc == "" {
			return
		}
	}
	draft93Chars(sk, sc, 0, draft93Xalpha, rule)
}

// checkDraft1993Partial checks the partial form d (1993 URL draft, Partial form): "//" and
// the rest of the locator when the host differs, or a path, absolute (a leading "/") or
// relative, then [ "?" search ].
func checkDraft1993Partial(sk *Sink, d Draft1993) {
	body := d.Body()
	if strings.HasPrefix(body, "//") {
		checkDraft1993Internet(sk, d)
		return
	}
	path, q := body, -1
	if i := strings.IndexByte(body, '?'); i >= 0 {
		path, q = body[:i], i
	}
	off := d.BodyStart
	if strings.HasPrefix(path, "/") {
		// "If a leading slash is present, the path is absolute."
		path, off = path[1:], off+1
	}
	CheckDraft1993Path(sk, path, off, "1993 URL draft, BNF: path")
	if q >= 0 {
		CheckDraft1993Search(sk, body[q+1:], d.BodyStart+q+1, "1993 URL draft, BNF: search")
	}
}

// CheckDraft1993Generic adds to sk the findings of the 1993 URL draft's generic production
// on the body of d: generic = scheme ":" path [ "?" search ], path being void | xpalphas
// [ "/" path ]. A body that starts with "//" is read by the prose of "Internet protocol parts"
// (every scheme of an Internet protocol writes "//" [ user "@" ] hostport, then "/" and its
// path), which the BNF's generic does not allow.
func CheckDraft1993Generic(sk *Sink, d Draft1993) {
	body := d.Body()
	if strings.HasPrefix(body, "//") {
		checkDraft1993Internet(sk, d)
		return
	}
	path, q := body, -1
	if i := strings.IndexByte(body, '?'); i >= 0 {
		path, q = body[:i], i
	}
	CheckDraft1993Path(sk, path, d.BodyStart, "1993 URL draft, BNF: generic, path")
	if q >= 0 {
		CheckDraft1993Search(sk, body[q+1:], d.BodyStart+q+1, "1993 URL draft, BNF: search")
	}
}

// checkDraft1993Internet checks a body "//" [ user "@" ] hostport [ "/" path ] [ "?" search ],
// the form "Internet protocol parts" describes.
func checkDraft1993Internet(sk *Sink, d Draft1993) {
	body := d.Body()
	lg := CheckDraft1993Login(sk, body[2:], d.BodyStart+2)
	rest, off := d.S[lg.End:d.BodyEnd], lg.End
	path, q := rest, -1
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		path, q = rest[:i], i
	}
	if path != "" {
		// path[0] is "/": the login ends at the first "/" or "?".
		CheckDraft1993Path(sk, path[1:], off+1, "1993 URL draft, BNF: path")
	}
	if q >= 0 {
		CheckDraft1993Search(sk, rest[q+1:], off+q+1, "1993 URL draft, BNF: search")
	}
}

// Draft1993Login is the login of a URL of an Internet protocol (1993 URL draft, Internet
// protocol parts): [ user "@" ] host [ ":" port ], as [CheckDraft1993Login] found it. Each
// span is of offsets into the URL, {-1, -1} when the part is absent.
type Draft1993Login struct {
	User locator.Span // before the last "@"
	Host locator.Span // the host
	Port locator.Span // after the host's ":"
	End  int          // the offset after the login: of the "/" or "?" that ends it, or of the end
}

// CheckDraft1993Login adds to sk the findings of the login s, the text after "//" up to the
// end of the body, at offset off of the URL, and returns its parts. The login "continues until
// the following slash" (Internet protocol parts), or the "?" of a search; the user name is
// what precedes its last "@" (user = xalphas, which holds "@"), and is reported as
// discouraged (a warning), with a ":" in it read as the password the prose discourages too;
// host is hostname or hostnumber ([CheckDraft1993Host]); port = digits.
func CheckDraft1993Login(sk *Sink, s string, off int) Draft1993Login {
	none := locator.Span{Start: -1, End: -1}
	lg := Draft1993Login{User: none, Port: none}
	end := strings.IndexAny(s, "/?")
	if end < 0 {
		end = len(s)
	}
	lg.End = off + end
	hp, hpOff := s[:end], off
	if at := strings.LastIndexByte(hp, '@'); at >= 0 {
		user := hp[:at]
		lg.User = locator.Span{Start: off, End: off + at}
		checkDraft1993User(sk, user, off)
		hp, hpOff = hp[at+1:], off+at+1
	}
	host := hp
	if c := strings.IndexByte(hp, ':'); c >= 0 {
		host = hp[:c]
		lg.Port = locator.Span{Start: hpOff + c + 1, End: hpOff + len(hp)}
		CheckDraft1993Digits(sk, hp[c+1:], hpOff+c+1, "1993 URL draft, BNF: port", "port")
	}
	lg.Host = locator.Span{Start: hpOff, End: hpOff + len(host)}
	CheckDraft1993Host(sk, host, hpOff, "1993 URL draft, BNF: host")
	return lg
}

// checkDraft1993User checks the user name s at off: user = xalphas, a warning that the field
// is discouraged, and one for a password after a ":".
func checkDraft1993User(sk *Sink, s string, off int) {
	const rule = "1993 URL draft, Internet protocol parts"
	if s == "" {
		sk.Add(locator.Finding{Offset: off, Code: CodeDraft1993Production, Rule: "1993 URL draft, BNF: user",
			Message: "empty user name before \"@\": user is xalphas, at least one character", Severity: locator.SeverityError})
	} else {
		draft93Chars(sk, s, off, draft93Xalpha, "1993 URL draft, BNF: user")
	}
	if sk.Take(off, CodeDraft1993Login, locator.SeverityWarning) {
		sk.Add(locator.Finding{Offset: off, Code: CodeDraft1993Login, Rule: rule,
			Message: "a user name in the URL: \"Use of this field is discouraged\"", Severity: locator.SeverityWarning})
	}
	if c := strings.IndexByte(s, ':'); c >= 0 && sk.Take(off+c, CodeDraft1993Login, locator.SeverityWarning) {
		sk.Add(locator.Finding{Offset: off + c, Code: CodeDraft1993Login, Rule: rule,
			Message:  "\":\" in the user name reads as a password, which the draft discourages (useful only when public, and then not needed)",
			Severity: locator.SeverityWarning})
	}
}

// CheckDraft1993Host adds to sk the findings of host, at offset off, as the 1993 URL draft's
// host = hostname | hostnumber: hostname = ialpha [ "." hostname ], a letter then xalpha
// characters (dots among them); hostnumber = digits "." digits "." digits "." digits. A host
// that starts with a digit is read as a hostnumber.
func CheckDraft1993Host(sk *Sink, host string, off int, rule string) {
	if host == "" {
		sk.Add(locator.Finding{Offset: off, Code: locator.CodeEmptyHost, Rule: rule,
			Message: "empty host: a host is a hostname or a hostnumber", Severity: locator.SeverityError})
		return
	}
	if pct.Alpha.Contains(host[0]) {
		draft93Chars(sk, host, off, draft93Host, "1993 URL draft, BNF: hostname")
		return
	}
	// hostnumber = digits "." digits "." digits "." digits
	groups, ok := 1, true
	for i := 0; i < len(host); i++ {
		switch c := host[i]; {
		case c == '.':
			if i == 0 || host[i-1] == '.' {
				ok = false
			}
			groups++
		case c < '0' || c > '9':
			ok = false
		}
	}
	if ok && groups == 4 && host[len(host)-1] != '.' {
		// Internet protocol parts: "the IP address as a set of four decimal digits", allowed
		// "optionally and less advisably".
		if sk.Take(off, CodeDraft1993Host, locator.SeverityWarning) {
			sk.Add(locator.Finding{Offset: off, Code: CodeDraft1993Host, Rule: "1993 URL draft, Internet protocol parts",
				Message: "a host number is allowed \"optionally and less advisably\" than a domain name", Severity: locator.SeverityWarning})
		}
		return
	}
	if sk.Take(off, CodeDraft1993Host, locator.SeverityError) {
		sk.Add(locator.Finding{Offset: off, Code: CodeDraft1993Host, Rule: "1993 URL draft, BNF: host",
			Message:  "host " + quoteShort(host) + " is neither a hostname (a letter first) nor a hostnumber (four groups of digits)",
			Severity: locator.SeverityError})
	}
	draft93Chars(sk, host, off, draft93Host, "1993 URL draft, BNF: hostname")
}

// CheckDraft1993Digits adds to sk the findings of s, at offset off, as digits = digit
// [ digits ]: one or more decimal digits, what naming the part in messages.
func CheckDraft1993Digits(sk *Sink, s string, off int, rule, what string) {
	if s == "" {
		if sk.Take(off, CodeDraft1993Production, locator.SeverityError) {
			sk.Add(locator.Finding{Offset: off, Code: CodeDraft1993Production, Rule: rule,
				Message: "empty " + what + ": digits, at least one", Severity: locator.SeverityError})
		}
		return
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < '0' || c > '9' {
			if sk.Take(off+i, CodeDraft1993Production, locator.SeverityError) {
				sk.Add(locator.Finding{Offset: off + i, Code: CodeDraft1993Production, Rule: rule,
					Message: what + " " + quoteShort(s) + " is not decimal digits", Severity: locator.SeverityError})
			}
			return
		}
	}
}

// CheckDraft1993Xalphas adds to sk the findings of s, at offset off, as xalphas = xalpha
// [ xalphas ]: at least one character, each xalpha or an escape; what names the part.
func CheckDraft1993Xalphas(sk *Sink, s string, off int, rule, what string) {
	if s == "" {
		if sk.Take(off, CodeDraft1993Production, locator.SeverityError) {
			sk.Add(locator.Finding{Offset: off, Code: CodeDraft1993Production, Rule: rule,
				Message: "empty " + what + ": xalphas, at least one character", Severity: locator.SeverityError})
		}
		return
	}
	draft93Chars(sk, s, off, draft93Xalpha, rule)
}

// CheckDraft1993Alphanums adds to sk the findings of s, at offset off, as alphanums =
// alphanum [ alphanums ]: at least one letter or digit, no escape.
func CheckDraft1993Alphanums(sk *Sink, s string, off int, rule, what string) {
	if s == "" {
		if sk.Take(off, CodeDraft1993Production, locator.SeverityError) {
			sk.Add(locator.Finding{Offset: off, Code: CodeDraft1993Production, Rule: rule,
				Message: "empty " + what + ": alphanums, at least one letter or digit", Severity: locator.SeverityError})
		}
		return
	}
	for i := 0; i < len(s); {
		if pct.AlphaDigit.Contains(s[i]) {
			i++
			continue
		}
		n := charLen(s, i)
		if isEscape(s, i) {
			n = 3
		}
		if sk.Take(off+i, CodeDraft1993Production, locator.SeverityError) {
			sk.Add(locator.Finding{Offset: off + i, Code: CodeDraft1993Production, Rule: rule,
				Message: what + " holds " + quoteShort(s[i:i+n]) + ": alphanums are letters and digits only", Severity: locator.SeverityError})
		}
		i += n
	}
}

// CheckDraft1993Path adds to sk the findings of s, at offset off, as the 1993 URL draft's
// path = void | xpalphas [ "/" path ], xpalpha = xalpha | "+": segments of xpalpha characters
// and escapes between "/", none empty but the last (so no "/" first and no "//").
func CheckDraft1993Path(sk *Sink, s string, off int, rule string) {
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '/' {
			continue
		}
		if i == start && i < len(s) && sk.Take(off+i, CodeDraft1993EmptySegment, locator.SeverityError) {
			msg := "empty path segment: path is void or xpalphas [ \"/\" path ], so no \"//\""
			if i == 0 {
				msg = "path starts with \"/\": path is void or xpalphas [ \"/\" path ]"
			}
			sk.Add(locator.Finding{Offset: off + i, Code: CodeDraft1993EmptySegment, Rule: rule,
				Message: msg, Severity: locator.SeverityError})
		}
		start = i + 1
	}
	draft93Chars(sk, s, off, draft93Path, rule)
}

// CheckDraft1993Search adds to sk the findings of s, at offset off, as the 1993 URL draft's
// search = xalphas [ "+" search ]: words of xalpha characters and escapes, separated by
// single "+", none empty (so the search is not empty either).
func CheckDraft1993Search(sk *Sink, s string, off int, rule string) {
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '+' {
			continue
		}
		if i == start && sk.Take(off+i, CodeDraft1993SearchWord, locator.SeverityError) {
			msg := "empty word in the search: search is xalphas [ \"+\" search ]"
			if s == "" {
				msg = "empty search after \"?\": search is xalphas [ \"+\" search ], at least one character"
			}
			sk.Add(locator.Finding{Offset: off + i, Code: CodeDraft1993SearchWord, Rule: rule,
				Message: msg, Severity: locator.SeverityError})
		}
		start = i + 1
	}
	draft93Chars(sk, s, off, draft93Search, rule)
}

// CheckDraft1993Chars adds to sk a finding for each byte of s, at offset off, that is neither
// in allowed nor the start of an escape "%" hex hex, classified by the 1993 URL draft's sets
// (see [Draft1993Xalpha]) and citing rule.
func CheckDraft1993Chars(sk *Sink, s string, off int, allowed pct.Set, rule string) {
	draft93Chars(sk, s, off, allowed, rule)
}

// draft93Chars is CheckDraft1993Chars.
func draft93Chars(sk *Sink, s string, off int, allowed pct.Set, rule string) {
	for i := 0; i < len(s); {
		c := s[i]
		if allowed.Contains(c) {
			i++
			continue
		}
		if isEscape(s, i) {
			i += 3
			continue
		}
		n := charLen(s, i)
		var code locator.Code
		var msg string
		if c < 0x80 {
			t := &draft93Findings()[c]
			code, msg = t.code, t.msg
		} else {
			code = locator.CodeNonASCII
		}
		if !sk.Take(off+i, code, locator.SeverityError) {
			i += n
			continue
		}
		f := locator.Finding{Offset: off + i, Code: code, Rule: rule, Message: msg, Severity: locator.SeverityError}
		if c >= 0x80 {
			// "Character codes other than those allowed by the syntax shall not be used in a
			// URL" (Encoding prohibited characters): the message of RFC 1738 §2.2's octets
			// 80–FF says the same.
			g, _ := classify(s, i, off, rule)
			f.Message = g.Message
		}
		sk.Add(f)
		i += n
	}
}

// draft93Findings returns the code and message of the finding for each US-ASCII byte that a
// production of the 1993 URL draft does not allow where it stands, built once.
var draft93Findings = sync.OnceValue(func() *[0x80]charFinding {
	var t [0x80]charFinding
	for i := range t {
		c := byte(i)
		e := " must be encoded as " + hexByte(c)
		switch {
		case c < 0x20 || c == 0x7f:
			t[i] = charFinding{locator.CodeControl, "control character " + hexByte(c) + " is in none of the draft's sets and" + e}
		case c == ' ':
			t[i] = charFinding{locator.CodeUnsafeChar, "space is not a legal character (Choices; the BNF's extra lists it) and" + e}
		case c == '%':
			t[i] = charFinding{locator.CodeBadEscape, "\"%\" not followed by two hex digits (escape = \"%\" hex hex) must be encoded as %25"}
		case draft93Variant.Contains(c):
			t[i] = charFinding{locator.CodeNationalChar, "variant character " + quoteByte(c) + " (BNF: variant) is in no production and" + e}
		case draft93Punctuation.Contains(c):
			t[i] = charFinding{locator.CodeUnsafeChar, "punctuation character " + quoteByte(c) + " (BNF: punctuation) is in no production and" + e}
		case c == '/' || c == '?' || c == '#' || c == '+':
			t[i] = charFinding{locator.CodeReservedChar, "delimiter " + quoteByte(c) + " is not allowed here and" + e}
		case draft93Xalpha.Contains(c):
			t[i] = charFinding{locator.CodeReservedChar, "character " + quoteByte(c) + " is not allowed here and" + e}
		default:
			t[i] = charFinding{locator.CodeDisallowedChar, "character " + quoteByte(c) + " is in none of the draft's sets and" + e}
		}
	}
	return &t
})

// quoteShort quotes s for a message, bounded (display.Quote).
func quoteShort(s string) string { return display.Quote(s) }
