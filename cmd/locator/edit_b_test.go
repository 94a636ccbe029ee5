package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/lineops"
)

// trurlTable holds the examples of trurl's manual (trurl.md, trurl 0.15: the options, "URL
// COMPONENTS" and "EXAMPLES") run through locator: trurl's output where locator agrees, and
// where it does not, locator's output and why (diff).
var trurlTable = []struct {
	name  string
	args  []string // the locator command line
	trurl string   // what trurl's manual shows
	want  string   // what locator writes (stdout), "\n" between lines
	code  int
	diff  string // "" when locator agrees with trurl
}{
	{"replace the hostname", []string{"edit", "--set", "host=example.com", "https://curl.se"},
		"https://example.com/", "https://example.com", 0, "trurl writes a path \"/\"; locator keeps the empty path as written"},
	{"create a URL", []string{"edit", "--set", "host=example.com", "--set", "scheme=ftp"},
		"ftp://example.com/", "ftp://example.com", 0, "the empty path stays empty (RFC 1738 §3.1: the \"/\" may be omitted)"},
	{"redirect", []string{"edit", "--redirect", "here.html", "https://curl.se/we/are.html"},
		"https://curl.se/we/here.html", "https://curl.se/we/here.html", 0, ""},
	{"change the port", []string{"edit", "--set", "port=8080", "https://curl.se/we/../are.html"},
		"https://curl.se:8080/are.html", "https://curl.se:8080/we/../are.html", 0, "locator removes no dot-segments: only the port changes (use normalize)"},
	{"extract the path", []string{"parse", "--format", "{path}", "https://curl.se/we/are.html"},
		"/we/are.html", "/we/are.html", 0, ""},
	{"default port", []string{"parse", "--format", "{default:port}", "https://curl.se/we/are.html"},
		"443", "443", 0, ""},
	{"append a path segment", []string{"edit", "--append", "path=you", "https://curl.se/hello"},
		"https://curl.se/hello/you", "https://curl.se/hello/you", 0, ""},
	{"append a query pair", []string{"edit", "--append", "query=search=string", "https://curl.se?name=hello"},
		"https://curl.se/?name=hello&search=string", "https://curl.se?name=hello&search=string", 0, "no \"/\" is added to the empty path"},
	{"trim tracking pairs", []string{"edit", "--trim", "query=utm_*", "https://curl.se?search=hey&utm_source=tracker"},
		"https://curl.se/?search=hey", "https://curl.se?search=hey", 0, "no \"/\" is added to the empty path"},
	{"a query key", []string{"--spec", "rfc3986", "parse", "--format", "{query:a}", "https://example.com?a=home&here=now&thisthen"},
		"home", "home", 0, ""},
	{"iterate schemes", []string{"edit", "--iterate", "scheme=http ftp sftp", "https://curl.se/path/index.html"},
		"http://curl.se/path/index.html\nftp://curl.se/path/index.html\nsftp://curl.se/path/index.html",
		"http://curl.se/path/index.html\nftp://curl.se/path/index.html\nsftp://curl.se/path/index.html", 0, ""},
	{"user decoded", []string{"--spec", "rfc3986", "parse", "--format", "{user}", "https://user%3a%40:secret@odd/"},
		"user:@", "user:@", 0, ""},
	{"password decoded", []string{"--spec", "rfc3986", "parse", "--format", "{password}", "https://user:secr%65t@odd/"},
		"secret", "secret", 0, ""},
	{"fragment", []string{"parse", "--format", "{fragment}", "http://horse#elephant"},
		"elephant", "elephant", 0, ""},
	{"query", []string{"--spec", "rfc3986", "parse", "--format", "{query}", "http://horse?elephant"},
		"elephant", "elephant", 0, ""},
	{"url", []string{"parse", "--format", "{url}", "ftps://example.com:2021/p%61th"},
		"ftps://example.com:2021/path", "ftps://example.com:2021/p%61th", 0, "{url} is the URL as written: trurl normalizes it"},
	{"punycode", []string{"edit", "--punycode", "http://åäö/"},
		"http://xn--4cab6c/", "http://xn--4cab6c/", 0, ""},
	{"as IDN", []string{"edit", "--idn", "http://xn--4cab6c/"},
		"http://åäö/", "http://åäö/", 0, ""},
	{"default port added", []string{"edit", "--default-port", "http://a/"},
		"http://a:80/", "http://a:80/", 0, ""},
	{"default port kept", []string{"edit", "--keep-port", "--set", "path=x", "http://a:80"},
		"http://a:80/x", "http://a:80/x", 0, ""},
	// trurl drops a default port unless --keep-port; locator keeps it unless --drop-default-port.
	{"default port hidden", []string{"edit", "--drop-default-port", "http://a:80/"},
		"http://a/", "http://a/", 0, ""},
	{"set path gets a slash", []string{"edit", "--set", "path=pony", "http://hello"},
		"http://hello/pony", "http://hello/pony", 0, ""},
	{"set query with ?", []string{"--spec", "rfc3986", "edit", "--set", "query=?elephant", "http://horse?elephant"},
		"http://horse/?%3felephant", "http://horse??elephant", 0, "RFC 3986 §3.4: \"?\" is allowed in a query, so it is not encoded"},
	{"set fragment with #", []string{"edit", "--set", "fragment=#zebra", "http://horse#elephant"},
		"http://horse/#%23zebra", "http://horse#%23zebra", 0, "no \"/\" is added"},
	{"must: absent", []string{"parse", "--format", "{must:query}", "http://h/"},
		"(exit 10)", "error: {must:query} is absent [format-must, locator --format must:]", 1, "exit status 1 and an error line, as locator's other failures (trurl: 10)"},
	{"query-all", []string{"parse", "--format", "{query-all:a}", "http://h/?a=1&b=2&a=%33"},
		"1 3", "1 3", 0, ""},
	{"news is refused by trurl", []string{"edit", "--set", "path=comp.x", "news:comp.y"},
		"(error)", "news:comp.x", 0, "trurl knows only \"://\" URLs"},
	{"typecode kept", []string{"edit", "--set", "host=g", "ftp://h/a;type=d"},
		"ftp://g/a%3btype=d", "ftp://g/a;type=d", 0, "trurl encodes the \";\" of the typecode (RFC 1738 §3.2.2)"},
}

