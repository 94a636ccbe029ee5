//go:build unix

package serve

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/internal/testserver"
)

// ftpSite starts vsftpd with a directory tree: a text file, a binary, a subdirectory.
func ftpSite(t *testing.T) (*testserver.FTPServer, []byte) {
	t.Helper()
	bin := gwRandomBytes(70000, 3)
	s := testserver.VSFTPD(t, testserver.VSFTPDOptions{
		Files: map[string][]byte{
			"pub/readme.txt":    []byte("Read me <first>\r\n"),
			"pub/data.bin":      bin,
			"pub/sub/inner.txt": []byte("inside\n"),
			"pub/big.bin":       gwRandomBytes(bigSize, 4),
			"pub/big.txt":       []byte(strings.Repeat("a line of text\r\n", bigSize/16)),
		},
	})
	return s, bin
}

// TestGatewayFTP: the path form in front of the real vsftpd: a directory as a page of links
// with sizes, a file downloaded with its Content-Length and its bytes.
func TestGatewayFTP(t *testing.T) {
	srv, bin := ftpSite(t)
	ts, _ := gatewayServer(t, Options{AllowPrivate: true, AllowPorts: []int{srv.Port}})

	dir := gwGet(t, ts, "/"+srv.URL("/pub/"))
	if dir.status != http.StatusOK || !strings.Contains(dir.body, "FTP directory") {
		t.Fatalf("directory: %d\n%s", dir.status, dir.body)
	}
	if l := gwLink(t, dir.body, "data.bin"); l != "/"+srv.URL("/pub/data.bin") {
		t.Errorf("link to data.bin: %q", l)
	}
	if !strings.Contains(dir.body, `<td class="gw-size">70000</td>`) {
		t.Errorf("no size 70000 in\n%s", dir.body)
	}
	// A directory named without its final "/": RETR is refused (550), and the page offers the
	// directory.
	if r := gwGet(t, ts, "/"+srv.URL("/pub")); r.status != http.StatusBadGateway || gwLink(t, r.body, "Open it as one") != "/"+srv.URL("/pub/") {
		t.Errorf("a directory named without its final slash: %d\n%s", r.status, r.body)
	}
	sub := gwGet(t, ts, gwLink(t, dir.body, "sub"))
	if !strings.Contains(sub.body, ">inner.txt</a>") {
		t.Errorf("subdirectory:\n%s", sub.body)
	}

	for _, path := range []string{gwLink(t, dir.body, "data.bin"), "/raw/" + srv.URL("/pub/data.bin")} {
		f := gwGet(t, ts, path)
		if f.status != http.StatusOK || f.body != string(bin) || f.header.Get("Content-Length") != strconv.Itoa(len(bin)) {
			t.Errorf("%s: %d, %d bytes (want %d), Content-Length %q", path, f.status, len(f.body), len(bin), f.header.Get("Content-Length"))
		}
	}
	if d := gwGet(t, ts, "/raw/"+srv.URL("/pub/data.bin")).header.Get("Content-Disposition"); d != `attachment; filename=data.bin` {
		t.Errorf("download's Content-Disposition %q", d)
	}
	// Larger than the gateway holds (3 MiB): streamed as it arrives, with the Content-Length
	// that fetch announced before the first byte (FTP SIZE, fetch.SizeAnnouncer), in every
	// form.
	want := gwRandomBytes(bigSize, 4)
	for _, path := range []string{"/" + srv.URL("/pub/big.bin"), "/raw/" + srv.URL("/pub/big.bin")} {
		big := gwGet(t, ts, path)
		if big.status != http.StatusOK || big.body != string(want) || big.header.Get("Content-Length") != strconv.Itoa(bigSize) {
			t.Errorf("%s: %d, %d bytes (want %d), Content-Length %q", path, big.status, len(big.body), len(want), big.header.Get("Content-Length"))
		}
	}
	if big := proxyGet(t, ts, srv.URL("/pub/big.bin")); big.status != http.StatusOK || big.body != string(want) || big.header.Get("Content-Length") != strconv.Itoa(bigSize) {
		t.Errorf("big.bin, proxy form: %d, %d bytes (want %d), Content-Length %q", big.status, len(big.body), len(want), big.header.Get("Content-Length"))
	}
	// An ASCII transfer (RFC 959 §3.1.1.1: CR LF turned into LF) has no size before it ends:
	// streamed without a Content-Length, its bytes the file's with LF line ends.
	bigText := gwGet(t, ts, "/raw/"+srv.URL("/pub/big.txt;type=a"))
	if wantText := strings.Repeat("a line of text\n", bigSize/16); bigText.status != http.StatusOK || bigText.body != wantText || bigText.header.Get("Content-Length") != "" {
		t.Errorf("big.txt;type=a: %d, %d bytes (want %d), Content-Length %q", bigText.status, len(bigText.body), len(wantText), bigText.header.Get("Content-Length"))
	}
	text := gwGet(t, ts, "/"+srv.URL("/pub/readme.txt"))
	if !strings.Contains(text.body, "<pre class=\"gw-text\">Read me &lt;first&gt;\n</pre>") {
		t.Errorf("text file:\n%s", text.body)
	}
	// A missing file: the server's reply shown, 502.
	miss := gwGet(t, ts, "/"+srv.URL("/pub/missing.txt"))
	if miss.status != http.StatusBadGateway || !strings.Contains(miss.body, "550") {
		t.Errorf("missing file: %d\n%s", miss.status, miss.body)
	}
}

