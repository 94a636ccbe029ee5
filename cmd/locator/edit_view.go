package main

import (
	"slices"
	"strconv"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/pct"
	"github.com/locator-url/locator/scheme"
)

// The fields of RFC 1738's scheme views (package scheme) that --set changes under rfc1738:
// each is written into the scheme-specific part with the characters its production allows,
// and read back through the view (scheme.ParseFTP, …) before the URL is written, so the URL
// stays what RFC 1738 §5 says of its scheme and only that field changes.

// editViewField is one settable field of a scheme view.
type editViewField struct {
	name string
	rule string // where the field is defined
}

// editViewFields are the settable fields by scheme.
var editViewFields = map[string][]editViewField{
	"ftp": {
		{"typecode", "RFC 1738 §3.2.2"},
		{"name", "RFC 1738 §3.2.2"},
	},
	"gopher": {
		{"type", "RFC 1738 §3.4.1"},
		{"selector", "RFC 1738 §3.4.1"},
		{"search", "RFC 1738 §3.4.2"},
		{"gopher-plus", "RFC 1738 §3.4.3"},
	},
	"news": {
		{"group", "RFC 1738 §3.6"},
		{"message-id", "RFC 1738 §3.6"},
	},
	"nntp": {
		{"group", "RFC 1738 §3.7"},
		{"article", "RFC 1738 §3.7"},
	},
	"mailto": {
		{"addr", "RFC 1738 §3.5"},
	},
	"wais": {
		{"database", "RFC 1738 §3.9"},
		{"search", "RFC 1738 §3.9"},
		{"wtype", "RFC 1738 §3.9"},
		{"wpath", "RFC 1738 §3.9"},
	},
}

// editViewHelp is the section of edit --help on view fields.
const editViewHelp = `Fields of the scheme views (--spec rfc1738), set with =, := (written as given, checked),
?= (only when absent) and FIELD= (removed, where the scheme allows it); each is encoded with
the characters its RFC 1738 §5 production allows and must read back through the view:
  ftp      typecode (a, i, d: ";type=" at the end, RFC 1738 §3.2.2), name (the last segment;
           a ";type=" that no typecode ends, as in "a;type=a;x", is part of it)
  gopher   type (one character), selector, search, gopher-plus (RFC 1738 §3.4.1: "/" type
           selector "%09" search "%09" gopher+; a gopher+ string adds an empty search before
           it; a selector without a type gets the default type "1")
  news     group (a newsgroup name or "*"), message-id (unique@domain, "<>" dropped) (§3.6)
  nntp     group, article (digits) (RFC 1738 §3.7)
  mailto   addr (RFC 1738 §3.5)
  wais     database, search, wtype, wpath (RFC 1738 §3.9: a database, a search of it, or
           a document: wtype and wpath, removed together)
The view's other fields must read back unchanged [edit-not-kept]. A field the URL's scheme
does not have fails the URL [edit-no-field]; a value the field cannot hold fails it
[edit-bad-field].`

// viewFieldNames lists the field names, for messages and help.
const viewFieldNames = "typecode, name (ftp); type, selector, search, gopher-plus (gopher); group, message-id (news); group, article (nntp); addr (mailto); database, search, wtype, wpath (wais)"

// Codes of the errors of view fields.
const (
	codeNoField  locator.Code = "edit-no-field"  // the URL's scheme has no such field
	codeBadField locator.Code = "edit-bad-field" // the value cannot be written in the field
)

// isViewField reports whether name is the field of some scheme view.
func isViewField(name string) bool {
	for _, fs := range editViewFields {
		if slices.ContainsFunc(fs, func(f editViewField) bool { return f.name == name }) {
			return true
		}
	}
	return false
}

