package locator

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// The algorithm Relative had before it was made linear (it resolved every tail of the target,
// quadratic in the target's length), kept as an oracle: on short inputs, where its budget
// never runs out, the linear one must give the same reference.

func relativeQuadratic(base, target URL, mode Mode) (URL, error) {
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
		if err != nil || rsColonForbidden(ref, mode) {
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
		if target.flags&hasQuery != 0 {
			try(t[target.queryStart:])
		}
		// "/" for an authority with an empty path, as the merge reads it (RFC 3986 §5.2.3);
		// the directory with its dot-segments removed too; under the 1993 URL draft the
		// target's path with a "/" added too.
		bp := base.Path()
		if i := strings.IndexByte(bp, ';'); i >= 0 && mode == ModeRFC1808 {
			bp = bp[:i]
		}
		if bp == "" && base.flags&hasAuthority != 0 {
			bp = "/"
		}
		bdir := bp[:lastSlash(bp)+1]
		dirs := []string{bdir}
		if c := RemoveDotSegments(bdir, mode); c != bdir {
			dirs = append(dirs, c)
			if strings.HasPrefix(c, "/") && !strings.HasPrefix(bdir, "/") {
				// A rootless directory that "./" removal leaves with a "/" first (".//") still
				// has an empty first segment, which ".." cancels: a placeholder segment.
				dirs = append(dirs, "\x00"+c)
			}
		}
		tps := []string{target.Path()}
		if p := target.Path(); !target.HasAuthority() && strings.HasPrefix(p, "/.//") {
			tps = append(tps, p[2:]) // the "/." guard of RFC 3986 §3.3 is no segment to reach
		}
		if mode == ModeURLDraft {
			for _, tp := range tps {
				tps = append(tps, tp+"/")
			}
		}
		for _, d := range dirs {
			for _, tp := range tps {
				for _, p := range relativePathsQuadratic(d, tp) {
					c := p + t[target.queryStart:]
					if rsSchemeRead(c, mode) {
						c = "./" + c
					}
					try(c)
				}
			}
		}
		if !target.HasAuthority() && target.Path() == "" && len(target.Scheme())+1 > 4 {
			try("a/.." + t[target.queryStart:]) // an empty rootless path: RFC 1630 "xxx/../"
		}
		if p := target.Path(); strings.HasPrefix(p, "//") {
			try("/." + t[target.pathStart:]) // "/." before a path that would read as an authority
		} else if strings.HasPrefix(p, "/") {
			try(t[target.pathStart:]) // RFC 3986 §4.2 absolute-path reference
		}
	}
	if target.flags&hasAuthority != 0 {
		try(t[target.schemeEnd+1:]) // RFC 3986 §4.2 network-path reference
	}
	if mode == ModeRFC1808 {
		if target.flags&hasFragment == 0 && base.WithoutFragment() == target {
			try("?") // RFC 1808 §4 steps 3 and 5: an empty query or net_loc is inherited
			try("//")
		}
		if sameAuth && target.flags&hasAuthority != 0 {
			try("//" + t[target.pathStart:])
		}
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

func relativePathsQuadratic(base, tgt string) []string {
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

// rsSchemeRead is schemeRead written from the texts, for the oracle: whether the reference s,
// written without a scheme, has a ":" that mode reads as ending a scheme or forbids there.
func rsSchemeRead(s string, mode Mode) bool {
	cut := func(s, stops string) string {
		if i := strings.IndexAny(s, stops); i >= 0 {
			return s[:i]
		}
		return s
	}
	switch mode {
	case ModeRFC1808: // RFC 1808 §2.4.2
		i := strings.IndexByte(s, ':')
		return i > 0 && strings.Trim(s[:i], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-") == ""
	}
	// RFC 3986 §4.2 path-noscheme, RFC 2396 §3.3 rel_segment; the 1993 URL draft's and the URI
	// draft's full form ("a full form must have a colon ... before any slash characters", and
	// before the "?" of a search and the "#" of a fragment-id)
	return strings.Contains(cut(s, "/?#"), ":")
}

// rsColonForbidden reports whether ref, parsed without a scheme, is a relative-path reference
// whose first segment holds ":", which RFC 3986 §4.2 and RFC 2396 §3.3 do not allow.
func rsColonForbidden(ref URL, mode Mode) bool {
	return !ref.HasScheme() && (mode == ModeRFC3986 || mode == ModeRFC3986Compat || mode == ModeRFC2396) &&
		rsSchemeRead(ref.String(), mode)
}

// TestRelativeMatchesQuadratic compares Relative with the quadratic algorithm on generated
// bases and targets under every mode: the same reference, or the same error code.
func TestRelativeMatchesQuadratic(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := 0
	eachGenerated(r, 6000, func(base, _, target URL, m Mode, err error) {
		if err != nil {
			return
		}
		// Also a target the resolution did not make: the reference made absolute by hand.
		for _, tg := range []URL{target, rsSwapTail(r, target)} {
			got, gerr := Relative(base, tg, m)
			want, werr := relativeQuadratic(base, tg, m)
			if got != want || (gerr == nil) != (werr == nil) {
				t.Errorf("Relative(%q, %q, %s) = %q, %v; the quadratic algorithm gives %q, %v", base, tg, m, got, gerr, want, werr)
			}
			n++
		}
	})
	if n < 40000 {
		t.Errorf("only %d comparisons", n)
	}
}

// rsSwapTail returns u with a generated path, query and fragment after its authority.
func rsSwapTail(r *rand.Rand, u URL) URL {
	s := u.s[:u.pathStart]
	tail := rsGenURL(r, false)
	if i := strings.Index(tail, "//"); i == 0 {
		tail = tail[2:]
	}
	if !strings.HasPrefix(tail, "/") && u.HasAuthority() {
		tail = "/" + tail
	}
	v, err := Parse(s + tail)
	if err != nil {
		return u
	}
	return v
}
