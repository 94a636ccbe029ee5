package whatwg

import (
	"encoding/json"
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"

	"github.com/locator-url/locator/internal/allocs"
)

// uts46Reference holds hosts and what the reference implementation, npm whatwg-url 17.3.0 with
// tr46 7.0.0, makes of "http://" + host + "/": the URL's host, or "" for failure. The rows
// cover issue 10's W1 (xn-- labels that decode to nothing or to ASCII), W2 (the bidi rule on
// the mapped label), W3 (CONTEXTJ for U+200C) and W4 (the tables of the current Unicode), and
// the neighbours of each on the other side of the rule.
var uts46Reference = []struct{ host, want string }{
	// NFC of Unicode 17 (the reference's ICU): pairs that compose since Unicode 16.
	{"\U00016d67\U00016d67", "xn--bj0f"}, // U+16D68 KIRAT RAI VOWEL SIGN AI
	{"a\U000105d2\u0307", "xn--a-jh3i"},  // U+105C9 TODHRI LETTER EI
	{"\U00011382\U000113c9", "xn--sq1d"}, // U+11383 TULU-TIGALARI LETTER II
	{"\U0001611e\U0001611e", ""},         // U+16121 GURUNG KHEMA VOWEL SIGN AA: a mark
	{"\u00fc.xn--abc-", ""},
	{"\u00fc.xn--", ""},
	{"xn--\uff0e", ""},
	{"xn--\u3002a", ""},
	{"xn--abc-", "xn--abc-"},
	{"xn--", "xn--"},
	{"a.xn--ab-fka", "a.xn--ab-fka"},
	{"\u00fc.xn--ab-fka", "xn--tda.xn--ab-fka"},
	{"\u00fc.xn--tda", "xn--tda.xn--tda"},
	{"\u00fc.XN--TDA", "xn--tda.xn--tda"},
	{"\u00fc.xn--ls8h", "xn--tda.xn--ls8h"},
	{"\u00fc.xn--zca", "xn--tda.xn--zca"},
	{"\u00fc.xn--ss-", ""},
	{"\u00fc.xn--a-", ""},
	{"\u00fc.xn--\u00fc", ""},
	{"\u00fc.xn--tda-", ""},
	{"\u00fc.xn--xn--tda-", ""},
	{"a\u2136", ""},
	{"a\u05d1", ""},
	{"\u2136", "xn--5db"},
	{"\u05d11", "xn--1-1hc"},
	{"\u05d1.a1", "xn--5db.a1"},
	{"1.\u05d1", ""},
	{"\u0644\u200c\u0661", ""},
	{"\u0644\u200c\u0627", "xn--mgb1ds31i"},
	{"\u0628\u200c\u0628", "xn--ngba799q"},
	{"\u0643\u200c1", ""},
	{"\ufec4\u200c7", ""},
	{"\u0644\u064b\u200c\u064b\u0627", "xn--mgb1dvaa8704a"},
	{"\u0915\u094d\u200c\u0937", "xn--11b2ezcs70k"},
	{"\u0915\u200c\u0937", ""},
	{"a\u200db", ""},
	{"\u0915\u094d\u200d\u0937", "xn--11b2ezcw70k"},
	{"\ua7cb", "xn--3na"},
	{"a\u2061b", "ab"},
	{"a\u2062b", "ab"},
	{"a\u2063b", "ab"},
	{"a\u1806b", "xn--ab-h0o"},
	{"a\u180eb", "ab"},
	{"\u1e9e", "xn--zca"},
	{"\u10a0", "xn--rkj"},
	{"\u00df", "xn--zca"},
	{"\u03c2.com", "xn--3xa.com"},
	{"\U00032931", "xn--982o"},
	{"\U0003e8ac", "xn--t92s"},
	{"a\u0300", "xn--0ca"},
	{"\u0300a", ""},
	{"xn--ab-fka.\u00fc", "xn--ab-fka.xn--tda"},
	{"\u00ad", ""},
	{"\u00fc\u3002com", "xn--tda.com"},
	{"fa\u00df.de", "xn--fa-hia.de"},
	{"\uff41\uff42\uff43\uff0e\u00fc", "abc.xn--tda"},
	{"\u00fc.a-", "xn--tda.a-"},
	{"\u00fc.-a", "xn--tda.-a"},
	{"\u00fc.ab--c", "xn--tda.ab--c"},
	{"xn--a-ecp.\u00fc", ""},
	{"\u00fc.xn--a-ecp", ""},
	{"\u00dc", "xn--tda"},
	{"\u1100\u1161", "xn--o39a"},
	{"\u0e01\u0e31", "xn--12c0h"},
	{"\u0644\u0661\u06f1", ""},
	{"\u05d01\u0661", ""},
	{"\u05d0\u200c\u05d1", ""},
	{"a\u200cb", ""},
	{"\u0627\u200c\u0644", ""},
	{"\u0644\u200c\u0300\u0627", "xn--ksa82npcy07j"},
	{"\u00fc.xn--mgbh0fb", "xn--tda.xn--mgbh0fb"},
	{"\u00fc.xn---abc", ""},
	{"\u00fc.xn--zca-", ""},
	{"\u00fc.xn--a", ""},
}

