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
// extractChunk bytes. Each of --jobs workers reads the next chunk itself (under a lock, so
// that the chunks are read and numbered in order), scans it in place with extract's Scanner
// (ResetBytes), writes its findings in the chosen form into the chunk's output with the
// chunk's offset added, and hands it to ordered, which writes the outputs in input order:
// the same scheme as the other bulk commands' (stream.go), with no reader or writer
// goroutine. (The path before it had both, and channels between them: with two workers on
// two cores the reader and the writer ran only when a worker blocked, and at every chunk
// some core waited. On 25 MB of prose, 7 rounds interleaved on an idle machine, --jobs 2
// was 1.75 times as fast as --jobs 1; issue 10 asks for 1.8.) The chunks come from a pool
// of 2*jobs+2 and keep their buffers (issue 10), so memory is bounded by the pool. Text with
// no blank line within extractMaxChunk bytes is read from there to its end by the
// streaming Scanner on one core, in constant memory, once every chunk before it is written.
// The output is the same as that of one streaming pass.

// Variables so that the tests can make several chunks of small texts.
var (
	// A chunk ends at the first blank line after this many bytes. 64 KiB rather than 256:
	// two workers' chunks and outputs then stay in the caches (cachegrind, a 4 MiB last level,
	// extract --jobs 2 on 2 MB of prose: 70,000 last-level misses, 108,000 with 256 KiB;
	// --jobs 1 57,000), and the last chunk, which one worker scans alone, is shorter.
	extractChunk    = 64 << 10
	extractMaxChunk = 4 << 20  // with no blank line within this many bytes, stream the rest
	extractReadStep = 16 << 10 // past extractChunk, read this much at a time
)

