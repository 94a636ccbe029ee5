package serve

import (
	"encoding/json"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// get answers one request of s and returns the status and the body.
func get(t *testing.T, s *Server, target string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
	return rec.Code, rec.Body.String()
}

// inspectURL is the inspector's address for u, with base and references when given.
func inspectURL(path, u, base string, refs ...string) string {
	q := url.Values{"url": {u}}
	if base != "" {
		q.Set("base", base)
	}
	for _, r := range refs {
		q.Add("ref", r)
	}
	return path + "?" + q.Encode()
}

// section returns the HTML of the page's section id (up to its </section>).
func section(t *testing.T, page, id string) string {
	t.Helper()
	i := strings.Index(page, `id="`+id+`"`)
	if i < 0 {
		t.Fatalf("no section %s in the page", id)
	}
	j := strings.Index(page[i:], "</section>")
	if j < 0 {
		t.Fatalf("section %s does not end", id)
	}
	return page[i : i+j]
}

var tagRE = regexp.MustCompile(`<[^>]*>`)

// text returns the text of an HTML fragment: each tag a space, entities decoded, runs of
// white space one space.
func text(h string) string {
	return strings.Join(strings.Fields(html.UnescapeString(tagRE.ReplaceAllString(h, " "))), " ")
}

// TestInspectEmpty: / and /inspect without a URL show the form and nothing else.
func TestInspectEmpty(t *testing.T) {
	s := New(Options{})
	for _, path := range []string{"/", "/inspect"} {
		code, body := get(t, s, path)
		if code != http.StatusOK || !strings.Contains(body, `<form id="inspect-form"`) || !strings.Contains(body, `name="ref"`) {
			t.Fatalf("%s: %d\n%s", path, code, body)
		}
		if strings.Contains(body, `class="inspect-spec"`) {
			t.Errorf("%s: results without a URL", path)
		}
		if !strings.Contains(body, `<script src="/static/inspect.js" defer></script>`) {
			t.Errorf("%s: no inspect.js", path)
		}
	}
}

// TestInspectSpecs: each part of the page for one URL under each spec: the verdict, the
// components as written, the findings with the caret under the offset and the rule, the typed
// view and the plan.
func TestInspectSpecs(t *testing.T) {
	s := New(Options{})
	const u = "gopher://h:7070/1sel%zz"
	code, page := get(t, s, inspectURL("/inspect", u, ""))
	if code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	for _, spec := range []locator.Spec{locator.RFC1738, locator.RFC3986} {
		sec := section(t, page, "spec-"+spec.String())
		r := scheme.Inspect(u, spec)
		if want := map[bool]string{true: ">valid<", false: ">not valid<"}[r.Valid()]; !strings.Contains(sec, want) {
			t.Errorf("%s: verdict, want %s", spec, want)
		}
		// Every finding of the report, each with its rule and a caret under its offset.
		for _, f := range r.Findings {
			if !strings.Contains(text(sec), f.Rule) || !strings.Contains(text(sec), string(f.Code)) {
				t.Errorf("%s: finding %s [%s] not shown", spec, f.Code, f.Rule)
			}
		}
		checkCarets(t, u, sec, len(r.Findings))
	}
	// RFC 1738 §2.2: "%zz" is a bad escape at offset 20, under both.
	sec := text(section(t, page, "spec-rfc1738"))
	if !strings.Contains(sec, "error at 20 :") || !strings.Contains(sec, "bad-escape") || !strings.Contains(sec, "RFC 1738 §2.2") {
		t.Errorf("rfc1738 findings:\n%s", sec)
	}
	// A valid URL: components, typed view, plan, and the security note on its port.
	const v = "gopher://h:7070/1sel"
	_, page = get(t, s, inspectURL("/inspect", v, ""))
	sec = text(section(t, page, "spec-rfc1738"))
	for _, want := range []string{"valid", "scheme gopher", "host h", "port 7070", "path /1sel", "query (absent)",
		"Typed view: gopher", `type "1"`, `selector "sel"`, "connect h:7070", `send "sel"`, "port-not-default"} {
		if !strings.Contains(sec, want) {
			t.Errorf("rfc1738 section lacks %q:\n%s", want, sec)
		}
	}
	sec = text(section(t, page, "security"))
	if !strings.Contains(sec, "port-not-default") || !strings.Contains(sec, "RFC 1738 §6") {
		t.Errorf("security section:\n%s", sec)
	}
	// WHATWG: href and getters, validation errors with a caret.
	_, page = get(t, s, inspectURL("/inspect", "HTTP://EX.com:80/a/../b c", ""))
	sec = section(t, page, "spec-whatwg")
	st := text(sec)
	for _, want := range []string{"parses", "href http://ex.com/b%20c", "hostname ex.com", `port ""`, "pathname /b%20c"} {
		if !strings.Contains(st, want) {
			t.Errorf("whatwg section lacks %q:\n%s", want, st)
		}
	}
	// A WHATWG failure: shown as the failure, with its caret.
	_, page = get(t, s, inspectURL("/inspect", "http://[x", ""))
	sec = section(t, page, "spec-whatwg")
	if !strings.Contains(sec, ">fails<") || !strings.Contains(text(sec), "IPv6-unclosed") {
		t.Errorf("whatwg failure:\n%s", sec)
	}
	checkCarets(t, "http://[x", sec, 1)
}

var caretRE = regexp.MustCompile(`(?s)<span class="offset">(\d+)</span>.*?<pre class="caret">([^\n]*)\n( *)\^</pre>`)

// checkCarets checks that sec shows at least n carets, each under its offset: the window
// above it is display.Window's, and for a short input the caret's column is the offset.
func checkCarets(t *testing.T, input, sec string, n int) {
	t.Helper()
	m := caretRE.FindAllStringSubmatch(sec, -1)
	if len(m) < n {
		t.Fatalf("%d carets, want %d:\n%s", len(m), n, sec)
	}
	for _, x := range m {
		if html.UnescapeString(x[2]) != input {
			t.Errorf("window %q, want the URL %q", x[2], input)
		}
		if x[1] != strconv.Itoa(len(x[3])) {
			t.Errorf("caret at column %d under offset %s", len(x[3]), x[1])
		}
	}
}

// TestInspectResolve: the resolution table, every mode side by side, a result that differs
// from rfc3986's marked, as `locator resolve --all-specs` marks it with "*".
func TestInspectResolve(t *testing.T) {
	s := New(Options{})
	const base = "http://a/b/c/d;p?q"
	_, page := get(t, s, inspectURL("/inspect", "x", base, "http:g\n../../../g", "g"))
	sec := section(t, page, "resolution")
	rows := regexp.MustCompile(`(?s)<tr><th><code>(.*?)</code></th><td>(yes|no)</td>(.*?)</tr>`).FindAllStringSubmatch(sec, -1)
	if len(rows) != 3 {
		t.Fatalf("%d rows, want 3:\n%s", len(rows), sec)
	}
	r := scheme.NewResolver(base)
	cellRE := regexp.MustCompile(`<td class="([^"]*)" data-mode="([^"]+)">(.*?)</td>`)
	for i, ref := range []string{"http:g", "../../../g", "g"} {
		want := r.ResolveAll(ref, false)
		if got := html.UnescapeString(rows[i][1]); got != ref {
			t.Errorf("row %d: reference %q, want %q", i, got, ref)
		}
		if (rows[i][2] == "yes") != want.Differ {
			t.Errorf("%s: differ %s, want %v", ref, rows[i][2], want.Differ)
		}
		cells := cellRE.FindAllStringSubmatch(rows[i][3], -1)
		if len(cells) != len(want.Results) {
			t.Fatalf("%s: %d cells", ref, len(cells))
		}
		for j, c := range cells {
			m := want.Results[j]
			differs := m.Text() != want.Results[0].Text()
			if c[2] != m.Mode.String() || text(c[3]) != m.Text() {
				t.Errorf("%s: cell %s %q, want %s %q", ref, c[2], text(c[3]), m.Mode, m.Text())
			}
			if strings.Contains(c[1], "differ") != differs || strings.Contains(c[3], "<mark>") != differs {
				t.Errorf("%s %s: marked %q, differs %v", ref, c[2], c[1], differs)
			}
		}
	}
	// "http:g": rfc3986 keeps it, rfc3986-compat resolves it (RFC 3986 §5.4.2).
	if !strings.Contains(rows[0][3], `data-mode="rfc3986-compat"><mark><code>http://a/b/c/g</code></mark>`) {
		t.Errorf("http:g row:\n%s", rows[0][3])
	}
	// Without a base, the URL is the base.
	_, page = get(t, s, inspectURL("/inspect", base, "", "../g"))
	if !strings.Contains(section(t, page, "resolution"), "<code>http://a/b/g</code>") {
		t.Errorf("the URL as the base: not resolved")
	}
}

// TestInspectJSON: /api/inspect returns what the page shows, in the objects of the CLI's
// --json (cmd/locator's TestServeJSONFields compares them with the command's).
func TestInspectJSON(t *testing.T) {
	s := New(Options{})
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", inspectURL("/api/inspect", "ftp://u:p@h/a%zz", "http://a/b/c/d;p?q", "http:g"), nil))
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("status %d, type %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	var got struct {
		Input string `json:"input"`
		Specs map[string]struct {
			Parse map[string]any `json:"parse"`
			Check map[string]any `json:"check"`
			Plan  map[string]any `json:"plan"`
		} `json:"specs"`
		Security []map[string]any `json:"security"`
		Resolve  struct {
			Base string           `json:"base"`
			Rows []map[string]any `json:"rows"`
		} `json:"resolve"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, rec.Body.String())
	}
	r := scheme.Inspect("ftp://u:p@h/a%zz", locator.RFC1738)
	p := got.Specs["rfc1738"].Parse
	if p["valid"] != false || p["spec"] != "rfc1738" || len(p["errors"].([]any)) != len(r.Findings) {
		t.Errorf("rfc1738 parse: %v", p)
	}
	if c := got.Specs["rfc1738"].Check; c["code"] != "bad-escape" || c["offset"] != 13.0 || c["errors"] != 1.0 {
		t.Errorf("rfc1738 check: %v", c)
	}
	if pl := got.Specs["rfc1738"].Plan; pl["error"] == nil {
		t.Errorf("rfc1738 plan of an unparsed URL: %v", pl)
	}
	if w := got.Specs["whatwg"].Parse; w["href"] != "ftp://u:p@h/a%zz" || w["spec"] != "whatwg" {
		t.Errorf("whatwg: %v", w)
	}
	if len(got.Resolve.Rows) != 1 || got.Resolve.Rows[0]["rfc3986-compat"] != "http://a/b/c/g" || got.Resolve.Rows[0]["differ"] != true {
		t.Errorf("resolve: %v", got.Resolve)
	}
	// A valid URL: its plan, and the security finding of its password.
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", inspectURL("/api/inspect", "ftp://u:p@h/a", ""), nil))
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if pl := got.Specs["rfc3986"].Plan; pl["scheme"] != "ftp" || pl["host"] != "h" || pl["valid"] != true {
		t.Errorf("rfc3986 plan: %v", pl)
	}
	found := false
	for _, d := range got.Security {
		found = found || d["code"] == string(scheme.CodePassword)
	}
	if !found {
		t.Errorf("security: %v, want %s", got.Security, scheme.CodePassword)
	}
	// No url: 400 with a JSON error.
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/api/inspect", nil))
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"error"`) {
		t.Errorf("no url: %d %s", rec.Code, rec.Body.String())
	}
}

// TestInspectEscaped: the URL's bytes reach the page only through internal/display: a
// control byte, a bidirectional override and HTML are shown escaped, never as markup.
func TestInspectEscaped(t *testing.T) {
	s := New(Options{})
	const u = "http://h/<script>alert(1)</script>\x1b[31m\u202e\"'"
	_, page := get(t, s, inspectURL("/inspect", u, "", u))
	for _, bad := range []string{"<script>alert", "\x1b", "\u202e"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q", bad)
		}
	}
	if !strings.Contains(page, `\x1b[31m\u202e`) {
		t.Errorf("the escapes are not shown")
	}
}

