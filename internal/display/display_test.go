package display

import (
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestString(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://a/b", "http://a/b"},
		{"a\tb\nc\rd", `a\tb\nc\rd`},
		{"\x1b[31mRED\x1b[0m", `\x1b[31mRED\x1b[0m`},
		{"\x00\x7f", `\x00\x7f`},
		{"caf\xc3\xa9", "café"},
		{"bad\xff\xfe", `bad\xff\xfe`},
		{"\xef\xbb\xbfhttp://a/", `\ufeffhttp://a/`},
		{"a\u202eb", `a\u202eb`},
		{"a\u0085b", `a\u0085b`},
		{`back\slash`, `back\slash`},
		{"\U000e0001", `\U000e0001`},
	} {
		if got := String(tc.in); got != tc.want {
			t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := string(Append([]byte("x"), tc.in)); got != "x"+tc.want {
			t.Errorf("Append(%q) = %q", tc.in, got)
		}
	}
}

func TestQuote(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", `""`},
		{`a"b`, `"a\"b"`},
		{"a\nb", `"a\nb"`},
		{strings.Repeat("a", MaxQuote), `"` + strings.Repeat("a", MaxQuote) + `"`},
		{strings.Repeat("a", MaxQuote+1), `"` + strings.Repeat("a", MaxQuote) + `…"`},
		// a cut never splits a character
		{strings.Repeat("a", MaxQuote-1) + "é", `"` + strings.Repeat("a", MaxQuote-1) + `…"`},
	} {
		if got := Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	long := strings.Repeat("\xff", 1<<20)
	if got := Quote(long); len(got) > 8*MaxQuote {
		t.Errorf("Quote of 1 MB is %d bytes", len(got))
	}
}

// TestClip: a message up to MaxMessage bytes is shown whole (String's form); a longer one keeps
// its first two thirds and last third of MaxMessage around "…", cut between characters, in
// display form, so that a message quoting a 1 MB argument stays short.
func TestClip(t *testing.T) {
	short := strings.Repeat("a", MaxMessage-1) + "\x01"
	if got := Clip(short); got != strings.Repeat("a", MaxMessage-1)+`\x01` {
		t.Errorf("Clip of %d bytes = %.80q…", len(short), got)
	}
	head, tail := strings.Repeat("h", 2*MaxMessage/3-1)+"é", "é"+strings.Repeat("t", MaxMessage/3-1)
	long := head + strings.Repeat("\x1b", 1<<20) + tail
	got := Clip(long)
	// The cuts fall inside the two "é"s: back to the first one's start, on to after the second.
	want := strings.Repeat("h", 2*MaxMessage/3-1) + "…" + strings.Repeat("t", MaxMessage/3-1)
	if got != want {
		t.Errorf("Clip of %d bytes = %.80q…, want %.80q…", len(long), got, want)
	}
	// A run of bytes that start no character is cut anywhere: the end is kept.
	if got := Clip(strings.Repeat("\x80", 1<<20) + "why"); !strings.HasSuffix(got, `\x80why`) || len(got) > 4*MaxMessage+8 {
		t.Errorf("Clip of 1 MB of continuation bytes: %d bytes, ends %q", len(got), got[max(0, len(got)-20):])
	}
	if got := Clip("invalid argument \"" + strings.Repeat("\xff", 1<<20) + "\" for \"--jobs\" flag"); len(got) > 4*MaxMessage ||
		!strings.HasPrefix(got, `invalid argument "\xff`) || !strings.HasSuffix(got, `\xff" for "--jobs" flag`) {
		t.Errorf("Clip of a 1 MB flag message: %d bytes, %.60q…", len(got), got)
	}
}

func TestByte(t *testing.T) {
	for c, want := range map[byte]string{'a': `"a"`, '"': `"\""`, 0x1b: `"\x1b"`, 0xff: `"\xff"`, '\n': `"\n"`, ' ': `" "`} {
		if got := Byte(c); got != want {
			t.Errorf("Byte(%#x) = %s, want %s", c, got, want)
		}
	}
}

func TestWindow(t *testing.T) {
	for _, tc := range []struct {
		s          string
		off, width int
		want       string
		col        int
	}{
		{"http://a/b", 7, 80, "http://a/b", 7},
		{"http://a/b", 99, 80, "http://a/b", 10},
		{"a\tb", 2, 80, `a\tb`, 3},
		{"\xff\xffx", 2, 80, `\xff\xffx`, 8},
		{"日本x", 6, 80, "日本x", 4},
		{"日本x", 4, 80, "日本x", 2}, // inside a character: points at it
		{strings.Repeat("a", 100) + "X" + strings.Repeat("b", 100), 100, 20, "…" + strings.Repeat("a", 10) + "X" + strings.Repeat("b", 9) + "…", 11},
		{"X" + strings.Repeat("b", 100), 0, 20, "X" + strings.Repeat("b", 19) + "…", 0},
		{strings.Repeat("a", 100) + "X", 100, 20, "…" + strings.Repeat("a", 19) + "X", 20},
	} {
		got, col := Window(tc.s, tc.off, tc.width)
		if got != tc.want || col != tc.col {
			t.Errorf("Window(%.20q, %d, %d) = %q, %d; want %q, %d", tc.s, tc.off, tc.width, got, col, tc.want, tc.col)
		}
	}
}

// TestWindowBounded: the window of a 1 MB input is short, and its caret column points into it.
func TestWindowBounded(t *testing.T) {
	for _, s := range []string{strings.Repeat(" ", 1<<20), strings.Repeat("\xff", 1<<20), strings.Repeat("é", 1<<19), strings.Repeat("\u0301", 1<<19)} {
		for _, off := range []int{0, len(s) / 2, len(s) - 1, len(s)} {
			got, col := Window(s, off, 80)
			if len(got) > 80*10 || col < 0 || col > len(got) {
				t.Errorf("Window(1 MB, %d) = %d bytes, col %d", off, len(got), col)
			}
			if !utf8.ValidString(got) {
				t.Errorf("Window(1 MB, %d) is not UTF-8", off)
			}
		}
	}
}

// FuzzString: the display form is valid UTF-8 with no control character, and a string without
// controls, invisible characters or invalid UTF-8 is shown as it is.
func FuzzString(f *testing.F) {
	for _, s := range []string{"", "http://a/", "\x1b[0m", "\xff", "a\u202eb", "日本", "\t\n\r"} {
		f.Add(s, 3)
	}
	f.Add(strings.Repeat("0", 51)+strings.Repeat("M", 41)+"0", 72) // a window inside a run of one byte
	f.Fuzz(func(t *testing.T, s string, off int) {
		got := String(s)
		if !utf8.ValidString(got) {
			t.Fatalf("String(%q) = %q: not UTF-8", s, got)
		}
		for _, r := range got {
			if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
				t.Fatalf("String(%q) = %q holds a control", s, got)
			}
		}
		if plain(s) && got != s {
			t.Fatalf("String(%q) = %q, want it unchanged", s, got)
		}
		w, col := Window(s, off, 40)
		if !utf8.ValidString(w) || strings.ContainsAny(w, "\n\r\x1b") || col < 0 {
			t.Fatalf("Window(%q, %d) = %q, %d", s, off, w, col)
		}
		checkWindowSpan(t, s, off, 40, w, col)
		// AppendQuoted is a Go string literal of s (its doc): strconv.Unquote reads s back.
		if q := string(AppendQuoted(nil, s)); !utf8.ValidString(q) {
			t.Fatalf("AppendQuoted(%q) = %q: not UTF-8", s, q)
		} else if back, err := strconv.Unquote(q); err != nil || back != s {
			t.Fatalf("AppendQuoted(%q) = %s: Unquote gives %q, %v", s, q, back, err)
		}
		// Quote shows at most MaxQuote bytes of s (a character cut whole) and "…" when it cut.
		if q := Quote(s); len(s) <= MaxQuote && q != strconv.Quote(s) && plain(s) && !strings.ContainsAny(s, `\`) {
			t.Fatalf("Quote(%q) = %s, want %s", s, q, strconv.Quote(s))
		} else if len(s) > MaxQuote && (!strings.HasSuffix(q, `…"`) || len(q) > 10*MaxQuote+len(`"…"`)) {
			t.Fatalf("Quote of %d bytes = %d bytes %.80q", len(s), len(q), q)
		}
		// Clip: String's form up to MaxMessage bytes; beyond, bounded and still display text
		// (a byte is shown as at most 10: \UHHHHHHHH of a 4-byte character is 10 for 4).
		long := strings.Repeat(s, 1+2*MaxMessage/(len(s)+1))
		for _, m := range []string{s, long} {
			c := Clip(m)
			switch {
			case len(m) <= MaxMessage && c != String(m):
				t.Fatalf("Clip(%q) = %q, want String's %q", m, c, String(m))
			case len(c) > 10*MaxMessage || !utf8.ValidString(c) || strings.ContainsAny(c, "\n\r\x1b"):
				t.Fatalf("Clip of %d bytes: %d bytes, %.80q", len(m), len(c), c)
			}
		}
	})
}

