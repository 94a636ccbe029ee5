package whatwg

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/locator-url/locator/internal/allocs"
)

// Pieces of inputs for TestDirectAgrees: every shape the direct path (parseDirect,
// resumeDirect) takes, gives up on, or must tell apart, in each component.
var (
	directSchemes = []string{"http", "HTTP", "hTtPs", "https", "ws", "WSS", "ftp", "file", "FILE", "foo", "NODE", "a+b", "1a", ""}
	directSeps    = []string{":", "://", ":\\\\", ":/", ":///", ":/\\", "://///", ":\\/", " :"}
	directHosts   = []string{"example.com", "Example.COM", "a-b.c", "xn--nxasmq6b", "XN--abc", "a.xn--", "1.2.3.4", "0x7F.1", "1.2.3.256",
		"999999999999", "4294967296", "1.2.3.4.", "localhost", "LocalHost", "", "[::1]", "[::ffff:1.2.3.4]", "u:p@h", "@h", "h@",
		"\u00fc", "a%41", "a b", "a\tb", "C:", "c|", "h\\", "a.b.", "..", "%", "^", "h~",
		// IDN hosts: Unicode ToASCII in the direct path (dirIDNHost), and its failures.
		"B\u00fccher.DE", "fa\u00df.de", "\u65e5\u672c.jp", "a\u3002b", "\uff11.\uff12.\uff13.\uff14", "\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54",
		"a\uff0fb", "a\uff05b", "\u00fc.xn--abc-", "xn--\uff0e", "\u00fc.xn--tda", "\u2136", "\u0644\u200c\u0661", "\ufdfa", "\u00fc@h", "\u00fc%41",
		"\u00fc\x80", "\u00fc\t", "\u00fc ", "\u00fc:", "-\u00fc", "\u0301a", "\u00fc." + strings.Repeat("a", 64), "\u00fc.0x7f", "\u00fc.1"}
	directPorts = []string{"", ":", ":80", ":443", ":0443", ":21", ":8080", ":65535", ":65536", ":99999999999", ":1a", ": 1", ":0"}
	directPath  = []string{"/", "\\", ".", "..", "...", ".a", "..a", "%2e", "%2E", ".%2e", "%2e.", "%2E%2e", "a", "a b", "caf\u00e9", "\u65e5", "\t", "\n",
		"\xff", "\xed\xa0\x80", "C:", "c|", "C|", "^", "{", "}", "`", "\"", "<", ">", "'", "%", "%zz", "%41", "\x01", "\x7f", " ", "//", "~"}
	directTails = []string{"", "?", "?q", "?a b", "?'\"<>", "?\u00fc", "?#", "#", "#f", "#a b", "#`<>", "#\u00fc", "?q#f", "?\xff", "#\xff",
		"?\t", " ", "\x00", "?%", "#%2"}
)

// directInput draws an input from the pieces.
func directInput(r *rand.Rand) string {
	pick := func(l []string) string { return l[r.IntN(len(l))] }
	var b strings.Builder
	if r.IntN(10) == 0 {
		b.WriteString(pick([]string{" ", "\x01", "\t"}))
	}
	b.WriteString(pick(directSchemes))
	b.WriteString(pick(directSeps))
	b.WriteString(pick(directHosts))
	b.WriteString(pick(directPorts))
	for range r.IntN(6) {
		b.WriteString(pick([]string{"/", "/", "\\", ""}))
		b.WriteString(pick(directPath))
	}
	b.WriteString(pick(directTails))
	return b.String()
}

// TestDirectAgrees holds Parse, which takes the fast and direct paths where they apply, to the
// full parser's result on generated inputs, with no base and with bases of each kind, and counts
// that the direct path took a good share of them.
func TestDirectAgrees(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 20000
	}
	bases := []*URL{nil}
	for _, s := range []string{"http://b/c/d", "https://b/", "file:///C:/x", "foo:op", "foo://h/p"} {
		u := MustParse(s)
		bases = append(bases, &u)
	}
	r := rand.New(rand.NewPCG(1, 10))
	direct := 0
	for range n {
		in := directInput(r)
		base := bases[r.IntN(len(bases))]
		var rs resumePoint
		if _, ok := parseNormalizedAt(in, &rs); !ok {
			_, ok1 := parseDirect(in, base)
			ok2 := false
			if rs.st != noOverride {
				_, ok2 = resumeDirect(in, &rs)
			}
			if ok1 || ok2 {
				direct++
			}
		}
		u1, err1 := parse(in, base, true, nil)
		u2, err2 := parse(in, base, false, nil)
		if u1 != u2 || (err1 == nil) != (err2 == nil) {
			bh := ""
			if base != nil {
				bh = base.href
			}
			t.Fatalf("%q (base %q): Parse gives %+v, %v; the full parser %+v, %v", in, bh, u1, err1, u2, err2)
		}
	}
	if direct < n/10 {
		t.Errorf("the direct path took %d of %d inputs", direct, n)
	}
	t.Logf("the direct path took %d of %d inputs", direct, n)
}

