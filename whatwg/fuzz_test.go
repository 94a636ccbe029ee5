package whatwg

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	nlnwa "github.com/nlnwa/whatwg-url/url"
)

// checkURL holds u, parsed from input against base, to the properties every URL has: the fast
// path and the full parser agree; ParseValidate agrees with Parse; the href parses to itself; and
// where locator.Parse accepts the href it splits it into the same components.
func checkURL(t *testing.T, input string, base *URL) {
	t.Helper()
	u, err := Parse(input, base)
	p := new(parser)
	slow, slowErr := p.parse(input, base, false)
	if (err == nil) != (slowErr == nil) || err == nil && u != slow {
		t.Fatalf("Parse(%q) = %+v, %v; the full parser gives %+v, %v", input, u, err, slow, slowErr)
	}
	v, _, verr := ParseValidate(input, base)
	if (verr == nil) != (err == nil) || v != u {
		t.Fatalf("ParseValidate(%q) = %q, %v; Parse gives %q, %v", input, v.Href(), verr, u.Href(), err)
	}
	if err != nil {
		if _, ok := err.(*Error); !ok {
			t.Fatalf("Parse(%q): error %T, want *Error", input, err)
		}
		return
	}
	href := u.Href()
	again, err := Parse(href, nil)
	if err != nil || again.Href() != href {
		t.Fatalf("Parse(%q) = %q, which parses to %q, %v", input, href, again.Href(), err)
	}
	if fast, ok := parseNormalized(href); ok && fast != again {
		t.Fatalf("fast path on %q: %+v, want %+v", href, fast, again)
	}
	// The getters partition the href.
	rebuilt := u.Protocol()
	if u.flags&fHost != 0 {
		rebuilt += "//"
		if u.Username() != "" || u.Password() != "" {
			rebuilt += u.Username()
			if u.Password() != "" {
				rebuilt += ":" + u.Password()
			}
			rebuilt += "@"
		}
		rebuilt += u.Host()
	} else if !u.HasOpaquePath() && strings.HasPrefix(u.Pathname(), "//") {
		rebuilt += "/."
	}
	rebuilt += u.Pathname()
	if q, ok := u.query(); ok {
		rebuilt += "?" + q
	}
	if f, ok := u.fragment(); ok {
		rebuilt += "#" + f
	}
	if rebuilt != href {
		t.Fatalf("%q: components rebuild %q", href, rebuilt)
	}
	// Agreement with locator.Parse: an href has no controls, so locator.Parse must accept it
	// unless it keeps a "%" that is not an escape, which the URL Standard allows.
	l, lerr := u.Locator()
	if lerr != nil {
		if !hasBadEscape(href) {
			t.Fatalf("locator.Parse(%q): %v", href, lerr)
		}
		return
	}
	if l.String() != href {
		t.Fatalf("locator.Parse(%q).String() = %q", href, l.String())
	}
	if l.Scheme() != u.scheme() {
		t.Fatalf("%q: locator scheme %q, whatwg %q", href, l.Scheme(), u.scheme())
	}
	if u.flags&fHost != 0 {
		port, _ := l.Port()
		user, _ := l.User()
		if !l.HasAuthority() || l.Host() != u.Hostname() || port != u.Port() || user != u.Username() {
			t.Fatalf("%q: locator authority host %q port %q user %q; whatwg %q %q %q", href, l.Host(), port, user, u.Hostname(), u.Port(), u.Username())
		}
	} else if l.HasAuthority() {
		t.Fatalf("%q: locator finds an authority, whatwg a null host", href)
	}
	if lp := l.Path(); lp != u.Pathname() && lp != "/."+u.Pathname() {
		t.Fatalf("%q: locator path %q, whatwg %q", href, lp, u.Pathname())
	}
	lq, lok := l.Query()
	wq, wok := u.query()
	lf, lfok := l.Fragment()
	wf, wfok := u.fragment()
	if lq != wq || lok != wok || lf != wf || lfok != wfok {
		t.Fatalf("%q: locator query %q fragment %q; whatwg %q %q", href, lq, lf, wq, wf)
	}
}

func hasBadEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && (i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])) {
			return true
		}
	}
	return false
}

// seeds returns the inputs and bases of urltestdata.json and some of the benchmark URLs.
func seeds(t testing.TB) [][2]string {
	var out [][2]string
	for _, c := range loadJSON(t, "wpt/urltestdata.json") {
		in, _ := c["input"].(string)
		b, _ := c["base"].(string)
		out = append(out, [2]string{in, b})
	}
	for _, f := range []string{"kasztp.txt", "node_files.txt", "userbait.txt", "isaacs_files.txt"} {
		lines := benchLines(t, f)
		for i := 0; i < len(lines); i += 97 {
			out = append(out, [2]string{lines[i], ""})
		}
	}
	return out
}

