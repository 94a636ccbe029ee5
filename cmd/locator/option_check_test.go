package main

import (
	"strings"
	"testing"
)

// A bad --nntp-server, $NNTPSERVER, --query or --view is a usage error (exit status 2, the
// "locator: " prefix, the value display-escaped), found once before any URL, as a bad --email
// is. They were reported as errors of each URL, at an offset of the URL that the flag's value
// had ("news:a.b:2: the news server has the port "0"", "gopher://h/7s:0:"), exit status 1.
func TestOptionValuesUsage(t *testing.T) {
	for _, c := range []struct {
		env  string // NNTPSERVER
		args []string
		want string // the first line of stderr
	}{
		{"", []string{"plan", "--nntp-server", "s:0", "news:a.b"},
			`locator: --nntp-server "s:0": the news server has the port "0"; a port is 1 to 65535 (at offset 2, RFC 1738 §3.1 hostport)`},
		{"", []string{"plan", "--json", "--nntp-server", "s:99999", "-"}, `locator: --nntp-server "s:99999": `},
		{"", []string{"get", "--nntp-server", "s\r\nx", "news:a.b"},
			`locator: --nntp-server "s\r\nx": the news server holds the byte "\r"; it is a host or host:port (at offset 1, RFC 1738 §3.1 hostport)`},
		{"s:0", []string{"plan", "news:a.b"}, `locator: NNTPSERVER "s:0": the news server has the port "0"`},
		{"s:0", []string{"get", "news:a.b"}, `locator: NNTPSERVER "s:0": the news server has the port "0"`},
		{"", []string{"plan", "--query", "a\r\nb", "gopher://h/7s"},
			`locator: --query "a\r\nb": the search string holds the control byte "\r", which would split or end the gopher request line (at offset 1, RFC 1436 (Word ::= {UNASCII - ' '}); RFC 1738 §6)`},
		{"", []string{"get", "--query", "a\tb", "gopher://h/7s"}, `locator: --query "a\tb": the search string holds the control byte "\t"`},
		{"", []string{"plan", "--view", "text/plain\x1b\n", "gopher://h/0s"}, `locator: --view "text/plain\x1b\n": the view holds the control byte "\n"`},
		{"", []string{"get", "--view", "a\rb", "gopher://h/0s"}, `locator: --view "a\rb": the view holds the control byte "\r"`},
	} {
		t.Setenv("NNTPSERVER", c.env)
		out, errs, code := runLocator(t, "news:a.b\n", c.args...)
		first, _, _ := strings.Cut(errs, "\n")
		if code != exitUsage || out != "" || !strings.HasPrefix(first, c.want) || strings.ContainsAny(errs, "\r\x1b\t") {
			t.Errorf("%q (NNTPSERVER=%q): exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, c.env, code, out, errs, c.want)
		}
	}
	// Good values plan as before; a query with a space is one search string.
	t.Setenv("NNTPSERVER", "")
	if out, errs, code := runLocator(t, "", "plan", "--nntp-server", "news.example:1119", "--query", "a b", "news:a.b", "gopher://h/7s"); code != 0 ||
		!strings.Contains(out, "connect news.example:1119") || !strings.Contains(out, `send "s\ta b"`) {
		t.Errorf("exit %d, %q %q", code, out, errs)
	}
}
