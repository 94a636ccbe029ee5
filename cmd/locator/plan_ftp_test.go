package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/internal/testserver"
	"github.com/locator-url/locator/scheme"
)

// The tests of this package expect the default anonymous password unless they set one: a
// LOCATOR_EMAIL of the person running them must not change their outcome.
func init() { os.Unsetenv(emailEnv) }

// planFTPHead is what plan shows of ftp://h/ URLs before the PASS line.
const planFTPHead = "  connect h:21\n" +
	"  # connect to h:21 (the FTP control connection, RFC 959; RFC 1738 §3.2: port 21 unless the URL gives one)\n" +
	"  send \"USER anonymous\"  # no user name: anonymous FTP (RFC 1738 §3.2.1)\n"

const passNote = "the anonymous password is the end user's e-mail address (RFC 1738 §3.2.1)"

// TestPlanEmailPrecedence: the anonymous password is --email, else LOCATOR_EMAIL when not
// empty, else scheme.DefaultFTPMail; the PASS note names the source; in every output form.
func TestPlanEmailPrecedence(t *testing.T) {
	const u = "ftp://h/f"
	tail := "  send \"TYPE I\"  # no typecode: the client guesses (RFC 1738 §3.2.3); image transfers the octets unchanged\n" +
		"  send \"SIZE f\"  # the size, for the progress; a refusal is allowed (RFC 3659 §4)\n" +
		"  send \"EPSV\"  # passive mode: the server listens, the client connects (RFC 2428 §3)\n" +
		"  send \"PASV\"  if the reply was 5yz  # the server has no EPSV (RFC 959 §4.1.2)\n" +
		"  send \"RETR f\"  # retrieve the file (RFC 959 §4.1.3)\n" +
		"  send \"QUIT\"  # end the session (RFC 959 §4.1.1)\n"
	for _, r := range []struct {
		env  string // "" unset
		args []string
		pass string
	}{
		{"", nil, `"PASS anonymous@"  # ` + passNote},
		{"", []string{"--email", "ann@example.org"}, `"PASS ann@example.org"  # ` + passNote + "; from --email"},
		{"bob@example.org", nil, `"PASS bob@example.org"  # ` + passNote + "; from LOCATOR_EMAIL"},
		{"bob@example.org", []string{"--email", "ann@example.org"}, `"PASS ann@example.org"  # ` + passNote + "; from --email"},
		{"bob@example.org", []string{"--email=anonymous@"}, `"PASS anonymous@"  # ` + passNote + "; from --email"},
		// The flag wins without looking at the variable, even a bad one.
		{"bad\r\nDELE f", []string{"--email", "ann@example.org"}, `"PASS ann@example.org"  # ` + passNote + "; from --email"},
	} {
		t.Run(strings.Join(append([]string{"env=" + r.env}, r.args...), " "), func(t *testing.T) {
			if r.env != "" {
				t.Setenv(emailEnv, r.env)
			}
			args := append(append([]string{"plan"}, r.args...), u)
			pass := strings.Replace(r.pass, "  #", "  if the reply was 331  #", 1)
			check(t, "", args, u+"\n"+planFTPHead+"  send "+pass+"\n"+tail, 0)
			// One line per URL (-) and --format carry the PASS line too.
			sent := strings.SplitN(r.pass, "  #", 2)[0]
			check(t, u+"\n", append(append([]string{"plan"}, r.args...), "-"),
				"\""+u+"\"\tok\th:21\t-\t\"USER anonymous\"\t"+sent+"\t\"TYPE I\"\t\"SIZE f\"\t\"EPSV\"\t\"PASV\"\t\"RETR f\"\t\"QUIT\"\n", 0)
			check(t, "", append(append([]string{"plan", "--format", "{send}"}, r.args...), u),
				"\"USER anonymous\" "+sent+" \"TYPE I\" \"SIZE f\" \"EPSV\" \"PASV\" \"RETR f\" \"QUIT\"\n", 0)
		})
	}
	// An empty LOCATOR_EMAIL is no address.
	t.Setenv(emailEnv, "")
	check(t, "", []string{"plan", "--format", "{send}", u}, `"USER anonymous" "PASS anonymous@" "TYPE I" "SIZE f" "EPSV" "PASV" "RETR f" "QUIT"`+"\n", 0)
}

