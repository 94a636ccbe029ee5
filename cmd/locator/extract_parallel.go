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
// extractChunk bytes, which --jobs workers scan in place with extract's Scanner (ResetBytes) and write out in the
// chosen form, with the chunk's offset added; the outputs are written in input order. The
// chunks' buffers and outputs are reused (issue 10), so memory is bounded by the chunks in
// flight. Text with no blank line within extractMaxChunk bytes is read from there to its end
// by the streaming Scanner, in constant memory. The output is the same as that of one
// streaming pass.

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

// extractJob is a chunk of the text and, once searched, its findings.
type extractJob struct {
	data  []byte
	base  int                // offset of data[0] in the text
	found chan extractResult // the findings, sent once
	rest  io.Reader          // not nil: stream data then rest serially, from base
	err   error              // a read error after data
}

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

// chunkBuffers is a bounded free list of the buffers of chunks (issue 10: a new 512 KiB
// buffer per chunk, never reused, made --jobs 2 cost five times the CPU of --jobs 1 in
// garbage collection). The writer gives a chunk's buffer back once its findings are
// written (they hold copies, never the buffer's bytes); the reader takes one for each
// chunk. It holds at most as many as can be in flight, so memory stays bounded.
type chunkBuffers chan []byte

// get returns an empty buffer of at least n bytes of capacity: a free one, or a new one.
func (c chunkBuffers) get(n int) []byte {
	select {
	case b := <-c:
		if cap(b) >= n {
			return b[:0]
		}
	default:
	}
	return make([]byte, 0, max(n, 2*extractChunk))
}

// put gives b back, or drops it when the list is full.
func (c chunkBuffers) put(b []byte) {
	if cap(b) == 0 || cap(b) > 2*extractMaxChunk {
		return // a buffer grown for a long run without a blank line is not kept
	}
	select {
	case c <- b[:0]:
	default:
	}
}

// readChunks reads r and sends its chunks to order (for the writer) and work (for the
// workers), until the end of r, a read error or done. It closes both. Each chunk's data
// is a buffer of bufs, which the writer gives back.
func readChunks(r io.Reader, order chan<- *extractJob, work chan<- *extractJob, done <-chan struct{}, bufs chunkBuffers) {
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
	buf := bufs.get(2 * extractChunk)
	next := 0 // where to look for a blank line in buf
	for {
		if len(buf) >= extractChunk {
			end, nx := blankEnd(buf, max(next, extractChunk-1))
			if end >= 0 {
				j := &extractJob{data: buf[:end], base: base, found: make(chan extractResult, 1)}
				rest := buf[end:]
				nb := bufs.get(max(2*extractChunk, len(rest)+64<<10))
				buf = append(nb, rest...)
				if !send(j) {
					return
				}
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
			nb := append(bufs.get(2*cap(buf)+128<<10), buf...)
			bufs.put(buf)
			buf = nb
		}
		// Read up to a little past extractChunk, and then on in small steps, so that the text
		// after the blank line that ends a chunk, which is copied into the next chunk's
		// buffer on this serial goroutine, stays small.
		limit := cap(buf)
		if len(buf) < extractChunk {
			limit = min(limit, extractChunk+extractReadStep)
		} else {
			limit = min(limit, len(buf)+extractReadStep)
		}
		n, err := r.Read(buf[len(buf):limit])
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

// scanParallel writes the findings of r, searching its chunks on x.jobs workers. Each
// worker scans a chunk with the streaming Scanner, as the serial path does, and writes its
// findings' lines in the chosen form into the chunk's output (with its own formatter and
// counts): the writer only copies them out, in order, so it is not what limits the
// speed-up. A write error is returned wrapped in errWrite.
func (x *extractor) scanParallel(r io.Reader) error {
	done := make(chan struct{})
	defer close(done)
	order := make(chan *extractJob, 2*x.jobs)
	work := make(chan *extractJob, x.jobs)
	bufs := make(chunkBuffers, 2*x.jobs+2) // the chunks in order, and one being read
	outs := make(chunkBuffers, 2*x.jobs+2) // their outputs
	go readChunks(r, order, work, done, bufs)
	workers := make([]*extractor, x.jobs)
	for i := range workers {
		w := &extractor{f: x.f, fw: x.f.worker(), rec: newRecord(extractFields), st: &(&paddedStats{s: *newStats(x.st.detail)}).s,
			name: x.name, file: x.file, opts: x.opts}
		workers[i] = w
		go func() {
			sc := w.opts.NewScanner(nil) // one per worker, Reset for each chunk (issue 10)
			for j := range work {
				j.found <- w.searchChunk(sc, j, outs.get(len(j.data)))
			}
		}()
	}
	// Once every chunk before it is written, every worker is done with it: their counts
	// are final.
	merge := func() {
		for _, w := range workers {
			x.st.add(w.st)
		}
	}
	for j := range order {
		if err := x.ctx.Err(); err != nil {
			return err
		}
		if j.rest != nil {
			merge()
			return x.scanSerial(io.MultiReader(bytes.NewReader(j.data), j.rest), j.base)
		}
		if j.found != nil {
			res := <-j.found
			for _, s := range res.skipped {
				if err := x.skip(s); err != nil {
					return err
				}
			}
			if res.err != nil {
				return errWrite{res.err}
			}
			if _, err := x.w.Write(res.out); err != nil {
				return errWrite{err}
			}
			if x.prog != nil { // counting the lines is work on the writing goroutine, in the way of the workers
				x.prog.add(bytes.Count(j.data, []byte{'\n'}), len(j.data))
			}
			outs.put(res.out)
			bufs.put(j.data)
		}
		if j.err != nil {
			return j.err
		}
	}
	merge()
	return nil
}

// searchChunk scans one chunk in place with sc, a worker's own (issue 10: a new Scanner per
// chunk copied the chunk into a new 131 KiB window, CPU that capped the speed-up of --jobs
// 2), and appends the lines of its findings to out, their offsets those of the whole text.
func (x *extractor) searchChunk(sc *extract.Scanner, j *extractJob, out []byte) extractResult {
	res := extractResult{out: out}
	sc.ResetBytes(j.data)
	for more := true; more; {
		more = sc.Scan()
		for _, s := range sc.Skipped() {
			s.Start += j.base
			res.skipped = append(res.skipped, s)
		}
		if !more || res.err != nil {
			continue
		}
		f := sc.Finding()
		f.Start += j.base
		f.End += j.base
		res.out, res.err = x.appendFinding(res.out, f)
	}
	return res
}
