// Package syntax holds the strict grammar checkers of RFC 1738 and RFC 3986 and the character
// classes they scan with. Package scheme runs them (scheme.Check is the public entry) and
// builds its per-scheme checkers on CheckChars, CheckClass, CheckHostPort and CheckLogin.
//
// Every checker writes into a [Sink], which keeps at most [locator.MaxFindings] findings per
// URL and counts the rest, and no message quotes more than a bounded part of the URL
// (display.Quote), so that checking costs time and memory linear in the URL whatever it
// holds: a host of a million empty labels gives a hundred findings and a count.
package syntax

import (
	"slices"
	"strconv"

	"github.com/locator-url/locator"
)

// Sink collects the findings of the checkers run on one URL. It keeps at most
// [locator.MaxFindings] of them, those with the smallest offsets, and counts the others
// without building them; a finding with the offset and code of one already collected is a
// repeat (two checkers looked at the same bytes, such as CheckRFC1738 and a scheme's checker
// at an unsafe character) and is dropped. [Sink.Findings] returns what was kept, in offset
// order, and a last finding of code [locator.CodeTooManyFindings] that says how many were not
// shown.
//
// The zero value is an empty Sink, ready to use. A Sink is for one URL and one goroutine.
type Sink struct {
	list       []locator.Finding
	last       int      // the largest offset in list, when list is not empty
	omitted    int      // findings counted but not kept
	omittedErr int      // how many of the omitted findings are errors
	seen       []uint64 // a bit per offset: a character finding there was omitted
	// probe: the Sink only tells whether there is a finding (see found): Take counts the
	// finding in omitted and reports false, so that nothing is built, and Add counts it.
	probe bool
}

// found reports whether a finding was added or, in a probe Sink, offered to Take or Add.
func (s *Sink) found() bool { return len(s.list) > 0 || s.omitted > 0 }

// Use makes the Sink collect into the spare capacity of buf (buf[len(buf):cap(buf)]), so that
// the findings of a URL that fit there cost no allocation; the elements of buf before len(buf)
// are neither read nor written. It is for an empty Sink, before any finding is added; past
// cap(buf) the list grows by append into a new array, and [Sink.Findings] returns it wherever
// it is.
func (s *Sink) Use(buf []locator.Finding) { s.list = buf[len(buf):] }

// isCharCode reports whether code is one of the character codes of CheckChars (and of
// CheckRFC3986's "%"): at one offset of one URL the checkers give one such code, since it
// depends only on the byte there, so one bit per offset tells an omitted repeat.
func isCharCode(code locator.Code) bool {
	switch code {
	case locator.CodeControl, locator.CodeNonASCII, locator.CodeNationalChar, locator.CodeUnsafeChar,
		locator.CodeReservedChar, locator.CodeDisallowedChar, locator.CodeBadEscape:
		return true
	}
	return false
}

// Take reports whether a finding at offset off would be kept. When it would not, Take counts
// the finding (of code and severity sev) as omitted, and the caller builds nothing: a checker
// calls Take before it builds a message, so that the findings past the limit cost no
// allocation.
func (s *Sink) Take(off int, code locator.Code, sev locator.Severity) bool {
	if s.probe {
		s.omitted++
		return false
	}
	if len(s.list) < locator.MaxFindings || off <= s.last {
		return true // (at s.last, it may repeat a finding kept: Add tells)
	}
	s.omit(off, code, sev)
	return false
}

// omit counts a finding that is not kept, once per offset for a character finding.
func (s *Sink) omit(off int, code locator.Code, sev locator.Severity) {
	if isCharCode(code) {
		w := off >> 6
		if w >= len(s.seen) {
			s.seen = slices.Grow(s.seen, w+1-len(s.seen))[:w+1]
		}
		bit := uint64(1) << (off & 63)
		if s.seen[w]&bit != 0 {
			return
		}
		s.seen[w] |= bit
	}
	s.omitted++
	if sev == locator.SeverityError {
		s.omittedErr++
	}
}

// seenAt reports whether a character finding at off was omitted.
func (s *Sink) seenAt(off int) bool {
	w := off >> 6
	return w < len(s.seen) && s.seen[w]&(1<<(off&63)) != 0
}

// Add adds f, unless it repeats a finding of the same offset and code. When the Sink is full,
// f takes the place of the finding with the largest offset if its own is smaller, else it is
// counted as omitted.
func (s *Sink) Add(f locator.Finding) {
	if s.probe {
		s.omitted++
		return
	}
	if len(s.list) > 0 && f.Offset <= s.last {
		for i := range s.list {
			if s.list[i].Offset == f.Offset && s.list[i].Code == f.Code {
				return
			}
		}
		if isCharCode(f.Code) && s.seenAt(f.Offset) {
			return
		}
	}
	if len(s.list) < locator.MaxFindings {
		if len(s.list) == 0 || f.Offset > s.last {
			s.last = f.Offset
		}
		s.list = append(s.list, f)
		return
	}
	if f.Offset >= s.last {
		s.omit(f.Offset, f.Code, f.Severity)
		return
	}
	// Drop the last-added finding of the largest offset, keeping the others in the order
	// they came (Findings sorts stably).
	j := -1
	for i := range s.list {
		if s.list[i].Offset == s.last {
			j = i
		}
	}
	e := s.list[j]
	s.omit(e.Offset, e.Code, e.Severity)
	copy(s.list[j:], s.list[j+1:])
	s.list[len(s.list)-1] = f
	s.last = f.Offset
	for i := range s.list {
		s.last = max(s.last, s.list[i].Offset)
	}
}

// AddAll adds each finding of f.
func (s *Sink) AddAll(f []locator.Finding) {
	for _, x := range f {
		s.Add(x)
	}
}

// Len returns the number of findings kept.
func (s *Sink) Len() int { return len(s.list) }

// Omitted returns the number of findings counted but not kept.
func (s *Sink) Omitted() int { return s.omitted }

// Result returns the findings kept, sorted by offset as Findings sorts them but without the
// last finding that counts the others, and the number of findings omitted and of errors among
// them. The Sink must not be used afterwards.
func (s *Sink) Result() (kept []locator.Finding, omitted, omittedErrors int) {
	f := s.list
	if len(f) > 1 {
		slices.SortStableFunc(f, func(a, b locator.Finding) int { return a.Offset - b.Offset })
	}
	s.list = nil
	return f, s.omitted, s.omittedErr
}

// Findings returns the findings kept, sorted by offset (stably: findings at one offset keep
// the order they came in), and, when some were not kept, a last finding of code
// [locator.CodeTooManyFindings] at the offset of the last one shown, saying how many more
// there are; it is an error when one of them is. It returns nil when there are none. The Sink
// must not be used afterwards.
func (s *Sink) Findings() []locator.Finding {
	if len(s.list) == 0 && s.omitted == 0 {
		return nil
	}
	f := s.list
	if len(f) > 1 {
		slices.SortStableFunc(f, func(a, b locator.Finding) int { return a.Offset - b.Offset })
	}
	if s.omitted > 0 {
		sev := locator.SeverityWarning
		if s.omittedErr > 0 {
			sev = locator.SeverityError
		}
		f = append(f, locator.Finding{Offset: s.last, Code: locator.CodeTooManyFindings,
			Rule:     "locator MaxFindings (findings per URL)",
			Message:  strconv.Itoa(s.omitted) + " more findings not shown (at most " + strconv.Itoa(locator.MaxFindings) + " are listed per URL)",
			Severity: sev})
	}
	s.list = nil
	return f
}
