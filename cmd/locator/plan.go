package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"strconv"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
	"github.com/spf13/cobra"
)

const planLong = `Plan shows the access each URL stands for (RFC 1738 §3), as data: where to connect
and the protocol lines to send, in order. For ftp that is USER and PASS (with the
anonymous convention), one CWD per path segment ("%2Fetc" gives "CWD /etc", an
empty segment an empty CWD), then TYPE and RETR, or NLST for ";type=d"; for gopher
the selector line; for news and nntp the NNTP commands; for http the request line;
for file the local path. Decoded CR, LF and NUL that would land in a protocol line
are refused (RFC 1738 §6). The plan does not depend on --spec.

Each URL is shown as:
  URL
    connect HOST:PORT
    path "LOCAL PATH"              (file URLs)
    send "LINE"                    a line as sent, without its CR LF, Go-quoted
    # NOTE                         what a step does, or an action that sends nothing

With --json, each URL gives one JSON object on one line:
  {"scheme": ..., "host": ..., "port": ..., "path": ..., "steps": [{"send": ...,
  "note": ...}, ...]}
where host, port, path, send and note are left out when empty.

A URL without a plan (unparsable, a scheme without plans, a refused control
character) is reported on standard error and the others are still shown.

With "-", URLs are read one per line from standard input and each gives one line.
With --json that line is the object above, or {"input": URL, "error": {"offset",
"code", "rule", "message"}} when there is no plan. Without --json it has
tab-separated columns:
  URL  ok  HOST:PORT|-  "PATH"|-  "SEND"...
  URL  error  MESSAGE [CODE, RULE]
with URL and the lines Go-quoted; notes are left out.

` + bulkHelp + `

Exit status: 0 when every URL has a plan, 1 when any has not, 2 on a usage error.`

const planExample = `  $ locator plan 'ftp://myname@host.dom/%2Fetc/motd'
  $ locator plan --json 'ftp://host.dom/pub/file;type=d'
  $ locator plan 'gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles'
  $ locator plan - < urls.txt`

func newPlanCmd(opts *options) *cobra.Command {
	var asJSON bool
	var bulk bulkOptions
	cmd := &cobra.Command{
		Use:     "plan [--json] URL... | -",
		Short:   "Show the access plan of URLs: where to connect, what to send",
		Long:    planLong,
		Example: planExample,
		Args:    urlArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if isStdin(args) {
				return runBulk(cmd, bulk, nil, func() lineFunc {
					var buf bytes.Buffer
					enc := json.NewEncoder(&buf)
					enc.SetEscapeHTML(false)
					return func(dst []byte, line string, st *stats) []byte {
						p, err := planOf(line)
						code := ""
						if err != nil {
							code = errCode(err)
						}
						st.result(err == nil, schemeOf(line), code)
						if !asJSON {
							return appendPlanLine(dst, line, p, err)
						}
						buf.Reset()
						if err != nil {
							f := errorFinding(err, locator.SeverityError)
							err = enc.Encode(planFailure{Input: line, Error: diag{f.Offset, string(f.Code), f.Rule, f.Message}})
						} else {
							err = enc.Encode(p)
						}
						if err != nil {
							return append(dst, "{}\n"...)
						}
						return append(dst, buf.Bytes()...)
					}
				})
			}
			w := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
			failed := false
			var err error
			var enc *json.Encoder
			if asJSON {
				enc = json.NewEncoder(w)
				enc.SetEscapeHTML(false)
			}
			{
				printed := false
				for _, a := range args {
					p, perr := planOf(a)
					if perr != nil {
						failed = true
						// Keep stdout and stderr in order when they share a terminal.
						if err = w.Flush(); err != nil {
							break
						}
						f := errorFinding(perr, locator.SeverityError)
						fmt.Fprintf(cmd.ErrOrStderr(), "%s%s:%d: %s [%s, %s]\n", prefix, appendDisplay(nil, a), f.Offset, f.Message, f.Code, f.Rule)
						continue
					}
					if asJSON {
						if err = enc.Encode(p); err != nil {
							break
						}
						continue
					}
					if printed {
						w.WriteByte('\n')
					}
					printed = true
					w.Write(appendPlanHuman(nil, a, p))
				}
				err = ioError(err)
			}
			if ferr := w.Flush(); err == nil && ferr != nil {
				err = ioError(ferr)
			}
			if err == nil && failed {
				err = errInvalid
			}
			return err
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "write one JSON object per URL, one per line")
	addBulkFlags(cmd, &bulk)
	return cmd
}

// planFailure is the JSON line of plan --json - for a URL without a plan.
type planFailure struct {
	Input string `json:"input"`
	Error diag   `json:"error"`
}

// planOf parses input and returns its access plan.
func planOf(input string) (scheme.Plan, error) {
	u, err := locator.Parse(input)
	if err != nil {
		return scheme.Plan{}, err
	}
	return scheme.PlanFor(u)
}

// hostPort returns "host:port" for a plan ("[v6]:port" for an IPv6 address), the host
// alone when there is no port, or "" when there is no host.
func hostPort(p scheme.Plan) string {
	if p.Host == "" {
		return ""
	}
	if p.Port == 0 {
		return p.Host
	}
	return net.JoinHostPort(p.Host, strconv.Itoa(p.Port))
}

// appendPlanHuman appends the human form of a plan.
func appendPlanHuman(b []byte, input string, p scheme.Plan) []byte {
	b = appendDisplay(b, input)
	b = append(b, '\n')
	if hp := hostPort(p); hp != "" {
		b = append(b, "  connect "...)
		b = append(b, hp...)
		b = append(b, '\n')
	}
	if p.Path != "" {
		b = append(b, "  path "...)
		b = strconv.AppendQuote(b, p.Path)
		b = append(b, '\n')
	}
	for _, s := range p.Steps {
		if s.Send != "" {
			b = append(b, "  send "...)
			b = strconv.AppendQuote(b, s.Send)
			if s.Note != "" {
				b = append(b, "  # "...)
				b = append(b, s.Note...)
			}
			b = append(b, '\n')
			continue
		}
		if s.Note != "" {
			b = append(b, "  # "...)
			b = append(b, s.Note...)
			b = append(b, '\n')
			continue
		}
		// A step that sends an empty line and says nothing: show it.
		b = append(b, "  send \"\"\n"...)
	}
	return b
}

// appendPlanLine appends the one-line form of a plan (plan - without --json).
func appendPlanLine(b []byte, input string, p scheme.Plan, err error) []byte {
	b = strconv.AppendQuote(b, input)
	if err != nil {
		f := errorFinding(err, locator.SeverityError)
		b = append(b, "\terror\t"...)
		b = append(b, f.Message...)
		b = append(b, " ["...)
		b = append(b, f.Code...)
		b = append(b, ", "...)
		b = append(b, f.Rule...)
		return append(b, "]\n"...)
	}
	b = append(b, "\tok\t"...)
	if hp := hostPort(p); hp != "" {
		b = append(b, hp...)
	} else {
		b = append(b, '-')
	}
	b = append(b, '\t')
	if p.Path != "" {
		b = strconv.AppendQuote(b, p.Path)
	} else {
		b = append(b, '-')
	}
	for _, s := range p.Steps {
		if s.Send == "" && s.Note != "" {
			continue
		}
		b = append(b, '\t')
		b = strconv.AppendQuote(b, s.Send)
	}
	return append(b, '\n')
}
