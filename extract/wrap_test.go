package extract

import (
	"errors"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/locator-url/locator"
)

// wrapReserved is RFC 1738 §2.2's list of the characters that may be reserved in a scheme: the
// places after which Wrap may break a line.
const wrapReserved = ";/?:@=&"

// wrapHead is the index after u's scheme name, its ":" and the "/" that follow it.
func wrapHead(u string) int {
	h := strings.IndexByte(u, ':') + 1
	for h < len(u) && u[h] == '/' {
		h++
	}
	return h
}

// canBreak reports whether Wrap may break u before byte k: after a reserved character that
// ends a run of them, past the head.
func canBreak(u string, k int) bool {
	return k > 0 && k < len(u) && k-1 >= wrapHead(u) && strings.IndexByte(wrapReserved, u[k-1]) >= 0 &&
		strings.IndexByte(wrapReserved, u[k]) < 0
}

// checkWrapped checks the result w of wrapping u with o from column col: Find reads u back from
// it, and from it in running text; its breaks are all at places canBreak allows, none after a
// hyphen nor inside a %-escape; every line is within the width unless it holds a single
// unbreakable part; and each line is as full as it can be (the next part did not fit).
func checkWrapped(t *testing.T, u, w string, o WrapOptions, col int) {
	t.Helper()
	width := o.Width
	if width == 0 {
		width = DefaultWidth
	}
	got := FindString(w)
	want := []Finding{{URL: u, Alternatives: []string{}, Start: 5, End: len(w) - 2, Form: Wrapped, Valid: got0Valid(got)}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Wrap(%q, %+v) = %q; Find reads %+v", u, o, w, got)
	}
	for _, text := range []string{"see " + w + ".", "> " + w + "\n> next", "(" + w + ")"} {
		if f := FindString(text); len(f) != 1 || f[0].URL != u || len(f[0].Alternatives) != 0 {
			t.Fatalf("Find(%q) = %+v; want %q", text, f, u)
		}
	}
	if !strings.HasPrefix(w, "<URL:") || !strings.HasSuffix(w, ">") {
		t.Fatalf("Wrap(%q) = %q: not <URL:...>", u, w)
	}
	lines := strings.Split(w, "\n")
	indent := strings.Repeat(" ", o.Indent)
	var breaks []int // indices in u before which a line broke
	var body strings.Builder
	for i, l := range lines {
		if i > 0 {
			if !strings.HasPrefix(l, indent) || (len(l) > len(indent) && l[len(indent)] == ' ') {
				t.Fatalf("Wrap(%q, %+v): line %d %q is not indented by %d", u, o, i, l, o.Indent)
			}
			l = l[len(indent):]
			breaks = append(breaks, body.Len())
		} else {
			l = l[len("<URL:"):]
		}
		if i == len(lines)-1 {
			l = l[:len(l)-1]
		}
		if l == "" {
			t.Fatalf("Wrap(%q, %+v) = %q: a line without URL text", u, o, w)
		}
		body.WriteString(l)
	}
	if body.String() != u {
		t.Fatalf("Wrap(%q) = %q: the lines hold %q", u, w, body.String())
	}
	for _, k := range breaks {
		if !canBreak(u, k) || u[k-1] == '-' || strings.Contains(u[max(k-2, 0):k], "%") {
			t.Fatalf("Wrap(%q, %+v) = %q: a break before byte %d (%q|%q)", u, o, w, k, u[:k], u[k:])
		}
	}
	// Widths, and greed: a line ends only where the next part would not fit.
	for i, l := range lines {
		n := len(l)
		if i == 0 {
			n += col
		}
		lo := 0
		if i > 0 {
			lo = breaks[i-1]
		}
		hi := len(u)
		if i < len(breaks) {
			hi = breaks[i]
		}
		if n > width {
			// Allowed only when the line holds one part: no place to break inside it (after
			// its first part, on the first line).
			from := lo + 1
			if i == 0 {
				from = wrapHead(u) + 1
				for from < hi && !canBreak(u, from) {
					from++
				}
				from++
			}
			for k := from; k < hi; k++ {
				if canBreak(u, k) {
					t.Fatalf("Wrap(%q, %+v) = %q: line %d is %d columns, with a place to break before byte %d", u, o, w, i, n, k)
				}
			}
		}
		if i < len(breaks) {
			next := hi + 1
			for next < len(u) && !canBreak(u, next) {
				next++
			}
			need := next - hi
			if next == len(u) {
				need++
			}
			if n+need <= width {
				t.Fatalf("Wrap(%q, %+v) = %q: line %d (%d columns) had room for %q", u, o, w, i, n, u[hi:next])
			}
		}
	}
}

