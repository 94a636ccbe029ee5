package scheme_test

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/scheme"
)

// draft1630Example is one example of the URI draft (testdata/spec/uri-draft-www.txt), cited by
// heading, with the validity the draft gives it.
type draft1630Example struct {
	uri     string
	heading string // the draft's heading, in words (it has no numbered sections)
	valid   bool
	code    locator.Code // the first error, when not valid
	offset  int          // its offset
	// base and resolved: a partial-form example, the context URI and the full form the draft
	// says it expands to.
	base, resolved string
}

// draft1630Examples are every example of the URI draft. TestRFC1630ExamplesScanned holds the
// list to the text: an example-looking URI of the draft missing here fails it.
var draft1630Examples = []draft1630Example{
	// "Example 1: The URIs ... are identical, as the %2D encodes a hyphen character."
	{uri: "http://www.w3.org/albert/bertram/marie-claude", heading: "Reduced or increased safe character sets, Examples 1 and 2", valid: true},
	// The text breaks this one across lines: "marie%2D " and, three lines on, "claude are identical".
	{uri: "http://www.w3.org/albert/bertram/marie%2Dclaude", heading: "Reduced or increased safe character sets, Example 1", valid: true},
	// "Example 2: ... are NOT identical, as in the second case the encoded slash does not have
	// hierarchical significance": both are valid URIs.
	{uri: "http://www.w3.org/albert/bertram%2Fmarie-claude", heading: "Reduced or increased safe character sets, Example 2", valid: true},
	// "Example 3: The URIs ... are illegal, as all % characters imply encodings, and there is no
	// decoding defined for "%*" or "%as" in this recommendation."
	{uri: "fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred", heading: "Reduced or increased safe character sets, Example 3",
		code: locator.CodeBadEscape, offset: 36},
	{uri: "news:12345667123%asdghfh@info.cern.ch", heading: "Reduced or increased safe character sets, Example 3",
		code: locator.CodeBadEscape, offset: 16},
	// "In the context of URI magic://a/b/c//d/e/f the partial URIs would expand as follows".
	{uri: "magic://a/b/c//d/e/f", heading: "Partial (relative) form, Examples (the context)", valid: true},
	{uri: "g", heading: "Partial (relative) form, Examples", valid: true,
		base: "magic://a/b/c//d/e/f", resolved: "magic://a/b/c//d/e/g"},
	{uri: "magic://a/b/c//d/e/g", heading: "Partial (relative) form, Examples (expansion of g)", valid: true},
	{uri: "/g", heading: "Partial (relative) form, Examples", valid: true,
		base: "magic://a/b/c//d/e/f", resolved: "magic://a/g"},
	{uri: "magic://a/g", heading: "Partial (relative) form, Examples (expansion of /g)", valid: true},
	{uri: "//g", heading: "Partial (relative) form, Examples", valid: true,
		base: "magic://a/b/c//d/e/f", resolved: "magic://g"},
	{uri: "magic://g", heading: "Partial (relative) form, Examples (expansion of //g)", valid: true},
	{uri: "../g", heading: "Partial (relative) form, Examples", valid: true,
		base: "magic://a/b/c//d/e/f", resolved: "magic://a/b/c//d/g"},
	{uri: "magic://a/b/c//d/g", heading: "Partial (relative) form, Examples (expansion of ../g)", valid: true},
	// "g:a" expands to itself: "If the scheme parts are different, the whole absolute locator
	// must be given."
	{uri: "g:a", heading: "Partial (relative) form, Examples", valid: true,
		base: "magic://a/b/c//d/e/f", resolved: "g:a"},
	// "In the context of the URI magic://a/b/c//d/e/ the results would be exactly the same."
	{uri: "magic://a/b/c//d/e/", heading: "Partial (relative) form, Examples (the second context)", valid: true},
}

// check1630 returns the findings of the checker on s: scheme.Check when locator.Parse accepts
// s, and the generic grammar on the text (syntax.CheckRFC1630Text) when it does not.
func check1630(s string) (fs []locator.Finding, parsed bool) {
	u, err := locator.Parse(s)
	if err != nil {
		var sk syntax.Sink
		syntax.CheckRFC1630Text(&sk, s)
		return sk.Findings(), false
	}
	return scheme.Check(u, locator.RFC1630), true
}

// firstError returns the first error of fs, or nil.
func firstError(fs []locator.Finding) *locator.Finding {
	for i := range fs {
		if fs[i].Severity == locator.SeverityError {
			return &fs[i]
		}
	}
	return nil
}

