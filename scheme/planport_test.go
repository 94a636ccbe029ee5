package scheme_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// TestPlanPortRange: every scheme's plan connects to a port of 1 to 65535 (TCP ports are 16
// bits, RFC 793 §3.1, and 0 is reserved: no connection can be made to it), or refuses the URL
// with CodeBadPort at its port. Port 0 was taken for "no port": "ftp://h:0/x" planned
// "connect h" with a note "connect to h:0", and --json dropped the port; gopher and nntp took
// a port above 65535 ("gopher://h:70000/").
func TestPlanPortRange(t *testing.T) {
	for _, form := range []string{"ftp://h:%s/x", "gopher://h:%s/1x", "nntp://h:%s/g/1", "http://h:%s/",
		"https://h:%s/", "telnet://h:%s/", "wais://h:%s/db", "prospero://h:%s/x", "rlogin://h:%s/",
		"tn3270://h:%s/", "http://u@h:%s/", "nntp://%%41:%s/g", "gopher://h%%41:%s/1x"} {
		for _, port := range []string{"0", "00", "70000", "65536", "99999999999"} {
			in := strings.Replace(form, "%s", port, 1)
			in = strings.ReplaceAll(in, "%%", "%")
			u := locator.MustParse(in)
			p, err := scheme.PlanFor(u)
			var e *locator.Error
			if !errors.As(err, &e) || e.Code != locator.CodeBadPort || e.Input != in || e.Offset != u.Offsets().Port.Start ||
				!strings.Contains(e.Rule, "RFC 793 §3.1") {
				t.Errorf("PlanFor(%q) = %+v, %v; want %s at %d", in, p, err, locator.CodeBadPort, u.Offsets().Port.Start)
			}
			if _, _, werr := scheme.AppendWire(nil, u); werr == nil {
				t.Errorf("AppendWire(%q) succeeded", in)
			}
		}
		for _, port := range []string{"1", "65535", "00080"} {
			in := strings.ReplaceAll(strings.Replace(form, "%s", port, 1), "%%", "%")
			if p, err := scheme.PlanFor(locator.MustParse(in)); err != nil || p.Port < 1 || p.Port > 65535 {
				t.Errorf("PlanFor(%q) = port %d, %v", in, p.Port, err)
			}
		}
	}
	// The message says why: a port of 0 is no port to fall back from.
	_, err := scheme.PlanFor(locator.MustParse("ftp://h:0/x"))
	if err == nil || !strings.Contains(err.Error(), "port 0 is reserved") {
		t.Errorf("ftp://h:0/x: %v", err)
	}
	// A gateway's port too (RFC 1738 §4).
	if _, err := scheme.GatewayPlan(locator.MustParse("http://h/"), "g", 0); err == nil {
		t.Error("GatewayPlan to port 0 succeeded")
	}
}
