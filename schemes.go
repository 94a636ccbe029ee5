package locator

import (
	"sort"
	"sync"
	"sync/atomic"

	"github.com/locator-url/locator/pct"
)

// SchemeStatus says where a scheme's name comes from (RFC 1738 §3 and §4, the 1994 URL
// draft, or a program). The zero value is SchemeDefined.
type SchemeStatus uint8

// The statuses of a scheme.
const (
	// SchemeDefined: defined by RFC 1738 §3, or by the 1994 URL draft (mid, cid, afs), or a
	// later RFC for a scheme locator knows.
	SchemeDefined SchemeStatus = iota
	// SchemeReservedName: a name RFC 1738 §4 reserves without defining its syntax.
	SchemeReservedName
	// SchemeExperimental: an "x-" name, "used by mutual agreement" (the 1994 URL draft,
	// "Registration of naming schemes"; RFC 1738 §4).
	SchemeExperimental
	// SchemeRegistered: registered at run time by a program with RegisterScheme.
	SchemeRegistered
)

// String returns the status's name: "defined", "reserved-name", "experimental" or
// "registered".
func (s SchemeStatus) String() string {
	switch s {
	case SchemeDefined:
		return "defined"
	case SchemeReservedName:
		return "reserved-name"
	case SchemeExperimental:
		return "experimental"
	}
	return "registered"
}

// MarshalText implements encoding.TextMarshaler.
func (s SchemeStatus) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// SchemeInfo is what locator knows of a scheme name without its typed view: the facts that
// comparison and normalization need. The scheme package adds views, checkers and access plans
// and registers its schemes here too. The facts come from the scheme's specification, which
// Source names (RFC 1738 §3 for most).
//
// The zero value has no name and is not a scheme: [RegisterScheme] rejects it.
type SchemeInfo struct {
	Name         string       // lower case, without ":"
	DefaultPort  int          // 0 when the scheme has no port
	Hierarchical bool         // uses the common Internet scheme syntax "//" login (RFC 1738 §3.1)
	Reserved     pct.Set      // bytes with a reserved meaning in this scheme: never decoded by Equivalent (RFC 1738 §2.2)
	Status       SchemeStatus // defined, reserved name, experimental or registered
	Source       string       // where the scheme is defined, such as "RFC 1738 §3.2"
}

// The registry is copy-on-write: readers load the current map without a lock (lookups run
// for every URL in bulk work, on every core); writers copy it under schemesMu.
var (
	schemesMu  sync.Mutex
	schemesTab atomic.Pointer[map[string]SchemeInfo]
)

// knownScheme returns the registered facts for name, which must be lower case.
func knownScheme(name string) (SchemeInfo, bool) {
	s, ok := (*schemesTab.Load())[name]
	return s, ok
}

// reservedDefault is the bytes no scheme may have decoded when comparing: RFC 1738 §2.2's
// reserved set and RFC 3986 §2.2's reserved set (gen-delims and sub-delims).
var reservedDefault = pct.RFC1738Reserved.Union(pct.Reserved)

