package whatwg

import (
	"errors"
	"strings"
	"testing"
)

// components returns what a URL is to a user: the href, every getter, and the flags that no
// getter shows.
func components(u URL) [15]string {
	b := func(v bool) string {
		if v {
			return "true"
		}
		return "false"
	}
	q, hasQ := u.query()
	f, hasF := u.fragment()
	return [15]string{u.Href(), u.Protocol(), u.Username(), u.Password(), u.Host(), u.Hostname(),
		u.Port(), u.Pathname(), u.Search(), u.Hash(), q + "|" + b(hasQ), f + "|" + b(hasF),
		b(u.flags&fHost != 0), b(u.HasOpaquePath()), b(u.IsSpecial())}
}

// agree parses input against base with the fast path on and off, and with ParseValidate (the
// full parser with validation errors; it never takes the fast path), and fails t unless all
// three give the same URL (href, every component, every offset) or the same failure (code,
// offset, rule, input). When the fast path alone (parseNormalized) accepts input, the full
// parser must give that very URL: the input is its own href. It returns whether the fast path
// accepted input and the href ("" on failure).
func agree(t *testing.T, input string, base *URL) (bool, string) {
	t.Helper()
	on, onErr := parse(input, base, true, nil)
	off, offErr := parse(input, base, false, nil)
	v, verrs, vErr := ParseValidate(input, base)
	fast, ok := parseNormalized(input)
	if ok {
		if offErr != nil || fast != off || fast.Href() != input {
			t.Fatalf("%q: the fast path gives %+v; the full parser %+v, %v", input, fast, off, offErr)
		}
	}
	for _, e := range []error{onErr, offErr, vErr} {
		if e != nil {
			var we *Error
			if !errors.As(e, &we) {
				t.Fatalf("%q: error %T, want *Error", input, e)
			}
		}
	}
	// Offsets are byte offsets in the input as given, whatever was trimmed, removed or replaced.
	for _, v := range verrs {
		if v.Offset < -1 || v.Offset > len(input) {
			t.Fatalf("%q: validation error %v: offset out of the input", input, v)
		}
	}
	if e, ok := vErr.(*Error); ok && (e.Offset < -1 || e.Offset > len(input) || e.Input != input) {
		t.Fatalf("%q: %#v: offset out of the input, or not the input", input, e)
	}
	if (onErr == nil) != (offErr == nil) || (vErr == nil) != (offErr == nil) {
		t.Fatalf("%q: fast path on: %v; off: %v; ParseValidate: %v", input, onErr, offErr, vErr)
	}
	if offErr != nil {
		a, b, c := onErr.(*Error), offErr.(*Error), vErr.(*Error)
		if *a != *b || *b != *c {
			t.Fatalf("%q: failures differ: on %#v, off %#v, ParseValidate %#v", input, a, b, c)
		}
		// ParseValidate's list ends with the failure.
		if n := len(verrs); n == 0 || verrs[n-1].Code != c.Code || verrs[n-1].Offset != c.Offset {
			t.Fatalf("%q: validation errors %v do not end with the failure %v", input, verrs, c)
		}
		return ok, ""
	}
	if on != off || v != off || components(on) != components(off) || components(v) != components(off) {
		t.Fatalf("%q: fast path on %v\n off %v\n ParseValidate %v", input, components(on), components(off), components(v))
	}
	return ok, off.Href()
}

