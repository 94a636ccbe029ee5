package scheme

import (
	"fmt"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// ParseView returns the typed view of u by its scheme's registered View function, which is
// given the URL behind a "URL:" prefix (see [locator.ParseAs]); the offset of an error is u's.
func ParseView(u locator.URL) (View, error) {
	if !u.HasScheme() {
		return nil, noScheme(u, CodeNoView, "typed view")
	}
	s, ok := Lookup(u.Scheme())
	if !ok || s.View == nil {
		return nil, &locator.Error{Input: u.String(), Code: CodeNoView, Rule: "RFC 1738 §3",
			Message: "no typed view for scheme " + display.Quote(u.Scheme())}
	}
	b, off := behind(u)
	v, err := s.View(b)
	return v, shiftErr(err, u, off)
}

// PlanFor returns the access plan of u by its scheme's registered Plan function, which is
// given the URL behind a "URL:" prefix (see [locator.ParseAs]): a prefix changes no plan.
func PlanFor(u locator.URL) (Plan, error) {
	if !u.HasScheme() {
		return Plan{}, noScheme(u, CodeNoPlan, "access plan")
	}
	s, ok := Lookup(u.Scheme())
	if !ok || s.Plan == nil {
		return Plan{}, &locator.Error{Input: u.String(), Code: CodeNoPlan, Rule: "RFC 1738 §3",
			Message: "no access plan for scheme " + display.Quote(u.Scheme())}
	}
	b, off := behind(u)
	p, err := s.Plan(b)
	return p, shiftErr(err, u, off)
}

// noScheme is the error of ParseView and PlanFor for u without a scheme (a relative reference,
// RFC 1738 §2.1 <scheme>:<scheme-specific-part>), which has no view or plan: it says so, and
// when u starts with a non-ASCII character, which no scheme name holds (a byte-order mark, a
// letter such as "é"), it names that character, so that a line read with a mark before its URL
// says why.
func noScheme(u locator.URL, code locator.Code, what string) *locator.Error {
	msg := "no scheme: a relative reference has no " + what
	if in := u.String(); in != "" && in[0] >= utf8.RuneSelf {
		r, n := utf8.DecodeRuneInString(in)
		c := in[:n]
		if r == utf8.RuneError && n <= 1 {
			msg += "; it starts with " + display.Byte(in[0]) + ", not a character of a scheme name"
		} else {
			msg += fmt.Sprintf("; it starts with %s (U+%04X), not a character of a scheme name", display.Quote(c), r)
		}
	}
	return &locator.Error{Input: u.String(), Code: code, Rule: "RFC 1738 §2.1", Message: msg}
}

// Check runs the strict checker of spec on u and returns its findings in offset order, at
// most locator.MaxFindings of them and then, if there are more, one of code
// locator.CodeTooManyFindings that counts the rest. Its time and memory are linear in the
// length of u, and each message is short whatever u holds.
//
// For locator.RFC1738 it runs the scheme-independent rules of RFC 1738 alone (the scheme name;
// §2.2, characters that must always be encoded) and then the scheme's own RFC 1738 §5
// production (its Check function); a scheme without one is checked as RFC 1738 §5 otherurl
// (genericurl, with the ip-schemepart login when "//" follows the colon). afs, mid and cid,
// which RFC 1738 §4 only reserves, get a warning ([CodeReservedScheme]) and are checked as
// otherurl; the 1994 URL draft's ftp type codes ("AN", "E", "L8") are errors. A finding that
// both report (an unsafe character) is listed once.
//
// For locator.URLDraft1994 it checks u against the URL Internet Draft of March 1994 alone:
// its BNF's character classes (<"> is extra and "@", "&" safe; ";", ":" and "=" reserved and
// in no path or search; national and punctuation characters in no production), its login
// (user and password are one or more alphanum2, no escapes), its hostname (ialpha [ . hostname
// ]), and each address production: httpaddress (a search without a path), ftpaddress (the "/"
// required; type codes A and E with a format code, I, L with a byte size, no D), telnetaddress
// (no final "/"), gopheraddress, mailtoaddress (xalphas "@" hostname), newsaddress,
// nntpaddress ("nntp:" group "/" digits), waisaddress (wpath = digits = path ; [ wpath ]),
// prosperolink (the "%00" version form, no fieldspecs), midaddress, cidaddress and the
// historical afsaddress. file, which the draft does not list, gets a warning
// ([CodeSchemeNotInSpec]).
//
// For locator.RFC3986 it checks u as an RFC 3986 URI-reference, each component against its
// Appendix A production.
//
// A "URL:" prefix ([locator.URL.Prefix], read by [locator.ParseAs] under locator.RFC1738 and
// locator.URLDraft1994) is no finding: the URL behind it is checked, and the offsets are u's.
//
// Check returns a new slice, or nil when there are no findings; [CheckTo] appends to a
// slice of the caller's, which a program that checks many URLs can reuse.
func Check(u locator.URL, spec locator.Spec) []locator.Finding { return CheckTo(nil, u, spec) }

// fastPaths turns the fast paths of checkTo (fastHTTP, quickCheck) and CheckTo (clean1738, clean3986) on;
// the differential test (fastpath_internal_test.go) turns them off to compare.
var fastPaths = true

// checkTo adds the findings of Check to sk.
func checkTo(sk *syntax.Sink, up *locator.URL, spec locator.Spec) {
	switch spec {
	case locator.RFC3986:
		syntax.CheckRFC3986Ref(sk, up)
		return
	case locator.URLDraft1993:
		checkDraft1993To(sk, *up)
		return
	case locator.RFC1630:
		checkRFC1630To(sk, *up)
		return
	case locator.URLDraft1994:
		checkDraft1994To(sk, *up)
		return
	case locator.RFC1738:
	default:
		sk.Add(locator.Finding{Code: CodeNoChecker, Rule: "locator specs",
			Message: "no strict checker for " + spec.String() + " in package scheme"})
		return
	}
	switch name := up.Scheme(); {
	case !fastPaths:
	case name == "http" || name == "https":
		if fastHTTP(sk, up) {
			return
		}
	default:
		if quickCheck(name, up) {
			return
		}
	}
	check1738(sk, up)
}

// check1738 adds to sk the findings of Check(*up, locator.RFC1738) by the full checkers,
// without the fast paths, for a URL without a "URL:" prefix.
func check1738(sk *syntax.Sink, up *locator.URL) {
	u := *up
	syntax.CheckRFC1738(sk, u)
	s, ok := Lookup(u.Scheme())
	if ok && s.Status == locator.SchemeDefined && draftScheme1738(s.Name) {
		// RFC 1738 alone: §4 lists the name without a syntax; the syntax is the 1994 URL
		// draft's (checked under locator.URLDraft1994).
		sk.Add(locator.Finding{Offset: 0, Code: CodeReservedScheme, Rule: "RFC 1738 §4",
			Severity: locator.SeverityWarning,
			Message:  "scheme " + display.Quote(u.Scheme()) + " is a name RFC 1738 §4 reserves without defining its syntax (the 1994 URL draft defines it: --spec url-draft-1994); checked as otherurl (RFC 1738 §5)"})
		syntax.CheckLogin(sk, u)
		return
	}
	switch {
	case !u.HasScheme():
		// CheckRFC1738 reports the missing scheme.
	case !ok:
		// RFC 1738 §4: new schemes are registered with IANA; "x-" names are experimental.
		sk.Add(locator.Finding{Offset: 0, Code: CodeUnknownScheme, Rule: "RFC 1738 §4",
			Severity: locator.SeverityWarning,
			Message:  "scheme " + display.Quote(u.Scheme()) + " is not registered; checked as otherurl (RFC 1738 §5)"})
	case s.Status == locator.SchemeReservedName:
		sk.Add(locator.Finding{Offset: 0, Code: CodeReservedScheme, Rule: s.Source,
			Severity: locator.SeverityWarning,
			Message:  "scheme " + display.Quote(u.Scheme()) + " is a reserved name, without a syntax of its own"})
	case s.Status == locator.SchemeForStudy:
		sk.Add(locator.Finding{Offset: 0, Code: CodeReservedScheme, Rule: s.Source,
			Severity: locator.SeverityWarning,
			Message:  "scheme " + display.Quote(u.Scheme()) + " is left for further study, without a syntax"})
	}
	switch {
	case ok && s.Status == locator.SchemeDefined && checkDefined(sk, s.Name, u):
	case ok && s.Check != nil:
		sk.AddAll(s.Check(u))
	case u.HasAuthority():
		// RFC 1738 §5 otherurl = genericurl; schemepart = *xchar | ip-schemepart.
		syntax.CheckLogin(sk, u)
	}
}

// draftScheme1738 reports whether name, in lower case, is a scheme that locator defines by the
// 1994 URL draft and RFC 1738 §4 only reserves: afs, mid and cid.
func draftScheme1738(name string) bool {
	switch name {
	case "afs", "mid", "cid":
		return true
	}
	return false
}

// checkDefined runs the checker of the scheme name that this package defines (a program
// cannot replace these: see Register) into sk, and reports false for another name. The calls
// are direct, so that sk stays on Check's stack.
func checkDefined(sk *syntax.Sink, name string, u locator.URL) bool {
	switch name {
	case "ftp":
		checkFTPTo(sk, u)
	case "http", "https":
		checkHTTPTo(sk, u)
	case "file":
		checkFileTo(sk, u)
	case "gopher":
		checkGopherTo(sk, u)
	case "mailto":
		checkMailtoTo(sk, u)
	case "news":
		checkNewsTo(sk, u)
	case "nntp":
		checkNNTPTo(sk, u)
	case "telnet":
		checkTelnetTo(sk, u)
	case "wais":
		checkWAISTo(sk, u)
	case "prospero":
		checkProsperoTo(sk, u)
	default:
		return false
	}
	return true
}

// fastHTTP adds to sk what Check(u, locator.RFC1738) finds in an http or https URL whose
// scheme is in lower case, and returns true, when u has no user information and a valid host and
// port: then the findings can only be characters of the path, search and fragment, each
// found once, in offset order, by one scan. The scan holds each part to its production
// (RFC 1738 §5 hsegment, search; xchar in the fragment); a character outside xchar is
// reported, as Check reports it, under the rule of the scheme-independent checker (RFC 1738
// §2.2), which comes first and wins over the same finding of checkHTTP. It returns false for
// other URLs.
func fastHTTP(sk *syntax.Sink, u *locator.URL) bool {
	if st := httpState(u); st != httpClean && st != httpCharsLeft {
		return false
	}
	httpChars(sk, u)
	return true
}

// httpChars adds to sk the findings of fastHTTP for u, for which httpState is not httpOther:
// the characters of the path, search and fragment.
func httpChars(sk *syntax.Sink, u *locator.URL) {
	v := view(u) // the parts without a copy of u for each (see urlView)
	sum := v.chars
	p := v.s[v.pathStart:v.queryStart]
	hasQuery := v.flags&viewQuery != 0
	// The character summary says which parts hold a character to report (see init).
	if sum&(locator.CharsPathUnsafe|locator.CharsQueryUnsafe|locator.CharsQuerySlashQuestion|locator.CharsFragmentUnsafe) == 0 &&
		(p != "" || !hasQuery) {
		return
	}
	s := v.s
	end := int(v.queryStart) // the end of the path
	var q string
	if hasQuery {
		q = s[end+1 : v.fragStart]
	}
	frag, hasFrag := "", v.flags&viewFragment != 0
	if hasFrag {
		frag = s[v.fragStart+1:]
	}
	if p != "" && sum&locator.CharsPathUnsafe != 0 {
		syntax.CheckClass1738(sk, p, end-len(p), httpPathClass, "RFC 1738 §5 hsegment")
	}
	if hasQuery {
		if p == "" {
			sk.Add(locator.Finding{Offset: end, Code: CodeHTTPSearchNoPath, Rule: "RFC 1738 §5 httpurl",
				Message: "a search follows \"/\" hpath: write \"/?\"", Severity: locator.SeverityError})
		}
		if sum&(locator.CharsQueryUnsafe|locator.CharsQuerySlashQuestion) != 0 {
			syntax.CheckClass1738(sk, q, end+1, httpSearchClass, "RFC 1738 §5 search")
		}
	}
	if hasFrag && sum&locator.CharsFragmentUnsafe != 0 {
		syntax.CheckClass(sk, frag, len(s)-len(frag), syntax.XcharClass, "RFC 1738 §2.2; RFC 1808 §2.2 fragment")
	}
}

// quickCheck reports whether Check(u, locator.RFC1738) has no findings, by the quick check
// of u's scheme name, written in lower case (RFC 1738 §2.1), and false when the name has
// none. A quick check reports true only when the scheme's Check function finds nothing in u,
// and it looks at every byte of the scheme-specific part that precedes the fragment, holding
// it to a set of RFC 1738 §5 xchar: then the scheme-independent rules
// (syntax.CheckRFC1738) have nothing to say either, and the fragment is checked here. The
// common schemes have one, so that checking a valid URL of theirs is one pass over it that
// allocates nothing. (A program cannot replace these schemes: see Register.) The calls are
// direct, not through function values, so that u stays on Check's stack.
func quickCheck(name string, u *locator.URL) bool {
	v := view(u) // the parts without a copy of u for each (see urlView)
	if v.flags&viewScheme == 0 {
		return false
	}
	var ok bool
	switch name {
	case "ftp":
		ok = quickFTP(u)
	case "file":
		ok = quickFile(u)
	}
	return ok && v.chars&locator.CharsFragmentUnsafe == 0 // the fragment is xchar
}

// quickFTP is the quick check of checkFTP (a path with ";type=" is left to it).
func quickFTP(u *locator.URL) bool {
	if !u.HasAuthority() || !loginOK(u) {
		return false
	}
	if s, ok := u.User(); ok && !loginClass.All(s) {
		return false
	}
	if s, ok := u.Password(); ok && !loginClass.All(s) {
		return false
	}
	// afterAuthority(u) is "/" and u.URLPath() when the path is not empty: its characters
	// are ftpPathClass when the summary says so (see init).
	if u.Path() == "" {
		_, ok := u.Query()
		return !ok
	}
	return u.Chars()&ftpPathNot == 0 && !ftpPathHasIAC(*u)
}

// quickFile is the quick check of checkFile.
func quickFile(u *locator.URL) bool {
	v := view(u) // the parts without a copy of u for each (see urlView)
	if v.flags&(viewAuthority|viewUser|viewPort) != viewAuthority {
		return false // no authority, or user information or a port
	}
	// afterAuthority(u) is "/" and u.URLPath() when the path is not empty: its characters
	// are filePathClass when the summary says so (see init).
	if v.pathStart == v.queryStart || v.chars&ftpPathNot != 0 {
		return false
	}
	// Without user information, LoginOK is HostPortOK; checkFile checks the host, which may
	// be empty (RFC 1738 §3.10): ValidHostPortAt, its common case (a host without a port,
	// by syntax.HostWord) written out so that it makes no call.
	s, hs, he, sum := v.s, int(v.hostStart), int(v.hostEnd), v.chars
	if hs == he {
		return true
	}
	if n := he - hs; sum&(locator.CharsHostNotHostname|locator.CharsHostAlpha|locator.CharsHostDotHyphen) == locator.CharsHostAlpha &&
		hs < he && n <= 63 && 8 <= he && he <= len(s) {
		if syntax.HostWord(syntax.Load64(s[he-8:he]), s[hs], n) == 0 {
			return true
		}
	}
	return syntax.ValidHostPortAt(s, hs, he, int(v.pathStart), sum)
}

// loginOK is syntax.LoginOK(*u) for u with an authority, reading each part of u once
// without user information (see fastHTTP).
func loginOK(u *locator.URL) bool {
	if _, ok := u.Userinfo(); ok {
		return syntax.LoginOK(*u)
	}
	return syntax.HostPortOK(u.Host(), u.HostPort(), u.Chars())
}

// ftpPathNot are the bits of the character summary that say a path or query holds a
// character outside ftpPathClass (and filePathClass, the same set).
const ftpPathNot = locator.CharsPathUnsafe | locator.CharsPathSemicolon | locator.CharsQueryUnsafe | locator.CharsQuerySemicolon

// The classes of the quick checks and of the checkers. Each is a subset of RFC 1738 §5
// xchar, as quickCheck requires (see init).
var (
	loginClass      = syntax.LoginClass
	httpPathClass   = syntax.NewClass(httpSegmentChars.With("/"))
	httpSearchClass = syntax.NewClass(httpSearchChars)
	ftpPathClass    = syntax.NewClass(ftpSegmentChars.With("/"))
	filePathClass   = syntax.NewClass(fileSegmentChars)
)

func init() {
	for _, k := range []*pct.Class{loginClass, httpPathClass, httpSearchClass, ftpPathClass, filePathClass} {
		if !k.Set.Minus(pct.RFC1738Xchar).IsEmpty() {
			panic("scheme: a quick check's class is not a subset of RFC 1738 xchar")
		}
	}
	// The character summary (locator.Chars) tells a part that holds a character
	// outside xchar ("unsafe"), ";", and in the query "/" or "?". The fast paths read it for
	// these classes, which must then be xchar less those delimiters (a path holds no "?").
	xchar := pct.RFC1738Xchar
	if httpPathClass.Set.With("?") != xchar || httpSearchClass.Set.With("/?") != xchar ||
		ftpPathClass.Set.With(";") != xchar || filePathClass.Set != ftpPathClass.Set {
		panic("scheme: the fast paths' classes do not match the character summary")
	}
}

// Valid reports whether findings hold no error (warnings allowed).
func Valid(findings []locator.Finding) bool {
	for _, f := range findings {
		if f.Severity == locator.SeverityError {
			return false
		}
	}
	return true
}

// strconvQuote returns s quoted for a message or note, by the one escaping function
// (display.Quote): controls and invalid UTF-8 escaped, a double quote as \", and at most
// display.MaxQuote bytes of s, so that no byte of a URL can end or forge a line of output.
func strconvQuote(s string) string { return display.Quote(s) }
