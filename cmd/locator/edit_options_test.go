package main

import (
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/pct"
	"github.com/locator-url/locator/scheme"
	"github.com/locator-url/locator/whatwg"
)

// editOptionsTable: --spec whatwg, the view fields, --replace, --query-separator and the
// redactions. "trurl:" marks a case from trurl's manual (trurl.md, 0.15/0.16), with how
// locator's output differs: trurl normalizes the whole URL (a "/" path added, escapes
// re-encoded, default ports removed), locator changes only what it is asked to.
var editOptionsTable = []struct {
	name string
	args []string
	want string
	code int
}{
	// --replace, --replace-append (trurl: "--replace two=alsoreal" gives
	// http://alpha/?one=real&two=alsoreal, the same pairs; trurl adds the "/").
	{"trurl: replace", []string{"--replace", "two=alsoreal", "http://alpha?one=real&two=fake"}, "http://alpha?one=real&two=alsoreal", 0},
	{"trurl: replace absent", []string{"--replace", "three=x", "http://alpha?one=real"}, "http://alpha?one=real", 0},
	{"trurl: replace-append", []string{"--replace-append", "three=alsoreal", "http://alpha?one=real&two=fake"}, "http://alpha?one=real&two=fake&three=alsoreal", 0},
	{"replace repeated", []string{"--replace", "a=9", "http://h/?a=1&b=2&a=3&a"}, "http://h/?a=9&b=2", 0},
	{"replace encoded", []string{"--spec", "rfc3986", "--replace", "a b=c&d=e", "http://h/?a%20b=1"}, "http://h/?a%20b=c%26d%3De", 0},
	{"replace no value", []string{"--replace", "a", "http://h/?a=1"}, "http://h/?a", 0},
	{"replace-append no query", []string{"--replace-append", "k=v", "http://h/#f"}, "http://h/?k=v#f", 0},
	{"replace-append empty query", []string{"--replace-append", "k=v", "http://h/?"}, "http://h/?k=v", 0},
	// --query-separator (trurl's example: the same output).
	{"trurl: separator trim", []string{"--trim", "query=search", "--query-separator", ";", "https://curl.se?search=fool;page=5"}, "https://curl.se?page=5", 0},
	{"separator append", []string{"--spec", "rfc3986", "--query-separator", ";", "--append", "query=a;b=c", "http://h/?x=1"}, "http://h/?x=1;a%3Bb=c", 0},
	{"separator sort", []string{"--query-separator", ";", "--sort-query", "http://h/?b=1;a=2&c"}, "http://h/?a=2&c;b=1", 0},
	{"separator replace", []string{"--query-separator", ";", "--replace", "b=9", "http://h/?a=1;b=2"}, "http://h/?a=1;b=9", 0},
	{"separator two bytes", []string{"--query-separator", ";;", "http://h/"}, "", 2},
	{"separator =", []string{"--query-separator", "=", "http://h/"}, "", 2},
	{"separator whatwg", []string{"--spec", "whatwg", "--query-separator", ";", "http://h/"}, "", 2},
	// trurl's --trim and --sort-query examples: the same pairs, no "/" added.
	{"trurl: trim prefix", []string{"--trim", "query=a*", "https://example.com?a12=hej&a23=moo&b12=foo"}, "https://example.com?b12=foo", 0},
	{"trurl: sort", []string{"--sort-query", "https://example.com?b=a&c=b&a=c"}, "https://example.com?a=c&b=a&c=b", 0},
	// trurl sorts case-insensitively; locator by bytes (decoded names), as URLSearchParams by
	// code units.
	{"sort by bytes", []string{"--sort-query", "http://h/?a=1&B=2"}, "http://h/?B=2&a=1", 0},
	// trurl: "fragment=#zebra" gives #%23zebra, as here; "query=?elephant" gives ?%3felephant,
	// where RFC 3986 §3.4 keeps "?" in a query.
	{"trurl: fragment #", []string{"--spec", "rfc3986", "--set", "fragment=#zebra", "http://horse#elephant"}, "http://horse#%23zebra", 0},
	{"trurl: query ?", []string{"--spec", "rfc3986", "--set", "query=?elephant", "http://horse?x"}, "http://horse??elephant", 0},
	{"trurl: path slash", []string{"--set", "path=pony", "http://hello"}, "http://hello/pony", 0},
	{"trurl: append path", []string{"--append", "path=you", "https://curl.se/hello"}, "https://curl.se/hello/you", 0},
	{"trurl: append query", []string{"--append", "query=search=life", "http://host?name=hello"}, "http://host?name=hello&search=life", 0},

	// Redaction.
	{"redact user", []string{"--redact-user", "ftp://anna:pw@h/"}, "ftp://REDACTED:REDACTED@h/", 0},
	{"redact user only", []string{"--redact-user", "ftp://anna@h/"}, "ftp://REDACTED@h/", 0},
	{"redact user empty", []string{"--redact-user", "ftp://:pw@h/"}, "ftp://:REDACTED@h/", 0},
	{"redact words", []string{"--redact-query", "http://h/?apiKey=1&AWSAccessKeyId=2&X-Amz-Signature=3&monkey=4&keyboard=5&access_token=6&sid=7"},
		"http://h/?apiKey=REDACTED&AWSAccessKeyId=REDACTED&X-Amz-Signature=REDACTED&monkey=4&keyboard=5&access_token=REDACTED&sid=7", 0},
	{"redact decoded name", []string{"--redact-query", "http://h/?to%6Ben=1&a=%74oken"}, "http://h/?to%6Ben=REDACTED&a=%74oken", 0},
	{"redact name", []string{"--redact-name", "SID", "--redact-name", "x-*", "http://u@h/?sid=1&x-a=2&y=3"}, "http://u@h/?sid=REDACTED&x-a=REDACTED&y=3", 0},
	{"redact empty value", []string{"--redact-query", "http://h/?token=&key"}, "http://h/?token=&key", 0},
	{"redact separator", []string{"--redact-query", "--query-separator", ";", "http://h/?a=1;token=2"}, "http://h/?a=1;token=REDACTED", 0},

	// RFC 1738 scheme views: ftp (RFC 1738 §3.2.2). trurl encodes ";type=" away.
	{"typecode added", []string{"--set", "typecode=d", "ftp://h/pub/a"}, "ftp://h/pub/a;type=d", 0},
	{"typecode changed", []string{"--set", "typecode=i", "ftp://h/a;type=a"}, "ftp://h/a;type=i", 0},
	{"typecode removed", []string{"--set", "typecode=", "ftp://h/a;type=a"}, "ftp://h/a", 0},
	{"typecode if absent", []string{"--set", "typecode?=i", "ftp://h/a;type=a", "ftp://h/b"}, "ftp://h/a;type=a\nftp://h/b;type=i", 0},
	{"typecode empty path", []string{"--set", "typecode=d", "ftp://h"}, "ftp://h/;type=d", 0},
	// RFC 1738 §5 ftptype is A, I or D: the 1994 draft's "L8" would make the valid URL invalid
	// by RFC 1738, so edit refuses it (keepsValid).
	{"typecode draft", []string{"--set", "typecode=L8", "ftp://h/a"}, "", 1},
	{"typecode bad", []string{"--set", "typecode=x", "ftp://h/a"}, "", 1},
	{"typecode bad byte", []string{"--set", "typecode=a;b", "ftp://h/a"}, "", 1},
	{"ftp name", []string{"--set", "name=a b;c/d?", "ftp://h/pub/x;type=i"}, "ftp://h/pub/a%20b%3Bc%2Fd%3F;type=i", 0},
	{"ftp name raw bad", []string{"--set", "name:=a/b", "ftp://h/x"}, "", 1},
	{"ftp name raw", []string{"--set", "name:=a%2Fb", "ftp://h/x"}, "ftp://h/a%2Fb", 0},
	{"ftp name dir", []string{"--set", "name=", "ftp://h/pub/x"}, "ftp://h/pub/", 0},
	// gopher (RFC 1738 §3.4.1).
	{"selector", []string{"--set", "selector=/a b?\x00", "gopher://h/0/old%09s"}, "gopher://h/0/a%20b%3F%00%09s", 0},
	{"selector no type", []string{"--set", "selector=/x", "gopher://h"}, "gopher://h/1/x", 0},
	{"selector tab", []string{"--set", "selector=a\tb", "gopher://h/0x"}, "", 1},
	{"gopher type", []string{"--set", "type=7", "gopher://h/1/s"}, "gopher://h/7/s", 0},
	{"gopher type two", []string{"--set", "type=77", "gopher://h/1/s"}, "", 1},
	{"gopher search", []string{"--set", "search=a b&c", "gopher://h/7/s"}, "gopher://h/7/s%09a%20b&c", 0},
	{"gopher search removed", []string{"--set", "search=", "gopher://h/7/s%09x"}, "gopher://h/7/s", 0},
	{"gopher search kept for plus", []string{"--set", "search=", "gopher://h/7/s%09x%09+"}, "", 1},
	{"gopher plus", []string{"--set", "gopher-plus=+application/pdf", "gopher://h/1/d"}, "gopher://h/1/d%09%09+application/pdf", 0},
	{"gopher plus removed", []string{"--set", "gopher-plus=", "gopher://h/1/d%09%09+"}, "gopher://h/1/d%09", 0},
	// news (RFC 1738 §3.6), nntp (§3.7), mailto (§3.5).
	{"news group", []string{"--set", "group=comp.lang.go", "news:alt.test"}, "news:comp.lang.go", 0},
	{"news all", []string{"--set", "group=*", "news:alt.test"}, "news:*", 0},
	{"news message-id", []string{"--set", "message-id=<a/b?c@h.example>", "news:alt.test"}, "news:a/b%3Fc@h.example", 0},
	{"news message-id no @", []string{"--set", "message-id=abc", "news:alt.test"}, "", 1},
	// RFC 1738 §5 article: one "@", before the host; an "@" of the unique part is "%40"
	// with "=", refused with ":=".
	{"news message-id with two @", []string{"--set", "message-id=a@b@h.example", "news:alt.test"}, "news:a%40b@h.example", 0},
	{"news message-id with two @, :=", []string{"--set", "message-id:=a@b@h.example", "news:alt.test"}, "", 1},
	{"news group bad", []string{"--set", "group=1x", "news:alt.test"}, "", 1},
	{"news removed", []string{"--set", "group=", "news:alt.test"}, "", 1},
	{"nntp article", []string{"--set", "article=12", "nntp://h/alt.test"}, "nntp://h/alt.test/12", 0},
	{"nntp group", []string{"--set", "group=comp.x", "nntp://h/alt.test/5"}, "nntp://h/comp.x/5", 0},
	{"nntp article removed", []string{"--set", "article=", "nntp://h/alt.test/5"}, "nntp://h/alt.test", 0},
	{"nntp article bad", []string{"--set", "article=1a", "nntp://h/alt.test/5"}, "", 1},
	{"mailto addr", []string{"--set", "addr=a b%@h?x", "mailto:x@y"}, "mailto:a%20b%25@h%3Fx", 0},
	// wais (RFC 1738 §3.9).
	{"wais search", []string{"--set", "search=a b;c", "wais://h/db"}, "wais://h/db?a%20b;c", 0},
	{"wais document", []string{"--set", "wtype=TEXT", "--set", "wpath=x/y", "wais://h/db"}, "wais://h/db/TEXT/x%2Fy", 0},
	{"wais database", []string{"--set", "database=d 2", "wais://h/db?x"}, "wais://h/d%202?x", 0},
	{"wais search of a document", []string{"--set", "search=q", "wais://h/db/T/p"}, "", 1},
	{"wais document removed", []string{"--set", "wpath=", "wais://h/db/T/p"}, "wais://h/db", 0},
	// A field of another scheme; a field under another spec.
	{"no field", []string{"--set", "typecode=d", "http://h/"}, "", 1},
	{"no field gopher", []string{"--set", "group=x", "gopher://h/"}, "", 1},
	{"field rfc3986", []string{"--spec", "rfc3986", "--set", "typecode=d", "ftp://h/"}, "", 2},
	{"field whatwg", []string{"--spec", "whatwg", "--set", "typecode=d", "ftp://h/"}, "", 2},

	// --spec whatwg: the standard's setters (WHATWG URL §6.1).
	{"whatwg host", []string{"--spec", "whatwg", "--set", "host=EXAMPLE.org", "http://h:8/p?q#f"}, "http://example.org:8/p?q#f", 0},
	{"whatwg host colon", []string{"--spec", "whatwg", "--set", "host=a:1", "http://h/"}, "", 1},
	{"whatwg hostport", []string{"--spec", "whatwg", "--set", "hostport=x.org:81", "http://h:8/p"}, "http://x.org:81/p", 0},
	{"whatwg hostname", []string{"--spec", "whatwg", "--set", "hostname=x", "http://h/"}, "http://x/", 0},
	{"whatwg default port", []string{"--spec", "whatwg", "--set", "port=80", "http://h:8/p"}, "http://h/p", 0},
	{"whatwg port raw default", []string{"--spec", "whatwg", "--set", "port:=80", "http://h:8/p"}, "", 1},
	{"whatwg port bad", []string{"--spec", "whatwg", "--set", "port=x", "http://h:8/p"}, "", 1},
	{"whatwg port removed", []string{"--spec", "whatwg", "--set", "port=", "http://h:8/p"}, "http://h/p", 0},
	{"whatwg scheme", []string{"--spec", "whatwg", "--set", "scheme=ftp", "http://h/"}, "ftp://h/", 0},
	{"whatwg scheme special", []string{"--spec", "whatwg", "--set", "scheme=foo", "http://h/"}, "", 1},
	{"whatwg user", []string{"--spec", "whatwg", "--set", "user=a@b:c", "--set", "password=p w", "http://h/"}, "http://a%40b%3Ac:p%20w@h/", 0},
	{"whatwg user file", []string{"--spec", "whatwg", "--set", "user=a", "file:///x"}, "", 1},
	{"whatwg path", []string{"--spec", "whatwg", "--set", "path=a b/../c", "http://h/x?q"}, "http://h/c?q", 0},
	{"whatwg path if absent", []string{"--spec", "whatwg", "--set", "path?=/x", "http://h", "http://h/y"}, "http://h/x\nhttp://h/y", 0},
	{"whatwg query", []string{"--spec", "whatwg", "--set", "query=?a b#", "http://h/p"}, "http://h/p?a%20b%23", 0},
	{"whatwg query raw", []string{"--spec", "whatwg", "--set", "query:=a%20b", "http://h/p"}, "http://h/p?a%20b", 0},
	{"whatwg query raw bad", []string{"--spec", "whatwg", "--set", "query:=a b", "http://h/p"}, "", 1},
	{"whatwg query removed", []string{"--spec", "whatwg", "--set", "query=", "http://h/p?x#f"}, "http://h/p#f", 0},
	{"whatwg hash", []string{"--spec", "whatwg", "--set", "fragment=#zebra", "http://horse#elephant"}, "http://horse/#zebra", 0},
	{"whatwg hash if absent", []string{"--spec", "whatwg", "--set", "hash?=x", "http://h/#y", "http://h/"}, "http://h/#y\nhttp://h/#x", 0},
	{"whatwg href", []string{"--spec", "whatwg", "--set", "href=HTTPS://X/./a", "http://h/"}, "https://x/a", 0},
	{"whatwg unknown", []string{"--spec", "whatwg", "--set", "origin=x", "http://h/"}, "", 2},
	{"whatwg input", []string{"--spec", "whatwg", "--set", "host=x", "http://[/"}, "", 1},
	// WHATWG query options: URLSearchParams (§6.2), application/x-www-form-urlencoded (§5).
	{"whatwg append", []string{"--spec", "whatwg", "--append", "query=a b=c&d", "http://h/?x=1&y"}, "http://h/?x=1&y=&a+b=c%26d", 0},
	{"whatwg append path", []string{"--spec", "whatwg", "--append", "path=a/b", "--append", "path=c d%", "http://h/x"}, "http://h/x/a%2Fb/c%20d%25", 0},
	{"whatwg append dot", []string{"--spec", "whatwg", "--append", "path=..", "http://h/x"}, "", 1},
	{"whatwg append opaque", []string{"--spec", "whatwg", "--append", "path=x", "mailto:a"}, "", 1},
	{"whatwg sort", []string{"--spec", "whatwg", "--sort-query", "http://h/?b=1&a=2&b=0"}, "http://h/?a=2&b=1&b=0", 0},
	{"whatwg trim", []string{"--spec", "whatwg", "--trim", "query=utm_*", "http://h/?utm_a=1&k=%41"}, "http://h/?k=A", 0},
	{"whatwg trim all", []string{"--spec", "whatwg", "--trim", "query=*", "http://h/?a=1#f"}, "http://h/#f", 0},
	{"whatwg keep", []string{"--spec", "whatwg", "--keep", "query=a b", "http://h/?a+b=1&c=2"}, "http://h/?a+b=1", 0},
	{"whatwg replace", []string{"--spec", "whatwg", "--replace", "a=9", "http://h/?a=1&b&a=2"}, "http://h/?a=9&b=", 0},
	{"whatwg replace absent", []string{"--spec", "whatwg", "--replace", "z=9", "http://h/?a=%41"}, "http://h/?a=A", 0},
	{"whatwg replace-append", []string{"--spec", "whatwg", "--replace-append", "z=9", "http://h/"}, "http://h/?z=9", 0},
	{"whatwg redact", []string{"--spec", "whatwg", "--redact-query", "http://u:p@h/?token=abc&x=a%20b"}, "http://u:REDACTED@h/?token=REDACTED&x=a+b", 0},
	{"whatwg redact kept", []string{"--spec", "whatwg", "--redact-query", "http://h/?x=a%20b"}, "http://h/?x=a%20b", 0},
	{"whatwg redact user", []string{"--spec", "whatwg", "--redact-user", "http://u:p@h/?x"}, "http://REDACTED:REDACTED@h/?x", 0},
}

