package scheme

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/locator-url/locator"
)

// The differential test against uriparser, a C implementation of RFC 3986 (Debian's
// liburiparser-dev 0.9.7, which .ci/run installs): generated inputs go through
// testdata/uriparser/harness.c, which the test compiles with gcc, and through the root package.
// For every input the two must agree on whether it is an RFC 3986 URI-reference (uriparser's
// parse against Parse with no error from Check(u, RFC3986)) and, when it is, on its scheme,
// user information, host, port, query and fragment, absent or present, and on its text; on
// the syntax-based normalization of RFC 3986 §6.2.2 of a URI (uriNormalizeSyntaxA against
// Normalize with the §6.2.2 steps); and on the resolution of references against it (§5.2,
// uriAddBaseUriExA with URI_RESOLVE_STRICTLY against Resolve with ModeRFC3986).
//
// Where uriparser departs from RFC 3986 the two differ; each such difference must fall in one
// of uriparserDiffs, whose reasons cite the RFC, and the default run must meet each of them
// (the list is enforced both ways: a class that no longer occurs is removed). The test is
// skipped when gcc or uriparser's header is missing, except under CI=true, where it fails.
// More inputs, locally:
//
//	LOCATOR_URIPARSER_N=2000000 LOCATOR_URIPARSER_SEED=7 go test -run TestUriparser ./scheme/
const (
	uriparserDefaultN    = 100000
	uriparserDefaultSeed = 1
)

// uriparserNormalize are the steps of RFC 3986 §6.2.2, syntax-based normalization, which is
// what uriNormalizeSyntaxA does: case (§6.2.2.1), percent-encoding (§6.2.2.2) and dot
// segments (§6.2.2.3). The scheme-based steps of §6.2.3 (a default port, an empty path) are
// not uriparser's.
const uriparserNormalize = locator.NormalizeLowerScheme | locator.NormalizeLowerHost |
	locator.NormalizeUpperEscapes | locator.NormalizeDecodeUnreserved |
	locator.NormalizeRemoveDotSegments

// uriparserCase is a difference between uriparser and locator: op is "normalize" (of u) or
// "resolve" (of ref against u), up uriparser's result and loc locator's, which the test has
// already found to be RFC 3986's (rfcResolve, rfcNormalizeDots).
type uriparserCase struct {
	op      string
	u, ref  locator.URL
	up, loc string
}

// dotInput returns the path that RFC 3986 §5.2.4 remove_dot_segments is given in c: u's path
// for normalize (§6.2.2.3), and for resolve the reference's path or the merged one (§5.2.2).
func (c uriparserCase) dotInput() string {
	if c.op == "normalize" {
		return c.u.Path()
	}
	if c.ref.HasScheme() || c.ref.HasAuthority() || strings.HasPrefix(c.ref.Path(), "/") {
		return c.ref.Path()
	}
	return rfcMerge(rfcSplit(c.u), c.ref.Path())
}

// uriparserDiff is a known way in which uriparser departs from RFC 3986: match tells whether
// a difference is of that kind.
type uriparserDiff struct {
	name   string
	reason string
	match  func(c uriparserCase) bool
}

