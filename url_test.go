package locator

import (
	"encoding"
	"encoding/json"
	"errors"
	"testing"
)

// opt is an optional component in a table: absent, or present with a value (possibly "").
type opt struct {
	v  string
	ok bool
}

func present(v string) opt { return opt{v, true} }

var absent = opt{}

func (o opt) String() string {
	if !o.ok {
		return "<absent>"
	}
	return "\"" + o.v + "\""
}

func optOf(v string, ok bool) opt { return opt{v, ok} }

type comps struct {
	scheme, authority, user, password opt
	host                              string
	port                              opt
	path                              string
	query, fragment                   opt
}

func getComps(u URL) comps {
	var c comps
	c.scheme = optOf(u.Scheme(), u.HasScheme())
	c.authority = optOf(u.Authority())
	c.user = optOf(u.User())
	c.password = optOf(u.Password())
	c.host = u.Host()
	c.port = optOf(u.Port())
	c.path = u.Path()
	c.query = optOf(u.Query())
	c.fragment = optOf(u.Fragment())
	return c
}

// componentTests: every component absent, empty and present. Each row cites the rule.
var componentTests = []struct {
	in   string
	want comps
	src  string
}{
	{"", comps{}, "zero value: the empty reference (RFC 3986 §4.2 relative-ref, path-empty)"},
	{"ftp://@host.com/", comps{present("ftp"), present("@host.com"), present(""), absent, "host.com", absent, "/", absent, absent}, "RFC 1738 §3.1 empty user"},
	{"ftp://host.com/", comps{present("ftp"), present("host.com"), absent, absent, "host.com", absent, "/", absent, absent}, "RFC 1738 §3.1 no user"},
	{"ftp://foo:@host.com/", comps{present("ftp"), present("foo:@host.com"), present("foo"), present(""), "host.com", absent, "/", absent, absent}, "RFC 1738 §3.1 empty password"},
	{"ftp://:@host.com/", comps{present("ftp"), present(":@host.com"), present(""), present(""), "host.com", absent, "/", absent, absent}, "RFC 1738 §3.1 empty user and password"},
	{"ftp://u:p@h:21/a", comps{present("ftp"), present("u:p@h:21"), present("u"), present("p"), "h", present("21"), "/a", absent, absent}, "RFC 1738 §3.1 all of login"},
	{"http://h:/", comps{present("http"), present("h:"), absent, absent, "h", present(""), "/", absent, absent}, "RFC 3986 §3.2.3 empty port"},
	{"http://h", comps{present("http"), present("h"), absent, absent, "h", absent, "", absent, absent}, "RFC 1738 §3.3 '/' may be omitted"},
	{"http://h?", comps{present("http"), present("h"), absent, absent, "h", absent, "", present(""), absent}, "RFC 3986 §3.4 empty query"},
	{"http://h#", comps{present("http"), present("h"), absent, absent, "h", absent, "", absent, present("")}, "RFC 3986 §3.5 empty fragment"},
	{"http://h/p?q#f", comps{present("http"), present("h"), absent, absent, "h", absent, "/p", present("q"), present("f")}, "RFC 1738 §3.3 path, searchpart; RFC 1808 §2.4.1 fragment"},
	{"http://h/p#f?q", comps{present("http"), present("h"), absent, absent, "h", absent, "/p", absent, present("f?q")}, "RFC 3986 §3.5 '?' inside the fragment"},
	{"file:///etc/motd", comps{present("file"), present(""), absent, absent, "", absent, "/etc/motd", absent, absent}, "RFC 1738 §3.10 empty host"},
	{"http://", comps{present("http"), present(""), absent, absent, "", absent, "", absent, absent}, "RFC 3986 §3.2 empty authority"},
	{"//h/p", comps{absent, present("h"), absent, absent, "h", absent, "/p", absent, absent}, "RFC 3986 §4.2 network-path reference"},
	{"/p?q", comps{absent, absent, absent, absent, "", absent, "/p", present("q"), absent}, "RFC 3986 §4.2 absolute-path reference"},
	{"p", comps{absent, absent, absent, absent, "", absent, "p", absent, absent}, "RFC 3986 §4.2 relative-path reference"},
	{"?", comps{absent, absent, absent, absent, "", absent, "", present(""), absent}, "RFC 3986 §4.2 query only"},
	{"#", comps{absent, absent, absent, absent, "", absent, "", absent, present("")}, "RFC 3986 §4.2 fragment only"},
	{"mailto:joe@x.org", comps{present("mailto"), absent, absent, absent, "", absent, "joe@x.org", absent, absent}, "RFC 1738 §3.5 no authority"},
	{"news:*", comps{present("news"), absent, absent, absent, "", absent, "*", absent, absent}, "RFC 1738 §3.6"},
	{"x:", comps{present("x"), absent, absent, absent, "", absent, "", absent, absent}, "RFC 3986 §3 path-empty"},
	{"http://[::1]:80/", comps{present("http"), present("[::1]:80"), absent, absent, "[::1]", present("80"), "/", absent, absent}, "RFC 3986 §3.2.2 IP-literal"},
	{"http://a@b@c/", comps{present("http"), present("a@b@c"), present("a@b"), absent, "c", absent, "/", absent, absent}, "RFC 3986 §3.2.1 userinfo ends at the last '@'"},
	{"http://a:b:c@h/", comps{present("http"), present("a:b:c@h"), present("a"), present("b:c"), "h", absent, "/", absent, absent}, "RFC 1738 §3.1 password after the first ':'"},
	{"1a:b", comps{absent, absent, absent, absent, "", absent, "1a:b", absent, absent}, "RFC 3986 §3.1 scheme starts with a letter"},
	{"HTTP://H/", comps{present("HTTP"), present("H"), absent, absent, "H", absent, "/", absent, absent}, "case preserved as written"},
}