// TestDirectIDN holds the direct path to taking internationalized domains (Unicode ToASCII in
// dirIDNHost) with the full parser's result and one allocation, the href, and to giving up on
// those ToASCII or the host parser fails.
func TestDirectIDN(t *testing.T) {
	for _, c := range []struct{ in, href string }{
		{"https://B\u00fccher.example/a b", "https://xn--bcher-kva.example/a%20b"},
		{"HTTP://\u65e5\u672c\u8a9e.JP:80/x", "http://xn--wgv71a119e.jp/x"},
		{"http://\u03c0\u03b1\u03c1\u03ac\u03b4\u03b5\u03b9\u03b3\u03bc\u03b1.test/", "http://xn--hxajbheg2az3al.test/"},
		{"http://\u0645\u062b\u0627\u0644.example/", "http://xn--mgbh0fb.example/"},
		{"http://stra\u00dfe.de/", "http://xn--strae-oqa.de/"},
		{"http://\uff11.\uff12.\uff13.\uff14/", "http://1.2.3.4/"},
		{"file://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54/x", "file:///x"},
		{"http://XN--Bcher-KVA.de/", "http://xn--bcher-kva.de/"},
		{"http://a\u3002B\u00fc/", "http://a.xn--b-eha/"},
		// failures and hand-offs
		{"http://\u0645\u062b\u0627\u0644.3m.com/", ""}, // the Bidi Rule
		{"http://a\uff0fb/", ""},                        // maps to "/", a forbidden domain code point
		{"http://\u00fc@h/", ""},                        // credentials
		{"http://\u00fc%41/", ""},                       // percent-decoding
		{"http://\u00fc\xff/", ""},                      // invalid UTF-8
	} {
		checkDirectCase(t, c.in, c.href, true)
	}
}

// checkDirectCase holds parseDirect on in to href and to the full parser's result, or, when
// href is "", to giving up; and, with oneAlloc, Parse to one allocation, the href.
func checkDirectCase(t *testing.T, in, href string, oneAlloc bool) {
	t.Helper()
	u, ok := parseDirect(in, nil)
	want, err := parse(in, nil, false, nil)
	if href == "" {
		if ok {
			t.Errorf("parseDirect(%q) = %q, want a hand-off", in, u.href)
		}
		return
	}
	if !ok || u != want || err != nil || u.href != href {
		t.Errorf("parseDirect(%q) = %q, %v; the full parser %q, %v; want %q", in, u.href, ok, want.href, err, href)
	}
	if raceEnabled || !oneAlloc {
		return
	}
	if n := allocs.Count(1, 100, func() { Parse(in, nil) }); n != 1 {
		t.Errorf("Parse(%q): %v allocations, want 1", in, n)
	}
}

