//go:build linux && !race

package main

import (
	"strings"
	"testing"
	"time"
)

// TestWrapAdversarial: wrap on the 1 MB hostile shapes of TestAdversarial, and on shapes of its
// own (runs of break places, of hyphens, of quote markers), on standard input as a URL a line
// and as running text (--text): each run exits 0 or 1, in time, with output linear in the
// input. (Run in-process: TestAdversarial measures the built binary's memory for the other
// commands; extract's TestWrapTextAdversarial bounds the library's allocations.)
func TestWrapAdversarial(t *testing.T) {
	shapes := advShapes(advSize)
	rep := func(s string) string { return strings.Repeat(s, advSize/len(s)) }
	shapes["wrap-slashes"] = "http://h" + rep("/a")
	shapes["wrap-reserved"] = "http://h/" + rep(";/?:@=&a")
	shapes["wrap-hyphens"] = "http://h/" + rep("-/")
	shapes["wrap-escapes"] = "http://h/" + rep("%2D/")
	shapes["wrap-quoted-urls"] = "> " + rep("http://a/b/c/d/e ")
	shapes["wrap-hyphen-lines"] = rep("http://a/b-\n> c ")
	for name, input := range shapes {
		for _, args := range [][]string{{"wrap", "-"}, {"wrap", "--width", "10", "--indent", "5", "-"}, {"wrap", "--text"}, {"wrap", "--text", "--width", "10", "--indent", "5"}} {
			stdin := input + "\n"
			if args[1] == "--text" {
				stdin = "see " + input + " here\n"
			}
			start := time.Now()
			out, errs, code := runLocator(t, stdin, args...)
			elapsed := time.Since(start)
			if code != 0 && code != 1 {
				t.Errorf("%s %q: exit %d, %.200q", name, args, code, errs)
			}
			if limit := advOutFactor*len(input) + advOutConst; len(out)+len(errs) > limit {
				t.Errorf("%s %q: %d bytes of output > %d", name, args, len(out)+len(errs), limit)
			}
			if elapsed > advTimeout {
				t.Errorf("%s %q: %v", name, args, elapsed)
			}
			t.Logf("%-18s %-40q exit %d, %8d bytes out, %6d bytes err, %v", name, args, code, len(out), len(errs), elapsed.Round(time.Millisecond))
		}
	}
}
