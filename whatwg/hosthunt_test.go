package whatwg

import (
	"flag"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestReferenceHosts runs hostGen's inputs (below) through the reference implementation and
// through this package, as TestReference does refGen's, and compares the getters and, for
// inputs without a setter, the validation errors' names (ParseValidate against
// parseURLWithValidationErrors), in order. It also checks that the reference still gives the
// answers written in hostHuntCases. No difference is expected (there is no expected-failures
// list for it). Skipped, as TestReference is, when node or the packages are missing (failed
// under CI=true). For more inputs:
//
//	go test -run TestReferenceHosts ./whatwg/ -reference.hosts.n 500000 -reference.seed 7
var refHostsN = flag.Int("reference.hosts.n", envInt("LOCATOR_REFERENCE_HOSTS_N", 20000), "inputs of TestReferenceHosts")

func TestReferenceHosts(t *testing.T) {
	dir := refScript(t)
	var cases []refCase
	for _, h := range hostHuntCases {
		cases = append(cases, refCase{Input: h.input, Base: h.base, Validate: true})
	}
	table := len(cases)
	seen := map[string]bool{}
	g := newHostGen(*refSeed)
	for range *refHostsN {
		c := g.next()
		if k := c.key(); !seen[k] {
			seen[k] = true
			c.Validate = c.Setter == ""
			cases = append(cases, c)
		}
	}
	ref := runReference(t, dir, cases)
	for i, h := range hostHuntCases {
		href := ""
		if ref[i].OK {
			href = ref[i].Href
		}
		if errs := strings.Join(ref[i].Errors, " "); href != h.href || errs != h.errors {
			t.Errorf("hostHuntCases %q base %q: the reference now gives %q [%s], the table %q [%s]",
				h.input, h.base, href, errs, h.href, h.errors)
		}
	}
	failed, rejected := 0, 0
	for i, c := range cases[table:] {
		want := ref[table+i]
		if !want.OK {
			rejected++
		}
		d, _ := refDiff(c, runLocal(c), want)
		if c.Validate {
			if got, w := validationCodes(c), strings.Join(want.Errors, " "); got != w {
				d += "; validation errors [" + got + "], the reference [" + w + "]"
			}
		}
		if d != "" {
			if failed++; failed <= 50 {
				t.Errorf("%s: %s", c.key(), d)
			}
		}
	}
	n := len(cases) - table
	t.Logf("seed %d: %d generated inputs (%d rejected by the reference), %d differ", *refSeed, n, rejected, failed)
	if rejected*10 > n*9 {
		t.Errorf("%d of %d inputs rejected: the generator no longer reaches the host parser", rejected, n)
	}
}

// validationCodes returns the names of the validation errors that ParseValidate reports for
// c's input against its base, space-separated.
func validationCodes(c refCase) string {
	var base *URL
	if c.Base != "" {
		b, err := Parse(c.Base, nil)
		if err != nil {
			return "(base fails)"
		}
		base = &b
	}
	_, errs, _ := ParseValidate(c.Input, base)
	codes := make([]string, len(errs))
	for i, e := range errs {
		codes[i] = string(e.Code)
	}
	return strings.Join(codes, " ")
}

// hostHuntCases are host inputs with the answers of the reference implementation (npm
// whatwg-url 17.3.0, tr46 7.0.0, parseURLWithValidationErrors): the href ("" for failure) and
// the validation errors' names in order. The first rows are the differences hostGen found in
// the validation errors of the host parser (§3.5): IPv4-empty-part is reported before
// IPv4-too-many-parts fails (IPv4 parser steps 2 and 4), IPv4-non-decimal-part once for each
// part (step 6.3), and the opaque-host parser reports invalid-URL-unit at most once for a
// non-URL code point and once for a bad "%" (steps 2 and 3: "if input contains"). The rest are
// edges of IPv4 numbers, IPv6 compression, opaque hosts and UTS #46 on which both agreed.
var hostHuntCases = []struct{ input, base, href, errors string }{
	// Not the host parser's, but found beside it: §4.4 special authority slashes state reports
	// and hands the slash back to the special authority ignore slashes state, which reports it
	// again (two errors at one place, which report merged into one).
	{"https:/x", "", "https://x/", "special-scheme-missing-following-solidus special-scheme-missing-following-solidus"},
	{"http:/\\a", "", "http://a/", "special-scheme-missing-following-solidus special-scheme-missing-following-solidus special-scheme-missing-following-solidus"},
	{"http:\\\\\\//a", "", "http://a/", "special-scheme-missing-following-solidus special-scheme-missing-following-solidus special-scheme-missing-following-solidus special-scheme-missing-following-solidus special-scheme-missing-following-solidus special-scheme-missing-following-solidus"},
	{"ws:/\\/\\x", "", "ws://x/", "special-scheme-missing-following-solidus special-scheme-missing-following-solidus special-scheme-missing-following-solidus special-scheme-missing-following-solidus special-scheme-missing-following-solidus"},
	{"https:x", "", "https://x/", "special-scheme-missing-following-solidus"},
	{"https:/x", "https://b/", "https://b/x", "special-scheme-missing-following-solidus"},
	{"http://1.2.3.4.5./", "", "", "domain-to-ASCII IPv4-empty-part IPv4-too-many-parts"},
	{"http://1.2.3.4.5.6./", "", "", "domain-to-ASCII IPv4-empty-part IPv4-too-many-parts"},
	{"http://a.1.2.3.4./", "", "", "domain-to-ASCII IPv4-empty-part IPv4-too-many-parts"},
	{"http://0x1.2./", "", "http://1.0.0.2/", "domain-to-ASCII IPv4-empty-part IPv4-too-few-parts IPv4-non-decimal-part"},
	{"http://0x1.0x2.0x3.0x4/", "", "http://1.2.3.4/", "IPv4-non-decimal-part IPv4-non-decimal-part IPv4-non-decimal-part IPv4-non-decimal-part"},
	{"http://0x1.0X2.03.4/", "", "http://1.2.3.4/", "IPv4-non-decimal-part IPv4-non-decimal-part IPv4-non-decimal-part"},
	{"http://00.00.00.00/", "", "http://0.0.0.0/", "IPv4-non-decimal-part IPv4-non-decimal-part IPv4-non-decimal-part IPv4-non-decimal-part"},
	{"http://0x.0x.0x.0x/", "", "http://0.0.0.0/", "IPv4-non-decimal-part IPv4-non-decimal-part IPv4-non-decimal-part IPv4-non-decimal-part"},
	{"http://０ｘ１.0x2.03/", "", "http://1.2.0.3/", "IPv4-non-ASCII-input IPv4-too-few-parts IPv4-non-decimal-part IPv4-non-decimal-part IPv4-non-decimal-part"},
	{"http://%30x1.0%78/", "", "http://1.0.0.0/", "domain-percent-encoded IPv4-too-few-parts IPv4-non-decimal-part IPv4-non-decimal-part"},
	{"http://0x100.0x1/", "", "", "IPv4-too-few-parts IPv4-non-decimal-part IPv4-non-decimal-part IPv4-out-of-range-part"},
	{"//010.010./", "https://b.test/", "https://8.0.0.8/", "domain-to-ASCII IPv4-empty-part IPv4-too-few-parts IPv4-non-decimal-part IPv4-non-decimal-part"},
	{"http://1.2.3.09/", "", "", "IPv4-non-numeric-part"},
	{"http://a.09/", "", "", "IPv4-too-few-parts IPv4-non-numeric-part"},
	{"http://a.0x/", "", "", "IPv4-too-few-parts IPv4-non-numeric-part"},
	{"http://a.0xg/", "", "http://a.0xg/", ""},
	{"http://1.2.3.0x/", "", "http://1.2.3.0/", "IPv4-non-decimal-part"},
	{"http://4294967295/", "", "http://255.255.255.255/", "IPv4-too-few-parts IPv4-out-of-range-part"},
	{"http://4294967296/", "", "", "IPv4-too-few-parts IPv4-out-of-range-part"},
	{"http://0xffffffff./", "", "http://255.255.255.255/", "domain-to-ASCII IPv4-empty-part IPv4-too-few-parts IPv4-non-decimal-part IPv4-out-of-range-part"},
	{"http://1.16777216/", "", "", "IPv4-too-few-parts IPv4-out-of-range-part"},
	{"http://0000000000000000000000000000000000001/", "", "http://0.0.0.1/", "IPv4-too-few-parts IPv4-non-decimal-part"},
	{"http://1。2．3｡4/", "", "http://1.2.3.4/", "IPv4-non-ASCII-input"},
	{"http://%31%2e2%2E3.4/", "", "http://1.2.3.4/", "domain-percent-encoded"},
	{"foo://\fr\x7f\x19/p", "", "foo://%0Cr%7F%19/p", "invalid-URL-unit"},
	{"sc://%%%zz\x03?x", "", "sc://%%%zz%03?x", "invalid-URL-unit invalid-URL-unit"},
	{"foo://a%zz%zz\x01\x01/", "", "foo://a%zz%zz%01%01/", "invalid-URL-unit invalid-URL-unit"},
	{"foo://\u0080ü\ufffe/", "", "foo://%C2%80%C3%BC%EF%BF%BE/", "invalid-URL-unit"},
	{"foo://a%4/", "", "foo://a%4/", "invalid-URL-unit"},
	{"foo://%zz\x01%/", "", "foo://%zz%01%/", "invalid-URL-unit invalid-URL-unit"},
	{"foo://[::1]x/", "", "", "IPv6-unclosed"},
	{"foo://a]/", "", "", "host-invalid-code-point"},
	{"foo://%5B::1%5D/", "", "", "port-invalid"},
	{"http://[::1%25eth0]/", "", "", "IPv6-invalid-code-point"},
	{"http://[0:0:0:0:0:0:13.1.68.3]/", "", "http://[::d01:4403]/", ""},
	{"http://[::ffff:1.2.3.4]/", "", "http://[::ffff:102:304]/", ""},
	{"http://[1:2:3:4:5:6:7::]/", "", "http://[1:2:3:4:5:6:7:0]/", ""},
	{"http://[::1:2:3:4:5:6:7]/", "", "http://[0:1:2:3:4:5:6:7]/", ""},
	{"http://[1::2::3]/", "", "", "IPv6-multiple-compression"},
	{"http://[1:2:3:4:5:6:7:8::]/", "", "", "IPv6-too-many-pieces"},
	{"http://[FFFF:0:0:0:0:0:0:1]/", "", "http://[ffff::1]/", ""},
	{"http://[1:0:0:2:0:0:0:3]/", "", "http://[1:0:0:2::3]/", ""},
	{"http://[::1.2.3.04]/", "", "", "IPv4-in-IPv6-invalid-code-point"},
	{"http://[00000::]/", "", "", "IPv6-invalid-code-point"},
	{"http://xn--ZCA.xn--/", "", "http://xn--zca.xn--/", "domain-to-ASCII"},
	{"http://ü.xn--/", "", "", "domain-to-ASCII"},
	{"http://ü.XN--ZCA/", "", "http://xn--tda.xn--zca/", ""},
	{"http://ü.xn--a-/", "", "", "domain-to-ASCII"},
	{"http://ü.xn--ss-/", "", "", "domain-to-ASCII"},
	{"http://١۱.a/", "", "", "domain-to-ASCII"},
	{"http://ب\u200cب/", "", "http://xn--ngba799q/", ""},
	{"http://a·/", "", "http://xn--a-gda/", ""},
	{"http://l·l.ü/", "", "http://xn--ll-0ea.xn--tda/", ""},
	{"http://͵α.ü/", "", "http://xn--wva4j.xn--tda/", ""},
	{"http://ß.ς/", "", "http://xn--zca.xn--3xa/", ""},
	{"http://́a/", "", "", "domain-to-ASCII"},
	{"http://a\u00adb\u200b/", "", "http://ab/", ""},
	{"http://%C3%BC/", "", "http://xn--tda/", "domain-percent-encoded"},
	{"http://%C3/", "", "", "domain-percent-encoded domain-to-ASCII"},
	{"http://%EF%BC%8E/", "", "http://./", "domain-percent-encoded domain-to-ASCII"},
	{"http://a。b．c｡d/", "", "http://a.b.c.d/", ""},
	{"http://１２７.0.0.1/", "", "http://127.0.0.1/", "IPv4-non-ASCII-input"},
}

// TestHostHuntCases checks ParseValidate (and Parse) on hostHuntCases without the reference.
func TestHostHuntCases(t *testing.T) {
	for _, h := range hostHuntCases {
		c := refCase{Input: h.input, Base: h.base}
		var base *URL
		if h.base != "" {
			b := MustParse(h.base)
			base = &b
		}
		u, _, err := ParseValidate(h.input, base)
		href := ""
		if err == nil {
			href = u.Href()
		}
		if got := validationCodes(c); href != h.href || got != h.errors {
			t.Errorf("ParseValidate(%q, %q) = %q [%s], want %q [%s]", h.input, h.base, href, got, h.href, h.errors)
		}
		pu, perr := Parse(h.input, base)
		if (perr == nil) != (err == nil) || pu.Href() != u.Href() {
			t.Errorf("Parse(%q, %q) = %q, %v; ParseValidate gave %q, %v", h.input, h.base, pu.Href(), perr, href, err)
		}
	}
}

// hostGen generates inputs aimed at the host parser alone (§3.5 host parser, §3.3 domain to
// ASCII, UTS #46), beyond refGen's pools: IPv4 numbers in every spelling and through UTS #46
// mapping (fullwidth digits, ideographic full stops, percent-encoded digits), IPv6 addresses
// with compression at every place, IPv4 inside and too many pieces, opaque hosts with every
// ASCII byte, and domains drawn from Unicode sets that UTS #46, RFC 5892 (CONTEXTJ, CONTEXTO)
// and RFC 5893 (the Bidi Rule) treat apart; each through Parse with and without a base, in
// lower and upper case, and through the host and hostname setters.
type hostGen struct{ genRand }

func newHostGen(seed uint64) *hostGen {
	return &hostGen{genRand{rand.New(rand.NewPCG(seed, 0x686f737473))}} // "hosts"
}

var (
	hgIPv4Nums = []string{"0", "1", "7", "8", "9", "10", "127", "255", "256", "65535", "65536",
		"16777215", "16777216", "4294967295", "4294967296", "0x", "0X", "0x0", "0xff", "0XFF",
		"0x100", "0xffffff", "0xffffffff", "0x100000000", "0xg", "0x-1", "00", "000", "07", "08",
		"010", "0377", "0400", "037777777777", "040000000000", "09", "0.", "1e2", "99999999999999999999",
		"0x00000000000000000000ff", "00000000000000000000000001", "", "a", "x", "0xx", "1a",
		"f", "0xa.", "%30", "%30x", "0%78", "%31%32", "０", "１２", "０ｘ１", "0ｘ1", "０Ｘ",
		"¹", "①", "٣", "𝟏", "1\u00ad", "\u200b1"}
	hgIPv4Seps = []string{".", ".", ".", ".", "。", "．", "｡", "%2e", "%2E", "\u3002"}

	hgIPv6Pieces = []string{"0", "1", "00", "000", "0000", "00000", "ffff", "FFFF", "fFfF", "10000",
		"abcd", "12345", "g", "1.2.3.4", "0.0.0.0", "255.255.255.255", "1.2.3", "1.2.3.4.5",
		"01.2.3.4", "1.2.3.256", "1.2.3.04", "1..2.3", "0x1", "%25", "%251", "", " ", "1 ",
		"0.1.2.3", "9.9.9.9", "1.2.3.4x", "１"}

	// Code points of the sets the domain parser's UTS #46 options tell apart.
	hgDeviation = []string{"ß", "ς", "\u200d", "\u200c", "ẞ", "Σ"}
	hgMarks     = []string{"\u0300", "\u0301", "\u0308", "\u093c", "\u094d", "\u0e31", "\u1ab0",
		"\u20d0", "\u302a", "\u0903", "\u0bcd", "\u0f84", "\u05b0", "\u0610", "\u064b", "\u0670"}
	hgBidi = []string{"א", "ב", "\u05d0\u05b0", "ا", "ب", "ل", "ی", "ک", "\u0660", "\u0661",
		"\u06f0", "\u06f1", "\u0669", "1", "9", "a", "-", "\u0300", "\u200f", "\u200e", "\u0780",
		"\u07c0", "\u0800", "\u08a0", "ﬡ", "ﭐ", "ﺍ", "\U00010800", "\U0001e900", "\u066b", "\u066c",
		"+", "$", "ℶ", "\u202e", "\u0661\u06f1", "\u200f", "\u2212", "%", "\u00b2"}
	hgContext = []string{"\u00b7", "l\u00b7l", "L\u00b7L", "a\u00b7a", "\u0375", "\u0375α",
		"\u0375a", "\u05f3", "\u05f4", "א\u05f3", "a\u05f3", "\u30fb", "\u30fbア", "ア\u30fb",
		"a\u30fb", "\u0660\u06f0", "\u0661\u0662", "\u06f1\u06f2", "\u094d\u200d", "क\u094d\u200c",
		"क\u094d\u200d", "ب\u200cب", "ب\u064b\u200c\u064bب", "ا\u200cب", "ب\u200cا", "a\u200cb",
		"\u0644\u200c\u0627", "\u0628\u200c\u0640", "ع\u200c\u200cع", "\u0bcd\u200c", "\u200c\u094d",
		"ꡀ\u200cꡀ", "\u1806", "\u0640"}
	hgDots     = []string{".", "。", "．", "｡", "\u3002", "%2e", "%E3%80%82", "\u2024", "\ufe52"}
	hgIgnored  = []string{"\u00ad", "\u200b", "\ufe00", "\ufe0f", "\U000e0100", "\u034f", "\u180b", "\u2060", "\ufeff", "\u2064", "\U0001bca0"}
	hgDisallow = []string{"\u0080", "\u009f", "\u2028", "\ufffd", "\ufffe", "\U000e0001", "\U0010ffff",
		"\ud7ff", "\u0378", "\u00a0", "\u3000", "\u2488", "\u2474", "\u1100", "\u115f", "\u3164",
		"\uffa0", "\u17b4", "\u2100", "\u2101", "\u2474", "\u00bc", "\u2a74", "\U0002f868", "\ufdfa",
		"\u0340", "\u0f77", "\u1e9e", "\u00df", "\u03c2", "\u2010", "\u2011", "\u2012", "\u2013",
		"\ufe6b", "\uff20", "\uff03", "\uff0f", "\uff1a", "\uff1f", "\uff3b", "\uff3c", "\u2100", "\u2044",
		"\u2215", "\ufe55", "\ufe56", "\ufe5f", "\u2474", "\u24b6", "\U0001f100"}
	// Code points assigned in Unicode 16 and 17 (and some of 15.1), where table versions differ.
	hgNew = []string{"\U0001ccf0", "\U0001ccd6", "\u1c89", "\u1c8a", "\ua7cb", "\ua7cc", "\ua7dc",
		"\U000105c0", "\U00010d4a", "\U00011380", "\U0001e5d0", "\U0001f8b0", "\u0897", "\U000116d0",
		"\U0001e6c0", "\U00016ea0", "\U00016eb0", "\u2fff", "\u31e4", "\U0002ebf0", "\U00031350",
		"\ua7cd", "\ua7ce", "\ua7f1", "\U00010ec5", "\U00011b60", "\U0001d3c0", "\u088f",
		"\u1acf", "\u1ade", "\U00010940", "\U0001e7e0", "\U00011db0", "\U00016ff2", "\U0001f6d8",
		"\U000323b0", "\U00033479"}
	hgLetters = []string{"a", "b", "z", "A", "Z", "0", "9", "-", "_", "ü", "Ü", "é", "e\u0301",
		"ñ", "ø", "å", "İ", "ı", "ǅ", "ﬀ", "Ⅷ", "㍻", "ｱ", "ｶﾞ", "ガ", "カ\u3099", "한", "\u1100\u1161",
		"ж", "Ж", "ё", "ω", "Ω", "ά", "日", "本", "𝔘", "ℌ", "Ａ", "ａ", "㎒", "ǰ", "\u0130",
		"ß", "ẞ", "ς", "σ", "😀", "👨\u200d👩", "⒈", "①", "™", "℡", "㈱", "ﷺ"}
	hgXn = []string{"xn--", "xn--a", "xn--a-", "xn--abc-", "xn--zca", "xn--ZCA", "XN--zca",
		"Xn--zca", "xn--tda", "xn--ss-", "xn--a-ecp", "xn--bcher-kva", "xn--BCHER-KVA",
		"xn--mnchen-3ya", "xn--dmin-moa0i", "xn--nxasmm1c", "xn--nxasmq6b", "xn--0ca", "xn--1ca",
		"xn--a-ufa", "xn--u-ccb", "xn--ua", "xn--4db", "xn--5db", "xn--4dbb", "xn--a-0fc",
		"xn--ls8h", "xn--1ug", "xn--0ug", "xn--1ugb", "xn--b-ugn", "xn--kgb", "xn--mgb",
		"xn--e1afmkfd", "xn--80ak6aa92e", "xn--wgv71a", "xn--9n2bp8q", "xn--zz", "xn--99999999",
		"xn--" + strings.Repeat("a", 59), "xn--" + strings.Repeat("a", 60), "xn--ß", "xn--ü",
		"xn--a.", "xn--xn--zca", "xn---", "xn--1", "xn--ki8h", "xn--l8j", "xn--rhqv96g",
		"xn--a-1ga", "xn--abc", "xn--i", "xn--ab", "xn--c1yn36f", "xn--n3h", "xn--zca.xn--zca",
		"xn--9ca", "xn--10cl1a0b", "xn--hxa", "xn--4ca0bs", "xn--qei", "xn--ss-" + "ckb"}
	hgPct = []string{"%C3%BC", "%c3%bc", "%C3", "%BC", "%ff", "%FE%FF", "%EF%BB%BF", "%E2%80%8D",
		"%E2%80%8C", "%C2%AD", "%41", "%2e", "%25", "%00", "%0a", "%20", "%C0%AE", "%E0%80%AE",
		"%ED%A0%80", "%F4%90%80%80", "%E3%80%82", "%EF%BC%8E", "%F0%9F%98%80", "%", "%%", "%4",
		"%zz", "%C3%9F", "%CF%82", "%D7%90", "%D9%A1"}
)

// next returns one case.
func (g *hostGen) next() refCase {
	var host string
	switch g.r.IntN(10) {
	case 0, 1:
		host = g.ipv4()
	case 2:
		host = "[" + g.ipv6() + "]"
	case 3:
		host = g.opaqueBytes()
	default:
		host = g.domain()
	}
	if g.chance(0.15) {
		host = strings.ToUpper(host)
	}
	if g.chance(0.1) {
		host = hostMutate(g, host)
	}
	scheme := g.pick([]string{"http", "https", "http", "ws", "ftp", "file", "foo", "sc", "HTTP"})
	if strings.HasPrefix(host, "\x00op") {
		host = host[3:]
		scheme = g.pick([]string{"foo", "sc", "non-spec", "http", "file"})
	}
	tail := g.pick([]string{"", "/", "/p", "/p?q#f", ":80/", ":8080", ":", "?x", "#y", "\\x", "/%41"})
	switch g.r.IntN(8) {
	case 0:
		// a relative reference with a host, against a base of the same or another scheme
		base := g.pick([]string{"http://example.com/a", "https://b.test/", "file:///C:/x",
			"foo://h/a", "sc://x/"})
		return refCase{Input: g.pick([]string{"//", "\\\\", "/\\"}) + host + tail, Base: base}
	case 1, 2:
		// the host and hostname setters
		setter := g.pick([]string{"host", "hostname"})
		base := g.pick([]string{"http://example.com/a", "https://u:p@b.test:81/", "file:///x",
			"file://h/x", "foo://h/a", "sc://x/", "foo:/p", "ws://w/"})
		v := host
		if setter == "host" && g.chance(0.3) {
			v += ":" + g.pick([]string{"1", "80", "443", "65536", "x", ""})
		}
		if g.chance(0.2) {
			v += g.pick([]string{"/", "?", "#", "\\", "/x", "@", "%", " "})
		}
		return refCase{Input: base, Setter: setter, Value: v}
	}
	return refCase{Input: scheme + "://" + host + tail}
}

// hostMutate inserts, deletes or replaces one byte or code point.
func hostMutate(g *hostGen, s string) string {
	if s == "" {
		return string(rune(g.r.IntN(128)))
	}
	i := g.r.IntN(len(s) + 1)
	for i < len(s) && !utf8.RuneStart(s[i]) {
		i++
	}
	var ins string
	switch g.r.IntN(4) {
	case 0:
		ins = string([]byte{byte(g.r.IntN(128))})
	case 1:
		ins = g.pick(hgDots)
	case 2:
		ins = g.pick(hgPct)
	default:
		ins = g.pick(hgIgnored)
	}
	if g.chance(0.3) && i < len(s) {
		_, n := utf8.DecodeRuneInString(s[i:])
		return s[:i] + ins + s[i+n:]
	}
	return s[:i] + ins + s[i:]
}

func (g *hostGen) ipv4() string {
	n := 1 + g.r.IntN(5)
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(g.pick(hgIPv4Seps))
		}
		switch g.r.IntN(6) {
		case 0:
			b.WriteString(strconv.FormatUint(g.r.Uint64N(1<<33), g.pick1([]int{8, 10, 16})))
		case 1:
			b.WriteString(strings.Repeat("0", g.r.IntN(30)) + strconv.Itoa(g.r.IntN(300)))
		default:
			b.WriteString(g.pick(hgIPv4Nums))
		}
	}
	if g.chance(0.2) {
		b.WriteString(g.pick(hgIPv4Seps))
	}
	s := b.String()
	if g.chance(0.15) {
		// a domain label first: "a.1" ends in a number; "1.a" does not
		s = g.pick([]string{"a.", "xn--zca.", "ü.", "a.b.", "localhost."}) + s
	}
	if g.chance(0.1) {
		s += g.pick([]string{".a", ".0x", ".0xg", ".09", ".x", ".ü", ".a1", ".1a"})
	}
	return s
}