// TestDirectHostFailure holds the failures the direct path reports itself (dirURL.fail,
// dirFailure: a host that fails CheckBidi, dirIDNHost's end -1, or the IPv4 parser) to the full
// parser's failure, the same *Error (input, offset, code, rule), with the fast path first
// (resumeDirect) or not (an upper-case scheme, leading spaces), and to leaving to the full
// parser what it must: a domain with another failure first, credentials, percent-decoding; and
// checks that it is the direct path that answered (one allocation, the *Error, where the full
// parser makes several).
func TestDirectHostFailure(t *testing.T) {
	for _, c := range []struct {
		in     string
		direct bool // the direct path reports the failure itself
	}{
		{"https://\u0645\u062b\u0627\u0644.3m.com/dds/", true},
		{"HTTPS://\u0645\u062b\u0627\u0644.3M.COM:443/a b?q=x y", true},
		{"  \t https://\u0645\u062b\u0627\u0644.3m.com/x", true},
		{"http://3m.\u0645\u062b\u0627\u0644/", true},
		{"http://\u05d0.\u00fc-/", true},                        // a non-ASCII LTR label ending in "-", cached with idnBidiBad
		{"http://\u05d0.a-/", true},                             // an LTR label ending in "-"
		{"ws://\u0627\u0661\u06f1.x/", false},                   // AN and EN in one RTL label: its ToASCII alone fails (not cached)
		{"http://\u0645\u062b\u0627\u0644.3m.com:99999/", true}, // the host fails first
		{"file://\u0645\u062b\u0627\u0644.3m/x", true},          // file host state: the same host parser
		{"http://\u0645\u062b\u0627\u0644.3m.xn--a/", false},    // an xn-- label: ToASCII decodes it
		{"http://u@\u0645\u062b\u0627\u0644.3m/", false},        // credentials
		{"http://\u0645\u062b\u0627\u0644.3m%41/", false},       // percent-decoding
		{"http://\u0645\u062b\u0627\u0644.\u0301a/", false},     // a label that fails another criterion
		// the IPv4 parser (§3.5 step 9, §3.6)
		{"http://b\u00fccher.126.214.77/x", true},              // non-numeric part
		{"HTTP://\u65e5\u672c\u8a9e.234.180.243:80/a b", true}, // after an upper-case scheme
		{" http://1.2.3.999/", true},                           // out of range, after a space
		{"http://1.2.3.4.5/", true},                            // too many parts
		{"https://0x100000000/", true},                         // out of range
		{"http://1.2.3.09/", true},                             // non-numeric ("0" starts an octal part)
		{"file://1.2.3.999/x", true},                           // file host state
		{"ws://1.2.3.999", true},                               // no path
		{"http://1.2.3.999%2F/", false},                        // percent-decoding
		{"http://u@1.2.3.999/", false},                         // credentials
	} {
		_, err := parse(c.in, nil, true, nil)
		_, want := parse(c.in, nil, false, nil)
		if err == nil || want == nil || !reflect.DeepEqual(err, want) {
			t.Errorf("Parse(%q): %#v; the full parser %#v", c.in, err, want)
			continue
		}
		var u dirURL
		direct := !parseDirectInto(&u, c.in, nil) && u.fail != nil
		if direct != c.direct {
			t.Errorf("Parse(%q): the direct path reported the failure: %v, want %v", c.in, direct, c.direct)
		}
		if raceEnabled || !c.direct {
			continue
		}
		if n := allocs.Count(1, 100, func() { Parse(c.in, nil) }); n != 1 {
			t.Errorf("Parse(%q): %v allocations, want 1 (the *Error)", c.in, n)
		}
	}
}

// TestResumePort holds the fast path to recording a special URL's default port (portState) and
// resumeDirect to going on from it with the full parser's result, and to not recording the
// ports it must not drop.
func TestResumePort(t *testing.T) {
	for _, c := range []struct {
		in   string
		took bool
	}{
		{"https://h:443/a/./b?q#f", true}, {"http://h:80", true}, {"http://h:80?q", true}, {"ws://u@h:80#f", true},
		{"http://h:80\\a b", false}, {"HTTP://h:80/a", false}, {"https://h:443/a b/é", true}, {"http://h:80/\tx", true}, {"http://h:80 ", false},
		{"http://h:8080/", false}, {"http://h:080/", false}, {"https://h:80/", false}, {"foo://h:80/", false},
		{"http://h:/", false}, {"file://h:80/", false},
	} {
		var rs resumePoint
		parseNormalizedAt(c.in, &rs)
		if (rs.st == portState) != c.took {
			t.Errorf("parseNormalizedAt(%q) recorded %v, want portState %v", c.in, rs.st, c.took)
			continue
		}
		if !c.took {
			continue
		}
		checkResume(t, c.in, &rs, "\t")
	}
}

// TestResumeBackslash holds the fast path to recording a special URL's "\" after the host (the
// path start state reads it as "/") as a resume point, and resumeDirect to going on from it with
// the full parser's result; and to not recording it where the full parser reads more.
func TestResumeBackslash(t *testing.T) {
	for _, c := range []struct {
		in   string
		took bool
	}{
		{"https://h\\a\\b", true}, {"http://h.example\\", true}, {"https://u@h\\a?q", true}, {"https://u:p@h\\a#f", true},
		{"file://\\Users\\x", true}, {"file://h\\a\\b.js", true}, {"file://h\\C:\\x", true}, {"ws://h\\a b\\..\\c", true},
		{"https://h:8080\\a", false}, {"https://h:443\\a", false}, {"foo://h\\a", false}, {"https://H\\a", false},
		{"https://h\\a@b", true}, {"https://1.2.3.4\\a", true}, {"https://0x7f\\a", false}, {"file://localhost\\a", false},
	} {
		var rs resumePoint
		parseNormalizedAt(c.in, &rs)
		if (rs.st == pathState && c.in[rs.at] == '\\' && int(rs.u.pathStart) == rs.at) != c.took {
			t.Errorf("parseNormalizedAt(%q) recorded %v at %d, want a resume at the \"\\\": %v", c.in, rs.st, rs.at, c.took)
			continue
		}
		if !c.took {
			continue
		}
		checkResume(t, c.in, &rs, "C:")
	}
}

// resumePoint is a resume point with the offsets so far, which parse keeps in its own URL: what
// the tests look at of a run of the fast path that stopped.
type resumePoint struct {
	resume
	u URL
}

