package scheme_test

import (
	"fmt"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// FileURLFromPath encodes what a file URL cannot hold ("#", "?", "%", space, non-ASCII and
// bytes of invalid UTF-8) and maps Windows drive letters (RFC 8089 Appendix E.2), UNC names
// (RFC 8089 Appendix E.3.1) and the VMS example of RFC 1738 §3.10.
func ExampleFileURLFromPath() {
	for _, c := range []struct {
		path string
		os   scheme.OS
	}{
		{"/home/ann/notes #1?.txt", scheme.POSIX},
		{"/tmp/caf\xe9", scheme.POSIX}, // Latin-1, not UTF-8
		{`C:\Users\Ann\report.pdf`, scheme.Windows},
		{`\\host.example.com\Share\path\to\file.txt`, scheme.Windows},
		{`\\?\UNC\server\share\long`, scheme.Windows},
		{"VMS.HOST.EDU::DISK$USER:[MY.NOTES]NOTE12345.TXT", scheme.VMS},
		{"notes.txt", scheme.POSIX},
	} {
		u, err := scheme.FileURLFromPath(c.path, c.os)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(u)
	}
	// Output:
	// file:///home/ann/notes%20%231%3F.txt
	// file:///tmp/caf%E9
	// file:///C:/Users/Ann/report.pdf
	// file://host.example.com/Share/path/to/file.txt
	// file://server/share/long
	// file://vms.host.edu/disk$user/my/notes/note12345.txt
	// locator: "notes.txt": a file URL names an absolute path, starting with "/" (at offset 0, POSIX.1-2017 XBD 3.271 Pathname)
}

// PathFromFileURL reads a file URL back: on Windows a host is a UNC server, on POSIX only
// this machine ("" or "localhost", RFC 1738 §3.10) has local paths.
func ExamplePathFromFileURL() {
	for _, c := range []struct {
		url string
		os  scheme.OS
	}{
		{"file:///home/ann/notes%20%231%3F.txt", scheme.POSIX},
		{"file://localhost/etc/motd", scheme.POSIX},
		{"file:///c:/path/to/file", scheme.Windows},
		{"file://host.example.com/Share/file.txt", scheme.Windows},
		{"file://vms.host.edu/disk$user/my/notes/note12345.txt", scheme.VMS},
		{"file://host.example.com/etc/motd", scheme.POSIX},
	} {
		p, err := scheme.PathFromFileURL(locator.MustParse(c.url), c.os)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(p)
	}
	// Output:
	// /home/ann/notes #1?.txt
	// /etc/motd
	// c:\path\to\file
	// \\host.example.com\Share\file.txt
	// VMS.HOST.EDU::DISK$USER:[MY.NOTES]NOTE12345.TXT
	// locator: "file://host.example.com/etc/motd": the file is on host "host.example.com", not this machine: a POSIX path names a file of this machine (at offset 7, RFC 1738 §3.10)
}

func ExampleParseOS() {
	os, err := scheme.ParseOS("Windows")
	fmt.Println(os, err)
	_, err = scheme.ParseOS("plan9")
	fmt.Println(err)
	// Output:
	// windows <nil>
	// locator: "plan9": unknown operating system; want posix, windows or vms (at offset 0, RFC 1738 §3.10)
}
