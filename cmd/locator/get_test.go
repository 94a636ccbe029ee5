package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/internal/testserver"
	"github.com/locator-url/locator/scheme"
)

// fileURLOf returns the file URL of the local path p.
func fileURLOf(t *testing.T, p string) string {
	t.Helper()
	u, err := scheme.File{Path: p}.URL()
	if err != nil {
		t.Fatal(err)
	}
	return u.String()
}

// writeTestFile writes content to dir/name and returns the path.
func writeTestFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// dirNames returns the names in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range des {
		names = append(names, d.Name())
	}
	return names
}

func TestGetFileBodyAndListing(t *testing.T) {
	dir := t.TempDir()
	p := writeTestFile(t, dir, "a b#c?d%e\xff.txt", "hello\n")
	out, errs, code := runLocator(t, "", "get", fileURLOf(t, p))
	if code != 0 || out != "hello\n" || errs != "" {
		t.Errorf("body: %d %q %q", code, out, errs)
	}
	u := fileURLOf(t, dir+"/")
	out, errs, code = runLocator(t, "", "get", u)
	if want := u + "a%20b%23c%3Fd%25e%FF.txt\tfile\ta b#c?d%e\\xff.txt\n"; code != 0 || out != want || errs != "" {
		t.Errorf("listing: %d %q %q, want %q", code, out, errs, want)
	}
	out, _, code = runLocator(t, "", "get", "--raw", u)
	if want := "a b#c?d%e\xff.txt\n"; code != 0 || out != want {
		t.Errorf("raw listing: %d %q", code, out)
	}
}

