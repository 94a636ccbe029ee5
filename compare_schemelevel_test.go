package locator

import (
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/allocs"
)

// schemeLevelRows are the scheme-level equivalences of issue 9 and their near misses, each
// citing the document and section that decides it. step is the scheme-level step without
// which Canonical would not make a and b equal (0 when the row needs none of them, or is a
// near miss).
var schemeLevelRows = []struct {
	a, b string
	want bool
	step NormalizeFlags
	src  string
}{
	// file: "localhost" is the empty host.
	{"file://localhost/etc/motd", "file:///etc/motd", true, NormalizeRemoveLocalhost, "RFC 1738 §3.10"},
	{"file://LOCALHOST/x", "file:///x", true, NormalizeRemoveLocalhost, "RFC 1738 §3.10; §3.1 host (RFC 1034 §3.1: case-insensitive)"},
	{"file://LocalHost/x", "file://localhost/x", true, 0, "RFC 1738 §3.1 host (RFC 1034 §3.1)"},
	{"FILE://localhost/x", "file:///x", true, NormalizeRemoveLocalhost, "RFC 1738 §2.1 scheme case; §3.10"},
	// RFC 1738 §5 hostname allows no escapes, so the host is compared as written (an escape
	// there makes the URL invalid under RFC 1738, and Canonical does not repair it).
	{"file://%6Cocalhost/x", "file:///x", false, 0, "RFC 1738 §5 hostname (no escapes); §3.10"},
	{"file://localhost:/x", "file:///x", true, NormalizeRemoveLocalhost, "RFC 3986 §6.2.3 (empty port); RFC 1738 §3.10"},
	{"file://localhost/x#f", "file:///x#f", true, NormalizeRemoveLocalhost, "RFC 1738 §3.10"},
	{"file://localhost", "file:///", true, NormalizeRemoveLocalhost, "RFC 1738 §3.10; RFC 3986 §6.2.3 (empty path)"},
	{"file://localhost2/x", "file:///x", false, 0, "RFC 1738 §3.10: only the string \"localhost\""},
	{"file://localhost./x", "file:///x", false, 0, "RFC 1738 §3.10: only the string \"localhost\""},
	{"file://u@localhost/x", "file:///x", false, 0, "RFC 1738 §3.10 (file://<host>/<path> has no user)"},
	{"file://localhost:8/x", "file:///x", false, 0, "RFC 1738 §3.10 (no port)"},
	{"file://vms.host.edu/x", "file:///x", false, 0, "RFC 1738 §3.10: the host is the system where <path> is accessible"},
	{"file://localhost/x", "file://localhost/X", false, 0, "RFC 1738 §3.10 (the path keeps its case)"},
	{"file:/x", "file:///x", false, 0, "RFC 1738 §5 fileurl needs \"//\""},
	{"http://localhost/x", "http:///x", false, 0, "RFC 1738 §3.3 (no local-host rule)"},

	// gopher: an empty gopher-path is type "1" with an empty selector.
	{"gopher://h", "gopher://h/", true, 0, "RFC 1738 §3.4.1: the delimiting \"/\" is also optional"},
	{"gopher://h/", "gopher://h/1", true, NormalizeRemoveDefaultPath, "RFC 1738 §3.4.1: the <gophertype> defaults to \"1\""},
	{"gopher://h", "gopher://h/1", true, NormalizeRemoveDefaultPath, "RFC 1738 §3.4.1"},
	{"gopher://h", "gopher://h/1", true, NormalizeRemoveDefaultPath, "the 1993 URL draft and the URI draft, Gopher: the type defaults to \"1\""},
	{"gopher://h:70/1", "gopher://h", true, NormalizeRemoveDefaultPath, "RFC 1738 §3.4.1 (port 70, type 1)"},
	{"gopher://h/%31", "gopher://h/", true, NormalizeRemoveDefaultPath, "RFC 1738 §3.4.1 (no characters are reserved); §2.2"},
	{"GOPHER://H/1#x", "gopher://h/#x", true, NormalizeRemoveDefaultPath, "RFC 1738 §3.4.1; §2.1"},
	{"gopher://h/0", "gopher://h/", false, 0, "RFC 1738 §3.4.1: the gophertype of the resource"},
	{"gopher://h/0", "gopher://h/1", false, 0, "RFC 1738 §3.4.1"},
	{"gopher://h/11", "gopher://h/1", false, 0, "RFC 1738 §3.4.1: a selector may begin with a copy of the gophertype"},
	{"gopher://h/1/", "gopher://h/", false, 0, "RFC 1738 §3.4.1 (the selector \"/\")"},
	{"gopher://h/1?x", "gopher://h/?x", false, 0, "RFC 1738 §3.4.1 (gopher-paths \"1?x\" and \"?x\")"},
	{"gopher://h/1%09", "gopher://h/", false, 0, "RFC 1738 §3.4.2 (a search: the request has a tab)"},
	{"gopher://h/1sel%09", "gopher://h/1sel", false, 0, "RFC 1738 §3.4.2"},
	{"http://h/1", "http://h/", false, 0, "RFC 1738 §3.3 (no default path)"},

	// ftp: the typecode's case.
	{"ftp://h/a;type=I", "ftp://h/a;type=i", true, NormalizeLowerTypecode, "RFC 1738 §5 ftptype; RFC 959 §5.3"},
	{"ftp://h/a;type=A", "ftp://h/a;type=a", true, NormalizeLowerTypecode, "RFC 1738 §5 ftptype; RFC 959 §5.3"},
	{"ftp://h/a;type=D", "ftp://h/a;type=d", true, NormalizeLowerTypecode, "RFC 1738 §5 ftptype"},
	{"ftp://h/a;type=AN", "ftp://h/a;type=an", true, NormalizeLowerTypecode, "the 1994 URL draft, FTP (RFC959 format); RFC 959 §5.3"},
	{"ftp://h/a;type=aN", "ftp://h/a;type=An", true, NormalizeLowerTypecode, "the 1994 URL draft, FTP; RFC 959 §5.3"},
	{"ftp://h/a;type=ET", "ftp://h/a;type=et", true, NormalizeLowerTypecode, "the 1994 URL draft, FTP; RFC 959 §5.3"},
	{"ftp://h/a;type=E", "ftp://h/a;type=e", true, NormalizeLowerTypecode, "the 1994 URL draft, FTP; RFC 959 §5.3"},
	{"ftp://h/a;type=EC", "ftp://h/a;type=ec", true, NormalizeLowerTypecode, "the 1994 URL draft, FTP; RFC 959 §5.3"},
	{"ftp://h/a;type=L8", "ftp://h/a;type=l8", true, NormalizeLowerTypecode, "the 1994 URL draft, FTP; RFC 959 §5.3"},
	{"ftp://h/a;type=%49", "ftp://h/a;type=i", true, NormalizeLowerTypecode, "RFC 1738 §2.2; §5 ftptype; RFC 959 §5.3"},
	{"FTP://H:21/a;type=I", "ftp://h/a;type=i", true, NormalizeLowerTypecode, "RFC 1738 §3.2; RFC 959 §5.3"},
	{"ftp://h/a;type=I", "ftp://h/a;type=a", false, 0, "RFC 1738 §3.2.2: TYPE I is not TYPE A"},
	{"ftp://h/a;type=I", "ftp://h/a;type=d", false, 0, "RFC 1738 §3.2.2"},
	{"ftp://h/a;type=AN", "ftp://h/a;type=a", false, 0, "the 1994 URL draft, FTP; RFC 959 §3.1.1.5 (a form code)"},
	{"ftp://h/a;type=L8", "ftp://h/a;type=l7", false, 0, "RFC 959 §3.1.1.4"},
	{"ftp://h/a;TYPE=I", "ftp://h/a;type=i", false, 0, "RFC 1738 §3.2.2 \";type=\""},
	{"ftp://h/a%3Btype=I", "ftp://h/a%3Btype=i", false, 0, "RFC 1738 §3.2.2 (an encoded \";\" is part of the name)"},
	{"ftp://h/a;type=X", "ftp://h/a;type=x", false, 0, "RFC 1738 §5 ftptype (not a typecode)"},
	{"ftp://h/a;type=I?x", "ftp://h/a;type=i?x", false, 0, "RFC 1738 §5 fsegment holds \"?\": no typecode ends the path"},
	{"http://h/a;type=I", "http://h/a;type=i", false, 0, "RFC 1738 §3.3 (http has no typecode)"},

	// ftp: ";type=d" after an empty name.
	{"ftp://h/a/;type=d", "ftp://h/a/", true, NormalizeRemoveDirectoryTypecode, "RFC 1738 §3.2.2 (NLST of the empty name); the 1994 URL draft, FTP (\"/\": directory list)"},
	{"ftp://h/a/;type=D", "ftp://h/a/", true, NormalizeRemoveDirectoryTypecode, "RFC 1738 §5 ftptype; the 1994 URL draft, FTP"},
	{"ftp://h/;type=d", "ftp://h", true, NormalizeRemoveDirectoryTypecode, "RFC 1738 §3.2.2; the 1994 URL draft, FTP"},
	{"ftp://h//;type=d", "ftp://h//", true, NormalizeRemoveDirectoryTypecode, "RFC 1738 §3.2.2 (\"CWD \" with a null argument)"},
	{"ftp://h/a/;type=d#f", "ftp://h/a/#f", true, NormalizeRemoveDirectoryTypecode, "the 1994 URL draft, FTP"},
	{"ftp://h/a;type=d", "ftp://h/a/", false, 0, "RFC 1738 §3.2.2 (NLST a, not CWD a); §3.2.5"},
	{"ftp://h/a;type=d", "ftp://h/a", false, 0, "RFC 1738 §3.2.3: without a typecode the client must guess"},
	{"ftp://h/a;type=i", "ftp://h/a", false, 0, "RFC 1738 §3.2.3"},
	{"ftp://h/a/;type=a", "ftp://h/a/", false, 0, "RFC 1738 §3.2.2 (TYPE a)"},
	{"ftp://h/a/;type=d?x", "ftp://h/a/?x", false, 0, "RFC 1738 §5 fsegment holds \"?\""},
	{"ftp://h/a%2F;type=d", "ftp://h/a%2F", false, 0, "RFC 1738 §3.2.2 (an encoded \"/\" is part of the name)"},
	{"ftp://anonymous@h/", "ftp://h/", false, 0, "RFC 1738 §3.2.1 (a user name with no password: ask the user)"},

	// Already handled before issue 9, cited here; and refused.
	{"http://h", "http://h/", true, 0, "RFC 1738 §3.3: the \"/\" may also be omitted"},
	{"telnet://h", "telnet://h/", true, 0, "RFC 1738 §3.8: the final \"/\" character may be omitted"},
	{"telnet://u@h:23", "telnet://u@h/", true, 0, "RFC 1738 §3.8"},
	{"news:Comp.X", "news:comp.x", false, 0, "RFC 1738 §3.6 says nothing of a group name's case"},
	{"mailto:Joe@h.example", "mailto:joe@h.example", false, 0, "RFC 1738 §3.5: an RFC 822 addr-spec"},
	{"prospero://h/a;f=1;g=2", "prospero://h/a;g=2;f=1", false, 0, "RFC 1738 §3.11"},
	{"http://h/?a+b", "http://h/?a%20b", false, 0, "the URI draft, Query strings (not RFC 1738)"},
}

