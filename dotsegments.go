package locator

import "unsafe"

// Dot-segment removal, one rule per specification.
//
// The specifications agree that "." and ".." are reserved path elements ("complete path
// segments") of a hierarchical path, and disagree on everything else: whether a ".." that
// climbs above the root is dropped or kept, whether a final "." or ".." leaves a trailing
// slash, whether ";params" take part, and (for RFC 1630) which part of a path with "//" in it
// is hierarchical at all. [RemoveDotSegments] offers each rule on its own; [Resolve] applies
// the same rule as part of resolution.

// RemoveDotSegments removes the "." and ".." segments of path by the rule of mode:
//
//   - ModeRFC3986, ModeRFC3986Compat and ModeWHATWG: RFC 3986 §5.2.4 remove_dot_segments.
//     A ".." above the root is dropped: "/../g" → "/g", "a/../../g" → "/g".
//   - ModeRFC2396: RFC 2396 §5.2 step 6 c)–g): "./" and a final "." are removed, then
//     "<segment>/../" and a final "<segment>/.." (segment not ".."); leading ".." segments that
//     cannot be removed are kept ("retaining these components", step 6g): "/../g" stays,
//     "a/../../g" → "../g". A final "." or ".." leaves the trailing slash ("a/b/.." → "a/").
//     libxml2's xmlNormalizeURIPath follows the same rule.
//   - ModeRFC1808: RFC 1808 §4 step 6 a)–d), the same operations as RFC 2396, but applied to
//     the path without its ";params": RFC 1808 §2.4.5 makes everything from the first ";" the
//     parameters, which "do not form a part of the URL path" (§4), so they are kept verbatim.
//   - ModeURLDraft: the 1993 URL draft, "Partial form": all occurrences of "/xxx/.." and "/."
//     are removed recursively, where xxx, ".." and "." are complete path elements. The rule
//     consumes the slash before the element, so "/a/b/.." → "/a" and "/a/." → "/a", and a
//     first element not preceded by "/" is never removed ("a/../b" stays).
//   - ModeRFC1630 and ModeRFC1630Published: uri-draft-www (RFC 1630) "Partial (relative)
//     form": all occurrences of "xxx/../" and "/." are removed recursively, where xxx, ".."
//     and "." are complete path elements (xxx not ".."); as in libwww's HTSimplify, the end of
//     the path ends an element too ("/fred/.." → "/", "/a/." → "/a/"), leading ".." that cannot
//     be removed are kept ("/../a" stays), and a "." not preceded by "/" stays ("./"). A run
//     of two or more slashes starts a new level of the hierarchy (in the URI draft a
//     reference with N leading slashes climbs to a run of N slashes): only the part after the
//     right-most such run is simplified, and its first element (that level's "site", as the
//     host is for "//host") is never removed by "..". This is Berners-Lee's reading recorded
//     in Fielding's 1998 test pages ("/s//a/b/../../" → "/s//a/../"), and what HTSimplify
//     does after the last "://".
//
// RemoveDotSegments returns path itself, without allocating, when it has no dot-segment (no
// segment "." or ".."; under ModeRFC1808, none before the first ";"), and otherwise
// allocates the result once (no rule makes a path longer), also when the mode keeps every one
// it has ("../g" under ModeRFC2396, "./" under ModeURLDraft). An unknown mode is treated as
// ModeRFC3986.
func RemoveDotSegments(path string, mode Mode) string {
	p := path
	if mode == ModeRFC1808 {
		// RFC 1808 §2.4.5: the path ends at the first ";", so "/.;p" has the segment "." (and
		// the params "p"): it is "/;p", not a path without dot-segments.
		p, _ = splitParams1808(path)
	}
	if !hasDotSeg(p) {
		return path
	}
	// One buffer of the input's length, and one byte for the "/" that cancelDots writes after
	// the last segment before it trims it.
	b := make([]byte, 0, len(path)+1)
	switch mode {
	case ModeRFC2396:
		b = appendDots2396(b, path)
	case ModeRFC1808:
		p, params := splitParams1808(path)
		b = append(appendDots2396(b, p), params...)
	case ModeURLDraft:
		b = appendDotsURLDraft(b, path)
	case ModeRFC1630, ModeRFC1630Published:
		b = appendDots1630(b, path)
	default:
		b = appendDots3986(b, path)
	}
	return ownedString(b)
}

