package locator

import "testing"

// TestResolveEmptyParams: a reference whose params or query are present but empty, against
// the base of RFC 1808 §5 and RFC 3986 §5.4, under every mode. Only RFC 1808 reads ";" and
// "?" apart from the path: §2.4.5 and §2.4.4 split them off first, and §4 step 5 a) and b)
// inherit the base's params and query when the reference's are empty ("if the embedded URL's
// <params> is non-empty, we skip to step 7; otherwise, it inherits the <params> of the base
// URL"). Every other rule sees ";" as a path segment (RFC 3986 §3.3, RFC 2396 §3.3 param is
// part of a segment) and merges it with the base's directory (RFC 3986 §5.2.3; RFC 2396 §5.2
// step 6; the 1993 URL draft and RFC 1630 "the last part of the path ... is removed, and the
// given partial URL appended in its place"); "?" with an empty path keeps the base's path in
// RFC 3986 (§5.2.2: R.path == "" and R.query defined) and replaces its last segment in RFC
// 2396 (§5.2 step 6) and the drafts. The results were worked out by hand from those texts.
func TestResolveEmptyParams(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	type row struct{ ref, want string }
	merged := func(ref string) string { return "http://a/b/c/" + ref }
	tests := []struct {
		mode Mode
		rows []row
	}{
		// RFC 3986 §5.2.2 and §5.2.3: ";" is a relative path, merged with "/b/c/".
		{ModeRFC3986, []row{{";", merged(";")}, {";?y", merged(";?y")}, {";x", merged(";x")},
			{"?", "http://a/b/c/d;p?"}, {"?#s", "http://a/b/c/d;p?#s"}, {";#s", merged(";#s")}}},
		{ModeRFC3986Compat, []row{{";", merged(";")}, {";?y", merged(";?y")}, {";x", merged(";x")},
			{"?", "http://a/b/c/d;p?"}, {"?#s", "http://a/b/c/d;p?#s"}, {";#s", merged(";#s")}}},
		// RFC 2396 §5.2 step 6 a)–b): all but the last segment, then the reference's path; an
		// empty path with a query is step 6 too ("?y" = "http://a/b/c/?y", Appendix C).
		{ModeRFC2396, []row{{";", merged(";")}, {";?y", merged(";?y")}, {";x", merged(";x")},
			{"?", merged("?")}, {"?#s", merged("?#s")}, {";#s", merged(";#s")}}},
		// RFC 1808 §4 step 5: the path is empty; empty params inherit ";p" (a), an empty or
		// absent query inherits "?q" (b); non-empty ones are kept (";x" = "http://a/b/c/d;x",
		// §5.1). The fragment is the reference's (step 2a inherits it only for an empty URL).
		{ModeRFC1808, []row{{";", "http://a/b/c/d;p?q"}, {";?y", "http://a/b/c/d;p?y"},
			{";x", "http://a/b/c/d;x"}, {"?", "http://a/b/c/d;p?q"}, {"?#s", "http://a/b/c/d;p?q#s"},
			{";#s", "http://a/b/c/d;p?q#s"}}},
		// 1993 URL draft, "Partial form": the last part of the context's path is replaced.
		{ModeURLDraft, []row{{";", merged(";")}, {";?y", merged(";?y")}, {";x", merged(";x")},
			{"?", merged("?")}, {"?#s", merged("?#s")}, {";#s", merged(";#s")}}},
		// uri-draft-www "Partial (relative) form": the same replacement.
		{ModeRFC1630, []row{{";", merged(";")}, {";?y", merged(";?y")}, {";x", merged(";x")},
			{"?", merged("?")}, {"?#s", merged("?#s")}, {";#s", merged(";#s")}}},
		{ModeRFC1630Published, []row{{";", merged(";")}, {";?y", merged(";?y")}, {";x", merged(";x")},
			{"?", merged("?")}, {"?#s", merged("?#s")}, {";#s", merged(";#s")}}},
	}
	seen := map[Mode]bool{}
	for _, tt := range tests {
		seen[tt.mode] = true
		for _, r := range tt.rows {
			if f := rsFailure(base, r.ref, tt.mode, r.want); f != "" {
				t.Error(f)
				continue
			}
			// And back: Relative finds a reference for the result, which resolves to it.
			b, target := MustParse(base), MustParse(r.want)
			rel, err := Relative(b, target, tt.mode)
			if err != nil {
				t.Errorf("Relative(%q, %q, %s): %v", base, r.want, tt.mode, err)
				continue
			}
			if back, err := Resolve(b, rel, tt.mode); err != nil || back != target {
				t.Errorf("Relative(%q, %q, %s) = %q resolves to %q, %v", base, r.want, tt.mode, rel, back, err)
			}
		}
	}
	for _, m := range Modes() {
		if m != ModeWHATWG && !seen[m] {
			t.Errorf("mode %s has no rows", m)
		}
	}
}
