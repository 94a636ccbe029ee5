package locator

import (
	"errors"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// Both sides of the boundaries the root package draws, and every value of its small enums:
// a test that tries one side only passes a bound that is off by one.

// TestModeValues: every Mode has a name that ParseMode reads back, and the first value past
// the last mode is unknown everywhere a mode is taken.
func TestModeValues(t *testing.T) {
	modes := Modes()
	if len(modes) != int(ModeWHATWG)+1 {
		t.Fatalf("Modes() has %d modes, want %d", len(modes), ModeWHATWG+1)
	}
	for i, m := range modes {
		if m != Mode(i) {
			t.Errorf("Modes()[%d] = %d", i, m)
		}
		back, err := ParseMode(m.String())
		if err != nil || back != m {
			t.Errorf("ParseMode(%q) = %v, %v; want %v", m.String(), back, err, m)
		}
		var u Mode
		if b, _ := m.MarshalText(); u.UnmarshalText(b) != nil || u != m {
			t.Errorf("%s: text round trip gives %v", m, u)
		}
	}
	past := ModeWHATWG + 1
	if s := past.String(); s != "mode(8)" {
		t.Errorf("Mode(8).String() = %q", s)
	}
	base, ref := MustParse("http://a/b/c/d;p?q"), MustParse("g")
	for _, m := range []Mode{past, past + 1, 255} {
		if _, err := Resolve(base, ref, m); !rsIsCode(err, CodeUnknownMode) {
			t.Errorf("Resolve under %s: %v, want %s", m, err, CodeUnknownMode)
		}
		if _, err := Relative(base, MustParse("http://a/b/c/g"), m); !rsIsCode(err, CodeUnknownMode) {
			t.Errorf("Relative under %s: %v, want %s", m, err, CodeUnknownMode)
		}
		// RemoveDotSegments treats an unknown mode as ModeRFC3986 (its documentation).
		if got := RemoveDotSegments("/a/../../g", m); got != "/g" {
			t.Errorf("RemoveDotSegments under %s = %q, want %q", m, got, "/g")
		}
	}
	if _, err := ParseMode("rfc3986 "); !rsIsCode(err, CodeUnknownMode) {
		t.Errorf("ParseMode with a space: %v", err)
	}
	if _, err := ParseMode("RFC3986"); !rsIsCode(err, CodeUnknownMode) {
		t.Errorf("ParseMode is case-sensitive: %v", err)
	}
}

// TestResolveDotSegmentCounts: "../" repeated k times against a base whose directory has two
// segments, for k on both sides of the root, under every mode. RFC 3986 §5.2.4 drops a ".."
// above the root ("../../../g" = "http://a/g", §5.4.2); RFC 2396 §5.2 step 6g and RFC 1808
// §5.2 keep it ("http://a/../g"), and so do the 1993 URL draft ("/xxx/.." needs an element
// before the "..") and RFC 1630 (a ".." with no element before it is not "xxx/../").
func TestResolveDotSegmentCounts(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	for _, m := range Modes() {
		if m == ModeWHATWG {
			continue
		}
		for k := 0; k <= 4; k++ {
			ref := strings.Repeat("../", k) + "g"
			var want string
			switch {
			case k <= 2:
				want = "http://a" + []string{"/b/c/", "/b/", "/"}[k] + "g"
			case m == ModeRFC3986 || m == ModeRFC3986Compat:
				want = "http://a/g"
			default:
				want = "http://a/" + strings.Repeat("../", k-2) + "g"
			}
			if f := rsFailure(base, ref, m, want); f != "" {
				t.Error(f)
			}
			// The same count as a path alone.
			path := "/b/c/" + ref
			wantPath := want[len("http://a"):]
			if got := RemoveDotSegments(path, m); got != wantPath {
				t.Errorf("RemoveDotSegments(%q, %s) = %q, want %q", path, m, got, wantPath)
			}
		}
	}
}

// TestNormalizeEachFlag: every flag alone on a URL that every step changes does its own
// change and nothing else; and on the result of that change, does nothing (both sides).
func TestNormalizeEachFlag(t *testing.T) {
	const in = "HTTP://User@WWW.Example.COM.:80//a/./b/../index.html?b=2&a=1&#"
	want := map[NormalizeFlags]string{
		NormalizeLowerScheme:            "http://User@WWW.Example.COM.:80//a/./b/../index.html?b=2&a=1&#",
		NormalizeLowerHost:              "HTTP://User@www.example.com.:80//a/./b/../index.html?b=2&a=1&#",
		NormalizeUpperEscapes:           in,
		NormalizeDecodeUnreserved:       in,
		NormalizeEncodeUnsafe:           in,
		NormalizeRemoveDotSegments:      "HTTP://User@WWW.Example.COM.:80//a/index.html?b=2&a=1&#",
		NormalizeRemoveDefaultPort:      "HTTP://User@WWW.Example.COM.//a/./b/../index.html?b=2&a=1&#",
		NormalizeEmptyPathSlash:         in,
		NormalizeMailtoDomain:           in,
		NormalizeRemoveEmptyQuery:       in,
		NormalizeRemoveEmptyFragment:    "HTTP://User@WWW.Example.COM.:80//a/./b/../index.html?b=2&a=1&",
		NormalizeDecodeIPv4:             in,
		NormalizeRemoveHostTrailingDot:  "HTTP://User@WWW.Example.COM:80//a/./b/../index.html?b=2&a=1&#",
		NormalizeRemoveFragment:         "HTTP://User@WWW.Example.COM.:80//a/./b/../index.html?b=2&a=1&",
		NormalizeSortQuery:              "HTTP://User@WWW.Example.COM.:80//a/./b/../index.html?&a=1&b=2#",
		NormalizeRemoveTrailingSlash:    in,
		NormalizeRemoveDuplicateSlashes: "HTTP://User@WWW.Example.COM.:80/a/./b/../index.html?b=2&a=1&#",
		NormalizeRemoveDirectoryIndex:   "HTTP://User@WWW.Example.COM.:80//a/./b/../?b=2&a=1&#",
		NormalizeRemoveWWW:              "HTTP://User@Example.COM.:80//a/./b/../index.html?b=2&a=1&#",
		// The scheme-level steps do not apply to http (compare_schemelevel_test.go has theirs).
		NormalizeRemoveLocalhost:         in,
		NormalizeRemoveDefaultPath:       in,
		NormalizeLowerTypecode:           in,
		NormalizeRemoveDirectoryTypecode: in,
	}
	n := 0
	for _, name := range normalizeNames {
		f := name.f
		n++
		w, ok := want[f]
		if !ok {
			t.Errorf("flag %s has no row", f)
			continue
		}
		got, err := Normalize(MustParse(in), f)
		if err != nil || got.String() != w {
			t.Errorf("Normalize(%q, %s) = %q, %v; want %q", in, f, got, err, w)
			continue
		}
		if again, err := Normalize(got, f); err != nil || again != got {
			t.Errorf("Normalize(%q, %s) = %q, %v; want it unchanged", got, f, again, err)
		}
	}
	if n != len(want) || n != len(normalizeNames) {
		t.Errorf("%d flags, %d rows, %d names", n, len(want), len(normalizeNames))
	}
	if got, _ := Normalize(MustParse(in), 0); got.String() != in {
		t.Errorf("Normalize(%q, 0) = %q", in, got)
	}
}

// TestNormalizeFlagBoundaries: each step on both sides of the line it draws.
func TestNormalizeFlagBoundaries(t *testing.T) {
	tests := []struct {
		in   string
		f    NormalizeFlags
		want string
	}{
		// RFC 3986 §6.2.3: a port equal to the default; the numbers beside it are kept,
		// and so is a port that is not a 16-bit number.
		{"http://h:79/", NormalizeRemoveDefaultPort, "http://h:79/"},
		{"http://h:80/", NormalizeRemoveDefaultPort, "http://h/"},
		{"http://h:81/", NormalizeRemoveDefaultPort, "http://h:81/"},
		{"http://h:0/", NormalizeRemoveDefaultPort, "http://h:0/"},
		{"http://h:65535/", NormalizeRemoveDefaultPort, "http://h:65535/"},
		{"http://h:65536/", NormalizeRemoveDefaultPort, "http://h:65536/"},
		{"http://h:65616/", NormalizeRemoveDefaultPort, "http://h:65616/"}, // 80 + 65536
		{"http://h:00080/", NormalizeRemoveDefaultPort, "http://h/"},
		// A trailing dot: one or more removed, a host of one dot kept.
		{"http://h./", NormalizeRemoveHostTrailingDot, "http://h/"},
		{"http://h/", NormalizeRemoveHostTrailingDot, "http://h/"},
		{"http://./", NormalizeRemoveHostTrailingDot, "http://./"},
		// "www." only when a domain of two labels or more follows, whose last label starts
		// with a letter, and only as a whole label.
		{"http://www./", NormalizeRemoveWWW, "http://www./"},
		{"http://www.a/", NormalizeRemoveWWW, "http://www.a/"},
		{"http://www.a.b/", NormalizeRemoveWWW, "http://a.b/"},
		{"http://www.a.9/", NormalizeRemoveWWW, "http://www.a.9/"},
		{"http://wwwa.b/", NormalizeRemoveWWW, "http://wwwa.b/"},
		{"http://ww.a/", NormalizeRemoveWWW, "http://ww.a/"},
		// A directory index has an extension of one to four letters.
		{"http://h/a/index.", NormalizeRemoveDirectoryIndex, "http://h/a/index."},
		{"http://h/a/index.h", NormalizeRemoveDirectoryIndex, "http://h/a/"},
		{"http://h/a/index.html", NormalizeRemoveDirectoryIndex, "http://h/a/"},
		{"http://h/a/index.shtml", NormalizeRemoveDirectoryIndex, "http://h/a/index.shtml"},
		// The trailing slash: "/" alone is kept.
		{"http://h/", NormalizeRemoveTrailingSlash, "http://h/"},
		{"http://h/a/", NormalizeRemoveTrailingSlash, "http://h/a"},
		{"http://h/a", NormalizeRemoveTrailingSlash, "http://h/a"},
		// An empty query or fragment, and one of one character.
		{"http://h/?", NormalizeRemoveEmptyQuery, "http://h/"},
		{"http://h/??", NormalizeRemoveEmptyQuery, "http://h/??"},
		{"http://h/#", NormalizeRemoveEmptyFragment, "http://h/"},
		{"http://h/##", NormalizeRemoveEmptyFragment, "http://h/##"},
		// Duplicate slashes: one slash is not a run.
		{"http://h/a/b", NormalizeRemoveDuplicateSlashes, "http://h/a/b"},
		{"http://h/a//b", NormalizeRemoveDuplicateSlashes, "http://h/a/b"},
		// inet_aton's limits for the last number: 8, 16, 24 and 32 bits.
		{"http://1.2.3.255/", NormalizeDecodeIPv4, "http://1.2.3.255/"},
		{"http://1.2.3.256/", NormalizeDecodeIPv4, "http://1.2.3.256/"},
		{"http://1.2.65535/", NormalizeDecodeIPv4, "http://1.2.255.255/"},
		{"http://1.2.65536/", NormalizeDecodeIPv4, "http://1.2.65536/"},
		{"http://1.16777215/", NormalizeDecodeIPv4, "http://1.255.255.255/"},
		{"http://1.16777216/", NormalizeDecodeIPv4, "http://1.16777216/"},
		{"http://4294967295/", NormalizeDecodeIPv4, "http://255.255.255.255/"},
		{"http://4294967296/", NormalizeDecodeIPv4, "http://4294967296/"},
		{"http://0xff.1.2.3/", NormalizeDecodeIPv4, "http://255.1.2.3/"},
		{"http://0x100.1.2.3/", NormalizeDecodeIPv4, "http://0x100.1.2.3/"},
		{"http://0377.1.2.3/", NormalizeDecodeIPv4, "http://255.1.2.3/"},
		{"http://0400.1.2.3/", NormalizeDecodeIPv4, "http://0400.1.2.3/"},
	}
	for _, tt := range tests {
		got, err := Normalize(MustParse(tt.in), tt.f)
		if err != nil || got.String() != tt.want {
			t.Errorf("Normalize(%q, %s) = %q, %v; want %q", tt.in, tt.f, got, err, tt.want)
		}
	}
}

// TestDecodeUnreservedEveryByte: NormalizeDecodeUnreserved decodes the escape of a byte
// exactly when it is unreserved (RFC 3986 §2.3: ALPHA DIGIT "-" "." "_" "~"), for all 256
// bytes, so each edge of each range ("/" "0" "9" ":", "@" "A" "Z" "[", "`" "a" "z" "{") is
// tried on both sides.
func TestDecodeUnreservedEveryByte(t *testing.T) {
	const hex = "0123456789ABCDEF"
	for c := 0; c < 256; c++ {
		esc := "%" + hex[c>>4:c>>4+1] + hex[c&15:c&15+1]
		in := "http://h/x" + esc + "y"
		unreserved := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			c == '-' || c == '.' || c == '_' || c == '~'
		want := in
		if unreserved {
			want = "http://h/x" + string(rune(c)) + "y"
		}
		got, err := Normalize(MustParse(in), NormalizeDecodeUnreserved)
		if err != nil || got.String() != want {
			t.Errorf("Normalize(%q, decode-unreserved) = %q, %v; want %q (byte %s)", in, got, err, want, strconv.Itoa(c))
		}
	}
}

// TestNetMessageBound: net/url's message is shown whole up to maxNetMessage bytes and cut
// after (with "…"), on a character boundary, and escaped for display; the URL net/url quotes
// is left out (the Error's Input holds it).
func TestNetMessageBound(t *testing.T) {
	for _, n := range []int{maxNetMessage - 1, maxNetMessage, maxNetMessage + 1} {
		msg := strings.Repeat("m", n)
		got := netMessage(&url.Error{Op: "parse", URL: strings.Repeat("u", 1000), Err: errors.New(msg)})
		want := msg
		if n > maxNetMessage {
			want = msg[:maxNetMessage] + "…"
		}
		if got != want {
			t.Errorf("%d bytes: netMessage = %q, want %q", n, got, want)
		}
	}
	// A multi-byte character across the cut is not split; a control byte is escaped.
	msg := strings.Repeat("m", maxNetMessage-1) + "é\x1b"
	if got, want := netMessage(errors.New(msg)), strings.Repeat("m", maxNetMessage-1)+"…"; got != want {
		t.Errorf("netMessage = %q, want %q", got, want)
	}
	if got := netMessage(errors.New("a\x1bb")); got != `a\x1bb` {
		t.Errorf("netMessage = %q, want the escape shown", got)
	}
}

// TestSURTBoundaries: the surt package's host_massage ("^www\d*\.") on both sides (the "www"
// must be followed by digits, then "." and something after it), the default port and its
// neighbours, one label and none, and a query of one pair and of none.
func TestSURTBoundaries(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://www./", "www)/"}, // nothing after "www.": kept, then the trailing dot goes
		{"http://www.a/", "a)/"},
		{"http://www0.a/", "a)/"},
		{"http://www09.a/", "a)/"},
		{"http://www0a.b/", "b,www0a)/"},
		{"http://ww.a/", "a,ww)/"},
		{"http://wwww.a/", "a,wwww)/"},
		{"http://www/", "www)/"},
		{"http://a:79/", "a:79)/"},
		{"http://a:80/", "a)/"},
		{"http://a:81/", "a:81)/"},
		{"http://a:0/", "a:0)/"},
		{"http://a:65535/", "a:65535)/"},
		{"http://a:65536/", "a:65536)/"},
		{"http://a:/", "a)/"},
		{"http://a/", "a)/"},
		{"http://a.b/", "b,a)/"},
		{"http:///x", ")/x"},
		{"http://a/?", "a)/"},
		{"http://a/?x", "a)/?x"},
		{"http://a/?b&a", "a)/?a&b"},
		{"http://a/x/", "a)/x"},
		{"http://a/x//", "a)/x"},
	}
	for _, tt := range tests {
		got, err := SURT(MustParse(tt.in))
		if err != nil || got != tt.want {
			t.Errorf("SURT(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// TestNetURLErrorOffset: the offset of a net/url rejection names the component net/url's
// message names, whatever words the URL itself holds ("port" in the path used to move it).
func TestNetURLErrorOffset(t *testing.T) {
	tests := []struct {
		in  string
		off int
	}{
		{"http://a b:80/", 7},
		{"http://a b:80/port", 7},
		{"http://a b:80/userinfo/first path segment", 7},
	}
	for _, tt := range tests {
		_, err := MustParse(tt.in).NetURL()
		var e *Error
		if !errors.As(err, &e) || e.Code != CodeNetURLRejects || e.Offset != tt.off {
			t.Errorf("NetURL(%q): %v; want %s at offset %d", tt.in, err, CodeNetURLRejects, tt.off)
		}
	}
}
