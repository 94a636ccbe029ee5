package main

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/allocs"
)

// printableASCII is U+0020 to U+007E, every boundary character of every set.
var printableASCII = func() string {
	var b strings.Builder
	for c := byte(0x20); c < 0x7f; c++ {
		b.WriteByte(c)
	}
	return b.String()
}()

// encodeTable is encode's output for printableASCII under each spec and set, read against
// the productions each set cites (RFC 1738 §5 user, hsegment, fsegment, search; RFC 3986
// §2.3, §3.2.1–§3.5; the WHATWG URL Standard's percent-encode sets, §1.3).
var encodeTable = []struct{ spec, set, want string }{
	{"rfc1738", "component", "%20!%22%23$%25%26'()*+,-.%2F0123456789%3A%3B%3C%3D%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D%7E"},
	{"rfc1738", "user", "%20!%22%23$%25&'()*+,-.%2F0123456789%3A;%3C=%3E?%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D%7E"},
	{"rfc1738", "password", "%20!%22%23$%25&'()*+,-.%2F0123456789%3A;%3C=%3E?%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D%7E"},
	{"rfc1738", "segment", "%20!%22%23$%25&'()*+,-.%2F0123456789:%3B%3C=%3E%3F@ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D%7E"},
	{"rfc1738", "path", "%20!%22%23$%25&'()*+,-./0123456789:%3B%3C=%3E%3F@ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D%7E"},
	{"rfc1738", "query", "%20!%22%23$%25&'()*+,-.%2F0123456789:%3B%3C=%3E%3F@ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D%7E"},
	{"rfc1738", "ftp-segment", "%20!%22%23$%25&'()*+,-.%2F0123456789:%3B%3C=%3E?@ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D%7E"},
	{"rfc1738", "ftp-path", "%20!%22%23$%25&'()*+,-./0123456789:%3B%3C=%3E?@ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D%7E"},
	{"rfc1738", "unsafe", "%20!%22%23$%25&'()*+,-./0123456789:;%3C=%3E?@ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D%7E"},
	{"rfc3986", "component", "%20%21%22%23%24%25%26%27%28%29%2A%2B%2C-.%2F0123456789%3A%3B%3C%3D%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~"},
	{"rfc3986", "userinfo", "%20!%22%23$%25&'()*+,-.%2F0123456789:;%3C=%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~"},
	{"rfc3986", "host", "%20!%22%23$%25&'()*+,-.%2F0123456789%3A;%3C=%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~"},
	{"rfc3986", "segment", "%20!%22%23$%25&'()*+,-.%2F0123456789:;%3C=%3E%3F@ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~"},
	{"rfc3986", "path", "%20!%22%23$%25&'()*+,-./0123456789:;%3C=%3E%3F@ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~"},
	{"rfc3986", "query", "%20!%22%23$%25&'()*+,-./0123456789:;%3C=%3E?@ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~"},
	{"rfc3986", "fragment", "%20!%22%23$%25&'()*+,-./0123456789:;%3C=%3E?@ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~"},
	{"whatwg", "component", "%20!%22%23%24%25%26'()*%2B%2C-.%2F0123456789%3A%3B%3C%3D%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~"},
	{"whatwg", "c0-control", " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"},
	{"whatwg", "fragment", "%20!%22#$%&'()*+,-./0123456789:;%3C=%3E?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_%60abcdefghijklmnopqrstuvwxyz{|}~"},
	{"whatwg", "query", "%20!%22%23$%&'()*+,-./0123456789:;%3C=%3E?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"},
	{"whatwg", "special-query", "%20!%22%23$%&%27()*+,-./0123456789:;%3C=%3E?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"},
	{"whatwg", "path", "%20!%22%23$%&'()*+,-./0123456789:;%3C=%3E%3F@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]%5E_%60abcdefghijklmnopqrstuvwxyz%7B|%7D~"},
	{"whatwg", "userinfo", "%20!%22%23$%&'()*+,-.%2F0123456789%3A%3B%3C%3D%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D~"},
	{"whatwg", "form", "+%21%22%23%24%25%26%27%28%29*%2B%2C-.%2F0123456789%3A%3B%3C%3D%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60abcdefghijklmnopqrstuvwxyz%7B%7C%7D%7E"},
}