// parseViewSet reads a --set of a view field; the value is written when the scheme is known.
func (e *editor) parseViewSet(arg, name, mode, rest string) error {
	if e.spec != locator.RFC1738 {
		return usageErrorf("--set %s: %s is a field of RFC 1738's scheme views; it needs --spec rfc1738", display.Quote(arg), name)
	}
	e.sets = append(e.sets, setOp{comp: -1, field: name, raw: rest, mode: mode, ifAbsent: mode == "?=", remove: mode == "=" && rest == ""})
	return nil
}

// sspSplit returns the scheme-specific part after the authority that the views read, "?"
// included (RFC 1738 §3.2.2, §3.4.1, §3.6: "?" is not reserved there): the path, and "?"
// and the query when there is one.
func sspOf(p *parts) string {
	if p.has[cQuery] {
		return p.val[cPath] + "?" + p.val[cQuery]
	}
	return p.val[cPath]
}

// setSSP puts rest back as path and query, split at the first "?" as the parser does.
func setSSP(p *parts, rest string) {
	path, q, ok := strings.Cut(rest, "?")
	p.val[cPath], p.val[cQuery], p.has[cQuery] = path, q, ok
}

// fieldError returns the error of a field that cannot take a value.
func fieldError(input string, off int, code locator.Code, rule, msg string) error {
	return &locator.Error{Input: input, Offset: off, Code: code, Rule: rule, Message: msg}
}

// applyView applies one --set of a view field to p.
func (e *editor) applyView(p *parts, op setOp, input string) error {
	name := strings.ToLower(p.val[cScheme])
	fs := editViewFields[name]
	i := slices.IndexFunc(fs, func(f editViewField) bool { return f.name == op.field })
	off := len(p.prefix)
	if i < 0 {
		msg := "the " + display.Quote(name) + " scheme has no view field " + op.field
		if len(fs) > 0 {
			var names []string
			for _, f := range fs {
				names = append(names, f.name)
			}
			msg += "; its fields are " + strings.Join(names, ", ")
		} else {
			msg += "; fields: " + viewFieldNames
		}
		return fieldError(input, off, codeNoField, "RFC 1738 §5", msg)
	}
	rule := fs[i].rule
	bad := func(msg string) error {
		return fieldError(input, off, codeBadField, rule, "--set "+op.field+": "+msg)
	}
	v, rest := op.raw, sspOf(p)
	// The view of the URL before the edit: the fields the edit must keep (nil when the view
	// cannot read the URL, which then has no field to keep).
	var before []viewRead
	if u, err := locator.ParseAs(p.String(), locator.RFC1738); err == nil {
		before, _ = viewFieldsOf(u)
	}
	var err error
	switch name {
	case "ftp":
		// The typecode is where scheme.ParseFTP reads it (RFC 1738 §3.2.2: ";type=" and a
		// typecode that end the url-path); without the view, the last ";type=" as written.
		typ, hasType := "", false
		if before != nil {
			typ = viewFieldValue(before, "typecode")
			hasType = typ != ""
		} else if i := strings.LastIndex(rest, ";type="); i >= 0 && !strings.Contains(rest[i:], "/") {
			typ, hasType = rest[i+len(";type="):], true
		}
		rest, err = setFTPField(rest, typ, hasType, op, bad)
	case "gopher":
		rest, err = setGopherField(rest, op, bad)
	case "news":
		rest, err = setNewsField(rest, op, bad)
	case "nntp":
		rest, err = setNNTPField(rest, op, bad)
	case "wais":
		rest, err = setWAISField(rest, op, bad)
	case "mailto":
		if op.remove {
			return bad("a mailto URL needs an address (RFC 1738 §3.5)")
		}
		rest, err = setEncoded(op, rest, v, editMailtoKeep, bad)
	}
	if err != nil {
		return err
	}
	if rest == sspOf(p) {
		return nil
	}
	q := *p
	setSSP(&q, rest)
	// The view of the edited URL must hold the value set, decoded.
	u, err := locator.ParseAs(q.String(), locator.RFC1738)
	if err != nil {
		return err
	}
	got, want, err := viewValue(u, op)
	if err != nil {
		return err
	}
	if got != want && op.field == "typecode" {
		return bad(display.Quote(op.raw) + " is not a typecode: a, i or d (RFC 1738 §5 ftptype), or one of the 1994 URL draft's (AN, E, L8…)")
	}
	if got != want {
		if e.redact {
			// The value read back holds bytes of the input, which may be a secret (a query
			// value --redact-query hides): it is not shown.
			return bad("the URL would read back another value, not " + display.Quote(want))
		}
		return bad("the URL would read back " + display.Quote(got) + ", not " + display.Quote(want))
	}
	// Only the field set may change (with the fields it is written with, viewCoupled): the
	// README's "changes the components you name and keeps every other byte as written".
	if before != nil {
		after, err := viewFieldsOf(u)
		if err != nil {
			return err
		}
		for i, f := range before {
			if f.name == op.field || slices.Contains(viewCoupled[name+" "+op.field], f.name) || f.value == after[i].value {
				continue
			}
			msg := "--set " + op.field + ": the URL would read back another " + f.name
			if !e.redact {
				msg += " (" + display.Quote(after[i].value) + ", not " + display.Quote(f.value) + ")"
			}
			return fieldError(input, off, codeNotKept, rule, msg+", so it is not written")
		}
	}
	*p = q
	return nil
}