// TestRFC1630DraftExamples runs every example of the URI draft under locator.RFC1630: through
// scheme.Check (or the text checker, for the two that locator.Parse refuses), through
// scheme.Inspect as the check command runs it, and, for the partial forms, through
// locator.Resolve by the draft's rule, to the full form the draft gives.
func TestRFC1630DraftExamples(t *testing.T) {
	for _, ex := range draft1630Examples {
		fs, _ := check1630(ex.uri)
		fe := firstError(fs)
		switch {
		case ex.valid && fe != nil:
			t.Errorf("%s (URI draft, %s): want valid, got %v", ex.uri, ex.heading, *fe)
		case !ex.valid && fe == nil:
			t.Errorf("%s (URI draft, %s): want invalid, got %v", ex.uri, ex.heading, fs)
		case !ex.valid && (fe.Code != ex.code || fe.Offset != ex.offset):
			t.Errorf("%s (URI draft, %s): first error %v, want %s at %d", ex.uri, ex.heading, *fe, ex.code, ex.offset)
		}
		// The text checker on its own agrees (it is what Check runs first).
		var sk syntax.Sink
		syntax.CheckRFC1630Text(&sk, ex.uri)
		if got := scheme.Valid(sk.Findings()); got != ex.valid {
			t.Errorf("%s: CheckRFC1630Text valid = %v, want %v", ex.uri, got, ex.valid)
		}
		if r := scheme.Inspect(ex.uri, locator.RFC1630); r.Valid() != ex.valid {
			t.Errorf("%s: Inspect(RFC1630).Valid() = %v, want %v: %v", ex.uri, r.Valid(), ex.valid, r.Findings)
		}
		if ex.base == "" {
			continue
		}
		got, err := locator.Resolve(locator.MustParse(ex.base), locator.MustParse(ex.uri), locator.ModeRFC1630)
		if err != nil || got.String() != ex.resolved {
			t.Errorf("Resolve(%s, %s, rfc1630) = %v, %v; the draft says %s", ex.base, ex.uri, got, err, ex.resolved)
		}
		if !slices.ContainsFunc(draft1630Examples, func(e draft1630Example) bool { return e.uri == ex.resolved }) {
			t.Errorf("%s: its expansion %s is not a row of its own", ex.uri, ex.resolved)
		}
	}
}

// uriLike matches what looks like a full URI in the draft's text: a scheme name, ":" and
// something other than a space or a closing quote (the prose writes "mid:", "news:" as names).
var uriLike = regexp.MustCompile(`[A-Za-z][A-Za-z0-9+.-]*:[^\s"(),]+`)

// TestRFC1630ExamplesScanned reads the draft and finds every example-looking URI in it: every
// full URI anywhere, and every line of one word in the examples of "Partial (relative) form"
// (the partial forms g, /g, //g, ../g). Each must be a row of draft1630Examples, so that an
// example left out fails here.
func TestRFC1630ExamplesScanned(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "testdata", "spec", "uri-draft-www.txt"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	rows := map[string]bool{}
	for _, ex := range draft1630Examples {
		rows[ex.uri] = true
	}
	// The one example the text breaks across lines, and where it goes on.
	const broken, rest = "http://www.w3.org/albert/bertram/marie%2D", "claude are identical"
	if !strings.Contains(text, broken+" \n\n\n"+rest) {
		t.Errorf("the text no longer breaks %q before %q", broken, rest)
	}
	found := map[string]bool{}
	for _, m := range uriLike.FindAllString(text, -1) {
		if m == broken {
			m += "claude"
		}
		found[m] = true
	}
	start := strings.Index(text, "\nPartial (relative) form\n")
	end := strings.Index(text, "\nFragment-id\n")
	if start < 0 || end < start {
		t.Fatal("the headings Partial (relative) form and Fragment-id are not in the text")
	}
	section := text[start:end]
	ex := strings.Index(section, "\nExamples\n")
	if ex < 0 {
		t.Fatal("no Examples in Partial (relative) form")
	}
	for _, line := range strings.Split(section[ex+len("\nExamples\n"):], "\n") {
		if w := strings.TrimSpace(line); w != "" && !strings.ContainsAny(w, " \t") {
			found[w] = true
		}
	}
	for _, want := range []string{"g", "/g", "//g", "../g", "g:a", "fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred"} {
		if !found[want] {
			t.Errorf("the scan does not find the example %q", want)
		}
	}
	for f := range found {
		if !rows[f] {
			t.Errorf("the draft has the example %q, which is not a row of draft1630Examples", f)
		}
	}
	for r := range rows {
		if !found[r] {
			t.Errorf("draft1630Examples has %q, which the scan does not find in the draft", r)
		}
	}
	if len(found) != 16 {
		t.Errorf("%d examples found, want 16", len(found))
	}
}

