// Package extract finds URLs in running text: mail, news, papers, old documents, logs.
//
// [Find] and [FindString] take a whole text; a [Scanner] reads any amount of text from an
// io.Reader with bounded memory. All three return the same [Finding] values, in input order.
//
// Four forms are recognised (see [Form]):
//
//	<URL:ftp://info.cern.ch/pub/www/doc;type=d>   wrapped (RFC 1738 Appendix)
//	URL:ftp://info.cern.ch/pub/                    prefixed (1994 URL draft, prefixedurl)
//	<http://example.com/>                          bracketed (RFC 3986 Appendix C)
//	see http://example.com/.                       bare (RFC 3986 Appendix C)
//
// Inside "<" and ">" whitespace is ignored, so a URL may be broken across lines, and the quote
// markers of a mail reply ("> ", ">> ") at the start of a continued line are ignored too (RFC
// 1738 Appendix). When a URL is broken across lines right after a hyphen, both readings are
// reported: first without the hyphen (a typesetter most likely added it), then with it.
//
// A bare URL needs a scheme that locator knows (scheme.Lookup: the schemes of RFC 1738
// and the drafts, registered ones, and "x-" names), followed by "//" when the scheme uses the
// common Internet scheme syntax (RFC 1738 §3.1: "http:x" in text is not a URL, but
// "news:comp.lang.go", "mailto:joe@example.com" and "mid:123@example.com" are). It ends at
// whitespace, at a character that RFC 1738 §2.2 says delimits URLs in text or must always be
// encoded ("<", ">", <">, "{", "}", "|", "\", "^", "`"), at a closing bracket or quote that it
// did not open, and never on sentence punctuation (".,;:!?" and quotes). Balanced parentheses
// stay in: (http://en.wikipedia.org/wiki/Go_(programming_language)) gives the whole address.
// Letters, digits and marks beyond ASCII are kept (they make the URL invalid); other
// characters beyond ASCII, and invalid UTF-8, end it. Inside a wrapper any scheme name is
// accepted after "URL:", and a known one after a plain "<", so that mail addresses and
// Message-IDs in "<...>" are not taken for URLs. The "URL:" prefix is matched in any case.
//
// Every reported URL parses with locator.ParseAs under [Options.Spec] (RFC 1738 unless chosen
// otherwise: "ftp://a:p?q@host/f" is the password "p?q", RFC 1738 §5, where locator.Parse
// would see the port "p"); [Finding.Valid] tells whether it also passes the strict check
// (scheme.Check) of that document. A candidate that it rejects (a bad escape such as "%zz", a
// port that is not digits, an unclosed IP literal) is not a URL and is not reported, and
// neither is any piece of the wrapper that held it. Whatever Options.Spec, the URLs are read
// from the text by the rules of RFC 1738 Appendix (which RFC 3986 Appendix C repeats; the 1994
// URL draft's appendix recommends the angle brackets only, and the 1993 draft and the URI
// draft give no rules for finding URLs in text).
//
// A URL longer than [MaxLength] (64 KiB) is not reported as a Finding, so that a [Scanner]
// works in bounded memory: its run of URL characters is skipped whole and reported as a [Skip]
// instead, with its offset, its length and its first [MaxPrefix] bytes, by [Search] and
// [Scanner.Skipped] ([Find] and [FindString] leave skips out). Nothing is dropped silently.
//
// [Wrap], [WrapText] and [WrapOptions] are the writing side of RFC 1738 Appendix: they write a
// URL as "<URL:" url ">", broken across lines only after a reserved character (never after a
// hyphen, never inside a %-escape), in a form that Find reads back as the URL that was
// wrapped.
//
// The work is linear in the input: each byte is examined a bounded number of times, and text
// with few URLs is skipped at memchr speed, looking only at "<" and ":". Hostile input (NUL
// bytes, invalid UTF-8, megabyte lines, a ten-megabyte URL, a million "<") is handled like
// any other.
package extract

import (
	"errors"
	"strconv"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
)

// Form is the way a URL is written in the text. The zero value is Bare.
type Form uint8

// The forms of a URL in text.
const (
	// Bare: no wrapper; the URL is delimited by whitespace, quotes, brackets and punctuation
	// (RFC 3986 Appendix C: "or just by using whitespace").
	Bare Form = iota
	// Bracketed: "<" URL ">" (RFC 3986 Appendix C: angle brackets are "especially
	// recommended as a delimiting style for a reference that contains embedded whitespace").
	Bracketed
	// Prefixed: "URL:" URL without brackets (1994 URL draft: prefixedurl = "u r l :" url;
	// RFC 1738 Appendix: "URLs be preceeded with a prefix consisting of the characters
	// "URL:"").
	Prefixed
	// Wrapped: "<URL:" URL ">" (RFC 1738 Appendix: "angle brackets ("<" and ">"), along with
	// the prefix "URL:", be used to delimit the boundaries of the URL").
	Wrapped
)

var formNames = [...]string{Bare: "bare", Bracketed: "bracketed", Prefixed: "prefixed", Wrapped: "wrapped"}

// String returns the form's name: "bare", "bracketed", "prefixed" or "wrapped".
func (f Form) String() string {
	if int(f) < len(formNames) {
		return formNames[f]
	}
	return "form(" + strconv.Itoa(int(f)) + ")"
}

// MarshalText implements encoding.TextMarshaler with the form's name.
func (f Form) MarshalText() ([]byte, error) {
	if int(f) >= len(formNames) {
		return nil, errors.New("extract: unknown form " + f.String())
	}
	return []byte(formNames[f]), nil
}

