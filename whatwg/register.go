package whatwg

import (
	"sync/atomic"

	"github.com/locator-url/locator"
)

// init registers the basic URL parser as the rule of locator.ModeWHATWG, so that
// locator.Resolve(base, ref, locator.ModeWHATWG) works in every program that imports this
// package (the root package never imports its subpackages; see locator.RegisterResolver).
func init() {
	_ = locator.RegisterResolver(locator.ModeWHATWG, resolve)
}

// parsedBase is a base string and what Parse made of it.
type parsedBase struct {
	s   string
	u   URL
	err error
}

// lastBase is the base resolve parsed last: a program that resolves many references against
// one base (locator resolve, scheme.Resolver, which reach the parser through
// locator.ResolveRegistered with the base as a string) parses it once. A URL is an immutable
// value, so goroutines share it.
var lastBase atomic.Pointer[parsedBase]

// resolve parses base with no base, then ref against it (§6.1 "new URL(url, base)"), and
// returns the href: ParseString, with the base parsed last kept (lastBase).
func resolve(base, ref string) (string, error) {
	if base == "" {
		u, err := Parse(ref, nil)
		if err != nil {
			return "", err
		}
		return u.Href(), nil
	}
	b := lastBase.Load()
	if b == nil || b.s != base {
		b = &parsedBase{s: base}
		b.u, b.err = Parse(base, nil)
		lastBase.Store(b)
	}
	if b.err != nil {
		return "", b.err
	}
	u, err := Parse(ref, &b.u)
	if err != nil {
		return "", err
	}
	return u.Href(), nil
}
