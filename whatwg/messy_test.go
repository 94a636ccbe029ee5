package whatwg

import (
	"math/rand/v2"
	"net/url"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator/internal/allocs"
	"github.com/locator-url/locator/internal/cputime"
)

// The messy set (issue 10, "Fast" item 1): the lines of the bench files (testdata/bench) made
// the way URLs from HTML, mail, logs and crawl frontiers are, so that the fast path, which
// returns an already normalized input as it is, does not apply and the full parser runs. The
// generator is committed, not its output: messyLines builds the set at run time, the same for
// the same seed.

// messyKind is one way the generator changes a URL.
type messyKind uint8

const (
	messyUpperScheme messyKind = iota // "HTTPS:": the scheme state lowercases it
	messyUpperHost                    // "WWW.EXAMPLE.COM": the domain parser lowercases it
	messyDefaultPort                  // ":443", ":80", ":21": the port state drops the default port
	messyDotSegments                  // "/./" and "/x/../": the path state removes them
	messySpaces                       // " " in the path and query: percent-encoded
	messyNonASCII                     // "é", "日本" in the path and query: UTF-8 percent-encoded
	messyBackslash                    // "\" for "/" in a special URL's path: read as "/"
	messyIDN                          // a non-ASCII label in the host: domain to ASCII (IDNA)
	messyKinds                        // the number of kinds
)

var messyKindNames = [messyKinds]string{"upper-scheme", "upper-host", "default-port",
	"dot-segments", "spaces", "non-ascii", "backslash", "idn"}

// messySeed is the seed of the benchmark's messy set.
const messySeed = 10

// messyLines returns the lines of the bench file name, each changed by messify with a
// generator seeded with seed: the same lines for the same seed. Without idn, no line gets an
// IDN host (those cost the IDNA code's time and allocations, which BenchmarkMessy shows apart).
func messyLines(tb testing.TB, name string, seed uint64, idn bool) []string {
	r := rand.New(rand.NewPCG(seed, uint64(len(name))))
	lines := benchLines(tb, name)
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = messify(r, l, idn)
	}
	return out
}

// messyParts splits a URL of the bench files into scheme (without ":"), "//" and the
// authority when present, the path, and the rest (query and fragment, with "?" or "#").
type messyParts struct {
	scheme, slashes, userinfo, host, port, path, rest string
}

func splitMessy(s string) (m messyParts, ok bool) {
	i := strings.IndexByte(s, ':')
	if i <= 0 {
		return m, false
	}
	m.scheme, s = s[:i], s[i+1:]
	if strings.HasPrefix(s, "//") {
		m.slashes, s = "//", s[2:]
		e := strings.IndexAny(s, "/?#")
		if e < 0 {
			e = len(s)
		}
		auth := s[:e]
		s = s[e:]
		if a := strings.LastIndexByte(auth, '@'); a >= 0 {
			m.userinfo, auth = auth[:a+1], auth[a+1:]
		}
		if c := strings.LastIndexByte(auth, ':'); c >= 0 && !strings.Contains(auth[c:], "]") {
			m.port, auth = auth[c:], auth[:c]
		}
		m.host = auth
	}
	e := strings.IndexAny(s, "?#")
	if e < 0 {
		e = len(s)
	}
	m.path, m.rest = s[:e], s[e:]
	return m, true
}

func (m messyParts) String() string {
	return m.scheme + ":" + m.slashes + m.userinfo + m.host + m.port + m.path + m.rest
}

// The pieces the generator inserts.
var (
	messyWords   = []string{"caf\u00e9", "\u65e5\u672c", "na\u00efve", "\u00fcber", "\u043c\u0438\u0440", "\u00bd", "\u2603"}
	messyIDNTops = []string{"b\u00fccher", "m\u00fcnchen", "\u65e5\u672c\u8a9e", "\u03c0\u03b1\u03c1\u03ac\u03b4\u03b5\u03b9\u03b3\u03bc\u03b1", "\u0645\u062b\u0627\u0644", "stra\u00dfe"}
)

// messify returns s changed in two to four ways drawn from r (when none of those applies, the
// scheme upper-cased): upper-case scheme or host, a default port, dot segments, spaces,
// non-ASCII, backslashes and (with idn) an IDN host. A line that is not "scheme:" something is
// returned with a space before it, which the parser trims.
func messify(r *rand.Rand, s string, idn bool) string {
	m, ok := splitMessy(strings.TrimPrefix(s, "\ufeff"))
	if !ok {
		return " " + s
	}
	orig := m
	n := 2 + r.IntN(3)
	for range n {
		k := messyKind(r.IntN(int(messyKinds)))
		if k == messyIDN && !idn {
			k = messyUpperScheme
		}
		m.apply(r, k)
	}
	if m == orig {
		m.scheme = strings.ToUpper(m.scheme) // none of the changes drawn applied
	}
	return m.String()
}

