// Package zerocheck is a test helper: it calls every exported method of a package's types on
// their zero values, and every exported function of a package, with zero and hostile
// arguments, short and of 1 MB, and fails the test on a panic, and on an error whose message
// is longer than MaxMessage bytes or holds a control byte. "Bad input gets a clear error …
// never a panic", "never quote an unbounded string in a message" (the house's standards) hold
// for a zero value as for a string: a zero whatwg.URL's Port sliced its empty href, a pct.Class
// not made by Table.Add dereferenced a nil table, a zero serve.Server's Close a nil client and
// a zero fetch.Client's Get a nil map (a panic under its lock: the next Get waited forever);
// pct.Error and extract.Form.UnmarshalText quoted the whole input, 1 MB, raw bytes included;
// each found by this check.
//
// Arguments are made from each of Samples and Big in turn: a string or []byte argument is the
// sample; a context.Context one is a context that ends after a short time; an io.Writer is
// io.Discard and an io.Reader the sample's bytes; a pointer points to a new zero value (a zero
// value, not nil: a nil destination is a caller's bug in Go, as for encoding/json); anything
// else is its zero value.
package zerocheck

import (
	"context"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"
)

// Samples are the strings each method and function is called with: empty, plain, a lone "%",
// a broken IP literal, a scheme and nothing else, invalid UTF-8, a control character, and a URL
// with a host (the discard port, which package fetch's Policy refuses before it dials).
var Samples = []string{"", "x", "%", "http://[", "a:b", "\xff", "a\x00b", "http://127.0.0.1:9/x"}

// Big are the 1 MB inputs each method and function is called with too: each repeats what
// makes a parser, a checker or a message work per byte (escapes, dot segments, "@", ":",
// labels, non-ASCII labels, list separators, controls, invalid UTF-8).
var Big = []string{
	strings.Repeat("a", 1<<20),
	"http://" + strings.Repeat("%", 1<<20),
	"http://a/" + strings.Repeat("../", 1<<18),
	"ftp://" + strings.Repeat("@", 1<<20),
	"http://[" + strings.Repeat(":", 1<<20),
	"http://" + strings.Repeat("a.", 1<<19),
	"http://" + strings.Repeat("\u00fc.", 1<<18),
	"mailto:" + strings.Repeat("a@b,", 1<<18),
	"x:" + strings.Repeat(";a=", 1<<18),
	strings.Repeat("\xff", 1<<20),
	strings.Repeat("\x00\n", 1<<19),
}

// MaxMessage is the longest error message allowed: a message shows a bounded part of its input.
const MaxMessage = 4096

// Methods calls every exported method of each of vals (pointers: new(T) for a zero value, or
// &v for a value that is not), on the pointer and on the value, with the arguments of each
// sample; each call gets a copy of the value (a shallow one), since a method may change it. It
// returns the number of calls made.
func Methods(t testing.TB, vals ...any) int {
	t.Helper()
	calls := 0
	for _, v := range vals {
		p := reflect.ValueOf(v)
		if p.Kind() != reflect.Pointer {
			t.Fatalf("zerocheck.Methods: %T is not a pointer", v)
		}
		for _, recv := range []reflect.Value{p, p.Elem()} {
			for m := range recv.Type().Methods() {
				name := fmt.Sprintf("%v.%s", recv.Type(), m.Name)
				for _, s := range samples() {
					// A fresh copy for each call: a method may change it.
					fresh := reflect.New(p.Elem().Type())
					fresh.Elem().Set(p.Elem())
					r := fresh
					if recv.Kind() != reflect.Pointer {
						r = fresh.Elem()
					}
					call(t, name, r.MethodByName(m.Name), s)
					calls++
				}
			}
		}
	}
	return calls
}

// Funcs calls each function of fs (by name) with the arguments of each sample. It returns the
// number of calls made.
func Funcs(t testing.TB, fs map[string]any) int {
	t.Helper()
	calls := 0
	for name, fn := range fs {
		f := reflect.ValueOf(fn)
		if f.Kind() != reflect.Func {
			t.Fatalf("zerocheck.Funcs: %s is a %T, not a function", name, fn)
		}
		for _, s := range samples() {
			call(t, name, f, s)
			calls++
		}
	}
	return calls
}

// samples returns Samples and Big.
func samples() []string { return append(append([]string(nil), Samples...), Big...) }

var (
	errorType   = reflect.TypeFor[error]()
	contextType = reflect.TypeFor[context.Context]()
	writerType  = reflect.TypeFor[io.Writer]()
	readerType  = reflect.TypeFor[io.Reader]()
)

// call calls f with arguments made from s, and fails t if it panics or returns an error whose
// message is too long or holds a control byte.
func call(t testing.TB, name string, f reflect.Value, s string) {
	t.Helper()
	ft := f.Type()
	args := make([]reflect.Value, ft.NumIn())
	for i := range args {
		at := ft.In(i)
		switch {
		case ft.IsVariadic() && i == len(args)-1:
			args[i] = reflect.MakeSlice(at, 0, 0)
		case at == contextType:
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel()
			args[i] = reflect.ValueOf(ctx)
		case at == writerType:
			args[i] = reflect.ValueOf(io.Discard)
		case at == readerType:
			args[i] = reflect.ValueOf(strings.NewReader(s))
		case at.Kind() == reflect.String:
			args[i] = reflect.ValueOf(s).Convert(at)
		case at.Kind() == reflect.Slice && at.Elem().Kind() == reflect.Uint8:
			args[i] = reflect.ValueOf([]byte(s)).Convert(at)
		case at.Kind() == reflect.Pointer:
			args[i] = reflect.New(at.Elem())
		default:
			args[i] = reflect.Zero(at)
		}
	}
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s with %q: panic: %v", name, s, r)
		}
	}()
	var out []reflect.Value
	if ft.IsVariadic() {
		out = f.CallSlice(args)
	} else {
		out = f.Call(args)
	}
	for _, o := range out {
		if !o.Type().Implements(errorType) || o.Kind() == reflect.Pointer && o.IsNil() || o.Kind() == reflect.Interface && o.IsNil() {
			continue
		}
		msg := o.Interface().(error).Error()
		if len(msg) > MaxMessage {
			t.Errorf("%s with %.40q (%d bytes): an error message of %d bytes: %.100q…", name, s, len(s), len(msg), msg)
		} else if strings.ContainsFunc(msg, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			t.Errorf("%s with %.40q (%d bytes): a control byte in the error message %q", name, s, len(s), msg)
		}
	}
}
