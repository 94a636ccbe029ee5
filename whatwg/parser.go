package whatwg

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// state is a state of the basic URL parser (§4.4 "URL parsing"). Each is named after the
// standard's state.
type state uint8

const (
	noOverride                         state = iota
	schemeStartState                         // scheme start state
	schemeState                              // scheme state
	noSchemeState                            // no scheme state
	specialRelativeOrAuthorityState          // special relative or authority state
	pathOrAuthorityState                     // path or authority state
	relativeState                            // relative state
	relativeSlashState                       // relative slash state
	specialAuthoritySlashesState             // special authority slashes state
	specialAuthorityIgnoreSlashesState       // special authority ignore slashes state
	authorityState                           // authority state
	hostState                                // host state
	hostnameState                            // hostname state
	portState                                // port state
	fileState                                // file state
	fileSlashState                           // file slash state
	fileHostState                            // file host state
	pathStartState                           // path start state
	pathState                                // path state
	opaquePathState                          // opaque path state
	queryState                               // query state
	fragmentState                            // fragment state
)

var stateNames = [...]string{
	noOverride:                         "basic URL parser",
	schemeStartState:                   "scheme start state",
	schemeState:                        "scheme state",
	noSchemeState:                      "no scheme state",
	specialRelativeOrAuthorityState:    "special relative or authority state",
	pathOrAuthorityState:               "path or authority state",
	relativeState:                      "relative state",
	relativeSlashState:                 "relative slash state",
	specialAuthoritySlashesState:       "special authority slashes state",
	specialAuthorityIgnoreSlashesState: "special authority ignore slashes state",
	authorityState:                     "authority state",
	hostState:                          "host state",
	hostnameState:                      "hostname state",
	portState:                          "port state",
	fileState:                          "file state",
	fileSlashState:                     "file slash state",
	fileHostState:                      "file host state",
	pathStartState:                     "path start state",
	pathState:                          "path state",
	opaquePathState:                    "opaque path state",
	queryState:                         "query state",
	fragmentState:                      "fragment state",
}

// stateRules holds "WHATWG URL §4.4 " and each state's name, built once: rule is called for
// every validation error and must not allocate.
var stateRules = func() (r [len(stateNames)]string) {
	for i, n := range stateNames {
		r[i] = "WHATWG URL §4.4 " + n
	}
	return r
}()

func (s state) rule() string { return stateRules[s] }

const eof = -1

// parser holds the basic URL parser's variables (§4.4): the input, the base, the URL it works on,
// the state override, buffer, and the flags atSignSeen, insideBrackets and passwordTokenSeen.
type parser struct {
	orig      string // the input as given, for errors
	input     string // the input after the leading/trailing trim and tab/newline removal
	trimStart int    // bytes trimmed from the front of orig
	removed   bool   // tabs or newlines were removed: offsets need mapping
	base      *URL
	url       *record
	override  state
	collect   bool
	errs      []ValidationError
	buf       []byte
	hbuf      []byte // the host parser's output, copied to the URL on success
	dbuf      []byte // the host parser's percent-decoded input
	idna      idnaBuf
	rec       record

	// The validation errors past MaxValidationErrors are counted, not kept: dropped is their
	// number, lastCode and lastAt the code and p.input offset of the last one reported, so that
	// one reported twice at the same place counts once.
	dropped   int
	droppedAt int // the input offset of the first one dropped
	lastCode  Code
	lastAt    int
	// scalar is p.orig with invalid UTF-8 replaced by U+FFFD (p.orig itself when converted is
	// false); p.input is scalar trimmed, without tabs and newlines.
	scalar    string
	converted bool
	// offset's memos, so that mapping the offsets of errors in input order is linear: p.input
	// offset offIn is scalar offset offScalar (when tabs or newlines were removed); scalar
	// offset memoS is p.orig offset memoO (when invalid UTF-8 was replaced).
	offIn, offScalar int
	memoS, memoO     int
	// presizeBuf's record: whether it ran, and the authority (or host) it sized p.buf for.
	sizedBuf           bool
	authStart, authEnd int

	atSignSeen, insideBrackets, passwordTokenSeen bool
}

// maxPooled is the largest buffer a parser keeps when it goes back to the pool: one long input
// must not pin its memory for the life of the program.
const maxPooled = 64 << 10

// release drops the buffers that a long input grew, before p goes back to the pool.
func (p *parser) release() {
	for _, b := range []*[]byte{&p.buf, &p.hbuf, &p.dbuf, &p.rec.scheme, &p.rec.username,
		&p.rec.password, &p.rec.host, &p.rec.path, &p.rec.query, &p.rec.frag, &p.idna.mapped,
		&p.idna.labels, &p.idna.tmpNorm, &p.idna.out, &p.idna.tmpLabel} {
		if cap(*b) > maxPooled {
			*b = nil
		}
	}
	if cap(p.idna.runes) > maxPooled || cap(p.idna.ends) > maxPooled || cap(p.idna.nfcRunes) > maxPooled {
		p.idna.runes, p.idna.ends, p.idna.puny, p.idna.nfcRunes = nil, nil, nil, nil
	}
	if cap(p.errs) > 2*MaxValidationErrors {
		p.errs = nil
	}
	p.orig, p.input, p.scalar, p.base, p.url = "", "", "", nil, nil
}