func TestEncodeSets(t *testing.T) {
	seen := map[string]bool{}
	for _, tc := range encodeTable {
		seen[tc.spec+" "+tc.set] = true
		out, errOut, code := runLocator(t, "", "encode", "--spec", tc.spec, "--set", tc.set, "--", printableASCII)
		if code != 0 || errOut != "" || out != tc.want+"\n" {
			t.Errorf("encode --spec %s --set %s: %q, %q, exit %d; want %q", tc.spec, tc.set, out, errOut, code, tc.want)
		}
		// Controls, DEL and 80–FF are encoded by every set (RFC 1738 §2.2; RFC 3986 §2.1
		// ABNF has none of them; WHATWG URL §1.3 C0 control percent-encode set).
		out, _, _ = runLocator(t, "", "encode", "--spec", tc.spec, "--set", tc.set, "\x00\x01\t\x1f\x7f\x80\xc3\xa9\xff")
		if want := "%00%01%09%1F%7F%80%C3%A9%FF\n"; out != want {
			t.Errorf("encode --spec %s --set %s controls: %q, want %q", tc.spec, tc.set, out, want)
		}
	}
	// Every set of every spec is in the table, and the default is component.
	for _, spec := range []locator.Spec{locator.RFC1738, locator.RFC3986, locator.WHATWG} {
		for _, e := range specSets(spec) {
			if !seen[spec.String()+" "+e.name] {
				t.Errorf("--spec %s --set %s: not in the table", spec, e.name)
			}
		}
		def, _, _ := runLocator(t, "", "encode", "--spec", spec.String(), printableASCII)
		comp, _, _ := runLocator(t, "", "encode", "--spec", spec.String(), "--set", "component", printableASCII)
		if def != comp {
			t.Errorf("--spec %s: the default set gives %q, component %q", spec, def, comp)
		}
	}
}

