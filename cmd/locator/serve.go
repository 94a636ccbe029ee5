package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/locator-url/locator/serve"
	"github.com/spf13/cobra"
)

// serveFlags are the options of `locator serve`.
type serveFlags struct {
	listen       string
	allowPorts   []int
	allowPrivate bool
	schemes      []string
	maxSize      int64
	timeout      time.Duration
	maxUpstream  int
	maxPerClient int
	accessLog    string
	nntpServer   string
}

func newServeCmd() *cobra.Command {
	f := &serveFlags{}
	cmd := &cobra.Command{
		Use:   "serve [--listen ADDR]",
		Short: "Serve the HTTP gateway to gopher, ftp and news, and the URL inspector",
		Long: `serve runs locator's HTTP gateway (RFC 1738 §4) and URL inspector.

  http://ADDR/                        the inspector: a URL read under every spec
  http://ADDR/gopher://host/1/dir     the path form: the object as a web page
  gopher_proxy=http://ADDR/           the proxy form (the CERN convention): a client sends
                                      "GET gopher://host/… HTTP/1.0" and gets the object

It is not an open proxy: only the schemes of the 1994 system (--scheme), only their default
ports (--allow-port), and no loopback, private, link-local or multicast address, checked on
the address dialled (--allow-private). SIGINT or SIGTERM stops it gracefully: requests in
flight finish, new ones are refused.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runServe(cmd, f) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.listen, "listen", "127.0.0.1:8080", "listen on `ADDR` (host:port)")
	fl.IntSliceVar(&f.allowPorts, "allow-port", nil, "let the gateway dial `PORT` besides the schemes' defaults (repeat it)")
	fl.BoolVar(&f.allowPrivate, "allow-private", false, "let the gateway reach loopback, private, link-local and multicast addresses")
	fl.StringSliceVar(&f.schemes, "scheme", nil, "the `SCHEME`s the gateway fetches (default: "+fmt.Sprint(serve.DefaultSchemes)+")")
	fl.Int64Var(&f.maxSize, "max-size", serve.DefaultMaxSize, "limit one upstream object to `BYTES`")
	fl.DurationVar(&f.timeout, "timeout", serve.DefaultTimeout, "limit one upstream access to `DURATION`")
	fl.IntVar(&f.maxUpstream, "max-upstream", serve.DefaultMaxUpstream, "upstream accesses at a time, in all")
	fl.IntVar(&f.maxPerClient, "max-per-client", serve.DefaultMaxPerClient, "upstream accesses at a time, per client address")
	fl.StringVar(&f.accessLog, "access-log", "-", "write the access log (Combined Log Format) to `FILE` (- standard error, \"\" none)")
	fl.StringVar(&f.nntpServer, "nntp-server", "", "the news server for news: URLs without a host (default $NNTPSERVER)")
	return cmd
}

// runServe listens, serves, and on SIGINT or SIGTERM shuts down gracefully.
func runServe(cmd *cobra.Command, f *serveFlags) error {
	o := serve.Options{
		AllowPrivate: f.allowPrivate,
		AllowPorts:   f.allowPorts,
		Schemes:      f.schemes,
		MaxSize:      f.maxSize,
		Timeout:      f.timeout,
		MaxUpstream:  f.maxUpstream,
		MaxPerClient: f.maxPerClient,
	}
	o.Fetch.NNTPServer = f.nntpServer
	if o.Fetch.NNTPServer == "" {
		o.Fetch.NNTPServer = os.Getenv("NNTPSERVER")
	}
	switch f.accessLog {
	case "":
	case "-":
		o.AccessLog = cmd.ErrOrStderr()
	default:
		lf, err := os.OpenFile(f.accessLog, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return err
		}
		defer lf.Close()
		o.AccessLog = lf
	}
	l, err := net.Listen("tcp", f.listen)
	if err != nil {
		return err
	}
	s := serve.New(o)
	defer s.Close()
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 120 * time.Second}
	fmt.Fprintf(cmd.ErrOrStderr(), "locator serve: listening on http://%s/\n", l.Addr())
	return serveUntilSignal(cmd.ErrOrStderr(), hs, l)
}

// serveUntilSignal serves on l until SIGINT or SIGTERM, then stops accepting, lets the
// requests in flight finish (up to 30 s) and returns.
func serveUntilSignal(stderr io.Writer, hs *http.Server, l net.Listener) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- hs.Serve(l) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	fmt.Fprintln(stderr, "locator serve: shutting down; requests in flight finish")
	sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
