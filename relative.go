package locator

import "strings"

// Relative references: the inverse of resolution.

// Relative returns the shortest reference that resolves back to target against base under
// mode: Resolve(base, Relative(base, target, mode), mode) == target. It is what libwww's
// HTRelative does for RFC 1630 partial forms and what RFC 3986 §4.2 calls a relative
// reference. The base and the target are taken as [Resolve] takes them, without a "URL:"
// prefix and with a "?" of their user information written "%3F" (RFC 1738 §5; see
// [ParseAs]), so for a target read with either the round trip gives it in that form: the
// target "URL:http://a/b" comes back as "http://a/b", and "ftp://u?v@h/" as "ftp://u%3Fv@h/".
//
// The candidates are, shortest first wins, ties in this order: the empty reference (the
// target is the base, RFC 3986 §4.4), a fragment "#f", a query "?q#f", a relative path made
// of the last segments of the target after "../" for each level of the base to leave (the
// base's directory is "/" for an authority with an empty path, as the merge of RFC 3986
// §5.2.3 reads it, and is taken both as written and with its dot-segments removed, and when
// that removal leaves a rootless directory starting with "/" (".//" under RFC 2396 and RFC
// 1808), also as one whose first segment is empty, which a ".." cancels; the target's path
// is taken as written and, without an authority, also without the "/." that resolution
// writes before a path "//p" (RFC 3986 §3.3); with "./" before an empty first segment, and
// before a ":" that the mode reads as ending a scheme or forbids there (RFC 3986 §4.2
// path-noscheme and RFC 2396 §3.3 rel_segment: any ":" before the first "/", "?" or "#"; RFC
// 1808 §2.4.2: a scheme, "1a:b" but not "a_b:c"; the 1993 URL draft and the URI draft: a full
// form, a ":" before any "/", "?" or "#"); and "." or ".." where the mode accepts them for a
// directory, or for a directory without its "/" under the 1993 URL draft; under RFC 1808,
// ".;p" and "..;p" for params after a directory), "a/.." for an empty rootless path when the
// scheme is longer than three letters (RFC 1630's "xxx/../", which keeps a first "." or
// ".."), an absolute path "/p?q#f" ("/.//p?q#f" for a path "//p", which would read as an
// authority; resolution removes the "."), a network-path "//a/p?q#f", under RFC 1808 "?"
// and "//" (an empty query or net_loc is inherited) and "//p" (the base's net_loc), every
// tail of the target that starts at a "/", ";", "?" or "#" or after a "/" (the forms RFC 1630
// and RFC 1808 resolve by string operations: "//g/x", ";x"), but for one whose ":" the mode
// reads as a scheme or forbids, and the target itself. Each candidate is resolved under mode
// and kept only if it gives the target exactly, so the round trip holds by construction, and
// a mode whose rules reject a form (RFC 1630's slash rule for "/p", RFC 1808's inherited
// params) falls through to the next. Brute-force tests (TestRelativeShortest,
// TestRelativeShortestTargeted for paths "//p" and first segments with ":", and
// TestRelativeShortestRootless for rootless bases) find no shorter reference for small inputs
// under any mode.
//
// When the target has a different scheme from the base, or no scheme, only the target itself
// can be the reference: it is returned when it resolves to itself (as a full form does under
// the drafts, "a_b:c", and a scheme by RFC 1808 §2.4.2 does there, "1a:b"; see [Resolve]). When no candidate resolves
// to the target, which happens under RFC 3986 for a target with dot-segments (resolution
// always removes them, §5.2.2) or with a path starting with "//" and no authority, Relative
// returns an [*Error] with code [CodeNoRelative]; [Normalize] with NormalizeRemoveDotSegments
// first gives a target that has a reference. Under ModeRFC3986Compat a reference with the
// base's scheme is read as relative (§5.2.2), so a target with the base's scheme, no authority
// and a rootless path that no merge with the base's path produces (base "foo:a//./g", target
// "foo:a/") has no reference either; these are the only targets produced by [Resolve] for
// which Relative fails. ModeWHATWG returns code [CodeNotImplemented].
//
// Time and memory are linear in the lengths of base and target in every mode: the tails are
// ruled out without resolving each, and the few that need a resolution to tell are resolved
// within a budget of about twice the inputs' length. For a target whose path has many
// dot-segments the budget can run out before a short tail is found; the reference returned
// then is a longer candidate, which still resolves to the target.
func Relative(base, target URL, mode Mode) (URL, error) {
	r, _, err := relative(base, target, mode)
	return r, err
}