// TestSchemeLevelEquivalences runs schemeLevelRows both ways, and checks that each row's
// step is needed: without it Canonical leaves a and b apart.
func TestSchemeLevelEquivalences(t *testing.T) {
	for _, tt := range schemeLevelRows {
		a, b := MustParse(tt.a), MustParse(tt.b)
		if got := Equivalent(a, b); got != tt.want {
			t.Errorf("Equivalent(%q, %q) = %v, want %v (%s)", tt.a, tt.b, got, tt.want, tt.src)
		}
		if got := Equivalent(b, a); got != tt.want {
			t.Errorf("Equivalent(%q, %q) = %v, want %v (%s)", tt.b, tt.a, got, tt.want, tt.src)
		}
		if got := (SchemeInfo{}).Equivalent(a, b); got != tt.want {
			t.Errorf("SchemeInfo{}.Equivalent(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if tt.step != 0 {
			if !tt.want || tt.step&normalizeSchemeLevel != tt.step || bits.OnesCount32(uint32(tt.step)) != 1 {
				t.Fatalf("row %q, %q: bad step %s", tt.a, tt.b, tt.step)
			}
			ia, ka := schemeInfo(a)
			ib, kb := schemeInfo(b)
			if normalizeLevel(a, canonicalFlags&^tt.step, RFC1738, ia, ka) == normalizeLevel(b, canonicalFlags&^tt.step, RFC1738, ib, kb) {
				t.Errorf("%q and %q are equal without %s: the row does not test it", tt.a, tt.b, tt.step)
			}
		}
	}
}

// TestSchemeLevelProperties: over every URL of schemeLevelRows, Equivalent is reflexive,
// symmetric and transitive, and Canonical is idempotent and agrees with Equivalent.
func TestSchemeLevelProperties(t *testing.T) {
	var us []URL
	seen := map[string]bool{}
	for _, tt := range schemeLevelRows {
		for _, s := range []string{tt.a, tt.b} {
			if !seen[s] {
				seen[s] = true
				us = append(us, MustParse(s))
			}
		}
	}
	n := len(us)
	eq := make([][]bool, n)
	for i := range us {
		eq[i] = make([]bool, n)
		c := Canonical(us[i])
		if Canonical(c) != c {
			t.Errorf("Canonical not idempotent on %q: %q, then %q", us[i], c, Canonical(c))
		}
		if !Equivalent(us[i], c) {
			t.Errorf("%q is not equivalent to its canonical form %q", us[i], c)
		}
		for j := range us {
			eq[i][j] = Equivalent(us[i], us[j])
		}
	}
	for i := 0; i < n; i++ {
		if !eq[i][i] {
			t.Errorf("not reflexive on %q", us[i])
		}
		for j := 0; j < n; j++ {
			if eq[i][j] != eq[j][i] {
				t.Errorf("not symmetric on %q, %q", us[i], us[j])
			}
			if eq[i][j] != (Canonical(us[i]) == Canonical(us[j])) {
				t.Errorf("Equivalent(%q, %q) disagrees with Canonical", us[i], us[j])
			}
			for k := 0; k < n && eq[i][j]; k++ {
				if eq[j][k] && !eq[i][k] {
					t.Errorf("not transitive on %q, %q, %q", us[i], us[j], us[k])
				}
			}
		}
	}
}

// TestSchemeLevelSteps: each step alone, and in its group, on both sides of its line; every
// result is idempotent.
func TestSchemeLevelSteps(t *testing.T) {
	for _, tt := range []struct {
		in   string
		f    NormalizeFlags
		want string
	}{
		{"file://localhost/x", NormalizeRemoveLocalhost, "file:///x"},
		{"file://LocalHost/x", NormalizeRemoveLocalhost, "file:///x"}, // case ignored without lower-host
		{"file://localhost:/x", NormalizeRemoveLocalhost, "file://localhost:/x"},
		{"file://localhost:/x", NormalizeSafe, "file:///x"},
		{"file://localhost./x", NormalizeSafe, "file://localhost./x"},
		{"file://localhost./x", NormalizeUsually, "file:///x"}, // remove-host-trailing-dot first
		{"file://localhost2/x", NormalizeRemoveLocalhost, "file://localhost2/x"},
		{"file://localhos/x", NormalizeRemoveLocalhost, "file://localhos/x"},
		{"file://lecalhost/x", NormalizeRemoveLocalhost, "file://lecalhost/x"},
		{"file://localhosT/x", NormalizeRemoveLocalhost, "file:///x"},
		{"file://localhost:21/x", NormalizeSafe, "file://localhost:21/x"},
		{"file://u@localhost/x", NormalizeRemoveLocalhost, "file://u@localhost/x"},
		{"file://%6Cocalhost/x", NormalizeRemoveLocalhost, "file://%6Cocalhost/x"},
		{"file://%6cocalhost/x", NormalizeSafe, "file:///x"},
		{"http://localhost/x", NormalizeRemoveLocalhost, "http://localhost/x"},
		{"file://localhost/x", NormalizeSafe &^ NormalizeRemoveLocalhost, "file://localhost/x"},
		{"gopher://h/1", NormalizeRemoveDefaultPath, "gopher://h/"},
		{"gopher://h/1#f", NormalizeRemoveDefaultPath, "gopher://h/#f"},
		{"gopher://h", NormalizeRemoveDefaultPath, "gopher://h"},
		{"gopher://h", NormalizeSafe, "gopher://h/"},
		{"gopher://h/1?", NormalizeRemoveDefaultPath, "gopher://h/1?"},
		{"gopher://h/1?", NormalizeUsually, "gopher://h/"},
		{"gopher://h/%31", NormalizeRemoveDefaultPath, "gopher://h/%31"},
		{"gopher://h/%31", NormalizeSafe, "gopher://h/"},
		{"gopher://h/./1", NormalizeSafe, "gopher://h/"},
		{"gopher://h//1", NormalizeAggressive, "gopher://h/"},
		{"gopher://h/1/", NormalizeAggressive, "gopher://h/"}, // aggressive may change meaning
		{"gopher://h/1/", NormalizeSafe, "gopher://h/1/"},
		{"gopher://h/2", NormalizeRemoveDefaultPath, "gopher://h/2"},
		{"gopher://h/11", NormalizeRemoveDefaultPath, "gopher://h/11"},
		{"gopher:1", NormalizeRemoveDefaultPath, "gopher:1"},
		{"gopher:/1", NormalizeRemoveDefaultPath, "gopher:/1"}, // RFC 1738 §3.4.1 gopher://<host>…
		{"http://h/1", NormalizeRemoveDefaultPath, "http://h/1"},
		{"ftp://h/a;type=I", NormalizeLowerTypecode, "ftp://h/a;type=i"},
		{"ftp://h/a;type=i", NormalizeLowerTypecode, "ftp://h/a;type=i"},
		{"ftp://h/a;type=L08", NormalizeLowerTypecode, "ftp://h/a;type=l08"},
		{"ftp://h/a;type=AN", NormalizeLowerTypecode, "ftp://h/a;type=an"},
		{"ftp://h/a;type=AX", NormalizeLowerTypecode, "ftp://h/a;type=AX"},
		{"ftp://h/a;type=AC", NormalizeLowerTypecode, "ftp://h/a;type=ac"},
		{"ftp://h/a;type=N", NormalizeLowerTypecode, "ftp://h/a;type=N"},
		{"ftp://h/a;type=E", NormalizeLowerTypecode, "ftp://h/a;type=e"},
		{"ftp://h/a;type=D", NormalizeLowerTypecode, "ftp://h/a;type=d"},
		{"ftp://h/a;type=IN", NormalizeLowerTypecode, "ftp://h/a;type=IN"},
		{"ftp://h/a;type=L", NormalizeLowerTypecode, "ftp://h/a;type=L"},
		{"ftp://h/a;type=L8X", NormalizeLowerTypecode, "ftp://h/a;type=L8X"},
		{"ftp://h/a;type=", NormalizeLowerTypecode, "ftp://h/a;type="},
		{"ftp://h/a;TYPE=I", NormalizeLowerTypecode, "ftp://h/a;TYPE=I"},
		{"ftp://h/a;type=I?q", NormalizeLowerTypecode, "ftp://h/a;type=I?q"},
		{"ftp://h/a;type=I#F", NormalizeLowerTypecode, "ftp://h/a;type=i#F"},
		{"ftp://h/a;type=I;type=I", NormalizeLowerTypecode, "ftp://h/a;type=I;type=i"},
		{"http://h/a;type=I", NormalizeLowerTypecode, "http://h/a;type=I"},
		{"ftp://h/a/;type=D", NormalizeRemoveDirectoryTypecode, "ftp://h/a/"},
		{"ftp://h/a/;type=d", NormalizeSafe, "ftp://h/a/;type=d"},
		{"ftp://h/a/;type=d", NormalizeUsually, "ftp://h/a/"},
		{"ftp://h/a/;type=d", NormalizeAggressive, "ftp://h/a"},
		{"ftp://h/a/./;type=d", NormalizeAggressive, "ftp://h/a"},
		{"ftp://h/a;type=d", NormalizeRemoveDirectoryTypecode, "ftp://h/a;type=d"},
		{"ftp://h/a/;type=i", NormalizeRemoveDirectoryTypecode, "ftp://h/a/;type=i"},
		{"ftp://h/a/;type=d?", NormalizeRemoveDirectoryTypecode, "ftp://h/a/;type=d?"},
		{"ftp://h/a/;type=d?", NormalizeUsually, "ftp://h/a/"},
		{"ftp://h/a/;type=d/;type=d", NormalizeRemoveDirectoryTypecode, "ftp://h/a/;type=d/"},
		{"http://h/a/;type=d", NormalizeRemoveDirectoryTypecode, "http://h/a/;type=d"},
	} {
		got, err := Normalize(MustParse(tt.in), tt.f)
		if err != nil || got.String() != tt.want {
			t.Errorf("Normalize(%q, %s) = %q, %v; want %q", tt.in, tt.f, got, err, tt.want)
			continue
		}
		if again, err := Normalize(got, tt.f); err != nil || again != got {
			t.Errorf("Normalize(%q, %s) = %q, then %q, %v", tt.in, tt.f, got, again, err)
		}
	}
}

// TestSchemeLevelFacts: the steps come from the facts, not from the names: a scheme a program
// defines with the same facts gets them (SchemeInfo's methods), and the table holds them for
// file, gopher and ftp only.
func TestSchemeLevelFacts(t *testing.T) {
	for _, s := range Schemes() {
		want := SchemeInfo{}
		switch s.Name {
		case "file":
			want.LocalHost = "localhost"
		case "gopher":
			want.DefaultPath = "1"
		case "ftp":
			want.Typecode = true
		}
		if s.LocalHost != want.LocalHost || s.DefaultPath != want.DefaultPath || s.Typecode != want.Typecode {
			t.Errorf("%s: LocalHost %q, DefaultPath %q, Typecode %v", s.Name, s.LocalHost, s.DefaultPath, s.Typecode)
		}
	}
	doc := SchemeInfo{Name: "x-doc", Hierarchical: true, LocalHost: "here", DefaultPath: "index", Typecode: true}
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"x-doc://HERE/a", "x-doc:///a", true},
		{"x-doc://h/index", "x-doc://h", true},
		{"x-doc://h/a;type=I", "x-doc://h/a;type=i", true},
		{"x-doc://h/a/;type=d", "x-doc://h/a/", true},
		{"x-doc://localhost/a", "x-doc:///a", false},
		{"x-doc://h/1", "x-doc://h/", false},
	} {
		a, b := MustParse(tt.a), MustParse(tt.b)
		if got := doc.Equivalent(a, b); got != tt.want {
			t.Errorf("x-doc.Equivalent(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if tt.want && Equivalent(a, b) {
			t.Errorf("Equivalent(%q, %q) without x-doc's facts", tt.a, tt.b)
		}
	}
	got, err := doc.Normalize(MustParse("x-doc://here/index"), NormalizeSafe)
	if err != nil || got.String() != "x-doc:///" {
		t.Errorf("x-doc.Normalize = %q, %v", got, err)
	}
}

