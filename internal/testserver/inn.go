//go:build unix

package testserver

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"net/textproto"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// INN's fixed paths (Debian's inn2): it keeps its configuration, spool and run files in one
// place per machine, so one INN serves every test binary in turn (innLock).
const (
	innConf    = "/etc/news/inn.conf"
	innBin     = "/usr/lib/news/bin"
	innRun     = "/run/news"
	innLock    = "/tmp/locator-inn.lock"      // flock(2): one test binary at a time runs INN
	innConfOrg = "/tmp/locator-inn.conf.orig" // inn.conf as it was before the tests edited it
	innRelay   = "/tmp/locator-inn-relay.pid" // the socat relay's pid (its process group)
)

// INNServer is the INN news server (Debian's inn2) that [INN] started: innd on 127.0.0.1:Port,
// which hands a reader to nnrpd after MODE READER, and a `socat -v` relay on RelayPort whose
// transcript records the lines the clients sent ([INNServer.Received]). INN logs the commands
// it receives only through syslog (nnrpd -t, "ctlinnd trace"); its readertrack logs only
// connections and posts; so the tests read the relay's transcript instead.
type INNServer struct {
	Host      string // "127.0.0.1"
	Port      int    // innd's port
	RelayPort int    // the socat -v relay in front of innd

	transcript string // the relay's transcript file
	relay      *exec.Cmd
	dir        string
	seq        int
	mu         sync.Mutex
}

var inn struct {
	once sync.Once
	srv  *INNServer
	err  error // why INN could not start
	skip bool  // err says that INN is missing (Missing) rather than broken (Fatal)
	lock *os.File
}

// INN returns the INN server of this test binary, starting it on first use: it takes the file
// lock /tmp/locator-inn.lock (flock; held until [StopINN] or the end of the process, so that
// the test binaries of several packages run INN one after the other), shuts down an INN left
// running by another binary, edits /etc/news/inn.conf (a free port, bindaddress 127.0.0.1,
// no innwatch; the original is kept in /tmp/locator-inn.conf.orig and put back by StopINN),
// starts INN with rc.news as the news user, and starts the relay. It needs root (su news) and
// socat; without them it skips t (fails it under CI=true). A package whose tests use INN calls
// StopINN from its TestMain after m.Run.
func INN(t testing.TB) *INNServer {
	t.Helper()
	inn.once.Do(func() { inn.srv, inn.err = startINN() })
	if inn.err != nil {
		if inn.skip {
			Missing(t, inn.err.Error())
		}
		t.Fatalf("INN: %v", inn.err)
	}
	return inn.srv
}

// innMissing returns an error that marks INN as missing (skip) rather than broken (fail).
func innMissing(format string, a ...any) error {
	inn.skip = true
	return fmt.Errorf(format, a...)
}

func startINN() (*INNServer, error) {
	for _, p := range []string{innBin + "/rc.news", innBin + "/ctlinnd", innBin + "/innd", innConf} {
		if _, err := os.Stat(p); err != nil {
			return nil, innMissing("INN (inn2) is not installed: %v", err)
		}
	}
	if _, err := exec.LookPath("socat"); err != nil {
		return nil, innMissing("socat is not installed: %v", err)
	}
	if os.Geteuid() != 0 {
		return nil, innMissing("INN runs as the news user: the tests need root to start it")
	}
	f, err := os.OpenFile(innLock, os.O_CREATE|os.O_RDWR, 0o666)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("flock %s: %v", innLock, err)
	}
	inn.lock = f
	s, err := startINNLocked()
	if err != nil {
		stopINNLocked(nil)
		unlockINN()
		return nil, err
	}
	return s, nil
}

func unlockINN() {
	if inn.lock != nil {
		_ = syscall.Flock(int(inn.lock.Fd()), syscall.LOCK_UN)
		inn.lock.Close()
		inn.lock = nil
	}
}

// freePort returns a port on 127.0.0.1 that was free a moment ago.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

var innConfKeys = regexp.MustCompile(`(?m)^(port|bindaddress|doinnwatch):.*\n?`)

