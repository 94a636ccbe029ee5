package locator

import (
	"errors"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator/internal/allocs"
)

// parseReferenceAs is parseReference (slow_test.go) with the two readings of ParseAs under
// RFC1738 and URLDraft1994, written from the documents and not from parse.go:
//
//  1. the 1994 URL draft's prefixedurl = u r l : url (RFC 1738 Appendix: "URL:"), where url
//     has a scheme: refPrefix, a regular expression in any letter case; the rest is parsed
//     and its offsets moved by the prefix's four bytes;
//  2. RFC 1738 §5 login = [ user [ ":" password ] "@" ] hostport, where user and password may
//     hold "?" and neither may hold "/" or "#" (not uchar): refLogin1738 takes the longest
//     run after "//" without "/" or "#" that ends with "@". When that run holds "?", each "?"
//     in it is read as any other user character: the input is parsed with "!" (which RFC 1738
//     §5 and RFC 3986 §3.2.1 both allow there) in its place, and then given its bytes back.
//
// For the other specs it is parseReference.
func parseReferenceAs(s string, spec Spec) (URL, error) {
	if spec != RFC1738 && spec != URLDraft1994 {
		return parseReference(s)
	}
	if refPrefix.MatchString(s) {
		u, err := parseLogin1738Reference(s[4:])
		if err != nil {
			var e *Error
			if errors.As(err, &e) {
				e.Input, e.Offset = s, e.Offset+4
			}
			return URL{}, err
		}
		u.s = s
		u.flags |= hasPrefix
		u.schemeEnd += 4
		u.userEnd += 4
		u.hostStart += 4
		u.hostEnd += 4
		u.pathStart += 4
		u.queryStart += 4
		u.fragStart += 4
		return u, nil
	}
	return parseLogin1738Reference(s)
}

// parseLogin1738Reference is step 2 of parseReferenceAs.
func parseLogin1738Reference(s string) (URL, error) {
	m := refLogin1738.FindStringSubmatchIndex(s)
	if m == nil || !strings.Contains(s[m[4]:m[5]], "?") {
		return parseReference(s)
	}
	t := s[:m[4]] + strings.ReplaceAll(s[m[4]:m[5]], "?", "!") + s[m[5]:]
	u, err := parseReference(t)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.Input = s
		}
		return URL{}, err
	}
	u.s = s
	u.flags |= hasLogin1738
	u.chars = summarySlow(u)
	return u, nil
}

var (
	// refPrefix: "URL:" in any letter case, then an RFC 3986 §3.1 scheme and ":".
	refPrefix = regexp.MustCompile(`^(?i)url:[a-z][a-z0-9+.-]*:`)
	// refLogin1738: [scheme ":"] "//" and the user information up to its last "@" before the
	// first "/" or "#" (submatch 2).
	refLogin1738 = regexp.MustCompile(`^(?s)([A-Za-z][A-Za-z0-9+.-]*:)?//([^/#]*)@`)
)

// compOf writes u's components as "prefix|scheme|user|password|host|port|path|query|fragment",
// "-" for absent, or "error:CODE".
func compOf(u URL, err error) string {
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return "error:" + string(e.Code)
		}
		return "error"
	}
	var parts []string
	add := func(v string, ok bool) {
		if !ok {
			v = "-"
		}
		parts = append(parts, v)
	}
	add(u.Prefix())
	add(u.Scheme(), u.HasScheme())
	add(u.User())
	add(u.Password())
	add(u.Host(), u.HasAuthority())
	add(u.Port())
	add(u.Path(), true)
	add(u.Query())
	add(u.Fragment())
	return strings.Join(parts, "|")
}

