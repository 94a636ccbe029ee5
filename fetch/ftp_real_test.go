package fetch

import (
	"bytes"
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/testserver"
	"github.com/locator-url/locator/scheme"
)

// ftpFiles are the files the real FTP servers serve: text, binary (every byte value, CR LF
// pairs and lone CRs among them), nested directories, an empty directory.
func ftpFiles() (map[string][]byte, []string) {
	bin := make([]byte, 0, 4096)
	for i := range 4096 {
		bin = append(bin, byte(i*7+i/256))
	}
	bin = append(bin, "\r\n\r\rend\n"...)
	return map[string][]byte{
		"pub/a.txt":              []byte("hello, world\nsecond line\n"),
		"pub/bin.dat":            bin,
		"pub/sub/deep/c.txt":     []byte("deep\n"),
		"pub/with space/d e.txt": []byte("spaced\n"),
		"top.txt":                []byte("top\n"),
		"pub/dos.txt":            []byte("one\r\ntwo\r\nlone\rCR\r\n"),
	}, []string{"pub/empty"}
}

// get fetches url with o and returns the body, the result and the error.
func get(t *testing.T, url string, o Options) ([]byte, *Result, error) {
	t.Helper()
	var out bytes.Buffer
	r, err := Get(context.Background(), url, &out, o)
	return out.Bytes(), r, err
}

// sentLines returns the lines of r's dialog that were sent.
func sentLines(r *Result) []string {
	var out []string
	for _, e := range r.Dialog {
		if e.Sent != "" {
			out = append(out, e.Sent)
		}
	}
	return out
}

// resolvePlan returns the lines of p that a client following p sends, given the dialog d it
// recorded: a step with When is taken only when the last reply (the one before the next line
// sent) starts with one of its prefixes. It is the test's own reading of scheme.Step's
// documentation, independent of the client's. A line with scheme.FTPDataAddress matches the
// dialog's line that starts with the same verb.
func resolvePlan(t *testing.T, p scheme.Plan, d []Exchange) []string {
	t.Helper()
	var out []string
	i := 0 // the next exchange
	last := ""
	// The greeting.
	for i < len(d) && d[i].Sent == "" {
		last = d[i].Reply[:3]
		i++
	}
	for _, s := range p.Steps {
		if s.Send == "" {
			continue
		}
		if len(s.When) > 0 {
			ok := false
			for _, w := range s.When {
				ok = ok || strings.HasPrefix(last, w)
			}
			if !ok {
				continue
			}
		}
		if i >= len(d) {
			break // the dialog ended before this step
		}
		line := s.Send
		if strings.HasSuffix(line, " "+scheme.FTPDataAddress) && strings.HasPrefix(d[i].Sent, strings.TrimSuffix(line, scheme.FTPDataAddress)) {
			line = d[i].Sent
		}
		out = append(out, line)
		if d[i].Sent != line {
			break // the client sent another line: the comparison shows it
		}
		i++
		// The replies to this line: the first that Expect lists or that is not a
		// preliminary 1yz decides whether the dialog goes on (RFC 959 §4.2).
		decided, goOn := false, len(s.Expect) == 0
		for i < len(d) && d[i].Sent == "" {
			last = d[i].Reply[:3]
			if !decided && (hasCodePrefix(last, s.Expect) || last[0] != '1') {
				decided, goOn = true, hasCodePrefix(last, s.Expect)
			}
			i++
		}
		if !goOn {
			// After a refusal (a 4yz or 5yz reply but 421, RFC 959 §4.2) the client still
			// sends the QUIT the plan ends with (RFC 959 §4.1.1).
			if (last[0] == '4' || last[0] == '5') && last != "421" &&
				slices.ContainsFunc(p.Steps, func(s scheme.Step) bool { return s.Send == "QUIT" }) {
				out = append(out, "QUIT")
			}
			break
		}
	}
	return out
}

// masked returns lines with the argument of PASS replaced as the server's log shows it.
func masked(lines []string, pass string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		if strings.HasPrefix(l, "PASS ") {
			l = "PASS " + pass
		}
		out[i] = l
	}
	return out
}

