package fetch

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/testserver"
)

// TestHTTPPythonServer fetches from a real server, Python's http.server: a file with its
// length and type, a directory URL without its final "/" redirected (301) to the one with
// it, a missing file refused with the server's 404; the server's request log shows the
// plan's request line.
func TestHTTPPythonServer(t *testing.T) {
	dir := t.TempDir()
	body := strings.Repeat("line of text\n", 1000)
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "index.html"), []byte("<p>index</p>\n"), 0o644)
	port, proc := testserver.HTTPD(t, dir)
	base := "http://127.0.0.1:" + strconv.Itoa(port)
	var out bytes.Buffer
	pr := &progressRecorder{}
	res, err := Get(context.Background(), base+"/a.txt", &out, Options{Progress: pr})
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != body || res.Total != int64(len(body)) || pr.total != int64(len(body)) || res.Type != "text/plain" {
		t.Errorf("a.txt: %d bytes, total %d, type %q", out.Len(), res.Total, res.Type)
	}
	out.Reset()
	res, err = Get(context.Background(), base+"/sub", &out, Options{})
	if err != nil || out.String() != "<p>index</p>\n" || res.URL != base+"/sub/" {
		t.Errorf("sub: %v %q %s", err, out.String(), res.URL)
	}
	_, err = Get(context.Background(), base+"/none", io.Discard, Options{})
	if fe, ok := err.(*Error); !ok || fe.Kind != KindRefused || fe.Code != "http-404" {
		t.Errorf("none: %v", err)
	}
	if log := proc.Output(); !strings.Contains(log, `"GET /a.txt HTTP/1.0" 200`) || !strings.Contains(log, `"GET /sub HTTP/1.0" 301`) {
		t.Errorf("server log:\n%s", log)
	}
}

// TestHTTPResume: Options.Offset sends a Range (RFC 2068 §14.36); a server that answers 206
// (Go's file server) and one that sends the whole object (Python's http.server, which has no
// ranges) give the same output, the object from the offset on.
func TestHTTPResume(t *testing.T) {
	dir := t.TempDir()
	body := "0123456789abcdefghij"
	os.WriteFile(filepath.Join(dir, "f.txt"), []byte(body), 0o644)
	port, _ := testserver.HTTPD(t, dir)
	goSrv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer goSrv.Close()
	for _, base := range []string{"http://127.0.0.1:" + strconv.Itoa(port), goSrv.URL} {
		var out bytes.Buffer
		res, err := Get(context.Background(), base+"/f.txt", &out, Options{Offset: 10})
		if err != nil || out.String() != body[10:] || res.Total != 10 {
			t.Errorf("%s: %v %q total %d", base, err, out.String(), res.Total)
		}
		if res.Dialog[2].Sent != "Range: bytes=10-" {
			t.Errorf("%s: dialog %+v", base, res.Dialog)
		}
	}
	// An offset past the end: the Go server answers 416.
	_, err := Get(context.Background(), goSrv.URL+"/f.txt", io.Discard, Options{Offset: 100})
	if fe, ok := err.(*Error); !ok || fe.Code != "http-416" {
		t.Errorf("past the end: %v", err)
	}
}