func TestTrurlTable(t *testing.T) {
	for _, tc := range trurlTable {
		out, errOut, code := runLocator(t, "", tc.args...)
		got := strings.TrimSuffix(out, "\n")
		if got != tc.want || code != tc.code {
			t.Errorf("%s: locator %q: %q (stderr %q), exit %d; want %q, exit %d", tc.name, tc.args, got, errOut, code, tc.want, tc.code)
		}
		if (tc.diff == "") != (tc.want == tc.trurl) {
			t.Errorf("%s: the table says trurl %s, but locator writes %q and trurl %q", tc.name, map[bool]string{true: "agrees", false: "differs"}[tc.diff == ""], tc.want, tc.trurl)
		}
	}
}

// The format qualifiers over several commands.
func TestFormatQualifiers(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"parse", "--format", "{path}|{:path}|{url:path}", "ftp://h/a%20b;type=d"}, "/a b;type=d|/a%20b;type=d|/a%20b;type=d", 0},
		{[]string{"parse", "--format", "{typecode}|{selector}|{group}|{message-id}", "ftp://h/a;type=d", "gopher://h/1s%20x", "news:comp.x", "news:a@b"},
			"d|||\n|s x||\n||comp.x|\n|||a@b", 0},
		{[]string{"parse", "--format", "{view:cwd}|{view:name}|{view:type}|{view:search}|{view:message-id}|{view:nosuch}", "ftp://h/a/b/c;type=a", "gopher://h/7s%09q", "news:a@b"},
			"[\"a\",\"b\"]|c||||\n||7|q||\n||||a@b|", 0},
		{[]string{"parse", "--format", "{default:port}|{port}", "ftp://h/", "ftp://h:2121/", "mailto:x"}, "21|\n2121|2121\n|", 0},
		{[]string{"parse", "--spec", "rfc3986", "--format", "{puny:host}|{idn:host}|{idn:url}", "http://b%C3%BCcher.example/", "http://xn--80ak6aa92e.com/"},
			"xn--bcher-kva.example|bücher.example|http://bücher.example/\nxn--80ak6aa92e.com|xn--80ak6aa92e.com|http://xn--80ak6aa92e.com/", 0},
		{[]string{"parse", "--format", "{query:k}|{query-all:k}|{:query:k}", "http://h/?k=a%20b&j=1&k=c"}, "a b|a b c|a%20b", 0},
		{[]string{"normalize", "--spec", "rfc3986", "--format", "{normalized}|{path}|{host}", "HTTP://H/%7e"}, "http://h/~|/~|h", 0},
		{[]string{"resolve", "--format", "{result}|{path}|{query:q}", "http://a/b/c", "../d?q=1"}, "http://a/d?q=1|/d|1", 0},
		{[]string{"parse", "--spec", "whatwg", "--format", "{href}|{path}|{default:port}", "https://h/a b"}, "https://h/a%20b|/a b|443", 0},
		{[]string{"parse", "--output", "tsv", "--format", "{:path}{path}{must:query}", "http://h/%41?q", "http://h/"},
			":path\tpath\tmust:query\n/%41\t/A\tq\nerror: {must:query} is absent [format-must, locator --format must:]", 1},
		{[]string{"parse", "--format", "{nosuch:path}", "http://h/"}, "", 2},
		{[]string{"parse", "--format", "{puny:idn:host}", "http://h/"}, "", 2},
		{[]string{"equal", "--format", "{path}", "http://h/", "http://h/"}, "", 2}, // no URL field
	} {
		out, errOut, code := runLocator(t, "", tc.args...)
		if got := strings.TrimSuffix(out, "\n"); got != tc.want || code != tc.code {
			t.Errorf("locator %q: %q (stderr %q), exit %d; want %q, exit %d", tc.args, got, errOut, code, tc.want, tc.code)
		}
	}
}

