package whatwg

import (
	"slices"
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/allocs"
)

// TestSortCodeUnits: sort() compares names as UTF-16 code units (§6.2), so U+FFFD (one unit,
// FFFD) sorts after U+1F600 (two units, D83D DE00), unlike a UTF-8 byte comparison; equal names
// keep their order.
func TestSortCodeUnits(t *testing.T) {
	sp := NewSearchParams("%EF%BF%BD=a&%F0%9F%98%80=b&z=1&a=2&z=0&%C3%A9=c")
	sp.Sort()
	var names []string
	for _, p := range sp.Pairs() {
		names = append(names, p.Name+"="+p.Value)
	}
	want := []string{"a=2", "z=1", "z=0", "é=c", "😀=b", "\uFFFD=a"}
	if !slices.Equal(names, want) {
		t.Errorf("Sort: %q, want %q", names, want)
	}
}

// TestSearchParamsUpdate: a URL's query object writes back (the "update" steps, §6.2): an empty
// list makes the query null.
func TestSearchParamsUpdate(t *testing.T) {
	u := MustParse("https://example.com/?a=1&b=2#f")
	sp := u.SearchParams()
	sp.Delete("a")
	if u.Href() != "https://example.com/?b=2#f" {
		t.Errorf("after Delete: %q", u.Href())
	}
	sp.Delete("b")
	if u.Href() != "https://example.com/#f" || u.Search() != "" {
		t.Errorf("after deleting all: %q", u.Href())
	}
	sp.Append("x y", "1+1=2")
	if u.Href() != "https://example.com/?x+y=1%2B1%3D2#f" {
		t.Errorf("after Append: %q", u.Href())
	}
	sp.Set("x y", "z")
	sp.Set("n", "")
	if u.Href() != "https://example.com/?x+y=z&n=#f" {
		t.Errorf("after Set: %q", u.Href())
	}
	if !sp.Has("n") || !sp.Has("n", "") || sp.Has("n", "1") || sp.Size() != 2 {
		t.Errorf("Has/Size wrong: %v", sp.Pairs())
	}
	// A search params without a URL changes only itself.
	free := NewSearchParams("a=b")
	free.Append("c", "d")
	if free.String() != "a=b&c=d" {
		t.Errorf("free: %q", free.String())
	}
	var zero SearchParams
	zero.Set("k", "v")
	if zero.String() != "k=v" {
		t.Errorf("zero: %q", zero.String())
	}
}

// TestFormRoundTrip: serializing then parsing gives the pairs back (§5.1, §5.2).
func TestFormRoundTrip(t *testing.T) {
	pairs := []Pair{{"a b", "c&d=e"}, {"", ""}, {"é€😀", "+%~*-._"}, {"\x00\x7f", "\t"}}
	got := ParseForm(SerializeForm(pairs))
	if !slices.Equal(got, pairs) {
		t.Errorf("round trip: %q, want %q", got, pairs)
	}
}

// TestEncodeSets checks the sets against their definitions in §1.3 by their well-known
// behaviour: the component set is encodeURIComponent's complement of A–Z a–z 0–9 - _ . ! ~ * ' ( ),
// and the application/x-www-form-urlencoded set leaves only ASCII alphanumerics, *, -, . and _.
func TestEncodeSets(t *testing.T) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		alnum := 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
		uriComponentKeeps := alnum || slices.Contains([]byte("-_.!~*'()"), b)
		if ComponentSet.Contains(b) == uriComponentKeeps {
			t.Errorf("component set and %q", b)
		}
		formKeeps := alnum || slices.Contains([]byte("*-._"), b)
		if FormSet.Contains(b) == formKeeps && b != ' ' {
			t.Errorf("form set and %q", b)
		}
		if c >= 0x80 || c < 0x20 {
			for _, s := range []struct {
				name string
				set  interface{ Contains(byte) bool }
			}{{"C0", C0ControlSet}, {"fragment", FragmentSet}, {"query", QuerySet}, {"path", PathSet}, {"userinfo", UserinfoSet}} {
				if !s.set.Contains(b) {
					t.Errorf("%s set lacks %#x", s.name, c)
				}
			}
		}
	}
	if !PathSet.Contains('^') || PathSet.Contains('|') || !UserinfoSet.Contains('|') || QuerySet.Contains('\'') || !SpecialQuerySet.Contains('\'') || QuerySet.Contains('`') || !FragmentSet.Contains('`') {
		t.Error("a set differs from §1.3")
	}
}

