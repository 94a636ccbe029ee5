package main

import (
	"strconv"
	"strings"
	"testing"
)

// The README ("What locator does"): "parse, check, plan and extract take --spec rfc1738, --spec
// url-draft-1994, --spec url-draft-1993, --spec rfc1630 or --spec rfc3986". extract refused
// the three drafts (exit 2, "extract checks URLs by rfc1738 or rfc3986 only"). Now "valid"
// follows each, as check --spec does, on both paths, and the URLs read are the same.
func TestExtractDraftSpecs(t *testing.T) {
	urls := []string{"mid:960830.1639@XIson.com", "ftp://host/a;type=AN", "http://a.example/b"}
	text := "see <URL:" + urls[0] + "> and " + urls[1] + ",\n\nand " + urls[2] + ".\n"
	for _, spec := range []string{"rfc1738", "url-draft-1994", "url-draft-1993", "rfc1630", "rfc3986"} {
		var want strings.Builder
		for i, u := range urls {
			_, _, code := runLocator(t, "", "check", "--spec", spec, u)
			valid := map[int]string{0: "valid", 1: "invalid"}[code]
			start := strings.Index(text, u)
			want.WriteString(u + "\t" + strconv.Itoa(start) + "\t" + strconv.Itoa(start+len(u)-1) + "\t" +
				[]string{"wrapped", "bare", "bare"}[i] + "\t" + valid + "\n")
		}
		outs, errs, codes := extractBoth(t, text, "--spec", spec)
		for i := range 2 {
			if outs[i] != want.String() || errs[i] != "" || codes[i] != 0 {
				t.Errorf("--spec %s --jobs %d: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", spec, i+1, codes[i], errs[i], outs[i], want.String())
			}
		}
	}
	// The documents differ on these URLs, so the test tells them apart.
	for spec, want := range map[string]string{"rfc1738": "true false true\n", "url-draft-1994": "true true true\n"} {
		out, _, _ := runLocator(t, text, "extract", "--jobs", "1", "--format", "{valid}", "--spec", spec)
		if got := strings.Join(strings.Fields(out), " ") + "\n"; got != want {
			t.Errorf("--spec %s: valid %q, want %q", spec, got, want)
		}
	}
}

// wrap writes what extract reads: RFC 1738 §5 "ftp://a:p?q@host/f", the password "p?q", which
// wrap refused with "port is not decimal digits [bad-port, RFC 1738 §3.1 port]".
func TestWrapLoginQuestionMarkCommand(t *testing.T) {
	out, errs, code := runLocator(t, "", "wrap", "ftp://a:p?q@host/f")
	if out != "<URL:ftp://a:p?q@host/f>\n" || errs != "" || code != 0 {
		t.Fatalf("wrap: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	got, errs, code := runLocator(t, out, "extract", "--jobs", "1")
	if got != "ftp://a:p?q@host/f\t5\t22\twrapped\tvalid\n" || errs != "" || code != 0 {
		t.Errorf("extract: exit %d, stdout %q, stderr %q", code, got, errs)
	}
	out, errs, code = runLocator(t, "see ftp://a:p?q@host/f now\n", "wrap", "--text")
	if out != "see <URL:ftp://a:p?q@host/f> now\n" || errs != "" || code != 0 {
		t.Errorf("wrap --text: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// wrap --text says which URL longer than 64 KiB it left as written (extract skips it, and wrap
// would refuse it): it said nothing.
func TestWrapTextTooLongCommand(t *testing.T) {
	long := "http://y.example/" + strings.Repeat("a", 70000)
	text := "see " + long + " and http://x/\n"
	out, errs, code := runLocator(t, text, "wrap", "--text")
	wantErr := "locator: standard input: byte 4: left as written: " + long[:64] + ": a URL of " +
		strconv.Itoa(len(long)) + " bytes, longer than 65536, more than a reader of text reads (extract does not report it) [too-long, extract.MaxLength]\n"
	if out != "see "+long+" and <URL:http://x/>\n" || errs != wantErr || code != 0 {
		t.Errorf("wrap --text: exit %d, stdout %.80q, stderr %q; want stderr %q", code, out, errs, wantErr)
	}
}
