package fetch

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// recordingHandler serves a few paths and records each request's line and Host header.
type recordingHandler struct {
	mu    sync.Mutex
	lines []string
}

func (h *recordingHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	h.lines = append(h.lines, r.Method+" "+r.RequestURI+" "+r.Proto+" Host="+r.Host)
	h.mu.Unlock()
	switch r.URL.Path {
	case "/hello":
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, "hello, world\n")
	case "/chunked":
		w.Header().Set("Content-Type", "application/octet-stream")
		for range 3 {
			io.WriteString(w, "part\n")
			w.(http.Flusher).Flush()
		}
	case "/big":
		w.Header().Set("Content-Length", "100000")
		w.Write(bytes.Repeat([]byte("x"), 100000))
	case "/0/hello": // a gopher URL's path, when this is a gateway
		io.WriteString(w, "gopher text\n")
	case "/loop":
		http.Redirect(w, r, "/loop", http.StatusFound)
	case "/moved":
		http.Redirect(w, r, "/hello", http.StatusMovedPermanently)
	case "/to-gopher":
		http.Redirect(w, r, "gopher://127.0.0.1:70/1/", http.StatusFound)
	default:
		http.NotFound(w, r)
	}
}

func (h *recordingHandler) seen() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.lines...)
}

type progressRecorder struct{ total, added int64 }

func (p *progressRecorder) Start(total int64) { p.total = total }
func (p *progressRecorder) Add(n int64)       { p.added += n }
func (p *progressRecorder) Done()             {}

func TestHTTPGet(t *testing.T) {
	h := &recordingHandler{}
	srv := httptest.NewServer(h)
	defer srv.Close()
	var tr bytes.Buffer
	pr := &progressRecorder{}
	var out bytes.Buffer
	raw := srv.URL + "/hello#frag"
	res, err := Get(context.Background(), raw, &out, Options{Transcript: &tr, Progress: pr})
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != "hello, world\n" || res.Size != 13 || res.Total != 13 || pr.total != 13 || pr.added != 13 {
		t.Errorf("body %q size %d total %d progress %+v", out.String(), res.Size, res.Total, pr)
	}
	if res.Type != "text/plain; charset=utf-8" || res.Scheme != "http" {
		t.Errorf("type %q scheme %q", res.Type, res.Scheme)
	}
	host := strings.TrimPrefix(srv.URL, "http://")
	// The server saw exactly the plan's request: HTTP/1.0, the path without the fragment,
	// the Host header.
	if got, want := h.seen(), []string{"GET /hello HTTP/1.0 Host=" + host}; !equalStrings(got, want) {
		t.Errorf("server saw %q, want %q", got, want)
	}
	p, err := scheme.PlanFor(locator.MustParse(raw))
	if err != nil {
		t.Fatal(err)
	}
	var sent []string
	for _, e := range res.Dialog {
		if e.Sent != "" {
			sent = append(sent, e.Sent)
		}
	}
	var planned []string
	for _, s := range p.Steps {
		if s.Send != "" {
			planned = append(planned, s.Send)
		}
	}
	if !equalStrings(sent, planned) {
		t.Errorf("dialog sent %q, plan %q", sent, planned)
	}
	if !strings.Contains(tr.String(), "> GET /hello HTTP/1.0\n> Host: "+host+"\n< HTTP/1.0 200 OK\n") {
		t.Errorf("transcript:\n%s", tr.String())
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestHTTPErrors(t *testing.T) {
	h := &recordingHandler{}
	srv := httptest.NewServer(h)
	defer srv.Close()
	for _, c := range []struct {
		path string
		o    Options
		kind Kind
		code string
	}{
		{"/missing", Options{}, KindRefused, "http-404"},
		{"/loop", Options{MaxRedirects: 3}, KindSafety, "redirects"},
		{"/moved", Options{MaxRedirects: -1}, KindSafety, "redirects"},
		{"/to-gopher", Options{}, KindSafety, "redirect-scheme"},
		{"/big", Options{MaxSize: 1000}, KindSafety, "too-large"},
	} {
		_, err := Get(context.Background(), srv.URL+c.path, io.Discard, c.o)
		var fe *Error
		if !asError(err, &fe) || fe.Kind != c.kind || fe.Code != c.code {
			t.Errorf("%s: err %v, want %v %s", c.path, err, c.kind, c.code)
		}
	}
	// A redirect is followed, and the second request is recorded too.
	var out bytes.Buffer
	res, err := Get(context.Background(), srv.URL+"/moved", &out, Options{})
	if err != nil || out.String() != "hello, world\n" || res.URL != srv.URL+"/hello" {
		t.Errorf("redirect: %v %q %+v", err, out.String(), res)
	}
	// A chunked body of unknown size.
	out.Reset()
	res, err = Get(context.Background(), srv.URL+"/chunked", &out, Options{})
	if err != nil || out.String() != "part\npart\npart\n" || res.Total != -1 || res.Type != "application/octet-stream" {
		t.Errorf("chunked: %v %q %+v", err, out.String(), res)
	}
}

func asError(err error, fe **Error) bool {
	e, ok := err.(*Error)
	if ok {
		*fe = e
	}
	return ok
}

func TestHTTPS(t *testing.T) {
	srv := httptest.NewTLSServer(&recordingHandler{})
	defer srv.Close()
	var out bytes.Buffer
	cfg := srv.Client().Transport.(*http.Transport).TLSClientConfig
	_, err := Get(context.Background(), srv.URL+"/hello", &out, Options{TLS: cfg})
	if err != nil || out.String() != "hello, world\n" {
		t.Fatalf("%v %q", err, out.String())
	}
	// Without the test server's root, the handshake fails: a connect error.
	_, err = Get(context.Background(), srv.URL+"/hello", io.Discard, Options{})
	if KindOf(err) != KindConnect {
		t.Errorf("untrusted: %v", err)
	}
}

// TestHTTPFakes covers the error paths no real server produces on demand: an overlong head,
// a connection closed in the middle of a body, a server that says nothing.
func TestHTTPFakes(t *testing.T) {
	for _, c := range []struct {
		name  string
		reply string
		hang  bool
		code  string
	}{
		{"huge head", "HTTP/1.0 200 OK\r\nX: " + strings.Repeat("a", 2*maxHeaderBytes) + "\r\n\r\n", false, "http-header"},
		{"short body", "HTTP/1.0 200 OK\r\nContent-Length: 100\r\n\r\nonly this", false, "http-body"},
		{"garbage", "SSH-2.0-OpenSSH\r\n", false, "http-response"},
		{"silent", "", true, "http-response"},
	} {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		go func() {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			defer conn.Close()
			buf := make([]byte, 4096)
			conn.Read(buf)
			io.WriteString(conn, c.reply)
			if c.hang {
				time.Sleep(2 * time.Second)
			}
		}()
		_, err = Get(context.Background(), "http://"+l.Addr().String()+"/", io.Discard, Options{Timeout: 300 * time.Millisecond})
		var fe *Error
		if !asError(err, &fe) || fe.Kind != KindProtocol || fe.Code != c.code {
			t.Errorf("%s: %v, want protocol %s", c.name, err, c.code)
		}
		l.Close()
	}
}