// TestFastPathBoundaries walks through every condition of parseNormalized (fastpath.go) with an
// input on each side of it: fast says whether the fast path takes it, want is the href ("" for
// failure), and the full parser must give the same.
func TestFastPathBoundaries(t *testing.T) {
	type row struct {
		in   string
		fast bool
		want string
	}
	cases := []row{
		// scheme start state: a lower-case first letter; "`" and "{" are just outside a–z.
		{"", false, ""},
		{"a:b", true, "a:b"},
		{"z:b", true, "z:b"},
		{"`:b", false, ""},
		{"{:b", false, ""},
		{"1a:b", false, ""},
		// scheme state: lower case, digits, "+", "-", "." stay; "," and "/" are outside.
		{"a+b-c.d0:x", true, "a+b-c.d0:x"},
		{"a9:x", true, "a9:x"},
		{"a,b:x", false, ""},
		{"a/b:x", false, ""},
		{"abc", false, ""},
		{"a b:x", false, ""},
		// every special scheme, and a near miss of each
		{"ftp://h/", true, "ftp://h/"},
		{"file://h/", true, "file://h/"},
		{"http://h/", true, "http://h/"},
		{"https://h/", true, "https://h/"},
		{"ws://h/", true, "ws://h/"},
		{"wss://h/", true, "wss://h/"},
		{"ftps://h", true, "ftps://h"},
		{"fil://h", true, "fil://h"},
		{"htt://h", true, "htt://h"},
		{"httpss://h", true, "httpss://h"},
		{"w://h", true, "w://h"},
		{"wsss://h", true, "wsss://h"},
		{"ftp://h", false, "ftp://h/"},
		{"file://h", false, "file://h/"},
		{"http://h", false, "http://h/"},
		{"https://h", false, "https://h/"},
		{"ws://h", false, "ws://h/"},
		{"wss://h", false, "wss://h/"},
		// authority or not: "//" after the scheme
		{"foo://", true, "foo://"},
		{"foo:/x", true, "foo:/x"},
		{"foo:x", true, "foo:x"},
		{"http:/x", false, "http://x/"},
		{"http:x", false, "http://x/"},
		// IPv6: only as the IPv6 serializer writes it
		{"http://[::1]/", true, "http://[::1]/"},
		{"http://[1:2:3:4:5:6:7:8]/", true, "http://[1:2:3:4:5:6:7:8]/"},
		{"http://[::01]/", false, "http://[::1]/"},
		{"http://[0:0::1]/", false, "http://[::1]/"},
		{"http://[::A]/", false, "http://[::a]/"},
		{"http://[::ffff:102:304]/", true, "http://[::ffff:102:304]/"},
		{"http://[::ffff:1.2.3.4]/", false, "http://[::ffff:102:304]/"},
		{"http://[::1/", false, ""},
		{"foo://[::1]/", true, "foo://[::1]/"},
		// domains: no "%", no non-ASCII, no forbidden domain code point
		{"http://a%41/", false, "http://aa/"},
		{"http://\u00e9/", false, "http://xn--9ca/"},
		{"http://a^b/", false, ""},
		{"http://a-b_c~d/", true, "http://a-b_c~d/"},
		{"http://xn--9ca/", true, "http://xn--9ca/"},
		// opaque hosts keep their case and bytes; a forbidden host code point fails
		{"foo://a%41/", true, "foo://a%41/"},
		{"foo://a^b/", false, ""},
		{"foo://a!b/", true, "foo://a!b/"},
		// credentials: as the serializer writes them
		{"http://u:p@h/", true, "http://u:p@h/"},
		{"http://u@h/", true, "http://u@h/"},
		{"http://:p@h/", true, "http://:p@h/"},
		{"http://u:@h/", false, "http://u@h/"},
		{"http://@h/", false, "http://h/"},
		{"http://:@h/", false, "http://h/"},
		{"http://u:p@/", false, ""},
		{"http://u@@h/", false, "http://u%40@h/"},
		{"http://u:p:q@h/", false, "http://u:p%3Aq@h/"},
		{"http://u%20@h/", true, "http://u%20@h/"},
		{"http://u @h/", false, "http://u%20@h/"},
		{"file://u@h/", false, ""},
		{"foo://u:p@h/", true, "foo://u:p@h/"},
		// special hosts: empty, "localhost" for file
		{"http:///x", false, "http://x/"},
		{"file:///x", true, "file:///x"},
		{"file://localhost/x", false, "file:///x"},
		{"file://localhostx/x", true, "file://localhostx/x"},
		{"file://localhos/x", true, "file://localhos/x"},
		// IPv4: 255/256, 2^32−1/2^32, leading zeros, parts, trailing dot, hex
		{"http://1.2.3.4/", true, "http://1.2.3.4/"},
		{"http://0.0.0.0/", true, "http://0.0.0.0/"},
		{"http://255.255.255.255/", true, "http://255.255.255.255/"},
		{"http://1.2.3.255/", true, "http://1.2.3.255/"},
		{"http://1.2.3.256/", false, ""},
		{"http://255.2.3.4/", true, "http://255.2.3.4/"},
		{"http://256.2.3.4/", false, ""},
		{"http://1.2.3/", false, "http://1.2.0.3/"},
		{"http://1.2.3.4.5/", false, ""},
		{"http://01.2.3.4/", false, "http://1.2.3.4/"},
		{"http://1.2.3.04/", false, "http://1.2.3.4/"},
		{"http://1.2.3.4./", false, "http://1.2.3.4/"},
		{"http://0x1.2.3.4/", false, "http://1.2.3.4/"},
		{"http://4294967295/", false, "http://255.255.255.255/"},
		{"http://4294967296/", false, ""},
		{"http://1.2.3.4294967295/", false, ""},
		{"http://a.1/", false, ""},
		{"http://1.a/", true, "http://1.a/"},
		{"http://1.2.3.4a/", true, "http://1.2.3.4a/"},
		{"foo://1.2.3/", true, "foo://1.2.3/"},
		{"foo://256.1.1.1/", true, "foo://256.1.1.1/"},
		// port state: 0, 65535, 65536, 99999, leading zeros, empty, default ports
		{"http://f:0/c", true, "http://f:0/c"},
		{"http://f:1/c", true, "http://f:1/c"},
		{"http://f:65535/c", true, "http://f:65535/c"},
		{"http://f:65536/c", false, ""},
		{"http://f:99999/c", false, ""},
		{"http://f:655350/c", false, ""},
		{"foo://f:65535/c", true, "foo://f:65535/c"},
		{"foo://f:65536/c", false, ""},
		{"http://f:00/c", false, "http://f:0/c"},
		{"http://f:08/c", false, "http://f:8/c"},
		{"http://f:065535/c", false, "http://f:65535/c"},
		{"http://f:065536/c", false, ""},
		{"http://f:0000000000081/c", false, "http://f:81/c"},
		{"http://f:/c", false, "http://f/c"},
		{"http://f:1x/c", false, ""},
		{"http://f:80/c", false, "http://f/c"},
		{"http://f:81/c", true, "http://f:81/c"},
		{"http://f:79/c", true, "http://f:79/c"},
		{"http://f:443/c", true, "http://f:443/c"},
		{"https://f:443/c", false, "https://f/c"},
		{"https://f:80/c", true, "https://f:80/c"},
		{"ws://f:80/c", false, "ws://f/c"},
		{"ws://f:443/c", true, "ws://f:443/c"},
		{"wss://f:443/c", false, "wss://f/c"},
		{"wss://f:80/c", true, "wss://f:80/c"},
		{"ftp://f:21/c", false, "ftp://f/c"},
		{"ftp://f:22/c", true, "ftp://f:22/c"},
		{"foo://f:80/c", true, "foo://f:80/c"},
		{"file://f:1/c", false, ""},
		{"foo://:1/c", false, ""},
		{"http://f:1", false, "http://f:1/"},
		{"foo://f:1", true, "foo://f:1"},
		{"foo://f:1?q", true, "foo://f:1?q"},
		{"foo://f:1#x", true, "foo://f:1#x"},
		// the path start state: a special URL's path is never empty
		{"http://h?q", false, "http://h/?q"},
		{"http://h#f", false, "http://h/#f"},
		{"foo://h?q", true, "foo://h?q"},
		{"foo://h#f", true, "foo://h#f"},
		{"http://h/?q", true, "http://h/?q"},
		// opaque paths: a space stays unless "?" or "#" follows it or it is last
		{"a:b c", true, "a:b c"},
		{"a:b ?q", false, "a:b%20?q"},
		{"a:b #f", false, "a:b%20#f"},
		{"a:b ", false, "a:b"},
		{"a:b\x7f", false, "a:b%7F"},
		{"a:b\x1fc", false, "a:b%1Fc"},
		{"a:b~", true, "a:b~"},
		{"a:b?q#f", true, "a:b?q#f"},
		// "/." before a path that starts with "//" when the host is null, and dot segments
		{"foo:/.//x", true, "foo:/.//x"},
		{"foo:/./x", false, "foo:/x"},
		{"foo:/../x", false, "foo:/x"},
		{"foo:/.x", false, "foo:/.x"},
		{"foo://h/.//x", false, "foo://h//x"},
		{"foo://h//x", true, "foo://h//x"},
		{"http://h/./x", false, "http://h/x"},
		{"http://h/../x", false, "http://h/x"},
		{"http://h/a/.", false, "http://h/a/"},
		{"http://h/a/..", false, "http://h/"},
		{"http://h/a/.?q", false, "http://h/a/?q"},
		{"http://h/a/..#f", false, "http://h/#f"},
		{"http://h/%2e/x", false, "http://h/x"},
		{"http://h/%2E/x", false, "http://h/x"},
		{"http://h/%2e%2E/x", false, "http://h/x"},
		{"http://h/.%2e/x", false, "http://h/x"},
		{"http://h/%2e./x", false, "http://h/x"},
		{"http://h/.x/y", true, "http://h/.x/y"},
		{"http://h/..x/y", true, "http://h/..x/y"},
		{"http://h/.../y", true, "http://h/.../y"},
		{"http://h/%2e%2e%2e/y", true, "http://h/%2e%2e%2e/y"},
		{"http://h/%2ex/y", true, "http://h/%2ex/y"},
		{"http://h/%2f/y", true, "http://h/%2f/y"},
		{"http://h/x./y", true, "http://h/x./y"},
		// path bytes: the path percent-encode set, and "\" in a special URL
		{"http://h/a\\b", false, "http://h/a/b"},
		{"foo://h/a\\b", true, "foo://h/a\\b"},
		{"http://h/a b", false, "http://h/a%20b"},
		{"http://h/a\"b", false, "http://h/a%22b"},
		{"http://h/a<b", false, "http://h/a%3Cb"},
		{"http://h/a>b", false, "http://h/a%3Eb"},
		{"http://h/a`b", false, "http://h/a%60b"},
		{"http://h/a{b", false, "http://h/a%7Bb"},
		{"http://h/a}b", false, "http://h/a%7Db"},
		{"http://h/a^b", false, "http://h/a%5Eb"},
		{"http://h/a\x7fb", false, "http://h/a%7Fb"},
		{"http://h/a\u00e9", false, "http://h/a%C3%A9"},
		{"http://h/a|b", true, "http://h/a|b"},
		{"http://h/a~b!$&'()*+,;=:@b", true, "http://h/a~b!$&'()*+,;=:@b"},
		{"http://h/a%zz", true, "http://h/a%zz"},
		{"http://h/abcdefgh", true, "http://h/abcdefgh"},
		{"http://h/abcdefg ", false, "http://h/abcdefg"},
		// file: a first segment that is a Windows drive letter
		{"file:///C:/x", true, "file:///C:/x"},
		{"file:///C|/x", false, "file:///C:/x"},
		{"file:///C|", false, "file:///C:"},
		{"file:///C|?q", false, "file:///C:?q"},
		{"file:///C|#f", false, "file:///C:#f"},
		{"file:///C|x", true, "file:///C|x"},
		{"file:///1|/x", true, "file:///1|/x"},
		{"file:///a/C|/x", true, "file:///a/C|/x"},
		// query: the special-query set for special URLs, the query set otherwise
		{"http://h/?a'b", false, "http://h/?a%27b"},
		{"foo://h/?a'b", true, "foo://h/?a'b"},
		{"http://h/?a b", false, "http://h/?a%20b"},
		{"http://h/?a\"b", false, "http://h/?a%22b"},
		{"http://h/?a<>b", false, "http://h/?a%3C%3Eb"},
		{"http://h/?a`{}^|b", true, "http://h/?a`{}^|b"},
		{"http://h/?a?b", true, "http://h/?a?b"},
		// fragment: the fragment set
		{"http://h/#a b", false, "http://h/#a%20b"},
		{"http://h/#a`b", false, "http://h/#a%60b"},
		{"http://h/#a\"<>b", false, "http://h/#a%22%3C%3Eb"},
		{"http://h/#a#b", true, "http://h/#a#b"},
		{"http://h/#a'{}^|b", true, "http://h/#a'{}^|b"},
		{"http://h/#a\x00b", false, "http://h/#a%00b"},
		// what the fast path never sees: leading and trailing spaces, tabs and newlines
		{" http://h/", false, "http://h/"},
		{"http://h/ ", false, "http://h/"},
		{"http://h/\t", false, "http://h/"},
		{"ht\ntp://h/", false, "http://h/"},
	}
	// Every letter, upper and lower case, in the scheme and in a special and an opaque host.
	for c := 'A'; c <= 'Z'; c++ {
		up, lo := string(c), string(c+'a'-'A')
		cases = append(cases,
			row{up + ":x", false, lo + ":x"},
			row{lo + ":x", true, lo + ":x"},
			row{"h" + up + "x://h/", false, "h" + lo + "x://h/"},
			row{"http://" + up + "/", false, "http://" + lo + "/"},
			row{"http://" + lo + "/", true, "http://" + lo + "/"},
			row{"http://a" + up + "a.example/", false, "http://a" + lo + "a.example/"},
			row{"foo://" + up + "/", true, "foo://" + up + "/"},
			row{"foo://" + lo + "/", true, "foo://" + lo + "/"},
		)
	}
	// Every letter case of every special scheme: only all lower case takes the fast path, and
	// every other comes out lower case and special.
	for _, s := range []string{"ftp", "file", "http", "https", "ws", "wss"} {
		for mask := 0; mask < 1<<len(s); mask++ {
			b := []byte(s)
			for i := range b {
				if mask&(1<<i) != 0 {
					b[i] -= 'a' - 'A'
				}
			}
			cases = append(cases, row{string(b) + "://h/", mask == 0, s + "://h/"})
		}
	}
	for _, c := range cases {
		fast, href := agree(t, c.in, nil)
		if fast != c.fast {
			t.Errorf("%q: fast path %v, want %v", c.in, fast, c.fast)
		}
		if href != c.want {
			t.Errorf("%q: href %q, want %q", c.in, href, c.want)
		}
		if href != "" {
			u := MustParse(c.in)
			if u.IsSpecial() != isSpecialScheme(strings.ToLower(u.scheme())) || u.scheme() != strings.ToLower(u.scheme()) {
				t.Errorf("%q: scheme %q, special %v", c.in, u.scheme(), u.IsSpecial())
			}
		}
	}
}