func TestUTS46Reference(t *testing.T) {
	for _, c := range uts46Reference {
		u, err := Parse("http://"+c.host+"/", nil)
		got := ""
		if err == nil {
			got = u.Host()
		}
		if got != c.want {
			t.Errorf("%+q: host %q (%v), want %q", c.host, got, err, c.want)
		}
		if c.want == "" {
			var e *Error
			if !errors.As(err, &e) || e.Code != DomainToASCII {
				t.Errorf("%+q: %v, want %s", c.host, err, DomainToASCII)
			}
		}
	}
}

// TestUTS46Rules: each failure names the rule of UTS #46 that fails.
func TestUTS46Rules(t *testing.T) {
	for _, c := range []struct{ host, rule string }{
		{"\u00fc.xn--abc-", ruleUTS46Punycode},
		{"\u00fc.xn--", ruleUTS46Punycode},
		{"\u00fc.xn--a", ruleUTS46Validity}, // U+0080
		{"\u00fc.xn--\u00fc", ruleUTS46Punycode},
		{"\u00fc.xn--xn--tda-", ruleUTS46Punycode},    // "xn--tda": ASCII
		{"\u00fc.xn--xn--tda-xxa", ruleUTS46Validity}, // "xn--tda\u00e0" begins with "xn--"
		{"\u0300a", ruleUTS46Validity},
		{"\u00fc\u00ad\ufffd", ruleUTS46Validity},
		{"a\u2136", ruleUTS46Bidi},
		{"1.\u05d1", ruleUTS46Bidi},
		{"\u0644\u200c\u0661", ruleUTS46Joiners},
		{"a\u200db", ruleUTS46Joiners},
		{"\u200cx", ruleUTS46Joiners},
		{strings.Repeat("\u00e9", maxIDNALabel/2+1), ruleIDNALimit},
		{strings.Repeat("\ufdfa", 40), ruleIDNALimit},
	} {
		_, err := Parse("http://"+c.host+"/", nil)
		var e *Error
		if !errors.As(err, &e) || e.Code != DomainToASCII || !strings.HasSuffix(e.Rule, c.rule) {
			t.Errorf("%+q: %v, want %s (%s)", c.host, err, DomainToASCII, c.rule)
		}
	}
}

