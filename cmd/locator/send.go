package main

import (
	"context"
	"io"
	"strings"

	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/internal/display"
	"github.com/spf13/cobra"
)

const sendLong = `Send submits the message on standard input to the address of a mailto URL (RFC 1738
§3.5) over SMTP (RFC 5321), to the server --smtp-server HOST[:PORT], else the one
in the environment variable ` + smtpEnv + `; with neither, send refuses (exit
status 2) rather than guess a server. The message is RFC 822 text, headers and
body; the URL's headers (RFC 6068: "mailto:ann@example.org?subject=Hi") are added
where the message has none.

--transcript shows the SMTP dialog on standard error as curl -v does; --json writes
one JSON object, as get --json does ({"input", "url", "scheme", "size", "dialog",
"error": {...}}). Nothing is written on success otherwise.

` + fetchExitHelp

const sendExample = `  $ locator send --smtp-server mail.example.org:587 'mailto:ann@example.org' < message.txt
  $ LOCATOR_SMTP_SERVER=localhost:2525 locator send --transcript 'mailto:bob@example.org?subject=Hello' < body.txt`

// sendMail submits the message msg to the address of the mailto URL rawURL.
//
// TODO(lead): replace it with fetch.Send when fetch/smtp.go lands (var sendMail = fetch.Send,
// adapting the URL argument to its signature). Until then send has no client: exit status 7.
var sendMail = func(ctx context.Context, rawURL string, msg io.Reader, o fetch.Options) (*fetch.Result, error) {
	return &fetch.Result{URL: rawURL, Scheme: "mailto", Total: -1}, &fetch.Error{URL: rawURL, Kind: fetch.KindNoClient,
		Code: "no-client", Rule: "RFC 1738 §3.5", Message: "locator has no SMTP client yet: the message was not sent"}
}

func newSendCmd() *cobra.Command {
	g := &getOptions{}
	var asJSON, transcript bool
	cmd := &cobra.Command{
		Use:     "send [--smtp-server HOST[:PORT]] [--transcript] [--json] mailto:ADDR < MESSAGE",
		Short:   "Submit the message on standard input to a mailto: URL's address over SMTP",
		Long:    sendLong,
		Example: sendExample,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageErrorf("send: give one mailto: URL (the message is read from standard input)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if s := schemeOf(args[0]); !strings.EqualFold(s, "mailto") {
				return usageErrorf("send: %s is not a mailto: URL", display.Quote(args[0]))
			}
			o, err := g.clientOptions(cmd)
			if err != nil {
				return err
			}
			if o.SMTPServer == "" {
				return usageErrorf("send: no SMTP server: give --smtp-server HOST[:PORT] or set %s", smtpEnv)
			}
			if transcript {
				o.Transcript = cmd.ErrOrStderr()
			}
			res, err := sendMail(cmd.Context(), args[0], cmd.InOrStdin(), o)
			if res == nil {
				res = &fetch.Result{URL: args[0], Scheme: "mailto", Total: -1}
			}
			out := getOutcome{url: args[0], res: res, err: err}
			if asJSON {
				if _, werr := cmd.OutOrStdout().Write(appendGetJSON(nil, &out)); werr != nil {
					return ioError(werr)
				}
			}
			if err != nil {
				cmd.ErrOrStderr().Write(appendGetError(nil, &out))
				return &exitError{code: exitFor(fetch.KindOf(err))}
			}
			return nil
		},
	}
	addFetchFlags(cmd, g)
	cmd.Flags().BoolVar(&asJSON, "json", false, "write one JSON object with the result")
	cmd.Flags().BoolVar(&transcript, "transcript", false, "show the SMTP dialog on standard error, as curl -v does")
	return cmd
}
