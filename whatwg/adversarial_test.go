package whatwg

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
	"unsafe"
)

// The adversarial inputs: each shape is a unit repeated to the size wanted, the runs that made
// parsers elsewhere quadratic or allocate per byte.
var adversarialShapes = []struct {
	name, unit string
	idna       bool // hosts of it go through UTS #46 processing (uts46ToASCII)
}{
	{"dots", ".", false},
	{"slash-dot", "/.", false},
	{"slash-dotdot", "/..", false},
	{"percent", "%", false},
	{"percent2", "%2", false},
	{"colons", ":", false},
	{"ats", "@", false},
	{"brackets", "[", false},
	{"backslashes", "\\", false},
	{"spaces", " ", false},
	{"tabs", "\t", false},
	{"controls", "\x01\x1b\x7f", false},
	{"invalid-utf8", "\xff", false},
	{"rtl", "\u202e", false},
	{"combining", "\u0301", false},
	{"amps", "&", false},
	{"equals", "=", false},
	{"pluses", "+", false},
	{"pairs", "a=b&", false},
	{"encoded-pairs", "%61=%62+&", false},
	{"ipv4-dots", "1.", false},
	{"ipv4-numbers", "255.255.255.255.", false},
	{"digits", "9", false},
	{"idna-same", "\u00e9", true},
	{"idna-labels", "\u00e9a.", true},
	{"idna-distinct", idnaDistinctLabel(), true},
	{"idna-long-label", idnaDistinctRun(4096), true},
	{"punycode", "xn--mgbh0fb.", true},
	{"idna-punycode", "\u00e9.xn--mgbh0fb.", true},
	{"idna-punycode-ascii", "\u00e9.xn--abc-.", true},
	{"idna-zwnj", "\u0628\u064b\u200c\u064b\u0628.", true},
	{"idna-virama-zwnj", "\u0915\u094d\u200c\u200c\u094d\u200c", true},
	{"idna-bidi", "\u05d0\u05d1\u0661.", true},
	{"idna-mapped", "\ufdfa", true},
	{"idna-mapped-labels", "\ufdfa.", true},
	{"idna-ignored", "\u00ad", true},
	{"idna-ignored-label", "a\u00ad\u00e9", true},
	{"idna-nfc", "a\u0301\u0327.", true},
}

// idnaDistinctRun returns n bytes of distinct CJK code points: the worst case of a punycode
// encoder whose work is the number of distinct code points times the label's length.
func idnaDistinctRun(n int) string {
	var b strings.Builder
	for r := rune(0x4e00); b.Len()+3 <= n; r++ {
		b.WriteRune(r)
	}
	return b.String()
}

// idnaDistinctLabel is a label of distinct code points as long as maxIDNALabel allows, and a dot.
func idnaDistinctLabel() string { return idnaDistinctRun(maxIDNALabel) + "." }

// adversarialRun returns unit repeated to about n bytes.
func adversarialRun(unit string, n int) string {
	return strings.Repeat(unit, max(1, n/len(unit)))
}

// The places a run goes: the whole input, and each component of a special and an opaque URL.
var adversarialContexts = []struct{ name, pre, post string }{
	{"input", "", ""},
	{"scheme", "a", ":x"},
	{"userinfo", "http://", "@h/"},
	{"special-host", "http://", "/"},
	{"opaque-host", "foo://", "/"},
	{"file-host", "file://", "/"},
	{"port", "http://h:", "/"},
	{"path", "http://h/", ""},
	{"file-path", "file:///", ""},
	{"opaque-path", "foo:", ""},
	{"query", "http://h/?", ""},
	{"fragment", "http://h/#", ""},
	{"relative", "", "?q#f"},
}

// The bases and URLs the operations start from (set by TestAdversarial: package variables are
// initialized before the parser's tables are).
var advBase, advSpecial, advOpaque URL