// offset maps a byte offset in p.input to one in p.orig, the input as given: back across the
// removed tabs and newlines, the trimmed start, and the U+FFFD that replaced invalid UTF-8 (an
// offset inside one maps to the start of the bytes it replaced).
func (p *parser) offset(i int) int {
	if i < 0 {
		return -1
	}
	j := p.trimStart + i
	if p.removed {
		n := 0
		j = p.trimStart
		if i >= p.offIn && p.offScalar >= p.trimStart {
			n, j = p.offIn, p.offScalar // errors come in input order: go on from the last one
		}
		for ; j < len(p.scalar); j++ {
			c := p.scalar[j]
			if c == '\t' || c == '\n' || c == '\r' {
				continue
			}
			if n == i {
				break
			}
			n++
		}
		p.offIn, p.offScalar = n, j
	}
	if !p.converted {
		return j
	}
	sj, o := 0, 0
	if j >= p.memoS {
		sj, o = p.memoS, p.memoO
	}
	for o < len(p.orig) {
		k, bad := scalarStep(p.orig, o)
		w := k
		if bad {
			w = len("\uFFFD")
		}
		if sj+w > j {
			break
		}
		sj += w
		o += k
	}
	p.memoS, p.memoO = sj, o
	return o
}

// errNoParser is what fail returns for the nil parser that the fast path uses to run the IPv6
// parser without allocating.
var errNoParser = &Error{Offset: -1, Code: IPv6InvalidCodePoint, Rule: ruleIPv6Parser}

// nilFailures are what fail returns for the nil parser for the IPv4 parser's failures, one for
// each code (no offset, no input), whose code and rule the direct path reports (dirURL.fail,
// dirFailure); they are never returned to a caller.
var nilFailures = [...]*Error{
	{Offset: -1, Code: IPv4TooManyParts, Rule: ruleIPv4Parser},
	{Offset: -1, Code: IPv4NonNumericPart, Rule: ruleIPv4Parser},
	{Offset: -1, Code: IPv4OutOfRangePart, Rule: ruleIPv4Parser},
}

// nilFailure is fail for the nil parser: an entry of nilFailures, else errNoParser.
func nilFailure(code Code, rule string) *Error {
	for _, e := range nilFailures {
		if e.Code == code && e.Rule == rule {
			return e
		}
	}
	return errNoParser
}

// MaxValidationErrors is the most validation errors [ParseValidate] lists for one input: past
// it, one entry of code [TooManyErrors] counts the rest (and a failure is still listed last), so
// that the list, like the time, stays linear in the input whatever it holds.
const MaxValidationErrors = 100

// report records a validation error at byte offset i of p.input. p may be nil.
func (p *parser) report(code Code, i int, rule string) {
	if p == nil || !p.collect {
		return
	}
	if len(p.errs) >= MaxValidationErrors {
		// Past the cap (and so past steps 1–3, which change p.input): count, once a place.
		// (lastCode is stored only when it changes: a store of a string into the pooled
		// parser costs a write barrier while the collector runs, once a byte on some inputs.)
		if code != p.lastCode {
			p.lastCode = code
		} else if i == p.lastAt {
			return
		}
		if p.dropped == 0 {
			p.droppedAt = p.offset(i)
		}
		p.dropped++
		p.lastAt = i
		return
	}
	p.lastCode, p.lastAt = code, i
	o := p.offset(i)
	if n := len(p.errs); n > 0 && p.errs[n-1].Code == code && p.errs[n-1].Offset == o {
		return // the same error at the same place
	}
	p.errs = append(p.errs, ValidationError{Offset: o, Code: code, Rule: rule})
}

// reportEach is report for a validation error that the standard reports once for each of
// several things found at one place (the IPv4 parser's IPv4-non-decimal-part, once a part):
// it is not merged with the same error just reported at the same offset.
func (p *parser) reportEach(code Code, i int, rule string) {
	if p == nil || !p.collect {
		return
	}
	if len(p.errs) >= MaxValidationErrors {
		p.lastCode = "" // counted, not merged with the last one
		p.report(code, i, rule)
		return
	}
	p.lastCode, p.lastAt = code, i
	p.errs = append(p.errs, ValidationError{Offset: p.offset(i), Code: code, Rule: rule})
}

// fail records the validation error that makes the parser return failure and returns it. It is
// listed even past MaxValidationErrors.
func (p *parser) fail(code Code, i int, rule string) *Error {
	if p == nil {
		return nilFailure(code, rule) // the fast path's checks, which need no more detail
	}
	o := p.offset(i)
	if p.collect {
		if n := len(p.errs); n == 0 || p.errs[n-1].Code != code || p.errs[n-1].Offset != o {
			p.errs = append(p.errs, ValidationError{Offset: o, Code: code, Rule: rule})
		}
	}
	return &Error{Input: p.orig, Offset: o, Code: code, Rule: rule}
}

// capErrors adds, when errors were dropped, the entry that counts them: last, or just before
// the failure that ends the list.
func (p *parser) capErrors(failed bool) {
	if p.dropped == 0 {
		return
	}
	v := ValidationError{Offset: p.droppedAt, Code: TooManyErrors,
		Rule: "locator whatwg limits: " + strconv.Itoa(p.dropped) + " more not listed"}
	if n := len(p.errs); failed {
		p.errs = append(p.errs[:n-1], v, p.errs[n-1])
		return
	}
	p.errs = append(p.errs, v)
}

// isURLCodePoint reports whether r is a URL code point (§4.3 "URL writing"): ASCII alphanumeric,
// !$&'()*+,-./:;=?@_~, and U+00A0 to U+10FFFD excluding surrogates and noncharacters.
func isURLCodePoint(r rune) bool {
	if r < 0x80 {
		return urlUnitASCII[r]
	}
	if r < 0xa0 || r > 0x10fffd || (r >= 0xd800 && r <= 0xdfff) {
		return false
	}
	// noncharacters: U+FDD0–U+FDEF and the last two code points of every plane
	if (r >= 0xfdd0 && r <= 0xfdef) || r&0xfffe == 0xfffe {
		return false
	}
	return true
}

