package main

import (
	"strings"
	"testing"
)

// TestPlanGopherLiteral: plan --gopher-literal sends RFC 1738 §3.4.3's literal request line
// (two TABs with an empty search string) where the 1994 URL draft's examples send one TAB, in
// every output form; it changes nothing where the documents agree, nor for other schemes, nor
// the refusals.
func TestPlanGopherLiteral(t *testing.T) {
	const u = "gopher://gopher.example.org/0a_gopher_selector%09%09+"
	const connect = "  connect gopher.example.org:70\n" +
		"  # connect to gopher.example.org:70 (TCP; RFC 1436; RFC 1738 §3.4.1: port 70 unless the URL gives one)\n"
	const note = "RFC 1738 §3.4.3, literally: the selector, TAB, the empty search string, TAB, the gopher+ string (the 1994 URL draft's examples send one TAB)"
	check(t, "", []string{"plan", u}, u+"\n"+connect+"  send \"a_gopher_selector\\t+\"\n", 0)
	check(t, "", []string{"plan", "--gopher-literal", u}, u+"\n"+connect+"  send \"a_gopher_selector\\t\\t+\"  # "+note+"\n", 0)

	// The documents agree: a search string, a type 7 item, no gopher+ string.
	for _, c := range []struct{ in, send string }{
		{"gopher://gopher.example.org/0s%09x%09!", `"s\tx\t!"`},
		{"gopher://gopher.example.org/7index%09%09!", `"index\t\t!"`},
		{"gopher://gopher.example.org/7s%09", `"s\t"`},
		{"gopher://gopher.example.org/0s", `"s"`},
	} {
		want := c.in + "\n" + connect + "  send " + c.send + "\n"
		check(t, "", []string{"plan", c.in}, want, 0)
		check(t, "", []string{"plan", "--gopher-literal", c.in}, want, 0)
	}

	// One line per URL (-), JSON and --format.
	in := u + "\nftp://h/f;type=a\n"
	ftpLine := "\"ftp://h/f;type=a\"\tok\th:21\t-\t\"USER anonymous\"\t\"PASS anonymous@\"\t\"TYPE A\"\t\"SIZE f\"\t\"EPSV\"\t\"PASV\"\t\"RETR f\"\t\"QUIT\"\n"
	check(t, in, []string{"plan", "-"}, "\""+u+"\"\tok\tgopher.example.org:70\t-\t\"a_gopher_selector\\t+\"\n"+ftpLine, 0)
	check(t, in, []string{"plan", "--gopher-literal", "-"}, "\""+u+"\"\tok\tgopher.example.org:70\t-\t\"a_gopher_selector\\t\\t+\"\n"+ftpLine, 0)
	check(t, "", []string{"plan", "--gopher-literal", "--json", u},
		`{"input":"`+u+`","valid":true,"scheme":"gopher","host":"gopher.example.org","port":70,"steps":[{"note":"connect to gopher.example.org:70 (TCP; RFC 1436; RFC 1738 §3.4.1: port 70 unless the URL gives one)"},{"send":"a_gopher_selector\t\t+","note":"`+note+`"}]}`+"\n", 0)
	check(t, "", []string{"plan", "--format", "{send}", u}, `"a_gopher_selector\t+"`+"\n", 0)
	check(t, "", []string{"plan", "--gopher-literal", "--format", "{send}", u}, `"a_gopher_selector\t\t+"`+"\n", 0)

	// A refusal is the same with and without the flag.
	const bad = "gopher://h/0a%00b%09%09+"
	_, e1, c1 := runLocator(t, "", "plan", bad)
	_, e2, c2 := runLocator(t, "", "plan", "--gopher-literal", bad)
	if e1 != e2 || c1 != 1 || c2 != 1 || !strings.Contains(e1, ":13: the selector decodes to NUL") {
		t.Errorf("plan %s: exit %d, %q; with --gopher-literal: exit %d, %q", bad, c1, e1, c2, e2)
	}

	if h := helpOf(t, "plan"); !strings.Contains(h, "--gopher-literal") || !strings.Contains(h, "RFC 1738 §3.4.3") {
		t.Errorf("plan --help does not describe --gopher-literal:\n%s", h)
	}
}
