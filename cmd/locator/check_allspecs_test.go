package main

import (
	"encoding/base64"
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/locator-url/locator"
)

// The cells of check --all-specs for URLs whose verdicts the documents settle, each citing
// where. Only the specifications whose checkers are complete on this branch are asserted
// (rfc1738, url-draft-1994, rfc3986, whatwg); url-draft-1993 and rfc1630 have rows of their
// own with their checkers.
func TestCheckAllSpecsRows(t *testing.T) {
	tests := []struct {
		url  string
		spec locator.Spec
		want string // the "-" cell: "valid" or "error:CODE"
		why  string
	}{
		// RFC 1738 §2.2: a space is unsafe; RFC 3986 §3.3 path has no space; the URL Standard's
		// path state reports an invalid URL unit.
		{"http://h/a b", locator.RFC1738, "error:unsafe-char", "RFC 1738 §2.2 unsafe"},
		{"http://h/a b", locator.URLDraft1994, "error:unsafe-char", "1994 URL draft, the unsafe characters"},
		{"http://h/a b", locator.RFC3986, "error:char-not-allowed", "RFC 3986 §3.3 path"},
		{"http://h/a b", locator.WHATWG, "error:invalid-URL-unit", "WHATWG path state"},
		// RFC 1738 §2.2: "~" is unsafe; RFC 3986 §2.3: "~" is unreserved.
		{"http://h/~x", locator.RFC1738, "error:national-char", "RFC 1738 §2.2"},
		{"http://h/~x", locator.RFC3986, "valid", "RFC 3986 §2.3 unreserved"},
		{"http://h/~x", locator.WHATWG, "valid", "WHATWG path state"},
		// The 1994 URL draft, ftptype: "A formcode", formcode "N".
		{"ftp://host/a;type=AN", locator.URLDraft1994, "valid", "1994 URL draft, ftptype"},
		{"ftp://host/a;type=AN", locator.RFC3986, "valid", "RFC 3986 §3.3 segment"},
		// The 1994 URL draft, midaddress = "mid:" addr-spec.
		{"mid:x@y", locator.URLDraft1994, "valid", "1994 URL draft, midaddress"},
		{"mid:x@y", locator.RFC3986, "valid", "RFC 3986 §3.3 path-rootless"},
		{"mid:x@y", locator.WHATWG, "valid", "WHATWG opaque path state"},
		// RFC 1738 §6 and RFC 3986 §7.5: a password is a warning; the URL Standard reports
		// credentials as a validation error (authority state).
		{"ftp://u:p@h/x", locator.RFC1738, "valid", "RFC 1738 §6"},
		{"ftp://u:p@h/x", locator.RFC3986, "valid", "RFC 3986 §3.2.1"},
		{"ftp://u:p@h/x", locator.WHATWG, "error:invalid-credentials", "WHATWG authority state"},
		// A bad escape parses nowhere (RFC 1738 §2.2 escape; RFC 3986 §2.1); the URL Standard
		// keeps it with a validation error.
		{"http://h/%zz", locator.RFC1738, "error:bad-escape", "RFC 1738 §2.2"},
		{"http://h/%zz", locator.RFC3986, "error:bad-escape", "RFC 3986 §2.1"},
		{"http://h/%zz", locator.WHATWG, "error:invalid-URL-unit", "WHATWG path state"},
		// An unclosed IP literal fails every parser (RFC 3986 §3.2.2; the URL Standard's host
		// parser, IPv6-unclosed).
		{"http://[::1", locator.RFC3986, "error:bad-ip-literal", "RFC 3986 §3.2.2"},
		{"http://[::1", locator.WHATWG, "error:IPv6-unclosed", "WHATWG host parser"},
		// A URL with no scheme: RFC 1738 §2.1; the URL Standard's no scheme state.
		{"//h/x", locator.RFC1738, "error:no-scheme", "RFC 1738 §2.1"},
		{"//h/x", locator.WHATWG, "error:missing-scheme-non-relative-URL", "WHATWG no scheme state"},
	}
	col := map[locator.Spec]int{}
	for i, s := range allSpecsOrder {
		col[s] = i + 1
	}
	for _, tt := range tests {
		out, errs, _ := runLocator(t, tt.url+"\n", "check", "--all-specs", "-")
		cells := strings.Split(strings.TrimSuffix(out, "\n"), "\t")
		if len(cells) != 1+len(allSpecsOrder) {
			t.Errorf("%s: %q (stderr %q): want %d cells", tt.url, out, errs, 1+len(allSpecsOrder))
			continue
		}
		if got := cells[col[tt.spec]]; got != tt.want {
			t.Errorf("%s under %s (%s): %q, want %q", tt.url, tt.spec, tt.why, got, tt.want)
		}
	}
}

