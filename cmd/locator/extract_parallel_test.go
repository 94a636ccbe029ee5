package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"testing/iotest"
	"time"
	"unicode/utf8"

	"github.com/locator-url/locator/extract"
)

// extractRun runs extract with args on stdin and returns its output.
func extractRun(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), append([]string{"extract"}, args...), strings.NewReader(stdin), &out, &errb)
	if code != 0 {
		t.Fatalf("extract %v: exit %d: %s", args, code, errb.String())
	}
	return out.String() + "\x00" + errb.String()
}

// TestExtractParallel: the output of --jobs 2 and 4 is that of --jobs 1, with chunks small
// enough that the texts make many of them.
func TestExtractParallel(t *testing.T) {
	defer func(c, m int) { extractChunk, extractMaxChunk = c, m }(extractChunk, extractMaxChunk)
	extractChunk, extractMaxChunk = 512, 8<<10

	files, _ := filepath.Glob("../../extract/testdata/*.txt")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	var mail strings.Builder
	for i := range 40 {
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			mail.Write(b)
			if i%3 == 0 {
				mail.WriteString("\n \t\n")
			}
		}
	}

	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"see", "<URL:ftp://foo.bar/pub/", "file>", "http://example.com/a-", "b.", "<", ">", "URL:", "news:comp.x", "> ", ">> ", "\n", "\n", "\n\n", "\n \n", "\r\n", "\r\n\r\n", "mailto:a@b.c,", "(http://x/(y))", "'http://q/'", "<http://a.b/c\n d>", "\t", "x:", "https://h/p?q=1#f", "-"}
	var random, noBlank strings.Builder
	for range 60000 {
		w := words[r.IntN(len(words))]
		random.WriteString(w)
		random.WriteByte(' ')
		if strings.TrimSpace(w) != "" && !strings.Contains(w, "\n") {
			noBlank.WriteString(w)
			if r.IntN(8) == 0 {
				noBlank.WriteString("\r\n")
			} else {
				noBlank.WriteByte(' ')
			}
		}
	}
	if loc := regexp.MustCompile(`\n[ \t\r]*\n`).FindStringIndex(noBlank.String()); loc != nil {
		t.Fatalf("no-blank text has a blank line at %d", loc[0])
	}
	crlf := strings.ReplaceAll(mail.String(), "\n", "\r\n")

	texts := map[string]string{
		"mail": mail.String(), "random": random.String(), "no-blank": noBlank.String(), "crlf": crlf,
		"mixed": mail.String() + noBlank.String() + mail.String(), "empty": "", "short": "http://a/b\n\nhttp://c/d",
	}
	argSets := [][]string{nil, {"--json"}, {"--output", "csv"}, {"--format", "{start}-{end} {url} {alternatives}"}, {"--stats"}}
	for name, text := range texts {
		for _, args := range argSets {
			want := extractRun(t, text, append([]string{"--jobs", "1"}, args...)...)
			if name == "mail" && len(args) == 0 && strings.Count(want, "\n") < 100 {
				t.Fatalf("mail: only %d findings", strings.Count(want, "\n"))
			}
			for _, jobs := range []string{"2", "4"} {
				got := extractRun(t, text, append([]string{"--jobs", jobs}, args...)...)
				if got != want {
					t.Errorf("%s %v --jobs %s: output differs from --jobs 1\n%s", name, args, jobs, firstDiff(got, want))
				}
			}
		}
	}
}

// firstDiff describes where got and want first differ.
func firstDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	return fmt.Sprintf("at byte %d: got %q, want %q", i, got[max(i-80, 0):min(i+80, len(got))], want[max(i-80, 0):min(i+80, len(want))])
}

// TestBlankEnd: where a chunk may end.
func TestBlankEnd(t *testing.T) {
	for _, c := range []struct {
		in         string
		from       int
		end, next_ int
	}{
		{"a\n\nb", 0, 3, 0}, {"a\n \t\r\nb", 0, 6, 0}, {"a\nb\n", 0, -1, 3}, {"a\n  ", 0, -1, 1},
		{"ab", 0, -1, 2}, {"a\n\nb\n\nc", 2, 6, 0},
	} {
		end, next := blankEnd([]byte(c.in), c.from)
		if end != c.end || next != c.next_ {
			t.Errorf("blankEnd(%q, %d) = %d, %d; want %d, %d", c.in, c.from, end, next, c.end, c.next_)
		}
	}
}