// TestRFC1630AgainstOtherSpecs runs URLs on which the URI draft, RFC 1738 and RFC 3986 differ
// under all three: whether each is valid, and the first error's code.
func TestRFC1630AgainstOtherSpecs(t *testing.T) {
	type verdict struct {
		valid bool
		code  locator.Code // the first error's, when not valid
	}
	ok := verdict{valid: true}
	bad := func(c locator.Code) verdict { return verdict{code: c} }
	for _, tt := range []struct {
		uri, why                  string
		rfc1630, rfc1738, rfc3986 verdict
	}{
		{"a_b:x", "ialpha scheme: \"_\" is safe (URI draft, BNF syntax); RFC 1738 §2.1 and RFC 3986 §3.1 have no \"_\" in a scheme",
			ok, bad(locator.CodeNoScheme), bad(locator.CodeColonInFirstSegment)},
		{"svn+ssh://h/", "\"+\" is not xalpha, so not in ialpha; RFC 1738 §2.1 and RFC 3986 §3.1 allow it",
			bad(locator.CodeReservedChar), ok, ok},
		{"whois++://h/", "the draft's own whois++ cannot be written as an ialpha scheme",
			bad(locator.CodeReservedChar), ok, ok},
		{"http://h/p?a=b", "\"=\" is in no production of the draft; RFC 1738 §5 search and RFC 3986 §3.4 allow it",
			bad(locator.CodeDisallowedChar), ok, ok},
		{"http://h/a b", "a space is extra in the draft (a warning: canonical form encodes it); RFC 1738 §2.2 unsafe, RFC 3986 §2 not allowed",
			ok, bad(locator.CodeUnsafeChar), bad(locator.CodeDisallowedChar)},
		{"http://h/p?a/b", "\"/\" is not in the draft's search nor RFC 1738 §5 search; RFC 3986 §3.4 allows it",
			bad(locator.CodeReservedChar), bad(locator.CodeReservedChar), ok},
		{"http://h/~user", "\"~\" is national in the draft and RFC 1738 §2.2, unreserved in RFC 3986 §2.3",
			bad(locator.CodeNationalChar), bad(locator.CodeNationalChar), ok},
		{"http://h/a#b/c", "fragmentid = xalphas has no \"/\"; RFC 1738 (xchar) and RFC 3986 §3.5 allow it",
			bad(locator.CodeReservedChar), ok, ok},
		{"http://h/a#x+y", "fragmentid = xalphas has no \"+\"",
			bad(locator.CodeReservedChar), ok, ok},
		{"http://h/p?a++b", "an empty word between two \"+\": a warning under the draft only",
			ok, ok, ok},
		{"http://h/p?a+b", "the same characters everywhere; under the draft \"+\" is a space",
			ok, ok, ok},
		{"http://h/a#", "an empty fragment: the whole object (URI draft, Fragment-id)",
			ok, ok, ok},
		{"x-y:a=b", "\"=\" again, in an experimental scheme",
			bad(locator.CodeDisallowedChar), ok, ok},
		{"mailto:joe", "the draft's mailto is an RFC 822 addr-spec; RFC 1738 §5 mailtourl is any encoded822addr",
			bad(scheme.CodeAddrSpec), ok, ok},
		{"g", "a partial form (URI draft, Partial (relative) form); RFC 1738 has none, RFC 3986 §4.2 a relative-ref",
			ok, bad(locator.CodeNoScheme), ok},
		{"1a:x", "a colon before any slash makes a full form, whose scheme must begin with a letter",
			bad(locator.CodeSchemeDigitFirst), ok, bad(locator.CodeColonInFirstSegment)},
		{"x:a`b", "\"`\" is in no production of the draft nor of RFC 3986 §2; RFC 1738 §2.2 lists it among the national characters",
			bad(locator.CodeDisallowedChar), bad(locator.CodeNationalChar), bad(locator.CodeDisallowedChar)},
	} {
		for _, sv := range []struct {
			spec locator.Spec
			want verdict
		}{{locator.RFC1630, tt.rfc1630}, {locator.RFC1738, tt.rfc1738}, {locator.RFC3986, tt.rfc3986}} {
			r := scheme.Inspect(tt.uri, sv.spec)
			got := verdict{valid: r.Valid()}
			if fe := firstError(r.Findings); fe != nil {
				got.code = fe.Code
			}
			if got != sv.want {
				t.Errorf("%s under %s: got %+v, want %+v (%s)\n%v", tt.uri, sv.spec, got, sv.want, tt.why, r.Findings)
			}
		}
	}
}

