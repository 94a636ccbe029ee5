package main

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/extract"
	"github.com/locator-url/locator/internal/allocs"
	"github.com/locator-url/locator/internal/records"
	"github.com/locator-url/locator/scheme"
	"github.com/locator-url/locator/whatwg"
)

// The JSON of parse --json as it was written before the append-based encoder (jsonenc.go):
// a struct encoded by encoding/json. The tests compare the two, byte for byte.

// oldParseJSONLine returns the line of parse --json for r as encoding/json writes
// records.Parse (what the inspector of package serve returns).
func oldParseJSONLine(r *scheme.Report, spec locator.Spec) string {
	out := records.NewParse(r)
	out.Spec = spec.String()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return "{}\n"
	}
	return b.String()
}

// componentBase64 matches the fields parse --json adds to what records.Parse holds: a
// component's NAME_base64 (TestJSONComponentsBase64 checks them).
var componentBase64 = regexp.MustCompile(`,"(scheme|spec_scheme|user|password|host|port|path|query|fragment)_base64":"[A-Za-z0-9+/=]*"`)

// dropComponentBase64 returns line without the NAME_base64 fields of the components and
// without parts_base64 (an object of base64 strings, null, booleans, numbers, arrays and
// objects: no brace in a string).
func dropComponentBase64(line string) string {
	line = componentBase64.ReplaceAllString(line, "")
	const key = `,"parts_base64":`
	i := strings.Index(line, key)
	if i < 0 {
		return line
	}
	depth := 0
	for j := i + len(key); j < len(line); j++ {
		switch line[j] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return line[:i] + line[j+1:]
			}
		}
	}
	return line
}

// The append-based parse --json writes the bytes encoding/json wrote (but for the NAME_base64
// fields of the components and parts_base64, which records.Parse has not), over the benchmark
// files and the adversarial inputs, under every specification of the family.
func TestParseJSONSameAsEncodingJSON(t *testing.T) {
	lines := adversarialLines(t)
	bench := allBenchLines(t)
	if testing.Short() {
		var some []string
		for i := 0; i < len(bench); i += 10 {
			some = append(some, bench[i])
		}
		bench = some
	}
	lines = append(lines, bench...)
	specs := []locator.Spec{locator.RFC1738, locator.RFC3986, locator.URLDraft1994, locator.URLDraft1993, locator.RFC1630}
	views, bad := map[string]int{}, 0
	for _, spec := range specs {
		var pj parseJSON
		var b []byte
		for _, line := range lines {
			r := scheme.Inspect(line, spec)
			if r.View != nil {
				views[r.View.Scheme()]++
			}
			b = pj.append(b[:0], &r, spec)
			if want := oldParseJSONLine(&r, spec); dropComponentBase64(string(b)) != want {
				if bad++; bad <= 5 {
					t.Errorf("--spec %s %q:\n got %s\nwant %s", spec, line, b, want)
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d lines differ", bad)
	}
	// Every typed view was written (the plans of each view type were used).
	for _, s := range []string{"ftp", "http", "https", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file", "prospero", "mid", "cid", "afs", "rlogin", "tn3270"} {
		if views[s] == 0 {
			t.Errorf("no %s view among the inputs", s)
		}
	}
}

// appendJSONText writes what encoding/json writes, for every byte alone and after "é", and
// for the characters it escapes; without shortBF, \b and \f are \u0008 and \u000c.
func TestAppendJSONText(t *testing.T) {
	var in []string
	for c := range 256 {
		in = append(in, string([]byte{byte(c)}), "aé"+string([]byte{byte(c)})+"z")
		for at := range 17 { // at each place of the 8-byte steps (plain8)
			b := []byte("0123456789abcdef~")
			b[at] = byte(c)
			in = append(in, string(b))
		}
	}
	in = append(in, "\u2028\u2029", "a\xe2\x80", "\xed\xa0\x80", "\U0010ffff", "\xf4\x90\x80\x80", "<>&", "")
	for _, s := range in {
		want, err := json.Marshal(s) // escapes <, > and & for HTML: undone below
		if err != nil {
			t.Fatal(err)
		}
		w := strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&").Replace(string(want))
		if got := string(appendJSONStd(nil, s)); got != w {
			t.Errorf("appendJSONStd(%q) = %s, want %s", s, got, w)
		}
		if strings.ContainsAny(s, "\b\f") {
			if strings.ContainsRune(s, '\\') {
				continue // the replacement below would be ambiguous
			}
			w = strings.NewReplacer(`\b`, `\u0008`, `\f`, `\u000c`).Replace(w)
		}
		if got := string(appendJSONString(nil, s)); got != w {
			t.Errorf("appendJSONString(%q) = %s, want %s", s, got, w)
		}
	}
}

// Each view type's plan writes what encoding/json writes, for values filled at random:
// absent and present pointers, nil, empty and full slices, strings that need escaping.
func TestViewPlans(t *testing.T) {
	views := []scheme.View{scheme.FTP{}, scheme.Mid{}, scheme.File{}, scheme.Prospero{}, scheme.Session{},
		scheme.Telnet{}, scheme.HTTP{}, scheme.AFS{}, scheme.Cid{}, scheme.WAIS{}, scheme.Gopher{},
		scheme.News{}, scheme.NNTP{}, scheme.Mailto{}}
	rng := rand.New(rand.NewPCG(1, 2))
	strs := []string{"", "a", "\"\\", "\b\f\x00\x7f", "\xff", "\u2028", "é日", "<&>", "0"}
	var fill func(v reflect.Value)
	fill = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.String:
			v.SetString(strs[rng.IntN(len(strs))])
		case reflect.Bool:
			v.SetBool(rng.IntN(2) == 0)
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			v.SetInt(int64(rng.IntN(3)) - 1)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			v.SetUint(uint64(rng.IntN(3)))
		case reflect.Pointer:
			if rng.IntN(3) > 0 {
				p := reflect.New(v.Type().Elem())
				fill(p.Elem())
				v.Set(p)
			}
		case reflect.Slice:
			if n := rng.IntN(4); n > 0 {
				s := reflect.MakeSlice(v.Type(), n-1, n-1)
				for i := range n - 1 {
					fill(s.Index(i))
				}
				v.Set(s)
			}
		case reflect.Struct:
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					fill(v.Field(i))
				}
			}
		}
	}
	for _, v0 := range views {
		typ := reflect.TypeOf(v0)
		if viewPlanOf(typ) == nil {
			t.Errorf("%s: no plan; it would be encoded by encoding/json", typ)
			continue
		}
		for range 300 {
			p := reflect.New(typ)
			fill(p.Elem())
			v := p.Elem().Interface().(scheme.View)
			want, err := records.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			got, err := appendViewJSON(nil, v)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s %+v:\n got %s, %v\nwant %s", typ, v, got, err, want)
				break
			}
		}
	}
}

