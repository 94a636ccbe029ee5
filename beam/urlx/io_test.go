package urlx_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/locator-url/locator/beam/urlx"
)

// TestReadLinesGzipName: a file named *.gz is read as the bytes it holds, as the CLI reads
// it on standard input. Beam's textio decompressed it by its name and counted its lines
// against the compressed size: of 20,000 lines, 2,764 came through, the others were lost
// without an error.
func TestReadLinesGzipName(t *testing.T) {
	var plain bytes.Buffer
	for i := range 20000 {
		fmt.Fprintf(&plain, "http://host%d.example/path/%d\n", i, i)
	}
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(plain.Bytes())
	zw.Close()
	name := filepath.Join(t.TempDir(), "urls.txt.gz")
	if err := os.WriteFile(name, z.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// The lines of the file's bytes, as the CLI's line reader cuts them.
	var want []any
	for l := range strings.Lines(z.String()) {
		l = strings.TrimSuffix(l, "\n")
		want = append(want, strings.TrimSuffix(l, "\r"))
	}
	p, s := beam.NewPipelineWithRoot()
	passert.Equals(s, urlx.ReadLines(s, name), want...)
	if err := ptest.Run(p); err != nil {
		t.Fatal(firstLine(err))
	}
}

// TestReadNoMatch: a path or a glob that matches no file fails the pipeline, for lines and
// for documents; Beam's textio read it as an empty input (exit status 0, no output).
func TestReadNoMatch(t *testing.T) {
	dir := t.TempDir()
	for _, glob := range []string{filepath.Join(dir, "missing.txt"), filepath.Join(dir, "*.txt")} {
		for _, read := range []func(beam.Scope, string) beam.PCollection{urlx.ReadLines, urlx.ReadDocuments} {
			p, s := beam.NewPipelineWithRoot()
			read(s, glob)
			err := ptest.Run(p)
			if err == nil || !strings.Contains(err.Error(), "no file matches") {
				t.Errorf("%s: %v, want no file matches", glob, err)
			}
		}
	}
}

// writeOne runs a pipeline that writes lines to shards files under prefix.
func writeOne(t *testing.T, format, prefix string, shards int, lines ...string) error {
	t.Helper()
	p, s := beam.NewPipelineWithRoot()
	col := beam.CreateList(s, lines)
	if len(lines) == 0 {
		col = beam.CreateList(s, []string{})
	}
	if err := urlx.Write(s, format, prefix, shards, col); err != nil {
		t.Fatal(err)
	}
	return ptest.Run(p)
}

// TestWriteEveryShard: every shard is written, an empty one too, so that the shards of an
// earlier run under the same prefix are replaced, not left as if they were of this run.
func TestWriteEveryShard(t *testing.T) {
	dir := t.TempDir()
	prefix := filepath.Join(dir, "out")
	for i := range 4 {
		os.WriteFile(urlx.ShardName(prefix, i, 4, "txt"), []byte("stale line of an earlier run\n"), 0o644)
	}
	if err := writeOne(t, urlx.FormatText, prefix, 4, "ok http://a/"); err != nil {
		t.Fatal(err)
	}
	var got []string
	for i := range 4 {
		b, err := os.ReadFile(urlx.ShardName(prefix, i, 4, "txt"))
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")...)
	}
	got = slices.DeleteFunc(got, func(l string) bool { return l == "" })
	if !slices.Equal(got, []string{"ok http://a/"}) {
		t.Errorf("the shards hold %q, want the one line of this run", got)
	}
	// An empty input: every shard, empty (CSV: its header).
	if err := writeOne(t, urlx.FormatCSV, prefix, 2); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		if b, err := os.ReadFile(urlx.ShardName(prefix, i, 2, "csv")); err != nil || string(b) != "line\n" {
			t.Errorf("shard %d of an empty input: %q, %v", i, b, err)
		}
	}
	if names, _ := filepath.Glob(filepath.Join(dir, "*.tmp-*")); len(names) > 0 {
		t.Errorf("temporary files left: %q", names)
	}
}

// failFS is a file system ("failfs://") whose files fail to write past limit bytes: a disk
// that fills up while a shard is written.
type failFS struct{}

const failLimit = 100

var (
	failMu    sync.Mutex
	failFiles = map[string][]byte{}
)

func init() {
	filesystem.Register("failfs", func(context.Context) filesystem.Interface { return failFS{} })
}

