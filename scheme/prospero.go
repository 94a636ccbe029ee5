package scheme

import (
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// Prospero is the typed view of a prospero URL (RFC 1738 §3.11; RFC 4157 §2):
//
//	prospero://<host>:<port>/<hsoname>;<field>=<value>
//
// with the version and attributes of the 1994 URL draft (prosperolink = "prospero://"
// hostport "/" hsoname [ "%00" version [ attributes ]]). The 1993 draft explains the form:
// version and attributes are "separated from the host specific object name and from each
// other by the characters "%00"", an escaped string terminator, and "if the optional list of
// attributes is provided, the version number must be present, but may be the empty string".
// So the view splits the path at every "%00" before decoding: HSOName, then Version, then
// one attribute per part. (RFC 1738 alone would read "%00" as a NUL inside the hsoname, which
// a Prospero server, whose names are C strings, cannot hold.)
//
// All fields are decoded. An hsoname may hold "/" with no significance (§3.11) and often
// starts with one ("prospero://host.dom//pros/name" has the hsoname "/pros/name"). Version is
// nil when there is no "%00". Fields are the ";field=value" pairs, in order.
//
// RFC 1738 §3.11 allows no user name or password; the view keeps one that a URL has, and
// [Check] reports it (CodeUserinfo).
//
// The zero value has no host and so no access plan.
type Prospero struct {
	Login
	HSOName    string          `json:"hsoname"`    // the host-specific object name, decoded
	Version    *string         `json:"version"`    // the 1994 draft's version, decoded; nil when absent
	Attributes []string        `json:"attributes"` // the 1994 draft's attributes, decoded
	Fields     []ProsperoField `json:"fields"`     // the ";field=value" pairs of RFC 1738 §3.11
}

// ProsperoField is one ";<field>=<value>" pair of a prospero URL (RFC 1738 §3.11), decoded,
// such as OBJECT-VERSION. The zero value has an empty name and value.
type ProsperoField struct {
	Name  string `json:"name"`  // the field name, such as "OBJECT-VERSION"
	Value string `json:"value"` // the value after "="
}

var (
	// prosperoSegmentChars is RFC 1738 §5 psegment: *[ uchar | "?" | ":" | "@" | "&" | "=" ].
	prosperoSegmentChars = pct.RFC1738Uchar.With("?:@&=")
	// prosperoFieldChars is RFC 1738 §5 fieldname and fieldvalue:
	// *[ uchar | "?" | ":" | "@" | "&" ].
	prosperoFieldChars = pct.RFC1738Uchar.With("?:@&")
	// prosperoNameKeep is what Prospero.URL writes unencoded in the hsoname: psegment and "/",
	// without "?" (a query to RFC 3986 readers); ";" is reserved (RFC 1738 §3.11).
	prosperoNameKeep = prosperoSegmentChars.Without("?").With("/")
	// prosperoFieldKeep is what Prospero.URL writes unencoded in a field name or value.
	prosperoFieldKeep = prosperoFieldChars.Without("?")
)

func init() {
	register(Scheme{
		SchemeInfo: locator.SchemeInfo{Name: "prospero", DefaultPort: 1525, Hierarchical: true, Source: "RFC 1738 §3.11"},
		View:       func(u locator.URL) (View, error) { return ParseProspero(u) },
		Check:      checkProspero,
		Plan: func(u locator.URL) (Plan, error) {
			v, err := ParseProspero(u)
			if err != nil {
				return Plan{}, err
			}
			p, err := v.Plan()
			return p, rebase(err, u, pct.RFC1738Control)
		},
	})
}

// prosperoSplitNUL splits s at each "%00" escape, returning the offsets where parts start
// (after the first, which starts at 0); an escape is three bytes, so "%2500" holds none.
func prosperoSplitNUL(s string) []int {
	var at []int
	for i := 0; i+2 < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		if s[i+1] == '0' && s[i+2] == '0' {
			at = append(at, i+3)
		}
		i += 2
	}
	return at
}

