package whatwg

import "github.com/locator-url/locator"

// init registers the basic URL parser as the rule of locator.ModeWHATWG, so that
// locator.Resolve(base, ref, locator.ModeWHATWG) works in every program that imports this
// package (the root package never imports its subpackages; see locator.RegisterResolver).
func init() {
	_ = locator.RegisterResolver(locator.ModeWHATWG, resolve)
}

// resolve parses base with no base, then ref against it (§6.1 "new URL(url, base)"), and
// returns the href.
func resolve(base, ref string) (string, error) {
	u, err := ParseString(ref, base)
	if err != nil {
		return "", err
	}
	return u.Href(), nil
}
