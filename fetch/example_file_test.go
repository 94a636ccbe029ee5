package fetch_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/scheme"
)

// Get on a file URL (RFC 1738 §3.10) reads the local file; a directory gives a listing, one
// entry a line, each with its own file URL.
func ExampleGet() {
	dir, err := os.MkdirTemp("", "locator-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "notes 1.txt")
	if err := os.WriteFile(name, []byte("hello\n"), 0o644); err != nil {
		panic(err)
	}
	u, _ := scheme.File{Path: name}.URL() // "file:///tmp/…/notes%201.txt"

	var body bytesWriter
	r, err := fetch.Get(context.Background(), u.String(), &body, fetch.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q %s %d of %d bytes\n", body, r.Scheme, r.Size, r.Total)
	// Output: "hello\n" file 6 of 6 bytes
}

// A Client keeps its options and the connections it may reuse; close it at the end.
func ExampleNewClient() {
	c := fetch.NewClient(fetch.Options{MaxSize: 1 << 20})
	defer c.Close()
	_, err := c.Get(context.Background(), "file://ftp.example.org/pub/README", &bytesWriter{})
	fmt.Println(fetch.KindOf(err))
	// Output: no-client
}

// KindOf tells what failed, whatever wraps the *Error: locator get exits with a status of
// its own for each kind.
func ExampleKindOf() {
	_, err := fetch.Get(context.Background(), "file:///no/such/file", &bytesWriter{}, fetch.Options{})
	err = fmt.Errorf("batch: %w", err)
	fmt.Println(fetch.KindOf(err), fetch.KindOf(errors.New("disk full")), fetch.KindOf(nil) == 0)
	// Output: refused local true
}

// bytesWriter collects what is written to it.
type bytesWriter []byte

func (b *bytesWriter) Write(p []byte) (int, error) { *b = append(*b, p...); return len(p), nil }
func (b bytesWriter) String() string               { return string(b) }
