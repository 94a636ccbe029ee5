package urlx

import (
	"context"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/locator-url/locator"
	"github.com/locator-url/locator/extract"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/lineops"
)

func init() {
	register.DoFn4x1[context.Context, Document, func(Finding), func(Invalid), error](&extractFn{})
	register.Emitter1[Finding]()
	beam.RegisterType(reflect.TypeFor[Finding]())
}

// Finding is a URL found in running text (extract.Finding), with the document it was
// found in.
type Finding struct {
	// Name is the document's name (Document.Name).
	Name string `json:"name"`
	// URL is the likelier reading of the URL.
	URL string `json:"url"`
	// Alternatives are the other readings (a line break after a hyphen).
	Alternatives []string `json:"alternatives"`
	// Start and End are the byte offsets of the URL's first and last byte in the text.
	Start int `json:"start"`
	End   int `json:"end"`
	// Form is how the URL was written: wrapped, prefixed, bracketed or bare.
	Form string `json:"form"`
	// Valid reports whether URL passes the strict check of the spec.
	Valid bool `json:"valid"`
	// Line is the line "locator extract" prints for it with several FILEs, without its "\n":
	// NAME (escaped), ":", then URL, START, END, FORM, valid|invalid and the alternatives,
	// tab-separated and escaped. The name is always there, as grep -H writes it: a pipeline
	// reads many documents, and a finding without its document could not be traced to it.
	Line string `json:"line"`
}

// codeTooLong is the code of a candidate longer than extract.MaxLength.
const codeTooLong = "too-long"

// Extract finds the URLs in each Document's text, by spec (rfc1738 when empty, rfc3986,
// url-draft-1994, url-draft-1993 or rfc1630; not whatwg) for their validity, as "locator extract": one Finding per URL. A candidate longer than
// extract.MaxLength, which the CLI reports on standard error, is a dead letter (code
// "too-long", at the candidate's offset; Input is the document's name, and so is the start of
// its Line, "NAME: error: extract: byte START: …").
func Extract(s beam.Scope, spec string, docs beam.PCollection) (findings, skipped beam.PCollection, err error) {
	sp := locator.RFC1738
	if spec != "" {
		if sp, err = locator.ParseSpec(spec); err != nil {
			return beam.PCollection{}, beam.PCollection{}, err
		}
		if sp == locator.WHATWG {
			return beam.PCollection{}, beam.PCollection{}, errExtractSpec
		}
	}
	s = s.Scope("locator.extract")
	outs, err := beam.TryParDo(s, &extractFn{Spec: sp.String()}, docs)
	if err != nil {
		return beam.PCollection{}, beam.PCollection{}, err
	}
	return outs[0], outs[1], nil
}

var errExtractSpec = &locator.Error{Code: "bad-spec", Rule: "locator extract",
	Message: "extract checks URLs by rfc1738, rfc3986 or an older document (url-draft-1994, url-draft-1993, rfc1630), not whatwg (the URL Standard has no strict checker)"}

type extractFn struct {
	Spec  string `json:"spec"`
	named counters
}

// ProcessElement searches one document.
func (fn *extractFn) ProcessElement(ctx context.Context, d Document, emit func(Finding), dead func(Invalid)) error {
	sp, err := locator.ParseSpec(fn.Spec)
	if err != nil {
		return err
	}
	found, skips := extract.Options{Spec: sp}.Search([]byte(d.Text))
	valid, bad := beam.NewCounter(Namespace, "valid"), beam.NewCounter(Namespace, "invalid")
	for _, f := range found {
		if f.Valid {
			valid.Inc(ctx, 1)
		} else {
			bad.Inc(ctx, 1)
		}
		fn.named.scheme(ctx, schemeOf(f.URL))
		line := append(display.Append(nil, d.Name), ':')
		emit(Finding{Name: d.Name, URL: f.URL, Alternatives: f.Alternatives, Start: f.Start, End: f.End,
			Form: f.Form.String(), Valid: f.Valid, Line: string(lineops.AppendExtractFinding(line, f))})
	}
	for _, sk := range skips {
		fn.named.inc(ctx, "code/", codeTooLong)
		msg := sk.Error()
		dead(Invalid{Input: d.Name, Offset: sk.Start, Code: codeTooLong, Rule: "extract.MaxLength", Message: msg,
			Line: string(lineops.AppendFindingText(append(display.Append(nil, d.Name), ": error: "...), msg, codeTooLong, "extract.MaxLength"))})
	}
	return nil
}
