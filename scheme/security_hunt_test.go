package scheme_test

import (
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// hasFinding reports whether f has a finding of code at offset off.
func hasFinding(f []locator.Finding, off int, code locator.Code) bool {
	for _, x := range f {
		if x.Offset == off && x.Code == code {
			return true
		}
	}
	return false
}

// RFC 3986 §7.6's own example: "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm"
// "might lead a human user to assume that the host is 'cnn.example.com', whereas it is
// actually '10.0.0.1'". The user name starts with a host name, then noise after a delimiter.
func TestSecurityUserinfoStartsLikeHost(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm", true},
		{"http://www.example.com&story=breaking_news@10.0.0.1/", true},
		{"http://www.bank.example%3A443@evil.example/", true}, // ":" spelled %3A
		{"http://www.bank.example%2Flogin@evil.example/", true},
		{"http://www.bank.example@evil.example/", true},
		{"http://user@www.bank.example@evil.example/", true}, // read as user information and a host
		{"http://user%40www.bank.example@evil.example/", true},
		{"http://a@b@evil.example/", false},
		{"http://john.doe@h.example/", false},
		{"http://john.doe+news@h.example/", false},
		{"http://a.b.c_d@h.example/", false}, // "_" continues the word: no host name ends there
		{"http://user@h.example/", false},
	}
	for _, spec := range []locator.Spec{locator.RFC1738, locator.RFC3986} {
		for _, tt := range tests {
			u, err := locator.ParseAs(tt.in, spec)
			if err != nil {
				t.Fatalf("%v %s: %v", spec, tt.in, err)
			}
			f := scheme.Security(u)
			off := strings.Index(tt.in, "//") + 2
			if got := hasFinding(f, off, scheme.CodeUserinfoLikeHost); got != tt.want {
				t.Errorf("%v Security(%s): userinfo-looks-like-host %v, want %v (%v)", spec, tt.in, got, tt.want, f)
			}
		}
	}
	r := scheme.Inspect("ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm", locator.RFC3986)
	if !hasFinding(r.Findings, 6, scheme.CodeUserinfoLikeHost) {
		t.Errorf("Inspect under RFC 3986 misses §7.6's example: %v", r.Findings)
	}
	for _, x := range r.Findings {
		if x.Code == scheme.CodeUserinfoLikeHost && !strings.Contains(x.Message, `"cnn.example.com"`) {
			t.Errorf("message %q does not name the host it imitates", x.Message)
		}
	}
}

// A port's message names the port by its number: leading zeros (RFC 1738 §5 port = digits)
// do not make it unbounded, and "0025" is port 25, SMTP.
func TestSecurityPortMessageBounded(t *testing.T) {
	in := "http://h.example:" + strings.Repeat("0", 1<<20) + "8080/"
	u, err := locator.Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	f := scheme.Security(u)
	if !hasFinding(f, 17, scheme.CodePortNotDefault) {
		t.Fatalf("no port-not-default: %v", f)
	}
	for _, x := range f {
		if len(x.Message) > 200 {
			t.Errorf("%s message of %d bytes", x.Code, len(x.Message))
		}
	}
	r := scheme.Inspect(in, locator.RFC1738)
	for _, x := range r.Findings {
		if len(x.Message) > 300 {
			t.Errorf("Inspect: %s message of %d bytes", x.Code, len(x.Message))
		}
	}
	f = scheme.Security(locator.MustParse("gopher://h.example:0025/1"))
	if len(f) != 1 || f[0].Code != scheme.CodePortReserved || !strings.Contains(f[0].Message, "port 25 (SMTP)") {
		t.Errorf("gopher port 0025: %v", f)
	}
}

// A port too large for an int (RFC 1738 §5 port = digits) is still not the default port.
func TestSecurityPortBeyondInt(t *testing.T) {
	u := locator.MustParse("http://h.example:99999999999999999999/")
	f := scheme.Security(u)
	if !hasFinding(f, 17, scheme.CodePortNotDefault) {
		t.Errorf("Security(%s) = %v, want a port-not-default", u, f)
	}
}

// RFC 3986 §7.3: "Security checks of the data within a URI should be applied after decoding
// the octets": a reg-name written with escapes (RFC 3986 §3.2.2) is read decoded by resolvers.
func TestSecurityEscapedHost(t *testing.T) {
	tests := []struct {
		in   string
		code locator.Code
	}{
		{"http://%D0%B0pple.com/", scheme.CodeNonASCIIHost},  // Cyrillic а
		{"http://%30x7f.1/", scheme.CodeAmbiguousHostNumber}, // 0x7f.1
		{"http://%32130706433/", scheme.CodeAmbiguousHostNumber},
	}
	for _, tt := range tests {
		r := scheme.Inspect(tt.in, locator.RFC3986)
		if !hasFinding(r.Findings, 7, tt.code) {
			t.Errorf("Inspect(%s, RFC3986): no %s in %v", tt.in, tt.code, r.Findings)
		}
		u := locator.MustParse(tt.in)
		if !hasFinding(scheme.Security(u), 7, tt.code) {
			t.Errorf("Security(%s): no %s", tt.in, tt.code)
		}
	}
	// Harmless escapes in a host stay quiet.
	if f := scheme.Security(locator.MustParse("http://%61.example/")); len(f) != 0 {
		t.Errorf("http://%%61.example/: %v", f)
	}
}

