// Command uts46gen writes whatwg/uts46_tables.go, the Unicode data of the whatwg package's UTS
// #46 processing (Unicode IDNA Compatibility Processing, which the WHATWG URL Standard's domain
// to ASCII runs), from the data that the reference implementation ships: the npm package tr46,
// at a pinned version whose tarball is checked against a pinned sha512 integrity.
//
// It reads two files of the package: lib/mappingTable.json (the IDNA Mapping Table of UTS #46
// §5: for every code point, its status and mapping) and lib/regexes.js (the code point sets of
// the validity criteria: General_Category=Mark, Canonical_Combining_Class=Virama, the
// Joining_Type classes of the CONTEXTJ rule for U+200C, and the Bidi_Class sets of the bidi rule,
// each a JavaScript regular expression). Every regular expression must have the shape this
// generator expects (its character classes replaced by placeholders), or it fails: a new tr46
// that changes the rules' shape needs a look at the code, not only new tables.
//
// The normalization (NFC) tables come from golang.org/x/text v0.43.0 (see xtextVersion).
//
// Usage, from the whatwg folder (go generate runs it):
//
//	go run ../internal/uts46gen -o uts46_tables.go   # runs npm pack and go mod download
//	go run ../internal/uts46gen -tgz tr46-7.0.0.tgz -xtext DIR -o uts46_tables.go
package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha512"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// The pinned input: the npm package tr46 that npm whatwg-url 17.3.0 (the WHATWG reference
// implementation) depends on, and the integrity the npm registry records for its tarball.
//
// The normalization data (NFC) comes from golang.org/x/text at xtextVersion: the test data of
// its package unicode/norm for Unicode 17.0.0 (unicode/norm/data17.0.0_test.go: per code point,
// the Canonical_Combining_Class, NFC_Quick_Check and full canonical decomposition), which the Go
// 1.26 build of x/text does not use (its tables are Unicode 15.0.0). The JavaScript engine of
// the reference normalizes with ICU, Unicode 17.0 in Node 20.20 (ICU 78).
const (
	xtextVersion  = "v0.43.0"
	xtextNormFile = "unicode/norm/data17.0.0_test.go"
	nfcVersion    = "17.0.0"
)

const (
	tr46Version   = "7.0.0"
	tr46Integrity = "sha512-BcDSDW+SIGWVOns1Zm6Yg91q9AEj7eaID0QDY9oIqJD1A8dscNwMcl9Sms2DeuWCNov1X0/oXanHGYQBSLwZsg=="
)

// Status values of lib/statusMapping.js (tr46), and the ones the generated file uses.
var statusOf = map[int]int{
	2: 0, // valid
	1: 1, // mapped
	3: 2, // disallowed
	6: 3, // deviation
	7: 4, // ignored
}

// propSets are the regular expressions of lib/regexes.js, in the order of their property bits
// in the generated file, each with its shape: the source with every character class replaced
// by "[#]", and the Go names of the bits its classes give (in order).
var propSets = []struct {
	name  string
	shape string
	bits  []string
}{
	{"combiningMarks", "[#]", []string{"propMark"}},
	{"combiningClassVirama", "[#]", []string{"propVirama"}},
	{"validZWNJ", `[#][#]*\u200C[#]*[#]`, []string{"propJoinLD", "propJoinT", "", "propJoinRD"}},
	{"bidiDomain", "[#]", []string{"propBidiDomain"}},
	{"bidiS1LTR", "[#]", []string{"propBidiL"}},
	{"bidiS1RTL", "[#]", []string{"propBidiRAL"}},
	{"bidiS2", "^[#]*$", []string{"propBidiRTLAllowed"}},
	{"bidiS3", "[#][#]*$", []string{"propBidiRTLEnd", "propBidiNSM"}},
	{"bidiS4EN", "[#]", []string{"propBidiEN"}},
	{"bidiS4AN", "[#]", []string{"propBidiAN"}},
	{"bidiS5", "^[#]*$", []string{"propBidiLTRAllowed"}},
	{"bidiS6", "[#][#]*$", []string{"propBidiLTREnd", "propBidiNSM6"}},
}

