package scheme

import (
	"errors"

	"github.com/locator-url/locator"
)

// behind returns the URL behind u's "URL:" prefix (the 1994 URL draft's prefixedurl; RFC 1738
// Appendix; see [locator.ParseAs]) and the prefix's length, 0 when u has none. The views,
// plans, checkers and Security work on the URL behind the prefix, whose scheme starts at 0;
// their offsets are then moved by the prefix's length (shiftFindings, shiftErr).
func behind(u locator.URL) (locator.URL, int) {
	p, ok := u.Prefix()
	if !ok {
		return u, 0
	}
	return u.WithoutPrefix(), len(p)
}

// shiftFindings adds off to the offset of each finding of f, in place.
func shiftFindings(f []locator.Finding, off int) []locator.Finding {
	if off == 0 {
		return f
	}
	for i := range f {
		f[i].Offset += off
	}
	return f
}

// shiftErr returns err, an error of a function given the URL behind u's prefix (off bytes),
// made to point into u: a *locator.Error about that URL gets u's serialization as its input
// and its offset moved by off. Other errors are returned as they are.
func shiftErr(err error, u locator.URL, off int) error {
	if err == nil || off == 0 {
		return err
	}
	// errors.AsType: errors.As given &le made le escape, an allocation per call (issue 10).
	le, ok := errors.AsType[*locator.Error](err)
	if !ok || le.Input != u.String()[off:] {
		return err
	}
	c := *le
	c.Input, c.Offset = u.String(), le.Offset+off
	return &c
}
