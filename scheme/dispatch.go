package scheme

import (
	"slices"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/pct"
)

// ParseView returns the typed view of u by its scheme's registered View function.
func ParseView(u locator.URL) (View, error) {
	s, ok := Lookup(u.Scheme())
	if !ok || s.View == nil {
		return nil, &locator.Error{Input: u.String(), Code: CodeNoView, Rule: "RFC 1738 §3",
			Message: "no typed view for scheme " + strconvQuote(u.Scheme())}
	}
	return s.View(u)
}

// PlanFor returns the access plan of u by its scheme's registered Plan function.
func PlanFor(u locator.URL) (Plan, error) {
	s, ok := Lookup(u.Scheme())
	if !ok || s.Plan == nil {
		return Plan{}, &locator.Error{Input: u.String(), Code: CodeNoPlan, Rule: "RFC 1738 §3",
			Message: "no access plan for scheme " + strconvQuote(u.Scheme())}
	}
	return s.Plan(u)
}

// Check runs the strict checker of spec on u and returns its findings in offset order.
//
// For locator.RFC1738 it runs the scheme-independent rules (locator.CheckRFC1738) and then the
// scheme's own RFC 1738 §5 production (its Check function); a scheme without one is checked as
// RFC 1738 §5 otherurl (genericurl, with the ip-schemepart login when "//" follows the colon).
// For locator.RFC3986 it runs locator.CheckRFC3986.
func Check(u locator.URL, spec locator.Spec) []locator.Finding {
	switch spec {
	case locator.RFC3986:
		return locator.CheckRFC3986(u)
	case locator.RFC1738:
	default:
		return []locator.Finding{{Code: CodeNoChecker, Rule: "locator specs",
			Message: "no strict checker for " + spec.String() + " in package scheme"}}
	}
	switch name := u.Scheme(); name {
	case "http", "https":
		if f, ok := fastHTTP(u); ok {
			return f
		}
	default:
		if quick := quickChecks(name); quick != nil && quickCheck(u, quick) {
			return nil
		}
	}
	f := locator.CheckRFC1738(u)
	s, ok := Lookup(u.Scheme())
	switch {
	case !u.HasScheme():
		// CheckRFC1738 reports the missing scheme.
	case !ok:
		// RFC 1738 §4: new schemes are registered with IANA; "x-" names are experimental.
		f = append(f, locator.Finding{Offset: 0, Code: CodeUnknownScheme, Rule: "RFC 1738 §4",
			Severity: locator.SeverityWarning,
			Message:  "scheme " + strconvQuote(u.Scheme()) + " is not registered; checked as otherurl (RFC 1738 §5)"})
	case s.Status == locator.SchemeReservedName:
		f = append(f, locator.Finding{Offset: 0, Code: CodeReservedScheme, Rule: "RFC 1738 §4",
			Severity: locator.SeverityWarning,
			Message:  "scheme " + strconvQuote(u.Scheme()) + " is a name RFC 1738 §4 reserves without defining its syntax"})
	}
	if ok && s.Check != nil {
		if g := s.Check(u); len(g) > 0 {
			if len(f) == 0 && s.Status == locator.SchemeDefined {
				f = g // the checkers of this package return a slice of their own
			} else {
				f = append(f, g...)
			}
		}
	} else if u.HasAuthority() {
		// RFC 1738 §5 otherurl = genericurl; schemepart = *xchar | ip-schemepart.
		f = locator.CheckLogin(f, u)
	}
	// CheckRFC1738 and the scheme's checker may both report one unsafe character.
	return locator.SortFindings(f)
}

// fastHTTP returns what Check(u, locator.RFC1738) returns for an http or https URL whose
// scheme is in lower case, and true, when u has no user information and a valid host and
// port: then the findings can only be characters of the path, search and fragment, each
// found once, in offset order, by one scan. The scan holds each part to its production
// (RFC 1738 §5 hsegment, search; xchar in the fragment); a character outside xchar is
// reported, as Check reports it, under the rule of locator.CheckRFC1738, which comes first
// and wins over the same finding of checkHTTP. It returns false for other URLs.
func fastHTTP(u locator.URL) ([]locator.Finding, bool) {
	if !u.HasAuthority() {
		return nil, false
	}
	if _, ok := u.Userinfo(); ok || !quickHostPort(u) {
		return nil, false
	}
	p := u.Path()
	if p != "" && p[0] != '/' {
		return nil, false
	}
	q, hasQuery := u.Query()
	// The character summary says which parts hold a character to report (see init).
	sum := u.Chars()
	if sum&(locator.CharsPathUnsafe|locator.CharsQueryUnsafe|locator.CharsQuerySlashQuestion|locator.CharsFragmentUnsafe) == 0 &&
		(p != "" || !hasQuery) {
		return nil, true
	}
	// The offsets of the parts, from their lengths (u.Offsets computes them all).
	s := u.String()
	end := len(s)
	frag, hasFrag := u.Fragment()
	if hasFrag {
		end -= len(frag) + 1
	}
	if hasQuery {
		end -= len(q) + 1
	}
	var buf [8]locator.Finding
	f := buf[:0]
	if p != "" && sum&locator.CharsPathUnsafe != 0 {
		f = checkCharsAs1738(f, s, p, end-len(p), httpPathClass, "RFC 1738 §5 hsegment")
	}
	if hasQuery {
		if p == "" {
			f = append(f, locator.Finding{Offset: end, Code: CodeHTTPSearchNoPath, Rule: "RFC 1738 §5 httpurl",
				Message: "a search follows \"/\" hpath: write \"/?\"", Severity: locator.SeverityError})
		}
		if sum&(locator.CharsQueryUnsafe|locator.CharsQuerySlashQuestion) != 0 {
			f = checkCharsAs1738(f, s, q, end+1, httpSearchClass, "RFC 1738 §5 search")
		}
	}
	if hasFrag && sum&locator.CharsFragmentUnsafe != 0 {
		f = checkChars(f, frag, len(s)-len(frag), xcharClass, "RFC 1738 §2.2, §2.4.1 fragment")
	}
	if len(f) == 0 {
		return nil, true
	}
	return slices.Clone(f), true
}

