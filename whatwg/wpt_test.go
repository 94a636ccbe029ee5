package whatwg

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// -update-xfail rewrites testdata/expected-failures/whatwg-*.txt from the current failures,
// keeping the reasons already written there.
var updateXFail = flag.Bool("update-xfail", false, "rewrite the expected-failures lists")

// loadJSON reads a test file below testdata/ and returns its entries that are objects (WPT files
// mix in strings, which are comments).
func loadJSON(t testing.TB, name string) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var raw []any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	for _, x := range raw {
		if m, ok := x.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// xfail checks results (case id → failure description, "" for a pass) against the expected
// failures list testdata/expected-failures/whatwg-<name>.txt, in both directions: a failure not
// listed fails the test, and so does a listed case that passes.
func xfail(t *testing.T, name string, ids []string, results map[string]string) {
	t.Helper()
	path := filepath.Join("..", "testdata", "expected-failures", "whatwg-"+name+".txt")
	want := map[string]string{}
	if f, err := os.Open(path); err == nil {
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			id, reason, _ := strings.Cut(line, "\t")
			want[id] = reason
		}
		f.Close()
	}
	pass, xf := 0, 0
	var lines []string
	for _, id := range ids {
		got := results[id]
		reason, listed := want[id]
		switch {
		case got == "" && !listed:
			pass++
		case got == "" && listed:
			if !*updateXFail {
				t.Errorf("%s %s: unexpected pass (listed as expected failure: %s)", name, id, reason)
			}
			pass++
		case got != "" && listed:
			xf++
			lines = append(lines, id+"\t"+reason)
		default:
			if !*updateXFail {
				t.Errorf("%s %s: %s", name, id, got)
			}
			xf++
			lines = append(lines, id+"\t"+oneLine(got))
		}
	}
	known := map[string]bool{}
	for _, id := range ids {
		known[id] = true
	}
	for id := range want {
		if !known[id] && !*updateXFail {
			t.Errorf("%s: expected-failures lists %q, which is no case", name, id)
		}
	}
	t.Logf("%s: %d cases, %d passed, %d expected failures", name, len(ids), pass, xf)
	if *updateXFail {
		sort.Strings(lines)
		if len(lines) == 0 {
			os.Remove(path)
			return
		}
		os.MkdirAll(filepath.Dir(path), 0o755)
		hdr := "# Expected failures of whatwg tests on " + name + ": one case id, a tab, the reason.\n"
		os.WriteFile(path, []byte(hdr+strings.Join(lines, "\n")+"\n"), 0o644)
	}
}

func oneLine(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > 300 {
		s = s[:300]
	}
	return s
}

func str(m map[string]any, k string) (string, bool) {
	v, ok := m[k].(string)
	return v, ok
}

// urlGetters are the attributes urltestdata.json and setters_tests.json compare.
var urlGetters = map[string]func(*URL) string{
	"href":     func(u *URL) string { return u.Href() },
	"origin":   func(u *URL) string { return u.Origin() },
	"protocol": func(u *URL) string { return u.Protocol() },
	"username": func(u *URL) string { return u.Username() },
	"password": func(u *URL) string { return u.Password() },
	"host":     func(u *URL) string { return u.Host() },
	"hostname": func(u *URL) string { return u.Hostname() },
	"port":     func(u *URL) string { return u.Port() },
	"pathname": func(u *URL) string { return u.Pathname() },
	"search":   func(u *URL) string { return u.Search() },
	"hash":     func(u *URL) string { return u.Hash() },
	"searchParams": func(u *URL) string {
		return u.SearchParams().String()
	},
}