// relative is [Relative], which also says whether bestTail's budget ran out (then a shorter
// reference than the one returned may exist; the tests compare with resolving every tail only
// when it did not).
func relative(base, target URL, mode Mode) (_ URL, spent bool, err error) {
	base, target = plain(base), plain(target)
	if mode >= ModeWHATWG {
		return URL{}, false, modeError(mode, target.s)
	}
	if base.flags&hasScheme == 0 {
		return URL{}, false, &Error{Input: base.s, Code: CodeBaseNotAbsolute, Rule: "RFC 3986 §5.1",
			Message: "the base URL has no scheme; a base must be absolute"}
	}
	best := URL{}
	found := false
	var scratch []byte
	try := func(s string) {
		if found && len(s) >= len(best.s) {
			return
		}
		ref, err := Parse(s)
		if err != nil || ref.flags&hasScheme == 0 && colonForbidden(mode) && schemeRead(s, mode) {
			return // RFC 3986 §4.2 path-noscheme; RFC 2396 §3.3 rel_segment
		}
		scratch = composeText(scratch[:0], base, ref, mode)
		if string(scratch) != target.s {
			return
		}
		best, found = ref, true
	}
	if target.flags&hasScheme == 0 || target.Scheme() != base.Scheme() {
		try(target.s)
		if !found {
			return URL{}, false, noRelative(target, mode)
		}
		return best, false, nil
	}
	t := target.s
	// RFC 3986 §4.4 same-document reference; RFC 1808 §4 step 2a (the empty reference).
	try("")
	if wb, wt := base.WithoutFragment(), target.WithoutFragment(); wb == wt && target.flags&hasFragment != 0 {
		try(t[target.fragStart:])
	}
	sameAuth := base.flags&hasAuthority == target.flags&hasAuthority &&
		base.s[base.schemeEnd:base.pathStart] == t[target.schemeEnd:target.pathStart]
	if sameAuth {
		if target.flags&hasQuery != 0 {
			// "?q": the base's path with another query (RFC 3986 §5.2.2), or its directory's
			// (RFC 2396 §5.2 step 6, the drafts): resolving tells.
			try(t[target.queryStart:])
		}
		// The base's directory as the merge sees it (of the path without its ";params" under
		// RFC 1808, §4 step 6): "/" for an authority with an empty path (RFC 3986 §5.2.3), so
		// that "http://a" reaches "http://a//x" by ".//x"; and, when it holds dot-segments,
		// also as resolution leaves it ("sc:a/./" to "sc:a/" is "."), since what a reference
		// climbs is the directory after their removal. The 1993 URL draft removes "/." and
		// "/xxx/.." with their slash ("Partial form"): "." and ".." there reach a directory
		// without its final "/" ("sc:a/b" to "sc:a" is "."), the forms relativePaths gives
		// for the path with a "/" added.
		bp := base.Path()
		if mode == ModeRFC1808 {
			bp, _ = splitParams1808(bp) // RFC 1808 §2.4.5: ";params" are no part of the path
		}
		//
		// The target's path is taken as written and, for a path without an authority that
		// starts with the "/." that resolution puts before "//" (RFC 3986 §3.3; see
		// guardPath), also without it: that "/." is no segment a reference has to reach
		// ("foo:a/..//b/c" to "foo:/.//b/" is ".", which the merge makes "//b/" and the guard
		// "/.//b/").
		bdir := baseDir(base, bp)
		tp0 := target.Path()
		tps := [2]string{tp0, ""}
		if target.flags&hasAuthority == 0 && len(tp0) >= 4 && tp0[:4] == "/.//" {
			tps[1] = tp0[2:]
		}
		dirs := [3]string{bdir, RemoveDotSegments(bdir, mode)}
		if d := dirs[1]; len(d) > 0 && d[0] == '/' && (bdir == "" || bdir[0] != '/') {
			// A rootless directory whose removal of "./" leaves a "/" first (".//" under
			// RFC 2396 §5.2 step 6c and RFC 1808 §4 step 6a is "/") may still start with an
			// empty segment, which a ".." cancels (6e): "sc:.//x" reaches "sc:" by "../". A
			// placeholder first segment (a NUL, which no target holds) makes relativePaths
			// count that level and keep the result rootless.
			dirs[2] = "\x00" + d
		}
		for i, d := range dirs {
			if i == 1 && d == bdir {
				continue
			}
			if d == "" && i == 2 {
				continue
			}
			for k, tp := range tps {
				if k == 1 && tp == "" {
					break
				}
				for j := 0; j < 2; j++ {
					if j == 1 {
						if mode != ModeURLDraft {
							break
						}
						tp += "/"
					}
					for _, p := range relativePaths(d, tp) {
						c := p + t[target.queryStart:]
						if schemeRead(c, mode) {
							// RFC 3986 §4.2: "./" before a first segment with ":" that would
							// read as a scheme (the mode's reading: see schemeRead).
							c = "./" + c
						}
						try(c)
					}
				}
			}
		}
		if target.flags&hasAuthority == 0 && target.Path() == "" && int(target.schemeEnd)+1 > 4 {
			// An empty rootless path: a segment and ".." (RFC 1630's "xxx/../", where the
			// end of the path ends an element, and RFC 2396 §5.2 step 6f's "<segment>/.."),
			// for a rule that keeps a first "." or ".." ("http:b" to "http:" is "a/.." under
			// ModeRFC1630). Only when shorter than the target itself, which wins a tie
			// ("foo:" rather than "a/..").
			try("a/.." + t[target.queryStart:])
		}
		if p := target.Path(); len(p) > 0 && p[0] == '/' {
			if len(p) < 2 || p[1] != '/' {
				try(t[target.pathStart:]) // RFC 3986 §4.2 absolute-path reference
			} else {
				// A path that starts with "//" would read as an authority (RFC 3986 §4.2: an
				// absolute-path reference does not begin with "//"): "/." before it, a
				// dot-segment that resolution removes (§5.2.4), as the 1993 and 1630 drafts'
				// "/." removal does.
				try("/." + t[target.pathStart:])
			}
		}
	}
	if target.flags&hasAuthority != 0 {
		try(t[target.schemeEnd+1:]) // RFC 3986 §4.2 network-path reference
	}
	if mode == ModeRFC1808 {
		// RFC 1808 §4 steps 3 and 5: an empty <net_loc> or <query> is inherited, so "//" and
		// "?" are the base without its fragment, which "" keeps (step 2a), and "//" before
		// an absolute path is the base's net_loc with that path ("////" for "sc://h//").
		if target.flags&hasFragment == 0 && base.WithoutFragment() == target {
			try("?")
			try("//")
		}
		if sameAuth && target.flags&hasAuthority != 0 {
			try("//" + t[target.pathStart:])
		}
	}
	// Every other tail of the target that starts at a delimiter or a segment: the forms the
	// older rules resolve by string operations (RFC 1630's "//g/x", RFC 1808's ";x").
	r, ok, spent := bestTail(base, target, mode, best, found, scratch)
	if ok {
		best, found = r, true
	}
	try(t)
	if !found {
		return URL{}, spent, noRelative(target, mode)
	}
	return best, spent, nil
}

