package whatwg

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestRelative(t *testing.T) {
	tests := []struct{ base, target, want string }{
		{"http://a/b/c/d;p?q", "http://a/b/c/g", "g"},
		{"http://a/b/c/d;p?q", "http://a/b/g?y", "../g?y"},
		{"http://a/b/c/d;p?q", "http://a/x/y#s", "/x/y#s"},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q", ""},
		{"http://a/b/c/d;p?q#f", "http://a/b/c/d;p?q", ""},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q#f", "#f"},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q#", "#"},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?y", "?y"},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p", "d;p"},
		{"http://a/b/c/d;p?q", "http://a/b/c/", "."},
		{"http://a/b/c/d;p?q", "http://a/b/", ".."},
		{"http://a/b/c/d;p?q", "http://a/", "/"},
		{"http://a/b/c/d;p?q", "http://g/", "//g"}, // a special URL's empty path is "/"
		{"http://a/b/c/d;p?q", "https://a/b/c/g", "https://a/b/c/g"},
		{"http://a/b/c/d", "http://a/b/c/x:y", "./x:y"},
		{"http://u:p@a:81/b", "http://a:81/b", "//a:81/b"},
		{"http://a/b/c", "http://a:81/b/c", "//a:81/b/c"},
		// Opaque paths: only the fragment can change.
		{"mailto:x@y", "mailto:x@y#z", "#z"},
		{"mailto:x@y", "mailto:z@y", "mailto:z@y"},
		{"about:blank", "http://a/", "http://a/"},
		// Non-special schemes: no host, and the "/." the serializer adds before "//".
		{"sc:/a/b", "sc:/a/c", "c"},
		{"sc://h/a/b", "sc://h/a//c", ".//c"},
		{"sc:/a/b/c/d", "sc:/.//c", "/.//c"},
		// Both hosts null, the target's path "//c": a relative path as short as "/.//c" comes
		// first; from "sc:/a", shorter (TestUriparser's find on the RFC 3986 side).
		{"sc:/a/b", "sc:/.//c", "..//c"},
		{"sc:/a", "sc:/.//c", ".//c"},
		// A host and an empty path: the path state reads it as "/".
		{"sc://h", "sc://h//x", ".//x"},
		{"sc://h", "sc://h/b", "b"},
		{"sc://h?q", "sc://h", "//h"},
		// file URLs and Windows drive letters.
		{"file:///C:/a/b", "file:///C:/a/c", "c"},
		{"file:///C:/a/b", "file:///D:/x", "/D:/x"},
		{"file://host/a", "file:///a", "///a"},
		// A percent sign kept as written by the parser, and %2e, a dot-segment.
		{"http://a/b/c", "http://a/b/%zz", "%zz"},
		{"http://a/b/c", "http://a/%2e/x", "/x"}, // the href is http://a/x
		// "./" only before a scheme (§4.4 scheme start state: an ASCII alpha first; scheme
		// state: alphanumerics, "+", "-", "."): "1b:c" and "\g:h" have none, "b:c" has one.
		{"http://h/a/b", "http://h/a/1b:c", "1b:c"},
		{"http://h/a/b", "http://h/a/b:c", "./b:c"},
		{"http://h/a/b", "http://h/a/b+.-9:c", "./b+.-9:c"},
		{"http://h/a/b", "http://h/a/b_:c", "b_:c"},
		{"foo://h/a", "foo://h/\\g:h", "\\g:h"}, // non-special: "\" is no separator
		// "shorten a URL's path" keeps a file URL's lone drive letter (§4.2): from "file:///C:",
		// "x" is "file:///C:/x".
		{"file:///C:", "file:///C:/x", "x"},
		{"file:///C:", "file:///C:/a/b?q", "a/b?q"},
		{"file:///C:", "file:///C:/", "."},
	}
	for _, tt := range tests {
		b, t1 := MustParse(tt.base), MustParse(tt.target)
		got, err := Relative(b, t1)
		if err != nil || got != tt.want {
			t.Errorf("Relative(%q, %q) = %q, %v; want %q", tt.base, tt.target, got, err, tt.want)
			continue
		}
		if u, err := Parse(got, &b); err != nil || u.Href() != t1.Href() {
			t.Errorf("Parse(%q, %q) = %q, %v; want %q", got, tt.base, u.Href(), err, t1.Href())
		}
	}
	if _, err := Relative(URL{}, MustParse("http://a/")); err == nil {
		t.Error("Relative with the zero base: no error")
	}
	if _, err := Relative(MustParse("http://a/"), URL{}); err == nil {
		t.Error("Relative with the zero target: no error")
	}
}

// relativeBases are the bases of the round-trip property.
var relativeBases = []string{
	"http://example.com/a/b/c?q#f", "https://user:pass@example.org:8443/x/y/", "file:///C:/dir/file.txt",
	"file://host/share/a", "sc://h/a/b", "sc:/a/b", "about:blank", "http://example.com/", "http://a/b/c/d;p?q",
}

