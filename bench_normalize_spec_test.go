package locator

import "testing"

// benchParsed returns the URLs of bs that parse.
func benchParsed(bs benchSet) []URL {
	us := make([]URL, 0, len(bs.urls))
	for _, s := range bs.urls {
		if u, err := Parse(s); err == nil {
			us = append(us, u)
		}
	}
	return us
}

// BenchmarkNormalizeSafe normalizes every URL of each testdata/bench file with NormalizeSafe
// (the RFC 3986 level, as Normalize was before the specs had levels of their own).
func BenchmarkNormalizeSafe(b *testing.B) {
	for _, bs := range loadBench(b) {
		us := benchParsed(bs)
		b.Run(bs.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(bs.bytes)
			for b.Loop() {
				for _, u := range us {
					_, _ = Normalize(u, NormalizeSafe)
				}
			}
			report(b, bs)
		})
	}
}

// BenchmarkNormalizeFor is NormalizeFor with NormalizeSafe under each spec, on the same files.
func BenchmarkNormalizeFor(b *testing.B) {
	for _, bs := range loadBench(b) {
		us := benchParsed(bs)
		for _, spec := range Specs() {
			b.Run(bs.name+"/"+spec.String(), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(bs.bytes)
				for b.Loop() {
					for _, u := range us {
						_, _ = NormalizeFor(u, spec, NormalizeSafe)
					}
				}
				report(b, bs)
			})
		}
	}
}