// parseNormalizedAt is parseNormalized; when it returns false, it fills r in where it can (r.u
// included).
func parseNormalizedAt(s string, r *resumePoint) (URL, bool) {
	var u URL
	if !parseNormalizedInto(&u, s, &r.resume) {
		r.u = u
		return URL{}, false
	}
	return u, true
}

// resumeDirect goes on from where parseNormalizedAt stopped, as recorded in r, as parse does.
func resumeDirect(s string, r *resumePoint) (URL, bool) {
	u := dirURL{URL: r.u}
	if !resumeDirectInto(&u, s, &r.resume) {
		return URL{}, false
	}
	return u.URL, true
}

// checkResume holds resumeDirect, going on from the resume point rs of in, to the full parser's
// result, and to not giving up on an input the full parser takes, unless in holds mayGiveUp.
func checkResume(t *testing.T, in string, rs *resumePoint, mayGiveUp string) {
	t.Helper()
	u, ok := resumeDirect(in, rs)
	want, err := parse(in, nil, false, nil)
	if ok && (u != want || err != nil) {
		t.Errorf("resumeDirect(%q) = %q; the full parser %q, %v", in, u.href, want.href, err)
	}
	if !ok && err == nil && !strings.Contains(in, mayGiveUp) {
		t.Errorf("resumeDirect(%q) gave up", in)
	}
}

// TestResumeHost holds the fast path to recording, for a special URL without credentials, the
// host's start (hostState: a host the host state or the domain parser changes) or the end of
// the scheme (specialAuthorityIgnoreSlashesState: not "//" after a special scheme other than
// "file") as a resume point, and resumeDirect to going on from it with the full parser's
// result; and to not recording them where it must not.
func TestResumeHost(t *testing.T) {
	for _, c := range []struct {
		in string
		st state
	}{
		{"https://EXAMPLE.com/a", hostState}, {"http://Example.COM:80/a b", hostState}, {"https://b\u00fccher.de/", hostState},
		{"http://0x7f.1/", hostState}, {"http://1.2.3.4./x", hostState}, {"file://LOCALHOST/x", hostState},
		{"file://localhost/x", hostState}, {"file://H/x", hostState}, {"ws://\u65e5\u672c/?q#f", hostState},
		{"https://H\\a", hostState}, {"https://a%41/", hostState}, {"http://EXAMPLE.com:8080X/", hostState},
		{"https://u@H/", noOverride}, {"https://u:p@Example.com/", noOverride}, {"https://H/@", noOverride},
		{"foo://H/", noOverride}, {"HTTP://H/", noOverride}, {"https://[::01]/", noOverride},
		{"https:\\\\h\\a", specialAuthorityIgnoreSlashesState}, {"http:/h/a", specialAuthorityIgnoreSlashesState},
		{"https:h", specialAuthorityIgnoreSlashesState}, {"wss:///h", noOverride}, {"http:\\/\\H:80/.", specialAuthorityIgnoreSlashesState},
		{"file:\\\\h\\a", noOverride}, {"file:/x", noOverride}, {"foo:\\\\h", noOverride},
	} {
		var rs resumePoint
		parseNormalizedAt(c.in, &rs)
		if rs.st != c.st {
			t.Errorf("parseNormalizedAt(%q) recorded %v, want %v", c.in, rs.st, c.st)
			continue
		}
		if c.st != noOverride {
			checkResume(t, c.in, &rs, "%")
		}
	}
	// A base of the same special scheme makes "http:\\h" a relative reference: Parse does not
	// take the resume point then.
	for _, in := range []string{"http:\\\\h\\a", "http:h/a", "https:/h"} {
		for _, base := range []string{"http://b/c/d", "https://b/c/d", "foo://b/"} {
			bu := MustParse(base)
			u1, err1 := parse(in, &bu, true, nil)
			u2, err2 := parse(in, &bu, false, nil)
			if u1 != u2 || (err1 == nil) != (err2 == nil) {
				t.Errorf("%q against %q: Parse gives %q, %v; the full parser %q, %v", in, base, u1.href, err1, u2.href, err2)
			}
		}
	}
}