// UnmarshalText implements encoding.TextUnmarshaler: it accepts the names String returns.
func (f *Form) UnmarshalText(text []byte) error {
	for i, n := range formNames {
		if n == string(text) {
			*f = Form(i)
			return nil
		}
	}
	return errors.New("extract: unknown form " + display.Quote(string(text)) + "; want bare, bracketed, prefixed or wrapped")
}

// Finding is a URL found in text, in one of the forms RFC 1738's appendix and RFC 3986
// Appendix C describe (see [Form]). The zero value is no finding.
type Finding struct {
	// URL is the likelier reading, with the wrapper, the "URL:" prefix and the whitespace
	// inside it removed. It always parses with locator.ParseAs under [Options.Spec] (so
	// under locator.RFC1738 "ftp://a:p?q@host/f", whose password "p?q" RFC 1738 §5 allows, is
	// found whole), or with locator.Parse when it starts with "URL:" again. The URLs of
	// findings share blocks of memory of 4 KiB (one allocation for many URLs): a URL kept
	// after the others keeps at most that much, or its own length, alive.
	URL string `json:"url"`
	// Alternatives are the other readings, less likely first to last; never nil, so that it
	// encodes as [] in JSON. The only source of them is a line break after a hyphen (RFC 1738
	// Appendix): URL is the reading without the hyphen, and Alternatives holds the one with
	// it. With several such breaks, URL drops every such hyphen and the alternative keeps
	// every one; the mixed readings are not listed.
	Alternatives []string `json:"alternatives"`
	// Start is the byte offset in the input of the URL's first byte: the first byte of its
	// scheme name, after any "<", "URL:" and whitespace.
	Start int `json:"start"`
	// End is the byte offset of the URL's last byte: the span is inclusive, so the URL's text
	// as written is input[Start:End+1]. Across lines, that text holds the line breaks, the
	// whitespace and the quote markers that the URL was read without.
	End int `json:"end"`
	// Form is how the URL was written: wrapped, prefixed, bracketed or bare.
	Form Form `json:"form"`
	// Valid reports whether URL passes the strict check of the chosen specification:
	// scheme.Check with [Options.Spec] (locator.RFC1738 unless chosen otherwise) finds no
	// error (warnings allowed).
	Valid bool `json:"valid"`
}

// Skip is a candidate URL that was not reported because its text is longer than [MaxLength]:
// a scheme name and its colon, then more than MaxLength bytes of URL characters. The whole run,
// up to the next white space or other delimiter, is skipped; no piece of it is reported.
//
// Skip is an error, so that it can be reported as one; its message quotes at most
// [MaxPrefix] bytes of the text, escaped.
type Skip struct {
	// Start is the byte offset in the input of the candidate's first byte: the first byte of
	// its scheme name.
	Start int `json:"start"`
	// Length is the number of bytes skipped from Start: more than MaxLength.
	Length int `json:"length"`
	// Form is how the candidate was written: bare, or prefixed with "URL:". (A wrapper
	// holds no more than MaxLength bytes, so a long URL in "<" ">" is read as if the "<"
	// were not there: bare, or prefixed after "<URL:".)
	Form Form `json:"form"`
	// Prefix is the candidate's first bytes as they are in the input: MaxPrefix of them, or
	// up to three fewer so as not to cut a character.
	Prefix string `json:"prefix"`
}

// Error describes the skip: its offset, its length and its escaped prefix.
func (s Skip) Error() string {
	return "extract: byte " + strconv.Itoa(s.Start) + ": a " + s.Form.String() + " URL of " +
		strconv.Itoa(s.Length) + " bytes, longer than extract.MaxLength (" + strconv.Itoa(MaxLength) +
		"), is not reported: " + display.Quote(s.Prefix) + "…"
}

// Options are the settings of a search. The zero value is the default of [Find], [Search]
// and [NewScanner].
type Options struct {
	// Spec is the specification that Finding.Valid follows, through scheme.Check(u, Spec):
	// locator.RFC1738 (the zero value), locator.URLDraft1994, locator.URLDraft1993,
	// locator.RFC1630 or locator.RFC3986; a reading is parsed with locator.ParseAs under
	// it. scheme.Check has no strict checker for locator.WHATWG, so under it no finding is
	// valid.
	Spec locator.Spec
}

// Find returns the URLs in text, in order, by [Options]. See the package documentation for
// the rules.
func (o Options) Find(text []byte) []Finding {
	found, _ := o.search(text, false)
	return found
}

// Search returns the URLs in text and the candidates skipped as longer than [MaxLength], each
// in order, by [Options].
func (o Options) Search(text []byte) ([]Finding, []Skip) {
	return o.search(text, true)
}

func (o Options) search(text []byte, withSkips bool) (out []Finding, skips []Skip) {
	m := matcher{buf: text, eof: true, spec: o.Spec}
	m.init()
	for {
		var f Finding
		switch m.next(&f) {
		case found:
			out = append(out, f)
		case skipped:
			if withSkips {
				skips = append(skips, m.skip)
			}
		default:
			return out, skips
		}
	}
}

// Find returns the URLs in text, in order; Valid follows RFC 1738. See the package
// documentation for the rules, and [Search] for the candidates skipped as too long.
func Find(text []byte) []Finding {
	return Options{}.Find(text)
}

// FindString is [Find] for a string.
func FindString(text string) []Finding {
	return Find([]byte(text))
}

// Search is [Find] that also returns the candidates skipped as longer than [MaxLength], in
// order.
func Search(text []byte) ([]Finding, []Skip) {
	return Options{}.Search(text)
}
