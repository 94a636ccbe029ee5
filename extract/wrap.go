package extract

import (
	"bytes"
	"strconv"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
)

// The writing side of RFC 1738's Appendix, "Recommendations for URLs in Context": a URL in
// text is written "<URL:" url ">", "angle brackets ("<" and ">"), along with the prefix
// "URL:"", and may be broken across lines by "extra whitespace (spaces, linebreaks, tabs,
// etc.)", but "No whitespace should be introduced after a hyphen ("-") character". The 1994
// URL draft's Appendix recommends the angle brackets alone; the "URL:" prefix is its
// prefixedurl. Everything Wrap writes, Find reads back as the URL that was wrapped.

// DefaultWidth is the line width of [Wrap] and of a [WrapOptions] whose Width is 0: the
// lines of mail and news (RFC 1738 Appendix: "electronic mail, USENET news messages").
const DefaultWidth = 72

// DefaultIndent is the indentation of the continued lines of [Wrap] and [WrapText]: two
// spaces, which set them off from the text around them. RFC 1738 Appendix's own examples
// continue at the start of the line (WrapOptions{Indent: 0}); a reader ignores either.
const DefaultIndent = 2

// The codes of the errors of [WrapOptions.Wrap] and of the URLs [WrapOptions.WrapText] leaves
// as written (besides those of locator.Parse, and locator.CodeControl, CodeUnsafeChar,
// CodeNonASCII, CodeEmpty, CodeNoScheme and CodeTooLong).
const (
	// CodeWrapOptions: Width or Indent out of range.
	CodeWrapOptions locator.Code = "bad-wrap-options"
	// CodeHyphenBreak: WrapText found the URL broken after a hyphen, which has two readings
	// (RFC 1738 Appendix); rewriting it would choose one.
	CodeHyphenBreak locator.Code = "hyphen-break"
	// CodeAcrossLines: WrapText found a bracketed or prefixed URL written with whitespace in
	// it (across lines); it is left as its writer broke it.
	CodeAcrossLines locator.Code = "written-across-lines"
	// CodeQuoteTooWide: WrapText would break the URL, but the quote markers of its line
	// ("> > ") and the indentation take more than half the width, too much to repeat on each
	// continued line.
	CodeQuoteTooWide locator.Code = "quote-too-wide"
)

// WrapOptions are the settings of [WrapOptions.Wrap] and [WrapOptions.WrapText]. The zero
// value writes lines of DefaultWidth bytes with continued lines not indented.
type WrapOptions struct {
	// Width is the line width in columns (bytes of the URL, characters of the text before
	// it): lines are broken so as to stay within it where the URL has a place to break (see
	// [WrapOptions.Wrap]). 0 means DefaultWidth; it must not be negative.
	Width int
	// Indent is the number of spaces that start each continued line: 0 to half the width
	// (Width, or DefaultWidth when Width is 0), so that every line has room for the URL.
	Indent int
}

// DefaultWrap is the WrapOptions of [Wrap] and [WrapText]: Width DefaultWidth, Indent
// DefaultIndent.
var DefaultWrap = WrapOptions{Width: DefaultWidth, Indent: DefaultIndent}

// Wrap is DefaultWrap.Wrap: url written as "<URL:" url ">" in lines of 72 columns,
// continued lines indented by two spaces.
func Wrap(url string) (string, error) { return DefaultWrap.Wrap(url) }

// WrapText is DefaultWrap.WrapText.
func WrapText(text []byte) ([]byte, []Unwrapped) { return DefaultWrap.WrapText(text) }

// breakAfter: the bytes after which Wrap may break a line, RFC 1738 §2.2's reserved
// characters ";", "/", "?", ":", "@", "=" and "&", which separate the parts of a URL
// ("reserved characters used for their reserved purposes"). A break after one falls between
// two parts, where a reader expects one, as in RFC 1738 Appendix's example
// "<URL:ftp://info.cern.ch/pub/www/doc;" / "type=d>". (The Appendix's other examples break
// after a "." and inside a word, "ds.in" / "ternic.net": a reader ignores the whitespace
// wherever it is, but a break inside a host name or a word reads as a typo, so locator keeps
// to the boundaries between parts, and writes a part without one unbroken.) A hyphen is not one ("No whitespace
// should be introduced after a hyphen", RFC 1738 Appendix), and no "%" or hex digit is, so no
// break falls inside a %-escape (RFC 1738 §2.2 "%" followed by two hex digits).
var breakAfter [256]bool

