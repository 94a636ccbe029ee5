package main

import (
	"bytes"
	"io"

	"github.com/locator-url/locator/extract"
)

// The parallel path of extract (issue 5: every command that accepts "-" uses all cores). No
// finding of package extract spans a blank line: a wrapper ends at one, a bare URL ends at
// white space, and the quote markers a URL's continued lines may carry are read on the line
// the URL starts on. So the text is cut just after blank lines into chunks of at least
// extractChunk bytes, which are searched by extract.Find on --jobs workers; the findings are
// written in input order, with the chunk's offset added. Text with no blank line within
// extractMaxChunk bytes is read from there to its end by the streaming Scanner, in constant
// memory. The output is the same as that of one streaming pass.

// Variables so that the tests can make several chunks of small texts.
var (
	extractChunk    = 256 << 10 // a chunk ends at the first blank line after this many bytes
	extractMaxChunk = 4 << 20   // with no blank line within this many bytes, stream the rest
)

// extractJob is a chunk of the text and, once searched, its findings.
type extractJob struct {
	data  []byte
	base  int                // offset of data[0] in the text
	found chan extractResult // the findings, sent once
	rest  io.Reader          // not nil: stream data then rest serially, from base
	err   error              // a read error after data
}

// extractResult is what a chunk holds: its findings and the candidates skipped as longer
// than extract.MaxLength, each in input order, with the offsets of the whole text.
type extractResult struct {
	found   []extract.Finding
	skipped []extract.Skip
}

// blankEnd returns the index just after the first blank line in b whose line break is at
// or after from: a "\n", then only spaces, tabs and CRs, then a "\n". It returns -1 when
// there is none, and in next the index from which to look again when more text comes.
func blankEnd(b []byte, from int) (end, next int) {
	i := from
	for {
		k := bytes.IndexByte(b[i:], '\n')
		if k < 0 {
			return -1, len(b)
		}
		i += k
		j := i + 1
		for j < len(b) && (b[j] == ' ' || b[j] == '\t' || b[j] == '\r') {
			j++
		}
		if j == len(b) {
			return -1, i
		}
		if b[j] == '\n' {
			return j + 1, 0
		}
		i = j
	}
}

// readChunks reads r and sends its chunks to order (for the writer) and work (for the
// workers), until the end of r, a read error or done. It closes both.
func readChunks(r io.Reader, order chan<- *extractJob, work chan<- *extractJob, done <-chan struct{}) {
	defer close(order)
	defer close(work)
	send := func(j *extractJob) bool {
		select {
		case order <- j:
		case <-done:
			return false
		}
		if j.rest != nil || j.found == nil {
			return true
		}
		select {
		case work <- j:
			return true
		case <-done:
			return false
		}
	}
	base := 0
	var buf []byte
	next := 0 // where to look for a blank line in buf
	for {
		if len(buf) >= extractChunk {
			end, nx := blankEnd(buf, max(next, extractChunk-1))
			if end >= 0 {
				j := &extractJob{data: buf[:end], base: base, found: make(chan extractResult, 1)}
				if !send(j) {
					return
				}
				rest := buf[end:]
				buf = make([]byte, len(rest), max(2*extractChunk, len(rest)+64<<10))
				copy(buf, rest)
				base += end
				next = 0
				continue
			}
			next = nx
			if len(buf) >= extractMaxChunk {
				send(&extractJob{data: buf, base: base, rest: r})
				return
			}
		}
		if cap(buf)-len(buf) < 64<<10 {
			nb := make([]byte, len(buf), 2*cap(buf)+128<<10)
			copy(nb, buf)
			buf = nb
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			j := &extractJob{data: buf, base: base, err: err}
			if len(buf) > 0 {
				j.found = make(chan extractResult, 1)
			}
			send(j)
			return
		}
	}
}

// scanParallel writes the findings of r, searching its chunks on x.jobs workers. A write
// error is returned wrapped in errWrite.
func (x *extractor) scanParallel(r io.Reader) error {
	done := make(chan struct{})
	defer close(done)
	order := make(chan *extractJob, 2*x.jobs)
	work := make(chan *extractJob, x.jobs)
	go readChunks(r, order, work, done)
	for range x.jobs {
		go func() {
			for j := range work {
				fs, skips := x.opts.Search(j.data)
				for i := range fs {
					fs[i].Start += j.base
					fs[i].End += j.base
				}
				for i := range skips {
					skips[i].Start += j.base
				}
				j.found <- extractResult{fs, skips}
			}
		}()
	}
	for j := range order {
		if err := x.ctx.Err(); err != nil {
			return err
		}
		if j.rest != nil {
			return x.scanSerial(io.MultiReader(bytes.NewReader(j.data), j.rest), j.base)
		}
		if j.found != nil {
			res := <-j.found
			// The skipped candidates and the findings, in the order of the text, as the
			// Scanner reports them.
			fs, skips := res.found, res.skipped
			for len(fs) > 0 || len(skips) > 0 {
				var err error
				if len(skips) > 0 && (len(fs) == 0 || skips[0].Start < fs[0].Start) {
					err, skips = x.skip(skips[0]), skips[1:]
				} else {
					err, fs = x.emit(fs[0]), fs[1:]
				}
				if err != nil {
					return err
				}
			}
			x.prog.add(bytes.Count(j.data, []byte{'\n'}), len(j.data))
		}
		if j.err != nil {
			return j.err
		}
	}
	return nil
}
