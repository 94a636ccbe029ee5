package whatwg

import (
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Pair is a name-value tuple of the application/x-www-form-urlencoded format (§5). Name and
// Value are decoded strings. The zero value is the pair of an empty name and an empty value,
// which [SerializeForm] writes as "=".
type Pair struct {
	Name  string // the name, decoded
	Value string // the value, decoded; "" when the input had no "="
}

// ParseForm runs the application/x-www-form-urlencoded string parser (§5.1; §5.3 "Hooks"): input
// is split on "&"; each non-empty piece is split at its first "=" into name and value; "+" becomes
// a space; both are percent-decoded and then UTF-8 decoded without BOM (invalid bytes become
// U+FFFD). Names and values that need no decoding are parts of input; the others share one
// buffer, so that the cost is a few allocations whatever the number of pairs.
func ParseForm(input string) []Pair {
	n := 0 // the non-empty pieces
	for i, start := 0, 0; i <= len(input); i++ {
		if i == len(input) || input[i] == '&' {
			if i > start {
				n++
			}
			start = i + 1
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]Pair, 0, n)
	var buf []byte
	for len(input) > 0 {
		var piece string
		piece, input, _ = strings.Cut(input, "&")
		if piece == "" {
			continue
		}
		name, value, _ := strings.Cut(piece, "=")
		var p Pair
		p.Name, buf = formDecode(buf, name, len(piece)+len(input))
		p.Value, buf = formDecode(buf, value, len(value)+len(input))
		out = append(out, p)
	}
	return out
}

// formDecode replaces "+" by a space, percent-decodes, and UTF-8 decodes without BOM (§5.1). It
// returns s itself when that changes nothing; otherwise it writes the result at the end of buf,
// which it allocates with room for rest bytes (the input left: decoding never lengthens it) the
// first time, and returns a string of those bytes, which are never written again.
func formDecode(buf []byte, s string, rest int) (string, []byte) {
	plain := strings.IndexByte(s, '+') < 0 && strings.IndexByte(s, '%') < 0
	if plain && utf8.ValidString(s) {
		return s, buf
	}
	if buf == nil {
		buf = make([]byte, 0, rest)
	}
	start := len(buf)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '+':
			buf = append(buf, ' ')
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			buf = append(buf, byte(hexVal(s[i+1])<<4|hexVal(s[i+2])))
			i += 2
		default:
			buf = append(buf, c)
		}
	}
	dec := buf[start:len(buf):len(buf)]
	if utf8.Valid(dec) {
		return bstr(dec), buf
	}
	// UTF-8 decode without BOM (Encoding Standard): the scalar form, after the decoded bytes.
	buf = slices.Grow(buf, scalarLen(bstr(dec)))
	mid := len(buf)
	buf = appendScalar(buf, bstr(dec))
	return bstr(buf[mid:len(buf):len(buf)]), buf
}

// SerializeForm runs the application/x-www-form-urlencoded serializer (§5.2) with UTF-8: names
// and values are percent-encoded with the application/x-www-form-urlencoded percent-encode set,
// a space written as "+", pairs joined by "&" and each name and value by "=".
func SerializeForm(pairs []Pair) string {
	n := 0 // the length of the result, so that it is allocated once
	for _, p := range pairs {
		n += formLen(p.Name) + 1 + formLen(p.Value) + 1
	}
	b := make([]byte, 0, n)
	for i, p := range pairs {
		if i > 0 {
			b = append(b, '&')
		}
		b = appendForm(b, p.Name)
		b = append(b, '=')
		b = appendForm(b, p.Value)
	}
	return bstr(b) // b is never written again
}

// formLen returns the length of appendForm's output for s.
func formLen(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			n++
			if formTab[c] && c != ' ' {
				n += 2
			}
			i++
			continue
		}
		k, bad := scalarStep(s, i)
		if bad {
			n += len("%EF%BF%BD")
		} else {
			n += 3 * k
		}
		i += k
	}
	return n
}