// TestNormalizeFlagsDistinct: every named step has a bit of its own, and the scheme-level
// steps are in the groups their docs say.
func TestNormalizeFlagsDistinct(t *testing.T) {
	var all NormalizeFlags
	names := map[string]bool{}
	for _, n := range normalizeNames {
		if bits.OnesCount32(uint32(n.f)) != 1 || all&n.f != 0 || names[n.name] {
			t.Errorf("step %s (%#x) shares a bit or a name", n.name, uint32(n.f))
		}
		all |= n.f
		names[n.name] = true
	}
	if NormalizeAggressive&^all != 0 {
		t.Errorf("NormalizeAggressive has unnamed bits %#x", uint32(NormalizeAggressive&^all))
	}
	for _, n := range schemeLevelNames {
		inSafe := n.f&NormalizeSafe != 0
		if wantSafe := n.f != NormalizeRemoveDirectoryTypecode; inSafe != wantSafe {
			t.Errorf("%s in NormalizeSafe: %v", n.name, inSafe)
		}
		if n.f&NormalizeUsually == 0 || n.f&canonicalFlags == 0 {
			t.Errorf("%s is not in NormalizeUsually and Canonical", n.name)
		}
		if f, err := ParseNormalizeFlags(n.name); err != nil || f != n.f || f.String() != n.name {
			t.Errorf("ParseNormalizeFlags(%q) = %s, %v", n.name, f, err)
		}
	}
}

