package scheme

import (
	"strings"
	"testing"
)

// TestIsHTTP checks isHTTP, short and long, against the plain comparison.
func TestIsHTTP(t *testing.T) {
	for _, s := range []string{"", "http", "http:", "https:", "https", "httpx:", "HTTP:", "http:/", "https:/", "http://a", "https://", "httpss:/", "ftp://h/", "file:///", "http;//x", "https;//"} {
		for _, x := range []string{s, s + "/path/more"} {
			w := strings.HasPrefix(x, "http:") || strings.HasPrefix(x, "https:")
			if got := isHTTP(x); got != w {
				t.Errorf("isHTTP(%q) = %v, want %v", x, got, w)
			}
		}
	}
}

// TestHasUpper checks hasUpper against a loop, on every byte at every place of short and
// long strings and every length up to nine.
func TestHasUpper(t *testing.T) {
	want := func(s string, n int) bool {
		for i := 0; i < n; i++ {
			if 'A' <= s[i] && s[i] <= 'Z' {
				return true
			}
		}
		return false
	}
	for c := range 256 {
		for pos := range 10 {
			for _, size := range []int{6, 8, 10} {
				b := []byte(strings.Repeat("h", size))
				if pos < size {
					b[pos] = byte(c)
				}
				s := string(b)
				for n := 0; n <= min(9, size); n++ {
					if c >= 0x80 && pos < n {
						continue // a scheme is US-ASCII
					}
					if got := hasUpper(s, n); got != want(s, n) {
						t.Fatalf("hasUpper(%q, %d) = %v", s, n, got)
					}
				}
			}
		}
	}
}
