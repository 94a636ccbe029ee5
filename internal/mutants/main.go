// Command mutants measures how many small, plausible bugs the test suite catches. Each mutant
// in mutants.txt replaces one exact piece of one source file (which must occur there exactly
// once); the tool runs the tests of the named packages against the mutated file through
// `go test -overlay`, so the working tree is never changed, and reports which mutants the tests
// killed and which survived. A surviving mutant names a place where the suite is thin.
//
//	go run ./internal/mutants                 # every mutant in internal/mutants/mutants.txt
//	go run ./internal/mutants -run ftp-type   # the mutants whose name contains "ftp-type"
//	go run ./internal/mutants -short          # the tests with -short: quicker, may miss some
//
// The format of mutants.txt: blocks separated by blank lines, each of lines "key: value":
// name (unique), file (relative to the module root), old and new (one line each, Go-quoted
// when they hold leading or trailing space or a tab), and pkgs (space-separated packages whose
// tests run; default: the package of file). Lines starting with "#" are comments.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

type mutant struct {
	name, file, old, new string
	pkgs                 []string
	line                 int
}

func main() {
	list := flag.String("f", "internal/mutants/mutants.txt", "the mutants file")
	run := flag.String("run", "", "only the mutants whose name contains this")
	timeout := flag.Duration("timeout", 5*time.Minute, "the longest one mutant's tests may run")
	short := flag.Bool("short", false, "run the tests with -short (a mutant that survives is worth a run without)")
	flag.Parse()
	ms, err := load(*list)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutants:", err)
		os.Exit(2)
	}
	tmp, err := os.MkdirTemp("", "mutants")
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutants:", err)
		os.Exit(2)
	}
	defer os.RemoveAll(tmp)
	killed, total := 0, 0
	var survivors []string
	for _, m := range ms {
		if *run != "" && !strings.Contains(m.name, *run) {
			continue
		}
		total++
		verdict, err := try(m, tmp, *timeout, *short)
		if err != nil {
			fmt.Printf("%-40s ERROR %v\n", m.name, err)
			survivors = append(survivors, m.name+" (error)")
			continue
		}
		if verdict {
			killed++
			fmt.Printf("%-40s killed\n", m.name)
		} else {
			survivors = append(survivors, m.name)
			fmt.Printf("%-40s SURVIVED (%s:%d)\n", m.name, m.file, m.line)
		}
	}
	if total == 0 {
		fmt.Println("no mutants")
		return
	}
	fmt.Printf("killed %d of %d (%.0f%%)\n", killed, total, 100*float64(killed)/float64(total))
	if len(survivors) > 0 {
		fmt.Println("survived:", strings.Join(survivors, ", "))
		os.Exit(1)
	}
}

// try runs m's tests with the mutated file and reports whether they failed (the mutant was
// killed). A mutant whose file does not compile counts as an error, not as killed.
func try(m mutant, tmp string, timeout time.Duration, short bool) (bool, error) {
	src, err := os.ReadFile(m.file)
	if err != nil {
		return false, err
	}
	if n := strings.Count(string(src), m.old); n != 1 {
		return false, fmt.Errorf("%s: %q occurs %d times, want once", m.file, m.old, n)
	}
	mutated := filepath.Join(tmp, m.name+".go")
	if err := os.WriteFile(mutated, []byte(strings.Replace(string(src), m.old, m.new, 1)), 0o644); err != nil {
		return false, err
	}
	abs, err := filepath.Abs(m.file)
	if err != nil {
		return false, err
	}
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {abs: mutated}})
	if err != nil {
		return false, err
	}
	ov := filepath.Join(tmp, m.name+".json")
	if err := os.WriteFile(ov, overlay, 0o644); err != nil {
		return false, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	args := []string{"test", "-count=1", "-failfast", "-overlay", ov}
	if short {
		args = append(args, "-short")
	}
	args = append(args, m.pkgs...)
	cmd := exec.CommandContext(ctx, "go", args...)
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		return true, nil // a test that hangs on the mutant catches it too
	}
	if err != nil && (strings.Contains(string(out), "[build failed]") || strings.Contains(string(out), "[setup failed]")) {
		return false, fmt.Errorf("does not compile: %s", firstLine(string(out)))
	}
	return err != nil, nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// load reads the mutants file.
func load(path string) ([]mutant, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ms []mutant
	seen := map[string]bool{}
	cur := mutant{}
	flush := func(line int) error {
		if cur.name == "" && cur.file == "" && cur.old == "" {
			return nil
		}
		if cur.name == "" || cur.file == "" || cur.old == "" || cur.old == cur.new {
			return fmt.Errorf("%s:%d: a mutant needs name, file, old and a different new", path, cur.line)
		}
		if seen[cur.name] {
			return fmt.Errorf("%s:%d: mutant %q twice", path, cur.line, cur.name)
		}
		seen[cur.name] = true
		if len(cur.pkgs) == 0 {
			cur.pkgs = []string{"./" + filepath.Dir(cur.file)}
		}
		ms = append(ms, cur)
		cur = mutant{}
		return nil
	}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		l := sc.Text()
		if strings.HasPrefix(l, "#") {
			continue
		}
		if strings.TrimSpace(l) == "" {
			if err := flush(n); err != nil {
				return nil, err
			}
			continue
		}
		k, v, ok := strings.Cut(l, ": ")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want \"key: value\"", path, n)
		}
		if strings.HasPrefix(v, `"`) {
			u, err := strconv.Unquote(v)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, n, err)
			}
			v = u
		}
		if cur.line == 0 {
			cur.line = n
		}
		switch k {
		case "name":
			cur.name = v
		case "file":
			cur.file = v
		case "old":
			cur.old = v
		case "new":
			cur.new = v
		case "pkgs":
			cur.pkgs = strings.Fields(v)
		default:
			return nil, fmt.Errorf("%s:%d: unknown key %q", path, n, k)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if err := flush(n); err != nil {
		return nil, err
	}
	return ms, nil
}
