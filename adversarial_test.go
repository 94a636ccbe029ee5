package locator

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator/internal/display"
)

// The adversarial test of the root package: every function a user calls, on inputs of one
// megabyte made of one shape repeated (a run of ".", "%", ":", "@", "[", spaces, controls,
// invalid UTF-8, …) in each component, in the base, in the reference and in the target. Time
// and memory must be linear in the input (the project's rule), so for each call:
//
//   - the bytes it allocates are at most advAllocPerByte (three times that for Relative,
//     SURT and the net/url conversion) per input byte;
//   - a call that allocates more than four bytes per input byte or takes over 20 ms is run
//     again on a quarter of the input, and may allocate at most six times as much at full
//     size (a quadratic call allocates sixteen times as much);
//   - a call at full size over a second, or over 200 ms and sixteen times its quarter-size
//     run, fails if the fastest of three runs of each still does (time is only a backstop:
//     on a shared machine it is noisy, and four times the input can take ten times as long
//     from the caches alone);
//   - the Message of an *Error stays under advMaxMessage bytes, and Error() under
//     advMaxError.
//
// With -short the inputs are 64 KB.

// advShapes are the units repeated to make an input.
var advShapes = []string{
	".", "/.", "/..", "./", "../", "%", "%2", "%25", "%2e", "%2E", ":", "@", "[", "]", ";", "?",
	"#", "/", "//", " ", "\t", "\x00", "\xff", "\u202e", "\u0301", "9", "a.", "&a=1",
}

// advShapes1738 are the units of the inputs of advPlaces1738: the delimiters of a login, "?"
// and "@" alone and in pairs, the prefix, and a few others that the login reading meets.
var advShapes1738 = []string{"?", "@", "?@", "@?", "URL:", "a?b@", "%", "%2", ":", "/", "#", " ", "\x00", "\xff"}

// advPlaces build an input with a run in one component.
var advPlaces = []struct {
	name string
	make func(run string) string
}{
	{"reference", func(r string) string { return r }},
	{"scheme", func(r string) string { return "h" + r + ":x" }},
	{"user", func(r string) string { return "http://" + r + "@h/" }},
	{"host", func(r string) string { return "http://" + r + "/" }},
	{"port", func(r string) string { return "http://h:" + r + "/" }},
	{"path", func(r string) string { return "http://h/" + r }},
	{"relative-path", func(r string) string { return "g/" + r + "x" }},
	{"query", func(r string) string { return "http://h/p?" + r }},
	{"fragment", func(r string) string { return "http://h/p#" + r }},
	{"mailto", func(r string) string { return "mailto:" + r + "@Example.COM" }},
	{"opaque", func(r string) string { return "urn:" + r }},
}

const (
	advSize         = 1 << 20
	advAllocPerByte = 24  // bytes allocated per input byte, per call
	advMaxMessage   = 320 // bytes in an *Error's Message
	// advMaxError bounds Error(): the Message, the input cut to 200 bytes and quoted (up to
	// four bytes per byte, "\xff"), the offset and the rule.
	advMaxError = advMaxMessage + 4*200 + 160
	advSlack    = 1 << 16
)

// advPlaces1738 build an input for ParseAs under RFC 1738, whose "URL:" prefix and RFC 1738
// §5 login with "?" (see ParseAs) the calls then see: a run in a login with "?", with an "@"
// far after a "?" or none, and behind a prefix.
var advPlaces1738 = []struct {
	name string
	make func(run string) string
}{
	{"1738-reference", func(r string) string { return r }},
	{"1738-login", func(r string) string { return "ftp://a?" + r + "@h/" }},
	{"1738-login-no-at", func(r string) string { return "ftp://a?" + r + "/x@" }},
	{"1738-password", func(r string) string { return "ftp://u:p?" + r + "@h:21/f" }},
	{"1738-prefixed", func(r string) string { return "URL:ftp://?" + r + "?@h/" + r }},
}

