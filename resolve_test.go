package locator

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/allocs"
)

// rsXFails is an expected-failures list (testdata/expected-failures/NAME): one case a line,
// "key TAB reason", "#" comments. It is enforced both ways: a listed case that passes fails
// the test, so does an unlisted case that fails, and so does a listed key no test ran.
type rsXFails struct {
	name   string
	reason map[string]string
	seen   map[string]bool
	pass   map[string]int // per data file: passes
	xfail  map[string]int // per data file: expected failures
}

func rsLoadXFails(t *testing.T, name string) *rsXFails {
	t.Helper()
	x := &rsXFails{name: name, reason: map[string]string{}, seen: map[string]bool{},
		pass: map[string]int{}, xfail: map[string]int{}}
	data, err := os.ReadFile(filepath.Join("testdata", "expected-failures", name))
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		k, r, ok := strings.Cut(line, "\t")
		if !ok || strings.TrimSpace(r) == "" {
			t.Fatalf("%s:%d: want \"key TAB reason\"", name, i+1)
		}
		if _, dup := x.reason[k]; dup {
			t.Fatalf("%s:%d: key %q listed twice", name, i+1, k)
		}
		x.reason[k] = r
	}
	return x
}

// check records the outcome of case key of data file file: failure is "" when it passed.
func (x *rsXFails) check(t *testing.T, file, key, failure string) {
	t.Helper()
	if x.seen[key] {
		t.Errorf("%s: key %q checked twice", file, key)
	}
	x.seen[key] = true
	reason, listed := x.reason[key]
	switch {
	case failure == "" && listed:
		t.Errorf("%s: %s passes but is listed in expected-failures/%s (%s): remove it", file, key, x.name, reason)
	case failure == "":
		x.pass[file]++
	case listed:
		x.xfail[file]++
	default:
		t.Errorf("%s: %s: %s", file, key, failure)
	}
}

// done reports the counts and fails for listed keys of the given files that no case had.
func (x *rsXFails) done(t *testing.T, files ...string) {
	t.Helper()
	for _, f := range files {
		t.Logf("%s: %d pass, %d expected failures", f, x.pass[f], x.xfail[f])
	}
	var stale []string
	for k := range x.reason {
		if x.seen[k] {
			continue
		}
		for _, f := range files {
			if strings.HasPrefix(k, f+":") {
				stale = append(stale, k)
			}
		}
	}
	sort.Strings(stale)
	for _, k := range stale {
		t.Errorf("expected-failures/%s lists %q, which no test case has", x.name, k)
	}
}

// rsResolve resolves ref against base under mode and returns the result, or a failure.
func rsResolve(base, ref string, mode Mode) (string, error) {
	b, err := Parse(base)
	if err != nil {
		return "", err
	}
	r, err := Parse(ref)
	if err != nil {
		return "", err
	}
	u, err := Resolve(b, r, mode)
	if err != nil {
		return "", err
	}
	if err := u.check(); err != nil {
		return "", errors.New("invalid URL value: " + err.Error())
	}
	return u.String(), nil
}

func rsFailure(base, ref string, mode Mode, want string) string {
	got, err := rsResolve(base, ref, mode)
	if err != nil {
		return "Resolve(" + rsQ(base) + ", " + rsQ(ref) + ", " + mode.String() + "): " + err.Error()
	}
	if got != want {
		return "Resolve(" + rsQ(base) + ", " + rsQ(ref) + ", " + mode.String() + ") = " + rsQ(got) + ", want " + rsQ(want)
	}
	return ""
}

func rsQ(s string) string { b, _ := json.Marshal(s); return string(b) }

type rsRFCCase struct {
	ID                 string `json:"id"`
	Base               string `json:"base"`
	Ref                string `json:"ref"`
	Expected           string `json:"expected"`
	BackwardCompatible string `json:"expected_backward_compatible"`
	RulesLiteral       string `json:"rules_literal"`
	PrintedInRFC1630   string `json:"printed_in_rfc1630"`
	AlsoAcceptable     string `json:"also_acceptable"`
}

