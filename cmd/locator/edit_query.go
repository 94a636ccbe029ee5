package main

import (
	"slices"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/pct"
)

// The query operations of edit (--append query=, --replace, --replace-append, --trim, --keep,
// --sort-query, --redact-query) under rfc1738 and rfc3986. The query is a list of pairs
// "name=value" split at the separator (--query-separator, "&" by default): the form HTML
// gives a query (application/x-www-form-urlencoded, WHATWG URL §5), which neither RFC 1738
// §3.3 nor RFC 3986 §3.4 defines ("the query component is indicated by the first question
// mark", nothing more); names are compared percent-decoded, pairs are kept as written.

// replaceOp is one --replace or --replace-append: the name (decoded, as compared), the pair
// as it will be written, and its raw name and value (for WHATWG's URLSearchParams).
type replaceOp struct {
	name, pair     string
	rawK, rawV     string
	appendIfAbsent bool
}

// defaultRedactNames are the words of a query name whose value --redact-query replaces: a
// name is split into words at every byte that is not a letter or digit and where a lower-case
// letter or digit meets an upper-case one ("api_key", "apiKey", "X-Amz-Signature" hold "key",
// "key", "signature"), and a word is compared in lower case.
var defaultRedactNames = []string{
	"token", "key", "apikey", "password", "passwd", "pwd", "secret", "sig", "signature",
	"auth", "credential", "credentials", "session", "sessionid", "jwt",
}

// redactWordsHelp lists defaultRedactNames for edit --help.
const redactWordsHelp = "token, key, apikey, password, passwd, pwd,\n                           secret, sig, signature, auth, credential(s), session, sessionid, jwt"

// separator returns the query pair separator.
func (e *editor) separator() string {
	if e.sep == "" {
		return "&"
	}
	return e.sep
}

// setSeparator checks --query-separator: one byte that the query may hold as written under
// the spec and that is not "=", "%" (RFC 3986 §3.4; RFC 1738 §3.3), "#" or "?".
func (e *editor) setSeparator(s string) error {
	if s == "" || s == "&" {
		e.sep = ""
		return nil
	}
	if e.spec == locator.WHATWG {
		// WHATWG URL §5.1: the application/x-www-form-urlencoded parser splits on "&" alone.
		return usageErrorf("--query-separator %s: under whatwg the query is split at \"&\" (WHATWG URL §5.1 application/x-www-form-urlencoded parsing)", display.Quote(s))
	}
	r := editRules(e.spec, "query")
	if len(s) != 1 || !r.ok.Contains(s[0]) || strings.ContainsAny(s, "=%#?") {
		return usageErrorf("--query-separator %s: want one byte the query holds as written (%s), not \"=\"", display.Quote(s), r.rule)
	}
	e.sep = s
	return nil
}

// pairRule returns the rule a query name or value is encoded with: the spec's query-pair set
// without the separator.
func (e *editor) pairRule() compRule {
	r := editRules(e.spec, "query-pair")
	r.enc = r.enc.Without(e.separator())
	r.ok = r.enc
	return r
}

// encodePair returns "k=v" (or "k" when hasV is false), each side encoded for a query pair.
func (e *editor) encodePair(k, v string, hasV bool) string {
	r := e.pairRule().enc
	kv := pct.Encode(k, r)
	if hasV {
		kv += "=" + pct.Encode(v, r)
	}
	return kv
}

// parseReplace reads one --replace or --replace-append argument, K=V or K.
func (e *editor) parseReplace(arg string, appendIfAbsent bool) {
	k, v, hasV := strings.Cut(arg, "=")
	e.replace = append(e.replace, replaceOp{name: k, pair: e.encodePair(k, v, hasV), rawK: k, rawV: v, appendIfAbsent: appendIfAbsent})
}

// queryOps reports whether an option rewrites the query's pairs.
func (e *editor) queryOps() bool {
	return len(e.replace) > 0 || len(e.trim) > 0 || len(e.keep) > 0 || e.sortQ || e.redactQuery
}