// TestSetterErrors: setters that the standard makes no-ops say so, and leave the URL unchanged.
func TestSetterErrors(t *testing.T) {
	for _, c := range []struct {
		href string
		set  func(*URL, string) error
		v    string
	}{
		{"mailto:x@example.com", (*URL).SetHost, "example.com"},
		{"mailto:x@example.com", (*URL).SetHostname, "example.com"},
		{"mailto:x@example.com", (*URL).SetPathname, "/y"},
		{"file:///x", (*URL).SetPort, "80"},
		{"file:///x", (*URL).SetUsername, "me"},
		{"https://u@example.com/", (*URL).SetProtocol, "file"},
		{"https://example.com/", (*URL).SetProtocol, "foo"},
		{"https://example.com/", (*URL).SetProtocol, "1http"},
		{"https://example.com/", (*URL).SetHostname, "a:1"},
		{"https://example.com/", (*URL).SetPort, "x"},
		{"https://example.com/", (*URL).SetHref, "nope"},
	} {
		u := MustParse(c.href)
		err := c.set(&u, c.v)
		if err == nil || u.Href() != c.href {
			t.Errorf("%q with %q: %q, %v; want unchanged and an error", c.href, c.v, u.Href(), err)
		}
	}
}

// TestUTF8Decode: invalid UTF-8 becomes one U+FFFD per maximal subpart, as the Encoding
// Standard's decoder does (its examples and Unicode §3.9).
func TestUTF8Decode(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"%E2%82", "\uFFFD"},
		{"%E2%82a", "\uFFFDa"},
		{"%FF%FF", "\uFFFD\uFFFD"},
		{"%F0%9F%98", "\uFFFD"},
		{"%ED%A0%80", "\uFFFD\uFFFD\uFFFD"}, // a surrogate: ED then A0 is not a continuation of ED
		{"%C0%AF", "\uFFFD\uFFFD"},
		{"%F4%90%80%80", "\uFFFD\uFFFD\uFFFD\uFFFD"},
		{"%E2%82%AC", "€"},
	} {
		got := ParseForm("a=" + c.in)
		if len(got) != 1 || got[0].Value != c.want {
			t.Errorf("ParseForm(a=%s) = %q, want %q", c.in, got, c.want)
		}
	}
	if u := MustParse("https://example.com/\xff\xe2\x82x"); u.Pathname() != "/%EF%BF%BD%EF%BF%BDx" {
		t.Errorf("invalid UTF-8 in a path: %q", u.Pathname())
	}
}