// The table: a header, then one line per specification for each URL, in allSpecsOrder, the URL
// on the first line of its block only; each RESULT is "valid" (with warnings counted) or
// "OFFSET: error: MESSAGE [CODE, RULE]".
func TestCheckAllSpecsTable(t *testing.T) {
	urls := []string{"http://h/a b", "mid:x@y", "ftp://u:p@h/x", "http://[::1"}
	out, errs, code := runLocator(t, "", append([]string{"check", "--all-specs"}, urls...)...)
	if errs != "" || code != exitInvalid { // "http://h/a b" is invalid under rfc1738
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if want := 1 + len(urls)*len(allSpecsOrder); len(lines) != want {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), want, out)
	}
	if f := strings.Fields(lines[0]); strings.Join(f, " ") != "URL SPEC RESULT" {
		t.Errorf("header %q", lines[0])
	}
	specCol := strings.Index(lines[0], "SPEC")
	resCol := strings.Index(lines[0], "RESULT")
	for i, l := range lines[1:] {
		u, s := urls[i/len(allSpecsOrder)], allSpecsOrder[i%len(allSpecsOrder)]
		if len(l) < resCol {
			t.Fatalf("line %q too short", l)
		}
		url := strings.TrimRight(l[:specCol], " ")
		if i%len(allSpecsOrder) == 0 && url != u || i%len(allSpecsOrder) != 0 && url != "" {
			t.Errorf("line %d: URL column %q (for %s)", i+1, url, u)
		}
		if got := strings.TrimRight(l[specCol:resCol], " "); got != s.String() {
			t.Errorf("line %d: SPEC %q, want %s", i+1, got, s)
		}
		res := l[resCol:]
		if !strings.HasPrefix(res, "valid") && !strings.Contains(res, ": error: ") && !strings.HasPrefix(res, "error: ") {
			t.Errorf("line %d: RESULT %q", i+1, res)
		}
	}
	// Two rows whose text the checkers settle.
	for _, want := range []string{
		"ftp://u:p@h/x  rfc1738         valid (1 warning)",
		"               whatwg          9: error: a validation error of the URL Standard [invalid-credentials, WHATWG URL §4.4 authority state]",
		// RFC 1738 has no IP literal: "[" is unsafe (§2.2); RFC 3986 §3.2.2 opens one.
		"http://[::1    rfc1738         7: error: \"[\" without a closing \"]\" (a bracketed IP literal is RFC 3986's; here \"[\" and \"]\" are unsafe and must be encoded as %5B and %5D) [bad-ip-literal, RFC 1738 §2.2]",
		"               rfc3986         7: error: \"[\" without a closing \"]\" [bad-ip-literal, RFC 3986 §3.2.2 IP-literal]",
	} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("no line %q in\n%s", want, out)
		}
	}
}

