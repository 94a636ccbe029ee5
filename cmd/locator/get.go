package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/records"
	"github.com/locator-url/locator/pct"
	"github.com/locator-url/locator/scheme"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// The exit statuses of get and send, one per kind of failure (fetch.Kind). They are stable:
// scripts test them. 1 (an invalid URL, a local I/O error) and 2 (usage) are every command's.
const (
	exitConnect  = 3 // fetch.KindConnect: no connection (name lookup, TCP, TLS, a timeout)
	exitRefused  = 4 // fetch.KindRefused: the server refused (login, not found, an HTTP 4xx/5xx)
	exitProtocol = 5 // fetch.KindProtocol: the server broke its protocol
	exitSafety   = 6 // fetch.KindSafety: locator's safety rules refused (RFC 1738 §6, limits)
	exitNoClient = 7 // fetch.KindNoClient: no client for the scheme (wais, prospero, a remote file host)
)

// exitFor returns the exit status of a failure of kind k (0 for no failure).
func exitFor(k fetch.Kind) int {
	switch k {
	case 0:
		return exitOK
	case fetch.KindConnect:
		return exitConnect
	case fetch.KindRefused:
		return exitRefused
	case fetch.KindProtocol:
		return exitProtocol
	case fetch.KindSafety:
		return exitSafety
	case fetch.KindNoClient:
		return exitNoClient
	}
	return exitInvalid // KindInvalid, KindLocal
}

// fetchExitHelp is the exit status text of get and send.
const fetchExitHelp = `Exit status (with several URLs, the status of the first URL that failed, in input
order; the others are reported all the same):
  0  every URL was fetched
  1  an invalid URL (or one whose plan refuses it), or a local failure: reading
     or writing a file, standard output, an interruption
  2  usage error: unknown flag, a bad flag value (a news server, --nntp-server or
     $NNTPSERVER, that is not HOST[:PORT]; a --query or --view with a TAB, CR, LF
     or NUL), no URL
  3  cannot connect: name lookup, TCP, TLS, a timeout before the greeting
  4  refused by the server: a login, a missing file, group or article (an FTP or
     NNTP 4xx or 5xx reply the plan does not expect, an HTTP status of 400 or
     more, a gopher error item); for file URLs, a missing or unreadable local file
  5  protocol error: a malformed or overlong reply, a 2xx or 3xx FTP or NNTP reply
     the plan does not expect, a connection closed in the middle of a reply or a
     transfer
  6  refused by locator's safety rules: a decoded CR, LF or NUL that would land in
     a protocol line (RFC 1738 §6), a well-known port of another service
     (--allow-port), a size, time or redirect limit (--max-size, --timeout,
     --max-redirects), a file URL naming a FIFO, device or socket (RFC 8089 §5)
  7  no client for the scheme: wais, prospero (no server exists to test against;
     the plan is shown), a file URL on another host (RFC 1738 §3.10 names no
     protocol for it), a scheme locator does not fetch`

