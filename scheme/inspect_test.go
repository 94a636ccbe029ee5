package scheme_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// finding is a finding expected in a report: offset, code and severity.
type finding struct {
	off  int
	code locator.Code
	sev  locator.Severity
}

const (
	errSev  = locator.SeverityError
	warnSev = locator.SeverityWarning
)

// x-inspect is a scheme whose view fails on "bad" and that has no checker of its own.
func init() {
	err := scheme.Register(scheme.Scheme{
		SchemeInfo: locator.SchemeInfo{Name: "x-inspect"},
		View: func(u locator.URL) (scheme.View, error) {
			if u.Path() == "bad" {
				return nil, &locator.Error{Input: u.String(), Offset: 10, Code: "x-inspect-bad", Rule: "test", Message: "bad"}
			}
			return demoView{Key: u.Path()}, nil
		},
	})
	if err != nil {
		panic(err)
	}
}

func TestInspect(t *testing.T) {
	for _, tt := range []struct {
		in     string
		spec   locator.Spec
		parsed bool
		view   bool
		valid  bool
		want   []finding
	}{
		// A failure of Parse is the only finding.
		{"%zz", locator.RFC1738, false, false, false, []finding{{0, locator.CodeBadEscape, errSev}}},
		{"%zz", locator.RFC3986, false, false, false, []finding{{0, locator.CodeBadEscape, errSev}}},
		{"http://h/", locator.RFC1738, true, true, true, nil},
		{"http://h/", locator.RFC3986, true, true, true, nil},
		// The view's failure: an error under RFC 1738 when the checker found none, a warning
		// under RFC 3986 (x-inspect's view fails on "bad"; see init).
		{"x-inspect:bad", locator.RFC1738, true, false, false, []finding{{10, "x-inspect-bad", errSev}}},
		{"x-inspect:bad", locator.RFC3986, true, false, true, []finding{{10, "x-inspect-bad", warnSev}}},
		{"x-inspect:good", locator.RFC1738, true, true, true, nil},
		// Nothing of the view when the checker found an error already (RFC 1738 §3.4.1)...
		{"gopher://h/1%0A", locator.RFC1738, true, false, false, []finding{
			{12, scheme.CodeLineBreak, errSev}, {12, scheme.CodeEncodedLineBreak, warnSev}}},
		{"news:", locator.RFC1738, true, false, false, []finding{{5, scheme.CodeNewsGroup, errSev}}},
		// ... but under RFC 3986, whose generic syntax they satisfy, the view's warning.
		{"gopher://h/1%0A", locator.RFC3986, true, false, true, []finding{
			{12, scheme.CodeLineBreak, warnSev}, {12, scheme.CodeEncodedLineBreak, warnSev}}},
		{"news:", locator.RFC3986, true, false, true, []finding{{5, locator.CodeEmpty, warnSev}}},
		// A scheme without a view (a reserved name, an experimental one) is not a problem.
		{"nfs://h/x", locator.RFC1738, true, false, true, []finding{{0, scheme.CodeReservedScheme, warnSev}}},
		{"nfs://h/x", locator.RFC3986, true, false, true, nil},
		{"x-foo:bar", locator.RFC1738, true, false, true, nil},
		// Security's findings are warnings, after the checker's at one offset.
		{"http://h:99999/", locator.RFC1738, true, true, true, []finding{
			{9, locator.CodePortRange, warnSev}, {9, scheme.CodePortNotDefault, warnSev}}},
		// Under RFC 3986, a port other than the default above 1023 is no hazard (§7.2 names the
		// well-known ports only), and a well-known one is cited by §7.2.
		{"http://h:99999/", locator.RFC3986, true, true, true, nil},
		{"http://h:25/", locator.RFC3986, true, true, true, []finding{{9, scheme.CodePortReserved, warnSev}}},
		{"ftp://u:p@h:21/a;type=q", locator.RFC1738, true, true, false, []finding{
			{8, scheme.CodePassword, warnSev}, {22, scheme.CodeFTPTypecode, errSev}}},
		// The checker and Security say the same thing of a space: once by message (RFC 1738);
		// under RFC 3986 the checker's finding alone (Security's RFC 1738 §2.2 note is left out).
		{"http://h/a b", locator.RFC1738, true, true, false, []finding{{10, locator.CodeUnsafeChar, errSev}}},
		{"http://h/a b", locator.RFC3986, true, true, false, []finding{{10, locator.CodeDisallowedChar, errSev}}},
		// No strict checker: the view's failure is a warning.
		{"news:", locator.WHATWG, true, false, false, []finding{
			{0, scheme.CodeNoChecker, errSev}, {5, locator.CodeEmpty, warnSev}}},
	} {
		r := scheme.Inspect(tt.in, tt.spec)
		if r.Input != tt.in || r.Spec != tt.spec || r.Parsed != tt.parsed || (r.View != nil) != tt.view ||
			r.Valid() != tt.valid || r.Omitted != 0 || r.OmittedErrors != 0 {
			t.Errorf("Inspect(%q, %v) = input %q spec %v parsed %v view %v valid %v omitted %d/%d; want parsed %v view %v valid %v",
				tt.in, tt.spec, r.Input, r.Spec, r.Parsed, r.View != nil, r.Valid(), r.Omitted, r.OmittedErrors,
				tt.parsed, tt.view, tt.valid)
		}
		if r.Parsed && r.URL.String() != tt.in || !r.Parsed && !r.URL.IsZero() {
			t.Errorf("Inspect(%q, %v).URL = %q", tt.in, tt.spec, r.URL)
		}
		var got []finding
		for _, f := range r.Findings {
			got = append(got, finding{f.Offset, f.Code, f.Severity})
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("Inspect(%q, %v) findings:\n got %v\nwant %v", tt.in, tt.spec, r.Findings, tt.want)
		}
	}
}