func init() {
	for _, c := range []byte(";/?:@=&") {
		breakAfter[c] = true
	}
}

func wrapError(url string, off int, code locator.Code, rule, msg string) error {
	return &locator.Error{Input: url, Offset: off, Code: code, Rule: rule, Message: msg}
}

// check validates o and returns its width.
func (o WrapOptions) check(url string) (int, error) {
	w := o.Width
	if w == 0 {
		w = DefaultWidth
	}
	if w < 0 || o.Indent < 0 || o.Indent > w/2 {
		return 0, wrapError(url, 0, CodeWrapOptions, "extract.WrapOptions",
			"width "+strconv.Itoa(o.Width)+" and indent "+strconv.Itoa(o.Indent)+
				": the width must be positive (0 is the default, 72), the indent 0 to half the width")
	}
	return w, nil
}

// Wrap returns url written for running text the way RFC 1738 Appendix recommends:
// "<URL:" url ">", broken across lines of o.Width columns (the "<URL:" counted from the first
// column), each continued line indented by o.Indent spaces. It breaks only after one of RFC
// 1738 §2.2's reserved characters ";", "/", "?", ":", "@", "=", "&" (the last of a run of
// them, and not in the scheme name, its ":" and the "//" after it): never after a hyphen, so
// that no reader takes the break for a typesetter's (RFC 1738 Appendix), and never inside a
// %-escape. Each line takes as much of the URL as fits; a part between two break places that
// is longer than a line is written unbroken, on a line of its own that is longer than the
// width, and so is a URL with no place to break.
//
// [Find] reads the result back as url, whatever the options. So url must be something a
// wrapper can hold: it must parse as Find reads a URL in text, with locator.ParseAs under
// locator.RFC1738 (whose error Wrap returns), where a "?" before an "@" in the authority is
// part of a login (RFC 1738 §5: "ftp://a:p?q@host/f" has the password "p?q" and is wrapped;
// "http://h?q=a@b:c" would have the host "b" and the port "c", and is refused with that
// error, though locator.Parse reads the host "h" and the query "q=a@b:c"), have a scheme
// name of at most 64 bytes (locator.CodeNoScheme, CodeTooLong) and at least one byte after
// its ":" (CodeEmpty), and hold no byte that RFC 1738 §2.2 says must be encoded in text: a
// control (CodeControl), a space, "<" or ">" (CodeUnsafeChar; "<" and ">" delimit URLs in
// text), or a byte 80–FF (CodeNonASCII); the *locator.Error gives the offset. The wrapped
// form must fit in [MaxLength] bytes, which is as much as Find reads (CodeTooLong). A "URL:"
// prefix in front of url (the 1994 URL draft's prefixedurl) is not part of the URL and is
// dropped: Wrap("URL:ftp://a/b") is "<URL:ftp://a/b>". Bad options give CodeWrapOptions.
//
// The time and memory are linear in the length of url.
func (o WrapOptions) Wrap(url string) (string, error) {
	b, err := o.AppendWrapped(nil, url, 0)
	return string(b), err
}

// AppendWrapped appends url wrapped as [WrapOptions.Wrap] does to dst, for a line on which
// col columns are already taken (the text before the "<URL:"); on an error it returns dst
// unchanged.
func (o WrapOptions) AppendWrapped(dst []byte, url string, col int) ([]byte, error) {
	return o.appendWrapped(dst, url, max(col, 0), "\n", "", true)
}

// stripPrefix removes a "URL:" prefix (any case) that stands before a scheme name and its
// ":": the 1994 URL draft's prefixedurl; RFC 1738 Appendix: the wrapper "does not form part
// of the URL". It returns the URL and the number of bytes removed.
func stripPrefix(url string) (string, int) {
	if !hasPrefixFold([]byte(url), "URL:") {
		return url, 0
	}
	rest := url[4:]
	n := 0
	for n < len(rest) && n <= maxScheme && schemeChar[rest[n]] {
		n++
	}
	if n == 0 || n > maxScheme || n == len(rest) || rest[n] != ':' || !isLetter(rest[0]) {
		return url, 0
	}
	return rest, 4
}