// extractBoth runs extract with --jobs 1 and --jobs 2 (with chunks small enough that the
// parallel path cuts the text) and returns what each wrote.
func extractBoth(t *testing.T, stdin string, args ...string) (outs, errs [2]string, codes [2]int) {
	t.Helper()
	defer func(c, m int) { extractChunk, extractMaxChunk = c, m }(extractChunk, extractMaxChunk)
	extractChunk, extractMaxChunk = 512, 64<<10
	for i, jobs := range []string{"1", "2"} {
		outs[i], errs[i], codes[i] = runLocator(t, stdin, append([]string{"extract", "--jobs", jobs}, args...)...)
	}
	return outs, errs, codes
}

// A URL longer than extract.MaxLength is not reported, but said to be skipped on standard
// error (file, offset, length, escaped start) and counted by --stats; one of MaxLength bytes is
// reported. Both sides of the limit, on both paths.
func TestExtractSkipped(t *testing.T) {
	head := "http://a.example/"
	for _, extra := range []int{0, 1} {
		long := head + strings.Repeat("a", extract.MaxLength-len(head)+extra)
		text := "intro\n\nsee " + long + " and\n\nhttp://b.example/\n"
		outs, errs, codes := extractBoth(t, text, "--stats")
		wantOut := "http://b.example/\t" + strconv.Itoa(len(text)-18) + "\t" + strconv.Itoa(len(text)-2) + "\tbare\tvalid\n"
		wantErr := "urls\t1\nvalid\t1\ninvalid\t0\nskipped\t1\nscheme\thttp\t1\n"
		if extra == 0 {
			wantOut = long + "\t11\t" + strconv.Itoa(10+len(long)) + "\tbare\tvalid\n" + wantOut
			wantErr = "urls\t2\nvalid\t2\ninvalid\t0\nskipped\t0\nscheme\thttp\t2\n"
		} else {
			wantErr = "locator: standard input: byte 11: skipped a URL of 65537 bytes, longer than 65536: \"" + long[:64] + "\"…\n" + wantErr
		}
		for i := range 2 {
			if outs[i] != wantOut || errs[i] != wantErr || codes[i] != 0 {
				t.Errorf("extra %d, --jobs %d: exit %d, stdout %.200q, stderr %.400q; want %.200q, %.400q", extra, i+1, codes[i], outs[i], errs[i], wantOut, wantErr)
			}
		}
	}

	help := helpOf(t, "extract")
	for _, want := range []string{"longer than 64 KiB", "skipped a URL of LENGTH bytes", `"skipped"`, "--spec", "rfc3986", "SIGINT"} {
		if !strings.Contains(help, want) {
			t.Errorf("extract --help does not say %q", want)
		}
	}

	// A ten-megabyte URL on one line, from a FILE whose name needs escaping.
	dir := t.TempDir()
	name := dir + "/mail\x1b[31m.txt"
	if err := os.WriteFile(name, []byte("GET http://a.example/?q="+strings.Repeat("%41", 10<<20/3)+" HTTP/1.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	outs, errs, codes := extractBoth(t, "", "--json", name)
	want := "locator: " + dir + "/mail\\x1b[31m.txt: byte 4: skipped a URL of " + strconv.Itoa(20+3*(10<<20/3)) +
		" bytes, longer than 65536: \"http://a.example/?q=%41%41%41%41%41%41%41%41%41%41%41%41%41%41%4\"…\n"
	for i := range 2 {
		if outs[i] != "" || errs[i] != want || codes[i] != 0 {
			t.Errorf("10 MB URL, --jobs %d: exit %d, stdout %.200q, stderr %q; want %q", i+1, codes[i], outs[i], errs[i], want)
		}
	}
}

// --spec chooses the strict check that "valid" follows; whatwg, which has none, is refused.
func TestExtractSpec(t *testing.T) {
	text := "home: http://a.example/~joe/ and <http://[::1]/> and http://a.example/p?q\n\nnews:comp.lang.go\n"
	rows := func(v1 string) string {
		return "http://a.example/~joe/\t6\t27\tbare\t" + v1 + "\nhttp://[::1]/\t34\t46\tbracketed\t" + v1 +
			"\nhttp://a.example/p?q\t53\t72\tbare\tvalid\nnews:comp.lang.go\t75\t91\tbare\tvalid\n"
	}
	for spec, want := range map[string]string{
		"":        rows("invalid"),
		"rfc1738": rows("invalid"),
		"rfc3986": rows("valid"),
	} {
		args := []string{}
		if spec != "" {
			args = []string{"--spec", spec}
		}
		outs, errs, codes := extractBoth(t, text, args...)
		for i := range 2 {
			if outs[i] != want || errs[i] != "" || codes[i] != 0 {
				t.Errorf("--spec %q --jobs %d: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", spec, i+1, codes[i], errs[i], outs[i], want)
			}
		}
	}
	for _, spec := range []string{"whatwg", "rfc2396", ""} {
		outs, errs, codes := extractBoth(t, text, "--spec", spec)
		for i := range 2 {
			if outs[i] != "" || codes[i] != 2 || !strings.Contains(errs[i], "--spec") || !strings.Contains(errs[i], "rfc3986") {
				t.Errorf("--spec %q --jobs %d: exit %d, stdout %q, stderr %q; want exit 2 and a message naming the choices", spec, i+1, codes[i], outs[i], errs[i])
			}
		}
	}
}

// File errors name the file that failed: a directory, a missing file, an unreadable one,
// the second of several; standard input is "standard input".
func TestExtractFileErrors(t *testing.T) {
	dir := t.TempDir()
	good := dir + "/good.txt"
	if err := os.WriteFile(good, []byte("see http://a.example/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	unreadable := dir + "/secret.txt"
	if err := os.WriteFile(unreadable, []byte("x"), 0o000); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args    []string
		out     string
		errText string
	}{
		{[]string{dir}, "", "locator: reading " + dir + ": is a directory\n"},
		{[]string{dir + "/none.txt"}, "", "locator: open " + dir + "/none.txt: no such file or directory\n"},
		{[]string{good, dir + "/none\n.txt"}, good + ":http://a.example/\t4\t20\tbare\tvalid\n", "locator: open " + dir + "/none\\n.txt: no such file or directory\n"},
		{[]string{good, dir}, good + ":http://a.example/\t4\t20\tbare\tvalid\n", "locator: reading " + dir + ": is a directory\n"},
	}
	if runtime.GOOS != "windows" && os.Geteuid() != 0 {
		cases = append(cases, struct {
			args    []string
			out     string
			errText string
		}{[]string{unreadable}, "", "locator: open " + unreadable + ": permission denied\n"})
	}
	if runtime.GOOS == "windows" {
		t.Skip("the messages are those of Linux and macOS")
	}
	for _, c := range cases {
		outs, errs, codes := extractBoth(t, "", c.args...)
		for i := range 2 {
			if outs[i] != c.out || errs[i] != c.errText || codes[i] != 1 {
				t.Errorf("extract --jobs %d %q: exit %d, stdout %q, stderr %q; want exit 1, %q, %q", i+1, c.args, codes[i], outs[i], errs[i], c.out, c.errText)
			}
		}
	}
	for _, jobs := range []string{"1", "2"} {
		var out, errb bytes.Buffer
		in := io.MultiReader(strings.NewReader("see http://a.example/ and\n"), iotest.ErrReader(errors.New("device gone")))
		code := run(context.Background(), []string{"extract", "--jobs", jobs}, in, &out, &errb)
		if code != 1 || errb.String() != "locator: reading standard input: device gone\n" {
			t.Errorf("--jobs %s: read error: exit %d, stderr %q", jobs, code, errb.String())
		}
	}
}

// A cancelled context (an interrupt) stops extract after a whole line, with exit status 1.
func TestExtractCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	text := strings.Repeat("see http://a.example/ and <URL:ftp://b.example/x>\n\n", 100000)
	for _, jobs := range []string{"1", "2"} {
		var out, errb bytes.Buffer
		code := run(ctx, []string{"extract", "--jobs", jobs}, strings.NewReader(text), &out, &errb)
		if code != 1 || errb.String() != "locator: context canceled\n" || out.Len() >= len(text)/2 {
			t.Errorf("--jobs %s: exit %d, stderr %q, %d bytes out", jobs, code, errb.String(), out.Len())
		}
	}
}

// TestExtractInterruptHelper is the locator command in a child process of
// TestExtractInterrupt; it does nothing in a normal test run.
func TestExtractInterruptHelper(t *testing.T) {
	args := os.Getenv("LOCATOR_EXTRACT_HELPER")
	if args == "" {
		return
	}
	os.Args = append([]string{"locator"}, strings.Fields(args)...)
	main()
}

// SIGINT stops the command: the test binary runs main (the command as built) on 200 MB of
// mail written through a pipe, sends os.Interrupt once output flows, and wants exit status 1,
// output that ends at a line break, and most of the input unread.
func TestExtractInterrupt(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("os.Interrupt cannot be sent to a process on Windows")
	}
	if testing.Short() {
		t.Skip("runs a child process on 200 MB")
	}
	var block []byte
	for _, f := range []string{"../../extract/testdata/mail-reply.txt", "../../extract/testdata/news-post.txt"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		block = append(block, b...)
		block = append(block, "\n\n"...)
	}
	block = bytes.Repeat(block, (64<<10)/len(block))
	const total = 200 << 20
	for _, jobs := range []string{"1", "2"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestExtractInterruptHelper$")
		cmd.Env = append(os.Environ(), "LOCATOR_EXTRACT_HELPER=extract --jobs "+jobs)
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		timer := time.AfterFunc(2*time.Minute, func() { cmd.Process.Kill() })
		var fed atomic.Int64
		go func() {
			defer stdin.Close()
			for fed.Load() < total {
				n, err := stdin.Write(block)
				fed.Add(int64(n))
				if err != nil {
					return
				}
			}
		}()
		var out bytes.Buffer
		buf := make([]byte, 64<<10)
		sent := false
		for {
			n, err := stdout.Read(buf)
			out.Write(buf[:n])
			if !sent && out.Len() > 256<<10 {
				if err := cmd.Process.Signal(os.Interrupt); err != nil {
					t.Fatal(err)
				}
				sent = true
			}
			if err != nil {
				break
			}
		}
		cmd.Wait()
		timer.Stop()
		code := cmd.ProcessState.ExitCode()
		o := out.Bytes()
		if !sent || code != 1 || errb.String() != "locator: context canceled\n" {
			t.Errorf("--jobs %s: exit %d, stderr %q; want 1 and the interrupt", jobs, code, errb.String())
		}
		if len(o) == 0 || o[len(o)-1] != '\n' {
			t.Errorf("--jobs %s: output of %d bytes does not end at a line break: %q", jobs, len(o), o[max(0, len(o)-80):])
		}
		for _, line := range strings.Split(strings.TrimSuffix(string(o), "\n"), "\n") {
			if f := strings.Split(line, "\t"); len(f) < 5 || (f[4] != "valid" && f[4] != "invalid") {
				t.Errorf("--jobs %s: broken line %q", jobs, line)
				break
			}
		}
		if n := fed.Load(); n >= total {
			t.Errorf("--jobs %s: read all %d bytes: the interrupt did not stop it", jobs, n)
		}
		t.Logf("--jobs %s: stopped after %d of %d bytes fed, %d bytes out", jobs, fed.Load(), total, len(o))
	}
}

// The command on hostile text, 1 MB of each shape (and a 10 MB URL), with --jobs 1 and 2: the
// same output on both paths, one line per finding of extract.Search and one line on standard
// error per skipped candidate, no raw control byte or invalid UTF-8 in any line, and memory
// bounded: with --jobs 1 by a constant and the findings, whatever the length of the text; with
// --jobs 2 by the chunks in flight too. (Linear time is held by the operation count of
// package extract's TestAdversarial.)
func TestExtractAdversarial(t *testing.T) {
	const mb = 1 << 20
	r := rand.New(rand.NewPCG(3, 4))
	random := func(alphabet string) string {
		b := make([]byte, mb)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		return string(b)
	}
	shapes := map[string]string{
		"<":                   strings.Repeat("<", mb),
		"<URL:":               strings.Repeat("<URL:", mb/5),
		":":                   strings.Repeat(":", mb),
		"/":                   "http://a" + strings.Repeat("/", mb),
		".":                   "http://" + strings.Repeat(".", mb) + "/",
		"- and breaks":        "http://a/" + strings.Repeat("x-\n", mb/3),
		"- and breaks, lines": strings.Repeat("http://a/b-\nc ", mb/14),
		"@":                   "mailto:" + strings.Repeat("@", mb),
		"%":                   "http://a/" + strings.Repeat("%", mb),
		"%41":                 strings.Repeat("http://a/%41%zz ", mb/16),
		"spaces":              "http://a/" + strings.Repeat(" ", mb),
		"[":                   "http://[" + strings.Repeat("[", mb),
		"\\xff":               "http://a/" + strings.Repeat("\xff", mb),
		"invalid UTF-8 URLs":  strings.Repeat("http://a/\xff\xfe <URL:http://b/\xc3>\n", mb/32),
		"controls":            random("\x00\x01\x07\x08\x0b\x0c\x1b\x7f\r\n\t"),
		"controls in URLs":    strings.Repeat("http://a/\x1b[31m <URL:http://b/\x01>\x00 ", mb/36),
		"NUL":                 strings.Repeat("\x00", mb),
		"soup":                random("<>:/-\n aUuRrLl.()'\t%@[]\x00\xff"),
		"many URLs":           strings.Repeat("see http://a.example/x and <URL:ftp://b.example/y>.\n\n", mb/52),
		"1 MB URL":            "see http://a.example/" + strings.Repeat("a", mb) + " then http://b.example/.\n",
		"10 MB URL":           "see http://a.example/" + strings.Repeat("a", 10*mb) + ".\n",
	}
	for name, text := range shapes {
		found, skips := extract.Search([]byte(text))
		var outs [2]string
		for i, jobs := range []string{"1", "2"} {
			var out, errb bytes.Buffer
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			code := run(context.Background(), []string{"extract", "--jobs", jobs}, strings.NewReader(text), &out, &errb)
			d := time.Since(start)
			runtime.ReadMemStats(&after)
			alloc := int(after.TotalAlloc - before.TotalAlloc - uint64(out.Cap()+errb.Cap()))
			outs[i] = out.String()
			lines := strings.SplitAfter(out.String(), "\n")
			lines = lines[:len(lines)-1] // the empty string after the last "\n"
			errLines := strings.SplitAfter(errb.String(), "\n")
			errLines = errLines[:len(errLines)-1]
			t.Logf("%-20s --jobs %s: %8d bytes in %8v, %6d lines, %d skipped, %9d bytes allocated", name, jobs, len(text), d, len(lines), len(errLines), alloc)
			if code != 0 || len(lines) != len(found) || len(errLines) != len(skips) || strings.Join(lines, "") != out.String() {
				t.Errorf("%s --jobs %s: exit %d, %d lines for %d findings, %d lines on stderr for %d skipped; stderr %.300q",
					name, jobs, code, len(lines), len(found), len(errLines), len(skips), errb.String())
			}
			for _, l := range append(lines, errLines...) {
				body := l[:len(l)-1]
				if !utf8.ValidString(body) || strings.ContainsFunc(body, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f }) {
					t.Errorf("%s --jobs %s: line not escaped: %.200q", name, jobs, l)
					break
				}
			}
			for _, l := range errLines {
				if !strings.HasPrefix(l, "locator: standard input: byte ") || len(l) > 200 {
					t.Errorf("%s --jobs %s: stderr line %q", name, jobs, l)
				}
			}
			perFinding := 2048 * (len(found) + len(skips))
			limit := 8<<20 + perFinding
			if jobs != "1" {
				limit += 4 * min(len(text), extractMaxChunk+2*extractChunk)
			}
			if alloc > limit {
				t.Errorf("%s --jobs %s: %d bytes allocated for %d bytes of text (limit %d)", name, jobs, alloc, len(text), limit)
			}
		}
		if outs[0] != outs[1] {
			t.Errorf("%s: --jobs 2 differs from --jobs 1\n%s", name, firstDiff(outs[1], outs[0]))
		}
	}
}
