package fetch

import (
	"bufio"
	"bytes"
	"strings"
	"testing"
)

// textOf runs gopherText over in.
func textOf(in []byte, strict bool) ([]byte, error) {
	var out bytes.Buffer
	c := NewClient(Options{})
	r := &Result{}
	b := c.newBody(&out, "gopher://h/0x", -1)
	err := gopherText("gopher://h/0x", bufio.NewReader(bytes.NewReader(in)), atEnd, b, dialog{c: c, r: r}, strict)
	return out.Bytes(), err
}

// FuzzGopherText: an RFC 1436 text reply is written as sent, unless it ends with the line "."
// and nothing in it contradicts dot-stuffing; then it is written without that line and with
// one period taken from each line that began with "..". No byte is lost or changed otherwise.
func FuzzGopherText(f *testing.F) {
	for _, s := range []string{"", ".\r\n", "a\r\n..b\r\n.\r\n", "a\r\n.b\r\n", "..\n.\n..\n", "x", ".", "a\r\n.\r\nb", "..a\r\n..b"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := textOf(in, false)
		if err != nil {
			if bytes.IndexByte(in, '\n') < 0 && len(in) <= MaxLine || !strings.Contains(err.Error(), "longer than") {
				t.Fatalf("%q: %v", in, err)
			}
			return
		}
		if bytes.Equal(out, in) {
			return
		}
		// Otherwise: the RFC's reading, which needs a last line "." and no line ".x" and no
		// earlier "." line.
		lines := bytes.SplitAfter(in, []byte("\n"))
		if len(lines[len(lines)-1]) == 0 {
			lines = lines[:len(lines)-1]
		}
		last := lines[len(lines)-1]
		if string(bytes.TrimSuffix(bytes.TrimSuffix(last, []byte("\n")), []byte("\r"))) != "." {
			t.Fatalf("%q: changed to %q without a last line", in, out)
		}
		var want []byte
		for _, l := range lines[:len(lines)-1] {
			tl := bytes.TrimRight(l, "\r\n")
			if len(tl) > 0 && tl[0] == '.' {
				if len(tl) < 2 || tl[1] != '.' {
					t.Fatalf("%q: unstuffed to %q although line %q is not stuffed", in, out, l)
				}
				l = l[1:]
			}
			want = append(want, l...)
		}
		if !bytes.Equal(out, want) {
			t.Fatalf("%q: got %q, want %q", in, out, want)
		}
	})
}

// TestGopherTextStrict: a "+-1" reply ends at its period line, unstuffed, and fails without it.
func TestGopherTextStrict(t *testing.T) {
	out, err := textOf([]byte("a\r\n..b\r\n.c\r\n.\r\nafter"), true)
	if err != nil || string(out) != "a\r\n.b\r\n.c\r\n" {
		t.Errorf("%q %v", out, err)
	}
	if _, err := textOf([]byte("a\r\n"), true); KindOf(err) != KindProtocol {
		t.Errorf("no end: %v", err)
	}
	// More than gopherPendingMax bytes held back: read as stuffed, and an error when the
	// reply then shows it was not.
	big := strings.Repeat("..x\n", gopherPendingMax/4+10)
	out, err = textOf([]byte(big+".\n"), false)
	if err != nil || len(out) != len(big)-(gopherPendingMax/4+10) {
		t.Errorf("big stuffed: %d bytes, %v", len(out), err)
	}
	_, err = textOf([]byte(big+".y\n"), false)
	if KindOf(err) != KindProtocol {
		t.Errorf("big, contradicted: %v", err)
	}
}

// FuzzGopherMenu: a menu reply is read without a panic into one entry per item line, each
// URL (when there is one) a gopher URL that reads back to the item's type and selector, or it
// fails with an *Error.
func FuzzGopherMenu(f *testing.F) {
	for _, s := range []string{"0a\tb\th\t70\r\n.\r\n", "iinfo\r\n", "+x\ty\th\t1\r\n", "1\t\t::1\t70\t?\n", "0a\tb\n", "\n\n.\n", "3e\t\terror.host\t1\r\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var out bytes.Buffer
		c := NewClient(Options{})
		r := &Result{}
		b := c.newBody(&out, "gopher://h/1", -1)
		err := c.gopherMenu("gopher://h/1", bufio.NewReader(bytes.NewReader(in)), atEnd, b, r, dialog{c: c, r: r}, false)
		if err != nil {
			if KindOf(err) != KindProtocol {
				t.Fatalf("%q: %v", in, err)
			}
			return
		}
		if got := bytes.Count(out.Bytes(), []byte("\n")); got != len(r.Entries) {
			t.Fatalf("%q: %d lines written for %d entries", in, got, len(r.Entries))
		}
		for _, e := range r.Entries {
			if e.URL == "" {
				continue
			}
			if !strings.HasPrefix(e.URL, "gopher://") || e.Fields["selector"] == "" && !strings.Contains(e.URL, "/") {
				t.Fatalf("%q: entry %+v", in, e)
			}
		}
	})
}