// TestPlanEmailRefused: an address with a control byte, from the flag or the variable, and an
// empty --email are usage errors (exit 2) that name the source, before any URL is planned.
func TestPlanEmailRefused(t *testing.T) {
	for _, r := range []struct {
		env  string
		args []string
		want string
	}{
		{"", []string{"--email", "a\r\nDELE f"}, `locator: --email "a\r\nDELE f": the mail address holds the control byte "\r", which must not reach the PASS command line (at offset 1, RFC 959 §5.3.2 <password>; RFC 1738 §6)`},
		{"", []string{"--email", "a\x00"}, `locator: --email "a\x00": the mail address holds the control byte "\x00"`},
		{"", []string{"--email", "\x7f"}, `locator: --email "\x7f": the mail address holds the control byte "\x7f"`},
		{"", []string{"--email", ""}, `locator: --email "": the anonymous password (an e-mail address) is empty (at offset 0, RFC 1738 §3.2.1)`},
		{"a\tb", nil, `locator: LOCATOR_EMAIL "a\tb": the mail address holds the control byte "\t", which must not reach the PASS command line (at offset 1, RFC 959 §5.3.2 <password>; RFC 1738 §6)`},
		{"ann\n", nil, `locator: LOCATOR_EMAIL "ann\n": the mail address holds the control byte "\n"`},
	} {
		if r.env != "" {
			t.Setenv(emailEnv, r.env)
		} else {
			os.Unsetenv(emailEnv)
		}
		for _, input := range [][]string{{"ftp://h/f"}, {"http://h/"}, {"-"}} {
			out, errs, code := runLocator(t, "ftp://h/f\n", append(append([]string{"plan"}, r.args...), input...)...)
			if code != 2 || out != "" || !strings.HasPrefix(errs, r.want) {
				t.Errorf("env %q, plan %q %q: exit %d, stdout %q, stderr %q; want exit 2, %q", r.env, r.args, input, code, out, errs, r.want)
			}
		}
	}
	os.Unsetenv(emailEnv)
}

// TestPlanTypeGuess: without ";type=", a text suffix (any case) plans TYPE A with a note that
// says it was guessed and from what; other names TYPE I; --no-type-guess TYPE I for all; a
// typecode is never overridden.
func TestPlanTypeGuess(t *testing.T) {
	guessed := func(s string) string {
		return "no typecode: the client guesses (RFC 1738 §3.2.3); guessed from the suffix \"" + s + "\": text, ASCII (RFC 959 §3.1.1.1)"
	}
	const image = "no typecode: the client guesses (RFC 1738 §3.2.3); image transfers the octets unchanged"
	const off = "no typecode: the client guesses (RFC 1738 §3.2.3); the suffix guess is off: image transfers the octets unchanged"
	for _, r := range []struct {
		url     string
		noGuess bool
		typ     string
		note    string
	}{
		{"ftp://h/notes.txt", false, "TYPE A", guessed(".txt")},
		{"ftp://h/NOTES.TXT", false, "TYPE A", guessed(".TXT")},
		{"ftp://h/index.Html", false, "TYPE A", guessed(".Html")},
		{"ftp://h/notes.txt.gz", false, "TYPE I", image},
		{"ftp://h/motd", false, "TYPE I", image},
		{"ftp://h/notes.txt", true, "TYPE I", off},
		{"ftp://h/notes.txt;type=i", false, "TYPE I", "typecode i: image (RFC 1738 §3.2.2; RFC 959 §3.1.1.3)"},
		{"ftp://h/f.bin;type=a", true, "TYPE A", "typecode a: ASCII (RFC 1738 §3.2.2; RFC 959 §3.1.1.1)"},
	} {
		args := []string{"plan", "--json"}
		if r.noGuess {
			args = append(args, "--no-type-guess")
		}
		out, _, code := runLocator(t, "", append(args, r.url)...)
		want := `{"send":"` + r.typ + `","note":"` + strings.ReplaceAll(r.note, `"`, `\"`) + `","expect":["200"]}`
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("plan %q: exit %d, %s; want %s", r.url, code, out, want)
		}
	}
	h := helpOf(t, "plan")
	for _, s := range []string{"--email ADDR", "LOCATOR_EMAIL", "--no-type-guess", "RFC 1738 §3.2.3", ".txt .text .asc", "RFC 1738 §3.2.1"} {
		if !strings.Contains(h, s) {
			t.Errorf("plan --help does not say %q", s)
		}
	}
}