// codeNotKept is the code of an edit whose result would not keep what it must.
const codeNotKept locator.Code = "edit-not-kept"

// viewRead is one field of a scheme view as read from a URL, for comparing two URLs' views.
type viewRead struct {
	name, value string
}

// viewCoupled are the fields a --set of a view field ("SCHEME FIELD") may change besides
// itself, as editViewHelp says: a gopher+ string adds an empty search before it (RFC 1738
// §3.4.1); a news URL names a group or a message-id, not both (§3.6); a wais document has
// its wtype and wpath together (§3.9, §5 waisdoc).
var viewCoupled = map[string][]string{
	"gopher gopher-plus": {"search"},
	"news group":         {"message-id"},
	"news message-id":    {"group"},
	"wais wtype":         {"wpath"},
	"wais wpath":         {"wtype"},
}

// viewFieldsOf returns every field of u's view (scheme.ParseView), those --set cannot name
// too (the login, ftp's cwd), in a fixed order by scheme; an absent field is distinct from
// an empty one.
func viewFieldsOf(u locator.URL) ([]viewRead, error) {
	v, err := scheme.ParseView(u)
	if err != nil {
		return nil, err
	}
	login := func(l scheme.Login) viewRead {
		return viewRead{"login", editDeref(l.User, false) + "\x00" + editDeref(l.Password, false) + "\x00" + l.Host + "\x00" + l.Port}
	}
	switch v := v.(type) {
	case scheme.FTP:
		return []viewRead{login(v.Login), {"cwd", strings.Join(v.CWD, "\x00") + "\x00" + strconv.Itoa(len(v.CWD))},
			{"name", v.Name}, {"typecode", v.Type}}, nil
	case scheme.Gopher:
		return []viewRead{login(v.Login), {"type", v.Type}, {"selector", v.Selector},
			{"search", editDeref(v.Search, false)}, {"gopher-plus", editDeref(v.GopherPlus, false)}}, nil
	case scheme.News:
		group := v.Group
		if v.All {
			group = "*"
		}
		return []viewRead{{"group", group}, {"message-id", v.MessageID}}, nil
	case scheme.NNTP:
		return []viewRead{login(v.Login), {"group", v.Group}, {"article", v.Article}}, nil
	case scheme.Mailto:
		return []viewRead{{"addr", v.Addr}}, nil
	case scheme.WAIS:
		return []viewRead{login(v.Login), {"database", v.Database}, {"search", editDeref(v.Search, false)},
			{"wtype", editDeref(v.WType, false)}, {"wpath", editDeref(v.WPath, false)}}, nil
	}
	return nil, nil
}

