package main

import (
	"io"
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/display"
	"github.com/spf13/pflag"
)

// TestMessagesBounded: a message on standard error stays short and one line, whatever the
// argument it is about ("never quote an unbounded string in a message"). Every flag of every
// command (found in the command tree, so that a flag added later is held too) is given a
// 100,000-byte value of letters and control bytes, and so are an unknown flag, an unknown
// command and an argument too many; every line on standard error is at most what
// display.Clip shows of a message (MaxMessage bytes, each shown as at most 4) and holds no
// control byte. Cobra's and pflag's messages quoted the value whole, twice for a number
// ("invalid argument … parsing …"): 500 KB lines. serve runs only with --listen (with a bad
// address), where it fails before listening.
func TestMessagesBounded(t *testing.T) {
	big := strings.Repeat("a\x01", 50000)
	limit := 4*display.MaxMessage + 200
	check := func(args ...string) {
		t.Helper()
		_, errs, code := runLocator(t, "", args...)
		if code == 0 {
			return
		}
		for _, line := range strings.Split(strings.TrimSuffix(errs, "\n"), "\n") {
			if len(line) > limit {
				t.Errorf("locator %.60q (exit %d): a line of %d bytes on standard error: %.120q…", strings.Join(args, " "), code, len(line), line)
			}
			if strings.ContainsFunc(line, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f }) {
				t.Errorf("locator %.60q: a control byte on standard error: %.120q", strings.Join(args, " "), line)
			}
		}
	}
	root := newRoot(strings.NewReader(""), io.Discard, io.Discard)
	flags := 0
	for _, c := range root.Commands() {
		name := c.Name()
		if name == "help" || name == "completion" {
			continue
		}
		check(name, "--"+big, "x:")
		check(name, "x:", big, big, big, big)
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if name == "serve" && f.Name != "listen" {
				return // it would start a server
			}
			flags++
			check(name, "--"+f.Name+"="+big, "x:")
		})
	}
	check(big)
	check("help", big)
	if flags < 50 {
		t.Errorf("%d flags tried; the command tree has more", flags)
	}
}
