// Package scheme knows the schemes of RFC 1738 and its companion drafts: for each, a typed
// view (ftp's cwd segments, name and typecode; gopher's type, selector, search and gopher+
// string; …), the strict RFC 1738 §5 check of its scheme-specific syntax, and the access plan
// the URL stands for (the exact FTP commands, the exact bytes sent to a gopher server, …).
//
// # Checking
//
// [Check] runs the strict checker of a specification on a URL parsed with locator.Parse: for
// locator.RFC1738 the scheme-independent rules and then the scheme's own RFC 1738 §5
// production (RFC 1738 alone), for locator.URLDraft1994 the March 1994 URL draft's BNF alone
// (its character classes, login, hostname and address productions: mid, cid, afs, its ftp
// type codes, nntp group/digits, wais wpath fields, the prospero "%00" version), for
// locator.RFC3986 the generic syntax. Findings come back as a list, at most
// locator.MaxFindings of them and one that counts the rest; [Valid] says whether any is an
// error. The grammar checkers themselves are in the module's internal/syntax package.
//
//	u := locator.MustParse("ftp://host.dom/pub/a b;type=x")
//	for _, f := range scheme.Check(u, locator.RFC1738) {
//		fmt.Println(f) // the unencoded space, then the typecode "x"
//	}
//
// # Typed views
//
// [ParseView] turns a URL into the [View] of its scheme, or call the scheme's own function
// ([ParseFTP], [ParseGopher], [ParseNews], …) to get the concrete type. Views hold decoded
// fields where the scheme's section says the components are decoded before use, and tell
// absent from empty with pointers ([Login]). A view's URL method builds the URL back,
// encoding what its scheme requires.
//
//	f, err := scheme.ParseFTP(locator.MustParse("ftp://myname@host.dom/%2Fetc/motd"))
//	// f.CWD == []string{"/etc"}, f.Name == "motd"
//
// # Security and the whole report
//
// [Security] returns the hazards of RFC 1738 §6 and RFC 3986 §7 as warnings: a password, a port
// other than the scheme's default (read from the registry), encoded CR, LF, NUL or TAB that
// would reach a protocol line, characters that must be encoded, hosts made to deceive.
// [Inspect] gathers everything known of one input into a [Report]: whether it parses, its
// typed view, and the findings of [Check], of the view and of Security, in offset order, each
// said once, at most 100 (the rest counted). The locator command prints these reports; other
// front ends (extract, the coming gateway) are meant to use the same function, so that all
// judge a URL alike.
//
//	r := scheme.Inspect("ftp://user:secret@host.dom/a b", locator.RFC1738)
//	fmt.Println(r.Valid()) // false: the space
//	for _, f := range r.Findings {
//		fmt.Println(f) // the password (a warning), then the space (an error)
//	}
//
// # Access plans
//
// [PlanFor] (or a view's Plan method) gives the [Plan] a URL stands for: where to connect and
// each line to send, as [Step] values, with notes citing the protocol's RFC. [Plan.Wire] gives
// the exact bytes. Nothing is sent: a plan is data.
//
// # The registry
//
// The schemes live in one registry ([Lookup], [All], [Register]), which starts with the root
// package's table of the schemes the documents define (locator.Schemes); programs may add
// their own with their facts (default port, "//" syntax, reserved characters) and a view, a
// checker and a plan function. As RFC 1738 §4 asks of a new scheme its syntax and its access
// algorithm, Register requires the checker and the plan function, or an Exemption that says why
// one is missing, of every name but an "x-" experiment. A registered [Scheme] normalizes and compares URLs by its own
// facts (the Normalize and Equivalent methods of its embedded locator.SchemeInfo): the root
// package's locator.Normalize and locator.Equivalent know only the table.
package scheme

import (
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/pct"
)

// View is the typed view of a URL of one scheme. Every view is a struct of plain fields with
// JSON tags, built from a URL by the scheme's parse function and back into one by URL, which
// encodes what must be encoded (round trip both ways). Each view follows its scheme's section of
// RFC 1738 or of the 1994 URL draft. A nil View is no view.
type View interface {
	// Scheme returns the scheme name in lower case.
	Scheme() string
	// URL builds the URL the view describes, encoding each field as its scheme requires.
	URL() (locator.URL, error)
}

