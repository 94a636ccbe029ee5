package locator

import (
	"errors"
	"strings"
	"testing"
)

// TestParseEscapeRuns holds scanRun's reading of escapes a word at a time (a "%" followed by
// two hex digits is not a stop) to the byte-by-byte reading: in the path, query and fragment,
// after runs of escapes and letters that put each byte of the eight at each place, a fault —
// a "%" without two hex digits (RFC 1738 §2.2), a control, or the end of the input inside an
// escape — is reported at its own offset with its code, and without one the URL is
// parseReference's.
func TestParseEscapeRuns(t *testing.T) {
	faults := []struct {
		s    string
		code Code
	}{
		{"%", CodeBadEscape}, {"%4", CodeBadEscape}, {"%zz", CodeBadEscape}, {"%4g", CodeBadEscape},
		{"%g4", CodeBadEscape}, {"%%41", CodeBadEscape}, {"%4%41", CodeBadEscape},
		{"\x01", CodeControl}, {"\x7f", CodeControl},
	}
	prefixes := []string{"http://h/", "http://h/p?", "http://h/p?q#", "x:", "/", "?", "#"}
	pieces := []string{"%41", "%C3%A9", "a", "%2f", "%7E", "bb", "%00", "/", "%fF"}
	n := 0
	for _, pre := range prefixes {
		for lead := 0; lead < 12; lead++ {
			for i := 0; i < 12; i++ {
				var b strings.Builder
				b.WriteString(pre)
				b.WriteString(strings.Repeat("x", lead))
				for j := 0; j < i; j++ {
					b.WriteString(pieces[(lead+i*j)%len(pieces)])
				}
				clean := b.String()
				for _, after := range []string{"", "%41%42%43%44%45", "tail-of-some-bytes"} {
					s := clean + after
					u, err := Parse(s)
					ref, rerr := parseReference(s)
					if err != nil || rerr != nil || u != ref {
						t.Fatalf("Parse(%q) = %+v, %v; the reference parser: %+v, %v", s, u, err, ref, rerr)
					}
					for _, f := range faults {
						if f.s == "%" && after == "" {
							continue // the end case is below
						}
						bad := clean + f.s + after
						_, err := Parse(bad)
						var e *Error
						if !errors.As(err, &e) || e.Offset != len(clean) || e.Code != f.code {
							t.Fatalf("Parse(%q): %v; want %s at %d", bad, err, f.code, len(clean))
						}
						n++
					}
					for _, end := range []string{"%", "%4"} {
						bad := s + end
						_, err := Parse(bad)
						var e *Error
						if !errors.As(err, &e) || e.Offset != len(s) || e.Code != CodeBadEscape {
							t.Fatalf("Parse(%q): %v; want %s at %d", bad, err, CodeBadEscape, len(s))
						}
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no faults tried")
	}
}
