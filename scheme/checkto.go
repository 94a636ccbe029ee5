package scheme

import (
	"strings"

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
	if fastPaths {
		switch spec {
		case locator.RFC1738:
			// The commonest case, an http or https URL (a URL that starts so has no "URL:"
			// prefix and has that scheme), by fastHTTP's two steps without checkTo's
			// dispatch, and each step once. isHTTP's test, and httpState's for a URL
			// without user information or port whose path starts with "/" or that ends
			// with the host, whose host the summary says has a hostname's characters and
			// syntax.HostWord finds a hostname (ValidHostPortAt's common case), are
			// written out here, so that the check of a clean http URL makes no call:
			// three calls (CheckTo, httpState, ValidHostPortAt) took 176 instructions a
			// URL on kasztp.txt, this about 110. Any other http URL goes to httpState.
			v := view(&u) // the parts without a copy of u for each (see urlView)
			s := v.s
			if len(s) < 8 {
				if clean1738(&u) { // not http or https, which need eight bytes
					return dst
				}
				break
			}
			w := syntax.Load64(s[:8])
			if min((w^httpColon)&(1<<40-1), (w^httpsColon)&(1<<48-1)) != 0 {
				// Not http or https. A file URL (one that starts with "file:", and so has
				// no "URL:" prefix) goes to quickCheck's test without clean1738's and
				// quickCheck's dispatch.
				if (w^fileColon)&(1<<40-1) == 0 && v.flags&viewScheme != 0 &&
					v.chars&locator.CharsFragmentUnsafe == 0 && quickFile(&u) {
					return dst
				}
				if clean1738(&u) {
					return dst
				}
				break
			}
			sum := v.chars
			hs, he, ps := int(v.hostStart), int(v.hostEnd), int(v.pathStart)
			const (
				flagsMask = uint32(viewUser|viewAuthority|viewPort) | uint32(locator.CharsHostNotHostname|locator.CharsHostAlpha|locator.CharsHostDotHyphen)<<16
				flagsWant = uint32(viewAuthority) | uint32(locator.CharsHostAlpha)<<16
			)
			if n := he - hs; (uint32(v.flags)|uint32(sum)<<16)&flagsMask == flagsWant &&
				hs < he && n <= 63 && 8 <= he && he <= len(s) && (ps >= len(s) || s[ps] == '/') {
				if syntax.HostWord(syntax.Load64(s[he-8:he]), s[hs], n) == 0 {
					// A hostname (a host that is not, or that the word does not tell, is
					// left to httpState).
					if sum&(locator.CharsPathUnsafe|locator.CharsQueryUnsafe|locator.CharsQuerySlashQuestion|locator.CharsFragmentUnsafe) == 0 {
						return dst // httpClean
					}
					return httpCharsTo(dst, &u) // httpCharsLeft
				}
			}
			switch httpState(&u) {
			case httpClean:
				return dst
			case httpCharsLeft:
				return httpCharsTo(dst, &u)
			case httpOther:
				return check1738To(dst, &u) // (fastHTTP would call httpState again)
			}
			if clean1738(&u) {
				return dst // the commonest other cases, without a Sink
			}
		case locator.RFC3986:
			if clean3986(&u) {
				return dst
			}
		}
	}
	return checkAllTo(dst, &u, spec)
}

// checkAllTo is CheckTo without its fast paths: checkTo's findings for *u, or for the URL
// behind its "URL:" prefix with the offsets shifted to *u's, appended to dst.
func checkAllTo(dst []locator.Finding, u *locator.URL, spec locator.Spec) []locator.Finding {
	var sk syntax.Sink
	sk.Use(dst)
	if _, ok := u.Prefix(); ok {
		b, off := behind(*u)
		checkTo(&sk, &b, spec)
		return found(dst, shiftFindings(sk.Findings(), off))
	}
	checkTo(&sk, u, spec) // by pointer: a URL is copied on each call by value
	return found(dst, sk.Findings())
}

