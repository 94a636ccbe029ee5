package whatwg

import (
	"sync"

	"github.com/locator-url/locator"
)

// URL is a URL record of the URL Standard (§4.1) held as its serialization (the href, §4.5) and
// the offsets of its components, in the manner of locator.URL and of ada's url_aggregator:
//
//	https://user:pass@example.com:8080/a/b?q=1#frag
//	     |       |    |          |    |   |   |
//	     |       |    |          |    |   |   fragStart: "#" (len when absent)
//	     |       |    |          |    |   queryStart: "?" (fragStart when absent)
//	     |       |    |          |    pathStart (after "/." when the serializer adds it)
//	     |       |    |          hostEnd (":" of the port when present)
//	     |       |    hostStart
//	     |       userEnd: end of the username
//	     schemeEnd: index of ":"
//
// Getters return substrings of the href and never allocate. The setters (SetHref, SetProtocol,
// …) follow §6.1 "URL class" and replace the href.
//
// The zero URL is not a URL: its Href is "" and its getters return "". Get URLs from [Parse].
type URL struct {
	href       string
	schemeEnd  uint32
	userEnd    uint32
	hostStart  uint32
	hostEnd    uint32
	pathStart  uint32
	queryStart uint32
	fragStart  uint32
	port       int32 // -1: null
	flags      uint8
}

const (
	fHost    uint8 = 1 << iota // host is non-null
	fQuery                     // query is non-null
	fFrag                      // fragment is non-null
	fOpaque                    // the path is opaque
	fSpecial                   // the scheme is special
)

var parserPool = sync.Pool{New: func() any { return new(parser) }}

// Parse runs the basic URL parser (§4.4) on input with base (nil, or the zero URL, for none) and
// returns the URL, or an [*Error] where the standard returns failure. Only UTF-8 is supported as
// the query encoding. When input is already the serialization of a URL (href == input), Parse
// returns it without copying and without allocating. Invalid UTF-8 in input is read as U+FFFD
// (the standard parses scalar value strings); error offsets are still byte offsets in input as
// given.
func Parse(input string, base *URL) (URL, error) { return parse(input, base, true, nil) }

// parse is [Parse], with the fast path (parseNormalized) taken first only when fast is true
// (the tests hold the two to the same results), and the hrefs the shortcuts build put into p's
// blocks when p is not nil ([Parser.Parse]).
func parse(input string, base *URL, fast bool, p *Parser) (URL, error) {
	if fast {
		// One URL, filled in by each path in turn: the fast path, resumeDirect and
		// parseDirect write into it rather than returning theirs.
		var u dirURL
		u.p = p
		// An href starts with a lower-case scheme: the fast path, and resumeDirect after it, are
		// for inputs that do (the first byte the fast path looks at).
		if input != "" && input[0]-'a' < 26 {
			var r resume
			if parseNormalizedInto(&u.URL, input, &r) {
				return u.URL, nil
			}
			// The input up to r.at is a normalized href's start ("scheme://" for a special URL,
			// which no base changes; "scheme:" when a base of the same special scheme would
			// make the rest a relative reference, which is not taken): the direct path goes on
			// from there, with the offsets so far in u.
			if r.st != noOverride && (r.st != specialAuthorityIgnoreSlashesState || base == nil ||
				base.href == "" || base.scheme() != input[:u.schemeEnd]) {
				if resumeDirectInto(&u, input, &r) {
					return u.URL, nil
				}
				if u.fail != nil {
					return URL{}, dirFailure(input, &u)
				}
			}
			u.URL = URL{} // parseDirectInto starts from the zero URL
		}
		if parseDirectInto(&u, input, base) {
			return u.URL, nil
		}
		if u.fail != nil {
			return URL{}, dirFailure(input, &u)
		}
	}
	return parseFull(input, base)
}

// dirFailure is the failure that the full parser returns for input, whose host fails as
// u.fail says at u.port, its offset in input after its leading C0 controls and
// spaces (§4.4 step 1, which the direct path trims too): the same *Error. No tab or newline
// comes before the host (the direct path gives up on them), so the offset is that and what was
// trimmed.
//
//go:noinline
func dirFailure(input string, u *dirURL) error {
	lead := 0
	for lead < len(input) && input[lead] <= ' ' {
		lead++
	}
	return &Error{Input: input, Offset: lead + int(u.port), Code: u.fail.Code, Rule: u.fail.Rule}
}

// parseFull is parse without the shortcuts: the basic URL parser's state machine, with a pooled
// parser. A function of its own, so that parse's frame, which every call clears, holds only what
// the shortcuts use.
//
//go:noinline
func parseFull(input string, base *URL) (URL, error) {
	if base != nil && base.href == "" {
		base = nil // the zero URL is no URL
	}
	p := parserPool.Get().(*parser)
	u, err := p.parse(input, base, false)
	p.release()
	parserPool.Put(p)
	if err != nil {
		return URL{}, err
	}
	return u, nil
}

// ParseValidate is like [Parse] but also returns the validation errors (§1.1) the parser
// reported, in input order: non-fatal findings about an input that is not a valid URL string.
// On failure the list ends with the validation error that made the parser fail. The host
// parser's are reported as its steps say (§3.5): the IPv4 parser's at the host's offset, one
// IPv4-non-decimal-part for each such part; the opaque-host parser's invalid-URL-unit at most
// once for a code point that is not a URL code point and once for a "%" without two hex
// digits, each at the first such offset.
func ParseValidate(input string, base *URL) (URL, []ValidationError, error) {
	if base != nil && base.href == "" {
		base = nil
	}
	p := parserPool.Get().(*parser)
	u, err := p.parse(input, base, true)
	errs := p.errs
	p.errs = nil
	p.release()
	parserPool.Put(p)
	if err != nil {
		return URL{}, errs, err
	}
	return u, errs, nil
}

