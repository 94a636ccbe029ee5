package locator_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// TestTextRoundTrip: every type of the package that MarshalText writes as a name reads it back
// (UnmarshalText), so that what locator writes as JSON decodes into the package's own types:
// Severity and SchemeStatus had MarshalText alone, and a Finding written by --json did not
// decode ("cannot unmarshal string into … of type locator.Severity"). An unknown name is an
// *Error with code CodeUnknownName and leaves the value as it was.
func TestTextRoundTrip(t *testing.T) {
	for _, s := range []locator.Severity{locator.SeverityError, locator.SeverityWarning} {
		b, _ := s.MarshalText()
		var back locator.Severity = 7
		if err := back.UnmarshalText(b); err != nil || back != s {
			t.Errorf("Severity %v: %q reads back as %v, %v", s, b, back, err)
		}
	}
	statuses := 0
	for v := locator.SchemeDefined; v <= locator.SchemeListed; v++ {
		b, _ := v.MarshalText()
		var back locator.SchemeStatus = 99
		if err := back.UnmarshalText(b); err != nil || back != v {
			t.Errorf("SchemeStatus %v: %q reads back as %v, %v", v, b, back, err)
		}
		statuses++
	}
	if statuses != 6 {
		t.Errorf("%d scheme statuses", statuses)
	}
	for _, bad := range []string{"", "Error", "warn", "defined "} {
		s, st := locator.SeverityWarning, locator.SchemeListed
		var e1, e2 *locator.Error
		if err := s.UnmarshalText([]byte(bad)); !errors.As(err, &e1) || e1.Code != locator.CodeUnknownName || s != locator.SeverityWarning {
			t.Errorf("Severity.UnmarshalText(%q): %v, %v", bad, err, s)
		}
		if err := st.UnmarshalText([]byte(bad)); !errors.As(err, &e2) || e2.Code != locator.CodeUnknownName || st != locator.SchemeListed {
			t.Errorf("SchemeStatus.UnmarshalText(%q): %v, %v", bad, err, st)
		}
	}
	// The findings of a URL with errors and warnings, and the registry's facts, through JSON.
	u := locator.MustParse("HTTP://h:99999/a b?~")
	findings := scheme.Check(u, locator.RFC1738)
	var sev [2]int
	for _, f := range findings {
		sev[f.Severity]++
	}
	if sev[0] == 0 || sev[1] == 0 {
		t.Fatalf("want errors and warnings among %v", findings)
	}
	b, err := json.Marshal(findings)
	if err != nil {
		t.Fatal(err)
	}
	var back []locator.Finding
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, findings) {
		t.Errorf("findings through JSON: %v\n%v\nwant %v", err, back, findings)
	}
	infos := locator.Schemes()
	b, err = json.Marshal(infos)
	if err != nil {
		t.Fatal(err)
	}
	var infosBack []locator.SchemeInfo
	if err := json.Unmarshal(b, &infosBack); err != nil || len(infosBack) != len(infos) {
		t.Fatalf("schemes through JSON: %v, %d of %d", err, len(infosBack), len(infos))
	}
	for i := range infos {
		if infosBack[i].Name != infos[i].Name || infosBack[i].Status != infos[i].Status {
			t.Errorf("scheme %s through JSON: status %v, want %v", infos[i].Name, infosBack[i].Status, infos[i].Status)
		}
	}
}

// TestMarshalTextOutOfRange: a Severity or Mode out of range has no name, and MarshalText
// says so with an *Error, as Spec's does, rather than write a name that reads back as another
// value (Severity(7) was written "error", which reads back as SeverityError) or does not read
// back at all (Mode(8) was written "mode(8)").
func TestMarshalTextOutOfRange(t *testing.T) {
	var e *locator.Error
	if b, err := locator.Severity(7).MarshalText(); !errors.As(err, &e) || e.Code != locator.CodeUnknownName {
		t.Errorf("Severity(7).MarshalText() = %q, %v", b, err)
	}
	if b, err := locator.Mode(8).MarshalText(); !errors.As(err, &e) || e.Code != locator.CodeUnknownMode {
		t.Errorf("Mode(8).MarshalText() = %q, %v", b, err)
	}
	if b, err := locator.Spec(6).MarshalText(); !errors.As(err, &e) || e.Code != locator.CodeUnknownSpec {
		t.Errorf("Spec(6).MarshalText() = %q, %v", b, err)
	}
	if b, err := locator.SchemeStatus(9).MarshalText(); !errors.As(err, &e) || e.Code != locator.CodeUnknownName {
		t.Errorf("SchemeStatus(9).MarshalText() = %q, %v", b, err)
	}
	for st := locator.SchemeDefined; st <= locator.SchemeListed; st++ {
		b, err := st.MarshalText()
		var back locator.SchemeStatus = 99
		if err != nil || back.UnmarshalText(b) != nil || back != st {
			t.Errorf("SchemeStatus %v: %q, %v reads back as %v", st, b, err, back)
		}
	}
	for _, m := range locator.Modes() {
		b, err := m.MarshalText()
		var back locator.Mode = 99
		if err != nil || back.UnmarshalText(b) != nil || back != m {
			t.Errorf("Mode %v: %q, %v reads back as %v", m, b, err, back)
		}
	}
	if _, err := json.Marshal(locator.Finding{Severity: 9}); err == nil {
		t.Errorf("a Finding of severity 9 marshals")
	}
}