// TestResolveRFCFiles runs every resolution file of testdata/rfc against the mode it was
// written for.
func TestResolveRFCFiles(t *testing.T) {
	x := rsLoadXFails(t, "resolve.txt")
	type run struct {
		file string
		mode Mode
		want func(c rsRFCCase) string
	}
	expected := func(c rsRFCCase) string { return c.Expected }
	runs := []run{
		// RFC 3986 §5.4.1 and §5.4.2, strict and backward-compatible.
		{"rfc3986-5.4-resolution.json", ModeRFC3986, expected},
		{"rfc3986-5.4-resolution.json", ModeRFC3986Compat, func(c rsRFCCase) string {
			if c.BackwardCompatible != "" {
				return c.BackwardCompatible
			}
			return c.Expected
		}},
		{"rfc1808-5-resolution.json", ModeRFC1808, expected},    // RFC 1808 §5.1, §5.2
		{"rfc2396-appC-resolution.json", ModeRFC2396, expected}, // RFC 2396 Appendix C
		// uri-draft-www "Partial (relative) form": the printed examples, as printed.
		{"rfc1630-examples.json", ModeRFC1630, expected},
		// RFC 1630 as published: the rule applied literally where the example contradicts it.
		{"rfc1630-examples.json", ModeRFC1630Published, func(c rsRFCCase) string {
			if c.RulesLiteral != "" {
				return c.RulesLiteral
			}
			return c.Expected
		}},
		{"rfc1630-rules.json", ModeRFC1630Published, expected},
		// The draft's rule agrees with the published one except where the draft's example
		// was printed.
		{"rfc1630-rules.json", ModeRFC1630, func(c rsRFCCase) string {
			if c.PrintedInRFC1630 != "" {
				return c.PrintedInRFC1630
			}
			return c.Expected
		}},
		{"rfc3986-on-rfc1630-inputs.json", ModeRFC3986, expected},
	}
	var files []string
	for _, r := range runs {
		var f struct{ Cases []rsRFCCase }
		loadJSON(t, "rfc/"+r.file, &f)
		if len(f.Cases) == 0 {
			t.Fatalf("%s: no cases", r.file)
		}
		key := r.file + "@" + r.mode.String()
		files = append(files, key)
		for _, c := range f.Cases {
			x.check(t, key, key+":"+c.ID, rsFailure(c.Base, c.Ref, r.mode, r.want(c)))
		}
	}
	x.done(t, files...)
}

// TestResolveCrossSpec checks every column of rfc/cross-spec-comparison.json against its mode.
func TestResolveCrossSpec(t *testing.T) {
	x := rsLoadXFails(t, "resolve.txt")
	var f struct {
		Rows []map[string]any `json:"rows"`
	}
	loadJSON(t, "rfc/cross-spec-comparison.json", &f)
	if len(f.Rows) != 66 {
		t.Fatalf("cross-spec-comparison.json: %d rows, want 66", len(f.Rows))
	}
	const file = "cross-spec-comparison.json"
	cols := []struct {
		col  string
		mode Mode
	}{{"rfc1808", ModeRFC1808}, {"rfc2396", ModeRFC2396}, {"rfc3986", ModeRFC3986}, {"rfc1630", ModeRFC1630Published}}
	for i, row := range f.Rows {
		base, ref := row["base"].(string), row["ref"].(string)
		for _, c := range cols {
			want, ok := row[c.col].(string)
			if !ok {
				continue
			}
			b := base
			if c.mode == ModeRFC1808 && !strings.Contains(b, "#") {
				b += "#f" // "For the RFC 1808 column the base is http://a/b/c/d;p?q#f"
			}
			key := file + ":" + rsItoa(i) + ":" + c.col
			x.check(t, file, key, rsFailure(b, ref, c.mode, want))
		}
		// The WHATWG column is observed, not specified; the mode says it is not implemented.
		if _, err := rsResolve(base, ref, ModeWHATWG); !rsIsCode(err, CodeNotImplemented) {
			t.Errorf("row %d: ModeWHATWG error = %v, want code %s", i, err, CodeNotImplemented)
		}
	}
	x.done(t, file)
}

func rsItoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return rsItoa(i/10) + string(rune('0'+i%10))
}

func rsIsCode(err error, c Code) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == c
}

// TestResolveRoyTest checks Fielding's 1998 pages: column [R] under rfc2396, [X] under
// rfc1808, [Tim] under rfc1630-published (rfc1630-rules.json and README: Tim's column records
// the published rule as Berners-Lee read it).
func TestResolveRoyTest(t *testing.T) {
	x := rsLoadXFails(t, "resolve.txt")
	var f struct {
		Pages []struct {
			Page  int    `json:"page"`
			Base  string `json:"base"`
			Cases []struct {
				Ref     string `json:"ref"`
				RFC2396 any    `json:"rfc2396"`
				RFC1808 any    `json:"rfc1808"`
				Tim     any    `json:"tim_rfc1630"`
			} `json:"cases"`
		} `json:"pages"`
	}
	loadJSON(t, "fielding-roytest/roytest.json", &f)
	const file = "roytest.json"
	n := 0
	for _, p := range f.Pages {
		cur := p.Base // "(current document)": the base without its fragment
		if i := strings.IndexByte(cur, '#'); i >= 0 {
			cur = cur[:i]
		}
		for _, c := range p.Cases {
			for _, col := range []struct {
				name string
				v    any
				mode Mode
			}{{"rfc2396", c.RFC2396, ModeRFC2396}, {"rfc1808", c.RFC1808, ModeRFC1808}, {"tim", c.Tim, ModeRFC1630Published}} {
				var want string
				switch v := col.v.(type) {
				case nil:
					continue
				case string:
					want = v
				case []any:
					// [R] gives two values for ".." above the root: retained first (RFC 2396
					// §5.2 step 6g), the one locator follows.
					want = v[0].(string)
				}
				want = strings.Replace(want, "(current document)", cur, 1)
				key := file + ":p" + rsItoa(p.Page) + ":" + c.Ref + ":" + col.name
				x.check(t, file, key, rsFailure(p.Base, c.Ref, col.mode, want))
				n++
			}
		}
	}
	if n < 150 {
		t.Errorf("roytest.json: %d checks, want at least 150", n)
	}
	x.done(t, file)
}