// runURLTestData runs a file in the format of WPT urltestdata.json: parse input against base
// (null for none), then compare every attribute, or expect failure.
func runURLTestData(t *testing.T, file, name string) {
	cases := loadJSON(t, file)
	results := map[string]string{}
	var ids []string
	for i, c := range cases {
		id := fmt.Sprint(i)
		ids = append(ids, id)
		input, _ := str(c, "input")
		var base *URL
		if b, ok := str(c, "base"); ok {
			bu, err := Parse(b, nil)
			if err != nil {
				if c["failure"] == true {
					continue
				}
				results[id] = fmt.Sprintf("base %q: %v", b, err)
				continue
			}
			base = &bu
		}
		u, err := Parse(input, base)
		if c["failure"] == true {
			if err == nil {
				results[id] = fmt.Sprintf("input %q base %v: want failure, got %q", input, c["base"], u.Href())
				continue
			}
			continue
		}
		if err != nil {
			results[id] = fmt.Sprintf("input %q base %v: %v", input, c["base"], err)
			continue
		}
		// ParseValidate must agree with Parse.
		if v, _, err := ParseValidate(input, base); err != nil || v != u && v.Href() != u.Href() {
			results[id] = fmt.Sprintf("input %q: ParseValidate gives %q, %v", input, v.Href(), err)
			continue
		}
		var diffs []string
		for _, k := range []string{"href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "searchParams"} {
			want, ok := str(c, k)
			if !ok {
				continue
			}
			if got := urlGetters[k](&u); got != want {
				diffs = append(diffs, fmt.Sprintf("%s = %q, want %q", k, got, want))
			}
		}
		if len(diffs) > 0 {
			results[id] = fmt.Sprintf("input %q base %v: %s", input, c["base"], strings.Join(diffs, "; "))
			continue
		}
		// Idempotence: the href parses to itself.
		if u2, err := Parse(u.Href(), nil); err != nil || u2.Href() != u.Href() {
			results[id] = fmt.Sprintf("href %q does not reparse to itself: %q, %v", u.Href(), u2.Href(), err)
		}
	}
	xfail(t, name, ids, results)
}

func TestURLTestData(t *testing.T) { runURLTestData(t, "wpt/urltestdata.json", "urltestdata") }

func TestAdaExtraURLTestData(t *testing.T) {
	runURLTestData(t, "ada-extra/ada_extra_urltestdata.json", "ada_extra_urltestdata")
}

func TestAdaLongURLTestData(t *testing.T) {
	runURLTestData(t, "ada-extra/ada_long_urltestdata.json", "ada_long_urltestdata")
}

// runSetters runs a file in the format of WPT setters_tests.json.
func runSetters(t *testing.T, file, name string) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	setters := map[string]func(*URL, string) error{
		"href":     (*URL).SetHref,
		"protocol": (*URL).SetProtocol,
		"username": (*URL).SetUsername,
		"password": (*URL).SetPassword,
		"host":     (*URL).SetHost,
		"hostname": (*URL).SetHostname,
		"port":     (*URL).SetPort,
		"pathname": (*URL).SetPathname,
		"search":   (*URL).SetSearch,
		"hash":     (*URL).SetHash,
	}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	results := map[string]string{}
	var ids []string
	for _, attr := range keys {
		if attr == "comment" {
			continue
		}
		set := setters[attr]
		if set == nil {
			t.Fatalf("no setter for %q", attr)
		}
		var cases []map[string]any
		if err := json.Unmarshal(raw[attr], &cases); err != nil {
			t.Fatal(err)
		}
		for i, c := range cases {
			id := fmt.Sprintf("%s/%d", attr, i)
			ids = append(ids, id)
			href, _ := str(c, "href")
			nv, _ := str(c, "new_value")
			u, err := Parse(href, nil)
			if err != nil {
				results[id] = fmt.Sprintf("href %q: %v", href, err)
				continue
			}
			set(&u, nv)
			var diffs []string
			exp, _ := c["expected"].(map[string]any)
			for k, v := range exp {
				want, _ := v.(string)
				if got := urlGetters[k](&u); got != want {
					diffs = append(diffs, fmt.Sprintf("%s = %q, want %q", k, got, want))
				}
			}
			sort.Strings(diffs)
			if len(diffs) > 0 {
				results[id] = fmt.Sprintf("%q.%s = %q: %s", href, attr, nv, strings.Join(diffs, "; "))
				continue
			}
			if u2, err := Parse(u.Href(), nil); err != nil || u2.Href() != u.Href() {
				results[id] = fmt.Sprintf("href %q after setter does not reparse to itself: %q, %v", u.Href(), u2.Href(), err)
			}
		}
	}
	xfail(t, name, ids, results)
}

func TestSetters(t *testing.T) { runSetters(t, "wpt/setters_tests.json", "setters_tests") }

