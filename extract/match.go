package extract

import (
	"bytes"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// status is what matcher.next has to say.
type status uint8

const (
	found   status = iota // a finding was filled in
	more                  // the window ends too early to decide: give more input
	done                  // no more findings: the input is at its end
	skipped               // a candidate longer than MaxLength was skipped: see matcher.skip
)

// seg maps a run of a reading to the input: text[at] is buf[raw], and so on up to the next seg.
type seg struct{ at, raw int }

// matcher finds URLs in a window buf of the input, which starts at the absolute offset base.
// With eof, buf runs to the end of the input. Without it, a scan that reaches the end of buf
// sets short, and the candidate is tried again with more input: results never depend on where
// a window ends. The matcher looks at most lookBehind+maxScheme bytes back from pos.
type matcher struct {
	buf       []byte
	base      int
	eof       bool
	spec      locator.Spec // Finding.Valid follows scheme.Check with this spec
	pos       int          // next index of buf to look at
	consumed  int          // index of buf after the last finding: a scheme may not start before it
	skipping  bool         // inside a run of URL characters longer than MaxLength
	lt, colon int          // next "<" and ":" at or after pos (len(buf) for none); -1 to look again
	short     bool         // a scan reached the end of buf before the end of the input
	broken    bool         // a wrapper held a scheme but no URL that parses: skip all of it
	need      int          // after more: the bytes after pos wanted before trying again

	text    []byte // the reading being built
	segs    []seg  // where text came from
	hyph    []int  // indices in text of hyphens that a line break followed (RFC 1738 Appendix)
	open    []byte // brackets a bare URL opened, innermost last
	lastRaw int    // index in buf of the last byte added to text

	// The candidate being skipped (while skipping), and then the Skip that next reports.
	skipStart  int    // absolute offset of its first byte
	skipForm   Form   // the form it was read in
	skipPrefix []byte // its first bytes, at most MaxPrefix
	skip       Skip

	steps int // bytes examined outside the fast skip: for the linear-time tests

	strs    *strings.Builder  // the block the readings' strings are copied into (str)
	checked []locator.Finding // the findings of the last URL checked (valid)
}

func (m *matcher) init() { m.lt, m.colon = -1, -1 }

// next finds the next URL at or after pos and fills in f.
func (m *matcher) next(f *Finding) status {
	for {
		m.need = 0
		if m.skipping {
			// Skip the rest of an over-long run: a URL found in its middle would be a piece.
			for m.pos < len(m.buf) && !stop[m.buf[m.pos]] {
				m.pos++
				m.steps++
			}
			if m.pos == len(m.buf) && !m.eof {
				return more
			}
			m.skipping = false
			m.skip = Skip{Start: m.skipStart, Length: m.base + m.pos - m.skipStart, Form: m.skipForm,
				Prefix: string(m.skipPrefix)}
			return skipped
		}
		p := m.candidate()
		if p < 0 {
			m.pos = len(m.buf)
			if m.eof {
				return done
			}
			return more
		}
		m.short, m.broken = false, false
		var end int
		var ok bool
		if m.buf[p] == '<' {
			end, ok = m.wrapper(p, f)
		} else {
			end, ok = m.colonAt(p, f)
		}
		if m.short {
			// Try again with at least twice the bytes: a long URL arriving in small
			// reads is then scanned O(log n) times, not O(n).
			m.pos = p
			m.skipping = false
			m.need = min(2*(len(m.buf)-p)+1, lookahead)
			return more
		}
		switch {
		case ok && m.buf[p] == '<':
			m.pos = end + 1
			m.consumed = m.pos
			return found
		case ok:
			m.pos = max(end, p+1)
			m.consumed = f.End - m.base + 1
			return found
		case m.broken:
			m.pos = end + 1
		case m.buf[p] == '<':
			m.pos = p + 1
		default:
			m.pos = max(end, p+1)
		}
	}
}

// candidate returns the index of the next "<" or ":" at or after pos, or -1. It looks with
// bytes.IndexByte, which skips text without URLs at memory speed, and remembers what it found.
func (m *matcher) candidate() int {
	if m.lt < m.pos {
		m.lt = len(m.buf)
		if i := bytes.IndexByte(m.buf[m.pos:], '<'); i >= 0 {
			m.lt = m.pos + i
		}
	}
	if m.colon < m.pos {
		m.colon = len(m.buf)
		if i := bytes.IndexByte(m.buf[m.pos:], ':'); i >= 0 {
			m.colon = m.pos + i
		}
	}
	p := min(m.lt, m.colon)
	if p >= len(m.buf) {
		return -1
	}
	return p
}

// has reports whether buf[i] exists; when it does not and the input goes on, the scan is short.
func (m *matcher) has(i int) bool {
	if i < len(m.buf) {
		return true
	}
	if !m.eof {
		m.short = true
	}
	return false
}

// rune is wordRune at buf[i], which exists; a character cut by the end of buf makes the scan
// short.
func (m *matcher) rune(i int) (int, bool) {
	if !m.eof && !utf8.FullRune(m.buf[i:]) {
		m.short = true
		return 0, false
	}
	return wordRune(m.buf[i:])
}

func (m *matcher) reset() {
	m.text = m.text[:0]
	m.segs = m.segs[:0]
	m.hyph = m.hyph[:0]
	m.open = m.open[:0]
	m.lastRaw = -2
}

// add appends buf[i:i+n] to the reading.
func (m *matcher) add(i, n int) {
	if len(m.text) == 0 || m.lastRaw != i-1 {
		m.segs = append(m.segs, seg{len(m.text), i})
	}
	m.text = append(m.text, m.buf[i:i+n]...)
	m.lastRaw = i + n - 1
}

// rawAt returns the index in buf of the reading's byte k.
func (m *matcher) rawAt(k int) int {
	j := sort.Search(len(m.segs), func(j int) bool { return m.segs[j].at > k }) - 1
	if j < 0 {
		return -1
	}
	return m.segs[j].raw + k - m.segs[j].at
}

// quoteDepth returns the number of mail quote markers (">", with spaces between) at the start of
// the line that holds buf[p]: the continued lines of a URL quoted in a reply carry the same
// markers, which are not part of the URL (RFC 1738 Appendix: whitespace "should be ignored";
// the markers are the reply's, not the writer's). A line whose start is more than lookBehind
// bytes back counts as unquoted.
func (m *matcher) quoteDepth(p int) int {
	lo := max(p-lookBehind, 0)
	i := p
	for i > lo && m.buf[i-1] != '\n' && m.buf[i-1] != '\r' {
		i--
	}
	m.steps += p - i
	if i == lo && lo > 0 && m.buf[i-1] != '\n' && m.buf[i-1] != '\r' {
		return 0
	}
	d := 0
	for ; i < p; i++ {
		switch m.buf[i] {
		case '>':
			d++
		case ' ', '\t':
		default:
			return d
		}
	}
	return d
}

// blank returns the index after the spaces and tabs at i; it stops at the end of buf and at
// the index lim.
func (m *matcher) blank(i, lim int) int {
	for ; i < lim && m.has(i); i++ {
		if c := m.buf[i]; c != ' ' && c != '\t' {
			return i
		}
		m.steps++
	}
	return i
}

// lineBreak, at i, skips spaces and tabs, one line break (CR LF, LF or CR), then the next
// line's indentation and up to depth quote markers, all within maxGap bytes. It returns the
// index of the next line's first byte of text, and false when there is no line break at i,
// the gap is too wide or the window ends.
func (m *matcher) lineBreak(i, depth int) (int, bool) {
	b := m.buf
	lim := i + maxGap
	i = m.blank(i, lim)
	if i >= lim || !m.has(i) || (b[i] != '\n' && b[i] != '\r') {
		return i, false
	}
	if b[i] == '\r' {
		if !m.has(i + 1) {
			return i, false
		}
		if b[i+1] == '\n' {
			i++
		}
	}
	i = m.blank(i+1, lim)
	for d := 0; d < depth && i < lim && m.has(i) && b[i] == '>'; d++ {
		i = m.blank(i+1, lim)
	}
	if i >= lim || !m.has(i) {
		return i, false
	}
	return i, true
}

// wrapper reads the wrapper that the "<" at p opens (RFC 1738 Appendix: "<URL:" url ">";
// RFC 3986 Appendix C: "<" url ">"). It returns the index where it stopped (the closing ">"
// when there is one) and whether the wrapper holds a URL, which it puts in f.
func (m *matcher) wrapper(p int, f *Finding) (int, bool) {
	m.reset()
	b := m.buf
	limit := p + 1 + MaxLength
	depth := -1         // quote markers, read at the first line break
	broken := false     // a line break was seen
	content := false    // the current line holds text of the URL
	pendingHyphen := -1 // index in text of a "-" that a line break followed
	head := true        // still reading "URL:" and the scheme name
	off := 0            // length of the "URL:" prefix in text
	body := 0           // length of text when the head ended
	for i := p + 1; i < limit; i++ {
		if !m.has(i) {
			return i, false
		}
		m.steps++
		c := b[i]
		switch {
		case c == '>':
			if head || len(m.text) == body {
				// No scheme name, or nothing after its colon.
				return i, false
			}
			form := Bracketed
			if off > 0 {
				form = Wrapped
			}
			if !m.emit(f, off, form) {
				// The writer's wrapper holds no URL that parses: nothing in it is one.
				m.broken = true
				return i, false
			}
			return i, true
		case c == '<':
			// A second "<" before any ">": this one opens nothing (RFC 1738 §2.2: "<" is
			// unsafe and never appears in a URL unencoded). Stopping here keeps the
			// work linear (each byte belongs to one wrapper attempt).
			return i, false
		case c == '\n' || c == '\r':
			if c == '\r' {
				if !m.has(i + 1) {
					return i, false
				}
				if b[i+1] == '\n' {
					continue
				}
			}
			if broken && !content {
				// A blank line ends the paragraph, and a wrapper does not run across it
				// (locator's rule, which no specification states: a stray "<" must not
				// swallow the text up to a ">" paragraphs away).
				return i, false
			}
			broken, content = true, false
			if n := len(m.text); n > 0 && m.text[n-1] == '-' {
				// RFC 1738 Appendix: "a line break immediately after a hyphen".
				pendingHyphen = n - 1
			}
			if depth < 0 {
				depth = m.quoteDepth(p)
			}
			// Strip the continued line's quote markers (and its indentation, which is
			// whitespace to ignore anyway).
			j := m.blank(i+1, limit)
			for d := 0; d < depth && j < limit && m.has(j) && b[j] == '>'; d++ {
				j = m.blank(j+1, limit)
			}
			i = j - 1
		case space[c]:
			// RFC 1738 Appendix: "extra whitespace (spaces, linebreaks, tabs, etc.) ...
			// should be ignored when extracting the URL". Not, though, inside a scheme name
			// on one line, only before its line break: "a<b and c>d" holds no wrapper, and
			// saying so early keeps the scan of prose short.
			if head && len(m.text) > off && !broken {
				j := m.blank(i, limit)
				if !m.has(j) || b[j] != '\n' && b[j] != '\r' {
					return j, false
				}
				i = j - 1
			}
		case c < 0x20 || c == 0x7f:
			// RFC 1738 §2.2: controls never appear in a URL; this is not text with one.
			return i, false
		default:
			n := 1
			if c >= 0x80 {
				var ok bool
				if n, ok = m.rune(i); !ok || head {
					return i, false
				}
			} else if !head {
				for end := min(limit, len(b)); i+n < end && plain[b[i+n]]; n++ {
				}
				m.steps += n - 1
			}
			if pendingHyphen >= 0 {
				m.hyph = append(m.hyph, pendingHyphen)
				pendingHyphen = -1
			}
			m.add(i, n)
			content = true
			i += n - 1
			if head {
				var ok bool
				if head, off, ok = m.wrapperHead(off); !ok {
					return i, false
				}
				body = len(m.text)
			}
		}
	}
	// No ">" within MaxLength bytes.
	return limit, false
}

// wrapperHead checks the start of a wrapper's reading as it grows by a byte: "URL:" and any
// scheme name (RFC 1738 Appendix; the 1994 URL draft's prefixedurl), or a scheme locator knows
// alone (RFC 3986 Appendix C: a plain "<...>" may hold other things, such as mail addresses).
// It returns whether the head is still being read, the length of the "URL:" prefix, and false
// as soon as the wrapper cannot hold a URL.
func (m *matcher) wrapperHead(off int) (head bool, _ int, ok bool) {
	t := m.text
	c := t[len(t)-1]
	if c != ':' {
		// RFC 1738 §2.1, RFC 3986 §3.1: a letter, then letters, digits, "+", "-", ".".
		name := t[off:]
		return true, off, isLetter(name[0]) && schemeChar[c] && len(name) <= maxScheme
	}
	if off == 0 && hasPrefixFold(t, "URL:") {
		return true, 4, true
	}
	name := t[off : len(t)-1]
	if len(name) == 0 {
		return false, off, false
	}
	if off == 0 {
		if _, known := known(name); !known {
			return false, off, false
		}
	}
	return false, off, true
}

// known reports whether name is a scheme locator knows (scheme.Lookup: defined, reserved,
// registered, or "x-" experimental, RFC 1738 §4), and whether it uses the common Internet
// scheme syntax with "//" (RFC 1738 §3.1).
func known(name []byte) (hierarchical, ok bool) {
	// scheme.Lookup folds the case of ASCII letters (RFC 1738 §2.1) in a new string: folded
	// here on the stack instead, "URL" before the prefix's ":" costs no allocation.
	var low [maxScheme]byte
	if len(name) <= len(low) {
		for i, c := range name {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			low[i] = c
		}
		name = low[:len(name)]
	}
	s, ok := scheme.Lookup(string(name))
	return s.Hierarchical, ok
}

// colonAt looks at the ":" at p: the end of a scheme name before a bare URL (RFC 1738 §2.1),
// or the end of the "URL:" prefix (1994 URL draft, prefixedurl). It returns the index where
// its scan stopped and whether it found a URL, which it puts in f.
func (m *matcher) colonAt(p int, f *Finding) (int, bool) {
	b := m.buf
	if p == 0 || !schemeChar[b[p-1]] || !m.has(p+1) {
		return p + 1, false
	}
	if stop[b[p+1]] {
		// "Note: ", "Subject: ": only the "URL:" prefix may be followed by a space.
		if s := p - 3; s >= max(m.consumed, 0) && hasPrefixFold(b[s:], "URL:") && (s == 0 || !alnum[b[s-1]]) {
			return m.prefixed(p, f)
		}
		return p + 1, false
	}
	lo := max(p-maxScheme, m.consumed, 0)
	k := p
	for k > lo && schemeChar[b[k-1]] {
		k--
	}
	m.steps += p - k
	// A scheme name starts with a letter (RFC 3986 §3.1) and does not continue a word:
	// "e.g.http:" holds "http", "xhttp:" holds nothing.
	first, last := -1, -1
	for s := k; s < p; s++ {
		if isLetter(b[s]) && (s == 0 || !alnum[b[s-1]]) {
			if first < 0 {
				first = s
			}
			last = s
		}
	}
	if first < 0 {
		return p + 1, false
	}
	// The longest name first ("x-news:" is an experimental scheme), then the last word.
	starts, ns := [2]int{first, last}, 2
	if last == first {
		ns = 1
	}
	for _, s := range starts[:ns] {
		hier, ok := known(b[s:p])
		if !ok {
			continue
		}
		// RFC 1738 §3.1: the schemes of the common Internet scheme syntax start their
		// scheme-specific part with "//"; without it "http:" in text is a word.
		if hier && !(b[p+1] == '/' && m.has(p+2) && b[p+2] == '/') {
			return p + 1, false
		}
		return m.bare(s, p, Bare, f)
	}
	if p-last == 3 && hasPrefixFold(b[last:], "URL:") {
		return m.prefixed(p, f)
	}
	return p + 1, false
}

// prefixed reads the URL after the "URL:" prefix whose colon is at p: the 1994 URL draft's
// prefixedurl, "with or without a trailing space" (RFC 3986 Appendix C), or on the next line.
func (m *matcher) prefixed(p int, f *Finding) (int, bool) {
	b := m.buf
	t := m.blank(p+1, p+1+maxGap)
	if !m.has(t) {
		return t, false
	}
	if b[t] == '\n' || b[t] == '\r' {
		var ok bool
		if t, ok = m.lineBreak(t, m.quoteDepth(p)); !ok {
			return t, false
		}
	}
	// RFC 1738 §2.1: scheme ":" and at least one byte of scheme-specific part.
	n := 0
	for ; n <= maxScheme; n++ {
		if !m.has(t + n) {
			return t, false
		}
		if c := b[t+n]; c == ':' || !schemeChar[c] || (n == 0 && !isLetter(c)) {
			break
		}
	}
	if n == 0 || n > maxScheme || b[t+n] != ':' || !m.has(t+n+1) || stop[b[t+n+1]] {
		return p + 1, false
	}
	return m.bare(t, t+n, Prefixed, f)
}

// bare reads a URL without a wrapper whose scheme starts at s and ends with the ":" at p. It
// returns the index where the scan stopped and whether it found a URL, which it puts in f.
func (m *matcher) bare(s, p int, form Form, f *Finding) (int, bool) {
	m.reset()
	b := m.buf
	// RFC 3986 Appendix C: a URL in single quotes ends at the closing quote.
	quoted := s > 0 && b[s-1] == '\''
	depth := -1
	i := s
loop:
	for m.has(i) {
		if i-s > MaxLength+maxTrail || i-s > MaxLength && !trailing[b[i-1]] {
			// Too long to report (MaxLength bounds a Scanner's memory): next skips the rest
			// of the run and reports it as a Skip, so that nothing is lost silently. (Past
			// MaxLength bytes only sentence punctuation may follow, up to maxTrail bytes of
			// it, which the URL does not end on: a URL of MaxLength bytes and a period is
			// reported.)
			return m.tooLong(s, i, form)
		}
		m.steps++
		c := b[i]
		if simple[c] {
			// The common case, a run of bytes with no role in delimiting.
			j := i + 1
			for end := min(len(b), s+MaxLength+1); j < end && simple[b[j]]; j++ {
			}
			m.steps += j - i - 1
			m.add(i, j-i)
			i = j
			continue
		}
		if c >= 0x80 {
			n, ok := m.rune(i)
			if !ok {
				break loop
			}
			m.add(i, n)
			i += n
			continue
		}
		switch {
		case stop[c]:
			// RFC 1738 Appendix: after a line break that follows a hyphen, ignore the
			// whitespace around the break; the URL continues on the next line.
			if n := len(m.text); n > 0 && m.text[n-1] == '-' && (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
				if depth < 0 {
					depth = m.quoteDepth(s)
				}
				if j, ok := m.lineBreak(i, depth); ok && m.continuesAt(j) {
					m.hyph = append(m.hyph, n-1)
					i = j
					continue
				}
			}
			break loop
		case c == '(' || c == '[':
			m.open = append(m.open, c)
		case closer(c) != 0:
			if len(m.open) == 0 || m.open[len(m.open)-1] != closer(c) {
				break loop
			}
			m.open = m.open[:len(m.open)-1]
		case c == '\'' && quoted:
			break loop
		}
		m.add(i, 1)
		i++
	}
	if m.short {
		return i, false
	}
	// RFC 1738 Appendix, RFC 3986 Appendix C: punctuation after a URL is the sentence's.
	n := len(m.text)
	for n > 0 && trailing[m.text[n-1]] {
		n--
	}
	m.text = m.text[:n]
	if n > 0 && m.rawAt(n-1)-s >= MaxLength {
		// Longer than MaxLength without the punctuation after it, which the loop let pass.
		return m.tooLong(s, i, form)
	}
	for len(m.hyph) > 0 && m.hyph[len(m.hyph)-1] >= n-1 {
		m.hyph = m.hyph[:len(m.hyph)-1]
	}
	// Something must follow the colon: a letter or a digit at least, or the "*" of RFC 1738
	// §3.6 "news:*".
	colon := p - s
	some := false
	for _, c := range m.text[min(colon+1, n):] {
		if alnum[c] || c >= 0x80 || c == '*' {
			some = true
			break
		}
	}
	if !some {
		return i, false
	}
	return i, m.emit(f, 0, form)
}

// tooLong starts the skip of the run of URL characters that starts at s, longer than
// MaxLength, whose scan stopped at i: next skips the rest of it and reports it as a Skip.
func (m *matcher) tooLong(s, i int, form Form) (int, bool) {
	b := m.buf
	m.skipping = true
	m.skipStart, m.skipForm = m.base+s, form
	n := MaxPrefix
	for n > MaxPrefix-utf8.UTFMax && !utf8.RuneStart(b[s+n]) {
		n--
	}
	m.skipPrefix = append(m.skipPrefix[:0], b[s:s+n]...)
	return i, false
}

// continuesAt reports whether the text at j, which exists, may continue a URL on a new line.
func (m *matcher) continuesAt(j int) bool {
	if c := m.buf[j]; c < 0x80 {
		return continues[c]
	}
	_, ok := m.rune(j)
	return ok
}

// emit fills in f from the reading text[off:] and its hyphens, when a reading parses.
func (m *matcher) emit(f *Finding, off int, form Form) bool {
	text := m.text[off:]
	var hy []int
	for _, h := range m.hyph {
		if h >= off {
			hy = append(hy, h-off)
		}
	}
	readings := [2]string{m.str(text)}
	if len(hy) > 0 {
		// RFC 1738 Appendix: the hyphen "may or may not actually be part of the URL";
		// writers are told not to break after a real one, so it is likelier a typesetter's.
		without := make([]byte, 0, len(text)-len(hy))
		last := 0
		for _, h := range hy {
			without = append(without, text[last:h]...)
			last = h + 1
		}
		without = append(without, text[last:]...)
		readings = [2]string{m.str(without), readings[0]}
	}
	var u locator.URL
	var alts []string
	ok := false
	for _, r := range readings {
		if r == "" {
			continue
		}
		v, err := parseReading(r, m.spec)
		if err != nil || !v.HasScheme() {
			continue
		}
		if !ok {
			u, ok = v, true
			continue
		}
		alts = append(alts, r)
	}
	if !ok {
		return false
	}
	if alts == nil {
		alts = []string{}
	}
	*f = Finding{
		URL:          u.String(),
		Alternatives: alts,
		Start:        m.base + m.rawAt(off),
		End:          m.base + m.rawAt(len(m.text)-1),
		Form:         form,
		Valid:        m.valid(u),
	}
	return true
}

// valid reports whether scheme.Check under m.spec finds no error in u, with m's findings
// slice reused from URL to URL (scheme.CheckTo): an invalid URL allocates nothing here.
func (m *matcher) valid(u locator.URL) bool {
	m.checked = scheme.CheckTo(m.checked[:0], u, m.spec)
	return scheme.Valid(m.checked)
}

// stringBlock is the size of the blocks that matcher.str copies the readings of findings
// into: one allocation for many URLs (issue 10: one per finding was the most of extract's
// allocations), and at most this much memory kept alive by a URL that outlives the others.
const stringBlock = 4 << 10

// str returns b as a string. It is copied into the current block of m.strs, a
// strings.Builder that is only appended to, so that the strings it gave out stay as they
// are; when b does not fit, a new block is started and the old one is left to them.
func (m *matcher) str(b []byte) string {
	if m.strs == nil || m.strs.Cap()-m.strs.Len() < len(b) {
		m.strs = new(strings.Builder)
		m.strs.Grow(max(stringBlock, len(b)))
	}
	n := m.strs.Len()
	m.strs.Write(b)
	return m.strs.String()[n:]
}

// parseReading parses a reading r of a URL found in text, which is already without its "URL:"
// prefix, as `locator check --spec` does: locator.ParseAs under spec, so that under
// locator.RFC1738 a login may hold "?" (RFC 1738 §5: "ftp://a:p?q@host/f" is the password
// "p?q"). A reading that starts with "URL:" again ("URL:URL:x:y") is parsed with locator.Parse:
// the 1994 URL draft's prefixedurl = "URL:" url has one prefix, which the match has read.
func parseReading(r string, spec locator.Spec) (locator.URL, error) {
	v, err := locator.ParseAs(r, spec)
	if _, pre := v.Prefix(); err == nil && pre {
		return locator.Parse(r)
	}
	return v, err
}
