package urlx_test

import (
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/locator-url/locator/beam/urlx"
)

// Extract over several documents: each text line, of a finding and of a skipped candidate,
// starts with its document's name (escaped, as the CLI writes "FILE:" with several FILEs), so
// that it can be traced to its document; a name with a tab or a line break stays on one line.
func TestExtractLinesNameTheDocument(t *testing.T) {
	long := "http://h/" + strings.Repeat("a", 70000)
	p, s := beam.NewPipelineWithRoot()
	docs := beam.Create(s,
		urlx.Document{Name: "a.txt", Text: "see http://a.example/x\n"},
		urlx.Document{Name: "b.txt", Text: "see http://a.example/x\n"},
		urlx.Document{Name: "c\td\n.txt", Text: "at ftp://c.example/y and " + long + "\n"},
	)
	found, skipped, err := urlx.Extract(s, "", docs)
	if err != nil {
		t.Fatal(firstLine(err))
	}
	passert.Equals(s, beam.ParDo(s, findingLine, found),
		"a.txt:http://a.example/x\t4\t21\tbare\tvalid",
		"b.txt:http://a.example/x\t4\t21\tbare\tvalid",
		`c\td\n.txt:ftp://c.example/y`+"\t3\t19\tbare\tvalid")
	passert.True(s, beam.ParDo(s, invalidLine, skipped), func(l string) bool {
		return strings.HasPrefix(l, `c\td\n.txt: error: extract: byte 25: a bare URL of 70009 bytes`) &&
			strings.HasSuffix(l, "[too-long, extract.MaxLength]") && !strings.ContainsAny(l, "\t\n") && len(l) < 400
	})
	passert.Count(s, skipped, "skipped", 1)
	if err := ptest.Run(p); err != nil {
		t.Fatal(firstLine(err))
	}
}

// Extract takes every document the CLI's extract takes (url-draft-1994, url-draft-1993 and
// rfc1630 as well as rfc1738 and rfc3986), each deciding "valid" as check --spec does: a
// typecode "AN" is no RFC 1738 §3.2.2 typecode but the 1994 draft's "ftptype" allows it. Only
// whatwg, which has no strict checker, is refused.
func TestExtractSpecs(t *testing.T) {
	for spec, want := range map[string]string{
		"rfc1738":        "doc:ftp://h/a;type=AN\t4\t20\tbare\tinvalid",
		"url-draft-1994": "doc:ftp://h/a;type=AN\t4\t20\tbare\tvalid",
	} {
		p, s := beam.NewPipelineWithRoot()
		docs := beam.Create(s, urlx.Document{Name: "doc", Text: "see ftp://h/a;type=AN\n"})
		found, _, err := urlx.Extract(s, spec, docs)
		if err != nil {
			t.Fatalf("%s: %v", spec, firstLine(err))
		}
		passert.Equals(s, beam.ParDo(s, findingLine, found), want)
		if err := ptest.Run(p); err != nil {
			t.Errorf("%s: %v", spec, firstLine(err))
		}
	}
	for _, spec := range []string{"url-draft-1993", "rfc1630"} {
		_, s := beam.NewPipelineWithRoot()
		if _, _, err := urlx.Extract(s, spec, beam.Create(s, urlx.Document{Name: "d", Text: "x"})); err != nil {
			t.Errorf("Extract(%s): %v", spec, err)
		}
	}
	_, s := beam.NewPipelineWithRoot()
	if _, _, err := urlx.Extract(s, "whatwg", beam.Create(s, urlx.Document{Name: "d", Text: "x"})); err == nil {
		t.Error("Extract(whatwg): no error")
	}
}
