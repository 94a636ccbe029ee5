package urlx_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/filter"
	"github.com/locator-url/locator/beam/urlx"
)

func init() {
	register.Function1x1(resultOutput)
	register.Function1x1(invalidLine)
	register.Function1x1(findingLine)
	register.Function1x1(plainInput)
	register.Function1x1(diagKey)
	register.Function1x1(utf8Input)
}

func resultOutput(r urlx.Result) string { return r.Output }
func invalidLine(v urlx.Invalid) string { return v.Line }
func findingLine(f urlx.Finding) string { return f.Line }

func TestMain(m *testing.M) {
	code := ptest.MainRetWithDefault(m, "direct")
	if cliDir != "" {
		os.RemoveAll(cliDir)
	}
	os.Exit(code)
}

// root is the repository's root, the root module, from this package's directory.
const root = "../.."

// benchFiles are the URL lists of testdata/bench in the root module: the small ones with
// -short, all of them otherwise.
func benchFiles(t *testing.T) []string {
	names := []string{"isaacs_files.txt", "userbait.txt"}
	if !testing.Short() {
		names = append(names, "kasztp.txt", "node_files.txt")
	}
	var paths []string
	for _, n := range names {
		paths = append(paths, filepath.Join(root, "testdata", "bench", n))
	}
	return paths
}

var (
	cliOnce sync.Once
	cliDir  string
	cliPath string
	cliErr  error
)

// cli returns the path of the locator command, built once from the root module (with the
// root module's own dependency versions, as a user gets it).
func cli(t *testing.T) string {
	t.Helper()
	cliOnce.Do(func() {
		cliDir, cliErr = os.MkdirTemp("", "locator-beam-cli")
		if cliErr != nil {
			return
		}
		cliPath = filepath.Join(cliDir, "locator")
		cmd := exec.Command("go", "build", "-o", cliPath, "./cmd/locator")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			cliErr = fmt.Errorf("go build ./cmd/locator: %v\n%s", err, out)
		}
	})
	if cliErr != nil {
		t.Fatal(cliErr)
	}
	return cliPath
}