// queryName returns the name of a query pair "name=value" (or "name"), decoded when its
// escapes are valid.
func queryName(pair string) string {
	name, _, _ := strings.Cut(pair, "=")
	if d, err := pct.Decode(name); err == nil {
		return d
	}
	return name
}

// matchName reports whether name matches pattern: exactly, or by prefix when pattern ends in "*".
func matchName(name, pattern string) bool {
	if p, ok := strings.CutSuffix(pattern, "*"); ok {
		return strings.HasPrefix(name, p)
	}
	return name == pattern
}

// matchAny reports whether name matches one of the patterns.
func matchAny(name string, patterns []string) bool {
	return slices.ContainsFunc(patterns, func(t string) bool { return matchName(name, t) })
}

// isRedactName reports whether --redact-query replaces the value of the pair named name
// (decoded): one of its words is in defaultRedactNames, or it matches a --redact-name
// (compared in lower case; a trailing "*" matches a prefix).
func (e *editor) isRedactName(name string) bool {
	lower := strings.ToLower(name)
	if matchAny(lower, e.redactNames) {
		return true
	}
	upper := func(c byte) bool { return 'A' <= c && c <= 'Z' }
	small := func(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }
	start := -1 // the start of the word being read
	for i := 0; i <= len(name); i++ {
		alnum := i < len(name) && (upper(name[i]) || small(name[i]))
		if start >= 0 {
			// A word ends at a byte that is not a letter or digit, before an upper-case letter
			// that follows a lower-case one ("apiKey"), and before the last upper-case letter
			// of a run that a lower-case one follows ("AWSAccess").
			cut := !alnum || upper(name[i]) && (small(name[i-1]) ||
				upper(name[i-1]) && i+1 < len(name) && 'a' <= name[i+1] && name[i+1] <= 'z')
			if cut {
				if slices.Contains(defaultRedactNames, lower[start:i]) {
					return true
				}
				start = -1
			}
		}
		if alnum && start < 0 {
			start = i
		}
	}
	return false
}

// editQuery applies --replace, --replace-append, --trim, --keep, --sort-query and
// --redact-query to a query, in that order, pairs split at the separator.
func (e *editor) editQuery(q string) string {
	sep := e.separator()
	var pairs []string
	if q != "" {
		pairs = strings.Split(q, sep)
	}
	for _, r := range e.replace {
		// The first pair named K takes the new pair, the later ones named K are removed, as
		// URLSearchParams's set() does (WHATWG URL §6.2); with none, --replace leaves the query
		// as it is and --replace-append appends the pair (trurl's --replace, --replace-append).
		found := false
		out := pairs[:0]
		for _, pr := range pairs {
			if queryName(pr) == r.name {
				if found {
					continue
				}
				found, pr = true, r.pair
			}
			out = append(out, pr)
		}
		pairs = out
		if !found && r.appendIfAbsent {
			pairs = append(pairs, r.pair)
		}
	}
	if len(e.trim) > 0 || len(e.keep) > 0 {
		kept := pairs[:0]
		for _, pr := range pairs {
			name := queryName(pr)
			if matchAny(name, e.trim) || (len(e.keep) > 0 && !matchAny(name, e.keep)) {
				continue
			}
			kept = append(kept, pr)
		}
		pairs = kept
	}
	if e.sortQ {
		slices.SortStableFunc(pairs, func(a, b string) int { return strings.Compare(queryName(a), queryName(b)) })
	}
	if e.redactQuery {
		for i, pr := range pairs {
			// An empty value hides nothing and stays empty, as under whatwg.
			if k, v, ok := strings.Cut(pr, "="); ok && v != "" && e.isRedactName(queryName(pr)) {
				pairs[i] = k + "=" + redactMarker
			}
		}
	}
	return strings.Join(pairs, sep)
}