// Part B of edit: --iterate's order, --redirect by each spec's rule, ports, JSON, building.
func TestEditPartB(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
		code int
	}{
		// The first --iterate varies slowest.
		{[]string{"edit", "--spec", "rfc3986", "--iterate", "host=a b", "--iterate", "port=1 2", "http://h/p"}, "http://a:1/p\nhttp://a:2/p\nhttp://b:1/p\nhttp://b:2/p", 0},
		{[]string{"edit", "--iterate", "host=a  b", "http://h/"}, "", 2},
		{[]string{"edit", "--iterate", "host=a", "--iterate", "host=b", "http://h/"}, "", 2},
		{[]string{"edit", "--iterate", "query=x=1 y", "http://h/"}, "http://h/?x=1\nhttp://h/?y", 0},
		// RFC 1808 §4 for rfc1738: ";params" are not part of the path (§5.1: ";x" gives "http://a/b/c/d;x").
		{[]string{"edit", "--redirect", ";x", "http://a/b/c/d;p?q#f"}, "http://a/b/c/d;x", 0},
		// RFC 3986 §5.4.1: ";x" is "http://a/b/c/;x".
		{[]string{"edit", "--spec", "rfc3986", "--redirect", ";x", "http://a/b/c/d;p?q"}, "http://a/b/c/;x", 0},
		{[]string{"edit", "--spec", "rfc3986", "--redirect", "../g", "--set", "query=z", "http://a/b/c/d"}, "http://a/b/g?z", 0},
		{[]string{"edit", "--redirect", "%zz", "http://a/"}, "", 2},
		{[]string{"edit", "--default-port", "--drop-default-port", "http://a/"}, "", 2},
		{[]string{"edit", "--punycode", "--idn", "http://a/"}, "", 2},
		{[]string{"edit", "--drop-default-port", "http://a:080/", "gopher://h:70/1", "x-y://h:1/"}, "http://a/\ngopher://h/1\nx-y://h:1/", 0},
		{[]string{"edit", "--default-port", "news:x", "http://h:8/"}, "news:x\nhttp://h:8/", 0},
		// IDNA without STD3 rules keeps a decoded "#": the host stays as written (found by FuzzEditSteps).
		{[]string{"edit", "--punycode", "http://0%2300/"}, "http://0%2300/", 0},
		{[]string{"parse", "--spec", "rfc3986", "--format", "{puny:host}", "http://a%2Fb/"}, "a%2Fb", 0},
		// Building from components: checked by the spec's checker.
		{[]string{"edit", "--set", "scheme=ftp", "--set", "host=h", "--set", "path=a/b"}, "ftp://h/a/b", 0},
		{[]string{"edit", "--set", "scheme=ftp", "--set", "host=h", "--set", "path:=a/b;type=d"}, "ftp://h/a/b;type=d", 0},
		{[]string{"edit", "--set", "scheme=ftp", "--set", "host=h", "--set", "path:=a;type=x"}, "", 1},
		{[]string{"edit", "--set", "scheme=news", "--set", "path=comp.infosystems.www"}, "news:comp.infosystems.www", 0},
		{[]string{"edit", "--spec", "rfc3986", "--set", "scheme=http", "--set", "host=h", "--iterate", "path=a b"}, "http://h/a\nhttp://h/b", 0},
		{[]string{"edit", "--set", "host=h"}, "", 2},
		{[]string{"edit"}, "", 2},
		// --format reads the edited URL.
		{[]string{"edit", "--set", "query=k=v w", "--format", "{input} {url} {query:k} {:query}", "http://h/"}, "http://h/ http://h/?k=v%20w v w k=v%20w", 0},
		{[]string{"edit", "--output", "csv", "--format", "{valid}{error}", "--set", "host=n", "mailto:x"},
			"valid,error\nfalse,\"an authority cannot be added: the path \"\"x\"\" does not begin with \"\"/\"\" [edit-no-authority, RFC 3986 §3.3]\"", 1},
	} {
		out, errOut, code := runLocator(t, "", tc.args...)
		if got := strings.TrimSuffix(out, "\n"); got != tc.want || code != tc.code || (code == 2 && errOut == "") {
			t.Errorf("locator %q: %q (stderr %q), exit %d; want %q, exit %d", tc.args, got, errOut, code, tc.want, tc.code)
		}
	}
}

