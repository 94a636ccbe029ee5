package serve

import (
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/internal/testhook"
)

// hitServer starts an HTTP server on addr ("127.0.0.1:0", "[::1]:0") that counts its requests:
// a target the gateway must not reach. It returns the port and the counter; ok is false when
// addr cannot be listened on (no IPv6).
func hitServer(t *testing.T, addr string) (int, *atomic.Int64, bool) {
	t.Helper()
	var hits atomic.Int64
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return 0, &hits, false
	}
	s := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		_, _ = w.Write([]byte("secret"))
	}))
	s.Listener = l
	s.Start()
	t.Cleanup(s.Close)
	return l.Addr().(*net.TCPAddr).Port, &hits, true
}

// TestSSRF: with AllowPrivate false, real requests for loopback targets, in every spelling,
// are answered 403 with the rule, and the target (a real server listening there) never sees a
// request; so is a redirect from an allowed upstream to a loopback address, a non-default
// port, and a scheme the gateway does not fetch.
func TestSSRF(t *testing.T) {
	port, hits, _ := hitServer(t, "127.0.0.1:0")
	port6, hits6, has6 := hitServer(t, "[::1]:0")
	p := strconv.Itoa(port)
	ports := []int{port}
	if has6 {
		ports = append(ports, port6)
	}
	ts, _ := gatewayServer(t, Options{AllowPorts: ports})
	cases := []struct{ url, code string }{
		{"http://127.0.0.1:" + p + "/", "address"},
		{"http://127.0.0.1/", "address"},
		{"http://[::1]/", "address"},
		{"http://localhost:" + p + "/", "address"}, // a name that resolves to 127.0.0.1
		{"http://0x7f.1:" + p + "/", "ambiguous-host"},
		{"http://0x7f.1/", "ambiguous-host"},
		{"http://2130706433:" + p + "/", "ambiguous-host"},
		{"http://0177.0.0.1/", "ambiguous-host"},
		{"ftp://127.0.0.1:" + p + "/", "address"},
		{"gopher://127.0.0.1:" + p + "/1/", "address"},
		{"gopher://192.0.2.77:7070/1/", "port"},                  // above 1023, not allowed
		{"gopher://192.0.2.77:25/1/", "port"},                    // another service's port (RFC 1738 §6)
		{"http://192.0.2.77:8080/", "port"},                      // not the default
		{"telnet://192.0.2.77/", "scheme"},                       // not a scheme the gateway fetches
		{"file:///etc/passwd", "scheme"},                         // nor this one
		{"gopher://127.0.0.1:" + p + "/0x%0D%0Ay", "line-break"}, // RFC 1738 §6, before any dial
	}
	if has6 {
		cases = append(cases, struct{ url, code string }{"http://[::1]:" + strconv.Itoa(port6) + "/", "address"})
	}
	for _, c := range cases {
		for _, form := range []string{"path", "proxy"} {
			var r gwResponse
			if form == "path" {
				r = gwGet(t, ts, "/"+c.url)
			} else {
				r = proxyGet(t, ts, c.url)
			}
			if r.status != http.StatusForbidden || !strings.Contains(r.body, c.code) {
				t.Errorf("%s (%s form): %d, want 403 %s\n%s", c.url, form, r.status, c.code, r.body)
			}
		}
	}
	if hits.Load() != 0 || hits6.Load() != 0 {
		t.Errorf("the loopback servers were reached: %d, %d requests", hits.Load(), hits6.Load())
	}
	page := gwGet(t, ts, "/http://127.0.0.1:"+p+"/")
	if !strings.Contains(page.body, "locator&#39;s gateway policy") || !strings.Contains(page.body, "127.0.0.1 is loopback, private") {
		t.Errorf("the rule is not on the page:\n%s", page.body)
	}
}

// proxyGet sends the proxy form "GET url HTTP/1.1" to the gateway ts.
func proxyGet(t testing.TB, ts *httptest.Server, u string) gwResponse {
	t.Helper()
	req, err := http.NewRequest("GET", ts.URL+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.URL.Opaque, req.URL.RawQuery = u, ""
	if strings.HasPrefix(u, "/") {
		t.Fatalf("proxyGet %s: not an absolute URL", u)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatalf("proxy GET %s: %v", u, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("proxy GET %s: %v", u, err)
	}
	return gwResponse{resp.StatusCode, resp.Header, string(b)}
}

// redirectServer starts an HTTP server on 127.0.0.1 that answers "/ok" with a page and
// redirects every other path to target; it returns its address.
func redirectServer(t *testing.T, target string) netip.AddrPort {
	t.Helper()
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/ok" {
			_, _ = w.Write([]byte("public and fine"))
			return
		}
		http.Redirect(w, r, target, http.StatusFound)
	}))
	t.Cleanup(up.Close)
	return netip.MustParseAddrPort(up.Listener.Addr().String())
}

