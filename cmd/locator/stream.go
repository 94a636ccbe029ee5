package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/locator-url/locator/internal/display"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// The bulk path: every command given "-" reads one line at a time from standard input and
// writes one result per line, in input order, in constant memory and on all cores.
//
// With --jobs 1 a line is read, processed and written inline. With N > 1 jobs, N workers
// each read a batch of whole lines of about batchBytes (some 500 URLs of the benchmark
// files) in turn, cut it into lines, process them, and write the output in the order the
// batches were read (see ordered). The batches come from a pool of 4N+2, so a slow writer
// or a slow batch stops the reading: memory is bounded by the pool, whatever the size of the
// input (a line longer than batchBytes makes its batch that long, and no longer).

const (
	// A batch is closed at the first line break after batchBytes. Small batches keep what
	// the workers write in the caches: with 128 KiB, the batches in flight and their
	// outputs (up to 7 times the input with --json) went through more than a core's 2 MiB
	// L2, and --jobs 2 took more CPU than --jobs 1 (issue 10; cachegrind with a 4 MiB
	// last level: 257,000 misses at 128 KiB, 170,000 at 32 KiB, 133,000 with --jobs 1,
	// check --json on 5 MB).
	batchBytes        = 32 << 10
	readSize          = 16 << 10 // the least space a read is given
	parallelWriteSize = 32 << 10 // the write buffer of the parallel path
	bulkGCPercent     = 400      // the bulk path's GOGC, unless set in the environment
)

// bulkOptions are the flags of the bulk path.
type bulkOptions struct {
	jobs     int
	progress bool
	stats    bool
}

// addBulkFlags adds --jobs, --progress and --stats to a command that accepts "-".
func addBulkFlags(cmd *cobra.Command, b *bulkOptions) {
	b.jobs = defaultJobs()
	cmd.Flags().Var((*jobsValue)(&b.jobs), "jobs", "with -: process lines on `N` cores, 1 to 256 (1: no goroutines)")
	cmd.Flags().BoolVar(&b.progress, "progress", false, "with -: show lines/s, bytes and elapsed time on standard error when it is a terminal")
	cmd.Flags().BoolVar(&b.stats, "stats", false, "with -: write counts of valid, invalid, schemes and error codes to standard error at the end")
}

// maxJobs is the largest --jobs. Each job is a goroutine with buffers of its own, all
// started at once whatever the input, so --jobs 1000000 took 908 MB and 3.45 s for one line.
// The work is CPU-bound (parse, check, extract) or bounded by the servers (get): more jobs
// than cores gain nothing, and 256 is more than the cores of common machines (128 cores
// with two threads each) and than the connections a client should open at once, while 256
// workers cost a few megabytes.
const maxJobs = 256

// defaultJobs is the default of --jobs: all cores, at most maxJobs.
func defaultJobs() int { return min(runtime.NumCPU(), maxJobs) }

// jobsValue is the value of --jobs: a whole number from 1 to maxJobs. It is the value of every
// command's --jobs (the bulk commands, extract, get), so a bad one is a usage error (exit 2)
// everywhere.
type jobsValue int

func (j *jobsValue) String() string { return strconv.Itoa(int(*j)) }
func (j *jobsValue) Type() string   { return "N" }

// Set reads N; the error is the whole message cobra shows after the flag's name.
func (j *jobsValue) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > maxJobs {
		return fmt.Errorf("want a whole number of jobs, 1 to %d", maxJobs)
	}
	*j = jobsValue(n)
	return nil
}

// bulkHelp is the part of a command's help about the bulk flags.
const bulkHelp = `With "-", the lines are processed on --jobs cores (default: all; 1 to 256) and the results
are written in input order, in constant memory. --progress shows lines/s, bytes read
and elapsed time on standard error when it is a terminal (nothing otherwise).
--stats writes a summary at the end on standard error: the number of lines, of
valid and invalid results, and counts per scheme and per error code. An interrupt
(Ctrl-C) stops at once, also while waiting for input, with exit status 1.`

