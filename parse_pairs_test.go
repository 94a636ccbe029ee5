package locator

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// The host pairs of the summary (CharsHostDotHyphen: "..", ".-" or "-." in host[:port], RFC
// 1738 §5 hostname), which parse (an authority of one run, with hostHasPair for "--") and
// scanHost (parseAuthority's runs) find eight bytes at a time, on hosts of ".", "-" and
// letters at every alignment, with and without user information, port and path: "--" is not
// such a pair.
func TestHostPairsEveryAlignment(t *testing.T) {
	r := rand.New(rand.NewPCG(1738, 5))
	const alphabet = "a.-.-a1"
	for range 50000 {
		var b strings.Builder
		for n := r.IntN(40); n > 0; n-- {
			b.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		h := b.String()
		user := []string{"", "u@", "u.-@", "..@"}[r.IntN(4)]
		port := []string{"", ":80", ":"}[r.IntN(3)]
		path := []string{"", "/", "/a..b", "?x"}[r.IntN(4)]
		s := "http://" + user + h + port + path
		u, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q): %v", s, err)
		}
		want := strings.Contains(h, "..") || strings.Contains(h, ".-") || strings.Contains(h, "-.")
		if got := u.Chars()&CharsHostDotHyphen != 0; got != want {
			t.Fatalf("Parse(%q): CharsHostDotHyphen %v, want %v", s, got, want)
		}
	}
}
