package fetch_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"strings"
	"time"

	"github.com/locator-url/locator/fetch"
)

// helloServer is an HTTP server on loopback for the examples.
func helloServer() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/hello.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "hello, world\n")
	}))
}

func ExampleGet_http() {
	srv := helloServer()
	defer srv.Close()
	var out bytes.Buffer
	res, err := fetch.Get(context.Background(), srv.URL+"/hello.txt", &out, fetch.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q %s %d of %d bytes\n", out.String(), res.Type, res.Size, res.Total)
	fmt.Println(res.Dialog[0].Sent)
	// Output:
	// "hello, world\n" text/plain 13 of 13 bytes
	// GET /hello.txt HTTP/1.0
}

func ExampleNewClient_limit() {
	srv := helloServer()
	defer srv.Close()
	c := fetch.NewClient(fetch.Options{MaxSize: 5})
	defer c.Close()
	_, err := c.Get(context.Background(), srv.URL+"/hello.txt", io.Discard)
	fmt.Println(fetch.KindOf(err))
	// Output: safety
}

func ExampleClient_Get() {
	srv := helloServer()
	defer srv.Close()
	c := fetch.NewClient(fetch.Options{})
	defer c.Close()
	for _, p := range []string{"/hello.txt", "/missing"} {
		_, err := c.Get(context.Background(), srv.URL+p, io.Discard)
		var fe *fetch.Error
		if err != nil && errorAs(err, &fe) {
			fmt.Println(p, fe.Kind, fe.Code)
			continue
		}
		fmt.Println(p, "ok")
	}
	// Output:
	// /hello.txt ok
	// /missing refused http-404
}

func errorAs(err error, fe **fetch.Error) bool {
	e, ok := err.(*fetch.Error)
	*fe = e
	return ok
}

func ExampleClient_Options() {
	c := fetch.NewClient(fetch.Options{MaxRedirects: 3})
	defer c.Close()
	fmt.Println(c.Options().MaxRedirects)
	// Output: 3
}

func ExampleClient_Close() {
	c := fetch.NewClient(fetch.Options{})
	fmt.Println(c.Close())
	// Output: <nil>
}

func ExampleKindOf_refused() {
	_, err := fetch.Get(context.Background(), "gopher://127.0.0.1:25/", io.Discard, fetch.Options{})
	fmt.Println(fetch.KindOf(err))
	fmt.Println(fetch.KindOf(nil) == 0, fetch.KindOf(io.EOF))
	// Output:
	// safety
	// true local
}

func ExamplePolicy_CheckPort() {
	var p fetch.Policy
	fmt.Println(p.CheckPort("gopher://h:70/", "gopher", 70) == nil)
	fmt.Println(fetch.KindOf(p.CheckPort("gopher://h:25/", "gopher", 25)))
	p.AllowPorts = []int{25}
	fmt.Println(p.CheckPort("gopher://h:25/", "gopher", 25) == nil)
	// Output:
	// true
	// safety
	// true
}

func ExamplePolicy_CheckAddr() {
	strict := fetch.Policy{Strict: true}
	fmt.Println(strict.CheckAddr("http://x/", netip.MustParseAddr("192.0.2.1")) == nil)
	fmt.Println(strict.CheckAddr("http://x/", netip.MustParseAddr("127.0.0.1")) != nil)
	fmt.Println(fetch.Policy{}.CheckAddr("http://x/", netip.MustParseAddr("127.0.0.1")) == nil)
	// Output:
	// true
	// true
	// true
}

func ExamplePolicy_Dialer() {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer l.Close()
	d := fetch.Policy{Strict: true}.Dialer("http://localhost/", time.Second)
	_, err = d.Dial("tcp", l.Addr().String())
	fmt.Println(fetch.KindOf(err))
	// Output: safety
}

func ExampleProxiesFromEnvironment() {
	os.Setenv("gopher_proxy", "http://gateway.example:8080/")
	os.Setenv("no_proxy", "localhost,.internal.example")
	defer os.Unsetenv("gopher_proxy")
	defer os.Unsetenv("no_proxy")
	proxies, noProxy := fetch.ProxiesFromEnvironment()
	fmt.Println(proxies["gopher"])
	fmt.Println(noProxy)
	// Output:
	// http://gateway.example:8080/
	// localhost,.internal.example
}

func ExampleParseSubmission() {
	s, err := fetch.ParseSubmission("mailto:a@example.com,b@example.com?cc=c@example.com&subject=Hello%20there&X-Mailer=evil")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.To, s.Cc, s.Headers, s.Ignored)
	// Output: [a@example.com b@example.com] [c@example.com] [[Subject Hello there]] [x-mailer]
}

func ExampleSubmitPlan() {
	p, err := fetch.SubmitPlan("mailto:a@example.com?subject=Hi", fetch.Options{SMTPServer: "127.0.0.1:2525", Mail: "me@example.com"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range p.Steps {
		if s.Send != "" && !strings.HasPrefix(s.Send, "EHLO") && !strings.HasPrefix(s.Send, "HELO") {
			fmt.Println(s.Send, s.Expect)
		}
	}
	// Output:
	// MAIL FROM:<me@example.com> [250]
	// RCPT TO:<a@example.com> [250 251]
	// DATA [354]
	// QUIT [221]
}

func ExampleSend() {
	// A CR LF in the URL would add a header field or a recipient: refused before connecting.
	_, err := fetch.Send(context.Background(), "mailto:a@example.com?subject=Hi%0d%0aBcc:%20x@example.com",
		strings.NewReader("Hello.\n"), fetch.Options{SMTPServer: "127.0.0.1:2525", Mail: "me@example.com"})
	fmt.Println(fetch.KindOf(err))
	// Output: safety
}

func ExampleInteract() {
	// A server that asks for the terminal type (IAC DO TTYPE), prints a line and closes.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer l.Close()
	got := make(chan []byte, 1)
	go func() {
		c, err := l.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		c.Write([]byte("\xff\xfd\x18Welcome.\r\n"))
		b := make([]byte, 3)
		io.ReadFull(c, b)
		got <- b
	}()
	var out bytes.Buffer
	res, err := fetch.Interact(context.Background(), "telnet://guest@"+l.Addr().String()+"/", strings.NewReader(""), &out, fetch.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q\n%q\n%v\n", out.String(), <-got, res.Dialog)
	// Output:
	// "* suggest the user name \"guest\" to the user (advisory, RFC 1738 §3.8)\r\nWelcome.\r\n"
	// "\xff\xfc\x18"
	// [{ IAC DO TTYPE} {IAC WONT TTYPE }]
}

func ExampleClient_GatewayPlan() {
	c := fetch.NewClient(fetch.Options{
		Proxies: map[string]string{"gopher": "http://gateway.example:8080/"},
		NoProxy: "gopher.local.example",
	})
	defer c.Close()
	for _, u := range []string{"gopher://gopher.example/1/hello", "gopher://gopher.local.example/1/"} {
		via, p, ok, err := c.GatewayPlan(u)
		if err != nil || !ok {
			fmt.Println(u, "goes directly", err)
			continue
		}
		fmt.Println(u, "through", via, "to", p.Host, p.Port)
		for _, s := range p.Steps {
			if s.Send != "" {
				fmt.Printf("  %q\n", s.Send)
			}
		}
	}
	// Output:
	// gopher://gopher.example/1/hello through http://gateway.example:8080/ to gateway.example 8080
	//   "GET gopher://gopher.example/1/hello HTTP/1.0"
	//   "Host: gopher.example"
	// gopher://gopher.local.example/1/ goes directly <nil>
}