// viewFieldValue returns the value of the field name in fs, "" when there is none.
func viewFieldValue(fs []viewRead, name string) string {
	for _, f := range fs {
		if f.name == name {
			return f.value
		}
	}
	return ""
}

// The sets a view's field is encoded with (as package scheme's URL methods write them).
var (
	// RFC 1738 §5 fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ], "?" encoded for RFC 3986
	// readers; "/" and ";" are encoded (RFC 1738 §3.2.2).
	editFtpNameKeep = pct.RFC1738Uchar.With(":@&=")
	// RFC 1738 §5 gtype, selector, gopher+_string = xchar, without "?" (RFC 1738 §3.4.1
	// reserves nothing; "?" is encoded for RFC 3986 readers).
	editGopherFieldKeep = pct.RFC1738Xchar.Without("?")
	// RFC 1738 §5 article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host, "?"
	// encoded.
	editNewsIDKeep = pct.RFC1738Uchar.With(";/:&=@")
	// RFC 1738 §5 group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ].
	editNewsGroupChars = pct.AlphaDigit.With("-.+_")
	// RFC 1738 §5 search = *[ uchar | ";" | ":" | "@" | "&" | "=" ] (wais, as http).
	editWAISSearchKeep = pct.RFC1738Uchar.With(";:@&=")
	// RFC 1738 §3.5: mailto's addr is xchar, "%" encoded; "?" encoded too (RFC 6068 §2).
	editMailtoKeep = pct.RFC1738Xchar.Without("?")
)

// setEncoded returns v encoded with keep (=) or checked against it (:=), replacing rest,
// unless ?= finds rest not empty.
func setEncoded(op setOp, rest, v string, keep pct.Set, bad func(string) error) (string, error) {
	if op.ifAbsent && rest != "" {
		return rest, nil
	}
	return encodeField(op, v, keep, bad)
}

// encodeField returns v encoded with keep, or for := v when it is so encoded already.
func encodeField(op setOp, v string, keep pct.Set, bad func(string) error) (string, error) {
	if op.mode != ":=" {
		return pct.Encode(v, keep), nil
	}
	for i := 0; i < len(v); i++ {
		if v[i] == '%' && i+2 < len(v) && pct.IsHex(v[i+1]) && pct.IsHex(v[i+2]) {
			i += 2
			continue
		}
		if !keep.Contains(v[i]) {
			return "", bad(display.Quote(string(v[i])) + " at offset " + strconv.Itoa(i) + " must be encoded there")
		}
	}
	return v, nil
}

// setFTPField sets the typecode or the name in the url-path rest (RFC 1738 §3.2.2:
// <cwd1>/…/<cwdN>/<name>;type=<typecode>), whose typecode, as the view reads it, is typ
// (hasType): ";type=" typ ends rest. A ";type=" followed by something else is part of the
// name, kept as written.
func setFTPField(rest, typ string, hasType bool, op setOp, bad func(string) error) (string, error) {
	body := rest
	if hasType {
		body = strings.TrimSuffix(rest, ";type="+typ)
		if len(body) == len(rest) {
			return "", bad("the typecode " + display.Quote(typ) + " does not end the url-path (RFC 1738 §3.2.2)")
		}
	}
	switch op.field {
	case "typecode":
		if op.ifAbsent && hasType {
			return rest, nil
		}
		if op.remove {
			return body, nil
		}
		// RFC 1738 §5 ftptype = "A" | "I" | "D" | "a" | "i" | "d" (and the 1994 URL draft's
		// AN, E, L8…): letters and digits, read back by scheme.ParseFTP.
		if op.raw == "" || pct.AlphaDigit.IndexNotIn(op.raw) >= 0 {
			return "", bad("a typecode is one of a, i, d (RFC 1738 §5 ftptype)")
		}
		typ = op.raw
		hasType = true
		if body == "" {
			body = "/"
		}
	case "name":
		dir := body[:strings.LastIndex(body, "/")+1]
		name := body[len(dir):]
		if op.ifAbsent && name != "" {
			return rest, nil
		}
		n, err := encodeField(op, op.raw, editFtpNameKeep, bad)
		if err != nil {
			return "", err
		}
		if dir == "" {
			dir = "/"
		}
		body = dir + n
	}
	if hasType {
		return body + ";type=" + typ, nil
	}
	return body, nil
}