// TestFTPPlanIsWire: what vsftpd logs it received (log_ftp_protocol) is, line for line, the
// plan of the URL with its branches resolved by the replies the client recorded; and the
// client's dialog is the same lines. Passive and active mode, a file, a listing (MLSD refused,
// LIST), NLST, a resumed transfer, a missing file (the plan stops at the 550, and QUIT ends
// the session).
func TestFTPPlanIsWire(t *testing.T) {
	files, dirs := ftpFiles()
	s := testserver.VSFTPD(t, testserver.VSFTPDOptions{AskPassword: true, Files: files, Dirs: dirs})
	for _, r := range []struct {
		path string
		o    Options
		ok   bool
	}{
		{"/pub/a.txt", Options{}, true},
		{"/pub/bin.dat", Options{Active: true}, true},
		{"/pub/bin.dat;type=i", Options{Offset: 100, Mail: "ann@example.org"}, true},
		{"/pub/", Options{}, true},
		{"/pub/sub/deep/", Options{Active: true}, true},
		{"/pub/sub;type=d", Options{}, true},
		{"/pub/nope.txt", Options{}, false},
		{"/pub/nodir/x", Options{}, false},
	} {
		before := len(s.Commands(t))
		_, res, err := get(t, s.URL(r.path), r.o)
		if (err == nil) != r.ok {
			t.Errorf("get %s: %v", r.path, err)
			continue
		}
		f, _ := scheme.ParseFTP(locator.MustParse(s.URL(r.path)))
		p, perr := f.PlanWith(scheme.FTPPlanOptions{Mail: r.o.Mail, Active: r.o.Active, Offset: r.o.Offset})
		if perr != nil {
			t.Fatal(perr)
		}
		want := resolvePlan(t, p, res.Dialog)
		if got := sentLines(res); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("get %s: the dialog sent\n%q\nthe plan says\n%q", r.path, got, want)
		}
		wire := s.Commands(t)[before:]
		if strings.Join(wire, "|") != strings.Join(masked(want, "<password>"), "|") {
			t.Errorf("get %s: vsftpd received\n%q\nthe plan says\n%q", r.path, wire, masked(want, "<password>"))
		}
	}
}