// runCLI runs the CLI with args, standard input from the file in (when not ""), and
// returns its output lines. Exit status 1 (some input invalid) is expected.
func runCLI(t *testing.T, in string, args ...string) []string {
	t.Helper()
	cmd := exec.Command(cli(t), args...)
	if in != "" {
		f, err := os.Open(in)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd.Stdin = f
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Fatalf("locator %s: %v\n%s", strings.Join(args, " "), err, errb.Bytes())
		}
	}
	s := strings.TrimSuffix(out.String(), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// toAny turns lines into the values of passert.Equals.
func toAny(lines []string) []any {
	v := make([]any, len(lines))
	for i, l := range lines {
		v[i] = l
	}
	return v
}

// split parts the CLI's lines into those of valid inputs and those of invalid ones.
func split(lines []string, invalid func(string) bool) (good, bad []string) {
	for _, l := range lines {
		if invalid(l) {
			bad = append(bad, l)
		} else {
			good = append(good, l)
		}
	}
	return good, bad
}

func isErrorLine(l string) bool { return strings.HasPrefix(l, "error: ") }

// TestLinesEqualCLI runs each line operation over the bench files and compares its results
// and its dead letters with the CLI's bulk path on the same file, line for line (order
// aside): the results with the CLI's result lines, the dead letters' lines with its error
// lines.
func TestLinesEqualCLI(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	cases := []struct {
		name    string
		args    []string // the CLI's, before "-"
		invalid func(string) bool
		apply   func(s beam.Scope, lines beam.PCollection) (beam.PCollection, beam.PCollection, error)
	}{
		{"normalize-safe", []string{"normalize", "--jobs", "1"}, isErrorLine,
			func(s beam.Scope, l beam.PCollection) (beam.PCollection, beam.PCollection, error) {
				return urlx.Normalize(s, "", "", l)
			}},
		{"normalize-usually-rfc3986", []string{"normalize", "--jobs", "1", "--spec", "rfc3986", "--level", "usually"}, isErrorLine,
			func(s beam.Scope, l beam.PCollection) (beam.PCollection, beam.PCollection, error) {
				return urlx.Normalize(s, "rfc3986", "usually", l)
			}},
		{"surt", []string{"normalize", "--jobs", "1", "--surt"}, isErrorLine,
			func(s beam.Scope, l beam.PCollection) (beam.PCollection, beam.PCollection, error) {
				r, d := urlx.SURT(s, l)
				return r, d, nil
			}},
		{"whatwg", []string{"parse", "--jobs", "1", "--spec", "whatwg", "--format", "href"}, isErrorLine,
			func(s beam.Scope, l beam.PCollection) (beam.PCollection, beam.PCollection, error) {
				r, d := urlx.WHATWG(s, l)
				return r, d, nil
			}},
		{"check", []string{"check", "--jobs", "1"}, func(l string) bool { return !strings.HasPrefix(l, "ok ") },
			func(s beam.Scope, l beam.PCollection) (beam.PCollection, beam.PCollection, error) {
				return urlx.Check(s, "", l)
			}},
		{"check-rfc3986", []string{"check", "--jobs", "1", "--spec", "rfc3986"}, func(l string) bool { return !strings.HasPrefix(l, "ok ") },
			func(s beam.Scope, l beam.PCollection) (beam.PCollection, beam.PCollection, error) {
				return urlx.Check(s, "rfc3986", l)
			}},
		{"parse", []string{"parse", "--jobs", "1"}, func(l string) bool { return strings.Contains(l, "\"\tinvalid\t") },
			func(s beam.Scope, l beam.PCollection) (beam.PCollection, beam.PCollection, error) {
				return urlx.Parse(s, "", l)
			}},
		{"resolve", []string{"resolve", "--jobs", "1", base}, isErrorLine,
			func(s beam.Scope, l beam.PCollection) (beam.PCollection, beam.PCollection, error) {
				return urlx.Resolve(s, "", base, l)
			}},
		{"resolve-whatwg", []string{"resolve", "--jobs", "1", "--spec", "whatwg", base}, isErrorLine,
			func(s beam.Scope, l beam.PCollection) (beam.PCollection, beam.PCollection, error) {
				return urlx.Resolve(s, "whatwg", base, l)
			}},
	}
	files := benchFiles(t)
	for _, c := range cases {
		for _, file := range files {
			t.Run(c.name+"/"+filepath.Base(file), func(t *testing.T) {
				want := runCLI(t, file, append(c.args, "-")...)
				good, bad := split(want, c.invalid)
				p, s := beam.NewPipelineWithRoot()
				res, dead, err := c.apply(s, urlx.ReadLines(s, file))
				if err != nil {
					t.Fatal(err)
				}
				passert.Equals(s, beam.ParDo(s, resultOutput, res), toAny(good)...)
				passert.Equals(s, beam.ParDo(s, invalidLine, dead), toAny(bad)...)
				if err := ptest.Run(p); err != nil {
					t.Fatalf("%d results and %d errors expected: %v", len(good), len(bad), firstLine(err))
				}
			})
		}
	}
}

// firstLine cuts a passert message (which lists every difference) to its start.
func firstLine(err error) string {
	s := err.Error()
	if len(s) > 2000 {
		s = s[:2000] + "…"
	}
	return s
}

// TestExtractEqualsCLI compares Extract over each bench file with "locator extract FILE
// /dev/null": with several FILEs, the CLI starts each line with "FILE:", as Finding.Line does.
func TestExtractEqualsCLI(t *testing.T) {
	for _, file := range benchFiles(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			want := runCLI(t, "", "extract", "--jobs", "1", file, os.DevNull)
			p, s := beam.NewPipelineWithRoot()
			found, skipped, err := urlx.Extract(s, "", urlx.ReadDocuments(s, file))
			if err != nil {
				t.Fatal(err)
			}
			passert.Equals(s, beam.ParDo(s, findingLine, found), toAny(want)...)
			passert.Empty(s, skipped)
			if err := ptest.Run(p); err != nil {
				t.Fatalf("%d findings expected: %v", len(want), firstLine(err))
			}
		})
	}
}