// TestPlanIsWireFTP: what `locator plan --json URL` shows is what vsftpd receives when
// package fetch retrieves URL: the server's own log (log_ftp_protocol) of the commands it
// received is the plan's send lines, each step with a When taken exactly when the server's
// logged reply to the line before matches it (RFC 959 §4.2: the first digits of the code).
// vsftpd asks anonymous users for a password (331, so PASS is sent), knows EPSV (PASV is not
// sent), does not know MLSD (500, so LIST is sent) and refuses an empty CWD (550, the end;
// its log shows "CWD " as "CWD", without the trailing space).
func TestPlanIsWireFTP(t *testing.T) {
	s := testserver.VSFTPD(t, testserver.VSFTPDOptions{AskPassword: true,
		Files: map[string][]byte{"pub/a.txt": []byte("a\n"), "pub/sub/b.bin": {0, 1, 2}}})
	for _, path := range []string{"/pub/a.txt", "/pub/sub/b.bin;type=i", "/pub/", "/pub/sub;type=d", "/pub/missing", "//pub/a.txt"} {
		url := s.URL(path)
		out, errs, code := runLocator(t, "", "plan", "--json", url)
		var p struct {
			Steps []scheme.Step `json:"steps"`
		}
		if err := json.Unmarshal([]byte(out), &p); code != 0 || err != nil {
			t.Fatalf("plan --json %s: exit %d, %v, %s", url, code, err, errs)
		}
		before := len(s.Dialog(t))
		_, _ = fetch.Get(context.Background(), url, io.Discard, fetch.Options{})
		var got []string
		var want []string
		d := s.Dialog(t)[before:]
		i, last := 0, ""
		for i < len(d) && strings.HasPrefix(d[i], "< ") { // the greeting
			last = d[i][2:5]
			i++
		}
		for _, st := range p.Steps {
			if st.Send == "" {
				continue
			}
			if len(st.When) > 0 && !slices.ContainsFunc(st.When, func(w string) bool { return strings.HasPrefix(last, w) }) {
				continue
			}
			if i >= len(d) {
				break
			}
			want = append(want, st.Send)
			got = append(got, strings.TrimPrefix(d[i], "> "))
			i++
			decided := false
			for i < len(d) && strings.HasPrefix(d[i], "< ") {
				last = d[i][2:5]
				if !decided && (last[0] != '1' || slices.ContainsFunc(st.Expect, func(e string) bool { return strings.HasPrefix(last, e) })) {
					decided = true
					if !slices.ContainsFunc(st.Expect, func(e string) bool { return strings.HasPrefix(last, e) }) {
						i = len(d) // the server's refusal ends the dialog
					}
				}
				i++
			}
		}
		for j, l := range want {
			if strings.HasPrefix(l, "PASS ") {
				want[j] = "PASS <password>" // vsftpd does not log passwords
			}
			// vsftpd logs a line without its trailing spaces: "CWD " as "CWD".
			want[j] = strings.TrimRight(want[j], " ")
		}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s: vsftpd received\n%q\nlocator plan shows\n%q", path, got, want)
		}
		if len(want) < 3 {
			t.Errorf("%s: only %q", path, want)
		}
	}
}
