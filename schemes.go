package locator

import (
	"sort"
	"strconv"

	"github.com/locator-url/locator/pct"
)

// SchemeStatus says where a scheme's name comes from (RFC 1738 §3 and §4, the drafts, or a
// program), as a whole ([SchemeInfo].Status) or in one document ([SchemeMention].Status). The
// zero value is SchemeDefined.
type SchemeStatus uint8

// The statuses of a scheme.
const (
	// SchemeDefined: defined by RFC 1738 §3, or by the 1994 URL draft (mid, cid, afs), or a
	// later RFC for a scheme locator knows.
	SchemeDefined SchemeStatus = iota
	// SchemeReservedName: a name a document reserves without defining its syntax: RFC 1738 §4's
	// afs, mid, cid, nfs, tn3270, mailserver and z39.50 ("It is suggested that IANA reserve their
	// scheme names for future definition"), and the drafts' urn ("The scheme name "urn:" is
	// reserved for the work in progress on a scheme for more persistent names": the 1993 URL
	// draft, the 1994 URL draft and the URI draft, Registration of naming schemes).
	SchemeReservedName
	// SchemeExperimental: an "x-" name, "used by mutual agreement" (the 1994 URL draft,
	// "Registration of naming schemes"; RFC 1738 §4).
	SchemeExperimental
	// SchemeRegistered: registered at run time by a program (package scheme's Register).
	SchemeRegistered
	// SchemeForStudy: a name a document leaves for further study, with neither syntax nor
	// access algorithm: x500 and whois++ (the 1993 URL draft, x500 and WHOIS: "This is a subject
	// for study"; the URI draft, Schemes for Further Study).
	SchemeForStudy
	// SchemeListed: a name a document lists among the schemes it covers without a syntax of its
	// own: rlogin and tn3270, listed with telnet ("telnet , rlogin and tn3270 - Reference to
	// interactive sessions", the 1994 URL draft and the URI draft; the heading "Telnet, rlogin,
	// tn3270" in all three drafts), whose BNF gives telnet's alone. Package scheme reads them
	// with telnet's syntax, RFC 1738 §3.8.
	SchemeListed
)

// String returns the status's name: "defined", "reserved-name", "experimental",
// "registered", "for-study" or "listed".
func (s SchemeStatus) String() string {
	switch s {
	case SchemeDefined:
		return "defined"
	case SchemeReservedName:
		return "reserved-name"
	case SchemeExperimental:
		return "experimental"
	case SchemeForStudy:
		return "for-study"
	case SchemeListed:
		return "listed"
	}
	return "registered"
}

