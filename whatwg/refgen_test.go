package whatwg

import (
	"math/rand/v2"
	"strings"
)

// refCase is one input of the differential test against the reference implementation
// (reference_test.go): input parsed against base (when base is not empty; the generator never
// uses an empty base), then, when setter is not empty, that attribute of the URL set to value.
type refCase struct {
	Input  string `json:"input"`
	Base   string `json:"base,omitempty"`
	Setter string `json:"setter,omitempty"`
	Value  string `json:"value"`
	// Validate asks the reference for the validation errors too (refResult.Errors; no setter).
	Validate bool `json:"validate,omitempty"`
}

// refGen generates the inputs of the differential test from a seed: the same seed gives the
// same inputs on every machine (math/rand/v2's PCG is specified). The pools below aim at the
// places where implementations differ: the host parser (IPv4 in every radix and part count,
// IPv6 with and without compression and embedded IPv4, UTS #46 mapping, xn-- labels, bidi and
// CONTEXTJ, percent-encoded hosts, forbidden code points), the path (dot segments in every
// spelling, backslashes, Windows drive letters), special and non-special schemes, relative
// references against bases, the setters (with hostile values too), and URLSearchParams.
type refGen struct{ genRand }

func newRefGen(seed uint64) *refGen {
	return &refGen{genRand{rand.New(rand.NewPCG(seed, 0x6c6f6361746f72))}} // "locator"
}

// genRand is the random source of the generators (refGen, hostGen) with their two draws.
type genRand struct{ r *rand.Rand }

func (g genRand) pick(xs []string) string { return xs[g.r.IntN(len(xs))] }
func (g genRand) chance(p float64) bool   { return g.r.Float64() < p }