func noRelative(target URL, mode Mode) error {
	return &Error{Input: target.s, Code: CodeNoRelative, Rule: "RFC 3986 §5.2",
		Message: "no reference resolves to this URL under " + mode.String() +
			" (resolution would change it, e.g. by removing dot-segments)"}
}

// relativePaths returns relative-path candidates for reaching path tgt from the base path:
// "../" for each directory of the base not shared with the target, then the rest of the
// target (RFC 3986 §4.2 relative-path reference), with the variants that suit a target that
// is a directory ("./", ".", ".."). A first segment with ":" is left to the caller, which
// knows the query after it and the mode (schemeRead).
func relativePaths(base, tgt string) []string {
	// The directory of the base: everything up to its last "/".
	bdir := base
	if i := lastSlash(base); i >= 0 {
		bdir = base[:i+1]
	} else {
		bdir = ""
	}
	// The longest common prefix of bdir and tgt that ends with "/".
	n := 0
	for i := 0; i < len(bdir) && i < len(tgt) && bdir[i] == tgt[i]; i++ {
		if bdir[i] == '/' {
			n = i + 1
		}
	}
	if n == 0 && (len(bdir) > 0 && bdir[0] == '/') != (len(tgt) > 0 && tgt[0] == '/') {
		return nil
	}
	up := 0
	for i := n; i < len(bdir); i++ {
		if bdir[i] == '/' {
			up++
		}
	}
	prefix := strings.Repeat("../", up)
	rest := tgt[n:]
	var out []string
	p := prefix + rest
	if p == "" || p[0] == '/' {
		out = append(out, "./"+p) // RFC 3986 §4.2: "./" before an empty first segment
	} else {
		out = append(out, p)
		if p[0] == ';' {
			// RFC 1808 §2.4.5: a path that starts with ";" is the base's path with other
			// params (§4 step 5); "." before it makes it the directory's.
			out = append(out, "."+p)
		}
	}
	if prefix != "" && len(rest) > 0 && rest[0] == ';' {
		// RFC 1808: params after "..", as after "." above ("..;p" for "../;p").
		out = append(out, prefix[:len(prefix)-1]+rest)
	}
	if rest == "" {
		if prefix == "" {
			out = append(out, ".")
		} else {
			out = append(out, prefix[:len(prefix)-1]) // "../.." for "../../"
		}
	}
	return out
}

