package scheme_test

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// pathRows are paths and their file URLs, both ways.
var pathRows = []struct {
	rule string
	os   scheme.OS
	path string
	url  string
}{
	{"POSIX.1-2017 XBD 3.271; RFC 8089 Appendix B", scheme.POSIX, "/etc/motd", "file:///etc/motd"},
	{"RFC 8089 §2 path-absolute", scheme.POSIX, "/", "file:///"},
	{"RFC 1738 §2.2 unsafe: # and space; ? would start a query (RFC 3986 §3.4)", scheme.POSIX,
		"/tmp/a b#c?d", "file:///tmp/a%20b%23c%3Fd"},
	{"RFC 1738 §2.2: % itself is encoded", scheme.POSIX, "/100%", "file:///100%25"},
	{"RFC 1738 §2.2: non-ASCII as UTF-8 octets", scheme.POSIX, "/tmp/é", "file:///tmp/%C3%A9"},
	{"RFC 1738 §2.2: invalid UTF-8 bytes as they are", scheme.POSIX, "/tmp/\xff\xfe", "file:///tmp/%FF%FE"},
	{"RFC 1738 §5 fsegment: ; and \\ are not in it", scheme.POSIX, `/a;b\c`, "file:///a%3Bb%5Cc"},
	{"RFC 1738 §5 fsegment keeps $ - _ . + ! * ' ( ) , : @ & =", scheme.POSIX,
		"/$-_.+!*'(),:@&=", "file:///$-_.+!*'(),:@&="},
	{"POSIX: empty names (//) kept", scheme.POSIX, "/a//b/", "file:///a//b/"},

	{"RFC 8089 Appendix E.2 drive letter", scheme.Windows, `C:\path\to\file`, "file:///C:/path/to/file"},
	{"RFC 8089 Appendix E.2: drive root", scheme.Windows, `c:\`, "file:///c:/"},
	{"RFC 8089 Appendix E.2; RFC 1738 §2.2 space", scheme.Windows, `D:\My Files\a#1.txt`, "file:///D:/My%20Files/a%231.txt"},
	{"RFC 8089 Appendix E.3.1 example", scheme.Windows, `\\host.example.com\Share\path\to\file.txt`,
		"file://host.example.com/Share/path/to/file.txt"},
	{"RFC 8089 Appendix E.3.1: stream name after \":\"", scheme.Windows, `C:\dir\file.txt:stream`, "file:///C:/dir/file.txt:stream"},
	{"RFC 8089 Appendix E.3.2: the server localhost in the path", scheme.Windows, `\\localhost\share\x`, "file:////localhost/share/x"},
	{"RFC 8089 Appendix E.2: non-ASCII", scheme.Windows, `C:\Users\Zoë`, "file:///C:/Users/Zo%C3%AB"},
	// A UNC server name that is no RFC 1738 §5 host cannot be the URL's host: the whole UNC
	// string goes in the path (RFC 8089 Appendix E.3.2), as for localhost.
	{"RFC 8089 Appendix E.3.2: a NetBIOS name with \"_\" (RFC 1738 §5 hostname has none)", scheme.Windows,
		`\\a_b\share\x`, "file:////a_b/share/x"},
	{"RFC 8089 Appendix E.3.2: a top label that starts with a digit (RFC 1738 §3.1)", scheme.Windows,
		`\\1\share\x`, "file:////1/share/x"},
	{"RFC 8089 Appendix E.3.2: a label that starts with \"-\" (RFC 1738 §5 domainlabel)", scheme.Windows,
		`\\-x\share\x`, "file:////-x/share/x"},
	{"RFC 8089 Appendix E.3.2: an empty label (RFC 1738 §5 hostname)", scheme.Windows,
		`\\.x\share\x`, "file:////.x/share/x"},
	{"RFC 8089 Appendix E.3.1: a hostnumber is a host (RFC 1738 §5)", scheme.Windows,
		`\\192.0.2.1\share\x`, "file://192.0.2.1/share/x"},

	{"RFC 1738 §3.10 example (NOTE123456 in the path, 12345 in the RFC's URL)", scheme.VMS,
		"VMS.HOST.EDU::DISK$USER:[MY.NOTES]NOTE12345.TXT", "file://vms.host.edu/disk$user/my/notes/note12345.txt"},
	{"RFC 1738 §3.10: this machine", scheme.VMS, "DISK$USER:[MY.NOTES]NOTE12345.TXT", "file:///disk$user/my/notes/note12345.txt"},
	{"RFC 1738 §3.10; RFC 1738 §5 fsegment: the version's ; encoded", scheme.VMS, "SYS$SYSDEVICE:[000000]LOGIN.COM;3",
		"file:///sys$sysdevice/000000/login.com%3B3"},
	{"RFC 1738 §3.10: a directory (no file name)", scheme.VMS, "DUA0:[USERS.ANN]", "file:///dua0/users/ann/"},
}

func TestFileURLFromPathRows(t *testing.T) {
	for _, r := range pathRows {
		u, err := scheme.FileURLFromPath(r.path, r.os)
		if err != nil || u.String() != r.url {
			t.Errorf("%s: FileURLFromPath(%q, %v) = %q, %v; want %q", r.rule, r.path, r.os, u.String(), err, r.url)
			continue
		}
		back, err := scheme.PathFromFileURL(u, r.os)
		if err != nil || back != r.path {
			t.Errorf("%s: PathFromFileURL(%q, %v) = %q, %v; want %q", r.rule, r.url, r.os, back, err, r.path)
		}
	}
}

// urlRows are URLs read back to paths: the forms FileURLFromPath does not write.
var urlRows = []struct {
	rule string
	os   scheme.OS
	url  string
	path string
}{
	{"RFC 1738 §3.10: localhost is this machine", scheme.POSIX, "file://localhost/etc/motd", "/etc/motd"},
	{"RFC 1738 §3.10: LOCALHOST in any case", scheme.POSIX, "file://LocalHost/etc/motd", "/etc/motd"},
	{"RFC 8089 §2: file:/path without authority", scheme.POSIX, "file:/etc/motd", "/etc/motd"},
	{"RFC 8089 Appendix E.2.2 vertical line", scheme.Windows, "file:///c|/path/to/file", `c:\path\to\file`},
	{"RFC 8089 Appendix E.2: file:c:/path/to/file", scheme.Windows, "file:c:/path/to/file", `c:\path\to\file`},
	{"RFC 8089 Appendix E.2: localhost", scheme.Windows, "file://localhost/C:/x", `C:\x`},
	{"RFC 8089 Appendix E.3.1: a host is a UNC server", scheme.Windows, "file://server/share/a%20b", `\\server\share\a b`},
	{"RFC 8089 Appendix E.3.2 example", scheme.Windows, "file:////host.example.com/path/to/file", `\\host.example.com\path\to\file`},
	{"RFC 8089 Appendix E.3.2: five slashes (RFC 1738, Firefox)", scheme.Windows, "file://///host.example.com/path/to/file", `\\host.example.com\path\to\file`},
	{"RFC 1738 §3.10: VMS names in upper case", scheme.VMS, "file://localhost/Disk$User/My/note.txt", "DISK$USER:[MY]NOTE.TXT"},
}

func TestPathFromFileURLRows(t *testing.T) {
	for _, r := range urlRows {
		got, err := scheme.PathFromFileURL(locator.MustParse(r.url), r.os)
		if err != nil || got != r.path {
			t.Errorf("%s: PathFromFileURL(%q, %v) = %q, %v; want %q", r.rule, r.url, r.os, got, err, r.path)
		}
	}
}

func TestFileURLFromPathErrors(t *testing.T) {
	for _, r := range []struct {
		os   scheme.OS
		path string
		code locator.Code
		off  int
	}{
		{scheme.POSIX, "", scheme.CodeRelativePath, 0},
		{scheme.POSIX, "etc/motd", scheme.CodeRelativePath, 0},
		{scheme.POSIX, "/a\x00b", scheme.CodeBadPathChar, 2},
		{scheme.Windows, `\dir\file`, scheme.CodeRelativePath, 0},
		{scheme.Windows, `C:dir`, scheme.CodeRelativePath, 0},
		{scheme.Windows, `C:`, scheme.CodeRelativePath, 0},
		{scheme.Windows, `dir\file`, scheme.CodeRelativePath, 0},
		{scheme.Windows, `C:\a?b`, scheme.CodeBadPathChar, 4},
		{scheme.Windows, `C:\a|b`, scheme.CodeBadPathChar, 4},
		{scheme.Windows, "C:\\a\x01", scheme.CodeBadPathChar, 4},
		{scheme.Windows, `C:\a:b\c`, scheme.CodeBadPathChar, 4},
		{scheme.Windows, `\\.\pipe\x`, scheme.CodeBadPathForm, 0},
		{scheme.Windows, `\\..\x\y`, scheme.CodeBadPathForm, 2},
		{scheme.Windows, `\\...\x\y`, scheme.CodeBadPathForm, 2},
		{scheme.Windows, `\\?\x`, scheme.CodeBadPathForm, 4},
		{scheme.Windows, `\\server`, scheme.CodeBadPathForm, 2},
		{scheme.Windows, `\\server\`, scheme.CodeBadPathForm, 9},
		{scheme.Windows, `\\ser@ver\share`, scheme.CodeBadPathChar, 5},
		{scheme.Windows, `\\s\h:x\y`, scheme.CodeBadPathChar, 5},
		{scheme.VMS, "NOTE.TXT", scheme.CodeRelativePath, 0},
		{scheme.VMS, "DISK:NOTE.TXT", scheme.CodeRelativePath, 5},
		{scheme.VMS, "DISK:[.SUB]NOTE.TXT", scheme.CodeRelativePath, 6},
		{scheme.VMS, "DISK:[-]NOTE.TXT", scheme.CodeRelativePath, 6},
		{scheme.VMS, "DISK:[A..B]NOTE.TXT", scheme.CodeBadPathForm, 8},
		{scheme.VMS, "DISK:[A.-]NOTE.TXT", scheme.CodeRelativePath, 8},
		{scheme.VMS, "DISK:[A", scheme.CodeBadPathForm, 5},
		{scheme.VMS, "DI#SK:[A]B", scheme.CodeBadPathChar, 2},
		{scheme.VMS, "DISK:[A]B C", scheme.CodeBadPathChar, 9},
		{scheme.VMS, "::DISK:[A]B", scheme.CodeBadPathForm, 0},
	} {
		_, err := scheme.FileURLFromPath(r.path, r.os)
		var le *locator.Error
		if !errors.As(err, &le) || le.Code != r.code || le.Offset != r.off || le.Input != r.path || le.Rule == "" {
			t.Errorf("FileURLFromPath(%q, %v) = %v; want code %s at %d", r.path, r.os, err, r.code, r.off)
		}
	}
}

func TestPathFromFileURLErrors(t *testing.T) {
	for _, r := range []struct {
		os   scheme.OS
		url  string
		code locator.Code
	}{
		{scheme.POSIX, "http://h/x", scheme.CodeWrongScheme},
		{scheme.POSIX, "file://host.example.com/etc/motd", scheme.CodeRemoteHost},
		{scheme.POSIX, "file://", scheme.CodeMissingSlash},
		{scheme.POSIX, "file:///a%00b", scheme.CodeBadPathChar},
		{scheme.Windows, "file:///dir/file", scheme.CodeRelativePath},
		{scheme.Windows, "file:c:/a%3F", scheme.CodeBadPathChar},
		{scheme.Windows, "file:c:x", scheme.CodeRelativePath},
		{scheme.Windows, "file:///C:x", scheme.CodeRelativePath},
		{scheme.Windows, "file:///C:/a%3Fb", scheme.CodeBadPathChar},
		{scheme.Windows, "file://server/", scheme.CodeBadPathForm},
		{scheme.Windows, "file:///C:/a:b/c", scheme.CodeBadPathChar},
		{scheme.Windows, "file://s/h:x/c", scheme.CodeBadPathChar},
		{scheme.Windows, "file:////server", scheme.CodeBadPathForm},
		// The server "." is the Win32 device namespace: "\\.\PhysicalDrive0", "\\.\pipe\x",
		// which FileURLFromPath refuses; ".." is no server.
		{scheme.Windows, "file://./PhysicalDrive0/x", scheme.CodeBadPathForm},
		{scheme.Windows, "file:////./pipe/x", scheme.CodeBadPathForm},
		{scheme.Windows, "file://///./C:", scheme.CodeBadPathForm},
		{scheme.Windows, "file://../x/y", scheme.CodeBadPathForm},
		// A raw "\" after the server is a separator: the share would be empty.
		{scheme.Windows, `file://srv/\x`, scheme.CodeBadPathForm},
		{scheme.VMS, "file:///disk/file", scheme.CodeBadPathForm},
		{scheme.VMS, "file:///disk//file", scheme.CodeBadPathForm},
		{scheme.VMS, "file:///disk/a%20b/file", scheme.CodeBadPathChar},
		{scheme.VMS, "file:///disk/-a/file", scheme.CodeBadPathForm},
		// RFC 8089 §5: an encoded separator is data in a name; decoded, it would split the
		// name and name another file: "file:///tmp/..%2F..%2Fetc/passwd" has no
		// dot-segment (RFC 3986 §5.2.4), "/tmp/../../etc/passwd" is /etc/passwd. Node's
		// url.fileURLToPath refuses them too.
		{scheme.POSIX, "file:///a%2Fb", scheme.CodeBadPathChar},
		{scheme.POSIX, "file:///tmp/..%2f..%2Fetc/passwd", scheme.CodeBadPathChar},
		{scheme.POSIX, "file:/a%2F", scheme.CodeBadPathChar},
		{scheme.Windows, "file:///C:/a%5Cb", scheme.CodeBadPathChar},
		{scheme.Windows, "file:///C:/a/..%5c..%5Cwindows", scheme.CodeBadPathChar},
		{scheme.Windows, "file:///C:/a%2Fb", scheme.CodeBadPathChar},
		{scheme.Windows, "file://srv/share/x%5C..", scheme.CodeBadPathChar},
		{scheme.Windows, "file:c:/a%2fb", scheme.CodeBadPathChar},
		{scheme.VMS, "file:///disk/dir/a%2Fb", scheme.CodeBadPathChar},
	} {
		_, err := scheme.PathFromFileURL(locator.MustParse(r.url), r.os)
		var le *locator.Error
		if !errors.As(err, &le) || le.Code != r.code || le.Input != r.url {
			t.Errorf("PathFromFileURL(%q, %v) = %v; want code %s", r.url, r.os, err, r.code)
		}
	}
}

// TestPathFromFileURLOffsets: an error's offset is in the URL given, "URL:" prefix included
// (README, "The library": an error about a URL carries that URL and the byte offset in it).
func TestPathFromFileURLOffsets(t *testing.T) {
	for _, r := range []struct {
		os   scheme.OS
		url  string
		code locator.Code
		off  int
	}{
		{scheme.POSIX, "file://host/x", scheme.CodeRemoteHost, 7},
		{scheme.POSIX, "URL:file://host/x", scheme.CodeRemoteHost, 11},
		{scheme.Windows, "file:c:/a%2Fb", scheme.CodeBadPathChar, 9},
		{scheme.Windows, "URL:file:c:/a%2Fb", scheme.CodeBadPathChar, 13},
		{scheme.Windows, "URL:file:c:/a%3F", scheme.CodeBadPathChar, 9},
		{scheme.Windows, "file:c:/a%3F", scheme.CodeBadPathChar, 5},
		{scheme.Windows, "URL:file:/C:/a%3F", scheme.CodeBadPathChar, 9},
		{scheme.POSIX, "URL:file:/a%00", scheme.CodeBadPathChar, 9},
		{scheme.VMS, "URL:file://a+b/disk/dir/f", scheme.CodeBadPathChar, 12},
	} {
		u, err := locator.ParseAs(r.url, locator.RFC1738)
		if err != nil {
			t.Fatalf("ParseAs(%q): %v", r.url, err)
		}
		_, err = scheme.PathFromFileURL(u, r.os)
		var le *locator.Error
		if !errors.As(err, &le) || le.Code != r.code || le.Offset != r.off || le.Input != r.url {
			t.Errorf("PathFromFileURL(%q, %v) = %v; want code %s at %d", r.url, r.os, err, r.code, r.off)
		}
	}
}

func TestParseOS(t *testing.T) {
	for name, want := range map[string]scheme.OS{"posix": scheme.POSIX, "Windows": scheme.Windows,
		"VMS": scheme.VMS, "": scheme.LocalOS, "local": scheme.LocalOS} {
		if got, err := scheme.ParseOS(name); err != nil || got != want {
			t.Errorf("ParseOS(%q) = %v, %v; want %v", name, got, err, want)
		}
	}
	var le *locator.Error
	if _, err := scheme.ParseOS("plan9"); !errors.As(err, &le) || le.Code != scheme.CodeUnknownOS {
		t.Errorf("ParseOS(plan9) = %v; want %s", err, scheme.CodeUnknownOS)
	}
	if s := scheme.LocalOS.String(); s != "posix" && s != "windows" {
		t.Errorf("LocalOS.String() = %q", s)
	}
}

// randPOSIX returns an absolute POSIX path of names made of every byte but NUL and "/".
func randPOSIX(r *rand.Rand) string {
	var b []byte
	for range 1 + r.IntN(4) {
		b = append(b, '/')
		for range r.IntN(8) {
			b = append(b, byte(1+r.IntN(255)))
			if b[len(b)-1] == '/' {
				b[len(b)-1] = 0xff
			}
		}
	}
	return string(b)
}

// randWindows returns a drive-letter or UNC path of names without <>:"|?*, controls or
// separators; names are not empty (Windows has no empty names).
func randWindows(r *rand.Rand) string {
	name := func() string {
		var b []byte
		for len(b) == 0 || r.IntN(4) > 0 {
			c := byte(0x20 + r.IntN(0x100-0x20))
			if strings.IndexByte(`<>:"|?*\/`, c) >= 0 {
				c = '_'
			}
			b = append(b, c)
		}
		return string(b)
	}
	var sb strings.Builder
	if r.IntN(2) == 0 {
		sb.WriteByte(byte('A' + r.IntN(26)))
		sb.WriteString(`:\`)
		for i := range r.IntN(4) {
			if i > 0 {
				sb.WriteByte('\\')
			}
			sb.WriteString(name())
		}
		return sb.String()
	}
	sb.WriteString(`\\`)
	host := []string{"server", "host.example.com", "10.0.0.1", "fs-1"}[r.IntN(4)]
	sb.WriteString(host)
	for range 1 + r.IntN(3) {
		sb.WriteByte('\\')
		sb.WriteString(name())
	}
	return sb.String()
}

// TestPathRoundTrip: path → URL → path is the identity for generated paths the OS allows.
func TestPathRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 1738))
	n := 20000
	if testing.Short() {
		n = 3000
	}
	for range n {
		for _, c := range []struct {
			os scheme.OS
			p  string
		}{{scheme.POSIX, randPOSIX(r)}, {scheme.Windows, randWindows(r)}} {
			u, err := scheme.FileURLFromPath(c.p, c.os)
			if err != nil {
				t.Fatalf("FileURLFromPath(%q, %v): %v", c.p, c.os, err)
			}
			back, err := scheme.PathFromFileURL(u, c.os)
			if err != nil || back != c.p {
				t.Fatalf("%v: %q → %q → %q, %v", c.os, c.p, u.String(), back, err)
			}
		}
	}
	// VMS: upper-case ODS-2 names (RFC 1738 §3.10 writes them in lower case in the URL).
	const vmsChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789$_-"
	vmsName := func(extra string) string {
		chars := vmsChars + extra
		b := []byte{chars[r.IntN(len(vmsChars)-1)]} // not "-" first: "[-]" is the parent
		for range r.IntN(6) {
			b = append(b, chars[r.IntN(len(chars))])
		}
		return string(b)
	}
	for range n {
		var sb strings.Builder
		if r.IntN(3) == 0 {
			sb.WriteString(vmsName(".") + "::")
		}
		sb.WriteString(vmsName("") + ":[")
		for i := range 1 + r.IntN(3) {
			if i > 0 {
				sb.WriteByte('.')
			}
			sb.WriteString(vmsName(""))
		}
		sb.WriteString("]")
		if r.IntN(4) > 0 {
			sb.WriteString(vmsName(".;"))
		}
		p := sb.String()
		u, err := scheme.FileURLFromPath(p, scheme.VMS)
		if err != nil {
			t.Fatalf("FileURLFromPath(%q, vms): %v", p, err)
		}
		if back, err := scheme.PathFromFileURL(u, scheme.VMS); err != nil || back != p {
			t.Fatalf("vms: %q → %q → %q, %v", p, u.String(), back, err)
		}
	}
	// Every byte 1..255 but "/" in one POSIX name.
	var b []byte
	b = append(b, '/')
	for c := 1; c < 256; c++ {
		if c != '/' {
			b = append(b, byte(c))
		}
	}
	u, err := scheme.FileURLFromPath(string(b), scheme.POSIX)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := scheme.PathFromFileURL(u, scheme.POSIX); err != nil || back != string(b) {
		t.Fatalf("every byte: %q → %q, %v", u.String(), back, err)
	}
}

// TestPathLinear: 1 MB adversarial paths and URLs take time linear in their length: a
// 1 MB input takes at most 40 times as long as a 64 KB one (16 times linear, with margin).
func TestPathLinear(t *testing.T) {
	inputs := []struct {
		name string
		os   scheme.OS
		make func(n int) string
	}{
		{"posix %", scheme.POSIX, func(n int) string { return "/" + strings.Repeat("%", n) }},
		{"posix /", scheme.POSIX, func(n int) string { return strings.Repeat("/", n) }},
		{"posix non-UTF-8", scheme.POSIX, func(n int) string { return "/" + strings.Repeat("\xff", n) }},
		{"windows \\", scheme.Windows, func(n int) string { return `C:` + strings.Repeat(`\`, n) }},
		{"windows unc", scheme.Windows, func(n int) string { return `\\h\` + strings.Repeat(`a\`, n/2) }},
		{"windows colons", scheme.Windows, func(n int) string { return `C:\` + strings.Repeat(`:`, n) }},
		{"vms dirs", scheme.VMS, func(n int) string { return "D:[" + strings.Repeat("A.", n/2) + "A]F" }},
		{"vms colons", scheme.VMS, func(n int) string { return strings.Repeat(":", n) }},
	}
	measure := func(f func()) time.Duration {
		best := time.Duration(1 << 62)
		for range 3 {
			start := time.Now()
			f()
			if d := time.Since(start); d < best {
				best = d
			}
		}
		return best
	}
	for _, in := range inputs {
		run := func(n int) func() {
			p := in.make(n)
			return func() {
				u, err := scheme.FileURLFromPath(p, in.os)
				if err == nil {
					_, _ = scheme.PathFromFileURL(u, in.os)
				}
			}
		}
		// Times are logged (speed is for benchmarks; a shared machine makes any time ratio
		// flaky), and fail only past a hang guard; what is held is memory, which is
		// deterministic: the bytes allocated for 1 MB at most 20 times those for 64 KB.
		small, large := measure(run(64<<10)), measure(run(1<<20))
		t.Logf("%s: 64 KB %v, 1 MB %v", in.name, small, large)
		if large > 10*time.Second {
			t.Errorf("%s: 1 MB took %v: a hang", in.name, large)
		}
		bs, bl := allocated(run(64<<10)), allocated(run(1<<20))
		if bl > 20*max(bs, 1<<16) {
			t.Errorf("%s: 1 MB allocated %d bytes, 64 KB %d: not linear", in.name, bl, bs)
		}
	}
}

func FuzzPathRoundTrip(f *testing.F) {
	for _, r := range pathRows {
		f.Add(r.path, uint8(r.os))
	}
	f.Add("/a\xffb#?", uint8(scheme.POSIX))
	f.Add(`\\?\UNC\s\h\x`, uint8(scheme.Windows))
	for _, r := range urlRows {
		f.Add(r.url, uint8(r.os))
	}
	f.Fuzz(func(t *testing.T, p string, o uint8) {
		os := scheme.OS(o%3 + 1)
		// p as a URL: a path read from it gives a URL that gives the same path.
		if pu, err := locator.Parse(p); err == nil {
			lp, err := scheme.PathFromFileURL(pu, os)
			var le *locator.Error
			if err != nil && (!errors.As(err, &le) || le.Code == "" || le.Input != p || le.Offset < 0 || le.Offset > len(p)) {
				t.Fatalf("PathFromFileURL(%q, %v): %#v", p, os, err)
			}
			if err == nil {
				u2, err := scheme.FileURLFromPath(lp, os)
				if err != nil {
					t.Fatalf("%v: %q → %q → %v", os, p, lp, err)
				}
				if lp2, err := scheme.PathFromFileURL(u2, os); err != nil || lp2 != lp {
					t.Fatalf("%v: %q → %q → %q → %q, %v", os, p, lp, u2.String(), lp2, err)
				}
			}
		}
		u, err := scheme.FileURLFromPath(p, os)
		if err != nil {
			var le *locator.Error
			if !errors.As(err, &le) || le.Code == "" || le.Offset < 0 || le.Offset > len(p) {
				t.Fatalf("FileURLFromPath(%q, %v): %v", p, os, err)
			}
			return
		}
		back, err := scheme.PathFromFileURL(u, os)
		if err != nil {
			t.Fatalf("%v: %q → %q → %v", os, p, u.String(), err)
		}
		// The URL of the path read back is the same URL: "\\?\" and "/" separators on
		// Windows, and letter case on VMS, are the forms FileURLFromPath folds.
		u2, err := scheme.FileURLFromPath(back, os)
		if err != nil || u2.String() != u.String() {
			t.Fatalf("%v: %q → %q → %q → %q, %v", os, p, u.String(), back, u2.String(), err)
		}
		if os == scheme.POSIX && back != p {
			t.Fatalf("posix: %q → %q → %q", p, u.String(), back)
		}
	})
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