// httpCharsTo appends to dst the findings of httpChars for u, for which httpState is
// httpCharsLeft: the findings of its scan, appended without a Sink (syntax.AppendClass1738),
// when they are about US-ASCII bytes and at most locator.MaxFindings; else by a Sink. (On
// kasztp.txt, a tenth of whose URLs have a "~", unsafe by RFC 1738 §2.2, the Sink's tests
// for repeats and its sorting cost half of the 600 instructions such a URL took.)
func httpCharsTo(dst []locator.Finding, u *locator.URL) []locator.Finding {
	v := view(u) // the parts without a copy of u for each (see urlView)
	sum := v.chars
	s := v.s
	n, ps, qs := len(dst), int(v.pathStart), int(v.queryStart)
	lim := n + locator.MaxFindings
	out, ok := dst, true
	if ps != qs && sum&locator.CharsPathUnsafe != 0 {
		out, ok = syntax.AppendClass1738(out, s, ps, qs, httpPathClass, "RFC 1738 §5 hsegment", "RFC 1738 §2.2", lim)
	}
	if ok && v.flags&viewQuery != 0 {
		if ps == qs {
			out = append(out, locator.Finding{Offset: qs, Code: CodeHTTPSearchNoPath, Rule: "RFC 1738 §5 httpurl",
				Message: "a search follows \"/\" hpath: write \"/?\"", Severity: locator.SeverityError})
		}
		if sum&(locator.CharsQueryUnsafe|locator.CharsQuerySlashQuestion) != 0 {
			out, ok = syntax.AppendClass1738(out, s, qs+1, int(v.fragStart), httpSearchClass, "RFC 1738 §5 search", "RFC 1738 §2.2", lim)
		}
	}
	if ok && v.flags&viewFragment != 0 && sum&locator.CharsFragmentUnsafe != 0 {
		f := int(v.fragStart) + 1
		out, ok = syntax.AppendClass1738(out, s, f, len(s), syntax.XcharClass, "RFC 1738 §2.2; RFC 1808 §2.2 fragment", "", lim)
	}
	if ok && len(out) <= lim {
		return out
	}
	// A non-ASCII character, whose message the Sink builds, or more findings than are
	// listed: the Sink keeps the first locator.MaxFindings and counts the others.
	var sk syntax.Sink
	sk.Use(dst[:n])
	httpChars(&sk, u)
	return found(dst[:n], sk.Findings())
}

// check1738To appends to dst the findings of check1738 for u, which has no "URL:" prefix.
func check1738To(dst []locator.Finding, u *locator.URL) []locator.Finding {
	var sk syntax.Sink
	sk.Use(dst)
	check1738(&sk, u)
	return found(dst, sk.Findings())
}