// dupA and dupB have a field of one name: embedded side by side, encoding/json writes
// neither.
type (
	dupA struct{ X string }
	dupB struct{ X string }
)

// A type the plans leave to encoding/json is written by it: a MarshalJSON method, a map, a
// float, two fields of one name, the "string" option.
func TestViewPlanFallback(t *testing.T) {
	for _, v := range []any{
		struct{ M map[string]int }{map[string]int{"b": 1, "a": 2}},
		struct{ F float64 }{1.5},
		struct {
			json.RawMessage
		}{json.RawMessage(`{"a":1}`)},
		struct {
			dupA
			dupB
		}{dupA{"a"}, dupB{"b"}},
		struct {
			N int `json:",string"`
		}{3},
	} {
		if viewPlanOf(reflect.TypeOf(v)) != nil {
			t.Errorf("%T has a plan", v)
		}
	}
	type inner struct {
		A string `json:"a"`
	}
	type outer struct {
		inner
		B     *inner `json:"b,omitempty"`
		C     []inner
		D     int8   `json:"d,omitempty"`
		e     string //nolint:unused // unexported: not written
		Skip  string `json:"-"`
		Empty []string
	}
	v := outer{inner: inner{"\b"}, C: []inner{{"x"}}, e: "no", Skip: "no"}
	p := viewPlanOf(reflect.TypeOf(v))
	if p == nil {
		t.Fatal("no plan for outer")
	}
	want, _ := json.Marshal(v)
	if got := p(nil, reflect.ValueOf(v)); !bytes.Equal(got, want) {
		t.Errorf("outer: got %s, want %s", got, want)
	}
}

