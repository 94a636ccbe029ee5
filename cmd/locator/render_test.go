package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/records"
)

// shownBadRune returns the first byte or character of s that must not reach a terminal
// (a control other than tab and line feed, DEL, a C1 control, a format character such as
// U+202E or U+FEFF, a line or paragraph separator, invalid UTF-8), and false when there is
// none.
func shownBadRune(s string) (string, bool) {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			return fmt.Sprintf("byte %#x at %d", s[i], i), true
		case r == '\n' || r == '\t':
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0, unicode.Is(unicode.Cf, r), unicode.In(r, unicode.Zl, unicode.Zp):
			return fmt.Sprintf("%U at %d", r, i), true
		}
		i += n
	}
	return "", false
}

func TestShownBadRune(t *testing.T) {
	for s, bad := range map[string]bool{"ok\tline\n": false, "é日本": false, "\x1b[0m": true, "a\xffb": true,
		"a\u202eb": true, "\ufeffx": true, "a\u0085": true, "a\u2028": true, "a\x7f": true, "\r": true} {
		if _, got := shownBadRune(s); got != bad {
			t.Errorf("shownBadRune(%q) = %v, want %v", s, got, bad)
		}
	}
}

// Item: decoded control bytes never reach the terminal. Every text output and every
// message on standard error, for URLs whose decoded parts or whose raw bytes hold escape
// sequences, line breaks, bidirectional controls and invalid UTF-8.
func TestNoControlBytesShown(t *testing.T) {
	urls := []string{
		"mailto:%1B%5B31mRED%1B%5B0m",
		"file:///tmp/a%0Ab",
		"mid:%1B%5B2J@host",
		"cid:%1B%5B2J@host",
		"afs://cell/%1B%5B2J",
		"wais://h/db?x%22%0a%20%20send%20%22DELE%20%2Fetc",
		"gopher://h/0a%1b%00b",
		"ftp://u%1b@h/a%0Db",
		"http://a/\x1b[31mred",
		"http://a/\xff\xfe",
		"http://a/\u202eevil",
		"\ufeffhttp://a/",
		"news:%E2%80%AE%1B",
		"%zz\x1b",
	}
	commands := [][]string{
		{"parse"}, {"parse", "--spec", "rfc3986"}, {"parse", "--spec", "whatwg"}, {"check"}, {"check", "-v"},
		{"check", "--spec", "rfc3986"}, {"plan"}, {"normalize"}, {"normalize", "--surt"}, {"normalize", "--spec", "whatwg"},
		{"resolve", "http://a/b/c"}, {"resolve", "--all-specs", "http://a/b/c"}, {"resolve", "--spec", "whatwg", "http://a/b/c"},
		{"relative", "http://a/b/c"}, {"relative", "--spec", "whatwg", "http://a/b/c"},
		{"check", "--format", "{input} {message}"}, {"plan", "--format", "{path} {send} {error}"},
		{"parse", "--output", "tsv"}, {"plan", "--output", "csv"},
	}
	for _, u := range urls {
		for _, c := range commands {
			args := append(append([]string{}, c...), u)
			for _, stdin := range []bool{false, true} {
				in := ""
				if stdin {
					args[len(args)-1], in = "-", u+"\n"
				}
				out, errs, code := runLocator(t, in, args...)
				if code == 2 {
					t.Errorf("%q: exit 2, stderr %q", args, errs)
				}
				if what, bad := shownBadRune(out); bad {
					t.Errorf("%q on %q: stdout shows %s:\n%q", args, u, what, out)
				}
				// A decoded line feed must not start a line of its own: with "-" there is
				// one line per input line, and no line is forged from the URL's bytes.
				header := 0
				if strings.Contains(strings.Join(args, " "), "--output") {
					header = 1
				}
				if n := strings.Count(out, "\n"); stdin && n != 1+header {
					t.Errorf("%q on %q: %d lines for one input line:\n%s", args, u, n, out)
				}
				for _, line := range strings.Split(out, "\n") {
					if strings.HasPrefix(line, `b"`) || strings.HasPrefix(line, `  send "DELE`) || strings.HasPrefix(line, "b\t") {
						t.Errorf("%q on %q: forged line %q", args, u, line)
					}
				}
				if what, bad := shownBadRune(errs); bad {
					t.Errorf("%q on %q: stderr shows %s:\n%q", args, u, what, errs)
				}
			}
		}
		for _, args := range [][]string{{"equal", u, "http://a/"}, {"equal", "--explain", "http://a/", u}} {
			out, errs, _ := runLocator(t, "", args...)
			if what, bad := shownBadRune(out + errs); bad {
				t.Errorf("%q: shows %s:\n%q", args, what, out+errs)
			}
		}
	}
	// Messages about flags quote them through display too.
	_, errs, code := runLocator(t, "", "check", "--spec", "x\x1b[2J", "http://a/")
	if _, bad := shownBadRune(errs); bad || code != 2 {
		t.Errorf("--spec with an escape: exit %d, stderr %q", code, errs)
	}
}

