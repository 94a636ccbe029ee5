package locator

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/locator-url/locator/internal/allocs"
)

// TestNormalizeRFC3986Equivalence checks the RFC 3986 §6.2 examples of
// rfc/rfc3986-other-examples.json: NormalizeSafe maps the URIs of an equivalent group to one
// string (the printed normal form where there is one) and keeps apart the ones the RFC keeps
// apart; and Equivalent agrees with it.
func TestNormalizeRFC3986Equivalence(t *testing.T) {
	var f struct {
		Equivalence []struct {
			ID         string   `json:"id"`
			URIs       []string `json:"uris"`
			Equivalent any      `json:"equivalent"`
			NormalForm string   `json:"normal_form"`
		} `json:"equivalence"`
	}
	loadJSON(t, "rfc/rfc3986-other-examples.json", &f)
	if len(f.Equivalence) != 7 {
		t.Fatalf("%d equivalence examples, want 7", len(f.Equivalence))
	}
	for _, c := range f.Equivalence {
		want := c.Equivalent == true // "protocol-based only" (§6.2.4) is not syntax-based
		var norm []string
		for _, s := range c.URIs {
			n, err := Normalize(MustParse(s), NormalizeSafe)
			if err != nil {
				t.Fatalf("%s: Normalize(%q): %v", c.ID, s, err)
			}
			norm = append(norm, n.String())
		}
		for i := 1; i < len(norm); i++ {
			if same := norm[i] == norm[0]; same != want {
				t.Errorf("%s: Normalize(%q) = %q, Normalize(%q) = %q; equivalent %v, want %v",
					c.ID, c.URIs[0], norm[0], c.URIs[i], norm[i], same, want)
			}
			_, drafts := fragmentByDrafts[c.ID] // Equivalent follows the drafts, NormalizeSafe RFC 3986
			if eq := Equivalent(MustParse(c.URIs[0]), MustParse(c.URIs[i])); eq != (norm[i] == norm[0] || drafts) {
				t.Errorf("%s: Equivalent(%q, %q) = %v, but NormalizeSafe says %v", c.ID, c.URIs[0], c.URIs[i], eq, !eq)
			}
		}
		if c.NormalForm != "" && norm[0] != c.NormalForm {
			t.Errorf("%s: normal form %q, want %q", c.ID, norm[0], c.NormalForm)
		}
	}
}

