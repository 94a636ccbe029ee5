package locator

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Slow transcriptions of each document's resolution algorithm, written from the text and not
// from resolve.go or dotsegments.go: string pattern operations applied as the steps say, on
// components split as each document's own parsing section splits them. The tests compare
// Resolve with them on random bases and references over the characters where the documents
// part ways.
//
// Recombination adds, as Resolve documents, a "/" between an authority and a merged path
// that does not start with one (RFC 1808 §2.4.6, RFC 2396 §3), and "/." before a path "//p"
// without an authority (RFC 3986 §3.3).

// slowComp is a URL split into components, each with whether its separator was written.
type slowComp struct {
	scheme, netloc, path, params, query, frag string
	hasScheme, hasNetloc, hasParams           bool
	hasQuery, hasFrag                         bool
}

// slowParse1808 splits s by RFC 1808 §2.4.1–§2.4.6, in that order.
func slowParse1808(s string) slowComp {
	var c slowComp
	// §2.4.1: the fragment is after the first "#".
	if i := strings.Index(s, "#"); i >= 0 {
		c.frag, c.hasFrag, s = s[i+1:], true, s[:i]
	}
	// §2.4.2: a colon after the first character and before any character not allowed in
	// a scheme name.
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch == ':' {
			if i > 0 {
				c.scheme, c.hasScheme, s = s[:i], true, s[i+1:]
			}
			break
		}
		if !('a' <= ch && ch <= 'z' || 'A' <= ch && ch <= 'Z' || '0' <= ch && ch <= '9' ||
			ch == '+' || ch == '.' || ch == '-') {
			break
		}
	}
	// §2.4.3: "//" then up to the next "/".
	if strings.HasPrefix(s, "//") {
		s = s[2:]
		i := strings.Index(s, "/")
		if i < 0 {
			i = len(s)
		}
		c.netloc, c.hasNetloc, s = s[:i], true, s[i:]
	}
	// §2.4.4: the query after the first "?".
	if i := strings.Index(s, "?"); i >= 0 {
		c.query, c.hasQuery, s = s[i+1:], true, s[:i]
	}
	// §2.4.5: the params after the first ";".
	if i := strings.Index(s, ";"); i >= 0 {
		c.params, c.hasParams, s = s[i+1:], true, s[:i]
	}
	c.path = s // §2.4.6, with its leading "/"
	return c
}

// slowSegComplete reports whether p[i:j] is a complete path segment: it starts at the
// beginning or after a "/" and ends at the end or before a "/".
func slowSegComplete(p string, i, j int) bool {
	return (i == 0 || p[i-1] == '/') && (j == len(p) || p[j] == '/')
}

// slowDots1808 applies RFC 1808 §4 step 6 a)–d) (RFC 2396 §5.2 step 6 c)–f)) to p as string
// operations. The "/" that starts an absolute path is set aside: the examples keep "/../g"
// (RFC 1808 §5.2, RFC 2396 C.2), so the empty string before it is no segment.
func slowDots1808(p string) string {
	lead := ""
	if strings.HasPrefix(p, "/") {
		lead, p = "/", p[1:]
	}
	// a) All occurrences of "./", where "." is a complete path segment, are removed.
	var b strings.Builder
	for i := 0; i < len(p); {
		if strings.HasPrefix(p[i:], "./") && (i == 0 || p[i-1] == '/') {
			i += 2
			continue
		}
		b.WriteByte(p[i])
		i++
	}
	p = b.String()
	// b) a final "." complete segment is removed.
	if strings.HasSuffix(p, ".") && slowSegComplete(p, len(p)-1, len(p)) {
		p = p[:len(p)-1]
	}
	// c) "<segment>/../", segment complete and not "..", leftmost first, until none.
	for {
		found := false
		for i := 0; i <= len(p) && !found; i++ {
			if i > 0 && p[i-1] != '/' {
				continue
			}
			j := strings.Index(p[i:], "/")
			if j < 0 {
				break
			}
			seg := p[i : i+j]
			if seg == ".." || !strings.HasPrefix(p[i+j:], "/../") {
				continue
			}
			p = p[:i] + p[i+j+4:]
			found = true
		}
		if !found {
			break
		}
	}
	// d) a final "<segment>/..", segment complete and not "..".
	if strings.HasSuffix(p, "/..") {
		k := len(p) - 3
		i := strings.LastIndex(p[:k], "/") + 1
		if seg := p[i:k]; seg != ".." {
			p = p[:i]
		}
	}
	return lead + p
}