func main() {
	out := flag.String("o", "uts46_tables.go", "the Go file to write")
	tgz := flag.String("tgz", "", "the tr46-"+tr46Version+".tgz tarball (default: fetch it with npm pack)")
	xtext := flag.String("xtext", "", "the golang.org/x/text@"+xtextVersion+" folder (default: go mod download)")
	flag.Parse()
	if err := run(*out, *tgz, *xtext); err != nil {
		log.Fatal("uts46gen: ", err)
	}
}

func run(out, tgz, xtext string) error {
	data, err := tarball(tgz)
	if err != nil {
		return err
	}
	sum := sha512.Sum512(data)
	if got := "sha512-" + base64.StdEncoding.EncodeToString(sum[:]); got != tr46Integrity {
		return fmt.Errorf("tarball integrity %s, want %s (tr46 %s)", got, tr46Integrity, tr46Version)
	}
	files, err := untar(data, "package/package.json", "package/lib/mappingTable.json",
		"package/lib/regexes.js", "package/lib/statusMapping.js")
	if err != nil {
		return err
	}
	var pkg struct {
		Version        string `json:"version"`
		UnicodeVersion string `json:"unicodeVersion"`
	}
	if err := json.Unmarshal(files["package/package.json"], &pkg); err != nil {
		return err
	}
	if pkg.Version != tr46Version || pkg.UnicodeVersion == "" {
		return fmt.Errorf("package.json: version %q, unicodeVersion %q", pkg.Version, pkg.UnicodeVersion)
	}
	if err := checkStatusMapping(string(files["package/lib/statusMapping.js"])); err != nil {
		return err
	}
	starts, vals, mappings, err := mappingTable(files["package/lib/mappingTable.json"])
	if err != nil {
		return err
	}
	pstarts, pmasks, err := properties(string(files["package/lib/regexes.js"]))
	if err != nil {
		return err
	}
	normSrc, err := xtextNorm(xtext)
	if err != nil {
		return err
	}
	nstarts, nvals, ndec, pairs, comps, err := normData(normSrc)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by internal/uts46gen from npm tr46 %s and golang.org/x/text %s; DO NOT EDIT.\n\n", tr46Version, xtextVersion)
	b.WriteString("package whatwg\n\n")
	fmt.Fprintf(&b, "// uts46UnicodeVersion is the version of Unicode (and so of UTS #46) of these tables: the\n")
	fmt.Fprintf(&b, "// unicodeVersion of npm tr46 %s, whose lib/mappingTable.json and lib/regexes.js they hold.\n", tr46Version)
	fmt.Fprintf(&b, "const uts46UnicodeVersion = %q\n\n", pkg.UnicodeVersion)
	fmt.Fprintf(&b, "// uts46Source names the generator's input.\n")
	fmt.Fprintf(&b, "const uts46Source = %q\n\n", "npm tr46 "+tr46Version+" "+tr46Integrity)
	b.WriteString("// The property bits of uts46PropMasks, one for each character class of lib/regexes.js.\n")
	b.WriteString("const (\n")
	n := 0
	for _, s := range propSets {
		for _, bit := range s.bits {
			if bit == "" {
				continue
			}
			fmt.Fprintf(&b, "\t%s uint16 = 1 << %d // %s\n", bit, n, s.name)
			n++
		}
	}
	b.WriteString(")\n\n")
	b.WriteString("// uts46Starts holds the first code point of each range of the IDNA Mapping Table (UTS #46\n")
	b.WriteString("// §5), and uts46Vals the range's value: status (uts46Valid…uts46Ignored) in bits 0–2, the\n")
	b.WriteString("// mapping's length in bytes in bits 3–10 and its offset in uts46Mappings from bit 11.\n")
	writeInts(&b, "uts46Starts", "uint32", starts, true)
	writeInts(&b, "uts46Vals", "uint32", vals, true)
	fmt.Fprintf(&b, "// uts46Mappings holds the mappings of the mapped and deviation ranges, UTF-8, concatenated.\n")
	fmt.Fprintf(&b, "const uts46Mappings = %s\n\n", quoteLong(mappings))
	b.WriteString("// uts46PropStarts holds the first code point of each range of equal properties, and\n")
	b.WriteString("// uts46PropMasks its property bits.\n")
	writeInts(&b, "uts46PropStarts", "uint32", pstarts, true)
	m32 := make([]uint32, len(pmasks))
	for i, m := range pmasks {
		m32[i] = uint32(m)
	}
	writeInts(&b, "uts46PropMasks", "uint16", m32, false)
	fmt.Fprintf(&b, "// nfcUnicodeVersion is the version of Unicode of the normalization tables: those of\n")
	fmt.Fprintf(&b, "// golang.org/x/text %s %s.\n", xtextVersion, xtextNormFile)
	fmt.Fprintf(&b, "const nfcUnicodeVersion = %q\n\n", nfcVersion)
	b.WriteString("// nfcStarts holds the first code point of each range of equal normalization properties,\n")
	b.WriteString("// and nfcVals its value: Canonical_Combining_Class in bits 0–7, NFC_Quick_Check (0 Yes,\n")
	b.WriteString("// 1 No, 2 Maybe) in bits 8–9, the full canonical decomposition's length in bytes in bits\n")
	b.WriteString("// 10–15 and its offset in nfcDecompositions from bit 16. Hangul syllables are left to the\n")
	b.WriteString("// algorithm of Unicode §3.12.\n")
	writeInts(&b, "nfcStarts", "uint32", nstarts, true)
	writeInts(&b, "nfcVals", "uint32", nvals, true)
	fmt.Fprintf(&b, "// nfcDecompositions holds the full canonical decompositions, UTF-8, concatenated.\n")
	fmt.Fprintf(&b, "const nfcDecompositions = %s\n\n", quoteLong(ndec))
	b.WriteString("// nfcPairs holds the primary composites' canonical decomposition pairs, first<<21 | second,\n")
	b.WriteString("// sorted, and nfcComposites the composite of each.\n")
	fmt.Fprintf(&b, "var nfcPairs = [%d]uint64{", len(pairs))
	for i, p := range pairs {
		if i%6 == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%#x, ", p)
	}
	b.WriteString("\n}\n\n")
	writeInts(&b, "nfcComposites", "uint32", comps, true)
	src, err := format.Source(b.Bytes())
	if err != nil {
		return err
	}
	return writeAtomic(out, src)
}