// TestFTPVSFTPD: anonymous FTP against vsftpd, which asks for a password (331, then PASS):
// text and binary files byte for byte, nested directories, a name with a space, the empty
// CWD (vsftpd refuses "CWD " with 550), a missing file and directory (550 → KindRefused with
// the server's code and text), ;type=d (NLST), the listing (MLSD refused → LIST, parsed),
// resume (REST), active mode, the size (SIZE → Result.Total).
func TestFTPVSFTPD(t *testing.T) {
	files, dirs := ftpFiles()
	s := testserver.VSFTPD(t, testserver.VSFTPDOptions{AskPassword: true, Files: files, Dirs: dirs})
	for _, r := range []struct {
		path string
		o    Options
		want []byte
	}{
		{"/pub/a.txt", Options{}, files["pub/a.txt"]},
		{"/pub/a.txt;type=a", Options{Active: true}, files["pub/a.txt"]},
		{"/pub/bin.dat", Options{}, files["pub/bin.dat"]},
		{"/pub/bin.dat;type=i", Options{Active: true}, files["pub/bin.dat"]},
		{"/pub/bin.dat", Options{Offset: 4000}, files["pub/bin.dat"][4000:]},
		{"/pub/sub/deep/c.txt", Options{}, files["pub/sub/deep/c.txt"]},
		{"/pub/with%20space/d%20e.txt", Options{}, files["pub/with space/d e.txt"]},
		{"/top.txt", Options{Mail: "ann@example.org"}, files["top.txt"]},
	} {
		got, res, err := get(t, s.URL(r.path), r.o)
		if err != nil || !bytes.Equal(got, r.want) {
			t.Errorf("get %s %+v: %d bytes, %v; want %d bytes", r.path, r.o, len(got), err, len(r.want))
			continue
		}
		name := strings.TrimSuffix(strings.TrimSuffix(r.path, ";type=a"), ";type=i")
		if full := files[strings.ReplaceAll(strings.TrimPrefix(name, "/"), "%20", " ")]; res.Total != int64(len(full)) || res.Size != int64(len(r.want)) {
			t.Errorf("get %s: Total %d, Size %d; want %d, %d", r.path, res.Total, res.Size, len(full), len(r.want))
		}
	}
	// ASCII (a .txt name, or ;type=a): CR LF arrives as LF (RFC 959 §3.1.1.1), a lone CR
	// stays; image (;type=i, or --no-type-guess) gives the octets as stored.
	for _, r := range []struct {
		path string
		o    Options
		want string
		typ  string
	}{
		{"/pub/dos.txt", Options{}, "one\ntwo\nlone\rCR\n", "A"},
		{"/pub/dos.txt;type=i", Options{}, "one\r\ntwo\r\nlone\rCR\r\n", "I"},
		{"/pub/dos.txt", Options{NoTypeGuess: true}, "one\r\ntwo\r\nlone\rCR\r\n", "I"},
	} {
		got, res, err := get(t, s.URL(r.path), r.o)
		if err != nil || string(got) != r.want || res.Type != r.typ || !slices.Contains(sentLines(res), "TYPE "+r.typ) {
			t.Errorf("get %s %+v: %q, type %q, %v; want %q, TYPE %s", r.path, r.o, got, res.Type, err, r.want, r.typ)
		}
	}
	// Refusals: the server's code and text.
	for _, r := range []struct{ path, code, reply string }{
		{"/pub/nope.txt", "ftp-550", "550 Failed to open file."},
		{"/pub/nodir/x", "ftp-550", "550 Failed to change directory."},
		// RFC 1738 §3.2.2: "//pub" is an empty CWD first; vsftpd refuses an empty argument.
		{"//pub/a.txt", "ftp-550", "550 Failed to change directory."},
	} {
		_, res, err := get(t, s.URL(r.path), Options{})
		var fe *Error
		if !errors.As(err, &fe) || fe.Kind != KindRefused || fe.Code != r.code || fe.Reply != r.reply || fe.Rule != "RFC 959 §4.2" {
			t.Errorf("get %s: %#v; want %s %q", r.path, err, r.code, r.reply)
			continue
		}
		// The refusal, then the QUIT the plan ends with (RFC 959 §4.1.1) and vsftpd's 221.
		n := len(res.Dialog)
		if !strings.Contains(fe.Error(), r.reply) || n < 3 || res.Dialog[n-3].Reply != r.reply ||
			res.Dialog[n-2].Sent != "QUIT" || !strings.HasPrefix(res.Dialog[n-1].Reply, "221") {
			t.Errorf("get %s: message %q, dialog %+v", r.path, fe.Error(), res.Dialog)
		}
	}
	// The listing: vsftpd has no MLSD (500), so LIST, read as ls -l lines.
	out, res, err := get(t, s.URL("/pub/"), Options{})
	if err != nil || !res.Listing {
		t.Fatalf("listing: %v, %+v", err, res)
	}
	base := s.URL("/pub/")
	wantEntries := []struct{ url, typ, name string }{
		{base + "a.txt", "file", "a.txt"}, {base + "bin.dat", "file", "bin.dat"}, {base + "dos.txt", "file", "dos.txt"}, {base + "empty/", "dir", "empty"},
		{base + "sub/", "dir", "sub"}, {base + "with%20space/", "dir", "with space"},
	}
	var lines []string
	for _, e := range wantEntries {
		lines = append(lines, e.url+"\t"+e.typ+"\t"+e.name)
	}
	if string(out) != strings.Join(lines, "\n")+"\n" {
		t.Errorf("listing:\n%s\nwant\n%s", out, strings.Join(lines, "\n"))
	}
	if len(res.Entries) != 6 || res.Entries[0].Size != int64(len(files["pub/a.txt"])) {
		t.Errorf("entries %+v", res.Entries)
	}
	// Each entry's URL gets the entry.
	for _, e := range res.Entries {
		if e.Type == "file" && e.Name != "dos.txt" {
			got, _, err := get(t, e.URL, Options{})
			if err != nil || !bytes.Equal(got, files["pub/"+e.Name]) {
				t.Errorf("get %s (from the listing): %d bytes, %v", e.URL, len(got), err)
			}
		}
	}
	// An empty directory, listed: no entries; Raw: the server's own lines.
	if out, res, err := get(t, s.URL("/pub/empty/"), Options{}); err != nil || len(out) != 0 || len(res.Entries) != 0 || !res.Listing {
		t.Errorf("empty listing: %q, %+v, %v", out, res, err)
	}
	if out, _, err := get(t, s.URL("/pub/sub/"), Options{Raw: true}); err != nil || !strings.HasPrefix(string(out), "drwx") || !strings.HasSuffix(string(out), " deep\r\n") {
		t.Errorf("raw listing: %q, %v", out, err)
	}
	// ;type=d: NLST of the name; the names vsftpd gives are "sub/deep".
	out, res, err = get(t, s.URL("/pub/sub;type=d"), Options{})
	if err != nil || string(out) != base+"sub/deep\tunknown\tsub/deep\n" || res.Entries[0].Name != "sub/deep" {
		t.Errorf("NLST: %q, %v", out, err)
	}
}

