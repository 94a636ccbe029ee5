package urlx_test

import (
	"os"
	"strings"
	"testing"

	"github.com/locator-url/locator/beam/urlx"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/whatwg"
)

// TestWHATWGKeepsOutputs holds the whatwg operation's LineFunc, whose hrefs share a Parser's
// blocks, to whatwg.Parse: every Result of the bench files' lines, each also with its scheme in
// upper case (so that the href is built, not the input returned), is kept and compared at the
// end, when the blocks of the lines after it have been written, with the href Parse gives;
// every Invalid with Parse's error.
func TestWHATWGKeepsOutputs(t *testing.T) {
	f, err := urlx.Compile(urlx.Config{Op: urlx.OpWHATWG})
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, name := range benchFiles(t) {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
			lines = append(lines, l)
			if i := strings.IndexByte(l, ':'); i > 0 {
				lines = append(lines, strings.ToUpper(l[:i])+l[i:])
			}
		}
	}
	type kept struct {
		res urlx.Result
		bad *urlx.Invalid
	}
	out := make([]kept, len(lines))
	for i, l := range lines {
		r, bad := f(l)
		out[i] = kept{r, bad}
	}
	built := 0
	for i, l := range lines {
		u, err := whatwg.Parse(l, nil)
		switch got := out[i]; {
		case err != nil:
			if got.bad == nil || got.bad.Input != l {
				t.Fatalf("%q: Parse fails (%v), the LineFunc gives %+v", l, err, got)
			}
		case got.bad != nil:
			t.Fatalf("%q: Parse gives %q, the LineFunc %+v", l, u.Href(), got.bad)
		case got.res.Output != display.String(u.Href()) || got.res.Input != l:
			t.Fatalf("%q: the LineFunc's output, kept, is %q; Parse gives %q", l, got.res.Output, u.Href())
		default:
			if u.Href() != l {
				built++
			}
		}
	}
	if built < len(lines)/3 {
		t.Errorf("only %d of %d hrefs differ from their input: the Parser's blocks are hardly used", built, len(lines))
	}
}

// TestResolveBaseColumnOffsets: the offset of a dead letter of a "BASE<TAB>REF" line counts
// in the line (Invalid.Offset, "the byte offset in Input"), not in the reference: "g h"
// after "http://a/b\t" was at offset 1, a byte of the base.
func TestResolveBaseColumnOffsets(t *testing.T) {
	for _, c := range []struct {
		mode, line, at string // at: the text at the offset
	}{
		{"", "http://a/b\tg h", " h"},
		{"", "http://a/b\thttp://[::1", "["},
		{"whatwg", "http://a/b\thttp://[::1", "["},
		{"", "http://a/b\t\ufeffg", "\ufeffg"},
		{"", "ht tp://a\tg", " tp"}, // an error in the base: counted from the line's start already
	} {
		f, err := urlx.Compile(urlx.Config{Op: urlx.OpResolve, Spec: c.mode})
		if err != nil {
			t.Fatal(err)
		}
		_, bad := f(c.line)
		if bad == nil {
			t.Errorf("%q: no error", c.line)
			continue
		}
		if bad.Offset > len(c.line) || !strings.HasPrefix(c.line[bad.Offset:], c.at) {
			t.Errorf("%q (%s): offset %d, want that of %q", c.line, bad.Code, bad.Offset, c.at)
		}
		if bad.Code == "byte-order-mark" && !strings.HasPrefix(bad.Message, "the reference starts") {
			t.Errorf("%q: %q, want the reference named", c.line, bad.Message)
		}
	}
}
