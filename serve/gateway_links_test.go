package serve

import (
	"bytes"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/testserver"
	"github.com/locator-url/locator/whatwg"
)

// browserTarget returns the request target a browser sends for the link on a page of the
// gateway http://gw.example/ (the WHATWG URL Standard's basic URL parser against the page's
// URL, as Chromium parses it: dot segments removed, "'" of a special URL's query encoded),
// and whether the link stays on the gateway's origin.
func browserTarget(t *testing.T, link string) (string, bool) {
	t.Helper()
	page, err := whatwg.Parse("http://gw.example/gopher://h/1/", nil)
	if err != nil {
		t.Fatal(err)
	}
	u, err := whatwg.Parse(link, &page)
	if err != nil {
		t.Fatalf("link %q: %v", link, err)
	}
	origin := "http://gw.example/"
	if !strings.HasPrefix(u.Href(), origin) {
		return u.Href(), false
	}
	target, _, _ := strings.Cut(strings.TrimPrefix(u.Href(), origin[:len(origin)-1]), "#")
	return target, true
}

// TestGatewayLinkRoundTrip: a link the gateway writes (gatewayLink, rawLink) leads, after a
// browser has resolved it, to the gateway's page of the same URL, byte for byte: every ASCII
// byte and a few spellings of dot segments ("%2e%2e", WHATWG URL's double-dot URL path
// segment, which a browser removes), a "'" in a query (which a browser encodes in an http
// URL's query), a "%" that begins no percent-encoded byte (which net/http refuses in a
// request path), at every position of URLs of each scheme; and a string without a scheme
// never becomes "//host", a link to another origin.
func TestGatewayLinkRoundTrip(t *testing.T) {
	var urls []string
	for _, base := range []string{"gopher://h/1/ab", "http://h/a?b=c", "ftp://h/a/b", "news:a@b"} {
		for pos := len("news:"); pos <= len(base); pos++ {
			for c := 0; c < 0x80; c++ {
				urls = append(urls, base[:pos]+string(rune(c))+base[pos:])
			}
			for _, s := range []string{"/%2e%2e/", "/%2E./", "/.%2e/", "/%2e/", "/./", "/../", "%", "%2", "%zz", "%2F", "'"} {
				urls = append(urls, base[:pos]+s+base[pos:])
			}
		}
	}
	bad := 0
	for _, u := range urls {
		if !gwHasScheme(u) {
			continue
		}
		for _, link := range []string{gatewayLink(u), rawLink(u)} {
			target, ok := browserTarget(t, link)
			if !ok {
				t.Errorf("%q: link %q leaves the gateway: %s", u, link, target)
				continue
			}
			ru, err := url.ParseRequestURI(target) // as net/http reads the request line
			var got gwRequest
			if err == nil {
				got, ok, err = gatewayRequest(&http.Request{Method: "GET", RequestURI: target, URL: ru})
			}
			if err != nil || !ok || got.url != u {
				if bad++; bad <= 20 {
					t.Errorf("%q: link %q, requested as %q, names %q (ok %v, %v)", u, link, target, got.url, ok, err)
				}
			}
		}
	}
	for _, u := range []string{"//evil.example/", "/\\evil.example/", "\\\\evil.example/x"} {
		for _, link := range []string{gatewayLink(u), rawLink(u)} {
			if target, ok := browserTarget(t, link); !ok {
				t.Errorf("%q: link %q leaves the gateway: %s", u, link, target)
			}
		}
	}
}