func TestEncodeDecodeCLI(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		stdin    string
		out, err string
		code     int
	}{
		{args: []string{"encode", "--set", "path", "a b/c;d"}, out: "a%20b/c%3Bd\n"},
		{args: []string{"encode", "--set", "ftp-segment", "a/b;type=d?"}, out: "a%2Fb%3Btype=d?\n"},
		{args: []string{"encode", "--spec", "whatwg", "--set", "form", "a b+c"}, out: "a+b%2Bc\n"},
		{args: []string{"encode", "--spec", "whatwg", "\xff"}, out: "%FF\n"},
		{args: []string{"encode", "-"}, stdin: "a b\r\n\nc/d", out: "a%20b\n\nc%2Fd\n"},
		// Hex digits of both cases decode (RFC 3986 §2.1: "uppercase and lowercase hexadecimal
		// digits are equivalent").
		{args: []string{"decode", "%2f%2F%aB%Ab%c3%A9"}, out: "//\xab\xabé\n"},
		{args: []string{"decode", "a+b"}, out: "a+b\n"},
		{args: []string{"decode", "--spec", "whatwg", "--set", "form", "a+b%2B"}, out: "a b+\n"},
		{args: []string{"decode", "--spec", "rfc3986", "--set", "query", "a+b%20"}, out: "a+b \n"},
		{args: []string{"decode", "ok%41", "%zz", "x%4", "y%"}, out: "okA\n", code: 1,
			err: `locator: %zz: "%" not followed by two hex digits at offset 0 [bad-escape-hex, RFC 1738 §2.2 escape]` + "\n" +
				`locator: x%4: "%" at the end, not followed by two hex digits at offset 1 [truncated-escape, RFC 1738 §2.2 escape]` + "\n" +
				`locator: y%: "%" at the end, not followed by two hex digits at offset 1 [truncated-escape, RFC 1738 §2.2 escape]` + "\n"},
		// WHATWG URL §1.3 percent-decode keeps what is not an escape.
		{args: []string{"decode", "--spec", "whatwg", "100%", "%zz%41", "%4"}, out: "100%\n%zzA\n%4\n"},
		{args: []string{"decode", "-"}, stdin: "a%20\nb%zz\n\nc%0d\n", code: 1,
			out: "a \nerror: \"%\" not followed by two hex digits at offset 1 [bad-escape-hex, RFC 1738 §2.2 escape]\n\n" +
				"error: the escape at offset 1 decodes to a line break (\"\\r\"), which would split the output line; use --raw to write it [decoded-line-break, locator decode: one line out per line in]\n"},
		{args: []string{"decode", "--spec", "whatwg", "a+%0A"}, code: 1,
			err: "locator: a+%0A: the escape at offset 2 decodes to a line break (\"\\n\"), which would split the output line; use --raw to write it [decoded-line-break, locator decode: one line out per line in]\n"},
		{args: []string{"decode", "--raw", "a%0Ab%0d"}, out: "a\nb\r\n"},
		// A line break as it is (in an argument; in a line, before its end) is no escape.
		{args: []string{"decode", "a\rb%0A"}, code: 1,
			err: "locator: a\\rb%0A: the line break at offset 1 (\"\\r\"), which would split the output line; use --raw to write it [decoded-line-break, locator decode: one line out per line in]\n"},
		{args: []string{"decode", "-"}, stdin: "a%41\rb\n", code: 1,
			out: "error: the line break at offset 4 (\"\\r\"), which would split the output line; use --raw to write it [decoded-line-break, locator decode: one line out per line in]\n"},
		// A byte-order mark at the start (a file saved with one) would be carried into the
		// result: reported, as by the other commands (lineops.CheckBOM).
		{args: []string{"decode", "-"}, stdin: "\ufeffa%41\nb\n", code: 1,
			out: "error: the line starts with a byte-order mark (U+FEFF), which is not part of a URL [byte-order-mark, RFC 3986 §2; RFC 3629 §6]\nb\n"},
		{args: []string{"encode", "-"}, stdin: "\ufeffa b\nc\n", code: 1,
			out: "error: the line starts with a byte-order mark (U+FEFF), which is not part of a URL [byte-order-mark, RFC 3986 §2; RFC 3629 §6]\nc\n"},
		{args: []string{"encode", "a\ufeff"}, out: "a%EF%BB%BF\n"},
		{args: []string{"decode", "\x00%00"}, out: "\x00\x00\n"},
		{args: []string{"encode", "--set", "host", "x"}, code: 2,
			err: "locator: --set \"host\": unknown under --spec rfc1738; want one of component, user, password, segment, path, query, ftp-segment, ftp-path, unsafe\nlocator: run 'locator help' for usage\n"},
		{args: []string{"decode", "--spec", "whatwg", "--set", "form-urlencoded", "x"}, code: 2,
			err: "locator: --set \"form-urlencoded\": unknown under --spec whatwg; want one of component, c0-control, fragment, query, special-query, path, userinfo, form\nlocator: run 'locator help' for usage\n"},
		{args: []string{"encode", "--spec", "rfc1630", "x"}, code: 2,
			err: "locator: --spec \"rfc1630\": encode and decode follow rfc1738, rfc3986 or whatwg\nlocator: run 'locator help' for usage\n"},
		{args: []string{"encode", "--raw", "x"}, code: 2,
			err: "locator: unknown flag: --raw\nlocator: run 'locator help' for usage\n"},
		{args: []string{"encode"}, code: 2,
			err: "locator: encode: no STRING given (give them, or - to read them from standard input)\nlocator: run 'locator help' for usage\n"},
	} {
		out, errOut, code := runLocator(t, tc.stdin, tc.args...)
		if out != tc.out || errOut != tc.err || code != tc.code {
			t.Errorf("%q: %q, %q, exit %d; want %q, %q, exit %d", tc.args, out, errOut, code, tc.out, tc.err, tc.code)
		}
	}
}

// specSet is one --set of one spec.
type specSet struct {
	spec locator.Spec
	set  encodeSet
}

// roundTripSets are the sets that encode "%", so that decode is their inverse. (WHATWG's
// other sets keep "%": the standard leaves an escape already there as it is.)
func roundTripSets() []specSet {
	var r []specSet
	for _, spec := range []locator.Spec{locator.RFC1738, locator.RFC3986, locator.WHATWG} {
		for _, e := range specSets(spec) {
			if !e.keep.Contains('%') {
				r = append(r, specSet{spec, e})
			}
		}
	}
	return r
}

