package fetch

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAFS(t *testing.T) {
	old := afsRoot
	defer func() { afsRoot = old }()
	afsRoot = filepath.Join(t.TempDir(), "no-afs-here")
	_, err := Get(context.Background(), "afs://cell.example/a", io.Discard, Options{})
	var fe *Error
	if !asError(err, &fe) || fe.Kind != KindNoClient || !strings.Contains(fe.Message, "AFS is not mounted") {
		t.Fatalf("no /afs: %v", err)
	}
	// A directory stands in for the mount: the reading is the same.
	afsRoot = t.TempDir()
	dir := filepath.Join(afsRoot, "cell.example", "pub")
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "read me"), []byte("AFS file\n"), 0o644)
	var out bytes.Buffer
	res, err := Get(context.Background(), "afs://cell.example/pub/read%20me", &out, Options{})
	if err != nil || out.String() != "AFS file\n" || res.Total != 9 {
		t.Errorf("file: %v %q %+v", err, out.String(), res)
	}
	out.Reset()
	res, err = Get(context.Background(), "afs://cell.example/pub/", &out, Options{})
	want := "afs://cell.example/pub/read%20me\tfile\tread me\nafs://cell.example/pub/sub/\tdir\tsub\n"
	if err != nil || out.String() != want || !res.Listing || len(res.Entries) != 2 {
		t.Errorf("listing: %v %q %+v", err, out.String(), res)
	}
	if _, err := Get(context.Background(), "afs://cell.example/pub/none", io.Discard, Options{}); KindOf(err) != KindRefused {
		t.Errorf("missing: %v", err)
	}
	if _, err := Get(context.Background(), "afs://cell.example/a%00b", io.Discard, Options{}); KindOf(err) != KindSafety {
		t.Errorf("NUL: %v", err)
	}
}

func TestNoClient(t *testing.T) {
	for _, c := range []struct{ url, want string }{
		{"wais://wais.example/db?query", `search query "query"`},
		{"prospero://pros.example/a/b", "pros.example"},
	} {
		var out bytes.Buffer
		_, err := Get(context.Background(), c.url, &out, Options{})
		var fe *Error
		if !asError(err, &fe) || fe.Kind != KindNoClient || !strings.Contains(fe.Message, "no server exists to test against") ||
			!strings.Contains(fe.Message, c.want) || out.Len() != 0 {
			t.Errorf("%s: %v", c.url, err)
		}
	}
}
