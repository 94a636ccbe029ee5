package whatwg

import (
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"
)

func TestKindRatio(t *testing.T) {
	lines := benchLines(t, "kasztp.txt")[1:20001]
	sets := map[string][]string{"plain": lines}
	for _, k := range []string{"upper", "port", "dots", "space", "nonascii", "backslash"} {
		var out []string
		r := rand.New(rand.NewPCG(1, 2))
		for _, l := range lines {
			m, _ := splitMessy(l)
			switch k {
			case "upper":
				m.scheme = strings.ToUpper(m.scheme)
			case "port":
				m.port = ":443"
			case "dots":
				m.path = insertAtSlash(r, m.path, "/x/..")
			case "space":
				m.path = insertAtSlash(r, m.path, "/a b")
			case "nonascii":
				m.path = insertAtSlash(r, m.path, "/caf\u00e9")
			case "backslash":
				m.path = strings.ReplaceAll(m.path, "/", "\\")
			}
			out = append(out, m.String())
		}
		sets[k] = out
	}
	sets["messy"] = messyLines(t, "kasztp.txt", messySeed, false)
	for _, k := range []string{"plain", "upper", "port", "dots", "space", "nonascii", "backslash", "messy"} {
		ls := sets[k]
		w := cpuPer(3, func() {
			for _, l := range ls {
				u, _ := Parse(l, nil)
				sink += len(u.href)
			}
		}) / float64(len(ls))
		nu := cpuPer(3, func() {
			for _, l := range ls {
				u, _ := url.Parse(l)
				if u != nil {
					sink += len(u.Path)
				}
			}
		}) / float64(len(ls))
		t.Logf("%-10s whatwg %6.1f net/url %6.1f ratio %.2f", k, w, nu, w/nu)
	}
}