// TestResolveLibxml2 checks libxml2's resolution table against rfc3986 and its
// xmlNormalizeURIPath table against RemoveDotSegments(rfc2396), which keeps leading "..".
func TestResolveLibxml2(t *testing.T) {
	x := rsLoadXFails(t, "resolve.txt")
	var f struct {
		Resolve struct {
			Base  string `json:"base"`
			Cases []struct{ Ref, Expected string }
		} `json:"resolve"`
		ParseNormalize []struct{ File, Input, Expected string } `json:"parse_normalize"`
	}
	loadJSON(t, "libxml2/libxml2-uri-tests.json", &f)
	const file = "libxml2-uri-tests.json"
	if len(f.Resolve.Cases) != 21 || len(f.ParseNormalize) != 18 {
		t.Fatalf("libxml2: %d resolve, %d parse_normalize cases", len(f.Resolve.Cases), len(f.ParseNormalize))
	}
	for _, c := range f.Resolve.Cases {
		x.check(t, file, file+":resolve:"+c.Ref, rsFailure(f.Resolve.Base, c.Ref, ModeRFC3986, c.Expected))
	}
	for _, c := range f.ParseNormalize {
		got := rsWithPathDots(t, c.Input, ModeRFC2396)
		fail := ""
		if got != c.Expected {
			fail = "path normalization of " + rsQ(c.Input) + " = " + rsQ(got) + ", want " + rsQ(c.Expected)
		}
		x.check(t, file, file+":normalize:"+c.Input, fail)
	}
	x.done(t, file)
}

// rsWithPathDots parses s and returns it with RemoveDotSegments(path, mode) in place of its path.
func rsWithPathDots(t *testing.T, s string, mode Mode) string {
	t.Helper()
	u, err := Parse(s)
	if err != nil {
		return "parse error: " + err.Error()
	}
	return s[:u.pathStart] + RemoveDotSegments(u.Path(), mode) + s[u.queryStart:]
}

// TestHTSimplify checks libwww's HTSimplify table against RemoveDotSegments(rfc1630) applied
// to the path.
func TestHTSimplify(t *testing.T) {
	x := rsLoadXFails(t, "resolve.txt")
	var f struct {
		Cases []struct{ String, Simplified string }
	}
	loadJSON(t, "libwww-w3c/htsimplify-tests.json", &f)
	const file = "htsimplify-tests.json"
	if len(f.Cases) != 12 {
		t.Fatalf("%s: %d cases", file, len(f.Cases))
	}
	for _, c := range f.Cases {
		got := rsWithPathDots(t, c.String, ModeRFC1630)
		fail := ""
		if got != c.Simplified {
			fail = "HTSimplify(" + rsQ(c.String) + ") = " + rsQ(got) + ", want " + rsQ(c.Simplified)
		}
		x.check(t, file, file+":"+c.String, fail)
	}
	x.done(t, file)
}

// TestResolveHTParse checks libwww's HTParse table: rows with a name are resolutions of name
// against absolutename, written for libwww's RFC 1808-era rules (ModeRFC1808); rows with an
// empty name parse absolutename. The four parts are compared as HTParse prints them: access
// "scheme:", hostport "//authority", path with ";params" and "?query" (a "/" when a host has
// no path: HTParse's PARSE_PATH always starts the path with "/" after a host), anchor "#frag".
func TestResolveHTParse(t *testing.T) {
	x := rsLoadXFails(t, "htparse-resolve.txt")
	var f struct {
		Cases []struct {
			Section, Name, Absolutename, Access, Hostport, Path, Anchor string
		}
	}
	loadJSON(t, "libwww-w3c/htparse-tests.json", &f)
	const file = "htparse-tests.json"
	if len(f.Cases) != 1259 {
		t.Fatalf("%s: %d cases", file, len(f.Cases))
	}
	for _, c := range f.Cases {
		key := c.Absolutename
		if c.Name != "" && c.Name != c.Absolutename {
			key = c.Name + " @ " + c.Absolutename
		} else if c.Name == "" {
			key = "(parse) " + c.Absolutename
		}
		if x.seen[key] {
			continue // the table repeats a few rows
		}
		var got string
		var err error
		if c.Name == "" {
			var u URL
			u, err = Parse(c.Absolutename)
			got = u.String()
		} else {
			got, err = rsResolve(c.Absolutename, c.Name, ModeRFC1808)
		}
		fail := ""
		if err != nil {
			fail = err.Error()
		} else {
			u := MustParse(got)
			access := ""
			if u.HasScheme() {
				access = u.Scheme() + ":"
			}
			hostport := ""
			if a, ok := u.Authority(); ok {
				hostport = "//" + a
			}
			path := got[u.pathStart:u.fragStart]
			if u.HasAuthority() && u.Path() == "" {
				path = "/" + path
			}
			anchor := got[u.fragStart:]
			if access != c.Access || hostport != c.Hostport || path != c.Path || anchor != c.Anchor {
				fail = "got " + rsQ(access) + " " + rsQ(hostport) + " " + rsQ(path) + " " + rsQ(anchor) +
					", want " + rsQ(c.Access) + " " + rsQ(c.Hostport) + " " + rsQ(c.Path) + " " + rsQ(c.Anchor)
			}
		}
		x.check(t, c.Section, key, fail)
	}
	// The keys are not prefixed by file; every listed key must have been seen.
	for k := range x.reason {
		if !x.seen[k] {
			t.Errorf("expected-failures/htparse-resolve.txt lists %q, which no row has", k)
		}
	}
	for _, s := range []string{"connolly-old-set", "generated-from-rfc1738", "generated-from-rfc1808"} {
		t.Logf("%s %s: %d pass, %d expected failures", file, s, x.pass[s], x.xfail[s])
	}
}

