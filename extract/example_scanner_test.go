package extract_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing/iotest"

	"github.com/locator-url/locator/extract"
)

// Scan reports a URL as soon as the text after it shows where it ends.
func ExampleScanner_Scan() {
	sc := extract.NewScanner(strings.NewReader("mirrors: ftp://a.example/pub/ and\n<URL:gopher://b.example/1>\n"))
	n := 0
	for sc.Scan() {
		n++
	}
	fmt.Println(n, sc.Err())
	// Output:
	// 2 <nil>
}

// Finding gives the URL found by the last Scan; its offsets count from the first byte read.
func ExampleScanner_Finding() {
	text := "old: <URL:ftp://ds.in\n  ternic.net/rfc>"
	sc := extract.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		f := sc.Finding()
		fmt.Printf("%s %s %q\n", f.URL, f.Form, text[f.Start:f.End+1])
	}
	// Output:
	// ftp://ds.internic.net/rfc wrapped "ftp://ds.in\n  ternic.net/rfc"
}

// A read error ends the scan; the URLs read before it are still reported.
func ExampleScanner_Err() {
	r := io.MultiReader(strings.NewReader("see http://a.example/ and "), iotest.ErrReader(errors.New("connection reset")))
	sc := extract.NewScanner(r)
	for sc.Scan() {
		fmt.Println(sc.Finding().URL)
	}
	fmt.Println(sc.Err())
	// Output:
	// http://a.example/
	// connection reset
}

// Skipped gives the candidates longer than MaxLength that the last Scan passed over: their
// offsets, their lengths and their first bytes. Call it after every Scan, the last included.
func ExampleScanner_Skipped() {
	text := "huge: http://a.example/" + strings.Repeat("x", extract.MaxLength) + " then http://b.example/.\n"
	sc := extract.NewScanner(strings.NewReader(text))
	for more := true; more; {
		more = sc.Scan()
		for _, s := range sc.Skipped() {
			fmt.Println("skipped", s.Start, s.Length, s.Form, s.Prefix[:16])
		}
		if more {
			fmt.Println("found", sc.Finding().URL)
		}
	}
	// Output:
	// skipped 6 65553 bare http://a.example
	// found http://b.example/
}

// Reset reuses a Scanner, its window and scratch space, for another text: scanning many
// texts in turn then allocates nothing per text. Offsets count again from the new text's
// first byte.
func ExampleScanner_Reset() {
	sc := extract.NewScanner(nil)
	for _, text := range []string{"see http://a.example/ and", "mirror: ftp://b.example/pub/\n"} {
		sc.Reset(strings.NewReader(text))
		for sc.Scan() {
			f := sc.Finding()
			fmt.Println(f.URL, f.Start)
		}
	}
	// Output:
	// http://a.example/ 4
	// ftp://b.example/pub/ 8
}

// ResetBytes scans a text already in memory in place, without copying it into the window:
// here the chunks of a text cut at blank lines, each scanned by the same Scanner, with the
// chunk's offset added to make the offsets those of the whole text.
func ExampleScanner_ResetBytes() {
	text := []byte("see http://a.example/\n\nand <URL:ftp://b.example/pub/>\n")
	chunks := bytes.SplitAfter(text, []byte("\n\n"))
	sc := extract.NewScanner(nil)
	base := 0
	for _, chunk := range chunks {
		sc.ResetBytes(chunk)
		for sc.Scan() {
			f := sc.Finding()
			fmt.Println(f.URL, base+f.Start)
		}
		base += len(chunk)
	}
	// Output:
	// http://a.example/ 4
	// ftp://b.example/pub/ 32
}