// JSON keeps byte offsets meaningful: an input that is not UTF-8 comes with input_base64,
// its exact bytes; a UTF-8 input has none.
func TestJSONInputBase64(t *testing.T) {
	bad := "http://h/\xff%zz"
	for _, args := range [][]string{
		{"parse", "--json"}, {"parse", "--spec", "rfc3986", "--json"}, {"parse", "--spec", "whatwg", "--json"},
		{"check", "--json"}, {"plan", "--json"}, {"normalize", "--json"}, {"resolve", "--json", "http://a/"},
		{"relative", "--json", "http://a/"},
	} {
		for _, stdin := range []bool{false, true} {
			for _, in := range []string{bad, "http://h/é%zz"} {
				a := append(append([]string{}, args...), in)
				text := ""
				if stdin {
					a[len(a)-1], text = "-", in+"\n"
				}
				out, _, _ := runLocator(t, text, a...)
				var m map[string]any
				if err := json.Unmarshal([]byte(out), &m); err != nil || strings.Count(out, "\n") != 1 {
					t.Fatalf("%q: %v\n%s", a, err, out)
				}
				b64, ok := m["input_base64"].(string)
				if utf8.ValidString(in) {
					if _, has := m["input_base64"]; has {
						t.Errorf("%q on UTF-8 input: input_base64 %v", a, m["input_base64"])
					}
					continue
				}
				raw, err := base64.StdEncoding.DecodeString(b64)
				if !ok || err != nil || string(raw) != in {
					t.Errorf("%q: input_base64 %q decodes to %q, want %q", a, b64, raw, in)
				}
				if m["input"] != strings.ToValidUTF8(in, "\ufffd") {
					t.Errorf("%q: input %q", a, m["input"])
				}
			}
		}
	}
	// equal names its inputs a and b.
	out, _, _ := runLocator(t, "", "equal", "--json", "http://a/\xff", "http://a/")
	if !strings.Contains(out, `"a_base64":"`+base64.StdEncoding.EncodeToString([]byte("http://a/\xff"))+`"`) || strings.Contains(out, "b_base64") {
		t.Errorf("equal --json: %s", out)
	}
	// The offsets count the bytes of input_base64: the error at the "%" after "\xff".
	out, _, _ = runLocator(t, "", "check", "--json", bad)
	if !strings.Contains(out, `"offset":10,`) {
		t.Errorf("check --json %q: %s, want offset 10", bad, out)
	}
}

// Item: check's output is bounded: at most maxDiagnostics findings, then a count; a long
// URL is cut in the header and shown in a window around the caret.
func TestCheckBounded(t *testing.T) {
	mk := func(n int) []locator.Finding {
		f := make([]locator.Finding, n)
		for i := range f {
			f[i] = locator.Finding{Offset: i, Code: "c", Rule: "r", Message: "m"}
		}
		return f
	}
	for n, tail := range map[int]string{0: "", 1: "^\n", maxDiagnostics - 1: "^\n", maxDiagnostics: "^\n",
		maxDiagnostics + 1: "… 1 more finding\n", maxDiagnostics + 2: "… 2 more findings\n"} {
		out := string(appendDiagnostics(nil, strings.Repeat("x", 30), mk(n), 0))
		if shown := strings.Count(out, ": error: "); shown != min(n, maxDiagnostics) || !strings.HasSuffix(out, tail) {
			t.Errorf("%d findings: %d shown, output ends %q, want %q", n, shown, out[max(0, len(out)-30):], tail)
		}
	}

	long := "http://a/" + strings.Repeat(" ", 20000)
	out, _, code := runLocator(t, "", "check", long)
	if code != 1 || len(out) > 20*(maxShownURL+windowWidth*2+400) {
		t.Errorf("check of %d bytes: exit %d, %d bytes of output", len(long), code, len(out))
	}
	if !strings.Contains(out, " more findings\n") {
		t.Errorf("no count of the findings left out:\n%s", out[max(0, len(out)-200):])
	}

	// The caret points at the right character in a window of a long URL.
	u := "http://a/" + strings.Repeat("b", 500) + "%zz" + strings.Repeat("c", 500)
	out, _, _ = runLocator(t, "", "check", u)
	lines := strings.Split(out, "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "http://a/bbb") || !strings.Contains(lines[0], "…:509: error: ") {
		t.Fatalf("header %q", lines[0])
	}
	win, caret := []rune(strings.TrimPrefix(lines[1], "  ")), strings.TrimPrefix(lines[2], "  ")
	col := strings.Index(caret, "^")
	if len(win) > windowWidth+4 || win[0] != '…' || win[len(win)-1] != '…' || col < 0 || col >= len(win) || string(win[col:col+3]) != "%zz" {
		t.Errorf("window %q, caret at %d", string(win), col)
	}
}

