package fetch

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/pct"
	"github.com/locator-url/locator/scheme"
)

func init() {
	register("afs", getAFS)
	register("wais", noClient)
	register("prospero", noClient)
}

// afsRoot is where AFS clients mount the tree of cells (the convention scheme.AFS.Plan
// follows); a variable so that the tests can stand a directory in for a mount.
var afsRoot = "/afs"

// getAFS reads the file or directory an afs URL names (the 1994 URL draft's afsaddress)
// through the local AFS client: the plan's path under /afs. Without /afs there is no AFS
// client on this machine: a KindNoClient error that says so. A directory is listed, one entry
// per line ("URL<TAB>type<TAB>name"), unless Options.Raw, which writes the names alone.
func getAFS(ctx context.Context, c *Client, u locator.URL, w io.Writer, r *Result) error {
	p, err := scheme.PlanFor(u)
	if err != nil {
		return planError(u.String(), err)
	}
	if fi, err := os.Stat(afsRoot); err != nil || !fi.IsDir() {
		return &Error{URL: u.String(), Kind: KindNoClient, Code: "afs-not-mounted", Rule: "1994 URL draft afsaddress",
			Message: "AFS is not mounted on this machine (no " + afsRoot + " directory): an afs URL is read through a local AFS client"}
	}
	path := afsRoot + strings.TrimPrefix(p.Path, "/afs")
	d := dialog{c, r}
	d.remark("read %s", path)
	f, err := os.Open(path)
	if err != nil {
		k, code := KindLocal, "afs-read"
		if errors.Is(err, fs.ErrNotExist) {
			k, code = KindRefused, "not-found"
		}
		return &Error{URL: u.String(), Kind: k, Code: code, Message: "cannot read " + display.Quote(path), Err: err}
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return &Error{URL: u.String(), Kind: KindLocal, Code: "afs-read", Message: "cannot read " + display.Quote(path), Err: err}
	}
	if !fi.IsDir() {
		r.Total = fi.Size()
		b := c.newBody(w, u.String(), fi.Size())
		_, err := io.Copy(b, f)
		b.done(r)
		if err != nil {
			var fe *Error
			if errors.As(err, &fe) {
				return fe
			}
			return &Error{URL: u.String(), Kind: KindLocal, Code: "afs-read", Message: "cannot read " + display.Quote(path), Err: err}
		}
		return nil
	}
	ents, err := f.ReadDir(-1)
	if err != nil {
		return &Error{URL: u.String(), Kind: KindLocal, Code: "afs-read", Message: "cannot list " + display.Quote(path), Err: err}
	}
	slices.SortFunc(ents, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	base := strings.TrimSuffix(u.WithoutFragment().String(), "/") + "/"
	r.Listing = true
	b := c.newBody(w, u.String(), -1)
	defer b.done(r)
	for _, e := range ents {
		typ := "file"
		switch {
		case e.IsDir():
			typ = "dir"
		case e.Type()&fs.ModeSymlink != 0:
			typ = "link"
		}
		eu := base + pct.Encode(e.Name(), pct.RFC1738Uchar)
		if typ == "dir" {
			eu += "/"
		}
		ent := Entry{URL: eu, Type: typ, Name: e.Name()}
		if info, err := e.Info(); err == nil && typ == "file" {
			ent.Size = info.Size()
		}
		r.Entries = append(r.Entries, ent)
		line := display.String(e.Name())
		if !c.opts.Raw {
			line = display.String(eu) + "\t" + typ + "\t" + line
		}
		if _, err := io.WriteString(b, line+"\n"); err != nil {
			var fe *Error
			if errors.As(err, &fe) {
				return fe
			}
			return err
		}
	}
	return nil
}

// noClient is the access of wais and prospero URLs: none. No WAIS (RFC 1625) or Prospero
// server exists to test a client against, so locator has none, and says so with the plan,
// which is all there is; it never pretends to have fetched anything.
func noClient(ctx context.Context, c *Client, u locator.URL, w io.Writer, r *Result) error {
	name := strings.ToLower(u.Scheme())
	p, err := scheme.PlanFor(u)
	if err != nil {
		return planError(u.String(), err)
	}
	var b strings.Builder
	b.WriteString("locator has no " + name + " client: no server exists to test against; the plan would be: ")
	for i, s := range p.Steps {
		if i > 0 {
			b.WriteString("; ")
		}
		if s.Send != "" {
			b.WriteString("send " + display.Quote(s.Send))
			if s.Note != "" {
				b.WriteString(" (" + s.Note + ")")
			}
		} else {
			b.WriteString(s.Note)
		}
	}
	rule := "RFC 1738 §3.9" // wais
	if name == "prospero" {
		rule = "RFC 1738 §3.11"
	}
	return &Error{URL: u.String(), Kind: KindNoClient, Code: "no-client", Rule: rule,
		Message: b.String() + " (locator plan shows it)"}
}