// edit --json: one object per URL, the components of the result as written, errors as
// parse --json writes them.
func TestEditJSON(t *testing.T) {
	out, _, code := runLocator(t, "http://h/a\nmailto:x\n", "edit", "--json", "--set", "host=n", "--jobs", "2", "-")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(lines) != 2 {
		t.Fatalf("edit --json -: %q, exit %d", out, code)
	}
	type diag struct {
		Offset              int
		Code, Rule, Message string
	}
	var ok, bad struct {
		Input, Spec string
		Valid       bool
		URL         *string
		Host, Path  *string
		Errors      []diag
	}
	if err := json.Unmarshal([]byte(lines[0]), &ok); err != nil || !ok.Valid || *ok.URL != "http://n/a" || *ok.Host != "n" || *ok.Path != "/a" || len(ok.Errors) != 0 {
		t.Errorf("%s: %v %+v", lines[0], err, ok)
	}
	if err := json.Unmarshal([]byte(lines[1]), &bad); err != nil || bad.Valid || bad.URL != nil || bad.Host != nil || len(bad.Errors) != 1 || bad.Errors[0].Code != "edit-no-authority" {
		t.Errorf("%s: %v %+v", lines[1], err, bad)
	}
	// Not UTF-8: input_base64, as parse --json.
	out, _, _ = runLocator(t, "", "decode", "--json", "%FF")
	if !strings.Contains(out, `"output_base64":"/w=="`) {
		t.Errorf("decode --json %%FF: %s", out)
	}
}

