// Package doccheck holds the tests that keep the library's documentation true: every exported
// name has a doc comment, every exported function and method a user calls has an Example with
// checked output, imports point one way (pct ← locator ← internal/syntax ← scheme ←
// extract ← cmd; whatwg on the root alone; internal/display a leaf anyone may import), and
// every "RFC NNNN §…" citation names a section the cited text has (citations_test.go).
package doccheck

import (
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/locator-url/locator"

// libraries are the library packages, relative to the module root.
var libraries = []string{".", "pct", "scheme", "whatwg", "extract", "fetch"}

// exempt lists the methods that need no Example of their own, by name, with the reason. They
// satisfy a standard interface or one of the library's own, and their behaviour is shown by the
// examples of the functions that produce and consume them.
var exempt = map[string]string{
	"String":        "fmt.Stringer; shown by every example that prints a value",
	"Error":         "the error interface; shown by the examples that print errors",
	"Unwrap":        "errors.Unwrap; used through errors.Is/As",
	"Format":        "fmt.Formatter",
	"GoString":      "fmt.GoStringer",
	"AppendText":    "encoding.TextAppender; the Append/String round trip is shown instead",
	"MarshalText":   "encoding.TextMarshaler; shown through encoding/json in the URL examples",
	"UnmarshalText": "encoding.TextUnmarshaler; shown through encoding/json in the URL examples",
	"MarshalJSON":   "json.Marshaler; used through encoding/json",
	"UnmarshalJSON": "json.Unmarshaler; used through encoding/json",
}

// exemptIn lists exemptions that hold in one package only: "pkg.Type.Method" or "pkg.Method"
// for every type of the package.
var exemptIn = map[string]string{
	// Every typed view of package scheme implements scheme.View with the same two methods.
	// ExampleView shows them through the interface, ExampleFTP_URL on one concrete view.
	"scheme.Scheme": "scheme.View: the scheme name of a typed view, a constant per type",
	"scheme.URL":    "scheme.View: builds the URL back from a typed view; see ExampleView, ExampleFTP_URL",
}

func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		t.Fatalf("module root not found: %v", err)
	}
	return dir
}

// load parses the package in dir, test files included, and builds its documentation with the
// examples attached to the functions, types and methods they name.
func load(t *testing.T, root, rel string) (*doc.Package, *token.FileSet) {
	t.Helper()
	dir := filepath.Join(root, rel)
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	path := module
	if rel != "." {
		path += "/" + filepath.ToSlash(rel)
	}
	p, err := doc.NewFromFiles(fset, files, path)
	if err != nil {
		t.Fatal(err)
	}
	return p, fset
}

// TestExamples fails when an exported function or method of a library package has no Example,
// or when an Example has no "// Output:" comment (an example without one is compiled but never
// run, so nothing keeps it true).
func TestExamples(t *testing.T) {
	root := moduleRoot(t)
	for _, rel := range libraries {
		p, _ := load(t, root, rel)
		var missing []string
		need := func(name string, exs []*doc.Example) {
			if len(exs) == 0 {
				missing = append(missing, name)
			}
		}
		for _, f := range p.Funcs {
			need(f.Name, f.Examples)
		}
		for _, typ := range p.Types {
			for _, f := range typ.Funcs {
				need(f.Name, f.Examples)
			}
			for _, m := range typ.Methods {
				if exempt[m.Name] != "" || exemptIn[p.Name+"."+m.Name] != "" ||
					exemptIn[p.Name+"."+typ.Name+"."+m.Name] != "" {
					continue
				}
				need(typ.Name+"_"+m.Name, m.Examples)
			}
		}
		sort.Strings(missing)
		for _, name := range missing {
			t.Errorf("package %s: no Example%s", p.Name, name)
		}
		for _, ex := range allExamples(p) {
			if ex.Output == "" && !ex.EmptyOutput {
				t.Errorf("package %s: Example%s has no // Output: comment", p.Name, ex.Name)
			}
		}
	}
}

func allExamples(p *doc.Package) []*doc.Example {
	exs := append([]*doc.Example(nil), p.Examples...)
	for _, f := range p.Funcs {
		exs = append(exs, f.Examples...)
	}
	for _, typ := range p.Types {
		exs = append(exs, typ.Examples...)
		for _, f := range typ.Funcs {
			exs = append(exs, f.Examples...)
		}
		for _, m := range typ.Methods {
			exs = append(exs, m.Examples...)
		}
	}
	return exs
}

// TestDocComments fails when an exported name of a library package (a constant or variable
// outside a documented group, a type, a function or a method) has no doc comment.
func TestDocComments(t *testing.T) {
	root := moduleRoot(t)
	for _, rel := range libraries {
		p, _ := load(t, root, rel)
		if p.Doc == "" {
			t.Errorf("package %s: no package doc", p.Name)
		}
		values := func(vs []*doc.Value) {
			for _, v := range vs {
				if v.Doc != "" {
					continue
				}
				for _, spec := range v.Decl.Specs {
					vs := spec.(*ast.ValueSpec)
					if vs.Doc == nil && vs.Comment == nil {
						for _, n := range vs.Names {
							if n.IsExported() {
								t.Errorf("package %s: %s has no doc comment", p.Name, n.Name)
							}
						}
					}
				}
			}
		}
		values(p.Consts)
		values(p.Vars)
		for _, f := range p.Funcs {
			if f.Doc == "" {
				t.Errorf("package %s: func %s has no doc comment", p.Name, f.Name)
			}
		}
		for _, typ := range p.Types {
			if typ.Doc == "" {
				t.Errorf("package %s: type %s has no doc comment", p.Name, typ.Name)
			}
			values(typ.Consts)
			values(typ.Vars)
			for _, f := range typ.Funcs {
				if f.Doc == "" {
					t.Errorf("package %s: func %s has no doc comment", p.Name, f.Name)
				}
			}
			for _, m := range typ.Methods {
				if m.Doc == "" {
					t.Errorf("package %s: method %s.%s has no doc comment", p.Name, typ.Name, m.Name)
				}
			}
			fields(t, p.Name, typ)
		}
	}
}

