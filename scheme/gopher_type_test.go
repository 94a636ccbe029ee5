package scheme_test

import (
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/pct"
	"github.com/locator-url/locator/scheme"
)

// TestGopherEveryType: RFC 1738 §5 gtype = xchar, one octet, written as it is or as one
// escape. Every byte is a gophertype the view accepts (RFC 1436's item types "0"–"9", "+",
// "T", "g", "I" and the rest are not a closed set); it reads back the same, its URL is valid,
// and it is not sent: only type "7", a search engine, changes the request, which then keeps
// the search string's TAB before a gopher+ string (gopher-plus.txt §2.5).
func TestGopherEveryType(t *testing.T) {
	for c := 0; c < 256; c++ {
		typ := string([]byte{byte(c)})
		for _, written := range []string{pct.Encode(typ, pct.Of("")), strings.ToLower(pct.Encode(typ, pct.Of(""))), typ} {
			if written == "#" {
				continue // the fragment
			}
			in := "gopher://h/" + written + "sel%09%09+"
			u, err := locator.Parse(in)
			if err != nil {
				continue // a byte Parse refuses as written (a control, "#", "%", …)
			}
			g, err := scheme.ParseGopher(u)
			if err != nil || g.Type != typ || g.Selector != "sel" || g.TypeDefaulted {
				t.Errorf("ParseGopher(%q) = %+v, %v; want type %q", in, g, err, typ)
				continue
			}
			want := "sel\t+\r\n"
			if typ == "7" {
				want = "sel\t\t+\r\n" // "Tab Tab '+'": a search for nothing (gopher-plus.txt §2.5)
			}
			if got := string(g.Request()); got != want {
				t.Errorf("Request(%q) = %q; want %q", in, got, want)
			}
			for _, f := range scheme.Check(u, locator.RFC1738) {
				if f.Code == scheme.CodeGopherType || f.Rule == "RFC 1738 §5 gtype" && pct.RFC1738Xchar.Contains(byte(c)) {
					t.Errorf("Check(%q): %v", in, f)
				}
			}
			v, err := g.URL()
			if err != nil {
				t.Errorf("%q: URL(): %v", in, err)
				continue
			}
			if g2, err := scheme.ParseGopher(v); err != nil || g2.Type != typ {
				t.Errorf("%q → %q → type %q, %v", in, v, g2.Type, err)
			}
			if !scheme.Valid(scheme.Check(v, locator.RFC1738)) {
				t.Errorf("%q → %q: %v", in, v, scheme.Check(v, locator.RFC1738))
			}
		}
	}
	// A type that is not one octet is not a gophertype: the view refuses it (CodeGopherType);
	// so does an empty one that is not the default, and a default one other than "1".
	h := scheme.Login{Host: "h"}
	for _, g := range []scheme.Gopher{
		{Login: h, Type: ""}, {Login: h, Type: "00"}, {Login: h, Type: "é"}, {Login: h, Type: "+7"},
		{Login: h, Type: "0", TypeDefaulted: true}, {Login: h, Type: "1", TypeDefaulted: true, Selector: "s"},
	} {
		if _, err := g.URL(); func() bool { c, _ := errCode(err); return c != scheme.CodeGopherType }() {
			t.Errorf("%+v: URL() = %v; want %s", g, err, scheme.CodeGopherType)
		}
		if g.Request() != nil {
			t.Errorf("%+v: Request() = %q; want nil", g, g.Request())
		}
	}
	for _, g := range []scheme.Gopher{{Login: h, Type: "1", TypeDefaulted: true}, {Login: h, Type: "", TypeDefaulted: true}} {
		if v, err := g.URL(); err != nil || v.String() != "gopher://h/" {
			t.Errorf("%+v: URL() = %q, %v", g, v, err)
		}
	}
	// The type-7 rule for the search's TAB, both sides, with a search string and without.
	for _, r := range []struct {
		in, want string
	}{
		{"gopher://h/7s%09q%09+", "s\tq\t+\r\n"},
		{"gopher://h/0s%09q%09+", "s\tq\t+\r\n"},
		{"gopher://h/7s%09%09+", "s\t\t+\r\n"},
		{"gopher://h/6s%09%09+", "s\t+\r\n"},
		{"gopher://h/8s%09%09+", "s\t+\r\n"},
		{"gopher://h/%37s%09%09+", "s\t\t+\r\n"},
		{"gopher://h/7s%09q", "s\tq\r\n"},
		{"gopher://h/7s", "s\r\n"},
	} {
		g, err := scheme.ParseGopher(locator.MustParse(r.in))
		if got := string(g.Request()); err != nil || got != r.want {
			t.Errorf("Request(%q) = %q, %v; want %q", r.in, got, err, r.want)
		}
	}
}
