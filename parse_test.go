package locator

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/locator-url/locator/internal/display"
)

// loadJSON reads testdata/name into v, the one JSON loader of the package's tests.
func loadJSON(t testing.TB, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// benchURLs returns the URLs of a file of testdata/bench, split on "\n" as its README says
// (kasztp.txt keeps its BOM on the first line and its last line without a newline).
func benchURLs(t testing.TB, file string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "bench", file))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	s = strings.TrimSuffix(s, "\n")
	return strings.Split(s, "\n")
}

func benchFiles(t testing.TB) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join("testdata", "bench", "*.txt"))
	if err != nil || len(m) == 0 {
		t.Fatalf("no benchmark files: %v", err)
	}
	for i := range m {
		m[i] = filepath.Base(m[i])
	}
	return m
}

// optJSON is a JSON value that may be null (absent), a string, or missing from the object.
type optJSON struct {
	set   bool // the key is in the object
	null  bool
	value string
}

func (o *optJSON) UnmarshalJSON(b []byte) error {
	o.set = true
	if string(b) == "null" {
		o.null = true
		return nil
	}
	return json.Unmarshal(b, &o.value)
}

func (o optJSON) matches(v string, ok bool) bool {
	if o.null {
		return !ok
	}
	return ok && v == o.value
}

func TestRFC1738Examples(t *testing.T) {
	var f struct {
		Cases []struct {
			ID       string
			Input    string
			Expected struct {
				Scheme, User, Password, Port, Path, Search, Fragment optJSON
				Host                                                 optJSON
			}
			Source string
		}
	}
	loadJSON(t, "rfc/rfc1738-examples.json", &f)
	// The JSON key url_path needs a tag; read it separately.
	var raw struct {
		Cases []struct {
			Expected map[string]json.RawMessage
		}
	}
	loadJSON(t, "rfc/rfc1738-examples.json", &raw)
	if len(f.Cases) != 9 {
		t.Fatalf("%d cases, want 9", len(f.Cases))
	}
	checked := 0
	for i, c := range f.Cases {
		u, err := Parse(c.Input)
		if err != nil {
			t.Errorf("%s %q: %v", c.ID, c.Input, err)
			continue
		}
		if err := u.check(); err != nil {
			t.Errorf("%s: invariant: %v", c.ID, err)
		}
		e := c.Expected
		var urlPath optJSON
		if rm, ok := raw.Cases[i].Expected["url_path"]; ok {
			if err := urlPath.UnmarshalJSON(rm); err != nil {
				t.Fatal(err)
			}
		}
		// RFC 1738 §3.3 (http) and §3.10 (file) split url-path into path and ?search.
		hpath := u.URLPath()
		if q, ok := u.Query(); ok {
			hpath = strings.TrimSuffix(hpath, "?"+q)
		}
		for _, fc := range []struct {
			name string
			want optJSON
			got  opt
		}{
			{"scheme", e.Scheme, optOf(u.Scheme(), u.HasScheme())},
			{"user", e.User, optOf(u.User())},
			{"password", e.Password, optOf(u.Password())},
			{"host", e.Host, optOf(u.Host(), u.HasAuthority())},
			{"port", e.Port, optOf(u.Port())},
			{"url_path", urlPath, present(u.URLPath())},
			{"path", e.Path, present(hpath)},
			{"search", e.Search, optOf(u.Query())},
			{"fragment", e.Fragment, optOf(u.Fragment())},
		} {
			if !fc.want.set {
				continue
			}
			checked++
			if !fc.want.matches(fc.got.v, fc.got.ok) {
				t.Errorf("%s %q [%s]: %s = %v, want %+v", c.ID, c.Input, c.Source, fc.name, fc.got, fc.want)
			}
		}
	}
	t.Logf("%d component checks on %d RFC 1738 examples", checked, len(f.Cases))
}