// fields reports the exported fields and interface methods of typ that have no comment.
func fields(t *testing.T, pkg string, typ *doc.Type) {
	t.Helper()
	for _, spec := range typ.Decl.Specs {
		ts, ok := spec.(*ast.TypeSpec)
		if !ok {
			continue
		}
		var list *ast.FieldList
		switch x := ts.Type.(type) {
		case *ast.StructType:
			list = x.Fields
		case *ast.InterfaceType:
			list = x.Methods
		}
		if list == nil {
			continue
		}
		for _, f := range list.List {
			if f.Doc != nil || f.Comment != nil {
				continue
			}
			for _, n := range f.Names {
				if n.IsExported() {
					t.Errorf("package %s: %s.%s has no doc comment", pkg, typ.Name, n.Name)
				}
			}
		}
	}
}

// allowed says which packages of this module each library package may import (outside its
// tests): imports point one way, pct ← locator ← internal/syntax ← scheme ← extract ←
// cmd/locator. The strict grammar checkers (internal/syntax) sit between the root, which does
// not import them, and scheme, which runs them; extract imports scheme (its Finding.Valid is
// scheme.Check's verdict); whatwg imports the root alone; fetch runs scheme's plans. internal/display, the one escaping
// function, is a leaf (the standard library only) that any of them may import, pct too (its
// Error shows the input through it). Packages
// outside the module (the standard library, golang.org/x) are allowed, except in pct and
// internal/display.
var allowed = map[string][]string{
	".":                {"pct", "internal/display"},
	"pct":              {"internal/display"},
	"internal/display": {},
	"internal/syntax":  {".", "pct", "internal/display"},
	"scheme":           {".", "pct", "internal/display", "internal/syntax"},
	"extract":          {".", "pct", "internal/display", "internal/syntax", "scheme"},
	"whatwg":           {".", "pct", "internal/display"},
	"fetch":            {".", "pct", "internal/display", "internal/testhook", "scheme"},
	// The --json records of the command, shared with serve: below cmd/locator and serve,
	// above the root, scheme and whatwg.
	"internal/records": {".", "pct", "internal/display", "internal/syntax", "scheme", "whatwg"},
	// The per-line work and line formats of the command's bulk path, shared with the Beam
	// transforms: below cmd/locator and beam, above the root, scheme, extract and whatwg.
	"internal/lineops": {".", "pct", "internal/display", "internal/syntax", "scheme", "extract", "whatwg"},
}

// importChecked are the packages whose imports TestImports checks: the libraries and the
// internal packages between them.
var importChecked = append([]string{"internal/syntax", "internal/display", "internal/records", "internal/lineops"}, libraries...)

// TestImports holds the one-way import rule (STYLE.md: "The root package never imports its
// subpackages; a test can hold that line"): the non-test imports of each library package are
// checked against allowed, and pct imports only the standard library and internal/display.
func TestImports(t *testing.T) {
	root := moduleRoot(t)
	for _, rel := range importChecked {
		ctx := build.Default
		ctx.CgoEnabled = false
		bp, err := ctx.ImportDir(filepath.Join(root, rel), 0)
		if err != nil {
			t.Fatal(err)
		}
		ok := map[string]bool{}
		for _, a := range allowed[rel] {
			if a == "." {
				ok[module] = true
			} else {
				ok[module+"/"+a] = true
			}
		}
		// ImportDir honours build tags; files for other platforms or tags stay in scope by
		// reading every non-test file's imports directly too.
		seen := map[string]bool{}
		for _, imp := range append(bp.Imports, fileImports(t, filepath.Join(root, rel))...) {
			if seen[imp] {
				continue
			}
			seen[imp] = true
			std := !strings.Contains(strings.SplitN(imp, "/", 2)[0], ".")
			switch {
			case strings.HasPrefix(imp, module):
				if !ok[imp] {
					t.Errorf("package %s imports %s: imports must point one way (pct ← locator ← internal/syntax ← scheme ← extract ← cmd; whatwg ← cmd)", bp.Name, imp)
				}
			case (rel == "pct" || rel == "internal/display") && !std:
				t.Errorf("package %s imports %s; it may import only the standard library", rel, imp)
			}
		}
	}
}

// fileImports returns the imports of every non-test .go file in dir, whatever its build tags.
func fileImports(t *testing.T, dir string) []string {
	t.Helper()
	matches, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, m := range matches {
		if strings.HasSuffix(m, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, m, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range f.Imports {
			out = append(out, strings.Trim(s.Path.Value, `"`))
		}
	}
	return out
}