// writeAtomic writes data to name through a temporary file in the same directory, renamed over
// name once written and synced: an interrupted run leaves the old tables, never half of new ones.
func writeAtomic(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".tmp-*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// tarball reads the tarball at path, or, when path is "", fetches it with npm pack.
func tarball(path string) ([]byte, error) {
	if path != "" {
		return os.ReadFile(path)
	}
	dir, err := os.MkdirTemp("", "uts46gen")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	cmd := exec.Command("npm", "pack", "--silent", "--pack-destination", dir, "tr46@"+tr46Version)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("npm pack tr46@%s: %v", tr46Version, err)
	}
	return os.ReadFile(filepath.Join(dir, "tr46-"+tr46Version+".tgz"))
}

func untar(data []byte, names ...string) (map[string][]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(zr)
	files := map[string][]byte{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if slices.Contains(names, h.Name) {
			if files[h.Name], err = io.ReadAll(tr); err != nil {
				return nil, err
			}
		}
	}
	for _, n := range names {
		if _, ok := files[n]; !ok {
			return nil, fmt.Errorf("tarball has no %s", n)
		}
	}
	return files, nil
}

// checkStatusMapping checks that lib/statusMapping.js gives the status numbers statusOf reads.
func checkStatusMapping(js string) error {
	for name, num := range map[string]int{"mapped": 1, "valid": 2, "disallowed": 3, "deviation": 6, "ignored": 7} {
		if !strings.Contains(js, name+": "+strconv.Itoa(num)) {
			return fmt.Errorf("statusMapping.js does not say %s: %d", name, num)
		}
	}
	return nil
}

