package serve

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"
)

// loadURLs are the inspector requests of the load test and the benchmark: a mix of valid,
// invalid and resolving URLs, by GET and through the JSON endpoint.
var loadURLs = func() []string {
	var out []string
	for _, u := range []string{
		"ftp://myname@host.dom/%2Fetc/motd",
		"gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
		"http://user:pw@example.com:8080/a/./b/../c?q=1#f",
		"news:comp.infosystems.www",
		"HTTP://EX.com:80/a b/%zz",
	} {
		q := url.Values{"url": {u}}
		out = append(out, "/inspect?"+q.Encode(), "/api/inspect?"+q.Encode())
	}
	q := url.Values{"url": {"http://a/b/c/d;p?q"}, "ref": {"http:g\n../../../g\n//g\n?y"}}
	return append(out, "/inspect?"+q.Encode(), "/api/inspect?"+q.Encode())
}()

// openFDs returns the number of the process's open file descriptors (Linux's /proc), or -1.
func openFDs() int {
	d, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(d)
}

// settle waits, for at most 10 s, until the goroutines and descriptors are back to at most
// base+slack, and returns their numbers. It bounds a wait, it asserts no time.
func settle(goroutines, fds, slack int) (int, int) {
	var g, f int
	for deadline := time.Now().Add(10 * time.Second); ; {
		runtime.GC()
		g, f = runtime.NumGoroutine(), openFDs()
		if g <= goroutines+slack && f <= fds+slack || time.Now().After(deadline) {
			return g, f
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// fetchAll sends n requests from c concurrent clients, over keep-alive connections, and
// returns the latencies; it fails the test on an error or a status other than 200.
func fetchAll(t testing.TB, tr *http.Transport, base string, n, c int) []time.Duration {
	client := &http.Client{Transport: tr}
	var mu sync.Mutex
	var lat []time.Duration
	var wg sync.WaitGroup
	next := make(chan string)
	for range c {
		wg.Go(func() {
			var mine []time.Duration
			for path := range next {
				start := time.Now()
				resp, err := client.Get(base + path)
				if err != nil {
					t.Error(err)
					continue
				}
				_, err = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				mine = append(mine, time.Since(start))
				if err != nil || resp.StatusCode != http.StatusOK {
					t.Errorf("%s: %d %v", path, resp.StatusCode, err)
				}
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		})
	}
	for i := range n {
		next <- loadURLs[i%len(loadURLs)]
	}
	close(next)
	wg.Wait()
	return lat
}

// TestInspectLoadNoGrowth: after 2,000 requests from 8 clients on loopback, no request
// failed, and once the clients' idle connections are closed the goroutines and file
// descriptors are back where they were (a bounded settle loop; no timing assertion).
func TestInspectLoadNoGrowth(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 300
	}
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	tr := &http.Transport{MaxIdleConnsPerHost: 8}
	// Warm up: the first connection's goroutines and the package's one-time allocations.
	fetchAll(t, tr, ts.URL, len(loadURLs), 1)
	tr.CloseIdleConnections()
	g0, f0 := settle(runtime.NumGoroutine(), openFDs(), 0)
	lat := fetchAll(t, tr, ts.URL, n, 8)
	if len(lat) != n {
		t.Fatalf("%d answers for %d requests", len(lat), n)
	}
	tr.CloseIdleConnections()
	g1, f1 := settle(g0, f0, 2)
	t.Logf("%d requests; goroutines %d → %d, descriptors %d → %d", n, g0, g1, f0, f1)
	if g1 > g0+2 {
		t.Errorf("goroutines grew from %d to %d", g0, g1)
	}
	if f0 >= 0 && f1 > f0+2 {
		t.Errorf("file descriptors grew from %d to %d", f0, f1)
	}
}

// BenchmarkInspectLoopback is the load generator: 8 clients on loopback send the mix of
// loadURLs over keep-alive connections; it reports requests per second and the p50 and p99
// latencies.
func BenchmarkInspectLoopback(b *testing.B) {
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	tr := &http.Transport{MaxIdleConnsPerHost: 8}
	defer tr.CloseIdleConnections()
	fetchAll(b, tr, ts.URL, len(loadURLs), 1)
	b.ResetTimer()
	start := time.Now()
	lat := fetchAll(b, tr, ts.URL, b.N, 8)
	elapsed := time.Since(start)
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "req/s")
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}

// BenchmarkInspectHandler is the cost of one answer of the mix of loadURLs without the
// network: the inspection and the page or the JSON.
func BenchmarkInspectHandler(b *testing.B) {
	s := New(Options{})
	reqs := make([]*http.Request, len(loadURLs))
	for i, u := range loadURLs {
		reqs[i] = httptest.NewRequest("GET", u, nil)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, reqs[i%len(reqs)])
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Code)
		}
	}
}