// slowResolve1808 is RFC 1808 §4 steps 1–7.
func slowResolve1808(base, ref string) string {
	// Step 2a: an entirely empty embedded URL is the base.
	if ref == "" {
		return base
	}
	b, r := slowParse1808(base), slowParse1808(ref)
	// Step 2b.
	if r.hasScheme {
		return ref
	}
	// Step 2c.
	r.scheme, r.hasScheme = b.scheme, b.hasScheme
	func() {
		// Step 3.
		if r.netloc != "" {
			return
		}
		r.netloc, r.hasNetloc = b.netloc, b.hasNetloc
		// Step 4.
		if strings.HasPrefix(r.path, "/") {
			return
		}
		// Step 5.
		if r.path == "" {
			r.path = b.path
			if r.params != "" {
				return
			}
			r.params, r.hasParams = b.params, b.hasParams
			if r.query != "" {
				return
			}
			r.query, r.hasQuery = b.query, b.hasQuery
			return
		}
		// Step 6.
		r.path = slowDots1808(slowBaseDir(b) + r.path)
	}()
	return slowRecombine(r)
}

// slowBaseDir is RFC 1808 §4 step 6's and RFC 2396 §5.2 step 6 a)'s start: all but the last
// segment of the base path (the base's directory is "/" after an authority, as Resolve
// documents), to which the reference's path is appended.
func slowBaseDir(b slowComp) string {
	if b.hasNetloc && b.path == "" {
		return "/"
	}
	if i := strings.LastIndex(b.path, "/"); i >= 0 {
		return b.path[:i+1]
	}
	return ""
}

// slowRecombine is RFC 1808 §4 step 7 (and RFC 2396 §5.2 step 7).
func slowRecombine(c slowComp) string {
	s := c.scheme + ":"
	if c.hasNetloc {
		s += "//" + c.netloc
		if c.path != "" && c.path[0] != '/' {
			s += "/"
		}
		if c.path == "" && (c.hasParams && c.params != "") {
			s += "/"
		}
	} else if strings.HasPrefix(c.path, "//") {
		s += "/."
	}
	s += c.path
	if c.hasParams {
		s += ";" + c.params
	}
	if c.hasQuery {
		s += "?" + c.query
	}
	if c.hasFrag {
		s += "#" + c.frag
	}
	return s
}

// slowParse2396 splits s by RFC 2396 Appendix B's expression (§4.3), with a scheme only if
// it is one by §3.1.
func slowParse2396(s string) slowComp {
	var c slowComp
	if i := strings.Index(s, "#"); i >= 0 {
		c.frag, c.hasFrag, s = s[i+1:], true, s[:i]
	}
	if i := strings.IndexAny(s, ":/?"); i > 0 && s[i] == ':' && slowScheme3986(s[:i]) {
		c.scheme, c.hasScheme, s = s[:i], true, s[i+1:]
	}
	if strings.HasPrefix(s, "//") {
		s = s[2:]
		i := strings.IndexAny(s, "/?")
		if i < 0 {
			i = len(s)
		}
		c.netloc, c.hasNetloc, s = s[:i], true, s[i:]
	}
	if i := strings.Index(s, "?"); i >= 0 {
		c.query, c.hasQuery, s = s[i+1:], true, s[:i]
	}
	c.path = s
	return c
}