// TestRemoveDotSegmentsModes checks each mode's rule on the RFC 3986 §5.2.4 traces and on the
// cases where the specifications part ways.
func TestRemoveDotSegmentsModes(t *testing.T) {
	var f struct {
		RDS []struct{ ID, Input, Expected string } `json:"remove_dot_segments"`
	}
	loadJSON(t, "rfc/rfc3986-other-examples.json", &f)
	if len(f.RDS) != 2 {
		t.Fatalf("remove_dot_segments: %d cases", len(f.RDS))
	}
	for _, c := range f.RDS {
		if got := RemoveDotSegments(c.Input, ModeRFC3986); got != c.Expected {
			t.Errorf("%s: RemoveDotSegments(%q) = %q, want %q", c.ID, c.Input, got, c.Expected)
		}
	}
	tests := []struct {
		in                                   string
		r3986, r2396, r1808, urlDraft, r1630 string
	}{
		// RFC 3986 §5.2.4 drops ".." above the root; RFC 2396 step 6g and RFC 1808 §5.2 keep it.
		{"/../g", "/g", "/../g", "/../g", "/../g", "/../g"},
		{"/b/c/../../../g", "/g", "/../g", "/../g", "/../g", "/../g"},
		{"a/../../g", "/g", "../g", "../g", "a/../../g", "../g"},
		{"../a", "a", "../a", "../a", "../a", "../a"},
		// A final "." or "..": the URL draft's "/xxx/.." and "/." take the slash with them.
		{"/a/b/..", "/a/", "/a/", "/a/", "/a", "/a/"},
		{"/a/b/.", "/a/b/", "/a/b/", "/a/b/", "/a/b", "/a/b/"},
		{"/a/./b", "/a/b", "/a/b", "/a/b", "/a/b", "/a/b"},
		// RFC 1808 §2.4.5: ";params" are not path.
		{"/a/b;p=1/../c", "/a/c", "/a/c", "/a/b;p=1/../c", "/a/c", "/a/c"},
		// RFC 1630 (Tim's reading): a run of slashes starts a level whose first element stays.
		{"/s//a/b/../../", "/s//", "/s//", "/s//", "/s//", "/s//a/../"},
		{"./", "", "", "", "./", "./"},
		{"", "", "", "", "", ""},
		{"/", "/", "/", "/", "/", "/"},
		{"a/b", "a/b", "a/b", "a/b", "a/b", "a/b"},
	}
	for _, tt := range tests {
		for _, m := range []struct {
			mode Mode
			want string
		}{{ModeRFC3986, tt.r3986}, {ModeRFC2396, tt.r2396}, {ModeRFC1808, tt.r1808}, {ModeURLDraft, tt.urlDraft}, {ModeRFC1630, tt.r1630}} {
			if got := RemoveDotSegments(tt.in, m.mode); got != m.want {
				t.Errorf("RemoveDotSegments(%q, %s) = %q, want %q", tt.in, m.mode, got, m.want)
			}
		}
	}
}

