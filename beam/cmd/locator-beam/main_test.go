package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"
	"github.com/locator-url/locator/beam/urlx"
	"github.com/locator-url/locator/internal/display"
)

// root is the repository's root, the root module.
const root = "../../.."

var userbait = filepath.Join(root, "testdata", "bench", "userbait.txt")

func TestMain(m *testing.M) {
	flag.Parse()
	*runners.Runner = "direct"
	beam.Init()
	os.Exit(m.Run())
}

// buildCLI builds the locator command from the root module.
func buildCLI(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "locator")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/locator")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/locator: %v\n%s", err, out)
	}
	return bin
}

// runCLI runs the locator command with args and the file in on standard input and returns its
// output lines, sorted; exit status 1 (some input invalid) is expected.
func runCLI(t *testing.T, bin, in string, args ...string) []string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	if in != "" {
		f, err := os.Open(in)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd.Stdin = f
	}
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Fatalf("locator %s: %v", strings.Join(args, " "), err)
		}
	}
	return sortedLines(string(out))
}

func sortedLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	l := strings.Split(s, "\n")
	slices.Sort(l)
	return l
}

// readShards returns the lines of every file PREFIX-*-of-NNNNN.EXT, sorted, and the number of
// files.
func readShards(t *testing.T, pattern string) ([]string, int) {
	t.Helper()
	names, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	return sortedLines(all.String()), len(names)
}

// TestCommandEqualsCLI runs locator-beam over a bench file, for several ops, on the direct
// runner and (for one op) on prism, and compares its output and dead-letter files, together,
// with the CLI's bulk output for the same file.
func TestCommandEqualsCLI(t *testing.T) {
	bin := buildCLI(t)
	cases := []struct {
		o      options
		runner string
		cli    []string
	}{
		{options{op: "normalize", level: "usually"}, "direct", []string{"normalize", "--level", "usually", "-"}},
		{options{op: "surt"}, "prism", []string{"normalize", "--surt", "-"}},
		{options{op: "check", spec: "rfc3986"}, "direct", []string{"check", "--spec", "rfc3986", "-"}},
		{options{op: "extract"}, "direct", []string{"extract", userbait, os.DevNull}}, // "FILE:" on each line
	}
	for _, c := range cases {
		t.Run(c.o.op+"/"+c.runner, func(t *testing.T) {
			dir := t.TempDir()
			o := c.o
			o.input, o.output, o.format, o.shards = userbait, filepath.Join(dir, "out"), urlx.FormatText, 3
			*runners.Runner = c.runner
			defer func() { *runners.Runner = "direct" }()
			var errw bytes.Buffer
			if code := run(context.Background(), o, &errw); code != 0 {
				t.Fatalf("exit status %d: %s", code, errw.Bytes())
			}
			if !strings.Contains(errw.String(), "\nvalid\t") && !strings.HasPrefix(errw.String(), "valid\t") {
				t.Errorf("no counts on standard error: %q", errw.String())
			}
			got, n := readShards(t, filepath.Join(dir, "out-[0-9]*-of-00003.txt"))
			bad, _ := readShards(t, filepath.Join(dir, "out-invalid-*-of-00003.txt"))
			if n < 2 {
				t.Errorf("%d output files, want 3 shards", n)
			}
			got = append(got, bad...)
			slices.Sort(got)
			in := userbait
			if c.o.op == "extract" {
				in = ""
			}
			want := runCLI(t, bin, in, c.cli...)
			if !slices.Equal(got, want) {
				t.Errorf("%d lines, the CLI %d; first difference: %s", len(got), len(want), firstDiff(got, want))
			}
		})
	}
}

func firstDiff(a, b []string) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return "locator-beam " + a[i] + " | locator " + b[i]
		}
	}
	return "one is a prefix of the other"
}

