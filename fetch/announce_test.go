package fetch

import (
	"bytes"
	"context"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/testserver"
)

// announceWriter is a SizeAnnouncer that records each announced size and how many bytes it
// had been written before.
type announceWriter struct {
	bytes.Buffer
	sizes  []int64
	before []int
}

func (w *announceWriter) AnnounceSize(total int64) {
	w.sizes = append(w.sizes, total)
	w.before = append(w.before, w.Len())
}

// TestAnnounceSizeVSFTPD: against the real vsftpd, an image transfer announces SIZE's answer
// (less a REST offset) once, before its first byte; an ASCII transfer, whose line ends are
// converted, and a listing announce nothing.
func TestAnnounceSizeVSFTPD(t *testing.T) {
	files, dirs := ftpFiles()
	s := testserver.VSFTPD(t, testserver.VSFTPDOptions{Files: files, Dirs: dirs})
	bin := files["pub/bin.dat"]
	for _, c := range []struct {
		path string
		o    Options
		want []int64
	}{
		{"/pub/bin.dat", Options{}, []int64{int64(len(bin))}},
		{"/pub/bin.dat", Options{Offset: 4000}, []int64{int64(len(bin) - 4000)}},
		{"/pub/dos.txt;type=i", Options{}, []int64{int64(len(files["pub/dos.txt"]))}},
		{"/pub/dos.txt", Options{}, nil}, // ASCII by its suffix: CR LF becomes LF
		{"/pub/a.txt;type=a", Options{}, nil},
		{"/pub/", Options{}, nil}, // a listing
	} {
		var w announceWriter
		res, err := Get(context.Background(), s.URL(c.path), &w, c.o)
		if err != nil {
			t.Errorf("%s offset %d: %v", c.path, c.o.Offset, err)
			continue
		}
		if !slices.Equal(w.sizes, c.want) || slices.ContainsFunc(w.before, func(n int) bool { return n != 0 }) {
			t.Errorf("%s offset %d: announced %v after %v bytes; want %v before the first byte", c.path, c.o.Offset, w.sizes, w.before, c.want)
		}
		if len(c.want) == 1 && int64(w.Len()) != c.want[0] {
			t.Errorf("%s offset %d: announced %d, wrote %d (Result.Size %d)", c.path, c.o.Offset, c.want[0], w.Len(), res.Size)
		}
	}
}

// TestAnnounceSizeHTTP: an HTTP response with a Content-Length announces it once, before its
// first byte, and only for the final response of a redirect; a chunked response announces
// nothing.
func TestAnnounceSizeHTTP(t *testing.T) {
	srv := httptest.NewServer(&recordingHandler{})
	defer srv.Close()
	for _, c := range []struct {
		path string
		want []int64
	}{
		{"/big", []int64{100000}},
		{"/moved", []int64{13}}, // to /hello: "hello, world\n"
		{"/chunked", nil},
	} {
		var w announceWriter
		if _, err := Get(context.Background(), srv.URL+c.path, &w, Options{}); err != nil {
			t.Errorf("%s: %v", c.path, err)
			continue
		}
		if !slices.Equal(w.sizes, c.want) || slices.ContainsFunc(w.before, func(n int) bool { return n != 0 }) {
			t.Errorf("%s: announced %v after %v bytes; want %v before the first byte", c.path, w.sizes, w.before, c.want)
		}
	}
}

// TestCheckURL: Options.CheckURL sees the URL asked for and each redirect's target before it
// is dialled; a refusal of a redirect's target ends the access with the rule's error, which
// names the redirect, and the target is never requested. An error that is not an *Error is
// a KindSafety "check-url".
func TestCheckURL(t *testing.T) {
	h := &recordingHandler{}
	srv := httptest.NewServer(h)
	defer srv.Close()
	var seen []string
	rule := &Error{Kind: KindSafety, Code: "test-rule", Rule: "the test's rule", Message: "not /hello"}
	o := Options{CheckURL: func(u locator.URL) error {
		seen = append(seen, u.String())
		if strings.HasSuffix(u.Path(), "/hello") {
			e := *rule
			e.URL = u.String()
			return &e
		}
		return nil
	}}
	var out bytes.Buffer
	_, err := Get(context.Background(), srv.URL+"/moved", &out, o)
	var fe *Error
	if !errors.As(err, &fe) || fe.Code != "test-rule" || fe.URL != srv.URL+"/hello" ||
		!strings.Contains(fe.Message, "the redirect from \""+srv.URL+"/moved\" is refused: not /hello") || fe.Reply != "HTTP/1.0 301 Moved Permanently" {
		t.Errorf("redirect refused: %#v", err)
	}
	if want := []string{srv.URL + "/moved", srv.URL + "/hello"}; !slices.Equal(seen, want) {
		t.Errorf("CheckURL saw %q, want %q", seen, want)
	}
	if got := h.seen(); len(got) != 1 || !strings.HasPrefix(got[0], "GET /moved ") {
		t.Errorf("the server saw %q; want only /moved", got)
	}
	// The URL asked for, refused with a plain error: nothing is dialled.
	o.CheckURL = func(locator.URL) error { return errors.New("no") }
	_, err = Get(context.Background(), srv.URL+"/big", &out, o)
	if !errors.As(err, &fe) || fe.Kind != KindSafety || fe.Code != "check-url" || !strings.Contains(err.Error(), "no") {
		t.Errorf("plain error: %#v", err)
	}
	if got := h.seen(); len(got) != 1 {
		t.Errorf("the server saw %q; want only the first request", got)
	}
}

// TestAnnounceSizePygopherd: against the real pygopherd, a Gopher+ item whose data block
// begins with its length ("+5000", gopher-plus.txt §2.3) announces it before its first byte;
// the same item without Gopher+ (no length) and a Gopher+ menu (rewritten) announce nothing.
func TestAnnounceSizePygopherd(t *testing.T) {
	root := t.TempDir()
	bin := bytes.Repeat([]byte("\x00\x01\r\n.\r\n\xff"), 625) // 5000 bytes
	if err := os.WriteFile(filepath.Join(root, "b.bin"), bin, 0o644); err != nil {
		t.Fatal(err)
	}
	s := testserver.PyGopherd(t, root, testserver.PygopherdOptions{})
	base := "gopher://127.0.0.1:" + strconv.Itoa(s.Port)
	for _, c := range []struct {
		path string
		want []int64
	}{
		{"/9/b.bin%09%09+", []int64{5000}},
		{"/9/b.bin", nil},
		{"/1/%09%09+", nil},
	} {
		var w announceWriter
		if _, err := Get(context.Background(), base+c.path, &w, Options{}); err != nil {
			t.Errorf("%s: %v", c.path, err)
			continue
		}
		if !slices.Equal(w.sizes, c.want) || slices.ContainsFunc(w.before, func(n int) bool { return n != 0 }) {
			t.Errorf("%s: announced %v after %v bytes; want %v before the first byte", c.path, w.sizes, w.before, c.want)
		}
		if len(c.want) == 1 && !bytes.Equal(w.Bytes(), bin) {
			t.Errorf("%s: %d bytes, not the file's", c.path, w.Len())
		}
	}
}