// newsSite starts (or reuses) INN with a group and two articles, and returns the server, the
// group and the first article's message-id.
func newsSite(t *testing.T) (*testserver.INNServer, string, string) {
	t.Helper()
	srv := testserver.INN(t)
	group := "local.locator.gateway"
	srv.NewGroup(t, group)
	mid := srv.MessageID("gw")
	srv.Post(t, group, mid, "Gateway <test> article", "first line\n.dotted line\n<script>alert(1)</script>\n")
	srv.Post(t, group, srv.MessageID("gw2"), "Second article", "more\n")
	return srv, group, mid
}

// TestGatewayNews: the path form in front of the real INN: a group's overview with links to
// its articles, an article with its header fields and its body.
func TestGatewayNews(t *testing.T) {
	srv, group, mid := newsSite(t)
	o := Options{AllowPrivate: true}
	o.Fetch.NNTPServer = srv.Addr()
	ts, _ := gatewayServer(t, o)

	g := gwGet(t, ts, "/news:"+group)
	if g.status != http.StatusOK || !strings.Contains(g.body, "news group") || !strings.Contains(g.body, "tester@example.com") && !strings.Contains(g.body, "@") {
		t.Fatalf("group: %d\n%s", g.status, g.body)
	}
	// (INN keeps the articles of earlier runs: the link is found by its message-id.)
	art := "/news:" + strings.Trim(mid, "<>")
	if !strings.Contains(g.body, `<a href="`+art+`">Gateway &lt;test&gt; article</a>`) {
		t.Errorf("no link to %s in\n%s", art, g.body)
	}
	a := gwGet(t, ts, art)
	if a.status != http.StatusOK || !strings.Contains(a.body, "<th>Subject</th><td>Gateway &lt;test&gt; article</td>") ||
		!strings.Contains(a.body, "first line\n.dotted line\n&lt;script&gt;alert(1)&lt;/script&gt;\n") {
		t.Errorf("article: %d\n%s", a.status, a.body)
	}
	missing := gwGet(t, ts, "/news:no-such-"+strings.Trim(srv.MessageID("missing"), "<>"))
	if missing.status != http.StatusBadGateway || !strings.Contains(missing.body, "430") {
		t.Errorf("missing article: %d\n%s", missing.status, missing.body)
	}
}

// TestProxyForm: a client configured with gopher_proxy, ftp_proxy and news_proxy pointing at
// the gateway (fetch.Options.Proxies, what `locator get` reads from the environment) gets
// the same bytes as a direct access, from the real pygopherd, vsftpd and INN: menus,
// directories and overviews as `locator get` writes them, text, binaries, articles.
func TestProxyForm(t *testing.T) {
	gs, _, gbase := gopherSite(t, false)
	fs, _ := ftpSite(t)
	ns, group, mid := newsSite(t)
	o := Options{AllowPrivate: true, AllowPorts: []int{gs.Port, fs.Port}}
	o.Fetch.NNTPServer = ns.Addr()
	ts, _ := gatewayServer(t, o)
	via := ts.URL + "/"
	urls := []string{
		gbase + "/", gbase + "/1/sub/deeper", gbase + "/0/text.txt", gbase + "/9/bin.bin",
		gbase + "/7/find/search.sh%09some%20words", gbase + "/0/sub/deeper/empty.txt",
		fs.URL("/pub/"), fs.URL("/pub/data.bin"), fs.URL("/pub/readme.txt"), fs.URL("/pub/sub/inner.txt"), fs.URL("/pub/big.bin"),
		"news:" + group, "news:" + strings.Trim(mid, "<>"),
	}
	direct := fetch.NewClient(fetch.Options{NNTPServer: ns.Addr()})
	defer direct.Close()
	proxied := fetch.NewClient(fetch.Options{Proxies: map[string]string{"gopher": via, "ftp": via, "news": via}})
	defer proxied.Close()
	for _, u := range urls {
		var a, b strings.Builder
		if _, err := direct.Get(t.Context(), u, &a); err != nil {
			t.Errorf("direct %s: %v", u, err)
			continue
		}
		r, err := proxied.Get(t.Context(), u, &b)
		if err != nil {
			t.Errorf("through the gateway %s: %v", u, err)
			continue
		}
		if r.Via != via {
			t.Errorf("%s: not through the gateway (Via %q)", u, r.Via)
		}
		if a.String() != b.String() || a.Len() == 0 && !strings.HasSuffix(u, "empty.txt") {
			t.Errorf("%s: through the gateway %d bytes, directly %d; equal %v", u, b.Len(), a.Len(), a.String() == b.String())
		}
	}
	// A failure through the gateway: the gateway's status, refused by the client.
	var b strings.Builder
	_, err := proxied.Get(t.Context(), fs.URL("/pub/missing.txt"), &b)
	if fetch.KindOf(err) != fetch.KindRefused || !strings.Contains(err.Error(), "502") {
		t.Errorf("missing file through the gateway: %v", err)
	}
}
