package scheme_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// ftpTextSuffixes is the table GuessFTPType documents: the suffixes it reads as text (RFC 1738
// §3.2.3: the type "can only be guessed from the name, e.g., from the suffix of the name").
var ftpTextSuffixes = []string{
	"txt", "text", "asc", "me", "html", "htm", "sgml", "xml", "css", "tex", "md", "csv",
	"c", "h", "cc", "cpp", "java", "py", "pl", "sh",
}

// TestGuessFTPType: every documented text suffix, in lower, upper and mixed case, guesses "a"
// with the suffix as written; names near them (no suffix, a leading dot only, a trailing dot, a
// suffix of a text suffix, a longer one, a compressed text, a suffix that is only a prefix of
// a text suffix) guess "i".
func TestGuessFTPType(t *testing.T) {
	for _, suf := range ftpTextSuffixes {
		mixed := []byte(suf)
		mixed[0] &^= 0x20
		for _, s := range []string{suf, strings.ToUpper(suf), string(mixed)} {
			for _, name := range []string{"f." + s, "rfc1738." + s, "a.b." + s, "x.gz." + s} {
				if typ, got := scheme.GuessFTPType(name); typ != "a" || got != "."+s {
					t.Errorf("GuessFTPType(%q) = %q, %q; want \"a\", %q", name, typ, got, "."+s)
				}
			}
			// The suffix must be the whole text after the last dot.
			for _, name := range []string{s, "." + s, "f." + s + "x", "f." + s + ".gz", "f." + s + ".", "f_" + s, "f." + s + "1"} {
				if typ, got := scheme.GuessFTPType(name); typ != "i" || got != "" {
					t.Errorf("GuessFTPType(%q) = %q, %q; want \"i\", \"\"", name, typ, got)
				}
			}
		}
	}
	for _, name := range []string{"", ".", "..", "motd", "README", "f.bin", "f.gz", "f.tar", "f.zip", "f.exe",
		"f.ps", "f.pdf", "f.jpg", "f.t", "f.tx", "f.txtx", "f.textt", "f.javas", "f.\xfftxt", "f.t\x00t", "f.txt\x00",
		"f.ht", "f.htmll", "f.c++", "f.C ", "f. c"} {
		if typ, got := scheme.GuessFTPType(name); typ != "i" || got != "" {
			t.Errorf("GuessFTPType(%q) = %q, %q; want \"i\", \"\"", name, typ, got)
		}
	}
	// One megabyte of dots, and of a name with no dot: the guess looks at the end only.
	for _, name := range []string{strings.Repeat(".", 1<<20), strings.Repeat("a", 1<<20), strings.Repeat("a.", 1<<19) + "txt"} {
		typ, _ := scheme.GuessFTPType(name)
		if want := map[bool]string{true: "a", false: "i"}[strings.HasSuffix(name, ".txt")]; typ != want {
			t.Errorf("GuessFTPType(1 MB %q…) = %q; want %q", name[:4], typ, want)
		}
	}
}

// TestFTPPlanTypeGuess: a name without a typecode gets the guessed TYPE with a note that says
// it was guessed and from what; with NoTypeGuess every such name is image; a typecode always
// wins; a directory gets no TYPE.
func TestFTPPlanTypeGuess(t *testing.T) {
	const guessImage = "no typecode: the client guesses (RFC 1738 §3.2.3); image transfers the octets unchanged"
	const guessOff = "no typecode: the client guesses (RFC 1738 §3.2.3); the suffix guess is off: image transfers the octets unchanged"
	guessText := func(s string) string {
		return "no typecode: the client guesses (RFC 1738 §3.2.3); guessed from the suffix \"" + s + "\": text, ASCII (RFC 959 §3.1.1.1)"
	}
	for _, r := range []struct {
		url     string
		noGuess bool
		send    string // the TYPE line ("" for none)
		note    string
		last    string
	}{
		{"ftp://h/pub/rfc1738.txt", false, "TYPE A", guessText(".txt"), "RETR rfc1738.txt"},
		{"ftp://h/pub/RFC1738.TXT", false, "TYPE A", guessText(".TXT"), "RETR RFC1738.TXT"},
		{"ftp://h/pub/index.Html", false, "TYPE A", guessText(".Html"), "RETR index.Html"},
		{"ftp://h/src/main.c", false, "TYPE A", guessText(".c"), "RETR main.c"},
		{"ftp://h/pub/a%2Etxt", false, "TYPE A", guessText(".txt"), "RETR a.txt"}, // decoded name
		{"ftp://h/pub/rfc1738.txt.gz", false, "TYPE I", guessImage, "RETR rfc1738.txt.gz"},
		{"ftp://h/pub/motd", false, "TYPE I", guessImage, "RETR motd"},
		{"ftp://h/pub/.txt", false, "TYPE I", guessImage, "RETR .txt"},
		{"ftp://h/pub/rfc1738.txt", true, "TYPE I", guessOff, "RETR rfc1738.txt"},
		{"ftp://h/pub/f.bin", true, "TYPE I", guessOff, "RETR f.bin"},
		{"ftp://h/pub/rfc1738.txt;type=i", false, "TYPE I", "typecode i: image (RFC 1738 §3.2.2; RFC 959 §3.1.1.3)", "RETR rfc1738.txt"},
		{"ftp://h/pub/f.bin;type=a", false, "TYPE A", "typecode a: ASCII (RFC 1738 §3.2.2; RFC 959 §3.1.1.1)", "RETR f.bin"},
		{"ftp://h/pub/", false, "", "", "LIST"},
		{"ftp://h/pub/", true, "", "", "LIST"},
	} {
		f, err := scheme.ParseFTP(locator.MustParse(r.url))
		if err != nil {
			t.Fatal(err)
		}
		p, err := f.PlanWith(scheme.FTPPlanOptions{NoTypeGuess: r.noGuess})
		if err != nil {
			t.Errorf("PlanWith(%q) = %v", r.url, err)
			continue
		}
		var typ scheme.Step
		for _, s := range p.Steps {
			if strings.HasPrefix(s.Send, "TYPE") {
				typ = s
			}
		}
		// The transfer is the step before QUIT.
		if typ.Send != r.send || typ.Note != r.note || p.Steps[len(p.Steps)-2].Send != r.last {
			t.Errorf("PlanWith(%q, NoTypeGuess %v): TYPE step %+v, transfer %q; want %q %q, %q", r.url, r.noGuess, typ,
				p.Steps[len(p.Steps)-2].Send, r.send, r.note, r.last)
		}
	}
	// PlanFor (the zero options) guesses too.
	p, err := scheme.PlanFor(locator.MustParse("ftp://h/README.txt"))
	if err != nil || string(p.Wire()) != "USER anonymous\r\nPASS anonymous@\r\nTYPE A\r\nSIZE README.txt\r\nEPSV\r\nPASV\r\nRETR README.txt\r\nQUIT\r\n" {
		t.Errorf("PlanFor = %q, %v", p.Wire(), err)
	}
}