// parseAsTests: the "URL:" prefix and RFC 1738 §5 logins with "?", each under both readings:
// rfc1738 is the split of ParseAs under RFC1738 and URLDraft1994, other that under RFC3986,
// WHATWG, URLDraft1993 and RFC1630 (which define no prefix, and end the authority at "?":
// RFC 3986 §3.2; the 1993 URL draft and the URI draft write "URL:" nowhere and read
// "http://host?search"), the same as Parse.
var parseAsTests = []struct {
	in, cite       string
	rfc1738, other string
}{
	// The prefix. Issue 9's rows: parse, normalize, plan, equal read "URL:" as a scheme.
	{"URL:ftp://host.com/", "RFC 1738 Appendix; 1994 URL draft, URL syntax",
		"URL:|ftp|-|-|host.com|-|/|-|-", "-|URL|-|-|-|-|ftp://host.com/|-|-"},
	{"URL:HTTP://A/b", "RFC 1738 Appendix",
		"URL:|HTTP|-|-|A|-|/b|-|-", "-|URL|-|-|-|-|HTTP://A/b|-|-"},
	{"URL:http://a/b", "RFC 1738 Appendix",
		"URL:|http|-|-|a|-|/b|-|-", "-|URL|-|-|-|-|http://a/b|-|-"},
	{"url:http://a/b", "1994 URL draft, BNF (prefixedurl = u r l : url, lower case)",
		"url:|http|-|-|a|-|/b|-|-", "-|url|-|-|-|-|http://a/b|-|-"},
	{"Url:http://a/b", "RFC 1738 §2.1 (case of a scheme-like name); any case",
		"Url:|http|-|-|a|-|/b|-|-", "-|Url|-|-|-|-|http://a/b|-|-"},
	{"uRL:mailto:a@b", "RFC 1738 Appendix",
		"uRL:|mailto|-|-|-|-|a@b|-|-", "-|uRL|-|-|-|-|mailto:a@b|-|-"},
	{"URL:news:comp.x#f", "RFC 1738 Appendix (the fragment within the prefixed form)",
		"URL:|news|-|-|-|-|comp.x|-|f", "-|URL|-|-|-|-|news:comp.x|-|f"},
	// No URL with a scheme after "URL:": no prefixedurl; "URL" is the scheme.
	{"URL:", "1994 URL draft, BNF (url has a scheme)", "-|URL|-|-|-|-||-|-", "-|URL|-|-|-|-||-|-"},
	{"URL:x", "1994 URL draft, BNF", "-|URL|-|-|-|-|x|-|-", "-|URL|-|-|-|-|x|-|-"},
	{"URL:x:", "1994 URL draft, BNF (the shortest prefixedurl)", "URL:|x|-|-|-|-||-|-", "-|URL|-|-|-|-|x:|-|-"},
	{"URL:z:", "1994 URL draft, BNF (alpha: a to z)", "URL:|z|-|-|-|-||-|-", "-|URL|-|-|-|-|z:|-|-"},
	{"URL:Z:", "1994 URL draft, BNF (alpha: A to Z)", "URL:|Z|-|-|-|-||-|-", "-|URL|-|-|-|-|Z:|-|-"},
	{"URL:[:", "RFC 1738 §2.1 (a scheme starts with a letter)", "-|URL|-|-|-|-|[:|-|-", "-|URL|-|-|-|-|[:|-|-"},
	{"URL:@:", "RFC 1738 §2.1", "-|URL|-|-|-|-|@:|-|-", "-|URL|-|-|-|-|@:|-|-"},
	{"URL:`:", "RFC 1738 §2.1", "-|URL|-|-|-|-|`:|-|-", "-|URL|-|-|-|-|`:|-|-"},
	{"URL:{:", "RFC 1738 §2.1", "-|URL|-|-|-|-|{:|-|-", "-|URL|-|-|-|-|{:|-|-"},
	{"URR:x:", "1994 URL draft, BNF (u r l)", "-|URR|-|-|-|-|x:|-|-", "-|URR|-|-|-|-|x:|-|-"},
	{"UQL:x:", "1994 URL draft, BNF (u r l)", "-|UQL|-|-|-|-|x:|-|-", "-|UQL|-|-|-|-|x:|-|-"},
	{"VRL:x:", "1994 URL draft, BNF (u r l)", "-|VRL|-|-|-|-|x:|-|-", "-|VRL|-|-|-|-|x:|-|-"},
	{"URLx:y:", "1994 URL draft, BNF (u r l :)", "-|URLx|-|-|-|-|y:|-|-", "-|URLx|-|-|-|-|y:|-|-"},
	{"URL:/a:b", "1994 URL draft, BNF", "-|URL|-|-|-|-|/a:b|-|-", "-|URL|-|-|-|-|/a:b|-|-"},
	{"URL://h/", "1994 URL draft, BNF", "-|URL|-|-|h|-|/|-|-", "-|URL|-|-|h|-|/|-|-"},
	{"URL:1a:b", "RFC 1738 §2.1 (a scheme starts with a letter)", "-|URL|-|-|-|-|1a:b|-|-", "-|URL|-|-|-|-|1a:b|-|-"},
	{"URL:a b:c", "RFC 1738 §2.1", "-|URL|-|-|-|-|a b:c|-|-", "-|URL|-|-|-|-|a b:c|-|-"},
	{"URL:URL:http://a", "1994 URL draft, BNF (one prefix: what follows is the url)",
		"URL:|URL|-|-|-|-|http://a|-|-", "-|URL|-|-|-|-|URL:http://a|-|-"},
	{"URL :http://a", "1994 URL draft, BNF (u r l :, no space)", "-|-|-|-|-|-|URL :http://a|-|-", "-|-|-|-|-|-|URL :http://a|-|-"},
	{"xURL:http://a", "RFC 1738 Appendix (a prefix, at the start)", "-|xURL|-|-|-|-|http://a|-|-", "-|xURL|-|-|-|-|http://a|-|-"},
	{"<URL:http://a>", "RFC 1738 Appendix (the wrapper is not part of the URL)",
		"-|-|-|-|-|-|<URL:http://a>|-|-", "-|-|-|-|-|-|<URL:http://a>|-|-"},
	{"URL:ftp://host:8x/", "RFC 1738 §3.1 (the URL behind the prefix is checked as any)", "error:bad-port", "-|URL|-|-|-|-|ftp://host:8x/|-|-"},
	{"URL:ftp://h/%zz", "RFC 1738 §2.2", "error:bad-escape", "error:bad-escape"},

	// RFC 1738 §5 login: user = *[ uchar | ";" | "?" | "&" | "=" ], password the same.
	{"ftp://a?b@host/", "RFC 1738 §5 user",
		"-|ftp|a?b|-|host|-|/|-|-", "-|ftp|-|-|a|-||b@host/|-"},
	{"ftp://a:p?q@host/f", "RFC 1738 §5 password", "-|ftp|a|p?q|host|-|/f|-|-", "error:bad-port"},
	{"ftp://?@h/", "RFC 1738 §5 user", "-|ftp|?|-|h|-|/|-|-", "-|ftp|-|-||-||@h/|-"},
	{"ftp://a?@h", "RFC 1738 §5 user", "-|ftp|a?|-|h|-||-|-", "-|ftp|-|-|a|-||@h|-"},
	{"ftp://a;b?c&d=e@h/", "RFC 1738 §5 user", "-|ftp|a;b?c&d=e|-|h|-|/|-|-", "-|ftp|-|-|a;b|-||c&d=e@h/|-"},
	{"URL:ftp://a?b@host/", "RFC 1738 Appendix; §5 user",
		"URL:|ftp|a?b|-|host|-|/|-|-", "-|URL|-|-|-|-|ftp://a|b@host/|-"},
	{"ftp://u?v@h?q", "RFC 1738 §5 (the host ends at \"?\": hostport has none)",
		"-|ftp|u?v|-|h|-||q|-", "-|ftp|-|-|u|-||v@h?q|-"},
	{"ftp://a?b@[::1]:21/", "RFC 1738 §5; RFC 3986 §3.2.2", "-|ftp|a?b|-|[::1]|21|/|-|-", "-|ftp|-|-|a|-||b@[::1]:21/|-"},
	{"ftp://a?b@h:x/", "RFC 1738 §5 port = digits", "error:bad-port", "-|ftp|-|-|a|-||b@h:x/|-"},
	{"ftp://a?%zz@h/", "RFC 1738 §2.2", "error:bad-escape", "error:bad-escape"},
	{"//a?b@h/p", "RFC 1738 §5 (a network-path reference)", "-|-|a?b|-|h|-|/p|-|-", "-|-|-|-|a|-||b@h/p|-"},
	// The user information ends at the last "@" before "/" or "#" (as Parse's at the last "@").
	{"ftp://a?b@c?d@h/x", "RFC 1738 §5; RFC 3986 §3.2.1", "-|ftp|a?b@c?d|-|h|-|/x|-|-", "-|ftp|-|-|a|-||b@c?d@h/x|-"},
	{"ftp://a@b?c@d/", "RFC 1738 §5", "-|ftp|a@b?c|-|d|-|/|-|-", "-|ftp|a|-|b|-||c@d/|-"},
	// No "@" after the "?" before "/" or "#": the "?" ends the authority in every reading.
	{"http://h?q", "1993 URL draft, HTTP (http://host?search); RFC 3986 §3.2", "-|http|-|-|h|-||q|-", "-|http|-|-|h|-||q|-"},
	{"http://u@h?q@", "RFC 1738 §5 (an \"@\" after the host's \"?\": the last \"@\")", "-|http|u@h?q|-||-||-|-", "-|http|u|-|h|-||q@|-"},
	{"ftp://a?b#c@h/", "RFC 1738 §5 (\"#\" is in no login: unsafe, §2.2)", "-|ftp|-|-|a|-||b|c@h/", "-|ftp|-|-|a|-||b|c@h/"},
	{"ftp://a?b/c@h", "RFC 1738 §5 (\"/\" ends the login: ip-schemepart)", "-|ftp|-|-|a|-||b/c@h|-", "-|ftp|-|-|a|-||b/c@h|-"},
	{"ftp://a?b", "RFC 1738 §5", "-|ftp|-|-|a|-||b|-", "-|ftp|-|-|a|-||b|-"},
	{"ftp://h/a?b@c", "RFC 1738 §5 (a \"?\" in the path is the path's)", "-|ftp|-|-|h|-|/a|b@c|-", "-|ftp|-|-|h|-|/a|b@c|-"},
	{"mailto:a?b@c", "RFC 1738 §5 (no \"//\", no login)", "-|mailto|-|-|-|-|a|b@c|-", "-|mailto|-|-|-|-|a|b@c|-"},
}