const getLong = `Get performs the access each URL stands for (RFC 1738 §3) and writes the object to
standard output: the file, the gopher item, the article, the HTTP body. The lines sent
are those of "locator plan URL", in order (--transcript shows them). A listing (an FTP
directory, a gopher menu, a news group, a local directory) is written one entry a
line, "URL<TAB>type<TAB>name", each entry with its own URL, so that a listing can be
walked with locator alone; --raw writes it as the server sent it.

A file URL (RFC 1738 §3.10) reads the local file or directory when its host is empty,
"localhost" or this machine's name; any other host is exit status 7. An escape of a
separator in the path ("%2F") is data in a name no local name can hold, and decoded
it would name another file: it is refused, as "locator to-path" refuses it (exit
status 1, RFC 8089 §5). A symbolic link is followed; what it names must be a regular
file or a directory: a FIFO, a device or a socket, whose open or read may wait
forever or have effects, is refused before it is opened (exit status 6, RFC 8089 §5).

Output:
  -o FILE   write the object to FILE: to a temporary file in FILE's directory,
            renamed to FILE only when the transfer is complete, so that a failure
            leaves FILE as it was (a FILE that is not a regular file, /dev/null
            or a pipe, is written directly; "-o -" is standard output). With
            several URLs or "-", -o is refused: use -O.
  -O        write each object to a file in the current directory named after the
            last segment of its URL's path, decoded (";type=" of an ftp URL
            left out), as curl -O does; a name that is empty, "." or "..", or
            holds "/" or NUL is refused for that URL (exit status 1).
  --continue
            with -o or -O: resume the transfer at the size FILE has (FTP REST,
            RFC 3659 §5; HTTP Range) and append to FILE; a failure cuts FILE back
            to its size before. With several URLs, --continue fetches one at a time.
  --json    write one JSON object a line for each URL instead of the object:
            {"input", "url", "scheme", "size", "total", "type", "listing",
            "entries", "attributes", "form", "dialog", "via", "file", "error":
            {"kind", "code", "rule", "message", "reply", "status"}}; size is the
            bytes received, total the size the server announced (-1: none), file
            the file written (-o, -O). The object itself goes to -o or -O when
            given and is not written otherwise; a listing is in "entries" only.
  --transcript
            show the dialog on standard error as curl -v does: "> " before each
            line sent, "< " before each line received, "* " before locator's own
            remarks, every byte escaped. With --jobs N > 1 the lines of
            concurrent URLs interleave (each line whole); use --jobs 1.

On a terminal (standard error), a transfer of known size shows a progress bar,
one of unknown size a spinner; nothing is shown when standard error is not a
terminal, with --transcript, or when the object goes to a terminal on standard
output.

"-" reads URLs from standard input, one a line, and fetches --jobs of them at once
(default 4), at most --per-host connections to one host (default 2; 1 to 256, the
bound of --jobs: each URL fetched holds one, so more than --jobs limits nothing);
the objects, JSON lines and errors are written in input order (objects of later
URLs wait in memory, or in a temporary file past 1 MiB). Several URL arguments are
fetched the same way.

FTP (RFC 1738 §3.2): a URL without a user logs in as "anonymous" with the password
--email ADDR, else $LOCATOR_EMAIL, else "anonymous@" (as plan does); --no-type-guess
and --active (EPRT, then PORT, instead of EPSV, then PASV). Gopher: --query for a
type 7 item without a search, --view for a Gopher+ view, --form NAME=VALUE (repeat
it) for an ASK form (on a terminal, the other questions are asked). News:
--nntp-server HOST[:PORT], else $NNTPSERVER. mid: and cid: are looked up in
--mailbox. telnet: on a terminal, an interactive session; otherwise what the server
sends for --read-banner. Gateways (RFC 1738 §4): --proxy SCHEME=URL (repeat it;
an HTTP GET of the whole URL to the gateway, the CERN convention) and --no-proxy
HOSTS, as lynx reads http_proxy, ftp_proxy, gopher_proxy, ... and no_proxy.

Errors go to standard error, one line a URL: "locator: "URL": MESSAGE [CODE, RULE]",
every byte escaped; a scheme without a client shows its plan after the line.

` + fetchExitHelp

const getExample = `  $ locator get file:///etc/hostname
  $ locator get -o motd ftp://ftp.example.org/pub/motd
  $ locator get -O --continue ftp://ftp.example.org/pub/big.iso
  $ locator get --transcript 'gopher://gopher.example.org/0/about.txt'
  $ locator get --json 'ftp://ftp.example.org/pub/'
  $ locator get --jobs 8 -O - < urls.txt
  $ locator get --nntp-server news.example.org 'news:comp.infosystems.www'`

// getOptions are get's flags.
type getOptions struct {
	output     string
	remoteName bool
	cont       bool
	json       bool
	transcript bool
	jobs       int
	perHost    int
	email      string
	noGuess    bool
	active     bool
	raw        bool
	query      string
	view       string
	form       []string
	nntp       string
	smtp       string
	mailbox    string
	readBanner time.Duration
	maxSize    int64
	timeout    time.Duration
	redirects  int
	allowPorts []int
	proxies    []string
	noProxy    string
}

// smtpEnv is the environment variable of the SMTP server when --smtp-server is not given.
const smtpEnv = "SMTPSERVER"

// nntpEnv is the newsreaders' variable of the NNTP server (--nntp-server).
const nntpEnv = "NNTPSERVER"