func slowScheme3986(s string) bool {
	if s == "" || !('a' <= s[0] && s[0] <= 'z' || 'A' <= s[0] && s[0] <= 'Z') {
		return false
	}
	for i := 1; i < len(s); i++ {
		ch := s[i]
		if !('a' <= ch && ch <= 'z' || 'A' <= ch && ch <= 'Z' || '0' <= ch && ch <= '9' ||
			ch == '+' || ch == '.' || ch == '-') {
			return false
		}
	}
	return true
}

// slowResolve2396 is RFC 2396 §5.2 steps 1–7, retaining unremovable ".." (step 6g).
func slowResolve2396(base, ref string) string {
	b, r := slowParse2396(base), slowParse2396(ref)
	// Step 2: a reference to the current document.
	if r.path == "" && !r.hasScheme && !r.hasNetloc && !r.hasQuery {
		b.frag, b.hasFrag = r.frag, r.hasFrag
		return slowRecombine(b)
	}
	// Step 3.
	if r.hasScheme {
		return ref
	}
	r.scheme, r.hasScheme = b.scheme, true
	func() {
		// Step 4.
		if r.hasNetloc {
			return
		}
		r.netloc, r.hasNetloc = b.netloc, b.hasNetloc
		// Step 5.
		if strings.HasPrefix(r.path, "/") {
			return
		}
		// Step 6 a)–b): all but the last segment of the base path, then the reference's.
		r.path = slowDots1808(slowBaseDir(b) + r.path)
	}()
	return slowRecombine(r)
}

// slowDots3986 is RFC 3986 §5.2.4 remove_dot_segments, step by step.
func slowDots3986(in string) string {
	out := ""
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		case strings.HasPrefix(in, "/./"):
			in = "/" + in[3:]
		case in == "/.":
			in = "/"
		case strings.HasPrefix(in, "/../"):
			in = "/" + in[4:]
			if i := strings.LastIndex(out, "/"); i >= 0 {
				out = out[:i]
			} else {
				out = ""
			}
		case in == "/..":
			in = "/"
			if i := strings.LastIndex(out, "/"); i >= 0 {
				out = out[:i]
			} else {
				out = ""
			}
		case in == "." || in == "..":
			in = ""
		default:
			j := strings.Index(in[1:], "/")
			if j < 0 {
				j = len(in)
			} else {
				j++
			}
			out += in[:j]
			in = in[j:]
		}
	}
	return out
}

// slowResolve3986 is RFC 3986 §5.2.2 (strict, or not) with §5.2.3 and §5.3.
func slowResolve3986(base, ref string, strict bool) string {
	b, r := slowParse2396(base), slowParse2396(ref)
	var t slowComp
	if !strict && r.hasScheme && strings.EqualFold(r.scheme, b.scheme) {
		r.hasScheme = false
	}
	if r.hasScheme {
		t = r
		t.path = slowDots3986(r.path)
	} else {
		if r.hasNetloc {
			t.netloc, t.hasNetloc = r.netloc, true
			t.path = slowDots3986(r.path)
			t.query, t.hasQuery = r.query, r.hasQuery
		} else {
			if r.path == "" {
				t.path = b.path
				if r.hasQuery {
					t.query, t.hasQuery = r.query, true
				} else {
					t.query, t.hasQuery = b.query, b.hasQuery
				}
			} else {
				if strings.HasPrefix(r.path, "/") {
					t.path = slowDots3986(r.path)
				} else {
					// §5.2.3 merge.
					var m string
					if b.hasNetloc && b.path == "" {
						m = "/" + r.path
					} else if i := strings.LastIndex(b.path, "/"); i >= 0 {
						m = b.path[:i+1] + r.path
					} else {
						m = r.path
					}
					t.path = slowDots3986(m)
				}
				t.query, t.hasQuery = r.query, r.hasQuery
			}
			t.netloc, t.hasNetloc = b.netloc, b.hasNetloc
		}
		t.scheme, t.hasScheme = b.scheme, true
	}
	t.frag, t.hasFrag = r.frag, r.hasFrag
	return slowRecombine(t)
}

