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