// appendixB is the regular expression of RFC 3986 Appendix B, which splits any string into the
// five components of a URI-reference.
var appendixB = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// regexSplit returns the components the Appendix B regex finds in s: $2 scheme, $4 authority,
// $5 path, $7 query, $9 fragment (null when the group did not take part).
func regexSplit(s string) (scheme, authority, path, query, fragment opt) {
	m := appendixB.FindStringSubmatchIndex(s)
	g := func(i int) opt {
		if m[2*i] < 0 {
			return absent
		}
		return present(s[m[2*i]:m[2*i+1]])
	}
	return g(2), g(4), g(5), g(7), g(9)
}

// agreesWithAppendixB compares Parse's split of u with the regex's. Parse requires a scheme to
// be RFC 3986 §3.1 scheme (a letter, then letters, digits, "+", "-", "."); the regex takes any
// run of bytes other than ":/?#". Where the regex finds a scheme that is not one, Parse reads
// the whole as a relative reference and only the later split is compared.
func agreesWithAppendixB(u URL) string {
	sc, au, pa, qu, fr := regexSplit(u.s)
	validScheme := sc.ok && isAlphaByte(sc.v[0]) && indexNotScheme(sc.v) < 0
	if validScheme {
		if got := optOf(u.Scheme(), u.HasScheme()); got != sc {
			return "scheme " + got.String() + " regex " + sc.String()
		}
	} else {
		if u.HasScheme() {
			return "Parse found a scheme the regex did not"
		}
		if sc.ok {
			// Reparse what follows the regex's "scheme:" as the regex does.
			return ""
		}
	}
	if got := optOf(u.Authority()); got != au {
		return "authority " + got.String() + " regex " + au.String()
	}
	if got := present(u.Path()); got != pa {
		return "path " + got.String() + " regex " + pa.String()
	}
	if got := optOf(u.Query()); got != qu {
		return "query " + got.String() + " regex " + qu.String()
	}
	if got := optOf(u.Fragment()); got != fr {
		return "fragment " + got.String() + " regex " + fr.String()
	}
	return ""
}

func indexNotScheme(s string) int {
	for i := 0; i < len(s); i++ {
		if !schemeTab[s[i]] {
			return i
		}
	}
	return -1
}

func TestRFC3986Examples(t *testing.T) {
	var f struct {
		Parse []struct {
			ID          string
			Input       string
			Expected    map[string]*string
			RegexGroups map[string]*string `json:"regex_groups"`
			Source      string
		}
	}
	loadJSON(t, "rfc/rfc3986-other-examples.json", &f)
	if len(f.Parse) != 11 {
		t.Fatalf("%d parse cases, want 11", len(f.Parse))
	}
	groups := 0
	for _, c := range f.Parse {
		u, err := Parse(c.Input)
		if err != nil {
			t.Errorf("%s: %v", c.ID, err)
			continue
		}
		if err := u.check(); err != nil {
			t.Errorf("%s: invariant: %v", c.ID, err)
		}
		toOpt := func(s *string) opt {
			if s == nil {
				return absent
			}
			return present(*s)
		}
		e := c.Expected
		for _, fc := range []struct {
			name string
			got  opt
		}{
			{"scheme", optOf(u.Scheme(), u.HasScheme())},
			{"authority", optOf(u.Authority())},
			{"path", present(u.Path())},
			{"query", optOf(u.Query())},
			{"fragment", optOf(u.Fragment())},
		} {
			if want := toOpt(e[fc.name]); fc.got != want {
				t.Errorf("%s %q [%s]: %s = %v, want %v", c.ID, c.Input, c.Source, fc.name, fc.got, want)
			}
		}
		if msg := agreesWithAppendixB(u); msg != "" {
			t.Errorf("%s %q: Appendix B regex disagrees: %s", c.ID, c.Input, msg)
		}
		// The printed $1–$9 of Appendix B are the regex's own groups: check the regex, so that
		// the comparison above compares with the right thing.
		if c.RegexGroups != nil {
			m := appendixB.FindStringSubmatch(c.Input)
			mi := appendixB.FindStringSubmatchIndex(c.Input)
			for k, want := range c.RegexGroups {
				i := int(k[0] - '0')
				got := toOpt(&m[i])
				if mi[2*i] < 0 {
					got = absent
				}
				if got != toOpt(want) {
					t.Errorf("%s: $%s = %v, want %v", c.ID, k, got, toOpt(want))
				}
				groups++
			}
		}
	}
	if groups != 9 {
		t.Errorf("checked %d printed regex groups, want 9", groups)
	}
}