// stats are the counts of --stats. Each worker has its own; they are merged at the end.
// The maps count through pointers: an assignment to an existing key would store the new key
// string (Go replaces a string key on assignment), and a line's scheme points into the input
// buffer, which the next lines overwrite.
type stats struct {
	lines, valid, invalid int
	detail                bool // count schemes and codes (--stats)
	schemes               map[string]*int
	codes                 map[string]*int
}

func newStats(detail bool) *stats {
	return &stats{detail: detail, schemes: map[string]*int{}, codes: map[string]*int{}}
}

// result counts one line: valid or not, its scheme ("" when it has none; counted in lower
// case) and its error code ("" for none). The strings may point into the input buffer: a
// new key is copied.
func (s *stats) result(valid bool, scheme, code string) {
	s.lines++
	if valid {
		s.valid++
	} else {
		s.invalid++
	}
	if !s.detail {
		return
	}
	if scheme == "" {
		scheme = "(none)"
	}
	n := s.schemes[scheme]
	if n == nil {
		scheme = strings.ToLower(scheme) // ToLower copies or returns scheme
		n = count(s.schemes, scheme)
	}
	*n++
	if code != "" {
		n := s.codes[code]
		if n == nil {
			n = count(s.codes, code)
		}
		*n++
	}
}

// count returns the counter of key in m, adding one (with a copy of key) when there is none.
func count(m map[string]*int, key string) *int {
	n := m[key]
	if n == nil {
		n = new(int)
		m[strings.Clone(key)] = n
	}
	return n
}

// add adds the counts of o to s.
func (s *stats) add(o *stats) {
	s.lines += o.lines
	s.valid += o.valid
	s.invalid += o.invalid
	for k, v := range o.schemes {
		*count(s.schemes, k) += *v
	}
	for k, v := range o.codes {
		*count(s.codes, k) += *v
	}
}

// write writes the summary of --stats: tab-separated lines, the counts per scheme and per
// code from the largest, ties by name.
func (s *stats) write(w io.Writer) error { return s.writeAs(w, "lines", nil) }

// writeAs is write with unit naming the first count (what was counted: "lines", or extract's
// "urls") and extra lines after "invalid" (extract's "skipped").
func (s *stats) writeAs(w io.Writer, unit string, extra []byte) error {
	b := fmt.Appendf(nil, "%s\t%d\nvalid\t%d\ninvalid\t%d\n", unit, s.lines, s.valid, s.invalid)
	b = append(b, extra...)
	for _, group := range []struct {
		name string
		m    map[string]*int
	}{{"scheme", s.schemes}, {"error", s.codes}} {
		keys := make([]string, 0, len(group.m))
		for k := range group.m {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			a, b := *group.m[keys[i]], *group.m[keys[j]]
			return a > b || a == b && keys[i] < keys[j]
		})
		for _, k := range keys {
			b = fmt.Appendf(b, "%s\t%s\t%d\n", group.name, display.String(k), *group.m[k])
		}
	}
	_, err := w.Write(b)
	return err
}

// lineFunc appends the result of one input line, with its "\n", to dst and counts it in st.
// line is valid only during the call: what outlives it must be copied.
type lineFunc func(dst []byte, line string, st *stats) []byte

// batch is a run of whole input lines and their output.
type batch struct {
	data  []byte // whole lines of the input, as read
	lines int    // the number of lines in data
	out   []byte
}