var uriparserDiffs = []uriparserDiff{
	{
		name: "host-escape-case",
		reason: "uriNormalizeSyntaxA leaves the hex digits of an escape in the host as they are " +
			"(\"a://%2f\"); RFC 3986 §6.2.2.1 upper-cases them in every component (\"For all URIs\")",
		match: func(c uriparserCase) bool { return c.op == "normalize" && upperHostEscapes(c.up) == c.loc },
	},
	{
		name: "leading-dot-segment",
		reason: "uriAddBaseUriExA leaves a \".\" segment at the start of a resolved path: before a " +
			"path that starts with \"//\" even after an authority (\"a://h///\" + \"x\" → " +
			"\"a://h/.///x\"), and before a path reduced to \"/\" (\"a:/b/c\" + \"..\" → \"a:/./\"); " +
			"RFC 3986 §5.2.4 removes every complete \".\" segment (steps 2A, 2B), and an authority " +
			"already ends where the path starts (§3.2)",
		match: func(c uriparserCase) bool {
			u, err := locator.Parse(c.up)
			if err != nil || (u.Path() != "/." && !strings.HasPrefix(u.Path(), "/./")) {
				return false
			}
			p := u.Offsets().Path.Start
			return c.up[:p]+c.up[p+2:] == c.loc
		},
	},
	{
		name: "path-read-as-authority",
		reason: "uriparser writes a path that starts with \"//\" right after the scheme's \":\" " +
			"(\"a:/.//b\" normalized → \"a://b\"), which reads back with an authority: another URI. " +
			"RFC 3986 §3.3 (such a path \"cannot begin with two slash characters\"); locator keeps " +
			"\"/.\" before it (NormalizeRemoveDotSegments)",
		match: func(c uriparserCase) bool {
			s, y, ok := uriparserSplit(c.up, c.loc)
			return ok && strings.HasPrefix(y, "//") && c.loc == s+"/."+y
		},
	},
	{
		name: "rootless-dot-segments",
		reason: "uriparser removes the dot segments of a rootless path its own way (\"a:x/../y\" → " +
			"\"a:y\", \"a:\" + \".//\" → \"a:.//\", \"a:t/..//b\" → \"a:/b\"); the steps of RFC 3986 " +
			"§5.2.4 give \"/y\", \"/\" and \"//b\" (step 2C leaves the \"/\" of \"/../\"; 2A removes " +
			"\"./\")",
		match: func(c uriparserCase) bool {
			in := c.dotInput()
			return in != "" && !strings.HasPrefix(in, "/")
		},
	},
}

// uriparserSplit returns the scheme and ":" that up and loc share, with the rest of up, when
// loc has a scheme and no authority.
func uriparserSplit(up, loc string) (scheme, rest string, ok bool) {
	u, err := locator.Parse(loc)
	if err != nil || !u.HasScheme() || u.HasAuthority() {
		return "", "", false
	}
	s := loc[:len(u.Scheme())+1]
	if !strings.HasPrefix(up, s) {
		return "", "", false
	}
	return s, up[len(s):], true
}

// upperHostEscapes returns s with the hex digits of the escapes in its host upper-cased.
func upperHostEscapes(s string) string {
	u, err := locator.Parse(s)
	if err != nil || !u.HasAuthority() {
		return s
	}
	o := u.Offsets()
	b := []byte(s)
	for i := o.Host.Start; i+2 < o.Host.End; i++ {
		if b[i] == '%' {
			b[i+1], b[i+2] = upperHex(b[i+1]), upperHex(b[i+2])
		}
	}
	return string(b)
}

