package locator

import "testing"

// TestSchemeWords checks the words that parse compares the first eight bytes of a URL with.
func TestSchemeWords(t *testing.T) {
	for _, c := range []struct {
		s    string
		mask uint64
		want uint64
	}{{"http://x", 1<<56 - 1, httpWord}, {"https://", ^uint64(0), httpsWord}, {"file:///", ^uint64(0), fileWord}} {
		if got := load64(c.s, 0) & c.mask; got != c.want {
			t.Errorf("load64(%q) = %#x, want %#x", c.s, got, c.want)
		}
	}
	for _, c := range []struct {
		s      string
		scheme string
	}{{"http://h/", "http"}, {"https://h/", "https"}, {"file:///p", "file"}, {"httpx://h/", "httpx"},
		{"http:/h/", "http"}, {"https:/h", "https"}, {"file://h", "file"}, {"HTTP://h/", "HTTP"}} {
		u, err := Parse(c.s)
		if err != nil || u.Scheme() != c.scheme || u.String() != c.s {
			t.Errorf("Parse(%q) = %q (scheme %q), %v; want the scheme %q", c.s, u.String(), u.Scheme(), err, c.scheme)
		}
	}
}
