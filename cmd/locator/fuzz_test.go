package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzStdin feeds arbitrary input to every command's "-" mode: no panic, exit status 0 or 1,
// exactly one output line per input line, and valid JSON lines with --json.
func FuzzStdin(f *testing.F) {
	for _, s := range []string{
		"ftp://myname@host.dom/%2Fetc/motd\nftp://@host.com/\r\n",
		"gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
		"\ufeffhttp://x/\n\n%zz\nftp://h:x/\nftp://h/a%0d%0a\n",
		"news:comp.infosystems.www\nmailto:mduerst@ifi.unizh.ch\nwais://vroom.com/db?q\n",
		"file://localhost/etc/motd\ttelnet://u:p@h:23/\nprospero://h/a;b=c\n",
		"http://[::1]:80/a b#c\x00\xff\r\r\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		want := strings.Count(in, "\n")
		if in != "" && !strings.HasSuffix(in, "\n") {
			want++
		}
		for _, args := range [][]string{
			{"parse", "-"}, {"parse", "--json", "-"}, {"parse", "--spec", "rfc3986", "--json", "-"},
			{"check", "-"}, {"plan", "-"}, {"plan", "--json", "-"},
			{"parse", "--spec", "whatwg", "--format", "href", "-"}, {"parse", "--spec", "whatwg", "--json", "-"},
			{"parse", "--jobs", "2", "--output", "tsv", "--format", "{scheme}{host}{path}", "-"},
			{"normalize", "--jobs", "2", "-"}, {"normalize", "--level", "aggressive", "--json", "-"},
			{"resolve", "--jobs", "2", "http://a/b/c/d;p?q", "-"}, {"relative", "http://a/b/c/d;p?q", "-"}, {"equal", "--jobs", "2", "-"},
			{"resolve", "--all-specs", "http://a/b/c/d;p?q", "-"},
			{"check", "--json", "-"}, {"plan", "--format", "{send}", "-"}, {"resolve", "--json", "http://a/b/c/d;p?q", "-"},
			{"relative", "--spec", "whatwg", "--jobs", "2", "--json", "http://a/b/c/d;p?q", "-"}, {"equal", "--json", "-"},
			{"resolve", "--all-specs", "--json", "http://a/b/c/d;p?q", "-"},
		} {
			var out, errb strings.Builder
			code := run(context.Background(), args, strings.NewReader(in), &out, &errb)
			if code != 0 && code != 1 {
				t.Fatalf("%q: exit %d, stderr %q", args, code, errb.String())
			}
			if errb.Len() != 0 {
				t.Fatalf("%q: stderr %q", args, errb.String())
			}
			lines := want
			if args[len(args)-2] == "{scheme}{host}{path}" {
				lines++ // the header; tsv escapes line breaks
			}
			if n := strings.Count(out.String(), "\n"); n != lines {
				t.Fatalf("%q: %d output lines for %d input lines:\n%s", args, n, want, out.String())
			}
			if strings.Contains(strings.Join(args, " "), "--json") {
				for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
					if line != "" && !json.Valid([]byte(line)) {
						t.Fatalf("%q: invalid JSON line %q", args, line)
					}
				}
			}
		}
	})
}