func (g *hostGen) pick1(xs []int) int { return xs[g.r.IntN(len(xs))] }

func (g *hostGen) ipv6() string {
	n := g.r.IntN(10)
	parts := make([]string, n)
	for i := range parts {
		if g.chance(0.5) {
			parts[i] = strconv.FormatUint(g.r.Uint64N(0x10000), 16)
		} else {
			parts[i] = g.pick(hgIPv6Pieces)
		}
	}
	s := strings.Join(parts, ":")
	if g.chance(0.6) {
		// compression at any place, sometimes twice
		for range 1 + g.r.IntN(2) {
			k := 0
			if len(s) > 0 {
				k = g.r.IntN(len(s) + 1)
			}
			s = s[:k] + g.pick([]string{"::", ":", ":::"}) + s[k:]
		}
	}
	if g.chance(0.1) {
		s = g.pick([]string{"%25eth0", "%eth0", "%", "%251", "]", "[", "/", " "}) + s
	}
	return s
}

// opaqueBytes returns an opaque host (marked for a non-special scheme) of random ASCII bytes
// and pieces.
func (g *hostGen) opaqueBytes() string {
	var b strings.Builder
	b.WriteString("\x00op")
	for range 1 + g.r.IntN(6) {
		switch g.r.IntN(4) {
		case 0:
			b.WriteByte(byte(g.r.IntN(128)))
		case 1:
			b.WriteString(g.pick(hgPct))
		case 2:
			b.WriteString(g.pick(hgLetters))
		default:
			b.WriteString(g.pick([]string{"[", "]", "[::1]", "[::1", "::1]", "a]", "%5B", "|", "^",
				"`", "{", "}", "<", ">", "\"", "'", "\x7f", "@", ":", "%2F", "~", "!", "$", "&", "(", ")", "*", "+", ",", ";", "="}))
		}
	}
	return b.String()
}