// seedBase returns the base of a seed (nil for none), and false when it does not parse.
func seedBase(s [2]string) (*URL, bool) {
	if s[1] == "" {
		return nil, true
	}
	b, err := Parse(s[1], nil)
	if err != nil {
		return nil, false
	}
	return &b, true
}

func TestProperties(t *testing.T) {
	for _, s := range seeds(t) {
		if base, ok := seedBase(s); ok {
			checkURL(t, s[0], base)
		}
	}
}

// TestFastPathAgrees runs every benchmark URL through the fast path and the full parser.
func TestFastPathAgrees(t *testing.T) {
	for _, f := range []string{"kasztp.txt", "node_files.txt", "userbait.txt", "isaacs_files.txt"} {
		fast, total := 0, 0
		for _, line := range benchLines(t, f) {
			total++
			p := new(parser)
			slow, err := p.parse(line, nil, false)
			u, ok := parseNormalized(line)
			if ok {
				fast++
				if err != nil || u != slow {
					t.Fatalf("%q: fast path %+v; full parser %+v, %v", line, u, slow, err)
				}
			} else if err == nil && slow.Href() == line {
				t.Errorf("%q is normalized but misses the fast path", line)
			}
		}
		t.Logf("%s: %d of %d URLs take the fast path", f, fast, total)
	}
	// Every href of urltestdata.json is its own href, so it takes the fast path.
	missed := 0
	for _, c := range loadJSON(t, "wpt/urltestdata.json") {
		href, ok := c["href"].(string)
		if !ok {
			continue
		}
		if _, ok := parseNormalized(href); !ok {
			missed++
			t.Errorf("href %q of urltestdata.json misses the fast path", href)
		}
	}
	t.Logf("urltestdata.json: %d hrefs go to the full parser", missed)
}

func FuzzParse(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		var b *URL
		if base != "" {
			bu, err := Parse(base, nil)
			if err != nil {
				return
			}
			b = &bu
		}
		checkURL(t, input, b)
		checkParser(t, input, b)
		u, err := Parse(input, b)
		if err != nil {
			return
		}
		// The setters never panic and leave an href that parses to itself.
		for _, set := range []func(*URL, string) error{(*URL).SetProtocol, (*URL).SetUsername,
			(*URL).SetPassword, (*URL).SetHost, (*URL).SetHostname, (*URL).SetPort,
			(*URL).SetPathname, (*URL).SetSearch, (*URL).SetHash, (*URL).SetHref} {
			v := u
			set(&v, base)
			if again, err := Parse(v.Href(), nil); err != nil || again.Href() != v.Href() {
				t.Fatalf("after a setter with %q, %q parses to %q, %v", base, v.Href(), again.Href(), err)
			}
		}
		sp := u.SearchParams()
		sp.Append(base, input)
		sp.Sort()
		if again, err := Parse(u.Href(), nil); err != nil || again.Href() != u.Href() {
			t.Fatalf("after SearchParams, %q parses to %q, %v", u.Href(), again.Href(), err)
		}
	})
}

// benchLines returns the URLs of testdata/bench/name, one a line, as WPT-style loaders split
// them (the BOM of kasztp.txt stays on its first line).
func benchLines(tb testing.TB, name string) []string {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "bench", name))
	if err != nil {
		tb.Fatal(err)
	}
	s := strings.TrimSuffix(string(data), "\n")
	return strings.Split(s, "\n")
}

// TestBenchCorpus parses the benchmark lists: the failures are the ones testdata/bench/README.md
// counts ("kasztp: 2 invalid", "node_files: 0", "userbait: 24 invalid", the 24 that start with
// a '"'), and every href agrees with github.com/nlnwa/whatwg-url, another implementation of the
// standard (a test-only dependency), on every 7th line.
func TestBenchCorpus(t *testing.T) {
	want := map[string]int{"kasztp.txt": 2, "node_files.txt": 0, "userbait.txt": 24, "isaacs_files.txt": 0}
	for _, f := range benchFiles {
		failed := 0
		for i, l := range benchLines(t, f) {
			u, err := Parse(l, nil)
			if err != nil {
				failed++
			}
			if i%7 != 0 {
				continue
			}
			v, verr := nlnwa.Parse(l)
			if (err == nil) != (verr == nil) || err == nil && u.Href() != v.Href(false) {
				t.Errorf("%q: %q, %v; nlnwa/whatwg-url: %v, %v", l, u.Href(), err, v, verr)
			}
		}
		if failed != want[f] {
			t.Errorf("%s: %d failures, want %d", f, failed, want[f])
		}
	}
}
