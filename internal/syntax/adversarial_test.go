package syntax

import (
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/pct"
)

// shapes are the runs the adversarial test repeats to fill a component (see package scheme's
// TestAdversarialInputs, which runs the same shapes through every scheme).
var shapes = map[string]string{
	"dots": ".", "percent": "%", "percent-2": "%2", "colons": ":", "ats": "@", "open-brackets": "[",
	"close-brackets": "]", "spaces": " ", "tabs-controls": "\t\x01", "semicolons": ";", "questions": "?",
	"equals": "=", "slashes": "/", "invalid-utf8": "\xff", "rtl": "\u202e", "combining": "\u0301",
	"hyphen-labels": "-.", "digit-groups": "1.", "big-groups": "9999.", "escapes": "%41",
}

// TestAdversarial runs every checker of the package on 1 MB runs of each shape in each
// component of an http URL (and CheckHostPort and CheckChars on the run itself), and holds each
// call to at most 4 bytes allocated per input byte, MaxFindings findings and one that counts
// the rest, and messages of at most 400 bytes. A checker that quotes the host in each of a
// million findings, or builds a finding per bad byte, fails at once (before the Sink, 10,000
// empty labels took 2.7 s and 197 MB). With LOCATOR_ADVERSARIAL_MB=n the runs are n MB long.
func TestAdversarial(t *testing.T) {
	size := 1 << 20
	if testing.Short() {
		size = 64 << 10
	}
	if mb, err := strconv.Atoi(os.Getenv("LOCATOR_ADVERSARIAL_MB")); err == nil && mb > 0 {
		size = mb << 20
	}
	const maxAllocPerByte = 4
	worst, worstWhat := 0.0, ""
	for shape, unit := range shapes {
		run := strings.Repeat(unit, size/len(unit))
		for _, part := range []string{"host", "user", "port", "path", "query", "fragment"} {
			var in string
			switch part {
			case "host":
				in = "http://" + run + "/p"
			case "user":
				in = "ftp://" + run + "@h/p"
			case "port":
				in = "http://h:" + strings.Repeat("9", size) + "/"
			case "path":
				in = "ftp://h/" + run
			case "query":
				in = "http://h/p?" + run
			case "fragment":
				in = "http://h/p#" + run
			}
			u, err := locator.Parse(in)
			calls := map[string]func(sk *Sink){
				"CheckHostPort": func(sk *Sink) { CheckHostPort(sk, run, 0) },
				"CheckChars":    func(sk *Sink) { CheckChars(sk, run, 0, pct.Alpha, "r") },
				"CheckClass":    func(sk *Sink) { CheckClass(sk, run, 0, hostClass, "r") },
			}
			if err == nil {
				calls["CheckRFC1738"] = func(sk *Sink) { CheckRFC1738(sk, u) }
				calls["CheckRFC3986"] = func(sk *Sink) { CheckRFC3986(sk, u) }
				calls["CheckLogin"] = func(sk *Sink) { CheckLogin(sk, u) }
			}
			for name, fn := range calls {
				what := name + " " + part + " " + shape
				var m0, m1 runtime.MemStats
				runtime.ReadMemStats(&m0)
				start := time.Now()
				var sk Sink
				fn(&sk)
				fs := sk.Findings()
				d := time.Since(start)
				runtime.ReadMemStats(&m1)
				n := m1.TotalAlloc - m0.TotalAlloc
				if r := float64(n) / float64(len(in)); r > worst {
					worst, worstWhat = r, what
				}
				if n > uint64(maxAllocPerByte*len(in)) {
					t.Errorf("%s: %d bytes allocated for %d bytes of input", what, n, len(in))
				}
				if d > 10*time.Second {
					t.Logf("%s: %v: slow (logged: speed is for the benchmarks)", what, d)
				}
				if len(fs) > locator.MaxFindings+1 {
					t.Errorf("%s: %d findings", what, len(fs))
				}
				for i, f := range fs {
					if len(f.Message) > 400 {
						t.Errorf("%s: a %d-byte message: %.200s", what, len(f.Message), f.Message)
						break
					}
					if i > 0 && fs[i-1].Offset > f.Offset {
						t.Errorf("%s: findings out of order", what)
						break
					}
				}
			}
		}
	}
	t.Logf("runs of %d bytes: at most %.2f bytes allocated per input byte (%s)", size, worst, worstWhat)
}

