package main

import (
	"strings"
	"testing"
)

// --per-host has its own bound and message: 1 to 256 connections to one host (the bound of
// --jobs, as each URL fetched holds one), not "a whole number of jobs".
func TestGetPerHostFlag(t *testing.T) {
	for _, v := range []string{"0", "257", "-1", "x", "1e2", ""} {
		_, errs, code := runLocator(t, "", "get", "--per-host", v, "http://h.invalid/")
		if code != 2 || !strings.Contains(errs, "want a whole number of connections to one host, 1 to 256") || strings.Contains(errs, "jobs") {
			t.Errorf("get --per-host %q: exit %d, stderr %q", v, code, errs)
		}
	}
	_, errs, code := runLocator(t, "", "get", "--jobs", "0", "http://h.invalid/")
	if code != 2 || !strings.Contains(errs, "want a whole number of jobs, 1 to 256") {
		t.Errorf("get --jobs 0: exit %d, stderr %q", code, errs)
	}
	if out, _, _ := runLocator(t, "", "get", "--help"); !strings.Contains(out, "--per-host N") || !strings.Contains(out, "1 to 256 (above --jobs, no effect)") {
		t.Errorf("get --help: no bound for --per-host:\n%s", out)
	}
}
