//go:build unix

package main

import (
	"syscall"
	"time"
)

// cpuTime returns the user and system CPU time of the process so far (getrusage), or 0
// when it cannot be read.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
