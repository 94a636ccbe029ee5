package syntax

import "testing"

// SchemeLen names the scheme of a line: letters first, then letters, digits, "+", "-", ".",
// up to a ":" (RFC 3986 §3.1), else 0.
func TestSchemeLen(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"http://h/", 4}, {"X-Y.z+1:", 7}, {"a:", 1}, {":x", 0}, {"1a:", 0}, {"ab", 0},
		{"a b:", 0}, {"", 0}, {"gopher%3A%2F%2Fh", 0}, {"é:", 0},
	} {
		if got := SchemeLen(tc.in); got != tc.want {
			t.Errorf("SchemeLen(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}