// Every part-B option works on "-" with several jobs as on arguments: the same lines, in
// input order, --iterate's lines together.
func TestEditPartBStdin(t *testing.T) {
	var in strings.Builder
	var args []string
	for i := range 2000 {
		u := "http://h" + strings.Repeat("x", i%7) + ":80/p/" + string(rune('a'+i%26)) + "?k=" + strings.Repeat("v", i%5)
		if i%97 == 0 {
			u = "mailto:x" // fails: --set port adds an authority
		}
		in.WriteString(u + "\n")
		args = append(args, u)
	}
	for _, opts := range [][]string{
		{"--iterate", "port=1 2", "--set", "host=bücher.example", "--punycode", "--format", "{url}\t{query:k}\t{idn:host}"},
		{"--redirect", "../q?k=1", "--drop-default-port", "--json"},
		{"--default-port", "--iterate", "fragment=a b c", "--output", "csv", "--format", "{input}{url}{error}"},
	} {
		base := append([]string{"edit", "--spec", "rfc3986"}, opts...)
		want, _, wantCode := runLocator(t, "", append(base, args...)...)
		if strings.Count(want, "\n") < len(args) {
			t.Fatalf("%q: %d lines for %d URLs", opts, strings.Count(want, "\n"), len(args))
		}
		for _, jobs := range []string{"1", "2"} {
			got, errOut, code := runLocator(t, in.String(), append(base, "--jobs", jobs, "-")...)
			if got != want || code != wantCode || errOut != "" {
				t.Errorf("%q --jobs %s -: %d bytes, exit %d, stderr %q; the arguments gave %d bytes, exit %d",
					opts, jobs, len(got), code, errOut, len(want), wantCode)
			}
		}
	}
}

// 1 MB adversarial inputs: the qualifiers and the part-B steps allocate in proportion to the
// input (the bytes for 1 MB at most 8 times those for 256 kB); times are logged, with a
// hang guard only.
func TestFormatQualifiersLinear(t *testing.T) {
	const size = 1 << 20
	spec := locator.RFC3986
	o := outputOptions{format: "{path}{:path}{query:a}{query-all:a}{default:port}{puny:host}{idn:host}{idn:url}{typecode}{must:query}"}
	f, err := o.compile(editFields)
	if err != nil {
		t.Fatal(err)
	}
	f.spec = spec
	for _, shape := range []struct{ pre, rep string }{
		{"http://h/", "%41"}, {"http://h/?", "a=1&"}, {"http://", "a."}, {"http://", "xn--bcher-kva."}, {"http://", "é"},
		{"ftp://h/", "a;type=d/"}, {"http://h/?", "a"},
	} {
		mk := func(n int) string { return shape.pre + strings.Repeat(shape.rep, n/len(shape.rep)) + "?a=1" }
		render := func(s string) func() {
			return func() {
				fw := f.worker()
				rec := newRecord(editFields)
				rec.set(3, s)
				if u, err := locator.ParseAs(s, spec); err == nil {
					for i, c := range lineops.Components(u) {
						if c.Present {
							rec.set(4+i, c.Value)
						}
					}
				}
				_ = rec.appendTo(nil, fw)
			}
		}
		big, small := mk(size), mk(size/4)
		start := time.Now()
		render(big)()
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%q: 1 MB took %v: a hang", shape.rep, d)
		}
		if ab, as := allocatedBytes(render(big)), allocatedBytes(render(small)); ab > 8*max(as, 1<<16) {
			t.Errorf("%q: 1 MB allocated %d bytes, 256 kB %d: not linear", shape.rep, ab, as)
		}
	}
	// The edit steps: --iterate, --redirect, --drop-default-port, --punycode on 1 MB.
	e := &editor{spec: spec}
	p, err := newPipeline(e, []string{"fragment=a b"}, "../x?"+strings.Repeat("q", 1000), true, portDropDefault, hostPuny)
	if err != nil {
		t.Fatal(err)
	}
	for _, rep := range []string{"a/", "%41", "./", "../"} {
		mk := func(n int) string { return "http://h:80/" + strings.Repeat(rep, n/len(rep)) }
		run := func(s string) func() {
			return func() {
				p.run(s, func(string, error) {})
			}
		}
		if ab, as := allocatedBytes(run(mk(size))), allocatedBytes(run(mk(size/4))); ab > 8*max(as, 1<<16) {
			t.Errorf("edit steps %q: 1 MB allocated %d bytes, 256 kB %d: not linear", rep, ab, as)
		}
	}
}

