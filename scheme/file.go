package scheme

import (
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// File is the typed view of a file URL (RFC 1738 §3.10):
//
//	file://<host>/<path>
//
// Host is as written; "" and "localhost" (any case) mean "the machine from which the URL is
// being interpreted" (§3.10), which IsLocal reports. Path is the local path, decoded: the "/"
// that ends the host followed by fpath, "" when the URL has no path at all. The view decodes
// a "%2F" too, so Path cannot tell it from a "/" ([File.URL] writes it as "/"); but an escape
// of a separator is data in a name, which no local name can hold (RFC 8089 §5), and decoded
// it would name another file ("/tmp/a%2F..%2Fb" is not under /tmp/a): the plan of such a URL
// ([PlanFor], and so fetch.Get) refuses it, as [PathFromFileURL] does.
//
// ParseFile also reads "file:/path", the form RFC 8089 §2 allows without an authority; the
// view writes it back as "file:///path" (RFC 8089 Appendix B: the same file).
//
// The zero value is the local file with an empty path.
type File struct {
	Host    string `json:"host"`     // as written; "" or "localhost" for this machine
	Path    string `json:"path"`     // decoded; "/" followed by fpath, or ""
	IsLocal bool   `json:"is_local"` // Host is "" or "localhost" (RFC 1738 §3.10)
}

var (
	// fileSegmentChars is what RFC 1738 §5 fsegment allows unencoded, with the "/" that
	// separates fpath's segments.
	fileSegmentChars = ftpSegmentChars.With("/")
	// filePathKeep is what File.URL writes unencoded: fsegment and "/", without "?" (which
	// RFC 3986 and RFC 8089 readers would take for a query).
	filePathKeep = ftpSegmentKeep.With("/")
	// fileBad is what a local path may not decode to: NUL ends a path name in the system
	// interfaces that take one (RFC 1738 §6 on encoded delimiters).
	fileBad = pct.Of("\x00")
)

func init() {
	register(Scheme{
		SchemeInfo: locator.SchemeInfo{Name: "file", Hierarchical: true, Source: "RFC 1738 §3.10"},
		View:       func(u locator.URL) (View, error) { return ParseFile(u) },
		Check:      checkFile,
		Plan: func(u locator.URL) (Plan, error) {
			f, err := ParseFile(u)
			if err != nil {
				return Plan{}, err
			}
			p, err := f.Plan()
			if err != nil {
				return p, rebase(err, u, fileBad)
			}
			if err := fileEncodedSeparator(u); err != nil {
				return Plan{}, err
			}
			return p, nil
		},
	})
}

// ParseFile returns the file view of u. It fails on another scheme (CodeWrongScheme), on a
// user name or port (CodeUserinfo, CodePortNotAllowed: RFC 1738 §5 fileurl has a bare
// host), on text after the host that does not start with "/", or on a path that does not
// start with "/" without an authority (CodeMissingSlash; RFC 8089 §2 path-absolute).
func ParseFile(u locator.URL) (File, error) {
	if b, off := behind(u); off > 0 {
		v, err := ParseFile(b)
		return v, shiftErr(err, u, off)
	}
	var f File
	if err := wrongScheme(u, "file"); err != nil {
		return f, err
	}
	var s string
	var off int
	if u.HasAuthority() {
		if err := hostOnly(u, "RFC 1738 §5 fileurl"); err != nil {
			return f, err
		}
		f.Host = u.Host()
		s, off = afterAuthority(u)
	} else {
		// RFC 8089 §2: file-URI = file-scheme ":" file-hier-part, with a path-absolute.
		s, off = u.SchemePart(), len(u.Scheme())+1
	}
	if s != "" && s[0] != '/' {
		return File{}, &locator.Error{Input: u.String(), Offset: off, Code: CodeMissingSlash,
			Rule: "RFC 1738 §5 fileurl", Message: "the path of a file URL starts with \"/\""}
	}
	d, err := decodeAt(u, s, off)
	if err != nil {
		return File{}, err
	}
	f.Path = d
	f.IsLocal = f.Host == "" || strings.EqualFold(f.Host, "localhost")
	return f, nil
}

// Scheme returns "file".
func (File) Scheme() string { return "file" }

// URL returns the file URL of f: "file://", the host, and the path encoded as RFC 1738 §5
// fsegment requires ("?" encoded too). IsLocal is not read. It fails (CodeBadView) on a path
// that is neither empty nor starts with "/", and on a host that cannot be written.
func (f File) URL() (locator.URL, error) {
	if err := checkLoginView("file", Login{Host: f.Host}, false); err != nil {
		return locator.URL{}, err
	}
	if f.Path != "" && f.Path[0] != '/' {
		return locator.URL{}, badView("file", "the path "+strconvQuote(f.Path)+" does not start with \"/\"")
	}
	b := append([]byte("file://"), f.Host...)
	b = pct.AppendEncode(b, f.Path, filePathKeep)
	return finish(b)
}

// Plan returns the access f stands for. A file URL "does not specify an Internet protocol or
// access method" (RFC 1738 §3.10): the plan connects nowhere, and its Path is the local path.
// It reads Host, not IsLocal. For a host other than "" or "localhost" the path is a name on that host, which the plan
// notes and names in Host. A path that decodes to NUL is refused (CodeLineBreak). f's Path
// holds no escapes: the plan of a URL ([PlanFor]) also refuses an encoded separator in it
// (fileEncodedSeparator), which the view has decoded to "/".
func (f File) Plan() (Plan, error) {
	u, err := f.URL()
	if err != nil {
		return Plan{}, err
	}
	if hasByte(f.Path, fileBad) {
		return Plan{}, decodedControlError(u.String(), partRest, fileBad, "path")
	}
	p := Plan{Scheme: "file", Path: f.Path}
	if f.Host == "" || strings.EqualFold(f.Host, "localhost") {
		p.Steps = []Step{{Note: "open the local file " + strconvQuote(f.Path) + " (RFC 1738 §3.10: no protocol, this machine)"}}
		return p, nil
	}
	p.Host = f.Host
	p.Steps = []Step{{Note: "the file " + strconvQuote(f.Path) + " is on host " + shown(f.Host) +
		": RFC 1738 §3.10 names no access method, and the path means something on that host only"}}
	return p, nil
}

// fileEncodedSeparator returns an error at the first escape of "/" in u's path ("%2F", and
// "%5C" of "\" where this machine's paths are Windows paths), as PathFromFileURL does: the
// escape is data in a name, which no local name can hold, and decoded it would name another
// file, "file:///tmp/p/d%2F..%2Fd%2Fa" /tmp/p/d/../d/a (RFC 8089 §5: "/" and "\" have an
// operational meaning in a file system).
func fileEncodedSeparator(u locator.URL) error {
	in := u.String()
	if i := encodedSeparator(in, max(pathOffset(u), 0), LocalOS.resolve() == Windows); i >= 0 {
		return pathErr(in, i, CodeBadPathChar, ruleEncodedSep,
			"the path holds "+in[i:i+3]+", an encoded separator, which no local name can hold")
	}
	return nil
}

// checkFile is the Check of the registry: checkFileTo into a Sink of its own.
func checkFile(u locator.URL) []locator.Finding {
	var sk syntax.Sink
	checkFileTo(&sk, u)
	return sk.Findings()
}

// checkFileTo checks u against RFC 1738 §5 fileurl = "file://" [ host | "localhost" ] "/" fpath,
// with fpath's segments fsegment. The findings go into sk.
func checkFileTo(sk *syntax.Sink, u locator.URL) {
	if !u.HasAuthority() {
		sk.Add(noLoginFinding(u, "RFC 1738 §5 fileurl", "a file URL is \"file://\" [ host ] \"/\" fpath"))
		return
	}
	checkHostOnly(sk, u, "RFC 1738 §5 fileurl")
	s, off := afterAuthority(u)
	if s == "" || s[0] != '/' {
		sk.Add(slashFinding(off, "RFC 1738 §5 fileurl"))
		return
	}
	syntax.CheckClass(sk, s[1:], off+1, filePathClass, "RFC 1738 §5 fsegment")
}
