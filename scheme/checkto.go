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
	if spec == locator.RFC1738 && fastPaths && cleanHTTP(&u) {
		return dst // the commonest case, without a Sink
	}
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

// cleanHTTP reports whether Check(*u, locator.RFC1738) has no findings by the test of fastHTTP
// that reports true without adding any: an http or https URL, its scheme in lower case and
// without a "URL:" prefix, with a valid host and port, no user information, and no character
// to report in its path, search and fragment (by the character summary). It reports false
// for other URLs, which Check then checks.
func cleanHTTP(u *locator.URL) bool {
	if name := u.Scheme(); name != "http" && name != "https" {
		return false
	}
	if _, ok := u.Prefix(); ok {
		return false
	}
	if _, ok := u.Userinfo(); ok || !u.HasAuthority() {
		return false
	}
	sum := u.Chars()
	if sum&(locator.CharsPathUnsafe|locator.CharsQueryUnsafe|locator.CharsQuerySlashQuestion|locator.CharsFragmentUnsafe) != 0 {
		return false
	}
	p := u.Path()
	if p == "" {
		if _, ok := u.Query(); ok {
			return false // a search without "/" (fastHTTP reports it)
		}
	} else if p[0] != '/' {
		return false
	}
	return syntax.HostPortOK(u.Host(), u.HostPort(), sum)
}