// extract --json writes what encoding/json wrote for fileFinding, over the findings in the
// adversarial inputs and the benchmark files written as running text, with and without a
// file name (one with bytes that need escaping), and with alternatives.
func TestExtractJSONSameAsEncodingJSON(t *testing.T) {
	text := strings.Join(adversarialLines(t), "\n") + "\nsee <http://a.example/long-\n  name> and ftp://h/x-\ny\n"
	text += string(proseInput([]byte(strings.Join(allBenchLines(t)[:20000], "\n"))))
	fs := extract.Find([]byte(text))
	fs = append(fs, extract.Finding{URL: "http://a/\b\xff", Alternatives: nil, Form: extract.Wrapped},
		extract.Finding{URL: "x:y", Alternatives: []string{"a\"", "\u2028"}, Start: -1, Form: extract.Prefixed, Valid: true})
	alts := 0
	for _, file := range []string{"", "a.txt", "dir/\x01\"\xff.txt"} {
		for _, f := range fs {
			if len(f.Alternatives) > 0 {
				alts++
			}
			ff := fileFinding{File: file, Finding: f}
			var want bytes.Buffer
			enc := json.NewEncoder(&want)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(ff); err != nil {
				t.Fatal(err)
			}
			x := &extractor{f: &outputFormat{kind: outJSON}, file: file, st: newStats(false)}
			got, err := x.appendFinding(nil, f)
			if err != nil || string(got) != want.String() {
				t.Fatalf("%+v:\n got %s, %v\nwant %s", ff, got, err, want.String())
			}
		}
	}
	if len(fs) < 10000 || alts == 0 {
		t.Errorf("%d findings, %d with alternatives: the test does not look far", len(fs), alts)
	}
	// A form that is none of the package's is an error, as encoding/json made it.
	x := &extractor{f: &outputFormat{kind: outJSON}, st: newStats(false)}
	if _, err := x.appendFinding(nil, extract.Finding{URL: "a:b", Form: extract.Form(9)}); err == nil {
		t.Error("form 9: no error")
	}
}

// parse --spec whatwg --json writes what encoding/json writes for records.WHATWG, over the
// adversarial inputs and the benchmark files, without a base and against one.
func TestWHATWGJSONSameAsEncodingJSON(t *testing.T) {
	lines := append(adversarialLines(t), allBenchLines(t)...)
	if testing.Short() {
		var some []string
		for i := 0; i < len(lines); i += 7 {
			some = append(some, lines[i])
		}
		lines = some
	}
	base, err := whatwg.Parse("http://user:pass@example.com:8080/a/b/c?q#f", nil)
	if err != nil {
		t.Fatal(err)
	}
	bad, verrs, failed := 0, 0, 0
	for _, b := range []*whatwg.URL{nil, &base} {
		for _, line := range lines {
			u, ve, err := whatwg.ParseValidate(line, b)
			verrs += len(ve)
			if err != nil {
				failed++
			}
			var want bytes.Buffer
			enc := json.NewEncoder(&want)
			enc.SetEscapeHTML(false)
			if enc.Encode(records.NewWHATWG(line, &u, ve, err)) != nil {
				want.Reset()
				want.WriteString("{}\n")
			}
			if got := appendWHATWGJSON(nil, line, &u, ve, err); string(got) != want.String() {
				if bad++; bad <= 5 {
					t.Errorf("%q:\n got %s\nwant %s", line, got, want.String())
				}
			}
		}
	}
	if bad > 0 || verrs == 0 || failed == 0 {
		t.Errorf("%d lines differ (%d validation errors, %d failures)", bad, verrs, failed)
	}
}

// plan --json writes what encoding/json writes for records.Plan and records.PlanFailure, over the
// adversarial inputs and the benchmark files, with and without --gopher-literal.
func TestPlanJSONSameAsEncodingJSON(t *testing.T) {
	lines := append(adversarialLines(t), allBenchLines(t)...)
	if testing.Short() {
		var some []string
		for i := 0; i < len(lines); i += 7 {
			some = append(some, lines[i])
		}
		lines = some
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[records.Plan](), reflect.TypeFor[records.PlanFailure]()} {
		if viewPlanOf(typ) == nil {
			t.Errorf("%s: no plan; it would be encoded by encoding/json", typ)
		}
	}
	bad, plans, failures := 0, 0, 0
	for _, spec := range []locator.Spec{locator.RFC1738, locator.RFC3986} {
		for _, literal := range []bool{false, true} {
			for _, line := range lines {
				pr := planOf(line, spec, scheme.GopherPlanOptions{Literal: literal}, scheme.FTPPlanOptions{})
				var v any
				if pr.err != nil {
					failures++
					v = records.NewPlanFailure(line, pr.err)
				} else {
					plans++
					v = pr.json(line)
				}
				var want bytes.Buffer
				enc := json.NewEncoder(&want)
				enc.SetEscapeHTML(false)
				if enc.Encode(v) != nil {
					t.Fatal(line)
				}
				if got := pr.appendJSON(nil, line); string(got) != want.String() {
					if bad++; bad <= 5 {
						t.Errorf("%q:\n got %s\nwant %s", line, got, want.String())
					}
				}
			}
		}
	}
	if bad > 0 || plans == 0 || failures == 0 {
		t.Errorf("%d lines differ (%d plans, %d failures)", bad, plans, failures)
	}
}

