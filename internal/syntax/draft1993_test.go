package syntax

import "testing"

// TestSplitDraft1993 checks the split of the 1993 URL draft: the fragment-id after the first
// "#", the scheme before a ":" that comes before any "/" (Partial form).
func TestSplitDraft1993(t *testing.T) {
	for _, r := range []struct {
		s                 string
		colon, start, end int
		hash              int
		scheme, body      string
	}{
		{"http://h/p#f", 4, 5, 10, 10, "http", "//h/p"},
		{"a/b:c", -1, 0, 5, -1, "", "a/b:c"},
		{"a:b/c", 1, 2, 5, -1, "a", "b/c"},
		{"a#b:c", -1, 0, 1, 1, "", "a"},
		{"g?x:y", -1, 0, 5, -1, "", "g?x:y"},
		{"a:b?c", 1, 2, 5, -1, "a", "b?c"},
		{"a_b:x", 3, 4, 5, -1, "a_b", "x"},
		{":", 0, 1, 1, -1, "", ""},
		{"", -1, 0, 0, -1, "", ""},
		{"#", -1, 0, 0, 0, "", ""},
		{"x:#", 1, 2, 2, 2, "x", ""},
	} {
		d := SplitDraft1993(r.s)
		if d.Colon != r.colon || d.BodyStart != r.start || d.BodyEnd != r.end || d.Hash != r.hash ||
			d.Scheme() != r.scheme || d.Body() != r.body {
			t.Errorf("SplitDraft1993(%q) = %+v (scheme %q, body %q), want colon %d body %d–%d hash %d scheme %q body %q",
				r.s, d, d.Scheme(), d.Body(), r.colon, r.start, r.end, r.hash, r.scheme, r.body)
		}
	}
}

// TestDraft1993Sets checks the 1993 URL draft's sets: xalpha holds safe and extra (not space),
// and no variant, punctuation or delimiter.
func TestDraft1993Sets(t *testing.T) {
	for _, c := range []byte("azAZ09$-_@.&!*\"'():;,") {
		if !Draft1993Xalpha.Contains(c) {
			t.Errorf("xalpha lacks %q", c)
		}
	}
	for _, c := range []byte(" {}[]\\^~<>/?#+%=|`\x00\x7f\x80\xff") {
		if Draft1993Xalpha.Contains(c) {
			t.Errorf("xalpha holds %q", c)
		}
	}
	if Draft1993Xalpha.Len() != 26*2+10+6+9 {
		t.Errorf("xalpha has %d characters", Draft1993Xalpha.Len())
	}
}
