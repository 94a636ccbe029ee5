package locator

import (
	"testing"

	"github.com/locator-url/locator/internal/allocs"
	"github.com/locator-url/locator/pct"
)

func TestEncodingLevel(t *testing.T) {
	for _, tt := range []struct{ in, want, src string }{
		// The URI draft, "Reduced or increased safe character sets", Example 1 and 2.
		{"http://www.w3.org/albert/bertram/marie%2Dclaude", "http://www.w3.org/albert/bertram/marie-claude", "URI draft Example 1: %2D encodes a hyphen"},
		{"http://www.w3.org/albert/bertram%2Fmarie-claude", "http://www.w3.org/albert/bertram%2Fmarie-claude", "URI draft Example 2: %2F kept"},
		// RFC 3986 §6.2.2.2: decode unreserved; §6.2.2.1: upper-case hex of the rest.
		{"example://a/b/c/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D", "RFC 3986 §6.2.2.1 hex case"},
		{"http://h/%63%41%30%2E%5F%7E%2d", "http://h/cA0._%7E-", "RFC 1738 §2.2: unreserved decoded, ~ (national) kept encoded"},
		// RFC 1738 §2.2 reserved, and RFC 3986 §2.2 gen-delims and sub-delims, stay encoded
		// in a scheme RFC 1738 does not define (https: RFC 3986 §2.2).
		{"https://h/%3b%2f%3f%3a%40%26%3d%23%5b%5d", "https://h/%3B%2F%3F%3A%40%26%3D%23%5B%5D", "RFC 1738 §2.2 reserved"},
		{"https://h/%21%24%27%28%29%2a%2b%2c", "https://h/%21%24%27%28%29%2A%2B%2C", "RFC 3986 §2.2 sub-delims"},
		// http reserves ";", "/", "?" (RFC 1738 §3.3) and "+" in a query (the URI draft); the
		// gen-delims stay encoded in every scheme; the rest of RFC 1738 §2.2 is decoded.
		{"http://h/%3b%2f%3f%3a%40%26%3d%23%5b%5d", "http://h/%3B%2F%3F%3A%40%26%3D%23%5B%5D", "RFC 1738 §3.3 reserves ; / ?, and locator & = (form data)"},
		{"http://h/%21%24%27%28%29%2a%2b%2c", "http://h/!$'()*%2B,", "RFC 1738 §2.2 extra and safe decoded in http"},
		{"http://h/%25%20%3C%3E%22%7B%7D%7C%5C%5E%60", "http://h/%25%20%3C%3E%22%7B%7D%7C%5C%5E%60", "RFC 1738 §2.2 unsafe stay encoded"},
		{"http://h/%00%0a%7f%80%ff", "http://h/%00%0A%7F%80%FF", "RFC 1738 §2.2 controls and 8-bit stay encoded"},
		// RFC 1738 §2.2: unsafe characters written raw are encoded.
		{"http://h/a b", "http://h/a%20b", "RFC 1738 §2.2 space"},
		{"http://h/<>\"{}|\\^`[]", "http://h/%3C%3E%22%7B%7D%7C%5C%5E%60%5B%5D", "RFC 1738 §2.2 unsafe and national"},
		{"http://h/~u", "http://h/%7Eu", "RFC 1738 §2.2: ~ is national and must be encoded"},
		{"http://h/\u00e9", "http://h/%C3%A9", "RFC 1738 §2.2 8-bit octets"},
		{"http://h/#a#b", "http://h/#a%23b", "a raw # inside the fragment"},
		{"http://h/?q=a b&c=%7e", "http://h/?q=a%20b&c=%7E", "query"},
		{"http://h/?a+b%2Bc", "http://h/?a+b%2Bc", "URI draft, Query strings: + is reserved in a query"},
		// Every component, and no case change.
		{"HTTP://U%61:P%62@H%41.example:80/P%3a?Q#F", "HTTP://Ua:Pb@H%41.example:80/P%3A?Q#F", "no case or port rule; the host keeps its escapes (RFC 1738 §5 hostname holds none)"},
		{"http://[FE80::1%25Eth0]/", "http://[FE80::1%25Eth0]/", "RFC 3986 §3.2.2 IP literal untouched"},
		{"http://h%20x/", "http://h%20x/", "escape in the host kept"},
		{"http://h x/", "http://h x/", "raw space in the host kept (RFC 1738 §5 hostname: invalid either way)"},
		// RFC 3986 §4.2: a relative reference whose first segment holds ":" keeps its escapes.
		{"%61b:c", "%61b:c", "RFC 3986 §4.2 would become scheme ab"},
		{"%61b:c/%64", "%61b:c/d", "only the first segment"},
		{"%61b/c:d", "ab/c:d", "':' not in the first segment"},
		{"", "", "zero value"},
	} {
		u := MustParse(tt.in)
		v := EncodingLevel(u)
		if err := v.check(); err != nil {
			t.Errorf("EncodingLevel(%q): invariant: %v", tt.in, err)
		}
		if v.String() != tt.want {
			t.Errorf("EncodingLevel(%q) [%s] = %q, want %q", tt.in, tt.src, v, tt.want)
		}
		if w := EncodingLevel(v); w != v {
			t.Errorf("EncodingLevel not idempotent on %q: %q", v, w)
		}
		if !Equivalent(u, v) {
			t.Errorf("%q not Equivalent to its encoding level %q", u, v)
		}
	}
}