// MarshalText implements encoding.TextMarshaler: the status's name. A value out of range has
// none (String's "registered" would read back as SchemeRegistered): it is an [*Error] with code
// [CodeUnknownName], as [Severity.MarshalText] refuses a Severity out of range.
func (s SchemeStatus) MarshalText() ([]byte, error) {
	if s > SchemeListed {
		return nil, &Error{Input: "scheme-status(" + strconv.Itoa(int(s)) + ")", Code: CodeUnknownName,
			Rule: "locator scheme statuses", Message: "no such scheme status"}
	}
	return []byte(s.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler: the names String returns, so that a
// SchemeInfo read back from JSON (locator schemes --json) has its status. Any other text is an
// *Error with code CodeUnknownName.
func (s *SchemeStatus) UnmarshalText(text []byte) error {
	for v := SchemeDefined; v <= SchemeListed; v++ {
		if v.String() == string(text) {
			*s = v
			return nil
		}
	}
	return unknownName(text, "scheme status", "want defined, reserved-name, experimental, registered, for-study or listed")
}

// SchemeInfo is what locator knows of a scheme name without its typed view: the facts that
// comparison and normalization need. The facts come from the scheme's specification, which
// Source names (RFC 1738 §3 for most). The root package keeps the facts of the schemes the
// documents define ([LookupScheme], [Schemes]), which [Normalize], [Canonical] and [Equivalent]
// use; package scheme owns the registry to which a program adds its own schemes
// (scheme.Register), and a SchemeInfo's own [SchemeInfo.Normalize] and [SchemeInfo.Equivalent]
// apply facts the table does not hold.
//
// The zero value has no name and is not a scheme: its methods use the table's facts for every
// URL.
type SchemeInfo struct {
	Name         string       // lower case, without ":"
	DefaultPort  int          // 0 when the scheme has no port
	Hierarchical bool         // uses the common Internet scheme syntax "//" login (RFC 1738 §3.1)
	Reserved     pct.Set      // bytes with a reserved meaning in this scheme: never decoded by Equivalent (RFC 1738 §2.2); empty means the default, RFC 3986 §2.2 reserved (see [Equivalent])
	Status       SchemeStatus // defined, reserved name, experimental or registered
	Source       string       // where the scheme is defined, such as "RFC 1738 §3.2"
	LocalHost    string       // a host name that means what the empty host means ("localhost" for file, RFC 1738 §3.10); "" when none ([NormalizeRemoveLocalhost])
	DefaultPath  string       // what an empty path after the "/" stands for ("1" for gopher, RFC 1738 §3.4.1); "" when none ([NormalizeRemoveDefaultPath])
	Typecode     bool         // the path may end in ";type=<typecode>" (ftp, RFC 1738 §3.2.2; [NormalizeLowerTypecode])
}

// knownScheme returns the facts of the defined scheme name, which must be lower case.
func knownScheme(name string) (SchemeInfo, bool) {
	s, ok := definedSchemes[name]
	return s, ok
}

// reservedDefault is the reserved set of a scheme the documents give none for (an unknown
// scheme, a relative reference, https, a name RFC 1738 §4 reserves, an "x-" name, a
// registered scheme without one): RFC 3986 §2.2's reserved set (gen-delims and sub-delims),
// which holds RFC 1738 §2.2's ";", "/", "?", ":", "@", "=" and "&" too. It is also what an
// empty [SchemeInfo].Reserved stands for.
var reservedDefault = pct.RFC1738Reserved.Union(pct.Reserved)

// The reserved sets of the schemes RFC 1738 §3 and the 1994 URL draft define, each as its
// section says. RFC 1738 §2.2: "The characters ";", "/", "?", ":", "@", "=" and "&" are the
// characters which may be reserved for special meaning within a scheme. No other characters
// may be reserved within a scheme." A set is never empty, as an empty set means the default:
// a scheme whose section reserves nothing holds the one octet its section names as
// structural or as needing encoding, which no comparison decodes anyway (a control character
// or "%").
var (
	// reservedLogin is RFC 1738 §3.1: "Within the user and password field, any ":", "@", or
	// "/" must be encoded" (the schemes with a login: ftp, telnet). Telnet's url-path is
	// "/" alone (§3.8), so this is all telnet reserves.
	reservedLogin = pct.Of(":@/")
	// reservedFTP is RFC 1738 §3.2.2: "Within a name or CWD component, the characters "/"
	// and ";" are reserved and must be encoded", and the login's (§3.1).
	reservedFTP = pct.Of("/;").Union(reservedLogin)
	// reservedHTTP is RFC 1738 §3.3: "Within the <path> and <searchpart> components, "/",
	// ";", "?" are reserved"; and "+", which the URI draft reserves in a query ("Query
	// strings": "the plus sign is reserved as shorthand notation for a space. Therefore, real
	// plus signs must be encoded"). Neither reserves "&" or "=" for http, but RFC 1738 §2.2
	// names both among "the characters which may be reserved for special meaning within a
	// scheme", and an http search is most often form data (application/x-www-form-urlencoded,
	// WHATWG URL Standard §5), where they separate the names and values: locator keeps them
	// encoded, so that no two queries a server reads differently compare equal (a false "not
	// equivalent" is the safe side). "$" is reserved by neither.
	reservedHTTP = pct.Of("/;?+&=")
	// reservedGopher is RFC 1738 §3.4.1: "Within the <gopher-path>, no characters are
	// reserved." The one structural octet is the encoded tab, "%09", that separates
	// <selector>, <search> and <gopher+_string> (§3.4.1, §3.4.2); a tab is a control
	// character, which RFC 1738 §2.2 always encodes.
	reservedGopher = pct.Of("\t")
	// reservedMailto is RFC 1738 §3.5: "Within mailto URLs, there are no reserved
	// characters." The address is an RFC 822 addr-spec, whose "%" "must be encoded" (RFC
	// 1738 §3.5; the 1994 URL draft, "Mailto": "requires conversion to %25"). Its "@" between local-part
	// and domain is a generic delimiter, which no comparison decodes (see [Equivalent]).
	reservedMailto = pct.Of("%")
	// reservedNews is RFC 1738 §3.6: a message-id "may be distinguished from a news group
	// name by the presence of the commercial at "@" character. No additional characters are
	// reserved within the components of a news URL."
	reservedNews = pct.Of("@")
	// reservedNNTP is RFC 1738 §3.7, nntp://<host>:<port>/<newsgroup-name>/<article-number>:
	// the "/" separates the group from the number; the section reserves nothing else.
	reservedNNTP = pct.Of("/")
	// reservedWAIS is RFC 1738 §3.9, <database>?<search> and <database>/<wtype>/<wpath>:
	// "/" and "?" delimit; the wpath is "encoded as necessary using the method described in
	// Section 2.2".
	reservedWAIS = pct.Of("/?")
	// reservedFile is RFC 1738 §3.10: <path> is "<directory>/<directory>/.../<name>".
	reservedFile = pct.Of("/")
	// reservedProspero is RFC 1738 §3.11: "The semicolon ";" is reserved and may not appear
	// without quoting in the <hsoname>", and "The name of the field and its value are
	// separated by a "=" (equal sign)". A "/" "may appear in the <hsoname> without quoting
	// and no significance may be assumed".
	reservedProspero = pct.Of(";=")
	// reservedMid is the 1994 URL draft's midaddress = "mid:" addr-spec and cidaddress =
	// "cid:" content-identifier, and the URI draft's "Message-Id" ("the RFC822 msg-id with
	// the constant <> wrapper removed"): an RFC 822 addr-spec, whose "@" separates local-part
	// and domain (RFC 822 §6.1). Neither draft reserves anything else.
	reservedMid = pct.Of("@")
	// reservedAFS is the 1994 URL draft's afsaddress = "afs://" cellname "/" path: "/"
	// delimits the path ("the reserved slash "/" character ... denotes a level in a
	// hierarchical structure", the 1994 URL draft, "Path").
	reservedAFS = pct.Of("/")
)

// definedSchemes is the table of the schemes the documents define, by name: RFC 1738 §3, the
// names RFC 1738 §4 reserves, the 1994 URL draft's mid, cid and afs, https, and the names the
// drafts reserve (urn), list without a syntax (rlogin) or leave for study (x500, whois++).
// whois++ is hierarchical: "The hostname part is the same as for other IP based schemes" (the
// 1993 URL draft, WHOIS). The drafts' "Network Management Database", also for study, has no
// scheme name, and is not here. It is never
// changed after initialization, so it is read without a lock.
var definedSchemes = func() map[string]SchemeInfo {
	schemes := map[string]SchemeInfo{}
	for _, s := range []SchemeInfo{
		{Name: "ftp", DefaultPort: 21, Hierarchical: true, Source: "RFC 1738 §3.2", Reserved: reservedFTP, Typecode: true},
		{Name: "http", DefaultPort: 80, Hierarchical: true, Source: "RFC 1738 §3.3", Reserved: reservedHTTP},
		{Name: "https", DefaultPort: 443, Hierarchical: true, Source: "RFC 2818 §2.4", Reserved: reservedDefault},
		{Name: "gopher", DefaultPort: 70, Hierarchical: true, Source: "RFC 1738 §3.4", Reserved: reservedGopher, DefaultPath: "1"},
		{Name: "mailto", Source: "RFC 1738 §3.5", Reserved: reservedMailto},
		{Name: "news", Source: "RFC 1738 §3.6", Reserved: reservedNews},
		{Name: "nntp", DefaultPort: 119, Hierarchical: true, Source: "RFC 1738 §3.7", Reserved: reservedNNTP},
		{Name: "telnet", DefaultPort: 23, Hierarchical: true, Source: "RFC 1738 §3.8", Reserved: reservedLogin},
		{Name: "wais", DefaultPort: 210, Hierarchical: true, Source: "RFC 1738 §3.9", Reserved: reservedWAIS},
		{Name: "file", Hierarchical: true, Source: "RFC 1738 §3.10", Reserved: reservedFile, LocalHost: "localhost"},
		{Name: "prospero", DefaultPort: 1525, Hierarchical: true, Source: "RFC 1738 §3.11", Reserved: reservedProspero},
		{Name: "mid", Source: "1994 URL draft, midaddress", Reserved: reservedMid},
		{Name: "cid", Source: "1994 URL draft, cidaddress", Reserved: reservedMid},
		{Name: "afs", Hierarchical: true, Source: "1994 URL draft, afsaddress", Reserved: reservedAFS},
		{Name: "nfs", Status: SchemeReservedName, Source: "RFC 1738 §4", Reserved: reservedDefault},
		{Name: "mailserver", Status: SchemeReservedName, Source: "RFC 1738 §4", Reserved: reservedDefault},
		{Name: "z39.50", Status: SchemeReservedName, Source: "RFC 1738 §4", Reserved: reservedDefault},
		// tn3270 is reserved by RFC 1738 §4 and listed with telnet by the drafts: it has
		// telnet's "//" login, and so its reserved set (RFC 1738 §3.1).
		{Name: "tn3270", Status: SchemeReservedName, Hierarchical: true, Source: "RFC 1738 §4", Reserved: reservedLogin},
		// rlogin is listed with telnet by the drafts, which name no port for it.
		{Name: "rlogin", Status: SchemeListed, Hierarchical: true, Source: "1994 URL draft, Telnet, rlogin, tn3270", Reserved: reservedLogin},
		{Name: "urn", Status: SchemeReservedName, Source: "1994 URL draft, Registration of naming schemes", Reserved: reservedDefault},
		{Name: "x500", Status: SchemeForStudy, Source: "URI draft, Schemes for Further Study", Reserved: reservedDefault},
		{Name: "whois++", Status: SchemeForStudy, Hierarchical: true, Source: "URI draft, Schemes for Further Study", Reserved: reservedDefault},
	} {
		schemes[s.Name] = s
	}
	return schemes
}()

// schemeName reports whether every byte of name is one of RFC 1738 §5 scheme = 1*[ lowalpha |
// digit | "+" | "-" | "." ] (upper case accepted, §2.1).
func schemeName(name string) bool {
	for i := 0; i < len(name); i++ {
		if !pct.RFC1738SchemeChars.Contains(name[i]) {
			return false
		}
	}
	return name != ""
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

// LookupScheme returns the facts of the scheme name (any case) as the documents define it:
// the table that [Normalize], [Canonical] and [Equivalent] use. An unknown name that starts
// with "x-" and is a scheme name (RFC 1738 §5 scheme: letters, digits, "+", "-", ".") gives an
// experimental scheme (RFC 1738 §4: "x-" names are for experiments by mutual agreement); any
// other unknown name gives false. Schemes a program registers live in
// package scheme's registry (scheme.Register, scheme.Lookup), not here.
func LookupScheme(name string) (SchemeInfo, bool) {
	name = lowerASCII(name)
	if s, ok := knownScheme(name); ok {
		return s, true
	}
	if len(name) > 2 && name[:2] == "x-" && schemeName(name) {
		return SchemeInfo{Name: name, Status: SchemeExperimental, Reserved: reservedDefault,
			Source: "RFC 1738 §4 (experimental x- prefix)"}, true
	}
	return SchemeInfo{}, false
}

// Schemes returns the facts of every scheme the documents define, the names RFC 1738 §4
// reserves included, sorted by name: the table of [LookupScheme].
func Schemes() []SchemeInfo {
	out := make([]SchemeInfo, 0, len(definedSchemes))
	for _, s := range definedSchemes {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Normalize is [Normalize] with s's facts for a URL of scheme s: the default port that
// [NormalizeRemoveDefaultPort] removes and whether [NormalizeEmptyPathSlash] applies
// (Hierarchical) come from s when u's scheme is s.Name (ASCII case ignored, RFC 1738 §2.1),
// and from the table of [LookupScheme] for any other URL. It is how a scheme that a program
// defines (package scheme's registry) is normalized by its own facts.
func (s SchemeInfo) Normalize(u URL, opts NormalizeFlags) (URL, error) {
	info, known := s.factsFor(u)
	return normalizeWith(u, opts, info, known)
}

// Equivalent is [Equivalent] with s's facts for a URL of scheme s: the characters s reserves
// (Reserved: their escapes are never decoded, RFC 1738 §2.2), its default port and whether it
// is hierarchical apply to a and b when their scheme is s.Name (ASCII case ignored); a URL of
// another scheme is compared by the facts of [LookupScheme].
func (s SchemeInfo) Equivalent(a, b URL) bool {
	if a == b {
		return true
	}
	ia, ka := s.factsFor(a)
	ib, kb := s.factsFor(b)
	return normalizeLevel(a, canonicalFlags, RFC1738, ia, ka) == normalizeLevel(b, canonicalFlags, RFC1738, ib, kb)
}

// factsFor returns s when u's scheme is s.Name, and the table's facts for u's scheme
// otherwise, with whether any are known.
func (s SchemeInfo) factsFor(u URL) (SchemeInfo, bool) {
	if sc := u.Scheme(); s.Name != "" && len(sc) == len(s.Name) {
		same := true
		for i := 0; i < len(sc) && same; i++ {
			same = lowerByte(sc[i]) == lowerByte(s.Name[i])
		}
		if same {
			return s, true
		}
	}
	return schemeInfo(u)
}
