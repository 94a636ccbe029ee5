package whatwg

// Relative references under the URL Standard. The standard defines parsing against a base
// (§4.4) but no inverse; Relative is that inverse, checked by the parser itself.

// Relative returns the shortest reference that the basic URL parser resolves against base to
// target: Parse(Relative(base, target), &base) has target's href. The URL Standard defines
// no such operation; this is the inverse of parsing with a base, in the manner of
// locator.Relative for RFC 3986 §4.2.
//
// The candidates are those of locator.Relative, built from target's href: the empty string
// (the base without its fragment), the fragment "#f", the query "?q#f", a relative path of
// "../" for each directory of the base to leave then the rest of the target's path (a base
// with a host and an empty path counts as "/", as the path state reads it, a file URL's
// path that is a drive letter alone, "/C:", as "/C:/", which "shorten a URL's path" keeps
// (§4.2), and two null hosts as one authority; with "./" before a first segment that is
// empty or starts with what the scheme state reads as a scheme (an ASCII alpha, then
// alphanumerics, "+", "-" and ".", then ":": "./b:c", but "1b:c" and, in a non-special URL,
// "\g:h"), and "." or ".." for a directory), an absolute path "/p?q#f" ("/.//p"
// for a path "//p", which would read as a host; after a base's Windows drive letter, the path
// without it, which the file slash state puts back), the href without its scheme
// ("//host/p?q#f", "//host?q#f" for a special URL's path "/", or "/.//p" for a path "//p"
// without a host), and the href itself. Each is parsed against base with [Parse] and kept
// only if the result's href is target's, so the round trip holds by construction, whatever
// the standard's quirks
// (backslashes, Windows drive letters, opaque paths); the shortest that passes wins, ties in
// the order above. A target with another scheme than the base, or with an opaque path
// ("mailto:x"), gets its href, or "#f" or "" when it is the base with another fragment.
//
// Relative fails, with an [*Error] of code [MissingSchemeNonRelativeURL], only when base or
// target is the zero URL (not a URL).
func Relative(base, target URL) (string, error) {
	if base.href == "" || target.href == "" {
		in := target.href
		if base.href == "" {
			in = base.href
		}
		return "", &Error{Input: in, Offset: -1, Code: MissingSchemeNonRelativeURL, Rule: "whatwg.Relative: the zero URL is not a URL"}
	}
	t := target.href
	best, found := t, false
	try := func(ref string) {
		if found && len(ref) >= len(best) {
			return
		}
		u, err := Parse(ref, &base)
		if err != nil || u.href != t {
			return
		}
		best, found = ref, true
	}
	// §4.4 no scheme state and relative state: "" is the base without its fragment, "#f" the
	// base with another one (this works for a base with an opaque path too).
	try("")
	fs := int(target.fragStart)
	if target.flags&fFrag != 0 && base.href[:base.fragStart] == t[:fs] {
		try(t[fs:])
	}
	sameScheme := base.scheme() == target.scheme()
	if sameScheme && base.flags&fOpaque == 0 && target.flags&fOpaque == 0 {
		qs, ps := int(target.queryStart), int(target.pathStart)
		// The same scheme and authority (userinfo, host and port), or both hosts null (the
		// "/." that the serializer writes before a null host's path "//p" is no authority): a
		// path, or the query alone.
		if base.flags&fHost == target.flags&fHost &&
			(base.flags&fHost == 0 || base.href[base.schemeEnd:base.pathStart] == t[target.schemeEnd:ps]) {
			bp, tp := base.Pathname(), target.Pathname()
			if bp == "" {
				// The path state appends to the base's path without its last segment: an
				// empty path (a host and no path, "sc://h") reads as "/" does.
				bp = "/"
			}
			if target.flags&fQuery != 0 {
				try(t[qs:]) // the base's path with the target's query: parsing tells
			}
			for _, p := range relativePaths(bp, tp) {
				try(p + t[qs:])
			}
			if target.scheme() == "file" && len(bp) == 3 && bp[0] == '/' && isAlpha(bp[1]) && bp[2] == ':' {
				// A base path that is a drive letter alone, "file:///C:": the file state
				// (§4.4) shortens the path before a relative path, and "shorten a URL's
				// path" keeps a file URL's lone normalized Windows drive letter (§4.2), so
				// the reference's segments go after it, as after the directory "/C:/": "x"
				// gives "file:///C:/x".
				for _, p := range relativePaths(bp+"/", tp) {
					try(p + t[qs:])
				}
			}
			// An absolute path, with "/." before one that starts with "//" (which would be a
			// host): the path state drops the "." segment.
			abs := func(p string) {
				if len(p) > 1 && p[1] == '/' {
					try("/." + p + t[qs:])
				} else {
					try(p + t[qs:])
				}
			}
			if len(tp) > 0 && tp[0] == '/' {
				abs(tp)
			}
			if len(tp) > 3 && tp[3] == '/' && len(bp) >= 3 && tp[:3] == bp[:3] && target.scheme() == "file" {
				// The file slash state keeps the base's Windows drive letter before an
				// absolute path: "/b" against "file:///C:/a" is "file:///C:/b".
				abs(tp[3:])
			}
		}
		// The href without its scheme: a scheme-relative URL "//host/p" when there is a host,
		// else an absolute path, such as "/.//p" for the path "//p" the serializer writes so.
		try(t[target.schemeEnd+1:])
		if target.flags&fSpecial != 0 && target.Pathname() == "/" {
			// A special URL's empty path is "/" (path start state): "//host?q" rather than
			// "//host/?q".
			try(t[target.schemeEnd+1:ps] + t[qs:])
		}
	}
	if !found {
		// The href parses to itself (the parser is idempotent on its output); an absolute URL
		// ignores the base, except that a special scheme's "http:x" would not, and an href of a
		// special scheme always has "//".
		return t, nil
	}
	return best, nil
}