// wrappable checks that Find reads url back from a wrapper: the conditions of Wrap. off is
// added to the offsets of errors (the length of a prefix removed from input).
func wrappable(input, url string, off int) (head int, err error) {
	if url == "" {
		return 0, wrapError(input, 0, locator.CodeEmpty, "RFC 1738 §2.1", "the empty string is not a URL")
	}
	for i := 0; i < len(url); i++ {
		c := url[i]
		switch {
		case c < 0x20 || c == 0x7f:
			return 0, wrapError(input, off+i, locator.CodeControl, "RFC 1738 §2.2",
				"the control byte "+display.Byte(c)+" must be encoded (%"+hex2(c)+"); in text it would end the URL")
		case c == ' ' || c == '<' || c == '>':
			return 0, wrapError(input, off+i, locator.CodeUnsafeChar, "RFC 1738 §2.2; RFC 1738 Appendix",
				display.Byte(c)+" is unsafe and must be encoded (%"+hex2(c)+"); in text it is white space or the wrapper's delimiter")
		case c >= 0x80:
			return 0, wrapError(input, off+i, locator.CodeNonASCII, "RFC 1738 §2.2",
				"the byte "+display.Byte(c)+" is not US-ASCII and must be encoded (%"+hex2(c)+")")
		}
	}
	// Find reads a URL in text as RFC 1738 writes it (parseReading): a "URL:" prefix (RFC
	// 1738 Appendix), and a "?" before an "@" in the authority as part of a login (RFC 1738
	// §5 user, password = *[ uchar | ";" | "?" | "&" | "=" ]). So "ftp://a:p?q@host/f", the
	// password "p?q", is wrapped (locator.Parse, which ends the authority at the "?" as RFC
	// 3986 does, would see the port "p"), and "http://h?q=a@b:c", the host "b" and the port
	// "c" there, is refused: Find would not read it back.
	u, err := parseReading(url, locator.RFC1738)
	if err != nil {
		// An error that locator.Parse gives too (a bad escape, a control, a broken IP
		// literal, a port that is not digits in every reading) is given as it is; one of
		// the RFC 1738 reading alone is said to be so.
		if _, err0 := locator.Parse(url); err0 == nil {
			if e, ok := err.(*locator.Error); ok {
				c := *e
				c.Rule = "RFC 1738 §5, Appendix; " + e.Rule
				c.Message = "read as a URL in text is read (RFC 1738: a \"?\" before an \"@\" is part of a login; a \"URL:\" prefix is no part of the URL), " +
					e.Message + "; extract would not find it (an \"@\" after the \"?\" can be written %40)"
				err = &c
			}
		}
	}
	if err != nil {
		if e, ok := err.(*locator.Error); ok && (off > 0 || e.Input != input) {
			c := *e
			c.Input, c.Offset = input, c.Offset+off
			return 0, &c
		}
		return 0, err
	}
	if !u.HasScheme() {
		return 0, wrapError(input, off, locator.CodeNoScheme, "RFC 1738 §2.1",
			"a URL in text starts with a scheme name and \":\" (<scheme>:<scheme-specific-part>)")
	}
	n := len(u.Scheme())
	if n > maxScheme {
		return 0, wrapError(input, off, locator.CodeTooLong, "RFC 1738 §2.1",
			"the scheme name is longer than "+strconv.Itoa(maxScheme)+" bytes, more than a reader of text looks for")
	}
	if n+1 == len(url) {
		return 0, wrapError(input, off+n+1, locator.CodeEmpty, "RFC 1738 §2.1",
			"nothing follows the scheme's \":\" (<scheme>:<scheme-specific-part>)")
	}
	// No break in "scheme:" nor in the "//" that follows it (RFC 1738 §3.1).
	head = n + 1
	for head < len(url) && url[head] == '/' {
		head++
	}
	return head, nil
}

func hex2(c byte) string {
	const digits = "0123456789ABCDEF"
	return string([]byte{digits[c>>4], digits[c&15]})
}

