package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// check - gives "ok URL" only for a valid URL: an error that comes after 100 security notes
// (RFC 1738 §6, "%0A" 101 times) is still the line's first error, and check --json says it.
func TestCheckFirstErrorAfterManyWarnings(t *testing.T) {
	in := "http://h/" + strings.Repeat("%0A", 101) + " "
	out, _, code := runLocator(t, in+"\n", "check", "-")
	if code != 1 || strings.HasPrefix(out, "ok ") || !strings.Contains(out, ":312: error: ") {
		t.Errorf("check -: exit %d, %q", code, out)
	}
	out, _, _ = runLocator(t, in+"\n", "check", "--json", "-")
	var rec struct {
		Valid    bool    `json:"valid"`
		Offset   *int    `json:"offset"`
		Code     *string `json:"code"`
		Errors   int     `json:"errors"`
		Warnings int     `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("%v: %q", err, out)
	}
	if rec.Valid || rec.Offset == nil || *rec.Offset != 312 || rec.Code == nil || *rec.Code != "unsafe-char" ||
		rec.Errors != 1 || rec.Warnings != 101 {
		t.Errorf("check --json: %s", out)
	}
	out, _, _ = runLocator(t, "", "check", "--all-specs", in)
	if !strings.Contains(out, "rfc1738         312: error: ") {
		t.Errorf("check --all-specs: %q", out)
	}
}

// check --json counts every error and warning, those past the 100 the report lists
// included, as check --all-specs --json and the "… N more findings" of the text form do.
func TestCheckJSONCountsOmitted(t *testing.T) {
	in := "http://h/" + strings.Repeat("a b", 150)
	for _, args := range [][]string{{"check", "--json", in}, {"check", "--all-specs", "--json", in}} {
		out, _, _ := runLocator(t, "", args...)
		if !strings.Contains(out, `"errors":150,"warnings":0`) {
			t.Errorf("%v: %s", args[:len(args)-1], out[max(0, len(out)-200):])
		}
	}
	out, _, _ := runLocator(t, "", "check", in)
	if !strings.HasSuffix(out, "… 130 more findings\n") {
		t.Errorf("check: %q", out[max(0, len(out)-100):])
	}
}