// TestGroupByEqualsCLI counts the valid URLs per host and per scheme and compares the
// counts with those of "locator parse --format '{valid} {host}' -".
func TestGroupByEqualsCLI(t *testing.T) {
	file := filepath.Join(root, "testdata", "bench", "userbait.txt")
	for _, by := range []string{urlx.ByHost, urlx.ByScheme} {
		t.Run(by, func(t *testing.T) {
			lines := runCLI(t, file, "parse", "--jobs", "1", "--format", "{valid}\t{"+by+"}", "-")
			counts := map[string]int{}
			invalid := 0
			for _, l := range lines {
				v, key, _ := strings.Cut(l, "\t")
				if v != "true" {
					invalid++
					continue
				}
				counts[strings.ToLower(key)]++
			}
			var want []any
			for k, n := range counts {
				want = append(want, urlx.Count{Key: k, Count: int64(n)})
			}
			if len(want) < 2 || invalid == 0 {
				t.Fatalf("the test needs several keys and invalid lines: %d keys, %d invalid", len(want), invalid)
			}
			p, s := beam.NewPipelineWithRoot()
			got, dead, err := urlx.GroupBy(s, by, "", urlx.ReadLines(s, file))
			if err != nil {
				t.Fatal(err)
			}
			passert.Equals(s, got, want...)
			passert.Count(s, dead, "dead letters", invalid)
			if err := ptest.Run(p); err != nil {
				t.Fatal(firstLine(err))
			}
		})
	}
}

// TestMetrics checks the counters of a run: valid, invalid and per scheme.
func TestMetrics(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	lines := beam.CreateList(s, []string{"http://a/", "HTTP://b/", "ftp://h/f", "x y", "zzz-unknown:x", "http://a b/"})
	urlx.Check(s, "", lines)
	res, err := ptest.RunWithMetrics(p)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int64{}
	for _, c := range res.Metrics().AllMetrics().Counters() {
		if c.Key.Namespace == urlx.Namespace {
			got[c.Key.Name] = c.Result()
		}
	}
	// "zzz-unknown:x" is valid: RFC 1738 §2.1 allows any scheme name, which locator does not
	// know, so that it is counted as "(other)".
	want := map[string]int64{"valid": 4, "invalid": 2, "code/no-scheme": 1, "code/unsafe-char": 1, "scheme/http": 3, "scheme/ftp": 1, "scheme/(none)": 1, "scheme/(other)": 1}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("counter %s = %d, want %d (all: %v)", k, got[k], n, got)
		}
	}
}

// checkLineRE reads the CLI's check line of an invalid URL: "URL:OFFSET: error: MESSAGE
// [CODE, RULE]".
var checkLineRE = regexp.MustCompile(`^(.*):(\d+): error: (.*) \[([^,\]]*), (.*)\]$`)

// TestDeadLetterFields compares the dead letters of Check over a bench file, field by field
// (input, offset, code, rule, message), with what the CLI's check prints for the same lines.
func TestDeadLetterFields(t *testing.T) {
	file := filepath.Join(root, "testdata", "bench", "userbait.txt")
	var want []any
	for _, l := range runCLI(t, file, "check", "--jobs", "1", "-") {
		if strings.HasPrefix(l, "ok ") {
			continue
		}
		m := checkLineRE.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("not a check line: %q", l)
		}
		if !plain(m[1]) {
			continue // shown escaped: the record holds the raw input
		}
		off, _ := strconv.Atoi(m[2])
		want = append(want, urlx.Invalid{Input: m[1], Offset: off, Message: m[3], Code: m[4], Rule: m[5], Line: l})
	}
	if len(want) == 0 {
		t.Fatal("no invalid line in the file")
	}
	p, s := beam.NewPipelineWithRoot()
	_, dead, err := urlx.Check(s, "", urlx.ReadLines(s, file))
	if err != nil {
		t.Fatal(err)
	}
	passert.Equals(s, filter.Include(s, dead, plainInput), want...)
	if err := ptest.Run(p); err != nil {
		t.Fatal(firstLine(err))
	}
}

// plain reports whether s is printable ASCII without a backslash: shown as it is.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e || s[i] == '\\' {
			return false
		}
	}
	return true
}

func plainInput(v urlx.Invalid) bool { return plain(v.Input) }

