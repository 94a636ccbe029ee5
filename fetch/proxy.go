package fetch

import (
	"context"
	"io"

	"github.com/locator-url/locator"
)

// proxyFor returns the gateway u goes through (Options.Proxies, Options.NoProxy) and whether
// there is one.
func (c *Client) proxyFor(u locator.URL) (string, bool) {
	return "", false
}

// getViaProxy fetches u through the gateway via: an HTTP GET of the whole URL (RFC 1738 §4;
// the CERN proxy convention).
func (c *Client) getViaProxy(ctx context.Context, via string, u locator.URL, w io.Writer, r *Result) error {
	return &Error{URL: u.String(), Kind: KindNoClient, Code: "no-client", Message: "gateways are not done yet"}
}
