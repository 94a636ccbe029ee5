package fetch

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// benchFile writes a file of n bytes for the HTTP benchmarks and serves it (http.ServeFile,
// which uses sendfile) on loopback.
func benchFile(b *testing.B, n int64) string {
	b.Helper()
	dir := b.TempDir()
	name := filepath.Join(dir, "big")
	f, err := os.Create(name)
	if err != nil {
		b.Fatal(err)
	}
	chunk := make([]byte, 1<<20)
	for i := range chunk {
		chunk[i] = byte(i)
	}
	for w := int64(0); w < n; w += int64(len(chunk)) {
		f.Write(chunk)
	}
	f.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { http.ServeFile(w, r, name) }))
	b.Cleanup(srv.Close)
	return srv.URL + "/big"
}

// BenchmarkHTTPGet200MB: locator's http client on loopback, 200 MB; compare with
// BenchmarkHTTPCurl200MB (issue 11: throughput ≥ curl's).
func BenchmarkHTTPGet200MB(b *testing.B) {
	url := benchFile(b, 200<<20)
	b.SetBytes(200 << 20)
	b.ResetTimer()
	for range b.N {
		if _, err := Get(context.Background(), url, io.Discard, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHTTPCurl200MB: curl on the same server and file, written to /dev/null.
func BenchmarkHTTPCurl200MB(b *testing.B) {
	if _, err := exec.LookPath("curl"); err != nil {
		b.Skip("no curl")
	}
	url := benchFile(b, 200<<20)
	b.SetBytes(200 << 20)
	b.ResetTimer()
	for range b.N {
		if out, err := exec.Command("curl", "-s", "-f", "-o", "/dev/null", url).CombinedOutput(); err != nil {
			b.Fatalf("%v %s", err, out)
		}
	}
}