// AppendQuoted is a Go string literal built on Append: it reads back to its input, and shows
// no control byte, format character or invalid UTF-8.
func TestAppendQuoted(t *testing.T) {
	for _, s := range []string{"", "a b", `a"b\c`, "a\x00\x1b\n\r\t\x7f", "\xff\xfe", "é日本", "\u202e\ufeff\u0085", `\x41`, "\U000e0001"} {
		q := string(AppendQuoted(nil, s))
		if got, err := strconv.Unquote(q); err != nil || got != s {
			t.Errorf("AppendQuoted(%q) = %s: Unquote gives %q, %v", s, q, got, err)
		}
		for _, r := range q {
			if r == utf8.RuneError || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
				t.Errorf("AppendQuoted(%q) = %q shows %U", s, q, r)
			}
		}
	}
}

// TestWindowWholeCharacters: a window of valid UTF-8 never cuts a character in two, which would
// show its bytes as "\xHH" escapes as if the input held invalid UTF-8: with the offset near
// either end (the other edge then lies far from off) and in the middle, for characters of
// 1–4 bytes. "http://ü…ü/" with off 7 showed "…ü\xc3…".
func TestWindowWholeCharacters(t *testing.T) {
	for _, ch := range []string{"a", "ü", "日", "😀"} {
		for pre := range 4 {
			s := strings.Repeat("x", pre) + strings.Repeat(ch, 200) + "/"
			for _, off := range []int{0, pre, pre + 1, len(s) / 2, len(s) - 5, len(s) - 1, len(s)} {
				for _, width := range []int{16, 17, 40, 41, 80, 99} {
					w, col := Window(s, off, width)
					if strings.Contains(w, `\x`) || col < 0 || col > len(w) {
						t.Fatalf("Window(%d×%q, %d, %d) = %q, %d", 200, ch, off, width, w, col)
					}
					if n := len(strings.ReplaceAll(w, "…", "")); n > width {
						t.Fatalf("Window(%d×%q, %d, %d) = %d bytes of s, more than the width", 200, ch, off, width, n)
					}
				}
			}
		}
	}
}