func TestEditOptionsTable(t *testing.T) {
	for _, tc := range editOptionsTable {
		args := append([]string{"edit"}, tc.args...)
		out, errOut, code := runLocator(t, "", args...)
		want := ""
		if tc.want != "" {
			want = tc.want + "\n"
		}
		if out != want || code != tc.code || (code != 0) != (errOut != "") {
			t.Errorf("%s: locator %q: %q, %q, exit %d; want %q, exit %d", tc.name, args, out, errOut, code, want, tc.code)
		}
	}
}

// Under whatwg, "-" gives one line per line too, a parse failure as "error: ...".
func TestEditWHATWGStdin(t *testing.T) {
	out, errOut, code := runLocator(t, "http://h/a\nhttp://[\nfoo:x\n", "edit", "--spec", "whatwg", "--set", "hash=x", "-")
	want := "http://h/a#x\nerror: IPv6-unclosed at offset 7 [IPv6-unclosed, WHATWG URL §3.5 host parser]\nfoo:x#x\n"
	if out != want || errOut != "" || code != 1 {
		t.Errorf("edit --spec whatwg -: %q, %q, exit %d; want %q, exit 1", out, errOut, code, want)
	}
}

// The errors of a URL edit cannot change are *locator.Error (or *whatwg.Error from the
// standard's setters) with the input, an offset, a code and a rule.
func TestEditErrors(t *testing.T) {
	for _, tc := range []struct {
		spec locator.Spec
		set  string
		in   string
		code locator.Code
		off  int
		rule string
	}{
		{locator.RFC1738, "typecode=d", "http://h/", codeNoField, 0, "RFC 1738 §5"},
		{locator.RFC1738, "typecode=d", "URL:http://h/", codeNoField, 4, "RFC 1738 §5"},
		{locator.RFC1738, "typecode=x", "ftp://h/a", codeBadField, 0, "RFC 1738 §3.2.2"},
		{locator.RFC1738, "selector=a\nb", "gopher://h/1", codeBadField, 0, "RFC 1738 §3.4.1"},
		{locator.RFC1738, "message-id=x", "news:a", codeBadField, 0, "RFC 1738 §3.6"},
		{locator.RFC1738, "article=x", "nntp://h/a", codeBadField, 0, "RFC 1738 §3.7"},
		{locator.RFC1738, "host=h", "mailto:x", "edit-no-authority", 0, "RFC 3986 §3.3"},
	} {
		e := &editor{spec: tc.spec}
		if err := e.parseSet(tc.set); err != nil {
			t.Fatalf("%s: %v", tc.set, err)
		}
		_, err := e.edit(tc.in)
		var le *locator.Error
		if !errors.As(err, &le) || le.Code != tc.code || le.Offset != tc.off || le.Rule != tc.rule || le.Input != tc.in || le.Message == "" {
			t.Errorf("edit --set %q %q: %#v; want code %s at %d, %s", tc.set, tc.in, err, tc.code, tc.off, tc.rule)
		}
	}
	e := &editor{spec: locator.WHATWG}
	if err := e.parseSet("port=x"); err != nil {
		t.Fatal(err)
	}
	_, err := e.edit("http://h:8/")
	var we *whatwg.Error
	if !errors.As(err, &we) || we.Rule == "" || we.Code == "" {
		t.Errorf("whatwg port=x: %#v; want a *whatwg.Error", err)
	}
}