// mappingTable reads lib/mappingTable.json: entries [cp, status, mapping?] or [[lo, hi], status,
// mapping?], sorted and covering U+0000..U+10FFFF without a gap. Adjacent entries of equal value
// are merged.
func mappingTable(js []byte) (starts, vals []uint32, mappings string, err error) {
	var entries [][]json.RawMessage
	if err := json.Unmarshal(js, &entries); err != nil {
		return nil, nil, "", err
	}
	var buf strings.Builder
	offsets := map[string]int{}
	next := 0
	for _, e := range entries {
		if len(e) < 2 || len(e) > 3 {
			return nil, nil, "", fmt.Errorf("mapping table entry %s", e)
		}
		var lo, hi int
		var r [2]int
		if err := json.Unmarshal(e[0], &lo); err == nil {
			hi = lo
		} else if err := json.Unmarshal(e[0], &r); err == nil {
			lo, hi = r[0], r[1]
		} else {
			return nil, nil, "", fmt.Errorf("mapping table entry %s", e)
		}
		var st int
		if err := json.Unmarshal(e[1], &st); err != nil {
			return nil, nil, "", err
		}
		status, ok := statusOf[st]
		if !ok {
			return nil, nil, "", fmt.Errorf("mapping table status %d", st)
		}
		var m string
		if len(e) == 3 {
			if err := json.Unmarshal(e[2], &m); err != nil {
				return nil, nil, "", err
			}
		}
		if (m != "") != (status == 1) && !(status == 3 && m != "") {
			// tr46 gives a mapping exactly for mapped entries and for deviations that map.
			return nil, nil, "", fmt.Errorf("mapping table entry %s: status %d with mapping %q", e, st, m)
		}
		if lo != next || hi < lo {
			return nil, nil, "", fmt.Errorf("mapping table entry %s: want a range from %#x", e, next)
		}
		next = hi + 1
		off, ok := offsets[m]
		if !ok {
			off = buf.Len()
			offsets[m] = off
			buf.WriteString(m)
		}
		if len(m) > 255 || off >= 1<<21 {
			return nil, nil, "", errors.New("mapping table too large for the packing")
		}
		if m == "" {
			off = 0
		}
		v := uint32(status) | uint32(len(m))<<3 | uint32(off)<<11
		if n := len(vals); n > 0 && vals[n-1] == v && len(m) == 0 {
			continue
		}
		starts = append(starts, uint32(lo))
		vals = append(vals, v)
	}
	if next != 0x110000 {
		return nil, nil, "", fmt.Errorf("mapping table ends at %#x", next)
	}
	return starts, vals, buf.String(), nil
}

var constRE = regexp.MustCompile(`(?m)^const (\w+) = /(.*)/(\w*);$`)

