package scheme_test

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/allocs"
	"github.com/locator-url/locator/scheme"
)

// checkToInputs are URLs with no finding, a few, a "URL:" prefix (whose offsets CheckTo moves)
// and more than locator.MaxFindings (the last finding counts the others), besides every
// thirteenth URL of each testdata/bench file.
func checkToInputs(t *testing.T) []string {
	in := []string{
		"", "http://example.com/", "http://example.com/a~b?c=d/e#f g", "ftp://u:p@h/a;type=x",
		"URL:ftp://h/a~b", "url:http://h/ a", "file://h/p?q", "gopher://h/1x y", "mailto:a b",
		"news:a b", "x-y://h/%zz", "//h/p q", "a:b", "http://[::1]:80/",
		"http://h/" + strings.Repeat(" ", 3*locator.MaxFindings),
		"URL:http://h/" + strings.Repeat("~", 2*locator.MaxFindings),
	}
	for _, name := range benchFiles {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "bench", name))
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range bytes.Split(data, []byte("\n")) {
			if i%13 == 0 {
				in = append(in, string(l))
			}
		}
	}
	return in
}

// TestCheckTo checks that CheckTo appends what Check returns, in dst's spare capacity or not,
// and leaves what dst held alone.
func TestCheckTo(t *testing.T) {
	marker := locator.Finding{Offset: -7, Code: "marker", Rule: "test", Message: "kept"}
	specs := []locator.Spec{locator.RFC1738, locator.RFC3986, locator.WHATWG, locator.URLDraft1994, locator.URLDraft1993, locator.RFC1630}
	n := 0
	for _, s := range checkToInputs(t) {
		for _, spec := range specs {
			u, err := locator.ParseAs(s, spec)
			if err != nil {
				continue
			}
			want := scheme.Check(u, spec)
			n += len(want)
			for _, dst := range [][]locator.Finding{
				nil,
				make([]locator.Finding, 0, 2),
				make([]locator.Finding, 0, 2*locator.MaxFindings),
				{marker},
				append(make([]locator.Finding, 0, 3*locator.MaxFindings), marker, marker),
			} {
				before := append([]locator.Finding(nil), dst...)
				got := scheme.CheckTo(dst, u, spec)
				if len(got) < len(before) || len(before) > 0 && !reflect.DeepEqual(got[:len(before)], before) {
					t.Fatalf("CheckTo(%d findings, %q, %v) changed what dst held: %v", len(before), s, spec, got)
				}
				rest := got[len(before):]
				if len(want) == 0 && len(rest) == 0 {
					continue
				}
				if !reflect.DeepEqual(rest, want) {
					t.Fatalf("CheckTo(%d findings, %q, %v) appended\n%v\nCheck returns\n%v", len(before), s, spec, rest, want)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no findings at all: the test compares nothing")
	}
}

// TestCheckToAllocs checks that CheckTo into a buffer with room allocates nothing for URLs
// whose findings have messages of fixed text (characters to encode, a reserved character in a
// search), prefixed or not, nor for a valid URL.
func TestCheckToAllocs(t *testing.T) {
	buf := make([]locator.Finding, 0, locator.MaxFindings+1)
	for _, s := range []string{"http://example.com/a~b?c=d/e#f g", "URL:http://h/a b", "ftp://h/pub/x", "file:///etc/passwd"} {
		u, err := locator.ParseAs(s, locator.RFC1738)
		if err != nil {
			t.Fatal(err)
		}
		if s[0] != 'f' && len(scheme.Check(u, locator.RFC1738)) == 0 {
			t.Fatalf("%q: no findings", s)
		}
		if a := allocs.Count(0, 100, func() { buf = scheme.CheckTo(buf[:0], u, locator.RFC1738) }); a != 0 {
			t.Errorf("CheckTo(buf, %q, RFC1738): %v allocations, want 0", s, a)
		}
	}
}
