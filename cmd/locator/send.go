package main

import (
	"strings"

	"github.com/locator-url/locator/fetch"
	"github.com/locator-url/locator/internal/display"
	"github.com/spf13/cobra"
)

const sendLong = `Send submits a message to the addresses of a mailto URL (RFC 1738 §3.5) over SMTP
(RFC 5321), to the server --smtp-server HOST[:PORT] (port 25 unless given), else the
one in the environment variable ` + smtpEnv + `; with neither, send refuses (exit
status 2) rather than guess a server. Standard input is the body of the message
(when it is empty, the URL's "body=" field is); the header fields come from the URL
(RFC 6068: To and Cc from its addresses, "subject=" and the other fields RFC 6068 §3
allows), with From the sender --email ADDR (else $LOCATOR_EMAIL), which must be given.
The dialog is EHLO (HELO if refused), MAIL FROM, one RCPT TO per address, DATA with
the message dot-stuffed, QUIT. A decoded CR, LF or NUL in an address or a header
field (one that is not used too) is refused before any connection (exit status 6),
and so is a "subject=", "in-reply-to=", "references=" or "body=" given twice, which
a message holds once (RFC 5322 §3.6; exit status 1).

--transcript shows the SMTP dialog on standard error as curl -v does; --json writes
one JSON object, as get --json does ({"input", "url", "scheme", "size", "dialog",
"error": {...}}). Nothing is written on success otherwise.

` + fetchExitHelp

const sendExample = `  $ locator send --smtp-server mail.example.org:587 --email me@example.org 'mailto:ann@example.org' < body.txt
  $ SMTPSERVER=localhost:2525 locator send --email me@example.org --transcript 'mailto:bob@example.org?subject=Hello' < body.txt`

// sendMail submits the message msg to the addresses of the mailto URL rawURL (a variable,
// so that tests can stand in for the server).
var sendMail = fetch.Send

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
			if o.Mail == "" {
				return usageErrorf("send: no sender: give your e-mail address with --email ADDR or set %s", emailEnv)
			}
			if transcript {
				o.Transcript = cmd.ErrOrStderr()
			}
			res, err := sendMail(cmd.Context(), args[0], interruptible(cmd.Context(), cmd.InOrStdin()), o)
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
	cmd.Flags().StringVar(&g.email, "email", "",
		"the sender `ADDR`, the From field and the MAIL FROM address (default $"+emailEnv+"; one of them is needed)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "write one JSON object with the result")
	cmd.Flags().BoolVar(&transcript, "transcript", false, "show the SMTP dialog on standard error, as curl -v does")
	return cmd
}
