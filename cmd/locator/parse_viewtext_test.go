package main

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/internal/records"
	"github.com/locator-url/locator/scheme"
)

// The typed view of parse shows each byte of a decoded field that is not UTF-8 as \xHH, the
// escape of internal/display that the README promises for every byte shown ("control bytes,
// invalid UTF-8 and invisible or bidirectional characters come out as \xHH or \uHHHH"), not
// as encoding/json's U+FFFD, which showed %FE and %FF alike and a real U+FFFD the same way.
func TestParseViewInvalidUTF8(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"ftp://h/%FF%FE", `    name       "\xff\xfe"`},
		{"ftp://h/%FEa%EF%BF%BD", `    name       "\xfea�"`},
		{"ftp://u%C0:p%80@h/x", `    user       "u\xc0"`},
		{"ftp://u%C0:p%80@h/x", `    password   "p\x80"`},
		{"ftp://h/%FF/x", `    cwd        ["\xff"]`},
		{"gopher://h/0a%09%FF%01", `    search     "\xff\u0001"`},
		{"prospero://h/a%00%801;n%FF=v", `    version    "\x801"`},
		{"prospero://h/a%00%801;n%FF=v", `    fields     [{"name":"n\xff","value":"v"}]`},
		{"news:a%E2%80%AE%FF", `    group      "a\u202e\xff"`},
	} {
		var b bytes.Buffer
		r := scheme.Inspect(tt.in, locator.RFC1738)
		writeHuman(&b, &r)
		if !strings.Contains(b.String(), "\n"+tt.want+"\n") {
			t.Errorf("parse %q: no line %q in\n%s", tt.in, tt.want, b.String())
		}
	}
}

// Where every field is UTF-8, viewTextFields gives the fields of the view's JSON exactly, so
// that the view lines are the JSON values the README shows.
func TestViewTextFieldsMatchJSON(t *testing.T) {
	for _, in := range []string{
		"ftp://myname:pw@host.dom/%2Fetc/a%20b;type=d", "ftp://@h/", "gopher://h/0sel%09%09!+ABSTRACT%20+VIEWS",
		"gopher://h/1%E2%80%AE%01%EF%BF%BD%7F", "gopher://h", "mailto:a@b", "news:*", "news:a@b", "nntp://h/g/12",
		"telnet://u@h/", "wais://h/db/t/p", "wais://h/db?s", "file:///a%09b", "prospero://h/a%001%00x;f=%22v",
		"mid:a@b/c", "cid:a@b", "afs://c/p", "http://u@h/p?q<\\>", "https://h/", "rlogin://u@h",
	} {
		r := scheme.Inspect(in, locator.RFC1738)
		if r.View == nil {
			t.Fatalf("%q: no view", in)
		}
		js, err := records.Marshal(r.View)
		if err != nil {
			t.Fatal(err)
		}
		want, err := viewFields(js)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := viewTextFields(reflect.ValueOf(r.View))
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("%q: viewTextFields = %q, %v; the JSON's are %q", in, got, ok, want)
		}
	}
}
