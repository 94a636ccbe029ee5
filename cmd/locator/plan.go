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

--format and --output (with "-" or with URLs) give one record per URL instead,
with the fields
  input     the URL as given
  valid     true when the URL has a plan
  scheme, host, port, path
            the plan's (null, or empty, when absent; path is a file URL's local
            path)
  send      the lines sent, in order, each Go-quoted, separated by a space
  error     why there is no plan, "MESSAGE [CODE, RULE]" (null when there is)
` + formatHelp + `

` + bulkHelp + `

Exit status: 0 when every URL has a plan, 1 when any has not, 2 on a usage error.`

const planExample = `  $ locator plan 'ftp://myname@host.dom/%2Fetc/motd'
  $ locator plan --json 'ftp://host.dom/pub/file;type=d'
  $ locator plan 'gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles'
  $ locator plan - < urls.txt
  $ locator plan --output tsv --format '{input}{host}{port}{send}' - < urls.txt`

func newPlanCmd(opts *options) *cobra.Command {
	var bulk bulkOptions
	var out outputOptions
	cmd := &cobra.Command{
		Use:     "plan [--json | --format T | --output tsv|csv] URL... | -",
		Short:   "Show the access plan of URLs: where to connect, what to send",
		Long:    planLong,
		Example: planExample,
		Args:    urlArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := out.compile(planFields)
			if err != nil {
				return err
			}
			asJSON := f.kind == outJSON
			if isStdin(args) || f.kind == outTemplate || f.kind == outTSV || f.kind == outCSV {
				return runLines(cmd, args, bulk, f.header(), func() lineFunc {
					var buf bytes.Buffer
					enc := json.NewEncoder(&buf)
					enc.SetEscapeHTML(false)
					fw, rec := f.worker(), newRecord(planFields)
					return func(dst []byte, line string, st *stats) []byte {
						p, err := planOf(line)
						code := ""
						if err != nil {
							code = errCode(err)
						}
						st.result(err == nil, schemeOf(line), code)
						switch f.kind {
						case outPlain:
							return appendPlanLine(dst, line, p, err)
						case outTemplate, outTSV, outCSV:
							return planRecord(rec, line, p, err).appendTo(dst, fw)
						}
						buf.Reset()
						if err != nil {
							fd := errorFinding(err, locator.SeverityError)
							err = enc.Encode(planFailure{Input: line, Error: diag{fd.Offset, string(fd.Code), fd.Rule, fd.Message}})
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
	addOutputFlags(cmd, &out, "URL")
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

// planFields are the fields of plan's --format and --output: the URL, whether it has a plan,
// the plan's scheme, host, port (null when there is none) and local path, the lines sent
// ("send": each Go-quoted, separated by a space, as they go on the wire in that order) and
// the failure ("MESSAGE [CODE, RULE]", null when there is a plan).
var planFields = []field{
	{"input", fieldString}, {"valid", fieldBool}, {"scheme", fieldString}, {"host", fieldString},
	{"port", fieldInt}, {"path", fieldString}, {"send", fieldString}, {"error", fieldString},
}

// planRecord fills rec with the plan p of input, or its failure err.
func planRecord(rec *record, input string, p scheme.Plan, err error) *record {
	rec.reset()
	rec.set(0, input)
	rec.setBool(1, err == nil)
	if err != nil {
		if s := schemeOf(input); s != "" {
			rec.set(2, s)
		}
		rec.set(7, errText(err))
		return rec
	}
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
		send = strconv.AppendQuote(send, s.Send)
	}
	rec.set(6, string(send))
	return rec
}