func newGetCmd() *cobra.Command {
	g := &getOptions{}
	cmd := &cobra.Command{
		Use:     "get [-o FILE | -O] [--continue] [--json] [--transcript] [flags] URL... | -",
		Short:   "Fetch what URLs name: ftp, gopher, news, nntp, http, file, telnet, mid, cid",
		Long:    getLong,
		Example: getExample,
		Args:    urlArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runGet(cmd, g, args)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&g.output, "output-file", "o", "", "write the object to `FILE`, atomically (one URL only)")
	f.BoolVarP(&g.remoteName, "remote-name", "O", false, "write each object to a file named after the last segment of its URL's path")
	f.BoolVar(&g.cont, "continue", false, "with -o or -O: resume at the size the file has, and append")
	f.BoolVar(&g.json, "json", false, "write one JSON object a line for each URL (the object itself only to -o or -O)")
	f.BoolVar(&g.transcript, "transcript", false, "show the dialog on standard error, as curl -v does")
	g.jobs = 4
	f.Var((*jobsValue)(&g.jobs), "jobs", "fetch `N` URLs at once, 1 to 256 (several URLs or -)")
	g.perHost = fetch.DefaultPerHost
	f.Var((*perHostValue)(&g.perHost), "per-host", "at most `N` connections at once to one host, 1 to 256 (above --jobs, no effect)")
	addFetchFlags(cmd, g)
	f.StringVar(&g.email, "email", "",
		"send `ADDR` as the anonymous FTP password, the end user's e-mail address (RFC 1738 §3.2.1) (default $"+emailEnv+", else \"anonymous@\")")
	f.BoolVar(&g.noGuess, "no-type-guess", false, "send TYPE I for an ftp name without ;type=, whatever its suffix (RFC 1738 §3.2.3)")
	f.BoolVar(&g.active, "active", false, "active FTP (EPRT, then PORT) instead of passive (EPSV, then PASV)")
	f.BoolVar(&g.raw, "raw", false, "write listings as the server sent them, not one entry a line")
	f.StringVar(&g.query, "query", "", "the search `TEXT` of a gopher type 7 item whose URL has none")
	f.StringVar(&g.view, "view", "", "the Gopher+ `VIEW` to retrieve (\"text/plain\", \"application/pdf En_US\")")
	f.StringArrayVar(&g.form, "form", nil, "answer a Gopher+ ASK form: `NAME=VALUE` (repeat it)")
	f.StringVar(&g.nntp, "nntp-server", "", "the NNTP server of news: URLs, `HOST[:PORT]` (default $"+nntpEnv+")")
	f.StringVar(&g.mailbox, "mailbox", "", "the mbox file or Maildir `PATH` that mid: and cid: URLs are looked up in")
	f.DurationVar(&g.readBanner, "read-banner", 0, "telnet without a terminal: read what the server sends for `DURATION` (default: the client's)")
	f.IntVar(&g.redirects, "max-redirects", fetch.DefaultMaxRedirects, "follow at most `N` HTTP redirects (0: none)")
	f.StringArrayVar(&g.proxies, "proxy", nil, "fetch URLs of SCHEME through the gateway `SCHEME=URL` (RFC 1738 §4; repeat it)")
	f.StringVar(&g.noProxy, "no-proxy", "", "reach these `HOSTS` directly, comma-separated, as no_proxy (\"*\": every host)")
	return cmd
}

// addFetchFlags adds the flags get and send share: the SMTP server, the limits and the
// allowed ports.
func addFetchFlags(cmd *cobra.Command, g *getOptions) {
	f := cmd.Flags()
	f.StringVar(&g.smtp, "smtp-server", "", "submit mailto: messages to `HOST[:PORT]` (default $"+smtpEnv+")")
	g.maxSize = fetch.DefaultMaxSize
	f.Var((*sizeValue)(&g.maxSize), "max-size", "refuse an object larger than `BYTES` (a suffix K, M or G: KiB, MiB, GiB)")
	f.DurationVar(&g.timeout, "timeout", fetch.DefaultTimeout, "fail a connection that sends or receives nothing for `DURATION`")
	f.IntSliceVar(&g.allowPorts, "allow-port", nil, "allow the well-known `PORT` of another service (RFC 1738 §6; repeat it)")
}

// sizeValue is the value of --max-size: bytes, with an optional K, M or G (binary) suffix.
type sizeValue int64

func (s *sizeValue) String() string { return strconv.FormatInt(int64(*s), 10) }
func (s *sizeValue) Type() string   { return "BYTES" }