// checkRoundTrip requires decode(encode(s)) == s under every set that encodes "%", and an
// encoding of printable ASCII only.
func checkRoundTrip(t *testing.T, s string) {
	t.Helper()
	for _, rt := range roundTripSets() {
		enc := appendEncode(nil, s, rt.set)
		for i := 0; i < len(enc); i++ {
			if c := enc[i]; c <= ' ' || c >= 0x7f {
				t.Fatalf("%s %s: encode(%q) = %q holds byte %#x", rt.spec, rt.set.name, s, enc, c)
			}
		}
		dec, err := appendDecode(nil, string(enc), rt.set, rt.spec == locator.WHATWG, true)
		if err != nil || string(dec) != s {
			t.Fatalf("%s %s: decode(encode(%q)) = %q, %v", rt.spec, rt.set.name, s, dec, err)
		}
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	if n := len(roundTripSets()); n != 9+7+2 {
		t.Fatalf("%d sets encode %%, want 18", n)
	}
	r := rand.New(rand.NewPCG(12, 1738))
	for range 2000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = byte(r.IntN(256))
			if r.IntN(3) == 0 { // many "%", "+" and spaces
				b[i] = "%+ "[r.IntN(3)]
			}
		}
		checkRoundTrip(t, string(b))
	}
}

func FuzzEncodeRoundTrip(f *testing.F) {
	for _, s := range []string{"", "a b", "%", "%41", "+", "\xff\x00", "a%2Fb+c d\r\n", printableASCII} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkRoundTrip(t, s)
		// decode never panics, whatever the spec, and an error has an offset inside the input.
		for _, rt := range roundTripSets() {
			if _, err := appendDecode(nil, s, rt.set, rt.spec == locator.WHATWG, false); err != nil {
				le, ok := err.(*locator.Error)
				if !ok || le.Offset < 0 || le.Offset >= len(s) {
					t.Fatalf("%s decode(%q): %v", rt.spec, s, err)
				}
			}
		}
	})
}

// On 1 MB of each shape, encode and decode take time and memory linear in the input: a
// bounded number of allocations (the output buffer growing), and 4 times the input no more
// than 16 times the time (the machine is shared).
func TestEncodeLinear(t *testing.T) {
	const size = 1 << 20
	measure := func(f func()) time.Duration {
		best := time.Duration(1 << 62)
		for range 3 {
			start := time.Now()
			f()
			if d := time.Since(start); d < best {
				best = d
			}
		}
		return best
	}
	sets := roundTripSets()
	if testing.Short() {
		sets = []specSet{sets[0], sets[len(sets)-1]} // rfc1738 component, whatwg form
	}
	for _, shape := range []string{"a", " ", "%", "%41", "%zz", "\xff", "+", "%0A"} {
		big := strings.Repeat(shape, size/len(shape))
		small := big[:len(big)/4]
		for _, rt := range sets {
			for _, op := range []string{"encode", "decode"} {
				f := func(s string) func() {
					return func() {
						if op == "encode" {
							_ = appendEncode(nil, s, rt.set)
						} else {
							_, _ = appendDecode(nil, s, rt.set, rt.spec == locator.WHATWG, false)
						}
					}
				}
				if nAllocs := allocs.Count(80, 1, f(big)); nAllocs > 80 {
					t.Errorf("%s %s %s %q×%d: %.0f allocations", op, rt.spec, rt.set.name, shape, size/len(shape), nAllocs)
				}
				// Times are logged, not compared (a shared machine makes a time ratio flaky:
				// speed is for benchmarks); the allocation count above holds the work linear,
				// and a hang guard catches the rest.
				tb, ts := measure(f(big)), measure(f(small))
				if tb > 10*time.Second {
					t.Errorf("%s %s %s %q: %v for 1 MB (%v for 256 KB): a hang", op, rt.spec, rt.set.name, shape, tb, ts)
				}
			}
		}
	}
	// Through the command, a 1 MB line round-trips with "-".
	line := strings.Repeat("a b%/\xff+c", size/8)
	enc, _, code := runLocator(t, line+"\n", "encode", "--set", "segment", "-")
	if want := len(line)/8*(1+3+1+3+3+3+1+1) + 1; code != 0 || len(enc) != want {
		t.Fatalf("encode: exit %d, %d bytes, want %d", code, len(enc), want)
	}
	dec, _, code := runLocator(t, enc, "decode", "-")
	if code != 0 || dec != line+"\n" {
		t.Fatalf("decode: exit %d, %d bytes, want %d", code, len(dec), len(line)+1)
	}
}
