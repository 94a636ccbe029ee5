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
	// The e-mail address, and where it came from.
	p, _ := f.PlanWith(scheme.FTPPlanOptions{Mail: "ann@example.org", MailSource: "--email"})
	for _, s := range p.Steps[1:] {
		if s.Note == "" {
			fmt.Println(s.Send)
			continue
		}
		fmt.Printf("%s  # %s\n", s.Send, s.Note)
	}
	// No suffix guess, active mode, no SIZE, resumed at byte 100, the connection kept.
	p, _ = f.PlanWith(scheme.FTPPlanOptions{NoTypeGuess: true, Active: true, NoSize: true, Offset: 100, Keep: true})
	fmt.Printf("%q\n", p.Wire())
	// The same connection reused for the next URL.
	p, _ = f.PlanWith(scheme.FTPPlanOptions{Reuse: true, LoginDir: "/", Keep: true})
	fmt.Printf("%q\n", p.Wire())
	// Output:
	// USER anonymous  # no user name: anonymous FTP (RFC 1738 §3.2.1)
	// PASS ann@example.org  # the anonymous password is the end user's e-mail address (RFC 1738 §3.2.1); from --email
	// CWD pub
	// TYPE A  # no typecode: the client guesses (RFC 1738 §3.2.3); guessed from the suffix ".txt": text, ASCII (RFC 959 §3.1.1.1)
	// SIZE notes.txt  # the size, for the progress; a refusal is allowed (RFC 3659 §4)
	// EPSV  # passive mode: the server listens, the client connects (RFC 2428 §3)
	// PASV  # the server has no EPSV (RFC 959 §4.1.2)
	// RETR notes.txt  # retrieve the file (RFC 959 §4.1.3)
	// QUIT  # end the session (RFC 959 §4.1.1)
	// "USER anonymous\r\nPASS anonymous@\r\nPWD\r\nCWD pub\r\nTYPE I\r\nEPRT <address>\r\nPORT <address>\r\nREST 100\r\nRETR notes.txt\r\n"
	// "CWD /\r\nCWD pub\r\nTYPE A\r\nSIZE notes.txt\r\nEPSV\r\nPASV\r\nRETR notes.txt\r\n"
}
