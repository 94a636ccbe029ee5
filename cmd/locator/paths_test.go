package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func TestFromPathArgs(t *testing.T) {
	for _, tt := range []struct {
		args []string
		out  string
		errs string
		code int
	}{
		{[]string{"--os", "posix", "/a b#c?", "/%\xff"}, "file:///a%20b%23c%3F\nfile:///%25%FF\n", "", 0},
		// RFC 8089 Appendix E.2, E.3.1.
		{[]string{"--os", "windows", `C:\x\y`, `\\h\s\z`, `\\?\UNC\h\s\z`}, "file:///C:/x/y\nfile://h/s/z\nfile://h/s/z\n", "", 0},
		// RFC 1738 §3.10.
		{[]string{"--os", "vms", "DISK$USER:[MY.NOTES]NOTE12345.TXT"}, "file:///disk$user/my/notes/note12345.txt\n", "", 0},
		{[]string{"--os", "posix", "rel", "/ok"}, "file:///ok\n",
			"locator: rel: a file URL names an absolute path, starting with \"/\" [relative-path, POSIX.1-2017 XBD 3.271 Pathname]\n", 1},
		{[]string{"--os", "plan9", "/x"}, "", "locator: --os \"plan9\": want posix, windows or vms\nlocator: run 'locator help' for usage\n", 2},
		{[]string{"--os", "local", "/x"}, "", "locator: --os \"local\": want posix, windows or vms\nlocator: run 'locator help' for usage\n", 2},
		{[]string{"--os", "posix"}, "", "locator: from-path: no PATH given (give them, or - to read them from standard input)\nlocator: run 'locator help' for usage\n", 2},
	} {
		out, errs, code := runLocator(t, "", append([]string{"from-path"}, tt.args...)...)
		if out != tt.out || errs != tt.errs || code != tt.code {
			t.Errorf("from-path %q = %q, %q, %d; want %q, %q, %d", tt.args, out, errs, code, tt.out, tt.errs, tt.code)
		}
	}
}

func TestToPathArgs(t *testing.T) {
	for _, tt := range []struct {
		args []string
		out  string
		code int
	}{
		{[]string{"--os", "posix", "file:///a%20b%23c%3F", "file://localhost/etc"}, "/a b#c?\n/etc\n", 0},
		// RFC 8089 Appendix E.2.2, E.3.1, E.3.2.
		{[]string{"--os", "windows", "file:///c|/x", "file://h/s/z", "file:////h/s/z"}, "c:\\x\n\\\\h\\s\\z\n\\\\h\\s\\z\n", 0},
		{[]string{"--os", "vms", "file://vms.host.edu/disk$user/my/notes/note12345.txt"}, "VMS.HOST.EDU::DISK$USER:[MY.NOTES]NOTE12345.TXT\n", 0},
		// A control byte in a path is shown escaped, in a Go string literal: it cannot start
		// a line, and the line is not the path "/a\\nb".
		{[]string{"--os", "posix", "file:///a%0Ab", "file:///a%5Cnb"}, "\"/a\\nb\"\n/a\\nb\n", 0},
		// Where "\\" is the separator: the byte FF after C:\a, and the file xff in C:\a.
		{[]string{"--os", "windows", "file:///C:/a%FF", "file:///C:/a/xff", "file:///C:/a%C2%85"},
			"\"C:\\\\a\\xff\"\nC:\\a\\xff\n\"C:\\\\a\\u0085\"\n", 0},
		// Device paths: "\\\\.\\" names no file (from-path refuses it too).
		{[]string{"--os", "windows", "file://./PhysicalDrive0", "file:////./pipe/x"}, "", 1},
		{[]string{"--os", "posix", "file://remote/x", "http://h/"}, "", 1},
	} {
		out, _, code := runLocator(t, "", append([]string{"to-path"}, tt.args...)...)
		if out != tt.out || code != tt.code {
			t.Errorf("to-path %q = %q, %d; want %q, %d", tt.args, out, code, tt.out, tt.code)
		}
	}
}

