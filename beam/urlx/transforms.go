package urlx

import (
	"context"
	"fmt"
	"reflect"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/locator-url/locator"
)

func init() {
	register.DoFn4x1[context.Context, string, func(Result), func(Invalid), error](&lineFn{})
	register.Emitter1[Result]()
	register.Emitter1[Invalid]()
	beam.RegisterType(reflect.TypeFor[Result]())
	beam.RegisterType(reflect.TypeFor[Invalid]())
}

// The metrics the transforms count (Beam counters, in namespace Namespace): "valid",
// "invalid", "scheme/NAME" for each input whose scheme locator knows (locator.LookupScheme;
// "scheme/(other)" for another scheme and "scheme/(none)" for none, so that hostile input
// cannot make counters without bound) and "code/CODE" for each error code.
const Namespace = "locator"

// lineFn runs one operation on each line: a Result on the main output, an Invalid on the
// dead-letter output.
type lineFn struct {
	Config Config `json:"config"`
	f      LineFunc
	valid  beam.Counter
	bad    beam.Counter
	named  counters
}

// Setup compiles the configuration, checked already when the pipeline was built.
func (fn *lineFn) Setup() error {
	f, err := Compile(fn.Config)
	if err != nil {
		return err
	}
	fn.f = f
	fn.valid = beam.NewCounter(Namespace, "valid")
	fn.bad = beam.NewCounter(Namespace, "invalid")
	return nil
}

// ProcessElement handles one line.
func (fn *lineFn) ProcessElement(ctx context.Context, line string, emit func(Result), dead func(Invalid)) error {
	res, bad := fn.f(line)
	fn.named.scheme(ctx, schemeOf(line))
	if bad != nil {
		fn.bad.Inc(ctx, 1)
		fn.named.inc(ctx, "code/", bad.Code)
		dead(*bad)
		return nil
	}
	fn.valid.Inc(ctx, 1)
	emit(res)
	return nil
}

// counters are the counters of a DoFn by name ("scheme/http", "code/bad-escape"), made on
// first use: making one per element took 6% of a pipeline's time.
type counters map[string]beam.Counter

// inc adds one to the counter prefix+name.
func (c *counters) inc(ctx context.Context, prefix, name string) {
	if *c == nil {
		*c = counters{}
	}
	k, ok := (*c)[prefix+name]
	if !ok {
		k = beam.NewCounter(Namespace, prefix+name)
		(*c)[prefix+name] = k
	}
	k.Inc(ctx, 1)
}

// scheme counts one input of scheme s (as written) in "scheme/NAME".
func (c *counters) scheme(ctx context.Context, s string) {
	name := "(none)"
	if s != "" {
		name = "(other)"
		if _, ok := locator.LookupScheme(s); ok {
			name = strings.ToLower(s)
		}
	}
	c.inc(ctx, "scheme/", name)
}

// Apply runs the operation of c on each line of lines (a PCollection of string) and returns
// the results (a PCollection of Result) and the dead letters (a PCollection of Invalid): each
// line gives exactly one of the two. The error is that of a wrong Config (an unknown spec,
// level or mode, a base that does not parse), found before the pipeline runs.
func Apply(s beam.Scope, c Config, lines beam.PCollection) (results, invalid beam.PCollection, err error) {
	if _, err := Compile(c); err != nil {
		return beam.PCollection{}, beam.PCollection{}, err
	}
	s = s.Scope(fmt.Sprintf("locator.%s", c.Op))
	outs, err := beam.TryParDo(s, &lineFn{Config: c}, lines) // an error, not a panic, for a PCollection of another type
	if err != nil {
		return beam.PCollection{}, beam.PCollection{}, err
	}
	return outs[0], outs[1], nil
}

// Parse parses each line by spec (rfc1738 when empty, rfc3986, url-draft-1994,
// url-draft-1993 or rfc1630) and checks it: a valid URL gives its components (the line of
// "locator parse -"), an invalid one a dead letter with its first error.
func Parse(s beam.Scope, spec string, lines beam.PCollection) (results, invalid beam.PCollection, err error) {
	return Apply(s, Config{Op: OpParse, Spec: spec}, lines)
}

// Check checks each line by spec, as "locator check -": "ok URL" for a valid URL, a dead
// letter with the first error for the others.
func Check(s beam.Scope, spec string, lines beam.PCollection) (results, invalid beam.PCollection, err error) {
	return Apply(s, Config{Op: OpCheck, Spec: spec}, lines)
}

// Normalize rewrites each line in its normal form at level (safe when empty, usually,
// aggressive, none, or a list of steps, as "locator normalize --level") and spec's encoding
// level (rfc1738 when empty; whatwg parses by the URL Standard first).
func Normalize(s beam.Scope, spec, level string, lines beam.PCollection) (results, invalid beam.PCollection, err error) {
	return Apply(s, Config{Op: OpNormalize, Spec: spec, Level: level}, lines)
}

// SURT gives the SURT form of each line (the sort key of web archives), as "locator
// normalize --surt -".
func SURT(s beam.Scope, lines beam.PCollection) (results, invalid beam.PCollection) {
	results, invalid, _ = Apply(s, Config{Op: OpSURT}, lines) // no setting can be wrong
	return results, invalid
}

// WHATWG parses each line by the WHATWG URL Standard and gives its href, as "locator parse
// --spec whatwg --format href -".
func WHATWG(s beam.Scope, lines beam.PCollection) (results, invalid beam.PCollection) {
	results, invalid, _ = Apply(s, Config{Op: OpWHATWG}, lines)
	return results, invalid
}

// Resolve resolves each line against base by mode (rfc3986 when empty; the modes of
// "locator resolve --spec"). With base empty each line is "BASE<TAB>REF": the base column,
// then the reference.
func Resolve(s beam.Scope, mode, base string, lines beam.PCollection) (results, invalid beam.PCollection, err error) {
	return Apply(s, Config{Op: OpResolve, Spec: mode, Base: base}, lines)
}
