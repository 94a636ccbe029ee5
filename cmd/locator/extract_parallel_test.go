package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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