// TestResumeFileFirstSegment holds resumeDirect, from a file URL's path, to giving up only when
// the path's first segment, already copied, is a Windows drive letter (which shortening keeps,
// and which empties the host): a first segment of two other bytes ("es", "v8", node_files'
// "benchmark/es/…") is resumed, with the full parser's result, dot segments included.
func TestResumeFileFirstSegment(t *testing.T) {
	for _, c := range []struct {
		in      string
		resumed bool
	}{
		{"file://h/es/über/x", true}, {"file://h/v8/a b", true}, {"file://h/es/../x y", true},
		{"file://h/es/a/../../../é", true}, {"file:///fs/%2e%2E/a b", true}, {"file://h/e/a b", true},
		{"file://h/abc/a b", true}, {"file://h/9:/a b", true}, {"file://h/c:/a b", false},
		{"file://h/C:/x/../../a b", false}, {"file:///z:/a b", false},
	} {
		var rs resumePoint
		if _, ok := parseNormalizedAt(c.in, &rs); ok || rs.st != pathState {
			t.Errorf("parseNormalizedAt(%q): %v from %v, want a resume point in the path", c.in, ok, rs.st)
			continue
		}
		u, ok := resumeDirect(c.in, &rs)
		if ok != c.resumed {
			t.Errorf("resumeDirect(%q): %v, want %v", c.in, ok, c.resumed)
			continue
		}
		if want, err := parse(c.in, nil, false, nil); ok && (err != nil || u != want) {
			t.Errorf("resumeDirect(%q) = %q; the full parser %q, %v", c.in, u.href, want.href, err)
		}
	}
}

// TestResumeAgrees holds resumeDirect, from every resume point the fast path records on the
// generated inputs of TestDirectAgrees, to the full parser's result (no base), component by
// component, and counts that each kind of resume point was taken.
func TestResumeAgrees(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 20000
	}
	r := rand.New(rand.NewPCG(2, 10))
	took := map[state]int{}
	for range n {
		in := directInput(r)
		var rs resumePoint
		if _, ok := parseNormalizedAt(in, &rs); ok || rs.st == noOverride {
			continue
		}
		u, ok := resumeDirect(in, &rs)
		if !ok {
			continue
		}
		want, err := parse(in, nil, false, nil)
		if err != nil || u != want || components(u) != components(want) {
			t.Fatalf("resumeDirect(%q) from %v at %d = %+v; the full parser %+v, %v", in, rs.st, rs.at, u, want, err)
		}
		took[rs.st]++
	}
	for _, st := range []state{specialAuthorityIgnoreSlashesState, hostState, portState, pathState, queryState, fragmentState} {
		if took[st] == 0 {
			t.Errorf("no input resumed from the %s", stateNames[st])
		}
		t.Logf("resumed from the %s: %d", stateNames[st], took[st])
	}
}

// FuzzResume holds resumeDirect, from the resume point the fast path records on any input, to
// the full parser's result (no base): the href and every component.
func FuzzResume(f *testing.F) {
	for _, s := range []string{"https://EXAMPLE.com/a", "http:\\\\H:80\\a b\\..\\c?q#f", "file://LOCALHOST/C|/x", "https:b\u00fccher.de",
		"http://0x7f.1:80/./a", "ws://\u65e5\u672c:80?\u00fc", "https://h:443\\a", "http://h/a/../b c", "https://h/?a b#c d", "http:/\\/x%41.com",
		"tapmock://A1614FC8FA65EBF7.D4FE200F9D1A5433/\u00fcber/?w=\u043c\u0438\u0440", "git://h\u00fc:22/a/../b", "foo://h/a\\..\\b/./c d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var rs resumePoint
		if _, ok := parseNormalizedAt(in, &rs); ok || rs.st == noOverride {
			return
		}
		u, ok := resumeDirect(in, &rs)
		if !ok {
			return
		}
		want, err := parse(in, nil, false, nil)
		if err != nil || u != want || components(u) != components(want) {
			t.Fatalf("resumeDirect(%q) from %v at %d = %+v; the full parser %+v, %v", in, rs.st, rs.at, u, want, err)
		}
	})
}

// TestMayEndInANumber holds mayEndInANumber to being true of every host that endsInANumber is
// true of (it is the quick test before it), over every string of up to five bytes from
// "0", "9", "a", "f", "g", "x", "X", "." and "-".
func TestMayEndInANumber(t *testing.T) {
	const alphabet = "09afgxX.-"
	var rec func(s string)
	n := 0
	rec = func(s string) {
		if endsInANumber(s) {
			n++
			if !mayEndInANumber(s) || !mayEndInANumber([]byte(s)) {
				t.Fatalf("%q ends in a number, but mayEndInANumber says no", s)
			}
		}
		if len(s) == 5 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			rec(s + alphabet[i:i+1])
		}
	}
	rec("")
	if n == 0 {
		t.Fatal("no host ends in a number")
	}
}

