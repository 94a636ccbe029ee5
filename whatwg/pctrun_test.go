package whatwg

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestDirPctRun holds dirPctRun, the direct path's encoding of a run of bytes ≥ 0x80 at once, to
// what the state machine does a byte at a time: every first byte ≥ 0x80, every second byte, and
// the boundary values of the continuation ranges after them (as TestUTF8Size), whole and cut
// short, in turn alone, at the end of a longer input, before ASCII bytes, and after a valid run
// of nine bytes. The run must end at the first ASCII byte, write each of its bytes as "%XY", and
// be valid exactly when it is well-formed UTF-8 (utf8.ValidString, which follows the same
// Table 3-7).
func TestDirPctRun(t *testing.T) {
	edges := []byte{0x00, ' ', 'a', 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF}
	if testing.Short() {
		edges = []byte{'a', 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0}
	}
	contexts := [][2]string{{"", ""}, {"aaaaaaaa", ""}, {"", "zzzzzzzz"}, {"a\u65e5\u672c\u8a9e", "z"}}
	buf := make([]byte, 3*16)
	var want []byte
	x := 0
	for c0 := 0x80; c0 < 0x100; c0++ {
		for c1 := 0; c1 < 0x100; c1++ {
			for _, c2 := range edges {
				for _, c3 := range edges {
					full := string([]byte{byte(c0), byte(c1), c2, c3})
					for n := 1; n <= 4; n++ {
						x++
						ctx := contexts[x%len(contexts)]
						s := ctx[0] + full[:n] + ctx[1]
						start := len(ctx[0])
						if ctx[0] != "" && ctx[0][len(ctx[0])-1] >= 0x80 {
							start = 1 // the run starts after the "a"
						}
						end := start
						for end < len(s) && s[end] >= 0x80 {
							end++
						}
						k, i, ok := dirPctRun(buf, 0, s, start)
						want = want[:0]
						for j := start; j < end; j++ {
							want = append(want, '%', upperhex[s[j]>>4], upperhex[s[j]&15])
						}
						if v := utf8.ValidString(s[start:end]); i != end || string(buf[:k]) != string(want) || ok != v {
							t.Fatalf("dirPctRun(%q, %d) = %q, %d, %v; want %q, %d, %v", s, start, buf[:k], i, ok, want, end, v)
						}
					}
				}
			}
		}
	}
}

// TestDirectRuns holds the direct path to the full parser on runs of non-ASCII and
// percent-encoded bytes (dirPctRun) in each component it encodes, where they may end: in a
// segment, before "/", "\", "?" or "#", at the input's very end, and at the end of the stack
// buffers (dirSmall, dirStack: the last byte's 4-byte store), with a lower-case scheme too (the
// fast path, then resumeDirect); valid UTF-8 must take the direct path, and invalid UTF-8 (cut
// short, overlong, a surrogate, over U+10FFFF, a stray continuation byte, inside a run or at
// its end) must make it give up.
func TestDirectRuns(t *testing.T) {
	valid := []string{"\u00e9", "\u65e5\u672c", "\u043c\u0438\u0440", "\u2603", "\U0001D11E", "\U0010FFFF", "\U00010000",
		"\u0080", "\u07FF", "\u0800", "\uD7FF", "\uE000", "\uFFFD", "\u00e9\u65e5\U0001D11E", " ", "  ", "\u00e9 ", " \u00e9",
		"<\u00e9>", "\"\u00bd`", "{\u00fc}"}
	invalid := []string{"\xff", "\x80", "\xbf", "\xc3", "\xc0\xaf", "\xc1\xbf", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xed\xa0\x80",
		"\xed\xbf\xbf", "\xf0\x80\x80\x80", "\xf0\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xe6\x97", "\xf0\x9d\x84",
		"\u00e9\x80", "\x80\u00e9", "\u00e9\xc3", "\xc3 ", " \xc3", "\xc3\xa9\xa9", "\u65e5\xe6\x97", "\xe6\x97 \xa5"}
	// Where a run goes: {R} is replaced by it. A special URL's path, query and fragment; an
	// opaque path, its query and fragment.
	special := []string{
		"://h/{R}", "://h/a{R}", "://h/{R}/b", "://h/a{R}b/c", "://h/a{R}\\b", "://h/a{R}?q", "://h/a{R}#f",
		"://h/p?{R}", "://h/p?q={R}&r", "://h/p?{R}#f", "://h/p?q{R}", "://h/p#{R}", "://h/p#f{R}x",
		"://h/a{R}?b{R}#c{R}",
	}
	opaque := []string{":{R}", ":o{R}", ":o{R}?q", ":o{R}#f", ":o?{R}", ":o?q{R}#f", ":o#{R}"}
	for _, scheme := range []string{"HTTPS", "https", "FOO", "foo"} {
		shapes := special
		if scheme[0]|0x20 == 'f' {
			shapes = opaque
		}
		for _, shape := range shapes {
			for _, runs := range [][]string{valid, invalid} {
				for _, run := range runs {
					in := scheme + strings.ReplaceAll(shape, "{R}", run)
					checkRun(t, in, run)
				}
			}
		}
		// At the end of the stack buffers: a path of "a"s up to the run, the run last.
		for _, n := range []int{dirSmall, dirStack} {
			for _, run := range append(valid, invalid...) {
				for d := -4; d <= 1; d++ {
					head := scheme + "://h/"
					if scheme[0]|0x20 == 'f' {
						head = scheme + ":" // an opaque path
					}
					pad := n + d - len(head) - len(run)
					if pad < 0 {
						continue
					}
					for _, in := range []string{head + strings.Repeat("a", pad) + run, head + "p?" + strings.Repeat("a", max(pad-2, 0)) + run} {
						checkRun(t, in, run)
					}
				}
			}
		}
	}
}

// checkRun checks one input of TestDirectRuns: Parse and the full parser agree, and where the
// direct path takes the input's shape (a special URL, or an opaque path), it takes the input
// exactly when it is valid UTF-8, from the start (parseDirect) and, where the fast path stops
// before the run, resumed after it (resumeDirect).
func checkRun(t *testing.T, in, run string) {
	t.Helper()
	u1, err1 := parse(in, nil, true, nil)
	u2, err2 := parse(in, nil, false, nil)
	if u1 != u2 || (err1 == nil) != (err2 == nil) {
		t.Fatalf("%q: Parse gives %+v, %v; the full parser %+v, %v", in, u1, err1, u2, err2)
	}
	valid := utf8.ValidString(in)
	if _, ok := parseDirect(in, nil); ok != valid {
		t.Errorf("%q (run %q): parseDirect says %v, valid UTF-8 %v", in, run, ok, valid)
	}
	var rs resumePoint
	if _, fast := parseNormalizedAt(in, &rs); fast {
		t.Errorf("%q: the fast path takes it", in)
	} else if rs.st != noOverride && in[len(in)-1] > ' ' { // resumeDirect leaves trailing spaces to parseDirect
		if _, ok := resumeDirect(in, &rs); ok != valid {
			t.Errorf("%q (run %q): resumeDirect says %v, valid UTF-8 %v", in, run, ok, valid)
		}
	}
}
