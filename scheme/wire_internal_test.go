package scheme

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/allocs"
)

// wireDiff compares AppendWire with PlanFor on s, parsed by Parse and by ParseAs under every
// spec: the same bytes as Plan.Wire, appended after what dst held, the same Scheme, Host,
// Port and Path, and the same error.
func wireDiff(t testing.TB, s string) {
	t.Helper()
	var us []locator.URL
	if u, err := locator.Parse(s); err == nil {
		us = append(us, u)
	}
	for _, spec := range locator.Specs() {
		if u, err := locator.ParseAs(s, spec); err == nil {
			us = append(us, u)
		}
	}
	head := []byte("head")
	for _, u := range us {
		want, wantErr := PlanFor(u)
		got, p, err := AppendWire(bytes.Clone(head), u)
		if !reflect.DeepEqual(err, wantErr) {
			t.Fatalf("AppendWire(%q): error %v, PlanFor's %v", s, err, wantErr)
		}
		if !bytes.HasPrefix(got, head) {
			t.Fatalf("AppendWire(%q) changed what dst held: %q", s, got)
		}
		if wire := got[len(head):]; !bytes.Equal(wire, want.Wire()) {
			t.Fatalf("AppendWire(%q) appended\n%q\nPlanFor's plan sends\n%q", s, wire, want.Wire())
		}
		want.Steps = nil
		if !reflect.DeepEqual(p, want) {
			t.Fatalf("AppendWire(%q): plan %+v, PlanFor's %+v", s, p, want)
		}
	}
}

// TestAppendWireMatch is the differential test of AppendWire's fast paths: on the bench files
// and generated variants of their URLs (fastPathInputs), it gives what PlanFor gives.
func TestAppendWireMatch(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 10000
	}
	for _, s := range fastPathInputs(t, n) {
		wireDiff(t, s)
	}
	for _, s := range []string{"http://h", "http://h?q", "http://h:/", "http://h:080/a", "http://h:65535/", "http://h:65536/",
		"http://h:000080/", "https://h/a b?c d", "http://h/%zz", "http://h/a?%", "http://ü.example/ä", "http://[::1]/",
		"http://u@h/", "http://h%41/", "HTTP://H/", "URL:http://h/x", "http:///x", "http:x", "http://h/\x7f",
		"file:", "file:/a", "file:///a%20b", "file:///a%00", "file://localhost/x", "file://LOCALHOST/x", "file://h:/x",
		"file://u@h/x", "file://h", "file://hx", "file://h/a?b", "file:a", "URL:file:///x", "FILE:///x", "file://h%41/x",
		"http://h:0/", "http://h:00000/", "https://h:0", "file:///a%2Fb", "file:///a%2f..%2fb", "file:///a%5Cb", "file:///a%252Fb"} {
		wireDiff(t, s)
	}
}

// FuzzAppendWire is TestAppendWireMatch on any input.
func FuzzAppendWire(f *testing.F) {
	for _, s := range []string{"http://a.b/~c", "https://x.com:80/a?b#c", "ftp://u:p@h/a;type=i", "file:///a b", "file://h/%41", "http://h?q"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { wireDiff(t, s) })
}

// TestAppendWireAllocs holds AppendWire's fast paths to no allocation on common URLs (a file
// path with an escape: one, the decoded path), with room in dst.
func TestAppendWireAllocs(t *testing.T) {
	for _, c := range []struct {
		in     string
		allocs float64
	}{
		{"https://www.example.org/a/b.html?q=1&r=%41#frag", 0},
		{"http://example.org:8080", 0},
		{"http://ü.example/ä b", 0},
		{"file:///usr/lib/node_modules/a.js", 0},
		{"file://host.example/a", 0},
		{"file:///a%20b", 1},
	} {
		u := locator.MustParse(c.in)
		dst := make([]byte, 0, 256)
		if n := allocs.Count(float64(c.allocs), 100, func() { dst, _, _ = AppendWire(dst[:0], u) }); n != c.allocs {
			t.Errorf("AppendWire(%q): %v allocations, want %v", c.in, n, c.allocs)
		}
	}
}
