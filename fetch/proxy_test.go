package fetch

import (
	"bytes"
	"context"
	"io"
	"net/http/httptest"
	"testing"
)

func TestGateway(t *testing.T) {
	gw := &recordingHandler{}
	srv := httptest.NewServer(gw)
	defer srv.Close()
	host := srv.Listener.Addr().String()
	o := Options{Proxies: map[string]string{"gopher": srv.URL, "ftp": host, "http": srv.URL + "/"}, NoProxy: "direct.example"}
	for _, c := range []struct {
		url, want string
		kind      Kind // the handler answers 404 but for /hello
	}{
		// The CERN proxy convention: the whole URL in the request line (RFC 1738 §4).
		{"gopher://gopher.example/1/hello", "GET gopher://gopher.example/1/hello HTTP/1.0 Host=gopher.example", KindRefused},
		{"ftp://ftp.example:2121/pub/hello;type=i", "GET ftp://ftp.example:2121/pub/hello;type=i HTTP/1.0 Host=ftp.example:2121", KindRefused},
		{"http://www.example/hello#top", "GET http://www.example/hello HTTP/1.0 Host=www.example", 0},
	} {
		var out bytes.Buffer
		n := len(gw.seen())
		res, err := Get(context.Background(), c.url, &out, o)
		seen := gw.seen()[n:]
		if len(seen) != 1 || seen[0] != c.want {
			t.Errorf("%s: the gateway saw %q, want %q", c.url, seen, c.want)
		}
		if KindOf(err) != c.kind || res.Via == "" {
			t.Errorf("%s: %v, via %q", c.url, err, res.Via)
		}
	}
	// A gopher URL whose path the gateway serves: the body comes back, through the gateway.
	var out bytes.Buffer
	res, err := Get(context.Background(), "gopher://gopher.example/0/hello", &out, Options{Proxies: map[string]string{"gopher": srv.URL}})
	if err != nil || res.Via != srv.URL || out.String() != "gopher text\n" || res.Scheme != "gopher" {
		t.Errorf("gopher via the gateway: %v %q %+v", err, out.String(), res)
	}
	// A host in no_proxy is not sent to the gateway: direct.example does not resolve, so
	// the access fails to connect, and the gateway sees nothing.
	n := len(gw.seen())
	_, err = Get(context.Background(), "http://direct.example/", io.Discard, o)
	if KindOf(err) != KindConnect || len(gw.seen()) != n {
		t.Errorf("no_proxy: %v, gateway saw %q", err, gw.seen()[n:])
	}
	// A URL locator refuses (a decoded CR LF bound for the gopher selector, RFC 1738 §6) is
	// not handed to the gateway either.
	_, err = Get(context.Background(), "gopher://gopher.example/1/a%0d%0aQUIT", io.Discard, o)
	if KindOf(err) != KindSafety || len(gw.seen()) != n {
		t.Errorf("CR LF via gateway: %v, gateway saw %q", err, gw.seen()[n:])
	}
	// A gateway that is not an HTTP URL.
	_, err = Get(context.Background(), "gopher://gopher.example/", io.Discard, Options{Proxies: map[string]string{"gopher": "ftp://gw.example/"}})
	if KindOf(err) != KindInvalid {
		t.Errorf("ftp gateway: %v", err)
	}
}

func TestNoProxyMatch(t *testing.T) {
	for _, c := range []struct {
		list, host string
		port       int
		want       bool
	}{
		{"*", "anything.example", 80, true},
		{"example.com", "example.com", 80, true},
		{"example.com", "www.example.com", 80, true},
		{".example.com", "www.EXAMPLE.com", 80, true},
		{".example.com", "example.com", 80, true},
		{"example.com", "notexample.com", 80, false},
		{"a.example, b.example", "x.b.example", 70, true},
		{"a.example b.example", "b.example", 70, true},
		{"example.com:8080", "example.com", 8080, true},
		{"example.com:8080", "example.com", 80, false},
		{"127.0.0.1", "127.0.0.1", 80, true},
		{"[::1]:80", "[::1]", 80, true},
		{"::1", "[::1]", 80, true},
		{"", "example.com", 80, false},
		{"example.com", "", 80, false},
	} {
		if got := noProxyMatch(c.list, c.host, c.port); got != c.want {
			t.Errorf("noProxyMatch(%q, %q, %d) = %v", c.list, c.host, c.port, got)
		}
	}
}

func TestProxiesFromEnvironment(t *testing.T) {
	for _, s := range proxySchemes {
		t.Setenv(s+"_proxy", "")
		t.Setenv(s+"_PROXY", "")
	}
	t.Setenv("REQUEST_METHOD", "")
	t.Setenv("no_proxy", "")
	t.Setenv("NO_PROXY", "localhost,.internal")
	t.Setenv("gopher_proxy", "http://gw.example:8080/")
	t.Setenv("GOPHER_PROXY", "http://upper.example/")
	t.Setenv("FTP_PROXY", "http://ftpgw.example/")
	t.Setenv("HTTP_PROXY", "http://httpgw.example/")
	m, no := ProxiesFromEnvironment()
	want := map[string]string{"gopher": "http://gw.example:8080/", "ftp": "http://ftpgw.example/", "http": "http://httpgw.example/"}
	if len(m) != len(want) || m["gopher"] != want["gopher"] || m["ftp"] != want["ftp"] || m["http"] != want["http"] || no != "localhost,.internal" {
		t.Errorf("got %v %q", m, no)
	}
	// In a CGI program HTTP_PROXY is the request's Proxy header: ignored.
	t.Setenv("REQUEST_METHOD", "GET")
	m, _ = ProxiesFromEnvironment()
	if _, ok := m["http"]; ok {
		t.Errorf("HTTP_PROXY read under CGI: %v", m)
	}
}