func got0Valid(f []Finding) bool {
	if len(f) == 0 {
		return false
	}
	return f[0].Valid
}

// genWrapURL returns a URL of a random scheme of locator's registry, in the shape of its
// syntax, with long paths of parts that hold hyphens, %-escapes and every reserved character.
func genWrapURL(rnd *rand.Rand) string {
	schemes := locator.Schemes()
	return genWrapURLOf(rnd, schemes[rnd.Intn(len(schemes))])
}

// genWrapURLOf is genWrapURL of the scheme info.
func genWrapURLOf(rnd *rand.Rand, info locator.SchemeInfo) string {
	word := func(max int) string {
		const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.+$!*,'()~"
		n := 1 + rnd.Intn(max)
		var b strings.Builder
		for b.Len() < n {
			switch rnd.Intn(12) {
			case 0:
				b.WriteString("%" + string("0123456789ABCDEFabcdef"[rnd.Intn(22)]) + string("0123456789ABCDEF"[rnd.Intn(16)]))
			case 1:
				b.WriteByte('-')
			default:
				b.WriteByte(chars[rnd.Intn(len(chars))])
			}
		}
		return b.String()
	}
	var b strings.Builder
	name := info.Name
	if rnd.Intn(4) == 0 {
		name = strings.ToUpper(name)
	}
	b.WriteString(name + ":")
	if info.Hierarchical {
		b.WriteString("//")
		if rnd.Intn(3) == 0 {
			b.WriteString(word(8) + ":" + word(5) + "@")
		}
		b.WriteString("a-" + string("abcdefghijklmnopqrstuvwxyz"[rnd.Intn(26)]) + "x.example-host.org")
		if rnd.Intn(3) == 0 {
			b.WriteString(":8080")
		}
		b.WriteString("/") // the authority ends: a ":" next would start a port
	} else {
		b.WriteString(word(10))
	}
	for n := rnd.Intn(30); n > 0; n-- {
		b.WriteString(string(wrapReserved[rnd.Intn(len(wrapReserved))]))
		if rnd.Intn(6) == 0 {
			b.WriteString(string(wrapReserved[rnd.Intn(len(wrapReserved))]))
		}
		b.WriteString(word(1 + rnd.Intn(30)))
	}
	if rnd.Intn(4) == 0 {
		b.WriteString("#" + word(10))
	}
	return b.String()
}

// TestWrapRoundTrip: generated URLs of every scheme, at every width from 10 to 100 and indents
// from 0 to half the width, from column 0 and further right, come back whole from Find.
func TestWrapRoundTrip(t *testing.T) {
	rnd := rand.New(rand.NewSource(9))
	n := 3000
	if testing.Short() {
		n = 600
	}
	schemes := locator.Schemes()
	for i := 0; i < n; i++ {
		u := genWrapURLOf(rnd, schemes[i%len(schemes)]) // every scheme in turn
		if _, err := locator.Parse(u); err != nil {
			t.Fatalf("generated %q: %v", u, err)
		}
		for width := 10 + i%7; width <= 100; width += 7 {
			o := WrapOptions{Width: width, Indent: rnd.Intn(width/2 + 1)}
			col := []int{0, 0, 3, width / 2, width + 5}[rnd.Intn(5)]
			b, err := o.AppendWrapped(nil, u, col)
			if err != nil {
				t.Fatalf("Wrap(%q, %+v): %v", u, o, err)
			}
			checkWrapped(t, u, string(b), o, col)
		}
	}
}