func (g *hostGen) domain() string {
	n := 1 + g.r.IntN(4)
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(g.pick(hgDots))
		}
		b.WriteString(g.label())
	}
	if g.chance(0.1) {
		b.WriteString(g.pick(hgDots))
	}
	if g.chance(0.05) {
		// long labels and long domains around 63/64 and 253/254 bytes
		base := g.pick([]string{"a", "ü", "xn--zca", "ß"})
		l := strings.Repeat("a", 60+g.r.IntN(6)-len(base)) + base
		return strings.Repeat(l+".", g.r.IntN(5)) + l
	}
	return b.String()
}

func (g *hostGen) label() string {
	if g.chance(0.15) {
		return g.pick(hgXn)
	}
	if g.chance(0.05) {
		return ""
	}
	var b strings.Builder
	k := 1 + g.r.IntN(5)
	for range k {
		switch g.r.IntN(12) {
		case 0:
			b.WriteString(g.pick(hgDeviation))
		case 1:
			b.WriteString(g.pick(hgMarks))
		case 2, 3:
			b.WriteString(g.pick(hgBidi))
		case 4:
			b.WriteString(g.pick(hgContext))
		case 5:
			b.WriteString(g.pick(hgIgnored))
		case 6:
			b.WriteString(g.pick(hgDisallow))
		case 7:
			b.WriteString(g.pick(hgNew))
		case 8:
			b.WriteString(g.pick(hgPct))
		default:
			b.WriteString(g.pick(hgLetters))
		}
	}
	return b.String()
}