func init() {
	schemes := map[string]SchemeInfo{}
	defer schemesTab.Store(&schemes)
	for _, s := range []SchemeInfo{
		{Name: "ftp", DefaultPort: 21, Hierarchical: true, Source: "RFC 1738 §3.2"},
		{Name: "http", DefaultPort: 80, Hierarchical: true, Source: "RFC 1738 §3.3"},
		{Name: "https", DefaultPort: 443, Hierarchical: true, Source: "RFC 2818 §2.4"},
		{Name: "gopher", DefaultPort: 70, Hierarchical: true, Source: "RFC 1738 §3.4"},
		{Name: "mailto", Source: "RFC 1738 §3.5"},
		{Name: "news", Source: "RFC 1738 §3.6"},
		{Name: "nntp", DefaultPort: 119, Hierarchical: true, Source: "RFC 1738 §3.7"},
		{Name: "telnet", DefaultPort: 23, Hierarchical: true, Source: "RFC 1738 §3.8"},
		{Name: "wais", DefaultPort: 210, Hierarchical: true, Source: "RFC 1738 §3.9"},
		{Name: "file", Hierarchical: true, Source: "RFC 1738 §3.10"},
		{Name: "prospero", DefaultPort: 1525, Hierarchical: true, Source: "RFC 1738 §3.11"},
		{Name: "mid", Source: "1994 URL draft, midaddress"},
		{Name: "cid", Source: "1994 URL draft, cidaddress"},
		{Name: "afs", Hierarchical: true, Source: "1994 URL draft, afsaddress"},
		{Name: "nfs", Status: SchemeReservedName, Source: "RFC 1738 §4"},
		{Name: "tn3270", Status: SchemeReservedName, Source: "RFC 1738 §4"},
		{Name: "mailserver", Status: SchemeReservedName, Source: "RFC 1738 §4"},
		{Name: "z39.50", Status: SchemeReservedName, Source: "RFC 1738 §4"},
	} {
		s.Reserved = reservedDefault
		schemes[s.Name] = s
	}
}

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

// LookupScheme returns what locator knows of the scheme name (any case). An unknown name that
// starts with "x-" gives an experimental scheme (RFC 1738 §4: "x-" names are for experiments
// by mutual agreement); any other unknown name gives false.
func LookupScheme(name string) (SchemeInfo, bool) {
	name = lowerASCII(name)
	if s, ok := knownScheme(name); ok {
		return s, true
	}
	if len(name) > 2 && name[:2] == "x-" {
		return SchemeInfo{Name: name, Status: SchemeExperimental, Reserved: reservedDefault,
			Source: "RFC 1738 §4 (experimental x- prefix)"}, true
	}
	return SchemeInfo{}, false
}

// RegisterScheme adds a scheme, or replaces one a program registered before, or gives one of
// the names RFC 1738 §4 reserves a definition. Its name must be a valid scheme name (RFC 1738
// §5 scheme, a letter first as RFC 3986 §3.1 asks); it may not replace a scheme locator
// defines. A zero Reserved set means the default: RFC 1738's and RFC 3986's reserved
// characters. The Status is always set to SchemeRegistered.
func RegisterScheme(info SchemeInfo) error {
	name := lowerASCII(info.Name)
	if name == "" || !pct.Alpha.Contains(name[0]) || pct.SchemeChars.IndexNotIn(name) >= 0 {
		return &Error{Input: info.Name, Code: CodeBadScheme, Rule: "RFC 1738 §5 scheme",
			Message: "a scheme name is a letter followed by letters, digits, \"+\", \"-\" or \".\""}
	}
	info.Name = name
	info.Status = SchemeRegistered
	if info.Reserved.IsEmpty() {
		info.Reserved = reservedDefault
	}
	schemesMu.Lock()
	defer schemesMu.Unlock()
	old := *schemesTab.Load()
	if prev, ok := old[name]; ok && prev.Status == SchemeDefined {
		return &Error{Input: info.Name, Code: CodeSchemeTaken, Rule: "RFC 1738 §4",
			Message: "scheme " + name + " is defined by " + prev.Source + " and cannot be replaced"}
	}
	next := make(map[string]SchemeInfo, len(old)+1)
	for k, v := range old {
		next[k] = v
	}
	next[name] = info
	schemesTab.Store(&next)
	return nil
}

// Schemes returns every known scheme, sorted by name.
func Schemes() []SchemeInfo {
	tab := *schemesTab.Load()
	out := make([]SchemeInfo, 0, len(tab))
	for _, s := range tab {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Codes of RegisterScheme.
const (
	CodeBadScheme   Code = "bad-scheme"   // not a valid scheme name
	CodeSchemeTaken Code = "scheme-taken" // the name belongs to a defined scheme
)
