package fetch_test

import (
	"bytes"
	"strconv"
	"testing"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/internal/testserver"
	"github.com/locator-url/locator/scheme"
)

// received waits until the server side has recorded at least n bytes after from, and returns
// what it recorded after from.
func received(t *testing.T, s *testserver.GopherServer, from, n int) []byte {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		got := s.Received(t)[from:]
		if len(got) >= n || time.Now().After(deadline) {
			return got
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// planWire is what `locator plan` shows for url with the options of o: the bytes of its plan.
func planWire(t *testing.T, url string, o fetch.Options) []byte {
	t.Helper()
	g, err := scheme.ParseGopher(locator.MustParse(url))
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.PlanWith(scheme.GopherPlanOptions{Query: o.Query, View: o.View})
	if err != nil {
		t.Fatal(err)
	}
	return p.Wire()
}

// TestGopherPlanIsWire: what the server received, as the socat in front of it recorded it, is
// byte for byte the plan's bytes for the same URL and options (the plan is what runs), for
// every kind of request: a selector, a search, Gopher+ items, views, attributes and a form,
// whose second request is the plan of the URL with the form filled out (RFC 1738 §3.4.9).
func TestGopherPlanIsWire(t *testing.T) {
	root, _ := gopherContent(t)
	servers := map[string]*testserver.GopherServer{
		"pygopherd":   testserver.PyGopherd(t, root, testserver.PygopherdOptions{Capture: true}),
		"gophernicus": testserver.Gophernicus(t, root),
	}
	for name, s := range servers {
		base := "gopher://127.0.0.1:" + strconv.Itoa(s.Port)
		for _, c := range []struct {
			path string
			o    fetch.Options
			also string // the plan of a second request: the filled-out form
		}{
			{path: "/"},
			{path: "/0/text.txt"},
			{path: "/9/bin.bin"},
			{path: "/1/sub"},
			{path: "/7/search%09two%20words"},
			{path: "/7/search", o: fetch.Options{Query: "from the option"}},
			{path: "/0/text.txt%09%09+"},
			{path: "/0/text.txt", o: fetch.Options{View: "text/plain"}},
			{path: "/0/text.txt%09%09!"},
			{path: "/1/sub%09%09$"},
			{path: "/0/a%20b%3Fc%25d"},
			{path: "/0/form.txt%09%09%3F", o: fetch.Options{Form: []string{"Ann", "blue"}},
				also: "/0/form.txt%09%09+%091%0D%0A+-1%0D%0AAnn%0D%0Ablue%0D%0A.%0D%0A"},
		} {
			if name == "gophernicus" && (c.also != "" || c.path == "/1/sub%09%09$" || c.path == "/0/text.txt%09%09!") {
				continue // gophernicus answers no Gopher+ attribute request
			}
			url := base + c.path
			want := planWire(t, url, c.o)
			if c.also != "" {
				want = append(want, planWire(t, base+c.also, fetch.Options{})...)
			}
			from := len(s.Received(t))
			_, _, _ = get(t, url, c.o) // what the server answers is another test's matter
			if got := received(t, s, from, len(want)); !bytes.Equal(got, want) {
				t.Errorf("%s %s: the server received\n%q\nthe plan says\n%q", name, url, got, want)
			}
		}
	}
}
