package serve

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/locator-url/locator/internal/records"
)

// inspectPage is the data of the inspector's template.
type inspectPage struct {
	URL  string   // the URL, as the user wrote it ("" before the first submit)
	Base string   // the base of the resolution form
	Refs []string // its references
	In   *inspection
}

// inspectRequest is what a request to the inspector asks: the URL, and a base with the
// references to resolve against it.
type inspectRequest struct {
	url, base string
	refs      []string
	hasURL    bool
}

// requestError is a request the inspector refuses: its status and why, for a person.
type requestError struct {
	status int
	msg    string
}

// readInspect reads the inspector's parameters from r's query, or from its form body for a
// POST (a URL too long for a request line can be posted): url, base (the URL when absent) and
// ref (repeated, or one reference per line). Each value is bounded by MaxInput and the
// references by maxRefs.
func readInspect(w http.ResponseWriter, r *http.Request) (inspectRequest, *requestError) {
	var q inspectRequest
	if r.Method == http.MethodPost {
		// Three fields of MaxInput, their encoding (%XX triples a byte) and the names.
		r.Body = http.MaxBytesReader(w, r.Body, 3*3*MaxInput+4096)
	}
	if err := r.ParseForm(); err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return q, &requestError{http.StatusRequestEntityTooLarge, "the form is larger than the inspector reads (" + strconv.Itoa(3*MaxInput) + " bytes of URLs)"}
		}
		return q, &requestError{http.StatusBadRequest, "the request's form cannot be read: " + err.Error()}
	}
	q.url, q.hasURL = r.Form.Get("url"), r.Form.Has("url")
	q.base = r.Form.Get("base")
	for name, v := range map[string]string{"URL": q.url, "base": q.base} {
		if len(v) > MaxInput {
			return q, tooLong(name, len(v))
		}
	}
	for _, v := range r.Form["ref"] {
		if len(v) > MaxInput {
			return q, tooLong("reference", len(v))
		}
		for line := range strings.SplitSeq(v, "\n") {
			line = strings.TrimSuffix(line, "\r")
			if line == "" {
				continue
			}
			if len(q.refs) == maxRefs {
				return q, &requestError{http.StatusBadRequest, "more than " + strconv.Itoa(maxRefs) + " references: the form resolves at most " + strconv.Itoa(maxRefs) + " at a time"}
			}
			q.refs = append(q.refs, line)
		}
	}
	if q.base == "" && len(q.refs) > 0 {
		q.base = q.url
	}
	return q, nil
}

// tooLong is the refusal of a value of n bytes, longer than MaxInput.
func tooLong(what string, n int) *requestError {
	return &requestError{http.StatusRequestEntityTooLarge, "the " + what + " is " + strconv.Itoa(n) +
		" bytes long; the inspector reads at most " + strconv.Itoa(MaxInput) + " bytes"}
}

// serveInspect answers / and /inspect?url=…: the inspector page. Without a url parameter it
// shows the empty form; with one, the URL under every specification and, when references
// are given, their resolution under every mode.
func (s *Server) serveInspect(w http.ResponseWriter, r *http.Request) {
	q, rerr := readInspect(w, r)
	if rerr != nil {
		s.render(w, rerr.status, "error", &Page{Title: http.StatusText(rerr.status), Data: rerr.msg})
		return
	}
	p := &inspectPage{URL: q.url, Base: q.base, Refs: q.refs}
	if q.hasURL || len(q.refs) > 0 {
		p.In = inspect(q.url, q.base, q.refs)
	}
	s.render(w, http.StatusOK, "inspect", &Page{Title: "URL inspector", Data: p})
}

// serveInspectJSON answers /api/inspect?url=…: what the inspector shows, as JSON (see
// inspection), with the field names of the locator command's --json. A refused request gets
// {"error": "…"} with its status.
func (s *Server) serveInspectJSON(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	q, rerr := readInspect(w, r)
	if rerr == nil && !q.hasURL && len(q.refs) == 0 {
		rerr = &requestError{http.StatusBadRequest, "no url parameter: /api/inspect?url=URL[&base=BASE&ref=REF…]"}
	}
	if rerr != nil {
		w.WriteHeader(rerr.status)
		js, _ := records.Marshal(map[string]string{"error": rerr.msg})
		_, _ = w.Write(append(js, '\n'))
		return
	}
	js, err := records.Marshal(inspect(q.url, q.base, q.refs))
	if err != nil {
		w.WriteHeader(http.StatusInternalServerError)
		js, _ = records.Marshal(map[string]string{"error": err.Error()})
	}
	_, _ = w.Write(append(js, '\n'))
}
