package extract

import (
	"bytes"
	"errors"
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/locator-url/locator"
)

// huntURL returns a random URL of a known scheme: its scheme-specific part is printable ASCII
// but space, "<" and ">" (RFC 1738 §2.2: what text can hold unencoded), with escapes, and
// sometimes a login that holds a "?" (RFC 1738 §5 user, password = *[ uchar | ";" | "?" | "&"
// | "=" ]).
func huntURL(rnd *rand.Rand) string {
	schemes := locator.Schemes()
	info := schemes[rnd.Intn(len(schemes))]
	var b strings.Builder
	name := info.Name
	if rnd.Intn(4) == 0 {
		name = strings.ToUpper(name)
	}
	b.WriteString(name + ":")
	if info.Hierarchical && rnd.Intn(5) > 0 {
		b.WriteString("//")
		if rnd.Intn(3) == 0 {
			b.WriteString([]string{"a:p?q@", "a?b@", "u;x=y:p?&=@", "a:p?q@h?r@"}[rnd.Intn(4)])
			b.WriteString("host.example")
		}
	}
	const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.+$!*,'();/?:@=&~#[]{}|\\^`\"%"
	const hex = "0123456789ABCDEFabcdef"
	for n := 1 + rnd.Intn(120); n > 0; n-- {
		if rnd.Intn(10) == 0 {
			b.WriteString("%" + string(hex[rnd.Intn(len(hex))]) + string(hex[rnd.Intn(len(hex))]))
			continue
		}
		b.WriteByte(chars[rnd.Intn(len(chars))])
	}
	return b.String()
}

// RFC 1738 §5: "ftp://a:p?q@host/f" is the password "p?q", and Find reads it so in text (and
// "locator check" finds it valid). Wrap wrote no such URL: it refused it with locator.Parse's
// error, "port is not decimal digits [bad-port, RFC 1738 §3.1 port]", as if the port were "p",
// and WrapText left it as written with that message.
func TestWrapLoginWithQuestionMark(t *testing.T) {
	for _, u := range []string{"ftp://a:p?q@host/f", "ftp://a?b@host/x", "ftp://u;x=y:p?&=@h.example:21/a;type=d"} {
		w, err := Wrap(u)
		if err != nil {
			t.Errorf("Wrap(%q): %v", u, err)
			continue
		}
		if want := "<URL:" + u + ">"; w != want {
			t.Errorf("Wrap(%q) = %q, want %q", u, w, want)
		}
		if got := FindString(w); len(got) != 1 || got[0].URL != u || !got[0].Valid {
			t.Errorf("Find(%q) = %+v", w, got)
		}
		text := "see " + u + " now\n"
		out, kept := WrapText([]byte(text))
		if want := "see <URL:" + u + "> now\n"; string(out) != want || len(kept) != 0 {
			t.Errorf("WrapText(%q) = %q, %v; want %q", text, out, kept, want)
		}
	}
	// Still refused: what Find would read otherwise ("http://h?q=a@b:c", the port "c"), and
	// a port that is not digits in the RFC 1738 reading (offset 17, "x", not 8, "p").
	for _, r := range []struct {
		url string
		off int
	}{{"http://h?q=a@b:c", 15}, {"ftp://a:p?q@host:x/f", 17}, {"URL:ftp://a:p?q@host:x/f", 21}} {
		_, err := Wrap(r.url)
		var e *locator.Error
		if !errors.As(err, &e) || e.Code != locator.CodeBadPort || e.Offset != r.off || e.Input != r.url {
			t.Errorf("Wrap(%q) = %v; want bad-port at %d", r.url, err, r.off)
		}
	}
}

// Wrap writes every URL that a wrapper can hold, and Find reads it back: a random URL that
// Find reads whole from "<URL:" url ">" on one line is wrapped without an error, at every
// width from 1 to 200 and every indent, never broken after a hyphen or inside an escape, and
// Find reads the wrapped text back as the URL, with no other reading.
func TestWrapWhatFindReads(t *testing.T) {
	rnd := rand.New(rand.NewSource(14))
	n := 20000
	if testing.Short() {
		n = 5000
	}
	wrapped := 0
	for i := 0; i < n; i++ {
		u := huntURL(rnd)
		width := 1 + rnd.Intn(200)
		o := WrapOptions{Width: width, Indent: rnd.Intn(width/2 + 1)}
		got := FindString("<URL:" + u + ">")
		reads := len(got) == 1 && got[0].URL == u && got[0].Form == Wrapped
		s, err := o.Wrap(u)
		if err != nil {
			if reads {
				t.Fatalf("Wrap(%q) with %+v: %v; but Find reads it from <URL:...>", u, o, err)
			}
			continue
		}
		wrapped++
		for k := 0; k+1 < len(s); k++ {
			if s[k+1] == '\n' && (s[k] == '-' || s[k] == '%' || k > 0 && s[k-1] == '%') {
				t.Fatalf("Wrap(%q) with %+v = %q: a break after byte %d %q", u, o, s, k, s[k])
			}
		}
		if back := FindString(s); len(back) != 1 || back[0].URL != u || back[0].Form != Wrapped || len(back[0].Alternatives) != 0 {
			t.Fatalf("Wrap(%q) with %+v = %q, read back as %+v", u, o, s, back)
		}
	}
	if wrapped < n/3 {
		t.Errorf("only %d of %d random URLs wrapped", wrapped, n)
	}
}