// appendWrapped is AppendWrapped with the line break nl and the text that starts each
// continued line before the indentation (the quote markers of a mail reply). With strip, a
// "URL:" prefix of input is dropped (Wrap's input); without, input is the URL as Find
// reported it, behind the prefix Find has read already, and a "URL:" it starts with is
// part of it ("URL:URL:news:x" is the URL "URL:news:x", as parseReading reads it).
func (o WrapOptions) appendWrapped(dst []byte, input string, col int, nl, quote string, strip bool) ([]byte, error) {
	width, err := o.check(input)
	if err != nil {
		return dst, err
	}
	url, off := input, 0
	if strip {
		url, off = stripPrefix(input)
	}
	head, err := wrappable(input, url, off)
	if err != nil {
		return dst, err
	}
	start := len(dst)
	dst = append(dst, "<URL:"...)
	col += len("<URL:")
	// Segments run from one break place to the next; the first ends at the first break
	// place after head.
	for i := 0; i < len(url); {
		j := i + 1
		if i == 0 {
			j = min(head+1, len(url))
		}
		for j < len(url) && !(breakAfter[url[j-1]] && !breakAfter[url[j]]) {
			j++
		}
		need := j - i
		if j == len(url) {
			need++ // the closing ">"
		}
		if i > 0 && col+need > width {
			dst = append(dst, nl...)
			dst = append(dst, quote...)
			for range o.Indent {
				dst = append(dst, ' ')
			}
			col = len(quote) + o.Indent
		}
		dst = append(dst, url[i:j]...)
		col += j - i
		i = j
		if len(dst)-start > MaxLength {
			return dst[:start], wrapError(input, 0, locator.CodeTooLong, "extract.MaxLength",
				"the wrapped URL is longer than "+strconv.Itoa(MaxLength)+" bytes, more than a reader of text reads in one wrapper")
		}
	}
	dst = append(dst, '>')
	if len(dst)-start > MaxLength {
		return dst[:start], wrapError(input, 0, locator.CodeTooLong, "extract.MaxLength",
			"the wrapped URL is longer than "+strconv.Itoa(MaxLength)+" bytes, more than a reader of text reads in one wrapper")
	}
	return dst, nil
}

// Unwrapped is a URL that [WrapOptions.WrapText] found in the text and left as written.
type Unwrapped struct {
	Finding       // the URL as Find reports it (for one longer than MaxLength: its Skip's span, form and Prefix)
	Err     error // why, a *locator.Error: CodeHyphenBreak, CodeAcrossLines, or Wrap's error
}

