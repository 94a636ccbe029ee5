package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/scheme"
	"github.com/spf13/cobra"
)

const schemesLong = `Schemes lists the scheme registry: each scheme locator knows, its default port
(- for none), its status, whether it uses the "//" login of RFC 1738 §3.1, which
of a typed view (parse), a strict check (check) and an access plan (plan) it has,
what each of the four documents says of its name (DOCS), and where it is defined
(SOURCE). Names starting with "x-" are accepted as experimental (RFC 1738 §4) and
are not listed.

The statuses:
  defined        defined by RFC 1738 §3, a draft, or a later RFC (https)
  reserved-name  reserved without a syntax: RFC 1738 §4's names, the drafts' urn
  listed         listed among the schemes a draft covers, without a syntax of its
                 own: rlogin (with telnet, "Telnet, rlogin, tn3270")
  for-study      left for further study: x500, whois++ (the 1993 URL draft, the
                 URI draft)
  registered     registered by a program (scheme.Register)
rlogin and tn3270 have telnet's syntax (RFC 1738 §5 telneturl) and advisory plans
like telnet's; the documents name no port for them.

DOCS has one letter per document, in the order rfc1738, url-draft-1994,
url-draft-1993, rfc1630 (the URI draft): D defined, R reserved, L listed, S for
study, - not named. So mid is "RD-D": reserved by RFC 1738 §4, defined by the 1994
draft and the URI draft, not named by the 1993 draft.

With --json, each scheme gives one JSON object on one line, with "documents": an
array of {"spec", "status", "where"}, one per document that names the scheme.`

const schemesExample = `  $ locator schemes
  $ locator schemes --json`

func newSchemesCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:     "schemes [--json]",
		Short:   "List the schemes locator knows",
		Long:    schemesLong,
		Example: schemesExample,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			w := bufio.NewWriter(cmd.OutOrStdout())
			if asJSON {
				enc := json.NewEncoder(w)
				enc.SetEscapeHTML(false)
				for _, s := range scheme.All() {
					if err := enc.Encode(schemeJSON(s)); err != nil {
						return ioError(err)
					}
				}
				return ioError(w.Flush())
			}
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "NAME\tPORT\tSTATUS\tLOGIN\tHAS\tDOCS\tSOURCE")
			for _, s := range scheme.All() {
				j := schemeJSON(s)
				port := "-"
				if s.DefaultPort != 0 {
					port = strconv.Itoa(s.DefaultPort)
				}
				login := "no"
				if s.Hierarchical {
					login = "yes"
				}
				has := ""
				for _, x := range []struct {
					ok   bool
					name string
				}{{j.View, "view"}, {j.Check, "check"}, {j.Plan, "plan"}} {
					if x.ok {
						if has != "" {
							has += ","
						}
						has += x.name
					}
				}
				if has == "" {
					has = "-"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", display.String(s.Name), port, s.Status, login, has, docsLetters(s.Documents()), display.String(s.Source))
			}
			if err := tw.Flush(); err != nil {
				return ioError(err)
			}
			return ioError(w.Flush())
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "write one JSON object per scheme, one per line")
	return cmd
}

// schemeInfo is the JSON form of a registered scheme.
type schemeInfo struct {
	Name         string `json:"name"`
	DefaultPort  int    `json:"default_port"`
	Status       string `json:"status"`
	Hierarchical bool   `json:"hierarchical"`
	View         bool   `json:"view"`
	Check        bool   `json:"check"`
	Plan         bool   `json:"plan"`
	Source       string `json:"source"`
	// Documents are what the four documents say of the name (locator.SchemeMention); an
	// empty array when none names it.
	Documents []mentionJSON `json:"documents"`
}

// mentionJSON is the JSON form of a locator.SchemeMention, the document by its --spec name.
type mentionJSON struct {
	Spec   string `json:"spec"`
	Status string `json:"status"`
	Where  string `json:"where"`
}

func schemeJSON(s scheme.Scheme) schemeInfo {
	docs := []mentionJSON{}
	for _, m := range s.Documents() {
		docs = append(docs, mentionJSON{Spec: m.Spec.String(), Status: m.Status.String(), Where: m.Where})
	}
	return schemeInfo{Name: s.Name, DefaultPort: s.DefaultPort, Status: s.Status.String(),
		Hierarchical: s.Hierarchical, View: s.View != nil, Check: s.Check != nil, Plan: s.Plan != nil,
		Source: s.Source, Documents: docs}
}

// docsLetters returns the DOCS cell of schemes: one letter per document of
// locator.DocumentSpecs, D defined, R reserved, L listed, S for study, - not named.
func docsLetters(ms []locator.SchemeMention) string {
	specs := locator.DocumentSpecs()
	b := []byte(strings.Repeat("-", len(specs)))
	for _, m := range ms {
		for i, s := range specs {
			if s != m.Spec {
				continue
			}
			switch m.Status {
			case locator.SchemeDefined:
				b[i] = 'D'
			case locator.SchemeReservedName:
				b[i] = 'R'
			case locator.SchemeListed:
				b[i] = 'L'
			case locator.SchemeForStudy:
				b[i] = 'S'
			default:
				b[i] = '?'
			}
		}
	}
	return string(b)
}

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the version of locator and of Go",
		Long:    "Version prints the module version locator was built from (\"(devel)\" for a build\nfrom a source tree) and the Go version; so does \"locator --version\".",
		Example: "  $ locator version",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintf(cmd.OutOrStdout(), "locator %s\n", version())
			return ioError(err)
		},
	}
}

// version returns the module version locator was built from ("(devel)" for a build from a
// source tree) and the Go version, separated by a space.
func version() string {
	v, gov := "(unknown)", "(unknown)"
	if bi, ok := debug.ReadBuildInfo(); ok {
		v, gov = bi.Main.Version, bi.GoVersion
		if v == "" {
			v = "(devel)"
		}
	}
	return v + " " + gov
}
