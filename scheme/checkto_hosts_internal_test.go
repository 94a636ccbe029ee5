package scheme

import (
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/syntax"
)

// TestCheckToHostShapes holds CheckTo's written-out common cases (an http, https or file URL
// whose host syntax.HostWord tests in one word, see CheckTo and quickFile) to the full
// checkers, by checkDiff, on every host of up to five bytes of "a", "1", "." and "-" and on
// longer hosts around the word's eight bytes (a top label of seven, eight and nine bytes; no
// "."; a digit first), behind each scheme and before each tail: the fast paths must find a
// bad host bad and give it to the full checkers, and a good one good.
func TestCheckToHostShapes(t *testing.T) {
	hosts := syntax.HostShapes(5)
	hosts = append(hosts, "abcdefgh", "abcdefghi", "1bcdefghi", "a.bcdefgh", "a.bcdefghi", "a.1bcdefgh",
		"ab.1cdefg", "abc.1defg", "a1.b2.c3", "www.example.com", "www.example.c0m", "www.example.0om",
		"a-b.c-d", "a-.b", "a.-b", "123456789", "1.2.3.4", "1.2.3.400", "a.123456789", "a.b23456789",
		strings.Repeat("a", 63), strings.Repeat("a", 64), strings.Repeat("a.", 31)+"b", strings.Repeat("a", 62)+".",
		"a_b.c", "A.B", "a~b.c")
	for _, h := range hosts {
		for _, scheme := range []string{"http://", "https://", "file://", "HTTP://", "ftp://", "URL:http://"} {
			for _, tail := range []string{"", "/", "/a/b", "/~a", "/a?b", "/a?b/c#d", "/a#~", "?q", ":80/", ":/", ":65536/", "/a b"} {
				checkDiff(t, scheme+h+tail)
			}
		}
	}
}