// TestDirRoom holds the direct path to the full parser where a domain's ToASCII is longer than
// three bytes for each of its input bytes, so that the loops after the host do not have the room
// that dirRoom counts on in the buffer they were given and must grow it: labels of "㎯" (U+33AF,
// three bytes, mapped to "rad∕s2", "xn--rads2-4d6b"), as many as fit the stack buffers
// (dirSmall, dirStack), then a path and query of bytes to percent-encode.
func TestDirRoom(t *testing.T) {
	grown := 0
	for labels := 1; labels <= 40; labels++ {
		host := strings.Repeat("\u33af.", labels-1) + "\u33af"
		for spaces := 0; spaces <= 30; spaces++ {
			in := "HTTPS://" + host + "/" + strings.Repeat(" ", spaces) + "?\u00e9"
			u1, err1 := parse(in, nil, true, nil)
			u2, err2 := parse(in, nil, false, nil)
			if u1 != u2 || (err1 == nil) != (err2 == nil) {
				t.Fatalf("%q: Parse gives %+v, %v; the full parser %+v, %v", in, u1, err1, u2, err2)
			}
			size := 3*dirMax + 32 // the buffer parseDirectInto takes for in
			if len(in) <= dirSmall {
				size = dirSmallCap
			} else if len(in) <= dirStack {
				size = dirStackCap
			}
			if err1 == nil && len(u1.href) > size {
				grown++
			}
		}
	}
	if grown == 0 {
		t.Error("no input whose href is longer than the direct path's buffer for it")
	}
}

// Pieces of inputs for TestDirectOtherAuthority: URLs whose scheme is not special, with an
// authority (opaque host, port), a path where "\" is a byte of a segment, a query and a
// fragment, in every shape the direct path takes or gives up on.
var (
	otherSchemes = []string{"foo", "FOO", "git", "Git", "TAPMOCK", "tapmock", "ssh", "a+b.c-d", "x1"}
	otherHosts   = []string{"h", "H", "Example.COM", "a1614fc8fa65ebf7.42f84edf9f8bebe3", "A1614FC8FA65EBF7.D4FE200F9D1A5433", "",
		"%", "%41", "%zz", "a%2", "\u00fc", "\u043c\u0438\u0440", "\u00fcB", "\x01", "\x1f", "\x7f", "a\x7fb", "~!$&'()*+,;=",
		"1.2.3.4", "0x7f", "localhost", "xn--abc"}
	otherPorts = []string{"", "", ":", ":22", ":0", ":022", ":80", ":443", ":65535"}
	otherPath  = []string{"/", "\\", "a", "A", ".", "..", "...", "%2e", "%2E", ".%2e", "%2e%2E", "..\\", ".\\", "\\..", "a\\..\\b",
		"a b", "\u00fcber", "\u043c\u0438\u0440", "\x01", "\x7f", "<>", "\"", "^", "`", "{}", "|", "%", "%zz", "'", "@", ":", "[]",
		"C:", "c|", "//"}
	otherTails = []string{"", "", "?", "?q", "?url=%40tapjs%2Fcore", "?w=\u043c\u0438\u0440", "?a b'\"<>", "?\\", "#", "#f", "#a b`<>",
		"?q#f", "#\u00fc", " ", "\x00", "?#", "?/../", "#/./"}
	// What the full parser fails on or the direct path gives up on, drawn one time in eight.
	otherHostsBad = []string{"a b", "a<b", "a>b", "a^b", "a|b", "[::1]", "[", "]", "u@h", "u:p@h", "@", "a\\b", "\\", "a\tb",
		"a\nb", "a\x00b", "\xff", "\xc3", "h\u00fc\xff"}
	otherPortsBad = []string{":65536", ":99999999999", ":2x", ":2\\", ": 2", ":2@h", ":\t2"}
	otherPathBad  = []string{"\xff", "\xed\xa0\x80", "\t", "\n", "a\rb"}
	otherTailsBad = []string{"?\xff", "#\xff", "?\t", "#a\nb"}
)

// otherInput draws an input from the pieces.
func otherInput(r *rand.Rand) string {
	pick := func(l []string) string { return l[r.IntN(len(l))] }
	pick2 := func(good, bad []string) string {
		if r.IntN(8) == 0 {
			return pick(bad)
		}
		return pick(good)
	}
	var b strings.Builder
	if r.IntN(10) == 0 {
		b.WriteString(pick([]string{" ", "\x01", "\t"}))
	}
	b.WriteString(pick(otherSchemes))
	if r.IntN(4) == 0 {
		b.WriteString(":/") // a null host and a path
	} else {
		b.WriteString("://")
		b.WriteString(pick2(otherHosts, otherHostsBad))
		b.WriteString(pick2(otherPorts, otherPortsBad))
	}
	for range r.IntN(6) {
		b.WriteString(pick([]string{"/", "/", "/", "\\", ""}))
		b.WriteString(pick2(otherPath, otherPathBad))
	}
	b.WriteString(pick2(otherTails, otherTailsBad))
	return b.String()
}

