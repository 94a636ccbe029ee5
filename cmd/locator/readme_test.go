package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// readmeCommand is one "$ ..." line of a console block in README.md and the lines shown after
// it, up to the next "$ " line or the end of the block.
type readmeCommand struct {
	line int    // 1-based line of the "$ " in README.md
	cmd  string // the shell command, without "$ "
	want string // the output shown, each line ending in "\n"
}

// readmeBlocks returns the commands of every ```console block of README.md, a block a slice.
func readmeBlocks(t *testing.T) [][]readmeCommand {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var blocks [][]readmeCommand
	var cur []readmeCommand
	in := false
	for i, l := range strings.Split(string(data), "\n") {
		switch {
		case !in && l == "```console":
			in, cur = true, nil
		case in && l == "```":
			in = false
			blocks = append(blocks, cur)
		case in && strings.HasPrefix(l, "$ "):
			cur = append(cur, readmeCommand{line: i + 1, cmd: l[2:]})
		case in:
			if len(cur) == 0 {
				t.Fatalf("README.md:%d: output before any command in a console block", i+1)
			}
			cur[len(cur)-1].want += l + "\n"
		}
	}
	if in {
		t.Fatal("README.md: a console block is not closed")
	}
	return blocks
}

// TestREADME runs every console example of README.md with a freshly built locator on the
// PATH, through bash, in a directory of its own, and requires the output shown, byte for byte
// (standard error is shown after standard output, as a terminal shows a command that writes
// both). "$ echo $?" shows the exit status of the command before it; "$ cat FILE" shows a
// file the block's later commands read, so the test writes FILE with the lines shown first.
// The commands run in order in one directory, as a reader would type them.
func TestREADME(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the README's examples are POSIX shell commands")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "locator"), ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	blocks := readmeBlocks(t)
	if len(blocks) < 20 {
		t.Fatalf("found %d console blocks in README.md; the parser must have missed some", len(blocks))
	}
	ran := 0
	dir := t.TempDir()
	for _, block := range blocks {
		status := -1
		for _, c := range block {
			name := fmt.Sprintf("README.md:%d", c.line)
			if c.cmd == "echo $?" {
				if status < 0 {
					t.Errorf("%s: echo $? with no command before it", name)
				} else if got := strconv.Itoa(status) + "\n"; got != c.want {
					t.Errorf("%s: exit status %s, README shows %s", name, strings.TrimSpace(got), strings.TrimSpace(c.want))
				}
				continue
			}
			if f, ok := strings.CutPrefix(c.cmd, "cat "); ok && !strings.ContainsAny(f, " |<>") {
				if err := os.WriteFile(filepath.Join(dir, f), []byte(c.want), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command(bash, "-c", c.cmd)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "LC_ALL=C.UTF-8")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			status = 0
			if ee, ok := err.(*exec.ExitError); ok {
				status = ee.ExitCode()
			} else if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if got := stdout.String() + stderr.String(); got != c.want {
				t.Errorf("%s: $ %s\n--- got\n%s--- README shows\n%s", name, c.cmd, got, c.want)
			}
			ran++
		}
	}
	t.Logf("%d README commands in %d console blocks", ran, len(blocks))
}