// ParseString is [Parse] with the base given as a string, as the URL constructor takes it
// (§6.1 "new URL(url, base)"): the base is parsed first, and its failure is the failure.
func ParseString(input, base string) (URL, error) {
	if base == "" {
		return Parse(input, nil)
	}
	b, err := Parse(base, nil)
	if err != nil {
		return URL{}, err
	}
	return Parse(input, &b)
}

// CanParse reports whether input parses against base (§6.1 "canParse(url, base)").
func CanParse(input string, base *URL) bool {
	_, err := Parse(input, base)
	return err == nil
}

// MustParse is like Parse with no base, but panics on failure. It is for URLs written into
// programs and tests.
func MustParse(input string) URL {
	u, err := Parse(input, nil)
	if err != nil {
		panic(err)
	}
	return u
}

// Href returns the serialization of the URL (§6.1 href getter; §4.5 URL serializer).
func (u URL) Href() string { return u.href }

// String returns the href.
func (u URL) String() string { return u.href }

// MarshalText implements encoding.TextMarshaler: the href.
func (u URL) MarshalText() ([]byte, error) { return []byte(u.href), nil }

// UnmarshalText implements encoding.TextUnmarshaler with [Parse] (no base): an href read back
// is the URL written. Empty text gives the zero URL, which MarshalText writes as "".
func (u *URL) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*u = URL{}
		return nil
	}
	v, err := Parse(string(text), nil)
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// Locator returns the same URL as a locator.URL: locator.Parse of the href. It fails where the
// href is beyond what locator.Parse accepts, such as a "%" not followed by two hex digits, which
// the URL Standard keeps as written.
func (u URL) Locator() (locator.URL, error) { return locator.Parse(u.href) }

func (u URL) scheme() string { return u.href[:u.schemeEnd] }

// Protocol returns the scheme followed by ":" (§6.1 protocol getter).
func (u URL) Protocol() string {
	if u.href == "" {
		return ""
	}
	return u.href[:u.schemeEnd+1]
}

// Username returns the username, percent-encoded (§6.1 username getter).
func (u URL) Username() string {
	if u.flags&fHost == 0 {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.userEnd]
}

// Password returns the password, percent-encoded (§6.1 password getter).
func (u URL) Password() string {
	if u.flags&fHost == 0 || u.userEnd+1 >= u.hostStart {
		return ""
	}
	return u.href[u.userEnd+1 : u.hostStart-1]
}

// Host returns the serialized host and, when there is one, ":" and the port (§6.1 host getter).
// It is "" when the host is null.
func (u URL) Host() string {
	if u.flags&fHost == 0 {
		return ""
	}
	return u.href[u.hostStart:u.pathStart]
}

// Hostname returns the serialized host (§6.1 hostname getter): a domain, a dotted-decimal IPv4
// address, an IPv6 address in brackets, an opaque host, or "".
func (u URL) Hostname() string {
	if u.flags&fHost == 0 {
		return ""
	}
	return u.href[u.hostStart:u.hostEnd]
}

// Port returns the port in decimal, or "" when it is null (§6.1 port getter). A port equal to
// the scheme's default port is null.
func (u URL) Port() string {
	if u.port < 0 || u.href == "" {
		return "" // null, or the zero URL (whose port field is 0)
	}
	return u.href[u.hostEnd+1 : u.pathStart]
}

// Pathname returns the URL path serialization (§6.1 pathname getter; §4.5 URL path serializer).
func (u URL) Pathname() string { return u.href[u.pathStart:u.queryStart] }

func (u URL) query() (string, bool) {
	if u.flags&fQuery == 0 {
		return "", false
	}
	return u.href[u.queryStart+1 : u.fragStart], true
}

func (u URL) fragment() (string, bool) {
	if u.flags&fFrag == 0 {
		return "", false
	}
	return u.href[u.fragStart+1:], true
}

// Search returns "?" and the query, or "" when the query is null or empty (§6.1 search getter).
func (u URL) Search() string {
	if u.flags&fQuery == 0 || u.queryStart+1 == u.fragStart {
		return ""
	}
	return u.href[u.queryStart:u.fragStart]
}

// Hash returns "#" and the fragment, or "" when the fragment is null or empty (§6.1 hash getter).
func (u URL) Hash() string {
	if u.flags&fFrag == 0 || int(u.fragStart)+1 == len(u.href) {
		return ""
	}
	return u.href[u.fragStart:]
}

// HasOpaquePath reports whether the URL has an opaque path (§4.2), as "mailto:x@example.com" does.
func (u URL) HasOpaquePath() bool { return u.flags&fOpaque != 0 }

// IsSpecial reports whether the URL's scheme is a special scheme (§4.2): ftp, file, http, https,
// ws or wss.
func (u URL) IsSpecial() bool { return u.flags&fSpecial != 0 }

// Origin returns the ASCII serialization of the URL's origin (§4.7 Origin; HTML's serialization
// of an origin): scheme "://" host [":" port] for ftp, http, https, ws and wss; for blob, the
// origin of the URL its path parses to when that is http, https or file; otherwise "null" (an
// opaque origin).
func (u URL) Origin() string {
	switch u.scheme() {
	case "ftp", "http", "https", "ws", "wss":
		return u.href[:u.schemeEnd+3] + u.Host()
	case "blob":
		// §4.7 "blob": parse the URL path serialization; use its origin when the scheme is
		// "http", "https" or "file".
		p, err := Parse(u.Pathname(), nil)
		if err == nil {
			switch p.scheme() {
			case "http", "https":
				return p.Origin()
			}
		}
	}
	return "null"
}
