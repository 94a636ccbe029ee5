// Package zerocheck is a test helper: it calls every exported method of a package's types on
// their zero values, and every exported function of a package, with zero and hostile
// arguments, and fails the test on a panic. "Bad input gets a clear error … never a panic"
// (the house's standards) holds for a zero value as for a string: a zero whatwg.URL's Port
// sliced its empty href, a pct.Class not made by Table.Add dereferenced a nil table, and a zero
// serve.Server's Close a nil client, each found by this check.
//
// Arguments are made from each of Samples in turn: a string or []byte argument is the sample;
// a context.Context one is a context that ends after a short time; an io.Writer is io.Discard
// and an io.Reader the sample's bytes; a pointer points to a new zero value (a zero value, not
// nil: a nil destination is a caller's bug in Go, as for encoding/json); anything else is its
// zero value.
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
// a broken IP literal, a scheme and nothing else, invalid UTF-8, a control character.
var Samples = []string{"", "x", "%", "http://[", "a:b", "\xff", "a\x00b"}

// Methods calls every exported method of each of vals (pointers to zero values: new(T)), on the
// pointer and on the value, with the arguments of each sample. It returns the number of calls
// made.
func Methods(t testing.TB, vals ...any) int {
	t.Helper()
	calls := 0
	for _, v := range vals {
		p := reflect.ValueOf(v)
		if p.Kind() != reflect.Pointer {
			t.Fatalf("zerocheck.Methods: %T is not a pointer to a zero value", v)
		}
		for _, recv := range []reflect.Value{p, p.Elem()} {
			for m := range recv.Type().Methods() {
				name := fmt.Sprintf("%v.%s", recv.Type(), m.Name)
				for _, s := range Samples {
					// A fresh zero value for each call: a method may change it.
					fresh := reflect.New(p.Elem().Type())
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
		for _, s := range Samples {
			call(t, name, f, s)
			calls++
		}
	}
	return calls
}

var (
	contextType = reflect.TypeFor[context.Context]()
	writerType  = reflect.TypeFor[io.Writer]()
	readerType  = reflect.TypeFor[io.Reader]()
)

// call calls f with arguments made from s, and fails t if it panics.
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
	if ft.IsVariadic() {
		f.CallSlice(args)
	} else {
		f.Call(args)
	}
}