// oneLineCommands are the commands, templates and output kinds of FuzzOneLine: each writes
// exactly one line per input line (after a header row for tsv and csv), and the text ones
// (all but --json) no control byte but tab and line feed.
var oneLineCommands = [][]string{
	{"parse", "-"}, {"parse", "--spec", "rfc3986", "--format", "{input} {path} {errors}", "-"},
	{"parse", "--output", "csv", "-"}, {"parse", "--jobs", "2", "--output", "tsv", "-"}, {"parse", "--json", "-"},
	{"parse", "--spec", "whatwg", "-"}, {"parse", "--spec", "whatwg", "--format", "href", "-"},
	{"parse", "--spec", "whatwg", "--format", `{pathname}\t{search}{validation_errors}`, "-"}, {"parse", "--spec", "whatwg", "--output", "csv", "-"},
	{"check", "-"}, {"check", "--spec", "rfc3986", "-"}, {"check", "--json", "-"}, {"check", "--format", "{input}:{offset}: {message}", "-"},
	{"check", "--output", "csv", "-"},
	{"plan", "-"}, {"plan", "--json", "-"}, {"plan", "--format", "{path}", "-"}, {"plan", "--format", "{send} {error}", "-"},
	{"plan", "--output", "tsv", "-"}, {"plan", "--jobs", "2", "--output", "csv", "-"},
	{"resolve", "http://a/b/c/d;p?q", "-"}, {"resolve", "--all-specs", "http://a/b/c/d;p?q", "-"},
	{"resolve", "--format", "{result} {error}", "http://a/b/c/d;p?q", "-"}, {"resolve", "--spec", "whatwg", "--output", "csv", "http://a/b/c/d;p?q", "-"},
	{"resolve", "--all-specs", "--output", "tsv", "http://a/b/c/d;p?q", "-"},
	{"relative", "http://a/b/c/d;p?q", "-"}, {"relative", "--spec", "whatwg", "--output", "tsv", "http://a/b/c/d;p?q", "-"},
	{"normalize", "-"}, {"normalize", "--surt", "-"}, {"normalize", "--spec", "whatwg", "--format", "{normalized}", "-"},
	{"normalize", "--level", "aggressive", "--output", "csv", "-"},
	{"equal", "-"}, {"equal", "--format", "{a} {b} {step} {error}", "-"}, {"equal", "--output", "tsv", "-"}, {"equal", "--json", "-"},
}

// FuzzOneLine: every command, template and output kind writes one line per input line, and
// the text forms show no control byte; with arguments, a --format, --json or --output record
// is one line per argument whatever the argument holds.
func FuzzOneLine(f *testing.F) {
	for _, s := range []string{
		"file:///a%0ab\nfile:///b\n", "wais://h/db?x%22%0a%20%20send%20%22DELE%20%2Fetc\n", "mailto:%1B%5B31mRED%1B%5B0m",
		"gopher://h/0a%00b\thttp://a/%0d%0a\n", "\ufeffhttp://a/\r\nhttp://a/\u202e\xff\n", "ftp://u%ff%f4@h/a b;type=d\n",
		"http://a/\x1b[2J\x85\n%zz\t\x00\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		want := strings.Count(in, "\n")
		if in != "" && !strings.HasSuffix(in, "\n") {
			want++
		}
		for _, args := range oneLineCommands {
			var out, errb strings.Builder
			code := run(context.Background(), args, strings.NewReader(in), &out, &errb)
			if code != 0 && code != 1 {
				t.Fatalf("%q: exit %d, stderr %q", args, code, errb.String())
			}
			lines := want
			joined := strings.Join(args, " ")
			if strings.Contains(joined, "--output") {
				lines++ // the header row
			}
			if n := strings.Count(out.String(), "\n"); n != lines {
				t.Fatalf("%q: %d output lines for %d input lines:\n%q", args, n, want, out.String())
			}
			if !strings.Contains(joined, "--json") {
				if what, bad := shownBadRune(out.String()); bad {
					t.Fatalf("%q: stdout shows %s: %q", args, what, out.String())
				}
			}
			if what, bad := shownBadRune(errb.String()); bad {
				t.Fatalf("%q: stderr shows %s: %q", args, what, errb.String())
			}
		}
		// One argument, one record line; but "-", which names standard input (empty here)
		// wherever it stands, after "--" too, as cat's does (README, "Many URLs").
		if in == "-" {
			return
		}
		for _, args := range [][]string{
			{"parse", "--format", "{path}"}, {"check", "--json"}, {"plan", "--format", "{path} {send}"}, {"plan", "--output", "csv"},
			{"normalize", "--format", "{normalized}"}, {"resolve", "--format", "{result}", "http://a/b"}, {"parse", "--spec", "whatwg", "--format", "href"},
		} {
			var out, errb strings.Builder
			a := append(append([]string{}, args...), "--", in)
			if args[0] == "resolve" {
				a = append(append([]string{}, args[:3]...), "--", args[3], in)
			}
			run(context.Background(), a, strings.NewReader(""), &out, &errb)
			lines := 1
			if strings.Contains(strings.Join(args, " "), "--output") {
				lines++
			}
			if n := strings.Count(out.String(), "\n"); n != lines {
				t.Fatalf("%q: %d output lines for one argument:\n%q", a, n, out.String())
			}
		}
	})
}