// appendForm is "percent-encode after encoding" with UTF-8 and the
// application/x-www-form-urlencoded percent-encode set, spaceAsPlus true (§1.3). Invalid UTF-8
// is encoded as the U+FFFD it decodes to (the standard works on scalar value strings).
func appendForm(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ':
			b = append(b, '+')
		case c < 0x80 && !formTab[c]:
			b = append(b, c)
		case c < 0x80:
			b = append(b, '%', upperhex[c>>4], upperhex[c&15])
		default:
			k, bad := scalarStep(s, i)
			if bad {
				b = append(b, "%EF%BF%BD"...)
				i += k
				continue
			}
			for _, d := range []byte(s[i : i+k]) {
				b = append(b, '%', upperhex[d>>4], upperhex[d&15])
			}
			i += k
			continue
		}
		i++
	}
	return b
}

// SearchParams is a list of name-value pairs in order, with the methods of the URLSearchParams
// class (§6.2). One made by [URL.SearchParams] is tied to that URL, as the URL's query object
// is: every change rewrites the URL's query (the "update" steps), and when the URL's query was
// set since (by [URL.SetSearch], [URL.SetHref], or by assigning the URL), the list is that
// query parsed again, as the search and href setters set the query object's list (§6.1). The
// zero value is an empty list tied to no URL.
type SearchParams struct {
	list []Pair
	url  *URL
	// seen is the URL's href when the list was last read from it or written to it: the URL
	// changed when its href is another string (an unchanged href is the same string, which
	// compares at once).
	seen string
}

// NewSearchParams returns the pairs of init, parsed as a query string with one leading "?"
// removed (§6.2 "new URLSearchParams(init)" with a string). The constructor takes a scalar
// value string (USVString), so invalid UTF-8 in init is read as U+FFFD first, as the setters
// and Append read it: a raw byte never joins the bytes of a percent-encoded sequence before it
// ("%E2%82\xAC" is two U+FFFD, not "€").
func NewSearchParams(init string) *SearchParams {
	init = toScalar(strings.TrimPrefix(init, "?"))
	return &SearchParams{list: ParseForm(init)}
}

// SearchParams returns the URL's query object (§6.1 searchParams getter): its query parsed as
// application/x-www-form-urlencoded, tied to u so that changes to it set u's query, and that
// reads u's query again when it was set since ([URL.SetSearch], [URL.SetHref]), as the
// standard's query object does. The zero URL's is an empty list tied to no URL: the zero URL
// is not a URL, and has no query to set.
func (u *URL) SearchParams() *SearchParams {
	if u.href == "" {
		return &SearchParams{}
	}
	q, _ := u.query()
	return &SearchParams{list: ParseForm(q), url: u, seen: u.href}
}

// sync makes the list the URL's query parsed, when the URL changed since the list was last
// read from it or written to it. The standard's search and href setters set the URL's query
// object's list to the query they set (§6.1 "search setter", "href setter"); here the URL is a
// value that the setters replace, so the list follows it when it is next used. The list is
// the query parsed whenever the two were last in step, since parsing a serialized list gives
// the list back (§5.1, §5.2), so parsing the query again changes nothing else. (The search
// setter's text parses its value, which differs from the query it sets only by the tabs and
// newlines the basic URL parser removes; the reference implementation, whatwg-url, parses the
// query, as here.) A URL set to the zero URL, which is not a URL, has an empty list.
func (s *SearchParams) sync() {
	if s.url == nil || s.url.href == s.seen {
		return
	}
	s.seen = s.url.href
	q, _ := s.url.query()
	s.list = ParseForm(q)
}

// scalarArg returns the optional value argument of Delete and Has as a scalar value string,
// converted once for the whole list, and whether it was given.
func scalarArg(value []string) (string, bool) {
	if len(value) == 0 {
		return "", false
	}
	return toScalar(value[0]), true
}

// update implements the URLSearchParams "update" steps (§6.2): the serialization becomes the
// URL's query, or null when it is empty.
func (s *SearchParams) update() {
	if s.url == nil || s.url.href == "" {
		return // no URL, or the zero URL, which has no query to set
	}
	var r record
	r.fromURL(s.url)
	q := SerializeForm(s.list)
	r.hasQuery = q != ""
	r.query = append(r.query[:0], q...)
	s.url.store(&r, q)
	s.seen = s.url.href
}