// TestParseAs runs parseAsTests under every spec, with the reference parser and the
// invariant checker, and ParseAs's round trip.
func TestParseAs(t *testing.T) {
	for _, tt := range parseAsTests {
		for _, spec := range Specs() {
			want := tt.other
			if spec == RFC1738 || spec == URLDraft1994 {
				want = tt.rfc1738
			}
			u, err := ParseAs(tt.in, spec)
			if got := compOf(u, err); got != want {
				t.Errorf("ParseAs(%q, %s) = %s, want %s (%s)", tt.in, spec, got, want, tt.cite)
			}
			ref, rerr := parseReferenceAs(tt.in, spec)
			if (err == nil) != (rerr == nil) || ref != u {
				t.Errorf("ParseAs(%q, %s) = %+v, %v; the reference: %+v, %v", tt.in, spec, u, err, ref, rerr)
			}
			if err != nil {
				continue
			}
			if err := u.check(); err != nil {
				t.Errorf("ParseAs(%q, %s): %v", tt.in, spec, err)
			}
			if u.String() != tt.in {
				t.Errorf("ParseAs(%q, %s).String() = %q", tt.in, spec, u)
			}
			if v, _ := Parse(tt.in); (v == u) != (want == tt.other) {
				t.Errorf("ParseAs(%q, %s) == Parse: %v, want %v", tt.in, spec, v == u, want == tt.other)
			}
		}
	}
}

