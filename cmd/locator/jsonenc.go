package main

import (
	"bytes"
	"encoding"
	"encoding/base64"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/lineops"
	"github.com/locator-url/locator/internal/records"
	"github.com/locator-url/locator/scheme"
	"github.com/locator-url/locator/whatwg"
)

// The JSON of parse --json, written by appending (issue 10, "Fast" 5: encoding/json cost
// 56 times the parse per line). The bytes are those encoding/json wrote with
// SetEscapeHTML(false), which the tests compare over the benchmark files and adversarial
// inputs: the fields in the order of parseJSONFields, strings as appendJSONText writes
// them, and a typed view by a field plan made once per view type (viewPlanOf).

// jsonSafe marks the ASCII bytes a JSON string holds as they are (RFC 8259 §7: all but
// the quotation mark, the reverse solidus and the control characters U+0000–U+001F;
// encoding/json leaves DEL as it is too).
var jsonSafe = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendJSONText appends s as a JSON string (RFC 8259 §7) as encoding/json writes it with
// SetEscapeHTML(false): the quotation mark, the reverse solidus, \n, \r and \t escaped as
// two characters, the other control characters as \u00XX, each byte of invalid UTF-8 as
// \ufffd, and U+2028 and U+2029 escaped. shortBF writes U+0008 and U+000C as \b and \f
// (encoding/json since Go 1.22, parse --json); without it they are \u0008 and \u000c (the
// records of the other commands, appendJSONString).
func appendJSONText(dst []byte, s string, shortBF bool) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		for i+8 <= len(s) && plain8(load64(s[i:i+8])) {
			i += 8
		}
		if i == len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if jsonSafe[c] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c == '\n':
				dst = append(dst, `\n`...)
			case c == '\r':
				dst = append(dst, `\r`...)
			case c == '\t':
				dst = append(dst, `\t`...)
			case c == '\b' && shortBF:
				dst = append(dst, `\b`...)
			case c == '\f' && shortBF:
				dst = append(dst, `\f`...)
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			}
			i++
			start = i
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\u202`...)
			dst = append(dst, hex[r&15])
		default:
			i += n
			continue
		}
		i += n
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// load64 returns the 8 bytes of s as a little-endian number (one load once compiled).
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// plain8 reports whether the 8 bytes of x (load64) are all written as they are in a JSON
// string: ASCII, none below U+0020, no quotation mark and no reverse solidus (the bit
// tricks of "Bit Twiddling Hacks", "Determine if a word has a byte less than n": with no
// byte above 0x7f, (x - n×0x01…01) &^ x & 0x80…80 is 0 exactly when no byte is below n).
func plain8(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q, bs := x^(ones*'"'), x^(ones*'\\')
	return (x|(x-ones*0x20)&^x|(q-ones)&^q|(bs-ones)&^bs)&highs == 0
}

// appendJSONStd appends s as encoding/json writes it (appendJSONText with \b and \f).
func appendJSONStd(dst []byte, s string) []byte { return appendJSONText(dst, s, true) }

// parseJSON is what one line of parse --json is written from; a worker keeps one and
// reuses its space from line to line.
type parseJSON struct {
	r       scheme.Report // a copy: a pointer kept here would make every Report escape
	spec    string
	valid   bool
	comps   [8]lineops.Component
	parts   []byte // the typed view's JSON, when r.View is not nil and it encoded
	viewErr error  // the typed view failed to encode (a view type encoding/json refuses)
}

// jsonField is one field of a JSON object written by a table: its name, whether it is
// left out (nil: never; omitempty in encoding/json's terms) and how its value is appended.
type jsonField[T any] struct {
	name  string
	omit  func(d *T) bool
	value func(b []byte, d *T) []byte
}

// jsonObject is a JSON object written by a table of fields: the keys, each `"name":`, are
// made once.
type jsonObject[T any] struct {
	fields []jsonField[T]
	keys   []string
}

func newJSONObject[T any](fields []jsonField[T]) *jsonObject[T] {
	o := &jsonObject[T]{fields: fields}
	for _, f := range fields {
		o.keys = append(o.keys, string(appendJSONStd(nil, f.name))+":")
	}
	return o
}

// append appends the object of d.
func (o *jsonObject[T]) append(b []byte, d *T) []byte {
	b = append(b, '{')
	first := true
	for i, f := range o.fields {
		if f.omit != nil && f.omit(d) {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, o.keys[i]...)
		b = f.value(b, d)
	}
	return append(b, '}')
}

// componentField is the field of component i of the URL (see components): null when the
// URL did not parse or the component is absent.
func componentField(name string, i int) jsonField[parseJSON] {
	return jsonField[parseJSON]{name: name, value: func(b []byte, d *parseJSON) []byte {
		if !d.r.Parsed || !d.comps[i].Present {
			return append(b, "null"...)
		}
		return appendJSONStd(b, d.comps[i].Value)
	}}
}

// componentBase64Field is the field NAME_base64 after component i's field: its exact bytes
// when they are not UTF-8 (base64Field).
func componentBase64Field(name string, i int) jsonField[parseJSON] {
	return base64Field(name, func(d *parseJSON) (string, bool) {
		return d.comps[i].Value, d.r.Parsed && d.comps[i].Present
	})
}

// base64Field is the field NAME_base64 that follows the string field NAME of a JSON object:
// the exact bytes of the value (RFC 4648 §4 base64), present only when value reports one
// (ok) that is not valid UTF-8, which NAME writes with U+FFFD for the bad bytes (README,
// "Many URLs": "a value that is not valid UTF-8 is written with U+FFFD for the bad bytes and
// also given exactly in base64"; RFC 8259 §8.1 wants JSON text in UTF-8).
func base64Field[T any](name string, value func(d *T) (string, bool)) jsonField[T] {
	return jsonField[T]{name: name + "_base64",
		omit:  func(d *T) bool { s, ok := value(d); return !ok || utf8.ValidString(s) },
		value: func(b []byte, d *T) []byte { s, _ := value(d); return appendBase64JSON(b, s) }}
}

// parseJSONObject is the object of parse --json (the --spec rfc1738 and rfc3986 family),
// field by field in order; parseLong documents it. A new field is one line here.
var parseJSONObject = newJSONObject([]jsonField[parseJSON]{
	{name: "input", value: func(b []byte, d *parseJSON) []byte { return appendJSONStd(b, d.r.Input) }},
	{name: "input_base64", omit: func(d *parseJSON) bool { return utf8.ValidString(d.r.Input) },
		value: func(b []byte, d *parseJSON) []byte { return appendBase64JSON(b, d.r.Input) }},
	{name: "spec", value: func(b []byte, d *parseJSON) []byte { return appendJSONStd(b, d.spec) }},
	{name: "valid", value: func(b []byte, d *parseJSON) []byte { return strconv.AppendBool(b, d.valid) }},
	{name: "prefix", omit: func(d *parseJSON) bool { _, ok := d.r.URL.Prefix(); return !d.r.Parsed || !ok },
		value: func(b []byte, d *parseJSON) []byte { p, _ := d.r.URL.Prefix(); return appendJSONStd(b, p) }},
	componentField("scheme", 0), componentBase64Field("scheme", 0),
	{name: "spec_scheme", omit: func(d *parseJSON) bool { return !d.r.Parsed || d.r.SpecScheme == "" },
		value: func(b []byte, d *parseJSON) []byte { return appendJSONStd(b, d.r.SpecScheme) }},
	base64Field("spec_scheme", func(d *parseJSON) (string, bool) { return d.r.SpecScheme, d.r.Parsed && d.r.SpecScheme != "" }),
	componentField("user", 1), componentBase64Field("user", 1),
	componentField("password", 2), componentBase64Field("password", 2),
	componentField("host", 3), componentBase64Field("host", 3),
	componentField("port", 4), componentBase64Field("port", 4),
	componentField("path", 5), componentBase64Field("path", 5),
	componentField("query", 6), componentBase64Field("query", 6),
	componentField("fragment", 7), componentBase64Field("fragment", 7),
	{name: "parts", value: func(b []byte, d *parseJSON) []byte {
		if d.r.View == nil || d.viewErr != nil {
			return append(b, "null"...)
		}
		return append(b, d.parts...)
	}},
	// parts_base64: the typed view again with every string in base64 (its decoded bytes
	// exactly), when a string of parts is not UTF-8 (parts then holds \ufffd).
	{name: "parts_base64", omit: func(d *parseJSON) bool {
		return d.r.View == nil || d.viewErr != nil || !hasReplacement(d.parts) ||
			viewPlanFor(reflect.TypeOf(d.r.View), strBase64) == nil
	}, value: func(b []byte, d *parseJSON) []byte {
		return viewPlanFor(reflect.TypeOf(d.r.View), strBase64)(b, reflect.ValueOf(d.r.View))
	}},
	{name: "errors", value: func(b []byte, d *parseJSON) []byte {
		b = append(b, '[')
		n := 0
		if d.viewErr != nil {
			b = appendDiag(b, 0, "view-json", "locator", d.viewErr.Error())
			n++
		}
		return append(appendFindings(b, d.r.Findings, true, n), ']')
	}},
	{name: "warnings", value: func(b []byte, d *parseJSON) []byte {
		return append(appendFindings(append(b, '['), d.r.Findings, false, 0), ']')
	}},
	{name: "more_errors", omit: func(d *parseJSON) bool { return d.r.OmittedErrors == 0 },
		value: func(b []byte, d *parseJSON) []byte { return appendInt(b, d.r.OmittedErrors) }},
	{name: "more_warnings", omit: func(d *parseJSON) bool { return d.r.Omitted-d.r.OmittedErrors == 0 },
		value: func(b []byte, d *parseJSON) []byte { return appendInt(b, d.r.Omitted-d.r.OmittedErrors) }},
})

// appendBase64JSON appends s in base64 (RFC 4648 §4) as a JSON string.
func appendBase64JSON(b []byte, s string) []byte {
	b = append(b, '"')
	b = base64.StdEncoding.AppendEncode(b, stringBytes(s))
	return append(b, '"')
}

// appendFindings appends the findings of one severity (errors when errs), as diag objects
// separated by commas, after n already written.
func appendFindings(b []byte, fs []locator.Finding, errs bool, n int) []byte {
	for _, f := range fs {
		if (f.Severity == locator.SeverityError) != errs {
			continue
		}
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = appendDiag(b, f.Offset, string(f.Code), f.Rule, f.Message)
	}
	return b
}

// appendDiag appends the JSON of a diag.
func appendDiag(b []byte, offset int, code, rule, message string) []byte {
	b = append(b, `{"offset":`...)
	b = appendInt(b, offset)
	b = append(b, `,"code":`...)
	b = appendJSONStd(b, code)
	b = append(b, `,"rule":`...)
	b = appendJSONStd(b, rule)
	b = append(b, `,"message":`...)
	b = appendJSONStd(b, message)
	return append(b, '}')
}

// append appends the line of parse --json for r: the object and "\n".
func (d *parseJSON) append(b []byte, r *scheme.Report, spec locator.Spec) []byte {
	*d = parseJSON{r: *r, spec: spec.String(), valid: r.Valid(), parts: d.parts[:0]}
	if r.Parsed {
		d.comps = lineops.Components(r.URL)
	}
	if r.View != nil {
		d.parts, d.viewErr = appendViewJSON(d.parts, r.View)
		if d.viewErr != nil {
			d.valid = false
		}
	}
	b = parseJSONObject.append(b, d)
	d.r, d.comps = scheme.Report{}, [8]lineops.Component{} // let the line's strings go
	return append(b, '\n')
}

// appendViewJSON appends the JSON of a typed view as encoding/json writes it (with
// SetEscapeHTML(false)): by the view type's plan, or by encoding/json when the type has
// none.
func appendViewJSON(b []byte, v scheme.View) ([]byte, error) {
	rv := reflect.ValueOf(v)
	if p := viewPlanOf(rv.Type()); p != nil {
		return p(b, rv), nil
	}
	js, err := records.Marshal(v)
	if err != nil {
		return b, err
	}
	return append(b, js...), nil
}

// appendJSONValue appends the JSON of *v as encoding/json writes it with
// SetEscapeHTML(false): by the plan of its type, or by encoding/json when the type has none.
// On an error of encoding/json, b is returned as it was.
func appendJSONValue[T any](b []byte, v *T) ([]byte, error) {
	rv := reflect.ValueOf(v).Elem()
	if p := viewPlanOf(rv.Type()); p != nil {
		return p(b, rv), nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return b, err
	}
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...), nil
}

// A valuePlan appends the JSON of a value of the type it was made for.
type valuePlan func(b []byte, v reflect.Value) []byte

// viewPlans holds the plan of each type seen (typed views, plan --json) in each string mode
// asked for, nil for a type that has none.
var viewPlans sync.Map // planKey → valuePlan

// planKey is a type and a string mode: the key of viewPlans.
type planKey struct {
	t    reflect.Type
	mode strMode
}

// viewPlanFor returns the plan of type t with strings written by mode (jsonPlanOf), made on
// first use, or nil when t holds what the plans leave to encoding/json.
func viewPlanFor(t reflect.Type, mode strMode) valuePlan {
	k := planKey{t, mode}
	if p, ok := viewPlans.Load(k); ok {
		return p.(valuePlan)
	}
	p, _ := jsonPlanOf(t, mode)
	viewPlans.Store(k, p)
	return p
}

// viewPlanOf is viewPlanFor with strings as encoding/json writes them.
func viewPlanOf(t reflect.Type) valuePlan { return viewPlanFor(t, strJSON) }

// hasReplacement reports whether the JSON js holds the escape \ufffd, which appendJSONText
// and encoding/json write for a byte that is not UTF-8 only (a U+FFFD of the text is
// written as it is): escapes are read in order, so "\\ufffd" (a reverse solidus, then
// "ufffd") is not one.
func hasReplacement(js []byte) bool {
	for i := 0; i < len(js); i++ {
		if js[i] != '\\' {
			continue
		}
		if bytes.HasPrefix(js[i+1:], []byte("ufffd")) {
			return true
		}
		i++ // the escaped character
	}
	return false
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// jsonPlanOf returns the plan of type t and whether the value is empty for omitempty, or nil
// for a type whose JSON the plans do not write as encoding/json does: a type with its own
// MarshalJSON or MarshalText, a map, an interface, a float, a byte slice (base64), an
// embedded pointer, two fields of one name, a field with the "string" or "omitzero"
// option. Such a type is encoded by encoding/json (appendViewJSON). The mode says how
// strings are written (strJSON, strBase64, strText); the rest is written as it is.
func jsonPlanOf(t reflect.Type, mode strMode) (valuePlan, func(reflect.Value) bool) {
	if t.Implements(marshalerType) || t.Implements(textMarshalerType) ||
		reflect.PointerTo(t).Implements(marshalerType) || reflect.PointerTo(t).Implements(textMarshalerType) {
		return nil, nil
	}
	switch t.Kind() {
	case reflect.String:
		str := appendJSONStd
		switch mode {
		case strBase64:
			str = appendBase64JSON
		case strText:
			str = appendTextString
		}
		return func(b []byte, v reflect.Value) []byte { return str(b, v.String()) },
			func(v reflect.Value) bool { return v.Len() == 0 }
	case reflect.Bool:
		return func(b []byte, v reflect.Value) []byte { return strconv.AppendBool(b, v.Bool()) },
			func(v reflect.Value) bool { return !v.Bool() }
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(b []byte, v reflect.Value) []byte { return strconv.AppendInt(b, v.Int(), 10) },
			func(v reflect.Value) bool { return v.Int() == 0 }
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(b []byte, v reflect.Value) []byte { return strconv.AppendUint(b, v.Uint(), 10) },
			func(v reflect.Value) bool { return v.Uint() == 0 }
	case reflect.Pointer:
		elem, _ := jsonPlanOf(t.Elem(), mode)
		if elem == nil {
			return nil, nil
		}
		return func(b []byte, v reflect.Value) []byte {
				if v.IsNil() {
					return append(b, "null"...)
				}
				return elem(b, v.Elem())
			},
			func(v reflect.Value) bool { return v.IsNil() }
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return nil, nil
		}
		elem, _ := jsonPlanOf(t.Elem(), mode)
		if elem == nil {
			return nil, nil
		}
		return func(b []byte, v reflect.Value) []byte {
				if v.IsNil() {
					return append(b, "null"...)
				}
				b = append(b, '[')
				for i := range v.Len() {
					if i > 0 {
						b = append(b, ',')
					}
					b = elem(b, v.Index(i))
				}
				return append(b, ']')
			},
			func(v reflect.Value) bool { return v.Len() == 0 }
	case reflect.Struct:
		p := structPlan(t, mode)
		if p == nil {
			return nil, nil
		}
		return p, func(reflect.Value) bool { return false }
	}
	return nil, nil
}

// fieldPlan is one field of a struct's JSON: its key `"name":`, where it is (embedded
// structs' fields are promoted, as encoding/json does), and how it is written.
type fieldPlan struct {
	key       string
	name      string
	index     []int
	omitEmpty bool
	value     valuePlan
	empty     func(reflect.Value) bool
}

// strMode is how a plan writes strings: as encoding/json does (strJSON), in base64 (strBase64,
// RFC 4648 §4: parse --json's parts_base64), or as JSON with each byte that is not UTF-8 as
// \xHH, the escape of internal/display, not U+FFFD (strText: parse's text view of the typed
// view, viewTextFields).
type strMode uint8

const (
	strJSON strMode = iota
	strBase64
	strText
)

// structPlanFields returns the JSON fields of struct type t in encoding/json's order, with strings
// written by mode, or false when t has what the plans leave to encoding/json (see jsonPlanOf).
func structPlanFields(t reflect.Type, mode strMode) ([]fieldPlan, bool) {
	var fields []fieldPlan
	if !structFields(t, nil, &fields, mode) {
		return nil, false
	}
	seen := map[string]bool{}
	for _, f := range fields {
		if seen[f.name] {
			return nil, false // encoding/json's rules of dominance: left to it
		}
		seen[f.name] = true
	}
	return fields, true
}

// structPlan returns the plan of a struct type, or nil (see jsonPlanOf).
func structPlan(t reflect.Type, mode strMode) valuePlan {
	fields, ok := structPlanFields(t, mode)
	if !ok {
		return nil
	}
	return func(b []byte, v reflect.Value) []byte {
		b = append(b, '{')
		first := true
		for i := range fields {
			f := &fields[i]
			fv := v.FieldByIndex(f.index)
			if f.omitEmpty && f.empty(fv) {
				continue
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = append(b, f.key...)
			b = f.value(b, fv)
		}
		return append(b, '}')
	}
}

// structFields adds the JSON fields of struct type t, whose fields are at index within the
// outer value, to out in encoding/json's order. It reports false when t has what the plans
// leave to encoding/json.
func structFields(t reflect.Type, index []int, out *[]fieldPlan, mode strMode) bool {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		at := append(index[:len(index):len(index)], i)
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				return false
			}
			if ft.Kind() == reflect.Struct {
				if !structFields(ft, at, out, mode) {
					return false
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		omitEmpty := false
		for opts != "" {
			var o string
			o, opts, _ = strings.Cut(opts, ",")
			switch o {
			case "omitempty":
				omitEmpty = true
			case "":
			default:
				return false // "string", "omitzero": left to encoding/json
			}
		}
		if name == "" {
			name = f.Name
		} else if !plainJSONName(name) {
			return false
		}
		value, empty := jsonPlanOf(f.Type, mode)
		if value == nil {
			return false
		}
		*out = append(*out, fieldPlan{key: string(appendJSONStd(nil, name)) + ":", name: name,
			index: at, omitEmpty: omitEmpty, value: value, empty: empty})
	}
	return true
}

// plainJSONName reports whether a tag's name is made of letters, digits, "_" and "-" only,
// which encoding/json takes as it is.
func plainJSONName(s string) bool {
	for _, c := range s {
		if !(c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// whatwgJSONLine is what one line of parse --spec whatwg --json is written from.
type whatwgJSONLine struct {
	input string
	err   error      // the parser's failure; the getters are then null
	g     [11]string // the getters (whatwgGetters)
	verrs []whatwg.ValidationError
}

// whatwgGetterField is the field of getter i (whatwgGetters): null when the parser failed.
func whatwgGetterField(name string, i int) jsonField[whatwgJSONLine] {
	return jsonField[whatwgJSONLine]{name: name, value: func(b []byte, d *whatwgJSONLine) []byte {
		if d.err != nil {
			return append(b, "null"...)
		}
		return appendJSONStd(b, d.g[i])
	}}
}

// whatwgJSONObject is the object of parse --spec whatwg --json, field by field in order
// (parseLong documents it).
var whatwgJSONObject = newJSONObject([]jsonField[whatwgJSONLine]{
	{name: "input", value: func(b []byte, d *whatwgJSONLine) []byte { return appendJSONStd(b, d.input) }},
	{name: "input_base64", omit: func(d *whatwgJSONLine) bool { return utf8.ValidString(d.input) },
		value: func(b []byte, d *whatwgJSONLine) []byte { return appendBase64JSON(b, d.input) }},
	{name: "spec", value: func(b []byte, d *whatwgJSONLine) []byte { return append(b, `"whatwg"`...) }},
	{name: "valid", value: func(b []byte, d *whatwgJSONLine) []byte { return strconv.AppendBool(b, d.err == nil) }},
	whatwgGetterField("href", 0),
	whatwgGetterField("origin", 1),
	whatwgGetterField("protocol", 2),
	whatwgGetterField("username", 3),
	whatwgGetterField("password", 4),
	whatwgGetterField("host", 5),
	whatwgGetterField("hostname", 6),
	whatwgGetterField("port", 7),
	whatwgGetterField("pathname", 8),
	whatwgGetterField("search", 9),
	whatwgGetterField("hash", 10),
	{name: "scheme", value: func(b []byte, d *whatwgJSONLine) []byte {
		if d.err != nil {
			return append(b, "null"...)
		}
		return appendJSONStd(b, schemeOfProtocol(d.g[2]))
	}},
	{name: "validation_errors", value: func(b []byte, d *whatwgJSONLine) []byte {
		b = append(b, '[')
		for i, v := range d.verrs {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"offset":`...)
			b = appendInt(b, v.Offset)
			b = append(b, `,"code":`...)
			b = appendJSONStd(b, string(v.Code))
			b = append(b, `,"rule":`...)
			b = appendJSONStd(b, v.Rule)
			b = append(b, '}')
		}
		return append(b, ']')
	}},
	{name: "errors", value: func(b []byte, d *whatwgJSONLine) []byte {
		if d.err == nil {
			return append(b, "[]"...)
		}
		e := records.WHATWGDiag(d.err)
		return append(appendDiag(append(b, '['), e.Offset, e.Code, e.Rule, e.Message), ']')
	}},
})

// appendWHATWGJSON appends the line of parse --spec whatwg --json: the object and "\n".
func appendWHATWGJSON(b []byte, input string, u *whatwg.URL, verrs []whatwg.ValidationError, err error) []byte {
	d := whatwgJSONLine{input: input, err: err, verrs: verrs}
	if err == nil {
		d.g = whatwgGetters(u)
	}
	return append(whatwgJSONObject.append(b, &d), '\n')
}