// checkURLUnit reports invalid-URL-unit for s[i] when it starts a code point that is not a URL
// code point and not "%", or is a "%" not followed by two ASCII hex digits (the checks that the
// path, opaque path, query and fragment states and the opaque-host parser make).
func (p *parser) checkURLUnit(s string, i, off int, rule string) {
	c := s[i]
	if c == '%' {
		if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			p.report(InvalidURLUnit, off, rule)
		}
		return
	}
	if c < 0x80 {
		if !urlUnitASCII[c] {
			p.report(InvalidURLUnit, off, rule)
		}
		return
	}
	if c&0xc0 == 0x80 {
		return // a continuation byte: checked with its lead byte
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	if !isURLCodePoint(r) {
		p.report(InvalidURLUnit, off, rule)
	}
}

// isC0OrSpace: C0 control or space (§4.4 step 1.2).
func isC0OrSpace(c byte) bool { return c <= 0x20 }

// toScalar makes s a scalar value string: invalid UTF-8 becomes U+FFFD as the Encoding
// Standard's UTF-8 decoder does it.
func toScalar(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return string(appendScalar(make([]byte, 0, scalarLen(s)), s))
}

// scalarLen returns the length of appendScalar's output for s.
func scalarLen(s string) int {
	n := 0
	for i := 0; i < len(s); {
		k, bad := scalarStep(s, i)
		n += k
		if bad {
			n += len("\uFFFD") - k
		}
		i += k
	}
	return n
}

// appendScalar appends s to dst with every maximal subpart of an ill-formed UTF-8 sequence
// replaced by one U+FFFD: the Encoding Standard's UTF-8 decoder (Unicode §3.9, "U+FFFD
// Substitution of Maximal Subparts").
func appendScalar(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		k, bad := scalarStep(s, i)
		if bad {
			dst = append(dst, "\uFFFD"...)
		} else {
			dst = append(dst, s[i:i+k]...)
		}
		i += k
	}
	return dst
}

// scalarStep returns the length of the UTF-8 sequence at s[i], and whether it is a maximal
// subpart of an ill-formed sequence, which the decoder replaces by one U+FFFD: the lead byte
// and the continuation bytes that could still have completed it (Unicode Table 3-7).
func scalarStep(s string, i int) (int, bool) {
	c := s[i]
	if c < 0x80 {
		return 1, false
	}
	if r, n := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || n != 1 {
		return n, false
	}
	need, lo, hi := 0, byte(0x80), byte(0xbf)
	switch {
	case 0xc2 <= c && c <= 0xdf:
		need = 1
	case c == 0xe0:
		need, lo = 2, 0xa0
	case 0xe1 <= c && c <= 0xef:
		need = 2
		if c == 0xed {
			hi = 0x9f
		}
	case c == 0xf0:
		need, lo = 3, 0x90
	case 0xf1 <= c && c <= 0xf3:
		need = 3
	case c == 0xf4:
		need, hi = 3, 0x8f
	}
	j := i + 1
	for k := 0; k < need && j < len(s) && lo <= s[j] && s[j] <= hi; k++ {
		j++
		lo, hi = 0x80, 0xbf
	}
	return j - i, true
}

// parse runs the basic URL parser on input with base and no URL or state override.
func (p *parser) parse(input string, base *URL, collect bool) (URL, error) {
	p.rec.reset()
	p.url = &p.rec
	p.collect = collect
	p.errs = p.errs[:0]
	err := p.run(input, base, noOverride)
	if collect {
		p.capErrors(err != nil)
	}
	if err != nil {
		return URL{}, err
	}
	u, ok := p.rec.toURL()
	if !ok {
		return URL{}, &Error{Input: input, Offset: -1, Code: TooLong, Rule: "locator whatwg limits"}
	}
	return u, nil
}

