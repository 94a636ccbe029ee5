package scheme_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/allocs"
	"github.com/locator-url/locator/scheme"
)

// ruled is a finding expected in a report with the start of its rule, so that a row says
// which document a finding cites.
type ruled struct {
	off  int
	code locator.Code
	sev  locator.Severity
	rule string // a prefix of the finding's rule
}

// Under the 1993 URL draft and the URI draft (RFC 1630), Inspect reports what the document
// says: no failure of an RFC 1738 typed view, no encoded-nul note on prospero's "%00"
// separator, and the document's own finding where locator.Parse fails. Each URL is also run
// under the specs where the other behaviour holds (the boundary).
func TestInspectDocuments(t *testing.T) {
	const (
		d93  = locator.URLDraft1993
		d94  = locator.URLDraft1994
		uri  = locator.RFC1630
		r38  = locator.RFC1738
		r86  = locator.RFC3986
		nul  = scheme.CodeEncodedNUL
		miss = scheme.CodeMissingSlash
	)
	for _, tt := range []struct {
		in     string
		spec   locator.Spec
		parsed bool
		valid  bool
		want   []ruled
	}{
		// An nntp URL without a group: the RFC 1738 view's §5 nntpurl is no finding of the 1993
		// draft (which has no nntp scheme) nor of the URI draft (which gives its own warning);
		// it stays an error under RFC 1738 and a warning under RFC 3986.
		{"nntp://h", d93, true, true, []ruled{{0, scheme.CodeUnknownScheme, warnSev, "1993 URL draft"}}},
		{"nntp://h", uri, true, true, []ruled{{8, scheme.CodeNNTPArticle, warnSev, "URI draft, NNTP"}}},
		{"nntp://h", r38, true, false, []ruled{{8, miss, errSev, "RFC 1738 §5"}}},
		{"nntp://h", r86, true, true, []ruled{{8, miss, warnSev, "RFC 1738 §5"}}},
		{"nntp://h", d94, true, false, []ruled{{8, miss, errSev, "1994 URL draft"}}},
		// The 1993 draft's gopheraddress allows a search after the host; so does the URI
		// draft's generic syntax. RFC 1738 §5 and the 1994 draft want a "/".
		{"gopher://h?search", d93, true, true, nil},
		{"gopher://h?search", uri, true, true, nil},
		{"GOPHER://h?search", uri, true, true, nil},
		{"gopher://h?search", r38, true, false, []ruled{{10, miss, errSev, "RFC 1738 §5"}}},
		{"gopher://h?search", d94, true, false, []ruled{{10, miss, errSev, "1994 URL draft"}}},
		{"gopher://h?search", r86, true, true, []ruled{{10, miss, warnSev, "RFC 1738 §3.1"}}},
		// A "/" with no gtype: both drafts' gopheraddress is hostport [ "/" gtype [ ... ] ],
		// the gtype not optional after the "/" (the 1994 draft: "gopher://host [port]/T...");
		// RFC 1738 §5 gopherurl has [ "/" [ gtype ... ] ].
		{"gopher://h/", d94, true, false, []ruled{{10, scheme.CodeGopherType, errSev, "1994 URL draft, BNF gopheraddress"}}},
		{"gopher://h/#f", d94, true, false, []ruled{{10, scheme.CodeGopherType, errSev, "1994 URL draft, BNF gopheraddress"}}},
		{"gopher://h/", d93, true, false, []ruled{{10, scheme.CodeDraft1993Production, errSev, "1993 URL draft, BNF: gopheraddress"}}},
		{"gopher://h/", r38, true, true, nil},
		{"gopher://h", d94, true, true, nil},
		{"gopher://h/1", d94, true, true, nil},
		// Prospero's "%00" before the version: the drafts' separator, no note; RFC 1738 and
		// RFC 3986 keep the note. A "%00" outside the path (the fragment) keeps it everywhere.
		{"prospero://h/x%001", d93, true, true, nil},
		{"prospero://h/x%001", d94, true, true, nil},
		{"prospero://h/x%001", uri, true, true, nil},
		{"PROSPERO://h/x%001", uri, true, true, nil},
		{"prospero://h/x%001", r38, true, true, []ruled{{14, nul, warnSev, "RFC 1738 §6"}}},
		{"prospero://h/x%001", r86, true, true, []ruled{{14, nul, warnSev, "RFC 1738 §6"}}},
		{"prospero://h/x%001#%00", uri, true, true, []ruled{{19, nul, warnSev, "RFC 1738 §6"}}},
		{"prospero://h/x%00%00a", d93, true, true, nil},
		{"prospero://h/x%00%00a", uri, true, false, []ruled{{17, scheme.CodeProsperoVersion, errSev, "URI draft, Prospero"}}},
		// A "%00" in another scheme's path is a NUL under every document.
		{"http://h/x%00", d93, true, true, []ruled{{10, nul, warnSev, "RFC 1738 §6"}}},
		{"http://h/x%00", uri, true, true, []ruled{{10, nul, warnSev, "RFC 1738 §6"}}},
		// A URL Parse rejects: the document's own finding (the URI draft's Example 3).
		{"http://h/%*", uri, false, false, []ruled{{9, locator.CodeBadEscape, errSev, "URI draft"}}},
		{"http://h/%as", uri, false, false, []ruled{{9, locator.CodeBadEscape, errSev, "URI draft"}}},
		{"http://h/%*", d93, false, false, []ruled{{9, locator.CodeBadEscape, errSev, "1993 URL draft"}}},
		{"http://h/%AS", d93, false, false, []ruled{{9, locator.CodeBadEscape, errSev, "1993 URL draft"}}},
		{"http://h/%*", d94, false, false, []ruled{{9, locator.CodeBadEscape, errSev, "1994 URL draft, BNF escape"}}},
		{"http://h/%*", r38, false, false, []ruled{{9, locator.CodeBadEscape, errSev, "RFC 1738 §2.2"}}},
		{"http://h/%*", r86, false, false, []ruled{{9, locator.CodeBadEscape, errSev, "RFC 3986 §2.1 pct-encoded"}}},
		// Every finding of the document, with offsets into the input.
		{"http://h/a%zz b", uri, false, false, []ruled{
			{10, locator.CodeBadEscape, errSev, "URI draft"}, {13, locator.CodeUnsafeChar, warnSev, "URI draft"}}},
		{"http://h:/%", uri, false, false, []ruled{
			{9, locator.CodeBadPort, errSev, "URI draft"}, {10, locator.CodeBadEscape, errSev, "URI draft"}}},
		// The document finds no error where Parse fails: Parse's error stays, so that the
		// report says why it is invalid (the URI draft reads the port after the last ":").
		{"http://a:+:111", uri, false, false, []ruled{{9, locator.CodeBadPort, errSev, "RFC 1738 §3.1"}}},
		{"http://a:+:111", d93, false, false, []ruled{{9, scheme.CodeDraft1993Production, errSev, "1993 URL draft"}}},
		// A port of any size is digits to the drafts (the RFC 1738 view's range is not theirs);
		// RFC 1738 §6's note on a port other than the default stays, a warning.
		{"http://h:99999/", uri, true, true, []ruled{{9, scheme.CodePortNotDefault, warnSev, "RFC 1738 §6"}}},
		{"http://h:99999/", d93, true, true, []ruled{{9, scheme.CodePortNotDefault, warnSev, "RFC 1738 §6"}}},
	} {
		r := scheme.Inspect(tt.in, tt.spec)
		if r.Parsed != tt.parsed || r.Valid() != tt.valid {
			t.Errorf("Inspect(%q, %v): parsed %v valid %v; want %v %v", tt.in, tt.spec, r.Parsed, r.Valid(), tt.parsed, tt.valid)
		}
		var got []ruled
		for _, f := range r.Findings {
			x := ruled{f.Offset, f.Code, f.Severity, f.Rule}
			for _, w := range tt.want {
				if w.off == f.Offset && w.code == f.Code && strings.HasPrefix(f.Rule, w.rule) {
					x.rule = w.rule
				}
			}
			got = append(got, x)
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("Inspect(%q, %v) findings:\n got %v\nwant %v", tt.in, tt.spec, r.Findings, tt.want)
		}
	}
}