// ownedString returns the bytes of b as a string without copying them. b must be a buffer
// that nothing writes to afterwards (one the caller allocated and drops), as strings.Builder
// does with its own.
func ownedString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// removeDotsInPlace applies the rule of mode to the path b[ps:] in place and returns b cut
// to the result (the caller provides one byte of capacity after b for cancelDots's last
// "/"). Every rule writes no further than it has read (a segment is kept by moving it left,
// or where it is; "/." and "/.." are dropped), so the output overtakes no unread input:
// copy is memmove, and the appends of the append* functions copy within the buffer.
func removeDotsInPlace(b []byte, ps int, mode Mode) []byte {
	in := b[ps:]
	switch mode {
	case ModeRFC2396, ModeRFC1808:
		return appendDots2396(b[:ps], in)
	case ModeURLDraft:
		return appendDotsURLDraft(b[:ps], in)
	case ModeRFC1630, ModeRFC1630Published:
		return appendDots1630(b[:ps], in)
	}
	return appendDots3986(b[:ps], in)
}

func isDot[S ~string | ~[]byte](s S) bool    { return len(s) == 1 && s[0] == '.' }
func isDotDot[S ~string | ~[]byte](s S) bool { return len(s) == 2 && s[0] == '.' && s[1] == '.' }

// hasDotSeg reports whether path has a complete segment "." or ".." (RFC 3986 §3.3
// dot-segments); without one, every rule leaves the path unchanged.
func hasDotSeg(p string) bool {
	start := 0
	for i := 0; i <= len(p); i++ {
		if i == len(p) || p[i] == '/' {
			if n := i - start; (n == 1 && p[start] == '.') || (n == 2 && p[start] == '.' && p[start+1] == '.') {
				return true
			}
			start = i + 1
		}
	}
	return false
}

// splitParams1808 splits a path at its first ";" (RFC 1808 §2.4.5 "Parsing the Parameters").
func splitParams1808(p string) (path, params string) {
	for i := 0; i < len(p); i++ {
		if p[i] == ';' {
			return p[:i], p[i:]
		}
	}
	return p, ""
}

// appendDots3986 appends remove_dot_segments(in) to dst: RFC 3986 §5.2.4, steps A–E, with the
// output buffer being dst[len(dst):].
func appendDots3986[S ~string | ~[]byte](dst []byte, in S) []byte {
	base := len(dst)
	for len(in) > 0 {
		switch {
		case len(in) >= 3 && in[0] == '.' && in[1] == '.' && in[2] == '/': // 2A "../"
			in = in[3:]
		case len(in) >= 2 && in[0] == '.' && in[1] == '/': // 2A "./"
			in = in[2:]
		case len(in) >= 3 && in[0] == '/' && in[1] == '.' && in[2] == '/': // 2B "/./"
			in = in[2:]
		case len(in) == 2 && in[0] == '/' && in[1] == '.': // 2B "/." at the end
			in = in[:1]
		case len(in) >= 4 && in[0] == '/' && in[1] == '.' && in[2] == '.' && in[3] == '/': // 2C "/../"
			in = in[3:]
			dst = dropLastSeg3986(dst, base)
		case len(in) == 3 && in[0] == '/' && in[1] == '.' && in[2] == '.': // 2C "/.." at the end
			in = in[:1]
			dst = dropLastSeg3986(dst, base)
		case isDot(in) || isDotDot(in): // 2D
			in = in[:0]
		default: // 2E: move the first segment, with its leading "/", to the output
			j := 0
			if in[0] == '/' {
				j = 1
			}
			for j < len(in) && in[j] != '/' {
				j++
			}
			dst = append(dst, in[:j]...)
			in = in[j:]
		}
	}
	return dst
}

// dropLastSeg3986 removes "the last segment and its preceding "/" (if any)" from the output
// buffer dst[base:] (RFC 3986 §5.2.4 step 2C).
func dropLastSeg3986(dst []byte, base int) []byte {
	for i := len(dst) - 1; i >= base; i-- {
		if dst[i] == '/' {
			return dst[:i]
		}
	}
	return dst[:base]
}

// appendDots2396 appends to dst the path after RFC 2396 §5.2 step 6 c)–g), which are RFC 1808
// §4 step 6 a)–d): remove every "./" and a final "." (complete segments), then, leftmost
// first until none is left, every "<segment>/../" and a final "<segment>/.." where <segment>
// is a complete segment not equal to ".."; leading ".." segments are retained (step 6g).
//
// Removing the leftmost "<segment>/../" repeatedly is the same as cancelling each ".." with
// the nearest segment before it that is not itself a "..", which a stack does in one pass. The
// slash that starts an absolute path is not a segment boundary with an empty segment before
// it ("/../g" stays "/../g", RFC 1808 §5.2); an empty segment inside the path is a segment.
func appendDots2396[S ~string | ~[]byte](dst []byte, in S) []byte {
	abs := len(in) > 0 && in[0] == '/'
	if abs {
		dst = append(dst, '/')
		in = in[1:]
	}
	start := len(dst) // the output's segments begin here
	// Each kept segment is appended followed by "/"; the final "/" is trimmed at the end
	// unless the path ends in a slash.
	return cancelDots(dst, start, in, false, false)
}

