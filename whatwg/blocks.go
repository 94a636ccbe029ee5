package whatwg

import (
	"strings"
	"unsafe"
)

// A Parser parses URLs as [Parse] does, with the same results, but puts the hrefs it builds
// into blocks of memory that it shares among the URLs it returns, rather than allocating each
// href alone. It is for programs that parse many URLs in a row and drop most of them soon (a
// crawler's frontier, a log, a link checker, the command line's bulk commands): a block of
// parserBlock bytes holds the hrefs of dozens of URLs, so the allocation that [Parse] makes for
// every URL it changes (an upper-case scheme, a default port, a space: 20–25% of its time on
// such URLs, README "Performance") is made once a block.
//
// The price is memory held: a URL keeps its whole block alive, as a substring keeps its
// string. A program that keeps a few of many URLs for long should keep [URL.Clone]s of them.
// Hrefs longer than a quarter of a block, and those of the inputs that only the full parser
// takes, are allocated alone, as [Parse] does; an input that is already an href is returned as
// it is, without a copy, as [Parse] does.
//
// The zero Parser is ready to use. A Parser must not be used by two goroutines at once; give each
// goroutine its own.
type Parser struct {
	block []byte // the current block: hrefs are appended to it, and never written over
}

// parserBlock is the size of a Parser's blocks. 4 KiB: the allocation is then made once in
// about 50 URLs of the bench files' lengths (50–100 bytes), and a URL kept alone holds at most
// 4 KiB.
const parserBlock = 4096

// Parse parses input against base (nil for none) as [Parse] does, with the same result and the
// same errors, keeping the href in p's blocks.
func (p *Parser) Parse(input string, base *URL) (URL, error) {
	return parse(input, base, true, p)
}

// parserDirect is the longest input whose href the direct path writes straight into a Parser's
// block (room), with the room it needs (3 bytes an input byte and 32) at most a third of a
// block; a longer one is written into the direct path's own buffer and copied (href).
const parserDirect = (parserBlock/3 - 32) / 3

// room returns the free part of p's block, empty, with room for m bytes (a new block when the
// current one has less): the direct path writes the href there, and setHref takes it as it is
// (commit). Bytes written there by a parse that gives up are never part of a string: the next
// parse writes over them.
func (p *Parser) room(m int) []byte {
	if cap(p.block)-len(p.block) < m {
		p.block = make([]byte, 0, parserBlock)
	}
	return p.block[len(p.block):len(p.block)]
}

// commit returns b, the href the direct path wrote, as a string: where it is when it is at the
// start of p's free room (room gave it, and the direct path did not have to grow it), which
// then becomes part of the block; else copied (href).
func (p *Parser) commit(b []byte) string {
	free := p.block[len(p.block):cap(p.block)]
	if len(b) == 0 || len(free) < len(b) || &free[0] != &b[0] {
		return p.href(b)
	}
	// The string is made from p.block, not from b (the same bytes): b, which is the direct
	// path's stack buffer when Parse calls it, then does not escape.
	start := len(p.block)
	p.block = p.block[:start+len(b)]
	return unsafe.String(&p.block[start], len(b))
}

// href returns b as a string in p's current block, or in a new one when it has no room; a b
// longer than a quarter of a block is allocated alone (it would waste the block's rest). Not
// inlined: Parse's direct path (dirFinish, resumeDirectTo) keeps only the call.
//
//go:noinline
func (p *Parser) href(b []byte) string {
	if len(b) > cap(p.block)-len(p.block) {
		if len(b) > parserBlock/4 {
			return string(b)
		}
		p.block = make([]byte, 0, parserBlock)
	}
	if len(b) == 0 {
		return ""
	}
	start := len(p.block)
	p.block = append(p.block, b...)
	// The bytes from start are never written again: the next hrefs go after them, and a new
	// block is a new array.
	return unsafe.String(&p.block[start], len(b))
}

// Clone returns a copy of u whose href is in memory of its own: a URL from a [Parser] that is
// kept after most of the others are dropped no longer holds their block.
func (u URL) Clone() URL {
	u.href = strings.Clone(u.href)
	return u
}

// dirURL is the URL that the shortcuts (the fast path, resumeDirect, parseDirect) fill in, with
// the Parser whose blocks take the href they build (nil: a string of its own, as Parse makes).
type dirURL struct {
	URL
	p *Parser
	// fail: when the direct path gives up on a host that it found fails, the failure's code
	// and rule (errBidiFailure, or the IPv4 parser's from the nil parser: nilFailures), which
	// parse returns (dirFailure) without the full parser, which would find it again, later
	// and at more cost; else nil.
	fail *Error
}

// errBidiFailure is the code and the rule of the failure of a host that fails domain to ASCII
// with CheckBidi (dirIDNHost), as the domain parser reports it (domainParser).
var errBidiFailure = &Error{Offset: -1, Code: DomainToASCII, Rule: ruleDomainParser + ": " + ruleUTS46Bidi}

// failAt records the failure f (its code and rule) of the host at h, its offset in the direct
// path's input (in u.port, which a URL that is failure does not need).
func (u *dirURL) failAt(f *Error, h int) {
	u.fail = f
	u.port = int32(h)
}

// setHref sets u's href to b's bytes: a new string, or in u.p's block.
func (u *dirURL) setHref(b []byte) {
	if u.p != nil {
		u.href = u.p.commit(b)
		return
	}
	u.href = string(b)
}