// TestWrapRoundTripQueryAt: URLs whose authority is followed by a "?" with an "@" after it,
// which RFC 1738 §5 (as Find reads a URL in text) takes into a login, so that the host is
// what follows the "@": Wrap either refuses the URL, when Find could not read it so
// ("http://h?q=a@b:c", "telnet://h?@[x"), or wraps it and Find reads it back exactly.
func TestWrapRoundTripQueryAt(t *testing.T) {
	rnd := rand.New(rand.NewSource(11))
	n := 3000
	if testing.Short() {
		n = 600
	}
	parts := []string{"@", "@", ":", "[", "]", "?", "=", "&", "/", "#", "b", "c8", "x.y", "%40", "80", "[::1]"}
	schemes := locator.Schemes()
	refused, wrapped := 0, 0
	for i := 0; i < n; i++ {
		info := schemes[i%len(schemes)]
		var b strings.Builder
		b.WriteString(info.Name + "://h")
		if rnd.Intn(2) == 0 {
			b.WriteString(":21")
		}
		b.WriteString("?")
		for m := 1 + rnd.Intn(6); m > 0; m-- {
			b.WriteString(parts[rnd.Intn(len(parts))])
		}
		u := b.String()
		if _, err := locator.Parse(u); err != nil {
			continue
		}
		_, rerr := parseReading(u, locator.RFC1738)
		for _, width := range []int{10, 30, 72} {
			o := WrapOptions{Width: width, Indent: rnd.Intn(width/2 + 1)}
			w, err := o.AppendWrapped(nil, u, 0)
			if err != nil {
				var e *locator.Error
				if rerr == nil || !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(u) {
					t.Fatalf("Wrap(%q, %+v): %v (Find's reading: %v)", u, o, err, rerr)
				}
				refused++
				continue
			}
			wrapped++
			checkWrapped(t, u, string(w), o, 0)
		}
	}
	if refused == 0 || wrapped == 0 {
		t.Fatalf("refused %d, wrapped %d: the generator misses a case", refused, wrapped)
	}
	for _, u := range []string{"http://h?q=a@b:c", "telnet://h?@[x", "URL:http://h?q=a@b:c"} {
		if w, err := Wrap(u); err == nil {
			t.Errorf("Wrap(%q) = %q, which Find reads as %+v; want an error", u, w, FindString(w))
		}
	}
}

// TestWrapHyphens: a hyphen at every position of a URL's scheme-specific part, and runs of
// them, never get a break after them, and Find reads the URL back with no second reading.
func TestWrapHyphens(t *testing.T) {
	for _, base := range []string{
		"ftp://info.cern.ch/pub/www/doc;type=d",
		"http://ds.internic.net/instructions/overview.html?a=b&c=d#WARNING",
		"mailto:joe@example.com",
		"news:comp.infosystems.www",
		"gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
	} {
		for k := strings.IndexByte(base, ':') + 1; k <= len(base); k++ {
			for _, ins := range []string{"-", "--", "-/-", "/-", "-%2D-"} {
				u := base[:k] + ins + base[k:]
				if _, err := locator.Parse(u); err != nil {
					continue
				}
				for width := 10; width <= 100; width += 9 {
					o := WrapOptions{Width: width, Indent: width % 3}
					w, err := o.Wrap(u)
					if err != nil {
						t.Fatalf("Wrap(%q): %v", u, err)
					}
					checkWrapped(t, u, w, o, 0)
				}
			}
		}
	}
}