// TestSchemeLevelStepsBySpec: every Spec value, and one out of range.
func TestSchemeLevelStepsBySpec(t *testing.T) {
	want := map[Spec]NormalizeFlags{
		RFC1738:      NormalizeRemoveLocalhost | NormalizeRemoveDefaultPath | NormalizeLowerTypecode,
		RFC3986:      NormalizeRemoveLocalhost | NormalizeRemoveDefaultPath | NormalizeLowerTypecode,
		WHATWG:       NormalizeRemoveLocalhost,
		URLDraft1994: NormalizeLowerTypecode,
		URLDraft1993: NormalizeRemoveDefaultPath,
		RFC1630:      NormalizeRemoveDefaultPath,
	}
	for _, s := range Specs() {
		w, ok := want[s]
		if !ok {
			t.Errorf("no row for %s", s)
		}
		if got := SchemeLevelSteps(s); got != w {
			t.Errorf("SchemeLevelSteps(%s) = %s, want %s", s, got, w)
		}
		if SchemeLevelSteps(s)&NormalizeRemoveDirectoryTypecode != 0 {
			t.Errorf("%s alone supports remove-directory-typecode", s)
		}
	}
	if got := SchemeLevelSteps(Spec(200)); got != 0 {
		t.Errorf("SchemeLevelSteps(200) = %s", got)
	}
}