// The round trip over the hrefs of WPT urltestdata.json against several bases: Parse(Relative(b,
// t), &b) gives t, and the reference is no longer than t's href.
func TestRelativeRoundTripWPT(t *testing.T) {
	var targets []URL
	for _, c := range loadJSON(t, "wpt/urltestdata.json") {
		href, ok := str(c, "href")
		if !ok || c["failure"] == true {
			continue
		}
		u, err := Parse(href, nil)
		if err != nil || u.Href() != href {
			continue // the expected failures of TestURLTestData
		}
		targets = append(targets, u)
	}
	if len(targets) < 400 {
		t.Fatalf("only %d hrefs", len(targets))
	}
	var bases []URL
	for _, b := range relativeBases {
		bases = append(bases, MustParse(b))
	}
	bases = append(bases, everyNth(targets, 17)...)
	shorter := 0
	for _, b := range bases {
		for _, tg := range targets {
			ref, err := Relative(b, tg)
			if err != nil {
				t.Fatalf("Relative(%q, %q): %v", b.Href(), tg.Href(), err)
			}
			u, err := Parse(ref, &b)
			if err != nil || u.Href() != tg.Href() {
				t.Errorf("base %q target %q: ref %q parses to %q, %v", b.Href(), tg.Href(), ref, u.Href(), err)
			}
			if len(ref) > len(tg.Href()) {
				t.Errorf("base %q target %q: ref %q longer than the href", b.Href(), tg.Href(), ref)
			}
			if len(ref) < len(tg.Href()) {
				shorter++
			}
		}
	}
	if shorter == 0 {
		t.Error("no reference shorter than its href")
	}
}

func FuzzRelative(f *testing.F) {
	for _, s := range []string{"http://a/b/c/d;p?q\thttp://a/b/g?y", "file:///C:/a\tfile:///D:/b", "sc:/a/b\tsc:/.//c", "mailto:x\tmailto:x#y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		bs, ts, _ := strings.Cut(s, "\t")
		b, err := Parse(bs, nil)
		if err != nil {
			return
		}
		tg, err := Parse(ts, &b)
		if err != nil {
			return
		}
		ref, err := Relative(b, tg)
		if err != nil {
			t.Fatalf("Relative(%q, %q): %v", b.Href(), tg.Href(), err)
		}
		if u, err := Parse(ref, &b); err != nil || u.Href() != tg.Href() {
			t.Fatalf("base %q target %q: ref %q parses to %q, %v", b.Href(), tg.Href(), ref, u.Href(), err)
		}
	})
}

func everyNth(us []URL, n int) []URL {
	var out []URL
	for i := 0; i < len(us); i += n {
		out = append(out, us[i])
	}
	return out
}

// TestRelativeShortest holds Relative to "the shortest reference" by brute force: for small
// generated bases and targets (special, non-special, file with and without a drive letter,
// credentials and ports), no string over "ab/.?#:\" of up to 5 bytes (37,449 strings) that is
// shorter than Relative's answer parses against the base to the target's href. It found the
// candidates Relative missed: "?q" from a base with another path, "//host?q" for a special
// URL's path "/", "/." before an absolute path that starts with "//", an absolute path after
// a base's Windows drive letter, and a relative path from an empty base path or between null
// hosts.
func TestRelativeShortest(t *testing.T) {
	const alpha = "ab/.?#:\\"
	all := []string{""} // every string over alpha of up to 5 bytes, shortest first
	for start := 0; len(all[start]) < 5; start++ {
		for i := 0; i < len(alpha); i++ {
			all = append(all, all[start]+alpha[i:i+1])
		}
	}
	r := rand.New(rand.NewPCG(1994, 2025))
	small := func(n int) string {
		b := make([]byte, r.IntN(n+1))
		for i := range b {
			b[i] = "ab/.?#\\"[r.IntN(7)]
		}
		return string(b)
	}
	bases := []string{"http://a", "sc://h", "sc:/a/b", "sc:a/b", "http://a/b/c", "sc://h/a/", "sc:/",
		"file:///a/b", "file://h/", "file:///C:/a", "http://u@a:81/b", "HTTP://A/%2e/", "sc://u:p@h:1/a;b", "file:///C:"}
	n := 4000
	if testing.Short() {
		n = 500
	}
	for range n {
		base, err := Parse(bases[r.IntN(len(bases))]+small(3), nil)
		if err != nil {
			continue
		}
		target, err := Parse(small(5), &base)
		if err != nil {
			continue
		}
		rel, err := Relative(base, target)
		if err != nil {
			t.Fatalf("Relative(%q, %q): %v", base.Href(), target.Href(), err)
		}
		for _, s := range all {
			if len(s) >= len(rel) {
				break
			}
			if u, err := Parse(s, &base); err == nil && u.Href() == target.Href() {
				t.Errorf("Relative(%q, %q) = %q, but %q is shorter and parses to it", base.Href(), target.Href(), rel, s)
				break
			}
		}
	}
}
