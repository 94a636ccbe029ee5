package main

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"

	"github.com/locator-url/locator/fetch"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/locator-url/locator/internal/records"
	"github.com/locator-url/locator/scheme"
	"github.com/spf13/cobra"
)

const planLong = `Plan shows the access each URL stands for (RFC 1738 §3), as data: where to connect
and the protocol lines to send, in order. The plan is what "locator get" runs: it
sends exactly these lines, and where the dialog branches on a reply the line says so
("if the reply was 331"; in JSON "when", with the replies each step expects in
"expect"). For ftp that is the greeting, USER and PASS (with the anonymous
convention; PASS only if the server asks with 331), one CWD per path segment
("%2Fetc" gives "CWD /etc", an empty segment an empty CWD; a 550 ends the access),
TYPE, SIZE (a refusal is allowed), the data connection (EPSV, and PASV if EPSV is
refused; with --active, EPRT and PORT with the address the client listens on), RETR,
or NLST for ";type=d", or MLSD (LIST if MLSD is refused) for a path ending in "/",
then QUIT (";type=AN", ";type=L8" and the other RFC 959 type codes of the 1994 URL
draft, written without the space, are sent as "TYPE A N", "TYPE L 8"); for gopher the
selector line; for news and nntp the NNTP dialog (MODE READER, ARTICLE, or GROUP and
the overview, or LIST for news:*; a news URL names no server: --nntp-server, else
$NNTPSERVER); for http the request line; for file the local path (an escaped
separator, "%2F", is refused, as to-path refuses it, RFC 8089 §5); for mailto the
"RCPT TO:<address>" line. Decoded CR, LF and NUL that would land in a protocol line are
refused (RFC 1738 §6), and so is a mailto address that would not stand alone as the
path of RCPT TO (RFC 5321 §4.1.2): a space, TAB or other control byte, "<" or ">"
would add SMTP parameters ("mailto:a@b%3E%20NOTIFY=SUCCESS"), and a "," outside
quotes makes an RFC 6068 list of addresses, which "locator send" sends, not RFC 1738
§3.5's one address. A URL whose scheme has a gateway (RFC 1738 §4: --proxy
SCHEME=URL, else the environment's http_proxy, ftp_proxy, gopher_proxy, news_proxy,
wais_proxy; no_proxy or --no-proxy excepted) is planned as get sends it: "GET <the
whole URL> HTTP/1.0" to the gateway.

An ftp URL without a user name logs in by the anonymous convention, "USER
anonymous" and "PASS ADDRESS", the end user's e-mail address (RFC 1738 §3.2.1). The
address is --email ADDR when given, else the environment variable LOCATOR_EMAIL when
it is set and not empty, else "anonymous@" (scheme.DefaultFTPMail); the PASS line's
note names the flag or the variable it came from. An address with a control byte
(CR, LF, TAB, ...: it would end or split the PASS command line, RFC 959 §5.3.2
<password>, RFC 1738 §6), or an empty --email, is a usage error. So is, before any
URL is planned, a news server (--nntp-server, else $NNTPSERVER) that is not
HOST[:PORT] with a port of 1 to 65535 and no space or control byte (RFC 1738 §3.1
hostport), and a --query or --view with a TAB, CR, LF or NUL, which would split or
end the gopher request line (RFC 1436).

An ftp URL without ";type=" leaves the transfer type to the client, which "must
guess" from "the suffix of the name" (RFC 1738 §3.2.3). plan sends "TYPE A" (ASCII)
for these suffixes, in any letter case, and says it guessed:
  .txt .text .asc .me .html .htm .sgml .xml .css .tex .md .csv
  .c .h .cc .cpp .java .py .pl .sh
and "TYPE I" (image: the octets unchanged) for any other name ("x.txt.gz" too).
--no-type-guess sends "TYPE I" for every name without ";type=".

A Gopher+ item whose search string is empty ("gopher://h/0sel%09%09+") is sent as
the 1994 URL draft's examples send it, "sel", TAB, "+": one TAB. RFC 1738 §3.4.3
words it as the selector, a TAB, the search string (which may be empty), a TAB and
the gopher+ string, two TABs in a row; --gopher-literal sends that form, with a note
on the line. The forms agree for a non-empty search, a type 7 item (always two
TABs) and a URL without a gopher+ string.

A URL that the strict checker of --spec (rfc1738, the default, or rfc3986) calls
invalid still has a plan, but the plan says so: a warning line with the first
error, "invalid" instead of "ok" with "-", "valid": false and the errors in JSON,
and the exit status is 1. "locator check" shows every finding.

Each URL is shown as:
  URL
    warning: ...                   the URL is invalid by --spec (see above)
    connect HOST:PORT
    path "LOCAL PATH"              (file URLs)
    send "LINE"                    a line as sent, without its CR LF, quoted
    # NOTE                         what a step does, or an action that sends nothing
Quoted values are Go string literals: a control byte or a byte of invalid UTF-8 is
\xHH, an invisible or format character \uHHHH, a quote \" and a backslash \\; no
value can start a line of its own.

With --json, each URL gives one JSON object on one line:
  {"input": ..., "valid": ..., "scheme": ..., "host": ..., "port": ..., "path":
  ..., "steps": [{"send": ..., "note": ...}, ...], "errors": [...]}
where host, port, path, send and note are left out when empty, and errors (the
first 20, {"offset", "code", "rule", "message"}, offsets into input; more_errors
counts the others) when valid is true. JSON strings are UTF-8: a value that is not
(a line with a decoded byte 0xFF, a local path of a file URL) is written with U+FFFD
for each bad byte and its exact bytes are also given in base64 (RFC 4648 §4) in
input_base64, host_base64, path_base64 or the step's send_base64, absent otherwise.

A URL without a plan (unparsable, a scheme without plans, a refused control
character) is reported on standard error and the others are still shown.

With "-", URLs are read one per line from standard input and each gives one line.
With --json that line is the object above, or {"input": URL, "valid": false,
"error": {"offset", "code", "rule", "message"}} when there is no plan. Without
--json it has tab-separated columns:
  "URL"  ok|invalid  HOST:PORT|-  "PATH"|-  "SEND"...
  "URL"  error  MESSAGE [CODE, RULE]
with URL and the lines quoted as above; notes are left out.

--format and --output (with "-" or with URLs) give one record per URL instead,
with the fields
  input     the URL as given
  valid     true when the URL has a plan and --spec's checker finds no error
  scheme, host, port, path
            the plan's (null, or empty, when absent; path is a file URL's local
            path)
  send      the lines sent, in order, each quoted, separated by a space
  error     "MESSAGE [CODE, RULE]": why there is no plan, or the checker's first
            error (null when valid)
` + formatHelp + `

` + bulkHelp + `

Exit status: 0 when every URL has a plan and is valid, 1 when any has no plan or is
invalid, 2 on a usage error.`