// TestResolveModes covers what the data files do not: the URL draft, empty base paths,
// the "//" guard, errors, and ParseMode.
func TestResolveModes(t *testing.T) {
	tests := []struct {
		base, ref string
		mode      Mode
		want      string
	}{
		// 1993 URL draft, "Partial form".
		{"http://a/b/c/d", "g", ModeURLDraft, "http://a/b/c/g"},
		{"http://a/b/c/d", "../g", ModeURLDraft, "http://a/b/g"},
		{"http://a/b/c/d", "..", ModeURLDraft, "http://a/b"},
		{"http://a/b/c/d", "/g", ModeURLDraft, "http://a/g"},
		{"http://a/b/c/d", "//g/h", ModeURLDraft, "http://g/h"},
		{"http://a/b/c/d", "../../../g", ModeURLDraft, "http://a/../g"},
		{"http://a/b/c/d#f", "", ModeURLDraft, "http://a/b/c/d"},
		{"http://a/b/c/d", "#s", ModeURLDraft, "http://a/b/c/d#s"},
		{"http://a/b/c/d", "?y", ModeURLDraft, "http://a/b/c/?y"},
		{"http://a/b/c/d", "g:h", ModeURLDraft, "g:h"},
		// RFC 3986 §5.2.3: an empty base path with an authority merges as "/".
		{"http://a", "g", ModeRFC3986, "http://a/g"},
		{"http://a", "g", ModeRFC2396, "http://a/g"},
		{"http://a", "g", ModeRFC1808, "http://a/g"},
		{"http://a", "g", ModeRFC1630, "http://a/g"},
		{"http://a", "g", ModeURLDraft, "http://a/g"},
		// RFC 1808 §4 step 5a, params onto an empty base path after a net_loc: "/" before
		// them (§2.2, abs_path), or they would be read as part of the host (FuzzResolve).
		{"http://a", ";x", ModeRFC1808, "http://a/;x"},
		{"http://a?q", ";x?y", ModeRFC1808, "http://a/;x?y"},
		{"A://:", ";0", ModeRFC1808, "A://:/;0"},
		{"http://a/b", ";x", ModeRFC1808, "http://a/b;x"},
		{"http://a?q", "", ModeRFC3986, "http://a?q"},
		// RFC 3986 §3.3: no authority, so the path may not start with "//".
		{"foo:/a/b", "..//g", ModeRFC3986, "foo:/.//g"},
		{"foo:/a/b/c", "..//g", ModeRFC2396, "foo:/a//g"},
		{"foo:/a/b", "..//g", ModeRFC1808, "foo:/.//g"},
		// Rootless base paths.
		{"mailto:a/b", "c", ModeRFC3986, "mailto:a/c"},
		{"news:comp.infosystems", "other.group", ModeRFC3986, "news:other.group"},
		// RFC 3986 §5.2.2 compat: only a scheme equal to the base's is dropped.
		{"http://a/b/c/d;p?q", "HTTP:g", ModeRFC3986Compat, "http://a/b/c/g"},
		{"http://a/b/c/d;p?q", "ftp:g", ModeRFC3986Compat, "ftp:g"},
		{"http://a/b/c/d;p?q#f", "http:", ModeRFC3986Compat, "http://a/b/c/d;p?q"},
		{"http://a/b/c/d;p?q", "http://x/./y", ModeRFC3986Compat, "http://x/y"},
		{"http://a/b/c/d;p?q", "http:?y#z", ModeRFC3986Compat, "http://a/b/c/d;p?y#z"},
		// RFC 3986 §5.2.2: an absolute reference loses its dot-segments.
		{"http://a/b", "http://x/a/../b/./c", ModeRFC3986, "http://x/b/c"},
		{"http://a/b", "http://x/a/../b/./c", ModeRFC2396, "http://x/a/../b/./c"},
		// RFC 1808 §4 step 3: an empty net_loc is inherited.
		{"http://a/b/c/d;p?q#f", "///g", ModeRFC1808, "http://a/g"},
		{"http://a/b/c/d;p?q#f", "///g", ModeRFC3986, "http:///g"},
		// RFC 1808 step 5: params and query inherited one at a time.
		{"http://a/b/c/d;p?q#f", ";x?y", ModeRFC1808, "http://a/b/c/d;x?y"},
		{"http://a/b/c/d;p?q#f", "#", ModeRFC1808, "http://a/b/c/d;p?q#"},
		// RFC 1630: no run of exactly N slashes keeps the scheme only.
		{"magic://a/b/c//d/e/f", "////g", ModeRFC1630, "magic:////g"},
		{"http://a", "/g", ModeRFC1630, "http://a/g"},
		{"http://a?q", "/g", ModeRFC1630Published, "http://a/g"},
		{"x:/a//b", "/g", ModeRFC1630Published, "x:/a//b/g"},
		{"x:/a//b", "/g", ModeRFC1630, "x:/g"},
		{"magic://a/b/c//d/e/f?x/y", "g?z", ModeRFC1630, "magic://a/b/c//d/e/g?z"},
		{"magic://a/b/c//d/e/f#x", "", ModeRFC1630, "magic://a/b/c//d/e/f"},
		// Each mode reads a scheme in a reference by its own text (refAbsolute). RFC 1808
		// §2.4.2: a ":" after the first character, only alphanumerics, "+", "." and "-"
		// before it; "a_b:c" has none, ":b" none (the ":" is the first character).
		{"http://a/b/c/d", "1a:b", ModeRFC1808, "1a:b"},
		{"http://a/b/c/d", "+a:b", ModeRFC1808, "+a:b"},
		{"http://a/b/c/d", "-.+9:x/y", ModeRFC1808, "-.+9:x/y"},
		{"http://a/b/c/d", "a_b:c", ModeRFC1808, "http://a/b/c/a_b:c"},
		{"http://a/b/c/d", ":b", ModeRFC1808, "http://a/b/c/:b"},
		{"http://a/b/c/d", "1a/b:c", ModeRFC1808, "http://a/b/c/1a/b:c"},
		{"/a/b", "1a:b", ModeRFC1808, "1a:b"}, // an absolute URL needs no base (§4 step 1)
		// The 1993 URL draft and the URI draft: "a full form must have a colon and that colon
		// must occur before any slash characters".
		{"http://a/b/c/d", "a_b:c", ModeURLDraft, "a_b:c"},
		{"http://a/b/c/d", "1a:b", ModeURLDraft, "1a:b"},
		{"http://a/b/c/d", "a_b:c", ModeRFC1630, "a_b:c"},
		{"http://a/b/c/d", "a_b:c", ModeRFC1630Published, "a_b:c"},
		{"http://a/b/c/d", "a/b:c", ModeURLDraft, "http://a/b/c/a/b:c"},
		{"http://a/b/c/d", "a/b:c", ModeRFC1630, "http://a/b/c/a/b:c"},
		{"http://a/b/c/d", "#a:b", ModeURLDraft, "http://a/b/c/d#a:b"},
		{"http://a/b/c/d", "#a:b", ModeRFC1630, "http://a/b/c/d#a:b"},
		{"http://a/b/c/d", "g?a:b", ModeRFC1630, "http://a/b/c/g?a:b"},
		{"/a/b", "a_b:c", ModeURLDraft, "a_b:c"},
		// RFC 3986 and RFC 2396 read "1a:b" and "a_b:c" as no scheme (§3.1: a letter first,
		// no "_"): a path, though not one a relative reference may write (§4.2).
		{"http://a/b/c/d", "1a:b", ModeRFC3986, "http://a/b/c/1a:b"},
		{"http://a/b/c/d", "a_b:c", ModeRFC2396, "http://a/b/c/a_b:c"},
	}
	for _, tt := range tests {
		if f := rsFailure(tt.base, tt.ref, tt.mode, tt.want); f != "" {
			t.Error(f)
		}
	}
	// Errors.
	base, ref := MustParse("http://a/b"), MustParse("g")
	if _, err := Resolve(base, ref, ModeWHATWG); !rsIsCode(err, CodeNotImplemented) ||
		!strings.Contains(err.Error(), "not yet implemented") {
		t.Errorf("ModeWHATWG: %v", err)
	}
	if _, err := Resolve(base, ref, Mode(99)); !rsIsCode(err, CodeUnknownMode) {
		t.Errorf("Mode(99): %v", err)
	}
	if _, err := Resolve(MustParse("/a/b"), ref, ModeRFC3986); !rsIsCode(err, CodeBaseNotAbsolute) {
		t.Errorf("relative base: %v", err)
	}
	if got, err := Resolve(MustParse("/a/b"), MustParse("g:h"), ModeRFC3986); err != nil || got.String() != "g:h" {
		t.Errorf("absolute reference, relative base: %v, %v", got, err)
	}
	if got, err := base.Resolve(ref); err != nil || got.String() != "http://a/g" {
		t.Errorf("URL.Resolve = %v, %v", got, err)
	}
}