// TestAppendixBDifferential compares Parse's split with the RFC 3986 Appendix B regex on the
// component table and on every URL of the benchmark files.
func TestAppendixBDifferential(t *testing.T) {
	inputs := []string{}
	for _, tt := range componentTests {
		inputs = append(inputs, tt.in)
	}
	for _, f := range benchFiles(t) {
		inputs = append(inputs, benchURLs(t, f)...)
	}
	n := 0
	for _, in := range inputs {
		u, err := Parse(in)
		if err != nil {
			continue
		}
		n++
		if msg := agreesWithAppendixB(u); msg != "" {
			t.Errorf("%q: %s", in, msg)
		}
	}
	t.Logf("Parse agrees with the Appendix B regex on %d of %d inputs (the rest do not parse)", n, len(inputs))
}

// parseErrorTests: inputs Parse rejects, with the code and the byte offset of the problem.
var parseErrorTests = []struct {
	in   string
	code Code
	off  int
	src  string
}{
	// The URI draft, "Escaping", Example 3: "%*" and "%as" have no decoding.
	{"fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred", CodeBadEscape, 36, "URI draft Example 3"},
	{"news:12345667123%asdghfh@info.cern.ch", CodeBadEscape, 16, "URI draft Example 3"},
	{"%", CodeBadEscape, 0, "RFC 1738 §2.2 lone %"},
	{"http://h/%", CodeBadEscape, 9, "RFC 1738 §2.2 lone % at the end"},
	{"http://h/%4", CodeBadEscape, 9, "RFC 1738 §2.2 one hex digit at the end"},
	{"http://h/%4g", CodeBadEscape, 9, "RFC 1738 §2.2 second digit not hex"},
	{"http://h/%g4", CodeBadEscape, 9, "RFC 1738 §2.2 first digit not hex"},
	{"http://h/a?%zz", CodeBadEscape, 11, "RFC 1738 §2.2 in the query"},
	{"http://h/#%%", CodeBadEscape, 10, "RFC 1738 §2.2 in the fragment"},
	{"http://%x@h/", CodeBadEscape, 7, "RFC 1738 §2.2 in the user"},
	{"http://h%/", CodeBadEscape, 8, "RFC 1738 §2.2 in the host"},
	{"http://h/%41%4", CodeBadEscape, 12, "the second escape is the bad one"},
	// RFC 1738 §2.2: the controls 00–1F and 7F must be encoded.
	{"http://h/a\x00b", CodeControl, 10, "RFC 1738 §2.2 NUL"},
	{"http://h/a\tb", CodeControl, 10, "RFC 1738 §2.2 HT"},
	{"http://h/a\nb", CodeControl, 10, "RFC 1738 §2.2 LF (RFC 1738 §6 security: encoded CR LF)"},
	{"http://h/\r", CodeControl, 9, "RFC 1738 §2.2 CR"},
	{"\x7fhttp://h/", CodeControl, 0, "RFC 1738 §2.2 DEL"},
	{"http://h\x1f/", CodeControl, 8, "RFC 1738 §2.2 US in the host"},
	{"ht\ttp://h/", CodeControl, 2, "RFC 1738 §2.2 in what would be the scheme"},
	// RFC 1738 §3.1 and §5 port = digits; RFC 3986 §3.2.3 port = *DIGIT.
	{"http://h:8o/", CodeBadPort, 10, "RFC 1738 §3.1 port"},
	{"http://h:-1/", CodeBadPort, 9, "RFC 1738 §3.1 port"},
	{"http://h: 80/", CodeBadPort, 9, "RFC 1738 §3.1 port"},
	{"http://h:80:80/", CodeBadPort, 11, "RFC 1738 §3.1 one port"},
	{"http://u@h:x/", CodeBadPort, 11, "RFC 1738 §3.1 port after user"},
	{"ftp://foo.bar.com:100;type=a", CodeBadPort, 21, "libwww htparse row: ;type= after the port"},
	{"//h:p", CodeBadPort, 4, "RFC 3986 §4.2 network-path reference"},
	{"http://[::1]:x/", CodeBadPort, 13, "RFC 3986 §3.2.3 port after an IP literal"},
	// RFC 3986 §3.2.2 IP-literal = "[" ( IPv6address / IPvFuture ) "]".
	{"http://[::1/", CodeBadIPLiteral, 7, "RFC 3986 §3.2.2 no \"]\""},
	{"http://[::1", CodeBadIPLiteral, 7, "RFC 3986 §3.2.2 no \"]\" at the end"},
	{"http://[::1]x/", CodeBadIPLiteral, 12, "RFC 3986 §3.2.2 \"]\" not ending the host"},
	{"http://u@[::1]]/", CodeBadIPLiteral, 14, "RFC 3986 §3.2.2 two \"]\""},
	{"http://[/]/", CodeBadIPLiteral, 7, "RFC 3986 §3.2: \"/\" ends the authority before \"]\""},
}