// properties reads the regular expressions of lib/regexes.js into ranges of property bits.
func properties(js string) (starts []uint32, masks []uint16, err error) {
	found := map[string][2]string{}
	for _, m := range constRE.FindAllStringSubmatch(js, -1) {
		found[m[1]] = [2]string{m[2], m[3]}
	}
	if len(found) != len(propSets) {
		return nil, nil, fmt.Errorf("regexes.js has %d regular expressions, want %d", len(found), len(propSets))
	}
	var mask [0x110000]uint16
	bit := 0
	for _, s := range propSets {
		re, ok := found[s.name]
		if !ok {
			return nil, nil, fmt.Errorf("regexes.js has no %s", s.name)
		}
		if re[1] != "u" {
			return nil, nil, fmt.Errorf("regexes.js %s: flags %q", s.name, re[1])
		}
		shape, classes, err := parseRegexp(re[0])
		if err != nil {
			return nil, nil, fmt.Errorf("regexes.js %s: %v", s.name, err)
		}
		if shape != s.shape || len(classes) != len(s.bits) {
			return nil, nil, fmt.Errorf("regexes.js %s: shape %q, want %q", s.name, shape, s.shape)
		}
		for i, b := range s.bits {
			if b == "" {
				continue
			}
			for _, r := range classes[i] {
				for c := r[0]; c <= r[1]; c++ {
					mask[c] |= 1 << bit
				}
			}
			bit++
		}
	}
	for c := range mask {
		if c == 0 || mask[c] != mask[c-1] {
			starts = append(starts, uint32(c))
			masks = append(masks, mask[c])
		}
	}
	return starts, masks, nil
}

// parseRegexp splits a JavaScript regular expression (u flag) into its shape, each character
// class replaced by "[#]", and the classes' code point ranges. Only what tr46's generator
// writes is understood: classes of literal characters, \uXXXX, \u{X…}, \xXX, \0 and escaped
// punctuation, and ranges of those; no negated class.
func parseRegexp(src string) (string, [][][2]rune, error) {
	var shape strings.Builder
	var classes [][][2]rune
	for i := 0; i < len(src); {
		if src[i] != '[' {
			if src[i] == '\\' {
				// an escape outside a class is kept in the shape as written
				shape.WriteString(src[i : i+2])
				i += 2
				continue
			}
			shape.WriteByte(src[i])
			i++
			continue
		}
		i++
		if i < len(src) && src[i] == '^' {
			return "", nil, errors.New("negated class")
		}
		var cls [][2]rune
		for {
			if i >= len(src) {
				return "", nil, errors.New("unclosed class")
			}
			if src[i] == ']' {
				i++
				break
			}
			lo, n, err := classChar(src[i:])
			if err != nil {
				return "", nil, err
			}
			i += n
			hi := lo
			if i+1 < len(src) && src[i] == '-' && src[i+1] != ']' {
				hi, n, err = classChar(src[i+1:])
				if err != nil {
					return "", nil, err
				}
				i += 1 + n
			}
			if hi < lo || hi > 0x10FFFF {
				return "", nil, fmt.Errorf("bad range %#x-%#x", lo, hi)
			}
			cls = append(cls, [2]rune{lo, hi})
		}
		sort.Slice(cls, func(a, b int) bool { return cls[a][0] < cls[b][0] })
		classes = append(classes, cls)
		shape.WriteString("[#]")
	}
	return shape.String(), classes, nil
}

// classChar reads one character of a class: a literal or an escape.
func classChar(s string) (rune, int, error) {
	if s[0] != '\\' {
		if s[0] >= 0x80 {
			return 0, 0, errors.New("non-ASCII literal")
		}
		return rune(s[0]), 1, nil
	}
	if len(s) < 2 {
		return 0, 0, errors.New("trailing backslash")
	}
	switch s[1] {
	case 'u':
		if strings.HasPrefix(s, `\u{`) {
			end := strings.IndexByte(s, '}')
			if end < 0 {
				return 0, 0, errors.New(`unclosed \u{`)
			}
			v, err := strconv.ParseUint(s[3:end], 16, 32)
			return rune(v), end + 1, err
		}
		if len(s) < 6 {
			return 0, 0, errors.New(`short \u`)
		}
		v, err := strconv.ParseUint(s[2:6], 16, 32)
		if err == nil && 0xD800 <= v && v <= 0xDBFF && len(s) >= 8 && s[6:8] == `\u` &&
			strings.ContainsAny(s[8:9], "dDeEfF") && strings.ContainsAny(s[9:10], "cCdDeEfF") {
			// with the u flag, a high and a low surrogate escape are one code point
			err = errors.New(`surrogate pair escape`)
		}
		return rune(v), 6, err
	case 'x':
		if len(s) < 4 {
			return 0, 0, errors.New(`short \x`)
		}
		v, err := strconv.ParseUint(s[2:4], 16, 32)
		return rune(v), 4, err
	case '0':
		return 0, 2, nil
	}
	if c := s[1]; c < 0x80 && !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
		return rune(c), 2, nil
	}
	return 0, 0, fmt.Errorf("escape %q", s[:2])
}

