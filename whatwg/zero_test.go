package whatwg

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/zerocheck"
)

// TestZeroURL holds the zero URL (not a URL, url.go) to its doc, through every exported method
// of URL and *URL, found by reflection so that a method added later is held too: no method
// panics (Port sliced the empty href at [1:0]); every getter returns "" (Origin "null", the
// serialization of an opaque origin); every setter but SetHref returns an error with the code
// Relative gives the zero URL and leaves it the zero URL (they wrote ":?x", "://x", ":" into
// it); SetHref makes it a URL; its SearchParams is tied to no URL.
func TestZeroURL(t *testing.T) {
	setters := 0
	for _, recv := range []reflect.Type{reflect.TypeFor[URL](), reflect.TypeFor[*URL]()} {
		for m := range recv.Methods() {
			for _, arg := range []string{"", "x", "http://a/", "?q", "#f", "80"} {
				var u URL
				rv := reflect.ValueOf(&u)
				if recv.Kind() != reflect.Pointer {
					rv = rv.Elem()
				}
				f := rv.MethodByName(m.Name)
				args := make([]reflect.Value, f.Type().NumIn())
				for i := range args {
					switch at := f.Type().In(i); at.Kind() {
					case reflect.String:
						args[i] = reflect.ValueOf(arg)
					default:
						args[i] = reflect.Zero(at)
					}
				}
				var out []reflect.Value
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("the zero URL's %s(%q) panics: %v", m.Name, arg, r)
						}
					}()
					out = f.Call(args)
				}()
				if out == nil {
					continue
				}
				switch {
				case m.Name == "SetHref":
					if arg == "http://a/" && (out[0].Interface() != nil || u.Href() != "http://a/") {
						t.Errorf("SetHref(%q) on the zero URL: %v, href %q", arg, out[0].Interface(), u.Href())
					}
				case strings.HasPrefix(m.Name, "Set"):
					setters++
					err, _ := out[0].Interface().(error)
					var e *Error
					if !errors.As(err, &e) || e.Code != MissingSchemeNonRelativeURL || u != (URL{}) {
						t.Errorf("the zero URL's %s(%q): error %v, URL %q %+v; want %s and the zero URL", m.Name, arg, err, u.href, u, MissingSchemeNonRelativeURL)
					}
				case m.Name == "SearchParams":
					sp := out[0].Interface().(*SearchParams)
					sp.Append("a", arg)
					sp.Set("b", "c")
					sp.Sort()
					if sp.Size() != 2 || u != (URL{}) {
						t.Errorf("the zero URL's SearchParams: %d pairs, URL %q; want 2 and the zero URL", sp.Size(), u.href)
					}
				default:
					for _, o := range out {
						switch v := o.Interface().(type) {
						case string:
							if want := map[bool]string{true: "null", false: ""}[m.Name == "Origin"]; v != want {
								t.Errorf("the zero URL's %s = %q, want %q", m.Name, v, want)
							}
						case bool:
							if v {
								t.Errorf("the zero URL's %s = true", m.Name)
							}
						}
					}
				}
			}
		}
	}
	if setters < 9*6 {
		t.Errorf("%d setter calls checked, want every setter but SetHref (9) × 6 values", setters)
	}
}

// TestZeroValues: no exported method of the package's types panics on a zero value or on a
// URL, and no exported function on zero or hostile arguments (internal/zerocheck). MustParse
// panics by its doc.
func TestZeroValues(t *testing.T) {
	n := zerocheck.Methods(t, new(Code), new(Error), new(Pair), new(Parser), new(SearchParams),
		new(URL), new(ValidationError))
	// And on URLs that are not zero (the setters with 1 MB values), and a list of pairs.
	u := MustParse("http://u:p@h.example:81/p/q?x=1&y=2#f")
	opaque := MustParse("sc:opaque?q#f")
	n += zerocheck.Methods(t, &u, &opaque, u.SearchParams(), NewSearchParams("a=1&b=2&a=3"))
	n += zerocheck.Funcs(t, map[string]any{
		"CanParse": CanParse, "NewSearchParams": NewSearchParams, "Parse": Parse,
		"ParseForm": ParseForm, "ParseString": ParseString, "ParseValidate": ParseValidate,
		"PercentDecode": PercentDecode, "PercentEncode": PercentEncode, "Relative": Relative,
		"SerializeForm": SerializeForm,
	})
	if n < 300 {
		t.Errorf("%d calls made", n)
	}
}

// TestTextRoundTrip: a URL written as text (MarshalText: its href, as in JSON) reads back as the
// same URL (UnmarshalText, Parse with no base), the zero URL as the zero URL; text that is not a
// URL is Parse's *Error and leaves the URL as it was. URL had MarshalText alone: a struct with
// a URL field did not decode from the JSON it encoded to.
func TestTextRoundTrip(t *testing.T) {
	type record struct {
		Page URL `json:"page"`
		Base URL `json:"base"`
	}
	in := record{Page: MustParse("HTTPS://ü.example:443/a/../b c?q#f")}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	back := record{Base: MustParse("http://old/")} // the "" of the zero URL must replace it
	if err := json.Unmarshal(b, &back); err != nil || back != in {
		t.Errorf("%s read back: %+v, %v; want %+v", b, back, err, in)
	}
	u := MustParse("http://a/")
	var e *Error
	if err := u.UnmarshalText([]byte("http://[::1/")); !errors.As(err, &e) || u.Href() != "http://a/" {
		t.Errorf("UnmarshalText of a failure: %v, URL %q", err, u.Href())
	}
}