// TestUTS46Strict: beStrict (ParseValidate reports domain-to-ASCII) adds CheckHyphens,
// UseSTD3ASCIIRules and VerifyDnsLength; both sides of each.
func TestUTS46Strict(t *testing.T) {
	for _, c := range []struct {
		host   string
		strict bool // beStrict reports domain-to-ASCII
	}{
		{"\u00fc.ab-c", false},
		{"\u00fc.-abc", true},
		{"\u00fc.abc-", true},
		{"\u00fc.ab--c", true},
		{"\u00fc.a--bc", false},
		{"\u00fc.xn--tda", false},
		{"\u00fc\u002ea_b", true},
		{"\u00fc.a", false},
		{"\u00fc.", true}, // an empty last label fails VerifyDnsLength
		{"\u00fc." + strings.Repeat("a", 63), false},
		{"\u00fc." + strings.Repeat("a", 64), true},
		{strings.Repeat("a.", 124) + "\u00fc", false}, // 248 + 7 bytes: 255 > 253
		{strings.Repeat("a.", 122) + "\u00fc", false},
		{"ab", false},
		{"a--b", false},
		{"ab--c", true},
	} {
		_, verrs, err := ParseValidate("http://"+c.host+"/", nil)
		found := false
		for _, v := range verrs {
			found = found || v.Code == DomainToASCII
		}
		if c.host == strings.Repeat("a.", 124)+"\u00fc" {
			c.strict = true // 124×2 + len("xn--tda") = 255 bytes
		}
		if err != nil || found != c.strict {
			t.Errorf("%+q: %v, %v; want domain-to-ASCII reported: %v", c.host, verrs, err, c.strict)
		}
	}
}

// TestPunycode runs the Punycode tables of testdata/rust-url-idna (from punycode.js and
// rust-url): decoding and encoding both ways, and failure for the bad ones.
func TestPunycode(t *testing.T) {
	for _, name := range []string{"punycode_tests.json", "bad_punycode_tests.json"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "rust-url-idna", name))
		if err != nil {
			t.Fatal(err)
		}
		var cases []struct{ Decoded, Encoded string }
		if err := json.Unmarshal(data, &cases); err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			if name == "bad_punycode_tests.json" {
				// rust-url issue 870: encoding overflows.
				if enc, ok := punyEncode(nil, []rune(c.Decoded)); ok {
					t.Errorf("punyEncode(%.40q) = %.40q, want failure", c.Decoded, enc)
				}
				continue
			}
			got, ok := punyDecode(nil, c.Encoded)
			if !ok || string(got) != c.Decoded {
				t.Errorf("punyDecode(%.40q) = %.40q, %v; want %.40q", c.Encoded, string(got), ok, c.Decoded)
			}
			if enc, _ := punyEncode(nil, []rune(c.Decoded)); !strings.EqualFold(string(enc), c.Encoded) {
				t.Errorf("punyEncode(%.40q) = %.40q, want %.40q", c.Decoded, enc, c.Encoded)
			}
		}
	}
	// punycode.js: no "-" or one at the start means no basic code points; digits of either case;
	// a value past U+10FFFF or a surrogate fails.
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"tda", "\u00fc", true},
		{"TDA", "\u00fc", true},
		{"-tda", "", false},
		{"bcher-kva", "b\u00fccher", true},
		{"BCHER-KVA", "B\u00fcCHER", true},
		{"a-", "a", true},
		{"", "", true},
		{"99999999999", "", false},
		{"\u00fc-tda", "", false},
		{"a-t\u00fc", "", false},
		{"zzzzzzzzz", "", false},
	} {
		got, ok := punyDecode(nil, c.in)
		if ok != c.ok || ok && string(got) != c.want {
			t.Errorf("punyDecode(%q) = %+q, %v; want %+q, %v", c.in, string(got), ok, c.want, c.ok)
		}
	}
}