// adversarialOps are the functions under test; each returns the number of bytes it was given,
// the measure of its input for the memory bound.
var adversarialOps = []struct {
	name  string
	calls int    // calls of the package's functions in run
	where string // the contexts it runs in, "" for all: the setters and SearchParams take the run alone
	run   func(in string) int
}{
	{"Parse", 1, "", func(in string) int { Parse(in, nil); return len(in) }},
	{"Parser.Parse", 1, "", func(in string) int { var p Parser; p.Parse(in, nil); return len(in) }},
	{"ParseValidate", 1, "", func(in string) int { ParseValidate(in, &advBase); return len(in) }},
	{"setters", 20, "input", func(in string) int {
		n := 0
		for _, u0 := range []URL{advSpecial, advOpaque} {
			for _, set := range []func(*URL, string) error{(*URL).SetHref, (*URL).SetProtocol,
				(*URL).SetUsername, (*URL).SetPassword, (*URL).SetHost, (*URL).SetHostname,
				(*URL).SetPort, (*URL).SetPathname, (*URL).SetSearch, (*URL).SetHash} {
				u := u0
				set(&u, in)
				n += len(in) + len(u0.href)
			}
		}
		return n
	}},
	{"SearchParams", 11, "input", func(in string) int {
		sp := NewSearchParams(in)
		sp.Sort()
		// By value: the list of the "pairs" shape is all "a" (the value was converted
		// once a pair, quadratic).
		sp.Has("a", in)
		sp.Delete("a", in)
		sink += len(sp.String())
		u := advSpecial
		sp = u.SearchParams()
		sp.Append(in, in)
		sp.Sort()
		sink += len(sp.String()) + len(u.href)
		// The held query object reads the query the search setter sets (§6.1).
		u.SetSearch(in)
		sp.Set(in, in)
		sink += len(u.href)
		return 8 * len(in)
	}},
	{"Relative", 3, "input userinfo special-host opaque-host path query fragment relative", func(in string) int {
		t, err := Parse(in, &advBase)
		if err != nil {
			return len(in)
		}
		r1, _ := Relative(advBase, t)
		r2, _ := Relative(t, advSpecial)
		sink += len(r1) + len(r2)
		return len(in) + len(t.href) + len(advBase.href) + len(advSpecial.href)
	}},
}

// measure runs f once and returns the allocations and bytes it allocated, the time it took, and
// the size f reports.
func measure(f func() int) (allocs, bytes uint64, d time.Duration, n int) {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	t0 := time.Now()
	n = f()
	d = time.Since(t0)
	runtime.ReadMemStats(&b)
	return b.Mallocs - a.Mallocs, b.TotalAlloc - a.TotalAlloc, d, n
}

// Bounds of TestAdversarial. advMaxAllocs is for one call with any input (the parser allocates
// per buffer, never per byte or per finding; Relative parses a few candidates); perByte bounds the
// bytes allocated per byte of input: the worst is invalid UTF-8, which becomes U+FFFD (3 bytes)
// percent-encoded (9 bytes), written once into the component's buffer and once into the href.
const (
	advMaxAllocs  = 24
	advPerByte    = 64
	advSmall      = 256 << 10
	advLarge      = 1 << 20
	advSlowLarge  = 500 * time.Millisecond
	advMaxGrowth  = 8 // bytes and time may grow at most this much from advSmall to advLarge
	advTimeGrowth = 16
)

// TestAdversarial runs Parse, ParseValidate against a base, every setter, SearchParams
// parsing, sorting and serialization, and Relative on each adversarial shape in each place of
// a URL, at 256 KB and 1 MB. It asserts that the allocations of one call are a small constant,
// that the bytes allocated are at most advPerByte times the input and grow with it no faster
// than linearly; it also fails a call that takes more than advSlowLarge at 1 MB and more than
// advTimeGrowth times its time at 256 KB (measured twice; a quadratic one takes 16 times as long).
func TestAdversarial(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocations and slows every call")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	advBase = MustParse("http://h/b/c/d;p?q")
	advSpecial = MustParse("http://u:p@h:1/p?q#f")
	advOpaque = MustParse("foo://u@h:1/p?q#f")
	worstTime, worstRatio, worstBytes := "", 0.0, 0.0
	for _, sh := range adversarialShapes {
		for _, cx := range adversarialContexts {
			if testing.Short() && cx.name != "input" && cx.name != "path" {
				continue
			}
			small := cx.pre + adversarialRun(sh.unit, advSmall) + cx.post
			large := cx.pre + adversarialRun(sh.unit, advLarge) + cx.post
			for _, op := range adversarialOps {
				if op.where != "" && !strings.Contains(" "+op.where+" ", " "+cx.name+" ") {
					continue
				}
				name := fmt.Sprintf("%s/%s/%s", sh.name, cx.name, op.name)
				op.run(small) // warm up the pools
				_, sb, st, _ := measure(func() int { return op.run(small) })
				la, lb, lt, ln := measure(func() int { return op.run(large) })
				most := advMaxAllocs * op.calls
				if la > uint64(most) {
					t.Errorf("%s: %d allocations on %d bytes, want at most %d", name, la, len(large), most)
				}
				if per := float64(lb) / float64(ln); per > advPerByte {
					t.Errorf("%s: %d bytes allocated for %d bytes of input (%.1f a byte), want at most %d a byte", name, lb, ln, per, advPerByte)
				} else if per > worstBytes {
					worstBytes = per
				}
				if sb > 64<<10 && lb > advMaxGrowth*sb {
					t.Errorf("%s: %d bytes allocated at 1 MB, %d at 256 KB: more than linear", name, lb, sb)
				}
				if lt > advSlowLarge && lt > advTimeGrowth*st {
					// Measure again before blaming the code for a busy machine.
					_, _, st2, _ := measure(func() int { return op.run(small) })
					_, _, lt2, _ := measure(func() int { return op.run(large) })
					if lt2 > advSlowLarge && lt2 > advTimeGrowth*max(st, st2) {
						t.Logf("%s: %v at 1 MB, %v at 256 KB: slow (logged: speed is for the benchmarks)", name, lt2, max(st, st2))
					}
				}
				if os.Getenv("ADV_LOG") != "" && lt > 50*time.Millisecond {
					t.Logf("SLOW %s: %v at 1 MB, %v at 256 KB", name, lt, st)
				}
				if st > 5*time.Millisecond {
					if r := float64(lt) / float64(st); r > worstRatio {
						worstRatio, worstTime = r, fmt.Sprintf("%s (%v at 256 KB, %v at 1 MB)", name, st, lt)
					}
				}
			}
		}
	}
	t.Logf("most bytes allocated per byte of input: %.1f; largest time ratio 1 MB / 256 KB: %.1f, %s", worstBytes, worstRatio, worstTime)
}

