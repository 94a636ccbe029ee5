package scheme_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/locator-url/locator"
	"github.com/locator-url/locator/scheme"
)

// bFuzzSeeds adds the rows of the tests to a fuzz corpus, without their "name:" prefix.
func bFuzzSeeds(f *testing.F, prefix string, ins []string) {
	for _, in := range ins {
		f.Add(strings.TrimPrefix(in, prefix))
	}
}

// bCheckError fails unless err is a *locator.Error whose offset lies in its input.
func bCheckError(t *testing.T, in string, err error) {
	t.Helper()
	var e *locator.Error
	if !errors.As(err, &e) {
		t.Fatalf("%q: error %v is not a *locator.Error", in, err)
	}
	if e.Offset < 0 || e.Offset > len(e.Input) || e.Code == "" || e.Rule == "" {
		t.Fatalf("%q: error %#v: offset out of range or no code or rule", in, e)
	}
}

// bCheckFindings fails unless every finding of the strict checks of RFC 1738 alone and of
// the 1994 URL draft lies within u, and there are at most locator.MaxFindings+1 of them.
func bCheckFindings(t *testing.T, u locator.URL) {
	t.Helper()
	for _, spec := range []locator.Spec{locator.RFC1738, locator.URLDraft1994} {
		fs := scheme.Check(u, spec)
		if len(fs) > locator.MaxFindings+1 {
			t.Fatalf("%q, %s: %d findings", u, spec, len(fs))
		}
		for _, fd := range fs {
			if fd.Offset < 0 || fd.Offset > u.Len() || fd.Code == "" || fd.Rule == "" {
				t.Fatalf("%q, %s: finding %+v out of range or without code or rule", u, spec, fd)
			}
		}
	}
}

// bFuzzView runs the checks every view passes: parsing never panics and fails only with a
// *locator.Error; the checker's offsets are in range; view → URL → view is identical; the
// plan, when there is one, is well formed.
func bFuzzView[V scheme.View](t *testing.T, in string, parse func(locator.URL) (V, error), plan func(V) (scheme.Plan, error)) {
	u, err := locator.Parse(in)
	if err != nil {
		return
	}
	bCheckFindings(t, u)
	v, err := parse(u)
	if err != nil {
		bCheckError(t, in, err)
		return
	}
	w, err := v.URL()
	if err != nil {
		t.Fatalf("%q: view %+v: URL(): %v", in, v, err)
	}
	v2, err := parse(w)
	if err != nil || !reflect.DeepEqual(v2, v) {
		t.Fatalf("%q → %+v → %q → %+v, %v", in, v, w, v2, err)
	}
	if w2, err := v2.URL(); err != nil || w2 != w {
		t.Fatalf("%q → %q → %q, %v: URL not stable", in, w, w2, err)
	}
	if p, err := plan(v); err != nil {
		bCheckError(t, in, err)
	} else if p.Scheme != v.Scheme() {
		t.Fatalf("%q: plan scheme %q", in, p.Scheme)
	}
}

func FuzzGopher(f *testing.F) {
	var ins []string
	for _, r := range gopherRows {
		ins = append(ins, r.in)
	}
	bFuzzSeeds(f, "gopher:", append(ins, "//h/0a%0Db", "//u:p@[::1]:70/7%09%09!", "//h/0s%09%09+%091%0D%0A+-1%0D%0A.%0D%0A", "//h?x", "h/0"))
	f.Fuzz(func(t *testing.T, s string) {
		bFuzzView(t, "gopher:"+s, scheme.ParseGopher, func(g scheme.Gopher) (scheme.Plan, error) {
			p, err := g.Plan()
			if err == nil && string(p.Wire()) != string(g.Request()) {
				t.Fatalf("%q: Wire %q != Request %q", s, p.Wire(), g.Request())
			}
			return p, err
		})
	})
}

// FuzzGopherFields builds a view from its fields: URL() either refuses it with a
// *locator.Error or gives a URL whose view has the same fields.
func FuzzGopherFields(f *testing.F) {
	f.Add("0", "a_gopher_selector", "", "+application/postscript Es_ES", true, true)
	f.Add("7", "sel", "foo bar", "", true, false)
	f.Add("1", "a?b#c%d", "", "+\t1\r\n+-1\r\nv\r\n.\r\n", true, true)
	f.Fuzz(func(t *testing.T, typ, sel, search, plus string, hasSearch, hasPlus bool) {
		g := scheme.Gopher{Login: scheme.Login{Host: "gopher.example.org"}, Type: typ, Selector: sel}
		if hasSearch || hasPlus {
			g.Search = &search
		}
		if hasPlus {
			g.GopherPlus = &plus
		}
		u, err := g.URL()
		if err != nil {
			bCheckError(t, typ+sel, err)
			return
		}
		g2, err := scheme.ParseGopher(u)
		if err != nil {
			t.Fatalf("%+v → %q → %v", g, u, err)
		}
		g2.Plus = nil
		if !reflect.DeepEqual(g2, g) {
			t.Fatalf("%+v → %q → %+v", g, u, g2)
		}
	})
}

func FuzzMailto(f *testing.F) {
	bFuzzSeeds(f, "mailto:", []string{"mailto:connolly@hal.com", "mailto:user%25relay@gw.example", "mailto:a@b?subject=x", "mailto:%22a%20b%22@[1.2.3.4]", "mailto:"})
	f.Fuzz(func(t *testing.T, s string) {
		bFuzzView(t, "mailto:"+s, scheme.ParseMailto, scheme.Mailto.Plan)
	})
}

func FuzzNews(f *testing.F) {
	var ins []string
	for _, r := range newsRows {
		ins = append(ins, r.in)
	}
	bFuzzSeeds(f, "news:", append(ins, "news:", "news://h/g", "news:a%0Db@c", "news:<>@"))
	f.Fuzz(func(t *testing.T, s string) {
		bFuzzView(t, "news:"+s, scheme.ParseNews, scheme.News.Plan)
	})
}

func FuzzNNTP(f *testing.F) {
	var ins []string
	for _, r := range nntpRows {
		ins = append(ins, r.in)
	}
	bFuzzSeeds(f, "nntp:", append(ins, "nntp://h/", "nntp://h/g/", "nntp://h/g/1/2", "nntp:///g", "nntp://u@h/a%20b/1"))
	f.Fuzz(func(t *testing.T, s string) {
		bFuzzView(t, "nntp:"+s, scheme.ParseNNTP, scheme.NNTP.Plan)
	})
}

func FuzzMid(f *testing.F) {
	bFuzzSeeds(f, "mid:", []string{"mid:960830.1639@XIson.com/partA.960830.1639@XIson.com", "mid:a%2Fb@c", "mid:", "mid:/x", "mid:a//b"})
	f.Fuzz(func(t *testing.T, s string) {
		bFuzzView(t, "mid:"+s, scheme.ParseMid, scheme.Mid.Plan)
	})
}

func FuzzCid(f *testing.F) {
	bFuzzSeeds(f, "cid:", []string{"cid:foo4*foo1@bar.net", "cid:", "cid:a?b#c"})
	f.Fuzz(func(t *testing.T, s string) {
		bFuzzView(t, "cid:"+s, scheme.ParseCid, scheme.Cid.Plan)
	})
}