// TestParseAsOffsets: the prefix's span and the scheme's after it.
func TestParseAsOffsets(t *testing.T) {
	u, err := ParseAs("URL:ftp://a?b:c@h:21/p?q#f", RFC1738)
	if err != nil {
		t.Fatal(err)
	}
	want := Offsets{Prefix: Span{0, 4}, Scheme: Span{4, 7}, User: Span{10, 13}, Password: Span{14, 15},
		Host: Span{16, 17}, Port: Span{18, 20}, Path: Span{20, 22}, Query: Span{23, 24}, Fragment: Span{25, 26}}
	if got := u.Offsets(); got != want {
		t.Errorf("Offsets =\n %+v\nwant %+v", got, want)
	}
	v := u.WithoutPrefix()
	if v.String() != "ftp://a?b:c@h:21/p?q#f" || v.Offsets().Prefix != (Span{-1, -1}) || v.Offsets().Scheme != (Span{0, 3}) ||
		compOf(v, nil) != "-|ftp|a?b|c|h|21|/p|q|f" || !v.LoginRFC1738() {
		t.Errorf("WithoutPrefix = %q %+v %s", v, v.Offsets(), compOf(v, nil))
	}
	if err := v.check(); err != nil {
		t.Error(err)
	}
	if w := MustParse("http://a/"); w.WithoutPrefix() != w {
		t.Error("WithoutPrefix of a URL without a prefix changed it")
	}
}