// TestUTS46Tables checks the generated tables' invariants.
func TestUTS46Tables(t *testing.T) {
	if uts46Starts[0] != 0 || uts46PropStarts[0] != 0 || uts46UnicodeVersion == "" {
		t.Fatal("tables do not start at U+0000")
	}
	for i := 1; i < len(uts46Starts); i++ {
		if uts46Starts[i] <= uts46Starts[i-1] || uts46Starts[i] > utf8.MaxRune {
			t.Fatalf("uts46Starts[%d] = %#x after %#x", i, uts46Starts[i], uts46Starts[i-1])
		}
	}
	for i := 1; i < len(uts46PropStarts); i++ {
		if uts46PropStarts[i] <= uts46PropStarts[i-1] || uts46PropStarts[i] > utf8.MaxRune {
			t.Fatalf("uts46PropStarts[%d] = %#x after %#x", i, uts46PropStarts[i], uts46PropStarts[i-1])
		}
	}
	for _, c := range []struct {
		r      rune
		status int
		props  uint16 // bits that must be set
		not    uint16 // bits that must be clear
	}{
		{'a', uts46Valid, propBidiL, propMark},
		{'A', uts46Mapped, propBidiL, 0},
		{0x00AD, uts46Ignored, 0, 0},
		{0x00DF, uts46Deviation, propBidiL, 0},
		{0x200C, uts46Deviation, 0, propJoinLD | propJoinT | propJoinRD},
		{0x200D, uts46Deviation, 0, propJoinLD | propJoinT | propJoinRD},
		{0x0300, uts46Valid, propMark | propBidiNSM, propBidiL},
		{0x094D, uts46Valid, propVirama | propMark, 0},
		{0x0644, uts46Valid, propJoinLD | propJoinRD | propBidiRAL | propBidiDomain, propJoinT},
		{0x0627, uts46Valid, propJoinRD | propBidiRAL, propJoinLD},
		{0x0661, uts46Valid, propBidiAN | propBidiDomain, propJoinRD},
		{0x064B, uts46Valid, propJoinT | propBidiNSM, 0},
		{0x05D0, uts46Valid, propBidiRAL | propBidiDomain, 0},
		{0x2136, uts46Mapped, 0, 0},
		{0xA7CB, uts46Mapped, 0, 0},
		{0x2061, uts46Ignored, 0, 0},
		{0x1806, uts46Valid, 0, 0},
		{0xFFFD, uts46Disallowed, 0, 0},
		{0x10FFFF, uts46Disallowed, 0, 0},
	} {
		st, _ := uts46Lookup(c.r)
		p := uts46Props(c.r)
		if st != c.status || p&c.props != c.props || p&c.not != 0 {
			t.Errorf("%U: status %d, props %#x; want status %d, props with %#x and without %#x", c.r, st, p, c.status, c.props, c.not)
		}
	}
	if _, m := uts46Lookup(0xA7CB); m != "\u0264" {
		t.Errorf("U+A7CB maps to %+q, want U+0264", m)
	}
}

// xnetLenient is golang.org/x/net/idna with the options of the domain parser (beStrict false),
// which the whatwg package used before it owned UTS #46 processing.
var xnetLenient = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.CheckJoiners(true),
	idna.CheckHyphens(false), idna.StrictDomainName(false), idna.Transitional(false),
	idna.VerifyDNSLength(false))

// uts46Agreeing returns the code points of some scripts on which uts46ToASCII and x/net/idna
// (Unicode 15.0 data in v0.35.0) agree alone, after "a" and after U+05D0: those whose Unicode
// data the two share.
func uts46Agreeing() []rune {
	var b idnaBuf
	var pool []rune
	for _, rg := range [][2]rune{{0x20, 0x7e}, {0xc0, 0x17f}, {0x300, 0x36f}, {0x370, 0x3ff},
		{0x590, 0x5ff}, {0x600, 0x6ff}, {0x700, 0x74f}, {0x900, 0x97f}, {0x200b, 0x200f},
		{0x2060, 0x2064}, {0x3002, 0x3002}, {0xff01, 0xff5e}, {0xff61, 0xff61}, {0x4e00, 0x4e10},
		{0x1f600, 0x1f610}, {0x2100, 0x214f}, {0xfb1d, 0xfb4f}, {0xfe70, 0xfeff}} {
		for r := rg[0]; r <= rg[1]; r++ {
			ok := true
			for _, s := range []string{string(r), "a" + string(r), "\u05d0" + string(r)} {
				x, xerr := xnetLenient.ToASCII(s)
				o, rule := uts46ToASCII(nil, s, false, &b)
				ok = ok && (xerr == nil) == (rule == "") && (xerr != nil || x == string(o))
			}
			if ok {
				pool = append(pool, r)
			}
		}
	}
	return pool
}