// mustTakeDirect reports whether the shortcuts must take in, a URL that is not special with an
// authority or a null host and a path, which the full parser takes: they give up only on
// credentials, an IPv6 address, a tab or newline (the parser removes them first), invalid
// UTF-8 and inputs over dirMax bytes.
func mustTakeDirect(in string) bool {
	s := strings.TrimFunc(in, func(r rune) bool { return r <= ' ' })
	auth := ""
	if rest := s[strings.IndexByte(s, ':')+1:]; strings.HasPrefix(rest, "//") {
		auth = rest[2:]
		if e := strings.IndexAny(auth, "/?#"); e >= 0 {
			auth = auth[:e]
		}
	}
	return len(s) <= dirMax && utf8.ValidString(s) && !strings.ContainsAny(s, "\t\n\r") && !strings.ContainsAny(auth, "@[")
}

// TestDirectOtherAuthority holds the direct path (parseDirect, and resumeDirect from where the
// fast path stops) to the full parser's result on generated URLs that are not special with an
// authority, with no base and with bases of each kind (a scheme that is not special ignores
// the base), component by component, and to taking every one of them that it must
// (mustTakeDirect): none goes to the full parser but those.
func TestDirectOtherAuthority(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 30000
	}
	bases := []*URL{nil}
	for _, s := range []string{"http://b/c/d", "foo://h/p", "git://x/", "foo:op"} {
		u := MustParse(s)
		bases = append(bases, &u)
	}
	r := rand.New(rand.NewPCG(3, 10))
	taken, must, fast, resumed := 0, 0, 0, 0
	for range n {
		in := otherInput(r)
		base := bases[r.IntN(len(bases))]
		want, err := parse(in, base, false, nil)
		u1, err1 := parse(in, base, true, nil)
		if u1 != want || (err1 == nil) != (err == nil) || err == nil && components(u1) != components(want) {
			t.Fatalf("%q: Parse gives %+v, %v; the full parser %+v, %v", in, u1, err1, want, err)
		}
		took := false
		var rs resumePoint
		if _, ok := parseNormalizedAt(in, &rs); ok {
			took = true
			fast++
		} else if rs.st != noOverride {
			if u, ok := resumeDirect(in, &rs); ok {
				if err != nil || u != want || components(u) != components(want) {
					t.Fatalf("resumeDirect(%q) from %v at %d = %+v; the full parser %+v, %v", in, rs.st, rs.at, u, want, err)
				}
				took = true
				resumed++
			}
		}
		if u, ok := parseDirect(in, base); ok {
			if err != nil || u != want || components(u) != components(want) {
				t.Fatalf("parseDirect(%q) = %+v; the full parser %+v, %v", in, u, want, err)
			}
			took = true
		}
		if took {
			taken++
		}
		if err == nil && mustTakeDirect(in) {
			must++
			if !took {
				t.Errorf("%q (href %q) goes to the full parser", in, want.href)
			}
		}
	}
	if must < n/3 {
		t.Errorf("only %d of %d inputs must take the direct path", must, n)
	}
	t.Logf("of %d inputs, %d must take the shortcuts; %d took them (%d the fast path, %d resumed)", n, must, taken, fast, resumed)
}

// TestDirectOtherExamples holds the direct path to the full parser's href on URLs that are not
// special with an authority or with a null host and a path, among them the 36 lines of isaacs_files' messy set that went to
// the full parser before (upper-case schemes, opaque hosts that keep their case, non-ASCII
// paths), with one allocation (the href), and to handing off the ones it must.
func TestDirectOtherExamples(t *testing.T) {
	for _, c := range []struct{ in, href string }{
		{"TAPMOCK://a1614fc8fa65ebf7.42f84edf9f8bebe3/?url=%40tapjs%2Fcore", "tapmock://a1614fc8fa65ebf7.42f84edf9f8bebe3/?url=%40tapjs%2Fcore"},
		{"tapmock://A1614FC8FA65EBF7.D4FE200F9D1A5433/\u00fcber/\u043c\u0438\u0440/?w=\u043c\u0438\u0440",
			"tapmock://A1614FC8FA65EBF7.D4FE200F9D1A5433/%C3%BCber/%D0%BC%D0%B8%D1%80/?w=%D0%BC%D0%B8%D1%80"},
		{"git://Example.com/a b/../c", "git://Example.com/c"},
		{"SSH://host:022/x", "ssh://host:22/x"},
		{"foo://h/a\\..\\b", "foo://h/a\\..\\b"},
		{"foo://h/a/..\\b/../c/%2E%2e", "foo://h/a/"},
		{"FOO://", "foo://"},
		{"FOO:///a/./b", "foo:///a/b"},
		{"foo://h:/x", "foo://h/x"},
		{"Foo://\u00fc\x01%zz:0?a b#c d", "foo://%C3%BC%01%zz:0?a%20b#c%20d"},
		{"foo://h?q", "foo://h?q"},
		{"foo://h/..", "foo://h/"},
		// hand-offs
		{"foo://u@h/", ""},     // credentials
		{"foo://[::1]/", ""},   // an IPv6 address
		{"foo://:22/", ""},     // host-missing
		{"foo://a b/", ""},     // a forbidden host code point
		{"foo://a\\b/", ""},    // "\\" is one too
		{"foo://h:65536/", ""}, // port-out-of-range
		{"foo://h:22\\x", ""},  // port-invalid
		{"foo://h/a\tb", ""},   // a tab
		{"foo://h/\xff", ""},   // invalid UTF-8
		// A null host and a path (path or authority state, then the path state), with the
		// serializer's "/." before a path that starts with "//".
		{"FOO:/a/./b", "foo:/a/b"},
		{"foo:/a/..//b", "foo:/.//b"},
		{"foo:/.//b", "foo:/.//b"},
		{"foo:/a//../b c?d e#f g", "foo:/a/b%20c?d%20e#f%20g"},
		{"Foo:/..", "foo:/"},
		{"foo:/./", "foo:/"},
		{"foo:/%2e//", "foo:/.//"},
		{"foo:/\\.\\..", "foo:/\\.\\.."},
		{"foo:/ü/", "foo:/%C3%BC/"},
		{"foo:/a	b", ""}, // a tab: handed off
	} {
		// An input that is its own href takes the fast path, with no allocation.
		checkDirectCase(t, c.in, c.href, c.in != c.href)
	}
}

