package scheme

import (
	"errors"
	"testing"

	"github.com/locator-url/locator"
)

// TestPlanIPLiteral: an IP literal host that is not an IPv6 address is refused by the plan,
// which connected to the text inside the brackets as a name ("[v1.x]" looked "v1.x" up in
// the DNS): an IPvFuture is "address mechanism not supported" (RFC 3986 §3.2.2), anything
// else no IP-literal at all, and an empty zone no zone (RFC 6874 §2); the error is at the
// host. IPv6 literals, with a zone too, are
// planned, and the Host header and a gateway's request line drop the zone (RFC 6874 §4).
func TestPlanIPLiteral(t *testing.T) {
	for _, c := range []struct {
		in   string
		code locator.Code
	}{
		{"http://[v1.x]/", locator.CodeNotImplemented},
		{"http://[V7.a:b]:81/", locator.CodeNotImplemented},
		{"ftp://u@[v1.x]/a", locator.CodeNotImplemented},
		{"gopher://[foo]/1", locator.CodeBadIPv6},
		{"http://[192.0.2.1]/", locator.CodeBadIPv6},
		{"nntp://[example.org]/g", locator.CodeBadIPv6},
		{"telnet://[1::2::3]/", locator.CodeBadIPv6},
		{"wais://[v1.x]/db", locator.CodeNotImplemented},
		// RFC 6874 §2 ZoneID = 1*( unreserved / pct-encoded ): an empty zone is none.
		{"http://[::1%25]/", locator.CodeBadIPv6},
		{"ftp://[fe80::1%25]/f", locator.CodeBadIPv6},
	} {
		u := locator.MustParse(c.in)
		_, err := PlanFor(u)
		var e *locator.Error
		if !errors.As(err, &e) || e.Code != c.code || e.Input != c.in || e.Offset != u.Offsets().Host.Start {
			t.Errorf("PlanFor(%q): %v; want %s at %d", c.in, err, c.code, u.Offsets().Host.Start)
		}
	}
	for in, host := range map[string]string{
		"http://[::1]/":                 "[::1]",
		"http://[fe80::1%25eth0]:8080/": "[fe80::1]:8080",
		"http://[::ffff:192.0.2.1]/":    "[::ffff:192.0.2.1]",
	} {
		p, err := PlanFor(locator.MustParse(in))
		if err != nil {
			t.Errorf("PlanFor(%q): %v", in, err)
			continue
		}
		if got := p.Steps[2].Send; got != "Host: "+host {
			t.Errorf("PlanFor(%q): %q, want the Host header %q", in, got, host)
		}
	}
	p, err := GatewayPlan(locator.MustParse("gopher://u@[fe80::1%25eth0]:70/1/a%25b#f"), "gw.example", 8080)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Steps[1].Send, "GET gopher://u@[fe80::1]:70/1/a%25b HTTP/1.0"; got != want {
		t.Errorf("gateway request %q, want %q", got, want)
	}
	if got, want := p.Steps[2].Send, "Host: [fe80::1]:70"; got != want {
		t.Errorf("gateway Host %q, want %q", got, want)
	}
}
