package scheme

import (
	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// AFS is the typed view of an afs URL, an Andrew File System global file name. The 1994 URL
// draft gives its syntax, afsaddress = "afs://" cellname "/" path with cellname = hostname,
// but only "as historical note", "not a url production"; RFC 1738 §4 reserves the name
// without defining it.
//
// Cell is the cell name as written. Path is decoded and does not start with the "/" that
// ends the cell name; a decoded "%2F" is a "/" of the path, which [AFS.URL] writes as "/".
//
// The zero value has no cell and so no access plan.
type AFS struct {
	Cell string `json:"cell"` // a hostname, as written
	Path string `json:"path"` // decoded, after the "/" that follows the cell
}

var (
	// afsPathChars is the 1994 URL draft's path = void | xpalphas [ "/" path ], with the "/":
	// xpalpha = xalpha | "+"; xalpha = alpha | digit | safe | extra | escape; and the draft's
	// own safe ("$" "-" "_" "@" "." "&" "+") and extra ("!" "*" <"> "'" "(" ")" ",").
	afsPathChars = pct.AlphaDigit.With("$-_@.&+").With("!*\"'(),").With("/")
	// afsPathKeep is what AFS.URL writes unencoded: RFC 1738 §5 uchar and "/", a subset of
	// the draft's path characters that RFC 1738 readers accept too.
	afsPathKeep = pct.RFC1738Uchar.With("/")
)

func init() {
	register(Scheme{
		SchemeInfo: locator.SchemeInfo{Name: "afs", Hierarchical: true, Source: "1994 URL draft, afsaddress"},
		View:       func(u locator.URL) (View, error) { return ParseAFS(u) },
		Check:      checkAFS,
		Plan: func(u locator.URL) (Plan, error) {
			a, err := ParseAFS(u)
			if err != nil {
				return Plan{}, err
			}
			p, err := a.Plan()
			return p, rebase(err, u, fileBad)
		},
	})
}

// ParseAFS returns the afs view of u. It fails on another scheme (CodeWrongScheme), without
// "//" (CodeNoAuthority), on a user name or port (CodeUserinfo, CodePortNotAllowed: a
// cellname is a hostname), and on text after the cell that does not start with "/"
// (CodeMissingSlash).
func ParseAFS(u locator.URL) (AFS, error) {
	if b, off := behind(u); off > 0 {
		v, err := ParseAFS(b)
		return v, shiftErr(err, u, off)
	}
	var a AFS
	if err := wrongScheme(u, "afs"); err != nil {
		return a, err
	}
	if err := needLogin(u); err != nil {
		return a, err
	}
	if err := hostOnly(u, "1994 URL draft afsaddress"); err != nil {
		return a, err
	}
	p, off, err := urlPath(u)
	if err != nil {
		return a, err
	}
	if a.Path, err = decodeAt(u, p, off); err != nil {
		return AFS{}, err
	}
	a.Cell = u.Host()
	return a, nil
}

// Scheme returns "afs".
func (AFS) Scheme() string { return "afs" }

// URL returns the afs URL of a: "afs://", the cell, "/" and the path, encoded but for "/" and
// RFC 1738 §5 uchar. It fails (CodeBadView) on a cell that cannot be written as a host.
func (a AFS) URL() (locator.URL, error) {
	if err := checkLoginView("afs", Login{Host: a.Cell}, false); err != nil {
		return locator.URL{}, err
	}
	b := append([]byte("afs://"), a.Cell...)
	b = append(b, '/')
	b = pct.AppendEncode(b, a.Path, afsPathKeep)
	return finish(b)
}

// Plan returns the access a stands for: no connection and no protocol of its own. An AFS
// client makes every cell visible under one tree, conventionally mounted at /afs, so the plan's
// Path is "/afs/<cell>/<path>" (a convention of AFS clients; the draft names no access
// method). An empty cell gives CodeNoHost; a path or cell holding NUL, CodeLineBreak.
func (a AFS) Plan() (Plan, error) {
	u, err := a.URL()
	if err != nil {
		return Plan{}, err
	}
	if a.Cell == "" {
		return Plan{}, &locator.Error{Input: u.String(), Offset: len("afs://"), Code: CodeNoHost,
			Rule: "1994 URL draft afsaddress", Message: "no cell name"}
	}
	cell, err := pct.Decode(a.Cell)
	if err != nil || hasByte(cell, fileBad) || hasByte(cell, pct.Of("/")) {
		return Plan{}, decodedControlError(u.String(), partHost, fileBad.With("/"), "cell name")
	}
	if hasByte(a.Path, fileBad) {
		return Plan{}, decodedControlError(u.String(), partRest, fileBad, "path")
	}
	path := "/afs/" + cell + "/" + a.Path
	return Plan{Scheme: "afs", Path: path, Steps: []Step{
		{Note: "read " + strconvQuote(path) + " through the local AFS client, whose tree of cells is conventionally mounted at /afs (1994 URL draft afsaddress)"},
	}}, nil
}

// checkAFS is the Check of the registry: checkAFSTo into a Sink of its own.
func checkAFS(u locator.URL) []locator.Finding {
	var sk syntax.Sink
	checkAFSTo(&sk, u)
	return sk.Findings()
}

// checkAFSTo checks u against the 1994 URL draft's afsaddress = "afs://" cellname "/" path,
// cellname = hostname, and warns that the draft keeps it as a historical note only. The findings
// go into sk.
func checkAFSTo(sk *syntax.Sink, u locator.URL) {
	sk.Add(locator.Finding{Offset: 0, Code: CodeAFSHistorical, Rule: "1994 URL draft afsaddress; RFC 1738 §4",
		Message:  "afs is a historical note of the 1994 URL draft, not a url production; RFC 1738 §4 only reserves the name",
		Severity: locator.SeverityWarning})
	if !u.HasAuthority() {
		sk.Add(noLoginFinding(u, "1994 URL draft afsaddress", "an afs URL is \"afs://\" cellname \"/\" path"))
		return
	}
	checkHostOnly(sk, u, "1994 URL draft afsaddress")
	if u.Host() == "" {
		sk.Add(locator.Finding{Offset: u.Offsets().Host.Start, Code: locator.CodeEmptyHost, Rule: "1994 URL draft cellname",
			Message: "empty cell name", Severity: locator.SeverityError})
	}
	s, off := afterAuthority(u)
	if s == "" || s[0] != '/' {
		sk.Add(slashFinding(off, "1994 URL draft afsaddress"))
		return
	}
	syntax.CheckChars(sk, s[1:], off+1, afsPathChars, "1994 URL draft path")
}
