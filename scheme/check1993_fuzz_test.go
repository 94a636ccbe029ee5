package scheme_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/allocs"
	"github.com/locator-url/locator/scheme"
)

// FuzzDraft1993Check checks the 1993 URL draft's checker on any input: no panic, at most
// locator.MaxFindings findings and one that counts the rest, every offset within the input,
// short messages, every rule citing the draft (but the count's), and the same findings on a
// second run. It is seeded with the draft's examples and the grammar rows.
func FuzzDraft1993Check(f *testing.F) {
	for _, r := range draft1993Examples {
		f.Add(r.url)
	}
	for _, r := range draft1993Grammar {
		f.Add(r.url)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := locator.ParseAs(s, locator.URLDraft1993)
		if err != nil {
			return
		}
		got := scheme.Check(u, locator.URLDraft1993)
		checkDraft1993Findings(t, s, got)
		if again := scheme.Check(u, locator.URLDraft1993); !reflect.DeepEqual(got, again) {
			t.Fatalf("%q: two runs differ:\n%v\n%v", s, got, again)
		}
	})
}

// checkDraft1993Findings checks the bounds every list of findings of the 1993 checker keeps.
func checkDraft1993Findings(t *testing.T, s string, f []locator.Finding) {
	t.Helper()
	if len(f) > locator.MaxFindings+1 {
		t.Fatalf("%d findings, more than %d and the count", len(f), locator.MaxFindings)
	}
	for i, x := range f {
		if x.Offset < 0 || x.Offset > len(s) {
			t.Fatalf("finding %v: offset outside the input of %d bytes", x, len(s))
		}
		if len(x.Message) > 400 || x.Message == "" {
			t.Fatalf("finding %v: message of %d bytes", x, len(x.Message))
		}
		if i > 0 && x.Offset < f[i-1].Offset {
			t.Fatalf("findings out of offset order: %v", f)
		}
		if x.Code == locator.CodeTooManyFindings {
			if i != len(f)-1 {
				t.Fatalf("the count is not last: %v", f)
			}
			continue
		}
		if !strings.HasPrefix(x.Rule, "1993 URL draft") {
			t.Fatalf("finding %v does not cite the 1993 URL draft", x)
		}
	}
}

// TestDraft1993Adversarial checks the 1993 URL draft's checker on 1 MB runs of the characters
// its productions split at or report, in each part of a URL of each of its schemes, with a
// bound on the memory Check allocates: a constant for its findings (at most
// locator.MaxFindings are built) and the bitmap of syntax.Sink, a bit per byte of the
// character findings it counts, grown by appending (under a byte per byte in all), so that a
// quadratic or per-finding allocation fails; and a time bound no linear run comes near.
func TestDraft1993Adversarial(t *testing.T) {
	size := 1 << 20
	if testing.Short() {
		size = 64 << 10
	}
	runs := map[string]string{"dots": ".", "percent": "%", "percent-2": "%2", "nul": "%00", "colons": ":", "ats": "@",
		"questions": "?", "slashes": "/", "equals": "=", "digits": "7", "pluses": "+", "hashes": "#", "spaces": " ",
		"brackets": "[", "tildes": "~", "invalid-utf8": "\xff", "letters": "a", "dot-digit": ".1"}
	forms := []string{
		"http://%s/p", "http://h/%s", "http://h?%s", "http://%s@h/", "http://h:%s/",
		"ftp://%s/p", "ftp://h/%s", "ftp://%s@h/x",
		"afs://%s/p", "afs://c/%s",
		"news:%s", "news:a%s", "news:%s@h",
		"wais://h/%s", "wais://h/db?%s", "wais://h/db/%s", "wais://h/db/T/%s", "wais://h/db/T/1/%s",
		"prospero://h/%s", "prospero://h/a%%00%s", "prospero://h/a%%001%%00%s",
		"telnet://%s", "telnet://%s@h", "rlogin://h%s",
		"gopher://h/%s", "gopher://h/1%s", "gopher://h?%s",
		"x-a:%s", "x-a://%s/p", "%s:x", "a%s", "//%s", "http://h/p#%s",
	}
	const maxTime = 10 * time.Second
	for name, run := range runs {
		body := strings.Repeat(run, size/len(run))
		for _, form := range forms {
			s := strings.Replace(strings.ReplaceAll(form, "%%", "\x00"), "%s", body, 1)
			s = strings.ReplaceAll(s, "\x00", "%")
			u, err := locator.ParseAs(s, locator.URLDraft1993)
			if err != nil {
				continue // locator.Parse rejects it (a bad escape, a bad port)
			}
			var f []locator.Finding
			alloc, d := allocBytes(func() { f = scheme.Check(u, locator.URLDraft1993) })
			checkDraft1993Findings(t, s, f)
			if limit := uint64(len(s) + 256<<10); alloc > limit {
				t.Errorf("%s in %q: Check allocated %d bytes for %d bytes of input (limit %d)", name, form, alloc, len(s), limit)
			}
			if d > maxTime {
				t.Errorf("%s in %q: Check took %v", name, form, d)
			}
		}
	}
}

// TestDraft1993NoAllocs checks that a valid URL of each of the 1993 draft's productions is
// checked without allocating.
func TestDraft1993NoAllocs(t *testing.T) {
	for _, s := range []string{
		"http://info.cern.ch?search", "http://info.cern.ch:80/a/b+c?d+e#f",
		"ftp://nnsf.net/rfc/rfc977.txt", "afs://cern.ch/user/t/tbl", "news:comp.infosystems.www",
		"news:123@info.cern.ch", "wais://quake.think.com/wais-discussion-archives?lynch",
		"wais://h/db/TEXT/1234/path", "prospero://h/a%001%00abc", "telnet://info.cern.ch",
		"gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher", "x-a:b/c?d",
	} {
		u := locator.MustParse(s)
		if f := scheme.Check(u, locator.URLDraft1993); len(f) != 0 {
			t.Errorf("%q: findings %v", s, f)
			continue
		}
		if n := allocs.Count(0, 20, func() { scheme.Check(u, locator.URLDraft1993) }); n != 0 {
			t.Errorf("%q: %v allocations per Check", s, n)
		}
	}
}
