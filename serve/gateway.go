package serve

import "net/http"

// serveGateway answers the path form: /scheme:… names the object to fetch.
// (Skeleton: the gateway helper builds it.)
func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	s.render(w, http.StatusNotFound, "error", &Page{Title: "Not found", Data: "no such page: " + r.URL.Path})
}

// serveProxy answers the proxy form: the request line names an absolute URL (RFC 1738 §4,
// the CERN convention). (Skeleton: the gateway helper builds it.)
func (s *Server) serveProxy(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "the proxy form is not built yet", http.StatusNotImplemented)
}