// The examples of RFC 1738 Appendix and the places Wrap breaks them.
func TestWrapExamples(t *testing.T) {
	for _, r := range []struct {
		url    string
		o      WrapOptions
		col    int
		want   string
		reason string
	}{
		{"ftp://info.cern.ch/pub/www/doc;type=d", WrapOptions{}, 0, "<URL:ftp://info.cern.ch/pub/www/doc;type=d>", "fits"},
		{"ftp://info.cern.ch/pub/www/doc;type=d", WrapOptions{Width: 40}, 0, "<URL:ftp://info.cern.ch/pub/www/doc;\ntype=d>", "RFC 1738 Appendix's break"},
		{"ftp://info.cern.ch/pub/www/doc;type=d", WrapOptions{Width: 40, Indent: 2}, 0, "<URL:ftp://info.cern.ch/pub/www/doc;\n  type=d>", "indented"},
		{"ftp://info.cern.ch/pub/www/doc;type=d", WrapOptions{Width: 43}, 0, "<URL:ftp://info.cern.ch/pub/www/doc;type=d>", "43 columns: fits exactly"},
		{"ftp://info.cern.ch/pub/www/doc;type=d", WrapOptions{Width: 42}, 0, "<URL:ftp://info.cern.ch/pub/www/doc;type=\nd>", "42: one column short"},
		{"ftp://info.cern.ch/pub/www/doc;type=d", WrapOptions{Width: 40}, 30, "<URL:ftp://info.cern.ch/\npub/www/doc;type=d>", "from column 30"},
		{"http://ds.internic.net/instructions/overview.html#WARNING", WrapOptions{Width: 30, Indent: 4}, 0,
			"<URL:http://ds.internic.net/\n    instructions/\n    overview.html#WARNING>", "no break in the fragment's words"},
		{"http://a-long-host-name.example/", WrapOptions{Width: 10}, 0, "<URL:http://a-long-host-name.example/>", "no place to break: unbroken"},
		{"http://h/a-very-long-segment-without-a-break/b", WrapOptions{Width: 20, Indent: 2}, 0,
			"<URL:http://h/\n  a-very-long-segment-without-a-break/\n  b>", "an unbreakable part on a line of its own"},
		{"http://h//a///b", WrapOptions{Width: 10}, 0, "<URL:http://h//\na///b>", "after a run of slashes"},
		{"http://h//a///b", WrapOptions{Width: 5}, 0, "<URL:http://h//\na///\nb>", "after a run of slashes, narrower"},
		{"mailto:joe@example.com", WrapOptions{Width: 14}, 0, "<URL:mailto:joe@\nexample.com>", "not after the scheme's colon"},
		{"file:///etc/motd", WrapOptions{Width: 10}, 0, "<URL:file:///etc/\nmotd>", "not inside :///"},
		{"http://h/%2F%2Fa/b", WrapOptions{Width: 10}, 0, "<URL:http://h/\n%2F%2Fa/b>", "not inside an escape"},
		{"http://h/%2F%2Fa/b", WrapOptions{Width: 9}, 0, "<URL:http://h/\n%2F%2Fa/\nb>", "not inside an escape, narrower"},
		{"URL:ftp://a/b", WrapOptions{}, 0, "<URL:ftp://a/b>", "the prefix dropped"},
		{"url:ftp://a/b", WrapOptions{}, 0, "<URL:ftp://a/b>", "the prefix in any case"},
		{"url:x", WrapOptions{}, 0, "<URL:url:x>", "no scheme after url:, so url is the scheme"},
	} {
		b, err := r.o.AppendWrapped(nil, r.url, r.col)
		if err != nil || string(b) != r.want {
			t.Errorf("%s: AppendWrapped(%q, %+v, %d) = %q, %v; want %q", r.reason, r.url, r.o, r.col, b, err, r.want)
			continue
		}
		u := r.url
		if strings.HasPrefix(strings.ToUpper(u), "URL:FTP") {
			u = u[4:]
		}
		checkWrapped(t, u, string(b), r.o, r.col)
	}
	if w, err := Wrap("ftp://info.cern.ch/pub/www/doc;type=d"); err != nil || w != "<URL:ftp://info.cern.ch/pub/www/doc;type=d>" {
		t.Errorf("Wrap = %q, %v", w, err)
	}
}

