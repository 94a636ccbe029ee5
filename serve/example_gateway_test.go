package serve_test

import (
	"fmt"
	"net/http/httptest"
	"strings"

	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/serve"
)

// The path form: the URL after the gateway's "/" is fetched and shown as a page; one the
// gateway's policy refuses (here a loopback address) is answered 403 with the rule.
func ExampleServer_pathForm() {
	s := serve.New(serve.Options{})
	defer s.Close()
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/gopher://127.0.0.1/1/", nil))
	fmt.Println(rec.Code, strings.Contains(rec.Body.String(), "127.0.0.1 is loopback"))
	// Output: 403 true
}

// The proxy form: the request line holds the whole URL, as a client with
// gopher_proxy=http://gateway/ sends it; a refusal is the status and the error's text.
func ExampleServer_proxyForm() {
	s := serve.New(serve.Options{})
	defer s.Close()
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/", nil)
	req.RequestURI = "gopher://gopher.example:7070/1/"
	s.ServeHTTP(rec, req)
	fmt.Println(rec.Code, rec.Body.String())
	// Output: 403 "gopher://gopher.example:7070/1/": port 7070 is not "gopher"'s default port: the gateway dials only default ports (allow it with --allow-port 7070) [port, RFC 1738 §6; locator's gateway policy (--allow-port)]
}

// Status maps the kind of a failed access to the gateway's HTTP status.
func ExampleStatus() {
	for _, k := range []fetch.Kind{fetch.KindInvalid, fetch.KindSafety, fetch.KindConnect, fetch.KindRefused, fetch.KindNoClient} {
		fmt.Println(k, serve.Status(&fetch.Error{Kind: k}))
	}
	// Output:
	// invalid 400
	// safety 403
	// connect 502
	// refused 502
	// no-client 501
}
