package locator

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"
)

// want is an expected finding: its offset and code (and severity, error unless W).
type want struct {
	off  int
	code Code
	warn bool
}

func fmtFindings(fs []Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("\n\t" + f.String())
	}
	return b.String()
}

// match compares findings with wants (offset, code, severity) and checks the common
// invariants: offset order, offsets in range, rule and message present.
func match(t *testing.T, name, input string, got []Finding, wants []want) {
	t.Helper()
	ok := len(got) == len(wants)
	for i := 0; ok && i < len(got); i++ {
		w := wants[i]
		sev := SeverityError
		if w.warn {
			sev = SeverityWarning
		}
		ok = got[i].Offset == w.off && got[i].Code == w.code && got[i].Severity == sev
	}
	if !ok {
		t.Errorf("%s(%q):\n got:%s\nwant: %v", name, input, fmtFindings(got), wants)
	}
	for i, f := range got {
		if f.Offset < 0 || f.Offset > len(input) {
			t.Errorf("%s(%q): offset %d out of range: %v", name, input, f.Offset, f)
		}
		if i > 0 && got[i-1].Offset > f.Offset {
			t.Errorf("%s(%q): findings out of order:%s", name, input, fmtFindings(got))
		}
		if f.Rule == "" || f.Message == "" || f.Code == "" {
			t.Errorf("%s(%q): finding without rule, message or code: %#v", name, input, f)
		}
	}
}

// TestEveryCodeProduced asserts that each Code constant declared in security.go is produced
// by at least one input, so no code is dead. (The strict checkers' codes, in errors.go, are
// held to the same by internal/syntax's TestEveryCodeProduced.)
func TestEveryCodeProduced(t *testing.T) {
	produce := map[Code]func() []Finding{
		CodePortNotDefault:      func() []Finding { return Security(MustParse("http://h:8080/")) },
		CodePortReserved:        func() []Finding { return Security(MustParse("http://h:25/")) },
		CodePassword:            func() []Finding { return Security(MustParse("ftp://u:p@h/")) },
		CodeEncodedLineBreak:    func() []Finding { return Security(MustParse("http://h/%0d")) },
		CodeEncodedNUL:          func() []Finding { return Security(MustParse("http://h/%00")) },
		CodeEncodedTab:          func() []Finding { return Security(MustParse("ftp://h/%09")) },
		CodeUnencodedChar:       func() []Finding { return Security(MustParse("http://h/<")) },
		CodeNonASCIIHost:        func() []Finding { return Security(MustParse("http://\u00e9.com/")) },
		CodeUserinfoLikeHost:    func() []Finding { return Security(MustParse("http://www.a.com@h/")) },
		CodeAmbiguousHostNumber: func() []Finding { return Security(MustParse("http://0x7f.1/")) },
	}
	fset := token.NewFileSet()
	for _, file := range []string{"security.go"} {
		af, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Code" {
					continue
				}
				lit := vs.Values[0].(*ast.BasicLit)
				c, _ := strconv.Unquote(lit.Value)
				if _, ok := produce[Code(c)]; !ok {
					t.Errorf("%s: code %s (%q) has no producing input in this test", file, vs.Names[0].Name, c)
				}
			}
		}
	}
	for code, fn := range produce {
		found := false
		for _, f := range fn() {
			found = found || f.Code == code
		}
		if !found {
			t.Errorf("code %q not produced: %s", code, fmtFindings(fn()))
		}
	}
}

// TestCheckNoAllocs: a URL with nothing to report costs Security no allocation.
func TestCheckNoAllocs(t *testing.T) {
	u := MustParse("ftp://user@ftp.host.com:21/pub/a%20b;type=d?x#frag")
	if n := testing.AllocsPerRun(100, func() { Security(u) }); n != 0 {
		t.Errorf("Security allocates %v times on a clean URL", n)
	}
}

// TestSecurityCap: Security lists at most MaxFindings findings and one that counts the rest,
// for characters that must be encoded and for encoded delimiters alike.
func TestSecurityCap(t *testing.T) {
	for _, tt := range []struct {
		in   string
		more int
	}{
		{"http://h/" + strings.Repeat("<", MaxFindings), 0},
		{"http://h/" + strings.Repeat("<", MaxFindings+1), 1},
		{"http://h/" + strings.Repeat("\xff", 1000), 900},
		{"http://h/" + strings.Repeat("%0A", 1000), 900},
		{"ftp://h/" + strings.Repeat("%09", 300), 200},
		{"http://h/" + strings.Repeat("%0A<", 100), 100},
	} {
		fs := Security(MustParse(tt.in))
		last := fs[len(fs)-1]
		if tt.more == 0 {
			if len(fs) != MaxFindings || last.Code == CodeTooManyFindings {
				t.Errorf("%.20q…: %d findings, last %v", tt.in, len(fs), last)
			}
			continue
		}
		want := strconv.Itoa(tt.more) + " more findings not shown"
		if len(fs) != MaxFindings+1 || last.Code != CodeTooManyFindings || !strings.HasPrefix(last.Message, want) {
			t.Errorf("%.20q…: %d findings, last %v; want %q", tt.in, len(fs), last, want)
		}
	}
}
