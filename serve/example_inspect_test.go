package serve_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"

	"github.com/locator-url/locator/serve"
)

// The inspector's JSON: the objects of `locator check --json` (and parse, plan) under each
// specification, and the row of `locator resolve --all-specs --json` for each reference.
func Example_inspectJSON() {
	s := serve.New(serve.Options{})
	defer s.Close()
	q := url.Values{"url": {"ftp://host.dom/a%zz"}, "base": {"http://a/b/c/d;p?q"}, "ref": {"http:g"}}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/api/inspect?"+q.Encode(), nil))
	var r struct {
		Specs map[string]struct {
			Check struct {
				Valid  bool   `json:"valid"`
				Offset int    `json:"offset"`
				Code   string `json:"code"`
			} `json:"check"`
		} `json:"specs"`
		Resolve struct {
			Rows []map[string]any `json:"rows"`
		} `json:"resolve"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
		fmt.Println(err)
		return
	}
	c := r.Specs["rfc1738"].Check
	fmt.Println(rec.Code, c.Valid, c.Offset, c.Code)
	fmt.Println(r.Resolve.Rows[0]["rfc3986"], r.Resolve.Rows[0]["rfc3986-compat"])
	// Output:
	// 200 false 16 bad-escape
	// http:g http://a/b/c/g
}