// TestResolveBaseColumn resolves "BASE<TAB>REF" lines, each against its own base, and
// compares them with the CLI's resolve of each base; a line without a tab and a base that
// does not parse are dead letters.
func TestResolveBaseColumn(t *testing.T) {
	bases := []string{"http://a/b/c/d;p?q", "ftp://h/pub/dir/", "file:///etc/x"}
	refs := []string{"g", "../g", "//x/y", "?q", "#f", "../../../../g", "http:g", "a b"}
	var lines []string
	var good, bad []any
	for _, b := range bases {
		for _, r := range refs {
			lines = append(lines, b+"\t"+r)
		}
		for _, l := range runCLI(t, writeTemp(t, strings.Join(refs, "\n")+"\n"), "resolve", b, "-") {
			if isErrorLine(l) {
				bad = append(bad, l)
			} else {
				good = append(good, l)
			}
		}
	}
	lines = append(lines, "no tab here")
	p, s := beam.NewPipelineWithRoot()
	res, dead, err := urlx.Resolve(s, "", "", beam.CreateList(s, lines))
	if err != nil {
		t.Fatal(err)
	}
	bad = append(bad, "error: the line has no tab between the base and the reference [no-tab, locator-beam]")
	passert.Equals(s, beam.ParDo(s, resultOutput, res), good...)
	passert.Equals(s, beam.ParDo(s, invalidLine, dead), bad...)
	if err := ptest.Run(p); err != nil {
		t.Fatal(firstLine(err))
	}
}

// writeTemp writes s to a file in a temporary directory and returns its path.
func writeTemp(t *testing.T, s string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "in.txt")
	if err := os.WriteFile(name, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestWrongInput gives a transform a PCollection of another type than string: an error,
// not a panic.
func TestWrongInput(t *testing.T) {
	_, s := beam.NewPipelineWithRoot()
	if _, _, err := urlx.Check(s, "", beam.Create(s, 1, 2)); err == nil {
		t.Error("Check of ints: no error")
	}
	if _, _, err := urlx.GroupBy(s, urlx.ByHost, "", beam.Create(s, 1, 2)); err == nil {
		t.Error("GroupBy of ints: no error")
	}
	if _, _, err := urlx.Extract(s, "", beam.Create(s, "text")); err == nil {
		t.Error("Extract of strings: no error")
	}
}

// diagKey is a Diagnostic's fields in one string, for passert.
func diagKey(d urlx.Diagnostic) string {
	return strings.Join([]string{d.Input, d.Severity, strconv.Itoa(d.Offset), d.Code, d.Rule, d.Message}, "\x00")
}

func utf8Input(line string) bool { return utf8.ValidString(line) }

// TestFindingsEqualCLI compares Findings over the bench files with the errors and warnings of
// "locator parse --json -", line by line (lines that are not UTF-8 aside: the JSON shows them
// changed).
func TestFindingsEqualCLI(t *testing.T) {
	for _, file := range benchFiles(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			var want []any
			for _, l := range runCLI(t, file, "parse", "--jobs", "1", "--json", "-") {
				var rec struct {
					Input            string
					Errors, Warnings []struct {
						Offset              int
						Code, Rule, Message string
					}
					InputBase64  string `json:"input_base64"`
					MoreErrors   int    `json:"more_errors"`
					MoreWarnings int    `json:"more_warnings"`
				}
				if err := json.Unmarshal([]byte(l), &rec); err != nil {
					t.Fatal(err)
				}
				if rec.InputBase64 != "" {
					continue
				}
				for sev, fs := range map[string]any{"error": rec.Errors, "warning": rec.Warnings} {
					for _, f := range fs.([]struct {
						Offset              int
						Code, Rule, Message string
					}) {
						want = append(want, diagKey(urlx.Diagnostic{Input: rec.Input, Severity: sev, Offset: f.Offset, Code: f.Code, Rule: f.Rule, Message: f.Message}))
					}
				}
				if n := rec.MoreErrors; n > 0 {
					want = append(want, diagKey(urlx.Diagnostic{Input: rec.Input, Severity: "error", Code: "more-errors", Rule: "locator.MaxFindings", Message: strconv.Itoa(n) + " more errors are not listed"}))
				}
				if n := rec.MoreWarnings; n > 0 {
					want = append(want, diagKey(urlx.Diagnostic{Input: rec.Input, Severity: "warning", Code: "more-warnings", Rule: "locator.MaxFindings", Message: strconv.Itoa(n) + " more warnings are not listed"}))
				}
			}
			if len(want) == 0 {
				t.Fatal("no findings in the file")
			}
			p, s := beam.NewPipelineWithRoot()
			d, err := urlx.Findings(s, "", filter.Include(s, urlx.ReadLines(s, file), utf8Input))
			if err != nil {
				t.Fatal(err)
			}
			passert.Equals(s, beam.ParDo(s, diagKey, d), want...)
			if err := ptest.Run(p); err != nil {
				t.Fatalf("%d findings expected: %v", len(want), firstLine(err))
			}
		})
	}
}