// run is the basic URL parser (§4.4). With a state override it works on p.url, which the caller
// set; otherwise on a new URL in p.url. It returns failure as an *Error.
func (p *parser) run(input string, base *URL, override state) *Error {
	p.orig = input
	p.base = base
	p.override = override
	p.trimStart = 0
	p.removed = false
	p.dropped, p.lastCode, p.lastAt = 0, "", -1
	p.offIn, p.offScalar, p.memoS, p.memoO = 0, 0, 0, 0
	p.sizedBuf = false
	p.scalar, p.converted = input, false
	// One pass decides whether steps 1–3 have anything to do: they look only at bytes up to
	// U+0020, and invalid UTF-8 can only be among the bytes from 0x80.
	plain := true
	for i := 0; i < len(input); i++ {
		if c := input[i]; c <= ' ' || c >= 0x80 {
			plain = false
			break
		}
	}
	if !plain && !utf8.ValidString(input) {
		input = string(appendScalar(make([]byte, 0, scalarLen(input)), input))
		p.scalar, p.converted = input, true
	}
	// 1. If url is not given: remove any leading and trailing C0 control or space.
	if override == noOverride && !plain {
		i, j := 0, len(input)
		for i < j && isC0OrSpace(input[i]) {
			i++
		}
		for j > i && isC0OrSpace(input[j-1]) {
			j--
		}
		if i > 0 || j < len(input) {
			p.input = input
			at := 0
			if i == 0 {
				at = j
			}
			p.report(InvalidURLUnit, at, noOverride.rule())
			input = input[i:j]
			p.trimStart = i
		}
	}
	// 2–3. If input contains any ASCII tab or newline, invalid-URL-unit validation error;
	// remove all ASCII tab or newline from input.
	k := -1
	if !plain {
		k = indexTabOrNewline(input)
	}
	if k >= 0 {
		p.input = input
		p.report(InvalidURLUnit, k, noOverride.rule())
		input = strings.Map(func(r rune) rune {
			if r == '\t' || r == '\n' || r == '\r' {
				return -1
			}
			return r
		}, input)
		p.removed = true
	}
	p.input = input
	// 4. Let state be state override if given, or scheme start state otherwise.
	st := override
	if st == noOverride {
		st = schemeStartState
	}
	// 6–8.
	p.buf = p.buf[:0]
	p.atSignSeen, p.insideBrackets, p.passwordTokenSeen = false, false, false
	url := p.url
	n := len(input)
	ptr := 0
	segOpen, segStart := false, 0 // the path state's open segment in url.path
	// Each of the states that percent-encode the rest of a long input into one buffer sizes it
	// once, for all it can write, so that the buffer is allocated once, not grown step by step.
	var sizedPath, sizedQuery, sizedFrag bool
	long := n > presizeMin
	stopQ, stopH := -1, -1 // the bytes that end the path ("?", "#") and the query ("#")
	if override == noOverride {
		stopQ, stopH = '?', '#'
	}
	// 9. Keep running the state machine. "Decrease pointer by 1" followed by the machine's
	// "increase pointer by 1" is written as again = true: the same c is processed again.
	for {
		c := eof
		if ptr < n {
			c = int(input[ptr])
		}
		again := false
		switch st {
		case schemeStartState: // §4.4 scheme start state
			if c != eof && isAlpha(byte(c)) {
				p.buf = append(p.buf, byte(c)|0x20)
				st = schemeState
			} else if override == noOverride {
				st = noSchemeState
				again = true
			} else {
				return p.fail(APISetterIgnored, ptr, st.rule())
			}
		case schemeState: // §4.4 scheme state
			if c != eof && schemeChar[c] {
				// Append c, lowercased; and the scheme code points after it, in bulk.
				if long && n-ptr > presizeMin {
					j := ptr
					for j < n && schemeChar[input[j]] {
						j++
					}
					p.buf = slices.Grow(p.buf, j-ptr)
				}
				for ptr < n && schemeChar[input[ptr]] {
					b := input[ptr]
					if 'A' <= b && b <= 'Z' {
						b += 'a' - 'A'
					}
					p.buf = append(p.buf, b)
					ptr++
				}
				ptr--
			} else if c == ':' {
				if override != noOverride {
					bufSpecial := isSpecialScheme(p.buf)
					if url.special && !bufSpecial || !url.special && bufSpecial ||
						(url.includesCredentials() || url.port >= 0) && string(p.buf) == "file" ||
						url.file && url.hasHost && len(url.host) == 0 {
						return p.fail(APISetterIgnored, ptr, st.rule())
					}
				}
				url.setScheme(p.buf)
				if override != noOverride {
					if url.port == defaultPort(url.scheme) {
						url.port = -1
					}
					return nil
				}
				p.buf = p.buf[:0]
				remaining := input[ptr+1:]
				if url.file {
					if !strings.HasPrefix(remaining, "//") {
						p.report(SpecialSchemeMissingFollowingSolidus, ptr+1, st.rule())
					}
					st = fileState
				} else if url.special && base != nil && base.scheme() == string(url.scheme) {
					// Assert: base is special (and therefore does not have an opaque path).
					st = specialRelativeOrAuthorityState
				} else if url.special {
					st = specialAuthoritySlashesState
				} else if strings.HasPrefix(remaining, "/") {
					st = pathOrAuthorityState
					ptr++
				} else {
					url.path = url.path[:0]
					url.opaque = true
					st = opaquePathState
				}
			} else if override == noOverride {
				p.buf = p.buf[:0]
				st = noSchemeState
				ptr = 0
				again = true
			} else {
				return p.fail(APISetterIgnored, ptr, st.rule())
			}
		case noSchemeState: // §4.4 no scheme state
			if base == nil || base.flags&fOpaque != 0 && c != '#' {
				return p.fail(MissingSchemeNonRelativeURL, ptr, st.rule())
			} else if base.flags&fOpaque != 0 && c == '#' {
				url.setScheme([]byte(base.scheme()))
				url.path = append(url.path[:0], base.Pathname()...)
				url.opaque = true
				q, ok := base.query()
				url.hasQuery = ok
				url.query = append(url.query[:0], q...)
				url.hasFrag = true
				url.frag = url.frag[:0]
				st = fragmentState
			} else if base.scheme() != "file" {
				st = relativeState
				again = true
			} else {
				st = fileState
				again = true
			}
		case specialRelativeOrAuthorityState: // §4.4 special relative or authority state
			if c == '/' && strings.HasPrefix(input[ptr+1:], "/") {
				st = specialAuthorityIgnoreSlashesState
				ptr++
			} else {
				p.report(SpecialSchemeMissingFollowingSolidus, ptr, st.rule())
				st = relativeState
				again = true
			}
		case pathOrAuthorityState: // §4.4 path or authority state
			if c == '/' {
				st = authorityState
			} else {
				st = pathState
				again = true
			}
		case relativeState: // §4.4 relative state
			// Assert: base's scheme is not "file".
			url.setScheme([]byte(base.scheme()))
			if c == '/' {
				st = relativeSlashState
			} else if url.special && c == '\\' {
				p.report(InvalidReverseSolidus, ptr, st.rule())
				st = relativeSlashState
			} else {
				p.copyAuthority(base)
				if st = p.inheritPathQuery(base, c, st); st == pathState {
					url.shortenPath()
					again = true
				}
			}
		case relativeSlashState: // §4.4 relative slash state
			if url.special && (c == '/' || c == '\\') {
				if c == '\\' {
					p.report(InvalidReverseSolidus, ptr, st.rule())
				}
				st = specialAuthorityIgnoreSlashesState
			} else if c == '/' {
				st = authorityState
			} else {
				p.copyAuthority(base)
				st = pathState
				again = true
			}
		case specialAuthoritySlashesState: // §4.4 special authority slashes state
			if c == '/' && strings.HasPrefix(input[ptr+1:], "/") {
				st = specialAuthorityIgnoreSlashesState
				ptr++
			} else {
				p.report(SpecialSchemeMissingFollowingSolidus, ptr, st.rule())
				st = specialAuthorityIgnoreSlashesState
				again = true
			}
		case specialAuthorityIgnoreSlashesState: // §4.4 special authority ignore slashes state
			if c != '/' && c != '\\' {
				st = authorityState
				again = true
			} else if !p.collect {
				// Bulk: the run of slashes, which reports nothing here.
				for ptr+1 < n && (input[ptr+1] == '/' || input[ptr+1] == '\\') {
					ptr++
				}
			} else {
				// Reported at every slash, also the one the special authority slashes state
				// has just reported and handed back ("decrease pointer by 1"): the standard
				// reports it twice there ("https:/x" has two), so not merged.
				p.reportEach(SpecialSchemeMissingFollowingSolidus, ptr, st.rule())
			}
		case authorityState: // §4.4 authority state
			if long && !p.sizedBuf && n-ptr > presizeMin {
				p.presizeBuf(input, ptr)
			}
			if c == '@' {
				p.report(InvalidCredentials, ptr, st.rule())
				if !p.atSignSeen && p.sizedBuf {
					// Room for all the userinfo can be, in either of the two.
					m := encodedLen(input[p.authStart:p.authEnd], &userinfoTab, -1, -1)
					url.username = slices.Grow(url.username, m)
					url.password = slices.Grow(url.password, m)
				}
				if p.atSignSeen {
					p.appendUserinfo("%40")
				}
				p.atSignSeen = true
				p.appendUserinfo(bstr(p.buf))
				p.buf = p.buf[:0]
			} else if c == eof || c == '/' || c == '?' || c == '#' || url.special && c == '\\' {
				if p.atSignSeen && len(p.buf) == 0 {
					return p.fail(HostMissing, ptr, st.rule())
				}
				ptr -= len(p.buf)
				p.buf = p.buf[:0]
				st = hostState
				again = true
			} else {
				// Bulk: the bytes up to the next one this state looks at are appended as they are.
				j := ptr + 1
				for j < n && !authorityStop[input[j]] {
					j++
				}
				p.buf = append(p.buf, input[ptr:j]...)
				ptr = j - 1
			}
		case hostState, hostnameState: // §4.4 host state, hostname state
			if long && !p.sizedBuf && n-ptr > presizeMin {
				p.presizeBuf(input, ptr)
			}
			if override != noOverride && url.file {
				again = true
				st = fileHostState
			} else if c == ':' && !p.insideBrackets {
				if len(p.buf) == 0 {
					return p.fail(HostMissing, ptr, st.rule())
				}
				if override == hostnameState {
					return p.fail(APISetterIgnored, ptr, st.rule())
				}
				if err := p.takeHost(ptr); err != nil {
					return err
				}
				st = portState
			} else if c == eof || c == '/' || c == '?' || c == '#' || url.special && c == '\\' {
				again = true
				if url.special && len(p.buf) == 0 {
					return p.fail(HostMissing, ptr, st.rule())
				} else if override != noOverride && len(p.buf) == 0 && (url.includesCredentials() || url.port >= 0) {
					return p.fail(APISetterIgnored, ptr, st.rule())
				}
				if err := p.takeHost(ptr); err != nil {
					return err
				}
				st = pathStartState
				if override != noOverride {
					return nil
				}
			} else {
				if c == '[' {
					p.insideBrackets = true
				}
				if c == ']' {
					p.insideBrackets = false
				}
				// Bulk: the bytes up to the next one this state looks at.
				j := ptr + 1
				for j < n && !hostStop[input[j]] {
					j++
				}
				p.buf = append(p.buf, input[ptr:j]...)
				ptr = j - 1
			}
		case portState: // §4.4 port state
			if long && !p.sizedBuf && n-ptr > presizeMin {
				p.presizeBuf(input, ptr)
			}
			if '0' <= c && c <= '9' {
				p.buf = append(p.buf, byte(c))
			} else if c == eof || c == '/' || c == '?' || c == '#' || url.special && c == '\\' || override != noOverride {
				if len(p.buf) != 0 {
					port := 0
					for _, d := range p.buf {
						port = port*10 + int(d-'0')
						if port > 65535 {
							return p.fail(PortOutOfRange, ptr-len(p.buf), st.rule())
						}
					}
					if int32(port) == defaultPort(url.scheme) {
						url.port = -1
					} else {
						url.port = int32(port)
					}
					p.buf = p.buf[:0]
					if override != noOverride {
						return nil
					}
				}
				if override != noOverride {
					return p.fail(APISetterIgnored, ptr, st.rule())
				}
				st = pathStartState
				again = true
			} else {
				return p.fail(PortInvalid, ptr, st.rule())
			}
		case fileState: // §4.4 file state
			url.setScheme([]byte("file"))
			url.hasHost = true
			url.host = url.host[:0]
			if c == '/' || c == '\\' {
				if c == '\\' {
					p.report(InvalidReverseSolidus, ptr, st.rule())
				}
				st = fileSlashState
			} else if base != nil && base.scheme() == "file" {
				url.hasHost = base.flags&fHost != 0
				url.host = append(url.host[:0], base.Hostname()...)
				if st = p.inheritPathQuery(base, c, st); st == pathState {
					if !startsWithWindowsDriveLetter(input[ptr:]) {
						url.shortenPath()
					} else {
						p.report(FileInvalidWindowsDriveLetter, ptr, fileState.rule())
						url.path = url.path[:0]
					}
					again = true
				}
			} else {
				st = pathState
				again = true
			}
		case fileSlashState: // §4.4 file slash state
			if c == '/' || c == '\\' {
				if c == '\\' {
					p.report(InvalidReverseSolidus, ptr, st.rule())
				}
				st = fileHostState
			} else {
				if base != nil && base.scheme() == "file" {
					url.hasHost = base.flags&fHost != 0
					url.host = append(url.host[:0], base.Hostname()...)
					if !startsWithWindowsDriveLetter(input[ptr:]) {
						if s, ok := firstSegment([]byte(base.Pathname())); ok && isNormalizedWindowsDriveLetter(s) {
							url.path = append(url.path, '/')
							url.path = append(url.path, s...)
						}
					}
				}
				st = pathState
				again = true
			}
		case fileHostState: // §4.4 file host state
			if long && !p.sizedBuf && n-ptr > presizeMin {
				p.presizeBuf(input, ptr)
			}
			if c == eof || c == '/' || c == '\\' || c == '?' || c == '#' {
				again = true
				if override == noOverride && isWindowsDriveLetter(p.buf) {
					p.report(FileInvalidWindowsDriveLetterHost, ptr-len(p.buf), st.rule())
					st = pathState
				} else if len(p.buf) == 0 {
					url.hasHost = true
					url.host = url.host[:0]
					if override != noOverride {
						return nil
					}
					st = pathStartState
				} else {
					h, err := p.parseHost(p.hostDst(), bstr(p.buf), !url.special, ptr-len(p.buf))
					if err != nil {
						return err
					}
					p.hbuf = h
					if string(h) == "localhost" {
						h = h[:0]
					}
					url.host = append(url.host[:0], h...)
					url.hasHost = true
					if override != noOverride {
						return nil
					}
					p.buf = p.buf[:0]
					st = pathStartState
				}
			} else {
				p.buf = append(p.buf, byte(c))
			}
		case pathStartState: // §4.4 path start state
			if url.special {
				if c == '\\' {
					p.report(InvalidReverseSolidus, ptr, st.rule())
				}
				st = pathState
				if c != '/' && c != '\\' {
					again = true
				}
			} else if override == noOverride && c == '?' {
				url.hasQuery = true
				url.query = url.query[:0]
				st = queryState
			} else if override == noOverride && c == '#' {
				url.hasFrag = true
				url.frag = url.frag[:0]
				st = fragmentState
			} else if c != eof {
				st = pathState
				if c != '/' {
					again = true
				}
			} else if override != noOverride && !url.hasHost {
				url.path = append(url.path, '/')
			}
		case pathState: // §4.4 path state
			// The buffer of this state is written straight into url's path, after the "/" that
			// the URL path serializer puts before each segment: segStart is where it begins. (A
			// buffer that the file host state left, a Windows drive letter, is moved there.)
			if !segOpen {
				if long && !sizedPath && n-ptr > presizeMin {
					sizedPath = true
					url.path = slices.Grow(url.path, 1+len(p.buf)+encodedLen(input[ptr:], &pathTab, stopQ, stopH))
				}
				url.path = append(url.path, '/')
				segStart = len(url.path)
				segOpen = true
				url.path = append(url.path, p.buf...)
				p.buf = p.buf[:0]
			}
			slash := c == '/' || url.special && c == '\\'
			if c == eof || slash || override == noOverride && (c == '?' || c == '#') {
				if url.special && c == '\\' {
					p.report(InvalidReverseSolidus, ptr, st.rule())
				}
				buffer := url.path[segStart:]
				if isDoubleDot(buffer) {
					url.path = url.path[:segStart-1]
					url.shortenPath()
					if !slash {
						url.path = append(url.path, '/')
					}
				} else if isSingleDot(buffer) {
					url.path = url.path[:segStart-1]
					if !slash {
						url.path = append(url.path, '/')
					}
				} else if url.file && segStart == 1 && isWindowsDriveLetter(buffer) {
					// url's path is empty and buffer is a Windows drive letter
					buffer[1] = ':'
				}
				segOpen = false
				// Bulk: the empty segments of a run of slashes, each "/" in url's path.
				for slash && ptr+1 < n && (input[ptr+1] == '/' || url.special && input[ptr+1] == '\\') {
					ptr++
					if input[ptr] == '\\' {
						p.report(InvalidReverseSolidus, ptr, st.rule())
					}
					url.path = append(url.path, '/')
				}
				if c == '?' {
					url.hasQuery = true
					url.query = url.query[:0]
					st = queryState
				}
				if c == '#' {
					url.hasFrag = true
					url.frag = url.frag[:0]
					st = fragmentState
				}
			} else {
				if p.collect {
					p.checkURLUnit(input, ptr, ptr, st.rule())
				}
				if !p.collect && (pathPlain[c] || pathEncoded[c]) {
					// Bulk: the bytes up to the next one this state acts on, runs of bytes it
					// appends unchanged and runs it percent-encodes.
					j := ptr
					for {
						k := j
						for k < n && pathPlain[input[k]] {
							k++
						}
						if k > j {
							url.path = append(url.path, input[j:k]...)
						}
						if k == n || !pathEncoded[input[k]] {
							j = k
							break
						}
						for ; k < n && pathEncoded[input[k]]; k++ {
							d := input[k]
							url.path = append(url.path, '%', upperhex[d>>4], upperhex[d&15])
						}
						j = k
					}
					ptr = j - 1
				} else if pathTab[c] {
					url.path = append(url.path, '%', upperhex[c>>4], upperhex[c&15])
				} else {
					url.path = append(url.path, byte(c))
				}
			}
		case opaquePathState: // §4.4 opaque path state
			if long && !sizedPath && n-ptr > presizeMin {
				sizedPath = true // pathTab holds the C0 control set and the space
				url.path = slices.Grow(url.path, encodedLen(input[ptr:], &pathTab, '?', '#'))
			}
			if c == '?' {
				url.hasQuery = true
				url.query = url.query[:0]
				st = queryState
			} else if c == '#' {
				url.hasFrag = true
				url.frag = url.frag[:0]
				st = fragmentState
			} else if c == ' ' {
				p.report(InvalidURLUnit, ptr, st.rule())
				if ptr+1 < n && (input[ptr+1] == '?' || input[ptr+1] == '#') {
					url.path = append(url.path, "%20"...)
				} else {
					url.path = append(url.path, ' ')
				}
			} else if c != eof {
				if p.collect {
					p.checkURLUnit(input, ptr, ptr, st.rule())
				}
				if c0Tab[c] {
					url.path = append(url.path, '%', upperhex[c>>4], upperhex[c&15])
				} else {
					url.path = append(url.path, byte(c))
				}
			}
		case queryState: // §4.4 query state
			// UTF-8 is the only encoding, so percent-encoding after encoding the buffer is the
			// same as encoding each code point as it comes.
			if long && !sizedQuery && n-ptr > presizeMin {
				sizedQuery = true // the special-query set holds the query set
				url.query = slices.Grow(url.query, encodedLen(input[ptr:], &specialQueryTab, stopH, -1))
			}
			if override == noOverride && c == '#' || c == eof {
				if c == '#' {
					url.hasFrag = true
					url.frag = url.frag[:0]
					st = fragmentState
				}
			} else {
				if p.collect {
					p.checkURLUnit(input, ptr, ptr, st.rule())
				}
				tab := &queryTab
				if url.special {
					tab = &specialQueryTab
				}
				if tab[c] {
					url.query = append(url.query, '%', upperhex[c>>4], upperhex[c&15])
				} else if !p.collect {
					j := ptr + 1
					for j < n && input[j] != '#' && !tab[input[j]] {
						j++
					}
					url.query = append(url.query, input[ptr:j]...)
					ptr = j - 1
				} else {
					url.query = append(url.query, byte(c))
				}
			}
		case fragmentState: // §4.4 fragment state
			if long && !sizedFrag && n-ptr > presizeMin {
				sizedFrag = true
				url.frag = slices.Grow(url.frag, encodedLen(input[ptr:], &fragmentTab, -1, -1))
			}
			if c != eof {
				if p.collect {
					p.checkURLUnit(input, ptr, ptr, st.rule())
				}
				if fragmentTab[c] {
					url.frag = append(url.frag, '%', upperhex[c>>4], upperhex[c&15])
				} else if !p.collect {
					j := ptr + 1
					for j < n && !fragmentTab[input[j]] {
						j++
					}
					url.frag = append(url.frag, input[ptr:j]...)
					ptr = j - 1
				} else {
					url.frag = append(url.frag, byte(c))
				}
			}
		}
		if again {
			continue
		}
		if ptr >= n {
			break
		}
		ptr++
	}
	// 10. Return url.
	return nil
}