// TestValidationErrorCap: past MaxValidationErrors, one entry counts the rest, and a failure
// is still the last entry; at the cap, no such entry.
func TestValidationErrorCap(t *testing.T) {
	for _, c := range []struct {
		input   string
		n       int // validation errors listed
		dropped bool
		failure Code
	}{
		{"http://h/" + strings.Repeat("^", MaxValidationErrors), MaxValidationErrors, false, ""},
		{"http://h/" + strings.Repeat("^", MaxValidationErrors-1), MaxValidationErrors - 1, false, ""},
		{"http://h/" + strings.Repeat("^", MaxValidationErrors+1), MaxValidationErrors + 1, true, ""},
		{"http://h/" + strings.Repeat("^", 1<<20), MaxValidationErrors + 1, true, ""},
		{"http://" + strings.Repeat("@", MaxValidationErrors-1) + "h:99999/", MaxValidationErrors, false, PortOutOfRange},
		{"http://" + strings.Repeat("@", MaxValidationErrors+1) + "h:99999/", MaxValidationErrors + 2, true, PortOutOfRange},
		{"http://" + strings.Repeat("@", 1<<16) + "h:99999/", MaxValidationErrors + 2, true, PortOutOfRange},
		{"http://" + strings.Repeat("@", MaxValidationErrors) + "h:99999/", MaxValidationErrors + 1, false, PortOutOfRange},
	} {
		_, verrs, err := ParseValidate(c.input, nil)
		if len(verrs) != c.n {
			t.Errorf("%.40q…: %d validation errors, want %d", c.input, len(verrs), c.n)
			continue
		}
		capped := -1
		for i, v := range verrs {
			if v.Code == TooManyErrors {
				capped = i
			}
		}
		if c.dropped != (capped >= 0) {
			t.Errorf("%.40q…: %s entry at %d, want one: %v", c.input, TooManyErrors, capped, c.dropped)
		}
		if c.dropped {
			want := MaxValidationErrors
			if capped != want || verrs[capped].Offset < verrs[capped-1].Offset || !strings.Contains(verrs[capped].Rule, " more not listed") {
				t.Errorf("%.40q…: %v at %d, want it at %d", c.input, verrs[capped], capped, want)
			}
		}
		var e *Error
		if c.failure == "" {
			if err != nil {
				t.Errorf("%.40q…: %v", c.input, err)
			}
			continue
		}
		if !errors.As(err, &e) || e.Code != c.failure {
			t.Errorf("%.40q…: %v, want %s", c.input, err, c.failure)
		} else if last := verrs[len(verrs)-1]; last.Code != e.Code || last.Offset != e.Offset {
			t.Errorf("%.40q…: last validation error %v, want the failure %v", c.input, last, e)
		}
	}
}