func TestParseErrors(t *testing.T) {
	for _, tt := range parseErrorTests {
		u, err := Parse(tt.in)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) [%s] = %q, %v; want an *Error", tt.in, tt.src, u, err)
			continue
		}
		if e.Code != tt.code || e.Offset != tt.off || e.Input != tt.in || e.Rule == "" || e.Message == "" {
			t.Errorf("Parse(%q) [%s]: code %q offset %d input %q rule %q; want code %q offset %d",
				tt.in, tt.src, e.Code, e.Offset, e.Input, e.Rule, tt.code, tt.off)
		}
		if u != (URL{}) {
			t.Errorf("Parse(%q) returned %+v with its error", tt.in, u)
		}
		if !strings.Contains(e.Error(), "offset") || !strings.HasPrefix(e.Error(), "locator: ") {
			t.Errorf("Error() = %q", e.Error())
		}
	}
}

// TestErrorMessageWindow: the message of an error in a long input shows the 200 bytes around
// the offset, not the first 200 (which hid the problem of a 1 MB URL): "%zz" after 500,000
// bytes, after 300 "é" (the cuts fall between characters), and after bytes that are no
// characters' starts; the input's start when the offset is among its first 150 bytes.
func TestErrorMessageWindow(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://a/" + strings.Repeat("b", 500000) + "%zz" + strings.Repeat("c", 500000), `"…` + strings.Repeat("b", 100) + "%zz"},
		{"http://a/" + strings.Repeat("é", 300) + "%z" + strings.Repeat("é", 300), `"…` + strings.Repeat("é", 50) + "%z"},
		{strings.Repeat("\x80", 1000) + "%zz", `\x80%zz"`},
		{"http://a/%zz" + strings.Repeat("c", 1000), `"http://a/%zz`},
	} {
		_, err := Parse(c.in)
		if err == nil {
			t.Fatalf("Parse(%.20q…): no error", c.in)
		}
		if msg := err.Error(); !strings.Contains(msg, c.want) || len(msg) > 1200 || !utf8.ValidString(msg) {
			t.Errorf("the message of %.20q… (%d bytes): %.300q…; want %.60q in it", c.in, len(c.in), msg, c.want)
		}
	}
}

