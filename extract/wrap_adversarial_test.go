package extract

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/cputime"
)

// cpuOf returns the CPU time of a run of f: the process's CPU time is the figure that the
// neighbours on a shared machine disturb least.
func cpuOf(f func()) time.Duration {
	start := cputime.Process()
	f()
	return cputime.Process() - start
}

// hangGuard is the CPU time past which a call on a megabyte fails: no linear call comes near
// it (tens of milliseconds), and a quadratic one passes it by minutes. Closer ratios are only
// logged: speed is measured by the benchmarks, not by tests on a shared machine.
const hangGuard = 5 * time.Second

// linearTo reports whether f takes at most 4 times the CPU time of ref (known to be linear)
// and 50 ms more, trying up to three times (the least time of each counts), and the times.
func linearTo(f, ref func()) (bool, time.Duration, time.Duration) {
	tf, tr := time.Duration(1<<62), time.Duration(1<<62)
	for range 3 {
		tf, tr = min(tf, cpuOf(f)), min(tr, cpuOf(ref))
		if tf <= 4*tr+50*time.Millisecond {
			return true, tf, tr
		}
	}
	return false, tf, tr
}

// Hostile text for WrapText, a megabyte each: its output is at most a constant times the text,
// its allocations a constant per URL found, and its CPU time a constant times that of Find on
// the same text (Find is linear: TestAdversarial counts its operations), so that nothing in
// the rewriting (the column and quote markers of the line, the segments) is quadratic.
func TestWrapTextAdversarial(t *testing.T) {
	const mb = 1 << 20
	cases := map[string]string{
		"many short URLs":          strings.Repeat("http://a.example/b/c ", mb/21),
		"one line of URLs":         strings.Repeat("see http://a.example/b/c/d/e/f/g/h/i/j/k/l. ", mb/44),
		"quoted line of URLs":      "> > " + strings.Repeat("http://a.example/b/c/d/e/f/g/h/i/j/k/l ", mb/40),
		"quoted lines":             strings.Repeat("> > http://a.example/b/c/d/e/f/g/h/i/j/k/l\n", mb/42),
		"deep quote markers":       strings.Repeat(">", 2000) + " " + strings.Repeat("http://a/b/c/d/e/f/g/h ", mb/23),
		"long quote then URLs":     strings.Repeat("> ", 500) + strings.Repeat("http://a/b/c/d/e/f/g/h ", mb/23),
		"slashes in a URL":         "http://a" + strings.Repeat("/", mb),
		"segments in a URL":        "http://a" + strings.Repeat("/b", mb/2),
		"segments near MaxLength":  strings.Repeat("http://a"+strings.Repeat("/b", MaxLength/2-8)+"\n", 16),
		"reserved soup in URLs":    strings.Repeat("http://a/;?:@=&;b/c?d=e&f ", mb/26),
		"prefixed URLs":            strings.Repeat("URL: http://a.example/b/c/d/e ", mb/30),
		"bracketed URLs":           strings.Repeat("<http://a.example/b/c/d/e> ", mb/27),
		"wrapped URLs":             strings.Repeat("<URL:http://a.example/b/c/d/e> ", mb/31),
		"hyphen breaks":            strings.Repeat("http://a/b-\nc ", mb/14),
		"non-ASCII in URLs":        strings.Repeat("http://a/é/b ", mb/14),
		"long line then a URL":     strings.Repeat("z", mb) + " http://a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s",
		"UTF-8 line of URLs":       strings.Repeat("éé http://a/b/c/d/e/f/g/h/i/j/k ", mb/34),
		"CR LF lines":              strings.Repeat("http://a.example/b/c/d/e/f/g/h/i/j/k/l/m/n/o\r\n", mb/47),
		"no URLs":                  strings.Repeat("word ", mb/5),
		"1e6 :":                    strings.Repeat(":", mb),
		"1e6 <":                    strings.Repeat("<", mb),
		"percents and colons":      strings.Repeat("http://a/%41:%42/ ", mb/18),
		"1 MB URL":                 "see http://a.example/" + strings.Repeat("a/", mb/2) + " then",
		"URL just under MaxLength": "http://a/" + strings.Repeat("b/", MaxLength/2-8),
	}
	opts := []WrapOptions{{Width: 10, Indent: 5}, {Width: 72, Indent: 2}, {Width: 1000, Indent: 500}}
	if testing.Short() {
		opts = opts[:1]
	}
	for _, o := range opts {
		for name, text := range cases {
			in := []byte(text)
			var out []byte
			var kept []Unwrapped
			found, skips := Search(in)
			var ms0, ms1 runtime.MemStats
			runtime.ReadMemStats(&ms0)
			out, kept = o.WrapText(in)
			runtime.ReadMemStats(&ms1)
			linear, wrapCPU, findCPU := linearTo(func() { o.WrapText(in) }, func() { Find(in) })
			if limit := 6*len(in) + 4096; len(out) > limit {
				t.Errorf("%s, %+v: %d bytes out of %d (limit %d)", name, o, len(out), len(in), limit)
			}
			allocs := ms1.Mallocs - ms0.Mallocs
			if limit := uint64(64*len(found) + 64); allocs > limit {
				t.Errorf("%s, %+v: %d allocations for %d URLs (limit %d)", name, o, allocs, len(found), limit)
			}
			if !linear {
				// Speed is for the benchmarks: a ratio is logged, and only a hang fails.
				t.Logf("%s, %+v: WrapText took %v of CPU, Find %v (logged)", name, o, wrapCPU, findCPU)
			}
			if wrapCPU > hangGuard {
				t.Errorf("%s, %+v: WrapText took %v of CPU on 1 MB: not linear", name, o, wrapCPU)
			}
			if len(kept) > len(found)+len(skips) {
				t.Errorf("%s: %d kept of %d found and %d skipped", name, len(kept), len(found), len(skips))
			}
			t.Logf("%-26s %+v: %8d → %8d bytes, %6d URLs, %5d kept, WrapText %v, Find %v", name, o, len(in), len(out), len(found), len(kept), wrapCPU, findCPU)
		}
	}
	// Find reads the same URLs back, on the smaller cases (a full check is quadratic in the
	// test, not in WrapText).
	for _, name := range []string{"many short URLs", "quoted lines", "deep quote markers", "long quote then URLs", "hyphen breaks", "CR LF lines"} {
		in := []byte(cases[name][:64<<10])
		out, _ := WrapOptions{Width: 10, Indent: 5}.WrapText(in)
		checkWrapText(t, in, out)
	}
}