// TestFormats writes the results and the dead letters of check as JSON lines and as CSV, and
// reads them back.
func TestFormats(t *testing.T) {
	dir := t.TempDir()
	o := options{input: userbait, op: "check", shards: 1}
	o.output, o.format = filepath.Join(dir, "j"), urlx.FormatJSONL
	if code := run(context.Background(), o, new(bytes.Buffer)); code != 0 {
		t.Fatalf("jsonl: exit status %d", code)
	}
	o.output, o.format = filepath.Join(dir, "c"), urlx.FormatCSV
	if code := run(context.Background(), o, new(bytes.Buffer)); code != 0 {
		t.Fatalf("csv: exit status %d", code)
	}
	lines, _ := readShards(t, filepath.Join(dir, "j-invalid-00000-of-00001.jsonl"))
	if len(lines) == 0 {
		t.Fatal("no dead letters")
	}
	for _, l := range lines {
		var v urlx.Invalid
		if err := json.Unmarshal([]byte(l), &v); err != nil || v.Code == "" || v.Rule == "" || v.Input == "" {
			t.Fatalf("dead letter %s: %v", l, err)
		}
	}
	f, err := os.Open(filepath.Join(dir, "c-00000-of-00001.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(recs[0], []string{"input", "output", "scheme"}) || len(recs) < 11000 {
		t.Fatalf("header %q, %d records", recs[0], len(recs))
	}
	for _, r := range recs[1:] {
		if r[1] != "ok "+r[0] && strings.IndexFunc(r[0], func(c rune) bool { return c < 0x20 || c > 0x7e }) < 0 {
			t.Fatalf("record %q", r)
		}
	}
}

// TestUsage checks the exit status and the message of wrong flags.
// TestMessagesBounded: a usage error about a 100,000-byte value (an unknown format, op, level;
// a bad base) is one line of at most what display.Clip shows, and so is each line the flag
// package writes about a bad flag value (clipLines), which quotes it whole.
func TestMessagesBounded(t *testing.T) {
	big := strings.Repeat("a\x01", 50000)
	limit := 4*display.MaxMessage + 100
	for _, o := range []options{
		{input: "x", output: "x", op: "check", format: big, shards: 1},
		{input: "x", output: "x", op: big, shards: 1},
		{input: "x", output: "x", op: "normalize", level: big, shards: 1},
		{input: "x", output: "x", op: "resolve", base: "::" + big, shards: 1},
		{input: "nofs" + big + "://b/x", output: "x", op: "check", shards: 1},
	} {
		var errw bytes.Buffer
		code := run(context.Background(), o, &errw)
		if msg := errw.String(); code != 2 || len(msg) > limit || strings.Count(msg, "\n") != 1 {
			t.Errorf("exit %d, a message of %d bytes, %d lines: %.100q…", code, len(msg), strings.Count(msg, "\n"), msg)
		}
	}
	var out bytes.Buffer
	fs := flag.NewFlagSet("locator-beam", flag.ContinueOnError)
	fs.SetOutput(clipLines{&out})
	fs.Int("shards", 1, "the number of output files")
	if err := fs.Parse([]string{"-shards", big}); err == nil {
		t.Fatal("-shards with letters: no error")
	}
	for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		if len(line) > limit {
			t.Errorf("the flag package wrote a line of %d bytes: %.100q…", len(line), line)
		}
	}
	if !strings.Contains(out.String(), "for flag -shards: parse error\n") || !strings.Contains(out.String(), "\n    \tthe number of output files (default 1)\n") {
		t.Errorf("clipLines lost the message's end or the usage's layout: …%q", out.String()[max(0, out.Len()-300):])
	}
}

// TestUsageLayout: -h writes the flag package's usage with its layout (each flag's usage
// after "    \t"), not with the tab shown as \t, and with the flags' texts escaped.
func TestUsageLayout(t *testing.T) {
	var out bytes.Buffer
	fs := flag.NewFlagSet("locator-beam", flag.ContinueOnError)
	fs.SetOutput(clipLines{&out})
	fs.String("format", "text", "the output format:\ttext, jsonl or csv")
	if err := fs.Parse([]string{"-h"}); err != flag.ErrHelp {
		t.Fatalf("-h: %v", err)
	}
	want := "Usage of locator-beam:\n  -format string\n    \tthe output format:\\ttext, jsonl or csv (default \"text\")\n"
	if out.String() != want {
		t.Errorf("-h wrote %q, want %q", out.String(), want)
	}
}