func TestParseMode(t *testing.T) {
	for _, m := range Modes() {
		got, err := ParseMode(m.String())
		if err != nil || got != m {
			t.Errorf("ParseMode(%q) = %v, %v", m, got, err)
		}
		text, _ := m.MarshalText()
		var back Mode
		if err := back.UnmarshalText(text); err != nil || back != m {
			t.Errorf("UnmarshalText(%q) = %v, %v", text, back, err)
		}
	}
	if m, err := ParseMode(""); err != nil || m != ModeRFC3986 {
		t.Errorf("ParseMode(\"\") = %v, %v; want the default rfc3986", m, err)
	}
	if _, err := ParseMode("rfc9999"); !rsIsCode(err, CodeUnknownMode) || !strings.Contains(err.Error(), "rfc1630-published") {
		t.Errorf("ParseMode(rfc9999) = %v", err)
	}
	if len(Modes()) != 8 || Mode(0) != ModeRFC3986 || Mode(42).String() != "mode(42)" {
		t.Errorf("Modes() = %v", Modes())
	}
}

// TestResolveNoAllocs checks that Resolve does not allocate when the result is an input, and
// allocates once otherwise.
func TestResolveNoAllocs(t *testing.T) {
	base := MustParse("http://a/b/c/d;p?q#f")
	tests := []struct {
		ref    string
		mode   Mode
		allocs float64
	}{
		{"g:h", ModeRFC3986, 0},
		{"http://x/y", ModeRFC3986, 0},
		{"", ModeRFC3986, 0},
		{"#f", ModeRFC3986, 0},
		{"", ModeRFC1808, 0},
		{"", ModeRFC2396, 0},
		{"g:h", ModeRFC1630, 0},
		{"../g", ModeRFC3986, 1},
		{"g;x?y#s", ModeRFC3986, 1},
		{"../g", ModeRFC1808, 1},
		{"../g", ModeRFC2396, 1},
		{"../g", ModeRFC1630, 1},
		{"/g", ModeRFC1630Published, 1},
		{"../g", ModeURLDraft, 1},
		// RFC 3986 §5.2.2 non-strict: the base's scheme is ignored, and the result is the
		// reference with the base's scheme, written the same: the reference itself.
		{"http://x/y?z", ModeRFC3986Compat, 0},
		{"http:", ModeRFC3986Compat, 0},
		{"HTTP://x/y", ModeRFC3986Compat, 1},
		{"http://x/./y", ModeRFC3986Compat, 1},
	}
	for _, tt := range tests {
		ref := MustParse(tt.ref)
		n := allocs.Count(tt.allocs, 100, func() { _, _ = Resolve(base, ref, tt.mode) })
		if n != tt.allocs {
			t.Errorf("Resolve(%q, %s): %v allocations, want %v", tt.ref, tt.mode, n, tt.allocs)
		}
	}
}

