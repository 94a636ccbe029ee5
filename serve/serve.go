// Package serve is locator's HTTP gateway (RFC 1738 §4: "a client that speaks only one protocol
// reaches the others through a gateway that is itself named by a URL") and its URL inspector.
//
// A Server is an http.Handler that a Go program can mount. It answers four kinds of request:
//
//   - the path form, GET /gopher://host/1/dir: the object the URL after the first "/" names,
//     fetched with package fetch and shown as an HTML page (menus, directories, group
//     overviews and articles as lists of links through the gateway) or streamed as it is;
//   - the proxy form, the CERN convention of 1994: a client configured with
//     gopher_proxy=http://gateway/ sends "GET gopher://host/… HTTP/1.0", and gets the object
//     itself, as `locator get` would write it;
//   - the inspector, / and /inspect?url=…: a URL read under RFC 1738, RFC 3986 and WHATWG;
//   - /api/inspect?url=…: what the inspector shows, as JSON.
//
// The gateway is not an open proxy: by default it fetches only the schemes of the 1994 system
// that have a client, on their default ports, and refuses loopback, private, link-local and
// multicast addresses on the address actually dialled (fetch.Policy.Strict). The scheme and
// port rules hold for every redirect's target as for the URL asked for
// (fetch.Options.CheckURL).
package serve

import (
	"embed"
	"html/template"
	"io"
	"io/fs"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/internal/display"
)

// DefaultSchemes are the schemes the gateway fetches unless Options.Schemes says otherwise:
// those of RFC 1738 §3 whose objects the gateway can show (file, mailto and telnet name no
// object a gateway may serve; wais and prospero have no client, their page shows the plan).
var DefaultSchemes = []string{"ftp", "gopher", "http", "news", "nntp", "wais", "prospero"}

// Defaults of Options.
const (
	DefaultMaxSize      = 64 << 20         // bytes of one upstream object
	DefaultTimeout      = 30 * time.Second // one upstream access, from dial to last byte
	DefaultMaxUpstream  = 64               // upstream accesses at a time, in all
	DefaultMaxPerClient = 4                // upstream accesses at a time, per client address
)

// Options configure a Server. The zero value is a safe gateway.
type Options struct {
	// Fetch are the options of the gateway's fetch.Client (NNTP server, TLS, transcript…).
	// Its Policy, MaxSize and Timeout are set from the fields below; its CheckURL, when set,
	// is checked after the gateway's own rules.
	Fetch fetch.Options
	// AllowPrivate lets the gateway reach loopback, private, link-local and multicast
	// addresses (for a gateway on a private network, and for tests).
	AllowPrivate bool
	// AllowPorts are the ports in 0–1023 other than the scheme's default the gateway may dial
	// (fetch.Policy.AllowPorts). Ports above 1023 other than the default are refused too
	// unless listed here: a gateway dials only default ports unless told otherwise, for the
	// URL asked for and for each redirect's target.
	AllowPorts []int
	// Schemes the gateway fetches; nil means DefaultSchemes.
	Schemes []string
	// MaxSize limits the bytes of one upstream object; 0 means DefaultMaxSize.
	MaxSize int64
	// Timeout limits one upstream access; 0 means DefaultTimeout.
	Timeout time.Duration
	// MaxUpstream limits upstream accesses at a time in all; 0 means DefaultMaxUpstream.
	MaxUpstream int
	// MaxPerClient limits upstream accesses at a time per client IP; 0 means
	// DefaultMaxPerClient.
	MaxPerClient int
	// AccessLog receives one line per request in the Combined Log Format; nil: no log.
	AccessLog io.Writer
}

// Server is the gateway and inspector, an http.Handler. Create it with New; the zero Server is
// New(Options{}), made on its first request (or Close).
type Server struct {
	once     sync.Once // New's work, for the zero Server
	opts     Options
	client   *fetch.Client
	pages    map[string]*template.Template
	upstream chan struct{}

	mu        sync.Mutex
	perClient map[string]int
	logMu     sync.Mutex
}

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// New returns a Server with the options o.
func New(o Options) *Server {
	s := new(Server)
	s.once.Do(func() { s.init(o) })
	return s
}