// uts46VsXNet compares uts46ToASCII with x/net/idna on s and returns "" when they agree or
// differ for a reason of issue 10: x/net/idna v0.35.0 does not fail an xn-- label that is not
// ASCII, or that decodes to nothing or to ASCII (W1), and does not require a Joining_Type R or D
// code point after a U+200C (W3).
func uts46VsXNet(s string, b *idnaBuf) string {
	x, xerr := xnetLenient.ToASCII(s)
	o, rule := uts46ToASCII(nil, s, false, b)
	if (xerr == nil) == (rule == "") && (xerr != nil || x == string(o)) {
		return ""
	}
	if rule == ruleUTS46Punycode || rule == ruleUTS46Joiners && xerr == nil && strings.Contains(s, "\u200c") {
		return ""
	}
	if rule == ruleIDNALimit {
		return "" // this package's limit (maxIDNALabel), not the standard's: x/net/idna has none
	}
	if xerr == nil && rule == "" && xnetStreamSafe(x, s) {
		return ""
	}
	return "x/net/idna: " + strings.ToValidUTF8(x, "?") + ", " + errString(xerr) + "; uts46ToASCII: " + string(o) + ", " + rule
}

// xnetStreamSafe reports whether x/net/idna's result x differs from the input s by a COMBINING
// GRAPHEME JOINER (U+034F) that golang.org/x/text's normalization inserts after 30 non-starters
// in a row (UAX #15's Stream-Safe Text Format, which NFC itself does not do: UTS #46 and the
// reference, with ICU's NFC, keep such a run as it is, as uts46ToASCII does).
func xnetStreamSafe(x, s string) bool {
	if strings.ContainsRune(s, '\u034f') {
		return false
	}
	for _, label := range strings.Split(x, ".") {
		if rest, ok := strings.CutPrefix(label, "xn--"); ok {
			if r, ok := punyDecode(nil, rest); ok && slices.Contains(r, '\u034f') {
				return true
			}
		}
	}
	return false
}

func errString(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}

// TestUTS46VsXNet is the property check: on strings of code points whose Unicode data both
// share, uts46ToASCII agrees with x/net/idna but for the differences issue 10 fixed.
func TestUTS46VsXNet(t *testing.T) {
	pool := uts46Agreeing()
	if len(pool) < 1000 {
		t.Fatalf("only %d agreeing code points", len(pool))
	}
	rng := rand.New(rand.NewSource(10))
	var b idnaBuf
	n := 100000
	if testing.Short() {
		n = 10000
	}
	bad := 0
	for i := 0; i < n && bad < 20; i++ {
		rs := make([]rune, 1+rng.Intn(8))
		for j := range rs {
			rs[j] = pool[rng.Intn(len(pool))]
		}
		s := string(rs)
		if rng.Intn(8) == 0 {
			s = "xn--" + s
		}
		if d := uts46VsXNet(s, &b); d != "" {
			bad++
			t.Errorf("%+q: %s", s, d)
		}
	}
}

// FuzzUTS46VsXNet: the property of TestUTS46VsXNet on fuzzed strings, each byte choosing a
// code point of the agreeing pool.
func FuzzUTS46VsXNet(f *testing.F) {
	pool := uts46Agreeing()
	for _, s := range []string{"a", "\x01\x02", "\xff\x00\x10"} {
		f.Add([]byte(s))
	}
	var b idnaBuf
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 64 {
			return
		}
		rs := make([]rune, len(in))
		for i, c := range in {
			rs[i] = pool[int(c)*len(pool)/256]
		}
		if d := uts46VsXNet(string(rs), &b); d != "" {
			t.Errorf("%+q: %s", string(rs), d)
		}
	})
}