// The exit status follows --spec alone: "http://h/~x" is invalid under RFC 1738 (§2.2, "~" is
// unsafe) and valid under RFC 3986 (§2.3); "ftp://u:p@h/x" is valid under rfc1738 though the
// URL Standard reports its credentials.
func TestCheckAllSpecsExit(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
	}{
		{[]string{"check", "--all-specs", "http://h/~x"}, exitInvalid},
		{[]string{"check", "--all-specs", "--spec", "rfc1738", "http://h/~x"}, exitInvalid},
		{[]string{"check", "--all-specs", "--spec", "url-draft-1994", "http://h/~x"}, exitInvalid},
		{[]string{"check", "--all-specs", "--spec", "rfc3986", "http://h/~x"}, 0},
		{[]string{"check", "--all-specs", "ftp://u:p@h/x"}, 0},
		{[]string{"check", "--all-specs", "--spec", "rfc3986", "--json", "http://h/~x", "mid:x@y"}, 0},
		{[]string{"check", "--all-specs", "--spec", "rfc3986", "--json", "http://h/~x", "http://h/a b"}, exitInvalid},
		{[]string{"check", "--all-specs", "-v", "mid:x@y"}, exitUsage},
		{[]string{"check", "--all-specs", "--json", "--format", "input", "mid:x@y"}, exitUsage},
		{[]string{"check", "--all-specs", "--spec", "whatwg", "mid:x@y"}, exitUsage},
	} {
		if _, errs, code := runLocator(t, "", tt.args...); code != tt.code {
			t.Errorf("%q: exit %d (stderr %q), want %d", tt.args, code, errs, tt.code)
		}
	}
	// Through "-" alike.
	if _, _, code := runLocator(t, "http://h/~x\n", "check", "--all-specs", "--spec", "rfc3986", "-"); code != 0 {
		t.Errorf("- under rfc3986: exit %d", code)
	}
	if _, _, code := runLocator(t, "http://h/~x\n", "check", "--all-specs", "-"); code != exitInvalid {
		t.Errorf("- under rfc1738: exit %d", code)
	}
}

// --json: one object per URL, with the fields of check --json per specification, in order.
func TestCheckAllSpecsJSON(t *testing.T) {
	in := "http://h/a b\nmid:x@y\n\xff:x\n"
	out, errs, _ := runLocator(t, in, "check", "--all-specs", "--spec", "rfc3986", "--json", "-")
	if errs != "" {
		t.Fatalf("stderr %q", errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	inputs := strings.Split(strings.TrimSuffix(in, "\n"), "\n")
	if len(lines) != len(inputs) {
		t.Fatalf("%d lines for %d inputs:\n%s", len(lines), len(inputs), out)
	}
	type specJSON struct {
		Spec     string  `json:"spec"`
		Valid    bool    `json:"valid"`
		Offset   *int    `json:"offset"`
		Code     *string `json:"code"`
		Rule     *string `json:"rule"`
		Message  *string `json:"message"`
		Errors   int     `json:"errors"`
		Warnings int     `json:"warnings"`
	}
	for i, l := range lines {
		var v struct {
			Input       string     `json:"input"`
			InputBase64 string     `json:"input_base64"`
			Spec        string     `json:"spec"`
			Valid       bool       `json:"valid"`
			Specs       []specJSON `json:"specs"`
		}
		dec := json.NewDecoder(strings.NewReader(l))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("line %d: %v\n%s", i, err, l)
		}
		if v.Spec != "rfc3986" || len(v.Specs) != len(allSpecsOrder) {
			t.Fatalf("line %d: %s", i, l)
		}
		if got, _ := base64.StdEncoding.DecodeString(v.InputBase64); v.InputBase64 != "" && string(got) != inputs[i] || v.InputBase64 == "" && v.Input != inputs[i] {
			t.Errorf("line %d: input %q base64 %q, want %q", i, v.Input, v.InputBase64, inputs[i])
		}
		for j, s := range v.Specs {
			if s.Spec != allSpecsOrder[j].String() {
				t.Errorf("line %d: specs[%d] = %s, want %s", i, j, s.Spec, allSpecsOrder[j])
			}
			if s.Valid != (s.Code == nil) || s.Valid != (s.Errors == 0) || (s.Code == nil) != (s.Rule == nil) || (s.Code == nil) != (s.Message == nil) {
				t.Errorf("line %d: %s: inconsistent %+v", i, s.Spec, s)
			}
			if allSpecsOrder[j] == locator.RFC3986 && s.Valid != v.Valid {
				t.Errorf("line %d: valid %v, but rfc3986 says %v", i, v.Valid, s.Valid)
			}
		}
	}
	// "http://h/a b" under rfc3986: the space at offset 10 (RFC 3986 §3.3).
	if !strings.Contains(lines[0], `{"spec":"rfc3986","valid":false,"offset":10,"code":"char-not-allowed","rule":"RFC 3986 §3.3 path",`) {
		t.Errorf("line 0: %s", lines[0])
	}
	if !strings.Contains(lines[1], `{"spec":"whatwg","valid":true,"offset":null,"code":null,"rule":null,"message":null,"errors":0,"warnings":0}`) {
		t.Errorf("line 1: %s", lines[1])
	}
}

// "-" keeps one line out per line in, whatever a line holds, and every byte shown goes
// through internal/display; --output csv gives a header and one row per line.
func TestCheckAllSpecsLines(t *testing.T) {
	in := "http://h/a b\n\nx\tftp://h/\x1b[31m\n" + strings.Repeat("%", 1000) + "\n\xef\xbb\xbfhttp://h/\n"
	n := strings.Count(in, "\n")
	out, _, _ := runLocator(t, in, "check", "--all-specs", "-")
	if got := strings.Count(out, "\n"); got != n {
		t.Errorf("%d lines out for %d in:\n%s", got, n, out)
	}
	if strings.ContainsAny(out, "\x1b\r") || strings.Contains(out, "\ufeff") {
		t.Errorf("raw bytes in output: %q", out)
	}
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if c := strings.Count(l, "\t"); c != len(allSpecsOrder) {
			t.Errorf("%q: %d tabs, want %d", l, c, len(allSpecsOrder))
		}
		if len(l) > 400 {
			t.Errorf("line of %d bytes", len(l))
		}
	}
	out, _, _ = runLocator(t, in, "check", "--all-specs", "--output", "csv", "-")
	if got := strings.Count(out, "\n"); got != n+1 {
		t.Errorf("csv: %d lines for %d inputs", got, n)
	}
	if h := strings.SplitN(out, "\n", 2)[0]; h != "input,spec,valid,rfc1738,url-draft-1994,url-draft-1993,rfc1630,rfc3986,whatwg" {
		t.Errorf("csv header %q", h)
	}
}