const planExample = `  $ locator plan 'ftp://myname@host.dom/%2Fetc/motd'
  $ locator plan --json 'ftp://host.dom/pub/file;type=d'
  $ locator plan --spec rfc3986 'ftp://host.dom/a%20b'
  $ locator plan 'gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles'
  $ locator plan --gopher-literal 'gopher://gopher.example.org/0a_gopher_selector%09%09+'
  $ locator plan --email ann@example.org 'ftp://ftp.example.org/pub/notes.txt'
  $ LOCATOR_EMAIL=ann@example.org locator plan --no-type-guess 'ftp://ftp.example.org/pub/notes.txt'
  $ locator plan - < urls.txt
  $ locator plan --output tsv --format '{input}{host}{port}{send}' - < urls.txt`

func newPlanCmd(opts *options) *cobra.Command {
	var bulk bulkOptions
	var out outputOptions
	var gopherLiteral, noTypeGuess, active bool
	var email, nntpServer, query, view, noProxy string
	var proxyFlags []string
	cmd := &cobra.Command{
		Use:     "plan [--spec S] [--email ADDR] [--no-type-guess] [--active] [--nntp-server H] [--query W] [--view V] [--gopher-literal] [--json | --format T | --output tsv|csv] URL... | -",
		Short:   "Show the access plan of URLs: where to connect, what to send",
		Long:    planLong,
		Example: planExample,
		Args:    urlArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := out.compile(planFields)
			if err != nil {
				return err
			}
			ftp, err := ftpPlanOptions(email, cmd.Flags().Changed("email"), os.Getenv(emailEnv), noTypeGuess)
			if err != nil {
				return err
			}
			ftp.Active = active
			news := scheme.NewsServerOptions(nntpServer, "--nntp-server")
			if err := checkNewsServer(news.Server, news.Source); err != nil {
				return err
			}
			if err := checkGopherOptions(query, view); err != nil {
				return err
			}
			gopherOpts := scheme.GopherPlanOptions{Literal: gopherLiteral, Query: query, View: view}
			proxies, np, err := gateways(proxyFlags, noProxy, cmd.Flags().Changed("no-proxy"))
			if err != nil {
				return err
			}
			var gw *fetch.Client // the gateways get would use: their plans replace the URL's own
			if len(proxies) > 0 {
				gw = fetch.NewClient(fetch.Options{Proxies: proxies, NoProxy: np})
				defer gw.Close()
			}
			if isStdin(args) || f.custom() {
				return runLines(cmd, args, bulk, f.header(), func() lineFunc {
					return planLineFunc(f, opts.spec, gopherOpts, ftp, news, gw)
				})
			}
			w := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
			invalid, printed := false, false
			var b []byte
			for _, a := range args {
				pr := viaGateway(planOf(a, opts.spec, gopherOpts, ftp, news), a, gw)
				invalid = invalid || !pr.valid()
				if pr.err != nil {
					// Keep stdout and stderr in order when they share a terminal.
					if err := w.Flush(); err != nil {
						return ioError(err)
					}
					fd := errorFinding(pr.err, locator.SeverityError)
					b = append(appendShortURL(append(b[:0], prefix...), a), ':')
					b = append(appendInt(b, fd.Offset), ": "...)
					b = append(lineops.AppendFindingText(b, fd.Message, string(fd.Code), fd.Rule), '\n')
					cmd.ErrOrStderr().Write(b)
					continue
				}
				if printed {
					w.WriteByte('\n')
				}
				printed = true
				w.Write(appendPlanHuman(b[:0], a, &pr))
			}
			if err := w.Flush(); err != nil {
				return ioError(err)
			}
			if invalid {
				return errInvalid
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&gopherLiteral, "gopher-literal", false,
		"send a Gopher+ item's empty search string and its TAB, two TABs, as RFC 1738 §3.4.3 words it (default: one TAB, as the 1994 URL draft's examples)")
	cmd.Flags().StringVar(&email, "email", "",
		"send `ADDR` as the anonymous FTP password, the end user's e-mail address (RFC 1738 §3.2.1) (default $"+emailEnv+", else \""+scheme.DefaultFTPMail+"\")")
	cmd.Flags().BoolVar(&noTypeGuess, "no-type-guess", false,
		"send TYPE I for an ftp name without ;type=, whatever its suffix (default: TYPE A for a text suffix such as .txt, RFC 1738 §3.2.3)")
	cmd.Flags().StringVar(&query, "query", "",
		"the search `WORDS` of a gopher type 7 item whose URL has none (RFC 1738 §3.4.2), as get --query sends them")
	cmd.Flags().StringVar(&view, "view", "",
		"ask for the Gopher+ `VIEW` of an item (\"text/plain\", \"application/pdf En_US\"; gopher-plus.txt §2.6), as get --view does")
	cmd.Flags().StringArrayVar(&proxyFlags, "proxy", nil,
		"plan URLs of SCHEME through the gateway `SCHEME=URL` as get does (RFC 1738 §4; repeat it; default: the environment's http_proxy, ftp_proxy, gopher_proxy, …)")
	cmd.Flags().StringVar(&noProxy, "no-proxy", "", "plan these `HOSTS` without a gateway, comma-separated, as no_proxy (\"*\": every host)")
	cmd.Flags().BoolVar(&active, "active", false,
		"plan active-mode FTP, EPRT and PORT with the address the client listens on (RFC 2428 §2; default: passive, EPSV and PASV), as get --active runs it")
	cmd.Flags().StringVar(&nntpServer, "nntp-server", "",
		"the news server `HOST[:PORT]` that news: URLs are read from (default $"+scheme.NNTPServerEnv+"; a news URL names none, RFC 5538 §4)")
	addOutputFlags(cmd, &out, "URL")
	addBulkFlags(cmd, &bulk)
	return cmd
}

// planLineFunc returns the bulk-path function of plan (one per worker): the plan of each
// line under spec with the gopher, ftp and news options, through the gateways of gw (nil:
// none), written as f asks.
func planLineFunc(f *outputFormat, spec locator.Spec, gopher scheme.GopherPlanOptions, ftp scheme.FTPPlanOptions, news scheme.NewsPlanOptions, gw *fetch.Client) lineFunc {
	fw, rec := f.worker(), newRecord(planFields)
	var w planWire
	return func(dst []byte, line string, st *stats) []byte {
		if f.kind == outPlain && gw == nil {
			if b, ok := w.appendLine(dst, line, spec, gopher, ftp, news, st); ok {
				return b
			}
		}
		pr := viaGateway(planOf(line, spec, gopher, ftp, news), line, gw)
		st.result(pr.valid(), schemeOf(line), pr.code())
		switch f.kind {
		case outPlain:
			return appendPlanLine(dst, line, &pr)
		case outJSON:
			return pr.appendJSON(dst, line)
		}
		return planRecord(rec, line, &pr).appendTo(dst, fw)
	}
}

// emailEnv is the environment variable plan reads the anonymous FTP password from when
// --email is not given.
const emailEnv = "LOCATOR_EMAIL"

// ftpPlanOptions returns the ftp choices of plan: the anonymous password from --email (flag,
// when set is true), else from the environment variable's value env when it is not empty,
// else none (scheme.DefaultFTPMail); and the suffix guess unless noGuess. An address that
// scheme.CheckFTPMail refuses, or an empty --email, is a usage error that names its source.
func ftpPlanOptions(flag string, set bool, env string, noGuess bool) (scheme.FTPPlanOptions, error) {
	o := scheme.FTPPlanOptions{NoTypeGuess: noGuess}
	switch {
	case set:
		o.Mail, o.MailSource = flag, "--email"
	case env != "":
		o.Mail, o.MailSource = env, emailEnv
	default:
		return o, nil
	}
	if err := scheme.CheckFTPMail(o.Mail); err != nil {
		msg := err.Error()
		var le *locator.Error
		if errors.As(err, &le) {
			msg = le.Message + " (at offset " + strconv.Itoa(le.Offset) + ", " + le.Rule + ")"
		}
		return o, usageErrorf("%s %s: %s", o.MailSource, display.Quote(o.Mail), msg)
	}
	return o, nil
}

// checkNewsServer returns a usage error when server, the news server of source (--nntp-server
// or $NNTPSERVER), is not HOST[:PORT] as scheme.SplitNewsServer reads it (a port of 1 to
// 65535, no space or control byte: RFC 1738 §3.1 hostport), and nil for "" (none). plan and
// get check it once, before any URL, rather than report it as an error of each news URL.
func checkNewsServer(server, source string) error {
	if server == "" {
		return nil
	}
	_, _, err := scheme.SplitNewsServer(server)
	if err == nil {
		return nil
	}
	return usageErrorf("%s %s: %s", source, display.Quote(server), optionErrorText(err))
}

// checkGopherOptions returns a usage error when query (--query) or view (--view) holds a TAB,
// CR, LF or NUL: sent in the gopher request line, a TAB would start another field and CR or LF
// end the line (RFC 1436: Word ::= {UNASCII - ' '}, UNASCII = ASCII - [Tab CR-LF NUL];
// gopher-plus.txt §2.6 for a view; RFC 1738 §6). plan and get check them once, before any URL.
func checkGopherOptions(query, view string) error {
	for _, o := range []struct{ flag, v, what, rule string }{
		{"--query", query, "search string", "RFC 1436 (Word ::= {UNASCII - ' '}); RFC 1738 §6"},
		{"--view", view, "view", "gopher-plus.txt §2.6; RFC 1436 (UNASCII = ASCII - [Tab CR-LF NUL])"},
	} {
		if i := strings.IndexAny(o.v, "\t\r\n\x00"); i >= 0 {
			return usageErrorf("%s %s: the %s holds the control byte %s, which would split or end the gopher request line (at offset %d, %s)",
				o.flag, display.Quote(o.v), o.what, display.Byte(o.v[i]), i, o.rule)
		}
	}
	return nil
}

// optionErrorText is the text of err, an error about a flag's value, for a usage error: a
// *locator.Error's message, offset and rule ("... (at offset 2, RFC 1738 §3.1 hostport)").
func optionErrorText(err error) string {
	var le *locator.Error
	if errors.As(err, &le) {
		return display.String(le.Message) + " (at offset " + strconv.Itoa(le.Offset) + ", " + le.Rule + ")"
	}
	return display.String(err.Error())
}

// planResult is what plan knows of one URL: its plan, or why there is none, and the errors
// of the strict checker of --spec (scheme.Check) on a URL that has a plan.
type planResult struct {
	plan   scheme.Plan
	err    error             // no plan: the URL does not parse, or PlanFor refused it
	errors []locator.Finding // the errors of scheme.Inspect (warnings are check's to show)
	more   int               // errors past those, which the report counted but left out
	spec   locator.Spec      // the checker's specification
}

// valid reports whether the URL has a plan and no error.
func (p *planResult) valid() bool { return p.err == nil && len(p.errors) == 0 && p.more == 0 }

// code returns the code of the failure or of the first error, or "".
func (p *planResult) code() string {
	switch {
	case p.err != nil:
		return errCode(p.err)
	case len(p.errors) > 0:
		return string(p.errors[0].Code)
	}
	return ""
}

// viaGateway returns pr with the plan of the request get sends through a gateway (RFC 1738
// §4: "GET <the whole URL> HTTP/1.0" to the gateway, fetch.Client.GatewayPlan) when gw names
// one for input's scheme; pr as it is otherwise, or when gw is nil or pr has no plan.
func viaGateway(pr planResult, input string, gw *fetch.Client) planResult {
	if gw == nil || pr.err != nil {
		return pr
	}
	_, p, ok, err := gw.GatewayPlan(input)
	switch {
	case err != nil:
		pr.err = err
	case ok:
		pr.plan = p
	}
	return pr
}

// planOf parses input and returns its access plan and the errors of its report
// (scheme.Inspect under spec: the errors check shows). A gopher URL is planned with gopher
// (RFC 1738 §3.4.3's literal form, a search, a Gopher+ view: scheme.GopherPlanOptions), an ftp
// URL with ftp (the anonymous password, the suffix guess, active mode: scheme.FTPPlanOptions),
// a news URL with news[0] when given (its server: scheme.NewsPlanOptions).
func planOf(input string, spec locator.Spec, gopher scheme.GopherPlanOptions, ftp scheme.FTPPlanOptions, news ...scheme.NewsPlanOptions) planResult {
	u, err := locator.ParseAs(input, spec) // a "URL:" prefix and RFC 1738 §5 logins under rfc1738
	if err != nil {
		return planResult{err: err}
	}
	p, err := scheme.PlanFor(u)
	if err != nil {
		return planResult{err: err}
	}
	if gopher != (scheme.GopherPlanOptions{}) && p.Scheme == "gopher" {
		// PlanFor has refused what cannot be sent, with its error placed in input; the literal
		// form refuses the same URLs, so it changes only the request line.
		g, err := scheme.ParseGopher(u)
		if err == nil {
			p, err = g.PlanWith(gopher)
		}
		if err != nil {
			return planResult{err: err}
		}
	}
	if p.Scheme == "ftp" && ftp != (scheme.FTPPlanOptions{}) {
		// As for gopher: PlanFor has refused what cannot be sent; the options change the PASS
		// line and the guessed TYPE only (the address passed CheckFTPMail already).
		f, err := scheme.ParseFTP(u)
		if err == nil {
			p, err = f.PlanWith(ftp)
		}
		if err != nil {
			return planResult{err: err}
		}
	}
	if p.Scheme == "news" && len(news) > 0 && news[0].Server != "" {
		// A news URL names no server (RFC 1738 §3.6): the plan connects to the one given.
		n, err := scheme.ParseNews(u)
		if err == nil {
			p, err = n.PlanWith(news[0])
		}
		if err != nil {
			return planResult{err: err}
		}
	}
	rep := scheme.Inspect(input, spec)
	r := planResult{plan: p, spec: spec, more: rep.OmittedErrors}
	for _, f := range rep.Findings {
		if f.Severity == locator.SeverityError {
			r.errors = append(r.errors, f)
		}
	}
	return r
}

// appendJSON appends the line of plan --json for the plan of input: the object, as
// encoding/json writes records.Plan or records.PlanFailure (by their plans, jsonenc.go), and "\n".
func (p *planResult) appendJSON(b []byte, input string) []byte {
	var err error
	if p.err != nil {
		j := records.NewPlanFailure(input, p.err)
		b, err = appendJSONValue(b, &j)
	} else {
		j := p.json(input)
		b, err = appendJSONValue(b, &j)
	}
	if err != nil {
		return append(b, "{}\n"...) // as before: a value encoding/json refuses
	}
	return append(b, '\n')
}

// json returns the JSON form of the plan of input, which has one.
func (p *planResult) json(input string) records.Plan {
	return records.NewPlan(input, p.plan, p.errors, p.more, maxDiagnostics)
}

// appendPlanHuman appends the human form of a plan: the URL, a warning line when the URL
// is invalid, then the plan's steps. Every value goes through internal/display.
func appendPlanHuman(b []byte, input string, pr *planResult) []byte {
	p := pr.plan
	b = display.Append(b, input)
	b = append(b, '\n')
	if len(pr.errors) > 0 {
		f := pr.errors[0]
		b = append(b, "  warning: the URL is not valid by "...)
		b = append(b, pr.spec.String()...)
		b = append(b, "; at "...)
		b = appendInt(b, f.Offset)
		b = append(b, ": "...)
		b = lineops.AppendFindingText(b, f.Message, string(f.Code), f.Rule)
		if n := len(pr.errors) - 1 + pr.more; n > 0 {
			b = append(b, " (and "...)
			b = appendInt(b, n)
			b = append(b, " more; see locator check)"...)
		}
		b = append(b, '\n')
	}
	if hp := records.HostPort(p); hp != "" {
		b = append(b, "  connect "...)
		b = display.Append(b, hp)
		b = append(b, '\n')
	}
	if p.Path != "" {
		b = append(b, "  path "...)
		b = display.AppendQuoted(b, p.Path)
		b = append(b, '\n')
	}
	for _, s := range p.Steps {
		if s.Send != "" {
			b = append(b, "  send "...)
			b = display.AppendQuoted(b, s.Send)
			b = appendWhen(b, s.When)
			if s.Note != "" {
				b = append(b, "  # "...)
				b = display.Append(b, s.Note)
			}
			b = append(b, '\n')
			continue
		}
		if s.Note != "" {
			b = append(b, "  # "...)
			b = display.Append(b, s.Note)
			b = append(b, '\n')
			continue
		}
		// A step that sends an empty line and says nothing: show it.
		b = append(b, "  send \"\"\n"...)
	}
	return b
}

// appendWhen appends the branch condition of a step ([scheme.Step.When]): "  if the reply
// was 331" (several prefixes joined by " or "; a one-digit prefix shown as "5yz").
func appendWhen(b []byte, when []string) []byte {
	if len(when) == 0 {
		return b
	}
	b = append(b, "  if the reply was "...)
	for i, w := range when {
		if i > 0 {
			b = append(b, " or "...)
		}
		b = display.Append(b, w)
		for n := len(w); n < 3; n++ {
			b = append(b, "yz"[n-1])
		}
	}
	return b
}

// appendPlanLine appends the one-line form of a plan (plan - without --json): the URL,
// "ok" (or "invalid" when the checker finds an error; the plan follows all the same), the
// host and port, the path and the lines sent; or the URL, "error" and why there is no plan.
func appendPlanLine(b []byte, input string, pr *planResult) []byte {
	b = display.AppendQuoted(b, input)
	if pr.err != nil {
		b = append(b, "\terror\t"...)
		return append(append(b, errText(pr.err)...), '\n')
	}
	p := pr.plan
	if pr.valid() {
		b = append(b, "\tok\t"...)
	} else {
		b = append(b, "\tinvalid\t"...)
	}
	if hp := records.HostPort(p); hp != "" {
		b = display.Append(b, hp)
	} else {
		b = append(b, '-')
	}
	b = append(b, '\t')
	if p.Path != "" {
		b = display.AppendQuoted(b, p.Path)
	} else {
		b = append(b, '-')
	}
	for _, s := range p.Steps {
		if s.Send == "" && s.Note != "" {
			continue
		}
		b = append(b, '\t')
		b = display.AppendQuoted(b, s.Send)
	}
	return append(b, '\n')
}

// planWire is the scratch space of a worker's plain lines of plan - (appendLine), reused
// from line to line so that a line allocates nothing of its own. Its slices, written at
// every line, sit on cache lines of their own, off the other workers' (see paddedStats).
type planWire struct {
	_    [cacheLine]byte
	wire []byte // the lines the plan sends, each ended by CR LF (scheme.AppendWire)
	hp   []byte // "host:port"
	_    [cacheLine]byte
}

// appendLine appends the line of plan - without --json for input (as appendPlanLine writes
// it) and counts it in st, without building the plan's steps and notes: the lines sent come
// from scheme.AppendWire. It reports false, and appends nothing, for a URL that does not
// parse under spec or that the options change (an ftp URL with ftp options, gopher,
// news): planOf plans those.
func (w *planWire) appendLine(dst []byte, input string, spec locator.Spec, gopher scheme.GopherPlanOptions, ftp scheme.FTPPlanOptions, news scheme.NewsPlanOptions, st *stats) ([]byte, bool) {
	// The report's URL is planOf's, locator.ParseAs(input, spec): one parse for both.
	rep := scheme.Inspect(input, spec)
	if !rep.Parsed {
		return dst, false
	}
	var p scheme.Plan
	var err error
	w.wire, p, err = scheme.AppendWire(w.wire[:0], rep.URL)
	if err != nil {
		pr := planResult{err: err}
		st.result(false, schemeOf(input), pr.code())
		return appendPlanLine(dst, input, &pr), true
	}
	switch {
	case p.Scheme == "gopher" && gopher != (scheme.GopherPlanOptions{}),
		p.Scheme == "ftp" && ftp != (scheme.FTPPlanOptions{}),
		p.Scheme == "news" && news.Server != "":
		return dst, false
	}
	// valid and code as planResult's: no error in the report and none left out of it
	// (scheme.Report.FirstError, as check's).
	first, invalid := rep.FirstError()
	valid, code := !invalid, string(first.Code)
	st.result(valid, schemeOf(input), code)
	dst = display.AppendQuoted(dst, input)
	if valid {
		dst = append(dst, "\tok\t"...)
	} else {
		dst = append(dst, "\tinvalid\t"...)
	}
	switch {
	case p.Host == "":
		dst = append(dst, '-')
	case p.Port == 0:
		dst = display.Append(dst, p.Host)
	default:
		// hostPort's net.JoinHostPort: brackets around an IPv6 address.
		w.hp = w.hp[:0]
		if strings.IndexByte(p.Host, ':') >= 0 {
			w.hp = append(append(append(w.hp, '['), p.Host...), ']')
		} else {
			w.hp = append(w.hp, p.Host...)
		}
		w.hp = strconv.AppendInt(append(w.hp, ':'), int64(p.Port), 10)
		dst = display.Append(dst, bytesString(w.hp))
	}
	dst = append(dst, '\t')
	if p.Path != "" {
		dst = display.AppendQuoted(dst, p.Path)
	} else {
		dst = append(dst, '-')
	}
	// Each line sent ends with CR LF, and none holds a CR LF of its own: a plan refuses a
	// decoded CR or LF bound for a protocol line (RFC 1738 §6), and a URL holds no raw one.
	for wire := bytesString(w.wire); wire != ""; {
		i := strings.Index(wire, "\r\n")
		if i < 0 {
			i = len(wire) // not reached: AppendWire ends each line with CR LF
		}
		dst = display.AppendQuoted(append(dst, '\t'), wire[:i])
		wire = wire[min(i+2, len(wire)):]
	}
	return append(dst, '\n'), true
}

// planFields are the fields of plan's --format and --output: the URL, whether it is valid
// (it has a plan and spec's checker finds no error), the plan's scheme, host, port (null
// when there is none) and local path, the lines sent ("send": each quoted, separated by a
// space, as they go on the wire in that order) and the first problem ("MESSAGE [CODE,
// RULE]": why there is no plan, or the checker's first error; null when valid).
var planFields = []field{
	{"input", fieldString}, {"valid", fieldBool}, {"scheme", fieldString}, {"host", fieldString},
	{"port", fieldInt}, {"path", fieldString}, {"send", fieldString}, {"error", fieldString},
}

// planRecord fills rec with the plan of input.
func planRecord(rec *record, input string, pr *planResult) *record {
	rec.reset()
	rec.set(0, input)
	rec.setBool(1, pr.valid())
	if pr.err != nil {
		if s := schemeOf(input); s != "" {
			rec.set(2, s)
		}
		rec.set(7, errText(pr.err))
		return rec
	}
	p := pr.plan
	rec.set(2, p.Scheme)
	if p.Host != "" {
		rec.set(3, p.Host)
	}
	if p.Port != 0 {
		rec.setInt(4, p.Port)
	}
	if p.Path != "" {
		rec.set(5, p.Path)
	}
	var send []byte
	for _, s := range p.Steps {
		if s.Send == "" && s.Note != "" {
			continue
		}
		if len(send) > 0 {
			send = append(send, ' ')
		}
		send = display.AppendQuoted(send, s.Send)
	}
	rec.set(6, string(send))
	if len(pr.errors) > 0 {
		f := pr.errors[0]
		rec.set(7, string(lineops.AppendFindingText(nil, f.Message, string(f.Code), f.Rule)))
	}
	return rec
}