// ParseProspero returns the prospero view of u. It fails on another scheme
// (CodeWrongScheme), without a "//" login (CodeNoAuthority), with text after the host that
// does not start with "/" (CodeMissingSlash), and on a fieldspec without "="
// (CodeProsperoField).
func ParseProspero(u locator.URL) (Prospero, error) {
	if b, off := behind(u); off > 0 {
		v, err := ParseProspero(b)
		return v, shiftErr(err, u, off)
	}
	var v Prospero
	if err := wrongScheme(u, "prospero"); err != nil {
		return v, err
	}
	if err := needLogin(u); err != nil {
		return v, err
	}
	l, err := parseLogin(u)
	if err != nil {
		return v, err
	}
	v.Login = l
	p, off, err := urlPath(u)
	if err != nil {
		return v, err
	}
	// RFC 1738 §5 prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
	pp := p
	if i := strings.IndexByte(p, ';'); i >= 0 {
		pp = p[:i]
		for k := i; k < len(p); {
			e := strings.IndexByte(p[k+1:], ';')
			if e < 0 {
				e = len(p)
			} else {
				e += k + 1
			}
			spec := p[k+1 : e]
			eq := strings.IndexByte(spec, '=')
			if eq < 0 {
				return Prospero{}, &locator.Error{Input: u.String(), Offset: off + k, Code: CodeProsperoField,
					Rule: "RFC 1738 §5 fieldspec", Message: "a field is \";\" fieldname \"=\" fieldvalue"}
			}
			n, err := decodeAt(u, spec[:eq], off+k+1)
			if err != nil {
				return Prospero{}, err
			}
			val, err := decodeAt(u, spec[eq+1:], off+k+2+eq)
			if err != nil {
				return Prospero{}, err
			}
			v.Fields = append(v.Fields, ProsperoField{Name: n, Value: val})
			k = e
		}
	}
	// The 1994 URL draft: hsoname [ "%00" version [ attributes ]].
	starts := prosperoSplitNUL(pp)
	parts := make([]string, 0, len(starts)+1)
	offs := make([]int, 0, len(starts)+1)
	prev := 0
	for _, s := range starts {
		parts, offs = append(parts, pp[prev:s-3]), append(offs, prev)
		prev = s
	}
	parts, offs = append(parts, pp[prev:]), append(offs, prev)
	for n, part := range parts {
		d, err := decodeAt(u, part, off+offs[n])
		if err != nil {
			return Prospero{}, err
		}
		switch n {
		case 0:
			v.HSOName = d
		case 1:
			v.Version = &d
		default:
			v.Attributes = append(v.Attributes, d)
		}
	}
	return v, nil
}

// Scheme returns "prospero".
func (Prospero) Scheme() string { return "prospero" }

// URL returns the prospero URL of v: the hsoname encoded ("/" kept, ";" and "?" encoded), the
// version and attributes each after "%00", then the fields. It fails (CodeBadView) when a
// name, version or attribute holds NUL (which "%00" would split), when attributes come without
// a version (write an empty version, as the 1993 draft does), and on a login that cannot be
// written.
func (v Prospero) URL() (locator.URL, error) {
	if err := checkLoginView("prospero", v.Login, true); err != nil {
		return locator.URL{}, err
	}
	nul := pct.Of("\x00")
	if hasByte(v.HSOName, nul) || (v.Version != nil && hasByte(*v.Version, nul)) {
		return locator.URL{}, badView("prospero", "the hsoname or version holds NUL, which separates them (1994 URL draft)")
	}
	if v.Version == nil && len(v.Attributes) > 0 {
		return locator.URL{}, badView("prospero", "attributes need a version, which may be empty (1993 URL draft)")
	}
	b := appendLogin([]byte("prospero:"), v.Login)
	b = append(b, '/')
	b = pct.AppendEncode(b, v.HSOName, prosperoNameKeep)
	if v.Version != nil {
		b = append(b, "%00"...)
		b = pct.AppendEncode(b, *v.Version, pct.RFC1738Uchar)
		for _, a := range v.Attributes {
			if hasByte(a, nul) {
				return locator.URL{}, badView("prospero", "an attribute holds NUL, which separates attributes (1994 URL draft)")
			}
			b = append(b, "%00"...)
			b = pct.AppendEncode(b, a, pct.RFC1738Uchar)
		}
	}
	for _, f := range v.Fields {
		b = append(b, ';')
		b = pct.AppendEncode(b, f.Name, prosperoFieldKeep)
		b = append(b, '=')
		b = pct.AppendEncode(b, f.Value, prosperoFieldKeep)
	}
	return finish(b)
}

// Plan returns the Prospero access v stands for: contact the directory server on the host (port
// 1525 unless given: RFC 1738 §3.11, RFC 4157 §2; Prospero runs over UDP, as the 1993 URL
// draft's table says, "[UDP port]") and resolve the hsoname, with its version, attributes and
// fields, to access methods (RFC 1738 §3.11). The Prospero protocol is not one of text lines
// locator writes: every step is a Note.
func (v Prospero) Plan() (Plan, error) {
	u, err := v.URL()
	if err != nil {
		return Plan{}, err
	}
	p, err := planConnect("prospero", v.Login, pct.RFC1738Control, 1525, u.String(),
		" (the Prospero directory service, over UDP; RFC 1738 §3.11, RFC 4157 §2: port 1525 unless the URL gives one)")
	if err != nil {
		return Plan{}, err
	}
	p.Steps = append(p.Steps, Step{Note: "resolve the hsoname " + strconvQuote(v.HSOName) + " to access methods (RFC 1738 §3.11)"})
	if v.Version != nil {
		p.Steps = append(p.Steps, Step{Note: "version " + strconvQuote(*v.Version) + " (1994 URL draft)"})
	}
	for _, a := range v.Attributes {
		p.Steps = append(p.Steps, Step{Note: "attribute " + strconvQuote(a) + " (1994 URL draft)"})
	}
	for _, f := range v.Fields {
		p.Steps = append(p.Steps, Step{Note: "field " + shown(f.Name) + "=" + strconvQuote(f.Value) + " identifies the target (RFC 1738 §3.11)"})
	}
	return p, nil
}