// TestResolvePrintedExamples checks every resolution example printed in RFC 3986 §5.4, RFC
// 1808 §5 and RFC 2396 Appendix C (the tables below), the held-out ones included.
func TestResolvePrintedExamples(t *testing.T) {
	for _, set := range []struct {
		base string
		mode Mode
		rows [][2]string
	}{
		{"http://a/b/c/d;p?q", ModeRFC3986, rsPrinted3986},
		{"http://a/b/c/d;p?q#f", ModeRFC1808, rsPrinted1808},
		{"http://a/b/c/d;p?q", ModeRFC2396, rsPrinted2396},
	} {
		if len(set.rows) < 39 {
			t.Fatalf("%s: %d rows", set.mode, len(set.rows))
		}
		for _, r := range set.rows {
			if f := rsFailure(set.base, r[0], set.mode, r[1]); f != "" {
				t.Error(f)
			}
		}
	}
	// RFC 3986 §5.4.2 and RFC 2396 C.2: "http:g" = "http://a/b/c/g" "for backward compatibility".
	if f := rsFailure("http://a/b/c/d;p?q", "http:g", ModeRFC3986Compat, "http://a/b/c/g"); f != "" {
		t.Error(f)
	}
	// uri-draft-www "Partial (relative) form": both contexts, "the results would be exactly
	// the same".
	for _, base := range []string{"magic://a/b/c//d/e/f", "magic://a/b/c//d/e/"} {
		for _, r := range [][2]string{{"g", "magic://a/b/c//d/e/g"}, {"/g", "magic://a/g"},
			{"//g", "magic://g"}, {"../g", "magic://a/b/c//d/g"}, {"g:a", "g:a"}} {
			if f := rsFailure(base, r[0], ModeRFC1630, r[1]); f != "" {
				t.Error(f)
			}
		}
	}
}