// streamLines runs the bulk path: each line of in is given to a lineFunc made by newFunc
// (one per worker, so it may keep scratch space), and the outputs are written to out in
// input order. It returns the merged counts. It stops at the end of the input, on an
// error, or when ctx is done.
func streamLines(ctx context.Context, in io.Reader, out io.Writer, errw io.Writer, opt bulkOptions, newFunc func() lineFunc) (*stats, error) {
	if os.Getenv("GOGC") == "" {
		// The bulk path keeps little alive (the batches in flight; with --jobs 1 a line
		// and the buffers), so that at the runtime's default, GOGC=100, a collection ran
		// every 4 MB allocated: 117 of them for plan on 25 MB of URLs. With --jobs 2 each
		// one costs more (no core is idle for its marking, and the workers pay the write
		// barriers while it lasts), and --jobs 2 took up to 1.19 times the CPU of --jobs 1
		// (issue 10). At 400 the heap may grow to 5 times what is alive, still a bounded
		// few tens of MB whatever the input. GOGC in the environment is left as it is.
		defer debug.SetGCPercent(debug.SetGCPercent(bulkGCPercent))
	}
	wsize := 256 << 10
	if opt.jobs > 1 {
		// The batches' outputs are written as they are when they do not fit (a copy
		// through a large buffer kept more memory going through the caches).
		wsize = parallelWriteSize
	}
	w := bufio.NewWriterSize(out, wsize)
	in = interruptible(ctx, in)
	prog := newProgress(errw, opt.progress)
	var st *stats
	var err error
	if opt.jobs <= 1 {
		st, err = streamInline(ctx, in, w, prog, opt.stats, newFunc())
	} else {
		st, err = streamParallel(ctx, in, w, prog, opt.jobs, opt.stats, newFunc)
	}
	if ferr := w.Flush(); err == nil && ferr != nil {
		err = ferr
	}
	prog.finish()
	if err == nil && opt.stats {
		err = st.write(errw)
	}
	return st, err
}

func streamInline(ctx context.Context, in io.Reader, w *bufio.Writer, prog *progress, detail bool, f lineFunc) (*stats, error) {
	st := newStats(detail)
	lr := newLineReader(in)
	var dst []byte
	for n := 0; ; n++ {
		if n&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return st, err
			}
		}
		line, ok := lr.next()
		if !ok {
			break
		}
		dst = f(dst[:0], bytesString(line), st)
		if _, err := w.Write(dst); err != nil {
			return st, err
		}
		prog.add(1, len(line)+1)
	}
	if err := lr.Err(); err != nil {
		return st, readError(ctx, err)
	}
	return st, nil
}

// readError is the error of the bulk path for err, which stopped the reading of standard
// input: the context's own error for an interrupt (as extract says it), or err named.
func readError(ctx context.Context, err error) error {
	if cerr := ctx.Err(); cerr != nil && errors.Is(err, cerr) {
		return cerr
	}
	return errors.New("reading standard input: " + err.Error())
}

// interruptible returns in, whose reads fail with the context's error once ctx is done.
// A read that waits for input (a pipe, a terminal: "locator parse -" typed at the keyboard)
// is made on a goroutine of its own, which the read gives up on when ctx is done: without
// it an interrupt (SIGINT) waited for the next line or the end of the input, and the
// command then went on to the end and exited 0 (README, "Exit status": 1 when "the command
// was interrupted"). A regular file never waits: its reads are made as they are.
func interruptible(ctx context.Context, in io.Reader) io.Reader {
	if ctx.Done() == nil {
		return in // a context that is never done
	}
	if f, ok := in.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			return ctxReader{ctx, in}
		}
	}
	return &waitReader{ctx: ctx, r: in, done: make(chan readResult, 1)}
}

// ctxReader fails every read once ctx is done, so that a scan stops on an interrupt
// between two reads.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// waitReader reads r on a goroutine, into a buffer of its own, and stops waiting for the
// read when ctx is done; the read given up on goes on (a read cannot be cancelled), and
// every later Read fails with the context's error.
type waitReader struct {
	ctx     context.Context
	r       io.Reader
	buf     []byte
	done    chan readResult
	waiting bool // a read of buf is under way
}

type readResult struct {
	n   int
	err error
}

func (w *waitReader) Read(p []byte) (int, error) {
	if err := w.ctx.Err(); err != nil {
		return 0, err
	}
	if len(p) == 0 {
		return 0, nil
	}
	if !w.waiting {
		if cap(w.buf) < len(p) {
			w.buf = make([]byte, len(p))
		}
		buf := w.buf[:len(p)]
		w.waiting = true
		go func() {
			n, err := w.r.Read(buf)
			w.done <- readResult{n, err}
		}()
	}
	select {
	case res := <-w.done:
		w.waiting = false
		return copy(p, w.buf[:res.n]), res.err
	case <-w.ctx.Done():
		return 0, w.ctx.Err() // waiting stays true: buf is the goroutine's
	}
}