// Under the drafts, a failing Parse leaves at most locator.MaxFindings of the document's
// findings, in offset order, the rest counted, in time linear in the input.
func TestInspectDocumentsUnparsedCap(t *testing.T) {
	for _, spec := range []locator.Spec{locator.URLDraft1993, locator.RFC1630} {
		for _, n := range []int{99, 100, 101, 1 << 20 / 2} {
			in := "http://h/" + strings.Repeat("%*", n)
			r := scheme.Inspect(in, spec)
			wantKept := min(n, locator.MaxFindings)
			if r.Parsed || r.Valid() || len(r.Findings) != wantKept || r.Omitted != n-wantKept || r.OmittedErrors != n-wantKept {
				t.Errorf("%v, %d bad escapes: parsed %v valid %v, %d findings, omitted %d (%d errors)",
					spec, n, r.Parsed, r.Valid(), len(r.Findings), r.Omitted, r.OmittedErrors)
			}
			for i, f := range r.Findings {
				if f.Offset != 9+2*i || f.Code != locator.CodeBadEscape {
					t.Fatalf("%v: finding %d = %v", spec, i, f)
				}
			}
		}
	}
}

// SpecScheme: the ialpha scheme each document reads where locator.URL holds none; "" under
// RFC 1738 and RFC 3986, for a URL with a scheme, and for a name that is not ialpha.
func TestSpecScheme(t *testing.T) {
	const (
		d93 = locator.URLDraft1993
		d94 = locator.URLDraft1994
		uri = locator.RFC1630
	)
	for _, tt := range []struct {
		in   string
		spec locator.Spec
		want string
	}{
		{"a_b:x", d93, "a_b"}, {"a_b:x", d94, "a_b"}, {"a_b:x", uri, "a_b"},
		{"A_B:x", d93, "A_B"}, {"A_B:x", d94, "A_B"}, {"A_B:x", uri, "A_B"},
		{"a_b:x", locator.RFC1738, ""}, {"a_b:x", locator.RFC3986, ""},
		{"A$B:x", d93, "A$B"}, {"x.y_z:w", uri, "x.y_z"},
		// a scheme RFC 3986 reads too: the same name, nothing to add
		{"http://h/", d93, ""}, {"http://h/", uri, ""}, {"http://h/", d94, ""},
		// not ialpha: a digit first, "+" (not in xalpha), a "/" before the ":" (a partial form)
		{"1ab:x", d93, ""}, {"1ab:x", uri, ""}, {"1ab:x", d94, ""},
		{"_ab:x", uri, ""}, {"a/b:x", d93, ""}, {"a/b:x", uri, ""},
		// a space is extra in the URI draft's BNF, not in the 1993 draft (its prose rules it out)
		{"a b:x", uri, "a b"}, {"a b:x", d93, ""},
		// no ":" at all
		{"a_b", d93, ""}, {"a_b", uri, ""}, {"a_b", d94, ""},
	} {
		u, err := locator.ParseAs(tt.in, tt.spec)
		if err != nil {
			t.Errorf("ParseAs(%q, %v): %v", tt.in, tt.spec, err)
			continue
		}
		if got := scheme.SpecScheme(u, tt.spec); got != tt.want {
			t.Errorf("SpecScheme(%q, %v) = %q; want %q", tt.in, tt.spec, got, tt.want)
		}
		if r := scheme.Inspect(tt.in, tt.spec); r.SpecScheme != tt.want {
			t.Errorf("Inspect(%q, %v).SpecScheme = %q; want %q", tt.in, tt.spec, r.SpecScheme, tt.want)
		}
	}
}

