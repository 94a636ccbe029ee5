package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// plan shows the request get sends through a gateway (RFC 1738 §4): with --proxy, or the
// environment's gopher_proxy, the plan is "GET <the whole URL> HTTP/1.0" to the gateway, the
// same lines a gateway receives from get; --no-proxy and no_proxy send a host directly.
func TestPlanGateway(t *testing.T) {
	for _, v := range []string{"http_proxy", "https_proxy", "ftp_proxy", "gopher_proxy", "news_proxy", "wais_proxy", "no_proxy",
		"HTTP_PROXY", "HTTPS_PROXY", "FTP_PROXY", "GOPHER_PROXY", "NEWS_PROXY", "WAIS_PROXY", "NO_PROXY"} {
		t.Setenv(v, "")
	}
	var mu sync.Mutex
	var got []string
	gw := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, r.Method+" "+r.RequestURI+" "+r.Proto, "Host: "+r.Host)
		mu.Unlock()
		w.Write([]byte("hello through the gateway\n"))
	}))
	defer gw.Close()
	const u = "gopher://gopher.example/0/a%20b"

	out, errs, code := runLocator(t, "", "get", "--proxy", "gopher="+gw.URL, u)
	if code != 0 || out != "hello through the gateway\n" {
		t.Fatalf("get through the gateway: exit %d, %q, %s", code, out, errs)
	}
	out, errs, code = runLocator(t, "", "plan", "--json", "--proxy", "gopher="+gw.URL, u)
	var p struct {
		Host  string
		Port  int
		Steps []struct{ Send string }
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil || code != 0 {
		t.Fatalf("plan --proxy: exit %d, %v: %s %s", code, err, out, errs)
	}
	var sent []string
	for _, s := range p.Steps {
		if s.Send != "" {
			sent = append(sent, s.Send)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if p.Host != "127.0.0.1" || strings.Join(sent, "|") != strings.Join(got, "|") {
		t.Errorf("plan sends %q to %s:%d; the gateway received %q", sent, p.Host, p.Port, got)
	}

	// The environment's gateway, and no_proxy or --no-proxy against it.
	t.Setenv("gopher_proxy", "http://gw.example:8080/")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"plan", u}, "connect gw.example:8080"},
		{[]string{"plan", "--no-proxy", "gopher.example", u}, "connect gopher.example:70"},
		{[]string{"plan", "--no-proxy", "*", u}, "connect gopher.example:70"},
		{[]string{"plan", "--proxy", "gopher=http://other.example/", u}, "connect other.example:80"},
	} {
		out, errs, code := runLocator(t, "", c.args...)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%q: exit %d, %q, want %q; %s", c.args, code, out, c.want, errs)
		}
	}
	t.Setenv("no_proxy", ".example")
	if out, _, _ := runLocator(t, "", "plan", u); !strings.Contains(out, "connect gopher.example:70") {
		t.Errorf("no_proxy .example: %q", out)
	}
	if _, errs, code := runLocator(t, "", "plan", "--proxy", "gopher", u); code != exitUsage || !strings.Contains(errs, "want SCHEME=URL") {
		t.Errorf("--proxy without =: exit %d, %q", code, errs)
	}
}