// TestSinkCount: past MaxFindings the Sink counts, once per character even when two checkers
// report it, and says how many it left out in a last finding; it keeps the findings with the
// smallest offsets whatever order they come in.
func TestSinkCount(t *testing.T) {
	for _, n := range []int{locator.MaxFindings - 1, locator.MaxFindings, locator.MaxFindings + 1, 1000} {
		u := locator.MustParse("http://h/" + strings.Repeat(" ", n))
		var sk Sink
		CheckRFC1738(&sk, u)
		// The same spaces again, as a scheme's checker reports them: no new findings, no count.
		CheckChars(&sk, u.Path(), 8, pct.Alpha.With("/"), "RFC 1738 §5 hsegment")
		fs := sk.Findings()
		kept := min(n, locator.MaxFindings)
		if n <= locator.MaxFindings {
			if len(fs) != n || fs[len(fs)-1].Code != locator.CodeUnsafeChar {
				t.Errorf("%d spaces: %d findings, last %v", n, len(fs), fs[len(fs)-1])
			}
			continue
		}
		last := fs[len(fs)-1]
		want := strconv.Itoa(n-kept) + " more findings not shown"
		if len(fs) != kept+1 || last.Code != locator.CodeTooManyFindings || !strings.HasPrefix(last.Message, want) ||
			last.Severity != locator.SeverityError || last.Offset != fs[kept-1].Offset {
			t.Errorf("%d spaces: %d findings, last %v; want %d and %q", n, len(fs), last, kept+1, want)
		}
		for i := range kept {
			if fs[i].Offset != 9+i {
				t.Errorf("%d spaces: finding %d at offset %d, want %d", n, i, fs[i].Offset, 9+i)
				break
			}
		}
	}
	// Findings that come last-first: the Sink keeps the smallest offsets, the others counted.
	var sk Sink
	for off := 1000; off > 0; off-- {
		sk.Add(locator.Finding{Offset: off, Code: "c", Severity: locator.SeverityWarning})
	}
	fs := sk.Findings()
	if len(fs) != locator.MaxFindings+1 || fs[0].Offset != 1 || fs[locator.MaxFindings-1].Offset != locator.MaxFindings ||
		fs[locator.MaxFindings].Severity != locator.SeverityWarning ||
		!strings.HasPrefix(fs[locator.MaxFindings].Message, strconv.Itoa(1000-locator.MaxFindings)+" more") {
		t.Errorf("last-first: %d findings: first %v, last %v", len(fs), fs[0], fs[len(fs)-1])
	}
	// Take tells a caller not to build a finding past the limit, and counts it.
	var full Sink
	for off := range locator.MaxFindings {
		full.Add(locator.Finding{Offset: off, Code: "c"})
	}
	if full.Take(locator.MaxFindings, "c", locator.SeverityError) || !full.Take(locator.MaxFindings-1, "c", locator.SeverityError) ||
		!full.Take(5, "c", locator.SeverityError) || full.Omitted() != 1 {
		t.Errorf("Take on a full Sink: omitted %d", full.Omitted())
	}
}

// TestSinkAgainstList compares the Sink with the list it stands for (every finding, sorted
// stably by offset, repeats of an offset and code dropped): on random streams of findings in
// random order, some repeated, the Sink keeps the first MaxFindings of that list, in order, and
// counts the rest exactly. As with the checkers, a character code depends on the offset alone,
// and only character findings repeat.
func TestSinkAgainstList(t *testing.T) {
	charCodes := []locator.Code{locator.CodeUnsafeChar, locator.CodeNonASCII, locator.CodeControl}
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 2000 {
		n := r.IntN(4 * locator.MaxFindings)
		span := 1 + r.IntN(3*locator.MaxFindings)
		var all []locator.Finding
		var sk Sink
		next := 0 // a fresh code for each finding that is not a character's
		for range n {
			off := r.IntN(span)
			f := locator.Finding{Offset: off, Rule: strconv.Itoa(len(all))}
			if r.IntN(3) > 0 {
				f.Code = charCodes[off%len(charCodes)]
			} else {
				next++
				f.Code = locator.Code("c" + strconv.Itoa(next))
			}
			all = append(all, f)
			sk.Add(f)
		}
		slices.SortStableFunc(all, func(a, b locator.Finding) int { return a.Offset - b.Offset })
		var list []locator.Finding
		seen := map[[2]string]bool{}
		for _, f := range all {
			k := [2]string{strconv.Itoa(f.Offset), string(f.Code)}
			if !seen[k] {
				seen[k] = true
				list = append(list, f)
			}
		}
		got := sk.Findings()
		kept := min(len(list), locator.MaxFindings)
		if len(list) > locator.MaxFindings {
			last := got[len(got)-1]
			want := strconv.Itoa(len(list)-kept) + " more"
			if last.Code != locator.CodeTooManyFindings || !strings.HasPrefix(last.Message, want) {
				t.Fatalf("trial %d: last %v, want %q", trial, last, want)
			}
			got = got[:len(got)-1]
		}
		if !slices.Equal(got, list[:kept]) {
			t.Fatalf("trial %d: kept\n%v\nwant\n%v", trial, got, list[:kept])
		}
	}
}