// TestWrapRefuses: each byte that a wrapper cannot hold, at its offset, with its code; URLs
// that do not parse, have no scheme or nothing after it; options out of range; a wrapped form
// longer than MaxLength. A refusal appends nothing.
func TestWrapRefuses(t *testing.T) {
	for c := 0; c < 0x100; c++ {
		u := "http://h/a" + string([]byte{byte(c)}) + "b"
		var want locator.Code
		switch {
		case c < 0x20 || c == 0x7f:
			want = locator.CodeControl
		case c == ' ' || c == '<' || c == '>':
			want = locator.CodeUnsafeChar
		case c >= 0x80:
			want = locator.CodeNonASCII
		}
		b, err := DefaultWrap.AppendWrapped([]byte("x"), u, 0)
		if want == "" {
			if err != nil && c != '%' {
				t.Errorf("Wrap(%q) = %v", u, err)
			}
			continue
		}
		var e *locator.Error
		if !errors.As(err, &e) || e.Code != want || e.Offset != 10 || e.Input != u || string(b) != "x" {
			t.Errorf("Wrap(%q) = %q, %v; want %s at 10", u, b, err, want)
		}
	}
	long := "http://h/" + strings.Repeat("a/", MaxLength/2)
	for _, r := range []struct {
		url  string
		o    WrapOptions
		code locator.Code
		off  int
	}{
		{"", WrapOptions{}, locator.CodeEmpty, 0},
		{"http:", WrapOptions{}, locator.CodeEmpty, 5},
		{"/a/b", WrapOptions{}, locator.CodeNoScheme, 0},
		{"a/b:c", WrapOptions{}, locator.CodeNoScheme, 0},
		{"http://h/%zz", WrapOptions{}, locator.CodeBadEscape, 9},
		{"URL:http://h/%zz", WrapOptions{}, locator.CodeBadEscape, 13},
		{"URL:http://h/ x", WrapOptions{}, locator.CodeUnsafeChar, 13},
		{"http://h:x/", WrapOptions{}, locator.CodeBadPort, 9},
		{strings.Repeat("a", 65) + ":x", WrapOptions{}, locator.CodeTooLong, 0},
		{long, WrapOptions{}, locator.CodeTooLong, 0},
		{long, WrapOptions{Width: 10, Indent: 5}, locator.CodeTooLong, 0},
		{"http://h/", WrapOptions{Width: -1}, CodeWrapOptions, 0},
		{"http://h/", WrapOptions{Indent: -1}, CodeWrapOptions, 0},
		{"http://h/", WrapOptions{Width: 10, Indent: 6}, CodeWrapOptions, 0},
		{"http://h/", WrapOptions{Indent: DefaultWidth/2 + 1}, CodeWrapOptions, 0},
	} {
		b, err := r.o.AppendWrapped([]byte("x"), r.url, 0)
		var e *locator.Error
		if !errors.As(err, &e) || e.Code != r.code || e.Offset != r.off || string(b) != "x" {
			t.Errorf("AppendWrapped(%.40q, %+v) = %.40q, %v; want %s at %d", r.url, r.o, b, err, r.code, r.off)
		}
	}
	// Both sides of the boundaries: a scheme of 64 bytes, an indent of half the width, a
	// wrapped form of MaxLength bytes.
	for _, r := range []struct {
		url string
		o   WrapOptions
	}{
		{strings.Repeat("a", 64) + ":x", WrapOptions{}},
		{"http://h/", WrapOptions{Width: 10, Indent: 5}},
		{"http://h/", WrapOptions{Indent: DefaultWidth / 2}},
		{"news:" + strings.Repeat("a", MaxLength-len("<URL:news:>")), WrapOptions{}},
	} {
		w, err := r.o.Wrap(r.url)
		if err != nil {
			t.Errorf("Wrap(%.40q, %+v): %v", r.url, r.o, err)
			continue
		}
		checkWrapped(t, r.url, w, r.o, 0)
	}
	if _, err := DefaultWrap.Wrap("news:" + strings.Repeat("a", MaxLength-len("<URL:news:>")+1)); err == nil {
		t.Error("Wrap accepted a wrapped form of MaxLength+1 bytes")
	}
}