// presizeBuf gives p.buf room, once a run, for the authority (or host, or port) that starts at
// input[ptr], when the rest of the input is long: the bytes up to "/", "?", "#" or, for a special
// URL, "\\", where the authority state ends.
func (p *parser) presizeBuf(input string, ptr int) {
	p.sizedBuf = true
	e := ptr
	for e < len(input) {
		c := input[e]
		if c == '/' || c == '?' || c == '#' || c == '\\' && p.url.special {
			break
		}
		e++
	}
	p.authStart, p.authEnd = ptr, e
	p.buf = slices.Grow(p.buf, e-ptr)
}

// presizeMin is the length of the rest of the input from which a state sizes its buffer first.
const presizeMin = 512

// encodedLen returns how many bytes percent-encoding s with tab writes, up to the first byte
// stop1 or stop2 (-1: none): one a byte, three for a byte of tab. It runs for long inputs only
// and is kept out of line, away from the parser's loop.
//
//go:noinline
func encodedLen(s string, tab *[256]bool, stop1, stop2 int) int {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if int(c) == stop1 || int(c) == stop2 {
			break
		}
		n++
		if tab[c] {
			n += 2
		}
	}
	return n
}

// bstr returns the bytes of b as a string without copying. The callers never change b while the
// string is in use and never keep the string.
func bstr(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// indexTabOrNewline returns the index of the first ASCII tab or newline in s, or -1.
func indexTabOrNewline(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= '\r' && (c == '\t' || c == '\n' || c == '\r') {
			return i
		}
	}
	return -1
}

