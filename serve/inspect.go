package serve

import "net/http"

// serveInspect answers / and /inspect?url=…: the inspector page.
// (Skeleton: the inspector helper builds it.)
func (s *Server) serveInspect(w http.ResponseWriter, r *http.Request) {
	s.render(w, http.StatusOK, "inspect", &Page{Title: "URL inspector", Original: r.URL.Query().Get("url")})
}

// serveInspectJSON answers /api/inspect?url=…: what the inspector shows, as JSON.
// (Skeleton: the inspector helper builds it.)
func (s *Server) serveInspectJSON(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "not built yet", http.StatusNotImplemented)
}
