package serve_test

import (
	"fmt"
	"net/http/httptest"

	"github.com/locator-url/locator/serve"
)

// A Server is an http.Handler: mount it, or serve it with net/http.
func ExampleNew() {
	s := serve.New(serve.Options{}) // safe defaults: 1994 schemes, default ports, no private addresses
	defer s.Close()
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	fmt.Println(rec.Code, rec.Header().Get("Content-Type"))
	// Output: 200 text/html; charset=utf-8
}