// Step is one step of an access plan. A step with a Send sends that line; a step with only a
// Note sends nothing (connecting, reading a local file, an advisory user name); a step with
// neither sends an empty line (the end of an HTTP request's headers): so does the zero value.
type Step struct {
	// Send is a protocol line exactly as the client sends it, without its line terminator
	// (CR LF); empty for a step that sends nothing.
	Send string `json:"send,omitempty"`
	// Note says what the step does, or describes an action that sends nothing (connecting,
	// opening a local file, an advisory user name).
	Note string `json:"note,omitempty"`
	// When makes the step a branch of the dialog: it is sent only when the reply to the last
	// line sent begins with one of these reply-code prefixes ("331": PASS after USER only when
	// the server asks for a password, RFC 959 §5.4; "5": PASV after EPSV only when EPSV was
	// refused, RFC 2428 §3). Empty: the step is always sent. A step skipped by its When is not
	// "the last line sent" for the next step.
	When []string `json:"when,omitempty"`
	// Expect, for the protocols whose server answers each line with a numbered reply (FTP,
	// RFC 959 §4.2; NNTP, RFC 3977 §3.2; SMTP, RFC 5321 §4.2), lists the reply-code prefixes
	// that let the dialog go on after this step ("2" for any 2yz reply, "331" for that one).
	// A reply matching none ends the access with that reply as the error. Empty: the client
	// reads no reply of this step's own (a gopher selector line, an HTTP header line).
	Expect []string `json:"expect,omitempty"`
	// Data says that a successful reply to this step is followed by the object itself: a
	// transfer on the data connection (FTP RETR, NLST, LIST, MLSD; RFC 959 §3.2), a
	// multi-line block ended by a line "." (NNTP ARTICLE, OVER, LIST; RFC 3977 §3.1.1), or the
	// rest of the connection (a gopher reply, RFC 1436 §2).
	Data bool `json:"data,omitempty"`
}

// Plan is the access a URL stands for, as data: where to connect and what to send, in order.
// Each scheme's plan follows the protocol its section of RFC 1738 names (FTP, RFC 959; HTTP,
// RFC 1945; gopher, RFC 1436; NNTP, RFC 977; …) and cites it in the steps' notes.
//
// The zero value is the plan of nothing: no scheme, no host, no steps.
type Plan struct {
	Scheme string `json:"scheme"`         // the URL's scheme, in lower case
	Host   string `json:"host,omitempty"` // decoded host name or address; "" for none
	Port   int    `json:"port,omitempty"` // the URL's port (1 to 65535: a plan refuses 0), or the scheme's default; 0 when neither
	Path   string `json:"path,omitempty"` // for file: the local path, decoded
	Steps  []Step `json:"steps"`          // in order; see Wire for the bytes sent
}

// Wire returns the bytes the client sends: each step's Send followed by CR LF.
func (p Plan) Wire() []byte {
	var b []byte
	for _, s := range p.Steps {
		if s.Send == "" && s.Note != "" {
			continue
		}
		b = append(b, s.Send...)
		b = append(b, '\r', '\n')
	}
	return b
}

// Scheme is a registered scheme: its facts (the embedded locator.SchemeInfo, which gives it
// the Normalize and Equivalent methods that apply them), and the functions that give its typed
// view, its strict check and its access plan. A nil function means the scheme has no such
// thing (a name without a syntax, such as nfs, urn or x500, has none of them). The facts follow the scheme's specification
// (SchemeInfo.Source).
//
// The zero value has no name and is not a scheme: [Register] rejects it.
type Scheme struct {
	locator.SchemeInfo
	// View parses a URL of this scheme into its typed view.
	View func(u locator.URL) (View, error)
	// Check returns the findings of RFC 1738 §5 (and the drafts) for the scheme-specific part
	// of u, whose scheme is this one. The generic checks (scheme name, unsafe characters,
	// escapes) are not its job: Check runs them.
	Check func(u locator.URL) []locator.Finding
	// Plan returns the access plan of u.
	Plan func(u locator.URL) (Plan, error)
	// Exemption says why the scheme has no Check or no Plan, when it lacks one: RFC 1738 §4
	// asks that "Any submission of a new URL scheme must include a definition of an algorithm
	// for accessing of resources within that scheme and the syntax for representing such a
	// scheme", and [Register] refuses a scheme other than an "x-" experiment that has neither
	// both nor a reason (such as "names, not locators: no access algorithm", or "syntax of RFC
	// NNNN, checked by the generic rules"). It is documentation: nothing reads it but people.
	Exemption string
}