func TestComponents(t *testing.T) {
	for _, tt := range componentTests {
		u, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q) [%s]: %v", tt.in, tt.src, err)
			continue
		}
		if err := u.check(); err != nil {
			t.Errorf("Parse(%q): invariant: %v", tt.in, err)
		}
		if got := getComps(u); got != tt.want {
			t.Errorf("Parse(%q) [%s]:\n got %+v\nwant %+v", tt.in, tt.src, got, tt.want)
		}
		if u.String() != tt.in {
			t.Errorf("Parse(%q).String() = %q", tt.in, u.String())
		}
		if u.Len() != len(tt.in) {
			t.Errorf("Parse(%q).Len() = %d", tt.in, u.Len())
		}
		// Userinfo is user[:password], present exactly when a user is.
		ui, uiok := u.Userinfo()
		wantUI := tt.want.user.v
		if tt.want.password.ok {
			wantUI += ":" + tt.want.password.v
		}
		if uiok != tt.want.user.ok || ui != wantUI {
			t.Errorf("Parse(%q).Userinfo() = %q, %v", tt.in, ui, uiok)
		}
		hp := tt.want.host
		if tt.want.port.ok {
			hp += ":" + tt.want.port.v
		}
		if u.HostPort() != hp {
			t.Errorf("Parse(%q).HostPort() = %q, want %q", tt.in, u.HostPort(), hp)
		}
	}
}

func TestZeroValue(t *testing.T) {
	u, err := Parse("")
	if err != nil {
		t.Fatal(err)
	}
	if u != (URL{}) {
		t.Errorf("Parse(\"\") = %+v, want the zero URL", u)
	}
	if !u.IsZero() || !(URL{}).IsZero() {
		t.Error("IsZero false for the empty reference")
	}
	if MustParse("a").IsZero() {
		t.Error("IsZero true for \"a\"")
	}
	if err := (URL{}).check(); err != nil {
		t.Error(err)
	}
}

func TestHostname(t *testing.T) {
	for _, tt := range []struct{ in, host, name string }{
		{"http://[::1]/", "[::1]", "::1"},                     // RFC 3986 §3.2.2
		{"http://[v1.x]:8/", "[v1.x]", "v1.x"},                // RFC 3986 §3.2.2 IPvFuture
		{"http://example.com/", "example.com", "example.com"}, // RFC 1738 §3.1
		{"http://1.2.3.4:80/", "1.2.3.4", "1.2.3.4"},          // RFC 1738 §3.1 hostnumber
		{"http:///", "", ""},
	} {
		u := MustParse(tt.in)
		if u.Host() != tt.host || u.Hostname() != tt.name {
			t.Errorf("%q: Host %q Hostname %q, want %q %q", tt.in, u.Host(), u.Hostname(), tt.host, tt.name)
		}
	}
}