// A megabyte URL: Wrap refuses it (longer than MaxLength when wrapped) in time linear in its
// length, with a bounded message; the validation of the bytes and of locator.Parse comes first.
func TestWrapAdversarial(t *testing.T) {
	const mb = 1 << 20
	for name, u := range map[string]string{
		"slashes":      "http://a" + strings.Repeat("/", mb),
		"segments":     "http://a" + strings.Repeat("/b", mb/2),
		"one segment":  "http://a/" + strings.Repeat("b", mb),
		"reserved":     "http://a/" + strings.Repeat(";?:@=&b", mb/7),
		"percents":     "http://a/" + strings.Repeat("%41", mb/3),
		"bad percents": "http://a/" + strings.Repeat("%", mb),
		"space at end": "http://a/" + strings.Repeat("b/", mb/2) + " ",
		"0xff at end":  "http://a/" + strings.Repeat("b/", mb/2) + "\xff",
	} {
		for _, o := range []WrapOptions{{Width: 10, Indent: 5}, {}, {Width: 1 << 20, Indent: 1 << 19}} {
			b, err := o.AppendWrapped(nil, u, 0)
			linear, wrapCPU, parseCPU := linearTo(func() { o.AppendWrapped(nil, u, 0) }, func() { locator.Parse(u) })
			var e *locator.Error
			if !errors.As(err, &e) || len(b) != 0 || len(err.Error()) > 512 {
				t.Errorf("%s, %+v: %d bytes, %.100v", name, o, len(b), err)
			}
			if !linear {
				t.Logf("%s, %+v: Wrap took %v of CPU, Parse %v (logged: speed is for the benchmarks)", name, o, wrapCPU, parseCPU)
			}
			if wrapCPU > hangGuard {
				t.Errorf("%s, %+v: Wrap took %v of CPU on 1 MB: not linear", name, o, wrapCPU)
			}
			t.Logf("%-12s %+v: %v (Parse %v): %s", name, o, wrapCPU, parseCPU, e.Code)
		}
	}
}