// Byte classes for the bulk loops of the authority and path states.
var (
	// authorityStop: the bytes the authority state acts on: "@", EOF's stand-ins "/", "?", "#",
	// and "\" (which ends the authority of a special URL; the bulk loop stops at it either way).
	authorityStop [256]bool
	// pathPlain: bytes the path state appends to buffer unchanged: not "/", "\", "?", "#", and
	// not in the path percent-encode set.
	pathPlain [256]bool
	// pathEncoded: bytes the path state percent-encodes and that do not end a segment: the
	// path percent-encode set without "?" and "#".
	pathEncoded [256]bool
	// hostStop: the bytes the host state acts on: ":", "[", "]", "/", "?", "#", "\".
	hostStop [256]bool
	// schemeChar: the scheme state's ASCII alphanumeric, U+002B (+), U+002D (-), U+002E (.).
	schemeChar [256]bool
)

func init() {
	for _, c := range "@/?#\\" {
		authorityStop[c] = true
	}
	for _, c := range ":[]/?#\\" {
		hostStop[c] = true
	}
	for c := 0; c < 256; c++ {
		schemeChar[c] = isAlpha(byte(c)) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'
	}
	for c := 0; c < 256; c++ {
		pathPlain[c] = !pathTab[c] && c != '/' && c != '\\' && c != '?' && c != '#'
		pathEncoded[c] = pathTab[c] && c != '?' && c != '#'
	}
}

