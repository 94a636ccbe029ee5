package scheme

import (
	"strconv"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// FTP is the typed view of an ftp URL (RFC 1738 §3.2):
//
//	ftp://<user>:<password>@<host>:<port>/<cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>
//
// CWD and Name are decoded: "The components are decoded prior to their use in the FTP
// protocol" (§3.2.2), so a CWD element may hold "/" ("%2Fetc" is the element "/etc"). Type is
// the typecode as written, "" when ";type=" is absent: RFC 1738 §5 ftptype ("a", "i", "d" or
// their upper-case forms), or the 1994 URL draft's ftptype = A formcode | E formcode | I | L
// digits, formcode = N | T | C, RFC 959's type code with the space omitted ("AN", "E", "ET",
// "L8"; any letter case, as RFC 1738 reads a, i, d; the 1994 URL draft, FTP).
//
// The url-path is read from the raw text after the login up to the fragment, not from
// [locator.URL.Path]: RFC 1738 §5 fsegment allows "?", which [locator.Parse] reads as the
// start of a query (RFC 3986 §3). An unencoded ";" that does not start a valid ";type="
// suffix (";type=" is matched in lower case only) stays in its segment; [Check] reports it.
// So does a ";type=" whose typecode is none of the above: "ftp://h/a;type=" and
// "ftp://h/a;type=x" have the name "a;type=" and "a;type=x" and no typecode, in the view, in
// its JSON form and in the plan ("RETR a;type=x", the client's guess of the type), while
// [Check] reports the typecode (CodeFTPTypecode at its offset). This is a choice, the one
// reading that loses no byte of the URL: RFC 1738 §3.2.2 has "<name>;type=<typecode>" with a
// typecode of "a", "i" or "d", and says that ";" "must be encoded" within a name, so the URL
// has no valid reading at all; like every URL Check calls invalid, it still has a view and a
// plan (locator plan warns and exits 1).
//
// The zero value has no host and so no access plan.
type FTP struct {
	Login
	CWD  []string `json:"cwd"`      // the <cwd> elements, decoded; nil when there are none
	Name string   `json:"name"`     // the <name>, decoded; "" for none (a directory)
	Type string   `json:"typecode"` // "" (absent), or "a", "i", "d", "AN", "L8"… (any case) as written
}

// telnetIAC is the Telnet "Interpret as Command" byte (RFC 854, "IAC 255").
var telnetIAC = pct.Of("\xff")

// iacNote is what an ftp plan notes on a line in which it doubled a byte 0xFF.
const iacNote = "each byte 0xFF is sent doubled, IAC IAC: the control connection is Telnet (RFC 959 §4.1, §5.3; RFC 854)"

// telnetData returns s as data on a Telnet connection, each byte 0xFF (IAC) doubled: "only
// the IAC need be doubled to be sent as data" (RFC 854); and whether s held one.
func telnetData(s string) (string, bool) {
	if strings.IndexByte(s, 0xff) < 0 {
		return s, false
	}
	return strings.ReplaceAll(s, "\xff", "\xff\xff"), true
}

// ftpCommand returns the step that sends the FTP command verb with the argument arg, which
// is sent as Telnet data (telnetData), with note, and with iacNote when a byte was doubled.
func ftpCommand(verb, arg, note string) Step {
	a, doubled := telnetData(arg)
	if doubled {
		if note != "" {
			note += "; "
		}
		note += iacNote
	}
	return Step{Send: verb + " " + a, Note: note}
}

// telnetIACFindings appends a CodeTelnetIAC warning for each part of u (parts, see urlPart)
// that decodes to a byte 0xFF, at the first such byte: the user name and password of a
// telnet or ftp URL, and an ftp URL's path (partRest: each CWD element and the name are
// arguments of commands on the control connection, RFC 1738 §3.2.2). rule cites the
// protocol; what says what a plan does with the byte.
func telnetIACFindings(dst []locator.Finding, u locator.URL, rule, what string, parts ...urlPart) []locator.Finding {
	s := u.String()
	for _, p := range parts {
		lo, hi := partSpan(u, p)
		if i := decodedIndex(s, lo, hi, 0, telnetIAC); i >= 0 {
			dst = append(dst, locator.Finding{Offset: i, Code: CodeTelnetIAC, Rule: rule,
				Severity: locator.SeverityWarning,
				Message:  partName[p] + " holds a byte 0xFF, the Telnet IAC (\"Interpret as Command\", RFC 854); " + what})
		}
	}
	return dst
}

// ftpPathHasIAC reports whether the path of the ftp URL u holds an escape of 0xFF ("%FF" in
// any case), for which checkFTP warns (CodeTelnetIAC). The quick check of ftp URLs (quickFTP
// in dispatch.go) must return false for such a URL, as it does for a byte 0xFF as written
// (which is not xchar), so that Check reaches checkFTP.
func ftpPathHasIAC(u locator.URL) bool {
	s, _ := afterAuthority(u)
	for i := strings.IndexByte(s, '%'); i >= 0 && i+2 < len(s); {
		if (s[i+1] == 'f' || s[i+1] == 'F') && (s[i+2] == 'f' || s[i+2] == 'F') {
			return true
		}
		j := strings.IndexByte(s[i+1:], '%')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// partName names a part of a URL in a message.
var partName = map[urlPart]string{partUser: "the user name", partPassword: "the password", partHost: "the host", partRest: "the path"}

var (
	// ftpSegmentChars is what RFC 1738 §5 fsegment allows unencoded:
	// *[ uchar | "?" | ":" | "@" | "&" | "=" ].
	ftpSegmentChars = pct.RFC1738Uchar.With("?:@&=")
	// ftpSegmentKeep is what FTP.URL writes unencoded: fsegment's characters without "?",
	// which RFC 3986 readers would take for the start of a query. "/" and ";" are encoded:
	// "Within a name or CWD component, the characters "/" and ";" are reserved and must be
	// encoded" (RFC 1738 §3.2.2).
	ftpSegmentKeep = ftpSegmentChars.Without("?")
	// ftpLineBad are the bytes that may not reach an FTP command line: CR and LF end it
	// (RFC 959 §4.1, commands end with <CRLF>), NUL ends a C string (RFC 1738 §6).
	ftpLineBad = pct.Of("\r\n\x00")
)

func init() {
	register(Scheme{
		SchemeInfo: locator.SchemeInfo{Name: "ftp", DefaultPort: 21, Hierarchical: true, Source: "RFC 1738 §3.2"},
		View:       func(u locator.URL) (View, error) { return ParseFTP(u) },
		Check:      checkFTP,
		Plan: func(u locator.URL) (Plan, error) {
			f, err := ParseFTP(u)
			if err != nil {
				return Plan{}, err
			}
			p, err := f.Plan()
			return p, rebase(err, u, ftpLineBad)
		},
	})
}

// isFTPType reports whether c is RFC 1738 §5 ftptype: "A" | "I" | "D" | "a" | "i" | "d".
func isFTPType(c byte) bool {
	switch c {
	case 'A', 'I', 'D', 'a', 'i', 'd':
		return true
	}
	return false
}

// isFTPFormcode reports whether c is the 1994 URL draft's formcode = N | T | C (RFC 959
// §5.3.2 <form-code>), in either case.
func isFTPFormcode(c byte) bool {
	switch c | 0x20 {
	case 'n', 't', 'c':
		return true
	}
	return false
}

// isFTPTypecode reports whether t is a typecode locator reads after ";type=": RFC 1738 §5
// ftptype (one of A, I, D, a, i, d), or the 1994 URL draft's ftptype = A formcode | E formcode
// | I | L digits, "the format defined in RFC959 except that the space is omitted" (the 1994
// URL draft, FTP; RFC 959 §5.3.2 <type-code>). Letters are read in either case, as RFC 1738
// §5 reads a, i, d. "E" alone is accepted: the draft's text defers to RFC 959, where the form
// code is optional (A alone is RFC 1738's), though the draft's BNF writes "E formcode".
func isFTPTypecode(t string) bool {
	if len(t) == 1 {
		return isFTPType(t[0]) || t[0]|0x20 == 'e'
	}
	if len(t) < 2 {
		return false
	}
	switch t[0] | 0x20 {
	case 'a', 'e':
		return len(t) == 2 && isFTPFormcode(t[1])
	case 'l':
		for i := 1; i < len(t); i++ {
			if t[i] < '0' || t[i] > '9' {
				return false
			}
		}
		return true
	}
	return false
}

// ftpDraftOnly reports whether the typecode t (isFTPTypecode) is the 1994 URL draft's and not
// RFC 1738 §5 ftptype's: anything but one of A, I, D, a, i, d.
func ftpDraftOnly(t string) bool { return len(t) != 1 || !isFTPType(t[0]) }

// ftpByteSizeOK reports whether the digits d are RFC 959 §5.3.2 <byte-size> ::= <number>,
// "any decimal integer 1 through 255" (leading zeros allowed).
func ftpByteSizeOK(d string) bool {
	d = strings.TrimLeft(d, "0")
	if d == "" || len(d) > 3 {
		return false
	}
	n := 0
	for i := 0; i < len(d); i++ {
		n = n*10 + int(d[i]-'0')
	}
	return n <= 255
}

// ftpTypeSuffix returns the index of a ";type=" that ends p with a typecode after it
// (isFTPTypecode; RFC 1738 §3.2.2 "<name>;type=<typecode>"), or -1.
func ftpTypeSuffix(p string) int {
	i := strings.LastIndex(p, ";type=")
	if i < 0 || !isFTPTypecode(p[i+len(";type="):]) {
		return -1
	}
	return i
}

// ftpTypeCommand returns the RFC 959 TYPE command of the typecode t (isFTPTypecode, not d)
// with the space the URL omits put back (the 1994 URL draft, FTP; RFC 959 §5.3.1, §5.3.2):
// "TYPE A", "TYPE A N", "TYPE E T", "TYPE I", "TYPE L 8"; letters in upper case.
func ftpTypeCommand(t string) string {
	b := make([]byte, 0, len("TYPE A ")+len(t))
	b = append(b, "TYPE "...)
	b = append(b, t[0]&^0x20)
	if len(t) > 1 {
		b = append(b, ' ')
		if t[0]|0x20 == 'l' {
			b = append(b, t[1:]...) // the byte size, digits as written
		} else {
			b = append(b, t[1]&^0x20)
		}
	}
	return string(b)
}

// ftpFormNames name the 1994 URL draft's formcodes (RFC 959 §3.1.1.5).
var ftpFormNames = map[byte]string{'n': "Non-print", 't': "Telnet format controls", 'c': "Carriage Control (ASA)"}

// ftpTypeNote returns the note of the TYPE step of the typecode t (isFTPTypecode, not d).
func ftpTypeNote(t string) string {
	switch {
	case len(t) == 1 && t[0]|0x20 == 'a':
		return "typecode a: ASCII (RFC 1738 §3.2.2; RFC 959 §3.1.1.1)"
	case len(t) == 1 && t[0]|0x20 == 'i':
		return "typecode i: image (RFC 1738 §3.2.2; RFC 959 §3.1.1.3)"
	}
	const draft = "the 1994 URL draft, FTP: RFC 959's type code with the space omitted; RFC 959 §5.3.2"
	q := strconvQuote(t)
	switch t[0] | 0x20 {
	case 'a':
		return "typecode " + q + ": ASCII, form " + ftpFormNames[t[1]|0x20] + " (" + draft + ", §3.1.1.1, §3.1.1.5)"
	case 'e':
		if len(t) == 1 {
			return "typecode " + q + ": EBCDIC (" + draft + ", §3.1.1.2)"
		}
		return "typecode " + q + ": EBCDIC, form " + ftpFormNames[t[1]|0x20] + " (" + draft + ", §3.1.1.2, §3.1.1.5)"
	}
	return "typecode " + q + ": local byte size (" + draft + ", §3.1.1.4)"
}

// ParseFTP returns the ftp view of u. It fails when u's scheme is not ftp (CodeWrongScheme),
// when u has no "//" login (CodeNoAuthority), when text follows the login without a "/"
// (CodeMissingSlash), and on an illegal escape.
func ParseFTP(u locator.URL) (FTP, error) {
	if b, off := behind(u); off > 0 {
		v, err := ParseFTP(b)
		return v, shiftErr(err, u, off)
	}
	var f FTP
	if err := wrongScheme(u, "ftp"); err != nil {
		return f, err
	}
	if err := needLogin(u); err != nil {
		return f, err
	}
	l, err := parseLogin(u)
	if err != nil {
		return f, err
	}
	f.Login = l
	p, off, err := urlPath(u)
	if err != nil {
		return f, err
	}
	// RFC 1738 §3.2.2: <cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>
	if i := ftpTypeSuffix(p); i >= 0 {
		f.Type = p[i+len(";type="):]
		p = p[:i]
	}
	for {
		i := strings.IndexByte(p, '/')
		if i < 0 {
			break
		}
		d, err := decodeAt(u, p[:i], off)
		if err != nil {
			return FTP{}, err
		}
		f.CWD = append(f.CWD, d)
		p, off = p[i+1:], off+i+1
	}
	if f.Name, err = decodeAt(u, p, off); err != nil {
		return FTP{}, err
	}
	return f, nil
}

// Scheme returns "ftp".
func (FTP) Scheme() string { return "ftp" }

// URL returns the ftp URL of f. Each CWD element and the name are encoded: "/" and ";" always
// (RFC 1738 §3.2.2), "?" too, and every byte RFC 1738 §5 fsegment does not allow. The "/"
// after the login is always written. It fails (CodeBadView) on a typecode that is not one
// (see [FTP]: a, i, d, or the 1994 URL draft's A or E with N, T or C, E, L with digits), a password without a user name, or a host or port that cannot be written.
func (f FTP) URL() (locator.URL, error) {
	if err := checkLoginView("ftp", f.Login, true); err != nil {
		return locator.URL{}, err
	}
	if f.Type != "" && !isFTPTypecode(f.Type) {
		return locator.URL{}, badView("ftp", "typecode "+strconvQuote(f.Type)+" is not one of a, i, d (RFC 1738 §5 ftptype) nor the 1994 URL draft's A or E with N, T or C, or L with digits")
	}
	b := []byte("ftp:")
	b = appendLogin(b, f.Login)
	b = append(b, '/')
	for _, c := range f.CWD {
		b = pct.AppendEncode(b, c, ftpSegmentKeep)
		b = append(b, '/')
	}
	b = pct.AppendEncode(b, f.Name, ftpSegmentKeep)
	if f.Type != "" {
		b = append(b, ";type="...)
		b = append(b, f.Type...)
	}
	return finish(b)
}

// DefaultFTPMail is the anonymous password [FTP.Plan] sends when no e-mail address is given:
// RFC 1738 §3.2.1 asks for "the Internet e-mail address of the end user accessing the
// resource", which a library cannot know; set [FTPPlanOptions.Mail] to it.
const DefaultFTPMail = "anonymous@"

// FTPPlanOptions are the choices of an ftp access plan that the URL does not make (RFC 1738
// §3.2.1, §3.2.3), and the state of the client that runs it (package fetch). The zero value
// sends [DefaultFTPMail] as the anonymous password, guesses the transfer type of a name
// without a typecode from its suffix ([GuessFTPType]), asks the file's size, transfers in
// passive mode, and ends with QUIT: the dialog a one-off retrieval performs.
type FTPPlanOptions struct {
	// Mail is the end user's Internet e-mail address, sent as the password of anonymous FTP
	// (RFC 1738 §3.2.1). "" means DefaultFTPMail. [CheckFTPMail] says which addresses a
	// plan accepts.
	Mail string
	// MailSource names where Mail came from ("--email", "LOCATOR_EMAIL"); when not empty,
	// the note of the PASS step says so. It is ignored when Mail is "".
	MailSource string
	// NoTypeGuess turns the suffix table of [GuessFTPType] off: a name without a typecode
	// is always sent as image, "TYPE I", which transfers the octets unchanged.
	NoTypeGuess bool
	// Active opens the data connection in active mode: "EPRT", then "PORT" if EPRT is
	// refused (RFC 2428 §2; RFC 959 §4.1.2), with [FTPDataAddress] in the plan for the
	// address the client listens on. The default is passive: "EPSV", then "PASV" (RFC 2428
	// §3).
	Active bool
	// NoSize leaves out the "SIZE" command (RFC 3659 §4) that asks a file's size before
	// RETR, for a progress bar.
	NoSize bool
	// Offset, when above 0, resumes the transfer at this byte: "REST <offset>" before RETR
	// (RFC 3659 §5; RFC 959 §4.1.3).
	Offset int64
	// Keep keeps the control connection for another URL of the same host and login (batch
	// mode): after the login the plan asks "PWD" (RFC 959 §4.1.3, reply 257) for the login
	// directory, which a later plan with Reuse returns to, and it ends without "QUIT".
	Keep bool
	// Reuse plans the dialog on a control connection an earlier plan with Keep left open
	// and logged in: no connection and no login; first "CWD <LoginDir>", back to the login
	// directory that the URL's CWD elements are relative to (RFC 1738 §3.2.2), and "TYPE A"
	// before a listing (the connection's type may be image).
	Reuse bool
	// LoginDir is the login directory of a reused connection (Reuse), as the reply to PWD
	// gave it, its quotes and IAC IAC un-doubled (RFC 959 §4.1.3, RFC 854): the plan sends it
	// with each 0xFF doubled again.
	LoginDir string
}

// FTPDataAddress stands, in the "EPRT" and "PORT" steps of an active-mode plan
// ([FTPPlanOptions.Active]), for the address the client listens on for the data connection,
// which only the client knows when it runs the plan: it sends "EPRT |1|a.b.c.d|port|" (|2|
// and an IPv6 address over IPv6; RFC 2428 §2) or "PORT h1,h2,h3,h4,p1,p2" (RFC 959 §4.1.2)
// in its place. [Plan.Wire] holds it as written.
const FTPDataAddress = "<address>"

// ftpTextSuffixes are the suffixes (after the name's last ".", compared in lower case) that
// [GuessFTPType] takes for text: plain text, markup and program source, the files of the
// public archives RFC 1738 §3.2.3 has in mind. Keep it in step with GuessFTPType's doc.
var ftpTextSuffixes = map[string]bool{
	"txt": true, "text": true, "asc": true, "me": true,
	"html": true, "htm": true, "sgml": true, "xml": true, "css": true, "tex": true, "md": true, "csv": true,
	"c": true, "h": true, "cc": true, "cpp": true, "java": true, "py": true, "pl": true, "sh": true,
}

// GuessFTPType guesses the transfer type of the file name (decoded, as [FTP.Name]) when the
// URL gives no typecode: RFC 1738 §3.2.3 says "the client program interpreting the URL must
// guess the appropriate mode to use. In general, the data content type of a file can only be
// guessed from the name, e.g., from the suffix of the name". It returns "a" (ASCII) and the
// suffix as written (with its ".") when the suffix, the text after the name's last "." (not a
// leading one), is one of these, in any letter case:
//
//	.txt .text .asc .me .html .htm .sgml .xml .css .tex .md .csv
//	.c .h .cc .cpp .java .py .pl .sh
//
// and "i" (image) and "" otherwise: image transfers the octets unchanged, so a file of unknown
// content arrives as stored, where ASCII would rewrite its line ends (RFC 959 §3.1.1.1,
// §3.1.1.3). A compressed text ("rfc1738.txt.gz") is image. The 1994 URL draft (FTP) adds
// that this is "not standardized" and recommends conventions for the suffixes of public
// archives; this table is locator's.
func GuessFTPType(name string) (typecode, suffix string) {
	dot := strings.LastIndexByte(name, '.')
	if dot <= 0 || dot == len(name)-1 || len(name)-dot > 6 {
		return "i", ""
	}
	var low [6]byte
	n := copy(low[:], name[dot+1:])
	for i := range n {
		if c := low[i]; 'A' <= c && c <= 'Z' {
			low[i] = c + 'a' - 'A'
		}
	}
	if ftpTextSuffixes[string(low[:n])] {
		return "a", name[dot:]
	}
	return "i", ""
}

// CheckFTPMail reports whether mail can be sent as the anonymous password, the argument of
// "PASS" (RFC 1738 §3.2.1): RFC 959 §5.3.2 defines <password> ::= <string> of <char>, "any of
// the 128 ASCII characters except <CR> and <LF>", and a command line ends at CR LF (RFC 959
// §4.1). It refuses the empty string (CodeEmpty of package locator) and a control byte,
// 00–1F or 7F (CodeLineBreak: CR and LF would end the line and start another command, RFC
// 1738 §6; the other controls have no place in an address), with a *locator.Error that
// gives its offset. A byte 80–FF is let through, as in a URL's password: the plan sends it
// as Telnet data, 0xFF doubled (RFC 854). It does not ask for an "@": RFC 1738 §3.2.1 wants
// the user's address, but servers "vary in their treatment of the anonymous password" (the
// 1994 URL draft, FTP).
func CheckFTPMail(mail string) error {
	if mail == "" {
		return &locator.Error{Input: mail, Code: locator.CodeEmpty, Rule: "RFC 1738 §3.2.1",
			Message: "the anonymous password (an e-mail address) is empty"}
	}
	for i := 0; i < len(mail); i++ {
		if c := mail[i]; c < 0x20 || c == 0x7f {
			return &locator.Error{Input: mail, Offset: i, Code: CodeLineBreak, Rule: "RFC 959 §5.3.2 <password>; RFC 1738 §6",
				Message: "the mail address holds the control byte " + display.Byte(c) + ", which must not reach the PASS command line"}
		}
	}
	return nil
}

// Plan returns the FTP commands f stands for, with [FTPPlanOptions] zero. See
// [FTP.PlanWith].
func (f FTP) Plan() (Plan, error) { return f.PlanWith(FTPPlanOptions{}) }

// PlanWith returns the FTP dialog f stands for (RFC 1738 §3.2.1, §3.2.2; RFC 959), the one
// package fetch runs line for line. Each step that reads a reply lists the reply codes that
// let the dialog go on ([Step.Expect]; any other reply ends the access and is quoted), and
// the branches are steps with [Step.When]:
//
//   - connect to the host, port 21 unless the URL gives one, and read the greeting, 220
//     (RFC 959 §5.4);
//   - with no user name, the anonymous convention: "USER anonymous" and, if the server
//     answers 331, "PASS <mail>" (RFC 1738 §3.2.1; RFC 959 §5.4); with a user name, "USER
//     <user>", then "PASS <password>" on a 331 when the URL has one, else a step that sends
//     nothing: if the server wants a password, the client must ask the user (RFC 1738
//     §3.2.1), and package fetch stops there; an empty user name is sent as "USER " (RFC 1738
//     §3.1: empty differs from absent);
//   - with [FTPPlanOptions.Keep], "PWD" (the login directory, for reuse);
//   - "CWD <cwd>" for each element, in order, an empty one as "CWD " (RFC 1738 §3.2.2), each
//     expecting 250: a 550 ends the access;
//   - typecode d: "NLST <name>", or "NLST" when the name is empty (RFC 1738 §3.2.2), with no TYPE
//     command: a listing is text and ASCII is FTP's default type (RFC 959 §3.1.1.1);
//   - typecode a or i: "TYPE A" or "TYPE I" (RFC 1738 §3.2.2); a typecode of the 1994 URL
//     draft (see [FTP]): the RFC 959 TYPE command with the space the URL omits put back,
//     letters in upper case ("AN" is "TYPE A N", "e" "TYPE E", "L8" "TYPE L 8"; the 1994 URL
//     draft, FTP; RFC 959 §5.3.2);
//   - no typecode and a name: RFC 1738 §3.2.3 says the client "must guess"; locator guesses
//     from the name's suffix ([GuessFTPType]): "TYPE A" for a text suffix such as ".txt",
//     else image, "TYPE I", which transfers the octets unchanged (always image with
//     [FTPPlanOptions.NoTypeGuess]);
//   - before RETR, "SIZE <name>" (RFC 3659 §4), whose failure is allowed (not with
//     [FTPPlanOptions.NoSize]);
//   - the data connection (RFC 959 §3.2): passive, "EPSV" and, if it is refused (5yz), "PASV"
//     (RFC 2428 §3); or active ([FTPPlanOptions.Active]), "EPRT <address>" and, if refused,
//     "PORT <address>" (RFC 2428 §2), [FTPDataAddress] standing for the client's address;
//   - with [FTPPlanOptions.Offset], "REST <offset>" (RFC 3659 §5);
//   - "RETR <name>" (RFC 1738 §3.2.2), whose successful reply (150 or 125) is followed by
//     the file on the data connection ([Step.Data]) and then the transfer's end (226);
//   - an empty name without typecode d names a directory: "MLSD" (RFC 3659 §7), and if the
//     server does not know it (5yz), "LIST" (RFC 959 §4.1.3); a typecode other than d is
//     sent before it;
//   - "QUIT" (RFC 959 §4.1.1), unless [FTPPlanOptions.Keep].
//
// With [FTPPlanOptions.Reuse] the plan starts on a connection that is open and logged in:
// no connect and no login, but "CWD <login directory>" first.
//
// Decoded CR, LF or NUL in the user name, password, host, any CWD element or the name would
// end or split a command line, so PlanWith refuses them (CodeLineBreak; RFC 1738 §6); the
// mail address must pass [CheckFTPMail]. The control connection is a Telnet connection (RFC
// 959 §4.1, §5.3), so a byte 0xFF, the Telnet IAC, in an argument is sent doubled, IAC IAC
// (RFC 854): Step.Send and Plan.Wire hold the doubled bytes, and the step's note says so
// (CodeTelnetIAC is the checker's warning).
func (f FTP) PlanWith(o FTPPlanOptions) (Plan, error) {
	u, err := f.URL()
	if err != nil {
		return Plan{}, err
	}
	in := u.String()
	host, err := planHost(f.Login, ftpLineBad, in)
	if err != nil {
		return Plan{}, err
	}
	if f.User != nil && hasByte(*f.User, ftpLineBad) {
		return Plan{}, decodedControlError(in, partUser, ftpLineBad, "user name")
	}
	if f.Password != nil && hasByte(*f.Password, ftpLineBad) {
		return Plan{}, decodedControlError(in, partPassword, ftpLineBad, "password")
	}
	for _, c := range f.CWD {
		if hasByte(c, ftpLineBad) {
			return Plan{}, decodedControlError(in, partRest, ftpLineBad, "CWD element")
		}
	}
	if hasByte(f.Name, ftpLineBad) {
		return Plan{}, decodedControlError(in, partRest, ftpLineBad, "name")
	}
	if o.Reuse && (o.LoginDir == "" || hasByte(o.LoginDir, ftpLineBad)) {
		return Plan{}, &locator.Error{Input: o.LoginDir, Code: CodeLineBreak, Rule: "RFC 959 §4.1.3 PWD; RFC 1738 §6",
			Message: "the login directory of a reused connection is empty or holds CR, LF or NUL"}
	}
	mail, passNote := o.Mail, "the anonymous password is the end user's e-mail address (RFC 1738 §3.2.1)"
	if mail == "" {
		mail = DefaultFTPMail
	} else if o.MailSource != "" {
		passNote += "; from " + o.MailSource
	}
	if err := CheckFTPMail(mail); err != nil {
		return Plan{}, err
	}
	port, err := planPort(f.Login, 21, in)
	if err != nil {
		return Plan{}, err
	}
	// One step per CWD element and at most twelve others: allocated once (a path of many
	// empty segments makes many steps).
	p := Plan{Scheme: "ftp", Host: host, Port: port, Steps: make([]Step, 0, len(f.CWD)+12)}
	if o.Reuse {
		p.Steps = append(p.Steps,
			Step{Note: "reuse the control connection to " + joinHostPort(shown(host), port) + ", open and logged in (batch mode)"},
			Step{Send: "CWD " + mustTelnet(o.LoginDir), Expect: ftpCWDExpect, Note: "back to the login directory, which the URL's CWD elements start from (RFC 1738 §3.2.2)"})
	} else {
		// RFC 959 §5.4: the server greets with 220 (120 first when it is not ready yet).
		c := connectNote(host, p.Port, " (the FTP control connection, RFC 959; RFC 1738 §3.2: port 21 unless the URL gives one)")
		c.Expect = []string{"220"}
		p.Steps = append(p.Steps, c)
		// RFC 1738 §3.2.1 FTP Name and Password; RFC 959 §5.4: USER answers 230 (logged in)
		// or 331 (a password is needed), PASS 230 or 202.
		// Every argument is sent as Telnet data (ftpCommand): RFC 959 §4.1, RFC 854.
		userExpect, passWhen, passExpect := []string{"230", "331"}, []string{"331"}, []string{"230", "202"}
		switch {
		case f.User == nil:
			user := Step{Send: "USER anonymous", Note: "no user name: anonymous FTP (RFC 1738 §3.2.1)", Expect: userExpect}
			pass := ftpCommand("PASS", mail, passNote)
			pass.When, pass.Expect = passWhen, passExpect
			p.Steps = append(p.Steps, user, pass)
		default:
			user := ftpCommand("USER", *f.User, "")
			user.Expect = userExpect
			p.Steps = append(p.Steps, user)
			if f.Password != nil {
				pass := ftpCommand("PASS", *f.Password, "")
				pass.When, pass.Expect = passWhen, passExpect
				p.Steps = append(p.Steps, pass)
			} else {
				p.Steps = append(p.Steps, Step{When: passWhen,
					Note: "no password in the URL: if the server asks for one (reply 331), ask the user (RFC 1738 §3.2.1)"})
			}
		}
		if o.Keep {
			p.Steps = append(p.Steps, Step{Send: "PWD", Expect: []string{"257", "5"},
				Note: "the login directory, to come back to when the connection is reused (RFC 959 §4.1.3)"})
		}
	}
	// RFC 1738 §3.2.2: each <cwd> element is the argument of a CWD command, in order.
	for _, c := range f.CWD {
		s := ftpCommand("CWD", c, "")
		s.Expect = ftpCWDExpect
		p.Steps = append(p.Steps, s)
	}
	t := f.Type
	if len(t) == 1 {
		t = string(t[0] | 0x20)
	}
	switch {
	case t == "d":
		// RFC 1738 §3.2.2: "If the typecode is "d", perform a NLST (name list) command with
		// <name> as the argument".
		if o.Reuse {
			p.Steps = append(p.Steps, ftpReuseTypeA)
		}
		p.Steps = o.appendData(p.Steps)
		s := Step{Send: "NLST", Note: "typecode d: list the directory (RFC 1738 §3.2.2)"}
		if f.Name != "" {
			s = ftpCommand("NLST", f.Name, s.Note)
		}
		s.Expect, s.Data = ftpDataExpect, true
		p.Steps = append(p.Steps, s)
		return o.appendQuit(p), nil
	case f.Type != "":
		// RFC 1738 §3.2.2 a, i; the 1994 URL draft's A or E with a formcode, L with a byte
		// size: the RFC 959 type code with its space.
		p.Steps = append(p.Steps, Step{Send: ftpTypeCommand(f.Type), Note: ftpTypeNote(f.Type), Expect: ftpTypeExpect})
	case f.Name != "":
		// RFC 1738 §3.2.3: without a typecode "the client program interpreting the URL must
		// guess the appropriate mode to use", from "the suffix of the name".
		if g, suffix := GuessFTPType(f.Name); g == "a" && !o.NoTypeGuess {
			p.Steps = append(p.Steps, Step{Send: "TYPE A", Expect: ftpTypeExpect, Note: "no typecode: the client guesses (RFC 1738 §3.2.3); guessed from the suffix " +
				strconvQuote(suffix) + ": text, ASCII (RFC 959 §3.1.1.1)"})
			break
		}
		note := "no typecode: the client guesses (RFC 1738 §3.2.3); image transfers the octets unchanged"
		if o.NoTypeGuess {
			note = "no typecode: the client guesses (RFC 1738 §3.2.3); the suffix guess is off: image transfers the octets unchanged"
		}
		p.Steps = append(p.Steps, Step{Send: "TYPE I", Note: note, Expect: ftpTypeExpect})
	case o.Reuse:
		p.Steps = append(p.Steps, ftpReuseTypeA)
	}
	if f.Name == "" {
		// No name: the URL names a directory. RFC 3659 §7: MLSD gives machine-readable
		// facts; a server that does not know it answers 500 or 502, and LIST (RFC 959
		// §4.1.3) is its human-readable listing, on the same data connection.
		p.Steps = o.appendData(p.Steps)
		p.Steps = append(p.Steps,
			Step{Send: "MLSD", Expect: []string{"150", "125", "5"}, Data: true,
				Note: "no name: the URL names a directory; list it with its facts (RFC 3659 §7)"},
			Step{Send: "LIST", When: []string{"5"}, Expect: ftpDataExpect, Data: true,
				Note: "the server has no MLSD: the listing for people (RFC 959 §4.1.3), read as ls -l lines"})
		return o.appendQuit(p), nil
	}
	if !o.NoSize {
		s := ftpCommand("SIZE", f.Name, "the size, for the progress; a refusal is allowed (RFC 3659 §4)")
		s.Expect = []string{"213", "4", "5"}
		p.Steps = append(p.Steps, s)
	}
	p.Steps = o.appendData(p.Steps)
	if o.Offset > 0 {
		p.Steps = append(p.Steps, Step{Send: "REST " + strconv.FormatInt(o.Offset, 10), Expect: []string{"350"},
			Note: "resume at this byte (RFC 3659 §5)"})
	}
	s := ftpCommand("RETR", f.Name, "retrieve the file (RFC 959 §4.1.3)")
	s.Expect, s.Data = ftpDataExpect, true
	p.Steps = append(p.Steps, s)
	return o.appendQuit(p), nil
}

var (
	// ftpCWDExpect: RFC 959 §5.4, CWD answers 250; 550 says the directory is not there.
	ftpCWDExpect = []string{"250"}
	// ftpTypeExpect: RFC 959 §5.4, TYPE answers 200.
	ftpTypeExpect = []string{"200"}
	// ftpDataExpect: RFC 959 §5.4, RETR, NLST and LIST answer 125 (the data connection is
	// open) or 150 (it is being opened), and then 226 or 250 at the end.
	ftpDataExpect = []string{"150", "125"}
	// ftpReuseTypeA: a listing on a reused connection, whose type may be image.
	ftpReuseTypeA = Step{Send: "TYPE A", Expect: ftpTypeExpect, Note: "the connection was reused: a listing is text, ASCII (RFC 959 §3.1.1.1)"}
)

// mustTelnet returns s as Telnet data (telnetData).
func mustTelnet(s string) string {
	t, _ := telnetData(s)
	return t
}

// appendData appends the steps that set up the data connection (RFC 959 §3.2): passive,
// EPSV then PASV (RFC 2428 §3); active, EPRT then PORT (RFC 2428 §2).
func (o FTPPlanOptions) appendData(s []Step) []Step {
	if o.Active {
		return append(s,
			Step{Send: "EPRT " + FTPDataAddress, Expect: []string{"200", "5"},
				Note: "active mode: the client listens, the server connects; " + FTPDataAddress + " is |1|address|port| (RFC 2428 §2)"},
			Step{Send: "PORT " + FTPDataAddress, When: []string{"5"}, Expect: []string{"200"},
				Note: "the server has no EPRT: " + FTPDataAddress + " is h1,h2,h3,h4,p1,p2 (RFC 959 §4.1.2)"})
	}
	return append(s,
		Step{Send: "EPSV", Expect: []string{"229", "5"}, Note: "passive mode: the server listens, the client connects (RFC 2428 §3)"},
		Step{Send: "PASV", When: []string{"5"}, Expect: []string{"227"}, Note: "the server has no EPSV (RFC 959 §4.1.2)"})
}

// appendQuit appends "QUIT" (RFC 959 §4.1.1, reply 221) unless the connection is kept.
func (o FTPPlanOptions) appendQuit(p Plan) Plan {
	if o.Keep {
		p.Steps = append(p.Steps, Step{Note: "keep the connection for the next URL of this host and login (batch mode)"})
		return p
	}
	p.Steps = append(p.Steps, Step{Send: "QUIT", Expect: []string{"221"}, Note: "end the session (RFC 959 §4.1.1)"})
	return p
}

// checkFTP is the Check of the registry: checkFTPTo into a Sink of its own.
func checkFTP(u locator.URL) []locator.Finding {
	var sk syntax.Sink
	checkFTPTo(&sk, u)
	return sk.Findings()
}

// checkFTPTo checks u against RFC 1738 §5 ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype
// ]], reading fpath from the raw text (see [FTP]). RFC 1738 alone: a typecode of the 1994 URL
// draft (isFTPTypecode, "AN", "E", "L8") is an error like any other that is not one of A, I, D,
// a, i, d; the draft's checker (draftFTPTypecode) accepts them. The findings go into sk.
func checkFTPTo(sk *syntax.Sink, u locator.URL) {
	if !u.HasAuthority() {
		sk.Add(locator.Finding{Offset: len(u.Scheme()) + 1, Code: CodeNoAuthority, Rule: "RFC 1738 §5 ftpurl",
			Message: "an ftp URL is \"ftp://\" login [ \"/\" fpath ]", Severity: locator.SeverityError})
		return
	}
	syntax.CheckLogin(sk, u)
	sk.AddAll(telnetIACFindings(nil, u, "RFC 959 §4.1, §5.3; RFC 854; RFC 1738 §6", "an ftp plan sends it doubled (IAC IAC) on the Telnet control connection", partUser, partPassword, partRest))
	s, off := afterAuthority(u)
	if s == "" {
		return
	}
	if s[0] != '/' {
		sk.Add(locator.Finding{Offset: off, Code: CodeMissingSlash, Rule: "RFC 1738 §5 ftpurl",
			Message: "expected \"/\" after the login", Severity: locator.SeverityError})
		return
	}
	p := s[1:]
	off++
	if i := strings.LastIndex(p, ";type="); i >= 0 && strings.IndexByte(p[i:], '/') < 0 {
		t, at := p[i+len(";type="):], off+i+len(";type=")
		switch {
		case !isFTPTypecode(t):
			sk.Add(locator.Finding{Offset: at, Code: CodeFTPTypecode, Rule: "RFC 1738 §5 ftptype",
				Message:  "typecode " + display.Quote(t) + " is not one of A, I, D, a, i, d",
				Severity: locator.SeverityError})
		case ftpDraftOnly(t):
			// RFC 1738 alone: the draft's type codes are not ftptype.
			sk.Add(locator.Finding{Offset: at, Code: CodeFTPTypecode, Rule: "RFC 1738 §5 ftptype",
				Message:  "typecode " + display.Quote(t) + " is the 1994 URL draft's (RFC 959's type code without the space); RFC 1738 §5 ftptype is one of A, I, D, a, i, d (check with --spec url-draft-1994)",
				Severity: locator.SeverityError})
		}
		p = p[:i]
	}
	// fpath = fsegment *[ "/" fsegment ]: "/" separates the segments.
	syntax.CheckClass(sk, p, off, ftpPathClass, "RFC 1738 §5 fsegment")
}
