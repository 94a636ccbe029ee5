package urlx

import (
	"fmt"
	"strings"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/display"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/locator-url/locator/internal/syntax"
	"github.com/locator-url/locator/scheme"
	"github.com/locator-url/locator/whatwg"
)

// The per-line work of every transform, without Beam: each function gives, for one input
// line, either a Result (the line the CLI's bulk path prints for it, "locator OP -") or an
// Invalid (the error's offset, code and rule, and the CLI's "error: ..." line). The lines are
// built by the same library calls and the same display escaping as cmd/locator; the tests
// compare them with the real CLI's output, file by file.

// Result is the outcome of an operation on one valid input.
type Result struct {
	// Input is the line as read (without its line break and one "\r" before it).
	Input string `json:"input"`
	// Output is the line the CLI's bulk path prints for Input, without its "\n": the
	// normal form, the SURT, the href, the resolved URL, "ok URL" for check, the
	// tab-separated components for parse. Bytes a terminal would act on are escaped by
	// package internal/display, as the CLI escapes them.
	Output string `json:"output"`
	// Scheme is the scheme of Input as written (up to the first ":"), "" when it has none.
	Scheme string `json:"scheme"`
}

// Invalid is a dead-letter record: an input an operation could not handle, with the error's
// byte offset in Input, its code and the rule that it breaks.
type Invalid struct {
	// Input is the line as read.
	Input string `json:"input"`
	// Offset is the byte offset in Input where the error was found (0 when the error
	// has no position).
	Offset int `json:"offset"`
	// Code is the error's stable code (a locator.Code or a WHATWG validation error name).
	Code string `json:"code"`
	// Rule names the specification's rule, as "RFC 1738 §3.1".
	Rule string `json:"rule"`
	// Message says what is wrong, for a person.
	Message string `json:"message"`
	// Line is the line the CLI's bulk path prints for Input, without its "\n": "error:
	// MESSAGE [CODE, RULE]", or the invalid row of parse and the diagnostic of check.
	Line string `json:"line"`
}

// Error returns the CLI's line for the record, so that an Invalid is an error.
func (v Invalid) Error() string { return v.Line }

// Op names an operation of the pipeline, as the --op flag of locator-beam does.
type Op string

// The operations on lines. Each is the bulk path of a CLI command given "-".
const (
	OpParse     Op = "parse"     // locator parse --spec S -
	OpCheck     Op = "check"     // locator check --spec S -
	OpNormalize Op = "normalize" // locator normalize --spec S --level L -
	OpSURT      Op = "surt"      // locator normalize --surt -
	OpWHATWG    Op = "whatwg"    // locator parse --spec whatwg --format href -
	OpResolve   Op = "resolve"   // locator resolve --spec MODE BASE -
)

// Config is what an operation needs besides its input. The zero value is the CLI's
// default for each operation.
type Config struct {
	// Op is the operation.
	Op Op `json:"op"`
	// Spec is the specification's name (parse, check, normalize: rfc1738 when empty) or,
	// for resolve, the resolution mode's name (rfc3986 when empty).
	Spec string `json:"spec"`
	// Level is normalize's --level ("safe" when empty).
	Level string `json:"level"`
	// Base is the base URL of resolve. When it is empty, each line is "BASE<TAB>REF": the
	// base column, then the reference.
	Base string `json:"base"`
}

// LineFunc is the compiled form of a Config: it handles one line. It keeps state from line
// to line (resolve the last base's resolver, whatwg a whatwg.Parser), so it is not for two
// goroutines at once: each goroutine compiles its own, as each DoFn instance does in Setup
// (Beam calls an instance for one bundle at a time).
type LineFunc func(line string) (Result, *Invalid)

// Compile checks c (the spec, level, mode and base) and returns its per-line function. The
// error names the setting that is wrong.
func Compile(c Config) (LineFunc, error) {
	specName := c.Spec
	if specName == "" {
		specName = "rfc1738"
	}
	switch c.Op {
	case OpParse, OpCheck:
		spec, err := locator.ParseSpec(specName)
		if err != nil {
			return nil, fmt.Errorf("spec %s: %w", display.Quote(specName), err)
		}
		if spec == locator.WHATWG {
			return nil, fmt.Errorf("spec whatwg: %s follows rfc1738, rfc3986 or an older document, not whatwg (use the whatwg op for hrefs)", c.Op)
		}
		if c.Op == OpParse {
			return func(line string) (Result, *Invalid) { return parseLine(line, spec) }, nil
		}
		return func(line string) (Result, *Invalid) { return checkLine(line, spec) }, nil
	case OpNormalize, OpSURT:
		spec, err := locator.ParseSpec(specName)
		if err != nil {
			return nil, fmt.Errorf("spec %s: %w", display.Quote(specName), err)
		}
		level := c.Level
		if level == "" {
			level = "safe"
		}
		flags, err := locator.ParseNormalizeFlags(level)
		if err != nil {
			return nil, fmt.Errorf("level %s: %w", display.Quote(level), err)
		}
		n := lineops.Normalizer{Flags: flags, SURT: c.Op == OpSURT, WHATWG: spec == locator.WHATWG, Spec: spec}
		return func(line string) (Result, *Invalid) {
			res, err := n.Normalize(line)
			return result(line, res, err)
		}, nil
	case OpWHATWG:
		// One whatwg.Parser for the function's lines, as the CLI has one a worker: the hrefs
		// it builds share 4 KiB blocks (one allocation for about fifty lines, not one a
		// line). Every Result keeps its Output, so a block kept is a block used.
		var p whatwg.Parser
		return func(line string) (Result, *Invalid) {
			u, err := p.Parse(line, nil)
			if err != nil {
				return result(line, "", err)
			}
			return result(line, u.Href(), nil)
		}, nil
	case OpResolve:
		modeName := c.Spec
		if modeName == "" {
			modeName = "rfc3986"
		}
		mode, err := locator.ParseMode(modeName)
		if err != nil {
			return nil, fmt.Errorf("mode %s: %w", display.Quote(modeName), err)
		}
		if c.Base != "" {
			r, err := newResolver(c.Base, mode)
			if err != nil {
				return nil, err
			}
			return func(line string) (Result, *Invalid) {
				res, err := r.resolve(line, "the line")
				return result(line, res, err)
			}, nil
		}
		var last *resolver // the resolver of the last base, kept for the next line
		return func(line string) (Result, *Invalid) {
			base, ref, ok := strings.Cut(line, "\t")
			if !ok {
				return result(line, "", &locator.Error{Input: line, Offset: len(line), Code: codeNoTab,
					Rule: "locator-beam", Message: "the line has no tab between the base and the reference"})
			}
			if last == nil || last.base != base {
				r, err := newResolver(base, mode)
				if err != nil {
					return result(line, "", err)
				}
				last = r
			}
			res, err := last.resolve(ref, "the reference")
			out, bad := result(line, res, err)
			if bad != nil {
				// The error's offset counts in the reference; Invalid.Offset counts in the
				// line, where the reference starts after the base and the tab.
				bad.Offset += len(base) + 1
			}
			return out, bad
		}, nil
	}
	return nil, fmt.Errorf("op %s: unknown; want parse, check, normalize, surt, whatwg or resolve", display.Quote(string(c.Op)))
}