// Set reads BYTES; the error is the whole message cobra shows after the flag's name.
func (s *sizeValue) Set(v string) error {
	mult := int64(1)
	num := v
	if n := len(v); n > 0 {
		switch v[n-1] {
		case 'k', 'K':
			mult, num = 1<<10, v[:n-1]
		case 'm', 'M':
			mult, num = 1<<20, v[:n-1]
		case 'g', 'G':
			mult, num = 1<<30, v[:n-1]
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 1 || n > (1<<62)/mult {
		return errors.New("want a size in bytes, 1 or more, with an optional K, M or G")
	}
	*s = sizeValue(n * mult)
	return nil
}

// clientOptions returns the fetch.Options of get's flags, or a usage error.
func (g *getOptions) clientOptions(cmd *cobra.Command) (fetch.Options, error) {
	var o fetch.Options
	f := cmd.Flags()
	if f.Lookup("email") != nil {
		ftp, err := ftpPlanOptions(g.email, f.Changed("email"), os.Getenv(emailEnv), g.noGuess)
		if err != nil {
			return o, err
		}
		o.Mail, o.MailSource, o.NoTypeGuess = ftp.Mail, ftp.MailSource, ftp.NoTypeGuess
	}
	o.Active, o.Raw, o.Query, o.View, o.Mailbox = g.active, g.raw, g.query, g.view, g.mailbox
	for _, a := range g.form {
		if name, _, ok := strings.Cut(a, "="); !ok || name == "" {
			return o, usageErrorf("--form %s: want NAME=VALUE", display.Quote(a))
		}
	}
	o.Form = g.form
	if err := checkGopherOptions(g.query, g.view); err != nil {
		return o, err
	}
	o.NNTPServer = g.nntp
	source := "--nntp-server"
	if o.NNTPServer == "" {
		o.NNTPServer, source = os.Getenv(nntpEnv), nntpEnv
	}
	if err := checkNewsServer(o.NNTPServer, source); err != nil {
		return o, err
	}
	o.SMTPServer = g.smtp
	if o.SMTPServer == "" {
		o.SMTPServer = os.Getenv(smtpEnv)
	}
	if g.readBanner < 0 {
		return o, usageErrorf("--read-banner %s: want a duration of 0 or more", g.readBanner)
	}
	o.ReadBanner = g.readBanner
	o.MaxSize = g.maxSize
	if g.timeout <= 0 {
		return o, usageErrorf("--timeout %s: want a duration of more than 0", g.timeout)
	}
	o.Timeout = g.timeout
	switch {
	case g.redirects < 0:
		return o, usageErrorf("--max-redirects %d: want 0 or more", g.redirects)
	case g.redirects == 0:
		o.MaxRedirects = -1 // fetch.Options: -1 follows none
	default:
		o.MaxRedirects = g.redirects
	}
	o.PerHost = g.perHost
	for _, p := range g.allowPorts {
		if p < 0 || p > 65535 {
			return o, usageErrorf("--allow-port %d: want a port, 0 to 65535", p)
		}
	}
	o.Policy.AllowPorts = g.allowPorts
	proxies, noProxy, err := gateways(g.proxies, g.noProxy, cmd.Flags().Changed("no-proxy"))
	if err != nil {
		return o, err
	}
	o.Proxies, o.NoProxy = proxies, noProxy
	return o, nil
}

// gateways returns the gateways of get and plan (RFC 1738 §4): the environment's
// (environmentProxies), then each --proxy SCHEME=URL over them; --no-proxy, when given
// (noProxySet), over no_proxy. A --proxy that is not SCHEME=URL with a URL is a usage error.
func gateways(flags []string, noProxyFlag string, noProxySet bool) (map[string]string, string, error) {
	proxies, noProxy := environmentProxies()
	for _, p := range flags {
		name, via, ok := strings.Cut(p, "=")
		if !ok || name == "" || via == "" {
			return nil, "", usageErrorf("--proxy %s: want SCHEME=URL", display.Quote(p))
		}
		if _, err := locator.Parse(via); err != nil {
			return nil, "", usageErrorf("--proxy %s: the gateway is not a URL: %s", display.Quote(p), display.String(err.Error()))
		}
		if proxies == nil {
			proxies = map[string]string{}
		}
		proxies[strings.ToLower(name)] = via
	}
	if noProxySet {
		noProxy = noProxyFlag
	}
	return proxies, noProxy, nil
}

// environmentProxies returns the gateways of the environment (http_proxy, ftp_proxy,
// gopher_proxy, news_proxy, wais_proxy, no_proxy: RFC 1738 §4, as libwww and lynx read them):
// fetch.ProxiesFromEnvironment.
func environmentProxies() (map[string]string, string) {
	return fetch.ProxiesFromEnvironment()
}

// interact runs an interactive telnet session (RFC 1738 §3.8, RFC 854) on a terminal: the
// terminal in raw mode, the characters typed sent as they are typed, Ctrl-] (the escape
// character of telnet clients) ending the session; fetch.Interact does the rest. A variable,
// so that tests can stand in for the terminal.
var interact = func(ctx context.Context, rawURL string, in io.Reader, out io.Writer, o fetch.Options) (*fetch.Result, error) {
	if f, ok := in.(*os.File); ok {
		if old, err := term.MakeRaw(int(f.Fd())); err == nil {
			defer term.Restore(int(f.Fd()), old)
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	_, _ = io.WriteString(out, "* the escape character is Ctrl-]: it ends the session\r\n")
	return fetch.Interact(ctx, rawURL, escapeReader{r: in, cancel: cancel}, out, o)
}

// escapeReader reads from r until the byte Ctrl-] (0x1D), which ends the input and cancels
// the session.
type escapeReader struct {
	r      io.Reader
	cancel context.CancelFunc
}

func (e escapeReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if i := bytes.IndexByte(p[:n], 0x1d); i >= 0 {
		e.cancel()
		return i, io.EOF
	}
	return n, err
}

// getRun is one run of get.
type getRun struct {
	g      *getOptions
	opts   fetch.Options
	client *fetch.Client
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	single bool // one URL argument: a terminal session and the prompt are possible
}

// getOutcome is what one URL gave.
type getOutcome struct {
	url  string
	res  *fetch.Result
	err  error
	file string // the file written (-o, -O)
}

func runGet(cmd *cobra.Command, g *getOptions, args []string) error {
	switch {
	case g.output != "" && g.remoteName:
		return usageErrorf("get: -o and -O exclude each other")
	case g.output != "" && g.output != "-" && (len(args) > 1 || isStdin(args)):
		return usageErrorf("get: -o FILE takes one URL; with several URLs or -, use -O")
	case g.cont && (g.output == "" || g.output == "-") && !g.remoteName:
		return usageErrorf("get: --continue resumes a file: give -o FILE or -O")
	}
	o, err := g.clientOptions(cmd)
	if err != nil {
		return err
	}
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	run := &getRun{g: g, stdin: cmd.InOrStdin(), stdout: stdout, stderr: stderr, single: len(args) == 1 && !isStdin(args)}
	if g.transcript {
		o.Transcript = &lineWriter{w: stderr}
	}
	jobs := g.jobs
	if run.single || g.cont {
		jobs = 1
	}
	toStdout := !g.json && (g.output == "" || g.output == "-") && !g.remoteName
	var prog *transferProgress
	if !g.transcript && isTerminal(stderr) && !(toStdout && isTerminal(rawWriter(stdout))) {
		prog = newTransferProgress(stderr, jobs > 1)
		o.Progress = prog
		defer prog.finish()
	}
	if run.single && isTerminalIn(run.stdin) {
		o.Prompt = terminalPrompt(run.stdin, stderr)
	}
	// Several URLs: keep one FTP control connection per host and login for the next URL of
	// the same server (batch mode; the plans of the kept connection say so).
	o.Batch = !run.single
	run.opts = o
	run.client = fetch.NewClient(o)
	defer run.client.Close()

	ctx := cmd.Context()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	status := exitOK
	var werr error
	emit := func(out *getOutcome, body *spool) {
		if werr == nil {
			if err := run.emit(out, body); err != nil {
				werr = err
				cancel()
			}
		}
		if status == exitOK && out.err != nil {
			status = exitFor(fetch.KindOf(out.err))
		}
	}
	// stream.go: an interrupt stops a read of "-" that waits for input; the command then
	// says it was interrupted (below), not that the read failed.
	urls := urlSource(args, interruptible(ctx, run.stdin))
	if jobs <= 1 {
		for {
			u, ok, err := urls()
			if err != nil {
				if ctx.Err() == nil {
					werr = errors.Join(werr, err)
				}
				break
			}
			if !ok || ctx.Err() != nil {
				break
			}
			var w io.Writer = stdout
			if !toStdout {
				w = io.Discard
			}
			out := run.fetchOne(ctx, u, w)
			emit(&out, nil)
		}
	} else {
		run.parallel(ctx, urls, jobs, toStdout, emit, &werr)
	}
	if werr != nil {
		return ioError(werr)
	}
	if err := cmd.Context().Err(); err != nil && status == exitOK {
		return ioError(errors.New("interrupted: not every URL was fetched"))
	}
	if status != exitOK {
		return &exitError{code: status}
	}
	return nil
}

// parallel fetches the URLs of next on jobs goroutines and emits the outcomes in input
// order; at most 2×jobs URLs are in flight, so memory stays bounded whatever the input.
func (run *getRun) parallel(ctx context.Context, next func() (string, bool, error), jobs int, toStdout bool, emit func(*getOutcome, *spool), werr *error) {
	type item struct {
		url  string
		out  getOutcome
		body *spool
		done chan struct{}
	}
	order := make(chan *item, 2*jobs)
	work := make(chan *item, 2*jobs)
	var readErr error
	go func() {
		defer close(work)
		defer close(order)
		for ctx.Err() == nil {
			u, ok, err := next()
			if err != nil {
				readErr = err
				return
			}
			if !ok {
				return
			}
			it := &item{url: u, done: make(chan struct{})}
			if toStdout {
				it.body = &spool{}
			}
			order <- it
			work <- it
		}
	}()
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range work {
				var w io.Writer = io.Discard
				if it.body != nil {
					w = it.body
				}
				it.out = run.fetchOne(ctx, it.url, w)
				close(it.done)
			}
		}()
	}
	for it := range order {
		<-it.done
		emit(&it.out, it.body)
		it.body.close()
	}
	wg.Wait()
	if readErr != nil && ctx.Err() == nil { // an interrupt: run says so
		*werr = errors.Join(*werr, readErr)
	}
}

// urlSource returns the URLs of args one at a time, or those of in, one a line, for "-".
func urlSource(args []string, in io.Reader) func() (string, bool, error) {
	if !isStdin(args) {
		i := 0
		return func() (string, bool, error) {
			if i == len(args) {
				return "", false, nil
			}
			i++
			return args[i-1], true, nil
		}
	}
	lr := newLineReader(in)
	return func() (string, bool, error) {
		line, ok := lr.next()
		if !ok {
			if err := lr.Err(); err != nil {
				return "", false, errors.New("reading standard input: " + err.Error())
			}
			return "", false, nil
		}
		return string(line), true, nil
	}
}

// fetchOne fetches rawURL into w, or into the file of -o or -O.
func (run *getRun) fetchOne(ctx context.Context, rawURL string, w io.Writer) getOutcome {
	g := run.g
	out := getOutcome{url: rawURL}
	name := ""
	switch {
	case g.output != "" && g.output != "-":
		name = g.output
	case g.remoteName:
		n, err := remoteName(rawURL)
		if err != nil {
			out.res, out.err = &fetch.Result{URL: rawURL, Total: -1}, err
			return out
		}
		name = n
	}
	client := run.client
	var af *atomicFile
	if name != "" {
		var err error
		af, err = openAtomic(name, g.cont)
		if err != nil {
			out.res = &fetch.Result{URL: rawURL, Total: -1}
			out.err = &fetch.Error{URL: rawURL, Kind: fetch.KindLocal, Code: "output",
				Message: "cannot write " + display.Quote(name), Err: unwrapPath(err)}
			return out
		}
		w = af
		if g.cont {
			o := run.opts
			o.Offset = af.offset
			client = fetch.NewClient(o)
			defer client.Close()
		}
	}
	if interact != nil && run.single && name == "" && isTelnet(rawURL) && isTerminalIn(run.stdin) && isTerminal(rawWriter(run.stdout)) {
		out.res, out.err = interact(ctx, rawURL, run.stdin, run.stdout, run.opts)
	} else {
		out.res, out.err = client.Get(ctx, rawURL, w)
	}
	if af != nil {
		switch {
		case out.err != nil || (g.json && out.res != nil && out.res.Listing):
			af.abort()
		default:
			if err := af.commit(); err != nil {
				out.err = &fetch.Error{URL: rawURL, Kind: fetch.KindLocal, Code: "output",
					Message: "cannot write " + display.Quote(name), Err: unwrapPath(err)}
			} else {
				out.file = name
			}
		}
	}
	if out.res == nil {
		out.res = &fetch.Result{URL: rawURL, Total: -1}
	}
	return out
}

// isTelnet reports whether rawURL is a telnet URL.
func isTelnet(rawURL string) bool {
	return strings.EqualFold(schemeOf(rawURL), "telnet")
}

// emit writes what one URL gave, in input order: its object (held in body when fetched in
// parallel), its JSON line, its error line on standard error (and, for a scheme without a
// client, its plan). A write to standard output that fails is returned.
func (run *getRun) emit(out *getOutcome, body *spool) error {
	if body != nil {
		if err := body.copyTo(run.stdout); err != nil {
			return err
		}
	}
	if run.g.json {
		if _, err := run.stdout.Write(appendGetJSON(nil, out)); err != nil {
			return err
		}
	}
	if out.err != nil {
		run.stderr.Write(appendGetError(nil, out))
	}
	return nil
}

// appendGetError appends the error line of out, and for a scheme locator has no client for,
// the plan of the URL (what the access would be: RFC 1738 §3).
func appendGetError(b []byte, out *getOutcome) []byte {
	b = append(b, prefix...)
	b = display.Append(b, out.err.Error())
	b = append(b, '\n')
	if fetch.KindOf(out.err) == fetch.KindNoClient {
		if pr := planOf(out.url, locator.RFC1738, scheme.GopherPlanOptions{}, scheme.FTPPlanOptions{}); pr.err == nil {
			b = appendPlanHuman(b, out.url, &pr)
		}
	}
	return b
}

// getJSON is the JSON line of get --json.
type getJSON struct {
	Input       string `json:"input"`
	InputBase64 string `json:"input_base64,omitempty"`
	fetch.Result
	File  string        `json:"file,omitempty"`
	Error *getErrorJSON `json:"error,omitempty"`
}

// getErrorJSON is the "error" of get --json: the fields of a *fetch.Error and the exit
// status of its kind.
type getErrorJSON struct {
	Kind    string `json:"kind"`
	Code    string `json:"code,omitempty"`
	Rule    string `json:"rule,omitempty"`
	Message string `json:"message"`
	Reply   string `json:"reply,omitempty"`
	Status  int    `json:"status"`
}

// appendGetJSON appends the JSON line of out.
func appendGetJSON(b []byte, out *getOutcome) []byte {
	j := getJSON{Input: out.url, InputBase64: records.InputBase64(out.url), Result: *out.res, File: out.file}
	if out.err != nil {
		k := fetch.KindOf(out.err)
		e := &getErrorJSON{Kind: k.String(), Message: out.err.Error(), Status: exitFor(k)}
		var fe *fetch.Error
		if errors.As(out.err, &fe) {
			e.Code, e.Rule, e.Reply = fe.Code, fe.Rule, fe.Reply
			e.Message = fe.Message
			if es := fe.Err; es != nil && !strings.Contains(fe.Message, es.Error()) && (fe.Message == "" || !strings.Contains(es.Error(), fe.Message)) {
				e.Message += ": " + fe.Err.Error()
			}
		}
		j.Error = e
	}
	b2, err := appendJSONValue(b, &j)
	if err != nil {
		return append(b, "{}\n"...)
	}
	return append(b2, '\n')
}

// remoteName returns the file name -O gives the object of rawURL: the last segment of its
// path, decoded, without an ftp URL's ";type=" (RFC 1738 §3.2.2). A name that is empty, "."
// or "..", or holds "/" or NUL, would write elsewhere than a file of the current directory:
// it is refused.
func remoteName(rawURL string) (string, error) {
	u, err := locator.ParseAs(rawURL, locator.RFC1738)
	if err != nil {
		return "", &fetch.Error{URL: rawURL, Kind: fetch.KindInvalid, Code: "invalid", Rule: "RFC 1738 §5", Message: "not a URL", Err: err}
	}
	p := u.Path()
	seg := p[strings.LastIndexByte(p, '/')+1:]
	if strings.EqualFold(u.Scheme(), "ftp") {
		if i := strings.IndexByte(seg, ';'); i >= 0 {
			seg = seg[:i]
		}
	}
	name, err := pct.Decode(seg)
	if err != nil {
		name = ""
	}
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, "/\x00") {
		return "", &fetch.Error{URL: rawURL, Kind: fetch.KindInvalid, Code: "remote-name", Rule: "locator get -O",
			Message: "the last segment of the path, " + display.Quote(name) + ", is not a file name of the current directory (use -o FILE)"}
	}
	return name, nil
}

// atomicFile is the output file of -o and -O: a temporary file in the same directory,
// renamed to the name when complete (so that a failure leaves the file as it was); with
// --continue, the file itself, opened to append, cut back to its size on a failure. A file
// that exists and is not a regular file (/dev/null, a pipe) is written directly.
type atomicFile struct {
	f      *os.File
	name   string
	tmp    string // "" when f is the file itself
	offset int64  // --continue: the size the file had
	keep   bool   // not a regular file: nothing to cut or remove
}

// openAtomic opens the output file name; cont resumes it (--continue).
func openAtomic(name string, cont bool) (*atomicFile, error) {
	if fi, err := os.Stat(name); err == nil && !fi.Mode().IsRegular() {
		if fi.IsDir() {
			return nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("is a directory")}
		}
		f, err := os.OpenFile(name, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		return &atomicFile{f: f, name: name, keep: true}, nil
	}
	if cont {
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
		if err != nil {
			return nil, err
		}
		fi, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, err
		}
		return &atomicFile{f: f, name: name, offset: fi.Size()}, nil
	}
	dir, base := filepath.Split(name)
	for range 10 {
		tmp := filepath.Join(dir, "."+base+".locator-"+rand.Text()[:10])
		f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return &atomicFile{f: f, name: name, tmp: tmp}, nil
	}
	return nil, errors.New("no free temporary name in the directory of " + name)
}

