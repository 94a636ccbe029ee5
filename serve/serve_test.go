package serve

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/locator-url/locator/internal/testserver"
)

// TestSecurityHeaders: every response carries the Content-Security-Policy and the other
// headers that keep upstream content from running script or being framed.
func TestSecurityHeaders(t *testing.T) {
	s := New(Options{})
	for _, path := range []string{"/", "/inspect?url=x", "/static/style.css", "/nope"} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		h := rec.Result().Header
		if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: Content-Security-Policy %q", path, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", path)
		}
	}
}

// TestZeroServer: the zero Server is New(Options{}), made on its first request or Close (its
// doc): the same status and body for the inspector, the gateway's refusal of a loopback address,
// a static file and a method it does not answer, from two goroutines at once (the race detector
// sees the set-up). It answered 500 "no page inspect", and its Close dereferenced a nil client.
func TestZeroServer(t *testing.T) {
	paths := []string{"/", "/inspect?url=HTTP://a/b/../c", "/api/inspect?url=x:y", "/http://127.0.0.1/", "/static/style.css"}
	want := map[string]string{}
	ref := New(Options{})
	defer ref.Close()
	for _, p := range paths {
		rec := httptest.NewRecorder()
		ref.ServeHTTP(rec, httptest.NewRequest("GET", p, nil))
		want[p] = fmt.Sprint(rec.Code, " ", rec.Body.String())
	}
	var zero Server
	done := make(chan string, len(paths))
	for _, p := range paths {
		go func() {
			rec := httptest.NewRecorder()
			zero.ServeHTTP(rec, httptest.NewRequest("GET", p, nil))
			if got := fmt.Sprint(rec.Code, " ", rec.Body.String()); got != want[p] {
				done <- fmt.Sprintf("%s: the zero Server answers %.200q; New(Options{}) %.200q", p, got, want[p])
				return
			}
			done <- ""
		}()
	}
	for range paths {
		if msg := <-done; msg != "" {
			t.Error(msg)
		}
	}
	rec := httptest.NewRecorder()
	zero.ServeHTTP(rec, httptest.NewRequest("DELETE", "/", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("DELETE on the zero Server: %d", rec.Code)
	}
	if err := zero.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	var unused Server
	if err := unused.Close(); err != nil {
		t.Errorf("Close of a zero Server never used: %v", err)
	}
}

// TestMethod: the gateway answers GET, HEAD and POST only.
func TestMethod(t *testing.T) {
	rec := httptest.NewRecorder()
	New(Options{}).ServeHTTP(rec, httptest.NewRequest("DELETE", "/", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Fatalf("DELETE: %d", rec.Code)
	}
}

// TestAccessLog: one Combined Log Format line per request, the client's bytes escaped.
func TestAccessLog(t *testing.T) {
	var log bytes.Buffer
	s := New(Options{AccessLog: &log})
	req := httptest.NewRequest("GET", "/inspect?url=a", nil)
	req.Header.Set("User-Agent", "evil\"\x1b[31m\nagent")
	req.Header.Set("Referer", "http://r/")
	s.ServeHTTP(httptest.NewRecorder(), req)
	line := log.String()
	re := regexp.MustCompile(`^192\.0\.2\.1 - - \[\d\d/[A-Z][a-z]{2}/\d{4}:\d\d:\d\d:\d\d [-+]\d{4}\] "GET /inspect\?url=a HTTP/1\.1" 200 \d+ "http://r/" "evil\\"\\x1b\[31m\\nagent"\n$`)
	if !re.MatchString(line) {
		t.Fatalf("access log line %q", line)
	}
}

// TestAcquire: the per-client and total limits on upstream accesses.
func TestAcquire(t *testing.T) {
	s := New(Options{MaxPerClient: 2, MaxUpstream: 3})
	a := httptest.NewRequest("GET", "/", nil)
	a.RemoteAddr = "192.0.2.1:1000"
	b := httptest.NewRequest("GET", "/", nil)
	b.RemoteAddr = "192.0.2.2:1000"
	r1, ok1 := s.acquire(a)
	_, ok2 := s.acquire(a)
	_, ok3 := s.acquire(a)
	if !ok1 || !ok2 || ok3 {
		t.Fatalf("per client: %v %v %v, want true true false", ok1, ok2, ok3)
	}
	_, ok4 := s.acquire(b)
	_, ok5 := s.acquire(b)
	if !ok4 || ok5 {
		t.Fatalf("in all: %v %v, want true false", ok4, ok5)
	}
	r1()
	if _, ok := s.acquire(b); !ok {
		t.Fatal("a released slot is not given again")
	}
}

// TestBrowserSmoke: the inspector page loads in a real chromium and its form is there.
func TestBrowserSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	ctx := testserver.Chromium(t)
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	var title string
	var n int
	if err := chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(`input[name=url]`, chromedp.ByQuery),
		chromedp.Title(&title),
		chromedp.Evaluate(`document.querySelectorAll("form").length`, &n),
	); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(title, "inspector") || n < 1 {
		t.Fatalf("title %q, %d forms", title, n)
	}
}