// codeNoTab is the code of a resolve line without a base column.
const codeNoTab locator.Code = "no-tab"

// result makes the Result of a success or the Invalid of err.
func result(line, res string, err error) (Result, *Invalid) {
	if err != nil {
		return Result{}, invalidOf(line, err)
	}
	return Result{Input: line, Output: display.String(res), Scheme: schemeOf(line)}, nil
}

// invalidOf is the dead-letter record of err, with the CLI's line "error: MESSAGE [CODE,
// RULE]" (cmd/locator appendErrorLine).
func invalidOf(line string, err error) *Invalid {
	msg, code, rule, offset := lineops.ErrParts(err)
	return &Invalid{Input: line, Offset: offset, Code: code, Rule: rule, Message: msg,
		Line: "error: " + string(lineops.AppendFindingText(nil, msg, code, rule))}
}

// schemeOf returns the scheme of a URL as written (up to the first ":", when that is a
// scheme name by RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), or "".
func schemeOf(s string) string { return s[:syntax.SchemeLen(s)] }

// resolver resolves references against one base (scheme.Resolver, as the CLI's resolve).
type resolver struct {
	*scheme.Resolver
	base string
	mode locator.Mode
}

// newResolver parses base for mode; a base that mode's checker calls invalid is an error, as
// in the CLI without --lenient.
func newResolver(base string, mode locator.Mode) (*resolver, error) {
	r := &resolver{Resolver: scheme.NewResolver(base), base: base, mode: mode}
	if err := r.BaseError(mode); err != nil {
		return nil, fmt.Errorf("base: %w", err)
	}
	if err := r.BaseInvalid(mode); err != nil {
		return nil, fmt.Errorf("base: %w", err)
	}
	return r, nil
}

// resolve resolves ref; a reference the mode's checker calls invalid is an error, and so is
// one that starts with a byte-order mark, which the message calls what ("the line", "the
// reference").
func (r *resolver) resolve(ref, what string) (string, error) {
	if err := lineops.CheckBOMOf(ref, what); err != nil {
		return "", err
	}
	res, warn, err := r.ResolveChecked(ref, r.mode, false)
	if err == nil && warn != nil {
		return "", warn
	}
	return res, err
}

// parseLine is parse's bulk line: the input and its components, quoted and tab-separated
// (lineops.AppendCompact, as cmd/locator writes it).
func parseLine(line string, spec locator.Spec) (Result, *Invalid) {
	r := scheme.Inspect(line, spec)
	b := lineops.AppendCompact(nil, &r)
	if r.Valid() {
		return Result{Input: line, Output: string(b), Scheme: schemeOf(line)}, nil
	}
	return Result{}, findingInvalid(line, &r, string(b))
}

// checkLine is check's bulk line: "ok URL", or "URL:OFFSET: error: MESSAGE [CODE, RULE]"
// (cmd/locator appendCheckLine).
func checkLine(line string, spec locator.Spec) (Result, *Invalid) {
	r := scheme.Inspect(line, spec)
	// The first error, also one left out past locator.MaxFindings (scheme.Report.FirstError,
	// as locator check's): an invalid URL is never "ok".
	if f, ok := r.FirstError(); ok {
		b := lineops.AppendHeader(display.Append(nil, r.Input), f.Offset, f.Severity.String(), f.Message, string(f.Code), f.Rule)
		return Result{}, findingInvalid(line, &r, string(b))
	}
	return Result{Input: line, Output: "ok " + display.String(line), Scheme: schemeOf(line)}, nil
}

// findingInvalid is the dead-letter record of an invalid report: its first error
// (scheme.Report.FirstError).
func findingInvalid(line string, r *scheme.Report, text string) *Invalid {
	v := &Invalid{Input: line, Line: text}
	if f, ok := r.FirstError(); ok {
		v.Offset, v.Code, v.Rule, v.Message = f.Offset, string(f.Code), f.Rule, f.Message
	}
	return v
}