func (a *atomicFile) Write(p []byte) (int, error) { return a.f.Write(p) }

// commit ends a complete transfer: the temporary file becomes the file.
func (a *atomicFile) commit() error {
	err := a.f.Close()
	if a.tmp == "" {
		return err
	}
	if err == nil {
		err = os.Rename(a.tmp, a.name)
	}
	if err != nil {
		os.Remove(a.tmp)
	}
	return err
}

// abort ends a failed transfer: the temporary file is removed, or a resumed file cut back
// to its size before.
func (a *atomicFile) abort() {
	switch {
	case a.keep:
	case a.tmp == "":
		_ = a.f.Truncate(a.offset)
	default:
		defer os.Remove(a.tmp)
	}
	_ = a.f.Close()
}

// unwrapPath returns the reason of a *fs.PathError (its path is in the message already,
// bounded), or err.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// spoolMemory is how much of an object fetched in parallel waits in memory for its turn;
// the rest waits in a temporary file.
const spoolMemory = 1 << 20

// spool holds an object fetched in parallel until the objects before it are written.
type spool struct {
	mem []byte
	f   *os.File
}

func (s *spool) Write(p []byte) (int, error) {
	if s.f == nil && len(s.mem)+len(p) <= spoolMemory {
		s.mem = append(s.mem, p...)
		return len(p), nil
	}
	if s.f == nil {
		f, err := os.CreateTemp("", "locator-get-*")
		if err != nil {
			return 0, err
		}
		os.Remove(f.Name()) // unix: the file lives as long as it is open
		s.f = f
		if _, err := f.Write(s.mem); err != nil {
			return 0, err
		}
		s.mem = nil
	}
	return s.f.Write(p)
}

