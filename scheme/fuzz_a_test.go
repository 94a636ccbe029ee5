package scheme_test

import (
	"reflect"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// fuzzView checks, for any scheme-specific part s of scheme name: Check never panics and
// reports at most locator.MaxFindings+1 findings with offsets inside the URL, under
// locator.RFC1738 and locator.URLDraft1994; a parse error is a *locator.Error with its offset inside the
// URL; a view that parses gives a URL whose view is the same (view → URL → view) and whose
// URL is the same again; the plan of the URL and of the view agree.
func fuzzView[V scheme.View](f *testing.F, name string, seeds []string, parse func(locator.URL) (V, error)) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := locator.Parse(name + ":" + s)
		if err != nil {
			return
		}
		// RFC 1738 alone and the 1994 URL draft: no panic, offsets in range, findings
		// bounded (locator.MaxFindings and the count of the rest).
		for _, spec := range []locator.Spec{locator.RFC1738, locator.URLDraft1994} {
			fs := scheme.Check(u, spec)
			if len(fs) > locator.MaxFindings+1 {
				t.Fatalf("Check(%q, %s): %d findings", u, spec, len(fs))
			}
			for _, fd := range fs {
				if fd.Offset < 0 || fd.Offset > u.Len() {
					t.Fatalf("Check(%q, %s): offset %d out of range: %v", u, spec, fd.Offset, fd)
				}
			}
		}
		v, err := parse(u)
		if err != nil {
			if c, off := errCode(err); c == "" || off < 0 || off > u.Len() {
				t.Fatalf("parse(%q): %v", u, err)
			}
			return
		}
		u2, err := v.URL()
		if err != nil {
			t.Fatalf("%q: view %+v: URL: %v", u, v, err)
		}
		v2, err := parse(u2)
		if err != nil {
			t.Fatalf("%q → %q: %v", u, u2, err)
		}
		if !reflect.DeepEqual(v, v2) {
			t.Fatalf("%q → %q: view\n%+v\n≠\n%+v", u, u2, v, v2)
		}
		if u3, err := v2.URL(); err != nil || u3 != u2 {
			t.Fatalf("%q → %q → %q, %v", u, u2, u3, err)
		}
		p1, err1 := scheme.PlanFor(u)
		p2, err2 := scheme.PlanFor(u2)
		if c, _ := errCode(err1); name == "file" && c == scheme.CodeBadPathChar && err2 == nil {
			// The file view decodes "%2F" to the "/" it writes (File's doc); the plan of the
			// URL refuses the escape, data in a name no local name can hold (RFC 8089 §5).
		} else if (err1 == nil) != (err2 == nil) || (err1 == nil && !reflect.DeepEqual(p1, p2)) {
			t.Fatalf("%q, %q: plans differ: %+v %v / %+v %v", u, u2, p1, err1, p2, err2)
		}
		if c, off := errCode(err1); err1 != nil && (c == "" || off < 0 || off > u.Len()) {
			t.Fatalf("PlanFor(%q): %v", u, err1)
		}
	})
}

func FuzzFTPView(f *testing.F) {
	fuzzView(f, "ftp", []string{"//@host.com/", "//foo:@host.com/", "//myname@host.dom/%2Fetc/motd",
		"//myname@host.dom//etc/motd", "//info.cern.ch/pub/www/doc;type=d", "//h/a?b/c;type=I#f", "//h/a%0D%0Ax",
		"//[::1]:21/x;type=a", "//h:/", "//u:p@h/a;b;type=x"}, scheme.ParseFTP)
}

func FuzzHTTPView(f *testing.F) {
	fuzzView(f, "http", []string{"//ds.internic.net/instructions/overview.html#WARNING", "//h", "//h?q", "//u:p@h:8080/a b?c#d",
		"//h/%zz", "//h/a/b;c?d=e&f"}, scheme.ParseHTTP)
}

func FuzzFileView(f *testing.F) {
	fuzzView(f, "file", []string{"//vms.host.edu/disk$user/my/notes/note12345.txt", "///etc/motd", "/etc/motd", "//localhost/a%2Fb",
		"//h", "x", "///a?b#c", "//h:1/x"}, scheme.ParseFile)
}

func FuzzTelnetView(f *testing.F) {
	fuzzView(f, "telnet", []string{"//u:p@h:23/", "//h", "//a%0Db@h", "//h/x", "//:p@h/"}, scheme.ParseTelnet)
}

func FuzzWAISView(f *testing.F) {
	fuzzView(f, "wais", []string{"//quake.think.com/directory-of-servers", "//h/db?a+b", "//h/db/TEXT/12%2F3", "//h/db/t",
		"//h/db/t/p?q", "//h", "//u@h/x"}, scheme.ParseWAIS)
}

func FuzzProsperoView(f *testing.F) {
	fuzzView(f, "prospero", []string{"//host.dom//pros/name;OBJECT-VERSION=3", "//h/obj%001%00ATTR%00B2", "//h/o%00%00A",
		"//h/a;b", "//h/a%2500", "//h/a?b;f=v?w"}, scheme.ParseProspero)
}

func FuzzAFSView(f *testing.F) {
	fuzzView(f, "afs", []string{"//cern.ch/user/t/tbl", "//cern.ch", "//u@c/x", "//c:1/x", "///x", "//c/a%00"}, scheme.ParseAFS)
}
