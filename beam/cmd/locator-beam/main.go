// Command locator-beam runs locator's bulk work as an Apache Beam pipeline: on this machine
// (the direct or prism runner) or on a cluster (Flink, Spark, Dataflow), with the same
// binary.
//
//	locator-beam --input 'urls/*.txt' --output out/norm --op normalize --level usually
//	locator-beam --input 'gs://b/urls-*.txt' --output gs://b/out/surt --op surt \
//	    --runner dataflow --project P --region R --staging_location gs://b/staging
//
// It reads --input (a path or a glob, on any file system Beam knows) one URL per line (for
// extract: each file whole, as running text), applies --op, and writes the results to
// PREFIX-SSSSS-of-NNNNN.EXT files (--output PREFIX, --shards N, --format text, jsonl or
// csv) and the inputs it could not handle, with the error's offset, code and rule, to the
// dead-letter files (--invalid PREFIX, OUTPUT-invalid by default). The text format is the
// CLI's bulk output: "locator OP -" prints the same lines for the same input, results and
// errors together (extract: "locator extract FILE..." with several FILEs, each line starting
// with its file's name and ":"). At the end the counts (Beam metrics: valid, invalid, per scheme, per
// error code) are written to standard error.
//
// The ops: parse, check, findings (every error and warning of each line, no dead letters:
// --invalid is a usage error with it),
// normalize, surt, whatwg, resolve (against --base, or lines "BASE<TAB>REF" without it),
// extract, group-host and group-scheme (the valid URLs counted per host or scheme). --spec is the specification (parse, check, normalize, extract,
// group-*) or the resolution mode (resolve), as the CLI's --spec.
//
// Beam's own flags pass through: --runner (direct by default; prism, flink, spark,
// dataflow, universal), --endpoint, --environment_type, --project, --region and the others
// of the runner.
//
// Every shard is written, an empty one too, each under a temporary name renamed when it is
// complete (urlx.Write). An input file is read as the bytes it holds (a *.gz file is not
// decompressed), and an --input that matches no file fails the run.
//
// Exit status: 0 when the pipeline ran (whether or not some inputs were invalid: see the
// counts and the dead letters), 1 when it failed (an --input that matches no file, a file
// that cannot be read or written), 2 on a usage error (a flag's value; an argument that is not
// a flag; --invalid the same as --output).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/locator-url/locator/beam/urlx"
	"github.com/locator-url/locator/internal/display"
)

// options are the command's flags.
type options struct {
	input, output, invalid string
	op, spec, level, base  string
	format                 string
	shards                 int
}

var opts options

func init() {
	flag.StringVar(&opts.input, "input", "", "the input `PATH_OR_GLOB`: one URL per line (extract: running text)")
	flag.StringVar(&opts.output, "output", "", "the `PREFIX` of the output files: PREFIX-SSSSS-of-NNNNN.EXT")
	flag.StringVar(&opts.invalid, "invalid", "", "the `PREFIX` of the dead-letter files (default: OUTPUT-invalid)")
	flag.StringVar(&opts.op, "op", "", "the operation: parse, check, findings, normalize, surt, whatwg, resolve, extract, group-host or group-scheme")
	flag.StringVar(&opts.spec, "spec", "", "the specification (rfc1738 by default) or, for resolve, the mode (rfc3986 by default)")
	flag.StringVar(&opts.level, "level", "", "normalize: the steps: safe (default), usually, aggressive, none or a list")
	flag.StringVar(&opts.base, "base", "", "resolve: the base `URL` (without it, each line is BASE<TAB>REF)")
	flag.StringVar(&opts.format, "format", urlx.FormatText, "the output format: text, jsonl or csv")
	flag.IntVar(&opts.shards, "shards", 1, "the number of output files, `N` from 1 to 99999 (urlx.MaxShards)")
}

// usageError is an error in the flags: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func main() {
	// The flag package's messages quote a bad value whole ("invalid value … for flag
	// -shards"): each line it writes is clipped (display.Clip).
	flag.CommandLine.SetOutput(clipLines{os.Stderr})
	flag.Parse()
	if *runners.Runner == "" {
		*runners.Runner = "direct"
	}
	beam.Init()
	if err := noArgs(flag.Args()); err != nil {
		fmt.Fprintf(os.Stderr, "locator-beam: %s\n", display.Clip(err.Error()))
		os.Exit(2)
	}
	os.Exit(run(context.Background(), opts, os.Stderr))
}

// noArgs returns a usage error when args, the arguments after the flags, are not empty. The
// flag package stops at the first argument that is not a flag: in "--input a.txt b.txt
// --shards 8", b.txt would be left unread and --shards ignored.
func noArgs(args []string) error {
	if len(args) > 0 {
		return usageError{fmt.Sprintf("%s: an argument that is not a flag; the input is one --input PATH_OR_GLOB (a glob for several files)", display.Quote(args[0]))}
	}
	return nil
}