// TestSSRFRedirect: an allowed upstream (a server on 127.0.0.1 that the test declares public,
// testhook.DeclarePublic, so that the test runs on a machine with no public address)
// redirects to a loopback address: fetch plans and dials the redirect under the same Strict
// policy, so the gateway answers 403 and the loopback server (on a port the gateway allows)
// sees nothing.
func TestSSRFRedirect(t *testing.T) {
	port, hits, _ := hitServer(t, "127.0.0.1:0")
	up := redirectServer(t, "http://127.0.0.1:"+strconv.Itoa(port)+"/secret")
	t.Cleanup(testhook.DeclarePublic(up))
	ts, _ := gatewayServer(t, Options{AllowPorts: []int{int(up.Port()), port}})
	base := "http://" + up.String()

	if r := gwGet(t, ts, "/"+base+"/ok"); r.status != http.StatusOK || !strings.Contains(r.body, "public and fine") {
		t.Fatalf("the allowed upstream: %d\n%s", r.status, r.body)
	}
	// Without the declaration the upstream itself is refused: the hook is what lets it in.
	if r := gwGet(t, ts, "/http://127.0.0.1:"+strconv.Itoa(port)+"/"); r.status != http.StatusForbidden || !strings.Contains(r.body, "127.0.0.1 is loopback") {
		t.Errorf("the loopback server asked for directly: %d\n%s", r.status, r.body)
	}
	if r := gwGet(t, ts, "/"+base+"/go"); r.status != http.StatusForbidden || !strings.Contains(r.body, "127.0.0.1 is loopback") {
		t.Errorf("redirect to loopback: %d\n%s", r.status, r.body)
	}
	if r := proxyGet(t, ts, base+"/go"); r.status != http.StatusForbidden || !strings.Contains(r.body, "127.0.0.1 is loopback") {
		t.Errorf("redirect to loopback, proxy form: %d\n%s", r.status, r.body)
	}
	if hits.Load() != 0 {
		t.Errorf("the loopback server was reached %d times", hits.Load())
	}
}

// TestRedirectPort: the gateway's port rule (only default ports unless --allow-port) holds
// for a redirect's target as for the URL asked for (fetch.Options.CheckURL): an allowed
// upstream that redirects to a port above 1023 that the gateway does not allow is answered
// 403 with the rule, and the server listening on that port sees nothing; the same redirect
// to an allowed port is followed. Private addresses are allowed here, so that the port rule
// alone stands between the redirect and the target.
func TestRedirectPort(t *testing.T) {
	port, hits, _ := hitServer(t, "127.0.0.1:0")
	target := "http://127.0.0.1:" + strconv.Itoa(port) + "/secret"
	up := redirectServer(t, target)
	base := "http://" + up.String()
	ts, _ := gatewayServer(t, Options{AllowPrivate: true, AllowPorts: []int{int(up.Port())}})
	for _, form := range []string{"path", "proxy"} {
		var r gwResponse
		if form == "path" {
			r = gwGet(t, ts, "/"+base+"/go")
		} else {
			r = proxyGet(t, ts, base+"/go")
		}
		if r.status != http.StatusForbidden || !strings.Contains(r.body, "port "+strconv.Itoa(port)+" is not") ||
			!strings.Contains(r.body, "--allow-port "+strconv.Itoa(port)) || !strings.Contains(r.body, "redirect from") {
			t.Errorf("redirect to a port not allowed (%s form): %d\n%s", form, r.status, r.body)
		}
	}
	page := gwGet(t, ts, "/"+base+"/go")
	if !strings.Contains(page.body, "RFC 1738 §6; locator&#39;s gateway policy (--allow-port)") || !strings.Contains(page.body, "302 Found") {
		t.Errorf("the rule or the redirect's status is not on the page:\n%s", page.body)
	}
	if hits.Load() != 0 {
		t.Errorf("the server on the port not allowed was reached %d times", hits.Load())
	}
	// The same redirect, the port allowed: followed.
	ts2, _ := gatewayServer(t, Options{AllowPrivate: true, AllowPorts: []int{int(up.Port()), port}})
	if r := gwGet(t, ts2, "/raw/"+base+"/go"); r.status != http.StatusOK || r.body != "secret" || hits.Load() != 1 {
		t.Errorf("redirect to an allowed port: %d, %d hits\n%s", r.status, hits.Load(), r.body)
	}
	// A CheckURL of the program's own (Options.Fetch) is checked too, after the gateway's.
	var checked []string
	own := func(u locator.URL) error {
		checked = append(checked, u.String())
		if u.Path() == "/secret" {
			return errors.New("not the secret")
		}
		return nil
	}
	ts3, _ := gatewayServer(t, Options{AllowPrivate: true, AllowPorts: []int{int(up.Port()), port}, Fetch: fetch.Options{CheckURL: own}})
	if r := gwGet(t, ts3, "/raw/"+base+"/go"); r.status != http.StatusForbidden || !strings.Contains(r.body, "not the secret") || hits.Load() != 1 {
		t.Errorf("redirect refused by the program's CheckURL: %d, %d hits\n%s", r.status, hits.Load(), r.body)
	}
	if want := []string{base + "/go", target}; !slices.Equal(checked, want) {
		t.Errorf("the program's CheckURL saw %q, want %q", checked, want)
	}
}

// TestLimits: the upstream limits answer 503 while an access is in flight, and a server that
// stalls past Timeout is answered 504 (an in-process fake: a server that accepts and never
// answers).
func TestLimits(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	stall := make(chan struct{})
	defer close(stall)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() { <-stall; c.Close() }()
		}
	}()
	port := l.Addr().(*net.TCPAddr).Port
	ts, s := gatewayServer(t, Options{AllowPrivate: true, AllowPorts: []int{port}, MaxPerClient: 1, Timeout: 700 * time.Millisecond})
	u := "/gopher://127.0.0.1:" + strconv.Itoa(port) + "/0/x"
	done := make(chan gwResponse)
	go func() { done <- gwGet(t, ts, u) }()
	// Wait until the first access holds the client's one slot (bounded by a hang guard).
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		s.mu.Lock()
		n := len(s.perClient)
		s.mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the first access never started")
		}
	}
	if r := gwGet(t, ts, u); r.status != http.StatusServiceUnavailable || !strings.Contains(r.body, "busy") {
		t.Errorf("second access at a time: %d\n%s", r.status, r.body)
	}
	if r := <-done; r.status != http.StatusGatewayTimeout {
		t.Errorf("stalled upstream: %d, want 504\n%s", r.status, r.body)
	}
}