// TestWrapText: bare, prefixed and bracketed URLs are rewritten, with the quote markers of a
// mail reply and the text's line breaks; wrapped ones and ambiguous ones are left as written.
func TestWrapText(t *testing.T) {
	o := WrapOptions{Width: 30, Indent: 2}
	for _, r := range []struct {
		in, want string
		kept     []locator.Code
	}{
		{"see http://a.example/b/c/d/e/f/g/h. Next.", "see <URL:http://a.example/b/c/\n  d/e/f/g/h>. Next.", nil},
		{"URL:ftp://x.example/y/z and", "<URL:ftp://x.example/y/z> and", nil},
		{"url:  ftp://x.example/y/z and", "<URL:ftp://x.example/y/z> and", nil},
		{"(<http://q/r/s/t/u/v/w/x/y/z>)", "(<URL:http://q/r/s/t/u/v/w/x/\n  y/z>)", nil},
		{"> see http://a.example/b/c/d/e/f/g/h\n> more", "> see <URL:http://a.example/b/\n>   c/d/e/f/g/h>\n> more", nil},
		{">> > http://a.example/b/c/d/e/f/g/h", ">> > <URL:http://a.example/b/\n>> >   c/d/e/f/g/h>", nil},
		{"a\r\nsee http://a.example/b/c/d/e/f/g/h\r\n", "a\r\nsee <URL:http://a.example/b/c/\r\n  d/e/f/g/h>\r\n", nil},
		{"see URL: URL:news:x here", "see <URL:URL:news:x> here", nil},
		{"URL:URL:http://a.example/b/c/d/e/f", "<URL:URL:http://a.example/b/c/\n  d/e/f>", nil},
		{"<URL:http://a.example/b/c/d/e/f/g/h/i/j/k> <URL:a:b>", "<URL:http://a.example/b/c/d/e/f/g/h/i/j/k> <URL:a:b>", nil},
		{"see http://x-\n  y/z now", "see http://x-\n  y/z now", []locator.Code{CodeHyphenBreak}},
		{"<http://a/\n b>", "<http://a/\n b>", []locator.Code{CodeAcrossLines}},
		{"URL:\nhttp://a/b", "URL:\nhttp://a/b", []locator.Code{CodeAcrossLines}},
		{"see http://a.example/é/b now", "see http://a.example/é/b now", []locator.Code{locator.CodeNonASCII}},
		{"no URLs: 10:30, a<b, mail <joe@example.com>", "no URLs: 10:30, a<b, mail <joe@example.com>", nil},
		{"", "", nil},
		// Quote markers and indentation wider than half the width: kept when a break is
		// needed, wrapped when the URL fits.
		{">>>>>>>>>>>>>> http://a.example/b/c/d/e/f/g/h", ">>>>>>>>>>>>>> http://a.example/b/c/d/e/f/g/h", []locator.Code{CodeQuoteTooWide}},
		{">>>>>>>>>>>>>>>>> http://ab", ">>>>>>>>>>>>>>>>> <URL:http://ab>", nil},
		{">>>>>>>>>>>>>> http://a.example/b/c/d/e/f/g/h-\n>>>>>>>>>>>>>> x/y", ">>>>>>>>>>>>>> http://a.example/b/c/d/e/f/g/h-\n>>>>>>>>>>>>>> x/y", []locator.Code{CodeHyphenBreak}},
		{">>>>>>>>>>>>>> http://a.example/b/c/d/e/f/g/h http://b/c-\n>>>>>>>>>>>>>> x/y", ">>>>>>>>>>>>>> http://a.example/b/c/d/e/f/g/h http://b/c-\n>>>>>>>>>>>>>> x/y", []locator.Code{CodeQuoteTooWide, CodeHyphenBreak}},
		{"> http://a.example/b/c/d/e/f/g/h http://b/c-\n> x/y", "> <URL:http://a.example/b/c/d/\n>   e/f/g/h> http://b/c-\n> x/y", []locator.Code{CodeHyphenBreak}},
	} {
		out, kept := o.WrapText([]byte(r.in))
		var codes []locator.Code
		for _, k := range kept {
			var e *locator.Error
			if !errors.As(k.Err, &e) {
				t.Fatalf("WrapText(%q): kept %+v without a *locator.Error", r.in, k)
			}
			codes = append(codes, e.Code)
		}
		if string(out) != r.want || !reflect.DeepEqual(codes, r.kept) {
			t.Errorf("WrapText(%q) =\n%q, %v\nwant\n%q, %v", r.in, out, codes, r.want, r.kept)
		}
		checkWrapText(t, []byte(r.in), out)
	}
}