// checkWindowSpan holds Window(s, off, width)'s result w, col to its doc: w is the display
// form of one stretch s[lo:hi] of at most max(width, 16) bytes that holds off (or ends at
// len(s) when off is past it), with "…" before it when lo > 0 and after it when hi < len(s);
// for printable ASCII the column is the byte's place in w.
func checkWindowSpan(t *testing.T, s string, off, width int, w string, col int) {
	t.Helper()
	o := max(0, min(off, len(s)))
	width = max(width, 16)
	for lo := max(0, o-width); lo <= o; lo++ {
		for hi := max(o, lo); hi <= min(len(s), lo+width); hi++ {
			if hi == o && o < len(s) {
				continue // the stretch must hold the byte at off
			}
			want := String(s[lo:hi])
			if lo > 0 {
				want = "…" + want
			}
			if hi < len(s) {
				want += "…"
			}
			// For printable ASCII the column is the byte's place in w: a run of equal bytes
			// matches at several lo, one of which must give it.
			if want == w && (!plain(s) || col == o-lo+min(lo, 1)) {
				return
			}
		}
	}
	t.Fatalf("Window(%q, %d, %d) = %q, column %d: not the display form of a stretch of at most %d bytes holding the offset (at that column, for ASCII)", s, off, width, w, col, width)
}
