//go:build !linux

package locator_test

import "time"

var cpuStart = time.Now()

// threadCPU falls back to the wall clock where the thread's CPU time is not at hand.
func threadCPU() time.Duration { return time.Since(cpuStart) }

// lockThread does nothing here.
func lockThread() func() { return func() {} }