// copyTo writes what the spool holds to w.
func (s *spool) copyTo(w io.Writer) error {
	if s.f == nil {
		if len(s.mem) == 0 {
			return nil
		}
		_, err := w.Write(s.mem)
		return err
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err := io.Copy(w, s.f)
	return err
}

// close frees the spool.
func (s *spool) close() {
	if s == nil {
		return
	}
	s.mem = nil
	if s.f != nil {
		name := s.f.Name()
		s.f.Close()
		os.Remove(name)
		s.f = nil
	}
}

// lineWriter serializes the writes of several goroutines (the transcript of --jobs): each
// Write, one whole line of the dialog, is written at once.
type lineWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lineWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// isTerminalIn reports whether r is a terminal (golang.org/x/term).
func isTerminalIn(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// rawWriter returns the writer under run's outWriter, for isTerminal.
func rawWriter(w io.Writer) io.Writer {
	if o, ok := w.(*outWriter); ok {
		return o.w
	}
	return w
}

// terminalPrompt returns the Prompt of fetch.Options on a terminal: the question on errw,
// the answer one line of in (at most fetch.MaxLine bytes).
func terminalPrompt(in io.Reader, errw io.Writer) func(string, []string) (string, error) {
	r := bufio.NewReaderSize(in, 4096)
	return func(question string, choices []string) (string, error) {
		b := display.Append(nil, question)
		for i, c := range choices {
			b = fmt.Appendf(b, "\n  %d. %s", i+1, display.String(c))
		}
		b = append(b, "\n> "...)
		if _, err := errw.Write(b); err != nil {
			return "", err
		}
		var line []byte
		for {
			part, err := r.ReadSlice('\n')
			line = append(line, part...)
			if len(line) > fetch.MaxLine {
				return "", errors.New("the answer is longer than " + strconv.Itoa(fetch.MaxLine) + " bytes")
			}
			if err == nil {
				break
			}
			if !errors.Is(err, bufio.ErrBufferFull) {
				if len(line) == 0 {
					return "", err
				}
				break
			}
		}
		s := strings.TrimRight(string(line), "\r\n")
		if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= len(choices) {
			return choices[n-1], nil
		}
		return s, nil
	}
}
