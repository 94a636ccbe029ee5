package serve

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzInspect: for any URL and reference, the page and the JSON are answered (200), the page
// is valid UTF-8 with no control byte but the line breaks and tabs of its own markup, and no
// bidirectional control (every byte of the input went through internal/display), and the
// JSON decodes and gives the input back.
func FuzzInspect(f *testing.F) {
	for _, seed := range [][2]string{
		{"ftp://myname@host.dom/%2Fetc/motd", "../g"},
		{"URL:ftp://a?b@host/x;type=d", "http:g"},
		{"http://[::1]:8080/a b/%zz#\x00", "\t//g\r\n"},
		{"gopher://h/1sel%09search%09+", "?y"},
		{"mailto:\x1b[31m@x\xff\u202e", "\ufeffg"},
		{"a_b:x", ""},
	} {
		f.Add(seed[0], seed[1])
	}
	s := New(Options{})
	f.Fuzz(func(t *testing.T, u, ref string) {
		q := url.Values{"url": {u}, "base": {"http://a/b/c/d;p?q"}, "ref": {ref}}.Encode()
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", "/inspect?"+q, nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("page: %d", rec.Code)
		}
		page := rec.Body.String()
		if !utf8.ValidString(page) {
			t.Fatalf("the page is not UTF-8")
		}
		for i := 0; i < len(page); i++ {
			if c := page[i]; c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
				t.Fatalf("control byte %#x at %d of the page", c, i)
			}
		}
		if strings.ContainsAny(page, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff") {
			t.Fatalf("a format character in the page")
		}
		rec = httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", "/api/inspect?"+q, nil))
		var got struct {
			Input       string `json:"input"`
			InputBase64 string `json:"input_base64"`
		}
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &got) != nil {
			t.Fatalf("JSON: %d %.300s", rec.Code, rec.Body.String())
		}
		if utf8.ValidString(u) && got.Input != u || !utf8.ValidString(u) && got.InputBase64 == "" {
			t.Fatalf("JSON input %q (%q), want %q", got.Input, got.InputBase64, u)
		}
	})
}