// TestSchemeLevelLarge: the steps on 1 MB inputs are linear, with a bounded number of
// allocations.
func TestSchemeLevelLarge(t *testing.T) {
	const n = 1 << 20
	for _, tt := range []struct{ in, want string }{
		{"file://localhost/" + strings.Repeat("%2E", n/3), "file:///" + strings.Repeat(".", n/3)},
		{"file://" + strings.Repeat("localhost", n/9) + "/x", "file://" + strings.Repeat("localhost", n/9) + "/x"},
		{"ftp://h/a" + strings.Repeat(";type=", n/6) + "D", "ftp://h/a" + strings.Repeat(";type=", n/6) + "d"},
		{"ftp://h" + strings.Repeat("/;type=d", n/8), "ftp://h" + strings.Repeat("/;type=d", n/8-1) + "/"},
		{"ftp://h/" + strings.Repeat(";", n) + "type=I", "ftp://h/" + strings.Repeat(";", n) + "type=i"},
		{"gopher://h/" + strings.Repeat("1", n), "gopher://h/" + strings.Repeat("1", n)},
		// RFC 1738 §3.4: a gopher path is a type and an opaque selector, not a hierarchy: its
		// dot-segments are kept (issue 10; NormalizeRemoveDotSegments).
		{"gopher://h" + strings.Repeat("/.", n/2) + "/1", "gopher://h" + strings.Repeat("/.", n/2) + "/1"},
		{"http://h" + strings.Repeat("/.", n/2) + "/1", "http://h/1"},
	} {
		u := MustParse(tt.in)
		var got URL
		nAllocs := allocs.Count(10, 2, func() { got = Canonical(u) })
		if got.String() != tt.want {
			t.Errorf("Canonical(%.40q…) = %.60q…, want %.60q…", tt.in, got, tt.want)
		}
		if nAllocs > 10 {
			t.Errorf("Canonical(%.40q…): %v allocations", tt.in, nAllocs)
		}
	}
}