func (failFS) Close() error { return nil }
func (failFS) List(_ context.Context, glob string) ([]string, error) {
	failMu.Lock()
	defer failMu.Unlock()
	var names []string
	for n := range failFiles {
		if ok, _ := filepath.Match(glob, n); ok {
			names = append(names, n)
		}
	}
	return names, nil
}
func (failFS) OpenRead(_ context.Context, name string) (io.ReadCloser, error) {
	failMu.Lock()
	defer failMu.Unlock()
	b, ok := failFiles[name]
	if !ok {
		return nil, os.ErrNotExist
	}
	return io.NopCloser(bytes.NewReader(b)), nil
}
func (failFS) OpenWrite(_ context.Context, name string) (io.WriteCloser, error) {
	failMu.Lock()
	defer failMu.Unlock()
	failFiles[name] = nil
	return &failWriter{name: name}, nil
}
func (failFS) Size(_ context.Context, name string) (int64, error) {
	failMu.Lock()
	defer failMu.Unlock()
	return int64(len(failFiles[name])), nil
}
func (failFS) Remove(_ context.Context, name string) error {
	failMu.Lock()
	defer failMu.Unlock()
	delete(failFiles, name)
	return nil
}
func (failFS) Rename(_ context.Context, from, to string) error {
	failMu.Lock()
	defer failMu.Unlock()
	failFiles[to] = failFiles[from]
	delete(failFiles, from)
	return nil
}

type failWriter struct{ name string }

func (w *failWriter) Write(p []byte) (int, error) {
	failMu.Lock()
	defer failMu.Unlock()
	b := failFiles[w.name]
	if len(b)+len(p) > failLimit {
		n := failLimit - len(b)
		failFiles[w.name] = append(b, p[:n]...)
		return n, errors.New("failfs: no space left on device")
	}
	failFiles[w.name] = append(b, p...)
	return len(p), nil
}
func (w *failWriter) Close() error { return nil }

// TestWriteAtomic: a shard whose write fails halfway (a full disk) fails the pipeline and
// leaves no file under the shard's name, partial or temporary.
func TestWriteAtomic(t *testing.T) {
	var lines []string
	for i := range 50 {
		lines = append(lines, fmt.Sprintf("ok http://host%d.example/", i))
	}
	err := writeOne(t, urlx.FormatText, "failfs://out/x", 1, lines...)
	if err == nil || !strings.Contains(err.Error(), "no space left") {
		t.Fatalf("write on a full disk: %v, want an error", err)
	}
	failMu.Lock()
	defer failMu.Unlock()
	for n, b := range failFiles {
		if strings.HasPrefix(n, "failfs://out/") {
			t.Errorf("a failed write left %s (%d bytes)", n, len(b))
		}
	}
}

// TestWriteShardsLimit: more shards than the five digits of the names hold is an error;
// 1<<32 was a division by zero while the pipeline ran (the hash modulo uint32(shards)).
func TestWriteShardsLimit(t *testing.T) {
	for _, n := range []int{urlx.MaxShards + 1, 1 << 32} {
		_, s := beam.NewPipelineWithRoot()
		if err := urlx.Write(s, urlx.FormatText, filepath.Join(t.TempDir(), "x"), n, beam.Create(s, "a")); err == nil {
			t.Errorf("%d shards: no error", n)
		}
	}
}

// TestJSONLInvalidUTF8: a field that is not valid UTF-8 is also given exactly in base64, as
// the CLI's --json gives input_base64: JSON writes U+FFFD for each bad byte, and two inputs
// that differ in them gave the same record.
func TestJSONLInvalidUTF8(t *testing.T) {
	dir := t.TempDir()
	inputs := []string{"http://a/\xfe", "http://a/\xff", "http://a/ok"}
	p, s := beam.NewPipelineWithRoot()
	_, dead, err := urlx.Check(s, "", beam.CreateList(s, inputs))
	if err != nil {
		t.Fatal(err)
	}
	if err := urlx.Write(s, urlx.FormatJSONL, filepath.Join(dir, "d"), 1, dead); err != nil {
		t.Fatal(err)
	}
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "d-00000-of-00001.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for l := range strings.Lines(string(b)) {
		var v struct {
			Input       string `json:"input"`
			InputBase64 []byte `json:"input_base64"`
		}
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		if v.InputBase64 == nil {
			t.Errorf("%q: no input_base64", l)
		}
		got = append(got, string(v.InputBase64))
	}
	slices.Sort(got)
	if !slices.Equal(got, inputs[:2]) {
		t.Errorf("the inputs in base64: %q, want %q (%s)", got, inputs[:2], base64.StdEncoding.EncodeToString([]byte(inputs[0])))
	}
}