func TestNormalizeSteps(t *testing.T) {
	tests := []struct {
		in   string
		opts NormalizeFlags
		want string
	}{
		{"HTTP://www.Example.COM/A", NormalizeLowerScheme, "http://www.Example.COM/A"},
		{"HTTP://www.Example.COM/A", NormalizeLowerHost, "HTTP://www.example.com/A"},
		{"http://[FE80::1%25EN0]/", NormalizeLowerHost, "http://[fe80::1%25EN0]/"},
		{"http://h/%7e%3a%2f", NormalizeUpperEscapes, "http://h/%7E%3A%2F"},
		{"http://h/%7e%3a%41", NormalizeDecodeUnreserved, "http://h/~%3aA"},
		{"http://%57%57%57.h/", NormalizeDecodeUnreserved | NormalizeLowerHost, "http://www.h/"},
		{"http://h/a b<c>#x#y", NormalizeEncodeUnsafe, "http://h/a%20b%3Cc%3E#x%23y"},
		{"http://h/a/./b/../c", NormalizeRemoveDotSegments, "http://h/a/c"},
		{"%61:b/%61", NormalizeSafe, "%61:b/a"}, // RFC 3986 §4.2: not the URL "a:b"
		{"x/%61:b", NormalizeSafe, "x/a:b"},
		{"http://h/a/%2E%2E/c", NormalizeDecodeUnreserved | NormalizeRemoveDotSegments, "http://h/c"},
		{"a/../b", NormalizeRemoveDotSegments, "a/../b"}, // relative: kept
		// RFC 3986 §6.2.2.3: every path of a URL with a scheme, as Resolve does (issue 10, N1/N2).
		{"urn:a/../b", NormalizeRemoveDotSegments, "urn:/b"},
		{"urn:./a", NormalizeRemoveDotSegments, "urn:a"},
		{"urn:a/..", NormalizeRemoveDotSegments, "urn:/"},
		{"urn:.", NormalizeRemoveDotSegments, "urn:"},
		{"urn:a/b/../c?q#f", NormalizeRemoveDotSegments, "urn:a/c?q#f"},
		{"mailto:a/../b@c", NormalizeRemoveDotSegments, "mailto:/b@c"},
		// RFC 3986 §3.3: no path starting with "//" without an authority: "/." before it.
		{"foo:/a/..//b", NormalizeRemoveDotSegments, "foo:/.//b"},
		{"foo:/.//b", NormalizeRemoveDotSegments, "foo:/.//b"},
		{"foo:a/..//b", NormalizeRemoveDotSegments, "foo:/.//b"},
		{"foo:/a/..//", NormalizeRemoveDotSegments | NormalizeRemoveTrailingSlash, "foo:/"},
		{"foo://h/a/..//b", NormalizeRemoveDotSegments, "foo://h//b"}, // an authority: no guard
		{"foo:/a/../b", NormalizeRemoveDotSegments, "foo:/b"},
		{"http://h:80/", NormalizeRemoveDefaultPort, "http://h/"},
		{"http://h:/", NormalizeRemoveDefaultPort, "http://h/"},
		{"http://h:8080/", NormalizeRemoveDefaultPort, "http://h:8080/"},
		{"https://h:443/", NormalizeRemoveDefaultPort, "https://h/"},
		{"ftp://h:21", NormalizeRemoveDefaultPort | NormalizeEmptyPathSlash, "ftp://h/"},
		{"foo://h", NormalizeEmptyPathSlash, "foo://h"},
		{"mailto:Joe@Example.COM,Ann@B.ORG", NormalizeMailtoDomain, "mailto:Joe@example.com,Ann@b.org"},
		{"http://h/?", NormalizeRemoveEmptyQuery, "http://h/"},
		{"http://h/?a", NormalizeRemoveEmptyQuery, "http://h/?a"},
		{"http://h/#", NormalizeRemoveEmptyFragment, "http://h/"},
		{"http://0x7f.1/", NormalizeDecodeIPv4, "http://127.0.0.1/"},
		{"http://2130706433/", NormalizeDecodeIPv4, "http://127.0.0.1/"},
		{"http://0177.0.0.01/", NormalizeDecodeIPv4, "http://127.0.0.1/"},
		{"http://127.0.0.1./", NormalizeDecodeIPv4, "http://127.0.0.1/"},
		{"http://256.0.0.1/", NormalizeDecodeIPv4, "http://256.0.0.1/"},
		{"http://1.2.3.4.5/", NormalizeDecodeIPv4, "http://1.2.3.4.5/"},
		{"http://09.1/", NormalizeDecodeIPv4, "http://09.1/"},
		{"http://example.com./", NormalizeRemoveHostTrailingDot, "http://example.com/"},
		{"http://h/a#f", NormalizeRemoveFragment, "http://h/a"},
		{"http://h/?b=2&a=1&a", NormalizeSortQuery, "http://h/?a&a=1&b=2"},
		{"http://h/a/", NormalizeRemoveTrailingSlash, "http://h/a"},
		{"http://h/", NormalizeRemoveTrailingSlash, "http://h/"},
		{"http://h//a///b", NormalizeRemoveDuplicateSlashes, "http://h/a/b"},
		{"foo:/a/..//b", NormalizeAggressive, "foo:/b"},
		{"http://h/a/index.html", NormalizeRemoveDirectoryIndex, "http://h/a/"},
		{"http://h/a/Default.aspx?x", NormalizeRemoveDirectoryIndex, "http://h/a/?x"},
		{"http://h/a/index.tar.gz", NormalizeRemoveDirectoryIndex, "http://h/a/index.tar.gz"},
		{"http://h/a/INDEX.php5", NormalizeRemoveDirectoryIndex, "http://h/a/"},
		// A relative reference "index.html" is its base's directory, "./", not "": the empty
		// reference is the base document itself (RFC 3986 §4.4), "?x" a query of it (§5.2.2).
		{"index.html", NormalizeRemoveDirectoryIndex, "./"},
		{"index.html?x#f", NormalizeRemoveDirectoryIndex, "./?x#f"},
		{"Default.asp?x", NormalizeRemoveDirectoryIndex | NormalizeRemoveTrailingSlash, ".?x"},
		{"a/index.html", NormalizeRemoveDirectoryIndex, "a/"},
		{"x:index.html", NormalizeRemoveDirectoryIndex, "x:"},
		{"http://www.h.com/", NormalizeRemoveWWW, "http://h.com/"},
		{"http://Www.h.com/", NormalizeRemoveWWW, "http://h.com/"},
		{"http://WWW.h.com./", NormalizeRemoveWWW, "http://h.com./"},
		{"http://www.com/", NormalizeRemoveWWW, "http://www.com/"},   // "com" alone is a TLD
		{"http://www.08/", NormalizeRemoveWWW, "http://www.08/"},     // no domain left
		{"http://www.h.08/", NormalizeRemoveWWW, "http://www.h.08/"}, // RFC 1123 §2.1: TLD alphabetic
		{"http://www.h.c./", NormalizeRemoveWWW, "http://h.c./"},
		{"http://wwwx.h.com/", NormalizeRemoveWWW, "http://wwwx.h.com/"},
		{"//www.[.A", NormalizeRemoveWWW, "//www.[.A"}, // "[.A" would be an IP-literal
		// The groups.
		{"HTTP://User@WWW.Example.COM:80/%7euser/./a/../b/?#", NormalizeSafe, "http://User@www.example.com/~user/b/?#"},
		{"HTTP://User@WWW.Example.COM:80/%7euser/./a/../b/?#", NormalizeUsually, "http://User@www.example.com/~user/b/"},
		{"HTTP://User@WWW.Example.COM:80/%7euser/./a/../b/index.html?b&a#x", NormalizeAggressive, "http://User@example.com/~user/b?a&b"},
		{"http://example.com", NormalizeSafe, "http://example.com/"},
	}
	for _, tt := range tests {
		got, err := Normalize(MustParse(tt.in), tt.opts)
		if err != nil || got.String() != tt.want {
			t.Errorf("Normalize(%q, %s) = %q, %v; want %q", tt.in, tt.opts, got, err, tt.want)
			continue
		}
		if err := got.check(); err != nil {
			t.Errorf("Normalize(%q): invalid URL value: %v", tt.in, err)
		}
		again, _ := Normalize(got, tt.opts)
		if again != got {
			t.Errorf("Normalize(%q, %s) not idempotent: %q then %q", tt.in, tt.opts, got, again)
		}
	}
}