// checkWrapText checks that Find reads the same URLs, in the same order, from the text and from
// WrapText's result, with no alternatives gained or lost.
func checkWrapText(t *testing.T, in, out []byte) {
	t.Helper()
	a, b := Find(in), Find(out)
	if len(a) != len(b) {
		t.Fatalf("WrapText(%q) = %q: Find reads %d URLs, then %d:\n%+v\n%+v", in, out, len(a), len(b), a, b)
	}
	for i := range a {
		if a[i].URL != b[i].URL || !reflect.DeepEqual(a[i].Alternatives, b[i].Alternatives) {
			t.Fatalf("WrapText(%q) = %q: URL %d %+v became %+v", in, out, i, a[i], b[i])
		}
	}
}

// TestWrapTextRoundTrip: running text with random URLs in random forms and quote markers reads
// back the same after WrapText, at every width.
func TestWrapTextRoundTrip(t *testing.T) {
	rnd := rand.New(rand.NewSource(3))
	n := 2000
	if testing.Short() {
		n = 400
	}
	for i := 0; i < n; i++ {
		text := genWrapText(rnd)
		width := 10 + rnd.Intn(91)
		o := WrapOptions{Width: width, Indent: rnd.Intn(width/2 + 1)}
		out, _ := o.WrapText(text)
		checkWrapText(t, text, out)
	}
}

// genWrapText returns a few lines of text with URLs in every form.
func genWrapText(rnd *rand.Rand) []byte {
	var b strings.Builder
	for n := 1 + rnd.Intn(6); n > 0; n-- {
		quote := []string{"", "> ", ">> ", "> > ", "  ", ">>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>> ", "\t>\t"}[rnd.Intn(7)]
		b.WriteString(quote)
		for m := rnd.Intn(4); m > 0; m-- {
			b.WriteString([]string{"see ", "at 10:30 ", "(", "and ", "<joe@a.example> ", "x-"}[rnd.Intn(6)])
			u := genURL(rnd)
			if rnd.Intn(2) == 0 {
				u = genWrapURL(rnd)
			}
			switch rnd.Intn(7) {
			case 0:
				u = "<" + u + ">"
			case 1:
				u = "URL:" + u
			case 2:
				u = "<URL:" + u + ">"
			case 3:
				// A URL that starts with "URL:" behind the prefix: the 1994 URL draft's
				// prefixedurl has one prefix, so the URL is "URL:" u.
				u = []string{"URL: URL:", "URL:URL:", "url:URL:"}[rnd.Intn(3)] + u
			}
			b.WriteString(u)
			b.WriteString([]string{" ", ". ", ", ", ") ", "-\n  ", "-\n" + quote}[rnd.Intn(6)])
		}
		b.WriteString([]string{"\n", "\r\n", "\n\n"}[rnd.Intn(3)])
	}
	return []byte(b.String())
}

func FuzzWrap(f *testing.F) {
	f.Add("ftp://info.cern.ch/pub/www/doc;type=d", 40, 2, 0)
	f.Add("http://h/a-/b%2D/-c?x=y&z#f", 10, 5, 3)
	f.Add("URL:mailto:joe@example.com", 14, 0, 20)
	f.Fuzz(func(t *testing.T, u string, width, indent, col int) {
		o := WrapOptions{Width: width % 200, Indent: indent % 100}
		col %= 200
		b, err := o.AppendWrapped(nil, u, col)
		if err != nil {
			var e *locator.Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(u) {
				t.Fatalf("AppendWrapped(%q, %+v): %v", u, o, err)
			}
			return
		}
		want, _ := stripPrefix(u)
		checkWrapped(t, want, string(b), o, max(col, 0))
	})
}

func FuzzWrapText(f *testing.F) {
	f.Add([]byte("> see http://a.example/b/c/d/e/f/g/h.\n"), 30, 2)
	f.Add([]byte("URL: ftp://x/y <http://q/r/s> http://x-\n y"), 10, 0)
	f.Fuzz(func(t *testing.T, text []byte, width, indent int) {
		width = 10 + abs(width)%91
		o := WrapOptions{Width: width, Indent: abs(indent) % (width/2 + 1)}
		out, _ := o.WrapText(text)
		checkWrapText(t, text, out)
	})
}

func abs(n int) int {
	if n < 0 {
		return -(n + 1)
	}
	return n
}