// editGopherPath is a gopher-path split: "/" gtype selector [ "%09" search [ "%09" gopher+ ] ]
// (RFC 1738 §3.4.1), each part as written.
type editGopherPath struct {
	typ, sel, search, plus string
	hasSearch, hasPlus     bool
}

func editSplitGopher(rest string) editGopherPath {
	var g editGopherPath
	if len(rest) <= 1 {
		return g
	}
	p := rest[1:]
	n := 1
	if p[0] == '%' && len(p) >= 3 {
		n = 3
	}
	g.typ, p = p[:n], p[n:]
	g.sel = p
	if i := strings.Index(p, "%09"); i >= 0 {
		g.sel, g.search, g.hasSearch = p[:i], p[i+3:], true
		if j := strings.Index(g.search, "%09"); j >= 0 {
			g.search, g.plus, g.hasPlus = g.search[:j], g.search[j+3:], true
		}
	}
	return g
}

func (g editGopherPath) String() string {
	if g.typ == "" {
		return ""
	}
	s := "/" + g.typ + g.sel
	if g.hasSearch || g.hasPlus {
		s += "%09" + g.search
	}
	if g.hasPlus {
		s += "%09" + g.plus
	}
	return s
}

// setGopherField sets a field of the gopher-path rest.
func setGopherField(rest string, op setOp, bad func(string) error) (string, error) {
	g := editSplitGopher(rest)
	if strings.ContainsAny(op.raw, "\t\r\n") {
		// RFC 1436: a selector, search or gopher+ string holds no TAB, CR or LF.
		return "", bad("TAB, CR and LF cannot be sent to a gopher server (RFC 1436; RFC 1738 §3.4.1)")
	}
	var v string
	if !op.remove {
		var err error
		if v, err = encodeField(op, op.raw, editGopherFieldKeep, bad); err != nil {
			return "", err
		}
	}
	switch op.field {
	case "type":
		if op.ifAbsent && g.typ != "" {
			return rest, nil
		}
		if op.remove {
			if g.sel != "" || g.hasSearch {
				return "", bad("the type cannot be removed before the selector (RFC 1738 §5 gopherurl)")
			}
			return "", nil
		}
		if d, err := pct.Decode(v); err != nil || len(d) != 1 {
			return "", bad("a gophertype is one character (RFC 1738 §3.4.1)")
		}
		g.typ = v
		return g.String(), nil
	case "selector":
		if op.ifAbsent && g.sel != "" {
			return rest, nil
		}
		g.sel = v
	case "search":
		if op.ifAbsent && g.hasSearch {
			return rest, nil
		}
		if op.remove && g.hasPlus {
			return "", bad("a gopher+ string needs the search before it, even empty (RFC 1738 §3.4.1)")
		}
		g.search, g.hasSearch = v, !op.remove
	case "gopher-plus":
		if op.ifAbsent && g.hasPlus {
			return rest, nil
		}
		g.plus, g.hasPlus = v, !op.remove
		if g.hasPlus {
			g.hasSearch = true
		}
	}
	if g.typ == "" && (g.sel != "" || g.hasSearch) {
		// RFC 1738 §3.4.1: an empty gopher-path stands for type "1", which is written out.
		g.typ = "1"
	}
	return g.String(), nil
}

