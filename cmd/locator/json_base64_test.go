package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// nonUTF8Templates put a byte at X in one component each: the component's name and its
// value with X. A scheme and a port cannot hold one (RFC 3986 §3.1 ALPHA, §3.2.3 DIGIT; RFC
// 1738 §5 scheme, port): the URL then fails or is read as a path.
var nonUTF8Templates = []struct{ url, comp, value string }{
	{"ftp://uX:p@h/a", "user", "uX"},
	{"ftp://u:pX@h/a", "password", "pX"},
	{"http://hX/a", "host", "hX"},
	{"ftp://h/aX/b%FFc;type=i", "path", "/aX/b%FFc;type=i"},
	{"http://h/a?qX", "query", "qX"},
	{"http://h/a#fX", "fragment", "fX"},
	{"gopher://h/1aX%09s", "path", "/1aX%09s"},
	{"news:gX", "path", "gX"},
}

// checkJSONBase64 checks the rule of the README's "Many URLs" on one JSON object (and on
// the objects and arrays in it, each against its NAME_base64 twin of the same shape): a
// string with U+FFFD comes with NAME_base64 (the input has none of its own), whose bytes
// are the string with U+FFFD for the bad bytes; a valid UTF-8 string has no NAME_base64.
func checkJSONBase64(t *testing.T, where string, obj map[string]any) {
	t.Helper()
	for k, v := range obj {
		if strings.HasSuffix(k, "_base64") {
			if _, ok := obj[strings.TrimSuffix(k, "_base64")]; !ok {
				t.Errorf("%s: %s without %s", where, k, strings.TrimSuffix(k, "_base64"))
			}
			continue
		}
		b64, has := obj[k+"_base64"]
		checkBase64Value(t, where+"."+k, v, b64, has, false)
	}
}

// checkBase64Value checks value v against its base64 twin b64 (has: there is one); nested:
// v is inside an object or array whose twin gives every string (parts_base64), a UTF-8 one
// too.
func checkBase64Value(t *testing.T, where string, v, b64 any, has, nested bool) {
	t.Helper()
	switch v := v.(type) {
	case string:
		if !strings.ContainsRune(v, utf8.RuneError) {
			s, _ := b64.(string)
			raw, err := base64.StdEncoding.DecodeString(s)
			switch {
			case has && !nested:
				t.Errorf("%s: %q is UTF-8, yet it has a base64 twin %v", where, v, b64)
			case nested && has && (err != nil || string(raw) != v):
				t.Errorf("%s: %q: base64 twin %v decodes to %q, %v", where, v, b64, raw, err)
			}
			return
		}
		s, ok := b64.(string)
		if !has || !ok {
			t.Errorf("%s: %q has no base64 twin", where, v)
			return
		}
		raw, err := base64.StdEncoding.DecodeString(s)
		if err != nil || utf8.Valid(raw) || strings.ToValidUTF8(string(raw), "\uFFFD") != strings.ToValidUTF8(v, "\uFFFD") {
			t.Errorf("%s: %q: base64 %q decodes to %q, %v", where, v, s, raw, err)
		}
	case map[string]any:
		twin, _ := b64.(map[string]any)
		for k, x := range v {
			var tx any
			if twin != nil {
				tx = twin[k]
			}
			checkBase64Value(t, where+"."+k, x, tx, has && twin != nil, true)
		}
	case []any:
		twin, _ := b64.([]any)
		for i, x := range v {
			var tx any
			if i < len(twin) {
				tx = twin[i]
			}
			checkBase64Value(t, fmt.Sprintf("%s[%d]", where, i), x, tx, has && i < len(twin), true)
		}
	}
}

// jsonLines returns the objects of out, one per line.
func jsonLines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var objs []map[string]any
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var o map[string]any
		if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		objs = append(objs, o)
	}
	return objs
}