// apply makes the change k to m, drawing what it needs from r; some changes do not apply to
// some URLs (a default port where there is one, a backslash in a URL that is not special, an
// IDN host where there is no host), which leave m as it was.
func (m *messyParts) apply(r *rand.Rand, k messyKind) {
	special := isSpecialScheme(strings.ToLower(m.scheme))
	switch k {
	case messyUpperScheme:
		m.scheme = strings.ToUpper(m.scheme)
	case messyUpperHost:
		m.host = strings.ToUpper(m.host)
	case messyDefaultPort:
		if m.port == "" && m.host != "" {
			if p := defaultPort(strings.ToLower(m.scheme)); p > 0 {
				m.port = ":" + itoa(int(p))
			}
		}
	case messyDotSegments:
		m.path = insertAtSlash(r, m.path, []string{"/.", "/x/..", "/%2e", "/./.", "/a/b/../.."}[r.IntN(5)])
	case messySpaces:
		m.path = insertAtSlash(r, m.path, "/a b")
		if m.rest == "" || m.rest[0] == '#' {
			m.rest = "?q=x y" + m.rest
		} else {
			m.rest = "?q=x y&" + m.rest[1:]
		}
	case messyNonASCII:
		w := messyWords[r.IntN(len(messyWords))]
		m.path = insertAtSlash(r, m.path, "/"+w)
		if m.rest == "" || m.rest[0] == '#' {
			m.rest = "?w=" + w + m.rest
		} else {
			m.rest = "?w=" + w + "&" + m.rest[1:]
		}
	case messyBackslash:
		if special {
			m.path = strings.ReplaceAll(m.path, "/", "\\")
			if m.slashes != "" && r.IntN(2) == 0 {
				m.slashes = "\\\\"
			}
		}
	case messyIDN:
		if special && m.host != "" && !strings.EqualFold(m.scheme, "file") {
			top := messyIDNTops[r.IntN(len(messyIDNTops))]
			if d := strings.IndexByte(m.host, '.'); d >= 0 {
				m.host = top + m.host[d:]
			} else {
				m.host = top
			}
		}
	}
}

// messyKindLines returns the lines of the bench file name that the change k alone applies
// to, each changed by it alone (BenchmarkRatioKind): the same lines for the same seed.
func messyKindLines(tb testing.TB, name string, seed uint64, k messyKind) []string {
	r := rand.New(rand.NewPCG(seed, uint64(k)))
	var out []string
	for _, l := range benchLines(tb, name) {
		m, ok := splitMessy(strings.TrimPrefix(l, "\ufeff"))
		if !ok {
			continue
		}
		orig := m
		if m.apply(r, k); m != orig {
			out = append(out, m.String())
		}
	}
	return out
}

