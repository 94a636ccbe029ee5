package locator

import (
	"strings"
	"testing"
)

// The path's last eight bytes are read in one test whatever the path's length when the bytes
// before the path count for nothing in it (parse's tail): a host of letters, digits, "-" and
// "."; any other host byte (";", "~", "_", a space, "%41", 80–FF, a user or a port) must not
// reach the path's summary. Every host byte, before paths of every length up to the eight
// bytes and more, with and without a stop among the last eight, is compared with the slow
// reference parser.
func TestPathTailAfterHost(t *testing.T) {
	hosts := []string{"", "a", "h.example", "ab-c.d", "a;b", "a~b", "a_b", "a b", "a%41b", "a\x80b",
		"u@h", "u;v@h", "h:80", "h:", "[::1]", "[v1.x]", "a!b", "a$b", "a'b", "a(b", "a*b", "a,b", "a=b"}
	for c := 0x21; c < 0x7f; c++ {
		if !strings.ContainsRune("/?#%", rune(c)) {
			hosts = append(hosts, "x"+string(rune(c))+"y")
		}
	}
	paths := []string{"", "/", "/a", "/;", "/~", "/a;b", "/ab?q", "/a#f", "/%41", "/abcdef", "/abcdefg",
		"/abcdefgh", "/abcdef;", "/abcdefg~", "/abcdefghijklmno", "/abcdefghijklmn;"}
	for _, scheme := range []string{"http://", "https://", "x://", "//", "URL:ftp://"} {
		for _, h := range hosts {
			for _, p := range paths {
				s := scheme + h + p
				for _, spec := range []Spec{RFC3986, RFC1738} {
					u, err := ParseAs(s, spec)
					ref, rerr := parseReferenceAs(s, spec)
					if (err == nil) != (rerr == nil) || u != ref {
						t.Errorf("ParseAs(%q, %v) = %+v, %v; the reference parser: %+v, %v", s, spec, u, err, ref, rerr)
					}
				}
			}
		}
	}
}
