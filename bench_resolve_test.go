package locator

import (
	"net/url"
	"testing"
)

// The RFC 3986 §5.4 examples (normal and abnormal), base "http://a/b/c/d;p?q".
var benchResolveRefs = []string{
	"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x",
	"g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
	"../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g",
	"./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x",
	"g#s/./x", "g#s/../x", "http:g",
}

// BenchmarkResolve reports ns and allocations per resolution of the RFC 3986 §5.4 examples,
// beside net/url's ResolveReference on the same pre-parsed inputs (and with String, since a
// locator URL is already serialized).
func BenchmarkResolve(b *testing.B) {
	base := MustParse("http://a/b/c/d;p?q")
	refs := make([]URL, len(benchResolveRefs))
	for i, s := range benchResolveRefs {
		refs[i] = MustParse(s)
	}
	nbase, _ := url.Parse(base.String())
	nrefs := make([]*url.URL, len(benchResolveRefs))
	for i, s := range benchResolveRefs {
		nrefs[i], _ = url.Parse(s)
	}
	per := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(refs)), "ns/resolve")
	}
	for _, m := range []Mode{ModeRFC3986, ModeRFC2396, ModeRFC1808, ModeRFC1630} {
		b.Run("locator/"+m.String(), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				for _, r := range refs {
					_, _ = Resolve(base, r, m)
				}
			}
			per(b)
		})
	}
	b.Run("net-url/ResolveReference", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for _, r := range nrefs {
				_ = nbase.ResolveReference(r)
			}
		}
		per(b)
	})
	b.Run("net-url/ResolveReference+String", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for _, r := range nrefs {
				_ = nbase.ResolveReference(r).String()
			}
		}
		per(b)
	})
}

// BenchmarkResolveUnchanged: results that are an input (absolute reference, empty reference).
func BenchmarkResolveUnchanged(b *testing.B) {
	base := MustParse("http://a/b/c/d;p?q#f")
	abs, empty := MustParse("http://example.com/x/y?z"), MustParse("")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_, _ = Resolve(base, abs, ModeRFC3986)
		_, _ = Resolve(base, empty, ModeRFC3986)
	}
}

// BenchmarkNormalize: NormalizeSafe on URLs that need work and on URLs already normal.
func BenchmarkNormalize(b *testing.B) {
	for _, c := range []struct{ name, s string }{
		{"changed", "HTTP://www.Example.COM:80/%7euser/./a/../b/?q=%3a"},
		{"unchanged", "http://www.example.com/~user/b/?q=%3A"},
	} {
		u := MustParse(c.s)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_, _ = Normalize(u, NormalizeSafe)
			}
		})
	}
}
