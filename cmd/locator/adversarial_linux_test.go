//go:build linux && !race

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
)

// (Not under the race detector: its runtime changes what peak memory means, and the test is
// of the command's limits, which the plain build has.)
//
// The adversarial test: every command on 1 MB inputs of each hostile shape, as an argument
// and on standard input, run as the built binary so that its peak memory (getrusage's
// maxrss, Linux) can be read. Each run must finish in time, within a memory limit, write
// at most advOutFactor bytes per input byte (plus a constant), and, on standard input,
// exactly one line per input line.

const (
	advSize      = 1 << 20  // the size of each input
	advOutFactor = 40       // output bytes per input byte (JSON of \xff: \ufffd and base64)
	advOutConst  = 64 << 10 // plus this
	// advRSSFactor is the peak memory per input byte of every command but one: the most is
	// parse --json on invalid UTF-8, about 115 MB for 1 MB.
	advRSSFactor = 96
	// advRSSFactorWHATWGJSON is that of parse --spec whatwg --json, whose output is 25 bytes
	// per byte of invalid UTF-8 (%FF in href and pathname, U+FFFD in input, base64), built
	// by encoding/json in a buffer that doubles: 164–193 MB at 1 MB (the collector's timing
	// decides), 368 MB at 2 MB, 722 MB at 4 MB: linear, with a large constant.
	advRSSFactorWHATWGJSON = 256
	advRSSConst            = 96 << 20         // plus this (the runtime, the registry, buffers)
	advTimeout             = 10 * time.Second // per run
	advVMLimitKB           = 3 << 20          // ulimit -v: a runaway run dies instead of eating the machine
	// advArgSize is the size of an input given as an argument: Linux takes no argument
	// longer than 32 pages (MAX_ARG_STRLEN, 128 KiB), so arguments are 120 KiB, standard
	// input 1 MB.
	advArgSize = 120 << 10
	// The limits of a run known to fail (advExpected).
	advExpectedTimeout = 3 * time.Second
	advExpectedVMKB    = 3 << 19
)

// advShapes are the inputs of n bytes: a URL whose host, path or authority is a long run of
// one hostile byte or character.
func advShapes(n int) map[string]string {
	rep := func(s string) string { return strings.Repeat(s, n/len(s)) }
	return map[string]string{
		"dots-host":  "http://" + rep(".") + "/",
		"dots-ftp":   "ftp://" + rep(".") + "/",
		"percent":    "http://h/" + rep("%"),
		"colons":     "http://" + rep(":"),
		"ats":        "http://" + rep("@") + "h/",
		"brackets":   "http://" + rep("["),
		"spaces":     "http://h/" + rep(" "),
		"tabs":       "http://h/" + rep("\t"),
		"controls":   "http://h/" + rep("\x01"),
		"xff":        "http://h/" + rep("\xff"),
		"rlo":        "http://h/" + rep("\u202e"),
		"combining":  "http://h/" + rep("\u0301"),
		"pct0a":      "http://h/" + rep("%0a"),
		"mailto-pct": "mailto:" + rep("%1b"),
	}
}

// advCommands are the commands; "URL" is replaced by the input (or "-", with the input on
// standard input). equal takes "URL\tURL" on standard input; extract reads text.
var advCommands = [][]string{
	{"parse", "URL"}, {"parse", "--spec", "rfc3986", "URL"}, {"parse", "--spec", "whatwg", "URL"},
	{"parse", "--json", "URL"}, {"parse", "--spec", "rfc3986", "--json", "URL"}, {"parse", "--spec", "whatwg", "--json", "URL"},
	{"parse", "--format", "{host}{path}{errors}", "URL"}, {"parse", "--spec", "whatwg", "--format", "href", "URL"},
	{"check", "URL"}, {"check", "--spec", "rfc3986", "URL"}, {"check", "--json", "URL"},
	{"plan", "URL"}, {"plan", "--json", "URL"},
	{"resolve", "http://a/b/c/d;p?q", "URL"}, {"resolve", "--spec", "whatwg", "http://a/b/c/d;p?q", "URL"},
	{"resolve", "--lenient", "http://a/b/c/d;p?q", "URL"},
	{"relative", "http://a/b/c/d;p?q", "URL"},
	{"normalize", "URL"}, {"normalize", "--surt", "URL"},
	{"equal", "URL", "URL"},
	{"extract", "URL"},
}

// advExpected are the runs known to fail: "command shape mode" → what fails (time, memory,
// output). They run with a shorter time and memory limit, so that they fail fast; a listed
// run that passes fails the test, so the list holds only what really fails (none today).
var advExpected = map[string]string{}

// advResult is what one run did.
type advResult struct {
	code     int
	out      int64 // bytes of standard output
	lines    int64
	rss      int64 // peak resident memory, bytes
	elapsed  time.Duration
	timedOut bool
	stderr   string
}