func upperHex(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

// uriparserPieces are what the generator builds paths, user information and reg-names from:
// every character class of RFC 3986 Appendix A, escapes good and broken, dot segments (plain
// and escaped), and pieces of IP addresses.
var uriparserPieces = []string{"a", "B", "1", "%41", "%4a", "%7e", "%2e", "%2E", "%2f", "%", "%4",
	"%zz", "%00", ".", "..", "/", "//", ":", "@", "?", "#", "[", "]", "!", "$", "&", "'", "(", ")",
	"*", "+", ",", ";", "=", "-", "_", "~", " ", "\"", "<", "\\", "^", "`", "{", "|", "}", "\x01",
	"\x7f", "\xc3\xa9", "v1.x", "::", "1.2.3.4", "256.0.0.1", "01.2.3.4", "fe80::1", "%25",
	"%25eth0", "ffff:1.2.3.4", "8", "0"}

// uriparserInput returns a generated input: an optional scheme (good or not), an optional
// authority (user information, an IP literal good or broken, an IPv4 address or a reg-name, a
// port), path pieces, and up to two random ASCII bytes put anywhere.
func uriparserInput(r *rand.Rand) string {
	var b strings.Builder
	switch r.IntN(6) {
	case 0, 1:
		b.WriteString([]string{"http:", "HtTp:", "a+b.-c:", "a:", "foo:", "1a:", ":", "a%41:"}[r.IntN(8)])
	case 2:
		b.WriteString([]string{"", "x", "a/b:"}[r.IntN(3)])
	}
	if r.IntN(3) > 0 {
		b.WriteString("//")
		if r.IntN(3) == 0 {
			for range r.IntN(3) {
				b.WriteString(uriparserPieces[r.IntN(len(uriparserPieces))])
			}
			b.WriteString("@")
		}
		switch r.IntN(6) {
		case 5:
			b.WriteString("[" + uriparserIPv6(r) + "]")
		case 0:
			b.WriteString("[")
			for range r.IntN(5) {
				b.WriteString([]string{"::", ":", "1", "ab", "fFfF", "1.2.3.4", "v1.", "V2a.", "%25",
					"zone", "12345", "0:0", "1:2:3:4:5:6:7", ".", "%"}[r.IntN(15)])
			}
			if r.IntN(8) > 0 {
				b.WriteString("]")
			}
		case 1:
			b.WriteString([]string{"1.2.3.4", "255.255.255.255", "256.1.1.1", "01.1.1.1", "1.2.3",
				"1.2.3.4.", "0.0.0.0"}[r.IntN(7)])
		default:
			for range r.IntN(4) {
				b.WriteString(uriparserPieces[r.IntN(len(uriparserPieces))])
			}
		}
		if r.IntN(3) == 0 {
			b.WriteString(":")
			b.WriteString([]string{"", "80", "0", "65536", "a", "08", "99999999999999999999"}[r.IntN(7)])
		}
	}
	for range r.IntN(7) {
		if r.IntN(2) == 0 {
			b.WriteString("/")
		}
		b.WriteString(uriparserPieces[r.IntN(len(uriparserPieces))])
	}
	s := b.String()
	for range r.IntN(3) {
		i := r.IntN(len(s) + 1)
		s = s[:i] + string(rune(r.IntN(128))) + s[i:]
	}
	return s
}

// uriparserIPv6 returns an IPv6 address, or nearly one (RFC 3986 §3.2.2 IPv6address): 0 to 9
// groups of 1 to 5 hex digits, "::" at most twice, an IPv4 address (or nearly one) in place of
// the last two groups.
func uriparserIPv6(r *rand.Rand) string {
	var b strings.Builder
	groups := r.IntN(10)
	elide := r.IntN(groups + 2) // where "::" goes; past the end: none
	if r.IntN(20) == 0 {
		elide = -1 // twice: at the start and somewhere else
		b.WriteString("::")
	}
	for g := range groups {
		if g == elide || elide == -1 && g == groups/2 {
			b.WriteString("::")
		} else if g > 0 {
			b.WriteByte(':')
		}
		if g == groups-1 && r.IntN(4) == 0 {
			b.WriteString([]string{"1.2.3.4", "255.255.255.255", "256.1.1.1", "01.2.3.4", "1.2.3"}[r.IntN(5)])
			break
		}
		for range 1 + r.IntN(min(5, 1+r.IntN(5))) {
			b.WriteByte("0123456789abcdefABCDEF"[r.IntN(22)])
		}
	}
	if elide == groups {
		b.WriteString("::")
	}
	return b.String()
}

// uriparserProc is the running harness.
type uriparserProc struct {
	w *bufio.Writer
	r *bufio.Scanner
}

// ask sends one request and returns the answer's fields ("ok" or "err" first).
func (p *uriparserProc) ask(t *testing.T, cmd string, args ...string) []string {
	p.w.WriteString(cmd)
	for _, a := range args {
		p.w.WriteByte(' ')
		p.w.WriteString(hex.EncodeToString([]byte(a)))
	}
	p.w.WriteByte('\n')
	if err := p.w.Flush(); err != nil {
		t.Fatalf("uriparser harness: %v", err)
	}
	if !p.r.Scan() {
		t.Fatalf("uriparser harness stopped: %v", p.r.Err())
	}
	return strings.Fields(p.r.Text())
}

// uriparserField decodes a component of an answer: "-" absent, "=" and hex present.
func uriparserField(t *testing.T, f string) (string, bool) {
	if f == "-" {
		return "", false
	}
	b, err := hex.DecodeString(strings.TrimPrefix(f, "="))
	if err != nil || !strings.HasPrefix(f, "=") {
		t.Fatalf("uriparser harness: bad field %q", f)
	}
	return string(b), true
}

// startUriparser compiles the harness and starts it.
func startUriparser(t *testing.T) *uriparserProc {
	missing := func(why string) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("uriparser differential test: %s (.ci/run installs liburiparser-dev)", why)
		}
		t.Skipf("%s (set CI=true to fail instead)", why)
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		missing("gcc is not installed")
	}
	bin := filepath.Join(t.TempDir(), "harness")
	out, err := exec.Command(gcc, "-O2", "-o", bin, filepath.Join("testdata", "uriparser", "harness.c"), "-luriparser").CombinedOutput()
	if err != nil {
		missing(fmt.Sprintf("cannot build the harness against uriparser (liburiparser-dev): %v\n%s", err, out))
	}
	cmd := exec.Command(bin)
	w, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	rd, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		w.Close()
		cmd.Wait()
	})
	p := &uriparserProc{w: bufio.NewWriter(w), r: bufio.NewScanner(rd)}
	p.r.Buffer(make([]byte, 0, 64<<10), 16<<20)
	return p
}