// parse's human forms show at most maxDiagnostics findings or validation errors per URL.
func TestParseHumanBounded(t *testing.T) {
	for _, args := range [][]string{{"parse"}, {"parse", "--spec", "rfc3986"}, {"parse", "--spec", "whatwg"}} {
		for n, more := range map[int]string{maxDiagnostics / 2: "", maxDiagnostics * 3: " more finding"} {
			u := "http://h/" + strings.Repeat("a ", n)
			if args[len(args)-1] == "whatwg" {
				u = "http://h/" + strings.Repeat("%zz", n)
			}
			out, _, _ := runLocator(t, "", append(args, u)...)
			shown := strings.Count(out, " at ")
			if shown > maxDiagnostics || more != "" && !strings.Contains(out, more) || more == "" && strings.Contains(out, " more finding") {
				t.Errorf("%q on %d bad bytes: %d findings shown:\n%s", args, n, shown, out)
			}
		}
	}
}

// Item: a template, TSV and CSV write one line per input, whatever the values hold.
func TestFormatOneLine(t *testing.T) {
	in := "file:///a%0ab\nfile:///c%0d%0a%1b\n"
	out, _, _ := runLocator(t, in, "plan", "--format", "{path}", "-")
	if out != `/a\nb`+"\n"+`/c\r\n\x1b`+"\n" {
		t.Errorf("plan --format {path}: %q", out)
	}
	out, _, _ = runLocator(t, in, "plan", "--output", "csv", "--format", "{path}{input}", "-")
	if out != "path,input\n"+`/a\nb,file:///a%0ab`+"\n"+`/c\r\n\x1b,file:///c%0d%0a%1b`+"\n" {
		t.Errorf("plan --output csv: %q", out)
	}
	out, _, _ = runLocator(t, "file:///a%5cb%09c\n", "plan", "--output", "tsv", "--format", "{path}", "-")
	if out != "path\n"+`/a\\b\tc`+"\n" {
		t.Errorf("plan --output tsv: %q", out)
	}
	// A template cannot hold a line break or another control character.
	for _, tmpl := range []string{`{path}\n`, `{path}\r`, "{path}\n", "{path}\x1b"} {
		_, errs, code := runLocator(t, in, "plan", "--format", tmpl, "-")
		if code != 2 || !strings.Contains(errs, "one line") {
			t.Errorf("--format %q: exit %d, stderr %q", tmpl, code, errs)
		}
		if _, bad := shownBadRune(errs); bad {
			t.Errorf("--format %q: stderr %q", tmpl, errs)
		}
	}
	out, _, code := runLocator(t, "file:///a\n", "plan", "--format", `{path}\t\\x`, "-")
	if code != 0 || out != "/a\t\\x\n" {
		t.Errorf(`--format '{path}\t\\x': exit %d, %q`, code, out)
	}
}