// TestFTPPyFTPD: a user with a password against pyftpdlib, which has MLSD (the listing's
// facts), accepts an empty CWD (250, it stays where it is), and answers a missing file with
// 550; a wrong password is refused with 530; a user without a password in the URL stops at
// the 331 (the plan's step the client cannot take).
func TestFTPPyFTPD(t *testing.T) {
	files, dirs := ftpFiles()
	s := testserver.PyFTPD(t, "bob", "se cret", files, dirs...)
	login := "ftp://bob:se%20cret@" + s.Addr()
	for _, r := range []struct {
		path string
		o    Options
		want []byte
	}{
		{"/pub/a.txt", Options{}, files["pub/a.txt"]},
		{"/pub/bin.dat", Options{Active: true}, files["pub/bin.dat"]},
		{"/pub/bin.dat;type=i", Options{Offset: 4096}, files["pub/bin.dat"][4096:]},
		{"/pub/sub/deep/c.txt", Options{}, files["pub/sub/deep/c.txt"]},
		// pyftpdlib answers "CWD " with 250: the empty segment changes nothing.
		{"//pub/a.txt", Options{}, files["pub/a.txt"]},
	} {
		got, res, err := get(t, login+r.path, r.o)
		if err != nil || !bytes.Equal(got, r.want) {
			t.Errorf("get %s: %q, %v", r.path, got, err)
			continue
		}
		if r.path == "//pub/a.txt" && !containsExchange(res.Dialog, "CWD ", "250 ") {
			t.Errorf("get %s: dialog %+v", r.path, res.Dialog)
		}
	}
	// ASCII: CR LF arrives as LF; pyftpdlib refuses SIZE in ASCII mode (a refusal the plan
	// allows: the size is unknown), and gives it in image mode.
	got, res, err := get(t, login+"/pub/dos.txt", Options{})
	if err != nil || string(got) != "one\ntwo\nlone\rCR\n" || res.Total != -1 || !containsExchange(res.Dialog, "SIZE dos.txt", "550 ") {
		t.Errorf("ASCII: %q, total %d, %v, %+v", got, res.Total, err, res.Dialog)
	}
	if got, res, err := get(t, login+"/pub/dos.txt;type=i", Options{}); err != nil || !bytes.Equal(got, files["pub/dos.txt"]) || res.Total != int64(len(got)) {
		t.Errorf("image: %q, total %d, %v", got, res.Total, err)
	}
	// The server's log has the commands of the plan (PASS masked as pyftpdlib masks it),
	// "CWD " with its space.
	for _, path := range []string{"//pub/a.txt", "/pub/sub/"} {
		before := len(s.Commands(t))
		_, res, err = get(t, login+path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if wire, sent := s.Commands(t)[before:], masked(sentLines(res), "******"); strings.Join(wire, "|") != strings.Join(sent, "|") {
			t.Errorf("pyftpdlib received %q; the client sent %q", wire, sent)
		}
	}
	// MLSD: the facts give the types, the sizes and the times.
	if len(res.Entries) != 1 || res.Entries[0].Type != "dir" || res.Entries[0].URL != login+"/pub/sub/deep/" || len(res.Entries[0].Modified) != 14 {
		t.Errorf("MLSD entries %+v", res.Entries)
	}
	_, res, err = get(t, login+"/pub/", Options{})
	types := map[string]string{}
	for _, e := range res.Entries {
		types[e.Name] = e.Type
		if e.Name == "a.txt" && (e.Size != int64(len(files["pub/a.txt"])) || e.URL != login+"/pub/a.txt") {
			t.Errorf("MLSD /pub/: %+v", e)
		}
	}
	if err != nil || len(res.Entries) != 6 || types["a.txt"] != "file" || types["with space"] != "dir" || types["bin.dat"] != "file" {
		t.Errorf("MLSD /pub/: %+v, %v", res.Entries, err)
	}
	for _, r := range []struct{ url, code string }{
		{login + "/pub/nope.txt", "ftp-550"},
		{"ftp://bob:wrong@" + s.Addr() + "/pub/a.txt", "ftp-530"},
		{"ftp://bob@" + s.Addr() + "/pub/a.txt", "ftp-331"},
		{"ftp://" + s.Addr() + "/pub/a.txt", "ftp-530"}, // anonymous is off
	} {
		if testing.Short() && r.url == "ftp://"+s.Addr()+"/pub/a.txt" {
			continue // pyftpdlib waits 3 s before each 530
		}
		_, _, err := get(t, r.url, Options{})
		var fe *Error
		if !errors.As(err, &fe) || fe.Kind != KindRefused || fe.Code != r.code || fe.Reply[:3] != r.code[4:] {
			t.Errorf("get %s: %v; want %s", r.url, err, r.code)
		}
	}
}

// containsExchange reports whether d has the line sent followed by a reply starting with
// reply.
func containsExchange(d []Exchange, sent, reply string) bool {
	for i := 0; i+1 < len(d); i++ {
		if d[i].Sent == sent && strings.HasPrefix(d[i+1].Reply, reply) {
			return true
		}
	}
	return false
}

// TestFTPBatchReuse: in batch mode one control connection serves every URL of a host and
// login (the server's log counts one connection); each URL after the first runs the plan with
// Reuse (CWD to the login directory first), a refused URL (550) keeps the connection, and the
// server received exactly the plans' lines and the QUIT of Close.
func TestFTPBatchReuse(t *testing.T) {
	files, dirs := ftpFiles()
	s := testserver.VSFTPD(t, testserver.VSFTPDOptions{AskPassword: true, Files: files, Dirs: dirs})
	conns, before := s.Connections(t), len(s.Commands(t))
	c := NewClient(Options{Batch: true})
	var want []string
	loginDir := ""
	for i, path := range []string{"/pub/a.txt", "/pub/bin.dat", "/pub/sub/deep/c.txt", "/pub/", "/top.txt", "/pub/nope.txt", "/pub/a.txt"} {
		var out bytes.Buffer
		res, err := c.Get(context.Background(), s.URL(path), &out)
		if (err != nil) != (path == "/pub/nope.txt") {
			t.Fatalf("get %s: %v", path, err)
		}
		f, _ := scheme.ParseFTP(locator.MustParse(s.URL(path)))
		o := scheme.FTPPlanOptions{Keep: true}
		if i > 0 && loginDir != "" {
			o.Reuse, o.LoginDir = true, loginDir
		}
		p, _ := f.PlanWith(o)
		lines := resolvePlan(t, p, res.Dialog)
		if got := sentLines(res); strings.Join(got, "|") != strings.Join(lines, "|") {
			t.Errorf("get %s: sent %q; plan %q", path, got, lines)
		}
		want = append(want, lines...)
		if i == 0 {
			loginDir = pwdDir(res.Dialog[6].Reply) // greeting, USER, 331, PASS, 230, PWD, 257
			if loginDir != "/" {
				t.Fatalf("login directory %q; dialog %+v", loginDir, res.Dialog)
			}
		}
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	want = append(want, "QUIT")
	if n := s.Connections(t) - conns; n != 1 {
		t.Errorf("%d connections for 7 URLs; want 1 (a refusal keeps the connection)", n)
	}
	if wire := s.Commands(t)[before:]; strings.Join(wire, "|") != strings.Join(masked(want, "<password>"), "|") {
		t.Errorf("vsftpd received\n%q\nthe plans say\n%q", wire, masked(want, "<password>"))
	}
}

// recProgress records what a transfer tells its Progress.
type recProgress struct {
	start, added int64
	done         int
}

func (p *recProgress) Start(total int64) { p.start = total }
func (p *recProgress) Add(n int64)       { p.added += n }
func (p *recProgress) Done()             { p.done++ }

// TestFTPKeptConnectionLost: a kept connection that the server (or the network) closed in
// the meantime is dropped and the URL runs on a new connection, with a fresh plan (login
// again); the progress gets SIZE's total; the transcript shows the dialog as curl -v does.
func TestFTPKeptConnectionLost(t *testing.T) {
	files, dirs := ftpFiles()
	s := testserver.VSFTPD(t, testserver.VSFTPDOptions{Files: files, Dirs: dirs})
	var tr strings.Builder
	pr := &recProgress{}
	c := NewClient(Options{Batch: true, Transcript: &tr, Progress: pr})
	defer c.Close()
	conns := s.Connections(t)
	if _, err := c.Get(context.Background(), s.URL("/pub/a.txt"), io.Discard); err != nil {
		t.Fatal(err)
	}
	if pr.start != int64(len(files["pub/a.txt"])) || pr.added != pr.start || pr.done != 1 {
		t.Errorf("progress %+v", pr)
	}
	// Close the kept connection under the client.
	c.mu.Lock()
	for _, xs := range c.idle {
		for _, x := range xs {
			x.(*ftpConn).conn.Close()
		}
	}
	c.mu.Unlock()
	var out bytes.Buffer
	res, err := c.Get(context.Background(), s.URL("/pub/bin.dat"), &out)
	if err != nil || !bytes.Equal(out.Bytes(), files["pub/bin.dat"]) {
		t.Fatalf("after the kept connection was lost: %d bytes, %v", out.Len(), err)
	}
	if got := sentLines(res); got[0] != "CWD /" || !slices.Contains(got, "USER anonymous") {
		t.Errorf("sent %q; want the reused plan's CWD /, then a new login", got)
	}
	if n := s.Connections(t) - conns; n != 2 {
		t.Errorf("%d connections; want 2", n)
	}
	for _, want := range []string{"* connect to 127.0.0.1:", "< 220 (vsFTPd", "> USER anonymous\n< 230 Login successful.\n", "> RETR bin.dat\n< 150 ", "* the kept connection failed"} {
		if !strings.Contains(tr.String(), want) {
			t.Errorf("the transcript has no %q:\n%s", want, tr.String())
		}
	}
}

// TestFTPVSFTPDUser: vsftpd with a system user and a password (local_enable, PAM): USER, then
// PASS because vsftpd answers 331, with the password of the URL decoded (RFC 1738 §3.2.1); a
// wrong password is refused with the server's 530 (KindRefused), and a URL without a password
// stops at the 331 (the plan's note: the client must ask the user).
func TestFTPVSFTPDUser(t *testing.T) {
	files, dirs := ftpFiles()
	s := testserver.VSFTPD(t, testserver.VSFTPDOptions{Files: files, Dirs: dirs, User: "locatorftp", Password: "pa ss:w"})
	url := "ftp://locatorftp:pa%20ss%3Aw@" + s.Addr() + "/pub/a.txt"
	got, res, err := get(t, url, Options{})
	if err != nil || !bytes.Equal(got, files["pub/a.txt"]) {
		t.Fatalf("get %s: %q, %v", url, got, err)
	}
	if !containsExchange(res.Dialog, "USER locatorftp", "331 ") || !containsExchange(res.Dialog, "PASS pa ss:w", "230 ") {
		t.Errorf("dialog %+v", res.Dialog)
	}
	// vsftpd's own log has USER and PASS as the plan sends them (it masks the password).
	cmds := s.Commands(t)
	if len(cmds) < 2 || cmds[0] != "USER locatorftp" || !strings.HasPrefix(cmds[1], "PASS ") {
		t.Errorf("vsftpd received %q", cmds)
	}
	_, _, err = get(t, "ftp://locatorftp:wrong@"+s.Addr()+"/pub/a.txt", Options{})
	var fe *Error
	if !errors.As(err, &fe) || fe.Kind != KindRefused || !strings.HasPrefix(fe.Reply, "530") {
		t.Errorf("a wrong password: %v", err)
	}
	_, _, err = get(t, "ftp://locatorftp@"+s.Addr()+"/pub/a.txt", Options{})
	if !errors.As(err, &fe) || fe.Kind != KindRefused || fe.Code != "ftp-331" {
		t.Errorf("no password: %v", err)
	}
}
