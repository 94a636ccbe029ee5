package fetch

import (
	"bytes"
	"context"
	"net"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// TestHTTPZoneNotSent: an IPv6 literal with a zone ("[::1%25lo]") connects through that zone,
// but the Host header the server receives has none: RFC 6874 §4, "An HTTP client, proxy, or
// other intermediary MUST remove any ZoneID attached to an outgoing URI, as it has only local
// significance at the sending host". Through a gateway the request line's URL has none
// either. The dialog is the plan's, and the plan says the same.
func TestHTTPZoneNotSent(t *testing.T) {
	l, err := net.Listen("tcp", "[::1]:0")
	if err != nil {
		t.Skipf("no IPv6 loopback: %v", err)
	}
	h := &recordingHandler{}
	srv := httptest.NewUnstartedServer(h)
	srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	defer srv.Close()
	port := l.Addr().(*net.TCPAddr).Port
	hp := "[::1]:" + strconv.Itoa(port)
	var out bytes.Buffer
	res, err := Get(context.Background(), "http://[::1%25lo]:"+strconv.Itoa(port)+"/hello", &out, Options{})
	if err != nil {
		t.Fatalf("%v (no zone lo on this machine?)", err)
	}
	if got, want := h.seen(), []string{"GET /hello HTTP/1.0 Host=" + hp}; !equalStrings(got, want) {
		t.Errorf("server saw %q, want %q", got, want)
	}
	if got := strings.Join(sentLines(res), "|"); got != "GET /hello HTTP/1.0|Host: "+hp {
		t.Errorf("dialog sent %q", got)
	}
	// Through a gateway (this server as one): the whole URL, without the zone, and its Host.
	_, err = Get(context.Background(), "http://[fe80::1%25lo]:8080/hello", &out,
		Options{Proxies: map[string]string{"http": "http://" + hp + "/"}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := h.seen()[1:], []string{"GET http://[fe80::1]:8080/hello HTTP/1.0 Host=[fe80::1]:8080"}; !equalStrings(got, want) {
		t.Errorf("the gateway saw %q, want %q", got, want)
	}
}