// advRun returns the shape repeated to n bytes or a little more.
func advRun(shape string, n int) string {
	return strings.Repeat(shape, (n+len(shape)-1)/len(shape))
}

// advCost is what one call cost.
type advCost struct {
	alloc uint64
	dur   time.Duration
}

func advMeasure(f func()) advCost {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	st := time.Now()
	f()
	d := time.Since(st)
	runtime.ReadMemStats(&m1)
	return advCost{m1.TotalAlloc - m0.TotalAlloc, d}
}

// advFastest returns the fastest of three runs of f, after a collection.
func advFastest(f func()) time.Duration {
	runtime.GC()
	best := time.Duration(1<<63 - 1)
	for range 3 {
		st := time.Now()
		f()
		best = min(best, time.Since(st))
	}
	return best
}

// advAllocLimit is the most a call of op may allocate on n bytes of input. Relative resolves
// several candidates and then tails of the target within a budget (see bestTail), SURT
// encodes (one byte can become three) and then lower-cases, sorts and joins the query, and
// NetURL and FromNetURL run net/url's parser and serializer, which escape a byte to three:
// they may allocate more per byte than the others.
func advAllocLimit(op string, n int) uint64 {
	per := advAllocPerByte
	switch op {
	case "Relative", "SURT", "NetURL+FromNetURL":
		per = 3 * advAllocPerByte
	}
	return uint64(per*n + advSlack)
}

// advCall is one call of a function of the package on an input.
type advCall struct {
	name string
	f    func()
}

// advCalls returns the calls to make on the input s: every function that takes a URL or a
// string, with s as the URL, as the base, as the reference and as the target. errs collects
// the errors, whose messages are checked for length.
func advCalls(s string, errs *[]error) []advCall { return advCallsWith(s, errs, Parse) }

// advCallsAs is advCalls on the URL of ParseAs under RFC 1738.
func advCallsAs(s string, errs *[]error) []advCall {
	return advCallsWith(s, errs, func(s string) (URL, error) { return ParseAs(s, RFC1738) })
}

// advCallsWith is advCalls with the URL that parse gives.
func advCallsWith(s string, errs *[]error, parse func(string) (URL, error)) []advCall {
	keep := func(err error) {
		if err != nil {
			*errs = append(*errs, err)
		}
	}
	calls := []advCall{
		{"Parse", func() { _, err := Parse(s); keep(err) }},
		{"ParseAbsolute", func() { _, err := ParseAbsolute(s); keep(err) }},
	}
	for _, spec := range Specs() {
		calls = append(calls, advCall{"ParseAs/" + spec.String(), func() { _, err := ParseAs(s, spec); keep(err) }})
	}
	for _, m := range Modes() {
		calls = append(calls, advCall{"RemoveDotSegments/" + m.String(), func() { _ = RemoveDotSegments(s, m) }})
	}
	u, err := parse(s)
	if err != nil {
		return calls
	}
	calls = append(calls, advCall{"WithoutPrefix", func() { advGetters(u.WithoutPrefix()) }})
	short := MustParse("http://a/b/c/d;p?q")
	shortRef := MustParse("../g;x?y#s")
	for _, m := range Modes() {
		if m != ModeWHATWG {
			calls = append(calls,
				advCall{"Resolve/ref/" + m.String(), func() { _, err := Resolve(short, u, m); keep(err) }},
				advCall{"Resolve/base/" + m.String(), func() { _, err := Resolve(u, shortRef, m); keep(err) }},
				advCall{"Resolve/both/" + m.String(), func() { _, err := Resolve(u, u, m); keep(err) }},
			)
		}
		calls = append(calls,
			advCall{"Relative/target/" + m.String(), func() { _, err := Relative(short, u, m); keep(err) }},
			advCall{"Relative/base/" + m.String(), func() { _, err := Relative(u, short, m); keep(err) }},
			advCall{"Relative/resolved/" + m.String(), func() {
				// The target of a resolution, against the long base: both long.
				if m == ModeWHATWG || !u.HasScheme() {
					return
				}
				tg, err := Resolve(u, MustParse("x/y"), m)
				if err != nil {
					keep(err)
					return
				}
				_, err = Relative(u, tg, m)
				keep(err)
			}},
		)
	}
	for _, f := range advNormalizeFlags() {
		calls = append(calls, advCall{"Normalize/" + f.String(), func() { _, err := Normalize(u, f); keep(err) }})
	}
	calls = append(calls,
		advCall{"Canonical", func() { _ = Canonical(u) }},
		advCall{"EncodingLevel", func() { _ = EncodingLevel(u) }},
		advCall{"Equivalent", func() { _ = Equivalent(u, short); _ = Equivalent(u, u) }},
		advCall{"SURT", func() { _, err := SURT(u); keep(err) }},
		advCall{"NetURL+FromNetURL", func() {
			nu, err := u.NetURL()
			keep(err)
			if err == nil {
				_, err = FromNetURL(nu)
				keep(err)
			}
		}},
		advCall{"getters", func() { advGetters(u) }},
		advCall{"text", func() {
			b, _ := u.MarshalText()
			var v URL
			keep(v.UnmarshalText(b))
		}},
	)
	return calls
}

