package scheme_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func TestMidRows(t *testing.T) {
	rows := []struct {
		src, in string
		want    scheme.Mid
		notes   int
	}{
		{"1994 URL draft: midaddress = mid: addr-spec", "mid:960830.1639@XIson.com", scheme.Mid{MessageID: "960830.1639@XIson.com"}, 1},
		{"RFC 2392 §2: /content-id", "mid:960830.1639@XIson.com/partA.960830.1639@XIson.com",
			scheme.Mid{MessageID: "960830.1639@XIson.com", ContentID: bStr("partA.960830.1639@XIson.com")}, 2},
		{"RFC 2392 §2: a / in the message-id is %2F", "mid:a%2Fb@host.example", scheme.Mid{MessageID: "a/b@host.example"}, 1},
	}
	for _, r := range rows {
		u := locator.MustParse(r.in)
		m, err := scheme.ParseMid(u)
		if err != nil || !reflect.DeepEqual(m, r.want) {
			t.Errorf("%s: ParseMid(%q) = %+v, %v", r.src, r.in, m, err)
			continue
		}
		v, err := m.URL()
		if err != nil || v.String() != r.in {
			t.Errorf("%s: URL() = %q, %v; want %q", r.src, v, err, r.in)
		}
		p, err := scheme.PlanFor(u)
		if err != nil || len(p.Steps) != r.notes || len(p.Wire()) != 0 || p.Host != "" {
			t.Errorf("%s: plan %+v, %v; want %d notes and nothing sent", r.src, p, err, r.notes)
		}
	}
	var e *locator.Error
	if _, err := scheme.ParseMid(locator.MustParse("mid:")); !errors.As(err, &e) || e.Code != locator.CodeEmpty {
		t.Errorf("ParseMid(mid:) = %v", err)
	}
	if _, err := scheme.ParseMid(locator.MustParse("cid:a@b")); !errors.As(err, &e) || e.Code != scheme.CodeWrongScheme {
		t.Errorf("ParseMid(cid:) = %v", err)
	}
	if _, err := (scheme.Mid{}).Plan(); !errors.As(err, &e) || e.Code != locator.CodeEmpty {
		t.Errorf("Mid{}.Plan() = %v", err)
	}
}

func TestMidCheck(t *testing.T) {
	fs := scheme.Check(locator.MustParse("mid:960830.1639@XIson.com/partA.960830.1639@XIson.com"), locator.URLDraft1994)
	if !bHasFinding(fs, scheme.CodeMidContentID, 25, locator.SeverityWarning) {
		t.Errorf("Check: %v; want the RFC 2392 content-id warning at 25", fs)
	}
	if !scheme.Valid(fs) {
		t.Errorf("Check: %v; want only warnings", fs)
	}
	fs = scheme.Check(locator.MustParse("mid:no-at-sign"), locator.URLDraft1994)
	if !bHasFinding(fs, scheme.CodeAddrSpec, 4, locator.SeverityWarning) {
		t.Errorf("Check(mid:no-at-sign) = %v; want an addr-spec warning (RFC 822 §6.1)", fs)
	}
	if fs := scheme.Check(locator.MustParse("mid:"), locator.URLDraft1994); !bHasFinding(fs, locator.CodeEmpty, 4, locator.SeverityError) {
		t.Errorf("Check(mid:) = %v", fs)
	}
	// RFC 1738 alone: §4 reserves mid without a syntax, so each of these is otherurl
	// (*xchar) with one warning, and the draft's findings are not made.
	for _, in := range []string{"mid:960830.1639@XIson.com/partA.960830.1639@XIson.com", "mid:no-at-sign", "mid:", "cid:", "cid:%3Cab%3E"} {
		fs := scheme.Check(locator.MustParse(in), locator.RFC1738)
		if len(fs) != 1 || !bHasFinding(fs, scheme.CodeReservedScheme, 0, locator.SeverityWarning) {
			t.Errorf("Check(%q, rfc1738) = %v; want the reserved-scheme warning alone", in, fs)
		}
	}
}