// TestNFC compares nfcAppend with golang.org/x/text/unicode/norm (Unicode 15.0 with Go 1.26) on
// random strings of code points whose normalization data both share, and checks that each
// code point's canonical decomposition composes back exactly when it is a primary composite.
func TestNFC(t *testing.T) {
	var pool []rune
	for r := rune(0xA0); r < 0x30000; r++ {
		if 0xD800 <= r && r <= 0xDFFF {
			continue
		}
		p := norm.NFC.PropertiesString(string(r))
		ccc, _, dec := nfcLookup(r)
		xdec := string(norm.NFD.PropertiesString(string(r)).Decomposition())
		if p.CCC() != ccc || xdec != dec {
			continue
		}
		if ccc != 0 || dec != "" || r%97 == 0 || 0x1100 <= r && r <= 0x11FF {
			pool = append(pool, r)
		}
	}
	if len(pool) < 3000 {
		t.Fatalf("pool of %d code points", len(pool))
	}
	rng := rand.New(rand.NewSource(17))
	var buf []rune
	n := 200000
	if testing.Short() {
		n = 20000
	}
	for i := 0; i < n; i++ {
		rs := make([]rune, 1+rng.Intn(6))
		for j := range rs {
			rs[j] = pool[rng.Intn(len(pool))]
			if rng.Intn(4) == 0 {
				rs[j] = rune('a' + rng.Intn(26))
			}
		}
		s := []byte(string(rs))
		got := nfcAppend(nil, s, &buf)
		want := norm.NFC.Bytes(s)
		if string(got) != string(want) {
			t.Fatalf("NFC(%+q) = %+q, want %+q", s, got, want)
		}
		if nfcIsNormal(s) && string(want) != string(s) {
			t.Fatalf("nfcIsNormal(%+q), but NFC is %+q", s, want)
		}
	}
	// Every decomposition recomposes to its code point exactly for the primary composites
	// (NFC_Quick_Check not No), including those new since Unicode 15.
	for r := rune(0); r <= utf8.MaxRune; r++ {
		_, qc, dec := nfcLookup(r)
		if dec == "" {
			continue
		}
		got := string(nfcAppend(nil, []byte(dec), &buf))
		if (got == string(r)) != (qc != 1) {
			t.Errorf("%U: NFC of its decomposition %+q is %+q; quick check %d", r, dec, got, qc)
		}
	}
	// Hangul: LV, LVT and the syllables themselves.
	for _, c := range []struct{ in, want string }{
		{"\u1100\u1161", "\uac00"},
		{"\u1100\u1161\u11a8", "\uac01"},
		{"\uac00\u11a8", "\uac01"},
		{"\uac01\u11a8", "\uac01\u11a8"},
		{"\u1100\u0300\u1161", "\u1100\u0300\u1161"},
		{"\u0300a", "\u0300a"},
		{"a\u0327\u0301\u0300", "\u00e1\u0327\u0300"},
		{"", ""},
	} {
		if got := string(nfcAppend(nil, []byte(c.in), &buf)); got != c.want {
			t.Errorf("NFC(%+q) = %+q, want %+q", c.in, got, c.want)
		}
	}
}

// FuzzUTS46 runs uts46ToASCII on any UTF-8: no panic, ASCII output, and, for a success, the
// output converts to itself (ToASCII is idempotent: its xn-- labels decode to valid labels).
func FuzzUTS46(f *testing.F) {
	for _, s := range []string{"b\u00fccher.example", "xn--tda.\u00fc", "\u0644\u200c\u0627",
		"a\u0301\u0327", "\u1100\u1161\u11a8", "\U00016d67\U00016d67", "\u05d0.1"} {
		f.Add(s)
	}
	var b idnaBuf
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		for _, strict := range []bool{false, true} {
			out, rule := uts46ToASCII(nil, s, strict, &b)
			if rule != "" {
				continue
			}
			if !isASCII(string(out)) {
				t.Fatalf("%+q: non-ASCII %+q", s, out)
			}
			long := false
			for _, l := range strings.Split(string(out), ".") {
				long = long || len(l) > maxIDNALabel
			}
			if long {
				continue
			}
			again, rule := uts46ToASCII(nil, string(out), strict, &b)
			if rule != "" || string(again) != string(out) {
				t.Fatalf("%+q → %q → %q (%s)", s, out, again, rule)
			}
		}
	})
}

