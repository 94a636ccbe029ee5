package main

import (
	"strings"
	"testing"
)

// TestEqualSchemeLevelSteps: equal --explain and equal --format name each scheme-level step
// (RFC 1738 §3.10, §3.4.1, §5 ftptype; the 1994 URL draft, FTP) after which A and B are equal,
// and keep the near misses apart, with exit status 1.
func TestEqualSchemeLevelSteps(t *testing.T) {
	for _, tt := range []struct {
		a, b, step string
	}{
		{"file://localhost/etc/motd", "file:///etc/motd", "remove-localhost"},
		{"file://LOCALHOST/x", "file:///x", "remove-localhost"},
		{"gopher://h/", "gopher://h/1", "remove-default-path"},
		{"gopher://h", "gopher://h/1", "remove-default-path"},
		{"ftp://h/a;type=I", "ftp://h/a;type=i", "lower-typecode"},
		{"ftp://h/a/;type=d", "ftp://h/a/", "remove-directory-typecode"},
		{"ftp://h/a/;type=D", "ftp://h/a/", "remove-directory-typecode"},
		{"file://localhost2/x", "file:///x", ""},
		{"gopher://h/0", "gopher://h/", ""},
		{"ftp://h/a;type=I", "ftp://h/a;type=a", ""},
		{"ftp://h/a;type=d", "ftp://h/a/", ""},
	} {
		out, _, code := runLocator(t, "", "equal", "--explain", tt.a, tt.b)
		if tt.step == "" {
			if code != 1 || !strings.HasSuffix(out, "not equivalent\n") {
				t.Errorf("equal --explain %q %q: exit %d\n%s", tt.a, tt.b, code, out)
			}
		} else if code != 0 || !strings.Contains(out, "\nequal after "+tt.step+"\nequivalent\n") {
			t.Errorf("equal --explain %q %q: exit %d, want equal after %s\n%s", tt.a, tt.b, code, tt.step, out)
		}
		out, _, _ = runLocator(t, "", "equal", "--format", "{equal} {step}", tt.a, tt.b)
		want := "true " + tt.step + "\n"
		if tt.step == "" {
			want = "false \n"
		}
		if out != want {
			t.Errorf("equal --format %q %q = %q, want %q", tt.a, tt.b, out, want)
		}
	}
}

// TestNormalizeHelpSchemeLevel: normalize --help and equal --help list the scheme-level steps.
func TestNormalizeHelpSchemeLevel(t *testing.T) {
	for _, cmd := range []string{"normalize", "equal"} {
		out, _, _ := runLocator(t, "", cmd, "--help")
		for _, name := range []string{"remove-localhost", "remove-default-path", "lower-typecode", "remove-directory-typecode"} {
			if !strings.Contains(out, name) {
				t.Errorf("%s --help does not name %s", cmd, name)
			}
		}
	}
}