// TestIDNALabelLimit: both sides of maxIDNALabel, with each of the dots UTS #46 maps to ".", and
// of the 63-byte ASCII label that makes beStrict report domain-to-ASCII.
func TestIDNALabelLimit(t *testing.T) {
	at := strings.Repeat("\u00e9", maxIDNALabel/2) // maxIDNALabel bytes
	for _, c := range []struct {
		host string
		ok   bool
	}{
		{at, true},
		{at + "a", false},
		{"a" + at, false},
		{at + "." + at, true},
		{at + "\u3002" + at, true},
		{at + "\uff0e" + at, true},
		{at + "\uff61" + at, true},
		{at + "a.b", false},
		{"b." + at + "a", false},
		{strings.Repeat("a", 1000) + "\u00e9", false},
		{strings.Repeat("a", 1000) + ".\u00e9", true},
	} {
		u, err := Parse("http://"+c.host+"/", nil)
		var e *Error
		if c.ok {
			if err != nil || !strings.HasPrefix(u.Hostname(), "xn--") && !strings.Contains(u.Hostname(), ".xn--") {
				t.Errorf("%d-byte host: %q, %v; want a punycode host", len(c.host), u.Hostname(), err)
			}
		} else if !errors.As(err, &e) || e.Code != DomainToASCII || e.Rule != ruleIDNALimit {
			t.Errorf("%d-byte host: %v, want %s (%s)", len(c.host), err, DomainToASCII, ruleIDNALimit)
		}
	}
	for _, c := range []struct {
		host   string
		strict bool // beStrict reports domain-to-ASCII
	}{
		{strings.Repeat("a", 63) + ".com", false},
		{strings.Repeat("a", 64) + ".com", true},
		{"b." + strings.Repeat("a", 63), false},
		{"b." + strings.Repeat("a", 64), true},
	} {
		_, verrs, err := ParseValidate("http://"+c.host+"/", nil)
		found := false
		for _, v := range verrs {
			found = found || v.Code == DomainToASCII
		}
		if err != nil || found != c.strict {
			t.Errorf("%q: %v, %v; want domain-to-ASCII reported: %v", c.host, verrs, err, c.strict)
		}
	}
}

// TestErrorMessageBounded: an error's message shows at most a window of the input, whatever its
// length, escaped.
func TestErrorMessageBounded(t *testing.T) {
	for _, in := range []string{
		"http://h:" + strings.Repeat("9", 1<<20) + "/",
		"http://" + strings.Repeat("\x1b[31m", 1<<18) + ":x/",
		strings.Repeat("\xff", 1<<20),
		"foo://" + strings.Repeat("\u202e", 1<<18) + "^/",
		"http://h:99999/" + strings.Repeat("a", 1<<20),
	} {
		_, err := Parse(in, nil)
		if err == nil {
			t.Fatalf("%.40q…: no error", in)
		}
		msg := err.Error()
		if len(msg) > 400 {
			t.Errorf("%.40q…: message of %d bytes", in, len(msg))
		}
		for i := 0; i < len(msg); i++ {
			if c := msg[i]; c < 0x20 || c == 0x7f {
				t.Errorf("%.40q…: message %q has a control byte", in, msg)
				break
			}
		}
		if strings.Contains(msg, "\u202e") || strings.Contains(msg, "\xff") {
			t.Errorf("%.40q…: message %q shows a raw control or invalid byte", in, msg)
		}
		var e *Error
		if errors.As(err, &e) && e.Input != in {
			t.Errorf("%.40q…: Error.Input is not the input", in)
		}
	}
	// A short input is shown whole; a long one around its offset.
	_, err := Parse("http://h:7z/", nil)
	if want := `whatwg: "http://h:7z/": port-invalid at offset 10 (WHATWG URL §4.4 port state)`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	_, err = Parse("http://h:7z/"+strings.Repeat("a", 100), nil)
	if err == nil || !strings.HasPrefix(err.Error(), `whatwg: "http://h:7z/aaaa`) || !strings.Contains(err.Error(), `…": port-invalid at offset 10`) {
		t.Errorf("got %v, want a window that starts at the input's start and is cut", err)
	}
	_, err = Parse(strings.Repeat("a", 100)+"://h:7z/", nil)
	if err == nil || !strings.HasPrefix(err.Error(), `whatwg: "…aa`) || !strings.Contains(err.Error(), `://h:7z/": port-invalid at offset 106`) {
		t.Errorf("got %v, want a window around offset 106", err)
	}
}

// TestParseFormSharedBuffer: names and values decoded into ParseForm's one buffer stay as they
// were decoded while later ones are written after them, across a buffer that grows (invalid
// UTF-8 lengthens a value to U+FFFD), and plain ones are the input's own bytes.
func TestParseFormSharedBuffer(t *testing.T) {
	long := strings.Repeat("%FF", 100)
	got := ParseForm("a=%FF&b=%FF%FE+&&c=x&d+=" + long + "&%41=%42%zz&=")
	want := []Pair{{"a", "\ufffd"}, {"b", "\ufffd\ufffd "}, {"c", "x"}, {"d ", strings.Repeat("\ufffd", 100)},
		{"A", "B%zz"}, {"", ""}}
	if len(got) != len(want) {
		t.Fatalf("ParseForm: %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("pair %d: %q, want %q", i, got[i], want[i])
		}
	}
	if ParseForm("&&&") != nil || ParseForm("") != nil {
		t.Errorf("ParseForm of no pairs: want nil")
	}
	in := "plain=value&x=y"
	if p := ParseForm(in); unsafe.StringData(p[0].Name) != unsafe.StringData(in) {
		t.Errorf("a name that needs no decoding is copied")
	}
}
