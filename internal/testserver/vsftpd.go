package testserver

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// FTPServer is an FTP server started for a test: vsftpd (VSFTPD) or pyftpdlib (PyFTPD).
type FTPServer struct {
	Name string // "vsftpd" or "pyftpdlib"
	Host string // "127.0.0.1"
	Port int
	Root string // the directory served (anonymous root, or the user's home)
	User string // the login of a user with a password ("" for anonymous only)
	Pass string
	Log  string // the server's log file
	Proc *Process
}

// Addr returns "127.0.0.1:port".
func (s *FTPServer) Addr() string { return s.Host + ":" + strconv.Itoa(s.Port) }

// URL returns "ftp://127.0.0.1:port" followed by path (which starts with "/").
func (s *FTPServer) URL(path string) string { return "ftp://" + s.Addr() + path }

// ReadLog returns the server's log so far.
func (s *FTPServer) ReadLog(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(s.Log)
	if errors.Is(err, fs.ErrNotExist) {
		return "" // nothing logged yet
	}
	if err != nil {
		t.Fatalf("read %s's log: %v", s.Name, err)
	}
	return string(b)
}

// vsftpdCommand is a command line vsftpd logs with log_ftp_protocol=YES:
// `FTP command: Client "127.0.0.1", "CWD pub"`. vsftpd logs a PASS line as "PASS <password>".
var vsftpdCommand = regexp.MustCompile(`\] FTP command: Client "[^"]*", "(.*)"\r?$`)

// Commands returns the command lines the server received, in order, as its log shows them
// (vsftpd's log_ftp_protocol; pyftpdlib's debug log). Lines of several control connections
// are interleaved as they came.
func (s *FTPServer) Commands(t testing.TB) []string {
	t.Helper()
	var out []string
	for _, l := range strings.Split(s.ReadLog(t), "\n") {
		if s.Name == "vsftpd" {
			if m := vsftpdCommand.FindStringSubmatch(l); m != nil {
				out = append(out, m[1])
			}
			continue
		}
		if m := pyftpdCommand.FindStringSubmatch(l); m != nil {
			out = append(out, m[1])
		}
	}
	return out
}

// vsftpdReply is a reply line vsftpd logs with log_ftp_protocol=YES:
// `FTP response: Client "127.0.0.1", "331 Please specify the password."`.
var vsftpdReply = regexp.MustCompile(`\] FTP response: Client "[^"]*", "(.*)"\r?$`)

// pyftpdReply is a reply line pyftpdlib logs with -D: "127.0.0.1:40000-[bob] -> 230 Login
// successful.".
var pyftpdReply = regexp.MustCompile(`\] [0-9.]+:[0-9]+-\[[^\]]*\] -> (.*)$`)

// Dialog returns the server's side of the dialogs so far, as its log shows them: each
// command received as "> LINE", each reply line sent as "< LINE", in order (several
// connections interleaved as they came).
func (s *FTPServer) Dialog(t testing.TB) []string {
	t.Helper()
	cmd, reply := vsftpdCommand, vsftpdReply
	if s.Name != "vsftpd" {
		cmd, reply = pyftpdCommand, pyftpdReply
	}
	var out []string
	for _, l := range strings.Split(s.ReadLog(t), "\n") {
		if m := cmd.FindStringSubmatch(l); m != nil {
			out = append(out, "> "+m[1])
		} else if m := reply.FindStringSubmatch(l); m != nil {
			out = append(out, "< "+m[1])
		}
	}
	return out
}

// Connections returns how many control connections the server accepted, from its log.
func (s *FTPServer) Connections(t testing.TB) int {
	t.Helper()
	log := s.ReadLog(t)
	if s.Name == "vsftpd" {
		return strings.Count(log, "] CONNECT: Client ")
	}
	return strings.Count(log, "FTP session opened (connect)")
}

// VSFTPDOptions are the choices of a vsftpd started by VSFTPD.
type VSFTPDOptions struct {
	// AskPassword asks anonymous users for a password (no_anon_password=NO: USER anonymous
	// is answered 331 and PASS follows).
	AskPassword bool
	// Files are the files to serve, by slash-separated path under the root ("pub/a.txt"),
	// created with their directories (mode 755, files 644).
	Files map[string][]byte
	// Dirs are empty directories to create.
	Dirs []string
	// User and Password, when User is set, let that system user log in with the password
	// (local_enable=YES, through PAM), its root the same directory: the user is created
	// (useradd, without a home directory) when the system has none of that name, and its
	// password set (chpasswd). The user name must not be that of an existing person.
	User, Password string
}

