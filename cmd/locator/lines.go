package main

import (
	"bufio"
	"errors"
	"io"
)

// lineReader reads lines of any length: a line ends at "\n", and one "\r" before it (or
// before the end of the input) is removed. Nothing else is stripped; a byte-order mark
// stays part of the first line. A last line without "\n" counts; an empty input has no
// lines. A line that a read error ends, without its "\n", is dropped.
type lineReader struct {
	r   *bufio.Reader
	buf []byte // holds a line longer than r's buffer
	err error
}

func newLineReader(r io.Reader) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 64<<10)}
}

// next returns the next line without its terminator, valid until the next call, and
// false at the end of the input or on an error (see err).
func (l *lineReader) next() ([]byte, bool) {
	if l.err != nil {
		return nil, false
	}
	line, err := l.r.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		l.buf = append(l.buf[:0], line...)
		for errors.Is(err, bufio.ErrBufferFull) {
			line, err = l.r.ReadSlice('\n')
			l.buf = append(l.buf, line...)
		}
		line = l.buf
	}
	if err != nil {
		l.err = err
		if len(line) == 0 || err != io.EOF {
			// A line cut by a read error (or an interrupt) is not a line of the input:
			// its start gives no result.
			return nil, false
		}
	}
	if n := len(line); n > 0 && line[n-1] == '\n' {
		line = line[:n-1]
	}
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line, true
}

// Err returns the error that stopped the reader, or nil at the end of the input.
func (l *lineReader) Err() error {
	if errors.Is(l.err, io.EOF) {
		return nil
	}
	return l.err
}
