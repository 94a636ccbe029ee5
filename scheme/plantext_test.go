package scheme_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/scheme"
)

// maxShown is the most bytes a note or message may hold, whatever the input: each decoded
// value in it is quoted by display.Quote (at most display.MaxQuote bytes of the value, each
// shown as at most \xHH, four bytes) or cut by display.Window; the rest is fixed text.
const maxShown = 1024

// textSafe reports why s, a note or message, is not safe to show: it must be its own display
// form (no control byte, no newline, no invalid UTF-8, no format character: nothing for
// display.String to escape), so that it cannot end or forge a line of a plan's text, and it
// must be bounded (maxShown).
func textSafe(s string) string {
	if d := display.String(s); d != s {
		return "holds bytes display would escape"
	}
	if len(s) > maxShown {
		return "is " + strconv.Itoa(len(s)) + " bytes, more than " + strconv.Itoa(maxShown)
	}
	return ""
}

// planText renders p as the CLI's text form does, one line per step: a sent line Go-quoted,
// then the note after "  # "; a step with a note only as "  # note".
func planText(p scheme.Plan) string {
	var b strings.Builder
	for _, s := range p.Steps {
		switch {
		case s.Send != "":
			b.WriteString("  send " + strconv.Quote(s.Send))
			if s.Note != "" {
				b.WriteString("  # " + s.Note)
			}
		case s.Note != "":
			b.WriteString("  # " + s.Note)
		default:
			b.WriteString(`  send ""`)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// checkPlanText fails t when a note or message that PlanFor, ParseView or (with check) Check
// gives for u is not textSafe, or when the plan's text has other than one line per step.
func checkPlanText(t *testing.T, u locator.URL, check bool) {
	t.Helper()
	errMsg := func(what string, err error) {
		t.Helper()
		if err == nil {
			return
		}
		var e *locator.Error
		if !errors.As(err, &e) {
			t.Errorf("%s(%.80q): %T is not a *locator.Error", what, u, err)
			return
		}
		if why := textSafe(e.Message); why != "" {
			t.Errorf("%s(%.80q): the message %.200q %s", what, u, e.Message, why)
		}
	}
	p, err := scheme.PlanFor(u)
	errMsg("PlanFor", err)
	if err == nil {
		for i, s := range p.Steps {
			if why := textSafe(s.Note); why != "" {
				t.Errorf("PlanFor(%.80q): step %d: the note %.200q %s", u, i, s.Note, why)
			}
		}
		if text := planText(p); strings.Count(text, "\n") != len(p.Steps) {
			t.Errorf("PlanFor(%.80q): %d steps, text of %d lines: %.400q", u, len(p.Steps), strings.Count(text, "\n"), text)
		}
	}
	_, err = scheme.ParseView(u)
	errMsg("ParseView", err)
	if !check {
		return
	}
	for _, f := range scheme.Check(u, locator.RFC1738) {
		if why := textSafe(f.Message); why != "" {
			t.Errorf("Check(%.80q): the message %.200q %s", u, f.Message, why)
		}
	}
}

// hostile are escapes whose decoded bytes could end, split or forge a line of output, or
// move a terminal's cursor: controls, a quote, the Telnet IAC, invalid UTF-8, C1 NEL, the
// right-to-left override and a byte-order mark.
var hostile = []string{"%00", "%09", "%0A", "%0d", "%22", "%1B%5B31m", "%7F", "%FF", "%ff%f4", "%80", "%C2%85", "%E2%80%AE", "%EF%BB%BF", "%5C"}

// planTextURLs are URLs of every registered scheme with a hostile escape in each place a plan
// or view decodes: the names a note quotes, the login, the path, the search.
func planTextURLs() []string {
	forms := []string{
		"ftp://u%s:p%s@h/c%s/n%s;type=a", "ftp://h/n%s", "ftp://h/%s;type=d", "ftp://u%s@h/",
		"gopher://h/1s%s", "gopher://h/7%s%%09q%s", "gopher://h/0s%%09%%09+v%s", "gopher://h/0s%%09%%09+%%091%%0D%%0A+-1%%0D%%0Aa%s%%0D%%0A.%%0D%%0A",
		"gopher://h/0s%%09%%09!%s", "gopher://h/%s",
		"http://h/p%s?q%s", "file:///tmp/a%s", "file://h%s/a", "telnet://u%s:p%s@h/",
		"wais://h/db%s?x%s", "wais://h/db/t%s/p%s", "prospero://h/a%s;f%s=v%s", "afs://c/a%s",
		"mailto:a%s@b", "mailto:%%22a%s%%22@b", "news:g%s", "news:a%s@b", "nntp://h/g%s/1",
		"mid:a%s@b/c%s", "cid:a%s@b", "x-foo:%s", "foo:%s",
	}
	var out []string
	for _, form := range forms {
		for _, h := range hostile {
			n := strings.Count(form, "%s")
			args := make([]any, n)
			for i := range args {
				args[i] = h
			}
			out = append(out, fmt.Sprintf(form, args...))
		}
	}
	return append(out,
		"wais://h/db?x%22%0a%20%20send%20%22DELE%20%2Fetc",
		"gopher://h/0a%00b", "ftp://u%ff%f4%ff%f2@h/f", "file:///tmp/a%0Ab",
		"mailto:%1B%5B31mRED%1B%5B0m")
}

// TestPlanTextHostile: no note or message of any scheme shows a hostile decoded byte raw.
func TestPlanTextHostile(t *testing.T) {
	for _, in := range planTextURLs() {
		u, err := locator.Parse(in)
		if err != nil {
			continue
		}
		checkPlanText(t, u, true)
	}
}

// TestPlanTextForgedLine: the issue's example. The wais search decodes to `x"` LF `  send
// "DELE /etc`; shown raw, the note would make a line `  send "DELE /etc"` that the plan does
// not hold.
func TestPlanTextForgedLine(t *testing.T) {
	u := locator.MustParse("wais://h/db?x%22%0a%20%20send%20%22DELE%20%2Fetc")
	p, err := scheme.PlanFor(u)
	if err != nil {
		t.Fatal(err)
	}
	text := planText(p)
	if strings.Contains(text, "\n  send") || strings.Count(text, "\n") != len(p.Steps) {
		t.Errorf("the plan's text holds a forged line:\n%s", text)
	}
	want := `search query "x\"\n  send \"DELE /etc" (a WAIS search request, RFC 1625)`
	if got := p.Steps[len(p.Steps)-1].Note; got != want {
		t.Errorf("note = %q, want %q", got, want)
	}
}

// TestPlanTextBounded: a 1 MB value in each decoded place gives plan notes and messages of
// PlanFor and ParseView of at most maxShown bytes.
func TestPlanTextBounded(t *testing.T) {
	big := strings.Repeat("a%0A", 1<<18)
	forms := []string{"ftp://u%s@h/%s", "ftp://h%s/x", "gopher://h/1%s", "wais://h/%s?%s", "wais://h/d/%s/%s",
		"file:///%s", "file://h%s/a", "telnet://u%s:%s@h/", "prospero://h/%s;%s=%s", "afs://c/%s", "mailto:%s",
		"mailto:a@%s", "news:%s", "news:%s@b", "nntp://h/%s", "nntp://h%s/g", "mid:%s@b/%s", "cid:%s", "http://h:%s/",
		"http://%s/", "ftp://h:1%s/", "gopher://h:%s/", "x-y:%s"}
	for _, form := range forms {
		args := make([]any, strings.Count(form, "%s"))
		for i := range args {
			args[i] = big
		}
		for _, in := range []string{fmt.Sprintf(form, args...), strings.ReplaceAll(fmt.Sprintf(form, args...), "%0A", "b")} {
			u, err := locator.Parse(in)
			if err != nil {
				var e *locator.Error
				if errors.As(err, &e) && len(e.Message) > maxShown {
					t.Errorf("Parse(%.40q…): a message of %d bytes", in, len(e.Message))
				}
				continue
			}
			checkPlanText(t, u, false) // Check on 1 MB: the adversarial tests of the checkers
		}
	}
}

// FuzzPlanText: for any URL, every Step note and every error message of PlanFor and ParseView
// (and every finding's message of Check) is its own display form and bounded, and the plan's
// text is one line per step.
func FuzzPlanText(f *testing.F) {
	for _, in := range planTextURLs() {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		u, err := locator.Parse(in)
		if err != nil {
			return
		}
		checkPlanText(t, u, true)
	})
}