// parallel is the state the workers of streamParallel share: the reading of the input in
// batches (under rmu) and their writing in order (see ordered).
type parallel struct {
	ctx  context.Context
	in   io.Reader
	w    *bufio.Writer
	prog *progress
	o    *ordered[batch]

	rmu     sync.Mutex
	carry   []byte // the start of a line, after the last "\n" of the previous batch
	seq     int    // the number of the next batch read
	eof     bool   // the input is read to its end, or reading stopped
	readErr error

	werr error // under o.mu
}

// poolSize is the number of batches that may exist at once for jobs workers:
// one being processed by each worker, the others done and waiting for a slower one, or free.
// Memory is bounded by poolSize batches (a line longer than batchBytes makes its batch that
// long, and no longer).
func poolSize(jobs int) int { return 4*jobs + 2 }

func streamParallel(ctx context.Context, in io.Reader, w *bufio.Writer, prog *progress, jobs int, detail bool, newFunc func() lineFunc) (*stats, error) {
	p := &parallel{ctx: ctx, in: in, w: w, prog: prog, o: newOrdered[batch](poolSize(jobs))}
	all := make([]*stats, jobs)
	var wg sync.WaitGroup
	for i := range jobs {
		st := &(&paddedStats{s: *newStats(detail)}).s
		all[i] = st
		f := newFunc()
		wg.Go(func() { p.work(f, st) })
	}
	wg.Wait()
	total := newStats(detail)
	for _, st := range all {
		total.add(st)
	}
	if p.werr != nil {
		return total, p.werr
	}
	return total, p.readErr
}

// paddedStats keeps a worker's counts, written at every line, off the cache lines of the
// other workers' (false sharing: two 48-byte stats made one after the other share a
// line, which went from core to core at every line).
type paddedStats struct {
	_ [cacheLine]byte
	s stats
	_ [cacheLine]byte
}

// cacheLine is the size of a cache line, with room for the line the CPU fetches with it.
const cacheLine = 128

// workerStrings returns n strings for a worker's per-line values, followed by unused room
// (a cache line), so that the values, written at every line, share no cache line with
// another worker's (see paddedStats).
func workerStrings(n int) []string {
	return make([]string, n, n+cacheLine/16)
}

// work is one worker: it takes a batch, reads it, cuts it into lines as lineReader does (a
// line ends at "\n", one "\r" before it or before the end of the input is removed, a last
// line without "\n" counts), appends their outputs, and hands the batch to be written.
func (p *parallel) work(f lineFunc, st *stats) {
	grow := 2 // the output of a batch is at most grow times its input, so far
	p.o.run(p.read, func(b *batch) {
		data := b.data
		if cap(b.out) < grow*len(data) {
			// A new batch gets the room this worker's outputs have needed (one to ten
			// times the input): it does not grow by copies, and a reused one has that
			// room already.
			b.out = make([]byte, 0, grow*len(data))
		}
		// The output and the count are kept in locals, not in the batch, while the lines
		// are processed (the batch is shared memory).
		out, lines := b.out, 0
		for len(data) > 0 {
			line := data
			if i := bytes.IndexByte(data, '\n'); i >= 0 {
				line, data = data[:i], data[i+1:]
			} else {
				data = nil
			}
			if n := len(line); n > 0 && line[n-1] == '\r' {
				line = line[:n-1]
			}
			out = f(out, bytesString(line), st)
			lines++
		}
		b.out, b.lines = out, lines
		grow = max(grow, len(b.out)/len(b.data)+1)
	}, p.write)
}

// write writes the output of b, in order. After a write error it returns false: the
// workers stop.
func (p *parallel) write(b *batch) bool {
	if _, err := p.w.Write(b.out); err != nil {
		p.werr = err
		return false
	}
	p.prog.add(b.lines, len(b.data))
	// A batch grown for a long line is not kept: the pool's memory stays that of
	// batchBytes per batch, whatever lines went before.
	if cap(b.data) > 4*(batchBytes+readSize) {
		b.data = nil
	}
	if cap(b.out) > 32*(batchBytes+readSize) {
		b.out = nil
	}
	return true
}