// WrapText returns text with each URL that [Find] finds in it bare ("see http://a/b."),
// prefixed ("URL:http://a/b") or bracketed ("<http://a/b>") rewritten in the form of RFC
// 1738 Appendix, wrapped as [WrapOptions.Wrap] does, from the column where it stood; the rest
// of the text is unchanged, byte for byte, including the punctuation after a URL
// ("<URL:http://a/b>.") and the rest of its line, which is not reflowed. A continued line
// starts with the quote markers of the line the URL is on ("> ", ">> "), then the
// indentation; its line break is the
// text's, CR LF when the text's first line ends so, else LF. Find reads the result back
// with the same URLs, the rewritten ones as Wrapped.
//
// A URL already wrapped is left as its writer wrote it, and so are, reported in the second
// result in text order: a URL with a line break after a hyphen, which has two readings
// (CodeHyphenBreak); a bracketed or prefixed URL with whitespace inside (CodeAcrossLines);
// a URL that would need a line break on a line whose quote markers and the indentation take
// more than half the width (CodeQuoteTooWide); a URL that Wrap refuses (a non-ASCII
// letter, a wrapped form longer than MaxLength), with Wrap's error, whose offsets are into
// the URL; and a candidate longer than MaxLength, which Find does not report ([Search]
// skips it), with locator.CodeTooLong, its span, and its first MaxPrefix bytes (the
// [Skip]'s Prefix) as its URL.
//
// The time and memory are linear in the length of text.
func (o WrapOptions) WrapText(text []byte) ([]byte, []Unwrapped) {
	found, skips := Search(text)
	var kept []Unwrapped
	// tooLong reports the candidates longer than MaxLength that Find leaves out before the
	// offset at: Wrap would refuse them (CodeTooLong), and they are left as written, said so
	// like the others rather than silently.
	tooLong := func(at int) {
		for len(skips) > 0 && skips[0].Start < at {
			k := skips[0]
			skips = skips[1:]
			kept = append(kept, Unwrapped{
				Finding: Finding{URL: k.Prefix, Alternatives: []string{}, Start: k.Start,
					End: k.Start + k.Length - 1, Form: k.Form},
				Err: wrapError(k.Prefix, 0, locator.CodeTooLong, "extract.MaxLength",
					"a URL of "+strconv.Itoa(k.Length)+" bytes, longer than "+strconv.Itoa(MaxLength)+
						", more than a reader of text reads (extract does not report it)"),
			})
		}
	}
	nl := "\n"
	if i := bytes.IndexByte(text, '\n'); i > 0 && text[i-1] == '\r' {
		nl = "\r\n"
	}
	out := make([]byte, 0, len(text)+len(text)/8)
	var lc lineCursor
	last := 0 // text[:last] is in out
	for _, f := range found {
		tooLong(f.Start)
		if f.Form == Wrapped {
			continue
		}
		from, to := f.Start, f.End+1 // the written form, wrapper included
		written := string(text[f.Start : f.End+1])
		switch {
		case len(f.Alternatives) > 0:
			kept = append(kept, Unwrapped{f, wrapError(f.URL, 0, CodeHyphenBreak, "RFC 1738 Appendix",
				"a line break after a hyphen: the hyphen \"may or may not actually be part of the URL\"")})
			continue
		case written != f.URL:
			kept = append(kept, Unwrapped{f, wrapError(f.URL, 0, CodeAcrossLines, "RFC 1738 Appendix",
				"written across lines; left as its writer broke it")})
			continue
		case f.Form == Bracketed:
			if from == 0 || text[from-1] != '<' || to >= len(text) || text[to] != '>' {
				kept = append(kept, Unwrapped{f, wrapError(f.URL, 0, CodeAcrossLines, "RFC 1738 Appendix",
					"white space inside the angle brackets; left as written")})
				continue
			}
			from, to = from-1, to+1
		case f.Form == Prefixed:
			p := from
			for p > last && (text[p-1] == ' ' || text[p-1] == '\t') {
				p--
			}
			if p-4 < last || !hasPrefixFold(text[p-4:p], "URL:") {
				kept = append(kept, Unwrapped{f, wrapError(f.URL, 0, CodeAcrossLines, "RFC 1738 Appendix",
					"the \"URL:\" prefix is on another line; left as written")})
				continue
			}
			from = p - 4
		}
		out = append(out, text[last:from]...)
		col, quote := lc.at(out)
		wide := len(quote)+o.Indent > o.width()/2
		if wide {
			quote = ""
		}
		var err error
		n := len(out)
		out, err = o.appendWrapped(out, f.URL, col, nl, quote, false)
		if err == nil && wide && bytes.IndexByte(out[n:], '\n') >= 0 {
			// The text after the URL would go on a line without the quote markers, and a
			// URL there would be read at another quote depth.
			out = out[:n]
			err = wrapError(f.URL, 0, CodeQuoteTooWide, "RFC 1738 Appendix",
				"the quote markers of the line and the indentation take more than half the width; left as written")
		}
		if err != nil {
			out = append(out[:n], text[from:to]...)
			kept = append(kept, Unwrapped{f, err})
		}
		last = to
	}
	tooLong(len(text))
	out = append(out, text[last:]...)
	return out, kept
}

// width is o's line width: Width, or DefaultWidth for 0.
func (o WrapOptions) width() int {
	if o.Width == 0 {
		return DefaultWidth
	}
	return o.Width
}

// lineCursor follows the end of the output of WrapText: the start of its last line and the
// column there, reading each byte once, so that the work stays linear however many URLs a
// line holds.
type lineCursor struct {
	seen      int    // out[:seen] has been read
	start     int    // index in out of the last line's first byte
	col       int    // characters in out[start:seen]
	quoteLine int    // the line whose quote markers are in quote, +1 (0: none read)
	quote     string // its quote markers
}

// at returns the column at the end of out and the quote markers that start its line: the
// run of ">", spaces and tabs that Find's quote depth reads, up to its last ">" and one blank
// after it, when the run holds a ">" and the line starts within lookBehind bytes of the end,
// as Find requires of a continued URL's quote markers.
func (c *lineCursor) at(out []byte) (int, string) {
	if i := bytes.LastIndexAny(out[c.seen:], "\r\n"); i >= 0 {
		c.start, c.col = c.seen+i+1, 0
	}
	from := max(c.seen, c.start)
	c.col += utf8.RuneCount(out[from:])
	c.seen = len(out)
	if len(out)-c.start > lookBehind {
		return c.col, ""
	}
	if c.quoteLine != c.start+1 {
		c.quoteLine, c.quote = c.start+1, ""
		line := out[c.start:]
		j, gt := 0, -1
		for j < len(line) && (line[j] == '>' || line[j] == ' ' || line[j] == '\t') {
			if line[j] == '>' {
				gt = j
			}
			j++
		}
		if gt >= 0 {
			end := gt + 1
			if end < j {
				end++
			}
			c.quote = string(line[:end])
		}
	}
	return c.col, c.quote
}