// TestInspectTooLong: a URL over MaxInput is refused with 413 and a short page that says
// why; the work and the reply do not grow with the input. A 1 MB URL is refused whole, by
// GET and by POST.
func TestInspectTooLong(t *testing.T) {
	s := New(Options{})
	long := "http://h/" + strings.Repeat("a", 1<<20)
	for _, path := range []string{"/inspect", "/api/inspect"} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", path+"?url="+long, nil)
		alloc := allocated(func() { s.ServeHTTP(rec, req) })
		if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), "at most 65536 bytes") {
			t.Errorf("%s: %d %.200s", path, rec.Code, rec.Body.String())
		}
		if rec.Body.Len() > 8<<10 {
			t.Errorf("%s: a reply of %d bytes", path, rec.Body.Len())
		}
		// Reading the query copies the URL a few times; nothing is inspected.
		if alloc > 8<<20 {
			t.Errorf("%s: %d bytes allocated for a refused 1 MB URL", path, alloc)
		}
		t.Logf("%s: 1 MB URL refused, %d bytes allocated", path, alloc)
	}
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/inspect", strings.NewReader("url="+strings.Repeat("%41", 1<<20)))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	s.ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("POST of 3 MB: %d %.200s", rec.Code, rec.Body.String())
	}
	// Too many references.
	code, _ := get(t, s, inspectURL("/inspect", "x", "http://a/", strings.Repeat("g\n", maxRefs+1)))
	if code != http.StatusBadRequest {
		t.Errorf("%d references: %d", maxRefs+1, code)
	}
}

