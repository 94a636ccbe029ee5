package syntax

import (
	"strings"
	"testing"
)

// slowHostPort is CheckHostPort without its shortcut (validHostPort): the findings of the
// host and port checks alone.
func slowHostPort(hostport string) []string {
	var sk Sink
	host, port, hasPort := strings.Cut(hostport, ":")
	if host == "" {
		return []string{"empty-host"}
	}
	checkHost(&sk, host, 0)
	if hasPort {
		checkPort(&sk, port, len(host))
	}
	var codes []string
	for _, f := range sk.Findings() {
		codes = append(codes, string(f.Code))
	}
	return codes
}

// TestValidHostPortAgrees holds the shortcut of CheckHostPort (validHostPort and
// validHostnameShape, which skip the checks of a host that is clean) to the checks themselves,
// on both sides of every boundary they test: RFC 1738 §5 hostname, at most 255 octets (RFC
// 1034 §3.1), labels of at most 63, alphanumerics with inner hyphens, a top label that starts
// with a letter (RFC 1738 §3.1), hostnumber groups up to 255, ports up to 65535.
func TestValidHostPortAgrees(t *testing.T) {
	label63 := strings.Repeat("a", 63)
	// hosts of 255 and 256 octets, with labels of at most 63
	h255 := label63 + "." + label63 + "." + label63 + "." + strings.Repeat("b", 63)
	h256 := label63 + "." + label63 + "." + label63 + "." + strings.Repeat("b", 61) + ".cc"
	if len(h255) != 255 || len(h256) != 256 {
		t.Fatalf("h255 is %d octets, h256 %d", len(h255), len(h256))
	}
	hosts := []string{
		"a", "a.b", "host.com", "a-b.c-d", "3com.com", "a.b9", "a.9b", "a.0b", "a./b", "a.:b",
		"a.az", "a.Za", "a.za", "9", "0", "a9", "a.b-", "a.-b", "-a.b", "a-.b", "a..b", ".a", "a.",
		label63, label63 + "a", label63 + ".com", label63 + "a.com", "x." + label63, "x." + label63 + "a",
		h255, h256, h255[:254] + ".", h256 + ".com",
		"1.2.3.4", "255.255.255.255", "256.1.1.1", "1.2.3.256", "1.2.3", "1.2.3.4.5", "01.2.3.4",
		"h:0", "h:80", "h:65535", "h:65536", "h:99999", "h:", "h:8x", "1.2.3.4:65535", "1.2.3.4:65536",
		h255 + ":65535", h256 + ":80",
	}
	for _, hp := range hosts {
		fast := validHostPort(hp)
		slow := slowHostPort(hp)
		if fast != (len(slow) == 0) {
			t.Errorf("validHostPort(%.70q) = %v, but the checks find %v", hp, fast, slow)
		}
		// And through the exported function: nothing when, and only when, the host is clean.
		var sk Sink
		CheckHostPort(&sk, hp, 0)
		if got := len(sk.Findings()) == 0; got != (len(slow) == 0) {
			t.Errorf("CheckHostPort(%.70q): clean = %v, the checks find %v", hp, got, slow)
		}
	}
	// The cases whose verdict the specifications fix, whichever path decides them.
	for hp, clean := range map[string]bool{
		h255: true, h256: false, label63 + ".com": true, label63 + "a.com": false,
		"a.b9": true, "a.9b": false, "a.0b": false, "a.az": true, "h:65535": true, "h:65536": false,
		"255.255.255.255": true, "1.2.3.256": false,
	} {
		if got := len(slowHostPort(hp)) == 0; got != clean {
			t.Errorf("checks of %.70q: clean = %v, want %v (%v)", hp, got, clean, slowHostPort(hp))
		}
	}
}