// TestParseAsBuilders: the functions that build URLs take the URL behind the prefix, with
// "?" of a login written %3F (plain): so equal says equivalent, and normalize leaves the
// prefix out.
func TestParseAsBuilders(t *testing.T) {
	pre, _ := ParseAs("URL:HTTP://A/b", RFC1738)
	if !Equivalent(pre, MustParse("http://a/b")) || !Equivalent(MustParse("http://a/b"), pre) {
		t.Error("URL:HTTP://A/b is not equivalent to http://a/b")
	}
	if c := Canonical(pre); c.String() != "http://a/b" {
		t.Errorf("Canonical = %q", c)
	}
	if n, err := Normalize(pre, NormalizeSafe); err != nil || n.String() != "http://a/b" {
		t.Errorf("Normalize = %q, %v", n, err)
	}
	if n, err := Normalize(pre, 0); err != nil || n.String() != "HTTP://A/b" {
		t.Errorf("Normalize with no step = %q, %v", n, err)
	}
	if r, err := Resolve(pre, MustParse("c"), ModeRFC3986); err != nil || r.String() != "HTTP://A/c" {
		t.Errorf("Resolve = %q, %v", r, err)
	}
	if s, err := SURT(pre); err != nil || s != "a)/b" {
		t.Errorf("SURT = %q, %v", s, err)
	}
	login, _ := ParseAs("ftp://a?b@host/f", RFC1738)
	enc := MustParse("ftp://a%3Fb@host/f")
	if !Equivalent(login, enc) || Canonical(login) != Canonical(enc) {
		t.Errorf("ftp://a?b@host/f (RFC 1738 §5) is not equivalent to ftp://a%%3Fb@host/f: %q", Canonical(login))
	}
	if Equivalent(login, MustParse("ftp://a?b@host/f")) {
		t.Error("the RFC 1738 §5 reading is equivalent to the RFC 3986 one (host a)")
	}
	if r, err := Resolve(login, MustParse("g"), ModeRFC1808); err != nil || r.String() != "ftp://a%3Fb@host/g" {
		t.Errorf("Resolve = %q, %v", r, err)
	}
	if r, err := Relative(MustParse("ftp://a%3Fb@host/x"), login, ModeRFC3986); err != nil || r.String() != "f" {
		t.Errorf("Relative = %q, %v", r, err)
	}
	if nu, err := login.NetURL(); err != nil || nu.User.Username() != "a?b" || nu.Host != "host" {
		t.Errorf("NetURL = %v, %v", nu, err)
	}
}

// TestParseAsMatchesReference compares ParseAs with parseReferenceAs under every spec on
// generated strings made of the prefix, logins with "?", delimiters and escapes.
func TestParseAsMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 1738))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	var inputs []string
	for _, tt := range componentTests {
		inputs = append(inputs, tt.in, "URL:"+tt.in, "url:"+tt.in)
	}
	pieces := []string{"URL:", "url:", "Url", "a", ":", "/", "//", "?", "@", "#", "[::1]", ":21", "%3F", "%z", " ", "\x01", "h"}
	for i := 0; i < 40000; i++ {
		var b strings.Builder
		for n := r.IntN(12); n >= 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		inputs = append(inputs, b.String())
		inputs = append(inputs, pick("", "URL:", "url:", "URL:URL:", "URL :", "URL:1")+pick("", "ftp:", "x:", "1a:")+
			pick("", "//", "/")+pick("", "a?b@", "?@", "a:p?q@", "a?b@c?d@", "u@", "?", "a?%41@", "a?%4@", "a?\x00@")+
			pick("", "h", "[::1]", "h:21", "h:x", "[")+pick("", "/", "/p?q", "?q", "?@", "/@")+pick("", "#", "#@", "#?@"))
	}
	mismatches := 0
	for _, s := range inputs {
		for _, spec := range Specs() {
			u, err := ParseAs(s, spec)
			ref, rerr := parseReferenceAs(s, spec)
			if (err == nil) != (rerr == nil) || u != ref {
				if mismatches++; mismatches <= 20 {
					t.Errorf("ParseAs(%q, %s) = %+v, %v; the reference: %+v, %v", s, spec, u, err, ref, rerr)
				}
			}
		}
	}
	if mismatches > 20 {
		t.Errorf("%d mismatches in all", mismatches)
	}
}