func TestPortNumber(t *testing.T) {
	for _, tt := range []struct {
		in string
		n  int
		ok bool
	}{
		{"http://h/", 0, false},    // absent
		{"http://h:/", 0, false},   // empty (RFC 3986 §3.2.3)
		{"http://h:80/", 80, true}, // RFC 1738 §3.3
		{"http://h:0/", 0, true},   // digits
		{"http://h:65535/", 65535, true},
		{"http://h:65536/", 0, false}, // above 16 bits
		// Leading zeros do not count (RFC 1738 §5 port = digits; RFC 3986 §3.2.3 *DIGIT): the
		// port of "http://h:000080/" is 80, as Canonical's "compared as a number" reads it.
		{"http://h:000080/", 80, true},
		{"http://h:00000000000000000000065535/", 65535, true},
		{"http://h:00000000000000000000065536/", 0, false},
		{"http://h:000000/", 0, true},
		{"http://h:99999999999999999999/", 0, false},
	} {
		n, ok := MustParse(tt.in).PortNumber()
		if n != tt.n || ok != tt.ok {
			t.Errorf("%q: PortNumber() = %d, %v; want %d, %v", tt.in, n, ok, tt.n, tt.ok)
		}
	}
}

func TestSchemePart(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"ftp://h/a#f", "//h/a"},        // RFC 1738 §2.1 scheme-specific-part, without the fragment (RFC 1808 §2.4.1)
		{"mailto:a@b", "a@b"},           // RFC 1738 §3.5
		{"news:comp.x?y#z", "comp.x?y"}, // up to the fragment
		{"rel/p#f", "rel/p"},            // no scheme: the reference up to the fragment
		{"x:", ""},
	} {
		if got := MustParse(tt.in).SchemePart(); got != tt.want {
			t.Errorf("%q: SchemePart() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestIsScheme(t *testing.T) {
	for _, tt := range []struct {
		in, name string
		want     bool
	}{
		{"http://h/", "http", true},
		{"HTTP://h/", "http", true},   // RFC 1738 §2.1 case-ignore
		{"HtTp://h/", "http", true},   // RFC 1738 §2.1
		{"https://h/", "http", false}, // a longer name
		{"http://h/", "https", false},
		{"//h/", "", false}, // no scheme is not the empty scheme
		{"x-y:z", "x-y", true},
		{"http+x:z", "http+x", true},
	} {
		if got := MustParse(tt.in).IsScheme(tt.name); got != tt.want {
			t.Errorf("%q.IsScheme(%q) = %v", tt.in, tt.name, got)
		}
	}
}

func TestURLPath(t *testing.T) {
	// RFC 1738 §3.1: "the '/' between the host (or port) and the url-path is NOT part of the
	// url-path"; the url-path holds ;params and ?search but not the fragment (RFC 1808 §2.4.1).
	for _, tt := range []struct{ in, want string }{
		{"ftp://h/pub/a;type=d", "pub/a;type=d"},
		{"ftp://h//etc/motd", "/etc/motd"}, // §3.2.2
		{"ftp://h/%2Fetc/motd", "%2Fetc/motd"},
		{"http://h/p?q#f", "p?q"},
		{"http://h", ""},
		{"http://h?q", ""}, // no "/" after the authority
		{"http://h/", ""},
		{"mailto:a@b", ""}, // no authority
		{"/a/b", ""},
	} {
		if got := MustParse(tt.in).URLPath(); got != tt.want {
			t.Errorf("%q.URLPath() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestWithoutFragment(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"http://h/p?q#f", "http://h/p?q"},
		{"http://h/p#", "http://h/p"}, // an empty fragment goes too
		{"http://h/p", "http://h/p"},
		{"#f", ""},
		{"", ""},
	} {
		u := MustParse(tt.in)
		v := u.WithoutFragment()
		if err := v.check(); err != nil {
			t.Errorf("%q.WithoutFragment(): %v", tt.in, err)
		}
		if v.String() != tt.want || v != MustParse(tt.want) {
			t.Errorf("%q.WithoutFragment() = %q, want %q", tt.in, v, tt.want)
		}
		if _, ok := v.Fragment(); ok {
			t.Errorf("%q.WithoutFragment() has a fragment", tt.in)
		}
	}
}

func TestOffsets(t *testing.T) {
	in := "ftp://user:pass@host.com:21/pub/a?q#f"
	got := MustParse(in).Offsets()
	want := Offsets{Prefix: Span{-1, -1},
		Scheme: Span{0, 3}, User: Span{6, 10}, Password: Span{11, 15}, Host: Span{16, 24},
		Port: Span{25, 27}, Path: Span{27, 33}, Query: Span{34, 35}, Fragment: Span{36, 37},
	}
	if got != want {
		t.Errorf("Offsets(%q) =\n %+v\nwant %+v", in, got, want)
	}
	noSpan := Span{-1, -1}
	got = MustParse("p").Offsets()
	want = Offsets{Prefix: noSpan, Scheme: noSpan, User: noSpan, Password: noSpan, Host: noSpan, Port: noSpan,
		Path: Span{0, 1}, Query: noSpan, Fragment: noSpan}
	if got != want {
		t.Errorf("Offsets(\"p\") = %+v, want %+v", got, want)
	}
	// Every span of every table row slices out what the getter returns.
	for _, tt := range componentTests {
		u := MustParse(tt.in)
		o := u.Offsets()
		for _, c := range []struct {
			name string
			sp   Span
			want opt
		}{
			{"scheme", o.Scheme, tt.want.scheme}, {"user", o.User, tt.want.user},
			{"password", o.Password, tt.want.password}, {"port", o.Port, tt.want.port},
			{"query", o.Query, tt.want.query}, {"fragment", o.Fragment, tt.want.fragment},
			{"path", o.Path, present(tt.want.path)}, {"host", o.Host, optOf(tt.want.host, tt.want.authority.ok)},
		} {
			if (c.sp.Start >= 0) != c.want.ok || (c.sp.Start >= 0 && tt.in[c.sp.Start:c.sp.End] != c.want.v) {
				t.Errorf("%q: %s span %v, want %v", tt.in, c.name, c.sp, c.want)
			}
		}
	}
}

func TestText(t *testing.T) {
	var _ encoding.TextMarshaler = URL{}
	var _ encoding.TextUnmarshaler = (*URL)(nil)
	var _ encoding.TextAppender = URL{}
	for _, in := range []string{"", "http://h/p?q#f", "ftp://@host.com/", "#"} {
		u := MustParse(in)
		b, err := u.MarshalText()
		if err != nil || string(b) != in {
			t.Errorf("MarshalText(%q) = %q, %v", in, b, err)
		}
		b, err = u.AppendText([]byte("x"))
		if err != nil || string(b) != "x"+in {
			t.Errorf("AppendText(%q) = %q, %v", in, b, err)
		}
		if b := u.AppendTo([]byte("y")); string(b) != "y"+in {
			t.Errorf("AppendTo(%q) = %q", in, b)
		}
		var v URL
		if err := v.UnmarshalText([]byte(in)); err != nil || v != u {
			t.Errorf("UnmarshalText(%q) = %+v, %v", in, v, err)
		}
	}
	// Empty text gives the zero value, even over a non-zero URL.
	v := MustParse("http://h/")
	if err := v.UnmarshalText(nil); err != nil || v != (URL{}) {
		t.Errorf("UnmarshalText(nil) = %+v, %v", v, err)
	}
	// A bad URL leaves the receiver alone and returns an *Error.
	v = MustParse("http://h/")
	err := v.UnmarshalText([]byte("http://h/%zz"))
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeBadEscape || v != MustParse("http://h/") {
		t.Errorf("UnmarshalText(bad) = %v, receiver %q", err, v)
	}
	// JSON goes through the text methods.
	type doc struct{ U URL }
	js, err := json.Marshal(doc{MustParse("ftp://h/a b")})
	if err != nil || string(js) != `{"U":"ftp://h/a b"}` {
		t.Errorf("json.Marshal = %s, %v", js, err)
	}
	var d doc
	if err := json.Unmarshal(js, &d); err != nil || d.U.String() != "ftp://h/a b" {
		t.Errorf("json.Unmarshal = %+v, %v", d, err)
	}
}

func TestComparable(t *testing.T) {
	// == is "same serialization" (the URL type's doc).
	a := MustParse("http://h/p")
	b := MustParse("http://h/" + string([]byte{'p'}))
	if a != b {
		t.Error("two parses of the same string differ")
	}
	if MustParse("http://h/p") == MustParse("HTTP://h/p") {
		t.Error("URLs of different strings are ==")
	}
	m := map[URL]int{a: 1}
	if m[b] != 1 {
		t.Error("URL as a map key")
	}
}
