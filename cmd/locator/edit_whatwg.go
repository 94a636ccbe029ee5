package main

import (
	"strings"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/pct"
	"github.com/locator-url/locator/whatwg"
)

// edit under --spec whatwg: --set runs the standard's setters (WHATWG URL §6.1, package whatwg,
// which passes WPT's setters tests), and the query options work on the URL's search as
// URLSearchParams does (§6.2): the query is read as application/x-www-form-urlencoded (§5.1)
// and written back serialized (§5.2), null when that is empty (the "update" steps).

// editWHATWGHelp is the section of edit --help on --spec whatwg.
const editWHATWGHelp = `Under --spec whatwg, --set runs the standard's setters (WHATWG URL §6.1): scheme, user,
password, host, port, path, query, fragment are the setters protocol, username, password,
hostname, port, pathname, search, hash, which may be named too, as href and hostport (the
standard's host setter: host and port). C=V runs the setter with V (it encodes; "?" and "#"
lead search and hash); C= runs it with "" (null query, fragment, port); a value the setter
ignores fails the URL, but hostport's port alone may be ignored once the host is set
(hostport=example.com:65536 sets the host and keeps the port, as WPT's setters tests do).
C:=V runs it and fails unless the getter gives V back unchanged (already encoded,
lower-case host, no default port). C?=V runs it only when the
getter gives "" (a special URL's path "/" too). --append path=SEG appends SEG with every byte
outside RFC 3986 pchar encoded; "." and ".." fail. The query options act on the search as
URLSearchParams does (§6.2): the query is read as application/x-www-form-urlencoded (§5.1),
pairs split at "&" and decoded ("+" is a space), and written back serialized (§5.2; null
when empty), so a query option rewrites the whole query; --redact-query alone rewrites it
only when it redacts a value. A value of --set, --append query= or --replace that is not
UTF-8 is a usage error: the setters take Unicode text and would replace such a byte by
U+FFFD; write it as an escape (%FF).`

// whatwgSetters maps --set names to the standard's setters: locator's component names and the
// standard's own attribute names. The standard's host setter (host and port) is "hostport",
// since "host" is locator's host component, the hostname.
var whatwgSetters = map[string]string{
	"scheme": "protocol", "user": "username", "password": "password", "host": "hostname",
	"port": "port", "path": "pathname", "query": "search", "fragment": "hash",
	"href": "href", "protocol": "protocol", "username": "username", "hostname": "hostname",
	"hostport": "host", "pathname": "pathname", "search": "search", "hash": "hash",
}

// parseWHATWGSet reads a --set under whatwg.
func (e *editor) parseWHATWGSet(arg, name, mode, rest string) error {
	if err := whatwgText("--set", arg); err != nil {
		return err
	}
	setter, ok := whatwgSetters[name]
	if !ok {
		return usageErrorf("--set %s: unknown component %s; under whatwg want one of scheme, user, password, host, port, path, query, fragment, or a setter: href, protocol, username, hostname, hostport (the standard's host), pathname, search, hash", display.Quote(arg), display.Quote(name))
	}
	e.sets = append(e.sets, setOp{comp: -1, field: setter, raw: rest, mode: mode, ifAbsent: mode == "?="})
	return nil
}

// whatwgText checks an option's argument under --spec whatwg: the standard's setters and
// URLSearchParams take Unicode text (WHATWG URL §6.1, §6.2: USVString, Infra "scalar value
// string") and would replace each byte of invalid UTF-8 by U+FFFD, losing it; such a byte
// is given as an escape ("%FF") instead.
func whatwgText(flag, arg string) error {
	if utf8.ValidString(arg) {
		return nil
	}
	i := 0
	for i < len(arg) {
		r, n := utf8.DecodeRuneInString(arg[i:])
		if r == utf8.RuneError && n <= 1 {
			break
		}
		i += n
	}
	return usageErrorf("%s %s: the byte %s at offset %d is not UTF-8; under --spec whatwg the setters take Unicode text (WHATWG URL §6.1) and would replace it by U+FFFD: write it as %%%02X", flag, display.Quote(arg), display.Quote(arg[i:i+1]), i, arg[i])
}

// whatwgGet returns the standard's getter of the attribute.
func whatwgGet(u *whatwg.URL, attr string) string {
	switch attr {
	case "href":
		return u.Href()
	case "protocol":
		return u.Protocol()
	case "username":
		return u.Username()
	case "password":
		return u.Password()
	case "host":
		return u.Host()
	case "hostname":
		return u.Hostname()
	case "port":
		return u.Port()
	case "pathname":
		return u.Pathname()
	case "search":
		return u.Search()
	}
	return u.Hash()
}

