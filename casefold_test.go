package locator

import (
	"strings"
	"testing"
)

// Case folding, letter by letter: the scheme and the host are case-insensitive (RFC 3986
// §3.1, §3.2.2 and §6.2.2.1; RFC 1738 §2.1 and §3.1), the hex digits of an escape too (RFC
// 3986 §2.1), and nothing else is. A table that tries a few letters would pass a folding that
// misses one ("HTTP://Z/" left upper-case), or that folds a neighbour of the range ("@" and
// "[" around "A"–"Z", "`" and "{" around "a"–"z"), so every letter is tried, in both cases,
// with the four neighbours beside it.

const cfNeighbours = "@[`{" // 0x40, 0x5B, 0x60, 0x7B: just outside A–Z and a–z

// TestCaseFoldSchemeHost: for every letter, the scheme and the host are lower-cased by the
// steps that say so, by Canonical and by SURT, and by nothing else; the path keeps its case.
func TestCaseFoldSchemeHost(t *testing.T) {
	for c := byte('A'); c <= 'Z'; c++ {
		U, l := string(c), string(c+'a'-'A')
		// "Qq://Qq.q`{[Q/Qq@[`{" → scheme "qq", host "qq.q`{[q", path as written.
		upper := U + l + "://" + U + l + "." + l + "`{[" + U + "/" + U + l + cfNeighbours
		lower := l + l + "://" + l + l + "." + l + "`{[" + l + "/" + U + l + cfNeighbours
		u, err := Parse(upper)
		if err != nil {
			t.Fatalf("Parse(%q): %v", upper, err)
		}
		lowScheme := l + upper[1:]
		lowHost := upper[:5] + lower[5:strings.LastIndexByte(lower, '/')] + upper[strings.LastIndexByte(upper, '/'):]
		for _, tt := range []struct {
			f    NormalizeFlags
			want string
		}{
			{NormalizeLowerScheme, lowScheme},
			{NormalizeLowerHost, lowHost},
			{NormalizeLowerScheme | NormalizeLowerHost, lower},
			{NormalizeUpperEscapes, upper}, // no escape: nothing to do
			{NormalizeRemoveDotSegments, upper},
		} {
			got, err := Normalize(u, tt.f)
			if err != nil || got.String() != tt.want {
				t.Errorf("Normalize(%q, %s) = %q, %v; want %q", upper, tt.f, got, err, tt.want)
			}
			// The other side: already lower-case input is left alone.
			if got, err := Normalize(MustParse(lower), tt.f); err != nil || got.String() != lower {
				t.Errorf("Normalize(%q, %s) = %q, %v; want it unchanged", lower, tt.f, got, err)
			}
		}
		// Canonical also encodes what must be encoded (RFC 1738 §2.2 unsafe "[`{" in the
		// path), but leaves the host's as written (RFC 1738 §5 hostname holds none, encoded or
		// not); CanonicalFor RFC3986 encodes the host's "`{[" too. The letters are folded, in
		// the scheme and host only.
		canon := l + l + "://" + l + l + "." + l + "`{[" + l + "/" + U + l + "@%5B%60%7B"
		canon3986 := l + l + "://" + l + l + "." + l + "%60%7B%5B" + l + "/" + U + l + "@%5B%60%7B"
		for _, in := range []string{upper, lower} {
			if got := Canonical(MustParse(in)).String(); got != canon {
				t.Errorf("Canonical(%q) = %q, want %q", in, got, canon)
			}
			if got := CanonicalFor(MustParse(in), RFC3986).String(); got != canon3986 {
				t.Errorf("CanonicalFor(%q, RFC3986) = %q, want %q", in, got, canon3986)
			}
		}
		if !Equivalent(u, MustParse(lower)) || !Equivalent(MustParse(lower), u) {
			t.Errorf("Equivalent(%q, %q) = false, want true", upper, lower)
		}
		// The path is case-sensitive (RFC 3986 §6.2.2.1): a path differing by one letter's
		// case is another resource.
		other := lower[:strings.LastIndexByte(lower, '/')+1] + l + l + cfNeighbours
		if Equivalent(u, MustParse(other)) || Equivalent(MustParse(other), u) {
			t.Errorf("Equivalent(%q, %q) = true, want false (the path's case differs)", upper, other)
		}
		// SURT lower-cases the host (reversed) and the path, escapes included (the surt
		// package's path_lowercase), and drops the scheme.
		wantSURT := l + "%60%7B%5B" + l + "," + l + l + ")/" + l + l + "@%5b%60%7b"
		for _, in := range []string{upper, lower} {
			if got, err := SURT(MustParse(in)); err != nil || got != wantSURT {
				t.Errorf("SURT(%q) = %q, %v; want %q", in, got, err, wantSURT)
			}
		}
		// Without an authority SURT returns the URL with its scheme lower-cased.
		opaque := U + l + ":" + U + l
		if got, err := SURT(MustParse(opaque)); err != nil || got != l+l+":"+U+l {
			t.Errorf("SURT(%q) = %q, %v; want %q", opaque, got, err, l+l+":"+U+l)
		}
		// IsScheme compares without case (its name is lower case).
		if !u.IsScheme(l+l) || !MustParse(lower).IsScheme(l+l) || u.IsScheme(l+l+"x") || u.IsScheme(l) {
			t.Errorf("%q: IsScheme is not case-insensitive for %q", upper, l)
		}
	}
}