// popSeg removes the last "seg/" from dst[start:].
func popSeg(dst []byte, start int) []byte {
	i := len(dst) - 1 // the "/" that ends the last segment
	for i > start && dst[i-1] != '/' {
		i--
	}
	return dst[:i]
}

// finishDots trims the "/" after the last segment, unless the path is to end with a slash
// (the last segment was "." or a cancelled "..", or was empty).
func finishDots(dst []byte, nseg int, trailing bool) []byte {
	if trailing || nseg == 0 {
		return dst
	}
	return dst[:len(dst)-1]
}

// appendDotsURLDraft appends to dst the path with "all occurrences of "/xxx/.." or "/."
// recursively removed, where xxx, ".." and "." are complete path elements" (1993 URL draft,
// "Partial form"). Both patterns start with a slash, so an element not preceded by "/" is
// never removed, and a removal takes the element's slash with it.
func appendDotsURLDraft[S ~string | ~[]byte](dst []byte, in S) []byte {
	base := len(dst)
	// The first element (before any "/") is copied: no pattern can start inside it.
	j := 0
	for j < len(in) && in[j] != '/' {
		j++
	}
	dst = append(dst, in[:j]...)
	in = in[j:]
	nseg := 0     // removable elements on the stack, each written as "/" + element
	nleading := 0 // of which ".." (a ".." is never the xxx of "/xxx/..")
	for len(in) > 0 {
		// in starts with "/"
		k := 1
		for k < len(in) && in[k] != '/' {
			k++
		}
		seg := in[1:k]
		in = in[k:]
		switch {
		case isDot(seg): // "/."
		case isDotDot(seg) && nseg > nleading: // "/xxx/.."
			i := len(dst) - 1
			for i >= base && dst[i] != '/' {
				i--
			}
			dst = dst[:i]
			nseg--
		default:
			if isDotDot(seg) {
				nleading++
			}
			dst = append(dst, '/')
			dst = append(dst, seg...)
			nseg++
		}
	}
	return dst
}

// appendDots1630 appends to dst the path simplified by the RFC 1630 rule (uri-draft-www
// "Partial (relative) form": "all occurrences of "xxx/../" or "/." are recursively removed,
// where xxx, ".." and "." are complete path elements"), as RemoveDotSegments documents:
// only the part after the right-most run of two or more slashes is simplified, and the first
// element there is not removed by "..".
func appendDots1630[S ~string | ~[]byte](dst []byte, in S) []byte {
	// Find the right-most run of at least two slashes.
	split := -1
	for i := len(in) - 1; i > 0; i-- {
		if in[i] == '/' && in[i-1] == '/' {
			split = i + 1
			break
		}
	}
	protectFirst := false
	if split >= 0 {
		dst = append(dst, in[:split]...)
		in = in[split:]
		protectFirst = true
	}
	precededBySlash := split >= 0
	start := len(dst)
	abs := len(in) > 0 && in[0] == '/'
	if abs {
		// The root "/" (no run precedes it here): the empty element before it is not an
		// element xxx, so "/../a" keeps its "..".
		dst = append(dst, '/')
		in = in[1:]
		start = len(dst)
		precededBySlash = true
	}
	return cancelDots(dst, start, in, !precededBySlash, protectFirst)
}

// cancelDots appends the segments of in to dst, whose segments begin at start, with every
// "." removed (but a first one when keepFirstDot) and each ".." cancelled with the nearest
// kept segment before it that is not fixed: the ".." that cannot be cancelled are fixed
// (RFC 2396 §5.2 step 6g), and so, with protectFirst, is the first segment (RFC 1630's
// "site" after a run of slashes). The end of the path ends a segment: a final "." or a
// cancelled ".." leaves a trailing slash.
func cancelDots[S ~string | ~[]byte](dst []byte, start int, in S, keepFirstDot, protectFirst bool) []byte {
	nseg := 0   // segments on the stack
	nfixed := 0 // of which leading ".." and the protected first segment: never cancelled
	first := true
	for {
		j := 0
		for j < len(in) && in[j] != '/' {
			j++
		}
		seg := in[:j]
		last := j == len(in)
		switch {
		case isDot(seg) && (!first || !keepFirstDot): // RFC 2396 6c "./", 6d final "."; RFC 1630 "/."
			if last {
				return finishDots(dst, nseg, true)
			}
		case isDotDot(seg) && nseg > nfixed: // 6e "<segment>/../", 6f final "<segment>/.."; RFC 1630 "xxx/../"
			dst = popSeg(dst, start)
			nseg--
			if last {
				return finishDots(dst, nseg, true)
			}
		default:
			if isDotDot(seg) || (first && protectFirst) {
				nfixed++
			}
			dst = append(dst, seg...)
			dst = append(dst, '/')
			nseg++
		}
		first = false
		if last {
			return finishDots(dst, nseg, false)
		}
		in = in[j+1:]
	}
}
