package fetch

import (
	"bytes"
	"io"
	"net"
	"reflect"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// TestFTPListingParse: MLSD facts (RFC 3659 §7: fact names in any case, cdir and pdir left
// out, a name with spaces and semicolons), Unix ls -l lines (files, directories, links, a
// year instead of a time, a name with spaces, "total"), lines of another form (taken whole as
// a name), and NLST names (relative paths); each entry with its ftp URL, the names encoded.
func TestFTPListingParse(t *testing.T) {
	f, err := scheme.ParseFTP(locator.MustParse("ftp://u:p@h:2121/pub/"))
	if err != nil {
		t.Fatal(err)
	}
	mlsd := "Type=cdir;Modify=20260101000000; .\r\n" +
		"type=pdir; ..\r\n" +
		"type=file;size=12;modify=20251124093000;UNIX.mode=0644; a b;c.txt\r\n" +
		"TYPE=dir;Modify=20251124093001; sub\r\n" +
		"type=OS.unix=symlink;size=4; ln\r\n" +
		"nofacts\r\n"
	got := parseFTPListing("MLSD", "", f, []byte(mlsd))
	want := []Entry{
		{URL: "ftp://u:p@h:2121/pub/a%20b%3Bc.txt", Type: "file", Name: "a b;c.txt", Size: 12, Modified: "20251124093000"},
		{URL: "ftp://u:p@h:2121/pub/sub/", Type: "dir", Name: "sub", Modified: "20251124093001"},
		{URL: "ftp://u:p@h:2121/pub/ln", Type: "link", Name: "ln", Size: 4},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("MLSD:\n%+v\nwant\n%+v", got, want)
	}
	list := "total 12\r\n" +
		"-rw-r--r--    1 0        0              25 Nov 24 09:48 a.txt\r\n" +
		"drwxr-xr-x    2 0        0            4096 Jan 02  2024 old dir\r\n" +
		"lrwxrwxrwx    1 ftp ftp               5 Mar  3 10:00 cur -> a.txt\r\n" +
		"-rw-r--r-- 1 owner 7 Dec 31 23:59 nogroup\r\n" +
		"01-02-24  10:00AM       <DIR>          dos\r\n"
	got = parseFTPListing("LIST", "", f, []byte(list))
	want = []Entry{
		{URL: "ftp://u:p@h:2121/pub/a.txt", Type: "file", Name: "a.txt", Size: 25, Modified: "Nov 24 09:48"},
		{URL: "ftp://u:p@h:2121/pub/old%20dir/", Type: "dir", Name: "old dir", Size: 4096, Modified: "Jan 02 2024"},
		{URL: "ftp://u:p@h:2121/pub/cur", Type: "link", Name: "cur", Size: 5, Modified: "Mar 3 10:00"},
		{URL: "ftp://u:p@h:2121/pub/nogroup", Type: "file", Name: "nogroup", Size: 7, Modified: "Dec 31 23:59"},
		{URL: "ftp://u:p@h:2121/pub/01-02-24%20%2010:00AM%20%20%20%20%20%20%20%3CDIR%3E%20%20%20%20%20%20%20%20%20%20dos", Type: "unknown",
			Name: "01-02-24  10:00AM       <DIR>          dos"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("LIST:\n%+v\nwant\n%+v", got, want)
	}
	// NLST of "doc" (;type=d): the names are those of the directory, with or without it.
	d, _ := scheme.ParseFTP(locator.MustParse("ftp://h/pub/doc;type=d"))
	got = parseFTPListing("NLST", "doc", d, []byte("doc/a.txt\r\nb.txt\r\n/etc/motd\r\n"))
	var urls []string
	for _, e := range got {
		urls = append(urls, e.URL)
	}
	if w := []string{"ftp://h/pub/doc/a.txt", "ftp://h/pub/doc/b.txt", "ftp://h/%2Fetc/motd"}; !reflect.DeepEqual(urls, w) {
		t.Errorf("NLST URLs %q; want %q", urls, w)
	}
}

// TestWriteEntries: one line per entry, URL, type and name separated by TABs, each field in
// its display form, so that a name with a TAB, a line break or an escape byte stays one
// field of one line.
func TestWriteEntries(t *testing.T) {
	var b bytes.Buffer
	err := writeEntries(&b, []Entry{
		{URL: "ftp://h/a.txt", Type: "file", Name: "a.txt"},
		{URL: "ftp://h/x%09y%0A", Type: "file", Name: "x\ty\n"},
		{URL: "", Type: "i", Name: "\x1b[31mred"},
	})
	want := "ftp://h/a.txt\tfile\ta.txt\n" +
		"ftp://h/x%09y%0A\tfile\tx\\ty\\n\n" +
		"\ti\t\\x1b[31mred\n"
	if err != nil || b.String() != want {
		t.Errorf("writeEntries = %q, %v; want %q", b.String(), err, want)
	}
	for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		if strings.Count(l, "\t") != 2 {
			t.Errorf("line %q has not three fields", l)
		}
	}
}

// TestCRLFWriter: RFC 959 §3.1.1.1 ASCII: CR LF becomes LF, also when a chunk ends between
// them; a lone CR stays.
func TestCRLFWriter(t *testing.T) {
	for _, chunks := range [][]string{
		{"a\r\nb\r\n"},
		{"a\r", "\nb\r", "\n"},
		{"a", "\r", "\n", "b\r\n"},
	} {
		var b bytes.Buffer
		w := &crlfWriter{w: &b}
		for _, c := range chunks {
			if n, err := w.Write([]byte(c)); n != len(c) || err != nil {
				t.Fatal(n, err)
			}
		}
		if err := w.flush(); err != nil || b.String() != "a\nb\n" {
			t.Errorf("%q → %q", chunks, b.String())
		}
	}
	var b bytes.Buffer
	w := &crlfWriter{w: &b}
	w.Write([]byte("x\ry\r"))
	w.flush()
	if b.String() != "x\ry\r" {
		t.Errorf("lone CRs: %q", b.String())
	}
}

// TestPWDDir: RFC 959 §4.1.3 PWD; a quote inside the name is doubled (Appendix II).
func TestPWDDir(t *testing.T) {
	for in, want := range map[string]string{
		`257 "/" is the current directory`:       "/",
		`257 "/home/a ""b""" created`:            `/home/a "b"`,
		"257-\"/x\" here\n257 end":               "/x",
		`257 no quotes`:                          "",
		`257 "/unterminated`:                     "",
		`257 "" empty`:                           "",
		`257 "/with ""quote"" at end"""`:         `/with "quote" at end"`,
		`257 "/a" and "/b"`:                      "/a",
		`257 "` + strings.Repeat("d", 100) + `"`: strings.Repeat("d", 100),
		// RFC 854, RFC 959 §4.1: a byte 0xFF of the name comes doubled, IAC IAC.
		"257 \"/a\xff\xffb\" is current": "/a\xffb",
		"257 \"/\xff\xff\xff\xff\"":      "/\xff\xff",
		"257 \"/a\xff\xf1b\"":            "", // IAC NOP: a Telnet command, no name
		"257 \"/a\xff\"":                 "",
	} {
		if got := pwdDir(in); got != want {
			t.Errorf("pwdDir(%q) = %q; want %q", in, got, want)
		}
	}
}

// TestPWDDirReuse: the login directory read from a PWD reply goes back into the CWD of a
// reused connection as the server named it. pwdDir kept a 0xFF's IAC IAC as two bytes, and
// PlanWith doubled each again: "CWD /a" and four 0xFF.
func TestPWDDirReuse(t *testing.T) {
	dir := pwdDir("257 \"/a\xff\xffb\" is the current directory")
	p, err := scheme.FTP{Login: scheme.Login{Host: "h"}, Name: "x"}.PlanWith(scheme.FTPPlanOptions{Reuse: true, LoginDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	var cwd string
	for _, s := range p.Steps {
		if strings.HasPrefix(s.Send, "CWD ") {
			cwd = s.Send
			break
		}
	}
	if want := "CWD /a\xff\xffb"; cwd != want { // the name's one 0xFF, doubled once on the wire
		t.Errorf("the CWD back to the login directory: %q; want %q", cwd, want)
	}
}

// FuzzFTPListing: any listing data, read as MLSD, LIST or NLST, gives entries whose lines are
// three fields each, without a panic, in time linear in the data.
func FuzzFTPListing(f *testing.F) {
	f.Add([]byte("type=file;size=1; a\r\n-rw-r--r-- 1 0 0 25 Nov 24 09:48 a.txt\r\n"))
	f.Add([]byte("lrwxrwxrwx 1 a b 5 Mar  3 10:00 x -> y\n total 0\n d/e\n"))
	f.Add([]byte("\x00\xff\t\r\n;;==;  \n"))
	v, _ := scheme.ParseFTP(locator.MustParse("ftp://h/a/b/"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, verb := range []string{"MLSD", "LIST", "NLST"} {
			es := parseFTPListing(verb, "x", v, data)
			var b bytes.Buffer
			if err := writeEntries(&b, es); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
			if len(es) > 0 && len(lines) != len(es) {
				t.Fatalf("%s: %d entries, %d lines", verb, len(es), len(lines))
			}
			for _, l := range lines {
				if len(es) > 0 && strings.Count(l, "\t") != 2 {
					t.Fatalf("%s: line %q", verb, l)
				}
			}
		}
	})
}

// FuzzFTPReply: any bytes from a server are read as replies (RFC 959 §4.2) or refused with
// an error, never a panic, each reply bounded.
func FuzzFTPReply(f *testing.F) {
	f.Add([]byte("220-a\r\n220 b\r\n"))
	f.Add([]byte("230\r\n550 x\r\n"))
	f.Add([]byte("22"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := newFTPConn(&pipeConn{Reader: bytes.NewReader(data)}).r
		for range 10 {
			code, text, err := readFTPReply(r)
			if err != nil {
				return
			}
			if len(code) != 3 || len(text) > ftpMaxReply+MaxLine+2 {
				t.Fatalf("code %q, %d bytes", code, len(text))
			}
		}
	})
}

// pipeConn is a net.Conn that reads from Reader and writes nowhere.
type pipeConn struct {
	net.Conn
	io.Reader
}

func (p *pipeConn) Read(b []byte) (int, error)  { return p.Reader.Read(b) }
func (p *pipeConn) Write(b []byte) (int, error) { return len(b), nil }