// 1 MB adversarial inputs under the drafts, parsed or not: the document's checker on the text,
// SpecScheme and the cap keep the allocations bounded (the findings past 100 are counted
// without being built).
func TestInspectDocumentsAdversarial(t *testing.T) {
	const mb = 1 << 20
	for _, in := range []string{
		"http://h/" + strings.Repeat("%*", mb/2), "http://h/" + strings.Repeat("%", mb),
		"http://h/" + strings.Repeat("\x01", mb), "http://h/" + strings.Repeat(" ", mb) + "%",
		strings.Repeat("a", mb) + ":x", "a_b:" + strings.Repeat("[", mb), strings.Repeat(":", mb),
		strings.Repeat("@", mb) + "%",
		// (Not "prospero://h/" and "%00" repeated: ParseView's prospero view allocates per
		// "%00", under every spec; a matter of the view, not of Inspect.)
	} {
		for _, spec := range []locator.Spec{locator.URLDraft1993, locator.RFC1630} {
			var r scheme.Report
			if n := allocs.Count(300, 1, func() { r = scheme.Inspect(in, spec) }); n > 300 {
				t.Errorf("Inspect(%.12q… %d bytes, %v): %v allocations", in, len(in), spec, n)
			}
			if len(r.Findings) > locator.MaxFindings {
				t.Errorf("Inspect(%.12q…, %v): %d findings", in, spec, len(r.Findings))
			}
		}
	}
}