// checkProspero is the Check of the registry: checkProsperoTo into a Sink of its own.
func checkProspero(u locator.URL) []locator.Finding {
	var sk syntax.Sink
	checkProsperoTo(&sk, u)
	return sk.Findings()
}

// checkProsperoTo checks u against RFC 1738 §5 prosperourl = "prospero://" hostport "/" ppath *[
// fieldspec ]. A "%00" is an escape like another here: the version form after it is the 1994
// URL draft's (checkProsperoVersion, run under locator.URLDraft1994). The findings go into sk.
func checkProsperoTo(sk *syntax.Sink, u locator.URL) {
	if !u.HasAuthority() {
		sk.Add(noLoginFinding(u, "RFC 1738 §5 prosperourl", "a prospero URL is \"prospero://\" hostport \"/\" ppath"))
		return
	}
	o := u.Offsets()
	userinfoFinding(sk, u, "RFC 1738 §5 prosperourl")
	syntax.CheckHostPort(sk, u.HostPort(), o.Host.Start)
	s, off := afterAuthority(u)
	if s == "" || s[0] != '/' {
		sk.Add(slashFinding(off, "RFC 1738 §5 prosperourl"))
		return
	}
	p := s[1:]
	off++
	pp := p
	if i := strings.IndexByte(p, ';'); i >= 0 {
		pp = p[:i]
		// One field at a time (strings.Split would hold a string per ";").
		for rest, more := p[i+1:], true; more; {
			var spec string
			spec, rest, more = strings.Cut(rest, ";")
			at := off + i + 1
			i += 1 + len(spec)
			eq := strings.IndexByte(spec, '=')
			if eq < 0 {
				sk.Add(locator.Finding{Offset: at - 1, Code: CodeProsperoField, Rule: "RFC 1738 §5 fieldspec",
					Message: "a field is \";\" fieldname \"=\" fieldvalue", Severity: locator.SeverityError})
				syntax.CheckChars(sk, spec, at, prosperoFieldChars, "RFC 1738 §5 fieldname")
				continue
			}
			syntax.CheckChars(sk, spec[:eq], at, prosperoFieldChars, "RFC 1738 §5 fieldname")
			syntax.CheckChars(sk, spec[eq+1:], at+eq+1, prosperoFieldChars, "RFC 1738 §5 fieldvalue")
		}
	}
	// ppath = psegment *[ "/" psegment ]
	syntax.CheckChars(sk, pp, off, prosperoSegmentChars.With("/"), "RFC 1738 §5 psegment")
}

// checkProsperoVersion checks the "%00" version and attributes of the hsoname pp (at offset
// off) against the 1994 URL draft's prosperolink: hsoname [ %00 version [ attributes ] ],
// version = digits, attribute = alphanums (each attribute after a further "%00"). RFC 1738
// has no such form: there "%00" is an escape like another.
func checkProsperoVersion(sk *syntax.Sink, pp string, off int) {
	starts := prosperoSplitNUL(pp)
	for n, st := range starts {
		end := len(pp)
		if n+1 < len(starts) {
			end = starts[n+1] - 3
		}
		part := pp[st:end]
		if n == 0 {
			// version = digits; the 1993 draft lets it be empty when attributes follow.
			if part == "" && len(starts) == 1 {
				sk.Add(locator.Finding{Offset: off + st, Code: CodeProsperoVersion, Rule: "1994 URL draft prosperolink version",
					Message: "the version after \"%00\" is empty", Severity: locator.SeverityError})
			}
			if k := pct.Digit.IndexNotIn(part); k >= 0 {
				sk.Add(locator.Finding{Offset: off + st + k, Code: CodeProsperoVersion, Rule: "1994 URL draft prosperolink version",
					Message: "the version is digits", Severity: locator.SeverityError})
			}
			continue
		}
		if k := pct.AlphaDigit.IndexNotIn(part); k >= 0 || part == "" {
			sk.Add(locator.Finding{Offset: off + st + max(k, 0), Code: CodeProsperoAttribute, Rule: "1994 URL draft attribute",
				Message: "an attribute is one or more letters and digits (alphanums)", Severity: locator.SeverityError})
		}
	}
}