// FuzzFastPath holds the fast path and the full parser to the same results on every input (see
// agree), seeded with the boundary cases of TestFastPathBoundaries' conditions and the inputs
// of urltestdata.json.
func FuzzFastPath(f *testing.F) {
	for _, s := range []string{
		"http://f:65535/c", "http://f:65536/c", "http://f:99999/c", "http://f:0/c", "http://f:00/c",
		"http://f:080/c", "http://f:80/c", "https://f:443/c", "ws://f:80/c", "wss://f:443/c",
		"ftp://f:21/c", "foo://f:65536/c", "http://1.2.3.255/", "http://1.2.3.256/",
		"http://4294967295/", "http://4294967296/", "http://01.2.3.4/", "http://1.2.3.4./",
		"http://0x1.2.3.4/", "HTTP://Z/", "http://Z/", "foo://Z/", "hTtPs://a/", "file://localhost/",
		"file:///C|/x", "file:///C:/x", "foo:/.//x", "foo:/./x", "http://h/a/%2e%2E/b",
		"http://h/a/.", "http://h/a/..?q", "http://u:p@h/", "http://u:@h/", "http://@h/",
		"http://[::1]/", "http://[::01]/", "http://[::ffff:1.2.3.4]/", "a:b ?q", "a:b c",
		"http://h/?a'b", "foo://h/?a'b", "http://h/#a`b", "http://h/a\\b", "foo://h/a\\b",
		"http://h", "foo://h", "http://h?q", "file://u@h/", "foo://:1/",
		"HTTPS://A.COM:443/a b/\u00e9/./x/../y?q=x y#f", "FILE:\\\\h\\a\\..\\b", "NODE:a b?c d#e f",
		"http://h/a/b/%2E%2e/c/.?\u00fc#\u00fc", "https://a.b/c/../../../d", "file:////x/C|/..", "ws://A-B.xn--Z/",
		"ht\ttp://\xff@h:7z/", " \xff\thttp://h/\xfe^\xf0\x90 ", "foo://\xff\xff^/", "a:\xff\n\xe0\x80 ?",
		// IDN hosts, which the direct path takes through Unicode ToASCII (dirIDNHost).
		"HTTP://B\u00fccher.DE:80/a", "https://\u0645\u062b\u0627\u0644.3m.com/", "http://\uff11.\uff12.\uff13.\uff14/",
		"file://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54/x", "http://a\uff0fb/", "http://\u00fc.xn--abc-/", "http://xn--a/",
		// URLs that are not special with an authority (dirOtherAuthority).
		"TAPMOCK://a1614fc8fa65ebf7.42f84edf9f8bebe3/?url=%40tapjs%2Fcore", "tapmock://A1614FC8FA65EBF7.D4FE200F9D1A5433/\u00fcber/?w=\u043c\u0438\u0440",
		"git://Example.com/a b/../c", "SSH://h:022/x\\..\\y/%2e%2E/z", "FOO://", "foo://:22/", "foo://\u00fc\x01%zz:0?a b#c d", "foo://h:65536/",
		"foo://a\\b/", "foo://u@h/..", "foo://h:/.", "foo://h/a/..\\b/../c",
	} {
		f.Add(s, "")
	}
	for _, c := range loadJSON(f, "wpt/urltestdata.json") {
		in, _ := c["input"].(string)
		b, _ := c["base"].(string)
		f.Add(in, b)
		if href, ok := c["href"].(string); ok {
			f.Add(href, "")
		}
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		var b *URL
		if base != "" {
			bu, err := Parse(base, nil)
			if err != nil {
				return
			}
			b = &bu
		}
		agree(t, input, b)
		// The href parses to itself, with the fast path on and off.
		if _, href := agree(t, input, nil); href != "" {
			if _, again := agree(t, href, nil); again != href {
				t.Fatalf("%q: its href %q parses to %q", input, href, again)
			}
		}
	})
}