func TestCanonical(t *testing.T) {
	for _, tt := range []struct{ in, want, src string }{
		{"HTTP://www.EXAMPLE.com/", "http://www.example.com/", "RFC 3986 §6.2.2.1"},
		{"eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D", "RFC 3986 §6.2.2"},
		{"http://example.com", "http://example.com/", "RFC 3986 §6.2.3"},
		{"http://example.com:/", "http://example.com/", "RFC 3986 §6.2.3 empty port"},
		{"http://example.com:80/", "http://example.com/", "RFC 3986 §6.2.3 default port"},
		{"http://example.com:0080/", "http://example.com/", "default port, as a number"},
		// More than five digits, leading zeros: still the number 80 (RFC 1738 §5 port =
		// digits; RFC 3986 §3.2.3 port = *DIGIT). PortNumber gave up past five digits, and
		// Canonical kept the port.
		{"http://example.com:000080/", "http://example.com/", "default port, as a number, leading zeros"},
		{"ftp://h:00000000000000000000021/a", "ftp://h/a", "default port 21, leading zeros"},
		{"http://example.com:0000008080/", "http://example.com:8080/", "other port: its number, without leading zeros (RFC 3986 §3.2.3)"},
		{"http://example.com:8080", "http://example.com:8080/", "other port kept"},
		{"https://h:443", "https://h/", "RFC 2818 default port"},
		{"ftp://h:21/a", "ftp://h/a", "RFC 1738 §3.2 default port 21"},
		{"gopher://h:70", "gopher://h/", "RFC 1738 §3.4 default port 70"},
		{"telnet://h:23", "telnet://h/", "RFC 1738 §3.8"},
		{"http://example.com/?", "http://example.com/?", "RFC 3986 §6.2.3 empty query kept"},
		{"http://example.com/#", "http://example.com/", "URI draft, Fragment-id: a void fragment-id means the whole object"},
		{"http://example.com/#%7e%3B%41", "http://example.com/#%7E%3BA", "the fragment decodes alpha, digit, -, ., _ only (RFC 1738 §2.2: ~ is national)"},
		{"http://example.com?q", "http://example.com/?q", "empty path before a query"},
		{"example://a", "example://a", "unknown scheme: empty path kept"},
		{"example://a:/", "example://a/", "empty port dropped for any scheme"},
		{"example://a:80/", "example://a:80/", "no default port known"},
		{"mailto:Joe@Example.COM", "mailto:Joe@example.com", "RFC 3986 §6.2.3 mailto domain"},
		{"MAILTO:A@B.C,D@E%41", "mailto:A@b.c,D@ea", "each address"},
		{"http://[FE80::A%25Eth0]:80", "http://[fe80::a%25Eth0]/", "RFC 6874 zone kept"},
		{"http://H%41/", "http://h%41/", "host escape kept, host lower-cased (RFC 1738 §5 hostname holds no escape)"},
		{"http://h/a/%2E%2E/b", "http://h/b", "RFC 3986 §6.2.2: decode, then remove dot-segments"},
		{"http://h/a/b/../../..", "http://h/", "RFC 3986 §5.2.4"},
		{"http://h/A/./B/", "http://h/A/B/", "path case kept"},
		{"x:/a/../b", "x:/b", "path-absolute without authority"},
		{"x:/.//b", "x:/.//b", "would start with // without an authority"},
		{"urn:a/../b", "urn:a/../b", "rootless path kept"},
		{"a/../b", "a/../b", "relative reference kept"},
		{"//H/./a", "//h/./a", "network-path reference: host lower-cased, dot-segments kept"},
		{"http://U:P@H/", "http://U:P@h/", "userinfo case kept"},
		{"FILE://HOST", "file://host/", "RFC 1738 §3.10"},
	} {
		u := MustParse(tt.in)
		v := Canonical(u)
		if err := v.check(); err != nil {
			t.Errorf("Canonical(%q): invariant: %v", tt.in, err)
		}
		if v.String() != tt.want {
			t.Errorf("Canonical(%q) [%s] = %q, want %q", tt.in, tt.src, v, tt.want)
		}
		if w := Canonical(v); w != v {
			t.Errorf("Canonical not idempotent on %q: %q", v, w)
		}
	}
}

