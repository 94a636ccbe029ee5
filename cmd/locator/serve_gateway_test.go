package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/locator-url/locator/internal/testserver"
	"github.com/locator-url/locator/serve"
)

// TestGetThroughServe: `locator get` with gopher_proxy and ftp_proxy pointing at the gateway
// of `locator serve` (serve.Server, the same handler) writes the same bytes as a direct
// `locator get`, from the real pygopherd and vsftpd: menus, directories, text and binaries.
// (News through the gateway is compared in package serve's TestProxyForm, which has INN.)
func TestGetThroughServe(t *testing.T) {
	for _, v := range []string{"http_proxy", "https_proxy", "ftp_proxy", "gopher_proxy", "news_proxy", "no_proxy",
		"HTTP_PROXY", "HTTPS_PROXY", "FTP_PROXY", "GOPHER_PROXY", "NEWS_PROXY", "NO_PROXY"} {
		t.Setenv(v, "")
	}
	bin := make([]byte, 3000)
	for i := range bin {
		bin[i] = byte(i * 7)
	}
	ftp := testserver.VSFTPD(t, testserver.VSFTPDOptions{
		Files: map[string][]byte{"pub/readme.txt": []byte("hello from ftp\r\n"), "pub/data.bin": bin},
	})
	groot := t.TempDir()
	if err := os.MkdirAll(filepath.Join(groot, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"docs/a.txt": "alpha\r\n.dot\r\n", "docs/b.bin": string(bin)} {
		if err := os.WriteFile(filepath.Join(groot, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gopher := testserver.PyGopherd(t, groot, testserver.PygopherdOptions{})
	gw := serve.New(serve.Options{AllowPrivate: true, AllowPorts: []int{gopher.Port, ftp.Port}})
	defer gw.Close()
	var via atomic.Int64 // requests the gateway answered
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		via.Add(1)
		gw.ServeHTTP(w, r)
	}))
	defer ts.Close()

	gbase := "gopher://127.0.0.1:" + strconv.Itoa(gopher.Port)
	urls := []string{gbase + "/", gbase + "/1/docs", gbase + "/0/docs/a.txt", gbase + "/9/docs/b.bin",
		ftp.URL("/pub/"), ftp.URL("/pub/readme.txt"), ftp.URL("/pub/data.bin")}
	direct := map[string]string{}
	for _, u := range urls {
		out, errs, code := runLocator(t, "", "get", u)
		if code != 0 || out == "" {
			t.Fatalf("direct get %s: exit %d: %s", u, code, errs)
		}
		direct[u] = out
	}
	t.Setenv("gopher_proxy", ts.URL+"/")
	t.Setenv("ftp_proxy", ts.URL+"/")
	for _, u := range urls {
		before := via.Load()
		out, errs, code := runLocator(t, "", "get", u)
		if via.Load() != before+1 {
			t.Errorf("get %s did not go through the gateway", u)
		}
		if code != 0 {
			t.Errorf("get %s through the gateway: exit %d: %s", u, code, errs)
			continue
		}
		if out != direct[u] {
			t.Errorf("get %s: through the gateway %d bytes, directly %d, not equal", u, len(out), len(direct[u]))
		}
	}
}
