package main

import (
	"bufio"
	"context"
	"errors"
	"io"
)

// lineReader reads lines of any length: a line ends at "\n", and one "\r" before it (or
// before the end of the input) is removed. Nothing else is stripped; a byte-order mark
// stays part of the first line. A last line without "\n" counts; an empty input has no
// lines.
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
		if len(line) == 0 {
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

// eachLine calls f with each line of r (as a string, which f may keep) and stops at the
// end of the input, on a read error, on f's error or when ctx is done.
func eachLine(ctx context.Context, r io.Reader, f func(line string) error) error {
	lr := newLineReader(r)
	for n := 0; ; n++ {
		if n&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		line, ok := lr.next()
		if !ok {
			break
		}
		if err := f(string(line)); err != nil {
			return err
		}
	}
	if err := lr.Err(); err != nil {
		return errors.New("reading standard input: " + err.Error())
	}
	return nil
}
