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