func TestAdaExtraSetters(t *testing.T) {
	runSetters(t, "ada-extra/ada_extra_setters_tests.json", "ada_extra_setters_tests")
}

// runToASCII runs toascii.json and IdnaTestV2.json the way WPT's toascii.window.js does: the
// input as the host of a special URL ("https://" + input + "/x"), and as the host setter's value
// and the hostname setter's value; output null means failure (the setters then change nothing).
func runToASCII(t *testing.T, file, name string) {
	cases := loadJSON(t, file)
	results := map[string]string{}
	var ids []string
	for i, c := range cases {
		id := fmt.Sprint(i)
		input, _ := str(c, "input")
		want, ok := str(c, "output")
		if input == "" && name == "IdnaTestV2" {
			// IdnaTestV2.window.js skips it: "cannot test empty string input through new URL()"
			t.Logf("%s %s: skipped, as WPT does: the empty input cannot be tested through a URL", name, id)
			continue
		}
		ids = append(ids, id)
		u, err := Parse("https://"+input+"/x", nil)
		if !ok {
			if err == nil {
				results[id] = fmt.Sprintf("%q: want failure, got host %q", input, u.Host())
			}
		} else if err != nil {
			results[id] = fmt.Sprintf("%q: want %q, got %v", input, want, err)
			continue
		} else if u.Host() != want || u.Hostname() != want || u.Pathname() != "/x" {
			results[id] = fmt.Sprintf("%q: want %q, got host %q", input, want, u.Host())
			continue
		}
		if !ok {
			want = "x"
		}
		for _, set := range []func(*URL, string) error{(*URL).SetHost, (*URL).SetHostname} {
			v := MustParse("https://x/x")
			set(&v, input)
			if v.Host() != want {
				results[id] = fmt.Sprintf("%q: setter gives host %q, want %q", input, v.Host(), want)
			}
		}
	}
	xfail(t, name, ids, results)
}

func TestToASCII(t *testing.T)    { runToASCII(t, "wpt/toascii.json", "toascii") }
func TestIdnaTestV2(t *testing.T) { runToASCII(t, "wpt/IdnaTestV2.json", "IdnaTestV2") }

// TestPercentEncoding runs the UTF-8 rows of percent-encoding.json as WPT's
// percent-encoding.window.js does for UTF-8: the input as a special URL's query and fragment.
func TestPercentEncoding(t *testing.T) {
	cases := loadJSON(t, "wpt/percent-encoding.json")
	results := map[string]string{}
	var ids []string
	for i, c := range cases {
		id := fmt.Sprint(i)
		ids = append(ids, id)
		input, _ := str(c, "input")
		want, _ := c["output"].(map[string]any)["utf-8"].(string)
		u, err := Parse("https://doesnotmatter.invalid/?"+input+"#"+input, nil)
		if err != nil {
			results[id] = err.Error()
			continue
		}
		if u.Search() != "?"+want {
			results[id] = fmt.Sprintf("%q: search %q, want %q", input, u.Search(), "?"+want)
		}
		if u.Hash() != "#"+want {
			results[id] = fmt.Sprintf("%q: hash %q, want %q", input, u.Hash(), "#"+want)
		}
	}
	xfail(t, "percent-encoding", ids, results)
}

// TestURLEncodedParser runs urlencoded-parser-data.json: the application/x-www-form-urlencoded
// parser (§5.1), through ParseForm and through SearchParams.
func TestURLEncodedParser(t *testing.T) {
	cases := loadJSON(t, "wpt/urlencoded-parser-data.json")
	results := map[string]string{}
	var ids []string
	for i, c := range cases {
		id := fmt.Sprint(i)
		ids = append(ids, id)
		input, _ := str(c, "input")
		var want []Pair
		for _, p := range c["output"].([]any) {
			pp := p.([]any)
			want = append(want, Pair{pp[0].(string), pp[1].(string)})
		}
		got := ParseForm(input)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			results[id] = fmt.Sprintf("%q: got %q, want %q", input, got, want)
			continue
		}
		sp := NewSearchParams(input)
		if sp.Size() != len(want) {
			results[id] = fmt.Sprintf("%q: SearchParams.Size() = %d, want %d", input, sp.Size(), len(want))
		}
	}
	xfail(t, "urlencoded-parser-data", ids, results)
}