// 1 MB adversarial inputs: the output of one URL stays small (the URL cut to 120 bytes, one
// message per specification) under every specification.
func TestCheckAllSpecsAdversarial(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MB inputs")
	}
	for _, unit := range []string{".", "%", ":", "@", "[", " ", "\x01", "\xff", "/", "%2"} {
		u := "http://h/" + strings.Repeat(unit, (1<<20)/len(unit))
		out, _, _ := runLocator(t, "", "check", "--all-specs", u)
		// A header and six lines, each the URL column (120 bytes of URL, up to 4 bytes each
		// escaped: about 480), the spec and one message (its quotes bounded): under 6000.
		if len(out) > 6000 {
			t.Errorf("%q run: %d bytes of output", unit, len(out))
		}
		out, _, _ = runLocator(t, "", "check", "--all-specs", "--json", u)
		// The input once, escaped (at most 6 bytes per byte, "\u0001" or "\ufffd"), its base64
		// when it is not UTF-8, and the findings.
		if len(out) > 8<<20 {
			t.Errorf("%q run: %d bytes of JSON", unit, len(out))
		}
	}
}

// checkAllSpecs is linear in memory: on 1 MB adversarial inputs it allocates a bounded number
// of bytes per input byte (six checks, each parsing the input once and keeping at most
// locator.MaxFindings findings).
func TestCheckAllSpecsAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MB inputs")
	}
	for _, unit := range []string{".", "%", ":", "@", "[", " ", "\x01", "\xff", "/", "%2", "a"} {
		u := "http://h/" + strings.Repeat(unit, (1<<20)/len(unit))
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		cs := checkAllSpecs(u)
		runtime.ReadMemStats(&after)
		if len(cs) != len(allSpecsOrder) {
			t.Fatalf("%d results", len(cs))
		}
		if perByte := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(u)); perByte > 64 {
			t.Errorf("%q run: %.1f bytes allocated per input byte", unit, perByte)
		}
	}
}