func runAdversarial(t *testing.T, key, exe string, args []string, stdin string) advResult {
	timeout, vm := advTimeout, advVMLimitKB
	if _, ok := advExpected[key]; ok {
		timeout, vm = advExpectedTimeout, advExpectedVMKB
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	// ulimit -v in a shell that then becomes the binary: the limit is the binary's alone.
	cmd := exec.CommandContext(ctx, "/bin/sh", append([]string{"-c", fmt.Sprintf(`ulimit -v %d && exec "$0" "$@"`, vm), exe}, args...)...)
	cmd.Stdin = strings.NewReader(stdin)
	var out countWriter
	var errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &limitedBuffer{b: &errb, max: 4096}
	start := time.Now()
	err := cmd.Run()
	r := advResult{out: out.n, lines: out.lines, elapsed: time.Since(start), stderr: errb.String()}
	if ctx.Err() != nil {
		r.timedOut = true
	}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	default:
		t.Fatalf("%s: %v", key, err)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.rss = ru.Maxrss * 1024 // kilobytes on Linux
	}
	return r
}

// countWriter counts bytes and line feeds, and keeps nothing.
type countWriter struct{ n, lines int64 }

func (w *countWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	w.lines += int64(bytes.Count(p, []byte("\n")))
	return len(p), nil
}

// limitedBuffer keeps the first max bytes.
type limitedBuffer struct {
	b   *bytes.Buffer
	max int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := l.max - l.b.Len(); room > 0 {
		l.b.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

func TestAdversarial(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every command on 1 MB inputs")
	}
	dir := t.TempDir()
	exe := filepath.Join(dir, "locator")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	shapes, argShapes := advShapes(advSize), advShapes(advArgSize)
	names := make([]string, 0, len(shapes))
	for k := range shapes {
		names = append(names, k)
	}
	sort.Strings(names)
	var failed []string
	seen := map[string]bool{}
	for _, name := range names {
		input := shapes[name]
		file := filepath.Join(dir, name+".txt")
		if err := os.WriteFile(file, []byte("see "+input+" here\n"), 0o644); err != nil { // extract reads FILE
			t.Fatal(err)
		}
		for _, c := range advCommands {
			for _, mode := range []string{"args", "stdin"} {
				input := input
				if mode == "args" {
					input = argShapes[name]
				}
				args := make([]string, len(c))
				stdin := ""
				for i, a := range c {
					args[i] = a
					if a != "URL" {
						continue
					}
					switch {
					case c[0] == "extract" && mode == "args":
						args[i] = file
					case c[0] == "extract":
						args[i], stdin = "-", "see "+input+" here\n"
					case mode == "args":
						args[i] = input
					default:
						args[i], stdin = "-", input+"\n"
					}
				}
				if c[0] == "equal" && mode == "stdin" {
					args, stdin = []string{"equal", "-"}, input+"\t"+input+"\n"
				}
				if c[0] == "extract" && mode == "stdin" {
					args = []string{"extract"}
				}
				key := strings.Join(c, " ") + " " + name + " " + mode
				seen[key] = true
				r := runAdversarial(t, key, exe, args, stdin)
				var why []string
				if r.timedOut {
					why = append(why, "did not finish in time")
				}
				if r.code != 0 && r.code != 1 {
					why = append(why, fmt.Sprintf("exit %d (%.200q)", r.code, r.stderr))
				}
				if limit := int64(advOutFactor*len(input) + advOutConst); r.out > limit {
					why = append(why, fmt.Sprintf("%d bytes of output > %d", r.out, limit))
				}
				factor := advRSSFactor
				if strings.Contains(key, "--spec whatwg --json") {
					factor = advRSSFactorWHATWGJSON
				}
				if limit := int64(factor*len(input) + advRSSConst); r.rss > limit {
					why = append(why, fmt.Sprintf("peak memory %d MB > %d MB", r.rss>>20, limit>>20))
				}
				if mode == "stdin" && c[0] != "extract" && r.lines != 1 && !r.timedOut {
					why = append(why, fmt.Sprintf("%d output lines for 1 input line", r.lines))
				}
				t.Logf("%-60s exit %d, %8d bytes out, %4d MB peak, %v", key, r.code, r.out, r.rss>>20, r.elapsed.Round(time.Millisecond))
				reason, expected := advExpected[key]
				switch {
				case len(why) > 0 && expected:
					t.Logf("expected failure (%s): %s: %s", reason, key, strings.Join(why, "; "))
				case len(why) > 0:
					failed = append(failed, key)
					t.Errorf("%s: %s", key, strings.Join(why, "; "))
				case expected:
					t.Errorf("%s passes but is listed in advExpected (%s): take it off", key, reason)
				}
			}
		}
	}
	for k := range advExpected {
		if !seen[k] {
			t.Errorf("advExpected names %q, which the test does not run", k)
		}
	}
	if len(failed) > 0 {
		t.Logf("failing runs (%d):\n%s", len(failed), strings.Join(failed, "\n"))
	}
}