// slowGen returns a random string of tokens where the documents part ways.
func slowGen(r *rand.Rand, toks []string, n int) string {
	var b strings.Builder
	for k := r.IntN(n + 1); k > 0; k-- {
		b.WriteString(toks[r.IntN(len(toks))])
	}
	return b.String()
}

var slowRefToks = []string{"a", "b", "/", "/", "/", ".", "..", "./", "../", ";", "?", "#", "=", ":", "@", "%2e", "%2F", "//", ";p", "g"}

func slowBase(r *rand.Rand) string {
	heads := []string{"http://a", "HTTP://a/b/", "foo:/a/b/", "foo:a/b/", "http:///", "http://a/b/c/d;p?q#f", "http:", "http:/", "foo:a", "http://a/b", "ftp://h;x/p"}
	return heads[r.IntN(len(heads))] + slowGen(r, slowRefToks, 6)
}

// slowCompare resolves n random pairs under mode and reports where Resolve differs from
// slow; it returns the number of differences.
var slowRefHeads = []string{"", "", "", "", "", "", "http:", "HTTP:", "foo:", "1a:", "+a:", "a_b:", "//", "//a", "///"}

func slowRef(r *rand.Rand) string {
	return slowRefHeads[r.IntN(len(slowRefHeads))] + slowGen(r, slowRefToks, 6)
}

func slowCompare(t *testing.T, mode Mode, n int, slow func(base, ref string) string, skip func(base, ref string) bool) int {
	t.Helper()
	r := rand.New(rand.NewPCG(14, uint64(mode)))
	bad := 0
	for i := 0; i < n; i++ {
		bs, rs := slowBase(r), slowRef(r)
		base, err1 := Parse(bs)
		ref, err2 := Parse(rs)
		if err1 != nil || err2 != nil {
			continue
		}
		if skip != nil && skip(bs, rs) {
			continue
		}
		want := slow(bs, rs)
		got, err := Resolve(base, ref, mode)
		if err != nil || got.String() != want {
			bad++
			if bad <= 10 {
				t.Errorf("%v: Resolve(%q, %q) = %q, %v; the text gives %q", mode, bs, rs, got.String(), err, want)
			}
		}
	}
	return bad
}

func TestResolveMatchesSlowRFC1808(t *testing.T) {
	if d := slowCompare(t, ModeRFC1808, 200000, slowResolve1808, slowSkip1808); d > 0 {
		t.Errorf("%d differences", d)
	}
}

func TestResolveMatchesSlowRFC2396(t *testing.T) {
	if d := slowCompare(t, ModeRFC2396, 200000, slowResolve2396, nil); d > 0 {
		t.Errorf("%d differences", d)
	}
}

func TestResolveMatchesSlowRFC3986(t *testing.T) {
	for _, strict := range []bool{true, false} {
		mode := ModeRFC3986
		if !strict {
			mode = ModeRFC3986Compat
		}
		if d := slowCompare(t, mode, 200000, func(b, r string) string { return slowResolve3986(b, r, strict) }, nil); d > 0 {
			t.Errorf("%d differences", d)
		}
	}
}

func slowSkip1808(base, ref string) bool {
	return strings.Contains(slowParse1808(base).netloc, "?") || strings.Contains(slowParse1808(ref).netloc, "?")
}

