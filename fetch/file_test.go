package fetch_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/scheme"
)

// fileURL returns the file URL of the local path p, as scheme.File writes it.
func fileURL(t *testing.T, host, p string) string {
	t.Helper()
	u, err := scheme.File{Host: host, Path: p}.URL()
	if err != nil {
		t.Fatal(err)
	}
	return u.String()
}

// oddName is a file name with a space, '#', '?', '%' and a byte of invalid UTF-8.
const oddName = "a b#c?d%25e\xff.txt"

func TestFileBody(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, oddName)
	content := "hello\r\nworld\x00\n"
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, host := range []string{"", "localhost", "LocalHost"} {
		u := fileURL(t, host, name)
		if strings.ContainsAny(u, " #?") || strings.IndexByte(u, 0xff) >= 0 {
			t.Fatalf("%q: the URL holds an unencoded character", u)
		}
		var out bytes.Buffer
		r, err := fetch.Get(context.Background(), u, &out, fetch.Options{})
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		if out.String() != content {
			t.Errorf("%s: body %q, want %q", u, out.String(), content)
		}
		if r.Size != int64(len(content)) || r.Total != int64(len(content)) || r.Scheme != "file" || r.Listing {
			t.Errorf("%s: result %+v", u, r)
		}
	}
}

func TestFileThisHostName(t *testing.T) {
	h, err := os.Hostname()
	if err != nil || h == "" || strings.ContainsAny(h, "/:@") {
		t.Skip("no usable host name")
	}
	name := filepath.Join(t.TempDir(), "x")
	if err := os.WriteFile(name, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := fetch.Get(context.Background(), "file://"+strings.ToUpper(h)+name, &out, fetch.Options{}); err != nil || out.String() != "x" {
		t.Errorf("this machine's name %q: %q, %v", h, out.String(), err)
	}
}

func TestFileRemoteHost(t *testing.T) {
	var out bytes.Buffer
	_, err := fetch.Get(context.Background(), "file://other.example/etc/passwd", &out, fetch.Options{})
	var fe *fetch.Error
	if !errors.As(err, &fe) || fe.Kind != fetch.KindNoClient || fe.Code != "remote-file" || fe.Rule != "RFC 1738 §3.10" {
		t.Fatalf("got %v (%#v)", err, fe)
	}
	if !strings.Contains(err.Error(), "RFC 1738 §3.10 names no protocol for a remote file host") {
		t.Errorf("message %q", err)
	}
	if out.Len() != 0 {
		t.Errorf("wrote %q", out.String())
	}
}

func TestFileErrors(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, bytes.Repeat([]byte("x"), 100), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		url  string
		o    fetch.Options
		kind fetch.Kind
		code string
	}{
		{fileURL(t, "", filepath.Join(dir, "missing")), fetch.Options{}, fetch.KindRefused, "not-found"},
		// A path through a file (ENOTDIR) names no file: missing, exit 4, as ftp's 550.
		{fileURL(t, "", big) + "/", fetch.Options{}, fetch.KindRefused, "not-found"},
		{fileURL(t, "", big) + "/x", fetch.Options{}, fetch.KindRefused, "not-found"},
		{"file://" + dir + "/a%00b", fetch.Options{}, fetch.KindSafety, string(scheme.CodeLineBreak)},
		{fileURL(t, "", big), fetch.Options{MaxSize: 99}, fetch.KindSafety, "too-large"},
		{fileURL(t, "", big), fetch.Options{Offset: 101}, fetch.KindRefused, "offset"},
		{"file://" + dir + "x%zz", fetch.Options{}, fetch.KindInvalid, ""},
	} {
		_, err := fetch.Get(context.Background(), tc.url, &bytes.Buffer{}, tc.o)
		var fe *fetch.Error
		if !errors.As(err, &fe) || fe.Kind != tc.kind || (tc.code != "" && fe.Code != tc.code) {
			t.Errorf("%s: got %v, want kind %v code %q", tc.url, err, tc.kind, tc.code)
		}
		if fetch.KindOf(err) != tc.kind {
			t.Errorf("%s: KindOf = %v", tc.url, fetch.KindOf(err))
		}
	}
}

