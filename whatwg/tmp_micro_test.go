package whatwg

import (
	"net/url"
	"testing"
)

var microIn = []string{
	"HTTPS://www.Example.com:443/a b/caf\u00e9/./x/../index.html?q=x y&w=\u00fc#frag",
	"file:///Users/isaacs/dev/tapjs/tapjs/node_modules/@tapjs/processinfo/dist/esm/a b/get-process-info.js",
	"FILE://benchmark/async_hooks/async-local-storage-getstore-nested-run.js",
}

func BenchmarkMicro(b *testing.B) {
	for i, s := range microIn {
		b.Run(string(rune('a'+i))+"/whatwg", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				u, _ := Parse(s, nil)
				sink += len(u.href)
			}
		})
		b.Run(string(rune('a'+i))+"/net-url", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				u, _ := url.Parse(s)
				sink += len(u.Path)
			}
		})
	}
}
