package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMutantsApply: every mutant of mutants.txt loads, and its old text stands exactly once in
// its file, so that a change elsewhere (a merge, a refactoring) cannot leave a mutant that no
// longer applies, or applies in the wrong place, until someone runs the mutants.
func TestMutantsApply(t *testing.T) {
	ms, err := load("mutants.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) < 30 {
		t.Fatalf("%d mutants loaded: the file or the parser lost some", len(ms))
	}
	root := filepath.Join("..", "..")
	for _, m := range ms {
		src, err := os.ReadFile(filepath.Join(root, m.file))
		if err != nil {
			t.Errorf("%s: %v", m.name, err)
			continue
		}
		if n := strings.Count(string(src), m.old); n != 1 {
			t.Errorf("%s: %q stands %d times in %s, want once", m.name, m.old, n, m.file)
		}
	}
}
