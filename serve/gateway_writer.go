package serve

import (
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/pct"
)

// pageLimit is the most bytes of an object the gateway holds before it decides how to answer:
// an object that fits is answered with its Content-Length (or shown as a text page); a larger
// one is streamed as it arrives, its status and headers sent before its first byte (with its
// Content-Length when fetch announced its size, fetch.SizeAnnouncer), and a failure after
// that cuts the connection. Listings are not held: their entries are the page.
const pageLimit = 1 << 20

// objectWriter is the io.Writer that fetch writes an object into: it holds the first
// pageLimit bytes, so that the status and headers are decided before the first byte is sent,
// then streams the rest.
type objectWriter struct {
	w         http.ResponseWriter
	url       string
	listing   bool // the URL names a listing: its bytes are dropped (the entries are kept by fetch)
	raw       bool // a download: Content-Disposition: attachment
	proxy     bool // the proxy form: the bytes exactly, no page
	buf       []byte
	committed bool // the status and headers are sent; the rest streams
	// size is the object's size as fetch announced it before its first byte
	// (fetch.SizeAnnouncer: FTP SIZE, HTTP Content-Length), -1 (or 0 with sized false) when
	// it did not: the Content-Length of an object too large to hold.
	size  int64
	sized bool
}

// AnnounceSize records the object's size, which fetch tells before the first byte
// (fetch.SizeAnnouncer): an object larger than pageLimit is then streamed with its
// Content-Length, and one that does not match it is cut (net/http refuses the excess, and
// closes a connection whose body ends short).
func (o *objectWriter) AnnounceSize(total int64) {
	o.size, o.sized = total, total >= 0
}

// Write holds p, or streams it once the object is larger than pageLimit.
func (o *objectWriter) Write(p []byte) (int, error) {
	if o.committed {
		return o.w.Write(p)
	}
	if o.listing && !o.proxy {
		return len(p), nil
	}
	if len(o.buf)+len(p) <= pageLimit {
		o.buf = append(o.buf, p...)
		return len(p), nil
	}
	// Too large to hold: from here the object streams, as it is, with its length when fetch
	// announced it.
	n := int64(-1)
	if o.sized {
		n = o.size
	}
	o.header(gwContentType(&fetch.Result{URL: o.url}, o.buf, o.proxy), n)
	o.w.WriteHeader(http.StatusOK)
	o.committed = true
	if _, err := o.w.Write(o.buf); err != nil {
		return 0, err
	}
	o.buf = nil
	return o.w.Write(p)
}

// flush sends what the ResponseWriter buffers.
func (o *objectWriter) flush() {
	if f, ok := o.w.(http.Flusher); ok {
		f.Flush()
	}
}

// header sets the headers of the object: its type, its length when known (n ≥ 0) and, for a
// download, its file name.
func (o *objectWriter) header(ctype string, n int64) {
	h := o.w.Header()
	h.Set("Content-Type", ctype)
	if n >= 0 {
		h.Set("Content-Length", strconv.FormatInt(n, 10))
	}
	if o.raw && !o.proxy {
		h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": gwFileName(o.url)}))
	}
}

// sendAll answers with the whole object held, and its length.
func (o *objectWriter) sendAll(ctype string) {
	o.header(ctype, int64(len(o.buf)))
	o.w.WriteHeader(http.StatusOK)
	_, _ = o.w.Write(o.buf)
}

// gwFileName is the name a download of the URL u is saved under: its last path segment,
// decoded, or "download".
func gwFileName(u string) string {
	p, err := locator.ParseAs(u, locator.RFC1738)
	name := ""
	if err == nil {
		name = path.Base(p.Path())
		name, _, _ = strings.Cut(name, ";")
		if d, err := pct.Decode(name); err == nil {
			name = d
		}
	}
	if name == "" || name == "." || name == "/" || strings.ContainsAny(name, "/\\\x00\r\n") {
		return "download"
	}
	return name
}

// gwContentType is the Content-Type of an object: a gopher item's type (RFC 1436 §3.8), an
// FTP text transfer, an HTTP server's type, or the type http.DetectContentType finds in its
// first bytes. A type a browser would run (HTML, XML, SVG, script) is sent as text/plain:
// upstream content must not become a page of the gateway's own origin. XML includes
// text/xsl, an XSLT stylesheet (an XML document, W3C XSLT 1.0), whose name says no "xml" but
// which browsers render as one (Chromium shows an XHTML body sent as text/xsl as a page).
// The proxy form gets the same types.
func gwContentType(r *fetch.Result, head []byte, proxy bool) string {
	t := ""
	switch {
	case strings.Contains(r.Type, "/"):
		t = r.Type // an HTTP server's Content-Type
	case r.Scheme == "gopher" && r.Type == "0", r.Scheme == "ftp" && r.Type == "A",
		r.Scheme == "news" || r.Scheme == "nntp", r.Listing:
		t = "text/plain; charset=utf-8"
	case r.Scheme == "gopher" && r.Type == "g":
		t = "image/gif"
	default:
		t = http.DetectContentType(head)
	}
	mt, _, err := mime.ParseMediaType(t)
	if err != nil {
		return "application/octet-stream"
	}
	if mt == "text/html" || strings.Contains(mt, "xml") || strings.Contains(mt, "xsl") || strings.Contains(mt, "script") ||
		strings.Contains(mt, "svg") || strings.HasPrefix(mt, "multipart/") {
		return "text/plain; charset=utf-8"
	}
	return t
}

// gwIsText reports whether an object is shown as a text page: a gopher text item, a news
// article, an FTP ASCII transfer, an HTTP server's text/* (HTML shown as its source), or bytes that http.DetectContentType reads as plain text.
func gwIsText(r *fetch.Result, b []byte) bool {
	switch {
	case r.Scheme == "gopher" && r.Type == "0", r.Scheme == "news" || r.Scheme == "nntp", r.Scheme == "ftp" && r.Type == "A":
		return true
	case strings.HasPrefix(r.Type, "text/"):
		return true // an HTTP server's text, HTML included: shown as its source
	}
	return strings.HasPrefix(http.DetectContentType(b), "text/plain")
}
