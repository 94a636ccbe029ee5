package scheme_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// TestGopherPlanRefusesNUL: RFC 1436 sends the selector, the search string (after a TAB on the
// same line) and the gopher+ string as UNASCII = ASCII - [Tab CR-LF NUL]. The view keeps a
// decoded NUL; the plan refuses to send it, at the offset of its escape in the URL, and
// Request gives nil.
func TestGopherPlanRefusesNUL(t *testing.T) {
	for _, r := range []struct {
		in, what string
		off      int
	}{
		{"gopher://h/0a%00b", "selector", 13},            // the example
		{"gopher://h/0%00", "selector", 12},              // the first byte of the selector
		{"gopher://h/%00a%00b", "selector", 15},          // a NUL gophertype is not sent; the selector's is
		{"gopher://h/%00ab", "", -1},                     // the gophertype alone: nothing sent holds NUL
		{"gopher://h/0a?b%00", "selector", 15},           // "?" belongs to the selector (RFC 1738 §3.4)
		{"gopher://h/7a%09b%00", "search string", 17},    // the search, after the TAB
		{"gopher://h/7%09%00", "search string", 15},      // an empty selector, a NUL search
		{"gopher://h/7a%09%00%09+", "search string", 16}, // the search of a gopher+ request
		{"gopher://h/0a%09%09+x%00", "gopher+ string", 21},
		{"gopher://h/0a%09%09!%00", "gopher+ string", 20},
		{"gopher://h/0a%09%09+%091%0D%0A+-1%0D%0Ax%00y%0D%0A.%0D%0A", "gopher+ string", 40}, // an ASK value
		{"gopher://h:70/1%00#%00", "selector", 15},
		{"gopher://h/0a%01b", "", -1}, // other controls are UNASCII: sent
		{"gopher://h/0a%7Fb", "", -1},
		{"gopher://h/7a%09b%01", "", -1},
	} {
		u := locator.MustParse(r.in)
		g, err := scheme.ParseGopher(u)
		if err != nil {
			t.Errorf("ParseGopher(%q): %v; the view keeps a NUL", r.in, err)
			continue
		}
		p, err := scheme.PlanFor(u)
		if r.off < 0 {
			if err != nil || strings.Contains(string(p.Wire()), "\x00") {
				t.Errorf("PlanFor(%q) = %q, %v; want a plan", r.in, p.Wire(), err)
			}
			if g.Request() == nil {
				t.Errorf("Request(%q) = nil", r.in)
			}
			continue
		}
		var e *locator.Error
		if !errors.As(err, &e) || e.Code != scheme.CodeLineBreak || e.Offset != r.off || e.Input != r.in {
			t.Errorf("PlanFor(%q) = %v; want %s at %d", r.in, err, scheme.CodeLineBreak, r.off)
			continue
		}
		if !strings.Contains(e.Rule, "RFC 1436") || !strings.Contains(e.Rule, "RFC 1738 §6") ||
			!strings.Contains(e.Message, "the "+r.what+" ") {
			t.Errorf("PlanFor(%q): rule %q, message %q; want RFC 1436, RFC 1738 §6, the %s", r.in, e.Rule, e.Message, r.what)
		}
		if b := g.Request(); b != nil {
			t.Errorf("Request(%q) = %q; want nil", r.in, b)
		}
		// The view's own plan refuses it at the escape of the URL it builds.
		v, _ := g.URL()
		if _, err := g.Plan(); !errors.As(err, &e) || e.Code != scheme.CodeLineBreak || e.Input != v.String() ||
			!strings.HasPrefix(v.String()[e.Offset:], "%00") {
			t.Errorf("%q: view Plan() = %v", r.in, err)
		}
	}
	// A view built by hand: a NUL in each sent field.
	h := scheme.Login{Host: "h"}
	for _, g := range []scheme.Gopher{
		{Login: h, Type: "0", Selector: "a\x00"},
		{Login: h, Type: "7", Search: strp("\x00")},
		{Login: h, Type: "0", GopherPlus: strp("+\x00")},
		{Login: h, Type: "0", Plus: &scheme.GopherPlus{Kind: scheme.GopherPlusItem, Ask: []string{"\x00"}}},
	} {
		if _, err := g.Plan(); func() bool { c, _ := errCode(err); return c != scheme.CodeLineBreak }() {
			t.Errorf("%+v: Plan() = %v; want %s", g, err, scheme.CodeLineBreak)
		}
		if g.Request() != nil {
			t.Errorf("%+v: Request() = %q; want nil", g, g.Request())
		}
		if _, err := g.URL(); err != nil {
			t.Errorf("%+v: URL(): %v; the view may hold a NUL", g, err)
		}
	}
}

// TestPlanLineBreakOffsets: a refusal is at the escape of the part it names, not at the
// first escape of the URL (an earlier part may hold the same byte).
func TestPlanLineBreakOffsets(t *testing.T) {
	for _, r := range []struct {
		in  string
		off int
	}{
		{"ftp://u%00@h%00/", 12},        // the host is checked first; its escape, not the user's
		{"ftp://u%00@h/a%00", 7},        // the user name
		{"ftp://u:p%0A@h/a%0A", 9},      // the password
		{"ftp://u@h/a%0Ab/c%00", 11},    // the first CWD element
		{"ftp://u@h/a/b%0Ac%00", 13},    // the name
		{"ftp://h/%61%0A/x", 11},        // the escape, not the byte before it
		{"telnet://u%0A:p%0A@h/", 10},   // the user name
		{"telnet://u:p%0A@h%0A/", 12},   // the password, checked before the host
		{"telnet://u:p%FF@h/", 12},      // the Telnet IAC (RFC 854)
		{"gopher://h%0A/0a%00", 10},     // the host
		{"file:///a%2Fb%00", 13},        // an encoded "/" before the NUL
		{"file:/a%00", 7},               // no authority: the rebuilt URL has one
		{"wais://h%0D/db", 8},           // the host of a plan of notes
		{"nntp://h%0D/comp.misc", 8},    // idem
		{"http://h%0A/a%0A", 8},         // the host
		{"prospero://h%00/x", 12},       // the host
		{"afs://c%00/x", 7},             // the cell
		{"afs://c/x%2Fy%00", 13},        // the path
		{"gopher://h/0%3F%00", 15},      // an encoded "?" before the NUL
		{"gopher://h/0?%00", 13},        // an unencoded one
		{"gopher://h/0%61%00%00", 15},   // the first of two
		{"ftp://u@h/%2F%0A;type=a", 13}, // a CWD element with an encoded "/"
	} {
		_, err := scheme.PlanFor(locator.MustParse(r.in))
		if c, off := errCode(err); c != scheme.CodeLineBreak || off != r.off {
			t.Errorf("PlanFor(%q) = %v; want %s at %d", r.in, err, scheme.CodeLineBreak, r.off)
		}
	}
}