// TestErrorMessageDisplay: an Error's message shows its input as package display shows every
// byte to a person (the one escaping function: README, "The library"), not by strconv.Quote's
// rules of its own ("\a", "\v" for the controls display writes "\x07", "\x0b").
func TestErrorMessageDisplay(t *testing.T) {
	for _, in := range []string{"http://h/\a", "http://h/\v\b\f", "http://h/\u202e%zz\xff", "\ufeffhttp://h/\x7f"} {
		_, err := Parse(in)
		if err == nil {
			t.Fatalf("Parse(%q): no error", in)
		}
		want := `locator: ` + string(display.AppendQuoted(nil, in)) + ": "
		if msg := err.Error(); !strings.HasPrefix(msg, want) {
			t.Errorf("Parse(%q): message %q; want it to start %q", in, msg, want)
		}
	}
}

// TestParseAccepts: what Parse leaves to the checkers (it rejects only what the split cannot
// represent; see Parse's doc).
func TestParseAccepts(t *testing.T) {
	for _, in := range []string{
		"http://h/a b",                      // RFC 1738 §2.2 unsafe, but representable: the checkers' job
		"http://h/{}|\\^~[]`",               // RFC 1738 §2.2 national characters
		"http://h/\u00e9",                   // RFC 1738 §2.2 8-bit octets
		"http://h/%41%2f%2F",                // lower- and upper-case hex (RFC 1738 §2.2 allows both)
		"http://h:/",                        // RFC 3986 §3.2.3 empty port
		"http://h:99999999/",                // large port: digits all the same
		"http://[garbage]/",                 // the IP literal's content is the checker's job
		"http://a b@h/",                     // space in userinfo
		"\ufeffhttps://x.org/",              // kasztp.txt's first line: a BOM makes it a relative reference
		"x-test-access-*.0-9@A-Z_a-z:/name", // libwww: not an RFC 3986 scheme, so a path
	} {
		u, err := Parse(in)
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		if err := u.check(); err != nil {
			t.Errorf("Parse(%q): %v", in, err)
		}
	}
}

func TestParseAbsolute(t *testing.T) {
	if u, err := ParseAbsolute("ftp://h/"); err != nil || u.Scheme() != "ftp" {
		t.Errorf("ParseAbsolute(ftp) = %q, %v", u, err)
	}
	for _, tt := range []struct {
		in   string
		code Code
		off  int
	}{
		{"", CodeEmpty, 0},                 // RFC 1738 §2.1
		{"//h/p", CodeNoScheme, 5},         // no ":" at all: offset is the end
		{"1http://h/", CodeNoScheme, 5},    // RFC 1738 §5 scheme starts with... a letter in RFC 3986 §3.1
		{"ht tp://h/", CodeNoScheme, 5},    // space in the scheme
		{"http://h/%zz", CodeBadEscape, 9}, // Parse's errors pass through
	} {
		_, err := ParseAbsolute(tt.in)
		var e *Error
		if !errors.As(err, &e) || e.Code != tt.code || e.Offset != tt.off {
			t.Errorf("ParseAbsolute(%q) = %v; want code %q at %d", tt.in, err, tt.code, tt.off)
		}
	}
}

func TestMustParsePanics(t *testing.T) {
	defer func() {
		r := recover()
		e, ok := r.(*Error)
		if !ok || e.Code != CodeBadEscape {
			t.Errorf("MustParse(bad) panicked with %v", r)
		}
	}()
	MustParse("%")
	t.Error("MustParse(\"%\") did not panic")
}

// TestParseBenchFiles parses every URL of the benchmark files: each parses losslessly with the
// invariant holding, or fails with a code.
func TestParseBenchFiles(t *testing.T) {
	want := map[string]int{"kasztp.txt": 48010, "node_files.txt": 43415, "userbait.txt": 11430, "isaacs_files.txt": 6207}
	for _, f := range benchFiles(t) {
		urls := benchURLs(t, f)
		if w, ok := want[f]; ok && len(urls) != w {
			t.Errorf("%s: %d URLs, want %d (testdata/bench/README.md)", f, len(urls), w)
		}
		codes := map[Code]int{}
		for _, in := range urls {
			u, err := Parse(in)
			if err != nil {
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("%s %q: %v", f, in, err)
				}
				codes[e.Code]++
				continue
			}
			if u.String() != in {
				t.Fatalf("%s: String() = %q, want %q", f, u, in)
			}
			if err := u.check(); err != nil {
				t.Fatalf("%s %q: %v", f, in, err)
			}
		}
		t.Logf("%s: %d URLs, errors by code %v", f, len(urls), codes)
	}
	kasztp := benchURLs(t, "kasztp.txt")
	if !strings.HasPrefix(kasztp[0], "\ufeff") || kasztp[len(kasztp)-1] != "https://" {
		t.Errorf("kasztp.txt lost its BOM or its last line: %q … %q", kasztp[0][:8], kasztp[len(kasztp)-1])
	}
}

