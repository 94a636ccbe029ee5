package syntax

import (
	"encoding/json"
	"math/rand/v2"
	"net/netip"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/locator-url/locator"
)

// fuzzSeeds are URLs that reach every checker's branches.
var fuzzSeeds = []string{
	"", "ftp://user:pass@host.com:21/pub/a;type=d", "http://[::1]:80/a?b#c", "HTTP://a..b-.3com.:/",
	"gopher://h:25/1a%09b%09c%09d", "http://www.bank.com@0177.0.0.1/%0D%0A", "1x:a b~#c#d",
	"//[v1.x]/", "a:b/c", "./g:h", "http://[fe80::1%25en0]/", "http://h\u00e9/caf\u00e9",
	"mailto:a@b", "news:a%00b", "http://1.2.3.4.5/", "http://256.1.1.1:99999/",
	"http://[1:2:3:4:5:6:1.2.3.4]/", "http://[::ffff:1.2.3]/", "ftp://a@b@c/", "http://u:p:q@h/",
}

// checkInvariants checks what every checker promises: offsets within the URL, in order,
// with a code, a rule and a message, and the same findings on a second run.
func checkInvariants(t *testing.T, name, s string, check func() []locator.Finding) {
	t.Helper()
	fs := check()
	for i, f := range fs {
		if f.Offset < 0 || f.Offset > len(s) {
			t.Fatalf("%s(%q): offset %d outside [0, %d]: %v", name, s, f.Offset, len(s), f)
		}
		if i > 0 && fs[i-1].Offset > f.Offset {
			t.Fatalf("%s(%q): findings out of order:%s", name, s, fmtFindings(fs))
		}
		if f.Code == "" || f.Rule == "" || f.Message == "" {
			t.Fatalf("%s(%q): incomplete finding %#v", name, s, f)
		}
	}
	if again := check(); !reflect.DeepEqual(fs, again) {
		t.Fatalf("%s(%q): not deterministic:%s\nthen:%s", name, s, fmtFindings(fs), fmtFindings(again))
	}
}

func FuzzCheckRFC1738(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := locator.Parse(s)
		if err != nil {
			return
		}
		checkInvariants(t, "CheckRFC1738", s, func() []locator.Finding { return rfc1738(u) })
		checkInvariants(t, "CheckLogin", s, func() []locator.Finding { return login(u) })
		// CheckHostPort and CheckChars take any text, not only what Parse accepts.
		checkInvariants(t, "CheckHostPort", s, func() []locator.Finding { return hostPort(s, 0) })
		checkInvariants(t, "CheckChars", s, func() []locator.Finding { return chars(s, 0, LoginChars, "r") })
	})
}

func FuzzCheckRFC3986(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := locator.Parse(s)
		if err != nil {
			return
		}
		checkInvariants(t, "CheckRFC3986", s, func() []locator.Finding { return rfc3986(u) })
		if !u.HasScheme() || hasErrors(rfc3986(u)) {
			return
		}
		// Differential: an absolute URI that RFC 3986 accepts, net/url accepts too. Known
		// net/url strictness beyond RFC 3986 is left out: in the host it rejects escapes of
		// ASCII bytes other than %25 (parseHost, unescape with encodeHost).
		if strings.Contains(u.Host(), "%") {
			return
		}
		if _, err := url.Parse(s); err != nil {
			t.Fatalf("CheckRFC3986(%q) finds no error, but net/url.Parse fails: %v", s, err)
		}
	})
}

func hasErrors(fs []locator.Finding) bool {
	for _, f := range fs {
		if f.Severity == locator.SeverityError {
			return true
		}
	}
	return false
}

// TestCheckRFC3986AgainstNetURL runs the differential property of FuzzCheckRFC3986 over the
// inputs of the WPT and RFC corpora: an absolute URI without RFC 3986 errors is one that
// net/url parses.
func TestCheckRFC3986AgainstNetURL(t *testing.T) {
	var inputs []string
	var wpt []json.RawMessage
	loadJSON(t, "wpt/urltestdata.json", &wpt)
	for _, raw := range wpt {
		var c struct{ Input, Href string }
		if json.Unmarshal(raw, &c) == nil {
			inputs = append(inputs, c.Input, c.Href)
		}
	}
	inputs = append(inputs, fuzzSeeds...)
	checked := 0
	for _, s := range inputs {
		u, err := locator.Parse(s)
		if err != nil || !u.HasScheme() || hasErrors(rfc3986(u)) || strings.Contains(u.Host(), "%") {
			continue
		}
		checked++
		if _, err := url.Parse(s); err != nil {
			t.Errorf("CheckRFC3986(%q) finds no error, but net/url.Parse fails: %v", s, err)
		}
	}
	t.Logf("%d of %d inputs are valid absolute URIs", checked, len(inputs))
	if checked < 100 {
		t.Errorf("only %d valid absolute URIs checked", checked)
	}
}

// TestIPv6AgainstNetip compares the RFC 3986 §3.2.2 IPv6address check with net/netip, which
// parses the same text forms (RFC 4291 §2.2), on random strings of address characters.
func TestIPv6AgainstNetip(t *testing.T) {
	const alphabet = "0123456789abcdefABCDEF:.:::..g"
	r := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 50000; k++ {
		b := make([]byte, r.IntN(24))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		compareIPv6(t, string(b))
	}
	for _, s := range []string{"::", "::1", "1::", "::1.2.3.4", "1:2:3:4:5:6:1.2.3.4", "::ffff:0.0.0.0",
		"1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8", "1:2:3:4:5::1.2.3.4", "1:2:3:4:5:6::1.2.3.4"} {
		compareIPv6(t, s)
	}
}

func compareIPv6(t *testing.T, s string) {
	t.Helper()
	at, _ := ipv6Error(s)
	a, err := netip.ParseAddr(s)
	want := err == nil && a.Is6()
	if (at < 0) != want {
		t.Errorf("ipv6Error(%q) = %d; netip.ParseAddr: %v, %v", s, at, a, err)
	}
	if at > len(s) {
		t.Errorf("ipv6Error(%q) = %d, beyond the end", s, at)
	}
}
