package scheme

import (
	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/pct"
)

// Telnet is the typed view of a telnet URL (RFC 1738 §3.8; RFC 4248 §2):
//
//	telnet://<user>:<password>@<host>:<port>/
//
// It is the login alone: the URL designates an interactive service, not a data object, and "the
// final "/" character may be omitted" (RFC 1738 §3.8). User and Password are advisory: "clients
// accessing a telnet URL merely advise the user of the suggested username and password".
//
// The zero value has no host and so no access plan.
type Telnet struct {
	Login
}

// telnetBad are the bytes a telnet plan refuses once decoded, in the user name, password and
// host. It is the set at which libwww's HTCleanTelnetString cuts these strings "to stop
// command injection via telnet: URLs": the C0 controls but HT, DEL, the C1 controls 80–9F, and
// FF, which is the Telnet IAC (RFC 854, "Interpret as Command"). RFC 1738 §6: encoded CR and
// LF "for telnet protocols" must not be unencoded before transmission.
var telnetBad = pct.Range(0x00, 0x1f).Without("\t").Union(pct.Range(0x7f, 0x9f)).With("\xff")

func init() {
	register(Scheme{
		SchemeInfo: locator.SchemeInfo{Name: "telnet", DefaultPort: 23, Hierarchical: true, Source: "RFC 1738 §3.8"},
		View:       func(u locator.URL) (View, error) { return ParseTelnet(u) },
		Check:      checkTelnet,
		Plan: func(u locator.URL) (Plan, error) {
			t, err := ParseTelnet(u)
			if err != nil {
				return Plan{}, err
			}
			p, err := t.Plan()
			return p, rebase(err, u, telnetBad)
		},
	})
}

// ParseTelnet returns the telnet view of u. It fails on another scheme (CodeWrongScheme),
// without a "//" login (CodeNoAuthority), and when anything but one "/" follows the login
// (CodeTelnetPath).
func ParseTelnet(u locator.URL) (Telnet, error) {
	if b, off := behind(u); off > 0 {
		v, err := ParseTelnet(b)
		return v, shiftErr(err, u, off)
	}
	var t Telnet
	if err := wrongScheme(u, "telnet"); err != nil {
		return t, err
	}
	if err := needLogin(u); err != nil {
		return t, err
	}
	if s, off := afterAuthority(u); s != "" && s != "/" {
		return t, &locator.Error{Input: u.String(), Offset: off, Code: CodeTelnetPath, Rule: "RFC 1738 §5 telneturl",
			Message: "a telnet URL ends after the login and an optional \"/\""}
	}
	l, err := parseLogin(u)
	if err != nil {
		return t, err
	}
	t.Login = l
	return t, nil
}

// Scheme returns "telnet".
func (Telnet) Scheme() string { return "telnet" }

// URL returns the telnet URL of t, with the final "/" (RFC 1738 §3.8). It fails (CodeBadView)
// on a password without a user name, or a host or port that cannot be written.
func (t Telnet) URL() (locator.URL, error) {
	if err := checkLoginView("telnet", t.Login, true); err != nil {
		return locator.URL{}, err
	}
	b := appendLogin([]byte("telnet:"), t.Login)
	return finish(append(b, '/'))
}

// Plan returns the telnet access t stands for: connect to the host (port 23 unless given,
// RFC 1738 §3.8; RFC 854), then notes that suggest the user name and password to the user.
// Nothing is sent for them: they "are advisory only" (RFC 1738 §3.8). A last note says how
// the client answers the server's option negotiation ([TelnetNegotiationNote]). A user name, password or
// host that decodes to a control character (telnetBad) is refused with CodeLineBreak, as
// libwww's HTCleanTelnetString cuts such strings (RFC 1738 §6).
func (t Telnet) Plan() (Plan, error) {
	u, err := t.URL()
	if err != nil {
		return Plan{}, err
	}
	in := u.String()
	if t.User != nil && hasByte(*t.User, telnetBad) {
		return Plan{}, decodedControlError(in, partUser, telnetBad, "user name")
	}
	if t.Password != nil && hasByte(*t.Password, telnetBad) {
		return Plan{}, decodedControlError(in, partPassword, telnetBad, "password")
	}
	p, err := planConnect("telnet", t.Login, telnetBad, 23, in,
		" (a Telnet session, RFC 854; RFC 1738 §3.8: port 23 unless the URL gives one)")
	if err != nil {
		return Plan{}, err
	}
	if t.User != nil {
		p.Steps = append(p.Steps, Step{Note: "suggest the user name " + strconvQuote(*t.User) + " to the user (advisory, RFC 1738 §3.8)"})
	}
	if t.Password != nil {
		p.Steps = append(p.Steps, Step{Note: "suggest the password " + strconvQuote(*t.Password) + " to the user (advisory, RFC 1738 §3.8)"})
	}
	p.Steps = append(p.Steps, Step{Note: TelnetNegotiationNote})
	return p, nil
}

// TelnetNegotiationNote is the last step of a telnet plan: what locator's Telnet client
// answers to the server's option negotiation (RFC 854, "the principle of negotiation": a
// party may refuse any option it does not support). The answers depend on what the server
// asks, so they are a rule, not lines of the plan.
const TelnetNegotiationNote = "answer the server's option negotiation (RFC 854): agree to its ECHO and SUPPRESS-GO-AHEAD " +
	"(WILL answered DO) and to SUPPRESS-GO-AHEAD on this side (DO answered WILL); refuse every other option " +
	"(DO answered WONT, WILL answered DONT)"

// checkTelnet is the Check of the registry: checkTelnetTo into a Sink of its own.
func checkTelnet(u locator.URL) []locator.Finding {
	var sk syntax.Sink
	checkTelnetTo(&sk, u)
	return sk.Findings()
}

// checkTelnetTo checks u against RFC 1738 §5 telneturl = "telnet://" login [ "/" ]. The findings
// go into sk.
func checkTelnetTo(sk *syntax.Sink, u locator.URL) {
	if !u.HasAuthority() {
		sk.Add(noLoginFinding(u, "RFC 1738 §5 telneturl", "a telnet URL is \"telnet://\" login [ \"/\" ]"))
		return
	}
	syntax.CheckLogin(sk, u)
	// RFC 854: a user typing the suggested name in the session sends 0xFF as IAC IAC.
	sk.AddAll(telnetIACFindings(nil, u, "RFC 854; RFC 1738 §6", "a Telnet client sends it doubled (IAC IAC), and a telnet plan refuses it", partUser, partPassword))
	if s, off := afterAuthority(u); s != "" && s != "/" {
		at := off
		if s[0] == '/' {
			at++
		}
		sk.Add(locator.Finding{Offset: at, Code: CodeTelnetPath, Rule: "RFC 1738 §5 telneturl",
			Message: "a telnet URL ends after the login and an optional \"/\"", Severity: locator.SeverityError})
	}
}
