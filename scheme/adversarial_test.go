package scheme_test

import (
	"errors"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// adversarialShapes are the runs the adversarial tests repeat to fill a component: the
// delimiters and the characters the checkers report, escapes cut short, controls, invalid
// UTF-8 and the Unicode that display must escape (a right-to-left override, a combining mark).
var adversarialShapes = map[string]string{
	"dots": ".", "percent": "%", "percent-2": "%2", "colons": ":", "ats": "@", "open-brackets": "[",
	"close-brackets": "]", "spaces": " ", "tabs-controls": "\t\x01", "semicolons": ";", "questions": "?",
	"equals": "=", "slashes": "/", "invalid-utf8": "\xff", "rtl": "\u202e", "combining": "\u0301",
}

// shapes1738 are the shapes of the parts that locator.ParseAs reads under RFC 1738 (a login
// with "?", a "URL:" prefix): those that meet its login reading.
var shapes1738 = map[string]bool{"questions": true, "ats": true, "colons": true, "percent": true,
	"slashes": true, "spaces": true, "invalid-utf8": true, "dots": true}

// adversarialURL returns the URL of scheme sc with run in component part.
func adversarialURL(sc, part, run string) string {
	switch part {
	case "host":
		return sc + "://" + run + "/p"
	case "user":
		return sc + "://" + run + "@h/p"
	case "path":
		return sc + "://h/" + run
	case "query":
		return sc + "://h/p?" + run
	case "fragment":
		return sc + "://h/p#" + run
	case "login1738": // a login with "?" (RFC 1738 §5), parsed with locator.ParseAs
		return sc + "://a?" + run + "@h/p"
	case "prefixed": // behind a "URL:" prefix (RFC 1738 Appendix), parsed with locator.ParseAs
		return "URL:" + sc + "://" + run + "?@h/p"
	default: // "opaque": no authority (mailto, news, mid, cid)
		return sc + ":" + run
	}
}

// allocBytes returns the bytes fn allocates (the TotalAlloc delta) and the time it takes.
func allocBytes(fn func()) (uint64, time.Duration) {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	start := time.Now()
	fn()
	d := time.Since(start)
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc, d
}

// TestAdversarialInputs runs every checker of the package (Check under RFC 1738 and
// RFC 3986), every registered scheme's view (ParseView) and plan (PlanFor), and
// locator.Security on 1 MB runs of each adversarial shape in each component of a URL of each
// registered scheme (and an unregistered one). The guard is memory, not a clock: each call
// may allocate at most a small constant times the input (a quadratic checker allocates per
// finding a message that quotes the input, or a finding per byte), list at most
// locator.MaxFindings findings and one that counts the rest, and write messages of a few
// hundred bytes. The time is checked too, with a bound no linear run comes near. With
// LOCATOR_ADVERSARIAL_MB=n the runs are n MB long, and the largest ratios are logged.
func TestAdversarialInputs(t *testing.T) {
	size := 1 << 20
	if testing.Short() {
		size = 64 << 10
	}
	if mb, err := strconv.Atoi(os.Getenv("LOCATOR_ADVERSARIAL_MB")); err == nil && mb > 0 {
		size = mb << 20
	}
	const (
		maxAllocPerByte = 16               // bytes allocated per input byte, at most
		maxValuePerByte = 512              // for ParseView and PlanFor, whose values hold each segment
		maxMessage      = 400              // bytes of a message, at most
		maxError        = 1024             // bytes of an error's text (200 bytes of input, quoted)
		maxTime         = 10 * time.Second // per call on 1 MB: a linear call takes milliseconds
	)
	names := []string{"x-unregistered"}
	for _, s := range scheme.All() {
		names = append(names, s.Name)
	}
	type worst struct {
		ratio float64
		what  string
		d     time.Duration
	}
	var topCheck, topValue, slowest worst // the checkers; views and plans; any
	for shape, unit := range adversarialShapes {
		run := strings.Repeat(unit, size/len(unit))
		for _, sc := range names {
			for _, part := range []string{"host", "user", "path", "query", "fragment", "opaque", "login1738", "prefixed"} {
				in := adversarialURL(sc, part, run)
				what := sc + " " + part + " " + shape
				var u locator.URL
				var perr error
				as1738 := part == "login1738" || part == "prefixed"
				if as1738 && !shapes1738[shape] {
					continue
				}
				n, d := allocBytes(func() {
					if as1738 {
						u, perr = locator.ParseAs(in, locator.RFC1738)
					} else {
						u, perr = locator.Parse(in)
					}
				})
				if n > uint64(maxAllocPerByte*len(in)) {
					t.Errorf("%s: Parse allocates %d bytes for %d bytes of input, in %v", what, n, len(in), d)
				}
				if perr != nil {
					var e *locator.Error
					if !errors.As(perr, &e) || len(e.Error()) > maxError || len(e.Message) > maxMessage {
						t.Errorf("%s: Parse error too long or not *locator.Error: %d bytes", what, len(perr.Error()))
					}
					continue
				}
				calls := map[string]func() []locator.Finding{
					"Check/rfc1738": func() []locator.Finding { return scheme.Check(u, locator.RFC1738) },
					"Check/rfc3986": func() []locator.Finding { return scheme.Check(u, locator.RFC3986) },
					"Security":      func() []locator.Finding { return scheme.Security(u) },
				}
				if as1738 {
					calls["Inspect/rfc1738"] = func() []locator.Finding { return scheme.Inspect(in, locator.RFC1738).Findings }
				}
				for call, fn := range calls {
					var fs []locator.Finding
					n, d = allocBytes(func() { fs = fn() })
					w := what + " " + call
					if r := float64(n) / float64(len(in)); r > topCheck.ratio {
						topCheck = worst{r, w, d}
					}
					if d > slowest.d {
						slowest = worst{float64(n) / float64(len(in)), w, d}
					}
					limit := maxAllocPerByte
					if call == "Inspect/rfc1738" {
						limit = maxValuePerByte // Inspect makes the view too
					}
					if n > uint64(limit*len(in)) {
						t.Errorf("%s: %d bytes allocated for %d bytes of input", w, n, len(in))
					}
					if d > maxTime*time.Duration(max(1, size>>20)) {
						t.Logf("%s: %v: slow (logged: speed is for the benchmarks)", w, d)
					}
					if len(fs) > locator.MaxFindings+1 {
						t.Errorf("%s: %d findings, more than MaxFindings+1", w, len(fs))
					}
					if len(fs) == locator.MaxFindings+1 && fs[len(fs)-1].Code != locator.CodeTooManyFindings {
						t.Errorf("%s: %d findings, the last not %s: %v", w, len(fs), locator.CodeTooManyFindings, fs[len(fs)-1])
					}
					for _, f := range fs {
						if len(f.Message) > maxMessage || len(f.Rule) > maxMessage || f.Offset < 0 || f.Offset > len(in) {
							t.Errorf("%s: finding with a %d-byte message at offset %d: %.200s", w, len(f.Message), f.Offset, f.Message)
							break
						}
					}
				}
				for call, fn := range map[string]func() error{
					"ParseView": func() error { _, err := scheme.ParseView(u); return err },
					"PlanFor":   func() error { _, err := scheme.PlanFor(u); return err },
				} {
					var err error
					n, d = allocBytes(func() { err = fn() })
					w := what + " " + call
					if r := float64(n) / float64(len(in)); r > topValue.ratio {
						topValue = worst{r, w, d}
					}
					if d > slowest.d {
						slowest = worst{float64(n) / float64(len(in)), w, d}
					}
					if n > uint64(maxValuePerByte*len(in)) {
						t.Errorf("%s: %d bytes allocated for %d bytes of input", w, n, len(in))
					}
					if d > maxTime*time.Duration(max(1, size>>20)) {
						t.Logf("%s: %v: slow (logged: speed is for the benchmarks)", w, d)
					}
					if err != nil {
						var e *locator.Error
						if errors.As(err, &e) && len(e.Message) > maxMessage {
							t.Errorf("%s: a %d-byte error message: %.200s", w, len(e.Message), e.Message)
						}
						if len(err.Error()) > maxError {
							t.Errorf("%s: a %d-byte error: %.200s", w, len(err.Error()), err.Error())
						}
					}
				}
			}
		}
	}
	t.Logf("runs of %d bytes; most bytes allocated per input byte: checkers %.2f (%s, %v), views and plans %.2f (%s, %v); slowest %v (%s)",
		size, topCheck.ratio, topCheck.what, topCheck.d, topValue.ratio, topValue.what, topValue.d, slowest.d, slowest.what)
}

// TestCheckCount: past locator.MaxFindings, Check counts the findings it leaves out exactly,
// a character that both the scheme-independent checker and the scheme's checker report
// counted once, through the general path (gopher) and http's fast path alike.
func TestCheckCount(t *testing.T) {
	for _, tt := range []struct {
		prefix string
		n      int
	}{
		{"gopher://h/1", 1000}, {"http://h/", 1000}, {"ftp://h/", 1000}, {"x-unregistered://h/", 1000}, {"zzz://h/", 1000},
		{"gopher://h/1", locator.MaxFindings}, {"gopher://h/1", locator.MaxFindings + 1},
	} {
		in := tt.prefix + strings.Repeat(" ", tt.n)
		fs := scheme.Check(locator.MustParse(in), locator.RFC1738)
		spaces, extra := 0, 0 // extra: findings of other codes (an unregistered scheme's warning)
		for _, f := range fs {
			switch f.Code {
			case locator.CodeUnsafeChar:
				spaces++
			case locator.CodeTooManyFindings:
			default:
				extra++
			}
		}
		last := fs[len(fs)-1]
		if tt.n+extra <= locator.MaxFindings {
			if spaces != tt.n || last.Code == locator.CodeTooManyFindings {
				t.Errorf("%q: %d spaces reported of %d: %v", tt.prefix, spaces, tt.n, last)
			}
			continue
		}
		want := strconv.Itoa(tt.n+extra-locator.MaxFindings) + " more findings not shown"
		if len(fs) != locator.MaxFindings+1 || last.Code != locator.CodeTooManyFindings || !strings.HasPrefix(last.Message, want) {
			t.Errorf("%q + %d spaces: %d findings, last %v; want %q", tt.prefix, tt.n, len(fs), last, want)
		}
	}
}