var (
	refSchemes = []string{"http", "https", "ws", "wss", "ftp", "file", "HTTP", "hTtPs", "FILE",
		"foo", "urn", "data", "javascript", "mailto", "blob", "sc", "a+b.-c", "non-spec"}
	refAfterScheme = []string{"://", "://", "://", ":", ":/", ":\\\\", ":///", ":\\/", ":/\\", ":////"}

	// Hosts, in parts the generator combines.
	refASCIILabels = []string{"a", "example", "EXAMPLE", "com", "a-b", "-a", "a-", "1", "09",
		"0x", "0X1F", "www", "ab--c", "xn--", "xn--abc-", "xn--tda", "xn--a", "xn--nxasmq6b",
		"xn--mgba3a4fra", "xn--zca", "xn--a-ecp.ru", "XN--TDA", "xn--ls8h", "xn--1ug", "xn--0ug",
		"xn--a-2hc", "xn--4ca", "xn--abc", "xn--n3h", "a.b", "", "localhost", "LOCALHOST"}
	refUnicodeLabels = []string{"ü", "Ü", "ß", "ς", "Σ", "bücher", "пример", "例え", "日本",
		"مثال", "ل", "ل\u200c١", "ل\u200cا", "a\u200cb", "a\u200db", "क्\u200d", "\u200d",
		"\u200c", "aℶ", "ℶa", "א", "אב1", "a\u05d0", "1א", "١٢", "\u0661a", "\u0300a", "a\u0300",
		"a\u00adb", "\u00ad", "Ɤ", "ꟃ", "a\u2061b", "\u2062", "\u1806", "ｅｘａｍｐｌｅ", "①",
		"Ⅻ", "ﬁ", "İ", "ǅ", "😀", "\ufffd", "a\ufe0fb", "\U00032931", "ä\u0308", "ℌ", "㎏",
		"‐", "−a", "a\u180eb", "\u3000", "\u2028"}
	refHostSeps  = []string{".", ".", ".", "。", "．", "｡", "%2e", "%2E"}
	refPctLabels = []string{"%41", "%61b", "%2e", "%zz", "%", "%ef%bc%8e", "%C3%BC", "%c3", "%00",
		"%20", "%25", "%E2%80%8C", "%ff", "%3A"}
	refForbidden = []string{"<", ">", "^", "|", " ", "%", "@", "\\", "[", "]", "?", "#", "/",
		"\t", "\n", "\x00", "\x7f", "*", "&", "'", "$", "!", "~", "_"}
	refIPv4Parts = []string{"0", "1", "127", "255", "256", "4294967295", "4294967296", "0x7f",
		"0X7F", "0x", "0xffffffff", "0x100000000", "077", "0377", "08", "09", "00", "1e1", "0.0",
		"999999999999", "18446744073709551616", "0x0000000000000000001", "+1", "1 "}
	refIPv6 = []string{"::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8",
		"1::8", "0:0:0:0:0:0:0:0", "::ffff:1.2.3.4", "::1.2.3.4", "1:2:3:4:5:6:1.2.3.4",
		"::ffff:127.0.0.1", "FFFF::", "1:0:0:2::3", "1:0:0:2:0:0:3:0", "0:1:0:0:0:1:0:0",
		"1::2::3", ":1", "1:", ":::", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "::1.2.3", "::1.2.3.4.5",
		"::01.2.3.4", "::1.2.3.256", "::ffff:0x1.2.3.4", "12345::", "::g", "fe80::1%251",
		" ::1", "::1 ", "v1.x", "::1]", "[::1", "1:2:3:4:5::1.2.3.4", "0::0:0", "::0.0.0.0"}
	refPorts = []string{"", "0", "80", "443", "21", "8080", "65535", "65536", "99999999999",
		"00080", "a", "1a", " 1", "+1", "0x50", "80\t", "-1"}

	refUserinfo = []string{"user", "user:pass", ":pass", "us%65r", "u@s", "ü", ":", "a b",
		"user:p@ss", "\\", "%40", "u:p:q", "\"", "'", "{}"}

	refSegments = []string{"a", "b", "c", ".", "..", "%2e", "%2E", ".%2e", "%2e.", "%2e%2E",
		"...", "", "", "a b", "ü", "%", "%zz", "%2f", "C:", "c|", "C|", "a:b", "'", "\"", "<>",
		"^", "`", "{", "}", "|", "\x00", "\x1f", "\x7f", "\u00a0", "\ufffd", "😀", "?", "#",
		"%00", ";p", "a;b=c", "\t", "\n", "\r", "[", "]", "@", "=", "&"}
	refPathSeps = []string{"/", "/", "/", "/", "\\"}
	refQueries  = []string{"", "q", "a=b", "a=b&c=d", "a b", "'", "\"", "<>", "`", "#x", "%",
		"%zz", "ü", "a+b", "%20", "\u00a0", "\x00", "\x7f", "{}", "|", "\\", "??", "=&="}
	refFragments = []string{"", "f", "a b", "`", "\"", "<>", "#", "%", "ü", "\x00", "\x7f",
		"'", "{}", "|", "\\", "?x", "%zz", "😀", "\u200c"}

	refBases = []string{"http://example.com/a/b/c", "https://user:pass@EXAMPLE.com:443/d/e?q#f",
		"http://a/b/c/d;p?q", "file:///C:/a/b", "file://host/share/x", "file:///", "foo://h/a/b",
		"foo:/a/b", "foo:a/b", "sc:opaque?q#f", "urn:isbn:123", "data:text/plain,x",
		"mailto:a@b", "http://[::1]:8080/", "ws://h/", "http://xn--tda.com/", "non-spec:/.//p",
		"about:blank", "javascript:alert(1)", "blob:https://a/b"}
	refRelatives = []string{"", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", ";x",
		"..", "../", "../g", "../..", "../../g", "../../../g", ".", "./", "/./g", "/../g", "g.",
		".g", "g..", "..g", "./../g", "./g/.", "g/./h", "g/../h", "\\g", "\\\\g", "\\\\g\\h",
		"/\\g", "http:g", "http:/g", "http:", "file:g", "file:..", "file:/", "C:", "C|/x", "/C:",
		"//C:/x", "foo:g", "FOO:g", " g ", "\tg\n", "%2e%2e/g", "?", "#", "//", "///", "\\",
		"https:g", "ws:", "sc:", "HTTP:\\\\a"}
	refSetters = []string{"href", "protocol", "username", "password", "host", "hostname", "port",
		"pathname", "search", "hash"}
	refProtocols = []string{"http", "https", "file", "ftp", "ws", "foo", "HTTPS", "h:", "http:x",
		"", "1a", "a+b", "data", "javascript:", " http", "http\t"}
)

var (
	// Pieces of hostile values (hostile): percent runs good and broken, non-ASCII, invalid
	// UTF-8 (lone bytes, which may follow a percent-encoded lead byte, a surrogate's encoding,
	// a cut sequence, an overlong one), a BOM,
	// numbers at the limits of ports and IPv4 parts, IPv6 forms, and the delimiters.
	refHostile = []string{"%", "%%", "%2", "%zz", "%41", "%2e", "%2E", "%00", "%ff", "%3A", "%25",
		"%E2%82", "%C3", "é", "😀", "\ufffd", "\u200d", "\uff45", "ß", "İ", "\xff", "\x80", "\xa9",
		"\xed\xa0\x80", "\xe2\x82", "\xc0\xaf", "\ufeff", "\u00a0", "\u3002", "0", "1", "255", "256",
		"4294967295", "4294967296", "0x", "0xff", "65535", "65536", "99999", "[", "]", "::", "::1",
		"[::1]", "[::ffff:1.2.3.4]", "1.2.3.4", "0x7f.1", "xn--", "xn--tda", ".", "..", "/", "\\",
		"?", "#", "@", ":", "=", "&", "+", "http://a/", "file:", "blob:", "C:", "c|", "localhost"}
	// Names and values for URLSearchParams, few so that they repeat: code points on both
	// sides of the surrogates in UTF-16 order (U+FFFD and U+FF45 sort after U+10000).
	refParamNames = []string{"a", "b", "", "a b", "é", "😀", "\ufffd", "+", "%", "=", "&",
		"\xff", "A", "\uff45", "\U00010000", "\uffff", "z", "%41"}
	refParamOps = []string{"append", "delete", "set", "get", "getAll", "has", "sort", "size"}
)