// TestAccessLogQuotes: a backslash from the client is written \\ in the access log, as
// httpd's mod_log_config writes it, so that a User-Agent ending in a backslash before a quote
// cannot end its field early and forge the fields after it: a reader of the Combined Log
// Format finds the request, the referer and the user agent as the client sent them.
func TestAccessLogQuotes(t *testing.T) {
	var log bytes.Buffer
	s := New(Options{AccessLog: &log})
	ua := `a\" 200 1 "-" "forged\`
	req := httptest.NewRequest("GET", `/inspect?url=a\b`, nil)
	req.Header.Set("User-Agent", ua)
	req.Header.Set("Referer", `http://r/\`)
	s.ServeHTTP(httptest.NewRecorder(), req)
	line := log.String()
	re := regexp.MustCompile(`^\S+ - - \[[^]]+\] "((?:[^"\\]|\\.)*)" \d+ \d+ "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)"\n$`)
	m := re.FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("not a Combined Log Format line: %q", line)
	}
	unescape := func(s string) string {
		v, err := strconv.Unquote(`"` + s + `"`)
		if err != nil {
			t.Fatalf("field %q: %v", s, err)
		}
		return v
	}
	if got := unescape(m[1]); got != `GET /inspect?url=a\b HTTP/1.1` {
		t.Errorf("request field %q", got)
	}
	if got := unescape(m[2]); got != `http://r/\` {
		t.Errorf("referer field %q", got)
	}
	if got := unescape(m[3]); got != ua {
		t.Errorf("user-agent field %q, want %q\n%s", got, ua, line)
	}
}

// TestGatewayMessagesBounded: messages never quote an unbounded string: the page of a path
// that names no URL quotes at most display.MaxQuote bytes of it, and an error page shows a
// library's message (Go's resolver quoting a 4,000-byte host: Go refuses a name that long
// without asking a server) cut by display.Clip.
func TestGatewayMessagesBounded(t *testing.T) {
	s := New(Options{})
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/"+strings.Repeat("a", 100000), nil))
	if rec.Code != http.StatusNotFound || rec.Body.Len() > 4000 || !strings.Contains(rec.Body.String(), "no such page") {
		t.Errorf("a path of 100,000 bytes that names no URL: %d, %d bytes", rec.Code, rec.Body.Len())
	}
	host := strings.Repeat("a.", 2000) + "example"
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/gateway?url="+url.QueryEscape("gopher://"+host+"/"), nil))
	msg := regexp.MustCompile(`<p class="error">[^\n]*`).FindString(rec.Body.String())
	if rec.Code != http.StatusBadGateway || msg == "" || len(msg) > 2000 {
		t.Errorf("a host of %d bytes: %d, the error paragraph is %d bytes: %.300s…", len(host), rec.Code, len(msg), msg)
	}
}

// TestContentTypeXSL: text/xsl, an XSLT stylesheet, is XML, which Chromium renders as a
// document (an XHTML body sent as text/xsl is shown as a page): like every XML type it goes
// out as text/plain, in the proxy form, the download and the path form.
func TestContentTypeXSL(t *testing.T) {
	for _, typ := range []string{"text/xsl", "text/xsl; charset=utf-8", "TEXT/XSL", "application/xslt+xml", "text/xml"} {
		for _, proxy := range []bool{false, true} {
			if got := gwContentType(&fetch.Result{Scheme: "http", Type: typ}, nil, proxy); got != "text/plain; charset=utf-8" {
				t.Errorf("%s (proxy %v): sent as %q", typ, proxy, got)
			}
		}
	}
}

// TestSearchItemHostileURL: a search item (type 7) whose URL holds bytes that display
// escapes (a host with a bidirectional control, from the real pygopherd's gophermap) is a
// plain link, not a form whose hidden field would carry the raw bytes into the page (a
// browser would show them, and send U+FFFD for invalid UTF-8): every byte of the page is
// shown through internal/display, and the link names the item's URL.
func TestSearchItemHostileURL(t *testing.T) {
	root := t.TempDir()
	menu := "7Find\t/find\th\u202eost\t70\n7Plain\t/find\t127.0.0.1\t70\n"
	if err := os.WriteFile(filepath.Join(root, "gophermap"), []byte(menu), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := testserver.PyGopherd(t, root, testserver.PygopherdOptions{})
	ts, _ := gatewayServer(t, Options{AllowPrivate: true, AllowPorts: []int{srv.Port}})
	page := gwGet(t, ts, "/gopher://127.0.0.1:"+strconv.Itoa(srv.Port)+"/1/")
	if page.status != http.StatusOK || !utf8.ValidString(page.body) || strings.ContainsRune(page.body, '\u202e') {
		t.Fatalf("menu: %d, a raw bidirectional control or invalid UTF-8 in the page:\n%s", page.status, page.body)
	}
	if n := strings.Count(page.body, `class="gw-search"`); n != 1 {
		t.Errorf("%d search forms, want 1 (the item with a plain URL)", n)
	}
	if got, want := gwLink(t, page.body, "Find"), "/gateway?url="+url.QueryEscape("gopher://h\u202eost/7/find"); got != want {
		t.Errorf("the hostile search item's link %q, want %q", got, want)
	}
	// The same with invalid UTF-8, straight into the page (pygopherd reads its gophermap as
	// text).
	rec := httptest.NewRecorder()
	New(Options{}).renderListing(rec, httptest.NewRequest("GET", "/gopher://h/1/", nil), gwRequest{url: "gopher://h/1/"},
		&fetch.Result{Scheme: "gopher", Listing: true, Entries: []fetch.Entry{{Type: "7", Name: "x", URL: "gopher://h\xff/7/x"}}})
	if !utf8.ValidString(rec.Body.String()) || strings.Contains(rec.Body.String(), `class="gw-search"`) {
		t.Errorf("a search item whose URL is not UTF-8:\n%s", rec.Body.String())
	}
}

// TestFormHostileDefaults: a Gopher+ ASK form's defaults and choices (gopher-plus.txt §2.8) go
// into the page through display.String, as every other byte the gateway shows: no control,
// bidirectional control or invalid UTF-8 reaches the page raw, and a plain default is kept as
// it is, so that the form sends back what it shows.
func TestFormHostileDefaults(t *testing.T) {
	hostile := "a\x1b[31m\u202e\xff"
	rec := httptest.NewRecorder()
	New(Options{}).renderForm(rec, httptest.NewRequest("GET", "/gopher://h/1/", nil), gwRequest{url: "gopher://h/1/"},
		&fetch.Result{Scheme: "gopher", Form: []fetch.Question{
			{Kind: "Ask", Prompt: "Name?", Default: "nobody"},
			{Kind: "Ask", Prompt: "Text?", Default: hostile},
			{Kind: "AskP", Prompt: "Password?", Default: hostile},
			{Kind: "AskL", Prompt: "Lines?", Default: hostile},
			{Kind: "Choose", Prompt: "Colour?", Choices: []string{"red", hostile}},
		}})
	body := rec.Body.String()
	if rec.Code != http.StatusOK || !utf8.ValidString(body) || strings.ContainsAny(body, "\x1b\u202e") {
		t.Fatalf("form: %d, a raw control, bidirectional control or invalid UTF-8 in the page:\n%q", rec.Code, body)
	}
	if !strings.Contains(body, `value="nobody"`) || !strings.Contains(body, `<option value="red">`) {
		t.Errorf("a plain default or choice is not kept as it is:\n%s", body)
	}
	shown := html.EscapeString(display.String(hostile))
	if n := strings.Count(body, shown); n != 5 { // two defaults, the textarea, the option's value and label
		t.Errorf("the escaped default %q is in the page %d times, want 5:\n%s", shown, n, body)
	}
}