func TestEquivalentURIDraft(t *testing.T) {
	// The URI draft, "Reduced or increased safe character sets", Examples 1 and 2.
	a := MustParse("http://www.w3.org/albert/bertram/marie-claude")
	if !Equivalent(a, MustParse("http://www.w3.org/albert/bertram/marie%2Dclaude")) {
		t.Error("Example 1: marie%2Dclaude is identical to marie-claude")
	}
	if Equivalent(a, MustParse("http://www.w3.org/albert/bertram%2Fmarie-claude")) {
		t.Error("Example 2: bertram%2Fmarie-claude is NOT identical to bertram/marie-claude")
	}
	// RFC 1738 §2.2: a reserved character and its escape differ.
	if Equivalent(MustParse("ftp://h/a;type=d"), MustParse("ftp://h/a%3Btype=d")) {
		t.Error("; and %3B are equivalent")
	}
	if !Equivalent(MustParse("http://h/a b"), MustParse("http://h/a%20b")) {
		t.Error("a raw space and %20 differ")
	}
	if !Equivalent(MustParse("http://h/%7e"), MustParse("http://h/~")) {
		t.Error("%7e and ~ differ")
	}
}

func TestEquivalentRFC3986(t *testing.T) {
	var f struct {
		Equivalence []struct {
			ID         string
			URIs       []string
			Equivalent any
			Source     string
			NormalForm *string `json:"normal_form"`
		}
	}
	loadJSON(t, "rfc/rfc3986-other-examples.json", &f)
	if len(f.Equivalence) != 7 {
		t.Fatalf("%d equivalence cases, want 7", len(f.Equivalence))
	}
	for _, c := range f.Equivalence {
		var want bool
		switch v := c.Equivalent.(type) {
		case bool:
			want = v
		case string:
			// "protocol-based only" (RFC 3986 §6.2.4): not by syntax or scheme rules.
			want = false
		}
		if _, ok := fragmentByDrafts[c.ID]; ok {
			want = true // locator follows the URI draft and the 1993 draft here
		}
		for i := 1; i < len(c.URIs); i++ {
			a, b := MustParse(c.URIs[0]), MustParse(c.URIs[i])
			if got := Equivalent(a, b); got != want {
				t.Errorf("%s [%s]: Equivalent(%q, %q) = %v, want %v", c.ID, c.Source, a, b, got, want)
			}
			if got := Equivalent(b, a); got != want {
				t.Errorf("%s: Equivalent not symmetric on %q, %q", c.ID, b, a)
			}
		}
		if c.NormalForm != nil {
			for _, s := range c.URIs {
				if got := Canonical(MustParse(s)).String(); got != *c.NormalForm {
					t.Errorf("%s: Canonical(%q) = %q, want the normal form %q", c.ID, s, got, *c.NormalForm)
				}
			}
		}
	}
}

func TestEquivalentSchemeReserved(t *testing.T) {
	// A scheme that reserves only "/" lets "%3B" decode (RFC 1738 §2.2: only the characters
	// a scheme reserves must stay encoded), but never a gen-delim.
	info := SchemeInfo{Name: "x-cmp-test", Reserved: pct.Of("/")}
	u := MustParse("x-cmp-test:a%3Bb%24c%2Fd%3Fe")
	if !info.Equivalent(u, MustParse("X-CMP-TEST:a;b$c%2Fd%3Fe")) {
		t.Errorf("%q: the escapes of \";\" and \"$\" are not decoded", u)
	}
	if info.Equivalent(u, MustParse("x-cmp-test:a;b$c/d%3Fe")) || info.Equivalent(u, MustParse("x-cmp-test:a;b$c%2Fd?e")) {
		t.Errorf("%q: a reserved escape or a gen-delim was decoded", u)
	}
	// The table's facts (every reserved character kept) for the same name.
	if Equivalent(u, MustParse("x-cmp-test:a;b$c%2Fd%3Fe")) {
		t.Errorf("Equivalent(%q) decodes reserved escapes without the scheme's facts", u)
	}
	if got := EncodingLevel(u).String(); got != u.String() {
		t.Errorf("EncodingLevel(%q) = %q", u, got)
	}
	if got := EncodingLevel(MustParse("http://h/a%3Bb")).String(); got != "http://h/a%3Bb" {
		t.Errorf("http reserves \";\": got %q", got)
	}
}