// advNormalizeFlags is every flag alone, then the groups.
func advNormalizeFlags() []NormalizeFlags {
	var out []NormalizeFlags
	for f := NormalizeFlags(1); f != 0 && f <= NormalizeRemoveWWW; f <<= 1 {
		out = append(out, f)
	}
	return append(out, NormalizeSafe, NormalizeUsually, NormalizeAggressive)
}

var advSink int

// advGetters calls every getter.
func advGetters(u URL) {
	n := len(u.String()) + u.Len() + len(u.Scheme()) + len(u.SchemePart()) + len(u.Host()) +
		len(u.Hostname()) + len(u.HostPort()) + len(u.Path()) + len(u.URLPath())
	for _, f := range []func() (string, bool){u.Authority, u.User, u.Password, u.Userinfo, u.Port, u.Query, u.Fragment} {
		s, _ := f()
		n += len(s)
	}
	p, _ := u.PortNumber()
	o := u.Offsets()
	n += p + o.Path.End + len(u.WithoutFragment().String()) + len(u.AppendTo(nil))
	if u.IsZero() || u.HasScheme() || u.HasAuthority() || u.IsScheme("http") {
		n++
	}
	b, _ := u.AppendText(nil)
	advSink += n + len(b) + int(u.Chars())
}

// TestAdversarialLinear runs every call on every shape in every component at advSize bytes,
// with the checks described at the top of this file.
func TestAdversarialLinear(t *testing.T) {
	size := advSize
	if testing.Short() {
		size = advSize / 16
	}
	spent := map[string]time.Duration{}
	defer func() {
		if testing.Verbose() {
			for name, d := range spent {
				if d > 500*time.Millisecond {
					t.Logf("%s: %v", name, d)
				}
			}
		}
	}()
	type place struct {
		name   string
		make   func(string) string
		calls  func(string, *[]error) []advCall
		shapes []string
	}
	var places []place
	for _, pl := range advPlaces {
		places = append(places, place{pl.name, pl.make, advCalls, advShapes})
	}
	for _, pl := range advPlaces1738 {
		places = append(places, place{pl.name, pl.make, advCallsAs, advShapes1738})
	}
	for _, pl := range places {
		for _, shape := range pl.shapes {
			big := pl.make(advRun(shape, size))
			small := pl.make(advRun(shape, size/4))
			var errs []error
			bigCalls := pl.calls(big, &errs)
			smallCalls := pl.calls(small, new([]error))
			if len(bigCalls) != len(smallCalls) {
				t.Errorf("%q in %s: %d calls at %d bytes, %d at %d", shape, pl.name, len(bigCalls), len(big), len(smallCalls), len(small))
				continue
			}
			for i, c := range bigCalls {
				cb := advMeasure(c.f)
				op := strings.SplitN(c.name, "/", 2)[0]
				spent[op] += cb.dur
				where := "shape " + display.Quote(shape) + " in " + pl.name + ": " + c.name
				if limit := advAllocLimit(op, len(big)); cb.alloc > limit {
					t.Errorf("%s: %d bytes allocated for %d bytes of input, want at most %d", where, cb.alloc, len(big), limit)
				}
				if cb.alloc <= 4*uint64(len(big)) && cb.dur < 20*time.Millisecond {
					continue // too cheap to be quadratic
				}
				// A linear call on a quarter of the input costs about a quarter.
				cs := advMeasure(smallCalls[i].f)
				spent[op] += cs.dur
				if cb.alloc > 6*cs.alloc+advSlack {
					t.Errorf("%s: %d bytes allocated at %d bytes of input, %d at %d: not linear", where, cb.alloc, len(big), cs.alloc, len(small))
				}
				// Time: four times the input gives up to ten times the time from the caches
				// alone (measured: Relative 2 ms at 256 KB, 18–33 ms at 1 MB, 90–108 ms at 4
				// MB); a quadratic call is sixteen times slower and takes seconds at 1 MB.
				// A collection may fall in any call, so a failure is measured again.
				if cb.dur > 200*time.Millisecond && cb.dur > 16*cs.dur || cb.dur > time.Second {
					db, ds := advFastest(c.f), advFastest(smallCalls[i].f)
					if db > time.Second || db > 200*time.Millisecond && db > 16*ds {
						t.Logf("%s: %v at %d bytes of input, %v at %d: slow (logged: speed is for the benchmarks)", where, db, len(big), ds, len(small))
					}
				}
			}
			for _, err := range errs {
				if msg := err.Error(); len(msg) > advMaxError {
					t.Errorf("shape %s in %s: Error() of %d bytes, want at most %d: %s", display.Quote(shape), pl.name, len(msg), advMaxError, display.Quote(msg))
				}
				if e, ok := err.(*Error); ok && len(e.Message) > advMaxMessage {
					t.Errorf("shape %s in %s: Message of %d bytes, want at most %d: %s", display.Quote(shape), pl.name, len(e.Message), advMaxMessage, display.Quote(e.Message))
				}
			}
		}
	}
}

