package scheme

import (
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// WAIS is the typed view of a wais URL (RFC 1738 §3.9; RFC 4156 §2), one of three forms:
//
//	wais://<host>:<port>/<database>                 a database, available for searching
//	wais://<host>:<port>/<database>?<search>        a search
//	wais://<host>:<port>/<database>/<wtype>/<wpath> a document
//
// All fields are decoded. Search is nil unless the URL is a search; WType and WPath are both
// nil unless it is a document. WPath, the WAIS document-id, "should be treated opaquely"
// (RFC 1738 §3.9): ParseWAIS takes everything after the second "/" as WPath, "/" included, and
// [WAIS.URL] encodes a "/" in it as "%2F", as RFC 1738 §5 wpath = *uchar requires.
//
// RFC 1738 §5 waisurl has hostport, no user name or password; the view keeps one that a URL
// has, and [Check] reports it (CodeUserinfo).
//
// The zero value has no host and so no access plan.
type WAIS struct {
	Login
	Database string  `json:"database"` // decoded
	Search   *string `json:"search"`   // decoded; nil unless the URL is a search (waisindex)
	WType    *string `json:"wtype"`    // decoded; nil unless the URL is a document (waisdoc)
	WPath    *string `json:"wpath"`    // decoded document-id; nil unless the URL is a document
}

var (
	// waisUchar is RFC 1738 §5 database, wtype and wpath: *uchar.
	waisUchar = pct.RFC1738Uchar
	// waisSearchChars is RFC 1738 §5 search: *[ uchar | ";" | ":" | "@" | "&" | "=" ].
	waisSearchChars = pct.RFC1738Uchar.With(";:@&=")
)

func init() {
	register(Scheme{
		SchemeInfo: locator.SchemeInfo{Name: "wais", DefaultPort: 210, Hierarchical: true, Source: "RFC 1738 §3.9"},
		View:       func(u locator.URL) (View, error) { return ParseWAIS(u) },
		Check:      checkWAIS,
		Plan: func(u locator.URL) (Plan, error) {
			w, err := ParseWAIS(u)
			if err != nil {
				return Plan{}, err
			}
			p, err := w.Plan()
			return p, rebase(err, u, pct.RFC1738Control)
		},
	})
}

// waisSplit splits RFC 1738 §3.9 url-path p into database, search and document parts; i and
// j are the offsets in p of the wtype and wpath (-1 when absent), q of the search (-1).
func waisSplit(p string) (i, j, q int) {
	i, j, q = -1, -1, -1
	if k := strings.IndexByte(p, '?'); k >= 0 {
		q = k + 1
		p = p[:k]
	}
	if k := strings.IndexByte(p, '/'); k >= 0 {
		i = k + 1
		if m := strings.IndexByte(p[i:], '/'); m >= 0 {
			j = i + m + 1
		}
	}
	return i, j, q
}

// ParseWAIS returns the wais view of u. It fails on another scheme (CodeWrongScheme), without
// a "//" login (CodeNoAuthority), with text after the host that does not start with "/"
// (CodeMissingSlash), and on a url-path of no form of RFC 1738 §3.9 (CodeWAISForm).
func ParseWAIS(u locator.URL) (WAIS, error) {
	if b, off := behind(u); off > 0 {
		v, err := ParseWAIS(b)
		return v, shiftErr(err, u, off)
	}
	var w WAIS
	if err := wrongScheme(u, "wais"); err != nil {
		return w, err
	}
	if err := needLogin(u); err != nil {
		return w, err
	}
	l, err := parseLogin(u)
	if err != nil {
		return w, err
	}
	w.Login = l
	p, off, err := urlPath(u)
	if err != nil {
		return w, err
	}
	i, j, q := waisSplit(p)
	formErr := func(at int, msg string) error {
		return &locator.Error{Input: u.String(), Offset: off + at, Code: CodeWAISForm, Rule: "RFC 1738 §5 waisurl", Message: msg}
	}
	switch {
	case i >= 0 && j < 0:
		return WAIS{}, formErr(i-1, "a wais document is <database>/<wtype>/<wpath>: the wpath is missing")
	case i >= 0 && q >= 0:
		return WAIS{}, formErr(q-1, "a wais URL is a database, a search or a document, not a search of a document")
	}
	end := len(p)
	if q >= 0 {
		end = q - 1
		s, err := decodeAt(u, p[q:], off+q)
		if err != nil {
			return WAIS{}, err
		}
		w.Search = &s
	}
	if i >= 0 {
		t, err := decodeAt(u, p[i:j-1], off+i)
		if err != nil {
			return WAIS{}, err
		}
		d, err := decodeAt(u, p[j:end], off+j)
		if err != nil {
			return WAIS{}, err
		}
		w.WType, w.WPath = &t, &d
		end = i - 1
	}
	if w.Database, err = decodeAt(u, p[:end], off); err != nil {
		return WAIS{}, err
	}
	return w, nil
}

// Scheme returns "wais".
func (WAIS) Scheme() string { return "wais" }

// URL returns the wais URL of w, each field encoded as RFC 1738 §5 requires (database, wtype
// and wpath *uchar; search as §5 search). It fails (CodeBadView) when w is of no form of
// §3.9 (a WType without a WPath or the reverse, a Search with a document), and on a login
// that cannot be written.
func (w WAIS) URL() (locator.URL, error) {
	if err := checkLoginView("wais", w.Login, true); err != nil {
		return locator.URL{}, err
	}
	if (w.WType == nil) != (w.WPath == nil) {
		return locator.URL{}, badView("wais", "a wais document needs both wtype and wpath (RFC 1738 §3.9)")
	}
	if w.Search != nil && w.WType != nil {
		return locator.URL{}, badView("wais", "a wais URL is a search or a document, not both (RFC 1738 §3.9)")
	}
	b := appendLogin([]byte("wais:"), w.Login)
	b = append(b, '/')
	b = pct.AppendEncode(b, w.Database, waisUchar)
	if w.WType != nil {
		b = append(b, '/')
		b = pct.AppendEncode(b, *w.WType, waisUchar)
		b = append(b, '/')
		b = pct.AppendEncode(b, *w.WPath, waisUchar)
	}
	if w.Search != nil {
		b = append(b, '?')
		b = pct.AppendEncode(b, *w.Search, waisSearchChars)
	}
	return finish(b)
}

// Plan returns the WAIS access w stands for: connect to the host (port 210 unless given,
// RFC 1738 §3.9), then notes for the database and the search or document retrieval. WAIS is
// Z39.50-1988 (RFC 1625), a protocol of binary request records, not of lines: the plan sends
// nothing itself and each step is a Note.
func (w WAIS) Plan() (Plan, error) {
	u, err := w.URL()
	if err != nil {
		return Plan{}, err
	}
	p, err := planConnect("wais", w.Login, pct.RFC1738Control, 210, u.String(),
		" (WAIS, Z39.50-1988, RFC 1625; RFC 1738 §3.9: port 210 unless the URL gives one)")
	if err != nil {
		return Plan{}, err
	}
	p.Steps = append(p.Steps, Step{Note: "database " + strconvQuote(w.Database)})
	switch {
	case w.Search != nil:
		p.Steps = append(p.Steps, Step{Note: "search query " + strconvQuote(*w.Search) + " (a WAIS search request, RFC 1625)"})
	case w.WType != nil:
		p.Steps = append(p.Steps, Step{Note: "retrieve document type " + strconvQuote(*w.WType) + " id " + strconvQuote(*w.WPath) +
			" (the type comes with the id from a search response, RFC 1738 §3.9)"})
	default:
		p.Steps = append(p.Steps, Step{Note: "the database is available for searching (RFC 1738 §3.9)"})
	}
	return p, nil
}

// checkWAIS is the Check of the registry: checkWAISTo into a Sink of its own.
func checkWAIS(u locator.URL) []locator.Finding {
	var sk syntax.Sink
	checkWAISTo(&sk, u)
	return sk.Findings()
}

// checkWAISTo checks u against RFC 1738 §5 waisurl = waisdatabase | waisindex | waisdoc. The
// findings go into sk.
func checkWAISTo(sk *syntax.Sink, u locator.URL) {
	if !u.HasAuthority() {
		sk.Add(noLoginFinding(u, "RFC 1738 §5 waisurl", "a wais URL is \"wais://\" hostport \"/\" database ..."))
		return
	}
	o := u.Offsets()
	userinfoFinding(sk, u, "RFC 1738 §5 waisurl")
	syntax.CheckHostPort(sk, u.HostPort(), o.Host.Start)
	s, off := afterAuthority(u)
	if s == "" || s[0] != '/' {
		sk.Add(slashFinding(off, "RFC 1738 §5 waisurl"))
		return
	}
	p := s[1:]
	off++
	i, j, q := waisSplit(p)
	end := len(p)
	if q >= 0 {
		end = q - 1
		syntax.CheckChars(sk, p[q:], off+q, waisSearchChars, "RFC 1738 §5 search")
	}
	switch {
	case i >= 0 && j < 0:
		sk.Add(locator.Finding{Offset: off + i - 1, Code: CodeWAISForm, Rule: "RFC 1738 §5 waisdoc",
			Message: "a wais document is <database>/<wtype>/<wpath>", Severity: locator.SeverityError})
		syntax.CheckChars(sk, p[i:end], off+i, waisUchar, "RFC 1738 §5 wtype")
		end = i - 1
	case i >= 0:
		if q >= 0 {
			sk.Add(locator.Finding{Offset: off + q - 1, Code: CodeWAISForm, Rule: "RFC 1738 §5 waisurl",
				Message: "a search (waisindex) of a document (waisdoc)", Severity: locator.SeverityError})
		}
		syntax.CheckChars(sk, p[i:j-1], off+i, waisUchar, "RFC 1738 §5 wtype")
		syntax.CheckChars(sk, p[j:end], off+j, waisUchar, "RFC 1738 §5 wpath")
		end = i - 1
	}
	syntax.CheckChars(sk, p[:end], off, waisUchar, "RFC 1738 §5 database")
}
