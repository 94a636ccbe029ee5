//go:build unix

package extract

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used. On a shared machine the wall clock
// measures the neighbours too; cpu-MB/s (bytes per CPU second, all threads, GC included) is
// the figure to compare.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
