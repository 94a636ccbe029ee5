package whatwg

import (
	"errors"
	"testing"
)

// TestIPv6IPv4PieceBoundaries: the IPv4 part of an IPv6 address (URL Standard §3.5, IPv6
// parser, step 6.5) holds pieces of 0–255 without leading zeros, on both sides of each limit.
func TestIPv6IPv4PieceBoundaries(t *testing.T) {
	for _, tt := range []struct {
		in   string
		host string // "" when the parser fails
		code Code
	}{
		{"http://[::1.2.3.255]/", "[::102:3ff]", ""},
		{"http://[::1.2.3.256]/", "", IPv4InIPv6OutOfRangePart},
		{"http://[::255.255.255.255]/", "[::ffff:ffff]", ""},
		{"http://[::256.0.0.0]/", "", IPv4InIPv6OutOfRangePart},
		{"http://[::0.0.0.0]/", "[::]", ""},
		{"http://[::1.2.3.04]/", "", IPv4InIPv6InvalidCodePoint},
		{"http://[::1.2.3]/", "", IPv4InIPv6TooFewParts},
		{"http://[::1.2.3.4.5]/", "", IPv4InIPv6InvalidCodePoint},
	} {
		u, err := Parse(tt.in, nil)
		if tt.host == "" {
			var e *Error
			if !errors.As(err, &e) || e.Code != tt.code {
				t.Errorf("Parse(%q) = %q, %v; want error %s", tt.in, u.Host(), err, tt.code)
			}
			continue
		}
		if err != nil || u.Host() != tt.host {
			t.Errorf("Parse(%q) = %q, %v; want host %q", tt.in, u.Host(), err, tt.host)
		}
	}
}