// TestInspectAdversarial: a URL of MaxInput bytes with a finding every 2 bytes, as the URL
// and as a reference: the page shows maxShown findings per spec and counts the rest, each
// caret line a bounded window; the reply and the allocations grow linearly (a URL 4 times as
// long allocates at most 6 times as much; no time is measured).
func TestInspectAdversarial(t *testing.T) {
	s := New(Options{})
	for _, path := range []string{"/inspect", "/api/inspect"} {
		var allocs [2]int64
		for i, n := range []int{MaxInput / 4, MaxInput} {
			u := "http://h/" + strings.Repeat("a ", (n-9)/2)
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("POST", path, strings.NewReader(url.Values{"url": {u}, "ref": {u}}.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			allocs[i] = allocated(func() { s.ServeHTTP(rec, req) })
			if rec.Code != http.StatusOK {
				t.Fatalf("%s: %d %.300s", path, rec.Code, rec.Body.String())
			}
			t.Logf("%s: %d-byte URL: %d bytes of reply, %d bytes allocated", path, len(u), rec.Body.Len(), allocs[i])
			if rec.Body.Len() > 40*len(u) {
				t.Errorf("%s: a reply of %d bytes for a %d-byte URL", path, rec.Body.Len(), len(u))
			}
			if allocs[i] > 1000*int64(len(u)) {
				t.Errorf("%s: %d bytes allocated for a %d-byte URL", path, allocs[i], len(u))
			}
			if path == "/inspect" && n == MaxInput {
				page := rec.Body.String()
				if n := strings.Count(section(t, page, "spec-rfc1738"), `<pre class="caret">`); n != maxShown {
					t.Errorf("%d carets shown, want %d", n, maxShown)
				}
				if !strings.Contains(page, "more findings") {
					t.Errorf("the findings left out are not counted")
				}
				for _, m := range regexp.MustCompile(`<pre class="caret">([^\n]*)\n`).FindAllStringSubmatch(page, -1) {
					if len(m[1]) > 2*windowWidth {
						t.Fatalf("a caret window of %d bytes", len(m[1]))
					}
				}
			}
		}
		if allocs[1] > 6*allocs[0] {
			t.Errorf("%s: %d bytes allocated for a URL 4 times as long as one that allocated %d", path, allocs[1], allocs[0])
		}
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) int64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return int64(b.TotalAlloc - a.TotalAlloc)
}