// whatwgSet runs the standard's setter of the attribute.
func whatwgSet(u *whatwg.URL, attr, v string) error {
	switch attr {
	case "href":
		return u.SetHref(v)
	case "protocol":
		return u.SetProtocol(v)
	case "username":
		return u.SetUsername(v)
	case "password":
		return u.SetPassword(v)
	case "host":
		return u.SetHost(v)
	case "hostname":
		return u.SetHostname(v)
	case "port":
		return u.SetPort(v)
	case "pathname":
		return u.SetPathname(v)
	case "search":
		return u.SetSearch(v)
	}
	return u.SetHash(v)
}

// whatwgWritten returns what the getter returns when the setter stored v as written: the
// getters add ":" to the protocol, "?" to the search and "#" to the hash (§6.1).
func whatwgWritten(attr, v string) string {
	switch attr {
	case "protocol":
		return strings.TrimSuffix(v, ":") + ":"
	case "search":
		if v = strings.TrimPrefix(v, "?"); v != "" {
			return "?" + v
		}
	case "hash":
		if v = strings.TrimPrefix(v, "#"); v != "" {
			return "#" + v
		}
	}
	return v
}

// editWHATWG applies e to s under the WHATWG URL Standard.
func (e *editor) editWHATWG(s string) (string, error) {
	u, err := whatwg.Parse(s, nil)
	if err != nil {
		return "", err
	}
	for _, op := range e.sets {
		// ?=: the standard's getters return "" for a null and an empty component alike; a
		// special URL's path is never empty, so its root path "/" counts as absent too.
		if g := whatwgGet(&u, op.field); op.ifAbsent && g != "" && !(op.field == "pathname" && g == "/") {
			continue
		}
		if e.build {
			done, err := buildWHATWG(&u, op)
			if err != nil {
				return "", err
			}
			if done {
				continue
			}
		}
		host := u.Hostname()
		if err := whatwgSet(&u, op.field, op.raw); err != nil && (op.field != "host" || u.Hostname() == host) {
			return "", err
		}
		// WHATWG URL §6.1 host setter: the basic URL parser sets the host (§4.4 host state)
		// before it reads the port; a port it then fails on ("example.com:65536", or none
		// after ":") leaves the new host and the port as it was, as WPT's setters tests
		// expect ("Hostname is still set, though."): the value was not ignored.
		// := : VALUE is the standard's serialization already, which the setter keeps byte for
		// byte (encoded, a lower-case host, no default port).
		if want := whatwgWritten(op.field, op.raw); op.mode == ":=" && whatwgGet(&u, op.field) != want {
			return "", errEdit(s, "edit-not-kept", "WHATWG URL §6.1 "+op.field+" setter",
				"--set "+op.field+":=: the setter writes "+display.Quote(whatwgGet(&u, op.field))+", not "+display.Quote(want)+" as given")
		}
	}
	for _, seg := range e.rawP {
		if u.HasOpaquePath() {
			return "", errEdit(s, "edit-opaque-path", "WHATWG URL §4.1 opaque path", "a segment cannot be appended to an opaque path")
		}
		// One segment: "/", "\", "?", "#" and "%" are encoded, with every byte outside RFC 3986
		// pchar, before the pathname setter runs (it leaves escapes as they are, §4.4 path
		// state); "." and ".." stay dot segments (%2E too, §4.4 "single-dot URL path segment").
		path := u.Pathname()
		if !strings.HasSuffix(path, "/") {
			path += "/"
		}
		path += pct.Encode(seg, pct.PChar)
		if err := u.SetPathname(path); err != nil {
			return "", err
		}
		if u.Pathname() != path {
			return "", errEdit(s, "edit-not-kept", "WHATWG URL §4.4 path state",
				"--append path="+display.Quote(seg)+": the path reads back "+display.Quote(u.Pathname())+", not one segment more")
		}
	}
	if len(e.rawQ) > 0 || e.queryOps() {
		if err := e.editSearch(&u); err != nil {
			return "", err
		}
	}
	if e.redact && u.Password() != "" {
		if err := u.SetPassword(redactMarker); err != nil {
			return "", err
		}
	}
	if e.redactUser && u.Username() != "" {
		if err := u.SetUsername(redactMarker); err != nil {
			return "", err
		}
	}
	out := u.Href()
	if v, err := whatwg.Parse(out, nil); err != nil || v.Href() != out {
		return "", errEdit(out, "edit-not-kept", "WHATWG URL §4.5 URL serializing",
			"the edited URL "+display.Quote(out)+" would not parse back to itself, so it is not written")
	}
	return out, nil
}