// found returns dst with the findings f of a Sink that used dst (Sink.Use) appended: f is in
// dst's spare capacity when it fit there.
func found(dst, f []locator.Finding) []locator.Finding {
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

// The answers of httpState.
const (
	httpOther     = iota // user information, no authority, a path without "/" or a bad host or port: check1738 checks it
	httpClean            // Check finds nothing
	httpCharsLeft        // httpChars gives the findings
	httpNot              // not a URL that starts with "http:" or "https:" (a scheme in lower case, no "URL:" prefix)
)

// httpState tells, for u an http or https URL (a scheme in lower case, no "URL:" prefix),
// what fastHTTP does with it: whether u has no user information, a valid host and port (RFC
// 1738 §5 hostport) and a path that is empty or starts with "/", and if so, whether the
// character summary leaves characters of the path, search and fragment for httpChars to
// look at (its first test). It reads each part of u once. For another URL, it answers
// httpNot (by isHTTP's test) or, for an http URL of fewer than eight bytes, httpOther or
// httpNot.
func httpState(u *locator.URL) int {
	v := view(u) // the parts without a copy of u for each (see urlView)
	s := v.s
	if len(s) < 8 {
		return httpNot // (an http URL so short has no host or no path; check1738 checks it)
	}
	w := syntax.Load64(s[:8]) // isHTTP's test, inlined
	if min((w^httpColon)&(1<<40-1), (w^httpsColon)&(1<<48-1)) != 0 {
		return httpNot
	}
	if v.flags&(viewUser|viewAuthority) != viewAuthority {
		return httpOther
	}
	sum := v.chars
	ps, qs := int(v.pathStart), int(v.queryStart)
	if ps != qs && s[ps] != '/' || !syntax.ValidHostPortAt(s, int(v.hostStart), int(v.hostEnd), ps, sum) {
		return httpOther
	}
	if sum&(locator.CharsPathUnsafe|locator.CharsQueryUnsafe|locator.CharsQuerySlashQuestion|locator.CharsFragmentUnsafe) != 0 {
		return httpCharsLeft
	}
	if ps == qs && v.flags&viewQuery != 0 {
		return httpCharsLeft // a search without "/" (httpChars reports it)
	}
	return httpClean
}

// clean1738 reports whether Check(*u, locator.RFC1738) has no findings by the fast paths of
// checkTo that add none (quickCheck for ftp and file), for a URL without a "URL:" prefix
// whose scheme is one of these in lower case. It reports false for other URLs, which Check
// then checks (http and https are CheckTo's first case).
func clean1738(u *locator.URL) bool {
	v := view(u) // the parts without a copy of u for each (see urlView)
	if v.flags&(viewPrefix|viewScheme) != viewScheme {
		return false
	}
	switch name := v.s[:v.schemeEnd]; name { // (u.Scheme() of a URL without a prefix)
	case "ftp", "file":
		return quickCheck(name, u)
	}
	return false
}

// The first bytes of an http, an https and a file URL, as isHTTP and CheckTo read them
// (little-endian).
const (
	httpColon  = 0x3a70747468   // "http:"
	httpsColon = 0x3a7370747468 // "https:"
	fileColon  = 0x3a656c6966   // "file:"
)

// isHTTP reports whether s starts with "http:" or "https:": for a URL with a scheme and no
// prefix, whether the scheme is http or https in lower case. It reads eight bytes as one
// word and compares them with both without a branch between the two, which a mix of http
// and https URLs would mispredict. httpState and clean3986 inline its test of eight bytes or
// more (a call of it costs more than the test); TestIsHTTP holds the test to the plain
// comparison.
func isHTTP(s string) bool {
	if len(s) < 8 {
		return strings.HasPrefix(s, "http:") || strings.HasPrefix(s, "https:")
	}
	w := syntax.Load64(s[:8])
	return min((w^httpColon)&(1<<40-1), (w^httpsColon)&(1<<48-1)) == 0
}

// clean3986 reports whether Check(*u, locator.RFC3986) has no findings by the tests of
// syntax.CheckRFC3986Ref that add none: a URL without a "URL:" prefix, with an authority of
// a host alone, the host empty or reg-name characters with a letter or "-" (by the character
// summary), a port of digits if any (Parse allows no other), a scheme in lower case, and a
// path (path-abempty after an authority), query and fragment of their productions' characters
// (by the summary). It reports false for other URLs, which Check then checks.
func clean3986(u *locator.URL) bool {
	v := view(u) // the parts without a copy of u for each (see urlView)
	sum := v.chars
	if sum&(locator.CharsPathNot3986|locator.CharsQueryNot3986|locator.CharsFragmentNot3986) != 0 ||
		v.flags&(viewPrefix|viewAuthority|viewUser) != viewAuthority {
		return false // no authority, a "URL:" prefix or user information
	}
	if v.flags&viewPort != 0 && v.hostEnd+1 == v.pathStart {
		return false // RFC 3986 §3.2.3: an empty port is a warning
	}
	if v.hostStart != v.hostEnd && sum&(locator.CharsHostNot3986|locator.CharsHostAlpha) != locator.CharsHostAlpha {
		return false
	}
	// RFC 3986 §3.1: "should only produce lowercase scheme names". A URL that starts with
	// "http:" or "https:" has such a scheme (isHTTP's test, inlined; the first byte spares
	// other URLs the rest).
	s := v.s
	if len(s) >= 8 && s[0] == 'h' {
		w := syntax.Load64(s[:8])
		if min((w^httpColon)&(1<<40-1), (w^httpsColon)&(1<<48-1)) == 0 {
			return true
		}
	}
	return !hasUpper(s, len(u.Scheme()))
}

// hasUpper reports whether the first n bytes of s, US-ASCII (a scheme), hold an upper-case
// letter. For n ≤ 8 ≤ len(s) it tests the eight bytes read as one word at once: the loop's
// end after "http" or "https" would be mispredicted on a mix of the two. For an ASCII byte b,
// b+0x3f has its top bit set when b ≥ 'A' and b+0x25 when b > 'Z', and neither carries
// into the next byte.
func hasUpper(s string, n int) bool {
	if n > 8 || len(s) < 8 {
		for i := 0; i < n; i++ {
			if c := s[i]; 'A' <= c && c <= 'Z' {
				return true
			}
		}
		return false
	}
	const ones = 0x0101010101010101
	w := syntax.Load64(s[:8])
	w &= 0x7f * ones // (bytes after the n are masked off below; these are not ASCII)
	upper := (w + 0x3f*ones) &^ (w + 0x25*ones) & (0x80 * ones)
	return upper&(uint64(1)<<(8*n)-1) != 0
}