// Item: plan says when check calls the URL invalid, in every form, and follows --spec.
func TestPlanInvalid(t *testing.T) {
	out, errs, code := runLocator(t, "", "plan", "ftp://h/a b")
	if code != 1 || errs != "" || !strings.Contains(out, "\n  warning: the URL is not valid by rfc1738; at 9: ") || !strings.Contains(out, `send "RETR a b"`) {
		t.Errorf("plan 'ftp://h/a b': exit %d, stderr %q:\n%s", code, errs, out)
	}
	out, _, code = runLocator(t, "", "plan", "ftp://h/a%20b")
	if code != 0 || strings.Contains(out, "warning") {
		t.Errorf("plan of a valid URL: exit %d:\n%s", code, out)
	}
	out, _, code = runLocator(t, "", "plan", "--json", "ftp://h/a b")
	var j struct {
		Input  string
		Valid  *bool
		Errors []records.Diag
		Steps  []any
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != 1 || j.Valid == nil || *j.Valid || len(j.Errors) == 0 || j.Errors[0].Offset != 9 || len(j.Steps) == 0 {
		t.Errorf("plan --json: exit %d, %v: %s", code, err, out)
	}
	out, _, code = runLocator(t, "ftp://h/a b\nftp://h/a\n", "plan", "-")
	if code != 1 || !strings.HasPrefix(out, "\"ftp://h/a b\"\tinvalid\th:21\t") || !strings.Contains(out, "\n\"ftp://h/a\"\tok\t") {
		t.Errorf("plan -: exit %d:\n%s", code, out)
	}
	out, _, _ = runLocator(t, "ftp://h/a b\n", "plan", "--format", "{valid} {error}", "-")
	if !strings.HasPrefix(out, "false ") || !strings.Contains(out, "[unsafe-char, RFC 1738 §2.2]") {
		t.Errorf("plan --format: %q", out)
	}
	// --spec: an IPv6 literal is RFC 3986's, not RFC 1738's.
	_, _, c1 := runLocator(t, "", "plan", "http://[::1]/")
	out, _, c2 := runLocator(t, "", "plan", "--spec", "rfc3986", "http://[::1]/")
	if c1 != 1 || c2 != 0 || strings.Contains(out, "warning") {
		t.Errorf("plan http://[::1]/: exit %d under rfc1738, %d under rfc3986:\n%s", c1, c2, out)
	}
}

// Item: --spec is honoured where it means something and refused elsewhere.
func TestSpecFlag(t *testing.T) {
	for _, args := range [][]string{
		{"schemes", "--spec", "rfc1738"}, {"version", "--spec", "rfc3986"}, {"equal", "--spec", "nope", "http://a/", "http://a/"},
		{"normalize", "--spec", "rfc1808", "http://a/"},
		{"check", "--spec", "whatwg", "http://a/"}, {"plan", "--spec", "whatwg", "http://a/"}, {"parse", "--spec", "nope", "http://a/"},
	} {
		_, errs, code := runLocator(t, "", args...)
		if code != 2 || !strings.HasPrefix(errs, "locator: --spec") {
			t.Errorf("%q: exit %d, stderr %q, want exit 2", args, code, errs)
		}
	}
	for _, args := range [][]string{
		{"schemes"}, {"version"}, {"equal", "http://a/", "http://a/"}, {"normalize", "--spec", "whatwg", "http://a/"},
		{"normalize", "http://a/"}, {"plan", "--spec", "rfc3986", "http://a/"},
		{"equal", "--spec", "rfc3986", "http://a/", "http://a/"}, {"equal", "--spec", "whatwg", "http://a/", "http://a/"},
		{"normalize", "--spec", "rfc3986", "http://a/"}, {"normalize", "--spec", "rfc1738", "http://a/"},
		{"normalize", "--spec", "url-draft-1994", "http://a/"}, {"equal", "--spec", "rfc1630", "http://a/", "http://a/"}, {"parse", "--spec", "rfc3986", "http://a/"},
		{"resolve", "--spec", "rfc1808", "http://a/b", "g"}, {"relative", "--spec", "whatwg", "http://a/b", "http://a/c"},
	} {
		if _, errs, code := runLocator(t, "", args...); code != 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, errs)
		}
	}
}

// Item: check's findings follow --spec: under rfc3986 the RFC 1738 §6 notes are cited by
// RFC 3986 §7 or left out; under rfc1738 they stay.
func TestCheckFollowsSpec(t *testing.T) {
	for _, tc := range []struct {
		url, spec string
		want      []string // substrings of the output
		not       []string
	}{
		{"gopher://h:25/", "rfc1738", []string{"[port-reserved, RFC 1738 §6]"}, nil},
		{"gopher://h:25/", "rfc3986", []string{"[port-reserved, RFC 3986 §7.2]"}, []string{"RFC 1738"}},
		{"http://h:8080/", "rfc1738", []string{"[port-not-default, RFC 1738 §6]"}, nil},
		{"http://h:8080/", "rfc3986", nil, []string{"port-not-default", "RFC 1738"}},
		{"http://h/a%0D%0Ab", "rfc1738", []string{"[encoded-line-break, RFC 1738 §6]"}, nil},
		{"http://h/a%0D%0Ab", "rfc3986", []string{"[encoded-line-break, RFC 3986 §7.3]"}, []string{"RFC 1738"}},
		{"ftp://h/a b", "rfc3986", []string{"[char-not-allowed, RFC 3986"}, []string{"unencoded-unsafe-char", "RFC 1738"}},
		{"ftp://u:p@h/", "rfc3986", []string{"password-in-url"}, nil},
	} {
		out, _, _ := runLocator(t, "", "check", "--spec", tc.spec, tc.url)
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("check --spec %s %s: no %q in\n%s", tc.spec, tc.url, w, out)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(out, n) {
				t.Errorf("check --spec %s %s: %q in\n%s", tc.spec, tc.url, n, out)
			}
		}
	}
}