// The registry is the one table of schemes: a map by lower-case name that is never changed
// once published. It starts as the root package's table of the schemes the documents define
// (locator.Schemes: their facts, without functions), before any init function of this package
// runs; each scheme of this package adds its functions in an init function, and a program
// adds its own schemes with Register. A registration copies the map under mu and publishes the
// copy, so that a lookup (on every [Check]) reads it without a lock, and every reader sees
// each Scheme whole: its facts and functions come from one registration.
var (
	mu       sync.Mutex // serializes registrations
	registry = seed()   // the current map
)

// seed returns the registry's first map: the root package's table of defined schemes.
func seed() *atomic.Pointer[map[string]*Scheme] {
	m := map[string]*Scheme{}
	for _, info := range locator.Schemes() {
		m[info.Name] = &Scheme{SchemeInfo: info}
	}
	var p atomic.Pointer[map[string]*Scheme]
	p.Store(&m)
	return &p
}

// store registers s under its name, which is in lower case, unless that name belongs to a
// scheme that locator defines and s is not its definition by this package (define).
func store(s *Scheme, define bool) error {
	mu.Lock()
	defer mu.Unlock()
	old := *registry.Load()
	if prev, ok := old[s.Name]; ok && prev.Status == locator.SchemeDefined && !define {
		return takenError(prev)
	}
	m := make(map[string]*Scheme, len(old)+1)
	for k, v := range old {
		m[k] = v
	}
	m[s.Name] = s
	registry.Store(&m)
	return nil
}

// takenError is the error of a registration of the name of prev, a scheme locator defines.
func takenError(prev *Scheme) error {
	return &locator.Error{Input: prev.Name, Code: CodeSchemeTaken, Rule: "RFC 1738 §4",
		Message: "scheme " + prev.Name + " is defined by " + prev.Source + " and cannot be replaced"}
}

// reservedDefault is the default of SchemeInfo.Reserved: RFC 1738 §2.2's reserved set and
// RFC 3986 §2.2's (gen-delims and sub-delims). It is the set the root package gives a name
// whose documents reserve no characters of their own (locator.LookupScheme of an "x-" name, an
// unknown scheme, https, and the names without a syntax: nfs, mailserver, z39.50, urn, x500,
// whois++); TestReservedDefault keeps the two equal.
var reservedDefault = pct.RFC1738Reserved.Union(pct.Reserved)

// Register adds s to the registry: a program may register a new scheme, replace one it
// registered, or define one of the names the documents name without defining (RFC 1738 §4's
// reserved names, tn3270 included; the drafts' rlogin, urn, x500 and whois++); it may not
// replace a scheme that locator defines (an [*locator.Error] with code [CodeSchemeTaken]). The
// name must be a valid scheme name (RFC 1738 §5 scheme, a letter first as RFC 3986 §3.1 asks;
// code [CodeBadScheme], with the offset of the first byte that is not allowed) other than "x-"
// alone, a prefix RFC 1738 §4 reserves for experiments that names none (code [CodeBadScheme]);
// it is stored in lower case (RFC 1738 §2.1), however long it is. A DefaultPort must be 0 (no
// port) or a TCP port, 1 to 65535 (code locator.CodeBadPort).
//
// RFC 1738 §4: "Any submission of a new URL scheme must include a definition of an algorithm
// for accessing of resources within that scheme and the syntax for representing such a
// scheme." Register asks the same of a registration: a scheme must come with its syntax (Check)
// and its access algorithm (Plan), or with an Exemption that says why it lacks one (code
// [CodeIncompleteScheme] otherwise). An "x-" name is exempt: experimental schemes "may be used
// by mutual agreement between parties" (RFC 1738 §4) and are not submitted.
//
// The status is always set to locator.SchemeRegistered; a zero Reserved set means the
// default, RFC 1738's and RFC 3986's reserved characters. Register is safe for concurrent use:
// of registrations of one name, the last one wins whole.
func Register(s Scheme) error {
	name := lowerASCII(s.Name)
	if i := pct.SchemeChars.IndexNotIn(name); name == "" || !pct.Alpha.Contains(name[0]) || i >= 0 {
		if i < 0 {
			i = 0 // empty, or a digit, "+", "-" or "." first
		}
		return &locator.Error{Input: s.Name, Offset: i, Code: CodeBadScheme, Rule: "RFC 1738 §5 scheme",
			Message: "a scheme name is a letter followed by letters, digits, \"+\", \"-\" or \".\""}
	}
	// RFC 1738 §4: "Scheme names starting with the characters "x-" are reserved for
	// experimental purposes": "x-" alone names no experiment (locator.LookupScheme does not
	// take it for one either), and, reserved, it is not a name for a submitted scheme.
	if name == "x-" {
		return &locator.Error{Input: s.Name, Offset: 2, Code: CodeBadScheme, Rule: "RFC 1738 §4",
			Message: "an experimental scheme name is \"x-\" followed by the experiment's name"}
	}
	// RFC 1738 §3.1 and RFC 3986 §3.2.3: a port is a decimal number, one of TCP's (RFC 793
	// §3.1, 16 bits); 0 says the scheme has none. Port 0 cannot be a default, and a default
	// past 65535 would be compared with ports no URL can reach.
	if s.DefaultPort < 0 || s.DefaultPort > 65535 {
		return &locator.Error{Input: s.Name, Code: locator.CodeBadPort, Rule: "RFC 1738 §3.1 port",
			Message: "the default port " + strconv.Itoa(s.DefaultPort) + " is not a TCP port (1 to 65535; 0 for a scheme with no port)"}
	}
	// A defined scheme is refused whatever comes with it (store checks again under the lock;
	// a defined scheme is never replaced, so this early look cannot be stale).
	if prev := (*registry.Load())[name]; prev != nil && prev.Status == locator.SchemeDefined {
		return takenError(prev)
	}
	if (s.Check == nil || s.Plan == nil) && s.Exemption == "" && !strings.HasPrefix(name, "x-") {
		missing := "a syntax (Check) and an access algorithm (Plan)"
		switch {
		case s.Check != nil:
			missing = "an access algorithm (Plan)"
		case s.Plan != nil:
			missing = "a syntax (Check)"
		}
		return &locator.Error{Input: s.Name, Code: CodeIncompleteScheme, Rule: "RFC 1738 §4",
			Message: "scheme " + strconvQuote(name) + " is registered without " + missing +
				", which RFC 1738 §4 asks of a new scheme; give it, or say why in Exemption"}
	}
	s.Name = name
	s.Status = locator.SchemeRegistered
	if s.Reserved.IsEmpty() {
		s.Reserved = reservedDefault
	}
	return store(&s, false)
}