// The cap of 100 findings keeps the first error: 101 "%0A" (security warnings) before an
// unsafe " " (an error of RFC 1738 §2.2) would otherwise leave an invalid report without one.
func TestInspectCapKeepsFirstError(t *testing.T) {
	in := "http://h/" + strings.Repeat("%0A", 101) + " "
	r := scheme.Inspect(in, locator.RFC1738)
	if r.Valid() {
		t.Fatal("valid")
	}
	if len(r.Findings) != locator.MaxFindings {
		t.Fatalf("%d findings", len(r.Findings))
	}
	last := r.Findings[len(r.Findings)-1]
	if last.Code != locator.CodeUnsafeChar || last.Offset != len(in)-1 {
		t.Errorf("last finding %+v, want the unsafe-char at %d", last, len(in)-1)
	}
	if r.OmittedErrors != 0 || r.Omitted != 2 {
		t.Errorf("omitted %d (%d errors), want 2 (0)", r.Omitted, r.OmittedErrors)
	}
	f, ok := r.FirstError()
	if !ok || f != last {
		t.Errorf("FirstError = %+v, %v", f, ok)
	}
	// Under the URI draft, a space is a warning of the checker itself, which stops building
	// findings after 100: FirstError says how many errors were left out.
	in = "http://h/" + strings.Repeat(" x", 101) + "="
	r = scheme.Inspect(in, locator.RFC1630)
	if r.Valid() || r.OmittedErrors != 1 {
		t.Fatalf("valid %v, omitted errors %d", r.Valid(), r.OmittedErrors)
	}
	f, ok = r.FirstError()
	if !ok || f.Code != locator.CodeTooManyFindings || f.Severity != locator.SeverityError ||
		!strings.Contains(f.Message, "1 error ") {
		t.Errorf("FirstError = %+v, %v", f, ok)
	}
	if _, ok := scheme.Inspect("http://h.example/", locator.RFC1738).FirstError(); ok {
		t.Error("FirstError of a valid URL")
	}
}

// RFC 1738 §3.4.9: a gopher+ string that is a filled-out ASK form,
// "+%091%0D%0A+-1%0D%0A<ask_item1_value>%0D%0A...%0D%0A.%0D%0A", is "a coded version of what
// the client sends to the server": its TAB, CR and LF are the protocol's own lines, not encoded
// delimiters smuggled in (RFC 1738 §6). Outside a well-formed block they are reported.
func TestSecurityGopherAskBlock(t *testing.T) {
	ok := "gopher://h.example/1sel%09%09+%091%0D%0A+-1%0D%0Aa%0D%0Ab%0D%0A.%0D%0A"
	if f := scheme.Security(locator.MustParse(ok)); len(f) != 0 {
		t.Errorf("Security(%s) = %v, want none", ok, f)
	}
	if r := scheme.Inspect(ok, locator.RFC1738); !r.Valid() || len(r.Findings) != 0 {
		t.Errorf("Inspect(%s) = %v", ok, r.Findings)
	}
	for _, in := range []string{
		"gopher://h.example/1sel%09%09+%091%0D%0A+-1%0D%0Aa%0D%0AQUIT%0D%0A",  // no final "."
		"gopher://h.example/1s%0Del%09%09+%091%0D%0A+-1%0D%0Aa%0D%0A.%0D%0A",  // CR in the selector
		"gopher://h.example/1sel%09%09+%091%0D%0A+-1%0D%0Aa%0D%0A.%0D%0A#%0A", // the fragment's
		"gopher://h.example/1sel%09%0D%0A%09+%091%0D%0A+-1%0D%0A.%0D%0A",      // CR LF in the search
	} {
		f := scheme.Security(locator.MustParse(in))
		found := false
		for _, x := range f {
			found = found || x.Code == scheme.CodeEncodedLineBreak
		}
		if !found {
			t.Errorf("Security(%s) = %v, want an encoded-line-break", in, f)
		}
	}
}

// The name of an unknown scheme is as long as the input allows (RFC 3986 §3.1 scheme =
// ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )): the port's message cuts it.
func TestSecurityLongSchemeBounded(t *testing.T) {
	in := strings.Repeat("x", 1<<16) + "://h.example:25/"
	f := scheme.Security(locator.MustParse(in))
	if len(f) != 1 || f[0].Code != scheme.CodePortReserved || len(f[0].Message) > 300 {
		t.Errorf("Security: %d findings, first of %d bytes", len(f), len(f[0].Message))
	}
	r := scheme.Inspect(in, locator.RFC3986)
	for _, x := range r.Findings {
		if len(x.Message) > 300 {
			t.Errorf("Inspect: %s message of %d bytes", x.Code, len(x.Message))
		}
	}
}