// colonForbidden reports whether mode's grammar forbids a ":" in the first segment of a
// relative-path reference, which it does not read as a scheme either: RFC 3986 §4.2
// (path-noscheme, "a path segment that contains a colon character (e.g., "this:that") cannot
// be used as the first segment of a relative-path reference") and RFC 2396 §3.3 (rel_segment
// has no ":"; §5: it "would be mistaken for a scheme name"). [Parse] accepts such a
// reference and the resolution takes it as a path, so Relative must not write one.
func colonForbidden(mode Mode) bool {
	return mode == ModeRFC3986 || mode == ModeRFC3986Compat || mode == ModeRFC2396
}

// schemeRead reports whether the reference s, written as a relative reference, has a ":"
// that mode reads as the end of a scheme, or that its grammar forbids there, so that "./"
// must come before it:
//   - RFC 3986 and RFC 2396: a ":" in the first segment (colonForbidden), before any "/",
//     "?" or "#";
//   - RFC 1808: a scheme by §2.4.2, a ":" after the first character with only alphanumerics,
//     "+", "." and "-" before it ("1a:b", not "a_b:c");
//   - the 1993 URL draft and the URI draft of RFC 1630: a full form, a ":" before any "/"
//     ("Partial form"), "?" or "#" (see refAbsolute).
func schemeRead(s string, mode Mode) bool {
	switch mode {
	case ModeRFC1808:
		return scheme1808(s)
	case ModeURLDraft:
		return fullFormDraft1993(s)
	}
	// RFC 3986 §4.2, RFC 2396 §3.3; the URI draft's full form, whose "?" and "#" are read
	// first (fullForm1630), is the same test, as is the 1993 URL draft's.
	return fullForm1630(s)
}

func lastSlash(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '/' {
			return i
		}
	}
	return -1
}