// register adds the functions of a scheme of this package to the facts of the root package's
// table, where the scheme is defined, or named without a syntax of its own (tn3270, rlogin:
// read with telnet's); it keeps the table's status.
func register(s Scheme) {
	info, ok := locator.LookupScheme(s.Name)
	if !ok || info.Status == locator.SchemeExperimental || info.Status == locator.SchemeRegistered {
		panic("scheme: register of a scheme the root package does not name: " + s.Name)
	}
	s.SchemeInfo = info
	if err := store(&s, true); err != nil {
		panic(err)
	}
}

// Lookup returns the registered scheme name (any case, RFC 1738 §2.1). An unregistered "x-"
// name gives an experimental scheme with no view, check or plan (RFC 1738 §4); the names RFC
// 1738 §4 reserves have none either, unless a program registered them.
func Lookup(name string) (Scheme, bool) {
	if s, _ := lookup(name); s != nil {
		return *s, true
	}
	info, ok := locator.LookupScheme(name)
	if !ok {
		return Scheme{}, false
	}
	return Scheme{SchemeInfo: info}, true
}

// lookup returns the registered scheme name (any case; ASCII letters are folded, RFC 1738
// §2.1, and a name with other bytes is never registered), or nil, and whether name is not
// all lower case. A lower-case name costs one map access.
func lookup(name string) (*Scheme, bool) {
	m := *registry.Load()
	for i := 0; i < len(name); i++ {
		if c := name[i]; 'A' <= c && c <= 'Z' || c >= 0x80 {
			return lookupFold(m, name), true
		}
	}
	return m[name], false
}

// lookupFold is lookup for a name that is not all lower case, folded in a buffer on the
// stack.
func lookupFold(m map[string]*Scheme, name string) *Scheme {
	var buf [32]byte
	if len(name) > len(buf) {
		return m[lowerASCII(name)]
	}
	b := buf[:len(name)]
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 0x80 {
			return nil // not a scheme name (RFC 1738 §5 scheme; checked by Register)
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	return m[string(b)]
}

// lowerASCII returns s with its ASCII letters in lower case (RFC 1738 §2.1: scheme names
// ignore case); other bytes are kept, so that no non-ASCII name folds into a scheme name.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// All returns every registered scheme, sorted by name: the schemes locator defines, the names
// RFC 1738 §4 reserves and the schemes a program registered.
func All() []Scheme {
	m := *registry.Load()
	out := make([]Scheme, 0, len(m))
	for _, s := range m {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