// FuzzFormatQualifiers: no template and URL make the format panic, and {:path} is the path
// as written (display escaping aside), which read back as a path gives the same path.
func FuzzFormatQualifiers(f *testing.F) {
	for _, s := range []string{"ftp://u:p@h:21/a%20;type=d?q=1#f", "http://xn--bcher-kva.example/", "news:a@b", "gopher://h/1x", "http://h/?a=1&a=2", "mailto:x", ""} {
		f.Add(s, "{path}{:path}{query:a}{query-all:a}{default:port}{puny:host}{idn:host}{idn:url}{typecode}{selector}{group}{message-id}{must:query}", false)
	}
	f.Fuzz(func(t *testing.T, s, tmpl string, rfc3986 bool) {
		if len(s) > 2000 || len(tmpl) > 200 {
			return
		}
		spec := locator.RFC1738
		if rfc3986 {
			spec = locator.RFC3986
		}
		o := outputOptions{format: tmpl}
		if fm, err := o.compile(parseFields); err == nil && tmpl != "" { // "": the command's own line
			fm.spec = spec
			vals := make([]string, len(parseFields))
			vals[0] = s
			present := uint64(1)
			if u, err := locator.ParseAs(s, spec); err == nil {
				for i, c := range lineops.Components(u) {
					vals[3+i] = c.Value
					if c.Present {
						present |= 1 << (3 + i)
					}
				}
			}
			out := fm.worker().appendRecord(nil, vals, present)
			if strings.Count(string(out), "\n") != 1 {
				t.Fatalf("%q %q: %q is not one line", s, tmpl, out)
			}
		}
		u, err := locator.ParseAs(s, spec)
		if err != nil {
			return
		}
		// A command whose record holds only the URL: {:path} is read from it.
		urlOnly := []field{{"url", fieldString}}
		o = outputOptions{format: "{:path}"}
		fm, err := o.compile(urlOnly)
		if err != nil {
			t.Fatal(err)
		}
		fm.spec = spec
		rec := newRecord(urlOnly)
		rec.set(0, s)
		got := strings.TrimSuffix(string(rec.appendTo(nil, fm.worker())), "\n")
		if got != display.String(u.Path()) {
			t.Fatalf("%q: {:path} = %q, want %q", s, got, display.String(u.Path()))
		}
		if got != u.Path() || strings.HasPrefix(got, "//") || !strings.HasPrefix(got, "/") {
			return
		}
		v, err := locator.ParseAs("x://h"+got, spec)
		if err != nil || v.Path() != u.Path() {
			t.Fatalf("%q: {:path} %q reads back as %q (%v)", s, got, v.Path(), err)
		}
	})
}

// FuzzEditSteps: the port and host steps never panic, and change nothing but the host and
// the port: the result parses under the spec to the input's other components.
func FuzzEditSteps(f *testing.F) {
	for _, s := range []string{"http://h:80/a?q#f", "ftp://u:p@xn--bcher-kva.example:21/a;type=d", "http://b%C3%BCcher.example/", "news:x", "http://[::1]:80/", "//h:0/"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, s string, flags uint8) {
		if len(s) > 2000 {
			return
		}
		spec := locator.RFC1738
		if flags&16 != 0 {
			spec = locator.RFC3986
		}
		u, err := locator.ParseAs(s, spec)
		if err != nil {
			return
		}
		p, err := newPipeline(&editor{spec: spec}, nil, "", false, portAction(flags%3), hostForm(flags/4%3))
		if err != nil {
			t.Fatal(err)
		}
		p.run(s, func(out string, err error) {
			if err != nil {
				return
			}
			v, perr := locator.ParseAs(out, spec)
			if perr != nil {
				t.Fatalf("%q (flags %d) = %q, which does not parse: %v", s, flags, out, perr)
			}
			a, b := lineops.Components(u), lineops.Components(v)
			for i, c := range a {
				if i == 3 || i == 4 {
					continue
				}
				if c != b[i] {
					t.Fatalf("%q (flags %d) = %q: %s changed from %q to %q", s, flags, out, c.Name, c.Value, b[i].Value)
				}
			}
		})
	})
}