// setNewsField sets the group or message-id of a news URL (RFC 1738 §3.6: news:<newsgroup-name>
// or news:<message-id>).
func setNewsField(rest string, op setOp, bad func(string) error) (string, error) {
	if op.ifAbsent {
		return rest, nil // a news URL always names one or the other
	}
	if op.remove {
		return "", bad("a news URL names a newsgroup or a message-id (RFC 1738 §3.6)")
	}
	if op.field == "group" {
		if op.raw != "*" && !editIsNewsGroup(op.raw) {
			return "", bad(display.Quote(op.raw) + " is not a newsgroup name (RFC 1738 §5 group: a letter, then letters, digits, \"-\", \".\", \"+\", \"_\"), nor \"*\"")
		}
		return op.raw, nil
	}
	id := strings.TrimSuffix(strings.TrimPrefix(op.raw, "<"), ">")
	v, err := encodeField(op, id, editNewsIDKeep, bad)
	if err != nil {
		return "", err
	}
	at := strings.LastIndexByte(id, '@')
	if at < 0 {
		return "", bad("a message-id is unique@full_domain_name (RFC 1738 §3.6)")
	}
	// RFC 1738 §5 article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host: one
	// "@", before the host; an "@" of the unique part is data there, "%40".
	if i := strings.IndexByte(id[:at], '@'); i >= 0 {
		if op.mode == ":=" {
			return "", bad("\"@\" at offset " + strconv.Itoa(i) + " must be encoded there (RFC 1738 §5 article: one \"@\", before the host)")
		}
		v = pct.Encode(id[:at], editNewsIDKeep.Without("@")) + pct.Encode(id[at:], editNewsIDKeep)
	}
	return v, nil
}

// editIsNewsGroup reports whether s is RFC 1738 §5 group.
func editIsNewsGroup(s string) bool {
	return s != "" && pct.Alpha.Contains(s[0]) && editNewsGroupChars.IndexNotIn(s) < 0
}

// setNNTPField sets the group or article of an nntp url-path, "/" group [ "/" digits ] (RFC
// 1738 §3.7, §5 nntpurl).
func setNNTPField(rest string, op setOp, bad func(string) error) (string, error) {
	group, article, hasArticle := strings.Cut(strings.TrimPrefix(rest, "/"), "/")
	switch op.field {
	case "group":
		if op.ifAbsent && group != "" {
			return rest, nil
		}
		if op.remove {
			return "", bad("an nntp URL names a newsgroup (RFC 1738 §3.7)")
		}
		if !editIsNewsGroup(op.raw) {
			return "", bad(display.Quote(op.raw) + " is not a newsgroup name (RFC 1738 §5 group)")
		}
		group = op.raw
	case "article":
		if op.ifAbsent && hasArticle {
			return rest, nil
		}
		if op.remove {
			hasArticle = false
			break
		}
		if pct.Digit.IndexNotIn(op.raw) >= 0 || op.raw == "" {
			return "", bad("an article number is digits (RFC 1738 §5 nntpurl)")
		}
		article, hasArticle = op.raw, true
	}
	if group == "" {
		return "", bad("an nntp URL names a newsgroup before the article (RFC 1738 §3.7)")
	}
	if hasArticle {
		return "/" + group + "/" + article, nil
	}
	return "/" + group, nil
}