// refOpSep and refArgSep separate the operations of a URLSearchParams script and the fields of
// one (ref.js). The generator keeps them out of names and values.
const (
	refOpSep  = "\x1e"
	refArgSep = "\x1f"
)

// next returns the next case.
func (g *refGen) next() refCase {
	switch n := g.r.IntN(20); {
	case n < 11:
		return refCase{Input: g.url()}
	case n < 16:
		base := g.pick(refBases)
		if g.chance(0.3) {
			base = g.url()
		}
		return refCase{Input: g.relative(), Base: base}
	case n < 19:
		return g.setter()
	default:
		return g.params()
	}
}

// hostile returns up to 5 pieces: any ASCII byte, a piece of refHostile, or a letter.
func (g *refGen) hostile() string {
	var b strings.Builder
	for range g.r.IntN(6) {
		switch g.r.IntN(3) {
		case 0:
			c := byte(g.r.IntN(128))
			if c == refOpSep[0] || c == refArgSep[0] {
				c = 'x'
			}
			b.WriteByte(c)
		case 1:
			b.WriteString(g.pick(refHostile))
		default:
			b.WriteByte(byte('a' + g.r.IntN(26)))
		}
	}
	return b.String()
}

// param returns a name or value for URLSearchParams: mostly one that repeats, so that the
// methods find what they look for.
func (g *refGen) param() string {
	if g.chance(0.3) {
		return g.hostile()
	}
	return g.pick(refParamNames)
}

// params generates a URLSearchParams case: a query string (for a URL, or for the
// constructor, sometimes with a leading "?") and a script of 1 to 6 operations, with the
// URL's search and href set in between now and then, while its query object is held.
func (g *refGen) params() refCase {
	var q strings.Builder
	for i := range g.r.IntN(6) {
		if i > 0 {
			q.WriteString(g.pick([]string{"&", "&", "&&", ";"}))
		}
		if g.chance(0.3) {
			q.WriteString(g.hostile())
		} else {
			q.WriteString(g.param() + "=" + g.param())
		}
	}
	c := refCase{Setter: "URLSearchParams", Input: q.String()}
	if g.chance(0.2) {
		c.Input = "?" + c.Input
	}
	ops := refParamOps
	if g.chance(0.6) {
		c.Setter = "searchParams"
		c.Input = g.pick(refBases)
		if g.chance(0.3) {
			c.Input = g.url()
		}
		if g.chance(0.7) {
			c.Input = strings.SplitN(c.Input, "#", 2)[0] + "?" + q.String()
		}
		ops = append(ops[:len(ops):len(ops)], "search", "href")
	}
	script := make([]string, 1+g.r.IntN(6))
	for i := range script {
		op := g.pick(ops)
		f := []string{op}
		switch op {
		case "append", "set":
			f = append(f, g.param(), g.param())
		case "delete", "has":
			f = append(f, g.param())
			if g.chance(0.5) {
				f = append(f, g.param())
			}
		case "get", "getAll":
			f = append(f, g.param())
		case "search":
			f = append(f, g.pick([]string{"", "?", "?" + q.String(), g.hostile() + "=" + g.param()}))
		case "href":
			href := g.pick([]string{g.url(), g.pick(refBases), g.hostile()})
			f = append(f, strings.NewReplacer(refOpSep, "", refArgSep, "").Replace(href))
		}
		script[i] = strings.Join(f, refArgSep)
	}
	c.Value = strings.Join(script, refOpSep)
	return c
}

// url generates an absolute URL: scheme, the text after it, an authority (most of the time),
// a path, a query and a fragment, sometimes with leading or trailing C0 controls and spaces.
func (g *refGen) url() string {
	var b strings.Builder
	if g.chance(0.05) {
		b.WriteString(g.pick([]string{" ", "\t", "\x01", "\n", "  "}))
	}
	b.WriteString(g.pick(refSchemes))
	after := g.pick(refAfterScheme)
	b.WriteString(after)
	if strings.ContainsAny(after, "/\\") || g.chance(0.2) {
		g.authority(&b)
	}
	g.path(&b)
	if g.chance(0.3) {
		b.WriteString("?" + g.pick(refQueries))
	}
	if g.chance(0.2) {
		b.WriteString("#" + g.pick(refFragments))
	}
	if g.chance(0.05) {
		b.WriteString(g.pick([]string{" ", "\x1f", "\t", "\r\n"}))
	}
	return b.String()
}

