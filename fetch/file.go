package fetch

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"mime"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/scheme"
)

// The file scheme (RFC 1738 §3.10): "The file URL scheme is used to designate files accessible
// on a particular host computer. This scheme, unlike most other URL schemes, does not designate
// a resource that is universally accessible over the Internet." The host "" or "localhost" is
// "the machine from which the URL is being interpreted"; locator also takes this machine's own
// name (os.Hostname). Any other host is an error of KindNoClient: §3.10 names no protocol to
// reach it.

func init() { register("file", getFile) }

// fileChunk is the size of one read of a local file.
const fileChunk = 64 << 10

// getFile reads the local file or directory u names (its plan's Path, scheme.File.Plan): a file
// is copied to w, from Options.Offset on; a directory is listed, one entry per line (or one name
// per line with Options.Raw), and its entries recorded in r.Entries. Anything else (a FIFO, a
// device, a socket, after symbolic links) is refused with KindSafety, code "special-file"
// (RFC 8089 §5), before it is opened.
func getFile(ctx context.Context, c *Client, u locator.URL, w io.Writer, r *Result) error {
	url := u.String()
	p, err := scheme.PlanFor(u)
	if err != nil {
		return planError(url, err)
	}
	d := dialog{c: c, r: r}
	if p.Host != "" && !isThisHost(p.Host) {
		return &Error{URL: url, Kind: KindNoClient, Code: "remote-file", Rule: "RFC 1738 §3.10",
			Message: "RFC 1738 §3.10 names no protocol for a remote file host: " + display.Quote(p.Host) +
				" is not this machine (use \"localhost\" or no host for a local file)"}
	}
	name := p.Path
	if name == "" {
		name = "/" // "file://localhost": the root of this machine's files
	}
	d.remark("open the local file %s (RFC 1738 §3.10)", name)
	// The mode first (a symbolic link followed, as open follows it): opening a FIFO waits for
	// a writer, with no way to cancel it, and a device may wait or act when opened or read
	// (RFC 8089 §5: merely testing a device name may "cause the operating system to pause").
	fi, err := os.Stat(name)
	if err != nil {
		return fileError(url, "cannot open", name, err)
	}
	if err := specialFile(url, name, fi); err != nil {
		return err
	}
	// Opened without blocking all the same: the name may become a FIFO between the Stat and
	// the open; the mode of what was opened is checked again.
	f, err := os.OpenFile(name, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return fileError(url, "cannot open", name, err)
	}
	defer f.Close()
	fi, err = f.Stat()
	if err != nil {
		return fileError(url, "cannot read", name, err)
	}
	if err := specialFile(url, name, fi); err != nil {
		return err
	}
	if fi.IsDir() {
		return listDir(ctx, c, d, url, p.Host, name, f, w, r)
	}
	r.Type = mime.TypeByExtension(path.Ext(name))
	r.Total = fi.Size()
	remaining := fi.Size()
	if off := c.opts.Offset; off > 0 {
		if off > r.Total {
			return &Error{URL: url, Kind: KindRefused, Code: "offset", Rule: "RFC 3659 §5",
				Message: "cannot resume at byte " + strconv.FormatInt(off, 10) + ": the file has " +
					strconv.FormatInt(r.Total, 10) + " bytes"}
		}
		if _, err := f.Seek(off, io.SeekStart); err != nil {
			return fileError(url, "cannot resume in", name, err)
		}
		d.remark("resume at byte %d", off)
		remaining -= off
	}
	b := c.newBody(w, url, remaining)
	defer b.done(r)
	buf := make([]byte, fileChunk)
	for {
		if err := ctx.Err(); err != nil {
			return &Error{URL: url, Kind: KindLocal, Code: "canceled", Message: "the transfer was canceled", Err: err}
		}
		n, rerr := f.Read(buf)
		if n > 0 {
			if _, err := b.Write(buf[:n]); err != nil {
				return err
			}
		}
		if rerr == io.EOF {
			return nil
		}
		if rerr != nil {
			return fileError(url, "cannot read", name, rerr)
		}
	}
}