// buildWHATWG runs the --set op on a URL being built from "SCHEME:" where the standard's
// setter would refuse a value the result can hold: done is true when it did. The scheme the
// URL has already is not set again (the protocol setter ignores "file" on a URL with an
// empty host, WHATWG URL §6.1); and a URL without a host has an opaque path, which the
// pathname setter ignores (§6.1), so the path is parsed into place: a path that starts
// with "/" makes the path a list first ("SCHEME:/", §4.4 path start state), then the
// setter runs; any other path is parsed as the opaque path (§4.4 opaque path state), with
// "?" and "#" encoded so that they stay in it.
func buildWHATWG(u *whatwg.URL, op setOp) (done bool, err error) {
	switch {
	case op.field == "protocol":
		return strings.EqualFold(strings.TrimSuffix(op.raw, ":"), strings.TrimSuffix(u.Protocol(), ":")), nil
	case op.field == "pathname" && u.HasOpaquePath() && u.Pathname() == "":
		path := op.raw
		if strings.HasPrefix(path, "/") {
			path = "/"
		} else {
			path = strings.NewReplacer("?", "%3F", "#", "%23").Replace(path)
		}
		v, err := whatwg.Parse(u.Protocol()+path+u.Search()+u.Hash(), nil)
		if err != nil {
			return false, err
		}
		*u = v
		return path != "/", nil
	}
	return false, nil
}

// scalar returns s as URLSearchParams holds it: a scalar value string, each invalid UTF-8
// sequence replaced by U+FFFD as the package's setters and Append do (Infra "scalar value
// string").
func scalar(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	sp := whatwg.NewSearchParams("")
	sp.Append(s, "")
	return sp.Pairs()[0].Name
}

// editSearch applies the query options to u's search as URLSearchParams would: append(),
// set() for --replace-append (and for --replace when the name is present), delete() by name
// for --trim and --keep, sort(); then the update steps write the pairs back (§6.2).
// --redact-query alone rewrites the query only when it replaces a value.
func (e *editor) editSearch(u *whatwg.URL) error {
	q := strings.TrimPrefix(u.Search(), "?")
	pairs := whatwg.ParseForm(q)
	changed := len(e.rawQ) > 0 || len(e.replace) > 0 || len(e.trim) > 0 || len(e.keep) > 0 || e.sortQ
	for _, kv := range e.rawQ {
		pairs = append(pairs, whatwg.Pair{Name: scalar(kv[0]), Value: scalar(kv[1])})
	}
	for _, r := range e.replace {
		name, value := scalar(r.rawK), scalar(r.rawV)
		found := false
		out := pairs[:0]
		for _, p := range pairs {
			if p.Name == name {
				if found {
					continue
				}
				found, p.Value = true, value
			}
			out = append(out, p)
		}
		pairs = out
		if !found && r.appendIfAbsent {
			pairs = append(pairs, whatwg.Pair{Name: name, Value: value})
		}
	}
	if len(e.trim) > 0 || len(e.keep) > 0 {
		kept := pairs[:0]
		for _, p := range pairs {
			if matchAny(p.Name, e.trim) || (len(e.keep) > 0 && !matchAny(p.Name, e.keep)) {
				continue
			}
			kept = append(kept, p)
		}
		pairs = kept
	}
	if e.sortQ {
		sp := whatwg.NewSearchParams(whatwg.SerializeForm(pairs))
		sp.Sort()
		pairs = sp.Pairs()
	}
	if e.redactQuery {
		for i, p := range pairs {
			if p.Value != "" && p.Value != redactMarker && e.isRedactName(p.Name) {
				pairs[i].Value, changed = redactMarker, true
			}
		}
	}
	if !changed {
		return nil
	}
	// The serialization holds only ASCII letters, digits, "*-._+%&=", which the search setter
	// keeps as they are; "" makes the query null, as the update steps do.
	form := whatwg.SerializeForm(pairs)
	if err := u.SetSearch(form); err != nil {
		return err
	}
	if got := strings.TrimPrefix(u.Search(), "?"); got != form {
		return &locator.Error{Input: u.Href(), Offset: -1, Code: "edit-not-kept", Rule: "WHATWG URL §6.2 update steps",
			Message: "the query reads back " + display.Quote(got) + ", not " + display.Quote(form)}
	}
	return nil
}