// On 1 MB lines of the bytes the house rules name, one line of parse --json and of plan
// --json allocates no more than computing it does (scheme.Inspect; planOf and a few for the
// structs of plan's JSON), once its output buffer has grown, and writes at most 6 bytes of JSON per input byte (\u00XX) per field
// that holds the input, plus the findings (at most 100, each bounded).
func TestJSONLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MB lines")
	}
	for _, run := range []string{".", "%", ":", "@", "[", " ", "\x01", "\xff", "\"", "\\", "\b", "\u2028", "%zz"} {
		for _, line := range []string{"http://h/" + strings.Repeat(run, 1<<20/len(run)), strings.Repeat(run, 1<<20/len(run)),
			"gopher://h/1" + strings.Repeat(run, 1<<20/len(run))} {
			var pj parseJSON
			var dst []byte
			// allocs.Count with limit 0 is the least of three counts: a baseline without strays.
			inspect := allocs.Count(0, 2, func() { r := scheme.Inspect(line, locator.RFC1738); _ = r })
			r := scheme.Inspect(line, locator.RFC1738)
			dst = pj.append(dst[:0], &r, locator.RFC1738)
			encode := allocs.Count(inspect, 2, func() {
				r := scheme.Inspect(line, locator.RFC1738)
				dst = pj.append(dst[:0], &r, locator.RFC1738)
			})
			if encode > inspect {
				t.Errorf("parse --json %q×%d: %.0f allocations, Inspect alone %.0f", run, len(line)/len(run), encode, inspect)
			}
			// input, input_base64 (4/3), path and the view's path: 4 copies at most.
			if len(dst) > 4*6*len(line)+100*2000 {
				t.Errorf("parse --json %q×%d: %d bytes", run, len(line)/len(run), len(dst))
			}
			pr := planOf(line, locator.RFC1738, scheme.GopherPlanOptions{}, scheme.FTPPlanOptions{})
			dst = pr.appendJSON(dst[:0], line)
			planAllocs := allocs.Count(0, 2, func() {
				pr := planOf(line, locator.RFC1738, scheme.GopherPlanOptions{}, scheme.FTPPlanOptions{})
				_ = pr
			})
			both := allocs.Count(planAllocs+8, 2, func() {
				pr := planOf(line, locator.RFC1738, scheme.GopherPlanOptions{}, scheme.FTPPlanOptions{})
				dst = pr.appendJSON(dst[:0], line)
			})
			if both > planAllocs+8 { // the errors' slice, input_base64, the failure's finding

				t.Errorf("plan --json %q×%d: %.0f allocations, planOf alone %.0f", run, len(line)/len(run), both, planAllocs)
			}
		}
	}
}

// appendJSONText writes what encoding/json writes (SetEscapeHTML(false)) for any string,
// and with shortBF false the same but for \b and \f.
func FuzzAppendJSONText(f *testing.F) {
	for _, s := range []string{"", "a\"b\\c", "\b\f\x00\x7f", "\xff\xe2\x80", "\u2028x\u2029", "0123456789abcdef\x01", "é日本\U0010ffff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		w := strings.TrimSuffix(want.String(), "\n")
		if got := string(appendJSONStd(nil, s)); got != w {
			t.Fatalf("appendJSONStd(%q) = %s, want %s", s, got, w)
		}
		// Without shortBF: the same, but \b and \f as \u0008 and \u000c (read back when s
		// has no backslash, which would make the replacement ambiguous).
		got := string(appendJSONText(nil, s, false))
		if strings.ContainsAny(s, "\b\f") == (got == w) {
			t.Fatalf("appendJSONText(%q, false) = %s; with \\b and \\f: %s", s, got, w)
		}
		if r := strings.NewReplacer(`\u0008`, `\b`, `\u000c`, `\f`).Replace(got); !strings.Contains(s, "\\") && r != w {
			t.Fatalf("appendJSONText(%q, false) = %s, want %s with \\u0008 and \\u000c", s, got, w)
		}
	})
}

// parse --json writes what encoding/json wrote, for any input under every specification of
// the family.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{"ftp://u:p@h/a;type=d", "gopher://h/1a%09b%09+", "http://h/\xff\b", "mailto:a@b", "prospero://h/x;a=b", "%zz"} {
		f.Add(s)
	}
	specs := []locator.Spec{locator.RFC1738, locator.RFC3986, locator.URLDraft1994, locator.URLDraft1993, locator.RFC1630}
	f.Fuzz(func(t *testing.T, s string) {
		var pj parseJSON
		for _, spec := range specs {
			r := scheme.Inspect(s, spec)
			if got, want := dropComponentBase64(string(pj.append(nil, &r, spec))), oldParseJSONLine(&r, spec); got != want {
				t.Fatalf("--spec %s %q:\n got %s\nwant %s", spec, s, got, want)
			}
		}
	})
}
