package main

import (
	"sync"
	"sync/atomic"
)

// ordered is the pool and the writing in input order of the bulk path's workers, and of
// extract's (extract_parallel.go). Each worker takes a slot, reads the next piece of
// the input into it and numbers it (under a lock of its own, so that the pieces are read in
// order), processes it, and hands it to done, which writes it when every piece before it
// is written, with those after it that wait, done, in pending. There is no reader nor
// writer goroutine: with as many workers as cores, another goroutine would run only when a
// worker blocks or is preempted, and the workers would stall waiting for it (issue 10:
// --jobs 2 was 1.6 to 1.9 times as fast as --jobs 1, and took up to 1.19 times its CPU).
//
// At most size slots exist: one per worker being processed, and the others done and
// waiting for a slower worker, or free. A worker that finds none free waits; the slot
// numbered next is then being processed (it was read before those pending), and writing it
// frees slots. Free slots are reused last in, first out, so that the same few stay in the
// caches while the workers keep up with each other.
type ordered[T any] struct {
	mu      sync.Mutex
	cond    sync.Cond // on mu: a slot is free, next moved, or writing stopped
	next    int       // the number of the next slot to write
	pending []*slot[T]
	free    []*slot[T]
	made    int
	size    int
	stopped atomic.Bool // a write said stop: take returns nil, done writes nothing
}

// slot is a piece of the input and what it gives, numbered in input order.
type slot[T any] struct {
	seq int
	v   T
}

func newOrdered[T any](size int) *ordered[T] {
	o := &ordered[T]{size: size}
	o.cond.L = &o.mu
	return o
}

// take returns a free slot, a new one (the zero T) while fewer than size exist, or waits
// for one. It returns nil once writing stopped.
func (o *ordered[T]) take() *slot[T] {
	o.mu.Lock()
	defer o.mu.Unlock()
	for {
		if o.stopped.Load() {
			return nil
		}
		if n := len(o.free); n > 0 {
			s := o.free[n-1]
			o.free = o.free[:n-1]
			return s
		}
		if o.made < o.size {
			// Slots are made as needed, so a short input stays cheap.
			o.made++
			return new(slot[T])
		}
		o.cond.Wait()
	}
}

// run is one worker's loop: it takes a slot, has read fill it with the next piece of the
// input and number it (read returns false at the end of the input, or to stop), has process
// work on what it holds, and hands it to done to be written in order with write, until the
// input ends or writing stops.
func (o *ordered[T]) run(read func(*slot[T]) bool, process func(*T), write func(*T) bool) {
	for {
		s := o.take()
		if s == nil {
			return
		}
		if !read(s) {
			o.put(s)
			return
		}
		process(&s.v)
		o.done(s, write)
	}
}

// put gives back a slot that holds nothing to write (its piece was not read).
func (o *ordered[T]) put(s *slot[T]) {
	o.mu.Lock()
	o.free = append(o.free, s)
	o.mu.Unlock()
	o.cond.Broadcast()
}

// done takes s, processed. If every slot numbered before it is written, it calls write on
// s and then on those pending that follow it, in order, under the lock; otherwise s waits
// in pending. write returns false to stop writing: nothing more is written and take returns
// nil. Slots written, or dropped after a stop, are free again.
func (o *ordered[T]) done(s *slot[T], write func(*T) bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	defer o.cond.Broadcast()
	if s.seq != o.next {
		o.pending = append(o.pending, s)
		return
	}
	for s != nil {
		if !o.stopped.Load() && !write(&s.v) {
			o.stopped.Store(true)
		}
		o.free = append(o.free, s)
		o.next++
		s = nil
		for i, q := range o.pending {
			if q.seq == o.next {
				s = q
				o.pending = append(o.pending[:i], o.pending[i+1:]...)
				break
			}
		}
	}
}