func TestUsage(t *testing.T) {
	for _, c := range []struct {
		o    options
		want string
	}{
		{options{output: "x", op: "check"}, "--input is required"},
		{options{input: "x", op: "check"}, "--output is required"},
		{options{input: "x", output: "x", op: "nope", shards: 1}, `op "nope": unknown`},
		{options{input: "x", output: "x", op: "normalize", level: "never", shards: 1}, `level "never"`},
		{options{input: "x", output: "x", op: "resolve", base: "::", shards: 1}, "base"},
		{options{input: "x", output: "x", op: "check", format: "xml", shards: 1}, `format "xml"`},
		{options{input: "nofs://b/x", output: "x", op: "check", shards: 1}, `--input: file system scheme "nofs" not registered`},
		{options{input: "x", output: "nofs://b/x", op: "check", format: "text", shards: 1}, `file system scheme "nofs" not registered`},
		// 1<<32 shards was a division by zero while the pipeline ran (exit status 1).
		{options{input: "x", output: "x", op: "check", format: "text", shards: 1 << 32}, "--shards: want at most 99999"},
		{options{input: "x", output: "x", op: "check", format: "text", shards: urlx.MaxShards + 1}, "--shards: want at most 99999"},
		// The dead letters were written over the results (exit status 0).
		{options{input: "x", output: "d/x", invalid: "d/./x", op: "check", format: "text", shards: 1}, "--invalid: the same prefix as --output"},
		// --invalid was ignored without a word: findings has no dead letters.
		{options{input: "x", output: "d/x", invalid: "d/y", op: "findings", format: "text", shards: 1}, "--invalid: --op findings writes no dead letters"},
	} {
		var errw bytes.Buffer
		if code := run(context.Background(), c.o, &errw); code != 2 || !strings.Contains(errw.String(), c.want) {
			t.Errorf("%+v: exit status %d, %q; want 2 and %q", c.o, code, errw.String(), c.want)
		}
	}
}

// TestNoArgs: an argument after the flags is a usage error; "--input a.txt b.txt" read a.txt
// alone, with exit status 0.
func TestNoArgs(t *testing.T) {
	if err := noArgs(nil); err != nil {
		t.Errorf("no arguments: %v", err)
	}
	err := noArgs([]string{"b.txt", "--shards", "8"})
	if _, ok := err.(usageError); !ok || !strings.Contains(err.Error(), `"b.txt": an argument that is not a flag`) {
		t.Errorf("an argument: %v, want a usage error", err)
	}
}

// TestCommandRerun: a second run with the same --output replaces every file of the first,
// the results' and the dead letters', even when this run has fewer lines, none invalid, or
// none at all; an --input that matches no file is exit status 1 and writes nothing.
func TestCommandRerun(t *testing.T) {
	dir := t.TempDir()
	o := options{input: userbait, output: filepath.Join(dir, "out"), op: "check", format: urlx.FormatText, shards: 3}
	if code := run(context.Background(), o, new(bytes.Buffer)); code != 0 {
		t.Fatalf("first run: exit status %d", code)
	}
	one := filepath.Join(dir, "one.txt")
	os.WriteFile(one, []byte("http://only.example/\n"), 0o644)
	o.input = one
	if code := run(context.Background(), o, new(bytes.Buffer)); code != 0 {
		t.Fatalf("second run: exit status %d", code)
	}
	got, n := readShards(t, filepath.Join(dir, "out-*-of-00003.txt"))
	if !slices.Equal(got, []string{"ok http://only.example/"}) || n != 6 {
		t.Errorf("after the second run, %d files hold %d lines (%q…), want 6 files and the one line", n, len(got), got[:min(3, len(got))])
	}
	o.input, o.output = filepath.Join(dir, "missing.txt"), filepath.Join(dir, "none")
	var errw bytes.Buffer
	if code := run(context.Background(), o, &errw); code != 1 || !strings.Contains(errw.String(), "no file matches") {
		t.Errorf("an input that matches no file: exit status %d, %q", code, errw.String())
	}
	if names, _ := filepath.Glob(o.output + "*"); len(names) > 0 {
		t.Errorf("an input that matches no file wrote %q", names)
	}
}