// TestSchemeLevelQuotes checks that the sentences compare_schemelevel.go quotes are in the
// documents (white space and line breaks aside).
func TestSchemeLevelQuotes(t *testing.T) {
	for _, q := range []struct{ doc, text string }{
		{"rfc1738.txt", "As a special case, <host> can be the string \"localhost\" or the empty string; this is interpreted as `the machine from which the URL is being interpreted'."},
		{"rfc1738.txt", "The entire <gopher-path> may also be empty, in which case the delimiting \"/\" is also optional and the <gophertype> defaults to \"1\"."},
		{"rfc1738.txt", `ftptype = "A" | "I" | "D" | "a" | "i" | "d"`},
		{"rfc1738.txt", `If it is omitted, the client program interpreting the URL must guess the appropriate mode to use.`},
		{"rfc1738.txt", `there is no common hierarchical model to the FTP protocol`},
		{"rfc1738.txt", `If neither <path> nor <searchpart> is present, the "/" may also be omitted.`},
		{"rfc1738.txt", `The final "/" character may be omitted.`},
		{"rfc1738.txt", `fileurl = "file://" [ host | "localhost" ] "/" fpath`},
		{"ref/rfc959.txt", `This also applies to any symbols representing parameter values, such as A or a for ASCII TYPE.`},
		{"rfc3986.txt", `the "file" URI scheme is defined so that no authority, an empty host, and "localhost" all mean the end-user's machine`},
		{"url-draft-1994.txt", `- / - Use FTP directory list commands to read directory`},
		{"url-draft-1994.txt", `The type code is in the format defined in RFC959 except that THE SPACE IS OMITTED FROM THE URL.`},
		{"url-draft-1994.txt", `- A formcode | E formcode | I | L digits`},
		{"url-draft-1993.txt", `If the type character and selector are omitted, the type defaults to "1".`},
		{"uri-draft-www.txt", `If the type character and selector are omitted, the type defaults to "1".`},
		{"uri-draft-www.txt", `the plus sign is reserved as shorthand notation for a space`},
	} {
		b, err := os.ReadFile(filepath.Join("testdata", "spec", q.doc))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.Join(strings.Fields(string(b)), " "), q.text) {
			t.Errorf("%s does not say %q", q.doc, q.text)
		}
	}
}

