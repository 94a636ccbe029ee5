// Package scheme knows the schemes of RFC 1738 and its companion drafts: for each, a typed
// view (ftp's cwd segments, name and typecode; gopher's type, selector, search and gopher+
// string; …), the strict RFC 1738 §5 check of its scheme-specific syntax, and the access plan
// the URL stands for (the exact FTP commands, the exact bytes sent to a gopher server, …).
//
// # Checking
//
// [Check] runs the strict checker of a specification on a URL parsed with locator.Parse: for
// locator.RFC1738 the scheme-independent rules and then the scheme's own RFC 1738 §5
// production, for locator.RFC3986 the generic syntax. Findings come back as a list, at most
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
// # Access plans
//
// [PlanFor] (or a view's Plan method) gives the [Plan] a URL stands for: where to connect and
// each line to send, as [Step] values, with notes citing the protocol's RFC. [Plan.Wire] gives
// the exact bytes. Nothing is sent: a plan is data.
//
// # The registry
//
// The schemes live in a registry ([Lookup], [All], [Register]); programs may add their own
// with a view, a checker and a plan function. Register also records the scheme's facts in the
// root package (locator.RegisterScheme), so that comparison and normalization know them.
package scheme

import (
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/locator-url/locator"
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
}

// Plan is the access a URL stands for, as data: where to connect and what to send, in order.
// Each scheme's plan follows the protocol its section of RFC 1738 names (FTP, RFC 959; HTTP,
// RFC 1945; gopher, RFC 1436; NNTP, RFC 977; …) and cites it in the steps' notes.
//
// The zero value is the plan of nothing: no scheme, no host, no steps.
type Plan struct {
	Scheme string `json:"scheme"`         // the URL's scheme, in lower case
	Host   string `json:"host,omitempty"` // decoded host name or address; "" for none
	Port   int    `json:"port,omitempty"` // the URL's port, or the scheme's default
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

// Scheme is a registered scheme: the facts the root package keeps, and the functions that
// give its typed view, its strict check and its access plan. A nil function means the scheme
// has no such thing (a reserved name has none of them). The facts follow the scheme's
// specification (SchemeInfo.Source).
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
}

// The registry is a map that is never changed once published: a registration copies it, so
// that a lookup (on every [Check]) reads it without a lock.
var (
	mu       sync.Mutex                         // serializes registrations
	registry atomic.Pointer[map[string]*Scheme] // the current map, by lower-case name
)

// store registers s under its name, which is in lower case.
func store(s *Scheme) {
	mu.Lock()
	defer mu.Unlock()
	m := map[string]*Scheme{}
	if old := registry.Load(); old != nil {
		for k, v := range *old {
			m[k] = v
		}
	}
	m[s.Name] = s
	registry.Store(&m)
}

// Register adds s to the registry, and its facts to the root package's registry (see
// locator.RegisterScheme, which sets the status to SchemeRegistered). A program may register
// a new scheme, replace one it registered, or define one of the names RFC 1738 §4 reserves; it
// may not replace a scheme that locator defines.
func Register(s Scheme) error {
	if err := locator.RegisterScheme(s.SchemeInfo); err != nil {
		return err
	}
	info, _ := locator.LookupScheme(s.Name)
	s.SchemeInfo = info
	store(&s)
	return nil
}

// register adds a scheme of this package, which the root package already knows as
// SchemeDefined; its facts come from there.
func register(s Scheme) {
	info, ok := locator.LookupScheme(s.Name)
	if !ok || info.Status != locator.SchemeDefined {
		panic("scheme: register of a scheme the root package does not define: " + s.Name)
	}
	s.SchemeInfo = info
	store(&s)
}

// Lookup returns the registered scheme name (any case). An unregistered "x-" name gives an
// experimental scheme with no view, check or plan (RFC 1738 §4); so does a name that the
// root package knows but this registry does not (the names RFC 1738 §4 reserves).
func Lookup(name string) (Scheme, bool) {
	if s, _ := lookup(name); s != nil {
		return *s, true
	}
	info, ok := locator.LookupScheme(strings.ToLower(name))
	if !ok {
		return Scheme{}, false
	}
	return Scheme{SchemeInfo: info}, true
}

// lookup returns the registered scheme name (any case, as strings.ToLower folds it), or nil,
// and whether name is not all lower case. A lower-case name costs one map access.
func lookup(name string) (*Scheme, bool) {
	m := registry.Load()
	if m == nil {
		return nil, false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; 'A' <= c && c <= 'Z' || c >= 0x80 {
			return lookupFold(*m, name), true
		}
	}
	return (*m)[name], false
}

// lookupFold is lookup for a name that is not all lower case: ASCII names are folded in a
// buffer on the stack, others by strings.ToLower.
func lookupFold(m map[string]*Scheme, name string) *Scheme {
	var buf [32]byte
	if len(name) > len(buf) {
		return m[strings.ToLower(name)]
	}
	b := buf[:len(name)]
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 0x80 {
			return m[strings.ToLower(name)]
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	return m[string(b)]
}

// All returns every registered scheme, sorted by name, including the names RFC 1738 §4
// reserves.
func All() []Scheme {
	var out []Scheme
	for _, info := range locator.Schemes() {
		s, _ := Lookup(info.Name)
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