// copyAuthority sets url's username, password, host and port to base's (relative state and
// relative slash state).
func (p *parser) copyAuthority(base *URL) {
	url := p.url
	url.username = append(url.username[:0], base.Username()...)
	url.password = append(url.password[:0], base.Password()...)
	url.hasHost = base.flags&fHost != 0
	url.host = append(url.host[:0], base.Hostname()...)
	url.port = base.port
}

// hostDst returns p.hbuf emptied, for the host parser's output, with room for what it can write
// for the host in p.buf when that is long (the opaque-host parser writes the most: three bytes
// for one).
func (p *parser) hostDst() []byte {
	if len(p.buf) > presizeMin {
		p.hbuf = slices.Grow(p.hbuf[:0], 3*len(p.buf))
	}
	return p.hbuf[:0]
}

// takeHost does the host state's "Let host be the result of host parsing buffer with url is
// not special. If host is failure, then return failure. Set url's host to host, buffer to the
// empty string" (§4.4); buffer ends at ptr.
func (p *parser) takeHost(ptr int) *Error {
	h, err := p.parseHost(p.hostDst(), bstr(p.buf), !p.url.special, ptr-len(p.buf))
	if err != nil {
		return err
	}
	p.hbuf = h
	p.url.host = append(p.url.host[:0], h...)
	p.url.hasHost = true
	p.buf = p.buf[:0]
	return nil
}

