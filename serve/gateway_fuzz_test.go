package serve

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// FuzzGatewayRequest: any request line, in the path form or the proxy form, is answered
// without a panic, with a status the gateway gives, and with no control byte of the input in
// the page (every byte shown goes through internal/display and html/template). The gateway
// fetches no scheme here (Options.Schemes names none), so no input reaches the network.
func FuzzGatewayRequest(f *testing.F) {
	for _, s := range []string{"/gopher://h/1/x", "/gopher%3A%2F%2Fh%2F1", "/gopher:%2F%2Fh/1", "/raw/ftp://h/a",
		"/gateway?url=gopher://h/7x&search=a%0D%0Ab", "/gateway?url=gopher://h/0x&ask=2&a1=%1b&l2=a%0Ab",
		"gopher://h/1/\x1b[31m", "http://0x7f.1/", "/gopher://h:99999/", "/%", "/raw", "/gateway"} {
		f.Add(s)
	}
	s := New(Options{Schemes: []string{"none"}})
	f.Fuzz(func(t *testing.T, line string) {
		if len(line) > 4096 {
			return
		}
		u, err := url.ParseRequestURI(line)
		if err != nil {
			return
		}
		r := &http.Request{Method: "GET", RequestURI: line, URL: u, Host: "gw.example", Header: http.Header{}, RemoteAddr: "192.0.2.1:1"}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, r)
		switch rec.Code {
		case http.StatusOK, http.StatusBadRequest, http.StatusForbidden, http.StatusNotFound, http.StatusMethodNotAllowed:
		default:
			t.Fatalf("%q: status %d", line, rec.Code)
		}
		if p := u.Path; u.Scheme == "" && (strings.HasPrefix(p, "/static/") || p == "/" || p == "/inspect" || p == "/api/inspect") {
			return // the inspector's and the static files' own
		}
		for _, c := range rec.Body.Bytes() {
			if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
				t.Fatalf("%q: a control byte %#x in the answer\n%s", line, c, rec.Body.String())
			}
		}
	})
}
