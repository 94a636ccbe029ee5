package scheme

import (
	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/syntax"
)

// Session is the typed view of an rlogin or tn3270 URL: the interactive sessions the drafts list
// with telnet ("telnet , rlogin and tn3270 - Reference to interactive sessions", the 1994 URL
// draft and the URI draft; the heading "Telnet, rlogin, tn3270" of all three drafts), whose BNF
// gives no production of their own. They are read with telnet's syntax, RFC 1738 §3.8:
//
//	rlogin://<user>:<password>@<host>:<port>/
//	tn3270://<user>:<password>@<host>:<port>/
//
// the login alone, with an optional final "/". RFC 1738 §4 reserves tn3270 ("Interactive 3270
// emulation sessions") without defining it, and names rlogin nowhere. User and Password are
// advisory, as telnet's are (RFC 1738 §3.8).
//
// The zero value has no scheme and no host, and so no URL and no access plan.
type Session struct {
	// Name is the scheme: "rlogin" or "tn3270".
	Name string `json:"scheme"`
	Login
}

// sessionDocs says, for the plan's notes, what the documents say of each session scheme: the
// kind of session, and that they name no protocol document and no port for it.
var sessionDocs = map[string]string{
	"rlogin": "an rlogin session: the drafts list rlogin under \"Telnet, rlogin, tn3270\" as a \"Reference to interactive sessions\", and name no protocol document and no port for it",
	"tn3270": "a 3270 emulation session, RFC 1738 §4: \"Interactive 3270 emulation sessions\"; the documents name no protocol document and no port for it",
}

func init() {
	for _, name := range []string{"rlogin", "tn3270"} {
		register(Scheme{
			SchemeInfo: locator.SchemeInfo{Name: name},
			View:       func(u locator.URL) (View, error) { return ParseSession(u) },
			Check:      checkSession,
			Plan: func(u locator.URL) (Plan, error) {
				s, err := ParseSession(u)
				if err != nil {
					return Plan{}, err
				}
				p, err := s.Plan()
				return p, rebase(err, u, telnetBad)
			},
		})
	}
}

// ParseSession returns the session view of an rlogin or tn3270 URL. It fails on another scheme
// (CodeWrongScheme), without a "//" login (CodeNoAuthority), and when anything but one "/"
// follows the login (CodeTelnetPath), as telnet's view does (RFC 1738 §5 telneturl).
func ParseSession(u locator.URL) (Session, error) {
	var s Session
	switch {
	case u.IsScheme("rlogin"):
		s.Name = "rlogin"
	case u.IsScheme("tn3270"):
		s.Name = "tn3270"
	default:
		return s, wrongScheme(u, "rlogin")
	}
	if err := needLogin(u); err != nil {
		return s, err
	}
	if rest, off := afterAuthority(u); rest != "" && rest != "/" {
		return s, &locator.Error{Input: u.String(), Offset: off, Code: CodeTelnetPath, Rule: "RFC 1738 §5 telneturl",
			Message: "an rlogin or tn3270 URL, like a telnet URL, ends after the login and an optional \"/\""}
	}
	l, err := parseLogin(u)
	if err != nil {
		return s, err
	}
	s.Login = l
	return s, nil
}

// Scheme returns the scheme, "rlogin" or "tn3270".
func (s Session) Scheme() string { return s.Name }

// URL returns the URL of s, with the final "/" (RFC 1738 §3.8, as for telnet). It fails
// (CodeBadView) on a name other than rlogin or tn3270, a password without a user name, or a
// host or port that cannot be written.
func (s Session) URL() (locator.URL, error) {
	if _, ok := sessionDocs[s.Name]; !ok {
		return locator.URL{}, badView("telnet", "a session view's Name is \"rlogin\" or \"tn3270\", not "+strconvQuote(s.Name))
	}
	if err := checkLoginView("telnet", s.Login, true); err != nil { // telnet's production, RFC 1738 §5 telneturl
		return locator.URL{}, err
	}
	b := appendLogin([]byte(s.Name+":"), s.Login)
	return finish(append(b, '/'))
}

// Plan returns the access s stands for: connect to the host, then notes that suggest the user
// name and password to the user, which are advisory (RFC 1738 §3.8, as for telnet). The
// documents name no port for either scheme: the plan connects to the URL's port, and without
// one it has Port 0 and says that the port is not known. A user name, password or host that
// decodes to a control character is refused with CodeLineBreak, as for telnet (RFC 1738 §6).
func (s Session) Plan() (Plan, error) {
	u, err := s.URL()
	if err != nil {
		return Plan{}, err
	}
	in := u.String()
	if s.User != nil && hasByte(*s.User, telnetBad) {
		return Plan{}, decodedControlError(in, partUser, telnetBad, "user name")
	}
	if s.Password != nil && hasByte(*s.Password, telnetBad) {
		return Plan{}, decodedControlError(in, partPassword, telnetBad, "password")
	}
	how := " (" + sessionDocs[s.Name] + ")"
	var p Plan
	if s.Port == "" {
		host, err := planHost(s.Login, telnetBad, in)
		if err != nil {
			return Plan{}, err
		}
		p = Plan{Scheme: s.Name, Host: host, Steps: []Step{{Note: "connect to " + shown(host) +
			", port not known: the URL gives none" + how}}}
	} else {
		p, err = planConnect(s.Name, s.Login, telnetBad, 0, in, how)
		if err != nil {
			return Plan{}, err
		}
	}
	if s.User != nil {
		p.Steps = append(p.Steps, Step{Note: "suggest the user name " + strconvQuote(*s.User) + " to the user (advisory, as for telnet, RFC 1738 §3.8)"})
	}
	if s.Password != nil {
		p.Steps = append(p.Steps, Step{Note: "suggest the password " + strconvQuote(*s.Password) + " to the user (advisory, as for telnet, RFC 1738 §3.8)"})
	}
	return p, nil
}

// checkSession is the Check of the registry for rlogin and tn3270: telnet's production, RFC
// 1738 §5 telneturl = "telnet://" login [ "/" ], with their scheme names.
func checkSession(u locator.URL) []locator.Finding {
	var sk syntax.Sink
	if !u.HasAuthority() {
		sk.Add(noLoginFinding(u, "RFC 1738 §5 telneturl", "an rlogin or tn3270 URL is written as telnet's: \"//\" login [ \"/\" ]"))
		return sk.Findings()
	}
	syntax.CheckLogin(&sk, u)
	if s, off := afterAuthority(u); s != "" && s != "/" {
		at := off
		if s[0] == '/' {
			at++
		}
		sk.Add(locator.Finding{Offset: at, Code: CodeTelnetPath, Rule: "RFC 1738 §5 telneturl",
			Message: "an rlogin or tn3270 URL, like a telnet URL, ends after the login and an optional \"/\"", Severity: locator.SeverityError})
	}
	return sk.Findings()
}