// Size returns the number of pairs (§6.2 size getter).
func (s *SearchParams) Size() int {
	s.sync()
	return len(s.list)
}

// Pairs returns a copy of the list, in order (§6.2 "value pairs to iterate over").
func (s *SearchParams) Pairs() []Pair {
	s.sync()
	return append([]Pair(nil), s.list...)
}

// Append adds the pair at the end (§6.2 append(name, value)).
func (s *SearchParams) Append(name, value string) {
	s.sync()
	s.list = append(s.list, Pair{toScalar(name), toScalar(value)})
	s.update()
}

// Delete removes every pair named name; given a value too, only those with that value (§6.2
// delete(name, value)).
func (s *SearchParams) Delete(name string, value ...string) {
	s.sync()
	name = toScalar(name)
	v, byValue := scalarArg(value)
	out := s.list[:0]
	for _, p := range s.list {
		if p.Name == name && (!byValue || p.Value == v) {
			continue
		}
		out = append(out, p)
	}
	clear(s.list[len(out):])
	s.list = out
	s.update()
}

// Get returns the value of the first pair named name, and false when there is none (§6.2
// get(name): null).
func (s *SearchParams) Get(name string) (string, bool) {
	s.sync()
	name = toScalar(name)
	for _, p := range s.list {
		if p.Name == name {
			return p.Value, true
		}
	}
	return "", false
}

// GetAll returns the values of all pairs named name, in order (§6.2 getAll(name)).
func (s *SearchParams) GetAll(name string) []string {
	s.sync()
	name = toScalar(name)
	var out []string
	for _, p := range s.list {
		if p.Name == name {
			out = append(out, p.Value)
		}
	}
	return out
}

// Has reports whether a pair is named name; given a value too, whether one has that value (§6.2
// has(name, value)).
func (s *SearchParams) Has(name string, value ...string) bool {
	s.sync()
	name = toScalar(name)
	v, byValue := scalarArg(value)
	for _, p := range s.list {
		if p.Name == name && (!byValue || p.Value == v) {
			return true
		}
	}
	return false
}

// Set gives the first pair named name the value and removes the others named name, or appends
// the pair when there is none (§6.2 set(name, value)).
func (s *SearchParams) Set(name, value string) {
	s.sync()
	name, value = toScalar(name), toScalar(value)
	out := s.list[:0]
	found := false
	for _, p := range s.list {
		if p.Name == name {
			if found {
				continue
			}
			found = true
			p.Value = value
		}
		out = append(out, p)
	}
	clear(s.list[len(out):])
	s.list = out
	if !found {
		s.list = append(s.list, Pair{name, value})
	}
	s.update()
}

// Sort sorts the pairs by name, comparing UTF-16 code units as the standard does ("code unit less
// than"), keeping the order of pairs with equal names (§6.2 sort()).
func (s *SearchParams) Sort() {
	s.sync()
	slices.SortStableFunc(s.list, func(a, b Pair) int {
		switch {
		case codeUnitLess(a.Name, b.Name):
			return -1
		case codeUnitLess(b.Name, a.Name):
			return 1
		}
		return 0
	})
	s.update()
}

// codeUnitLess reports whether a is code unit less than b (Infra): compared as UTF-16.
func codeUnitLess(a, b string) bool {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			return utf16Key(ra) < utf16Key(rb)
		}
		a, b = a[na:], b[nb:]
	}
	return a == "" && b != ""
}

// utf16Key orders code points as their UTF-16 code units do: a supplementary code point's first
// code unit is a high surrogate, D800–DBFF, below E000–FFFF.
func utf16Key(r rune) uint32 {
	if r >= 0x10000 {
		hi, lo := utf16.EncodeRune(r)
		return uint32(hi)<<16 | uint32(lo)
	}
	return uint32(r) << 16
}

// String returns the pairs serialized as application/x-www-form-urlencoded (§6.2 stringification
// behavior).
func (s *SearchParams) String() string {
	s.sync()
	return SerializeForm(s.list)
}
