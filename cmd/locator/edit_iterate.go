package main

import (
	"slices"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/locator-url/locator/scheme"
	"github.com/locator-url/locator/whatwg"
)

// The steps of edit that issue 12 adds around an edit (part B): --redirect before it,
// --iterate as more --set values, the port and host options after it, and building a URL
// from --set alone.

// maxIterations bounds the URLs --iterate makes of one input: the product of the numbers
// of items of its options.
const maxIterations = 1 << 16

// portAction is what --default-port and --drop-default-port do.
type portAction uint8

const (
	portAsIs        portAction = iota // the port as written (--keep-port, the default)
	portAddDefault                    // --default-port: write the scheme's default port where none is
	portDropDefault                   // --drop-default-port: remove a port that is the default
)

// editPipeline is one edit run with the options of part B: an editor for each combination
// of --iterate's values, in output order.
type editPipeline struct {
	spec     locator.Spec
	editors  []*editor
	redirect string
	hasRedir bool
	ref      locator.URL // the --redirect reference, parsed
	port     portAction
	host     hostForm
	build    bool   // no input URL: a URL built from --set alone
	seed     string // what building the first URL starts from (the editors' seeds)
}

// iterateSets returns the --set arguments of each combination of the --iterate options:
// "COMPONENT=a b c" gives "COMPONENT=a", "COMPONENT=b", "COMPONENT=c" (trurl: the items
// are separated by single spaces). The first --iterate varies slowest, the last fastest, as
// nested loops in the order given.
func iterateSets(iterates []string) ([][]string, error) {
	combos := [][]string{nil}
	seen := map[string]bool{}
	for _, it := range iterates {
		i := strings.IndexByte(it, '=')
		if i <= 0 {
			return nil, usageErrorf("--iterate %s: want COMPONENT=VALUE VALUE...", display.Quote(it))
		}
		comp, items := it[:i], strings.Split(it[i+1:], " ")
		name := strings.TrimRight(comp, ":?")
		if seen[name] {
			return nil, usageErrorf("--iterate %s: one --iterate per component (as trurl)", display.Quote(it))
		}
		seen[name] = true
		if slices.Contains(items, "") {
			return nil, usageErrorf("--iterate %s: the values are separated by single spaces; an empty value is not allowed", display.Quote(it))
		}
		if len(combos)*len(items) > maxIterations {
			return nil, usageErrorf("--iterate: more than %d combinations", maxIterations)
		}
		next := make([][]string, 0, len(combos)*len(items))
		for _, c := range combos {
			for _, v := range items {
				next = append(next, append(slices.Clip(c), comp+"="+v))
			}
		}
		combos = next
	}
	return combos, nil
}

// redirectMode returns the resolution rule of spec: RFC 3986 §5.2 for rfc3986, RFC 1808 §4
// for rfc1738 (the relative URLs RFC 1738 points to). Under whatwg run parses the reference
// with the URL Standard's basic URL parser and the URL as its base instead.
func redirectMode(spec locator.Spec) locator.Mode {
	if spec == locator.RFC1738 {
		return locator.ModeRFC1808
	}
	return locator.ModeRFC3986
}

// newPipeline makes the pipeline of e with the part-B options.
func newPipeline(e *editor, iterates []string, redirect string, hasRedir bool, port portAction, host hostForm) (*editPipeline, error) {
	p := &editPipeline{spec: e.spec, redirect: redirect, hasRedir: hasRedir, port: port, host: host}
	if hasRedir && e.spec != locator.WHATWG {
		// The reference as the spec reads it (its errors cite the spec's rules: RFC 3986 §2.1
		// for a bad escape under rfc3986). Under whatwg the reference is parsed with each base
		// (run): the basic URL parser reads a string against a base, not a reference alone.
		ref, err := locator.ParseAs(redirect, e.spec)
		if err != nil {
			return nil, usageErrorf("--redirect %s: %s", display.Quote(redirect), errText(err))
		}
		p.ref = ref
	}
	combos, err := iterateSets(iterates)
	if err != nil {
		return nil, err
	}
	for _, sets := range combos {
		c := *e
		c.sets = slices.Clip(e.sets)
		for _, s := range sets {
			if err := c.parseSet(s); err != nil {
				return nil, err
			}
		}
		p.editors = append(p.editors, &c)
	}
	return p, nil
}

// buildSeed returns what building a URL from --set alone starts from: "SCHEME://" when an
// authority component is set, "SCHEME:" otherwise (RFC 3986 §3: the scheme, then "//"
// authority or a path; RFC 1738 §2.1). The --set options then write every component.
func buildSeed(sets []string, spec locator.Spec) (string, error) {
	sch, auth, host := "", false, false
	for _, s := range sets {
		i := strings.IndexAny(s, ":?=")
		if i <= 0 {
			continue
		}
		name, rest := s[:i], s[i:]
		switch name {
		case "scheme", "protocol": // protocol: the URL Standard's setter, "https:" or "https"
			sch = strings.TrimSuffix(strings.TrimLeft(rest, ":?="), ":")
		case "user", "password", "host", "port", "hostname", "username":
			auth = true
			// host?=X would keep the starting host: only = and := count.
			host = host || (name == "host" || name == "hostname") && rest[0] != '?'
		}
	}
	if sch == "" {
		return "", usageErrorf("edit: no URL given: to build one from components, give --set scheme=SCHEME (RFC 3986 §3: a URL starts with its scheme), or give URLs, or - to read them from standard input")
	}
	if !auth {
		if spec == locator.WHATWG && slices.Contains([]string{"ftp", "http", "https", "ws", "wss"}, strings.ToLower(sch)) {
			// WHATWG URL §4.1 special scheme: the URL has a host, except for file.
			return "", usageErrorf("edit: building a %s URL under --spec whatwg needs --set host=HOST (WHATWG URL §4.4: a special URL other than file has a host)", display.Quote(sch))
		}
		return sch + ":", nil
	}
	if spec == locator.WHATWG {
		// The URL Standard's setters change a URL that has a host (its "host" setter
		// does nothing on a URL that cannot have one): start from one the --set host replaces.
		if !host {
			return "", usageErrorf("edit: building a URL with an authority under --spec whatwg needs --set host=HOST")
		}
		return sch + "://host.invalid", nil
	}
	return sch + "://", nil
}