// checkViewEdit edits the view field of s and checks that the view reads the value back, and
// that every other field and component is unchanged.
func checkViewEdit(t *testing.T, s, field, value string) {
	e := &editor{spec: locator.RFC1738}
	if err := e.parseSet(field + "=" + value); err != nil {
		t.Fatalf("%s=%q: %v", field, value, err)
	}
	out, err := e.edit(s)
	if err != nil {
		var le *locator.Error
		if !errors.As(err, &le) {
			t.Fatalf("edit %s=%q %q: %T %v", field, value, s, err, err)
		}
		return
	}
	u, _ := locator.ParseAs(s, locator.RFC1738)
	v, err := locator.ParseAs(out, locator.RFC1738)
	if err != nil {
		t.Fatalf("edit %s=%q %q = %q, which does not parse: %v", field, value, s, out, err)
	}
	a, b := splitParts(u), splitParts(v)
	for i := range cPath {
		if a.val[i] != b.val[i] || a.has[i] != b.has[i] {
			t.Fatalf("edit %s=%q %q = %q: %s changed", field, value, s, out, editComponents[i])
		}
	}
	if b.has[cFragment] != a.has[cFragment] || b.val[cFragment] != a.val[cFragment] {
		t.Fatalf("edit %s=%q %q = %q: the fragment changed", field, value, s, out)
	}
	before, err1 := scheme.ParseView(u)
	after, err2 := scheme.ParseView(v)
	if err1 != nil || err2 != nil {
		if err2 != nil && err1 == nil {
			t.Fatalf("edit %s=%q %q = %q: the view fails: %v", field, value, s, out, err2)
		}
		return
	}
	// The field reads back the value; the others are as they were.
	switch bv := before.(type) {
	case scheme.FTP:
		f := after.(scheme.FTP)
		got, other := f.Type, bv.Name
		if field == "name" {
			got, other = f.Name, bv.Type
		}
		if got != value || (field == "name" && f.Type != other) || (field != "name" && f.Name != other) || strings.Join(f.CWD, "/") != strings.Join(bv.CWD, "/") {
			t.Fatalf("edit %s=%q %q = %q: view %+v, was %+v", field, value, s, out, f, bv)
		}
	case scheme.Gopher:
		g := after.(scheme.Gopher)
		var got string
		switch field {
		case "selector":
			got = g.Selector
			if g.Type != bv.Type || editDeref(g.Search, false) != editDeref(bv.Search, false) {
				t.Fatalf("edit %s=%q %q = %q: view %+v, was %+v", field, value, s, out, g, bv)
			}
		case "search":
			got = editDeref(g.Search, false)
			if g.Type != bv.Type || g.Selector != bv.Selector || editDeref(g.GopherPlus, false) != editDeref(bv.GopherPlus, false) {
				t.Fatalf("edit %s=%q %q = %q: view %+v, was %+v", field, value, s, out, g, bv)
			}
		case "gopher-plus":
			got = editDeref(g.GopherPlus, false)
			if g.Type != bv.Type || g.Selector != bv.Selector || (bv.Search != nil && *g.Search != *bv.Search) {
				t.Fatalf("edit %s=%q %q = %q: view %+v, was %+v", field, value, s, out, g, bv)
			}
		case "type":
			got = g.Type
			if g.Selector != bv.Selector {
				t.Fatalf("edit %s=%q %q = %q: view %+v, was %+v", field, value, s, out, g, bv)
			}
		}
		if got != value {
			t.Fatalf("edit %s=%q %q = %q: %s reads back %q", field, value, s, out, field, got)
		}
	case scheme.NNTP:
		n := after.(scheme.NNTP)
		if (field == "group" && (n.Group != value || n.Article != bv.Article)) || (field == "article" && (n.Article != value || n.Group != bv.Group)) {
			t.Fatalf("edit %s=%q %q = %q: view %+v, was %+v", field, value, s, out, n, bv)
		}
	case scheme.Mailto:
		if m := after.(scheme.Mailto); m.Addr != value {
			t.Fatalf("edit %s=%q %q = %q: addr reads back %q", field, value, s, out, m.Addr)
		}
	case scheme.News:
		n := after.(scheme.News)
		if field == "group" {
			if value != "*" && n.Group != value {
				t.Fatalf("edit %s=%q %q = %q: group reads back %q", field, value, s, out, n.Group)
			}
		} else if n.MessageID != strings.TrimSuffix(strings.TrimPrefix(value, "<"), ">") {
			t.Fatalf("edit %s=%q %q = %q: message-id reads back %q", field, value, s, out, n.MessageID)
		}
	}
}