// WrapText reports every URL it leaves as written, in text order (its documentation: "a URL
// that Wrap refuses (... a wrapped form longer than MaxLength)"). One longer than MaxLength,
// which Find does not report (Search skips it), was left without a word: a bare URL of
// MaxLength-5 bytes was reported as refused (CodeTooLong), one of MaxLength+10 not at all.
func TestWrapTextTooLong(t *testing.T) {
	long := "http://y.example/" + strings.Repeat("a", MaxLength)
	text := "a http://x/b-\nc b\n\nsee " + long + " c\nd news:z e URL:" + long + "\n"
	out, kept := WrapText([]byte(text))
	want := "a http://x/b-\nc b\n\nsee " + long + " c\nd <URL:news:z> e URL:" + long + "\n"
	if string(out) != want {
		t.Errorf("WrapText: %.200q", out)
	}
	_, skips := Search([]byte(text))
	if len(kept) != 3 || len(skips) != 2 {
		t.Fatalf("WrapText kept %d, Search skipped %d: %+v", len(kept), len(skips), kept)
	}
	if e, ok := kept[0].Err.(*locator.Error); !ok || e.Code != CodeHyphenBreak {
		t.Errorf("kept[0]: %v", kept[0].Err)
	}
	for i, k := range kept[1:] {
		s := skips[i]
		var e *locator.Error
		if !errors.As(k.Err, &e) || e.Code != locator.CodeTooLong || k.Start != s.Start ||
			k.End != s.Start+s.Length-1 || k.Form != s.Form || k.URL != s.Prefix || k.Alternatives == nil ||
			text[k.Start:k.End+1] != long || len(e.Error()) > 512 {
			t.Errorf("kept[%d] = %+v, %v; want the skip %+v", i+1, k.Finding, k.Err, s)
		}
	}
}

// MaxLength: "the longest URL text the extractor reports, in bytes of the input from the first
// byte of the URL to its last" (locator extract --help: "A URL longer than 64 KiB (65536
// bytes, from its first byte to its last) is not reported"). A URL of MaxLength bytes and a
// period was skipped as "a URL of 65537 bytes" (the period, which RFC 1738 Appendix keeps out
// of the URL, counted), and one of MaxLength+1 bytes at the very end of the input was
// reported. Both sides of the limit, with punctuation after the URL or not, at the end of the
// input or not, by Search and by a Scanner reading in small pieces.
func TestMaxLengthBoundary(t *testing.T) {
	for _, n := range []int{MaxLength - 1, MaxLength, MaxLength + 1} {
		u := "http://a.example/" + strings.Repeat("a", n-len("http://a.example/"))
		for _, after := range []string{"", ".", "...", ".\n", "?!", "'", ":;,", " and", ")", "\"",
			strings.Repeat(".", maxTrail), strings.Repeat(".", maxTrail+2) + " and", ".x", "-\nx"} {
			for _, before := range []string{"", "see ", "URL: ", "(see "} {
				text := before + u + after
				found, skips := Search([]byte(text))
				// Reported: a URL of at most MaxLength bytes from its first byte to its last,
				// with at most maxTrail bytes of punctuation after it. (Across a line break
				// after a hyphen, the span counts the "-\n" too.)
				report := n <= MaxLength && after != ".x" && (after != "-\nx" || n+3 <= MaxLength) &&
					!strings.HasPrefix(after, strings.Repeat(".", maxTrail+1))
				if report {
					if len(found) != 1 || found[0].URL != u || found[0].Start != len(before) || len(skips) != 0 {
						t.Errorf("%d bytes, %q before, %.10q after: %d found, %d skipped; want %s", n, before, after, len(found), len(skips), "the URL")
					}
				} else {
					// The skip runs to white space or another byte of stop, across the
					// line break after a hyphen.
					run := len(u) + len(after)
					if i := strings.IndexAny(after, " \""); i >= 0 {
						run = len(u) + i
					} else if after == ".\n" || after == "-\nx" && n >= MaxLength {
						run = len(u) + 1 // the hyphen past MaxLength: the skip ends at the line break
					}
					if len(found) != 0 || len(skips) != 1 || skips[0].Start != len(before) || skips[0].Length != run {
						t.Errorf("%d bytes, %q before, %.10q after: found %d, skips %+v; want a skip of %d bytes", n, before, after, len(found), skips, run)
					}
				}
				sc := NewScanner(iotest.HalfReader(bytes.NewReader([]byte(text))))
				f2, s2 := drainScanner(sc)
				if !reflect.DeepEqual(f2, found) || !reflect.DeepEqual(s2, skips) {
					t.Errorf("%d bytes, %q before, %.10q after: Scanner %d found %d skipped, Search %d %d", n, before, after, len(f2), len(s2), len(found), len(skips))
				}
			}
		}
	}
}