// The view of a valid URL is the one ParseView gives.
func TestInspectView(t *testing.T) {
	r := scheme.Inspect("ftp://h/pub/f;type=a", locator.RFC1738)
	f, ok := r.View.(scheme.FTP)
	if !ok || f.Name != "f" || f.Type != "a" {
		t.Errorf("View = %#v", r.View)
	}
}

// At most 100 findings, the first by offset; Omitted counts the others, OmittedErrors the
// errors among them, and an omitted error makes the report invalid.
func TestInspectCap(t *testing.T) {
	for _, tt := range []struct {
		in                     string
		spec                   locator.Spec
		n, omitted, omittedErr int
		valid                  bool
	}{
		{"http://h/" + strings.Repeat(" ", 99), locator.RFC1738, 99, 0, 0, false},
		{"http://h/" + strings.Repeat(" ", 100), locator.RFC1738, 100, 0, 0, false},
		{"http://h/" + strings.Repeat(" ", 101), locator.RFC1738, 100, 1, 1, false},
		{"http://h/" + strings.Repeat(" ", 150), locator.RFC3986, 100, 50, 50, false},
		// 100 warnings, then an error beyond the cap: the error takes the last place, so that
		// the report shows why it is invalid, and the warning it displaces is omitted.
		{"http://h/" + strings.Repeat("%0A", 100) + " ", locator.RFC1738, 100, 1, 0, false},
		{"http://h/" + strings.Repeat("%0A", 100) + "x", locator.RFC1738, 100, 0, 0, true},
		{"http://h/" + strings.Repeat("%0A", 101), locator.RFC1738, 100, 1, 0, true},
	} {
		r := scheme.Inspect(tt.in, tt.spec)
		if len(r.Findings) != tt.n || r.Omitted != tt.omitted || r.OmittedErrors != tt.omittedErr || r.Valid() != tt.valid {
			t.Errorf("Inspect(%.20q… %d bytes, %v) = %d findings, omitted %d (%d errors), valid %v; want %d, %d (%d), %v",
				tt.in, len(tt.in), tt.spec, len(r.Findings), r.Omitted, r.OmittedErrors, r.Valid(),
				tt.n, tt.omitted, tt.omittedErr, tt.valid)
		}
		if cap(r.Findings) > 2*locator.MaxFindings+1 {
			t.Errorf("Inspect(%.20q…): Findings keeps an array of %d", tt.in, cap(r.Findings))
		}
		for i := 1; i < len(r.Findings); i++ {
			if r.Findings[i].Offset < r.Findings[i-1].Offset {
				t.Fatalf("findings out of order at %d", i)
			}
		}
	}
}

// The zero Report is not valid: nothing was parsed.
func TestReportZero(t *testing.T) {
	if (scheme.Report{}).Valid() {
		t.Error("zero Report is valid")
	}
	r := scheme.Report{Parsed: true, Findings: []locator.Finding{{Severity: warnSev}}}
	if !r.Valid() {
		t.Error("a report with a warning only is not valid")
	}
	r.OmittedErrors = 1
	if r.Valid() {
		t.Error("a report with an omitted error is valid")
	}
	r.OmittedErrors, r.Findings[0].Severity = 0, errSev
	if r.Valid() {
		t.Error("a report with an error is valid")
	}
}