// FuzzEditView: a view field set reads back through the view; the rest of the URL is kept.
func FuzzEditView(f *testing.F) {
	for _, s := range []string{"ftp://u:p@h:21/a/b;type=d#f", "ftp://h", "ftp://h/a;type=a;x", "ftp://h/a;type=a?q", "gopher://h/0sel%09s%09+#x", "gopher://h", "news:alt.test", "URL:ftp://h/x", "nntp://h/g/1", "mailto:a@b", "wais://h/db/t/p", "wais://h/db?s"} {
		f.Add(s, uint8(0), "a/?#&;= é%")
	}
	fields := []string{"typecode", "name", "selector", "search", "message-id", "type", "gopher-plus", "group", "article", "addr", "database", "wtype", "wpath"}
	f.Fuzz(func(t *testing.T, s string, which uint8, value string) {
		if len(s) > 1000 || len(value) > 100 || value == "" {
			return
		}
		if _, err := locator.ParseAs(s, locator.RFC1738); err != nil {
			return
		}
		checkViewEdit(t, s, fields[int(which)%len(fields)], value)
	})
}

// FuzzEditWHATWG: under whatwg an edit's result parses to itself, the component set reads
// back as the setter left it, and the components the setter does not touch are unchanged.
func FuzzEditWHATWG(f *testing.F) {
	for _, s := range []string{"http://u:p@h:8/a?q#f", "foo://h/p", "file:///x", "mailto:a", "http://h/?a=1&b"} {
		f.Add(s, uint8(0), "a/?#&= é%")
	}
	setters := []string{"username", "password", "hostname", "port", "pathname", "search", "hash"}
	f.Fuzz(func(t *testing.T, s string, which uint8, value string) {
		if len(s) > 1000 || len(value) > 100 {
			return
		}
		u, err := whatwg.Parse(s, nil)
		if err != nil {
			return
		}
		attr := setters[int(which)%len(setters)]
		e := &editor{spec: locator.WHATWG}
		if err := e.parseSet(attr + "=" + value); err != nil {
			if !utf8.ValidString(value) {
				return // a usage error: the setters would replace the byte by U+FFFD (whatwgText)
			}
			t.Fatal(err)
		}
		out, err := e.edit(s)
		if err != nil {
			return
		}
		v, err := whatwg.Parse(out, nil)
		if err != nil || v.Href() != out {
			t.Fatalf("%s=%q %q = %q: does not parse to itself", attr, value, s, out)
		}
		want := u
		if whatwgSet(&want, attr, value) != nil || whatwgGet(&v, attr) != whatwgGet(&want, attr) {
			t.Fatalf("%s=%q %q = %q: %s reads %q, the setter gives %q", attr, value, s, out, attr, whatwgGet(&v, attr), whatwgGet(&want, attr))
		}
		for _, other := range setters {
			if other == attr {
				continue
			}
			if whatwgGet(&v, other) != whatwgGet(&u, other) && !(attr == "hostname" && other == "port") && !(attr == "pathname" && other == "hostname") {
				t.Fatalf("%s=%q %q = %q: %s changed from %q to %q", attr, value, s, out, other, whatwgGet(&u, other), whatwgGet(&v, other))
			}
		}
	})
}

