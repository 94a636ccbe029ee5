package whatwg

import (
	"sync"
	"testing"
)

// TestResolveLastBase: the registered resolver keeps the base it parsed last (lastBase);
// goroutines that resolve against different bases at once each get ParseString's result,
// the base's failure included.
func TestResolveLastBase(t *testing.T) {
	bases := []string{"http://a/b/c/d;p?q", "file:///x/y", "mailto:x", "http://[x", "foo://h/a/b"}
	refs := []string{"g", "../g", "#f", "?q", "//h2/p", "http:g"}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := range 400 {
				base, ref := bases[(i+w)%len(bases)], refs[i%len(refs)]
				got, err := resolve(base, ref)
				u, werr := ParseString(ref, base)
				if (err != nil) != (werr != nil) || err == nil && got != u.Href() {
					t.Errorf("resolve(%q, %q) = %q, %v; ParseString: %q, %v", base, ref, got, err, u.Href(), werr)
					return
				}
			}
		})
	}
	wg.Wait()
}
