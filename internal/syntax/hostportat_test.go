package syntax

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/locator-url/locator"
)

// hostPortAtDiff checks ValidHostPortAt on the authority of the URL s against what
// CheckHostPort finds (and HostPortOK says) for it, for s parsed under RFC 1738 and RFC 3986.
func hostPortAtDiff(t *testing.T, s string) {
	t.Helper()
	for _, spec := range []locator.Spec{locator.RFC1738, locator.RFC3986} {
		u, err := locator.ParseAs(s, spec)
		if err != nil || !u.HasAuthority() {
			continue
		}
		o := u.Offsets()
		end := o.Host.End
		if o.Port.Start >= 0 {
			end = o.Port.End
		}
		if u.HostPort() != u.String()[o.Host.Start:end] {
			t.Fatalf("%q: host[:port] %q is not at %d:%d", s, u.HostPort(), o.Host.Start, end)
		}
		var sk Sink
		CheckHostPort(&sk, u.HostPort(), 0)
		want := sk.Len() == 0
		if got := ValidHostPortAt(u.String(), o.Host.Start, o.Host.End, end, u.Chars()); got != want {
			t.Errorf("ValidHostPortAt(%q, %d, %d, %d) = %v, want %v (CheckHostPort: %d findings)",
				u.String(), o.Host.Start, o.Host.End, end, got, want, sk.Len())
		}
		if got := HostPortOK(u.Host(), u.HostPort(), u.Chars()); got != want {
			t.Errorf("HostPortOK(%q) = %v, want %v", u.HostPort(), got, want)
		}
	}
}

// The prefixes and ports of TestValidHostPortAt: bytes before the host, with and without dots
// (which ValidHostPortAt must not take for the host's when the host is shorter than eight
// bytes), and ports of every length around 65535.
var (
	hostPortAtPrefixes = []string{"http://", "https://", "x://", "URL:http://", "ftp://u@", "ftp://a.b@",
		"ftp://u:p.q@", "http://.@", "g://", "file://"}
	hostPortAtPorts = []string{"", ":", ":0", ":1", ":80", ":8080", ":9999", ":10000", ":65535", ":65536",
		":99999", ":00080", ":0065535", ":0065536", ":123456"}
)

// TestValidHostPortAt compares ValidHostPortAt with CheckHostPort on every host of up to five
// bytes of "a", "1", "." and "-", and on random hosts of up to 70 bytes, behind each prefix
// and with each port.
func TestValidHostPortAt(t *testing.T) {
	hosts := HostShapes(5)
	r := rand.New(rand.NewPCG(10, 4))
	const alphabet = "ab09.-.Z_~"
	n := 3000
	if testing.Short() {
		n = 1000
	}
	for range n {
		var b strings.Builder
		for n := r.IntN(71); n > 0; n-- {
			b.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		hosts = append(hosts, b.String())
		// a valid hostname with a top label of 1 to 10 bytes
		var c strings.Builder
		for n := r.IntN(4); n > 0; n-- {
			c.WriteString(strings.Repeat("a", r.IntN(12)+1) + ".")
		}
		c.WriteString(strings.Repeat("b", r.IntN(10)+1))
		hosts = append(hosts, c.String())
	}
	hosts = append(hosts, strings.Repeat("a", 63), strings.Repeat("a", 64), strings.Repeat("a.", 31)+"b",
		"localhost", "a.123456789", "a.b23456789", "1.2.3.4", "a.b.c.1a", "aaaaaaa.1", "aaaaaaaa.1")
	for _, h := range hosts {
		for _, pre := range hostPortAtPrefixes {
			for _, port := range hostPortAtPorts {
				hostPortAtDiff(t, pre+h+port+"/p")
			}
			hostPortAtDiff(t, pre+h)
		}
	}
}

// FuzzValidHostPortAt compares ValidHostPortAt with CheckHostPort on the authority of any URL.
func FuzzValidHostPortAt(f *testing.F) {
	for _, s := range []string{"http://www.example.com/", "http://a.b1:80/", "http://1.2.3.4:65536/",
		"ftp://a.b@c.d/", "http://-a.b/", "http://a.b-/", "http://abcdefgh.ijklmnop/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { hostPortAtDiff(t, s) })
}