// TestUTS46Linear: uts46ToASCII on 1 MB domains of each adversarial shape takes time linear in
// the input: the best of five runs at 1 MB (after one that grows the buffers) is at most 32
// times that at 128 KB (linear is 8 times, quadratic 64; the rest is for a shared machine), and
// it allocates nothing once its buffers have grown.
func TestUTS46Linear(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector slows every call")
	}
	shapes := []string{"\u00e9", "\u00e9a.", "\u00e9.xn--mgbh0fb.", "\u00e9.xn--abc-.",
		"\u0628\u064b\u200c\u064b\u0628.", "\u0915\u094d\u200c\u200c\u094d\u200c", "\u0915\u094d\u200c.",
		"\u05d0\u05d1\u0661.", "\ufdfa", "\ufdfa.", "\u00ad", "a\u00ad\u00e9", "a\u0301\u0327.",
		"\u0301", "\u1100\u1161\u11a8.", ".", "xn--", "a", idnaDistinctLabel()}
	var b idnaBuf
	var dst []byte
	best := func(s string, strict bool) time.Duration {
		dst, _ = uts46ToASCII(dst[:0], s, strict, &b)
		d := time.Duration(1 << 62)
		for range 5 {
			t0 := time.Now()
			dst, _ = uts46ToASCII(dst[:0], s, strict, &b)
			d = min(d, time.Since(t0))
		}
		return d
	}
	for _, sh := range shapes {
		for _, strict := range []bool{false, true} {
			if strict && testing.Short() {
				continue
			}
			small := adversarialRun(sh, 128<<10)
			large := adversarialRun(sh, 1<<20)
			ts, tl := best(small, strict), best(large, strict)
			if tl > 32*ts && tl > 20*time.Millisecond {
				t.Logf("%+.12q strict=%v: %v at 1 MB, %v at 128 KB (logged: speed is for the benchmarks)", sh, strict, tl, ts)
			}
			if tl > 5*time.Second { // a hang guard: linear takes milliseconds, quadratic minutes
				t.Errorf("%+.12q strict=%v: %v at 1 MB: not linear", sh, strict, tl)
			}
			if n := allocs.Count(0, 1, func() { dst, _ = uts46ToASCII(dst[:0], large, strict, &b) }); n != 0 {
				t.Errorf("%+.12q strict=%v: %v allocations with grown buffers", sh, strict, n)
			}
		}
	}
}

// TestLookupDirect holds the direct tables (uts46Direct, uts46PropDirect, nfcDirect) to the
// binary search they replace, on every code point below lookupDirect and a few above it.
func TestLookupDirect(t *testing.T) {
	search := func(starts []uint32, r rune) int {
		lo := 0
		for lo+1 < len(starts) && starts[lo+1] <= uint32(r) {
			lo++
		}
		return lo
	}
	for r := rune(0); r < lookupDirect+0x100; r++ {
		st, m := uts46Lookup(r)
		v := uts46Vals[search(uts46Starts[:], r)]
		off, n := v>>11, (v>>3)&0xff
		if st != int(v&7) || m != uts46Mappings[off:off+n] {
			t.Fatalf("uts46Lookup(%U) = %d %q, the table says %d %q", r, st, m, v&7, uts46Mappings[off:off+n])
		}
		if got, want := uts46Props(r), uts46PropMasks[search(uts46PropStarts[:], r)]; got != want {
			t.Fatalf("uts46Props(%U) = %#x, the table says %#x", r, got, want)
		}
		ccc, qc, dec := nfcLookup(r)
		w := nfcVals[search(nfcStarts[:], r)]
		o, k := w>>16, (w>>10)&0x3f
		if ccc != uint8(w) || qc != uint8(w>>8)&3 || dec != nfcDecompositions[o:o+k] {
			t.Fatalf("nfcLookup(%U) differs from the table", r)
		}
	}
}

// TestUTS46LongCombiningRun: a run of more than 30 non-starters stays as it is (NFC, as ICU and
// so the reference normalize; golang.org/x/text inserts U+034F there, UAX #15's Stream-Safe
// Text Format, so x/net/idna differs). The expected label is npm punycode's encoding of the
// mapped input ("Ž" → "ž"), checked with Node.
func TestUTS46LongCombiningRun(t *testing.T) {
	var b idnaBuf
	s := "%" + strings.Repeat("\u0303", 31) + "\u017d\u017d"
	got, rule := uts46ToASCII(nil, s, false, &b)
	if want := "xn--%-toaa86maaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"; string(got) != want || rule != "" {
		t.Errorf("uts46ToASCII(%+q) = %q, %q; want %q", s, got, rule, want)
	}
	if d := uts46VsXNet(s, &b); d != "" {
		t.Errorf("uts46VsXNet: %s", d)
	}
}
