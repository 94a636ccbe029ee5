package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/testserver"
)

// locator get against the real servers (vsftpd, pygopherd, Python's http.server), end to
// end through the command line: bodies, listings as entries whose URLs can be fetched in
// turn, --json, -o, and a batch from standard input in input order with --jobs 2.
func TestGetRealServers(t *testing.T) {
	ftp := testserver.VSFTPD(t, testserver.VSFTPDOptions{
		Files: map[string][]byte{"pub/readme.txt": []byte("hello from ftp\n"), "pub/data.bin": {0, 1, 2, 0xff}},
	})
	groot := t.TempDir()
	if err := os.MkdirAll(filepath.Join(groot, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"docs/a.txt": "alpha\n", "docs/b.txt": "beta\n"} {
		if err := os.WriteFile(filepath.Join(groot, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gopher := testserver.PyGopherd(t, groot, testserver.PygopherdOptions{})
	hroot := t.TempDir()
	if err := os.WriteFile(filepath.Join(hroot, "page.html"), []byte("<p>hi</p>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	hport, _ := testserver.HTTPD(t, hroot)
	gbase := "gopher://127.0.0.1:" + strconv.Itoa(gopher.Port)
	hbase := "http://127.0.0.1:" + strconv.Itoa(hport)

	// Bodies.
	for url, want := range map[string]string{
		ftp.URL("/pub/readme.txt"): "hello from ftp\n",
		ftp.URL("/pub/data.bin"):   "\x00\x01\x02\xff",
		gbase + "/0/docs/a.txt":    "alpha\n",
		hbase + "/page.html":       "<p>hi</p>\n",
	} {
		out, errs, code := runLocator(t, "", "get", url)
		if code != 0 || out != want {
			t.Errorf("get %s: exit %d, %q, want %q; %s", url, code, out, want, errs)
		}
	}

	// A gopher menu as entries; each entry's URL fetched in turn, with locator alone.
	out, errs, code := runLocator(t, "", "get", gbase+"/1/docs")
	if code != 0 {
		t.Fatalf("menu: exit %d: %s", code, errs)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 || f[0] == "" {
			t.Fatalf("menu line %q is not URL<TAB>type<TAB>name", line)
		}
		body, errs, code := runLocator(t, "", "get", f[0])
		if code != 0 {
			t.Fatalf("get %s from the menu: exit %d: %s", f[0], code, errs)
		}
		got = append(got, body)
	}
	if strings.Join(got, "") != "alpha\nbeta\n" {
		t.Errorf("the menu's items gave %q", got)
	}

	// An FTP directory with --json: entries, and the dialog the plan describes.
	out, errs, code = runLocator(t, "", "get", "--json", ftp.URL("/pub/"))
	var res struct {
		Listing bool `json:"listing"`
		Entries []struct {
			URL, Name string
		} `json:"entries"`
		Dialog []struct{ Sent, Reply string } `json:"dialog"`
	}
	if err := json.Unmarshal([]byte(out), &res); code != 0 || err != nil || !res.Listing || len(res.Entries) != 2 {
		t.Fatalf("ftp listing --json: exit %d, %v, %s; %s", code, err, out, errs)
	}
	for _, e := range res.Entries {
		if !strings.HasPrefix(e.URL, ftp.URL("/pub/")) || !strings.HasSuffix(e.URL, e.Name) {
			t.Errorf("entry %+v: its URL does not name it", e)
		}
	}

	// -o writes the file; a batch from standard input keeps the input order with 2 jobs.
	dst := filepath.Join(t.TempDir(), "copy.txt")
	if _, errs, code := runLocator(t, "", "get", "-o", dst, ftp.URL("/pub/readme.txt")); code != 0 {
		t.Fatalf("-o: exit %d: %s", code, errs)
	}
	if b, err := os.ReadFile(dst); err != nil || string(b) != "hello from ftp\n" {
		t.Errorf("-o wrote %q, %v", b, err)
	}
	in := strings.Join([]string{hbase + "/page.html", ftp.URL("/pub/readme.txt"), gbase + "/0/docs/b.txt", ftp.URL("/pub/readme.txt")}, "\n") + "\n"
	out, errs, code = runLocator(t, in, "get", "--jobs", "2", "-")
	if want := "<p>hi</p>\nhello from ftp\nbeta\nhello from ftp\n"; code != 0 || out != want {
		t.Errorf("batch: exit %d, %q, want %q; %s", code, out, want, errs)
	}

	// Refusals: a missing file (4), a decoded CR LF (6), another service's port (6).
	for url, want := range map[string]int{
		ftp.URL("/pub/missing.txt"):          exitRefused,
		ftp.URL("/pub/a%0d%0aDELE%20x"):      exitSafety,
		"gopher://127.0.0.1:25/0/docs/a.txt": exitSafety,
	} {
		if _, errs, code := runLocator(t, "", "get", url); code != want {
			t.Errorf("get %s: exit %d, want %d; %s", url, code, want, errs)
		}
	}
}