// schemeLevelVariant returns a spelling of u that a scheme-level equivalence makes the same
// (RFC 1738 §3.10, §3.4.1, §5 ftptype; the 1994 URL draft, FTP), chosen by pick, and whether
// u has one: "localhost" added to or removed from an empty file host, "1" (or "%31") added to
// an empty gopher path, a typecode's case changed, or ";type=d" added after an ftp path
// ending in "/".
func schemeLevelVariant(u URL, pick uint64) (URL, bool) {
	s := u.String()
	_, hasUser := u.Userinfo()
	_, hasPort := u.Port()
	_, hasQuery := u.Query()
	if !u.HasAuthority() || hasUser || hasPort {
		return u, false
	}
	ps := int(u.pathStart)
	p := u.Path()
	var t string
	switch {
	case u.IsScheme("file") && u.Host() == "":
		local := []string{"localhost", "LOCALHOST", "LocalHost", "lOcAlHoSt"}[pick%4]
		t = s[:ps] + local + s[ps:]
	case u.IsScheme("file") && equalFoldASCII(u.Host(), "localhost"):
		t = s[:ps-len(u.Host())] + s[ps:]
	case u.IsScheme("gopher") && !hasQuery && (p == "" || p == "/"):
		t = s[:ps] + []string{"/1", "/%31", "", "/"}[pick%4] + s[ps+len(p):]
	case u.IsScheme("ftp") && !hasQuery && strings.HasSuffix(p, "/"):
		t = s[:ps+len(p)] + []string{";type=d", ";type=D"}[pick%2] + s[ps+len(p):]
	case u.IsScheme("ftp") && !hasQuery:
		i := strings.LastIndex(p, ";type=")
		if i < 0 || !isTypecode(p[i+len(";type="):]) {
			return u, false
		}
		code := []byte(p[i+len(";type="):])
		for j := range code {
			if pick>>j&1 != 0 && code[j] >= 'A' {
				code[j] ^= 0x20
			}
		}
		t = s[:ps+i+len(";type=")] + string(code) + s[ps+len(p):]
	default:
		return u, false
	}
	v, err := Parse(t)
	if err != nil {
		return u, false
	}
	return v, true
}

