package scheme_test

import (
	"errors"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func TestCid(t *testing.T) {
	// 1994 URL draft: cidaddress = cid: content-identifier (the RFC 2392 §2 example).
	const in = "cid:foo4*foo1@bar.net"
	u := locator.MustParse(in)
	c, err := scheme.ParseCid(u)
	if err != nil || c.ContentID != "foo4*foo1@bar.net" {
		t.Fatalf("ParseCid(%q) = %+v, %v", in, c, err)
	}
	if v, err := c.URL(); err != nil || v.String() != in {
		t.Errorf("URL() = %q, %v", v, err)
	}
	p, err := scheme.PlanFor(u)
	if err != nil || len(p.Steps) != 1 || p.Steps[0].Send != "" || len(p.Wire()) != 0 {
		t.Errorf("plan %+v, %v; want one note", p, err)
	}
	if fs := scheme.Check(u, locator.URLDraft1994); bFindingCodes(fs)[scheme.CodeAddrSpec] > 0 {
		t.Errorf("Check(%q) = %v", in, fs)
	}
	// Encoding: "?" and characters outside xchar (RFC 1738 §5).
	if v, err := (scheme.Cid{ContentID: "a b?c@d"}).URL(); err != nil || v.String() != "cid:a%20b%3Fc@d" {
		t.Errorf("URL() = %q, %v", v, err)
	}
	var e *locator.Error
	if _, err := scheme.ParseCid(locator.MustParse("cid:")); !errors.As(err, &e) || e.Code != locator.CodeEmpty || e.Offset != 4 {
		t.Errorf("ParseCid(cid:) = %v", err)
	}
	if _, err := scheme.ParseCid(locator.MustParse("mid:a@b")); !errors.As(err, &e) || e.Code != scheme.CodeWrongScheme {
		t.Errorf("ParseCid(mid:) = %v", err)
	}
	if _, err := (scheme.Cid{}).URL(); !errors.As(err, &e) || e.Code != locator.CodeEmpty {
		t.Errorf("Cid{}.URL() = %v", err)
	}
	// RFC 2045 §7: a Content-ID is a msg-id, "<" addr-spec ">".
	if fs := scheme.Check(locator.MustParse("cid:part1"), locator.URLDraft1994); !bHasFinding(fs, scheme.CodeAddrSpec, 4, locator.SeverityWarning) {
		t.Errorf("Check(cid:part1) = %v", fs)
	}
}