// TestReferenceOtherAuthority holds Parse, on the generated URLs that are not special with an
// authority of TestDirectOtherAuthority, to the reference implementation (whatwg-url, as
// TestReference runs it; skipped as it is when Node or the package is missing): no difference
// is expected there (opaque hosts do not go through the domain parser).
func TestReferenceOtherAuthority(t *testing.T) {
	dir := refScript(t)
	n := 20000
	if testing.Short() {
		n = 5000
	}
	r := rand.New(rand.NewPCG(4, 10))
	cases := make([]refCase, n)
	for i := range cases {
		cases[i].Input = otherInput(r)
	}
	ref := runReference(t, dir, cases)
	ok := 0
	for i, c := range cases {
		if d, _ := refDiff(c, runLocal(c), ref[i]); d != "" {
			t.Errorf("%s: %s", c.key(), d)
		}
		if ref[i].OK {
			ok++
		}
	}
	if ok < n/3 {
		t.Errorf("the reference takes %d of %d inputs: the generator no longer reaches the parser", ok, n)
	}
	t.Logf("%d inputs, %d that the reference takes", n, ok)
}

// TestDirOtherTables holds the direct path's tables for URLs that are not special to the sets
// they come from: dirPathOther is dirPathSpecial but for "\" (a byte of a segment, written as
// it is, not one that ends it); dirOpaqueHost says of each byte what the host state and the
// opaque-host parser do with it (the full parser on "foo://" + the byte + "/"): end the host,
// fail (dOther: given up), percent-encode it (dEnc), keep it as it is, or start a UTF-8 run.
func TestDirOtherTables(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := dirPathSpecial[c]
		if c == '\\' {
			want = '\\'
		}
		if dirPathOther[c] != want {
			t.Errorf("dirPathOther[%#x] = %d, want %d", c, dirPathOther[c], want)
		}
		if c >= 0x80 {
			if dirOpaqueHost[c] != dUTF8 {
				t.Errorf("dirOpaqueHost[%#x] = %d, want dUTF8", c, dirOpaqueHost[c])
			}
			continue
		}
		in := "foo://a" + string(rune(c)) + "b/"
		u, err := parse(in, nil, false, nil)
		var got string
		switch dirOpaqueHost[c] {
		case dStop:
			if c == ':' {
				continue // the port state's (TestDirectOtherAuthority)
			}
			got = "" // the host ends before the byte (below)
		case dOther:
			// The parser removes a tab or newline first; an "@" makes "a" a username.
			if err == nil && c != '\t' && c != '\n' && c != '\r' && c != '@' {
				t.Errorf("dirOpaqueHost[%#x] gives up; the full parser takes %q: %q", c, in, u.href)
			}
			continue
		case dEnc:
			got = "foo://a" + string([]byte{'%', upperhex[c>>4], upperhex[c&15]}) + "b/"
		default:
			got = "foo://a" + string(rune(dirOpaqueHost[c])) + "b/"
		}
		if err != nil {
			t.Errorf("dirOpaqueHost[%#x] = %d; the full parser fails on %q", c, dirOpaqueHost[c], in)
			continue
		}
		if dirOpaqueHost[c] == dStop {
			if u.Host() != "a" {
				t.Errorf("dirOpaqueHost[%#x] ends the host; the full parser's host of %q is %q", c, in, u.Host())
			}
			continue
		}
		if u.href != got {
			t.Errorf("dirOpaqueHost[%#x] = %d makes %q; the full parser %q", c, dirOpaqueHost[c], got, u.href)
		}
	}
}
