package scheme

import (
	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
)

// CheckTo appends the findings of [Check](u, spec) to dst and returns the extended slice, as
// append does: the same findings, in the same order, under the same limit
// (locator.MaxFindings and then one of code locator.CodeTooManyFindings). Findings that fit in
// the spare capacity of dst are written there, so that a program that checks many URLs and
// reuses one buffer (buf = scheme.CheckTo(buf[:0], u, spec)) allocates nothing for the list;
// a finding's Message, built for the URL at hand, may still allocate. dst is returned as it
// is when u has no findings.
func CheckTo(dst []locator.Finding, u locator.URL, spec locator.Spec) []locator.Finding {
	var sk syntax.Sink
	sk.Use(dst)
	var f []locator.Finding
	if _, ok := u.Prefix(); ok {
		b, off := behind(u)
		checkTo(&sk, &b, spec)
		f = shiftFindings(sk.Findings(), off)
	} else {
		checkTo(&sk, &u, spec) // by pointer: a URL is copied on each call by value
		f = sk.Findings()
	}
	switch {
	case len(f) == 0:
		return dst
	case len(dst) == 0:
		return f // in dst's array, or a new one when they did not fit
	case cap(dst) > len(dst) && &dst[:len(dst)+1][len(dst)] == &f[0]:
		return dst[:len(dst)+len(f)] // written in place
	}
	return append(dst, f...)
}
