package main

import (
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// The plain line of plan - comes from planWire.appendLine (scheme.AppendWire: no steps, no
// notes) when it can, and from planOf and appendPlanLine otherwise. TestPlanWireMatch holds
// the two to the same bytes and the same counts, on the bench files and the adversarial
// lines, under two specs and with the options that make appendLine step aside.
func TestPlanWireMatch(t *testing.T) {
	lines := append(allBenchLines(t), adversarialLines(t)...)
	if testing.Short() {
		var some []string
		for i := 0; i < len(lines); i += 7 {
			some = append(some, lines[i])
		}
		lines = some
	}
	mail := scheme.FTPPlanOptions{Mail: "ann@example.org", MailSource: "--email"}
	for _, c := range []struct {
		spec   locator.Spec
		gopher scheme.GopherPlanOptions
		ftp    scheme.FTPPlanOptions
		news   scheme.NewsPlanOptions
	}{
		{spec: locator.RFC1738},
		{spec: locator.RFC3986},
		{spec: locator.RFC1738, gopher: scheme.GopherPlanOptions{Literal: true}, ftp: mail,
			news: scheme.NewsServerOptions("news.example.org", "--nntp-server")},
	} {
		var w planWire
		fast, slow := newStats(true), newStats(true)
		var a, b []byte
		taken := 0
		for _, line := range lines {
			var ok bool
			a, ok = w.appendLine(a[:0], line, c.spec, c.gopher, c.ftp, c.news, fast)
			if !ok {
				continue
			}
			taken++
			pr := planOf(line, c.spec, c.gopher, c.ftp, c.news)
			slow.result(pr.valid(), schemeOf(line), pr.code())
			b = appendPlanLine(b[:0], line, &pr)
			if string(a) != string(b) {
				t.Fatalf("%v: plan - of %q:\nappendLine     %q\nappendPlanLine %q", c.spec, line, a, b)
			}
		}
		if taken < len(lines)*9/10 {
			t.Errorf("%v: appendLine wrote %d of %d lines", c.spec, taken, len(lines))
		}
		var sa, sb strings.Builder
		if err := fast.write(&sa); err != nil {
			t.Fatal(err)
		}
		if err := slow.write(&sb); err != nil {
			t.Fatal(err)
		}
		if sa.String() != sb.String() {
			t.Errorf("%v: counts\n%s\nwant\n%s", c.spec, sa.String(), sb.String())
		}
	}
}
