package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strconv"
	"text/tabwriter"

	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/scheme"
	"github.com/spf13/cobra"
)

const schemesLong = `Schemes lists the scheme registry: each scheme locator knows, its default port
(- for none), its status (defined by RFC 1738 or a companion draft or RFC;
reserved-name, a name RFC 1738 §4 reserves without a syntax; registered by a
program), whether it uses the "//" login of RFC 1738 §3.1, which of a typed view
(parse), a strict check (check) and an access plan (plan) it has, and where it
is defined. Names starting with "x-" are accepted as experimental (RFC 1738 §4)
and are not listed.

With --json, each scheme gives one JSON object on one line.`

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
			fmt.Fprintln(tw, "NAME\tPORT\tSTATUS\tLOGIN\tHAS\tSOURCE")
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
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", display.String(s.Name), port, s.Status, login, has, display.String(s.Source))
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
}

func schemeJSON(s scheme.Scheme) schemeInfo {
	return schemeInfo{Name: s.Name, DefaultPort: s.DefaultPort, Status: s.Status.String(),
		Hierarchical: s.Hierarchical, View: s.View != nil, Check: s.Check != nil, Plan: s.Plan != nil,
		Source: s.Source}
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