func indexByteStr(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// tailKey classifies a tail of the target by what decides the part of a resolution that comes
// before the tail, when the tail's path has no dot-segment: which delimiter starts it, how
// many slashes (RFC 1630's rule climbs to a run of as many), whether the component after the
// delimiter is empty (RFC 1808 §4 step 5 inherits the base's params or query when the
// reference's are empty), whether its first segment holds ":" (a scheme, read as relative by
// RFC 3986 §5.2.2 when not strict), and whether its path holds "//" (RFC 1630 simplifies only
// after the right-most run). Keys may be finer than needed; never coarser.
type tailKey struct {
	first   byte // '#', '?', ';', '/', or 0 when the tail starts a segment
	slashes int
	empty   bool
	colon   bool
	dslash  bool
}

// tailMemo is what one resolution of a tail with a given key taught: the result was the tail
// after xlen bytes that were ok (equal to the target's first xlen bytes), or, when the result
// did not end with the tail, nothing (unpredictable).
type tailMemo struct {
	xlen          int
	ok            bool
	unpredictable bool
}

// bestTail returns the shortest tail of the target, shorter than best when found, that
// resolves to the target under mode: a tail starts at a "/", ";", "?" or "#" or after a "/",
// past the target's scheme and its first character.
//
// Resolving every tail costs time quadratic in the target, so the tails are ruled out
// cheaply where possible:
//   - a resolution is at most len(base)+2 bytes longer than the reference (the "/" of RFC
//     3986 §5.2.3 for an empty base path, or the "/." of §3.3 before a path starting with
//     "//"), so a tail shorter than len(target)-len(base)-3 cannot give the target;
//   - a tail whose path has no dot-segment is copied into the result as it is, after a part
//     that depends only on the base, the mode and the tail's key (see tailKey): one
//     resolution per key tells that part, and only a tail that starts where it ends can give
//     the target;
//   - the other tails (a dot-segment in the path, or a key whose result did not end with the
//     tail) are resolved within a budget of about twice the length of the inputs.
//
// Ruling a tail out only ever costs length, never correctness: every reference returned was
// resolved and gave the target, and the target itself is tried last. The tests compare the
// result with resolving every tail (relativeQuadratic) on generated and fuzzed inputs.
//
// The tails are tried shortest first, so the first that resolves to the target is the best.
// The cost is linear in the inputs; when the budget runs out, a shorter tail that only a
// resolution could have found may be missed, and a longer candidate is returned.
func bestTail(base, target URL, mode Mode, best URL, found bool, scratch []byte) (_ URL, _, spent bool) {
	t := target.s
	lo := int(target.schemeEnd) + 2
	budget := 2*(len(base.s)+len(t)) + 1<<14
	memo := map[tailKey]*tailMemo{}
	// resolveTail parses the tail at i and resolves it: the reference and the result's
	// serialization (in scratch, until the next call).
	resolveTail := func(i int) (ref URL, got []byte, ok bool) {
		budget -= len(base.s) + 3*(len(t)-i) + 64
		ref, err := Parse(t[i:])
		if err != nil {
			return URL{}, nil, false
		}
		scratch = composeText(scratch[:0], base, ref, mode)
		return ref, scratch, true
	}
	// Nearest positions at or after i of what the features need, kept as i goes down.
	n := len(t)
	nextQF := n     // '?' or '#'
	nextDelim := n  // '/', '?' or '#'
	nextColon := n  // ':'
	nextDslash := n // "//"
	nextDot := n    // a segment "." or ".." after a "/"
	nextSlash := n  // '/'
	nextHash := n   // '#'
	nextOther := n  // a byte that is no scheme character (RFC 3986 §3.1, RFC 1808 §2.2), ':' too
	run := 0        // slashes starting at i
	for i := n - 1; i >= lo; i-- {
		c := t[i]
		switch c {
		case '?', '#':
			nextQF, nextDelim = i, i
			if c == '#' {
				nextHash = i
			}
		case '/':
			nextDelim, nextSlash = i, i
			if i+1 < n && t[i+1] == '/' {
				nextDslash = i
			}
		case ':':
			nextColon = i
		}
		if !schemeTab[c] {
			nextOther = i
		}
		if c == '/' {
			run++
		} else {
			run = 0
		}
		if c == '.' && t[i-1] == '/' {
			j := i + 1
			if j < n && t[j] == '.' {
				j++
			}
			if j == n || t[j] == '/' || t[j] == '?' || t[j] == '#' || t[j] == ';' {
				nextDot = i
			}
		}
		if found && n-i >= len(best.s) {
			break // every remaining tail is as long as best or longer
		}
		if !(c == '/' || c == ';' || c == '?' || c == '#' || t[i-1] == '/') {
			continue
		}
		if n-i < n-len(base.s)-3 {
			continue // too short: see above
		}
		// A tail whose ":" the mode reads as the end of a scheme resolves to itself, not to
		// the target (which has a scheme and starts before it); one whose ":" the mode's
		// grammar forbids is no reference (schemeRead, the same tests on positions).
		colonFirst := nextColon < nextDelim // a ":" before any "/", "?" or "#"
		schemeLike := nextOther == nextColon && nextColon > i
		switch {
		case mode == ModeRFC1808 && schemeLike, // RFC 1808 §2.4.2
			mode == ModeURLDraft && nextColon < min(nextSlash, nextHash), // 1993 URL draft, Partial form
			(mode == ModeRFC1630 || mode == ModeRFC1630Published) && colonFirst,
			colonForbidden(mode) && colonFirst && !(schemeLike && isAlphaByte(c)): // RFC 3986 §4.2
			continue
		}
		pathEnd := nextQF
		if c == '?' || c == '#' {
			pathEnd = i
		}
		key := tailKey{slashes: run, colon: nextColon < nextDelim, dslash: nextDslash < pathEnd}
		if c == '/' || c == ';' || c == '?' || c == '#' {
			key.first = c
			key.empty = i+1 == n || t[i+1] == '/' || t[i+1] == '?' || t[i+1] == '#' || t[i+1] == ';'
		}
		if c == '/' {
			key.colon = false // a first segment that is empty has no scheme
		}
		if c == ';' {
			// RFC 1808 §4 step 5: empty params (";" then the query, the fragment or the end)
			// are inherited, other params are not; ";;x" and ";x" hold params alike.
			key.empty = i+1 == n || t[i+1] == '?' || t[i+1] == '#'
		}
		dotty := nextDot < pathEnd
		if m := memo[key]; m != nil && !m.unpredictable && !dotty {
			if !m.ok || i != m.xlen {
				continue
			}
			// The one position where this key's tail can give the target: confirm it.
			if ref, got, ok := resolveTail(i); ok && string(got) == t {
				return ref, true, spent
			}
			continue
		}
		if budget <= 0 {
			spent = true
			continue
		}
		ref, got, ok := resolveTail(i)
		if !ok {
			continue
		}
		if string(got) == t {
			return ref, true, spent
		}
		if dotty || memo[key] != nil {
			continue
		}
		m := &tailMemo{unpredictable: true}
		if g, r := got, t[i:]; len(g) >= len(r) && string(g[len(g)-len(r):]) == r {
			xlen := len(g) - len(r)
			m = &tailMemo{xlen: xlen, ok: xlen <= len(t) && string(g[:xlen]) == t[:xlen]}
		}
		memo[key] = m
	}
	return URL{}, false, spent
}

// composeText appends to b the serialization of ref resolved against base under mode (below
// ModeWHATWG, base with a scheme): what [Resolve] returns, without parsing it. A result that
// Resolve would reject (one that does not parse) never equals a parsed target, so comparing
// the text is comparing the URLs.
func composeText(b []byte, base, ref URL, mode Mode) []byte {
	r, b, done := compose(b, base, ref, mode)
	if done {
		return append(b[:0], r.s...)
	}
	return b
}
