package pct_test

import (
	"testing"

	"github.com/locator-url/locator/pct"
)

var benchInput = "/albert/bertram/marie%2Dclaude/a%20b%2Fc?q=%7e%7Euser&x=%C3%A9"

func BenchmarkDecode(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchInput)))
	for b.Loop() {
		_, _ = pct.Decode(benchInput)
	}
}

func BenchmarkAppendDecode(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchInput)))
	buf := make([]byte, 0, 256)
	for b.Loop() {
		buf, _ = pct.AppendDecode(buf[:0], benchInput)
	}
}

func BenchmarkValidate(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchInput)))
	for b.Loop() {
		_ = pct.Validate(benchInput)
	}
}

func BenchmarkAppendEncode(b *testing.B) {
	s := "/albert/bertram/marie claude/é/{x}"
	b.ReportAllocs()
	b.SetBytes(int64(len(s)))
	buf := make([]byte, 0, 256)
	for b.Loop() {
		buf = pct.AppendEncode(buf[:0], s, pct.PathChars)
	}
}

func BenchmarkIndexNotIn(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchInput)))
	for b.Loop() {
		_ = pct.RFC1738Xchar.IndexNotIn(benchInput)
	}
}