// writeInts writes v as a Go array variable of type [len(v)]typ.
func writeInts(b *bytes.Buffer, name, typ string, v []uint32, hex bool) {
	fmt.Fprintf(b, "var %s = [%d]%s{", name, len(v), typ)
	for i, x := range v {
		if i%10 == 0 {
			b.WriteString("\n")
		}
		if hex {
			fmt.Fprintf(b, "%#x, ", x)
		} else {
			fmt.Fprintf(b, "%d, ", x)
		}
	}
	b.WriteString("\n}\n\n")
}

// quoteLong writes s as a concatenation of Go string literals of at most about 80 bytes.
func quoteLong(s string) string {
	var parts []string
	for len(s) > 0 {
		n := 0
		for n < len(s) && n < 48 {
			_, size := utf8DecodeLen(s[n:])
			n += size
		}
		parts = append(parts, strconv.Quote(s[:n]))
		s = s[n:]
	}
	if len(parts) == 0 {
		return `""`
	}
	return strings.Join(parts, " +\n\t")
}

func utf8DecodeLen(s string) (rune, int) {
	for i, r := range s {
		if i > 0 {
			return r, i
		}
	}
	return 0, len(s)
}

// xtextNorm reads xtextNormFile of golang.org/x/text at xtextVersion from dir, or from the
// module cache after go mod download (which checks the module against the checksum database).
func xtextNorm(dir string) (string, error) {
	if dir == "" {
		cmd := exec.Command("go", "mod", "download", "-json", "golang.org/x/text@"+xtextVersion)
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			return "", fmt.Errorf("go mod download golang.org/x/text@%s: %v", xtextVersion, err)
		}
		var m struct{ Dir string }
		if err := json.Unmarshal(out, &m); err != nil {
			return "", err
		}
		dir = m.Dir
	}
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(xtextNormFile)))
	return string(data), err
}

var normLineRE = regexp.MustCompile(`^\t\{(0x[0-9a-f]+), (\d+), \d+, \d+, ([fg])\((.*)\)\},$`)

