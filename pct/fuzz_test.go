package pct_test

import (
	"errors"
	"testing"

	"github.com/locator-url/locator/pct"
)

var namedSets = []pct.Set{
	pct.Set{}, pct.Alpha, pct.Digit, pct.Hex, pct.AlphaDigit, pct.RFC1738Safe, pct.RFC1738Extra,
	pct.RFC1738National, pct.RFC1738Punctuation, pct.RFC1738Reserved, pct.RFC1738Unreserved,
	pct.RFC1738Uchar, pct.RFC1738Xchar, pct.RFC1738Control, pct.RFC1738NonASCII, pct.RFC1738Unsafe,
	pct.RFC1738SchemeChars, pct.Unreserved, pct.GenDelims, pct.SubDelims, pct.Reserved, pct.PChar,
	pct.PathChars, pct.QueryChars, pct.FragmentChars, pct.UserinfoChars, pct.RegNameChars,
	pct.SchemeChars, pct.Range(0, 255),
}

func addSeeds(f *testing.F) {
	for _, tt := range illegalEscapes {
		f.Add(tt.in, uint64(0))
	}
	for _, s := range []string{"", "a b", "%20", "%7e%7E", "é", "\x00\xff", "100%", "a%2Fb/c?d#e"} {
		f.Add(s, uint64(0x0123456789abcdef))
	}
}

// FuzzEncode: Decode(Encode(s, keep)) == s for every named set and for a set made of the
// fuzzer's bits, as long as keep does not hold "%" (with "%" kept raw, Encode is not
// reversible, by its contract); the encoding holds only bytes of keep and escapes.
func FuzzEncode(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string, bits uint64) {
		sets := append(namedSets, pct.Set{bits, bits * 31, ^bits, bits >> 3})
		for _, keep := range sets {
			keep = keep.Without("%")
			e := pct.Encode(s, keep)
			if err := pct.Validate(e); err != nil {
				t.Fatalf("Encode(%q, %s) = %q: %v", s, keep, e, err)
			}
			d, err := pct.Decode(e)
			if err != nil || d != s {
				t.Fatalf("Decode(Encode(%q, %s)) = %q, %v", s, keep, d, err)
			}
			for i := 0; i < len(e); i++ {
				if e[i] == '%' {
					i += 2
				} else if !keep.Contains(e[i]) {
					t.Fatalf("Encode(%q, %s) = %q has %q raw", s, keep, e, e[i])
				}
			}
			if string(pct.AppendEncode(nil, s, keep)) != e {
				t.Fatalf("AppendEncode and Encode differ on %q", s)
			}
		}
	})
}

// FuzzDecode: Validate agrees with Decode (same error, same offset and code); a decodable
// string decodes the same with AppendDecode, and AppendDecodeExcept keeps its decoded value.
func FuzzDecode(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string, bits uint64) {
		d, derr := pct.Decode(s)
		verr := pct.Validate(s)
		_, aerr := pct.AppendDecode(nil, s)
		if (derr == nil) != (verr == nil) || (aerr == nil) != (verr == nil) {
			t.Fatalf("%q: Decode %v, Validate %v, AppendDecode %v", s, derr, verr, aerr)
		}
		if verr != nil {
			var e1, e2, e3 *pct.Error
			if !errors.As(derr, &e1) || !errors.As(verr, &e2) || !errors.As(aerr, &e3) {
				t.Fatalf("%q: errors are not *pct.Error", s)
			}
			if *e1 != *e2 || *e2 != *e3 {
				t.Fatalf("%q: Decode %+v, Validate %+v, AppendDecode %+v", s, e1, e2, e3)
			}
			if e2.Offset < 0 || e2.Offset >= len(s) || s[e2.Offset] != '%' {
				t.Fatalf("%q: offset %d is not a %%", s, e2.Offset)
			}
			return
		}
		for _, keep := range []pct.Set{pct.Reserved, pct.Unreserved.Complement(), {bits, ^bits, bits, ^bits}} {
			b, err := pct.AppendDecodeExcept(nil, s, keep)
			if err != nil {
				t.Fatal(err)
			}
			if d2, err := pct.Decode(string(b)); err != nil || d2 != d {
				t.Fatalf("AppendDecodeExcept(%q) = %q decodes to %q, want %q", s, b, d2, d)
			}
		}
	})
}
