package locator

import "testing"

// FuzzResolve: for every mode, Resolve never panics, its result is a valid URL value that
// parses back to itself, Relative finds a reference for it that resolves back to it
// (the round trip of issue 3) and is the reference the quadratic algorithm finds
// (relative_linear_test.go), and Normalize is idempotent and yields valid values.
func FuzzResolve(f *testing.F) {
	for _, s := range [][2]string{
		{"http://a/b/c/d;p?q", "../../../g"},
		{"http://a/b/c/d;p?q#f", ";x?y#s"},
		{"magic://a/b/c//d/e/f", "/g"},
		{"fred:///s//a/b/c", "../../../../g"},
		{"foo:/a/b", "..//g"},
		{"http://a", "g"},
		{"mailto:a/b", "../../c"},
		{"http://h:80/%7e/./x?b&a#", "HTTP:g"},
		{"file:///etc/", "//host/x/../y"},
		{"http://a", "//A..#"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, bs, rs string) {
		base, err1 := Parse(bs)
		ref, err2 := Parse(rs)
		if err1 != nil || err2 != nil {
			return
		}
		for m := Mode(0); m <= ModeWHATWG; m++ {
			got, err := Resolve(base, ref, m)
			if err != nil {
				if m != ModeWHATWG && base.HasScheme() {
					t.Fatalf("Resolve(%q, %q, %s): %v", bs, rs, m, err)
				}
				continue
			}
			if err := got.check(); err != nil {
				t.Fatalf("Resolve(%q, %q, %s) = %q: invalid value: %v", bs, rs, m, got, err)
			}
			if again, err := Parse(got.String()); err != nil || again != got {
				t.Fatalf("Resolve(%q, %q, %s) = %q does not parse back: %v", bs, rs, m, got, err)
			}
			if !base.HasScheme() {
				continue
			}
			r, err := Relative(base, got, m)
			if rsCompatRootless(got, m, err) {
				continue
			}
			if err != nil {
				t.Fatalf("Relative(%q, %q, %s): %v", bs, got, m, err)
			}
			if back, err := Resolve(base, r, m); err != nil || back != got {
				t.Fatalf("Relative(%q, %q, %s) = %q, which resolves to %q, %v", bs, got, m, r, back, err)
			}
			// The linear Relative finds what resolving every tail finds, for the resolved
			// target and for the reference taken as a target, unless its budget ran out
			// (a long input with dot-segments): then its reference may be longer, and
			// still resolves to the target.
			for _, tg := range []URL{got, ref} {
				lin, spent, lerr := relative(base, tg, m)
				quad, qerr := relativeQuadratic(base, tg, m)
				if spent && lerr == nil && qerr == nil && len(lin.s) > len(quad.s) {
					if back, err := Resolve(base, lin, m); err != nil || back.s != plain(tg).s {
						t.Fatalf("Relative(%q, %q, %s) = %q, which resolves to %q, %v", bs, tg, m, lin, back, err)
					}
					continue
				}
				if lin != quad || (lerr == nil) != (qerr == nil) {
					t.Fatalf("Relative(%q, %q, %s) = %q, %v (budget spent: %v); resolving every tail gives %q, %v", bs, tg, m, lin, lerr, spent, quad, qerr)
				}
			}
		}
		for _, opts := range []NormalizeFlags{NormalizeSafe, NormalizeUsually, NormalizeAggressive} {
			n, err := Normalize(ref, opts)
			if err != nil {
				t.Fatalf("Normalize(%q, %s): %v", rs, opts, err)
			}
			if err := n.check(); err != nil {
				t.Fatalf("Normalize(%q, %s) = %q: invalid value: %v", rs, opts, n, err)
			}
			if again, _ := Normalize(n, opts); again != n {
				t.Fatalf("Normalize(%q, %s) not idempotent: %q then %q", rs, opts, n, again)
			}
		}
		if ref.HasScheme() {
			if _, err := SURT(ref); err != nil {
				t.Fatalf("SURT(%q): %v", rs, err)
			}
		}
		for m := Mode(0); m < ModeWHATWG; m++ {
			p := ref.Path()
			segs := p // RFC 1808 §2.4.5: the segments end at the first ";" ("/.;p" has one "." segment)
			if m == ModeRFC1808 {
				segs, _ = splitParams1808(p)
			}
			if d := RemoveDotSegments(p, m); !hasDotSeg(segs) && d != p {
				t.Fatalf("RemoveDotSegments(%q, %s) = %q changed a path without dot-segments", p, m, d)
			}
		}
	})
}