// TestRFC1630Schemes checks what the draft's "Specific Schemes" prose says of each scheme.
func TestRFC1630Schemes(t *testing.T) {
	type want struct {
		off  int
		code locator.Code
		sev  locator.Severity
	}
	E, W := locator.SeverityError, locator.SeverityWarning
	for _, tt := range []struct {
		uri   string
		wants []want
	}{
		// Internet schemes: "//" host [":" port] (URI syntax; FTP, Prospero).
		{"http://h/p", nil},
		{"HTTP://h/p", nil},
		{"http:p", []want{{5, scheme.CodeNoAuthority, E}}},
		{"http:///p", []want{{7, locator.CodeEmptyHost, E}}},
		{"gopher://h:70/1a", nil},
		{"gopher://h", nil},
		{"telnet://h", nil},
		{"rlogin://h", nil},
		{"tn3270://h", nil},
		{"wais://h/db", nil},
		{"ftp://u:p@h/a/b", nil}, // (Inspect adds Security's password warning)
		{"http://u@h/", []want{{7, scheme.CodeUserinfo, W}}},
		{"telnet://h:23/", nil},
		{"http://h:/", []want{{9, locator.CodeBadPort, E}}},
		// nntp: server, group and index number (NNTP).
		{"nntp://h/comp.x/12", nil},
		{"nntp://h/comp.x", []want{{8, scheme.CodeNNTPArticle, W}}},
		{"nntp://h/comp.x/1a", []want{{8, scheme.CodeNNTPArticle, W}}},
		// prospero: an optional version after "%00" (Prospero).
		{"prospero://h/a/b", nil},
		{"prospero://h/a%0012", nil},
		{"prospero://h/a%00", []want{{17, scheme.CodeProsperoVersion, E}}},
		{"prospero://h/a%001%002", []want{{18, scheme.CodeProsperoVersion, E}}},
		{"prospero://h/a%001x", []want{{17, scheme.CodeProsperoVersion, E}}},
		// news: no host (News).
		{"news:comp.infosystems.www", nil},
		{"news:12345667123asdghfh@info.cern.ch", nil},
		{"news://h/comp.x", []want{{5, scheme.CodeNewsServer, E}}},
		{"news:", []want{{5, scheme.CodeNewsGroup, E}}},
		// mailto, mid, cid: an addr-spec (Mailto, Message-Id, Content-Id).
		{"mailto:timbl@info.cern.ch", nil},
		{"mailto:a%25b@c", nil},
		{"mailto:timbl", []want{{7, scheme.CodeAddrSpec, E}}},
		{"mailto:@c", []want{{7, scheme.CodeAddrSpec, E}}},
		{"mailto:a@", []want{{7, scheme.CodeAddrSpec, E}}},
		{"mid:960830.1639@XIson.com", nil},
		{"mid:%3C960830.1639@XIson.com%3E", []want{{4, scheme.CodeMsgIDBrackets, W}}},
		{"cid:part1@XIson.com", nil},
		{"cid:part1", []want{{4, scheme.CodeAddrSpec, E}}},
		// Registration of naming schemes; Schemes for Further Study.
		{"x-mine:a", nil},
		{"X-mine:a", nil},
		{"xmine:a", []want{{0, scheme.CodeUnknownScheme, W}}},
		{"urn:x", []want{{0, scheme.CodeReservedScheme, W}}},
		{"x500:c=gb", []want{{0, scheme.CodeSchemeForStudy, W}, {6, locator.CodeDisallowedChar, E}}},
		{"x500:c%3Dgb", []want{{0, scheme.CodeSchemeForStudy, W}}},
		{"whois://h/x", []want{{0, scheme.CodeSchemeForStudy, W}}},
		{"whois++://h/x", []want{{5, locator.CodeReservedChar, E}, {6, locator.CodeReservedChar, E}}},
		{"svn+ssh://h/", []want{{3, locator.CodeReservedChar, E}}}, // no unknown-scheme warning for a name that is no ialpha
		{"a b:x", []want{{0, scheme.CodeUnknownScheme, W}, {1, locator.CodeUnsafeChar, W}}},
		{"file:///etc/motd", []want{{0, scheme.CodeUnknownScheme, W}}},
		{"https://h/", []want{{0, scheme.CodeUnknownScheme, W}}},
		{"prosperox:a", []want{{0, scheme.CodeUnknownScheme, W}}},
	} {
		fs := scheme.Check(locator.MustParse(tt.uri), locator.RFC1630)
		var got []want
		for _, f := range fs {
			got = append(got, want{f.Offset, f.Code, f.Severity})
			if f.Rule == "" || f.Message == "" {
				t.Errorf("%s: finding without rule or message: %#v", tt.uri, f)
			}
		}
		if !reflect.DeepEqual(got, tt.wants) {
			t.Errorf("%s: got %v, want %v\n%v", tt.uri, got, tt.wants, fs)
		}
	}
}