// Item: a line with a byte-order mark is an error for that line in every bulk command,
// and an argument with one is reported too.
func TestByteOrderMark(t *testing.T) {
	in := "\ufeffhttp://a/\nhttp://b/\n"
	for _, args := range [][]string{
		{"parse", "-"}, {"check", "-"}, {"plan", "-"}, {"normalize", "-"}, {"normalize", "--json", "-"},
		{"resolve", "http://a/", "-"}, {"relative", "http://a/", "-"}, {"relative", "--spec", "whatwg", "http://a/", "-"},
		{"parse", "--spec", "whatwg", "--format", "href", "-"}, {"resolve", "--all-specs", "http://a/", "-"},
	} {
		out, _, code := runLocator(t, in, args...)
		lines := strings.Split(out, "\n")
		if code != 1 || len(lines) != 3 || strings.Contains(out, "%EF%BB%BF") || !strings.Contains(strings.ToLower(lines[0]), "error") && !strings.Contains(lines[0], "invalid") {
			t.Errorf("%q: exit %d:\n%s", args, code, out)
		}
	}
	out, _, code := runLocator(t, "\ufeffhttp://a/\thttp://a/\nhttp://a/\t\ufeffhttp://a/\n", "equal", "-")
	// The message says which of A and B starts with the mark.
	if code != 1 || out != "error: A starts with a byte-order mark (U+FEFF), which is not part of a URL [byte-order-mark, RFC 3986 §2; RFC 3629 §6]\n"+
		"error: B starts with a byte-order mark (U+FEFF), which is not part of a URL [byte-order-mark, RFC 3986 §2; RFC 3629 §6]\n" {
		t.Errorf("equal -: exit %d:\n%s", code, out)
	}
	for _, args := range [][]string{{"equal", "--json", "-"}, {"equal", "http://a/", "\ufeffhttp://a/"}} {
		in := "http://a/\t\ufeffhttp://a/\n"
		if args[1] != "--json" {
			in = ""
		}
		out, errs, code := runLocator(t, in, args...)
		if code != 1 || !strings.Contains(out+errs, "B starts with a byte-order mark") || strings.Contains(out+errs, "A starts") {
			t.Errorf("%q: exit %d: %s%s", args, code, out, errs)
		}
	}
	// A line that is the byte-order mark alone, and one that starts with a byte like it.
	out, _, code = runLocator(t, "\ufeff\n\xef\xbb\n", "normalize", "-")
	if lines := strings.Split(out, "\n"); code != 1 || len(lines) != 3 || !strings.Contains(lines[0], "[byte-order-mark, ") || strings.Contains(lines[1], "byte-order-mark") {
		t.Errorf("normalize - of a lone byte-order mark: exit %d:\n%s", code, out)
	}
	for _, args := range [][]string{{"normalize", "\ufeffhttp://a/"}, {"resolve", "http://a/", "\ufeffg"}, {"equal", "\ufeffhttp://a/", "http://a/"}} {
		out, errs, code := runLocator(t, "", args...)
		if code != 1 || out != "" || !strings.HasPrefix(errs, `locator: \ufeff`) || !strings.Contains(errs, "[byte-order-mark, ") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// Item: --jobs takes a whole number, 1 to 256, and says so plainly.
func TestJobsFlag(t *testing.T) {
	for _, v := range []string{"0", "-3", "abc", "1.5", "", "99999999999999999999", "257"} {
		_, errs, code := runLocator(t, "http://a/\n", "parse", "--jobs", v, "-")
		if code != 2 || strings.Contains(errs, "strconv") || !strings.Contains(errs, "want a whole number of jobs, 1 to 256") {
			t.Errorf("--jobs %q: exit %d, stderr %q", v, code, errs)
		}
	}
	for _, v := range []string{"1", "2", "64", "256"} {
		if out, errs, code := runLocator(t, "http://a/\n", "normalize", "--jobs", v, "-"); code != 0 || out != "http://a/\n" {
			t.Errorf("--jobs %s: exit %d, %q, stderr %q", v, code, out, errs)
		}
	}
}

// --jobs starts its workers at once whatever the input: --jobs 1000000 took 908 MB and 3.45 s
// for one line. Every command's --jobs (the bulk commands, extract, get) refuses more than
// maxJobs as a usage error (exit 2) before reading anything, and its default is within it.
func TestJobsMaximum(t *testing.T) {
	cmds := [][]string{{"parse"}, {"check"}, {"normalize"}, {"edit", "--set", "port=81"}, {"plan"},
		{"resolve", "http://a/b"}, {"equal"}, {"encode"}, {"extract"}, {"get"}}
	for _, c := range cmds {
		for _, v := range []string{"257", "1000000", "0"} {
			args := append(append([]string{}, c...), "--jobs", v, "-")
			_, errs, code := runLocator(t, "http://a/\n", args...)
			if code != 2 || !strings.Contains(errs, "want a whole number of jobs, 1 to 256") {
				t.Errorf("%v: exit %d, stderr %q", args, code, errs)
			}
		}
	}
	if maxJobs != 256 || defaultJobs() < 1 || defaultJobs() > maxJobs {
		t.Errorf("maxJobs %d, default %d", maxJobs, defaultJobs())
	}
}

// Item: locator --version is the version command.
func TestVersionFlag(t *testing.T) {
	a, _, c1 := runLocator(t, "", "--version")
	b, _, c2 := runLocator(t, "", "version")
	if c1 != 0 || c2 != 0 || a != b || !strings.HasPrefix(a, "locator ") || strings.Count(a, "\n") != 1 {
		t.Errorf("--version: %q (exit %d); version: %q (exit %d)", a, c1, b, c2)
	}
}

// Item: a failed write of standard output is exit status 1 (never 0, never a panic), for
// help and for every command.
func TestStdoutWriteError(t *testing.T) {
	for _, args := range [][]string{
		{"--help"}, {"help"}, {"help", "check"}, {"check", "--help"}, {"version"}, {"--version"}, {"schemes"}, {"schemes", "--json"},
		{"parse", "http://a/"}, {"parse", "--json", "http://a/"}, {"parse", "--spec", "whatwg", "http://a/"}, {"check", "-v", "http://a/"},
		{"plan", "http://a/"}, {"plan", "--json", "http://a/"}, {"resolve", "http://a/", "g"}, {"resolve", "--all-specs", "http://a/", "g"},
		{"relative", "http://a/", "http://a/b"}, {"normalize", "http://a/"}, {"equal", "http://a/", "http://a/"},
		{"equal", "--explain", "http://a/", "http://a/"}, {"equal", "--json", "http://a/", "http://a/"}, {"parse", "-"}, {"extract", "-"},
	} {
		var errb strings.Builder
		code := run(context.Background(), args, strings.NewReader("see http://a/\n"), &failWriter{}, &errb)
		if code != 1 || !strings.Contains(errb.String(), "disk full") {
			t.Errorf("%q to a full disk: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// helpIssueExpected are the helps known to still name an issue (none).
var helpIssueExpected = map[string]bool{}

// Item: help speaks of the tool and the standards, not of the project's issues.
func TestHelpNoIssueNumbers(t *testing.T) {
	cmds := []string{"", "parse", "check", "plan", "resolve", "relative", "normalize", "equal", "extract", "schemes", "version"}
	for _, c := range cmds {
		args := []string{"help"}
		if c != "" {
			args = append(args, c)
		}
		out, _, code := runLocator(t, "", args...)
		if code != 0 || len(out) < 100 {
			t.Fatalf("%q: exit %d", args, code)
		}
		i := strings.Index(strings.ToLower(out), "issue")
		switch {
		case i >= 0 && helpIssueExpected[c]:
			t.Logf("expected failure: help %s mentions %q", c, out[max(0, i-40):min(len(out), i+40)])
		case i >= 0:
			t.Errorf("help %s mentions %q", c, out[max(0, i-40):min(len(out), i+40)])
		case helpIssueExpected[c]:
			t.Errorf("help %s no longer mentions an issue: remove it from helpIssueExpected", c)
		}
	}
}
