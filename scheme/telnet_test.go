package scheme_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/pct"
	"github.com/locator-url/locator/scheme"
)

func TestTelnetRows(t *testing.T) {
	for _, r := range []struct {
		rule  string
		in    string
		want  scheme.Telnet
		port  int
		notes int // advisory notes after the connection
		out   string
	}{
		{"RFC 1738 §3.8", "telnet://u:p@h.example:2323/",
			scheme.Telnet{Login: scheme.Login{User: strp("u"), Password: strp("p"), Host: "h.example", Port: "2323"}}, 2323, 2,
			"telnet://u:p@h.example:2323/"},
		{"RFC 1738 §3.8: the final \"/\" may be omitted; port 23", "telnet://h.example",
			scheme.Telnet{Login: scheme.Login{Host: "h.example"}}, 23, 0, "telnet://h.example/"},
		{"RFC 1738 §3.8: the password may be omitted", "telnet://guest@h.example/",
			scheme.Telnet{Login: scheme.Login{User: strp("guest"), Host: "h.example"}}, 23, 1, "telnet://guest@h.example/"},
		{"RFC 1738 §3.1: an empty password", "telnet://guest:@h.example/",
			scheme.Telnet{Login: scheme.Login{User: strp("guest"), Password: strp(""), Host: "h.example"}}, 23, 2, "telnet://guest:@h.example/"},
	} {
		u := locator.MustParse(r.in)
		v, err := scheme.ParseTelnet(u)
		if err != nil || !reflect.DeepEqual(v, r.want) {
			t.Errorf("%s: ParseTelnet(%q) = %+v, %v", r.rule, r.in, v, err)
			continue
		}
		p, err := scheme.PlanFor(u)
		if err != nil || p.Port != r.port || p.Host != "h.example" || len(p.Steps) != 2+r.notes || len(p.Wire()) != 0 {
			t.Errorf("%s: plan %+v, %v", r.rule, p, err)
		}
		u2, err := v.URL()
		if err != nil || u2.String() != r.out {
			t.Errorf("%s: URL() = %q, %v; want %q", r.rule, u2, err, r.out)
		}
		if v2, _ := scheme.ParseTelnet(u2); !reflect.DeepEqual(v, v2) {
			t.Errorf("%s: %+v ≠ %+v", r.rule, v, v2)
		}
	}
	p, _ := scheme.PlanFor(locator.MustParse("telnet://guest:pw@h.example"))
	want := []scheme.Step{
		{Note: "connect to h.example:23 (a Telnet session, RFC 854; RFC 1738 §3.8: port 23 unless the URL gives one)"},
		{Note: "suggest the user name \"guest\" to the user (advisory, RFC 1738 §3.8)"},
		{Note: "suggest the password \"pw\" to the user (advisory, RFC 1738 §3.8)"},
		{Note: scheme.TelnetNegotiationNote},
	}
	if !reflect.DeepEqual(p.Steps, want) {
		t.Errorf("steps = %+v", p.Steps)
	}
}

// latin1 turns the runes of a JSON string of testdata/libwww-w3c (each one octet, U+0000 to
// U+00FF) back into octets.
func latin1(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		b = append(b, byte(r))
	}
	return string(b)
}

// TestTelnetHTCleanTelnetString: libwww cuts a telnet user or host at the first control
// character after decoding ("to stop command injection via telnet: URLs"). The plan refuses
// exactly the inputs whose cleaned value differs from the decoded one, in the user name, the
// password and the host.
func TestTelnetHTCleanTelnetString(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "libwww-w3c", "htcleantelnetstring-tests.json"))
	if err != nil {
		t.Fatal(err)
	}
	var tab struct {
		Cases []struct{ Unclean, Clean string }
	}
	if err := json.Unmarshal(data, &tab); err != nil {
		t.Fatal(err)
	}
	if len(tab.Cases) != 69 {
		t.Fatalf("%d cases", len(tab.Cases))
	}
	refused := 0
	for _, c := range tab.Cases {
		if !utf8.ValidString(c.Clean) {
			t.Fatalf("clean %q", c.Clean)
		}
		dec, err := pct.Decode(c.Unclean)
		if err != nil {
			t.Fatal(err)
		}
		cut := latin1(c.Clean) != dec
		if cut {
			refused++
		}
		for _, in := range []string{
			"telnet://" + c.Unclean + "@h.example/",
			"telnet://u:" + c.Unclean + "@h.example/",
			"telnet://" + c.Unclean + "/",
		} {
			u, err := locator.Parse(in)
			if err != nil {
				t.Errorf("Parse(%q): %v", in, err)
				continue
			}
			_, err = scheme.PlanFor(u)
			code, off := errCode(err)
			switch {
			case cut && code != scheme.CodeLineBreak:
				t.Errorf("%q (clean %q): plan err %v, want %s", in, c.Clean, err, scheme.CodeLineBreak)
			case cut && (off < 0 || off+3 > len(in) || in[off] != '%'):
				t.Errorf("%q: offset %d is not an escape", in, off)
			case !cut && err != nil:
				t.Errorf("%q (clean = decoded): plan err %v", in, err)
			}
		}
	}
	if refused != 66 {
		t.Errorf("%d inputs refused, want 66 (all but a tab and two runs of Latin-1 letters)", refused)
	}
}

func TestTelnetErrorsAndCheck(t *testing.T) {
	for _, r := range []struct {
		in   string
		code locator.Code
		off  int
	}{
		{"telnet://h.example/x", scheme.CodeTelnetPath, 18},
		{"telnet://h.example?x", scheme.CodeTelnetPath, 18},
		{"telnet:h.example", scheme.CodeNoAuthority, 7},
		{"http://h.example", scheme.CodeWrongScheme, 0},
	} {
		_, err := scheme.ParseTelnet(locator.MustParse(r.in))
		if c, off := errCode(err); c != r.code || off != r.off {
			t.Errorf("ParseTelnet(%q) = %v; want %s at %d", r.in, err, r.code, r.off)
		}
	}
	for _, r := range []struct {
		in   string
		want []string
	}{
		{"telnet://u:p@h.example:23/", nil},
		{"telnet://h.example/x", []string{"telnet-path@19"}},
		{"telnet:h.example", []string{"no-authority@7"}},
	} {
		var got []string
		for _, f := range scheme.Check(locator.MustParse(r.in), locator.RFC1738) {
			if f.Rule == "RFC 1738 §5 telneturl" {
				got = append(got, string(f.Code)+"@"+itoaTest(f.Offset))
			}
		}
		if !slices.Equal(got, r.want) {
			t.Errorf("Check(%q) = %q; want %q", r.in, got, r.want)
		}
	}
}