func startINNLocked() (*INNServer, error) {
	stopINNLocked(nil) // an INN left running by a test binary that ended without StopINN
	if old, _ := filepath.Glob(filepath.Join(os.TempDir(), "locator-inn-*")); len(old) > 0 {
		for _, d := range old { // the relay directories of such binaries (the lock is ours)
			if fi, err := os.Stat(d); err == nil && fi.IsDir() {
				_ = os.RemoveAll(d)
			}
		}
	}
	orig, err := os.ReadFile(innConfOrg)
	if err != nil {
		if orig, err = os.ReadFile(innConf); err != nil {
			return nil, err
		}
		if err := os.WriteFile(innConfOrg, orig, 0o644); err != nil {
			return nil, err
		}
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	relayPort, err := freePort()
	if err != nil {
		return nil, err
	}
	conf := innConfKeys.ReplaceAll(orig, nil)
	if len(conf) > 0 && conf[len(conf)-1] != '\n' {
		conf = append(conf, '\n')
	}
	conf = fmt.Appendf(conf, "port: %d\nbindaddress: 127.0.0.1\ndoinnwatch: false\n", port)
	if err := os.WriteFile(innConf, conf, 0o644); err != nil {
		return nil, err
	}
	out, err := asNews(innBin + "/rc.news")
	if err != nil {
		return nil, fmt.Errorf("rc.news: %v\n%s", err, out)
	}
	if err := WaitPort(port, 20*time.Second, nil); err != nil {
		return nil, fmt.Errorf("innd did not listen on port %d: %v\n%s", port, err, out)
	}
	dir, err := os.MkdirTemp("", "locator-inn-")
	if err != nil {
		return nil, err
	}
	s := &INNServer{Host: "127.0.0.1", Port: port, RelayPort: relayPort, dir: dir,
		transcript: filepath.Join(dir, "relay.log")}
	log, err := os.Create(s.transcript)
	if err != nil {
		return nil, err
	}
	s.relay = exec.Command("socat", "-v",
		"TCP-LISTEN:"+strconv.Itoa(relayPort)+",bind=127.0.0.1,reuseaddr,fork",
		"TCP:127.0.0.1:"+strconv.Itoa(port))
	s.relay.Stderr = log
	setpgid(s.relay)
	if err := s.relay.Start(); err != nil {
		log.Close()
		return nil, fmt.Errorf("socat: %v", err)
	}
	log.Close()
	_ = os.WriteFile(innRelay, []byte(strconv.Itoa(s.relay.Process.Pid)), 0o644)
	go func() { _ = s.relay.Wait() }()
	if err := WaitPort(relayPort, 10*time.Second, nil); err != nil {
		kill(s.relay)
		return nil, fmt.Errorf("the socat relay did not listen on port %d: %v", relayPort, err)
	}
	return s, nil
}

// asNews runs command as the news user.
func asNews(command string) ([]byte, error) {
	cmd := exec.Command("su", "news", "-s", "/bin/sh", "-c", command)
	done := make(chan struct{})
	var out []byte
	var err error
	go func() { out, err = cmd.CombinedOutput(); close(done) }()
	select {
	case <-done:
		return out, err
	case <-time.After(30 * time.Second):
		if cmd.Process != nil {
			_ = cmd.Process.Kill()
		}
		return nil, errors.New(command + ": timed out")
	}
}

// pidAlive returns the pid in file when that process is alive.
func pidAlive(file string) int {
	b, err := os.ReadFile(file)
	if err != nil {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 1 {
		return 0
	}
	if syscall.Kill(pid, 0) != nil {
		return 0
	}
	// A zombie is not running: /proc/PID/stat's state is Z.
	if st, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat"); err == nil {
		if i := strings.LastIndexByte(string(st), ')'); i >= 0 && strings.HasPrefix(string(st[i:]), ") Z") {
			return 0
		}
	}
	return pid
}

// stopINNLocked stops innd (ctlinnd shutdown, then SIGKILL if it lingers), innwatch and s's
// relay, and puts inn.conf back. The caller holds the lock.
func stopINNLocked(s *INNServer) {
	if s != nil && s.relay != nil {
		kill(s.relay)
	} else if pid := pidAlive(innRelay); pid != 0 {
		// The relay of a binary that ended without StopINN: its own process group.
		if cmd, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline"); err == nil && strings.HasPrefix(string(cmd), "socat") {
			_ = syscall.Kill(-pid, syscall.SIGKILL)
		}
	}
	_ = os.Remove(innRelay)
	if pid := pidAlive(innRun + "/innd.pid"); pid != 0 {
		_, _ = asNews(innBin + "/ctlinnd -t 10 shutdown locator-tests")
		for i := 0; i < 100 && pidAlive(innRun+"/innd.pid") != 0; i++ {
			time.Sleep(50 * time.Millisecond)
		}
		if pid := pidAlive(innRun + "/innd.pid"); pid != 0 {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	if pid := pidAlive(innRun + "/innwatch.pid"); pid != 0 {
		_ = syscall.Kill(pid, syscall.SIGTERM)
	}
	_ = os.Remove(innRun + "/LOCK.innwatch")
	if orig, err := os.ReadFile(innConfOrg); err == nil {
		if os.WriteFile(innConf, orig, 0o644) == nil {
			_ = os.Remove(innConfOrg)
		}
	}
	if s != nil && s.dir != "" {
		_ = os.RemoveAll(s.dir)
	}
}

// StopINN stops the INN that [INN] started in this test binary (if any), puts
// /etc/news/inn.conf back and releases the lock. Call it from TestMain after m.Run.
func StopINN() {
	if inn.srv == nil && inn.lock == nil {
		return
	}
	stopINNLocked(inn.srv)
	inn.srv = nil
	unlockINN()
}

// Addr returns innd's address, "127.0.0.1:PORT".
func (s *INNServer) Addr() string { return net.JoinHostPort(s.Host, strconv.Itoa(s.Port)) }

// RelayAddr returns the relay's address, "127.0.0.1:PORT".
func (s *INNServer) RelayAddr() string { return net.JoinHostPort(s.Host, strconv.Itoa(s.RelayPort)) }

// NewGroup creates the newsgroup name (ctlinnd newgroup, status y: posting allowed); a group
// that exists already is kept.
func (s *INNServer) NewGroup(t testing.TB, name string) {
	t.Helper()
	if out, err := asNews(innBin + "/ctlinnd newgroup " + name + " y locator-tests"); err != nil {
		t.Fatalf("ctlinnd newgroup %s: %v\n%s", name, err, out)
	}
}

// MessageID returns a message-id, with its brackets, that no other article has: INN keeps
// the articles of earlier runs.
func (s *INNServer) MessageID(tag string) string {
	s.mu.Lock()
	s.seq++
	n := s.seq
	s.mu.Unlock()
	return fmt.Sprintf("<locator-%s-%d-%d-%d@example.com>", tag, os.Getpid(), time.Now().UnixNano(), n)
}

// Post posts an article to group through NNTP (MODE READER, POST; RFC 3977 §6.3.1), with the
// message-id mid (with its brackets), the subject and the body (lines separated by "\n"; lines
// starting with "." are dot-stuffed on the wire by textproto). It returns the article's number
// in group, read from the overview.
func (s *INNServer) Post(t testing.TB, group, mid, subject, body string) int {
	t.Helper()
	c, err := textproto.Dial("tcp", s.Addr())
	if err != nil {
		t.Fatalf("post: %v", err)
	}
	defer c.Close()
	step := func(cmd string, code int) string {
		t.Helper()
		if cmd != "" {
			if err := c.PrintfLine("%s", cmd); err != nil {
				t.Fatalf("post: %s: %v", cmd, err)
			}
		}
		_, msg, err := c.ReadCodeLine(code)
		if err != nil {
			t.Fatalf("post: %q: %v", cmd, err)
		}
		return msg
	}
	step("", 0)
	step("MODE READER", 20)
	step("POST", 340)
	w := c.DotWriter()
	fmt.Fprintf(w, "From: Locator Tests <tester@example.com>\nNewsgroups: %s\nSubject: %s\nMessage-ID: %s\n\n%s\n",
		group, subject, mid, body)
	if err := w.Close(); err != nil {
		t.Fatalf("post: %v", err)
	}
	step("", 240)
	msg := step("GROUP "+group, 211)
	step("OVER 1-", 224)
	lines, err := c.ReadDotLines()
	if err != nil {
		t.Fatalf("post: OVER: %v", err)
	}
	step("QUIT", 205)
	for _, l := range lines {
		f := strings.Split(l, "\t")
		if len(f) > 4 && f[4] == mid {
			n, err := strconv.Atoi(f[0])
			if err != nil {
				t.Fatalf("post: overview line %q", l)
			}
			return n
		}
	}
	t.Fatalf("post: %s is not in the overview of %s (%s)", mid, group, msg)
	return 0
}

// TranscriptMark returns the length of the relay's transcript, for [INNServer.Received].
func (s *INNServer) TranscriptMark() int64 {
	fi, err := os.Stat(s.transcript)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// Received returns the lines that clients sent through the relay since mark
// ([INNServer.TranscriptMark]), without their CR LF, in order, as socat -v recorded them: a
// chunk from the client starts with a header line "> DATE TIME length=N from=A to=B", each of
// its lines ends in a written "\r". It waits up to a second for the transcript to settle.
func (s *INNServer) Received(t testing.TB, mark int64) []string {
	t.Helper()
	var last int64 = -1
	for i := 0; i < 20; i++ { // socat writes after it forwards: let it finish
		if n := s.TranscriptMark(); n == last {
			break
		} else {
			last = n
		}
		time.Sleep(50 * time.Millisecond)
	}
	f, err := os.Open(s.transcript)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Seek(mark, 0); err != nil {
		t.Fatal(err)
	}
	var got []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	fromClient := false
	for sc.Scan() {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "> 2") && strings.Contains(l, " length="):
			fromClient = true
		case strings.HasPrefix(l, "< 2") && strings.Contains(l, " length="):
			fromClient = false
		case fromClient:
			got = append(got, strings.TrimSuffix(l, `\r`))
		}
	}
	return got
}
