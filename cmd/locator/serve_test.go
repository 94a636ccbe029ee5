package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/locator-url/locator/internal/testserver"
	"github.com/locator-url/locator/serve"
)

// cleanPlanEnv empties the environment that changes what plan prints (the gateways of RFC
// 1738 §4, the anonymous FTP password, the news server), so that plan --json and the
// inspector, which reads none of it, plan alike.
func cleanPlanEnv(t *testing.T) {
	for _, v := range []string{"http_proxy", "ftp_proxy", "gopher_proxy", "news_proxy", "wais_proxy", "no_proxy",
		"HTTP_PROXY", "FTP_PROXY", "GOPHER_PROXY", "NEWS_PROXY", "WAIS_PROXY", "NO_PROXY", emailEnv, nntpEnv} {
		t.Setenv(v, "")
	}
}

// TestServeJSONFields: /api/inspect gives, for each URL, the objects of parse --json,
// check --json and plan --json under rfc1738 and rfc3986, of parse --spec whatwg --json, and
// the row of resolve --all-specs --json: the same keys, and the same values.
func TestServeJSONFields(t *testing.T) {
	cleanPlanEnv(t)
	s := serve.New(serve.Options{})
	defer s.Close()
	const base = "http://a/b/c/d;p?q"
	for _, u := range []string{
		"ftp://myname@host.dom/%2Fetc/motd",
		"gopher://h:7070/1sel%09search",
		"URL:ftp://a?b@host/x;type=d", // a prefix and an RFC 1738 §5 login
		"http://a b/%zz",
		"news:comp.infosystems.www",
		"a_b:x",
		"mailto:\x1b@x\xff",
		"file://localhost/etc/motd",
		"http://user:pw@[::1]:8080/a/./b?q#f",
		"http://h/" + strings.Repeat("a {", 120), // more than locator.MaxFindings: more_errors
		"",
	} {
		rec := httptest.NewRecorder()
		q := url.Values{"url": {u}, "base": {base}, "ref": {u}}
		s.ServeHTTP(rec, httptest.NewRequest("GET", "/api/inspect?"+q.Encode(), nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("%q: status %d: %s", u, rec.Code, rec.Body.String())
		}
		var got struct {
			Specs   map[string]map[string]map[string]any `json:"specs"`
			Resolve struct {
				Rows []map[string]any `json:"rows"`
			} `json:"resolve"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatalf("%q: %v", u, err)
		}
		compare := func(what string, endpoint map[string]any, args ...string) {
			t.Helper()
			out, errs, _ := runLocator(t, "", args...)
			var cli map[string]any
			if err := json.Unmarshal([]byte(out), &cli); err != nil {
				t.Fatalf("%q: locator %s: %v\n%s%s", u, strings.Join(args, " "), err, out, errs)
			}
			if ck, ek := keys(cli), keys(endpoint); !slices.Equal(ck, ek) {
				t.Errorf("%q: %s: keys\n  CLI      %v\n  endpoint %v", u, what, ck, ek)
			} else if !reflect.DeepEqual(cli, endpoint) {
				t.Errorf("%q: %s: values\n  CLI      %v\n  endpoint %v", u, what, cli, endpoint)
			}
		}
		for _, spec := range []string{"rfc1738", "rfc3986"} {
			for _, cmd := range []string{"parse", "check", "plan"} {
				compare(spec+" "+cmd, got.Specs[spec][cmd], cmd, "--json", "--spec", spec, "--", u)
			}
		}
		compare("whatwg parse", got.Specs["whatwg"]["parse"], "parse", "--json", "--spec", "whatwg", "--", u)
		if u != "" { // an empty line is no reference
			if len(got.Resolve.Rows) != 1 {
				t.Fatalf("%q: %d rows", u, len(got.Resolve.Rows))
			}
			compare("resolve --all-specs", got.Resolve.Rows[0], "resolve", "--all-specs", "--json", base, "--", u)
		}
	}
}

// keys returns the keys of m, sorted.
func keys(m map[string]any) []string {
	var k []string
	for x := range m {
		k = append(k, x)
	}
	slices.Sort(k)
	return k
}

// TestServeHelper is the child process of TestServeCommand: it runs main with the arguments
// in $LOCATOR_SERVE_HELPER.
func TestServeHelper(t *testing.T) {
	args := os.Getenv("LOCATOR_SERVE_HELPER")
	if args == "" {
		return
	}
	os.Args = append([]string{"locator"}, strings.Fields(args)...)
	main()
}

// syncBuffer is a bytes.Buffer written by one goroutine and read by another.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor polls cond every 20 ms until it holds or 20 s pass (a bound against a hang, not a
// timing assertion).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("waited 20 s for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestServeCommand runs `locator serve --listen 127.0.0.1:PORT` as a process (the test
// binary running main): it serves the inspector, writes an access log line per request on
// standard error, and on SIGTERM stops accepting connections while a request in flight (a
// POST whose body is still coming) finishes, then exits with status 0.
func TestServeCommand(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("SIGTERM cannot be sent to a process on Windows")
	}
	port := testserver.FreePort(t)
	addr := "127.0.0.1:" + strconv.Itoa(port)
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeHelper$")
	cmd.Env = append(os.Environ(), "LOCATOR_SERVE_HELPER=serve --listen "+addr)
	var stderr syncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	var waitErr error
	go func() { waitErr = cmd.Wait(); close(exited) }()
	defer func() {
		select {
		case <-exited:
		default:
			_ = cmd.Process.Kill()
			<-exited
		}
	}()
	if err := testserver.WaitPort(port, 20*time.Second, exited); err != nil {
		t.Fatalf("locator serve did not listen: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "locator serve: listening on http://"+addr+"/") {
		t.Errorf("stderr: %q", stderr.String())
	}

	// The inspector, and its line in the access log (Combined Log Format).
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := client.Get("http://" + addr + "/?url=" + url.QueryEscape("ftp://h/a%zz"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Contains(body, []byte("bad-escape")) {
		t.Fatalf("GET /: %d\n%.500s", resp.StatusCode, body)
	}
	logRE := regexp.MustCompile(`(?m)^127\.0\.0\.1 - - \[[^]]+\] "GET /\?url=ftp%3A%2F%2Fh%2Fa%25zz HTTP/1\.1" 200 \d+ "-" "Go-http-client/1\.1"$`)
	waitFor(t, "the access log line", func() bool { return logRE.MatchString(stderr.String()) })

	// A request in flight: the headers of a POST and half its body.
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	form := "url=" + url.QueryEscape("gopher://h/1sel")
	if _, err := io.WriteString(conn, "POST /inspect HTTP/1.1\r\nHost: "+addr+"\r\nConnection: close\r\n"+
		"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: "+strconv.Itoa(len(form))+"\r\n\r\n"+form[:5]); err != nil {
		t.Fatal(err)
	}
	// Let the server read the headers and start the handler, which blocks reading the body.
	// (Were SIGTERM first, the connection would still be kept: http.Server.Shutdown closes a
	// connection whose request has not begun only after 5 s.)
	time.Sleep(200 * time.Millisecond)

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the shutdown message", func() bool {
		return strings.Contains(stderr.String(), "locator serve: shutting down; requests in flight finish")
	})
	// New connections are refused once the listener is closed.
	waitFor(t, "new connections refused", func() bool {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			return true
		}
		c.Close()
		return false
	})
	select {
	case <-exited:
		t.Fatalf("the server exited with a request in flight: %v\n%s", waitErr, stderr.String())
	default:
	}

	// The request in flight finishes.
	if _, err := io.WriteString(conn, form[5:]); err != nil {
		t.Fatalf("the rest of the body: %v", err)
	}
	resp, err = http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("the request in flight: %v", err)
	}
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Contains(body, []byte(`id="spec-rfc1738"`)) || !bytes.Contains(body, []byte("Typed view: gopher")) {
		t.Errorf("the request in flight: %d\n%.500s", resp.StatusCode, body)
	}
	select {
	case <-exited:
	case <-time.After(20 * time.Second):
		t.Fatalf("the server did not exit after its last request\n%s", stderr.String())
	}
	if waitErr != nil {
		t.Errorf("exit: %v\n%s", waitErr, stderr.String())
	}
	if !regexp.MustCompile(`(?m)^127\.0\.0\.1 - - \[[^]]+\] "POST /inspect HTTP/1\.1" 200 \d+ "-" "-"$`).MatchString(stderr.String()) {
		t.Errorf("no access log line for the POST:\n%s", stderr.String())
	}
}
