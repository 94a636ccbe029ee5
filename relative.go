package locator

// Relative references: the inverse of resolution.

// Relative returns the shortest reference that resolves back to target against base under
// mode: Resolve(base, Relative(base, target, mode), mode) == target. It is what libwww's
// HTRelative does for RFC 1630 partial forms and what RFC 3986 §4.2 calls a relative
// reference.
//
// The candidates are, shortest first wins, ties in this order: the empty reference (the
// target is the base, RFC 3986 §4.4), a fragment "#f", a query "?q#f", a relative path made
// of the last segments of the target after "../" for each level of the base to leave (with
// "./" before a first segment that holds ":", RFC 3986 §4.2, and "." or ".." where the mode
// accepts them for a directory), an absolute path "/p?q#f", a network-path "//a/p?q#f", every
// tail of the target that starts at a "/", ";", "?" or "#" or after a "/" (the forms RFC 1630
// and RFC 1808 resolve by string operations: "//g/x", ";x"), and the target itself. Each candidate is resolved under mode and kept only if it gives the target
// exactly, so the round trip holds by construction, and a mode whose rules reject a form
// (RFC 1630's slash rule for "/p", RFC 1808's inherited params) falls through to the next.
//
// When the target has a different scheme from the base, or no scheme, only the target itself
// can be the reference: it is returned when it resolves to itself. When no candidate resolves
// to the target, which happens under RFC 3986 for a target with dot-segments (resolution
// always removes them, §5.2.2) or with a path starting with "//" and no authority, Relative
// returns an [*Error] with code [CodeNoRelative]; [Normalize] with NormalizeRemoveDotSegments
// first gives a target that has a reference. Under ModeRFC3986Compat a reference with the
// base's scheme is read as relative (§5.2.2), so a target with the base's scheme, no authority
// and a rootless path that no merge with the base's path produces (base "foo:a//./g", target
// "foo:a/") has no reference either; these are the only targets produced by [Resolve] for
// which Relative fails. ModeWHATWG returns code [CodeNotImplemented].
func Relative(base, target URL, mode Mode) (URL, error) {
	if mode >= ModeWHATWG {
		return URL{}, modeError(mode, target.s)
	}
	if base.flags&hasScheme == 0 {
		return URL{}, &Error{Input: base.s, Code: CodeBaseNotAbsolute, Rule: "RFC 3986 §5.1",
			Message: "the base URL has no scheme; a base must be absolute"}
	}
	best := URL{}
	found := false
	try := func(s string) {
		if found && len(s) >= len(best.s) {
			return
		}
		ref, err := Parse(s)
		if err != nil {
			return
		}
		got, err := Resolve(base, ref, mode)
		if err != nil || got != target {
			return
		}
		best, found = ref, true
	}
	if target.flags&hasScheme == 0 || target.Scheme() != base.Scheme() {
		try(target.s)
		if !found {
			return URL{}, noRelative(target, mode)
		}
		return best, nil
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
		if base.Path() == target.Path() && target.flags&hasQuery != 0 {
			try(t[target.queryStart:])
		}
		for _, p := range relativePaths(base.Path(), target.Path()) {
			try(p + t[target.queryStart:])
		}
		if p := target.Path(); len(p) > 0 && p[0] == '/' && (len(p) < 2 || p[1] != '/') {
			try(t[target.pathStart:]) // RFC 3986 §4.2 absolute-path reference
		}
	}
	if target.flags&hasAuthority != 0 {
		try(t[target.schemeEnd+1:]) // RFC 3986 §4.2 network-path reference
	}
	// Every other tail of the target that starts at a delimiter or a segment: the forms the
	// older rules resolve by string operations (RFC 1630's "//g/x", RFC 1808's ";x").
	for i := int(target.schemeEnd) + 2; i < len(t); i++ {
		if c := t[i]; c == '/' || c == ';' || c == '?' || c == '#' || t[i-1] == '/' {
			try(t[i:])
		}
	}
	try(t)
	if !found {
		return URL{}, noRelative(target, mode)
	}
	return best, nil
}

func noRelative(target URL, mode Mode) error {
	return &Error{Input: target.s, Code: CodeNoRelative, Rule: "RFC 3986 §5.2",
		Message: "no reference resolves to this URL under " + mode.String() +
			" (resolution would change it, e.g. by removing dot-segments)"}
}

// relativePaths returns relative-path candidates for reaching path tgt from the base path:
// "../" for each directory of the base not shared with the target, then the rest of the
// target (RFC 3986 §4.2 relative-path reference), with the variants that suit a target that
// is a directory ("./", ".", "..").
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
	var prefix string
	for i := 0; i < up; i++ {
		prefix += "../"
	}
	rest := tgt[n:]
	var out []string
	p := prefix + rest
	first := p
	if i := indexByteStr(first, '/'); i >= 0 {
		first = first[:i]
	}
	if p == "" || p[0] == '/' || indexByteStr(first, ':') >= 0 {
		out = append(out, "./"+p) // RFC 3986 §4.2: "./" before a first segment with ":"
	} else {
		out = append(out, p)
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