// specialFile returns a KindSafety error when fi, the local file name, is neither a regular
// file nor a directory: a FIFO, a device, a socket (RFC 8089 §5, "special device names"). A
// FIFO's open waits for a writer and its reads for data, a device's may wait or have effects.
func specialFile(url, name string, fi fs.FileInfo) error {
	m := fi.Mode()
	if m.IsRegular() || m.IsDir() {
		return nil
	}
	what := "a special file"
	switch {
	case m&fs.ModeNamedPipe != 0:
		what = "a FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeCharDevice != 0:
		what = "a character device"
	case m&fs.ModeDevice != 0:
		what = "a block device"
	}
	return &Error{URL: url, Kind: KindSafety, Code: "special-file", Rule: "RFC 8089 §5",
		Message: "the local file " + display.Quote(name) + " is " + what +
			", not a regular file or a directory: opening or reading it may wait forever or have effects"}
}

// listDir lists the directory f (named name, on host as the URL wrote it) into w and r.
func listDir(ctx context.Context, c *Client, d dialog, url, host, name string, f *os.File, w io.Writer, r *Result) error {
	des, err := f.ReadDir(-1)
	if err != nil {
		return fileError(url, "cannot list", name, err)
	}
	if err := ctx.Err(); err != nil {
		return &Error{URL: url, Kind: KindLocal, Code: "canceled", Message: "the listing was canceled", Err: err}
	}
	// ReadDir returns the entries in directory order; sort them by name, as ls does, so that
	// a listing does not depend on the file system.
	sortDirEntries(des)
	dir := name
	if !strings.HasSuffix(dir, "/") {
		dir += "/"
	}
	r.Listing = true
	r.Entries = make([]Entry, 0, len(des))
	for _, de := range des {
		e := Entry{Name: de.Name(), Type: "file"}
		full := dir + de.Name()
		switch {
		case de.IsDir():
			e.Type = "dir"
			full += "/"
		case de.Type()&fs.ModeSymlink != 0:
			e.Type = "link"
		case !de.Type().IsRegular():
			e.Type = "special"
		}
		if info, err := de.Info(); err == nil {
			if info.Mode().IsRegular() {
				e.Size = info.Size()
			}
			e.Modified = info.ModTime().UTC().Format(time.RFC3339)
		}
		eu, err := scheme.File{Host: host, Path: full}.URL()
		if err != nil {
			return &Error{URL: url, Kind: KindLocal, Code: "entry-url", Rule: "RFC 1738 §3.10",
				Message: "cannot write the URL of the entry " + display.Quote(de.Name()), Err: err}
		}
		e.URL = eu.String()
		r.Entries = append(r.Entries, e)
	}
	d.remark("listed %d entries", len(r.Entries))
	b := c.newBody(w, url, -1)
	defer b.done(r)
	if c.opts.Raw {
		// The directory as the system gives it: one name a line, unescaped.
		var line []byte
		for _, e := range r.Entries {
			line = append(append(line[:0], e.Name...), '\n')
			if _, err := b.Write(line); err != nil {
				return err
			}
		}
		return nil
	}
	return writeEntries(b, r.Entries)
}

// sortDirEntries sorts des by name, byte by byte (os.ReadDir sorts too; File.ReadDir does not).
func sortDirEntries(des []os.DirEntry) {
	slices.SortFunc(des, func(a, b os.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
}

// isThisHost reports whether host is "localhost" or this machine's name (os.Hostname), in
// any letter case, a final dot ignored (RFC 1738 §3.10).
func isThisHost(host string) bool {
	host = strings.TrimSuffix(host, ".")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	name, err := os.Hostname()
	return err == nil && name != "" && strings.EqualFold(host, strings.TrimSuffix(name, "."))
}

// fileError turns an error opening or reading the local file name into an *Error: a missing
// file or a denied permission is the file system's refusal (KindRefused, as an FTP server's
// 550, RFC 959 §4.2), anything else a local failure (KindLocal). A path through a file that
// is not a directory ("/etc/passwd/x", "a.txt/": ENOTDIR) names no file either: missing, as
// the 550 an FTP server gives "CWD a.txt" for ftp://h/a.txt/.
func fileError(url, what, name string, err error) error {
	k, code := KindLocal, "file"
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
		k, code = KindRefused, "not-found"
	case errors.Is(err, fs.ErrPermission):
		k, code = KindRefused, "permission"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the path is in the message already, bounded
	}
	return &Error{URL: url, Kind: k, Code: code, Rule: "RFC 1738 §3.10",
		Message: what + " the local file " + display.Quote(name), Err: err}
}