// htparseRow is a row of testdata/libwww-w3c/htparse-tests.json.
type htparseRow struct {
	Section, Name, Absolutename, Access, Hostport, Path, Anchor string
}

// libwwwParts returns what libwww's HTParse gives for u with PARSE_ACCESS, PARSE_HOST,
// PARSE_PATH and PARSE_ANCHOR and PARSE_PUNCTUATION: "scheme:", "//" + authority, the path with
// its ?query, and "#" + fragment. HTParse gives "/" for an empty path after a host: RFC 1738
// §3.3 says that "/" "may also be omitted", so it is the same URL.
func libwwwParts(u URL) (access, hostport, path, anchor string) {
	if u.HasScheme() {
		access = u.Scheme() + ":"
	}
	if a, ok := u.Authority(); ok {
		hostport = "//" + a
	}
	path = u.Path()
	if u.HasAuthority() && path == "" {
		path = "/"
	}
	if q, ok := u.Query(); ok {
		path += "?" + q
	}
	if f, ok := u.Fragment(); ok {
		anchor = "#" + f
	}
	return
}

func TestHTParseRFC1738(t *testing.T) {
	runHTParse(t, "generated-from-rfc1738", "htparse-rfc1738.txt", 1175)
}

// TestHTParseConnolly runs the parse rows (empty name) of libwww's older "connolly-old-set".
func TestHTParseConnolly(t *testing.T) {
	runHTParse(t, "connolly-old-set", "htparse-connolly.txt", 47)
}

// runHTParse checks the parse rows of a section of testdata/libwww-w3c/htparse-tests.json
// against Parse, with the expected failures of testdata/expected-failures/<xfName> enforced
// in both directions.
func runHTParse(t *testing.T, section, xfName string, wantRows int) {
	var f struct{ Cases []htparseRow }
	loadJSON(t, "libwww-w3c/htparse-tests.json", &f)
	xf, err := os.ReadFile(filepath.Join("testdata", "expected-failures", xfName))
	if err != nil {
		t.Fatal(err)
	}
	expected := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(xf))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		name, reason, ok := strings.Cut(line, "\t")
		if !ok || reason == "" {
			t.Fatalf("expected-failures line without a reason: %q", line)
		}
		expected[name] = reason
	}
	seen := map[string]bool{}
	parses, skipped, passed, failedAsExpected := 0, 0, 0, 0
	for _, c := range f.Cases {
		if c.Section != section {
			continue
		}
		// An empty name, or a name equal to absolutename (every row of generated-from-rfc1738),
		// is a parse: resolving an absolute URL against anything gives the URL itself (RFC 3986
		// §5.2.2, R.scheme defined; RFC 1808 §4 step 2b). Other rows are resolutions.
		if c.Name != "" && c.Name != c.Absolutename {
			skipped++
			continue
		}
		parses++
		seen[c.Absolutename] = true
		var fail string
		u, err := Parse(c.Absolutename)
		if err != nil {
			fail = err.Error()
		} else {
			if err := u.check(); err != nil {
				t.Errorf("%q: invariant: %v", c.Absolutename, err)
			}
			a, h, p, an := libwwwParts(u)
			if a != c.Access || h != c.Hostport || p != c.Path || an != c.Anchor {
				fail = "got " + strings.Join([]string{a, h, p, an}, " | ") + "; want " +
					strings.Join([]string{c.Access, c.Hostport, c.Path, c.Anchor}, " | ")
			}
		}
		reason, listed := expected[c.Absolutename]
		switch {
		case fail == "" && listed:
			t.Errorf("%q passes but is listed as an expected failure (%s): remove it from the list", c.Absolutename, reason)
		case fail != "" && !listed:
			t.Errorf("%q: %s", c.Absolutename, fail)
		case fail != "":
			failedAsExpected++
		default:
			passed++
		}
	}
	for name := range expected {
		if !seen[name] {
			t.Errorf("expected failure %q is not a parse row of section %s", name, section)
		}
	}
	t.Logf("%s: %d parse rows (%d pass, %d expected failures); %d resolution rows skipped (TestResolve's job)",
		section, parses, passed, failedAsExpected, skipped)
	if parses != wantRows {
		t.Errorf("%d parse rows, want %d", parses, wantRows)
	}
}