// parse --json and edit --json give every component (and every string of parts) that is
// not UTF-8 exactly in base64, as the README's "Many URLs" says of every --json: each byte
// 0x80–0xFF in each component, and two URLs differing in one such byte give two lines. They
// wrote "path":"/\ufffd" and nothing else for both "http://h/\xfe" and "http://h/\xff".
func TestJSONComponentsBase64(t *testing.T) {
	var in strings.Builder
	type want struct{ comp, value string }
	var wants []want
	for _, tm := range nonUTF8Templates {
		for c := 0x80; c <= 0xff; c++ {
			in.WriteString(strings.Replace(tm.url, "X", string([]byte{byte(c)}), 1) + "\n")
			wants = append(wants, want{tm.comp, strings.Replace(tm.value, "X", string([]byte{byte(c)}), 1)})
		}
	}
	for _, args := range [][]string{
		{"parse", "--json", "-"},
		{"parse", "--spec", "rfc3986", "--json", "-"},
		{"parse", "--spec", "url-draft-1994", "--json", "-"},
		{"edit", "--json", "--set", "port=81", "-"},
		{"edit", "--spec", "rfc3986", "--json", "--set", "port=81", "-"},
	} {
		out, stderr, _ := runLocator(t, in.String(), args...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		objs := jsonLines(t, out)
		if len(objs) != len(wants) {
			t.Fatalf("%v: %d lines for %d URLs; stderr %s", args, len(objs), len(wants), stderr)
		}
		seen := map[string]int{}
		for i, o := range objs {
			where := fmt.Sprintf("%v line %d", args, i+1)
			checkJSONBase64(t, where, o)
			w := wants[i]
			if o[w.comp] == nil {
				continue // the URL failed (a host the spec refuses, say); input_base64 has it
			}
			b64, _ := o[w.comp+"_base64"].(string)
			if raw, err := base64.StdEncoding.DecodeString(b64); err != nil || string(raw) != w.value {
				t.Errorf("%s: %s_base64 %q decodes to %q, want %q", where, w.comp, b64, raw, w.value)
			}
			if j, dup := seen[lines[i]]; dup {
				t.Errorf("%s: the same JSON as line %d: %s", where, j, lines[i])
			}
			seen[lines[i]] = i + 1
		}
		if args[0] == "parse" {
			n := 0
			for _, o := range objs {
				if o["parts_base64"] != nil {
					n++
				}
			}
			if n == 0 {
				t.Errorf("%v: no line has parts_base64", args)
			}
		}
	}
}

// A URL whose every string is UTF-8 has no NAME_base64 field in parse --json and edit
// --json: the lines of such URLs are as they were (a U+FFFD written in the URL is UTF-8).
func TestJSONBase64OnlyWhenNeeded(t *testing.T) {
	in := strings.Join([]string{
		"ftp://u:p@h/a/b;type=i", "http://h/a?q#f", "http://h/\uFFFD?\u00e9#%FF", "gopher://h/1sel%09s",
		"news:comp.x", "mailto:a@b", "wais://h/db?s", "prospero://h/p;v=1", "file:///etc/x", "ftp://h/%C3%A9",
	}, "\n") + "\n"
	for _, args := range [][]string{
		{"parse", "--json", "-"}, {"parse", "--spec", "rfc3986", "--json", "-"},
		{"parse", "--spec", "whatwg", "--json", "-"}, {"edit", "--json", "--set", "port=81", "-"},
	} {
		out, _, _ := runLocator(t, in, args...)
		if strings.Contains(out, "_base64") {
			t.Errorf("%v: a _base64 field for UTF-8 URLs:\n%s", args, out)
		}
	}
}

// parse --spec whatwg --json needs no NAME_base64 but input_base64: the URL Standard's
// getters are ASCII (§4.4: code points outside the sets are UTF-8 percent-encoded, a domain
// goes to ASCII, an invalid byte of the input being U+FFFD first), for every byte at each place.
func TestWHATWGJSONGettersUTF8(t *testing.T) {
	var in strings.Builder
	for _, tm := range append(nonUTF8Templates, struct{ url, comp, value string }{"foo://hX/", "host", ""}) {
		for c := 0x80; c <= 0xff; c++ {
			in.WriteString(strings.Replace(tm.url, "X", string([]byte{byte(c)}), 1) + "\n")
		}
	}
	out, _, _ := runLocator(t, in.String(), "parse", "--spec", "whatwg", "--json", "-")
	for i, o := range jsonLines(t, out) {
		checkJSONBase64(t, fmt.Sprintf("line %d", i+1), o)
		for k, v := range o {
			if s, ok := v.(string); ok && k != "input" && k != "input_base64" && strings.ContainsRune(s, utf8.RuneError) {
				t.Errorf("line %d: %s = %q", i+1, k, s)
			}
		}
	}
}
