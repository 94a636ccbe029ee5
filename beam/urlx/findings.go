package urlx

import (
	"context"
	"reflect"
	"strconv"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/locator-url/locator/scheme"
)

func init() {
	register.DoFn3x1[context.Context, string, func(Diagnostic), error](&findingsFn{})
	register.Emitter1[Diagnostic]()
	beam.RegisterType(reflect.TypeFor[Diagnostic]())
}

// Diagnostic is one finding of the strict check of a line: an error or a warning, with its
// byte offset, code and rule (locator.Finding, with the line it was found in).
type Diagnostic struct {
	// Input is the line as read.
	Input string `json:"input"`
	// Severity is "error" or "warning".
	Severity string `json:"severity"`
	// Offset is the byte offset in Input the finding points at.
	Offset int `json:"offset"`
	// Code is the finding's stable code.
	Code string `json:"code"`
	// Rule names the specification's rule.
	Rule string `json:"rule"`
	// Message says what is wrong, for a person.
	Message string `json:"message"`
	// Line is the compiler form of the finding, without its "\n": "INPUT:OFFSET: SEVERITY:
	// MESSAGE [CODE, RULE]", escaped, as check's header lines.
	Line string `json:"line"`
}

// Findings checks each line by spec (rfc1738 when empty; as Check) and gives every finding,
// errors and warnings, as a record: the findings "locator parse --json" lists under "errors"
// and "warnings", one Diagnostic each. A line with more than locator.MaxFindings findings gives
// the first of them and, at offset 0, a Diagnostic "more-errors" and one "more-warnings" that
// count the others.
func Findings(s beam.Scope, spec string, lines beam.PCollection) (beam.PCollection, error) {
	if _, err := Compile(Config{Op: OpCheck, Spec: spec}); err != nil {
		return beam.PCollection{}, err
	}
	s = s.Scope("locator.Findings")
	outs, err := beam.TryParDo(s, &findingsFn{Spec: spec}, lines)
	if err != nil {
		return beam.PCollection{}, err
	}
	return outs[0], nil
}

type findingsFn struct {
	Spec  string `json:"spec"`
	sp    locator.Spec
	named counters
}

// Setup reads the spec.
func (fn *findingsFn) Setup() error {
	var err error
	if fn.sp, err = specOrRFC1738(fn.Spec); err != nil {
		return err
	}
	return nil
}

// ProcessElement gives the findings of one line.
func (fn *findingsFn) ProcessElement(ctx context.Context, line string, emit func(Diagnostic)) error {
	r := scheme.Inspect(line, fn.sp)
	for _, f := range r.Findings {
		fn.named.inc(ctx, "code/", string(f.Code))
		emit(diagnostic(line, f.Severity.String(), f.Offset, string(f.Code), f.Rule, f.Message))
	}
	// The findings after the first locator.MaxFindings, counted as parse --json counts them
	// (more_errors, more_warnings).
	if n := r.OmittedErrors; n > 0 {
		emit(diagnostic(line, "error", 0, "more-errors", "locator.MaxFindings", strconv.Itoa(n)+" more errors are not listed"))
	}
	if n := r.Omitted - r.OmittedErrors; n > 0 {
		emit(diagnostic(line, "warning", 0, "more-warnings", "locator.MaxFindings", strconv.Itoa(n)+" more warnings are not listed"))
	}
	return nil
}

func diagnostic(line, sev string, off int, code, rule, msg string) Diagnostic {
	b := lineops.AppendHeader(display.Append(nil, line), off, sev, msg, code, rule)
	return Diagnostic{Input: line, Severity: sev, Offset: off, Code: code, Rule: rule, Message: msg, Line: string(b)}
}

// specOrRFC1738 returns the specification named, or RFC 1738 when the name is empty (as
// Compile reads Config.Spec).
func specOrRFC1738(name string) (locator.Spec, error) {
	if name == "" {
		return locator.RFC1738, nil
	}
	return locator.ParseSpec(name)
}