// TestPathsStdin: one line out per line in, in order, errors included, exit status 1.
func TestPathsStdin(t *testing.T) {
	in := "/a\nrel\n/b c\n\n/\xff\n"
	out, errs, code := runLocator(t, in, "from-path", "--os", "posix", "--jobs", "2", "-")
	want := "file:///a\nerror: a file URL names an absolute path, starting with \"/\" [relative-path, POSIX.1-2017 XBD 3.271 Pathname]\n" +
		"file:///b%20c\nerror: a file URL names an absolute path, starting with \"/\" [relative-path, POSIX.1-2017 XBD 3.271 Pathname]\nfile:///%FF\n"
	if out != want || errs != "" || code != 1 {
		t.Errorf("from-path - = %q, %q, %d; want %q", out, errs, code, want)
	}
	// And back: every URL gives its path.
	back, errs, code := runLocator(t, "file:///a\nfile:///b%20c\nfile://x/y\n", "to-path", "--os", "posix", "-")
	want = "/a\n/b c\nerror: the file is on host \"x\", not this machine: a POSIX path names a file of this machine [remote-host, RFC 1738 §3.10]\n"
	if back != want || errs != "" || code != 1 {
		t.Errorf("to-path - = %q, %q, %d; want %q", back, errs, code, want)
	}
}

// TestToPathExact: every line to-path writes gives back the path exactly (a line that starts
// with a double quote through strconv.Unquote), and two URLs of different paths never give
// one line: 20,000 URLs of random bytes, for posix and windows, from arguments and from "-".
func TestToPathExact(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const alphabet = "ab\\\"/x:%\t\n\x00\x85\xff\u200e\u00e9 "
	for _, osName := range []string{"posix", "windows"} {
		os, _ := scheme.ParseOS(osName)
		var urls []string
		for range 10000 {
			var b strings.Builder
			b.WriteString("file:///")
			if osName == "windows" {
				b.WriteString("C:/")
			}
			for range 1 + r.IntN(8) {
				c := alphabet[r.IntN(len(alphabet))]
				if c == '%' || c < 0x20 || c >= 0x7f || c == ' ' || c == '"' || c == '\\' {
					fmt.Fprintf(&b, "%%%02X", c)
				} else {
					b.WriteByte(c)
				}
			}
			urls = append(urls, b.String())
		}
		out, _, _ := runLocator(t, strings.Join(urls, "\n")+"\n", "to-path", "--os", osName, "-")
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != len(urls) {
			t.Fatalf("%s: %d lines for %d URLs", osName, len(lines), len(urls))
		}
		seen := map[string]string{}
		for i, line := range lines {
			want, err := scheme.PathFromFileURL(locator.MustParse(urls[i]), os)
			if err != nil {
				if !strings.HasPrefix(line, "error: ") {
					t.Errorf("%s: %q: line %q, want an error line (%v)", osName, urls[i], line, err)
				}
				continue
			}
			got := line
			if strings.HasPrefix(line, `"`) {
				if got, err = strconv.Unquote(line); err != nil {
					t.Errorf("%s: %q: line %q: %v", osName, urls[i], line, err)
					continue
				}
			}
			if got != want {
				t.Errorf("%s: %q: line %q reads as %q, want %q", osName, urls[i], line, got, want)
			}
			if other, ok := seen[line]; ok && other != want {
				t.Errorf("%s: the line %q for both %q and %q", osName, line, other, want)
			}
			seen[line] = want
		}
	}
}

func TestPathsJSON(t *testing.T) {
	out, _, code := runLocator(t, "file:///%FF\nfile:///C:/x\n", "to-path", "--os", "posix", "--json", "-")
	if code != 0 {
		t.Errorf("exit status %d; want 0 (a path of invalid UTF-8 is a path; file:///C:/x is /C:/x on POSIX)", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines: %q", len(lines), out)
	}
	var r struct {
		Input, Path, PathBase64, OS string
		Valid                       bool
		Error                       *string
	}
	if err := json.Unmarshal([]byte(strings.ReplaceAll(lines[0], "path_base64", "PathBase64")), &r); err != nil {
		t.Fatal(err)
	}
	if r.PathBase64 != "L/8=" || r.OS != "posix" || !r.Valid || r.Error != nil {
		t.Errorf("line 1: %+v", r)
	}
	out, _, code = runLocator(t, "", "from-path", "--os", "windows", "--json", `C:\a`, `C:\a?`)
	want := `{"input":"C:\\a","url":"file:///C:/a","os":"windows","valid":true,"error":null}` + "\n" +
		`{"input":"C:\\a?","url":null,"os":"windows","valid":false,"error":"a Windows name cannot hold \"?\" [bad-path-char, RFC 8089 Appendix E.3.1]"}` + "\n"
	if out != want || code != 1 {
		t.Errorf("from-path --json = %q, %d; want %q", out, code, want)
	}
}