// extractResult is what a chunk gives: the lines of its findings, the candidates skipped
// as longer than extract.MaxLength in input order, with the offsets of the whole text, and
// the error of a finding that could not be written.
type extractResult struct {
	out     []byte
	skipped []extract.Skip
	err     error
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

// searchChunk scans one chunk in place with sc, a worker's own (issue 10: a new Scanner per
// chunk copied the chunk into a new 131 KiB window, CPU that capped the speed-up of --jobs
// 2), and appends the lines of its findings to out, their offsets those of the whole text.
func (x *extractor) searchChunk(sc *extract.Scanner, data []byte, base int, out []byte, skipped []extract.Skip) extractResult {
	res := extractResult{out: out, skipped: skipped}
	sc.ResetBytes(data)
	for more := true; more; {
		more = sc.Scan()
		for _, s := range sc.Skipped() {
			s.Start += base
			res.skipped = append(res.skipped, s)
		}
		if !more || res.err != nil {
			continue
		}
		f := sc.Finding()
		f.Start += base
		f.End += base
		res.out, res.err = x.appendFinding(res.out, f)
	}
	return res
}

// chunk is a piece of the text for scanParallel: whole runs of lines ending just after a blank
// line, and what searching it gave.
type chunk struct {
	data []byte
	base int // offset of data[0] in the text
	res  extractResult
	rest bool // data is the start of a run with no blank line: stream it and the rest serially
}

// extractShared is the state scanParallel's workers share: the reading of the text in chunks
// (under rmu, so that they are read and numbered in order) and their writing in order.
type extractShared struct {
	x *extractor
	r io.Reader
	o *ordered[chunk]

	rmu   sync.Mutex
	carry []byte // the text read after the blank line that ended the last chunk
	base  int    // offset of the next chunk
	seq   int
	eof   bool
	err   error // a read error, after the chunks before it

	rest *chunk // the chunk from which the text is streamed serially (under o.mu)
	werr error  // a write error, wrapped in errWrite (under o.mu)
}

// scanParallel writes the findings of r, searching its chunks on x.jobs workers (see the
// top of this file). A write error is returned wrapped in errWrite.
func (x *extractor) scanParallel(r io.Reader) error {
	p := &extractShared{x: x, r: r, o: newOrdered[chunk](2*x.jobs + 2)}
	workers := make([]*extractor, x.jobs)
	var wg sync.WaitGroup
	for i := range workers {
		w := &extractor{f: x.f, fw: x.f.worker(), rec: newRecord(extractFields), st: &(&paddedStats{s: *newStats(x.st.detail)}).s,
			name: x.name, file: x.file, opts: x.opts}
		workers[i] = w
		wg.Go(func() { p.work(w) })
	}
	wg.Wait()
	for _, w := range workers {
		x.st.add(w.st)
	}
	if p.werr != nil {
		return p.werr
	}
	if err := x.ctx.Err(); err != nil {
		return err
	}
	if p.rest != nil {
		return x.scanSerial(io.MultiReader(bytes.NewReader(p.rest.data), r), p.rest.base)
	}
	return p.err
}

// work is one worker: it takes a slot, reads the next chunk into it, searches it with w,
// and hands it to be written in order, until the text ends or writing stops (ordered.run).
func (p *extractShared) work(w *extractor) {
	sc := w.opts.NewScanner(nil)
	p.o.run(p.read, func(c *chunk) {
		if c.rest {
			return // streamed serially by scanParallel, after the workers
		}
		if cap(c.res.out) < len(c.data) {
			c.res.out = make([]byte, 0, len(c.data))
		}
		c.res = w.searchChunk(sc, c.data, c.base, c.res.out[:0], c.res.skipped[:0])
	}, p.write)
}

// write writes the findings of c in order; it returns false to stop.
func (p *extractShared) write(c *chunk) bool {
	x := p.x
	if c.rest {
		p.rest = c
		return false
	}
	if err := x.ctx.Err(); err != nil {
		return false
	}
	for _, s := range c.res.skipped {
		if err := x.skip(s); err != nil {
			p.werr = err
			return false
		}
	}
	if c.res.err != nil {
		p.werr = errWrite{c.res.err}
		return false
	}
	if _, err := x.w.Write(c.res.out); err != nil {
		p.werr = errWrite{err}
		return false
	}
	if x.prog != nil {
		x.prog.add(bytes.Count(c.data, []byte{'\n'}), len(c.data))
	}
	if cap(c.data) > 2*extractMaxChunk {
		c.data = nil
	}
	if cap(c.res.out) > 2*extractMaxChunk {
		c.res.out = nil
	}
	return true
}

// read fills c with the next chunk of the text and numbers s. It returns false at the end
// of the text or after a read error (p.err), or once the context is done.
func (p *extractShared) read(s *slot[chunk]) bool {
	p.rmu.Lock()
	defer p.rmu.Unlock()
	if p.eof || p.o.stopped.Load() {
		return false
	}
	c := &s.v
	if c.data == nil {
		c.data = make([]byte, 0, 2*extractChunk)
	}
	buf := append(c.data[:0], p.carry...)
	p.carry = p.carry[:0]
	next := 0
	for {
		if len(buf) >= extractChunk {
			end, nx := blankEnd(buf, max(next, extractChunk-1))
			if end >= 0 {
				p.carry = append(p.carry, buf[end:]...)
				c.data, c.base, c.rest = buf[:end], p.base, false
				p.base += end
				break
			}
			next = nx
			if len(buf) >= extractMaxChunk {
				c.data, c.base, c.rest = buf, p.base, true
				p.eof = true
				break
			}
		}
		if cap(buf)-len(buf) < extractReadStep {
			buf = slices.Grow(buf, len(buf)+extractReadStep) // a run longer than a chunk: double
		}
		// Read up to a little past extractChunk, then on in small steps, so that the text
		// after the blank line that ends the chunk, copied into carry under the lock, stays
		// small.
		limit := cap(buf)
		if len(buf) < extractChunk {
			limit = min(limit, extractChunk+extractReadStep)
		} else {
			limit = min(limit, len(buf)+extractReadStep)
		}
		n, err := p.r.Read(buf[len(buf):limit])
		buf = buf[:len(buf)+n]
		if err != nil {
			if err != io.EOF {
				p.err = err
			}
			p.eof = true
			c.data, c.base, c.rest = buf, p.base, false
			p.base += len(buf)
			break
		}
	}
	if len(c.data) == 0 && !c.rest {
		return false
	}
	c.res = extractResult{out: c.res.out, skipped: c.res.skipped}
	s.seq = p.seq
	p.seq++
	return true
}
