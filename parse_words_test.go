package locator

import "testing"

// TestSchemeWords checks the words that parse compares the first eight bytes of a URL with,
// and the schemes it reads by them and without them.
func TestSchemeWords(t *testing.T) {
	for _, c := range []struct {
		s    string
		mask uint64
		want uint64
	}{{"http://x", 1<<56 - 1, httpWord}, {"https://", ^uint64(0), httpsWord}, {"file:///", ^uint64(0), fileWord}} {
		if got := load64(c.s) & c.mask; got != c.want {
			t.Errorf("load64(%q) = %#x, want %#x", c.s, got, c.want)
		}
	}
	for _, c := range []struct {
		s      string
		scheme string
	}{{"http://h/", "http"}, {"https://h/", "https"}, {"file:///p", "file"}, {"httpx://h/", "httpx"},
		{"http:/h/a", "http"}, {"https:/h", "https"}, {"file://h", "file"}, {"HTTP://h/", "HTTP"},
		{"http://", "http"}, {"https:/", "https"}, {"file:///", "file"}, {"http:///", "http"}} {
		u, err := Parse(c.s)
		if err != nil || u.Scheme() != c.scheme || u.String() != c.s {
			t.Errorf("Parse(%q) = %q (scheme %q), %v; want the scheme %q", c.s, u.String(), u.Scheme(), err, c.scheme)
		}
		if v, err := parseReference(c.s); err != nil || v != u {
			t.Errorf("Parse(%q) = %#v, the reference parser %#v, %v", c.s, u, v, err)
		}
	}
}
