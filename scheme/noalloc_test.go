package scheme_test

import (
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/allocs"
	"github.com/locator-url/locator/scheme"
)

// TestCheckNoAllocs holds the speed target of Check (issue 2): checking a URL that has no
// findings allocates nothing, for each spec and the common schemes.
func TestCheckNoAllocs(t *testing.T) {
	urls := []string{
		"http://www.example.com/path/to/file.html?q=1",
		"http://192.168.0.1:8080/",
		"https://example.com:8443/a/b#top",
		"https://en.wikipedia.org/wiki/Extreme_Programming",
		"ftp://ftp.example.com/pub/file.txt",
		"ftp://user:secret@ftp.example.com/pub/a;type=i",
		"file:///etc/passwd",
		"file://localhost/etc/motd",
		"gopher://gopher.example.com/11/pub",
		"gopher://gopher.example.com:70/7search%09query",
		"news:comp.lang.go",
		"news:1234@example.com",
		"mailto:joe@example.com",
	}
	for _, spec := range []locator.Spec{locator.RFC1738, locator.RFC3986} {
		for _, s := range urls {
			u := locator.MustParse(s)
			if f := scheme.Check(u, spec); len(f) != 0 {
				t.Errorf("Check(%q, %v) = %v, want no findings", s, spec, f)
				continue
			}
			if n := allocs.Count(0, 100, func() { scheme.Check(u, spec) }); n != 0 {
				t.Errorf("Check(%q, %v): %v allocations, want 0", s, spec, n)
			}
		}
	}
}