// clipLines writes each line of what it is given through display.Clip: a line stays short
// whatever value it quotes. Its writer gets the lines whole when each Write holds whole lines,
// as the flag package's do. The indentation the flag package puts before a flag's usage
// ("    \t", PrintDefaults) is its layout, not a value: it is written as it is (display would
// show the tab as \t).
type clipLines struct{ w io.Writer }

// usageIndent is what flag.PrintDefaults writes before a flag's usage text.
const usageIndent = "    \t"

func (c clipLines) Write(p []byte) (int, error) {
	var b []byte
	for line := range strings.Lines(string(p)) {
		text, nl := strings.CutSuffix(line, "\n")
		if rest, ok := strings.CutPrefix(text, usageIndent); ok {
			b = append(b, usageIndent...)
			text = rest
		}
		b = append(b, display.Clip(text)...)
		if nl {
			b = append(b, '\n')
		}
	}
	if _, err := c.w.Write(b); err != nil {
		return 0, err
	}
	return len(p), nil
}

// run builds and runs the pipeline, and writes the error or the counts to errw. It returns
// the exit status.
func run(ctx context.Context, o options, errw io.Writer) int {
	p, s := beam.NewPipelineWithRoot()
	if err := build(s, o); err != nil {
		// Every error of build is in the flags: a usage error.
		fmt.Fprintf(errw, "locator-beam: %s\n", display.Clip(err.Error()))
		return 2
	}
	res, err := beamx.RunWithMetrics(ctx, p)
	if err != nil {
		fmt.Fprintf(errw, "locator-beam: %s\n", display.Clip(err.Error()))
		return 1
	}
	if res != nil {
		writeCounts(errw, res)
	}
	return 0
}

// build adds the pipeline of o to s.
func build(s beam.Scope, o options) error {
	switch {
	case o.input == "":
		return usageError{"--input is required"}
	case o.output == "":
		return usageError{"--output is required"}
	case o.shards < 1:
		return usageError{"--shards: want 1 or more"}
	case o.shards > urlx.MaxShards:
		return usageError{fmt.Sprintf("--shards: want at most %d", urlx.MaxShards)}
	}
	if o.op == "findings" && o.invalid != "" {
		// findings writes every finding of every line as a result: there are no dead letters,
		// and an --invalid given for them would be ignored without a word.
		return usageError{"--invalid: --op findings writes no dead letters (every line's findings are its results)"}
	}
	if o.invalid == "" {
		o.invalid = o.output + "-invalid"
	}
	if samePrefix(o.invalid, o.output) && o.op != "findings" {
		// The two would write the same files, the dead letters over the results.
		return usageError{"--invalid: the same prefix as --output; the dead letters would replace the results"}
	}
	if err := urlx.CheckPath(o.input); err != nil {
		return usageError{"--input: " + err.Error()}
	}
	var out, dead beam.PCollection
	var err error
	switch o.op {
	case "extract":
		out, dead, err = urlx.Extract(s, o.spec, urlx.ReadDocuments(s, o.input))
	case "findings":
		out, err = urlx.Findings(s, o.spec, urlx.ReadLines(s, o.input))
		if err != nil {
			return usageError{err.Error()}
		}
		return urlx.Write(s, o.format, o.output, o.shards, out)
	case "group-host", "group-scheme":
		out, dead, err = urlx.GroupBy(s, strings.TrimPrefix(o.op, "group-"), o.spec, urlx.ReadLines(s, o.input))
	default:
		c := urlx.Config{Op: urlx.Op(o.op), Spec: o.spec, Level: o.level, Base: o.base}
		if _, err := urlx.Compile(c); err != nil {
			return usageError{err.Error()}
		}
		out, dead, err = urlx.Apply(s, c, urlx.ReadLines(s, o.input))
	}
	if err != nil {
		return usageError{err.Error()}
	}
	if err := urlx.Write(s, o.format, o.output, o.shards, out); err != nil {
		return usageError{err.Error()}
	}
	return urlx.Write(s, o.format, o.invalid, o.shards, dead)
}

// samePrefix reports whether the output prefixes a and b name the same files: equal, or
// local paths equal once cleaned ("out/x" and "out/./x").
func samePrefix(a, b string) bool {
	if a == b {
		return true
	}
	if strings.Contains(a, "://") || strings.Contains(b, "://") {
		return false
	}
	return filepath.Clean(a) == filepath.Clean(b)
}

// writeCounts writes the counters of namespace urlx.Namespace, "NAME<TAB>COUNT" sorted by
// name, as the CLI's --stats writes its counts.
func writeCounts(w io.Writer, res beam.PipelineResult) {
	counts := map[string]int64{}
	for _, c := range res.Metrics().AllMetrics().Counters() {
		if c.Key.Namespace == urlx.Namespace {
			counts[c.Key.Name] += c.Result()
		}
	}
	names := make([]string, 0, len(counts))
	for k := range counts {
		names = append(names, k)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, k := range names {
		fmt.Fprintf(&b, "%s\t%d\n", display.String(k), counts[k])
	}
	io.WriteString(w, b.String())
}
