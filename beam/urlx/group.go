package urlx

import (
	"context"
	"fmt"
	"reflect"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

func init() {
	register.DoFn4x1[context.Context, string, func(string), func(Invalid), error](&keyFn{})
	register.Function2x1(toCount)
	beam.RegisterType(reflect.TypeFor[Count]())
}

// Count is the number of inputs that share a key (a host, a scheme).
type Count struct {
	// Key is the host or the scheme, in lower case ("" for a URL without a host).
	Key string `json:"key"`
	// Count is the number of valid inputs with that key.
	Count int64 `json:"count"`
}

// The keys of GroupBy.
const (
	ByHost   = "host"   // the host (RFC 3986 §3.2.2: case-insensitive, so lower-cased)
	ByScheme = "scheme" // the scheme (RFC 3986 §3.1: case-insensitive, so lower-cased)
)

// GroupBy counts the valid lines (checked by spec, as Check does) per key: by ByHost or
// ByScheme. An invalid line is a dead letter, as in Check. Grouping by registrable domain is
// not offered: locator has no public suffix list, and a host's registrable domain cannot be
// told without one.
func GroupBy(s beam.Scope, by, spec string, lines beam.PCollection) (counts, invalid beam.PCollection, err error) {
	if by != ByHost && by != ByScheme {
		return beam.PCollection{}, beam.PCollection{}, fmt.Errorf("group by %q: want host or scheme", by)
	}
	if _, err := Compile(Config{Op: OpCheck, Spec: spec}); err != nil {
		return beam.PCollection{}, beam.PCollection{}, err
	}
	s = s.Scope("locator.GroupBy." + by)
	outs, err := beam.TryParDo(s, &keyFn{By: by, Spec: spec}, lines)
	if err != nil {
		return beam.PCollection{}, beam.PCollection{}, err
	}
	counts = beam.ParDo(s, toCount, stats.Count(s, outs[0]))
	return counts, outs[1], nil
}

// toCount turns the KV of stats.Count into a Count.
func toCount(key string, n int) Count { return Count{Key: key, Count: int64(n)} }

// keyFn gives the key of each valid line.
type keyFn struct {
	By    string `json:"by"`
	Spec  string `json:"spec"`
	sp    locator.Spec
	ok    beam.Counter
	bad   beam.Counter
	named counters
}

// Setup reads the spec.
func (fn *keyFn) Setup() error {
	var err error
	if fn.sp, err = specOrRFC1738(fn.Spec); err != nil {
		return err
	}
	fn.ok, fn.bad = beam.NewCounter(Namespace, "valid"), beam.NewCounter(Namespace, "invalid")
	return nil
}

// ProcessElement gives the key of one line, or its dead letter.
func (fn *keyFn) ProcessElement(ctx context.Context, line string, emit func(string), dead func(Invalid)) error {
	fn.named.scheme(ctx, schemeOf(line))
	r := scheme.Inspect(line, fn.sp)
	if !r.Valid() {
		_, bad := checkLine(line, fn.sp)
		fn.bad.Inc(ctx, 1)
		fn.named.inc(ctx, "code/", bad.Code)
		dead(*bad)
		return nil
	}
	fn.ok.Inc(ctx, 1)
	if fn.By == ByScheme {
		emit(strings.ToLower(r.URL.Scheme()))
	} else {
		emit(strings.ToLower(r.URL.Host()))
	}
	return nil
}
