package scheme_test

import (
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/pct"
	"github.com/locator-url/locator/scheme"
)

// The problems the mailto checker reports for an address that is not an RFC 822 §6.1
// addr-spec, as its messages say them.
const (
	qsBad       = "a quoted-string holds a CR, a lone \"\\\" or a non-ASCII byte"
	qsOpen      = "a quoted-string without its closing quote"
	dlBad       = "a domain-literal holds \"[\", a CR, a lone \"\\\" or a non-ASCII byte"
	dlOpen      = "a domain-literal without its closing \"]\""
	unexpected  = "unexpected "
	noAt        = "no \"@\" after the local-part"
	emptyDomain = "an empty domain or sub-domain"
)

// TestMailtoQuotedStringAndDomainLiteral: the quoted-string and domain-literal of RFC 822
// §3.3, both sides of each rule, through the checker (RFC 1738 §3.5: the address is "further
// defined in RFC822"; CodeAddrSpec, a warning) and the plan (which refuses a control byte,
// a space, "<" and ">" anywhere, even where RFC 822 allows them: the address is the path of
// RCPT TO, RFC 1738 §6, RFC 5321 §4.1.2):
//
//	quoted-string  = <"> *(qtext/quoted-pair) <">
//	qtext          = <any CHAR excepting <">, "\" & CR, and including linear-white-space>
//	domain-literal = "[" *(dtext / quoted-pair) "]"
//	dtext          = <any CHAR excluding "[", "]", "\" & CR, & including linear-white-space>
//	quoted-pair    = "\" CHAR                    CHAR = <any ASCII character> (0-127)
func TestMailtoQuotedStringAndDomainLiteral(t *testing.T) {
	for _, r := range []struct {
		rule, addr string // addr decoded; the URL encodes it
		problem    string // what the checker says, or "" for an addr-spec
	}{
		// quoted-string
		{"qtext: a space", `"a b"@h`, ""},
		{"quoted-string: empty", `""@h`, ""},
		{"qtext: no CR (encoded)", "\"a\rb\"@h", qsBad},
		{"quoted-pair: a CR after \"\\\"", "\"a\\\rb\"@h", ""},
		{"qtext: LF is a CHAR", "\"a\nb\"@h", ""},
		{"qtext: linear-white-space, a TAB", "\"a\tb\"@h", ""},
		{"qtext: DEL is a CHAR (127)", "\"a\x7fb\"@h", ""},
		{"qtext: a byte 128 is not", "\"a\x80b\"@h", qsBad},
		{"qtext: no non-ASCII", "\"a\u00e9\"@h", qsBad},
		{"quoted-pair: \"\\\" and DEL", "\"a\\\x7f\"@h", ""},
		{"quoted-pair: \"\\\" and a byte 128", "\"a\\\x80\"@h", qsBad},
		{"quoted-pair: an escaped quote", `"a\"b"@h`, ""},
		{"quoted-pair: an escaped quote is not the closing one", `"a\"@h`, qsOpen},
		{"quoted-pair: an escaped backslash", `"a\\"@h`, ""},
		{"quoted-pair: a lone backslash at the end", `"a\`, qsBad},
		{"quoted-pair: a lone backslash, then the closing quote escaped", `"a\"`, qsOpen},
		{"quoted-string: no closing quote", `"a@h`, qsOpen},
		{"quoted-string: words", `a."b c".d@h`, ""},
		{"local-part: a quoted-string then an atom needs a \".\"", `"a"b@h`, noAt},
		{"domain: no quoted-string", `a@"h"`, unexpected + `"\""`},
		// domain-literal
		{"domain-literal", "a@[10.0.0.1]", ""},
		{"domain-literal: empty", "a@[]", ""},
		{"domain-literal: a sub-domain", "a@h.[1].x", ""},
		{"dtext: no \"[\"", "a@[1[2]", dlBad},
		{"quoted-pair: an escaped \"[\"", `a@[1\[2]`, ""},
		{"quoted-pair: an escaped \"]\"", `a@[1\]2]`, ""},
		{"dtext: \"]\" ends it", "a@[1]2]", unexpected + `"2" in the domain`},
		{"dtext: no CR", "a@[1\r2]", dlBad},
		{"quoted-pair: a CR after \"\\\"", "a@[1\\\r2]", ""},
		{"dtext: LF is a CHAR", "a@[1\n2]", ""},
		{"dtext: a space", "a@[1 2]", ""},
		{"dtext: no lone backslash at the end", `a@[1\`, dlBad},
		{"quoted-pair: an escaped backslash", `a@[1\\]`, ""},
		{"dtext: DEL is a CHAR", "a@[1\x7f]", ""},
		{"dtext: a byte 128 is not", "a@[1\x80]", dlBad},
		{"quoted-pair: \"\\\" and a byte 128", "a@[1\\\x80]", dlBad},
		{"domain-literal: no closing \"]\"", "a@[1", dlOpen},
		{"domain-literal: not in the local-part", "[1]@h", unexpected + `"["`},
		{"domain-literal: then the domain ends", "a@[1]x", unexpected + `"x" in the domain`},
		{"domain: not empty", "a@", emptyDomain},
		{"domain: no empty sub-domain", "a@h.", emptyDomain},
	} {
		in := "mailto:" + pct.Encode(r.addr, pct.RFC1738Xchar.Without("?"))
		u, err := locator.Parse(in)
		if err != nil {
			t.Errorf("%s: Parse(%q): %v", r.rule, in, err)
			continue
		}
		if m, err := scheme.ParseMailto(u); err != nil || m.Addr != r.addr {
			t.Errorf("%s: ParseMailto(%q) = %q, %v; want %q", r.rule, in, m.Addr, err, r.addr)
		}
		var got []string
		for _, f := range scheme.Check(u, locator.RFC1738) {
			if f.Code != scheme.CodeAddrSpec {
				continue
			}
			got = append(got, f.Message)
			if f.Offset != len("mailto:") || f.Severity != locator.SeverityWarning || f.Rule != "RFC 822 §6.1 addr-spec" {
				t.Errorf("%s: Check(%q): %+v", r.rule, in, f)
			}
		}
		switch {
		case r.problem == "" && len(got) > 0:
			t.Errorf("%s: Check(%q) says %q; want an addr-spec", r.rule, in, got)
		case r.problem != "" && (len(got) != 1 || !strings.HasSuffix(got[0], ": "+r.problem) && !strings.Contains(got[0], ": "+r.problem)):
			t.Errorf("%s: Check(%q) says %q; want %q", r.rule, in, got, r.problem)
		}
		// The plan sends the address in RCPT TO unless it holds a control byte, a space, "<" or
		// ">" (RFC 1738 §6, RFC 5321 §4.1.2); the error is at the byte's escape in the URL.
		p, err := scheme.PlanFor(u)
		if i := strings.IndexFunc(r.addr, func(c rune) bool { return c <= ' ' || c == 0x7f || c == '<' || c == '>' }); i >= 0 {
			at := len("mailto:") + len(pct.Encode(r.addr[:i], pct.RFC1738Xchar.Without("?")))
			if c, off := errCode(err); c != scheme.CodeLineBreak || off != at {
				t.Errorf("%s: PlanFor(%q) = %v; want %s at %d", r.rule, in, err, scheme.CodeLineBreak, at)
			}
		} else if err != nil || string(p.Wire()) != "RCPT TO:<"+r.addr+">\r\n" {
			t.Errorf("%s: PlanFor(%q) = %q, %v", r.rule, in, p.Wire(), err)
		}
	}
}

// TestMailtoUnencodedSpecials: RFC 1738 §3.5 and §5 encoded822addr = 1*xchar: the quote,
// backslash and brackets of a quoted-string or domain-literal are not xchar, so they are
// encoded in the URL; written as they are, the checker reports them (while the address, once
// decoded, is the same addr-spec).
func TestMailtoUnencodedSpecials(t *testing.T) {
	for _, r := range []struct {
		in  string
		off int
	}{
		{`mailto:"a"@h`, 7},
		{`mailto:a@[1]`, 9},
		{`mailto:%22a\%22%22@h`, 11},
	} {
		u, err := locator.Parse(r.in)
		if err != nil {
			continue // Parse refuses it: no less strict
		}
		found := false
		for _, f := range scheme.Check(u, locator.RFC1738) {
			found = found || (f.Offset == r.off && f.Severity == locator.SeverityError)
		}
		if !found {
			t.Errorf("Check(%q): no error at %d: %v", r.in, r.off, scheme.Check(u, locator.RFC1738))
		}
		// And encoded, it is valid.
		m, _ := scheme.ParseMailto(u)
		v, err := m.URL()
		if err != nil || !scheme.Valid(scheme.Check(v, locator.RFC1738)) {
			t.Errorf("%q → %q, %v: %v", r.in, v, err, scheme.Check(v, locator.RFC1738))
		}
	}
}