// relativePaths returns relative-path candidates for reaching the path tgt from the base path
// bp: "../" for each directory of the base not shared with the target, then the rest of the
// target, with "./" before a first segment that starts with "/" or with a scheme (an ASCII
// alpha, then alphanumerics, "+", "-" and ".", then ":": schemeShaped), and the short forms
// of a directory ("." for the base's own, "../.." for "../../").
func relativePaths(bp, tgt string) []string {
	bdir := ""
	for i := len(bp) - 1; i >= 0; i-- {
		if bp[i] == '/' {
			bdir = bp[:i+1]
			break
		}
	}
	n := 0 // the longest common prefix of bdir and tgt that ends with "/"
	for i := 0; i < len(bdir) && i < len(tgt) && bdir[i] == tgt[i]; i++ {
		if bdir[i] == '/' {
			n = i + 1
		}
	}
	up := 0
	for i := n; i < len(bdir); i++ {
		if bdir[i] == '/' {
			up++
		}
	}
	prefix := make([]byte, 0, 3*up)
	for range up {
		prefix = append(prefix, "../"...)
	}
	rest := tgt[n:]
	p := string(prefix) + rest
	first := p
	for i := 0; i < len(first); i++ {
		if first[i] == '/' {
			first = first[:i]
			break
		}
	}
	out := make([]string, 0, 2)
	if p == "" || p[0] == '/' || schemeShaped(first) {
		out = append(out, "./"+p)
	} else {
		out = append(out, p)
	}
	if rest == "" {
		if up == 0 {
			out = append(out, ".")
		} else {
			out = append(out, string(prefix[:len(prefix)-1]))
		}
	}
	return out
}

// schemeShaped reports whether s starts with what the scheme start and scheme states read as
// a scheme (§4.4): an ASCII alpha, then ASCII alphanumerics, "+", "-" and ".", then ":". A
// relative path that does, "x:y", would be parsed as an absolute URL (or, with a special
// base's own scheme, "http:x", by the special relative or authority state); one that does not,
// "1b:c" or "\g:h", goes from the no scheme state to the relative state as a path.
func schemeShaped(s string) bool {
	if s == "" || !isAlpha(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == ':':
			return true
		case isAlpha(c), '0' <= c && c <= '9', c == '+', c == '-', c == '.':
		default:
			return false
		}
	}
	return false
}