// TestSchemeLevelVariants runs schemeLevelVariant on the rows' URLs: every variant is
// equivalent to its URL, both ways.
func TestSchemeLevelVariants(t *testing.T) {
	n := 0
	for _, tt := range schemeLevelRows {
		for _, s := range []string{tt.a, tt.b} {
			u := MustParse(s)
			for pick := uint64(0); pick < 4; pick++ {
				v, ok := schemeLevelVariant(u, pick)
				if !ok {
					continue
				}
				n++
				if !Equivalent(u, v) || !Equivalent(v, u) || Canonical(u) != Canonical(v) {
					t.Errorf("%q and its variant %q are not equivalent", u, v)
				}
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d variants", n)
	}
}

// TestSchemeLevelNoAllocs: Canonical of a URL the scheme-level steps leave alone, canonical
// already, returns it without allocating, for the schemes that have the facts.
func TestSchemeLevelNoAllocs(t *testing.T) {
	for _, s := range []string{
		"file:///etc/motd", "file://localhost2/x", "gopher://h/", "gopher://h/0a", "ftp://h/a;type=i",
		"ftp://h/a/", "ftp://h/a;type=d", "ftp://h/a;type=an",
	} {
		u := MustParse(s)
		var c URL
		if n := allocs.Count(0, 20, func() { c = Canonical(u) }); n != 0 || c != u {
			t.Errorf("Canonical(%q) = %q with %v allocations", s, c, n)
		}
	}
}
