package serve

import (
	"io"
	"net"
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
		"big.bin":   string(gwRandomBytes(bigSize, 6)),
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
	// Larger than the gateway holds: streamed with the server's Content-Length, which fetch
	// announced before the first byte (fetch.SizeAnnouncer).
	for _, path := range []string{"/" + base + "/big.bin", "/raw/" + base + "/big.bin"} {
		big := gwGet(t, ts, path)
		if big.status != http.StatusOK || big.body != files["big.bin"] || big.header.Get("Content-Length") != strconv.Itoa(bigSize) {
			t.Errorf("%s: %d, %d bytes (want %d), Content-Length %q", path, big.status, len(big.body), bigSize, big.header.Get("Content-Length"))
		}
	}
	if r := gwGet(t, ts, "/"+base+"/missing"); r.status != http.StatusBadGateway || !strings.Contains(r.body, "404") {
		t.Errorf("upstream 404: %d\n%s", r.status, r.body)
	}
}

// TestGatewayShortBody: an upstream that announces more bytes than it sends (an in-process
// fake: Content-Length of bigSize, the connection closed after two thirds of it). The
// gateway has sent the announced Content-Length before the first byte, so it cuts the
// connection: the client sees a body that ends early, never a complete-looking object.
func TestGatewayShortBody(t *testing.T) {
	addr := testserver.Fake(t, func(c net.Conn) {
		_, _ = c.Read(make([]byte, 4096))
		_, _ = c.Write([]byte("HTTP/1.0 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: " + strconv.Itoa(bigSize) + "\r\n\r\n"))
		_, _ = c.Write(gwRandomBytes(bigSize*2/3, 7))
	})
	_, ps, _ := net.SplitHostPort(addr)
	port, _ := strconv.Atoi(ps)
	ts, _ := gatewayServer(t, Options{AllowPrivate: true, AllowPorts: []int{port}})
	resp, err := ts.Client().Get(ts.URL + "/raw/http://127.0.0.1:" + strconv.Itoa(port) + "/big.bin")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || resp.ContentLength != bigSize || err == nil {
		t.Errorf("short upstream body: %d, Content-Length %d, %d bytes read, error %v; want 200, %d, an error", resp.StatusCode, resp.ContentLength, len(b), err, bigSize)
	}
}
