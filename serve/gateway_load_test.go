package serve

import (
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/locator-url/locator/fetch"
)

// gwOpenFDs counts this process's open file descriptors (/proc/self/fd); -1 where there is no
// /proc.
func gwOpenFDs() int {
	es, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(es)
}

// gwSettle waits until the goroutines and file descriptors are at most gs and fds, or a hang
// guard of 10 s passes, and returns the last counts. It measures; it asserts no time.
func gwSettle(gs, fds int) (int, int) {
	deadline := time.Now().Add(10 * time.Second)
	for {
		g, f := runtime.NumGoroutine(), gwOpenFDs()
		if g <= gs && f <= fds || time.Now().After(deadline) {
			return g, f
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// gwSteady returns the goroutines and file descriptors once two counts 100 ms apart agree (the
// connections just closed have ended), or after a hang guard of 10 s.
func gwSteady() (int, int) {
	deadline := time.Now().Add(10 * time.Second)
	g, f := runtime.NumGoroutine(), gwOpenFDs()
	for time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
		g1, f1 := runtime.NumGoroutine(), gwOpenFDs()
		if g1 == g && f1 == f {
			break
		}
		g, f = g1, f1
	}
	return g, f
}

// TestNoLeak: after N requests through the gateway in front of the real pygopherd (menus,
// text pages, binaries, downloads, the proxy form, refusals, from several clients at a
// time), the goroutines and file descriptors are back where they were.
func TestNoLeak(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("counts /proc/self/fd")
	}
	srv, _, base := gopherSite(t, false)
	ts, _ := gatewayServer(t, Options{AllowPrivate: true, AllowPorts: []int{srv.Port}, MaxPerClient: 64})
	paths := []string{"/" + base + "/", "/" + base + "/1/sub", "/" + base + "/0/text.txt", "/" + base + "/9/bin.bin",
		"/raw/" + base + "/0/text.txt", "/http://127.0.0.1:1/", "/" + base + "/0/nothing-here", "/gopher://192.0.2.9:7070/"}
	client := ts.Client()
	run := func(n int) {
		var wg sync.WaitGroup
		for w := range 4 {
			wg.Go(func() {
				for i := w; i < n; i += 4 {
					resp, err := client.Get(ts.URL + paths[i%len(paths)])
					if err != nil {
						t.Errorf("request %d: %v", i, err)
						return
					}
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
			})
		}
		wg.Wait()
		for i := range 20 { // the proxy form too
			r := proxyGet(t, ts, base+"/0/text.txt")
			if r.status != http.StatusOK {
				t.Errorf("proxy %d: %d", i, r.status)
			}
		}
		client.CloseIdleConnections()
	}
	run(40) // warm up: the server's and the transport's long-lived goroutines start here
	g0, f0 := gwSteady()
	n := 400
	if testing.Short() {
		n = 120
	}
	run(n)
	g1, f1 := gwSettle(g0, f0)
	t.Logf("after %d requests: goroutines %d → %d, file descriptors %d → %d", n+20, g0, g1, f0, f1)
	if g1 > g0 || f1 > f0 {
		buf := make([]byte, 1<<16)
		t.Errorf("growth after %d requests: goroutines %d → %d, file descriptors %d → %d\n%s", n, g0, g1, f0, f1, buf[:runtime.Stack(buf, true)])
	}
}

// BenchmarkGatewayMenu: gateway pages (a gopher menu, a text item) served from the local
// pygopherd, requested by parallel clients (2×GOMAXPROCS); it reports requests per second and
// the p99 latency; direct-menu is the menu fetched from pygopherd without the gateway, for
// comparison. pygopherd (Python, one process, a fork per request) bounds the figures.
//
//	go test -run '^$' -bench BenchmarkGatewayMenu -benchtime 2000x ./serve
func BenchmarkGatewayMenu(b *testing.B) {
	srv, _, base := gopherSite(b, false)
	ts, _ := gatewayServer(b, Options{AllowPrivate: true, AllowPorts: []int{srv.Port}, MaxPerClient: 1000, MaxUpstream: 1000})
	client := ts.Client()
	client.Transport.(*http.Transport).MaxIdleConnsPerHost = 64
	direct := fetch.NewClient(fetch.Options{}) // pygopherd alone, for comparison
	defer direct.Close()
	for _, bc := range []struct{ name, path string }{{"menu", "/" + base + "/"}, {"text", "/" + base + "/0/text.txt"}, {"refused", "/http://127.0.0.1/"}, {"direct-menu", ""}} {
		b.Run(bc.name, func(b *testing.B) {
			var mu sync.Mutex
			var lat []time.Duration
			b.SetParallelism(2)
			start := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				var mine []time.Duration
				for pb.Next() {
					t0 := time.Now()
					if bc.name == "direct-menu" {
						if _, err := direct.Get(context.Background(), base+"/", io.Discard); err != nil {
							b.Error(err)
							return
						}
						mine = append(mine, time.Since(t0))
						continue
					}
					resp, err := client.Get(ts.URL + bc.path)
					if err != nil {
						b.Error(err)
						return
					}
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if resp.StatusCode != http.StatusOK && bc.name != "refused" {
						b.Errorf("status %d", resp.StatusCode)
						return
					}
					mine = append(mine, time.Since(t0))
				}
				mu.Lock()
				lat = append(lat, mine...)
				mu.Unlock()
			})
			elapsed := time.Since(start)
			if len(lat) > 0 {
				slices.Sort(lat)
				b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "req/s")
				b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
			}
		})
	}
}

// TestLoadWrk runs Debian's wrk against the gateway in front of the local pygopherd (a menu
// page), logs its report (requests per second, latency percentiles), and checks that no
// request failed and that goroutines and file descriptors are back after the run. It runs
// when LOCATOR_LOAD=1:
//
//	LOCATOR_LOAD=1 go test -run TestLoadWrk -v ./serve
func TestLoadWrk(t *testing.T) {
	if os.Getenv("LOCATOR_LOAD") != "1" {
		t.Skip("set LOCATOR_LOAD=1 to run wrk")
	}
	wrk, err := exec.LookPath("wrk")
	if err != nil {
		t.Skip("wrk is not installed")
	}
	srv, _, base := gopherSite(t, false)
	ts, _ := gatewayServer(t, Options{AllowPrivate: true, AllowPorts: []int{srv.Port}, MaxPerClient: 1000, MaxUpstream: 1000})
	g0, f0 := gwSteady()
	for _, path := range []string{"/" + base + "/", "/" + base + "/0/text.txt", "/"} {
		out, err := exec.Command(wrk, "-t2", "-c8", "-d5s", "--latency", ts.URL+path).CombinedOutput()
		if err != nil {
			t.Fatalf("wrk: %v\n%s", err, out)
		}
		t.Logf("wrk -t2 -c8 -d5s --latency %s\n%s", path, out)
		if strings.Contains(string(out), "Non-2xx") || strings.Contains(string(out), "Socket errors") {
			t.Errorf("errors in the run")
		}
	}
	g1, f1 := gwSettle(g0, f0)
	t.Logf("goroutines %d → %d, file descriptors %d → %d", g0, g1, f0, f1)
	if g1 > g0 || f1 > f0 {
		t.Errorf("growth after the run: goroutines %d → %d, file descriptors %d → %d", g0, g1, f0, f1)
	}
}