func TestGetOutputFileAtomic(t *testing.T) {
	src := t.TempDir()
	big := writeTestFile(t, src, "big", strings.Repeat("x", 200000))
	dst := t.TempDir()
	target := filepath.Join(dst, "out")

	// Success: the whole object, and nothing else in the directory.
	out, errs, code := runLocator(t, "", "get", "-o", target, fileURLOf(t, big))
	if code != 0 || out != "" || errs != "" {
		t.Fatalf("-o: %d %q %q", code, out, errs)
	}
	if b, _ := os.ReadFile(target); len(b) != 200000 {
		t.Errorf("-o wrote %d bytes", len(b))
	}
	if n := dirNames(t, dst); len(n) != 1 {
		t.Errorf("left %v", n)
	}

	// A failure in the middle of the transfer (the size limit, after 100 KiB were written)
	// leaves the earlier file as it was and no temporary file.
	if err := os.WriteFile(target, []byte("before"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, code = runLocator(t, "", "get", "--max-size", "100K", "-o", target, fileURLOf(t, big))
	if code != exitSafety || !strings.Contains(errs, "[too-large") {
		t.Errorf("--max-size: %d %q", code, errs)
	}
	if b, _ := os.ReadFile(target); string(b) != "before" {
		t.Errorf("the failed transfer changed the file: %d bytes", len(b))
	}
	if n := dirNames(t, dst); len(n) != 1 {
		t.Errorf("left %v", n)
	}
	// A failure before any byte: no file at all.
	none := filepath.Join(dst, "none")
	_, _, code = runLocator(t, "", "get", "-o", none, fileURLOf(t, filepath.Join(src, "missing")))
	if _, err := os.Stat(none); code != exitRefused || err == nil {
		t.Errorf("missing: %d, stat %v", code, err)
	}
	// -o to a file that is not a regular one is written directly.
	if out, errs, code := runLocator(t, "", "get", "-o", os.DevNull, fileURLOf(t, big)); code != 0 || out != "" || errs != "" {
		t.Errorf("-o %s: %d %q %q", os.DevNull, code, out, errs)
	}
}

func TestGetContinue(t *testing.T) {
	src := writeTestFile(t, t.TempDir(), "src", "0123456789")
	dst := t.TempDir()
	target := writeTestFile(t, dst, "f", "0123")
	if _, errs, code := runLocator(t, "", "get", "--continue", "-o", target, fileURLOf(t, src)); code != 0 || errs != "" {
		t.Fatalf("--continue: %d %q", code, errs)
	}
	if b, _ := os.ReadFile(target); string(b) != "0123456789" {
		t.Errorf("resumed file %q", b)
	}
	// A failed resume cuts the file back to its size before.
	if err := os.WriteFile(target, []byte("01"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, code := runLocator(t, "", "get", "--continue", "--max-size", "3", "-o", target, fileURLOf(t, src)); code != exitSafety {
		t.Errorf("failed resume: exit %d", code)
	}
	if b, _ := os.ReadFile(target); string(b) != "01" {
		t.Errorf("after a failed resume %q", b)
	}
	if _, _, code := runLocator(t, "", "get", "--continue", fileURLOf(t, src)); code != exitUsage {
		t.Errorf("--continue without a file: exit %d", code)
	}
}

func TestGetRemoteName(t *testing.T) {
	src := t.TempDir()
	p := writeTestFile(t, src, "notes 1.txt", "n\n")
	dst := t.TempDir()
	t.Chdir(dst)
	if _, errs, code := runLocator(t, "", "get", "-O", fileURLOf(t, p)); code != 0 || errs != "" {
		t.Fatalf("-O: %d %q", code, errs)
	}
	if b, err := os.ReadFile(filepath.Join(dst, "notes 1.txt")); err != nil || string(b) != "n\n" {
		t.Errorf("-O wrote %q, %v", b, err)
	}
	for _, u := range []string{fileURLOf(t, src+"/"), "file://" + src + "/%2E%2E", "file://" + src + "/.", "file://" + src + "/a%2Fb"} {
		_, errs, code := runLocator(t, "", "get", "-O", u)
		if code != exitInvalid || !strings.Contains(errs, "[remote-name") {
			t.Errorf("-O %s: %d %q", u, code, errs)
		}
	}
	if n := dirNames(t, dst); len(n) != 1 {
		t.Errorf("-O left %v", n)
	}
	for _, tc := range []struct{ url, want string }{
		{"ftp://h/pub/a%20b.txt;type=i", "a b.txt"},
		{"gopher://h/0/dir/x.txt", "x.txt"},
		{"http://h/d/f.html?q=1", "f.html"},
	} {
		if got, err := remoteName(tc.url); err != nil || got != tc.want {
			t.Errorf("remoteName(%s) = %q, %v; want %q", tc.url, got, err, tc.want)
		}
	}
}

func TestGetJSON(t *testing.T) {
	dir := t.TempDir()
	p := writeTestFile(t, dir, "f.txt", "abc")
	out, errs, code := runLocator(t, "", "get", "--json", fileURLOf(t, p), fileURLOf(t, dir+"/"), "wais://h/db")
	if code != exitNoClient {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines: %q", len(lines), out)
	}
	var objs [3]struct {
		Input   string
		URL     string
		Scheme  string
		Size    int64
		Total   int64
		Type    string
		Listing bool
		Entries []fetch.Entry
		Error   *getErrorJSON
	}
	for i, l := range lines {
		if err := json.Unmarshal([]byte(l), &objs[i]); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	if o := objs[0]; o.Scheme != "file" || o.Size != 3 || o.Total != 3 || !strings.HasPrefix(o.Type, "text/plain") || o.Error != nil {
		t.Errorf("file: %+v", o)
	}
	if o := objs[1]; !o.Listing || len(o.Entries) != 1 || o.Entries[0].Name != "f.txt" || o.Entries[0].URL != fileURLOf(t, p) {
		t.Errorf("listing: %+v", o)
	}
	if e := objs[2].Error; e == nil || e.Kind != "no-client" || e.Status != exitNoClient || e.Code != "no-client" {
		t.Errorf("wais: %+v", e)
	}
	// The object goes to -o with --json, and "file" says where.
	target := filepath.Join(t.TempDir(), "o")
	out, _, code = runLocator(t, "", "get", "--json", "-o", target, fileURLOf(t, p))
	if b, _ := os.ReadFile(target); code != 0 || string(b) != "abc" || !strings.Contains(out, `"file":`+strconv.Quote(target)) {
		t.Errorf("--json -o: %d %q %q", code, out, b)
	}
}

func TestGetTranscript(t *testing.T) {
	p := writeTestFile(t, t.TempDir(), "f", "abc")
	out, errs, code := runLocator(t, "", "get", "--transcript", fileURLOf(t, p))
	if want := "* open the local file " + p + " (RFC 1738 §3.10)\n"; code != 0 || out != "abc" || errs != want {
		t.Errorf("%d %q %q, want %q", code, out, errs, want)
	}
}

// TestGetExitStatus provokes each kind of failure this branch can: the exit status is the
// kind's, and the error line names the URL and the code.
func TestGetExitStatus(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		code int
		want string // in stderr
	}{
		{[]string{"get"}, exitUsage, "no URL given"},
		{[]string{"get", "-o", "x", "file:///a", "file:///b"}, exitUsage, "-o FILE takes one URL"},
		{[]string{"get", "-o", "x", "-O", "file:///a"}, exitUsage, "exclude each other"},
		{[]string{"get", "--form", "novalue", "file:///a"}, exitUsage, "want NAME=VALUE"},
		{[]string{"get", "--max-size", "0", "file:///a"}, exitUsage, "want a size"},
		{[]string{"get", "--proxy", "http", "file:///a"}, exitUsage, "want SCHEME=URL"},
		{[]string{"get", "--jobs", "0", "-"}, exitUsage, "want a whole number"},
		{[]string{"get", "--spec", "rfc3986", "file:///a"}, exitUsage, "does not depend on a specification"},
		{[]string{"get", "--email", "a\r\nDELE x", "file:///a"}, exitUsage, "--email"},
		{[]string{"get", "file:///a%zz"}, exitInvalid, "not a URL"},
		{[]string{"get", "file://" + dir + "/missing"}, exitRefused, "[not-found, RFC 1738 §3.10]"},
		{[]string{"get", "file://" + dir + "/a%00b"}, exitSafety, "[line-break"},
		{[]string{"get", "wais://h/db"}, exitNoClient, "[no-client"},
		{[]string{"get", "prospero://h/x"}, exitNoClient, "[no-client"},
		{[]string{"get", "file://other.example/etc/motd"}, exitNoClient, "RFC 1738 §3.10 names no protocol for a remote file host"},
		// Every byte shown is escaped: no URL can act on the terminal.
		{[]string{"get", "file:///no/\x1b[31mred\xff"}, exitInvalid, `"file:///no/\x1b[31mred\xff": not a URL`},
		{[]string{"get", "file:///no/%1B[31mred%FF"}, exitRefused, `cannot open the local file "/no/\x1b[31mred\xff"`},
		// Several URLs: the status of the first that failed.
		{[]string{"get", "file://" + dir + "/missing", "wais://h/db"}, exitRefused, "[no-client"},
		{[]string{"get", "wais://h/db", "file://" + dir + "/missing"}, exitNoClient, "[not-found"},
	} {
		_, errs, code := runLocator(t, "", tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("%q: exit %d, want %d; stderr %q, want %q in it", tc.args, code, tc.code, errs, tc.want)
		}
		if strings.ContainsAny(errs, "\x1b\r") {
			t.Errorf("%q: a control byte reached standard error: %q", tc.args, errs)
		}
	}
}

// TestGetExitStatusNetwork provokes the failures that need a scheme's client: they are
// skipped while the client is not on this branch (exit status 7).
func TestGetExitStatusNetwork(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().(*net.TCPAddr).Port
	l.Close()
	for _, tc := range []struct {
		url  string
		code int
	}{
		{"ftp://127.0.0.1/%0d%0aDELE%20x", exitSafety},
		{"ftp://127.0.0.1/a%0D%0Ab", exitSafety},
		{"gopher://127.0.0.1:" + strconv.Itoa(closed) + "/0x", exitConnect},
		{"http://127.0.0.1:" + strconv.Itoa(closed) + "/", exitConnect},
		{"gopher://127.0.0.1:25/0x", exitSafety},
	} {
		_, errs, code := runLocator(t, "", "get", "--timeout", "5s", tc.url)
		if code == exitNoClient && strings.Contains(errs, "has no client for scheme") {
			t.Logf("%s: no client on this branch yet", tc.url)
			continue
		}
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d; %q", tc.url, code, tc.code, errs)
		}
	}
}

// TestGetStdinJobsOrder fetches from "-" on 2 jobs: the objects and the errors come in
// input order, large objects (spooled to a temporary file) too.
func TestGetStdinJobsOrder(t *testing.T) {
	dir := t.TempDir()
	var in, want strings.Builder
	for i := range 12 {
		content := fmt.Sprintf("file %d\n", i)
		if i == 3 {
			content = strings.Repeat("big\n", 400000) // 1.6 MB: past the spool's memory
		}
		if i == 7 {
			fmt.Fprintf(&in, "file://%s/missing\n", dir)
			continue
		}
		p := writeTestFile(t, dir, strconv.Itoa(i), content)
		in.WriteString(fileURLOf(t, p) + "\n")
		want.WriteString(content)
	}
	in.WriteString("wais://h/db\n")
	for _, jobs := range []string{"1", "2", "5"} {
		out, errs, code := runLocator(t, in.String(), "get", "--jobs", jobs, "-")
		if out != want.String() {
			t.Errorf("--jobs %s: %d bytes out of order or lost (want %d)", jobs, len(out), want.Len())
		}
		if code != exitRefused {
			t.Errorf("--jobs %s: exit %d", jobs, code)
		}
		i, j := strings.Index(errs, "missing"), strings.Index(errs, "wais")
		if i < 0 || j < i {
			t.Errorf("--jobs %s: errors out of order: %q", jobs, errs)
		}
		// --json: one line a URL, in order.
		out, _, _ = runLocator(t, in.String(), "get", "--jobs", jobs, "--json", "-")
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		inLines := strings.Split(strings.TrimSuffix(in.String(), "\n"), "\n")
		if len(lines) != len(inLines) {
			t.Fatalf("--json: %d lines for %d URLs", len(lines), len(inLines))
		}
		for k, l := range lines {
			if !strings.HasPrefix(l, `{"input":`+strconv.Quote(inLines[k])) {
				t.Errorf("--json line %d: %.80s", k, l)
			}
		}
	}
}

func TestTransferProgress(t *testing.T) {
	var b bytes.Buffer
	p := newTransferProgress(&b, false)
	p.Start(1000)
	p.Add(500)
	p.Done()
	if !strings.Contains(b.String(), "50%") {
		t.Errorf("bar: %q", b.String())
	}
	b.Reset()
	p = newTransferProgress(&b, true)
	p.Start(-1)
	p.Add(300)
	p.Start(10)
	p.Done()
	p.Done()
	p.finish()
	if !strings.Contains(b.String(), "300 B") {
		t.Errorf("spinner: %q", b.String())
	}
	// Not on a terminal (a buffer): get shows nothing but the object.
	src := writeTestFile(t, t.TempDir(), "f", "x")
	if out, errs, code := runLocator(t, "", "get", fileURLOf(t, src)); out != "x" || errs != "" || code != 0 {
		t.Errorf("%q %q %d", out, errs, code)
	}
}

func TestSizeValue(t *testing.T) {
	for in, want := range map[string]int64{"1": 1, "10K": 10 << 10, "3m": 3 << 20, "2G": 2 << 30} {
		var s sizeValue
		if err := s.Set(in); err != nil || int64(s) != want {
			t.Errorf("%s: %d, %v", in, s, err)
		}
	}
	for _, in := range []string{"", "0", "-1", "K", "1T", "99999999999G"} {
		var s sizeValue
		if err := s.Set(in); err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}

func TestSend(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  string
		code int
		want string
	}{
		{[]string{"send"}, "", exitUsage, "give one mailto: URL"},
		{[]string{"send", "http://h/"}, "", exitUsage, "is not a mailto: URL"},
		{[]string{"send", "mailto:a@b.example"}, "", exitUsage, "no SMTP server"},
		{[]string{"send", "mailto:a@b.example"}, "127.0.0.1:2525", exitUsage, "no sender"},
		{[]string{"send", "--email", "me@example.org", "mailto:a%0d%0aRCPT%20TO:<x@y.example>@b.example"}, "127.0.0.1:2525", exitSafety, "line-break"},
	} {
		t.Setenv(smtpEnv, tc.env)
		t.Setenv(emailEnv, "")
		_, errs, code := runLocator(t, "", tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("%q: exit %d, want %d; %q", tc.args, code, tc.code, errs)
		}
	}
	// The command hands the URL, the message and the options to the SMTP client.
	old := sendMail
	defer func() { sendMail = old }()
	var gotURL, gotMsg, gotServer string
	sendMail = func(_ context.Context, u string, msg io.Reader, o fetch.Options) (*fetch.Result, error) {
		b, _ := io.ReadAll(msg)
		gotURL, gotMsg, gotServer = u, string(b), o.SMTPServer
		return &fetch.Result{URL: u, Scheme: "mailto", Size: int64(len(b)), Total: -1}, nil
	}
	t.Setenv(smtpEnv, "")
	out, errs, code := runLocator(t, "Subject: x\n\nhi\n", "send", "--json", "--email", "me@example.org", "--smtp-server", "127.0.0.1:2525", "mailto:a@b.example")
	if code != 0 || errs != "" || gotURL != "mailto:a@b.example" || gotMsg != "Subject: x\n\nhi\n" || gotServer != "127.0.0.1:2525" ||
		!strings.HasPrefix(out, `{"input":"mailto:a@b.example","url":"mailto:a@b.example","scheme":"mailto","size":15,`) {
		t.Errorf("%d %q %q; %q %q %q", code, out, errs, gotURL, gotMsg, gotServer)
	}
}

// An interrupted get (a cancelled context: SIGINT) exits 1, with what it fetched so far.
func TestGetInterrupted(t *testing.T) {
	p := writeTestFile(t, t.TempDir(), "f", "x")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code := run(ctx, []string{"get", fileURLOf(t, p)}, strings.NewReader(""), &out, &errb)
	if code != exitInvalid || !strings.Contains(errb.String(), "interrupted") {
		t.Errorf("exit %d, %q %q", code, out.String(), errb.String())
	}
}

// The prompt of a Gopher+ form on a terminal: the question escaped, the choices numbered,
// an answer by number or as text.
func TestTerminalPrompt(t *testing.T) {
	var shown bytes.Buffer
	ask := terminalPrompt(strings.NewReader("2\r\nfree text\n"), &shown)
	if got, err := ask("Pick\x1b[2J", []string{"red", "blue"}); err != nil || got != "blue" {
		t.Errorf("by number: %q, %v", got, err)
	}
	if got, err := ask("Name", nil); err != nil || got != "free text" {
		t.Errorf("as text: %q, %v", got, err)
	}
	if want := "Pick\\x1b[2J\n  1. red\n  2. blue\n> Name\n> "; shown.String() != want {
		t.Errorf("shown %q, want %q", shown.String(), want)
	}
	if _, err := ask("More", nil); err == nil {
		t.Error("no error at the end of the input")
	}
}

// send submits a message to a real SMTP server (aiosmtpd): the message arrives with the URL's
// header fields, and the server received the dialog SubmitPlan gives.
func TestSendSMTPServer(t *testing.T) {
	srv := testserver.SMTPD(t)
	t.Setenv(smtpEnv, "")
	out, errs, code := runLocator(t, "Hello,\n.a line with a dot\n", "send", "--smtp-server", srv.Addr, "--email", "me@example.org",
		"mailto:ann@example.org?cc=bob@example.org&subject=Greetings")
	if code != 0 || out != "" || errs != "" {
		t.Fatalf("exit %d; %q %q", code, out, errs)
	}
	msgs := srv.Messages(t)
	if len(msgs) != 1 {
		t.Fatalf("%d messages arrived, want 1", len(msgs))
	}
	m := msgs[0]
	for _, want := range []string{"From: me@example.org", "To: ann@example.org", "Cc: bob@example.org", "Subject: Greetings", "\n.a line with a dot"} {
		if !strings.Contains(strings.ReplaceAll(m, "\r\n", "\n"), want) {
			t.Errorf("the message lacks %q:\n%s", want, m)
		}
	}
}
