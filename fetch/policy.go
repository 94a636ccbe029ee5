package fetch

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/testhook"
	"github.com/locator-url/locator/scheme"
)

// Policy is locator's safety rules for the targets of an access, in one place: the command
// line uses its zero value (the user's own request may reach loopback and private addresses);
// a server (the gateway) sets Strict.
type Policy struct {
	// AllowPorts are the ports in 0–1023 other than the scheme's default that may be
	// dialled. RFC 1738 §6: a URL may name the port of another service ("gopher://host:25/"
	// talks to a mail server), so such a port is refused unless named here.
	AllowPorts []int
	// Strict refuses loopback, private (RFC 1918, RFC 4193), link-local, multicast and
	// unspecified addresses, checked on the address actually dialled (so that a name that
	// resolves to another address at dial time, DNS rebinding, cannot pass).
	Strict bool
}

// CheckPort returns a KindSafety error when port is in 0–1023, is not scheme's default
// port and is not in AllowPorts (RFC 1738 §6); url is the URL, for the error.
func (p Policy) CheckPort(url, name string, port int) error {
	if port > 1023 {
		return nil
	}
	if info, ok := scheme.Lookup(name); ok && info.DefaultPort == port {
		return nil
	}
	if slices.Contains(p.AllowPorts, port) {
		return nil
	}
	return &Error{URL: url, Kind: KindSafety, Code: "port", Rule: "RFC 1738 §6",
		Message: "port " + strconv.Itoa(port) + " is a well-known port other than " + display.Quote(name) +
			"'s own: the URL could make locator talk to another service (allow it with --allow-port " + strconv.Itoa(port) + ")"}
}

// CheckAddr returns a KindSafety error when Strict is set and a is a loopback, private,
// link-local, multicast or unspecified address.
func (p Policy) CheckAddr(url string, a netip.Addr) error {
	if !p.Strict {
		return nil
	}
	a = a.Unmap()
	if a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsMulticast() || a.IsUnspecified() || a.IsInterfaceLocalMulticast() {
		return &Error{URL: url, Kind: KindSafety, Code: "address", Rule: "locator's gateway policy (RFC 1738 §6)",
			Message: "the address " + a.String() + " is loopback, private, link-local or multicast"}
	}
	return nil
}

// Dialer returns a net.Dialer that checks each address it dials with CheckAddr (in its
// Control function, on the address the socket connects to) and gives up after timeout.
func (p Policy) Dialer(url string, timeout time.Duration) *net.Dialer {
	d := &net.Dialer{Timeout: timeout}
	if p.Strict {
		d.ControlContext = func(_ context.Context, _, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil {
				return &Error{URL: url, Kind: KindSafety, Code: "address", Rule: "locator's gateway policy",
					Message: "cannot read the address " + display.Quote(address), Err: err}
			}
			if testhook.Public(ap) {
				return nil // a test's loopback server declared public (tests only)
			}
			return p.CheckAddr(url, ap.Addr())
		}
	}
	return d
}

// precheck applies, before any client runs and before a gateway is chosen, the rules every
// access obeys, so that no scheme's client (and no gateway) can miss them: a URL whose plan
// has a decoded CR, LF or NUL bound for a protocol line is refused (RFC 1738 §6; KindSafety),
// and so is a port in 0–1023 other than the scheme's own (CheckPort). Other reasons for having
// no plan are left to the scheme's client, which reports them in its own terms.
func (p Policy) precheck(u locator.URL) error {
	name := strings.ToLower(u.Scheme())
	pl, err := scheme.PlanFor(u)
	if err != nil {
		var le *locator.Error
		if errors.As(err, &le) && le.Code == scheme.CodeLineBreak {
			return planError(u.String(), err)
		}
		return nil
	}
	// A scheme with no default port (file, afs) connects nowhere: its plan's host is not dialled.
	if info, ok := scheme.Lookup(name); ok && info.DefaultPort != 0 && pl.Host != "" {
		return p.CheckPort(u.String(), name, pl.Port)
	}
	return nil
}
