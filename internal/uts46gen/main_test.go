package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestParseRegexp(t *testing.T) {
	shape, classes, err := parseRegexp(`[A-Z\xAA\u0300-\u036F\u{1E900}\0\[][\u{10FFFD}]*\u200C$`)
	if err != nil {
		t.Fatal(err)
	}
	if shape != `[#][#]*\u200C$` || len(classes) != 2 {
		t.Fatalf("shape %q, %d classes", shape, len(classes))
	}
	want := [][2]rune{{0, 0}, {'A', 'Z'}, {'[', '['}, {0xAA, 0xAA}, {0x300, 0x36F}, {0x1E900, 0x1E900}}
	if len(classes[0]) != len(want) {
		t.Fatalf("class %v, want %v", classes[0], want)
	}
	for i, r := range want {
		if classes[0][i] != r {
			t.Errorf("range %d: %v, want %v", i, classes[0][i], r)
		}
	}
	for _, bad := range []string{`[^a]`, `[a`, `[\uD83D\uDE00]`, `[\q]`, `[é]`, `[z-a]`, `[\u{110000}]`} {
		if _, _, err := parseRegexp(bad); err == nil {
			t.Errorf("parseRegexp(%q): no error", bad)
		}
	}
}

func TestMappingTable(t *testing.T) {
	full := `[[[0,64],2],[65,1,"a"],[[66,1114111],3]]`
	starts, vals, m, err := mappingTable([]byte(full))
	if err != nil || len(starts) != 3 || m != "a" || vals[1] != 1|1<<3 {
		t.Fatalf("%v %v %q %v", starts, vals, m, err)
	}
	for _, bad := range []string{
		`[[[0,64],2],[[66,1114111],3]]`,        // a gap
		`[[[0,64],2],[65,1],[[66,1114111],3]]`, // mapped without a mapping
		`[[[0,64],2],[65,5,"a"],[[66,1114111],3]]`,
		`[[[0,64],2]]`, // short
	} {
		if _, _, _, err := mappingTable([]byte(bad)); err == nil {
			t.Errorf("mappingTable(%s): no error", bad)
		} else if strings.Contains(err.Error(), "panic") {
			t.Error(err)
		}
	}
}

func TestNormData(t *testing.T) {
	var b strings.Builder
	b.WriteString("//go:build go1.27\n\nvar testData = []runeData{\n")
	b.WriteString("\t{0x0, 0, 0, 0, f(Yes, false, \"\")},\n")
	for r := 1; r < 1200; r++ {
		b.WriteString("\t{" + "0x" + strconv.FormatInt(int64(r), 16) + ", 0, 0, 0, f(Yes, false, \"\")},\n")
	}
	b.WriteString("\t{0x2000, 0, 0, 0, f(Yes, true, \"\")},\n")
	b.WriteString("\t{0x2001, 230, 1, 1, f(Maybe, false, \"\")},\n")
	b.WriteString("\t{0x2002, 0, 0, 1, g(Yes, No, false, false, \"\\u2000\\u2001\", \"x\")},\n")
	b.WriteString("\t{0x2003, 0, 0, 1, f(No, false, \"\\u2000\\u2001\")},\n")
	b.WriteString("\t{0x2004, 0, 0, 0, f(Yes, false, \"\")},\n}\n")
	starts, vals, decs, pairs, comps, err := normData(b.String())
	if err != nil {
		t.Fatal(err)
	}
	if len(starts) != 1205 || decs != "\u2000\u2001\u2000\u2001" || len(pairs) != 1 ||
		pairs[0] != 0x2000<<21|0x2001 || comps[0] != 0x2002 || vals[1201]&0xff != 230 {
		t.Errorf("%d ranges, decompositions %+q, pairs %x → %x", len(starts), decs, pairs, comps)
	}
	if _, _, _, _, _, err := normData(strings.Replace(b.String(), "//go:build go1.27", "", 1)); err == nil {
		t.Error("data without the go1.27 build tag: no error")
	}
}

// TestWriteAtomic: the tables are written whole or not at all: the file has the new bytes and
// mode 0644, and no temporary file is left; when the rename cannot happen (a directory in the
// way), the error is returned and the temporary file removed.
func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "uts46_tables.go")
	if err := os.WriteFile(out, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := writeAtomic(out, []byte("new tables")); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	fi, _ := os.Stat(out)
	if err != nil || string(got) != "new tables" || fi.Mode().Perm() != 0o644 {
		t.Errorf("after writeAtomic: %q, %v, mode %v", got, err, fi.Mode())
	}
	blocked := filepath.Join(dir, "blocked")
	if err := os.MkdirAll(filepath.Join(blocked, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := writeAtomic(blocked, []byte("x")); err == nil {
		t.Error("writeAtomic over a directory that is not empty: no error")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("files left in the directory: %v, want the tables and the directory", names)
	}
}
