package serve

import (
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/testserver"
)

// TestGatewayHTTP: upstream HTML and SVG from a real HTTP server (Python's http.server) never
// become pages of the gateway's origin: HTML is shown as its escaped source, SVG (which can
// hold script) is sent as text/plain, and every answer carries the Content-Security-Policy.
func TestGatewayHTTP(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"page.html": "<p>hi</p><script>alert(1)</script>\n",
		"pic.svg":   `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
		"data.bin":  string(gwRandomBytes(3000, 5)),
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	port, _ := testserver.HTTPD(t, dir)
	ts, _ := gatewayServer(t, Options{AllowPrivate: true, AllowPorts: []int{port}})
	base := "http://127.0.0.1:" + strconv.Itoa(port)

	page := gwGet(t, ts, "/"+base+"/page.html")
	if page.status != http.StatusOK || !strings.Contains(page.body, "&lt;p&gt;hi&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;") || strings.Contains(page.body, "<script>") {
		t.Errorf("HTML upstream: %d\n%s", page.status, page.body)
	}
	for _, path := range []string{"/raw/" + base + "/page.html", "/raw/" + base + "/pic.svg", "/" + base + "/pic.svg"} {
		r := gwGet(t, ts, path)
		if ct := r.header.Get("Content-Type"); r.status != http.StatusOK || !strings.HasPrefix(ct, "text/plain") && !strings.HasPrefix(ct, "text/html; charset=utf-8") ||
			strings.Contains(ct, "svg") {
			t.Errorf("%s: %d, Content-Type %q", path, r.status, ct)
		}
		if r.header.Get("Content-Security-Policy") == "" || r.header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no security headers", path)
		}
		if strings.HasPrefix(path, "/raw/") && r.header.Get("Content-Type") != "text/plain; charset=utf-8" {
			t.Errorf("%s: upstream markup sent as %q", path, r.header.Get("Content-Type"))
		}
	}
	bin := gwGet(t, ts, "/"+base+"/data.bin")
	if bin.body != files["data.bin"] || bin.header.Get("Content-Length") != "3000" {
		t.Errorf("binary over HTTP: %d bytes, Content-Length %q", len(bin.body), bin.header.Get("Content-Length"))
	}
	if r := gwGet(t, ts, "/"+base+"/missing"); r.status != http.StatusBadGateway || !strings.Contains(r.body, "404") {
		t.Errorf("upstream 404: %d\n%s", r.status, r.body)
	}
}