// TestCaseFoldEscapes: every hex digit of an escape, in both positions and both cases, is
// upper-cased by NormalizeUpperEscapes and compares equal in Canonical, Equivalent,
// EncodingLevel and SURT; a letter outside the hex digits ("g", "G") is not an escape.
func TestCaseFoldEscapes(t *testing.T) {
	const digits = "0123456789abcdefABCDEF"
	for i := 0; i < len(digits); i++ {
		for j := 0; j < len(digits); j++ {
			esc := "%" + digits[i:i+1] + digits[j:j+1]
			up := strings.ToUpper(esc)
			// In the path, the query and the fragment.
			in := "http://h/" + esc + "?" + esc + "#" + esc
			want := "http://h/" + up + "?" + up + "#" + up
			u, err := Parse(in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", in, err)
			}
			if got, err := Normalize(u, NormalizeUpperEscapes); err != nil || got.String() != want {
				t.Errorf("Normalize(%q, upper-escapes) = %q, %v; want %q", in, got, err, want)
			}
			if got, err := Normalize(u, NormalizeLowerScheme|NormalizeLowerHost); err != nil || got.String() != in {
				t.Errorf("Normalize(%q, lower-scheme|lower-host) = %q, %v; want it unchanged (escapes are not the host)", in, got, err)
			}
			w := MustParse(want)
			if Canonical(u) != Canonical(w) || EncodingLevel(u) != EncodingLevel(w) {
				t.Errorf("%q and %q: Canonical %q, %q; EncodingLevel %q, %q", in, want, Canonical(u), Canonical(w), EncodingLevel(u), EncodingLevel(w))
			}
			if !Equivalent(u, w) || !Equivalent(w, u) {
				t.Errorf("Equivalent(%q, %q) = false", in, want)
			}
			su, err1 := SURT(u)
			sw, err2 := SURT(w)
			if err1 != nil || err2 != nil || su != sw {
				t.Errorf("SURT(%q) = %q, %v; SURT(%q) = %q, %v; want them equal", in, su, err1, want, sw, err2)
			}
		}
	}
	for _, bad := range []string{"http://h/%4g", "http://h/%4G", "http://h/%g4", "http://h/%G4", "http://h/%4`", "http://h/%4@"} {
		if _, err := Parse(bad); !rsIsCode(err, CodeBadEscape) {
			t.Errorf("Parse(%q): %v, want %s", bad, err, CodeBadEscape)
		}
	}
}