// checkCharsAs1738 is checkChars for the part t of s at offset off, with the rule of
// locator.CheckRFC1738 for a character outside RFC 1738 §5 xchar. fastHTTP calls it for a
// part that its character summary says holds a character outside k, so there is no fast path.
func checkCharsAs1738(f []locator.Finding, s, t string, off int, k *charClass, rule string) []locator.Finding {
	n := len(f)
	j := k.Skip(t)
	f = locator.CheckChars(f, t[j:], off+j, k.Set, rule)
	for i := n; i < len(f); i++ {
		if !pct.RFC1738Xchar.Contains(s[f[i].Offset]) {
			f[i].Rule = "RFC 1738 §2.2"
		}
	}
	return f
}

// quickChecks returns the quick check of the scheme name, written in lower case, or nil.
// A quick check reports true only when the scheme's Check function finds nothing in u, and
// it looks at every byte of the scheme-specific part that precedes the fragment, holding it
// to a set of RFC 1738 §5 xchar (see quickCheck). The common schemes have one, so that
// checking a valid URL of theirs is one pass over it that allocates nothing. (A program
// cannot replace these schemes: see Register.)
func quickChecks(name string) func(u locator.URL) bool {
	switch name {
	case "ftp":
		return quickFTP
	case "file":
		return quickFile
	}
	return nil
}

// quickCheck reports whether Check(u, locator.RFC1738) has no findings, by quick, the quick
// check of u's scheme, whose name is in lower case (RFC 1738 §2.1): then locator.CheckRFC1738
// has nothing to say either, since the bytes before the fragment are xchar (quick saw to
// that), and the fragment is checked here.
func quickCheck(u locator.URL, quick func(u locator.URL) bool) bool {
	if !u.HasScheme() || !quick(u) {
		return false
	}
	return u.Chars()&locator.CharsFragmentUnsafe == 0 // the fragment is xchar
}

// quickHostPort reports whether locator.CheckLogin has nothing to say about u's login, whose
// user and password, if any, hold only characters of loginClass: then locator.CheckHostPort
// has nothing to say about u's host and port, which hold only letters, digits, "-", "." and
// ":" (RFC 1738 §5 hostport).
func quickHostPort(u locator.URL) bool {
	return len(locator.CheckLogin(nil, u)) == 0
}

// quickFTP is the quick check of checkFTP (a path with ";type=" is left to it).
func quickFTP(u locator.URL) bool {
	if !u.HasAuthority() || !quickHostPort(u) {
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
	return u.Chars()&ftpPathNot == 0 && !ftpPathHasIAC(u)
}

// quickFile is the quick check of checkFile.
func quickFile(u locator.URL) bool {
	if !u.HasAuthority() {
		return false
	}
	if _, ok := u.Userinfo(); ok {
		return false
	}
	if _, ok := u.Port(); ok {
		return false
	}
	if u.Host() != "" && !quickHostPort(u) {
		return false
	}
	// afterAuthority(u) is "/" and u.URLPath() when the path is not empty: its characters
	// are filePathClass when the summary says so (see init).
	return u.Path() != "" && u.Chars()&ftpPathNot == 0
}

// ftpPathNot are the bits of the character summary that say a path or query holds a
// character outside ftpPathClass (and filePathClass, the same set).
const ftpPathNot = locator.CharsPathUnsafe | locator.CharsPathSemicolon | locator.CharsQueryUnsafe | locator.CharsQuerySemicolon

// The classes of the quick checks and of the checkers. Each is a subset of RFC 1738 §5
// xchar, as quickCheck requires (see init).
var (
	xcharClass      = newCharClass(pct.RFC1738Xchar)
	loginClass      = newCharClass(loginChars)
	httpPathClass   = newCharClass(httpSegmentChars.With("/"))
	httpSearchClass = newCharClass(httpSearchChars)
	ftpPathClass    = newCharClass(ftpSegmentChars.With("/"))
	filePathClass   = newCharClass(fileSegmentChars)
)

func init() {
	for _, k := range []*charClass{loginClass, httpPathClass, httpSearchClass, ftpPathClass, filePathClass} {
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
