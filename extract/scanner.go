package extract

import (
	"errors"
	"io"
)

// window sizes of a Scanner: it keeps keepBehind bytes before its position (for the scheme
// name and the quote markers before a candidate), lookahead bytes after a candidate, and reads
// in chunks of readSize.
const (
	keepBehind = 2 * lookBehind
	readSize   = 64 << 10
	bufSize    = keepBehind + lookahead + readSize
)

// maxEmptyReads is how many reads in a row may return no data and no error before the Scanner
// gives up with io.ErrNoProgress (as bufio.Scanner does).
const maxEmptyReads = 100

// Scanner finds the URLs in the text of an io.Reader, one at a time, with the same results as
// [Find] on the whole text. Offsets are absolute: counted from the first byte read.
//
// It works in linear time and constant memory: a fixed window of 131 KiB, and scratch space
// for the URL being read, which is why no URL's text may exceed [MaxLength]; a longer one is
// reported by [Scanner.Skipped]. The input may be
// of any size. A URL is reported as soon as the text after it shows where it ends (a space,
// a line break, a closing ">"), without waiting for more input, so a Scanner can follow a
// pipe or a growing log.
//
//	sc := extract.NewScanner(r)
//	for more := true; more; {
//		more = sc.Scan()
//		for _, skip := range sc.Skipped() { ... }
//		if more {
//			f := sc.Finding()
//			...
//		}
//	}
//	if err := sc.Err(); err != nil { ... }
//
// A Scanner is not safe for concurrent use. Make one with [NewScanner], and reuse it for
// another text with [Scanner.Reset]; the zero value has no reader and cannot scan until Reset.
type Scanner struct {
	r       io.Reader
	window  []byte // the Scanner's own window, kept while it reads a text in place (ResetBytes)
	m       matcher
	f       Finding
	skipped []Skip
	err     error
}

// NewScanner returns a Scanner that reads from r; Valid follows RFC 1738.
func NewScanner(r io.Reader) *Scanner {
	return Options{}.NewScanner(r)
}

// NewScanner returns a Scanner that reads from r, by [Options].
func (o Options) NewScanner(r io.Reader) *Scanner {
	s := &Scanner{r: r, window: make([]byte, 0, bufSize)}
	s.m.buf = s.window
	s.m.spec = o.Spec
	s.m.init()
	return s
}

// Reset makes s read from r as a new Scanner would, with the same Options, but keeping its
// window and scratch space, so that scanning many texts in turn (the chunks of a large text,
// the files of a list) allocates nothing per text. Offsets count again from the first byte
// of r. Reset on the zero value gives a Scanner with the zero Options.
func (s *Scanner) Reset(r io.Reader) {
	if s.window == nil {
		s.window = make([]byte, 0, bufSize)
	}
	s.reset(r, s.window[:0], false)
}

// ResetBytes makes s scan text as [Scanner.Reset] with a reader of text would, with the same
// results, but in place: text is not copied, and must not change until Scan has returned
// false. Offsets count from text[0]. This suits a text already in memory, such as one chunk
// of a large text cut at blank lines.
func (s *Scanner) ResetBytes(text []byte) {
	s.reset(nil, text[:len(text):len(text)], true)
}

// reset sets s to read from r into buf, or, with eof, to scan buf as the whole text.
func (s *Scanner) reset(r io.Reader, buf []byte, eof bool) {
	m := &s.m
	*m = matcher{buf: buf, eof: eof, spec: m.spec, text: m.text[:0], segs: m.segs[:0], hyph: m.hyph[:0],
		open: m.open[:0], skipPrefix: m.skipPrefix[:0], strs: m.strs, checked: m.checked[:0]}
	m.init()
	*s = Scanner{r: r, window: s.window, m: s.m, skipped: s.skipped[:0]}
}

// Scan advances to the next URL, which Finding then returns. It returns false at the end of
// the input or on a read error, which Err then returns. The candidates it skipped on the way
// as longer than MaxLength are then in Skipped.
func (s *Scanner) Scan() bool {
	s.skipped = s.skipped[:0]
	if s.err != nil {
		return false
	}
	for {
		switch s.m.next(&s.f) {
		case found:
			return true
		case skipped:
			s.skipped = append(s.skipped, s.m.skip)
			continue
		case done:
			s.f = Finding{}
			return false
		}
		if err := s.fill(); err != nil {
			s.err = err
			s.f = Finding{}
			return false
		}
	}
}

// Finding returns the URL that the last call to Scan found.
func (s *Scanner) Finding() Finding { return s.f }

// Skipped returns the candidates that the last call to Scan skipped as longer than
// [MaxLength], in order: those before the URL it found, or before the end of the input or the
// error. Call it after every Scan, including the last, which returns false: nothing else
// reports them. The slice is valid until the next call to Scan. Each Skip stands for more
// than MaxLength bytes of input and keeps at most [MaxPrefix] of them, so the list holds less
// than a thousandth of the text that one Scan read.
func (s *Scanner) Skipped() []Skip { return s.skipped }

// Err returns the first error other than io.EOF that reading met, or nil.
func (s *Scanner) Err() error { return s.err }

// fill slides the window so that it keeps keepBehind bytes before the matcher's position, and
// reads until the window is full or the input ends.
func (s *Scanner) fill() error {
	m := &s.m
	if s.r == nil || m.eof {
		// Cannot happen after ResetBytes (the whole text is there: the matcher never asks
		// for more); a Scanner made with a nil reader and never Reset has nothing to read.
		return errors.New("extract: Scanner has no reader")
	}
	if keep := m.pos - keepBehind; keep > 0 {
		n := copy(m.buf[:cap(m.buf)], m.buf[keep:])
		m.buf = m.buf[:n]
		m.base += keep
		m.pos -= keep
		m.consumed -= keep
	}
	m.init()
	if len(m.buf) == cap(m.buf) {
		// Cannot happen: the matcher asks for more only when keepBehind+lookahead bytes
		// do not fill the window. Stop rather than loop.
		return errors.New("extract: internal error: window full")
	}
	// Read at least once, and on until the matcher has the bytes it asked for.
	for empty := 0; len(m.buf) < cap(m.buf); {
		n, err := s.r.Read(m.buf[len(m.buf):cap(m.buf)])
		if n < 0 || n > cap(m.buf)-len(m.buf) {
			return errors.New("extract: reader returned an invalid count")
		}
		m.buf = m.buf[:len(m.buf)+n]
		if err == io.EOF {
			m.eof = true
			return nil
		}
		if err != nil {
			return err
		}
		if n > 0 {
			empty = 0
			if len(m.buf)-m.pos >= m.need {
				return nil
			}
			continue
		}
		if empty++; empty >= maxEmptyReads {
			return io.ErrNoProgress
		}
	}
	return nil
}