// VSFTPD starts vsftpd (Debian's vsftpd) on 127.0.0.1 on a free port, anonymous only, read
// only, with passive mode on a free port range, log_ftp_protocol on (every command received
// is in Log), and the files o gives in its anonymous root. It needs root (it checks its
// config files' and chroot's owners): it skips (or fails under CI=true) when vsftpd is
// missing or the test does not run as root.
func VSFTPD(t testing.TB, o VSFTPDOptions) *FTPServer {
	t.Helper()
	const bin = "/usr/sbin/vsftpd"
	Need(t, bin)
	if os.Geteuid() != 0 {
		Missing(t, "vsftpd must be started as root")
	}
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	writeTree(t, root, o.Files, o.Dirs)
	// vsftpd refuses an anonymous root that the ftp user may write; and the test's temporary
	// directory must be reachable.
	for _, d := range []string{dir, root} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll("/var/run/vsftpd/empty", 0o755); err != nil {
		Missing(t, "cannot create vsftpd's secure_chroot_dir: "+err.Error())
	}
	port := FreePort(t)
	pasv := FreePorts(t, 10)
	log := filepath.Join(dir, "vsftpd.log")
	noPass := "YES"
	if o.AskPassword {
		noPass = "NO"
	}
	local := []string{"local_enable=NO"}
	if o.User != "" {
		// The user's login changes to root as that user: the test's temporary directory
		// (t.TempDir's parent is private) must be reachable by it.
		if err := os.Chmod(filepath.Dir(dir), 0o755); err != nil {
			t.Fatal(err)
		}
		ensureUser(t, o.User, o.Password, root)
		local = []string{"local_enable=YES", "local_root=" + root, "chroot_local_user=NO",
			"pam_service_name=vsftpd", "userlist_enable=NO"}
	}
	conf := strings.Join([]string{
		"listen=YES", "listen_ipv6=NO", "listen_address=127.0.0.1", "listen_port=" + strconv.Itoa(port),
		"background=NO", "seccomp_sandbox=NO",
		"anonymous_enable=YES", "no_anon_password=" + noPass, "anon_root=" + root,
		strings.Join(local, "\n"), "write_enable=NO",
		"pasv_enable=YES", "pasv_address=127.0.0.1", "pasv_min_port=" + strconv.Itoa(pasv), "pasv_max_port=" + strconv.Itoa(pasv+9),
		"port_enable=YES", "connect_from_port_20=NO",
		"secure_chroot_dir=/var/run/vsftpd/empty",
		"log_ftp_protocol=YES", "xferlog_enable=YES", "xferlog_std_format=NO",
		"vsftpd_log_file=" + log, "dual_log_enable=NO", "syslog_enable=NO",
		"max_per_ip=0", "max_clients=0", "idle_session_timeout=60",
	}, "\n") + "\n"
	cf := filepath.Join(dir, "vsftpd.conf")
	if err := os.WriteFile(cf, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	p := Start(t, port, exec.Command(bin, cf))
	s := &FTPServer{Name: "vsftpd", Host: "127.0.0.1", Port: port, Root: root, User: o.User, Pass: o.Password, Log: log, Proc: p}
	// Start's probe of the port is a connection that vsftpd logs a moment later: wait for
	// it, so that Connections counts only the test's own from here on.
	for deadline := time.Now().Add(3 * time.Second); s.Connections(t) == 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	return s
}

// ensureUser creates the system user name (shell /bin/sh, which PAM's pam_shells wants) unless
// it exists, makes home its home directory (vsftpd changes to it at login) and sets its
// password.
func ensureUser(t testing.TB, name, password, home string) {
	t.Helper()
	if exec.Command("id", name).Run() != nil {
		if out, err := exec.Command("useradd", "-M", "-d", home, "-s", "/bin/sh", name).CombinedOutput(); err != nil {
			Missing(t, "cannot create the user "+name+": "+strings.TrimSpace(string(out)))
		}
	} else if out, err := exec.Command("usermod", "-d", home, name).CombinedOutput(); err != nil {
		Missing(t, "cannot set the home directory of "+name+": "+strings.TrimSpace(string(out)))
	}
	cmd := exec.Command("chpasswd")
	cmd.Stdin = strings.NewReader(name + ":" + password + "\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		Missing(t, "cannot set the password of "+name+": "+strings.TrimSpace(string(out)))
	}
}

// writeTree creates root, the directories dirs and the files under it.
func writeTree(t testing.TB, root string, files map[string][]byte, dirs []string) {
	t.Helper()
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if err := os.MkdirAll(filepath.Join(root, filepath.FromSlash(d)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