// read fills s with the next whole lines of the input, about batchBytes of them, and numbers
// it. It returns false at the end of the input, on a read error (readErr), when the context
// is done, or after a write error.
func (p *parallel) read(s *slot[batch]) bool {
	p.rmu.Lock()
	defer p.rmu.Unlock()
	if p.eof || p.o.stopped.Load() {
		return false
	}
	if err := p.ctx.Err(); err != nil {
		p.readErr, p.eof = err, true
		return false
	}
	b := &s.v
	if b.data == nil {
		// A batch gets its full size at once rather than growing to it by copies (issue
		// 10: the parallel path allocated 2 to 5 times what --jobs 1 did).
		b.data = make([]byte, 0, batchBytes+readSize)
	}
	b.data = append(b.data[:0], p.carry...)
	b.out, b.lines = b.out[:0], 0
	p.carry = p.carry[:0]
	hasNL := false // the carried start of a line has no "\n"
	for !hasNL || len(b.data) < batchBytes {
		if cap(b.data)-len(b.data) < readSize {
			b.data = slices.Grow(b.data, readSize) // a line longer than a batch
		}
		n, err := p.in.Read(b.data[len(b.data):cap(b.data)])
		if n > 0 && !hasNL {
			hasNL = bytes.IndexByte(b.data[len(b.data):len(b.data)+n], '\n') >= 0
		}
		b.data = b.data[:len(b.data)+n]
		if err != nil {
			if err != io.EOF {
				p.readErr = readError(p.ctx, err)
				// The line the error cut is not a line of the input: no result is
				// written for its start (as lineReader does).
				b.data = b.data[:bytes.LastIndexByte(b.data, '\n')+1]
			}
			p.eof = true
			break
		}
	}
	if !p.eof {
		i := bytes.LastIndexByte(b.data, '\n')
		p.carry = append(p.carry, b.data[i+1:]...)
		b.data = b.data[:i+1]
	}
	if len(b.data) == 0 {
		return false
	}
	s.seq = p.seq
	p.seq++
	return true
}

// bytesString returns b as a string without copying. The string is valid as long as b's
// bytes are not changed: during one lineFunc call.
func bytesString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// stringBytes returns the bytes of s without copying, for functions that only read them
// (base64's encoders). They must not be changed.
func stringBytes(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// progress is the display of --progress: a progressbar/v3 spinner counting lines, with
// lines/s, the bytes read and the elapsed time. It is nil, and does nothing, unless
// --progress was given and standard error is a terminal.
type progress struct {
	bar   *progressbar.ProgressBar
	bytes int64
	last  time.Time
}

// isTerminal reports whether w is a terminal (golang.org/x/term).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func newProgress(errw io.Writer, want bool) *progress {
	if !want || !isTerminal(errw) {
		return nil
	}
	return newProgressBar(errw)
}

// newProgressBar returns the display of --progress on w.
func newProgressBar(w io.Writer) *progress {
	bar := progressbar.NewOptions64(-1,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("reading"),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("lines"),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSpinnerType(14),
		progressbar.OptionClearOnFinish(),
	)
	return &progress{bar: bar}
}

// add counts lines and bytes read.
func (p *progress) add(lines, bytes int) {
	if p == nil {
		return
	}
	p.bytes += int64(bytes)
	if now := time.Now(); now.Sub(p.last) > 100*time.Millisecond {
		p.last = now
		p.bar.Describe(humanBytes(p.bytes) + " read")
	}
	_ = p.bar.Add(lines)
}

func (p *progress) finish() {
	if p == nil {
		return
	}
	_ = p.bar.Finish()
}

// humanBytes writes n bytes in KiB, MiB or GiB.
func humanBytes(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	case n < 1<<30:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.2f GiB", float64(n)/(1<<30))
}

// runBulk runs the bulk path of a command and turns its outcome into the command's error:
// an I/O error, or errInvalid when some line was invalid.
func runBulk(cmd *cobra.Command, opt bulkOptions, header []byte, newFunc func() lineFunc) error {
	out := cmd.OutOrStdout()
	if len(header) > 0 {
		if _, err := out.Write(header); err != nil {
			return ioError(err)
		}
	}
	st, err := streamLines(cmd.Context(), cmd.InOrStdin(), out, cmd.ErrOrStderr(), opt, newFunc)
	if err != nil {
		return ioError(err)
	}
	if st.invalid > 0 {
		return errInvalid
	}
	return nil
}