// TestCheckFTPMail: every control byte is refused at its offset with CodeLineBreak, the empty
// address with CodeEmpty; printable ASCII, a space and bytes 80–FF pass (sent as Telnet data).
func TestCheckFTPMail(t *testing.T) {
	for c := 0; c < 0x100; c++ {
		mail := "ann" + string(rune(0)) + "@example.org"
		mail = mail[:3] + string([]byte{byte(c)}) + mail[4:]
		err := scheme.CheckFTPMail(mail)
		var e *locator.Error
		if c < 0x20 || c == 0x7f {
			if !errors.As(err, &e) || e.Code != scheme.CodeLineBreak || e.Offset != 3 || e.Input != mail {
				t.Errorf("CheckFTPMail(%q) = %v; want CodeLineBreak at 3", mail, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("CheckFTPMail(%q) = %v; want nil", mail, err)
		}
	}
	var e *locator.Error
	if err := scheme.CheckFTPMail(""); !errors.As(err, &e) || e.Code != locator.CodeEmpty {
		t.Errorf("CheckFTPMail(\"\") = %v; want CodeEmpty", err)
	}
	for _, ok := range []string{scheme.DefaultFTPMail, "a", "ann@example.org", "ann smith@x", "\xff"} {
		if err := scheme.CheckFTPMail(ok); err != nil {
			t.Errorf("CheckFTPMail(%q) = %v", ok, err)
		}
	}
	// The refusal is the plan's too: nothing of the mail reaches the wire.
	f, _ := scheme.ParseFTP(locator.MustParse("ftp://h/f"))
	for _, bad := range []string{"a\r\nDELE f", "a\nb", "a\tb", "a\x00", "\x7f"} {
		if p, err := f.PlanWith(scheme.FTPPlanOptions{Mail: bad}); !errors.As(err, &e) || e.Code != scheme.CodeLineBreak || len(p.Steps) != 0 {
			t.Errorf("PlanWith(Mail %q) = %+v, %v; want CodeLineBreak", bad, p, err)
		}
	}
}

// TestFTPPlanMailSource: the PASS step sends Mail, or DefaultFTPMail for "", and its note names
// MailSource only when Mail is given; a user name in the URL sends no mail at all.
func TestFTPPlanMailSource(t *testing.T) {
	const base = "the anonymous password is the end user's e-mail address (RFC 1738 §3.2.1)"
	f, _ := scheme.ParseFTP(locator.MustParse("ftp://h/f"))
	for _, r := range []struct {
		o          scheme.FTPPlanOptions
		send, note string
	}{
		{scheme.FTPPlanOptions{}, "PASS anonymous@", base},
		{scheme.FTPPlanOptions{MailSource: "--email"}, "PASS anonymous@", base},
		{scheme.FTPPlanOptions{Mail: "ann@example.org"}, "PASS ann@example.org", base},
		{scheme.FTPPlanOptions{Mail: "ann@example.org", MailSource: "--email"}, "PASS ann@example.org", base + "; from --email"},
		{scheme.FTPPlanOptions{Mail: "bob@example.org", MailSource: "LOCATOR_EMAIL"}, "PASS bob@example.org", base + "; from LOCATOR_EMAIL"},
	} {
		p, err := f.PlanWith(r.o)
		if err != nil || p.Steps[2].Send != r.send || p.Steps[2].Note != r.note {
			t.Errorf("PlanWith(%+v): %+v, %v; want %q %q", r.o, p.Steps, err, r.send, r.note)
		}
	}
	g, _ := scheme.ParseFTP(locator.MustParse("ftp://joe@h/f"))
	p, err := g.PlanWith(scheme.FTPPlanOptions{Mail: "ann@example.org", MailSource: "--email"})
	if err != nil || strings.Contains(string(p.Wire()), "ann@") {
		t.Errorf("PlanWith(user joe) = %q, %v; want no mail", p.Wire(), err)
	}
}
