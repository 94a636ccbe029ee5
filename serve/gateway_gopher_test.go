package serve

import (
	"html"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// TestGatewayGopher: the path form in front of the real pygopherd: a menu, two levels down by
// its links, a text item as preformatted (escaped) text and as bytes, a binary with its
// length, a search item's form, a Gopher+ ASK form, and a CR LF refused as get refuses it.
func TestGatewayGopher(t *testing.T) {
	srv, bin, base := gopherSite(t, true)
	ts, _ := gatewayServer(t, Options{AllowPrivate: true, AllowPorts: []int{srv.Port}})

	menu := gwGet(t, ts, "/"+base+"/")
	if menu.status != http.StatusOK || !strings.HasPrefix(menu.header.Get("Content-Type"), "text/html") {
		t.Fatalf("menu: %d %s\n%s", menu.status, menu.header.Get("Content-Type"), menu.body)
	}
	if !strings.Contains(menu.body, `value="`+base+`/"`) || !strings.Contains(menu.body, `value="`+ts.URL+"/"+base+`/"`) {
		t.Errorf("menu: the original URL and the page's own are not shown:\n%s", menu.body)
	}
	sub := gwLink(t, menu.body, "sub")
	if sub != "/"+base+"/1/sub" {
		t.Errorf("link to sub: %q", sub)
	}
	page := gwGet(t, ts, sub)
	deeper := gwLink(t, page.body, "deeper")
	page = gwGet(t, ts, deeper)
	x := gwLink(t, page.body, "x")
	text := gwGet(t, ts, x)
	if text.status != http.StatusOK || !strings.Contains(text.body, "<pre class=\"gw-text\">two levels down\n</pre>") {
		t.Errorf("two levels down: %d\n%s", text.status, text.body)
	}
	if !strings.Contains(page.body, `<td class="gw-type" title="0">text</td>`) {
		t.Errorf("the item type is not shown:\n%s", page.body)
	}

	// A text item: escaped for HTML and through internal/display; its bytes as they are.
	text = gwGet(t, ts, "/"+base+"/0/text.txt")
	if !strings.Contains(text.body, "&lt;b&gt;not bold&lt;/b&gt; &amp; \\x1b[31m") || strings.Contains(text.body, "\x1b") {
		t.Errorf("text item not escaped:\n%s", text.body)
	}
	raw := gwGet(t, ts, "/raw/"+base+"/0/text.txt")
	if raw.body != gopherText || raw.header.Get("Content-Length") != "61" && raw.header.Get("Content-Length") != strconv.Itoa(len(gopherText)) {
		t.Errorf("raw text: %q, Content-Length %s", raw.body, raw.header.Get("Content-Length"))
	}
	// A binary: its bytes, its length, not a page.
	b := gwGet(t, ts, "/"+base+"/9/bin.bin")
	if b.body != string(bin) || b.header.Get("Content-Length") != strconv.Itoa(len(bin)) || strings.HasPrefix(b.header.Get("Content-Type"), "text/html") {
		t.Errorf("binary: %d bytes (want %d), Content-Length %q, type %q", len(b.body), len(bin), b.header.Get("Content-Length"), b.header.Get("Content-Type"))
	}

	// The URL percent-encoded in the path, and as ?url=: the same page.
	for _, p := range []string{"/" + url.PathEscape(base+"/1/sub"), "/" + url.QueryEscape(base+"/1/sub"), "/gateway?url=" + url.QueryEscape(base+"/1/sub")} {
		if r := gwGet(t, ts, p); r.status != http.StatusOK || gwLink(t, r.body, "deeper") != deeper {
			t.Errorf("%s: %d\n%s", p, r.status, r.body)
		}
	}
	// A scheme without a client (wais): 501 and the access plan.
	if r := gwGet(t, ts, "/wais://192.0.2.7/db?query"); r.status != http.StatusNotImplemented || !strings.Contains(r.body, "Access plan") {
		t.Errorf("wais: %d\n%s", r.status, r.body)
	}

	// Over MaxSize: 502 with the limit's rule.
	small, _ := gatewayServer(t, Options{AllowPrivate: true, AllowPorts: []int{srv.Port}, MaxSize: 1000})
	if r := gwGet(t, small, "/"+base+"/9/bin.bin"); r.status != http.StatusBadGateway || !strings.Contains(r.body, "too-large") {
		t.Errorf("over MaxSize: %d\n%s", r.status, r.body)
	}

	// A search item: a form that GETs /gateway with the URL and the words.
	find := gwGet(t, ts, "/"+base+"/1/find")
	if !strings.Contains(find.body, `<form class="gw-search" action="/gateway" method="get"><input type="hidden" name="url" value="`+base+`/7/find/search.sh">`) {
		t.Fatalf("search form:\n%s", find.body)
	}
	if !strings.Contains(find.body, `<span class="gw-info">Search the site &lt;i&gt;here&lt;/i&gt;</span>`) ||
		!strings.Contains(find.body, `>&lt;script&gt;x&lt;/script&gt;</a>`) || strings.Contains(find.body, "<script>") {
		t.Errorf("info line and names not shown as escaped text:\n%s", find.body)
	}
	found := gwGet(t, ts, "/gateway?url="+url.QueryEscape(base+"/7/find/search.sh")+"&search=two+words")
	if found.status != http.StatusOK || !strings.Contains(found.body, ">Found two words</a>") {
		t.Errorf("search: %d\n%s", found.status, found.body)
	}

	// A Gopher+ ASK form: its questions as an HTML form; the answers fetch the item.
	// (pygopherd marks the item "?" in a Gopher+ menu; the URL says so: RFC 1738 §3.4.5.)
	formLink := "/" + base + "/0/form.txt%09%09%3F"
	form := gwGet(t, ts, formLink)
	if form.status != http.StatusOK || !strings.Contains(form.body, `<input name="a1" value="nobody">`) ||
		!strings.Contains(form.body, `<select name="a2"><option value="red">red</option><option value="blue">blue</option></select>`) {
		t.Fatalf("ASK form %s: %d\n%s", formLink, form.status, form.body)
	}
	itemURL := gwFind(t, form.body, `name="url" value="([^"]*)"`)
	answered := gwGet(t, ts, "/gateway?url="+url.QueryEscape(html.UnescapeString(itemURL))+"&ask=2&a1=me&a2=blue")
	if answered.status != http.StatusOK || !strings.Contains(answered.body, "the form&#39;s item") {
		t.Errorf("ASK answered: %d\n%s", answered.status, answered.body)
	}
	// The answers went to the server as the data block (gopher-plus.txt §2.8).
	if got := string(srv.Received(t)); !strings.Contains(got, "/form.txt\t+\t1\r\n+-1\r\nme\r\nblue\r\n.\r\n") {
		t.Errorf("the server received %q", got)
	}

	// CR LF in the selector: refused before any access (RFC 1738 §6), as get refuses it.
	crlf := gwGet(t, ts, "/"+base+"/0/text.txt%0D%0Aevil")
	if crlf.status != http.StatusForbidden || !strings.Contains(crlf.body, "line-break") {
		t.Errorf("CR LF: %d\n%s", crlf.status, crlf.body)
	}
	crlf = gwGet(t, ts, "/gateway?url="+url.QueryEscape(base+"/7/find/search.sh")+"&search=a%0D%0Ab")
	if crlf.status != http.StatusForbidden {
		t.Errorf("CR LF in a search: %d\n%s", crlf.status, crlf.body)
	}
	crlf = gwGet(t, ts, "/gateway?url="+url.QueryEscape(html.UnescapeString(itemURL))+"&ask=2&a1=me%0D%0A.&a2=blue")
	if crlf.status != http.StatusForbidden {
		t.Errorf("CR LF in an answer: %d\n%s", crlf.status, crlf.body)
	}
}
