// Package cputime reads the CPU time a benchmark or test spent, for measurements on a
// shared machine, where the wall clock counts the neighbours too: the process's (user and
// system time of all its threads, getrusage) and the calling thread's (CLOCK_THREAD_CPUTIME_ID
// on Linux). Only the module's tests and benchmarks use it.
package cputime

import "time"

// Process returns the user and system CPU time the process has used so far, or 0 where it
// cannot be read (systems without getrusage).
func Process() time.Duration { return process() }

// Thread returns the CPU time of the calling thread: time it ran, not time it waited for a
// CPU. Lock the goroutine to its thread first (LockThread). Where a thread's CPU time is not at
// hand (systems other than Linux), it falls back to the wall clock since the program started.
func Thread() time.Duration { return thread() }

// LockThread locks the calling goroutine to its thread, for Thread, and returns the function
// that unlocks it.
func LockThread() func() { return lockThread() }