func TestFileOffsetProgressTranscript(t *testing.T) {
	name := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(name, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, tr bytes.Buffer
	p := &recProgress{}
	r, err := fetch.Get(context.Background(), fileURL(t, "", name), &out, fetch.Options{Offset: 4, Progress: p, Transcript: &tr})
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != "456789" || r.Size != 6 || r.Total != 10 {
		t.Errorf("body %q size %d total %d", out.String(), r.Size, r.Total)
	}
	if p.start != 6 || p.added != 6 || p.done != 1 {
		t.Errorf("progress %+v", p)
	}
	if want := "* open the local file " + name + " (RFC 1738 §3.10)\n* resume at byte 4\n"; tr.String() != want {
		t.Errorf("transcript %q, want %q", tr.String(), want)
	}
}

type recProgress struct {
	start, added int64
	done         int
}

func (p *recProgress) Start(n int64) { p.start = n }
func (p *recProgress) Add(n int64)   { p.added += n }
func (p *recProgress) Done()         { p.done++ }

func TestFileListing(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{oddName, "b.txt"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(n), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("b.txt", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	u := fileURL(t, "", dir+"/")
	var out bytes.Buffer
	r, err := fetch.Get(context.Background(), u, &out, fetch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := u + "a%20b%23c%3Fd%2525e%FF.txt\tfile\ta b#c?d%25e\\xff.txt\n" +
		u + "b.txt\tfile\tb.txt\n" +
		u + "link\tlink\tlink\n" +
		u + "sub%20dir/\tdir\tsub dir\n"
	if out.String() != want {
		t.Errorf("listing\n%s\nwant\n%s", out.String(), want)
	}
	if !r.Listing || len(r.Entries) != 4 || r.Size != int64(out.Len()) {
		t.Fatalf("result %+v", r)
	}
	if e := r.Entries[0]; e.Name != oddName || e.Size != int64(len(oddName)) || e.Modified == "" {
		t.Errorf("entry %+v", e)
	}
	// Each entry's URL names the entry: the listing can be walked with locator alone.
	for _, e := range r.Entries[:2] {
		var body bytes.Buffer
		if _, err := fetch.Get(context.Background(), e.URL, &body, fetch.Options{}); err != nil || body.String() != e.Name {
			t.Errorf("%s: %q, %v", e.URL, body.String(), err)
		}
	}
	// Without a final slash the directory is listed all the same, with the same entries.
	out.Reset()
	if _, err := fetch.Get(context.Background(), fileURL(t, "", dir), &out, fetch.Options{}); err != nil || out.String() != want {
		t.Errorf("without the slash: %v\n%s", err, out.String())
	}
	// Raw: the names, one a line, as the system gives them.
	out.Reset()
	if _, err := fetch.Get(context.Background(), u, &out, fetch.Options{Raw: true}); err != nil {
		t.Fatal(err)
	}
	if want := oddName + "\nb.txt\nlink\nsub dir\n"; out.String() != want {
		t.Errorf("raw %q, want %q", out.String(), want)
	}
}

// A character device is neither a regular file nor a directory: refused (RFC 8089 §5), as a
// FIFO is (TestFileFIFO); /dev/null was read, with no size announced.
func TestFileNotRegular(t *testing.T) {
	if _, err := os.Stat("/dev/null"); err != nil {
		t.Skip("no /dev/null")
	}
	p := &recProgress{}
	_, err := fetch.Get(context.Background(), "file:///dev/null", &bytes.Buffer{}, fetch.Options{Progress: p})
	var fe *fetch.Error
	if !errors.As(err, &fe) || fe.Kind != fetch.KindSafety || fe.Code != "special-file" || fe.Rule != "RFC 8089 §5" ||
		!strings.Contains(fe.Message, "character device") {
		t.Errorf("get file:///dev/null: %v", err)
	}
}

// An escape of "/" in the path is data in a name, which no local name can hold (RFC 8089 §5):
// "file://DIR/p/d%2F..%2Fd%2Fa%20b.txt" read DIR/p/d/../d/a b.txt. It is refused, as
// scheme.PathFromFileURL refuses it, and nothing is read.
func TestFileEncodedSeparator(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "p", "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p", "d", "a b.txt"), []byte("secret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	u := fileURL(t, "", filepath.Join(dir, "p")) + "/d%2F..%2Fd%2Fa%20b.txt"
	var out bytes.Buffer
	_, err := fetch.Get(context.Background(), u, &out, fetch.Options{})
	var fe *fetch.Error
	if !errors.As(err, &fe) || fe.Kind != fetch.KindInvalid || fe.Code != string(scheme.CodeBadPathChar) || out.Len() != 0 {
		t.Errorf("get %s: %q, %v", u, out.String(), err)
	}
}