// setWAISField sets a field of a wais url-path (RFC 1738 §3.9: "/" database, then "?" search
// or "/" wtype "/" wpath), each *uchar but the search (§5 search).
func setWAISField(rest string, op setOp, bad func(string) error) (string, error) {
	p := strings.TrimPrefix(rest, "/")
	db, search, hasSearch := strings.Cut(p, "?")
	var wtype, wpath string
	hasDoc := false
	if !hasSearch {
		if i := strings.IndexByte(p, '/'); i >= 0 {
			db, wtype, hasDoc = p[:i], p[i+1:], true
			wtype, wpath, _ = strings.Cut(wtype, "/")
		}
	}
	keep := pct.RFC1738Uchar
	if op.field == "search" {
		keep = editWAISSearchKeep
	}
	var v string
	if !op.remove {
		var err error
		if v, err = encodeField(op, op.raw, keep, bad); err != nil {
			return "", err
		}
	}
	switch op.field {
	case "database":
		if op.ifAbsent && db != "" {
			return rest, nil
		}
		db = v
	case "search":
		if op.ifAbsent && hasSearch {
			return rest, nil
		}
		if hasDoc && !op.remove {
			return "", bad("a wais URL is a search or a document, not both (RFC 1738 §3.9)")
		}
		search, hasSearch = v, !op.remove
	case "wtype", "wpath":
		if op.ifAbsent && hasDoc {
			return rest, nil
		}
		if hasSearch && !op.remove {
			return "", bad("a wais URL is a search or a document, not both (RFC 1738 §3.9)")
		}
		if op.remove {
			// A document has both or neither (RFC 1738 §5 waisdoc).
			hasDoc = false
			break
		}
		if op.field == "wtype" {
			wtype = v
		} else {
			wpath = v
		}
		hasDoc = true
	}
	switch {
	case hasSearch:
		return "/" + db + "?" + search, nil
	case hasDoc:
		return "/" + db + "/" + wtype + "/" + wpath, nil
	}
	return "/" + db, nil
}

// viewValue returns the field op set as u's view reads it, and the value op gave, decoded.
func viewValue(u locator.URL, op setOp) (got, want string, err error) {
	want = op.raw
	if op.mode == ":=" {
		if want, err = pct.Decode(op.raw); err != nil {
			return "", "", err
		}
	}
	switch op.field {
	case "typecode", "name":
		f, err := scheme.ParseFTP(u)
		if err != nil {
			return "", "", err
		}
		if op.field == "name" {
			return f.Name, want, nil
		}
		return f.Type, want, nil
	case "database", "wtype", "wpath":
		return waisValue(u, op, want)
	case "type", "selector", "search", "gopher-plus":
		if op.field == "search" && strings.EqualFold(u.Scheme(), "wais") {
			return waisValue(u, op, want)
		}
		g, err := scheme.ParseGopher(u)
		if err != nil {
			return "", "", err
		}
		switch op.field {
		case "type":
			if op.remove {
				want = "1" // RFC 1738 §3.4.1: the default
			}
			return g.Type, want, nil
		case "selector":
			return g.Selector, want, nil
		case "search":
			return editDeref(g.Search, op.remove), want, nil
		}
		return editDeref(g.GopherPlus, op.remove), want, nil
	case "group", "message-id", "article":
		if strings.EqualFold(u.Scheme(), "nntp") {
			n, err := scheme.ParseNNTP(u)
			if err != nil {
				return "", "", err
			}
			if op.field == "article" {
				return n.Article, want, nil
			}
			return n.Group, want, nil
		}
		n, err := scheme.ParseNews(u)
		if err != nil {
			return "", "", err
		}
		if op.field == "group" {
			if op.raw == "*" {
				return "*", want, nil
			}
			return n.Group, want, nil
		}
		return n.MessageID, strings.TrimSuffix(strings.TrimPrefix(want, "<"), ">"), nil
	case "addr":
		m, err := scheme.ParseMailto(u)
		if err != nil {
			return "", "", err
		}
		return m.Addr, want, nil
	}
	return "", want, nil
}

// editDeref returns *s, or "" when s is nil (what a removed field must read back).
func editDeref(s *string, removed bool) string {
	if s == nil {
		if removed {
			return ""
		}
		return "\x00absent"
	}
	if removed {
		return "\x00present"
	}
	return *s
}

// waisValue returns the wais field op set as u's view reads it.
func waisValue(u locator.URL, op setOp, want string) (got, w string, err error) {
	v, err := scheme.ParseWAIS(u)
	if err != nil {
		return "", "", err
	}
	switch op.field {
	case "database":
		return v.Database, want, nil
	case "search":
		return editDeref(v.Search, op.remove), want, nil
	case "wtype":
		return editDeref(v.WType, op.remove), want, nil
	}
	return editDeref(v.WPath, op.remove), want, nil
}
