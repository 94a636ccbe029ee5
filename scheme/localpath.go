package scheme

import (
	"errors"
	"runtime"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// OS names a family of local path syntaxes that FileURLFromPath and PathFromFileURL convert.
// The zero value, LocalOS, is this machine's.
type OS uint8

const (
	// LocalOS is the syntax of this machine: Windows when runtime.GOOS is "windows", POSIX
	// otherwise (Go has no VMS port).
	LocalOS OS = iota
	// POSIX paths: "/" separates names, a name holds any byte but NUL and "/", and an
	// absolute path starts with "/" (POSIX.1-2017 XBD 3.271 Pathname).
	POSIX
	// Windows paths: drive letters ("C:\dir\file", RFC 8089 Appendix E.2), UNC names
	// ("\\server\share\file", RFC 8089 Appendix E.3) and their "\\?\" long forms; "\" or "/"
	// separate names.
	Windows
	// VMS file specifications "NODE::DEVICE:[DIR.SUB]NAME.TYPE;VERSION", mapped as the
	// example of RFC 1738 §3.10 maps "DISK$USER:[MY.NOTES]NOTE12345.TXT" (the RFC's example
	// writes NOTE123456 and note12345, a digit lost: a typo). The RFC gives no rule for the
	// node; locator writes it as the host, the machine on which the path is accessible
	// (RFC 1738 §3.10). Limits: ODS-2 names only (no ODS-5 "^" escapes), no "<>" directory
	// brackets, no logical names resolved, no relative directories; names are upper case
	// in the path and lower case in the URL.
	VMS
)

// String returns "posix", "windows" or "vms"; LocalOS is the name of this machine's.
func (o OS) String() string {
	switch o.resolve() {
	case Windows:
		return "windows"
	case VMS:
		return "vms"
	}
	return "posix"
}

// resolve returns o, or this machine's syntax for LocalOS and unknown values.
func (o OS) resolve() OS {
	switch o {
	case POSIX, Windows, VMS:
		return o
	}
	if runtime.GOOS == "windows" {
		return Windows
	}
	return POSIX
}

// ParseOS returns the OS named "posix", "windows" or "vms" (any case), or LocalOS for "" and
// "local". Another name fails with CodeUnknownOS.
func ParseOS(name string) (OS, error) {
	switch strings.ToLower(name) {
	case "", "local":
		return LocalOS, nil
	case "posix":
		return POSIX, nil
	case "windows":
		return Windows, nil
	case "vms":
		return VMS, nil
	}
	return LocalOS, &locator.Error{Input: name, Code: CodeUnknownOS, Rule: "RFC 1738 §3.10",
		Message: "unknown operating system; want posix, windows or vms"}
}

// Rules the path errors name.
const (
	rulePOSIXPath  = "POSIX.1-2017 XBD 3.271 Pathname"
	ruleFileURL    = "RFC 8089 §2"
	ruleDrive      = "RFC 8089 Appendix E.2"
	ruleUNC        = "RFC 8089 Appendix E.3.1"
	ruleUNCPath    = "RFC 8089 Appendix E.3.2"
	ruleVMS        = "RFC 1738 §3.10"
	ruleLocalHost  = "RFC 1738 §3.10"
	ruleWindowsBad = "RFC 8089 Appendix E.3.1"
	ruleEncodedSep = "RFC 8089 §5"
)

var (
	// segmentKeep is what a path segment of a file URL keeps unencoded: RFC 1738 §5 fsegment
	// without "?" (filePathKeep without "/"). Everything else, "#", "%", space, ";", "\",
	// controls and every byte ≥ 0x80 (UTF-8 or not), is percent-encoded, so that every byte
	// string round-trips (RFC 1738 §2.2).
	segmentKeep = filePathKeep.Without("/")
	// windowsBad are the bytes a Windows name may not hold: the reserved characters and the
	// controls of the Win32 naming rules ([MS-FSCC] 2.1.5.2), "/" and "\" aside (separators).
	windowsBad = pct.Of(`<>"|?*`).Union(pct.Range(0, 0x1f))
	// vmsName are the bytes of a VMS device, directory or node name as RFC 1738 §3.10's
	// example writes them (ODS-2: letters, digits, "$", "_", "-").
	vmsName = pct.Range('A', 'Z').Union(pct.Range('a', 'z')).Union(pct.Range('0', '9')).With("$_-")
	// uncServer are the bytes of a UNC server name that FileURLFromPath writes as the host:
	// RFC 1738 §5 hostname's letters, digits, "-" and ".", with the "_" of NetBIOS names.
	uncServer = pct.Range('A', 'Z').Union(pct.Range('a', 'z')).Union(pct.Range('0', '9')).With("-._")
	// vmsFile adds the "." of the type and the ";" of the version to a file name.
	vmsFile = vmsName.With(".;")
	// vmsNode adds the "." of a domain name to a node name.
	vmsNode = vmsName.With(".")
)

// pathErr returns the *locator.Error of a path (or URL) input.
func pathErr(input string, off int, code locator.Code, rule, msg string) error {
	return &locator.Error{Input: input, Offset: off, Code: code, Rule: rule, Message: msg}
}

// FileURLFromPath returns the file URL of the absolute local path p, in the syntax of os:
//
//   - POSIX: p starts with "/"; "file://" and p, each byte outside RFC 1738 §5 fsegment
//     percent-encoded ("#", "?", "%", space, non-ASCII and bytes of invalid UTF-8 among
//     them: they round-trip), "/" kept. A relative path fails (CodeRelativePath: resolve it
//     first, with path/filepath.Abs); so does NUL (CodeBadPathChar).
//   - Windows: "C:\dir\file" gives "file:///C:/dir/file" (RFC 8089 Appendix E.2), the UNC
//     name "\\server\share\x" gives "file://server/share/x" (Appendix E.3.1), and the long
//     forms "\\?\C:\x" and "\\?\UNC\server\share\x" give the same URLs; "\" and "/" both
//     separate names. A server named "localhost", or one that is no RFC 1738 §5 host (a
//     NetBIOS name with "_", a top label that starts with a digit), is written in the path,
//     "file:////localhost/share/x" (RFC 8089 Appendix E.3.2), since the host "localhost" means this
//     machine and the others cannot be hosts. A path without a drive letter or server
//     ("\dir", "C:dir") fails (CodeRelativePath), as does a name holding <>"|?* or a control
//     (CodeBadPathChar) and a device path "\\.\" or a server ".." (CodeBadPathForm).
//   - VMS: "DISK$USER:[MY.NOTES]NOTE12345.TXT" gives "file:///disk$user/my/notes/note12345.txt"
//     (RFC 1738 §3.10: device, directories, file, in lower case); a node "NODE::" before the
//     device becomes the host. Names are ODS-2's letters, digits, "$", "_", "-" (with "."
//     and ";" in the file name): anything else fails (CodeBadPathChar), and a specification
//     without device or directory, or with a relative directory ("[.SUB]", "[-]"), fails
//     (CodeRelativePath, CodeBadPathForm).
//
// The time taken is linear in len(p).
func FileURLFromPath(p string, os OS) (locator.URL, error) {
	switch os.resolve() {
	case Windows:
		return windowsToURL(p)
	case VMS:
		return vmsToURL(p)
	}
	return posixToURL(p)
}

func posixToURL(p string) (locator.URL, error) {
	if p == "" || p[0] != '/' {
		return locator.URL{}, pathErr(p, 0, CodeRelativePath, rulePOSIXPath,
			"a file URL names an absolute path, starting with \"/\"")
	}
	if i := strings.IndexByte(p, 0); i >= 0 {
		return locator.URL{}, pathErr(p, i, CodeBadPathChar, rulePOSIXPath, "a path cannot hold NUL")
	}
	b := make([]byte, 0, len("file://")+len(p)+len(p)/4)
	b = append(b, "file://"...)
	b = appendSegments(b, p, '/')
	return finish(b)
}

// appendSegments appends p to b, each byte outside segmentKeep percent-encoded and each sep
// written as "/".
func appendSegments(b []byte, p string, sep byte) []byte {
	for {
		i := strings.IndexByte(p, sep)
		if i < 0 {
			return pct.AppendEncode(b, p, segmentKeep)
		}
		b = append(pct.AppendEncode(b, p[:i], segmentKeep), '/')
		p = p[i+1:]
	}
}

func isDrive(s string) bool {
	return len(s) >= 2 && s[1] == ':' && (s[0]|0x20 >= 'a' && s[0]|0x20 <= 'z')
}

func isSep(c byte) bool { return c == '\\' || c == '/' }

func windowsToURL(p string) (locator.URL, error) {
	rest, off := p, 0
	unc := false
	switch {
	case len(p) >= 4 && isSep(p[0]) && isSep(p[1]) && p[2] == '?' && isSep(p[3]):
		// "\\?\" long path: "\\?\C:\…" or "\\?\UNC\server\share\…".
		rest, off = p[4:], 4
		if len(rest) >= 4 && strings.EqualFold(rest[:3], "UNC") && isSep(rest[3]) {
			rest, off, unc = rest[4:], 8, true
		} else if !isDrive(rest) {
			return locator.URL{}, pathErr(p, off, CodeBadPathForm, ruleDrive,
				"a \"\\\\?\\\" path is followed by a drive letter or UNC\\")
		}
	case len(p) >= 3 && isSep(p[0]) && isSep(p[1]) && (p[2] == '.' || p[2] == '?') && (len(p) == 3 || isSep(p[3])):
		return locator.URL{}, pathErr(p, 0, CodeBadPathForm, ruleUNC,
			"a device path (\"\\\\.\\\") names no file a URL can name")
	case len(p) >= 2 && isSep(p[0]) && isSep(p[1]):
		rest, off, unc = p[2:], 2, true
	}
	for i := off; i < len(p); i++ {
		if windowsBad.Contains(p[i]) {
			return locator.URL{}, pathErr(p, i, CodeBadPathChar, ruleWindowsBad,
				"a Windows name cannot hold "+displayByteName(p[i]))
		}
	}
	start := off
	if !unc {
		start = off + 2 // the drive's colon
	}
	if i := windowsColon(p, start); i >= 0 {
		return locator.URL{}, pathErr(p, i, CodeBadPathChar, ruleWindowsBad,
			"a Windows directory name cannot hold \":\"")
	}
	if unc {
		// RFC 8089 Appendix E.3.1: the server is the authority, the share and the names the path.
		i := strings.IndexAny(rest, `\/`)
		if i <= 0 {
			return locator.URL{}, pathErr(p, off, CodeBadPathForm, ruleUNC,
				"a UNC name is \\\\server\\share, with a server and a share")
		}
		server, names := rest[:i], rest[i+1:]
		if names == "" || isSep(names[0]) {
			return locator.URL{}, pathErr(p, off+i+1, CodeBadPathForm, ruleUNC,
				"a UNC name is \\\\server\\share, with a share after the server")
		}
		if j := uncServer.IndexNotIn(server); j >= 0 {
			return locator.URL{}, pathErr(p, off+j, CodeBadPathChar, ruleUNC,
				"a UNC server name holds letters, digits, \"-\", \".\" and \"_\"")
		}
		if dotsOnly(server) {
			return locator.URL{}, pathErr(p, off, CodeBadPathForm, ruleUNC,
				"a UNC server named \".\" or \"..\" is a device path or no server: it names no file a URL can name")
		}
		b := make([]byte, 0, len("file:////")+len(p)+len(p)/4)
		b = append(b, "file://"...)
		if strings.EqualFold(server, "localhost") || !syntax.ValidHost(server) {
			// RFC 8089 Appendix E.3.2: the whole UNC string in the path, since the host
			// "localhost" would mean this machine (RFC 1738 §3.10), and a server name that
			// is no RFC 1738 §5 host (a NetBIOS name with "_", a label that starts or ends
			// with "-", a top label that starts with a digit) cannot be the URL's host.
			b = append(b, "//"...)
		}
		b = append(b, server...)
		b = append(b, '/')
		b = appendWindowsNames(b, names)
		return finish(b)
	}
	if !isDrive(rest) || len(rest) > 2 && !isSep(rest[2]) || len(rest) == 2 {
		return locator.URL{}, pathErr(p, off, CodeRelativePath, ruleDrive,
			"a file URL names an absolute Windows path, a drive letter and \"\\\" (C:\\dir) or a UNC name (\\\\server\\share)")
	}
	b := make([]byte, 0, len("file:///")+len(p)+len(p)/4)
	b = append(b, "file:///"...)
	b = append(b, rest[:2]...)
	b = append(b, '/')
	b = appendWindowsNames(b, rest[3:])
	return finish(b)
}

// dotsOnly reports whether s is made of "." alone: a UNC server "." is the Win32 device
// namespace ("\\.\"), ".." and longer runs no server.
func dotsOnly(s string) bool {
	return s != "" && strings.Trim(s, ".") == ""
}

// windowsColon returns the offset of a ":" in p[start:] that is not in its last name, or -1:
// a stream name after the file name ("file.txt:stream") is allowed (RFC 8089
// Appendix E.3.1), a colon in a directory name is not.
func windowsColon(p string, start int) int {
	if start >= len(p) {
		return -1
	}
	i := strings.IndexByte(p[start:], ':')
	if i < 0 || !strings.ContainsAny(p[start+i:], `\/`) {
		return -1
	}
	return start + i
}

// appendWindowsNames appends names, separated by "\" or "/", as path segments.
func appendWindowsNames(b []byte, names string) []byte {
	for {
		i := strings.IndexAny(names, `\/`)
		if i < 0 {
			return pct.AppendEncode(b, names, segmentKeep)
		}
		b = append(pct.AppendEncode(b, names[:i], segmentKeep), '/')
		names = names[i+1:]
	}
}

// displayByteName names the byte c for a message: a quoted character, or its hex value.
func displayByteName(c byte) string {
	if c < 0x20 || c >= 0x7f {
		const hex = "0123456789ABCDEF"
		return "the byte 0x" + string([]byte{hex[c>>4], hex[c&15]})
	}
	return "\"" + string(c) + "\""
}

func vmsToURL(p string) (locator.URL, error) {
	b := make([]byte, 0, len("file://")+len(p)+8)
	b = append(b, "file://"...)
	rest, off := p, 0
	if i := strings.Index(p, "::"); i >= 0 {
		if i == 0 {
			return locator.URL{}, pathErr(p, 0, CodeBadPathForm, ruleVMS, "an empty node name before \"::\"")
		}
		if j := vmsNode.IndexNotIn(p[:i]); j >= 0 {
			return locator.URL{}, pathErr(p, j, CodeBadPathChar, ruleVMS,
				"a VMS node name holds letters, digits, \"$\", \"_\", \"-\" and \".\"")
		}
		b = append(b, strings.ToLower(p[:i])...)
		rest, off = p[i+2:], i+2
	}
	colon := strings.IndexByte(rest, ':')
	if colon < 0 {
		return locator.URL{}, pathErr(p, off, CodeRelativePath, ruleVMS,
			"a file URL names a VMS file by device, directory and file (DISK:[DIR]FILE)")
	}
	dev := rest[:colon]
	if dev == "" {
		return locator.URL{}, pathErr(p, off, CodeBadPathForm, ruleVMS, "an empty device name before \":\"")
	}
	if j := vmsName.IndexNotIn(dev); j >= 0 {
		return locator.URL{}, pathErr(p, off+j, CodeBadPathChar, ruleVMS,
			"a VMS device name holds letters, digits, \"$\", \"_\" and \"-\"")
	}
	off += colon + 1
	rest = rest[colon+1:]
	if rest == "" || rest[0] != '[' {
		return locator.URL{}, pathErr(p, off, CodeRelativePath, ruleVMS,
			"a file URL names a VMS file by device, directory and file (DISK:[DIR]FILE)")
	}
	end := strings.IndexByte(rest, ']')
	if end < 0 {
		return locator.URL{}, pathErr(p, off, CodeBadPathForm, ruleVMS, "a \"[\" without \"]\"")
	}
	dirs := rest[1:end]
	if dirs == "" || dirs[0] == '.' || dirs[0] == '-' {
		return locator.URL{}, pathErr(p, off+1, CodeRelativePath, ruleVMS,
			"a directory relative to the default one (\"[]\", \"[.SUB]\", \"[-]\") has no file URL")
	}
	b = append(b, '/')
	b = append(b, strings.ToLower(dev)...)
	for d := off + 1; ; {
		i := strings.IndexByte(dirs, '.')
		name := dirs
		if i >= 0 {
			name = dirs[:i]
		}
		if name == "" {
			return locator.URL{}, pathErr(p, d, CodeBadPathForm, ruleVMS, "an empty directory name")
		}
		if name[0] == '-' {
			return locator.URL{}, pathErr(p, d, CodeRelativePath, ruleVMS,
				"\"-\" in a VMS directory is the parent directory: a relative directory has no file URL")
		}
		if j := vmsName.IndexNotIn(name); j >= 0 {
			return locator.URL{}, pathErr(p, d+j, CodeBadPathChar, ruleVMS,
				"a VMS directory name holds letters, digits, \"$\", \"_\" and \"-\"")
		}
		b = append(b, '/')
		b = append(b, strings.ToLower(name)...)
		if i < 0 {
			break
		}
		dirs, d = dirs[i+1:], d+i+1
	}
	file := rest[end+1:]
	if j := vmsFile.IndexNotIn(file); j >= 0 {
		return locator.URL{}, pathErr(p, off+end+1+j, CodeBadPathChar, ruleVMS,
			"a VMS file name holds letters, digits, \"$\", \"_\", \"-\", \".\" and \";\"")
	}
	b = append(b, '/')
	b = pct.AppendEncode(b, strings.ToLower(file), segmentKeep)
	return finish(b)
}

// PathFromFileURL returns the local path that the file URL u names, in the syntax of os: the
// inverse of FileURLFromPath.
//
//   - POSIX: the decoded path. The host must be ""
//     or "localhost", this machine (RFC 1738 §3.10); another fails (CodeRemoteHost).
//   - Windows: "file:///C:/dir/file" (or "C|", RFC 8089 Appendix E.2.2, or "file:C:/dir/file",
//     RFC 8089 Appendix E.2) gives "C:\dir\file";
//     a host other than "" and "localhost" gives the UNC name "\\host\share\x" (Appendix
//     E.3.1), as does a UNC string in the path, "file:////host/share/x" or
//     "file://///host/share/x" (Appendix E.3.2). "/" becomes "\". A local path without a
//     drive letter fails (CodeRelativePath), a decoded <>"|?* or control fails
//     (CodeBadPathChar), and so do a server "." or ".." ("\\.\" is the device namespace) and
//     an empty share (CodeBadPathForm). The "\\?\" prefix is not restored.
//   - VMS: "file://vms.host.edu/disk$user/my/notes/note12345.txt" gives
//     "VMS.HOST.EDU::DISK$USER:[MY.NOTES]NOTE12345.TXT" (RFC 1738 §3.10; upper case, a host
//     other than "" and "localhost" as the node); the path needs a device, a directory and a
//     file name ("/" at the end for none) made of the characters FileURLFromPath allows.
//
// A URL of another scheme fails (CodeWrongScheme), as do a path that is not absolute
// (CodeMissingSlash), a decoded NUL and an encoded separator, "%2F" (and "%5C" for
// Windows), which would split a name (CodeBadPathChar, RFC 8089 §5). An error about a decoded name has
// the offset of the URL's path. The time taken is linear in the length of u.
func PathFromFileURL(u locator.URL, os OS) (string, error) {
	if os.resolve() == Windows && !u.HasAuthority() && u.IsScheme("file") {
		if sp := u.SchemePart(); len(sp) >= 2 && (sp[1] == ':' || sp[1] == '|') && isDrive(sp[:1]+":") {
			// RFC 8089 Appendix E.2: "file:c:/path/to/file", a drive letter without "/".
			v, err := locator.Parse("file:///" + sp)
			if err != nil {
				return "", err
			}
			p, err := PathFromFileURL(v, os)
			var le *locator.Error
			if errors.As(err, &le) {
				// v's path starts after "file:///", u's scheme part after "file:" (and
				// after a "URL:" prefix); an error at v's path is at u's.
				sp := u.Offsets().Scheme.End + 1
				le.Input, le.Offset = u.String(), max(sp, le.Offset-len("file:///")+sp)
			}
			return p, err
		}
	}
	f, err := ParseFile(u)
	if err != nil {
		return "", err
	}
	in := u.String()
	if f.Path == "" {
		return "", pathErr(in, len(in), CodeMissingSlash, ruleFileURL, "a file URL has a path, starting with \"/\"")
	}
	if i := strings.IndexByte(f.Path, 0); i >= 0 {
		return "", pathErr(in, pathOffset(u), CodeBadPathChar, rulePOSIXPath, "the path decodes to NUL, which no path can hold")
	}
	if i := encodedSeparator(in, pathOffset(u), os.resolve() == Windows); i >= 0 {
		// RFC 8089 §5: "/" and "\" have an operational meaning in a file system; an
		// escape of one is data in a name, which no local name can hold, and decoded it
		// would name another file ("/tmp/..%2F..%2Fetc" is not under /tmp).
		return "", pathErr(in, i, CodeBadPathChar, ruleEncodedSep,
			"the path holds "+in[i:i+3]+", an encoded separator, which no local name can hold")
	}
	switch os.resolve() {
	case Windows:
		return urlToWindows(u, f)
	case VMS:
		return urlToVMS(u, f)
	}
	if !f.IsLocal {
		return "", pathErr(in, u.Offsets().Host.Start, CodeRemoteHost, ruleLocalHost,
			"the file is on host "+strconvQuote(f.Host)+", not this machine: a POSIX path names a file of this machine")
	}
	return f.Path, nil
}

// encodedSeparator returns the offset in the URL s of the first escape of "/" (and, when
// windows, of "\") from offset off on, before a fragment, or -1.
func encodedSeparator(s string, off int, windows bool) int {
	for i := off; i+2 < len(s) && s[i] != '#'; i++ {
		if s[i] != '%' {
			continue
		}
		switch {
		case s[i+1] == '2' && s[i+2]|0x20 == 'f', windows && s[i+1] == '5' && s[i+2]|0x20 == 'c':
			return i
		}
	}
	return -1
}

// pathOffset returns the offset of u's path in u.String().
func pathOffset(u locator.URL) int { return u.Offsets().Path.Start }

func urlToWindows(u locator.URL, f File) (string, error) {
	in := u.String()
	off := pathOffset(u)
	p := f.Path
	if f.IsLocal && len(p) >= 3 && p[2] == '|' && isDrive(p[1:2]+":") {
		p = p[:2] + ":" + p[3:] // RFC 8089 Appendix E.2.2: "C|" is "C:"
	}
	for i := 0; i < len(p); i++ {
		if windowsBad.Contains(p[i]) {
			return "", pathErr(in, off, CodeBadPathChar, ruleWindowsBad,
				"the path decodes to "+displayByteName(p[i])+", which a Windows name cannot hold")
		}
	}
	host := ""
	switch {
	case !f.IsLocal:
		host, p = f.Host, p[1:]
	case len(p) >= 3 && p[1] == '/' && p[2] != '/' || len(p) >= 4 && p[1] == '/' && p[2] == '/' && p[3] != '/':
		// RFC 8089 Appendix E.3.2: "//host/…" or "///host/…" in the path of a local URL.
		p = strings.TrimPrefix(p[2:], "/")
		i := strings.IndexByte(p, '/')
		if i <= 0 {
			return "", pathErr(in, off, CodeBadPathForm, ruleUNCPath, "a UNC string in the path is //host/share")
		}
		host, p = p[:i], p[i+1:]
	}
	start := 0
	if host == "" {
		start = 3 // the drive's colon
	}
	if i := windowsColon(p, start); i >= 0 {
		return "", pathErr(in, off, CodeBadPathChar, ruleWindowsBad,
			"a Windows directory name cannot hold \":\"")
	}
	b := make([]byte, 0, len(p)+len(host)+3)
	if host != "" {
		if p == "" || isSep(p[0]) {
			return "", pathErr(in, off, CodeBadPathForm, ruleUNC, "a UNC name has a share after the server")
		}
		if dotsOnly(host) {
			// "\\.\" is the Win32 device namespace ("\\.\PhysicalDrive0", "\\.\pipe\x"), and
			// "\\..\" no server: FileURLFromPath refuses them, and so does the way back.
			return "", pathErr(in, off, CodeBadPathForm, ruleUNC,
				"a server named \".\" or \"..\" would make a device path (\\\\.\\) or no server: it names no file")
		}
		if uncServer.IndexNotIn(host) >= 0 {
			return "", pathErr(in, off, CodeBadPathChar, ruleUNC,
				"a UNC server name holds letters, digits, \"-\", \".\" and \"_\"")
		}
		b = append(b, `\\`...)
		b = append(b, host...)
		b = append(b, '\\')
	} else {
		if len(p) < 3 || !isDrive(p[1:]) && !(p[2] == '|' && p[1]|0x20 >= 'a' && p[1]|0x20 <= 'z') ||
			len(p) > 3 && !isSep(p[3]) {
			return "", pathErr(in, off, CodeRelativePath, ruleDrive,
				"the path of a Windows file URL starts with a drive letter (/C:/) or names a host")
		}
		b = append(b, p[1], ':', '\\')
		if len(p) > 3 {
			p = p[4:]
		} else {
			p = ""
		}
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '/' {
			c = '\\'
		}
		b = append(b, c)
	}
	return string(b), nil
}

func urlToVMS(u locator.URL, f File) (string, error) {
	in := u.String()
	off := pathOffset(u)
	var b []byte
	if !f.IsLocal {
		if j := vmsNode.IndexNotIn(f.Host); j >= 0 {
			return "", pathErr(in, u.Offsets().Host.Start+j, CodeBadPathChar, ruleVMS,
				"a host that cannot be a VMS node name (letters, digits, \"$\", \"_\", \"-\", \".\")")
		}
		b = append(b, strings.ToUpper(f.Host)...)
		b = append(b, "::"...)
	}
	segs := strings.Split(f.Path[1:], "/")
	if len(segs) < 3 {
		return "", pathErr(in, off, CodeBadPathForm, ruleVMS,
			"a VMS file URL names a device, at least one directory and a file (/disk/dir/file)")
	}
	for i, s := range segs {
		set := vmsName
		if i == len(segs)-1 {
			set = vmsFile
		} else if s == "" {
			return "", pathErr(in, off, CodeBadPathForm, ruleVMS, "an empty device or directory name")
		} else if i > 0 && s[0] == '-' {
			return "", pathErr(in, off, CodeBadPathForm, ruleVMS,
				"a VMS directory name starting with \"-\" would be read as the parent directory")
		}
		if set.IndexNotIn(s) >= 0 {
			return "", pathErr(in, off, CodeBadPathChar, ruleVMS,
				"a VMS name holds letters, digits, \"$\", \"_\", \"-\" (and \".\" and \";\" in a file name)")
		}
	}
	b = append(b, strings.ToUpper(segs[0])...)
	b = append(b, ":["...)
	b = append(b, strings.ToUpper(strings.Join(segs[1:len(segs)-1], "."))...)
	b = append(b, ']')
	b = append(b, strings.ToUpper(segs[len(segs)-1])...)
	return string(b), nil
}