func ExampleInspect() {
	r := scheme.Inspect("ftp://anonymous:secret@ftp.example:2121/a b;type=x", locator.RFC1738)
	fmt.Println(r.Parsed, r.Valid(), r.View != nil)
	for _, f := range r.Findings {
		fmt.Println(f.Offset, f.Severity, f.Code)
	}
	// Output:
	// true false true
	// 16 warning password-in-url
	// 35 warning port-not-default
	// 41 error unsafe-char
	// 49 error ftp-typecode
}

func ExampleReport_Valid() {
	for _, in := range []string{"http://example.com/", "http://example.com:8080/", "http://example.com/a b", "%zz"} {
		r := scheme.Inspect(in, locator.RFC1738)
		fmt.Println(r.Valid(), len(r.Findings))
	}
	// Output:
	// true 0
	// true 1
	// false 1
	// false 1
}

// Inspect's report holds its promises on any input: findings in offset order, none said
// twice at one offset, at most 100, Valid as the findings say, and the same report twice.
func FuzzInspect(f *testing.F) {
	for _, s := range []string{"", "%zz", "http://h/a b", "gopher://h/1%0A", "news:", "x-inspect:bad",
		"ftp://u:p@h:21/a;type=q", "http://h/" + strings.Repeat("%0A ", 60), "mailto:%1B",
		"URL:ftp://a?b@host/x y", "ftp://a:p?q@h/f", "url:gopher://h/1?x@y", "URL:URL:http://a",
		"http://h/%*", "http://h/%as", "http://a:+:111", "prospero://h/x%00%00a", "a_b:x", "gopher://h?search"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// The "URL:" prefix (RFC 1738 Appendix) changes nothing but the offsets, by its length.
		if r, pr := scheme.Inspect(s, locator.RFC1738), scheme.Inspect("URL:"+s, locator.RFC1738); r.Parsed {
			if _, own := r.URL.Prefix(); !own {
				if _, ok := pr.URL.Prefix(); ok {
					want := fmt.Sprint(r.Findings)
					for i := range r.Findings {
						r.Findings[i].Offset += 4
					}
					if fmt.Sprint(pr.Findings) != fmt.Sprint(r.Findings) || !reflect.DeepEqual(pr.View, r.View) {
						t.Fatalf("Inspect(URL:%q) = %v, %v; without the prefix %v, %v", s, pr.Findings, pr.View, want, r.View)
					}
				}
			}
		}
		for _, spec := range locator.Specs() {
			if spec == locator.WHATWG {
				continue
			}
			r := scheme.Inspect(s, spec)
			for _, x := range r.Findings {
				if x.Offset < 0 || x.Offset > len(s) {
					t.Fatalf("Inspect(%q, %v): offset %d outside the input", s, spec, x.Offset)
				}
			}
			if len(r.Findings) > 100 || r.Omitted < r.OmittedErrors || r.Omitted > 0 && len(r.Findings) != 100 {
				t.Fatalf("Inspect(%q, %v): %d findings, omitted %d/%d", s, spec, len(r.Findings), r.Omitted, r.OmittedErrors)
			}
			for i, x := range r.Findings {
				for j := i - 1; j >= 0 && r.Findings[j].Offset == x.Offset; j-- {
					if y := r.Findings[j]; y.Code == x.Code || y.Message == x.Message {
						t.Fatalf("Inspect(%q, %v): %v said twice", s, spec, x)
					}
				}
				if i > 0 && r.Findings[i-1].Offset > x.Offset {
					t.Fatalf("Inspect(%q, %v): out of order at %d", s, spec, i)
				}
			}
			if !r.Parsed && r.OmittedErrors == 0 && scheme.Valid(r.Findings) {
				t.Fatalf("Inspect(%q, %v): not parsed, but no error says why: %v", s, spec, r.Findings)
			}
			if r.Valid() != (r.Parsed && r.OmittedErrors == 0 && scheme.Valid(r.Findings)) {
				t.Fatalf("Inspect(%q, %v): Valid %v", s, spec, r.Valid())
			}
			// An invalid report always has an error to show (check's first error).
			if _, ok := r.FirstError(); ok == r.Valid() {
				t.Fatalf("Inspect(%q, %v): Valid %v, but FirstError %v", s, spec, r.Valid(), ok)
			}
			if again := scheme.Inspect(s, spec); fmt.Sprint(again.Findings) != fmt.Sprint(r.Findings) {
				t.Fatalf("Inspect(%q, %v) differs on a second run", s, spec)
			}
		}
	})
}