// TestURLSize holds the URL value at 48 bytes: the character summary fits in the padding
// after the flags.
func TestURLSize(t *testing.T) {
	if n := unsafe.Sizeof(URL{}); n != 48 {
		t.Errorf("unsafe.Sizeof(URL{}) = %d, want 48", n)
	}
}

// TestSummarize holds the tables of the scans (runTab, hostTab) and the shifts and masks that
// move their bits into the summary to the bits of Chars (chars.go): for each byte, the
// summary of a component of that byte alone has the bits of its classes in classTab, and
// nothing else.
func TestSummarize(t *testing.T) {
	type comp struct {
		name string
		sum  func(c byte) Chars
		want map[uint16]Chars
	}
	comps := []comp{
		{"user", func(c byte) Chars { return Chars(hostTab[c]>>1) & CharsUserUnsafe },
			map[uint16]Chars{clUnsafe: CharsUserUnsafe}},
		{"host", func(c byte) Chars { return hostChars(uint64(hostTab[c]), 0) },
			map[uint16]Chars{clUnsafe: CharsHostUnsafe, cl3986: CharsHostNot3986,
				clNotHost: CharsHostNotHostname, clAlpha: CharsHostAlpha}},
		{"path", func(c byte) Chars { return Chars(runTab[c]) << pathShift & pathMask },
			map[uint16]Chars{clUnsafe: CharsPathUnsafe, cl3986: CharsPathNot3986, clSemi: CharsPathSemicolon}},
		{"query", func(c byte) Chars { return Chars(runTab[c]) << queryShift & queryMask },
			map[uint16]Chars{clUnsafe: CharsQueryUnsafe, cl3986: CharsQueryNot3986, clSemi: CharsQuerySemicolon,
				clSlash: CharsQuerySlashQuestion, clQuery: CharsQuerySlashQuestion}},
		{"fragment", func(c byte) Chars { return Chars(runTab[c]) << fragShift & fragMask },
			map[uint16]Chars{clUnsafe: CharsFragmentUnsafe, cl3986: CharsFragmentNot3986}},
	}
	for _, cm := range comps {
		for c := range 256 {
			var want Chars
			for cl, bit := range cm.want {
				if classTab[c]&cl != 0 {
					want |= bit
				}
			}
			if got := cm.sum(byte(c)); got != want {
				t.Errorf("%s: byte %#02x gives summary %015b, want %015b", cm.name, c, got, want)
			}
		}
	}
	// The host pairs: "..", ".-" and "-." give CharsHostDotHyphen, "--" and others not.
	for _, p := range []string{"..", ".-", "-.", "--", "a.", ".a", "-a"} {
		got := hostChars(0, hostPairs(uint64(hostTab[p[0]]), uint64(hostTab[p[1]]))) != 0
		if want := p != "--" && p[0] != 'a' && p[1] != 'a'; got != want {
			t.Errorf("host pair %q: CharsHostDotHyphen %v, want %v", p, got, want)
		}
	}
}