// ready makes a zero Server what New(Options{}) returns; nothing for one from New.
func (s *Server) ready() { s.once.Do(func() { s.init(Options{}) }) }

// init sets s up with the options o (New).
func (s *Server) init(o Options) {
	if o.Schemes == nil {
		o.Schemes = DefaultSchemes
	}
	if o.MaxSize <= 0 {
		o.MaxSize = DefaultMaxSize
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxUpstream <= 0 {
		o.MaxUpstream = DefaultMaxUpstream
	}
	if o.MaxPerClient <= 0 {
		o.MaxPerClient = DefaultMaxPerClient
	}
	fo := o.Fetch
	fo.Policy.Strict = !o.AllowPrivate
	fo.Policy.AllowPorts = o.AllowPorts
	fo.MaxSize = o.MaxSize
	if fo.Timeout <= 0 || fo.Timeout > o.Timeout {
		fo.Timeout = o.Timeout
	}
	s.opts = o
	s.pages = parsePages()
	s.upstream = make(chan struct{}, o.MaxUpstream)
	s.perClient = map[string]int{}
	// The gateway's own rules (gwCheck) are checked by fetch on the URL asked for and on each
	// redirect's target, so that an allowed upstream cannot redirect past them.
	fo.CheckURL = s.gwCheck
	if own := o.Fetch.CheckURL; own != nil {
		fo.CheckURL = func(u locator.URL) error {
			if err := s.gwCheck(u); err != nil {
				return err
			}
			return own(u)
		}
	}
	s.client = fetch.NewClient(fo)
}

// Close closes the upstream connections the server keeps for reuse.
func (s *Server) Close() error {
	s.ready()
	return s.client.Close()
}

// parsePages parses templates/layout.html with each other template into a page of its own,
// named by its file name without ".html".
func parsePages() map[string]*template.Template {
	pages := map[string]*template.Template{}
	names, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil {
		panic(err) // the pattern is a constant
	}
	for _, n := range names {
		if n == "templates/layout.html" {
			continue
		}
		t := template.Must(template.New("layout.html").Funcs(funcs).ParseFS(templateFS, "templates/layout.html", n))
		pages[strings.TrimSuffix(strings.TrimPrefix(n, "templates/"), ".html")] = t
	}
	return pages
}

// funcs are the functions the templates may call.
var funcs = template.FuncMap{
	// show is the escaping of every byte shown to a person (internal/display); html/template
	// escapes its result again for HTML.
	"show": display.String,
	// preformatted shows a text item's or an article's lines: each line and each TAB-separated piece
	// through internal/display, the line breaks and TABs kept, so that <pre> lays it out.
	"preformatted": showText,
}

// Page is what every page's template receives.
type Page struct {
	Title    string // the page's title
	Self     string // the page's own URL (through the gateway), shown and copyable
	Original string // the URL the page shows, as the user wrote it or as the gateway read it
	Data     any    // the page's own data
}

// render writes the page named name with status and p.
func (s *Server) render(w http.ResponseWriter, status int, name string, p *Page) {
	t, ok := s.pages[name]
	if !ok {
		http.Error(w, "no page "+name, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_ = t.ExecuteTemplate(w, "layout.html", p)
}

// securityHeaders are set on every response: no script but the server's own, no framing, no
// content sniffing, no referrer sent upstream.
func securityHeaders(h http.Header) {
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "+
		"connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
}

// ServeHTTP answers one request: the proxy form when the request line holds an absolute URL,
// the inspector at / and /inspect, its JSON at /api/inspect, the static files at /static/, and
// the path form (/scheme:…) otherwise.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.ready()
	lw := &logWriter{ResponseWriter: w, status: http.StatusOK}
	start := time.Now()
	defer s.logRequest(r, lw, start)
	securityHeaders(lw.Header())
	if r.Method != http.MethodGet && r.Method != http.MethodHead && r.Method != http.MethodPost {
		lw.Header().Set("Allow", "GET, HEAD, POST")
		http.Error(lw, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	// RFC 7230 §5.3.2: a request to a proxy names the absolute URL in its request line.
	if !strings.HasPrefix(r.RequestURI, "/") && r.RequestURI != "*" {
		s.serveProxy(lw, r)
		return
	}
	switch p := r.URL.Path; {
	case p == "/" || p == "/inspect":
		s.serveInspect(lw, r)
	case p == "/api/inspect":
		s.serveInspectJSON(lw, r)
	case strings.HasPrefix(p, "/static/"):
		http.StripPrefix("/", http.FileServerFS(staticFS)).ServeHTTP(lw, r)
	default:
		s.serveGateway(lw, r)
	}
}

// schemeAllowed reports whether the gateway fetches URLs of scheme name.
func (s *Server) schemeAllowed(name string) bool {
	for _, x := range s.opts.Schemes {
		if strings.EqualFold(x, name) {
			return true
		}
	}
	return false
}

// acquire takes an upstream slot for r's client: one of MaxUpstream in all and one of
// MaxPerClient for its address. It returns the function that gives them back, or false when
// the limits are reached (the caller answers 503 Service Unavailable).
func (s *Server) acquire(r *http.Request) (func(), bool) {
	host := clientHost(r)
	s.mu.Lock()
	if s.perClient[host] >= s.opts.MaxPerClient {
		s.mu.Unlock()
		return nil, false
	}
	s.perClient[host]++
	s.mu.Unlock()
	release := func() {
		s.mu.Lock()
		if s.perClient[host]--; s.perClient[host] <= 0 {
			delete(s.perClient, host)
		}
		s.mu.Unlock()
	}
	select {
	case s.upstream <- struct{}{}:
		return func() { <-s.upstream; release() }, true
	default:
		release()
		return nil, false
	}
}

// clientHost is the IP address of r's client.
func clientHost(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// logWriter records the status and size of a response for the access log.
type logWriter struct {
	http.ResponseWriter
	status  int
	size    int64
	written bool
}

// WriteHeader records the status.
func (l *logWriter) WriteHeader(code int) {
	if !l.written {
		l.status, l.written = code, true
	}
	l.ResponseWriter.WriteHeader(code)
}

// Write counts the bytes of the body.
func (l *logWriter) Write(p []byte) (int, error) {
	l.written = true
	n, err := l.ResponseWriter.Write(p)
	l.size += int64(n)
	return n, err
}

// Flush sends what is buffered, for streamed objects.
func (l *logWriter) Flush() {
	if f, ok := l.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// logRequest writes r's line of the access log: the Combined Log Format of Apache httpd
// (host ident user [time] "request" status bytes "referer" "user-agent"), every field from the
// client shown through internal/display, with '"' written as \" and '\' as \\ (as httpd's
// mod_log_config escapes them), so that no field can end its quotes early.
func (s *Server) logRequest(r *http.Request, l *logWriter, start time.Time) {
	if s.opts.AccessLog == nil {
		return
	}
	field := func(v string) string {
		if v == "" {
			return "-"
		}
		q := display.AppendQuoted(nil, clip(v)) // `"` and `\` escaped, the rest as display shows it
		return string(q[1 : len(q)-1])
	}
	size := "-"
	if l.size > 0 {
		size = strconv.FormatInt(l.size, 10)
	}
	line := clientHost(r) + " - - [" + start.Format("02/Jan/2006:15:04:05 -0700") + "] \"" +
		field(r.Method+" "+r.RequestURI+" "+r.Proto) + "\" " + strconv.Itoa(l.status) + " " + size +
		" \"" + field(r.Referer()) + "\" \"" + field(r.UserAgent()) + "\"\n"
	s.logMu.Lock()
	_, _ = io.WriteString(s.opts.AccessLog, line)
	s.logMu.Unlock()
}

// clip bounds a field of the access log to 2,000 bytes.
func clip(v string) string {
	const max = 2000
	if len(v) > max {
		return v[:max] + "…"
	}
	return v
}