// inheritPathQuery does what the relative state and the file state do with base for a code
// point c that is not a slash (§4.4): url's path becomes a clone of base's path and url's
// query base's query; then "?" sets the query to the empty string and "#" the fragment, and
// it returns the query or fragment state; EOF leaves st as it is; any other code point sets
// the query to null and returns the path state, in which the caller, having shortened the
// path, reprocesses c.
func (p *parser) inheritPathQuery(base *URL, c int, st state) state {
	url := p.url
	url.path = append(url.path[:0], base.Pathname()...)
	q, ok := base.query()
	url.hasQuery = ok
	url.query = append(url.query[:0], q...)
	switch {
	case c == '?':
		url.hasQuery = true
		url.query = url.query[:0]
		return queryState
	case c == '#':
		url.hasFrag = true
		url.frag = url.frag[:0]
		return fragmentState
	case c != eof:
		url.hasQuery = false
		url.query = url.query[:0]
		return pathState
	}
	return st
}

// appendUserinfo runs the authority state's loop over buffer's code points: the first ":" (when
// passwordTokenSeen is false) switches to the password; every code point is UTF-8
// percent-encoded using the userinfo percent-encode set.
func (p *parser) appendUserinfo(s string) {
	url := p.url
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ':' && !p.passwordTokenSeen {
			p.passwordTokenSeen = true
			continue
		}
		var enc []byte
		if p.passwordTokenSeen {
			enc = url.password
		} else {
			enc = url.username
		}
		if userinfoTab[c] {
			enc = append(enc, '%', upperhex[c>>4], upperhex[c&15])
		} else {
			enc = append(enc, c)
		}
		if p.passwordTokenSeen {
			url.password = enc
		} else {
			url.username = enc
		}
	}
}

// isSingleDot: a single-dot URL path segment is "." or an ASCII case-insensitive match for
// "%2e" (§4.1).
func isSingleDot(b []byte) bool {
	switch len(b) {
	case 1:
		return b[0] == '.'
	case 3:
		return b[0] == '%' && b[1] == '2' && b[2]|0x20 == 'e'
	}
	return false
}

// isDoubleDot: a double-dot URL path segment is ".." or an ASCII case-insensitive match for
// ".%2e", "%2e.", or "%2e%2e" (§4.1).
func isDoubleDot(b []byte) bool {
	switch len(b) {
	case 2:
		return b[0] == '.' && b[1] == '.'
	case 4:
		return b[0] == '.' && isSingleDot(b[1:]) || isSingleDot(b[:3]) && b[3] == '.'
	case 6:
		return isSingleDot(b[:3]) && isSingleDot(b[3:])
	}
	return false
}