// The resolution examples printed in RFC 3986 §5.4.1–5.4.2, RFC 1808 §5.1–5.2 and RFC 2396
// Appendix C.1–C.2, in the order printed. "(current document)" is the base without its
// fragment; "<>" is the empty reference. The testdata/rfc files hold most of them.
var rsPrinted3986 = [][2]string{ // base http://a/b/c/d;p?q
	{"g:h", "g:h"},
	{"g", "http://a/b/c/g"},
	{"./g", "http://a/b/c/g"},
	{"g/", "http://a/b/c/g/"},
	{"/g", "http://a/g"},
	{"//g", "http://g"},
	{"?y", "http://a/b/c/d;p?y"},
	{"g?y", "http://a/b/c/g?y"},
	{"#s", "http://a/b/c/d;p?q#s"},
	{"g#s", "http://a/b/c/g#s"},
	{"g?y#s", "http://a/b/c/g?y#s"},
	{";x", "http://a/b/c/;x"},
	{"g;x", "http://a/b/c/g;x"},
	{"g;x?y#s", "http://a/b/c/g;x?y#s"},
	{"", "http://a/b/c/d;p?q"},
	{".", "http://a/b/c/"},
	{"./", "http://a/b/c/"},
	{"..", "http://a/b/"},
	{"../", "http://a/b/"},
	{"../g", "http://a/b/g"},
	{"../..", "http://a/"},
	{"../../", "http://a/"},
	{"../../g", "http://a/g"},
	{"../../../g", "http://a/g"},
	{"../../../../g", "http://a/g"},
	{"/./g", "http://a/g"},
	{"/../g", "http://a/g"},
	{"g.", "http://a/b/c/g."},
	{".g", "http://a/b/c/.g"},
	{"g..", "http://a/b/c/g.."},
	{"..g", "http://a/b/c/..g"},
	{"./../g", "http://a/b/g"},
	{"./g/.", "http://a/b/c/g/"},
	{"g/./h", "http://a/b/c/g/h"},
	{"g/../h", "http://a/b/c/h"},
	{"g;x=1/./y", "http://a/b/c/g;x=1/y"},
	{"g;x=1/../y", "http://a/b/c/y"},
	{"g?y/./x", "http://a/b/c/g?y/./x"},
	{"g?y/../x", "http://a/b/c/g?y/../x"},
	{"g#s/./x", "http://a/b/c/g#s/./x"},
	{"g#s/../x", "http://a/b/c/g#s/../x"},
	{"http:g", "http:g"},
}
var rsPrinted1808 = [][2]string{ // base http://a/b/c/d;p?q#f
	{"g:h", "g:h"},
	{"g", "http://a/b/c/g"},
	{"./g", "http://a/b/c/g"},
	{"g/", "http://a/b/c/g/"},
	{"/g", "http://a/g"},
	{"//g", "http://g"},
	{"?y", "http://a/b/c/d;p?y"},
	{"g?y", "http://a/b/c/g?y"},
	{"g?y/./x", "http://a/b/c/g?y/./x"},
	{"#s", "http://a/b/c/d;p?q#s"},
	{"g#s", "http://a/b/c/g#s"},
	{"g#s/./x", "http://a/b/c/g#s/./x"},
	{"g?y#s", "http://a/b/c/g?y#s"},
	{";x", "http://a/b/c/d;x"},
	{"g;x", "http://a/b/c/g;x"},
	{"g;x?y#s", "http://a/b/c/g;x?y#s"},
	{".", "http://a/b/c/"},
	{"./", "http://a/b/c/"},
	{"..", "http://a/b/"},
	{"../", "http://a/b/"},
	{"../g", "http://a/b/g"},
	{"../..", "http://a/"},
	{"../../", "http://a/"},
	{"../../g", "http://a/g"},
	{"", "http://a/b/c/d;p?q#f"},
	{"../../../g", "http://a/../g"},
	{"../../../../g", "http://a/../../g"},
	{"/./g", "http://a/./g"},
	{"/../g", "http://a/../g"},
	{"g.", "http://a/b/c/g."},
	{".g", "http://a/b/c/.g"},
	{"g..", "http://a/b/c/g.."},
	{"..g", "http://a/b/c/..g"},
	{"./../g", "http://a/b/g"},
	{"./g/.", "http://a/b/c/g/"},
	{"g/./h", "http://a/b/c/g/h"},
	{"g/../h", "http://a/b/c/h"},
	{"http:g", "http:g"},
	{"http:", "http:"},
}
var rsPrinted2396 = [][2]string{ // base http://a/b/c/d;p?q
	{"g:h", "g:h"},
	{"g", "http://a/b/c/g"},
	{"./g", "http://a/b/c/g"},
	{"g/", "http://a/b/c/g/"},
	{"/g", "http://a/g"},
	{"//g", "http://g"},
	{"?y", "http://a/b/c/?y"},
	{"g?y", "http://a/b/c/g?y"},
	{"#s", "http://a/b/c/d;p?q#s"}, // "(current document)#s"
	{"g#s", "http://a/b/c/g#s"},
	{"g?y#s", "http://a/b/c/g?y#s"},
	{";x", "http://a/b/c/;x"},
	{"g;x", "http://a/b/c/g;x"},
	{"g;x?y#s", "http://a/b/c/g;x?y#s"},
	{".", "http://a/b/c/"},
	{"./", "http://a/b/c/"},
	{"..", "http://a/b/"},
	{"../", "http://a/b/"},
	{"../g", "http://a/b/g"},
	{"../..", "http://a/"},
	{"../../", "http://a/"},
	{"../../g", "http://a/g"},
	{"", "http://a/b/c/d;p?q"}, // "<> = (current document)"
	{"../../../g", "http://a/../g"},
	{"../../../../g", "http://a/../../g"},
	{"/./g", "http://a/./g"},
	{"/../g", "http://a/../g"},
	{"g.", "http://a/b/c/g."},
	{".g", "http://a/b/c/.g"},
	{"g..", "http://a/b/c/g.."},
	{"..g", "http://a/b/c/..g"},
	{"./../g", "http://a/b/g"},
	{"./g/.", "http://a/b/c/g/"},
	{"g/./h", "http://a/b/c/g/h"},
	{"g/../h", "http://a/b/c/h"},
	{"g;x=1/./y", "http://a/b/c/g;x=1/y"},
	{"g;x=1/../y", "http://a/b/c/y"},
	{"g?y/./x", "http://a/b/c/g?y/./x"},
	{"g?y/../x", "http://a/b/c/g?y/../x"},
	{"g#s/./x", "http://a/b/c/g#s/./x"},
	{"g#s/../x", "http://a/b/c/g#s/../x"},
	{"http:g", "http:g"},
}
