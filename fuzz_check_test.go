package locator

import (
	"reflect"
	"testing"
)

// fuzzSeeds are URLs that reach Security's branches (and the strict checkers', whose fuzz
// targets are in internal/syntax).
var fuzzSeeds = []string{
	"", "ftp://user:pass@host.com:21/pub/a;type=d", "http://[::1]:80/a?b#c", "HTTP://a..b-.3com.:/",
	"gopher://h:25/1a%09b%09c%09d", "http://www.bank.com@0177.0.0.1/%0D%0A", "1x:a b~#c#d",
	"//[v1.x]/", "a:b/c", "./g:h", "http://[fe80::1%25en0]/", "http://h\u00e9/caf\u00e9",
	"mailto:a@b", "news:a%00b", "http://1.2.3.4.5/", "http://256.1.1.1:99999/",
	"http://[1:2:3:4:5:6:1.2.3.4]/", "http://[::ffff:1.2.3]/", "ftp://a@b@c/", "http://u:p:q@h/",
}

// checkInvariants checks what every checker promises: offsets within the URL, in order,
// with a code, a rule and a message, and the same findings on a second run.
func checkInvariants(t *testing.T, name, s string, check func() []Finding) {
	t.Helper()
	fs := check()
	for i, f := range fs {
		if f.Offset < 0 || f.Offset > len(s) {
			t.Fatalf("%s(%q): offset %d outside [0, %d]: %v", name, s, f.Offset, len(s), f)
		}
		if i > 0 && fs[i-1].Offset > f.Offset {
			t.Fatalf("%s(%q): findings out of order:%s", name, s, fmtFindings(fs))
		}
		if f.Code == "" || f.Rule == "" || f.Message == "" {
			t.Fatalf("%s(%q): incomplete finding %#v", name, s, f)
		}
	}
	if again := check(); !reflect.DeepEqual(fs, again) {
		t.Fatalf("%s(%q): not deterministic:%s\nthen:%s", name, s, fmtFindings(fs), fmtFindings(again))
	}
}

func FuzzSecurity(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		checkInvariants(t, "Security", s, func() []Finding { return Security(u) })
		for _, f := range Security(u) {
			if f.Severity != SeverityWarning {
				t.Fatalf("Security(%q): %v is not a warning", s, f)
			}
		}
	})
}