// insertAtSlash inserts seg (which starts with "/") before a "/" of path chosen by r, or at its
// end when it has none.
func insertAtSlash(r *rand.Rand, path, seg string) string {
	n := strings.Count(path, "/")
	if n == 0 {
		return path + seg
	}
	k := r.IntN(n)
	i := -1
	for range k + 1 {
		i += 1 + strings.IndexByte(path[i+1:], '/')
	}
	return path[:i] + seg + path[i:]
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestMessy checks the generator: the same set for the same seed, a different one for another
// seed, every kind of change made somewhere, and almost no line left in normalized form (the
// fast path must not apply), and parses equal for Parse and the full parser alone.
func TestMessy(t *testing.T) {
	for _, f := range benchFiles {
		a := messyLines(t, f, messySeed, true)
		b := messyLines(t, f, messySeed, true)
		c := messyLines(t, f, messySeed+1, true)
		same, differ, fast := true, 0, 0
		for i := range a {
			same = same && a[i] == b[i]
			if a[i] != c[i] {
				differ++
			}
			if _, ok := parseNormalized(a[i]); ok {
				fast++
			}
			u1, err1 := parse(a[i], nil, true, nil)
			u2, err2 := parse(a[i], nil, false, nil)
			if u1 != u2 || (err1 == nil) != (err2 == nil) {
				t.Fatalf("%s: %q: Parse gives %q, %v; the full parser %q, %v", f, a[i], u1.href, err1, u2.href, err2)
			}
		}
		if !same {
			t.Errorf("%s: the messy set differs between two runs with the same seed", f)
		}
		if differ < len(a)/2 {
			t.Errorf("%s: seeds %d and %d give %d different lines of %d", f, messySeed, messySeed+1, differ, len(a))
		}
		if fast > len(a)/100 {
			t.Errorf("%s: %d of %d messy lines are already normalized", f, fast, len(a))
		}
	}
	// Each kind, alone, on one URL.
	const in = "https://www.example.com/a/b?q=1#f"
	for k := range messyKinds {
		got := ""
		for seed := uint64(0); seed < 200 && got == ""; seed++ {
			r := rand.New(rand.NewPCG(seed, 0))
			m, _ := splitMessy(in)
			out := messify(r, in, true)
			o, _ := splitMessy(out)
			switch k {
			case messyUpperScheme:
				if o.scheme == "HTTPS" {
					got = out
				}
			case messyUpperHost:
				if o.host == "WWW.EXAMPLE.COM" {
					got = out
				}
			case messyDefaultPort:
				if o.port == ":443" {
					got = out
				}
			case messyDotSegments:
				if strings.Contains(o.path, "/.") || strings.Contains(o.path, "%2e") {
					got = out
				}
			case messySpaces:
				if strings.Contains(out, " ") {
					got = out
				}
			case messyNonASCII:
				if !isASCII(o.path) && !isASCII(o.rest) && isASCII(o.host) {
					got = out
				}
			case messyBackslash:
				if strings.Contains(out, "\\") {
					got = out
				}
			case messyIDN:
				if !isASCII(o.host) && o.host != m.host {
					got = out
				}
			}
		}
		if got == "" {
			t.Errorf("%s: no seed of 200 makes it", messyKindNames[k])
			continue
		}
		if _, err := Parse(got, nil); err != nil {
			t.Errorf("%s: %q: %v", messyKindNames[k], got, err)
		}
	}
	// Without idn, no IDN host.
	for _, l := range messyLines(t, "kasztp.txt", messySeed, false) {
		if m, _ := splitMessy(strings.ReplaceAll(l, "\\", "/")); !isASCII(m.host) {
			t.Fatalf("an IDN host without idn: %q", l)
		}
	}
}

// TestMessyAllocs holds Parse to issue 10's "1 allocation per URL (the output string) at
// most" on the messy sets: every line that parses allocates once at most, once idnCache has
// seen its labels (its first sight of a label allocates the entry). A line that fails may
// allocate more (its *Error). -short takes every seventh line.
func TestMessyAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the pooled parser state is dropped at random under the race detector")
	}
	step := 1
	if testing.Short() {
		step = 7
	}
	for _, f := range benchFiles {
		lines := messyLines(t, f, messySeed, true)
		for _, l := range lines {
			Parse(l, nil) // idnCache sees every label
		}
		for k := 0; k < len(lines); k += step {
			l := lines[k]
			var err error
			n := allocs.Count(1, 1, func() { _, err = Parse(l, nil) })
			if err == nil && n > 1 {
				t.Errorf("%s: Parse(%q): %v allocations, want at most 1", f, l, n)
			}
		}
	}
}

// BenchmarkMessy parses each bench file as it is ("plain"), its messy set (messyLines, seed
// messySeed) and the messy set without IDN hosts ("messy-noidn"; their cost is the IDNA code's)
// with Parse and with net/url.Parse, and reports ns/URL (wall clock) and allocs/URL. One op is
// the whole set. BenchmarkRatio compares the two more closely.
func BenchmarkMessy(b *testing.B) {
	for _, f := range benchFiles {
		for _, set := range []string{"plain", "messy", "messy-noidn"} {
			var lines []string
			switch set {
			case "plain":
				lines = benchLines(b, f)
			case "messy":
				lines = messyLines(b, f, messySeed, true)
			default:
				lines = messyLines(b, f, messySeed, false)
			}
			var n int64
			for _, l := range lines {
				n += int64(len(l))
			}
			run := func(name string, parse func(string) int) {
				b.Run(f+"/"+set+"/"+name, func(b *testing.B) {
					b.SetBytes(n)
					b.ReportAllocs()
					var m0, m1 runtime.MemStats
					runtime.ReadMemStats(&m0)
					for b.Loop() {
						for _, l := range lines {
							sink += parse(l)
						}
					}
					runtime.ReadMemStats(&m1)
					urls := float64(b.N) * float64(len(lines))
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/urls, "ns/URL")
					b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/urls, "allocs/URL")
				})
			}
			run("whatwg", func(s string) int {
				u, err := Parse(s, nil)
				if err != nil {
					return 0
				}
				return len(u.Href())
			})
			run("net-url", func(s string) int {
				u, err := url.Parse(s)
				if err != nil {
					return 0
				}
				return len(u.Path)
			})
		}
	}
}