// TestRemoveDotSegments runs the RFC 3986 §5.2.4 examples through the remove_dot_segments
// that Canonical uses (RemoveDotSegments with ModeRFC3986).
func TestRemoveDotSegments(t *testing.T) {
	var f struct {
		RemoveDotSegments []struct{ ID, Input, Expected string } `json:"remove_dot_segments"`
	}
	loadJSON(t, "rfc/rfc3986-other-examples.json", &f)
	if len(f.RemoveDotSegments) != 2 {
		t.Fatalf("%d cases", len(f.RemoveDotSegments))
	}
	for _, c := range f.RemoveDotSegments {
		if got := RemoveDotSegments(c.Input, ModeRFC3986); got != c.Expected {
			t.Errorf("%s: RemoveDotSegments(%q) = %q, want %q", c.ID, c.Input, got, c.Expected)
		}
	}
	for _, tt := range []struct{ in, want string }{
		{"/", "/"}, {"", ""}, {"/.", "/"}, {"/..", "/"}, {"/a/..", "/"}, {"/a/.", "/a/"},
		{"/a/b/..", "/a/"}, {"/../a", "/a"}, {"/a//../b", "/a/b"}, {"/a/...", "/a/..."},
		{"/.a/..b/", "/.a/..b/"}, {"../a", "a"}, {"./a", "a"}, {".", ""}, {"..", ""}, {"/.//b", "//b"},
	} {
		if got := RemoveDotSegments(tt.in, ModeRFC3986); got != tt.want {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestCompareNoAllocs(t *testing.T) {
	for _, s := range []string{
		"http://example.com/",
		"http://www.w3.org/albert/bertram/marie-claude",
		"ftp://user:pass@h.example/a/%2F;type=d",
		"https://h:8443/a/b?q=%20#f",
		"mailto:joe@example.com",
		"a/../b",
		// An experimental "x-" name (RFC 1738 §4): its encoding level was computed, and
		// allocated, on each call.
		"x-foo:",
		"x-foo://h/a",
	} {
		u := MustParse(s)
		if Canonical(u) != u || EncodingLevel(u) != u {
			t.Errorf("%q is not canonical", s)
			continue
		}
		if n := allocs.Count(0, 100, func() { _ = Canonical(u) }); n != 0 {
			t.Errorf("Canonical(%q): %v allocations", s, n)
		}
		if n := allocs.Count(0, 100, func() { _ = EncodingLevel(u) }); n != 0 {
			t.Errorf("EncodingLevel(%q): %v allocations", s, n)
		}
		v := MustParse(s)
		if n := allocs.Count(0, 100, func() { _ = Equivalent(u, v) }); n != 0 {
			t.Errorf("Equivalent(%q, itself): %v allocations", s, n)
		}
	}
	a, b := MustParse("http://example.com/a"), MustParse("http://example.org/a")
	if n := allocs.Count(0, 100, func() { _ = Equivalent(a, b) }); n != 0 {
		t.Errorf("Equivalent of two canonical URLs: %v allocations", n)
	}
	// At the encoding level but not canonical: EncodingLevel still does not allocate.
	u := MustParse("HTTP://Example.COM:80")
	if n := allocs.Count(0, 100, func() { _ = EncodingLevel(u) }); n != 0 {
		t.Errorf("EncodingLevel(%q): %v allocations", u, n)
	}
}

func TestCompareBenchFiles(t *testing.T) {
	for _, f := range benchFiles(t) {
		changedEL, changedC := 0, 0
		for _, in := range benchURLs(t, f) {
			u, err := Parse(in)
			if err != nil {
				continue
			}
			el, c := EncodingLevel(u), Canonical(u)
			for _, v := range []URL{el, c} {
				if err := v.check(); err != nil {
					t.Fatalf("%q → %q: %v", in, v, err)
				}
			}
			if EncodingLevel(el) != el || Canonical(c) != c || Canonical(el) != c || !Equivalent(u, el) {
				t.Fatalf("%q: not idempotent or not equivalent: %q %q", in, el, c)
			}
			if el != u {
				changedEL++
			}
			if c != u {
				changedC++
			}
		}
		t.Logf("%s: EncodingLevel changed %d URLs, Canonical %d", f, changedEL, changedC)
	}
}