// FuzzCheckRFC1630 holds the checker of the URI draft to its promises on any input: no panic,
// at most locator.MaxFindings findings and one that counts the rest, offsets within the input
// and in order, every finding with code, rule and message, and the same findings twice.
func FuzzCheckRFC1630(f *testing.F) {
	for _, ex := range draft1630Examples {
		f.Add(ex.uri)
	}
	for _, s := range []string{"a_b:x", "http://h/p?a++b#", "whois++://u:p@h:x/", "mid:%3Ca@b%3E", "prospero://h/a%00%001",
		"nntp://h/g/1", "news://h/", ":x", "%41:b", "x:\xff\x01 ~<=`", "http://h/a#b#c?d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		check := func() []locator.Finding { fs, _ := check1630(s); return fs }
		fs := check()
		if len(fs) > locator.MaxFindings+1 {
			t.Fatalf("%q: %d findings", s, len(fs))
		}
		for i, x := range fs {
			if x.Offset < 0 || x.Offset > len(s) {
				t.Fatalf("%q: offset %d outside [0, %d]: %v", s, x.Offset, len(s), x)
			}
			if i > 0 && fs[i-1].Offset > x.Offset {
				t.Fatalf("%q: findings out of order: %v", s, fs)
			}
			if x.Code == "" || x.Rule == "" || x.Message == "" || len(x.Message) > 400 {
				t.Fatalf("%q: bad finding %#v", s, x)
			}
		}
		if again := check(); !reflect.DeepEqual(fs, again) {
			t.Fatalf("%q: not deterministic: %v then %v", s, fs, again)
		}
	})
}

// TestRFC1630Adversarial runs Check(u, locator.RFC1630) on 1 MB runs of each adversarial shape
// (and "+", "#", "%00", "<") in each part of a URL of every scheme the URI draft describes, and
// of an experimental and an unknown one, and Inspect on those of two schemes without a view:
// each Check may allocate at most 4 bytes per input byte (Inspect, whose Security and views
// hold values per segment, the 512 of TestAdversarialInputs), and give at most
// locator.MaxFindings findings and the count of the rest.
func TestRFC1630Adversarial(t *testing.T) {
	size := 1 << 20
	if testing.Short() {
		size = 32 << 10
	}
	shapes := map[string]string{"plus": "+", "hash": "#", "pct00": "%00", "lt": "<"}
	for k, v := range adversarialShapes {
		shapes[k] = v
	}
	worst, worstWhat := 0.0, ""
	for _, sc := range []string{"http", "ftp", "gopher", "nntp", "prospero", "telnet", "wais", "news", "mailto", "mid", "cid", "urn", "x500", "x-y", "magic"} {
		for shape, unit := range shapes {
			run := strings.Repeat(unit, size/len(unit))
			for _, part := range []string{"host", "user", "path", "query", "fragment", "opaque"} {
				in := adversarialURL(sc, part, run)
				u, err := locator.Parse(in)
				if err != nil {
					continue
				}
				calls := map[string]func() []locator.Finding{
					"Check": func() []locator.Finding { return scheme.Check(u, locator.RFC1630) },
				}
				if sc == "magic" || sc == "mailto" {
					calls["Inspect"] = func() []locator.Finding { return scheme.Inspect(in, locator.RFC1630).Findings }
				}
				for name, fn := range calls {
					what := name + " " + sc + " " + part + " " + shape
					var fs []locator.Finding
					n, _ := allocBytes(func() { fs = fn() })
					limit := 4
					if name == "Inspect" {
						limit = 512
					} else if r := float64(n) / float64(len(in)); r > worst {
						worst, worstWhat = r, what
					}
					if n > uint64(limit*len(in)) {
						t.Errorf("%s: %d bytes allocated for %d bytes of input", what, n, len(in))
					}
					if len(fs) > locator.MaxFindings+1 {
						t.Errorf("%s: %d findings", what, len(fs))
					}
					for _, f := range fs {
						if f.Offset < 0 || f.Offset > len(in) || len(f.Message) > 400 {
							t.Errorf("%s: finding %v", what, f)
							break
						}
					}
				}
			}
		}
	}
	t.Logf("runs of %d bytes: Check allocates at most %.3f bytes per input byte (%s)", size, worst, worstWhat)
}