// FuzzParseAs: under every spec, ParseAs agrees with the slow reference parser; on success
// the invariant holds, String gives the input back, ParseAs of it gives the same value, the
// URL behind the prefix keeps the invariant, and plain gives a URL that Parse reads alike and
// that is Equivalent; without a prefix or a login with "?" it is Parse's URL.
func FuzzParseAs(f *testing.F) {
	addSeeds(f)
	for _, tt := range parseAsTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, spec := range Specs() {
			u, err := ParseAs(s, spec)
			ref, rerr := parseReferenceAs(s, spec)
			if (err == nil) != (rerr == nil) || ref != u {
				t.Fatalf("ParseAs(%q, %s) = %+v, %v; the reference parser: %+v, %v", s, spec, u, err, ref, rerr)
			}
			if err != nil {
				var e *Error
				if !errors.As(err, &e) || e.Code == "" || e.Offset < 0 || e.Offset > len(s) || e.Input != s {
					t.Fatalf("ParseAs(%q, %s): bad error %v", s, spec, err)
				}
				continue
			}
			if err := u.check(); err != nil {
				t.Fatalf("ParseAs(%q, %s): %v", s, spec, err)
			}
			if u.String() != s {
				t.Fatalf("ParseAs(%q, %s).String() = %q", s, spec, u)
			}
			if v, err := ParseAs(u.String(), spec); err != nil || v != u {
				t.Fatalf("ParseAs(%q, %s) is not stable", s, spec)
			}
			w := u.WithoutPrefix()
			if err := w.check(); err != nil {
				t.Fatalf("ParseAs(%q, %s).WithoutPrefix(): %v", s, spec, err)
			}
			p := plain(u)
			if _, ok := p.Prefix(); ok || p.LoginRFC1738() {
				t.Fatalf("plain(%q) = %q keeps a prefix or a login with \"?\"", s, p)
			}
			if v, err := Parse(p.String()); err != nil || v != p {
				t.Fatalf("plain(%q) = %q is not Parse's", s, p)
			}
			if !Equivalent(u, p) {
				t.Fatalf("%q is not equivalent to %q", s, p)
			}
			if _, ok := u.Prefix(); !ok && !u.LoginRFC1738() {
				if v, _ := Parse(s); v != u {
					t.Fatalf("ParseAs(%q, %s) differs from Parse without a prefix or a login with \"?\"", s, spec)
				}
			}
		}
	})
}

// TestParseAsNoAllocs: ParseAs and the new getters do not allocate, on every URL of the
// benchmark files with and without a "URL:" prefix, and on logins with "?".
func TestParseAsNoAllocs(t *testing.T) {
	var in []string
	for _, bs := range loadBench(t) {
		for _, s := range bs.urls {
			for _, t := range []string{s, "URL:" + s} {
				ok := true
				for _, spec := range Specs() {
					if _, err := ParseAs(t, spec); err != nil {
						ok = false // an error allocates
					}
				}
				if ok {
					in = append(in, t)
				}
			}
		}
	}
	login := []string{"ftp://a?b@host/", "ftp://a:p?q@host/f", "URL:ftp://a?b?c?d@host/x?y#z"}
	var sink int
	for _, spec := range []Spec{RFC1738, URLDraft1994, RFC3986} {
		if n := allocs.Count(0, 3, func() {
			for _, s := range in {
				u, _ := ParseAs(s, spec)
				p, _ := u.Prefix()
				sink += len(p) + u.WithoutPrefix().Len() + u.Offsets().Prefix.End
			}
			if spec == RFC3986 {
				return // ftp://a:p?q@host/f is an error (the port "p")
			}
			for _, s := range login {
				u, _ := ParseAs(s, spec)
				p, _ := u.Prefix()
				sink += len(p) + u.WithoutPrefix().Len() + u.Offsets().Prefix.End
				if u.LoginRFC1738() {
					sink++
				}
			}
		}); n != 0 {
			t.Errorf("ParseAs %s: %v allocations per pass", spec, n)
		}
	}
	_ = sink
}

