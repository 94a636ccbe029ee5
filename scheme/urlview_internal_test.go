package scheme

import (
	"reflect"
	"testing"

	"github.com/locator-url/locator"
)

// TestURLViewLayout holds urlView to locator.URL's layout (the same fields, names, types
// and offsets, the same size) and its flags and offsets to the getters' answers.
func TestURLViewLayout(t *testing.T) {
	ut, vt := reflect.TypeOf(locator.URL{}), reflect.TypeOf(urlView{})
	if ut.Size() != vt.Size() || ut.Align() != vt.Align() || ut.NumField() != vt.NumField() {
		t.Fatalf("locator.URL is %d bytes, %d fields; urlView %d bytes, %d fields", ut.Size(), ut.NumField(), vt.Size(), vt.NumField())
	}
	for i := 0; i < ut.NumField(); i++ {
		f, g := ut.Field(i), vt.Field(i)
		if f.Name != g.Name || f.Type != g.Type || f.Offset != g.Offset {
			t.Errorf("field %d: locator.URL has %s %v at %d, urlView %s %v at %d", i, f.Name, f.Type, f.Offset, g.Name, g.Type, g.Offset)
		}
	}
	for _, c := range []struct {
		s    string
		spec locator.Spec
	}{
		{"http://h/", locator.RFC3986}, {"http://u:p@h:80/p?q#f", locator.RFC3986}, {"http://h:/", locator.RFC3986},
		{"URL:http://h/p", locator.RFC1738}, {"ftp://u@h", locator.RFC1738}, {"mailto:a@b", locator.RFC3986},
		{"//h?q", locator.RFC3986}, {"p", locator.RFC3986}, {"file:///x", locator.RFC3986}, {"http://a?b@h/", locator.RFC1738}, {"http://h/p#f", locator.RFC1738}, {"http://h#", locator.RFC3986},
	} {
		u, err := locator.ParseAs(c.s, c.spec)
		if err != nil {
			t.Fatalf("ParseAs(%q): %v", c.s, err)
		}
		v := view(&u)
		_, user := u.Userinfo()
		port, hasPort := u.Port()
		q, query := u.Query()
		f, frag := u.Fragment()
		_, prefix := u.Prefix()
		if v.s != u.String() || v.chars != u.Chars() || (v.flags&viewScheme != 0) != u.HasScheme() ||
			!prefix && u.HasScheme() && v.s[:v.schemeEnd] != u.Scheme() ||
			(v.flags&viewAuthority != 0) != u.HasAuthority() || (v.flags&viewUser != 0) != user ||
			(v.flags&viewPort != 0) != hasPort || (v.flags&viewQuery != 0) != query ||
			(v.flags&viewFragment != 0) != frag || frag && v.s[v.fragStart+1:] != f || query && v.s[v.queryStart+1:v.fragStart] != q || (v.flags&viewPrefix != 0) != prefix ||
			v.s[v.hostStart:v.hostEnd] != u.Host() || v.s[v.hostStart:v.pathStart] != u.HostPort() ||
			v.s[v.pathStart:v.queryStart] != u.Path() || hasPort && v.s[v.hostEnd+1:v.pathStart] != port {
			t.Errorf("%q: urlView %+v disagrees with the getters", c.s, *v)
		}
	}
}