func (g *refGen) authority(b *strings.Builder) {
	if g.chance(0.1) {
		b.WriteString(g.pick(refUserinfo) + "@")
	}
	b.WriteString(g.host())
	if g.chance(0.2) {
		b.WriteString(":" + g.pick(refPorts))
	}
}

// host generates a host of one of the kinds the host parser tells apart.
func (g *refGen) host() string {
	switch g.r.IntN(10) {
	case 0, 1: // IPv4 in its many forms (WHATWG URL §3.5 IPv4 parser), with 1 to 5 parts
		parts := make([]string, 1+g.r.IntN(5))
		for i := range parts {
			parts[i] = g.pick(refIPv4Parts)
		}
		h := strings.Join(parts, g.pick([]string{".", ".", ".", "。"}))
		if g.chance(0.15) {
			h += "."
		}
		if g.chance(0.1) {
			h = "a." + h
		}
		return h
	case 2: // IPv6
		if g.chance(0.1) {
			return g.pick(refIPv6)
		}
		return "[" + g.pick(refIPv6) + "]"
	case 3: // one forbidden or unusual code point inside a label
		return g.label() + g.pick(refForbidden) + g.label()
	case 4: // percent-encoded
		return g.label() + g.pick(refPctLabels) + g.label()
	}
	// Domains of 1 to 4 labels, ASCII, Unicode or mixed.
	n := 1 + g.r.IntN(4)
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(g.pick(refHostSeps))
		}
		b.WriteString(g.label())
	}
	if g.chance(0.1) {
		b.WriteString(".")
	}
	return b.String()
}

// label returns an ASCII, Unicode or mixed domain label.
func (g *refGen) label() string {
	switch g.r.IntN(5) {
	case 0, 1:
		return g.pick(refASCIILabels)
	case 2:
		return g.pick(refUnicodeLabels)
	case 3:
		return g.pick(refASCIILabels) + g.pick(refUnicodeLabels)
	}
	return g.pick(refUnicodeLabels) + g.pick(refASCIILabels)
}

func (g *refGen) path(b *strings.Builder) {
	n := g.r.IntN(5)
	for range n {
		b.WriteString(g.pick(refPathSeps))
		seg := g.pick(refSegments)
		if g.chance(0.1) {
			seg += g.pick(refSegments)
		}
		b.WriteString(seg)
	}
	if n == 0 && g.chance(0.3) {
		b.WriteString(g.pick(refSegments)) // an opaque path or a path without a leading "/"
	}
}

// relative generates a reference: a fixed relative form, a generated path, or an absolute URL.
func (g *refGen) relative() string {
	switch g.r.IntN(6) {
	case 0, 1, 2:
		return g.pick(refRelatives)
	case 3:
		var b strings.Builder
		g.path(&b)
		s := b.String()
		if len(s) > 0 && g.chance(0.5) {
			s = s[1:]
		}
		if g.chance(0.2) {
			s += "?" + g.pick(refQueries)
		}
		return s
	case 4:
		var b strings.Builder
		b.WriteString(g.pick([]string{"//", "\\\\", "/\\", "///"}))
		g.authority(&b)
		g.path(&b)
		return b.String()
	}
	return g.url()
}

// setter generates a URL and a value for one of its setters.
func (g *refGen) setter() refCase {
	c := refCase{Input: g.url(), Setter: g.pick(refSetters)}
	if g.chance(0.5) {
		c.Input = g.pick(refBases)
	}
	switch c.Setter {
	case "href":
		c.Value = g.url()
		if g.chance(0.3) {
			c.Value = g.pick(refBases)
		}
	case "protocol":
		c.Value = g.pick(refProtocols)
	case "username", "password":
		c.Value = g.pick(refUserinfo)
	case "host", "hostname":
		c.Value = g.host()
		if c.Setter == "host" && g.chance(0.3) {
			c.Value += ":" + g.pick(refPorts)
		}
	case "port":
		c.Value = g.pick(refPorts)
	case "pathname":
		var b strings.Builder
		g.path(&b)
		c.Value = b.String()
	case "search":
		c.Value = g.pick(refQueries)
	case "hash":
		c.Value = g.pick(refFragments)
	}
	// Hostile values: every ASCII byte, invalid UTF-8 and the rest of refHostile, alone or
	// around a value of the setter's own kind.
	switch n := g.r.IntN(8); {
	case n == 0:
		c.Value = g.hostile()
	case n == 1:
		c.Value = g.hostile() + c.Value + g.hostile()
	}
	return c
}
