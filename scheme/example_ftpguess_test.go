package scheme_test

import (
	"fmt"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func ExampleGuessFTPType() {
	for _, name := range []string{"rfc1738.txt", "INDEX.HTML", "rfc1738.txt.gz", "motd"} {
		typ, suffix := scheme.GuessFTPType(name)
		fmt.Printf("%s %s %q\n", name, typ, suffix)
	}
	// Output:
	// rfc1738.txt a ".txt"
	// INDEX.HTML a ".HTML"
	// rfc1738.txt.gz i ""
	// motd i ""
}

func ExampleCheckFTPMail() {
	fmt.Println(scheme.CheckFTPMail("ann@example.org"))
	fmt.Println(scheme.CheckFTPMail("ann@example.org\r\nDELE x"))
	// Output:
	// <nil>
	// locator: "ann@example.org\r\nDELE x": the mail address holds the control byte "\r", which must not reach the PASS command line (at offset 15, RFC 959 §5.3.2 <password>; RFC 1738 §6)
}

func ExampleFTPPlanOptions() {
	f, _ := scheme.ParseFTP(locator.MustParse("ftp://ftp.example.org/pub/notes.txt"))
	p, _ := f.PlanWith(scheme.FTPPlanOptions{Mail: "ann@example.org", MailSource: "--email"})
	for _, s := range p.Steps[1:] {
		if s.Note == "" {
			fmt.Println(s.Send)
			continue
		}
		fmt.Printf("%s  # %s\n", s.Send, s.Note)
	}
	p, _ = f.PlanWith(scheme.FTPPlanOptions{NoTypeGuess: true})
	fmt.Println(p.Steps[4].Send)
	// Output:
	// USER anonymous  # no user name: anonymous FTP (RFC 1738 §3.2.1)
	// PASS ann@example.org  # the anonymous password is the end user's e-mail address (RFC 1738 §3.2.1); from --email
	// CWD pub
	// TYPE A  # no typecode: the client guesses (RFC 1738 §3.2.3); guessed from the suffix ".txt": text, ASCII (RFC 959 §3.1.1.1)
	// RETR notes.txt  # retrieve the file (RFC 959 §4.1.3)
	// TYPE I
}