// On 1 MB inputs the new options allocate in proportion to the input: the bytes for 1 MB at
// most 8 times those for 256 kB; times are logged, failing only past a hang guard.
func TestEditOptionsLinear(t *testing.T) {
	const size = 1 << 20
	mk := func(spec locator.Spec, sets ...string) *editor {
		e := &editor{spec: spec, sortQ: true, redact: true, redactUser: true, redactQuery: true, redactNames: []string{"x*"}}
		e.trim = []string{"utm_*"}
		e.parseReplace("a=1", true)
		e.parseReplace("b=2", false)
		for _, s := range sets {
			if err := e.parseSet(s); err != nil {
				t.Fatal(err)
			}
		}
		return e
	}
	// The scheme views' fields, alone: the query options would add a query to gopher, ftp and
	// news URLs, which RFC 1738 §3.2, §3.4 and §3.6 do not have (edit refuses that: keepsValid).
	mkView := func(spec locator.Spec, sets ...string) *editor {
		e := &editor{spec: spec, redact: true, redactUser: true}
		for _, s := range sets {
			if err := e.parseSet(s); err != nil {
				t.Fatal(err)
			}
		}
		return e
	}
	for _, tc := range []struct {
		e     *editor
		head  string
		shape string
	}{
		{mk(locator.RFC3986), "http://u:p@h/?", "a=1&"},
		{mk(locator.RFC3986), "http://u:p@h/?", "apiKeyTokenSecret=1&"},
		{mk(locator.RFC3986), "http://u:p@h/?", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"},
		{mk(locator.WHATWG, "host=x", "path=/y"), "http://u:p@h/?", "utm_x=1&b=%41+&"},
		{mk(locator.WHATWG), "http://u:p@h/?", "aBcDeFgHiJ"},
		{mkView(locator.RFC1738, "selector=x y", "search=z"), "gopher://h/0", "%41"},
		{mkView(locator.RFC1738, "typecode=d", "name=n"), "ftp://h/", "a/"},
		{mkView(locator.RFC1738, "message-id=a@b"), "news:", "a"},
	} {
		in := func(n int) string { return tc.head + strings.Repeat(tc.shape, n/len(tc.shape)) }
		big, small := in(size), in(size/4)
		f := func(s string) func() {
			return func() {
				if _, err := tc.e.edit(s); err != nil {
					t.Fatalf("%q: %v", tc.shape, err)
				}
			}
		}
		start := time.Now()
		f(big)()
		d := time.Since(start)
		t.Logf("%s %q: 1 MB %v", tc.head, tc.shape[:min(len(tc.shape), 12)], d)
		if d > 10*time.Second {
			t.Errorf("%q: 1 MB took %v: a hang", tc.shape, d)
		}
		if ab, as := allocatedBytes(f(big)), allocatedBytes(f(small)); ab > 8*max(as, 1<<16) {
			t.Errorf("%s %q: 1 MB allocated %d bytes, 256 kB %d: not linear", tc.head, tc.shape, ab, as)
		} else {
			t.Logf("allocated: 1 MB %d bytes, 256 kB %d", ab, as)
		}
	}
}

// FuzzEditQuery: after --replace-append K=V the query has one pair named K, whose value
// reads back V, the other pairs in their order; the components before the query are kept.
func FuzzEditQuery(f *testing.F) {
	f.Add("http://u:p@h/p?a=1&b=2&a=3#f", uint8(0), "a", "x y&z")
	f.Add("http://h/p;x?a=1;b=2", uint8(1), "b", "=;")
	f.Add("http://h/?a+b=1&a%20b=2", uint8(2), "a b", "+")
	f.Fuzz(func(t *testing.T, s string, which uint8, k, v string) {
		if len(s) > 1000 || len(k) > 50 || len(v) > 50 || strings.Contains(k, "=") {
			return
		}
		spec := []locator.Spec{locator.RFC3986, locator.RFC1738, locator.WHATWG}[int(which)%3]
		e := &editor{spec: spec}
		if which&4 != 0 && spec != locator.WHATWG {
			e.sep = ";"
		}
		e.parseReplace(k+"="+v, true)
		out, err := e.edit(s)
		if spec == locator.WHATWG {
			u, perr := whatwg.Parse(s, nil)
			if perr != nil {
				return
			}
			if err != nil {
				t.Fatalf("%q --replace-append %q=%q: %v", s, k, v, err)
			}
			w, _ := whatwg.Parse(out, nil)
			got := w.SearchParams().GetAll(k)
			want := scalar(v)
			if len(got) != 1 || got[0] != want || w.Pathname() != u.Pathname() || w.Hash() != u.Hash() {
				t.Fatalf("%q --replace-append %q=%q = %q: values %q", s, k, v, out, got)
			}
			return
		}
		u, perr := locator.ParseAs(s, spec)
		if perr != nil {
			return
		}
		if err != nil {
			return // the result would not read back (a query the spec does not allow as written)
		}
		w, err := locator.ParseAs(out, spec)
		if err != nil {
			t.Fatalf("%q = %q: %v", s, out, err)
		}
		a, b := splitParts(u), splitParts(w)
		for i := range cQuery {
			if a.val[i] != b.val[i] || a.has[i] != b.has[i] {
				t.Fatalf("%q --replace-append %q=%q = %q: %s changed", s, k, v, out, editComponents[i])
			}
		}
		var n int
		var others, before []string
		for _, pr := range strings.Split(b.val[cQuery], e.separator()) {
			if queryName(pr) == k {
				n++
				_, val, _ := strings.Cut(pr, "=")
				if d, err := pct.Decode(val); err != nil || d != v {
					t.Fatalf("%q --replace-append %q=%q = %q: value %q", s, k, v, out, val)
				}
				continue
			}
			others = append(others, pr)
		}
		if a.val[cQuery] != "" {
			for _, pr := range strings.Split(a.val[cQuery], e.separator()) {
				if queryName(pr) != k {
					before = append(before, pr)
				}
			}
		}
		if n != 1 || strings.Join(others, "\n") != strings.Join(before, "\n") {
			t.Fatalf("%q --replace-append %q=%q = %q: %d pairs named %q; others %q, were %q", s, k, v, out, n, k, others, before)
		}
	})
}
