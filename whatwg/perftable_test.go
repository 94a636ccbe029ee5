package whatwg

import (
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator/internal/cputime"
)

// The README's WHATWG performance table (issue 10, "Fast" item 6): BenchmarkTable measures the
// columns that Go code fills, and whatwg/testdata/reference/bench.js the Node 20 column, on the
// same inputs: each bench file as it is ("plain") and with its scheme in upper case ("upper",
// upperScheme: "HTTPS://…", "FILE://…"), which the fast path never takes (§4.4 scheme state
// lowercases the scheme, so no such input is its own href).

// upperScheme returns s with its scheme (the ASCII letters, digits, "+", "-" and "." before the
// first ":", starting with a letter: §4.4 scheme start state and scheme state) in upper case, and s
// unchanged when it has no such scheme (the byte order mark that starts kasztp.txt, for one).
func upperScheme(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			b := []byte(s)
			for k := range i {
				if 'a' <= b[k] && b[k] <= 'z' {
					b[k] -= 'a' - 'A'
				}
			}
			return string(b)
		default:
			return s
		}
	}
	return s
}

func TestUpperScheme(t *testing.T) {
	for in, want := range map[string]string{
		"https://a/":       "HTTPS://a/",
		"file://node.gypi": "FILE://node.gypi",
		"svn+ssh://h/x:y":  "SVN+SSH://h/x:y",
		"HTTP://a/":        "HTTP://a/",
		"\ufeffhttps://a":  "\ufeffhttps://a",
		"1http://a/":       "1http://a/",
		":a":               ":a",
		"a":                "a",
		"":                 "",
		"a/b:c":            "a/b:c",
	} {
		if got := upperScheme(in); got != want {
			t.Errorf("upperScheme(%q) = %q, want %q", in, got, want)
		}
	}
	// Every upper-cased line of the bench files misses the fast path and parses to the href of
	// the line as it is: the "upper" rows measure the same URLs through the full parser.
	for _, f := range benchFiles {
		changed := 0
		for _, l := range benchLines(t, f) {
			up := upperScheme(l)
			if up == l {
				continue
			}
			changed++
			if _, ok := parseNormalized(up); ok {
				t.Fatalf("%s: %q took the fast path", f, up)
			}
			u1, err1 := Parse(l, nil)
			u2, err2 := Parse(up, nil)
			if (err1 == nil) != (err2 == nil) || u1.Href() != u2.Href() {
				t.Fatalf("%s: %q → %q, %v; %q → %q, %v", f, l, u1.Href(), err1, up, u2.Href(), err2)
			}
		}
		if changed == 0 {
			t.Errorf("%s: no line has a scheme to upper-case", f)
		}
	}
}

// tableVariants are the rows of the table for each bench file (tableLines).
var tableVariants = []string{"plain", "upper", "messy", "messy-noidn"}

// tableLines returns the lines of the bench file name in one of tableVariants: as it is
// ("plain"), with its scheme in upper case ("upper", upperScheme), or its messy set with and
// without IDN hosts (messyLines, seed messySeed: the sets of issue 10's item 1).
func tableLines(tb testing.TB, name, variant string) []string {
	switch variant {
	case "upper":
		lines := benchLines(tb, name)
		for i, l := range lines {
			lines[i] = upperScheme(l)
		}
		return lines
	case "messy":
		return messyLines(tb, name, messySeed, true)
	case "messy-noidn":
		return messyLines(tb, name, messySeed, false)
	}
	return benchLines(tb, name)
}

// TestWriteTableSets writes the table's sets (tableLines), one file a set named
// "FILE.VARIANT" (kasztp.txt.messy, …), into the directory that LOCATOR_TABLE_DIR names:
// bench.js --messy runs it so that Node parses the very lines BenchmarkTable does (the messy
// sets are made by the Go generator, which is committed, not its output). Without the variable
// it writes them into a temporary directory and reads them back.
func TestWriteTableSets(t *testing.T) {
	dir := os.Getenv("LOCATOR_TABLE_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	for _, f := range benchFiles {
		for _, v := range tableVariants {
			lines := tableLines(t, f, v)
			name := filepath.Join(dir, f+"."+v)
			if err := os.WriteFile(name, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			// As bench.js reads a set: split at "\n", the last (empty) piece dropped.
			back := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
			if !slices.Equal(back, lines) {
				t.Fatalf("%s: %d lines written, %d read back, or a line differs", name, len(lines), len(back))
			}
		}
	}
}

// BenchmarkTable measures, per URL of each bench file (tableVariants: as it is, upper-case
// scheme, messy with and without IDN hosts), in the
// CPU time of the benchmark's thread (cputime.Thread: waiting for a CPU on a shared machine is
// not counted), in the same run:
//   - whatwg-ns/URL: Parse, as a user calls it (fast path first);
//   - full-ns/URL: "fast path defeated", the unexported parse(input, nil, false, nil), which skips
//     parseNormalized, resumeDirect and parseDirect and runs the state machine (§4.4) alone;
//   - net-url-ns/URL: net/url.Parse.
//
// The three run interleaved, in chunks of 256 URLs, taking turns at going first, so that a busy
// machine slows them alike. The result of each call is used (the href's length; the path's
// for net/url), as bench.js uses new URL(line).href.
func BenchmarkTable(b *testing.B) {
	const chunk = 256
	type contestant struct {
		unit  string
		parse func(string) int
	}
	contestants := []contestant{
		{"whatwg-ns/URL", func(s string) int {
			if u, err := Parse(s, nil); err == nil {
				return len(u.href)
			}
			return 0
		}},
		{"full-ns/URL", func(s string) int {
			if u, err := parse(s, nil, false, nil); err == nil {
				return len(u.href)
			}
			return 0
		}},
		{"net-url-ns/URL", func(s string) int {
			if u, err := url.Parse(s); err == nil {
				return len(u.Path)
			}
			return 0
		}},
	}
	for _, f := range benchFiles {
		for _, variant := range tableVariants {
			lines := tableLines(b, f, variant)
			b.Run(f+"/"+variant, func(b *testing.B) {
				defer cputime.LockThread()()
				spent := make([]time.Duration, len(contestants))
				turn := 0
				for b.Loop() {
					for k := 0; k < len(lines); k += chunk {
						ls := lines[k:min(k+chunk, len(lines))]
						for j := range contestants {
							c := (turn + j) % len(contestants)
							t0 := cputime.Thread()
							for _, l := range ls {
								sink += contestants[c].parse(l)
							}
							spent[c] += cputime.Thread() - t0
						}
						turn++
					}
				}
				urls := float64(b.N) * float64(len(lines))
				for c, ct := range contestants {
					b.ReportMetric(float64(spent[c].Nanoseconds())/urls, ct.unit)
				}
			})
		}
	}
}