// valid3986 parses s and tells whether it is an RFC 3986 URI-reference: it parses and the
// RFC 3986 checker finds no error.
func valid3986(s string) (locator.URL, bool) {
	u, err := locator.Parse(s)
	if err != nil {
		return u, false
	}
	for _, f := range Check(u, locator.RFC3986) {
		if f.Severity == locator.SeverityError {
			return u, false
		}
	}
	return u, true
}

func TestUriparser(t *testing.T) {
	n, seed := uriparserDefaultN, uint64(uriparserDefaultSeed)
	if v, err := strconv.Atoi(os.Getenv("LOCATOR_URIPARSER_N")); err == nil {
		n = v
	}
	if v, err := strconv.ParseUint(os.Getenv("LOCATOR_URIPARSER_SEED"), 10, 64); err == nil {
		seed = v
	}
	if testing.Short() && n > 20000 {
		n = 20000
	}
	defaultRun := n == uriparserDefaultN && seed == uriparserDefaultSeed
	p := startUriparser(t)
	r := rand.New(rand.NewPCG(seed, 3986))
	seen := map[string]int{}
	failures := 0
	fail := func(format string, args ...any) {
		if failures++; failures <= 20 {
			t.Errorf(format, args...)
		}
	}
	// classify accepts a difference in one of uriparserDiffs, or fails.
	classify := func(c uriparserCase) {
		for _, d := range uriparserDiffs {
			if d.match(c) {
				seen[d.name]++
				return
			}
		}
		in := strconv.Quote(c.u.String())
		if c.op == "resolve" {
			in = fmt.Sprintf("%q against %s", c.ref, in)
		}
		fail("%s %s: uriparser %q, locator %q (no known difference explains it)", c.op, in, c.up, c.loc)
	}
	var valid, normalized, resolved, related int
	for range n {
		s := uriparserInput(r)
		a := p.ask(t, "P", s)
		u, ok := valid3986(s)
		if ok != (a[0] == "ok") {
			fail("%q: uriparser says %s, locator valid=%v", s, a[0], ok)
			continue
		}
		if !ok {
			continue
		}
		valid++
		if len(a) != 9 {
			t.Fatalf("uriparser harness: answer %q", a)
		}
		comp := func(name string, f string, got string, gotOK bool) {
			want, wantOK := uriparserField(t, f)
			if want != got || wantOK != gotOK {
				fail("%q: %s: uriparser %q (present %v), locator %q (present %v)", s, name, want, wantOK, got, gotOK)
			}
		}
		comp("scheme", a[1], u.Scheme(), u.HasScheme())
		ui, uiOK := u.Userinfo()
		comp("userinfo", a[2], ui, uiOK)
		comp("host", a[3], u.Hostname(), u.HasAuthority())
		port, portOK := u.Port()
		comp("port", a[4], port, portOK)
		q, qOK := u.Query()
		comp("query", a[5], q, qOK)
		fr, frOK := u.Fragment()
		comp("fragment", a[6], fr, frOK)
		ip6 := a[7] == "1"
		if !ip6 {
			comp("text", a[8], s, true)
		}
		if !u.HasScheme() {
			continue
		}
		// RFC 3986 §6.2.2 on a URI. uriparser writes an IPv6 address in full, from its bytes.
		if !ip6 {
			na := p.ask(t, "N", s)
			nu, err := locator.Normalize(u, uriparserNormalize)
			switch {
			case err != nil || na[0] != "ok" || len(na) != 2:
				fail("normalize %q: uriparser %q, locator %v", s, na, err)
			default:
				normalized++
				// locator's dot step against the transcription of RFC 3986 §5.2.4.
				pre, _ := locator.Normalize(u, uriparserNormalize&^locator.NormalizeRemoveDotSegments)
				if want := rfcNormalizeDots(pre); nu.String() != want {
					fail("normalize %q = %q; RFC 3986 §6.2.2 (transcribed) gives %q", s, nu, want)
				} else if up, _ := uriparserField(t, na[1]); up != nu.String() {
					classify(uriparserCase{op: "normalize", u: u, up: up, loc: nu.String()})
				}
			}
		}
		// RFC 3986 §5.2 against it.
		// Up to three references, each the first valid one of up to eight inputs.
		for range 3 {
			var ref string
			var ru locator.URL
			ok := false
			for try := 0; try < 8 && !ok; try++ {
				ref = uriparserInput(r)
				ru, ok = valid3986(ref)
			}
			if !ok {
				continue
			}
			ra := p.ask(t, "R", s, ref)
			got, err := locator.Resolve(u, ru, locator.ModeRFC3986)
			if err != nil || ra[0] != "ok" || len(ra) != 2 {
				fail("resolve %q against %q: uriparser %q, locator %v", ref, s, ra, err)
				continue
			}
			if want := rfcResolve(u, ru); got.String() != want {
				fail("resolve %q against %q = %q; RFC 3986 §5.2 (transcribed) gives %q", ref, s, got, want)
				continue
			}
			// The other way (Relative, the shortest reference that resolves back): uriparser's
			// uriRemoveBaseUriA, when what it gives resolves back to the target, is never
			// shorter than locator's.
			if da := p.ask(t, "D", s, got.String()); da[0] == "ok" && len(da) == 2 {
				up, _ := uriparserField(t, da[1])
				if upu, err := locator.Parse(up); err == nil && rfcResolve(u, upu) == got.String() {
					related++
					rel, err := locator.Relative(u, got, locator.ModeRFC3986)
					if err != nil || len(rel.String()) > len(up) {
						fail("relative %q against %q = %q, %v; uriparser's %q is shorter and resolves back", got, s, rel, err, up)
					}
				}
			}
			if h := got.Host(); strings.HasPrefix(h, "[") && !strings.HasPrefix(h, "[v") && !strings.HasPrefix(h, "[V") {
				continue // an IPv6 address, which uriparser writes in full
			}
			resolved++
			if up, _ := uriparserField(t, ra[1]); up != got.String() {
				classify(uriparserCase{op: "resolve", u: u, ref: ru, up: up, loc: got.String()})
			}
		}
	}
	t.Logf("%d inputs (seed %d): %d valid, %d normalized, %d resolutions, %d relative references; known differences %v", n, seed, valid, normalized, resolved, related, seen)
	if failures > 20 {
		t.Errorf("… %d differences in all", failures)
	}
	if defaultRun {
		for _, d := range uriparserDiffs {
			if seen[d.name] == 0 {
				t.Errorf("known difference %s no longer occurs in the default run: remove it from uriparserDiffs (%s)", d.name, d.reason)
			}
		}
	}
}