// TestParseAsCitesOwnDraft: ParseAs cites the rule of the spec's own document, as its doc
// comment says and as package scheme's checker does for the same input (parse --spec
// url-draft-1993 and normalize --spec url-draft-1993 agree), not RFC 1738, which came after
// both drafts.
func TestParseAsCitesOwnDraft(t *testing.T) {
	tests := []struct {
		in   string
		spec Spec
		code Code
		rule string
	}{
		{"http://a/%zz", URLDraft1993, CodeBadEscape, "1993 URL draft, BNF: escape = % hex hex"},
		{"http://a/b\x01", URLDraft1993, CodeControl, "1993 URL draft, Encoding prohibited characters"},
		{"http://a:x/", URLDraft1993, CodeBadPort, "1993 URL draft, BNF: port"},
		{"http://a/%zz", RFC1630, CodeBadEscape, "URI draft, Reduced or increased safe character sets"},
		{"http://a/b\x01", RFC1630, CodeControl, "URI draft, Conventional URI encoding scheme"},
		{"http://a:x/", RFC1630, CodeBadPort, "RFC 1738 §3.1 port"}, // the URI draft has no port production
		// Unchanged: RFC 1738 and WHATWG (which is Parse) cite RFC 1738.
		{"http://a/%zz", RFC1738, CodeBadEscape, "RFC 1738 §2.2 escape"},
		{"http://a:x/", WHATWG, CodeBadPort, "RFC 1738 §3.1 port"},
		// An unclosed "[" or a "]" that does not end the host: the older documents have no
		// IP literal; each cites what it says of "[" and "]", as its checker does.
		{"http://[::1/", RFC1738, CodeBadIPLiteral, "RFC 1738 §2.2"},
		{"ftp://[::1]x/", RFC1738, CodeBadIPLiteral, "RFC 1738 §2.2"},
		{"http://[::1/", URLDraft1994, CodeBadIPLiteral, "1994 URL draft, BNF (national and punctuation characters do not appear in any production)"},
		{"http://[::1/", URLDraft1993, CodeBadIPLiteral, "1993 URL draft, BNF: variant"},
		{"http://[::1/", RFC1630, CodeBadIPLiteral, "URI draft, BNF syntax: national"},
		{"http://[::1/", RFC3986, CodeBadIPLiteral, "RFC 3986 §3.2.2 IP-literal"},
		{"http://[::1]x/", WHATWG, CodeBadIPLiteral, "RFC 3986 §3.2.2 IP-literal"},
	}
	for _, tt := range tests {
		_, err := ParseAs(tt.in, tt.spec)
		e, ok := err.(*Error)
		if !ok || e.Code != tt.code || e.Rule != tt.rule {
			t.Errorf("ParseAs(%q, %v) = %v; want code %s, rule %q", tt.in, tt.spec, err, tt.code, tt.rule)
		}
	}
}

// TestRelativeShortestRootless is TestRelativeShortest for bases with a rootless path whose
// directory starts with "./" and an empty segment, or is one segment, under a scheme of four
// letters (so that the target itself, "http:", is not shorter than "a/.."): every target
// that a reference of up to 4 bytes over "a./" resolves to has no shorter reference over
// "a./;" than Relative's. It found "../" for "http:" from "http:.//" (RFC 2396 §5.2 step 6c
// leaves "/", whose empty segment step 6e cancels) and "a/.." for "http:" from "http:b" under
// RFC 1630, where Relative gave the target itself.
func TestRelativeShortestRootless(t *testing.T) {
	short := shortRefs("a./;")
	var srcs []string
	for _, s := range short.all {
		if len(s) <= 4 && !strings.ContainsRune(s, ';') {
			srcs = append(srcs, s)
		}
	}
	for _, bs := range []string{"http:.//", "http:.//x", "http:.//=@", "http:b", "http:.b/c", "http:a/..//"} {
		base := MustParse(bs)
		for m := Mode(0); m < ModeWHATWG; m++ {
			seen := map[string]bool{}
			for _, src := range srcs {
				target, err := Resolve(base, MustParse(src), m)
				if err != nil || seen[target.s] {
					continue
				}
				seen[target.s] = true
				rel, err := Relative(base, target, m)
				if err != nil {
					if m != ModeRFC3986Compat {
						t.Errorf("Relative(%q, %q, %s): %v", bs, target, m, err)
					}
					continue
				}
				if s, ok := short.shorter(base, target, m, rel); ok {
					t.Errorf("Relative(%q, %q, %s) = %q, but %q is shorter and resolves to it", bs, target, m, rel, s)
				}
			}
		}
	}
}

