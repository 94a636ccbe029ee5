package scheme_test

import (
	"errors"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func TestMailtoRows(t *testing.T) {
	rows := []struct {
		src, in, addr string
		exact         bool
		noPlan        bool // the address holds a byte no RCPT TO path may hold, or a "?" (TestMailtoPlanPath)
	}{
		{"RFC 1738 §3.5 (libwww)", "mailto:connolly@hal.com", "connolly@hal.com", true, false},
		{"RFC 1738 §3.5: a dotted local-part and a dotted quad (libwww)", "mailto:foo.bar@193.2.45.2", "foo.bar@193.2.45.2", true, false},
		{"RFC 1738 §3.5 and the 1994 draft: % of a gatewayed address is %25", "mailto:user%25relay@gw.example", "user%relay@gw.example", true, false},
		{"RFC 822 §6.1: a quoted-string local-part, encoded", "mailto:%22a%20b%22@host.example", "\"a b\"@host.example", true, true},
		{"RFC 1738 §3.5: no reserved characters; ? is part of the address (RFC 6068 headers not read); no plan: RFC 6068 readers send another RCPT TO",
			"mailto:a@b.example?subject=hi", "a@b.example?subject=hi", false, true},
	}
	for _, r := range rows {
		u := locator.MustParse(r.in)
		m, err := scheme.ParseMailto(u)
		if err != nil || m.Addr != r.addr {
			t.Errorf("%s: ParseMailto(%q) = %+v, %v; want %q", r.src, r.in, m, err, r.addr)
			continue
		}
		v, err := m.URL()
		if err != nil || (r.exact && v.String() != r.in) {
			t.Errorf("%s: URL() = %q, %v; want %q", r.src, v, err, r.in)
		}
		if m2, err := scheme.ParseMailto(v); err != nil || m2 != m {
			t.Errorf("%s: %q → %q → %+v, %v", r.src, r.in, v, m2, err)
		}
		p, err := scheme.PlanFor(u)
		if r.noPlan {
			if err == nil {
				t.Errorf("%s: plan %q, want a refusal", r.src, p.Wire())
			}
			continue
		}
		if err != nil || string(p.Wire()) != "RCPT TO:<"+r.addr+">\r\n" || p.Host != "" {
			t.Errorf("%s: plan %q %q, %v", r.src, p.Host, p.Wire(), err)
		}
	}
	// "?" is written %3F so that RFC 6068 readers see no header fields.
	if v, _ := (scheme.Mailto{Addr: "a@b.example?subject=hi"}).URL(); v.String() != "mailto:a@b.example%3Fsubject=hi" {
		t.Errorf("URL() = %q", v)
	}
}

func TestMailtoErrors(t *testing.T) {
	var e *locator.Error
	if _, err := scheme.ParseMailto(locator.MustParse("mailto:")); !errors.As(err, &e) || e.Code != locator.CodeEmpty || e.Offset != 7 {
		t.Errorf("ParseMailto(mailto:) = %v", err)
	}
	if _, err := scheme.ParseMailto(locator.MustParse("news:a@b")); !errors.As(err, &e) || e.Code != scheme.CodeWrongScheme {
		t.Errorf("ParseMailto(news:) = %v", err)
	}
	if _, err := (scheme.Mailto{}).URL(); !errors.As(err, &e) || e.Code != locator.CodeEmpty {
		t.Errorf("Mailto{}.URL() = %v", err)
	}
	// RFC 1738 §6: a decoded CR LF would end the RCPT command and start another.
	if _, err := scheme.PlanFor(locator.MustParse("mailto:a@b%0D%0ADATA")); !errors.As(err, &e) || e.Code != scheme.CodeLineBreak {
		t.Errorf("PlanFor(CR LF) = %v", err)
	}
}

// TestMailtoPlanPath: the address is the path of "RCPT TO:<addr>" (RFC 5321 §4.1.2) and
// nothing more. An encoded ">" and space added an SMTP parameter ("mailto:a@b%3E%20NOTIFY=
// SUCCESS" sent "RCPT TO:<a@b> NOTIFY=SUCCESS>", RFC 1738 §6: "simulate an extra operation or
// parameter"), a space split the path, and "a@b,c@d" (an RFC 6068 §2 list, which RFC 1738
// §3.5 does not have) was sent as one path. Each is refused, placed at the byte's escape.
func TestMailtoPlanPath(t *testing.T) {
	for _, c := range []struct {
		in   string
		code locator.Code
		off  int
	}{
		{"mailto:a@b%3E%20NOTIFY=SUCCESS", scheme.CodeLineBreak, 10},
		{"mailto:a%20b@c", scheme.CodeLineBreak, 8},
		{"mailto:a%09b@c", scheme.CodeLineBreak, 8},
		{"mailto:a%1Bb@c", scheme.CodeLineBreak, 8},
		{"mailto:a%7Fb@c", scheme.CodeLineBreak, 8},
		{"mailto:%3Ca@b", scheme.CodeLineBreak, 7},
		{"mailto:%22a%3Eb%22@c", scheme.CodeLineBreak, 11},
		{"mailto:%22a%20b%22@c", scheme.CodeLineBreak, 11},
		{"mailto:a@b,c@d", scheme.CodeAddrSpec, 10},
		{"mailto:%61@b%2Cc@d", scheme.CodeAddrSpec, 12},
		{"mailto:%22a%5C%22%22,b@c", scheme.CodeAddrSpec, 20},
		{"mailto:a@b%0D%0ADATA", scheme.CodeLineBreak, 10},
		// An unencoded "?": RFC 1738 §3.5's address, RFC 6068 §2's header fields (which
		// locator send reads, sending "RCPT TO:<a@b>"); "%3F" is the address's for both.
		{"mailto:a@b?subject=x", scheme.CodeMailtoHeaders, 10},
		{"mailto:a?b@c", scheme.CodeMailtoHeaders, 8},
		{"mailto:%22a?b%22@c", scheme.CodeMailtoHeaders, 11},
	} {
		p, err := scheme.PlanFor(locator.MustParse(c.in))
		var e *locator.Error
		if !errors.As(err, &e) || e.Code != c.code || e.Input != c.in || e.Offset != c.off || e.Rule == "" {
			t.Errorf("PlanFor(%q) = %q, %v; want %s at %d", c.in, p.Wire(), err, c.code, c.off)
		}
	}
	// A "," in a quoted local-part is part of the one address (RFC 5321 §4.1.2 Quoted-string).
	for in, wire := range map[string]string{
		"mailto:%22a,b%22@c":       "RCPT TO:<\"a,b\"@c>\r\n",
		"mailto:%22a%5C%22,b%22@c": "RCPT TO:<\"a\\\",b\"@c>\r\n",
		"mailto:a%3Fb@c":           "RCPT TO:<a?b@c>\r\n",
	} {
		if p, err := scheme.PlanFor(locator.MustParse(in)); err != nil || string(p.Wire()) != wire {
			t.Errorf("PlanFor(%q) = %q, %v; want %q", in, p.Wire(), err, wire)
		}
	}
}

func TestMailtoCheck(t *testing.T) {
	rows := []struct {
		src, in string
		code    locator.Code
		off     int
		sev     locator.Severity
	}{
		{"RFC 1738 §5 encoded822addr = 1*xchar", "mailto:", locator.CodeEmpty, 7, locator.SeverityError},
		{"RFC 822 §6.1: local-part @ domain", "mailto:postmaster", scheme.CodeAddrSpec, 7, locator.SeverityWarning},
		{"RFC 822 §6.1: a domain after @", "mailto:a@", scheme.CodeAddrSpec, 7, locator.SeverityWarning},
		{"RFC 822 §3.3: no specials in an atom", "mailto:a,b@c.example", scheme.CodeAddrSpec, 7, locator.SeverityWarning},
		{"RFC 6068 §2: ? starts header fields there", "mailto:a@b.example?subject=hi", scheme.CodeMailtoHeaders, 18, locator.SeverityWarning},
	}
	for _, r := range rows {
		fs := scheme.Check(locator.MustParse(r.in), locator.RFC1738)
		if !bHasFinding(fs, r.code, r.off, r.sev) {
			t.Errorf("%s: Check(%q) = %v; want %s at %d (%v)", r.src, r.in, fs, r.code, r.off, r.sev)
		}
	}
	for _, in := range []string{"mailto:connolly@hal.com", "mailto:%22a%20b%22@host.example", "mailto:a@%5B10.0.0.1%5D", "mailto:user%25relay@gw.example"} {
		if c := bFindingCodes(scheme.Check(locator.MustParse(in), locator.RFC1738)); c[scheme.CodeAddrSpec] > 0 {
			t.Errorf("Check(%q): an addr-spec reported as not one", in)
		}
	}
}