// TestSearchParamsFollowsURL: the URL's query object follows the URL when its query is set
// by the search or href setter (§6.1 "search setter", "href setter": the query object's list
// becomes the new query parsed), so that a change made through a query object held from before
// keeps the new query rather than writing the old pairs back over it.
func TestSearchParamsFollowsURL(t *testing.T) {
	u := MustParse("https://example.com/?a=1&b=2#f")
	sp := u.SearchParams()
	if err := u.SetSearch("?x=1&x=2"); err != nil {
		t.Fatal(err)
	}
	if got := sp.GetAll("x"); !slices.Equal(got, []string{"1", "2"}) || sp.Has("a") || sp.Size() != 2 {
		t.Errorf("after SetSearch: GetAll(x) = %q, Has(a) = %v, Size = %d", got, sp.Has("a"), sp.Size())
	}
	sp.Append("y", "3")
	if u.Href() != "https://example.com/?x=1&x=2&y=3#f" {
		t.Errorf("Append after SetSearch: %q, want the new query kept", u.Href())
	}
	if err := u.SetHref("http://h/p?k=v"); err != nil {
		t.Fatal(err)
	}
	sp.Set("k", "w")
	if u.Href() != "http://h/p?k=w" || sp.String() != "k=w" {
		t.Errorf("Set after SetHref: %q, %q", u.Href(), sp.String())
	}
	_ = u.SetSearch("")
	if sp.Size() != 0 || sp.String() != "" {
		t.Errorf("after SetSearch(\"\"): %d pairs, %q", sp.Size(), sp.String())
	}
	sp.Sort()
	if u.Href() != "http://h/p" {
		t.Errorf("Sort of an empty list: %q", u.Href())
	}
	// Another setter leaves the query, and the list, as they were.
	_ = u.SetSearch("b=1&a=2")
	_ = u.SetPathname("/q")
	sp.Sort()
	if u.Href() != "http://h/q?a=2&b=1" {
		t.Errorf("Sort after SetPathname: %q", u.Href())
	}
	// The URL assigned as a whole, and the zero URL, which has no query to write.
	u = MustParse("foo:op?z=9")
	if v, ok := sp.Get("z"); !ok || v != "9" {
		t.Errorf("after assigning the URL: Get(z) = %q, %v", v, ok)
	}
	u = URL{}
	sp.Append("n", "1")
	if u.Href() != "" || sp.String() != "n=1" {
		t.Errorf("zero URL: href %q, list %q", u.Href(), sp.String())
	}
}

// TestNewSearchParamsScalar: the constructor takes a scalar value string (§6.2 USVString), so
// an invalid byte is U+FFFD before percent-decoding, as the setters and Append read it, and
// never completes a sequence begun by a percent-encoded byte before it.
func TestNewSearchParamsScalar(t *testing.T) {
	for _, c := range []struct{ in, name string }{
		{"%E2%82\xac=1", "\ufffd\ufffd"}, // not "€"
		{"%C3\xa9", "\ufffd\ufffd"},      // not "é"
		{"?%E2\x82", "\ufffd\ufffd"},
		{"\xed\xa0\x80", "\ufffd\ufffd\ufffd"},
		{"%E2%82%AC", "€"},
	} {
		sp := NewSearchParams(c.in)
		u := MustParse("http://h/")
		_ = u.SetSearch(c.in)
		if got := sp.Pairs(); len(got) != 1 || got[0].Name != c.name {
			t.Errorf("NewSearchParams(%+q): %+q, want the name %+q", c.in, got, c.name)
		}
		if got := u.SearchParams().Pairs(); len(got) != 1 || got[0].Name != c.name {
			t.Errorf("SetSearch(%+q), SearchParams: %+q, want the name %+q", c.in, got, c.name)
		}
	}
}

// TestSearchParamsValueOnce: Delete and Has read their value argument as a scalar value string
// once, not once a pair with the name: with invalid UTF-8 in it, that was an allocation of
// the value's size a pair (time and memory the pairs times the value, quadratic in the input).
func TestSearchParamsValueOnce(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocations")
	}
	sp := NewSearchParams(strings.Repeat("a=b&", 10000))
	value := "\xff" + strings.Repeat("v", 1000)
	if n := allocs.Count(2, 5, func() { sp.Has("a", value) }); n > 2 {
		t.Errorf("Has with a value: %.0f allocations for 10,000 pairs, want at most 2", n)
	}
	if n := allocs.Count(2, 5, func() { sp.Delete("a", value) }); n > 2 {
		t.Errorf("Delete with a value: %.0f allocations for 10,000 pairs, want at most 2", n)
	}
	if sp.Size() != 10000 {
		t.Errorf("Delete removed pairs of another value: %d left", sp.Size())
	}
	sp.Delete("a", "b")
	if sp.Size() != 0 {
		t.Errorf("Delete(a, b): %d left", sp.Size())
	}
}