// TestResolveDraftSearchColon: under the 1993 URL draft a ":" after a "?" is in a search
// (generic = scheme : path [ ? search ]; no scheme, ialpha, holds "?"), as under the URI draft,
// so "g?x:y" and "?x:y" are partial forms, resolved against the base; they were taken for
// full forms and returned as they are, a result without a scheme.
func TestResolveDraftSearchColon(t *testing.T) {
	base := MustParse("http://a/b/c/d")
	for _, tt := range []struct{ ref, want string }{
		{"g?x:y", "http://a/b/c/g?x:y"},
		{"?x:y", "http://a/b/c/?x:y"},
		{"g?x:/y#z", "http://a/b/c/g?x:/y#z"},
		{"a_b:c?d", "a_b:c?d"}, // a full form: the ":" comes first
	} {
		for _, m := range []Mode{ModeURLDraft, ModeRFC1630} {
			got, err := Resolve(base, MustParse(tt.ref), m)
			if err != nil || got.String() != tt.want {
				t.Errorf("Resolve(%q, %q, %s) = %q, %v; want %q", base, tt.ref, m, got, err, tt.want)
			}
		}
	}
	// Relative writes no "./" before such a reference.
	if r, err := Relative(base, MustParse("http://a/b/c/g?x:y"), ModeURLDraft); err != nil || r.String() != "g?x:y" {
		t.Errorf("Relative = %q, %v; want g?x:y", r, err)
	}
}

// TestRemoveDotSegments1808Params: under ModeRFC1808 the path ends at the first ";" (RFC 1808
// §2.4.5), so a "." or ".." just before it is a dot-segment (§4 step 6 a–d) and the params are
// kept verbatim, as RemoveDotSegments documents; its shortcut for a path "without
// dot-segments" read ".;p" as a segment and returned such paths unchanged.
func TestRemoveDotSegments1808Params(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"/.;p", "/;p"},
		{".;p", ";p"},
		{"/a/..;p", "/;p"},
		{"/a/b/..;p/../q", "/a/;p/../q"},
		{"/a/./b;x/./y", "/a/b;x/./y"},
		{"/a;.", "/a;."}, // params only: nothing to remove
	} {
		if got := RemoveDotSegments(tt.in, ModeRFC1808); got != tt.want {
			t.Errorf("RemoveDotSegments(%q, rfc1808) = %q; want %q", tt.in, got, tt.want)
		}
		// Resolve agrees: the reference's own path, merged with the base's directory.
		if tt.in[0] == '/' {
			continue
		}
		got, err := Resolve(MustParse("http://h/"), MustParse(tt.in), ModeRFC1808)
		if want := "http://h/" + tt.want; err != nil || got.String() != want {
			t.Errorf("Resolve(http://h/, %q, rfc1808) = %q, %v; want %q", tt.in, got, err, want)
		}
	}
	// A random comparison with the text's steps on the path before the first ";".
	r := rand.New(rand.NewPCG(1808, 4))
	toks := []string{"a", "/", "/", ".", "..", "", ";", ";p"}
	for i := 0; i < 20000; i++ {
		p := slowGen(r, toks, 10)
		pp, params := p, ""
		if i := strings.IndexByte(p, ';'); i >= 0 {
			pp, params = p[:i], p[i:]
		}
		if got, want := RemoveDotSegments(p, ModeRFC1808), slowDots1808(pp)+params; got != want {
			t.Fatalf("RemoveDotSegments(%q, rfc1808) = %q; RFC 1808 §4 step 6 gives %q", p, got, want)
		}
	}
}