// TestParseAsLinear: runs of "?" and "@" in a login, with and without an "@" after them, and
// of "URL:", up to 1 MB (256 KB with -short), parse with no allocation and in time linear in
// the input: atAhead's searches scan each byte at most once. The bound is on time, size
// against size: a search from every "?" (quadratic) fails at 64 KB within seconds.
func TestParseAsLinear(t *testing.T) {
	sizes := []int{advSize / 64, advSize / 16, advSize / 4, advSize}
	if testing.Short() {
		sizes = sizes[:3]
	}
	for _, mk := range []func(n int) string{
		func(n int) string { return "ftp://" + strings.Repeat("?", n) + "@h/" },
		func(n int) string { return "ftp://" + strings.Repeat("?", n) },
		func(n int) string { return "ftp://" + strings.Repeat("?", n) + "/" + strings.Repeat("@", n) },
		func(n int) string { return "ftp://" + strings.Repeat("?@", n/2) + "h" },
		func(n int) string { return "ftp://" + strings.Repeat("@?", n/2) },
		func(n int) string { return "ftp://" + strings.Repeat("a?", n/2) + "#@" },
		func(n int) string { return "URL:" + strings.Repeat("?", n) },
		func(n int) string { return strings.Repeat("URL:", n/4) + "http://h/" },
		func(n int) string { return "URL:ftp://" + strings.Repeat("a?b@", n/4) + "h/" },
	} {
		for _, spec := range []Spec{RFC1738, URLDraft1994} {
			// Each size four times the one before: a linear parse takes about four times as
			// long, a quadratic one sixteen. Speed is for the benchmarks, so the ratio is
			// logged; what fails is a call over hangGuard, a budget no linear parse comes near
			// (about 10 ms at 1 MB) and a quadratic one passes at 256 KB already (a mutant that
			// searched from every "?" took 1 s at 64 KB: 17 s at 256 KB).
			const hangGuard = 5 * time.Second
			prev := time.Duration(0)
			for i, n := range sizes {
				in := mk(n)
				if _, err := ParseAs(in, spec); err == nil {
					if a := allocs.Count(0, 2, func() { _, _ = ParseAs(in, spec) }); a != 0 {
						t.Errorf("ParseAs(%.20q…, %s): %v allocations", in, spec, a)
					}
				}
				d := advFastest(func() { _, _ = ParseAs(in, spec) })
				if d > hangGuard {
					t.Errorf("ParseAs(%.20q…, %s): %v at %d bytes: not linear", in, spec, d, len(in))
					break
				}
				if i > 0 && d > 12*prev+2*time.Millisecond {
					t.Logf("ParseAs(%.20q…, %s): %v at %d bytes, %v at a quarter (logged: speed is for the benchmarks)", in, spec, d, len(in), prev)
				}
				prev = d
			}
		}
	}
}

// TestParseAsCitesSpec: a URL that no document allows is refused with the rule of the
// document it was read by, not RFC 1738's for all.
func TestParseAsCitesSpec(t *testing.T) {
	for _, tc := range []struct {
		in   string
		spec Spec
		code Code
		rule string
	}{
		{"http://h/a%zz", RFC1738, CodeBadEscape, "RFC 1738 §2.2 escape"},
		{"http://h/a%zz", RFC3986, CodeBadEscape, "RFC 3986 §2.1 pct-encoded"},
		{"http://h/a%zz", URLDraft1994, CodeBadEscape, "1994 URL draft, BNF escape = % hex hex"},
		{"http://h/\x01", RFC3986, CodeControl, "RFC 3986 §2 (controls are not URI characters and must be percent-encoded)"},
		{"http://h/\x01", RFC1738, CodeControl, "RFC 1738 §2.2 (controls must be encoded)"},
		{"http://h:8x/", RFC3986, CodeBadPort, "RFC 3986 §3.2.3 port"},
		{"http://h:8x/", RFC1738, CodeBadPort, "RFC 1738 §3.1 port"},
		{"http://[::1/", RFC3986, CodeBadIPLiteral, "RFC 3986 §3.2.2 IP-literal"},
	} {
		_, err := ParseAs(tc.in, tc.spec)
		e, ok := err.(*Error)
		if !ok || e.Code != tc.code || e.Rule != tc.rule {
			t.Errorf("ParseAs(%q, %v) = %v, want %s [%s]", tc.in, tc.spec, err, tc.code, tc.rule)
		}
	}
}