// normData reads the runeData lines of x/text's normalization test data: each gives, from its
// code point up to the next line's, the ccc, and for the canonical form the quick check and the
// full decomposition. It returns the ranges, the decompositions, and the composition pairs:
// for each primary composite (a canonical decomposition, NFC_Quick_Check not No), the code
// point whose full decomposition is the composite's but the last code point, and that last.
func normData(src string) (starts, vals []uint32, decs string, pairs []uint64, comps []uint32, err error) {
	if !strings.Contains(src, "//go:build go1.27") {
		return nil, nil, "", nil, nil, errors.New(xtextNormFile + ": not the Unicode 17 data")
	}
	type entry struct {
		r   rune
		ccc int
		qc  int
		dec string
	}
	var es []entry
	for _, line := range strings.Split(src, "\n") {
		m := normLineRE.FindStringSubmatch(line)
		if m == nil {
			if strings.HasPrefix(line, "\t{0x") {
				return nil, nil, "", nil, nil, fmt.Errorf("runeData line %q", line)
			}
			continue
		}
		r, _ := strconv.ParseUint(m[1][2:], 16, 32)
		ccc, _ := strconv.Atoi(m[2])
		args, err := splitArgs(m[4])
		if err != nil {
			return nil, nil, "", nil, nil, fmt.Errorf("%q: %v", line, err)
		}
		var qcName, dec string
		switch {
		case m[3] == "f" && len(args) == 3:
			qcName, dec = args[0], args[2]
		case m[3] == "g" && len(args) == 6:
			qcName, dec = args[0], args[4]
		default:
			return nil, nil, "", nil, nil, fmt.Errorf("runeData line %q", line)
		}
		qc := map[string]int{"Yes": 0, "No": 1, "Maybe": 2}[qcName]
		if qcName != "Yes" && qc == 0 {
			return nil, nil, "", nil, nil, fmt.Errorf("quick check %q", qcName)
		}
		if dec, err = strconv.Unquote(dec); err != nil {
			return nil, nil, "", nil, nil, err
		}
		if len(es) > 0 && rune(r) <= es[len(es)-1].r {
			return nil, nil, "", nil, nil, fmt.Errorf("runeData not sorted at %#x", r)
		}
		es = append(es, entry{rune(r), ccc, qc, dec})
	}
	if len(es) < 1000 || es[0].r != 0 {
		return nil, nil, "", nil, nil, errors.New("too little runeData")
	}
	var buf strings.Builder
	full := map[string]rune{} // full decomposition → primary composite
	for i, e := range es {
		if e.dec != "" {
			if i+1 < len(es) && es[i+1].r != e.r+1 && e.qc != 1 {
				// (a range of composition exclusions with one decomposition is fine)
				return nil, nil, "", nil, nil, fmt.Errorf("a range of %#x with a decomposition", e.r)
			}
			if len(e.dec) > 63 || buf.Len() >= 1<<16 {
				return nil, nil, "", nil, nil, errors.New("decompositions too large for the packing")
			}
			if e.qc != 1 {
				full[e.dec] = e.r
			}
		}
		off := 0
		if e.dec != "" {
			off = buf.Len()
			buf.WriteString(e.dec)
		}
		starts = append(starts, uint32(e.r))
		vals = append(vals, uint32(e.ccc)|uint32(e.qc)<<8|uint32(len(e.dec))<<10|uint32(off)<<16)
	}
	type pair struct {
		key  uint64
		comp rune
	}
	var ps []pair
	for dec, c := range full {
		rs := []rune(dec)
		if len(rs) < 2 {
			return nil, nil, "", nil, nil, fmt.Errorf("%#x: a primary composite of one code point", c)
		}
		last := rs[len(rs)-1]
		first := rs[0]
		if len(rs) > 2 {
			var ok bool
			if first, ok = full[string(rs[:len(rs)-1])]; !ok {
				return nil, nil, "", nil, nil, fmt.Errorf("%#x: no composite for %q", c, string(rs[:len(rs)-1]))
			}
		}
		ps = append(ps, pair{uint64(first)<<21 | uint64(last), c})
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].key < ps[j].key })
	for _, p := range ps {
		pairs = append(pairs, p.key)
		comps = append(comps, uint32(p.comp))
	}
	return starts, vals, buf.String(), pairs, comps, nil
}

// splitArgs splits the arguments of an f(...) or g(...) call: identifiers, booleans and Go
// string literals.
func splitArgs(s string) ([]string, error) {
	var args []string
	for len(s) > 0 {
		s = strings.TrimLeft(s, " ")
		if s[0] == '"' {
			q, err := strconv.QuotedPrefix(s)
			if err != nil {
				return nil, err
			}
			args = append(args, q)
			s = s[len(q):]
		} else {
			end := strings.IndexByte(s, ',')
			if end < 0 {
				end = len(s)
			}
			args = append(args, strings.TrimSpace(s[:end]))
			s = s[end:]
		}
		s = strings.TrimPrefix(s, ",")
	}
	return args, nil
}