// TestRelativeLinear is the input of the report that found Relative quadratic (a target of
// 16 KB took a second, 128 KB 49 seconds): the target "http://h" + "/a"×N + "/x" against
// "http://h/b/c/d;p?q", and the two swapped, under every mode. Four times the input may
// allocate at most six times as much, and a call at 1 MB must take well under a second.
func TestRelativeLinear(t *testing.T) {
	short := MustParse("http://h/b/c/d;p?q")
	long := func(n int) URL { return MustParse("http://h" + strings.Repeat("/a", n/2) + "/x") }
	small, big := long(advSize/4), long(advSize)
	for _, m := range Modes() {
		for _, swap := range []bool{false, true} {
			call := func(u URL) func() {
				return func() {
					var err error
					if swap {
						_, err = Relative(u, short, m)
					} else {
						_, err = Relative(short, u, m)
					}
					if err != nil && m != ModeWHATWG {
						t.Errorf("%s: %v", m, err)
					}
				}
			}
			cs, cb := advMeasure(call(small)), advMeasure(call(big))
			if cb.alloc > 6*cs.alloc+advSlack {
				t.Errorf("%s (long base %v): %d bytes allocated at %d bytes, %d at %d: not linear", m, swap, cb.alloc, big.Len(), cs.alloc, small.Len())
			}
			if d := advFastest(call(big)); d > time.Second {
				t.Logf("%s (long base %v): %v at %d bytes: slow (logged: speed is for the benchmarks)", m, swap, d, big.Len())
			}
		}
	}
}
