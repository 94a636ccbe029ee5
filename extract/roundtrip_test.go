package extract

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/locator-url/locator"
)

// genURL returns a random URL of a random registered scheme, in the shape its syntax asks for
// (RFC 1738 §3.1 "//" login for the hierarchical schemes), that ends on a letter or digit and
// holds no byte that ends a bare URL in text.
func genURL(rnd *rand.Rand) string {
	schemes := locator.Schemes()
	info := schemes[rnd.Intn(len(schemes))]
	word := func() string {
		const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.+$!*,"
		n := 1 + rnd.Intn(10)
		b := make([]byte, n)
		for i := range b {
			b[i] = chars[rnd.Intn(len(chars))]
		}
		b[0] = "abcdefghijklmnopqrstuvwxyz"[rnd.Intn(26)]
		b[n-1] = "abcdefghijklmnopqrstuvwxyz0123456789"[rnd.Intn(36)]
		return string(b)
	}
	var b strings.Builder
	b.WriteString(info.Name)
	if rnd.Intn(4) == 0 {
		b.Reset()
		b.WriteString(strings.ToUpper(info.Name))
	}
	b.WriteString(":")
	if info.Hierarchical {
		b.WriteString("//")
		if rnd.Intn(3) == 0 {
			b.WriteString(word() + "@")
		}
		b.WriteString(word() + ".example")
		if rnd.Intn(3) == 0 {
			b.WriteString(":8080")
		}
		for n := rnd.Intn(4); n > 0; n-- {
			b.WriteString("/" + word())
			if n == 1 && rnd.Intn(3) == 0 {
				b.WriteString(";type=a")
			}
		}
	} else {
		b.WriteString(word() + "@" + word() + ".example")
	}
	if rnd.Intn(3) == 0 {
		b.WriteString("?" + word() + "=" + word() + "&x=%2F" + word())
	}
	if rnd.Intn(4) == 0 {
		b.WriteString("#" + word())
	}
	if rnd.Intn(4) == 0 {
		b.WriteString("/(" + word() + ")")
	}
	return b.String()
}

// A random URL, written in a random form in random surroundings, broken across lines where
// its form allows, comes back whole: the URL itself, and with a break after one of its own
// hyphens, the reading without that hyphen first and the URL as the alternative.
func TestRoundTrip(t *testing.T) {
	rnd := rand.New(rand.NewSource(7))
	for i := 0; i < 5000; i++ {
		roundTrip(t, rnd)
		if t.Failed() {
			return
		}
	}
}

func FuzzRoundTrip(f *testing.F) {
	f.Add(int64(1))
	f.Fuzz(func(t *testing.T, seed int64) {
		roundTrip(t, rand.New(rand.NewSource(seed)))
	})
}

func roundTrip(t *testing.T, rnd *rand.Rand) {
	t.Helper()
	u := genURL(rnd)
	quote := []string{"", "", "> ", ">> ", "> > "}[rnd.Intn(5)]
	indent := []string{"", " ", "   ", "\t"}[rnd.Intn(4)]
	nl := []string{"\n", "\r\n"}[rnd.Intn(2)]
	form := Form(rnd.Intn(4))
	wantURL, wantAlts := u, []string{}

	// breakAt puts a line break, the quote markers and indentation before byte k of s.
	breakAt := func(s string, k int) string {
		return s[:k] + []string{"", " "}[rnd.Intn(2)] + nl + quote + indent + s[k:]
	}
	body := u
	switch form {
	case Wrapped, Bracketed:
		// RFC 1738 Appendix: whitespace anywhere inside the wrapper, but not after a hyphen
		// unless the hyphen readings are wanted.
		for n := rnd.Intn(4); n > 0; n-- {
			k := 1 + rnd.Intn(len(body)-1)
			if body[k-1] == '-' || space[body[k-1]] || space[body[k]] || body[k-1] == '>' {
				continue
			}
			body = breakAt(body, k)
		}
	}
	// A break after a hyphen of the URL itself: both readings.
	// (A bare URL is found from its scheme's ":", so its break must come after that.)
	if h := strings.LastIndex(u, "-"); h > 0 && h+1 < len(u) && continues[u[h+1]] && rnd.Intn(3) == 0 &&
		(form != Bare && form != Prefixed || h > strings.Index(u, ":")) {
		if k := strings.LastIndex(body, "-"); k > 0 {
			body = breakAt(body, k+1)
			wantURL, wantAlts = u[:h]+u[h+1:], []string{u}
		}
	}
	var text string
	before := []string{"see ", "", "(see ", "\"", "e.g. ", "at\t"}[rnd.Intn(6)]
	after := []string{" and more", ".", ",", "!", "?", ";", ":", "", "..."}[rnd.Intn(9)]
	switch form {
	case Wrapped:
		text = "<URL:" + body + ">"
	case Bracketed:
		text = "<" + body + ">"
	case Prefixed:
		text = "URL:" + []string{"", " "}[rnd.Intn(2)] + body
	case Bare:
		text = body
	}
	switch before {
	case "(see ":
		after = ")" + after
	case "\"":
		after = "\"" + after
	}
	text = quote + before + text + after + nl + quote + "next line: 10:30 <joe@a.example>" + nl
	got := FindString(text)
	if len(got) != 1 || got[0].URL != wantURL || !reflect.DeepEqual(got[0].Alternatives, wantAlts) || got[0].Form != form {
		t.Errorf("text %q\nwant %q %q %s\ngot  %+v", text, wantURL, wantAlts, form, got)
		return
	}
	checkInvariants(t, "round trip", []byte(text), got)
}
