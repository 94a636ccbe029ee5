package testserver

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// pyftpdCommand is a command line pyftpdlib logs with -D: "127.0.0.1:40000-[bob] <- CWD pub"
// (a password is logged as "PASS ******").
var pyftpdCommand = regexp.MustCompile(`\] [0-9.]+:[0-9]+-\[[^\]]*\] <- (.*)$`)

// PyFTPD starts pyftpdlib (Debian's python3-pyftpdlib, with /usr/bin/python3) on 127.0.0.1
// on a free port, serving files (slash-separated paths, as in VSFTPDOptions) and the empty
// directories dirs, to the user user with the password pass (anonymous login is then off),
// read only, with debug logging (every command received, PASS masked) in the server's output,
// which Log names. It skips (or fails under CI=true) when pyftpdlib is missing.
func PyFTPD(t testing.TB, user, pass string, files map[string][]byte, dirs ...string) *FTPServer {
	t.Helper()
	const python = "/usr/bin/python3"
	Need(t, python)
	if err := exec.Command(python, "-c", "import pyftpdlib").Run(); err != nil {
		Missing(t, "python3-pyftpdlib is not installed: "+err.Error())
	}
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	writeTree(t, root, files, dirs)
	port := FreePort(t)
	pasv := FreePorts(t, 10)
	log := filepath.Join(dir, "pyftpd.log")
	lf, err := os.Create(log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lf.Close() })
	cmd := exec.Command(python, "-m", "pyftpdlib", "-i", "127.0.0.1", "-p", strconv.Itoa(port), "-d", root,
		"-u", user, "-P", pass, "-r", strconv.Itoa(pasv)+"-"+strconv.Itoa(pasv+9), "-D")
	cmd.Dir = dir
	p := &Process{Cmd: cmd}
	cmd.Stdout, cmd.Stderr = lf, lf
	setpgid(cmd)
	if err := cmd.Start(); err != nil {
		t.Fatalf("start pyftpdlib: %v", err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	t.Cleanup(func() { kill(cmd); <-done })
	if err := WaitPort(port, 15e9, done); err != nil {
		b, _ := os.ReadFile(log)
		t.Fatalf("pyftpdlib did not listen on port %d: %v\n%s", port, err, b)
	}
	return &FTPServer{Name: "pyftpdlib", Host: "127.0.0.1", Port: port, Root: root, User: user, Pass: pass, Log: log, Proc: p}
}