// TestNormalizeNoAllocs: a URL that no step changes comes back as itself, with no allocation.
func TestNormalizeNoAllocs(t *testing.T) {
	for _, s := range []string{
		"http://example.com/",
		"http://user@example.com:8080/a/b;p?q=1&r=2#frag",
		"mailto:joe@example.com",
		"ftp://127.0.0.1/pub/%2F",
		"urn:isbn:0451450523",
		"a/../b?x",
	} {
		u := MustParse(s)
		for _, opts := range []NormalizeFlags{NormalizeSafe, NormalizeUsually, NormalizeAggressive &^ NormalizeRemoveFragment} {
			got, err := Normalize(u, opts)
			if err != nil || got != u {
				t.Errorf("Normalize(%q, %s) = %q, %v; want it unchanged", s, opts, got, err)
			}
			if n := allocs.Count(0, 50, func() { _, _ = Normalize(u, opts) }); n != 0 {
				t.Errorf("Normalize(%q, %s): %v allocations, want 0", s, opts, n)
			}
		}
	}
}

func TestNormalizeFlagNames(t *testing.T) {
	for _, n := range normalizeNames {
		f, err := ParseNormalizeFlags(n.name)
		if err != nil || f != n.f || f.String() != n.name {
			t.Errorf("ParseNormalizeFlags(%q) = %v (%s), %v", n.name, f, f, err)
		}
	}
	for _, g := range []struct {
		name string
		f    NormalizeFlags
	}{{"safe", NormalizeSafe}, {"usually", NormalizeUsually}, {"aggressive", NormalizeAggressive}, {"none", 0}} {
		f, err := ParseNormalizeFlags(g.name)
		if err != nil || f != g.f || f.String() != g.name {
			t.Errorf("ParseNormalizeFlags(%q) = %v, %v", g.name, f, err)
		}
	}
	f, err := ParseNormalizeFlags("safe,sort-query")
	if err != nil || f != NormalizeSafe|NormalizeSortQuery || !strings.Contains(f.String(), "sort-query") {
		t.Errorf("safe,sort-query = %s, %v", f, err)
	}
	if _, err := ParseNormalizeFlags("safe,bogus"); !rsIsCode(err, CodeUnknownNormalize) {
		t.Errorf("bogus: %v", err)
	}
	if NormalizeSafe&^NormalizeUsually != 0 || NormalizeUsually&^NormalizeAggressive != 0 {
		t.Error("the groups are not nested")
	}
	if NormalizeSafe&(NormalizeRemoveEmptyQuery|NormalizeRemoveEmptyFragment|NormalizeRemoveFragment|NormalizeSortQuery|NormalizeRemoveWWW) != 0 {
		t.Error("NormalizeSafe holds a step RFC 3986 §6.2.3 does not allow")
	}
}

// TestNormalizeGenerated: for generated URLs, every group and every single step gives a valid
// URL value and is idempotent.
func TestNormalizeGenerated(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	noise := []string{"%7e", "%41", "%2f", "%2E", "%3a", " ", "A", "%c3%a9", ":80", ":", "?", "#", "[", "..", "/."}
	opts := []NormalizeFlags{NormalizeSafe, NormalizeUsually, NormalizeAggressive}
	for _, n := range normalizeNames {
		opts = append(opts, n.f)
	}
	for i := 0; i < 5000; i++ {
		s := rsGenURL(r, r.IntN(2) == 0) + noise[r.IntN(len(noise))] + rsGenURL(r, false)
		u, err := Parse(s)
		if err != nil {
			continue
		}
		for _, o := range opts {
			n, err := Normalize(u, o)
			if err != nil {
				t.Fatalf("Normalize(%q, %s): %v", s, o, err)
			}
			if err := n.check(); err != nil {
				t.Fatalf("Normalize(%q, %s) = %q: %v", s, o, n, err)
			}
			if again, _ := Normalize(n, o); again != n {
				t.Errorf("Normalize(%q, %s) not idempotent: %q then %q", s, o, n, again)
			}
			if n.HasScheme() != u.HasScheme() || n.HasAuthority() != u.HasAuthority() {
				t.Errorf("Normalize(%q, %s) = %q changed the structure", s, o, n)
			}
		}
	}
}
