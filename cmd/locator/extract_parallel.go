package main

import (
	"bytes"
	"io"
	"slices"
	"sync"

	"github.com/locator-url/locator/extract"
)

// The parallel path of extract (issue 5: every command that accepts "-" uses all cores). No
// finding of package extract spans a blank line: a wrapper ends at one, a bare URL ends at
// white space, and the quote markers a URL's continued lines may carry are read on the line
// the URL starts on. So the text is cut just after blank lines into chunks of at least
// extractChunk bytes, which --jobs workers scan with extract's Scanner and write out in the
// chosen form, with the chunk's offset added; the outputs are written in input order. As in
// the bulk path, each worker reads its chunk, searches it and writes it in turn (see
// ordered); the chunks' buffers and outputs are reused (issue 10), so memory is bounded by
// the chunks in flight. Text with no blank line within extractMaxChunk bytes is read from
// there to its end by the streaming Scanner, in constant memory. The output is the same as
// that of one streaming pass.

// Variables so that the tests can make several chunks of small texts.
var (
	// A chunk ends at the first blank line after extractChunk bytes: small enough that the
	// chunks in flight and their outputs mostly stay in the caches, large enough that the
	// Scanner's window, made for each chunk, is not most of what is allocated (issue 10:
	// cachegrind, 2 MB of text, --jobs 2: 157,000 last-level misses at 256 KiB, 104,000 at
	// 128 KiB, 57,000 with --jobs 1; 12 collections on 25 MB at 128 KiB, 22 at 64 KiB).
	extractChunk    = 128 << 10
	extractMaxChunk = 4 << 20 // with no blank line within this many bytes, stream the rest
)

// extractRead is the most a read of the parallel path asks for.
const extractRead = 32 << 10

// extractJob is a chunk of the text and, once searched, its findings.
type extractJob struct {
	data    []byte
	base    int            // offset of data[0] in the text
	rest    io.Reader      // not nil: stream data then rest serially, from base
	err     error          // a read error after data
	out     []byte         // the lines of the findings
	skipped []extract.Skip // the candidates skipped as longer than extract.MaxLength, in input order, with the offsets of the whole text
	outErr  error          // the error of a finding that could not be written
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

// chunkReader cuts the text into chunks, under its lock: each worker reads its own.
type chunkReader struct {
	mu    sync.Mutex
	r     io.Reader
	carry []byte // the text read after the last chunk's blank line
	base  int    // the offset of carry[0] in the text
	seq   int    // the number of the next chunk
	eof   bool   // the text is read to its end, or is streamed by one chunk
}

// read fills j with the next chunk of the text and numbers s: the text up to the first
// blank line after extractChunk bytes; with none within extractMaxChunk bytes, what was
// read and the rest of the reader, to stream (j.rest); at the end of the text, what is left
// and the read error, if any. It returns false when there is nothing more.
func (c *chunkReader) read(s *slot[extractJob], stop func() bool) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.eof || stop() {
		return false
	}
	j := &s.v
	if j.data == nil {
		j.data = make([]byte, 0, extractChunk+2*extractRead)
	}
	buf := append(j.data[:0], c.carry...)
	c.carry = c.carry[:0]
	j.base, j.rest, j.err = c.base, nil, nil
	j.out, j.skipped, j.outErr = j.out[:0], j.skipped[:0], nil
	next := 0 // where to look for a blank line in buf
	for {
		if len(buf) >= extractChunk {
			end, nx := blankEnd(buf, max(next, extractChunk-1))
			if end >= 0 {
				c.carry = append(c.carry, buf[end:]...)
				c.base += end
				j.data = buf[:end]
				break
			}
			next = nx
			if len(buf) >= extractMaxChunk {
				j.data, j.rest, c.eof = buf, c.r, true
				break
			}
		}
		if cap(buf)-len(buf) < extractRead {
			buf = slices.Grow(buf, extractRead) // a run of text without a blank line
		}
		// A read of at most extractRead bytes: what is read after the chunk's blank line
		// is copied to the next one.
		n, err := c.r.Read(buf[len(buf) : len(buf)+extractRead])
		buf = buf[:len(buf)+n]
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			j.data, j.err, c.eof = buf, err, true
			if len(buf) == 0 && err == nil {
				return false
			}
			break
		}
	}
	s.seq = c.seq
	c.seq++
	return true
}

// scanParallel writes the findings of r, searching its chunks on x.jobs workers. Each
// worker searches a chunk as the serial path does and writes its findings' lines in the
// chosen form into the chunk's output (with its own formatter and counts), then writes the
// output in its turn. A write error is returned wrapped in errWrite.
func (x *extractor) scanParallel(r io.Reader) error {
	o := newOrdered[extractJob](poolSize(x.jobs))
	c := &chunkReader{r: r}
	var werr error // under o's lock
	write := func(j *extractJob) bool {
		if werr = x.ctx.Err(); werr != nil {
			return false
		}
		if j.rest != nil {
			// Every chunk before it is written: the rest is read in one pass, under o's
			// lock; nothing follows.
			werr = x.scanSerial(io.MultiReader(bytes.NewReader(j.data), j.rest), j.base)
			return false
		}
		for _, s := range j.skipped {
			if werr = x.skip(s); werr != nil {
				return false
			}
		}
		if j.outErr != nil {
			werr = errWrite{j.outErr}
			return false
		}
		if _, err := x.w.Write(j.out); err != nil {
			werr = errWrite{err}
			return false
		}
		x.prog.add(bytes.Count(j.data, []byte{'\n'}), len(j.data))
		// A buffer grown for a long run without a blank line is not kept.
		if cap(j.data) > 2*(extractChunk+2*extractRead) {
			j.data = nil
		}
		werr = j.err
		return werr == nil
	}
	workers := make([]*extractor, x.jobs)
	var wg sync.WaitGroup
	for i := range workers {
		w := &extractor{f: x.f, fw: x.f.worker(), rec: newRecord(extractFields), st: newStats(x.st.detail),
			name: x.name, file: x.file, opts: x.opts}
		workers[i] = w
		wg.Go(func() {
			for {
				s := o.take()
				if s == nil {
					return
				}
				if !c.read(s, o.stopped.Load) {
					o.put(s)
					return
				}
				if s.v.rest == nil {
					w.searchChunk(&s.v)
				}
				o.done(s, write)
			}
		})
	}
	wg.Wait()
	for _, w := range workers {
		x.st.add(w.st)
	}
	return werr
}

// searchChunk finds the URLs of j's chunk with the streaming Scanner, as the serial path
// does, and appends the lines of its findings to j.out, their offsets those of the whole
// text. (extract.Search, which needs no copy of the chunk, returns the findings in a slice
// of pointers, which made three times as many garbage collections.)
func (x *extractor) searchChunk(j *extractJob) {
	sc := x.opts.NewScanner(bytes.NewReader(j.data))
	for more := true; more; {
		more = sc.Scan()
		for _, s := range sc.Skipped() {
			s.Start += j.base
			j.skipped = append(j.skipped, s)
		}
		if !more || j.outErr != nil {
			continue
		}
		f := sc.Finding()
		f.Start += j.base
		f.End += j.base
		j.out, j.outErr = x.appendFinding(j.out, f)
	}
}
