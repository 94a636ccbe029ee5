package serve

import (
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/testserver"
)

// bigSize is the size of the large files of the FTP and HTTP sites: three times what the
// gateway holds before it decides its headers.
const bigSize = 3 << 20

// gopherText is a text item whose lines begin with periods and hold HTML.
const gopherText = "line one\r\n.dot line\r\n<b>not bold</b> & \x1b[31m\r\nlast line\r\n"

// gopherSite fills a directory for pygopherd: a text item, a binary, two levels of
// directories, a search item (an executable, pygopherd's scriptexec), a Gopher+ ASK form,
// and starts pygopherd on it (behind socat -x when capture is set, for Received). It returns the server, the binary's bytes and the base URL.
func gopherSite(t testing.TB, capture bool) (*testserver.GopherServer, []byte, string) {
	t.Helper()
	root := t.TempDir()
	bin := gwRandomBytes(5000, 1)
	files := map[string]string{
		"text.txt":              gopherText,
		"bin.bin":               string(bin),
		"sub/a.txt":             "in sub\r\n",
		"sub/deeper/x.txt":      "two levels down\r\n",
		"form.txt":              "the form's item\r\n",
		"form.txt.ask":          "Ask: Your name?\tnobody\nChoose: Colour?\tred\tblue\n",
		"find/gophermap":        "Search the site <i>here</i>\n7Find words\t/find/search.sh\n0<script>x</script>\t/text.txt\n",
		"find/search.sh":        "#!/bin/sh\nprintf '0Found %s\\t/text.txt\\t127.0.0.1\\t%s\\r\\n.\\r\\n' \"$SEARCHREQUEST\" \"$SERVER_PORT\"\n",
		"sub/deeper/empty.txt":  "",
		"sub/deeper/y.bin":      "\x00\x01\x02",
		"sub/deeper/z.abstract": "",
	}
	for name, data := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, ".sh") {
			mode = 0o755
		}
		if err := os.WriteFile(p, []byte(data), mode); err != nil {
			t.Fatal(err)
		}
	}
	s := testserver.PyGopherd(t, root, testserver.PygopherdOptions{Exec: true, Capture: capture})
	base := "gopher://127.0.0.1:" + strconv.Itoa(s.Port)
	return s, bin, base
}

// gwRandomBytes returns n bytes from a seeded generator, with "\r\n.\r\n" inside.
func gwRandomBytes(n int, seed uint64) []byte {
	b := make([]byte, n)
	r := rand.New(rand.NewPCG(seed, 2))
	for i := range b {
		b[i] = byte(r.UintN(256))
	}
	copy(b[100:], "\r\n.\r\n")
	return b
}

// gatewayServer starts the gateway with o on a loopback listener, closed at the end of t.
func gatewayServer(t testing.TB, o Options) (*httptest.Server, *Server) {
	t.Helper()
	s := New(o)
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		ts.Close()
		_ = s.Close()
	})
	return ts, s
}

// gwResponse is what one GET through the gateway returned.
type gwResponse struct {
	status int
	header http.Header
	body   string
}

// gwGet GETs path from the gateway ts.
func gwGet(t testing.TB, ts *httptest.Server, path string) gwResponse {
	t.Helper()
	req, err := http.NewRequest("GET", ts.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The path form's URL as it is: net/http would otherwise re-encode nothing, but keep
	// the request line exactly as written.
	req.URL.Opaque, req.URL.RawQuery = path, ""
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	return gwResponse{resp.StatusCode, resp.Header, string(b)}
}

// gwLink returns the href of the page's link whose text is text, unescaped as a browser does.
func gwLink(t testing.TB, page, text string) string {
	t.Helper()
	re := regexp.MustCompile(`<a href="([^"]*)"[^>]*>` + regexp.QuoteMeta(text) + `</a>`)
	m := re.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no link %q in\n%s", text, page)
	}
	return strings.ReplaceAll(m[1], "&amp;", "&")
}

// gwFind returns the first submatch of pattern in s.
func gwFind(t testing.TB, s, pattern string) string {
	t.Helper()
	m := regexp.MustCompile(pattern).FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("no %s in\n%s", pattern, s)
	}
	return m[1]
}