// BenchmarkRatio measures Parse against net/url.Parse on each bench file as it is ("plain",
// where the fast path applies to almost every line), on its messy set ("messy") and on the messy
// set without IDN hosts ("messy-noidn"), interleaved (ratioBench): the numbers that issue 10's
// targets are stated in (≤ 0.55 on the messy set).
func BenchmarkRatio(b *testing.B) {
	for _, f := range benchFiles {
		for _, set := range []string{"plain", "messy", "messy-noidn"} {
			var lines []string
			switch set {
			case "plain":
				lines = benchLines(b, f)
			case "messy":
				lines = messyLines(b, f, messySeed, true)
			default:
				lines = messyLines(b, f, messySeed, false)
			}
			b.Run(f+"/"+set, func(b *testing.B) { ratioBench(b, lines, nil) })
		}
	}
}

// BenchmarkRatioParser is BenchmarkRatio's messy sets parsed with a Parser (Parser.Parse, the
// hrefs in shared blocks) rather than Parse: what the allocation of each href costs Parse.
func BenchmarkRatioParser(b *testing.B) {
	for _, f := range benchFiles {
		for _, idn := range []bool{true, false} {
			set := "messy"
			if !idn {
				set = "messy-noidn"
			}
			lines := messyLines(b, f, messySeed, idn)
			b.Run(f+"/"+set, func(b *testing.B) { ratioBench(b, lines, new(Parser)) })
		}
	}
}

// BenchmarkRatioKind is BenchmarkRatio on each kind of change alone (messyKindLines): the
// lines of each bench file that one change applies to, changed by it alone. It shows which
// changes cost Parse most against net/url; the messy set mixes two to four of them a URL.
func BenchmarkRatioKind(b *testing.B) {
	for _, f := range benchFiles {
		for k := range messyKinds {
			lines := messyKindLines(b, f, messySeed, k)
			if len(lines) == 0 {
				continue // no URL of the file takes it (a default port where there is no host)
			}
			b.Run(f+"/"+messyKindNames[k], func(b *testing.B) { ratioBench(b, lines, nil) })
		}
	}
}

// ratioBench parses lines with Parse (with p.Parse when p is not nil) and with net/url.Parse, interleaved: chunks of ratioChunk
// URLs, by one and then the other (in turn which goes first), so that a busy machine slows both
// alike. It reports each one's ns/URL, in CPU time of the thread (threadCPU: time waiting for a
// CPU on a shared machine is not counted; the allocations' cost is, through the collector's
// assists), and ratio, Parse's time over net/url's.
func ratioBench(b *testing.B, lines []string, p *Parser) {
	const ratioChunk = 256
	var tw, tn time.Duration
	whatwg := func(ls []string) time.Duration {
		t0 := cputime.Thread()
		for _, l := range ls {
			if u, err := Parse(l, nil); err == nil {
				sink += len(u.href)
			}
		}
		return cputime.Thread() - t0
	}
	if p != nil {
		whatwg = func(ls []string) time.Duration {
			t0 := cputime.Thread()
			for _, l := range ls {
				if u, err := p.Parse(l, nil); err == nil {
					sink += len(u.href)
				}
			}
			return cputime.Thread() - t0
		}
	}
	netURL := func(ls []string) time.Duration {
		t0 := cputime.Thread()
		for _, l := range ls {
			if u, err := url.Parse(l); err == nil {
				sink += len(u.Path)
			}
		}
		return cputime.Thread() - t0
	}
	defer cputime.LockThread()()
	turn := false
	for b.Loop() {
		for k := 0; k < len(lines); k += ratioChunk {
			ls := lines[k:min(k+ratioChunk, len(lines))]
			if turn {
				tw += whatwg(ls)
				tn += netURL(ls)
			} else {
				tn += netURL(ls)
				tw += whatwg(ls)
			}
			turn = !turn
		}
	}
	urls := float64(b.N) * float64(len(lines))
	b.ReportMetric(float64(tw.Nanoseconds())/urls, "whatwg-ns/URL")
	b.ReportMetric(float64(tn.Nanoseconds())/urls, "net-url-ns/URL")
	b.ReportMetric(float64(tw)/float64(tn), "ratio")
}