// run returns the URLs of one input: one per combination of --iterate.
func (p *editPipeline) run(s string, emit func(out string, err error)) {
	if !p.build {
		// A line that starts with a byte-order mark is reported, not edited (as normalize -
		// does): the mark is no part of a URL.
		if err := lineops.CheckBOM(s); err != nil {
			emit("", err)
			return
		}
	}
	if p.hasRedir && !p.build && p.spec == locator.WHATWG {
		// WHATWG URL §4.4: the basic URL parser of the reference with the URL as its base.
		base, err := whatwg.Parse(s, nil)
		if err != nil {
			emit("", err)
			return
		}
		t, err := whatwg.Parse(p.redirect, &base)
		if err != nil {
			emit("", err)
			return
		}
		s = t.Href()
	} else if p.hasRedir && !p.build {
		base, err := locator.ParseAs(s, p.spec)
		if err != nil {
			emit("", err)
			return
		}
		t, err := locator.Resolve(base, p.ref, redirectMode(p.spec))
		if err != nil {
			emit("", err)
			return
		}
		if err := keepsValid(base, t, t.String(), p.spec); err != nil {
			// An invalid reference ("a b") resolved against a valid base; the result holds
			// the input's secrets, so a redacting edit shows it redacted.
			emit("", p.editors[0].redactedError(err, t.String()))
			return
		}
		s = t.String()
	}
	for _, e := range p.editors {
		in := s
		if p.build {
			in = e.seed // each combination of --iterate has its own (buildSeed)
		}
		out, err := e.edit(in)
		if err == nil {
			out, err = p.after(out)
		}
		emit(out, err)
	}
}

// after applies the port and host options to an edited URL, then checks a built one.
func (p *editPipeline) after(out string) (string, error) {
	if p.port != portAsIs || p.host != hostAsIs {
		u, err := locator.ParseAs(out, p.spec)
		if err != nil {
			return "", err
		}
		in := out
		out = rewriteAuthority(u, p.port, p.host)
		v, err := locator.ParseAs(out, p.spec)
		if err != nil {
			return "", err
		}
		// Only the host and the port may change (as edit checks its own result).
		a, b := lineops.Components(u), lineops.Components(v)
		for i := range a {
			if i != 3 && i != 4 && a[i] != b[i] {
				return "", &locator.Error{Input: in, Code: "edit-not-kept", Rule: "RFC 3986 §3.2.2",
					Message: "the new host or port of " + display.Quote(in) + " would change its " + a[i].Name + ", so it is not written"}
			}
		}
	}
	if p.build && (p.spec == locator.RFC1738 || p.spec == locator.RFC3986) {
		u, err := locator.ParseAs(out, p.spec)
		if err != nil {
			return "", err
		}
		for _, f := range scheme.Check(u, p.spec) {
			if f.Severity == locator.SeverityError {
				return "", &locator.Error{Input: out, Offset: f.Offset, Code: f.Code, Rule: f.Rule,
					Message: "the URL built, " + display.Quote(out) + ", is not valid by " + p.spec.String() + ": " + f.Message}
			}
		}
	}
	return out, nil
}

// rewriteAuthority returns u as written with its host in form (convertHost) and its port by
// act; the other bytes are kept.
func rewriteAuthority(u locator.URL, act portAction, form hostForm) string {
	s := u.String()
	if !u.HasAuthority() {
		return s
	}
	o := u.Offsets()
	var b strings.Builder
	b.WriteString(s[:o.Host.Start])
	b.WriteString(convertHost(s[o.Host.Start:o.Host.End], form))
	port, has := u.Port()
	def := defaultPort(u.Scheme())
	switch {
	case !has && act == portAddDefault && def != "":
		b.WriteString(":" + def)
		b.WriteString(s[o.Host.End:])
	case has && port == "" && act == portAddDefault && def != "":
		// RFC 3986 §3.2.3: an empty port is the scheme's default, so none is written.
		b.WriteString(":" + def)
		b.WriteString(s[o.Port.End:])
	case has && act == portDropDefault && (port == "" || def != "" && trimZeros(port) == def):
		// RFC 3986 §6.2.3: a port that is empty or equal to the scheme's default is the same
		// URL without it and its ":".
		b.WriteString(s[o.Port.End:])
	default:
		b.WriteString(s[o.Host.End:])
	}
	return b.String()
}

// trimZeros removes leading zeros from a port (RFC 3986 §3.2.3: a decimal number; "080" is 80).
func trimZeros(p string) string {
	t := strings.TrimLeft(p, "0")
	if t == "" && p != "" {
		return "0"
	}
	return t
}
