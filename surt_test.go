package locator

import "testing"

// TestSURT uses the examples of the Python surt package's README and tests, and of the
// Heritrix/Wayback SURT documentation.
func TestSURT(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://www.archive.org/goo/?b=2&a=1", "org,archive)/goo?a=1&b=2"},
		{"http://archive.org/goo/?a=2&b&a=1", "org,archive)/goo?a=1&a=2&b"},
		{"http://archive.org/", "org,archive)/"},
		{"http://archive.org", "org,archive)/"},
		{"http://www.archive.org/", "org,archive)/"},
		{"http://archive.org/goo/", "org,archive)/goo"},
		{"http://archive.org/goo/?", "org,archive)/goo"},
		{"http://archive.org/goo/?b&a", "org,archive)/goo?a&b"},
		{"http://ARCHIVE.ORG/Goo/Bar.HTML", "org,archive)/goo/bar.html"},
		{"http://archive.org:80/", "org,archive)/"},
		{"https://www.archive.org:443/", "org,archive)/"},
		{"http://www.archive.org:8080/", "org,archive:8080)/"},
		{"http://www12.archive.org/", "org,archive)/"},
		{"http://wwwarchive.org/", "org,wwwarchive)/"},
		{"http://user:pass@archive.org/a#frag", "org,archive)/a"},
		{"http://mail.google.com/mail?a=b", "com,google,mail)/mail?a=b"},
		{"http://archive.org/a/./b/../c", "org,archive)/a/c"},
		{"http://archive.org//a//b", "org,archive)/a/b"},
		{"http://192.168.1.254/info/", "254,1,168,192)/info"},
		{"http://0x7f.1/", "1,0,0,127)/"},
		{"http://[::1]:8080/x", "[::1]:8080)/x"},
		{"http://archive.org./", "org,archive)/"},
		// "www" + digits + "." is removed only when a label follows it.
		{"http://www./", "www)/"},
		{"http://www1./a", "www1)/a"},
		{"http://www1.x/", "x)/"},
		{"http://archive.org/%7Euser/", "org,archive)/~user"},
		{"dns:archive.org", "dns:archive.org"},
		{"DNS:archive.org#x", "dns:archive.org"},
	}
	for _, tt := range tests {
		got, err := SURT(MustParse(tt.in))
		if err != nil || got != tt.want {
			t.Errorf("SURT(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	if _, err := SURT(MustParse("/a/b")); !rsIsCode(err, CodeNotAbsolute) {
		t.Errorf("SURT of a relative reference: %v", err)
	}
}
