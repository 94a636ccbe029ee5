package locator

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

func oldCheckHostPort(dst []Finding, hostport string, off int) []Finding {
	end := len(hostport)
	from := 0
	if len(hostport) > 0 && hostport[0] == '[' {
		from = 1
		for from < len(hostport) && hostport[from] != ']' {
			from++
		}
	}
	for k := from; k < len(hostport); k++ {
		if hostport[k] == ':' {
			end = k
			break
		}
	}
	host := hostport[:end]
	n := len(dst)
	switch {
	case host == "":
		dst = append(dst, Finding{Offset: off, Code: CodeEmptyHost})
	case host[0] == '[':
		dst = append(dst, Finding{Offset: off, Code: CodeIPLiteral})
	default:
		dst = checkHost(dst, host, off)
		sort.SliceStable(dst[n:], func(i, j int) bool { return dst[n+i].Offset < dst[n+j].Offset })
	}
	if end < len(hostport) {
		dst = checkPort(dst, hostport[end+1:], off+end)
	}
	return dst
}

func TestZZHostPort(t *testing.T) {
	alpha := "a0-.:9Z%_["
	var gen func(prefix string, n int)
	count := 0
	gen = func(prefix string, n int) {
		want := len(oldCheckHostPort(nil, prefix, 0)) == 0
		if got := validHostPort(prefix); got != want {
			t.Fatalf("%q: got %v want %v", prefix, got, want)
		}
		count++
		if n == 0 {
			return
		}
		for i := 0; i < len(alpha); i++ {
			gen(prefix+alpha[i:i+1], n-1)
		}
	}
	gen("", 6)
	r := rand.New(rand.NewPCG(3, 4))
	parts := []string{"a", "b", "1", "255", "256", "0", "-", ".", ":", "80", "65535", "65536", strings.Repeat("x", 63), strings.Repeat("y", 64), "com", "9a", "a9", "[::1]", "%41"}
	for k := 0; k < 2000000; k++ {
		var b strings.Builder
		for m := r.IntN(12); m >= 0; m-- {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		s := b.String()
		want := len(oldCheckHostPort(nil, s, 0)) == 0
		if got := validHostPort(s); got != want {
			t.Fatalf("%q: got %v want %v", s, got, want)
		}
		if got := len(CheckHostPort(nil, s, 0)) == 0; got != want {
			t.Fatalf("CheckHostPort %q: got %v want %v", s, got, want)
		}
	}
	t.Log(count)
}
